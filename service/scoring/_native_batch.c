/* A batch body read straight from its JSON without the GIL (parse_batch, parsed_span, score_parsed_run).
 * Part of the C hot path: included by _native.c (one translation unit, every function static). */

/* ---- a batch body read straight from its JSON (parse_batch, score_parsed_run) ------------------ */

/* What a reader of the body says: J_OK (the hand is read into its Req), J_DECLINE (the value is read to its
 * end, and the Python path decides the hand: not a request this file takes, or not one at all), J_ABORT
 * (the body is not JSON of the subset this file reads: parse_batch declines the whole body). The subset is
 * RFC 8259 JSON whose strings are printable ASCII without escapes, nested at most JS_DEPTH deep: within it,
 * this file reads a value exactly as msgspec decodes it, so what it takes is what the strict decoder would
 * give; anything outside it (an escape, a byte outside printable ASCII, malformed JSON) is the decoders'. */
enum { J_ABORT = -1, J_DECLINE = 0, J_OK = 1 };
#define JS_DEPTH 16

typedef struct {
    const char *p, *end;
} Js;

/* A scalar or skipped value (js_value): its type and, for a string, its bytes; for a number, whether it is
 * a plain non-negative integer of at most 9 digits (no sign, fraction or exponent) and its value. */
enum { JT_STR, JT_TRUE, JT_FALSE, JT_NULL, JT_INT, JT_NUM, JT_OTHER };
typedef struct {
    int type;
    const char *s;
    Py_ssize_t n;
    long value;
} Tok;

static inline void js_ws(Js *j) {
    while (j->p < j->end && (*j->p == ' ' || *j->p == '\n' || *j->p == '\r' || *j->p == '\t')) j->p++;
}

/* The byte at j->p is c (after white space): consumed, 1; else 0. */
static inline int js_take(Js *j, char c) {
    js_ws(j);
    if (j->p < j->end && *j->p == c) {
        j->p++;
        return 1;
    }
    return 0;
}

/* The bytes a string of the subset holds: printable ASCII but the quote and the backslash (set at init). */
static uint8_t js_plain[256];

/* A string of the subset at j->p (its opening quote): its content in *s, *n; 0 outside the subset. */
static int js_str(Js *j, const char **s, Py_ssize_t *n) {
    if (j->p >= j->end || *j->p != '"') return 0;
    const char *start = ++j->p, *p = start, *end = j->end;
    while (p < end && js_plain[(unsigned char)*p]) p++;
    if (p >= end || *p != '"') return 0;
    *s = start;
    *n = p - start;
    j->p = p + 1;
    return 1;
}

static inline int is_digit(const Js *j) { return j->p < j->end && *j->p >= '0' && *j->p <= '9'; }

/* A JSON number at j->p into *t (JT_INT or JT_NUM); 0 when it is not one (RFC 8259 section 6). */
static int js_num(Js *j, Tok *t) {
    int plain = 1, digits = 0;
    long v = 0;
    if (j->p < j->end && *j->p == '-') {
        plain = 0;
        j->p++;
    }
    if (!is_digit(j)) return 0;
    if (*j->p == '0') {
        j->p++;
        digits = 1;
    } else {
        for (; is_digit(j); j->p++, digits++)
            if (digits < 9) v = v * 10 + (*j->p - '0');
    }
    if (j->p < j->end && *j->p == '.') {
        plain = 0;
        j->p++;
        if (!is_digit(j)) return 0;
        while (is_digit(j)) j->p++;
    }
    if (j->p < j->end && (*j->p == 'e' || *j->p == 'E')) {
        plain = 0;
        j->p++;
        if (j->p < j->end && (*j->p == '+' || *j->p == '-')) j->p++;
        if (!is_digit(j)) return 0;
        while (is_digit(j)) j->p++;
    }
    t->type = plain && digits <= 9 ? JT_INT : JT_NUM;
    t->value = v;
    return 1;
}

static inline int js_word(Js *j, const char *w, Py_ssize_t n) {
    if (j->end - j->p < n || memcmp(j->p, w, (size_t)n) != 0) return 0;
    j->p += n;
    return 1;
}

/* Any value of the subset at j->p (white space skipped first) into *t, an array or object read to its end
 * (JT_OTHER); 0 outside the subset. */
static int js_value(Js *j, Tok *t, int depth) {
    js_ws(j);
    if (j->p >= j->end) return 0;
    switch (*j->p) {
    case '"':
        t->type = JT_STR;
        return js_str(j, &t->s, &t->n);
    case 't':
        t->type = JT_TRUE;
        return js_word(j, "true", 4);
    case 'f':
        t->type = JT_FALSE;
        return js_word(j, "false", 5);
    case 'n':
        t->type = JT_NULL;
        return js_word(j, "null", 4);
    case '[':
    case '{': {
        char close = *j->p == '[' ? ']' : '}';
        int object = close == '}';
        if (depth >= JS_DEPTH) return 0;
        j->p++;
        t->type = JT_OTHER;
        if (js_take(j, close)) return 1;
        Tok inner;
        do {
            if (object) {
                const char *s;
                Py_ssize_t n;
                js_ws(j);
                if (!js_str(j, &s, &n) || !js_take(j, ':')) return 0;
            }
            if (!js_value(j, &inner, depth + 1)) return 0;
        } while (js_take(j, ','));
        t->type = JT_OTHER;
        return js_take(j, close);
    }
    default:
        return js_num(j, t);
    }
}

/* A meld object at j->p into *m (reds counted into reds); J_OK, J_DECLINE or J_ABORT. */
static int js_meld(Js *j, MeldIn *m, int *reds, int *repeated, int depth) {
    Tok t;
    js_ws(j);
    if (j->p >= j->end || *j->p != '{') return js_value(j, &t, depth) ? J_DECLINE : J_ABORT;
    j->p++;
    int ok = 1, seen = 0;
    const char *type_s = NULL, *tiles_s = NULL;
    Py_ssize_t type_n = 0, tiles_n = 0;
    m->closed = 0;
    if (!js_take(j, '}')) {
        do {
            const char *k;
            Py_ssize_t kn;
            js_ws(j);
            if (!js_str(j, &k, &kn) || !js_take(j, ':') || !js_value(j, &t, depth + 1)) return J_ABORT;
            int f = -1;
            for (int i = 0; i < N_MELD; i++)
                if (MELD_FIELD_LEN[i] == kn && memcmp(MELD_FIELDS[i], k, (size_t)kn) == 0) f = i;
            if (f < 0 || seen >> f & 1) { /* unknown or repeated: the decoder's to refuse or settle */
                if (f >= 0) *repeated = 1;
                ok = 0;
                continue;
            }
            seen |= 1 << f;
            if (f == M_TYPE && t.type == JT_STR) type_s = t.s, type_n = t.n;
            else if (f == M_TILES && t.type == JT_STR) tiles_s = t.s, tiles_n = t.n;
            else if (f == M_CLOSED && (t.type == JT_TRUE || t.type == JT_FALSE)) m->closed = t.type == JT_TRUE;
            else ok = 0;
        } while (js_take(j, ','));
        if (!js_take(j, '}')) return J_ABORT;
    }
    if (!ok || type_s == NULL || tiles_s == NULL) return J_DECLINE;
    if ((m->type = meld_kind(type_s, type_n)) < 0) return J_DECLINE;
    return meld_tiles(tiles_s, tiles_n, m, reds) ? J_OK : J_DECLINE;
}

/* The value of field f of a score request at j->p (after its key's colon) into *q, and *rules when f is
 * R_RULES (a preset name's index in names, or -1); J_OK, J_DECLINE or J_ABORT. */
static int js_field(Js *j, int f, Req *q, int *rules, PyObject *const *names, int n_names) {
    Tok t;
    if (f == R_MELDS) {
        js_ws(j);
        if (j->p >= j->end || *j->p != '[') return js_value(j, &t, 2) ? J_DECLINE : J_ABORT;
        j->p++;
        int ok = 1;
        q->n_melds = 0;
        if (js_take(j, ']')) return J_OK;
        do {
            MeldIn spare;
            int r = js_meld(j, q->n_melds < 4 ? &q->melds[q->n_melds] : &spare, q->reds, &q->repeated, 3);
            if (r == J_ABORT) return J_ABORT;
            if (r == J_DECLINE || q->n_melds >= 4) ok = 0; /* over 4: the schema's max_length */
            else q->n_melds++;
        } while (js_take(j, ','));
        if (!js_take(j, ']')) return J_ABORT;
        return ok ? J_OK : J_DECLINE;
    }
    if (!js_value(j, &t, 2)) return J_ABORT;
    switch ((ReqField)f) { /* every field (-Werror=switch): a new one of contract.REQUEST needs its case */
    case R_MELDS: /* never: read above */
        return J_DECLINE;
    case R_HAND:
        if (t.type != JT_STR) return J_DECLINE;
        q->n_hand = parse_mpsz(t.s, t.n, q->hand, 14, q->reds);
        return q->n_hand >= 0 ? J_OK : J_DECLINE;
    case R_WIN_TILE:
        return t.type == JT_STR && t.n == 2 && parse_mpsz(t.s, t.n, &q->win, 1, q->reds) == 1 ? J_OK : J_DECLINE;
    case R_DORA_INDICATORS:
    case R_URA_INDICATORS: {
        if (t.type != JT_STR) return J_DECLINE;
        int *kinds = f == R_DORA_INDICATORS ? q->dora : q->ura;
        int n = parse_mpsz(t.s, t.n, kinds, 5, q->reds + (f == R_DORA_INDICATORS ? 3 : 6));
        if (n < 0) return J_DECLINE;
        *(f == R_DORA_INDICATORS ? &q->n_dora : &q->n_ura) = n;
        return J_OK;
    }
    case R_RULES:
        if (t.type != JT_STR) return J_DECLINE; /* an object of options: the Python path resolves it */
        *rules = -1;
        for (int i = 0; i < n_names; i++)
            if (PyBytes_GET_SIZE(names[i]) == t.n && memcmp(PyBytes_AS_STRING(names[i]), t.s, (size_t)t.n) == 0)
                *rules = i;
        return *rules >= 0 ? J_OK : J_DECLINE;
    case R_WIN:
        if (t.type == JT_STR && t.n == 5 && memcmp(t.s, "tsumo", 5) == 0) q->tsumo = 1;
        else if (t.type == JT_STR && t.n == 3 && memcmp(t.s, "ron", 3) == 0) q->tsumo = 0;
        else return J_DECLINE;
        return J_OK;
    case R_DEALER:
        q->dealer = t.type == JT_TRUE ? 1 : t.type == JT_FALSE ? 0 : -1;
        return t.type == JT_TRUE || t.type == JT_FALSE || t.type == JT_NULL ? J_OK : J_DECLINE;
    case R_SEAT_WIND:
    case R_ROUND_WIND: {
        int wind = t.type == JT_NULL ? -1 : t.type == JT_STR ? wind_of(t.s, t.n) : -2;
        if (wind == -2 || (t.type == JT_STR && wind < 0)) return J_DECLINE;
        *(f == R_SEAT_WIND ? &q->seat : &q->round) = wind;
        return J_OK;
    }
    R_CASES_DECLINE_UNLESS_FALSE /* declined unless false, as read_py does */
        return t.type == JT_FALSE ? J_OK : J_DECLINE;
    R_CASES_DECLINE_UNLESS_ZERO
        return t.type == JT_INT && t.value == 0 ? J_OK : J_DECLINE;
    case R_HONBA:
    case R_RIICHI_STICKS:
        if (t.type != JT_INT || t.value > 100) return J_DECLINE;
        *(f == R_HONBA ? &q->honba : &q->sticks) = (int)t.value;
        return J_OK;
    R_CASES_FLAG /* R_FIRST_FLAG .. R_LAST_FLAG */
        if (t.type != JT_TRUE && t.type != JT_FALSE) return J_DECLINE;
        q->fl[f] = t.type == JT_TRUE;
        return J_OK;
    }
    return J_DECLINE; /* never: f is a field */
}

#define MAX_KEY 16
static int8_t by_length[MAX_KEY + 1][8]; /* the fields whose names are so long (set at init), -1 after */

/* The ScoreRequest field a key names (REQ_FIELDS), or -1. */
static inline int req_field(const char *k, Py_ssize_t n) {
    if (n > MAX_KEY) return -1;
    for (int c = 0; c < 8 && by_length[n][c] >= 0; c++) {
        int f = by_length[n][c];
        if (REQ_FIELDS[f][0] == k[0] && memcmp(REQ_FIELDS[f], k, (size_t)n) == 0) return f;
    }
    return -1;
}

/* One hand of a batch (a score request's JSON) at j->p into *q and *rules (the index of its preset in
 * names: "rules" a preset name, or left out for standard, names[standard]); J_OK, J_DECLINE or J_ABORT. */
static int js_hand(Js *j, Req *q, int *rules, PyObject *const *names, int n_names, int standard) {
    Tok t;
    memset(q, 0, sizeof *q);
    js_ws(j);
    if (j->p >= j->end || *j->p != '{') return js_value(j, &t, 1) ? J_DECLINE : J_ABORT;
    j->p++;
    q->dealer = q->seat = q->round = -1;
    *rules = standard;
    int ok = 1;
    uint32_t seen = 0;
    if (!js_take(j, '}')) {
        do {
            const char *k;
            Py_ssize_t kn;
            js_ws(j);
            if (!js_str(j, &k, &kn) || !js_take(j, ':')) return J_ABORT;
            int f = req_field(k, kn);
            if (f < 0 || seen >> f & 1) { /* unknown (the decoder refuses it) or repeated (see parsed_span) */
                if (!js_value(j, &t, 2)) return J_ABORT;
                if (f >= 0) q->repeated = 1;
                ok = 0;
                continue;
            }
            seen |= 1u << f;
            int r = js_field(j, f, q, rules, names, n_names);
            if (r == J_ABORT) return J_ABORT;
            if (r == J_DECLINE) ok = 0;
        } while (js_take(j, ','));
        if (!js_take(j, '}')) return J_ABORT;
    }
    if (!(seen >> R_HAND & 1) || !(seen >> R_WIN_TILE & 1)) return J_DECLINE; /* required */
    return ok && *rules >= 0 ? J_OK : J_DECLINE;
}

/* A batch read by parse_batch: per hand its fields, its rules and its place in the body. */
typedef struct {
    Req q;
    const Prep *p; /* NULL: the Python path decides the hand */
    Py_ssize_t start, end;
} Item;
typedef struct {
    PyObject *body, *presets; /* kept: the items point into both */
    Py_ssize_t n;
    Item *items;
} Parsed;

static void parsed_free(PyObject *capsule) {
    Parsed *b = (Parsed *)PyCapsule_GetPointer(capsule, "riichi.native.batch");
    if (b == NULL) return;
    Py_XDECREF(b->body);
    Py_XDECREF(b->presets);
    free(b->items);
    PyMem_Free(b);
}

#define MAX_PRESETS 32

/* The whole body {"hands": [...]} read into b (no Python API: run without the GIL); 1, or 0 when the body is
 * not of the subset, not a batch, or holds over max_hands hands (the decoders decide it). */
static int read_batch(const char *body, Py_ssize_t size, Parsed *b, PyObject *const *names, const Prep *const *preps,
                      int n_names, int standard, Py_ssize_t max_hands) {
    Js j = {body, body + size};
    const char *k;
    Py_ssize_t kn;
    if (!js_take(&j, '{')) return 0;
    js_ws(&j);
    if (!js_str(&j, &k, &kn) || kn != 5 || memcmp(k, "hands", 5) != 0 || !js_take(&j, ':') || !js_take(&j, '['))
        return 0;
    Py_ssize_t cap = 0;
    b->n = 0;
    if (!js_take(&j, ']')) {
        do {
            if (b->n >= max_hands) return 0;
            if (b->n == cap) {
                cap = cap ? cap * 2 : 64;
                Item *grown = realloc(b->items, sizeof(Item) * (size_t)cap);
                if (grown == NULL) return 0;
                b->items = grown;
            }
            Item *it = &b->items[b->n];
            js_ws(&j);
            it->start = j.p - body;
            int rules;
            int r = js_hand(&j, &it->q, &rules, names, n_names, standard);
            if (r == J_ABORT) return 0;
            it->end = j.p - body;
            it->p = r == J_OK ? preps[rules] : NULL;
            b->n++;
        } while (js_take(&j, ','));
        if (!js_take(&j, ']')) return 0;
    }
    if (!js_take(&j, '}')) return 0;
    js_ws(&j);
    return j.p == j.end;
}

/* parse_batch(body: bytes, presets: tuple[tuple[bytes, capsule | None], ...], max_hands: int)
 *   -> (batch, count) | None
 *
 * The body read as {"hands": [...]} without the decoders (see J_ABORT for the subset it reads): per hand,
 * its fields when they are a request this file takes, under a preset named in presets (by name: its
 * prepared rules, or None where the C code does not score it; "standard" when rules is left out). None: the
 * body is not of the subset or not such a batch (the decoders decide it). The GIL is released while reading. */
static PyObject *parse_batch(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 3 || !PyBytes_Check(args[0]) || !PyTuple_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "parse_batch(body: bytes, presets: tuple, max_hands: int)");
        return NULL;
    }
    Py_ssize_t max_hands = PyLong_AsSsize_t(args[2]);
    if (max_hands == -1 && PyErr_Occurred()) return NULL;
    if (max_hands < 0) {
        PyErr_SetString(PyExc_ValueError, "parse_batch: max_hands >= 0");
        return NULL;
    }
    PyObject *presets = args[1];
    Py_ssize_t n_names = PyTuple_GET_SIZE(presets);
    if (n_names > MAX_PRESETS) {
        PyErr_SetString(PyExc_ValueError, "parse_batch: at most 32 presets");
        return NULL;
    }
    PyObject *names[MAX_PRESETS];
    const Prep *preps[MAX_PRESETS];
    int standard = -1;
    for (Py_ssize_t i = 0; i < n_names; i++) {
        PyObject *pair = PyTuple_GET_ITEM(presets, i);
        if (!PyTuple_Check(pair) || PyTuple_GET_SIZE(pair) != 2 || !PyBytes_Check(PyTuple_GET_ITEM(pair, 0))) {
            PyErr_SetString(PyExc_TypeError, "parse_batch: presets are (name: bytes, prepared | None)");
            return NULL;
        }
        names[i] = PyTuple_GET_ITEM(pair, 0);
        PyObject *prepared = PyTuple_GET_ITEM(pair, 1);
        preps[i] = NULL;
        if (prepared != Py_None) {
            preps[i] = (const Prep *)PyCapsule_GetPointer(prepared, "riichi.native.rules");
            if (preps[i] == NULL) return NULL;
        }
        if (PyBytes_GET_SIZE(names[i]) == 8 && memcmp(PyBytes_AS_STRING(names[i]), "standard", 8) == 0) standard = (int)i;
    }
    if (!ready || !json_ready) Py_RETURN_NONE;
    Parsed *b = PyMem_Calloc(1, sizeof(Parsed));
    if (b == NULL) return PyErr_NoMemory();
    int read;
    const char *body = PyBytes_AS_STRING(args[0]);
    Py_ssize_t size = PyBytes_GET_SIZE(args[0]);
    Py_BEGIN_ALLOW_THREADS
    read = read_batch(body, size, b, names, preps, (int)n_names, standard, max_hands);
    Py_END_ALLOW_THREADS
    if (!read) {
        free(b->items);
        PyMem_Free(b);
        Py_RETURN_NONE;
    }
    b->body = Py_NewRef(args[0]);
    b->presets = Py_NewRef(presets);
    PyObject *capsule = PyCapsule_New(b, "riichi.native.batch", parsed_free);
    if (capsule == NULL) {
        Py_DECREF(b->body);
        Py_DECREF(b->presets);
        free(b->items);
        PyMem_Free(b);
        return NULL;
    }
    return Py_BuildValue("(Nn)", capsule, b->n);
}

static Parsed *parsed_of(PyObject *capsule) {
    return (Parsed *)PyCapsule_GetPointer(capsule, "riichi.native.batch");
}

/* parsed_span(batch, i) -> (start, end, repeated): where hand i's JSON is in the body (for the Python path),
 * and whether a key of it (or of one of its melds) is repeated: the strict decoder checks every value of a
 * repeated key and keeps the last, so such a hand must be decoded by it, not checked after an unchecked
 * decode, which sees only the last value. */
static PyObject *parsed_span(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "parsed_span(batch, i)");
        return NULL;
    }
    Parsed *b = parsed_of(args[0]);
    if (b == NULL) return NULL;
    Py_ssize_t i = PyLong_AsSsize_t(args[1]);
    if (i == -1 && PyErr_Occurred()) return NULL;
    if (i < 0 || i >= b->n) {
        PyErr_SetString(PyExc_IndexError, "parsed_span: no such hand");
        return NULL;
    }
    return Py_BuildValue("(nnO)", b->items[i].start, b->items[i].end, b->items[i].q.repeated ? Py_True : Py_False);
}

/* score_parsed_run(batch, start, stop, lang) -> (bytes, int): score_json_run for the hands of a parsed batch:
 * hands[start:stop] answered, their JSON joined by commas, as far as the first hand the C code declines
 * (whatever its rules: each hand has its own). The GIL is released while scoring. */
static PyObject *score_parsed_run(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError, "score_parsed_run(batch, start, stop, lang)");
        return NULL;
    }
    Parsed *b = parsed_of(args[0]);
    if (b == NULL) return NULL;
    Py_ssize_t start = PyLong_AsSsize_t(args[1]), stop = PyLong_AsSsize_t(args[2]);
    long lang = PyLong_AsLong(args[3]);
    if (PyErr_Occurred()) return NULL;
    if (lang < 0 || lang >= N_LANGS) {
        PyErr_SetString(PyExc_ValueError, "score_parsed_run: lang is 0, 1 or 2");
        return NULL;
    }
    if (stop > b->n) stop = b->n;
    if (start < 0) start = 0;
    if (start > stop) start = stop;
    Buf buf = {NULL, 0, 0};
    Py_ssize_t i = start;
    int status = 1;
    if (!ready || !json_ready) stop = start; /* never: a batch is parsed only once both are set */
    released++; /* init and init_json refuse to run meanwhile: this reads what they set */
    Py_BEGIN_ALLOW_THREADS
    for (; i < stop; i++) {
        const Item *it = &b->items[i];
        if (it->p == NULL || it->p->nowin_json[0][0] == NULL) break;
        Hand h;
        Best best;
        if (!run(&it->q, it->p, &h, &best)) break;
        status = append_answer(&buf, &h, it->p, &best, (int)lang);
        if (status <= 0) break;
    }
    Py_END_ALLOW_THREADS
    released--;
    return run_answer(&buf, status, i);
}

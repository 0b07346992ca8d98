/* The answer of the best reading: as a ScoreResult (score) and as msgspec's JSON (score_json_run).
 * Part of the C hot path: included by _native.c (one translation unit, every function static). */

/* ---- building the answer ----------------------------------------------------------------------- */

static PyObject *set_out(int type, int first, int open) {
    PyObject *o = PyList_GET_ITEM(sets_out, (type * 34 + first) * 2 + (open ? 1 : 0));
    Py_INCREF(o);
    return o;
}

static PyObject *reading_obj(const Hand *h, const Reading *r) {
    PyObject *sets;
    if (r->shape == S_CHIITOITSU) {
        sets = PyTuple_New(7);
        if (sets == NULL) return NULL;
        int j = 0;
        for (int k = 0; k < 34 && j < 7; k++)
            if (h->counts[k] == 2) PyTuple_SET_ITEM(sets, j++, set_out(PAIR, k, 0));
    } else {
        int n = r->n + (r->pair >= 0 ? 1 : 0);
        sets = PyTuple_New(n);
        if (sets == NULL) return NULL;
        for (int i = 0; i < r->n; i++) {
            const Group *g = &r->g[i];
            int open = g->type == RUN ? g->called : !g->concealed;
            PyTuple_SET_ITEM(sets, i, set_out(g->type, g->first, open));
        }
        if (r->pair >= 0) PyTuple_SET_ITEM(sets, r->n, set_out(PAIR, r->pair, 0));
    }
    PyObject *args[3] = {shape_str[r->shape], sets, wait_str[r->wait]};
    PyObject *out = PyObject_Vectorcall(reading_type, args, 3, NULL);
    Py_DECREF(sets);
    return out;
}

static PyObject *payment(int payer, long long amount, int count) {
    PyObject *a = PyLong_FromLongLong(amount), *c = PyLong_FromLong(count);
    PyObject *out = NULL;
    if (a != NULL && c != NULL) {
        PyObject *args[4] = {payer_str[payer], a, c, payer_text[payer]};
        out = PyObject_Vectorcall(payment_type, args, 4, NULL);
    }
    Py_XDECREF(a);
    Py_XDECREF(c);
    return out;
}

/* A tuple of new references (stolen), NULL with every one released when one of them is NULL. */
static PyObject *tuple_of(PyObject **items, int n) {
    for (int i = 0; i < n; i++)
        if (items[i] == NULL) {
            for (int j = 0; j < n; j++) Py_XDECREF(items[j]);
            return NULL;
        }
    PyObject *t = PyTuple_New(n);
    if (t == NULL) {
        for (int j = 0; j < n; j++) Py_DECREF(items[j]);
        return NULL;
    }
    for (int i = 0; i < n; i++) PyTuple_SET_ITEM(t, i, items[i]);
    return t;
}

static PyObject *no_win(const Prep *p, int reason) {
    PyObject *args[4] = {Py_False, reason_str[reason], p->preset, reason_text[reason]};
    return PyObject_Vectorcall(result_type, args, 0, nowin_kwnames);
}

/* payments.payments with four players: the rows (payer P_*; amount with
 * honba; count) into rows[], their number returned, and *total: all the winner receives. */
typedef struct { int payer; long long amount; int count; } Row;

static int settle(const Hand *h, const Prep *p, const Best *b, Row *rows, long long *total) {
    long long per_payer = (long long)(p->honba / 3) * h->honba, honba_all = 3 * per_payer;
    int n;
    if (!h->tsumo) {
        honba_all = (long long)p->honba * h->honba;
        rows[0] = (Row){P_DISCARDER, b->points + honba_all, 1};
        n = 1;
    } else if (h->dealer) {
        rows[0] = (Row){P_NON_DEALER, round_up_100(b->base * 2) + per_payer, 3};
        n = 1;
    } else {
        rows[0] = (Row){P_DEALER, round_up_100(b->base * 2) + per_payer, 1};
        rows[1] = (Row){P_NON_DEALER, round_up_100(b->base) + per_payer, 2};
        n = 2;
    }
    *total = b->points + honba_all + 1000LL * h->sticks;
    return n;
}

/* The ScoreResult of the best reading, as score._score makes it (English names), or None for a limit this
 * file has no name for. Long: the answer's objects are made, and released on any failure, one by one. */
static PyObject *answer(const Hand *h, const Prep *p, const Best *b) {
    long long yakuman = capped(b->yakuman, p->yakuman_cap);
    int limit = limit_index(b->han, b->base, yakuman);
    if (limit < 0) Py_RETURN_NONE;
    /* yaku, then dora, ura dora and aka dora (score._dora) for a hand that is no yakuman */
    PyObject *items[MAX_CANDIDATES + 3];
    int n = 0;
    for (int i = 0; i < b->list->n; i++)
        if (b->hits >> i & 1) {
            items[n] = b->list->c[i].item;
            Py_INCREF(items[n]);
            n++;
        }
    if (!b->yakuman) {
        int counts[3] = {h->dora_han, h->ura_han, h->red};
        PyObject *lists[3] = {dora_items, ura_items, aka_items};
        for (int i = 0; i < 3; i++)
            if (counts[i]) {
                if (counts[i] >= PyList_GET_SIZE(lists[i])) { /* never: 5 indicators point at 20 tiles at most */
                    for (int j = 0; j < n; j++) Py_DECREF(items[j]);
                    Py_RETURN_NONE;
                }
                items[n] = PyList_GET_ITEM(lists[i], counts[i]);
                Py_INCREF(items[n]);
                n++;
            }
    }
    PyObject *yaku = tuple_of(items, n);
    if (yaku == NULL) return NULL;
    PyObject *fu_objs[12];
    for (int i = 0; i < b->n_fu; i++) {
        fu_objs[i] = fu_obj[b->fu_items[i]];
        Py_INCREF(fu_objs[i]);
    }
    PyObject *fu_breakdown = tuple_of(fu_objs, b->n_fu);
    Row settled[2];
    long long total_points;
    int n_rows = settle(h, p, b, settled, &total_points);
    PyObject *rows[2] = {NULL, NULL};
    for (int i = 0; i < n_rows; i++) rows[i] = payment(settled[i].payer, settled[i].amount, settled[i].count);
    PyObject *pays = tuple_of(rows, n_rows);
    long long sticks = 1000LL * h->sticks;
    PyObject *reading = reading_obj(h, &b->r);
    PyObject *han = PyLong_FromLong(b->han);
    PyObject *fu = b->yakuman ? Py_NewRef(Py_None) : PyLong_FromLong(b->fu);
    PyObject *ym = PyLong_FromLongLong(yakuman);
    PyObject *base = PyLong_FromLongLong(b->base);
    PyObject *points = PyLong_FromLongLong(b->points);
    PyObject *won = PyLong_FromLongLong(sticks);
    PyObject *total = PyLong_FromLongLong(total_points);
    PyObject *out = NULL;
    if (fu_breakdown && pays && reading && han && fu && ym && base && points && won && total) {
        /* win_kwnames' order */
        PyObject *args[15] = {Py_True, p->preset, han, fu, yaku, ym, fu_breakdown, limit_str[limit],
                              limit_text[limit], base, points, pays, won, total, reading};
        out = PyObject_Vectorcall(result_type, args, 0, win_kwnames);
    }
    Py_DECREF(yaku);
    Py_XDECREF(fu_breakdown);
    Py_XDECREF(pays);
    Py_XDECREF(reading);
    Py_XDECREF(han);
    Py_XDECREF(fu);
    Py_XDECREF(ym);
    Py_XDECREF(base);
    Py_XDECREF(points);
    Py_XDECREF(won);
    Py_XDECREF(total);
    return out;
}

/* score(request, prepared) -> ScoreResult | None: the request (a ScoreRequest) scored, English names. */
static PyObject *native_score(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2 || !ready) Py_RETURN_NONE;
    int kind = request_kind(args[0]);
    if (kind != 0) Py_RETURN_NONE;
    const Prep *p = (const Prep *)PyCapsule_GetPointer(args[1], "riichi.native.rules");
    if (p == NULL) return NULL;
    Req q;
    Hand h;
    Best b;
    if (!read_py(args[0], kind, &q)) {
        if (PyErr_Occurred()) PyErr_Clear();
        Py_RETURN_NONE;
    }
    if (!run(&q, p, &h, &b)) Py_RETURN_NONE;
    if (!b.found) return no_win(p, b.complete ? NW_NO_YAKU : NW_NOT_COMPLETE);
    return answer(&h, p, &b);
}

/* ---- the answer as JSON (the batch) ------------------------------------------------------------ */

#define N_LANGS 3
#define JSON_MAX 16384
typedef struct { char *p; Py_ssize_t n; int over; } Out;

static inline void put(Out *o, const char *s, Py_ssize_t n) {
    if (o->n + n > JSON_MAX) {
        o->over = 1;
        return;
    }
    memcpy(o->p + o->n, s, (size_t)n);
    o->n += n;
}
#define PUT(o, lit) put((o), (lit), (Py_ssize_t)(sizeof(lit) - 1))
static inline void put_bytes(Out *o, PyObject *b) { put(o, PyBytes_AS_STRING(b), PyBytes_GET_SIZE(b)); }
/* A non-negative integer in decimal (every number of an answer is one; cheaper than snprintf). */
static inline void put_int(Out *o, long long v) {
    char tmp[24];
    int n = 0;
    if (v < 0) { /* never: no number of an answer is negative; decline rather than write it */
        o->over = 1;
        return;
    }
    unsigned long long u = (unsigned long long)v;
    do {
        tmp[sizeof tmp - 1 - n++] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    put(o, tmp + sizeof tmp - n, n);
}

/* Fragments, msgspec's own encoding of each shared object (native.py makes them), by language. */
static PyObject *dora_json[N_LANGS], *ura_json[N_LANGS], *aka_json[N_LANGS]; /* tuples: by count */
static PyObject *fu_json[N_FU][N_LANGS];
static PyObject *sets_json; /* tuple: by _SETS_OUT index */
static PyObject *shape_json[3], *wait_json[N_WAITS], *limit_json[N_LIMITS], *limit_text_json[N_LIMITS][N_LANGS];
static PyObject *payer_head[3];             /* {"payer":"…","amount": */
static PyObject *payer_tail[3][3][N_LANGS]; /* ,"count":n,"name":"…"} by payer, count - 1, language */
static int json_ready = 0;

static inline void put_payment(Out *o, int payer, long long amount, int count, int lang) {
    put_bytes(o, payer_head[payer]);
    put_int(o, amount);
    put_bytes(o, payer_tail[payer][count - 1][lang]);
}

/* msgspec.json.encode(names.localise(answer(...), lang)), written from the fragments. Long: one line per
 * field of ScoreResult, in its order (tests/scoring/test_native.py compares the bytes with msgspec's). */
static void answer_json(const Hand *h, const Prep *p, const Best *b, int lang, Out *o) {
    long long yakuman = capped(b->yakuman, p->yakuman_cap);
    int limit = limit_index(b->han, b->base, yakuman);
    PUT(o, "{\"is_win\":true,\"reason\":null,\"preset\":");
    put_bytes(o, p->preset_json);
    PUT(o, ",\"han\":");
    put_int(o, b->han);
    PUT(o, ",\"fu\":");
    if (b->yakuman) PUT(o, "null");
    else put_int(o, b->fu);
    PUT(o, ",\"yaku\":[");
    int first = 1;
    for (int i = 0; i < b->list->n; i++)
        if (b->hits >> i & 1) {
            if (!first) PUT(o, ",");
            first = 0;
            put_bytes(o, b->list->c[i].json[lang]);
        }
    if (!b->yakuman) {
        int counts[3] = {h->dora_han, h->ura_han, h->red};
        PyObject *lists[3] = {dora_json[lang], ura_json[lang], aka_json[lang]};
        for (int i = 0; i < 3; i++)
            if (counts[i]) {
                if (counts[i] >= PyTuple_GET_SIZE(lists[i])) {
                    o->over = 1;
                    return;
                }
                if (!first) PUT(o, ",");
                first = 0;
                put_bytes(o, PyTuple_GET_ITEM(lists[i], counts[i]));
            }
    }
    PUT(o, "],\"yakuman\":");
    put_int(o, yakuman);
    PUT(o, ",\"fu_breakdown\":[");
    for (int i = 0; i < b->n_fu; i++) {
        if (i) PUT(o, ",");
        put_bytes(o, fu_json[b->fu_items[i]][lang]);
    }
    PUT(o, "],\"limit\":");
    put_bytes(o, limit_json[limit]);
    PUT(o, ",\"base_points\":");
    put_int(o, b->base);
    PUT(o, ",\"points\":");
    put_int(o, b->points);
    PUT(o, ",\"payments\":[");
    Row rows[2];
    long long total;
    int n_rows = settle(h, p, b, rows, &total);
    for (int i = 0; i < n_rows; i++) {
        if (i) PUT(o, ",");
        put_payment(o, rows[i].payer, rows[i].amount, rows[i].count, lang);
    }
    PUT(o, "],\"riichi_sticks_won\":");
    put_int(o, 1000LL * h->sticks);
    PUT(o, ",\"total\":");
    put_int(o, total);
    PUT(o, ",\"reading\":{\"shape\":");
    const Reading *r = &b->r;
    put_bytes(o, shape_json[r->shape]);
    PUT(o, ",\"sets\":[");
    if (r->shape == S_CHIITOITSU) {
        int j = 0;
        for (int k = 0; k < 34 && j < 7; k++)
            if (h->counts[k] == 2) {
                if (j++) PUT(o, ",");
                put_bytes(o, PyTuple_GET_ITEM(sets_json, (PAIR * 34 + k) * 2));
            }
    } else {
        for (int i = 0; i < r->n; i++) {
            const Group *g = &r->g[i];
            int open = g->type == RUN ? g->called : !g->concealed;
            if (i) PUT(o, ",");
            put_bytes(o, PyTuple_GET_ITEM(sets_json, (g->type * 34 + g->first) * 2 + (open ? 1 : 0)));
        }
        if (r->pair >= 0) {
            if (r->n) PUT(o, ",");
            put_bytes(o, PyTuple_GET_ITEM(sets_json, (PAIR * 34 + r->pair) * 2));
        }
    }
    PUT(o, "],\"wait\":");
    put_bytes(o, wait_json[r->wait]);
    PUT(o, "},\"points_breakdown\":null,\"limit_name\":");
    put_bytes(o, limit_text_json[limit][lang]);
    PUT(o, ",\"reason_name\":null,\"explanation\":null}");
}

/* The answers of a run, joined by commas: malloc'd, so it can be written without the GIL. */
typedef struct {
    char *all;
    Py_ssize_t cap, used;
} Buf;

/* A run's answer, (bytes, i): buf's answers (then freed), and i, the first hand not answered; status < 0:
 * out of memory (MemoryError). */
static PyObject *run_answer(Buf *buf, int status, Py_ssize_t i) {
    if (status < 0) {
        free(buf->all);
        return PyErr_NoMemory();
    }
    PyObject *bytes = PyBytes_FromStringAndSize(buf->all ? buf->all : "", buf->used);
    free(buf->all);
    if (bytes == NULL) return NULL;
    return Py_BuildValue("(Nn)", bytes, i);
}

/* The answer to a scored request (run() gave h and b) appended to buf, after a comma unless it is the
 * first: 1, 0 when it cannot be written (a number or limit this file does not write: decline), -1 out of
 * memory. No Python API: callable without the GIL. */
static int append_answer(Buf *buf, const Hand *h, const Prep *p, const Best *b, int lang) {
    if (buf->used + 1 + JSON_MAX > buf->cap) { /* room for the comma and the longest answer, written in place */
        Py_ssize_t cap = buf->cap ? buf->cap : 65536;
        while (buf->used + 1 + JSON_MAX > cap) cap *= 2;
        char *grown = realloc(buf->all, (size_t)cap);
        if (grown == NULL) return -1;
        buf->all = grown;
        buf->cap = cap;
    }
    Out o = {buf->all + buf->used + (buf->used ? 1 : 0), 0, 0};
    if (!b->found) put_bytes(&o, p->nowin_json[b->complete ? NW_NO_YAKU : NW_NOT_COMPLETE][lang]);
    else answer_json(h, p, b, lang, &o);
    if (o.over) return 0;
    if (buf->used) buf->all[buf->used++] = ',';
    buf->used += o.n;
    return 1;
}

/* score_json_run(hands: list, start: int, stop: int, rules: object, prepared, lang: int) -> (bytes, int)
 *
 * hands[start:stop] answered as msgspec encodes each one's localised answer, their JSON joined by commas in one bytes object,
 * as far as the first hand this file declines or whose ``rules`` field is not equal to
 * ``rules`` (the rules ``prepared`` was made from); the int is that hand's index (stop when none). So a
 * batch makes one object per run of hands, not one per hand, and copies each answer once less. */
static PyObject *native_score_json_run(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 6 || !PyList_Check(args[0])) {
        PyErr_SetString(PyExc_TypeError, "score_json_run(hands: list, start, stop, rules, prepared, lang)");
        return NULL;
    }
    PyObject *hands = args[0], *rules = args[3];
    Py_ssize_t start = PyLong_AsSsize_t(args[1]), stop = PyLong_AsSsize_t(args[2]);
    long lang = PyLong_AsLong(args[5]);
    if (PyErr_Occurred()) return NULL;
    if (lang < 0 || lang >= N_LANGS) {
        PyErr_SetString(PyExc_ValueError, "score_json_run: lang is 0, 1 or 2");
        return NULL;
    }
    const Prep *p = (const Prep *)PyCapsule_GetPointer(args[4], "riichi.native.rules");
    if (p == NULL) return NULL;
    if (stop > PyList_GET_SIZE(hands)) stop = PyList_GET_SIZE(hands);
    if (start < 0) start = 0;
    Buf buf = {NULL, 0, 0};
    Py_ssize_t i = start;
    int status = 1;
    if (ready && json_ready && p->nowin_json[0][0] != NULL) {
        for (; i < stop; i++) {
            PyObject *req = PyList_GET_ITEM(hands, i);
            int kind = request_kind(req);
            if (kind < 0) break;
            PyObject *its_rules = FIELD(req, req_off[kind][R_RULES]);
            if (its_rules == NULL) break;
            if (its_rules != rules) {
                int same = PyObject_RichCompareBool(its_rules, rules, Py_EQ);
                if (same < 0) PyErr_Clear();
                if (same != 1) break;
            }
            Req q;
            Hand h;
            Best b;
            if (!read_py(req, kind, &q)) {
                if (PyErr_Occurred()) PyErr_Clear();
                break;
            }
            if (!run(&q, p, &h, &b)) break;
            status = append_answer(&buf, &h, p, &b, (int)lang);
            if (status <= 0) break;
        }
    }
    return run_answer(&buf, status, i);
}

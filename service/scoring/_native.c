/* The scoring hot path in C: one ScoreRequest to its ScoreResult, or None; and a batch body read from its
 * JSON and its hands answered as JSON (parse_batch, score_parsed_run) (BENCHMARKS.md).
 *
 * This file is a second implementation of what validate.py, hand.py, decompose.py, yaku.py (the
 * predicates by their _NATIVE_TESTS code), fu.py, limits.py, payments.py, readings.py, dora.py and
 * scorer.py do for the common request, kept equal to them by tests/scoring/test_native.py (every answer compared with the Python
 * path's, on the corpus, the seeded hands of every preset and hypothesis hands). The Python modules stay
 * the source of truth: this one declines (returns None) whenever a request is anything but plain, and the
 * Python path then scores it or raises InvalidHand naming the field. What it takes:
 *
 *   - rules prepared by native.prepare (four players, han/fu, no aotenjou: anything else is None
 *     there and never reaches this file);
 *   - hand, dora_indicators and ura_indicators as mpsz strings or tuples of tile codes, win_tile a tile
 *     code, melds as a tuple of MeldSpec
 *     with their tiles as one digit group and a suit letter ("406p"), every flag a bool, honba and
 *     riichi_sticks 0-100;
 *   - no renhou, open_riichi, sashikomi, paarenchan, nagashi_mangan, rinshan_open_kan or nukidora.
 *
 * and it declines whatever the Python path would refuse (a fifth copy, a wrong tile count, an
 * impossible flag, ...): every check of validate.parse_request that can fail on such a request is
 * repeated here, as a decline. Ties between readings are settled as scorer.py settles them (the first of
 * equal rank stays), because the readings come in readings.readings' order (decompose.splits_by_keys' order of splits, then the winning
 * tile's place in each).
 *
 * Why: in compiled Python much of a cold score() is allocating, freeing and reference counting the
 * objects of the hand and its readings; here the hand and the readings are C structs and
 * only the answer is made of Python objects (BENCHMARKS.md, "the core against riichienv").
 *
 * One translation unit, by stage: this file (the shared types and objects, prepare, init, the module) includes
 * _native_request.c (a request's fields read and checked: read_py, load), _native_readings.c (splits, facts,
 * yaku, fu, limits: the best reading, run), _native_answer.c (the answer as a ScoreResult or as JSON, score,
 * score_json_run) and _native_batch.c (a batch body read from its JSON: parse_batch, score_parsed_run). Every
 * order shared with Python comes from _native_contract.h, generated from contract.py.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The contract with the Python core (service/scoring/contract.py): the request fields R_*, the fact bits
 * F_*, the yaku codes Y_*, the fu items FU_*, the limits L_*, waits W_*, shapes S_*, payers P_*, reasons NW_*,
 * kazoe's values, the rule set's numbers (PREP_OPTION_FIELDS) and the A_* bits. Generated: edit contract.py
 * and run scripts/gen_native_header.py. */
#include "_native_contract.h"

#define ALL_KINDS ((1ULL << 34) - 1)
#define TERMINALS ((1ULL << 0) | (1ULL << 8) | (1ULL << 9) | (1ULL << 17) | (1ULL << 18) | (1ULL << 26))
#define HONOURS (0x7FULL << 27)
#define TERMINALS_AND_HONOURS (TERMINALS | HONOURS)
#define GREEN ((1ULL << 19) | (1ULL << 20) | (1ULL << 21) | (1ULL << 23) | (1ULL << 25) | (1ULL << 32))
#define SUIT_MASK(s) (0x1FFULL << (9 * (s)))

enum { RUN = 0, TRIPLET = 1, KAN = 2, PAIR = 3 }; /* a group's type (not shared with Python) */

/* ---- shared objects, set once by init() -------------------------------------------------------- */

static int ready = 0;
/* Calls running without the GIL that read what init and init_json set (score_parsed_run): while any is,
 * those two refuse to run (they would free what is read). Changed only with the GIL held. */
static int released = 0;
/* Request types: [0] ScoreRequest and MeldSpec, [1] UncheckedScoreRequest and UncheckedMeldSpec (the
 * batch's decoding target: the same fields without the tile-notation patterns, which parse_mpsz checks). */
static Py_ssize_t req_off[2][N_REQ], meld_off[2][N_MELD];
static PyTypeObject *request_type[2], *meld_type[2];
static PyObject *result_type, *reading_type, *payment_type;
static PyObject *sets_out;            /* list: ReadingSet at (type * 34 + first) * 2 + open */
static PyObject *dora_items, *ura_items, *aka_items; /* lists: YakuItem by count */
static PyObject *fu_obj[N_FU];
static int fu_val[N_FU];
static PyObject *wait_str[N_WAITS], *shape_str[N_SHAPES];
static PyObject *limit_str[N_LIMITS], *limit_text[N_LIMITS];
static PyObject *payer_str[N_PAYERS], *payer_text[N_PAYERS];
static PyObject *reason_str[N_REASONS], *reason_text[N_REASONS];
static PyObject *win_kwnames, *nowin_kwnames;

/* ---- rules prepared by prepare() --------------------------------------------------------------- */

#define MAX_CANDIDATES 64
typedef struct {
    int code;          /* yaku._NATIVE_TESTS index */
    uint64_t needs;    /* FACTS bits */
    int han, yakuman;
    uint64_t replaces; /* bits of the candidates of the same list it replaces */
    PyObject *item;    /* the YakuItem */
    PyObject *json[3]; /* its JSON, named in en, ja, ru */
} Cand;
typedef struct {
    int n;
    uint64_t yakuman_mask;
    Cand c[MAX_CANDIDATES];
} CandList;
typedef struct {
    PyObject *preset, *preset_json;
    PyObject *nowin_json[N_REASONS][3]; /* the whole answer of no win (NW_*) by language */
    PREP_OPTION_FIELDS /* int kuitan, aka, ...: native.prepare's options (contract.PREP_OPTIONS) */
    unsigned allowed;
    CandList lists[8]; /* yaku.table_index order */
} Prep;

/* ---- the hand and its readings ----------------------------------------------------------------- */

typedef struct { int8_t type, first, called, concealed; } Group;

typedef struct {
    int conc[34];   /* the concealed part with the win */
    int counts[34]; /* all 14 tiles (a kan as 3) */
    uint64_t mask, conc_mask, facts;
    int suits, honours, menzen, tsumo, dealer, seat, round, riichi, double_riichi, ippatsu, haitei, houtei,
        rinshan, chankan, tenhou, chiihou, situational, win, n_melds, n_kans_of[34];
    Group melds[4];
    int dora_han, ura_han, red, honba, sticks;
} Hand;

typedef struct {
    int shape, n, pair, wait;
    Group g[4];
    uint64_t facts, run_mask, triplet_mask;
    int n_runs, identical, n_triplets, kans, concealed;
} Reading;

static inline int popcount64(uint64_t x) { return __builtin_popcountll(x); }

static inline int group_terminal(const Group *g) {
    if (g->type == RUN) return g->first % 9 == 0 || g->first % 9 == 6;
    return (int)((TERMINALS_AND_HONOURS >> g->first) & 1);
}


#include "_native_request.c"
#include "_native_readings.c"
#include "_native_answer.c"
#include "_native_batch.c"

/* ---- prepare and init -------------------------------------------------------------------------- */

static void prep_free(PyObject *capsule) {
    Prep *p = (Prep *)PyCapsule_GetPointer(capsule, "riichi.native.rules");
    if (p == NULL) return;
    Py_XDECREF(p->preset);
    Py_XDECREF(p->preset_json);
    for (int r = 0; r < N_REASONS; r++)
        for (int l = 0; l < N_LANGS; l++) Py_XDECREF(p->nowin_json[r][l]);
    for (int l = 0; l < 8; l++)
        for (int i = 0; i < p->lists[l].n; i++) {
            Py_XDECREF(p->lists[l].c[i].item);
            for (int j = 0; j < N_LANGS; j++) Py_XDECREF(p->lists[l].c[i].json[j]);
        }
    PyMem_Free(p);
}

static int as_int(PyObject *seq, Py_ssize_t i, long long *out) {
    PyObject *o = PyTuple_GetItem(seq, i);
    if (o == NULL) return -1;
    *out = PyLong_AsLongLong(o);
    return (*out == -1 && PyErr_Occurred()) ? -1 : 0;
}

/* One candidate (contract.NativeCandidate, a tuple of N_CAND items) into y: 0, or 1 when its code is one this file
 * cannot evaluate, or -1 with an exception. Item CAND_<NAME> is the field contract.CANDIDATE_FIELDS names
 * there; one case each (-Werror=switch), so a field added to the contract is a build error until read. */
static int read_candidate(PyObject *c, Cand *y) {
    if (!PyTuple_Check(c) || PyTuple_GET_SIZE(c) != N_CAND) {
        PyErr_Format(PyExc_TypeError, "prepare: a candidate is %d items (contract.NativeCandidate)", N_CAND);
        return -1;
    }
    for (int k = 0; k < N_CAND; k++) {
        PyObject *o = PyTuple_GET_ITEM(c, k);
        long long v = 0;
        switch ((CandField)k) {
        case CAND_CODE:
            if (as_int(c, k, &v) < 0) return -1;
            if (v < 0 || v > MAX_KNOWN_CODE) return 1;
            y->code = (int)v;
            break;
        case CAND_NEEDS:
            if (as_int(c, k, &v) < 0) return -1;
            y->needs = (uint64_t)v;
            break;
        case CAND_HAN:
            if (as_int(c, k, &v) < 0) return -1;
            y->han = (int)v;
            break;
        case CAND_YAKUMAN:
            if (as_int(c, k, &v) < 0) return -1;
            y->yakuman = (int)v;
            break;
        case CAND_REPLACES:
            if (as_int(c, k, &v) < 0) return -1;
            y->replaces = (uint64_t)v;
            break;
        case CAND_ITEM: Py_XSETREF(y->item, Py_NewRef(o)); break;
        case CAND_JSON:
            if (!PyTuple_Check(o) || PyTuple_GET_SIZE(o) != N_LANGS) {
                PyErr_SetString(PyExc_TypeError, "prepare: a candidate's json is one bytes a language");
                return -1;
            }
            for (int j = 0; j < N_LANGS; j++) {
                PyObject *b = PyTuple_GET_ITEM(o, j);
                if (!PyBytes_Check(b)) {
                    PyErr_SetString(PyExc_TypeError, "prepare: a candidate's json is one bytes a language");
                    return -1;
                }
                Py_XSETREF(y->json[j], Py_NewRef(b));
            }
            break;
        }
    }
    return 0;
}

/* prepare(*, preset: str, options: tuple[int, ...] (contract.PREP_OPTIONS), allowed: int,
 *         lists: tuple of 8 tuples of contract.NativeCandidate (read_candidate),
 *         preset_json: bytes, nowin_json: ((not_complete en, ja, ru), (no_yaku en, ja, ru))) -> capsule | None
 * None: a candidate this file cannot evaluate (its code is unknown), or a list over 64 candidates. */
static PyObject *prepare(PyObject *self, PyObject *args, PyObject *kwargs) {
    static char *names[] = {"preset", "options", "allowed", "lists", "preset_json", "nowin_json", NULL};
    PyObject *preset, *opts, *lists, *preset_json, *nowin;
    unsigned long allowed;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "$UO!kO!SO!", names, &preset, &PyTuple_Type, &opts, &allowed,
                                     &PyTuple_Type, &lists, &preset_json, &PyTuple_Type, &nowin))
        return NULL;
    if (PyTuple_GET_SIZE(nowin) != 2) {
        PyErr_SetString(PyExc_ValueError, "prepare: nowin_json holds 2 tuples");
        return NULL;
    }
    if (PyTuple_GET_SIZE(opts) != N_PREP_OPTIONS || PyTuple_GET_SIZE(lists) != 8) {
        PyErr_SetString(PyExc_ValueError, "prepare: N_PREP_OPTIONS options and 8 candidate lists");
        return NULL;
    }
    Prep *p = PyMem_Calloc(1, sizeof(Prep));
    if (p == NULL) return PyErr_NoMemory();
    long long v[N_PREP_OPTIONS];
    for (int i = 0; i < N_PREP_OPTIONS; i++)
        if (as_int(opts, i, &v[i]) < 0) {
            PyMem_Free(p);
            return NULL;
        }
    PREP_OPTIONS_SET(p, v);
    p->allowed = (unsigned)allowed;
    p->preset = Py_NewRef(preset);
    p->preset_json = Py_NewRef(preset_json);
    PyObject *capsule = PyCapsule_New(p, "riichi.native.rules", prep_free);
    if (capsule == NULL) {
        Py_DECREF(p->preset);
        Py_DECREF(p->preset_json);
        PyMem_Free(p);
        return NULL;
    }
    for (int r = 0; r < N_REASONS; r++) {
        PyObject *t = PyTuple_GET_ITEM(nowin, r);
        if (!PyTuple_Check(t) || PyTuple_GET_SIZE(t) != N_LANGS) {
            PyErr_SetString(PyExc_ValueError, "prepare: nowin_json by language");
            Py_DECREF(capsule);
            return NULL;
        }
        for (int l = 0; l < N_LANGS; l++) {
            PyObject *b = PyTuple_GET_ITEM(t, l);
            if (!PyBytes_Check(b)) {
                PyErr_SetString(PyExc_TypeError, "prepare: nowin_json holds bytes");
                Py_DECREF(capsule);
                return NULL;
            }
            p->nowin_json[r][l] = Py_NewRef(b);
        }
    }
    for (int l = 0; l < 8; l++) {
        PyObject *list = PyTuple_GET_ITEM(lists, l);
        if (!PyTuple_Check(list)) {
            PyErr_SetString(PyExc_TypeError, "prepare: a candidate list is a tuple");
            Py_DECREF(capsule);
            return NULL;
        }
        Py_ssize_t n = PyTuple_GET_SIZE(list);
        if (n > MAX_CANDIDATES) {
            Py_DECREF(capsule);
            Py_RETURN_NONE;
        }
        CandList *cl = &p->lists[l];
        for (Py_ssize_t i = 0; i < n; i++) {
            Cand *y = &cl->c[i];
            cl->n = (int)i + 1; /* prep_free releases what read_candidate took, even on failure */
            int read = read_candidate(PyTuple_GET_ITEM(list, i), y);
            if (read != 0) {
                Py_DECREF(capsule);
                if (read < 0) return NULL;
                Py_RETURN_NONE;
            }
            if (y->yakuman) cl->yakuman_mask |= 1ULL << i;
        }
    }
    return capsule;
}

/* The slot offset of each field of a Struct type, found through its bases (a request's shared fields are
 * declared on a base: model.Situation); -1 when one is not a plain object slot. */
static int offsets(PyTypeObject *type, const char *const *names, int n, Py_ssize_t *out) {
    for (int i = 0; i < n; i++) {
        PyObject *name = PyUnicode_InternFromString(names[i]);
        if (name == NULL) return -1;
        PyObject *d = _PyType_Lookup(type, name); /* borrowed, along the MRO */
        Py_DECREF(name);
        if (d == NULL || !Py_IS_TYPE(d, &PyMemberDescr_Type)) return -1;
        PyMemberDef *m = ((PyMemberDescrObject *)d)->d_member;
        if (m->type != T_OBJECT_EX && m->type != T_OBJECT) return -1;
        out[i] = m->offset;
    }
    return 0;
}

static int take(PyObject *t, Py_ssize_t i, PyObject **slot) {
    PyObject *o = PyTuple_GetItem(t, i);
    if (o == NULL) return -1;
    Py_XSETREF(*slot, Py_NewRef(o));
    return 0;
}

static int take_strs(PyObject *t, Py_ssize_t i, PyObject **slots, int n) {
    PyObject *o = PyTuple_GetItem(t, i);
    if (o == NULL) return -1;
    if (!PyTuple_Check(o) || PyTuple_GET_SIZE(o) != n) {
        PyErr_Format(PyExc_ValueError, "init: item %zd holds %d objects", i, n);
        return -1;
    }
    for (int j = 0; j < n; j++) Py_XSETREF(slots[j], Py_NewRef(PyTuple_GET_ITEM(o, j)));
    return 0;
}

/* The keyword names of a call of a Struct type: its own field name objects (__struct_fields__), so that
 * msgspec matches each by identity, not by comparing strings. */
static PyObject *field_names(PyObject *type, const char **names, int n) {
    PyObject *fields = PyObject_GetAttrString(type, "__struct_fields__");
    if (fields == NULL) return NULL;
    PyObject *out = PyTuple_New(n);
    if (out == NULL || !PyTuple_Check(fields)) {
        Py_DECREF(fields);
        Py_XDECREF(out);
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, "__struct_fields__ is a tuple");
        return NULL;
    }
    for (int i = 0; i < n; i++) {
        PyObject *found = NULL;
        for (Py_ssize_t j = 0; j < PyTuple_GET_SIZE(fields); j++) {
            PyObject *name = PyTuple_GET_ITEM(fields, j);
            if (PyUnicode_Check(name) && PyUnicode_CompareWithASCIIString(name, names[i]) == 0) found = name;
        }
        if (found == NULL) {
            PyErr_Format(PyExc_ValueError, "no field %s", names[i]);
            Py_DECREF(fields);
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, i, Py_NewRef(found));
    }
    Py_DECREF(fields);
    return out;
}

/* init(shared: tuple) -> bool: the objects the answers are made of, item INIT_<NAME> the one contract.INIT_ITEMS
 * names (native.start builds the tuple from the same names). False when the request types are not laid out as
 * this file reads them (then score() always declines). Each item has its case below: a name added to the
 * contract without one is a build error (-Werror=switch). */
static PyObject *init(PyObject *self, PyObject *arg) {
    if (released) {
        PyErr_SetString(PyExc_RuntimeError, "init: a batch is being scored");
        return NULL;
    }
    if (!PyTuple_Check(arg) || PyTuple_GET_SIZE(arg) != N_INIT) {
        PyErr_Format(PyExc_ValueError, "init: %d items", N_INIT);
        return NULL;
    }
    ready = 0;
    PyObject *types = PyTuple_GET_ITEM(arg, INIT_TYPES);
    for (int k = 0; k < 2; k++) { /* ((ScoreRequest, MeldSpec), (UncheckedScoreRequest, UncheckedMeldSpec)) */
        if (!PyTuple_Check(types) || PyTuple_GET_SIZE(types) != 2 || !PyTuple_Check(PyTuple_GET_ITEM(types, k)) ||
            PyTuple_GET_SIZE(PyTuple_GET_ITEM(types, k)) != 2) {
            PyErr_SetString(PyExc_TypeError, "init: types: two (request type, meld type) pairs");
            return NULL;
        }
        PyObject *rt = PyTuple_GET_ITEM(PyTuple_GET_ITEM(types, k), 0), *mt = PyTuple_GET_ITEM(PyTuple_GET_ITEM(types, k), 1);
        if (!PyType_Check(rt) || !PyType_Check(mt)) {
            PyErr_SetString(PyExc_TypeError, "init: request and meld types");
            return NULL;
        }
        if (offsets((PyTypeObject *)rt, REQ_FIELDS, N_REQ, req_off[k]) < 0 ||
            offsets((PyTypeObject *)mt, MELD_FIELDS, N_MELD, meld_off[k]) < 0)
            Py_RETURN_FALSE;
        Py_XSETREF(request_type[k], (PyTypeObject *)Py_NewRef(rt));
        Py_XSETREF(meld_type[k], (PyTypeObject *)Py_NewRef(mt));
    }
    for (int i = 0; i < N_INIT; i++) {
        int failed = 0;
        switch ((InitItem)i) {
        case INIT_TYPES: break; /* read above */
        case INIT_RESULT_TYPE: failed = take(arg, i, &result_type); break;
        case INIT_READING_TYPE: failed = take(arg, i, &reading_type); break;
        case INIT_PAYMENT_TYPE: failed = take(arg, i, &payment_type); break;
        case INIT_SETS_OUT: failed = take(arg, i, &sets_out); break;
        case INIT_DORA: failed = take(arg, i, &dora_items); break;
        case INIT_URA: failed = take(arg, i, &ura_items); break;
        case INIT_AKA: failed = take(arg, i, &aka_items); break;
        case INIT_FU_ITEMS: failed = take_strs(arg, i, fu_obj, N_FU); break;
        case INIT_WAITS: failed = take_strs(arg, i, wait_str, N_WAITS); break;
        case INIT_SHAPES: failed = take_strs(arg, i, shape_str, N_SHAPES); break;
        case INIT_LIMITS: failed = take_strs(arg, i, limit_str, N_LIMITS); break;
        case INIT_LIMIT_NAMES: failed = take_strs(arg, i, limit_text, N_LIMITS); break;
        case INIT_PAYERS: failed = take_strs(arg, i, payer_str, N_PAYERS); break;
        case INIT_PAYER_NAMES: failed = take_strs(arg, i, payer_text, N_PAYERS); break;
        case INIT_REASONS: failed = take_strs(arg, i, reason_str, N_REASONS); break;
        case INIT_REASON_NAMES: failed = take_strs(arg, i, reason_text, N_REASONS); break;
        }
        if (failed) return NULL;
    }
    if (!PyList_Check(sets_out) || PyList_GET_SIZE(sets_out) != 4 * 34 * 2 || !PyList_Check(dora_items) ||
        !PyList_Check(ura_items) || !PyList_Check(aka_items)) {
        PyErr_SetString(PyExc_ValueError, "init: sets_out (272) and the dora item lists are lists");
        return NULL;
    }
    for (int i = 0; i < N_FU; i++) {
        PyObject *v = PyObject_GetAttrString(fu_obj[i], "fu");
        if (v == NULL) return NULL;
        fu_val[i] = (int)PyLong_AsLong(v);
        Py_DECREF(v);
        if (PyErr_Occurred()) return NULL;
    }
    static const char *win_names[15] = {"is_win", "preset", "han", "fu", "yaku", "yakuman", "fu_breakdown", "limit",
                                        "limit_name", "base_points", "points", "payments", "riichi_sticks_won", "total",
                                        "reading"};
    static const char *nowin_names[4] = {"is_win", "reason", "preset", "reason_name"};
    Py_XSETREF(win_kwnames, field_names(result_type, win_names, 15));
    Py_XSETREF(nowin_kwnames, field_names(result_type, nowin_names, 4));
    if (win_kwnames == NULL || nowin_kwnames == NULL) return NULL;
    ready = 1;
    Py_RETURN_TRUE;
}

/* A tuple of n tuples of m bytes (by its first index, then language or count). */
static int bytes_grid(PyObject *t, int n, int m, PyObject **out /* n * m */) {
    if (!PyTuple_Check(t) || PyTuple_GET_SIZE(t) != n) return -1;
    for (int i = 0; i < n; i++) {
        PyObject *row = PyTuple_GET_ITEM(t, i);
        if (!PyTuple_Check(row) || PyTuple_GET_SIZE(row) != m) return -1;
        for (int j = 0; j < m; j++) {
            PyObject *b = PyTuple_GET_ITEM(row, j);
            if (!PyBytes_Check(b)) return -1;
            Py_XSETREF(out[i * m + j], Py_NewRef(b));
        }
    }
    return 0;
}

/* init_json(fragments: tuple) -> None: msgspec's encoding of the shared objects, item INIT_JSON_<NAME> the one
 * contract.INIT_JSON_ITEMS names (and describes); one case each (-Werror=switch). */
static PyObject *init_json(PyObject *self, PyObject *arg) {
    PyObject *tails_flat[3 * 3 * N_LANGS] = {NULL};
    if (released) {
        PyErr_SetString(PyExc_RuntimeError, "init_json: a batch is being scored");
        return NULL;
    }
    json_ready = 0;
    if (!PyTuple_Check(arg) || PyTuple_GET_SIZE(arg) != N_INIT_JSON) {
        PyErr_Format(PyExc_ValueError, "init_json: %d items", N_INIT_JSON);
        return NULL;
    }
    for (int i = 0; i < N_INIT_JSON; i++) {
        PyObject *item = PyTuple_GET_ITEM(arg, i);
        PyObject **by_lang = NULL;
        int failed = 0;
        switch ((InitJsonItem)i) {
        case INIT_JSON_DORA: by_lang = dora_json; break;
        case INIT_JSON_URA: by_lang = ura_json; break;
        case INIT_JSON_AKA: by_lang = aka_json; break;
        case INIT_JSON_FU_ITEMS: failed = bytes_grid(item, N_FU, N_LANGS, &fu_json[0][0]); break;
        case INIT_JSON_SETS_OUT:
            failed = !PyTuple_Check(item) || PyTuple_GET_SIZE(item) != 4 * 34 * 2;
            if (!failed) Py_XSETREF(sets_json, Py_NewRef(item));
            break;
        case INIT_JSON_SHAPES: failed = bytes_grid(item, 1, N_SHAPES, shape_json); break;
        case INIT_JSON_WAITS: failed = bytes_grid(item, 1, N_WAITS, wait_json); break;
        case INIT_JSON_LIMITS: failed = bytes_grid(item, 1, N_LIMITS, limit_json); break;
        case INIT_JSON_LIMIT_NAMES: failed = bytes_grid(item, N_LIMITS, N_LANGS, &limit_text_json[0][0]); break;
        case INIT_JSON_PAYER_HEADS: failed = bytes_grid(item, 1, N_PAYERS, payer_head); break;
        case INIT_JSON_PAYER_TAILS:
            failed = !PyTuple_Check(item) || PyTuple_GET_SIZE(item) != N_PAYERS;
            for (int payer = 0; !failed && payer < N_PAYERS; payer++) {
                if (bytes_grid(PyTuple_GET_ITEM(item, payer), 3, N_LANGS, &tails_flat[payer * 3 * N_LANGS]) < 0) {
                    failed = 1;
                    break;
                }
                for (int c = 0; c < 3; c++)
                    for (int l = 0; l < N_LANGS; l++)
                        Py_XSETREF(payer_tail[payer][c][l], tails_flat[(payer * 3 + c) * N_LANGS + l]);
            }
            break;
        }
        if (by_lang != NULL) { /* dora, ura, aka: by language, then count */
            failed = !PyTuple_Check(item) || PyTuple_GET_SIZE(item) != N_LANGS;
            for (int l = 0; !failed && l < N_LANGS; l++) {
                PyObject *by_count = PyTuple_GET_ITEM(item, l);
                if (!PyTuple_Check(by_count)) failed = 1;
                else Py_XSETREF(by_lang[l], Py_NewRef(by_count));
            }
        }
        if (failed) goto bad;
    }
    json_ready = 1;
    Py_RETURN_NONE;
bad:
    if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "init_json: fragments not laid out as documented");
    return NULL;
}

static PyMethodDef methods[] = {
    {"parse_batch", (PyCFunction)(void (*)(void))parse_batch, METH_FASTCALL,
     "parse_batch(body, presets, max_hands) -> (batch, count) | None: a batch body read without the decoders."},
    {"score_parsed_run", (PyCFunction)(void (*)(void))score_parsed_run, METH_FASTCALL,
     "score_parsed_run(batch, start, stop, lang) -> (bytes, int): a run of a parsed batch's hands as JSON."},
    {"parsed_span", (PyCFunction)(void (*)(void))parsed_span, METH_FASTCALL,
     "parsed_span(batch, i) -> (start, end): where hand i is in the body."},
    {"score_json_run", (PyCFunction)(void (*)(void))native_score_json_run, METH_FASTCALL,
     "score_json_run(hands, start, stop, rules, prepared, lang) -> (bytes, int): a run of hands as JSON."},
    {"init_json", init_json, METH_O, "init_json(fragments) -> None: the encoded shared objects (native.py)."},
    {"score", (PyCFunction)(void (*)(void))native_score, METH_FASTCALL,
     "score(request, prepared) -> ScoreResult | None: the request scored, or None (the Python path decides)."},
    {"prepare", (PyCFunction)(void (*)(void))prepare, METH_VARARGS | METH_KEYWORDS,
     "prepare(*, preset, options, allowed, lists, preset_json, nowin_json) -> rules for score(), or None."},
    {"init", init, METH_O, "init(shared) -> bool: the objects answers are made of (service.scoring.native)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "service.scoring._native",
    "The scoring hot path in C; see service/scoring/native.py and the top of _native.c.", -1, methods,
};

PyMODINIT_FUNC PyInit__native(void) {
    memset(by_length, -1, sizeof by_length);
    for (int i = 0; i < N_REQ; i++) {
        size_t n = strlen(REQ_FIELDS[i]);
        int c = 0;
        while (n > MAX_KEY || by_length[n][c] >= 0) /* never: every name fits, at most 8 of a length */
            if (n > MAX_KEY || ++c == 8) return PyErr_Format(PyExc_SystemError, "field name %s", REQ_FIELDS[i]);
        by_length[n][c] = (int8_t)i;
    }
    for (int c = 0x20; c < 0x7f; c++) js_plain[c] = c != '"' && c != '\\';
    return PyModule_Create(&module);
}

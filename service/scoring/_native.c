/* The scoring hot path in C: one ScoreRequest to its ScoreResult, or None; and a batch body read from its
 * JSON and its hands answered as JSON (parse_batch, score_parsed_run) (issue 17, BENCHMARKS.md).
 *
 * This file is a second implementation of what validate.py, hand.py, decompose.py, yaku.py (the
 * predicates by their _NATIVE_TESTS code), fu.py, limits.py, payments.py and score.py do for the common
 * request, kept equal to them by tests/scoring/test_native.py (every answer compared with the Python
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
 * repeated here, as a decline. Ties between readings are settled as score.py settles them, because the
 * readings come in score.readings' order (decompose.splits_by_keys' order of splits, then the winning
 * tile's place in each).
 *
 * Why: in compiled Python a cold score() spends 20-25 % of its time allocating, freeing and reference
 * counting the objects of the hand and its readings; here the hand and the readings are C structs and
 * only the answer is made of Python objects (BENCHMARKS.md, "the core against riichienv").
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Fact bits: hand.py's F_* (the needs masks of the candidates are built from the same names). */
#define F_HONOURS (1ULL << 0)
#define F_NO_HONOURS (1ULL << 1)
#define F_SIMPLES_ONLY (1ULL << 2)
#define F_TERMINAL_OR_HONOUR (1ULL << 3)
#define F_TERMINALS_AND_HONOURS_ONLY (1ULL << 4)
#define F_TERMINALS_ONLY (1ULL << 5)
#define F_GREEN_ONLY (1ULL << 6)
#define F_ONE_SUIT (1ULL << 7)
#define F_NO_SUIT (1ULL << 8)
#define F_TSUMO (1ULL << 9)
#define F_NO_MELDS (1ULL << 10)
#define F_STANDARD (1ULL << 11)
#define F_CHIITOITSU (1ULL << 12)
#define F_KOKUSHI (1ULL << 13)
#define F_RUNS (1ULL << 14)
#define F_THREE_RUNS (1ULL << 15)
#define F_TRIPLETS (1ULL << 16)
#define F_THREE_TRIPLETS (1ULL << 17)
#define F_KANS (1ULL << 18)
#define F_IDENTICAL_RUNS (1ULL << 19)
#define F_RYANMEN (1ULL << 20)
#define F_RIICHI (1ULL << 21)
#define F_DOUBLE_RIICHI (1ULL << 22)
#define F_IPPATSU (1ULL << 23)
#define F_HAITEI (1ULL << 24)
#define F_HOUTEI (1ULL << 25)
#define F_RINSHAN (1ULL << 26)
#define F_CHANKAN (1ULL << 27)
#define F_TENHOU (1ULL << 28)
#define F_CHIIHOU (1ULL << 29)
#define F_DRAGON_TRIPLET (1ULL << 31)
#define F_WIND_TRIPLET (1ULL << 32)
#define F_TERMINAL_PAIR (1ULL << 33)

#define ALL_KINDS ((1ULL << 34) - 1)
#define TERMINALS ((1ULL << 0) | (1ULL << 8) | (1ULL << 9) | (1ULL << 17) | (1ULL << 18) | (1ULL << 26))
#define HONOURS (0x7FULL << 27)
#define TERMINALS_AND_HONOURS (TERMINALS | HONOURS)
#define GREEN ((1ULL << 19) | (1ULL << 20) | (1ULL << 21) | (1ULL << 23) | (1ULL << 25) | (1ULL << 32))
#define SUIT_MASK(s) (0x1FFULL << (9 * (s)))

enum { RUN = 0, TRIPLET = 1, KAN = 2, PAIR = 3 };
enum { STANDARD = 0, CHIITOITSU = 1, KOKUSHI = 2 };
enum { RYANMEN = 0, KANCHAN, PENCHAN, SHANPON, TANKI, W_KOKUSHI, W_KOKUSHI_13, N_WAITS };
enum {
    FU_BASE = 0, FU_CHIITOITSU, FU_CLOSED_RON, FU_TSUMO, FU_PAIR_DRAGON, FU_PAIR_SEAT, FU_PAIR_ROUND,
    FU_DOUBLE_WIND_2, FU_DOUBLE_WIND_4, FU_KANCHAN, FU_PENCHAN, FU_TANKI, FU_OPEN_PINFU, FU_TRIPLET, /* +8 */
    N_FU = FU_TRIPLET + 8
};
/* Limits as score.py names them, in this order (native.py passes their strings and English names). */
enum { L_NONE = 0, L_MANGAN, L_HANEMAN, L_BAIMAN, L_SANBAIMAN, L_KAZOE, L_YAKUMAN1, N_LIMITS = L_YAKUMAN1 + 6 };

/* ScoreRequest's fields in declaration order (validate.REQUEST_FIELDS). */
enum {
    R_HAND, R_WIN_TILE, R_RULES, R_MELDS, R_WIN, R_DEALER, R_SEAT_WIND, R_ROUND_WIND, R_RIICHI, R_DOUBLE_RIICHI,
    R_IPPATSU, R_HAITEI, R_HOUTEI, R_RINSHAN, R_CHANKAN, R_TENHOU, R_CHIIHOU, R_RENHOU, R_OPEN_RIICHI, R_SASHIKOMI,
    R_PAARENCHAN, R_NAGASHI_MANGAN, R_RINSHAN_OPEN_KAN, R_DORA, R_URA, R_HONBA, R_RIICHI_STICKS, R_NUKIDORA, N_REQ
};
static const char *REQ_FIELDS[N_REQ] = {
    "hand", "win_tile", "rules", "melds", "win", "dealer", "seat_wind", "round_wind", "riichi", "double_riichi",
    "ippatsu", "haitei", "houtei", "rinshan", "chankan", "tenhou", "chiihou", "renhou", "open_riichi", "sashikomi",
    "paarenchan", "nagashi_mangan", "rinshan_open_kan", "dora_indicators", "ura_indicators", "honba",
    "riichi_sticks", "nukidora",
};
enum { M_TYPE, M_TILES, M_CLOSED, N_MELD };
static const char *MELD_FIELDS[N_MELD] = {"type", "tiles", "closed"};
static const Py_ssize_t MELD_FIELD_LEN[N_MELD] = {4, 5, 6};

/* Situation flags a rule set may lack as yaku (validate: absent_yaku_message): Prep.allowed bits. */
enum { A_DOUBLE_RIICHI = 1, A_IPPATSU = 2, A_HAITEI = 4, A_HOUTEI = 8, A_RINSHAN = 16, A_CHANKAN = 32,
       A_TENHOU = 64, A_CHIIHOU = 128 };

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
static PyObject *wait_str[N_WAITS], *shape_str[3];
static PyObject *limit_str[N_LIMITS], *limit_text[N_LIMITS];
static PyObject *payer_str[3], *payer_text[3]; /* discarder, dealer, non_dealer */
static PyObject *reason_str[2], *reason_text[2]; /* not_complete, no_yaku */
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
    PyObject *nowin_json[2][3]; /* the whole answer of no win (not_complete, no_yaku) by language */
    int kuitan, aka, aka_per_suit, kazoe, kiriage, mangan_cap, yakuman_cap, double_wind_fu, open_pinfu_fu,
        pinfu_tsumo_fu, ryuuiisou_8s, chanta_needs_run, honba_points, riichi_deposit, kokushi_yaku, riichi_yaku, winds;
    unsigned allowed;
    CandList lists[8]; /* yaku.table_index order */
} Prep;
enum { KAZOE_YAKUMAN = 0, KAZOE_SANBAIMAN = 1, KAZOE_UNCAPPED = 2 };

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

/* ---- reading request fields -------------------------------------------------------------------- */

#define FIELD(obj, off) (*(PyObject **)((char *)(obj) + (off)))

/* An exact ASCII str's bytes, or NULL. */
static inline const char *ascii(PyObject *o, Py_ssize_t *n) {
    if (!PyUnicode_CheckExact(o) || !PyUnicode_IS_ASCII(o)) return NULL;
    *n = PyUnicode_GET_LENGTH(o);
    return (const char *)PyUnicode_1BYTE_DATA(o);
}

/* A bool field as 0/1, or -1 when it is not exactly True or False. */
static inline int flag(PyObject *o) { return o == Py_True ? 1 : (o == Py_False ? 0 : -1); }

/* mpsz as tiles.count_hand / tiles.mpsz_kinds read it: digit groups each closed by m, p, s or z; 0 is a red
 * five (m/p/s), honours 1-7. Kinds go to kinds[] (at most max), red fives per suit to reds[]. Returns the
 * number of tiles, or -1 (invalid, or more than max). */
static int parse_mpsz(const char *s, Py_ssize_t n, int *kinds, int max, int *reds) {
    Py_ssize_t start = 0;
    int count = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        char ch = s[i];
        if (ch >= '0' && ch <= '9') continue;
        if (i == start) return -1;
        int base = ch == 'm' ? 0 : ch == 'p' ? 9 : ch == 's' ? 18 : ch == 'z' ? 27 : -1;
        if (base < 0) return -1;
        for (Py_ssize_t j = start; j < i; j++) {
            int rank = s[j] - '0';
            int kind;
            if (base == 27) {
                if (rank < 1 || rank > 7) return -1;
                kind = 26 + rank;
            } else if (rank == 0) {
                kind = base + 4;
                reds[base / 9]++;
            } else {
                kind = base + rank - 1;
            }
            if (count >= max) return -1;
            kinds[count++] = kind;
        }
        start = i + 1;
    }
    if (start != n) return -1;
    return count;
}

/* A tile field: an mpsz string (parse_mpsz) or a tuple of one-tile codes ("5m", "0p": tiles.parse_tiles). */
static int parse_field(PyObject *o, int *kinds, int max, int *reds) {
    Py_ssize_t n;
    const char *s = ascii(o, &n);
    if (s != NULL) return parse_mpsz(s, n, kinds, max, reds);
    if (!PyTuple_CheckExact(o)) return -1;
    Py_ssize_t size = PyTuple_GET_SIZE(o);
    if (size > max) return -1;
    for (Py_ssize_t i = 0; i < size; i++) {
        s = ascii(PyTuple_GET_ITEM(o, i), &n);
        if (s == NULL || n != 2 || parse_mpsz(s, n, kinds + i, 1, reds) != 1) return -1;
    }
    return (int)size;
}

static inline int dora_of(int k) {
    if (k < 27) return k - k % 9 + (k % 9 + 1) % 9;
    if (k < 31) return 27 + (k - 27 + 1) % 4;
    return 31 + (k - 31 + 1) % 3;
}

/* "E", "S", "W" or "N" as its kind (27-30), or -1. */
static inline int wind_of(const char *s, Py_ssize_t n) {
    if (s == NULL || n != 1) return -1;
    switch (s[0]) {
    case 'E': return 27;
    case 'S': return 28;
    case 'W': return 29;
    case 'N': return 30;
    }
    return -1;
}

static inline int wind_kind(PyObject *o) {
    Py_ssize_t n;
    const char *s = ascii(o, &n);
    return wind_of(s, n);
}

/* A request's fields as this file reads them, from either source: a request object (read_py) or a batch
 * body's JSON (read_json). Tile fields are parsed (kinds, and red fives counted per suit); a field the
 * source left out holds its ScoreRequest default. */
typedef struct {
    int type, closed, n, kinds[4];
} MeldIn;
typedef struct {
    int tsumo, dealer, seat, round; /* dealer: -1 null, 0, 1; seat, round: -1 null, or a wind's kind */
    int fl[R_CHIIHOU + 1];          /* R_RIICHI .. R_CHIIHOU: 0 or 1 */
    int honba, sticks;              /* 0-100 */
    int n_hand, hand[14], win;
    int n_melds;
    MeldIn melds[4];
    int n_dora, dora[5], n_ura, ura[5];
    int reds[9]; /* red fives by suit: [0:3] hand, win and melds; [3:6] dora, [6:9] ura indicators */
    int repeated; /* read_json: a key was repeated (the hand's, or a meld's) */
} Req;

/* A meld's tiles (one digit group and its suit letter: a text of validate.MELDS, at most one red five)
 * into m->kinds for its type (m->type set); 1, or 0 to decline. */
static int meld_tiles(const char *s, Py_ssize_t n, MeldIn *m, int *reds) {
    int size = m->type == KAN ? 4 : 3;
    if (s == NULL || n != size + 1) return 0;
    int meld_reds[3] = {0};
    if (parse_mpsz(s, n, m->kinds, size, meld_reds) != size) return 0;
    if (meld_reds[0] + meld_reds[1] + meld_reds[2] > 1) return 0;
    for (int j = 0; j < 3; j++) reds[j] += meld_reds[j];
    m->n = size;
    return 1;
}

/* "chi", "pon" or "kan" as RUN, TRIPLET or KAN; -1 for anything else. */
static inline int meld_kind(const char *s, Py_ssize_t n) {
    if (s == NULL || n != 3) return -1;
    if (memcmp(s, "chi", 3) == 0) return RUN;
    if (memcmp(s, "pon", 3) == 0) return TRIPLET;
    if (memcmp(s, "kan", 3) == 0) return KAN;
    return -1;
}

/* A request object's fields (a ScoreRequest or an UncheckedScoreRequest, kind 0 or 1) into *q: 1, or 0 to
 * decline (the optional rules' flags, three-player Norths, a value not of the type or notation read). */
static int read_py(PyObject *req, int kind, Req *q) {
    PyObject *f[N_REQ];
    const Py_ssize_t *off = req_off[kind], *moff = meld_off[kind];
    for (int i = 0; i < N_REQ; i++) {
        f[i] = FIELD(req, off[i]);
        if (f[i] == NULL) return 0;
    }
    if (f[R_RENHOU] != Py_False || f[R_OPEN_RIICHI] != Py_False || f[R_SASHIKOMI] != Py_False ||
        f[R_NAGASHI_MANGAN] != Py_False || f[R_RINSHAN_OPEN_KAN] != Py_False)
        return 0;
    if (!PyLong_CheckExact(f[R_PAARENCHAN]) || PyLong_AsLong(f[R_PAARENCHAN]) != 0) return 0;
    if (!PyLong_CheckExact(f[R_NUKIDORA]) || PyLong_AsLong(f[R_NUKIDORA]) != 0) return 0;
    if (!PyLong_CheckExact(f[R_HONBA]) || !PyLong_CheckExact(f[R_RIICHI_STICKS])) return 0;
    long honba = PyLong_AsLong(f[R_HONBA]), sticks = PyLong_AsLong(f[R_RIICHI_STICKS]);
    if (honba < 0 || honba > 100 || sticks < 0 || sticks > 100) {
        PyErr_Clear();
        return 0;
    }
    q->honba = (int)honba;
    q->sticks = (int)sticks;
    for (int i = R_RIICHI; i <= R_CHIIHOU; i++) {
        q->fl[i] = flag(f[i]);
        if (q->fl[i] < 0) return 0;
    }
    Py_ssize_t n;
    const char *s = ascii(f[R_WIN], &n);
    if (s == NULL) return 0;
    if (n == 5 && memcmp(s, "tsumo", 5) == 0) q->tsumo = 1;
    else if (n == 3 && memcmp(s, "ron", 3) == 0) q->tsumo = 0;
    else return 0;

    memset(q->reds, 0, sizeof q->reds);
    q->n_hand = parse_field(f[R_HAND], q->hand, 14, q->reds);
    if (q->n_hand < 0) return 0;
    s = ascii(f[R_WIN_TILE], &n); /* one tile code (tiles.SINGLE_TILES) */
    if (s == NULL || n != 2 || parse_mpsz(s, n, &q->win, 1, q->reds) != 1) return 0;

    PyObject *melds = f[R_MELDS];
    if (!PyTuple_CheckExact(melds)) return 0;
    Py_ssize_t n_melds = PyTuple_GET_SIZE(melds);
    if (n_melds > 4) return 0;
    for (Py_ssize_t i = 0; i < n_melds; i++) {
        PyObject *m = PyTuple_GET_ITEM(melds, i);
        if (Py_TYPE(m) != meld_type[kind]) return 0;
        PyObject *type = FIELD(m, moff[M_TYPE]), *tiles = FIELD(m, moff[M_TILES]);
        PyObject *closed_obj = FIELD(m, moff[M_CLOSED]);
        if (type == NULL || tiles == NULL || closed_obj == NULL) return 0;
        MeldIn *mi = &q->melds[i];
        if ((mi->closed = flag(closed_obj)) < 0) return 0;
        const char *ts = ascii(type, &n);
        if ((mi->type = meld_kind(ts, n)) < 0) return 0;
        s = ascii(tiles, &n);
        if (!meld_tiles(s, n, mi, q->reds)) return 0;
    }
    q->n_melds = (int)n_melds;

    q->n_dora = parse_field(f[R_DORA], q->dora, 5, q->reds + 3);
    if (q->n_dora < 0) return 0;
    q->n_ura = parse_field(f[R_URA], q->ura, 5, q->reds + 6);
    if (q->n_ura < 0) return 0;

    PyObject *dealer = f[R_DEALER];
    if (dealer == Py_None) q->dealer = -1;
    else if ((q->dealer = flag(dealer)) < 0) return 0;
    q->seat = q->round = -1;
    if (f[R_SEAT_WIND] != Py_None && (q->seat = wind_kind(f[R_SEAT_WIND])) < 0) return 0;
    if (f[R_ROUND_WIND] != Py_None && (q->round = wind_kind(f[R_ROUND_WIND])) < 0) return 0;
    return 1;
}

/* validate.parse_request + hand.Hand for the requests this file takes (see the top), from their fields.
 * Returns 1 with *h filled, or 0: decline (the Python path decides, and raises where the request is invalid).
 *
 * Long because it is every check of parse_request that can refuse such a request, in its order, each a
 * decline: split up, the fields would be read and passed around again for each part. */
static int load(const Req *q, const Prep *p, Hand *h) {
    if ((q->honba && !p->honba_points) || (q->sticks && !p->riichi_deposit)) return 0; /* validate.table_errors */
    h->honba = q->honba;
    h->sticks = q->sticks;
    const int *fl = q->fl;
    int tsumo = q->tsumo;
    int reds[9];
    memcpy(reds, q->reds, sizeof reds);
    int total[34] = {0};
    memset(h->conc, 0, sizeof h->conc);

    /* hand and win tile */
    int n_hand = q->n_hand, n_melds = q->n_melds;
    for (int i = 0; i < n_hand; i++) h->conc[q->hand[i]]++;
    int win = q->win;
    h->win = win;
    h->conc[win]++;

    /* melds */
    if (n_melds > 4 || n_hand != 13 - 3 * n_melds) return 0;
    memcpy(h->counts, h->conc, sizeof h->counts);
    int menzen = 1, has_kan = 0;
    uint64_t meld_mask = 0;
    memset(h->n_kans_of, 0, sizeof h->n_kans_of);
    for (int i = 0; i < n_melds; i++) {
        const MeldIn *m = &q->melds[i];
        int kind_of_meld = m->type, closed = m->closed, size = m->n;
        if (closed && kind_of_meld != KAN) return 0;
        int first;
        if (kind_of_meld == RUN) {
            int a = m->kinds[0], b = m->kinds[1], c = m->kinds[2], t;
            if (a > b) { t = a; a = b; b = t; }
            if (b > c) { t = b; b = c; c = t; }
            if (a > b) { t = a; a = b; b = t; }
            if (a >= 27 || b != a + 1 || c != a + 2 || a / 9 != c / 9) return 0;
            first = a;
            h->counts[a]++, h->counts[a + 1]++, h->counts[a + 2]++;
            total[a]++, total[a + 1]++, total[a + 2]++;
            meld_mask |= 7ULL << a;
            menzen = 0;
        } else {
            first = m->kinds[0];
            for (int j = 1; j < size; j++)
                if (m->kinds[j] != first) return 0;
            h->counts[first] += 3;
            total[first] += size;
            meld_mask |= 1ULL << first;
            if (kind_of_meld == KAN) {
                has_kan = 1;
                h->n_kans_of[first]++;
            }
            if (!closed) menzen = 0;
        }
        Group *g = &h->melds[i];
        g->type = (int8_t)kind_of_meld;
        g->first = (int8_t)first;
        g->called = (int8_t)!closed;
        g->concealed = (int8_t)closed;
    }
    h->n_melds = n_melds;
    h->menzen = menzen;

    /* indicators */
    int n_dora = q->n_dora, n_ura = q->n_ura;
    const int *dora = q->dora, *ura = q->ura;
    if (n_ura > n_dora) return 0;
    if (reds[3] > 1 || reds[4] > 1 || reds[5] > 1 || reds[6] > 1 || reds[7] > 1 || reds[8] > 1)
        return 0; /* two red fives of a suit in one indicator string: tiles.mpsz_kinds' general path */

    /* copies: hand, win, melds and indicators, 4 of each kind at most */
    for (int i = 0; i < n_dora; i++) total[dora[i]]++;
    for (int i = 0; i < n_ura; i++) total[ura[i]]++;
    uint64_t conc_mask = 0;
    for (int k = 0; k < 34; k++) {
        int c = h->conc[k];
        if (c) conc_mask |= 1ULL << k;
        if ((total[k] += c) > 4) return 0;
    }
    for (int suit = 0; suit < 3; suit++)
        if (reds[suit] + reds[3 + suit] + reds[6 + suit] > p->aka_per_suit) return 0;
    int chankan = fl[R_CHANKAN];
    if (chankan && total[win] > 1) return 0;

    /* winds (validate._winds) */
    int round_ = 27, seat, dealer;
    if (!p->winds) { /* no wind tiles anywhere, no seat or round wind; the dealer flag says who deals */
        if (total[27] || total[28] || total[29] || total[30]) return 0;
        if (q->seat >= 0 || q->round >= 0) return 0;
        seat = round_ = -1;
        dealer = q->dealer == 1;
    } else {
        if (q->round >= 0) round_ = q->round;
        if (q->seat < 0) {
            if (q->dealer != 1) return 0;
            seat = 27;
            dealer = 1;
        } else {
            seat = q->seat;
            dealer = seat == 27;
            if (q->dealer >= 0 && q->dealer != dealer) return 0;
        }
    }

    /* flags (validate._flags; renhou is declined when read) */
    int riichi_flag = fl[R_RIICHI], double_riichi = fl[R_DOUBLE_RIICHI], ippatsu = fl[R_IPPATSU];
    int haitei = fl[R_HAITEI], houtei = fl[R_HOUTEI], rinshan = fl[R_RINSHAN];
    int tenhou = fl[R_TENHOU], chiihou = fl[R_CHIIHOU];
    int riichi = riichi_flag || double_riichi;
    if (ippatsu && !riichi) return 0;
    if (riichi && !menzen) return 0;
    if (haitei && !tsumo) return 0;
    if (houtei && tsumo) return 0;
    if (rinshan && (!tsumo || !has_kan)) return 0;
    if (rinshan && haitei) return 0;
    if (chankan && (tsumo || houtei || haitei)) return 0;
    if (tenhou || chiihou) {
        if (tenhou && chiihou) return 0;
        if (n_melds || riichi || ippatsu || haitei || houtei || rinshan || chankan) return 0;
        if (tenhou && !(dealer && tsumo)) return 0;
        if (chiihou && (dealer || !tsumo)) return 0;
    }
    /* flags whose yaku the rules lack (validate: absent_yaku_message) */
    if (riichi_flag && !p->riichi_yaku) return 0;
    if ((double_riichi && !(p->allowed & A_DOUBLE_RIICHI)) || (ippatsu && !(p->allowed & A_IPPATSU)) ||
        (haitei && !(p->allowed & A_HAITEI)) || (houtei && !(p->allowed & A_HOUTEI)) ||
        (rinshan && !(p->allowed & A_RINSHAN)) || (chankan && !(p->allowed & A_CHANKAN)) ||
        (tenhou && !(p->allowed & A_TENHOU)) || (chiihou && !(p->allowed & A_CHIIHOU)))
        return 0;

    h->tsumo = tsumo;
    h->dealer = dealer;
    h->seat = seat;
    h->round = round_;
    h->riichi = riichi;
    h->double_riichi = double_riichi;
    h->ippatsu = ippatsu;
    h->haitei = haitei;
    h->houtei = houtei;
    h->rinshan = rinshan;
    h->chankan = chankan;
    h->tenhou = tenhou;
    h->chiihou = chiihou;
    h->red = p->aka ? reds[0] + reds[1] + reds[2] : 0;

    /* dora and ura dora (score._dora): every tile of the 14, a kan's fourth too; ura only with riichi */
    int dh = 0, uh = 0;
    for (int i = 0; i < n_dora; i++) {
        int k = dora_of(dora[i]);
        dh += h->counts[k] + h->n_kans_of[k];
    }
    if (riichi)
        for (int i = 0; i < n_ura; i++) {
            int k = dora_of(ura[i]);
            uh += h->counts[k] + h->n_kans_of[k];
        }
    h->dora_han = dh;
    h->ura_han = uh;

    /* hand.Hand's masks and facts */
    uint64_t mask = conc_mask | meld_mask;
    h->conc_mask = conc_mask;
    h->mask = mask;
    h->suits = ((mask & SUIT_MASK(0)) != 0) + ((mask & SUIT_MASK(1)) != 0) + ((mask & SUIT_MASK(2)) != 0);
    h->honours = (mask & HONOURS) != 0;
    h->situational = riichi || ippatsu || haitei || houtei || rinshan || chankan || tenhou || chiihou;
    uint64_t facts = h->honours ? F_HONOURS : F_NO_HONOURS;
    if (mask & TERMINALS_AND_HONOURS) {
        facts |= F_TERMINAL_OR_HONOUR;
        if (!(mask & (ALL_KINDS ^ TERMINALS_AND_HONOURS))) {
            facts |= F_TERMINALS_AND_HONOURS_ONLY;
            if (!(mask & (ALL_KINDS ^ TERMINALS))) facts |= F_TERMINALS_ONLY;
        }
    } else {
        facts |= F_SIMPLES_ONLY;
    }
    if (!(mask & (ALL_KINDS ^ GREEN))) facts |= F_GREEN_ONLY;
    if (h->suits == 1) facts |= F_ONE_SUIT;
    else if (h->suits == 0) facts |= F_NO_SUIT;
    if (tsumo) facts |= F_TSUMO;
    if (!n_melds) facts |= F_NO_MELDS;
    if (h->situational)
        facts |= (riichi ? F_RIICHI : 0) | (double_riichi ? F_DOUBLE_RIICHI : 0) | (ippatsu ? F_IPPATSU : 0) |
                 (haitei ? F_HAITEI : 0) | (houtei ? F_HOUTEI : 0) | (rinshan ? F_RINSHAN : 0) |
                 (chankan ? F_CHANKAN : 0) | (tenhou ? F_TENHOU : 0) | (chiihou ? F_CHIIHOU : 0);
    h->facts = facts;
    return 1;
}

/* ---- splits (decompose.splits_by_keys, in its order) -------------------------------------------- */

#define MAX_SPLITS 64
typedef struct { int pair, n; int codes[8]; } Split;

/* decompose._suit_sets from rank i of one suit (w: its 9 counts), codes in kinds (base: the suit's first). */
static int suit_sets(int *w, int i, int base, int *acc, int nacc, int pair, Split *out, int *nout) {
    while (i < 9 && w[i] == 0) i++;
    if (i == 9) {
        if (*nout >= MAX_SPLITS) return -1;
        Split *s = &out[(*nout)++];
        s->pair = pair;
        s->n = nacc;
        memcpy(s->codes, acc, sizeof(int) * (size_t)nacc);
        return 0;
    }
    if (nacc >= 4) return 0; /* no suit of a hand holds five sets */
    if (w[i] >= 3) {
        w[i] -= 3;
        acc[nacc] = 34 + base + i;
        int r = suit_sets(w, i, base, acc, nacc + 1, pair, out, nout);
        w[i] += 3;
        if (r < 0) return r;
    }
    if (i <= 6 && w[i + 1] && w[i + 2]) {
        w[i]--, w[i + 1]--, w[i + 2]--;
        acc[nacc] = base + i;
        int r = suit_sets(w, i, base, acc, nacc + 1, pair, out, nout);
        w[i]++, w[i + 1]++, w[i + 2]++;
        if (r < 0) return r;
    }
    return 0;
}

/* decompose._split_suit of the suit starting at kind base: pair -1 first when 3n tiles, else a pair each. */
static int split_suit(const int *conc, int base, Split *out) {
    int w[9], total = 0, nout = 0, acc[8];
    for (int i = 0; i < 9; i++) total += (w[i] = conc[base + i]);
    if (total % 3 == 0) {
        if (suit_sets(w, 0, base, acc, 0, -1, out, &nout) < 0) return -1;
        return nout;
    }
    if (total % 3 != 2) return 0;
    for (int pr = 0; pr < 9; pr++) {
        if (w[pr] >= 2) {
            w[pr] -= 2;
            int r = suit_sets(w, 0, base, acc, 0, base + pr, out, &nout);
            w[pr] += 2;
            if (r < 0) return -1;
        }
    }
    return nout;
}

static void sort_codes(Split *s) {
    for (int i = 1; i < s->n; i++) {
        int v = s->codes[i], j = i - 1;
        while (j >= 0 && s->codes[j] > v) {
            s->codes[j + 1] = s->codes[j];
            j--;
        }
        s->codes[j + 1] = v;
    }
}

/* The splits of the concealed part, as decompose.splits_by_keys lists them; -1 when too many to hold. */
static int splits(const int *conc, Split *out) {
    Split combos[MAX_SPLITS], next[MAX_SPLITS], suit[MAX_SPLITS];
    int n_combos = 1;
    combos[0].pair = -1;
    combos[0].n = 0;
    for (int k = 27; k < 34; k++) {
        int c = conc[k];
        if (c == 3) {
            if (combos[0].n >= 8) return -1;
            combos[0].codes[combos[0].n++] = 34 + k;
        } else if (c == 2) {
            if (combos[0].pair >= 0) return 0;
            combos[0].pair = k;
        } else if (c) {
            return 0;
        }
    }
    for (int s = 0; s < 3; s++) {
        int any = 0;
        for (int i = 0; i < 9; i++) any |= conc[9 * s + i];
        if (!any) continue;
        int n_suit = split_suit(conc, 9 * s, suit);
        if (n_suit < 0) return -1;
        if (n_suit == 0) return 0;
        int n_next = 0;
        for (int a = 0; a < n_combos; a++) {
            for (int b = 0; b < n_suit; b++) {
                if (combos[a].pair >= 0 && suit[b].pair >= 0) continue;
                if (n_next >= MAX_SPLITS || combos[a].n + suit[b].n > 8) return -1;
                Split *x = &next[n_next++];
                *x = combos[a];
                if (suit[b].pair >= 0) x->pair = suit[b].pair;
                memcpy(x->codes + x->n, suit[b].codes, sizeof(int) * (size_t)suit[b].n);
                x->n += suit[b].n;
            }
        }
        memcpy(combos, next, sizeof(Split) * (size_t)n_next);
        n_combos = n_next;
    }
    int n_out = 0;
    for (int a = 0; a < n_combos; a++) {
        if (combos[a].pair < 0) continue;
        out[n_out] = combos[a];
        sort_codes(&out[n_out]);
        n_out++;
    }
    return n_out;
}

/* ---- one reading: hand.Ctx's counts and facts ---------------------------------------------------- */

static void reading_facts(const Hand *h, Reading *r) {
    uint64_t run_mask = 0, twice = 0, thrice = 0, triplet_mask = 0;
    int identical = 0, n_runs = 0, n_triplets = 0, kans = 0, concealed = 0;
    for (int i = 0; i < r->n; i++) {
        const Group *g = &r->g[i];
        uint64_t bit = 1ULL << g->first;
        if (g->type == RUN) {
            n_runs++;
            if (!(run_mask & bit)) run_mask |= bit;
            else if (!(twice & bit)) {
                twice |= bit;
                identical++;
            } else if (!(thrice & bit)) thrice |= bit;
            else identical++;
        } else {
            triplet_mask |= bit;
            n_triplets++;
            if (g->type == KAN) kans++;
            if (g->concealed) concealed++;
        }
    }
    uint64_t facts = h->facts | (r->shape == STANDARD ? F_STANDARD : r->shape == CHIITOITSU ? F_CHIITOITSU : F_KOKUSHI);
    if (n_runs) facts |= n_runs < 3 ? F_RUNS : F_RUNS | F_THREE_RUNS;
    if (n_triplets) facts |= n_triplets < 3 ? F_TRIPLETS : F_TRIPLETS | F_THREE_TRIPLETS;
    if (kans) facts |= F_KANS;
    if (identical) facts |= F_IDENTICAL_RUNS;
    if (r->wait == RYANMEN) facts |= F_RYANMEN;
    if (triplet_mask >> 27) {
        if (triplet_mask >> 31) facts |= F_DRAGON_TRIPLET;
        if (triplet_mask >> 27 & 15) facts |= F_WIND_TRIPLET;
    }
    if (r->pair >= 0 && (TERMINALS_AND_HONOURS >> r->pair & 1)) facts |= F_TERMINAL_PAIR;
    r->facts = facts;
    r->run_mask = run_mask;
    r->triplet_mask = triplet_mask;
    r->n_runs = n_runs;
    r->identical = identical;
    r->n_triplets = n_triplets;
    r->kans = kans;
    r->concealed = concealed;
}

/* ---- yaku: yaku.py's predicates by their _NATIVE_TESTS code -------------------------------------- */

static inline int value_pair(const Hand *h, const Reading *r) {
    int p = r->pair;
    return p >= 31 || (p >= 0 && (p == h->seat || p == h->round));
}

static inline int pinfu(const Hand *h, const Reading *r, const Prep *p) {
    return r->n_runs == 4 && h->menzen && !value_pair(h, r) && r->wait == RYANMEN && !(h->tsumo && p->pinfu_tsumo_fu);
}

static inline int all_sets_terminal(const Reading *r) {
    if (r->pair < 0 || !(TERMINALS_AND_HONOURS >> r->pair & 1)) return 0;
    for (int i = 0; i < r->n; i++)
        if (!group_terminal(&r->g[i])) return 0;
    return 1;
}

static const int CHUUREN_BASE[9] = {3, 1, 1, 1, 1, 1, 1, 1, 3};

static int chuuren(const Hand *h) {
    if (h->n_melds || h->suits != 1 || h->honours) return 0;
    int s = (h->mask & SUIT_MASK(0)) ? 0 : (h->mask & SUIT_MASK(1)) ? 9 : 18;
    for (int i = 0; i < 9; i++)
        if (h->counts[s + i] < CHUUREN_BASE[i]) return 0;
    return 1;
}

static int daisharin_shape(const Hand *h, int suit) {
    int first = 9 * suit + 1;
    if (h->mask != (0x7FULL << first)) return 0;
    for (int i = 0; i < 7; i++)
        if (h->counts[first + i] != 2) return 0;
    return 1;
}

#define NOT_HONOURS (ALL_KINDS ^ HONOURS)
#define NOT_GREEN (ALL_KINDS ^ GREEN)

/* ``yaku._holds(code, c)``: -1 for a code this file does not know (prepare refuses such tables). Long: one
 * case per predicate, each the Python predicate's expression over the same facts. */
static int holds(int code, const Hand *h, const Reading *r, const Prep *p) {
    switch (code) {
    case 0: return pinfu(h, r, p);
    case 1: return (h->menzen || p->kuitan) && !(h->mask & TERMINALS_AND_HONOURS);
    case 2: return h->riichi;
    case 3: return h->tsumo && h->menzen;
    case 4: return h->menzen && r->identical >= 1;
    case 5: return (int)(r->triplet_mask >> 31 & 1);
    case 6: return (int)(r->triplet_mask >> 32 & 1);
    case 7: return (int)(r->triplet_mask >> 33 & 1);
    case 8: return h->seat >= 0 && (r->triplet_mask >> h->seat & 1);
    case 9: return h->round >= 0 && (r->triplet_mask >> h->round & 1);
    case 10: return all_sets_terminal(r) && (!p->chanta_needs_run || r->n_runs > 0);
    case 11: return (r->run_mask & (r->run_mask >> 9) & (r->run_mask >> 18) & 0x1FF) != 0;
    case 12: return (r->run_mask & 0x49) == 0x49 || (r->run_mask >> 9 & 0x49) == 0x49 || (r->run_mask >> 18 & 0x49) == 0x49;
    case 13: return r->n_triplets == 4;
    case 14: return r->concealed >= 3;
    case 15: return h->suits == 1 && h->honours;
    case 16: return h->suits == 1 && !h->honours;
    case 17: return r->pair >= 31 && popcount64(r->triplet_mask >> 31) == 2;
    case 18: return (r->triplet_mask & (r->triplet_mask >> 9) & (r->triplet_mask >> 18) & 0x1FF) != 0;
    case 19: return all_sets_terminal(r) && !h->honours && r->n_runs > 0;
    case 20: return r->shape != KOKUSHI && !(h->mask & (ALL_KINDS ^ TERMINALS_AND_HONOURS));
    case 21: return h->menzen && r->identical == 2;
    case 22: return r->shape == CHIITOITSU;
    case 23: return h->ippatsu;
    case 24: return h->double_riichi;
    case 25: return h->haitei;
    case 26: return h->houtei;
    case 27: return h->rinshan;
    case 28: return h->chankan;
    case 29: return r->kans == 3;
    case 30: return r->concealed == 4;
    case 31: return r->concealed == 4 && r->wait == TANKI;
    case 32: return (r->triplet_mask >> 31) == 7;
    case 33: return r->pair >= 27 && r->pair <= 30 && popcount64(r->triplet_mask >> 27 & 15) == 3;
    case 34: return (r->triplet_mask >> 27 & 15) == 15;
    case 35: return !(h->mask & NOT_HONOURS);
    case 36: return !(h->mask & (p->ryuuiisou_8s ? NOT_GREEN : (NOT_GREEN | (1ULL << 25))));
    case 37: return !(h->mask & (ALL_KINDS ^ TERMINALS));
    case 38: return chuuren(h);
    case 39: return chuuren(h) && h->counts[h->win] == CHUUREN_BASE[h->win % 9] + 1;
    case 40: return r->kans == 4;
    case 41: return r->shape == KOKUSHI;
    case 42: return r->shape == KOKUSHI && h->counts[h->win] == 2;
    case 43: return h->tenhou;
    case 44: return h->chiihou;
    case 45: /* renhou */
    case 46: /* open riichi */
    case 47: /* double open riichi */
    case 52: /* sashikomi: their flags are declined in load() */
    case 53: /* nagashi mangan, paarenchan: scored apart by score.py, never a reading's yaku */
        return 0;
    case 48: return daisharin_shape(h, 1);
    case 49: return daisharin_shape(h, 0);
    case 50: return daisharin_shape(h, 2);
    case 51: return r->shape == CHIITOITSU && !(h->mask & NOT_HONOURS);
    }
    return -1;
}
#define MAX_KNOWN_CODE 53

/* yaku.evaluate_yaku without option aotenjou: the hits as bits of the candidate list, *yakuman the multiple. */
static uint64_t evaluate(const Hand *h, const Reading *r, const Prep *p, const CandList *list, int *yakuman) {
    uint64_t hits = 0, lacking = ~r->facts;
    int replacing = 0, ym = 0;
    for (int i = 0; i < list->n; i++) {
        const Cand *y = &list->c[i];
        if (y->needs & lacking) continue;
        if (holds(y->code, h, r, p) > 0) {
            hits |= 1ULL << i;
            if (y->replaces) replacing = 1;
            ym += y->yakuman;
        }
    }
    if (replacing) {
        uint64_t replaced = 0;
        for (int i = 0; i < list->n; i++)
            if (hits >> i & 1) replaced |= list->c[i].replaces;
        hits &= ~replaced;
        ym = 0;
        for (int i = 0; i < list->n; i++)
            if (hits >> i & 1) ym += list->c[i].yakuman;
    }
    if (ym) hits &= list->yakuman_mask;
    *yakuman = ym;
    return hits;
}

/* fu.fu_items: the items' fu_obj indices into items[], their count returned. */
static int fu_items(const Hand *h, const Reading *r, const Prep *p, int *items) {
    if (r->shape == CHIITOITSU) {
        items[0] = FU_CHIITOITSU;
        return 1;
    }
    int n = 0;
    items[n++] = FU_BASE;
    if (h->menzen && !h->tsumo) items[n++] = FU_CLOSED_RON;
    if (h->tsumo && !pinfu(h, r, p)) items[n++] = FU_TSUMO;
    for (int i = 0; i < r->n; i++) {
        const Group *g = &r->g[i];
        if (g->type != RUN)
            items[n++] = FU_TRIPLET + (g->concealed ? 4 : 0) + (g->type == KAN ? 2 : 0) + group_terminal(g);
    }
    int pair = r->pair;
    if (pair >= 31) items[n++] = FU_PAIR_DRAGON;
    else if (pair >= 0 && pair == h->seat && pair == h->round)
        items[n++] = p->double_wind_fu == 4 ? FU_DOUBLE_WIND_4 : FU_DOUBLE_WIND_2;
    else if (pair >= 0 && pair == h->seat) items[n++] = FU_PAIR_SEAT;
    else if (pair >= 0 && pair == h->round) items[n++] = FU_PAIR_ROUND;
    if (r->wait == KANCHAN) items[n++] = FU_KANCHAN;
    else if (r->wait == PENCHAN) items[n++] = FU_PENCHAN;
    else if (r->wait == TANKI || r->shape == KOKUSHI) items[n++] = FU_TANKI;
    if (!h->menzen && !h->tsumo && n == 1 && p->open_pinfu_fu) items[n++] = FU_OPEN_PINFU;
    return n;
}

/* ---- limits and payments (limits._limit_base without aotenjou, payments with four players) ------- */

static inline long long capped(long long yakuman, int cap) { return cap && yakuman > cap ? cap : yakuman; }
static inline long long round_up_100(long long x) { return (x + 99) / 100 * 100; }

static long long limit_base(int han, int fu, const Prep *p, int yakuman) {
    if (yakuman) return 8000 * capped(yakuman, p->yakuman_cap);
    if (han >= 13) {
        if (p->kazoe == KAZOE_SANBAIMAN) return 6000;
        if (p->kazoe == KAZOE_UNCAPPED) return 8000 * capped(han / 13, p->yakuman_cap);
        return 8000;
    }
    if (han >= 11) return 6000;
    if (han >= 8) return 4000;
    if (han >= 6) return 3000;
    if (han >= 5) return 2000;
    long long base = (long long)fu << (2 + han);
    if (base >= 2000) {
        if (p->mangan_cap || (han == 4 && fu >= 40) || (han == 3 && fu >= 70)) return 2000;
        return base;
    }
    if (((han == 4 && fu == 30) || (han == 3 && fu == 60)) && p->kiriage) return 2000;
    return base;
}

static inline long long hand_points(long long base, int dealer, int tsumo) {
    if (!tsumo) return round_up_100(base * (dealer ? 6 : 4));
    if (dealer) return round_up_100(base * 2) * 3;
    return round_up_100(base * 2) + 2 * round_up_100(base);
}

/* limits.limit_name as an index of limit_str, or -1 for a name this file was not given (Python names it). */
static int limit_index(int han, long long base, long long yakuman) {
    if (yakuman) return yakuman <= 6 ? L_YAKUMAN1 + (int)yakuman - 1 : -1;
    if (han >= 26 && base >= 16000) {
        long long m = base / 8000;
        return m <= 6 ? L_YAKUMAN1 + (int)m - 1 : -1;
    }
    if (han < 5) return base == 2000 ? L_MANGAN : L_NONE;
    static const int min_han[5] = {13, 11, 8, 6, 5};
    static const long long limit[5] = {8000, 6000, 4000, 3000, 2000};
    static const int index[5] = {L_KAZOE, L_SANBAIMAN, L_BAIMAN, L_HANEMAN, L_MANGAN};
    for (int i = 0; i < 5; i++)
        if (han >= min_han[i] && limit[i] == base) return index[i];
    return L_MANGAN;
}

/* ---- building the answer ----------------------------------------------------------------------- */

static PyObject *set_out(int type, int first, int open) {
    PyObject *o = PyList_GET_ITEM(sets_out, (type * 34 + first) * 2 + (open ? 1 : 0));
    Py_INCREF(o);
    return o;
}

static PyObject *reading_obj(const Hand *h, const Reading *r) {
    PyObject *sets;
    if (r->shape == CHIITOITSU) {
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

/* ---- score ------------------------------------------------------------------------------------- */

static inline int run_wait(int first, int win) {
    if (win == first + 1) return KANCHAN;
    if ((win == first + 2 && first % 9 == 0) || (win == first && first % 9 == 6)) return PENCHAN;
    return RYANMEN;
}

typedef struct {
    int found, complete;
    long long points, base;
    int yakuman, han, fu;
    Reading r;
    uint64_t hits;
    const CandList *list;
    int fu_items[12], n_fu;
} Best;

/* Score one reading (score._score's loop body without renhou, paarenchan or aotenjou). */
static void consider(const Hand *h, Reading *r, const Prep *p, Best *b) {
    reading_facts(h, r);
    b->complete = 1;
    int could = r->n_triplets >= 3 || h->suits <= 1 || r->shape == KOKUSHI || h->situational;
    const CandList *list = &p->lists[(h->menzen ? 4 : 0) + (could ? 2 : 0) + (h->situational ? 1 : 0)];
    int yakuman;
    uint64_t hits = evaluate(h, r, p, list, &yakuman);
    if (!hits) return;
    int han = 0;
    for (int i = 0; i < list->n; i++)
        if (hits >> i & 1) han += list->c[i].han;
    int fu = 0, items[12], n_fu = 0;
    if (!yakuman) {
        n_fu = fu_items(h, r, p, items);
        if (r->shape == CHIITOITSU) fu = 25;
        else {
            for (int i = 0; i < n_fu; i++) fu += fu_val[items[i]];
            fu = (fu + 9) / 10 * 10;
        }
        han += h->dora_han + h->ura_han + h->red;
    }
    long long base = limit_base(han, fu, p, yakuman);
    long long points = hand_points(base, h->dealer, h->tsumo);
    if (!b->found || points > b->points ||
        (points == b->points &&
         (yakuman > b->yakuman || (yakuman == b->yakuman && (han > b->han || (han == b->han && fu > b->fu)))))) {
        b->found = 1;
        b->points = points;
        b->base = base;
        b->yakuman = yakuman;
        b->han = han;
        b->fu = fu;
        b->r = *r;
        b->hits = hits;
        b->list = list;
        memcpy(b->fu_items, items, sizeof(int) * (size_t)n_fu);
        b->n_fu = n_fu;
    }
}

/* payments.payments with four players: the rows (payer 0 discarder, 1 dealer, 2 non-dealer; amount with
 * honba; count) into rows[], their number returned, and *total: all the winner receives. */
typedef struct { int payer; long long amount; int count; } Row;

static int settle(const Hand *h, const Prep *p, const Best *b, Row *rows, long long *total) {
    long long per_payer = (long long)(p->honba_points / 3) * h->honba, honba_all = 3 * per_payer;
    int n;
    if (!h->tsumo) {
        honba_all = (long long)p->honba_points * h->honba;
        rows[0] = (Row){0, b->points + honba_all, 1};
        n = 1;
    } else if (h->dealer) {
        rows[0] = (Row){2, round_up_100(b->base * 2) + per_payer, 3};
        n = 1;
    } else {
        rows[0] = (Row){1, round_up_100(b->base * 2) + per_payer, 1};
        rows[1] = (Row){2, round_up_100(b->base) + per_payer, 2};
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

/* The best reading of a request: 1 with *b filled (b->found 0: no win, b->complete says why), 0 declined.
 *
 * Long, as score._score and score.readings are: the readings are made and scored in one pass over the
 * splits, so no reading is stored but the best. */
static int run(const Req *q, const Prep *p, Hand *h, Best *b) {
    if (!load(q, p, h)) return 0;
    Split sp[MAX_SPLITS];
    int n_splits = splits(h->conc, sp);
    if (n_splits < 0) return 0;
    b->found = b->complete = 0;
    b->points = b->base = 0;
    b->yakuman = b->han = b->fu = 0;
    int win = h->win;
    Reading r;
    r.shape = STANDARD;
    for (int s = 0; s < n_splits; s++) {
        const Split *x = &sp[s];
        r.pair = x->pair;
        r.n = x->n + h->n_melds;
        if (r.n != 4) return 0; /* never: 14 tiles make four sets and a pair */
        for (int j = 0; j < h->n_melds; j++) r.g[x->n + j] = h->melds[j];
        if (x->pair == win) {
            for (int j = 0; j < x->n; j++) {
                int code = x->codes[j];
                r.g[j].type = (int8_t)(code >= 34 ? TRIPLET : RUN);
                r.g[j].first = (int8_t)(code % 34);
                r.g[j].called = 0;
                r.g[j].concealed = (int8_t)(code >= 34);
            }
            r.wait = TANKI;
            consider(h, &r, p, b);
        }
        int done = -1;
        for (int i = 0; i < x->n; i++) {
            int code = x->codes[i];
            if (code == done) continue;
            int t = code / 34, f0 = code % 34;
            if (t == TRIPLET) {
                if (f0 != win) continue;
            } else if (!(f0 <= win && win <= f0 + 2)) {
                continue;
            }
            done = code;
            r.wait = t == TRIPLET ? SHANPON : run_wait(f0, win);
            for (int j = 0; j < x->n; j++) {
                int other = x->codes[j];
                r.g[j].type = (int8_t)(other >= 34 ? TRIPLET : RUN);
                r.g[j].first = (int8_t)(other % 34);
                r.g[j].called = 0;
                r.g[j].concealed = (int8_t)(other >= 34 && (j != i || h->tsumo));
            }
            consider(h, &r, p, b);
        }
    }
    if (!h->n_melds) {
        int pairs = 0, other = 0; /* seven kinds, two of each */
        for (int k = 0; k < 34; k++) {
            if (h->conc[k] == 2) pairs++;
            else if (h->conc[k]) other = 1;
        }
        if (pairs == 7 && !other) {
            r.shape = CHIITOITSU;
            r.n = 0;
            r.pair = -1;
            r.wait = TANKI;
            consider(h, &r, p, b);
        } else if (h->conc_mask == TERMINALS_AND_HONOURS && p->kokushi_yaku) {
            r.shape = KOKUSHI;
            r.n = 0;
            r.pair = -1;
            r.wait = h->conc[win] == 2 ? W_KOKUSHI_13 : W_KOKUSHI;
            consider(h, &r, p, b);
        }
    }
    if (b->found && limit_index(b->han, b->base, capped(b->yakuman, p->yakuman_cap)) < 0) return 0;
    return 1;
}

static int request_kind(PyObject *req) {
    if (Py_TYPE(req) == request_type[0]) return 0;
    if (Py_TYPE(req) == request_type[1]) return 1;
    return -1;
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
    if (!b.found) return no_win(p, b.complete ? 1 : 0);
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
/* A non-negative integer in decimal (every number of an answer is one: snprintf was 5 % of a batch). */
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
    if (r->shape == CHIITOITSU) {
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
    if (!b->found) put_bytes(&o, p->nowin_json[b->complete ? 1 : 0][lang]);
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
    switch (f) {
    case R_HAND:
        if (t.type != JT_STR) return J_DECLINE;
        q->n_hand = parse_mpsz(t.s, t.n, q->hand, 14, q->reds);
        return q->n_hand >= 0 ? J_OK : J_DECLINE;
    case R_WIN_TILE:
        return t.type == JT_STR && t.n == 2 && parse_mpsz(t.s, t.n, &q->win, 1, q->reds) == 1 ? J_OK : J_DECLINE;
    case R_DORA:
    case R_URA: {
        if (t.type != JT_STR) return J_DECLINE;
        int *kinds = f == R_DORA ? q->dora : q->ura;
        int n = parse_mpsz(t.s, t.n, kinds, 5, q->reds + (f == R_DORA ? 3 : 6));
        if (n < 0) return J_DECLINE;
        *(f == R_DORA ? &q->n_dora : &q->n_ura) = n;
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
    case R_RENHOU:
    case R_OPEN_RIICHI:
    case R_SASHIKOMI:
    case R_NAGASHI_MANGAN:
    case R_RINSHAN_OPEN_KAN: /* declined unless false, as read_py does */
        return t.type == JT_FALSE ? J_OK : J_DECLINE;
    case R_PAARENCHAN:
    case R_NUKIDORA:
        return t.type == JT_INT && t.value == 0 ? J_OK : J_DECLINE;
    case R_HONBA:
    case R_RIICHI_STICKS:
        if (t.type != JT_INT || t.value > 100) return J_DECLINE;
        *(f == R_HONBA ? &q->honba : &q->sticks) = (int)t.value;
        return J_OK;
    default: /* the flags, R_RIICHI .. R_CHIIHOU */
        if (f < R_RIICHI || f > R_CHIIHOU || (t.type != JT_TRUE && t.type != JT_FALSE)) return J_DECLINE;
        q->fl[f] = t.type == JT_TRUE;
        return J_OK;
    }
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
 * decode, which sees only the last value (a fresh tester's finding). */
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

/* ---- prepare and init -------------------------------------------------------------------------- */

static void prep_free(PyObject *capsule) {
    Prep *p = (Prep *)PyCapsule_GetPointer(capsule, "riichi.native.rules");
    if (p == NULL) return;
    Py_XDECREF(p->preset);
    Py_XDECREF(p->preset_json);
    for (int r = 0; r < 2; r++)
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

/* prepare(preset: str, options: tuple[int, ...] (17, Prep's order), allowed: int,
 *         lists: tuple of 8 tuples of (code, needs, han, yakuman, replaces, item, json_en, json_ja, json_ru),
 *         preset_json: bytes, nowin_json: ((not_complete en, ja, ru), (no_yaku en, ja, ru))) -> capsule | None
 * None: a candidate this file cannot evaluate (its code is unknown), or a list over 64 candidates. */
static PyObject *prepare(PyObject *self, PyObject *args) {
    PyObject *preset, *opts, *lists, *preset_json, *nowin;
    unsigned long allowed;
    if (!PyArg_ParseTuple(args, "UO!kO!SO!", &preset, &PyTuple_Type, &opts, &allowed, &PyTuple_Type, &lists,
                          &preset_json, &PyTuple_Type, &nowin))
        return NULL;
    if (PyTuple_GET_SIZE(nowin) != 2) {
        PyErr_SetString(PyExc_ValueError, "prepare: nowin_json holds 2 tuples");
        return NULL;
    }
    if (PyTuple_GET_SIZE(opts) != 17 || PyTuple_GET_SIZE(lists) != 8) {
        PyErr_SetString(PyExc_ValueError, "prepare: 17 options and 8 candidate lists");
        return NULL;
    }
    Prep *p = PyMem_Calloc(1, sizeof(Prep));
    if (p == NULL) return PyErr_NoMemory();
    long long v[17];
    for (int i = 0; i < 17; i++)
        if (as_int(opts, i, &v[i]) < 0) {
            PyMem_Free(p);
            return NULL;
        }
    p->kuitan = (int)v[0], p->aka = (int)v[1], p->aka_per_suit = (int)v[2], p->kazoe = (int)v[3];
    p->kiriage = (int)v[4], p->mangan_cap = (int)v[5], p->yakuman_cap = (int)v[6], p->double_wind_fu = (int)v[7];
    p->open_pinfu_fu = (int)v[8], p->pinfu_tsumo_fu = (int)v[9], p->ryuuiisou_8s = (int)v[10];
    p->chanta_needs_run = (int)v[11], p->honba_points = (int)v[12], p->riichi_deposit = (int)v[13];
    p->kokushi_yaku = (int)v[14], p->riichi_yaku = (int)v[15], p->winds = (int)v[16];
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
    for (int r = 0; r < 2; r++) {
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
            PyObject *c = PyTuple_GET_ITEM(list, i);
            long long code, needs, han, yakuman, replaces;
            if (!PyTuple_Check(c) || PyTuple_GET_SIZE(c) != 9 || as_int(c, 0, &code) < 0 || as_int(c, 1, &needs) < 0 ||
                as_int(c, 2, &han) < 0 || as_int(c, 3, &yakuman) < 0 || as_int(c, 4, &replaces) < 0 ||
                !PyBytes_Check(PyTuple_GET_ITEM(c, 6)) || !PyBytes_Check(PyTuple_GET_ITEM(c, 7)) ||
                !PyBytes_Check(PyTuple_GET_ITEM(c, 8))) {
                if (!PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, "prepare: a candidate is 9 items");
                Py_DECREF(capsule);
                return NULL;
            }
            if (code < 0 || code > MAX_KNOWN_CODE) {
                Py_DECREF(capsule);
                Py_RETURN_NONE;
            }
            Cand *y = &cl->c[i];
            y->code = (int)code;
            y->needs = (uint64_t)needs;
            y->han = (int)han;
            y->yakuman = (int)yakuman;
            y->replaces = (uint64_t)replaces;
            y->item = Py_NewRef(PyTuple_GET_ITEM(c, 5));
            for (int j = 0; j < N_LANGS; j++) y->json[j] = Py_NewRef(PyTuple_GET_ITEM(c, 6 + j));
            if (yakuman) cl->yakuman_mask |= 1ULL << i;
            cl->n = (int)i + 1;
        }
    }
    return capsule;
}

static int offsets(PyTypeObject *type, const char **names, int n, Py_ssize_t *out) {
    for (int i = 0; i < n; i++) {
        PyObject *d = PyDict_GetItemString(type->tp_dict, names[i]);
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

/* init(shared: tuple) -> bool: the objects the answers are made of, in native.py's order. False when the
 * request types are not laid out as this file reads them (then score() always declines). */
static PyObject *init(PyObject *self, PyObject *arg) {
    if (released) {
        PyErr_SetString(PyExc_RuntimeError, "init: a batch is being scored");
        return NULL;
    }
    if (!PyTuple_Check(arg) || PyTuple_GET_SIZE(arg) != 17) {
        PyErr_SetString(PyExc_ValueError, "init: 17 items");
        return NULL;
    }
    ready = 0;
    for (int k = 0; k < 2; k++) { /* item 0: ((ScoreRequest, MeldSpec), (UncheckedScoreRequest, UncheckedMeldSpec)) */
        PyObject *pair = PyTuple_GET_ITEM(arg, 0);
        if (!PyTuple_Check(pair) || PyTuple_GET_SIZE(pair) != 2 || !PyTuple_Check(PyTuple_GET_ITEM(pair, k)) ||
            PyTuple_GET_SIZE(PyTuple_GET_ITEM(pair, k)) != 2) {
            PyErr_SetString(PyExc_TypeError, "init: two (request type, meld type) pairs first");
            return NULL;
        }
        PyObject *rt = PyTuple_GET_ITEM(PyTuple_GET_ITEM(pair, k), 0), *mt = PyTuple_GET_ITEM(PyTuple_GET_ITEM(pair, k), 1);
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
    if (take(arg, 1, &result_type) || take(arg, 2, &reading_type) || take(arg, 3, &payment_type) ||
        take(arg, 4, &sets_out) || take(arg, 5, &dora_items) || take(arg, 6, &ura_items) || take(arg, 7, &aka_items) ||
        take_strs(arg, 8, fu_obj, N_FU) || take_strs(arg, 9, wait_str, N_WAITS) || take_strs(arg, 10, shape_str, 3) ||
        take_strs(arg, 11, limit_str, N_LIMITS) || take_strs(arg, 12, limit_text, N_LIMITS) ||
        take_strs(arg, 13, payer_str, 3) || take_strs(arg, 14, payer_text, 3) || take_strs(arg, 15, reason_str, 2) ||
        take_strs(arg, 16, reason_text, 2))
        return NULL;
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

/* init_json(fragments: tuple) -> None: msgspec's encoding of the shared objects, in native.py's order:
 * dora, ura, aka (by language, then count), fu items (by item, then language), reading sets (by index),
 * shapes, waits, limits, limit names (by limit, then language), payer heads, payer tails (by payer, count,
 * language). */
static PyObject *init_json(PyObject *self, PyObject *arg) {
    PyObject *tails_flat[3 * 3 * N_LANGS] = {NULL};
    if (released) {
        PyErr_SetString(PyExc_RuntimeError, "init_json: a batch is being scored");
        return NULL;
    }
    json_ready = 0;
    if (!PyTuple_Check(arg) || PyTuple_GET_SIZE(arg) != 11) {
        PyErr_SetString(PyExc_ValueError, "init_json: 11 items");
        return NULL;
    }
    PyObject **dora_lists[3] = {dora_json, ura_json, aka_json};
    for (int d = 0; d < 3; d++) {
        PyObject *t = PyTuple_GET_ITEM(arg, d);
        if (!PyTuple_Check(t) || PyTuple_GET_SIZE(t) != N_LANGS) goto bad;
        for (int l = 0; l < N_LANGS; l++) {
            PyObject *by_count = PyTuple_GET_ITEM(t, l);
            if (!PyTuple_Check(by_count)) goto bad;
            Py_XSETREF(dora_lists[d][l], Py_NewRef(by_count));
        }
    }
    if (bytes_grid(PyTuple_GET_ITEM(arg, 3), N_FU, N_LANGS, &fu_json[0][0]) < 0) goto bad;
    PyObject *sets = PyTuple_GET_ITEM(arg, 4);
    if (!PyTuple_Check(sets) || PyTuple_GET_SIZE(sets) != 4 * 34 * 2) goto bad;
    Py_XSETREF(sets_json, Py_NewRef(sets));
    if (bytes_grid(PyTuple_GET_ITEM(arg, 5), 1, 3, shape_json) < 0 ||
        bytes_grid(PyTuple_GET_ITEM(arg, 6), 1, N_WAITS, wait_json) < 0 ||
        bytes_grid(PyTuple_GET_ITEM(arg, 7), 1, N_LIMITS, limit_json) < 0 ||
        bytes_grid(PyTuple_GET_ITEM(arg, 8), N_LIMITS, N_LANGS, &limit_text_json[0][0]) < 0 ||
        bytes_grid(PyTuple_GET_ITEM(arg, 9), 1, 3, payer_head) < 0)
        goto bad;
    PyObject *tails = PyTuple_GET_ITEM(arg, 10);
    if (!PyTuple_Check(tails) || PyTuple_GET_SIZE(tails) != 3) goto bad;
    for (int payer = 0; payer < 3; payer++) {
        if (bytes_grid(PyTuple_GET_ITEM(tails, payer), 3, N_LANGS, &tails_flat[payer * 3 * N_LANGS]) < 0) goto bad;
        for (int c = 0; c < 3; c++)
            for (int l = 0; l < N_LANGS; l++) Py_XSETREF(payer_tail[payer][c][l], tails_flat[(payer * 3 + c) * N_LANGS + l]);
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
    {"prepare", prepare, METH_VARARGS, "prepare(preset, options, allowed, lists) -> rules for score(), or None."},
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

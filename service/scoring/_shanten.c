/* Shanten in C: a second implementation of shanten.py's shanten() and shanten_and_improving(), asked
 * first by them (shanten.py, "The C path"), kept equal to them by tests/discards/test_shanten_native.py
 * (hypothesis hands, four and three players, with melds' caps: every answer compared with the Python
 * path's and with xiangting's).
 *
 * The interface is plain values. In: 34 counts (a list or tuple of ints, the kinds in tiles.py's order:
 * 1m-9m, 1p-9p, 1s-9s, then the seven honours), the 34 caps likewise or None (every cap 4), and whether
 * seven pairs and thirteen orphans are allowed. Out: (shanten, standard, seven pairs or None, thirteen
 * orphans or None: the names in FIELDS, which shanten.py checks against ShantenResult's), and for
 * improving() also the list of kinds whose draw lowers the shanten. The kinds it treats apart are stated
 * likewise (ORPHANS; HONOURS, the range of honour kinds) and checked against tiles.py's. Anything
 * else (not a sequence of 34 ints, a count or cap outside 0-4, a tile count shanten.py refuses) returns
 * None, and the Python path answers it (or raises its ValueError). Every index this file computes from
 * an input is bounded by those checks: counts and caps 0-4, a suit's total 0-14.
 *
 * The standard shape is shanten.py's: per suit, one forward pass over the ranks gives the best overlap
 * with a complete hand for every slot 2 x sets + pair (suit_dp, a port of shanten._suit_dp, the ten slots
 * of a state packed in one 64-bit word); honours per kind (a pair or a triplet); the four tables merged
 * (max-plus, at most one pair in all). A suit whose caps are all 4 is read from a table of every such
 * suit (each rank 0-4 tiles, at most 14 in all: 405,350 suits), built once when the module is imported
 * (FULL_SUITS): no answer depends on the hands seen before it.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define KINDS 34
#define RANKS 9
#define HONOURS 27 /* the first honour kind */
#define MAX_COPIES 4
#define MAX_SUIT_TILES 14
#define SLOTS 10  /* slot 2 x sets + pair: sets 0-4, pair 0-1 */
#define STATES 25 /* 5a + b: a runs started at the previous rank, b two ranks back */
#define NEG (-100) /* overlap of a slot that nothing fits */
#define NO_SHANTEN 8 /* shanten.py's bound when no completion fits the caps */
#define NO_SHAPE (-100) /* a shape this hand cannot have (None); -1 is a complete hand */
#define FULL_SUITS 405350

static const int ORPHANS[13] = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};

typedef int8_t Table[SLOTS];

/* --- one suit: shanten._suit_dp with packed rows (slot i in bits 6i-6i+5, holding overlap + 1) --- */

static uint64_t ONES, GUARD, EVEN_LANES, LOW_LANES[SLOTS + 1], GAINS[6];

static void init_lanes(void) {
    ONES = 0;
    EVEN_LANES = 0;
    for (int i = 0; i < SLOTS; i++) ONES |= 1ULL << (6 * i);
    for (int i = 0; i < SLOTS / 2; i++) EVEN_LANES |= 63ULL << (12 * i);
    GUARD = ONES << 5;
    for (int s = 0; s <= SLOTS; s++) LOW_LANES[s] = (1ULL << (6 * (SLOTS - s))) - 1;
    for (int g = 0; g < 6; g++) GAINS[g] = (uint64_t)g * ONES;
}

static inline uint64_t packed_max(uint64_t a, uint64_t b) {
    uint64_t d = ((a | GUARD) - b) & GUARD;
    uint64_t m = (d - (d >> 5)) | d;
    return (a & m) | (b & ~m);
}

static inline int imin(int a, int b) { return a < b ? a : b; }

/* Slot s takes the best of every slot with <= s sets and <= p pairs (fillers added): shanten._monotone. */
static void monotone(Table t) {
    for (int i = 2; i < SLOTS; i++)
        if (t[i - 2] > t[i]) t[i] = t[i - 2];
    for (int i = 1; i < SLOTS; i += 2)
        if (t[i - 1] > t[i]) t[i] = t[i - 1];
}

/* The best overlap per slot (fillers added) of nine counts within nine caps, each 0-4. */
static void suit_dp(const int *counts, const int *caps, Table out) {
    uint64_t rows[STATES], nxt[STATES];
    memset(rows, 0, sizeof rows);
    rows[0] = 1;
    for (int rank = 0; rank < RANKS; rank++) {
        int h = counts[rank], cap = caps[rank];
        int runs_ok = rank + 2 < RANKS;
        int window = runs_ok ? h + counts[rank + 1] + counts[rank + 2] : 0;
        memset(nxt, 0, sizeof nxt);
        for (int state = 0; state < STATES; state++) {
            uint64_t row = rows[state];
            if (!row) continue;
            int a = state / 5, need = a + state % 5;
            if (need > cap) continue;
            uint64_t nz = ((row | GUARD) - ONES) & GUARD;
            uint64_t valid = (nz - (nz >> 5)) | nz;
            int room = imin(MAX_COPIES, cap - need);
            int x_max = runs_ok ? imin(room, window) : 0;
            for (int x = 0; x <= x_max; x++) {
                int base = need + x, target = x * 5 + a;
                uint64_t best = nxt[target];
                int t_max = (h > base && base + 3 <= cap) ? 2 : 1;
                for (int t = 0; t < t_max; t++) {
                    int q_max = (h > base + 3 * t && base + 3 * t + 2 <= cap) ? 2 : 1;
                    for (int q = 0; q < q_max; q++) {
                        int d = base + 3 * t + 2 * q;
                        int gain = h < d ? h : d;
                        int shift = 2 * (x + t) + q;
                        if (shift >= SLOTS) continue;
                        uint64_t src = (row + GAINS[gain]) & valid;
                        if (q) src &= EVEN_LANES;
                        best = packed_max(best, (src & LOW_LANES[shift]) << (6 * shift));
                    }
                }
                nxt[target] = best;
            }
        }
        memcpy(rows, nxt, sizeof rows);
    }
    for (int i = 0; i < SLOTS; i++) {
        int lane = (int)((rows[0] >> (6 * i)) & 63);
        out[i] = lane ? (int8_t)(lane - 1) : NEG;
    }
    monotone(out);
}

/* --- every suit with caps 4: ranked by its counts (lexicographic among the suits of <= 14 tiles) --- */

static int32_t OFFSET[RANKS][MAX_SUIT_TILES + 1][MAX_COPIES + 2];
static Table *FULL; /* FULL_SUITS tables, by suit_index */

static void init_offsets(void) {
    /* fits[len][budget]: suits of len ranks, each 0-4, at most budget tiles */
    int32_t fits[RANKS + 1][MAX_SUIT_TILES + 1];
    for (int b = 0; b <= MAX_SUIT_TILES; b++) fits[0][b] = 1;
    for (int len = 1; len <= RANKS; len++)
        for (int b = 0; b <= MAX_SUIT_TILES; b++) {
            int32_t n = 0;
            for (int v = 0; v <= MAX_COPIES && v <= b; v++) n += fits[len - 1][b - v];
            fits[len][b] = n;
        }
    for (int r = 0; r < RANKS; r++)
        for (int prefix = 0; prefix <= MAX_SUIT_TILES; prefix++) {
            int32_t off = 0;
            for (int c = 0; c <= MAX_COPIES + 1; c++) {
                OFFSET[r][prefix][c] = off;
                if (c <= MAX_COPIES && prefix + c <= MAX_SUIT_TILES) off += fits[RANKS - 1 - r][MAX_SUIT_TILES - prefix - c];
            }
        }
}

/* The rank of nine counts (each 0-4, at most 14 in all: the caller checks) among FULL_SUITS. */
static inline int32_t suit_index(const int *c) {
    int32_t idx = 0;
    int prefix = 0;
    for (int r = 0; r < RANKS; r++) {
        idx += OFFSET[r][prefix][c[r]];
        prefix += c[r];
    }
    return idx;
}

static const int FULL_CAPS[RANKS] = {4, 4, 4, 4, 4, 4, 4, 4, 4};

/* The odometer over every suit of FULL_SUITS: the next (step 1) or previous (step -1) counts in
 * lexicographic order with at most 14 tiles; 0 past the end. */
static int next_suit(int *c, int step) {
    for (;;) {
        int r = RANKS - 1;
        if (step > 0) {
            while (r >= 0 && c[r] == MAX_COPIES) c[r--] = 0;
            if (r < 0) return 0;
            c[r]++;
        } else {
            while (r >= 0 && c[r] == 0) c[r--] = MAX_COPIES;
            if (r < 0) return 0;
            c[r]--;
        }
        int total = 0;
        for (int i = 0; i < RANKS; i++) total += c[i];
        if (total <= MAX_SUIT_TILES) return 1;
    }
}

/* Mark in fits[] (a bit per exact slot) every complete suit: sets from set type first_type on
 * (types 0-8 the triplets, 9-15 the runs 123-789), then the pair or none. */
static void mark_complete(uint16_t *fits, int *w, int sets, int first_type) {
    for (int pair = -1; pair < RANKS; pair++) {
        if (pair >= 0) w[pair] += 2;
        int ok = 1;
        for (int r = 0; r < RANKS; r++) ok &= w[r] <= MAX_COPIES;
        if (ok) fits[suit_index(w)] |= (uint16_t)(1u << (2 * sets + (pair >= 0)));
        if (pair >= 0) w[pair] -= 2;
    }
    if (sets == 4) return;
    for (int type = first_type; type < 16; type++) {
        if (type < RANKS) {
            w[type] += 3;
        } else {
            for (int r = type - RANKS; r < type - RANKS + 3; r++) w[r]++;
        }
        int ok = 1;
        for (int r = 0; r < RANKS; r++) ok &= w[r] <= MAX_COPIES;
        if (ok) mark_complete(fits, w, sets + 1, type);
        if (type < RANKS) {
            w[type] -= 3;
        } else {
            for (int r = type - RANKS; r < type - RANKS + 3; r++) w[r]--;
        }
    }
}

/* The indices of counts c less one tile (minus[r], -1 where c[r] is 0) and plus one tile (plus[r], -1
 * where c[r] is 4 or the suit has 14 tiles), at each rank r; returns the index of c. */
static int32_t neighbours(const int *c, int32_t *minus, int32_t *plus) {
    int prefix[RANKS + 1];
    prefix[0] = 0;
    for (int r = 0; r < RANKS; r++) prefix[r + 1] = prefix[r] + c[r];
    int total = prefix[RANKS];
    int32_t before[RANKS + 1], after_less[RANKS + 1], after_more[RANKS + 1];
    before[0] = 0;
    for (int r = 0; r < RANKS; r++) before[r + 1] = before[r] + OFFSET[r][prefix[r]][c[r]];
    after_less[RANKS] = after_more[RANKS] = 0;
    for (int r = RANKS - 1; r >= 0; r--) {
        after_less[r] = after_less[r + 1] + (prefix[r] >= 1 ? OFFSET[r][prefix[r] - 1][c[r]] : 0);
        after_more[r] = after_more[r + 1] + (prefix[r] < MAX_SUIT_TILES ? OFFSET[r][prefix[r] + 1][c[r]] : 0);
    }
    for (int r = 0; r < RANKS; r++) {
        minus[r] = c[r] ? before[r] + OFFSET[r][prefix[r]][c[r] - 1] + after_less[r + 1] : -1;
        plus[r] = c[r] < MAX_COPIES && total < MAX_SUIT_TILES
                      ? before[r] + OFFSET[r][prefix[r]][c[r] + 1] + after_more[r + 1]
                      : -1;
    }
    return before[RANKS];
}

/* FULL: every suit with caps 4. The best overlap of counts h with a complete suit w of one exact slot is
 * |h| when h fits inside some such w (every count <= w's), else the best overlap of h less one tile
 * (removing a tile that w lacks loses nothing). So: mark the complete suits, close the marks downwards
 * (h fits when h plus one tile fits), then one pass in index order (h less a tile comes first), then
 * fillers (monotone). The same answers as suit_dp: tests/discards/test_shanten_native.py checks all. */
static int build_full(void) {
    FULL = PyMem_RawMalloc(sizeof(Table) * FULL_SUITS);
    uint16_t *fits = PyMem_RawCalloc(FULL_SUITS, sizeof(uint16_t));
    if (!FULL || !fits) {
        PyMem_RawFree(FULL);
        PyMem_RawFree(fits);
        FULL = NULL;
        return -1;
    }
    int c[RANKS] = {0};
    mark_complete(fits, c, 0, 0);
    for (int r = 0; r < RANKS; r++) c[r] = MAX_COPIES;
    next_suit(c, -1); /* the last suit of at most 14 tiles */
    int32_t minus[RANKS], plus[RANKS];
    do {
        int32_t idx = neighbours(c, minus, plus);
        for (int r = 0; r < RANKS; r++)
            if (plus[r] >= 0) fits[idx] |= fits[plus[r]];
    } while (next_suit(c, -1));
    memset(c, 0, sizeof c);
    int32_t expected = 0;
    do {
        int total = 0;
        for (int r = 0; r < RANKS; r++) total += c[r];
        int32_t idx = neighbours(c, minus, plus);
        if (idx != expected++ || idx != suit_index(c)) {
            PyMem_RawFree(fits);
            return -2; /* the ranking and the order disagree */
        }
        Table best;
        for (int i = 0; i < SLOTS; i++) best[i] = NEG;
        for (int r = 0; r < RANKS; r++)
            if (minus[r] >= 0) {
                const int8_t *less = FULL[minus[r]];
                for (int i = 0; i < SLOTS; i++)
                    if (less[i] > best[i]) best[i] = less[i];
            }
        for (int i = 0; i < SLOTS; i++)
            FULL[idx][i] = fits[idx] >> i & 1 ? (int8_t)total : best[i];
    } while (next_suit(c, 1));
    PyMem_RawFree(fits);
    if (expected != FULL_SUITS) return -2;
    for (int32_t idx = 0; idx < FULL_SUITS; idx++) monotone(FULL[idx]);
    return 0;
}

/* check_full(): how many suits of FULL differ from suit_dp's answer (0; a test asks). */
static PyObject *py_check_full(PyObject *self, PyObject *unused) {
    int c[RANKS] = {0};
    long differ = 0;
    do {
        Table t;
        suit_dp(c, FULL_CAPS, t);
        if (memcmp(t, FULL[suit_index(c)], sizeof t)) differ++;
    } while (next_suit(c, 1));
    return PyLong_FromLong(differ);
}

/* --- a hand ------------------------------------------------------------------------------------- */

typedef struct {
    int c[KINDS];
    int cap[KINDS];
    int tiles;
    int full;             /* every cap 4 (caps None) */
    int held[MAX_COPIES + 1]; /* held[v]: the kinds with v copies */
} Hand;

/* One suit's table: from FULL when its caps are all 4, else by suit_dp. */
static void suit_table(const Hand *h, int suit, Table out) {
    const int *c = h->c + RANKS * suit;
    const int *k = h->cap + RANKS * suit;
    if (h->full) {
        memcpy(out, FULL[suit_index(c)], sizeof(Table));
        return;
    }
    for (int r = 0; r < RANKS; r++)
        if (k[r] != MAX_COPIES) {
            suit_dp(c, k, out);
            return;
        }
    memcpy(out, FULL[suit_index(c)], sizeof(Table));
}

/* The honours' table with every cap 4, by how many honour kinds hold 1, 2, 3 and 4 copies (at most 7). */
static Table HONOURS_FULL[8][8][8][8];

static void honour_dp(const Hand *h, Table out);

static void init_honours(void) {
    Hand h;
    memset(&h, 0, sizeof h);
    for (int k = 0; k < KINDS; k++) h.cap[k] = MAX_COPIES;
    for (int n1 = 0; n1 < 8; n1++)
        for (int n2 = 0; n1 + n2 < 8; n2++)
            for (int n3 = 0; n1 + n2 + n3 < 8; n3++)
                for (int n4 = 0; n1 + n2 + n3 + n4 < 8; n4++) {
                    int k = HONOURS;
                    for (int i = HONOURS; i < KINDS; i++) h.c[i] = 0;
                    for (int i = 0; i < n1; i++) h.c[k++] = 1;
                    for (int i = 0; i < n2; i++) h.c[k++] = 2;
                    for (int i = 0; i < n3; i++) h.c[k++] = 3;
                    for (int i = 0; i < n4; i++) h.c[k++] = 4;
                    honour_dp(&h, HONOURS_FULL[n1][n2][n3][n4]);
                }
}

/* The honours' table: HONOURS_FULL when every cap is 4, else honour_dp. */
static void honour_table(const Hand *h, Table out) {
    if (h->full) {
        int n[MAX_COPIES + 1] = {0};
        for (int k = HONOURS; k < KINDS; k++) n[h->c[k]]++;
        memcpy(out, HONOURS_FULL[n[1]][n[2]][n[3]][n[4]], sizeof(Table));
        return;
    }
    honour_dp(h, out);
}

/* The honours' table: a pair or a triplet per held kind (shanten._honour_table). */
static void honour_dp(const Hand *h, Table out) {
    Table best, nw;
    best[0] = 0;
    for (int i = 1; i < SLOTS; i++) best[i] = NEG;
    for (int k = HONOURS; k < KINDS; k++) {
        int n = h->c[k], cap = h->cap[k];
        if (!n) continue;
        memcpy(nw, best, sizeof nw);
        for (int i = 0; i < SLOTS; i++) {
            int v = best[i];
            if (v < 0) continue;
            if (cap >= 2 && !(i & 1)) {
                int w = v + imin(n, 2);
                if (w > nw[i + 1]) nw[i + 1] = (int8_t)w;
            }
            if (cap >= 3 && i + 2 < SLOTS) {
                int w = v + imin(n, 3);
                if (w > nw[i + 2]) nw[i + 2] = (int8_t)w;
            }
        }
        memcpy(best, nw, sizeof best);
    }
    monotone(best);
    memcpy(out, best, sizeof best);
}

static inline int imax(int a, int b) { return a > b ? a : b; }

/* Max-plus merge: sets add up to <= 4, at most one pair in all (shanten._merge). Slot 2k sums two even
 * slots, slot 2k + 1 an even and an odd one; a sum with a NEG is negative (NEG + 14 < 0): impossible. */
static void merge(const Table u, const Table v, Table out) {
    int ue[5], uo[5], ve[5], vo[5];
    for (int s = 0; s < 5; s++) {
        ue[s] = u[2 * s];
        uo[s] = u[2 * s + 1];
        ve[s] = v[2 * s];
        vo[s] = v[2 * s + 1];
    }
    for (int k = 0; k < 5; k++) {
        int even = 2 * NEG, odd = 2 * NEG;
        for (int a = 0; a <= k; a++) {
            int b = k - a;
            even = imax(even, ue[a] + ve[b]);
            odd = imax(odd, imax(uo[a] + ve[b], ue[a] + vo[b]));
        }
        out[2 * k] = (int8_t)(even < 0 ? NEG : even);
        out[2 * k + 1] = (int8_t)(odd < 0 ? NEG : odd);
    }
}

/* The best overlap at one slot of the merge of u and v (negative when nothing fits). */
static int best_at(const Table u, const Table v, int slot) {
    int best = NEG;
    for (int i = 0; i <= slot; i++) {
        int j = slot - i;
        if ((i & 1 && j & 1) || u[i] < 0 || v[j] < 0) continue;
        if (u[i] + v[j] > best) best = u[i] + v[j];
    }
    return best;
}

/* Seven different pairs: kinds of cap >= 2 (NO_SHANTEN: fewer than 7 such kinds, or not 13-14 tiles). */
typedef struct {
    int kinds, pairs, singles;
} Pairs;

static Pairs count_pairs(const Hand *h) {
    if (h->full) {
        Pairs full = {KINDS, h->held[2] + h->held[3] + h->held[4], h->held[1]};
        return full;
    }
    Pairs p = {0, 0, 0};
    for (int k = 0; k < KINDS; k++) {
        if (h->cap[k] < 2) continue;
        p.kinds++;
        if (h->c[k] >= 2)
            p.pairs++;
        else if (h->c[k])
            p.singles++;
    }
    return p;
}

static int chiitoitsu_of(Pairs p) {
    if (p.kinds < 7) return NO_SHAPE;
    int pairs = imin(p.pairs, 7);
    return 13 - 2 * pairs - imin(p.singles, 7 - pairs);
}

/* Thirteen orphans: -1 when an orphan kind has cap 0 (it does not exist). */
typedef struct {
    int exists, missing, dup;
} Orphans;

static Orphans count_orphans(const Hand *h) {
    Orphans o = {1, 0, 0};
    for (int i = 0; i < 13; i++) {
        int k = ORPHANS[i];
        if (h->cap[k] < 1) o.exists = 0;
        if (!h->c[k]) o.missing++;
        if (h->c[k] >= 2 && h->cap[k] >= 2) o.dup = 1;
    }
    return o;
}

static int kokushi_of(Orphans o) { return o.exists ? o.missing - o.dup : NO_SHAPE; }

static PyObject *SMALL[MAX_COPIES + 1]; /* the ints 0-4 (one object each in CPython; only compared) */

/* Read 34 ints 0-4 from a list or tuple into out; 0 when it is anything else (no Python error left set). */
static int read_34(PyObject *seq, int *out) {
    if (!PyList_Check(seq) && !PyTuple_Check(seq)) return 0;
    if (PySequence_Fast_GET_SIZE(seq) != KINDS) return 0;
    PyObject **items = PySequence_Fast_ITEMS(seq);
    for (int k = 0; k < KINDS; k++) {
        PyObject *item = items[k];
        int v = 0;
        while (v <= MAX_COPIES && item != SMALL[v]) v++;
        if (v <= MAX_COPIES) {
            out[k] = v;
            continue;
        }
        if (!PyLong_CheckExact(item)) return 0;
        int overflow = 0;
        long value = PyLong_AsLongAndOverflow(item, &overflow);
        if (overflow || value < 0 || value > MAX_COPIES) {
            PyErr_Clear();
            return 0;
        }
        out[k] = (int)value;
    }
    return 1;
}

/* The hand from the arguments; 0 when the C path does not take it. */
static int read_hand(PyObject *counts, PyObject *caps, Hand *h) {
    if (!read_34(counts, h->c)) return 0;
    h->full = caps == Py_None;
    if (h->full) {
        for (int k = 0; k < KINDS; k++) h->cap[k] = MAX_COPIES;
    } else if (!read_34(caps, h->cap)) {
        return 0;
    }
    h->tiles = 0;
    memset(h->held, 0, sizeof h->held);
    for (int k = 0; k < KINDS; k++) {
        h->tiles += h->c[k];
        h->held[h->c[k]]++;
    }
    return 1;
}

static PyObject *shape_or_none(int value) {
    if (value == NO_SHAPE) Py_RETURN_NONE;
    return PyLong_FromLong(value);
}

/* (shanten, standard, seven pairs or None, thirteen orphans or None) */
static PyObject *result_tuple(int regular, int chiitoi, int koku) {
    int best = regular;
    if (chiitoi != NO_SHAPE && chiitoi < best) best = chiitoi;
    if (koku != NO_SHAPE && koku < best) best = koku;
    PyObject *out = PyTuple_New(4);
    if (!out) return NULL;
    PyObject *items[4] = {PyLong_FromLong(best), PyLong_FromLong(regular), shape_or_none(chiitoi),
                          shape_or_none(koku)};
    for (int i = 0; i < 4; i++) {
        if (!items[i]) {
            for (int j = 0; j < 4; j++) Py_XDECREF(items[j]);
            Py_DECREF(out);
            return NULL;
        }
    }
    for (int i = 0; i < 4; i++) PyTuple_SET_ITEM(out, i, items[i]);
    return out;
}

static int parse_args(PyObject *const *args, Py_ssize_t nargs, const char *name, Hand *h, int *chiitoi_ok,
                      int *koku_ok, int *taken) {
    if (nargs != 4) {
        PyErr_Format(PyExc_TypeError, "%s(counts, caps, chiitoitsu, kokushi) takes 4 arguments", name);
        return -1;
    }
    *chiitoi_ok = PyObject_IsTrue(args[2]);
    *koku_ok = PyObject_IsTrue(args[3]);
    if (*chiitoi_ok < 0 || *koku_ok < 0) return -1;
    *taken = read_hand(args[0], args[1], h);
    return 0;
}

/* shanten(counts, caps, chiitoitsu, kokushi): shanten.shanten's answer as a plain tuple, or None. */
static PyObject *py_shanten(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    Hand h;
    int chiitoi_ok, koku_ok, taken;
    if (parse_args(args, nargs, "shanten", &h, &chiitoi_ok, &koku_ok, &taken) < 0) return NULL;
    if (!taken || h.tiles % 3 == 0 || h.tiles < 1 || h.tiles > MAX_SUIT_TILES) Py_RETURN_NONE;
    int n = (h.tiles - 1) / 3;
    Table man, pin, sou, hon;
    suit_table(&h, 0, man);
    suit_table(&h, 1, pin);
    suit_table(&h, 2, sou);
    honour_table(&h, hon);
    merge(man, pin, man);
    merge(sou, hon, sou);
    int total = best_at(man, sou, 2 * n + 1);
    int regular = total < 0 ? NO_SHANTEN : 3 * n + 1 - total;
    int special = h.tiles == 13 || h.tiles == 14;
    int chiitoi = chiitoi_ok && special ? chiitoitsu_of(count_pairs(&h)) : NO_SHAPE;
    int koku = koku_ok && special ? kokushi_of(count_orphans(&h)) : NO_SHAPE;
    return result_tuple(regular, chiitoi, koku);
}

/* improving(counts, caps, chiitoitsu, kokushi): shanten.shanten_and_improving's answer of a 3n+1-tile
 * part as ((shanten, standard, seven pairs, thirteen orphans), [kinds whose draw lowers the shanten]),
 * or None. */
static PyObject *py_improving(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    Hand h;
    int chiitoi_ok, koku_ok, taken;
    if (parse_args(args, nargs, "improving", &h, &chiitoi_ok, &koku_ok, &taken) < 0) return NULL;
    if (!taken || h.tiles % 3 != 1 || h.tiles > 13) Py_RETURN_NONE;
    int n = (h.tiles - 1) / 3, slot = 2 * n + 1;
    Table tables[4], beside[4], man_pin, sou_hon;
    for (int s = 0; s < 3; s++) suit_table(&h, s, tables[s]);
    honour_table(&h, tables[3]);
    merge(tables[0], tables[1], man_pin);
    merge(tables[2], tables[3], sou_hon);
    merge(tables[1], sou_hon, beside[0]);
    merge(tables[0], sou_hon, beside[1]);
    merge(man_pin, tables[3], beside[2]);
    merge(man_pin, tables[2], beside[3]);
    int total = best_at(beside[3], tables[3], slot);
    int regular = total < 0 ? NO_SHANTEN : 3 * n + 1 - total;
    int special = h.tiles == 13;
    Pairs pairs = count_pairs(&h);
    Orphans orphans = count_orphans(&h);
    int chiitoi = chiitoi_ok && special ? chiitoitsu_of(pairs) : NO_SHAPE;
    int koku = koku_ok && special ? kokushi_of(orphans) : NO_SHAPE;
    int now = regular;
    if (chiitoi != NO_SHAPE && chiitoi < now) now = chiitoi;
    if (koku != NO_SHAPE && koku < now) now = koku;
    int by_chiitoi = chiitoi == now, by_koku = koku == now;
    int is_orphan[KINDS] = {0};
    for (int i = 0; i < 13; i++) is_orphan[ORPHANS[i]] = 1;

    PyObject *out = PyList_New(0);
    if (!out) return NULL;
    for (int k = 0; k < KINDS; k++) {
        int c = h.c[k];
        if (c >= h.cap[k]) continue;
        int suit = k / RANKS;
        int hit = 0;
        h.c[k] = c + 1;
        if (regular == now) {
            Table after;
            if (suit < 3)
                suit_table(&h, suit, after);
            else
                honour_table(&h, after);
            int overlap = best_at(beside[suit], after, slot);
            hit = overlap >= 0 && 3 * n + 1 - overlap < now;
        }
        h.c[k] = c;
        if (!hit && by_chiitoi && h.cap[k] >= 2) {
            Pairs p = pairs;
            if (c == 0) p.singles++;
            if (c == 1) {
                p.pairs++;
                p.singles--;
            }
            hit = chiitoitsu_of(p) < now; /* by_chiitoi: the shape exists, so never NO_SHAPE */
        }
        if (!hit && by_koku && is_orphan[k]) {
            Orphans o = orphans;
            if (c == 0) o.missing--;
            if (c + 1 >= 2 && h.cap[k] >= 2) o.dup = 1;
            hit = kokushi_of(o) < now;
        }
        if (hit) {
            PyObject *kind = PyLong_FromLong(k);
            if (!kind || PyList_Append(out, kind) < 0) {
                Py_XDECREF(kind);
                Py_DECREF(out);
                return NULL;
            }
            Py_DECREF(kind);
        }
    }
    PyObject *result = result_tuple(regular, chiitoi, koku);
    if (!result) {
        Py_DECREF(out);
        return NULL;
    }
    PyObject *pair = PyTuple_New(2);
    if (!pair) {
        Py_DECREF(result);
        Py_DECREF(out);
        return NULL;
    }
    PyTuple_SET_ITEM(pair, 0, result);
    PyTuple_SET_ITEM(pair, 1, out);
    return pair;
}

static PyMethodDef methods[] = {
    {"check_full", py_check_full, METH_NOARGS, "check_full() -> how many suits of the table differ from the DP's"},
    {"shanten", (PyCFunction)(void (*)(void))py_shanten, METH_FASTCALL,
     "shanten(counts, caps, chiitoitsu, kokushi) -> (shanten, standard, chiitoitsu, kokushi) or None"},
    {"improving", (PyCFunction)(void (*)(void))py_improving, METH_FASTCALL,
     "improving(counts, caps, chiitoitsu, kokushi) -> ((shanten, standard, chiitoitsu, kokushi), kinds) or None"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_shanten", "Shanten in C (see shanten.py, \"The C path\").", -1, methods,
};

/* What the module states about its interface, checked by shanten.py when it loads the module: the names
 * of the answer's four numbers in their order, the thirteen orphan kinds and the honour kinds. */
static int add_layout(PyObject *m) {
    PyObject *fields = Py_BuildValue("(ssss)", "shanten", "regular", "chiitoitsu", "kokushi");
    PyObject *orphans = PyTuple_New(13);
    PyObject *honours = Py_BuildValue("(ii)", HONOURS, KINDS);
    if (!fields || !orphans || !honours) goto fail;
    for (int i = 0; i < 13; i++) {
        PyObject *kind = PyLong_FromLong(ORPHANS[i]);
        if (!kind) goto fail;
        PyTuple_SET_ITEM(orphans, i, kind);
    }
    if (PyModule_AddObject(m, "FIELDS", fields) < 0) goto fail;
    fields = NULL;
    if (PyModule_AddObject(m, "ORPHANS", orphans) < 0) goto fail;
    orphans = NULL;
    if (PyModule_AddObject(m, "HONOURS", honours) < 0) goto fail;
    return 0;
fail:
    Py_XDECREF(fields);
    Py_XDECREF(orphans);
    Py_XDECREF(honours);
    return -1;
}

PyMODINIT_FUNC PyInit__shanten(void) {
    for (int v = 0; v <= MAX_COPIES; v++) {
        SMALL[v] = PyLong_FromLong(v); /* kept for the life of the process */
        if (!SMALL[v]) return NULL;
    }
    init_lanes();
    init_offsets();
    init_honours();
    int built = build_full();
    if (built == -1) return PyErr_NoMemory();
    if (built < 0) {
        PyErr_SetString(PyExc_ImportError, "_shanten: the table of suits does not match its ranking");
        return NULL;
    }
    PyObject *m = PyModule_Create(&module);
    if (m && add_layout(m) < 0) Py_CLEAR(m);
    return m;
}

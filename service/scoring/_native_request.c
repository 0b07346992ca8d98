/* Reading a request: its fields from a request object (read_py) and the checks of validate.parse_request
 * that can refuse it, each a decline (load).
 * Part of the C hot path: included by _native.c (one translation unit, every function static). */

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
    int fl[R_LAST_FLAG + 1];        /* R_FIRST_FLAG .. R_LAST_FLAG: 0 or 1 */
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
    for (int i = 0; i < N_R_DECLINE_UNLESS_FALSE; i++) /* the fields C does not score (contract.REQUEST) */
        if (f[R_DECLINE_UNLESS_FALSE[i]] != Py_False) return 0;
    for (int i = 0; i < N_R_DECLINE_UNLESS_ZERO; i++) {
        PyObject *v = f[R_DECLINE_UNLESS_ZERO[i]];
        if (!PyLong_CheckExact(v) || PyLong_AsLong(v) != 0) return 0;
    }
    if (!PyLong_CheckExact(f[R_HONBA]) || !PyLong_CheckExact(f[R_RIICHI_STICKS])) return 0;
    long honba = PyLong_AsLong(f[R_HONBA]), sticks = PyLong_AsLong(f[R_RIICHI_STICKS]);
    if (honba < 0 || honba > 100 || sticks < 0 || sticks > 100) {
        PyErr_Clear();
        return 0;
    }
    q->honba = (int)honba;
    q->sticks = (int)sticks;
    for (int i = R_FIRST_FLAG; i <= R_LAST_FLAG; i++) {
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

    q->n_dora = parse_field(f[R_DORA_INDICATORS], q->dora, 5, q->reds + 3);
    if (q->n_dora < 0) return 0;
    q->n_ura = parse_field(f[R_URA_INDICATORS], q->ura, 5, q->reds + 6);
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
    if ((q->honba && !p->honba) || (q->sticks && !p->riichi_deposit)) return 0; /* validate.table_errors */
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


static int request_kind(PyObject *req) {
    if (Py_TYPE(req) == request_type[0]) return 0;
    if (Py_TYPE(req) == request_type[1]) return 1;
    return -1;
}

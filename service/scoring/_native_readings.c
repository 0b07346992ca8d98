/* The readings of a hand and their value: splits, facts, yaku (holds), fu, limits, the best reading (run).
 * Part of the C hot path: included by _native.c (one translation unit, every function static). */

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
    uint64_t facts = h->facts | (r->shape == S_STANDARD ? F_STANDARD : r->shape == S_CHIITOITSU ? F_CHIITOITSU : F_KOKUSHI);
    if (n_runs) facts |= n_runs < 3 ? F_RUNS : F_RUNS | F_THREE_RUNS;
    if (n_triplets) facts |= n_triplets < 3 ? F_TRIPLETS : F_TRIPLETS | F_THREE_TRIPLETS;
    if (kans) facts |= F_KANS;
    if (identical) facts |= F_IDENTICAL_RUNS;
    if (r->wait == W_RYANMEN) facts |= F_RYANMEN;
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
    return r->n_runs == 4 && h->menzen && !value_pair(h, r) && r->wait == W_RYANMEN && !(h->tsumo && p->pinfu_tsumo_fu);
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
    switch ((YakuCode)code) {
    case Y_PINFU: return pinfu(h, r, p);
    case Y_TANYAO: return (h->menzen || p->kuitan) && !(h->mask & TERMINALS_AND_HONOURS);
    case Y_RIICHI: return h->riichi;
    case Y_MENZEN_TSUMO: return h->tsumo && h->menzen;
    case Y_IIPEIKOU: return h->menzen && r->identical >= 1;
    case Y_HAKU: return (int)(r->triplet_mask >> 31 & 1);
    case Y_HATSU: return (int)(r->triplet_mask >> 32 & 1);
    case Y_CHUN: return (int)(r->triplet_mask >> 33 & 1);
    case Y_SEAT_WIND: return h->seat >= 0 && (r->triplet_mask >> h->seat & 1);
    case Y_ROUND_WIND: return h->round >= 0 && (r->triplet_mask >> h->round & 1);
    case Y_CHANTA: return all_sets_terminal(r) && (!p->chanta_needs_run || r->n_runs > 0);
    case Y_SANSHOKU: return (r->run_mask & (r->run_mask >> 9) & (r->run_mask >> 18) & 0x1FF) != 0;
    case Y_ITTSU: return (r->run_mask & 0x49) == 0x49 || (r->run_mask >> 9 & 0x49) == 0x49 || (r->run_mask >> 18 & 0x49) == 0x49;
    case Y_TOITOI: return r->n_triplets == 4;
    case Y_SANANKOU: return r->concealed >= 3;
    case Y_HONITSU: return h->suits == 1 && h->honours;
    case Y_CHINITSU: return h->suits == 1 && !h->honours;
    case Y_SHOUSANGEN: return r->pair >= 31 && popcount64(r->triplet_mask >> 31) == 2;
    case Y_SANSHOKU_DOUKOU: return (r->triplet_mask & (r->triplet_mask >> 9) & (r->triplet_mask >> 18) & 0x1FF) != 0;
    case Y_JUNCHAN: return all_sets_terminal(r) && !h->honours && r->n_runs > 0;
    case Y_HONROUTOU: return r->shape != S_KOKUSHI && !(h->mask & (ALL_KINDS ^ TERMINALS_AND_HONOURS));
    case Y_RYANPEIKOU: return h->menzen && r->identical == 2;
    case Y_CHIITOITSU: return r->shape == S_CHIITOITSU;
    case Y_IPPATSU: return h->ippatsu;
    case Y_DOUBLE_RIICHI: return h->double_riichi;
    case Y_HAITEI: return h->haitei;
    case Y_HOUTEI: return h->houtei;
    case Y_RINSHAN: return h->rinshan;
    case Y_CHANKAN: return h->chankan;
    case Y_SANKANTSU: return r->kans == 3;
    case Y_SUUANKOU: return r->concealed == 4;
    case Y_SUUANKOU_TANKI: return r->concealed == 4 && r->wait == W_TANKI;
    case Y_DAISANGEN: return (r->triplet_mask >> 31) == 7;
    case Y_SHOUSUUSHII: return r->pair >= 27 && r->pair <= 30 && popcount64(r->triplet_mask >> 27 & 15) == 3;
    case Y_DAISUUSHII: return (r->triplet_mask >> 27 & 15) == 15;
    case Y_TSUUIISOU: return !(h->mask & NOT_HONOURS);
    case Y_RYUUIISOU: return !(h->mask & (p->ryuuiisou_8s ? NOT_GREEN : (NOT_GREEN | (1ULL << 25))));
    case Y_CHINROUTOU: return !(h->mask & (ALL_KINDS ^ TERMINALS));
    case Y_CHUUREN: return chuuren(h);
    case Y_JUNSEI_CHUUREN: return chuuren(h) && h->counts[h->win] == CHUUREN_BASE[h->win % 9] + 1;
    case Y_SUUKANTSU: return r->kans == 4;
    case Y_KOKUSHI: return r->shape == S_KOKUSHI;
    case Y_KOKUSHI_13: return r->shape == S_KOKUSHI && h->counts[h->win] == 2;
    case Y_TENHOU: return h->tenhou;
    case Y_CHIIHOU: return h->chiihou;
    case Y_RENHOU_MANGAN: /* renhou */
    case Y_OPEN_RIICHI: /* open riichi */
    case Y_DOUBLE_OPEN_RIICHI: /* double open riichi */
    case Y_SASHIKOMI: /* sashikomi: their flags are declined in load() */
    case Y_SCORED_APART: /* nagashi mangan, paarenchan: scored apart by scorer.py, never a reading's yaku */
        return 0;
    case Y_DAISHARIN: return daisharin_shape(h, 1);
    case Y_DAISUURIN: return daisharin_shape(h, 0);
    case Y_DAICHIKURIN: return daisharin_shape(h, 2);
    case Y_DAICHISEI: return r->shape == S_CHIITOITSU && !(h->mask & NOT_HONOURS);
    }
    return -1;
}

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
    if (r->shape == S_CHIITOITSU) {
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
        items[n++] = p->double_wind_pair_fu == 4 ? FU_DOUBLE_WIND_4 : FU_DOUBLE_WIND_2;
    else if (pair >= 0 && pair == h->seat) items[n++] = FU_PAIR_SEAT_WIND;
    else if (pair >= 0 && pair == h->round) items[n++] = FU_PAIR_ROUND_WIND;
    if (r->wait == W_KANCHAN) items[n++] = FU_KANCHAN;
    else if (r->wait == W_PENCHAN) items[n++] = FU_PENCHAN;
    else if (r->wait == W_TANKI || r->shape == S_KOKUSHI) items[n++] = FU_TANKI;
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
    if (((han == 4 && fu == 30) || (han == 3 && fu == 60)) && p->kiriage_mangan) return 2000;
    return base;
}

static inline long long hand_points(long long base, int dealer, int tsumo) {
    if (!tsumo) return round_up_100(base * (dealer ? 6 : 4));
    if (dealer) return round_up_100(base * 2) * 3;
    return round_up_100(base * 2) + 2 * round_up_100(base);
}

/* limits.limit_name as an index of limit_str, or -1 for a name this file was not given (Python names it). */
static int limit_index(int han, long long base, long long yakuman) {
    if (yakuman) return yakuman <= 6 ? L_YAKUMAN + (int)yakuman - 1 : -1;
    if (han >= 26 && base >= 16000) {
        long long m = base / 8000;
        return m <= 6 ? L_YAKUMAN + (int)m - 1 : -1;
    }
    if (han < 5) return base == 2000 ? L_MANGAN : L_NONE;
    static const int min_han[5] = {13, 11, 8, 6, 5};
    static const long long limit[5] = {8000, 6000, 4000, 3000, 2000};
    static const int index[5] = {L_KAZOE_YAKUMAN, L_SANBAIMAN, L_BAIMAN, L_HANEMAN, L_MANGAN};
    for (int i = 0; i < 5; i++)
        if (han >= min_han[i] && limit[i] == base) return index[i];
    return L_MANGAN;
}

/* ---- score ------------------------------------------------------------------------------------- */

static inline int run_wait(int first, int win) {
    if (win == first + 1) return W_KANCHAN;
    if ((win == first + 2 && first % 9 == 0) || (win == first && first % 9 == 6)) return W_PENCHAN;
    return W_RYANMEN;
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
    int could = r->n_triplets >= 3 || h->suits <= 1 || r->shape == S_KOKUSHI || h->situational;
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
        if (r->shape == S_CHIITOITSU) fu = 25;
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

/* The best reading of a request: 1 with *b filled (b->found 0: no win, b->complete says why), 0 declined.
 *
 * Long, as scorer._score and readings.readings are: the readings are made and scored in one pass over the
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
    r.shape = S_STANDARD;
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
            r.wait = W_TANKI;
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
            r.wait = t == TRIPLET ? W_SHANPON : run_wait(f0, win);
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
            r.shape = S_CHIITOITSU;
            r.n = 0;
            r.pair = -1;
            r.wait = W_TANKI;
            consider(h, &r, p, b);
        } else if (h->conc_mask == TERMINALS_AND_HONOURS && p->kokushi_yaku) {
            r.shape = S_KOKUSHI;
            r.n = 0;
            r.pair = -1;
            r.wait = h->conc[win] == 2 ? W_KOKUSHI_13 : W_KOKUSHI;
            consider(h, &r, p, b);
        }
    }
    if (b->found && limit_index(b->han, b->base, capped(b->yakuman, p->yakuman_cap)) < 0) return 0;
    return 1;
}

"""The parsed hand and one reading of it: the facts that yaku and fu are read from.

:class:`Hand` is the validated request in tile kinds (see :mod:`.validate`);
:class:`Group` is one set of a reading; :class:`Ctx` bundles a hand with one reading
(decomposition + wait) so that every yaku predicate and fu rule reads the same facts.

These are plain classes with typed attributes (no NamedTuples): compiled with mypyc they
become C structs, which is what keeps a cold scoring call cheap (BENCHMARKS.md). Sets of
kinds are held as 34-bit masks (bit ``k`` = kind ``k`` present): see :func:`kind_mask`.
"""

from __future__ import annotations

from typing import Final

from .contract import FACT_BITS
from .decompose import RUN, TRIPLET
from .presets import Rules
from .tiles import TERMINALS_AND_HONOURS, SuitKeys, TileList

NO_TILES: Final = TileList((), ())
"""No tiles (an empty or unreadable field)."""

__all__ = [
    "FACTS",
    "GROUPS",
    "HONOURS_MASK",
    "KAN",
    "RUN",
    "SITUATION_FACTS",
    "SUIT_MASKS",
    "TERMINALS_AND_HONOURS_MASK",
    "TRIPLET",
    "Ctx",
    "Group",
    "Hand",
    "HandSituation",
    "HandTiles",
    "MeldKinds",
    "Options",
    "group",
    "kind_mask",
]

KAN: Final = 2


def kind_mask(kinds: frozenset[int] | set[int] | list[int] | tuple[int, ...]) -> int:
    """The 34-bit mask of a set of kinds: bit ``k`` set for each kind ``k``.

    >>> kind_mask({0, 8, 33}) == (1 << 0) | (1 << 8) | (1 << 33)
    True
    """
    mask = 0
    for k in kinds:
        mask |= 1 << k
    return mask


SUIT_MASKS: Final = (0x1FF, 0x1FF << 9, 0x1FF << 18)
"""Masks of the man, pin and sou kinds."""
HONOURS_MASK: Final = 0x7F << 27
"""Mask of the seven honour kinds 1z–7z."""
TERMINALS_AND_HONOURS_MASK: Final = kind_mask(TERMINALS_AND_HONOURS)
"""Mask of 1 and 9 of each suit and every honour (yaochuuhai)."""
_ALL_KINDS: Final = (1 << 34) - 1
_TERMINALS_MASK: Final = kind_mask({0, 8, 9, 17, 18, 26})
_GREEN_MASK: Final = kind_mask({19, 20, 21, 23, 25, 32})  # 2s 3s 4s 6s 8s 6z

# Facts of a hand (Hand.facts), then of a reading (Ctx.facts), one bit each: fact i of contract.FACTS is bit
# 1 << i, shared with the C hot path (its F_* are generated from that tuple). Written as literals so mypyc folds
# them into the code (a name read from another module is a load and a check at every use);
# tests/scoring/test_contract.py requires each to be its contract bit.
F_HONOURS: Final = 1 << 0  # an honour tile
F_NO_HONOURS: Final = 1 << 1
F_SIMPLES_ONLY: Final = 1 << 2  # no 1, 9 or honour
F_TERMINAL_OR_HONOUR: Final = 1 << 3  # some 1, 9 or honour
F_TERMINALS_AND_HONOURS_ONLY: Final = 1 << 4
F_TERMINALS_ONLY: Final = 1 << 5
F_GREEN_ONLY: Final = 1 << 6  # 2s 3s 4s 6s 8s 6z only
F_ONE_SUIT: Final = 1 << 7  # exactly one of man, pin, sou
F_NO_SUIT: Final = 1 << 8  # honours only
F_TSUMO: Final = 1 << 9
F_NO_MELDS: Final = 1 << 10
F_STANDARD: Final = 1 << 11  # four sets and a pair
F_CHIITOITSU: Final = 1 << 12
F_KOKUSHI: Final = 1 << 13
F_RUNS: Final = 1 << 14  # at least one run
F_THREE_RUNS: Final = 1 << 15
F_TRIPLETS: Final = 1 << 16  # at least one triplet or kan
F_THREE_TRIPLETS: Final = 1 << 17
F_KANS: Final = 1 << 18
F_IDENTICAL_RUNS: Final = 1 << 19  # two identical runs
F_RYANMEN: Final = 1 << 20  # won on a two-sided wait
F_DRAGON_TRIPLET: Final = 1 << 31  # a triplet or kan of a dragon
F_WIND_TRIPLET: Final = 1 << 32  # a triplet or kan of a wind
F_TERMINAL_PAIR: Final = 1 << 33  # the pair is a 1, 9 or honour
# The situation flags as hand facts (riichi: riichi or double riichi).
F_RIICHI: Final = 1 << 21  # the request's flag
F_DOUBLE_RIICHI: Final = 1 << 22
F_IPPATSU: Final = 1 << 23
F_HAITEI: Final = 1 << 24
F_HOUTEI: Final = 1 << 25
F_RINSHAN: Final = 1 << 26
F_CHANKAN: Final = 1 << 27
F_TENHOU: Final = 1 << 28
F_CHIIHOU: Final = 1 << 29
F_RENHOU: Final = 1 << 30
F_OPEN_RIICHI: Final = 1 << 34  # riichi (or double riichi) declared open
F_SASHIKOMI: Final = 1 << 35  # ron, in open riichi, on the discard of a player not in riichi
F_SCORED_APART: Final = 1 << 36
"""Never among a reading's facts: the yaku that :mod:`.scorer` adds itself (paarenchan, whose multiple
is the request's, and nagashi mangan, which is no hand) need it, so the evaluator never calls them."""

FACTS: Final = FACT_BITS
"""Facts of a hand or a reading as bits, for ``Yaku.needs``: a yaku whose needs are not all
among a reading's facts cannot hold, so its predicate is not called (:mod:`.yaku`)."""


class Options:
    """A resolved :class:`~.presets.Rules` as a native object, built once per rule set (``score``
    keeps it beside the yaku table): its fields under the same names, plus a few answers the hot
    path asks on every hand (``han_fu``, ``bisection``, ``riichi_yaku``, ``kokushi_yaku``).

    ``Rules`` is a msgspec Struct of a module that is not compiled, so every read of one of its
    fields from compiled code is a generic attribute lookup (a hand reads about 25 of them);
    a native attribute is a C struct field. ``rules``: the Rules it was made from.
    """

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.preset: str = rules.preset
        self.kuitan: bool = rules.kuitan
        self.aka: bool = rules.aka
        self.aka_per_suit: int = rules.aka_per_suit
        self.double_yakuman: bool = rules.double_yakuman
        self.kazoe: str = rules.kazoe
        self.kiriage_mangan: bool = rules.kiriage_mangan
        self.mangan_cap: bool = rules.mangan_cap
        self.yakuman_cap: int = rules.yakuman_cap
        self.double_wind_pair_fu: int = rules.double_wind_pair_fu
        self.open_pinfu_fu: int = rules.open_pinfu_fu
        self.pinfu_tsumo_fu: int = rules.pinfu_tsumo_fu
        self.renhou: str = rules.renhou
        self.winds: bool = rules.winds
        self.ryuuiisou_8s: bool = rules.ryuuiisou_8s
        self.open_kan_dora: str = rules.open_kan_dora
        self.open_riichi: bool = rules.open_riichi
        self.sashikomi_yakuman: bool = rules.sashikomi_yakuman
        self.paarenchan: str = rules.paarenchan
        self.aotenjou: bool = rules.aotenjou
        self.nagashi_mangan: bool = rules.nagashi_mangan
        self.honba: int = rules.honba
        self.riichi_deposit: int = rules.riichi_deposit
        self.players: int = rules.players
        self.nukidora: bool = rules.nukidora
        self.sanma_tsumo: str = rules.sanma_tsumo
        self.yaku: frozenset[str] = rules.yaku
        self.chanta_needs_run: bool = rules.chanta_needs_run
        self.scoring: str = rules.scoring
        self.han_fu: bool = rules.scoring == "han_fu"
        """Scored by yaku, han and fu (not the kids' points)."""
        self.bisection: bool = rules.sanma_tsumo == "bisection"
        self.riichi_yaku: bool = "riichi" in rules.yaku
        self.kokushi_yaku: bool = "kokushi" in rules.yaku


class MeldKinds:
    """A validated meld: ``type`` RUN/TRIPLET/KAN, ``first`` its lowest kind, ``closed`` (ankan only)."""

    def __init__(self, type: int, first: int, closed: bool) -> None:
        self.type = type
        self.first = first
        self.closed = closed

    def __repr__(self) -> str:
        return f"MeldKinds(type={self.type}, first={self.first}, closed={self.closed})"


class HandTiles:
    """A request's tiles in kinds (0–33), as :func:`.validate.parse_request` reads them step by step and as
    :class:`Hand` takes them (one native object: its fields are C struct fields).

    ``counts``: 34 counts, the hand while it is read, every tile in sight while the copies are checked, then
    the concealed part after the win (what :class:`Hand` takes as ``concealed``: the list is handed over);
    ``reds``: red fives per suit, ``[0:3]`` hand, win and melds, ``[3:6]`` dora, ``[6:9]`` ura indicators;
    ``red``: the hand's red fives (0 when option ``aka`` is off); ``keys``: the hand's suit keys and kind
    mask counted with it (:class:`~.tiles.SuitKeys`; ``None``: not counted); ``n_hand``: the hand's tile
    count; ``over``: some count may have passed 4; ``win``: the winning tile; ``melds``: the valid melds,
    ``meld_tiles`` every meld's tiles, ``menzen``/``has_kan``/``open_kan`` what the melds say;
    ``dora_indicators``/``ura_indicators``: the indicator kinds.
    """

    def __init__(self) -> None:
        self.counts: list[int] = [0] * 34
        self.reds: list[int] = [0] * 9
        self.red = 0
        self.keys: SuitKeys | None = SuitKeys()
        self.n_hand = -1
        self.over = False
        self.win: TileList = NO_TILES
        self.melds: list[MeldKinds] = []
        self.meld_tiles: list[TileList] = []
        self.menzen = True
        self.has_kan = False
        self.open_kan = False
        self.dora_indicators: tuple[int, ...] = ()
        self.ura_indicators: tuple[int, ...] = ()


SITUATION_FACTS: Final = (
    F_RIICHI
    | F_DOUBLE_RIICHI
    | F_IPPATSU
    | F_HAITEI
    | F_HOUTEI
    | F_RINSHAN
    | F_CHANKAN
    | F_TENHOU
    | F_CHIIHOU
    | F_RENHOU
    | F_OPEN_RIICHI
    | F_SASHIKOMI
)
"""The situation flags as :data:`FACTS` bits (:data:`.model.WIN_FLAGS`, then ``open_riichi`` and ``sashikomi``):
what :class:`HandSituation` ``flags`` may hold."""


class HandSituation:
    """How and by whom a validated hand was won, and what the table adds: ``tsumo``, ``dealer``,
    ``seat``/``round`` the wind kinds or -1 (no winds), ``flags`` the set situation flags as
    :data:`SITUATION_FACTS` bits (``F_RIICHI`` for double riichi too), ``paarenchan`` the request's yakuman
    multiple (0 for none); ``dora``/``ura`` the dora kinds the indicators point to (one entry per indicator;
    ``ura`` empty without riichi), ``honba``, ``riichi_sticks``, ``nukidora`` the Norths set aside."""

    def __init__(
        self,
        tsumo: bool,
        dealer: bool,
        seat: int,
        round: int,
        flags: int,
        paarenchan: int,
        dora: tuple[int, ...],
        ura: tuple[int, ...],
        honba: int,
        riichi_sticks: int,
        nukidora: int,
    ) -> None:
        self.tsumo = tsumo
        self.dealer = dealer
        self.seat = seat
        self.round = round
        self.flags = flags
        self.paarenchan = paarenchan
        self.dora = dora
        self.ura = ura
        self.honba = honba
        self.riichi_sticks = riichi_sticks
        self.nukidora = nukidora


class Hand:
    """A validated request in kinds (0–33); built by :func:`.validate.parse_request` from three objects: ``opts``
    (the rules as :class:`Options`), its :class:`HandTiles` and its :class:`HandSituation`, whose fields it
    copies into plain attributes (what yaku and fu read).

    ``concealed`` are the concealed tiles after the win, ``counts`` all 14 tiles of the hand per kind (a kan
    counting 3; the win included); these lists are read-only. ``mask`` the kinds present in ``counts``
    (:func:`kind_mask`). ``menzen``: no chi, pon or open kan (a closed kan keeps the hand closed).
    ``situational``: any situation flag is set (riichi, ippatsu, haitei, houtei, rinshan, chankan, tenhou,
    chiihou, renhou; open riichi and sashikomi imply riichi), each also a boolean attribute (``riichi``:
    riichi or double riichi). ``facts``: the hand's :data:`FACTS` bits.
    """

    def __init__(self, opts: Options, tiles: HandTiles, how: HandSituation) -> None:
        rules = opts.rules
        self.rules = rules
        self.opts: Options = opts
        self.nukidora = how.nukidora
        """Norths set aside (three players, the request's count): a dora each, and each one more per indicator
        pointing at North (ura with riichi), counted with the dora and ura dora; /docs/rulesets §7."""
        concealed = tiles.counts
        melds = tiles.melds
        keys = tiles.keys
        self.win = tiles.win.kinds[0]
        self.melds = melds
        self.red = tiles.red
        tsumo = how.tsumo
        flags = how.flags
        self.tsumo = tsumo
        self.dealer = how.dealer
        self.seat = how.seat
        self.round = how.round
        self.riichi = (flags & F_RIICHI) != 0
        self.double_riichi = (flags & F_DOUBLE_RIICHI) != 0
        self.ippatsu = (flags & F_IPPATSU) != 0
        self.haitei = (flags & F_HAITEI) != 0
        self.houtei = (flags & F_HOUTEI) != 0
        self.rinshan = (flags & F_RINSHAN) != 0
        self.chankan = (flags & F_CHANKAN) != 0
        self.tenhou = (flags & F_TENHOU) != 0
        self.chiihou = (flags & F_CHIIHOU) != 0
        self.renhou = (flags & F_RENHOU) != 0
        self.open_riichi = (flags & F_OPEN_RIICHI) != 0
        self.sashikomi = (flags & F_SASHIKOMI) != 0
        self.paarenchan = how.paarenchan
        self.dora = how.dora
        self.ura = how.ura
        self.honba = how.honba
        self.riichi_sticks = how.riichi_sticks
        self.situational = flags != 0  # open riichi and sashikomi come with riichi
        self.concealed = concealed
        """The concealed part after the win (34 counts; melds not included): what is decomposed."""
        counts, mask, concealed_mask, man, pin, sou, menzen = _tile_summary(concealed, melds, keys)
        self.suit_keys = [man, pin, sou]  # boxed once each (not once per tile)
        """:func:`.decompose.suit_key` of the man, pin and sou of ``concealed``."""
        self.concealed_mask = concealed_mask
        """The kinds present in ``concealed``."""
        self.menzen = menzen
        self.counts = counts
        self.mask = mask
        self.suits = (
            (1 if mask & SUIT_MASKS[0] else 0) + (1 if mask & SUIT_MASKS[1] else 0) + (1 if mask & SUIT_MASKS[2] else 0)
        )
        """How many of the three suits appear."""
        self.honours = (mask & HONOURS_MASK) != 0
        """Any honour tile appears."""
        facts = _tile_facts(mask, self.suits) | flags
        if tsumo:
            facts |= F_TSUMO
        if not melds:
            facts |= F_NO_MELDS
        self.facts = facts
        """The hand's :data:`FACTS` bits."""


def _tile_summary(
    concealed: list[int], melds: list[MeldKinds], keys: SuitKeys | None
) -> tuple[list[int], int, int, int, int, int, bool]:
    """A hand's ``(counts, mask, concealed_mask, man, pin, sou, menzen)`` (see :class:`Hand`): ``concealed``'s
    suit keys and kinds from ``keys`` when the caller counted them, else counted here in one pass; then the
    melds added (``counts`` is ``concealed`` itself when there are none)."""
    if keys is not None:  # counted with the tiles (validate)
        mask = keys.mask
        man = keys.man
        pin = keys.pin
        sou = keys.sou
    else:
        mask = 0
        man = pin = sou = 0  # decompose.suit_key of each suit of the concealed part, built in the same pass
        for k in range(34):
            n = concealed[k]
            if n:
                mask |= 1 << k
                if k < 9:
                    man |= n << (3 * k)
                elif k < 18:
                    pin |= n << (3 * (k - 9))
                elif k < 27:
                    sou |= n << (3 * (k - 18))
    concealed_mask = mask
    menzen = True
    counts = concealed[:] if melds else concealed  # the same list when nothing is called
    for m in melds:
        first = m.first
        if m.type == RUN:
            counts[first] = counts[first] + 1
            counts[first + 1] = counts[first + 1] + 1
            counts[first + 2] = counts[first + 2] + 1
            mask |= 7 << first
            menzen = False
        else:
            counts[first] = counts[first] + 3
            mask |= 1 << first
            if not m.closed:
                menzen = False
    return counts, mask, concealed_mask, man, pin, sou, menzen


def _tile_facts(mask: int, suits: int) -> int:
    """The :data:`FACTS` bits of a hand's tiles: ``mask`` its kinds, ``suits`` how many suits it has."""
    facts = F_HONOURS if mask & HONOURS_MASK else F_NO_HONOURS
    if mask & TERMINALS_AND_HONOURS_MASK:
        facts |= F_TERMINAL_OR_HONOUR
        if not mask & (_ALL_KINDS ^ TERMINALS_AND_HONOURS_MASK):
            facts |= F_TERMINALS_AND_HONOURS_ONLY
            if not mask & (_ALL_KINDS ^ _TERMINALS_MASK):
                facts |= F_TERMINALS_ONLY
    else:
        facts |= F_SIMPLES_ONLY
    if not mask & (_ALL_KINDS ^ _GREEN_MASK):
        facts |= F_GREEN_ONLY
    if suits == 1:
        facts |= F_ONE_SUIT
    elif suits == 0:
        facts |= F_NO_SUIT
    return facts


class Group:
    """One set of a reading (shared, read-only: get one with :func:`group`).

    ``type`` RUN/TRIPLET/KAN, ``first`` its lowest kind; ``called``: a chi, pon or open
    kan; ``concealed``: counts as a concealed triplet (ankou), a closed triplet or closed
    kan not completed by ron (/docs/rules §3); ``terminal``: the set holds a 1, 9 or honour.
    """

    def __init__(self, type: int, first: int, called: bool, concealed: bool) -> None:
        self.type = type
        self.first = first
        self.called = called
        self.concealed = concealed
        self.is_triplet = type != RUN
        if type == RUN:
            self.terminal = first % 9 == 0 or first % 9 == 6
        else:
            self.terminal = first in TERMINALS_AND_HONOURS

    def __repr__(self) -> str:
        return f"Group(type={self.type}, first={self.first}, called={self.called}, concealed={self.concealed})"


GROUPS: Final = [
    Group(type_, first, called, concealed)
    for type_ in (RUN, TRIPLET, KAN)
    for first in range(34)
    for called in (False, True)
    for concealed in (False, True)
]
"""Every :class:`Group`, at ``(type × 34 + first) × 4 + 2 × called + concealed``: a concealed set's
is at ``code × 4 + concealed`` (its :data:`~.decompose.Split` code)."""


def group(type: int, first: int, called: bool, concealed: bool) -> Group:
    """The shared :class:`Group` for these fields (groups are built once, at import)."""
    return GROUPS[(type * 34 + first) * 4 + (2 if called else 0) + (1 if concealed else 0)]


class Ctx:
    """A hand plus one reading: what yaku predicates and fu rules read.

    ``shape`` is ``standard``, ``chiitoitsu`` or ``kokushi``; ``groups`` the four sets
    (melds included) and ``pair`` the pair kind (-1 when the shape has none) for
    ``standard``; ``wait`` the wait name. The sets are also summed up as masks
    (:func:`kind_mask`): ``run_mask`` the first kinds of the runs, ``triplet_mask`` the
    kinds of the triplets and kans; ``n_runs`` and ``n_triplets`` count them (a run can
    repeat, a triplet cannot), ``identical_runs`` counts pairs of identical runs (two for
    ryanpeikou), ``kans`` the kans and ``concealed`` the concealed triplets (ankou).
    Hand-wide facts (``counts``, ``mask``, ``suits``, ``honours``,
    ``menzen``, ``rules``, ``opts``) are copied from :class:`Hand` so predicates read plain attributes.
    """

    def __init__(self, hand: Hand, shape: str, groups: list[Group], pair: int, wait: str) -> None:
        self.hand = hand
        self.rules = hand.rules
        self.opts = hand.opts
        self.menzen = hand.menzen
        self.counts = hand.counts
        self.mask = hand.mask
        self.suits = hand.suits
        self.honours = hand.honours
        self.shape = shape
        self.groups = groups
        self.pair = pair
        self.wait = wait
        run_mask = 0
        twice = 0  # runs seen at least twice
        thrice = 0  # at least three times
        identical = 0
        n_runs = 0
        triplet_mask = 0
        n_triplets = 0
        kans = 0
        concealed = 0
        for g in groups:
            bit = 1 << g.first
            if g.type == RUN:
                n_runs += 1
                if not run_mask & bit:
                    run_mask |= bit
                elif not twice & bit:
                    twice |= bit
                    identical += 1  # the second copy makes a pair
                elif not thrice & bit:
                    thrice |= bit
                else:
                    identical += 1  # the fourth copy makes a second pair
            else:
                triplet_mask |= bit
                n_triplets += 1
                if g.type == KAN:
                    kans += 1
                if g.concealed:
                    concealed += 1
        facts = hand.facts | (
            F_STANDARD if shape == "standard" else (F_CHIITOITSU if shape == "chiitoitsu" else F_KOKUSHI)
        )
        if n_runs:
            facts |= F_RUNS if n_runs < 3 else F_RUNS | F_THREE_RUNS
        if n_triplets:
            facts |= F_TRIPLETS if n_triplets < 3 else F_TRIPLETS | F_THREE_TRIPLETS
        if kans:
            facts |= F_KANS
        if identical:
            facts |= F_IDENTICAL_RUNS
        if wait == "ryanmen":
            facts |= F_RYANMEN
        if triplet_mask >> 27:
            if triplet_mask >> 31:
                facts |= F_DRAGON_TRIPLET
            if triplet_mask >> 27 & 15:
                facts |= F_WIND_TRIPLET
        if pair >= 0 and TERMINALS_AND_HONOURS_MASK >> pair & 1:
            facts |= F_TERMINAL_PAIR
        self.facts = facts
        """The reading's :data:`FACTS` bits (the hand's included)."""
        self.run_mask = run_mask
        self.n_runs = n_runs
        self.identical_runs = identical
        self.triplet_mask = triplet_mask
        self.n_triplets = n_triplets
        self.kans = kans
        self.concealed = concealed

    @property
    def is_value_pair(self) -> bool:
        """The pair is a dragon, the seat wind or the round wind (yakuhai pair)."""
        p = self.pair
        return p >= 31 or (p >= 0 and (p == self.hand.seat or p == self.hand.round))  # 31–33: dragons

"""The contract between the Python core and the C hot path (``_native*.c``), declared once.

The C code is a second scorer: it reads requests, rule sets and the shared answer objects by position and
by number. Every order it shares with Python is declared here, and only here:

- the Python modules read their orders from this module (:mod:`.validate`, :mod:`.hand`, :mod:`.yaku`,
  :mod:`.native`);
- ``scripts/gen_native_header.py`` writes ``_native_contract.h`` from it (enums, the field names, the
  ``case`` lists of the request fields by how C treats them, ``_Static_assert`` on the counts), and
  ``_native.c`` includes it; ``tests/scoring/test_contract.py`` fails when the committed header is stale;
- ``setup.py`` compiles the C code with ``-Werror=switch``: each ``switch`` over one of these enums names
  every member, so a new yaku code or request field without its C ``case`` is a build error, not a wrong
  answer.

This module imports nothing of the service (the script loads it by its path, without building anything).
Adding a yaku, an option or a flag: ARCHITECTURE.md's checklists say which tuple to extend.
"""

from __future__ import annotations

from typing import Final, NamedTuple

# ---- request fields --------------------------------------------------------------------------------

READ: Final = "read"
"""A request field the C code reads and checks itself (its ``case`` is written by hand in ``js_field``)."""
FLAG: Final = "flag"
"""A situation flag the C code reads into ``fl[]`` and scores (``load()`` reads ``fl[R_<NAME>]``): the flags
are consecutive, ``R_FIRST_FLAG`` … ``R_LAST_FLAG``."""
DECLINE_UNLESS_FALSE: Final = "decline_unless_false"
"""A flag the C code does not score: a request with it true is declined (the Python path scores it)."""
DECLINE_UNLESS_ZERO: Final = "decline_unless_zero"
"""A count the C code does not score: a request with it above 0 is declined."""

REQUEST: Final[tuple[tuple[str, str], ...]] = (
    ("hand", READ),
    ("win_tile", READ),
    ("rules", READ),
    ("melds", READ),
    ("win", READ),
    ("dealer", READ),
    ("seat_wind", READ),
    ("round_wind", READ),
    ("riichi", FLAG),
    ("double_riichi", FLAG),
    ("ippatsu", FLAG),
    ("haitei", FLAG),
    ("houtei", FLAG),
    ("rinshan", FLAG),
    ("chankan", FLAG),
    ("tenhou", FLAG),
    ("chiihou", FLAG),
    ("renhou", DECLINE_UNLESS_FALSE),
    ("open_riichi", DECLINE_UNLESS_FALSE),
    ("sashikomi", DECLINE_UNLESS_FALSE),
    ("paarenchan", DECLINE_UNLESS_ZERO),
    ("nagashi_mangan", DECLINE_UNLESS_FALSE),
    ("rinshan_open_kan", DECLINE_UNLESS_FALSE),
    ("dora_indicators", READ),
    ("ura_indicators", READ),
    ("honba", READ),
    ("riichi_sticks", READ),
    ("nukidora", DECLINE_UNLESS_ZERO),
)
""":class:`~.model.ScoreRequest`'s fields in declaration order (what ``msgspec.structs.astuple`` gives), each
with how the C code treats it (C: ``R_<NAME>``, ``REQ_FIELDS``). A new field is appended (or every later
position moves, in both languages at once, from here); a new flag the C code does not score yet is
:data:`DECLINE_UNLESS_FALSE`."""

REQUEST_FIELDS: Final[tuple[str, ...]] = tuple(name for name, _ in REQUEST)
"""The names of :data:`REQUEST`, in order."""

MELD_FIELDS: Final[tuple[str, ...]] = ("type", "tiles", "closed")
""":class:`~.model.MeldSpec`'s fields the C code reads (C: ``M_<NAME>``)."""

# ---- facts (hand.F_*) -----------------------------------------------------------------------------

FACTS: Final[tuple[str, ...]] = (
    "honours",
    "no_honours",
    "simples_only",
    "terminal_or_honour",
    "terminals_and_honours_only",
    "terminals_only",
    "green_only",
    "one_suit",
    "no_suit",
    "tsumo",
    "no_melds",
    "standard",
    "chiitoitsu",
    "kokushi",
    "runs",
    "three_runs",
    "triplets",
    "three_triplets",
    "kans",
    "identical_runs",
    "ryanmen",
    "riichi",
    "double_riichi",
    "ippatsu",
    "haitei",
    "houtei",
    "rinshan",
    "chankan",
    "tenhou",
    "chiihou",
    "renhou",
    "dragon_triplet",
    "wind_triplet",
    "terminal_pair",
    "open_riichi",
    "sashikomi",
    "scored_apart",
)
"""The facts of a hand or a reading, fact ``i`` being bit ``1 << i`` (:data:`.hand.FACTS`; ``hand.F_*``, literals
checked against this tuple by ``tests/scoring/test_contract.py``; C: ``F_<NAME>``). A yaku's ``needs`` are these
bits, computed alike in both languages."""

FACT_BITS: Final[dict[str, int]] = {name: 1 << i for i, name in enumerate(FACTS)}
""":data:`FACTS` as ``{name: bit}``."""

# ---- yaku ------------------------------------------------------------------------------------------

NATIVE_YAKU: Final[tuple[str, ...]] = (
    "pinfu",
    "tanyao",
    "riichi",
    "menzen_tsumo",
    "iipeikou",
    "haku",
    "hatsu",
    "chun",
    "seat_wind",
    "round_wind",
    "chanta",
    "sanshoku",
    "ittsu",
    "toitoi",
    "sanankou",
    "honitsu",
    "chinitsu",
    "shousangen",
    "sanshoku_doukou",
    "junchan",
    "honroutou",
    "ryanpeikou",
    "chiitoitsu",
    "ippatsu",
    "double_riichi",
    "haitei",
    "houtei",
    "rinshan",
    "chankan",
    "sankantsu",
    "suuankou",
    "suuankou_tanki",
    "daisangen",
    "shousuushii",
    "daisuushii",
    "tsuuiisou",
    "ryuuiisou",
    "chinroutou",
    "chuuren",
    "junsei_chuuren",
    "suukantsu",
    "kokushi",
    "kokushi_13",
    "tenhou",
    "chiihou",
    "renhou_mangan",
    "open_riichi",
    "double_open_riichi",
    "daisharin",
    "daisuurin",
    "daichikurin",
    "daichisei",
    "sashikomi",
)
"""The predicates of :mod:`.yaku` (by function name) called directly by their index, the candidate's
``code``: :data:`.yaku._NATIVE_TESTS` and ``_holds`` in Python, the ``holds()`` switch in C (``Y_<NAME>``).
A new predicate is appended; the C switch then lacks its ``case`` and the build fails until it is written
(or the rule sets with the yaku are declined: :func:`.native.prepare`)."""

SCORED_APART: Final = len(NATIVE_YAKU)
"""The C code for a yaku that :mod:`.scorer` adds itself (``needs`` ``scored_apart``: nagashi mangan,
paarenchan), never a reading's (C: ``Y_SCORED_APART``, the largest code it knows)."""

# ---- the answer's parts ----------------------------------------------------------------------------

FU_ITEMS: Final[tuple[str, ...]] = (
    "base",
    "chiitoitsu",
    "closed_ron",
    "tsumo",
    "pair_dragon",
    "pair_seat_wind",
    "pair_round_wind",
    "double_wind_2",
    "double_wind_4",
    "kanchan",
    "penchan",
    "tanki",
    "open_pinfu",
)
"""The fu items the C code lists, by index (C: ``FU_<NAME>``), then :data:`FU_TRIPLETS` more: the
:mod:`.fu` item of each name (``double_wind_2``/``_4``: the double wind pair at 2 or 4 fu)."""

FU_TRIPLETS: Final = 8
"""The triplet and kan items after :data:`FU_ITEMS` (C: ``FU_TRIPLET`` + ``4 × concealed + 2 × kan +
terminal``, :data:`.fu._TRIPLET`'s order)."""

LIMITS: Final[tuple[str, ...]] = (
    "none",
    "mangan",
    "haneman",
    "baiman",
    "sanbaiman",
    "kazoe_yakuman",
    "yakuman",
    "double_yakuman",
    "triple_yakuman",
    "quadruple_yakuman",
    "quintuple_yakuman",
    "sextuple_yakuman",
)
"""The limit names the C code answers with (C: ``L_<NAME>``); from ``yakuman`` on, yakuman × 1–6
(:data:`.limits.YAKUMAN_NAMES`)."""

WAITS: Final[tuple[str, ...]] = ("ryanmen", "kanchan", "penchan", "shanpon", "tanki", "kokushi", "kokushi_13")
"""A reading's waits (C: ``W_<NAME>``)."""

SHAPES: Final[tuple[str, ...]] = ("standard", "chiitoitsu", "kokushi")
"""A reading's shapes (C: ``S_<NAME>``)."""

PAYERS: Final[tuple[str, ...]] = ("discarder", "dealer", "non_dealer")
"""A payment's payers (C: ``P_<NAME>``)."""

REASONS: Final[tuple[str, ...]] = ("not_complete", "no_yaku")
"""Why a hand is no win (C: ``NW_<NAME>``)."""

# ---- the rule set (native.prepare → C's Prep) ------------------------------------------------------

KAZOE: Final[tuple[str, ...]] = ("yakuman", "sanbaiman", "uncapped")
"""Option ``kazoe``'s values as numbers (C: ``KAZOE_<NAME>``)."""

PREP_OPTIONS: Final[tuple[str, ...]] = (
    "kuitan",
    "aka",
    "aka_per_suit",
    "kazoe",
    "kiriage_mangan",
    "mangan_cap",
    "yakuman_cap",
    "double_wind_pair_fu",
    "open_pinfu_fu",
    "pinfu_tsumo_fu",
    "ryuuiisou_8s",
    "chanta_needs_run",
    "honba",
    "riichi_deposit",
    "kokushi_yaku",
    "riichi_yaku",
    "winds",
)
"""The :class:`~.hand.Options` attributes :func:`.native.prepare` hands the C code, as ints in this order
(``kazoe`` as its index in :data:`KAZOE`); C's ``Prep`` has an ``int`` field of each name
(``PREP_OPTION_FIELDS``), filled by ``PREP_OPTIONS_SET``."""


class NativeCandidate(NamedTuple):
    """One yaku of a rule set's candidate list as :func:`.native.prepare` hands it to C's ``prepare()``
    (``read_candidate`` reads item ``CAND_<NAME>``, one ``case`` each, ``N_CAND``): made by keyword, read by
    the generated index, so no side can take one field for another."""

    code: int
    """The predicate's index in :data:`NATIVE_YAKU` (C: ``Y_*``), or ``Y_SCORED_APART``."""
    needs: int
    """The :data:`FACTS` bits the yaku needs."""
    han: int
    """Its han in this rule set (13 a yakuman multiple)."""
    yakuman: int
    """Its yakuman multiple, 0 when not a yakuman."""
    replaces: int
    """The bits (``1 << j``) of the candidates of the same list it replaces."""
    item: object
    """The :class:`~.model.YakuItem` the answer lists."""
    json: tuple[bytes, ...]
    """That item's JSON in each of :data:`service.i18n.LANGUAGES` (C: ``N_LANGS``)."""


CANDIDATE_FIELDS: Final[tuple[str, ...]] = NativeCandidate._fields
"""The fields of :class:`NativeCandidate`, in order (C: ``CAND_<NAME>``)."""

ALLOWED_FLAGS: Final[tuple[str, ...]] = (
    "double_riichi",
    "ippatsu",
    "haitei",
    "houtei",
    "rinshan",
    "chankan",
    "tenhou",
    "chiihou",
)
"""Situation flags whose yaku a rule set may lack, as the bits of ``prepare``'s ``allowed`` (C: ``A_<NAME>``,
``1 << i``): a request with such a flag under rules without its yaku is declined."""

# ---- the shared answer objects (native.start → C's init and init_json) ------------------------------

INIT_ITEMS: Final[tuple[str, ...]] = (
    "types",
    "result_type",
    "reading_type",
    "payment_type",
    "sets_out",
    "dora",
    "ura",
    "aka",
    "fu_items",
    "waits",
    "shapes",
    "limits",
    "limit_names",
    "payers",
    "payer_names",
    "reasons",
    "reason_names",
)
"""What :func:`.native.start` hands C's ``init()``, by name: the tuple's item ``i`` is the one named here at
``i`` (C: ``INIT_<NAME>``, ``N_INIT``). ``types``: ``((ScoreRequest, MeldSpec), (UncheckedScoreRequest,
UncheckedMeldSpec))``; ``result_type``, ``reading_type``, ``payment_type``: the answer Structs; ``sets_out``:
every reading set by index (a list of 272); ``dora``, ``ura``, ``aka``: the dora items by count (lists);
``fu_items``: by :data:`FU_ITEMS`, then the triplets; ``waits`` … ``reason_names``: the names of
:data:`WAITS`, :data:`SHAPES`, :data:`LIMITS`, :data:`PAYERS`, :data:`REASONS` and their English texts."""

INIT_JSON_ITEMS: Final[tuple[str, ...]] = (
    "dora",
    "ura",
    "aka",
    "fu_items",
    "sets_out",
    "shapes",
    "waits",
    "limits",
    "limit_names",
    "payer_heads",
    "payer_tails",
)
"""What :func:`.native.start` hands C's ``init_json()`` (msgspec's encodings of the shared objects), by name
(C: ``INIT_JSON_<NAME>``, ``N_INIT_JSON``): ``dora``, ``ura``, ``aka`` by language, then count; ``fu_items``
and ``limit_names`` by item, then language; ``sets_out`` by index; ``shapes``, ``waits``, ``limits`` as one
row; ``payer_heads`` one row by payer; ``payer_tails`` by payer, count (1–3), language."""

OPTIONS_BY_WAY: Final[dict[str, tuple[str, ...]]] = {
    "read": (
        "kuitan",
        "aka",
        "aka_per_suit",
        "kazoe",
        "kiriage_mangan",
        "mangan_cap",
        "yakuman_cap",
        "double_wind_pair_fu",
        "open_pinfu_fu",
        "pinfu_tsumo_fu",
        "honba",
        "riichi_deposit",
        "ryuuiisou_8s",
        "winds",
    ),
    "yaku table": (
        "double_yakuman",
        "renhou",
        "daisharin",
        "daisharin_other_suits",
        "daichisei",
        "open_riichi",
        "sashikomi_yakuman",
        "paarenchan",
        "nagashi_mangan",
    ),
    "only where C declines": ("aotenjou", "players", "nukidora", "sanma_tsumo", "kids_closed_bonus_with_riichi"),
    "not of a hand's score": ("preset", "open_kan_dora"),
}
"""How each field of :class:`~.model.RulesSpec` reaches the C code, so none is left out: ``read`` (in
:data:`PREP_OPTIONS`), ``yaku table`` (through the candidates :func:`.native.prepare` hands over: their
han, yakuman multiple and codes), ``only where C declines`` (``prepare`` returns ``None`` for aotenjou, three
players and kids scoring; the others act only in those rule sets), ``not of a hand's score`` (the preset's
name; when a kan's dora turns over, which the request's indicators already say).
``tests/scoring/test_native.py`` varies every value of each against the Python path;
``tests/scoring/test_contract.py`` requires every field in exactly one."""


def c_name(name: str) -> str:
    """A declared name as a C identifier's tail: ``seat_wind`` → ``SEAT_WIND``."""
    return name.upper()

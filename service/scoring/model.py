"""Input and output shapes of the scoring core, as frozen msgspec Structs.

These are plain data (no web framework involved): the HTTP layer decodes request bodies
straight into them and encodes results straight from them, and a library user builds them
by hand. Field names follow /docs/endpoints; units are stated per field.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec
from msgspec import Meta

__all__ = [
    "FieldError",
    "FuItem",
    "InvalidHand",
    "MeldSpec",
    "Payment",
    "PointsItem",
    "Reading",
    "ReadingSet",
    "RulesSpec",
    "ScoreRequest",
    "ScoreResult",
    "TileCode",
    "Tiles",
    "YakuItem",
]

# `$(?!\n)`: Python's `$` also matches before a final newline; the lookahead forbids it.
TILE_CODE_PATTERN = r"^(?:[0-9][mps]|[1-7]z)$(?!\n)"
TILES_PATTERN = r"^([0-9]+[mps]|[1-7]+z)*$(?!\n)"

TileCode = Annotated[
    str,
    Meta(
        pattern=TILE_CODE_PATTERN,
        description="One tile in mpsz notation: 1m–9m, 1p–9p, 1s–9s, 1z–7z; 0m/0p/0s = red five.",
        examples=["5p"],
    ),
]
Tiles = (
    Annotated[
        str,
        Meta(
            pattern=TILES_PATTERN,
            max_length=64,
            description="Tiles in compact mpsz notation, e.g. '123m406p55z' (0 = red five).",
            examples=["234567m3455p234s"],
        ),
    ]
    | Annotated[tuple[TileCode, ...], Meta(max_length=18, description="Tiles as a list of mpsz codes.")]
)
"""A tile list: an mpsz string or a JSON array of codes (/docs/rules §1)."""

HonbaCount = Annotated[
    int,
    Meta(
        ge=0,
        le=100,
        description="Honba (repeat) sticks on the table; each is worth 300 points "
        "(must be 0 where option `honba` is 0: kostarev, kids).",
    ),
]
RiichiStickCount = Annotated[
    int,
    Meta(
        ge=0,
        le=100,
        description="Riichi deposit sticks (1000 points each) the winner collects "
        "(must be 0 where option `riichi_deposit` is 0: kostarev, kids).",
    ),
]
"""The table counts of a score or tenpai request (/docs/rules §3 Payments, §4)."""

Wind = Literal["E", "S", "W", "N"]
Preset = Literal["standard", "kostarev", "kids"]


class RulesSpec(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """A preset plus rule options overriding its defaults one by one (/docs/rules, preamble).

    An option left out (null) takes the preset's default; `GET /v1/rules` lists them.
    """

    preset: Preset = "standard"
    kuitan: bool | None = None
    """Open tanyao (kuitan) counts: /docs/rules §3."""
    aka: bool | None = None
    """Red fives (0m/0p/0s) are aka dora, 1 han each: /docs/rules §1, §3."""
    double_yakuman: bool | None = None
    """Kokushi 13-sided, suuankou tanki, junsei chuuren and daisuushii count ×2: /docs/rules §3."""
    kazoe: Literal["yakuman", "sanbaiman"] | None = None
    """What 13+ han (without a yakuman) is worth: /docs/rules §3 Limits."""
    kiriage_mangan: bool | None = None
    """4 han 30 fu and 3 han 60 fu are rounded up to mangan: /docs/rules §3 Limits."""
    double_wind_pair_fu: Literal[2, 4] | None = None
    """Fu for a pair of the wind that is both seat and round wind: /docs/rules §3 Fu."""
    renhou: Literal["off", "mangan", "yakuman"] | None = None
    """Renhou (non-dealer ron before the first own draw): /docs/rules §3."""
    winds: bool | None = None
    """Whether wind tiles exist; without them a wind anywhere is invalid: /docs/rules §1."""
    ryuuiisou_8s: bool | None = None
    """8s belongs to ryuuiisou's tiles (kostarev: only 2, 3, 4, 6 sou and Green, seed 001 §3.1.4): /docs/rules §4."""
    kids_closed_bonus_with_riichi: bool | None = None
    """Kids preset: a riichi win also gets the closed-hand +1 (false = seed 000's worked example): /docs/rules §5."""
    open_pinfu_fu: Literal[0, 2] | None = None
    """Fu added to an open hand that won by ron with no fu at all (20 → 30 with 2; 0 keeps it 20 fu,
    seed 001 §3.2): /docs/rules §3 Fu, §4."""
    mangan_cap: bool | None = None
    """Any base above 2,000 points is mangan (true); false: mangan only at 5 han, 4 han 40+ fu or 3 han
    70+ fu and any other base is paid as computed (seed 001 §3.4): /docs/rules §3 Limits, §4."""
    yakuman_cap: Annotated[int, Meta(ge=0, le=10)] | None = None
    """The largest yakuman multiple paid (2 = at most a double yakuman, seed 001 §3.1.4); 0 = no cap,
    several yakuman add up: /docs/rules §3, §4."""
    aka_per_suit: Annotated[int, Meta(ge=0, le=4)] | None = None
    """How many red fives a suit may hold (0–4; some sets play two red 5p): /docs/rules §1."""
    honba: Literal[0, 300] | None = None
    """Points a honba (repeat count) adds to a win: 300 (100 from each payer on tsumo); 0 = no honba,
    so a request's `honba` must be 0 (kostarev, seed 001 §4): /docs/rules §3 Payments, §4."""
    riichi_deposit: Literal[0, 1000] | None = None
    """Points a riichi declaration puts on the table (one stick); 0 = riichi costs nothing and no sticks
    are ever on the table, so a request's `riichi_sticks` must be 0 (kostarev, seed 001 §4): /docs/rules §3, §4."""


class MeldSpec(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """A called or declared set (/docs/rules §2): chi (3 in sequence), pon (3 alike), kan (4 alike).

    `closed` applies to a kan only: true = ankan (hand stays closed), false = daiminkan or
    shouminkan (open). A chi or pon is always open.
    """

    type: Literal["chi", "pon", "kan"]
    tiles: Tiles
    closed: bool = False


class ScoreRequest(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, cache_hash=True, gc=False):
    """One winning hand and its situation (/docs/endpoints, `POST /v1/score`).

    `hand` holds the concealed tiles *before* the win (13 − 3 × melds, a kan counting 3);
    `win_tile` is the tile that completes it. Flags describe how the hand was won; an
    impossible combination (ippatsu without riichi, haitei on ron, chankan on tsumo, …) is
    rejected as :class:`InvalidHand`. Points are in points (not sticks).
    """

    hand: Tiles
    win_tile: TileCode
    rules: RulesSpec | Preset = "standard"
    melds: Annotated[tuple[MeldSpec, ...], Meta(max_length=4)] = ()
    win: Literal["ron", "tsumo"] = "ron"
    dealer: bool | None = None
    seat_wind: Wind | None = None
    round_wind: Wind | None = None
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    haitei: bool = False
    houtei: bool = False
    rinshan: bool = False
    chankan: bool = False
    tenhou: bool = False
    chiihou: bool = False
    renhou: bool = False
    dora_indicators: Tiles = ""
    ura_indicators: Tiles = ""
    honba: HonbaCount = 0
    riichi_sticks: RiichiStickCount = 0


class FieldError(msgspec.Struct, frozen=True):
    """One problem with one request field: `field` is a JSON path such as `melds[1].tiles`."""

    field: str
    message: str


class InvalidHand(ValueError):
    """The request is well-formed but physically impossible (/docs/rules §2): HTTP 422.

    `errors` lists each offending field with a message saying what is wrong.
    """

    def __init__(self, errors: list[FieldError]) -> None:
        self.errors = errors
        super().__init__("; ".join(f"{e.field}: {e.message}" for e in errors))


class YakuItem(msgspec.Struct, frozen=True, gc=False):
    """A yaku (or dora count) in the result: `han` is its han; yakuman entries carry 13 × multiple.

    `name`: the yaku's name in the answer's language (`Content-Language`; English from the core).
    """

    id: str
    han: Annotated[int, Meta(ge=1, le=78, description="Han; 13 × multiple for a yakuman entry.")]
    name: str


class FuItem(msgspec.Struct, frozen=True, gc=False):
    """One fu item before rounding, e.g. `{"id": "closed_ron", "fu": 10, "name": "Closed ron"}` (/docs/rules §3 Fu).

    `name` in the answer's language.
    """

    id: str
    fu: Annotated[int, Meta(ge=2, le=32, description="Fu of this item, before rounding.")]
    name: str


class PointsItem(msgspec.Struct, frozen=True, gc=False):
    """One item of a kids-preset score (/docs/rules §5), e.g.
    `{"id": "pon", "points": 1, "name": "Pon", "tiles": "333p"}`.

    `name` in the answer's language; `tiles`: the set a `pon` or `kan` item is for (mpsz), else null.
    """

    id: str
    points: Annotated[int, Meta(ge=1, le=10, description="Kids points of this item.")]
    name: str
    tiles: str | None = None


class Payment(msgspec.Struct, frozen=True, gc=False):
    """What each payer of one kind pays: `amount` points per payer (honba included), `count` payers.

    `name`: who pays, in the answer's language ("Discarder", "Dealer", "Each non-dealer").
    """

    payer: Literal["discarder", "dealer", "non_dealer"]
    amount: Annotated[int, Meta(ge=0, le=1_000_000, description="Points paid by each such payer, honba included.")]
    count: Annotated[int, Meta(ge=1, le=3, description="How many players pay this amount.")]
    name: str


class ReadingSet(msgspec.Struct, frozen=True, gc=False):
    """One group of the scored reading.

    `type`: `run`, `triplet`, `kan` or `pair`; `tiles` in mpsz; `open`: called (or a
    triplet completed by ron, which counts as open for fu and sanankou).
    """

    type: Literal["run", "triplet", "kan", "pair"]
    tiles: str
    open: bool


class Reading(msgspec.Struct, frozen=True, gc=False):
    """The decomposition and wait that were scored (the highest-scoring one, /docs/rules §2).

    `shape`: `standard` (4 sets + pair), `chiitoitsu` or `kokushi`; `wait`: `ryanmen`,
    `kanchan`, `penchan`, `shanpon`, `tanki`, or for kokushi `kokushi`/`kokushi_13`.
    """

    shape: Literal["standard", "chiitoitsu", "kokushi"]
    sets: Annotated[tuple[ReadingSet, ...], Meta(max_length=7)]
    wait: str


class ScoreResult(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """The score of one hand (/docs/endpoints response).

    Not a win: `is_win` false, `reason` one of `not_complete`, `no_yaku`, the other fields
    null or empty. Points are in points; `base_points` is fu × 2^(2+han) after limits.
    `points` excludes honba and riichi sticks; `total` is all the winner receives.
    `yakuman` is the multiple paid (after option `yakuman_cap`). Names follow `Accept-Language`
    (en, ja, ru): each item's `name`, `limit_name`, `reason_name`, and for the kids preset
    `explanation`, the lines a child reads aloud ("Риичи — 2 очка", …, "Итого: 5 очков").
    """

    is_win: bool
    reason: str | None = None
    preset: str
    han: Annotated[int, Meta(ge=1, le=200, description="Han (13 × multiple per yakuman entry).")] | None = None
    fu: Annotated[int, Meta(ge=20, le=200, description="Fu, rounded; 25 for chiitoitsu; null for yakuman.")] | None = (
        None
    )
    yaku: Annotated[tuple[YakuItem, ...], Meta(max_length=64)] = ()
    yakuman: Annotated[int, Meta(ge=0, le=20, description="Total yakuman multiple; 0 for none.")] = 0
    fu_breakdown: Annotated[tuple[FuItem, ...], Meta(max_length=16)] = ()
    limit: str | None = None
    base_points: Annotated[int, Meta(ge=0, le=160_000, description="fu × 2^(2+han) after limits, points.")] | None = (
        None
    )
    points: Annotated[int, Meta(ge=0, le=1_000_000, description="The hand's value without honba or sticks.")] = 0
    payments: Annotated[tuple[Payment, ...], Meta(max_length=2)] = ()
    riichi_sticks_won: Annotated[int, Meta(ge=0, le=100_000, description="Points from riichi sticks.")] = 0
    total: Annotated[int, Meta(ge=0, le=1_200_000, description="Everything the winner receives, points.")] = 0
    reading: Reading | None = None
    points_breakdown: Annotated[tuple[PointsItem, ...], Meta(max_length=16)] | None = None
    limit_name: str | None = None
    """The limit's name (`Mangan`, `Double yakuman`, …) in the answer's language; null when not a win."""
    reason_name: str | None = None
    """Why it is not a win, one sentence in the answer's language; null for a win."""
    explanation: Annotated[tuple[str, ...], Meta(max_length=20)] | None = None
    """Kids preset: one line per points item and a total line, in the answer's language; null otherwise."""

"""Input and output shapes of the scoring core, as frozen msgspec Structs.

These are plain data (no web framework involved): the HTTP layer decodes request bodies
straight into them and encodes results straight from them, and a library user builds them
by hand. Field names follow /docs/endpoints; units are stated per field.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Final, Literal

import msgspec
from msgspec import Meta

__all__ = [
    "FieldError",
    "FuItem",
    "GameOptions",
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
    "UncheckedMeldSpec",
    "UncheckedScoreRequest",
    "YakuItem",
]

MAX_EXACT_POINTS: Final = 2**53 - 1
"""The largest points value an answer holds (9,007,199,254,740,991: the largest integer every JSON
reader, JavaScript's included, holds exactly). Only option `aotenjou` comes near it; a hand worth more
is a 422 naming `rules.aotenjou` (/docs/rulesets §8)."""

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
        description="Honba (repeat) sticks on the table; each is worth option `honba` points (300; 200 with "
        "three players) (must be 0 where option `honba` is 0: kostarev, kids).",
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
NukidoraCount = Annotated[int, Meta(ge=0, le=4)]
"""The table counts of a score or tenpai request (/docs/rules §3 Payments, §4), and the Norths set aside
(/docs/rulesets §7): each field's type declared once for both requests."""

Wind = Literal["E", "S", "W", "N"]
Preset = Literal[
    "standard", "kostarev", "kids", "tenhou", "majsoul", "wrc", "ema", "mleague", "tenhou_sanma", "majsoul_sanma"
]
"""Every preset (service/scoring/presets.toml; /docs/rules §3–5, /docs/rulesets)."""


class RulesSpec(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """A preset plus rule options overriding its defaults one by one (/docs/rules, preamble).

    An option left out (null) takes the preset's default; `GET /v1/rules` lists them.
    """

    preset: Preset = "standard"
    """The rule preset whose options apply (every option this object leaves out or sets to null)."""
    kuitan: bool | None = None
    """Open tanyao (kuitan) counts: /docs/rules §3."""
    aka: bool | None = None
    """Red fives (0m/0p/0s) are aka dora, 1 han each; how many a suit holds is option `aka_per_suit`
    (true with `aka_per_suit` 0 is refused, 422 naming `rules.aka`): /docs/rules §1, §3."""
    double_yakuman: bool | None = None
    """Kokushi 13-sided, suuankou tanki, junsei chuuren and daisuushii count ×2: /docs/rules §3."""
    kazoe: Literal["yakuman", "sanbaiman", "uncapped"] | None = None
    """What 13+ han (without a yakuman) is worth: `yakuman` (one, always), `sanbaiman` (capped there),
    `uncapped` (13+ a yakuman, 26+ a double, 39+ a triple, …): /docs/rules §3 Limits, /docs/rulesets §3."""
    kiriage_mangan: bool | None = None
    """4 han 30 fu and 3 han 60 fu are rounded up to mangan: /docs/rules §3 Limits."""
    double_wind_pair_fu: Literal[2, 4] | None = None
    """Fu for a pair of the wind that is both seat and round wind: /docs/rules §3 Fu."""
    renhou: Literal["off", "mangan", "yaku", "yakuman"] | None = None
    """Renhou (non-dealer ron before the first own draw): `off` (no such yaku; the flag is a 422),
    `mangan` (EMA: a fixed mangan that needs no other yaku; the hand is scored as renhou alone, 5 han
    mangan without dora, and as the hand without renhou, and the higher is paid), `yaku` (5 han that add
    to the other yaku and dora, WRC and the `mahjong` package's default), `yakuman` (13 han, adds to other
    yakuman): /docs/rules §3, /docs/rulesets §2 Renhou."""
    winds: bool | None = None
    """Whether wind tiles exist; without them a wind anywhere is invalid: /docs/rules §1."""
    ryuuiisou_8s: bool | None = None
    """8s belongs to ryuuiisou's tiles (kostarev: only 2, 3, 4, 6 sou and Green): /docs/rules §4;
    Kostarev rules §3.1.4."""
    kids_closed_bonus_with_riichi: bool | None = None
    """Kids preset: a riichi win also gets the closed-hand +1 (false = as the kids' rules' worked example):
    /docs/rules §5."""
    open_pinfu_fu: Literal[0, 2] | None = None
    """Fu added to an open hand that won by ron with no fu at all (20 → 30 with 2; 0 keeps it 20 fu,
    Kostarev rules §3.2): /docs/rules §3 Fu, §4."""
    mangan_cap: bool | None = None
    """Any base above 2,000 points is mangan (true); false: mangan only at 5 han, 4 han 40+ fu or 3 han
    70+ fu and any other base is paid as computed (Kostarev rules §3.4): /docs/rules §3 Limits, §4."""
    yakuman_cap: Annotated[int, Meta(ge=0, le=10)] | None = None
    """The largest yakuman multiple paid (2 = at most a double yakuman, /docs/rules §4; Kostarev rules
    §3.1.4); 0 = no cap,
    several yakuman add up: /docs/rules §3, §4."""
    aka_per_suit: Annotated[int, Meta(ge=0, le=4)] | None = None
    """How many red fives a suit may hold (0–4; some sets play two red 5p): /docs/rules §1."""
    pinfu_tsumo_fu: Literal[0, 2] | None = None
    """Tsumo fu for a pinfu-shaped closed tsumo: 0 (20 fu pinfu tsumo) or 2 (the hand takes the 2 tsumo
    fu and is then not pinfu; the `mahjong` package's `fu_for_pinfu_tsumo`): /docs/rulesets §2, §8."""
    open_kan_dora: Literal["immediate", "after_discard"] | None = None
    """When an open kan's (daiminkan, shouminkan) new dora indicator is turned: `immediate`, or
    `after_discard` (Tenhou, Mahjong Soul: not yet visible for a rinshan win on that kan's replacement
    tile; the request says so with `rinshan_open_kan`): /docs/rulesets §1."""
    daisharin: bool | None = None
    """22334455667788p (closed) is the yakuman daisharin (`mahjong`'s `has_daisharin`): /docs/rulesets §8."""
    daisharin_other_suits: bool | None = None
    """The same shape in man (daisuurin) and sou (daichikurin) is a yakuman too; implies `daisharin`
    (`has_daisharin_other_suits`): /docs/rulesets §8."""
    daichisei: bool | None = None
    """Seven pairs of honours is the yakuman daichisei, which stacks with tsuuiisou (`has_daichisei`):
    /docs/rulesets §8."""
    open_riichi: bool | None = None
    """Open riichi exists (yaku `open_riichi`, `double_open_riichi`; the request's `open_riichi`): 2 han
    (3 with double riichi) instead of riichi's 1 (`is_open_riichi`): /docs/rulesets §8."""
    sashikomi_yakuman: bool | None = None
    """A player in open riichi who wins by ron on the discard of a player not in riichi scores the yakuman
    sashikomi (`has_sashikomi_yakuman`: ron only; the request's `sashikomi`; needs option `open_riichi`):
    /docs/rulesets §8."""
    paarenchan: Literal["off", "needs_yaku", "always"] | None = None
    """Paarenchan (the request's `paarenchan`, a yakuman multiple as in the `mahjong` package): `off`
    (the request's `paarenchan` must be 0), `needs_yaku` (added only to a hand with another yaku, the
    package's default `paarenchan_needs_yaku`), `always` (added to any complete hand): /docs/rulesets §8."""
    aotenjou: bool | None = None
    """No limits at all (the `mahjong` package's `Aotenjou`): base points = fu × 2^(2 + han) for every
    hand; a yakuman counts its 13 han per multiple beside the ordinary yaku and dora (less the yaku it
    stands for: daisangen drops the dragon yakuhai, tsuuiisou toitoi and honroutou, …), kokushi is 40 fu
    by ron, 30 by tsumo; `kazoe`, `kiriage_mangan`, `mangan_cap` and `yakuman_cap` do not apply; honba
    and riichi sticks are paid as usual (the package drops them). `limit` is `none`. A hand worth more
    than 9,007,199,254,740,991 points is a 422 naming `rules.aotenjou`: /docs/rulesets §8."""
    nagashi_mangan: bool | None = None
    """Nagashi mangan exists: `POST /v1/score` with `nagashi_mangan` scores it (a mangan, paid as a
    tsumo), `POST /v1/settle` pays it at an exhaustive draw: /docs/rules §6, /docs/rulesets §2, §4."""
    honba: Literal[0, 200, 300] | None = None
    """Points a honba (repeat count) adds to a win: 300 (four players: 100 from each of the 3 payers on
    tsumo), 200 (three players: 100 from each of the 2 payers on tsumo; /docs/rulesets §7 Honba); on ron
    the discarder pays it all. On tsumo each payer pays this ÷ (players − 1), so 300 with 3 players is
    150 each. 0 = no honba, so a request's `honba` must be 0 (kostarev, Kostarev rules §4): /docs/rules §3
    Payments, §4."""
    riichi_deposit: Literal[0, 1000] | None = None
    """Points a riichi declaration puts on the table (one stick); 0 = riichi costs nothing and no sticks
    are ever on the table, so a request's `riichi_sticks` must be 0 (kostarev, Kostarev rules §4):
    /docs/rules §3, §4."""
    players: Literal[3, 4] | None = None
    """Players at the table. 3 (sanma, /docs/rulesets §7): 108 tiles, 2m–8m removed (any of them in a request
    is a 422 naming the field), no chi (a chi meld is a 422), indicator 1m makes 9m the dora and 9m 1m,
    seat winds E, S, W only and round winds E, S, W (N is a 422: a North held is a guest wind, no yakuhai
    and no pair fu), a tsumo paid by the two others (option `sanma_tsumo`); the game has three seats
    (0–2). Shared by the hand and the game."""
    nukidora: bool | None = None
    """Norths set aside (kita) are nukidora: the request's `nukidora` counts them, each a dora, one more per
    indicator pointing at North (a West indicator), the ura indicators too with riichi. Needs `players` 3:
    /docs/rulesets §7 North as nukidora, North and dora indicators."""
    sanma_tsumo: Literal["loss", "bisection"] | None = None
    """Three players, a tsumo: `loss` (tsumo-zon, Tenhou, Mahjong Soul ranked: the missing seat's share is
    not paid; non-dealer mangan = 4,000 + 2,000) or `bisection` (north bisection, a Mahjong Soul room
    option: each payer pays their share plus half the missing one, rounded up to 100; non-dealer mangan =
    5,000 + 3,000, dealer mangan 6,000 each): /docs/rulesets §7 Tsumo payment. Ignored with 4 players."""


class GameOptions(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Game rule options overriding the preset's defaults one by one (/docs/rules §4–6, /docs/rulesets §4–6).

    An option left out (null) takes the preset's default; `GET /v1/rules` lists every preset's
    value with its source.
    """

    start_points: Annotated[int, Meta(ge=0, le=1_000_000, multiple_of=100)] | None = None
    """Each player's starting score, points; the scores plus the riichi sticks on the table must
    add up to players × this (han/fu presets; option `players`)."""
    return_points: Annotated[int, Meta(ge=0, le=1_000_000, multiple_of=100)] | None = None
    """Oka's return score, points: every player's final is measured from it, and first place
    takes oka = players × (return − start) (/docs/rules §6; points rules §5; three players: 3 × 5,000 =
    +15,000 on Tenhou)."""
    uma: (
        Annotated[
            list[Annotated[int, Meta(ge=-1_000_000, le=1_000_000, multiple_of=100)]], Meta(min_length=3, max_length=4)
        ]
        | None
    ) = None
    """Uma for 1st, 2nd, 3rd, 4th place, points (e.g. [15000, 5000, -5000, -15000]); must sum to 0.
    One value a player: 3 values with option `players` 3 (e.g. [20000, 0, -20000]), else a 422 naming `game.uma`."""
    final_rounding: Literal["none", "shisha_gonyuu", "gosha_rokunyuu"] | None = None
    """`POST /v1/final`: `none` (exact: Tenhou today); `shisha_gonyuu` (Tenhou's logs until about 2020): for
    2nd–4th place the score is rounded to 1,000 half away from zero before `return_points` is subtracted
    (35,500 → 36,000, −7,500 → −8,000); or `gosha_rokunyuu`: for 2nd–4th place the difference score −
    `return_points` is rounded to 1,000 on its size, 500 down and 600 up (−4,500 → −4,000, −6,600 → −7,000).
    With a rounding, first place takes the rest so the sum is 0 (under `ties: shared`, the seats tied for
    first split it) (/docs/rulesets §6)."""
    ties: Literal["seat_order", "shared"] | None = None
    """Equal final scores: `seat_order` (nearer the first dealer ranks higher) or `shared` (the tied
    players share their uma and oka equally, WRC)."""
    leftover_sticks: Literal["first", "none"] | None = None
    """`POST /v1/final`: riichi sticks left on the table go to first place, or to nobody."""
    bust: Literal["below_zero", "at_zero", "none", "cannot_pay"] | None = None
    """When a player is out and the game ends: `below_zero` (score < 0), `at_zero` (score ≤ 0),
    `none` (never), `cannot_pay` (kostarev, /docs/rules §4: a payer who owes more than they hold
    pays what they hold and is out; so is a player who reaches 0)."""
    multiple_ron: Literal["allowed", "head_bump"] | None = None
    """Several rons on one discard: `allowed` (each wins) or `head_bump` (only the first winner in
    turn order from the discarder wins)."""
    multi_ron_sticks: Literal["nearest", "each"] | None = None
    """Honba and riichi sticks with several winners: `nearest` (all to the first winner in turn order
    from the discarder) or `each` (every winner gets the honba and their own riichi stick back; the
    other sticks go to the nearest, EMA)."""
    pao: bool | None = None
    """Liability (pao) is played for the yakuman in `pao_yakuman`: on tsumo the liable player pays,
    on ron half with the discarder."""
    pao_yakuman: (
        Annotated[list[Literal["daisangen", "daisuushii", "suukantsu"]], Meta(min_length=1, max_length=3)] | None
    ) = None
    """The yakuman that carry liability (daisangen, daisuushii; M-League also suukantsu)."""
    pao_scope: Literal["whole_hand", "pao_part"] | None = None
    """What the liable player answers for: `whole_hand` (Tenhou: stacked yakuman included) or `pao_part`
    (Mahjong Soul: the pao yakuman only; the rest is paid as usual)."""
    pao_ron_honba: Literal["liable", "discarder"] | None = None
    """Who pays the honba of a ron under pao: the liable player (Tenhou) or the discarder (Mahjong Soul, EMA)."""
    noten_payment: Literal[0, 2000, 3000] | None = None
    """Points paid in total by the noten players to the tenpai players at an exhaustive draw (four players
    3,000; three players 2,000, /docs/rulesets §7 Noten payments)."""
    nagashi_mangan: bool | None = None
    """Nagashi mangan at an exhaustive draw: paid as a mangan tsumo, without honba or sticks,
    instead of the no-ten payments. Default: the rules' option `nagashi_mangan`."""
    abortive_draws: (
        Annotated[
            list[Literal["kyuushu_kyuuhai", "suufon_renda", "suucha_riichi", "suukaikan", "sanchahou"]],
            Meta(max_length=5),
        ]
        | None
    ) = None
    """The abortive draws played (outcome `abortive`; `sanchahou` also makes three rons on one discard
    one): no points move, the sticks stay on the table, honba + 1, the dealer keeps the seat."""
    chombo: Literal["none", "mangan", "deduction"] | None = None
    """A chombo (outcome `chombo`): `none` (not played), `mangan` (the offender pays a mangan tsumo's
    amounts, as the dealer pays on a dealer's tsumo when they deal), `deduction` (`chombo_points` off
    their final score, after uma: the settlement reports it in `penalties`)."""
    chombo_points: Annotated[int, Meta(ge=0, le=1_000_000, multiple_of=100)] | None = None
    """Points a chombo deducts from the final score under `chombo: deduction` (WRC, EMA, M-League: 20,000)."""
    length: Literal["tonpuu", "hanchan"] | None = None
    """The game's length: `tonpuu` (East only) or `hanchan` (East and South); used with `round_wind`."""
    extension: Literal["none", "sudden_death"] | None = None
    """After the last hand, nobody at `extension_points`: `none` (the game ends) or `sudden_death`
    (Tenhou: on into the next wind, ending once somebody has them; hard stop after that wind)."""
    extension_points: Annotated[int, Meta(ge=0, le=1_000_000, multiple_of=100)] | None = None
    """Points the extension and agari-yame / tenpai-yame need (Tenhou: 30,000)."""
    agari_yame: bool | None = None
    """The last hand's (or an extension hand's) dealer ends the game by winning while first with at least
    `extension_points` (ties in seat order from the first dealer); needs the settlement's `round_wind`."""
    tenpai_yame: bool | None = None
    """As `agari_yame`, for a dealer who is tenpai at an exhaustive draw; needs the settlement's `round_wind`."""
    riichi_deposit: Literal[0, 1000] | None = None
    """Points each riichi declaration puts on the table (one riichi stick = 1000; 0 = none: riichi costs
    nothing, kostarev: /docs/rules §4; Kostarev rules §4). Default: the rules' option `riichi_deposit`."""
    honba: Literal[0, 200, 300] | None = None
    """Points one honba adds to a win: 300 (ron; 100 from each payer on tsumo; three players 200), or 0 = no
    honba (a repeat hand adds nothing and `next_hand.honba` stays 0; kostarev: /docs/rules §4; Kostarev rules §4).
    Default: the rules' option `honba`."""
    target: Annotated[int, Meta(ge=0, le=1_000_000)] | None = None
    """The game ends when any score reaches this (kids: 10 or 15, /docs/rules §5; kids' rules §9); 0 = no target."""
    riichi_needs_points_and_draw: bool | None = None
    """A riichi needs the declarer to hold at least 1,000 points and to have another draw (at least as many
    tiles left in the wall as players: 4, or 3 with three players) (Tenhou, /docs/rulesets §4 Riichi deposit).
    The log replay refuses a riichi that breaks it (`/docs/logs` §Bad logs); false: neither is checked."""


class MeldSpec(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """A called or declared set (/docs/rules §2): chi (3 in sequence), pon (3 alike), kan (4 alike).

    `closed` applies to a kan only: true = ankan (hand stays closed), false = daiminkan or
    shouminkan (open). A chi or pon is always open.
    """

    type: Literal["chi", "pon", "kan"]
    """The set: `chi` (three in sequence), `pon` (three alike) or `kan` (four alike)."""
    tiles: Tiles
    """The set's tiles in mpsz notation (3 for chi and pon, 4 for kan), e.g. `555m` or `["5m", "5m", "0m"]`."""
    closed: bool = False
    """Kan only: true = a closed kan (ankan, the hand stays closed); false = an open kan. A chi or pon is always
    open."""


class Situation(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """Who the player is and what they declared: the fields `POST /v1/score` and `POST /v1/tenpai` share,
    declared once, and checked for both by the same functions (:func:`.validate.read_winds`,
    :func:`.validate.riichi_errors`, :func:`.validate.absent_yaku_errors`).

    A base, never a request itself. Its fields are keyword-only, so msgspec places them after the positional
    fields of a request (its tiles), which keeps each request's field order: :class:`ScoreRequest`'s is
    :data:`.contract.REQUEST`'s. A request whose text for a field differs from the score's wording gives it in
    ``FIELD_TEXTS`` (the OpenAPI document reads it over the docstrings).

    ``dora_indicators``, ``ura_indicators``, ``honba``, ``riichi_sticks`` and ``nukidora`` are shared too
    but declared by each request (their types once: :data:`Tiles`, :data:`HonbaCount`,
    :data:`RiichiStickCount`, :data:`NukidoraCount`): msgspec places a base's fields before a subclass's,
    and the score request's order (the C contract's, the OpenAPI document's) has its win flags between
    these and the fields above, the tenpai request's has none.
    """

    FIELD_TEXTS: ClassVar[dict[str, str]] = {}
    """Field descriptions that replace the docstrings below in a subclass's schema (the OpenAPI document)."""

    dealer: bool | None = None
    """Whether the winner is the dealer; null: from `seat_wind` (E is the dealer). Presets without winds
    read only this (null: not the dealer)."""
    seat_wind: Wind | None = None
    """The winner's seat wind (E, S, W, N; E is the dealer). Null: E when `dealer` is true; a non-dealer in a
    preset with winds needs it (else a 422 naming it). Presets without winds refuse it."""
    round_wind: Wind | None = None
    """The round wind (E, S, W, N); null: E. Presets without winds refuse it."""
    riichi: bool = False
    """The winner declared riichi."""
    double_riichi: bool = False
    """The winner declared riichi on their first discard (double riichi); excludes `riichi`."""
    ippatsu: bool = False
    """The win came within one go-around after riichi, no call in between (needs `riichi` or `double_riichi`)."""


WIN_FLAGS: Final = (
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
)
"""The situation flags that each give their own yaku (/docs/rules §4), in :class:`ScoreRequest`'s order:
``Hand.situational`` is any of them, and each one whose yaku a preset lacks is refused
(:func:`.validate.absent_yaku_message`). ``open_riichi`` and ``sashikomi`` imply riichi."""


class WinSituation(Situation, frozen=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """:class:`Situation` and what only a win has: how it came (the flags from ``haitei`` on), the indicators
    and the table (:class:`ScoreRequest`'s keyword fields, in its order)."""

    haitei: bool = False
    """A tsumo on the last tile of the wall (haitei); needs `win` `tsumo`."""
    houtei: bool = False
    """A ron on the last discard (houtei); needs `win` `ron`."""
    rinshan: bool = False
    """A tsumo on a kan's replacement tile (rinshan kaihou); needs `win` `tsumo` and a kan among `melds`."""
    chankan: bool = False
    """A ron on a tile added to another player's kan (chankan); needs `win` `ron`."""
    tenhou: bool = False
    """The dealer won on their first draw (tenhou, a yakuman); needs `win` `tsumo`, the dealer and no melds."""
    chiihou: bool = False
    """A non-dealer won on their first draw, no call before (chiihou, a yakuman); needs `win` `tsumo` and no melds."""
    renhou: bool = False
    """A non-dealer won by ron before their first draw (renhou); its value follows option `renhou` (`off`: refused)."""
    open_riichi: bool = False
    """Riichi (or double riichi) was declared open: 2 han, 3 with double riichi, instead of 1 (2).
    Needs `riichi` or `double_riichi`, and option `open_riichi` (else a 422 naming this field):
    /docs/rulesets §8."""
    sashikomi: bool = False
    """The winner, in open riichi, won by ron on the discard of a player not in riichi: the yakuman
    sashikomi. Needs `open_riichi`, `win` `ron`, and option `sashikomi_yakuman` (else a 422 naming this
    field): /docs/rulesets §8."""
    paarenchan: Annotated[int, Meta(ge=0, le=6)] = 0
    """Paarenchan (an eighth win in a row, so the winner is the dealer) as a yakuman multiple (1 = yakuman,
    13 han each), as the `mahjong` package's `paarenchan`; 0 = none. Above 0 needs option `paarenchan`
    not `off` and the dealer (else a 422 naming this field): /docs/rulesets §8."""
    nagashi_mangan: bool = False
    """Score nagashi mangan instead of a win: a mangan paid as a tsumo whatever `win` says (dealer 4,000
    from each; non-dealer 4,000 from the dealer, 2,000 from each other), without honba or riichi sticks
    (they stay on the table); yaku `nagashi_mangan`, 5 han, `fu` null, no reading. The tiles must be valid;
    their shape does not matter. Needs option `nagashi_mangan`, and no ippatsu, haitei, houtei, rinshan,
    chankan, tenhou, chiihou, renhou, open_riichi or paarenchan (else a 422 naming this field):
    /docs/rulesets §4 Nagashi mangan payment, §8.2."""
    rinshan_open_kan: bool = False
    """A rinshan win on the replacement tile of an open kan (daiminkan, shouminkan) declared this turn;
    the last of `dora_indicators` is that kan's. Under option `open_kan_dora` `after_discard` it is not
    yet turned and does not count, nor the last of `ura_indicators` when there are as many ura as dora
    indicators; under `immediate` nothing changes. Needs `rinshan`, an open kan among `melds` and at
    least 2 `dora_indicators` (else a 422 naming this field): /docs/rulesets §1 Kan-dora reveal."""
    dora_indicators: Tiles = ""
    """The dora indicators turned over (mpsz), kan dora included; each points at the next tile, which is dora."""
    ura_indicators: Tiles = ""
    """The ura dora indicators (mpsz); they count only with riichi."""
    honba: HonbaCount = 0
    riichi_sticks: RiichiStickCount = 0
    nukidora: NukidoraCount = 0
    """Norths the winner set aside (kita) this hand, 0–4: each is a dora (item `nukidora`, one a North),
    and each counts against the indicators like a held North: one more `dora` per indicator pointing at
    North (a West indicator) and, with riichi, one more `ura_dora` per such ura indicator.
    They are not part of the hand: a North held in `hand` is a guest wind. Above 0 needs option
    `nukidora` (three players), no `tenhou` or `chiihou` (a kita is a call and cancels them), and the
    Norths in sight stay at most 4 (else a 422 naming this field). With it, `rinshan` may be a win on
    the kita's replacement tile without a kan: /docs/rulesets §7 North as nukidora, Kita and ippatsu /
    chiihou, Win on the kita replacement tile."""


class ScoreRequest(WinSituation, frozen=True, forbid_unknown_fields=True, cache_hash=True, gc=False):
    """One winning hand and its situation (/docs/endpoints, `POST /v1/score`).

    `hand` holds the concealed tiles *before* the win (13 − 3 × melds, a kan counting 3);
    `win_tile` is the tile that completes it. Flags describe how the hand was won; an
    impossible combination (ippatsu without riichi, haitei on ron, chankan on tsumo, …) is
    refused with a 422 naming the fields. Points are in points (not sticks).
    """

    hand: Tiles
    """The concealed tiles before the win, without the winning tile and without the melds: 13 − 3 × melds tiles (a kan
    counts 3)."""
    win_tile: TileCode
    """The tile that completes the hand."""
    rules: RulesSpec | Preset = "standard"
    """The rules: a preset's id (`"tenhou"`), or a preset with options overriding its defaults (`{"preset": "standard",
    "aka": true}`)."""
    melds: Annotated[tuple[MeldSpec, ...], Meta(max_length=4)] = ()
    """The called or declared sets (chi, pon, kan), at most 4; empty: a closed hand."""
    win: Literal["ron", "tsumo"] = "ron"
    """How the hand was won: `ron` (on a discard) or `tsumo` (self-drawn)."""


class FieldError(msgspec.Struct, frozen=True):
    """One problem with one request field: `field` is a JSON path such as `melds[1].tiles`."""

    field: str
    """The field at fault as a JSON path into the request, e.g. `melds[1].tiles` or `rules.aka`."""
    message: str
    """What is wrong with it, one sentence."""


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
    """The yaku's id (open: a new yaku may be added within /v1; `GET /v1/yaku` describes each)."""
    han: Annotated[int, Meta(ge=1, le=78, description="Han; 13 × multiple for a yakuman entry.")]
    name: str
    """The yaku's name in the answer's language (`Content-Language`)."""


class FuItem(msgspec.Struct, frozen=True, gc=False):
    """One fu item before rounding, e.g. `{"id": "closed_ron", "fu": 10, "name": "Closed ron"}` (/docs/rules §3 Fu).

    `name` in the answer's language.
    """

    id: str
    """The fu item's id, e.g. `base`, `closed_ron`, `tsumo`, `pair`, `wait`, or a set's kind."""
    fu: Annotated[int, Meta(ge=2, le=32, description="Fu of this item, before rounding.")]
    name: str
    """The item's name in the answer's language."""


class PointsItem(msgspec.Struct, frozen=True, gc=False):
    """One item of a kids-preset score (/docs/rules §5), e.g.
    `{"id": "pon", "points": 1, "name": "Pon", "tiles": "333p"}`.

    `name` in the answer's language; `tiles`: the set a `pon` or `kan` item is for (mpsz), else null.
    """

    id: str
    """The kids points item's id, e.g. `riichi`, `pon`, `kan`, `tsumo`, `closed`."""
    points: Annotated[int, Meta(ge=1, le=10, description="Kids points of this item.")]
    name: str
    """The item's name in the answer's language."""
    tiles: str | None = None
    """The set a `pon` or `kan` item is for (mpsz); null for other items."""


class Payment(msgspec.Struct, frozen=True, gc=False):
    """What each payer of one kind pays: `amount` points per payer (honba included), `count` payers.

    `name`: who pays, in the answer's language ("Discarder", "Dealer", "Each non-dealer").
    """

    payer: Literal["discarder", "dealer", "non_dealer"]
    """Who pays: `discarder` (ron), `dealer` or `non_dealer` (tsumo)."""
    amount: Annotated[
        int, Meta(ge=0, le=MAX_EXACT_POINTS, description="Points paid by each such payer, honba included.")
    ]
    count: Annotated[int, Meta(ge=1, le=3, description="How many players pay this amount.")]
    name: str
    """Who pays, in the answer's language (`Discarder`, `Dealer`, `Each non-dealer`)."""


class ReadingSet(msgspec.Struct, frozen=True, gc=False):
    """One group of the scored reading.

    `type`: `run`, `triplet`, `kan` or `pair`; `tiles` in mpsz; `open`: called (or a
    triplet completed by ron, which counts as open for fu and sanankou).
    """

    type: Literal["run", "triplet", "kan", "pair"]
    """The group: `run`, `triplet`, `kan` or `pair`."""
    tiles: str
    """The group's tiles (mpsz)."""
    open: bool
    """Called, or a triplet completed by ron (which counts as open for fu and sanankou)."""


class Reading(msgspec.Struct, frozen=True, gc=False):
    """The decomposition and wait that were scored (the highest-scoring one, /docs/rules §2).

    `shape`: `standard` (4 sets + pair), `chiitoitsu` or `kokushi`; `wait`: `ryanmen`,
    `kanchan`, `penchan`, `shanpon`, `tanki`, or for kokushi `kokushi`/`kokushi_13`.
    """

    shape: Literal["standard", "chiitoitsu", "kokushi"]
    """The hand's shape: `standard` (four sets and a pair), `chiitoitsu` (seven pairs) or `kokushi` (thirteen
    orphans)."""
    sets: Annotated[tuple[ReadingSet, ...], Meta(max_length=7)]
    """The groups of the reading, melds included."""
    wait: str
    """The wait that was scored: `ryanmen`, `kanchan`, `penchan`, `shanpon`, `tanki`, or for kokushi `kokushi` /
    `kokushi_13`."""


class ScoreResult(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """The score of one hand (/docs/endpoints response).

    Not a win: `is_win` false, `reason` one of `not_complete`, `no_yaku`, the other fields
    null or empty. Points are in points; `base_points` is fu × 2^(2+han) after limits.
    `points` excludes honba and riichi sticks; `total` is all the winner receives.
    `yakuman` is the multiple paid (after option `yakuman_cap`). Points stay below 1,200,000 except under
    option `aotenjou` (no limits), whose values reach 9,007,199,254,740,991 (`MAX_EXACT_POINTS`).
    Names follow `Accept-Language` (en, ja, ru): each item's `name`, `limit_name`, `reason_name`, and for
    the kids preset `explanation`, the lines a child reads aloud ("Риичи — 2 очка", …, "Итого: 5 очков").
    """

    is_win: bool
    """Whether the tiles make a winning hand under these rules; false: see `reason`."""
    reason: str | None = None
    """Why it is not a win: `not_complete` (no winning shape) or `no_yaku`; null for a win."""
    preset: str
    """The preset the hand was scored under."""
    han: Annotated[int, Meta(ge=1, le=200, description="Han (13 × multiple per yakuman entry).")] | None = None
    """Han, dora included (13 × multiple per yakuman entry); null when not a win and for the kids preset."""
    fu: Annotated[int, Meta(ge=20, le=200, description="Fu, rounded; 25 for chiitoitsu; null for yakuman.")] | None = (
        None
    )
    """Fu, rounded (25 for chiitoitsu); null for a yakuman, nagashi mangan, the kids preset and no win."""
    yaku: Annotated[tuple[YakuItem, ...], Meta(max_length=64)] = ()
    """The yaku and dora counted, each with its han; empty when not a win and for the kids preset."""
    yakuman: Annotated[int, Meta(ge=0, le=20, description="Total yakuman multiple; 0 for none.")] = 0
    fu_breakdown: Annotated[tuple[FuItem, ...], Meta(max_length=16)] = ()
    """The fu items before rounding; empty for a yakuman, chiitoitsu's fixed 25, the kids preset and no win."""
    limit: str | None = None
    """The limit the hand reaches: `none` (paid by han and fu), `mangan`, …, `yakuman` and its multiples; null when not
    a win or for the kids preset."""
    base_points: (
        Annotated[
            int,
            Meta(ge=0, le=MAX_EXACT_POINTS, description="fu × 2^(2+han) after limits, points (option aotenjou: none)."),
        ]
        | None
    ) = None
    """fu × 2^(2+han) after limits, points (option `aotenjou`: without limits); null when not a win and for the kids
    preset."""
    points: Annotated[int, Meta(ge=0, le=MAX_EXACT_POINTS, description="The hand's value without honba or sticks.")] = 0
    payments: Annotated[tuple[Payment, ...], Meta(max_length=2)] = ()
    """Who pays what: one entry for a ron, one or two (dealer, non-dealers) for a tsumo; empty when not a win."""
    riichi_sticks_won: Annotated[int, Meta(ge=0, le=100_000, description="Points from riichi sticks.")] = 0
    total: Annotated[int, Meta(ge=0, le=MAX_EXACT_POINTS, description="Everything the winner receives, points.")] = 0
    reading: Reading | None = None
    """The decomposition and wait that were scored; null when not a win or nagashi mangan."""
    points_breakdown: Annotated[tuple[PointsItem, ...], Meta(max_length=16)] | None = None
    """Kids preset: the points items; null for other presets."""
    limit_name: str | None = None
    """The limit's name (`Mangan`, `Double yakuman`, …) in the answer's language; null when not a win."""
    reason_name: str | None = None
    """Why it is not a win, one sentence in the answer's language; null for a win."""
    explanation: Annotated[tuple[str, ...], Meta(max_length=20)] | None = None
    """Kids preset: one line per points item and a total line, in the answer's language; null otherwise."""


UncheckedTiles = Annotated[str, Meta(max_length=64)] | Annotated[tuple[str, ...], Meta(max_length=18)]
""":data:`Tiles` without the notation pattern: any string of at most 64 characters, or up to 18 strings."""


class UncheckedMeldSpec(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """:class:`MeldSpec` with ``tiles`` not checked against the notation patterns (:data:`UncheckedScoreRequest`)."""

    type: Literal["chi", "pon", "kan"]
    tiles: UncheckedTiles
    closed: bool = False


def _unchecked_request_type() -> type[msgspec.Struct]:
    """:class:`ScoreRequest`'s fields in its order with its types, but the five tile fields unchecked."""
    import typing

    hints = typing.get_type_hints(ScoreRequest, include_extras=True)
    unchecked: dict[str, object] = {
        "hand": UncheckedTiles,
        "win_tile": str,
        "melds": Annotated[tuple[UncheckedMeldSpec, ...], Meta(max_length=4)],
        "dora_indicators": UncheckedTiles,
        "ura_indicators": UncheckedTiles,
    }
    fields = ScoreRequest.__struct_fields__
    defaults = dict(
        zip(
            fields[len(fields) - len(ScoreRequest.__struct_defaults__) :], ScoreRequest.__struct_defaults__, strict=True
        )
    )
    spec: list[tuple[str, object] | tuple[str, object, object]] = []
    for name in fields:
        kind = unchecked.get(name, hints[name])
        spec.append((name, kind, defaults[name]) if name in defaults else (name, kind))
    config = ScoreRequest.__struct_config__
    return msgspec.defstruct(
        "UncheckedScoreRequest",
        spec,
        module=__name__,
        frozen=config.frozen,
        kw_only=True,
        forbid_unknown_fields=config.forbid_unknown_fields,
        gc=False,
    )


UncheckedScoreRequest: Final = _unchecked_request_type()
"""A decoding target with :class:`ScoreRequest`'s fields, in its order, and every constraint of its schema but
the tile-notation patterns (:data:`TILES_PATTERN`, :data:`TILE_CODE_PATTERN`) on ``hand``, ``win_tile``,
``melds[].tiles``, ``dora_indicators`` and ``ura_indicators``.

Python's ``re`` checks those patterns for msgspec, one call per string, most of a strict decode's time
(BENCHMARKS.md). :func:`service.scoring.notation.request_of` checks the same patterns in compiled
code and makes the :class:`ScoreRequest` (``None`` when a string fails them): so decoding into this type and
then calling it gives exactly the strict decode's request, or ``None`` where the strict decode would fail.
Nothing is scored as this type."""

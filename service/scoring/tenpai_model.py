"""The request and answer Structs of ``POST /v1/tenpai`` (:mod:`.tenpai` holds the analysis).

Apart from :mod:`.tenpai` so that module can be compiled with mypyc: msgspec Structs are defined in
modules mypyc does not compile (as :mod:`.model` holds :func:`.scorer.score`'s). :mod:`.tenpai`
exports the public ones; import them from there.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

import msgspec
from msgspec import Meta

from .model import (
    TILES_PATTERN,
    HonbaCount,
    MeldSpec,
    NukidoraCount,
    Preset,
    RiichiStickCount,
    RulesSpec,
    ScoreResult,
    Situation,
    TileCode,
    Tiles,
)
from .presets import Rules

__all__ = [
    "Analysis",
    "Discard",
    "FuritenKind",
    "Parsed",
    "RiichiCheck",
    "ShantenByShape",
    "TenpaiRequest",
    "TenpaiResult",
    "TenpaiSituation",
    "TileCount",
    "VisibleTiles",
    "Wait",
    "declared",
]

FuritenKind = Literal["permanent", "temporary", "riichi"]
"""Why a tenpai hand cannot win by ron: a wait in its own river, or let pass (in riichi, or not)."""

VisibleTiles = (
    Annotated[
        str,
        Meta(
            pattern=TILES_PATTERN,
            max_length=300,
            description="Tiles in compact mpsz notation, e.g. '123m406p55z' (0 = red five).",
        ),
    ]
    | Annotated[list[TileCode], Meta(max_length=136, description="Tiles as a list of mpsz codes.")]
)
"""A longer tile list than :data:`~.model.Tiles`: everything seen on the table."""


class TenpaiSituation(Situation, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """:class:`~.model.Situation` as a tenpai request words it, then its indicators, table and furiten fields
    (:class:`TenpaiRequest`'s keyword fields, in its order)."""

    FIELD_TEXTS: ClassVar[dict[str, str]] = {
        "dealer": "Whether the player is the dealer, as in `POST /v1/score`.",
        "seat_wind": (
            "The player's seat wind, as in `POST /v1/score` (a non-dealer in a preset with winds needs it unless"
            " `values` is\nfalse)."
        ),
        "round_wind": "The round wind; null: E.",
        "riichi": "Value the waits as riichi wins.",
        "double_riichi": "Value the waits as double riichi wins.",
        "ippatsu": "Value the waits as ippatsu wins (needs `riichi` or `double_riichi`).",
    }
    """The shared :class:`~.model.Situation` fields as this request reads them (the OpenAPI document's text)."""

    dora_indicators: Tiles = ""
    """The dora indicators (mpsz): they count in the waits' values and lower the unseen counts."""
    ura_indicators: Tiles = ""
    """The ura dora indicators (mpsz), counted with riichi."""
    honba: HonbaCount = 0
    riichi_sticks: RiichiStickCount = 0
    points: (
        Annotated[int, Meta(ge=-1_000_000, le=1_000_000, description="The player's current score, in points.")] | None
    ) = None
    """The player's score, points; when given, riichi also needs at least 1,000 points (han and fu presets)."""
    tiles_left: Annotated[int, Meta(ge=0, le=136, description="Tiles left in the live wall.")] | None = None
    """Tiles left in the live wall; when given, riichi also needs at least 4 (han and fu presets). Null: not checked."""
    values: bool = True
    """Whether each wait carries its ron and tsumo scores; false skips them (and a non-dealer's `seat_wind` is then not
    needed)."""
    nukidora: NukidoraCount = 0
    """Norths this player set aside (three players, option `nukidora`): seen copies, so they lower the
    unseen Norths, and dora in each wait's value, as `POST /v1/score`'s `nukidora` (/docs/rulesets §7)."""
    river: VisibleTiles = ""
    """This player's own discards, in any order (mpsz or a list), called ones included: seen copies (never given
    again in `visible`), and permanent furiten when a wait is among them (/docs/rules §2)."""
    passed: VisibleTiles = ""
    """Tiles other players discarded that this player let pass: since its last discard (temporary furiten), or,
    with `riichi` or `double_riichi`, since the declaration (riichi furiten). They mark furiten only; give them in
    `visible` too for the unseen counts."""


class TenpaiRequest(TenpaiSituation, frozen=True, forbid_unknown_fields=True):
    """A hand without its winning tile, and its situation (`POST /v1/tenpai`).

    `hand`: the concealed tiles, 13 − 3 × melds (a kan counting 3) to ask about waits, or
    14 − 3 × melds to ask which discard to make. `visible`: other tiles already seen
    (discards, other players' melds; not the dora indicators, which count on their own) —
    they only lower the unseen counts. `points`: the player's score in points and
    `tiles_left`: tiles left in the live wall; when given, riichi also needs ≥ 1000 points
    and ≥ 4 tiles (presets with han/fu scoring). The remaining fields are those of
    `POST /v1/score` and set the situation each wait is valued in (`riichi: true` values
    the waits as riichi wins); as there, a non-dealer in a preset with winds needs `seat_wind`
    — unless `values: false`, which skips the ron/tsumo values. Furiten: `river` (this player's
    discards) and `passed` (tiles let pass since its last discard, or since riichi) say it; without
    them only a 14-tile answer flags a discard that is one of its own waits.
    """

    hand: Tiles
    """The concealed tiles: 13 − 3 × melds (a kan counting 3) to ask about waits, or 14 − 3 × melds to ask which
    discard to make."""
    rules: RulesSpec | Preset = "standard"
    """The rules: a preset's id, or a preset with options overriding its defaults."""
    melds: Annotated[tuple[MeldSpec, ...], Meta(max_length=4)] = ()
    """The called or declared sets, at most 4; empty: a closed hand."""
    visible: VisibleTiles = ""
    """Other tiles already seen (discards, other players' melds; not the dora indicators): they only lower the unseen
    counts."""


class ShantenByShape(msgspec.Struct, frozen=True, kw_only=True):
    """Shanten per winning shape (−1 complete, 0 tenpai); null where the shape is not available.

    `chiitoitsu` needs a hand without melds; `kokushi` also a preset with winds and kokushi.
    """

    standard: int
    """Shanten toward four sets and a pair (−1 complete, 0 tenpai)."""
    chiitoitsu: int | None
    """Shanten toward seven pairs; null with melds."""
    kokushi: int | None
    """Shanten toward thirteen orphans; null with melds or in a preset without winds."""


class RiichiCheck(msgspec.Struct, frozen=True, kw_only=True):
    """Whether riichi may be declared with this hand, and every reason it may not.

    `reasons`: `open_hand` (a chi, pon or open kan), `not_tenpai`, `points_below_1000`
    (only if `points` was given), `too_few_tiles_left` (fewer than 4, only if `tiles_left`
    was given). The last two apply in presets with han/fu scoring (/docs/rules §3), not `kids` (§5).
    """

    allowed: bool
    """Whether riichi may be declared now."""
    reasons: list[Literal["open_hand", "not_tenpai", "points_below_1000", "too_few_tiles_left"]] = []
    """Every reason it may not: `open_hand`, `not_tenpai`, `points_below_1000` (only with `points`),
    `too_few_tiles_left` (only with `tiles_left`); empty when allowed."""


class TileCount(msgspec.Struct, frozen=True, kw_only=True):
    """A tile and how many of its copies are still unseen.

    4 − copies in the hand − in melds − dora indicators − `visible` (− the discard itself,
    for a discard option). Never below 0.
    """

    tile: str
    """The tile (mpsz; a red five is `0m`/`0p`/`0s`)."""
    remaining: int
    """Copies of it still unseen, 0–4."""


class Wait(msgspec.Struct, frozen=True, kw_only=True):
    """One winning tile of a tenpai hand and what winning on it is worth.

    `remaining`: copies still unseen, counted as for :class:`TileCount` (0 = a dead wait: all
    out, but the shape still waits; a kind whose four copies are all in the hand or melds is
    no wait at all).
    `ron`, `tsumo`: the score of the win (`POST /v1/score` result), null when values were
    not asked for or no copy of the tile can still be drawn or discarded (the last ones are
    dora or ura indicators, or discarded by this player). `no_yaku_on_ron`: ron gives
    `no_yaku` (the dama trap: this wait wins only by tsumo or after riichi).
    """

    tile: str
    """The winning tile (mpsz)."""
    remaining: int
    """Copies of it still unseen, 0–4 (0: a dead wait)."""
    ron: ScoreResult | None = None
    """The score of a ron on this tile (a `POST /v1/score` answer); null when values were not asked for or no copy can
    still be discarded."""
    tsumo: ScoreResult | None = None
    """The score of a tsumo on this tile; null when values were not asked for or no copy can still be drawn."""
    no_yaku_on_ron: bool = False
    """Ron on this tile gives `no_yaku`: the wait wins only by tsumo or after riichi."""
    furiten: bool = False
    """No ron on this tile: the hand is furiten (a wait of it is in `river`, or among `passed`); tsumo still wins."""


class Discard(msgspec.Struct, frozen=True, kw_only=True):
    """The hand after discarding `discard` (a tile code; a red five is `0m`/`0p`/`0s`).

    `shanten`, `tenpai`, `waits`, `improving`, `riichi` as in :class:`TenpaiResult`;
    `furiten`: the discard is one of the waits, a wait is in `river`, or (in riichi) among `passed`: this hand could
    not win by ron.
    """

    discard: str
    """The tile discarded (mpsz; a red five is `0m`/`0p`/`0s`)."""
    shanten: int
    """Shanten after the discard (0 tenpai)."""
    shanten_by_shape: ShantenByShape
    """Shanten per winning shape after the discard."""
    tenpai: bool
    """Whether the hand is tenpai after the discard."""
    waits: list[Wait] = []
    """The waits after the discard, with unseen copies and values; empty when not tenpai."""
    wait_tiles_unseen: int = 0
    """The unseen copies of every wait together."""
    improving: list[TileCount] = []
    """When not tenpai: the tiles that would lower the shanten, with unseen copies."""
    riichi: RiichiCheck
    """Whether riichi may be declared with this discard."""
    furiten: bool = False
    """The discard is one of its own waits, a wait is in `river`, or (in riichi) among `passed`: no ron."""


class TenpaiResult(msgspec.Struct, frozen=True, kw_only=True):
    """The answer of `POST /v1/tenpai`.

    `tiles`: concealed tiles given. `shanten`: tile exchanges from tenpai (0 tenpai,
    −1 complete: only for a 14 − 3 × melds hand), best over `shanten_by_shape`.

    For a 13 − 3 × melds hand: `tenpai`; `waits` (ascending tile order) with unseen copies
    and values; `wait_tiles_unseen` their sum; `improving`: when not tenpai, the tiles that
    lower the shanten, with unseen copies; `riichi`: may riichi be declared now.

    For a 14 − 3 × melds hand: `complete` (already a winning shape); `tenpai`: some discard
    leaves the hand tenpai; `discards`: one entry per distinct tile in the hand, best first
    (lowest shanten, then most unseen wait / improving tiles, then tile order).
    """

    preset: str
    """The preset the hand was read under."""
    tiles: int
    """The number of concealed tiles given."""
    shanten: int
    """Tile exchanges from tenpai, best over the shapes: 0 tenpai, −1 complete (a 14 − 3 × melds hand only)."""
    shanten_by_shape: ShantenByShape
    """Shanten per winning shape."""
    tenpai: bool
    """13 − 3 × melds tiles: whether the hand is tenpai; 14 − 3 × melds: whether some discard leaves it tenpai."""
    complete: bool = False
    """A 14 − 3 × melds hand: already a winning shape; false otherwise."""
    waits: list[Wait] = []
    """A 13 − 3 × melds hand: its waits in tile order, with unseen copies and values; empty otherwise."""
    wait_tiles_unseen: int = 0
    """The unseen copies of every wait together."""
    improving: list[TileCount] = []
    """A 13 − 3 × melds hand that is not tenpai: the tiles that lower the shanten, with unseen copies."""
    riichi: RiichiCheck | None = None
    """A 13 − 3 × melds hand: whether riichi may be declared now; null for a 14-tile hand."""
    discards: list[Discard] | None = None
    """A 14 − 3 × melds hand: one entry per distinct tile to discard, best first; null for a 13-tile hand."""
    furiten: FuritenKind | None = None
    """A tenpai 13 − 3 × melds hand that cannot win by ron: `permanent` (a wait is in `river`), `riichi` (in riichi,
    a wait is among `passed`) or `temporary` (not in riichi, a wait is among `passed`); null: ron is open, or the
    hand is not tenpai (/docs/rules §2)."""


class Parsed(msgspec.Struct, frozen=True):
    """A validated tenpai request (tenpai.py's own): codes of the concealed tiles, and per-kind counts."""

    rules: Rules
    codes: list[str]
    counts: list[int]
    meld_counts: list[int]
    seen_extra: list[int]  # dora indicators + visible + river: lowers the unseen counts
    physical_extra: list[int]  # dora + ura indicators: copies that can never be won on
    menzen: bool
    river: list[int]  # per kind: in this player's river (permanent furiten)
    passed: list[int]  # per kind: let pass (temporary or riichi furiten)


class Analysis(msgspec.Struct, frozen=True):
    """What :func:`.tenpai.analyse` finds for one 13-tile part (tenpai.py's own)."""

    shanten: int
    by_shape: ShantenByShape
    waits: list[Wait]
    improving: list[TileCount]
    riichi: RiichiCheck
    furiten: FuritenKind | None = None


def declared(req: TenpaiRequest) -> TenpaiRequest:
    """``req`` with its tile lists and melds in their declared container types, for the compiled :mod:`.tenpai`.

    A request decoded from JSON already has them; one built in Python may hold a list where a tuple
    is declared (``hand``, the indicators, ``melds``, a meld's ``tiles``) or a tuple where a list is
    (``visible``), which compiled code would refuse with a ``TypeError``. Nothing is validated here
    (the analysis does that, as for any request); a value that is no sequence at all is left as it is.

    >>> declared(TenpaiRequest(hand=["1m"] * 13, melds=[MeldSpec(type="pon", tiles=["7z"] * 3)])).melds
    (MeldSpec(type='pon', tiles=('7z', '7z', '7z'), closed=False),)
    """
    changes: dict[str, object] = {}
    for name in ("hand", "dora_indicators", "ura_indicators"):
        value = getattr(req, name)
        if isinstance(value, list):
            changes[name] = tuple(value)
    for name in ("visible", "river", "passed"):
        value = getattr(req, name)
        if isinstance(value, tuple):
            changes[name] = list(value)
    melds = req.melds
    if not isinstance(melds, tuple) or any(isinstance(m.tiles, list) for m in melds):
        changes["melds"] = tuple(
            msgspec.structs.replace(m, tiles=tuple(m.tiles)) if isinstance(m.tiles, list) else m for m in melds
        )
    return msgspec.structs.replace(req, **changes) if changes else req

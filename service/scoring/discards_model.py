"""The request and answer Structs of ``POST /v1/analysis/discards`` (:mod:`.discards` holds the analysis).

Apart from :mod:`.discards` as :mod:`.tenpai_model` is apart from :mod:`.tenpai`: msgspec Structs live in
modules mypyc does not compile.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec
from msgspec import Meta

from .model import ScoreResult, TileCode
from .tenpai_model import RiichiCheck, ShantenByShape, TenpaiRequest, TileCount, Wait

__all__ = [
    "CallKind",
    "CallOption",
    "CallReason",
    "DiscardOption",
    "DiscardsBatchRequest",
    "DiscardsRequest",
    "DiscardsResult",
    "RankReason",
]

RankReason = Literal["best", "shanten", "ukeire", "good_shape", "value", "tile_order"]
"""Why a discard ranks below the one just above it: the first key of the order where they differ."""

CallKind = Literal["ron", "pass", "chi", "pon", "kan"]
CallReason = Literal["best", "shanten", "call", "ukeire", "good_shape", "value", "tile_order"]
"""Why a call option ranks below the one just above it (``call``: passing ranks above a call of equal shanten)."""


class DiscardsRequest(TenpaiRequest, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A hand of 14 − 3 × melds concealed tiles (a kan counting 3) and its situation: which tile to discard?

    Every field of `POST /v1/tenpai` with the same meaning (`rules`, `melds`, the situation each wait is
    valued in: `riichi: true` values the waits as riichi wins, dama otherwise; `values: false` skips the
    values), and:

    `visible`: tiles seen elsewhere (other players' discards and calls; not the dora indicators, which
    count on their own, nor this player's `river`). `river`: this player's own discards, in any order:
    they count as seen, and a tenpai discard waiting on one of them (or on the tile it discards) is
    furiten; `passed` (tiles let pass since the riichi declaration) makes it riichi furiten. A copy is never
    given twice across `hand`, `melds`, the indicators, `visible` and `river`: a fifth copy is a 422 naming the
    field that passes four.

    `offered`: a tile another player just discarded; the hand then holds 13 − 3 × melds tiles and the
    question is: ron, pass, or call (chi, pon, open kan) and then discard what? `offered_from`: who
    discarded it, `left` (the only seat a chi can come from), `across` or `right`. No chi in three-player
    games; no call at all after riichi (only ron or pass).
    """

    offered: TileCode | None = None
    """A tile another player just discarded: ron, pass or call? The hand then holds 13 − 3 × melds tiles."""
    offered_from: Literal["left", "across", "right"] = "left"
    """Who discarded `offered`: `left` (the only seat a chi can come from), `across` or `right`."""


class DiscardOption(msgspec.Struct, frozen=True, kw_only=True):
    """The hand after discarding `discard` (a tile code; a red five is `0m`/`0p`/`0s`), and its rank.

    `rank`: 1 = best (the order is :class:`DiscardsResult`'s). `shanten`, `shanten_by_shape`: after the
    discard (0 tenpai). `ukeire`: the tiles whose draw lowers the shanten (for a tenpai discard: its
    winning tiles), ascending, each with its copies unseen (4 − hand − melds − dora indicators −
    `visible` − `river` − the discard itself); `ukeire_unseen` their sum.

    `good_shape` (only when `shanten` is 1, else null): the ukeire tiles after whose draw some discard
    leaves a good-shape tenpai, and `good_shape_unseen` their copies unseen. A tenpai is *good-shape*
    when the copies of its winning tiles outside the concealed hand and melds (4 − held, summed over the
    winning tiles; the table's other tiles do not matter) are more than 4: a two-sided wait (8 copies
    when none is held), a three-sided wait or a 1-4 nobetan is; a closed, edge or single wait (at most 4)
    or a double-pair wait (2 + 2) is not. `good_wait`: this discard's own tenpai is good-shape (null when
    not tenpai).

    `waits` (tenpai only): each winning tile with its unseen copies and its ron / tsumo score
    (`POST /v1/tenpai`'s `Wait`). `furiten`: a winning tile is in `river` or is the discarded tile, so
    this hand cannot win by ron. `value` (tenpai only, and only when values are asked for): the points a
    winning tile is worth on average over the unseen copies — each wait's ron `points` (its tsumo
    `points` when furiten or when ron has no yaku; 0 when neither wins) weighted by its unseen copies,
    rounded down; 0 when no copy is unseen. `riichi`: may riichi be declared after this discard.

    `reason`: why it ranks below `behind` (the discard just above): `shanten` (higher), `ukeire` (fewer
    unseen ukeire copies), `good_shape` (fewer unseen good-shape copies), `value` (lower), `tile_order`
    (all equal: tile order, a red five after its plain five); `best` for rank 1 (`behind` null).
    """

    discard: str
    """The tile discarded (a red five is `0m`/`0p`/`0s`)."""
    rank: int
    """1 = best, in the order of `DiscardsResult.discards`."""
    shanten: int
    """Shanten after the discard (0 = tenpai)."""
    shanten_by_shape: ShantenByShape
    """Shanten after the discard per shape: standard, seven pairs, thirteen orphans."""
    tenpai: bool
    """The hand is tenpai after the discard."""
    ukeire: list[TileCount] = []
    """The tiles whose draw lowers the shanten (when tenpai: the winning tiles), each with its unseen copies."""
    ukeire_unseen: int = 0
    """The unseen copies of `ukeire`, summed."""
    good_shape: list[TileCount] | None = None
    """Only at 1-shanten: the ukeire tiles after whose draw some discard leaves a good-shape tenpai."""
    good_shape_unseen: int | None = None
    """The unseen copies of `good_shape`, summed (null when `good_shape` is)."""
    waits: list[Wait] = []
    """Tenpai only: each winning tile with its unseen copies and its ron / tsumo score."""
    good_wait: bool | None = None
    """This discard's own tenpai is good-shape (more than 4 copies of its winning tiles outside the hand and
    melds); null when not tenpai."""
    furiten: bool = False
    """A winning tile is in `river` or is the discarded tile: no ron."""
    value: int | None = None
    """Tenpai only, with values asked for: the points a winning tile is worth on average over its unseen copies."""
    riichi: RiichiCheck
    """Whether riichi may be declared after this discard."""
    reason: RankReason
    """Why it ranks below `behind`: `shanten`, `ukeire`, `good_shape`, `value`, `tile_order`; `best` for rank 1."""
    behind: str | None = None
    """The discard ranked just above (null for rank 1)."""


class CallOption(msgspec.Struct, frozen=True, kw_only=True):
    """One answer to an offered tile (`DiscardsRequest.offered`), and its rank.

    `call`: `ron` (listed only when the offered tile completes the hand, wins with a yaku and the hand
    is not furiten: `ron` holds its score), `pass`, `chi`, `pon` or `kan` (an open kan). `tiles`: the
    meld the call makes (the offered tile and the hand's tiles; empty for ron and pass). `shanten`:
    −1 for ron; for pass the 13 − 3 × melds hand's own; for chi and pon the best discard's after the
    call; for kan the hand's after the kan, before its replacement draw. `ukeire`, `ukeire_unseen`: the
    tiles that lower that shanten (a tenpai hand: its winning tiles) with unseen copies (the offered tile
    counts as seen), for chi and pon those of the best discard. `good_shape_unseen`, `value`: as in
    :class:`DiscardOption`, of the best discard (chi, pon) or of the hand itself (pass, kan). `furiten`
    (pass): a winning tile of the hand is in `river`. `discards` (chi, pon): the discards after the call,
    ranked as `DiscardsResult.discards`, without the swap-calls most rules forbid (kuikae: the called
    kind, and after a chi the kind at its other end: chi 4m with 56m may not discard 4m nor 7m;
    /docs/rulesets "Kuikae").

    `rank`: 1 = best, by lowest `shanten`, then passing before a call of equal shanten (a call that
    does not lower the shanten only opens the hand), then most `ukeire_unseen`, most
    `good_shape_unseen`, highest `value`, then the order ron, pass, chi, pon, kan, then the meld's
    tiles. A call's open hand loses riichi and menzen yaku: only `value` (at tenpai) shows it.
    `reason`: the first key where it differs from the option above (`behind`); `best` for rank 1.
    """

    call: CallKind
    """`ron`, `pass`, `chi`, `pon` or `kan` (an open kan)."""
    tiles: list[str] = []
    """The meld the call makes (the offered tile and the hand's tiles); empty for ron and pass."""
    rank: int
    """1 = best (see the schema's description for the order)."""
    shanten: int
    """−1 for ron; the hand's own for pass and kan; the best discard's after a chi or pon."""
    ukeire: list[TileCount] = []
    """The tiles that lower that shanten, each with its unseen copies."""
    ukeire_unseen: int = 0
    """The unseen copies of `ukeire`, summed."""
    good_shape_unseen: int | None = None
    """As in `DiscardOption`, of the best discard (chi, pon) or of the hand itself (pass, kan)."""
    value: int | None = None
    """As in `DiscardOption`, of the best discard (chi, pon) or of the hand itself (pass, kan)."""
    furiten: bool = False
    """Pass: a winning tile of the hand is in `river`."""
    ron: ScoreResult | None = None
    """The score of the ron (only for `call` ron)."""
    discards: list[DiscardOption] = []
    """Chi and pon: the discards after the call, ranked, swap calls (kuikae) left out."""
    reason: CallReason
    """The first key where it differs from the option above; `best` for rank 1."""
    behind: str | None = None
    """The option ranked just above (null for rank 1)."""


class DiscardsResult(msgspec.Struct, frozen=True, kw_only=True):
    """The answer of `POST /v1/analysis/discards`.

    `tiles`: concealed tiles given. `shanten`, `shanten_by_shape`: of the 14 − 3 × melds hand itself
    (−1 = already a winning shape: `complete`). `tenpai`: some discard leaves the hand tenpai.
    `discards`: one entry per distinct tile code in the hand, ranked: lowest `shanten`, then most
    `ukeire_unseen`, then most `good_shape_unseen` (0 when null), then highest `value` (0 when null),
    then tile order (1m … 9s, 1z … 7z; a red five right after its plain five). Each entry's `reason`
    names the key that put it below the entry above.

    With an `offered` tile (a 13 − 3 × melds hand): `discards` is empty, `tenpai` is the hand's own, and
    `calls` ranks ron, pass and each possible chi, pon and open kan (:class:`CallOption`); null otherwise.
    """

    preset: str
    """The preset the hand was analysed under."""
    tiles: int
    """How many concealed tiles were given."""
    shanten: int
    """Shanten of the hand as given (−1: already a winning shape)."""
    shanten_by_shape: ShantenByShape
    """Shanten of the hand as given, per shape."""
    complete: bool
    """The hand as given is already a winning shape."""
    tenpai: bool
    """Some discard leaves the hand tenpai (with `offered`: the hand itself is tenpai)."""
    discards: list[DiscardOption]
    """One entry per distinct tile in the hand, best first (empty with `offered`)."""
    calls: list[CallOption] | None = None
    """With `offered`: ron, pass and each possible call, best first; null otherwise."""


class DiscardsBatchRequest(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Many positions in one call (`POST /v1/analysis/discards/batch`): each one a `DiscardsRequest`."""

    positions: Annotated[list[DiscardsRequest], Meta(min_length=1, max_length=100)]
    """The positions, each a `POST /v1/analysis/discards` request (1–100)."""

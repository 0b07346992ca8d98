"""Request and response shapes of the game endpoints, as frozen msgspec Structs.

``POST /v1/settle`` (:class:`SettleRequest` → :class:`SettleResult`), ``POST /v1/final``
(:class:`FinalRequest` → :class:`FinalResult`), ``POST /v1/sticks`` (:class:`SticksRequest`
→ :class:`SticksResult`). Requests forbid unknown fields; constraints live in ``Meta`` so
that a schema violation is a 400 naming the field, and everything else that cannot be is
raised by the logic as :class:`service.scoring.InvalidHand` (422).

Seats are numbered 0–3 **in turn order**: seat ``s + 1`` (mod 4) plays right after seat
``s``; with three players (option ``players`` 3, /docs/rulesets §7) seats 0–2, mod 3, and a fourth
seat anywhere is a 422 naming the field. All amounts are points unless a field says sticks.
"""

from __future__ import annotations

import typing
from typing import Annotated, Literal

import msgspec
from msgspec import Meta

from service.scoring import RulesSpec, ScoreRequest, ScoreResult
from service.scoring.model import GameOptions, Preset

__all__ = [
    "ABORTIVE_KINDS",
    "END_REASONS",
    "Abortive",
    "AbortiveKind",
    "Chombo",
    "Draw",
    "EndReason",
    "FinalPlacing",
    "FinalRequest",
    "FinalResult",
    "GameOptions",
    "HandValue",
    "NextHand",
    "Placing",
    "Ron",
    "Seat",
    "SettleRequest",
    "SettleResult",
    "StickCounts",
    "Sticks",
    "SticksPlan",
    "SticksRequest",
    "SticksResult",
    "Transfer",
    "TransferKind",
    "Tsumo",
    "WinResult",
    "WinSpec",
]

Seat = Annotated[
    int,
    Meta(
        ge=0,
        le=3,
        description="A seat, 0–3, numbered in turn order (seat s+1 mod 4 plays right after seat s); "
        "0–2 with three players (option `players` 3).",
    ),
]
Points = Annotated[int, Meta(ge=-10_000_000, le=10_000_000, description="A score, points.")]
StickCount = Annotated[int, Meta(ge=0, le=200, description="A number of sticks (at most 200 of a kind).")]
MAX_STICK_AMOUNT = 2_000_000
"""Largest amount `/v1/sticks` splits: 200 sticks of 10,000, so every answer fits :data:`StickCount`."""


class _Request(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Base of every request Struct: frozen, keyword-only, unknown fields rejected."""


class HandValue(_Request, frozen=True, kw_only=True):
    """An already-scored hand, instead of a hand to score (give exactly one form).

    - han/fu presets: `han` (with `fu` below 5 han), or `yakuman` (total multiple);
      base points follow /docs/rules §3 Limits under the request's rules;
    - kids preset: `points` (kids points, /docs/rules §5).

    With pao, `pao_yakuman` is the part of `yakuman` the liable player answers for
    (default: all of it), e.g. 1 for daisangen + tsuuiisou.
    """

    han: Annotated[int, Meta(ge=1, le=200)] | None = None
    """Han including dora."""
    fu: Literal[20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160, 170] | None = None
    """Fu, rounded (25 = chiitoitsu; above 110 only for a few rare hands, which matter where option
    `mangan_cap` is off: 2 han 130 fu is 2,080 base points in kostarev)."""
    yakuman: Annotated[int, Meta(ge=0, le=10)] = 0
    """Total yakuman multiple (1 = yakuman, 2 = double, …); 0 = not a yakuman."""
    pao_yakuman: Annotated[int, Meta(ge=1, le=10)] | None = None
    """Yakuman multiple subject to pao (daisangen 1, daisuushii 1 or 2)."""
    points: Annotated[int, Meta(ge=1, le=1000)] | None = None
    """Kids points of the win."""


class WinSpec(_Request, frozen=True, kw_only=True):
    """One winner: their seat and the hand, either to score or already scored (exactly one).

    `hand` is a `POST /v1/score` request. Its `win`, `dealer` and (in presets with winds)
    `seat_wind` are set from the settlement (`seat_wind` from the seat's distance to the
    dealer); values given must agree. Its `rules` (if not the default) must equal the
    settlement's `rules`; its `honba` and `riichi_sticks` must be 0 or equal to the
    settlement's. Its riichi flag must match whether the winner is in `riichi`. Its
    `round_wind` is its own (default `E`). The score is computed without honba or riichi
    sticks: those are settled here (see the win's `honba` and `riichi_sticks`).
    `pao` is the seat liable for a daisangen / daisuushii (option `pao`).
    """

    winner: Seat
    hand: ScoreRequest | None = None
    value: HandValue | None = None
    pao: Seat | None = None


class Tsumo(WinSpec, frozen=True, kw_only=True, tag="tsumo", tag_field="type"):
    """A win on a self-drawn tile: every other player pays (/docs/rules §3 Payments)."""


class Ron(_Request, frozen=True, kw_only=True, tag="ron", tag_field="type"):
    """A win on `discarder`'s discard: one to three winners in `wins` (any order).

    With option `multiple_ron: head_bump` only the first winner in turn order from the
    discarder wins; the others are reported as `bumped`. With `allowed`, three winners where the
    rules' `abortive_draws` has `sanchahou` are that abortive draw instead (/docs/rulesets §5
    Sanchahou): nobody wins, the result's `abortive` is `sanchahou`. Honba and riichi sticks with
    several winners follow option `multi_ron_sticks` (/docs/rulesets §4).
    """

    discarder: Seat
    wins: Annotated[list[WinSpec], Meta(min_length=1, max_length=3)]


class Draw(_Request, frozen=True, kw_only=True, tag="draw", tag_field="type"):
    """An exhaustive draw: `tenpai` seats share the no-ten payment; `nagashi` seats score
    nagashi mangan (option). A seat that declared riichi this hand must be tenpai."""

    tenpai: Annotated[list[Seat], Meta(max_length=4)] = []
    nagashi: Annotated[list[Seat], Meta(max_length=4)] = []


AbortiveKind = Literal["kyuushu_kyuuhai", "suufon_renda", "suucha_riichi", "suukaikan", "sanchahou"]
ABORTIVE_KINDS: tuple[AbortiveKind, ...] = typing.get_args(AbortiveKind)
"""The abortive draws (/docs/rulesets §5): nine terminals, four winds, four riichi, four kans, triple ron."""


class Abortive(_Request, frozen=True, kw_only=True, tag="abortive", tag_field="type"):
    """An abortive draw (/docs/rulesets §5 Effect of an abortive draw): `kind` must be one of the rules'
    `abortive_draws` (else 422 naming `outcome.kind`); `suucha_riichi` needs all four seats in `riichi`.

    No points move except this hand's riichi deposits, which go onto the table and stay there;
    honba + 1 (where option `honba` is not 0); the dealer keeps the seat.
    """

    kind: AbortiveKind


class Chombo(_Request, frozen=True, kw_only=True, tag="chombo", tag_field="type"):
    """A chombo (illegal win or declaration) by `seat` (/docs/rulesets §6 Chombo; option `chombo`).

    `mangan`: `seat` pays a reverse mangan tsumo at once (transfers of kind `chombo`: a non-dealer
    4,000 to the dealer and 2,000 to each other player, the dealer 4,000 to each); `deduction`:
    no points move and the result's `penalties` carries `chombo_points` for `seat`, to deduct from
    the final score after uma (`POST /v1/final` `penalties`); `none`: 422 naming `outcome`.
    The hand is then replayed: same dealer, same honba, and this hand's riichi declarations are
    not deposited (the hand is void; the sticks already on the table stay there).
    """

    seat: Seat


Outcome = Ron | Tsumo | Draw | Abortive | Chombo
RoundWind = Literal["E", "S", "W"]


class SettleRequest(_Request, frozen=True, kw_only=True):
    """One hand's outcome applied to the players' scores (/docs/rules §6; /docs/endpoints `POST /v1/settle`).

    `scores` are the four scores before the hand (three with option `players` 3), points (kids: kids
    points). `dealer` is this hand's dealer seat; `first_dealer` the first dealer of the game (it breaks
    ties in placings). `honba` counts repeat sticks (option `honba`: 300 points each; 200 with three
    players); `riichi_sticks` the riichi sticks already on the table; `riichi` the seats that declared
    riichi this hand (each puts `riichi_deposit` on the table; a riichi winner left out of it is taken to have deposited
    already, so its stick must be among `riichi_sticks`, as in Tenhou's logs). `outcome`: a
    `tsumo`, a `ron`, an exhaustive `draw`, an `abortive` draw or a `chombo`. `last_hand`: the game
    ends after this hand, whatever the rules would decide (a tournament's time limit); `round_wind`:
    the service decides the game's end by the rules (busting and a target come first, then the
    rules' end, then `last_hand`).
    Three players (option `players` 3, presets `tenhou_sanma`, `majsoul_sanma`; /docs/rulesets §7): three
    scores adding up to 3 × start, seats 0–2, a tsumo paid by the two others (option `sanma_tsumo`:
    tsumo loss or north bisection; nagashi and a chombo's reverse tsumo alike), 100 per honba from each
    payer (200 on ron), no-ten payments of 1,000 a pair (option `noten_payment` 2,000), three hands a wind.
    """

    rules: RulesSpec | Preset = "standard"
    game: GameOptions | None = None
    scores: Annotated[list[Points], Meta(min_length=3, max_length=4)]
    dealer: Seat
    first_dealer: Seat = 0
    honba: Annotated[
        int,
        Meta(
            ge=0,
            le=100,
            description="Honba (repeat) count; each is worth option `honba` points: 300 (200 with three players; "
            "must be 0 where it is 0: kostarev, kids).",
        ),
    ] = 0
    riichi_sticks: Annotated[
        int,
        Meta(
            ge=0,
            le=100,
            description="Riichi sticks already on the table (1000 points each; must be 0 where `riichi_deposit` is 0).",
        ),
    ] = 0
    riichi: Annotated[list[Seat], Meta(max_length=4)] = []
    outcome: Outcome
    last_hand: bool = False
    round_wind: RoundWind | None = None
    """This hand's round wind (`E`, `S`, `W`; the hand number follows from `dealer` and `first_dealer`).
    With it the service decides `game_over` from the rules' `length`, `extension`, `agari_yame`
    and `tenpai_yame` (/docs/rulesets §6 Length, Extension, Agari-yame); without it only busting,
    the target and `last_hand` end the game. A round the rules never reach is a 422 naming it."""


TransferKind = Literal[
    "riichi_deposit", "riichi_sticks", "ron", "tsumo", "pao", "honba", "noten", "nagashi", "kids_points", "chombo"
]
EndReason = Literal["bust", "target", "last_hand", "agari_yame", "tenpai_yame", "sudden_death", "extension_over"]
END_REASONS: tuple[EndReason, ...] = typing.get_args(EndReason)
"""Why a game ended: see :class:`SettleResult`."""


class Transfer(msgspec.Struct, frozen=True, kw_only=True):
    """One payment: `payer` → `payee` (null = the table's riichi pot), `amount` points paid.

    `owed` is what was due (more than `amount` only when a kostarev payer could not pay in
    full). `kind`: `riichi_deposit`, `riichi_sticks` (the pot to the winner), `ron`, `tsumo`,
    `pao`, `honba`, `noten`, `nagashi`, `kids_points` (kids points come from nobody), `chombo`
    (a reverse mangan tsumo paid by the offender).
    """

    payer: int | None
    payee: int | None
    amount: int
    owed: int
    kind: TransferKind
    name: str
    """What the payment is for, in the answer's language (`Ron`, `Honba`, `Riichi deposit`, …)."""


class WinResult(msgspec.Struct, frozen=True, kw_only=True):
    """One winner's hand and what they were owed, points.

    `points` is the hand without honba or sticks (kids: kids points); `honba` the honba
    points; `riichi_sticks` the sticks taken (count); `total` everything owed to the winner.
    `liable` is the pao seat, if any; `score` the full `POST /v1/score` result when a hand was
    given. `han`, `fu`, `limit`, `base_points` as in that result (null for kids).
    """

    winner: int
    han: int | None = None
    fu: int | None = None
    yakuman: int = 0
    limit: str | None = None
    limit_name: str | None = None
    """The limit's name in the answer's language (null for kids)."""
    base_points: int | None = None
    points: int
    honba: int = 0
    riichi_sticks: int = 0
    total: int
    liable: int | None = None
    score: ScoreResult | None = None


class NextHand(msgspec.Struct, frozen=True, kw_only=True):
    """The next hand's dealer seat, honba count, riichi sticks on the table (count) and round wind
    (null when the request gave no `round_wind`)."""

    dealer: int
    honba: int
    riichi_sticks: int
    round_wind: Literal["E", "S", "W", "N"] | None = None


class Placing(msgspec.Struct, frozen=True, kw_only=True):
    """A place (1–4) with its seat and score, points; ties go to the seat nearer the first dealer."""

    place: int
    seat: int
    score: int


class SettleResult(msgspec.Struct, frozen=True, kw_only=True):
    """The hand applied: per-seat `deltas` and new `scores` (points), every `transfer`.

    Han/fu presets are zero-sum with the pot: sum(deltas) + riichi_deposit × (next_hand.riichi_sticks −
    riichi_sticks) = 0. `bumped` lists rons lost to head bump; `out` the seats that are out;
    `abortive` the abortive draw this hand was (also `sanchahou` for a triple ron under it);
    `penalties` (chombo `deduction` only) the points per seat to deduct from the final score after uma;
    `game_over` with `end_reason` and then `placings`. End reasons (/docs/rulesets §6): `bust` (a player
    is out), `target` (a score reached the target), `last_hand` (the last hand is over, or the request
    said `last_hand`), `agari_yame` / `tenpai_yame` (the last hand's or an extension hand's dealer,
    first with at least `extension_points`, won / was tenpai and stops), `sudden_death` (an extension
    hand ended with somebody at `extension_points`), `extension_over` (the extension's wind is over).
    """

    preset: str
    deltas: list[int]
    scores: list[int]
    transfers: list[Transfer]
    wins: list[WinResult] = []
    bumped: list[int] = []
    next_hand: NextHand
    out: list[int] = []
    abortive: AbortiveKind | None = None
    abortive_name: str | None = None
    """The abortive draw's name in the answer's language."""
    penalties: list[int] | None = None
    game_over: bool = False
    end_reason: EndReason | None = None
    end_reason_name: str | None = None
    """Why the game ended, in the answer's language."""
    placings: list[Placing] | None = None


class FinalRequest(_Request, frozen=True, kw_only=True):
    """Final scores → placings and final points with uma and oka (/docs/rules §6, /docs/rulesets §6).

    `scores` in points (kids: kids points), one a player (three with option `players` 3: Tenhou sanma
    start 35,000, return 40,000, oka 3 × 5,000 = +15,000, uma +20/0/−20; Mahjong Soul sanma uma
    +15/0/−15 from 35,000, /docs/rulesets §7); `riichi_sticks` still on the table (count);
    `first_dealer` breaks ties. Option defaults per preset (kostarev: no uma, no oka).
    """

    rules: RulesSpec | Preset = "standard"
    game: GameOptions | None = None
    scores: Annotated[list[Points], Meta(min_length=3, max_length=4)]
    first_dealer: Seat = 0
    riichi_sticks: Annotated[int, Meta(ge=0, le=100)] = 0
    penalties: (
        Annotated[list[Annotated[int, Meta(ge=0, le=1_000_000, multiple_of=100)]], Meta(min_length=3, max_length=4)]
        | None
    ) = None
    """Points to deduct from each seat's final score after uma (chombo `deduction`: the settlements'
    `penalties` added up), one value a player (4, or 3 with option `players` 3) ≥ 0, multiples of 100."""


class FinalPlacing(msgspec.Struct, frozen=True, kw_only=True):
    """One player's end result, points: `final` = `score` + `sticks` − return + `uma` + `oka` − `penalty`
    (with `final_rounding: gosha_rokunyuu` `score` − return is rounded to 1,000 for 2nd–4th place and
    first place takes what makes the sum 0 before penalties)."""

    place: int
    seat: int
    score: int
    sticks: int
    uma: int
    oka: int
    penalty: int = 0
    final: int


class FinalResult(msgspec.Struct, frozen=True, kw_only=True):
    """Placings in place order with final points, and the options used, points.

    Final points sum to 0 in han/fu presets unless riichi sticks are left to nobody.
    """

    preset: str
    start_points: int
    return_points: int
    uma: list[int]
    oka: int
    placings: list[FinalPlacing]


class Sticks(
    msgspec.Struct,
    frozen=True,
    kw_only=True,
    forbid_unknown_fields=True,
    rename={"s10000": "10000", "s5000": "5000", "s1000": "1000", "s100": "100"},
):
    """A count of sticks per value (/docs/rules §4: 10,000 long, 5,000 medium, 1,000 short, 100 token).

    JSON keys are the values: `{"10000": 1, "5000": 0, "1000": 2, "100": 3}` = 12,300 points.
    """

    s10000: StickCount = 0
    s5000: StickCount = 0
    s1000: StickCount = 0
    s100: StickCount = 0


class StickCounts(Sticks, frozen=True, kw_only=True):
    """Stick counts in an answer: the keys of :class:`Sticks` (`"10000"`, `"5000"`, `"1000"`, `"100"`), every
    one always given (a request may leave a count out; an answer never does)."""


class SticksRequest(_Request, frozen=True, kw_only=True):
    """An `amount` of points to pay in sticks (/docs/rules §6).

    Alone: the fewest sticks. With the `payer`'s holdings (and the `payee`'s, for change):
    a plan in which the payer hands over sticks they hold and the payee gives change from
    sticks they hold, moving as few sticks as possible.
    """

    amount: Annotated[
        int,
        Meta(
            ge=0,
            le=MAX_STICK_AMOUNT,
            multiple_of=100,
            description="Points; a multiple of 100, at most 2,000,000 (200 sticks of 10,000).",
        ),
    ]
    payer: Sticks | None = None
    payee: Sticks | None = None


class SticksPlan(msgspec.Struct, frozen=True, kw_only=True):
    """A way to pay: `pay` goes from payer to payee, `change` back; value(pay) − value(change) = amount.

    `sticks_moved` is the number of sticks handed over in both directions.
    """

    pay: StickCounts
    change: StickCounts
    sticks_moved: int


class SticksResult(msgspec.Struct, frozen=True, kw_only=True):
    """`sticks`: the fewest sticks making `amount`. With holdings: `plan`, or null and `reason`."""

    amount: int
    sticks: StickCounts
    plan_possible: bool | None = None
    plan: SticksPlan | None = None
    reason: str | None = None

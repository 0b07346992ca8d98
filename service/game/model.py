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
from typing import Annotated, Final, Literal

import msgspec
from msgspec import Meta

from service.scoring import RulesSpec, ScoreRequest, ScoreResult
from service.scoring.model import GameOptions, Preset

__all__ = [
    "ABORTIVE_KINDS",
    "END_REASONS",
    "MAX_POINTS",
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
MAX_POINTS: Final = 10_000_000
"""Largest magnitude of a score or a change of score, points (:data:`Points`); the log readers bound every score,
delta and points value they read by it too (/docs/logs §Bad logs)."""
Points = Annotated[int, Meta(ge=-MAX_POINTS, le=MAX_POINTS, description="A score, points.")]
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
    """The winner's seat."""
    hand: ScoreRequest | None = None
    """The winning hand to score, a `POST /v1/score` request (its `win`, `dealer` and `seat_wind` follow from the
    settlement); give this or `value`, not both."""
    value: HandValue | None = None
    """The hand's value when it is already scored (han and fu, yakuman, or kids points); give this or `hand`, not
    both."""
    pao: Seat | None = None
    """The seat liable (pao) for this win's daisangen, daisuushii or other liability yakuman (option `pao`); null:
    nobody."""


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
    """The seat whose discard was won on."""
    wins: Annotated[list[WinSpec], Meta(min_length=1, max_length=3)]
    """The winners on that discard, one to three, in any order."""


class Draw(_Request, frozen=True, kw_only=True, tag="draw", tag_field="type"):
    """An exhaustive draw: `tenpai` seats share the no-ten payment; `nagashi` seats score
    nagashi mangan (option). A seat that declared riichi this hand must be tenpai."""

    tenpai: Annotated[list[Seat], Meta(max_length=4)] = []
    """The seats that are tenpai at the exhaustive draw; the others pay them the no-ten payment (option
    `noten_payment`)."""
    nagashi: Annotated[list[Seat], Meta(max_length=4)] = []
    """The seats that score nagashi mangan (option `nagashi_mangan`); empty: none."""


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
    """Which abortive draw: `kyuushu_kyuuhai` (nine terminals), `suufon_renda` (four winds), `suucha_riichi` (four
    riichi), `suukaikan` (four kans), `sanchahou` (triple ron)."""


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
    """The seat that committed the chombo."""


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
    rules' end, then `last_hand`); rules without winds (option `winds` off: kostarev, kids) have no
    rounds, and a `round_wind` there is a 422 naming it.
    Three players (option `players` 3, presets `tenhou_sanma`, `majsoul_sanma`; /docs/rulesets §7): three
    scores adding up to 3 × start, seats 0–2, a tsumo paid by the two others (option `sanma_tsumo`:
    tsumo loss or north bisection; nagashi and a chombo's reverse tsumo alike), 100 per honba from each
    payer (200 on ron), no-ten payments of 1,000 a pair (option `noten_payment` 2,000), three hands a wind.
    """

    rules: RulesSpec | Preset = "standard"
    """The rules: a preset's id, or a preset with options overriding its defaults."""
    game: GameOptions | None = None
    """Game options overriding the preset's defaults (uma, oka, busting, pao, …); null: the preset's."""
    scores: Annotated[list[Points], Meta(min_length=3, max_length=4)]
    """Each seat's score before the hand, points (kids: kids points), in seat order: four, or three with option
    `players` 3."""
    dealer: Seat
    """This hand's dealer seat."""
    first_dealer: Seat = 0
    """The game's first dealer seat; ties in placings go to the seat nearer it."""
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
    """The seats that declared riichi this hand; each puts option `riichi_deposit` points on the table."""
    outcome: Outcome
    """How the hand ended: a `tsumo`, a `ron`, an exhaustive `draw`, an `abortive` draw or a `chombo` (the `type` field
    tells which)."""
    last_hand: bool = False
    """True: the game ends after this hand whatever the rules would decide (a tournament's time limit)."""
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
    """The seat that pays; null: the table's riichi pot (riichi sticks collected by a winner) or nobody (kids
    points)."""
    payee: int | None
    """The seat that receives; null: the table's riichi pot (a riichi deposit)."""
    amount: int
    """Points actually paid."""
    owed: int
    """Points that were due; more than `amount` only when a payer could not pay in full (option `bust` `cannot_pay`)."""
    kind: TransferKind
    """What the payment is for: `riichi_deposit`, `riichi_sticks`, `ron`, `tsumo`, `pao`, `honba`, `noten`, `nagashi`,
    `kids_points`, `chombo`."""
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
    """The winner's seat."""
    han: int | None = None
    """The hand's han, dora included; null for the kids preset."""
    fu: int | None = None
    """The hand's fu, rounded; null for a yakuman, a hand of 5 han or more given as a value, and the kids preset."""
    yakuman: int = 0
    """The yakuman multiple paid; 0: not a yakuman."""
    limit: str | None = None
    """The limit the hand reaches (`none`, `mangan`, …, `yakuman`); null for the kids preset."""
    limit_name: str | None = None
    """The limit's name in the answer's language (null for kids)."""
    base_points: int | None = None
    """Base points after limits (fu × 2^(2+han)); null for the kids preset."""
    points: int
    """The hand's value without honba or riichi sticks, points (kids: kids points)."""
    honba: int = 0
    """Points from honba this winner receives."""
    riichi_sticks: int = 0
    """Riichi sticks (a count, not points) this winner takes from the table."""
    total: int
    """Everything owed to this winner, points: `points` + `honba` + the riichi sticks' points."""
    liable: int | None = None
    """The seat liable (pao) for this win; null: none."""
    score: ScoreResult | None = None
    """The full `POST /v1/score` answer when the win gave a `hand`; null when it gave a `value`."""


class NextHand(msgspec.Struct, frozen=True, kw_only=True):
    """The next hand's dealer seat, honba count, riichi sticks on the table (count) and round wind
    (null when the request gave no `round_wind`)."""

    dealer: int
    """The next hand's dealer seat."""
    honba: int
    """The next hand's honba count."""
    riichi_sticks: int
    """Riichi sticks left on the table for the next hand (a count)."""
    round_wind: Literal["E", "S", "W", "N"] | None = None
    """The next hand's round wind; null when the request gave no `round_wind`."""


class Placing(msgspec.Struct, frozen=True, kw_only=True):
    """A place (1–4) with its seat and score, points; ties go to the seat nearer the first dealer."""

    place: int
    """The place, 1 (first) to 4 (3 with three players)."""
    seat: int
    """The seat in that place."""
    score: int
    """That seat's score, points (kids: kids points)."""


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
    """The preset the hand was settled under."""
    deltas: list[int]
    """Each seat's score change, points, in seat order."""
    scores: list[int]
    """Each seat's score after the hand, points, in seat order."""
    transfers: list[Transfer]
    """Every payment of the hand, in the order they were made."""
    wins: list[WinResult] = []
    """Each winner's hand and what they were owed; empty when nobody won."""
    bumped: list[int] = []
    """The seats whose ron was lost to head bump (option `multiple_ron` `head_bump`)."""
    next_hand: NextHand
    """Dealer, honba, riichi sticks and round wind of the next hand."""
    out: list[int] = []
    """The seats that are out (busted) after this hand."""
    abortive: AbortiveKind | None = None
    """The abortive draw this hand was (`sanchahou` also for a triple ron under that rule); null: not one."""
    abortive_name: str | None = None
    """The abortive draw's name in the answer's language."""
    penalties: list[int] | None = None
    """Chombo `deduction` only: points per seat to deduct from the final score after uma (pass their sum to `POST
    /v1/final`); null otherwise."""
    game_over: bool = False
    """True when the game ends with this hand."""
    end_reason: EndReason | None = None
    """Why the game ended: `bust`, `target`, `last_hand`, `agari_yame`, `tenpai_yame`, `sudden_death` or
    `extension_over`; null while it goes on."""
    end_reason_name: str | None = None
    """Why the game ended, in the answer's language."""
    placings: list[Placing] | None = None
    """The final placings when the game is over; null while it goes on."""


class FinalRequest(_Request, frozen=True, kw_only=True):
    """Final scores → placings and final points with uma and oka (/docs/rules §6, /docs/rulesets §6).

    `scores` in points (kids: kids points), one a player (three with option `players` 3: Tenhou sanma
    start 35,000, return 40,000, oka 3 × 5,000 = +15,000, uma +20/0/−20; Mahjong Soul sanma uma
    +15/0/−15 from 35,000, /docs/rulesets §7); `riichi_sticks` still on the table (count);
    `first_dealer` breaks ties. Option defaults per preset (kostarev: no uma, no oka).
    """

    rules: RulesSpec | Preset = "standard"
    """The rules: a preset's id, or a preset with options overriding its defaults."""
    game: GameOptions | None = None
    """Game options overriding the preset's defaults (uma, oka, rounding, ties, leftover sticks); null: the preset's."""
    scores: Annotated[list[Points], Meta(min_length=3, max_length=4)]
    """Each seat's final score, points (kids: kids points), in seat order: four, or three with option `players` 3."""
    first_dealer: Seat = 0
    """The game's first dealer seat; equal scores rank in seat order from it (option `ties` `seat_order`)."""
    riichi_sticks: Annotated[int, Meta(ge=0, le=100)] = 0
    """Riichi sticks still on the table at the end (a count); they follow option `leftover_sticks`."""
    penalties: (
        Annotated[list[Annotated[int, Meta(ge=0, le=1_000_000, multiple_of=100)]], Meta(min_length=3, max_length=4)]
        | None
    ) = None
    """Points to deduct from each seat's final score after uma (chombo `deduction`: the settlements'
    `penalties` added up), one value a player (4, or 3 with option `players` 3) ≥ 0, multiples of 100."""


class FinalPlacing(msgspec.Struct, frozen=True, kw_only=True):
    """One player's end result, points: `final` = `score` + `sticks` − return + `uma` + `oka` − `penalty`
    (with `final_rounding` `shisha_gonyuu` or `gosha_rokunyuu` 2nd–4th place's part is rounded to 1,000 and
    first place takes what makes the sum 0 before penalties)."""

    place: int
    """The place, 1 (first) to 4 (3 with three players)."""
    seat: int
    """The seat in that place."""
    score: int
    """The seat's score at the end, points."""
    sticks: int
    """Points from the leftover riichi sticks this seat receives (first place under option `leftover_sticks` `first`),
    else 0."""
    uma: int
    """The uma for this place, points (shared among tied seats under option `ties` `shared`)."""
    oka: int
    """The oka this seat receives, points (first place only, or shared by tied first places)."""
    penalty: int = 0
    """Points deducted after uma (the request's `penalties`), 0 or more."""
    final: int
    """The final points: `score` + `sticks` − return points + `uma` + `oka` − `penalty`."""


class FinalResult(msgspec.Struct, frozen=True, kw_only=True):
    """Placings in place order with final points, and the options used, points.

    Final points sum to 0 in han/fu presets unless riichi sticks are left to nobody.
    """

    preset: str
    """The preset the game was played under."""
    start_points: int
    """Each player's starting score used, points."""
    return_points: int
    """The return score used (final points are measured from it), points."""
    uma: list[int]
    """The uma used for 1st, 2nd, 3rd (and 4th) place, points."""
    oka: int
    """The oka first place receives: players × (return − start), points."""
    placings: list[FinalPlacing]
    """Every player's result, in place order."""


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
    """Sticks of 10,000 points (long)."""
    s5000: StickCount = 0
    """Sticks of 5,000 points (medium)."""
    s1000: StickCount = 0
    """Sticks of 1,000 points (short)."""
    s100: StickCount = 0
    """Sticks of 100 points (token)."""


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
    """The sticks the payer holds; with it the answer has a payment plan. Null: only the fewest sticks."""
    payee: Sticks | None = None
    """The sticks the payee holds, from which change can be given; null: no change possible."""


class SticksPlan(msgspec.Struct, frozen=True, kw_only=True):
    """A way to pay: `pay` goes from payer to payee, `change` back; value(pay) − value(change) = amount.

    `sticks_moved` is the number of sticks handed over in both directions.
    """

    pay: StickCounts
    """The sticks the payer hands to the payee."""
    change: StickCounts
    """The sticks the payee hands back as change."""
    sticks_moved: int
    """How many sticks change hands, both directions together."""


class SticksResult(msgspec.Struct, frozen=True, kw_only=True):
    """`sticks`: the fewest sticks making `amount`. With holdings: `plan`, or null and `reason`."""

    amount: int
    """The amount asked for, points."""
    sticks: StickCounts
    """The fewest sticks that make `amount`."""
    plan_possible: bool | None = None
    """With `payer` holdings: whether a payment plan exists; null when no holdings were given."""
    plan: SticksPlan | None = None
    """The plan that moves the fewest sticks; null when no holdings were given or none exists."""
    reason: str | None = None
    """Why no plan exists, one sentence in the answer's language (`Content-Language`); null otherwise."""

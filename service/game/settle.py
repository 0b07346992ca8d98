"""Settling one hand: who pays whom, busts, the next hand, game over (/docs/rules §3 Payments, §4–6).

:func:`settle` takes a :class:`~.model.SettleRequest` (four scores, the dealer, honba,
riichi sticks, riichi declarations and the outcome) and returns a
:class:`~.model.SettleResult`. The rules followed, by outcome:

- **Riichi** (/docs/rules §3): each seat in ``riichi`` puts ``riichi_deposit`` (1000) on the
  table first; a win takes every stick on the table, a draw leaves them there.
- **Tsumo** (/docs/rules §3 Payments, Kostarev rules §4.2): the dealer pays 2 × base and each other
  player 1 × base (a dealer's tsumo: 2 × base from each), each rounded up to 100, plus 100
  per honba from each payer (option ``honba``: 300 a honba in all; 0 in kostarev, /docs/rules §4;
  Kostarev rules §4).
- **Ron** (/docs/rules §3 Payments, Kostarev rules §4.1): only the discarder pays, 4 × base (6 × base to
  the dealer), plus 300 per honba. Several rons on one discard (option ``multiple_ron``, /docs/rulesets §4
  Double ron): ``allowed`` pays each winner; ``head_bump``: only the first winner in turn order from the
  discarder wins. Honba and the table's sticks (option ``multi_ron_sticks``, /docs/rulesets §4
  Honba and table sticks with 2+ winners): ``nearest`` gives them all to that first winner;
  ``each`` (EMA) gives every winner the honba from the discarder and their own riichi stick of
  this hand back, the other sticks to the first winner. Three rons with ``sanchahou`` among
  ``abortive_draws`` are that abortive draw (/docs/rulesets §4 Triple ron).
- **Pao** (options ``pao``, ``pao_yakuman``, ``pao_scope``, ``pao_ron_honba``; /docs/rulesets §4
  Pao): the liable player answers for the hand (``whole_hand``, Tenhou: stacked non-pao yakuman
  included) or for the pao yakuman part only (``pao_part``, Mahjong Soul: the rest is paid as a
  normal tsumo by all, or by the discarder on ron). On tsumo the liable player pays that part as
  if dealt in, and all the honba; on ron the liable player and the discarder each pay half of
  it, and the honba is paid by the liable player or the discarder (``pao_ron_honba``).
- **Exhaustive draw**: the noten players pay ``noten_payment`` (3000) in total to the
  tenpai players; with nagashi mangan (option) each such seat is paid a mangan tsumo
  (no honba, no sticks) instead. The dealer keeps the deal when tenpai; honba + 1.
- **Abortive draw** (outcome ``abortive``, option ``abortive_draws``, /docs/rulesets §5 Effect of an
  abortive draw): no points move except this hand's riichi deposits, which stay on the table;
  honba + 1; the dealer keeps the seat.
- **Chombo** (outcome ``chombo``, options ``chombo`` and ``chombo_points``, /docs/rulesets §6 Chombo):
  ``mangan``: the offender pays a reverse mangan tsumo (4,000 to the dealer and 2,000 to each
  other player; a dealer offender 4,000 to each); ``deduction``: no points move and ``penalties``
  carries ``chombo_points`` for the offender, deducted from the final score after uma. The hand
  is void and replayed: same dealer, same honba, and this hand's riichi declarations are not
  deposited (a void hand has no riichi; the sticks already on the table stay).
- **Next hand**: a dealer win keeps the deal with honba + 1; otherwise the deal passes to
  the next seat and honba resets to 0. Without honba (option ``honba`` 0) the count stays 0.
- **Busting** (option ``bust``, /docs/rules §4 game): ``below_zero`` (standard), ``at_zero``,
  ``none``, ``cannot_pay`` (kostarev, /docs/rules §4; Kostarev rules §2.4, §4.4: a payer pays at most what they
  hold at that moment — payments run in the order of ``transfers`` — and is out when short or
  at 0). Anyone out ends the game at once.
- **Kids** (/docs/rules §5, kids' rules §9): nobody pays; the winner's kids points are added
  (``transfers`` from ``null``), busting does not apply, honba and riichi sticks carry no
  points, and the game ends when a score reaches ``target`` (10; or 15).
- **Target / last hand**: any preset may set ``target``; ``last_hand`` ends the game after
  this hand whatever else the rules say.
- **Game end** (with ``round_wind``; options ``length``, ``extension``, ``extension_points``,
  ``agari_yame``, ``tenpai_yame``; /docs/rulesets §6 Length, Extension, Agari-yame), as Mortal's
  ``libriichi/src/arena/game.rs`` plays Tenhou: the game ends once the last hand (East 4 in
  ``tonpuu``, South 4 in ``hanchan``) has passed the deal on; a dealer repeat in it is played, unless
  the dealer is first (ties in seat order from the first dealer) with at least
  ``extension_points`` and the rules have agari-yame (after a win) or tenpai-yame (after a draw).
  Under ``sudden_death``, when nobody has ``extension_points`` after the last hand the game goes
  on into the next wind; it ends at the end of any hand in which somebody has them (the table's
  sticks not counted) unless the dealer repeats, which is played first (an abortive draw or a
  chombo replay ends it too), and it stops after that wind's fourth hand whatever the scores.
"""

from __future__ import annotations

import typing
from collections.abc import Iterable, Iterator
from typing import NamedTuple

import msgspec

from service.i18n import Language, refusal, text
from service.scoring import FieldError, InvalidHand, Rules, ScoreRequest, ScoreResult, resolve_rules, score
from service.scoring.limits import YAKUMAN_BASE, base_points
from service.scoring.names import limit_name, localise
from service.scoring.payments import payments

from .model import (
    ABORTIVE_KINDS,
    END_REASONS,
    Abortive,
    AbortiveKind,
    Chombo,
    Draw,
    EndReason,
    HandValue,
    NextHand,
    Ron,
    SettleRequest,
    SettleResult,
    Transfer,
    TransferKind,
    Tsumo,
    WinResult,
    WinSpec,
)
from .options import GameRules, resolve_game
from .placings import placings, rank

__all__ = ["localise_settle", "settle"]

WINDS = ("E", "S", "W", "N")
"""Seat winds by distance in turn order from the dealer."""
TRANSFER_NAMES = {kind: text(f"transfer.{kind}") for kind in typing.get_args(TransferKind)}
"""English names of the transfer kinds (:func:`localise_settle` renames them)."""
ABORTIVE_NAMES = {kind: text(f"abortive.{kind}") for kind in ABORTIVE_KINDS}
"""English names of the abortive draws."""
END_REASON_NAMES = {reason: text(f"end_reason.{reason}") for reason in END_REASONS}
"""English names of the end reasons."""
ROUND_WINDS = ("E", "S", "W", "N")
"""Round winds by the index of the round (hand index // 4)."""
MANGAN_BASE = 2000
"""Base points of a mangan: nagashi mangan is paid as a mangan tsumo."""
_NO_WIN = {"not_complete": "refusal.no_win_not_complete", "no_yaku": "refusal.no_win_no_yaku"}
"""The refusal key of each ``ScoreResult.reason``, said inside ``refusal.no_win`` in the request's language."""


class _Errors:
    """The refusals found so far, in order (a plain class, not a ``list`` subclass: the module is compiled)."""

    __slots__ = ("items",)

    def __init__(self) -> None:
        self.items: list[FieldError] = []

    def add(self, field: str, message: str) -> None:
        self.items.append(FieldError(field, message))

    def extend(self, more: Iterable[FieldError]) -> None:
        self.items.extend(more)

    def __len__(self) -> int:
        return len(self.items)

    def __iter__(self) -> Iterator[FieldError]:
        return iter(self.items)


def _at(prefix: str, field: str) -> str:
    """``outcome.wins[0].hand`` + ``melds[1].tiles`` → ``outcome.wins[0].hand.melds[1].tiles``."""
    return f"{prefix}.{field}" if field else prefix


def _turn_order(start: int, seats: int) -> list[int]:
    """The seats after ``start`` in turn order (``start`` itself excluded) at a table of ``seats``."""
    return [(start + k) % seats for k in range(1, seats)]


class _Win(NamedTuple):
    """A validated win: ``base`` and ``pao_base`` in base points (han/fu) or ``kids_points``."""

    winner: int
    liable: int | None
    base: int
    pao_base: int
    kids_points: int
    han: int | None
    fu: int | None
    yakuman: int
    limit: str | None
    result: ScoreResult | None


class _Ledger:
    """Scores being settled, the table's pot (points) and every transfer, in order."""

    def __init__(self, scores: list[int], pot: int, cap: bool) -> None:
        self.scores = list(scores)
        self.pot = pot
        self.cap = cap
        self.short: set[int] = set()
        self.transfers: list[Transfer] = []

    def pay(self, payer: int | None, payee: int | None, owed: int, kind: TransferKind) -> int:
        """Move ``owed`` points from ``payer`` to ``payee`` (None = the pot); returns what was paid.

        Under ``cap`` (bust ``cannot_pay``) a seat pays at most what it holds now.
        """
        if owed <= 0:
            return 0
        amount = owed
        if payer is None:
            self.pot -= amount
        else:
            if self.cap and owed > max(self.scores[payer], 0):
                amount = max(self.scores[payer], 0)
                self.short.add(payer)
            self.scores[payer] -= amount
        if payee is None:
            self.pot += amount
        else:
            self.scores[payee] += amount
        self.transfers.append(
            Transfer(payer=payer, payee=payee, amount=amount, owed=owed, kind=kind, name=TRANSFER_NAMES[kind])
        )
        return amount

    def award(self, payee: int, points: int, kind: TransferKind) -> None:
        """Kids points: added to ``payee`` from nobody (/docs/rules §5)."""
        self.scores[payee] += points
        self.transfers.append(
            Transfer(payer=None, payee=payee, amount=points, owed=points, kind=kind, name=TRANSFER_NAMES[kind])
        )


_LIMIT_NAMES: dict[str, str] = {}
"""The English name of each limit met (:func:`~service.scoring.names.limit_name`), kept once read."""


def _limit_name(limit: str) -> str:
    name = _LIMIT_NAMES.get(limit)
    if name is None:
        name = _LIMIT_NAMES[limit] = limit_name(limit)
    return name


def _check_table(req: SettleRequest, rules: Rules, game: GameRules, errors: _Errors) -> None:
    """Scores, riichi sticks and declarations that cannot be before this hand; with three players
    (option ``players``) three scores and seats 0–2 (/docs/rulesets §7); no ``round_wind`` in rules without
    winds (option ``winds`` off: kostarev, kids), whose game has no rounds to end by (/docs/rules §4)."""
    han_fu = rules.scoring == "han_fu"
    _check_seats(req, game.players, errors)
    if not rules.winds and req.round_wind is not None:
        errors.add("round_wind", refusal("refusal.round_wind_no_winds", preset=repr(rules.preset)))
    scores = req.scores
    usual = han_fu and game.bust == "below_zero" and not game.target  # every score a multiple of 100, 0 or more
    if not (usual and min(scores, default=0) >= 0 and not any(map((100).__rmod__, scores))):
        _check_scores(req, han_fu, game, errors)
    if game.riichi_deposit == 0 and req.riichi_sticks:
        errors.add("riichi_sticks", refusal("refusal.no_riichi_deposits"))
    if game.honba == 0 and req.honba:
        errors.add("honba", refusal("refusal.no_honba_count"))
    n = game.players
    if han_fu and not (errors and any(e.field.startswith("scores") for e in errors)):
        expected = n * game.start_points
        total = sum(req.scores) + req.riichi_sticks * game.riichi_deposit
        if total != expected:
            errors.add(
                "scores",
                refusal("refusal.scores_total", total=total, players=n, start=game.start_points, expected=expected),
            )
    seen: set[int] = set()
    for i, seat in enumerate(req.riichi):
        if seat in seen:
            errors.add(f"riichi[{i}]", refusal("refusal.seat_twice", seat=seat))
        seen.add(seat)
        if seat >= len(req.scores):
            continue
        if han_fu and req.scores[seat] < game.riichi_deposit:
            errors.add(
                f"riichi[{i}]",
                refusal("refusal.riichi_deposit_short", seat=seat, score=req.scores[seat], deposit=game.riichi_deposit),
            )


def _check_scores(req: SettleRequest, han_fu: bool, game: GameRules, errors: _Errors) -> None:
    """Each score that cannot be before this hand (:func:`_check_table`, which calls this only when one may be
    refused): not a multiple of 100, out by option ``bust``, negative kids points, the ``target`` reached."""
    for i, s in enumerate(req.scores):
        if han_fu and s % 100:
            errors.add(f"scores[{i}]", refusal("refusal.scores_hundreds", score=s))
        elif han_fu and game.bust == "below_zero" and s < 0:
            errors.add(f"scores[{i}]", refusal("refusal.below_zero", score=s))
        elif han_fu and game.bust in ("at_zero", "cannot_pay") and s <= 0:
            errors.add(f"scores[{i}]", refusal("refusal.zero_or_less", score=s, bust=game.bust))
        elif not han_fu and s < 0:
            errors.add(f"scores[{i}]", refusal("refusal.kids_negative", score=s))
        elif game.target and s >= game.target:
            errors.add(f"scores[{i}]", refusal("refusal.target_reached", score=s, target=game.target))


def seats_message(seat: int, seats: int) -> str:
    """The message for a seat beyond a table of ``seats`` (option ``players``)."""
    return refusal("refusal.no_seat", seat=seat, players=seats, last=seats - 1)


def _check_seats(req: SettleRequest, seats: int, errors: _Errors) -> None:
    """Every score and seat the request names exists at a table of ``seats`` (option ``players``:
    three players have seats 0–2, /docs/rulesets §7); a fourth seat is a 422 naming its field."""
    if len(req.scores) != seats:
        errors.add("scores", refusal("refusal.scores_count", n=len(req.scores), players=seats))
    if _seats_within(req, seats):  # the usual request: no field to name (the names are built only to refuse)
        return
    named: list[tuple[str, int | None]] = [("dealer", req.dealer), ("first_dealer", req.first_dealer)]
    named += [(f"riichi[{i}]", seat) for i, seat in enumerate(req.riichi)]
    outcome = req.outcome
    if isinstance(outcome, Ron):
        named.append(("outcome.discarder", outcome.discarder))
        for i, w in enumerate(outcome.wins):
            named += [(f"outcome.wins[{i}].winner", w.winner), (f"outcome.wins[{i}].pao", w.pao)]
    elif isinstance(outcome, Draw):
        named += [(f"outcome.tenpai[{i}]", seat) for i, seat in enumerate(outcome.tenpai)]
        named += [(f"outcome.nagashi[{i}]", seat) for i, seat in enumerate(outcome.nagashi)]
    elif isinstance(outcome, Chombo):
        named.append(("outcome.seat", outcome.seat))
    elif not isinstance(outcome, Abortive):
        named += [("outcome.winner", outcome.winner), ("outcome.pao", outcome.pao)]
    for field, seat in named:
        if seat is not None and seat >= seats:
            errors.add(field, seats_message(seat, seats))


def _seats_within(req: SettleRequest, seats: int) -> bool:
    """Whether every seat :func:`_check_seats` reads is below ``seats`` (a pao or dealer of None is no seat)."""
    if req.dealer >= seats or (req.first_dealer is not None and req.first_dealer >= seats):
        return False
    if req.riichi and max(req.riichi) >= seats:
        return False
    outcome = req.outcome
    if isinstance(outcome, Ron):
        if outcome.discarder >= seats:
            return False
        return all(w.winner < seats and (w.pao is None or w.pao < seats) for w in outcome.wins)
    if isinstance(outcome, Draw):
        return max(outcome.tenpai, default=0) < seats and max(outcome.nagashi, default=0) < seats
    if isinstance(outcome, Chombo):
        return outcome.seat < seats
    if isinstance(outcome, Abortive):
        return True
    return outcome.winner < seats and (outcome.pao is None or outcome.pao < seats)


def _scored_hand(
    hand: ScoreRequest, path: str, seat: int, tsumo: bool, req: SettleRequest, rules: Rules, errors: _Errors
) -> ScoreResult | None:
    """Score an embedded hand as seat ``seat`` would hold it; problems are added under ``path``."""
    before = len(errors)
    dealer = seat == req.dealer
    changes: dict[str, object] = {
        "win": "tsumo" if tsumo else "ron",
        "honba": 0,
        "riichi_sticks": 0,
        "rules": req.rules,
    }
    if hand.win == "tsumo" and not tsumo:
        errors.add(f"{path}.win", refusal("refusal.hand_says_tsumo"))
    if hand.rules != "standard" and resolve_rules(hand.rules) != rules:
        errors.add(f"{path}.rules", refusal("refusal.hand_rules_differ"))
    if rules.winds:
        wind = WINDS[(seat - req.dealer) % rules.players]
        if hand.seat_wind is not None and hand.seat_wind != wind:
            errors.add(
                f"{path}.seat_wind",
                refusal(
                    "refusal.seat_wind_of_seat",
                    seat=seat,
                    wind=repr(wind),
                    dealer=req.dealer,
                    given=repr(hand.seat_wind),
                ),
            )
        changes["seat_wind"] = wind
    if hand.dealer is not None and hand.dealer != dealer:
        key = "refusal.seat_is_dealer" if dealer else "refusal.seat_is_not_dealer"
        errors.add(f"{path}.dealer", refusal(key, seat=seat, dealer=req.dealer))
    changes["dealer"] = None if rules.winds else dealer
    for name, value in (("honba", req.honba), ("riichi_sticks", req.riichi_sticks)):
        if getattr(hand, name) not in (0, value):
            errors.add(f"{path}.{name}", refusal("refusal.taken_from_settlement", name=name, value=value))
    declared = seat in req.riichi
    in_riichi = hand.riichi or hand.double_riichi
    # A riichi hand whose seat is not in `riichi` deposited its stick before: it must be on the table
    # (Tenhou's logs count a hand's own deposits in `ba` and `sc` already).
    if in_riichi != declared and (declared or not req.riichi_sticks):
        field = "double_riichi" if hand.double_riichi and not hand.riichi else "riichi"
        errors.add(
            f"{path}.{field}", refusal("refusal.riichi_listed" if declared else "refusal.riichi_not_listed", seat=seat)
        )
    if req.round_wind is not None and rules.winds:
        if hand.round_wind is not None and hand.round_wind != req.round_wind:
            errors.add(
                f"{path}.round_wind",
                refusal("refusal.round_wind_differs", wind=repr(req.round_wind), given=repr(hand.round_wind)),
            )
        changes["round_wind"] = req.round_wind
    if len(errors) > before:
        return None
    try:
        result = score(msgspec.structs.replace(hand, **changes))
    except InvalidHand as exc:
        errors.extend(FieldError(_at(path, e.field), e.message) for e in exc.errors)
        return None
    if not result.is_win:
        why = _NO_WIN.get(result.reason or "")
        errors.add(path, refusal("refusal.no_win", reason=refusal(why) if why else result.reason))
        return None
    return result


def _valued(
    value: HandValue, path: str, tsumo: bool, rules: Rules, errors: _Errors
) -> tuple[int, str | None, int] | None:
    """``(base, limit, kids_points)`` of an already-scored hand, checking it can be."""
    before = len(errors)
    if rules.scoring == "kids":
        if value.points is None:
            errors.add(f"{path}.points", refusal("refusal.kids_give_points"))
        for name in ("han", "fu", "pao_yakuman"):
            if getattr(value, name) is not None:
                errors.add(f"{path}.{name}", refusal("refusal.kids_no_han"))
        if value.yakuman:
            errors.add(f"{path}.yakuman", refusal("refusal.kids_no_han"))
        return None if len(errors) > before else (0, None, value.points or 0)
    if value.points is not None:
        errors.add(f"{path}.points", refusal("refusal.points_for_kids"))
    if (value.han is None) == (value.yakuman == 0):
        errors.add(path, refusal("refusal.han_or_yakuman"))
    elif value.han is not None:
        if value.han < 5 and value.fu is None:
            errors.add(f"{path}.fu", refusal("refusal.fu_needed", n=value.han))
        elif value.fu == 25 and value.han < 2:
            errors.add(f"{path}.fu", refusal("refusal.fu_25"))
        elif value.fu == 20 and not tsumo and rules.open_pinfu_fu:
            errors.add(f"{path}.fu", refusal("refusal.fu_20_ron"))
        elif value.fu == 20 and tsumo and value.han < 2:
            errors.add(f"{path}.fu", refusal("refusal.fu_20_tsumo"))
    elif value.fu is not None:
        errors.add(f"{path}.fu", refusal("refusal.yakuman_no_fu"))
    if len(errors) > before:
        return None
    base, limit = base_points(value.han or 0, value.fu or 0, rules, value.yakuman)
    return base, limit, 0


def _win(
    spec: WinSpec,
    path: str,
    tsumo: bool,
    discarder: int | None,
    req: SettleRequest,
    rules: Rules,
    game: GameRules,
    errors: _Errors,
) -> _Win | None:
    """Validate and value one winner (``path`` is its JSON path in the request)."""
    before = len(errors)
    seat = spec.winner
    if discarder is not None and seat == discarder:
        errors.add(f"{path}.winner", refusal("refusal.ron_own_discard", seat=seat))
    if spec.pao is not None:
        if not game.pao:
            errors.add(f"{path}.pao", refusal("refusal.pao_off"))
        elif spec.pao == seat:
            errors.add(f"{path}.pao", refusal("refusal.pao_self"))
    if (spec.hand is None) == (spec.value is None):
        errors.add(f"{path}.hand", refusal("refusal.hand_or_value"))
    if len(errors) > before:
        return None
    if spec.hand is not None:
        result = _scored_hand(spec.hand, f"{path}.hand", seat, tsumo, req, rules, errors)
        if result is None:
            return None
        pao_multiple = sum(y.han // 13 for y in result.yaku if y.id in game.pao_yakuman)
        if spec.pao is not None and not pao_multiple:
            errors.add(f"{path}.pao", refusal("refusal.pao_hand_none", yakuman=", ".join(sorted(game.pao_yakuman))))
            return None
        if rules.scoring == "kids":
            return _Win(seat, None, 0, 0, result.points, None, None, 0, None, result)
        base = result.base_points or 0
        return _Win(
            seat,
            spec.pao,
            base,
            _pao_base(base, pao_multiple, game) if spec.pao is not None else 0,
            0,
            result.han,
            result.fu,
            result.yakuman,
            result.limit,
            result,
        )
    assert spec.value is not None
    value = spec.value
    valued = _valued(value, f"{path}.value", tsumo, rules, errors)
    if valued is None:
        return None
    base, limit, kids = valued
    pao_multiple = 0
    if spec.pao is not None:
        if not value.yakuman:
            errors.add(f"{path}.pao", refusal("refusal.pao_value_none"))
            return None
        pao_multiple = value.pao_yakuman or value.yakuman
        if pao_multiple > value.yakuman:
            errors.add(f"{path}.value.pao_yakuman", refusal("refusal.pao_exceeds", yakuman=value.yakuman))
            return None
    elif value.pao_yakuman is not None:
        errors.add(f"{path}.value.pao_yakuman", refusal("refusal.pao_only_with_pao"))
        return None
    if rules.scoring == "kids":
        return _Win(seat, None, 0, 0, kids, None, None, 0, None, None)
    pao_base = _pao_base(base, pao_multiple, game) if spec.pao is not None else 0
    return _Win(seat, spec.pao, base, pao_base, 0, value.han, value.fu, value.yakuman, limit, None)


def _pao_base(base: int, pao_multiple: int, game: GameRules) -> int:
    """Base points the liable player answers for: all of ``base`` (``pao_scope`` ``whole_hand``) or the
    pao yakuman's ``pao_multiple`` × 8,000 (``pao_part``), never more than the hand (a yakuman cap)."""
    return base if game.pao_scope == "whole_hand" else min(base, pao_multiple * YAKUMAN_BASE)


def _ron_value(base: int, dealer: bool) -> int:
    """A ron's points for ``base`` (6 or 4 × base, rounded up to 100)."""
    return payments(base, dealer=dealer, tsumo=False).points if base else 0


def _tsumo_shares(base: int, dealer: bool, game: GameRules) -> tuple[int, int]:
    """``(from the dealer, from each non-dealer)`` on tsumo for ``base`` (/docs/rules §3); three players
    (option ``players``) by option ``sanma_tsumo``: tsumo loss or north bisection (/docs/rulesets §7)."""
    if not base:
        return 0, 0
    pay = payments(
        base, dealer=dealer, tsumo=True, players=game.players, bisection=game.sanma_tsumo == "bisection"
    ).payments
    rows = {p.payer: p.amount for p in pay}
    return rows.get("dealer", 0), rows["non_dealer"]


def _pay_win(
    ledger: _Ledger, w: _Win, req: SettleRequest, discarder: int | None, honba: int, game: GameRules
) -> tuple[int, int]:
    """Record the payments for one han/fu win; returns ``(hand points owed, honba points owed)``.

    ``game.honba`` is the points of a honba (300: from the discarder on ron, a third from each payer on
    tsumo; three players 200, half from each of the two payers); under pao the liable player pays
    ``w.pao_base``'s share (see the module doc).
    """
    per_honba = game.honba
    if discarder is not None and w.liable == discarder:  # the liable player dealt in: a plain ron
        w = w._replace(liable=None, pao_base=0)
    dealer_win = w.winner == req.dealer
    normal = w.base - w.pao_base
    points = 0
    seats = game.players
    if discarder is None:  # tsumo
        from_dealer, from_other = _tsumo_shares(normal, dealer_win, game)
        for seat in _turn_order(w.winner, seats):
            owed = from_dealer if seat == req.dealer else from_other
            ledger.pay(seat, w.winner, owed, "tsumo")
            points += owed
        if w.liable is not None:
            pao = _ron_value(w.pao_base, dealer_win)
            ledger.pay(w.liable, w.winner, pao, "pao")
            points += pao
            ledger.pay(w.liable, w.winner, per_honba * honba, "honba")
            return points, per_honba * honba
        each = per_honba // (seats - 1) * honba  # 100 a honba from each payer (300 / 3, or 200 / 2)
        for seat in _turn_order(w.winner, seats):
            ledger.pay(seat, w.winner, each, "honba")
        return points, each * (seats - 1)
    half_pao = _ron_value(w.pao_base, dealer_win) // 2
    ron = _ron_value(normal, dealer_win)
    ledger.pay(discarder, w.winner, ron + half_pao, "ron")
    points = ron + 2 * half_pao
    if w.liable is not None:
        ledger.pay(w.liable, w.winner, half_pao, "pao")
    honba_payer = w.liable if w.liable is not None and game.pao_ron_honba == "liable" else discarder
    ledger.pay(honba_payer, w.winner, per_honba * honba, "honba")
    return points, per_honba * honba


def _draw(req: SettleRequest, outcome: Draw, game: GameRules, ledger: _Ledger, errors: _Errors) -> bool:
    """Validate and pay an exhaustive draw; returns whether the dealer keeps the deal."""
    for name in ("tenpai", "nagashi"):
        seen: set[int] = set()
        for i, seat in enumerate(getattr(outcome, name)):
            if seat in seen:
                errors.add(f"outcome.{name}[{i}]", refusal("refusal.seat_twice", seat=seat))
            seen.add(seat)
    tenpai = set(outcome.tenpai)
    for i, seat in enumerate(req.riichi):
        if seat not in tenpai:
            errors.add("outcome.tenpai", refusal("refusal.riichi_is_tenpai", seat=seat, index=i))
    if outcome.nagashi and not game.nagashi_mangan:
        errors.add("outcome.nagashi", refusal("refusal.nagashi_off"))
    if errors:
        raise InvalidHand(list(errors))
    seats = game.players
    if outcome.nagashi:
        for seat in sorted(set(outcome.nagashi), key=lambda s: (s - req.dealer) % seats):
            from_dealer, from_other = _tsumo_shares(MANGAN_BASE, seat == req.dealer, game)
            for payer in _turn_order(seat, seats):
                ledger.pay(payer, seat, from_dealer if payer == req.dealer else from_other, "nagashi")
    elif game.noten_payment and 0 < len(tenpai) < seats:
        order = [(req.dealer + k) % seats for k in range(seats)]
        ready = [s for s in order if s in tenpai]
        noten = [s for s in order if s not in tenpai]
        if len(ready) == len(noten):  # 2 and 2: each noten pays one tenpai half the total
            for payer, payee in zip(noten, ready, strict=True):
                ledger.pay(payer, payee, game.noten_payment // 2, "noten")
        else:  # every pair exchanges the total over the larger side: 1 and 3 a third; three players
            # (1 and 2 either way round) a half: 1,000 of 2,000 (/docs/rulesets §7 Noten payments)
            share = game.noten_payment // max(len(ready), len(noten))
            for payer in noten:
                for payee in ready:
                    ledger.pay(payer, payee, share, "noten")
    return req.dealer in tenpai


def _abortive(req: SettleRequest, kind: AbortiveKind, game: GameRules, errors: _Errors) -> None:
    """Check an abortive draw can be under these rules (/docs/rulesets §5)."""
    if kind not in game.abortive_draws:
        played = ", ".join(k for k in ABORTIVE_KINDS if k in game.abortive_draws) or "none"
        errors.add("outcome.kind", refusal("refusal.abortive_not_in_rules", kind=kind, played=played))
    elif kind == "suucha_riichi" and len(set(req.riichi)) < 4:
        errors.add("riichi", refusal("refusal.suucha_riichi_four"))


def _chombo(req: SettleRequest, outcome: Chombo, rules: Rules, game: GameRules, ledger: _Ledger) -> list[int] | None:
    """Validate and apply a chombo; returns the per-seat penalties (``deduction``) or None."""
    if game.chombo == "none" or rules.scoring == "kids":
        raise InvalidHand([FieldError("outcome", refusal("refusal.chombo_off"))])
    if game.chombo == "deduction":
        return [game.chombo_points if s == outcome.seat else 0 for s in range(game.players)]
    from_dealer, from_other = _tsumo_shares(MANGAN_BASE, outcome.seat == req.dealer, game)
    for payee in _turn_order(outcome.seat, game.players):  # a mangan tsumo the other way round
        ledger.pay(outcome.seat, payee, from_dealer if payee == req.dealer else from_other, "chombo")
    return None


class _Turn(NamedTuple):
    """How the hand ended for the game's flow: the dealer ``repeats`` (a win or tenpai), ``won``
    (the repeat is a win), or the hand is ``replayed`` (an abortive draw or a chombo)."""

    repeats: bool
    won: bool
    replayed: bool


def _hand_index(req: SettleRequest, seats: int) -> int | None:
    """This hand's index in the game, 0 = East 1 (``seats`` hands a wind), from ``round_wind``; None without it."""
    if req.round_wind is None:
        return None
    return ROUND_WINDS.index(req.round_wind) * seats + (req.dealer - req.first_dealer) % seats


def _hands(game: GameRules) -> tuple[int, int]:
    """``(hands before the extension, hands with it)``: 4 or 8 (three players 3 or 6), plus a wind under
    ``sudden_death``."""
    seats = game.players
    last = seats * (1 if game.length == "tonpuu" else 2)
    return last, last + seats if game.extension == "sudden_death" else last


def _check_round(req: SettleRequest, game: GameRules, errors: _Errors) -> None:
    """A ``round_wind`` the rules' game never reaches (/docs/rulesets §6 Length, Extension)."""
    index = _hand_index(req, game.players)
    last, stop = _hands(game)
    if index is not None and index >= stop:
        reached = refusal("refusal.wind_east" if game.length == "tonpuu" else "refusal.wind_south")
        key = "refusal.round_beyond_game_extension" if stop > last else "refusal.round_beyond_game"
        errors.add(
            "round_wind", refusal(key, length=game.length, reached=reached, players=game.players, wind=req.round_wind)
        )


def _game_end(
    req: SettleRequest, game: GameRules, scores: list[int], turn: _Turn
) -> tuple[EndReason | None, int | None]:
    """``(end reason, next hand's index)`` by the rules' game flow (module doc; Mortal's game.rs)."""
    index = _hand_index(req, game.players)
    if index is None:
        return None, None
    last, stop = _hands(game)
    someone = bool(scores) and max(scores) >= game.extension_points  # somebody has the extension's points
    if turn.replayed:
        return ("sudden_death" if index >= last and someone else None), index
    if turn.repeats:
        yame = game.agari_yame if turn.won else game.tenpai_yame
        if (
            index >= last - 1
            and yame
            and scores[req.dealer] >= game.extension_points
            and rank(scores, req.first_dealer)[0] == req.dealer  # the dealer is first
        ):
            return ("agari_yame" if turn.won else "tenpai_yame"), index
        return None, index
    following = index + 1
    if following >= stop:
        if following == last:
            return "last_hand", following
        return ("sudden_death" if someone else "extension_over"), following
    if following >= last and someone:
        return ("last_hand" if following == last else "sudden_death"), following
    return None, following


def _settle_wins(
    req: SettleRequest,
    outcome: Ron | Tsumo,
    rules: Rules,
    game: GameRules,
    ledger: _Ledger,
    errors: _Errors,
    *,
    sticks: int,
    next_honba: int,
) -> tuple[list[WinResult], list[int], AbortiveKind | None, _Turn, NextHand]:
    """A ron (one or more winners) or a tsumo: each win valued and paid through ``ledger`` (nearest winner
    first from the discarder; head bump and a triple ron's abortive draw as ``game`` plays them).

    Returns ``(wins, bumped, abortive, turn, next_hand)``; raises :class:`~service.scoring.InvalidHand`
    naming ``outcome.wins[i].…`` / ``outcome.…`` fields (see :func:`settle`).
    """
    seats = game.players
    han_fu = rules.scoring == "han_fu"
    wins: list[WinResult] = []
    bumped: list[int] = []
    abortive: AbortiveKind | None = None
    discarder = outcome.discarder if isinstance(outcome, Ron) else None
    specs = list(enumerate(outcome.wins)) if isinstance(outcome, Ron) else [(-1, outcome)]
    valued: list[_Win] = []
    seen: set[int] = set()
    for i, spec in specs:
        path = f"outcome.wins[{i}]" if i >= 0 else "outcome"
        if spec.winner in seen:
            errors.add(f"{path}.winner", refusal("refusal.seat_twice", seat=spec.winner))
            continue
        seen.add(spec.winner)
        w = _win(spec, path, discarder is None, discarder, req, rules, game, errors)
        if w is not None:
            valued.append(w)
    if errors:
        raise InvalidHand(list(errors))
    if discarder is not None:
        valued.sort(key=lambda w: (w.winner - discarder) % seats)
        if game.multiple_ron == "head_bump":
            bumped = [w.winner for w in valued[1:]]
            valued = valued[:1]
        elif len(valued) == 3 and "sanchahou" in game.abortive_draws:
            abortive = "sanchahou"  # /docs/rulesets §4 Triple ron: an abortive draw, nobody wins
            valued = []
    if abortive is not None:
        turn = _Turn(repeats=False, won=False, replayed=True)
        next_hand = NextHand(dealer=req.dealer, honba=next_honba, riichi_sticks=sticks)
    else:
        wins = _pay_wins(ledger, valued, req, discarder, sticks, han_fu, game)
        dealer_won = any(w.winner == req.dealer for w in valued)
        turn = _Turn(repeats=dealer_won, won=dealer_won, replayed=False)
        next_hand = NextHand(
            dealer=req.dealer if dealer_won else (req.dealer + 1) % seats,
            honba=next_honba if dealer_won else 0,
            riichi_sticks=0,
        )
    return wins, bumped, abortive, turn, next_hand


def _out(game: GameRules, ledger: _Ledger, seats: int) -> list[int]:
    """The seats out after the hand under option ``bust`` (/docs/rules §6): below zero, at zero or below, or
    unable to pay in full."""
    scores = ledger.scores
    if game.bust == "below_zero":
        return [s for s in range(seats) if scores[s] < 0]
    if game.bust == "at_zero":
        return [s for s in range(seats) if scores[s] <= 0]
    if game.bust == "cannot_pay":
        return [s for s in range(seats) if s in ledger.short or scores[s] <= 0]
    return []


def settle(req: SettleRequest) -> SettleResult:
    """Apply one hand's outcome to the four scores (``POST /v1/settle``; /docs/rules §3–6, see the module doc).

    Returns per-seat deltas and new scores (points), every transfer, each win's value, the
    next dealer / honba / riichi sticks (and round wind), who is out, the abortive draw or the
    chombo penalties, whether the game is over and why, and the placings when it is. A hand
    given to score is scored by :func:`service.scoring.score`.

    Raises :class:`~service.scoring.InvalidHand` (HTTP 422) naming each impossible field:
    ``scores[i]`` / ``scores`` (not a multiple of 100, already out, not adding up to
    4 × start with the sticks), ``riichi[i]``, ``outcome.wins[i].winner`` (the discarder, or
    listed twice), ``outcome.wins[i].pao``, ``outcome.wins[i].hand.…`` (the core's own
    errors under that prefix, or a hand that does not win), ``outcome.tenpai``,
    ``outcome.kind`` (an abortive draw the rules do not play), ``riichi`` (suucha riichi
    without four declarations), ``outcome`` (a chombo where the rules have none),
    ``round_wind`` (a round the rules never reach), ….

    >>> from .model import Tsumo, HandValue
    >>> r = settle(SettleRequest(scores=[25000] * 4, dealer=0, honba=1,
    ...                          outcome=Tsumo(winner=0, value=HandValue(han=5))))
    >>> r.deltas, r.next_hand
    ([12300, -4100, -4100, -4100], NextHand(dealer=0, honba=2, riichi_sticks=0, round_wind=None))

    Longer than 80 lines because this docstring names every refused field and gives an example; the steps
    (checks, deposits, the outcome, who is out, the end) are about 75 lines.
    """
    rules = resolve_rules(req.rules)
    game = resolve_game(rules, req.game)
    errors = _Errors()
    _check_table(req, rules, game, errors)
    _check_round(req, game, errors)
    if errors:
        raise InvalidHand(list(errors))
    han_fu = rules.scoring == "han_fu"
    deposit = game.riichi_deposit
    seats = game.players  # the table's seat count: 4, or 3 with option players 3 (/docs/rulesets §7)
    ledger = _Ledger(req.scores, req.riichi_sticks * deposit, cap=han_fu and game.bust == "cannot_pay")
    outcome = req.outcome
    if isinstance(outcome, Abortive):
        _abortive(req, outcome.kind, game, errors)
        if errors:
            raise InvalidHand(list(errors))
    if not isinstance(outcome, Chombo):  # a chombo voids the hand: its riichi declarations never happened
        for seat in req.riichi:
            ledger.pay(seat, None, deposit, "riichi_deposit")
    sticks = req.riichi_sticks + (len(req.riichi) if deposit else 0)
    next_honba = req.honba + 1 if game.honba else 0

    wins: list[WinResult] = []
    bumped: list[int] = []
    abortive: AbortiveKind | None = None
    penalties: list[int] | None = None
    if isinstance(outcome, Draw):
        keep_deal = _draw(req, outcome, game, ledger, errors)
        turn = _Turn(repeats=keep_deal, won=False, replayed=False)
        next_hand = NextHand(
            dealer=req.dealer if keep_deal else (req.dealer + 1) % seats, honba=next_honba, riichi_sticks=sticks
        )
    elif isinstance(outcome, Abortive):
        abortive = outcome.kind
        turn = _Turn(repeats=False, won=False, replayed=True)
        next_hand = NextHand(dealer=req.dealer, honba=next_honba, riichi_sticks=sticks)
    elif isinstance(outcome, Chombo):
        penalties = _chombo(req, outcome, rules, game, ledger)
        turn = _Turn(repeats=False, won=False, replayed=True)
        next_hand = NextHand(dealer=req.dealer, honba=req.honba, riichi_sticks=req.riichi_sticks)
    else:
        wins, bumped, abortive, turn, next_hand = _settle_wins(
            req, outcome, rules, game, ledger, errors, sticks=sticks, next_honba=next_honba
        )

    scores = ledger.scores
    out = _out(game, ledger, seats) if han_fu else []
    flow_end, following = _game_end(req, game, scores, turn)
    if following is not None and following // seats < len(ROUND_WINDS) - 1:  # no North round: past West, over
        next_hand = msgspec.structs.replace(next_hand, round_wind=ROUND_WINDS[following // seats])
    end_reason: EndReason | None = None
    if out:
        end_reason = "bust"
    elif game.target and any(s >= game.target for s in scores):
        end_reason = "target"
    elif flow_end is not None:
        end_reason = flow_end
    elif req.last_hand:
        end_reason = "last_hand"
    return SettleResult(
        preset=rules.preset,
        deltas=[scores[s] - req.scores[s] for s in range(seats)],
        scores=scores,
        transfers=ledger.transfers,
        wins=wins,
        bumped=bumped,
        next_hand=next_hand,
        out=out,
        abortive=abortive,
        abortive_name=ABORTIVE_NAMES[abortive] if abortive else None,
        penalties=penalties,
        game_over=end_reason is not None,
        end_reason=end_reason,
        end_reason_name=END_REASON_NAMES[end_reason] if end_reason else None,
        placings=placings(scores, req.first_dealer) if end_reason else None,
    )


def _pay_wins(
    ledger: _Ledger,
    valued: list[_Win],
    req: SettleRequest,
    discarder: int | None,
    sticks: int,
    han_fu: bool,
    game: GameRules,
) -> list[WinResult]:
    """Pay every winner (``valued`` in turn order from the discarder) their hand, honba and sticks.

    ``multi_ron_sticks`` ``nearest``: honba and all ``sticks`` to the first winner; ``each``: every
    winner gets the honba and their own riichi stick of this hand back, the first winner the rest.
    """
    deposit = game.riichi_deposit
    each = game.multi_ron_sticks == "each"
    own = [1 if each and n and deposit and w.winner in req.riichi else 0 for n, w in enumerate(valued)]
    wins: list[WinResult] = []
    for n, w in enumerate(valued):
        honba = req.honba if n == 0 or each else 0
        if han_fu:
            points, honba_points = _pay_win(ledger, w, req, discarder, honba, game)
        else:
            ledger.award(w.winner, w.kids_points, "kids_points")
            points, honba_points = w.kids_points, 0
        taken = (sticks - sum(own)) if n == 0 else own[n]
        if taken and deposit:
            ledger.pay(None, w.winner, taken * deposit, "riichi_sticks")
        wins.append(
            WinResult(
                winner=w.winner,
                han=w.han,
                fu=w.fu,
                yakuman=w.yakuman,
                limit=w.limit,
                limit_name=_limit_name(w.limit) if w.limit else None,
                base_points=w.base if han_fu else None,
                points=points,
                honba=honba_points,
                riichi_sticks=taken,
                total=points + honba_points + taken * deposit,
                liable=w.liable,
                score=w.result,
            )
        )
    return wins


def localise_settle(result: SettleResult, lang: Language) -> SettleResult:
    """``result`` with every name in ``lang``: transfers, the abortive draw, the end reason, each win's
    limit and its scored hand (:func:`service.scoring.names.localise`); ``en`` returns ``result`` itself."""
    if lang == "en":
        return result
    return msgspec.structs.replace(
        result,
        transfers=[msgspec.structs.replace(t, name=text(f"transfer.{t.kind}", lang)) for t in result.transfers],
        abortive_name=text(f"abortive.{result.abortive}", lang) if result.abortive else None,
        end_reason_name=text(f"end_reason.{result.end_reason}", lang) if result.end_reason else None,
        wins=[
            msgspec.structs.replace(
                w,
                limit_name=limit_name(w.limit, lang) if w.limit else None,
                score=localise(w.score, lang) if w.score is not None else None,
            )
            for w in result.wins
        ],
    )

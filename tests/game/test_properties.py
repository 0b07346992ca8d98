"""Invariants of settlement and sticks, checked with hypothesis (/docs/rules §6).

- Han/fu settlement is zero-sum counting the pot: sum(deltas) + 1000 × (sticks after −
  sticks before) = 0, and every delta is what its transfers say.
- On ron nobody outside the winners, the discarder, a liable player and this hand's
  riichi declarers changes score.
- Nobody pays more than owed; only a kostarev payer (bust ``cannot_pay``) pays less, and
  then never goes below 0.
- Turning the table (every seat + k) turns the result.
- A sticks plan never hands over a stick its giver does not hold, always adds up, and
  exists exactly when a brute-force search finds one, with no fewer sticks moved.
"""

from __future__ import annotations

import itertools
from typing import Any

import msgspec
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from service.game import (
    Draw,
    GameOptions,
    HandValue,
    Ron,
    SettleRequest,
    SettleResult,
    Sticks,
    Tsumo,
    WinSpec,
    fewest_sticks,
    pay_with,
    settle,
    value_of,
)
from service.game.sticks import STICK_VALUES, to_counts

seats = st.integers(0, 3)
BUSTS = ("below_zero", "at_zero", "none", "cannot_pay")


@st.composite
def values(draw: st.DrawFn, tsumo: bool) -> HandValue:
    """A possible already-scored han/fu value (20 fu only on tsumo, 25 fu from 2 han)."""
    kind = draw(st.sampled_from(["han_fu", "limit", "yakuman"]))
    if kind == "yakuman":
        return HandValue(yakuman=draw(st.integers(1, 2)))
    if kind == "limit":
        return HandValue(han=draw(st.integers(5, 13)))
    han = draw(st.integers(1, 4))
    fus = [30, 40, 50, 60, 70, 80, 90, 100, 110]
    if han >= 2:
        fus += [25] + ([20] if tsumo else [])
    return HandValue(han=han, fu=draw(st.sampled_from(fus)))


@st.composite
def win_specs(draw: st.DrawFn, winner: int, tsumo: bool) -> WinSpec:
    value = draw(values(tsumo))
    pao = None
    if value.yakuman and draw(st.booleans()):
        pao = draw(seats.filter(lambda s: s != winner))
    return WinSpec(winner=winner, value=value, pao=pao)


@st.composite
def settle_requests(draw: st.DrawFn, kinds: tuple[str, ...] = ("ron", "tsumo", "draw")) -> SettleRequest:
    """A possible standard-rules table and outcome (of ``kinds``), under every bust mode and multiple-ron option."""
    bust: Any = draw(st.sampled_from(BUSTS))
    multiple_ron: Any = draw(st.sampled_from(["allowed", "head_bump"]))
    sticks = draw(st.integers(0, 3))
    units = (100_000 - 1000 * sticks) // 100
    cuts = sorted(draw(st.lists(st.integers(0, units), min_size=3, max_size=3)))
    scores = [(b - a) * 100 for a, b in zip([0, *cuts], [*cuts, units], strict=True)]
    if bust in ("at_zero", "cannot_pay"):
        assume(all(s > 0 for s in scores))
    riichi = draw(st.lists(seats, unique=True, max_size=4))
    riichi = [s for s in riichi if scores[s] >= 1000]
    kind = draw(st.sampled_from(kinds))
    if kind == "tsumo":
        winner = draw(seats)
        spec = draw(win_specs(winner, True))
        outcome: Any = Tsumo(winner=winner, value=spec.value, pao=spec.pao)
    elif kind == "ron":
        discarder = draw(seats)
        others = [s for s in range(4) if s != discarder]
        winners = draw(st.lists(st.sampled_from(others), unique=True, min_size=1, max_size=3))
        outcome = Ron(discarder=discarder, wins=[draw(win_specs(w, False)) for w in winners])
    else:
        tenpai = sorted(set(riichi) | set(draw(st.lists(seats, unique=True, max_size=4))))
        nagashi = draw(st.lists(seats, unique=True, max_size=2))
        outcome = Draw(tenpai=tenpai, nagashi=nagashi)
    return SettleRequest(
        scores=scores,
        dealer=draw(seats),
        first_dealer=draw(seats),
        honba=draw(st.integers(0, 5)),
        riichi_sticks=sticks,
        riichi=riichi,
        outcome=outcome,
        game=GameOptions(bust=bust, multiple_ron=multiple_ron),
    )


@settings(max_examples=300)
@given(settle_requests())
def test_deltas_sum_to_zero_counting_the_pot(req: SettleRequest) -> None:
    r = settle(req)

    assert sum(r.deltas) + 1000 * (r.next_hand.riichi_sticks - req.riichi_sticks) == 0
    assert [req.scores[s] + r.deltas[s] for s in range(4)] == r.scores


@settings(max_examples=300)
@given(settle_requests())
def test_each_delta_is_what_its_transfers_say(req: SettleRequest) -> None:
    r = settle(req)
    net = [0, 0, 0, 0]
    for t in r.transfers:
        if t.payer is not None:
            net[t.payer] -= t.amount
        if t.payee is not None:
            net[t.payee] += t.amount

    assert net == r.deltas


@settings(max_examples=300)
@given(settle_requests(kinds=("ron",)))
def test_uninvolved_players_keep_their_score_on_ron(req: SettleRequest) -> None:
    r = settle(req)
    assert isinstance(req.outcome, Ron)
    winners = {w.winner for w in r.wins}
    liable = {w.liable for w in r.wins if w.liable is not None}
    involved = winners | liable | {req.outcome.discarder} | set(req.riichi)

    for seat in set(range(4)) - involved:
        assert r.deltas[seat] == 0
    assert set(r.bumped).isdisjoint(winners)


@settings(max_examples=300)
@given(settle_requests())
def test_payers_pay_what_they_owe_except_a_kostarev_payer_who_runs_out(req: SettleRequest) -> None:
    r = settle(req)
    assert req.game is not None
    capped = req.game.bust == "cannot_pay"

    for t in r.transfers:
        assert 0 <= t.amount <= t.owed
        if not capped:
            assert t.amount == t.owed
    if capped:
        assert min(r.scores) >= 0
        short = {t.payer for t in r.transfers if t.amount < t.owed}
        assert short <= set(r.out)
    assert r.game_over == bool(r.out or req.last_hand)
    assert (r.placings is not None) == r.game_over


@settings(max_examples=300)
@given(settle_requests())
def test_the_next_hand_follows_the_dealer(req: SettleRequest) -> None:
    r = settle(req)
    if isinstance(req.outcome, Draw):
        kept = req.dealer in req.outcome.tenpai
        assert r.next_hand.honba == req.honba + 1
        assert r.next_hand.riichi_sticks == req.riichi_sticks + len(req.riichi)
    else:
        kept = any(w.winner == req.dealer for w in r.wins)
        assert r.next_hand.honba == (req.honba + 1 if kept else 0)
        assert r.next_hand.riichi_sticks == 0
    assert r.next_hand.dealer == (req.dealer if kept else (req.dealer + 1) % 4)


def _turn(req: SettleRequest, k: int) -> SettleRequest:
    """The same table with every seat moved k places on."""

    def seat(s: int) -> int:
        return (s + k) % 4

    def spec(w: WinSpec) -> dict[str, Any]:
        return {"winner": seat(w.winner), "value": w.value, "pao": None if w.pao is None else seat(w.pao)}

    o = req.outcome
    outcome: Any
    if isinstance(o, Tsumo):
        outcome = Tsumo(**spec(o))
    elif isinstance(o, Ron):
        outcome = Ron(discarder=seat(o.discarder), wins=[WinSpec(**spec(w)) for w in o.wins])
    else:
        outcome = Draw(tenpai=[seat(s) for s in o.tenpai], nagashi=[seat(s) for s in o.nagashi])
    return msgspec.structs.replace(
        req,
        scores=[req.scores[(s - k) % 4] for s in range(4)],
        dealer=seat(req.dealer),
        first_dealer=seat(req.first_dealer),
        riichi=[seat(s) for s in req.riichi],
        outcome=outcome,
    )


@settings(max_examples=200)
@given(settle_requests(), st.integers(1, 3))
def test_turning_the_table_turns_the_result(req: SettleRequest, k: int) -> None:
    r: SettleResult = settle(req)
    turned = settle(_turn(req, k))

    assert turned.deltas == [r.deltas[(s - k) % 4] for s in range(4)]
    assert turned.out == sorted((s + k) % 4 for s in r.out)
    assert turned.next_hand.dealer == (r.next_hand.dealer + k) % 4


# --- sticks ------------------------------------------------------------------------------------


def _min_sticks(amount: int) -> int:
    """Fewest sticks by dynamic programming over 100-point units (the oracle for greedy)."""
    units = amount // 100
    best = [0] + [units + 1] * units
    for u in range(1, units + 1):
        best[u] = 1 + min(best[u - v // 100] for v in STICK_VALUES if v // 100 <= u)
    return best[units]


@given(st.integers(0, 600).map(lambda n: n * 100))
def test_fewest_sticks_add_up_and_are_fewest(amount: int) -> None:
    s = fewest_sticks(amount)

    assert value_of(s) == amount
    assert sum(to_counts(s)) == _min_sticks(amount)


holdings = st.builds(
    Sticks, s10000=st.integers(0, 2), s5000=st.integers(0, 2), s1000=st.integers(0, 3), s100=st.integers(0, 12)
)


def _brute_force(amount: int, payer: Sticks, payee: Sticks) -> int | None:
    """Fewest sticks moved over every net count per value within the holdings, or None.

    Handing a value over and getting the same value back is never needed (dropping the pair
    moves fewer sticks), so every plan worth having is a net count per value.
    """
    best = None
    give, take = to_counts(payer), to_counts(payee)
    for net in itertools.product(*(range(-t, g + 1) for g, t in zip(give, take, strict=True))):
        if sum(v * n for v, n in zip(STICK_VALUES, net, strict=True)) == amount:
            moved = sum(abs(n) for n in net)
            best = moved if best is None else min(best, moved)
    return best


@settings(max_examples=300)
@given(st.integers(0, 300).map(lambda n: n * 100), holdings, holdings)
def test_a_sticks_plan_uses_only_held_sticks_adds_up_and_is_optimal(amount: int, payer: Sticks, payee: Sticks) -> None:
    plan = pay_with(amount, payer, payee)
    expected = _brute_force(amount, payer, payee)

    if plan is None:
        assert expected is None
        return
    assert all(p <= h for p, h in zip(to_counts(plan.pay), to_counts(payer), strict=True))
    assert all(c <= h for c, h in zip(to_counts(plan.change), to_counts(payee), strict=True))
    assert value_of(plan.pay) - value_of(plan.change) == amount
    assert plan.sticks_moved == sum(to_counts(plan.pay)) + sum(to_counts(plan.change)) == expected

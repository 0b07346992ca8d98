"""Sticks: fewest sticks for an amount, and paying with what one holds (Kostarev rules §2.4, §4.3)."""

from __future__ import annotations

import pytest

from service.game import Sticks, SticksRequest, fewest_sticks, pay_with, sticks
from service.game.sticks import to_counts


@pytest.mark.parametrize(
    ("amount", "counts"),
    [
        pytest.param(0, (0, 0, 0, 0), id="nothing"),
        pytest.param(100, (0, 0, 0, 1), id="one-token"),
        pytest.param(4_100, (0, 0, 4, 1), id="4100"),
        pytest.param(7_700, (0, 1, 2, 7), id="7700"),
        pytest.param(12_300, (1, 0, 2, 3), id="12300"),
        pytest.param(25_000, (2, 1, 0, 0), id="start-score"),
        pytest.param(39_900, (3, 1, 4, 9), id="39900"),
    ],
)
def test_fewest_sticks(amount: int, counts: tuple[int, int, int, int]) -> None:
    assert to_counts(fewest_sticks(amount)) == counts


def test_exact_payment_needs_no_change() -> None:
    # 7,700 from 1×5000, 3×1000, 9×100: 5000 + 2×1000 + 7×100, 10 sticks.
    plan = pay_with(7_700, Sticks(s5000=1, s1000=3, s100=9), Sticks())

    assert plan is not None
    assert (to_counts(plan.pay), to_counts(plan.change), plan.sticks_moved) == ((0, 1, 2, 7), (0, 0, 0, 0), 10)


def test_change_is_given_when_the_payer_lacks_small_sticks() -> None:
    # 2,300 owed, the payer has only a 5,000: pay 5,000, get 2,700 back as 2×1000 + 7×100.
    plan = pay_with(2_300, Sticks(s5000=1), Sticks(s1000=5, s100=10))

    assert plan is not None
    assert (to_counts(plan.pay), to_counts(plan.change), plan.sticks_moved) == ((0, 1, 0, 0), (0, 0, 2, 7), 10)


def test_change_can_beat_paying_exactly() -> None:
    # 900 owed: nine 100s (9 sticks) or one 1,000 back a 100 (2 sticks).
    plan = pay_with(900, Sticks(s1000=1, s100=9), Sticks(s100=1))

    assert plan is not None
    assert (to_counts(plan.pay), to_counts(plan.change), plan.sticks_moved) == ((0, 0, 1, 0), (0, 0, 0, 1), 2)


def test_no_plan_when_the_payee_cannot_make_change() -> None:
    # 300 owed with a single 1,000; the payee holds 5 × 100 — 700 change cannot be made.
    result = sticks(SticksRequest(amount=300, payer=Sticks(s1000=1), payee=Sticks(s100=5)))

    assert (result.plan_possible, result.plan) == (False, None)
    assert result.reason is not None
    assert "change" in result.reason


def test_no_plan_when_the_payer_holds_too_little() -> None:
    result = sticks(SticksRequest(amount=8_000, payer=Sticks(s5000=1, s1000=2)))

    assert result.plan_possible is False
    assert result.reason == "the payer holds 7000 points in sticks, less than the 8000 owed"


def test_amount_alone_gives_only_the_fewest_sticks() -> None:
    result = sticks(SticksRequest(amount=12_300))

    assert to_counts(result.sticks) == (1, 0, 2, 3)
    assert (result.plan_possible, result.plan) == (None, None)

"""Payments: who pays how much for a win (/docs/rules §3 Payments, seed 001 §4.3).

Every payment is rounded **up** to 100 (the smallest stick). Ron: the discarder pays
6 × base (dealer winner) or 4 × base. Tsumo: the dealer pays 2 × base and each
non-dealer 1 × base; a dealer's tsumo takes 2 × base from each. Honba add 300 per honba
on ron, 100 per honba from each payer on tsumo. Riichi sticks add 1000 each.
"""

from __future__ import annotations

from typing import Final

from .model import Payment
from .names import payer_name

_DISCARDER: Final = payer_name("discarder")
_DEALER: Final = payer_name("dealer")
_NON_DEALER: Final = payer_name("non_dealer")
"""The payers' English names (:mod:`.names` renames them for other languages)."""

__all__ = ["Settlement", "hand_points", "payments", "round_up_100"]


def round_up_100(points: int) -> int:
    """Round up to a multiple of 100 (seed 003 §1; seed 001 §4.3)."""
    return -(-points // 100) * 100


class Settlement:
    """`points`: the hand without honba or sticks; `payments` per payer kind; `total` received."""

    def __init__(self, points: int, payments: tuple[Payment, ...], riichi_sticks_won: int, total: int) -> None:
        self.points = points
        self.payments = payments
        self.riichi_sticks_won = riichi_sticks_won
        self.total = total

    def __repr__(self) -> str:
        return (
            f"Settlement(points={self.points}, payments={self.payments!r}, "
            f"riichi_sticks_won={self.riichi_sticks_won}, total={self.total})"
        )


def hand_points(base: int, *, dealer: bool, tsumo: bool) -> int:
    """The hand's points without honba or sticks: what :func:`payments` calls ``points``.

    >>> hand_points(1920, dealer=False, tsumo=False), hand_points(1920, dealer=True, tsumo=True)
    (7700, 11700)
    """
    if not tsumo:
        return round_up_100(base * (6 if dealer else 4))
    if dealer:
        return round_up_100(base * 2) * 3
    return round_up_100(base * 2) + 2 * round_up_100(base)


def payments(base: int, *, dealer: bool, tsumo: bool, honba: int = 0, riichi_sticks: int = 0) -> Settlement:
    """Split a hand's ``base`` points into payments (/docs/rules §3 Payments).

    ``honba`` and ``riichi_sticks`` are counts of sticks. All amounts are points.

    >>> [(p.payer, p.amount, p.count, p.name) for p in payments(2000, dealer=False, tsumo=True).payments]
    [('dealer', 4000, 1, 'Dealer'), ('non_dealer', 2000, 2, 'Each non-dealer')]
    >>> payments(1280, dealer=False, tsumo=False, honba=1, riichi_sticks=1).total
    6500
    """
    if not tsumo:
        points = round_up_100(base * (6 if dealer else 4))
        rows: tuple[Payment, ...] = (Payment("discarder", points + 300 * honba, 1, _DISCARDER),)
    elif dealer:
        each = round_up_100(base * 2)
        rows = (Payment("non_dealer", each + 100 * honba, 3, _NON_DEALER),)
        points = each * 3
    else:
        from_dealer = round_up_100(base * 2)
        from_other = round_up_100(base)
        rows = (
            Payment("dealer", from_dealer + 100 * honba, 1, _DEALER),
            Payment("non_dealer", from_other + 100 * honba, 2, _NON_DEALER),
        )
        points = from_dealer + 2 * from_other
    sticks = 1000 * riichi_sticks
    return Settlement(points, rows, sticks, points + 300 * honba + sticks)  # each payer's honba: 300 in all

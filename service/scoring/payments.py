"""Payments: who pays how much for a win (/docs/rules §3 Payments, Kostarev rules §4.3).

Every payment is rounded **up** to 100 (the smallest stick). Ron: the discarder pays
6 × base (dealer winner) or 4 × base. Tsumo: the dealer pays 2 × base and each
non-dealer 1 × base; a dealer's tsumo takes 2 × base from each. Honba add 300 per honba
on ron, 100 per honba from each payer on tsumo. Riichi sticks add 1000 each.

Three players (option ``players`` 3, /docs/rulesets §7 Tsumo payment, Honba): a tsumo is paid by the
two others. Option ``sanma_tsumo`` ``loss`` (tsumo-zon): the missing seat's share is simply not paid
(non-dealer mangan 4,000 + 2,000 = 6,000; dealer mangan 4,000 × 2 = 8,000 [TH-club]); ``bisection``
(north bisection): each payer adds half the missing share before rounding up (non-dealer mangan
2 × 2,000 + 1,000 = 5,000 and 2,000 + 1,000 = 3,000; dealer mangan 3 × 2,000 = 6,000 each). A honba is
option ``honba`` points (200 with three players): all of it from the discarder on ron, an equal part
(100) from each payer on tsumo.
"""

from __future__ import annotations

from typing import Final

from .model import Payment
from .names import payer_name

_DISCARDER: Final = payer_name("discarder")
_DEALER: Final = payer_name("dealer")
_NON_DEALER: Final = payer_name("non_dealer")
_OTHER_NON_DEALER: Final = payer_name("non_dealer", count=1)
"""The payers' English names (:mod:`.names` renames them for other languages)."""

__all__ = ["Settlement", "hand_points", "payments", "round_up_100"]


def round_up_100(points: int) -> int:
    """Round up to a multiple of 100 (/docs/rules §3 Payments; points rules §1; Kostarev rules §4.3)."""
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


def hand_points(base: int, *, dealer: bool, tsumo: bool, players: int = 4, bisection: bool = False) -> int:
    """The hand's points without honba or sticks: what :func:`payments` calls ``points``.

    >>> hand_points(1920, dealer=False, tsumo=False), hand_points(1920, dealer=True, tsumo=True)
    (7700, 11700)
    >>> hand_points(2000, dealer=False, tsumo=True, players=3), hand_points(2000, dealer=True, tsumo=True, players=3)
    (6000, 8000)
    """
    if not tsumo:
        return round_up_100(base * (6 if dealer else 4))
    if players == 3:
        return _sanma_tsumo(base, dealer, bisection)[2]
    if dealer:
        return round_up_100(base * 2) * 3
    return round_up_100(base * 2) + 2 * round_up_100(base)


def _sanma_tsumo(base: int, dealer: bool, bisection: bool) -> tuple[int, int, int]:
    """Three players' tsumo: (the dealer's or first payer's share, the other payer's, the sum); see the module."""
    if dealer:
        each = round_up_100(base * 3) if bisection else round_up_100(base * 2)  # 2 × base + half of 2 × base
        return each, each, 2 * each
    if bisection:  # each adds half the missing non-dealer's 1 × base
        from_dealer = round_up_100(base * 5 // 2 + (base * 5) % 2)  # 2.5 × base, rounded up (exact on halves)
        from_other = round_up_100(base * 3 // 2 + (base * 3) % 2)
    else:
        from_dealer = round_up_100(base * 2)
        from_other = round_up_100(base)
    return from_dealer, from_other, from_dealer + from_other


def payments(
    base: int,
    *,
    dealer: bool,
    tsumo: bool,
    honba: int = 0,
    riichi_sticks: int = 0,
    players: int = 4,
    bisection: bool = False,
    honba_points: int = 300,
) -> Settlement:
    """Split a hand's ``base`` points into payments (/docs/rules §3 Payments; /docs/rulesets §7 for 3 players).

    ``honba`` and ``riichi_sticks`` are counts of sticks; ``honba_points`` what one honba is worth in all
    (option ``honba``); ``players`` 3 or 4, ``bisection`` option ``sanma_tsumo`` ``bisection``. All amounts
    are points.

    >>> [(p.payer, p.amount, p.count, p.name) for p in payments(2000, dealer=False, tsumo=True).payments]
    [('dealer', 4000, 1, 'Dealer'), ('non_dealer', 2000, 2, 'Each non-dealer')]
    >>> payments(1280, dealer=False, tsumo=False, honba=1, riichi_sticks=1).total
    6500
    >>> [(p.payer, p.amount, p.count) for p in payments(2000, dealer=False, tsumo=True, players=3).payments]
    [('dealer', 4000, 1), ('non_dealer', 2000, 1)]
    """
    if players == 3:
        return _sanma(base, dealer, tsumo, honba, riichi_sticks, bisection, honba_points)
    per_payer = honba_points // 3 * honba  # 100 a honba from each of the three payers of a tsumo
    if not tsumo:
        points = round_up_100(base * (6 if dealer else 4))
        rows: tuple[Payment, ...] = (Payment("discarder", points + honba_points * honba, 1, _DISCARDER),)
        honba_all = honba_points * honba
    elif dealer:
        each = round_up_100(base * 2)
        rows = (Payment("non_dealer", each + per_payer, 3, _NON_DEALER),)
        points = each * 3
        honba_all = 3 * per_payer
    else:
        from_dealer = round_up_100(base * 2)
        from_other = round_up_100(base)
        rows = (
            Payment("dealer", from_dealer + per_payer, 1, _DEALER),
            Payment("non_dealer", from_other + per_payer, 2, _NON_DEALER),
        )
        points = from_dealer + 2 * from_other
        honba_all = 3 * per_payer
    sticks = 1000 * riichi_sticks
    return Settlement(points, rows, sticks, points + honba_all + sticks)


def _sanma(
    base: int, dealer: bool, tsumo: bool, honba: int, riichi_sticks: int, bisection: bool, honba_points: int
) -> Settlement:
    """:func:`payments` with three players: a ron as with four; a tsumo from the two others (see the module)."""
    sticks = 1000 * riichi_sticks
    honba_all = honba_points * honba
    if not tsumo:
        points = round_up_100(base * (6 if dealer else 4))
        return Settlement(
            points, (Payment("discarder", points + honba_all, 1, _DISCARDER),), sticks, points + honba_all + sticks
        )
    per_payer = honba_points // 2 * honba
    first, second, points = _sanma_tsumo(base, dealer, bisection)
    if dealer:
        rows: tuple[Payment, ...] = (Payment("non_dealer", first + per_payer, 2, _NON_DEALER),)
    else:
        rows = (
            Payment("dealer", first + per_payer, 1, _DEALER),
            Payment("non_dealer", second + per_payer, 1, _OTHER_NON_DEALER),
        )
    return Settlement(points, rows, sticks, points + 2 * per_payer + sticks)

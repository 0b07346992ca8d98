"""Points as sticks, and paying with the sticks one holds (/docs/rules §6; Kostarev rules §2.4, §4.3).

Sticks are worth 10,000 (long), 5,000 (medium), 1,000 (short) and 100 (token). Every
amount is a multiple of 100. The fewest sticks for an amount are found greedily (each value
divides the next larger one, so greedy is optimal). A payment plan lets the payer hand over
sticks they hold and the payee give change from sticks they hold ("разрешено разменивать
палочки", Kostarev rules §2.4), moving as few sticks as possible.
"""

from __future__ import annotations

from typing import Final

from service.i18n import Language, text

from .model import StickCounts, Sticks, SticksPlan, SticksRequest, SticksResult

__all__ = ["STICKS_REASONS", "STICK_VALUES", "fewest_sticks", "pay_with", "sticks", "to_counts", "value_of"]

STICK_VALUES: Final = (10_000, 5_000, 1_000, 100)
"""Stick values in points, largest first (/docs/rules §4; Kostarev rules §2.4)."""


def to_counts(s: Sticks) -> tuple[int, int, int, int]:
    """Counts of 10,000 / 5,000 / 1,000 / 100 sticks."""
    return (s.s10000, s.s5000, s.s1000, s.s100)


def _sticks(counts: tuple[int, ...] | list[int]) -> StickCounts:
    return StickCounts(s10000=counts[0], s5000=counts[1], s1000=counts[2], s100=counts[3])


def value_of(s: Sticks) -> int:
    """Points the sticks are worth.

    >>> value_of(Sticks(s10000=1, s1000=2, s100=3))
    12300
    """
    return sum(v * n for v, n in zip(STICK_VALUES, to_counts(s), strict=True))


def fewest_sticks(amount: int) -> StickCounts:
    """The fewest sticks making ``amount`` points (a non-negative multiple of 100).

    >>> to_counts(fewest_sticks(17_800))
    (1, 1, 2, 8)
    """
    if amount < 0 or amount % 100:
        raise ValueError(f"amount must be a non-negative multiple of 100, got {amount}")
    counts = []
    for v in STICK_VALUES:
        counts.append(amount // v)
        amount %= v
    return _sticks(counts)


def _best_small(units: int, give1: int, take1: int, give0: int, take0: int) -> tuple[int, int] | None:
    """Net 1,000 and 100 sticks ``(n1, n0)`` with 10·n1 + n0 = ``units`` (in 100s), fewest |n1| + |n0|.

    ``n1`` ranges over [−take1, give1] and ``n0`` over [−take0, give0] (give = payer's, take =
    payee's holdings). The cost is convex in ``n1``, so the best is the clipped unconstrained
    minimum or an end of the feasible range. None when no split fits.
    """
    lo = max(-take1, -((give0 - units) // 10))  # n0 = units − 10·n1 ≤ give0
    hi = min(give1, (units + take0) // 10)  # n0 ≥ −take0
    if lo > hi:
        return None
    best: tuple[int, int] | None = None
    for n1 in {lo, hi, min(max(units // 10, lo), hi), min(max(-(-units // 10), lo), hi), min(max(0, lo), hi)}:
        n0 = units - 10 * n1
        if -take0 <= n0 <= give0 and (best is None or abs(n1) + abs(n0) < abs(best[0]) + abs(best[1])):
            best = (n1, n0)
    return best


def pay_with(amount: int, payer: Sticks, payee: Sticks | None = None) -> SticksPlan | None:
    """A plan paying ``amount`` points from ``payer``'s sticks, with change from ``payee``'s.

    Never hands over a stick its giver does not hold; ``value(pay) − value(change) = amount``;
    the number of sticks moved is the least possible (ties: less change, then larger sticks
    from the payer). None when no plan exists.

    >>> plan = pay_with(2300, Sticks(s5000=1), Sticks(s1000=2, s100=7))
    >>> to_counts(plan.pay), to_counts(plan.change), plan.sticks_moved
    ((0, 1, 0, 0), (0, 0, 2, 7), 10)
    >>> pay_with(300, Sticks(s1000=1), Sticks(s100=5)) is None
    True
    """
    give = to_counts(payer)
    take = to_counts(payee) if payee is not None else (0, 0, 0, 0)
    units = amount // 100
    best: tuple[tuple[int, int, tuple[int, ...]], tuple[int, int, int, int]] | None = None
    # What the 1,000 and 100 sticks can settle, in 100s: bounds the 5,000s for each 10,000 count.
    small_up = 10 * give[2] + give[3]
    small_down = 10 * take[2] + take[3]
    for n10 in range(-take[0], give[0] + 1):
        rest = units - 100 * n10
        n5_lo = max(-take[1], -((small_up - rest) // 50))  # rest − 50·n5 ≤ small_up
        n5_hi = min(give[1], (rest + small_down) // 50)  # rest − 50·n5 ≥ −small_down
        for n5 in range(n5_lo, n5_hi + 1):
            small = _best_small(rest - 50 * n5, give[2], take[2], give[3], take[3])
            if small is None:
                continue
            net = (n10, n5, *small)
            moved = sum(abs(n) for n in net)
            change = sum(-n for n in net if n < 0)
            key = (moved, change, tuple(-n for n in net))
            if best is None or key < best[0]:
                best = (key, net)
    if best is None:
        return None
    net = best[1]
    return SticksPlan(
        pay=_sticks([max(n, 0) for n in net]),
        change=_sticks([max(-n, 0) for n in net]),
        sticks_moved=best[0][0],
    )


STICKS_REASONS: Final = ("too_little", "no_change", "no_plan")
"""Why no plan exists, each a text ``sticks_reason.<id>`` (:mod:`service.i18n`): the payer holds too little; no
payee holdings were given for the change needed; none with the payee's change either."""


def sticks(req: SticksRequest, lang: Language = "en") -> SticksResult:
    """``POST /v1/sticks``: the fewest sticks for ``amount``, and a plan given holdings (/docs/rules §6).

    Without ``payer`` only the fewest sticks are returned (``plan_possible`` null). With it,
    ``plan`` is the plan of :func:`pay_with` (``payee`` absent = no change available), or null
    with ``plan_possible`` false and a ``reason`` in ``lang``. Amounts are points.
    """
    fewest = fewest_sticks(req.amount)
    if req.payer is None:
        return SticksResult(amount=req.amount, sticks=fewest)
    plan = pay_with(req.amount, req.payer, req.payee)
    if plan is not None:
        return SticksResult(amount=req.amount, sticks=fewest, plan_possible=True, plan=plan)
    held = value_of(req.payer)
    if held < req.amount:
        reason = text("sticks_reason.too_little", lang, held=held, amount=req.amount)
    elif req.payee is None:
        reason = text("sticks_reason.no_change", lang, amount=req.amount)
    else:
        reason = text("sticks_reason.no_plan", lang, amount=req.amount)
    return SticksResult(amount=req.amount, sticks=fewest, plan_possible=False, reason=reason)

"""Optional rules scored beside the readings' yaku: renhou as a fixed mangan, paarenchan, nagashi mangan
(/docs/rulesets §2 Renhou, §4 Nagashi mangan payment; /docs/rules, the optional rules).

:func:`.scorer.score` calls these; each is off unless its option and its request flag say so.
"""

from __future__ import annotations

from typing import Final

from .hand import Hand
from .limits import MANGAN_BASE
from .model import ScoreResult, YakuItem
from .names import limit_name, yaku_name
from .payments import payments
from .presets import Rules
from .yaku import REGISTRY, Candidate

__all__ = ["nagashi_mangan", "renhou_choices", "with_paarenchan"]


def renhou_choices(yaku: list[Candidate]) -> tuple[list[Candidate], ...]:
    """Option ``renhou`` ``mangan`` (EMA, /docs/rulesets §2 Renhou [EMA16][EMA-rw]: a fixed mangan that
    needs no other yaku): a renhou hand is scored twice, as renhou alone (5 han, a mangan: no other yaku,
    no dora) and as the hand without renhou (its other yaku and dora, when it has any); the caller keeps
    the higher. So renhou is worth at least a mangan and never adds to the rest."""
    alone = [y for y in yaku if y.id == "renhou"]
    if not alone:
        return (yaku,)
    others = [y for y in yaku if y.id != "renhou"]
    return (alone, others) if others else (alone,)


_PAARENCHAN: Final = [Candidate(REGISTRY["paarenchan"], 13 * n, n) for n in range(7)]
"""Paarenchan as a yakuman of each multiple the request allows (0–6; index 0 is never used)."""


def with_paarenchan(yaku: list[Candidate], yakuman: int, multiple: int, aotenjou: bool) -> tuple[list[Candidate], int]:
    """A reading's yaku with paarenchan (request ``paarenchan``, a yakuman ``multiple``) added: a yakuman,
    so the ordinary yaku go (not under option ``aotenjou``). The caller checks option ``paarenchan``
    (``needs_yaku``: only beside another yaku; ``always``), as the ``mahjong`` package does."""
    kept = yaku if aotenjou else [y for y in yaku if y.yakuman]
    return [*kept, _PAARENCHAN[multiple]], yakuman + multiple


_NAGASHI: Final = YakuItem("nagashi_mangan", 5, yaku_name("nagashi_mangan"))
_MANGAN: Final = limit_name("mangan")


def nagashi_mangan(hand: Hand, rules: Rules) -> ScoreResult:
    """Nagashi mangan (request flag ``nagashi_mangan``, option ``nagashi_mangan``): not a win but a
    payment at an exhaustive draw, a mangan paid as a tsumo whatever ``win`` says (dealer: 4,000 from
    each; non-dealer: 4,000 from the dealer and 2,000 from each other), with no honba and no riichi sticks
    (they stay on the table): /docs/rulesets §4 Nagashi mangan payment [TH-mj4][TH-mortal][MS-ed] and §8.2
    (the ``mahjong`` package 2.3.0). The tiles were validated; their shape does not matter. No fu, no reading.
    """
    pay = payments(
        MANGAN_BASE, dealer=hand.dealer, tsumo=True, players=rules.players, bisection=rules.sanma_tsumo == "bisection"
    )
    return ScoreResult(
        is_win=True,
        preset=rules.preset,
        han=5,
        yaku=(_NAGASHI,),
        limit="mangan",
        limit_name=_MANGAN,
        base_points=MANGAN_BASE,
        points=pay.points,
        payments=pay.payments,
        total=pay.total,
    )

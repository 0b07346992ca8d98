"""Kids preset: points only, no yaku, no dora, no han/fu (RULES.md §5, seed 000).

Base 1, or 2 with riichi; +1 per three-alike set (called or concealed); +2 per kan;
chi 0; +1 tsumo; +1 closed hand (with riichi only under option
``kids_closed_bonus_with_riichi``); +2 seven pairs. The reading worth most is chosen.
"""

from __future__ import annotations

from typing import Final

from .hand import KAN, TRIPLET, Ctx, Hand
from .model import PointsItem, ScoreResult

__all__ = ["KIDS_POINTS", "kids_points", "score_kids"]

KIDS_POINTS: Final = {
    "base": 1,
    "riichi": 2,
    "pon": 1,
    "kan": 2,
    "tsumo": 1,
    "closed_hand": 1,
    "chiitoitsu": 2,
}
"""Kids points per item (RULES.md §5); ``riichi`` replaces ``base``."""


def kids_points(c: Ctx) -> list[PointsItem]:
    """The itemised kids points of one reading."""
    hand = c.hand
    items = [PointsItem("riichi", KIDS_POINTS["riichi"]) if hand.riichi else PointsItem("base", KIDS_POINTS["base"])]
    for g in c.groups:
        if g.type == TRIPLET:
            items.append(PointsItem("pon", KIDS_POINTS["pon"]))
        elif g.type == KAN:
            items.append(PointsItem("kan", KIDS_POINTS["kan"]))
    if hand.tsumo:
        items.append(PointsItem("tsumo", KIDS_POINTS["tsumo"]))
    if hand.menzen and (not hand.riichi or c.rules.kids_closed_bonus_with_riichi):
        items.append(PointsItem("closed_hand", KIDS_POINTS["closed_hand"]))
    if c.shape == "chiitoitsu":
        items.append(PointsItem("chiitoitsu", KIDS_POINTS["chiitoitsu"]))
    return items


def score_kids(hand: Hand) -> ScoreResult:
    """Score a validated hand under the kids preset: the best reading's points, itemised.

    `han`, `fu`, `limit`, `base_points` are null and `payments` empty (API.md).
    """
    from .score import reading_out, readings

    best: tuple[int, list[PointsItem], Ctx] | None = None
    for c in readings(hand):
        items = kids_points(c)
        total = sum(i.points for i in items)
        if best is None or total > best[0]:
            best = (total, items, c)
    if best is None:
        return ScoreResult(is_win=False, reason="not_complete", preset=hand.rules.preset)
    total, items, c = best
    return ScoreResult(
        is_win=True,
        preset=hand.rules.preset,
        points=total,
        total=total,
        points_breakdown=tuple(items),
        reading=reading_out(c),
    )

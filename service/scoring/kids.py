"""Kids preset: points only, no yaku, no dora, no han/fu (/docs/rules §5, kids' rules).

Base 1, or 2 with riichi; +1 per three-alike set (called or concealed); +2 per kan;
chi 0; +1 tsumo; +1 closed hand (with riichi only under option
``kids_closed_bonus_with_riichi``); +2 seven pairs. The reading worth most is chosen.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Final

from .hand import KAN, TRIPLET, Ctx, Hand
from .model import PointsItem, Reading, ScoreResult
from .names import explanation, kids_name, reason_name
from .tiles import kind_name

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
"""Kids points per item (/docs/rules §5); ``riichi`` replaces ``base``."""


def _item(id_: str, tiles: str | None = None) -> PointsItem:
    return PointsItem(id_, KIDS_POINTS[id_], kids_name(id_), tiles)


_ITEMS: Final = {id_: _item(id_) for id_ in KIDS_POINTS}
"""The items without tiles, shared (English names; :func:`.names.localise` renames them)."""


def _set_tiles(first: int, size: int) -> str:
    name = kind_name(first)
    return name[0] * size + name[1]


def kids_points(c: Ctx) -> list[PointsItem]:
    """The itemised kids points of one reading; a pon or kan item names its tiles (``333p``)."""
    hand = c.hand
    items = [_ITEMS["riichi"] if hand.riichi else _ITEMS["base"]]
    for g in c.groups:
        if g.type == TRIPLET:
            items.append(_item("pon", _set_tiles(g.first, 3)))
        elif g.type == KAN:
            items.append(_item("kan", _set_tiles(g.first, 4)))
    if hand.tsumo:
        items.append(_ITEMS["tsumo"])
    if hand.menzen and (not hand.riichi or c.rules.kids_closed_bonus_with_riichi):
        items.append(_ITEMS["closed_hand"])
    if c.shape == "chiitoitsu":
        items.append(_ITEMS["chiitoitsu"])
    return items


def score_kids(hand: Hand, readings: Iterable[Ctx], reading_out: Callable[[Ctx], Reading]) -> ScoreResult:
    """Score a validated hand under the kids preset: the best of its ``readings`` (every reading of ``hand``)
    by points, itemised, shown by ``reading_out``, and the explanation a child reads (English here;
    :func:`.names.localise` for ru / ja). The scorer passes both (:func:`.readings.readings`,
    :func:`.readings.reading_out`), so this module needs nothing of it.

    `han`, `fu`, `limit`, `base_points` are null and `payments` empty (/docs/rules §5).
    """
    best: tuple[int, list[PointsItem], Ctx] | None = None
    for c in readings:
        items = kids_points(c)
        total = sum(i.points for i in items)
        if best is None or total > best[0]:
            best = (total, items, c)
    if best is None:
        return ScoreResult(
            is_win=False, reason="not_complete", preset=hand.rules.preset, reason_name=reason_name("not_complete")
        )
    total, items, c = best
    return ScoreResult(
        is_win=True,
        preset=hand.rules.preset,
        points=total,
        total=total,
        points_breakdown=tuple(items),
        reading=reading_out(c),
        explanation=explanation(tuple(items), total),
    )

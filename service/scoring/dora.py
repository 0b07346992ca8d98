"""Dora of every kind as yaku items (/docs/rules §4 Dora): indicated dora, ura dora, aka dora, nukidora.

The items are shared by count (:data:`DORA`, :data:`URA_DORA`, :data:`AKA_DORA`; the C code's answers use the
same objects, :func:`.native.start`); :func:`dora_items` counts a validated hand's.
"""

from __future__ import annotations

from typing import Final

from .hand import KAN, Hand
from .model import YakuItem
from .names import yaku_name

__all__ = ["AKA_DORA", "DORA", "URA_DORA", "dora_items"]


def _dora_count(hand: Hand, kinds: tuple[int, ...]) -> int:
    n = 0
    counts = hand.counts
    for k in kinds:
        n += counts[k]
        for m in hand.melds:
            if m.type == KAN and m.first == k:
                n += 1  # the kan's fourth tile
    return n


DORA: Final = [YakuItem("dora", n, yaku_name("dora")) for n in range(40)]
URA_DORA: Final = [YakuItem("ura_dora", n, yaku_name("ura_dora")) for n in range(40)]
AKA_DORA: Final = [YakuItem("aka_dora", n, yaku_name("aka_dora")) for n in range(40)]
_NUKIDORA: Final = [YakuItem("nukidora", n, yaku_name("nukidora")) for n in range(5)]
_NORTH: Final = 30
"""Shared dora items by count (index 0 is never used: no item without dora)."""


def dora_items(hand: Hand) -> list[YakuItem]:
    """Dora, ura dora (riichi only; validate drops them otherwise), aka dora and nukidora as yaku items,
    in that order, each present only when its count is not zero.

    Every physical tile counts, so a kan's fourth tile adds one more, and so does a North set aside
    (three players: ``nukidora``, which is also one dora each).
    """
    out: list[YakuItem] = []
    kita = hand.nukidora  # three players: Norths set aside count against the indicators like held tiles
    n = _dora_count(hand, hand.dora) if hand.dora else 0
    if kita and hand.dora:
        n += kita * hand.dora.count(_NORTH)
    if n:
        out.append(DORA[n])
    n = _dora_count(hand, hand.ura) if hand.ura else 0
    if kita and hand.ura:
        n += kita * hand.ura.count(_NORTH)
    if n:
        out.append(URA_DORA[n])
    if hand.red:
        out.append(AKA_DORA[hand.red])
    if kita:  # a dora each (/docs/rulesets §7 North as nukidora, North and dora indicators [RW-sanma][MS-ed])
        out.append(_NUKIDORA[kita])
    return out

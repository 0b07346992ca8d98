"""Shared helpers of the tenpai tests: mpsz → 34 counts, and hypothesis strategies of hands.

Hands are dealt from the 136 physical tiles (4 of each of the 34 kinds), so no kind
appears more than 4 times; a tile *id* 0–135 is kind ``id // 4``.
"""

from __future__ import annotations

from collections.abc import Iterable

from hypothesis import strategies as st

from service.scoring.tiles import WINDS, kinds_to_mpsz, parse_tiles

__all__ = ["ALL_IDS", "counts", "dealt", "mpsz", "no_wind_ids", "one_suit_ids"]


def counts(tiles: str) -> list[int]:
    """34 counts of an mpsz string, e.g. ``counts("11m")[0] == 2``."""
    out = [0] * 34
    for k in parse_tiles(tiles).kinds:
        out[k] += 1
    return out


def mpsz(c: Iterable[int]) -> str:
    """The mpsz string of 34 counts (for readable failure messages)."""
    return kinds_to_mpsz([k for k, n in enumerate(c) for _ in range(n)])


ALL_IDS = list(range(136))
no_wind_ids = [i for i in ALL_IDS if i // 4 not in WINDS]
"""Tile ids of the presets without winds (kostarev, kids)."""
one_suit_ids = [i for i in ALL_IDS if i // 4 < 9 or i // 4 >= 31]
"""Man tiles and dragons: dense hands (chinitsu / honitsu shapes) where readings are many."""


def dealt(ids: list[int], size: int) -> st.SearchStrategy[list[int]]:
    """``size`` distinct tiles drawn from ``ids``, as 34 counts."""

    def to_counts(chosen: list[int]) -> list[int]:
        out = [0] * 34
        for i in chosen:
            out[i // 4] += 1
        return out

    return st.lists(st.sampled_from(ids), min_size=size, max_size=size, unique=True).map(to_counts)

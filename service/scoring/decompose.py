"""Hand decomposition: every way a concealed part splits into sets and one pair (RULES.md §2).

The concealed part is given as a 34-tuple of counts (tile kinds, see :mod:`.tiles`).
Results are cached on that tuple, which is the canonical key: tile order and red fives
do not matter for the shape.
"""

from __future__ import annotations

from functools import lru_cache

from .tiles import TERMINALS_AND_HONOURS

__all__ = ["Split", "is_chiitoitsu", "is_kokushi", "splits"]

RUN = 0
TRIPLET = 1

Split = tuple[int, tuple[tuple[int, int], ...]]
"""``(pair_kind, ((RUN|TRIPLET, first_kind), …))`` with the sets sorted."""


def _sets(counts: list[int], start: int, need: int, acc: list[tuple[int, int]], out: set[tuple[tuple[int, int], ...]]) -> None:
    if need == 0:
        out.add(tuple(sorted(acc)))
        return
    i = start
    while i < 34 and counts[i] == 0:
        i += 1
    if i == 34:
        return
    if counts[i] >= 3:
        counts[i] -= 3
        acc.append((TRIPLET, i))
        _sets(counts, i, need - 1, acc, out)
        acc.pop()
        counts[i] += 3
    if i < 27 and i % 9 <= 6 and counts[i + 1] and counts[i + 2]:
        counts[i] -= 1
        counts[i + 1] -= 1
        counts[i + 2] -= 1
        acc.append((RUN, i))
        _sets(counts, i, need - 1, acc, out)
        acc.pop()
        counts[i] += 1
        counts[i + 1] += 1
        counts[i + 2] += 1


@lru_cache(maxsize=65536)
def splits(counts: tuple[int, ...]) -> tuple[Split, ...]:
    """All distinct splits of ``counts`` (34 counts, 3n+2 tiles) into n sets + 1 pair.

    Returns an empty tuple when there is none. Cached on the counts tuple.

    111222333m + 55z reads as three triplets or as three runs:

    >>> splits(tuple([3, 3, 3] + [0] * 28 + [2, 0, 0]))
    ((31, ((0, 0), (0, 0), (0, 0))), (31, ((1, 0), (1, 1), (1, 2))))
    """
    total = sum(counts)
    if total % 3 != 2:
        return ()
    need = (total - 2) // 3
    work = list(counts)
    found: list[Split] = []
    for pair in range(34):
        if work[pair] < 2:
            continue
        work[pair] -= 2
        out: set[tuple[tuple[int, int], ...]] = set()
        _sets(work, 0, need, [], out)
        work[pair] += 2
        found.extend((pair, sets) for sets in sorted(out))
    return tuple(found)


def is_chiitoitsu(counts: tuple[int, ...]) -> bool:
    """Seven *different* pairs (four alike are not two pairs): RULES.md §2."""
    return sum(1 for c in counts if c == 2) == 7 and sum(counts) == 14


def is_kokushi(counts: tuple[int, ...]) -> bool:
    """Kokushi musou: one of each of the 13 terminals and honours plus one duplicate."""
    if sum(counts) != 14:
        return False
    return all(counts[k] >= 1 for k in TERMINALS_AND_HONOURS) and all(
        counts[k] == 0 for k in range(34) if k not in TERMINALS_AND_HONOURS
    )

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


SuitSplit = tuple[int, tuple[tuple[int, int], ...]]
"""``(pair_rank or -1, ((RUN|TRIPLET, rank), …))`` for one suit, ranks 0–8."""


def _suit_sets(
    counts: list[int], start: int, acc: list[tuple[int, int]], out: list[tuple[tuple[int, int], ...]]
) -> None:
    i = start
    while i < 9 and counts[i] == 0:
        i += 1
    if i == 9:
        out.append(tuple(acc))
        return
    if counts[i] >= 3:
        counts[i] -= 3
        acc.append((TRIPLET, i))
        _suit_sets(counts, i, acc, out)
        acc.pop()
        counts[i] += 3
    if i <= 6 and counts[i + 1] and counts[i + 2]:
        counts[i] -= 1
        counts[i + 1] -= 1
        counts[i + 2] -= 1
        acc.append((RUN, i))
        _suit_sets(counts, i, acc, out)
        acc.pop()
        counts[i] += 1
        counts[i + 1] += 1
        counts[i + 2] += 1


@lru_cache(maxsize=65536)
def suit_splits(counts: tuple[int, ...]) -> tuple[SuitSplit, ...]:
    """Every split of one suit's 9 counts into runs and triplets plus, when the count is
    3n+2, exactly one pair. Cached on the 9-tuple: suits recur across hands far more
    often than whole hands do, so this pays even when the whole-hand cache is cold.

    >>> suit_splits((1, 1, 1, 0, 0, 0, 0, 0, 0))
    ((-1, ((0, 0),)),)
    """
    total = sum(counts)
    work = list(counts)
    out: list[tuple[tuple[int, int], ...]] = []
    if total % 3 == 0:
        _suit_sets(work, 0, [], out)
        return tuple((-1, sets) for sets in dict.fromkeys(out))
    if total % 3 != 2:
        return ()
    found: list[SuitSplit] = []
    for pair in range(9):
        if work[pair] >= 2:
            work[pair] -= 2
            out = []
            _suit_sets(work, 0, [], out)
            work[pair] += 2
            found.extend((pair, sets) for sets in dict.fromkeys(out))
    return tuple(found)


@lru_cache(maxsize=65536)
def splits(counts: tuple[int, ...]) -> tuple[Split, ...]:
    """All distinct splits of ``counts`` (34 counts, 3n+2 tiles) into n sets + 1 pair.

    Returns an empty tuple when there is none. Built from :func:`suit_splits` per suit;
    honours must come as pairs or triplets. Cached on the counts tuple.

    111222333m + 55z reads as three triplets or as three runs:

    >>> splits(tuple([3, 3, 3] + [0] * 28 + [2, 0, 0]))
    ((31, ((1, 0), (1, 1), (1, 2))), (31, ((0, 0), (0, 0), (0, 0))))
    """
    pair = -1
    honour_sets: list[tuple[int, int]] = []
    for kind in range(27, 34):
        n = counts[kind]
        if n == 3:
            honour_sets.append((TRIPLET, kind))
        elif n == 2:
            if pair >= 0:
                return ()
            pair = kind
        elif n:
            return ()
    combos: list[tuple[int, list[tuple[int, int]]]] = [(pair, honour_sets)]
    for suit in range(3):
        base = suit * 9
        part = counts[base : base + 9]
        if not any(part):
            continue
        options = suit_splits(part)
        if not options:
            return ()
        combos = [
            (p if sp < 0 else base + sp, sets + [(t, base + r) for t, r in ssets])
            for p, sets in combos
            for sp, ssets in options
            if p < 0 or sp < 0
        ]
    return tuple((p, tuple(sorted(sets))) for p, sets in combos if p >= 0)


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

"""Hand decomposition: every way a concealed part splits into sets and one pair (/docs/rules §2).

The concealed part is given as 34 counts (tile kinds, see :mod:`.tiles`). Each suit is
split on its own, looked up on its canonical key (:func:`suit_key`: the suit's 9 counts)
in :data:`SUIT_TABLE`, which holds every suit that can split, built once at import: tile
order, red fives and the suit do not matter, and no hand pays for a search. The whole
hand is the product of its suits' splits; honours split only as pairs and triplets.
"""

from __future__ import annotations

import itertools
from typing import Final

from .tiles import TERMINALS_AND_HONOURS

__all__ = [
    "SUIT_SINGLE",
    "SUIT_TABLE",
    "SUIT_TABLES",
    "Split",
    "is_chiitoitsu",
    "is_kokushi",
    "splits",
    "splits_by_keys",
    "suit_key",
    "suit_splits",
]

RUN: Final = 0
TRIPLET: Final = 1

Split = tuple[int, tuple[int, ...]]
"""``(pair_kind, (set code, …))`` with the set codes sorted.

A *set code* is one int per set: ``type × 34 + first kind`` (``RUN`` 0, ``TRIPLET`` 1), so
``code // 34`` is its type, ``code % 34`` its first kind, and sorted codes list the runs
before the triplets, each by kind."""


SuitSplit = tuple[int, tuple[int, ...]]
"""``(pair rank or -1, (set code, …))`` for one suit, ranks 0–8 as kinds (see :data:`Split`)."""


def _suit_sets(counts: list[int], start: int, acc: list[int], out: list[tuple[int, ...]]) -> None:
    i = start
    while i < 9 and counts[i] == 0:
        i += 1
    if i == 9:
        out.append(tuple(acc))
        return
    if counts[i] >= 3:
        counts[i] = counts[i] - 3
        acc.append(TRIPLET * 34 + i)
        _suit_sets(counts, i, acc, out)
        acc.pop()
        counts[i] = counts[i] + 3
    if i <= 6 and counts[i + 1] and counts[i + 2]:
        counts[i] = counts[i] - 1
        counts[i + 1] = counts[i + 1] - 1
        counts[i + 2] = counts[i + 2] - 1
        acc.append(RUN * 34 + i)
        _suit_sets(counts, i, acc, out)
        acc.pop()
        counts[i] = counts[i] + 1
        counts[i + 1] = counts[i + 1] + 1
        counts[i + 2] = counts[i + 2] + 1


def suit_key(counts: list[int], base: int) -> int:
    """The canonical key of one suit: its 9 counts ``counts[base:base + 9]``, 3 bits each
    (rank 1 lowest). Tile order, red fives and which suit it is do not matter."""
    key = 0
    for i in range(base + 8, base - 1, -1):
        key = (key << 3) | counts[i]
    return key


def _split_suit(key: int) -> tuple[SuitSplit, ...]:
    """Every split of the suit ``key`` into runs and triplets plus, when its count is
    3n+2, exactly one pair; ranks 0–8 (a search, run once per key when the table is built)."""
    work = [(key >> (3 * i)) & 7 for i in range(9)]
    total = sum(work)
    out: list[tuple[int, ...]] = []
    if total % 3 == 0:
        _suit_sets(work, 0, [], out)
        return tuple((-1, sets) for sets in dict.fromkeys(out))
    if total % 3 != 2:
        return ()
    found: list[SuitSplit] = []
    for pair in range(9):
        if work[pair] >= 2:
            work[pair] = work[pair] - 2
            out = []
            _suit_sets(work, 0, [], out)
            work[pair] = work[pair] + 2
            found.extend((pair, sets) for sets in dict.fromkeys(out))
    return tuple(found)


def _suit_table() -> dict[int, tuple[SuitSplit, ...]]:
    """:data:`SUIT_TABLE`: every suit made of at most four sets and at most one pair."""
    shapes = [[3 if r == rank else 0 for r in range(9)] for rank in range(9)]
    shapes += [[1 if rank <= r <= rank + 2 else 0 for r in range(9)] for rank in range(7)]
    keys: set[int] = set()
    for size in range(5):
        for combo in itertools.combinations_with_replacement(range(len(shapes)), size):
            counts = [0] * 9
            for index in combo:
                for r in range(9):
                    counts[r] = counts[r] + shapes[index][r]
            for pair in range(-1, 9):
                with_pair = counts[:]
                if pair >= 0:
                    with_pair[pair] = with_pair[pair] + 2
                if max(with_pair) <= 4:
                    keys.add(suit_key(with_pair, 0))
    return {key: _split_suit(key) for key in sorted(keys)}


SUIT_TABLE: Final = _suit_table()
"""Every suit that splits into sets (at most one pair), by :func:`suit_key`: its splits as
``(pair rank or -1, (set code with the rank as kind, …))``. Built once at import (21,743
suits, ~0.1 s): a suit's splits are then one dictionary lookup, whatever hands came before."""


def _offset(table: dict[int, tuple[SuitSplit, ...]], base: int) -> dict[int, tuple[SuitSplit, ...]]:
    """``table`` with every pair rank and set code moved to the kinds of the suit starting at ``base``."""
    return {
        key: tuple((pair + base if pair >= 0 else -1, tuple([code + base for code in sets])) for pair, sets in options)
        for key, options in table.items()
    }


SUIT_TABLES: Final[list[dict[int, tuple[SuitSplit, ...]]]] = [_offset(SUIT_TABLE, base) for base in (0, 9, 18)]
""":data:`SUIT_TABLE` for man, pin and sou: the pair and the set codes as kinds of that suit (so a
hand's splits take a suit's sets whole: no per-code addition). Built at import with it."""


SUIT_SINGLE: Final[list[dict[int, tuple[int, ...]]]] = [
    {key: (options[0][0], *options[0][1]) for key, options in table.items() if len(options) == 1}
    for table in SUIT_TABLES
]
"""The suits of :data:`SUIT_TABLES` that split one way only (most suits of most hands), each as one
flat tuple ``(pair kind or -1, set code, …)``: a lookup then reaches one object, not three (the
table is far larger than the CPU caches, so every object a lookup touches is a likely miss)."""


def suit_splits(key: int) -> tuple[SuitSplit, ...]:
    """The splits of one suit (:func:`suit_key`), ranks 0–8; empty when it does not split.

    >>> suit_splits(suit_key([1, 1, 1, 0, 0, 0, 0, 0, 0], 0))
    ((-1, (0,)),)
    >>> suit_splits(suit_key([3, 3, 3, 0, 0, 0, 0, 0, 2], 0))
    ((8, (34, 35, 36)), (8, (0, 0, 0)))
    """
    return SUIT_TABLE.get(key, ())


def splits(counts: list[int]) -> list[Split]:
    """All distinct splits of ``counts`` (34 counts, 3n+2 tiles) into n sets + 1 pair.

    Returns ``[(pair kind, (set code, …)), …]``, set codes sorted (see :data:`Split`), or an
    empty list when there is none. Built from the cached :func:`suit_splits` per suit;
    honours must come as pairs or triplets.

    111222333m + 55z reads as three triplets or as three runs:

    >>> splits([3, 3, 3] + [0] * 28 + [2, 0, 0])
    [(31, (34, 35, 36)), (31, (0, 0, 0))]
    """
    return splits_by_keys(counts, [suit_key(counts, 0), suit_key(counts, 9), suit_key(counts, 18)])


def splits_by_keys(counts: list[int], keys: list[int]) -> list[Split]:
    """:func:`splits` given the three :func:`suit_key` of ``counts`` (man, pin, sou), which
    the caller may have built while counting; ``counts`` is read for the honours only."""
    pair = -1
    sets: list[int] = []
    for kind in range(27, 34):
        n = counts[kind]
        if n == 3:
            sets.append(TRIPLET * 34 + kind)
        elif n == 2:
            if pair >= 0:
                return []
            pair = kind
        elif n:
            return []
    combos: list[tuple[int, list[int]]] | None = None  # only once a suit splits two ways
    for suit in range(3):
        key = keys[suit]
        if not key:  # no tile of this suit
            continue
        if combos is None:
            flat = SUIT_SINGLE[suit].get(key)  # one split: (pair or -1, code, …) in this suit's kinds
            if flat is not None:
                suit_pair = flat[0]
                if suit_pair >= 0:
                    if pair >= 0:
                        return []
                    pair = suit_pair
                for i in range(1, len(flat)):
                    sets.append(flat[i])
                continue
        options = SUIT_TABLES[suit].get(key)  # pairs and codes already in this suit's kinds
        if options is None or not options:
            return []
        if combos is None:
            combos = [(pair, sets)]
        combos = [
            (p if suit_pair < 0 else suit_pair, [*partial, *suit_sets])
            for p, partial in combos
            for suit_pair, suit_sets in options
            if p < 0 or suit_pair < 0
        ]
    if combos is None:
        if pair < 0:
            return []
        sets.sort()
        return [(pair, tuple(sets))]
    return [(p, tuple(sorted(partial))) for p, partial in combos if p >= 0]


def is_chiitoitsu(counts: list[int]) -> bool:
    """Seven *different* pairs (four alike are not two pairs): /docs/rules §2."""
    pairs = 0
    for k in range(34):
        n = counts[k]
        if n == 2:
            pairs += 1
        elif n:
            return False
    return pairs == 7


_KOKUSHI_MISSING: Final = tuple(0 if k in TERMINALS_AND_HONOURS else 1 for k in range(34))


def is_kokushi(counts: list[int]) -> bool:
    """Kokushi musou: one of each of the 13 terminals and honours plus one duplicate."""
    total = 0
    for k in range(34):
        n = counts[k]
        if _KOKUSHI_MISSING[k]:
            if n:
                return False
        elif not n:
            return False
        total += n
    return total == 14

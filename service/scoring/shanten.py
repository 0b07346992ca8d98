"""Shanten: how many tile exchanges a hand is from tenpai (/docs/rules §2 winning shapes).

Definition used here (exact, with the four-copies limit). A hand of ``3n+1`` or ``3n+2``
concealed tiles (``n`` = 4 − number of melds) is compared with every *complete* concealed
part ``C`` it could become: ``n`` sets + 1 pair (or seven different pairs, or kokushi),
holding at most ``caps[k]`` tiles of each kind ``k`` (4 minus the copies already in melds;
0 for kinds the preset does not have, e.g. winds in ``kostarev``). With ``overlap`` = the
most tiles the hand shares with any such ``C``::

    shanten = (3n + 1) − max overlap

so ``-1`` = complete, ``0`` = tenpai (one tile from a win that can physically happen),
``k`` = ``k`` useful draws away from tenpai. Unlike the plain block-counting formula, a
"wait" on a kind whose four copies are all in the hand does not count: ``123p456p789p4444m``
is 1-shanten, not tenpai.

Speed: the standard shape is solved per suit. For one suit's counts and caps one forward
pass over the nine ranks (:func:`_suit_dp`) gives the best overlap for every (sets 0–4,
pair 0–1) slot, cached on the suit's counts and caps (a suit without melds is split into
segments at gaps of two empty ranks, each solved once per process whatever suit it is in).
Honours are solved per kind (no runs), cached on the sorted (count, cap) pairs. The four
suit tables are then merged. Improving tiles (and waits) need no table per candidate draw:
the same pass also gives, per suit, the best overlap with one extra tile and the ranks where
that tile counts (:func:`plus_table`, :func:`shanten_and_improving`). The module is compiled
with mypyc (``setup.py``).

The C path. :func:`shanten` and :func:`shanten_and_improving` ask ``_shanten.c`` first (built by
``setup.py`` beside the scorer's ``_native.c``): the same definition and the same per-suit pass, with a
table of every suit without melds (each rank 0–4 tiles, at most 14 in all) built when the extension is
imported, so that no answer depends on the hands asked before. Its interface is plain values: the 34
counts, the 34 caps or ``None`` for :data:`ALL_KINDS_CAPS`, the two shape flags; out come
``(shanten, standard, chiitoitsu, kokushi)`` (and the improving kinds), or ``None`` for anything it does
not take (a count or cap outside 0–4, a tile count refused here), which the Python path then answers.
The Python path is the source of truth and stays whole (:func:`_py_shanten`,
:func:`_py_shanten_and_improving`); ``tests/discards/test_shanten_native.py`` compares the two, and with
xiangting. Without the extension (``RIICHI_PURE_PYTHON=1`` installs) or with ``RIICHI_NATIVE=0`` in the
environment only the Python path runs.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable, Sequence
from functools import lru_cache
from operator import itemgetter
from typing import Any, Final, NamedTuple

from .tiles import HONOURS, TERMINALS_AND_HONOURS, WINDS

__all__ = [
    "ALL_KINDS_CAPS",
    "NO_WINDS_CAPS",
    "ShantenResult",
    "caps_for",
    "chiitoitsu_shanten",
    "improving",
    "kokushi_shanten",
    "plus_table",
    "regular_shanten",
    "shanten",
    "shanten_and_improving",
    "waits",
]

_NEG: Final = -1000
"""Overlap of an impossible slot (any real overlap is ≥ 0)."""
_SLOTS: Final = 10
"""Slot index ``2 × sets + pair`` for sets 0–4 and pair 0–1."""
_EMPTY: Final = (0,) + (_NEG,) * (_SLOTS - 1)

ALL_KINDS_CAPS: Final[tuple[int, ...]] = (4,) * 34
"""Caps with every kind available and no melds: 4 copies of each of the 34 kinds."""
NO_WINDS_CAPS: Final = tuple(0 if k in WINDS else 4 for k in range(34))
"""Caps for a preset without winds (/docs/rules §1): winds can never be part of the hand."""
_ORPHANS: Final = tuple(sorted(TERMINALS_AND_HONOURS))
_ORPHAN_SET: Final = frozenset(TERMINALS_AND_HONOURS)


def caps_for(winds: bool, meld_counts: Sequence[int] = (), players: int = 4) -> tuple[int, ...]:
    """Caps per kind: 4 minus the copies in melds (a kan holds 4), 0 for winds when ``winds`` is off,
    0 for 2m–8m with ``players`` 3 (the 108 tiles of /docs/rulesets §7 Removed tiles).

    ``meld_counts``: 34 counts of meld tiles (empty = no melds).

    >>> caps_for(True, [3] + [0] * 33)[:3]
    (1, 4, 4)
    >>> caps_for(False)[27:]
    (0, 0, 0, 0, 4, 4, 4)
    >>> caps_for(True, players=3)[:10]
    (4, 0, 0, 0, 0, 0, 0, 0, 4, 4)
    """
    base = ALL_KINDS_CAPS if winds else NO_WINDS_CAPS
    if players == 3:
        base = (base[0], 0, 0, 0, 0, 0, 0, 0, *base[8:])
    if not meld_counts:
        return base
    return tuple(max(0, c - m) for c, m in zip(base, meld_counts, strict=True))


# --- one suit ------------------------------------------------------------------------


def _monotone(table: list[int]) -> tuple[int, ...]:
    """Slot ``(s, p)`` takes the best of every slot with ≤ s sets and ≤ p pairs (fillers added)."""
    for i in range(2, _SLOTS):
        if table[i - 2] > table[i]:
            table[i] = table[i - 2]
    for i in range(1, _SLOTS, 2):
        if table[i - 1] > table[i]:
            table[i] = table[i - 1]
    return tuple(table)


_STATES: Final = 25
"""DP states ``5a + b``: ``a`` runs started at the previous rank, ``b`` two ranks back (0–4 each)."""
_ONES: Final = sum(1 << (6 * i) for i in range(10))
"""Packed slot rows: slot ``i`` in bits ``6i``–``6i+5``, holding overlap + 1 (0 = nothing fits)."""
_GUARD: Final = _ONES << 5
_EVEN_LANES: Final = sum(63 << (12 * i) for i in range(5))
_LOW_LANES: Final[tuple[int, ...]] = tuple((1 << (6 * (10 - s))) - 1 for s in range(11))
"""``_LOW_LANES[s]``: the slots that stay in the row when moved up by ``s`` slots."""


_GAINS: Final[tuple[int, ...]] = tuple(g * _ONES for g in range(6))
"""``_GAINS[g]``: ``g`` added to every slot of a packed row (a table: mypyc multiplies big ints slowly)."""


def _packed_max(a: int, b: int) -> int:
    """Slot by slot maximum of two packed rows (values below 32)."""
    d = ((a | _GUARD) - b) & _GUARD
    m = (d - (d >> 5)) | d
    return (a & m) | (b & ~m)


def _suit_dp(counts: tuple[int, ...], caps: tuple[int, ...]) -> tuple[int, ...]:
    """The best overlap per exact slot ``2s + p`` of one suit's (or padded segment's) ``counts``.

    10 ints: s sets and p pairs placed here, within ``caps``; −1000 where none fits (fillers
    are added by the caller, :func:`_monotone`). One forward pass over the ranks; the state is
    the number of runs still open from the two previous ranks, and at each rank new runs, at
    most one triplet and at most one pair are placed within ``caps``. Sets that take no tile
    are not placed: at most as many new runs as tiles in the three ranks they cover, a triplet
    or a pair only where tiles are left for it. Each state's ten slots are one packed int
    (:data:`_ONES`), so placing a set moves and raises all ten at once (shifts, adds and a
    carry-free maximum) instead of a loop over slots. Long because it is a hot loop (every new
    suit or segment): one function for mypyc, no call or cache lookup per step.
    """
    ranks = len(counts)
    rows = [0] * _STATES
    rows[0] = 1
    for rank in range(ranks):
        h = counts[rank]
        cap = caps[rank]
        runs_ok = rank + 2 < ranks
        window = h + counts[rank + 1] + counts[rank + 2] if runs_ok else 0
        nxt = [0] * _STATES
        for state in range(_STATES):
            row = rows[state]
            if not row:
                continue
            a = state // 5
            need = a + state % 5
            if need > cap:
                continue
            nz = ((row | _GUARD) - _ONES) & _GUARD
            valid = (nz - (nz >> 5)) | nz
            room = min(4, cap - need)
            x_max = min(room, window) if runs_ok else 0
            for x in range(x_max + 1):
                base = need + x
                target = x * 5 + a
                best = nxt[target]
                for t in range(2 if h > base and base + 3 <= cap else 1):
                    for q in range(2 if h > base + 3 * t and base + 3 * t + 2 <= cap else 1):
                        d = base + 3 * t + 2 * q
                        gain = h if h < d else d
                        shift = 2 * (x + t) + q
                        if shift >= _SLOTS:
                            continue
                        src = (row + _GAINS[gain]) & valid
                        if q:
                            src = src & _EVEN_LANES
                        best = _packed_max(best, (src & _LOW_LANES[shift]) << (6 * shift))
                nxt[target] = best
        rows = nxt
    final = rows[0]
    return tuple(((final >> (6 * i)) & 63) - 1 if (final >> (6 * i)) & 63 else _NEG for i in range(_SLOTS))


def _lanes(guard: int) -> int:
    """Every bit of the slots whose guard bit is set in ``guard``."""
    return (guard - (guard >> 5)) | guard


def _into_plus(
    rows: list[int], masks: list[list[int]], target: int, moved: int, bit: int, src: list[int], shift: int
) -> None:
    """Join the packed extra-tile row ``moved`` into ``rows[target]``, with its masks.

    ``bit`` (a placed extra tile's rank) is every slot's mask when non-zero, else slot ``i``'s mask
    is ``src[i - shift]``; equal slots join masks, better ones replace them.
    """
    old = rows[target]
    live = ((moved | _GUARD) - _ONES) & _GUARD  # moved holds something
    take = (((moved | _GUARD) - old) & _GUARD) & live  # ... and is at least old
    if not take:
        return
    if not old:
        masks[target] = [0] * _SLOTS
    row_masks = masks[target]
    equal = take & (((old | _GUARD) - moved) & _GUARD)
    if take != equal:
        rows[target] = (old & ~_lanes(take)) | (moved & _lanes(take))
    take = take >> (6 * shift + 5)
    equal = equal >> (6 * shift + 5)
    j = shift
    while take:
        if take & 1:
            m = bit if bit else src[j - shift]
            row_masks[j] = row_masks[j] | m if equal & 1 else m
        take = take >> 6
        equal = equal >> 6
        j += 1


def _suit_dp_plus(counts: tuple[int, ...], caps: tuple[int, ...]) -> list[int]:
    """One suit's (or padded segment's) best overlap with one extra tile that counts, per exact slot.

    30 ints: ``[0:10]`` as :func:`_suit_dp` (the pass without the extra tile is part of this
    one); ``[10 + i]`` the best overlap of ``counts`` plus one tile at a rank where the set or
    pair placed there holds more copies than ``counts`` (so the tile counts), −1000 where
    none; ``[20 + i]`` the bit mask of the ranks (bit 0 = the first) where that tile goes, over
    every configuration reaching that best. The pass and sets of :func:`_suit_dp`, and the
    extra tile may make one more set useful: a triplet or pair on its own rank, or one run more
    than the tiles of its three ranks, which must then receive the extra tile (the "owing" rows,
    ``o2``: the tile at this rank or the next, ``o1``: at this rank). Rows without the extra
    tile and owing rows are packed ints; rows with it placed (``v1``) are packed too, with ten
    masks each, updated only on the slots that change (:func:`_into_plus`).

    Long because it is the hot loop of improving tiles and waits: one function for mypyc,
    no call, tuple or cache lookup per step but the mask updates.
    """
    ranks = len(counts)
    v0 = [0] * _STATES
    o2 = [0] * _STATES
    o1 = [0] * _STATES
    v1 = [0] * _STATES
    empty: list[int] = []
    m1: list[list[int]] = [empty] * _STATES
    v0[0] = 1
    for rank in range(ranks):
        h = counts[rank]
        cap = caps[rank]
        runs_ok = rank + 2 < ranks
        window = h + counts[rank + 1] + counts[rank + 2] if runs_ok else 0
        bit = 1 << rank
        n0 = [0] * _STATES
        p2 = [0] * _STATES
        p1 = [0] * _STATES
        n1 = [0] * _STATES
        nm: list[list[int]] = [empty] * _STATES
        for state in range(_STATES):
            s0 = v0[state]
            s2 = o2[state]
            s1 = o1[state]
            sv = v1[state]
            if not (s0 or s2 or s1 or sv):
                continue
            a = state // 5
            need = a + state % 5
            if need > cap:
                continue
            k0 = _lanes(((s0 | _GUARD) - _ONES) & _GUARD)
            k2 = _lanes(((s2 | _GUARD) - _ONES) & _GUARD)
            k1 = _lanes(((s1 | _GUARD) - _ONES) & _GUARD)
            kv = _lanes(((sv | _GUARD) - _ONES) & _GUARD)
            sm = m1[state]
            room = min(4, cap - need)
            x_h = min(room, window) if runs_ok else 0
            x_p = min(room, window + 1) if runs_ok else 0
            for x in range(x_p + 1):
                base = need + x
                target = x * 5 + a
                over = x > x_h
                for t in range(2):
                    if t and not (base + 3 <= cap and h + 1 > base):
                        continue
                    t_h = t == 0 or h > base
                    for q in range(2):
                        if q and not (base + 3 * t + 2 <= cap and h + 1 > base + 3 * t):
                            continue
                        shift = 2 * (x + t) + q
                        if shift >= _SLOTS:
                            continue
                        plain = t_h and (q == 0 or h > base + 3 * t)
                        d = base + 3 * t + 2 * q
                        gain = h if h < d else d
                        keep = _LOW_LANES[shift] & _EVEN_LANES if q else _LOW_LANES[shift]
                        up = 6 * shift
                        add = _GAINS[gain]
                        if plain and s0:
                            moved = (((s0 + add) & k0) & keep) << up
                            if over:
                                p2[target] = _packed_max(p2[target], moved)
                            else:
                                n0[target] = _packed_max(n0[target], moved)
                        if plain and not over:
                            if s2:
                                p1[target] = _packed_max(p1[target], (((s2 + add) & k2) & keep) << up)
                            if sv:
                                _into_plus(n1, nm, target, (((sv + add) & kv) & keep) << up, 0, sm, shift)
                        if d > h:
                            add = _GAINS[gain + 1]
                            if s0:
                                _into_plus(n1, nm, target, (((s0 + add) & k0) & keep) << up, bit, sm, shift)
                            if s2:
                                _into_plus(n1, nm, target, (((s2 + add) & k2) & keep) << up, bit, sm, shift)
                            if s1:
                                _into_plus(n1, nm, target, (((s1 + add) & k1) & keep) << up, bit, sm, shift)
        v0 = n0
        o2 = p2
        o1 = p1
        v1 = n1
        m1 = nm
    row = v0[0]
    final = v1[0]
    out = [_NEG] * (2 * _SLOTS) + [0] * _SLOTS
    for i in range(_SLOTS):
        value = (row >> (6 * i)) & 63
        if value:
            out[i] = value - 1
        value = (final >> (6 * i)) & 63
        if value:
            out[_SLOTS + i] = value - 1
            out[2 * _SLOTS + i] = m1[0][i]
    return out


_FULL_SUIT: Final = (4,) * 9


@lru_cache(maxsize=1 << 14)
def _segment_table(key: tuple[int, ...]) -> tuple[int, ...]:
    """Slot table of one segment ``(left room, counts…, right room)`` with every cap 4."""
    left, counts, right = key[0], key[1:-1], key[-1]
    padded = (0,) * left + counts + (0,) * right
    return _monotone(list(_suit_dp(padded, (4,) * len(padded))))


def _segments(counts: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Split one suit's counts at gaps of two or more empty ranks, as canonical segment keys.

    No set can share tiles with both sides of such a gap (a run spans three ranks), so the
    suit's table is the merge of its segments' tables. A segment's key is its counts plus the
    number of empty ranks (0–2) beside it inside the suit, whichever of it and its mirror
    image sorts first (ranks 1–9 read backwards give the same table).
    """
    out: list[tuple[int, ...]] = []
    for i, j in _spans(counts):
        seg = counts[i:j]
        left, right = min(2, i), min(2, 9 - j)
        key = (left, *seg, right)
        mirror = (right, *reversed(seg), left)
        out.append(min(key, mirror))
    return out


def _spans(counts: tuple[int, ...]) -> list[tuple[int, int]]:
    """The ranks ``[i, j)`` of each segment of one suit's counts (split at two or more empty ranks).

    >>> _spans((1, 1, 0, 0, 1, 0, 1, 0, 0))
    [(0, 2), (4, 7)]
    """
    spans: list[tuple[int, int]] = []
    i = 0
    while i < 9:
        if not counts[i]:
            i += 1
            continue
        j = i
        while j < 9 and (counts[j] or (j + 1 < 9 and counts[j + 1])):
            j += 1
        spans.append((i, j))
        i = j
    return spans


@lru_cache(maxsize=1 << 16)
def suit_table(counts: tuple[int, ...], caps: tuple[int, ...]) -> tuple[int, ...]:
    """Best overlap of one suit's nine ``counts`` with at most ``s`` sets + ``p`` pairs (fillers elsewhere).

    Index ``2s + p`` (s 0–4, p 0–1); −1000 where nothing fits ``caps``. Cached on the
    suit's counts and caps (the canonical key: order and red fives do not matter). Without
    melds in the suit (every cap 4) the suit is solved as independent segments, shared
    between suits.

    >>> suit_table((1, 1, 1, 0, 0, 0, 0, 0, 0), (4,) * 9)[2:4]  # one set: the run 123
    (3, 3)
    >>> suit_table((4, 0, 0, 0, 0, 0, 0, 0, 0), (4,) * 9)[3]  # 111 + 1: the triplet and a lone 1
    3
    """
    if caps != _FULL_SUIT:
        return _monotone(list(_suit_dp(counts, caps)))
    table = _EMPTY
    for key in _segments(counts):
        table = _merge(table, _segment_table(key))
    return table


def _with_fillers(t: list[int]) -> tuple[int, ...]:
    """An extra-tile table (10 overlaps, 10 masks) with fillers, as :func:`_monotone`: equal bests join their masks."""
    for i in range(2, _SLOTS):
        if t[i - 2] > t[i]:
            t[i] = t[i - 2]
            t[_SLOTS + i] = t[_SLOTS + i - 2]
        elif t[i - 2] == t[i] and t[i] >= 0:
            t[_SLOTS + i] = t[_SLOTS + i] | t[_SLOTS + i - 2]
    for i in range(1, _SLOTS, 2):
        if t[i - 1] > t[i]:
            t[i] = t[i - 1]
            t[_SLOTS + i] = t[_SLOTS + i - 1]
        elif t[i - 1] == t[i] and t[i] >= 0:
            t[_SLOTS + i] = t[_SLOTS + i] | t[_SLOTS + i - 1]
    return tuple(t)


@lru_cache(maxsize=1 << 14)
def _segment_plus(key: tuple[int, ...]) -> tuple[int, ...]:
    """:func:`plus_table` of one segment key (as :func:`_segment_table`); mask bits index the padded ranks."""
    left, counts, right = key[0], key[1:-1], key[-1]
    padded = (0,) * left + counts + (0,) * right
    t = _suit_dp_plus(padded, (4,) * len(padded))
    return _monotone(t[:_SLOTS]) + _with_fillers(t[_SLOTS:])


def _merge_plus(out: list[int], p: Sequence[int], masks: list[int], v: tuple[int, ...]) -> None:
    """Join into ``out`` (10 overlaps, 10 masks) the merge of extra-tile overlaps ``p`` (masks ``masks``) with ``v``."""
    for i in range(_SLOTS):
        x = p[i]
        if x < 0:
            continue
        odd = i & 1
        for j in range(_SLOTS - i):
            y = v[j]
            if y < 0 or (odd and j & 1):
                continue
            k = i + j
            if x + y > out[k]:
                out[k] = x + y
                out[_SLOTS + k] = masks[i]
            elif x + y == out[k]:
                out[_SLOTS + k] = out[_SLOTS + k] | masks[i]


_LONE_PLUS: Final[tuple[int, ...]] = (_NEG,) + (1,) * (_SLOTS - 1)
"""Extra-tile overlaps of a rank with no tile within two ranks: the extra tile alone in a set or the pair."""


@lru_cache(maxsize=1 << 16)
def plus_table(counts: tuple[int, ...], caps: tuple[int, ...]) -> tuple[int, ...]:
    """One suit's table (:func:`suit_table`) and its best overlap with one extra tile that counts: 30 ints.

    ``[0:10]``: :func:`suit_table`. ``[10 + i]`` for slot ``i``: the best overlap of ``counts``
    plus one tile of the suit at a rank where the set or pair placed there holds more copies
    than ``counts``; ``[20 + i]``: the bit mask of every such rank (bit 0 = rank 1) over the
    configurations that reach it. Fillers as in :func:`suit_table` (the masks of equal bests
    joined). A draw of the suit adds one to the hand's best overlap exactly when it lands on
    such a rank of a configuration that is best for the whole hand (:func:`shanten_and_improving`).

    Without melds in the suit it is built from segments (:func:`_segments`; each segment's
    own tables cached, its mask bits moved to the suit's ranks, mirrored back if its key is
    the mirror image), merged with the other segments' tables, and from the ranks with no
    tile within two ranks (:data:`_LONE_PLUS`): no set holds tiles of two segments.

    >>> t = plus_table((0, 1, 1, 0, 0, 0, 0, 0, 0), (4,) * 9)
    >>> t[2], t[12], bin(t[22])  # one set: 23 now, 123 or 234 with the extra 1 or 4
    (2, 3, '0b1001')
    """
    if caps != _FULL_SUIT:
        t = _suit_dp_plus(counts, caps)
        return _monotone(t[:_SLOTS]) + _with_fillers(t[_SLOTS:])
    spans = _spans(counts)
    keys = _segments(counts)
    segs = [_segment_plus(key) for key in keys]
    tables = [seg[:_SLOTS] for seg in segs]
    whole = _EMPTY
    for table in tables:
        whole = _merge(whole, table)
    out = [_NEG] * _SLOTS + [0] * _SLOTS
    near = 0
    for start, end in spans:
        for r in range(max(0, start - 2), min(9, end + 2)):
            near = near | (1 << r)
    lone = 511 & ~near
    if lone:
        _merge_plus(out, _LONE_PLUS, [lone] * _SLOTS, whole)
    for a in range(len(keys)):
        start, end = spans[a]
        key = keys[a]
        left, right = min(2, start), min(2, 9 - end)
        mirrored = key != (left, *counts[start:end], right)
        seg = segs[a]
        masks = [0] * _SLOTS
        for slot in range(_SLOTS):
            m = seg[2 * _SLOTS + slot]
            moved = 0
            p = 0
            while m:
                if m & 1:
                    moved = moved | (1 << (end + right - 1 - p if mirrored else start - left + p))
                m = m >> 1
                p += 1
            masks[slot] = moved
        rest = _EMPTY
        for b in range(len(keys)):
            if b != a:
                rest = _merge(rest, tables[b])
        _merge_plus(out, seg[_SLOTS:], masks, rest)
    return whole + _with_fillers(out)


@lru_cache(maxsize=1 << 14)
def _honour_table(pairs: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    """Best overlap per slot for honour kinds given as sorted (count, cap) pairs: triplets and pairs only."""
    best = list(_EMPTY)
    for h, cap in pairs:
        if not h:
            continue  # fillers: see _suit_tables
        new = list(best)
        for i in range(_SLOTS):
            v = best[i]
            if v < 0:
                continue
            if cap >= 2 and not i & 1:
                w = v + min(h, 2)
                if w > new[i + 1]:
                    new[i + 1] = w
            if cap >= 3 and i + 2 < _SLOTS:
                w = v + min(h, 3)
                if w > new[i + 2]:
                    new[i + 2] = w
        best = new
    return _monotone(best)


@lru_cache(maxsize=1 << 16)
def _merge(u: tuple[int, ...], v: tuple[int, ...]) -> tuple[int, ...]:
    """Max-plus merge of two slot tables (sets add up to ≤ 4, at most one pair in all).

    Cached: many suit patterns share a table, so the pairs of tables seen are few.
    """
    out = [_NEG] * _SLOTS
    for i in range(_SLOTS):
        x = u[i]
        if x < 0:
            continue
        odd = i & 1
        for j in range(_SLOTS - i):  # i + j ≤ 9 keeps the sets at 4 or fewer
            y = v[j]
            if y < 0 or (odd and j & 1):
                continue
            if x + y > out[i + j]:
                out[i + j] = x + y
    return tuple(out)


def _best(u: tuple[int, ...], v: tuple[int, ...], slot: int) -> int:
    """Best overlap at one ``slot`` of the merge of ``u`` and ``v`` (negative if impossible)."""
    best = _NEG
    for i in range(slot + 1):
        j = slot - i
        if i & 1 and j & 1:
            continue
        x = u[i] + v[j]
        if x > best:
            best = x
    return best


@lru_cache(maxsize=1 << 16)
def _full_suit(counts: tuple[int, ...]) -> tuple[int, ...]:
    """:func:`suit_table` of a suit without melds (every cap 4), cached on the nine counts alone."""
    return suit_table(counts, _FULL_SUIT)


@lru_cache(maxsize=1 << 12)
def _full_honours(counts: tuple[int, ...]) -> tuple[int, ...]:
    """:func:`_honour_table` of sorted honour counts whose held kinds all have cap 4."""
    return _honour_table(tuple((h, 4) for h in counts))


def _default_caps(c: tuple[int, ...], k: tuple[int, ...]) -> bool:
    """No melds and every held kind exists: the fast paths apply (winds of a windless hand are 0)."""
    return k == ALL_KINDS_CAPS or (k == NO_WINDS_CAPS and not any(c[27:31]))


def _tables(counts: Sequence[int], caps: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """The four slot tables: man, pin, sou, honours."""
    c = tuple(counts)
    k = tuple(caps)
    if _default_caps(c, k):
        return (_full_suit(c[0:9]), _full_suit(c[9:18]), _full_suit(c[18:27]), _full_honours(tuple(sorted(c[27:]))))
    honours = tuple(sorted(zip(c[27:], k[27:], strict=True)))
    return (
        suit_table(c[0:9], k[0:9]),
        suit_table(c[9:18], k[9:18]),
        suit_table(c[18:27], k[18:27]),
        _honour_table(honours),
    )


def _sets_needed(tiles: int) -> int:
    if tiles % 3 == 0 or not 1 <= tiles <= 14:
        raise ValueError(f"a concealed part has 3n+1 or 3n+2 tiles (1–14), got {tiles}")
    return (tiles - 1) // 3


def regular_shanten(counts: Sequence[int], caps: Sequence[int] = ALL_KINDS_CAPS) -> int:
    """Shanten of the standard shape (n sets + 1 pair) for 34 concealed ``counts``.

    ``caps``: most copies per kind the complete concealed part may hold (:func:`caps_for`).
    Raises ``ValueError`` when the tile count is not 3n+1 or 3n+2 (1–14).
    A hand whose every completion breaks a cap has no finite shanten; that cannot happen
    for a hand that itself respects the caps, and 8 is returned as a bound.

    >>> from .tiles import parse_tiles
    >>> def counts(s):
    ...     c = [0] * 34
    ...     for k in parse_tiles(s).kinds: c[k] += 1
    ...     return c
    >>> regular_shanten(counts("123456789m1234p"))  # 4p tanki or 1p/4p nobetan: tenpai
    0
    >>> regular_shanten(counts("123p456p789p4444m"))  # only 'wait' is a fifth 4m
    1
    """
    n = _sets_needed(sum(counts))
    man, pin, sou, hon = _tables(counts, caps)
    total = _best(_merge(_merge(man, pin), sou), hon, 2 * n + 1)
    if total < 0:
        return 8
    return 3 * n + 1 - total


def chiitoitsu_shanten(counts: Sequence[int], caps: Sequence[int] = ALL_KINDS_CAPS) -> int | None:
    """Shanten of seven *different* pairs (a quad is one pair, /docs/rules §2); None unless 13 or 14 tiles.

    Best overlap = the seven kinds (with cap ≥ 2) holding the most of min(count, 2).
    """
    c = tuple(counts)
    if sum(c) not in (13, 14):
        return None
    k = tuple(caps)
    if _default_caps(c, k):
        singles = c.count(1)
        pairs = 34 - c.count(0) - singles
    else:
        kinds = pairs = singles = 0
        for n, cap in zip(c, k, strict=True):
            if cap >= 2:
                kinds += 1
                if n >= 2:
                    pairs += 1
                elif n:
                    singles += 1
        if kinds < 7:
            return None
    pairs = min(pairs, 7)
    return 13 - 2 * pairs - min(singles, 7 - pairs)


_orphan_counts: Final = itemgetter(*_ORPHANS)


def kokushi_shanten(counts: Sequence[int], caps: Sequence[int] = ALL_KINDS_CAPS) -> int | None:
    """Shanten of kokushi musou (13 orphans + one duplicate); None unless 13 or 14 tiles and every orphan exists."""
    if sum(counts) not in (13, 14):
        return None
    held: tuple[int, ...] = _orphan_counts(counts)
    if tuple(caps) == ALL_KINDS_CAPS:
        dup = max(held) >= 2
    else:
        if min(_orphan_counts(caps)) < 1:
            return None
        dup = any(n >= 2 and cap >= 2 for n, cap in zip(held, _orphan_counts(caps), strict=True))
    return held.count(0) - (1 if dup else 0)


def _special(counts: Sequence[int], caps: Sequence[int], chiitoitsu: bool, kokushi: bool) -> int:
    """Best shanten of the allowed special shapes (8 when none applies)."""
    best = 8
    for on, fn in ((chiitoitsu, chiitoitsu_shanten), (kokushi, kokushi_shanten)):
        value = fn(counts, caps) if on else None
        if value is not None and value < best:
            best = value
    return best


class ShantenResult(NamedTuple):
    """Shanten per shape and the best. ``None`` = that shape is not available to this hand."""

    shanten: int
    regular: int
    chiitoitsu: int | None
    kokushi: int | None


def _native_functions() -> tuple[Callable[..., Any] | None, Callable[..., Any] | None]:
    """``_shanten.c``'s ``shanten`` and ``improving``, or ``None`` twice (not built, or ``RIICHI_NATIVE=0``).

    Raises ``ImportError`` when the layout the C code states (its answer's field names, the orphan and
    honour kinds) is not :class:`ShantenResult`'s and :mod:`.tiles`'.
    """
    if os.environ.get("RIICHI_NATIVE", "1") == "0":
        return None, None
    try:
        module = importlib.import_module("service.scoring._shanten")
    except ImportError:
        return None, None
    stated = (tuple(module.FIELDS), tuple(module.ORPHANS), tuple(module.HONOURS))
    expected = (ShantenResult._fields, _ORPHANS, (min(HONOURS), max(HONOURS) + 1))
    if stated != expected:
        raise ImportError(f"_shanten.c states {stated}, shanten.py expects {expected}: rebuild or align them")
    return module.shanten, module.improving


_C_FUNCTIONS: Final = _native_functions()
_C_SHANTEN: Final = _C_FUNCTIONS[0]
_C_IMPROVING: Final = _C_FUNCTIONS[1]
NATIVE: Final = _C_SHANTEN is not None
"""Whether :func:`shanten` and :func:`shanten_and_improving` ask the C code first (their answers: ``_shanten.c``'s
plain tuple made a :class:`ShantenResult` by the field names it states, checked here)."""


def shanten(
    counts: Sequence[int],
    caps: Sequence[int] = ALL_KINDS_CAPS,
    *,
    chiitoitsu: bool = True,
    kokushi: bool = True,
) -> ShantenResult:
    """Shanten of 34 concealed ``counts`` (3n+1 or 3n+2 tiles), best over the allowed shapes.

    ``chiitoitsu``/``kokushi``: whether those shapes exist for this hand (both need a hand
    without melds, i.e. 13 or 14 concealed tiles; kokushi needs a preset with winds and the
    yaku). Raises ``ValueError`` for a tile count that is not 3n+1 or 3n+2 (1–14).

    >>> from .tiles import parse_tiles
    >>> c = [0] * 34
    >>> for k in parse_tiles("19m19p19s1234567z").kinds: c[k] += 1
    >>> shanten(c)
    ShantenResult(shanten=0, regular=8, chiitoitsu=6, kokushi=0)
    """
    if _C_SHANTEN is not None:
        answer = _C_SHANTEN(counts, None if caps is ALL_KINDS_CAPS else caps, chiitoitsu, kokushi)
        if answer is not None:
            return tuple.__new__(ShantenResult, answer)
    return _py_shanten(counts, caps, chiitoitsu=chiitoitsu, kokushi=kokushi)


def _py_shanten(
    counts: Sequence[int],
    caps: Sequence[int] = ALL_KINDS_CAPS,
    *,
    chiitoitsu: bool = True,
    kokushi: bool = True,
) -> ShantenResult:
    """:func:`shanten` by the Python path alone."""
    regular = regular_shanten(counts, caps)
    chiitoi = chiitoitsu_shanten(counts, caps) if chiitoitsu else None
    koku = kokushi_shanten(counts, caps) if kokushi else None
    best = min(x for x in (regular, chiitoi, koku) if x is not None)
    return ShantenResult(best, regular, chiitoi, koku)


def improving(
    counts: Sequence[int],
    caps: Sequence[int] = ALL_KINDS_CAPS,
    *,
    chiitoitsu: bool = True,
    kokushi: bool = True,
) -> list[int]:
    """Kinds whose draw lowers the shanten of a ``3n+1``-tile concealed part, ascending.

    For a tenpai hand these are its waits; for a complete-minus-nothing hand (shanten ≥ 1)
    the tiles that bring it closer (ukeire). A kind counts only if one more copy fits its
    cap, so a wait on a kind whose four copies are all in the hand or melds is no wait.
    Shapes as in :func:`shanten`. Raises ``ValueError`` for a tile count that is not 3n+1.
    See :func:`shanten_and_improving` for how.
    """
    return shanten_and_improving(counts, caps, chiitoitsu=chiitoitsu, kokushi=kokushi)[1]


def shanten_and_improving(
    counts: Sequence[int],
    caps: Sequence[int] = ALL_KINDS_CAPS,
    *,
    chiitoitsu: bool = True,
    kokushi: bool = True,
) -> tuple[ShantenResult, list[int]]:
    """:func:`shanten` and :func:`improving` of a ``3n+1``-tile concealed part, sharing the work.

    A draw adds at most one to the best overlap ``M`` (:func:`regular_shanten`), and it adds
    one exactly when some complete ``C`` of overlap ``M`` holds more copies of the drawn kind
    than the hand. So the suit kinds that lower the standard shape's shanten are read off
    :func:`plus_table` (per suit, the best overlap with one extra tile that counts, and the
    ranks where it can go) where it reaches ``M + 1`` beside the other suits' tables: one
    cached table per suit instead of a table per candidate kind. Honours (at most 7 kinds,
    tiny tables) are tried one by one, and so are chiitoitsu and kokushi, but only when their
    shanten is the hand's (a draw lowers a shape's shanten by at most one). A kind lowers the
    hand's shanten when it lowers the shanten of a shape that has the hand's shanten.

    Long because it runs once per discard of every ``POST /v1/tenpai`` answer: the shapes and
    the draws share their counts and tables in one compiled function.
    """
    if _C_IMPROVING is not None:
        answer = _C_IMPROVING(counts, None if caps is ALL_KINDS_CAPS else caps, chiitoitsu, kokushi)
        if answer is not None:
            return tuple.__new__(ShantenResult, answer[0]), answer[1]
    return _py_shanten_and_improving(counts, caps, chiitoitsu=chiitoitsu, kokushi=kokushi)


def _py_shanten_and_improving(
    counts: Sequence[int],
    caps: Sequence[int] = ALL_KINDS_CAPS,
    *,
    chiitoitsu: bool = True,
    kokushi: bool = True,
) -> tuple[ShantenResult, list[int]]:
    """:func:`shanten_and_improving` by the Python path alone (the docstring there says how).

    Long because it is one pass for mypyc: the shanten of each shape, then one loop over the 34 kinds that
    reads a dozen locals of the first part (the suits' tables and merges, the quick chiitoitsu and kokushi
    counts); split, each step would take them all as arguments."""
    c = list(counts)
    tiles = sum(c)
    if tiles % 3 != 1 or tiles > 13:
        raise ValueError(f"a 3n+1-tile concealed part (1–13 tiles) is needed, got {tiles} tiles")
    n = _sets_needed(tiles)
    slot = 2 * n + 1
    key_c = tuple(c)
    key_k = tuple(caps)
    pluses = [plus_table(key_c[lo : lo + 9], key_k[lo : lo + 9]) for lo in (0, 9, 18)]
    man, pin, sou = (t[:_SLOTS] for t in pluses)
    if _default_caps(key_c, key_k):
        hon = _full_honours(tuple(sorted(key_c[27:])))
    else:
        hon = _honour_table(tuple(sorted(zip(key_c[27:], key_k[27:], strict=True))))
    man_pin = _merge(man, pin)
    sou_hon = _merge(sou, hon)
    # for each suit, the merge of the three others (max-plus merges commute)
    beside = (_merge(pin, sou_hon), _merge(man, sou_hon), _merge(man_pin, hon), _merge(man_pin, sou))
    total = _best(beside[3], hon, slot)
    if total < 0:  # no completion fits the caps (see regular_shanten): try every draw
        return _py_shanten(c, caps, chiitoitsu=chiitoitsu, kokushi=kokushi), _improving_by_draws(
            c, caps, chiitoitsu, kokushi
        )
    regular = 3 * n + 1 - total
    # chiitoitsu and kokushi, now and after a draw, counted from the hand's own counts (default caps)
    quick_chiitoi = chiitoitsu and tiles == 13 and _default_caps(key_c, key_k)
    quick_koku = kokushi and tiles == 13 and key_k == ALL_KINDS_CAPS
    singles = c.count(1)
    pairs = 34 - c.count(0) - singles
    held = [c[k] for k in _ORPHANS]
    missing = held.count(0)
    dup = max(held) >= 2
    chiitoi: int | None = None
    if quick_chiitoi:
        p = min(pairs, 7)
        chiitoi = 13 - 2 * p - min(singles, 7 - p)
    elif chiitoitsu:
        chiitoi = chiitoitsu_shanten(c, caps)
    koku: int | None = None
    if quick_koku:
        koku = missing - (1 if dup else 0)
    elif kokushi:
        koku = kokushi_shanten(c, caps)
    now = regular
    if chiitoi is not None and chiitoi < now:
        now = chiitoi
    if koku is not None and koku < now:
        now = koku
    result = ShantenResult(now, regular, chiitoi, koku)
    by_regular = regular == now
    by_special = chiitoi == now or koku == now
    out: list[int] = []
    for suit in range(4):
        lo = 9 * suit
        hi = 34 if suit == 3 else lo + 9
        mask = 0
        others = beside[suit]
        if by_regular and suit < 3:
            plus = pluses[suit]
            for i in range(slot + 1):
                j = slot - i
                if i & 1 and j & 1:
                    continue
                x = plus[_SLOTS + i]
                y = others[j]
                if x >= 0 and y >= 0 and x + y == total + 1:
                    mask = mask | plus[2 * _SLOTS + i]
        honour_hits: dict[int, bool] = {}  # by (count, cap): the sorted honour table depends on nothing else
        for k in range(lo, hi):
            n = c[k]
            if n >= caps[k]:
                continue
            hit = False
            if by_regular:
                if suit < 3:
                    hit = (mask >> (k - lo)) & 1 == 1
                else:
                    known = honour_hits.get(8 * n + caps[k])
                    if known is None:
                        c[k] = n + 1
                        table = _honour_table(tuple(sorted(zip(c[27:], caps[27:], strict=True))))
                        c[k] = n
                        known = _best(others, table, slot) > total
                        honour_hits[8 * n + caps[k]] = known
                    hit = known
            if not hit and by_special:
                if chiitoi == now:
                    if quick_chiitoi:
                        p = pairs + (n == 1)
                        single = singles + (n == 0) - (n == 1)
                        p = min(p, 7)
                        hit = 13 - 2 * p - min(single, 7 - p) < now
                    else:
                        c[k] = n + 1
                        after = chiitoitsu_shanten(c, caps)
                        c[k] = n
                        hit = after is not None and after < now
                if not hit and koku == now:
                    if quick_koku:
                        orphan = k in _ORPHAN_SET
                        hit = (missing - (orphan and n == 0)) - (1 if dup or (orphan and n == 1) else 0) < now
                    else:
                        c[k] = n + 1
                        after = kokushi_shanten(c, caps)
                        c[k] = n
                        hit = after is not None and after < now
            if hit:
                out.append(k)
    return result, out


def _improving_by_draws(c: list[int], caps: Sequence[int], chiitoitsu: bool, kokushi: bool) -> list[int]:
    """:func:`improving` by trying every draw with its suit's own table (any hand, also one with no finite shanten)."""
    tiles = sum(c)
    now = _py_shanten(c, caps, chiitoitsu=chiitoitsu, kokushi=kokushi).shanten
    n = _sets_needed(tiles + 1)
    slot = 2 * n + 1
    tables = _tables(c, caps)
    out: list[int] = []
    for suit in range(4):
        lo = 9 * suit
        hi = 34 if suit == 3 else lo + 9
        others = _EMPTY
        for j in range(4):
            if j != suit:
                others = _merge(others, tables[j])
        for k in range(lo, hi):
            if c[k] >= caps[k]:
                continue
            c[k] = c[k] + 1
            if suit < 3:
                table = suit_table(tuple(c[lo:hi]), tuple(caps[lo:hi]))
            else:
                table = _honour_table(tuple(sorted(zip(c[27:], caps[27:], strict=True))))
            after = min(3 * n + 1 - _best(others, table, slot), _special(c, caps, chiitoitsu, kokushi))
            c[k] = c[k] - 1
            if after < now:
                out.append(k)
    return out


def waits(
    counts: Sequence[int],
    caps: Sequence[int] = ALL_KINDS_CAPS,
    *,
    chiitoitsu: bool = True,
    kokushi: bool = True,
) -> list[int]:
    """Kinds that complete a ``3n+1``-tile concealed part, ascending; empty when not tenpai.

    A kind counts only if one more copy fits its cap (so a wait on a kind whose four copies
    are all in the hand or melds is no wait). Shapes as in :func:`shanten`.

    >>> from .tiles import kind_name, parse_tiles
    >>> c = [0] * 34
    >>> for k in parse_tiles("1234444m123p555s").kinds: c[k] += 1
    >>> [kind_name(k) for k in waits(c)]  # 4m would be a fifth copy
    ['1m']
    """
    if shanten(counts, caps, chiitoitsu=chiitoitsu, kokushi=kokushi).shanten != 0:
        return []
    return improving(counts, caps, chiitoitsu=chiitoitsu, kokushi=kokushi)

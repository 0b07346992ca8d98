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

Speed: the standard shape is solved per suit. For one suit's counts and caps a small
dynamic programme over the nine ranks gives the best overlap for every (sets 0–4, pair 0–1)
slot; it is memoised on the suffix of counts, so equal suit patterns (the canonical key:
the nine counts) are solved once per process. Honours are solved per kind (no runs),
cached on the sorted (count, cap) pairs. The four suit tables are then merged.

Improving tiles (and waits) need no table per candidate draw: :func:`plus_table` gives, per
suit, the best overlap with one extra tile that counts and the ranks where it can go, in one
memoised pass like the one above (:func:`shanten_and_improving`). The module is compiled
with mypyc (``setup.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from operator import itemgetter
from typing import Final, NamedTuple

from .tiles import TERMINALS_AND_HONOURS, WINDS

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
_IMPOSSIBLE: Final = (_NEG,) * _SLOTS
_EMPTY: Final = (0,) + (_NEG,) * (_SLOTS - 1)

ALL_KINDS_CAPS: Final = (4,) * 34
"""Caps with every kind available and no melds: 4 copies of each of the 34 kinds."""
NO_WINDS_CAPS: Final = tuple(0 if k in WINDS else 4 for k in range(34))
"""Caps for a preset without winds (/docs/rules §1): winds can never be part of the hand."""
_ORPHANS: Final = tuple(sorted(TERMINALS_AND_HONOURS))


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


@lru_cache(maxsize=1 << 18)
def _suffix(counts: tuple[int, ...], caps: tuple[int, ...], a: int, b: int) -> tuple[int, ...]:
    """Best overlap per slot for the ranks ``counts`` (a suffix of one suit), *useful* sets only.

    ``a`` runs started one rank earlier (they need a tile here and at the next rank),
    ``b`` runs started two ranks earlier (they need a tile here only). Sets are counted at
    the rank where they start, so ``a``/``b`` are already counted by the caller.

    Sets and pairs that would share no tile with the hand ("fillers") are not placed here:
    they can always be placed somewhere in the full 34 kinds (a hand holds at most 14
    kinds, melds restrict at most 4), so :func:`_monotone` adds them to the totals.
    """
    if a == 0 and b == 0 and not any(counts):
        return _EMPTY
    need = a + b
    cap = caps[0]
    if need > cap:
        return _IMPOSSIBLE
    h = counts[0]
    rest_c = counts[1:]
    rest_k = caps[1:]
    # a run that takes no tile at any of its three ranks is a filler
    max_r = min(4, cap - need, h + rest_c[0] + rest_c[1]) if len(counts) >= 3 else 0
    best = [_NEG] * _SLOTS
    for r in range(max_r + 1):
        child = _suffix(rest_c, rest_k, r, a)  # runs start at rank 7 at the latest, so none overrun
        base = need + r
        for t in (0, 1) if h > base and base + 3 <= cap else (0,):
            for q in (0, 1) if h > base + 3 * t and base + 3 * t + 2 <= cap else (0,):
                d = base + 3 * t + 2 * q
                gain = h if h < d else d
                shift = 2 * (r + t) + q
                for i in range(_SLOTS - shift):
                    v = child[i]
                    if v < 0 or (q and i & 1):
                        continue
                    v += gain
                    if v > best[i + shift]:
                        best[i + shift] = v
    return tuple(best)


_NO_PLUS: Final = (_NEG,) * _SLOTS + (0,) * _SLOTS


@lru_cache(maxsize=1 << 18)
def _suffix_plus(counts: tuple[int, ...], caps: tuple[int, ...], a: int, b: int) -> tuple[int, ...]:
    """:func:`_suffix` with one extra tile that adds to the overlap, and where that tile may go.

    Returns 20 ints: for each slot ``i`` (as in :func:`_suffix`), at ``i`` the best overlap
    of ``counts`` plus one extra tile at some rank where the set or pair placed there holds
    more copies than ``counts`` (so the extra tile counts), and at ``10 + i`` the bit mask of
    those ranks (bit 0 = the first rank of this suffix) over every configuration reaching it;
    ``-1000`` and ``0`` where no such configuration exists. Sets that take no tile of ``counts``
    are placed when the extra tile could be theirs (the bounds of :func:`_suffix` plus one).
    """
    if not counts:
        return _NO_PLUS
    need = a + b
    cap = caps[0]
    if need > cap:
        return _NO_PLUS
    h = counts[0]
    rest_c = counts[1:]
    rest_k = caps[1:]
    last = len(counts) < 3
    max_r = 0 if last else min(4, cap - need, h + rest_c[0] + rest_c[1] + 1)
    best = [_NEG] * _SLOTS
    where = [0] * _SLOTS
    for r in range(max_r + 1):
        child = _suffix(rest_c, rest_k, r, a) if rest_c else _EMPTY
        plus = _suffix_plus(rest_c, rest_k, r, a)
        base = need + r
        for t in (0, 1) if h + 1 > base and base + 3 <= cap else (0,):
            for q in (0, 1) if h + 1 > base + 3 * t and base + 3 * t + 2 <= cap else (0,):
                d = base + 3 * t + 2 * q
                gain = h if h < d else d
                here = d > h
                shift = 2 * (r + t) + q
                for i in range(_SLOTS - shift):
                    if q and i & 1:
                        continue
                    j = i + shift
                    v = plus[i]
                    if v >= 0:
                        v += gain
                        if v > best[j]:
                            best[j] = v
                            where[j] = plus[_SLOTS + i] << 1
                        elif v == best[j]:
                            where[j] = where[j] | plus[_SLOTS + i] << 1
                    if here:
                        v = child[i]
                        if v >= 0:
                            v += gain + 1
                            if v > best[j]:
                                best[j] = v
                                where[j] = 1
                            elif v == best[j]:
                                where[j] = where[j] | 1
    return (*best, *where)


@lru_cache(maxsize=1 << 16)
def plus_table(counts: tuple[int, ...], caps: tuple[int, ...]) -> tuple[int, ...]:
    """:func:`_suffix_plus` of one whole suit with fillers (as :func:`_monotone`): 10 overlaps, 10 masks.

    Slot ``(s, p)`` takes the best of every slot with ≤ s sets and ≤ p pairs, the masks of
    equal bests joined. Bit ``r`` of a mask: rank ``r`` (0–8) is where the extra tile goes.
    """
    t = list(_suffix_plus(counts, caps, 0, 0))
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


_FULL_SUIT: Final = (4,) * 9


@lru_cache(maxsize=1 << 14)
def _segment_table(key: tuple[int, ...]) -> tuple[int, ...]:
    """Slot table of one segment ``(left room, counts…, right room)`` with every cap 4."""
    left, counts, right = key[0], key[1:-1], key[-1]
    padded = (0,) * left + counts + (0,) * right
    return _monotone(list(_suffix(padded, (4,) * len(padded), 0, 0)))


def _segments(counts: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Split one suit's counts at gaps of two or more empty ranks, as canonical segment keys.

    No set can share tiles with both sides of such a gap (a run spans three ranks), so the
    suit's table is the merge of its segments' tables. A segment's key is its counts plus the
    number of empty ranks (0–2) beside it inside the suit, whichever of it and its mirror
    image sorts first (ranks 1–9 read backwards give the same table).
    """
    out: list[tuple[int, ...]] = []
    i = 0
    while i < 9:
        if not counts[i]:
            i += 1
            continue
        j = i
        while j < 9 and (counts[j] or (j + 1 < 9 and counts[j + 1])):
            j += 1
        seg = counts[i:j]
        left, right = min(2, i), min(2, 9 - j)
        key = (left, *seg, right)
        mirror = (right, *reversed(seg), left)
        out.append(min(key, mirror))
        i = j
    return out


@lru_cache(maxsize=1 << 16)
def suit_table(counts: tuple[int, ...], caps: tuple[int, ...]) -> tuple[int, ...]:
    """Best overlap of one suit's nine ``counts`` with at most ``s`` sets + ``p`` pairs (fillers elsewhere).

    Index ``2s + p`` (s 0–4, p 0–1); −1000 where nothing fits ``caps``. Cached on the
    suit's counts and caps (the canonical key: order and red fives do not matter). Without
    melds in the suit (every cap 4) the suit is solved as independent segments.

    >>> suit_table((1, 1, 1, 0, 0, 0, 0, 0, 0), (4,) * 9)[2:4]  # one set: the run 123
    (3, 3)
    >>> suit_table((4, 0, 0, 0, 0, 0, 0, 0, 0), (4,) * 9)[3]  # 111 + 1: the triplet and a lone 1
    3
    """
    if caps != _FULL_SUIT:
        return _monotone(list(_suffix(counts, caps, 0, 0)))
    table = _EMPTY
    for key in _segments(counts):
        table = _merge(table, _segment_table(key))
    return table


@lru_cache(maxsize=1 << 14)
def _honour_table(pairs: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    """Best overlap per slot for honour kinds given as sorted (count, cap) pairs: triplets and pairs only."""
    best = list(_EMPTY)
    for h, cap in pairs:
        if not h:
            continue  # fillers: see _suffix
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
    """
    c = list(counts)
    tiles = sum(c)
    if tiles % 3 != 1 or tiles > 13:
        raise ValueError(f"a 3n+1-tile concealed part (1–13 tiles) is needed, got {tiles} tiles")
    n = _sets_needed(tiles)
    slot = 2 * n + 1
    tables = _tables(c, caps)
    man, pin, sou, hon = tables
    total = _best(_merge(_merge(man, pin), sou), hon, slot)
    if total < 0:  # no completion fits the caps (see regular_shanten): try every draw
        return shanten(c, caps, chiitoitsu=chiitoitsu, kokushi=kokushi), _improving_by_draws(
            c, caps, chiitoitsu, kokushi
        )
    regular = 3 * n + 1 - total
    chiitoi = chiitoitsu_shanten(c, caps) if chiitoitsu else None
    koku = kokushi_shanten(c, caps) if kokushi else None
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
        others = _EMPTY
        if by_regular:
            for j in range(4):
                if j != suit:
                    others = _merge(others, tables[j])
            if suit < 3:
                plus = plus_table(tuple(c[lo:hi]), tuple(caps[lo:hi]))
                for i in range(slot + 1):
                    j = slot - i
                    if i & 1 and j & 1:
                        continue
                    x = plus[i]
                    y = others[j]
                    if x >= 0 and y >= 0 and x + y == total + 1:
                        mask |= plus[_SLOTS + i]
        for k in range(lo, hi):
            if c[k] >= caps[k]:
                continue
            hit = False
            if by_regular:
                if suit < 3:
                    hit = (mask >> (k - lo)) & 1 == 1
                else:
                    c[k] = c[k] + 1
                    table = _honour_table(tuple(sorted(zip(c[27:], caps[27:], strict=True))))
                    c[k] = c[k] - 1
                    hit = _best(others, table, slot) > total
            if not hit and by_special:
                c[k] = c[k] + 1
                hit = _special(c, caps, chiitoitsu, kokushi) < now
                c[k] = c[k] - 1
            if hit:
                out.append(k)
    return result, out


def _improving_by_draws(c: list[int], caps: Sequence[int], chiitoitsu: bool, kokushi: bool) -> list[int]:
    """:func:`improving` by trying every draw with its suit's own table (any hand, also one with no finite shanten)."""
    tiles = sum(c)
    now = shanten(c, caps, chiitoitsu=chiitoitsu, kokushi=kokushi).shanten
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

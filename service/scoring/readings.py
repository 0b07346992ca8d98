"""A complete hand's readings, and a reading as the API shows it (/docs/rules §2).

A *reading* is one decomposition of the hand plus the place the winning tile took in it (which sets the
wait). :func:`readings` lists them for a validated :class:`~.hand.Hand`; :func:`reading_out` turns the one
kept into the answer's :class:`~.model.Reading`, from :data:`SETS_OUT`, which the C code's answers share.
"""

from __future__ import annotations

from typing import Final

from .decompose import RUN, TRIPLET, is_chiitoitsu, is_kokushi, splits_by_keys
from .hand import GROUPS, KAN, TERMINALS_AND_HONOURS_MASK, Ctx, Group, Hand, group
from .model import Reading, ReadingSet
from .tiles import kind_name

__all__ = ["SETS_OUT", "reading_out", "readings"]


def _run_wait(first: int, win: int) -> str:
    if win == first + 1:
        return "kanchan"
    if (win == first + 2 and first % 9 == 0) or (win == first and first % 9 == 6):
        return "penchan"
    return "ryanmen"


def _bit_count(mask: int) -> int:
    """``mask.bit_count()`` in native ints (mypyc calls the method on a boxed int)."""
    n = 0
    while mask:
        mask &= mask - 1
        n += 1
    return n


def readings(hand: Hand) -> list[Ctx]:
    """Every reading of a validated hand: decomposition × position of the winning tile.

    Empty when the hand is not complete. Sets come in decomposition order (runs, then
    triplets, by kind), then the melds in request order.
    """
    out: list[Ctx] = []
    concealed = hand.concealed
    win = hand.win
    melds = [group(m.type, m.first, not m.closed, m.closed) for m in hand.melds]
    tsumo = hand.tsumo
    for pair, codes in splits_by_keys(concealed, hand.suit_keys):
        if pair == win:
            groups = [GROUPS[code * 4 + (1 if code >= 34 else 0)] for code in codes]  # group(): GROUPS' docstring
            groups.extend(melds)
            out.append(Ctx(hand, "standard", groups, pair, "tanki"))
        done = -1
        for i, code in enumerate(codes):
            if code == done:
                continue
            t = code // 34
            f = code % 34
            if t == TRIPLET:
                if f != win:
                    continue
            elif not f <= win <= f + 2:
                continue
            done = code  # codes are sorted: a repeated set is the same reading
            wait = "shanpon" if t == TRIPLET else _run_wait(f, win)
            groups = [
                GROUPS[other * 4 + (1 if other >= 34 and (j != i or tsumo) else 0)] for j, other in enumerate(codes)
            ]
            groups.extend(melds)
            out.append(Ctx(hand, "standard", groups, pair, wait))
    if not hand.melds:
        mask = hand.concealed_mask
        if _bit_count(mask) == 7 and is_chiitoitsu(concealed):  # seven kinds, two of each
            out.append(Ctx(hand, "chiitoitsu", [], -1, "tanki"))
        elif mask == TERMINALS_AND_HONOURS_MASK and hand.opts.kokushi_yaku and is_kokushi(concealed):
            thirteen = concealed[win] == 2  # the 13 before the win were 13 different orphans
            out.append(Ctx(hand, "kokushi", [], -1, "kokushi_13" if thirteen else "kokushi"))
    return out


def _set_out(type_: int, first: int, open_: bool) -> ReadingSet:
    name = kind_name(first)
    if type_ == RUN:
        return ReadingSet("run", name[0] + kind_name(first + 1)[0] + kind_name(first + 2), open_)
    if type_ == KAN:
        return ReadingSet("kan", name[0] * 4 + name[1], open_)
    if type_ == TRIPLET:
        return ReadingSet("triplet", name[0] * 3 + name[1], open_)
    return ReadingSet("pair", name[0] * 2 + name[1], False)


_PAIR: Final = 3
SETS_OUT: Final = [
    _set_out(-1 if type_ == _PAIR else type_, first, open_)
    if type_ != RUN or (first < 27 and first % 9 <= 6)
    else ReadingSet("run", "", False)  # no run starts there
    for type_ in (RUN, TRIPLET, KAN, _PAIR)
    for first in range(34)
    for open_ in (False, True)
]
"""Every :class:`ReadingSet` the API can show, indexed by ``(type × 34 + first) × 2 + open`` (type: ``RUN``,
``TRIPLET``, ``KAN``, then 3 for a pair); the C code's answers use the same objects (:func:`.native.start`)."""


def _group_out(g: Group) -> ReadingSet:
    open_ = g.called if g.type == RUN else not g.concealed
    return SETS_OUT[(g.type * 34 + g.first) * 2 + (1 if open_ else 0)]


def reading_out(c: Ctx) -> Reading:
    """The reading as the API shows it: its sets in mpsz (pair last) and its wait."""
    sets = [_group_out(g) for g in c.groups]
    if c.pair >= 0:
        sets.append(SETS_OUT[(_PAIR * 34 + c.pair) * 2])
    elif c.shape == "chiitoitsu":
        sets = [SETS_OUT[(_PAIR * 34 + k) * 2] for k in range(34) if c.counts[k] == 2]
    return Reading(c.shape, tuple(sets), c.wait)  # type: ignore[arg-type]

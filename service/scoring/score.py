"""Scoring one hand: every reading is scored and the highest wins (RULES.md §2–4).

A *reading* is one decomposition of the hand plus the place the winning tile took in it
(which sets the wait). Each reading gets yaku (:mod:`.yaku`), fu (:mod:`.fu`), dora,
base points (:mod:`.limits`) and payments (:mod:`.payments`); the best is the one with
most points, then a yakuman over a counted (kazoe) hand, then most han, then most fu.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from typing import NamedTuple

import msgspec

from .decompose import RUN, TRIPLET, is_chiitoitsu, is_kokushi, splits
from .fu import fu_items, round_fu
from .hand import KAN, Ctx, Facts, Group, Hand
from .limits import base_points
from .model import Reading, ReadingSet, ScoreRequest, ScoreResult, YakuItem
from .payments import payments
from .presets import resolve_rules
from .tiles import TERMINALS_AND_HONOURS, kind_name
from .validate import parse_request
from .yaku import evaluate_yaku, yaku_table

__all__ = [
    "RESULT_CACHE_SIZE",
    "CacheInfo",
    "reading_out",
    "readings",
    "result_cache_clear",
    "result_cache_info",
    "score",
]


def _run_wait(first: int, win: int) -> str:
    if win == first + 1:
        return "kanchan"
    if (win == first + 2 and first % 9 == 0) or (win == first and first % 9 == 6):
        return "penchan"
    return "ryanmen"


def _facts(hand: Hand) -> Facts:
    closed = [0] * 34
    for k in hand.closed:
        closed[k] += 1
    closed_counts = tuple(closed)
    closed[hand.win] += 1
    kinds = set(hand.closed)
    kinds.add(hand.win)
    for m in hand.melds:
        first = m.first
        if m.type == RUN:
            closed[first] += 1
            closed[first + 1] += 1
            closed[first + 2] += 1
            kinds.update((first, first + 1, first + 2))
        else:
            closed[first] += 3
            kinds.add(first)
    suits = frozenset(k // 9 for k in kinds if k < 27)
    return Facts(tuple(closed), closed_counts, frozenset(kinds), suits, max(kinds) >= 27)


def readings(hand: Hand, facts: Facts | None = None) -> Iterator[Ctx]:
    """Every reading of a validated hand: decomposition × position of the winning tile.

    Yields nothing when the hand is not complete. ``facts`` may be passed when already computed.
    """
    if facts is None:
        facts = _facts(hand)
    closed = list(facts.closed_counts)
    closed[hand.win] += 1
    concealed = tuple(closed)
    melds = tuple(Group(m.type, m.first, not m.closed, m.closed) for m in hand.melds)
    win = hand.win
    for pair, sets in splits(concealed):
        if pair == win:
            groups = tuple(Group(t, f, False, t == TRIPLET) for t, f in sets)
            yield Ctx(hand, facts, "standard", groups + melds, pair, "tanki")
        seen: set[tuple[int, int]] = set()
        for i, (t, f) in enumerate(sets):
            if (t, f) in seen or not (f == win if t == TRIPLET else f <= win <= f + 2):
                continue
            seen.add((t, f))
            wait = "shanpon" if t == TRIPLET else _run_wait(f, win)
            groups = tuple(
                Group(tt, ff, False, tt == TRIPLET and (j != i or hand.tsumo)) for j, (tt, ff) in enumerate(sets)
            )
            yield Ctx(hand, facts, "standard", groups + melds, pair, wait)
    if not hand.melds and is_chiitoitsu(concealed):
        yield Ctx(hand, facts, "chiitoitsu", (), None, "tanki")
    if not hand.melds and "kokushi" in hand.rules.yaku and is_kokushi(concealed):
        wait = "kokushi_13" if all(facts.closed_counts[k] == 1 for k in TERMINALS_AND_HONOURS) else "kokushi"
        yield Ctx(hand, facts, "kokushi", (), None, wait)


@lru_cache(maxsize=1024)
def yaku_item(id: str, han: int) -> YakuItem:
    """The shared (frozen) :class:`YakuItem` for ``(id, han)``: results reuse these objects."""
    return YakuItem(id, han)


def _dora(hand: Hand, facts: Facts) -> list[YakuItem]:
    """Dora, ura dora (riichi only; validate drops them otherwise) and aka dora as yaku items.

    Every physical tile counts, so a kan's fourth tile adds one more.
    """
    out = []
    counts = facts.counts
    kans = [m.first for m in hand.melds if m.type == KAN]
    for name, kinds in (("dora", hand.dora), ("ura_dora", hand.ura)):
        n = sum(counts[k] for k in kinds) + sum(1 for k in kinds if k in kans)
        if n:
            out.append(yaku_item(name, n))
    if hand.red:
        out.append(yaku_item("aka_dora", hand.red))
    return out


@lru_cache(maxsize=512)
def _set_out(type_: int, first: int, open_: bool) -> ReadingSet:
    name = kind_name(first)
    if type_ == RUN:
        return ReadingSet("run", name[0] + kind_name(first + 1)[0] + kind_name(first + 2), open_)
    if type_ == KAN:
        return ReadingSet("kan", name[0] * 4 + name[1], open_)
    if type_ == TRIPLET:
        return ReadingSet("triplet", name[0] * 3 + name[1], open_)
    return ReadingSet("pair", name[0] * 2 + name[1], False)


_PAIR = -1


def reading_out(c: Ctx) -> Reading:
    """The reading as the API shows it: its sets in mpsz (pair last) and its wait."""
    sets = [_set_out(g.type, g.first, g.called if g.type == RUN else not g.concealed) for g in c.groups]
    if c.pair is not None:
        sets.append(_set_out(_PAIR, c.pair, False))
    elif c.shape == "chiitoitsu":
        sets = [_set_out(_PAIR, k, False) for k in range(34) if c.counts[k] == 2]
    return Reading(c.shape, sets, c.wait)  # type: ignore[arg-type]


RESULT_CACHE_SIZE = 32768
"""Most results kept by :func:`score` (about 2 KB each); the oldest go first when full."""

_results: dict[bytes, ScoreResult] = {}
_result_stats = [0, 0]  # hits, misses
_key = msgspec.json.Encoder().encode


class CacheInfo(NamedTuple):
    """Counters of the result cache: ``hits``, ``misses``, ``size`` (entries), ``maxsize``."""

    hits: int
    misses: int
    size: int
    maxsize: int


def result_cache_info() -> CacheInfo:
    """Hits, misses and size of :func:`score`'s result cache (for metrics)."""
    return CacheInfo(_result_stats[0], _result_stats[1], len(_results), RESULT_CACHE_SIZE)


def result_cache_clear() -> None:
    """Empty :func:`score`'s result cache and reset its counters."""
    _results.clear()
    _result_stats[0] = _result_stats[1] = 0


def score(req: ScoreRequest) -> ScoreResult:
    """Score one hand (../shared/API.md `POST /v1/score`; RULES.md §2–4).

    Returns a win with yaku, han, fu (itemised), limit and payments, or ``is_win: false``
    with ``reason`` ``not_complete`` (no winning shape) or ``no_yaku`` (complete, no yaku;
    dora alone do not count). Raises :class:`~.model.InvalidHand` for impossible input.

    Results are cached on the request's canonical JSON encoding (field order is fixed by
    the Struct), so the same request returns the same (shared, read-only) result object.
    """
    key = _key(req)
    hit = _results.get(key)
    if hit is not None:
        _result_stats[0] += 1
        return hit
    _result_stats[1] += 1
    result = _score(req)
    if len(_results) >= RESULT_CACHE_SIZE:
        del _results[next(iter(_results))]
    _results[key] = result
    return result


def _score(req: ScoreRequest) -> ScoreResult:
    rules = resolve_rules(req.rules)
    hand = parse_request(req, rules)
    if rules.scoring == "kids":
        from .kids import score_kids

        return score_kids(hand)
    facts = _facts(hand)
    table = yaku_table(rules)
    dora_items = _dora(hand, facts)
    best = None
    complete = False
    for c in readings(hand, facts):
        complete = True
        yaku, yakuman = evaluate_yaku(c, table)
        if not yaku:
            continue
        fu: int | None = None
        items = [yaku_item(i, h) for i, h in yaku]
        if yakuman:
            fu_list = []
            han = sum(h for _, h in yaku)
        else:
            fu_list = fu_items(c)
            fu = 25 if c.shape == "chiitoitsu" else round_fu(sum(i.fu for i in fu_list))
            items += dora_items
            han = sum(i.han for i in items)
        base, limit = base_points(han, fu or 0, rules, yakuman)
        pay = payments(base, dealer=hand.dealer, tsumo=hand.tsumo, honba=hand.honba, riichi_sticks=hand.riichi_sticks)
        key = (pay.points, yakuman, han, fu or 0)  # a yakuman outranks kazoe at equal points
        if best is None or key > best[0]:
            best = (key, c, han, fu, items, yakuman, fu_list, limit, base, pay)
    if best is None:
        return ScoreResult(is_win=False, reason="no_yaku" if complete else "not_complete", preset=rules.preset)
    _, c, han, fu, items, yakuman, fu_list, limit, base, pay = best
    return ScoreResult(
        is_win=True,
        preset=rules.preset,
        han=han,
        fu=fu,
        yaku=items,
        yakuman=yakuman,
        fu_breakdown=fu_list,
        limit=limit,
        base_points=base,
        points=pay.points,
        payments=pay.payments,
        riichi_sticks_won=pay.riichi_sticks_won,
        total=pay.total,
        reading=reading_out(c),
    )

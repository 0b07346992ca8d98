"""Scoring one hand: every reading is scored and the highest wins (RULES.md §2–4).

A *reading* is one decomposition of the hand plus the place the winning tile took in it
(which sets the wait). Each reading gets yaku (:mod:`.yaku`), fu (:mod:`.fu`), dora,
base points (:mod:`.limits`) and payments (:mod:`.payments`); the best is the one with
most points, then most han, then most fu.
"""

from __future__ import annotations

from collections.abc import Iterator

from .decompose import RUN, TRIPLET, is_chiitoitsu, is_kokushi, splits
from .fu import fu_items, round_fu
from .hand import KAN, Ctx, Facts, Group, Hand
from .limits import base_points
from .model import Reading, ReadingSet, ScoreRequest, ScoreResult, YakuItem
from .payments import payments
from .presets import resolve_rules
from .tiles import TERMINALS_AND_HONOURS, kind_name
from .validate import parse_request
from .yaku import evaluate_yaku

__all__ = ["reading_out", "readings", "score"]


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


def readings(hand: Hand) -> Iterator[Ctx]:
    """Every reading of a validated hand: decomposition × position of the winning tile.

    Yields nothing when the hand is not complete.
    """
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


def _dora(hand: Hand, counts: tuple[int, ...]) -> list[YakuItem]:
    """Dora, ura dora (riichi only; validate drops them otherwise) and aka dora as yaku items."""
    out = []
    for name, kinds in (("dora", hand.dora), ("ura_dora", hand.ura)):
        n = sum(counts[k] for k in kinds)
        if n:
            out.append(YakuItem(name, n))
    if hand.red:
        out.append(YakuItem("aka_dora", hand.red))
    return out


def reading_out(c: Ctx) -> Reading:
    sets = [
        ReadingSet(
            "run" if g.type == RUN else "kan" if g.type == KAN else "triplet",
            kind_name(g.first)[0] + kind_name(g.first + 1)[0] + kind_name(g.first + 2)
            if g.type == RUN
            else kind_name(g.first)[0] * (4 if g.type == KAN else 3) + kind_name(g.first)[1],
            g.called if g.type == RUN else not g.concealed,
        )
        for g in c.groups
    ]
    if c.shape == "standard" and c.pair is not None:
        sets.append(ReadingSet("pair", kind_name(c.pair)[0] * 2 + kind_name(c.pair)[1], False))
    elif c.shape == "chiitoitsu":
        sets = [ReadingSet("pair", kind_name(k)[0] * 2 + kind_name(k)[1], False) for k in range(34) if c.counts[k] == 2]
    return Reading(c.shape, sets, c.wait)


def _kan_tiles(hand: Hand) -> tuple[int, ...]:
    """Counts per kind with kans counted as 4 tiles (dora count every physical tile)."""
    counts = [0] * 34
    for k in hand.closed:
        counts[k] += 1
    counts[hand.win] += 1
    for m in hand.melds:
        if m.type == RUN:
            for k in range(m.first, m.first + 3):
                counts[k] += 1
        else:
            counts[m.first] += 4 if m.type == KAN else 3
    return tuple(counts)


def score(req: ScoreRequest) -> ScoreResult:
    """Score one hand (../shared/API.md `POST /v1/score`; RULES.md §2–4).

    Returns a win with yaku, han, fu (itemised), limit and payments, or ``is_win: false``
    with ``reason`` ``not_complete`` (no winning shape) or ``no_yaku`` (complete, no yaku;
    dora alone do not count). Raises :class:`~.model.InvalidHand` for impossible input.
    """
    rules = resolve_rules(req.rules)
    hand = parse_request(req, rules)
    if rules.scoring == "kids":
        from .kids import score_kids

        return score_kids(hand)
    dora_items = _dora(hand, _kan_tiles(hand))
    best = None
    complete = False
    for c in readings(hand):
        complete = True
        yaku, yakuman = evaluate_yaku(c)
        if not yaku:
            continue
        fu: int | None = None
        items = [YakuItem(i, h) for i, h in yaku]
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
        key = (pay.points, han, fu or 0)
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

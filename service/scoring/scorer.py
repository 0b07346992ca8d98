"""Scoring one hand: every reading is scored and the highest wins (/docs/rules §2–4).

A *reading* is one decomposition of the hand plus the place the winning tile took in it (which sets the
wait; :mod:`.readings`). Each reading gets yaku (:mod:`.yaku`), fu (:mod:`.fu`), dora (:mod:`.dora`), base
points (:mod:`.limits`) and payments (:mod:`.payments`); the best is the one of highest :func:`_rank`: most
points, then a yakuman over a counted (kazoe) hand, then most han, then most fu. The C code
(:mod:`.native`) is asked first; results are kept in :mod:`.result_cache`, resolved rules in
:mod:`.rules_cache`; the optional rules beside the readings are in :mod:`.optional_rules`.
"""

from __future__ import annotations

from typing import Final

import msgspec

from service.i18n import refusal

from . import native
from .dora import dora_items
from .fu import fu_items, round_fu
from .hand import Ctx, Hand, Options
from .kids import score_kids
from .limits import capped_yakuman, limit_name, options_limit_base
from .model import MAX_EXACT_POINTS, FieldError, FuItem, InvalidHand, ScoreRequest, ScoreResult, YakuItem
from .names import limit_name as limit_text
from .names import reason_name
from .optional_rules import nagashi_mangan, renhou_choices, with_paarenchan
from .payments import hand_points, payments
from .readings import reading_out, readings
from .result_cache import lookup, store
from .rules_cache import rules_and_table
from .validate import parse_request
from .yaku import Candidate, evaluate_yaku

__all__ = ["checked", "score", "score_fresh"]

_REASONS: Final = {reason: reason_name(reason) for reason in ("not_complete", "no_yaku")}
_LIMITS: Final = {
    limit: limit_text(limit)
    for limit in ("none", "mangan", "haneman", "baiman", "sanbaiman", "kazoe_yakuman", "yakuman", "double_yakuman")
}
"""English names of the common reasons and limits (others are looked up: :func:`.names.limit_name`)."""


def score(req: ScoreRequest) -> ScoreResult:
    """Score one hand (/docs/endpoints `POST /v1/score`; /docs/rules §2–4).

    Returns a win with yaku, han, fu (itemised), limit and payments, or ``is_win: false``
    with ``reason`` ``not_complete`` (no winning shape) or ``no_yaku`` (complete, no yaku;
    dora alone do not count). Raises :class:`~.model.InvalidHand` for impossible input.

    Results are cached on the request itself (:mod:`.result_cache`); a request built in Python
    with lists is first :func:`checked` (converted as the HTTP decoder would). The same request
    returns the same (shared, read-only) result object. The cache keeps the latest
    :data:`~.result_cache.RESULT_CACHE_SIZE` requests scored (first in, first out).
    """
    try:
        hit = lookup(req)
    except TypeError:  # built in Python with lists (or other types JSON would not decode to)
        req = checked(req)
        hit = lookup(req)
    if hit is not None:
        return hit
    try:
        result = _score(req)
    except (TypeError, KeyError, IndexError, AttributeError):  # a field of a type or value no decoded request
        # has (an int for a tile list, an unknown preset or wind, a string for a meld)
        retyped = checked(req)  # InvalidHand naming the field; if the types were right, a bug:
        if retyped == req:
            raise
        req = retyped
        result = _score(req)
    store(req, result)
    return result


def checked(req: ScoreRequest) -> ScoreRequest:
    """``req`` as the HTTP decoder would have made it: types checked, lists as tuples.

    For requests built in Python, which msgspec does not type-check on construction.
    Raises :class:`~.model.InvalidHand` naming the field whose type is wrong (``hand``,
    ``melds[0].tiles``, …).

    >>> checked(ScoreRequest(hand=["1m", "2m"], win_tile="3m")).hand
    ('1m', '2m')
    """
    try:
        return msgspec.convert(msgspec.to_builtins(req), ScoreRequest)
    except (msgspec.ValidationError, TypeError) as exc:
        message, _, path = str(exc).partition(" - at `$")
        raise InvalidHand([FieldError(path.rstrip("`").lstrip(".") or "request", message)]) from None


def score_fresh(req: ScoreRequest, *, use_native: bool = True) -> ScoreResult:
    """:func:`score` without the result cache (nothing read from it, nothing stored).

    ``use_native=False`` scores in Python even where the C code would (:mod:`.native`): the reference
    the C code is tested against (``tests/scoring/test_native.py``). ``req`` as :func:`score` takes it
    from the HTTP decoder (a request built in Python with lists: :func:`checked` first).
    """
    return _score(req, use_native)


_native_score: Final = native.score


def _score(req: ScoreRequest, use_native: bool = True) -> ScoreResult:
    """One request scored, uncached: by the C code when it takes the request (``use_native`` and its rules
    prepared for it), else in Python: validated (:func:`.validate.parse_request`), then kids points, nagashi
    mangan, or every reading scored (yaku, paarenchan, renhou's two ways, fu, dora, base points, points) and
    the one of highest :func:`_rank` answered (:func:`_win`; the first of equal rank). The loop stays here,
    over locals (no object carries the best so far): it is the Python path's hot spot.

    ``req`` as the HTTP decoder makes it (tuples, checked types). Raises :class:`~.model.InvalidHand` for
    impossible input, and for an ``aotenjou`` total past :data:`~.model.MAX_EXACT_POINTS`; a field of a type
    no decoded request has surfaces as the ``TypeError``/``KeyError``/… it causes (:func:`score` retypes it).
    """
    rules, opts, table, prepared = rules_and_table(req.rules)
    if prepared is not None and use_native:
        answered = _native_score(req, prepared)
        if answered is not None:
            return answered
    hand = parse_request(req, rules, opts)
    if not opts.han_fu:
        return score_kids(hand, readings(hand), reading_out)
    if req.nagashi_mangan:
        return nagashi_mangan(hand, rules)
    aotenjou = opts.aotenjou
    renhou_mangan = hand.renhou and opts.renhou == "mangan" and not aotenjou
    paarenchan = hand.paarenchan
    dora: list[YakuItem] | None = None
    best: Ctx | None = None  # the best scoring so far: its reading, yaku, fu items, whether dora count,
    best_yaku: list[Candidate] = []  # its _rank, yakuman multiple, han, fu and base points (locals, not an
    best_fu_list: list[FuItem] = []  # object: this loop is the Python path's hot spot)
    best_with_dora = False
    best_rank = -1
    best_yakuman = best_han = best_fu = best_base = 0
    complete = False
    for c in readings(hand):
        complete = True
        yaku, yakuman = evaluate_yaku(c, table)
        if paarenchan and (yaku or opts.paarenchan == "always"):
            yaku, yakuman = with_paarenchan(yaku, yakuman, paarenchan, aotenjou)
        if not yaku:
            continue
        choices = renhou_choices(yaku) if renhou_mangan and not yakuman else (yaku,)
        for yaku in choices:
            # option renhou "mangan": renhou alone is a fixed mangan, without dora (see renhou_choices)
            fixed = renhou_mangan and not yakuman and yaku[0].id == "renhou"
            han = 0
            for y in yaku:
                han += y.han
            fu = 0
            fu_list: list[FuItem] = []
            if not yakuman or aotenjou:
                fu_list = fu_items(c)
                if c.shape == "chiitoitsu":
                    fu = 25
                else:
                    for item in fu_list:
                        fu += item.fu
                    fu = round_fu(fu)
                if not fixed:
                    if dora is None:
                        dora = dora_items(hand)
                    for d in dora:
                        han += d.han
            base = options_limit_base(han, fu, opts, yakuman)
            points = hand_points(
                base, dealer=hand.dealer, tsumo=hand.tsumo, players=opts.players, bisection=opts.bisection
            )
            rank = _rank(points, yakuman, han, fu)
            if rank > best_rank:  # the first of equal rank stays
                best_rank, best_yakuman, best_han, best_fu, best_base = rank, yakuman, han, fu, base
                best, best_yaku, best_fu_list, best_with_dora = c, yaku, fu_list, not fixed
    if best is None:
        reason = "no_yaku" if complete else "not_complete"
        return ScoreResult(is_win=False, reason=reason, preset=opts.preset, reason_name=_REASONS[reason])
    shown_dora = dora if dora is not None and best_with_dora else []
    return _win(hand, opts, best, best_yaku, best_fu_list, shown_dora, best_yakuman, best_han, best_fu, best_base)


def _rank(points: int, yakuman: int, han: int, fu: int) -> int:
    """The order of two scorings of one hand as one int, higher better: more points, then at equal points a
    yakuman over a counted (kazoe) one, then more han, then more fu. Each field fits below the next: fu
    < 256 (the most is 170), han < 1024, a yakuman multiple < 64."""
    return ((points * 64 + yakuman) * 1024 + han) * 256 + fu


def _win(
    hand: Hand,
    opts: Options,
    c: Ctx,
    yaku: list[Candidate],
    fu_list: list[FuItem],
    dora: list[YakuItem],
    best_yakuman: int,
    han: int,
    fu: int,
    base: int,
) -> ScoreResult:
    """The answer for the best scoring of a hand: its reading ``c``, ``yaku``, fu items, the dora items shown
    (none when they do not count), yakuman multiple (before the cap), han, fu and base points. Adds payments
    with honba and riichi sticks and the limit. Raises :class:`~.model.InvalidHand` (``rules.aotenjou``) when
    an ``aotenjou`` total is past :data:`~.model.MAX_EXACT_POINTS`."""
    aotenjou = opts.aotenjou
    yakuman = best_yakuman if aotenjou else capped_yakuman(best_yakuman, opts.yakuman_cap)
    pay = payments(
        base,
        dealer=hand.dealer,
        tsumo=hand.tsumo,
        honba=hand.honba,
        riichi_sticks=hand.riichi_sticks,
        players=opts.players,
        bisection=opts.bisection,
        honba_points=opts.honba,
    )
    if aotenjou and pay.total > MAX_EXACT_POINTS:
        raise InvalidHand([FieldError("rules.aotenjou", _too_large(han, fu, pay.total))])
    items = [y.item for y in yaku]
    if (not yakuman or aotenjou) and dora:
        items += dora
    limit = "none" if aotenjou else limit_name(han, base, yakuman)
    return ScoreResult(
        is_win=True,
        preset=opts.preset,
        han=han,
        fu=fu if not yakuman or aotenjou else None,
        yaku=tuple(items),
        yakuman=yakuman,
        fu_breakdown=tuple(fu_list),
        limit=limit,
        limit_name=_LIMITS.get(limit) or limit_text(limit),
        base_points=base,
        points=pay.points,
        payments=pay.payments,
        riichi_sticks_won=pay.riichi_sticks_won,
        total=pay.total,
        reading=reading_out(c),
    )


def _too_large(han: int, fu: int, total: int) -> str:
    """Why an aotenjou hand cannot be answered (``total`` points is past :data:`MAX_EXACT_POINTS`)."""
    return refusal("refusal.aotenjou_too_large", fu=fu, han=han, total=f"{total:.3e}", most=f"{MAX_EXACT_POINTS:,}")

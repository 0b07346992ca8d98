"""Scoring one hand: every reading is scored and the highest wins (/docs/rules §2–4).

A *reading* is one decomposition of the hand plus the place the winning tile took in it
(which sets the wait). Each reading gets yaku (:mod:`.yaku`), fu (:mod:`.fu`), dora,
base points (:mod:`.limits`) and payments (:mod:`.payments`); the best is the one with
most points, then a yakuman over a counted (kazoe) hand, then most han, then most fu.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final, NamedTuple

import msgspec

from service.i18n import refusal

from . import native
from .decompose import RUN, TRIPLET, is_chiitoitsu, is_kokushi, splits_by_keys
from .fu import fu_items, round_fu
from .hand import GROUPS, KAN, TERMINALS_AND_HONOURS_MASK, Ctx, Group, Hand, Options, group
from .kids import score_kids
from .limits import MANGAN_BASE, capped_yakuman, limit_name, options_limit_base
from .model import (
    MAX_EXACT_POINTS,
    FieldError,
    FuItem,
    InvalidHand,
    Reading,
    ReadingSet,
    RulesSpec,
    ScoreRequest,
    ScoreResult,
    YakuItem,
)
from .names import limit_name as limit_text
from .names import reason_name, yaku_name
from .payments import hand_points, payments
from .presets import PRESETS, Rules, resolve_rules
from .tiles import kind_name
from .validate import parse_request
from .yaku import REGISTRY, Candidate, YakuTable, evaluate_yaku, yaku_table

__all__ = [
    "RESULT_CACHE_SIZE",
    "CacheInfo",
    "batch_presets",
    "checked",
    "parse_batch",
    "reading_out",
    "readings",
    "result_cache_clear",
    "result_cache_info",
    "rules_cache_clear",
    "score",
    "score_fresh",
    "score_json",
    "score_json_run",
]


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


def _dora_count(hand: Hand, kinds: tuple[int, ...]) -> int:
    n = 0
    counts = hand.counts
    for k in kinds:
        n += counts[k]
        for m in hand.melds:
            if m.type == KAN and m.first == k:
                n += 1  # the kan's fourth tile
    return n


_DORA: Final = [YakuItem("dora", n, yaku_name("dora")) for n in range(40)]
_URA_DORA: Final = [YakuItem("ura_dora", n, yaku_name("ura_dora")) for n in range(40)]
_AKA_DORA: Final = [YakuItem("aka_dora", n, yaku_name("aka_dora")) for n in range(40)]
_NUKIDORA: Final = [YakuItem("nukidora", n, yaku_name("nukidora")) for n in range(5)]
_NORTH: Final = 30
"""Shared dora items by count (index 0 is never used: no item without dora)."""


def _dora(hand: Hand) -> list[YakuItem]:
    """Dora, ura dora (riichi only; validate drops them otherwise), aka dora and nukidora as yaku items.

    Every physical tile counts, so a kan's fourth tile adds one more, and so does a North set aside
    (three players: ``nukidora``, which is also one dora each).
    """
    out: list[YakuItem] = []
    kita = hand.nukidora  # three players: Norths set aside count against the indicators like held tiles
    n = _dora_count(hand, hand.dora) if hand.dora else 0
    if kita and hand.dora:
        n += kita * hand.dora.count(_NORTH)
    if n:
        out.append(_DORA[n])
    n = _dora_count(hand, hand.ura) if hand.ura else 0
    if kita and hand.ura:
        n += kita * hand.ura.count(_NORTH)
    if n:
        out.append(_URA_DORA[n])
    if hand.red:
        out.append(_AKA_DORA[hand.red])
    if kita:  # a dora each (/docs/rulesets §7 North as nukidora, North and dora indicators [RW-sanma][MS-ed])
        out.append(_NUKIDORA[kita])
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
_SETS_OUT: Final = [
    _set_out(-1 if type_ == _PAIR else type_, first, open_)
    if type_ != RUN or (first < 27 and first % 9 <= 6)
    else ReadingSet("run", "", False)  # no run starts there
    for type_ in (RUN, TRIPLET, KAN, _PAIR)
    for first in range(34)
    for open_ in (False, True)
]
"""Every :class:`ReadingSet` the API can show, indexed by ``(type × 34 + first) × 2 + open``."""

native.start(_SETS_OUT, _DORA, _URA_DORA, _AKA_DORA)  # the C code's answers use the same objects


def _group_out(g: Group) -> ReadingSet:
    open_ = g.called if g.type == RUN else not g.concealed
    return _SETS_OUT[(g.type * 34 + g.first) * 2 + (1 if open_ else 0)]


def reading_out(c: Ctx) -> Reading:
    """The reading as the API shows it: its sets in mpsz (pair last) and its wait."""
    sets = [_group_out(g) for g in c.groups]
    if c.pair >= 0:
        sets.append(_SETS_OUT[(_PAIR * 34 + c.pair) * 2])
    elif c.shape == "chiitoitsu":
        sets = [_SETS_OUT[(_PAIR * 34 + k) * 2] for k in range(34) if c.counts[k] == 2]
    return Reading(c.shape, tuple(sets), c.wait)  # type: ignore[arg-type]


_REASONS: Final = {reason: reason_name(reason) for reason in ("not_complete", "no_yaku")}
_LIMITS: Final = {
    limit: limit_text(limit)
    for limit in ("none", "mangan", "haneman", "baiman", "sanbaiman", "kazoe_yakuman", "yakuman", "double_yakuman")
}
"""English names of the common reasons and limits (others are looked up: :func:`.names.limit_name`)."""

RESULT_CACHE_SIZE: Final = 32768
"""Most results kept by :func:`score` (about 2 KB each); the oldest go first when full."""

_results: Final[dict[ScoreRequest, ScoreResult]] = {}
"""The cached results by request, at most :data:`RESULT_CACHE_SIZE`."""
_order: Final[list[ScoreRequest | None]] = [None] * RESULT_CACHE_SIZE
"""The cached requests in a ring, in the order they came (``None``: an empty slot). When the cache
is full, the request in the slot to be written next is the oldest: it leaves ``_results`` and the new
one takes its slot. A plain dict and a list, each one C call: an ``OrderedDict`` is no exact dict, so
every ``get`` on it is a method call (and each insert a linked node); a plain dict evicted with
``next(iter(d))`` slows down as deleted slots pile up at its front: the ring never iterates the dict."""


class _CacheCounters:
    """Hits and misses of the result cache, and the ring slot of the next insert (native ints)."""

    def __init__(self) -> None:
        self.hits = 0
        self.misses = 0
        self.slot = 0


_counters: Final = _CacheCounters()


class CacheInfo(NamedTuple):
    """Counters of the result cache: ``hits``, ``misses``, ``size`` (entries), ``maxsize``."""

    hits: int
    misses: int
    size: int
    maxsize: int


def result_cache_info() -> CacheInfo:
    """Hits, misses and size of :func:`score`'s result cache (for metrics)."""
    return CacheInfo(_counters.hits, _counters.misses, len(_results), RESULT_CACHE_SIZE)


def result_cache_clear() -> None:
    """Empty :func:`score`'s result cache and reset its counters."""
    _results.clear()
    for i in range(RESULT_CACHE_SIZE):
        _order[i] = None
    _counters.hits = _counters.misses = _counters.slot = 0


def score(req: ScoreRequest) -> ScoreResult:
    """Score one hand (/docs/endpoints `POST /v1/score`; /docs/rules §2–4).

    Returns a win with yaku, han, fu (itemised), limit and payments, or ``is_win: false``
    with ``reason`` ``not_complete`` (no winning shape) or ``no_yaku`` (complete, no yaku;
    dora alone do not count). Raises :class:`~.model.InvalidHand` for impossible input.

    Results are cached on the request itself (a frozen Struct of strings, tuples, bools and
    ints hashes by value; no encoding); a request built in Python with lists is first
    :func:`checked` (converted as the HTTP decoder would). The same request returns the same
    (shared, read-only) result object. The cache keeps the latest :data:`RESULT_CACHE_SIZE`
    requests scored (first in, first out).
    """
    try:
        hit = _results.get(req)
    except TypeError:  # built in Python with lists (or other types JSON would not decode to)
        req = checked(req)
        hit = _results.get(req)
    counters = _counters
    if hit is not None:
        counters.hits += 1
        return hit
    counters.misses += 1
    try:
        result = _score(req)
    except (TypeError, KeyError, IndexError, AttributeError):  # a field of a type or value no decoded request
        # has (an int for a tile list, an unknown preset or wind, a string for a meld)
        retyped = checked(req)  # InvalidHand naming the field; if the types were right, a bug:
        if retyped == req:
            raise
        req = retyped
        result = _score(req)
    slot = counters.slot
    oldest = _order[slot]
    if oldest is not None:  # full: the oldest goes (pop: a retyped request may have come twice)
        _results.pop(oldest, None)
    _order[slot] = req
    counters.slot = slot + 1 if slot + 1 < RESULT_CACHE_SIZE else 0
    _results[req] = result
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


Resolved = tuple[Rules, Options, YakuTable, object]
"""A rule set resolved: its :class:`Rules`, as :class:`~.hand.Options`, its yaku table, and the same for the
C code (:func:`.native.prepare`; ``None`` where it does not score these rules)."""


@lru_cache(maxsize=256)
def _resolve(spec: RulesSpec | str) -> Resolved:
    rules = resolve_rules(spec)
    opts = Options(rules)
    table = yaku_table(rules)
    return rules, opts, table, native.prepare(opts, table)


_PRESET_RULES: Final[dict[str, Resolved]] = {}


def _rules_and_table(spec: RulesSpec | str) -> Resolved:
    """The resolved rules of a request's ``rules`` field, as :class:`~.hand.Options` too, their yaku
    table and their native form: cached on the field (a preset name, or the options Struct), a preset
    name in a plain dict."""
    if isinstance(spec, str):
        hit = _PRESET_RULES.get(spec)
        if hit is None:
            hit = _PRESET_RULES[spec] = _resolve(spec)  # unknown names raise: never stored
        return hit
    return _resolve(spec)


def rules_cache_clear() -> None:
    """Forget the resolved rules and yaku tables (they are rebuilt on the next call)."""
    _PRESET_RULES.clear()
    _BATCH_PRESETS.clear()
    _resolve.cache_clear()


def score_fresh(req: ScoreRequest, *, use_native: bool = True) -> ScoreResult:
    """:func:`score` without the result cache (nothing read from it, nothing stored).

    ``use_native=False`` scores in Python even where the C code would (:mod:`.native`): the reference
    the C code is tested against (``tests/scoring/test_native.py``). ``req`` as :func:`score` takes it
    from the HTTP decoder (a request built in Python with lists: :func:`checked` first).
    """
    return _score(req, use_native)


_native_score: Final = native.score


def score_json(req: object, lang: int) -> bytes | None:
    """``msgspec.json.encode(localise(score(req), LANGUAGES[lang]))``, written by the C code (:mod:`.native`),
    or ``None`` where it does not take ``req`` (then score it with :func:`score`): :func:`score_json_run` of
    the one request.

    ``req``: a :class:`~.model.ScoreRequest`, or an :data:`~.model.UncheckedScoreRequest` (what the batch
    decodes a hand into: the C code checks its tile strings against the notation as it reads them, and
    declines any that fail, so an answer here is the strict decode's answer). ``lang``: the index of the
    answer's language in :data:`service.i18n.LANGUAGES` (0 en, 1 ja, 2 ru). The result cache is not used.
    """
    answered, reached = score_json_run([req], 0, 1, lang)
    return answered if reached else None


_native_json_run: Final = native.score_json_run


def score_json_run(hands: list[object], start: int, stop: int, lang: int) -> tuple[bytes, int]:
    """``hands[start:stop]`` (requests as :func:`score_json` takes them) answered by the C code as far as it
    goes: ``(their JSON joined by commas, the index of the first hand not answered)``, ``stop`` when all
    were. It stops at a hand the C code declines or whose ``rules`` differ from the first's; ``b""`` and
    ``start`` when it declines the first (then score that one with :func:`score`)."""
    if start >= stop:
        return b"", start
    rules = getattr(hands[start], "rules")  # noqa: B009 - two request types: no typed read
    prepared = _rules_and_table(rules)[3]
    if prepared is None:
        return b"", start
    return _native_json_run(hands, start, stop, rules, prepared, lang)


_native_parse: Final = native.parse_batch
_BATCH_PRESETS: Final[list[tuple[int, tuple[tuple[bytes, object | None], ...]]]] = []


def batch_presets() -> tuple[tuple[bytes, object | None], ...]:
    """Every preset (:data:`.presets.PRESETS`) as :func:`.native.parse_batch` takes them: its name as bytes and
    its rules as the C code reads them, or ``None`` where it does not score them (three players, kids) or
    they were not resolved yet: standard is resolved here, any other preset when a request first names it
    (a batch hand then takes the Python path, which resolves it). Remade when another preset is resolved;
    :func:`rules_cache_clear` forgets it."""
    if "standard" not in _PRESET_RULES:
        _rules_and_table("standard")
    known = len(_PRESET_RULES)
    if not _BATCH_PRESETS or _BATCH_PRESETS[0][0] != known:
        resolved = _PRESET_RULES
        made = tuple((name.encode(), resolved[name][3] if name in resolved else None) for name in PRESETS)
        _BATCH_PRESETS[:] = [(known, made)]
    return _BATCH_PRESETS[0][1]


def parse_batch(body: bytes, max_hands: int) -> tuple[object, int] | None:
    """A ``{"hands": [...]}`` body read by the C code, ``(batch, count)``, or ``None`` where it declines the
    body (then decode it with msgspec): :func:`.native.parse_batch` under every preset. Each hand it takes is
    then answered by :func:`.native.score_parsed_run`; one it leaves is answered from its JSON
    (:func:`.native.parsed_span`) as ``POST /v1/score`` would answer it."""
    return _native_parse(body, batch_presets(), max_hands)


def _score(req: ScoreRequest, use_native: bool = True) -> ScoreResult:
    rules, opts, table, prepared = _rules_and_table(req.rules)
    if prepared is not None and use_native:
        answered = _native_score(req, prepared)
        if answered is not None:
            return answered
    hand = parse_request(req, rules, opts)
    if not opts.han_fu:
        return score_kids(hand, readings(hand), reading_out)
    if req.nagashi_mangan:
        return _nagashi_mangan(hand, rules)
    aotenjou = opts.aotenjou
    bisection = opts.bisection
    players = opts.players
    renhou_mangan = hand.renhou and opts.renhou == "mangan" and not aotenjou
    paarenchan = hand.paarenchan
    dora_items: list[YakuItem] | None = None
    best: Ctx | None = None
    best_yaku: list[Candidate] = []
    best_fu_list: list[FuItem] = []
    best_with_dora = False
    # The best so far, compared as (points, yakuman, han, fu): a yakuman outranks kazoe at equal points.
    best_points = best_yakuman = best_han = best_fu = best_base = -1
    complete = False
    for c in readings(hand):
        complete = True
        yaku, yakuman = evaluate_yaku(c, table)
        if paarenchan and (yaku or opts.paarenchan == "always"):
            yaku, yakuman = _with_paarenchan(yaku, yakuman, paarenchan, aotenjou)
        if not yaku:
            continue
        choices = _renhou_choices(yaku) if renhou_mangan and not yakuman else (yaku,)
        for yaku in choices:
            # option renhou "mangan": renhou alone is a fixed mangan, without dora (see _renhou_choices)
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
                    if dora_items is None:
                        dora_items = _dora(hand)
                    for d in dora_items:
                        han += d.han
            base = options_limit_base(han, fu, opts, yakuman)
            points = hand_points(base, dealer=hand.dealer, tsumo=hand.tsumo, players=players, bisection=bisection)
            if points > best_points or (
                points == best_points
                and (
                    yakuman > best_yakuman
                    or (yakuman == best_yakuman and (han > best_han or (han == best_han and fu > best_fu)))
                )
            ):
                best_points, best_yakuman, best_han, best_fu, best_base = points, yakuman, han, fu, base
                best, best_yaku, best_fu_list, best_with_dora = c, yaku, fu_list, not fixed
    if best is None:
        reason = "no_yaku" if complete else "not_complete"
        return ScoreResult(is_win=False, reason=reason, preset=opts.preset, reason_name=_REASONS[reason])
    c, yaku, fu_list, with_dora = best, best_yaku, best_fu_list, best_with_dora
    han, fu, base = best_han, best_fu, best_base
    yakuman = best_yakuman if aotenjou else capped_yakuman(best_yakuman, opts.yakuman_cap)
    pay = payments(
        base,
        dealer=hand.dealer,
        tsumo=hand.tsumo,
        honba=hand.honba,
        riichi_sticks=hand.riichi_sticks,
        players=players,
        bisection=bisection,
        honba_points=opts.honba,
    )
    if aotenjou and pay.total > MAX_EXACT_POINTS:
        raise InvalidHand([FieldError("rules.aotenjou", _too_large(han, fu, pay.total))])
    items = [y.item for y in yaku]
    if (not yakuman or aotenjou) and with_dora and dora_items:
        items += dora_items
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


def _renhou_choices(yaku: list[Candidate]) -> tuple[list[Candidate], ...]:
    """Option ``renhou`` ``mangan`` (EMA, /docs/rulesets §2 Renhou [EMA16][EMA-rw]: a fixed mangan that
    needs no other yaku): a renhou hand is scored twice, as renhou alone (5 han, a mangan: no other yaku,
    no dora) and as the hand without renhou (its other yaku and dora, when it has any); the caller keeps
    the higher. So renhou is worth at least a mangan and never adds to the rest."""
    alone = [y for y in yaku if y.id == "renhou"]
    if not alone:
        return (yaku,)
    others = [y for y in yaku if y.id != "renhou"]
    return (alone, others) if others else (alone,)


_PAARENCHAN: Final = [Candidate(REGISTRY["paarenchan"], 13 * n, n) for n in range(7)]
"""Paarenchan as a yakuman of each multiple the request allows (0–6; index 0 is never used)."""


def _with_paarenchan(yaku: list[Candidate], yakuman: int, multiple: int, aotenjou: bool) -> tuple[list[Candidate], int]:
    """A reading's yaku with paarenchan (request ``paarenchan``, a yakuman ``multiple``) added: a yakuman,
    so the ordinary yaku go (not under option ``aotenjou``). The caller checks option ``paarenchan``
    (``needs_yaku``: only beside another yaku; ``always``), as the ``mahjong`` package does."""
    kept = yaku if aotenjou else [y for y in yaku if y.yakuman]
    return [*kept, _PAARENCHAN[multiple]], yakuman + multiple


_NAGASHI: Final = YakuItem("nagashi_mangan", 5, yaku_name("nagashi_mangan"))


def _nagashi_mangan(hand: Hand, rules: Rules) -> ScoreResult:
    """Nagashi mangan (request flag ``nagashi_mangan``, option ``nagashi_mangan``): not a win but a
    payment at an exhaustive draw, a mangan paid as a tsumo whatever ``win`` says (dealer: 4,000 from
    each; non-dealer: 4,000 from the dealer and 2,000 from each other), with no honba and no riichi sticks
    (they stay on the table): /docs/rulesets §4 Nagashi mangan payment [TH-mj4][TH-mortal][MS-ed] and §8.2
    (the ``mahjong`` package 2.3.0). The tiles were validated; their shape does not matter. No fu, no reading.
    """
    pay = payments(
        MANGAN_BASE, dealer=hand.dealer, tsumo=True, players=rules.players, bisection=rules.sanma_tsumo == "bisection"
    )
    return ScoreResult(
        is_win=True,
        preset=rules.preset,
        han=5,
        yaku=(_NAGASHI,),
        limit="mangan",
        limit_name=_LIMITS["mangan"],
        base_points=MANGAN_BASE,
        points=pay.points,
        payments=pay.payments,
        total=pay.total,
    )

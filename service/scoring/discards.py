"""What to discard: shanten, ukeire, good-shape ukeire and the value of every discard of a 14-tile hand.

``POST /v1/analysis/discards`` (/docs/endpoints "Other endpoints"). A :class:`DiscardsRequest` holds
``14 − 3 × melds`` concealed tiles; every distinct tile code is tried as the discard and the resulting
``13 − 3 × melds`` hand is analysed (:class:`DiscardOption`), then the discards are ranked by a fixed
order (:class:`DiscardsResult`). Rules: /docs/rules §2 (winning shapes: 4 sets + pair, seven
*different* pairs, kokushi where the preset has it), §3 (each wait's value, via :func:`.scorer.score`);
three players (/docs/rulesets §7): 2m–8m do not exist, so they are never ukeire nor waits.

Shanten, ukeire and waits are exact (:mod:`.shanten`: a tile whose four copies are all in the hand or
melds is never ukeire). Per discard the work is :mod:`.tenpai`'s (one ``13 − 3m`` part, its waits valued
by ron and tsumo); on top of it: furiten from the caller's ``river``, good-shape ukeire of a 1-shanten
discard (each ukeire draw, then each discard after it, looked up in a per-request table of 13-tile
answers) and the ranking.

With an ``offered`` tile (a ``13 − 3 × melds`` hand and another player's discard) the answer ranks ron,
pass and every chi, pon and open kan it allows (:class:`CallOption`): a chi or pon is the analysis
above of the hand after the call, without the swap-call discards (/docs/rulesets "Kuikae").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, cast

import msgspec

from service.i18n import Language, refusal

from .discards_model import (
    CallKind,
    CallOption,
    CallReason,
    DiscardOption,
    DiscardsRequest,
    DiscardsResult,
    RankReason,
)
from .model import FieldError, InvalidHand, MeldSpec
from .presets import Rules, resolve_rules
from .scorer import score
from .shanten import shanten, shanten_and_improving
from .tenpai import (
    _analyse_13,
    _Context,
    _localised_waits,
    _validate,
)
from .tenpai_model import Parsed, ShantenByShape, TileCount, Wait, declared
from .tiles import WINDS, NotationError, kind_name, notation_message, parse_tile, parse_tiles
from .validate import red_fives_message, removed_message

__all__ = ["analyse_discards", "good_shape", "localise_discards"]

_ORDER: tuple[RankReason, ...] = ("shanten", "ukeire", "good_shape", "value", "tile_order")
_CALL_ORDER: tuple[CallReason, ...] = ("shanten", "call", "ukeire", "good_shape", "value", "tile_order")
_CALLS: tuple[CallKind, ...] = ("ron", "pass", "chi", "pon", "kan")


def good_shape(counts: Sequence[int], meld_counts: Sequence[int], waits: Sequence[int]) -> bool:
    """Whether a tenpai hand's ``waits`` (kinds) make a good-shape wait: more than 4 copies outside the hand.

    ``counts``, ``meld_counts``: 34 counts of the concealed tiles and of the melds. The copies of a
    winning kind outside them are ``4 − counts − meld_counts``; the wait is good-shape when their sum
    over ``waits`` is above 4 (a two-sided wait has 8 when none is held; a closed, edge or single wait
    at most 4, a double-pair wait 2 + 2).

    >>> from .tiles import parse_tiles
    >>> c = [0] * 34
    >>> for k in parse_tiles("23m456p789s11122z").kinds: c[k] += 1
    >>> good_shape(c, [0] * 34, [0, 3])  # 1m-4m
    True
    >>> good_shape(c, [0] * 34, [0])  # as if only 1m won
    False
    """
    return sum(4 - counts[k] - meld_counts[k] for k in waits) > 4


class _Tenpai13:
    """Per request: the shanten and waits of each 13-tile part seen, keyed by its counts."""

    def __init__(self, ctx: _Context, meld_counts: list[int]) -> None:
        self.ctx = ctx
        self.meld_counts = meld_counts
        self.known: dict[tuple[int, ...], bool] = {}

    def good_after(self, counts14: list[int]) -> bool:
        """Some discard of the 14-tile ``counts14`` leaves a good-shape tenpai."""
        for k in range(34):
            if not counts14[k]:
                continue
            counts14[k] -= 1
            key = tuple(counts14)
            found = self.known.get(key)
            if found is None:
                s, better = shanten_and_improving(
                    counts14, self.ctx.caps, chiitoitsu=self.ctx.chiitoi, kokushi=self.ctx.koku
                )
                found = s.shanten == 0 and good_shape(counts14, self.meld_counts, better)
                self.known[key] = found
            counts14[k] += 1
            if found:
                return True
        return False


def _extra(
    req: DiscardsRequest, rules: Rules, p: Parsed | None, errors: list[FieldError]
) -> tuple[list[int], int | None]:
    """Check ``offered`` (notation, a tile of the tile set, a fifth copy or red five once the rest is counted);
    the river's 34 counts and the offered tile's kind.

    The river itself is checked with the rest of the request (`POST /v1/tenpai`'s ``river``: notation, tile set,
    copies, red fives), and counted there as seen; the offered tile comes last, so a kind it takes past 4 copies
    is its error, counted only when the other fields are valid (``p`` given).
    """
    river = [0] * 34
    river_red: tuple[int, ...] = ()
    try:
        parsed = parse_tiles(req.river)
        river_red = parsed.red
        for k in parsed.kinds:
            river[k] += 1
    except NotationError:
        pass  # named by the request's own check
    offered: int | None = None
    offered_red = False
    if req.offered is not None:
        try:
            offered, offered_red = parse_tile(req.offered)
        except NotationError as exc:
            errors.append(FieldError("offered", notation_message(exc)))
    if offered is not None:
        if rules.players == 3 and 1 <= offered <= 7:
            errors.append(FieldError("offered", removed_message([offered])))
        if not rules.winds and offered in WINDS:
            errors.append(FieldError("offered", refusal("refusal.no_winds", preset=repr(rules.preset))))
    if p is None or offered is None:
        return river, offered
    ura = parse_tiles(req.ura_indicators)
    others = [a + b + c for a, b, c in zip(p.counts, p.meld_counts, p.seen_extra, strict=True)]  # river included
    for k in ura.kinds:
        others[k] += 1
    if others[offered] + 1 > 4:
        errors.append(
            FieldError("offered", refusal("refusal.discards_copies", n=others[offered] + 1, tile=kind_name(offered)))
        )
    if offered_red:
        reds = [0, 0, 0]
        for value in (req.hand, req.dora_indicators, req.ura_indicators, req.visible, *(m.tiles for m in req.melds)):
            for k in parse_tiles(value).red:
                reds[k // 9] += 1
        for k in river_red:
            reds[k // 9] += 1
        reds[offered // 9] += 1
        if reds[offered // 9] > rules.aka_per_suit:
            errors.append(
                FieldError("offered", red_fives_message(reds[offered // 9], offered // 9, rules.aka_per_suit))
            )
    return river, offered


def _validated(req: DiscardsRequest, rules: Rules, *, drawn: bool = True) -> tuple[Parsed, list[int], int | None]:
    """Every check of `POST /v1/tenpai`, the river's, the offered tile's and the tile count's (14 − 3 × melds, or
    13 − 3 × melds with an offered tile): :class:`InvalidHand` naming each field.

    Returns the parsed request with the river counted as seen, the river's counts and the offered kind.
    ``drawn=False`` asks for 13 − 3 × melds tiles without an offered tile (a hand just after an open kan).
    """
    errors: list[FieldError] = []
    parsed: Parsed | None = None
    size = 14 - 3 * len(req.melds) - (req.offered is not None or not drawn)
    what = refusal("refusal.with_offered_tile" if req.offered is not None else "refusal.drawn_tile_included")
    try:
        parsed = _validate(req, rules)
    except InvalidHand as exc:
        for e in exc.errors:  # the tile count `POST /v1/tenpai` asks for is not this endpoint's
            if e.field == "hand" and getattr(e.message, "key", None) == "refusal.tenpai_hand_count":
                got = len(parse_tiles(req.hand).kinds)
                e = FieldError(
                    "hand", refusal("refusal.discards_hand_count", melds=len(req.melds), n=size, what=what, got=got)
                )
            errors.append(e)
    river, offered = _extra(req, rules, parsed, errors)
    if parsed is not None and len(parsed.codes) != size:
        errors.append(
            FieldError(
                "hand",
                refusal("refusal.discards_hand_count", melds=len(req.melds), n=size, what=what, got=len(parsed.codes)),
            )
        )
    if errors or parsed is None:
        raise InvalidHand(errors)
    return parsed, river, offered  # the river already counted as seen and as gone


def _value(waits: list[Wait], furiten: bool) -> int:
    """The unseen-copies weighted mean points of a winning tile (ron, else tsumo; 0 when neither wins)."""
    total = copies = 0
    for w in waits:
        points = 0
        if w.ron is not None and w.ron.is_win and not furiten:
            points = w.ron.points
        elif w.tsumo is not None and w.tsumo.is_win:
            points = w.tsumo.points
        total += w.remaining * points
        copies += w.remaining
    return total // copies if copies else 0


def _kind(code: str) -> int:
    """The kind of a valid tile code (:func:`.tiles.parse_tile`)."""
    return parse_tile(code)[0]


def _good(tables: _Tenpai13, counts: list[int], ukeire: list[TileCount]) -> list[TileCount]:
    """The ``ukeire`` tiles after whose draw into the 13-tile ``counts`` some discard leaves a good-shape tenpai."""
    good: list[TileCount] = []
    for t in ukeire:
        drawn = _kind(t.tile)
        counts[drawn] += 1
        if tables.good_after(counts):
            good.append(t)
        counts[drawn] -= 1
    return good


def analyse_discards(req: DiscardsRequest) -> DiscardsResult:
    """Answer `POST /v1/analysis/discards` for ``req`` (/docs/rules §2, §3; /docs/rulesets §7).

    Raises :class:`~.model.InvalidHand` (HTTP 422) naming each field for impossible input: every check of
    `POST /v1/tenpai` (bad notation, a fifth copy across hand, melds, indicators and `visible`, winds or
    2m–8m where the preset has none, an impossible situation), a fifth copy or red five once `river` and
    then `offered` are counted (named `river`, `offered`), and a hand that is not 14 − 3 × melds tiles
    (13 − 3 × melds with `offered`).

    >>> r = analyse_discards(DiscardsRequest(hand="123m456p789s234s1z5p", values=False))
    >>> [(d.discard, d.shanten, d.ukeire_unseen, d.reason) for d in r.discards][:3]  # 1z tanki (3 left), 5p (2 left)
    [('5p', 0, 3, 'best'), ('1z', 0, 2, 'ukeire'), ('4p', 1, 19, 'shanten')]
    """
    req = cast(DiscardsRequest, declared(req))  # declared keeps the Struct's own type
    rules = resolve_rules(req.rules)
    p, river, offered = _validated(req, rules)
    if offered is not None:
        return _offered(req, rules, p, river, offered)
    return _discards(req, rules, p, river, ())


def _discards(
    req: DiscardsRequest, rules: Rules, p: Parsed, river: list[int], forbidden: Sequence[int]
) -> DiscardsResult:
    """The ranked discards of a validated 14 − 3 × melds hand, none of the kinds in ``forbidden``."""
    ctx = _Context(req, p)
    tables = _Tenpai13(ctx, p.meld_counts)
    whole = shanten(p.counts, ctx.caps, chiitoitsu=ctx.chiitoi, kokushi=ctx.koku)
    ranked: list[tuple[tuple[int, int, int, int, int, int], DiscardOption]] = []
    for code in dict.fromkeys(p.codes):
        kind = _kind(code)
        if kind in forbidden:
            continue
        rest = list(p.codes)
        rest.remove(code)
        counts = list(p.counts)
        counts[kind] -= 1
        a = _analyse_13(req, p, ctx, rest, counts, kind)
        tenpai = a.shanten == 0
        ukeire = [TileCount(tile=w.tile, remaining=w.remaining) for w in a.waits] if tenpai else a.improving
        unseen = sum(t.remaining for t in ukeire)
        good: list[TileCount] | None = None
        good_unseen: int | None = None
        if a.shanten == 1:
            good = _good(tables, counts, ukeire)
            good_unseen = sum(t.remaining for t in good)
        wait_kinds = [_kind(w.tile) for w in a.waits]
        furiten = tenpai and (a.furiten is not None or any(k == kind or river[k] for k in wait_kinds))
        value = _value(a.waits, furiten) if tenpai and req.values else None
        option = DiscardOption(
            discard=code,
            rank=0,  # set once ranked
            shanten=a.shanten,
            shanten_by_shape=a.by_shape,
            tenpai=tenpai,
            ukeire=ukeire,
            ukeire_unseen=unseen,
            good_shape=good,
            good_shape_unseen=good_unseen,
            waits=a.waits,
            good_wait=good_shape(counts, p.meld_counts, wait_kinds) if tenpai else None,
            furiten=furiten,
            value=value,
            riichi=a.riichi,
            reason="best",
        )
        key = (a.shanten, -unseen, -(good_unseen or 0), -(value or 0), kind, 0 if code == kind_name(kind) else 1)
        ranked.append((key, option))
    ranked.sort(key=lambda o: o[0])
    options: list[DiscardOption] = []
    above: tuple[int, ...] | None = None
    above_code: str | None = None
    for i, (key, option) in enumerate(ranked):
        reason: RankReason = "best"
        if above is not None:
            reason = next((name for name, x, y in zip(_ORDER, key, above, strict=False) if x != y), "tile_order")
        options.append(msgspec.structs.replace(option, rank=i + 1, reason=reason, behind=above_code))
        above, above_code = key, option.discard
    return DiscardsResult(
        preset=rules.preset,
        tiles=len(p.codes),
        shanten=whole.shanten,
        shanten_by_shape=ShantenByShape(standard=whole.regular, chiitoitsu=whole.chiitoitsu, kokushi=whole.kokushi),
        complete=whole.shanten == -1,
        tenpai=any(o.tenpai for o in options),
        discards=options,
    )


def _meld_choices(codes: list[str], need: list[int]) -> list[tuple[str, ...]]:
    """The distinct ways to take one hand tile of each kind in ``need`` (a red and a plain five differ)."""
    choices: list[tuple[str, ...]] = [()]
    for k in need:
        held = sorted({c for c in codes if _kind(c) == k})
        choices = [(*c, h) for c in choices for h in held if list((*c, h)).count(h) <= codes.count(h)]
    return sorted({tuple(sorted(c)) for c in choices})


def _calls(
    req: DiscardsRequest, rules: Rules, p: Parsed, offered: int
) -> list[tuple[Literal["chi", "pon", "kan"], tuple[str, ...]]]:
    """Every chi, pon and open kan the hand can make on the offered tile: (call, hand tiles it takes)."""
    if req.riichi or len(req.melds) == 4:
        return []
    out: list[tuple[Literal["chi", "pon", "kan"], tuple[str, ...]]] = []
    if offered < 27 and rules.players == 4 and req.offered_from == "left":
        rank = offered % 9
        for a, b in ((-2, -1), (-1, 1), (1, 2)):
            if rank + a >= 0 and rank + b <= 8 and p.counts[offered + a] and p.counts[offered + b]:
                out.extend(("chi", c) for c in _meld_choices(p.codes, [offered + a, offered + b]))
    if p.counts[offered] >= 2:
        out.extend(("pon", c) for c in _meld_choices(p.codes, [offered, offered]))
    if p.counts[offered] == 3:
        out.append(("kan", tuple(c for c in p.codes if _kind(c) == offered)))
    return out


def _label(call: CallKind, tiles: list[str]) -> str:
    return f"{call} {''.join(c[0] for c in tiles)}{tiles[0][1]}" if tiles else call


def _call_option(
    req: DiscardsRequest,
    rules: Rules,
    p: Parsed,
    offered: int,
    call: Literal["chi", "pon", "kan"],
    taken: tuple[str, ...],
) -> CallOption | None:
    """The call ``call`` on ``req.offered`` with the hand's ``taken`` tiles, as an unranked
    :class:`CallOption`: after a kan the 13-tile hand's waits or improving tiles; after a chi or pon its best
    discard (kuikae's kinds excluded), ``None`` when no discard is left to make."""
    assert req.offered is not None
    rest = list(p.codes)
    for c in taken:
        rest.remove(c)
    meld = tuple(sorted((*taken, req.offered), key=lambda c: (_kind(c), c != kind_name(_kind(c)))))
    sub = msgspec.structs.replace(
        req, hand=tuple(rest), melds=(*req.melds, MeldSpec(type=call, tiles=meld)), offered=None
    )
    sp, sriver, _ = _validated(sub, rules, drawn=call != "kan")
    if call == "kan":
        sctx = _Context(sub, sp)
        k = _analyse_13(sub, sp, sctx, sp.codes, list(sp.counts), None)
        kt = k.shanten == 0
        kfuriten = kt and (k.furiten is not None or any(sriver[_kind(w.tile)] for w in k.waits))
        kuke = [TileCount(tile=w.tile, remaining=w.remaining) for w in k.waits] if kt else k.improving
        kgood = _good(_Tenpai13(sctx, sp.meld_counts), list(sp.counts), kuke) if k.shanten == 1 else None
        option = CallOption(
            call=call,
            tiles=list(meld),
            rank=0,
            shanten=k.shanten,
            ukeire=kuke,
            ukeire_unseen=sum(t.remaining for t in kuke),
            good_shape_unseen=None if kgood is None else sum(t.remaining for t in kgood),
            value=_value(k.waits, kfuriten) if kt and req.values else None,
            furiten=kfuriten,
            reason="best",
        )
    else:
        ends = [offered]  # kuikae: the called kind, and after a chi the kind at its other end
        kinds = sorted(_kind(c) for c in taken)
        if call == "chi" and kinds[0] > offered and offered % 9 + 3 <= 8:
            ends.append(offered + 3)
        if call == "chi" and kinds[1] < offered and offered % 9 - 3 >= 0:
            ends.append(offered - 3)
        r = _discards(sub, rules, sp, sriver, ends)
        if not r.discards:
            return None  # only swap-calls left: the call cannot be made
        best = r.discards[0]
        option = CallOption(
            call=call,
            tiles=list(meld),
            rank=0,
            shanten=best.shanten,
            ukeire=best.ukeire,
            ukeire_unseen=best.ukeire_unseen,
            good_shape_unseen=best.good_shape_unseen,
            value=best.value,
            furiten=best.furiten,
            discards=r.discards,
            reason="best",
        )
    return option


def _ranked(rows: list[tuple[tuple[int, ...], CallOption]]) -> list[CallOption]:
    """The options by their keys, each with its rank, the first key field it loses on to the one above
    (``reason``, :data:`_CALL_ORDER`) and that one's label (``behind``)."""
    rows.sort(key=lambda o: o[0])
    calls: list[CallOption] = []
    above: tuple[int, ...] | None = None
    above_label: str | None = None
    for i, (key, option) in enumerate(rows):
        reason: CallReason = "best"
        if above is not None:
            reason = next((n for n, x, y in zip(_CALL_ORDER, key, above, strict=False) if x != y), "tile_order")
        calls.append(msgspec.structs.replace(option, rank=i + 1, reason=reason, behind=above_label))
        above, above_label = key, _label(option.call, option.tiles)
    return calls


def _offered(req: DiscardsRequest, rules: Rules, p: Parsed, river: list[int], offered: int) -> DiscardsResult:
    """Ron, pass and every call on ``req.offered`` for a validated 13 − 3 × melds hand, ranked (:class:`CallOption`)."""
    assert req.offered is not None
    ctx = _Context(req, p)
    tables = _Tenpai13(ctx, p.meld_counts)
    # Passing: the offered tile lies in a river, seen and never to be won on.
    seen = list(p.seen_extra)
    seen[offered] += 1
    gone = list(p.physical_extra)
    gone[offered] += 1
    passed = msgspec.structs.replace(p, seen_extra=seen, physical_extra=gone)
    a = _analyse_13(req, passed, ctx, p.codes, list(p.counts), None)
    tenpai = a.shanten == 0
    wait_kinds = [_kind(w.tile) for w in a.waits]
    furiten = tenpai and (a.furiten is not None or any(river[k] for k in wait_kinds))
    ukeire = [TileCount(tile=w.tile, remaining=w.remaining) for w in a.waits] if tenpai else a.improving
    good = _good(tables, list(p.counts), ukeire) if a.shanten == 1 else None
    rows: list[tuple[tuple[int, ...], CallOption]] = []

    def add(option: CallOption, order: int) -> None:
        tiles = tuple(_kind(c) for c in option.tiles)
        key = (
            option.shanten,
            int(option.call not in ("ron", "pass")),
            -option.ukeire_unseen,
            -(option.good_shape_unseen or 0),
            -(option.value or 0),
            order,
            *tiles,
        )
        rows.append((key, option))

    if tenpai and offered in wait_kinds and not furiten:
        ron = score(msgspec.structs.replace(ctx.template, hand=tuple(p.codes), win_tile=req.offered, win="ron"))
        if ron.is_win:
            add(CallOption(call="ron", rank=0, shanten=-1, ron=ron, value=ron.points, reason="best"), 0)
    add(
        CallOption(
            call="pass",
            rank=0,
            shanten=a.shanten,
            ukeire=ukeire,
            ukeire_unseen=sum(t.remaining for t in ukeire),
            good_shape_unseen=None if good is None else sum(t.remaining for t in good),
            value=_value(a.waits, furiten) if tenpai and req.values else None,
            furiten=furiten,
            reason="best",
        ),
        1,
    )
    for call, taken in _calls(req, rules, p, offered):
        option = _call_option(req, rules, p, offered, call, taken)
        if option is not None:
            add(option, _CALLS.index(call))
    calls = _ranked(rows)
    return DiscardsResult(
        preset=rules.preset,
        tiles=len(p.codes),
        shanten=a.shanten,
        shanten_by_shape=a.by_shape,
        complete=False,
        tenpai=tenpai,
        discards=[],
        calls=calls,
    )


def localise_discards(result: DiscardsResult, lang: Language) -> DiscardsResult:
    """``result`` with the names of every wait's ron and tsumo score in ``lang``; ``en`` returns it as is."""
    if lang == "en":
        return result
    return msgspec.structs.replace(
        result, discards=[msgspec.structs.replace(d, waits=_localised_waits(d.waits, lang)) for d in result.discards]
    )

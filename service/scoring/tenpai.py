"""Tenpai and waits: shanten, waits with unseen copies, riichi, and what each wait is worth.

``POST /v1/tenpai`` (/docs/endpoints "Other endpoints"). A :class:`TenpaiRequest` holds
the concealed tiles *without* a winning tile: ``13 − 3 × melds`` tiles (is this hand
tenpai, on what, for how much?) or ``14 − 3 × melds`` (which discard?, answered per
discard). Rules: /docs/rules §2 (winning shapes: 4 sets + pair, seven *different* pairs,
kokushi where the preset has it), §3 (scoring, via :func:`.scorer.score`), §5 (kids: riichi
needs a closed hand one tile from winning).

Shanten and waits come from :mod:`.shanten` (exact: a wait on a kind whose four copies
are all in the hand or melds is no wait). The value of each wait is the full
:class:`~.model.ScoreResult` of winning on it by ron and by tsumo under the request's rules
and situation; ``is_win: false, reason: "no_yaku"`` on ron is the *dama trap* (a closed
hand with no yaku that can only win by tsumo or after riichi).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Literal

import msgspec

from service.i18n import Language, refusal

from .hand import F_DOUBLE_RIICHI, F_IPPATSU
from .model import (
    FieldError,
    InvalidHand,
    ScoreRequest,
    ScoreResult,
)
from .names import localise
from .presets import Rules, resolve_rules
from .scorer import score
from .shanten import caps_for, shanten, shanten_and_improving
from .tenpai_model import (
    Analysis,
    Discard,
    FuritenKind,
    Parsed,
    RiichiCheck,
    ShantenByShape,
    TenpaiRequest,
    TenpaiResult,
    TileCount,
    Wait,
    declared,
)
from .tiles import WINDS, NotationError, kind_name, notation_message, parse_tile, parse_tiles, tile_codes
from .validate import (
    MELDS,
    Errors,
    absent_yaku_errors,
    no_winds_message,
    nukidora_message,
    read_meld,
    read_winds,
    red_fives_message,
    removed_message,
    riichi_errors,
    sanma_wind_errors,
    table_errors,
)

__all__ = [
    "RIICHI_MIN_POINTS",
    "RIICHI_MIN_TILES_LEFT",
    "Discard",
    "RiichiCheck",
    "ShantenByShape",
    "TenpaiRequest",
    "TenpaiResult",
    "TileCount",
    "Wait",
    "analyse",
    "localise_tenpai",
]

RIICHI_MIN_POINTS: Final = 1000
"""A riichi declaration puts a 1000-point stick on the table (/docs/rules §3 Payments)."""
RIICHI_MIN_TILES_LEFT: Final = 4
"""Riichi needs at least one more own draw: 4 or more tiles left in the live wall."""

NORTH: Final = 30


def _first_past(stages: tuple[tuple[str, int], ...], limit: int) -> str:
    """The field whose tiles take a running count past ``limit`` (the field to blame).

    >>> _first_past((("hand", 3), ("dora_indicators", 1), ("visible", 1)), 4)
    'visible'
    """
    running = 0
    for field, n in stages:
        running += n
        if running > limit:
            return field
    return stages[0][0]


def _tile_set_errors(kinds: tuple[int, ...], field: str, rules: Rules, errors: list[FieldError]) -> None:
    """Tiles the rules' set lacks: 2m–8m with three players, winds in a preset without winds."""
    if rules.players == 3 and any(1 <= k <= 7 for k in kinds):
        errors.append(FieldError(field, removed_message([k for k in kinds if 1 <= k <= 7])))
    if not rules.winds and any(k in WINDS for k in kinds):
        errors.append(FieldError(field, no_winds_message(rules)))


def _read_tiles(
    value: str | Sequence[str], field: str, rules: Rules, errors: list[FieldError]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A tile field's kinds and red fives (empty, and the notation's refusal, when it is not mpsz)."""
    try:
        parsed = parse_tiles(value)
    except NotationError as exc:
        errors.append(FieldError(field, notation_message(exc)))
        return (), ()
    _tile_set_errors(parsed.kinds, field, rules, errors)
    return parsed.kinds, parsed.red


def _read_melds(req: TenpaiRequest, rules: Rules, reds: list[int], errors: list[FieldError]) -> list[int]:
    """The melds' tiles per kind (a valid meld's only), read as a score request's (:func:`.validate.read_meld`);
    their red fives are added to ``reds`` (per suit)."""
    meld_counts = [0] * 34
    for i, m in enumerate(req.melds):
        field = f"melds[{i}]"
        known = MELDS.get((m.type, m.tiles, False)) if isinstance(m.tiles, str) else None
        meld, parsed, at, message = known if known is not None else read_meld(m.type, m.tiles, False)
        if meld is None and not parsed.kinds:  # the notation: the meld's tiles are unknown
            errors.append(FieldError(f"{field}.{at}", message))
        else:
            _tile_set_errors(parsed.kinds, f"{field}.tiles", rules, errors)
        for k in parsed.red:
            reds[k // 9] += 1
        if m.closed and m.type != "kan":
            errors.append(FieldError(f"{field}.closed", refusal("refusal.closed_not_kan", meld=m.type)))
        if m.type == "chi" and rules.players == 3:
            errors.append(FieldError(f"{field}.type", refusal("refusal.sanma_chi")))
        if meld is None:
            if parsed.kinds:
                errors.append(FieldError(f"{field}.{at}", message))
            continue
        for k in parsed.kinds:
            meld_counts[k] += 1
    return meld_counts


def _validate(req: TenpaiRequest, rules: Rules) -> Parsed:
    """Check everything physically impossible (/docs/rules §1–2); raise :class:`InvalidHand` naming each field.
    The tiles (:func:`_read_tiles`, :func:`_read_melds`), their copies (:func:`_copies_errors`), then the
    situation (:func:`_situation`)."""
    errors: list[FieldError] = []
    hand, hand_red = _read_tiles(req.hand, "hand", rules, errors)
    reds = [0, 0, 0]
    for k in hand_red:
        reds[k // 9] += 1
    meld_counts = _read_melds(req, rules, reds, errors)
    dora, dora_red = _read_tiles(req.dora_indicators, "dora_indicators", rules, errors)
    ura, ura_red = _read_tiles(req.ura_indicators, "ura_indicators", rules, errors)
    visible, visible_red = _read_tiles(req.visible, "visible", rules, errors)
    river, river_red = _read_tiles(req.river, "river", rules, errors)
    passed, _passed_red = _read_tiles(req.passed, "passed", rules, errors)
    for name, ind in (("dora_indicators", dora), ("ura_indicators", ura)):
        if len(ind) > 5:
            errors.append(FieldError(name, refusal("refusal.too_many_indicators", most=5, n=len(ind))))

    wait_size = 13 - 3 * len(req.melds)
    if len(hand) not in (wait_size, wait_size + 1) and not any(e.field == "hand" for e in errors):
        errors.append(
            FieldError(
                "hand",
                refusal(
                    "refusal.tenpai_hand_count", melds=len(req.melds), n=wait_size, more=wait_size + 1, got=len(hand)
                ),
            )
        )

    counts = [0] * 34
    for k in hand:
        counts[k] += 1
    indicators = [0] * 34
    for k in (*dora, *ura):
        indicators[k] += 1
    seen = [0] * 34
    for k in (*dora, *visible, *river):
        seen[k] += 1
    in_river = [0] * 34
    for k in river:
        in_river[k] = 1
        indicators[k] = indicators[k] + 1  # discarded: a copy that can never be won on
    let_pass = [0] * 34
    for k in passed:
        let_pass[k] = 1
    seen[NORTH] += req.nukidora  # set aside: seen, and never to be won on
    indicators[NORTH] += req.nukidora
    _copies_errors(req, rules, counts, meld_counts, (dora, ura, visible, river), reds, errors)
    _red_errors(rules, reds, (dora_red, ura_red, visible_red, river_red), errors)

    menzen = all(m.closed for m in req.melds)
    _situation(req, rules, menzen, errors)
    if errors:
        raise InvalidHand(errors)
    return Parsed(rules, tile_codes(req.hand), counts, meld_counts, seen, indicators, menzen, in_river, let_pass)


def _copies_errors(
    req: TenpaiRequest,
    rules: Rules,
    counts: list[int],
    meld_counts: list[int],
    fields: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]],
    reds: list[int],
    errors: list[FieldError],
) -> None:
    """A fifth copy of a kind, blamed on the field that takes it past 4 (:func:`_first_past`): hand and melds,
    then ``fields`` (dora, ura, visible, river), then the Norths set aside."""
    per_field = [[0] * 34 for _ in range(4)]  # dora, ura, visible, river: copies per kind
    for row, kinds in zip(per_field, fields, strict=True):
        for k in kinds:
            row[k] += 1
    for kind in range(34):
        stages = (
            ("hand", counts[kind] + meld_counts[kind]),
            ("dora_indicators", per_field[0][kind]),
            ("ura_indicators", per_field[1][kind]),
            ("visible", per_field[2][kind]),
            ("river", per_field[3][kind]),
            ("nukidora", req.nukidora if kind == NORTH else 0),
        )
        total = stages[0][1] + stages[1][1] + stages[2][1] + stages[3][1] + stages[4][1] + stages[5][1]
        if total > 4:
            errors.append(
                FieldError(
                    _first_past(stages, 4),
                    refusal("refusal.tenpai_copies", n=total, tile=kind_name(kind)),
                )
            )


def _red_errors(
    rules: Rules,
    reds: list[int],
    fields: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]],
    errors: list[FieldError],
) -> None:
    """Red fives past the rules' number per suit, blamed as :func:`_copies_errors` blames copies: ``reds``
    the hand's and melds' per suit, ``fields`` the red kinds of dora, ura, visible and river."""
    dora_red, ura_red, visible_red, river_red = fields
    for suit in range(3):
        stages = (
            ("hand", reds[suit]),
            ("nukidora", 0),
            ("dora_indicators", sum(1 for k in dora_red if k // 9 == suit)),
            ("ura_indicators", sum(1 for k in ura_red if k // 9 == suit)),
            ("visible", sum(1 for k in visible_red if k // 9 == suit)),
            ("river", sum(1 for k in river_red if k // 9 == suit)),
        )
        total = sum(n for _, n in stages)
        if total > rules.aka_per_suit:
            errors.append(
                FieldError(_first_past(stages, rules.aka_per_suit), red_fives_message(total, suit, rules.aka_per_suit))
            )


def _situation(req: TenpaiRequest, rules: Rules, menzen: bool, errors: list[FieldError]) -> None:
    """The :class:`~.model.Situation` fields and the table, checked as `POST /v1/score` checks them, by the same
    functions (/docs/rules §2)."""
    found = Errors(errors)
    if rules.players == 3:
        sanma_wind_errors(req.seat_wind, req.round_wind, found)
    if req.nukidora and not (rules.nukidora and rules.players == 3):
        found.add("nukidora", nukidora_message(rules))
    read_winds(
        req.seat_wind,
        req.round_wind,
        req.dealer,
        rules,
        found,
        "refusal.tenpai_seat_wind_required" if req.values else "",
    )
    riichi_errors(req.riichi, req.double_riichi, req.ippatsu, menzen, found)
    if rules.scoring == "han_fu":
        absent_yaku_errors(
            (F_DOUBLE_RIICHI if req.double_riichi else 0) | (F_IPPATSU if req.ippatsu else 0), rules, rules.yaku, found
        )
    table_errors(req.honba, req.riichi_sticks, rules, errors)


def _riichi(req: TenpaiRequest, p: Parsed, tenpai: bool) -> RiichiCheck:
    reasons: list[Literal["open_hand", "not_tenpai", "points_below_1000", "too_few_tiles_left"]] = []
    if not p.menzen:
        reasons.append("open_hand")
    if not tenpai:
        reasons.append("not_tenpai")
    if p.rules.scoring == "han_fu":
        if req.points is not None and req.points < RIICHI_MIN_POINTS:
            reasons.append("points_below_1000")
        if req.tiles_left is not None and req.tiles_left < RIICHI_MIN_TILES_LEFT:
            reasons.append("too_few_tiles_left")
    return RiichiCheck(allowed=not reasons, reasons=reasons)


def _template(req: TenpaiRequest) -> ScoreRequest:
    """The score request of every wait's value: ``req``'s rules and situation (hand and tile set per wait)."""
    return ScoreRequest(
        hand="",
        win_tile="1m",
        rules=req.rules,
        melds=req.melds,
        dealer=req.dealer,
        seat_wind=req.seat_wind,
        round_wind=req.round_wind,
        riichi=req.riichi,
        double_riichi=req.double_riichi,
        ippatsu=req.ippatsu,
        dora_indicators=req.dora_indicators,
        ura_indicators=req.ura_indicators,
        honba=req.honba,
        riichi_sticks=req.riichi_sticks,
        nukidora=req.nukidora,
    )


def _value(template: ScoreRequest, hand: tuple[str, ...], kind: int, win: Literal["ron", "tsumo"]) -> ScoreResult:
    return score(msgspec.structs.replace(template, hand=hand, win_tile=_NAMES[kind], win=win))


_NAMES: Final = tuple(kind_name(k) for k in range(34))
"""Tile codes of the 34 kinds (``1m`` … ``7z``)."""


class _Context:
    """What every 13-tile part of one request shares: caps, shapes, the score template, built structs."""

    def __init__(self, req: TenpaiRequest, p: Parsed) -> None:
        rules = p.rules
        self.caps = caps_for(rules.winds, p.meld_counts, rules.players)
        self.chiitoi = not req.melds
        self.koku = self.chiitoi and rules.winds and "kokushi" in rules.yaku
        self.template = _template(req)
        self.counts: dict[int, TileCount] = {}  # by 5 × kind + remaining
        self.riichi: dict[bool, RiichiCheck] = {}
        self.shapes: dict[tuple[int, int | None, int | None], ShantenByShape] = {}

    def tile_count(self, kind: int, remaining: int) -> TileCount:
        key = 5 * kind + remaining
        found = self.counts.get(key)
        if found is None:
            found = self.counts[key] = TileCount(tile=_NAMES[kind], remaining=remaining)
        return found


def _analyse_13(
    req: TenpaiRequest, p: Parsed, ctx: _Context, codes: list[str], counts: list[int], discarded: int | None
) -> Analysis:
    """Shanten, waits (with values) or improving tiles, and riichi for a 3n+1 concealed part."""
    s, better = shanten_and_improving(counts, ctx.caps, chiitoitsu=ctx.chiitoi, kokushi=ctx.koku)
    shape = (s.regular, s.chiitoitsu, s.kokushi)
    by_shape = ctx.shapes.get(shape)
    if by_shape is None:
        by_shape = ctx.shapes[shape] = ShantenByShape(standard=s.regular, chiitoitsu=s.chiitoitsu, kokushi=s.kokushi)
    meld_counts = p.meld_counts
    seen_extra = p.seen_extra
    out_waits: list[Wait] = []
    useful: list[TileCount] = []
    furiten: FuritenKind | None = None
    if s.shanten == 0:
        furiten = _furiten(req, p, better, discarded)
        hand = tuple(codes)
        for k in better:
            ron = tsumo = None
            physical = counts[k] + meld_counts[k] + p.physical_extra[k] + (k == discarded)
            if req.values and physical < 4:
                ron = _value(ctx.template, hand, k, "ron")
                tsumo = _value(ctx.template, hand, k, "tsumo")
            out_waits.append(
                Wait(
                    tile=_NAMES[k],
                    remaining=max(0, 4 - counts[k] - meld_counts[k] - seen_extra[k] - (k == discarded)),
                    ron=ron,
                    tsumo=tsumo,
                    no_yaku_on_ron=ron is not None and ron.reason == "no_yaku",
                    furiten=furiten is not None,
                )
            )
    elif s.shanten > 0:
        useful = [
            ctx.tile_count(k, max(0, 4 - counts[k] - meld_counts[k] - seen_extra[k] - (k == discarded))) for k in better
        ]
    tenpai = s.shanten == 0
    riichi = ctx.riichi.get(tenpai)
    if riichi is None:
        riichi = ctx.riichi[tenpai] = _riichi(req, p, tenpai)
    return Analysis(s.shanten, by_shape, out_waits, useful, riichi, furiten)


def _furiten(req: TenpaiRequest, p: Parsed, waits: list[int], discarded: int | None) -> FuritenKind | None:
    """Why a tenpai part with these wait kinds cannot win by ron (/docs/rules §2), or None.

    ``discarded``: the tile about to be discarded (a 14-tile request), which joins the river; the discard also
    ends a temporary furiten, so only the river and, in riichi, the passed tiles then count.
    """
    riichi = req.riichi or req.double_riichi
    for k in waits:
        if p.river[k] or k == discarded:
            return "permanent"
    for k in waits:
        if p.passed[k] and (riichi or discarded is None):
            return "riichi" if riichi else "temporary"
    return None


def analyse(req: TenpaiRequest) -> TenpaiResult:
    """Answer `POST /v1/tenpai` for ``req`` (/docs/rules §2, §3, §5).

    A ``13 − 3m`` hand (m melds) gets its shanten, waits with unseen copies and ron/tsumo
    values, improving tiles when not tenpai, and the riichi check; a ``14 − 3m`` hand the
    same per distinct discard. Raises :class:`~.model.InvalidHand` (HTTP 422) for
    impossible input: bad notation, a fifth copy, a wrong tile count, a meld that is no
    set, winds in a preset without winds, an impossible situation (riichi with an open
    hand, ippatsu without riichi, a non-dealer without `seat_wind` when values are asked).

    >>> r = analyse(TenpaiRequest(hand="1112345678999m", dealer=True, values=False))
    >>> (r.shanten, [w.tile for w in r.waits], [w.remaining for w in r.waits])
    (0, ['1m', '2m', '3m', '4m', '5m', '6m', '7m', '8m', '9m'], [1, 3, 3, 3, 3, 3, 3, 3, 1])
    """
    req = declared(req)  # a request built in Python may hold lists where tuples are declared
    rules = resolve_rules(req.rules)
    p = _validate(req, rules)
    ctx = _Context(req, p)
    if len(p.codes) % 3 == 1:
        a = _analyse_13(req, p, ctx, p.codes, list(p.counts), None)
        return TenpaiResult(
            preset=rules.preset,
            tiles=len(p.codes),
            shanten=a.shanten,
            shanten_by_shape=a.by_shape,
            tenpai=a.shanten == 0,
            waits=a.waits,
            wait_tiles_unseen=sum(w.remaining for w in a.waits),
            improving=a.improving,
            riichi=a.riichi,
            furiten=a.furiten,
        )

    whole = shanten(p.counts, ctx.caps, chiitoitsu=ctx.chiitoi, kokushi=ctx.koku)
    options: list[tuple[tuple[int, int, int, int], Discard]] = []
    for code in dict.fromkeys(p.codes):
        kind = parse_tile(code)[0]  # a valid code (the hand was parsed)
        rest = list(p.codes)
        rest.remove(code)
        counts = list(p.counts)
        counts[kind] -= 1
        a = _analyse_13(req, p, ctx, rest, counts, kind)
        unseen = sum(w.remaining for w in a.waits) + sum(t.remaining for t in a.improving)
        option = Discard(
            discard=code,
            shanten=a.shanten,
            shanten_by_shape=a.by_shape,
            tenpai=a.shanten == 0,
            waits=a.waits,
            wait_tiles_unseen=sum(w.remaining for w in a.waits),
            improving=a.improving,
            riichi=a.riichi,
            furiten=a.furiten is not None,
        )
        options.append(((a.shanten, -unseen, kind, code == kind_name(kind)), option))
    options.sort(key=lambda o: o[0])
    return TenpaiResult(
        preset=rules.preset,
        tiles=len(p.codes),
        shanten=whole.shanten,
        shanten_by_shape=ShantenByShape(standard=whole.regular, chiitoitsu=whole.chiitoitsu, kokushi=whole.kokushi),
        tenpai=whole.shanten <= 0,
        complete=whole.shanten == -1,
        discards=[o for _, o in options],
    )


def _localised_waits(waits: list[Wait], lang: Language) -> list[Wait]:
    return [
        msgspec.structs.replace(
            w,
            ron=localise(w.ron, lang) if w.ron is not None else None,
            tsumo=localise(w.tsumo, lang) if w.tsumo is not None else None,
        )
        for w in waits
    ]


def localise_tenpai(result: TenpaiResult, lang: Language) -> TenpaiResult:
    """``result`` with the names of every wait's ron and tsumo score in ``lang``
    (:func:`.names.localise`); ``en`` returns ``result`` itself."""
    if lang == "en":
        return result
    return msgspec.structs.replace(
        result,
        waits=_localised_waits(result.waits, lang),
        discards=None
        if result.discards is None
        else [msgspec.structs.replace(d, waits=_localised_waits(d.waits, lang)) for d in result.discards],
    )

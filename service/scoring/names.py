"""Names of what a score shows, in en / ja / ru, from the catalogues of :mod:`service.i18n`.

The core builds its results with English names (:func:`yaku_name`, :func:`fu_name`, … with
``lang="en"``, once per item at import where the item is shared); :func:`localise` gives the
same result in another language: every yaku, fu item, payment and kids points item renamed,
``limit_name``, ``reason_name`` and the kids ``explanation`` in that language. Nothing else
changes, so the answer's numbers never depend on the language.
"""

from __future__ import annotations

from typing import Final

import msgspec

from service.i18n import Language, plural, text

from .model import FuItem, Payment, PointsItem, ScoreResult, YakuItem

__all__ = [
    "explanation",
    "fu_name",
    "kids_name",
    "limit_name",
    "localise",
    "payer_name",
    "reason_name",
    "yaku_name",
]

MULTIPLE_YAKUMAN_NAMES: Final = 6
"""Yakuman multiples with a name of their own (`sextuple_yakuman`); more is ``{n}× yakuman``."""


def yaku_name(id_: str, lang: Language = "en") -> str:
    """A yaku id's name (``dora``, ``ura_dora`` and ``aka_dora`` included).

    >>> yaku_name("riichi", "ru"), yaku_name("aka_dora")
    ('Риичи', 'Red fives (aka dora)')
    """
    return text(f"yaku.{id_}", lang)


def fu_name(id_: str, lang: Language = "en") -> str:
    """A fu item's name (/docs/rules §3 Fu)."""
    return text(f"fu.{id_}", lang)


def payer_name(payer: str, lang: Language = "en", count: int = 2) -> str:
    """Who pays: ``discarder``, ``dealer`` or ``non_dealer`` (``count`` 1: the one other non-dealer of
    a three-player table, /docs/rulesets §7)."""
    return text("payer.non_dealer_one" if payer == "non_dealer" and count == 1 else f"payer.{payer}", lang)


def kids_name(id_: str, lang: Language = "en") -> str:
    """A kids points item's name (/docs/rules §5)."""
    return text(f"kids.{id_}", lang)


def limit_name(limit: str, lang: Language = "en") -> str:
    """A limit's name: ``none``, ``mangan`` … ``kazoe_yakuman``, ``yakuman`` … ``sextuple_yakuman``, ``7x_yakuman`` ….

    >>> limit_name("mangan", "ja"), limit_name("7x_yakuman")
    ('満貫', '7× yakuman')
    """
    if limit.endswith("x_yakuman") and limit[0].isdigit():
        return text("limit.multiple_yakuman", lang, n=int(limit.partition("x")[0]))
    return text(f"limit.{limit}", lang)


def reason_name(reason: str, lang: Language = "en") -> str:
    """Why a hand is not a win (``not_complete``, ``no_yaku``), one sentence."""
    return text(f"reason.{reason}", lang)


def explanation(items: tuple[PointsItem, ...], total: int, lang: Language = "en") -> tuple[str, ...]:
    """The kids explanation: a line per item and a total line (/docs/rules §5), in ``lang``.

    >>> explanation((PointsItem("riichi", 2, "Riichi"), PointsItem("pon", 1, "Pon", "333p")), 3, "ru")
    ('Риичи — 2 очка', 'Пон 333p — 1 очко', 'Итого: 3 очка')
    """
    lines = []
    for item in items:
        points = plural("kids.points", item.points, lang)
        name = kids_name(item.id, lang)
        if item.tiles:
            lines.append(text("kids.line_tiles", lang, name=name, tiles=item.tiles, points=points))
        else:
            lines.append(text("kids.line", lang, name=name, points=points))
    lines.append(text("kids.total", lang, points=plural("kids.points", total, lang)))
    return tuple(lines)


_YAKU: Final[dict[tuple[Language, str, int], YakuItem]] = {}
_FU: Final[dict[tuple[Language, str, int], FuItem]] = {}
"""Renamed items, shared like the core's own: at most (ids × han or fu values) per language."""


def _yaku(item: YakuItem, lang: Language) -> YakuItem:
    key = (lang, item.id, item.han)
    hit = _YAKU.get(key)
    if hit is None:
        hit = _YAKU[key] = YakuItem(item.id, item.han, yaku_name(item.id, lang))
    return hit


def _fu(item: FuItem, lang: Language) -> FuItem:
    key = (lang, item.id, item.fu)
    hit = _FU.get(key)
    if hit is None:
        hit = _FU[key] = FuItem(item.id, item.fu, fu_name(item.id, lang))
    return hit


def localise(result: ScoreResult, lang: Language) -> ScoreResult:
    """``result`` with every name in ``lang`` (``en``: ``result`` itself, which the core names in English).

    Raises nothing for a result of :func:`service.scoring.score`; the numbers are unchanged.

    >>> from service.scoring import ScoreRequest, score
    >>> r = localise(score(ScoreRequest(hand="234567m3455p234s", win_tile="2p", seat_wind="S", riichi=True)), "ja")
    >>> [y.name for y in r.yaku], r.limit_name, r.payments[0].name
    (['立直', '平和', '断幺九', '三色同順'], '満貫', '放銃者')
    """
    if lang == "en":
        return result
    changes: dict[str, object] = {}
    if result.yaku:
        changes["yaku"] = tuple(_yaku(y, lang) for y in result.yaku)
    if result.fu_breakdown:
        changes["fu_breakdown"] = tuple(_fu(f, lang) for f in result.fu_breakdown)
    if result.payments:
        changes["payments"] = tuple(
            Payment(p.payer, p.amount, p.count, payer_name(p.payer, lang, p.count)) for p in result.payments
        )
    if result.limit is not None:
        changes["limit_name"] = limit_name(result.limit, lang)
    if result.reason is not None:
        changes["reason_name"] = reason_name(result.reason, lang)
    if result.points_breakdown is not None:
        items = tuple(PointsItem(i.id, i.points, kids_name(i.id, lang), i.tiles) for i in result.points_breakdown)
        changes["points_breakdown"] = items
        changes["explanation"] = explanation(items, result.points, lang)
    return msgspec.structs.replace(result, **changes) if changes else result

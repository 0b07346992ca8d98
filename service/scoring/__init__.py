"""The pure scoring core: tiles, decomposition, yaku, fu, limits, payments, presets.

Imports nothing from the web layer; usable as a library::

    >>> from service.scoring import ScoreRequest, score
    >>> r = score(ScoreRequest(hand="234567m23456p99s", win_tile="7p", seat_wind="S",
    ...                        riichi=True, dora_indicators="1p"))
    >>> (r.han, r.fu, r.points, [y.id for y in r.yaku])
    (3, 30, 3900, ['riichi', 'pinfu', 'dora'])
"""

from .model import (
    FieldError,
    FuItem,
    InvalidHand,
    MeldSpec,
    Payment,
    PointsItem,
    Reading,
    ReadingSet,
    RulesSpec,
    ScoreRequest,
    ScoreResult,
    YakuItem,
)
from .presets import PRESETS, Rules, resolve_rules
from .score import score

__all__ = [
    "PRESETS",
    "FieldError",
    "FuItem",
    "InvalidHand",
    "MeldSpec",
    "Payment",
    "PointsItem",
    "Reading",
    "ReadingSet",
    "Rules",
    "RulesSpec",
    "ScoreRequest",
    "ScoreResult",
    "YakuItem",
    "resolve_rules",
    "score",
]

"""The pure scoring core: tiles, decomposition, yaku, fu, limits, payments, presets.

Imports nothing from the web layer; usable as a library::

    >>> from service.scoring import ScoreRequest, score
    >>> r = score(ScoreRequest(hand="234567m23455p", win_tile="5p", seat_wind="S", riichi=True))
    >>> (r.han, r.fu, r.points)
    (3, 40, 5200)
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

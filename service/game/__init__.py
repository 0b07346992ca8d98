"""Game settlement beside the scoring core: payments between players, busts, placings, uma/oka, sticks.

Pure logic (no web framework): imports from :mod:`service.scoring`, never from
:mod:`service.api`. Rules: /docs/rules §4 (kostarev game), §5 (kids game), §6
(settlement); Kostarev rules §2.4, §4; points rules §4–5.

    >>> from service.game import SettleRequest, Tsumo, HandValue, settle
    >>> settle(SettleRequest(scores=[25000] * 4, dealer=0, honba=1,
    ...                      outcome=Tsumo(winner=0, value=HandValue(han=5)))).deltas
    [12300, -4100, -4100, -4100]
"""

from .model import (
    Abortive,
    Chombo,
    Draw,
    FinalPlacing,
    FinalRequest,
    FinalResult,
    GameOptions,
    HandValue,
    NextHand,
    Placing,
    Ron,
    SettleRequest,
    SettleResult,
    Sticks,
    SticksPlan,
    SticksRequest,
    SticksResult,
    Transfer,
    Tsumo,
    WinResult,
    WinSpec,
)
from .options import GAME_PRESETS, GameRules, resolve_game
from .placings import final, placings, rank
from .settle import settle
from .sticks import fewest_sticks, pay_with, sticks, value_of

__all__ = [
    "GAME_PRESETS",
    "Abortive",
    "Chombo",
    "Draw",
    "FinalPlacing",
    "FinalRequest",
    "FinalResult",
    "GameOptions",
    "GameRules",
    "HandValue",
    "NextHand",
    "Placing",
    "Ron",
    "SettleRequest",
    "SettleResult",
    "Sticks",
    "SticksPlan",
    "SticksRequest",
    "SticksResult",
    "Transfer",
    "Tsumo",
    "WinResult",
    "WinSpec",
    "fewest_sticks",
    "final",
    "pay_with",
    "placings",
    "rank",
    "resolve_game",
    "settle",
    "sticks",
    "value_of",
]

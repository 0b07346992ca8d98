"""Game settlement beside the scoring core: payments between players, busts, placings, uma/oka, sticks.

Pure logic (no web framework): imports from :mod:`service.scoring`, never from
:mod:`service.api`. Rules: /docs/rules §4 (kostarev game), §5 (kids game), §6
(settlement); Kostarev rules §2.4, §4; points rules §4–5.

    >>> from service.game import SettleRequest, Tsumo, HandValue, settle
    >>> settle(SettleRequest(scores=[25000] * 4, dealer=0, honba=1,
    ...                      outcome=Tsumo(winner=0, value=HandValue(han=5)))).deltas
    [12300, -4100, -4100, -4100]
"""

from service.scoring import check_compiled_modules

check_compiled_modules(__file__)  # settle is compiled (setup.py): a stale build is refused, never run

from .model import (  # noqa: E402 - after the check
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
from .options import GAME_PRESETS, GameRules, resolve_game  # noqa: E402
from .placings import final, placings, rank  # noqa: E402
from .settle import settle  # noqa: E402
from .sticks import fewest_sticks, pay_with, sticks, value_of  # noqa: E402

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

"""Small builders shared by the game tests: requests with readable defaults.

Seats are 0–3 in turn order; the default game is a `standard` one in East 1 (dealer and
first dealer seat 0), everyone on the 25,000 start.
"""

from __future__ import annotations

from typing import Any

from service.game import Draw, GameOptions, HandValue, Ron, SettleRequest, Tsumo, WinSpec
from service.scoring import MeldSpec, ScoreRequest

START = [25_000, 25_000, 25_000, 25_000]

# Riichi, menzen tsumo, pinfu, tanyao + 1 dora (indicator 1m → 2m): 5 han, a mangan either way.
# 234m 55m 234p 345s 567s, won on 5s with a ryanmen 34s.
PINFU_HAND = "23455m234p34567s"
PINFU_WIN = "5s"

# Daisangen completed by a pon of red dragons (the third dragon set, called): 123m + tanki 4p.
DAISANGEN = ScoreRequest(
    hand="123m4p",
    win_tile="4p",
    melds=[MeldSpec(type="pon", tiles="555z"), MeldSpec(type="pon", tiles="666z"), MeldSpec(type="pon", tiles="777z")],
)


def value(**kw: Any) -> HandValue:
    return HandValue(**kw)


def tsumo(winner: int, *, hand: ScoreRequest | None = None, pao: int | None = None, **value_kw: Any) -> Tsumo:
    return Tsumo(winner=winner, hand=hand, value=HandValue(**value_kw) if value_kw else None, pao=pao)


def win(winner: int, *, hand: ScoreRequest | None = None, pao: int | None = None, **value_kw: Any) -> WinSpec:
    return WinSpec(winner=winner, hand=hand, value=HandValue(**value_kw) if value_kw else None, pao=pao)


def ron(discarder: int, *wins: WinSpec) -> Ron:
    return Ron(discarder=discarder, wins=list(wins))


def draw(tenpai: list[int] | None = None, nagashi: list[int] | None = None) -> Draw:
    return Draw(tenpai=tenpai or [], nagashi=nagashi or [])


def request(
    outcome: Ron | Tsumo | Draw,
    *,
    scores: list[int] | None = None,
    dealer: int = 0,
    game: GameOptions | None = None,
    **kw: Any,
) -> SettleRequest:
    return SettleRequest(scores=scores or list(START), dealer=dealer, outcome=outcome, game=game, **kw)

"""Game-level rule options as frozen data: busting, multiple ron, pao, draws, uma/oka (/docs/rules §4–6).

Each preset has one :class:`GameRules` value in :data:`GAME_PRESETS`; a request may
override any option through :class:`~.model.GameOptions`. Code reads options by name and
never branches on a preset's name (STYLE.md §4). The scoring rules of the hand itself
(:class:`service.scoring.Rules`) are separate and come from the request's ``rules``.
"""

from __future__ import annotations

from typing import Final, Literal

import msgspec

from service.scoring import Rules

from .model import GameOptions

__all__ = ["BUST_MODES", "GAME_PRESETS", "GameRules", "resolve_game"]

BustMode = Literal["below_zero", "at_zero", "none", "cannot_pay"]

BUST_MODES: Final = ("below_zero", "at_zero", "none", "cannot_pay")
"""Busting (tobi) modes: see :attr:`GameRules.bust`."""


class GameRules(msgspec.Struct, frozen=True, kw_only=True):
    """The game rules one settlement runs under: a preset's defaults with overrides applied.

    Points are points (not sticks). See :class:`~.model.GameOptions` for what each option
    means; the defaults per preset are in :data:`GAME_PRESETS`.
    """

    start_points: int
    """Every player's score at the start of the game, points."""
    return_points: int
    """Oka's return (kaeshi) score, points: oka = 4 × (return − start) goes to first place."""
    uma: tuple[int, int, int, int]
    """Uma for 1st–4th place, points (sum 0)."""
    bust: BustMode
    """`below_zero`: out below 0; `at_zero`: out at 0 or below; `none`: never out;
    `cannot_pay`: a payer pays at most what they hold, and is out when short or at 0."""
    multiple_ron: Literal["allowed", "head_bump"]
    """`allowed`: every ron on one discard wins; `head_bump`: only the first in turn order."""
    pao: bool
    """Liability (sekinin barai) for daisangen / daisuushii is played."""
    noten_payment: Literal[0, 3000]
    """Points the noten players pay the tenpai players in total at an exhaustive draw."""
    nagashi_mangan: bool
    """Nagashi mangan is played: paid as a mangan tsumo at an exhaustive draw."""
    riichi_deposit: Literal[0, 1000] = 1000
    """Points a riichi declaration puts on the table (one riichi stick); by default the hand rules'
    option ``riichi_deposit`` (kostarev and kids: 0)."""
    honba: Literal[0, 300] = 300
    """Points one honba adds to a win (300 on ron, 100 from each payer on tsumo); 0 = no honba at all:
    a repeat hand adds nothing and the count stays 0. By default the hand rules' option ``honba``."""
    target: int
    """The game ends when a score reaches this many points (0 = no target)."""
    leftover_sticks: Literal["first", "none"]
    """Riichi sticks left on the table at the end: to first place (`first`) or to nobody."""


GAME_PRESETS: dict[str, GameRules] = {
    # /docs/rules §6 (start 25,000, return 30,000, uma +15/+5/−5/−15 thousand); Tenhou / Mahjong
    # Soul practice for busting below zero, double ron, pao, 3000 no-ten, nagashi mangan.
    "standard": GameRules(
        start_points=25_000,
        return_points=30_000,
        uma=(15_000, 5_000, -5_000, -15_000),
        bust="below_zero",
        multiple_ron="allowed",
        pao=True,
        noten_payment=3000,
        nagashi_mangan=True,
        target=0,
        leftover_sticks="first",
    ),
    # /docs/rules §4 / seed 001 §2.4, §4.4: start 25,000, no uma/oka, a player who cannot pay in
    # full pays what they hold and is out; seed 001 §2.3 item 4: a drawn hand is simply a draw
    # (no no-ten payments); §2.3 item 3 speaks of one winner ("как только кто-то выиграл"), so
    # only the first ron in turn order wins; no pao and no nagashi mangan (/docs/rules §4 "not used").
    "kostarev": GameRules(
        start_points=25_000,
        return_points=25_000,
        uma=(0, 0, 0, 0),
        bust="cannot_pay",
        multiple_ron="head_bump",
        pao=False,
        noten_payment=0,
        nagashi_mangan=False,
        target=0,
        leftover_sticks="none",
    ),
    # /docs/rules §5 / seed 000 §9: kids points start at 0 and the game is played to 10 (or 15);
    # nobody pays anybody, so no deposits, no busting, no uma/oka.
    "kids": GameRules(
        start_points=0,
        return_points=0,
        uma=(0, 0, 0, 0),
        bust="none",
        multiple_ron="head_bump",
        pao=False,
        noten_payment=0,
        nagashi_mangan=False,
        target=10,
        leftover_sticks="none",
    ),
}
"""Every preset's game defaults (/docs/rules §4–6, seeds 000, 001, 003 §5)."""

_OPTIONS = tuple(GameOptions.__struct_fields__)


def resolve_game(rules: Rules, options: GameOptions | None) -> GameRules:
    """The :class:`GameRules` for the resolved hand ``rules`` with ``options`` applied.

    The preset's game defaults come from :data:`GAME_PRESETS` (by ``rules.preset``), except
    ``riichi_deposit`` and ``honba``, which are the hand rules' options of the same name (one
    home for what also changes a hand's payments); an option left out (null) keeps the default.

    >>> from service.scoring import PRESETS
    >>> resolve_game(PRESETS["standard"], None).bust
    'below_zero'
    >>> resolve_game(PRESETS["kostarev"], GameOptions(bust="at_zero")).bust
    'at_zero'
    >>> g = resolve_game(PRESETS["kostarev"], None); (g.riichi_deposit, g.honba)
    (0, 0)
    """
    base = GAME_PRESETS[rules.preset]
    overrides: dict[str, object] = {"riichi_deposit": rules.riichi_deposit, "honba": rules.honba}
    if options is not None:
        overrides.update({name: value for name in _OPTIONS if (value := getattr(options, name)) is not None})
    if "uma" in overrides:
        overrides["uma"] = tuple(overrides["uma"])  # type: ignore[arg-type]
    return msgspec.structs.replace(base, **overrides)

"""Placings and final points with uma and oka (/docs/rules §4 game, §6; seed 003 §5; seed 001 §4.4).

Places go by score, highest first; equal scores go to the seat nearer the first dealer in
turn order (seat order from the first dealer). Final points, in points:
``final = score + sticks − return + uma[place] + oka`` where oka = 4 × (return − start) goes
to first place and ``sticks`` are leftover riichi sticks (option ``leftover_sticks``).
"""

from __future__ import annotations

from service.scoring import FieldError, InvalidHand, resolve_rules

from .model import FinalPlacing, FinalRequest, FinalResult, Placing
from .options import resolve_game

__all__ = ["final", "placings", "rank"]


def rank(scores: list[int], first_dealer: int = 0) -> list[int]:
    """Seats in place order: most points first; a tie goes to the seat nearer ``first_dealer``.

    >>> rank([25000, 30000, 25000, 20000], first_dealer=0)
    [1, 0, 2, 3]
    >>> rank([25000, 30000, 25000, 20000], first_dealer=2)
    [1, 2, 0, 3]
    """
    n = len(scores)
    return sorted(range(n), key=lambda seat: (-scores[seat], (seat - first_dealer) % n))


def placings(scores: list[int], first_dealer: int = 0) -> list[Placing]:
    """:class:`Placing` rows (place 1 first) for ``scores`` in points (/docs/rules §4 game, §6)."""
    return [Placing(place=i + 1, seat=seat, score=scores[seat]) for i, seat in enumerate(rank(scores, first_dealer))]


def final(req: FinalRequest) -> FinalResult:
    """Placings and final points with uma/oka for a finished game (``POST /v1/final``).

    Defaults per preset (``service.game.GAME_PRESETS``): ``standard`` start 25,000, return
    30,000, uma +15,000/+5,000/−5,000/−15,000 (/docs/rules §6); ``kostarev`` no uma and no oka
    (start = return = 25,000, /docs/rules §4), so `final` is the gain over the start; ``kids``
    all zero, so `final` is the kids score. In han/fu presets final points sum to 0, less any
    riichi sticks left to nobody (``leftover_sticks: none``).

    Raises :class:`~service.scoring.InvalidHand` naming the field: `game.uma` not summing to
    0; `scores` (han/fu presets) not adding up to 4 × start with the sticks on the table;
    `scores[i]` not a multiple of 100; `riichi_sticks` without riichi deposits.
    """
    rules = resolve_rules(req.rules)
    game = resolve_game(rules, req.game)
    errors: list[FieldError] = []
    if sum(game.uma) != 0:
        errors.append(FieldError("game.uma", f"uma must sum to 0, got {sum(game.uma)}"))
    if game.riichi_deposit == 0 and req.riichi_sticks:
        errors.append(FieldError("riichi_sticks", "these rules have no riichi deposits (riichi_deposit is 0)"))
    if rules.scoring == "han_fu":
        for i, s in enumerate(req.scores):
            if s % 100:
                errors.append(FieldError(f"scores[{i}]", f"scores are multiples of 100 points, got {s}"))
        expected = 4 * game.start_points
        total = sum(req.scores) + req.riichi_sticks * game.riichi_deposit
        if total != expected:
            errors.append(
                FieldError(
                    "scores",
                    f"scores plus riichi sticks on the table add up to {total}, "
                    f"not 4 × {game.start_points} = {expected} (set game.start_points if the game started elsewhere)",
                )
            )
    if errors:
        raise InvalidHand(errors)
    oka = 4 * (game.return_points - game.start_points)
    leftover = req.riichi_sticks * game.riichi_deposit if game.leftover_sticks == "first" else 0
    rows = []
    for i, seat in enumerate(rank(req.scores, req.first_dealer)):
        sticks = leftover if i == 0 else 0
        top = oka if i == 0 else 0
        score = req.scores[seat]
        uma = game.uma[i]
        rows.append(
            FinalPlacing(
                place=i + 1,
                seat=seat,
                score=score,
                sticks=sticks,
                uma=uma,
                oka=top,
                final=score + sticks - game.return_points + uma + top,
            )
        )
    return FinalResult(
        preset=rules.preset,
        start_points=game.start_points,
        return_points=game.return_points,
        uma=list(game.uma),
        oka=oka,
        placings=rows,
    )

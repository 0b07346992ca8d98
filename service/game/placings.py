"""Placings and final points with uma and oka (/docs/rules §4 game, §6; points rules §5; Kostarev rules §4.4).

Places go by score, highest first; equal scores go to the seat nearer the first dealer in
turn order (seat order from the first dealer). Final points, in points:
``final = score + sticks − return + uma[place] + oka − penalty`` where oka = players × (return − start)
goes to first place (option ``players``: 4, or 3: Tenhou sanma 3 × (40,000 − 35,000) = 15,000,
/docs/rulesets §7 Uma / oka), ``sticks`` are leftover riichi sticks (option ``leftover_sticks``) and
``penalty`` a chombo deduction after uma (request ``penalties``, /docs/rulesets §6 Chombo).

- ``ties: shared`` (/docs/rulesets §6 Ties: WRC, M-League, EMA): players with equal scores
  share the uma and oka of the places they hold, and tied firsts the leftover sticks, equally;
  amounts stay multiples of 100, a remainder of 100s going one each in seat order from the
  first dealer, so nothing is lost.
- ``final_rounding: gosha_rokunyuu`` (/docs/rulesets §6 Final score formula, Tenhou): for 2nd–4th
  place ``score − return`` is rounded to 1,000 on its size, 500 down and 600 up (−4,500 → −4,000,
  −5,500 → −5,000, −6,600 → −7,000); first place takes what the others' rounding removed, so the
  finals still sum to 0. Checked against 34 real Tenhou ``owari`` results (tests/game/test_final_tenhou.py).
"""

from __future__ import annotations

from service.i18n import refusal
from service.scoring import FieldError, InvalidHand, resolve_rules

from .model import FinalPlacing, FinalRequest, FinalResult, Placing
from .options import GameRules, resolve_game

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
    0 or not one a player; `scores` not one a player (option `players`: 4, or 3), or (han/fu presets)
    not adding up to players × start with the sticks on the table; `first_dealer` beyond the seats;
    `scores[i]` not a multiple of 100; `riichi_sticks` without riichi deposits; `penalties`
    in the kids preset (it has no chombo).
    """
    rules = resolve_rules(req.rules)
    game = resolve_game(rules, req.game)
    errors: list[FieldError] = []
    n = game.players
    if len(req.scores) != n:
        errors.append(FieldError("scores", refusal("refusal.scores_count", n=len(req.scores), players=n)))
    if req.first_dealer >= n:
        errors.append(
            FieldError("first_dealer", refusal("refusal.no_seat_short", seat=req.first_dealer, players=n, last=n - 1))
        )
    if sum(game.uma) != 0:  # one a place: resolve_game checks the count
        errors.append(FieldError("game.uma", refusal("refusal.uma_sum", total=sum(game.uma))))
    if req.penalties is not None and len(req.penalties) != n:
        errors.append(FieldError("penalties", refusal("refusal.penalties_count", n=len(req.penalties), players=n)))
    if game.riichi_deposit == 0 and req.riichi_sticks:
        errors.append(FieldError("riichi_sticks", refusal("refusal.no_riichi_deposits")))
    if rules.scoring == "han_fu" and len(req.scores) == n:
        for i, s in enumerate(req.scores):
            if s % 100:
                errors.append(FieldError(f"scores[{i}]", refusal("refusal.scores_hundreds", score=s)))
        expected = n * game.start_points
        total = sum(req.scores) + req.riichi_sticks * game.riichi_deposit
        if total != expected:
            errors.append(
                FieldError(
                    "scores",
                    refusal("refusal.scores_total", total=total, players=n, start=game.start_points, expected=expected),
                )
            )
    if req.penalties is not None and rules.scoring != "han_fu":
        errors.append(FieldError("penalties", refusal("refusal.kids_no_chombo")))
    if errors:
        raise InvalidHand(errors)
    oka = n * (game.return_points - game.start_points)  # Tenhou sanma: 3 × (40,000 − 35,000) = 15,000
    leftover = req.riichi_sticks * game.riichi_deposit if game.leftover_sticks == "first" else 0
    order = rank(req.scores, req.first_dealer)
    rest = [0] * (n - 1)
    sticks = _shares(req.scores, order, [leftover, *rest], game)
    umas = _shares(req.scores, order, list(game.uma), game)
    okas = _shares(req.scores, order, [oka, *rest], game)
    measured = [req.scores[seat] - game.return_points for seat in order]
    if game.final_rounding != "none":
        measured = _rounded(req.scores, order, measured, game)
    penalties = req.penalties or [0] * n
    rows = [
        FinalPlacing(
            place=i + 1,
            seat=seat,
            score=req.scores[seat],
            sticks=sticks[i],
            uma=umas[i],
            oka=okas[i],
            penalty=penalties[seat],
            final=measured[i] + sticks[i] + umas[i] + okas[i] - penalties[seat],
        )
        for i, seat in enumerate(order)
    ]
    return FinalResult(
        preset=rules.preset,
        start_points=game.start_points,
        return_points=game.return_points,
        uma=list(game.uma),
        oka=oka,
        placings=rows,
    )


def _gosha_rokunyuu(points: int) -> int:
    """``points`` (a multiple of 100) rounded to 1,000 on its size, 500 down and 600 up (五捨六入).

    >>> [_gosha_rokunyuu(p) for p in (4500, 4600, -4500, -5500, -6600, 0, -100)]
    [4000, 5000, -4000, -5000, -7000, 0, 0]
    """
    size = (abs(points) + 400) // 1000 * 1000
    return size if points >= 0 else -size


def _shisha_gonyuu(score: int) -> int:
    """``score`` (a multiple of 100) rounded to 1,000 half away from zero (四捨五入 on its size).

    >>> [_shisha_gonyuu(p) for p in (35500, 35400, -7500, -7400, 25500, 0)]
    [36000, 35000, -8000, -7000, 26000, 0]
    """
    size = (abs(score) + 500) // 1000 * 1000
    return size if score >= 0 else -size


def _rounded(scores: list[int], order: list[int], measured: list[int], game: GameRules) -> list[int]:
    """``measured`` (score − return, by place) under a rounding: every place below the first rounded
    (``gosha_rokunyuu``: score − return by :func:`_gosha_rokunyuu`; ``shisha_gonyuu``: the score by
    :func:`_shisha_gonyuu`, then the return subtracted), first place taking what makes the sum unchanged. Under
    ``ties: shared`` the seats tied with first place are one first place: they split that rest
    equally in 100s (a remainder one 100 each in seat order), so tied players stay equal.

    >>> from service.game import GAME_PRESETS
    >>> tenhou, wrc = GAME_PRESETS["tenhou"], GAME_PRESETS["wrc"]
    >>> _rounded([25500, 25500, 24500, 24500], [0, 1, 2, 3], [-4500, -4500, -5500, -5500], tenhou)
    [-6000, -4000, -5000, -5000]
    >>> import msgspec
    >>> shared = msgspec.structs.replace(tenhou, ties="shared")
    >>> _rounded([25500, 25500, 24500, 24500], [0, 1, 2, 3], [-4500, -4500, -5500, -5500], shared)
    [-5000, -5000, -5000, -5000]
    """
    top = 1
    if game.ties == "shared":
        while top < len(order) and scores[order[top]] == scores[order[0]]:
            top += 1
    if game.final_rounding == "shisha_gonyuu":
        below = [_shisha_gonyuu(scores[seat]) - game.return_points for seat in order[top:]]
    else:
        below = [_gosha_rokunyuu(x) for x in measured[top:]]
    hundreds, extra = divmod((sum(measured) - sum(below)) // 100, top)
    return [(hundreds + (1 if k < extra else 0)) * 100 for k in range(top)] + below


def _shares(scores: list[int], order: list[int], amounts: list[int], game: GameRules) -> list[int]:
    """``amounts`` by place (1st first) as each place receives them; under ``ties: shared`` the places
    of tied scores pool theirs and split it equally in 100s, a remainder one 100 each in seat order
    (``order`` already puts tied seats in seat order from the first dealer).

    >>> from service.game import GAME_PRESETS
    >>> _shares([30000, 30000, 20000, 40000], [3, 0, 1, 2], [15000, 5000, -5000, -15000], GAME_PRESETS["wrc"])
    [15000, 0, 0, -15000]
    """
    if game.ties != "shared":
        return list(amounts)
    shared = list(amounts)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and scores[order[end + 1]] == scores[order[start]]:
            end += 1
        hundreds, extra = divmod(sum(amounts[start : end + 1]) // 100, end - start + 1)
        for k in range(start, end + 1):
            shared[k] = (hundreds + (1 if k - start < extra else 0)) * 100
        start = end + 1
    return shared

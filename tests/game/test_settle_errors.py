"""Input that cannot be is InvalidHand naming the field (HTTP 422; /docs/endpoints Errors).

Schema-level violations (a seat outside 0–3, negative honba, three scores) are rejected by the
Struct constraints before the logic runs: see test_http.py for those (400).
"""

from __future__ import annotations

from typing import Any

import pytest

from service.game import GameOptions, SettleRequest, settle
from service.scoring import InvalidHand, MeldSpec, ScoreRequest
from tests.game.factories import DAISANGEN, PINFU_HAND, PINFU_WIN, draw, request, ron, tsumo, win

RIICHI_HAND = ScoreRequest(hand=PINFU_HAND, win_tile=PINFU_WIN, riichi=True, dora_indicators="1m")
NO_YAKU = ScoreRequest(hand="123m456p789s4466s", win_tile="4s")  # shanpon ron, no yaku


def fields(req: SettleRequest) -> list[str]:
    with pytest.raises(InvalidHand) as info:
        settle(req)
    return [e.field for e in info.value.errors]


CASES: list[Any] = [
    pytest.param(request(ron(2, win(2, han=1, fu=30))), ["outcome.wins[0].winner"], id="discarder-is-the-winner"),
    pytest.param(
        request(ron(2, win(1, han=1, fu=30), win(1, han=2, fu=30))), ["outcome.wins[1].winner"], id="winner-twice"
    ),
    pytest.param(
        request(ron(2, win(1, han=1, fu=30)), scores=[25_000, 25_000, 25_000, 24_000]), ["scores"], id="scores-sum"
    ),
    pytest.param(
        request(ron(2, win(1, han=1, fu=30)), scores=[25_050, 24_950, 25_000, 25_000]),
        ["scores[0]", "scores[1]"],
        id="scores-not-multiples-of-100",
    ),
    pytest.param(
        request(ron(2, win(1, han=1, fu=30)), scores=[50_000, 26_000, 25_000, -1_000]),
        ["scores[3]"],
        id="negative-score-already-bust",
    ),
    pytest.param(
        request(ron(2, win(1, han=1, fu=30)), rules="kostarev", scores=[50_000, 25_000, 25_000, 0]),
        ["scores[3]"],
        id="kostarev-zero-already-out",
    ),
    pytest.param(
        request(tsumo(0, points=2), rules="kids", scores=[10, 0, 0, 0]), ["scores[0]"], id="kids-target-already-reached"
    ),
    pytest.param(request(ron(2, win(1, han=1, fu=30)), riichi=[1, 1]), ["riichi[1]"], id="riichi-twice"),
    pytest.param(
        request(ron(2, win(1, han=1, fu=30)), scores=[50_000, 25_000, 24_500, 500], riichi=[3]),
        ["riichi[0]"],
        id="riichi-without-1000",
    ),
    pytest.param(request(tsumo(1)), ["outcome.hand"], id="neither-hand-nor-value"),
    pytest.param(request(tsumo(1, hand=RIICHI_HAND, han=1, fu=30)), ["outcome.hand"], id="both-hand-and-value"),
    pytest.param(request(tsumo(1, han=2)), ["outcome.value.fu"], id="fu-missing-below-5-han"),
    pytest.param(request(ron(0, win(1, han=2, fu=20))), ["outcome.wins[0].value.fu"], id="20-fu-on-ron"),
    pytest.param(request(tsumo(1, han=1, fu=25)), ["outcome.value.fu"], id="25-fu-one-han"),
    pytest.param(request(tsumo(1, han=5, yakuman=1)), ["outcome.value"], id="han-and-yakuman"),
    pytest.param(request(tsumo(1, points=3)), ["outcome.value.points", "outcome.value"], id="kids-points-in-standard"),
    pytest.param(request(tsumo(1, hand=RIICHI_HAND)), ["outcome.hand.riichi"], id="riichi-hand-not-in-riichi-list"),
    pytest.param(
        request(tsumo(1, hand=ScoreRequest(hand=PINFU_HAND, win_tile=PINFU_WIN)), riichi=[1]),
        ["outcome.hand.riichi"],
        id="riichi-declared-but-hand-says-no",
    ),
    pytest.param(
        request(ron(0, win(1, hand=ScoreRequest(hand=PINFU_HAND, win_tile=PINFU_WIN, seat_wind="W")))),
        ["outcome.wins[0].hand.seat_wind"],
        id="seat-wind-disagrees-with-seat",
    ),
    pytest.param(
        request(ron(0, win(1, hand=ScoreRequest(hand=PINFU_HAND, win_tile=PINFU_WIN, win="tsumo")))),
        ["outcome.wins[0].hand.win"],
        id="ron-outcome-but-hand-says-tsumo",
    ),
    pytest.param(
        request(ron(0, win(1, hand=ScoreRequest(hand=PINFU_HAND, win_tile=PINFU_WIN, dealer=True, seat_wind="S")))),
        ["outcome.wins[0].hand.dealer"],
        id="dealer-flag-disagrees",
    ),
    pytest.param(
        request(ron(0, win(1, hand=ScoreRequest(hand=PINFU_HAND, win_tile=PINFU_WIN, rules="kostarev")))),
        ["outcome.wins[0].hand.rules"],
        id="hand-rules-differ",
    ),
    pytest.param(
        request(ron(0, win(1, hand=ScoreRequest(hand=PINFU_HAND, win_tile=PINFU_WIN, honba=3)))),
        ["outcome.wins[0].hand.honba"],
        id="hand-honba-differs",
    ),
    pytest.param(
        request(ron(0, win(1, hand=ScoreRequest(hand="23455m234p3456s", win_tile=PINFU_WIN)))),
        ["outcome.wins[0].hand.hand"],
        id="core-error-under-the-hand-prefix",
    ),
    pytest.param(
        request(ron(0, win(1, hand=ScoreRequest(hand=PINFU_HAND, win_tile=PINFU_WIN, haitei=True)))),
        ["outcome.wins[0].hand.haitei"],
        id="haitei-on-ron-from-the-core",
    ),
    pytest.param(request(ron(0, win(1, hand=NO_YAKU))), ["outcome.wins[0].hand"], id="hand-without-yaku"),
    pytest.param(
        request(ron(0, win(1, hand=RIICHI_HAND, pao=2)), riichi=[1]), ["outcome.wins[0].pao"], id="pao-no-yakuman"
    ),
    pytest.param(request(tsumo(1, hand=DAISANGEN, pao=1)), ["outcome.pao"], id="pao-on-self"),
    pytest.param(
        request(tsumo(1, hand=DAISANGEN, pao=2), rules="kostarev"),
        ["outcome.pao"],
        id="pao-off-in-kostarev",
    ),
    pytest.param(request(tsumo(1, yakuman=1, pao_yakuman=2, pao=2)), ["outcome.value.pao_yakuman"], id="pao-too-big"),
    pytest.param(request(draw([0]), riichi=[2]), ["outcome.tenpai"], id="riichi-seat-not-tenpai"),
    pytest.param(request(draw([0, 0])), ["outcome.tenpai[1]"], id="tenpai-twice"),
    pytest.param(request(draw([], nagashi=[1]), rules="kostarev"), ["outcome.nagashi"], id="nagashi-off-in-kostarev"),
    pytest.param(
        request(tsumo(0, points=2), rules="kids", scores=[1, 0, 0, 0], riichi_sticks=1),
        ["riichi_sticks"],
        id="kids-have-no-riichi-sticks",
    ),
    pytest.param(
        request(tsumo(0, han=1, fu=30), rules="kids", scores=[1, 0, 0, 0]),
        ["outcome.value.points", "outcome.value.han", "outcome.value.fu"],
        id="kids-want-points",
    ),
]


@pytest.mark.parametrize(("req", "expected"), CASES)
def test_impossible_input_names_the_field(req: SettleRequest, expected: list[str]) -> None:
    assert fields(req) == expected


def test_start_points_option_makes_other_totals_valid() -> None:
    r = settle(request(ron(2, win(1, han=1, fu=30)), scores=[30_000] * 4, game=GameOptions(start_points=30_000)))

    assert r.deltas == [0, 1_000, -1_000, 0]


def test_a_daisuushii_pao_is_accepted_like_daisangen() -> None:
    # Daisuushii (double yakuman by default): three wind pons + the fourth fed by seat 3.
    hand = ScoreRequest(
        hand="1m",
        win_tile="1m",
        seat_wind="S",
        melds=[
            MeldSpec(type="pon", tiles="111z"),
            MeldSpec(type="pon", tiles="222z"),
            MeldSpec(type="pon", tiles="333z"),
            MeldSpec(type="pon", tiles="444z"),
        ],
    )
    r = settle(request(tsumo(1, hand=hand, pao=3)))

    # Non-dealer double yakuman: base 16,000, 4 × = 64,000, all from the liable seat 3.
    assert r.deltas == [0, 64_000, 0, -64_000]

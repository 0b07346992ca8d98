"""Final placings with uma and oka (/docs/rules §6, points rules §5; kostarev none, /docs/rules §4).

final = score + leftover sticks (first place) − return + uma[place] + oka (first place),
with oka = 4 × (return − start). Standard: start 25,000, return 30,000, uma
+15,000 / +5,000 / −5,000 / −15,000, so oka = 20,000.
"""

from __future__ import annotations

import pytest

from service.game import FinalRequest, GameOptions, final
from service.scoring import InvalidHand


def rows(req: FinalRequest) -> list[tuple[int, int, int]]:
    return [(p.place, p.seat, p.final) for p in final(req).placings]


def test_standard_uma_and_oka_on_a_finished_game() -> None:
    # 1st seat 0: 42,300 − 30,000 + 15,000 + 20,000 = 47,300
    # 2nd seat 1: 31,000 − 30,000 +  5,000          =  6,000
    # 3rd seat 2: 18,700 − 30,000 −  5,000          = −16,300
    # 4th seat 3:  8,000 − 30,000 − 15,000          = −37,000   (sum 0)
    result = final(FinalRequest(scores=[42_300, 31_000, 18_700, 8_000]))

    assert [(p.place, p.seat, p.uma, p.oka, p.final) for p in result.placings] == [
        (1, 0, 15_000, 20_000, 47_300),
        (2, 1, 5_000, 0, 6_000),
        (3, 2, -5_000, 0, -16_300),
        (4, 3, -15_000, 0, -37_000),
    ]
    assert (result.oka, result.uma) == (20_000, [15_000, 5_000, -5_000, -15_000])
    assert sum(p.final for p in result.placings) == 0


def test_a_tie_goes_to_the_seat_nearer_the_first_dealer_and_leftover_sticks_to_first() -> None:
    # Seats 1 and 3 tie at 30,000 with seat 2 the first dealer: order from 2 is 2, 3, 0, 1 → seat 3.
    # One stick left on the table goes to first place.
    # 1st seat 3: 30,000 + 1,000 − 30,000 + 15,000 + 20,000 = 36,000
    # 2nd seat 1: 30,000 − 30,000 + 5,000 = 5,000
    # 3rd seat 0: 20,000 − 30,000 − 5,000 = −15,000
    # 4th seat 2: 19,000 − 30,000 − 15,000 = −26,000
    req = FinalRequest(scores=[20_000, 30_000, 19_000, 30_000], first_dealer=2, riichi_sticks=1)

    assert rows(req) == [(1, 3, 36_000), (2, 1, 5_000), (3, 0, -15_000), (4, 2, -26_000)]


def test_kostarev_has_no_uma_and_no_oka() -> None:
    # Final = score − 25,000 (start = return): 40,000 → 15,000; 30,000 → 5,000 (twice); 0 → −25,000.
    result = final(FinalRequest(rules="kostarev", scores=[30_000, 30_000, 40_000, 0]))

    assert [(p.seat, p.final) for p in result.placings] == [(2, 15_000), (0, 5_000), (1, 5_000), (3, -25_000)]
    assert (result.oka, result.uma) == (0, [0, 0, 0, 0])


def test_configurable_start_return_and_uma() -> None:
    # Start 30,000 = return (no oka), uma +20,000/+10,000/−10,000/−20,000 (M-league style numbers).
    opts = GameOptions(start_points=30_000, return_points=30_000, uma=[20_000, 10_000, -10_000, -20_000])
    req = FinalRequest(scores=[45_000, 35_000, 25_000, 15_000], game=opts)

    assert rows(req) == [(1, 0, 35_000), (2, 1, 15_000), (3, 2, -15_000), (4, 3, -35_000)]


def test_kids_final_is_the_kids_score() -> None:
    req = FinalRequest(rules="kids", scores=[12, 3, 5, 0])

    assert rows(req) == [(1, 0, 12), (2, 2, 5), (3, 1, 3), (4, 3, 0)]


@pytest.mark.parametrize(
    ("req", "field"),
    [
        pytest.param(FinalRequest(scores=[25_000, 25_000, 25_000, 24_000]), "scores", id="does-not-add-up"),
        pytest.param(FinalRequest(scores=[25_050, 24_950, 25_000, 25_000]), "scores[0]", id="not-multiple-of-100"),
        pytest.param(
            FinalRequest(scores=[25_000] * 4, game=GameOptions(uma=[15_000, 5_000, -5_000, -10_000])),
            "game.uma",
            id="uma-not-zero-sum",
        ),
        pytest.param(
            FinalRequest(rules="kids", scores=[3, 0, 0, 0], riichi_sticks=1), "riichi_sticks", id="kids-sticks"
        ),
    ],
)
def test_impossible_final_names_the_field(req: FinalRequest, field: str) -> None:
    with pytest.raises(InvalidHand) as info:
        final(req)

    assert info.value.errors[0].field == field

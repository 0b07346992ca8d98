"""Exhaustive draws: no-ten payments, nagashi mangan, riichi sticks and the next hand (/docs/rules §6).

Standard: the noten players pay 3000 in total to the tenpai players; nagashi mangan is paid
as a mangan tsumo (4000 from the dealer / 2000 each, or 4000 all for the dealer) without
honba or sticks and replaces the no-ten payments. Kostarev (Kostarev rules §2.3 item 4): a drawn
hand is simply a draw.
"""

from __future__ import annotations

import pytest

from service.game import GameOptions, NextHand, settle
from tests.game.factories import draw, request


@pytest.mark.parametrize(
    ("tenpai", "deltas"),
    [
        pytest.param([], [0, 0, 0, 0], id="all-noten"),
        pytest.param([2], [-1_000, -1_000, 3_000, -1_000], id="one-tenpai-takes-1000-from-each"),
        pytest.param([0, 2], [1_500, -1_500, 1_500, -1_500], id="two-tenpai-1500-each-way"),
        pytest.param([0, 1, 3], [1_000, 1_000, -3_000, 1_000], id="three-tenpai-one-pays-3000"),
        pytest.param([0, 1, 2, 3], [0, 0, 0, 0], id="all-tenpai"),
    ],
)
def test_noten_payments_split_3000(tenpai: list[int], deltas: list[int]) -> None:
    r = settle(request(draw(tenpai)))

    assert r.deltas == deltas
    assert sum(r.deltas) == 0


def test_dealer_tenpai_keeps_the_deal_and_riichi_sticks_stay_on_the_table() -> None:
    # Seat 2 declares riichi (−1000 to the table); tenpai 0 and 2 take 1500 from 1 and 3.
    r = settle(request(draw([0, 2]), honba=1, riichi_sticks=1, riichi=[2], scores=[25_000, 25_000, 24_000, 25_000]))

    assert r.deltas == [1_500, -1_500, 500, -1_500]
    assert r.next_hand == NextHand(dealer=0, honba=2, riichi_sticks=2)
    assert sum(r.deltas) + 1000 * (2 - 1) == 0


def test_dealer_noten_passes_the_deal_and_honba_still_counts_up() -> None:
    r = settle(request(draw([1]), dealer=3, honba=4))

    assert r.next_hand == NextHand(dealer=0, honba=5, riichi_sticks=0)


def test_non_dealer_nagashi_mangan_is_a_mangan_tsumo_without_honba_or_no_ten() -> None:
    # Seat 2 nagashi: dealer 4000, the others 2000; the 3 honba are not paid; tenpai seat 1
    # gets nothing (nagashi replaces the no-ten payments).
    r = settle(request(draw(tenpai=[1], nagashi=[2]), honba=3))

    assert r.deltas == [-4_000, -2_000, 8_000, -2_000]
    assert r.next_hand == NextHand(dealer=1, honba=4, riichi_sticks=0)


def test_two_nagashi_are_paid_independently() -> None:
    # Dealer 0 nagashi: 4000 all. Seat 1 nagashi: 4000 from the dealer, 2000 from seats 2, 3.
    # Seat 0: +12000 − 4000; seat 1: −4000 + 8000; seats 2, 3: −4000 − 2000.
    r = settle(request(draw(tenpai=[0], nagashi=[0, 1])))

    assert r.deltas == [8_000, 4_000, -6_000, -6_000]
    assert r.next_hand.dealer == 0


def test_kostarev_draw_is_simply_a_draw() -> None:
    # Kostarev rules §2.3 item 4: nobody pays; riichi costs nothing and there is no honba (/docs/rules §4)
    r = settle(request(draw([1]), rules="kostarev", riichi=[1]))

    assert r.deltas == [0, 0, 0, 0]
    assert r.transfers == []
    assert r.next_hand == NextHand(dealer=1, honba=0, riichi_sticks=0)


def test_no_ten_payment_can_be_switched_off() -> None:
    r = settle(request(draw([2]), game=GameOptions(noten_payment=0)))

    assert r.deltas == [0, 0, 0, 0]


def test_a_no_ten_payment_can_bust_a_player() -> None:
    r = settle(request(draw([0]), scores=[49_500, 25_000, 25_000, 500]))

    assert r.scores == [52_500, 24_000, 24_000, -500]
    assert (r.out, r.end_reason) == ([3], "bust")

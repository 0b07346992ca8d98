"""Three-player games: /v1/settle, /v1/final, /v1/sticks under tenhou_sanma and majsoul_sanma.

Every expected value is worked out by hand beside it (/docs/rulesets §7: 35,000 start, tsumo loss,
100 per honba from each payer, no-ten payments of 2,000, Tenhou uma +20/0/−20 with oka 3 × 5,000,
Mahjong Soul +15/0/−15 from 35,000).
"""

from __future__ import annotations

from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.game import FinalRequest, SettleRequest, SettleResult, final, settle
from service.game.model import SticksRequest
from service.game.sticks import sticks
from service.scoring import InvalidHand

TH3 = "tenhou_sanma"
MS3 = "majsoul_sanma"
START3 = [35_000, 35_000, 35_000]


def settled(**fields: Any) -> SettleResult:
    body = {"rules": TH3, "scores": START3, "dealer": 0, **fields}
    return settle(msgspec.convert(body, SettleRequest))


def bad_fields(**fields: Any) -> list[str]:
    with pytest.raises(InvalidHand) as caught:
        settled(**fields)
    return [e.field for e in caught.value.errors]


MANGAN = {"han": 5}


def test_non_dealer_mangan_tsumo_is_4000_and_2000() -> None:
    # seat 1 wins; the dealer (0) pays 4,000, seat 2 pays 2,000; nobody pays for the missing seat
    r = settled(outcome={"type": "tsumo", "winner": 1, "value": MANGAN})
    assert r.deltas == [-4000, 6000, -2000]
    assert r.next_hand.dealer == 1  # the deal passes: seat 1 is East next


def test_north_bisection_splits_the_missing_share() -> None:
    # 4,000 + 1,000 from the dealer, 2,000 + 1,000 from seat 2
    r = settled(
        rules={"preset": TH3, "sanma_tsumo": "bisection"}, outcome={"type": "tsumo", "winner": 1, "value": MANGAN}
    )
    assert r.deltas == [-5000, 8000, -3000]


def test_dealer_mangan_tsumo_with_a_honba() -> None:
    # 4,000 + 100 from each of the two others = 8,200; the dealer repeats, honba 2
    r = settled(honba=1, outcome={"type": "tsumo", "winner": 0, "value": MANGAN})
    assert r.deltas == [8200, -4100, -4100]
    assert (r.next_hand.dealer, r.next_hand.honba) == (0, 2)


def test_3_han_40_fu_ron_with_a_honba_is_5400() -> None:
    # 40 × 2^5 = 1,280 × 4 = 5,120 → 5,200, + 200 a honba (100 from each of the two who would pay a tsumo)
    r = settled(
        honba=1, outcome={"type": "ron", "discarder": 2, "wins": [{"winner": 1, "value": {"han": 3, "fu": 40}}]}
    )
    assert r.deltas == [0, 5400, -5400]


def test_a_scored_hand_wins_with_nukidora() -> None:
    # 111m 123s 456s 777z + 9p by ron, seat 1 (South when seat 0 deals); 2 Norths set aside, West indicator:
    # chun 1 + 2 Norths + 2 for the West indicator = 5 han, mangan 8,000 from the discarder (seat 2)
    hand = {"hand": "111m9p123s456s777z", "win_tile": "9p", "nukidora": 2, "dora_indicators": "3z"}
    r = settled(outcome={"type": "ron", "discarder": 2, "wins": [{"winner": 1, "hand": hand}]})
    assert r.deltas == [0, 8000, -8000]
    assert r.wins[0].score is not None
    assert [(y.id, y.han) for y in r.wins[0].score.yaku] == [("chun", 1), ("dora", 2), ("nukidora", 2)]


def test_noten_payments_of_2000() -> None:
    # one tenpai: 1,000 from each noten player; two tenpai: the noten player pays 1,000 to each
    assert settled(outcome={"type": "draw", "tenpai": [1]}).deltas == [-1000, 2000, -1000]
    assert settled(outcome={"type": "draw", "tenpai": [1, 2]}).deltas == [-2000, 1000, 1000]
    assert settled(outcome={"type": "draw", "tenpai": [0, 1, 2]}).deltas == [0, 0, 0]
    assert settled(outcome={"type": "draw", "tenpai": []}).deltas == [0, 0, 0]


def test_nagashi_mangan_with_tsumo_loss() -> None:
    # non-dealer seat 2: 4,000 from the dealer + 2,000 from seat 1; the dealer: 4,000 from each of two
    assert settled(outcome={"type": "draw", "nagashi": [2]}).deltas == [-4000, -2000, 6000]
    assert settled(outcome={"type": "draw", "nagashi": [0], "tenpai": [0]}).deltas == [8000, -4000, -4000]


def test_busting_below_zero_ends_the_game() -> None:
    # seat 2 holds 1,000 and pays 2,000 for a non-dealer mangan tsumo by seat 1: −1,000, out
    r = settled(scores=[40_000, 64_000, 1_000], outcome={"type": "tsumo", "winner": 1, "value": MANGAN})
    assert r.scores == [36_000, 70_000, -1_000]
    assert (r.out, r.end_reason) == ([2], "bust")
    assert [p.seat for p in r.placings or []] == [1, 0, 2]


def test_the_abortive_draws_of_a_three_player_table() -> None:
    # kyuushu kyuuhai and suukaikan only (/docs/rulesets §7 Abortive draws)
    assert settled(outcome={"type": "abortive", "kind": "kyuushu_kyuuhai"}).next_hand.honba == 1
    assert bad_fields(outcome={"type": "abortive", "kind": "suufon_renda"}) == ["outcome.kind"]
    assert bad_fields(outcome={"type": "abortive", "kind": "suucha_riichi"}) == ["outcome.kind"]


def test_a_fourth_seat_is_invalid_naming_the_field() -> None:
    assert bad_fields(dealer=3, outcome={"type": "draw"}) == ["dealer"]
    assert bad_fields(outcome={"type": "tsumo", "winner": 3, "value": MANGAN}) == ["outcome.winner"]
    assert bad_fields(riichi=[3], outcome={"type": "draw", "tenpai": [3]}) == ["riichi[0]", "outcome.tenpai[0]"]
    assert bad_fields(outcome={"type": "ron", "discarder": 3, "wins": [{"winner": 0, "value": MANGAN}]}) == [
        "outcome.discarder"
    ]
    assert bad_fields(scores=[26_300, 26_200, 26_200, 26_300], outcome={"type": "draw"}) == ["scores"]
    # three scores must add up to 3 × 35,000 = 105,000
    assert bad_fields(scores=[25_000, 25_000, 25_000], outcome={"type": "draw"}) == ["scores"]


def test_three_hands_a_wind_and_the_40000_return() -> None:
    # South 3 (dealer seat 2, first dealer 0) passes the deal: the hanchan is over when somebody has
    # 40,000 (Tenhou sanma's return); with nobody there it goes on into West (sudden death)
    ahead = settled(scores=[45_000, 35_000, 25_000], dealer=2, round_wind="S", outcome={"type": "draw"})
    assert (ahead.game_over, ahead.end_reason) == (True, "last_hand")
    even = settled(dealer=2, round_wind="S", outcome={"type": "draw"})
    assert (even.game_over, even.next_hand.round_wind, even.next_hand.dealer) == (False, "W", 0)
    # East 3 passes the deal into South 1
    east = settled(dealer=2, round_wind="E", outcome={"type": "draw"})
    assert (east.next_hand.round_wind, east.next_hand.dealer) == ("S", 0)


def test_tenhou_sanma_final_with_oka_15() -> None:
    # return 40,000: 1st 50,000 − 40,000 = +10,000, uma +20,000, oka 3 × (40,000 − 35,000) = +15,000 → +45,000;
    # 2nd −5,000; 3rd −20,000 − 20,000 = −40,000 (sum 0)
    r = final(FinalRequest(rules=TH3, scores=[50_000, 35_000, 20_000]))
    assert [(p.seat, p.uma, p.oka, p.final) for p in r.placings] == [
        (0, 20_000, 15_000, 45_000),
        (1, 0, 0, -5_000),
        (2, -20_000, 0, -40_000),
    ]


def test_majsoul_sanma_final_from_35000() -> None:
    # measured from 35,000, no oka: +15,000 + 15,000 = +30,000; 0; −15,000 − 15,000 = −30,000
    r = final(FinalRequest(rules=MS3, scores=[50_000, 35_000, 20_000]))
    assert [(p.final, p.oka) for p in r.placings] == [(30_000, 0), (0, 0), (-30_000, 0)]


def test_final_checks_one_value_a_player() -> None:
    with pytest.raises(InvalidHand) as caught:
        final(
            msgspec.convert(
                {"rules": TH3, "scores": START3, "game": {"uma": [15000, 5000, -5000, -15000]}}, FinalRequest
            )
        )
    assert [e.field for e in caught.value.errors] == ["game.uma"]
    with pytest.raises(InvalidHand) as caught:
        final(FinalRequest(rules=TH3, scores=[35_000, 35_000, 35_000, 0]))
    assert [e.field for e in caught.value.errors] == ["scores"]
    with pytest.raises(InvalidHand) as caught:
        final(FinalRequest(rules=TH3, scores=START3, first_dealer=3))
    assert [e.field for e in caught.value.errors] == ["first_dealer"]


def test_the_35000_start_in_sticks() -> None:
    # 3 × 10,000 + 1 × 5,000 = 35,000: the fewest sticks
    r = sticks(SticksRequest(amount=35_000))
    assert (r.sticks.s10000, r.sticks.s5000, r.sticks.s1000, r.sticks.s100) == (3, 1, 0, 0)


@st.composite
def sanma_settlements(draw: st.DrawFn) -> dict[str, Any]:
    """A three-player settlement: a tsumo, a ron (one or two winners) or a draw, with honba and riichi."""
    dealer = draw(st.integers(0, 2))
    riichi = draw(st.lists(st.integers(0, 2), unique=True, max_size=3))
    han = draw(st.integers(1, 13))
    value = {"han": han} if han >= 5 else {"han": han, "fu": draw(st.sampled_from([30, 40, 50, 60, 70]))}
    kind = draw(st.sampled_from(["tsumo", "ron", "draw"]))
    if kind == "tsumo":
        outcome: dict[str, Any] = {"type": "tsumo", "winner": draw(st.integers(0, 2)), "value": value}
    elif kind == "ron":
        discarder = draw(st.integers(0, 2))
        others = [s for s in range(3) if s != discarder]
        winners = draw(st.lists(st.sampled_from(others), unique=True, min_size=1, max_size=2))
        outcome = {"type": "ron", "discarder": discarder, "wins": [{"winner": w, "value": value} for w in winners]}
    else:
        tenpai = draw(st.lists(st.integers(0, 2), unique=True, max_size=3))
        outcome = {"type": "draw", "tenpai": sorted(set(tenpai) | set(riichi))}
    sticks = draw(st.integers(0, 2))
    return {
        "rules": draw(st.sampled_from([TH3, MS3, {"preset": TH3, "sanma_tsumo": "bisection"}])),
        "scores": [35_000 - 1_000 * sticks, 35_000, 35_000],
        "riichi_sticks": sticks,
        "dealer": dealer,
        "honba": draw(st.integers(0, 3)),
        "riichi": riichi,
        "outcome": outcome,
    }


@settings(max_examples=300, deadline=None)
@given(body=sanma_settlements())
def test_three_player_settlements_are_zero_sum_with_the_pot(body: dict[str, Any]) -> None:
    r = settle(msgspec.convert(body, SettleRequest))
    assert len(r.deltas) == len(r.scores) == 3
    # what the players lost went to the winners or the table's pot (1,000 a riichi stick)
    assert sum(r.deltas) + 1000 * (r.next_hand.riichi_sticks - body["riichi_sticks"]) == 0
    assert all(t.payer in (None, 0, 1, 2) and t.payee in (None, 0, 1, 2) for t in r.transfers)
    assert all(t.amount % 100 == 0 for t in r.transfers)

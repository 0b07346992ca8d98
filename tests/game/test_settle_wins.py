"""Wins applied to the table, every number worked out by hand (/docs/rules §3 Payments, §6).

Base points → payments: ron 4 × base (dealer 6 ×), tsumo 1 × / 2 × base, each rounded up
to 100; honba 300 on ron, 100 from each payer on tsumo; riichi sticks 1000 each.
"""

from __future__ import annotations

from service.game import GameOptions, NextHand, settle
from service.scoring import ScoreRequest
from tests.game.factories import DAISANGEN, PINFU_HAND, PINFU_WIN, request, ron, tsumo, win


def moves(result: object) -> list[tuple[int | None, int | None, int, str]]:
    return [(t.payer, t.payee, t.amount, t.kind) for t in result.transfers]  # type: ignore[attr-defined]


# --- the cases -------------------------------------------------------------------------


def test_dealer_mangan_tsumo_at_1_honba_is_4100_all() -> None:
    # Riichi, menzen tsumo, pinfu, tanyao, dora 1 = 5 han: mangan, base 2000.
    # Dealer tsumo: 2 × 2000 = 4000 from each, + 100 × 1 honba = 4100 all; the dealer gets
    # 3 × 4100 = 12,300 and their own riichi stick back (−1000 + 1000).
    hand = ScoreRequest(hand=PINFU_HAND, win_tile=PINFU_WIN, riichi=True, dora_indicators="1m")
    r = settle(request(tsumo(0, hand=hand), honba=1, riichi=[0]))

    assert r.deltas == [12_300, -4_100, -4_100, -4_100]
    assert r.scores == [37_300, 20_900, 20_900, 20_900]
    assert moves(r) == [
        (0, None, 1000, "riichi_deposit"),
        (1, 0, 4000, "tsumo"),
        (2, 0, 4000, "tsumo"),
        (3, 0, 4000, "tsumo"),
        (1, 0, 100, "honba"),
        (2, 0, 100, "honba"),
        (3, 0, 100, "honba"),
        (None, 0, 1000, "riichi_sticks"),
    ]
    (w,) = r.wins
    assert (w.han, w.fu, w.limit, w.base_points, w.points, w.honba, w.riichi_sticks, w.total) == (
        5,
        20,
        "mangan",
        2000,
        12_000,
        300,
        1,
        13_300,
    )
    assert w.score is not None
    assert w.score.yaku[0].id == "riichi"
    assert r.next_hand == NextHand(dealer=0, honba=2, riichi_sticks=0)  # dealer keeps the deal
    assert not r.game_over


def test_dealer_mangan_tsumo_given_as_a_value_matches_the_scored_hand() -> None:
    r = settle(request(tsumo(0, han=5), honba=1))

    assert r.deltas == [12_300, -4_100, -4_100, -4_100]


def test_double_ron_gives_honba_and_pot_to_the_first_winner_only() -> None:
    # Seat 2 deals into seats 0 (dealer) and 3; turn order from the discarder is 3, 0, 1,
    # so seat 3 is the first winner. 1 honba, 1 stick already on the table, seat 3 declares
    # riichi this hand (the pot holds 2 sticks).
    # Seat 3: 1 han 40 fu = 40 × 2^3 = 320 base; 4 × 320 = 1280 → 1300; + 300 honba; + 2000 pot.
    # Seat 0 (dealer): 2 han 30 fu = 30 × 2^4 = 480; 6 × 480 = 2880 → 2900; no honba, no pot.
    scores = [25_000, 25_000, 24_000, 25_000]  # + 1 stick on the table = 100,000
    r = settle(
        request(ron(2, win(0, han=2, fu=30), win(3, han=1, fu=40)), scores=scores, honba=1, riichi_sticks=1, riichi=[3])
    )

    assert moves(r) == [
        (3, None, 1000, "riichi_deposit"),
        (2, 3, 1300, "ron"),
        (2, 3, 300, "honba"),
        (None, 3, 2000, "riichi_sticks"),
        (2, 0, 2900, "ron"),
    ]
    assert r.deltas == [2_900, 0, -4_500, 2_600]  # seat 3: −1000 + 1300 + 300 + 2000
    assert [w.winner for w in r.wins] == [3, 0]
    assert [(w.points, w.honba, w.riichi_sticks, w.total) for w in r.wins] == [(1300, 300, 2, 3600), (2900, 0, 0, 2900)]
    # The dealer won (too): the deal stays, honba + 1; the table is empty.
    assert r.next_hand == NextHand(dealer=0, honba=2, riichi_sticks=0)
    assert sum(r.deltas) + 1000 * (r.next_hand.riichi_sticks - 1) == 0


def test_triple_ron_is_allowed_in_standard_with_honba_to_the_first_only() -> None:
    # Discarder 0 (the dealer); order 1, 2, 3. Each non-dealer 1 han 30 fu = 240 base → 960 → 1000.
    r = settle(request(ron(0, win(3, han=1, fu=30), win(1, han=1, fu=30), win(2, han=1, fu=30)), honba=2))

    assert r.deltas == [-3_600, 1_600, 1_000, 1_000]  # seat 1: 1000 + 600 honba
    assert r.bumped == []
    assert r.next_hand == NextHand(dealer=1, honba=0, riichi_sticks=0)


def test_head_bump_lets_only_the_first_in_turn_order_win() -> None:
    # Seat 3 discards; order from 3 is 0, 1, 2 → seat 1 beats seat 2. Seat 2's riichi stick stays
    # in the pot that seat 1 takes. Seat 1: 3 han 30 fu = 960 base → 3840 → 3900, + 300 honba.
    opts = GameOptions(multiple_ron="head_bump")
    r = settle(request(ron(3, win(2, han=8), win(1, han=3, fu=30)), game=opts, honba=1, riichi=[2]))

    assert r.bumped == [2]
    assert [w.winner for w in r.wins] == [1]
    assert r.deltas == [0, 5_200, -1_000, -4_200]  # 3900 + 300 + 1000 (seat 2's stick)
    assert r.next_hand == NextHand(dealer=1, honba=0, riichi_sticks=0)


def test_pao_daisangen_ron_with_2_honba_splits_with_the_discarder_and_liable_pays_honba() -> None:
    # Seat 1 (non-dealer) wins daisangen, the third dragon pon fed by seat 3 (liable), on seat
    # 2's discard. Yakuman: base 8000, ron 4 × 8000 = 32,000 → 16,000 from the discarder and
    # 16,000 from the liable player, who also pays the 2 honba (600).
    r = settle(request(ron(2, win(1, hand=DAISANGEN, pao=3)), honba=2))

    assert moves(r) == [(2, 1, 16_000, "ron"), (3, 1, 16_000, "pao"), (3, 1, 600, "honba")]
    assert r.deltas == [0, 32_600, -16_000, -16_600]
    (w,) = r.wins
    assert (w.yakuman, w.limit, w.points, w.honba, w.total, w.liable) == (1, "yakuman", 32_000, 600, 32_600, 3)
    assert r.next_hand == NextHand(dealer=1, honba=0, riichi_sticks=0)


def test_pao_daisangen_ron_on_the_liable_players_own_discard_pays_it_all() -> None:
    r = settle(request(ron(3, win(1, hand=DAISANGEN, pao=3)), honba=2))

    assert r.deltas == [0, 32_600, 0, -32_600]


def test_pao_daisangen_tsumo_the_liable_player_pays_everything() -> None:
    # Tsumo with pao: the liable player pays as if they had dealt in: 32,000 + 2 × 300 honba.
    hand = ScoreRequest(hand=DAISANGEN.hand, win_tile=DAISANGEN.win_tile, melds=DAISANGEN.melds)
    r = settle(request(tsumo(1, hand=hand, pao=3), honba=2))

    assert moves(r) == [(3, 1, 32_000, "pao"), (3, 1, 600, "honba")]
    assert r.deltas == [0, 32_600, 0, -32_600]


def test_pao_covers_only_the_pao_yakuman_in_a_double_yakuman_tsumo() -> None:
    # Daisangen + tsuuiisou by non-dealer seat 1 on tsumo, seat 2 liable, 1 honba (riichi.wiki
    # example): tsuuiisou is paid as a normal yakuman tsumo (dealer 16,000, others 8,000);
    # daisangen's 32,000 and all the honba (300) by the liable player.
    r = settle(request(tsumo(1, yakuman=2, pao_yakuman=1, pao=2), honba=1))

    assert r.deltas == [-16_000, 64_300, -40_300, -8_000]


def test_a_dealer_pao_ron_is_6_times_base_split_in_halves() -> None:
    # Dealer 0 wins daisangen off seat 1, seat 2 liable: 6 × 8000 = 48,000 → 24,000 each.
    r = settle(request(ron(1, win(0, yakuman=1, pao=2))))

    assert r.deltas == [48_000, -24_000, -24_000, 0]


def test_non_dealer_tsumo_splits_dealer_double_and_passes_the_deal() -> None:
    # Seat 2, 3 han 30 fu = 960 base: dealer 1920 → 2000, others 960 → 1000; 2 honba: +200 each.
    r = settle(request(tsumo(2, han=3, fu=30), honba=2))

    assert r.deltas == [-2_200, -1_200, 4_600, -1_200]
    assert r.next_hand == NextHand(dealer=1, honba=0, riichi_sticks=0)


def test_a_hand_scored_for_a_non_dealer_seat_gets_its_seat_wind_from_the_dealer() -> None:
    # Dealer is seat 2, so seat 1 is North: riichi + tanyao + pinfu + dora on ron = 4 han 30 fu,
    # 30 × 2^6 = 1920 → 4 × = 7680 → 7700 from seat 0.
    hand = ScoreRequest(hand=PINFU_HAND, win_tile=PINFU_WIN, riichi=True, dora_indicators="1m")
    scores = [25_000, 25_000, 25_000, 25_000]
    r = settle(request(ron(0, win(1, hand=hand)), scores=scores, dealer=2, riichi=[1]))

    assert r.deltas == [-7_700, 7_700, 0, 0]
    assert r.wins[0].score is not None
    assert (r.wins[0].han, r.wins[0].fu) == (4, 30)


# --- busting -----------------------------------------------------------------------------------


def test_standard_bust_below_zero_ends_the_game_with_placings() -> None:
    # Seat 3 at 2000 deals into a non-dealer haneman (12,000): −10,000 → out.
    scores = [34_000, 39_000, 25_000, 2_000]
    r = settle(request(ron(3, win(1, han=6)), scores=scores))

    assert r.scores == [34_000, 51_000, 25_000, -10_000]
    assert (r.out, r.game_over, r.end_reason) == ([3], True, "bust")
    assert r.placings is not None
    assert [(p.place, p.seat, p.score) for p in r.placings] == [
        (1, 1, 51_000),
        (2, 0, 34_000),
        (3, 2, 25_000),
        (4, 3, -10_000),
    ]


def test_standard_exactly_zero_is_not_a_bust_but_option_at_zero_is() -> None:
    # Seat 3 at 8000 deals into a non-dealer mangan (8000) and is left with 0.
    scores = [30_000, 37_000, 25_000, 8_000]
    below = settle(request(ron(3, win(1, han=5)), scores=scores))
    at_zero = settle(request(ron(3, win(1, han=5)), scores=scores, game=GameOptions(bust="at_zero")))

    assert below.scores[3] == 0
    assert (below.out, below.game_over) == ([], False)
    assert (at_zero.out, at_zero.end_reason) == ([3], "bust")


def test_no_busting_lets_scores_go_negative() -> None:
    scores = [34_000, 39_000, 25_000, 2_000]
    r = settle(request(ron(3, win(1, han=6)), scores=scores, game=GameOptions(bust="none")))

    assert r.scores[3] == -10_000
    assert (r.out, r.game_over) == ([], False)


def test_kostarev_loser_who_cannot_pay_in_full_pays_what_they_hold_and_is_out() -> None:
    # Kostarev (no winds: dealer flag). Seat 1 (riichi, 4 han 30 fu: riichi, pinfu, tanyao,
    # dora) rons seat 3, who holds 5000 of the 7700 owed (30 × 2^6 = 1920 × 4 = 7680 → 7700):
    # seat 3 hands over 5000, is out, the game stops. Riichi costs nothing in kostarev
    # (/docs/rules §4: Kostarev rules puts no stick on the table), so no deposit moves.
    # 30,000 + 25,000 + 40,000 + 5,000 = 100,000.
    hand = ScoreRequest(hand=PINFU_HAND, win_tile=PINFU_WIN, riichi=True, dora_indicators="1m")
    scores = [30_000, 25_000, 40_000, 5_000]
    r = settle(request(ron(3, win(1, hand=hand)), rules="kostarev", scores=scores, riichi=[1]))

    assert moves(r) == [(3, 1, 5000, "ron")]
    assert r.transfers[0].owed == 7700
    assert r.wins[0].points == 7700
    assert r.scores == [30_000, 30_000, 40_000, 0]
    assert (r.out, r.game_over, r.end_reason) == ([3], True, "bust")


def test_kostarev_tie_goes_to_the_seat_nearer_the_first_dealer() -> None:
    hand = ScoreRequest(hand=PINFU_HAND, win_tile=PINFU_WIN, riichi=True, dora_indicators="1m")
    scores = [30_000, 25_000, 40_000, 5_000]
    r = settle(request(ron(3, win(1, hand=hand)), rules="kostarev", scores=scores, riichi=[1], first_dealer=1))

    assert r.placings is not None
    assert [(p.place, p.seat) for p in r.placings] == [(1, 2), (2, 1), (3, 0), (4, 3)]


def test_kostarev_tsumo_a_short_payer_pays_what_they_hold_the_others_in_full() -> None:
    # Non-dealer seat 2 tsumo mangan: dealer 4000, others 2000. Seat 3 holds 1500.
    scores = [30_000, 33_500, 35_000, 1_500]
    r = settle(request(tsumo(2, han=5), rules="kostarev", scores=scores))

    assert r.scores == [26_000, 31_500, 42_500, 0]  # seat 2: + 1500 + 4000 + 2000
    assert [(t.payer, t.amount, t.owed) for t in r.transfers] == [(3, 1500, 2000), (0, 4000, 4000), (1, 2000, 2000)]
    assert (r.out, r.end_reason) == ([3], "bust")


def test_kostarev_player_who_pays_exactly_all_they_hold_reaches_zero_and_is_out() -> None:
    scores = [30_000, 37_000, 25_000, 8_000]
    r = settle(request(ron(3, win(1, han=5)), rules="kostarev", scores=scores))

    assert r.scores[3] == 0
    assert r.transfers[0].amount == r.transfers[0].owed == 8000
    assert (r.out, r.end_reason) == ([3], "bust")


def test_kostarev_double_ron_is_head_bumped() -> None:
    r = settle(request(ron(2, win(0, han=1, fu=30), win(3, han=1, fu=30)), rules="kostarev"))

    assert r.bumped == [0]
    assert r.deltas == [0, 0, -1_000, 1_000]


# --- kids --------------------------------------------------------------------------------------


def test_kids_game_reaching_10_ends_with_placings() -> None:
    # Kids (/docs/rules §5): riichi 2 + tsumo 1 = 3 points (the closed-hand +1 is for wins without
    # riichi: the worked example of the kids' rules); 8 + 3 = 11 ≥ 10.
    hand = ScoreRequest(hand=PINFU_HAND, win_tile=PINFU_WIN, riichi=True)
    r = settle(request(tsumo(0, hand=hand), rules="kids", scores=[8, 3, 5, 0], riichi=[0]))

    assert r.deltas == [3, 0, 0, 0]
    assert r.scores == [11, 3, 5, 0]
    assert moves(r) == [(None, 0, 3, "kids_points")]
    assert (r.wins[0].points, r.wins[0].han, r.wins[0].base_points) == (3, None, None)
    assert (r.game_over, r.end_reason) == (True, "target")
    assert r.placings is not None
    assert [p.seat for p in r.placings] == [0, 2, 1, 3]


def test_kids_game_to_15_goes_on_at_11() -> None:
    hand = ScoreRequest(hand=PINFU_HAND, win_tile=PINFU_WIN, riichi=True)
    r = settle(request(tsumo(0, hand=hand), rules="kids", scores=[8, 3, 5, 0], riichi=[0], game=GameOptions(target=15)))

    assert r.scores == [11, 3, 5, 0]
    assert (r.game_over, r.placings) == (False, None)


def test_kids_ron_adds_points_and_takes_nothing_from_the_discarder() -> None:
    # Ron: base 1 + closed hand 1 = 2; the discarder loses nothing.
    hand = ScoreRequest(hand=PINFU_HAND, win_tile=PINFU_WIN)
    r = settle(request(ron(3, win(1, hand=hand)), rules="kids", scores=[2, 4, 6, 1]))

    assert r.deltas == [0, 2, 0, 0]
    assert r.next_hand == NextHand(dealer=1, honba=0, riichi_sticks=0)


def test_last_hand_ends_the_game() -> None:
    r = settle(request(ron(3, win(1, han=1, fu=30)), last_hand=True))

    assert (r.game_over, r.end_reason) == (True, "last_hand")
    assert r.placings is not None
    assert r.placings[0].seat == 1


def test_a_riichi_hand_whose_stick_is_already_on_the_table() -> None:
    # Tenhou's logs count this hand's deposit in the table's sticks already: seat 1 (riichi, not in
    # `riichi`) tsumo riichi + menzen tsumo + pinfu + tanyao + dora 1 = 5 han, a mangan: 2,000 from
    # each non-dealer and 4,000 from the dealer = 8,000, plus the 1,000 stick on the table.
    hand = ScoreRequest(hand=PINFU_HAND, win_tile=PINFU_WIN, riichi=True, dora_indicators="1m")
    r = settle(request(tsumo(1, hand=hand), scores=[25_000, 24_000, 25_000, 25_000], riichi_sticks=1))
    assert r.deltas == [-4_000, 9_000, -2_000, -2_000]

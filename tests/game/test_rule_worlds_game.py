"""The rule worlds' game differences (/docs/rulesets §9 items 6, 7 and the runners-up; §4–6), by hand.

Each case settles one hand (or one final) under two or more presets and checks the numbers,
worked out in the comments. Hand values (/docs/rules §3): 1 han 30 fu = base 240 → non-dealer
ron 4 × 240 = 960 → 1,000, dealer tsumo 2 × 240 = 480 → 500 all; 3 han 30 fu = base 960 → ron
3,840 → 3,900; a yakuman is base 8,000 → non-dealer ron 32,000. Tenhou, Mahjong Soul and M-League
start at 25,000; WRC and EMA at 30,000. Seat 0 is the first dealer throughout.
"""

from __future__ import annotations

import pytest

from service.game import Abortive, Chombo, FinalRequest, GameOptions, final, settle
from service.scoring import InvalidHand, MeldSpec, ScoreRequest
from tests.game.factories import draw, request, ron, tsumo, win


def start(preset: str) -> int:
    return 30_000 if preset in ("wrc", "ema") else 25_000


def fields(exc: pytest.ExceptionInfo[InvalidHand]) -> list[str]:
    return [e.field for e in exc.value.errors]


# --- §9 item 6: multiple ron -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "deltas", "bumped"),
    [
        # seat 1: 3,900 + 300 honba + 1,000 stick = 5,200; seat 2: 1,000 and nothing more
        pytest.param("tenhou", [-5_200, 5_200, 1_000, 0], [], id="tenhou-double-ron"),
        pytest.param("majsoul", [-5_200, 5_200, 1_000, 0], [], id="majsoul-double-ron"),
        # EMA (multi_ron_sticks each): seat 2 also gets the 300 honba from the discarder
        pytest.param("ema", [-5_500, 5_200, 1_300, 0], [], id="ema-double-ron-honba-to-each"),
        # head bump: only seat 1 (nearest the discarder) wins: 3,900 + 300 from seat 0, + 1,000 stick
        pytest.param("wrc", [-4_200, 5_200, 0, 0], [2], id="wrc-head-bump"),
        pytest.param("mleague", [-4_200, 5_200, 0, 0], [2], id="mleague-head-bump"),
    ],
)
def test_double_ron_or_head_bump(preset: str, deltas: list[int], bumped: list[int]) -> None:
    s = start(preset)
    scores = [s, s, s, s - 1_000]  # one riichi stick (seat 3's) already on the table
    r = settle(
        request(
            ron(0, win(2, han=1, fu=30), win(1, han=3, fu=30)), rules=preset, scores=scores, honba=1, riichi_sticks=1
        )
    )
    assert (r.deltas, r.bumped) == (deltas, bumped)


def test_ema_gives_each_winner_their_own_riichi_stick_back() -> None:
    # seats 1 and 2 both declared riichi this hand (−1,000 each); one old stick on the table: 3 in all.
    # EMA: seat 2 (second winner) takes its own stick back; seat 1 (nearest) takes the other two.
    # seat 1: −1,000 + 3,900 + 2,000 = +4,900; seat 2: −1,000 + 1,000 + 1,000 = +1,000; seat 0 pays 4,900.
    scores = [30_000, 30_000, 30_000, 29_000]
    r = settle(
        request(
            ron(0, win(1, han=3, fu=30), win(2, han=1, fu=30)),
            rules="ema",
            scores=scores,
            riichi_sticks=1,
            riichi=[1, 2],
        )
    )
    assert r.deltas == [-4_900, 4_900, 1_000, 0]
    assert [(w.winner, w.riichi_sticks) for w in r.wins] == [(1, 2), (2, 1)]
    # Tenhou (nearest): seat 1 takes all three sticks: −1,000 + 3,900 + 3,000 = +5,900; seat 2: −1,000 + 1,000 = 0
    r = settle(
        request(
            ron(0, win(1, han=3, fu=30), win(2, han=1, fu=30)),
            rules="tenhou",
            scores=[25_000] * 3 + [24_000],
            riichi_sticks=1,
            riichi=[1, 2],
        )
    )
    assert r.deltas == [-4_900, 5_900, 0, 0]


@pytest.mark.parametrize(
    ("preset", "deltas", "abortive"),
    [
        # Tenhou: three rons on one discard are the abortive draw sanchahou: nobody pays
        pytest.param("tenhou", [0, 0, 0, 0], "sanchahou", id="tenhou-sanchahou"),
        # Mahjong Soul and EMA pay all three: 1,000 each from the discarder
        pytest.param("majsoul", [-3_000, 1_000, 1_000, 1_000], None, id="majsoul-pays-three"),
        pytest.param("ema", [-3_000, 1_000, 1_000, 1_000], None, id="ema-pays-three"),
        # WRC: head bump, seat 1 alone
        pytest.param("wrc", [-1_000, 1_000, 0, 0], None, id="wrc-head-bump"),
    ],
)
def test_triple_ron(preset: str, deltas: list[int], abortive: str | None) -> None:
    s = start(preset)
    r = settle(
        request(ron(0, win(1, han=1, fu=30), win(2, han=1, fu=30), win(3, han=1, fu=30)), rules=preset, scores=[s] * 4)
    )
    assert (r.deltas, r.abortive) == (deltas, abortive)
    if abortive:  # dealer keeps the seat, honba + 1, nobody won
        assert (r.wins, r.next_hand.dealer, r.next_hand.honba) == ([], 0, 1)


# --- §9 item 7: pao with a stacked yakuman ---------------------------------------------------


def test_pao_stacked_yakuman_tsumo_tenhou_whole_hand_vs_majsoul_pao_part() -> None:
    # corpus tenhou-01451: seat 0 (non-dealer; seat 3 deals) tsumo daisangen + tsuuiisou (2 yakuman,
    # base 16,000), seat 2 liable for daisangen, 3 honba.
    scores = [20_400, 31_400, 9_800, 38_400]
    hand = tsumo(0, yakuman=2, pao_yakuman=1, pao=2)
    # Tenhou: seat 2 pays the whole hand as a ron, 4 × 16,000 = 64,000, and the 900 honba
    tenhou = settle(request(hand, rules="tenhou", scores=scores, dealer=3, honba=3))
    assert tenhou.deltas == [64_900, 0, -64_900, 0]
    # Mahjong Soul: seat 2 pays the daisangen part as a ron (32,000) and the honba (900); tsuuiisou
    # (base 8,000) is a normal tsumo: dealer 16,000, others 8,000 each
    majsoul = settle(request(hand, rules="majsoul", scores=scores, dealer=3, honba=3))
    assert majsoul.deltas == [64_900, -8_000, -40_900, -16_000]


def test_pao_stacked_yakuman_ron_tenhou_whole_hand_vs_majsoul_pao_part() -> None:
    # seat 0 (non-dealer) rons seat 1 with daisangen + tsuuiisou (64,000), seat 2 liable, 1 honba.
    scores = [25_000] * 4
    hand = ron(1, win(0, yakuman=2, pao_yakuman=1, pao=2))
    # Tenhou: half of the whole hand each (32,000), the liable player pays the 300 honba
    assert settle(request(hand, rules="tenhou", scores=scores, dealer=3, honba=1)).deltas == [
        64_300,
        -32_000,
        -32_300,
        0,
    ]
    # Mahjong Soul: daisangen part 32,000 split 16,000 / 16,000; tsuuiisou 32,000 and the honba from the discarder
    assert settle(request(hand, rules="majsoul", scores=scores, dealer=3, honba=1)).deltas == [
        64_300,
        -48_300,
        -16_000,
        0,
    ]


def test_pao_ron_honba_option() -> None:
    # daisangen alone, ron from seat 1, seat 2 liable, 2 honba: 16,000 each; the 600 honba by option
    hand = ron(1, win(0, yakuman=1, pao=2))
    liable = settle(request(hand, rules="tenhou", dealer=3, honba=2))
    discarder = settle(request(hand, rules="tenhou", dealer=3, honba=2, game=GameOptions(pao_ron_honba="discarder")))
    assert liable.deltas == [32_600, -16_000, -16_600, 0]
    assert discarder.deltas == [32_600, -16_600, -16_000, 0]


def test_mleague_pao_covers_suukantsu_and_tenhou_does_not() -> None:
    hand = tsumo(0, yakuman=1, pao=2)  # a value: the liable yakuman is not checked against its id
    assert settle(request(hand, rules="mleague", dealer=3)).deltas == [32_000, 0, -32_000, 0]
    # four kans (suukantsu), tanki on 5p: liable seat 2 under M-League only
    kans = ScoreRequest(
        hand="5p",
        win_tile="5p",
        melds=[MeldSpec(type="kan", tiles=t) for t in ("1111m", "2222s", "3333s", "4444s")],
    )
    r = settle(request(tsumo(0, hand=kans, pao=2), rules="mleague", dealer=3))
    assert r.deltas == [32_000, 0, -32_000, 0]
    with pytest.raises(InvalidHand) as exc:
        settle(request(tsumo(0, hand=kans, pao=2), rules="tenhou", dealer=3))
    assert fields(exc) == ["outcome.pao"]


# --- runners-up: uma / oka finals ------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "scores", "finals"),
    [
        # Tenhou (exact today): 2nd −1,500 + 10,000 = 8,500; 3rd −10,600 − 10,000 = −20,600; 4th −19,400 − 20,000
        # = −39,400; 1st 11,500 + 20,000 uma + 20,000 oka = 51,500
        pytest.param("tenhou", [41_500, 28_500, 19_400, 10_600], [51_500, 8_500, -20_600, -39_400], id="tenhou"),
        # Mahjong Soul: from 25,000, no oka, uma 15/5: 16,500 + 15,000; 3,500 + 5,000; −5,600 − 5,000; −14,400 − 15,000
        pytest.param("majsoul", [41_500, 28_500, 19_400, 10_600], [31_500, 8_500, -10_600, -29_400], id="majsoul"),
        # M-League: from 30,000, oka 20,000, uma 30/10: 11,500 + 30,000 + 20,000; −1,500 + 10,000;
        # −10,600 − 10,000; −19,400 − 30,000
        pytest.param("mleague", [41_500, 28_500, 19_400, 10_600], [61_500, 8_500, -20_600, -49_400], id="mleague"),
        # WRC: from 30,000, no oka, uma 15/5
        pytest.param("wrc", [45_000, 35_000, 25_000, 15_000], [30_000, 10_000, -10_000, -30_000], id="wrc"),
        # WRC tie for 2nd: seats 1 and 2 share 5,000 − 5,000 = 0
        pytest.param("wrc", [40_000, 30_000, 30_000, 20_000], [25_000, 0, 0, -25_000], id="wrc-shared-tie"),
        # M-League tie for 1st: seats 0, 1 share (30,000 + 10,000) uma and 20,000 oka: 5,000 + 20,000 + 10,000
        pytest.param(
            "mleague", [35_000, 35_000, 20_000, 10_000], [35_000, 35_000, -20_000, -50_000], id="mleague-tie-1st"
        ),
        # M-League three-way tie: uma (30,000 + 10,000 − 10,000) / 3 = 10,000; oka 20,000 / 3 = 6,600 with
        # 200 left, one 100 each to seats 0 and 1: 6,700, 6,700, 6,600
        pytest.param(
            "mleague", [30_000, 30_000, 30_000, 10_000], [16_700, 16_700, 16_600, -50_000], id="mleague-3-tie"
        ),
        # Tenhou ties go to seat order: seat 0 is 1st (5,000 + 20,000 + 20,000) and seat 1 is 2nd (5,000 + 10,000)
        pytest.param("tenhou", [35_000, 35_000, 20_000, 10_000], [45_000, 15_000, -20_000, -40_000], id="tenhou-tie"),
    ],
)
def test_final_points(preset: str, scores: list[int], finals: list[int]) -> None:
    r = final(FinalRequest(rules=preset, scores=scores))
    by_seat = {p.seat: p.final for p in r.placings}
    assert [by_seat[s] for s in range(4)] == finals
    assert sum(finals) == 0


def test_leftover_stick_shared_by_tied_firsts_and_lost_in_wrc() -> None:
    # M-League: one stick left, seats 0 and 1 tied first at 34,500: 500 each
    r = final(FinalRequest(rules="mleague", scores=[34_500, 34_500, 20_000, 10_000], riichi_sticks=1))
    assert [(p.seat, p.sticks) for p in r.placings[:2]] == [(0, 500), (1, 500)]
    # 4,500 + 500 + 20,000 uma + 10,000 oka = 35,000 each
    assert [p.final for p in r.placings[:2]] == [35_000, 35_000]
    # WRC: the stick is lost, the finals sum to −1,000
    wrc = final(FinalRequest(rules="wrc", scores=[45_000, 35_000, 25_000, 14_000], riichi_sticks=1))
    assert sum(p.final for p in wrc.placings) == -1_000


def test_chombo_penalty_comes_off_after_uma() -> None:
    # WRC: seat 1 is 2nd (+5,000 + 5,000 uma = 10,000) and loses 20,000: −10,000
    r = final(FinalRequest(rules="wrc", scores=[45_000, 35_000, 25_000, 15_000], penalties=[0, 20_000, 0, 0]))
    second = r.placings[1]
    assert (second.seat, second.uma, second.penalty, second.final) == (1, 5_000, 20_000, -10_000)


# --- runners-up: busting and nagashi ---------------------------------------------------------


def test_busting_ends_tenhou_and_not_wrc() -> None:
    # seat 0 holds 1,000 and deals in 3,900: −2,900
    tenhou = settle(request(ron(0, win(1, han=3, fu=30)), rules="tenhou", scores=[1_000, 25_000, 25_000, 49_000]))
    assert (tenhou.scores[0], tenhou.out, tenhou.end_reason) == (-2_900, [0], "bust")
    wrc = settle(request(ron(0, win(1, han=3, fu=30)), rules="wrc", scores=[1_000, 30_000, 30_000, 59_000]))
    assert (wrc.scores[0], wrc.out, wrc.game_over) == (-2_900, [], False)


def test_nagashi_paid_in_tenhou_and_refused_in_wrc() -> None:
    # seat 1 (non-dealer) nagashi mangan: a mangan tsumo, 4,000 from the dealer and 2,000 from the others
    r = settle(request(draw(tenpai=[], nagashi=[1]), rules="tenhou"))
    assert r.deltas == [-4_000, 8_000, -2_000, -2_000]
    with pytest.raises(InvalidHand) as exc:
        settle(request(draw(tenpai=[], nagashi=[1]), rules="wrc", scores=[30_000] * 4))
    assert fields(exc) == ["outcome.nagashi"]


# --- abortive draws --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "kind", "played"),
    [
        *[
            pytest.param("tenhou", k, True, id=f"tenhou-{k}")
            for k in ("kyuushu_kyuuhai", "suufon_renda", "suukaikan", "sanchahou")
        ],
        pytest.param("majsoul", "kyuushu_kyuuhai", True, id="majsoul-kyuushu"),
        pytest.param("majsoul", "sanchahou", False, id="majsoul-no-sanchahou"),
        pytest.param("wrc", "kyuushu_kyuuhai", False, id="wrc-none"),
        pytest.param("ema", "suukaikan", False, id="ema-none"),
        pytest.param("mleague", "suufon_renda", False, id="mleague-none"),
    ],
)
def test_abortive_draws_per_preset(preset: str, kind: str, played: bool) -> None:
    s = start(preset)
    req = request(Abortive(kind=kind), rules=preset, scores=[s, s, s, s - 2_000], honba=1, riichi_sticks=2, dealer=2)  # type: ignore[arg-type]
    if not played:
        with pytest.raises(InvalidHand) as exc:
            settle(req)
        assert fields(exc) == ["outcome.kind"]
        return
    r = settle(req)
    # nothing moves; the two sticks stay; honba 1 → 2; dealer 2 deals again
    assert (r.deltas, r.transfers, r.abortive) == ([0, 0, 0, 0], [], kind)
    assert (r.next_hand.dealer, r.next_hand.honba, r.next_hand.riichi_sticks) == (2, 2, 2)


def test_suucha_riichi_puts_four_sticks_on_the_table() -> None:
    r = settle(request(Abortive(kind="suucha_riichi"), rules="tenhou", riichi=[0, 1, 2, 3]))
    assert r.deltas == [-1_000] * 4
    assert (r.next_hand.dealer, r.next_hand.honba, r.next_hand.riichi_sticks) == (0, 1, 4)
    with pytest.raises(InvalidHand) as exc:
        settle(request(Abortive(kind="suucha_riichi"), rules="tenhou", riichi=[0, 1, 2]))
    assert fields(exc) == ["riichi"]


# --- chombo ----------------------------------------------------------------------------------


def test_chombo_per_preset() -> None:
    for preset in ("tenhou", "majsoul"):  # the clients make it impossible
        with pytest.raises(InvalidHand) as exc:
            settle(request(Chombo(seat=2), rules=preset))
        assert fields(exc) == ["outcome"]
    # standard (mangan): non-dealer seat 2 pays 4,000 to the dealer and 2,000 to each other
    r = settle(request(Chombo(seat=2), rules="standard", honba=1, riichi=[1], riichi_sticks=0))
    assert r.deltas == [4_000, 2_000, -8_000, 2_000]
    assert {t.kind for t in r.transfers} == {"chombo"}  # seat 1's riichi is void: no deposit
    assert (r.next_hand.dealer, r.next_hand.honba, r.next_hand.riichi_sticks) == (0, 1, 0)
    # the dealer as offender pays 4,000 to each
    assert settle(request(Chombo(seat=0), rules="standard")).deltas == [-12_000, 4_000, 4_000, 4_000]
    # WRC, EMA, M-League: nothing moves now; 20,000 comes off the final score
    for preset in ("wrc", "ema", "mleague"):
        s = start(preset)
        r = settle(request(Chombo(seat=2), rules=preset, scores=[s, s, s, s - 1_000], riichi_sticks=1, dealer=1))
        assert (r.deltas, r.penalties) == ([0, 0, 0, 0], [0, 0, 20_000, 0])
        assert (r.next_hand.dealer, r.next_hand.honba, r.next_hand.riichi_sticks) == (1, 0, 1)


# --- game end --------------------------------------------------------------------------------


def test_tenhou_all_last_agari_yame() -> None:
    # South 4 (dealer 3): the dealer tsumo 1 han 30 fu, 500 all: 30,000 → 31,500, first: the game ends
    r = settle(
        request(
            tsumo(3, han=1, fu=30), rules="tenhou", dealer=3, round_wind="S", scores=[20_000, 25_000, 25_000, 30_000]
        )
    )
    assert (r.scores, r.game_over, r.end_reason) == ([19_500, 24_500, 24_500, 31_500], True, "agari_yame")
    # the same win while seat 0 leads with 32,000: 25,500 is not first, the repeat is played
    r = settle(
        request(
            tsumo(3, han=1, fu=30), rules="tenhou", dealer=3, round_wind="S", scores=[32_000, 24_000, 20_000, 24_000]
        )
    )
    assert (r.game_over, r.next_hand.dealer, r.next_hand.honba, r.next_hand.round_wind) == (False, 3, 1, "S")


def test_tenhou_all_last_tenpai_yame() -> None:
    # South 4: the dealer alone tenpai, 1,000 from each: 31,000 → 34,000, first
    r = settle(
        request(draw(tenpai=[3]), rules="tenhou", dealer=3, round_wind="S", scores=[23_000, 23_000, 23_000, 31_000])
    )
    assert (r.scores[3], r.end_reason) == (34_000, "tenpai_yame")
    # WRC: no tenpai-yame, the South 4 repeat is played (start 30,000: 120,000 on the table)
    r = settle(
        request(draw(tenpai=[3]), rules="wrc", dealer=3, round_wind="S", scores=[28_000, 28_000, 28_000, 36_000])
    )
    assert (r.game_over, r.next_hand.dealer, r.next_hand.round_wind) == (False, 3, "S")


def test_tenhou_extension_into_west_ends_by_sudden_death() -> None:
    # South 4: seat 1 rons seat 2 for 1,000; nobody has 30,000 → West 1, dealer seat 0
    r = settle(
        request(
            ron(2, win(1, han=1, fu=30)),
            rules="tenhou",
            dealer=3,
            round_wind="S",
            scores=[28_000, 26_000, 24_000, 22_000],
        )
    )
    assert (r.scores, r.game_over) == ([28_000, 27_000, 23_000, 22_000], False)
    assert (r.next_hand.dealer, r.next_hand.round_wind) == (0, "W")
    # West 1: seat 1 rons seat 3 for 3,900: 30,900 → sudden death
    r = settle(request(ron(3, win(1, han=3, fu=30)), rules="tenhou", dealer=0, round_wind="W", scores=r.scores))
    assert (r.scores[1], r.game_over, r.end_reason) == (30_900, True, "sudden_death")


def test_tenhou_extension_dealer_repeat_is_played_first() -> None:
    # West 1: seats 0 (dealer) and 1 tenpai, 1,500 from each of seats 2 and 3: 30,500 and 31,000.
    # Seat 1 has 30,000 but the dealer repeats (not first): the repeat is played.
    r = settle(
        request(draw(tenpai=[0, 1]), rules="tenhou", dealer=0, round_wind="W", scores=[29_000, 29_500, 21_000, 20_500])
    )
    assert (r.scores, r.game_over, r.next_hand.dealer, r.next_hand.honba) == (
        [30_500, 31_000, 19_500, 19_000],
        False,
        0,
        1,
    )
    # the repeat ends in an abortive draw: nobody is in a repeat now and seat 1 has 31,000: game over
    r = settle(
        request(Abortive(kind="kyuushu_kyuuhai"), rules="tenhou", dealer=0, round_wind="W", honba=1, scores=r.scores)
    )
    assert (r.game_over, r.end_reason) == (True, "sudden_death")


def test_tenhou_stops_after_west_4_with_nobody_at_30000() -> None:
    # West 4 (dealer 3): seat 1 rons seat 2 for 1,000 → 28,000; nobody has 30,000, but West is over
    r = settle(
        request(
            ron(2, win(1, han=1, fu=30)),
            rules="tenhou",
            dealer=3,
            round_wind="W",
            scores=[29_000, 27_000, 25_000, 19_000],
        )
    )
    assert (max(r.scores), r.game_over, r.end_reason) == (29_000, True, "extension_over")
    assert r.next_hand.round_wind is None  # there is no North round to name
    # a West 4 dealer repeat still goes on (dealer tsumo 500 all: 20,500, not first)
    r = settle(
        request(
            tsumo(3, han=1, fu=30), rules="tenhou", dealer=3, round_wind="W", scores=[29_000, 27_000, 25_000, 19_000]
        )
    )
    assert (r.game_over, r.next_hand.round_wind, r.next_hand.honba) == (False, "W", 1)
    # there is no North round, and a tonpuu game has no West
    with pytest.raises(InvalidHand) as exc:
        settle(request(draw(), rules="wrc", round_wind="W", scores=[30_000] * 4))
    assert fields(exc) == ["round_wind"]
    with pytest.raises(InvalidHand) as exc:
        settle(request(draw(), rules="tenhou", round_wind="W", game=GameOptions(length="tonpuu")))
    assert fields(exc) == ["round_wind"]


def test_wrc_south_4_dealer_repeat_continues_and_the_pass_ends() -> None:
    # WRC South 4: the dealer, first with 50,000, wins 500 all: no agari-yame, the repeat is played
    scores = [20_000, 25_000, 25_000, 50_000]
    r = settle(request(tsumo(3, han=1, fu=30), rules="wrc", dealer=3, round_wind="S", scores=scores))
    assert (r.scores[3], r.game_over, r.next_hand.dealer, r.next_hand.honba) == (51_500, False, 3, 1)
    # seat 0 wins instead: the deal passes, South 4 was the last hand
    r = settle(request(ron(1, win(0, han=1, fu=30)), rules="wrc", dealer=3, round_wind="S", scores=scores))
    assert (r.game_over, r.end_reason) == (True, "last_hand")


def test_tenhou_south_4_pass_with_someone_at_30000_is_the_last_hand() -> None:
    r = settle(
        request(
            ron(2, win(1, han=1, fu=30)),
            rules="tenhou",
            dealer=3,
            round_wind="S",
            scores=[31_000, 26_000, 24_000, 19_000],
        )
    )
    assert (r.game_over, r.end_reason, r.placings is not None) == (True, "last_hand", True)
    # East 4 of a hanchan passes on to South 1: the game goes on
    r = settle(
        request(
            ron(2, win(1, han=1, fu=30)),
            rules="tenhou",
            dealer=3,
            round_wind="E",
            scores=[31_000, 26_000, 24_000, 19_000],
        )
    )
    assert (r.game_over, r.next_hand.dealer, r.next_hand.round_wind) == (False, 0, "S")

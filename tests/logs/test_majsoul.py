"""Mahjong Soul records: real single rounds (tests/logs/data, see SOURCES.md) replayed against their own
numbers, and rounds written by hand for the edge cases, every expected value worked out in the comment
beside it (majsoul preset: /docs/rulesets §1–§7, MS4 and MS3 columns)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import msgspec
import pytest

from service.logs import LogError, read_log, replay
from service.logs.majsoul import rules_of
from service.logs.record import Ankan, Call, Dora, Draw, Nukidora, Riichi

DATA = Path(__file__).parent / "data"


def tiles_of(text: str) -> list[str]:
    """``"1m2m"`` → ``["1m", "2m"]``."""
    return [text[i : i + 2] for i in range(0, len(text), 2)]


def rec(name: str, **data: Any) -> dict[str, Any]:
    return {"name": f".lq.Record{name}", "data": data}


def new_round(hands: list[str], dora: str, dealer: int = 0, ben: int = 0) -> dict[str, Any]:
    tiles = {f"tiles{s}": tiles_of(h) for s, h in enumerate(hands)}
    start = [25000 if len(hands) == 4 else 35000] * len(hands)
    return rec("NewRound", chang=0, ju=dealer, ben=ben, liqibang=0, scores=start, doras=[dora], **tiles)


def deal(seat: int, tile: str, **more: Any) -> dict[str, Any]:
    return rec("DealTile", seat=seat, tile=tile, **more)


def discard(seat: int, tile: str, **more: Any) -> dict[str, Any]:
    return rec("DiscardTile", seat=seat, tile=tile, **more)


def body(records: list[dict[str, Any]], mode: int = 2, detail: dict[str, Any] | None = None) -> bytes:
    head = {"uuid": "hand-written", "config": {"category": 1, "mode": {"mode": mode, "detail_rule": detail or {}}}}
    return json.dumps({"head": head, "data": records}).encode()


# --- real records ------------------------------------------------------------------------------------------


def test_real_sanma_tenhou_with_honba() -> None:
    # South-game sanma (mode 12), East 2 honba 1, dealer seat 1 wins on its 14 dealt tiles: tenhou (fan 35),
    # a yakuman tsumo paid 16,000 by each of the two others (tsumo loss) + 100 a honba each
    log = read_log((DATA / "riichienv_mjsoul_heavenly_hand.json").read_bytes())
    assert (log.format, log.players, log.rules["preset"]) == ("majsoul", 3, "majsoul_sanma")
    result = replay(log)
    assert result.agrees
    round_ = result.rounds[0]
    assert round_.scores == [25000 - 16100, 50000 + 32200, 30000 - 16100] == [8900, 82200, 13900]
    assert round_.wins[0].situation == ["tenhou"]
    assert round_.wins[0].yakuman == 1


def test_real_four_player_honitsu_tsumo() -> None:
    # East 1, seat 1 (South) tsumo with 2z and 5z pons and a 7p-8p-9p chi: honitsu 2 (open), seat wind 1, haku 1,
    # dora 1 (5p indicator, 6p held) = 5 han, a non-dealer mangan tsumo 2,000 / 4,000
    result = replay(read_log((DATA / "riichienv_mjsoul_corpus_validation.json").read_bytes()))
    assert result.agrees
    win = result.rounds[0].wins[0]
    assert (win.han, win.points) == (5, 8000)
    assert sorted((y.id, y.han) for y in win.yaku) == [("dora", 1), ("haku", 1), ("honitsu", 2), ("seat_wind", 1)]
    assert result.rounds[0].scores == [21000, 33000, 23000, 23000]


def test_real_last_round_draw_with_a_stick_left_for_first_place() -> None:
    # South 4, dealer seat 3: seat 0 declared riichi (−1,000) and is the only seat tenpai at the exhaustive draw:
    # +3,000 from the three others (1,000 each); the dealer is noten, so the game ends; the stick left on the
    # table goes to first place (seat 2, 42,000 → 43,000), the final scores RiichiEnv kept from the real game
    result = replay(read_log((DATA / "riichienv_mjsoul_final_deposits.json").read_bytes()))
    assert result.agrees
    round_ = result.rounds[0]
    assert round_.tenpai == [0]
    assert round_.deltas == [2000, -1000, -1000, -1000]
    assert round_.game_over
    assert result.final is not None
    by_seat = sorted(result.final.placings, key=lambda p: p.seat)
    assert [p.score + p.sticks for p in by_seat] == [7400, 30300, 43000, 19300]
    assert [p.final for p in by_seat] == [-32600, 10300, 33000, -10700]  # (score − 25,000)/1,000 + 15/5/−5/−15


# --- rounds written by hand --------------------------------------------------------------------------------

RIICHI_DEALT_IN = [
    new_round(["1m1m1m9p9p9p1s1s1s9s9s3z4z4z", "2m3m4m4p0p6p6s7s8s2s3s4s5z", "1p2p3p7m8m5m5m3s3s6z6z7z5z",
               "2p2p3p7p8p1z2z3z6m7m8m9m9m"], dora="9m"),
    discard(0, "3z"),
    deal(1, "9m"),
    discard(1, "9m", is_wliqi=True, moqie=True),
    deal(2, "2z"),
    discard(2, "5z"),
    rec("Hule", hules=[{"seat": 1, "hand": tiles_of("2m3m4m4p0p6p6s7s8s2s3s4s5z"), "hu_tile": "5z", "liqi": True,
        "li_doras": ["4p"], "count": 5, "fu": 40, "point_rong": 8000, "fans": [
            {"id": 18, "val": 2}, {"id": 30, "val": 1}, {"id": 32, "val": 1}, {"id": 33, "val": 1}]}],
        old_scores=[25000, 24000, 25000, 25000], delta_scores=[0, 9000, -8000, 0], scores=[25000, 33000, 17000, 25000]),
]  # fmt: skip


def test_riichi_then_dealt_in_with_a_red_five_and_ura() -> None:
    # seat 1 declares riichi with its first discard, 9m, before any call: double riichi (its stick: −1,000); seat 2
    # deals in 5z on the next discard: double riichi 2, ippatsu 1, aka 1 (0p), ura 1 (indicator 4p → 5p, the 0p)
    # = 5 han: a mangan, 8,000; seat 1 takes its own stick back: +8,000 on the round
    log = read_log(body(RIICHI_DEALT_IN))
    assert isinstance(log.rounds[0].events[3], Riichi)  # after the dealt 14th tile, 3z, and 9m drawn
    result = replay(log)
    assert result.agrees, result.rounds[0].differences
    round_ = result.rounds[0]
    assert round_.riichi == [1]
    assert round_.deltas == [0, 8000, -8000, 0]
    assert round_.wins[0].situation == ["double_riichi", "ippatsu"]
    assert round_.wins[0].ura_indicators == "4p"


def test_double_ron() -> None:
    # the dealer's first discard 7p: seat 1 (234m 456p 678s 234s 7p) tanyao, 1 han 40 fu (30 + 2 tanki → 40):
    # 1,300; seat 2 (345m 345p 567s 345s 7p) tanyao 1 + sanshoku 2, 3 han 40 fu: 5,200; the dealer pays both
    records = [
        new_round(["7p1m1m1m9m9m1s1s9s9s9s1z1z2z", "2m3m4m4p5p6p6s7s8s2s3s4s7p", "3m4m5m3p4p5p5s6s7s3s4s5s7p",
                   "1p1p1p9p9p3z3z4z4z5z5z6z7z"], dora="8m"),
        discard(0, "7p"),
        rec("Hule", hules=[
            {"seat": 1, "hand": tiles_of("2m3m4m4p5p6p6s7s8s2s3s4s7p"), "hu_tile": "7p", "count": 1, "fu": 40,
             "point_rong": 1300, "fans": [{"id": 12, "val": 1}]},
            {"seat": 2, "hand": tiles_of("3m4m5m3p4p5p5s6s7s3s4s5s7p"), "hu_tile": "7p", "count": 3, "fu": 40,
             "point_rong": 5200, "fans": [{"id": 12, "val": 1}, {"id": 17, "val": 2}]}],
            scores=[18500, 26300, 30200, 25000]),
    ]  # fmt: skip
    result = replay(read_log(body(records)))
    assert result.agrees, result.rounds[0].differences
    assert [w.points for w in result.rounds[0].wins] == [1300, 5200]
    assert result.rounds[0].deltas == [-6500, 1300, 5200, 0]


def test_triple_ron_is_paid_to_all_three() -> None:
    # majsoul has no sanchahou (/docs/rulesets §4 Triple ron): the two wins of the double ron above, and seat 3
    # (111p 999p 333z 44z 56p) on 7p: honitsu 3 + sanankou 2 = 5 han, a mangan, 8,000 (fu 20 + 10 closed ron
    # + 8 + 8 + 8 three concealed terminal or honour triplets + 2 seat-wind pair = 56 → 60); the dealer pays
    # 1,300 + 5,200 + 8,000
    records = [
        new_round(["7p1m1m1m9m9m1s1s9s9s9s1z1z2z", "2m3m4m4p5p6p6s7s8s2s3s4s7p", "3m4m5m3p4p5p5s6s7s3s4s5s7p",
                   "1p1p1p9p9p9p3z3z3z4z4z5p6p"], dora="8m"),
        discard(0, "7p"),
        rec("Hule", hules=[
            {"seat": 1, "hand": tiles_of("2m3m4m4p5p6p6s7s8s2s3s4s7p"), "hu_tile": "7p", "count": 1, "fu": 40,
             "point_rong": 1300, "fans": [{"id": 12, "val": 1}]},
            {"seat": 2, "hand": tiles_of("3m4m5m3p4p5p5s6s7s3s4s5s7p"), "hu_tile": "7p", "count": 3, "fu": 40,
             "point_rong": 5200, "fans": [{"id": 12, "val": 1}, {"id": 17, "val": 2}]},
            {"seat": 3, "hand": tiles_of("1p1p1p9p9p9p3z3z3z4z4z5p6p"), "hu_tile": "7p", "count": 5, "fu": 60,
             "point_rong": 8000, "fans": [{"id": 27, "val": 3}, {"id": 22, "val": 2}]}],
            scores=[10500, 26300, 30200, 33000]),
    ]  # fmt: skip
    result = replay(read_log(body(records)))
    assert result.agrees, result.rounds[0].differences
    assert result.rounds[0].deltas == [-14500, 1300, 5200, 8000]


def test_pao_daisangen_ron() -> None:
    # seat 1 pons 5z (from seat 0), 6z (seat 2) and the third dragon 7z from seat 3: seat 3 is liable; seat 1 then
    # rons the dealer's 4p (tanki): a non-dealer yakuman, 32,000, half from the liable seat 3 and half from the
    # discarder seat 0 (majsoul: /docs/rulesets §4 Pao on ron)
    records = [
        new_round(["5z1m1m1m9m9m9m1s1s1s9p9p2z2z", "5z5z6z6z7z7z2m3m4m4p9s9s8s", "6z1p1p1p2p2p2p3p3p3p7m7m8m",
                   "7z6p6p6p7p7p7p8p8p8p5m5m6m"], dora="1p"),
        discard(0, "5z"),
        rec("ChiPengGang", seat=1, type=1, tiles=tiles_of("5z5z5z"), froms=[1, 1, 0]),
        discard(1, "8s"),
        deal(2, "1z"), discard(2, "6z"),
        rec("ChiPengGang", seat=1, type=1, tiles=tiles_of("6z6z6z"), froms=[1, 1, 2]),
        discard(1, "9s"),
        deal(2, "1z"), discard(2, "1z"),
        deal(3, "2z"), discard(3, "7z"),
        rec("ChiPengGang", seat=1, type=1, tiles=tiles_of("7z7z7z"), froms=[1, 1, 3]),
        discard(1, "9s"),
        deal(2, "3z"), discard(2, "3z"),
        deal(3, "4z"), discard(3, "4z"),
        deal(0, "4p"), discard(0, "4p"),
        rec("Hule", hules=[{"seat": 1, "hand": tiles_of("2m3m4m4p"), "hu_tile": "4p", "yiman": True, "count": 1,
                            "point_rong": 32000, "fans": [{"id": 37, "val": 1}]}],
            scores=[9000, 57000, 25000, 9000]),
    ]  # fmt: skip
    log = read_log(body(records))
    assert log.rounds[0].wins[0].pao == 3
    assert sum(isinstance(e, Call) for e in log.rounds[0].events) == 3
    result = replay(log)
    assert result.agrees, result.rounds[0].differences
    assert result.rounds[0].deltas == [-16000, 32000, 0, -16000]


def test_a_robbed_added_kan() -> None:
    # seat 2 pons the dealer's 7p, draws the fourth 7p and adds it: seat 1 (234m 678s 234s 89p 11z) robs it:
    # chankan 1 han; fu 20 + 10 closed ron + 2 edge wait + 2 East pair (the round wind) = 34 → 40: 1,300 from seat 2
    records = [
        new_round(["7p1m1m1m9m9m9m1s1s1s9s9s3z4z", "2m3m4m6s7s8s2s3s4s8p9p1z1z", "7p7p2p2p2p3p3p3p4p4p4p6m7m",
                   "5z5z5z6z6z6z7z7z7z2z2z2z3z"], dora="8m"),
        discard(0, "7p"),
        rec("ChiPengGang", seat=2, type=1, tiles=tiles_of("7p7p7p"), froms=[2, 2, 0]),
        discard(2, "6m"),
        deal(3, "8m"), discard(3, "8m", moqie=True),
        deal(0, "2z"), discard(0, "2z", moqie=True),
        deal(1, "9s"), discard(1, "9s", moqie=True),
        deal(2, "7p"),
        rec("AnGangAddGang", seat=2, type=2, tiles="7p"),
        rec("Hule", hules=[{"seat": 1, "hand": tiles_of("2m3m4m6s7s8s2s3s4s8p9p1z1z"), "hu_tile": "7p", "count": 1,
                            "fu": 40, "point_rong": 1300, "fans": [{"id": 3, "val": 1}]}],
            scores=[25000, 26300, 23700, 25000]),
    ]  # fmt: skip
    log = read_log(body(records))
    assert log.rounds[0].wins[0].from_seat == 2
    result = replay(log)
    assert result.agrees, result.rounds[0].differences
    assert result.rounds[0].wins[0].situation == ["chankan"]


def test_closed_kan_its_dora_and_a_rinshan_tsumo() -> None:
    # the dealer declares a closed kan of 1m (the new indicator 2s shown at once: 3s is dora), draws 9p from the
    # dead wall and wins: menzen tsumo 1, rinshan 1, dora 1 = 3 han; fu 20 + 2 tsumo + 32 closed terminal kan
    # + 2 pair wait = 56 → 60; base 60 × 2^5 = 1,920, a dealer tsumo of 3,900 from each: 11,700
    records = [
        new_round(["1m1m1m1m2p3p4p6p7p8p3s4s5s9p", "1p1p1p5z5z5z6z6z6z7z7z2z3z", "9m9m9m1s1s1s9s9s9s1z1z1z4z",
                   "2m2m2m3m3m3m4m4m5m5m6m6m7m"], dora="8m"),
        rec("AnGangAddGang", seat=0, type=3, tiles="1m", doras=["8m", "2s"]),
        deal(0, "9p"),
        rec("Hule", hules=[{"seat": 0, "zimo": True, "hand": tiles_of("2p3p4p6p7p8p3s4s5s9p"),
                            "ming": ["angang(1m,1m,1m,1m)"], "hu_tile": "9p", "count": 3, "fu": 60,
                            "point_zimo_xian": 3900,
                            "fans": [{"id": 1, "val": 1}, {"id": 4, "val": 1}, {"id": 31, "val": 1}]}],
            scores=[36700, 21100, 21100, 21100]),
    ]  # fmt: skip
    log = read_log(body(records))
    assert [type(e) for e in log.rounds[0].events] == [Draw, Ankan, Dora, Draw]
    result = replay(log)
    assert result.agrees, result.rounds[0].differences
    win = result.rounds[0].wins[0]
    assert (win.han, win.fu, win.points) == (3, 60, 11700)
    assert "rinshan" in win.situation


def test_an_open_kan_dora_turned_after_the_discard_counts_for_a_ron_on_it() -> None:
    # seat 1 calls an open kan on the dealer's 3z, draws 7p from the dead wall and discards it; the new indicator
    # 2p is shown with that discard (majsoul: /docs/rulesets §1 Kan-dora reveal), so seat 2's ron on the 7p counts
    # 3p as dora: tanyao 1 + dora 2 (3p 3p) = 3 han; fu 20 + 10 closed ron + 2 closed wait = 32 → 40: 5,200
    records = [
        new_round(["3z1p1p1p9p9p9p5z5z5z6z6z7z7z", "3z3z3z1m1m1m9m9m1s1s9s9s4z", "3p3p4m5m6m6s7s8s2s3s4s6p8p",
                   "2m2m2m3m3m3m7m7m7m8m8m4z4z"], dora="9m"),
        discard(0, "3z"),
        rec("ChiPengGang", seat=1, type=2, tiles=tiles_of("3z3z3z3z"), froms=[1, 1, 1, 0]),
        deal(1, "7p"),
        discard(1, "7p", moqie=True, doras=["9m", "2p"]),
        rec("Hule", hules=[{"seat": 2, "hand": tiles_of("3p3p4m5m6m6s7s8s2s3s4s6p8p"), "hu_tile": "7p", "count": 3,
                            "fu": 40, "point_rong": 5200, "fans": [{"id": 12, "val": 1}, {"id": 31, "val": 2}]}],
            scores=[25000, 19800, 30200, 25000]),
    ]  # fmt: skip
    log = read_log(body(records))
    assert [type(e).__name__ for e in log.rounds[0].events[2:]] == ["Call", "Draw", "Discard", "Dora"]
    result = replay(log)
    assert result.agrees, result.rounds[0].differences
    assert result.rounds[0].wins[0].dora_indicators == "9m2p"


def test_three_players_a_north_set_aside() -> None:
    # sanma (mode 12): after a go-around the dealer draws a North, sets it aside, draws 4s from the dead wall and wins
    # 123p 456p 789p 11s 345s (a closed wait): menzen tsumo 1, rinshan 1, ittsu 2, nukidora 1 = 5 han, a dealer
    # mangan tsumo, 4,000 from each of the two others (tsumo loss)
    records = [
        new_round(["9m1p2p3p4p5p6p7p8p9p1s1s3s5s", "1m1m1m9m9m9m1z1z1z2z2z2z3z", "5z5z5z6z6z6z7z7z7z9s9s9s3z"],
                  dora="1s"),
        discard(0, "9m"), deal(1, "1z"), discard(1, "1z"), deal(2, "3z"), discard(2, "3z"), deal(0, "4z"),
        rec("BaBei", seat=0),
        deal(0, "4s"),
        rec("Hule", hules=[{"seat": 0, "zimo": True, "hand": tiles_of("1p2p3p4p5p6p7p8p9p1s1s3s5s"), "hu_tile": "4s",
                            "count": 5, "fu": 30, "point_zimo_xian": 4000, "fans": [
                                {"id": 1, "val": 1}, {"id": 4, "val": 1}, {"id": 16, "val": 2}, {"id": 34, "val": 1}]}],
            scores=[43000, 31000, 31000]),
    ]  # fmt: skip
    log = read_log(body(records, mode=12))
    assert log.players == 3
    assert log.rules["preset"] == "majsoul_sanma"
    assert isinstance(log.rounds[0].events[7], Nukidora)
    result = replay(log)
    assert result.agrees, result.rounds[0].differences
    assert result.rounds[0].wins[0].points == 8000


def test_nagashi_mangan_at_the_exhaustive_draw() -> None:
    # a whole round in which every seat discards the tile it draws; seat 1 draws only terminals and honours
    # (the wall is shuffled with a fixed seed, fives left in the dead wall), the others some simples: at the
    # 70th draw seat 1 has nagashi mangan, paid as a non-dealer mangan tsumo: 4,000 from the dealer, 2,000 from
    # each other seat, no tenpai payments (/docs/rulesets §4 Nagashi mangan payment)
    rng = random.Random(0)
    kinds = [f"{n}{s}" for s in "mps" for n in "12346789"] + [f"{n}z" for n in "1234567"]
    terminal = [k for k in kinds if k[1] == "z" or k[0] in "19" for _ in range(4)]
    simple = [k for k in kinds if not (k[1] == "z" or k[0] in "19") for _ in range(4)]
    rng.shuffle(terminal)
    seat_1_draws = iter(terminal[:18])
    rest = terminal[18:] + simple
    rng.shuffle(rest)
    hands, rest = [rest[i * 13 : i * 13 + 13] for i in range(4)], rest[52:]
    first = rest.pop()
    records = [
        rec("NewRound", chang=0, ju=0, ben=0, liqibang=0, scores=[25000] * 4, doras=[rest.pop()],
            tiles0=[*hands[0], first], tiles1=hands[1], tiles2=hands[2], tiles3=hands[3]),
        discard(0, first, moqie=True),
    ]  # fmt: skip
    for seat in ([1, 2, 3, 0] * 18)[:69]:  # 69 draws after the dealer's 14th tile: the wall's 70
        tile = next(seat_1_draws) if seat == 1 else rest.pop()
        records += [deal(seat, tile), discard(seat, tile, moqie=True)]
    records.append(
        rec("NoTile", liujumanguan=True, players=[{"tingpai": False}] * 4,
            scores=[{"seat": 1, "old_scores": [25000] * 4, "delta_scores": [-4000, 8000, -2000, -2000]}])
    )  # fmt: skip
    result = replay(read_log(body(records)))
    round_ = result.rounds[0]
    assert round_.draw_kind == "nagashi_mangan"
    assert round_.nagashi == [1]
    assert round_.deltas == [-4000, 8000, -2000, -2000]
    assert result.agrees, round_.differences


ABORTIVE_HANDS = ["1m9m1p9p1s9s1z2z3z4z5z6z7z2z", "2m3m4m4p5p6p6s7s8s2s3s4s7p", "3m4m5m3p4p5p5s6s7s3s4s5s8p",
                  "2p2p2p7p8p6m6m7m7m8m8m2s2s"]  # fmt: skip
# each riichi of the suucha_riichi case leaves a tenpai hand: kokushi (13 waits), 7p, 8p and 6p-9p


@pytest.mark.parametrize(
    ("kind", "name", "moves", "deltas"),
    [
        # the dealer's 14 dealt tiles hold 13 kinds of terminals and honours: no points move
        (1, "kyuushu_kyuuhai", [], [0, 0, 0, 0]),
        # East discarded by all four on the first go-around: no points move
        (2, "suufon_renda", [discard(0, "1z"), deal(1, "1z"), discard(1, "1z"), deal(2, "1z"), discard(2, "1z"),
                             deal(3, "1z"), discard(3, "1z")], [0, 0, 0, 0]),
        # four riichi declarations: each stick deposited (−1,000 each), nothing else moves
        (3, "suucha_riichi", [discard(0, "2z", is_liqi=True), deal(1, "9p"), discard(1, "9p", is_liqi=True),
                              deal(2, "1p"), discard(2, "1p", is_liqi=True), deal(3, "9s"),
                              discard(3, "9s", is_liqi=True)], [-1000] * 4),
    ],
)  # fmt: skip
def test_abortive_draws(kind: int, name: str, moves: list[dict[str, Any]], deltas: list[int]) -> None:
    # an abortive draw: the dealer keeps the seat with one more honba (/docs/rulesets §5)
    records = [new_round(ABORTIVE_HANDS, dora="8m"), *moves, rec("LiuJu", type=kind)]
    result = replay(read_log(body(records)))
    round_ = result.rounds[0]
    assert (round_.draw_kind, round_.deltas) == (name, deltas)
    assert result.agrees, round_.differences


@pytest.mark.parametrize(("kind", "name"), [(4, "suukaikan"), (5, "sanchahou")])
def test_other_abortive_kinds_are_read(kind: int, name: str) -> None:
    log = read_log(body([new_round(ABORTIVE_HANDS, dora="8m"), rec("LiuJu", type=kind)]))
    assert log.rounds[0].draw is not None
    assert log.rounds[0].draw.kind == name


def test_the_actions_form_and_the_final_result() -> None:
    # the current download form: actions, results of type 1 (inputs skipped), head.result per seat
    actions = [{"type": 3, "user_event": {"seat": 1}}] + [{"type": 1, "result": r} for r in RIICHI_DEALT_IN]
    document = {
        "head": {"config": {"mode": {"mode": 1}}, "accounts": [{"seat": 1, "nickname": "B"}],
                 "result": {"players": [{"seat": s, "part_point_1": p, "total_point": t} for s, p, t in
                                        ((1, 33000, 23000), (0, 25000, 5000), (3, 25000, -5000), (2, 17000, -23000))]}},
        "data": {"name": ".lq.GameDetailRecords", "data": {"version": 210715, "actions": actions}},
    }  # fmt: skip
    log = read_log(json.dumps(document).encode())
    assert log.names == ["", "B", "", ""]
    assert log.final_scores == [25000, 33000, 17000, 25000]
    assert log.final_points == [5000, 23000, -23000, -5000]
    assert log.rules == {"preset": "majsoul", "length": "tonpuu"}
    # the service plays on (East 2 next), so the log's end is a difference, not an error
    result = replay(log)
    assert [d.field for d in result.rounds[0].differences] == ["game_over"]


def test_detail_rule_gives_the_rules_and_the_caller_wins() -> None:
    detail = {"init_point": 30000, "dora_count": 0, "shiduan": 0, "can_jifei": False, "have_qieshangmanguan": True,
              "noting_fafu_1": 1000, "noting_fafu_2": 1500, "noting_fafu_3": 3000, "changbang_value": 300,
              "liqibang_value": 1000, "fandian": 30000}  # fmt: skip
    assert rules_of({"config": {"mode": {"mode": 2, "detail_rule": detail}}}, 4) == {
        "preset": "majsoul", "length": "hanchan", "start_points": 30000, "aka": False, "kuitan": False,
        "bust": "none", "kiriage_mangan": True, "riichi_deposit": 1000, "honba": 300, "noten_payment": 3000,
    }  # fmt: skip
    # noten payments the service has no value for (1,000 in all) are left to the preset
    assert "noten_payment" not in rules_of(
        {
            "config": {
                "mode": {"mode": 2, "detail_rule": {"noting_fafu_1": 333, "noting_fafu_2": 500, "noting_fafu_3": 1000}}
            }
        },
        4,
    )
    result = replay(read_log(body(RIICHI_DEALT_IN, detail={"init_point": 25000, "dora_count": 0})), rules="tenhou")
    assert result.rules["preset"] == "tenhou"


# --- bad records -------------------------------------------------------------------------------------------


def _bad(records: list[dict[str, Any]]) -> LogError:
    with pytest.raises(LogError) as caught:
        replay(read_log(body(records)))
    return caught.value


def test_bad_records_name_the_round_and_the_record() -> None:
    truncated = _bad(RIICHI_DEALT_IN[:-1])
    assert truncated.field == "log.rounds[0]"
    assert "no end" in truncated.message
    bad_tile = _bad([*RIICHI_DEALT_IN[:3], discard(1, "8z"), *RIICHI_DEALT_IN[4:]])
    assert bad_tile.field == "log.rounds[0].events[3]"
    assert "RecordDiscardTile (record 3)" in bad_tile.message
    not_held = _bad([*RIICHI_DEALT_IN[:5], discard(2, "9p"), *RIICHI_DEALT_IN[6:]])
    assert not_held.field.startswith("log.rounds[0].events[")
    assert "does not hold 9p" in not_held.message
    bad_call = _bad(
        [*RIICHI_DEALT_IN[:2], rec("ChiPengGang", seat=1, type=1, tiles=tiles_of("3z3z3z"), froms=[1, 1, 1])]
    )
    assert "froms" in bad_call.message
    with pytest.raises(LogError, match="protobuf"):
        read_log(json.dumps({"head": {}, "data": {"data": {"records": ["CgRhYmNk"]}}}).encode())
    with pytest.raises(LogError, match="protobuf"):
        read_log(json.dumps({"head": {}, "data": "CgRhYmNk"}).encode())
    with pytest.raises(LogError, match="not a JSON Mahjong Soul record"):
        read_log(b'{"head": {"uuid": 1}, "data": [')


@pytest.mark.parametrize(
    ("raised", "expected"),
    [
        (KeyError("hules"), "RecordHule (record 6) has no hules"),
        (AttributeError("'NoneType' object has no attribute 'get'"), "a field holds a value of another kind"),
        (IndexError("list index out of range"), "a field holds a value of another kind"),
    ],
)
def test_a_record_no_check_caught_is_refused_in_plain_words(
    monkeypatch: pytest.MonkeyPatch, raised: Exception, expected: str
) -> None:
    """The decoders' own checks name most faults; what slips past them (here forced: the win's handler raises
    Python's own error) is still refused in words a user reads, naming the record, never Python's text."""
    from service.logs import majsoul

    def broken(decoder: object, data: object, what: str) -> None:
        raise raised

    monkeypatch.setitem(majsoul._HANDLERS, "Hule", broken)
    error = _bad(RIICHI_DEALT_IN)
    assert expected in error.message
    assert "NoneType" not in error.message
    assert "index out of range" not in error.message
    assert error.field.startswith("log.rounds[0]")


def test_the_documented_example_gives_the_documented_answer() -> None:
    # /docs/logs §Mahjong Soul: the record block replays to the round the answer block shows
    text = (Path(__file__).parents[2] / "service" / "docs" / "logs.md").read_text(encoding="utf-8")
    section = text.split("## Mahjong Soul", 1)[1].split("\n## ", 1)[0]
    record, answer = (block.split("\n```", 1)[0] for block in section.split("```json\n")[1:3])
    result = msgspec.to_builtins(replay(read_log(record.encode())))
    shown = json.loads(answer)
    round_ = result["rounds"][0]
    assert {k: round_[k] for k in shown if k != "wins"} == {k: v for k, v in shown.items() if k != "wins"}
    assert {k: round_["wins"][0][k] for k in shown["wins"][0]} == shown["wins"][0]


def test_scores_that_do_not_add_up_are_a_final_difference_not_an_error() -> None:
    # a cut or edited record: 99,000 points on a 4 × 25,000 table; the settlement and the final standings the
    # service cannot give are listed as differences, the answer is still given
    records = json.loads(body(RIICHI_DEALT_IN))["data"]
    records[0]["data"]["scores"] = [25000, 25000, 25000, 24000]
    records[-1]["data"]["scores"] = [25000, 33000, 17000, 24000]
    result = replay(read_log(body(records)))
    assert result.rounds[0].differences[0].field == "settle"
    assert result.final is None
    assert [d.field for d in result.final_differences] == ["final"]
    assert "100,000" in str(result.final_differences[0].service)


def test_a_bare_list_of_records_named_as_majsoul() -> None:
    # a JSON array is read as mjai unless the caller names the format; records without ".lq.Record" are read too
    records = [{"name": r["name"].removeprefix(".lq.Record"), "data": r["data"]} for r in RIICHI_DEALT_IN]
    text = json.dumps(records).encode()
    with pytest.raises(LogError):
        read_log(text)  # mjai: not mjai events
    log = read_log(text, "majsoul")
    assert (log.format, log.rules) == ("majsoul", {"preset": "majsoul"})
    assert replay(log).rounds[0].scores == [25000, 33000, 17000, 25000]

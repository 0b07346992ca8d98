"""tenhou.net/6 JSON: the decoder by hand (tiles, call strings, results, rules) and real logs replayed
(tests/logs/data/SOURCES.md names where each comes from): every round's numbers equal the log's own."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from service.logs import LogError, read_log, replay
from service.logs.record import Ankan, Call, Discard, Dora, Kakan, Riichi
from service.logs.tenhou6 import _out, _take, tile

DATA = Path(__file__).parent / "data" / "tenhou6"
REAL = sorted(DATA.glob("*.json"))
PINNED = {"confusing_nakis_1.json"}


def _read(name: str) -> bytes:
    return (DATA / name).read_bytes()


def test_tiles_by_hand() -> None:
    assert [tile(11), tile(19), tile(25), tile(39), tile(41), tile(47), tile(51), tile(52), tile(53)] == [
        "1m", "9m", "5p", "9s", "1z", "7z", "0m", "0p", "0s",
    ]  # fmt: skip
    for bad in (10, 20, 48, 54, 60, "11", None, True):
        with pytest.raises(LogError):
            tile(bad)


def test_call_strings_by_hand() -> None:
    where = (0, None)
    # chi: c, the called tile, then the two from the hand; always from the previous seat (offset 3)
    chi = _take("c275226", where)
    assert (chi.call, chi.tile, chi.offset, chi.own) == ("chi", "7p", 3, ("0p", "6p"))
    # pon: the letter's place says from whom (first: previous seat, after one tile: across, last: next)
    assert [(t.tile, t.offset) for t in map(lambda s: _take(s, where), ["p474747", "18p1818", "4747p47"])] == [
        ("7z", 3), ("8m", 2), ("7z", 1),
    ]  # fmt: skip
    kan = _take("222222m22", where)
    assert (kan.call, kan.tile, kan.offset, kan.own) == ("daiminkan", "2p", 1, ("2p", "2p", "2p"))
    assert _take("m39393939", where).offset == 3
    assert _take("39m393939", where).offset == 2
    # added kan: the pon's string with p → k + the added tile; closed kan: three tiles, a, the fourth
    assert (_out("31k513131", where).kind, _out("31k513131", where).tile) == ("kakan", "0m")
    assert _out("121212a12", where).tiles == ("2m", "2m", "2m", "2m")
    riichi = _out("r60", where)
    assert (riichi.kind, riichi.tile, riichi.riichi) == ("discard", None, True)
    assert _out(0, where).kind == "skip"
    assert _out("f44", where).tile == "4z"
    for bad in ("x11", "c2752", "1p1111", "12k1212", "pp1111"):
        with pytest.raises(LogError):
            _take(bad, where) if "k" not in bad else _out(bad, where)


@pytest.mark.parametrize("path", [p for p in REAL if p.name not in PINNED], ids=lambda p: p.stem)
def test_every_real_log_replays_as_it_records(path: Path) -> None:
    game = read_log(path.read_bytes())
    assert game.format == "tenhou6"
    result = replay(game)
    assert [(r.index, r.differences) for r in result.rounds if r.differences] == []
    assert result.final_differences == []
    assert result.agrees


def test_the_real_logs_cover_the_edge_cases() -> None:
    games = {p.name: read_log(p.read_bytes()) for p in REAL}
    kinds = {r.draw.kind for g in games.values() for r in g.rounds if r.draw is not None}
    assert {"exhaustive", "kyuushu_kyuuhai", "suucha_riichi"} <= kinds
    assert sum(len(r.wins) > 1 for g in games.values() for r in g.rounds) == 2  # double_ron, suukantsu_1
    assert sum(r.wins[0].yakuman for g in games.values() for r in g.rounds if r.wins) == 2  # two suukantsu


def test_double_ron_on_a_riichi_declaration() -> None:
    game = read_log(_read("double_ron.json"))
    (round_log,) = game.rounds
    assert [(w.seat, w.from_seat, w.points, w.han, w.fu) for w in round_log.wins] == [
        (0, 3, 12000, 6, None),  # 跳満: 立直 1 + ドラ 3 + 赤ドラ 2 = 6 han
        (2, 3, 2000, 2, 30),
    ]
    # seat 3 declared riichi (r17) and was won on that very tile: its stick was never deposited, so the
    # deltas are the result's own: seat 0 12,000 + its own stick 1,000; seat 2 2,000; seat 3 −14,000
    assert isinstance(round_log.events[-2], Riichi)
    assert round_log.events[-2].seat == 3
    assert round_log.deltas == [13000 - 1000, 0, 2000, -14000]
    result = replay(game)
    assert result.rounds[0].scores == [41800 + 12000, 26300, 37400 + 2000, 14500 - 14000]
    assert [w.situation for w in result.rounds[0].wins] == [["riichi"], []]


def test_two_winners_one_a_yakuman_of_four_kans() -> None:
    game = read_log(_read("suukantsu_1.json"))
    second = game.rounds[1]
    # five dora indicators [24, 11, 15, 41, 28]: the first, then one revealed by each of the four kans
    assert second.dora == "4p"
    assert [e.indicator for e in second.events if isinstance(e, Dora)] == ["1m", "5m", "1z", "8p"]
    assert (
        sum(isinstance(e, (Ankan, Kakan)) or (isinstance(e, Call) and e.kind == "daiminkan") for e in second.events)
        == 4
    )
    yakuman, baiman = second.wins
    assert (yakuman.seat, yakuman.yakuman, yakuman.points, yakuman.yaku) == (3, 1, 32000, (("suukantsu", 13),))
    assert (baiman.seat, baiman.han, baiman.points) == (0, 8, 16000)  # 立直 1 + 白 1 + ドラ 2 + 裏ドラ 4
    assert replay(game).rounds[1].scores == [
        23000 - 1000 + 16000,  # seat 0 declared riichi (its stick) and won 16,000
        29000,
        24000 - 32000 - 16000,  # the discarder pays both
        24000 + 32000 + 1000,  # the first winner from the discarder takes the stick
    ]  # the log's own "sc": 38,000 / 29,000 / −24,000 / 57,000


def test_chankan_and_rinshan_from_the_event_order() -> None:
    chankan = replay(read_log(_read("chankan.json"))).rounds[0].wins[0]
    assert chankan.situation == ["chankan"]
    assert chankan.points == 8000 == chankan.log_points
    rinshan = replay(read_log(_read("rinshan.json"))).rounds[0].wins[0]
    assert "rinshan" in rinshan.situation
    assert rinshan.points == 8000


def test_draws_as_the_log_names_them() -> None:
    exhaustive = read_log(_read("ryukyoku.json")).rounds[0]
    assert exhaustive.draw is not None
    assert exhaustive.draw.tenpai == (0, 1)
    four = read_log(_read("four_reach.json")).rounds[0]
    assert four.draw is not None
    assert four.draw.kind == "suucha_riichi"
    # the fourth declaration's discard passed: all four sticks are on the table
    assert sum(isinstance(e, Riichi) for e in four.events) == 4
    assert four.deltas == [-1000] * 4
    nine = read_log(_read("kyushukyuhai.json")).rounds[0]
    assert nine.draw is not None
    assert nine.draw.kind == "kyuushu_kyuuhai"
    assert nine.deltas == [0, 0, 0, 0]


def _one_round(result: list[Any], rule: dict[str, Any] | None = None) -> bytes:
    pins = [21, 22, 23, 24, 25, 26, 27, 28, 29]  # three seats of pins and one honour or sou set each: no fifth copy
    hands = [
        [11, 11, 11, 12, 12, 12, 13, 13, 13, 14, 14, 14, 15],
        [*pins, 31, 32, 33, 34],
        [*pins, 35, 36, 37, 38],
        [*pins, 39, 41, 42, 43],
    ]
    round_ = [[0, 0, 0], [25000] * 4, [47], []]
    for s in range(4):
        round_ += [hands[s], [15] if s == 0 else [], []]
    round_.append(result)
    return json.dumps({"name": list("ABCD"), "rule": rule or {"disp": "般南喰赤", "aka": 1}, "log": [round_]}).encode()


def test_a_hand_written_tenhou_and_its_answer() -> None:
    # the dealer's first draw 5m completes 111m 222m 333m 444m 55m: tenhou and four concealed triplets on
    # a single wait, two yakuman (Tenhou counts no double yakuman): 2 × 16,000 from each of three players
    body = _one_round(
        ["和了", [96000, -32000, -32000, -32000], [0, 0, 0, "役満32000点∀", "天和(役満)", "四暗刻単騎(役満)"]]
    )
    game = read_log(body)
    win = game.rounds[0].wins[0]
    assert (win.yakuman, win.points, win.yaku) == (2, 96000, (("tenhou", 13), ("suuankou_tanki", 13)))
    assert game.rules == {"preset": "tenhou", "aka": True, "length": "hanchan", "kuitan": True}
    result = replay(game)
    assert result.rounds[0].scores == [25000 + 96000, 25000 - 32000, 25000 - 32000, 25000 - 32000]
    assert result.rounds[0].wins[0].situation == ["tenhou"]
    assert result.rounds[0].agrees


def test_rules_from_the_lobby() -> None:
    def rules(rule: dict[str, Any]) -> dict[str, object]:
        return read_log(_one_round(["九種九牌"], rule)).rules

    assert rules({"disp": "般東", "aka": 0}) == {"preset": "tenhou", "aka": False, "length": "tonpuu", "kuitan": False}
    assert rules({"disp": "友人戦南喰赤", "aka51": 1, "aka52": 1, "aka53": 1}) == {
        "preset": "majsoul",
        "aka": True,
        "length": "hanchan",
        "kuitan": True,
    }
    assert rules({"disp": "MyMahjong"}) == {}


@pytest.mark.parametrize(
    ("body", "field", "words"),
    [
        (b"{", "log", "JSON"),
        (b'{"log": []}', "log", "non-empty"),
        (b'{"log": [[1, 2]]}', "log.rounds[0]", "17"),
        (_one_round(["和了", [0, 0, 0, 0]]), "log.rounds[0]", "pairs"),
        (_one_round(["流局?", [0, 0, 0, 0]]), "log.rounds[0]", "not a win or a draw"),
        (_one_round(["和了", [0, 0, 0, 0], [0, 0, 0, "??"]]), "log.rounds[0]", "neither"),
        (_one_round(["和了", [0, 0, 0, 0], [7, 0, 0]]), "log.rounds[0]", "seats"),
    ],
)
def test_a_bad_log_is_a_log_error_naming_where(body: bytes, field: str, words: str) -> None:
    with pytest.raises(LogError) as raised:
        replay(read_log(body, "tenhou6"))
    assert raised.value.field == field
    assert words in str(raised.value)


def test_a_call_of_a_tile_nobody_discarded_names_the_event() -> None:
    log = json.loads(_read("chankan.json"))
    takes = next(t for t in log["log"][0][5:16:3] if any(isinstance(x, str) for x in t))
    first_call = next(i for i, t in enumerate(takes) if isinstance(t, str))
    takes[first_call] = "p" + "11" * 3  # a pon of 1m, which the previous seat did not discard
    with pytest.raises(LogError) as raised:
        read_log(json.dumps(log).encode())
    assert raised.value.round == 0
    assert raised.value.event is not None


def test_a_riichi_paid_for_and_then_dealt_in_is_in_the_scores() -> None:
    # confusing_nakis_7: seat 1 declared riichi, its stick was deposited; it then won by ron from seat 0
    game = read_log(_read("confusing_nakis_7.json"))
    round_log = game.rounds[0]
    riichi = [e.seat for e in round_log.events if isinstance(e, Riichi)]
    assert riichi == [1]
    assert isinstance(round_log.events[-1], Discard)
    assert round_log.deltas == [-2600, 3600 - 1000, 0, 0]  # 2,600 + the own stick back, less the stick


def test_pinned_disagreement_a_stick_the_winner_did_not_take() -> None:
    # confusing_nakis_1 (East 2, 2 honba): seat 2 declares riichi with 1m, draws again and discards 7p,
    # on which seat 0 wins 中 30 fu 1 han = 1,000 + 600 honba. The stick was deposited before that
    # discard, so the winner takes it: 2,600 (the service). The log writes 1,600 and no one takes the
    # stick; with one round in the file, the next round's start that would show where it went is missing.
    result = replay(read_log(_read("confusing_nakis_1.json")))
    (differences,) = [r.differences for r in result.rounds]
    # the win's own deltas (the log's per-win array) show the same missing stick
    assert [(d.field, d.service, d.log) for d in differences] == [
        ("wins[0].deltas", [2600, 0, -1600, 0], [1600, 0, -1600, 0]),
        ("deltas", [2600, 0, -2600, 0], [1600, 0, -2600, 0]),
        ("scores", [25300, 23700, 25300, 25700], [24300, 23700, 25300, 25700]),
    ]
    win = result.rounds[0].wins[0]
    assert (win.han, win.fu, win.points) == (win.log_han, win.log_fu, win.log_points) == (1, 30, 1000)
    assert not win.agrees


@pytest.mark.parametrize(
    ("name", "deltas", "kind", "tenpai"),
    [
        ("九種九牌", None, "kyuushu_kyuuhai", None),
        ("四風連打", None, "suufon_renda", None),
        ("四家立直", None, "suucha_riichi", None),
        ("三家和了", None, "sanchahou", None),
        ("四槓散了", None, "suukaikan", None),
        ("全員聴牌", [0, 0, 0, 0], "exhaustive", (0, 1, 2, 3)),
        ("全員不聴", [0, 0, 0, 0], "exhaustive", ()),
        ("流局", [3000, -1000, -1000, -1000], "exhaustive", (0,)),
        ("流局", [-1500, 1500, -1500, 1500], "exhaustive", (1, 3)),
        ("流し満貫", [12000, -4000, -4000, -4000], "nagashi_mangan", None),
    ],
)
def test_each_draw_name(name: str, deltas: list[int] | None, kind: str, tenpai: tuple[int, ...] | None) -> None:
    round_log = read_log(_one_round([name] if deltas is None else [name, deltas])).rounds[0]
    assert round_log.draw is not None
    assert (round_log.draw.kind, round_log.draw.tenpai) == (kind, tenpai)
    assert round_log.deltas == (deltas or [0, 0, 0, 0])


def test_the_liable_seat_and_a_tsumo_s_payments() -> None:
    # a non-dealer's tsumo of daisangen with seat 2 liable: the details' third seat is not the winner's own
    details = [1, 1, 2, "役満8000-16000点", "大三元(役満)"]
    win = read_log(_one_round(["和了", [0, 32000, -32000, 0], details])).rounds[0].wins[0]
    assert (win.seat, win.from_seat, win.pao) == (1, 1, 2)
    assert (win.yakuman, win.points, win.han, win.fu) == (1, 8000 * 2 + 16000, None, None)
    # nobody liable: the third seat is the winner's own
    win = read_log(_one_round(["和了", [-1300, 3900, -1300, -1300], [1, 1, 1, "30符3飜1300点∀"]])).rounds[0].wins[0]
    assert (win.pao, win.points, win.han, win.fu, win.yaku) == (None, 3 * 1300, 3, 30, None)


def test_three_players_with_a_north_set_aside_and_a_pon() -> None:
    empty: list[Any] = [[], [], []]
    round_ = [
        [0, 0, 0],
        [35000, 35000, 35000, 0],
        [21],
        [],
        [11, 11, 19, 21, 22, 23, 24, 25, 26, 27, 28, 29, 44],
        [45, 46, 31],
        ["f44", 60, 60],  # the dealer draws 5z, sets North aside, draws 6z and lets it go; later 1s
        [19, 19, 31, 32, 33, 34, 35, 36, 37, 38, 39, 41, 41],
        [47],
        [60],
        [11, 19, 21, 29, 31, 39, 41, 42, 43, 45, 46, 47, 47],
        ["p474747"],  # a pon of 7z from the previous seat (seat 1)
        [39],
        *empty,
        ["全員不聴"],
    ]
    body = json.dumps({"name": ["A", "B", "C", ""], "rule": {"disp": "三般南喰赤", "aka": 1}, "log": [round_]})
    game = read_log(body.encode())
    assert game.players == 3
    assert game.rules == {"preset": "tenhou_sanma", "aka": True, "length": "hanchan", "kuitan": True}
    assert [type(e).__name__ + str(getattr(e, "seat", "")) for e in game.rounds[0].events] == [
        "Draw0", "Nukidora0", "Draw0", "Discard0", "Draw1", "Discard1", "Call2", "Discard2", "Draw0", "Discard0",
    ]  # fmt: skip
    call = game.rounds[0].events[6]
    assert isinstance(call, Call)
    assert (call.kind, call.called, call.from_seat) == ("pon", "7z", 1)
    assert game.rounds[0].scores == [35000, 35000, 35000]


def test_takes_left_after_the_end_are_an_error() -> None:
    log = json.loads(_read("kyushukyuhai.json"))
    log["log"][0][8].append(11)  # seat 1 draws once more after the dealer's nine kinds
    with pytest.raises(LogError) as raised:
        read_log(json.dumps(log).encode())
    assert raised.value.round == 0
    assert "after the round's end" in str(raised.value)


def test_a_liable_seat_pays_a_daisangen_tsumo_in_full() -> None:
    # seat 1 pons 5z from seat 0, 6z and 7z from seat 2 (the third dragon: seat 2 is liable), then draws
    # 9s to 123m 99s: daisangen, a non-dealer's yakuman, 32,000, all of it paid by seat 2 (Tenhou's pao)
    hands = [
        [11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 45],
        [45, 45, 46, 46, 47, 47, 11, 12, 13, 39, 21, 28, 34],
        [31, 32, 33, 35, 36, 37, 38, 26, 27, 29, 44, 46, 47],
        [14, 15, 16, 17, 18, 19, 22, 23, 24, 25, 26, 27, 28],
    ]
    takes: list[list[Any]] = [[24, 25], ["p454545", "4646p46", "4747p47", 39], [41, 42, 43], [44]]
    discards: list[list[Any]] = [[45, 60], [21, 28, 34], [46, 47, 60], [60]]
    round_: list[Any] = [[0, 0, 0], [25000] * 4, [11], []]
    for seat in range(4):
        round_ += [hands[seat], takes[seat], discards[seat]]
    round_.append(["和了", [0, 32000, -32000, 0], [1, 1, 2, "役満8000-16000点", "大三元(役満)"]])
    game = read_log(
        json.dumps({"name": list("ABCD"), "rule": {"disp": "般南喰赤", "aka": 1}, "log": [round_]}).encode()
    )
    calls = [e for e in game.rounds[0].events if isinstance(e, Call)]
    assert [(c.called, c.from_seat) for c in calls] == [("5z", 0), ("6z", 2), ("7z", 2)]
    result = replay(game)
    (row,) = result.rounds
    assert row.wins[0].pao == 2
    assert row.deltas == [0, 32000, -32000, 0]
    assert row.scores == [25000, 57000, -7000, 25000]
    assert row.game_over  # seat 2 is below zero
    assert row.agrees

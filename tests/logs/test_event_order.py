"""Impossible event orders are refused (/docs/logs §Bad logs): each test takes a real log
(tests/logs/data/SOURCES.md), changes one event (or adds one), and expects a LogError naming the round and
the event; the unchanged log replays."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from service.i18n import render
from service.logs import LogError, read_log
from service.logs.convert import to_mjai
from service.logs.replay import replay

DATA = Path(__file__).parent / "data"
SANMA = DATA / "mjai" / "wahaha_2020010100gm-00b9-0000-7a6863a8.mjson"  # three players, Tenhou's rules
Events = list[dict[str, Any]]


def _sanma() -> Events:
    return [json.loads(line) for line in SANMA.read_text(encoding="utf-8").splitlines() if line.strip()]


def _body(events: Events) -> bytes:
    return "\n".join(json.dumps(e, ensure_ascii=False) for e in events).encode()


def _refused(body: bytes, rules: str | None = None) -> LogError:
    with pytest.raises(LogError) as raised:
        replay(read_log(body), rules)
    return raised.value


def _index(events: Events, kind: str, nth: int = 0, **match: object) -> int:
    found = [i for i, e in enumerate(events) if e["type"] == kind and all(e.get(k) == v for k, v in match.items())]
    return found[nth]


def _event_in_round(events: Events, at: int) -> tuple[int, int]:
    """The (round, event) the replay names for the mjai line ``at``: events count from the round's first move."""
    starts = [i for i, e in enumerate(events) if e["type"] == "start_kyoku"]
    round_index = sum(1 for s in starts if s < at) - 1
    skipped = {"reach_accepted", "end_kyoku", "hora", "ryukyoku"}
    moves = [i for i in range(starts[round_index] + 1, at) if events[i]["type"] not in skipped]
    return round_index, len(moves)


def test_the_unchanged_logs_replay() -> None:
    assert replay(read_log(SANMA.read_bytes())).agrees
    assert replay(read_log((DATA / "tenhou6" / "output_log.example.json").read_bytes())).agrees


def test_a_draw_out_of_turn() -> None:
    # East 1: after the dealer's first discard seat 1 draws; here seat 2 does
    events = _sanma()
    at = _index(events, "tsumo", actor=1)
    events[at]["actor"] = 2
    error = _refused(_body(events))
    assert (error.round, error.event) == _event_in_round(events, at) == (0, 2)
    assert "seat 2 draws out of turn: seat 1 is to draw" in error.message
    assert render(error.message, "ja") == "席 2 が手番でないのにツモっています（ツモるのは席 1 です）"


def test_a_discard_out_of_turn() -> None:
    # East 1: seat 2 draws East and discards 1m; here seat 0 (which still holds a 1m) discards it instead
    events = _sanma()
    at = _index(events, "dahai", actor=2)
    events[at]["actor"] = 0
    error = _refused(_body(events))
    assert (error.round, error.event) == _event_in_round(events, at)
    assert "seat 0 discards 1m out of turn: seat 2 is to discard" in error.message
    assert render(error.message, "ru") == "место 0 сбрасывает 1m не в свою очередь: сбрасывать должно место 2"


def test_a_call_of_a_tile_another_seat_did_not_discard() -> None:
    # East 1, 1 honba: seat 1 pons seat 0's 2p; here the pon names seat 2 as the discarder
    events = _sanma()
    at = _index(events, "pon")
    events[at]["target"] = 2
    error = _refused(_body(events))
    assert (error.round, error.event) == _event_in_round(events, at)
    assert "the discard just made is seat 0's 2p" in error.message


def test_a_call_of_the_callers_own_discard() -> None:
    events = _sanma()
    at = _index(events, "pon")
    events[at]["actor"] = 0
    error = _refused(_body(events))
    assert (error.round, error.event) == _event_in_round(events, at)
    assert "calls its own discard" in error.message


def test_a_call_of_a_discard_already_passed() -> None:
    # East 1: the dealer discards 中 and seat 1 draws; a pon of that 中 by seat 2 (which holds two) added
    # after the draw comes too late: the draw passed the discard
    events = _sanma()
    at = _index(events, "tsumo", actor=1)
    assert (events[at - 1]["actor"], events[at - 1]["pai"]) == (0, "C")
    events.insert(at + 1, {"type": "pon", "actor": 2, "target": 0, "pai": "C", "consumed": ["C", "C"]})
    error = _refused(_body(events))
    assert (error.round, error.event) == _event_in_round(events, at + 1) == (0, 3)
    assert "no discard is open to a call" in error.message


def _four_player() -> Events:
    """A real four-player game (tenhou.net/6, convlog's example), converted to mjai by the service."""
    game = read_log((DATA / "tenhou6" / "output_log.example.json").read_bytes())
    return to_mjai(game, replay(game))


def test_a_chi_not_from_the_left() -> None:
    # the four-player game: seat 1 pons seat 2's 8m (seat 2 sits on its right); written as a chi of 8m
    # with 6m 7m, the call comes from the wrong side
    events = _four_player()
    assert replay(read_log(_body(events))).agrees
    at = _index(events, "pon", actor=1, target=2, pai="8m")
    events[at] = {**events[at], "type": "chi", "consumed": ["6m", "7m"]}
    error = _refused(_body(events))
    assert (error.round, error.event) == _event_in_round(events, at)
    assert "seat 1's chi of 8m from seat 2: a chi is only from the player on the left" in error.message
    assert render(error.message, "ja") == "席 2 からの席 1 の 8m の chi: チーは上家の捨て牌からしかできません"


def test_a_chi_naming_a_seat_that_did_not_discard() -> None:
    # the four-player game's first chi names the seat across as the discarder: not the discard just made
    events = _four_player()
    at = _index(events, "chi")
    events[at]["target"] = (events[at]["actor"] + 2) % 4
    error = _refused(_body(events))
    assert (error.round, error.event) == _event_in_round(events, at)
    assert "the discard just made is seat" in error.message


def test_tsumogiri_of_a_tile_not_just_drawn() -> None:
    # East 1: the dealer draws 9m and discards it (tsumogiri); here it discards its 7s, still "tsumogiri"
    events = _sanma()
    at = _index(events, "dahai", tsumogiri=True)
    assert (events[at - 1]["pai"], events[at]["pai"]) == ("9m", "9m")
    events[at]["pai"] = "7s"
    error = _refused(_body(events))
    assert (error.round, error.event) == _event_in_round(events, at)
    assert "seat 0 discards 7s as the tile just drawn (tsumogiri); it drew 9m" in error.message


def test_tsumogiri_right_after_a_call_is_accepted() -> None:
    # after a pon nothing was drawn: a discard marked tsumogiri there names no drawn tile, and is let be
    events = _sanma()
    at = _index(events, "pon")
    assert events[at + 1]["type"] == "dahai"
    events[at + 1]["tsumogiri"] = True
    assert replay(read_log(_body(events))).agrees


def test_an_mjai_dora_without_a_kan() -> None:
    # a dora event added after East 1's first draw: no kan has been declared
    events = _sanma()
    at = _index(events, "tsumo") + 1
    events.insert(at, {"type": "dora", "dora_marker": "1p"})
    error = _refused(_body(events))
    assert (error.round, error.event) == _event_in_round(events, at) == (0, 1)
    assert error.message == "a new dora indicator 1p with no kan to reveal it (0 kans declared)"
    assert (
        render(error.message, "ru") == "новый индикатор дора 1p, а кана, который бы его открыл, нет (объявлено 0 канов)"
    )


def test_a_tenhou6_indicator_beyond_the_kans() -> None:
    # ranked_game's rounds have no kan; one more dora indicator is written in its first round
    log = json.loads((DATA / "tenhou6" / "ranked_game.json").read_text(encoding="utf-8"))
    log["log"][0][2].append(11)
    with pytest.raises(LogError) as raised:
        read_log(json.dumps(log).encode())
    assert raised.value.round == 0
    assert raised.value.message == "the round lists 1 dora indicator more than its kans revealed"
    assert render(raised.value.message, "ru") == "в раунде на 1 индикатор дора больше, чем открыли каны"


def test_a_tenhou_xml_dora_without_a_kan() -> None:
    # three players (Tenhou writes sc with the empty fourth seat); the dealer draws its tenth kind of
    # terminal or honour and the round ends in nine kinds, with a <DORA> shown though nobody declared a kan
    xml = (
        '<mjloggm ver="2.3"><GO type="185"/><TAIKYOKU oya="0"/>'
        '<INIT seed="0,0,0,1,2,41" ten="350,350,350,0" oya="0" hai0="0,32,36,68,72,104,108,112,116,37,40,44,48" '
        'hai1="53,56,60,64,69,76,80,84,88,92,96,100,124" hai2="77,81,85,89,93,97,101,105,125,128,129,132,133" '
        'hai3=""/><T120/>{}<RYUUKYOKU type="yao9" ba="0,0" sc="350,0,350,0,350,0,0,0" '
        'hai0="0,32,36,68,72,104,108,112,116,37,40,44,48,120"/></mjloggm>'
    )
    assert replay(read_log(xml.format("").encode())).agrees
    error = _refused(xml.format('<DORA hai="45"/>').encode())
    assert (error.round, error.event) == (0, 1)
    assert "no kan" in error.message


def test_riichi_with_a_hand_that_is_not_tenpai() -> None:
    # East 1: the dealer declares riichi discarding 3p (waiting on 4p with 56s 567s 0p6p…); discarding 6s
    # instead leaves 3p0p 6789p 4s5s5s6s7s 66z: no wait
    events = _sanma()
    at = _index(events, "reach") + 1
    assert events[at]["pai"] == "3p"
    events[at]["pai"] = "6s"
    error = _refused(_body(events))
    assert (error.round, error.event) == _event_in_round(events, at)
    assert "seat 0 declares riichi discarding 6s, and the hand left is not tenpai" in error.message


def test_riichi_with_under_1000_points_under_tenhou_rules() -> None:
    # East 1 dealt with the dealer at 900 points: its riichi cannot pay the stick
    events = _sanma()
    events[_index(events, "start_kyoku")]["scores"] = [900, 35000, 69100]
    at = _index(events, "reach")
    error = _refused(_body(events))
    assert (error.round, error.event) == _event_in_round(events, at)
    assert "seat 0 declares riichi with 900 points; it needs 1,000" in error.message


def test_riichi_with_too_few_tiles_left_under_tenhou_rules() -> None:
    # East 1, 1 honba ends in an exhaustive draw with seat 2 tenpai; its last discard (4s), after the
    # wall's 53rd draw, made a riichi declaration: 2 tiles left, and with three players it needs 3
    events = _sanma()
    starts = [i for i, e in enumerate(events) if e["type"] == "start_kyoku"]
    at = [i for i in range(starts[1], starts[2]) if events[i]["type"] == "dahai" and events[i]["actor"] == 2][-1]
    assert sum(1 for i in range(starts[1], at) if events[i]["type"] == "tsumo") == 53
    events.insert(at, {"type": "reach", "actor": 2})
    error = _refused(_body(events))
    assert (error.round, error.event) == _event_in_round(events, at) == (1, 108)
    assert "seat 2 declares riichi with 2 tiles left in the wall; it needs 3" in error.message
    assert render(error.message, "ru") == (
        "место 2 объявляет риичи, когда в стене осталось 2 тайла; нужно 3 (ещё один свой добор)"
    )
    # rules without Tenhou's limit (the caller's preset) take the same declaration
    assert replay(read_log(_body(events)), "majsoul_sanma").rounds[1].riichi == [0, 2]

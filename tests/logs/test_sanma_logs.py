"""Three-player logs: a real Tenhou game (mjai, tests/logs/data/SOURCES.md) replayed round by round, and
the mjai and mjlog shapes of three-player and per-round money (/docs/logs, /docs/rulesets §7)."""

from __future__ import annotations

import json
from pathlib import Path

from service.logs import read_log
from service.logs.replay import replay

DATA = Path(__file__).parent / "data" / "mjai"
WAHAHA = DATA / "wahaha_2020010100gm-00b9-0000-7a6863a8.mjson"


def _lines() -> list[dict[str, object]]:
    return [json.loads(line) for line in WAHAHA.read_text(encoding="utf-8").splitlines() if line.strip()]


def _body(events: list[dict[str, object]]) -> bytes:
    return "\n".join(json.dumps(e, ensure_ascii=False) for e in events).encode()


def test_the_real_three_player_game_agrees_round_by_round() -> None:
    game = read_log(WAHAHA.read_bytes())
    # start_game's uri names the Tenhou log; its lobby 00b9 is three players, East–South, red fives, open tanyao
    assert game.players == 3
    assert game.rules["preset"] == "tenhou_sanma"
    result = replay(game)
    assert [r.agrees for r in result.rounds] == [True] * 9
    assert result.agrees
    rounds = result.rounds
    # East 1, no honba: a draw, seats 0 and 2 tenpai in riichi: 1,000 each from seat 1, and each paid a stick
    assert rounds[0].log_deltas == rounds[0].deltas == [0, -2000, 0]
    # East 1, 2 honba, 3 sticks: seat 0 (dealer, riichi) rons seat 1 for 40 fu 4 han = 12,000 (sanma dealer
    # mangan), + 2 × 200 honba from the discarder, + 4 sticks (3 on the table and its own): +16,400 in the
    # hora, less the stick it paid at reach_accepted
    win = rounds[2].wins[0]
    assert (win.han, win.fu, win.points) == (win.log_han, win.log_fu, win.log_points) == (4, 40, 12000)
    assert rounds[2].deltas == [15400, -12400, 0]
    assert rounds[2].scores == [50400, 18600, 36000]
    # South 1, 1 honba: seat 0 rons seat 1 (3 han 70 fu: a dealer mangan, 12,000 + 200); seat 1 falls
    # to −7,800 and the game ends there
    assert rounds[8].deltas == [12200, -12200, 0]
    assert rounds[8].scores == [69100, -7800, 43700]
    assert rounds[8].game_over


def test_north_set_aside_is_the_dora_the_log_counts() -> None:
    # East 1, 3 honba: seat 0's riichi tsumo (chiitoitsu) is written "dora 1" by Tenhou; the hand holds no
    # dora, the one North it set aside is the dora (the service lists it as nukidora 1)
    result = replay(read_log(WAHAHA.read_bytes()))
    win = result.rounds[3].wins[0]
    assert {y.id: y.han for y in win.yaku}.get("nukidora") == 1
    assert win.log_yaku is not None
    assert {y.id: y.han for y in win.log_yaku}["dora"] == 1
    assert win.agrees


def test_every_rounds_hora_deltas_are_compared() -> None:
    # East 1, 2 honba: the hora's deltas written 1,000 more for the winner and less for the discarder; the
    # next start_kyoku's scores stay as they were, so only the hora's own deltas show the change
    events = _lines()
    horas = [e for e in events if e["type"] == "hora"]
    horas[0]["deltas"] = [17400, -13400, 0]
    result = replay(read_log(_body(events)))
    differences = {d.field: (d.service, d.log) for d in result.rounds[2].differences}
    assert differences["deltas"] == ([15400, -12400, 0], [16400, -13400, 0])
    assert differences["wins[0].deltas"] == ([16400, -12400, 0], [17400, -13400, 0])
    assert not result.rounds[2].wins[0].agrees


def test_every_reach_accepted_takes_the_deposit() -> None:
    # the game cut after East 1, 2 honba (the dealer's riichi ron), and reach_accepted written without its
    # deltas and scores (as some writers do): the stick is still paid, so the round's money is 16,400 − 1,000
    events = _lines()
    cut = [i for i, e in enumerate(events) if e["type"] == "end_kyoku"][2]
    events = events[: cut + 1]
    for event in events:
        if event["type"] == "reach_accepted":
            event.pop("deltas")
            event.pop("scores")
    result = replay(read_log(_body(events)))
    assert result.rounds[2].log_deltas == [15400, -12400, 0]
    assert result.rounds[2].agrees


def test_a_win_without_han_or_fu_agrees_only_when_its_money_does() -> None:
    # the yaku, han, fu and points taken out of every hora (as Mortal's logs write them), and East 1,
    # 4 honba's ron (1,300 + 4 × 200 = 2,100) written as 3,100: the win no longer agrees
    events = _lines()
    horas = [e for e in events if e["type"] == "hora"]
    for hora in horas:
        for name in ("yakus", "fu", "fan", "hora_points"):
            hora.pop(name)
    horas[2]["deltas"] = [-3100, 3100, 0]
    result = replay(read_log(_body(events)))
    win = result.rounds[4].wins[0]
    assert (win.log_han, win.log_fu, win.log_points) == (None, None, None)
    assert win.points == 1300
    assert not win.agrees
    assert [w.agrees for r in result.rounds for w in r.wins if r.index != 4] == [True] * 5


def test_an_mjlog_of_three_players_writes_an_empty_fourth_seat() -> None:
    # Tenhou writes sc and ten with four seats in a three-player game, the fourth 0: nine kinds of
    # terminals and honours on the dealer's first draw, nobody pays
    xml = (
        '<mjloggm ver="2.3"><GO type="185"/><TAIKYOKU oya="0"/>'
        '<INIT seed="0,0,0,1,2,41" ten="350,350,350,0" oya="0" hai0="0,32,36,68,72,104,108,112,116,37,40,44,48" '
        'hai1="53,56,60,64,69,76,80,84,88,92,96,100,124" hai2="77,81,85,89,93,97,101,105,125,128,129,132,133" '
        'hai3=""/><T120/><RYUUKYOKU type="yao9" ba="0,0" sc="350,0,350,0,350,0,0,0" '
        'hai0="0,32,36,68,72,104,108,112,116,37,40,44,48,120"/></mjloggm>'
    )
    game = read_log(xml.encode())
    assert game.players == 3
    assert game.rounds[0].scores_after == [35000, 35000, 35000]
    assert replay(game).rounds[0].agrees

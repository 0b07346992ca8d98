"""A replayed game written out as mjai (service.logs.convert): the events and the money, checked by hand,
and the round trip (replaying the converted game gives the same answers) on every log the tests hold."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from service.logs import read_log, replay
from service.logs.convert import to_mjai
from tests.logs.script import mjai_lines, mjlog

DATA = Path(__file__).parent / "data"

HANDS = ["19m19p19s123456z2p", "234m345p456s678s2p", "1234567z19m19p19s", "1234567z19m19p19s"]
"""A round with a riichi: seat 1 waits on 2p alone (234m 345p 456s 678s + 2p)."""


def _tiles(text: str) -> list[str]:
    honours = dict(zip("1234567", "ESWNPFC", strict=True))
    out: list[str] = []
    digits = ""
    for ch in text:
        if ch.isdigit():
            digits += ch
        else:
            out.extend(honours[d] if ch == "z" else d + ch for d in digits)
            digits = ""
    return out


def _riichi_round() -> bytes:
    """Dealer 0 draws and throws 7z; seat 1 draws 9s and declares riichi with it (its first discard, no call
    before: double riichi); seat 2 draws 2p and throws it; seat 1 rons.

    By hand: double riichi 2 + ippatsu 1 + tanyao 1 = 4 han; 20 + 10 (closed ron) + 2 (single wait) = 32 → 40 fu;
    4 han 40 fu is a mangan, 8,000 from seat 2; seat 1 takes its own stick back (+1,000).
    """
    events: list[dict[str, Any]] = [
        {"type": "start_game", "names": ["a", "b", "c", "d"]},
        {
            "type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0, "oya": 0,
            "scores": [25000] * 4, "dora_marker": "9m", "tehais": [_tiles(h) for h in HANDS],
        },
        {"type": "tsumo", "actor": 0, "pai": "C"},
        {"type": "dahai", "actor": 0, "pai": "C", "tsumogiri": True},
        {"type": "tsumo", "actor": 1, "pai": "9s"},
        {"type": "reach", "actor": 1},
        {"type": "dahai", "actor": 1, "pai": "9s", "tsumogiri": True},
        {"type": "reach_accepted", "actor": 1, "deltas": [0, -1000, 0, 0]},
        {"type": "tsumo", "actor": 2, "pai": "2p"},
        {"type": "dahai", "actor": 2, "pai": "2p", "tsumogiri": True},
        {"type": "hora", "actor": 1, "target": 2, "pai": "2p", "ura_markers": ["E"], "deltas": [0, 9000, -8000, 0]},
        {"type": "end_kyoku"},
        {"type": "end_game"},
    ]  # fmt: skip
    return "\n".join(json.dumps(e) for e in events).encode()


def test_a_riichi_round_converts_with_its_deposit_and_the_mangan() -> None:
    game_log = read_log(_riichi_round())
    result = replay(game_log, "tenhou")
    (win,) = result.rounds[0].wins
    assert (win.han, win.fu, win.points) == (4, 40, 8000)
    assert sorted(y.id for y in win.yaku) == ["double_riichi", "ippatsu", "tanyao"]

    events = to_mjai(game_log, result)

    accepted = next(e for e in events if e["type"] == "reach_accepted")
    assert accepted == {
        "type": "reach_accepted", "actor": 1, "deltas": [0, -1000, 0, 0], "scores": [25000, 24000, 25000, 25000],
    }  # fmt: skip
    hora = next(e for e in events if e["type"] == "hora")
    assert hora == {
        "type": "hora", "actor": 1, "target": 2, "pai": "2p", "ura_markers": ["E"],
        "deltas": [0, 9000, -8000, 0], "scores": [25000, 33000, 17000, 25000],
    }  # fmt: skip
    assert [e["tsumogiri"] for e in events if e["type"] == "dahai"] == [True, True, True]


def test_the_script_game_converts_to_the_events_written_by_hand() -> None:
    game_log = read_log(mjlog().encode())
    events = to_mjai(game_log, replay(game_log, "tenhou"))
    by_hand = [json.loads(line) for line in mjai_lines().splitlines()]

    def shape(event: dict[str, Any]) -> tuple[Any, ...]:
        return tuple(event.get(k) for k in ("type", "actor", "target", "pai", "bakaze", "kyoku", "honba", "tehais"))

    assert [shape(e) for e in events if e["type"] != "end_game"] == [shape(e) for e in by_hand]
    assert [e["deltas"] for e in events if e["type"] in ("hora", "ryukyoku")] == [
        [48000, -16000, -16000, -16000],  # the dealer's tenhou: 16,000 from each
        [0, 0, 0, 0],  # kyuushu kyuuhai
        [-1900, 1900, 0, 0],  # 1 han 40 fu 1,300 + 2 honba × 300
    ]
    assert [e["scores"] for e in events if e["type"] == "start_kyoku"] == [
        [25000] * 4,
        [73000, 9000, 9000, 9000],
        [73000, 9000, 9000, 9000],
    ]


def _logs() -> list[tuple[str, bytes]]:
    held = [
        ("script.mjlog", mjlog().encode()),
        ("script.mjai", mjai_lines().encode()),
        ("riichi.mjai", _riichi_round()),
    ]
    if DATA.is_dir():
        held += [(p.name, p.read_bytes()) for p in sorted(DATA.rglob("*")) if p.suffix != ".md" and p.is_file()]
    return held


def _answers(result: Any) -> list[Any]:
    return [
        (r.deltas, r.scores, r.outcome, [(w.seat, w.han, w.fu, w.yakuman, w.points, w.yaku, w.furiten) for w in r.wins])
        for r in result.rounds
    ]


@pytest.mark.parametrize(("name", "body"), _logs(), ids=[name for name, _ in _logs()])
def test_replaying_the_converted_game_gives_the_same_answers(name: str, body: bytes) -> None:
    game_log = read_log(body)
    result = replay(game_log)
    converted = "\n".join(json.dumps(e) for e in to_mjai(game_log, result)).encode()

    converted_log = read_log(converted)
    converted_log.rules = game_log.rules  # mjai has no header for the rules: the original log's
    again = replay(converted_log)

    assert _answers(again) == _answers(result)
    assert [d for r in again.rounds for d in r.differences] == []  # the money written is the service's own

"""The game option ``riichi_needs_points_and_draw`` (/docs/rulesets §4 Riichi deposit, /docs/logs §Bad logs):
the replay takes it from the resolved game options, so a caller's value beats the preset's default.

The log is tests/logs/data/tenhou6/four_reach.json (one round, East 3, dealer seat 2, no calls; seats 3, 2
and 1 declare riichi on their 10th, 11th and 11th discards, seat 0 on its 13th) with seat 0 dealt 900
points instead of 21,000 (seat 3 holds the rest: 100,000 in all)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from service.game import GameOptions
from service.logs import LogError, read_log
from service.logs.record import GameLog
from service.logs.replay import replay

FOUR_REACH = Path(__file__).parent / "data" / "tenhou6" / "four_reach.json"

# seat 0's riichi: before its 13th draw the seats played 13 + 13 + 12 + 12 turns (a draw and a discard each,
# 100 events) and three riichi declarations; its draw is event 103, its declaration event 104
RIICHI_AT = (0, 104)
NEEDS_1000 = "seat 0 declares riichi with 900 points; it needs 1,000"


def _seat_0_at_900() -> GameLog:
    data = json.loads(FOUR_REACH.read_text(encoding="utf-8"))
    assert data["log"][0][1] == [21000, 28000, 27000, 24000]
    data["log"][0][1] = [900, 28000, 27000, 44100]
    return read_log(json.dumps(data).encode())


def test_tenhou_refuses_a_riichi_at_900_points_by_default() -> None:
    with pytest.raises(LogError) as raised:
        replay(_seat_0_at_900())
    assert (raised.value.round, raised.value.event) == RIICHI_AT
    assert NEEDS_1000 in raised.value.message


def test_tenhou_with_the_option_off_takes_a_riichi_at_900_points() -> None:
    result = replay(_seat_0_at_900(), None, GameOptions(riichi_needs_points_and_draw=False))
    assert result.rounds[0].riichi == [0, 1, 2, 3]


def test_standard_takes_it_by_default() -> None:
    assert replay(_seat_0_at_900(), "standard").rounds[0].riichi == [0, 1, 2, 3]


def test_standard_with_the_option_on_refuses_it() -> None:
    with pytest.raises(LogError) as raised:
        replay(_seat_0_at_900(), "standard", GameOptions(riichi_needs_points_and_draw=True))
    assert (raised.value.round, raised.value.event) == RIICHI_AT
    assert NEEDS_1000 in raised.value.message

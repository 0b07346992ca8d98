"""The hand-written game of :mod:`tests.logs.script` replayed from both formats, every value by hand.

Round 1 (dealer tenhou, tsumo): a dealer yakuman tsumo is 16,000 from each of three: +48,000 / −16,000 × 3.
Round 2 (kyuushu kyuuhai): nothing moves; the dealer stays, honba 1 → 2.
Round 3: tanyao, closed ron on a pair wait: 20 + 10 (closed ron) + 2 (pair wait) = 32 → 40 fu; 1 han 40 fu
non-dealer = 1,300, plus 2 honba × 300 = 1,900 from the discarder.
"""

from __future__ import annotations

import json

import pytest

from service.logs import LogError, read_log, replay
from tests.logs.script import mjai_lines, mjlog


@pytest.fixture(params=["tenhou_xml", "mjai"])
def result(request: pytest.FixtureRequest):  # type: ignore[no-untyped-def]
    body = mjlog() if request.param == "tenhou_xml" else mjai_lines()
    return replay(read_log(body.encode()), "tenhou")


def test_every_round_agrees_with_the_log(result) -> None:  # type: ignore[no-untyped-def]
    assert [r.agrees for r in result.rounds] == [True, True, True]
    assert (result.summary.rounds, result.summary.wins, result.summary.draws) == (3, 2, 1)


def test_round_1_is_a_dealer_tenhou_tsumo(result) -> None:  # type: ignore[no-untyped-def]
    first = result.rounds[0]
    assert first.outcome == "tsumo"
    (win,) = first.wins
    assert win.situation == ["tenhou"]
    assert (win.yakuman, win.points) == (1, 48000)
    assert [(y.id, y.han) for y in win.yaku] == [("tenhou", 13)]
    assert first.deltas == [48000, -16000, -16000, -16000]
    assert first.scores == [73000, 9000, 9000, 9000]


def test_round_2_is_kyuushu_kyuuhai_and_nothing_moves(result) -> None:  # type: ignore[no-untyped-def]
    second = result.rounds[1]
    assert (second.outcome, second.draw_kind, second.deltas) == ("abortive", "kyuushu_kyuuhai", [0, 0, 0, 0])


def test_round_3_is_a_tanyao_ron_with_two_honba(result) -> None:  # type: ignore[no-untyped-def]
    third = result.rounds[2]
    assert (third.honba, third.outcome) == (2, "ron")
    (win,) = third.wins
    assert (win.seat, win.from_seat, win.han, win.fu, win.points) == (1, 0, 1, 40, 1300)
    assert win.hand == "2m3m4m2p3p4p5p4s5s6s6s7s8s2p"  # the concealed tiles sorted, the winning 2p last
    assert win.furiten == []
    assert third.deltas == [-1900, 1900, 0, 0]
    assert third.scores == [71100, 10900, 9000, 9000]


def test_the_log_without_an_end_has_no_final_to_compare(result) -> None:  # type: ignore[no-untyped-def]
    assert result.log_final is None
    assert result.summary.final_agrees is None
    assert result.agrees


def test_a_log_whose_delta_is_wrong_is_shown_side_by_side() -> None:
    body = mjlog().replace('sc="730,-19,90,19,90,0,90,0"', 'sc="730,-20,90,20,90,0,90,0"')
    result = replay(read_log(body.encode()), "tenhou")
    third = result.rounds[2]
    assert not third.agrees
    assert not result.agrees
    deltas = next(d for d in third.differences if d.field == "deltas")
    assert (deltas.service, deltas.log) == ([-1900, 1900, 0, 0], [-2000, 2000, 0, 0])


def test_a_round_the_rules_refuse_and_an_end_they_cannot_reach_are_differences_not_errors() -> None:
    """The script moved to South 4 and then a West round holding a stick nobody deposited (72,000 + 3 × 9,000 +
    1 stick = 100,000): a hanchan ends at South 4, so the service refuses the West round, carries the log's
    scores, and the final standings cannot be made from 99,000 points: both are listed, nothing raises."""
    events = [json.loads(line) for line in mjai_lines().splitlines()]
    first, second, third = (e for e in events if e["type"] == "start_kyoku")
    first.update(bakaze="S", kyoku=4)
    second.update(bakaze="S", kyoku=4)
    third.update(bakaze="W", kyotaku=1, scores=[72000, 9000, 9000, 9000])

    result = replay(read_log("\n".join(json.dumps(e) for e in events).encode()), "standard")

    refused = next(d.service for d in result.rounds[2].differences if d.field == "settle")
    assert [e.field for e in refused] == ["round_wind"]
    assert "it has no W round" in refused[0].message
    assert result.final is None
    assert [d.field for d in result.final_differences] == ["final"]
    assert not result.agrees


@pytest.mark.parametrize(
    ("owari", "era"),
    [
        # rounded (until about 2020): 2nd 10,900 → 11,000: −19 + 10 = −9; seats 2, 3 at 9,000: −21 − 10 = −31 and
        # −21 − 20 = −41 (seat order); 1st takes the rest: 81
        ("711,81.0,109,-9.0,90,-31.0,90,-41.0", "shisha_gonyuu"),
        # exact (today): 71,100 − 30,000 + 20,000 + 20,000 = 81.1; 10,900 − 30,000 + 10,000 = −9.1
        ("711,81.1,109,-9.1,90,-31.0,90,-41.0", None),
    ],
)
def test_a_tenhou_logs_results_say_its_era_and_the_final_agrees_either_way(owari: str, era: str | None) -> None:
    """The script's mjlog with an `owari` on its last win (/docs/rulesets §6 Final score formula)."""
    body = mjlog().replace("/></mjloggm>", f' owari="{owari}"/></mjloggm>')

    game_log = read_log(body.encode())
    result = replay(game_log)

    assert game_log.rules.get("final_rounding") == era
    assert result.final_differences == []


def test_a_fifth_copy_drawn_is_refused_naming_the_event() -> None:
    """Round 1 of the script deals 1m to every seat (4 copies); a draw of a fifth 1m cannot happen."""
    events = [json.loads(line) for line in mjai_lines().splitlines()]
    draw = next(i for i, e in enumerate(events) if e["type"] == "tsumo")
    events[draw]["pai"] = "1m"
    body = "\n".join(json.dumps(e) for e in events).encode()

    with pytest.raises(LogError, match="a fifth copy of 1m") as refused:
        replay(read_log(body))
    assert refused.value.field == "log.rounds[0].events[0]"


def test_json_nested_thousands_deep_is_a_log_error_not_a_crash() -> None:
    body = ('{"type": "start_game", "names": ' + "[" * 5000 + "]" * 5000 + "}").encode()
    with pytest.raises(LogError, match="nests too deeply"):
        read_log(body)

"""The hand-written game of :mod:`tests.logs.script` replayed from both formats, every value by hand.

Round 1 (dealer tenhou, tsumo): a dealer yakuman tsumo is 16,000 from each of three: +48,000 / −16,000 × 3.
Round 2 (kyuushu kyuuhai): nothing moves; the dealer stays, honba 1 → 2.
Round 3: tanyao, closed ron on a pair wait: 20 + 10 (closed ron) + 2 (pair wait) = 32 → 40 fu; 1 han 40 fu
non-dealer = 1,300, plus 2 honba × 300 = 1,900 from the discarder.
"""

from __future__ import annotations

import json

import pytest

from service.logs import read_log, replay
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

    assert "it has no W round" in next(d.service for d in result.rounds[2].differences if d.field == "settle")
    assert result.final is None
    assert [d.field for d in result.final_differences] == ["final"]
    assert not result.agrees


def test_a_tenhou_log_with_whole_thousand_results_is_replayed_with_that_eras_rounding_and_uma() -> None:
    """Final points in whole thousands though a score is not (25,500 → +6.0): the log was written when Tenhou
    rounded (until about 2020, /docs/rulesets §6), so the replay ends it with `shisha_gonyuu`; an East-only
    game of then paid uma 10-5. Exact results (53,800 → +63.8) keep today's rules; the caller's always win."""
    from service.game.options import GameOptions
    from service.logs.record import GameLog
    from service.logs.replay import rules_for

    def options(points: list[int], scores: list[int], length: str, game: GameOptions | None = None) -> tuple:
        log = GameLog("tenhou_xml", 4, {"preset": "tenhou", "length": length}, [], final_scores=scores,
                      final_points=points)  # fmt: skip
        _, chosen = rules_for(log, None, game)
        return chosen.final_rounding, None if chosen.uma is None else tuple(chosen.uma)

    old = ([6000, -39000, 53000, -20000], [25500, 11200, 43800, 19500])
    new = ([63800, -23900, 9300, -49200], [53800, 16100, 29300, 800])
    assert options(*old, "hanchan") == ("shisha_gonyuu", None)
    assert options(*old, "tonpuu") == ("shisha_gonyuu", (10000, 5000, -5000, -10000))
    assert options(*new, "tonpuu") == (None, None)
    assert options(*old, "tonpuu", GameOptions(final_rounding="none")) == ("none", (10000, 5000, -5000, -10000))

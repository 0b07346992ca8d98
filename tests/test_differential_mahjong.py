"""Differential test: our ``standard`` preset against the ``mahjong`` package (2.1.0).

Hypothesis generates valid winning hands (:mod:`tests.strategies`); each is scored by
``service.scoring.score`` and by ``mahjong``'s ``HandCalculator`` with the same options
(open tanyao on, aka dora on, double yakuman on, kazoe = yakuman, no kiriage; see
:mod:`tests.mahjong_ref`). Both must agree on win / no win, points, han, fu (not for
yakuman) and the yaku with their han.

No pattern is excluded from the comparison: in 220,000 seeded hands the package was never
found wrong. The one kind of disagreement found is our core's (a yakuman and a kazoe reading
at equal points): :func:`test_yakuman_outranks_kazoe_at_equal_points` holds a hand worked
out by hand. A package error, if one turns up, gets a ``test_pinned_<rule>`` case with the
hand-worked value and an exclusion of exactly that pattern here.
"""

from __future__ import annotations

from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings

from service.scoring import ScoreRequest, ScoreResult, score
from tests.mahjong_ref import Reference, reference_score
from tests.strategies import winning_hands
from tests.tenhou import CORPUS_FILE, TENHOU_RULES, is_yakuman_record, load_records, request_from_record

pytestmark = pytest.mark.slow

PACKAGE_REASONS = {"hand_not_winning": "not_complete", "no_yaku": "no_yaku"}
"""The package's error strings → our ``reason`` for a legal hand that does not win."""


def ours(request: dict[str, Any]) -> ScoreResult:
    """Our core's score of a request dict."""
    return score(msgspec.convert(request, ScoreRequest))


def assert_same_score(mine: ScoreResult, theirs: Reference) -> None:
    """Our result and the package's agree on everything both of them define."""
    assert mine.is_win == theirs.is_win, (mine.reason, theirs.reason)
    if not mine.is_win:
        assert mine.reason == PACKAGE_REASONS[theirs.reason or ""]
        return
    assert mine.points == theirs.points
    assert (mine.yakuman > 0) == theirs.yakuman
    assert mine.han == theirs.han
    if not theirs.yakuman:
        assert mine.fu == theirs.fu
    assert {(y.id, y.han) for y in mine.yaku} == theirs.yaku


@settings(max_examples=2000, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(request=winning_hands())
def test_standard_preset_agrees_with_mahjong_package(request: dict[str, Any]) -> None:
    """Every generated winning hand scores the same under both implementations."""
    assert_same_score(ours(request), reference_score(request))


@pytest.mark.skipif(not CORPUS_FILE.exists(), reason=f"Tenhou corpus not found at {CORPUS_FILE}")
def test_reference_adapter_reproduces_tenhou() -> None:
    """The oracle itself is sound: through :mod:`tests.mahjong_ref`, the package scores all
    1,655 Tenhou wins as Tenhou did (points; han and fu for hands that are not yakuman)."""
    for record in load_records():
        theirs = reference_score(request_from_record(record))
        expected = record["expected"]
        assert theirs.points == expected["points"], record["case_id"]
        if not is_yakuman_record(record):
            assert (theirs.han, theirs.fu) == (expected["han"], expected["fu"]), record["case_id"]


def test_yakuman_outranks_kazoe_at_equal_points() -> None:
    """A yakuman reading beats a kazoe reading worth the same points (RULES.md §2, §3 Limits).

    3334405566777m + 4m, non-dealer tsumo, double riichi, ippatsu:
    - 333m 444m 555m 777m + 66m, all concealed (tsumo) = suuankou, 1 yakuman: 8000/16000 = 32,000;
    - 345m 345m 345m 777m + 66m = double riichi 2 + ippatsu 1 + menzen tsumo 1 + tanyao 1
      + iipeikou 1 + chinitsu 6 + aka dora 1 = 13 han, kazoe yakuman: also 32,000.
    The points tie; the hand is a yakuman (the package, which follows Tenhou here, says
    suuankou), and a yakuman ignores han, fu and dora: a 13-han reading must not win the tie
    on its fu or on extra han.
    """
    request = {
        "hand": "3334405566777m",
        "win_tile": "4m",
        "win": "tsumo",
        "seat_wind": "W",
        "round_wind": "E",
        "riichi": True,
        "double_riichi": True,
        "ippatsu": True,
        "dora_indicators": "5z",
    }
    mine = ours(request)
    assert (mine.points, mine.yakuman, mine.limit) == (32000, 1, "yakuman")
    assert [(y.id, y.han) for y in mine.yaku] == [("suuankou", 13)]
    assert reference_score(request).yaku == {("suuankou", 13)}


def test_tenhou_rules_turn_double_yakuman_off_in_both() -> None:
    """The adapter passes rule overrides: under Tenhou's rules suuankou tanki is single.

    111m 222p 333s 444z + 5z, closed ron on 5z (tanki): 1 yakuman = 32,000 non-dealer
    (2 yakuman = 64,000 under the standard preset's double yakuman).
    """
    request = {"hand": "111m222p333s4445z", "win_tile": "5z", "seat_wind": "S"}
    assert ours(request).points == reference_score(request).points == 64000
    tenhou = {**request, "rules": TENHOU_RULES}
    assert ours(tenhou).points == reference_score(tenhou).points == 32000

"""POST /v1/score/batch: one slot per hand, in order, each what POST /v1/score would answer.

A valid hand's slot is its score; an invalid hand's slot is the problem /v1/score would give
(400 not a score request, 422 impossible) with field paths prefixed by ``hands[i]``; the
batch is still 200 (/docs/endpoints "Other endpoints").
"""

from __future__ import annotations

from typing import Any

import msgspec
import pytest
from litestar import Litestar
from litestar.testing import TestClient

from service.api.plumbing.errors import Problem
from service.scoring import ScoreResult
from tests.batch.faults import fail_hands_with_honba_7

MANGAN = {"hand": "234567m3455p234s", "win_tile": "2p", "seat_wind": "S", "riichi": True}
"""Riichi pinfu tanyao sanshoku by ron, non-dealer: mangan, 8000."""

PROBLEM = "application/problem+json"


def batch(client: TestClient[Litestar], hands: list[Any]) -> list[dict[str, Any]]:
    """The ``results`` of a 200 batch answer to ``hands``."""
    response = client.post("/v1/score/batch", json={"hands": hands})
    assert response.status_code == 200, response.text
    assert response.headers["content-type"] == "application/json"
    results = response.json()["results"]
    assert len(results) == len(hands)
    return results


def single(client: TestClient[Litestar], hand: Any) -> tuple[int, dict[str, Any]]:
    """POST /v1/score's status and body for ``hand``."""
    response = client.post("/v1/score", json=hand)
    return response.status_code, response.json()


def test_one_hand_is_scored_as_by_v1_score(client: TestClient[Litestar]) -> None:
    (result,) = batch(client, [MANGAN])

    assert (result["is_win"], result["han"], result["limit"], result["points"]) == (True, 5, "mangan", 8000)
    assert result == single(client, MANGAN)[1]


def test_results_keep_the_order_of_the_hands(client: TestClient[Litestar], hands: list[dict[str, Any]]) -> None:
    forward = batch(client, hands)
    backward = batch(client, hands[::-1])

    assert backward == forward[::-1]
    assert len({msgspec.json.encode(r) for r in forward}) > 20  # the order is visible: many distinct results


def test_results_equal_single_v1_score_results(client: TestClient[Litestar], hands: list[dict[str, Any]]) -> None:
    results = batch(client, hands)

    for hand, result in zip(hands, results, strict=True):
        assert single(client, hand) == (200, result), hand


def test_an_empty_batch_has_no_results(client: TestClient[Litestar]) -> None:
    assert batch(client, []) == []


def test_invalid_hands_get_a_problem_in_their_slot_and_the_rest_are_scored(client: TestClient[Litestar]) -> None:
    hands: list[Any] = [
        MANGAN,
        {**MANGAN, "riichi": False, "ippatsu": True},  # 422: ippatsu without riichi
        {**MANGAN, "foo": 1},  # 400: unknown field
        {**MANGAN, "hand": "234567m3455p23s"},  # 422: 12 tiles
        "234567m3455p234s",  # 400: not an object
        {**MANGAN, "riichi": False},  # a win without riichi: 4 han, 7700
    ]

    results = batch(client, hands)

    assert [r.get("status") for r in results] == [None, 422, 400, 422, 400, None]
    assert [r.get("points") for r in results] == [8000, None, None, None, None, 7700]
    for result in results:
        if "status" in result:
            problem = msgspec.convert(result, Problem, strict=True)
            assert problem.title in ("Bad Request", "Unprocessable Content")
            assert problem.detail
        else:
            msgspec.convert(result, ScoreResult, strict=True)


@pytest.mark.parametrize(
    ("hand", "status", "fields"),
    [
        pytest.param({**MANGAN, "foo": 1}, 400, ["foo"], id="unknown_field"),
        pytest.param({"hand": "234567m3455p234s", "seat_wind": "S"}, 400, ["win_tile"], id="missing_win_tile"),
        pytest.param(
            {**MANGAN, "hand": "234567m3455p", "melds": [{"type": "pon", "tiles": 777}]},
            400,
            ["melds[0].tiles"],
            id="meld_tiles_not_a_string",
        ),
        pytest.param({**MANGAN, "rules": {"kazoe": 3}}, 400, ["rules.kazoe"], id="rule_option_of_the_wrong_type"),
        pytest.param({**MANGAN, "win_tile": "2x"}, 400, ["win_tile"], id="bad_tile_notation"),
        pytest.param({**MANGAN, "honba": 2.5}, 400, ["honba"], id="fractional_honba"),
        pytest.param({**MANGAN, "honba": -1}, 400, ["honba"], id="negative_honba"),
        pytest.param([MANGAN], 400, [""], id="an_array_not_an_object"),
        pytest.param(None, 400, [""], id="null"),
        pytest.param({**MANGAN, "riichi": False, "ippatsu": True}, 422, ["ippatsu"], id="ippatsu_without_riichi"),
        pytest.param({**MANGAN, "hand": "1111m234567p234s", "win_tile": "1m"}, 422, ["hand"], id="fifth_copy"),
        pytest.param({**MANGAN, "hand": "234567m3455p23s"}, 422, ["hand"], id="twelve_tiles"),
        pytest.param({k: v for k, v in MANGAN.items() if k != "seat_wind"}, 422, ["seat_wind"], id="no_seat_wind"),
    ],
)
def test_each_slot_problem_names_its_field_under_its_place_in_the_batch(
    client: TestClient[Litestar], hand: Any, status: int, fields: list[str]
) -> None:
    results = batch(client, [MANGAN, MANGAN, MANGAN, hand])

    problem = results[3]
    assert problem["status"] == status
    assert [e["field"] for e in problem["errors"]] == [f"hands[3].{f}" if f else "hands[3]" for f in fields]
    assert all(e["message"] for e in problem["errors"])
    assert [r["points"] for r in results[:3]] == [8000] * 3


@pytest.mark.parametrize(
    "hand",
    [
        pytest.param({**MANGAN, "foo": 1}, id="unknown_field"),
        pytest.param({**MANGAN, "melds": [{"type": "pon", "tiles": 777}]}, id="meld_tiles_not_a_string"),
        pytest.param({**MANGAN, "riichi": False, "ippatsu": True}, id="ippatsu_without_riichi"),
        pytest.param({**MANGAN, "hand": "1111m234567p234s", "win_tile": "1m"}, id="fifth_copy"),
    ],
)
def test_a_slot_problem_is_the_v1_score_problem_with_prefixed_fields(client: TestClient[Litestar], hand: Any) -> None:
    status, alone = single(client, hand)
    (in_batch,) = batch(client, [hand])

    assert in_batch["status"] == status == alone["status"]
    assert (in_batch["type"], in_batch["title"]) == (alone["type"], alone["title"])
    assert in_batch["errors"] == [{**e, "field": f"hands[0].{e['field']}"} for e in alone["errors"]]


def test_an_integral_float_is_an_integer_as_in_v1_score(client: TestClient[Litestar]) -> None:
    (result,) = batch(client, [{**MANGAN, "honba": 2.0}])

    assert result == single(client, {**MANGAN, "honba": 2})[1]
    assert result["total"] == 8000 + 600


def test_the_same_hand_twice_gets_the_same_result_twice(client: TestClient[Litestar]) -> None:
    first, second = batch(client, [MANGAN, MANGAN])

    assert first == second


def test_a_bug_while_scoring_one_hand_is_a_500_problem_in_its_slot_only(
    client: TestClient[Litestar], monkeypatch: pytest.MonkeyPatch
) -> None:
    fail_hands_with_honba_7(monkeypatch)

    results = batch(client, [MANGAN, {**MANGAN, "honba": 7}, MANGAN])

    assert [r.get("status") for r in results] == [None, 500, None]
    assert results[1]["detail"] == "The server could not handle this request."
    assert "a bug" not in str(results[1])


@pytest.mark.parametrize(
    "rules",
    [
        {"preset": "wrc", "aka": True},  # WRC has no red fives: aka on needs aka_per_suit too
        {"preset": "standard", "aka": True, "aka_per_suit": 0},
        {"preset": "standard", "sashikomi_yakuman": True},  # needs open_riichi
        {"preset": "standard", "honba": 200},  # 200 a honba is the three-player value
    ],
)
def test_contradictory_rules_are_a_422_in_the_slot_as_on_v1_score(
    client: TestClient[Litestar], rules: dict[str, Any]
) -> None:
    """Rule options that contradict each other: the slot holds the 422 ``/v1/score`` answers, its fields under
    ``hands[1].rules``, whatever path the batch's other hands take (found by a fresh tester: it was a 500)."""
    odd = {**MANGAN, "rules": rules}
    status, alone = single(client, odd)
    assert status == 422
    for hands in ([MANGAN, odd, MANGAN], [MANGAN, odd, {**MANGAN, "honba": 1.0}]):  # 1.0: the raw per-hand path
        results = batch(client, hands)
        assert results[1]["status"] == 422
        assert [e["field"] for e in results[1]["errors"]] == [f"hands[1].{e['field']}" for e in alone["errors"]]
        assert all(f.startswith("hands[1].rules.") for f in (e["field"] for e in results[1]["errors"]))
        assert [results[0]["total"], results[2]["total"]] == [8000, 8000 + 300 * round(hands[2].get("honba", 0))]

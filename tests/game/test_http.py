"""POST /v1/settle, /v1/final, /v1/sticks over HTTP (in process), on the production app
(:func:`service.app.create_app`). Errors: 400 schema (a seat outside 0–3, negative honba), 422 input
that cannot be; every one ``application/problem+json`` naming the field (/docs/endpoints Errors).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from litestar import Litestar
from litestar.testing import TestClient

from service.app import create_app

PROBLEM = "application/problem+json"
START = [25_000, 25_000, 25_000, 25_000]

# Riichi, menzen tsumo, pinfu, tanyao, dora 1: a 5-han mangan for the dealer (seat 0).
DEALER_MANGAN_TSUMO = {
    "scores": START,
    "dealer": 0,
    "honba": 1,
    "riichi": [0],
    "outcome": {
        "type": "tsumo",
        "winner": 0,
        "hand": {"hand": "23455m234p34567s", "win_tile": "5s", "riichi": True, "dora_indicators": "1m"},
    },
}


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient[Litestar]]:
    app = create_app()
    with TestClient(app=app, raise_server_exceptions=False) as c:
        yield c


def problem_of(response: Any, status: int) -> dict[str, Any]:
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == PROBLEM
    body = response.json()
    assert body["status"] == status
    assert body["detail"]
    return body


def fields_of(body: dict[str, Any]) -> list[str]:
    return [e["field"] for e in body["errors"]]


def test_settle_dealer_mangan_tsumo_is_4100_all(client: TestClient[Litestar]) -> None:
    response = client.post("/v1/settle", json=DEALER_MANGAN_TSUMO)

    assert response.status_code == 200
    assert response.headers["content-type"] == "application/json"
    body = response.json()
    assert body["deltas"] == [12_300, -4_100, -4_100, -4_100]
    assert body["scores"] == [37_300, 20_900, 20_900, 20_900]
    assert body["next_hand"] == {"dealer": 0, "honba": 2, "riichi_sticks": 0, "round_wind": None}
    assert (body["game_over"], body["end_reason"], body["placings"]) == (False, None, None)
    (win,) = body["wins"]
    assert (win["winner"], win["han"], win["limit"], win["points"], win["total"]) == (0, 5, "mangan", 12_000, 13_300)
    assert win["score"]["yaku"][0] == {"id": "riichi", "han": 1, "name": "Riichi"}


def test_settle_double_ron_with_an_already_scored_value(client: TestClient[Litestar]) -> None:
    # As in test_settle_wins: seat 3 (first from discarder 2) 1300 + 300 + 2000; dealer 2900.
    body = {
        "scores": [25_000, 25_000, 24_000, 25_000],
        "dealer": 0,
        "honba": 1,
        "riichi_sticks": 1,
        "riichi": [3],
        "outcome": {
            "type": "ron",
            "discarder": 2,
            "wins": [{"winner": 0, "value": {"han": 2, "fu": 30}}, {"winner": 3, "value": {"han": 1, "fu": 40}}],
        },
    }
    response = client.post("/v1/settle", json=body)

    assert response.status_code == 200, response.text
    assert response.json()["deltas"] == [2_900, 0, -4_500, 2_600]


def test_settle_kostarev_bust_reports_the_game_over_with_placings(client: TestClient[Litestar]) -> None:
    body = {
        "rules": "kostarev",
        "scores": [30_000, 30_000, 35_000, 5_000],
        "dealer": 0,
        "outcome": {"type": "ron", "discarder": 3, "wins": [{"winner": 1, "value": {"han": 5}}]},
    }
    result = client.post("/v1/settle", json=body).json()

    assert result["scores"] == [30_000, 35_000, 35_000, 0]
    assert result["transfers"] == [
        {"payer": 3, "payee": 1, "amount": 5_000, "owed": 8_000, "kind": "ron", "name": "Ron"}
    ]
    assert (result["out"], result["game_over"], result["end_reason"]) == ([3], True, "bust")
    assert [p["seat"] for p in result["placings"]] == [1, 2, 0, 3]  # 1 and 2 tie: 1 is nearer seat 0


def test_final_uma_oka(client: TestClient[Litestar]) -> None:
    response = client.post("/v1/final", json={"scores": [42_300, 31_000, 18_700, 8_000]})

    assert response.status_code == 200
    assert [p["final"] for p in response.json()["placings"]] == [47_300, 6_000, -16_300, -37_000]


def test_sticks_plan_with_change(client: TestClient[Litestar]) -> None:
    body = {"amount": 2300, "payer": {"5000": 1}, "payee": {"1000": 5, "100": 10}}
    response = client.post("/v1/sticks", json=body)

    assert response.status_code == 200
    assert response.json() == {
        "amount": 2300,
        "sticks": {"10000": 0, "5000": 0, "1000": 2, "100": 3},
        "plan_possible": True,
        "plan": {
            "pay": {"10000": 0, "5000": 1, "1000": 0, "100": 0},
            "change": {"10000": 0, "5000": 0, "1000": 2, "100": 7},
            "sticks_moved": 10,
        },
        "reason": None,
    }


def test_sticks_without_a_plan_says_so(client: TestClient[Litestar]) -> None:
    response = client.post("/v1/sticks", json={"amount": 300, "payer": {"1000": 1}, "payee": {"100": 5}})

    assert response.status_code == 200
    body = response.json()
    assert (body["plan_possible"], body["plan"]) == (False, None)
    assert body["reason"]


def _settle(**changes: Any) -> dict[str, Any]:
    body: dict[str, Any] = {
        "scores": START,
        "dealer": 0,
        "outcome": {"type": "ron", "discarder": 2, "wins": [{"winner": 1, "value": {"han": 1, "fu": 30}}]},
    }
    body.update(changes)
    return body


RON_ON_SELF = {"type": "ron", "discarder": 1, "wins": [{"winner": 1, "value": {"han": 1, "fu": 30}}]}
SEAT_4 = {"type": "ron", "discarder": 4, "wins": [{"winner": 1, "value": {"han": 1, "fu": 30}}]}
WINNER_5 = {"type": "tsumo", "winner": 5, "value": {"han": 1, "fu": 30}}
BAD_TILES = {"type": "tsumo", "winner": 1, "hand": {"hand": "23455m234p3456s", "win_tile": "5s"}}


@pytest.mark.parametrize(
    ("path", "body", "status", "fields"),
    [
        pytest.param("/v1/settle", _settle(outcome=SEAT_4), 400, ["outcome.discarder"], id="discarder-seat-4"),
        pytest.param("/v1/settle", _settle(outcome=WINNER_5), 400, ["outcome.winner"], id="winner-seat-5"),
        pytest.param("/v1/settle", _settle(dealer=-1), 400, ["dealer"], id="dealer-negative"),
        pytest.param("/v1/settle", _settle(honba=-1), 400, ["honba"], id="negative-honba"),
        # three scores under a four-player preset: the shape allows 3 (option players 3), the rules do not
        pytest.param("/v1/settle", _settle(scores=[25_000] * 3), 422, ["scores"], id="three-scores-for-four"),
        pytest.param("/v1/settle", _settle(bogus=1), 400, ["bogus"], id="unknown-field"),
        pytest.param("/v1/settle", _settle(outcome={"type": "kan"}), 400, ["outcome.type"], id="unknown-outcome"),
        pytest.param(
            "/v1/settle", _settle(outcome={"type": "chombo"}), 400, ["outcome.seat"], id="chombo-without-seat"
        ),
        pytest.param("/v1/settle", _settle(game={"bust": "sometimes"}), 400, ["game.bust"], id="unknown-bust-mode"),
        pytest.param("/v1/settle", _settle(outcome=RON_ON_SELF), 422, ["outcome.wins[0].winner"], id="discarder-wins"),
        pytest.param(
            "/v1/settle", _settle(scores=[25_000, 25_000, 25_000, 20_000]), 422, ["scores"], id="scores-cannot-be"
        ),
        pytest.param(
            "/v1/settle", _settle(scores=[50_000, 25_000, 26_000, -1_000]), 422, ["scores[3]"], id="already-bust"
        ),
        pytest.param("/v1/settle", _settle(outcome=BAD_TILES), 422, ["outcome.hand.hand"], id="core-error-prefixed"),
        pytest.param("/v1/final", {"scores": [1, 2, 3]}, 422, ["scores"], id="final-three-scores-for-four"),
        pytest.param("/v1/final", {"scores": [1, 2]}, 400, ["scores"], id="final-two-scores"),
        pytest.param(
            "/v1/final",
            {"scores": START, "game": {"uma": [10_000, 0, 0, 0]}},
            422,
            ["game.uma"],
            id="final-uma-not-zero-sum",
        ),
        pytest.param("/v1/sticks", {"amount": 250}, 400, ["amount"], id="sticks-not-multiple-of-100"),
        pytest.param("/v1/sticks", {"amount": 100, "payer": {"500": 1}}, 400, ["payer.500"], id="sticks-no-such-stick"),
        pytest.param("/v1/sticks", {"amount": 100, "payer": {"100": -1}}, 400, ["payer.100"], id="sticks-negative"),
    ],
)
def test_bad_input_is_a_problem_naming_the_field(
    client: TestClient[Litestar], path: str, body: dict[str, Any], status: int, fields: list[str]
) -> None:
    assert fields_of(problem_of(client.post(path, json=body), status)) == fields


def test_malformed_json_is_400(client: TestClient[Litestar]) -> None:
    response = client.post("/v1/settle", content=b"{not json", headers={"content-type": "application/json"})

    problem_of(response, 400)


def test_openapi_lists_the_game_operations(client: TestClient[Litestar]) -> None:
    doc = client.get("/schema/openapi.json").json()

    operations = {path: doc["paths"][path]["post"]["operationId"] for path in ("/v1/settle", "/v1/final", "/v1/sticks")}
    assert operations == {"/v1/settle": "settleHand", "/v1/final": "finalStandings", "/v1/sticks": "sticksPlan"}
    for name in ("SettleRequest", "SettleResult", "FinalRequest", "FinalResult", "SticksRequest", "SticksResult"):
        assert name in doc["components"]["schemas"]
    assert "422" in doc["paths"]["/v1/settle"]["post"]["responses"]


def test_settle_names_the_abortive_draw_the_end_and_the_chombo_in_the_language_asked(
    client: TestClient[Litestar],
) -> None:
    abortive = {
        "rules": "tenhou",
        "scores": [25_000] * 4,
        "dealer": 0,
        "outcome": {"type": "abortive", "kind": "kyuushu_kyuuhai"},
    }
    body = client.post("/v1/settle", json=abortive, headers={"Accept-Language": "ja"}).json()
    assert (body["abortive"], body["abortive_name"]) == ("kyuushu_kyuuhai", "九種九牌")
    # South 4, dealer 3 first with 30,000 wins 500 all (1 han 30 fu): agari-yame
    yame = {
        "rules": "tenhou",
        "scores": [20_000, 25_000, 25_000, 30_000],
        "dealer": 3,
        "round_wind": "S",
        "outcome": {"type": "tsumo", "winner": 3, "value": {"han": 1, "fu": 30}},
    }
    body = client.post("/v1/settle", json=yame, headers={"Accept-Language": "ja"}).json()
    assert (body["end_reason"], body["end_reason_name"]) == ("agari_yame", "アガリやめ")
    chombo = {"scores": [25_000] * 4, "dealer": 0, "outcome": {"type": "chombo", "seat": 1}}
    body = client.post("/v1/settle", json=chombo, headers={"Accept-Language": "ru"}).json()
    assert {t["name"] for t in body["transfers"]} == {"Штраф за чомбо"}
    assert body["deltas"] == [4_000, -8_000, 2_000, 2_000]  # 4,000 to the dealer, 2,000 to each other

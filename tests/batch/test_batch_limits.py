"""POST /v1/score/batch as a whole: the envelope, the 1,000-hand maximum and the 1 MiB body limit.

Only a body that is not ``{"hands": [...]}``, or holds too many hands, fails the batch (400
naming ``hands``); a body over the route's own limit is 413; a non-JSON type 415.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from litestar import Litestar
from litestar.testing import TestClient

from service.api.routes.batch import BATCH_MAX_BODY_BYTES, MAX_BATCH_HANDS

from .conftest import APP_MAX_BODY_BYTES
from .test_batch_http import MANGAN, PROBLEM


def problem_of(response: Any, status: int) -> dict[str, Any]:
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == PROBLEM
    body = response.json()
    assert body["status"] == status
    assert body["detail"]
    return body


def test_the_documented_maximum_is_1000_hands() -> None:
    assert MAX_BATCH_HANDS == 1000


def test_a_batch_of_the_maximum_is_scored(client: TestClient[Litestar]) -> None:
    hands = [{**MANGAN, "honba": i % 101} for i in range(MAX_BATCH_HANDS)]

    response = client.post("/v1/score/batch", json={"hands": hands})

    assert response.status_code == 200
    results = response.json()["results"]
    assert [r["total"] for r in results] == [8000 + 300 * (i % 101) for i in range(MAX_BATCH_HANDS)]


def test_one_hand_over_the_maximum_is_a_400_naming_hands(client: TestClient[Litestar]) -> None:
    response = client.post("/v1/score/batch", json={"hands": [MANGAN] * (MAX_BATCH_HANDS + 1)})

    body = problem_of(response, 400)
    assert [e["field"] for e in body["errors"]] == ["hands"]
    assert "1,000" in body["errors"][0]["message"]


def test_the_route_accepts_bodies_over_the_apps_64_kib_limit(client: TestClient[Litestar]) -> None:
    body = json.dumps({"hands": [MANGAN] * MAX_BATCH_HANDS}).encode()
    assert APP_MAX_BODY_BYTES < len(body) < BATCH_MAX_BODY_BYTES

    response = client.post("/v1/score/batch", content=body, headers={"content-type": "application/json"})

    assert response.status_code == 200


def test_the_single_route_keeps_the_apps_64_kib_limit(client: TestClient[Litestar]) -> None:
    body = json.dumps({**MANGAN, "round_wind": "E" + " " * APP_MAX_BODY_BYTES}).encode()

    response = client.post("/v1/score", content=body, headers={"content-type": "application/json"})

    problem_of(response, 413)


def test_a_body_over_1_mib_is_413(client: TestClient[Litestar]) -> None:
    padding = " " * (BATCH_MAX_BODY_BYTES + 1)
    body = ('{"hands": [' + json.dumps(MANGAN) + "]" + padding + "}").encode()

    response = client.post("/v1/score/batch", content=body, headers={"content-type": "application/json"})

    problem_of(response, 413)


@pytest.mark.parametrize(
    ("body", "fields"),
    [
        pytest.param({}, ["hands"], id="no_hands"),
        pytest.param({"hands": MANGAN}, ["hands"], id="hands_not_an_array"),
        pytest.param({"hands": [MANGAN], "rules": "kids"}, ["rules"], id="unknown_field_beside_hands"),
        pytest.param([MANGAN], [""], id="an_array_not_an_object"),
    ],
)
def test_a_body_that_is_not_a_batch_is_a_400_naming_the_field(
    client: TestClient[Litestar], body: Any, fields: list[str]
) -> None:
    response = client.post("/v1/score/batch", json=body)

    assert [e["field"] for e in problem_of(response, 400)["errors"]] == fields


def test_malformed_json_is_400(client: TestClient[Litestar]) -> None:
    body = ('{"hands": [' + json.dumps(MANGAN)).encode()  # truncated

    response = client.post("/v1/score/batch", content=body, headers={"content-type": "application/json"})

    problem_of(response, 400)


def test_a_body_that_is_not_json_is_415(client: TestClient[Litestar]) -> None:
    response = client.post("/v1/score/batch", content=b"hands", headers={"content-type": "text/plain"})

    problem_of(response, 415)


@pytest.mark.parametrize(("open_", "close"), [("[", "]"), ('{"a":', "}")])
def test_a_hand_nested_too_deeply_is_a_400_not_a_500(client: TestClient[Litestar], open_: str, close: str) -> None:
    # 1,926 bytes: msgspec recursed once per level through the batch's raw hands (RecursionError, was a 500).
    depth = 5000
    body = '{"hands":[' + open_ * depth + close * depth + "]}"

    response = client.post("/v1/score/batch", content=body, headers={"Content-Type": "application/json"})

    problem = problem_of(response, 400)
    assert problem["errors"] == [
        {"field": "", "message": "JSON nested too deeply (arrays or objects within each other)"}
    ]


def test_a_hand_nested_less_deeply_gets_a_400_in_its_slot(client: TestClient[Litestar]) -> None:
    body = '{"hands":[' + "[" * 100 + "]" * 100 + "]}"

    response = client.post("/v1/score/batch", content=body, headers={"Content-Type": "application/json"})

    assert response.status_code == 200
    slot = response.json()["results"][0]
    assert slot["status"] == 400
    assert slot["errors"][0]["field"] == "hands[0]"


def test_a_hand_nested_100_deep_is_its_slots_problem_and_5000_deep_refuses_the_body(
    client: TestClient[Litestar],
) -> None:
    """A deep hand is answered in its slot while the decoder can walk it; past that (documented: some 900
    levels, no score request is more than 4 deep) the body as a whole is "nested too deeply"."""
    good = '{"hand": "234567m3455p234s", "win_tile": "2p", "seat_wind": "S", "riichi": true}'
    shallow = client.post(
        "/v1/score/batch",
        content='{"hands": [' + good + ", " + "[" * 100 + "]" * 100 + "]}",
        headers={"content-type": "application/json"},
    )
    assert shallow.status_code == 200
    first, second = shallow.json()["results"]
    assert first["points"] == 8000  # riichi pinfu tanyao sanshoku, mangan
    assert (second["status"], [e["field"] for e in second["errors"]]) == (400, ["hands[1]"])
    deep = client.post(
        "/v1/score/batch",
        content='{"hands": [' + good + ", " + "[" * 5000 + "]" * 5000 + "]}",
        headers={"content-type": "application/json"},
    )
    assert (deep.status_code, [e["field"] for e in deep.json()["errors"]]) == (400, [""])

"""POST /v1/logs/replay with a Mahjong Soul record: the replay over HTTP, and a bad record as a 422 naming
the round and the event (/docs/logs §Mahjong Soul)."""

from __future__ import annotations

import json

from litestar import Litestar
from litestar.testing import TestClient

from tests.logs.test_majsoul import RIICHI_DEALT_IN, body


def test_a_record_is_replayed(client: TestClient[Litestar]) -> None:
    response = client.post(
        "/v1/logs/replay", content=body(RIICHI_DEALT_IN), headers={"content-type": "application/json"}
    )
    assert response.status_code == 200, response.text
    answer = response.json()
    assert answer["format"] == "majsoul"
    assert answer["agrees"] is True
    assert answer["rounds"][0]["scores"] == [25000, 33000, 17000, 25000]  # seat 2 pays seat 1's 8,000 mangan


def test_a_record_with_a_tile_nobody_holds_is_a_422_naming_the_event(client: TestClient[Litestar]) -> None:
    records = json.loads(body(RIICHI_DEALT_IN))
    records["data"][5]["data"]["tile"] = "9p"  # seat 2 discards a 9p it does not hold
    response = client.post("/v1/logs/replay", content=json.dumps(records), headers={"content-type": "application/json"})
    assert response.status_code == 422
    assert response.headers["content-type"] == "application/problem+json"
    (error,) = response.json()["errors"]
    assert error["field"] == "log.rounds[0].events[6]"
    assert "does not hold 9p" in error["message"]

"""POST /v1/logs/replay with a tenhou.net/6 JSON body: a real log answered 200, a broken one 422 naming
the round and the event (tests/logs/data/SOURCES.md names the log's source)."""

from __future__ import annotations

import json
from pathlib import Path

from litestar import Litestar
from litestar.testing import TestClient

DATA = Path(__file__).resolve().parents[1] / "logs" / "data" / "tenhou6"


def test_a_real_tenhou6_game_is_replayed_over_http(client: TestClient[Litestar]) -> None:
    body = (DATA / "output_log.example.json").read_bytes()
    response = client.post("/v1/logs/replay", content=body, headers={"content-type": "application/json"})
    assert response.status_code == 200
    answer = response.json()
    assert answer["format"] == "tenhou6"
    assert answer["summary"]["rounds"] == 10
    assert answer["agrees"] is True


def test_a_call_of_a_tile_nobody_discarded_is_a_422_naming_the_event(client: TestClient[Litestar]) -> None:
    log = json.loads((DATA / "double_ron.json").read_bytes())
    log["log"][0][8][4] = "p111111"  # seat 1's fifth take becomes a pon of 1m from the previous seat
    response = client.post(
        "/v1/logs/replay", content=json.dumps(log).encode(), headers={"content-type": "application/json"}
    )
    assert response.status_code == 422
    assert response.headers["content-type"].startswith("application/problem+json")
    (error,) = response.json()["errors"]
    assert error["field"].startswith("log.rounds[0].events[")

"""POST /v1/score/batch is scored in chunks on the event loop: other requests are answered meanwhile.

A batch of three chunks (:data:`~service.api.routes.batch.CHUNK_HANDS` hands each) is posted to the
production app in process (``httpx.ASGITransport``: both requests on one event loop, as on one granian
worker); once its first hand is being scored, ``GET /health`` is sent. Each hand scored notes whether
``/health`` has been answered yet: were the batch scored in one go, ``/health`` would be answered only
after its last hand.
"""

from __future__ import annotations

import asyncio
import io
import json
from typing import Any

import httpx
import pytest

import service.api.routes.batch as batch_routes
from service.api.routes.batch import CHUNK_HANDS
from service.api.telemetry.logs import configure_logging
from service.app import create_app
from tests.batch.faults import fail_hands_with_honba_7, one_at_a_time

MANGAN = {"hand": "234567m3455p234s", "win_tile": "2p", "seat_wind": "S", "riichi": True}
"""Riichi pinfu tanyao sanshoku by ron, non-dealer: mangan, 8000."""


def test_health_is_answered_between_the_chunks_of_a_batch(monkeypatch: pytest.MonkeyPatch) -> None:
    app = create_app()
    health_answered = [False]
    seen: list[bool] = []  # for each hand scored, in order: had /health been answered?
    real_score = batch_routes.score

    def noting_score(request: Any) -> Any:
        seen.append(health_answered[0])
        return real_score(request)

    monkeypatch.setattr(batch_routes, "score", noting_score)
    one_at_a_time(monkeypatch, lambda hand: seen.append(health_answered[0]))  # the C code's paths
    hands = [{**MANGAN, "honba": i % 101} for i in range(3 * CHUNK_HANDS)]

    async def scenario() -> tuple[httpx.Response, httpx.Response]:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
            batch = asyncio.create_task(client.post("/v1/score/batch", json={"hands": hands}))
            for _ in range(100_000):  # until the batch's first chunk has started (bounded: a broken hook fails)
                if seen or batch.done():
                    break
                await asyncio.sleep(0)
            assert seen, "no hand was scored"
            health = await client.get("/health")
            health_answered[0] = True
            return health, await batch

    health, batch = asyncio.run(scenario())

    assert (health.status_code, health.json()) == (200, {"status": "ok"})
    assert len(seen) == 3 * CHUNK_HANDS
    assert seen[:CHUNK_HANDS] == [False] * CHUNK_HANDS  # /health waited for the chunk being scored, no more
    assert seen[-1] is True, "/health was answered only after the whole batch"
    assert batch.status_code == 200
    assert [r["total"] for r in batch.json()["results"]] == [8000 + 300 * (i % 101) for i in range(3 * CHUNK_HANDS)]


def test_a_bug_in_one_hand_is_logged_with_the_request_id(monkeypatch: pytest.MonkeyPatch) -> None:
    """The request's context (its ``request_id``) is the batch's: a bug in one hand is logged under it."""
    app = create_app()
    fail_hands_with_honba_7(monkeypatch)
    stream = io.StringIO()
    configure_logging(stream=stream)
    try:

        async def post() -> httpx.Response:
            async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://test") as client:
                hands = [MANGAN, {**MANGAN, "honba": 7}]
                return await client.post("/v1/score/batch", json={"hands": hands}, headers={"X-Request-ID": "batch-7"})

        response = asyncio.run(post())
    finally:
        configure_logging()

    assert [r.get("status") for r in response.json()["results"]] == [None, 500]
    lines = [json.loads(line) for line in stream.getvalue().splitlines()]
    (error,) = [r for r in lines if r["level"] == "error"]
    assert error["event"] == "Unhandled exception while scoring hands[1] of a batch"
    assert error["request_id"] == "batch-7"
    assert error["exception"][0]["exc_value"] == "a bug"

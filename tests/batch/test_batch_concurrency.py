"""POST /v1/score/batch is scored off the event loop: other requests are answered meanwhile.

The batch's first hand is held (a :class:`threading.Event`) until the test has had its answer
to ``GET /health``, sent while that batch is in flight, over the production app in process
(``httpx.ASGITransport``: both requests on one event loop, as on one granian worker). Were the
handler run on the loop, the held hand would block the loop, ``/health`` would only be answered
after the batch, and the hold would end by its timeout instead of by the test.
"""

from __future__ import annotations

import asyncio
import io
import json
import threading
import time
from typing import Any

import httpx
import pytest

import service.api.batch_routes as batch_routes
from service.api.logs import configure_logging
from service.app import create_app

MANGAN = {"hand": "234567m3455p234s", "win_tile": "2p", "seat_wind": "S", "riichi": True}
"""Riichi pinfu tanyao sanshoku by ron, non-dealer: mangan, 8000."""

HOLD_SECONDS = 5.0
"""Longest the first hand is held; the test releases it as soon as ``/health`` has answered."""


def test_health_is_answered_while_a_batch_is_being_scored(monkeypatch: pytest.MonkeyPatch) -> None:
    app = create_app()  # before the patch: building the document scores the batch example
    scoring = threading.Event()  # set when the batch's first hand starts being scored
    release = threading.Event()  # set by the test once /health has answered
    released_by_test: list[bool] = []
    real_score_item = batch_routes.score_item

    def held_score_item(index: int, raw: Any, lang: Any = "en") -> Any:
        if index == 0:
            scoring.set()
            released_by_test.append(release.wait(timeout=HOLD_SECONDS))
        return real_score_item(index, raw, lang)

    monkeypatch.setattr(batch_routes, "score_item", held_score_item)

    async def scenario() -> tuple[httpx.Response, bool, httpx.Response]:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
            batch = asyncio.create_task(client.post("/v1/score/batch", json={"hands": [MANGAN, MANGAN]}))
            deadline = time.monotonic() + HOLD_SECONDS
            while not scoring.is_set() and time.monotonic() < deadline:
                await asyncio.sleep(0.001)
            health = await client.get("/health")
            batch_in_flight = not batch.done()
            release.set()
            return health, batch_in_flight, await batch

    health, batch_in_flight, batch = asyncio.run(scenario())

    assert (health.status_code, health.json()) == (200, {"status": "ok"})
    assert batch_in_flight, "/health was answered only after the batch"
    assert released_by_test == [True], "the held hand ran out its timeout: /health waited for the batch"
    assert batch.status_code == 200
    assert [r["points"] for r in batch.json()["results"]] == [8000, 8000]


def test_a_hand_scored_in_the_worker_thread_logs_with_the_request_id(monkeypatch: pytest.MonkeyPatch) -> None:
    """The request's context (its ``request_id``) reaches the thread: a bug in one hand is logged under it."""
    real_score = batch_routes.score

    def failing_on_honba_7(request: Any) -> Any:
        if request.honba == 7:
            raise RuntimeError("a bug")
        return real_score(request)

    app = create_app()
    monkeypatch.setattr(batch_routes, "score", failing_on_honba_7)
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

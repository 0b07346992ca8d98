"""A client that hangs up before sending its whole body: counted and logged as 499, never as a 500 error.

Litestar raises ``InternalServerException("client disconnected prematurely")`` when the
server's ASGI ``http.disconnect`` arrives while it reads the body; these tests drive the
production app with a raw ASGI ``receive`` that returns part of a body and then that event.
"""

from __future__ import annotations

import io
from typing import Any

import pytest
from litestar import Litestar

import service.api.routes.scoring
from service.api.routes.operations import METRICS_STATE_KEY
from service.app import create_app
from tests.api.asgi import asgi_request
from tests.api.logcapture import records

MANGAN = b'{"hand": "234567m3455p234s", "win_tile": "2p", "seat_wind": "S", "riichi": true}'

POST_ROUTES = ["/v1/score", "/v1/score/batch", "/v1/tenpai", "/v1/settle", "/v1/final", "/v1/sticks"]


@pytest.fixture
def app() -> Litestar:
    """A new production app per test: its own metrics registry, so counts start at zero."""
    return create_app()


def call(
    app: Litestar, path: str, events: list[dict[str, Any]], headers: list[tuple[bytes, bytes]]
) -> list[dict[str, Any]]:
    """Run one ``POST path`` through ``app`` with ``receive`` returning ``events`` (then disconnects); what it sent."""
    headers = [(b"host", b"testserver"), (b"content-type", b"application/json"), *headers]
    return asgi_request(app, "POST", path, headers, events)


def request_counts(app: Litestar) -> dict[tuple[str, str], float]:
    """``riichi_http_requests_total`` by (route, status), read from the app's registry."""
    counts: dict[tuple[str, str], float] = {}
    for family in app.state[METRICS_STATE_KEY].registry.collect():
        if family.name == "riichi_http_requests":
            for sample in family.samples:
                if sample.name == "riichi_http_requests_total":
                    counts[sample.labels["route"], sample.labels["status"]] = sample.value
    return counts


CUT_OFF: dict[str, tuple[list[dict[str, Any]], list[tuple[bytes, bytes]]]] = {
    "content-length not reached": (
        [{"type": "http.request", "body": MANGAN[:20], "more_body": True}, {"type": "http.disconnect"}],
        [(b"content-length", str(len(MANGAN) + 400).encode())],
    ),
    "chunked upload unfinished": (
        [
            {"type": "http.request", "body": MANGAN[:10], "more_body": True},
            {"type": "http.request", "body": MANGAN[10:30], "more_body": True},
            {"type": "http.disconnect"},
        ],
        [(b"transfer-encoding", b"chunked")],
    ),
    "no body at all": ([{"type": "http.disconnect"}], [(b"content-length", b"500")]),
}


@pytest.mark.parametrize("path", POST_ROUTES)
@pytest.mark.parametrize("case", CUT_OFF)
def test_a_client_gone_mid_body_is_a_499_logged_at_info_without_a_traceback(
    app: Litestar, logs: io.StringIO, path: str, case: str
) -> None:
    events, headers = CUT_OFF[case]

    sent = call(app, path, events, [*headers, (b"x-request-id", b"gone-1")])  # does not raise

    counts = request_counts(app)
    assert counts == {(path, "499"): 1.0}
    assert all(m.get("status") != 500 for m in sent)
    lines = records(logs)
    assert [r for r in lines if r["level"] not in ("info", "debug")] == []
    assert all("exception" not in r for r in lines)
    gone, access = [r for r in lines if r.get("request_id") == "gone-1"]
    assert (gone["event"], gone["level"], gone["method"], gone["path"]) == ("client disconnected", "info", "POST", path)
    assert (access["event"], access["status"]) == ("request", 499)


def test_a_disconnect_after_the_whole_body_is_not_a_cut_off(app: Litestar, logs: io.StringIO) -> None:

    sent = call(app, "/v1/score", [{"type": "http.request", "body": MANGAN, "more_body": False}], [])

    assert sent[0]["status"] == 200
    assert request_counts(app) == {("/v1/score", "200"): 1.0}
    assert "client disconnected" not in [r["event"] for r in records(logs)]


def test_a_real_500_is_still_an_error_after_a_cut_off_request(
    app: Litestar, logs: io.StringIO, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The 499 flag is per request: the next request's bug is logged as an error and counted as 500."""
    call(app, "/v1/score", CUT_OFF["content-length not reached"][0], [(b"content-length", b"500")])

    def broken(_: object) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(service.api.routes.scoring, "score", broken)
    sent = call(app, "/v1/score", [{"type": "http.request", "body": MANGAN, "more_body": False}], [])

    assert sent[0]["status"] == 500
    assert request_counts(app) == {("/v1/score", "499"): 1.0, ("/v1/score", "500"): 1.0}
    assert [r["event"] for r in records(logs) if r["level"] == "error"] == [
        "Unhandled exception while handling a request"
    ]

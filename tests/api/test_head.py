"""HEAD /health and HEAD /ready: GET's status and headers, no body (RFC 9110 §9.3.2).

``Content-Length`` is the length the GET body has (RFC 9110 §8.6 allows it only with that value).
"""

from __future__ import annotations

import pytest
from litestar import Litestar
from litestar.testing import TestClient

from service.app import create_app


@pytest.mark.parametrize(("path", "body"), [("/health", b'{"status":"ok"}'), ("/ready", b'{"status":"ready"}')])
def test_head_answers_as_get_without_the_body(client: TestClient[Litestar], path: str, body: bytes) -> None:
    got = client.get(path)
    head = client.head(path, headers={"X-Request-ID": "probe-1"})

    assert got.content == body
    assert head.status_code == 200
    assert head.content == b""
    assert head.headers["content-type"] == "application/json"
    assert head.headers["content-length"] == str(len(body))
    assert head.headers["x-request-id"] == "probe-1"


def test_head_ready_is_503_without_a_body_before_startup_and_after_shutdown() -> None:
    app = create_app()
    before = TestClient(app=app, raise_server_exceptions=False).head("/ready")  # no lifespan: not started
    with TestClient(app=app) as c:
        during = c.head("/ready")
    after = TestClient(app=app, raise_server_exceptions=False).head("/ready")

    assert (before.status_code, during.status_code, after.status_code) == (503, 200, 503)
    assert (before.content, during.content, after.content) == (b"", b"", b"")
    assert after.headers["content-type"] == "application/problem+json"


def test_head_is_counted_as_head_in_the_metrics() -> None:
    with TestClient(app=create_app()) as c:
        c.head("/health")
        c.head("/health")
        text = c.get("/metrics").text

    assert 'riichi_http_requests_total{method="HEAD",route="/health",status="200"} 2.0' in text


def test_head_where_only_post_is_served_is_still_405_without_a_body(client: TestClient[Litestar]) -> None:
    response = client.head("/v1/score")

    assert response.status_code == 405
    assert response.content == b""
    assert response.headers["allow"] == "POST, OPTIONS"
    assert response.headers["content-type"] == "application/problem+json"  # what GET would have answered


def test_head_is_not_a_documented_operation(client: TestClient[Litestar]) -> None:
    paths = client.get("/schema/openapi.json").json()["paths"]

    assert set(paths["/health"]) == {"get"}
    assert set(paths["/ready"]) == {"get"}

"""Operations: /health, /ready, /metrics, X-Request-ID, JSON logs, Swagger UI without a CDN, 500s."""

from __future__ import annotations

import io
import re

import pytest
from litestar import Litestar
from litestar.testing import TestClient

import service.api.routes.scoring
from service.api.docs.swagger import ASSETS_PATH, SITE_PATH
from service.app import create_app
from tests.api.logcapture import records

MANGAN = {"hand": "234567m3455p234s", "win_tile": "2p", "seat_wind": "S", "riichi": True}


def test_ready_is_200_after_startup(client: TestClient[Litestar]) -> None:
    response = client.get("/ready")

    assert response.status_code == 200
    assert response.json() == {"status": "ready"}


def test_ready_is_a_503_problem_before_startup_and_after_shutdown() -> None:
    app = create_app()
    before = TestClient(app=app, raise_server_exceptions=False).get("/ready")  # no lifespan: not started
    with TestClient(app=app) as c:
        during = c.get("/ready")
    after = TestClient(app=app, raise_server_exceptions=False).get("/ready")

    assert (before.status_code, during.status_code, after.status_code) == (503, 200, 503)
    assert before.headers["content-type"] == "application/problem+json"
    assert after.json()["detail"] == "The service is starting or shutting down."


def test_metrics_counts_requests_by_route_and_status_in_prometheus_text() -> None:
    with TestClient(app=create_app()) as c:
        c.post("/v1/score", json=MANGAN)
        c.post("/v1/score", json=MANGAN)
        c.post("/v1/score", json={**MANGAN, "foo": 1})
        c.get("/no/such/path")
        c.put("/v1/score", json=MANGAN)
        c.delete("/v1/rules/tenhou")
        c.post("/v1/score", json=MANGAN, headers={"X-Request-ID": "x" * 300})  # refused before routing: 431
        c.post("/no/such/path", json=MANGAN, headers={"X-Request-ID": "x" * 300})
        response = c.get("/metrics")

    assert response.status_code == 200
    assert response.headers["content-type"] == "text/plain; version=0.0.4; charset=utf-8"
    text = response.text
    assert 'riichi_http_requests_total{method="POST",route="/v1/score",status="200"} 2.0' in text
    assert 'riichi_http_requests_total{method="POST",route="/v1/score",status="400"} 1.0' in text
    assert 'riichi_http_requests_total{method="GET",route="unmatched",status="404"} 1.0' in text
    assert 'riichi_http_requests_total{method="PUT",route="/v1/score",status="405"} 1.0' in text
    assert 'riichi_http_requests_total{method="DELETE",route="/v1/rules/{preset}",status="405"} 1.0' in text
    assert 'riichi_http_requests_total{method="POST",route="/v1/score",status="431"} 1.0' in text
    assert 'riichi_http_requests_total{method="POST",route="unmatched",status="431"} 1.0' in text
    assert 'riichi_http_request_duration_seconds_count{method="POST",route="/v1/score"} 4.0' in text  # 431 too
    assert "# TYPE riichi_http_request_duration_seconds histogram" in text


def test_metrics_reports_the_scoring_cache_hit_ratio_at_scrape_time(client: TestClient[Litestar]) -> None:
    client.post("/v1/score", json=MANGAN)
    client.post("/v1/score", json=MANGAN)

    text = client.get("/metrics").text

    hits = re.search(r'riichi_scoring_cache_hits_total\{cache="results"\} ([0-9.e+]+)', text)
    assert hits is not None
    assert float(hits[1]) >= 1  # the second identical request was answered from the result cache
    for cache in ("results",):
        ratio = re.search(rf'riichi_scoring_cache_hit_ratio{{cache="{cache}"}} ([0-9.e+-]+)', text)
        assert ratio is not None
        assert 0.0 <= float(ratio[1]) <= 1.0
        assert f'riichi_scoring_cache_hits_total{{cache="{cache}"}}' in text
        assert f'riichi_scoring_cache_misses_total{{cache="{cache}"}}' in text
        assert f'riichi_scoring_cache_size{{cache="{cache}"}}' in text


@pytest.mark.parametrize("path", ["/v1/score", "/no/such/path"])
def test_request_id_from_the_client_is_echoed(client: TestClient[Litestar], path: str) -> None:
    response = client.post(path, json=MANGAN, headers={"X-Request-ID": "trace-42/abc"})

    assert response.headers["x-request-id"] == "trace-42/abc"


@pytest.mark.parametrize("sent", [None, "", "has space", "x" * 129, "ünïcode".encode()])
def test_request_id_is_generated_when_absent_or_unusable(
    client: TestClient[Litestar], sent: str | bytes | None
) -> None:
    headers: dict[bytes, bytes] = (
        {} if sent is None else {b"X-Request-ID": sent if isinstance(sent, bytes) else sent.encode()}
    )
    response = client.get("/health", headers=headers)

    assert re.fullmatch(r"[0-9a-f]{32}", response.headers["x-request-id"])


def test_every_log_line_of_a_request_is_json_with_its_request_id(
    client: TestClient[Litestar], logs: io.StringIO
) -> None:
    client.post("/v1/score", json=MANGAN, headers={"X-Request-ID": "req-1"})

    (line,) = [r for r in records(logs) if r.get("request_id") == "req-1"]
    assert line["event"] == "request"
    assert line["logger"] == "service.access"
    assert line["level"] == "info"
    assert (line["method"], line["path"], line["route"], line["status"]) == ("POST", "/v1/score", "/v1/score", 200)
    assert line["duration_ms"] >= 0
    assert line["timestamp"].endswith("Z")


def test_a_bug_is_a_500_problem_logged_with_its_traceback_and_request_id(
    client: TestClient[Litestar], logs: io.StringIO, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(_: object) -> None:
        raise RuntimeError("secret internal state")

    monkeypatch.setattr(service.api.routes.scoring, "score", broken)

    response = client.post("/v1/score", json=MANGAN, headers={"X-Request-ID": "bug-1"})

    assert response.status_code == 500
    assert response.headers["content-type"] == "application/problem+json"
    assert response.headers["x-request-id"] == "bug-1"
    assert "secret" not in response.text
    error, access = [r for r in records(logs) if r.get("request_id") == "bug-1"]
    assert error["level"] == "error"
    assert error["exception"][0]["exc_type"] == "RuntimeError"
    assert error["exception"][0]["exc_value"] == "secret internal state"
    assert access["status"] == 500


def test_unknown_schema_page_is_a_404_problem_not_html(client: TestClient[Litestar]) -> None:
    response = client.get("/schema/no-such-page")

    assert response.status_code == 404
    assert response.headers["content-type"] == "application/problem+json"


def test_swagger_ui_is_served_without_any_cdn(client: TestClient[Litestar]) -> None:
    page = client.get("/schema")

    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    urls = re.findall(r"""(?:src|href)=["']([^"']+)["']""", page.text)
    assert urls, page.text[:500]
    assert not [u for u in urls if "//" in u], "every asset must be served by this server"
    assert sorted(urls) == sorted(
        [
            *(
                f"{ASSETS_PATH}/{name}"
                for name in (
                    "favicon-32x32.png",
                    "swagger-ui.css",
                    "swagger-ui-bundle.js",
                    "swagger-ui-standalone-preset.js",
                )
            ),
            f"{SITE_PATH}/swagger-page.css",
            f"{SITE_PATH}/swagger-init.js",
        ]
    )
    for url in urls:
        asset = client.get(url)
        assert asset.status_code == 200, url
        assert len(asset.content) > 20, url
    assert "<script>" not in page.text
    assert "<style" not in page.text
    assert "/schema/openapi.json" in client.get(f"{SITE_PATH}/swagger-init.js").text  # the document, same origin


def test_openapi_json_is_served_at_the_documented_path(client: TestClient[Litestar]) -> None:
    response = client.get("/schema/openapi.json")

    assert response.status_code == 200
    assert response.json()["openapi"] == "3.1.0"

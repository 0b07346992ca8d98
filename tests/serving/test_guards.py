"""Public-deployment guards (:mod:`service.api.plumbing.guards`): off by default, on by environment.

The rate limit's shared store is a real ``redis-server`` (Debian's), started on a free port: two
applications (two workers, or two replicas) count one client together.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from litestar import Litestar
from litestar.testing import TestClient

from service.api.telemetry.logs import configure_logging
from service.app import create_app
from tests.api.logcapture import records

from .conftest import redis_server

SCORE: dict[str, Any] = {"hand": "234567m3455p234s", "win_tile": "2p", "seat_wind": "S", "riichi": True}
KEY = "k-3f9a1c77d2e04b8c"


def app_with(monkeypatch: pytest.MonkeyPatch, **env: str) -> Litestar:
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return create_app()


def test_the_guards_are_off_by_default() -> None:
    with TestClient(app=create_app()) as c:
        responses = [c.post("/v1/score", json=SCORE) for _ in range(30)]

    assert {r.status_code for r in responses} == {200}
    assert not [h for h in responses[0].headers if h.lower().startswith(("ratelimit", "access-control"))]


def test_an_api_key_is_required_on_v1_only_and_never_logged(monkeypatch: pytest.MonkeyPatch) -> None:
    app = app_with(monkeypatch, RIICHI_API_KEYS=f"other-key, {KEY}")
    stream = io.StringIO()
    with TestClient(app=app) as c:
        configure_logging(stream=stream)
        missing = c.post("/v1/score", json=SCORE)
        wrong = c.post("/v1/score", json=SCORE, headers={"X-API-Key": KEY + "x"})
        by_header = c.post("/v1/score", json=SCORE, headers={"X-API-Key": KEY})
        by_bearer = c.get("/v1/yaku", headers={"Authorization": f"Bearer {KEY}"})
        open_paths = [c.get(p).status_code for p in ("/health", "/ready", "/docs/rules", "/schema/openapi.json")]
    configure_logging()

    for refused in (missing, wrong):
        assert refused.status_code == 401
        assert refused.headers["content-type"] == "application/problem+json"
        assert refused.json()["type"] == "/problems/unauthorized"
        assert refused.headers["www-authenticate"].startswith("ApiKey")
    assert (by_header.status_code, by_bearer.status_code) == (200, 200)
    assert open_paths == [200, 200, 200, 200]
    assert KEY not in stream.getvalue()
    assert [r["event"] for r in records(stream)].count("request") >= 4


def test_wrong_keys_are_rate_limited_against_the_address(monkeypatch: pytest.MonkeyPatch) -> None:
    """30 different wrong keys from one address: the first 3 are refused as unknown (401), the rest as
    over the 3/minute budget of that address (429); guessing keys is limited like anything else."""
    app = app_with(monkeypatch, RIICHI_API_KEYS=KEY, RIICHI_RATE_LIMIT="3/minute")
    with TestClient(app=app) as c:
        statuses = [c.post("/v1/score", json=SCORE, headers={"X-API-Key": f"guess-{i}"}).status_code for i in range(30)]
    assert statuses == [401] * 3 + [429] * 27


def test_api_keys_from_a_file(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    keys = tmp_path / "keys"
    keys.write_text(f"first\n{KEY}\n")
    with TestClient(app=app_with(monkeypatch, RIICHI_API_KEYS_FILE=str(keys))) as c:
        assert c.post("/v1/score", json=SCORE, headers={"X-API-Key": KEY}).status_code == 200
        assert c.post("/v1/score", json=SCORE, headers={"X-API-Key": "third"}).status_code == 401


@pytest.fixture(scope="module")
def redis_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with redis_server(tmp_path_factory.mktemp("redis")) as (url, _):
        yield url


def test_a_rate_limit_shared_in_redis_counts_one_client_across_two_apps(
    monkeypatch: pytest.MonkeyPatch, redis_url: str
) -> None:
    env = {"RIICHI_RATE_LIMIT": "5/minute", "RIICHI_RATE_LIMIT_REDIS_URL": redis_url, "RIICHI_API_KEYS": KEY}
    first, second = app_with(monkeypatch, **env), app_with(monkeypatch, **env)
    headers = {"X-API-Key": KEY}
    with TestClient(app=first) as a, TestClient(app=second) as b:
        statuses = [(a if i % 2 else b).post("/v1/score", json=SCORE, headers=headers).status_code for i in range(5)]
        refused = a.post("/v1/score", json=SCORE, headers=headers)
        refused_too = b.get("/v1/yaku", headers=headers)
        probes = [a.get("/health").status_code, b.get("/ready").status_code]

    assert statuses == [200] * 5
    for response in (refused, refused_too):
        assert response.status_code == 429
        assert response.headers["content-type"] == "application/problem+json"
        assert response.json()["type"] == "/problems/too-many-requests"
        assert 1 <= int(response.headers["retry-after"]) <= 60
        assert response.headers["ratelimit-limit"] == "5"
    assert probes == [200, 200]  # only /v1/ is limited


def test_redis_down_lets_requests_through_uncounted(monkeypatch: pytest.MonkeyPatch) -> None:
    """Redis gone (nothing listens on the port): no 500 and no long wait; each request passes uncounted.
    Port 1 on 127.0.0.1 refuses at once, so the timeout is not even needed."""
    env = {"RIICHI_RATE_LIMIT": "2/minute", "RIICHI_RATE_LIMIT_REDIS_URL": "redis://127.0.0.1:1/0"}
    with TestClient(app=app_with(monkeypatch, **env)) as c:
        statuses = [c.post("/v1/score", json=SCORE).status_code for _ in range(4)]
    assert statuses == [200] * 4  # over the 2/minute budget, but nothing can count it


def test_each_client_has_its_own_budget(monkeypatch: pytest.MonkeyPatch, redis_url: str) -> None:
    env = {"RIICHI_RATE_LIMIT": "2/minute", "RIICHI_RATE_LIMIT_REDIS_URL": redis_url, "RIICHI_API_KEYS": "k-one,k-two"}
    with TestClient(app=app_with(monkeypatch, **env)) as c:
        one = [c.get("/v1/rules", headers={"X-API-Key": "k-one"}).status_code for _ in range(3)]
        two = [c.get("/v1/rules", headers={"X-API-Key": "k-two"}).status_code for _ in range(2)]

    assert (one, two) == ([200, 200, 429], [200, 200])


def test_trusting_every_peer_is_refused_at_startup(monkeypatch: pytest.MonkeyPatch) -> None:
    """RIICHI_TRUST_PROXY=1 took X-Real-IP from anyone; it now stops the app with a message naming
    RIICHI_TRUSTED_PROXIES, and a network that does not read does too."""
    monkeypatch.setenv("RIICHI_TRUST_PROXY", "1")
    with pytest.raises(ValueError, match="RIICHI_TRUSTED_PROXIES"):
        create_app()
    monkeypatch.delenv("RIICHI_TRUST_PROXY")
    monkeypatch.setenv("RIICHI_TRUSTED_PROXIES", "10.0.0.0/33")
    with pytest.raises(ValueError, match="RIICHI_TRUSTED_PROXIES"):
        create_app()


def test_a_malformed_rate_limit_fails_at_startup(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RIICHI_RATE_LIMIT", "lots")
    with pytest.raises(ValueError, match="RIICHI_RATE_LIMIT"):
        create_app()


def test_cors_answers_only_the_allowed_origins(monkeypatch: pytest.MonkeyPatch) -> None:
    with TestClient(app=app_with(monkeypatch, RIICHI_CORS_ORIGINS="https://table.example")) as c:
        allowed = c.options(
            "/v1/score",
            headers={"Origin": "https://table.example", "Access-Control-Request-Method": "POST"},
        )
        other = c.post("/v1/score", json=SCORE, headers={"Origin": "https://elsewhere.example"})
        simple = c.post("/v1/score", json=SCORE, headers={"Origin": "https://table.example"})

    assert allowed.status_code in (200, 204)
    assert allowed.headers["access-control-allow-origin"] == "https://table.example"
    assert "access-control-allow-origin" not in other.headers
    assert simple.headers["access-control-allow-origin"] == "https://table.example"


def _vary(response: Any) -> list[str]:
    """The ``Vary`` tokens of ``response``, from every ``Vary`` header it has."""
    return [t.strip() for value in response.headers.get_list("vary") for t in value.split(",") if t.strip()]


def test_cors_appends_origin_to_vary_and_keeps_accept_language(monkeypatch: pytest.MonkeyPatch) -> None:
    """A shared cache keys a localised answer on Accept-Language, and with CORS on Origin too, whether the
    request had an Origin (allowed or not) or none: one Vary header, each token once."""
    with TestClient(app=app_with(monkeypatch, RIICHI_CORS_ORIGINS="https://table.example")) as c:
        allowed = c.post("/v1/score", json=SCORE, headers={"Origin": "https://table.example", "Accept-Language": "ja"})
        other = c.get("/v1/rules", headers={"Origin": "https://elsewhere.example"})
        none = c.get("/v1/rules", headers={"Accept-Language": "ru"})
        probe = c.get("/health")
        preflight = c.options(
            "/v1/score", headers={"Origin": "https://table.example", "Access-Control-Request-Method": "POST"}
        )

    assert allowed.headers["access-control-allow-origin"] == "https://table.example"
    assert allowed.headers["content-language"] == "ja"
    for response in (allowed, other, none):
        assert len(response.headers.get_list("vary")) == 1
        assert sorted(_vary(response)) == ["Accept-Language", "Origin"]
    assert none.headers["cache-control"] == "public, max-age=300"  # cacheable: the case that matters
    assert _vary(probe) == ["Origin"]  # not localised: nothing else to vary on
    assert _vary(preflight) == ["Origin"]


def test_a_refused_cors_preflight_is_a_problem_naming_the_header(monkeypatch: pytest.MonkeyPatch) -> None:
    with TestClient(app=app_with(monkeypatch, RIICHI_CORS_ORIGINS="https://table.example")) as c:
        origin = c.options(
            "/v1/score", headers={"Origin": "https://elsewhere.example", "Access-Control-Request-Method": "POST"}
        )
        method = c.options(
            "/v1/score", headers={"Origin": "https://table.example", "Access-Control-Request-Method": "PATCH"}
        )

    for response in (origin, method):
        assert response.status_code == 400
        assert response.headers["content-type"] == "application/problem+json"
        assert response.headers["x-content-type-options"] == "nosniff"
        assert response.headers["cache-control"] == "no-store"
        # The refusal's title is in the request's language, so it varies by both.
        assert _vary(response) == ["Accept-Language", "Origin"]
        assert "access-control-allow-origin" not in response.headers
    assert origin.json()["type"] == "/problems/invalid-request"
    assert [e["field"] for e in origin.json()["errors"]] == ["headers.origin"]
    assert [e["field"] for e in method.json()["errors"]] == ["headers.access-control-request-method"]


def test_without_cors_vary_is_accept_language_only() -> None:
    with TestClient(app=create_app()) as c:
        localised = c.get("/v1/rules", headers={"Origin": "https://table.example"})
        probe = c.get("/health")

    assert localised.headers.get_list("vary") == ["Accept-Language"]
    assert "vary" not in probe.headers

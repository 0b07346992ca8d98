"""Issue 16's probes as regression tests: no 5xx for any path, no echo, Host, HEAD, header caps,
security headers, Cache-Control / ETag / 304 (:mod:`service.api.plumbing.hardening`)."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from litestar import Litestar
from litestar.testing import TestClient

from service.api.docs.swagger import ASSETS_PATH, DOCS_STYLESHEET, SITE_PATH
from service.api.plumbing.hardening import CONTENT_SECURITY_POLICY, HEADER_CAPS, MAX_HEADER_BYTES

from .asgi import asgi_request
from .logcapture import records

MANGAN: dict[str, Any] = {"hand": "234567m3455p234s", "win_tile": "2p", "seat_wind": "S", "riichi": True}
SECURITY = {
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "no-referrer",
    "content-security-policy": CONTENT_SECURITY_POLICY,
}


@pytest.mark.parametrize(
    "path",
    [
        "/static/swagger-ui/index.html%00.js",  # the probe: a 500 with a traceback
        f"{ASSETS_PATH}/index.html%00.js",
        f"{SITE_PATH}/docs.css%00",
        "/v1/rules/standard%00",
        "/docs/rules%0a",
        "/%7f",
    ],
)
def test_a_path_with_a_control_character_is_a_404_problem_without_a_traceback(
    client: TestClient[Litestar], logs: io.StringIO, path: str
) -> None:
    response = client.get(path)

    assert response.status_code == 404
    assert response.headers["content-type"] == "application/problem+json"
    assert response.json()["type"] == "/problems/not-found"
    assert [r for r in records(logs) if r["level"] == "error"] == []


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    prefix=st.sampled_from(["/", "/static/", f"{ASSETS_PATH}/", f"{SITE_PATH}/", "/v1/rules/", "/docs/", "/schema/"]),
    rest=st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=40),
    method=st.sampled_from(["GET", "HEAD", "POST", "OPTIONS", "DELETE"]),
)
def test_no_path_is_ever_a_5xx(client: TestClient[Litestar], prefix: str, rest: str, method: str) -> None:
    from urllib.parse import quote

    response = client.request(method, prefix + quote(rest, safe="/"))

    assert response.status_code < 500, (prefix, rest, response.text)


@pytest.mark.parametrize(
    "path",
    [
        "/no-such-page-MARKER",
        f"{ASSETS_PATH}/MARKER.js",
        f"{SITE_PATH}/MARKER.css",
        "/v1/rules/MARKER",
        "/docs/MARKER",
        "/problems/MARKER",
        "/schema/MARKER",
    ],
)
def test_a_404_never_echoes_the_path(client: TestClient[Litestar], path: str) -> None:
    response = client.get(path)

    assert response.status_code == 404
    assert "MARKER" not in response.text


def _asgi_call(app: Any, headers: list[tuple[bytes, bytes]], http_version: str = "1.1") -> tuple[int, bytes]:
    """One raw ASGI request (the test client always sends a Host): its status and body."""
    sent = asgi_request(app, "GET", "/health", headers, [{"type": "http.request", "body": b""}], http_version)
    return sent[0]["status"], b"".join(m.get("body", b"") for m in sent[1:])


def test_http_1_1_without_host_is_a_400_naming_host(app: Litestar) -> None:
    status, body = _asgi_call(app, [])
    assert status == 400
    assert b'"field":"headers.host"' in body
    assert _asgi_call(app, [(b"host", b"")])[0] == 400  # what granian passes on when the request has none
    assert _asgi_call(app, [(b"host", b"a"), (b"host", b"b")])[0] == 400
    assert _asgi_call(app, [(b"host", b"127.0.0.1")])[0] == 200
    assert _asgi_call(app, [], http_version="1.0")[0] == 200  # HTTP/1.0 has no Host requirement


@pytest.mark.parametrize("name", sorted(n.decode() for n in HEADER_CAPS if n != b"host"))
def test_every_parsed_header_is_capped(client: TestClient[Litestar], name: str) -> None:
    cap = HEADER_CAPS[name.encode()]
    response = client.get("/v1/yaku", headers={name: "a" * (cap + 1)})

    assert response.status_code == 431
    assert response.headers["content-type"] == "application/problem+json"
    assert response.json()["errors"] == [{"field": f"headers.{name}", "message": f"at most {cap:,} bytes"}]


def test_any_other_header_is_capped_and_so_is_their_sum(client: TestClient[Litestar]) -> None:
    assert client.get("/health", headers={"X-Anything": "a" * MAX_HEADER_BYTES}).status_code == 200
    assert client.get("/health", headers={"X-Anything": "a" * (MAX_HEADER_BYTES + 1)}).status_code == 431
    many = {f"X-H{i}": "a" * 8000 for i in range(5)}
    response = client.get("/health", headers=many)
    assert (response.status_code, response.json()["errors"][0]["field"]) == (431, "headers")


def _get_paths(app: Litestar) -> list[str]:
    """One concrete path for every GET route of the app."""
    fill = {"preset": "standard", "page": "rules", "name": "not-found", "path": "openapi.json"}
    paths = []
    for route in app.routes:
        if "GET" not in getattr(route, "methods", set()):
            continue
        path = route.path
        if "{file_path:path}" in path:
            path = path.replace("{file_path:path}", "docs.css" if path.startswith(SITE_PATH) else "swagger-ui.css")
        path = re.sub(r"\{(\w+):\w+\}", lambda m: fill[m[1]], path)
        paths.append(path)
    return sorted(set(paths))


def test_head_answers_every_get_route_as_get_does_without_a_body(app: Litestar, client: TestClient[Litestar]) -> None:
    paths = _get_paths(app)
    assert {"/v1/rules", "/v1/yaku", "/v1/table", "/", "/docs/rules", "/schema/openapi.json"} <= set(paths)
    for path in paths:
        got = client.get(path)
        head = client.head(path)
        assert (path, head.status_code) == (path, got.status_code)
        assert head.content == b"", path
        assert head.headers.get("content-type") == got.headers.get("content-type"), path
        if "content-length" in got.headers and path != "/metrics":  # the metrics grow between the two
            assert head.headers["content-length"] == got.headers["content-length"], path
        assert head.headers.get("etag") == got.headers.get("etag"), path


@pytest.mark.parametrize(
    ("method", "path", "status"),
    [
        ("GET", "/health", 200),
        ("GET", "/v1/yaku", 200),
        ("POST", "/v1/score", 200),
        ("GET", "/nowhere", 404),
        ("GET", "/v1/score", 405),
        ("GET", "/static/x%00", 404),
        ("GET", "/schema", 200),
        ("GET", DOCS_STYLESHEET, 200),
    ],
)
def test_every_response_has_the_security_headers(
    client: TestClient[Litestar], method: str, path: str, status: int
) -> None:
    response = client.request(method, path, json=MANGAN if method == "POST" else None)

    assert response.status_code == status
    for name, value in SECURITY.items():
        assert response.headers[name] == value, name


def test_the_csp_allows_nothing_inline_and_no_other_origin() -> None:
    directives = dict(d.strip().split(" ", 1) for d in CONTENT_SECURITY_POLICY.split(";"))
    assert directives["default-src"] == "'self'"
    assert directives["frame-ancestors"] == "'none'"
    assert all("unsafe" not in v and "http" not in v and "*" not in v for v in directives.values())


@pytest.mark.parametrize("path", ["/", "/docs/rules", "/docs/problems", "/problems/not-found", "/schema"])
def test_the_html_pages_satisfy_the_csp(client: TestClient[Litestar], path: str) -> None:
    page = client.get(path).text

    assert not re.search(r"<style|<script>|<script [^>]*>[^<]", page), "no inline style or script"
    assert not re.search(r"""\s(style|on\w+)=""", page), "no style attribute, no inline event handler"
    for url in re.findall(r"""(?:src|href)=["']([^"']+)["']""", page):
        assert url.startswith("/"), url
        assert not url.startswith("//"), url
    for url in re.findall(r"""<(?:link|script)[^>]*(?:src|href)=["']([^"']+)["']""", page):
        assert client.get(url).status_code == 200, url


@pytest.mark.parametrize(
    "path", ["/v1/rules", "/v1/rules/kids", "/v1/yaku", "/v1/table", "/schema/openapi.json", "/docs", "/docs/rules"]
)
def test_catalogues_are_cacheable_with_an_etag_and_a_304(client: TestClient[Litestar], path: str) -> None:
    first = client.get(path)
    etag = first.headers["etag"]
    again = client.get(path, headers={"If-None-Match": f'W/"other", {etag}'})
    changed = client.get(path, headers={"If-None-Match": '"other"'})

    assert first.headers["cache-control"] == "public, max-age=300"
    assert re.fullmatch(r'"[0-9a-f]{32}"', etag)
    assert (again.status_code, again.content, again.headers["etag"]) == (304, b"", etag)
    assert "content-type" not in again.headers
    assert (changed.status_code, changed.content) == (200, first.content)


def test_the_etag_follows_the_language(client: TestClient[Litestar]) -> None:
    en = client.get("/v1/yaku", headers={"Accept-Language": "en"})
    ja = client.get("/v1/yaku", headers={"Accept-Language": "ja"})

    assert en.headers["etag"] != ja.headers["etag"]
    assert en.headers["vary"] == "Accept-Language"


@pytest.mark.parametrize(
    ("method", "path"),
    [("POST", "/v1/score"), ("GET", "/health"), ("GET", "/ready"), ("GET", "/metrics"), ("GET", "/v1/rules/nope")],
)
def test_answers_and_problems_are_no_store(client: TestClient[Litestar], method: str, path: str) -> None:
    response = client.request(method, path, json=MANGAN if method == "POST" else None)

    assert response.headers["cache-control"] == "no-store"
    assert "etag" not in response.headers


@pytest.mark.parametrize("path", [DOCS_STYLESHEET, f"{ASSETS_PATH}/swagger-ui-bundle.js"])
def test_versioned_static_assets_are_immutable(client: TestClient[Litestar], path: str) -> None:
    response = client.get(path)

    assert response.status_code == 200
    assert response.headers["cache-control"] == "public, max-age=31536000, immutable"

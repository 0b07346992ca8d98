"""The shipped proxy configuration's edges: its idle upstream connections are closed before granian
closes them, ``/metrics`` is not served through it, what it answers itself is a problem with the
service's headers, requests that found no answer are sent again once, and no answer names the server's
software or version."""

from __future__ import annotations

import json
import re
import socket
import socketserver
import threading
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from litestar.testing import TestClient

from service.api.docs.swagger import ASSETS_DIR, ASSETS_PATH, SWAGGER_FILES
from service.api.plumbing.hardening import SECURITY_HEADERS
from service.app import create_app
from service.serve import SETTINGS
from tests.servers import free_port

from .conftest import NGINX_CONF, nginx, served


def test_nginx_drops_idle_upstream_connections_before_granian_does() -> None:
    upstream = re.search(r"upstream riichi \{(.*?)\}", NGINX_CONF.read_text(), re.S)
    assert upstream is not None
    timeout = re.search(r"keepalive_timeout (\d+)s;", upstream.group(1))
    assert timeout is not None
    assert int(timeout.group(1)) * 1000 < int(SETTINGS["HEADER_READ_TIMEOUT_MS"])


def exchange(port: int, request: bytes) -> tuple[int, dict[str, str], bytes]:
    """One raw request to 127.0.0.1:``port`` and its answer, read up to its ``Content-Length``: status,
    headers (names in lower case, the last of each), body."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as conn:
        conn.sendall(request)
        answer = b""
        while True:
            head, found, body = answer.partition(b"\r\n\r\n")
            length = re.search(rb"(?im)^content-length: *(\d+)", head)
            if found and length and len(body) >= int(length.group(1)):
                break
            chunk = conn.recv(65536)  # a reset (nginx refusing a body it will not read) fails the test here
            if not chunk:
                break
            answer += chunk
    status_line, *lines = head.decode("latin-1").split("\r\n")
    headers = {name.strip().lower(): value.strip() for name, _, value in (line.partition(":") for line in lines)}
    return int(status_line.split(" ")[1]), headers, body


@pytest.fixture(scope="module")
def proxied(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, int]]:
    """The service and nginx in front of it: (the service's port, nginx's port)."""
    tmp = tmp_path_factory.mktemp("edges")
    with served(tmp) as (url, _), nginx(tmp, url) as proxy:
        yield int(url.rsplit(":", 1)[1]), int(proxy.rsplit(":", 1)[1])


LONG = b"a" * 9000  # over the proxy's 8 KiB line and header limit

# What nginx refuses itself, before the service sees anything: the request, the status and problem type.
REFUSED = {
    "not HTTP": (b"GARBAGE\r\n\r\n", 400, "/problems/invalid-request"),
    "HTTP/1.1 without Host": (b"GET /health HTTP/1.1\r\n\r\n", 400, "/problems/invalid-request"),
    "a chunked body that is not one": (
        b"POST /v1/score HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
        b"zz\r\n{}\r\n0\r\n\r\n",
        400,
        "/problems/invalid-request",
    ),
    "CONNECT": (b"CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n", 400, "/problems/invalid-request"),
    "TRACE": (b"TRACE / HTTP/1.1\r\nHost: x\r\n\r\n", 405, "/problems/method-not-allowed"),
    "a body over 1 MiB": (
        b"POST /v1/score HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2000000\r\n\r\n",
        413,
        "/problems/body-too-large",
    ),
    "a 9,000-byte path": (b"GET /" + LONG + b" HTTP/1.1\r\nHost: x\r\n\r\n", 431, "/problems/header-too-large"),
    "a 9,000-byte header": (
        b"GET /health HTTP/1.1\r\nHost: x\r\nX-A: " + LONG + b"\r\n\r\n",
        431,
        "/problems/header-too-large",
    ),
    "a transfer coding nginx does not know": (
        b"POST /v1/score HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n",
        501,
        "about:blank",
    ),
    "HTTP/2.0 in a request line": (b"GET /health HTTP/2.0\r\nHost: x\r\n\r\n", 505, "about:blank"),
    "/metrics": (b"GET /metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 404, "/problems/not-found"),
    "/metrics/": (b"GET /metrics/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 404, "/problems/not-found"),
    "//metrics": (b"GET //metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 404, "/problems/not-found"),
    "/metrics%2F": (b"GET /metrics%2F HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 404, "/problems/not-found"),
}


def assert_nginx_problem(status: int, headers: dict[str, str], body: bytes, expected: int, kind: str) -> None:
    """An answer of nginx's own: the problem of ``expected`` status and type ``kind``, with every security
    header the service sends, ``no-store``, and no ``Server`` header."""
    assert status == expected
    assert headers["content-type"] == "application/problem+json"
    problem = json.loads(body)
    assert (problem["status"], problem["type"], problem["errors"]) == (expected, kind, [])
    assert problem["title"]
    assert problem["detail"]
    for name, value in SECURITY_HEADERS:
        assert headers[name.decode()] == value.decode(), name
    assert headers["cache-control"] == "no-store"
    assert "server" not in headers
    assert b"nginx" not in body
    assert b"<" not in body


@pytest.mark.parametrize("case", REFUSED, ids=list(REFUSED))
def test_what_nginx_refuses_is_a_problem_with_the_service_headers(proxied: tuple[int, int], case: str) -> None:
    request, expected, kind = REFUSED[case]

    status, headers, body = exchange(proxied[1], request)

    assert_nginx_problem(status, headers, body, expected, kind)
    assert "retry-after" not in headers


def test_metrics_are_served_to_the_network_inside_only(proxied: tuple[int, int]) -> None:
    direct, proxy = proxied
    inside = httpx.get(f"http://127.0.0.1:{direct}/metrics", timeout=10)
    public = httpx.get(f"http://127.0.0.1:{proxy}/metrics", timeout=10)

    assert inside.status_code == 200
    assert "riichi_http_requests_total" in inside.text
    assert public.status_code == 404
    assert "riichi_http_requests_total" not in public.text


def test_no_answer_names_granian_or_nginx(proxied: tuple[int, int]) -> None:
    """granian alone sends the service's ``Server: riichi-scoring``; through nginx no answer has a ``Server`` header
    (headers-more's ``more_clear_headers``): the service's answers, its errors, and nginx's own problems."""
    direct, proxy = proxied
    # granian alone: an answer, a 404, and a refusal of the service's own (Host missing).
    alone = [
        exchange(direct, b"GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"),
        exchange(direct, b"GET /nothing HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"),
        exchange(direct, b"GET /health HTTP/1.1\r\nConnection: close\r\n\r\n"),
    ]
    behind = [
        exchange(proxy, b"GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"),
        exchange(proxy, b"GET /nothing HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"),
        exchange(proxy, b"POST /v1/score HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nConnection: close\r\n\r\n{"),
        exchange(proxy, b"GET /docs HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"),
        *(exchange(proxy, request) for request, _, _ in REFUSED.values()),
    ]

    assert [status for status, _, _ in alone] == [200, 404, 400]
    assert [headers["server"] for _, headers, _ in alone] == ["riichi-scoring"] * 3
    assert [status for status, _, _ in behind[:4]] == [200, 404, 400, 200]
    assert [status for status, _, _ in behind[4:]] == [expected for _, expected, _ in REFUSED.values()]
    assert [headers.get("server") for _, headers, _ in behind] == [None] * len(behind)


def test_a_broken_chunked_body_sent_to_granian_alone_is_a_400_problem(proxied: tuple[int, int]) -> None:
    """granian ends a body whose chunked framing it cannot read as if the client had gone: the client, still
    there, is answered 400 (not nginx's 499); the metrics count the request as 499 (``client closed``)."""
    direct = proxied[0]
    before = httpx.get(f"http://127.0.0.1:{direct}/metrics", timeout=10).text
    status, headers, body = exchange(
        direct,
        b"POST /v1/score HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
        b"zz\r\n{}\r\n0\r\n\r\n",
    )
    after = httpx.get(f"http://127.0.0.1:{direct}/metrics", timeout=10).text
    line = 'riichi_http_requests_total{method="POST",route="/v1/score",status="499"} '

    def count(text: str) -> float:
        return sum(float(row.removeprefix(line)) for row in text.splitlines() if row.startswith(line))

    assert status == 400
    assert headers["content-type"] == "application/problem+json"
    assert json.loads(body)["type"] == "/problems/invalid-request"
    assert headers["x-content-type-options"] == "nosniff"
    assert count(after) == count(before) + 1


def test_the_service_unreachable_is_a_503_problem_with_retry_after(tmp_path: Path) -> None:
    nothing = f"http://127.0.0.1:{free_port()}"  # nothing listens there
    with nginx(tmp_path, nothing, ready_status=503) as proxy:
        status, headers, body = exchange(
            int(proxy.rsplit(":", 1)[1]), b"GET /v1/yaku HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
        )

    assert_nginx_problem(status, headers, body, 503, "/problems/not-ready")
    assert headers["retry-after"] == "1"


class ClosingUpstream(socketserver.ThreadingTCPServer):
    """An upstream that answers the first request of each connection (200, kept alive) and closes the
    connection, unanswered, when a second one arrives on it: what granian does to a kept-alive connection
    it times out just as a request is sent on it. ``seen``: (request line, answered) in order."""

    daemon_threads = True
    allow_reuse_address = True

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), ClosingUpstream.Handler)
        self.seen: list[tuple[str, bool]] = []
        self.lock = threading.Lock()

    class Handler(socketserver.StreamRequestHandler):
        server: ClosingUpstream

        def handle(self) -> None:
            answered = False
            while line := self.rfile.readline():
                length = 0
                while (header := self.rfile.readline()) not in (b"\r\n", b""):
                    name, _, value = header.partition(b":")
                    if name.strip().lower() == b"content-length":
                        length = int(value)
                self.rfile.read(length)
                request = line.decode("latin-1").strip()
                with self.server.lock:
                    self.server.seen.append((request, not answered))
                if answered:
                    return  # closed under the request
                answered = True
                body = b'{"status":"ok"}'
                self.wfile.write(
                    b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n" % len(body)
                    + body
                )
                self.wfile.flush()


def test_a_request_sent_on_a_closing_upstream_connection_is_sent_again(tmp_path: Path) -> None:
    upstream = ClosingUpstream()
    threading.Thread(target=upstream.serve_forever, daemon=True).start()
    try:
        # One client connection, so one nginx worker and its pool of kept-alive upstream connections.
        with (
            nginx(tmp_path, f"http://127.0.0.1:{upstream.server_address[1]}") as proxy,
            httpx.Client(base_url=proxy, timeout=10) as client,
        ):
            client.get("/prime")  # leaves an answered upstream connection in the pool
            answers = [
                client.get("/v1/yaku"),
                client.post("/v1/score", json={"hand": "234567m3455p234s", "win_tile": "2p"}),
                client.get("/docs"),
            ]
    finally:
        upstream.shutdown()
        upstream.server_close()

    assert [answer.status_code for answer in answers] == [200, 200, 200]
    # Each went first on the pooled connection, which closed under it, then on a new one, which answered.
    for path in ("GET /v1/yaku", "POST /v1/score", "GET /docs"):
        tries = [answered for request, answered in upstream.seen if request.startswith(path + " ")]
        assert tries == [False, True], (path, upstream.seen)


@pytest.mark.parametrize("name", ["index.html", "oauth2-redirect.html", "swagger-initializer.js", "swagger-ui.js.map"])
def test_swagger_uis_own_pages_and_extras_are_not_served(name: str) -> None:
    with TestClient(app=create_app()) as client:
        extra = client.get(f"{ASSETS_PATH}/{name}")
        used = [client.get(f"{ASSETS_PATH}/{used}").status_code for used in sorted(SWAGGER_FILES)]

    assert (ASSETS_DIR / name).is_file()  # in the distribution, not served
    assert extra.status_code == 404
    assert extra.headers["content-type"] == "application/problem+json"
    assert used == [200] * 4

"""The production server (granian) starts with the README's command line, serves the app and stops cleanly."""

from __future__ import annotations

import json
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest

from tests.servers import free_port, stop, wait_until

ROOT = Path(__file__).resolve().parents[2]


@contextmanager
def granian() -> Iterator[tuple[str, subprocess.Popen[bytes], Path]]:
    """``granian --interface asgi --host 127.0.0.1 --port PORT service.app:app`` until ready; stopped afterwards.
    Its output (a JSON line a request) goes to the file yielded third: a pipe nobody reads would fill and stall
    the server's logging, and with it every request."""
    port = free_port()
    command = [sys.executable, "-m", "granian", "--interface", "asgi", "--host", "127.0.0.1", "--port", str(port)]
    log = Path(tempfile.mkdtemp(prefix="riichi-granian-")) / "granian.log"
    with log.open("wb") as out:
        server = subprocess.Popen(
            [*command, "service.app:app"], cwd=ROOT, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT
        )
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until(lambda: httpx.get(f"{url}/ready", timeout=1).status_code == 200, 60, "granian", server, log)
        yield url, server, log
    finally:
        stop(server, timeout=10)


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    """A granian server for the module's tests."""
    with granian() as (url, _, _):
        yield url


def test_the_server_is_never_stalled_by_its_own_output(base_url: str) -> None:
    """1,500 requests, each logged as a JSON line of a few hundred bytes: several times what a pipe holds (64 KiB)
    before its writer blocks, were the output a pipe nobody reads. Every one is answered."""
    score = {"hand": "234567m3455p234s", "win_tile": "2p", "seat_wind": "S"}
    with httpx.Client(base_url=base_url, timeout=10) as client:
        statuses = [client.post("/v1/score", json=score).status_code for _ in range(1500)]

    assert statuses == [200] * 1500


def test_granian_serves_health(base_url: str) -> None:
    response = httpx.get(f"{base_url}/health")

    assert response.status_code == 200
    assert response.json() == {"status": "ok"}


def test_granian_answers_head_health_without_a_body_and_keeps_the_connection(base_url: str) -> None:
    with httpx.Client(base_url=base_url) as client:  # one keep-alive connection: HEAD must not desync it
        head = client.head("/health")
        after = client.get("/health")

    assert head.status_code == 200
    assert head.content == b""
    assert head.headers["content-type"] == "application/json"
    assert (after.status_code, after.json()) == (200, {"status": "ok"})


def test_granian_serves_a_score_and_a_problem(base_url: str) -> None:
    hand = {"hand": "234567m3455p234s", "win_tile": "2p", "seat_wind": "S", "riichi": True}

    ok = httpx.post(f"{base_url}/v1/score", json=hand)
    bad = httpx.post(f"{base_url}/v1/score", json={**hand, "foo": 1})

    assert ok.status_code == 200
    assert ok.json()["points"] == 8000
    assert bad.status_code == 400
    assert bad.headers["content-type"] == "application/problem+json"


@pytest.mark.parametrize(
    ("framing", "body"),
    [
        (b"Content-Length: 500", b'{"hand": "234567m'),  # fewer bytes than announced
        (b"Transfer-Encoding: chunked", b'5\r\n{"han\r\n'),  # no terminating 0-length chunk
    ],
    ids=["content-length", "chunked"],
)
def test_granian_counts_a_client_gone_mid_body_as_499_not_500(base_url: str, framing: bytes, body: bytes) -> None:
    def counts() -> dict[str, float]:
        text = httpx.get(f"{base_url}/metrics").text
        prefix = 'riichi_http_requests_total{method="POST",route="/v1/sticks",status="'
        return {
            line[len(prefix) :].split('"')[0]: float(line.split()[-1])
            for line in text.splitlines()
            if line.startswith(prefix)
        }

    before = counts()
    host, port = base_url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port))) as client:
        client.sendall(
            b"POST /v1/sticks HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n" + framing + b"\r\n\r\n" + body
        )
        time.sleep(0.2)  # the server is now waiting for the rest of the body
    deadline = time.monotonic() + 10
    while (after := counts()).get("499", 0) == before.get("499", 0) and time.monotonic() < deadline:
        time.sleep(0.05)

    assert after.get("499", 0) == before.get("499", 0) + 1
    assert after.get("500", 0) == before.get("500", 0) == 0


def test_sigterm_drains_and_exits_cleanly_after_the_shutdown_hooks() -> None:
    with granian() as (url, server, log):
        busy = httpx.post(f"{url}/v1/score", json={"hand": "234567m3455p234s", "win_tile": "2p", "seat_wind": "S"})
        server.send_signal(signal.SIGTERM)
        code = server.wait(timeout=15)
        output = log.read_text(errors="replace")

    assert busy.status_code == 200
    assert code == 0, output
    events = [json.loads(line)["event"] for line in output.splitlines() if line.startswith("{")]
    assert events[0] == "ready"
    assert events[-1] == "shutdown"
    assert "request" in events

"""The production server (granian) starts with the README's command line and serves the app."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    """``granian --interface asgi --host 127.0.0.1 --port PORT service.app:app``, stopped afterwards."""
    port = free_port()
    command = [sys.executable, "-m", "granian", "--interface", "asgi", "--host", "127.0.0.1", "--port", str(port)]
    server = subprocess.Popen(
        [*command, "service.app:app"],
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                httpx.get(f"{url}/health", timeout=1)
                break
            except httpx.TransportError:
                if server.poll() is not None or time.monotonic() > deadline:
                    output = server.stdout.read().decode() if server.stdout else ""
                    pytest.fail(f"granian did not start:\n{output}")
                time.sleep(0.1)
        yield url
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def test_granian_serves_health(base_url: str) -> None:
    response = httpx.get(f"{base_url}/health")

    assert response.status_code == 200
    assert response.json() == {"status": "ok"}


def test_granian_serves_a_score_and_a_problem(base_url: str) -> None:
    hand = {"hand": "234567m3455p234s", "win_tile": "2p", "seat_wind": "S", "riichi": True}

    ok = httpx.post(f"{base_url}/v1/score", json=hand)
    bad = httpx.post(f"{base_url}/v1/score", json={**hand, "foo": 1})

    assert ok.status_code == 200
    assert ok.json()["points"] == 8000
    assert bad.status_code == 400
    assert bad.headers["content-type"] == "application/problem+json"

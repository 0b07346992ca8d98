"""The served process's life: its workers exit with their master, and a stop drains keep-alive clients.

``python -m service.serve`` (2 granian workers) on 127.0.0.1, bounded in time (each wait has a deadline).
"""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import threading
import time
from pathlib import Path

import httpx
import pytest

from .conftest import nginx, served, worker_pids
from .test_serving import SCORE, scored


def _alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie, dead and not yet reaped, does not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _listening(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
    except OSError:
        return False
    return True


@pytest.mark.slow
def test_a_killed_master_takes_its_workers_along_and_the_next_start_works(tmp_path: Path) -> None:
    (tmp_path / "first").mkdir()
    (tmp_path / "again").mkdir()
    with served(tmp_path / "first") as (url, proc):
        port = int(url.rsplit(":", 1)[1])
        log = tmp_path / "first" / "serve.log"
        deadline = time.monotonic() + 30  # /ready answers once one worker runs: wait for both to have started
        while "Started worker-2" not in log.read_text(errors="replace") and time.monotonic() < deadline:
            time.sleep(0.1)
        workers = worker_pids(proc)
        master = int(re.search(r"main PID: (\d+)", log.read_text(errors="replace"))[1])  # type: ignore[index]
        assert scored(url).status_code == 200
        os.kill(master, signal.SIGKILL)
        deadline = time.monotonic() + 15
        while any(_alive(w) for w in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        orphans = [w for w in workers if _alive(w)]
        still_listening = _listening(port)
        supervisor_status = proc.wait(timeout=10)
    with served(tmp_path / "again", PORT=str(port)) as (again, _):
        answer = scored(again).status_code

    assert len(workers) == 2
    assert orphans == []  # no worker left serving unsupervised
    assert not still_listening
    assert supervisor_status != 0  # granian's own end, not a requested stop: a container restarts it
    assert answer == 200  # "Address already in use" no more


SCORE_REQUEST = (
    b"POST /v1/score HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s"
    % (len(json.dumps(SCORE).encode()), json.dumps(SCORE).encode())
)


def _answer(conn: socket.socket) -> tuple[int, bool]:
    """One answer read from ``conn`` (up to its ``Content-Length``): its status, and whether it says
    ``Connection: close``. EOFError when the server closes the connection instead of answering."""
    data = b""
    while True:
        head, found, body = data.partition(b"\r\n\r\n")
        if found:
            length = re.search(rb"(?im)^content-length: *(\d+)", head)
            if length is not None and len(body) >= int(length.group(1)):
                close = re.search(rb"(?im)^connection: *close", head) is not None
                return int(head.split(b" ", 2)[1]), close
        chunk = conn.recv(65536)
        if not chunk:
            raise EOFError
        data += chunk


def _keep_alive_client(port: int, stop: threading.Event, outcomes: list[tuple[bool, str]]) -> None:
    """Score in a loop until ``stop`` on one connection, kept while the answers allow: a new connection only
    after ``Connection: close`` or a failure. Each outcome: (whether the request went on a connection that had
    already been answered on, its status or the error)."""
    conn: socket.socket | None = None
    while not stop.is_set():
        reused = conn is not None
        try:
            if conn is None:
                conn = socket.create_connection(("127.0.0.1", port), timeout=5)
            conn.sendall(SCORE_REQUEST)
            status, close = _answer(conn)
            outcomes.append((reused, str(status)))
        except (OSError, EOFError) as exc:
            outcomes.append((reused, type(exc).__name__))
            close = True
            time.sleep(0.01)
        if close and conn is not None:
            conn.close()
            conn = None
    if conn is not None:
        conn.close()


@pytest.mark.slow
def test_keep_alive_clients_are_answered_through_a_stop(tmp_path: Path) -> None:
    """Clients reusing their connections while SIGTERM drains the server: during the drain every answer
    says ``Connection: close``, so no request is sent on a connection as granian closes it. Every request
    sent on a kept-alive connection is answered 200; a new connection after the listener closes is refused.
    The one exception is the kernel's (see ``test_sigterm_drains_finishes_in_flight_and_exits_0_within_the_deadline``):
    a new connection still in the listen backlog when the listener closes is reset, at most one per client."""
    with served(tmp_path, DRAIN_SECONDS="2", SHUTDOWN_DEADLINE="8") as (url, proc):
        port = int(url.rsplit(":", 1)[1])
        stop = threading.Event()
        outcomes: list[tuple[bool, str]] = []
        clients = [threading.Thread(target=_keep_alive_client, args=(port, stop, outcomes)) for _ in range(16)]
        for c in clients:
            c.start()
        time.sleep(1)
        before = httpx.get(f"{url}/health", timeout=5).headers.get("connection")
        proc.send_signal(signal.SIGTERM)
        time.sleep(0.5)
        during = httpx.get(f"{url}/health", timeout=5).headers.get("connection")
        returncode = proc.wait(timeout=15)
        time.sleep(0.5)
        stop.set()
        for c in clients:
            c.join()

    kept = [outcome for reused, outcome in outcomes if reused]
    new = [outcome for reused, outcome in outcomes if not reused]
    assert returncode == 0
    assert kept.count("200") > 100
    assert set(kept) == {"200"}, [o for o in kept if o != "200"]  # no request on a kept connection dropped
    resets = [o for o in new if o not in ("200", "ConnectionRefusedError")]
    assert len(resets) <= len(clients), resets
    assert (before, during) == (None, "close")


@pytest.mark.slow
def test_keep_alive_clients_of_nginx_are_answered_through_the_services_stop(tmp_path: Path) -> None:
    """The same stop behind nginx (``deploy/nginx.conf``): nginx keeps the clients' connections, so every request
    on them is answered, by the service (200) until it is gone, then by nginx (its 503 problem), never dropped.
    (Here nginx, not the drain's ``Connection: close``, keeps requests from being dropped: an upstream connection
    granian closes under a request is nginx's to retry or answer 503, so this passes without the drain too.)"""
    with (
        served(tmp_path, DRAIN_SECONDS="2", SHUTDOWN_DEADLINE="8") as (url, proc),
        nginx(tmp_path, url) as proxy,
    ):
        stop = threading.Event()
        outcomes: list[tuple[bool, str]] = []
        port = int(proxy.rsplit(":", 1)[1])
        clients = [threading.Thread(target=_keep_alive_client, args=(port, stop, outcomes)) for _ in range(16)]
        for c in clients:
            c.start()
        time.sleep(1)
        proc.send_signal(signal.SIGTERM)
        returncode = proc.wait(timeout=15)
        time.sleep(0.5)
        stop.set()
        for c in clients:
            c.join()
        after = httpx.get(f"{proxy}/v1/yaku", timeout=5)

    kept = [outcome for reused, outcome in outcomes if reused]
    assert returncode == 0
    assert kept.count("200") > 100
    assert "503" in kept  # the clients outlived the service
    assert set(kept) == {"200", "503"}, [o for o in kept if o not in ("200", "503")]
    assert {o for reused, o in outcomes if not reused} <= {"200", "503"}
    assert (after.status_code, after.headers["content-type"]) == (503, "application/problem+json")

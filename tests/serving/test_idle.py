"""Connections that never send a byte, against ``python -m service.serve`` (2 workers) alone, as the
README's home-network mode and the container serve it, and behind nginx (``deploy/nginx.conf``).

600 of them, each opened again as soon as it is closed: more than the 2 x 128 that shut granian
alone down before (granian's HTTP/1-or-2 detection waited for a first byte without a timeout, and each
worker held at most 128 connections). A normal client, a new connection per request, must still be
answered (>= 99.9%), and granian alone must close the silent connections at its header read timeout.
Bounded: 600 connections, at least 1,000 requests over at least 3 s, 5 s per request.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from .conftest import IdleHolder, nginx, normal_client, served

IDLE = 600


def _served_beside(url: str, idle: int) -> tuple[int, int, int]:
    """200s and requests of the normal client (rounds of 100, until >= 1,000 and >= 3 s) while ``idle``
    silent connections are held to ``url``; and how many of them the server closed."""
    with IdleHolder(int(url.rsplit(":", 1)[1]), idle) as holder:
        ok = total = 0
        started = time.monotonic()
        while total < 1000 or time.monotonic() - started < 3:
            answered, took = normal_client(url, 100)
            ok += answered
            total += len(took)
        closed = holder.closed_by_server
    return ok, total, closed


@pytest.mark.slow
def test_silent_connections_to_granian_alone_are_timed_out_and_shut_nobody_out(tmp_path: Path) -> None:
    with served(tmp_path, HEADER_READ_TIMEOUT_MS="1000") as (url, _):
        ok, total, closed = _served_beside(url, IDLE)

    assert ok >= 0.999 * total, (ok, total)
    assert closed >= IDLE  # each silent connection closed at least once at the 1 s header read timeout


@pytest.mark.slow
def test_silent_connections_through_nginx_shut_nobody_out(tmp_path: Path) -> None:
    with served(tmp_path) as (url, _), nginx(tmp_path, url) as front:
        ok, total, _closed = _served_beside(front, IDLE)

    assert ok >= 0.999 * total, (ok, total)

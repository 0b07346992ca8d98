"""A normal client beside connections that never send a byte: ``python -m service.serve`` (2 workers)
alone, and behind nginx (``deploy/nginx.conf``), measured in the same run on 127.0.0.1.

For each front: GET /health, each on a new connection (the case idle connections can shut out), one
after another for ``--seconds`` (15: longer than the 10 s header read timeout, so the idle connections
are closed and opened again while it runs), first with nothing else, then with ``--idle`` connections
held open that send nothing (each opened again as soon as the server closes it). Printed: the share
answered 200, p50 and p99, the p99 against the unloaded p99 of the same front, and how many idle
connections the server (or nginx) closed. Bounded: ``--idle`` (2,000) connections, ``--seconds`` per
case, 5 s per request.

    PYTHONPATH=. .venv/bin/python bench/bench_idle.py --idle 2000 --seconds 15
    PYTHONPATH=. .venv/bin/python bench/bench_idle.py --port 8000   # a server already listening there
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path

from tests.serving.conftest import IdleHolder, nginx, normal_client, served


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def for_seconds(url: str, seconds: float) -> tuple[int, list[float]]:
    """:func:`normal_client` in rounds of 100 for ``seconds``: the 200s, and every request's seconds."""
    ok, took = 0, []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        answered, round_took = normal_client(url, 100)
        ok += answered
        took += round_took
    return ok, took


def measure(name: str, url: str, idle: int, duration: float) -> None:
    normal_client(url, 50)  # warm: imports, caches, the first connections
    _, alone = for_seconds(url, duration)
    with IdleHolder(int(url.rsplit(":", 1)[1]), idle) as holder:
        ok, seconds = for_seconds(url, duration)
        closed = holder.closed_by_server
    requests = len(seconds)
    p99_alone, p99 = percentile(alone, 0.99), percentile(seconds, 0.99)
    print(
        f"{name:16} idle {idle:5}  200: {ok}/{requests} ({100 * ok / requests:.2f}%)  "
        f"p50 {1000 * statistics.median(seconds):6.1f} ms  p99 {1000 * p99:7.1f} ms  "
        f"(unloaded p99 {1000 * p99_alone:6.1f} ms, {p99 / p99_alone:4.1f}x)  idle closed by server: {closed}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--idle", type=int, default=2000)
    parser.add_argument("--seconds", type=float, default=15)
    parser.add_argument("--port", type=int, help="measure the server already listening on 127.0.0.1:PORT only")
    args = parser.parse_args()
    if args.port:
        measure(f"127.0.0.1:{args.port}", f"http://127.0.0.1:{args.port}", args.idle, args.seconds)
        return
    with tempfile.TemporaryDirectory() as tmp, ExitStack() as stack:
        url, _ = stack.enter_context(served(Path(tmp)))
        front = stack.enter_context(nginx(Path(tmp), url))
        measure("granian alone", url, args.idle, args.seconds)
        measure("behind nginx", front, args.idle, args.seconds)


if __name__ == "__main__":
    main()

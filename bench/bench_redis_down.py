"""Requests/s of ``python -m service.serve`` (2 workers) with the rate limit counted in Redis: Redis
answering, Redis SIGSTOPped (hung: connections open, nothing answered), and no Redis (each worker
counts alone), measured in the same run on 127.0.0.1. Bounded: ``--requests`` per case, 20 clients.

    PYTHONPATH=. .venv/bin/python bench/bench_redis_down.py --requests 3000
"""

from __future__ import annotations

import argparse
import os
import signal
import tempfile
import threading
import time
from pathlib import Path

import httpx

from tests.serving.conftest import redis_server, served

SCORE = {"hand": "234567m3455p234s", "win_tile": "2p", "seat_wind": "S", "riichi": True}


def rate(url: str, requests: int, clients: int = 20) -> tuple[float, int]:
    """Requests/s of ``requests`` POST /v1/score from ``clients`` keep-alive clients; and the non-200 count."""
    bad = [0]
    per = requests // clients

    def one() -> None:
        with httpx.Client(timeout=30) as client:
            for _ in range(per):
                if client.post(f"{url}/v1/score", json=SCORE).status_code != 200:
                    bad[0] += 1

    threads = [threading.Thread(target=one) for _ in range(clients)]
    started = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return per * clients / (time.perf_counter() - started), bad[0]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=3000)
    parser.add_argument("--port", type=int, help="serve on this 127.0.0.1 port (default: a free one)")
    args = parser.parse_args()
    limit = {"RIICHI_RATE_LIMIT": "1000000/minute", **({"PORT": str(args.port)} if args.port else {})}
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        (base / "off").mkdir()
        with served(base / "off", **limit) as (url, _):
            rate(url, 200)
            off = rate(url, args.requests)
        (base / "on").mkdir()
        with (
            redis_server(base / "on") as (redis_url, pid),
            served(base / "on", **limit, RIICHI_RATE_LIMIT_REDIS_URL=redis_url) as (url, _),
        ):
            rate(url, 200)
            up = rate(url, args.requests)
            os.kill(pid, signal.SIGSTOP)
            try:
                hung = rate(url, args.requests)
            finally:
                os.kill(pid, signal.SIGCONT)
    for name, (value, bad) in (("no Redis (per worker)", off), ("Redis answering", up), ("Redis SIGSTOPped", hung)):
        print(f"{name:24} {value:8.0f} req/s  {value / off[0]:5.2f}x  non-200: {bad}")


if __name__ == "__main__":
    main()

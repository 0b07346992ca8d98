"""Issue 16's mixed load: 150/s of 14-tile ``POST /v1/tenpai`` beside 300/s of ``POST /v1/score``,
open loop (requests are sent on schedule whatever the answers), against ``python -m service.serve``
on 127.0.0.1; prints the score latency percentiles (p50, p99, max) and the tenpai ones.

    .venv/bin/python bench/bench_tenpai_beside_score.py --seconds 20 --workers 1

A benchmark, not a test: its figures go into BENCHMARKS.md. The load generator shares the machine.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from bench.serve import free_port  # noqa: E402

SCORE = {"hand": "234567m3455p234s", "win_tile": "2p", "seat_wind": "S", "riichi": True}
TENPAI = {"hand": "11123456789999m", "seat_wind": "S"}  # 14 tiles: the analysis per possible discard (the costly case)


async def fire(
    client: httpx.AsyncClient,
    path: str,
    body: dict[str, object],
    rate: float,
    seconds: float,
    out: list[float],
    errors: list[str],
) -> None:
    async def one() -> None:
        started = time.perf_counter()
        try:
            response = await client.post(path, json=body)
            if response.status_code != 200:
                errors.append(str(response.status_code))
        except httpx.HTTPError as exc:
            errors.append(type(exc).__name__)
        out.append(time.perf_counter() - started)

    tasks = []
    start = time.perf_counter()
    for i in range(int(rate * seconds)):
        delay = start + i / rate - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        tasks.append(asyncio.create_task(one()))
    await asyncio.gather(*tasks)


def pct(values: list[float], q: float) -> float:
    return sorted(values)[min(len(values) - 1, int(q * len(values)))] * 1000


async def run(url: str, seconds: float, score_rate: float, tenpai_rate: float) -> None:
    limits = httpx.Limits(max_connections=200, max_keepalive_connections=200)
    async with httpx.AsyncClient(base_url=url, timeout=10, limits=limits) as client:
        for _ in range(50):  # warm-up
            await client.post("/v1/score", json=SCORE)
            await client.post("/v1/tenpai", json=TENPAI)
        score: list[float] = []
        tenpai: list[float] = []
        errors: list[str] = []
        await asyncio.gather(
            fire(client, "/v1/score", SCORE, score_rate, seconds, score, errors),
            fire(client, "/v1/tenpai", TENPAI, tenpai_rate, seconds, tenpai, errors),
        )
    print(
        f"score  {len(score)} requests at {score_rate}/s: p50 {pct(score, 0.5):.1f} ms, "
        f"p99 {pct(score, 0.99):.1f} ms, max {max(score) * 1000:.1f} ms"
    )
    if tenpai:
        print(
            f"tenpai {len(tenpai)} requests at {tenpai_rate}/s: p50 {pct(tenpai, 0.5):.1f} ms, "
            f"p99 {pct(tenpai, 0.99):.1f} ms, median {statistics.median(tenpai) * 1000:.1f} ms"
        )
    print(f"errors: {len(errors)} {sorted(set(errors))}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--workers", default="1")
    parser.add_argument("--score-rate", type=float, default=300)
    parser.add_argument("--tenpai-rate", type=float, default=150)
    args = parser.parse_args()
    port = free_port()
    tmp = tempfile.mkdtemp(prefix="bench-mixed-")
    env = {
        **os.environ,
        "HOST": "127.0.0.1",
        "PORT": str(port),
        "WORKERS": args.workers,
        "DRAIN_SECONDS": "0",
        "LOG_LEVEL": "WARNING",
        "PROMETHEUS_MULTIPROC_DIR": f"{tmp}/metrics",
    }
    with open(f"{tmp}/serve.log", "wb") as log:
        server = subprocess.Popen(
            [sys.executable, "-m", "service.serve"], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT
        )
    try:
        for _ in range(300):
            try:
                if urllib.request.urlopen(f"http://127.0.0.1:{port}/ready", timeout=1).status == 200:
                    break
            except OSError:
                time.sleep(0.1)
    finally:
        pass
    import importlib

    score_module = importlib.import_module("service.scoring.score")

    compiled = type(score_module.score).__name__ == "builtin_function_or_method"
    print(f"core build: {'compiled (mypyc)' if compiled else 'pure Python'}; workers: {args.workers}")
    try:
        asyncio.run(run(f"http://127.0.0.1:{port}", args.seconds, args.score_rate, args.tenpai_rate))
    finally:
        server.terminate()
        server.wait(timeout=30)


if __name__ == "__main__":
    main()

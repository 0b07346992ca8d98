"""Issue 16's mixed load: 150/s of 14-tile ``POST /v1/tenpai`` beside 300/s of ``POST /v1/score``,
open loop (k6 ``constant-arrival-rate``, two scenarios: ``k6/tenpai_beside_score.js``), against
``python -m service.serve`` (the production configuration) on 127.0.0.1; prints the score latency
(median, p99, max), the tenpai one, failures and dropped iterations, and the server's CPU.

    .venv/bin/python bench/bench_tenpai_beside_score.py --seconds 20 --workers 1 --rounds 3
    .venv/bin/python bench/bench_tenpai_beside_score.py --compare    # tenpai off vs on the event loop

``--compare`` alternates, round by round, the served app (tenpai in a worker thread) with
``bench.app_tenpai_on_loop:app`` (the same app, tenpai on the event loop as before issue 16), and prints
the medians of each. Score requests are fresh hands (never repeated in a run: the result cache never
answers). A benchmark, not a test: its figures go into BENCHMARKS.md. k6 shares the machine.

k6 is the load generator because a Python client cannot keep the schedule: an ``httpx`` client at
450 req/s with 48 KB tenpai answers needed more CPU than the server, and its own queue showed up as
seconds of "latency" (BENCHMARKS.md).
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from bench.serve import free_port, k6_run, tree_cpu_seconds  # noqa: E402

_k6_run = k6_run()
check_k6, find_k6, write_hands = _k6_run.check_k6, _k6_run.find_k6, _k6_run.write_hands

SCRIPT = ROOT / "k6" / "tenpai_beside_score.js"
APPS = {"off the loop": "service.app:app", "on the loop": "bench.app_tenpai_on_loop:app"}


def compiled() -> bool:
    return type(importlib.import_module("service.scoring.scorer").score).__name__ == "builtin_function_or_method"


def one_run(
    app: str,
    workers: str,
    seconds: float,
    rates: tuple[float, float],
    hands: Path,
    tmp: Path,
    port: int | None = None,
) -> dict[str, Any]:
    """Serve ``app`` with service.serve on ``port`` (default: a free one), run the k6 script once, stop;
    the figures of that run."""
    port = port or free_port()
    env = {
        **os.environ,
        "HOST": "127.0.0.1",
        "PORT": str(port),
        "WORKERS": workers,
        "ASGI_APP": app,
        "DRAIN_SECONDS": "0",
        "LOG_LEVEL": "WARNING",
        "PROMETHEUS_MULTIPROC_DIR": str(tmp / f"metrics-{port}"),
    }
    with (tmp / f"serve-{port}.log").open("wb") as log:
        server = subprocess.Popen(
            [sys.executable, "-m", "service.serve"], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT
        )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if urllib.request.urlopen(f"{base}/ready", timeout=1).status == 200:
                    break
            except OSError:
                time.sleep(0.1)
        for _ in range(20):  # warm-up: a first tenpai and score in each worker
            for path, body in (("/v1/tenpai", b'{"hand": "11123456789999m", "seat_wind": "S"}'), ("/v1/score", None)):
                if body is None:
                    body = json.dumps(
                        {"hand": "234567m3455p234s", "win_tile": "2p", "seat_wind": "S", "riichi": True}
                    ).encode()
                request = urllib.request.Request(base + path, body, {"Content-Type": "application/json"})
                urllib.request.urlopen(request, timeout=10).read()
        summary = tmp / f"summary-{port}.json"
        command = [
            str(find_k6()), "run", "--no-usage-report", "--quiet",
            "--env", f"BASE_URL={base}", "--env", f"HANDS_FILE={hands}", "--env", f"DURATION={seconds:g}s",
            "--env", f"SCORE_RATE={rates[0]:g}", "--env", f"TENPAI_RATE={rates[1]:g}", "--env", "SCORE_P99_MS=100000",
            "--summary-export", str(summary), str(SCRIPT),
        ]  # fmt: skip
        cpu_before, started = tree_cpu_seconds(server.pid), time.monotonic()
        code = subprocess.run(command, cwd=ROOT, env={**os.environ, "K6_NO_USAGE_REPORT": "true"},
                              stdout=subprocess.DEVNULL, check=False).returncode  # fmt: skip
        cpu = (tree_cpu_seconds(server.pid) - cpu_before) / (time.monotonic() - started)
    finally:
        server.terminate()
        server.wait(timeout=30)
    metrics = json.loads(summary.read_text())["metrics"]
    score, tenpai = metrics["http_req_duration{scenario:score}"], metrics["http_req_duration{scenario:tenpai}"]
    return {
        "score_med": score["med"],
        "score_p99": score["p(99)"],
        "score_max": score["max"],
        "tenpai_med": tenpai["med"],
        "tenpai_p99": tenpai["p(99)"],
        "requests": metrics["http_reqs"]["count"],
        "failed": metrics["http_req_failed"]["passes"],  # "passes" of the rate: requests that failed
        "dropped": metrics.get("dropped_iterations", {}).get("count", 0),
        "cpu_cores": cpu,
        "k6_exit": code,
    }


def line(label: str, r: dict[str, Any]) -> str:
    return (
        f"{label:<13} score med {r['score_med']:6.1f} ms  p99 {r['score_p99']:7.1f} ms  max {r['score_max']:7.1f} ms | "
        f"tenpai med {r['tenpai_med']:6.1f} p99 {r['tenpai_p99']:7.1f} ms | {r['requests']:.0f} req, "
        f"{r['failed']:.0f} failed, {r['dropped']:.0f} dropped | server CPU {r['cpu_cores']:.2f} cores"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--workers", default="1")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--port", type=int, help="serve on this 127.0.0.1 port (default: a free one)")
    parser.add_argument("--score-rate", type=float, default=300)
    parser.add_argument("--tenpai-rate", type=float, default=150)
    parser.add_argument("--compare", action="store_true", help="alternate tenpai off / on the event loop")
    parser.add_argument("--tenpai-on-loop", action="store_true", help="serve only the on-the-loop variant")
    args = parser.parse_args()
    print(check_k6(find_k6(), verify_hash=False))
    labels = list(APPS) if args.compare else ["on the loop" if args.tenpai_on_loop else "off the loop"]
    load = os.getloadavg()
    print(
        f"core build: {'compiled (mypyc)' if compiled() else 'pure Python'}; workers: {args.workers}; "
        f"{args.score_rate:g}/s score (fresh) + {args.tenpai_rate:g}/s tenpai, {args.seconds:g} s x {args.rounds} "
        f"rounds; load average before: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}",
        flush=True,
    )
    results: dict[str, list[dict[str, Any]]] = {label: [] for label in labels}
    with tempfile.TemporaryDirectory(prefix="bench-mixed-") as tmp:
        hands = Path(tmp) / "hands.json"
        write_hands(hands)
        for round_ in range(args.rounds):
            for label in labels:
                rates = (args.score_rate, args.tenpai_rate)
                r = one_run(APPS[label], args.workers, args.seconds, rates, hands, Path(tmp), args.port)
                results[label].append(r)
                print(f"round {round_ + 1}: " + line(label, r), flush=True)
    print("medians:")
    for label, runs in results.items():
        print("  " + line(label, {key: statistics.median(r[key] for r in runs) for key in runs[0]}))
    load = os.getloadavg()
    print(f"load average after: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

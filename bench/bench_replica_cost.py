"""What a replica costs: CPU and memory of ``python -m service.serve`` (the production configuration)
per 1,000 req/s of ``POST /v1/score`` with fresh hands, at 1 and 2 workers.

    .venv/bin/python bench/bench_replica_cost.py --seconds 20 --rounds 3

For each worker count and each offered rate (``--rates-1``, ``--rates-2``), in turn, ``--rounds`` times:
start ``service.serve`` on 127.0.0.1 (``DRAIN_SECONDS=0``), warm it up, measure its idle CPU over
``--idle`` seconds, then drive it with k6 ``k6/score.js`` (open model: ``constant-arrival-rate`` at the
rate, ``FRESH=1``: no request repeats, so the whole-result cache never answers) and read, for the whole
process tree (supervisor, granian, workers): CPU seconds used during the run (``/proc/PID/stat``) over its
length = cores busy, and PSS / RSS after it (``/proc/PID/smaps_rollup``; the result cache has filled by
then). Prints each run, then medians: cores, cores per 1,000 req/s, MiB, k6's median/p99 and dropped
iterations. k6 runs on the same machine (its CPU is not counted: only the server's tree is).
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
from bench.serve import free_port, k6_run, tree_cpu_seconds, tree_memory_mib  # noqa: E402

_k6_run = k6_run()


def one_run(
    workers: int, rate: int, seconds: float, idle: float, hands: Path, tmp: Path, port: int | None = None
) -> dict[str, Any]:
    port = port or free_port()
    env = {
        **os.environ,
        "HOST": "127.0.0.1",
        "PORT": str(port),
        "WORKERS": str(workers),
        "DRAIN_SECONDS": "0",
        "PROMETHEUS_MULTIPROC_DIR": str(tmp / f"metrics-{port}"),
    }
    base = f"http://127.0.0.1:{port}"
    with (tmp / f"serve-{port}.log").open("wb") as log:
        server = subprocess.Popen([sys.executable, "-m", "service.serve"], cwd=ROOT, env=env, stdout=log, stderr=log)
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if urllib.request.urlopen(f"{base}/ready", timeout=1).status == 200:
                    break
            except OSError:
                time.sleep(0.1)
        body = json.dumps({"hand": "234567m3455p234s", "win_tile": "2p", "seat_wind": "S", "riichi": True}).encode()
        for _ in range(50 * workers):
            request = urllib.request.Request(f"{base}/v1/score", body, {"Content-Type": "application/json"})
            urllib.request.urlopen(request, timeout=10).read()
        time.sleep(0.5)
        cpu0, t0 = tree_cpu_seconds(server.pid), time.monotonic()
        time.sleep(idle)
        idle_cores = (tree_cpu_seconds(server.pid) - cpu0) / (time.monotonic() - t0)
        idle_pss, _ = tree_memory_mib(server.pid)
        summary = tmp / f"summary-{port}.json"
        command = [
            str(_k6_run.find_k6()), "run", "--no-usage-report", "--quiet",
            "--env", f"BASE_URL={base}", "--env", f"HANDS_FILE={hands}", "--env", f"DURATION={seconds:g}s",
            "--env", f"RATE={rate}", "--env", "FRESH=1", "--env", "P99_MS=100000",
            "--summary-export", str(summary), str(ROOT / "k6" / "score.js"),
        ]  # fmt: skip
        cpu0, t0 = tree_cpu_seconds(server.pid), time.monotonic()
        subprocess.run(command, cwd=ROOT, env={**os.environ, "K6_NO_USAGE_REPORT": "true"},
                       stdout=subprocess.DEVNULL, check=False)  # fmt: skip
        elapsed = time.monotonic() - t0
        cores = (tree_cpu_seconds(server.pid) - cpu0) / elapsed
        pss, rss = tree_memory_mib(server.pid)
    finally:
        server.terminate()
        server.wait(timeout=30)
    metrics = json.loads(summary.read_text())["metrics"]
    done = metrics["http_reqs"]["count"]
    return {
        "rate": rate,
        "served": done / elapsed,
        "cores": cores,
        "cores_per_1000": cores / (done / elapsed) * 1000,
        "idle_cores": idle_cores,
        "idle_pss": idle_pss,
        "pss": pss,
        "rss": rss,
        "med": metrics["http_req_duration"]["med"],
        "p99": metrics["http_req_duration"]["p(99)"],
        "failed": metrics["http_req_failed"]["passes"],
        "dropped": metrics.get("dropped_iterations", {}).get("count", 0),
    }


def line(r: dict[str, Any]) -> str:
    return (
        f"{r['rate']:5.0f}/s offered, {r['served']:6.0f}/s over the run: {r['cores']:.2f} cores "
        f"({r['cores_per_1000']:.2f} per 1,000 req/s; idle {r['idle_cores']:.3f}) | PSS {r['pss']:.0f} MiB "
        f"(idle {r['idle_pss']:.0f}), RSS {r['rss']:.0f} MiB | med {r['med']:.1f} ms, p99 {r['p99']:.1f} ms, "
        f"{r['failed']:.0f} failed, {r['dropped']:.0f} dropped"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--idle", type=float, default=3)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--port", type=int, help="serve on this 127.0.0.1 port (default: a free one)")
    parser.add_argument("--rates-1", type=int, nargs="+", default=[500, 1000], help="offered rates, 1 worker")
    parser.add_argument("--rates-2", type=int, nargs="+", default=[1000, 1500], help="offered rates, 2 workers")
    args = parser.parse_args()
    print(_k6_run.check_k6(_k6_run.find_k6(), verify_hash=False))
    score = importlib.import_module("service.scoring.scorer").score
    built = "compiled (mypyc)" if type(score).__name__ == "builtin_function_or_method" else "pure Python"
    load = os.getloadavg()
    print(
        f"core build: {built}; {args.seconds:g} s a run, {args.rounds} rounds; load average {load[0]:.2f} {load[1]:.2f}"
    )
    cases = [(1, r) for r in args.rates_1] + [(2, r) for r in args.rates_2]
    results: dict[tuple[int, int], list[dict[str, Any]]] = {case: [] for case in cases}
    with tempfile.TemporaryDirectory(prefix="bench-replica-") as tmp:
        hands = Path(tmp) / "hands.json"
        _k6_run.write_hands(hands)
        for round_ in range(args.rounds):
            for workers, rate in cases:
                r = one_run(workers, rate, args.seconds, args.idle, hands, Path(tmp), args.port)
                results[(workers, rate)].append(r)
                print(f"round {round_ + 1}, {workers} worker(s): {line(r)}", flush=True)
    print("medians:")
    for (workers, _), runs in results.items():
        print(f"  {workers} worker(s): " + line({key: statistics.median(r[key] for r in runs) for key in runs[0]}))
    load = os.getloadavg()
    print(f"load average after: {load[0]:.2f} {load[1]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

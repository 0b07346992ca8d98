"""Benchmark: ``/v1/score`` and ``/v1/score/batch`` over HTTP on one granian worker, against no-op floors.

Run from the project root (needs ``wrk``: ``apt-get install wrk``)::

    .venv/bin/python bench/bench_http.py [--duration 10] [--rounds 3] [--connections 16]

Serves ``bench.bench_app:app`` (the production app plus ``POST /bench/noop``; see
:mod:`bench.bench_app`) with one granian worker on a free 127.0.0.1 port, and drives it from
a second process, ``wrk`` (one thread; ``--connections`` keep-alive connections, or
``--batch-connections`` for batches; closed loop: as fast as the server answers), with
``bench/wrk_load.lua`` choosing the requests. After each run it waits until the server has
answered what was still in flight. Loopback only; every run is bounded (``--duration``
seconds, after a ``--warmup``).

Measured, each a ``--rounds`` times in turn (the machine may be shared; medians reported):

- the bare litestar + msgspec app :mod:`bench.bare_app` (its own granian worker, the same
  settings; one POST route at ``/v1/score`` decoding the same fresh bodies into a Struct, no
  middleware): the framework's floor, the reference of issue 17's first target;
- ``GET /health`` and ``POST /bench/noop`` (the same bodies as ``/v1/score``, not decoded):
  the framework's own cost, the floor;
- ``POST /v1/score``, the 2,000 seeded hands of ``bench/bench_core.py`` cycled (the
  whole-result cache warm after the first pass), and *fresh*: no request repeated within the
  run (honba and riichi sticks vary), so the result cache never hits, while the per-hand
  decomposition caches do, as in a server that has been up a while;
- ``POST /v1/score/batch`` with 100 and 1,000 hands per call, repeated and fresh; and fresh with
  *prebuilt* bodies (``batch-pool``): each run's 40,000 fresh hands (more than the result cache holds,
  so none is answered from it) written as whole bodies before the run and posted in turn, so wrk only
  sends them instead of building each 30 KB or 300 KB body in Lua on the same two cores (with
  ``batch-fresh`` wrk's building took CPU the server's threads needed);
- head-of-line delay: ``GET /health`` latency on one connection while another client posts
  fresh 1,000-hand batches back to back.

Prints requests/s, p50/p99 latency, hands/s, and the ratios of ``/v1/score`` to each floor.
wrk and the server share the machine's cores (2 here), as they do for the issue's targets.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any, NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.serve import ROOT, serve
from tests.strategies import seeded_hands

LUA = ROOT / "bench" / "wrk_load.lua"


class Load(NamedTuple):
    """One measured load: its label, wrk mode and hands per request."""

    label: str
    mode: str
    hands: int = 1


LOADS = [
    Load("bare litestar POST (floor)", "bare", 0),
    Load("GET /health (floor)", "get-health", 0),
    Load("POST /bench/noop (floor)", "noop", 0),
    Load("POST /v1/score, repeated", "score-repeat"),
    Load("POST /v1/score, fresh", "score-fresh"),
    Load("batch ×100, repeated", "batch-repeat", 100),
    Load("batch ×100, fresh", "batch-fresh", 100),
    Load("batch ×1000, repeated", "batch-repeat", 1000),
    Load("batch ×1000, fresh", "batch-fresh", 1000),
    Load("batch ×100, fresh, prebuilt", "batch-pool", 100),
    Load("batch ×1000, fresh, prebuilt", "batch-pool", 1000),
    Load("GET /health beside batches", "health-beside-batch", 0),
]
"""The measured loads. The last measures head-of-line delay: ``GET /health`` on one connection
while another client posts fresh 1,000-hand batches back to back (the batch handler runs on
the worker's event loop, so a short request arriving during a batch waits for it)."""


class Result(NamedTuple):
    """One wrk run: requests/s, p50 and p99 latency (ms), non-2xx answers, socket errors."""

    rps: float
    p50_ms: float
    p99_ms: float
    non_2xx: int
    socket_errors: int


def write_templates(path: Path, count: int, seed: int) -> None:
    """One score request per line with ``honba`` and ``riichi_sticks`` as ``%d`` placeholders (for wrk_load.lua)."""
    lines = []
    for hand in seeded_hands(count, seed):
        body = {k: v for k, v in hand.items() if k not in ("honba", "riichi_sticks")}
        text = json.dumps(body, separators=(", ", ": "))
        assert "%" not in text
        lines.append(text[:-1] + ', "honba": %d, "riichi_sticks": %d}')
    path.write_text("\n".join(lines) + "\n")


POOL_HANDS = 40_000
"""Hands in a ``batch-pool`` run's bodies: more than the result cache keeps (32,768), so a hand posted again
(the bodies are posted in turn) is never answered from it: every hand of the run is fresh."""

_FRESH_RUNS = [0]
FRESH_RANGE = 1_000_000
"""Requests numbered for each fresh run (20 runs fit in wrk_load.lua's 20.4 million distinct ones)."""


def run_wrk(
    base_url: str, load: Load, templates: Path, seconds: float, connections: int, timeout_s: float, settle: bool = True
) -> Result:
    """One wrk run of ``load`` for ``seconds``; its summary line parsed.

    Each fresh run starts at its own request number, so no run repeats another's requests
    (the result cache keeps the last 32,768). With ``settle``, returns once the server is idle.
    """
    start = 0
    mode = "score-fresh" if load.mode == "bare" else load.mode  # the bare app: the same fresh bodies, its own server
    if "fresh" in mode or mode == "batch-pool":
        start = _FRESH_RUNS[0] * FRESH_RANGE
        _FRESH_RUNS[0] += 1
    if mode == "batch-pool":  # this run's own fresh hands, as whole bodies: more than the result cache holds
        lines = [line for line in templates.read_text().splitlines() if line]
        bodies = [batch_body(lines, start + i * load.hands, load.hands) for i in range(POOL_HANDS // load.hands)]
        pool = templates.with_name(f"pool-{load.hands}.txt")
        pool.write_bytes(b"\n".join(bodies) + b"\n")
        templates = pool
    command = [
        "wrk", "-t1", f"-c{connections}", f"-d{max(1, round(seconds))}s", f"--timeout={timeout_s:g}s",
        "-s", str(LUA), base_url, "--", mode, str(max(load.hands, 1)), str(templates), str(start),
    ]  # fmt: skip
    out = subprocess.run(command, capture_output=True, text=True, check=True, timeout=seconds + 60).stdout
    if settle:
        wait_idle(base_url)
    match = re.search(r"^BENCH (\{.*\})$", out, re.MULTILINE)
    if match is None:
        raise RuntimeError(f"wrk printed no summary:\n{out}")
    data: dict[str, Any] = json.loads(match[1])
    return Result(
        rps=data["requests"] / (data["duration_us"] / 1e6),
        p50_ms=data["p50_us"] / 1000,
        p99_ms=data["p99_us"] / 1000,
        non_2xx=data["non_2xx"],
        socket_errors=data["socket_errors"],
    )


def batch_body(templates: list[str], first: int, size: int) -> bytes:
    """A batch of ``size`` fresh requests numbered from ``first`` (as wrk_load.lua numbers them)."""
    count = len(templates)
    hands = []
    for n in range(first, first + size):
        k = n // count
        hands.append(templates[n % count] % (k % 101, k // 101 % 101))
    return ('{"hands": [' + ", ".join(hands) + "]}").encode()


def run_beside_batches(
    base_url: str, load: Load, templates_path: Path, seconds: float, timeout_s: float
) -> tuple[Result, int]:
    """``GET /health`` over one wrk connection while fresh 1,000-hand batches are posted back to back.

    Returns the wrk result and the number of batches answered meanwhile.
    """
    templates = templates_path.read_text().splitlines()
    stop = threading.Event()
    answered = [0]
    start = _FRESH_RUNS[0] * FRESH_RANGE
    _FRESH_RUNS[0] += 1

    def post_batches() -> None:
        n = start
        while not stop.is_set():
            request = urllib.request.Request(
                f"{base_url}/v1/score/batch", data=batch_body(templates, n, 1000), method="POST"
            )
            request.add_header("Content-Type", "application/json")
            with urllib.request.urlopen(request, timeout=timeout_s) as response:
                response.read()
            answered[0] += 1
            n += 1000

    poster = threading.Thread(target=post_batches)
    poster.start()
    try:
        time.sleep(0.2)  # the first batch is in flight
        probe = Load(load.label, "get-health", 0)
        result = run_wrk(base_url, probe, templates_path, seconds, 1, timeout_s, settle=False)
        answered_in_run = answered[0]
    finally:
        stop.set()
        poster.join()
    wait_idle(base_url)
    return result, answered_in_run


def wait_idle(base_url: str, timeout_s: float = 120) -> None:
    """Wait until the server has worked off what the last run left in flight.

    wrk stops sending at the end of a run, but the server still answers the requests already
    queued (16 batches of 1,000 fresh hands are seconds of work), which would otherwise count
    against the next load. Idle = two ``GET /health`` in a row answered within 20 ms.
    """
    deadline = time.monotonic() + timeout_s
    quick = 0
    while quick < 2 and time.monotonic() < deadline:
        started = time.monotonic()
        with urllib.request.urlopen(f"{base_url}/health", timeout=timeout_s) as response:
            response.read()
        quick = quick + 1 if time.monotonic() - started < 0.02 else 0
        time.sleep(0.05)


def core_cold_hands_per_s(hands: list[dict[str, Any]]) -> float:
    """Our core's cold hands/s on ``hands`` in this process (``bench/bench_core.py``'s cold pass): the
    reference of the batch target (issue 17: batch >= 80% of the core's hands/s)."""
    import msgspec

    from bench.bench_core import clear_core_caches, ours_calls, timed_pass
    from service.scoring import ScoreRequest

    requests = [msgspec.convert(h, ScoreRequest) for h in hands]
    clear_core_caches()
    timing, _ = timed_pass("core, cold", ours_calls(requests))
    return timing.hands_per_s


def machine() -> str:
    """nproc, the CPU model and the Python version."""
    model = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{os.cpu_count()} CPUs ({model}), Python {platform.python_version()}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--duration", type=float, default=10, help="seconds per measured run")
    parser.add_argument("--warmup", type=float, default=2, help="seconds of load before each load's first run")
    parser.add_argument("--rounds", type=int, default=3, help="measured runs per load (medians reported)")
    parser.add_argument("--connections", type=int, default=16, help="wrk keep-alive connections")
    parser.add_argument(
        "--batch-connections", type=int, default=4, help="wrk connections for batch loads (each call is long)"
    )
    parser.add_argument("--hands", type=int, default=2000, help="distinct seeded hands")
    parser.add_argument("--seed", type=int, default=0, help="seed of the hand generator")
    parser.add_argument("--only", nargs="*", help="modes to run (e.g. noop score-repeat health-beside-batch)")
    parser.add_argument("--port", type=int, help="serve ours on this 127.0.0.1 port, the bare app on the next one")
    args = parser.parse_args(argv)
    if shutil.which("wrk") is None:
        print("wrk not found: apt-get install wrk", file=sys.stderr)
        return 2
    loads = [load for load in LOADS if not args.only or load.mode in args.only]

    def connections(load: Load) -> int:
        return args.batch_connections if load.hands > 1 else args.connections

    results: dict[Load, list[Result]] = {load: [] for load in loads}
    core_runs: list[float] = []
    seeded = list(seeded_hands(args.hands, args.seed))
    beside_batches: list[int] = []
    with tempfile.TemporaryDirectory() as tmp:
        templates = Path(tmp) / "hands.txt"
        write_templates(templates, args.hands, args.seed)
        with (
            serve("bench.bench_app:app", log=Path(tmp) / "server.log", port=args.port) as ours_url,
            serve("bench.bare_app:app", log=Path(tmp) / "bare.log", port=args.port and args.port + 1) as bare_url,
        ):  # both up for the whole run (an idle server costs nothing); loads interleaved round by round

            def url(load: Load) -> str:
                return bare_url if load.mode == "bare" else ours_url

            for load in loads:  # warm-up: imports, first-pass caches, the result cache for *-repeat
                if load.mode != "health-beside-batch":
                    run_wrk(url(load), load, templates, args.warmup, connections(load), 30)
            for _ in range(args.rounds):
                if any(load.hands > 1 for load in loads):
                    core_runs.append(core_cold_hands_per_s(seeded))  # interleaved with the loads it is compared with
                for load in loads:
                    if load.mode == "health-beside-batch":
                        result, batches = run_beside_batches(ours_url, load, templates, args.duration, 30)
                        results[load].append(result)
                        beside_batches.append(batches)
                    else:
                        results[load].append(run_wrk(url(load), load, templates, args.duration, connections(load), 30))

    print(
        f"{machine()}; one granian worker; wrk -t1 -c{args.connections} (batch: -c{args.batch_connections}), "
        f"{args.duration:g} s per run, "
        f"median of {args.rounds} rounds; {args.hands} seeded hands (seed {args.seed})\n"
    )
    print(f"{'':28}{'req/s':>10}{'hands/s':>10}{'p50 ms':>9}{'p99 ms':>9}{'non-2xx':>9}{'sock err':>9}")
    medians: dict[str, float] = {}
    for load, runs in results.items():
        rps = statistics.median(r.rps for r in runs)
        medians[load.mode + (str(load.hands) if load.hands > 1 else "")] = rps
        hands = f"{rps * load.hands:,.0f}" if load.hands else "-"
        print(
            f"{load.label:28}{rps:>10,.0f}{hands:>10}{statistics.median(r.p50_ms for r in runs):>9.2f}"
            f"{statistics.median(r.p99_ms for r in runs):>9.2f}{sum(r.non_2xx for r in runs):>9}"
            f"{sum(r.socket_errors for r in runs):>9}"
        )
    print()
    for floor in ("bare", "noop", "get-health"):
        for score in ("score-repeat", "score-fresh"):
            if floor in medians and score in medians:
                print(f"{score} / {floor}: {medians[score] / medians[floor]:.0%} of the floor's requests/s")
    core = statistics.median(core_runs) if core_runs else None
    if core is not None:
        print(f"core, cold, in this process (bench_core.py's pass, median of {len(core_runs)}): {core:,.0f} hands/s")
    for size in (100, 1000):
        for kind, label in (("repeat", "repeat"), ("fresh", "fresh"), ("pool", "fresh, prebuilt bodies")):
            key = f"batch-{kind}{size}"
            if key in medians:
                share = f" = {medians[key] * size / core:.0%} of the core's" if core else ""
                print(f"batch ×{size}, {label}: {medians[key] * size:,.0f} hands/s{share}")
    if beside_batches:
        print(
            f"GET /health beside batches: one connection, while {statistics.median(beside_batches):.0f} "
            f"fresh 1,000-hand batches were answered per {args.duration:g} s run (median)"
        )
    failures = sum(r.non_2xx + r.socket_errors for runs in results.values() for r in runs)
    if failures:
        print(f"\n{failures} requests failed (non-2xx or socket errors): the figures above are not valid")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Benchmark: the server's own cost of a batch call, against what issue 17's batch target allows.

Run from the project root (needs ``wrk``)::

    .venv/bin/python bench/bench_io_floor.py [--duration 8] [--rounds 3] [--connections 16]

Serves ``bench/io_floor_app.py`` (a raw ASGI app that reads the body and answers prepared bytes: no
framework, no decoding, no scoring) with one granian worker on 127.0.0.1, as ``bench_http.py`` serves ours,
and posts it the same bodies as ``bench_http.py``'s ``batch-fresh`` loads (100 and 1,000 seeded hands; here
one static body each, so wrk does not build them) with wrk, closed loop. Its answers are the real answers
to those hands (~1 KB a hand). The µs a call (1 / req/s) is the floor granian, the event loop and the kernel
put under any batch call of that size on this machine, whatever the app does.

It then times the core's cold pass in the same process (``bench_core.py``'s, the batch target's reference)
and prints what the target leaves: a batch reaches 80 % of the core's hands/s only if each hand costs at
most 1.25 × the core's µs a cold hand, all in; less the floor per hand, that is what the app may spend on a
hand (decode, score, encode).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.bench_http import batch_body, core_cold_hands_per_s, machine, write_templates
from bench.serve import serve
from tests.strategies import seeded_hands

LUA = """
local f = io.open(os.getenv("FLOOR_BODY"), "rb"); local body = f:read("*a"); f:close()
wrk.method = "POST"; wrk.body = body; wrk.headers["Content-Type"] = "application/json"
"""


def wrk_rps(url: str, body: Path, script: Path, seconds: float, connections: int) -> float:
    """Requests/s of one wrk run posting ``body`` to ``url``."""
    command = ["wrk", "-t1", f"-c{connections}", f"-d{max(1, round(seconds))}s", "-s", str(script), url]
    out = subprocess.run(
        command, capture_output=True, text=True, check=True, timeout=seconds + 60, env={"FLOOR_BODY": str(body)}
    ).stdout
    for line in out.splitlines():
        if line.startswith("Requests/sec:"):
            return float(line.split()[1])
    raise RuntimeError(f"wrk printed no rate:\n{out}")


def main() -> None:
    """Measure and print the floor per call and per hand, and what the target leaves the app."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--duration", type=float, default=8.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--port", type=int, help="serve on this 127.0.0.1 port (default: a free one)")
    args = parser.parse_args()
    seeded = list(seeded_hands(2000, 0))
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        templates = folder / "templates.txt"
        write_templates(templates, 2000, 0)
        lines = [line for line in templates.read_text().splitlines() if line]
        script = folder / "floor.lua"
        script.write_text(LUA)
        floors: dict[int, float] = {}
        with serve("bench.io_floor_app:app", port=args.port) as base_url:
            for size in (100, 1000):
                body = folder / f"body-{size}.json"
                body.write_bytes(batch_body(lines, 0, size))
                wrk_rps(f"{base_url}/{size}", body, script, 1, args.connections)  # warm-up
                rates = [
                    wrk_rps(f"{base_url}/{size}", body, script, args.duration, args.connections)
                    for _ in range(args.rounds)
                ]
                floors[size] = 1e6 / statistics.median(rates)
        core = statistics.median(core_cold_hands_per_s(seeded) for _ in range(3))
    core_us = 1e6 / core
    allowed = 1.25 * core_us
    run = f"wrk -t1 -c{args.connections}, {args.duration:g} s a run, median of {args.rounds}"
    print(f"{machine()}; one granian worker; {run}")
    print(f"core, cold, in this process: {core:,.0f} hands/s ({core_us:.2f} µs a hand); 80 % allows {allowed:.2f}")
    for size, floor_us in floors.items():
        per_hand = floor_us / size
        print(
            f"floor ×{size}: {floor_us:,.0f} µs a call = {per_hand:.2f} µs a hand; "
            f"the app may spend {allowed - per_hand:.2f} µs a hand (decode, score, encode) to reach 80 %"
        )


if __name__ == "__main__":
    main()

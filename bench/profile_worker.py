"""Profile: where one granian worker's Python thread spends a request, by what it is doing (py-spy).

Run from the project root (needs ``wrk`` and ``py-spy``, both in the ``bench`` setup)::

    .venv/bin/python bench/profile_worker.py [--app ours|bare] [--mode score-fresh] [--seconds 10] [--rate 200]

Serves ``bench.bench_app:app`` (ours: the production app) or ``bench.bare_app:app`` (the bare litestar +
msgspec reference) with one granian worker on 127.0.0.1 (:func:`bench.serve.serve`), loads it with
wrk (16 connections, ``bench/wrk_load.lua``'s ``--mode``, fresh hands by default), and records the
worker with ``py-spy record --format raw`` at ``--rate`` Hz for ``--seconds``. Each sample is put in
one bucket by its innermost frame that :data:`BUCKETS` knows (the innermost frame is what the thread
was doing: a native call shows as the Python frame that made it), and the script prints each
bucket's share of the samples and the thread's sampled time per request (samples / rate / requests
answered meanwhile; py-spy's sampling slows the worker, so compare the figures of one run, or of
runs made the same way). Samples without any Python frame (granian's own threads) are counted apart,
not in the shares. A sample whose innermost frame awaits ``send`` or ``receive`` (read from that frame's source
line) is granian's native code answering or reading the body. Loopback only; bounded by ``--seconds``.
"""

from __future__ import annotations

import argparse
import collections
import functools
import json
import linecache
import re
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.bench_http import LUA, write_templates
from bench.serve import ROOT, serve, tree_pids

BUCKETS: list[tuple[str, str]] = [
    # (bucket, a regular expression on "function (file)"), tried from the first: the first that matches wins
    ("access log", r"service/api/telemetry/logs\.py"),
    ("metrics", r"service/api/telemetry/metrics\.py|prometheus_client"),
    ("request id", r"new_request_id|usable_request_id"),
    ("the direct path", r"service/api/plumbing/(fastpath|answers)\.py"),
    (
        "scoring: handler, decode, score, names",
        r"service/api/(routes/scoring|plumbing/decoding|plumbing/language)\.py|service/scoring|service/i18n|msgspec",
    ),
    ("our outer layer", r"service/api/plumbing/(middleware|hardening|context)\.py"),
    ("litestar: response", r"litestar/response"),
    ("litestar: arguments", r"litestar/(_kwargs|_signature|dto)"),
    ("litestar: routing, exception layers", r"litestar/"),
    ("bare app handler", r"bench/bare_app\.py"),
    ("event loop, granian glue", r"asyncio|uvloop|granian|contextvars|multiprocessing|<module>"),
]
"""Frames to buckets, innermost known frame first; anything else is "other"."""

_FRAME = re.compile(r"\((?P<file>[^()]+):(?P<line>\d+)\)$")
_NATIVE = [("send (granian, native)", re.compile(r"\bawait send\(|\(send\)")),
           ("receive (granian, native)", re.compile(r"\bawait (self\._)?receive\(\)"))]  # fmt: skip


@functools.cache
def _source_line(file: str, line: int) -> str:
    """Line ``line`` of ``file`` as py-spy names it (relative to the project or to an import root)."""
    for root in [ROOT, *map(Path, sys.path)]:
        candidate = root / file
        if candidate.is_file():
            return linecache.getline(str(candidate), line)
    return ""


def bucket_of(stack: list[str]) -> str:
    """The bucket of one sample: a native send or receive when the innermost frame awaits one (read from its
    source line), else its innermost frame that a :data:`BUCKETS` pattern matches; "other" if none does."""
    match = _FRAME.search(stack[-1])
    if match:
        text = _source_line(match["file"], int(match["line"]))
        for name, pattern in _NATIVE:
            if pattern.search(text):
                return name
    for frame in reversed(stack):
        for name, pattern in BUCKETS:
            if re.search(pattern, frame):
                return name
    return "other"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--app", choices=["ours", "bare"], default="ours")
    parser.add_argument("--mode", default="score-fresh", help="a wrk_load.lua mode (score-fresh, score-repeat, noop)")
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--rate", type=int, default=200, help="py-spy samples per second")
    args = parser.parse_args(argv)
    for tool in ("wrk", "py-spy"):
        if shutil.which(tool) is None and not Path(sys.executable).with_name(tool).exists():
            raise SystemExit(f"{tool} is needed (see the docstring)")
    py_spy = str(Path(sys.executable).with_name("py-spy")) if shutil.which("py-spy") is None else "py-spy"
    target = "bench.bench_app:app" if args.app == "ours" else "bench.bare_app:app"
    with tempfile.TemporaryDirectory() as tmp, serve(target) as base_url:
        templates = Path(tmp) / "templates.txt"
        write_templates(templates, 2000, 0)
        supervisor, *workers = tree_pids_of_port(base_url)
        worker = workers[0] if workers else supervisor
        seconds = max(1, round(args.seconds))
        wrk = [
            "wrk", "-t1", "-c16", f"-d{seconds + 2}s", "-s", str(LUA), base_url, "--",
            args.mode if args.app == "ours" else "score-fresh", "1", str(templates), "0",
        ]  # fmt: skip
        answered: dict[str, float] = {}

        def load() -> None:
            out = subprocess.run(wrk, capture_output=True, text=True, check=True, timeout=seconds + 60).stdout
            match = re.search(r"^BENCH (\{.*\})$", out, re.MULTILINE)
            data = json.loads(match[1]) if match else {}
            answered["rps"] = data.get("requests", 0) / max(data.get("duration_us", 1) / 1e6, 1e-9)

        loader = threading.Thread(target=load)
        loader.start()
        raw = Path(tmp) / "samples.txt"
        subprocess.run(
            [py_spy, "record", "--pid", str(worker), "--rate", str(args.rate), "--duration", str(seconds),
             "--format", "raw", "--output", str(raw), "--nonblocking"],
            cwd=ROOT, capture_output=True, check=True, timeout=seconds + 60,
        )  # fmt: skip
        loader.join()
        counts: collections.Counter[str] = collections.Counter()
        idle = 0
        for line in raw.read_text().splitlines():
            stack_text, _, count_text = line.rpartition(" ")
            if not count_text.isdigit():
                continue
            stack = [frame for frame in stack_text.split(";") if frame.strip()]
            if not stack:  # no Python frame at all: a thread of granian's own, outside Python
                idle += int(count_text)
                continue
            counts[bucket_of(stack)] += int(count_text)
    busy = sum(counts.values())
    rps = answered.get("rps", 0.0)
    per_request = busy / args.rate / (rps * seconds) * 1e6 if rps else float("nan")
    print(f"{args.app} {args.mode}: {rps:,.0f} req/s under py-spy; {busy:,} samples, {idle:,} without a Python frame")
    print(f"µs of the worker's Python thread a request: {per_request:.0f}")
    for name, count in counts.most_common():
        print(f"  {100 * count / busy:5.1f} %  {name}")
    return 0


def tree_pids_of_port(base_url: str) -> list[int]:
    """The granian server's processes for ``base_url``: the supervisor first, then its worker."""
    port = base_url.rsplit(":", 1)[1]
    out = subprocess.run(["pgrep", "-f", "--", f"--port {port}"], capture_output=True, text=True).stdout.split()
    if not out:
        raise RuntimeError(f"no granian process for port {port}")
    return tree_pids(int(min(out, key=int)))


if __name__ == "__main__":
    raise SystemExit(main())

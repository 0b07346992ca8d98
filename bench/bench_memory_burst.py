"""Peak memory of a replica under a burst of batch requests: what ``deploy/k8s`` sizes its memory by.

    .venv/bin/python bench/bench_memory_burst.py --seconds 20 --clients 16

Starts ``python -m service.serve`` as the Deployment runs it (``WORKERS`` 2 unless ``--workers``) on
127.0.0.1, waits for ``/ready``, reads the tree's idle PSS / RSS, then for ``--seconds`` keeps
``--clients`` connections busy at once, each sending one request after another:

- most clients: ``POST /v1/score/batch`` with 1,000 fresh hands (about 1 MiB, the largest body it takes;
  no hand repeats, so the whole-result caches fill as they would over hours);
- ``--log-clients`` of them: ``POST /v1/logs/replay/batch`` with a tar of the mjlogs in ``--logs``
  (repeated ``--log-copies`` times; local data, read at run time) and ``POST /v1/logs/replay`` with the
  largest of them, in turn.

Every 50 ms it reads the process tree's PSS and RSS (``/proc/PID/smaps_rollup``: supervisor, granian, the
workers) and prints the peaks, the answers by status and the requests sent. Traffic to 127.0.0.1 only,
bounded by ``--seconds``.
"""

from __future__ import annotations

import argparse
import http.client
import io
import json
import os
import sys
import tarfile
import tempfile
import threading
import time
import urllib.request
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from bench.bench_batch import fresh_hands  # noqa: E402
from bench.serve import free_port, tree_memory_mib  # noqa: E402
from tests.strategies import seeded_hands  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--log-clients", type=int, default=2)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--logs", type=Path, default=Path("/work/data/mjx_py"))
    parser.add_argument("--log-copies", type=int, default=4)
    parser.add_argument("--port", type=int, help="serve on this 127.0.0.1 port (default: a free one)")
    args = parser.parse_args()

    templates = seeded_hands(2000)
    logs = sorted(args.logs.glob("*.mjlog")) if args.logs.is_dir() else []
    archive = io.BytesIO()
    with tarfile.open(fileobj=archive, mode="w") as tar:
        for copy in range(args.log_copies):
            for path in logs:
                data = path.read_bytes()
                info = tarfile.TarInfo(f"{copy}-{path.name}")
                info.size = len(data)
                tar.addfile(info, io.BytesIO(data))
    archive_body = archive.getvalue()
    largest_log = max((p.read_bytes() for p in logs), key=len) if logs else b""

    port = args.port or free_port()
    tmp = Path(tempfile.mkdtemp(prefix="riichi-burst-"))
    env = {
        **os.environ,
        "HOST": "127.0.0.1",
        "PORT": str(port),
        "WORKERS": str(args.workers),
        "DRAIN_SECONDS": "0",
        "PROMETHEUS_MULTIPROC_DIR": str(tmp / "metrics"),
        "RIICHI_HEARTBEAT_DIR": str(tmp / "heartbeat"),
    }
    import subprocess

    with (tmp / "serve.log").open("wb") as log:
        server = subprocess.Popen([sys.executable, "-m", "service.serve"], cwd=ROOT, env=env, stdout=log, stderr=log)
    statuses: Counter[str] = Counter()
    lock = threading.Lock()
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if urllib.request.urlopen(f"http://127.0.0.1:{port}/ready", timeout=1).status == 200:
                    break
            except OSError:
                time.sleep(0.2)
        time.sleep(1)
        idle_pss, idle_rss = tree_memory_mib(server.pid)
        stop = time.monotonic() + args.seconds
        counter = iter(range(10**9))

        def client(index: int) -> None:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            turn = 0
            while time.monotonic() < stop:
                if index < args.log_clients and logs:
                    path, body, kind = (
                        ("/v1/logs/replay/batch", archive_body, "application/x-tar")
                        if turn % 2 == 0
                        else ("/v1/logs/replay", largest_log, "application/octet-stream")
                    )
                else:
                    with lock:
                        first = next(counter) * 1000
                    path, kind = "/v1/score/batch", "application/json"
                    body = json.dumps({"hands": fresh_hands(1000, first, templates)}).encode()
                turn += 1
                try:
                    connection.request("POST", path, body, {"Content-Type": kind})
                    answer = connection.getresponse()
                    answer.read()
                    outcome = f"{path} {answer.status}"
                except (OSError, http.client.HTTPException) as exc:
                    outcome = f"{path} {type(exc).__name__}"
                    connection.close()
                    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
                with lock:
                    statuses[outcome] += 1
            connection.close()

        threads = [threading.Thread(target=client, args=(i,)) for i in range(args.clients)]
        for thread in threads:
            thread.start()
        peak_pss = peak_rss = 0.0
        while any(t.is_alive() for t in threads):
            pss, rss = tree_memory_mib(server.pid)
            peak_pss, peak_rss = max(peak_pss, pss), max(peak_rss, rss)
            time.sleep(0.05)
        after_pss, after_rss = tree_memory_mib(server.pid)
    finally:
        server.terminate()
        server.wait(timeout=30)
    print(f"workers {args.workers}, clients {args.clients} ({args.log_clients} with logs), {args.seconds:.0f} s")
    games = len(logs) * args.log_copies
    print(f"tar body {len(archive_body) / 2**20:.1f} MiB ({games} games), one log {len(largest_log)} B")
    print(f"idle:  PSS {idle_pss:.0f} MiB, RSS {idle_rss:.0f} MiB")
    print(f"peak:  PSS {peak_pss:.0f} MiB, RSS {peak_rss:.0f} MiB")
    print(f"after: PSS {after_pss:.0f} MiB, RSS {after_rss:.0f} MiB")
    for outcome, count in sorted(statuses.items()):
        print(f"  {outcome}: {count}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Benchmark: whole games replayed, in process, over HTTP and by the command, against riichienv's replay.

Run from the project root (riichienv is in the test extra)::

    .venv/bin/python bench/bench_replay.py LOGS [--rounds 3] [--clients 4]

LOGS: a directory of real game logs (Tenhou mjlogs or mjai; e.g. the mjlogs of mjx-project/mjx's test
resources). Every log the service replays is kept; each is converted once (``service.logs.convert``) to
mjai lines, so every side reads the same games in the same format:

- ours in process: ``read_log`` + ``replay`` of the mjai bytes (decode, the table, every win scored,
  every round settled, the end, the final standings, every value compared with the log);
- ours from the original mjlog, the same way;
- ours from mjai again with the scoring result cache and the replay's cache of waits cleared before each pass
  (every win scored afresh, every wait found afresh: the other passes repeat the same games, so from the second
  on every win is a cache hit);
- riichienv 0.4.11: ``MjaiReplay.from_jsonl`` of the same mjai file, then for every round every win
  recomputed (``take_win_result_contexts`` and each context's ``actual``): it scores the wins but settles
  nothing, so it does less than ours;
- ours over HTTP: ``POST /v1/logs/replay`` of the mjai bodies to one granian worker on 127.0.0.1
  (``bench/serve.py``), ``--clients`` threads with keep-alive connections sending back to back, once with
  httpx and once with the standard library's ``http.client`` (a lighter client: on two cores the clients'
  CPU is taken from the server's);
- the command: ``python -m service.logs --jobs 1`` over the mjai files (one process, its start included);
- with ``--floor``, the server's own cost: the same bodies to a bare app (``bench/bare_replay_app.py``: read the
  body, replay, answer; no routing, middleware or checks) under granian's ASGI interface and under its RSGI
  interface, each with ``http.client``, the service's HTTP pass again between them, so the three meet the
  same load. The floor's CPU above in process is granian's (and the interface's) a request; ours above the
  floor is the app's.

Prints games per second of each (the best of ``--rounds``; the machine may be shared), East–South
games only being counted when the log is one (the games per second are of the logs given), and the ratios:
ours / riichienv in process, HTTP / in process. Beside the wall clock, each side's CPU seconds a game
(``time.process_time`` in process; for HTTP the server's process tree, granian's threads included, and the
clients' apart) and the games per second that CPU time allows one core: on a shared machine the wall
clock follows the other load, the CPU time much less. The load average is printed before and after.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from importlib.metadata import version
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import httpx
import riichienv

from bench.serve import ROOT, free_port, serve, tree_cpu_seconds
from service.logs import LogError, read_log, replay
from service.logs.convert import to_mjai
from service.logs.order import hand_waits_clear
from service.scoring.result_cache import result_cache_clear


def read_games(directory: Path) -> list[tuple[bytes, bytes]]:
    """(original, mjai) for every log under ``directory`` the service replays."""
    games = []
    for path in sorted(p for p in directory.rglob("*") if p.is_file()):
        body = path.read_bytes()
        try:
            game_log = read_log(body)
            result = replay(game_log)
        except LogError:
            continue
        mjai = "".join(json.dumps(e) + "\n" for e in to_mjai(game_log, result)).encode()
        games.append((body, mjai))
    return games


_HTTP_REQUESTS = 300
"""At least this many requests a timed HTTP round (the logs sent again as often as it takes)."""


def best(rounds: int, work: object) -> tuple[float, float]:
    """The shortest wall time and the shortest CPU time (this process) of ``rounds`` calls of ``work`` (seconds)."""
    times, cpu = [], []
    for _ in range(rounds):
        start, start_cpu = time.perf_counter(), time.process_time()
        work()  # type: ignore[operator]
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return min(times), min(cpu)


def server_pid(port: int) -> int:
    """The granian process serving on ``port`` (its command line names the port)."""
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                words = (entry / "cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            if any(b"granian" in w for w in words[:2]) and str(port).encode() in words:
                return int(entry.name)
    raise SystemExit(f"no granian process on port {port}")


def load() -> str:
    return "load average " + " ".join(f"{v:.2f}" for v in os.getloadavg())


def riichienv_pass(paths: list[str]) -> int:
    """Every game through riichienv's mjai replay, every win recomputed; the number of wins seen."""
    wins = 0
    for path in paths:
        for kyoku in riichienv.MjaiReplay.from_jsonl(path).take_kyokus():
            for context in kyoku.take_win_result_contexts():
                wins += context.actual.is_win
    return wins


def http_pass(base_url: str, bodies: list[bytes], clients: int, light: bool = False) -> None:
    """Every body POSTed once, shared among ``clients`` threads (each with its own keep-alive connection):
    httpx, or with ``light`` the standard library's ``http.client``, which takes far less CPU a request
    (on two cores the clients' CPU is taken from the server's)."""
    queue = list(range(len(bodies)))
    lock = threading.Lock()
    failures: list[int] = []
    host, port = base_url.removeprefix("http://").split(":")

    def client() -> None:
        if light:
            connection = http.client.HTTPConnection(host, int(port), timeout=60)
            while True:
                with lock:
                    if not queue:
                        connection.close()
                        return
                    i = queue.pop()
                connection.request("POST", "/v1/logs/replay", body=bodies[i], headers={"content-type": "text/plain"})
                answer = connection.getresponse()
                answer.read()
                if answer.status != 200:
                    failures.append(answer.status)
        with httpx.Client(base_url=base_url, timeout=60) as session:
            while True:
                with lock:
                    if not queue:
                        return
                    i = queue.pop()
                response = session.post("/v1/logs/replay", content=bodies[i], headers={"content-type": "text/plain"})
                if response.status_code != 200:
                    failures.append(response.status_code)

    threads = [threading.Thread(target=client) for _ in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if failures:
        raise SystemExit(f"HTTP answers that were not 200: {failures[:5]}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("logs", type=Path)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--port", type=int, help="serve on this 127.0.0.1 port (default: a free one)")
    parser.add_argument(
        "--floor", action="store_true", help="also serve a bare ASGI and a bare RSGI app (the server's own cost)"
    )
    args = parser.parse_args(argv)
    print(load())
    games = read_games(args.logs)
    if not games:
        raise SystemExit(f"no log under {args.logs} could be replayed")
    n = len(games)
    rounds_total = sum(len(read_log(m).rounds) for _, m in games)
    print(f"{n} games, {rounds_total} rounds; riichienv {version('riichienv')}")
    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        for i, (_, mjai) in enumerate(games):
            path = Path(tmp) / f"game{i:04}.json"
            path.write_bytes(mjai)
            paths.append(str(path))
        ours_mjai = best(args.rounds, lambda: [replay(read_log(m)) for _, m in games])
        ours_xml = best(args.rounds, lambda: [replay(read_log(b)) for b, _ in games])
        cold = best(
            args.rounds, lambda: (result_cache_clear(), hand_waits_clear(), [replay(read_log(m)) for _, m in games])
        )
        theirs = best(args.rounds, lambda: riichienv_pass(paths))
        command = best(
            args.rounds,
            lambda: subprocess.run(
                [sys.executable, "-m", "service.logs", "--jobs", "1", *paths],
                cwd=ROOT,
                capture_output=True,
                check=False,
            ),
        )
        port = args.port or free_port()
        with serve("service.app:app", log=Path(tmp) / "server.log", port=port) as base_url:
            pid = server_pid(port)
            # every body sent `repeat` times a round: a process's CPU time is counted in clock ticks (10 ms)
            repeat = max(1, -(-_HTTP_REQUESTS // n))
            bodies = [m for _, m in games] * repeat
            http_pass(base_url, bodies, args.clients)  # warm the worker
            server_cpu, client_cpu = tree_cpu_seconds(pid), time.process_time()
            http, _ = best(args.rounds, lambda: http_pass(base_url, bodies, args.clients))
            server_cpu = (tree_cpu_seconds(pid) - server_cpu) / args.rounds / repeat
            client_cpu = (time.process_time() - client_cpu) / args.rounds / repeat
            light_server, light_client = tree_cpu_seconds(pid), time.process_time()
            light, _ = best(args.rounds, lambda: http_pass(base_url, bodies, args.clients, light=True))
            light_server = (tree_cpu_seconds(pid) - light_server) / args.rounds / repeat
            light_client = (time.process_time() - light_client) / args.rounds / repeat
            http, light = http / repeat, light / repeat
        floors: list[tuple[str, float, float | None]] = []
        if args.floor:
            sides = [
                ("bare ASGI app", "bench.bare_replay_app:app", "asgi"),
                ("ours again", "service.app:app", "asgi"),
                ("bare RSGI app", "bench.bare_replay_app:rsgi", "rsgi"),
            ]
            for name, target, interface in sides:
                port = free_port()
                with serve(target, log=Path(tmp) / f"{interface}.log", port=port, interface=interface) as url:
                    pid = server_pid(port)
                    http_pass(url, bodies, args.clients, light=True)  # warm the worker
                    used = tree_cpu_seconds(pid)
                    wall, _ = best(args.rounds, lambda: http_pass(url, bodies, args.clients, light=True))
                    used = (tree_cpu_seconds(pid) - used) / args.rounds / repeat
                floors.append((f"HTTP, {name}, {args.clients} http.client", wall / repeat, used))
    rows = [
        ("ours, in process (mjai)", *ours_mjai),
        ("ours, in process (mjai), caches cleared", *cold),
        ("ours, in process (original logs)", *ours_xml),
        ("riichienv MjaiReplay + wins", *theirs),
        ("ours, python -m service.logs --jobs 1", command[0], None),
        (f"ours, HTTP, 1 worker, {args.clients} httpx clients", http, server_cpu),
        (f"ours, HTTP, 1 worker, {args.clients} http.client", light, light_server),
        *floors,
    ]
    print(f"{'':45} {'wall clock':>26}  {'CPU (one core)':>26}")
    for name, seconds, cpu in rows:
        line = f"{name:45} {n / seconds:9.1f} games/s {seconds / n * 1000:7.2f} ms/game"
        if cpu is not None:
            line += f"  {n / cpu:9.1f} games/s {cpu / n * 1000:7.2f} ms/game"
        print(line)
    print(
        f"(HTTP: the server's CPU above; the clients took {client_cpu / n * 1000:.2f} (httpx) and "
        f"{light_client / n * 1000:.2f} (http.client) ms/game more)"
    )
    print(
        f"ours (mjai) / riichienv: wall {theirs[0] / ours_mjai[0]:.2f}×, CPU {theirs[1] / ours_mjai[1]:.2f}×;  "
        f"HTTP / in process: wall {ours_mjai[0] / http:.2f} (httpx), {ours_mjai[0] / light:.2f} (http.client); "
        f"CPU {ours_mjai[1] / server_cpu:.2f}, {ours_mjai[1] / light_server:.2f}"
    )
    if floors:
        print(
            "in process / HTTP (CPU): "
            + ", ".join(f"{name} {ours_mjai[1] / cpu:.2f}" for name, _, cpu in floors if cpu)
        )
    print(load())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

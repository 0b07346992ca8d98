"""Benchmark: whole games replayed, in process, over HTTP and by the command, against riichienv's replay.

Run from the project root (riichienv is in the test extra)::

    .venv/bin/python bench/bench_replay.py LOGS [--rounds 3] [--clients 4]

LOGS: a directory of real game logs (Tenhou mjlogs or mjai; e.g. the mjlogs of mjx-project/mjx's test
resources). Every log the service replays is kept; each is converted once (``service.logs.convert``) to
mjai lines, so every side reads the same games in the same format:

- ours in process: ``read_log`` + ``replay`` of the mjai bytes (decode, the table, every win scored,
  every round settled, the end, the final standings, every value compared with the log);
- ours from the original mjlog, the same way;
- riichienv 0.4.11: ``MjaiReplay.from_jsonl`` of the same mjai file, then for every round every win
  recomputed (``take_win_result_contexts`` and each context's ``actual``): it scores the wins but settles
  nothing, so it does less than ours;
- ours over HTTP: ``POST /v1/logs/replay`` of the mjai bodies to one granian worker on 127.0.0.1
  (``bench/serve.py``), ``--clients`` threads with keep-alive connections sending back to back;
- the command: ``python -m service.logs --jobs 1`` over the mjai files (one process, its start included).

Prints games per second of each (the best of ``--rounds``; the machine may be shared), East–South
games only being counted when the log is one (the games per second are of the logs given), and the ratios:
ours / riichienv in process, HTTP / in process.
"""

from __future__ import annotations

import argparse
import json
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

from bench.serve import ROOT, serve
from service.logs import LogError, read_log, replay
from service.logs.convert import to_mjai


def load(directory: Path) -> list[tuple[bytes, bytes]]:
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


def best(rounds: int, work: object) -> float:
    """The shortest wall time of ``rounds`` calls of ``work`` (seconds)."""
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        work()  # type: ignore[operator]
        times.append(time.perf_counter() - start)
    return min(times)


def riichienv_pass(paths: list[str]) -> int:
    """Every game through riichienv's mjai replay, every win recomputed; the number of wins seen."""
    wins = 0
    for path in paths:
        for kyoku in riichienv.MjaiReplay.from_jsonl(path).take_kyokus():
            for context in kyoku.take_win_result_contexts():
                wins += context.actual.is_win
    return wins


def http_pass(base_url: str, bodies: list[bytes], clients: int) -> None:
    """Every body POSTed once, shared among ``clients`` threads (each with its own keep-alive connection)."""
    queue = list(range(len(bodies)))
    lock = threading.Lock()
    failures: list[int] = []

    def client() -> None:
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
    args = parser.parse_args(argv)
    games = load(args.logs)
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
        with serve("service.app:app", log=Path(tmp) / "server.log") as base_url:
            bodies = [m for _, m in games]
            http_pass(base_url, bodies, args.clients)  # warm the worker
            http = best(args.rounds, lambda: http_pass(base_url, bodies, args.clients))
    rows = [
        ("ours, in process (mjai)", ours_mjai),
        ("ours, in process (original logs)", ours_xml),
        ("riichienv MjaiReplay + wins", theirs),
        ("ours, python -m service.logs --jobs 1", command),
        (f"ours, HTTP, 1 worker, {args.clients} clients", http),
    ]
    for name, seconds in rows:
        print(f"{name:45} {n / seconds:9.1f} games/s  {seconds / n * 1000:7.2f} ms/game")
    print(f"ours (mjai) / riichienv: {theirs / ours_mjai:.2f}×;  HTTP / in process: {ours_mjai / http:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The reliability cases side by side: ``python -m service.serve`` (2 workers) alone, and behind nginx
(``deploy/nginx.conf``), on 127.0.0.1, in one run. Each case is bounded in requests and seconds.

- ``limit``: 100 concurrent ``POST /v1/score`` of one client against a limit of 60/minute counted in Redis.
- ``redis``: requests/s with Redis SIGSTOPped (hung) against no Redis at all, ``--requests`` each.
- ``spoof``: 10 requests, each with another ``X-Real-IP``, against a limit of 2/minute; nginx (127.0.0.1)
  is the trusted proxy, the direct client comes from 127.0.0.3, the one through nginx from 127.0.0.4.
- ``vary``: the ``Vary`` of a cacheable answer with ``Content-Language``, CORS on, with and without ``Origin``.
- ``race``: ``--race`` requests on one keep-alive client each way, ~10 s apart (granian's idle close),
  each gap 9.8–10.2 s; the direct and the proxied clients run at the same time.
- ``drain``: 16 keep-alive clients while SIGTERM drains the service (2 s drain); a request on a kept
  connection that got no answer is a dropped one.
- ``master``: granian's master SIGKILLed, then the service started again on the same port.

    PYTHONPATH=. .venv/bin/python bench/bench_reliability.py            # every case
    PYTHONPATH=. .venv/bin/python bench/bench_reliability.py --only limit spoof vary
"""

from __future__ import annotations

import argparse
import os
import random
import re
import signal
import socket
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

from tests.serving.conftest import nginx, redis_server, served
from tests.serving.test_lifecycle import _keep_alive_client
from tests.serving.test_limits import concurrently

SCORE = {"hand": "234567m3455p234s", "win_tile": "2p", "seat_wind": "S", "riichi": True}


@contextmanager
def fronted(tmp: Path, **env: str) -> Iterator[tuple[str, str, Path]]:
    """The service and nginx in front of it: (direct URL, nginx URL, the service's directory)."""
    tmp.mkdir(parents=True, exist_ok=True)
    with served(tmp, **env) as (url, _), nginx(tmp, url) as proxy:
        yield url, proxy, tmp


def flush(redis_url: str) -> None:
    host, port = redis_url.removeprefix("redis://").split("/")[0].split(":")
    with socket.create_connection((host, int(port)), timeout=5) as s:
        s.sendall(b"FLUSHALL\r\n")
        s.recv(16)


def case_limit(tmp: Path) -> None:
    with redis_server(tmp) as (redis_url, _):
        env = {"RIICHI_RATE_LIMIT": "60/minute", "RIICHI_RATE_LIMIT_REDIS_URL": redis_url}
        with fronted(tmp / "limit", **env) as (direct, proxy, _):
            for name, url in (("alone", direct), ("nginx", proxy)):
                flush(redis_url)
                statuses = Counter(concurrently(url, 100))
                print(f"limit   {name:6} 100 at once, limit 60: {dict(sorted(statuses.items()))}")


def rate(url: str, requests: int, clients: int = 20) -> tuple[float, int]:
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


def case_redis(tmp: Path, requests: int, rounds: int = 3) -> None:
    """No Redis and Redis SIGSTOPped, each served and fronted at once, measured in turn round by round (the
    machine's load moves between rounds; a ratio is taken within a round)."""
    limit = {"RIICHI_RATE_LIMIT": "1000000/minute"}
    with (
        redis_server(tmp) as (redis_url, pid),
        fronted(tmp / "off", **limit) as (off_direct, off_proxy, _),
        fronted(tmp / "hung", **limit, RIICHI_RATE_LIMIT_REDIS_URL=redis_url) as (hung_direct, hung_proxy, _),
    ):
        for url in (off_direct, off_proxy, hung_direct, hung_proxy):
            rate(url, 200)
        os.kill(pid, signal.SIGSTOP)
        try:
            for round_ in range(1, rounds + 1):
                for name, off_url, hung_url in (("alone", off_direct, hung_direct), ("nginx", off_proxy, hung_proxy)):
                    off = rate(off_url, requests)
                    hung = rate(hung_url, requests)
                    print(
                        f"redis   {name:6} round {round_}: no Redis {off[0]:6.0f} req/s (non-200 {off[1]}), "
                        f"Redis SIGSTOPped {hung[0]:6.0f} req/s (non-200 {hung[1]}): {hung[0] / off[0]:.2f}x"
                    )
        finally:
            os.kill(pid, signal.SIGCONT)


def case_spoof(tmp: Path) -> None:
    env = {"RIICHI_RATE_LIMIT": "2/minute", "RIICHI_TRUSTED_PROXIES": "127.0.0.1/32"}
    with fronted(tmp / "spoof", **env) as (direct, proxy, _):
        for name, url, source in (("alone", direct, "127.0.0.3"), ("nginx", proxy, "127.0.0.4")):
            transport = httpx.HTTPTransport(local_address=source)
            with httpx.Client(transport=transport, timeout=10) as client:
                statuses = [
                    client.get(f"{url}/v1/rules", headers={"X-Real-IP": f"192.0.2.{i}"}).status_code for i in range(10)
                ]
            print(f"spoof   {name:6} 10 X-Real-IP, limit 2/minute, from {source}: {statuses}")


def case_vary(tmp: Path) -> None:
    env = {"RIICHI_CORS_ORIGINS": "https://app.example.org"}
    with fronted(tmp / "vary", **env) as (direct, proxy, _):
        for name, url in (("alone", direct), ("nginx", proxy)):
            with_origin = httpx.get(
                f"{url}/v1/yaku",
                headers={"Accept-Language": "ja", "Origin": "https://app.example.org"},
                timeout=10,
            )
            without = httpx.get(f"{url}/v1/yaku", headers={"Accept-Language": "ja"}, timeout=10)
            print(
                f"vary    {name:6} with Origin: {with_origin.headers.get('vary')!r} "
                f"(allow-origin {with_origin.headers.get('access-control-allow-origin')!r}); "
                f"without: {without.headers.get('vary')!r}"
            )


def case_race(tmp: Path, count: int) -> None:
    with fronted(tmp / "race") as (direct, proxy, _):
        results: dict[str, Counter[str]] = {}

        def client(name: str, url: str, seed: int) -> None:
            jitter = random.Random(seed)
            outcomes: Counter[str] = Counter()
            with httpx.Client(base_url=url, timeout=10) as c:
                for i in range(count):
                    if i:
                        time.sleep(10 + jitter.uniform(-0.2, 0.2))
                    try:
                        outcomes[str(c.post("/v1/score", json=SCORE).status_code)] += 1
                    except httpx.TransportError as exc:
                        outcomes[type(exc).__name__] += 1
            results[name] = outcomes

        threads = [
            threading.Thread(target=client, args=("alone", direct, 1)),
            threading.Thread(target=client, args=("nginx", proxy, 2)),
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    for name in ("alone", "nginx"):
        print(f"race    {name:6} {count} POSTs ~10 s apart on one keep-alive client: {dict(results[name])}")


def case_drain(tmp: Path) -> None:
    for name in ("alone", "nginx"):
        (tmp / f"drain-{name}").mkdir()
        with (
            served(tmp / f"drain-{name}", DRAIN_SECONDS="2", SHUTDOWN_DEADLINE="8") as (url, proc),
            nginx(tmp / f"drain-{name}", url) as proxy,
        ):
            target = url if name == "alone" else proxy
            port = int(target.rsplit(":", 1)[1])
            stop = threading.Event()
            outcomes: list[tuple[bool, str]] = []
            clients = [threading.Thread(target=_keep_alive_client, args=(port, stop, outcomes)) for _ in range(16)]
            for c in clients:
                c.start()
            time.sleep(1)
            proc.send_signal(signal.SIGTERM)
            code = proc.wait(timeout=15)
            time.sleep(1)
            stop.set()
            for c in clients:
                c.join()
        kept = Counter(o for reused, o in outcomes if reused)
        new = Counter(o for reused, o in outcomes if not reused)
        print(f"drain   {name:6} exit {code}; on kept connections: {dict(kept)}; on new ones: {dict(new)}")


def case_master(tmp: Path) -> None:
    (tmp / "master").mkdir()
    with served(tmp / "master") as (url, proc), nginx(tmp / "master", url) as proxy:
        log = tmp / "master" / "serve.log"
        deadline = time.monotonic() + 30
        while "Started worker-2" not in log.read_text(errors="replace") and time.monotonic() < deadline:
            time.sleep(0.1)
        master = int(re.search(r"main PID: (\d+)", log.read_text(errors="replace"))[1])  # type: ignore[index]
        os.kill(master, signal.SIGKILL)
        proc.wait(timeout=15)
        time.sleep(1)
        try:
            httpx.get(f"{url}/health", timeout=2)
            alone = "answered"
        except httpx.TransportError as exc:
            alone = type(exc).__name__
        down = httpx.get(f"{proxy}/v1/yaku", timeout=10)
        (tmp / "again").mkdir()
        with served(tmp / "again", PORT=url.rsplit(":", 1)[1]):  # until its /ready answers
            again = httpx.get(f"{url}/health", timeout=5).status_code
            started = time.monotonic()
            back = None
            while time.monotonic() - started < 30:
                if httpx.get(f"{proxy}/v1/yaku", timeout=5).status_code == 200:
                    back = time.monotonic() - started
                    break
                time.sleep(0.05)
        print(
            f"master  alone  after SIGKILL of the master: {alone}; a new start on the same port: /health {again}"
            f"\nmaster  nginx  while down: {down.status_code} {down.headers.get('content-type')} "
            f"Retry-After {down.headers.get('retry-after')}; through nginx 200 again "
            f"{'never' if back is None else f'{back:.2f} s'} after the new start's /ready"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    cases = ["limit", "redis", "spoof", "vary", "drain", "master", "race"]
    parser.add_argument("--only", nargs="+", choices=cases, default=cases)
    parser.add_argument("--requests", type=int, default=2000, help="requests a front for the redis case")
    parser.add_argument("--race", type=int, default=12, help="requests a front for the race case (~10 s each)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        for case in args.only:
            (base / case).mkdir()
            if case == "redis":
                case_redis(base / case, args.requests)
            elif case == "race":
                case_race(base / case, args.race)
            else:
                globals()[f"case_{case}"](base / case)


if __name__ == "__main__":
    main()

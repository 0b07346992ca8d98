"""Lint, format and type checks as tests (STYLE.md §10): ruff over the tree, mypy --strict over service/."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=600)


@pytest.mark.parametrize(
    "command",
    [
        pytest.param(("ruff", "check", "."), id="ruff-check"),
        pytest.param(("ruff", "format", "--check", "."), id="ruff-format"),
        pytest.param(("mypy", "service"), id="mypy-strict-service"),
    ],
)
def test_tree_is_clean(command: tuple[str, ...]) -> None:
    result = _run(*command)
    assert result.returncode == 0, result.stdout + result.stderr

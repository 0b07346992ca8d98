"""Shared by the contract tests: the committed document and the npm tools pinned in ``contract/``."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCUMENT = ROOT / "openapi" / "openapi.json"
CONTRACT = ROOT / "contract"
BIN = CONTRACT / "node_modules" / ".bin"
NPM_TIMEOUT = 600


@pytest.fixture(scope="session")
def linters() -> Path:
    """``contract/node_modules/.bin`` (Redocly, Spectral, openapi-typescript, tsc), installed from the
    lockfile with ``npm ci`` on first use, so a fresh machine needs only node and npm."""
    wanted = ("redocly", "spectral", "openapi-typescript", "tsc")
    if not all((BIN / name).exists() for name in wanted):
        npm = shutil.which("npm")
        assert npm is not None, "npm is needed to install the contract tools (contract/package.json)"
        subprocess.run(
            [npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=CONTRACT, check=True, timeout=NPM_TIMEOUT
        )
    return BIN

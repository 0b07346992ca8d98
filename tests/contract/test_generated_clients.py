"""Clients generated from the committed document, as a third party makes them, call every operation of a live
server and get typed answers (issue: a contract client generators accept).

- Python: ``openapi-python-client`` (a test dependency) generates ``riichi_client``; ``mypy --strict`` checks it
  with ``contract/clients/use_python_client.py``, which then calls every operation with the document's examples.
- TypeScript: ``openapi-typescript`` (``--default-non-nullable false``: a request field with a default stays
  optional) and ``openapi-fetch``, pinned in ``contract/package.json``; ``tsc --strict`` compiles
  ``contract/clients/use_ts_client.ts``, and node runs it.

The generated code lives in temporary folders and is never committed. Each check is also run on a broken copy of
the document (answers that no longer list their fields as required), to show that it fails then.
"""

from __future__ import annotations

import copy
import json
import os
import re
import shutil
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.api.test_server import granian
from tests.contract.conftest import CONTRACT, DOCUMENT

CLIENTS = CONTRACT / "clients"
VENV_BIN = Path(sys.executable).parent
TIMEOUT = 300

GENERATOR_TEMPLATE_ERRORS = re.compile(
    r'^riichi_client/client\.py:\d+: error: Argument 1 to "__a?exit__" of "(Async)?Client" has incompatible type '
    r'"\*tuple\[object, \.\.\.\]"; expected .* \[arg-type\]$'
)
"""The only findings ``mypy --strict`` has in the generated code, whatever the document: openapi-python-client's
``client.py`` template forwards ``__exit__(*args: object)`` to httpx, whose parameters are typed. They come from the
generator's template, not from anything the document says, so they are recognised here one by one."""


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    with granian() as (url, _, _):
        yield url


def broken_document(tmp_path: Path) -> Path:
    """The document with ``ScoreResult`` listing only ``is_win`` and ``preset`` as required (the fault a generated
    client cannot survive: every other answer field typed as possibly missing)."""
    document: dict[str, Any] = json.loads(DOCUMENT.read_text(encoding="utf-8"))
    bad = copy.deepcopy(document)
    bad["components"]["schemas"]["ScoreResult"]["required"] = ["is_win", "preset"]
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    return path


def python_client(document: Path, folder: Path) -> list[str]:
    """Generate ``riichi_client`` from ``document`` into ``folder`` beside the calling script; ``mypy --strict``'s
    findings, those of the generator's own template left out."""
    subprocess.run(
        [str(VENV_BIN / "openapi-python-client"), "generate", "--path", str(document), "--meta", "none",
         "--output-path", str(folder / "riichi_client")],
        check=True, capture_output=True, timeout=TIMEOUT,
        env={**os.environ, "PATH": f"{VENV_BIN}:{os.environ['PATH']}"},  # the generator formats with ruff
    )  # fmt: skip
    shutil.copy(CLIENTS / "use_python_client.py", folder)
    run = subprocess.run(
        [str(VENV_BIN / "mypy"), "--strict", "--no-incremental", "riichi_client", "use_python_client.py"],
        cwd=folder, capture_output=True, text=True, timeout=TIMEOUT,
    )  # fmt: skip
    return [
        line for line in run.stdout.splitlines() if ": error:" in line and not GENERATOR_TEMPLATE_ERRORS.match(line)
    ]


def test_python_client_is_typed_and_parses_every_answer(base_url: str, tmp_path: Path) -> None:
    assert python_client(DOCUMENT, tmp_path) == []
    run = subprocess.run(
        [sys.executable, "use_python_client.py", str(DOCUMENT), base_url],
        cwd=tmp_path, capture_output=True, text=True, timeout=TIMEOUT,
    )  # fmt: skip
    assert run.returncode == 0, run.stdout + run.stderr
    assert "17 calls, every answer parsed into its typed model" in run.stdout


def test_python_client_check_fails_on_a_broken_document(tmp_path: Path) -> None:
    errors = python_client(broken_document(tmp_path), tmp_path / "client")
    assert any("use_python_client.py" in e for e in errors), errors


@pytest.fixture
def build(linters: Path) -> Iterator[Path]:
    """A folder inside ``contract/`` (so node finds ``contract/node_modules``), removed afterwards."""
    folder = CONTRACT / "build" / uuid.uuid4().hex
    folder.mkdir(parents=True)
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def ts_client(bin_: Path, document: Path, folder: Path) -> subprocess.CompletedProcess[str]:
    """Generate the types from ``document`` and compile ``use_ts_client.ts`` with ``tsc --strict``."""
    subprocess.run(
        [str(bin_ / "openapi-typescript"), str(document), "--default-non-nullable", "false",
         "-o", str(folder / "schema.d.ts")],
        check=True, capture_output=True, timeout=TIMEOUT,
    )  # fmt: skip
    shutil.copy(CLIENTS / "use_ts_client.ts", folder)
    (folder / "tsconfig.json").write_text(
        json.dumps(
            {
                "compilerOptions": {
                    "strict": True,
                    "target": "es2022",
                    "module": "nodenext",
                    "moduleResolution": "nodenext",
                    "lib": ["es2022", "dom"],
                    "noEmitOnError": True,
                    "outDir": ".",
                },
                "files": ["use_ts_client.ts", "schema.d.ts"],
            }
        ),
        encoding="utf-8",
    )
    return subprocess.run(
        [str(bin_ / "tsc"), "-p", str(folder / "tsconfig.json")], capture_output=True, text=True, timeout=TIMEOUT
    )


def test_typescript_client_compiles_strict_and_parses_every_answer(linters: Path, build: Path, base_url: str) -> None:
    compiled = ts_client(linters, DOCUMENT, build)
    assert compiled.returncode == 0, compiled.stdout + compiled.stderr
    node = shutil.which("node")
    assert node is not None
    run = subprocess.run([node, "use_ts_client.js", base_url], cwd=build, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "15 calls, every answer parsed into its typed model" in run.stdout


def test_typescript_check_fails_on_a_broken_document(linters: Path, build: Path, tmp_path: Path) -> None:
    compiled = ts_client(linters, broken_document(tmp_path), build)
    assert compiled.returncode != 0
    assert "possibly 'undefined'" in compiled.stdout, compiled.stdout

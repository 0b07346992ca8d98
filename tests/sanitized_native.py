"""The C hot path (``service/scoring/_native.c``) under AddressSanitizer and UndefinedBehaviorSanitizer.

``_native.c`` reads untrusted request bytes (the batch body in ``parse_batch``, the request's strings in
``load``), the batch without the GIL. This module builds it a second time with ``-fsanitize=address,undefined``
into ``build/sanitized/`` (the installed build is left alone) and runs pytest with that build in its place::

    .venv/bin/python -m tests.sanitized_native tests/scoring/test_native.py tests/batch -q

which compiles (when ``_native.c`` is newer than the sanitized build), then runs
``python -m pytest -p tests.sanitized_native ARGS`` with the sanitizers' runtime preloaded (``LD_PRELOAD``:
Python itself is not built with them), ``PYTHONMALLOC=malloc`` (so ASan sees the buffers of Python objects),
leak detection off (the interpreter keeps its objects at exit) and every finding fatal: a test run that
reaches a sanitizer report exits non-zero with the report on stderr. As a plugin (``-p``) it loads the
sanitized build as ``service.scoring._native`` and refuses to run without the runtime preloaded. Needs gcc
(Debian's ``gcc`` package; its ``libasan`` and ``libubsan``) and Python's headers, as ``pip install -e .`` does.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import os
import subprocess
import sys
import sysconfig
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "service" / "scoring" / "_native.c"
BUILT = ROOT / "build" / "sanitized" / ("_native" + str(sysconfig.get_config_var("EXT_SUFFIX")))
"""The sanitized build of :data:`SOURCE`."""
MODULE = "service.scoring._native"

FLAGS = (
    "-fsanitize=address,undefined",
    "-fno-sanitize-recover=all",  # the first finding ends the process
    "-fno-omit-frame-pointer",
    "-g",
    "-O1",
    "-Wall",
    "-Wextra",
    "-Wno-unused-parameter",
    "-Wno-missing-field-initializers",
)
"""``setup.py``'s warnings, the sanitizers, and debug information for their reports."""

ENVIRONMENT = {
    "PYTHONMALLOC": "malloc",
    "ASAN_OPTIONS": "detect_leaks=0:abort_on_error=0:halt_on_error=1:print_stacktrace=1",
    "UBSAN_OPTIONS": "halt_on_error=1:print_stacktrace=1",
}


def runtime() -> str:
    """The path of gcc's ASan runtime (``libasan.so``), which must come first in the process."""
    return subprocess.run(
        ["gcc", "-print-file-name=libasan.so"], capture_output=True, text=True, check=True
    ).stdout.strip()


def build() -> Path:
    """Compile :data:`SOURCE` with the sanitizers into :data:`BUILT` unless it is newer; its path."""
    if BUILT.exists() and BUILT.stat().st_mtime > SOURCE.stat().st_mtime:
        return BUILT
    BUILT.parent.mkdir(parents=True, exist_ok=True)
    include = sysconfig.get_paths()["include"]
    command = ["gcc", "-shared", "-fPIC", *FLAGS, f"-I{include}", str(SOURCE), "-o", str(BUILT)]
    subprocess.run(command, check=True)
    return BUILT


class SanitizedNative(importlib.abc.MetaPathFinder):
    """:data:`MODULE` from :data:`BUILT`."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname != MODULE:
            return None
        return importlib.util.spec_from_file_location(
            fullname, BUILT, loader=importlib.machinery.ExtensionFileLoader(fullname, str(BUILT))
        )


@pytest.hookimpl(tryfirst=True)
def pytest_load_initial_conftests() -> None:
    """As a pytest plugin: the sanitized build in place of the installed one, before any test module loads.
    (Imported for its doctests, this module changes nothing: only the hook switches.)"""
    if "libasan" not in os.environ.get("LD_PRELOAD", ""):
        raise pytest.UsageError("the ASan runtime is not preloaded: run `python -m tests.sanitized_native ARGS`")
    if MODULE in sys.modules:
        raise pytest.UsageError(f"{MODULE} is already imported: too late to load the sanitized build")
    if not BUILT.exists():
        raise pytest.UsageError(f"{BUILT} is not built: run `python -m tests.sanitized_native ARGS`")
    sys.meta_path.insert(0, SanitizedNative())


def pytest_sessionstart() -> None:
    """The scoring core in this run uses the sanitized build (not one imported before the switch)."""
    from service.scoring import native

    if native._native is None or getattr(native._native, "__file__", None) != str(BUILT):
        raise pytest.UsageError(f"{MODULE} is not the sanitized build: {native._native!r}")


def pytest_report_header() -> str:
    return f"C hot path: {BUILT} (AddressSanitizer, UndefinedBehaviorSanitizer)"


def main(args: list[str]) -> None:
    """Build, then run pytest with ``args`` on the sanitized build (this process becomes pytest)."""
    build()
    env = {**os.environ, **ENVIRONMENT, "LD_PRELOAD": runtime()}
    os.execve(sys.executable, [sys.executable, "-m", "pytest", "-p", "tests.sanitized_native", *args], env)


if __name__ == "__main__":
    main(sys.argv[1:])

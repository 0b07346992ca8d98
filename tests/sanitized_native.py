"""The C extensions (``service/scoring/_native.c``, ``_shanten.c``) under ASan and UBSan.

``_native.c`` reads untrusted request bytes (the batch body in ``parse_batch``, the request's strings in
``load``), the batch without the GIL; ``_shanten.c`` reads the counts of ``/v1/tenpai`` and the discard
analysis. This module builds both a second time with ``-fsanitize=address,undefined`` into ``build/sanitized/``
(the installed builds are left alone) and runs pytest with those builds in their place::

    .venv/bin/python -m tests.sanitized_native tests/scoring/test_native.py tests/batch \
        tests/discards/test_shanten_native.py -q

which compiles (an extension whose sources are newer than its sanitized build), then runs
``python -m pytest -p tests.sanitized_native ARGS`` with the sanitizers' runtime preloaded (``LD_PRELOAD``:
Python itself is not built with them), ``PYTHONMALLOC=malloc`` (so ASan sees the buffers of Python objects),
leak detection off (the interpreter keeps its objects at exit) and every finding fatal: a test run that
reaches a sanitizer report exits non-zero with the report on stderr. As a plugin (``-p``) it loads the
sanitized builds as ``service.scoring._native`` and ``service.scoring._shanten`` and refuses to run without
the runtime preloaded. Needs gcc
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
SCORING = ROOT / "service" / "scoring"
EXTENSIONS: dict[str, tuple[Path, tuple[Path, ...]]] = {
    "service.scoring._native": (
        SCORING / "_native.c",
        (SCORING / "_native_contract.h", *sorted(SCORING.glob("_native_*.c"))),
    ),
    "service.scoring._shanten": (SCORING / "_shanten.c", ()),
}
"""Each extension's module name: its source, and the files it includes (``setup.py``'s ``depends``)."""
SUFFIX = str(sysconfig.get_config_var("EXT_SUFFIX"))


def built(module: str) -> Path:
    """The sanitized build of ``module``."""
    return ROOT / "build" / "sanitized" / (module.rsplit(".", 1)[1] + SUFFIX)


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
    "-Werror=switch",
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


def build() -> list[Path]:
    """Compile each of :data:`EXTENSIONS` with the sanitizers unless its build is newer than its sources;
    their paths."""
    include = sysconfig.get_paths()["include"]
    out = []
    for module, (source, depends) in EXTENSIONS.items():
        target = built(module)
        out.append(target)
        newest = max(path.stat().st_mtime for path in (source, *depends))
        if target.exists() and target.stat().st_mtime > newest:
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        command = ["gcc", "-shared", "-fPIC", *FLAGS, f"-I{include}", str(source), "-o", str(target)]
        subprocess.run(command, check=True)
    return out


class SanitizedNative(importlib.abc.MetaPathFinder):
    """Each module of :data:`EXTENSIONS` from its sanitized build."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in EXTENSIONS:
            return None
        target = built(fullname)
        return importlib.util.spec_from_file_location(
            fullname, target, loader=importlib.machinery.ExtensionFileLoader(fullname, str(target))
        )


@pytest.hookimpl(tryfirst=True)
def pytest_load_initial_conftests() -> None:
    """As a pytest plugin: the sanitized build in place of the installed one, before any test module loads.
    (Imported for its doctests, this module changes nothing: only the hook switches.)"""
    if "libasan" not in os.environ.get("LD_PRELOAD", ""):
        raise pytest.UsageError("the ASan runtime is not preloaded: run `python -m tests.sanitized_native ARGS`")
    for module in EXTENSIONS:
        if module in sys.modules:
            raise pytest.UsageError(f"{module} is already imported: too late to load the sanitized build")
        if not built(module).exists():
            raise pytest.UsageError(f"{built(module)} is not built: run `python -m tests.sanitized_native ARGS`")
    sys.meta_path.insert(0, SanitizedNative())


def pytest_sessionstart() -> None:
    """The scoring core in this run uses the sanitized builds (not ones imported before the switch)."""
    from service.scoring import native, shanten

    if native._native is None or getattr(native._native, "__file__", None) != str(built("service.scoring._native")):
        raise pytest.UsageError(f"service.scoring._native is not the sanitized build: {native._native!r}")
    loaded = sys.modules.get("service.scoring._shanten")
    if not shanten.NATIVE or getattr(loaded, "__file__", None) != str(built("service.scoring._shanten")):
        raise pytest.UsageError(f"service.scoring._shanten is not the sanitized build: {loaded!r}")


def pytest_report_header() -> str:
    names = ", ".join(str(built(module)) for module in EXTENSIONS)
    return f"C extensions: {names} (AddressSanitizer, UndefinedBehaviorSanitizer)"


def main(args: list[str]) -> None:
    """Build, then run pytest with ``args`` on the sanitized build (this process becomes pytest)."""
    build()
    env = {**os.environ, **ENVIRONMENT, "LD_PRELOAD": runtime()}
    os.execve(sys.executable, [sys.executable, "-m", "pytest", "-p", "tests.sanitized_native", *args], env)


if __name__ == "__main__":
    main(sys.argv[1:])

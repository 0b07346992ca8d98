"""The plain-Python build in a compiled tree: a pytest plugin (``-p tests.plain_python``) and an import switch.

``pip install -e .`` compiles the scoring core's hot path (``setup.py``'s ``COMPILED``, with mypyc) and the C
hot path (``_native.c``) into ``*.so`` files beside their sources, and Python imports those first. A
``RIICHI_PURE_PYTHON=1`` install has none: every module runs from its ``.py`` source and the C path is
absent. This module makes a compiled tree behave as that install does, without a second install and without
deleting the build: :func:`install` puts an import finder first on ``sys.meta_path`` that loads every
``service.scoring`` module from its source and refuses the compiled ones that have no source (``_native``,
``_compiled__mypyc``), as a tree without the ``*.so`` files would. It must run before anything imports
``service.scoring`` (a pytest plugin given with ``-p`` loads before the conftests and the test modules)::

    .venv/bin/python -m pytest -p tests.plain_python tests/scoring service/scoring

The doctests of the compiled modules, whose compiled functions drop their docstrings, are collected then.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

import pytest

PACKAGE = "service.scoring"
SOURCE = Path(__file__).resolve().parents[1] / "service" / "scoring"
"""The sources of :data:`PACKAGE` in this checkout."""
SOURCES = {PACKAGE: SOURCE, "service.logs": SOURCE.parent / "logs", "service.game": SOURCE.parent / "game"}
"""Every package with compiled modules (``setup.py``'s ``COMPILED``, ``COMPILED_LOGS``, ``COMPILED_GAME``) → its
sources."""


class PlainPython(importlib.abc.MetaPathFinder):
    """Every module of :data:`SOURCES`' packages from its ``.py`` source; a compiled module without one is not
    there."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        package, _, name = fullname.rpartition(".")
        sources = SOURCES.get(package)
        if sources is None:
            return None
        source = sources / f"{name}.py"
        if source.exists():
            return importlib.util.spec_from_file_location(fullname, source)
        if any(sources.glob(f"{name}.*.so")):
            raise ModuleNotFoundError(
                f"{fullname} is compiled; the plain-Python build has no such module", name=fullname
            )
        return None


def install() -> None:
    """Switch this process to the plain-Python build (before any of :data:`SOURCES`' packages is imported)."""
    if any(isinstance(finder, PlainPython) for finder in sys.meta_path):
        return
    loaded = [name for name in sys.modules for package in SOURCES if name == package or name.startswith(package + ".")]
    if loaded:
        raise RuntimeError(f"{', '.join(sorted(loaded))} already imported: too late to switch builds")
    sys.meta_path.insert(0, PlainPython())


def compiled() -> bool:
    """Whether the scoring core in this process runs compiled (mypyc): ``tiles`` is an extension module."""
    from service.scoring import tiles

    return not str(getattr(tiles, "__file__", "")).endswith(".py")


@pytest.hookimpl(tryfirst=True)
def pytest_load_initial_conftests() -> None:
    """As a pytest plugin (``-p tests.plain_python``): switch before the conftests and test modules load.
    (Imported for its doctests, this module changes nothing: only the hook switches.)"""
    install()

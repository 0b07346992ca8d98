"""What the documented commands need is what the extras install, and the wheelhouse fits the image.

- ``pip install -e '.[bench]'`` installs every distribution ``bench/*.py`` imports, and ``'.[load]'``
  every one ``k6/run.py`` imports, following the repository modules they import (``tests.strategies``,
  ``tests.serving.conftest``, ...) down to third-party imports.
- The runtime dependencies a Python 3.11.2 (Debian bookworm's, the image's default base) pulls in are
  all listed in ``pyproject.toml``, so a wheelhouse built by a newer 3.11 (``scripts/build-image.sh``)
  holds them (``redis`` wants ``async-timeout`` below 3.11.3 only).
"""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from importlib import metadata
from pathlib import Path

from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from .conftest import ROOT

PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def _names(requirements: list[str]) -> set[str]:
    return {canonicalize_name(Requirement(r).name) for r in requirements}


def _imported_distributions(entry: Path) -> set[str]:
    """The third-party distributions ``entry`` imports, directly or through the repository's own modules."""
    by_module = metadata.packages_distributions()
    seen: set[Path] = set()
    found: set[str] = set()
    todo = [entry]
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                modules = [node.module]
            else:
                continue
            for module in modules:
                top = module.split(".")[0]
                if top in ("service", "bench", "tests"):
                    if top == "service":
                        continue  # the project itself, installed by every extra
                    parts = module.split(".")
                    for candidate in (ROOT.joinpath(*parts).with_suffix(".py"), ROOT.joinpath(*parts, "__init__.py")):
                        if candidate.exists():
                            todo.append(candidate)
                elif (path.parent / f"{top}.py").exists():  # a sibling script (its directory on sys.path)
                    todo.append(path.parent / f"{top}.py")
                elif top not in sys.stdlib_module_names and top != "__future__":
                    found |= {canonicalize_name(d) for d in by_module.get(top, [top])}
    return found


def test_the_bench_extra_installs_what_the_bench_scripts_import() -> None:
    needed = set().union(*(_imported_distributions(p) for p in sorted((ROOT / "bench").glob("*.py"))))
    missing = needed - _names(PROJECT["optional-dependencies"]["bench"]) - _names(PROJECT["dependencies"])

    assert {"mahjong", "httpx"} <= needed  # the scan follows tests/ helpers (the oracle, the serving fixtures)
    assert missing == set()


def test_the_load_extra_installs_what_k6_run_imports() -> None:
    needed = _imported_distributions(ROOT / "k6" / "run.py")
    missing = needed - _names(PROJECT["optional-dependencies"]["load"]) - _names(PROJECT["dependencies"])

    assert "hypothesis" in needed  # through tests/strategies.py
    assert missing == set()


def _closure(environment: dict[str, str]) -> set[str]:
    """The runtime dependencies, recursively (installed metadata), whose markers hold in ``environment``."""
    found: set[str] = set()
    todo = list(PROJECT["dependencies"])
    while todo:
        requirement = Requirement(todo.pop())
        if requirement.marker is not None and not requirement.marker.evaluate({**environment, "extra": ""}):
            continue
        name = canonicalize_name(requirement.name)
        if name in found:
            continue
        found.add(name)
        todo += metadata.requires(name) or []
    return found


def _calls(tree: ast.AST, name: str) -> bool:
    """Whether ``tree`` calls a function ``name`` (plain or as an attribute)."""
    return any(
        isinstance(node, ast.Call)
        and (getattr(node.func, "id", None) == name or getattr(node.func, "attr", None) == name)
        for node in ast.walk(tree)
    )


def test_every_script_that_serves_on_a_free_port_can_be_given_one() -> None:
    """A shared machine: a script that starts a server on a port of its choosing takes ``--port`` too."""
    scripts = [*sorted((ROOT / "bench").glob("bench_*.py")), ROOT / "k6" / "run.py"]
    serving = {p.name: ast.parse(p.read_text()) for p in scripts}
    serving = {name: tree for name, tree in serving.items() if _calls(tree, "free_port") or _calls(tree, "serve")}
    options = {
        name
        for name, tree in serving.items()
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and getattr(node.func, "attr", None) == "add_argument"
        and any(isinstance(arg, ast.Constant) and arg.value == "--port" for arg in node.args)
    }

    assert {"bench_memory_burst.py", "bench_replay.py", "run.py"} <= set(serving)
    assert set(serving) - options == set()


def test_every_dependency_of_bookworms_python_is_listed() -> None:
    bookworm = {"python_full_version": "3.11.2", "python_version": "3.11"}
    extra = _closure(bookworm) - _closure({})
    listed = _names(PROJECT["dependencies"])

    assert Marker('python_full_version < "3.11.3"').evaluate(bookworm)
    assert extra - listed == set(), "wanted on Python 3.11.2 only, so missing from a wheelhouse built by 3.11.7"
    assert re.search(r"async-timeout", (ROOT / "pyproject.toml").read_text())

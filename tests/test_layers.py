"""The import layers of ``service/``, read from the source: every ``import`` statement of every module, at the
top, inside a function or under ``TYPE_CHECKING``.

The layers, lowest first (ARCHITECTURE.md, "The map"): the worker heartbeat (``service.liveness``, the
standard library only: the Deployment's liveness probe runs it alone), the catalogues (``service.i18n``),
the scoring core (``service.scoring``), settlement (``service.game``), whole games (``service.logs``), the HTTP layer
(``service.api``), the app (``service.app``, ``service.serve``). A module imports its own layer and the
layers below, never one above; and no module reaches itself through the modules it imports (no cycle), so
each can be read, and loaded, after what it needs.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

LAYERS = [
    "service.liveness",
    "service.i18n",
    "service.scoring",
    "service.game",
    "service.logs",
    "service.api",
    "service",
]
"""Lowest first; ``service`` is the rest: ``service.app``, ``service.serve`` and the package itself."""


def module_name(path: Path) -> str:
    """``service/api/routes/batch.py`` → ``service.api.routes.batch``; a package's ``__init__.py`` → the package."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(p): p for p in sorted((ROOT / "service").rglob("*.py"))}

EXTENSIONS = set(re.findall(r'Extension\(\s*"([\w.]+)"', (ROOT / "setup.py").read_text(encoding="utf-8")))
"""The C extensions (``service.scoring._native``, …), named in ``setup.py``: leaves, they import no module."""


def imported(name: str, source: str, modules: set[str]) -> set[str]:
    """The modules of ``modules`` that the module ``name`` (its Python ``source``) imports anywhere. A name
    imported from a package counts as the package's submodule when there is one (``from . import native``)."""
    package = name if MODULES.get(name, Path()).name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                origin = ".".join(parts[: len(parts) - node.level + 1] + ([node.module] if node.module else []))
            else:
                origin = node.module or ""
            for alias in node.names:
                submodule = f"{origin}.{alias.name}"
                if submodule not in EXTENSIONS:
                    found.add(submodule if submodule in modules else origin)
    return {m for m in found if m in modules and m != name}


GRAPH = {name: imported(name, path.read_text(encoding="utf-8"), set(MODULES)) for name, path in MODULES.items()}


def layer(name: str) -> int:
    """The index in :data:`LAYERS` of the module ``name``'s layer (its most specific package there)."""
    return next(i for i, prefix in enumerate(LAYERS) if name == prefix or name.startswith(prefix + "."))


def higher_imports(graph: dict[str, set[str]]) -> list[tuple[str, str]]:
    """Every (module, imported module) of ``graph`` where the imported one is of a higher layer."""
    return sorted((name, other) for name, others in graph.items() for other in others if layer(other) > layer(name))


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle of ``graph`` (its modules in import order, the first repeated at the end), or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(name: str) -> list[str] | None:
        state[name] = 1
        path.append(name)
        for other in sorted(graph[name]):
            if state.get(other) == 1:
                return [*path[path.index(other) :], other]
            if other not in state and (cycle := visit(other)) is not None:
                return cycle
        path.pop()
        state[name] = 2
        return None

    for name in sorted(graph):
        if name not in state and (cycle := visit(name)) is not None:
            return cycle
    return None


def test_every_import_form_is_read() -> None:
    modules = {"service.scoring", "service.scoring.scorer", "service.scoring.native", "service.scoring.kids"}
    source = (
        "from . import native, _native\n"
        "from .kids import score_kids\n"
        "import service.scoring\n"
        "def f():\n"
        "    from service.scoring.native import x\n"
    )
    assert imported("service.scoring.scorer", source, modules) == {
        "service.scoring",
        "service.scoring.native",
        "service.scoring.kids",
    }
    assert "service.scoring._native" in EXTENSIONS
    assert "service.scoring.batch" in GRAPH["service.api.routes.batch"]
    assert "service.api.plumbing.guards" in GRAPH["service.serve"]  # imported inside a function


def test_the_layer_of_a_module_is_its_package() -> None:
    names = ["service.i18n", "service.scoring.kids", "service.game.settle", "service.api.docs.openapi", "service.app"]
    assert [layer(m) for m in names] == [1, 2, 3, 5, 6]


def test_the_checks_can_fail() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None
    assert higher_imports({"service.scoring.x": {"service.api.y", "service.i18n"}}) == [
        ("service.scoring.x", "service.api.y")
    ]


@pytest.mark.parametrize("name", sorted(GRAPH))
def test_no_module_imports_a_higher_layer(name: str) -> None:
    assert higher_imports({name: GRAPH[name]}) == []


def test_no_import_cycle() -> None:
    cycle = find_cycle(GRAPH)
    assert cycle is None, " → ".join(cycle or [])

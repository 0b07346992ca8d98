"""Functions of the scoring core and the HTTP layer read in one sitting: each is at most 80 lines, or its
docstring says why it is longer ("Long because …", "Longer than its steps because …", "(long: …)").

Read from the source with ``ast`` (nothing is imported), so it holds for every build.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("service/scoring", "service/api", "service/game", "service/logs")
"""The packages held to it: the hot path, the layer every request passes, settlement and the log replay."""
LIMIT = 80
"""Lines from ``def`` to the last line of the body, decorators and docstring included."""
SAYS_WHY = re.compile(r"\blong(er than [\w ]+)?( because|:)", re.IGNORECASE)
"""How a docstring says why its function is longer."""


def long_functions(source: str) -> list[tuple[str, int, int, str]]:
    """``(name, first line, lines, docstring)`` of each function (nested ones too) over :data:`LIMIT` lines."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            end = node.end_lineno or node.lineno
            lines = end - node.lineno + 1
            if lines > LIMIT:
                found.append((node.name, node.lineno, lines, ast.get_docstring(node) or ""))
    return found


def test_the_finder_measures_a_function_from_def_to_its_last_line() -> None:
    short = "def f():\n" + "    x = 1\n" * (LIMIT - 1)
    assert long_functions(short) == []
    longer = "def g():\n    '''Long because of x.'''\n" + "    x = 1\n" * (LIMIT - 1)
    assert long_functions(longer) == [("g", 1, LIMIT + 1, "Long because of x.")]
    assert SAYS_WHY.search("Long because of x.")
    assert SAYS_WHY.search("Longer than its steps because it names every field.")
    assert SAYS_WHY.search("``f(c)``, as a direct call (long: one branch per predicate).")
    assert not SAYS_WHY.search("How long a hand takes.")


@pytest.mark.parametrize("package", PACKAGES)
def test_long_functions_say_why(package: str) -> None:
    unexplained = []
    for path in sorted((ROOT / package).rglob("*.py")):
        for name, line, lines, doc in long_functions(path.read_text(encoding="utf-8")):
            if not SAYS_WHY.search(doc):
                unexplained.append(f"{path.relative_to(ROOT)}:{line} {name} ({lines} lines)")
    assert not unexplained, f"over {LIMIT} lines without saying why (split it, or say why): {unexplained}"

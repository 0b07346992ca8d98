"""Hooks for every test under ``tests/``: in CI, a skip for a missing corpus or C extension fails
(``tests/ci_skips.py``); and the test tiers: every test is one of ``unit`` (no marker), ``http`` or
``system``, by where it lives.

- ``unit``: the core, the game, the logs, the catalogues, the doctests of ``service/``: no server, no app.
- ``http``: the app in process (:func:`service.app.create_app` through litestar's test client or raw ASGI):
  ``tests/api``, ``tests/batch``, every ``*_http.py``, and any test using a ``client`` or ``app`` fixture.
  ``pytest -m http``.
- ``system``: servers, browsers, generated clients, the container, the linters, the builds and pytest run
  on itself: ``tests/serving``, ``tests/browser``, ``tests/contract``, ``test_container.py``, ``test_lint.py``,
  ``test_builds.py``, ``test_ci_skips.py``. ``pytest -m system``.

``slow`` (the corpus and the differential runs) is marked in its files.

Plain ``pytest`` (no path, no ``-m``, no ``-k``: the ``testpaths``) is the inner loop: the ``unit`` tests that
are not ``slow``, each hypothesis test with :data:`INNER_LOOP_EXAMPLES` of its ``max_examples`` (the same
properties, fewer random cases). Naming what to run runs all of it, at full counts: ``pytest tests service``
(every tier: the README's test command and ``.ci/run``), ``pytest tests/api``, ``pytest -m http``,
``pytest -m "system or slow"``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.ci_skips import pytest_make_collect_report, pytest_runtest_makereport

__all__ = ["pytest_collection_modifyitems", "pytest_make_collect_report", "pytest_runtest_makereport", "tier"]

TESTS = Path(__file__).resolve().parent

SYSTEM = {"serving", "browser", "contract", "test_container.py", "test_lint.py", "test_builds.py", "test_ci_skips.py"}
"""The folders and files of ``tests/`` whose tests are ``system``."""

HTTP = {"api", "batch"}
"""The folders of ``tests/`` whose tests are ``http`` (besides every ``*_http.py``)."""

HTTP_FIXTURES = {"client", "app"}
"""A test that uses one of these fixtures runs the app in process: ``http``, wherever it lives."""

INNER_LOOP_EXAMPLES = 0.2
"""The share of each hypothesis test's ``max_examples`` run by a plain ``pytest`` (at least
:data:`INNER_LOOP_LEAST`); naming the tests (``pytest tests service``, ``.ci/run``) runs the full counts."""

INNER_LOOP_LEAST = 10


def fewer_examples(test: object) -> None:
    """Run the hypothesis test ``test`` (its function) with :data:`INNER_LOOP_EXAMPLES` of its examples: its
    settings replaced by a child of them (a test parametrized several ways is one function: done once).

    >>> from hypothesis import given, settings, strategies as st
    >>> @settings(max_examples=300)
    ... @given(st.integers())
    ... def t(n): pass
    >>> fewer_examples(t); fewer_examples(t); t._hypothesis_internal_use_settings.max_examples
    60
    """
    current = getattr(test, "_hypothesis_internal_use_settings", None)
    if current is None or getattr(test, "_inner_loop_examples", False):
        return
    from hypothesis import settings

    share = max(INNER_LOOP_LEAST, int(current.max_examples * INNER_LOOP_EXAMPLES))
    test._hypothesis_internal_use_settings = settings(current, max_examples=min(share, current.max_examples))  # type: ignore[attr-defined]
    test._inner_loop_examples = True  # type: ignore[attr-defined]


def tier(path: Path, fixtures: set[str]) -> str:
    """The tier of a test in the file at ``path`` using ``fixtures``: ``unit``, ``http`` or ``system``.

    >>> tier(TESTS / "serving" / "test_edges.py", set()), tier(TESTS / "game" / "test_http.py", set())
    ('system', 'http')
    >>> tier(TESTS / "kids" / "test_kids.py", {"client"}), tier(TESTS / "kids" / "test_kids.py", set())
    ('http', 'unit')
    """
    try:
        first = path.relative_to(TESTS).parts[0]
    except ValueError:  # outside tests/: the doctests of service/
        return "unit"
    if first in SYSTEM:
        return "system"
    if first in HTTP or path.name.endswith("_http.py") or fixtures & HTTP_FIXTURES:
        return "http"
    return "unit"


@pytest.hookimpl(tryfirst=True)  # before ``-m`` selects by these marks
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark each collected test ``http`` or ``system`` by :func:`tier` (``unit`` tests stay unmarked); for a
    plain ``pytest`` (see the module docstring), leave out all but the unit tests that are not ``slow``."""
    inner_loop = (
        config.args_source == pytest.Config.ArgsSource.TESTPATHS
        and not config.option.markexpr
        and not config.option.keyword
    )
    kept: list[pytest.Item] = []
    left_out: list[pytest.Item] = []
    for item in items:
        kind = tier(Path(str(item.path)), set(getattr(item, "fixturenames", ())))
        if kind != "unit":
            item.add_marker(kind)
        if inner_loop and (kind != "unit" or item.get_closest_marker("slow")):
            left_out.append(item)
            continue
        kept.append(item)
        if inner_loop and isinstance(item, pytest.Function):
            fewer_examples(getattr(item.obj, "__func__", item.obj))
    if left_out:
        config.hook.pytest_deselected(items=left_out)
        items[:] = kept

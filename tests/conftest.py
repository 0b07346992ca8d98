"""Hooks for every test under ``tests/``: in CI, a skip for a missing corpus or C extension fails
(``tests/ci_skips.py``); and the test tiers: every test is one of ``unit`` (no marker), ``http`` or
``system``, by where it lives.

- ``unit``: the core, the game, the logs, the catalogues, the doctests of ``service/``: no server, no app.
- ``http``: the app in process (:func:`service.app.create_app` through litestar's test client or raw ASGI):
  ``tests/api``, ``tests/batch``, every ``*_http.py``, and any test using a ``client`` or ``app`` fixture.
  ``pytest -m http``.
- ``system``: servers, browsers, generated clients, the container, the linters and the builds:
  ``tests/serving``, ``tests/browser``, ``tests/contract``, ``test_container.py``, ``test_lint.py``,
  ``test_builds.py``. ``pytest -m system``.

``slow`` (the corpus and the differential runs) is marked in its files.

Plain ``pytest`` (no path, no ``-m``, no ``-k``: the ``testpaths``) is the inner loop: the ``unit`` tests that
are not ``slow``. Naming what to run runs all of it: ``pytest tests service`` (every tier: the README's test
command and ``.ci/run``), ``pytest tests/api``, ``pytest -m http``, ``pytest -m "system or slow"``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.ci_skips import pytest_make_collect_report, pytest_runtest_makereport

__all__ = ["pytest_collection_modifyitems", "pytest_make_collect_report", "pytest_runtest_makereport", "tier"]

TESTS = Path(__file__).resolve().parent

SYSTEM = {"serving", "browser", "contract", "test_container.py", "test_lint.py", "test_builds.py"}
"""The folders and files of ``tests/`` whose tests are ``system``."""

HTTP = {"api", "batch"}
"""The folders of ``tests/`` whose tests are ``http`` (besides every ``*_http.py``)."""

HTTP_FIXTURES = {"client", "app"}
"""A test that uses one of these fixtures runs the app in process: ``http``, wherever it lives."""


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
        (left_out if inner_loop and (kind != "unit" or item.get_closest_marker("slow")) else kept).append(item)
    if left_out:
        config.hook.pytest_deselected(items=left_out)
        items[:] = kept

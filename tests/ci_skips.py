"""In CI (``CI=true``, set by ``.ci/run``) a test skipped for something CI must have fails instead.

Two skips are allowed on a developer's checkout and never in CI:

- the real-game corpus (the shared Tenhou corpus beside the repository) is missing: the corpus tests and
  the corpus parts of the differential and native tests skip with a reason naming the corpus;
- a C extension is not built: the C tests skip with a reason saying "the C extension is not built". In CI
  that is a failure unless the run asked for it: ``RIICHI_NATIVE=0`` (the compiled build without the C
  path), ``RIICHI_PURE_PYTHON`` or the plain-Python plugin (``-p tests.plain_python``).

Any other skip is left alone. ``tests/conftest.py`` registers these hooks; ``tests/test_ci_skips.py`` runs
pytest on sample tests in a subprocess to check them.
"""

from __future__ import annotations

import os
from collections.abc import Generator

import pytest

CORPUS_WORDS: tuple[str, ...] = ("corpus not found", "corpus is not at")
"""Words of the reasons of the corpus skips (tests/test_corpus.py, tests/tenhou.py's users)."""
EXTENSION_WORDS: tuple[str, ...] = ("c extension is not built",)
"""Words of the reasons of the C tests' skips (``tests/scoring/test_native.py``, ``tests/batch``, …)."""


def in_ci() -> bool:
    """``CI`` is ``true`` (``.ci/run``; GitHub Actions and most CI services set it too)."""
    return os.environ.get("CI", "").strip().lower() == "true"


def _without_c_on_purpose(config: pytest.Config) -> bool:
    """This run leaves the C code out on purpose (a build-matrix step of ``.ci/run``)."""
    return (
        os.environ.get("RIICHI_NATIVE", "1") == "0"
        or bool(os.environ.get("RIICHI_PURE_PYTHON"))
        or config.pluginmanager.has_plugin("tests.plain_python")
    )


def forbidden(reason: str, config: pytest.Config) -> str | None:
    """Why a skip with ``reason`` must fail in this run, or ``None`` when it may skip."""
    if not in_ci():
        return None
    text = reason.lower()
    if any(word in text for word in CORPUS_WORDS):
        return "CI=true: the corpus must be present (../shared/corpus beside the repository)"
    if any(word in text for word in EXTENSION_WORDS) and not _without_c_on_purpose(config):
        return "CI=true: the C extensions must be built (pip install -e . with a C compiler)"
    return None


def _reason(report: pytest.TestReport | pytest.CollectReport) -> str:
    longrepr = report.longrepr
    if isinstance(longrepr, tuple) and len(longrepr) == 3:
        return str(longrepr[2])
    return str(longrepr)


def _fail(report: pytest.TestReport | pytest.CollectReport, why: str) -> None:
    report.outcome = "failed"
    report.longrepr = f"{why}; the test would have skipped: {_reason(report)}"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, None, None]:
    """A test's skip (a ``skipif`` mark or ``pytest.skip``) that CI must not take becomes a failure."""
    outcome = yield
    report: pytest.TestReport = outcome.get_result()
    if report.skipped and not hasattr(report, "wasxfail"):
        why = forbidden(_reason(report), item.config)
        if why is not None:
            _fail(report, why)


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector: pytest.Collector) -> Generator[None, None, None]:
    """A module skipped as it is collected (``pytest.skip(..., allow_module_level=True)``) likewise."""
    outcome = yield
    report: pytest.CollectReport = outcome.get_result()
    if report.skipped:
        why = forbidden(_reason(report), collector.config)
        if why is not None:
            _fail(report, why)

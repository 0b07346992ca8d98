"""Hooks for every test under ``tests/``: in CI, a skip for a missing corpus or C extension fails
(``tests/ci_skips.py``)."""

from tests.ci_skips import pytest_make_collect_report, pytest_runtest_makereport

__all__ = ["pytest_make_collect_report", "pytest_runtest_makereport"]

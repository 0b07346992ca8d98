"""``tests/ci_skips.py``: with ``CI=true`` a skip for a missing corpus or C extension fails the run; other
skips, and those skips outside CI, stay skips. Each case runs pytest on sample tests in a subprocess."""

from __future__ import annotations

import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

SAMPLES = {
    "test_sample.py": """
import pytest


def test_corpus():
    pytest.skip("Tenhou corpus not found at /nowhere/corpus")


@pytest.mark.skipif(True, reason="the C extension is not built (RIICHI_PURE_PYTHON install, or RIICHI_NATIVE=0)")
def test_c():
    pass


def test_browser():
    pytest.skip("chromium is not installed")


def test_passes():
    assert 1 + 1 == 2
""",
    "test_module_skip.py": """
import pytest

pytest.skip("Tenhou corpus not found at /nowhere/corpus", allow_module_level=True)


def test_never_collected():
    pass
""",
}


def outcomes(tmp_path: Path, sample: str, **env: str) -> tuple[int, dict[str, str]]:
    """Run one sample file with ``env`` added (and ``CI`` removed unless given): the exit status and each test's
    (or skipped module's) outcome as pytest's JUnit XML report gives it: ``passed``, ``skipped``, ``failure``
    or ``error``."""
    for name, text in SAMPLES.items():
        (tmp_path / name).write_text(text)
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    report = tmp_path / "report.xml"
    base = {k: v for k, v in os.environ.items() if k not in ("CI", "RIICHI_NATIVE", "RIICHI_PURE_PYTHON")}
    command = [sys.executable, "-m", "pytest", "-p", "tests.ci_skips", "-p", "no:cacheprovider", "-q"]
    command += ["-c", str(tmp_path / "pytest.ini"), "--rootdir", str(tmp_path), f"--junitxml={report}"]
    done = subprocess.run(
        [*command, str(tmp_path / sample)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**base, **env},
        timeout=120,
        check=False,
    )
    found: dict[str, str] = {}
    for case in ET.parse(report).getroot().iter("testcase"):
        kinds = [child.tag for child in case if child.tag in ("skipped", "failure", "error")]
        found[case.get("name", "")] = kinds[-1] if kinds else "passed"
    return done.returncode, found


def test_outside_ci_the_skips_are_skips(tmp_path: Path) -> None:
    status, found = outcomes(tmp_path, "test_sample.py")
    assert status == 0
    assert found == {"test_corpus": "skipped", "test_c": "skipped", "test_browser": "skipped", "test_passes": "passed"}
    status, found = outcomes(tmp_path, "test_module_skip.py")
    assert (status, found) == (5, {"test_module_skip": "skipped"})  # 5: nothing else to run


def test_in_ci_a_missing_corpus_or_extension_fails(tmp_path: Path) -> None:
    status, found = outcomes(tmp_path, "test_sample.py", CI="true")
    assert status == 1
    assert found == {
        "test_corpus": "failure",
        "test_c": "error",  # a skipif mark acts at setup: pytest reports an error
        "test_browser": "skipped",
        "test_passes": "passed",
    }


def test_in_ci_a_module_skipped_for_the_corpus_is_a_collection_error(tmp_path: Path) -> None:
    status, found = outcomes(tmp_path, "test_module_skip.py", CI="true")
    assert status == 2  # pytest stops at a collection error ("Interrupted")
    assert found == {"test_module_skip": "error"}


@pytest.mark.parametrize("env", [{"RIICHI_NATIVE": "0"}, {"RIICHI_PURE_PYTHON": "1"}])
def test_in_ci_a_run_without_the_c_code_on_purpose_may_skip_the_c_tests(tmp_path: Path, env: dict[str, str]) -> None:
    status, found = outcomes(tmp_path, "test_sample.py", CI="true", **env)
    assert status == 1  # the corpus is still required
    assert found["test_c"] == "skipped"
    assert found["test_corpus"] == "failure"

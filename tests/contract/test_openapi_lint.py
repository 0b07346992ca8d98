"""The committed OpenAPI document as a third party lints it: valid OAS 3.1 and clean under Redocly and Spectral.

The three tools are what integrators run in their own CI: ``openapi-spec-validator`` (PyPI, a test
dependency), Redocly CLI (``lint``, its recommended-strict rules) and Spectral (``spectral:oas``), both from
npm at the versions pinned in ``contract/package.json`` / ``package-lock.json``, installed here with
``npm ci`` when ``contract/node_modules`` is missing (so a fresh machine needs only node and npm). Each
check is also run on a deliberately broken copy of the document, to show that it can fail.
"""

from __future__ import annotations

import copy
import json
import subprocess
from pathlib import Path
from typing import Any

import pytest
from openapi_spec_validator import validate
from openapi_spec_validator.validation.exceptions import OpenAPIValidationError

from tests.contract.conftest import CONTRACT, DOCUMENT

LINT_TIMEOUT = 180


@pytest.fixture(scope="module")
def document() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(DOCUMENT.read_text(encoding="utf-8"))
    return loaded


def broken(document: dict[str, Any]) -> dict[str, Any]:
    """A copy with two faults every linter knows: a response header without a schema (OAS requires one)
    and an operation whose responses are not an object."""
    bad = copy.deepcopy(document)
    bad["paths"]["/v1/score"]["post"]["responses"]["200"]["headers"]["Vary"].pop("schema")
    bad["paths"]["/health"]["get"]["responses"] = "none"
    return bad


def redocly(bin_: Path, path: Path) -> dict[str, int]:
    """Redocly's totals (errors, warnings) for the document at ``path``."""
    run = subprocess.run(
        [str(bin_ / "redocly"), "lint", str(path), "--config", str(CONTRACT / "redocly.yaml"), "--format=json"],
        capture_output=True,
        text=True,
        timeout=LINT_TIMEOUT,
        cwd=CONTRACT,
    )
    start = run.stdout.find("{")
    assert start >= 0, run.stdout + run.stderr
    totals: dict[str, int] = json.JSONDecoder().raw_decode(run.stdout[start:])[0]["totals"]
    return totals


def spectral(bin_: Path, path: Path, tmp_path: Path) -> list[dict[str, Any]]:
    """Spectral's findings (any severity) for the document at ``path``."""
    out = tmp_path / f"spectral-{path.stem}.json"
    subprocess.run(
        [
            str(bin_ / "spectral"),
            "lint",
            str(path),
            "-r",
            str(CONTRACT / ".spectral.yaml"),
            "-f",
            "json",
            "-o",
            str(out),
        ],
        capture_output=True,
        text=True,
        timeout=LINT_TIMEOUT,
        cwd=CONTRACT,
    )
    findings: list[dict[str, Any]] = json.loads(out.read_text(encoding="utf-8") or "[]")
    return findings


def test_the_document_is_valid_oas_3_1(document: dict[str, Any]) -> None:
    assert document["openapi"].startswith("3.1")
    validate(document)  # raises on the first violation


def test_the_validator_rejects_a_broken_copy(document: dict[str, Any]) -> None:
    with pytest.raises(OpenAPIValidationError):
        validate(broken(document))


def test_redocly_recommended_strict_finds_nothing(linters: Path) -> None:
    assert redocly(linters, DOCUMENT) == {"errors": 0, "warnings": 0, "ignored": 0}


def test_redocly_rejects_a_broken_copy(linters: Path, document: dict[str, Any], tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(broken(document)), encoding="utf-8")
    assert redocly(linters, path)["errors"] >= 2


def test_spectral_oas_finds_nothing(linters: Path, tmp_path: Path) -> None:
    assert [(f["code"], ".".join(map(str, f["path"]))) for f in spectral(linters, DOCUMENT, tmp_path)] == []


def test_spectral_rejects_a_broken_copy(linters: Path, document: dict[str, Any], tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(broken(document)), encoding="utf-8")
    errors = [f for f in spectral(linters, path, tmp_path) if f["severity"] == 0]
    assert len(errors) >= 2

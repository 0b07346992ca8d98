"""The Kubernetes manifests (deploy/k8s) validate offline against the Kubernetes schemas
(kubernetes-validate, strict) and hold what issue 16 asks of them. The policy linter (checkov,
pinned in pyproject's ``policy`` extra) runs in .ci/run: it needs a package set of its own."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import kubernetes_validate
import pytest
import yaml

from service.serve import SETTINGS

K8S = Path(__file__).resolve().parents[2] / "deploy" / "k8s"
VERSION = "1.33.0"


def resources() -> list[dict[str, Any]]:
    kustomization = yaml.safe_load((K8S / "kustomization.yaml").read_text())
    return [doc for name in kustomization["resources"] for doc in yaml.safe_load_all((K8S / name).read_text())]


def by_kind(kind: str) -> dict[str, Any]:
    (found,) = [r for r in resources() if r["kind"] == kind]
    return found


def test_every_file_is_in_the_kustomization() -> None:
    listed = set(yaml.safe_load((K8S / "kustomization.yaml").read_text())["resources"])
    assert listed == {p.name for p in K8S.glob("*.yaml")} - {"kustomization.yaml"}


@pytest.mark.parametrize("resource", resources(), ids=lambda r: f"{r['kind']}/{r['metadata']['name']}")
def test_each_resource_validates_against_the_kubernetes_schema(resource: dict[str, Any]) -> None:
    kubernetes_validate.validate(resource, VERSION, strict=True)  # raises on any schema violation


def test_the_deployment_is_probed_bounded_and_locked_down() -> None:
    pod = by_kind("Deployment")["spec"]["template"]["spec"]
    (container,) = pod["containers"]
    env = {e["name"]: e["value"] for e in container["env"]}

    assert container["startupProbe"]["httpGet"]["path"] == "/ready"
    assert container["readinessProbe"]["httpGet"]["path"] == "/ready"
    assert container["livenessProbe"]["httpGet"]["path"] == "/health"
    assert set(container["resources"]) == {"requests", "limits"}
    assert container["securityContext"]["readOnlyRootFilesystem"] is True
    assert container["securityContext"]["allowPrivilegeEscalation"] is False
    assert pod["securityContext"]["runAsNonRoot"] is True
    mounts = {m["mountPath"]: m["name"] for m in container["volumeMounts"]}
    volumes = {v["name"]: v for v in pod["volumes"]}
    assert "emptyDir" in volumes[mounts[env["PROMETHEUS_MULTIPROC_DIR"]]]
    assert "emptyDir" in volumes[mounts["/tmp"]]  # the drain file
    assert int(env["SHUTDOWN_DEADLINE"]) < pod["terminationGracePeriodSeconds"]


def test_hpa_on_cpu_pdb_service_and_ingress_limits() -> None:
    hpa = by_kind("HorizontalPodAutoscaler")["spec"]
    annotations = by_kind("Ingress")["metadata"]["annotations"]

    assert hpa["metrics"][0]["resource"]["name"] == "cpu"
    assert hpa["minReplicas"] >= 2
    assert by_kind("PodDisruptionBudget")["spec"]["minAvailable"] == 1
    assert by_kind("Service")["spec"]["ports"][0]["targetPort"] == "http"
    assert annotations["nginx.ingress.kubernetes.io/proxy-body-size"] == "1m"
    assert annotations["nginx.ingress.kubernetes.io/proxy-request-buffering"] == "on"
    paths = {rule["path"] for rule in by_kind("Ingress")["spec"]["rules"][0]["http"]["paths"]}
    assert "/v1/" in paths
    assert not any("/metrics".startswith(p) and p != "/" for p in paths)  # /metrics is not routed out
    assert {"/", "/health"} <= paths


def test_the_controller_settings_validate_and_time_out_slow_clients() -> None:
    """The slow-client timeouts are the ingress-nginx controller's ConfigMap keys, not annotations."""
    config = yaml.safe_load((K8S.parent / "ingress-nginx-controller.yaml").read_text())
    kubernetes_validate.validate(config, VERSION, strict=True)
    assert (config["data"]["client-header-timeout"], config["data"]["client-body-timeout"]) == ("10", "10")


def test_the_controller_drops_idle_upstream_connections_before_granian_does() -> None:
    config = yaml.safe_load((K8S.parent / "ingress-nginx-controller.yaml").read_text())
    assert int(config["data"]["upstream-keepalive-timeout"]) * 1000 < int(SETTINGS["HEADER_READ_TIMEOUT_MS"])


def test_the_replicas_spread_over_nodes_and_the_ingress_ends_tls() -> None:
    pod = by_kind("Deployment")["spec"]["template"]["spec"]
    keys = {c["topologyKey"] for c in pod["topologySpreadConstraints"]}
    assert keys == {"kubernetes.io/hostname", "topology.kubernetes.io/zone"}
    assert all(c["labelSelector"]["matchLabels"] == {"app": "riichi-scoring"} for c in pod["topologySpreadConstraints"])
    ingress = by_kind("Ingress")
    hosts = [rule["host"] for rule in ingress["spec"]["rules"]]
    (tls,) = ingress["spec"]["tls"]
    assert tls["hosts"] == hosts
    assert tls["secretName"] == "riichi-scoring-tls"
    assert ingress["metadata"]["annotations"]["nginx.ingress.kubernetes.io/ssl-redirect"] == "true"

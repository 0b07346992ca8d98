"""The Kubernetes manifests (deploy/k8s) validate offline against the Kubernetes schemas
(kubernetes-validate, strict) and hold what issue 16 asks of them. The policy linter (checkov,
pinned in pyproject's ``policy`` extra) runs in .ci/run: it needs a package set of its own."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import kubernetes_validate
import pytest
import yaml
from litestar.testing import TestClient

from service.api.plumbing.guards import API_KEYS_FILE_ENV, REDIS_URL_ENV, rate_limit_settings
from service.api.plumbing.hardening import SECURITY_HEADERS
from service.app import create_app
from service.liveness import HEARTBEAT_DIR_ENV
from service.serve import SETTINGS

K8S = Path(__file__).resolve().parents[2] / "deploy" / "k8s"
VERSION = "1.33.0"


def resources() -> list[dict[str, Any]]:
    kustomization = yaml.safe_load((K8S / "kustomization.yaml").read_text())
    return [doc for name in kustomization["resources"] for doc in yaml.safe_load_all((K8S / name).read_text())]


def by_kind(kind: str) -> dict[str, Any]:
    """The one resource of ``kind``; for Ingress, the main one (``riichi-scoring``: every path but the logs')."""
    (found,) = [
        r for r in resources() if r["kind"] == kind and (kind != "Ingress" or r["metadata"]["name"] == "riichi-scoring")
    ]
    return found


def ingresses() -> list[dict[str, Any]]:
    return [r for r in resources() if r["kind"] == "Ingress"]


def _mebibytes(size: str) -> int:
    """An nginx size (``1m``, ``64m``, ``512k``) in bytes."""
    return int(size[:-1]) * {"k": 1024, "m": 1024 * 1024}[size[-1].lower()]


def ingress_body_limit(path: str) -> int:
    """The body limit ingress-nginx applies to ``path``: the ``proxy-body-size`` of the Ingress whose rule wins for it
    (an Exact path before any Prefix, else the longest Prefix matching whole path elements)."""
    exact, prefixes = {}, {}
    for ingress in ingresses():
        size = _mebibytes(ingress["metadata"]["annotations"]["nginx.ingress.kubernetes.io/proxy-body-size"])
        for rule in ingress["spec"]["rules"][0]["http"]["paths"]:
            (exact if rule["pathType"] == "Exact" else prefixes)[rule["path"]] = size
    if path in exact:
        return exact[path]
    matching = [p for p in prefixes if path == p.rstrip("/") or path.startswith(p.rstrip("/") + "/") or p == "/"]
    return prefixes[max(matching, key=len)]


def nginx_body_limit(path: str) -> int:
    """The body limit deploy/nginx.conf applies to ``path``: its exact location's, else the server's."""
    import re

    conf = (K8S.parent / "nginx.conf").read_text()
    for location, size in re.findall(r"location = (\S+) \{\s*client_max_body_size (\w+);", conf):
        if location == path:
            return _mebibytes(size)
    (server_wide,) = re.findall(r"^    client_max_body_size (\w+);", conf, re.MULTILINE)
    return _mebibytes(server_wide)


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
    assert container["livenessProbe"]["exec"]["command"] == ["python3", "-m", "service.liveness"]
    assert "httpGet" not in container["livenessProbe"]  # never through the traffic port and its queue
    assert env[HEARTBEAT_DIR_ENV].startswith("/tmp/")  # in the writable emptyDir
    assert set(container["resources"]) == {"requests", "limits"}
    assert container["securityContext"]["readOnlyRootFilesystem"] is True
    assert container["securityContext"]["allowPrivilegeEscalation"] is False
    assert pod["securityContext"]["runAsNonRoot"] is True
    mounts = {m["mountPath"]: m["name"] for m in container["volumeMounts"]}
    volumes = {v["name"]: v for v in pod["volumes"]}
    assert "emptyDir" in volumes[mounts[env["PROMETHEUS_MULTIPROC_DIR"]]]
    assert "medium" not in volumes[mounts[env["PROMETHEUS_MULTIPROC_DIR"]]]["emptyDir"]  # not counted as memory
    assert "emptyDir" in volumes[mounts["/tmp"]]  # the drain file
    assert int(env["SHUTDOWN_DEADLINE"]) < pod["terminationGracePeriodSeconds"]


def test_cpu_is_requested_not_limited_and_the_digest_is_pulled_once_with_the_reasons_given() -> None:
    """No CPU limit (a CFS quota would throttle the workers in the bursts the HPA scales for) and IfNotPresent
    for an image pinned by digest: two checkov checks decided against, each skipped with its reason on the
    Deployment (checkov reads ``checkov.io/skipN: CHECK=reason``); no other check is skipped."""
    deployment = by_kind("Deployment")
    (container,) = deployment["spec"]["template"]["spec"]["containers"]
    skips = {
        key: value.split("=", 1)
        for key, value in deployment["metadata"]["annotations"].items()
        if key.startswith("checkov.io/skip")
    }

    assert "cpu" not in container["resources"]["limits"]
    assert container["resources"]["requests"]["cpu"] == "1"
    assert "@sha256:" in container["image"]
    assert container["imagePullPolicy"] == "IfNotPresent"
    assert sorted(check for check, _ in skips.values()) == ["CKV_K8S_11", "CKV_K8S_15"]
    assert all(len(reason) > 40 for _, reason in skips.values())
    assert all(
        not key.startswith("checkov.io/skip")
        for r in resources()
        if r["kind"] != "Deployment"
        for key in r["metadata"].get("annotations", {})
    )


def test_hpa_on_cpu_pdb_service_and_ingress_limits() -> None:
    hpa = by_kind("HorizontalPodAutoscaler")["spec"]
    annotations = by_kind("Ingress")["metadata"]["annotations"]

    assert hpa["metrics"][0]["resource"]["name"] == "cpu"
    assert hpa["minReplicas"] >= 2
    assert by_kind("PodDisruptionBudget")["spec"] == {  # one pod at a time, however many the HPA runs
        "maxUnavailable": 1,
        "selector": {"matchLabels": {"app": "riichi-scoring"}},
    }
    assert by_kind("Service")["spec"]["ports"][0]["targetPort"] == "http"
    assert annotations["nginx.ingress.kubernetes.io/proxy-body-size"] == "1m"
    assert annotations["nginx.ingress.kubernetes.io/proxy-request-buffering"] == "on"
    paths = {rule["path"] for rule in by_kind("Ingress")["spec"]["rules"][0]["http"]["paths"]}
    assert "/v1/" in paths
    assert not any("/metrics".startswith(p) and p != "/" for p in paths)  # /metrics is not routed out
    assert {"/", "/health"} <= paths


def _routed(path: str, rule: dict[str, Any]) -> bool:
    """Whether an Ingress path ``rule`` matches ``path`` (Exact: equal; Prefix: whole path elements)."""
    if rule["pathType"] == "Exact":
        return path == rule["path"]
    prefix = rule["path"].rstrip("/")
    return prefix == "" or path == prefix or path.startswith(prefix + "/")


def test_no_ingress_routes_the_metrics_out() -> None:
    rules = [rule for ingress in ingresses() for rule in ingress["spec"]["rules"][0]["http"]["paths"]]

    assert [r["path"] for r in rules if _routed("/v1/score", r)] == ["/v1/"]  # the matcher finds routed paths
    assert [r["path"] for r in rules if _routed("/", r)] == ["/"]
    for path in ("/metrics", "/metrics/", "/metrics/x"):
        assert [r["path"] for r in rules if _routed(path, r)] == [], path


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


def test_the_readme_states_the_deployments_resources() -> None:
    """The README's sizing paragraph names the manifests' figures (they went stale once: 384 MiB, a 2-CPU limit)."""
    (container,) = by_kind("Deployment")["spec"]["template"]["spec"]["containers"]
    resources = container["resources"]
    readme = " ".join((K8S.parents[1] / "README.md").read_text(encoding="utf-8").split())
    mebibytes = {key: resources[key]["memory"].removesuffix("Mi") for key in ("requests", "limits")}

    assert f"requests of {resources['requests']['cpu']} CPU and {mebibytes['requests']} MiB, no CPU limit" in readme
    assert "cpu" not in resources["limits"]
    assert f"a memory limit of {mebibytes['limits']} MiB" in readme


def test_the_hpa_alone_sets_the_replica_count() -> None:
    assert "replicas" not in by_kind("Deployment")["spec"]  # an apply would reset what the HPA scaled to
    assert by_kind("HorizontalPodAutoscaler")["spec"]["scaleTargetRef"]["name"] == "riichi-scoring"


def test_api_keys_come_from_a_secret_and_the_limit_is_on() -> None:
    pod = by_kind("Deployment")["spec"]["template"]["spec"]
    (container,) = pod["containers"]
    env = {e["name"]: e["value"] for e in container["env"]}
    keys_file = Path(env[API_KEYS_FILE_ENV])
    mount = next(m for m in container["volumeMounts"] if m["mountPath"] == str(keys_file.parent))
    volume = next(v for v in pod["volumes"] if v["name"] == mount["name"])

    assert volume["secret"]["secretName"] == "riichi-scoring-api-keys"
    assert not volume["secret"].get("optional", False)  # no Secret, no pod: never served open by mistake
    assert [item["path"] for item in volume["secret"]["items"]] == [keys_file.name]
    assert mount["readOnly"] is True
    assert rate_limit_settings(env) is not None  # reads as the service reads it


def test_the_ingress_limits_connections_and_requests_per_client() -> None:
    for ingress in ingresses():
        annotations = ingress["metadata"]["annotations"]
        for key in ("limit-connections", "limit-rps", "limit-burst-multiplier"):
            assert int(annotations[f"nginx.ingress.kubernetes.io/{key}"]) > 0, key


def body_limits() -> list[tuple[str, int]]:
    """Every operation that takes a body, with the largest body it accepts (its own limit, else the app's)."""
    app = create_app()
    found = []
    for route in app.routes:
        for handler in getattr(route, "route_handlers", []):
            if set(handler.http_methods) & {"POST", "PUT", "PATCH"}:
                found.append((route.path, handler.resolve_request_max_body_size()))
    return found


def test_every_endpoints_body_limit_fits_through_the_ingress_and_nginx() -> None:
    """A body the service takes is never refused by the proxy in front of it: the log endpoints' 2 MiB and 64 MiB
    bodies go through the Ingresses and deploy/nginx.conf as the 1 MiB batch does."""
    limits = dict(body_limits())
    assert limits["/v1/logs/replay"] == limits["/v1/logs/convert"] == 2 * 1024 * 1024
    assert limits["/v1/logs/replay/batch"] == 64 * 1024 * 1024
    assert limits["/v1/score/batch"] == 1024 * 1024
    for path, limit in limits.items():
        assert limit <= ingress_body_limit(path), path
        assert limit <= nginx_body_limit(path), path
    # and no wider than the largest endpoint behind it: only the log paths take more than 1 MiB
    assert ingress_body_limit("/v1/score") == nginx_body_limit("/v1/score") == 1024 * 1024
    assert ingress_body_limit("/v1/logs/replay") == nginx_body_limit("/v1/logs/replay") == 2 * 1024 * 1024


def test_the_log_ingresses_differ_from_the_main_one_in_body_size_only() -> None:
    main = by_kind("Ingress")
    size = "nginx.ingress.kubernetes.io/proxy-body-size"
    others = [i for i in ingresses() if i is not main and i["metadata"]["name"] != "riichi-scoring"]
    assert {i["metadata"]["name"] for i in others} == {"riichi-scoring-logs", "riichi-scoring-logs-batch"}
    for ingress in others:
        annotations = dict(ingress["metadata"]["annotations"])
        del annotations[size]
        assert annotations == {k: v for k, v in main["metadata"]["annotations"].items() if k != size}
        assert ingress["spec"]["tls"] == main["spec"]["tls"]
        assert [r["host"] for r in ingress["spec"]["rules"]] == [r["host"] for r in main["spec"]["rules"]]


def test_the_ingress_retries_as_the_shipped_nginx_configuration_does() -> None:
    annotations = by_kind("Ingress")["metadata"]["annotations"]
    nginx_conf = (K8S.parent / "nginx.conf").read_text()
    prefix = "nginx.ingress.kubernetes.io/proxy-next-upstream"

    assert f"proxy_next_upstream {annotations[prefix]};" in nginx_conf
    assert f"proxy_next_upstream_tries {annotations[prefix + '-tries']};" in nginx_conf
    assert f"proxy_next_upstream_timeout {annotations[prefix + '-timeout']}s;" in nginx_conf
    # Only failures early enough to have been no answer at all: well before the read timeout.
    assert int(annotations[prefix + "-timeout"]) < int(annotations["nginx.ingress.kubernetes.io/proxy-read-timeout"])


def test_the_edge_limits_refuse_with_429_not_503() -> None:
    """A client over the Ingress's limits is told so (429, as the service's own limit), not that the service
    is down (nginx's default 503, which the retries above would also send on to another pod)."""
    config = yaml.safe_load((K8S.parent / "ingress-nginx-controller.yaml").read_text())

    assert config["data"]["limit-req-status-code"] == "429"
    assert config["data"]["limit-conn-status-code"] == "429"


def test_the_controller_sends_no_server_header() -> None:
    """ingress-nginx clears ``Server`` (``more_clear_headers``) only with ``server-tokens`` false, the default of
    recent releases but not of older ones: set, as ``deploy/nginx.conf`` clears it."""
    config = yaml.safe_load((K8S.parent / "ingress-nginx-controller.yaml").read_text())

    assert config["data"]["server-tokens"] == "false"
    assert "\n    more_clear_headers Server;" in (K8S.parent / "nginx.conf").read_text()


def test_the_namespace_enforces_the_restricted_pod_security_profile() -> None:
    labels = by_kind("Namespace")["metadata"]["labels"]
    assert labels["pod-security.kubernetes.io/enforce"] == "restricted"


REDIS = K8S.parent / "components" / "redis"


def _patched(resource: dict[str, Any], operations: list[dict[str, Any]]) -> dict[str, Any]:
    """``resource`` with the JSON patch ``operations`` applied (the ``add`` and ``replace`` the component uses)."""
    resource = yaml.safe_load(yaml.safe_dump(resource))  # a deep copy
    for op in operations:
        *parents, last = op["path"].strip("/").split("/")
        target = resource
        for part in parents:
            target = target[int(part)] if isinstance(target, list) else target[part]
        if op["op"] == "add" and last == "-":
            target.append(op["value"])
        else:
            assert op["op"] in ("add", "replace"), op
            target[int(last) if isinstance(target, list) else last] = op["value"]
    return resource


def test_the_redis_component_opens_egress_to_redis_and_dns_only() -> None:
    component = yaml.safe_load((REDIS / "kustomization.yaml").read_text())
    added = [doc for name in component["resources"] for doc in yaml.safe_load_all((REDIS / name).read_text())]
    patches = {p["target"]["kind"]: yaml.safe_load(p["patch"]) for p in component["patches"]}
    deployment = _patched(by_kind("Deployment"), patches["Deployment"])
    policy = _patched(by_kind("NetworkPolicy"), patches["NetworkPolicy"])
    for resource in [deployment, policy, *added]:
        kubernetes_validate.validate(resource, VERSION, strict=True)
    env = {e["name"]: e["value"] for e in deployment["spec"]["template"]["spec"]["containers"][0]["env"]}
    (redis_service,) = [r for r in added if r["kind"] == "Service"]
    (redis_pods,) = [r for r in added if r["kind"] == "Deployment"]
    to_redis, to_dns = policy["spec"]["egress"]

    assert (
        env[REDIS_URL_ENV]
        == f"redis://{redis_service['metadata']['name']}:{redis_service['spec']['ports'][0]['port']}/0"
    )
    assert to_redis["to"] == [{"podSelector": {"matchLabels": redis_pods["spec"]["template"]["metadata"]["labels"]}}]
    assert to_redis["ports"] == [{"port": 6379, "protocol": "TCP"}]
    assert {(p["port"], p["protocol"]) for p in to_dns["ports"]} == {(53, "UDP"), (53, "TCP")}
    assert to_dns["to"][0]["podSelector"]["matchLabels"] == {"k8s-app": "kube-dns"}
    assert by_kind("NetworkPolicy")["spec"]["egress"] == []  # without the component: no egress at all


def test_only_the_controllers_and_prometheuss_pods_reach_the_service_port() -> None:
    """X-Real-IP is trusted from the pod network (``RIICHI_TRUSTED_PROXIES``): a peer admitted by namespace alone
    (any pod there) could name itself any client. Each source is a namespace AND a pod selector (one element)."""
    (rule,) = by_kind("NetworkPolicy")["spec"]["ingress"]
    sources = {
        peer["namespaceSelector"]["matchLabels"]["kubernetes.io/metadata.name"]: peer["podSelector"]["matchLabels"]
        for peer in rule["from"]
    }

    assert all(set(peer) == {"namespaceSelector", "podSelector"} for peer in rule["from"])
    assert sources == {
        "ingress-nginx": {"app.kubernetes.io/name": "ingress-nginx", "app.kubernetes.io/component": "controller"},
        "monitoring": {"app.kubernetes.io/name": "prometheus"},
    }
    assert rule["ports"] == [{"port": 8000, "protocol": "TCP"}]


def test_the_example_overlay_names_the_base_and_the_component() -> None:
    overlay = K8S.parent / "overlays" / "example"
    kustomization = yaml.safe_load((overlay / "kustomization.yaml").read_text())
    assert [(overlay / r).resolve() for r in kustomization["resources"]] == [K8S]
    assert [(overlay / c).resolve() for c in kustomization["components"]] == [REDIS]
    (image,) = kustomization["images"]
    assert image["name"] == by_kind("Deployment")["spec"]["template"]["spec"]["containers"][0]["image"].split("@")[0]


CUSTOM_ERRORS = "nginx.ingress.kubernetes.io/custom-http-errors"


def edge_codes() -> list[int]:
    return [int(code) for code in by_kind("Ingress")["metadata"]["annotations"][CUSTOM_ERRORS].split(",")]


def test_the_controllers_own_errors_are_sent_to_the_service_as_its_error_backend() -> None:
    """ingress-nginx answers these itself with an HTML page naming nginx unless ``custom-http-errors`` sends them
    to an error backend: a body over ``proxy-body-size`` (413), a client too slow (408), no pod reachable (502,
    503) or none answering within ``proxy-read-timeout`` (504). Not 429: the annotation replaces the pods'
    answers too, and the service's 429 carries the seconds to its window's end and its RateLimit headers."""
    annotations = by_kind("Ingress")["metadata"]["annotations"]
    service = by_kind("Service")

    assert annotations["nginx.ingress.kubernetes.io/default-backend"] == service["metadata"]["name"]
    assert [p["port"] for p in service["spec"]["ports"]] == [80]  # the port the controller sends errors to
    assert set(edge_codes()) == {408, 413, 502, 503, 504}
    # the 413 lists the service's limits: right for a body over the Ingress's, as no Ingress takes less than the
    # service does for a path (test_every_endpoints_body_limit_fits_through_the_ingress_and_nginx)
    assert annotations["nginx.ingress.kubernetes.io/proxy-body-size"] == "1m"


@pytest.mark.parametrize("code", edge_codes())
@pytest.mark.parametrize("method", ["GET", "POST"])
def test_the_error_backend_answers_each_code_as_a_problem_with_the_security_headers(code: int, method: str) -> None:
    """The controller sends the failed request, its method kept and its path rewritten to ``/``, with the status
    in ``X-Code`` and its request id; the answer's status is what the client gets."""
    with TestClient(app=create_app()) as client:
        answer = client.request(
            method, "/", headers={"X-Code": str(code), "X-Request-ID": "edge-1", "Accept": "text/html"}, content=b"{"
        )

    assert answer.status_code == code
    assert answer.headers["content-type"] == "application/problem+json"
    problem = answer.json()
    assert problem["status"] == code
    titles = {408: "Request Timeout", 413: "Content Too Large", 502: "Bad Gateway", 503: "Service Unavailable"}
    assert problem["title"] == {**titles, 504: "Gateway Timeout"}[code]
    assert problem["detail"]
    assert problem["instance"] == "/requests/edge-1"
    assert [e["field"] for e in problem["errors"]] == ([""] if code == 413 else [])  # "": the body as a whole
    for name, value in SECURITY_HEADERS:
        assert answer.headers[name.decode()] == value.decode(), name
    assert answer.headers["cache-control"] == "no-store"
    assert answer.headers["server"] == "riichi-scoring"
    assert answer.headers.get("retry-after") == ("1" if code == 503 else None)
    assert b"nginx" not in answer.content


def test_the_error_backends_413_is_the_services_own_in_the_requests_language() -> None:
    """A body the controller refuses is over the service's limit for its path too: the answer is the 413 a pod
    gives, said in the request's language (ingress-nginx passes the client's headers on to the error backend)."""
    russian = {"Accept-Language": "ru", "Content-Type": "application/json"}
    with TestClient(app=create_app()) as client:
        edge = client.post("/", headers={**russian, "X-Code": "413"}, content=b"{")
        pod = client.post("/v1/score", headers=russian, content=b" " * (64 * 1024 + 1))

    assert edge.status_code == pod.status_code == 413
    assert edge.headers["content-language"] == "ru"
    answers = [{k: v for k, v in a.json().items() if k != "instance"} for a in (edge, pod)]
    assert answers[0] == answers[1]
    assert (answers[0]["title"], answers[0]["detail"]) == (
        "Слишком большое содержимое",
        "Тело запроса больше, чем принимает сервер.",
    )
    assert answers[0]["errors"][0]["message"].startswith(
        "не больше 65\u00a0536 байт (1\u00a0048\u00a0576 для POST /v1/score/batch"  # Russian groups by a no-break space
    )


def test_x_code_is_read_on_the_error_backends_path_only_and_for_the_listed_codes_only() -> None:
    with TestClient(app=create_app()) as client:
        page = client.get("/")
        other_code = client.get("/", headers={"X-Code": "404"})
        not_a_code = client.get("/", headers={"X-Code": "5O3"})
        elsewhere = client.get("/v1/yaku", headers={"X-Code": "503"})

    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    assert (other_code.status_code, other_code.text) == (200, page.text)
    assert (not_a_code.status_code, not_a_code.text) == (200, page.text)
    assert elsewhere.status_code == 200
    assert elsewhere.headers["content-type"] == "application/json"

#!/usr/bin/env bash
# Smoke-test a built image without a container engine, run as the Kubernetes Deployment runs it: the
# image's own ENTRYPOINT and environment, user 10001, a read-only root, /tmp and the metrics directory as
# the only writable places, the API keys as a read-only file; then the image's own HEALTHCHECK command and the
# Deployment's exec liveness probe, while serving and with one worker stopped.
#
#   scripts/smoke-image.sh [TAG] [PORT]     defaults: localhost/riichi-scoring:latest 18000
#
# The image's root (buildah mount, vfs) is bind-mounted read-only and entered with chroot (root, no daemon,
# the host's network: the service listens on 127.0.0.1:PORT). Checks, in order: the image's configuration
# (user 10001:10001, the HEALTHCHECK and ENTRYPOINT the Dockerfile sets), that only runtime dependencies are
# installed (no pytest) and the scoring core is compiled (mypyc extensions), then the served app: the
# HEALTHCHECK command exits 0, /health, /ready, a scored hand with its key and echoed X-Request-ID,
# /metrics, /schema and a Swagger UI asset, a write to the root refused; the liveness probe (the
# Deployment's exec command, which is also the HEALTHCHECK) exits 0 with both workers beating, still 0 just
# after one worker is stopped (SIGSTOP), non-zero naming that worker once it has not beaten for the probe's
# staleness limit (30 s; the wait is bounded at 60 s), and 0 again after SIGCONT, the service still scoring;
# SIGTERM to the entrypoint stops it (exit 0) and leaves no process behind, and then the probe fails.
# About 45 s, most of it the wait for the stopped worker's beat to go stale.
set -euo pipefail
TAG="${1:-localhost/riichi-scoring:latest}"
PORT="${2:-18000}"
STORAGE_DRIVER="${STORAGE_DRIVER:-vfs}"
export BUILDAH_ISOLATION=chroot
# buildah reads the storage driver from its options (it ignores STORAGE_DRIVER in some versions): given on each call.
buildah() { command buildah --storage-driver "$STORAGE_DRIVER" "$@"; }

if (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; then
    echo "something already listens on 127.0.0.1:$PORT: stop it or pass another PORT" >&2; exit 1
fi

state="$(mktemp -d)"
# The image's configuration, as the files the run below reads: its entrypoint, its HEALTHCHECK command and its
# environment (one per line, NUL-free: the Dockerfile's values have no newline).
buildah inspect --type image "$TAG" | python3 -c '
import json, sys
config = json.load(sys.stdin)["Docker"]["config"]
state = sys.argv[1]
test = config["Healthcheck"]["Test"]
print("user", config["User"], "| healthcheck", test, "| entrypoint", config["Entrypoint"])
assert config["User"] == "10001:10001", "not the non-root user"
assert test == ["CMD", "python3", "-m", "service.liveness"], "not the HEALTHCHECK the Dockerfile sets"
assert "RIICHI_HEARTBEAT_DIR=/tmp/heartbeat" in config["Env"], "the HEALTHCHECK would not find the beats"
assert config["Entrypoint"] == ["python3", "-m", "service.serve"], "not the service.serve entrypoint"
assert not config.get("Cmd"), "a CMD would be passed to the entrypoint"
assert config["WorkingDir"] == "/tmp", "not the WORKDIR the Dockerfile sets"
open(f"{state}/entrypoint", "w").write("\n".join(config["Entrypoint"]) + "\n")
open(f"{state}/healthcheck", "w").write("\n".join(test[1:]) + "\n")
open(f"{state}/env", "w").write("\n".join(config["Env"]) + "\n")
' "$state"
mapfile -t entrypoint <"$state/entrypoint"
mapfile -t healthcheck <"$state/healthcheck"
mapfile -t image_env <"$state/env"
# The Deployment's container settings (deploy/k8s/deployment.yaml `env`; tests/test_container.py compares them),
# with the smoke test's port and a shorter drain and deadline; and its exec liveness probe.
deploy_env=(PORT="$PORT" WORKERS=2 DRAIN_SECONDS=1 SHUTDOWN_DEADLINE=10 PROMETHEUS_MULTIPROC_DIR=/run/metrics
    RIICHI_HEARTBEAT_DIR=/tmp/heartbeat RIICHI_TRUSTED_PROXIES=10.0.0.0/8
    RIICHI_API_KEYS_FILE=/run/secrets/riichi/keys RIICHI_RATE_LIMIT=600/minute)
liveness=(python3 -m service.liveness)

ctr="$(buildah from "$TAG")"
root="$(buildah mount "$ctr")"
jail="$state/root"
server=""
# The processes running in the image (their root is the jail), by pid.
in_image() { for p in /proc/[0-9]*; do [[ "$(readlink "$p/root" 2>/dev/null)" == "$jail" ]] && echo "${p#/proc/}"; done || true; }
cleanup() {
    if [[ -n "$server" ]] && kill -0 "$server" 2>/dev/null; then kill -KILL "$server" 2>/dev/null || true; fi
    for p in $(in_image); do kill -CONT "$p" 2>/dev/null; kill -KILL "$p" 2>/dev/null || true; done
    for m in run/secrets/riichi run/metrics tmp proc dev ""; do
        mountpoint -q "$jail/$m" 2>/dev/null && umount -l "$jail/$m"
    done
    buildah umount "$ctr" >/dev/null || true
    buildah rm "$ctr" >/dev/null || true
    rm -rf "$state"
}
trap cleanup EXIT

# What the Deployment mounts (deploy/k8s/deployment.yaml): emptyDirs at /tmp and /run/metrics, the API keys
# Secret at /run/secrets/riichi; their mount points are made in the working container, before it is read-only.
mkdir -p "$root/run/metrics" "$root/run/secrets/riichi" "$jail" "$state/tmp" "$state/metrics" "$state/keys"
chown 10001:10001 "$state/tmp" "$state/metrics"
echo smoke-key >"$state/keys/keys"
chmod 0444 "$state/keys/keys"
mount --bind "$root" "$jail"
mount -o remount,bind,ro "$jail"
mount --bind /dev "$jail/dev"
mount -t proc proc "$jail/proc"
mount --bind "$state/tmp" "$jail/tmp"
mount --bind "$state/metrics" "$jail/run/metrics"
mount --bind "$state/keys" "$jail/run/secrets/riichi"
mount -o remount,bind,ro "$jail/run/secrets/riichi"

# In the image as user 10001, in its working directory (/tmp), with the image's environment and the Deployment's
# settings: as the kubelet runs an exec probe in the container.
inside() {
    chroot --userspec=10001:10001 "$jail" /bin/sh -c 'cd /tmp && exec "$@"' sh \
        /usr/bin/env -i "${image_env[@]}" "${deploy_env[@]}" "$@"
}

if inside python3 -c 'import pytest' 2>/dev/null; then
    echo "test dependencies found in the image" >&2; exit 1
fi
# shellcheck disable=SC2016  # expanded by the shell in the image, not here
inside sh -c 'test "$(id -u)" = 10001 && ! touch /opt/venv/x 2>/dev/null && touch /tmp/x /run/metrics/x'
# Read-only: not even root writes to the image's root (as 10001, file permissions alone would refuse it).
chroot "$jail" /bin/sh -c '! touch /smoke 2>/dev/null'
# The scoring core is the mypyc build: each hot-path module is an extension, score() a builtin.
# (sys.modules: `import service.scoring.score as s` binds the function score, which the package re-exports.)
inside python3 -c '
import importlib, sys
import service.scoring
names = ["tiles", "decompose", "hand", "yaku", "fu", "limits", "payments", "validate", "score"]
files = {name: importlib.import_module("service.scoring." + name).__file__ for name in names}
print("compiled core:", type(sys.modules["service.scoring.score"].score).__name__, "| python", sys.version.split()[0])
assert all(f.endswith(".so") for f in files.values()), files
assert type(service.scoring.score).__name__ == "builtin_function_or_method"
'

# The image's entrypoint, from its working directory (/tmp).
(cd "$jail/tmp" && exec chroot --userspec=10001:10001 "$jail" /bin/sh -c 'cd /tmp && exec "$@"' sh \
    /usr/bin/env -i "${image_env[@]}" "${deploy_env[@]}" "${entrypoint[@]}") >"$state/serve.log" 2>&1 &
server=$!
for _ in $(seq 1 150); do
    curl -fsS "http://127.0.0.1:$PORT/ready" >/dev/null 2>&1 && break
    kill -0 "$server" 2>/dev/null || { cat "$state/serve.log" >&2; exit 1; }
    sleep 0.2
done
set -x
inside "${healthcheck[@]}"  # the image's HEALTHCHECK: exit status 0
curl -fsS "http://127.0.0.1:$PORT/health"; echo
curl -fsS "http://127.0.0.1:$PORT/ready"; echo
test "$(curl -s -o /dev/null -w '%{http_code}' -H 'Content-Type: application/json' -d '{}' "http://127.0.0.1:$PORT/v1/score")" = 401
curl -fsS -H 'Content-Type: application/json' -H 'X-API-Key: smoke-key' -H 'X-Request-ID: smoke-1' -D - \
    -d '{"hand": "234567m3455p234s", "win_tile": "2p", "seat_wind": "S", "riichi": true}' \
    "http://127.0.0.1:$PORT/v1/score" | grep -i -e '^x-request-id: smoke-1' -e '"points":8000'
curl -fsS "http://127.0.0.1:$PORT/metrics" | grep -e '^riichi_http_requests_total' -e '^riichi_scoring_cache_hit_ratio'
asset="$(curl -fsS "http://127.0.0.1:$PORT/schema" | grep -o "/static/swagger-ui-[^'\" ]*/swagger-ui-bundle.js" | head -1)"
test -n "$asset"
curl -fsS -o /dev/null -w '%{http_code} %{size_download}\n' "http://127.0.0.1:$PORT$asset"
set +x

# The liveness probe as the kubelet runs it (exec in the container: its user, environment and root).
probe() { inside "${liveness[@]}" >"$state/probe.out" 2>&1; }
beats() { find "$state/tmp/heartbeat" -name 'worker-*.beat' 2>/dev/null | sort; }
for _ in $(seq 1 100); do [[ "$(beats | wc -l)" == 2 ]] && break; sleep 0.2; done
probe || { cat "$state/probe.out" >&2; echo "the liveness probe fails on a serving image" >&2; exit 1; }
echo "liveness probe: exit 0, $(cat "$state/probe.out")"
grep -qx '2 workers beating' "$state/probe.out" || { echo "not both workers beating" >&2; exit 1; }
victim="$(beats | head -1)"
victim="${victim##*/worker-}"
victim="${victim%.beat}"
[[ " $(in_image | tr '\n' ' ') " == *" $victim "* ]] || { echo "worker $victim is not a process in the image" >&2; exit 1; }
# A worker whose loop is stuck: stopped. A pause shorter than the staleness limit is no failure...
kill -STOP "$victim"
stopped=$SECONDS
probe || { cat "$state/probe.out" >&2; echo "the probe failed at once on a just-stopped worker" >&2; exit 1; }
# ... past it the probe fails and names the stuck worker (checked every 2 s; bounded: 60 s).
while probe; do
    (( SECONDS - stopped < 60 )) || { echo "the probe still passes 60 s after worker $victim stopped" >&2; exit 1; }
    sleep 2
done
echo "liveness probe with worker $victim stopped for $((SECONDS - stopped)) s: non-zero, $(cat "$state/probe.out")"
grep -q "^worker $victim: no beat for" "$state/probe.out" || { echo "the failure names another cause" >&2; exit 1; }
kill -CONT "$victim"
# Running again, the worker beats within a second: the probe passes again (bounded: 20 s), and the service scores.
resumed=$SECONDS
until probe; do
    (( SECONDS - resumed < 20 )) || { cat "$state/probe.out" >&2; echo "the probe fails after SIGCONT" >&2; exit 1; }
    sleep 0.5
done
echo "liveness probe after SIGCONT: exit 0, $(cat "$state/probe.out")"
for _ in 1 2 3 4; do
    curl -fsS -o /dev/null -H 'Content-Type: application/json' -H 'X-API-Key: smoke-key' \
        -d '{"hand": "234567m3455p234s", "win_tile": "2p", "seat_wind": "S", "riichi": true}' \
        "http://127.0.0.1:$PORT/v1/score"
done
kill -TERM "$server"
status=0
wait "$server" || status=$?
test "$status" = 0 || { echo "the entrypoint exited $status after SIGTERM" >&2; cat "$state/serve.log" >&2; exit 1; }
left="$(in_image)"
test -z "$left" || { echo "processes left in the image after the stop: $left" >&2; exit 1; }
server=""
# No worker left: the probe fails.
if probe; then echo "the liveness probe passes with the service stopped" >&2; exit 1; fi
echo "liveness probe after the stop: non-zero, $(cat "$state/probe.out")"
echo "smoke test passed: $TAG"

#!/usr/bin/env bash
# Smoke-test a built image without a container engine, run as the Kubernetes Deployment runs it: the
# image's own ENTRYPOINT and environment, user 10001, a read-only root, /tmp and the metrics directory as
# the only writable places, the API keys as a read-only file; then the image's own HEALTHCHECK command.
#
#   scripts/smoke-image.sh [TAG] [PORT]     defaults: localhost/riichi-scoring:latest 18000
#
# The image's root (buildah mount, vfs) is bind-mounted read-only and entered with chroot (root, no daemon,
# the host's network: the service listens on 127.0.0.1:PORT). Checks, in order: the image's configuration
# (user 10001:10001, the HEALTHCHECK and ENTRYPOINT the Dockerfile sets), that only runtime dependencies are
# installed (no pytest) and the scoring core is compiled (mypyc extensions), then the served app: the
# HEALTHCHECK command exits 0, /health, /ready, a scored hand with its key and echoed X-Request-ID,
# /metrics, /schema and a Swagger UI asset, a write to the root refused; SIGTERM to the entrypoint stops
# it (exit 0) and leaves no process behind.
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
assert test == ["CMD", "python3", "-m", "service.serve", "--check"], "not the HEALTHCHECK the Dockerfile sets"
assert config["Entrypoint"] == ["python3", "-m", "service.serve"], "not the service.serve entrypoint"
assert not config.get("Cmd"), "a CMD would be passed to the entrypoint"
open(f"{state}/entrypoint", "w").write("\n".join(config["Entrypoint"]) + "\n")
open(f"{state}/healthcheck", "w").write("\n".join(test[1:]) + "\n")
open(f"{state}/env", "w").write("\n".join(config["Env"]) + "\n")
' "$state"
mapfile -t entrypoint <"$state/entrypoint"
mapfile -t healthcheck <"$state/healthcheck"
mapfile -t image_env <"$state/env"

ctr="$(buildah from "$TAG")"
root="$(buildah mount "$ctr")"
jail="$state/root"
server=""
cleanup() {
    if [[ -n "$server" ]] && kill -0 "$server" 2>/dev/null; then kill -KILL "$server" 2>/dev/null || true; fi
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

# In the image as user 10001, with the image's environment and the Deployment's settings (a shorter drain).
inside() {
    chroot --userspec=10001:10001 "$jail" /usr/bin/env -i "${image_env[@]}" PORT="$PORT" WORKERS=2 \
        DRAIN_SECONDS=1 SHUTDOWN_DEADLINE=10 PROMETHEUS_MULTIPROC_DIR=/run/metrics \
        RIICHI_TRUSTED_PROXIES=10.0.0.0/8 RIICHI_API_KEYS_FILE=/run/secrets/riichi/keys \
        RIICHI_RATE_LIMIT=600/minute "$@"
}

if inside python3 -c 'import pytest' 2>/dev/null; then
    echo "test dependencies found in the image" >&2; exit 1
fi
inside sh -c 'test "$(id -u)" = 10001 && ! touch /opt/venv/x 2>/dev/null && touch /tmp/x /run/metrics/x'
# Read-only: not even root writes to the image's root (as 10001, file permissions alone would refuse it).
chroot "$jail" /bin/sh -c '! touch /smoke 2>/dev/null'
# The scoring core is the mypyc build: each hot-path module is an extension, score() a builtin.
inside python3 -c '
import importlib, sys
import service.scoring
names = ["tiles", "decompose", "hand", "yaku", "fu", "limits", "payments", "validate", "readings", "scorer"]
files = {name: importlib.import_module("service.scoring." + name).__file__ for name in names}
print("compiled core:", type(sys.modules["service.scoring.scorer"].score).__name__, "| python", sys.version.split()[0])
assert all(f.endswith(".so") for f in files.values()), files
assert type(service.scoring.score).__name__ == "builtin_function_or_method"
'

# The image's entrypoint, from its working directory (/tmp).
(cd "$jail/tmp" && exec chroot --userspec=10001:10001 "$jail" /bin/sh -c 'cd /tmp && exec "$@"' sh \
    /usr/bin/env -i "${image_env[@]}" PORT="$PORT" WORKERS=2 DRAIN_SECONDS=1 SHUTDOWN_DEADLINE=10 \
    PROMETHEUS_MULTIPROC_DIR=/run/metrics RIICHI_TRUSTED_PROXIES=10.0.0.0/8 \
    RIICHI_API_KEYS_FILE=/run/secrets/riichi/keys RIICHI_RATE_LIMIT=600/minute "${entrypoint[@]}") \
    >"$state/serve.log" 2>&1 &
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
kill -TERM "$server"
status=0
wait "$server" || status=$?
test "$status" = 0 || { echo "the entrypoint exited $status after SIGTERM" >&2; cat "$state/serve.log" >&2; exit 1; }
left="$(for p in /proc/[0-9]*; do [[ "$(readlink "$p/root" 2>/dev/null)" == "$jail" ]] && echo "${p#/proc/}"; done || true)"
test -z "$left" || { echo "processes left in the image after the stop: $left" >&2; exit 1; }
server=""
echo "smoke test passed: $TAG"

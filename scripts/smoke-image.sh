#!/usr/bin/env bash
# Smoke-test a built image without a container engine: buildah runs its entrypoint (chroot isolation,
# host network) on a loopback port, and curl checks /health, /ready, /metrics, /schema and a score.
#
#   scripts/smoke-image.sh [TAG] [PORT]     defaults: localhost/riichi-scoring:latest 18000
#
# Also checks the image's configuration: user 10001, HEALTHCHECK, granian entrypoint, that only
# runtime dependencies are installed (no pytest, hypothesis or schemathesis), and that the scoring
# core runs compiled (mypyc extensions, not the .py sources).
#
# The server is stopped with SIGTERM to granian itself (its PID file, read through the container's
# mounted root): killing `buildah run` SIGKILLs granian's main process and leaves its worker running,
# still listening on PORT, so that a later run would test the old server.
set -euo pipefail
TAG="${1:-localhost/riichi-scoring:latest}"
PORT="${2:-18000}"
STORAGE_DRIVER="${STORAGE_DRIVER:-vfs}"
export BUILDAH_ISOLATION=chroot
# buildah reads the storage driver from its options (it ignores STORAGE_DRIVER in some versions): given on each call.
buildah() { command buildah --storage-driver "$STORAGE_DRIVER" "$@"; }

buildah inspect --type image "$TAG" | python3 -c '
import json, sys
config = json.load(sys.stdin)["Docker"]["config"]
print("user", config["User"], "| healthcheck", config["Healthcheck"]["Test"], "| entrypoint", config["Entrypoint"])
assert config["User"] == "10001:10001", "not the non-root user"
assert "/health" in " ".join(config["Healthcheck"]["Test"]), "no HEALTHCHECK"
assert config["Entrypoint"][0] == "granian", "not granian"
'

if (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; then
    echo "something already listens on 127.0.0.1:$PORT: stop it or pass another PORT" >&2; exit 1
fi

ctr="$(buildah from "$TAG")"
root="$(buildah mount "$ctr")"
pidfile=/tmp/granian-smoke.pid  # inside the container (WORKDIR /tmp, writable by 10001)
server=""
cleanup() {
    if [[ -n "$server" ]]; then
        # SIGTERM to granian (graceful shutdown: it stops its worker and exits); buildah run then returns.
        if [[ -s "$root$pidfile" ]]; then
            kill -TERM "$(cat "$root$pidfile")" 2>/dev/null || true
            for _ in $(seq 1 50); do kill -0 "$server" 2>/dev/null || break; sleep 0.2; done
        fi
        kill "$server" 2>/dev/null || true
        wait "$server" 2>/dev/null || true
    fi
    buildah umount "$ctr" >/dev/null || true
    buildah rm "$ctr" >/dev/null || true
}
trap cleanup EXIT

if buildah run --user 10001:10001 "$ctr" -- python3 -c 'import pytest' 2>/dev/null; then
    echo "test dependencies found in the image" >&2; exit 1
fi
buildah run --user 10001:10001 "$ctr" -- sh -c 'test "$(id -u)" = 10001 && ! test -w /opt/venv'
# The scoring core is the mypyc build: each hot-path module is an extension, score() a builtin.
# (sys.modules: `import service.scoring.score as s` binds the function score, which the package re-exports.)
buildah run --user 10001:10001 "$ctr" -- python3 -c '
import importlib, sys
import service.scoring
names = ["tiles", "decompose", "hand", "yaku", "fu", "limits", "payments", "validate", "score"]
files = {name: importlib.import_module("service.scoring." + name).__file__ for name in names}
print("compiled core:", type(sys.modules["service.scoring.score"].score).__name__, "| python", sys.version.split()[0])
assert all(f.endswith(".so") for f in files.values()), files
assert type(service.scoring.score).__name__ == "builtin_function_or_method"
'

buildah run --user 10001:10001 "$ctr" -- \
    granian --interface asgi --host 127.0.0.1 --port "$PORT" --pid-file "$pidfile" service.app:app &
server=$!
for _ in $(seq 1 100); do
    curl -fsS "http://127.0.0.1:$PORT/ready" >/dev/null 2>&1 && break
    sleep 0.2
done
set -x
curl -fsS "http://127.0.0.1:$PORT/health"; echo
curl -fsS "http://127.0.0.1:$PORT/ready"; echo
curl -fsS -H 'Content-Type: application/json' -H 'X-Request-ID: smoke-1' -D - \
    -d '{"hand": "234567m3455p234s", "win_tile": "2p", "seat_wind": "S", "riichi": true}' \
    "http://127.0.0.1:$PORT/v1/score" | grep -i -e '^x-request-id: smoke-1' -e '"points":8000'
curl -fsS "http://127.0.0.1:$PORT/metrics" | grep -e '^riichi_http_requests_total' -e '^riichi_scoring_cache_hit_ratio'
curl -fsS "http://127.0.0.1:$PORT/schema" | grep -c 'static/swagger-ui/swagger-ui-bundle.js'
curl -fsS -o /dev/null -w '%{http_code} %{size_download}\n' "http://127.0.0.1:$PORT/static/swagger-ui/swagger-ui-bundle.js"
set +x
echo "smoke test passed: $TAG"

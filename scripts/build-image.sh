#!/usr/bin/env bash
# Build the service image without a Docker daemon: buildah with chroot isolation (root, no daemon).
#
#   scripts/build-image.sh [TAG]          default TAG: localhost/riichi-scoring:latest
#
# Steps (everything the build needs is prepared here, so the image build reaches no registry):
#   1. wheels/  <- `pip wheel . -w wheels`: the project's wheel and its runtime dependencies, from PyPI.
#   2. base     <- BASE_IMAGE if set (e.g. python:3.11-slim-bookworm where a registry is reachable);
#                  otherwise localhost/riichi-base:bookworm, made once from Debian packages with mmdebstrap
#                  (Debian bookworm minbase + python3 3.11 + python3-venv + passwd), imported with buildah.
#   3. buildah bud --isolation chroot --format docker (docker format keeps HEALTHCHECK) with the Dockerfile.
#
# Needs (Debian): apt-get install buildah mmdebstrap; run as root. Storage: vfs (works without overlayfs).
# Check it: scripts/build-image.sh && scripts/smoke-image.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

TAG="${1:-localhost/riichi-scoring:latest}"
# The interpreter that builds the wheelhouse: the project's venv if there is one, else python3 (a fresh clone).
if [[ -z "${PYTHON:-}" ]]; then
    if [[ -x .venv/bin/python ]]; then PYTHON=.venv/bin/python; else PYTHON=python3; fi
fi
STORAGE_DRIVER="${STORAGE_DRIVER:-vfs}"
export BUILDAH_ISOLATION=chroot

command -v buildah >/dev/null || { echo "buildah not found: apt-get install buildah" >&2; exit 1; }
# buildah reads the storage driver from its options (it ignores STORAGE_DRIVER in some versions): given on each call.
buildah() { command buildah --storage-driver "$STORAGE_DRIVER" "$@"; }

echo "== the table companion's font: scripts/web_font.py"
"$PYTHON" scripts/web_font.py

echo "== wheels: pip wheel . -w wheels"
rm -rf wheels
"$PYTHON" -m pip wheel --quiet --wheel-dir wheels .

BASE="${BASE_IMAGE:-localhost/riichi-base:bookworm}"
if [[ -z "${BASE_IMAGE:-}" ]] && ! buildah inspect --type image "$BASE" >/dev/null 2>&1; then
    command -v mmdebstrap >/dev/null || { echo "mmdebstrap not found: apt-get install mmdebstrap" >&2; exit 1; }
    echo "== base: $BASE from Debian bookworm packages (mmdebstrap)"
    work="$(mktemp -d)"
    trap 'rm -rf "$work"' EXIT
    mmdebstrap --quiet --variant=minbase --include=python3,python3-venv,passwd \
        --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-exclude=/usr/share/man/*' \
        --dpkgopt='path-exclude=/usr/share/locale/*' \
        bookworm "$work/rootfs.tar" http://deb.debian.org/debian
    ctr="$(buildah from scratch)"
    buildah add --quiet "$ctr" "$work/rootfs.tar" /
    buildah config --env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin --env LANG=C.UTF-8 \
        --cmd /bin/bash "$ctr"
    buildah commit --quiet "$ctr" "$BASE"
    buildah rm "$ctr" >/dev/null
fi

echo "== image: $TAG (base $BASE)"
buildah bud --isolation chroot --format docker --layers=false \
    --build-arg "BASE_IMAGE=$BASE" --tag "$TAG" --file Dockerfile .
buildah images "$TAG"

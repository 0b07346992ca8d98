# The service image: `python -m service.serve` (granian on service.app:app, the production serving
# configuration: service/serve.py) on $PORT (8000) as a non-root user.
#
# Built from a wheelhouse prepared on the host (`wheels/`: the project's wheel and every
# runtime dependency, from `pip wheel . -w wheels`), so the build itself needs no package
# registry. `scripts/build-image.sh` does both steps without a Docker daemon (buildah);
# with Docker: `python3 scripts/web_font.py && pip wheel . -w wheels && docker build -t riichi-scoring .`
# (the first step puts the table companion's font into the package: service/web/fonts/).
# BASE_IMAGE: any Debian-like image with python3 (3.11+), python3 -m venv and useradd.

ARG BASE_IMAGE=python:3.11-slim-bookworm

FROM ${BASE_IMAGE} AS build
# Install from the wheelhouse only: runtime dependencies, no test extra, no compilers.
COPY wheels/ /wheels/
RUN python3 -m venv /opt/venv \
    && /opt/venv/bin/pip install --no-cache-dir --no-index --find-links=/wheels riichi-scoring \
    && /opt/venv/bin/pip uninstall --yes pip \
    && find /opt/venv -name '__pycache__' -prune -exec rm -rf {} +

FROM ${BASE_IMAGE} AS runtime
RUN groupadd --system --gid 10001 app \
    && useradd --system --uid 10001 --gid 10001 --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin app
COPY --from=build /opt/venv /opt/venv
ENV PATH=/opt/venv/bin:$PATH \
    PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    LOG_LEVEL=INFO \
    PORT=8000 \
    WORKERS=2 \
    RIICHI_HEARTBEAT_DIR=/tmp/heartbeat
USER 10001:10001
WORKDIR /tmp
EXPOSE 8000
# Liveness from the workers' heartbeats (each worker's event loop touches a file in $RIICHI_HEARTBEAT_DIR every
# second), never through the traffic port: there a check waits in the same accept queue and behind the same
# backpressure as a burst of requests and marks a busy, healthy container unhealthy. Fails when no worker runs
# or a live worker's loop has not run for 30 s (service/liveness.py); the Deployment's exec probe is the same.
HEALTHCHECK --interval=15s --timeout=5s --start-period=10s --retries=3 \
    CMD ["python3", "-m", "service.liveness"]
# service.serve handles SIGTERM: /ready 503 for DRAIN_SECONDS, then granian stops accepting and
# finishes in-flight requests; whatever still runs at SHUTDOWN_DEADLINE (20 s) is killed. Every
# setting (PORT, WORKERS, BACKPRESSURE, ...) is an environment variable: see service/serve.py.
STOPSIGNAL SIGTERM
ENTRYPOINT ["python3", "-m", "service.serve"]

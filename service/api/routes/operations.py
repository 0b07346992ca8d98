"""Operations endpoints: ``GET /health`` (liveness), ``GET /ready`` (readiness), ``GET /metrics``.

``HEAD`` on these (as on every GET route) answers as ``GET`` does without a body: it is routed as
``GET``, and the body dropped, by :class:`~service.api.plumbing.middleware.RequestContextMiddleware` (not in the
OpenAPI document: HEAD is GET without the content, RFC 9110 §9.3.2), that of a 503 problem too.

Readiness is :data:`READY_STATE_KEY` in the application state: set by :func:`mark_ready`
at startup after a self-check scores one hand, cleared by :func:`mark_not_ready` when
shutdown begins (granian: on SIGTERM / SIGINT, before in-flight requests are drained).
"""

from __future__ import annotations

import asyncio
import os
import signal
import threading
import time
from typing import Any, Literal

import msgspec
from litestar import Litestar, Request, Response, get
from litestar.openapi import ResponseSpec

from service.liveness import BEAT_SECONDS, HEARTBEAT_DIR_ENV, beat_file
from service.scoring import ScoreRequest, score

from ..plumbing.errors import PROBLEM_MEDIA_TYPE, Problem, problem
from ..telemetry.logs import access_log, get_logger
from ..telemetry.metrics import METRICS_MEDIA_TYPE, Metrics

__all__ = [
    "DRAIN_FILE_ENV",
    "EXIT_WITH_PARENT_ENV",
    "METRICS_STATE_KEY",
    "NOT_READY_DETAIL",
    "OPERATIONS_ROUTES",
    "READY_STATE_KEY",
    "Health",
    "Ready",
    "draining",
    "exit_with_parent",
    "health",
    "heartbeat",
    "mark_not_ready",
    "mark_ready",
    "metrics",
    "ready",
]

DRAIN_FILE_ENV = "RIICHI_DRAIN_FILE"
"""Environment variable naming the file whose existence means "draining" (set by :mod:`service.serve`)."""

EXIT_WITH_PARENT_ENV = "RIICHI_EXIT_WITH_PARENT"
"""Environment variable: when set (:mod:`service.serve` sets it to its own pid, the parent of granian's master),
:func:`exit_with_parent` stops a worker whose master died, also one that starts after its master is gone."""

READY_STATE_KEY = "ready"
"""Application-state key: true once started and until shutdown begins."""

NOT_READY_DETAIL = "The service is starting or shutting down."
"""The ``detail`` of the 503 problem of ``GET /ready``."""

METRICS_STATE_KEY = "metrics"
"""Application-state key of the app's :class:`~service.api.telemetry.metrics.Metrics`."""

SELF_CHECK = ScoreRequest(hand="234567m3455p234s", win_tile="2p", seat_wind="S", riichi=True)
"""The hand scored at startup before the service reports ready: riichi pinfu tanyao sanshoku, 8000."""

logger = get_logger("service.lifecycle")


class Health(msgspec.Struct, frozen=True):
    """Liveness: `status` is always `ok` when the process answers."""

    status: Literal["ok"] = "ok"
    """Always `ok` while the process answers."""


class Ready(msgspec.Struct, frozen=True):
    """Readiness: `status` is `ready` when the service takes traffic (otherwise a 503 problem)."""

    status: Literal["ready"] = "ready"
    """`ready`: the service takes requests (when it does not, the answer is a 503 problem)."""


def mark_ready(app: Litestar) -> None:
    """Startup hook: score :data:`SELF_CHECK` (the core works, caches warm), then report ready.

    Raises ``RuntimeError`` if the self-check scores wrong, so the server fails to start.
    """
    result = score(SELF_CHECK)
    if result.points != 8000:
        raise RuntimeError(f"self-check scored {result.points} points, expected 8000")
    app.state[READY_STATE_KEY] = True
    logger.info("ready")


def exit_with_parent(app: Litestar) -> None:
    """Startup hook: with :data:`EXIT_WITH_PARENT_ENV` set (:mod:`service.serve` sets it for granian's
    workers), a daemon thread looks at this process's parent every 0.5 s; once it has changed (the granian
    master is gone, killed, and the worker was handed to another parent), the worker stops as on SIGTERM
    (it closes its listener and answers what it holds) and exits at once if still alive 3 s later (granian's
    workers may leave SIGTERM to their master). No worker keeps serving unsupervised, and the port is free
    for the next start."""
    supervisor = os.environ.get(EXIT_WITH_PARENT_ENV)
    if not supervisor:
        return
    parent = os.getppid()
    # the master may already be gone by the time this worker starts (a slow start): then this worker's parent
    # is whoever adopted it, whose own parent is not the supervisor that started granian (the variable's pid)
    orphaned = supervisor.isdigit() and _parent_of(parent) != int(supervisor)

    def watch() -> None:
        while os.getppid() == parent and not orphaned:
            time.sleep(0.5)
        logger.warning("parent gone: stopping", parent=parent)
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(3)
        os._exit(1)

    threading.Thread(target=watch, name="exit-with-parent", daemon=True).start()


_HEARTBEAT_STATE_KEY = "heartbeat"


def heartbeat(app: Litestar) -> None:
    """Startup hook: with :data:`~service.liveness.HEARTBEAT_DIR_ENV` set (:mod:`service.serve` sets it), a task on
    this worker's event loop touches ``<dir>/worker-<pid>.beat`` every second, for the liveness probe
    (``python -m service.liveness``): the loop is shown to run without a request through the traffic queue."""
    directory = os.environ.get(HEARTBEAT_DIR_ENV)
    if not directory:
        return
    path = beat_file(directory, os.getpid())

    async def beat() -> None:
        while True:
            try:
                path.touch()
            except OSError as exc:  # a full or gone directory: the probe fails on the stale file, and says why
                logger.warning("heartbeat not written", error=str(exc))
            await asyncio.sleep(BEAT_SECONDS)

    app.state[_HEARTBEAT_STATE_KEY] = asyncio.get_running_loop().create_task(beat())  # kept: not collected


def _parent_of(pid: int) -> int | None:
    """The parent of process ``pid`` (Linux ``/proc``), or None where it cannot be read."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as stat:
            return int(stat.read().rsplit(")", 1)[1].split()[1])
    except (OSError, ValueError, IndexError):
        return None


def mark_not_ready(app: Litestar) -> None:
    """Shutdown hook: stop reporting ready (in-flight requests are still answered)."""
    app.state[READY_STATE_KEY] = False
    access_log().write_held()  # the held access lines before the shutdown line
    logger.info("shutdown")


def _health() -> Health:
    """Always ``{"status": "ok"}``."""
    return Health()


_drain = [0.0, False]  # when the file was last looked for (monotonic seconds), and whether it was there


def draining(max_age: float = 0.1) -> bool:
    """Whether the serving supervisor (:mod:`service.serve`) has begun draining: its file
    :data:`DRAIN_FILE_ENV` names exists, so every worker answers ``/ready`` with 503 and every answer
    carries ``Connection: close`` (a keep-alive client opens a new connection for its next request,
    which the load balancer sends elsewhere) before the listener closes. The file is looked for again
    when the last look is older than ``max_age`` seconds (every request asks; ``/ready`` asks with 0);
    once found, a drain is never over in this process."""
    if _drain[1]:
        return True
    now = time.monotonic()
    if now - _drain[0] >= max_age:
        path = os.environ.get(DRAIN_FILE_ENV)
        _drain[:] = [now, bool(path) and os.path.exists(path)]  # type: ignore[arg-type]
    return bool(_drain[1])


def _ready(request: Request[Any, Any, Any]) -> Ready:
    """``{"status": "ready"}``, or a 503 problem while starting, draining or shutting down."""
    if not request.app.state.get(READY_STATE_KEY, False) or draining(0):
        raise problem(503, NOT_READY_DETAIL)
    return Ready()


_HEAD_TOO = " `HEAD` answers the same status and headers without a body."

health = get(
    "/health",
    operation_id="health",
    response_description='The process answers (`{"status": "ok"}`).',
    summary="Liveness check",
    description="200 whenever the process answers; restart the container when it does not." + _HEAD_TOO,
    tags=["operations"],
    sync_to_thread=False,
)(_health)

ready = get(
    "/ready",
    operation_id="ready",
    response_description='The service takes requests (`{"status": "ready"}`).',
    summary="Readiness check",
    description="200 once the service has started (its self-check scored a hand) and until shutdown begins; "
    "503 otherwise, so a load balancer sends no traffic." + _HEAD_TOO,
    tags=["operations"],
    responses={
        503: ResponseSpec(
            data_container=Problem,
            media_type=PROBLEM_MEDIA_TYPE,
            description="Starting up or shutting down.",
            generate_examples=False,
        )
    },
    sync_to_thread=False,
)(_ready)


@get(
    "/metrics",
    operation_id="metrics",
    summary="Prometheus metrics",
    description="Request counts and latency histograms per route, and the scoring cache's hits, misses, size "
    "and hit ratio, in the Prometheus text format 0.0.4.",
    tags=["operations"],
    media_type=METRICS_MEDIA_TYPE,
    responses={
        200: ResponseSpec(
            data_container=str,
            media_type=METRICS_MEDIA_TYPE,
            description="The Prometheus text exposition format.",
            generate_examples=False,
        )
    },
    sync_to_thread=False,
)
def metrics(request: Request[Any, Any, Any]) -> Response[bytes]:
    """The app's :class:`~service.api.telemetry.metrics.Metrics` rendered at scrape time."""
    registry: Metrics = request.app.state[METRICS_STATE_KEY]
    return Response(registry.render(), media_type=METRICS_MEDIA_TYPE)


OPERATIONS_ROUTES = [health, ready, metrics]
"""The operations route handlers, registered by :func:`service.app.create_app`."""

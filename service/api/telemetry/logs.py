"""Structured JSON logs with structlog: one JSON object per line on stderr.

Both structlog loggers (``structlog.get_logger("service…")``) and standard-library loggers
under ``service`` (e.g. :mod:`service.api.plumbing.errors`) are rendered by structlog's
:class:`~structlog.stdlib.ProcessorFormatter` into JSON (compact, encoded by msgspec) with
``timestamp`` (ISO 8601, UTC), ``level``, ``logger``, ``event``, the request's ``request_id``
and, for errors, a structured ``exception``.
Only the ``service`` logger tree is configured: the root logger (and so every library's
own logging, granian's included) is left alone.

The access log (one line per request, :mod:`service.api.plumbing.middleware`) is the one line written on
every request, so it does not go through a logger at all (:class:`AccessLog`): a msgspec Struct
with the same keys as every other line, encoded and written whole to the same stream, when the
level lets ``info`` through: measured inside a request (``bench/bench_asgi.py``; figures in BENCHMARKS.md),
this is several times cheaper than the standard-library path and than structlog's native fast path (a
filtering bound logger, msgspec renderer).

The request id is one :class:`~contextvars.ContextVar` (:data:`REQUEST_ID`, set by the middleware
for the duration of a request), added to every line of the request by :func:`add_request_id`.
"""

from __future__ import annotations

import asyncio
import atexit
import logging
import os
import sys
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import IO, Any

import msgspec
import structlog
from structlog.tracebacks import ExceptionDictTransformer
from structlog.typing import EventDict, WrappedLogger

__all__ = [
    "ACCESS_LOG_HOLD_ENV",
    "LOG_LEVEL_ENV",
    "REQUEST_ID",
    "AccessLine",
    "AccessLog",
    "access_log",
    "add_request_id",
    "configure_logging",
    "get_logger",
]

REQUEST_ID: ContextVar[str | None] = ContextVar("request_id", default=None)
"""The id of the request being handled (``X-Request-ID``), None outside a request."""


def add_request_id(logger: WrappedLogger, method_name: str, event_dict: EventDict) -> EventDict:
    """structlog processor: ``request_id`` of the request being handled, unless the line has its own."""
    request_id = REQUEST_ID.get()
    if request_id is not None:
        event_dict.setdefault("request_id", request_id)
    return event_dict


LOG_LEVEL_ENV = "LOG_LEVEL"
"""Environment variable with the log level of the ``service`` loggers (default ``INFO``)."""

_SHARED: list[Any] = [
    structlog.contextvars.merge_contextvars,
    add_request_id,
    structlog.stdlib.add_log_level,
    structlog.stdlib.add_logger_name,
    structlog.processors.TimeStamper(fmt="iso", utc=True),
]
"""Processors applied to structlog and standard-library records alike."""


_ENCODER = msgspec.json.Encoder(enc_hook=str)


def _render(logger: WrappedLogger, method_name: str, event_dict: EventDict) -> str:
    """structlog renderer: the event as one JSON object (msgspec; anything unknown as its ``str``)."""
    return _ENCODER.encode(event_dict).decode()


class AccessLine(msgspec.Struct):
    """One access-log line: the keys every line has, then the request's (in this order in the JSON)."""

    timestamp: datetime
    level: str
    logger: str
    event: str
    request_id: str
    method: str
    path: str
    route: str | None
    status: int
    duration_ms: float


ACCESS_LOG_HOLD_ENV = "ACCESS_LOG_HOLD_MS"
"""Environment variable: how long access lines written to stderr may wait to be written together,
milliseconds (default 100; 0 writes each line at once)."""

_PIPE_BUF = 4096
"""Largest ``write`` a pipe takes whole (Linux ``PIPE_BUF``): held lines are written in chunks at most
this long, each of whole lines, so lines of several workers sharing one pipe never interleave mid-line."""

LOGGED_FIELD_CHARS = 512
"""Longest path or method an access line carries; a longer one is cut there and ends with ``…``. So a
line stays well under :data:`_PIPE_BUF` (granian accepts paths of ~64 KB)."""


def _clip(text: str) -> str:
    """``text`` cut to :data:`LOGGED_FIELD_CHARS` characters (the last one ``…``) if longer.

    >>> len(_clip("a" * 10_000)), _clip("a" * 10_000)[-1], _clip("/v1/score")
    (512, '…', '/v1/score')
    """
    return text if len(text) <= LOGGED_FIELD_CHARS else text[: LOGGED_FIELD_CHARS - 1] + "…"


class AccessLog:
    """The access log: one JSON line per request on ``stream``.

    ``enabled`` is whether ``info`` passes the configured level. The line is an :class:`AccessLine`
    encoded by msgspec (its ``timestamp`` in ISO 8601 UTC with ``Z``, as structlog's): no logger
    object, processor chain or record is built per line.

    The logged path and method are cut at :data:`LOGGED_FIELD_CHARS`. With ``hold_s`` > 0 lines are
    held and written together, in one ``write`` of whole lines and at most :data:`_PIPE_BUF` bytes,
    when the next line would not fit or ``hold_s`` after the first one (a timer on the running
    event loop), and at shutdown (:meth:`write_held`, called by the app's shutdown hook, and at exit).
    A ``write`` is a system call, and on this service's hot path system calls are what a request costs
    most (``bench/profile_worker.py``); a worker killed outright loses at most ``hold_s`` of lines. Other log
    lines are written at once, so an access line can follow a later error line by up to ``hold_s``
    (the timestamps tell the order). With ``hold_s`` 0 (an explicit stream, as the tests pass) each
    line is written and flushed at once.
    """

    __slots__ = ("enabled", "flush", "held", "held_bytes", "hold_s", "timer", "write", "write_text")

    def __init__(self, stream: IO[str], enabled: bool, hold_s: float = 0.0) -> None:
        self.enabled = enabled
        self.hold_s = hold_s
        buffer = getattr(stream, "buffer", None)
        self.write_text = buffer is None
        self.write = stream.write if buffer is None else buffer.write
        self.flush = stream.flush if buffer is None else buffer.flush
        self.held: list[bytes] = []
        self.held_bytes = 0
        self.timer: asyncio.TimerHandle | None = None

    def request(self, request_id: str, method: str, path: str, route: str | None, status: int, seconds: float) -> None:
        """Log one answered request (``event`` = ``request``); ``seconds`` its duration."""
        if not self.enabled:
            return
        line = _ENCODER.encode(
            AccessLine(
                datetime.now(UTC), "info", "service.access", "request",
                request_id, _clip(method), _clip(path), route, status, round(seconds * 1000, 3),
            )
        )  # fmt: skip
        if self.hold_s <= 0:
            self._emit(line + b"\n")
            return
        if self.held_bytes + len(line) + 1 > _PIPE_BUF:
            self.write_held()  # the held ones first: this line would take the chunk past PIPE_BUF
        self.held.append(line)
        self.held_bytes += len(line) + 1
        if self.timer is None:
            try:
                self.timer = asyncio.get_running_loop().call_later(self.hold_s, self.write_held)
            except RuntimeError:  # no event loop: nothing would ever write them later
                self.write_held()

    def write_held(self) -> None:
        """Write the held lines now (if any), in one ``write``."""
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        if self.held:
            lines = b"\n".join(self.held) + b"\n"
            self.held.clear()
            self.held_bytes = 0
            self._emit(lines)

    def _emit(self, data: bytes) -> None:
        try:
            self.write(data.decode() if self.write_text else data)  # type: ignore[arg-type]
            self.flush()
        except (OSError, ValueError):  # a closed or broken stream: the line is lost, the request is not
            pass


class _Access:
    """The current access log (replaced by each :func:`configure_logging`)."""

    log = AccessLog(sys.stderr, enabled=True)


@atexit.register
def _write_held_at_exit() -> None:
    _Access.log.write_held()


def access_log() -> AccessLog:
    """The access log as configured last (:func:`configure_logging`)."""
    return _Access.log


def configure_logging(level: str | None = None, stream: IO[str] | None = None) -> None:
    """Send the ``service`` loggers to ``stream`` (default stderr) as JSON lines at ``level``.

    ``level`` defaults to ``$LOG_LEVEL`` or ``INFO``. Idempotent: calling it again replaces
    the handler and the access logger (tests pass their own ``stream``).
    """
    level_name = (level or os.environ.get(LOG_LEVEL_ENV) or "INFO").upper()
    number = logging.getLevelNamesMapping().get(level_name)
    if number is None:
        raise ValueError(f"{LOG_LEVEL_ENV}={level_name!r} is not a log level (DEBUG, INFO, WARNING, ERROR, CRITICAL)")
    _Access.log.write_held()
    hold_ms = 0.0 if stream is not None else float(os.environ.get(ACCESS_LOG_HOLD_ENV) or 100)
    _Access.log = AccessLog(stream or sys.stderr, enabled=number <= logging.INFO, hold_s=max(hold_ms, 0.0) / 1000)
    structlog.configure(
        processors=[*_SHARED, structlog.stdlib.ProcessorFormatter.wrap_for_formatter],
        logger_factory=structlog.stdlib.LoggerFactory(),
        wrapper_class=structlog.stdlib.BoundLogger,
        cache_logger_on_first_use=False,
    )
    formatter = structlog.stdlib.ProcessorFormatter(
        foreign_pre_chain=_SHARED,
        processors=[
            structlog.stdlib.ProcessorFormatter.remove_processors_meta,
            structlog.processors.ExceptionRenderer(ExceptionDictTransformer(show_locals=False)),
            _render,
        ],
    )
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(formatter)
    logger = logging.getLogger("service")
    logger.handlers = [handler]
    logger.setLevel(level_name)
    logger.propagate = False


def get_logger(name: str) -> structlog.stdlib.BoundLogger:
    """A structlog logger writing through the standard-library logger ``name`` (under ``service``)."""
    return structlog.stdlib.get_logger(name)

"""Structured JSON logs with structlog: one JSON object per line on stderr.

Both structlog loggers (``structlog.get_logger("service…")``) and standard-library loggers
under ``service`` (e.g. :mod:`service.api.errors`) are rendered by structlog's
:class:`~structlog.stdlib.ProcessorFormatter` into JSON (compact, encoded by msgspec) with
``timestamp`` (ISO 8601, UTC), ``level``, ``logger``, ``event``, the request's ``request_id``
and, for errors, a structured ``exception``.
Only the ``service`` logger tree is configured: the root logger (and so every library's
own logging, granian's included) is left alone.

The access log (one line per request, :mod:`service.api.middleware`) is the one line written on
every request, so it does not go through a logger at all (:class:`AccessLog`): a msgspec Struct
with the same keys as every other line, encoded and written whole to the same stream, when the
level lets ``info`` through. Measured inside a request (``bench/bench_asgi.py``, issue 17): ~26 µs
a line through the standard-library path, ~10 µs through structlog's native fast path (a
filtering bound logger, msgspec renderer), ~3 µs this way.

The request id is one :class:`~contextvars.ContextVar` (:data:`REQUEST_ID`, set by the middleware
for the duration of a request), added to every line of the request by :func:`add_request_id`.
"""

from __future__ import annotations

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


class AccessLog:
    """The access log: one JSON line per request on ``stream``, written whole with one ``write``.

    ``enabled`` is whether ``info`` passes the configured level. The line is an :class:`AccessLine`
    encoded by msgspec (its ``timestamp`` in ISO 8601 UTC with ``Z``, as structlog's): no logger
    object, processor chain or record is built per line. On a binary-backed text stream (stderr)
    the bytes go to its buffer, flushed per line as the standard handler flushes per record.
    """

    __slots__ = ("enabled", "flush", "write", "write_text")

    def __init__(self, stream: IO[str], enabled: bool) -> None:
        self.enabled = enabled
        buffer = getattr(stream, "buffer", None)
        self.write_text = buffer is None
        self.write = stream.write if buffer is None else buffer.write
        self.flush = stream.flush if buffer is None else buffer.flush

    def request(self, request_id: str, method: str, path: str, route: str | None, status: int, seconds: float) -> None:
        """Log one answered request (``event`` = ``request``); ``seconds`` its duration."""
        if not self.enabled:
            return
        line = _LINES.encode(
            AccessLine(
                datetime.now(UTC), "info", "service.access", "request",
                request_id, method, path, route, status, round(seconds * 1000, 3),
            )
        )  # fmt: skip
        self.write(line.decode() + "\n" if self.write_text else line + b"\n")  # type: ignore[arg-type]
        self.flush()


_LINES = msgspec.json.Encoder()


class _Access:
    """The current access log (replaced by each :func:`configure_logging`)."""

    log = AccessLog(sys.stderr, enabled=True)


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
    _Access.log = AccessLog(stream or sys.stderr, enabled=number <= logging.INFO)
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

"""Structured JSON logs with structlog: one JSON object per line on stderr.

Both structlog loggers (``structlog.get_logger("service…")``) and standard-library loggers
under ``service`` (e.g. :mod:`service.api.errors`) are rendered by structlog's
:class:`~structlog.stdlib.ProcessorFormatter` into JSON (compact, encoded by msgspec) with
``timestamp`` (ISO 8601, UTC), ``level``, ``logger``, ``event``, the request's ``request_id``
and, for errors, a structured ``exception``.
Only the ``service`` logger tree is configured: the root logger (and so every library's
own logging, granian's included) is left alone.

The access log (one line per request, :mod:`service.api.middleware`) is the one line written on
every request, so it takes structlog's fast path instead (:func:`access_logger`): a native
structlog logger filtering by level before any processing, rendered by msgspec, written straight
to the same stream; the same JSON keys as every other line. Measured in ``bench/bench_asgi.py``
(issue 17): ~26 µs a line through the standard-library path, ~5 µs on this one (alone; ~9 µs
inside a request, where the code competes for the CPU's caches with everything else).

The request id is one :class:`~contextvars.ContextVar` (:data:`REQUEST_ID`, set by the middleware
for the duration of a request), added to every line of the request by :func:`add_request_id`.
"""

from __future__ import annotations

import logging
import os
import sys
from contextvars import ContextVar
from typing import IO, Any, TextIO, cast

import msgspec
import structlog
from structlog.tracebacks import ExceptionDictTransformer
from structlog.typing import EventDict, WrappedLogger

__all__ = ["LOG_LEVEL_ENV", "REQUEST_ID", "access_logger", "add_request_id", "configure_logging", "get_logger"]

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


class _Access:
    """The current access logger (replaced by each :func:`configure_logging`)."""

    logger: Any = structlog.wrap_logger(structlog.WriteLogger(sys.stderr), processors=[_render])


def access_logger() -> Any:
    """The access log's structlog logger (bound to ``logger="service.access"``), as configured last.

    Its lines carry ``timestamp``, ``level``, ``logger``, ``event`` and the keywords given; the
    request id is given explicitly by the middleware (no context lookup on the hot path).
    """
    return _Access.logger


def configure_logging(level: str | None = None, stream: IO[str] | None = None) -> None:
    """Send the ``service`` loggers to ``stream`` (default stderr) as JSON lines at ``level``.

    ``level`` defaults to ``$LOG_LEVEL`` or ``INFO``. Idempotent: calling it again replaces
    the handler and the access logger (tests pass their own ``stream``).
    """
    level_name = (level or os.environ.get(LOG_LEVEL_ENV) or "INFO").upper()
    number = logging.getLevelNamesMapping().get(level_name)
    if number is None:
        raise ValueError(f"{LOG_LEVEL_ENV}={level_name!r} is not a log level (DEBUG, INFO, WARNING, ERROR, CRITICAL)")
    _Access.logger = structlog.wrap_logger(
        structlog.WriteLogger(cast("TextIO", stream or sys.stderr)),
        processors=[
            structlog.processors.add_log_level,
            structlog.processors.TimeStamper(fmt="iso", utc=True),
            _render,
        ],
        wrapper_class=structlog.make_filtering_bound_logger(number),
        cache_logger_on_first_use=True,
    ).bind(logger="service.access")
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

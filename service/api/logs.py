"""Structured JSON logs with structlog: one JSON object per line on stderr.

Both structlog loggers (``structlog.get_logger("service…")``) and standard-library loggers
under ``service`` (e.g. :mod:`service.api.errors`) are rendered by structlog's
:class:`~structlog.stdlib.ProcessorFormatter` into JSON with ``timestamp`` (ISO 8601, UTC),
``level``, ``logger``, ``event``, the request's ``request_id`` (bound for the duration of a
request by :mod:`service.api.middleware`) and, for errors, a structured ``exception``.
Only the ``service`` logger tree is configured: the root logger (and so every library's
own logging, granian's included) is left alone.
"""

from __future__ import annotations

import logging
import os
import sys
from typing import IO, Any

import structlog
from structlog.tracebacks import ExceptionDictTransformer

__all__ = ["LOG_LEVEL_ENV", "configure_logging", "get_logger"]

LOG_LEVEL_ENV = "LOG_LEVEL"
"""Environment variable with the log level of the ``service`` loggers (default ``INFO``)."""

_SHARED: list[Any] = [
    structlog.contextvars.merge_contextvars,
    structlog.stdlib.add_log_level,
    structlog.stdlib.add_logger_name,
    structlog.processors.TimeStamper(fmt="iso", utc=True),
]
"""Processors applied to structlog and standard-library records alike."""


def configure_logging(level: str | None = None, stream: IO[str] | None = None) -> None:
    """Send the ``service`` loggers to ``stream`` (default stderr) as JSON lines at ``level``.

    ``level`` defaults to ``$LOG_LEVEL`` or ``INFO``. Idempotent: calling it again replaces
    the handler (tests pass their own ``stream``).
    """
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
            structlog.processors.JSONRenderer(),
        ],
    )
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(formatter)
    logger = logging.getLogger("service")
    logger.handlers = [handler]
    logger.setLevel((level or os.environ.get(LOG_LEVEL_ENV) or "INFO").upper())
    logger.propagate = False


def get_logger(name: str) -> structlog.stdlib.BoundLogger:
    """A structlog logger writing through the standard-library logger ``name`` (under ``service``)."""
    return structlog.stdlib.get_logger(name)

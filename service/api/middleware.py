"""The outermost ASGI layer: request id, access log and HTTP metrics for every response.

It wraps litestar's own handler (routing plus the problem-details error mapping), so it
sees every response: 2xx, problems, 404 for unknown paths, 413 for large bodies, 500.

- ``X-Request-ID``: a client's value is accepted when it is 1–128 visible ASCII characters
  (no spaces); otherwise (absent or unusable) a new one is generated (32 hex digits). It is
  echoed on the response and bound as ``request_id`` on every log line of the request.
- One access-log line per request (``event`` = ``request``) with method, path, route
  template, status and duration in milliseconds.
- :meth:`service.api.metrics.Metrics.observe` for each response.
- A ``HEAD`` answer keeps its status and headers (``Content-Length`` included: the length a
  ``GET`` would have had, RFC 9110 §8.6) but never a body, whatever the handler produced.
"""

from __future__ import annotations

import re
import time
import uuid
from typing import Any

import structlog
from litestar.enums import ScopeType
from litestar.types import ASGIApp, Message, Receive, Scope, Send

from .logs import get_logger
from .metrics import Metrics

__all__ = ["REQUEST_ID_HEADER", "RequestContextMiddleware", "request_id_from"]

REQUEST_ID_HEADER = "X-Request-ID"
"""Request and response header carrying the request id."""

_HEADER_KEY = REQUEST_ID_HEADER.lower().encode("ascii")
_ACCEPTED_ID = re.compile(rb"[\x21-\x7e]{1,128}")

logger = get_logger("service.access")


def request_id_from(headers: list[tuple[bytes, bytes]]) -> str:
    """The request id for ASGI ``headers``: the client's ``X-Request-ID`` if usable, else a new one.

    >>> request_id_from([(b"x-request-id", b"abc-123")])
    'abc-123'
    >>> len(request_id_from([(b"x-request-id", b"has space")]))
    32
    >>> len(request_id_from([]))
    32
    """
    for key, value in headers:
        if key.lower() == _HEADER_KEY and _ACCEPTED_ID.fullmatch(value.strip()):
            return value.strip().decode("ascii")
    return uuid.uuid4().hex


class RequestContextMiddleware:
    """ASGI middleware around ``app``; HTTP requests only (lifespan passes straight through).

    ``metrics`` receives one observation per response. If ``app`` raises before a response
    starts (it should not: the error mapping answers every exception), status 500 is recorded.
    """

    def __init__(self, app: ASGIApp, metrics: Metrics) -> None:
        self.app = app
        self.metrics = metrics

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Handle one connection; see the module docstring."""
        if scope["type"] != ScopeType.HTTP:
            await self.app(scope, receive, send)
            return
        request_id = request_id_from(list(scope.get("headers", [])))
        header = (_HEADER_KEY, request_id.encode("ascii"))
        status = 500
        started = time.perf_counter()
        is_head = scope["method"] == "HEAD"

        async def send_with_id(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                message = {**message, "headers": [*message.get("headers", []), header]}
            elif is_head and message["type"] == "http.response.body":
                if message.get("more_body", False):
                    return  # a HEAD answer has no body: drop every chunk, end with an empty one
                message = {"type": "http.response.body", "body": b"", "more_body": False}
            await send(message)

        with structlog.contextvars.bound_contextvars(request_id=request_id):
            try:
                await self.app(scope, receive, send_with_id)
            finally:
                seconds = time.perf_counter() - started
                route: Any = scope.get("path_template")
                self.metrics.observe(scope["method"], route, status, seconds)
                logger.info(
                    "request",
                    method=scope["method"],
                    path=scope["path"],
                    route=route,
                    status=status,
                    duration_ms=round(seconds * 1000, 3),
                )

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
- A client that hangs up before its request body is complete (the server's ASGI
  ``http.disconnect`` arrives before the body's last chunk) is recorded with status 499
  (:data:`CLIENT_CLOSED_REQUEST`, nginx's "client closed request"), not as the 500 litestar
  raises for it, and logged at info level as ``client disconnected``; nothing was wrong on
  our side, so no error is logged (:func:`client_closed_request` tells the error mapping).
"""

from __future__ import annotations

import re
import time
import uuid
from contextvars import ContextVar
from typing import Any, Final

import structlog
from litestar.enums import ScopeType
from litestar.types import ASGIApp, Message, Receive, ReceiveMessage, Scope, Send

from .logs import get_logger
from .metrics import Metrics

__all__ = [
    "CLIENT_CLOSED_REQUEST",
    "REQUEST_ID_HEADER",
    "BodyWatch",
    "RequestContextMiddleware",
    "client_closed_request",
    "request_id_from",
]

REQUEST_ID_HEADER = "X-Request-ID"
"""Request and response header carrying the request id."""

_HEADER_KEY = REQUEST_ID_HEADER.lower().encode("ascii")
_ACCEPTED_ID = re.compile(rb"[\x21-\x7e]{1,128}")

CLIENT_CLOSED_REQUEST: Final = 499
"""Status recorded for a request whose client hung up before sending its whole body (nginx's 499)."""

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


class BodyWatch:
    """A request's ASGI ``receive``, watched: :attr:`cut_off` once the client hangs up mid-body.

    The body is complete at the first ``http.request`` event without ``more_body``; an
    ``http.disconnect`` before that (a ``Content-Length`` not reached, a chunked upload not
    finished, or no body event at all) means the client closed the request. Events are passed
    on unchanged (litestar then raises its 500 "client disconnected prematurely"); a disconnect
    after the whole body (e.g. while a response streams) is not a cut-off.
    """

    __slots__ = ("_receive", "complete", "cut_off")

    def __init__(self, receive: Receive) -> None:
        self._receive = receive
        self.complete = False
        self.cut_off = False

    async def receive(self) -> ReceiveMessage:
        """The next ASGI event from the server, noted."""
        message = await self._receive()
        if message["type"] == "http.request":
            if not message.get("more_body", False):
                self.complete = True
        elif message["type"] == "http.disconnect" and not self.complete:
            self.cut_off = True
        return message


_body_watch: ContextVar[BodyWatch | None] = ContextVar("body_watch", default=None)
"""The :class:`BodyWatch` of the request being handled (set by :class:`RequestContextMiddleware`)."""


def client_closed_request() -> bool:
    """Whether the client of the request being handled hung up before sending its whole body.

    False outside a request. The error mapping uses it to tell litestar's 500 for such a
    disconnect (an ``InternalServerException`` that only its message tells apart) from a real one.
    """
    watch = _body_watch.get()
    return watch is not None and watch.cut_off


class RequestContextMiddleware:
    """ASGI middleware around ``app``; HTTP requests only (lifespan passes straight through).

    ``metrics`` receives one observation per response. If ``app`` raises before a response
    starts (it should not: the error mapping answers every exception), status 500 is recorded;
    if the client hung up before its body was complete, 499 (whatever was answered).
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
        method = scope["method"]  # as sent: the hardening layer routes HEAD as GET
        is_head = method == "HEAD"

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

        watch = BodyWatch(receive)
        watching = _body_watch.set(watch)
        with structlog.contextvars.bound_contextvars(request_id=request_id):
            try:
                await self.app(scope, watch.receive, send_with_id)
            finally:
                _body_watch.reset(watching)
                seconds = time.perf_counter() - started
                route: Any = scope.get("path_template")
                if watch.cut_off:
                    status = CLIENT_CLOSED_REQUEST
                    logger.info("client disconnected", method=method, path=scope["path"])
                self.metrics.observe(method, route, status, seconds)
                logger.info(
                    "request",
                    method=method,
                    path=scope["path"],
                    route=route,
                    status=status,
                    duration_ms=round(seconds * 1000, 3),
                )

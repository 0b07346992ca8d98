"""What the outermost layer knows about the request being handled, for the code inside it.

- :class:`BodyWatch`: the request's ASGI ``receive``, watched for a client hanging up before its
  body is complete (nginx's 499, :data:`CLIENT_CLOSED_REQUEST`);
- :func:`client_closed_request`: whether that happened to the request being handled (the error
  mapping, :mod:`service.api.plumbing.errors`, tells litestar's 500 for it from a real one).

The request id lives in :data:`service.api.telemetry.logs.REQUEST_ID` (every log line of the request carries
it). Both are set by :class:`service.api.plumbing.middleware.RequestContextMiddleware`.
"""

from __future__ import annotations

from contextvars import ContextVar
from typing import Final

from litestar.types import Receive, ReceiveMessage

__all__ = ["BODY_WATCH", "CLIENT_CLOSED_REQUEST", "BodyWatch", "client_closed_request"]

CLIENT_CLOSED_REQUEST: Final = 499
"""Status recorded for a request whose client hung up before sending its whole body (nginx's 499)."""


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


BODY_WATCH: ContextVar[BodyWatch | None] = ContextVar("body_watch", default=None)
"""The :class:`BodyWatch` of the request being handled (set by the request-context middleware)."""


def client_closed_request() -> bool:
    """Whether the client of the request being handled hung up before sending its whole body.

    False outside a request. The error mapping uses it to tell litestar's 500 for such a
    disconnect (an ``InternalServerException`` that only its message tells apart) from a real one.
    """
    watch = BODY_WATCH.get()
    return watch is not None and watch.cut_off

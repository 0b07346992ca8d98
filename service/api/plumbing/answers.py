"""A JSON answer encoded once, with msgspec, and sent as two ASGI events: :class:`JSONAnswer`.

The route handlers return it (through :func:`service.api.plumbing.language.localised`) as a litestar
``Response``, so the documented return type, the ``after_request`` hook and litestar's handling
stay as they are; only the last step differs. Litestar's own path builds a header mapping, merges
it with the route's, resolves a serializer, renders and re-encodes every header per response:
more than the scoring itself on ``/v1/score`` (``bench/bench_asgi.py``; figures in BENCHMARKS.md). Here
the body is one ``msgspec.json.Encoder.encode`` (one encoder for the process) and the headers are bytes
built once per language.

When a layer of the app asks for more than this answer carries (route-level headers or cookies, a
background task), the answer takes litestar's general path instead, with the same content and headers.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

import msgspec
from litestar import Request, Response
from litestar.background_tasks import BackgroundTask, BackgroundTasks
from litestar.datastructures import Cookie
from litestar.response.base import ASGIResponse
from litestar.types import Receive, Scope, Send

from service.i18n import english

__all__ = ["JSONAnswer", "Sent"]

_ENCODER: Final = msgspec.json.Encoder(enc_hook=english)  # a refusal left in English: its text
_JSON: Final = (b"content-type", b"application/json")


class Sent:
    """The ASGI application of one answer: its start event (status, headers) and its body event; ``status``
    and ``headers`` (lower-case names, bytes) as they are in the start event."""

    __slots__ = ("body", "headers", "start", "status")

    def __init__(self, status: int, headers: list[tuple[bytes, bytes]], body: bytes) -> None:
        self.status = status
        self.headers = headers
        self.start: dict[str, Any] = {"type": "http.response.start", "status": status, "headers": headers}
        self.body: dict[str, Any] = {"type": "http.response.body", "body": body, "more_body": False}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await send(self.start)  # type: ignore[arg-type]
        await send(self.body)  # type: ignore[arg-type]


class JSONAnswer(Response[Any]):
    """``content`` (msgspec-encodable: Structs, lists, dicts, primitives; or ``bytes``, JSON already encoded) as
    ``application/json`` with ``status_code`` and ``extra`` headers (lower-case names, bytes), e.g.
    ``Content-Language``.

    ``headers`` (the litestar attribute) holds the same extra headers as text, for code that reads it.
    """

    __slots__ = ("extra",)

    def __init__(self, content: Any, extra: tuple[tuple[bytes, bytes], ...] = (), status_code: int = 200) -> None:
        # Response.__init__ is not called: it normalises cookies, headers and encoders this answer has none of.
        self.content = content
        self.background = None
        self.cookies: list[Cookie] = []
        self.encoding = "utf-8"
        self.headers: dict[str, Any] = {name.decode(): value.decode() for name, value in extra}
        self.media_type = "application/json"
        self.status_code = status_code
        self.response_type_encoders = {}
        self.extra = extra

    def to_asgi_response(  # type: ignore[override]
        self,
        app: Any,
        request: Request[Any, Any, Any],
        *,
        background: BackgroundTask | BackgroundTasks | None = None,
        cookies: Iterable[Cookie] | None = None,
        encoded_headers: Iterable[tuple[bytes, bytes]] | None = None,
        headers: dict[str, str] | None = None,
        is_head_response: bool = False,
        media_type: str | None = None,
        status_code: int | None = None,
        type_encoders: Any = None,
    ) -> ASGIResponse | Sent:
        """The answer as an ASGI application: encoded here, or by litestar if a layer adds to it."""
        if background or cookies or encoded_headers or headers or is_head_response:
            return super().to_asgi_response(
                app,
                request,
                background=background,
                cookies=cookies,
                encoded_headers=encoded_headers,
                headers=headers,
                is_head_response=is_head_response,
                media_type=media_type,
                status_code=status_code,
                type_encoders=type_encoders,
            )
        return self.sent()

    def sent(self) -> Sent:
        """The answer encoded: its ASGI start event (``.start``: status, headers) and body event (``.body``)."""
        content = self.content
        body = content if isinstance(content, bytes) else _ENCODER.encode(content)
        return Sent(self.status_code or 200, [_JSON, (b"content-length", str(len(body)).encode()), *self.extra], body)

"""The direct path of a JSON route: litestar's per-request argument machinery skipped where it adds nothing.

:class:`DirectJSON` is route-level middleware for the hot JSON routes (``POST /v1/score``, its batch). It
runs after routing and after every app-level layer (API keys, rate limits, CORS), where litestar would
build a ``Request``, run its keyword-argument model (the DTO extractor, the header parameter, the
signature model) and an exit stack around the handler. For the requests that are all of them do:

- a ``Content-Length`` within the route's body limit, and a JSON ``Content-Type`` (or none);

it reads the body itself, decodes it with the route's strict decoder
(the :class:`~service.api.decoding.StrictJSON` DTO's ``decode_body``: :func:`~service.api.decoding.decode_json`),
reads ``Accept-Language`` from the headers and calls the **same handler function** with ``data`` and
``accept_language`` (and awaits it, for an ``async`` handler: the batch's), then sends its
:class:`~service.api.answers.JSONAnswer`. So the handler is the one
place the route's behaviour lives, and every error is raised as it would be on litestar's path (a bad
body: :class:`~service.api.decoding.BadRequestBody`, 400; an impossible hand: 422; a body over its
announced length or limit: litestar's ``RequestEntityTooLarge``, 413; a client gone mid-body:
litestar's 500 for it, recorded as 499) and answered by the same error mapping.

Any other request (no or an over-limit ``Content-Length``, a non-JSON ``Content-Type``, an empty body)
takes litestar's own path unchanged, so its refusals stay litestar's (413, 415, 400). The handler's
``after_request`` hook (the app's turns an error response a handler *returns* into a problem) does not
apply: a handler here answers 200 or raises. A route with a ``before_request`` or ``after_response``
hook or response caching is refused at its first request (``TypeError``): those are litestar's to run.

Why: measured in ``bench/bench_asgi.py`` (issue 17), litestar's argument and response machinery is
~15 µs of a ~35 µs request on a bare app; on ``/v1/score`` it was more than the scoring itself.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from litestar.exceptions import InternalServerException
from litestar.exceptions.http_exceptions import RequestEntityTooLarge
from litestar.handlers import HTTPRouteHandler
from litestar.types import ASGIApp, Receive, Scope, Send

from .answers import JSONAnswer
from .decoding import StrictJSON, is_json_media_type

__all__ = ["DirectJSON"]


class _Plan:
    """What the direct path needs of one route handler, resolved once: its function, body model and limit."""

    __slots__ = ("awaited", "decode", "fn", "max_body")

    def __init__(self, handler: HTTPRouteHandler) -> None:
        dto = handler.resolve_data_dto()
        if dto is None or not issubclass(dto, StrictJSON) or handler.sync_to_thread:
            raise TypeError(f"DirectJSON serves StrictJSON routes on the loop, not {handler}")
        if (
            handler.resolve_before_request() is not None
            or handler.resolve_after_response() is not None
            or handler.cache
        ):
            raise TypeError(f"DirectJSON skips before_request, after_response and caching; {handler} has one")
        params = set(handler.parsed_fn_signature.parameters)
        if not params <= {"data", "accept_language"} or "data" not in params:
            raise TypeError(f"DirectJSON calls handlers of (data, accept_language), not {sorted(params)}")
        self.fn: Callable[..., Any] = handler.fn
        self.awaited = not handler.has_sync_callable  # an async handler: its coroutine is awaited
        self.decode: Callable[[bytes], Any] = dto.decode_body
        limit = handler.resolve_request_max_body_size()
        self.max_body = math.inf if limit is None else limit


class DirectJSON:
    """Route-level ASGI middleware: the direct path of the module docstring, or litestar's own."""

    __slots__ = ("app", "plans")

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.plans: dict[int, _Plan] = {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Serve the request directly if it qualifies (see the module docstring), else pass it on.

        Long because it replaces litestar's per-request steps with inline ones; each is one line.
        """
        length = None
        content_type = None
        language = None
        for name, value in scope["headers"]:
            if name == b"content-length":
                length = value
            elif name == b"content-type":
                content_type = value
            elif name == b"accept-language":
                language = value
        if (
            length is None
            or not length.isdigit()
            or (
                content_type is not None
                and not is_json_media_type(content_type.split(b";", 1)[0].strip().lower().decode("latin-1"))
            )
        ):
            await self.app(scope, receive, send)
            return
        handler: HTTPRouteHandler = scope["route_handler"]  # type: ignore[assignment]
        plan = self.plans.get(id(handler))
        if plan is None:
            plan = self.plans[id(handler)] = _Plan(handler)
        announced = int(length)
        if announced == 0 or announced > plan.max_body:
            await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            event = await receive()
            if event["type"] == "http.disconnect":
                raise InternalServerException("client disconnected prematurely")  # as litestar's Request.body
            chunk: bytes = event.get("body", b"")  # type: ignore[assignment]
            size += len(chunk)
            if size > plan.max_body:
                raise RequestEntityTooLarge
            chunks.append(chunk)
            if not event.get("more_body", False):
                break
        body = chunks[0] if len(chunks) == 1 else b"".join(chunks)
        data = plan.decode(body)
        if language is None:
            answer = plan.fn(data=data)
        else:
            answer = plan.fn(data=data, accept_language=language.decode("latin-1"))
        if plan.awaited:
            answer = await answer
        if not isinstance(answer, JSONAnswer):
            raise TypeError(f"DirectJSON routes answer with a JSONAnswer, not {type(answer).__name__}")
        await answer.to_asgi_response(None, None)(scope, receive, send)  # type: ignore[arg-type]

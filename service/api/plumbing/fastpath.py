"""The direct path of a JSON route: litestar's per-request argument machinery skipped where it adds nothing.

:class:`DirectJSON` is route-level middleware for the hot JSON routes (``POST /v1/score``, its batch). It
runs after routing and after every app-level layer (API keys, rate limits, CORS), where litestar would
build a ``Request``, run its keyword-argument model (the DTO extractor, the header parameter, the
signature model) and an exit stack around the handler. For the requests that are all of them do:

- a ``Content-Length`` within the route's body limit, a JSON ``Content-Type`` (or none) in UTF-8 (or no
  charset), and no ``Content-Encoding``;

it reads the body itself, decodes it with the route's strict decoder
(the :class:`~service.api.plumbing.decoding.StrictJSON` DTO's ``decode_body``:
:func:`~service.api.plumbing.decoding.decode_json`),
reads ``Accept-Language`` from the headers and calls the **same handler function** with ``data`` and
``accept_language`` (and awaits it, for an ``async`` handler: the batch's), then sends its
:class:`~service.api.plumbing.answers.JSONAnswer`. So the handler is the one
place the route's behaviour lives, and every error is raised as it would be on litestar's path (a bad
body: :class:`~service.api.plumbing.decoding.BadRequestBody`, 400; an impossible hand: 422; a body over its
announced length or limit: litestar's ``RequestEntityTooLarge``, 413; a client gone mid-body:
litestar's 500 for it, recorded as 499) and answered by the same error mapping.

Any other request (no or an over-limit ``Content-Length``, a non-JSON ``Content-Type`` or another charset, a
``Content-Encoding``, an empty body) takes litestar's own path unchanged, so its refusals stay litestar's (413,
415, 400). The handler's
``after_request`` hook (the app's turns an error response a handler *returns* into a problem) does not
apply: a handler here answers 200 or raises. A route with a ``before_request`` or ``after_response``
hook, guards or response caching is refused (``TypeError``): those are litestar's to run.

**At the outermost layer.** When nothing sits between the outer layer
(:class:`service.api.plumbing.middleware.RequestContextMiddleware`) and the routes (no application middleware,
as API keys and rate limits are, no CORS, no ``before_request`` or ``before_send`` hook), the outer
layer takes the same direct path itself for these routes (:func:`outer_plans`, by path, ``POST``
only), before litestar's stack: its exception layers, its router, the route's own layers. It asks the
route's :class:`Plan` for the answer. When the plan raises (a bad body, an impossible hand, a body over
the limit, a bug), the error is answered there by the route's own exception handlers, as litestar's
exception layer would answer it (:meth:`Plan.refusal`: the same problem, the same bytes), so every
request is decoded and scored once. When the plan declines (the request does not qualify), or the
client hung up mid-body (the middleware then records 499), the request is handed to litestar's stack
**whole**: the events already read are given again first (:class:`Replay`).

Why: litestar's argument and response machinery costs more than scoring a hand on ``/v1/score``
(``bench/bench_asgi.py`` in process, ``bench/bench_http.py`` over the wire; figures in BENCHMARKS.md).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import Any

from litestar import Litestar
from litestar.exceptions import HTTPException, InternalServerException
from litestar.exceptions.http_exceptions import RequestEntityTooLarge
from litestar.handlers import HTTPRouteHandler
from litestar.routes import HTTPRoute
from litestar.types import ASGIApp, ExceptionHandlersMap, Receive, Scope, Send

from .answers import JSONAnswer, Sent
from .decoding import StrictJSON, is_json_media_type, is_utf8_or_unstated

__all__ = ["DirectJSON", "Plan", "Replay", "outer_plans"]


class Plan:
    """What the direct path needs of one route handler, resolved once: its function, body model and limit.

    Raises ``TypeError`` for a handler the direct path cannot serve as litestar would (see the module
    docstring).
    """

    __slots__ = ("awaited", "dto", "exception_handlers", "fn", "max_body", "request_class", "type_encoders")

    def __init__(self, handler: HTTPRouteHandler) -> None:
        dto = handler.resolve_data_dto()
        if dto is None or not issubclass(dto, StrictJSON) or handler.sync_to_thread:
            raise TypeError(f"DirectJSON serves StrictJSON routes on the loop, not {handler}")
        if (
            handler.resolve_before_request() is not None
            or handler.resolve_after_response() is not None
            or handler.cache
            or handler.resolve_guards()
        ):
            raise TypeError(f"DirectJSON skips before_request, after_response, guards and caching; {handler} has one")
        params = set(handler.parsed_fn_signature.parameters)
        if not params <= {"data", "accept_language"} or "data" not in params:
            raise TypeError(f"DirectJSON calls handlers of (data, accept_language), not {sorted(params)}")
        self.fn: Callable[..., Any] = handler.fn
        self.awaited = not handler.has_sync_callable  # an async handler: its coroutine is awaited
        self.dto = dto  # its decode_body read per request, as litestar's path does (tests replace it)
        limit = handler.resolve_request_max_body_size()
        self.max_body = math.inf if limit is None else limit
        self.exception_handlers = handler.resolve_exception_handlers()  # the app's problem mapping among them
        self.type_encoders = handler.resolve_type_encoders()
        self.request_class = handler.resolve_request_class()

    async def answer(
        self, headers: Iterable[tuple[bytes, bytes]], receive: Receive, received: list[Any] | None = None
    ) -> JSONAnswer | None:
        """The handler's answer to a request with ``headers`` whose body ``receive`` gives, or None when the
        request does not qualify (nothing received then: litestar's path takes it as it is).

        Raises what litestar's path would raise for the same request (400, 422, 413, a client gone
        mid-body). Each event received is appended to ``received`` when given, so the caller can
        hand the same events on (:class:`Replay`).

        Long because it replaces litestar's per-request steps with inline ones; each is one line.
        """
        length = None
        content_type = None
        language = None
        for name, value in headers:  # the first of each, as litestar's own path reads them
            if name == b"content-length":
                if length is None:
                    length = value
            elif name == b"content-type":
                if content_type is None:
                    content_type = value
            elif name == b"accept-language" and language is None:
                language = value
            elif name == b"content-encoding":
                return None  # litestar's path reads it (and refuses any coding but identity)
        if (
            length is None
            or not length.isdigit()
            or (
                content_type is not None
                and (
                    not is_json_media_type(content_type.split(b";", 1)[0].strip().lower().decode("latin-1"))
                    or (b";" in content_type and not is_utf8_or_unstated(content_type.decode("latin-1")))
                )
            )
        ):
            return None
        announced = int(length)
        if announced == 0 or announced > self.max_body:
            return None
        chunks: list[bytes] = []
        size = 0
        while True:
            event = await receive()
            if received is not None:
                received.append(event)
            if event["type"] == "http.disconnect":
                raise InternalServerException("client disconnected prematurely")  # as litestar's Request.body
            chunk: bytes = event.get("body", b"")  # type: ignore[assignment]
            size += len(chunk)
            if size > self.max_body:
                raise RequestEntityTooLarge
            chunks.append(chunk)
            if not event.get("more_body", False):
                break
        body = chunks[0] if len(chunks) == 1 else b"".join(chunks)
        data = self.dto.decode_body(body)
        if language is None:
            answer = self.fn(data=data)
        else:
            answer = self.fn(data=data, accept_language=language.decode("latin-1"))
        if self.awaited:
            answer = await answer
        if not isinstance(answer, JSONAnswer):
            raise TypeError(f"DirectJSON routes answer with a JSONAnswer, not {type(answer).__name__}")
        return answer

    def refusal(self, exc: Exception, scope: Scope, received: list[Any]) -> Sent | None:
        """The answer litestar's exception layer gives this route for ``exc``, raised by :meth:`answer` for
        the request of ``scope`` whose events were ``received``: the handler it would choose (a status code's
        before an exception type's, then the first class of the exception's MRO), its response encoded as
        litestar encodes it. None when the client hung up mid-body (the caller hands the request on, so
        the 499 is recorded as on litestar's path) or no handler is registered for ``exc``."""
        if received and received[-1]["type"] == "http.disconnect":
            return None
        handler = _exception_handler(self.exception_handlers, exc)
        if handler is None:
            return None
        request = self.request_class(scope)
        response = handler(request, exc).to_asgi_response(app=None, request=request, type_encoders=self.type_encoders)
        return Sent(response.status_code, response.encode_headers(), response.body)


def _exception_handler(handlers: ExceptionHandlersMap, exc: Exception) -> Any:
    """The handler litestar's exception layer picks from ``handlers`` for ``exc`` (litestar's documented order:
    the status code of an ``HTTPException``, else each class of the exception's MRO, else a 500 handler for
    what is not an ``HTTPException``), or None."""
    if isinstance(exc, HTTPException):
        if exc.status_code in handlers:
            return handlers[exc.status_code]
        fallback = None
    else:
        fallback = handlers.get(500)
    return next((handlers[cls] for cls in type(exc).__mro__ if cls in handlers), fallback)


class DirectJSON:
    """Route-level ASGI middleware: the direct path of the module docstring, or litestar's own."""

    __slots__ = ("app", "plans")

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.plans: dict[int, Plan] = {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Serve the request directly if it qualifies (see the module docstring), else pass it on."""
        handler: HTTPRouteHandler = scope["route_handler"]  # type: ignore[assignment]
        plan = self.plans.get(id(handler))
        if plan is None:
            plan = self.plans[id(handler)] = Plan(handler)
        answer = await plan.answer(scope["headers"], receive)
        if answer is None:
            await self.app(scope, receive, send)
            return
        await answer.sent()(scope, receive, send)


class Replay:
    """An ASGI ``receive`` that gives ``received`` (events already read from the server) first, then the
    server's own ``receive``: a request the outer direct path gave up on, handed on whole."""

    __slots__ = ("_receive", "received")

    def __init__(self, received: list[Any], receive: Receive) -> None:
        self.received = received
        self._receive = receive

    async def receive(self) -> Any:
        """The next event: a replayed one while any is left, then the server's."""
        if self.received:
            return self.received.pop(0)
        return await self._receive()


def outer_plans(app: Litestar) -> dict[str, Plan]:
    """The ``POST`` routes with :class:`DirectJSON` that the outermost layer may serve itself, by path.

    Empty when the app has application-level middleware (API keys, rate limits) or CORS: their work
    sits between the outer layer and the route, so skipping litestar's stack would skip it too. In
    that case each route's own :class:`DirectJSON` still takes its direct path after them.
    """
    if app.middleware or app.cors_config is not None or app.before_send or app.before_request:
        return {}
    plans: dict[str, Plan] = {}
    for route in app.routes:
        if not isinstance(route, HTTPRoute) or route.path_parameters or "POST" not in route.route_handler_map:
            continue
        handler = route.route_handler_map["POST"][0]
        if any(layer is DirectJSON for layer in handler.resolve_middleware()):
            plans[route.path] = Plan(handler)
    return plans

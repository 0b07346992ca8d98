"""The outermost ASGI layer: hygiene, request id, access log and HTTP metrics for every response.

It wraps litestar's own handler (routing plus the problem-details error mapping), so it
sees every response: 2xx, problems, 404 for unknown paths, 413 for large bodies, 500.

- Hygiene (:mod:`service.api.plumbing.hardening`, its rules): refusals before routing (control characters in
  the path, header caps, ``Host``), ``HEAD`` routed as ``GET`` with its body dropped (the status and
  headers kept, ``Content-Length`` included: RFC 9110 §8.6), security headers and ``Cache-Control`` on
  every response, ``ETag`` and ``304`` for the cacheable catalogues.
- ``X-Request-ID``: a client's value is accepted when it is 1–128 visible ASCII characters
  (no spaces); otherwise (absent or unusable) a new one is generated (32 hex digits). It is
  echoed on the response and set as :data:`service.api.telemetry.logs.REQUEST_ID`, so every log line of
  the request carries it.
- One access-log line per request (``event`` = ``request``) with method, path, route
  template, status and duration in milliseconds (:class:`service.api.telemetry.logs.AccessLog`).
- :meth:`service.api.telemetry.metrics.Metrics.observe` for each response.
- While the serving supervisor drains (:func:`service.api.routes.operations.draining`), every answer carries
  ``Connection: close``: the client's next request goes on a new connection, never on one granian is
  closing as it stops.
- A client that hangs up before its request body is complete (the server's ASGI
  ``http.disconnect`` arrives before the body's last chunk) is recorded with status 499
  (:data:`~service.api.plumbing.context.CLIENT_CLOSED_REQUEST`, nginx's "client closed request"), not as the
  500 litestar raises for it, and logged at info level as ``client disconnected``; nothing was wrong
  on our side, so no error is logged (:func:`~service.api.plumbing.context.client_closed_request` tells the
  error mapping).

For the hot ``POST`` routes (``/v1/score``, ``/v1/score/batch``) a request with a JSON body of announced
length is answered here, by the route's own handler, without litestar's stack
(:mod:`service.api.plumbing.fastpath`, "At the outermost layer"): the same answer, the same decorations, log
line and metrics, a refusal (400, 413, 422) included, so its body is decoded and scored once; anything else
is handed on whole.

One layer and not one per concern: each ASGI layer costs a closure, a ``send`` wrapper and a copy of
every response start per request (measured against the bare framework by ``bench/bench_asgi.py``; figures
in BENCHMARKS.md).
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable, Iterable
from typing import Any

from litestar import Litestar
from litestar.enums import ScopeType
from litestar.types import ASGIApp, HTTPScope, Message, Receive, Scope, Send
from litestar.utils import normalize_path

from ..routes.operations import draining
from ..telemetry.logs import REQUEST_ID, access_log, get_logger
from ..telemetry.metrics import Metrics
from .context import BODY_WATCH, CLIENT_CLOSED_REQUEST, BodyWatch
from .fastpath import Plan, Replay
from .hardening import (
    cors_refusal,
    decorate_start,
    merged_languages,
    read_headers,
    refusal_language,
    refusal_messages,
    tagged_messages,
)

__all__ = [
    "REQUEST_ID_HEADER",
    "RequestContextMiddleware",
    "new_request_id",
    "route_template",
    "usable_request_id",
]

REQUEST_ID_HEADER = "X-Request-ID"
"""Request and response header carrying the request id."""

_HEADER_KEY = REQUEST_ID_HEADER.lower().encode("ascii")
_CLOSE = (b"connection", b"close")


def _is_plain_text(headers: Iterable[tuple[bytes, bytes]]) -> bool:
    """Whether a response start's headers say ``Content-Type: text/plain`` (litestar's CORS refusal)."""
    return any(name == b"content-type" and value.startswith(b"text/plain") for name, value in headers)


_ACCEPTED_ID = re.compile(rb"[\x21-\x7e]{1,128}")
_disconnects = get_logger("service.access")
_random_bits = random.getrandbits


def new_request_id() -> str:
    """A fresh request id: 32 hex digits, 128 random bits.

    From :mod:`random` (seeded from the OS at start and again in every forked worker, as the module
    does), not ``os.urandom``: an id must be unique, not secret, and a system call per request is
    what the worker's profile (``bench/profile_worker.py``) finds costliest on the hot path.

    >>> len(new_request_id()), new_request_id() != new_request_id()
    (32, True)
    """
    return f"{_random_bits(128):032x}"


def usable_request_id(value: bytes | None) -> str | None:
    """A client's ``X-Request-ID`` value if usable (1–128 visible ASCII characters once stripped), else None.

    >>> usable_request_id(b" abc-123 "), usable_request_id(b"has space"), usable_request_id(None)
    ('abc-123', None, None)
    """
    if value is None:
        return None
    value = value.strip()
    return value.decode("ascii") if _ACCEPTED_ID.fullmatch(value) else None


def route_template(app: Litestar, path: str) -> str | None:
    """The template of the route serving ``path`` whatever the method (``/v1/rules/{preset}``), None if none does.

    Asks litestar's router for the ``OPTIONS`` handler every HTTP route has (its routing cache is
    bounded: 1,024 entries).
    """
    try:
        return app.asgi_router.handle_routing(path=normalize_path(path), method="OPTIONS")[4]
    except Exception:  # NotFound, or a path the router refuses: no route
        return None


class RequestContextMiddleware:
    """ASGI middleware around ``app``; HTTP requests only (lifespan passes straight through).

    ``metrics`` receives one observation per response. ``direct``: the routes the layer answers itself
    (:func:`service.api.plumbing.fastpath.outer_plans`). ``templates``: the route template of a path whatever
    the method (:func:`route_template`), so a 405, or a request refused before routing (431, no
    ``Host``), is counted and logged under its route, not as unmatched. If ``app`` raises before a response
    starts (it should not: the error mapping answers every exception), status 500 is recorded;
    if the client hung up before its body was complete, 499 (whatever was answered). ``vary``: tokens
    appended to every answer's ``Vary`` (:func:`service.api.plumbing.hardening.merged_vary`).
    """

    __slots__ = ("app", "direct", "metrics", "templates", "vary")

    def __init__(
        self,
        app: ASGIApp,
        metrics: Metrics,
        direct: dict[str, Plan] | None = None,
        templates: Callable[[str], str | None] | None = None,
        vary: tuple[bytes, ...] = (),
    ) -> None:
        self.app = app
        self.vary = vary
        self.metrics = metrics
        self.direct = direct or {}
        self.templates = templates

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Handle one request; see the module docstring.

        Long because it is the one layer every request passes: its steps are inline (no helper
        call or closure beyond the one ``send`` wrapper, none on the direct path) on purpose, each
        measured in ``bench/bench_asgi.py`` and ``bench/bench_http.py``.
        """
        if scope["type"] != ScopeType.HTTP:
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        http: HTTPScope = scope  # narrowed by the type check above
        method = http["method"]  # as sent: HEAD is routed as GET below
        path = http["path"]
        headers = http["headers"]
        if not isinstance(headers, list):
            headers = list(headers)
        refusal, client_id, if_none_match, repeated_language = read_headers(
            headers, path, http.get("http_version", "1.1")
        )
        if repeated_language:  # one list, as RFC 9110 reads it, for every layer and route below
            headers = http["headers"] = merged_languages(headers)
        request_id = usable_request_id(client_id) or new_request_id()
        id_header = (_HEADER_KEY, request_id.encode("ascii"))
        closing = draining()  # the supervisor's drain: this connection ends after its answer
        status = 500
        route: str | None = None
        id_token = REQUEST_ID.set(request_id)
        watch = None
        watch_token = None
        try:
            if refusal is not None:
                status = refusal[0]
                start, body = refusal_messages(refusal, id_header, lang=refusal_language(headers))
                await send(start)
                await send(body)
                return
            plan = self.direct.get(path) if method == "POST" else None
            if plan is not None:  # the direct path (fastpath.py): a well-formed request to a hot route
                received: list[Any] = []
                try:
                    answer = await plan.answer(headers, receive, received)
                    sent = None if answer is None else answer.sent()
                except Exception as exc:  # its problem, as litestar's exception layer answers it: decoded once
                    sent = plan.refusal(exc, scope, received)
                if sent is not None:
                    route = path
                    status = sent.status
                    # POST: never tagged
                    out, _ = decorate_start(method, path, status, sent.headers, id_header, self.vary)
                    if closing:
                        out.append(_CLOSE)
                    await send({"type": "http.response.start", "status": status, "headers": out})
                    await send(sent.body)  # type: ignore[arg-type]
                    return
                if received:
                    receive = Replay(received, receive).receive
            watch = BodyWatch(receive)
            watch_token = BODY_WATCH.set(watch)
            is_head = method == "HEAD"
            if is_head:
                http["method"] = "GET"  # in place: the route template is read from this scope
            routed = http["method"]
            held: list[Any] = []  # a tagged response's start headers and status, then its body chunks

            async def decorated(message: Message) -> None:
                nonlocal status
                if message["type"] == "http.response.start":
                    status = message["status"]
                    if status == 400 and method == "OPTIONS" and _is_plain_text(message.get("headers", ())):
                        held.append(None)  # litestar's CORS preflight refusal: made a problem at its body
                        return
                    out, tagged = decorate_start(
                        routed, path, status, list(message.get("headers", ())), id_header, self.vary
                    )
                    if closing:
                        out.append(_CLOSE)
                    if tagged:
                        held.extend((out, status))  # sent with the ETag once the whole body is known
                        return
                    message = {**message, "headers": out}
                elif message["type"] == "http.response.body":
                    if held and held[0] is None:
                        held.append(message.get("body", b""))
                        if message.get("more_body", False):
                            return
                        start, message = refusal_messages(cors_refusal(b"".join(held[1:])), id_header, self.vary)
                        held.clear()
                        await send(start)
                    elif held:
                        held.append(message.get("body", b""))
                        if message.get("more_body", False):
                            return
                        start, body = tagged_messages(held[1], held[0], b"".join(held[2:]), if_none_match)
                        held.clear()
                        await send(start)
                        message = body
                    if is_head:
                        if message.get("more_body", False):
                            return  # a HEAD answer has no body: drop every chunk, end with an empty one
                        message = {"type": "http.response.body", "body": b"", "more_body": False}
                await send(message)

            await self.app(scope, watch.receive, decorated)
        finally:
            if watch_token is not None:
                BODY_WATCH.reset(watch_token)
            REQUEST_ID.reset(id_token)
            seconds = time.perf_counter() - started
            if route is None:
                route = http.get("path_template")
                if route is None and status != 404 and self.templates is not None:
                    route = self.templates(path)  # a 405, or refused before routing (431, no Host): name the route
            if watch is not None and watch.cut_off:
                status = CLIENT_CLOSED_REQUEST
                _disconnects.info("client disconnected", method=method, path=path, request_id=request_id)
            self.metrics.observe(method, route, status, seconds)
            access_log().request(request_id, method, path, route, status, seconds)

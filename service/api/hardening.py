"""The HTTP hygiene every response gets, as one ASGI layer inside the request-context middleware.

Before the application sees a request:

- a path with a control character (``%00``, ``%0a``, …, DEL) names nothing: 404 problem (it used to
  reach the static-files router and raise a 500 on the NUL byte);
- HTTP/1.1 without exactly one non-empty ``Host`` header: 400 problem naming ``headers.host`` (RFC 9112 §3.2);
- a header over its cap (:data:`HEADER_CAPS` for the headers the service parses, :data:`MAX_HEADER_BYTES`
  for any other, :data:`MAX_HEADERS_TOTAL` for all of them): 431 problem naming the header, so no
  parser ever reads a 360 KB ``Accept-Language``;
- ``HEAD`` is routed as ``GET`` (RFC 9110 §9.3.2: the same status and headers); the request-context
  middleware drops the body, so every GET route answers HEAD.

On every response:

- :data:`SECURITY_HEADERS`: ``X-Content-Type-Options``, ``X-Frame-Options``, ``Referrer-Policy``,
  ``Cross-Origin-Opener-Policy`` and a ``Content-Security-Policy`` that allows same-origin scripts,
  styles, images (and ``data:`` images, which Swagger UI's stylesheet uses) and nothing inline;
- ``Cache-Control`` by :func:`cache_policy`: ``immutable`` for the versioned assets under ``/static/``,
  ``public, max-age=300`` with a strong ``ETag`` (and ``304 Not Modified`` for a matching
  ``If-None-Match``) for the GET catalogues and documentation, ``no-store`` for everything else (POST
  answers, problems, probes, metrics).
"""

from __future__ import annotations

import hashlib
import re
from typing import Final

import msgspec
from litestar.enums import ScopeType
from litestar.types import ASGIApp, Message, Receive, Scope, Send

from service.scoring import FieldError

from .errors import PROBLEM_MEDIA_TYPE, problem, problem_body

__all__ = [
    "CACHEABLE_MAX_AGE",
    "CONTENT_SECURITY_POLICY",
    "HEADER_CAPS",
    "IMMUTABLE",
    "MAX_HEADERS_TOTAL",
    "MAX_HEADER_BYTES",
    "SECURITY_HEADERS",
    "HardeningMiddleware",
    "cache_policy",
    "etag_matches",
]

CONTENT_SECURITY_POLICY: Final = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
"""Same origin only, nothing inline: the documentation pages, Swagger UI at ``/schema`` and the table page
(``/app/``) load their scripts and stylesheets from ``/static/``."""

SECURITY_HEADERS: Final = (
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode("ascii")),
)
"""Added to every response (a header the handler already set is kept)."""

IMMUTABLE: Final = "public, max-age=31536000, immutable"
CACHEABLE_MAX_AGE: Final = "public, max-age=300"
NO_STORE: Final = "no-store"

HEADER_CAPS: Final = {
    b"host": 256,
    b"accept-language": 256,
    b"content-type": 256,
    b"content-length": 20,
    b"x-request-id": 256,
    b"if-none-match": 1024,
    b"x-api-key": 256,
    b"authorization": 512,
    b"origin": 256,
    b"access-control-request-method": 32,
    b"access-control-request-headers": 512,
    b"x-forwarded-for": 512,
    b"x-real-ip": 64,
}
"""Longest value, in bytes, of each header the service (or litestar for it) parses."""

MAX_HEADER_BYTES: Final = 8192
"""Longest value of any other header (nginx's default ``large_client_header_buffers`` line)."""

MAX_HEADERS_TOTAL: Final = 32768
"""Longest sum of all header names and values."""

_CONTROL = re.compile(r"[\x00-\x1f\x7f]")

_CACHEABLE_PATHS: Final = frozenset(
    {"/docs", "/v1/rules", "/v1/yaku", "/v1/table", "/schema", "/schema/swagger", "/schema/openapi.json"}
)
_CACHEABLE_PREFIXES: Final = ("/v1/rules/", "/docs/", "/problems/")


def cache_policy(method: str, path: str, status: int) -> tuple[str, bool]:
    """The ``Cache-Control`` of a response, and whether it gets an ``ETag`` (and 304 on a match).

    >>> cache_policy("GET", "/v1/yaku", 200)
    ('public, max-age=300', True)
    >>> cache_policy("POST", "/v1/score", 200), cache_policy("GET", "/v1/yaku", 400)
    (('no-store', False), ('no-store', False))
    >>> cache_policy("GET", "/static/site-0123abcd/docs.css", 200)
    ('public, max-age=31536000, immutable', False)
    """
    if method != "GET" or status != 200:
        return NO_STORE, False
    if path.startswith("/static/"):
        return IMMUTABLE, False  # every asset path carries its version (service.api.docs)
    if path in _CACHEABLE_PATHS or path.startswith(_CACHEABLE_PREFIXES):
        return CACHEABLE_MAX_AGE, True
    return NO_STORE, False


def etag_matches(if_none_match: bytes, etag: bytes) -> bool:
    """Whether an ``If-None-Match`` value matches ``etag`` (weak comparison, RFC 9110 §13.1.2).

    >>> etag_matches(b'W/"a", "b"', b'"b"'), etag_matches(b"*", b'"x"'), etag_matches(b'"a"', b'"b"')
    (True, True, False)
    """
    if if_none_match.strip() == b"*":
        return True
    return any(tag.strip().removeprefix(b"W/") == etag for tag in if_none_match.split(b","))


def _reject(headers: list[tuple[bytes, bytes]], path: str, version: str) -> tuple[int, str, list[FieldError]] | None:
    """Why the request is refused before routing (status, detail, errors), or None."""
    if _CONTROL.search(path):
        return 404, "There is nothing at this path.", []
    total = 0
    hosts = 0
    for name, value in headers:
        total += len(name) + len(value)
        cap = HEADER_CAPS.get(name, MAX_HEADER_BYTES)
        if len(value) > cap:
            field = name.decode("latin-1")
            return 431, f"The {field} header is too long.", [FieldError(f"headers.{field}", f"at most {cap} bytes")]
        if name == b"host" and value.strip():  # granian hands a missing Host on as an empty one
            hosts += 1
    if total > MAX_HEADERS_TOTAL:
        return 431, "The request headers are too large.", [FieldError("headers", f"at most {MAX_HEADERS_TOTAL} bytes")]
    if version == "1.1" and hosts != 1:
        return 400, "An HTTP/1.1 request needs exactly one Host header.", [FieldError("headers.host", "required once")]
    return None


class HardeningMiddleware:
    """ASGI middleware around ``app`` doing what the module docstring lists (HTTP only)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Refuse, or route (HEAD as GET) and decorate the response."""
        if scope["type"] != ScopeType.HTTP:
            await self.app(scope, receive, send)
            return
        headers = list(scope.get("headers", []))
        refusal = _reject(headers, scope["path"], scope.get("http_version", "1.1"))
        if refusal is not None:
            status, detail, errors = refusal
            body = msgspec.json.encode(problem_body(problem(status, detail, errors)))
            start = [
                (b"content-type", PROBLEM_MEDIA_TYPE.encode()),
                (b"content-length", str(len(body)).encode()),
                (b"cache-control", NO_STORE.encode()),
                *SECURITY_HEADERS,
            ]
            if status == 400:
                start.append((b"connection", b"close"))
            await send({"type": "http.response.start", "status": status, "headers": start})
            await send({"type": "http.response.body", "body": body, "more_body": False})
            return
        if scope["method"] == "HEAD":
            scope["method"] = "GET"  # in place: the outer layers read the route template from this scope
        method = scope["method"]
        path = scope["path"]
        if_none_match = next((value for name, value in headers if name == b"if-none-match"), None)
        held: dict[str, list[tuple[bytes, bytes]]] = {}
        chunks: list[bytes] = []
        held_status: list[int] = []

        async def decorated(message: Message) -> None:
            if message["type"] == "http.response.start":
                status = message["status"]
                cache_control, tagged = cache_policy(method, path, status)
                present = {name.lower() for name, _ in message.get("headers", [])}
                extra = [(name, value) for name, value in SECURITY_HEADERS if name not in present]
                if b"cache-control" not in present:
                    extra.append((b"cache-control", cache_control.encode()))
                message = {**message, "headers": [*message.get("headers", []), *extra]}
                if tagged:
                    held["start"] = list(message["headers"])  # sent with the ETag once the whole body is known
                    held_status.append(status)
                    return
                await send(message)
                return
            if message["type"] == "http.response.body" and "start" in held:
                chunks.append(message.get("body", b""))
                if message.get("more_body", False):
                    return
                body = b"".join(chunks)
                start = held.pop("start")
                etag = b'"' + hashlib.sha256(body).hexdigest()[:32].encode() + b'"'
                if if_none_match is not None and etag_matches(if_none_match, etag):
                    kept = [
                        (name, value)
                        for name, value in start
                        if name.lower() not in (b"content-type", b"content-length")
                    ]
                    await send({"type": "http.response.start", "status": 304, "headers": [*kept, (b"etag", etag)]})
                    await send({"type": "http.response.body", "body": b"", "more_body": False})
                    return
                await send(
                    {"type": "http.response.start", "status": held_status[0], "headers": [*start, (b"etag", etag)]}
                )
                await send({"type": "http.response.body", "body": body, "more_body": False})
                return
            await send(message)

        await self.app(scope, receive, decorated)

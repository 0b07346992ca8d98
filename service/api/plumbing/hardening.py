"""The HTTP hygiene every request and response gets: the rules, applied by the one outer ASGI layer.

:class:`service.api.plumbing.middleware.RequestContextMiddleware` calls :func:`read_headers` once per request
(the header caps, ``Host``, and the two headers the layer itself needs, in one pass),
:func:`refusal_messages` for a refused request, :func:`decorate_start` for every response start and
:func:`tagged_messages` for a cacheable one. One layer, not two: each ASGI layer has a cost of its
own (a closure per request, a copy of every start message; ``bench/bench_asgi.py``).

Before the application sees a request:

- a path with a control character (``%00``, ``%0a``, …, DEL) names nothing: 404 problem (the static-files
  router would raise a 500 on a NUL byte);
- HTTP/1.1 without exactly one non-empty ``Host`` header: 400 problem naming ``headers.host`` (RFC 9112 §3.2);
- a header over its cap (:data:`HEADER_CAPS` for the headers the service parses, :data:`MAX_HEADER_BYTES`
  for any other, :data:`MAX_HEADERS_TOTAL` for all of them): 431 problem naming the header, so no
  parser ever reads a 360 KB ``Accept-Language``;
- these refusals (and a repeated ``Content-Type``, a 400) say why in the request's language
  (:func:`refusal_language`, :func:`refusal_messages`), with ``Content-Language``;
- ``HEAD`` is routed as ``GET`` (RFC 9110 §9.3.2: the same status and headers) and the body is
  dropped, so every GET route answers HEAD (done by the middleware).

On every response:

- litestar's refusal of a CORS preflight (a ``text/plain`` 400) is replaced by a 400 problem naming the
  header at fault (:func:`cors_refusal`);
- ``Server: riichi-scoring`` (:data:`SERVER_HEADER`): granian adds ``Server: granian`` to every answer
  that has none and cannot be told not to, so the service names itself instead (no software or version);
- :data:`SECURITY_HEADERS`: ``X-Content-Type-Options``, ``X-Frame-Options``, ``Referrer-Policy``,
  ``Cross-Origin-Opener-Policy`` and a ``Content-Security-Policy`` that allows same-origin scripts,
  styles, images (and ``data:`` images, which Swagger UI's stylesheet uses) and nothing inline;
- ``Cache-Control`` by :func:`cache_policy`: ``immutable`` for the versioned assets under ``/static/``,
  ``public, max-age=300`` with a strong ``ETag`` (and ``304 Not Modified`` for a matching
  ``If-None-Match``) for the GET catalogues and documentation, ``no-store`` for everything else (POST
  answers, problems, probes, metrics).
- one ``Vary`` header whose tokens are appended, never replaced: those the handler and any inner layer
  set (litestar's CORS *replaces* the handler's ``Vary: Accept-Language`` with ``Origin``),
  ``Accept-Language`` for every answer in a negotiated language (it carries ``Content-Language``), and
  the layer's own (``Origin`` on every answer when CORS is configured: CORS adds its header only for
  some origins, so a shared cache must key on the ``Origin`` of every request, including none).
"""

from __future__ import annotations

import hashlib
import re
from typing import Final

import msgspec
from litestar.types import Message

from service.i18n import Language, negotiate_language, render
from service.i18n import Refusal as I18nRefusal
from service.i18n import refusal as i18n_refusal
from service.scoring import FieldError

from .errors import BODY_LIMITS, LOCALISED_STATUSES, PROBLEM_MEDIA_TYPE, problem, problem_body

__all__ = [
    "CACHEABLE_MAX_AGE",
    "CONTENT_SECURITY_POLICY",
    "EDGE_ERRORS",
    "HEADER_CAPS",
    "IMMUTABLE",
    "MAX_HEADERS_TOTAL",
    "MAX_HEADER_BYTES",
    "SECURITY_HEADERS",
    "SERVER_HEADER",
    "Refusal",
    "cache_policy",
    "cors_refusal",
    "decorate_start",
    "etag_matches",
    "merged_languages",
    "merged_vary",
    "read_headers",
    "refusal_language",
    "refusal_messages",
    "tagged_messages",
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

SERVER_HEADER: Final = (b"server", b"riichi-scoring")
"""Every response's ``Server``: without one, granian sends its own name (``Server: granian``); it has no
option to leave the header out, and keeps the one the application sets."""

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
        return IMMUTABLE, False  # every asset path carries its version (service.api.docs.swagger)
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


Refusal = tuple[int, str, list[FieldError]]
"""Why a request is refused before routing: status, ``detail`` and the fields at fault."""

_REQUEST_ID: Final = b"x-request-id"
_IF_NONE_MATCH: Final = b"if-none-match"
_CONTENT_TYPE: Final = b"content-type"
_ACCEPT_LANGUAGE: Final = b"accept-language"
_X_CODE: Final = b"x-code"

EDGE_ERRORS: Final[dict[bytes, tuple[str, list[FieldError]]]] = {
    b"408": ("The request headers took more than 10 s to arrive, or the body stopped for more than 10 s.", []),
    b"413": (i18n_refusal("refusal.detail.too_large"), [FieldError("", BODY_LIMITS)]),
    b"502": ("The proxy could not reach the service.", []),
    b"503": ("The service is restarting or scaling; try again in a second.", []),
    b"504": ("The service did not answer within 30 s.", []),
}
"""The Ingress controller's own errors, answered as problems: when ingress-nginx meets one of these statuses
(``custom-http-errors`` in ``deploy/k8s/ingress.yaml``) it sends the request again to ``/`` of its error
backend, this service, with the status in ``X-Code``. ``/`` with an ``X-Code`` of this table is answered with
that status, ``detail`` and field errors (``Retry-After: 1`` on the 503); any other ``X-Code`` is ignored.
The 408 is the controller's ``client-header-timeout`` and ``client-body-timeout`` (10 s each; the body's between
two reads). The 413 is the service's own, in the request's language: the controller sends it for a body over the
Ingress's ``proxy-body-size``, never below the service's limit for the path, and puts it in place of a pod's own
413 too, so the limits the service lists are the ones the body is over."""


def _first(headers: list[tuple[bytes, bytes]], name: bytes) -> bytes | None:
    """The first value of header ``name`` (lower case, as ASGI servers give names), or None."""
    return next((value for key, value in headers if key == name), None)


def read_headers(
    headers: list[tuple[bytes, bytes]], path: str, version: str
) -> tuple[Refusal | None, bytes | None, bytes | None, bool]:
    """One pass over a request's ASGI ``headers``: (why it is refused or None, ``X-Request-ID``, ``If-None-Match``,
    whether ``Accept-Language`` came in more than one field line).

    Refused: a control character in ``path`` (404), a header over its cap (431, naming it), all
    headers over :data:`MAX_HEADERS_TOTAL` (431), HTTP/1.1 without exactly one non-empty ``Host``
    (400), more than one ``Content-Type`` (400: a singleton field, RFC 9110 §5.3; which one would the
    body be?), and ``/`` with an ``X-Code`` of :data:`EDGE_ERRORS` (that status: the Ingress controller's
    error backend). The two values are the raw first ones sent (None when absent). Several ``Accept-Language``
    lines are one list (RFC 9110 §5.3): :func:`merged_languages` joins them.

    >>> read_headers([(b"host", b"x"), (b"x-request-id", b"a1")], "/v1/score", "1.1")
    (None, b'a1', None, False)
    >>> read_headers([], "/v1/score", "1.1")[0][0], read_headers([(b"host", b"x")], "/a\\x00", "1.1")[0][0]
    (400, 404)
    """
    if _CONTROL.search(path):
        return (404, i18n_refusal("refusal.detail.not_found"), []), None, None, False
    total = 0
    hosts = 0
    content_types = 0
    languages = 0
    request_id = None
    if_none_match = None
    for name, value in headers:
        total += len(name) + len(value)
        cap = HEADER_CAPS.get(name, MAX_HEADER_BYTES)
        if len(value) > cap:
            field = name.decode("latin-1")
            refusal = (
                431,
                i18n_refusal("refusal.header_too_long", header=field),
                [FieldError(f"headers.{field}", i18n_refusal("refusal.header_cap", n=cap))],
            )
            return refusal, _first(headers, _REQUEST_ID), None, False
        if name == b"host":
            if value.strip():  # granian hands a missing Host on as an empty one
                hosts += 1
        elif name == _REQUEST_ID:
            if request_id is None:
                request_id = value
        elif name == _CONTENT_TYPE:
            content_types += 1
        elif name == _ACCEPT_LANGUAGE:
            languages += 1
        elif name == _IF_NONE_MATCH and if_none_match is None:
            if_none_match = value
    if total > MAX_HEADERS_TOTAL:
        refusal = (
            431,
            i18n_refusal("refusal.headers_too_large"),
            [FieldError("headers", i18n_refusal("refusal.header_cap", n=MAX_HEADERS_TOTAL))],
        )
        return refusal, request_id, None, False
    if version == "1.1" and hosts != 1:
        refusal = (
            400,
            i18n_refusal("refusal.host_once"),
            [FieldError("headers.host", i18n_refusal("refusal.required_once"))],
        )
        return refusal, request_id, None, False
    if content_types > 1:
        refusal = (
            400,
            i18n_refusal("refusal.content_type_repeated"),
            [FieldError("headers.content-type", i18n_refusal("refusal.sent_times", n=content_types))],
        )
        return refusal, request_id, None, False
    if path == "/" and (code := _first(headers, _X_CODE)) is not None and code in EDGE_ERRORS:
        return (int(code), *EDGE_ERRORS[code]), request_id, None, False
    return None, request_id, if_none_match, languages > 1


def merged_languages(headers: list[tuple[bytes, bytes]]) -> list[tuple[bytes, bytes]]:
    """``headers`` with every ``Accept-Language`` line joined into one, in order, where the first stood
    (RFC 9110 §5.3: field lines of a list field are one list), so every reader of the header sees them all.

    >>> merged_languages([(b"accept-language", b"fr"), (b"host", b"x"), (b"accept-language", b"ja;q=0.5")])
    [(b'accept-language', b'fr, ja;q=0.5'), (b'host', b'x')]
    """
    values = [value for name, value in headers if name == _ACCEPT_LANGUAGE]
    out: list[tuple[bytes, bytes]] = []
    for name, value in headers:
        if name != _ACCEPT_LANGUAGE:
            out.append((name, value))
        elif values:
            out.append((name, b", ".join(values)))
            values = []
    return out


_PROBLEM_TYPE: Final = PROBLEM_MEDIA_TYPE.encode()
_NO_STORE: Final = NO_STORE.encode()


def refusal_language(headers: list[tuple[bytes, bytes]]) -> Language:
    """The language of a refusal made before routing: the request's ``Accept-Language`` negotiated (its lines
    joined, as RFC 9110 §5.3 reads a list); ``en`` without one, or when a line of it is over its cap (the
    refused header is not read).

    >>> refusal_language([(b"accept-language", b"de"), (b"accept-language", b"ru;q=0.5")]), refusal_language([])
    ('ru', 'en')
    >>> refusal_language([(b"accept-language", b"ru," + b"x-" * 200)])
    'en'
    """
    values = [value for name, value in headers if name == _ACCEPT_LANGUAGE]
    if not values or any(len(value) > HEADER_CAPS[_ACCEPT_LANGUAGE] for value in values):
        return "en"
    return negotiate_language(b", ".join(values).decode("latin-1"))


def refusal_messages(
    refusal: Refusal, extra: tuple[bytes, bytes], vary: tuple[bytes, ...] = (), lang: Language = "en"
) -> tuple[Message, Message]:
    """The response start and body of a refused request: a problem, ``no-store``, the security headers,
    ``extra`` (the request id), ``Vary`` with the tokens ``vary`` if any; a 400 also closes the connection.

    A 400, 404, 405, 413, 415, 422 or 431 says ``title``, ``detail`` and ``errors[].message`` in ``lang`` when
    every one of them is a refusal of the catalogues (:func:`service.i18n.render`; else all in English), with
    ``Content-Language`` and ``Vary: Accept-Language``, as the application's problems do
    (:class:`~.errors.LocalisedProblem`)."""
    status, detail, errors = refusal
    localised = status in LOCALISED_STATUSES
    said: Language = "en"
    if localised:
        said = lang if all(isinstance(t, I18nRefusal) for t in (detail, *(e.message for e in errors))) else "en"
        detail = render(detail, said)
        errors = [FieldError(e.field, render(e.message, said)) for e in errors]
    body = msgspec.json.encode(problem_body(problem(status, detail, errors), said))
    start = [
        (b"content-type", _PROBLEM_TYPE),
        (b"content-length", str(len(body)).encode()),
        (b"cache-control", _NO_STORE),
        *SECURITY_HEADERS,
        SERVER_HEADER,
        extra,
    ]
    if localised:
        start.append((b"content-language", said.encode()))
    if status == 400:
        start.append((b"connection", b"close"))
    elif status == 503:
        start.append((b"retry-after", b"1"))
    if vary or localised:
        start = merged_vary(start, vary)
    return (
        {"type": "http.response.start", "status": status, "headers": start},
        {"type": "http.response.body", "body": body, "more_body": False},
    )


_CORS_FIELDS: Final = {
    b"method": "headers.access-control-request-method",
    b"origin": "headers.origin",
    b"headers": "headers.access-control-request-headers",
}


def cors_refusal(text: bytes) -> Refusal:
    """The problem for a CORS preflight that litestar refuses with a ``text/plain`` 400 (``Disallowed CORS
    Origin``, ``Disallowed CORS method, headers``, …): 400 naming each request header at fault.

    >>> status, detail, errors = cors_refusal(b"Disallowed CORS method, Origin")
    >>> status, [e.field for e in errors]
    (400, ['headers.access-control-request-method', 'headers.origin'])
    """
    words = text.removeprefix(b"Disallowed CORS").replace(b",", b" ").lower().split()
    errors = [
        FieldError(_CORS_FIELDS[word], "not allowed for cross-origin requests")
        for word in words
        if word in _CORS_FIELDS
    ]
    return 400, "The CORS preflight is refused: this origin, method or header may not call the API.", errors


_SECURITY_NAMES: Final = frozenset(name for name, _ in SECURITY_HEADERS)
_CACHE_CONTROL: Final = {value: value.encode() for value in (IMMUTABLE, CACHEABLE_MAX_AGE, NO_STORE)}


def merged_vary(headers: list[tuple[bytes, bytes]], vary: tuple[bytes, ...] = ()) -> list[tuple[bytes, bytes]]:
    """``headers`` with every ``Vary`` header merged into one, last: its tokens in order of appearance, then
    ``Accept-Language`` when ``Content-Language`` is present, then ``vary``; each once (names compared
    without case). Without any token, ``headers`` unchanged.

    >>> merged_vary([(b"vary", b"Origin"), (b"content-language", b"ja")], (b"origin",))
    [(b'content-language', b'ja'), (b'vary', b'Origin, Accept-Language')]
    >>> merged_vary([(b"Vary", b"Accept-Language"), (b"vary", b"origin, accept-language")])
    [(b'vary', b'Accept-Language, origin')]
    """
    tokens: dict[bytes, bytes] = {}
    kept = []
    for name, value in headers:
        lower = name.lower()
        if lower == b"vary":
            for token in value.split(b","):
                if token := token.strip():
                    tokens.setdefault(token.lower(), token)
            continue
        if lower == b"content-language":
            tokens.setdefault(b"accept-language", b"Accept-Language")
        kept.append((name, value))
    for token in vary:
        tokens.setdefault(token.lower(), token)
    if not tokens:
        return headers
    kept.append((b"vary", b", ".join(tokens.values())))
    return kept


def decorate_start(
    method: str,
    path: str,
    status: int,
    headers: list[tuple[bytes, bytes]],
    extra: tuple[bytes, bytes],
    vary: tuple[bytes, ...] = (),
) -> tuple[list[tuple[bytes, bytes]], bool]:
    """A response start's headers with the security headers, ``Cache-Control`` and ``Server`` the handler did not set,
    ``Vary`` merged (:func:`merged_vary`, with the tokens ``vary``) and ``extra`` (the request id); and
    whether the response is tagged (an ``ETag`` once the body is known).

    >>> out, tagged = decorate_start("POST", "/v1/score", 200, [(b"content-type", b"application/json")], (b"x", b"1"))
    >>> [name for name, _ in out][-4:], tagged
    ([b'content-security-policy', b'cache-control', b'server', b'x'], False)
    """
    cache_control, tagged = cache_policy(method, path, status)
    present = {name.lower() for name, _ in headers}
    out = merged_vary(headers, vary) if vary or b"vary" in present or b"content-language" in present else list(headers)
    if present.isdisjoint(_SECURITY_NAMES):
        out += SECURITY_HEADERS
    else:
        out += [(name, value) for name, value in SECURITY_HEADERS if name not in present]
    if b"cache-control" not in present:
        out.append((b"cache-control", _CACHE_CONTROL[cache_control]))
    if b"server" not in present:
        out.append(SERVER_HEADER)
    out.append(extra)
    return out, tagged


def tagged_messages(
    status: int, headers: list[tuple[bytes, bytes]], body: bytes, if_none_match: bytes | None
) -> tuple[Message, Message]:
    """A cacheable response, its whole ``body`` known: with a strong ``ETag``, or ``304 Not Modified``
    (no body, no ``Content-Type``/``Content-Length``) when ``If-None-Match`` matches it."""
    etag = b'"' + hashlib.sha256(body).hexdigest()[:32].encode() + b'"'
    if if_none_match is not None and etag_matches(if_none_match, etag):
        kept = [(name, value) for name, value in headers if name.lower() not in (b"content-type", b"content-length")]
        return (
            {"type": "http.response.start", "status": 304, "headers": [*kept, (b"etag", etag)]},
            {"type": "http.response.body", "body": b"", "more_body": False},
        )
    return (
        {"type": "http.response.start", "status": status, "headers": [*headers, (b"etag", etag)]},
        {"type": "http.response.body", "body": body, "more_body": False},
    )

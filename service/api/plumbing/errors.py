"""Every error as an RFC 9457 problem: ``application/problem+json``, in this one place.

Body: ``{"status", "type", "title", "detail", "instance", "errors": [{"field", "message"}]}`` with
``type`` the page about that kind of problem (:data:`PROBLEM_TYPES`: ``/problems/impossible-hand``, …; a game
log's 422 is ``/problems/unreadable-log`` or ``/problems/impossible-log``),
``instance`` ``/requests/<X-Request-ID>`` and ``title`` the RFC 9110 status phrase; ``detail`` says what went
wrong in one sentence; ``errors`` names each offending field as a JSON path relative to the
request body (``melds[1].tiles``, ``rules.kazoe``; ``""`` = the body as a whole), and is
empty when no field is to blame.

Mapping (exception → status, ``errors``):

- :class:`~.decoding.BadRequestBody` → 400, the field path from msgspec (none if not JSON);
- litestar's ``ValidationException`` → 400, each key litestar names (e.g. a missing body → ``""``);
- :class:`~.decoding.UnsupportedBodyType` → 415, ``headers.content-type``;
- :class:`~.decoding.UnsupportedCharset` (a text body declared in a charset that could misread it) → 415,
  ``headers.content-type``;
- :class:`~.decoding.UnsupportedBodyEncoding` (a ``Content-Encoding`` the operation does not read, or gzip over a
  body that is not) → 415, ``headers.content-encoding``, with ``Accept-Encoding`` naming what it reads;
- :class:`service.scoring.InvalidHand` → 422, the core's :class:`FieldError` list;
- litestar's ``HTTPException`` (404, 405, 413, …) → its status, none (headers such as ``Allow`` kept);
- litestar's 500 for a body that ended early (:func:`~.context.client_closed_request`: the client hung up,
  or granian could not read its chunked framing and ended it) → 400, the body (``""``), not logged as an
  error; the middleware records the request as 499 and logs ``client disconnected`` at info level;
- anything else → 500, none: logged here with its traceback, never shown to the client.

**Language.** A 400, 404, 405, 413, 415, 422 or 431 answer's ``title``, ``detail`` and ``errors[].message`` follow
the request's ``Accept-Language`` (en, ja or ru, :func:`service.i18n.negotiate_language`) wherever the text is a
refusal of the catalogues (:class:`service.i18n.Refusal`, made by :func:`service.i18n.refusal`), and the answer
says so with ``Content-Language`` and ``Vary: Accept-Language`` (:class:`LocalisedProblem`). The ``title`` is the
status's phrase in that language (RFC 9457 §3.1.3 allows a localised title); the ``field`` paths, the ``type`` and the
``status`` stay as they are: a client matches on those.

An error response that a handler returns instead of raising (litestar's HTML 404 for unknown
``/schema/…`` pages) is replaced by the problem for its status (:func:`problem_for_error_response`).
"""

from __future__ import annotations

import logging
from http import HTTPStatus
from typing import TYPE_CHECKING, Annotated, Any, Final
from urllib.parse import quote

import msgspec
from litestar import Response
from litestar.exceptions import HTTPException, ValidationException
from litestar.plugins.problem_details import ProblemDetailsConfig, ProblemDetailsException, ProblemDetailsPlugin

from service.i18n import Language, Refusal, negotiate_language, refusal, render
from service.scoring import FieldError, InvalidHand

from ..telemetry.logs import REQUEST_ID
from .context import CLIENT_CLOSED_REQUEST, client_closed_request
from .decoding import BadRequestBody, UnsupportedBodyEncoding, UnsupportedBodyType, UnsupportedCharset, msgspec_refusal

if TYPE_CHECKING:
    from litestar import Request

__all__ = [
    "BODY_LIMITS",
    "IMPOSSIBLE_LOG_TYPE",
    "INTERNAL_ERROR_DETAIL",
    "LOCALISED_STATUSES",
    "NOT_FOUND_DETAIL",
    "PROBLEM_MEDIA_TYPE",
    "PROBLEM_PAGES",
    "PROBLEM_TYPES",
    "UNREADABLE_LOG_TYPE",
    "LocalisedProblem",
    "Problem",
    "instance",
    "line_title",
    "localised_title",
    "problem",
    "problem_body",
    "problem_details_plugin",
    "problem_for_error_response",
    "problem_type",
    "title_of",
]

PROBLEM_MEDIA_TYPE = "application/problem+json"

PROBLEM_TYPES: dict[int, str] = {
    400: "/problems/invalid-request",
    401: "/problems/unauthorized",
    404: "/problems/not-found",
    405: "/problems/method-not-allowed",
    413: "/problems/body-too-large",
    415: "/problems/unsupported-media-type",
    422: "/problems/impossible-hand",
    429: "/problems/too-many-requests",
    431: "/problems/header-too-large",
    499: "/problems/client-closed-request",
    500: "/problems/internal-error",
    503: "/problems/not-ready",
}
"""The ``type`` of each kind of problem, by status: a relative reference to the page the service serves
about it (:mod:`service.api.docs.pages`), saying what it means and how to fix the request."""

UNREADABLE_LOG_TYPE: Final = "/problems/unreadable-log"
"""The ``type`` of a 422 for a game log that cannot be read: not one of the formats, malformed, truncated, a value
out of range (``POST /v1/logs/…``)."""

IMPOSSIBLE_LOG_TYPE: Final = "/problems/impossible-log"
"""The ``type`` of a 422 for a game log that reads but cannot have happened: a tile not held, a fifth copy, a move
out of turn, … (``POST /v1/logs/…``; :class:`service.logs.ImpossibleLog`)."""

PROBLEM_PAGES: Final = (*PROBLEM_TYPES.values(), UNREADABLE_LOG_TYPE, IMPOSSIBLE_LOG_TYPE)
"""Every problem ``type`` the service answers and serves a page about: one per status (:data:`PROBLEM_TYPES`), and
the two kinds of 422 about a game log, which take the place of ``/problems/impossible-hand`` there."""


EXAMPLE_INSTANCE = "/requests/3f2c9e1a7b4d4c0e9a6b5d8e2f1c0a7b"
"""The ``instance`` of a problem made outside a request (the documented examples)."""


def problem_type(status: int) -> str:
    """The ``type`` URI of a problem with ``status`` (``about:blank`` for a status without a page of its own).

    >>> problem_type(422), problem_type(418)
    ('/problems/impossible-hand', 'about:blank')
    """
    return PROBLEM_TYPES.get(status, "about:blank")


def instance() -> str | None:
    """This occurrence: ``/requests/<X-Request-ID>`` (percent-encoded) inside a request, else None."""
    request_id = REQUEST_ID.get()
    return f"/requests/{quote(str(request_id), safe='')}" if request_id else None


NOT_FOUND_DETAIL: Final = refusal("refusal.detail.not_found")
"""The ``detail`` of a 404 for a path no route serves (the path itself is never echoed back)."""

BODY_LIMITS: Final = refusal("refusal.body_limits", body=65_536, batch=1_048_576, logs=2_097_152, many=67_108_864)
"""What a 413's field error says: the body limits, in bytes (``service.app.MAX_BODY_BYTES``,
``service.api.routes.batch.BATCH_MAX_BODY_BYTES``, ``service.api.routes.logs``'s two; a test keeps them equal)."""

INTERNAL_ERROR_DETAIL = "The server could not handle this request."
"""The whole ``detail`` of a 500: nothing about the failure itself reaches the client."""

logger = logging.getLogger(__name__)


class Problem(msgspec.Struct, frozen=True, kw_only=True):
    """An RFC 9457 problem: the body of every non-2xx response (``application/problem+json``).

    `status` is the HTTP status code; `title` its phrase; `detail` one sentence about this
    occurrence; `errors` one entry per offending request field, `field` a JSON path relative
    to the body such as `melds[1].tiles` (`""` = the whole body), empty if no field is to blame.
    """

    type: str = "about:blank"
    """A relative reference to the page about this kind of problem (`/problems/impossible-hand`, …)."""
    title: str
    """A short summary of the problem's type, the same for every occurrence: the status's phrase (RFC 9110), in
    the answer's language (`Content-Language`) for a 400, 404, 405, 413, 415, 422 or 431."""
    status: Annotated[int, msgspec.Meta(ge=400, le=599)]
    """The HTTP status code, repeated here."""
    detail: str
    """One sentence about this occurrence."""
    instance: str | None = None
    """This occurrence: `/requests/<X-Request-ID>`, which identifies it (in the server's log) but is no page."""
    errors: Annotated[list[FieldError], msgspec.Meta(max_length=64)] = []
    """One entry per request field at fault; empty when no field is to blame."""


_TITLES = {413: "Content Too Large", 422: "Unprocessable Content", CLIENT_CLOSED_REQUEST: "Client Closed Request"}
"""RFC 9110 phrases where Python's :class:`~http.HTTPStatus` (before 3.13) still has the old ones,
and nginx's phrase for 499, which no RFC defines."""


def title_of(status: int) -> str:
    """The RFC 9110 reason phrase of an HTTP status code, e.g. ``422`` → ``Unprocessable Content``.

    >>> title_of(499)
    'Client Closed Request'
    """
    return _TITLES.get(status) or HTTPStatus(status).phrase


_TITLE_KEYS: Final = {
    400: "refusal.title.400",
    404: "refusal.title.404",
    405: "refusal.title.405",
    413: "refusal.title.413",
    415: "refusal.title.415",
    422: "refusal.title.422",
    431: "refusal.title.431",
}
"""The catalogue keys of the titles said in the request's language (English: :func:`title_of`'s phrase; a test
keeps them equal)."""

LOCALISED_STATUSES: Final = frozenset(_TITLE_KEYS)
"""The statuses whose problems are answered in the request's language (:class:`LocalisedProblem`)."""


def _title(status: int) -> str:
    """The ``title`` of a problem with ``status``: a refusal of the catalogues for a status of
    :data:`LOCALISED_STATUSES` (so it follows the answer's language), else :func:`title_of`'s phrase."""
    key = _TITLE_KEYS.get(status)
    return refusal(key) if key is not None else title_of(status)


_LINE_TITLE_KEYS: Final = {**_TITLE_KEYS, 500: "refusal.title.500"}
"""The titles of the problems a 200 answer can carry (a line of ``POST /v1/logs/replay/batch``): those of
:data:`LOCALISED_STATUSES` and the 500 of a game the service failed on."""


def line_title(status: int) -> Refusal:
    """The ``title`` of a problem inside an answer whose texts follow the request's language (a line of
    ``POST /v1/logs/replay/batch``): the status's phrase as a refusal of the catalogues; ``KeyError`` for a status
    no such problem has.

    >>> [render(line_title(status), "ja") for status in (422, 500)]
    ['処理できない内容', 'サーバー内部エラー']
    """
    return refusal(_LINE_TITLE_KEYS[status])


def localised_title(status: int, lang: Language) -> str:
    """The ``title`` of a problem with ``status`` answered in ``lang`` (English for a status whose problems are
    always English).

    >>> localised_title(422, "ru"), localised_title(413, "ja"), localised_title(429, "ru")
    ('Необрабатываемое содержимое', '内容が大きすぎます', 'Too Many Requests')
    """
    return render(_title(status), lang)


def localised_problem(body: dict[str, Any], lang: Language) -> dict[str, Any]:
    """A problem's JSON ``body`` with its ``title``, ``detail`` and each ``errors[].message`` in ``lang`` (a refusal
    of the catalogues is rendered; any other text is kept as it is), as plain strings.

    >>> from service.i18n import refusal
    >>> body = {"detail": "x", "errors": [{"field": "hand", "message": refusal("refusal.copies", n=5, tile="1m")}]}
    >>> localised_problem(body, "ja")["errors"][0]["message"]
    'hand、win_tile、melds、表示牌に 1m が5枚あります。牌は4枚しかありません'
    """
    out = dict(body)
    for name in ("title", "detail"):
        if isinstance(out.get(name), str):
            out[name] = render(out[name], lang)
    errors = out.get("errors")
    if isinstance(errors, list):
        out["errors"] = [
            {**e, "message": render(e["message"], lang)} if isinstance(e, dict) and "message" in e else e
            for e in errors
        ]
    return out


def _refusals_only(body: dict[str, Any]) -> bool:
    """Whether every text of a problem's ``body`` (``detail``, ``errors[].message``) is a refusal of the catalogues
    (:class:`service.i18n.Refusal`), so the whole answer can be said in another language (its ``title`` is one
    for every status of :data:`LOCALISED_STATUSES`)."""
    errors = body.get("errors")
    texts = (
        [body.get("detail"), *(e.get("message") for e in errors if isinstance(e, dict))]
        if isinstance(errors, list)
        else [body.get("detail")]
    )
    return all(isinstance(t, Refusal) for t in texts if t)


class LocalisedProblem(ProblemDetailsException):
    """A :class:`ProblemDetailsException` answered in the request's language: for a status in
    :data:`LOCALISED_STATUSES`, ``title``, ``detail`` and ``errors[].message`` rendered by
    :func:`localised_problem` for the request's ``Accept-Language``, with ``Content-Language`` and
    ``Vary: Accept-Language``; any other status as litestar answers it. A problem with a text that is no refusal
    of the catalogues (litestar's own words for a path parameter, say) is answered wholly in English
    (``Content-Language: en``), never in two languages."""

    def to_response(self, request: Request[Any, Any, Any]) -> Response[dict[str, Any]]:
        """The problem's response to ``request`` (see the class docstring)."""
        response = super().to_response(request)
        if self.status_code not in LOCALISED_STATUSES:
            return response
        lang = negotiate_language(request.headers.get("accept-language")) if _refusals_only(response.content) else "en"
        response.content = localised_problem(response.content, lang)
        response.headers["Content-Language"] = lang
        response.headers["Vary"] = "Accept-Language"
        return response


def problem(
    status: int,
    detail: str,
    errors: list[FieldError] | None = None,
    headers: dict[str, str] | None = None,
    type_: str | None = None,
) -> ProblemDetailsException:
    """The :class:`ProblemDetailsException` for one :class:`Problem` (``status``: an HTTP status code; ``type_``
    one of :data:`PROBLEM_PAGES`, default the status's); a :class:`LocalisedProblem`, so refusals of the
    catalogues in ``detail`` or ``errors`` follow the request's language."""
    return LocalisedProblem(
        status_code=status,
        type_=type_ or problem_type(status),
        instance=instance(),
        title=_title(status),
        detail=detail,
        extra={"errors": [msgspec.structs.asdict(e) for e in errors or []]},
        headers=headers,
    )


def _bad_body(exc: BadRequestBody) -> ProblemDetailsException:
    return problem(400, exc.detail, exc.errors)


def _unsupported_type(exc: UnsupportedBodyType) -> ProblemDetailsException:
    sent = repr(exc.content_type[:64])
    if exc.form:
        error = FieldError(field="headers.content-type", message=refusal("refusal.form_body", content_type=sent))
        return problem(415, refusal("refusal.detail.form_body", content_type=sent), [error])
    error = FieldError(field="headers.content-type", message=refusal("refusal.unsupported_type", content_type=sent))
    return problem(415, refusal("refusal.detail.unsupported_type", content_type=sent), [error])


def _unsupported_charset(exc: UnsupportedCharset) -> ProblemDetailsException:
    sent = repr(exc.content_type[:64])
    error = FieldError(field="headers.content-type", message=refusal("refusal.unsupported_charset", content_type=sent))
    return problem(415, refusal("refusal.detail.unsupported_charset", content_type=sent), [error])


def _unsupported_encoding(exc: UnsupportedBodyEncoding) -> ProblemDetailsException:
    sent = repr(exc.content_encoding[:64])
    if exc.not_gzip:
        detail, key = "refusal.detail.not_gzip_body", "refusal.not_gzip_body"
    else:
        detail = "refusal.detail.unsupported_encoding"
        key = "refusal.unsupported_encoding_gzip" if exc.accepted else "refusal.unsupported_encoding"
    error = FieldError(field="headers.content-encoding", message=refusal(key, content_encoding=sent))
    headers = {"Accept-Encoding": ", ".join((*exc.accepted, "identity"))}
    return problem(415, refusal(detail, content_encoding=sent), [error], headers=headers)


def _validation(exc: ValidationException) -> ProblemDetailsException:
    """Litestar's own validation failures (a missing body, a bad query parameter)."""
    errors: list[FieldError] = []
    items = exc.extra if isinstance(exc.extra, list) else []
    for item in items:
        key = str(item.get("key", "")) if isinstance(item, dict) else ""
        if key == "data":  # the body parameter itself: absent or empty
            errors.append(FieldError(field="", message=refusal("refusal.body_required")))
        else:
            errors.append(FieldError(field=key, message=msgspec_refusal(str(item.get("message", "Invalid value")))))
    if errors and all(e.field == "" for e in errors):
        return problem(400, refusal("refusal.detail.empty_body"), errors[:1])
    return problem(400, refusal("refusal.detail.request_invalid"), errors)


class UnreadableLog(InvalidHand):
    """A game log that cannot be read or replayed (``POST /v1/logs/replay``): a 422 whose ``errors`` name
    ``log``, ``log.rounds[i]``, ``log.rounds[i].events[j]`` or ``format``; typed :data:`IMPOSSIBLE_LOG_TYPE` when
    the log reads but cannot have happened (``impossible``), else :data:`UNREADABLE_LOG_TYPE`; or, when the
    caller's ``rules`` cannot replay the log (``rules``: contradicting options, another number of players), the
    impossible-request problem ``POST /v1/score`` answers for contradicting options, naming the option."""

    def __init__(self, errors: list[FieldError], impossible: bool = False, rules: bool = False) -> None:
        super().__init__(errors)
        self.impossible = impossible
        self.rules = rules

    @property
    def type(self) -> str:
        """The problem's ``type``."""
        if self.rules:
            return problem_type(422)
        return IMPOSSIBLE_LOG_TYPE if self.impossible else UNREADABLE_LOG_TYPE

    @property
    def detail(self) -> Refusal:
        """The problem's ``detail``."""
        if self.rules:
            return refusal("refusal.detail.log_rules")
        return refusal("refusal.detail.log_impossible" if self.impossible else "refusal.detail.log_unreadable")


def _unreadable_log(exc: UnreadableLog) -> ProblemDetailsException:
    return problem(422, exc.detail, exc.errors, type_=exc.type)


def _invalid_hand(exc: InvalidHand) -> ProblemDetailsException:
    return problem(422, refusal("refusal.detail.impossible"), exc.errors)


def _http(exc: HTTPException) -> ProblemDetailsException:
    """404, 405, 413 and other HTTP errors raised by litestar; a 5xx detail is not passed on."""
    if exc.status_code >= 500 and client_closed_request():
        # Litestar's InternalServerException("client disconnected prematurely") while reading
        # the body: the middleware saw the ASGI http.disconnect itself, so no message is matched.
        # Answered 400: a client still connected (a chunked framing granian could not read ends the body the
        # same way) reads why; one that hung up reads nothing. The middleware records 499 either way.
        return problem(
            400,
            refusal("refusal.detail.incomplete_body"),
            [FieldError(field="", message=refusal("refusal.incomplete_body"))],
        )
    if exc.status_code >= 500:
        logger.error("HTTP %s raised while handling a request", exc.status_code, exc_info=exc)
        return problem(exc.status_code, INTERNAL_ERROR_DETAIL)
    if exc.status_code == 404:
        return problem(404, NOT_FOUND_DETAIL)  # litestar's own detail may quote the path: never echo it
    if exc.status_code == 429:  # litestar's rate limit: its RateLimit-* headers, and Retry-After from the reset
        headers = dict(exc.headers or {})
        headers["Retry-After"] = str(max(1, int(headers.get("RateLimit-Reset", "1") or 1)))
        return problem(429, "Too many requests from this client; retry after Retry-After seconds.", headers=headers)
    if exc.status_code == 413:
        error = FieldError(field="", message=BODY_LIMITS)
        return problem(413, refusal("refusal.detail.too_large"), [error], headers=exc.headers)
    if exc.status_code == 405:
        allowed = (exc.headers or {}).get("Allow")
        message = (
            refusal("refusal.method_allowed", allowed=allowed) if allowed else refusal("refusal.method_not_allowed")
        )
        error = FieldError(field="method", message=message)
        return problem(405, refusal("refusal.detail.method_not_allowed"), [error], headers=exc.headers)
    return problem(exc.status_code, exc.detail or title_of(exc.status_code), headers=exc.headers)


def _unexpected(exc: Exception) -> ProblemDetailsException:
    """A bug: log it with its traceback, answer 500 without internals."""
    logger.error("Unhandled exception while handling a request", exc_info=exc)
    return problem(500, INTERNAL_ERROR_DETAIL)


_MAP: dict[type[Exception], Any] = {
    BadRequestBody: _bad_body,
    UnsupportedBodyType: _unsupported_type,
    UnsupportedCharset: _unsupported_charset,
    UnsupportedBodyEncoding: _unsupported_encoding,
    ValidationException: _validation,
    InvalidHand: _invalid_hand,
    UnreadableLog: _unreadable_log,
    HTTPException: _http,
    Exception: _unexpected,
}


def problem_body(exc: Exception, lang: Language = "en") -> dict[str, Any]:
    """The JSON body the server answers ``exc`` with, by the mapping above (used for documented examples).

    ``exc`` may also be an already mapped :class:`ProblemDetailsException` (from :func:`problem`); its texts that
    are refusals of the catalogues are said in ``lang``.

    >>> problem_body(UnsupportedBodyType("text/plain"))["status"]
    415
    >>> problem_body(problem(503, "Starting."))["title"]
    'Service Unavailable'
    """
    if isinstance(exc, ProblemDetailsException):
        mapped = exc
    else:
        mapped = next(_MAP[cls] for cls in type(exc).__mro__ if cls in _MAP)(exc)
    body = {
        "status": mapped.status_code,
        "type": mapped.type_,
        "title": mapped.title,
        "detail": mapped.detail,
        "instance": mapped.instance or EXAMPLE_INSTANCE,
        **(mapped.extra if isinstance(mapped.extra, dict) else {}),
    }
    return localised_problem(body, lang)


async def problem_for_error_response(response: Response[Any]) -> Response[Any]:
    """``after_request`` hook: an error response a handler *returned* (not raised) becomes a problem too.

    Litestar's own schema router answers unknown ``/schema/…`` pages with an HTML 404; this
    turns any such non-problem 4xx/5xx into the problem for its status, raised, so the problem plugin answers it
    for the request as every other problem: a 404 says "There is nothing at this path." and any status of
    :data:`LOCALISED_STATUSES` is said in the request's language (:class:`LocalisedProblem`). Other responses
    pass.

    Raises:
        ProblemDetailsException: for an error response that is not a problem.
    """
    if response.status_code is None or response.status_code < 400 or response.media_type == PROBLEM_MEDIA_TYPE:
        return response
    status = response.status_code
    raise problem(status, NOT_FOUND_DETAIL if status == 404 else _title(status))


def problem_details_plugin() -> ProblemDetailsPlugin:
    """Litestar's problem-details plugin configured with the mapping in this module's docstring."""
    return ProblemDetailsPlugin(ProblemDetailsConfig(exception_to_problem_detail_map=_MAP))

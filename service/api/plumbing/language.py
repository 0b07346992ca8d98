"""The answer's language: ``Accept-Language`` in, ``Content-Language`` (and ``Vary``) out.

A refusal (400, 404, 405, 413, 415, 422, 431) follows the same header on every operation
(:class:`service.api.plumbing.errors.LocalisedProblem`).

Every operation that returns names (score, batch, tenpai, settle, table, rules, yaku) takes the
:data:`AcceptLanguage` header parameter, negotiates en / ja / ru with
:func:`service.i18n.negotiate_language` (the first 256 characters read, answers cached per
header value) and answers with :func:`localised`, which sets ``Content-Language`` to the
language used and ``Vary: Accept-Language``. The renaming itself is the core's
(:func:`service.scoring.names.localise` and its tenpai / settle counterparts).
"""

from __future__ import annotations

from typing import Annotated, Any, Final

from litestar import Response
from litestar.datastructures import ResponseHeader
from litestar.params import HeaderParameter

from service.i18n import Language, negotiate_language

from .answers import JSONAnswer

__all__ = ["LANGUAGE_HEADERS", "AcceptLanguage", "localised", "negotiate_language"]

AcceptLanguage = Annotated[
    str | None,
    HeaderParameter(
        name="Accept-Language",
        required=False,
        description="Preferred languages (RFC 9110), e.g. `ru-RU,ru;q=0.9`; en, ja and ru are served, en by default. "
        "Names, explanations and descriptions in the answer follow it, and so does a refusal (400, 404, 405, 413, 415, "
        "422 or 431): its `title`, `detail` and `errors[].message`.",
    ),
]

LANGUAGE_HEADERS: Final = [
    ResponseHeader(
        name="Content-Language", description="The language of the texts: en, ja or ru.", documentation_only=True
    ),
    ResponseHeader(
        name="Vary",
        description="`Accept-Language`: the answer depends on that request header (and `Origin`, on a "
        "deployment that enables CORS).",
        documentation_only=True,
    ),
]
"""The response headers every localised operation documents."""

_HEADERS: Final[dict[Language, tuple[tuple[bytes, bytes], ...]]] = {
    lang: ((b"content-language", lang.encode()), (b"vary", b"Accept-Language")) for lang in ("en", "ja", "ru")
}


def localised(content: Any, lang: Language) -> Response[Any]:
    """``content`` answered as JSON (:class:`~service.api.plumbing.answers.JSONAnswer`) with ``Content-Language: lang``
    and ``Vary: Accept-Language``."""
    return JSONAnswer(content, _HEADERS[lang])

"""The problem responses the routes document (their OpenAPI ``responses``), defined once for every route.

Each is a :class:`~litestar.openapi.ResponseSpec` of :class:`~service.api.plumbing.errors.Problem` as
``application/problem+json`` (RFC 9457; the problem types are served at ``/docs/problems``). The three answers
any JSON body may get are :data:`BODY_ERRORS`; an operation adds its own (the 422 naming what its input
cannot be, a 404, an example) with :func:`problem_response`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from litestar.openapi import ResponseSpec
from litestar.openapi.spec import Example

from ..plumbing.errors import PROBLEM_MEDIA_TYPE, Problem, problem_body

__all__ = ["BODY_ERRORS", "problem_response"]


def problem_response(description: str, example: Exception | None = None, summary: str | None = None) -> ResponseSpec:
    """A documented problem response: ``description``, and, when ``example`` is given, the body the server
    answers that exception with (:func:`~service.api.plumbing.errors.problem_body`), titled ``summary``
    (default: the problem's ``detail``)."""
    examples = None
    if example is not None:
        value = problem_body(example)
        examples = [Example(summary=summary if summary is not None else value["detail"], value=value)]
    return ResponseSpec(
        data_container=Problem,
        media_type=PROBLEM_MEDIA_TYPE,
        description=description,
        generate_examples=False,
        examples=examples,
    )


BODY_ERRORS: Final[Mapping[int, ResponseSpec]] = {
    400: problem_response("Malformed JSON or a schema violation; `errors` names each field."),
    413: problem_response("The request body is larger than the server accepts."),
    415: problem_response(
        "The request body is not JSON, or is JSON declared in a `charset` that could misread it (`errors`: "
        "`headers.content-type`): another charset than UTF-8 (`utf8` and `us-ascii` are UTF-8) over bytes beyond "
        "ASCII, or an unknown one, or one that reads ASCII otherwise (`utf-16`); a plain-ASCII body is read in any "
        "ASCII-compatible charset. Or it is sent with a `Content-Encoding`: the body is read as sent (`errors`: "
        "`headers.content-encoding`; the answer's `Accept-Encoding` is `identity`). /problems/unsupported-media-type"
    ),
}
"""The refusals of any JSON request body: not the schema (400), over the route's body limit (413), not JSON
(415). An operation overrides an entry to say more (``{**BODY_ERRORS, 400: problem_response(...)}``)."""

"""Strict query strings: a parameter a route does not take is a 400 problem, as an unknown body field is.

Litestar reads the query parameters a handler declares and ignores any other, so a typo
(``?presets=kids``) or a guess (``?lang=ru``) would silently get the default answer. The
guard :func:`known_query_only` refuses such a request instead, before the handler runs:
a 400 problem (:mod:`service.api.plumbing.errors`) with one ``errors`` entry per unknown parameter,
its ``field`` the parameter's name as sent (the convention of the query errors litestar
reports, e.g. ``renhou`` for a value out of range) and its ``message`` the parameters the
route takes. Those are read from the handler's signature (:func:`query_parameters`), so
they cannot drift from what the route really accepts.

A parameter given twice (``?preset=kids&preset=standard``: which one?) or as ``null`` (an optional
parameter is left out, never null: the document has no null for it) is a 400 problem too.

Use with ``@get(..., guards=[known_query_only])``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from litestar.connection import ASGIConnection
from litestar.constants import RESERVED_KWARGS
from litestar.enums import ParamType
from litestar.handlers import BaseRouteHandler
from litestar.params import ParameterKwarg
from litestar.plugins.problem_details import ProblemDetailsException

from service.i18n import refusal
from service.scoring import FieldError

from .errors import problem

__all__ = [
    "UNKNOWN_QUERY_DETAIL",
    "known_query_only",
    "query_parameters",
    "unknown_query_problem",
    "unknown_query_problem_for",
]

UNKNOWN_QUERY_DETAIL = refusal("refusal.detail.unknown_query")
"""The ``detail`` of the 400 problem for unknown query parameters (``errors`` names each)."""

BAD_QUERY_DETAIL = refusal("refusal.detail.bad_query")
"""The ``detail`` of the 400 problem for a repeated parameter or a ``null`` value (``errors`` names each)."""

NULL_VALUE = refusal("refusal.query_null")
REPEATED = refusal("refusal.query_repeated")

MAX_REPORTED = 64
"""Most unknown parameters named in one problem (the bound of ``Problem.errors``)."""

_PATH_PARAMETER = re.compile(r"\{(\w+)(?::\w+)?\}")


def query_parameters(handler: BaseRouteHandler) -> tuple[str, ...]:
    """The query parameter names ``handler`` takes, in signature order (its path, header and cookie
    parameters, dependencies and litestar's reserved arguments such as ``request`` are not query)."""
    path = {match[1] for route_path in handler.paths for match in _PATH_PARAMETER.finditer(route_path)}
    dependencies = set(handler.resolve_dependencies())
    names: list[str] = []
    for name, field in handler.parsed_fn_signature.parameters.items():
        if name in RESERVED_KWARGS or name in path or name in dependencies:
            continue
        kwarg = field.kwarg_definition
        if kwarg is None:
            names.append(name)
        elif isinstance(kwarg, ParameterKwarg) and kwarg.param_type is ParamType.QUERY:
            names.append(kwarg.name or name)
    return tuple(names)


def _takes_accept_language(handler: BaseRouteHandler) -> bool:
    return any(
        isinstance(kwarg := field.kwarg_definition, ParameterKwarg)
        and kwarg.param_type is ParamType.HEADER
        and (kwarg.name or "").lower() == "accept-language"
        for field in handler.parsed_fn_signature.parameters.values()
    )


def unknown_query_problem(
    unknown: Sequence[str], allowed: Sequence[str], *, language_header: bool = False
) -> ProblemDetailsException:
    """The 400 problem naming each of ``unknown`` (at most :data:`MAX_REPORTED`) and saying what is ``allowed``.

    >>> unknown_query_problem(["presets"], ["preset", "kuitan"]).extra["errors"]
    [{'field': 'presets', 'message': 'unknown query parameter; allowed: preset, kuitan'}]
    >>> unknown_query_problem(["lang"], [], language_header=True).extra["errors"][0]["message"]
    'unknown query parameter; this endpoint takes none (the language is chosen by the Accept-Language header)'
    """
    key = {
        (True, False): "refusal.query_unknown",
        (False, False): "refusal.query_unknown_none",
        (True, True): "refusal.query_unknown_language",
        (False, True): "refusal.query_unknown_none_language",
    }[(bool(allowed), language_header)]
    message = refusal(key, allowed=", ".join(allowed))
    errors = [FieldError(name, message) for name in unknown]
    return problem(400, UNKNOWN_QUERY_DETAIL, errors[:MAX_REPORTED])


def unknown_query_problem_for(handler: BaseRouteHandler, unknown: Sequence[str]) -> ProblemDetailsException:
    """:func:`unknown_query_problem` for ``unknown`` parameters sent to ``handler``'s route."""
    return unknown_query_problem(unknown, query_parameters(handler), language_header=_takes_accept_language(handler))


async def known_query_only(connection: ASGIConnection[Any, Any, Any, Any], handler: BaseRouteHandler) -> None:
    """Guard: a 400 problem (:func:`unknown_query_problem`) if the query names a parameter ``handler`` does not take.

    Asynchronous, so litestar runs it on the event loop rather than in a worker thread.
    """
    allowed = query_parameters(handler)
    unknown = [name for name in dict.fromkeys(connection.query_params) if name not in allowed]
    if unknown:
        raise unknown_query_problem_for(handler, unknown)
    repeated_or_null = [
        FieldError(name, NULL_VALUE if "null" in values else REPEATED)
        for name, values in connection.query_params.dict().items()
        if len(values) > 1 or "null" in values
    ]
    if repeated_or_null:
        raise problem(400, BAD_QUERY_DETAIL, repeated_or_null[:MAX_REPORTED])

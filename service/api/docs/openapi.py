"""The OpenAPI document: litestar's paths, msgspec's component schemas, completed here.

Litestar's generator drops constraints inside unions (a tile string's ``pattern`` and
``maxLength``, the array's item pattern) and ``additionalProperties: false``; msgspec's
:func:`msgspec.json.schema_components` states exactly what the strict decoder accepts, so
contract tests (schemathesis) generate what the server really takes
(:func:`use_msgspec_components`). :func:`complete_document` then adds what no generator
knows: the problem responses every operation can give (400/413/415 for a JSON body, 500
for all), the ``X-Request-ID`` header on every response, and examples for every request
and response, computed by the server's own code path from :mod:`service.api.docs.examples`.

The committed copy is ``openapi/openapi.json``; regenerate it with
``python -m service.app openapi/openapi.json`` (a test fails when it is stale).
"""

from __future__ import annotations

import ast
import inspect
import itertools
import json
import re
import textwrap
from typing import Any, Final

import msgspec
from litestar import Litestar, Response
from litestar.exceptions import HTTPException, ValidationException
from litestar.handlers import HTTPRouteHandler
from litestar.openapi.spec import (
    Example,
    OpenAPIHeader,
    OpenAPIMediaType,
    OpenAPIResponse,
    OpenAPIType,
    Operation,
    Reference,
    Schema,
    SecurityScheme,
)
from litestar.openapi.spec import (
    Parameter as OpenAPIParameter,
)
from litestar.routes import HTTPRoute

from service.i18n import LANGUAGES
from service.scoring import FieldError, InvalidHand

from ..plumbing.decoding import BadRequestBody, UnsupportedBodyType, decode_json
from ..plumbing.errors import (
    INTERNAL_ERROR_DETAIL,
    LOCALISED_STATUSES,
    PROBLEM_MEDIA_TYPE,
    PROBLEM_PAGES,
    problem,
    problem_body,
)
from ..plumbing.guards import GUARDED_PREFIX
from ..plumbing.hardening import CACHEABLE_MAX_AGE, HEADER_CAPS, cache_policy
from ..plumbing.queries import known_query_only, query_parameters, unknown_query_problem_for
from .examples import BODY_EXAMPLES, CALL_EXAMPLES, RESPONSE_EXAMPLES, BodyExamples

__all__ = ["REQUEST_ID_HEADER", "complete_document", "document", "use_msgspec_components"]

REF_TEMPLATE = "#/components/schemas/{name}"
PROBLEM_REF = Reference(ref="#/components/schemas/Problem")

REQUEST_ID_HEADER = OpenAPIHeader(
    schema=Schema(type=OpenAPIType.STRING, min_length=1, max_length=128, pattern="^[\\x21-\\x7e]+$"),
    description="The request's id: the client's `X-Request-ID` if usable (1–128 visible ASCII characters), "
    "else a generated one (32 hex digits); also on every log line of the request.",
    required=True,
)
"""The ``X-Request-ID`` response header (see :mod:`service.api.plumbing.middleware`), a component."""

REQUEST_ID = "X-Request-ID"
REQUEST_ID_REF = Reference(ref=f"#/components/headers/{REQUEST_ID}")

ALLOW_HEADER = OpenAPIHeader(
    schema=Schema(type=OpenAPIType.STRING, examples=["GET, HEAD"]),
    description="The methods the path takes (RFC 9110 §10.2.1).",
    required=True,
)
ALLOW_REF = Reference(ref="#/components/headers/Allow")

_HEADER_SCHEMAS: dict[str, Schema | Reference] = {
    "Content-Language": Reference(ref=REF_TEMPLATE.format(name="Language")),
    "Vary": Schema(type=OpenAPIType.STRING, pattern="^Accept-Language(, Origin)?$"),
}
"""Schemas of the response headers that litestar documents without one (``documentation_only``)."""

_CACHE_HEADERS: dict[str, OpenAPIHeader] = {
    "ETag": OpenAPIHeader(
        schema=Schema(
            type=OpenAPIType.STRING, pattern='^"[0-9a-f]{32}"$', examples=['"3f0c7a9d2b4e6f8091a2b3c4d5e6f708"']
        ),
        description="A strong entity tag of the body (also of the language it is in); send it back in "
        "`If-None-Match` to get a 304 while the answer is unchanged.",
        required=True,
    ),
    "Cache-Control": OpenAPIHeader(
        schema=Schema(type=OpenAPIType.STRING, const=CACHEABLE_MAX_AGE),
        description="A shared cache may keep the answer for five minutes.",
        required=True,
    ),
}
"""Response headers of the cacheable GETs (:func:`service.api.plumbing.hardening.cache_policy`), components."""

_GUARD_HEADERS: dict[str, OpenAPIHeader] = {
    "WWW-Authenticate": OpenAPIHeader(
        schema=Schema(type=OpenAPIType.STRING, const='ApiKey realm="riichi-scoring"'),
        description="How to authenticate: an API key, as `X-API-Key` or `Authorization: Bearer`.",
        required=True,
    ),
    "Retry-After": OpenAPIHeader(
        schema=Schema(type=OpenAPIType.STRING, pattern="^[1-9][0-9]*$"),
        description="Seconds until the client's window resets (RFC 9110 §10.2.3).",
        required=True,
    ),
    **{
        name: OpenAPIHeader(schema=Schema(type=OpenAPIType.STRING), description=text, required=False)
        for name, text in (
            ("RateLimit-Limit", "Requests a client may make in the window."),
            ("RateLimit-Remaining", "Requests left in the current window."),
            ("RateLimit-Reset", "Seconds until the window resets."),
            ("RateLimit-Policy", "The limit and window, e.g. `600; w=60`."),
        )
    },
}
"""Response headers of the guards' refusals (:mod:`service.api.plumbing.guards`), components."""

IF_NONE_MATCH = OpenAPIParameter(
    name="If-None-Match",
    param_in="header",
    required=False,
    description="Entity tags of answers the client has (the `ETag` of an earlier answer, or `*`): when one "
    "matches, the answer is a 304 without a body (RFC 9110 §13.1.2, weak comparison). A value that is no "
    f"entity tag matches nothing (the answer is the 200); over {HEADER_CAPS[b'if-none-match']} bytes it is a 431.",
    schema=Schema(type=OpenAPIType.STRING, examples=['"3f0c7a9d2b4e6f8091a2b3c4d5e6f708"']),
)
"""The conditional-request header the cacheable GETs take."""

REQUEST_ID_PARAMETER = OpenAPIParameter(
    name=REQUEST_ID,
    param_in="header",
    required=False,
    description="An id for this request, chosen by the client (1–128 visible ASCII characters), e.g. to find it in "
    "the server's log: the response's `X-Request-ID` repeats it, and a problem's `instance` is "
    "`/requests/<id>`. Left out or not usable (too long, or other characters): the server makes one. "
    f"Over {HEADER_CAPS[b'x-request-id']} bytes the request is a 431.",
    schema=Schema(type=OpenAPIType.STRING, max_length=HEADER_CAPS[b"x-request-id"], examples=["checkout-7f3a-0001"]),
)
"""The ``X-Request-ID`` request header every operation takes."""

REFUSAL_LANGUAGE_HEADERS: Final = {
    "Content-Language": OpenAPIHeader(
        schema=Reference(ref=REF_TEMPLATE.format(name="Language")),
        description="The language of `title`, `detail` and `errors[].message`: en, ja or ru, negotiated from the "
        "request's `Accept-Language` (en by default). `type`, `status` and `errors[].field` are the same in every "
        "language.",
        required=False,
    ),
    "Vary": OpenAPIHeader(
        schema=Schema(type=OpenAPIType.STRING, pattern="^Accept-Language(, Origin)?$"),
        description="`Accept-Language`: the reasons depend on that request header (and `Origin`, on a deployment "
        "that enables CORS).",
        required=False,
    ),
}
"""The headers of a 400, 404, 405, 413, 415, 422 or 431 problem, whose texts follow ``Accept-Language``
(:mod:`service.api.plumbing.errors`)."""

ACCEPT_LANGUAGE_PARAMETER = OpenAPIParameter(
    name="Accept-Language",
    param_in="header",
    required=False,
    description="Preferred languages (RFC 9110), e.g. `ru-RU,ru;q=0.9`; en, ja and ru are served, en by default. "
    "A refusal (400, 404, 405, 413, 415, 422 or 431) says its `title`, `detail` and `errors[].message` in it.",
    schema=Schema(type=OpenAPIType.STRING),
)
"""The ``Accept-Language`` header of an operation that names nothing but may refuse (its 400, 404, 405, 413, 415,
422 or 431)."""

_HEADER_TOO_LARGE = (
    "A request header over its cap (e.g. `Accept-Language` or `X-Request-ID` over 256 bytes, `If-None-Match` over "
    "1024), or all headers together too large: `errors` names the header, in the request's language (in English "
    "when `Accept-Language` is the header refused)."
)

_NOT_MODIFIED = "Not modified: an entity tag of `If-None-Match` matches the answer's, which is not sent again."
_UNAUTHORIZED = (
    "Only when the deployment requires API keys (`RIICHI_API_KEYS` or `RIICHI_API_KEYS_FILE`, off by default): "
    "no key, or a key it does not know (`/problems/unauthorized`)."
)
_TOO_MANY = (
    "Only when the deployment limits each client's rate (`RIICHI_RATE_LIMIT`, off by default): the client "
    "is over its limit; retry after `Retry-After` seconds (`/problems/too-many-requests`)."
)

_BODY_PROBLEMS = {
    400: "Malformed JSON or a schema violation (wrong type, unknown field, bad notation pattern, out of bounds); "
    "`errors` names each field.",
    413: "The request body is larger than the server accepts (64 KiB).",
    415: "The request `Content-Type` is not JSON, or names a `charset` that could misread the body (another than "
    "UTF-8 over bytes beyond ASCII, an unknown one, or `utf-16`); or the request has a `Content-Encoding` the "
    "operation does not read. `errors` names the header.",
}
_QUERY_PROBLEM = "A path, query or header parameter out of its allowed values; `errors` names it."
_METHOD = "The path exists, but not with this method; the `Allow` header lists the methods it takes."
_INTERNAL = "A bug: the body says nothing about it (the log has the details, under the response's X-Request-ID)."

_GENERIC_PROBLEMS: dict[int, tuple[str, dict[str, Any]]] = {
    400: ("Not JSON", problem_body(BadRequestBody("The request body is not valid JSON (truncated).", []))),
    405: ("A method the path does not take", problem_body(HTTPException(status_code=405))),
    413: ("A body over 64 KiB", problem_body(HTTPException(status_code=413))),
    415: ("Sent as text/plain", problem_body(UnsupportedBodyType("text/plain"))),
    431: (
        "An X-Request-ID over 256 bytes",
        problem_body(
            problem(
                431, "The x-request-id header is too long.", [FieldError("headers.x-request-id", "at most 256 bytes")]
            )
        ),
    ),
    500: ("A bug", problem_body(problem(500, INTERNAL_ERROR_DETAIL))),
}
_GENERIC_QUERY_PROBLEM = (
    "A query parameter out of its allowed values",
    problem_body(ValidationException(extra=[{"key": "preset", "message": "Invalid enum value 'foo'"}])),
)
"""Examples for problem responses that no operation-specific example covers."""


def field_docs(cls: type[Any]) -> dict[str, str]:
    """The docstrings of a Struct's fields (a string literal right after a field, as Sphinx reads them), the
    class's own over its bases', and a ``FIELD_TEXTS`` class variable's over both; ``{}`` when the source
    cannot be read."""
    docs: dict[str, str] = {}
    for klass in reversed([k for k in cls.__mro__ if issubclass(k, msgspec.Struct) and k is not msgspec.Struct]):
        try:
            tree = ast.parse(textwrap.dedent(inspect.getsource(klass)))
        except (OSError, TypeError):
            continue
        body = tree.body[0].body if tree.body and isinstance(tree.body[0], ast.ClassDef) else []
        for field, after in itertools.pairwise(body):
            if (
                isinstance(field, ast.AnnAssign)
                and isinstance(field.target, ast.Name)
                and isinstance(after, ast.Expr)
                and isinstance(after.value, ast.Constant)
                and isinstance(after.value.value, str)
            ):
                docs[field.target.id] = inspect.cleandoc(after.value.value)
    docs.update(getattr(cls, "FIELD_TEXTS", None) or {})  # a shared base's fields worded for this request
    return docs


_ROLE = re.compile(r":(?:class|func|data|mod|meth|attr|exc):`~?(?:[\w.]+\.)?(\w+)`")


def public_text(text: str) -> str:
    """A docstring as the document's readers see it: Sphinx roles and reStructuredText's double backticks written
    as Markdown code (``:class:`~a.b.Name``` → `` `Name` ``)."""
    return _ROLE.sub(r"`\1`", text).replace("``", "`")


def _public_texts(node: Any) -> None:
    """Every ``description`` and ``summary`` in ``node`` (JSON data) through :func:`public_text`."""
    for item in _objects(node):
        for key in ("description", "summary"):
            if isinstance(item.get(key), str):
                item[key] = public_text(item[key])


def _structs(types: list[type[Any]]) -> dict[str, type[Any]]:
    """Every Struct class ``types`` hold, directly or in their fields, by name (msgspec's component names)."""
    found: dict[str, type[Any]] = {}
    todo: list[Any] = list(msgspec.inspect.multi_type_info(types))
    while todo:
        info = todo.pop()
        if isinstance(info, msgspec.inspect.StructType):
            if info.cls.__name__ in found:
                continue
            found[info.cls.__name__] = info.cls
            todo.extend(field.type for field in info.fields)
        elif isinstance(info, msgspec.inspect.UnionType):
            todo.extend(info.types)
        elif isinstance(
            info,
            (
                msgspec.inspect.ListType,
                msgspec.inspect.VarTupleType,
                msgspec.inspect.SetType,
                msgspec.inspect.FrozenSetType,
            ),
        ):
            todo.append(info.item_type)
        elif isinstance(info, msgspec.inspect.DictType):
            todo.append(info.value_type)
        elif isinstance(info, msgspec.inspect.TupleType):
            todo.extend(info.item_types)
        elif isinstance(info, msgspec.inspect.Metadata):
            todo.append(info.type)
    return found


def option_description(name: str) -> str:
    """A rule option's description: its meaning in ``GET /v1/rules`` (the same text, from the same catalogue
    entry) and the sections that define it."""
    from service.i18n import text
    from service.scoring.catalogue import OPTION_SECTIONS

    return (
        f"{text(f'option.{name}', 'en')} Left out or null: the preset's default (`GET /v1/rules/{{preset}}` lists "
        f"it). Defined in {OPTION_SECTIONS[name]}."
    )


def _describe_fields(schemas: dict[str, Any], types: list[type[Any]]) -> None:
    """Each Struct's property gets its field's docstring as its description where msgspec gave it none; the
    rule options of ``RulesSpec`` and ``GameOptions`` get theirs from the options catalogue
    (:func:`option_description`), so the document and ``GET /v1/rules`` say the same."""
    from service.scoring.catalogue import OPTIONS

    for name, cls in _structs(types).items():
        schema = schemas.get(name)
        if not isinstance(schema, dict) or "properties" not in schema:
            continue
        docs = field_docs(cls)
        config = cls.__struct_config__
        tag_field = config.tag_field
        if isinstance(tag_field, str) and tag_field in schema["properties"]:
            schema["properties"][tag_field].setdefault(
                "description", f"The tag of this shape of a union: always `{config.tag}` here."
            )
        for field in msgspec.structs.fields(cls):
            prop = schema["properties"].get(field.encode_name)
            if prop is None:
                continue
            if name in ("RulesSpec", "GameOptions") and field.name in OPTIONS:
                prop["description"] = option_description(field.name)
            elif "description" not in prop and field.name in docs:
                prop["description"] = docs[field.name]


def use_msgspec_components(app: Litestar, types: list[type[Any]]) -> None:
    """Replace ``app``'s component schemas for ``types`` (and the Structs they contain) by msgspec's, each
    property described by its field's docstring (:func:`_describe_fields`).

    Call once, right after the app is built: the document is generated then and cached by
    litestar, so the served ``/schema/openapi.json`` includes the replacement.
    """
    _, components = msgspec.json.schema_components(types, ref_template=REF_TEMPLATE)
    _describe_fields(components, types)
    _public_texts(components)
    openapi = app.openapi_schema
    assert openapi.components is not None  # litestar always creates them
    schemas: dict[str, Any] = dict(openapi.components.schemas or {})
    schemas.update(components)
    openapi.components.schemas = dict(sorted(schemas.items()))


def _operations(app: Litestar) -> list[tuple[Operation, HTTPRouteHandler]]:
    """Every documented operation with its route handler."""
    openapi = app.openapi_schema
    found = []
    for route in app.routes:
        if not isinstance(route, HTTPRoute) or route.path_format not in (openapi.paths or {}):
            continue
        path_item = (openapi.paths or {})[route.path_format]
        for handler in route.route_handlers:
            for method in handler.http_methods:
                operation = getattr(path_item, method.lower(), None)
                if operation is not None and operation.operation_id == handler.operation_id:
                    found.append((operation, handler))
    return found


def _problem_response(description: str, examples: dict[str, Example | Reference]) -> OpenAPIResponse:
    media = OpenAPIMediaType(schema=PROBLEM_REF, examples=examples or None)
    return OpenAPIResponse(description=description, content={PROBLEM_MEDIA_TYPE: media})


def _function(handler: HTTPRouteHandler) -> Any:
    """The handler's own (synchronous) function.

    Once registered, a handler with ``sync_to_thread=True`` holds its function wrapped in
    litestar's ``AsyncCallable`` (calling it returns an awaitable); the original is its ``func``.
    """
    return getattr(handler.fn, "func", handler.fn)


def _settled(result: Any) -> Any:
    """``result``, or for a coroutine (an ``async`` handler) the value it returns, run to its end here.

    The batch handler awaits only ``asyncio.sleep(0)`` (a bare yield, needing no event loop), so the
    coroutine is driven by ``send`` until it returns; the document is built outside any loop or inside one.
    """
    if not inspect.iscoroutine(result):
        return result
    try:
        while True:
            result.send(None)
    except StopIteration as done:
        return done.value


def _answer(handler: HTTPRouteHandler, model: type[Any], body: dict[str, Any]) -> tuple[int, Any]:
    """What the server answers ``body`` with: (status, the result Struct or the problem body)."""
    try:
        data = decode_json(json.dumps(body).encode(), model)
        result = _settled(_function(handler)(data=data))
        return 200, result.content if isinstance(result, Response) else result
    except (BadRequestBody, InvalidHand) as exc:
        answer = problem_body(exc)
        return answer["status"], answer


def _add_body_examples(operation: Operation, handler: HTTPRouteHandler, spec: BodyExamples) -> None:
    """The valid request example (the only request example: tools replay those as input that must be accepted) and
    the computed answers to it and to the refused bodies, whose example sits with its 400 or 422 answer only."""
    dto = handler.resolve_data_dto()
    model: type[Any] = dto.model_type  # type: ignore[union-attr]
    assert operation.request_body is not None
    request_media = operation.request_body.content["application/json"]  # type: ignore[union-attr]
    request_media.examples = {}
    for name, example in (("ok", spec.ok), ("impossible", spec.impossible), ("bad", spec.bad)):
        if example is None:
            continue
        summary, body = example
        status, answer = _answer(handler, model, body)
        if name == "ok":
            request_media.examples[name] = Example(summary=summary, value=body)
        said = "The answer to" if name == "ok" else "The refusal of the request body"
        described = Example(summary=summary, description=f"{said} `{json.dumps(body)}`.", value=answer)
        _put_example(operation, status, name, described)


EXAMPLE_LIST_ITEMS = 3
"""Lists in computed answers of operations without a body are cut to this many items (the docs say so)."""


def _shortened(value: Any) -> Any:
    """``value`` with every list cut to :data:`EXAMPLE_LIST_ITEMS` items, Structs kept as Structs."""
    if isinstance(value, msgspec.Struct):
        fields = {name: _shortened(getattr(value, name)) for name in value.__struct_fields__}
        return msgspec.structs.replace(value, **fields)
    if isinstance(value, list):
        return [_shortened(item) for item in value[:EXAMPLE_LIST_ITEMS]]
    if isinstance(value, dict):
        return {key: _shortened(item) for key, item in value.items()}
    return value


def _call(handler: HTTPRouteHandler, kwargs: dict[str, Any]) -> tuple[int, Any]:
    """What the handler answers for these (path, query) arguments: (status, body or problem body)."""
    try:
        result = _function(handler)(**kwargs)
    except (HTTPException, InvalidHand) as exc:
        answer = problem_body(exc)
        return answer["status"], answer
    content = result.content if isinstance(result, Response) else result
    return handler.status_code or 200, _shortened(content)


def _add_call_examples(
    operation: Operation, handler: HTTPRouteHandler, calls: list[tuple[str, dict[str, Any]]]
) -> None:
    """Answers computed by calling the handler; path parameters of successful calls become parameter examples."""
    for summary, kwargs in calls:
        status, answer = _call(handler, kwargs)
        query = "&".join(f"{k}={v}" for k, v in kwargs.items() if f"{{{k}" not in str(handler.paths))
        path = next(iter(handler.paths))
        for key, value in kwargs.items():
            path = path.replace(f"{{{key}:str}}", str(value)).replace(f"{{{key}}}", str(value))
        url = path + (f"?{query}" if query else "")
        note = f"The answer to `GET {url}`" + (f" (lists cut to {EXAMPLE_LIST_ITEMS} items)." if status < 400 else ".")
        _put_example(operation, status, summary, Example(summary=summary, description=note, value=answer))
        if status < 400:
            for parameter in operation.parameters or []:
                if getattr(parameter, "param_in", None) == "path" and parameter.name in kwargs:  # type: ignore[union-attr]
                    examples = {**(parameter.examples or {}), summary: Example(value=kwargs[parameter.name])}  # type: ignore[union-attr]
                    parameter.examples = examples  # type: ignore[union-attr]


def _put_example(operation: Operation, status: int, name: str, example: Example) -> None:
    """Add ``example`` to the (first) media type of ``operation``'s response for ``status``."""
    response = (operation.responses or {})[str(status)]
    assert isinstance(response, OpenAPIResponse)
    media = next(iter((response.content or {}).values()))
    media.examples = {**(media.examples or {}), name: example}


def _add_problem_responses(operation: Operation, has_body: bool) -> None:
    """The problem responses every such operation can give: 400/413/415 with a JSON body, 500 always.

    An error response documented otherwise (litestar's own 400 "Validation Exception" for
    operations with parameters) is replaced: every error this server sends is a problem.
    """
    responses = dict(operation.responses or {})
    for status, response in responses.items():
        assert isinstance(response, OpenAPIResponse)
        if int(status) >= 400 and PROBLEM_MEDIA_TYPE not in (response.content or {}):
            responses[status] = _problem_response(_QUERY_PROBLEM if status == "400" else response.description, {})
    needed = {**(_BODY_PROBLEMS if has_body else {}), 405: _METHOD, 431: _HEADER_TOO_LARGE, 500: _INTERNAL}
    for code, description in needed.items():
        responses.setdefault(str(code), _problem_response(description, {}))
    operation.responses = dict(sorted(responses.items()))


def _ref(name: str) -> Reference:
    return Reference(ref=f"#/components/headers/{name}")


def _add_caching(operation: Operation, path: str) -> None:
    """A cacheable GET: ``ETag`` and ``Cache-Control`` on its 200, the ``If-None-Match`` parameter, the 304."""
    responses = dict(operation.responses or {})
    ok = responses["200"]
    assert isinstance(ok, OpenAPIResponse)
    ok.headers = {**(ok.headers or {}), **{name: _ref(name) for name in _CACHE_HEADERS}}
    responses["304"] = OpenAPIResponse(description=_NOT_MODIFIED, headers={"ETag": _ref("ETag")})
    operation.responses = dict(sorted(responses.items()))
    operation.parameters = [*(operation.parameters or []), IF_NONE_MATCH]


SECURITY_SCHEMES: dict[str, SecurityScheme] = {
    "ApiKey": SecurityScheme(
        type="apiKey",
        name="X-API-Key",
        security_scheme_in="header",
        description="An API key in the `X-API-Key` header. Needed only when the deployment requires keys "
        "(`RIICHI_API_KEYS` or `RIICHI_API_KEYS_FILE`); then every `/v1/` request without a known key is a 401.",
    ),
    "Bearer": SecurityScheme(
        type="http",
        scheme="bearer",
        description="The same API key as `Authorization: Bearer <key>` (either form is accepted; when both are sent, "
        "the one that comes first in the request counts).",
    ),
}
"""The two forms of an API key that :class:`service.api.plumbing.guards.ApiKeyMiddleware` accepts, components."""


def operation_security(keys_required: bool) -> list[dict[str, list[str]]]:
    """The ``security`` of a ``/v1/`` operation: one of the two key forms; with no keys configured, also none
    (``{}``: the request may be anonymous), so a generated client still has the setting."""
    either: list[dict[str, list[str]]] = [{name: []} for name in SECURITY_SCHEMES]
    return either if keys_required else [{}, *either]


def _add_guard_responses(operation: Operation) -> None:
    """The guards' refusals, possible on every ``/v1/…`` operation when they are enabled: 401 and 429."""
    missing = problem(401, "This deployment needs an API key (X-API-Key or Authorization: Bearer).")
    unknown = problem(401, "The API key is not known.")
    over = problem(429, "Too many requests from this client; retry after Retry-After seconds.")
    unauthorized = _problem_response(
        _UNAUTHORIZED,
        {
            "missing": Example(summary="No API key sent", value=problem_body(missing)),
            "unknown": Example(summary="A key the deployment does not know", value=problem_body(unknown)),
        },
    )
    unauthorized.headers = {"WWW-Authenticate": _ref("WWW-Authenticate")}
    too_many = _problem_response(_TOO_MANY, {"over": Example(summary="Over the limit", value=problem_body(over))})
    too_many.headers = {
        name: _ref(name)
        for name in ("Retry-After", "RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset", "RateLimit-Policy")
    }
    operation.responses = dict(sorted({**(operation.responses or {}), "401": unauthorized, "429": too_many}.items()))


def _finish_responses(operation: Operation, has_body: bool) -> None:
    """Generic examples where a problem response has none; the ``X-Request-ID`` header everywhere."""
    generic = {**_GENERIC_PROBLEMS, **({} if has_body else {400: _GENERIC_QUERY_PROBLEM})}
    for status, response in (operation.responses or {}).items():
        assert isinstance(response, OpenAPIResponse)
        headers = dict(response.headers or {})
        for name, header in headers.items():  # litestar documents a header without a schema, which OAS requires
            if isinstance(header, OpenAPIHeader) and header.schema is None:
                header.schema = _HEADER_SCHEMAS.get(name, Schema(type=OpenAPIType.STRING))
        if status == "405":
            headers["Allow"] = ALLOW_REF
        if int(status) in LOCALISED_STATUSES and PROBLEM_MEDIA_TYPE in (response.content or {}):
            headers.update(REFUSAL_LANGUAGE_HEADERS)
        response.headers = {**dict(sorted(headers.items())), REQUEST_ID: REQUEST_ID_REF}  # litestar's order varies
        problem_media = (response.content or {}).get(PROBLEM_MEDIA_TYPE)
        if problem_media is not None and not problem_media.examples and int(status) in generic:
            summary, value = generic[int(status)]
            problem_media.examples = {"problem": Example(summary=summary, value=value)}


UNKNOWN_QUERY_EXAMPLE = "lang"
"""The parameter of the documented answer to an unknown query parameter (a plausible guess: the language
comes from ``Accept-Language``)."""


def _add_query_examples(operation: Operation, handler: HTTPRouteHandler) -> None:
    """400 examples of an operation refusing unknown query parameters: one such (computed by the guard's own
    code) and, if it takes parameters, the generic value out of range."""
    answer = problem_body(unknown_query_problem_for(handler, [UNKNOWN_QUERY_EXAMPLE]))
    path = re.sub(r"\{(\w+):\w+\}", r"{\1}", next(iter(handler.paths)))  # /v1/rules/{preset:str} → {preset}
    summary = "A query parameter it does not take"
    method = next(iter(sorted(handler.http_methods)))
    note = f"The answer to `{method} {path}?{UNKNOWN_QUERY_EXAMPLE}=ru`."
    _put_example(operation, 400, "unknown_parameter", Example(summary=summary, description=note, value=answer))
    if query_parameters(handler):
        summary, value = _GENERIC_QUERY_PROBLEM
        _put_example(operation, 400, "problem", Example(summary=summary, value=value))


_JSON_TYPES: dict[type, str] = {str: "string", bool: "boolean", int: "integer", float: "number"}


def _objects(node: Any) -> list[dict[str, Any]]:
    """Every JSON object in ``node`` (itself included), parents before children; a list, so callers may
    change the objects as they go."""
    found: list[dict[str, Any]] = []
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            found.append(item)
            stack.extend(reversed(list(item.values())))
        elif isinstance(item, list):
            stack.extend(reversed(item))
    return found


def _tagged_unions_as_one_of(schemas: dict[str, Any]) -> None:
    """A tagged union (msgspec writes ``anyOf`` with a ``discriminator``, the tag required in each variant) as
    ``oneOf``: exactly one variant matches, which is what generators need to make a union type rather than one
    merged interface."""
    for node in _objects(schemas):
        if "discriminator" in node and "anyOf" in node:
            node["oneOf"] = node.pop("anyOf")


INT32 = range(-(2**31), 2**31)
"""The integers a 32-bit client type holds (Go's ``int32``, Java's ``Integer``: openapi-generator's default)."""


def _wide_integers(schemas: dict[str, Any]) -> None:
    """``format: int64`` on every integer the document does not bound within :data:`INT32`, a missing bound
    counting as none: the points of a hand under option ``aotenjou`` reach 2^53 − 1, and so do the answers that
    carry them (a settlement's ``deltas`` and ``scores``, its transfers, a replay's rounds), so a generated client
    holds every such value in a 64-bit type, never one that overflows. An enum is bounded by its values."""
    for node in _objects(schemas):
        if node.get("type") != "integer":
            continue
        bounds = node["enum"] if isinstance(node.get("enum"), list) else [node.get("minimum"), node.get("maximum")]
        if not all(isinstance(bound, int) and bound in INT32 for bound in bounds):
            node["format"] = "int64"


def _typed_enums(schemas: dict[str, Any]) -> None:
    """Give every ``enum`` without a ``type`` the JSON type of its values (msgspec writes a ``Literal`` as a
    bare ``enum``, which generators then type as ``unknown``)."""
    for node in _objects(schemas):
        values = node.get("enum")
        if isinstance(values, list) and "type" not in node:
            kinds = {_JSON_TYPES.get(type(v)) for v in values}
            if len(kinds) == 1 and None not in kinds:
                node["type"] = kinds.pop()


def _plain_optional(schema: Schema) -> Schema:
    """The schema of an optional query parameter without its ``null``: a parameter left out is the default,
    so ``null`` is never sent, and a nullable enum becomes several types in generated clients."""
    if schema.one_of:
        kept = [s for s in schema.one_of if not (isinstance(s, Schema) and s.type == OpenAPIType.NULL)]
        if len(kept) == 1 and isinstance(kept[0], Schema):
            return Schema(type=kept[0].type, enum=kept[0].enum, description=schema.description)
    if isinstance(schema.type, list) and OpenAPIType.NULL in schema.type:
        (kind,) = [t for t in schema.type if t != OpenAPIType.NULL]
        enum = [v for v in (schema.enum or []) if v is not None] or None
        return Schema(type=kind, enum=enum, description=schema.description)
    return schema


def _tidy_parameters(operation: Operation) -> None:
    """Optional query and header parameters without ``null``; the ``preset`` path parameter lists the presets."""
    from service.scoring import PRESETS

    for parameter in operation.parameters or []:
        if not isinstance(parameter, OpenAPIParameter) or not isinstance(parameter.schema, Schema):
            continue
        if parameter.param_in in ("query", "header") and not parameter.required:
            parameter.schema = _plain_optional(parameter.schema)
        elif parameter.param_in == "path" and parameter.name == "preset":
            parameter.schema.enum = list(PRESETS)


def _referenced(node: Any, schemas: dict[str, Any], found: set[str]) -> set[str]:
    """Every component schema name ``node`` refers to, directly or through other components, added to ``found``."""
    for item in _objects(node):
        ref = item.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/components/schemas/"):
            name = ref.rsplit("/", 1)[1]
            if name not in found:
                found.add(name)
                _referenced(schemas.get(name), schemas, found)
    return found


def _request_components(openapi: Any) -> set[str]:
    """The component schemas a request body refers to, directly or through other components."""
    built = msgspec.to_builtins(openapi.to_schema())
    found: set[str] = set()
    for path_item in built.get("paths", {}).values():
        for operation in path_item.values():
            if isinstance(operation, dict):
                _referenced(operation.get("requestBody"), built["components"]["schemas"], found)
    return found


def _responses_list_every_field(openapi: Any) -> None:
    """In each component used by answers only, every property is ``required``: msgspec documents a field with a
    default as optional, but every answer Struct here sends all its fields (none sets ``omit_defaults``), and a
    generated client should not type an always-sent field as possibly missing. A component also used in a
    request keeps its optional fields (``Sticks`` is split in two for that: ``StickCounts`` in answers)."""
    built = msgspec.to_builtins(openapi.to_schema())
    schemas: dict[str, Any] = openapi.components.schemas
    requests: set[str] = set()
    answers: set[str] = set()
    for path_item in built.get("paths", {}).values():
        for operation in path_item.values():
            if isinstance(operation, dict):
                _referenced(operation.get("requestBody"), built["components"]["schemas"], requests)
                _referenced(operation.get("responses"), built["components"]["schemas"], answers)
    for name in sorted(answers - requests):
        schema = schemas[name]
        if isinstance(schema, dict) and schema.get("type") == "object" and schema.get("properties"):
            schema["required"] = list(schema["properties"])


def closed_vocabularies() -> dict[tuple[str, str], list[str]]:
    """``(component, property) → values`` of the answers' string fields whose values form a closed set, read
    from the core's own tables (so the document cannot promise an id the core does not have, nor miss one)."""
    from service.scoring import PRESETS
    from service.scoring.catalogue import YAKU_NAMES
    from service.scoring.fu import FU
    from service.scoring.kids import KIDS_POINTS
    from service.scoring.limits import LIMITS, yakuman_name

    presets = list(PRESETS)
    limits = ["none", *reversed([name for _, name, _ in LIMITS]), *(yakuman_name(m) for m in range(1, 11))]
    return {
        ("ScoreResult", "reason"): ["not_complete", "no_yaku"],
        ("ScoreResult", "limit"): limits,
        ("WinResult", "limit"): limits,
        ("TableCell", "limit"): ["none", "mangan"],
        ("LimitRow", "limit"): limits,
        ("YakuItem", "id"): list(YAKU_NAMES),
        ("YakuEntry", "id"): list(YAKU_NAMES),
        ("FuItem", "id"): [*FU, "pair_double_wind"],
        ("PointsItem", "id"): list(KIDS_POINTS),
        ("KidsPoints", "id"): list(KIDS_POINTS),
        **{
            (component, "preset"): presets
            for component in ("ScoreResult", "SettleResult", "FinalResult", "TenpaiResult", "PresetYaku")
        },
        ("PointsTable", "preset"): [p for p, rules in PRESETS.items() if rules.scoring == "han_fu"],
        ("PresetInfo", "id"): presets,
        ("Problem", "type"): [*PROBLEM_PAGES, "about:blank"],
    }


def _enumerate_closed_vocabularies(schemas: dict[str, Any]) -> None:
    """Each field of :func:`closed_vocabularies` becomes a string enum (its null branch, if any, kept)."""
    for (component, name), values in closed_vocabularies().items():
        if component not in schemas:  # an app built with some of the routes only (tests)
            continue
        prop = schemas[component]["properties"][name]
        branches = [b for b in prop.get("anyOf", [prop]) if b.get("type") == "string"]
        (branch,) = branches
        branch["enum"] = values


PYTHON_END_ANCHOR = "$(?!\\n)"
"""How the request Structs end a whole-value pattern: Python's ``$`` also matches before a final newline, which
the lookahead forbids. ECMA-262's ``$`` (the flavour JSON Schema names) matches only at the end of the value, and
Go's RE2 and Rust's ``regex`` refuse lookaheads, so the document writes the plain ``$``: the same set of strings."""


def _portable_patterns(node: Any) -> None:
    """Every ``pattern`` in ``node`` in a form every mainstream regex engine accepts (:data:`PYTHON_END_ANCHOR`
    becomes ``$``); a pattern with any other lookaround is a bug of the Struct that wrote it."""
    for item in _objects(node):
        pattern = item.get("pattern")
        if isinstance(pattern, str):
            if pattern.endswith(PYTHON_END_ANCHOR):
                pattern = pattern.removesuffix(PYTHON_END_ANCHOR) + "$"
            assert not re.search(r"\(\?(?:[=!]|<[=!])", pattern), f"a lookaround in pattern {pattern!r}"
            item["pattern"] = pattern


SHARED_ENUMS: dict[str, tuple[str | tuple[Any, ...], str]] = {
    "Language": (LANGUAGES, "A language of names and texts (`Accept-Language`): English, Japanese, Russian."),
    "Preset": ("ScoreResult.preset", "A rule preset's id (`GET /v1/rules` lists each with its options)."),
    "HanFuPreset": ("PointsTable.preset", "A rule preset that scores with han and fu (every one but `kids`)."),
    "Wind": (("E", "S", "W", "N"), "A wind: E (east), S (south), W (west), N (north)."),
    "Limit": (
        "ScoreResult.limit",
        "The limit a hand's value reaches: `none` (paid by han and fu), mangan to kazoe yakuman, then yakuman "
        "and its multiples (`double_yakuman`, …, up to ten).",
    ),
    "YakuId": ("YakuItem.id", "A yaku, yakuman or dora item's id (`GET /v1/yaku` describes each)."),
    "FuId": ("FuItem.id", "A fu item's id: the base fu, the win's, each set's, the pair's and the wait's."),
    "KidsPointsId": ("PointsItem.id", "An item of the kids' points (`/docs/rules` §5)."),
    "ProblemType": (
        "Problem.type",
        "A problem's type: a page under `/docs/problems` (relative to the server), or `about:blank`.",
    ),
    "AbortiveDraw": ("Abortive.kind", "A kind of abortive draw (`/docs/rulesets` §5)."),
    "TransferKind": ("Transfer.kind", "What a transfer of points or sticks in a settled hand is for."),
    "EndReason": ("SettleResult.end_reason", "Why a game ended (`/docs/rulesets` §6)."),
    "Furiten": (
        ("permanent", "temporary", "riichi"),
        "Why a tenpai hand cannot win by ron: `permanent` (a wait is in its own river), `temporary` (a wait was let "
        "pass since its last discard), `riichi` (a wait was let pass since its riichi) (`/docs/rules` §2).",
    ),
    "Kazoe": ("RulesSpec.kazoe", "What 13 or more han without a yakuman are worth (option `kazoe`)."),
    "Renhou": ("RulesSpec.renhou", "How renhou (a ron before the first own draw) counts (option `renhou`)."),
    "SanmaTsumo": (
        "RulesSpec.sanma_tsumo",
        "How a three-player tsumo treats the missing player's share (option `sanma_tsumo`).",
    ),
    "HonbaPoints": ("RulesSpec.honba", "Points one honba stick is worth (option `honba`)."),
    "RiichiDeposit": ("RulesSpec.riichi_deposit", "Points of one riichi deposit (option `riichi_deposit`)."),
    "PinfuFu": (
        "RulesSpec.open_pinfu_fu",
        "Fu added for an open or tsumo pinfu shape (options `open_pinfu_fu`, `pinfu_tsumo_fu`).",
    ),
}
"""Named enum components: ``name → (where its values are read: ``"Component.property"`` or the values
themselves, its description)``. Every other enum found in two places or more is named too (:func:`_name_enums`),
after its first property."""

GROWING_ENUMS = frozenset(
    {"YakuId", "FuId", "KidsPointsId", "ProblemType", "Limit", "TransferKind", "EndReason", "AbortiveDraw"}
)
"""The vocabularies of answers that may gain values within ``/v1`` (``/docs/compatibility``): every place of an
answer that holds one takes its known values or any other string, so a client generated today decodes an answer
with a value added later; a request takes the known values only (``AbortiveDraw`` in ``GameOptions``)."""
_GROWING = "The known values; an answer may hold another one, added later within /v1 (`/docs/compatibility`)."
_LATER_VALUE = {"type": "string", "description": "A value added after this document (`/docs/compatibility`)."}

_IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


def _enum_nodes(node: Any) -> list[dict[str, Any]]:
    """The schemas in ``node`` that list two or more values (a one-value enum is a union's tag), outside examples
    and defaults."""
    found: list[dict[str, Any]] = []
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if isinstance(item.get("enum"), list) and len(item["enum"]) > 1:
                found.append(item)
            stack.extend(reversed([v for k, v in item.items() if k not in ("examples", "default", "const", "enum")]))
        elif isinstance(item, list):
            stack.extend(reversed(item))
    return found


def _enum_key(node: dict[str, Any]) -> tuple[Any, ...]:
    return (node.get("type"), frozenset(json.dumps(v) for v in node["enum"]))


def _enum_varnames(values: list[Any]) -> list[str] | None:
    """Names for an enum's values where some value is no identifier (``x-enum-varnames``, read by
    openapi-generator): ``/problems/not-found`` → ``PROBLEMS_NOT_FOUND``, ``200`` → ``VALUE_200``."""
    if all(isinstance(v, str) and _IDENTIFIER.match(v) for v in values):
        return None
    names = [
        re.sub(r"[^A-Za-z0-9]+", "_", v).strip("_").upper() if isinstance(v, str) else f"VALUE_{v}" for v in values
    ]
    names = [n if n and not n[0].isdigit() else f"VALUE_{n}" for n in names]
    assert len(set(names)) == len(names), names
    return names


def _property_enum(schemas: dict[str, Any], component: str, name: str) -> dict[str, Any]:
    (node,) = _enum_nodes(schemas[component]["properties"][name])
    return node


def _name_enums(openapi: Any) -> None:
    """Every enum of :data:`SHARED_ENUMS`, and every other enum found in two places, becomes one component,
    referenced wherever its values occur (component schemas, parameters, response headers). A reference keeps
    the place's own description and default beside it."""
    schemas: dict[str, Any] = openapi.components.schemas
    parameters: list[OpenAPIParameter] = []
    for path_item in (openapi.paths or {}).values():
        for method in ("get", "post", "put", "patch", "delete", "head"):
            operation = getattr(path_item, method, None)
            for parameter in (operation.parameters or []) if operation else []:
                if isinstance(parameter, OpenAPIParameter) and isinstance(parameter.schema, Schema):
                    parameter.schema = msgspec.to_builtins(parameter.schema.to_schema())
                    parameters.append(parameter)
    places = [*(schemas[name] for name in sorted(schemas)), *(p.schema for p in parameters)]
    requested = {id(node) for name in _request_components(openapi) for node in _enum_nodes(schemas[name])}
    requested |= {id(node) for p in parameters for node in _enum_nodes(p.schema)}
    occurrences: dict[tuple[Any, ...], list[dict[str, Any]]] = {}
    for place in places:
        for node in _enum_nodes(place):
            occurrences.setdefault(_enum_key(node), []).append(node)
    named: dict[tuple[Any, ...], tuple[str, dict[str, Any]]] = {}
    for name, (source, description) in SHARED_ENUMS.items():
        if isinstance(source, str):
            component, prop = source.split(".")
            if component not in schemas:  # an app built with some of the routes only (tests)
                continue
            node = _property_enum(schemas, component, prop)
            values, kind = list(node["enum"]), node.get("type")
        else:
            values, kind = list(source), _JSON_TYPES[type(source[0])]
        schema = {"type": kind, "enum": values, "description": description}
        named[(kind, frozenset(json.dumps(v) for v in values))] = (name, schema)
    for key, nodes in occurrences.items():
        if key in named or len(nodes) < 2:
            continue
        owner = nodes[0]
        name = "".join(part.title() for part in _names_of(schemas, parameters, owner)[0].split("_"))
        named[key] = (name, {"type": key[0], "enum": list(owner["enum"]), "description": owner.get("description", "")})
    taken = set(schemas)
    for key, (name, schema) in sorted(named.items(), key=lambda item: item[1][0]):
        assert name not in taken, f"an enum component would replace the component {name}"
        taken.add(name)
        varnames = _enum_varnames(schema["enum"])
        if varnames:
            schema["x-enum-varnames"] = varnames
        if not schema["description"]:
            del schema["description"]
        for node in occurrences.get(key, []):
            for field in ("type", "enum"):
                node.pop(field, None)
            if name in GROWING_ENUMS and id(node) not in requested:  # a request takes the known values only
                node["anyOf"] = [{"$ref": REF_TEMPLATE.format(name=name)}, _LATER_VALUE]
            else:
                node["$ref"] = REF_TEMPLATE.format(name=name)
        if name in GROWING_ENUMS:
            schema["description"] = f"{schema.get('description', '')} {_GROWING}".strip()
        schemas[name] = schema
    for node in (n for nodes in occurrences.values() for n in nodes if "enum" in n):
        varnames = _enum_varnames(node["enum"])
        if varnames:
            node["x-enum-varnames"] = varnames
    for item in _objects(schemas):  # an open enum inside a nullable union: one flat union
        branches = item.get("anyOf")
        if isinstance(branches, list) and any(set(b) == {"anyOf"} for b in branches):
            item["anyOf"] = [inner for b in branches for inner in (b["anyOf"] if set(b) == {"anyOf"} else [b])]
    openapi.components.schemas = dict(sorted(schemas.items()))


TILE_UNIONS: dict[tuple[int, int], tuple[str, str, str, str]] = {
    (64, 18): ("Tiles", "TileText", "TileList", "At most 18 tiles (64 characters)"),
    (300, 136): ("ManyTiles", "ManyTileText", "ManyTileList", "At most 136 tiles (300 characters)"),
}
"""``(maxLength, maxItems) → (union, its text form, its list form, the bound in words)``: each "tiles as mpsz text
or a list of tile codes" of the requests becomes one component of each size, a ``oneOf`` of two named shapes (a
string and an array never both match). Generators then give it one name everywhere, and the list form a type of
its own (``TileList``), which openapi-generator's Java templates need to tell it from the text."""

TAGGED_UNIONS: dict[frozenset[str], tuple[str, str]] = {
    frozenset({"BooleanOption", "EnumOption", "IntegerOption", "ListOption"}): (
        "OptionInfo",
        "One rule option, tagged by `type`: `boolean`, `enum` (one of `values`), `integer` (between `minimum` and "
        "`maximum`) or `list` (of `values`, or of integers when `values` is null).",
    ),
    frozenset({"Ron", "Tsumo", "Draw", "Abortive", "Chombo"}): (
        "Outcome",
        "How a hand ended, tagged by `type`: `ron`, `tsumo`, an exhaustive `draw`, an `abortive` draw or `chombo`.",
    ),
}
"""The tagged unions (``oneOf`` with a ``discriminator``) named as components: ``variants → (name, description)``."""

RULES_BRANCHES = [{"$ref": REF_TEMPLATE.format(name="Preset")}, {"$ref": REF_TEMPLATE.format(name="RulesSpec")}]
"""``rules`` of a request: a preset's id or an object, one ``oneOf`` component ``Rules`` (a string and an object
never both match; as ``anyOf``, typescript-fetch made it the object alone). Its string branch lists the preset ids
in place, the one enum written twice: typescript-fetch's ``oneOf`` template casts the object to a referenced enum
component, which ``tsc`` refuses."""

OPTION_SCALAR_BRANCHES = [{"type": "string"}, {"type": "integer"}]
"""A word or an integer (an ``enum`` option's values, a ``list`` option's items), named ``OptionScalar``."""

OPTION_LISTS: dict[str, tuple[str, str]] = {
    "OptionWords": ("string", "A list option's value of words (`pao_yakuman`, `abortive_draws`)."),
    "OptionIntegers": ("integer", "A list option's value of integers, points (`uma`, one per placing)."),
}
"""The list branches of ``OptionValue``, one per item type (a list option's items are all words or all integers):
openapi-generator's Python client cannot decode a list of a union inside a union, and untyped items make
openapi-python-client write a cast mypy calls redundant."""

OPTION_VALUE_TYPES = ["boolean", "integer", "string", "array"]
"""The branches of a rule option's value of any kind (``PresetInfo.defaults``), named ``OptionValue``."""

_TILE = "One tile in mpsz notation: 1m–9m, 1p–9p, 1s–9s, 1z–7z; 0m/0p/0s = red five."


def _tile_union(node: dict[str, Any]) -> tuple[int, int] | None:
    branches = node.get("anyOf")
    if not isinstance(branches, list) or len(branches) != 2:
        return None
    text, listed = branches
    if text.get("type") != "string" or listed.get("type") != "array":
        return None
    return text["maxLength"], listed["maxItems"]


def _name_unions(schemas: dict[str, Any], requested: set[str]) -> None:
    """The request's tile unions (:data:`TILE_UNIONS`) and the tagged unions (:data:`TAGGED_UNIONS`) as named
    components, referenced wherever they occur. A property's ``default`` beside a union goes into its
    description instead (``Left out: …``) in the components of ``requested`` (dropped in answers, which send every
    field): generators write a union's default as a literal of the union's own
    type, which does not compile (Go, Java). An inline union whose place would give it a component's name
    (``Problem.type`` → ``ProblemType``) gets a ``title``, which generators name it after instead."""
    for item in list(_objects(schemas)):
        size = _tile_union(item)
        if size is not None:
            union, text_name, list_name, bound = TILE_UNIONS[size]
            text, listed = item.pop("anyOf")
            if "Tile" not in schemas:
                schemas["Tile"] = {**listed["items"], "description": _TILE}
            schemas[text_name] = {k: v for k, v in text.items() if k != "examples"}
            schemas[list_name] = {**listed, "items": {"$ref": REF_TEMPLATE.format(name="Tile")}}
            schemas[union] = {
                "description": f"Tiles as mpsz text (`'234567m3455p234s'`) or as a list of tile codes "
                f"(`['2m', '3m', …]`). {bound}.",
                "oneOf": [{"$ref": REF_TEMPLATE.format(name=text_name)}, {"$ref": REF_TEMPLATE.format(name=list_name)}],
            }
            item["$ref"] = REF_TEMPLATE.format(name=union)
        branches = item.get("oneOf")
        if "discriminator" in item and isinstance(branches, list):
            variants = frozenset(b["$ref"].rsplit("/", 1)[1] for b in branches)
            name, description = TAGGED_UNIONS[variants]
            schemas[name] = {
                "description": description,
                "oneOf": item.pop("oneOf"),
                "discriminator": item.pop("discriminator"),
            }
            item["$ref"] = REF_TEMPLATE.format(name=name)
    for item in list(_objects(schemas)):
        branches = item.get("anyOf")
        if branches == RULES_BRANCHES:
            preset = schemas["Preset"]
            schemas["Rules"] = {
                "description": 'The rules of a request: a preset\'s id (`"tenhou"`), or a preset with options '
                'overriding its defaults (`{"preset": "standard", "aka": true}`).',
                "oneOf": [
                    {"type": "string", "enum": list(preset["enum"]), "description": preset["description"]},
                    item.pop("anyOf")[1],
                ],
            }
            item["$ref"] = REF_TEMPLATE.format(name="Rules")
        if isinstance(branches, list) and [b.get("type") for b in branches] == OPTION_VALUE_TYPES:
            *scalars, _ = item.pop("anyOf")
            schemas["OptionValue"] = {
                "description": "A rule option's value: a boolean, an integer, a word, or a list of words or of "
                "integers.",
                "anyOf": [*scalars, *({"$ref": REF_TEMPLATE.format(name=name)} for name in OPTION_LISTS)],
            }
            for name, (kind, description) in OPTION_LISTS.items():
                schemas[name] = {"type": "array", "items": {"type": kind}, "description": description}
            item["$ref"] = REF_TEMPLATE.format(name="OptionValue")
    for item in _objects(schemas):
        if item.get("anyOf") == OPTION_SCALAR_BRANCHES:
            schemas["OptionScalar"] = {
                "description": "An option's value or list item that is a word or an integer.",
                "oneOf": item.pop("anyOf"),  # never both: typescript-fetch then types it `number | string`
            }
            item["$ref"] = REF_TEMPLATE.format(name="OptionScalar")
    for component, schema in list(schemas.items()):
        for prop, value in (schema.get("properties") or {}).items():
            inline_name = component + "".join(part.title() for part in prop.split("_"))
            if "anyOf" in value and inline_name in schemas:
                value["title"] = f"{inline_name}Value"  # generators name an inline union after its place
    for name in sorted(schemas):
        for item in _objects(schemas[name]):
            if "default" in item and ("anyOf" in item or "oneOf" in item or "$ref" in item):
                if isinstance(item.get("$ref"), str) and "enum" in schemas[item["$ref"].rsplit("/", 1)[1]]:
                    continue  # a named enum's default is one of its values: every generator writes it
                default = item.pop("default")
                if name in requested:  # an answer sends every field: its defaults say nothing
                    left_out = f"Left out: `{json.dumps(default, ensure_ascii=False)}`."
                    item["description"] = f"{item.get('description', '').rstrip()} {left_out}".strip()


def _names_of(schemas: dict[str, Any], parameters: list[OpenAPIParameter], node: dict[str, Any]) -> list[str]:
    """The property or parameter names whose schema holds ``node`` (for naming an enum after its first place)."""
    found = []
    for name in sorted(schemas):
        for prop, schema in (schemas[name].get("properties") or {}).items():
            if any(n is node for n in _enum_nodes(schema)):
                found.append(prop)
    found += [p.name for p in parameters if any(n is node for n in _enum_nodes(p.schema))]
    return found


def complete_document(app: Litestar, keys_required: bool = False) -> None:
    """Add problem responses, ``X-Request-ID`` headers and examples to ``app``'s document (call once);
    type every enum, and model optional query parameters as plain optional values. ``keys_required``: the
    deployment requires an API key on ``/v1/`` (:func:`service.api.plumbing.guards.api_keys`), which the operations'
    ``security`` then says."""
    openapi = app.openapi_schema
    assert openapi.components is not None
    _typed_enums(openapi.components.schemas)
    _portable_patterns(openapi.components.schemas)
    _tagged_unions_as_one_of(openapi.components.schemas)
    _enumerate_closed_vocabularies(openapi.components.schemas)
    openapi.components.headers = {
        **(openapi.components.headers or {}),
        REQUEST_ID: REQUEST_ID_HEADER,
        "Allow": ALLOW_HEADER,
        **_CACHE_HEADERS,
        **_GUARD_HEADERS,
    }
    openapi.components.security_schemes = {**(openapi.components.security_schemes or {}), **SECURITY_SCHEMES}
    for operation, handler in _operations(app):
        if "request_body" in handler.opt:  # a body read as bytes (POST /v1/logs/replay) documents its media types
            operation.request_body = handler.opt["request_body"]
        if "response_content" in handler.opt:  # a streamed answer (NDJSON): one line's schema per media type
            component, media = handler.opt["response_content"]  # component None: lines of JSON of no one schema
            answer = operation.responses["200"] if operation.responses else None
            if isinstance(answer, OpenAPIResponse):
                line = (
                    Schema(type=OpenAPIType.STRING)
                    if component is None
                    else Reference(ref=f"#/components/schemas/{component}")
                )
                answer.content = {media: OpenAPIMediaType(schema=line)}
        has_body = operation.request_body is not None
        _add_problem_responses(operation, has_body)
        path = next(iter(handler.paths))
        if "GET" in handler.http_methods and cache_policy("GET", path, 200)[1]:
            _add_caching(operation, path)
        if path.startswith(GUARDED_PREFIX):
            _add_guard_responses(operation)
            operation.security = operation_security(keys_required)
        spec = BODY_EXAMPLES.get(str(operation.operation_id))
        if has_body and spec is not None:
            _add_body_examples(operation, handler, spec)
        _add_call_examples(operation, handler, CALL_EXAMPLES.get(str(operation.operation_id), []))
        for status, (summary, value) in RESPONSE_EXAMPLES.get(str(operation.operation_id), {}).items():
            _put_example(operation, status, summary, Example(summary=summary, value=value))
        if known_query_only in (handler.guards or []):
            _add_query_examples(operation, handler)
        _finish_responses(operation, has_body)
        _tidy_parameters(operation)
        parameters = list(operation.parameters or [])
        refuses = any(status in (operation.responses or {}) for status in ("400", "422"))
        if refuses and not any(getattr(p, "name", None) == "Accept-Language" for p in parameters):
            parameters.append(ACCEPT_LANGUAGE_PARAMETER)
        operation.parameters = [*parameters, REQUEST_ID_PARAMETER]
    _name_enums(openapi)
    _name_unions(openapi.components.schemas, _request_components(openapi))
    _wide_integers(openapi.components.schemas)  # last: every component is in place, the named ones too
    openapi.components.schemas = dict(sorted(openapi.components.schemas.items()))
    _responses_list_every_field(openapi)


def document(app: Litestar) -> dict[str, Any]:
    """The OpenAPI document of ``app`` as JSON-ready data (what ``/schema/openapi.json`` serves)."""
    built: dict[str, Any] = msgspec.to_builtins(app.openapi_schema.to_schema())
    return built

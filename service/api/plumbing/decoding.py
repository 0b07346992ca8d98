"""Strict request-body decoding: raw JSON bytes straight into a core Struct with msgspec.

Litestar's default body handling decodes JSON to Python objects and then converts them in
*lax* mode (``"1"`` → ``1``, ``"true"`` → ``True``), which would accept schema violations.
:class:`StrictJSON` is a minimal DTO that instead decodes the bytes once, strictly, into
its model type (unknown fields forbidden by the Struct itself), and reports failures as
:class:`BadRequestBody` with a field path (``melds[1].tiles``), mapped to 400 in
:mod:`service.api.plumbing.errors`.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Callable, Generator
from decimal import Decimal
from functools import cache
from typing import Any, Final, Generic, TypeVar

import msgspec
from litestar.dto import AbstractDTO, DTOConfig, DTOFieldDefinition
from litestar.typing import FieldDefinition

from service.i18n import Refusal, refusal
from service.i18n.parsing import json_fault, json_position
from service.scoring import FieldError
from service.scoring.model import TILE_CODE_PATTERN, TILES_PATTERN

__all__ = [
    "FORM_MEDIA_TYPES",
    "JSON_MEDIA_TYPES",
    "BadRequestBody",
    "StrictJSON",
    "UnsupportedBodyEncoding",
    "UnsupportedBodyType",
    "UnsupportedCharset",
    "charset_misreads",
    "content_codings",
    "decode_json",
    "field_error_from_msgspec",
    "is_utf8_or_unstated",
    "log_body_refusal",
    "msgspec_refusal",
]

T = TypeVar("T")

SCHEMA_DETAIL: Final = refusal("refusal.detail.schema")
"""The ``detail`` of a 400 for a body that is JSON of the wrong shape (``errors`` names the field)."""

JSON_MEDIA_TYPES = frozenset({"application/json"})
"""Accepted request ``Content-Type`` values (plus any ``application/*+json``; parameters ignored)."""

# msgspec's messages end with " - at `$.path`" unless the problem is at the root.
_AT_PATH = re.compile(r"^(?P<message>.*?)(?: - at `\$(?P<path>[^`]*)`)?$", re.DOTALL)
MAX_KEY_ECHO = 64
"""Most characters of a client's unknown key echoed in a problem's field and message (longer ones are cut, "…")."""
# Messages that name the offending key, which belongs in the path rather than the text.
_NAMED_FIELD = re.compile(r"^Object (?:contains unknown|missing required) field `(?P<name>.*)`$", re.DOTALL)


class BadRequestBody(Exception):
    """The body is not JSON, or not JSON of the expected shape: HTTP 400.

    ``detail`` says which (one sentence); ``errors`` names the fields involved (empty when
    the body is not JSON at all; a field of ``""`` means the body as a whole).
    """

    def __init__(self, detail: str, errors: list[FieldError]) -> None:
        self.detail = detail
        self.errors = errors
        super().__init__(detail)


class UnsupportedBodyType(Exception):
    """The request's ``Content-Type`` is not JSON (a JSON operation), or is a form upload (a game-log operation:
    ``form``, whose body is the log's own bytes): HTTP 415. ``content_type`` is what was sent."""

    def __init__(self, content_type: str, form: bool = False) -> None:
        self.content_type = content_type
        self.form = form
        super().__init__(f"Content-Type {content_type!r} is not supported; send application/json")


FORM_MEDIA_TYPES: Final = frozenset({"multipart/form-data"})
"""A form upload's media type (what ``curl -F`` sends): its body wraps the file in boundaries and headers, never
a log a reader can read, so it is refused for its header. (``application/x-www-form-urlencoded``, what ``curl -d``
sends, is read as the bytes it is: an mjlog sent that way has always been read.)"""


class UnsupportedCharset(Exception):
    """A text ``Content-Type`` whose ``charset`` could misread the body (:func:`charset_misreads`): HTTP 415. JSON
    is UTF-8 (RFC 8259 §8.1), so UTF-8, no charset, or a plain-ASCII body in an ASCII-compatible charset is read
    and anything else is refused rather than misread. ``content_type`` is what was sent."""

    def __init__(self, content_type: str) -> None:
        self.content_type = content_type
        super().__init__(f"Content-Type {content_type!r}: JSON is UTF-8; send charset=utf-8 or none")


class UnsupportedBodyEncoding(Exception):
    """A ``Content-Encoding`` the operation does not read, or ``gzip`` over a body that is not gzip: HTTP 415
    (RFC 9110 §15.5.16), answered with ``Accept-Encoding`` listing the codings it reads (RFC 9110 §12.5.3).

    ``content_encoding`` is what was sent; ``accepted`` the codings the operation reads besides ``identity``
    (the JSON operations: none; the log operations: ``gzip``); ``not_gzip``: the coding was gzip, the body is not.
    """

    def __init__(self, content_encoding: str, accepted: tuple[str, ...] = (), not_gzip: bool = False) -> None:
        self.content_encoding = content_encoding
        self.accepted = accepted
        self.not_gzip = not_gzip
        super().__init__(f"Content-Encoding {content_encoding!r} is not read here")


GZIP_MAGIC: Final = b"\x1f\x8b"
"""The first two bytes of every gzip stream (RFC 1952 §2.3.1)."""


def content_codings(values: list[str]) -> list[str]:
    """The content codings a request's ``Content-Encoding`` lines name, lower case, in order, ``identity`` (no
    coding) left out (RFC 9110 §8.4: a list; codings are case-insensitive).

    >>> content_codings(["gzip"]), content_codings(["Identity", ""]), content_codings(["x-gzip, br", "deflate"])
    (['gzip'], [], ['x-gzip', 'br', 'deflate'])
    """
    tokens = (token.strip().lower() for value in values for token in value.split(","))
    return [token for token in tokens if token and token != "identity"]


UTF8_CHARSETS: Final = frozenset({"utf-8", "utf8", "us-ascii", "ascii"})
"""Charsets whose bytes are read as UTF-8 as they stand: UTF-8 under its two names, and ASCII (a subset)."""


def _charset(content_type: str) -> str | None:
    """The ``charset`` parameter of a ``Content-Type``, lower case and unquoted; None where it states none."""
    for parameter in content_type.split(";")[1:]:
        name, _, value = parameter.partition("=")
        if name.strip().lower() == "charset":
            return value.strip().strip('"').lower()
    return None


def is_utf8_or_unstated(content_type: str) -> bool:
    """Whether a ``Content-Type`` states no ``charset`` or one read as UTF-8 as it stands (``utf-8``, ``utf8``,
    ``us-ascii``, ``ascii``; any case, quoted or not).

    >>> [is_utf8_or_unstated(t) for t in ("application/json", "application/json; charset=UTF-8",
    ...     'application/json;charset="utf-8"', "application/json; charset=us-ascii", "application/json; charset=utf8",
    ...     "application/json; charset=latin1", "application/json; charset=")]
    [True, True, True, True, True, False, False]
    """
    charset = _charset(content_type)
    return charset is None or charset in UTF8_CHARSETS


def charset_misreads(content_type: str, body: bytes | None) -> bool:
    """Whether reading ``body`` as UTF-8 could misread what its ``Content-Type`` declares: a ``charset`` other
    than UTF-8 or ASCII, unless it reads ASCII as ASCII does (latin-1, windows-1252, Shift_JIS …) and ``body``
    is plain ASCII, so every such charset reads it alike. ``body`` None (not read yet): any such charset
    could misread it. An unknown charset, or one like UTF-16 that reads ASCII otherwise, always could.

    >>> [charset_misreads("application/json; charset=latin-1", b) for b in (b'{"a": 1}', '{"a": "é"}'.encode())]
    [False, True]
    >>> [charset_misreads(t, b"{}") for t in ("application/json; charset=utf-16", "text/plain; charset=klingon")]
    [True, True]
    >>> charset_misreads("application/json", "é".encode()), charset_misreads("text/xml; charset=cp1252", None)
    (False, True)
    """
    charset = _charset(content_type)
    if charset is None or charset in UTF8_CHARSETS:
        return False
    if body is None or not body.isascii():
        return True
    try:
        return _ASCII_PROBE.decode(charset) != _ASCII_PROBE.decode("ascii")
    except (LookupError, UnicodeDecodeError, ValueError):
        return True


_ASCII_PROBE: Final = bytes(range(0x20, 0x7F)) + b"\t\r\n"
"""Every printable ASCII character and the white space JSON and XML use: a charset that decodes these bytes to
the same characters as ASCII reads an ASCII body alike."""


def _is_text(essence: str) -> bool:
    """Whether a media type is text a charset applies to (JSON, JSON lines, XML, ``text/*``), not an archive's
    bytes (``application/zip``, ``application/gzip``, ``application/x-tar``, ``application/octet-stream``)."""
    return is_json_media_type(essence) or essence.startswith("text/") or essence.endswith(("xml", "ndjson", "jsonl"))


_XML_ENCODING: Final = re.compile(rb"""<\?xml[^>]*?\sencoding\s*=\s*["']([A-Za-z0-9._-]+)["']""")
"""An XML declaration's ``encoding`` (``<?xml version="1.0" encoding="Shift_JIS"?>``), within its first bytes."""


def _declared_alike(content_type: str, body: bytes | None) -> bool:
    """Whether ``body`` is an XML document whose own declaration names the encoding the header's ``charset`` names
    (two names of one codec alike: ``shift_jis`` and ``Shift_JIS``, ``sjis``): an mjlog is read by its
    declaration, so the two agreeing is no misreading.

    >>> _declared_alike("application/xml; charset=sjis", b'<?xml version="1.0" encoding="Shift_JIS"?><mjloggm/>')
    True
    >>> _declared_alike("application/xml; charset=shift_jis", b'<?xml version="1.0"?><mjloggm/>')
    False
    """
    charset = _charset(content_type)
    match = _XML_ENCODING.match(body[:200]) if body is not None and charset is not None else None
    if match is None or charset is None:
        return False
    try:
        return codecs.lookup(charset).name == codecs.lookup(match[1].decode("ascii")).name
    except LookupError:
        return False


def log_body_refusal(
    content_types: list[str], content_encodings: list[str], head: bytes, body: bytes | None = None
) -> Exception | None:
    """Why a game log's body is refused for its headers, or None: a text ``Content-Type`` (JSON, JSON lines, XML,
    ``text/*``: the readers read its bytes as UTF-8, an mjlog's own declaration aside) whose charset could be misread
    (:func:`charset_misreads` of ``body``, None when it is not read yet; :class:`UnsupportedCharset`); a
    ``Content-Encoding`` other than one ``gzip`` (or ``x-gzip``), or gzip over a non-empty body whose first bytes
    ``head`` are not gzip's (:class:`UnsupportedBodyEncoding`). A gzip body is read without the header too: the
    log readers know it by its first bytes.

    >>> log_body_refusal([], ["gzip"], b"\\x1f\\x8b\\x08") is None, log_body_refusal([], [], b"<mjloggm") is None
    (True, True)
    >>> log_body_refusal([], ["gzip"], b"<mjloggm").not_gzip, log_body_refusal([], ["br"], b"").accepted
    (True, ('gzip',))
    """
    for content_type in content_types:
        essence = content_type.split(";", 1)[0].strip().lower()
        if essence in FORM_MEDIA_TYPES:
            return UnsupportedBodyType(content_type, form=True)
        if _is_text(essence) and charset_misreads(content_type, body) and not _declared_alike(content_type, body):
            return UnsupportedCharset(content_type)
    codings = content_codings(content_encodings)
    if not codings:
        return None
    sent = ", ".join(content_encodings)
    if codings not in (["gzip"], ["x-gzip"]):
        return UnsupportedBodyEncoding(sent, ("gzip",))
    if head and not head.startswith(GZIP_MAGIC):
        return UnsupportedBodyEncoding(sent, ("gzip",), not_gzip=True)
    return None


def field_error_from_msgspec(message: str) -> FieldError:
    """A :class:`FieldError` from a msgspec validation message, with the path made relative.

    ``$.a[0].b`` becomes ``a[0].b``; the root becomes ``""``; an unknown or missing field
    named in the message is appended to the path, so the field is the one to fix. The message is said in plain
    words (:func:`msgspec_refusal`).

    >>> field_error_from_msgspec("Expected `str`, got `int` - at `$.melds[0].tiles`")
    FieldError(field='melds[0].tiles', message='must be a string, not a whole number')
    >>> field_error_from_msgspec("Object contains unknown field `foo` - at `$.rules`")
    FieldError(field='rules.foo', message='unknown field foo: this object has no such field')
    >>> field_error_from_msgspec("Object missing required field `hand`")
    FieldError(field='hand', message='required field hand is missing')
    >>> field_error_from_msgspec("Expected `object`, got `array`")
    FieldError(field='', message='must be an object, not an array')

    A key longer than :data:`MAX_KEY_ECHO` characters is echoed cut to that length, ending in "…" (the
    client sent it; it need not come back whole, twice):

    >>> field_error_from_msgspec("Object contains unknown field `" + "k" * 5000 + "`").field == "k" * 64 + "…"
    True
    """
    match = _AT_PATH.match(message)
    assert match is not None  # the pattern matches any string
    text, path = match["message"], (match["path"] or "").removeprefix(".")
    if named := _NAMED_FIELD.match(text):
        name = named["name"]
        if len(name) > MAX_KEY_ECHO:
            clipped = name[:MAX_KEY_ECHO] + "…"
            text = text.replace(f"`{name}`", f"`{clipped}`")
            name = clipped
        path = f"{path}.{name}" if path else name
    if text.startswith("Expected `str` matching regex") and any(repr(p) in text for p in _TILE_PATTERNS):
        text = TILE_NOTATION_MESSAGE
    return FieldError(field=path, message=msgspec_refusal(text))


_KIND_KEYS: Final = {
    "int": "refusal.kind.int",
    "float": "refusal.kind.float",
    "str": "refusal.kind.str",
    "object": "refusal.kind.object",
    "array": "refusal.kind.array",
}
"""msgspec's JSON type names, each as a plain word of the catalogues (``int`` → "a whole number"); ``bool`` and
``null`` are said as the JSON literals ``true``, ``false`` and ``null``."""

_BOUND_KEYS: Final = {
    ">=": "refusal.bound.ge",
    ">": "refusal.bound.gt",
    "<=": "refusal.bound.le",
    "<": "refusal.bound.lt",
}
"""A bound on a number (msgspec's ``>=`` …), by operator: ``≥ 1`` in en and ru, ``1 以上`` in ja."""

_LENGTH_KEYS: Final = {
    ">=": "refusal.length.ge",
    ">": "refusal.length.gt",
    "<=": "refusal.length.le",
    "<": "refusal.length.lt",
}
"""A bound on a length (of a string, array or object), by operator."""


def _kinds(expression: str) -> str | None:
    """msgspec's type ``expression`` (``int``, ``bool | null``, …) in plain words, as a refusal of the
    catalogues (``true, false or null``); None for a type name it does not know."""
    words: list[str] = []
    for name in expression.split(" | "):
        if name == "bool":
            words += ["true", "false"]
        elif name == "null":
            words.append("null")
        elif name in _KIND_KEYS:
            words.append(refusal(_KIND_KEYS[name]))
        else:
            return None
    if len(words) == 1:
        return words[0]
    head = words[0]
    for word in words[1:-1]:
        head = refusal("refusal.kinds.comma", a=head, b=word)
    return refusal("refusal.kinds.or", head=head, last=words[-1])


def _number(text: str) -> int | Decimal:
    """A bound msgspec wrote (``1``, ``-3``, ``0.5``) as a number, so it is written in the language's way."""
    return Decimal(text) if "." in text else int(text)


_OF_A_KIND: Final[tuple[tuple[re.Pattern[str], Callable[[re.Match[str], str], str]], ...]] = (
    (
        re.compile(r"Expected `(?P<type>[^`]+)` of length (?P<op>[<>]=?) (?P<bound>\d+)"),
        lambda m, kind: refusal(
            "refusal.expected", what=refusal(_LENGTH_KEYS[m["op"]], kind=kind, bound=int(m["bound"]))
        ),
    ),
    (
        re.compile(r"Expected `(?P<type>[^`]+)` of length (?P<bound>\d+), got (?P<got>\d+)"),
        lambda m, kind: refusal(
            "refusal.expected_length_got",
            what=refusal("refusal.length.eq", kind=kind, bound=int(m["bound"])),
            got=int(m["got"]),
        ),
    ),
    (
        re.compile(r"Expected `(?P<type>[^`]+)` (?P<op>[<>]=?) (?P<bound>-?\d+(?:\.\d+)?)"),
        lambda m, kind: refusal(
            "refusal.expected", what=refusal(_BOUND_KEYS[m["op"]], kind=kind, bound=_number(m["bound"]))
        ),
    ),
    (
        re.compile(r"Expected `(?P<type>[^`]+)` that's a multiple of (?P<bound>\d+(?:\.\d+)?)"),
        lambda m, kind: refusal(
            "refusal.expected", what=refusal("refusal.multiple_of", kind=kind, bound=_number(m["bound"]))
        ),
    ),
)
"""msgspec's texts about a value of one type (``type``, in backticks) out of a bound, each with the refusal it
becomes given that type in plain words."""

_OF_A_FIELD: Final[tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], str]], ...]] = (
    (
        re.compile(r"Expected `str` matching regex (?P<pattern>.+)", re.DOTALL),
        lambda m: refusal("refusal.expected", what=refusal("refusal.pattern", pattern=m["pattern"])),
    ),
    (
        re.compile(r"Object contains unknown field `(?P<name>.*)`", re.DOTALL),
        lambda m: refusal("refusal.unknown_field", name=m["name"]),
    ),
    (
        re.compile(r"Object missing required field `(?P<name>.*)`", re.DOTALL),
        lambda m: refusal("refusal.missing_field", name=m["name"]),
    ),
    (
        re.compile(r"Invalid enum value (?P<value>.*)", re.DOTALL),
        lambda m: refusal("refusal.invalid_enum", value=m["value"]),
    ),
)
"""msgspec's other texts (a pattern, a field unknown or missing, an enum value), each with its refusal."""


def _plain(text: str) -> str | None:
    """msgspec's validation ``text`` in plain words, as a refusal of the catalogues; None for a shape not known
    (or a type name :func:`_kinds` does not know)."""
    if m := re.fullmatch(r"Expected `(?P<expected>[^`]+)`, got `(?P<got>[^`]+)`", text):
        expected, got = _kinds(m["expected"]), _kinds(m["got"])
        return None if expected is None or got is None else refusal("refusal.expected_got", expected=expected, got=got)
    for pattern, say in _OF_A_KIND:
        if m := pattern.fullmatch(text):
            kind = _kinds(m["type"])
            return None if kind is None else say(m, kind)
    for field_pattern, say_field in _OF_A_FIELD:
        if m := field_pattern.fullmatch(text):
            return say_field(m)
    return None


def msgspec_refusal(text: str) -> str:
    """msgspec's validation ``text`` said in plain words, without its backticks and type names, as a refusal of
    the catalogues (so a 400 follows the request's language); ``text`` itself when it is a refusal already, or a
    message of a shape not known (kept as it is: the whole answer is then English).

    >>> from service.i18n import render
    >>> [render(msgspec_refusal("Expected `bool | null`, got `str`"), lang) for lang in ("en", "ru", "ja")]
    ['must be true, false or null, not a string', 'ожидается true, false или null, а получено: строка', \
'true、false、または null が必要です（受け取った値: 文字列）']
    >>> [render(msgspec_refusal("Expected `int` >= 1"), lang) for lang in ("en", "ru", "ja")]
    ['must be a whole number ≥ 1', 'ожидается целое число ≥ 1', '1 以上の整数が必要です']
    """
    if isinstance(text, Refusal):
        return text
    return _plain(text) or text


_TILE_PATTERNS = (TILES_PATTERN, TILE_CODE_PATTERN)
TILE_NOTATION_MESSAGE = refusal("refusal.tile_notation")
"""What a tile string or code that fails the schema's pattern is told (/docs/rules §1)."""


def is_json_media_type(content_type: str) -> bool:
    """Whether a (lower-cased, parameter-free) media type is JSON: ``application/json`` or ``application/*+json``.

    >>> [is_json_media_type(t) for t in ("application/json", "application/problem+json", "text/plain")]
    [True, True, False]
    """
    if content_type in JSON_MEDIA_TYPES:
        return True
    return content_type.startswith("application/") and content_type.endswith("+json")


@cache
def _decoder(model_type: type[T]) -> msgspec.json.Decoder[T]:
    """One reused strict decoder per model type."""
    return msgspec.json.Decoder(model_type)


def decode_json(value: bytes, model_type: type[T]) -> T:
    """Decode JSON bytes strictly into ``model_type``; :class:`BadRequestBody` if not JSON or not of that shape.

    >>> from service.scoring import MeldSpec
    >>> decode_json(b'{"type": "pon", "tiles": "777z"}', MeldSpec)
    MeldSpec(type='pon', tiles='777z', closed=False)
    >>> decode_json(b'{"type": "pon", "tiles": 777}', MeldSpec)
    Traceback (most recent call last):
    service.api.plumbing.decoding.BadRequestBody: The request body does not match the schema.

    A number with no fractional part is an integer, as in JSON Schema:

    >>> from service.scoring import ScoreRequest
    >>> decode_json(b'{"hand": "1m", "win_tile": "1m", "honba": 2.0}', ScoreRequest).honba
    2
    """
    try:
        decoder: msgspec.json.Decoder[T] = _decoder(model_type)  # type: ignore[arg-type]  # types are hashable
        return decoder.decode(value)
    except msgspec.ValidationError as exc:
        if _FLOAT_FOR_INT.match(str(exc)):
            return _decode_with_integral_floats(value, model_type)
        error = field_error_from_msgspec(str(exc))
        raise BadRequestBody(SCHEMA_DETAIL, [error]) from None
    except msgspec.DecodeError as exc:
        raise _not_json(exc, value) from None
    except RecursionError:  # msgspec recurses per nesting level, e.g. through a batch's raw hands
        raise _too_deep() from None


def _not_json(exc: msgspec.DecodeError, value: bytes) -> BadRequestBody:
    """The 400 for a body that is not JSON: where it stops being JSON (line and column) and why, in the request's
    language (the ``errors`` entry names the body as a whole, ``""``).

    >>> from service.i18n import render
    >>> try:
    ...     msgspec.json.decode(b'{"hand": "1m",}')
    ... except msgspec.DecodeError as exc:
    ...     refused = _not_json(exc, b'{"hand": "1m",}')
    >>> refused.detail, refused.errors[0].message
    ('The request body is not valid JSON (line 1, column 15).', 'not valid JSON at line 1, column 15: trailing comma')
    >>> render(refused.detail, "ru")
    'Тело запроса — не корректный JSON (строка 1, столбец 15).'
    """
    where = json_fault(exc, value)
    if where is None:
        return BadRequestBody(
            refusal("refusal.detail.not_json_anywhere"),
            [FieldError(field="", message=refusal("refusal.not_json_anywhere"))],
        )
    offset, reason = where
    line, column = json_position(value, offset)
    return BadRequestBody(
        refusal("refusal.detail.not_json", line=line, column=column),
        [FieldError(field="", message=refusal("refusal.not_json", line=line, column=column, reason=refusal(reason)))],
    )


_FLOAT_FOR_INT = re.compile(r"Expected `(?:[^`]*\| )?int(?: \|[^`]*)?`, got `float`")
"""msgspec's message for a float where an int (or a union with int) is expected."""


def _integral_float(text: str) -> float | int:
    """A JSON number with a fraction or exponent: an int when it has no fractional part (``3.0`` → ``3``)."""
    number = float(text)
    return int(number) if number.is_integer() else number


_WITH_INTEGRAL_FLOATS: msgspec.json.Decoder[Any] = msgspec.json.Decoder(float_hook=_integral_float)
"""Decodes JSON into builtins with every integral float as an int (msgspec walks the nesting, not Python)."""


def _decode_with_integral_floats(value: bytes, model_type: type[T]) -> T:
    """The slow path of :func:`decode_json` for a number like ``3.0`` where an integer is expected.

    JSON Schema (and so the OpenAPI document) counts ``3.0`` as an integer, so it is taken
    as ``3``; ``3.5`` stays an error. Decodes again with such floats turned into ints; on
    failure reports that attempt's first error (so a valid ``2.0`` is never the one blamed), or that the
    body is not JSON when that is found only past the float (``{"honba": 2.0, "hand": "\xff"}``: invalid
    UTF-8: a 400, never a 500).
    """
    try:
        return msgspec.convert(_WITH_INTEGRAL_FLOATS.decode(value), model_type, strict=True)
    except msgspec.ValidationError as exc:
        error = field_error_from_msgspec(str(exc))
        raise BadRequestBody(SCHEMA_DETAIL, [error]) from None
    except msgspec.DecodeError as exc:
        raise _not_json(exc, value) from None
    except RecursionError:
        raise _too_deep() from None


def _too_deep() -> BadRequestBody:
    return BadRequestBody(
        refusal("refusal.detail.too_deep"), [FieldError(field="", message=refusal("refusal.too_deep"))]
    )


class StrictJSON(AbstractDTO[T], Generic[T]):
    """Request-body DTO: ``@post(dto=StrictJSON[Model], return_dto=None)`` with ``data: Model``.

    Decodes the raw body with a strict msgspec decoder for ``Model``. Raises
    :class:`UnsupportedBodyEncoding` for any ``Content-Encoding`` but ``identity`` (the body is read as sent),
    :class:`UnsupportedBodyType` for a non-JSON ``Content-Type`` (a missing header is taken
    as JSON), :class:`UnsupportedCharset` for a charset that could misread the body (:func:`charset_misreads`),
    and :class:`BadRequestBody` for malformed JSON or a schema violation. The
    OpenAPI request schema is ``Model``'s own, unchanged.
    """

    config = DTOConfig()

    @classmethod
    def decode_body(cls, value: bytes) -> T:
        """``value`` (a JSON body) decoded strictly into ``model_type`` (:func:`decode_json`); a subclass may
        decode it another way with the same answers (the batch's: :class:`service.api.routes.batch.BatchJSON`).
        Both litestar's path (:meth:`decode_bytes`) and the direct path (:mod:`service.api.plumbing.fastpath`)
        call it."""
        return decode_json(value, cls.model_type)

    def decode_bytes(self, value: bytes) -> T:
        """Decode ``value`` (the request body, non-empty) with :meth:`decode_body`; errors as described above."""
        headers = self.asgi_connection.headers
        encodings = headers.getall("content-encoding", [])
        if content_codings(encodings):
            raise UnsupportedBodyEncoding(", ".join(encodings))
        media_type = headers.get("content-type")
        if media_type is not None:
            essence = media_type.split(";", 1)[0].strip().lower()
            if not is_json_media_type(essence):
                raise UnsupportedBodyType(media_type)
            if charset_misreads(media_type, value):
                raise UnsupportedCharset(media_type)
        return self.decode_body(value)

    def decode_builtins(self, value: dict[str, Any]) -> T:
        """Convert already-decoded builtins strictly (not used for JSON bodies; here for completeness)."""
        try:
            return msgspec.convert(value, self.model_type, strict=True)
        except msgspec.ValidationError as exc:
            error = field_error_from_msgspec(str(exc))
            raise BadRequestBody(SCHEMA_DETAIL, [error]) from None

    @classmethod
    def create_for_field_definition(
        cls, field_definition: FieldDefinition, handler_id: str, backend_cls: type[Any] | None = None
    ) -> None:
        """No transfer model or backend is needed: decoding goes straight to ``model_type``."""

    @classmethod
    def create_openapi_schema(cls, field_definition: FieldDefinition, handler_id: str, schema_creator: Any) -> Any:
        """The request body schema is the model's own (a component named after it)."""
        return schema_creator.for_field_definition(
            FieldDefinition.from_annotation(cls.model_type, kwarg_definition=field_definition.kwarg_definition)
        )

    @classmethod
    def generate_field_definitions(cls, model_type: type[Any]) -> Generator[DTOFieldDefinition, None, None]:
        """Unused (no transfer model is generated)."""
        yield from ()

    @classmethod
    def detect_nested_field(cls, field_definition: FieldDefinition) -> bool:
        """Unused (no transfer model is generated)."""
        return False

"""The JSON and XML parsers' faults (msgspec's :class:`~msgspec.DecodeError`, expat's ``ParseError``), and those of
the gzip, zip and tar readers, as refusals of the catalogues: where the text stops being JSON or XML, by line and
column (both from 1; the column counts characters, not bytes), and why, in the catalogues' words. The parsers' own
English never reaches a client: a request body (``service.api.plumbing.decoding``) and a game log's decoders
(``service.logs``) say it this way.
"""

from __future__ import annotations

import gzip
import lzma
import math
import re
import tarfile
import zipfile
import zlib
from typing import Final

import msgspec

from . import Refusal, refusal

__all__ = ["archive_reason", "json_fault", "json_position", "json_reason", "xml_reason"]

_MALFORMED: Final = re.compile(r"JSON is malformed: (?P<reason>.+) \(byte (?P<offset>\d+)\)", re.DOTALL)
"""msgspec's message for malformed JSON: what is wrong and the offset of the byte at fault."""

_JSON_REASONS: Final = {
    "invalid character": "refusal.json.invalid_character",
    "trailing characters": "refusal.json.trailing_characters",
    "trailing comma in object": "refusal.json.trailing_comma",
    "trailing comma in array": "refusal.json.trailing_comma",
    "expected ':'": "refusal.json.expected_colon",
    "expected ',' or '}'": "refusal.json.expected_comma_or_brace",
    "expected ',' or ']'": "refusal.json.expected_comma_or_bracket",
    "expected '\"'": "refusal.json.expected_quote",
    "object keys must be strings": "refusal.json.key_not_string",
    "invalid number": "refusal.json.invalid_number",
    "invalid escape character in string": "refusal.json.invalid_escape",
    "invalid escaped character": "refusal.json.invalid_escape",
    "invalid character in unicode escape": "refusal.json.invalid_escape",
    "unexpected end of hex escape": "refusal.json.invalid_escape",
    "invalid utf-16 surrogate pair": "refusal.json.invalid_escape",
    "unexpected end of escaped utf-16 surrogate pair": "refusal.json.invalid_escape",
}
"""msgspec's reasons for malformed JSON (English only), each as a refusal of the catalogues; another reason is
said as ``refusal.json.malformed``."""


def json_position(value: bytes, offset: int) -> tuple[int, int]:
    r"""The line and column (both from 1; the column counts characters, not bytes) of byte ``offset`` of ``value``;
    an offset past the end is the end.

    >>> json_position(b'{"hand": "1m",\n "win_tile": x}', 28)
    (2, 14)
    >>> json_position("{\"name\": \"東\" x}".encode(), 15)
    (1, 14)
    """
    offset = min(max(offset, 0), len(value))
    start = value.rfind(b"\n", 0, offset) + 1
    return value.count(b"\n", 0, offset) + 1, len(value[start:offset].decode("utf-8", "replace")) + 1


def json_fault(exc: msgspec.DecodeError, value: bytes) -> tuple[int, str] | None:
    """The byte offset in ``value`` (the bytes msgspec was given) at which it stops being JSON and the catalogue
    key of why, from msgspec's message; None for a message of another shape.

    >>> try:
    ...     msgspec.json.decode(b'[1, 2,]')
    ... except msgspec.DecodeError as exc:
    ...     json_fault(exc, b'[1, 2,]')
    (6, 'refusal.json.trailing_comma')
    """
    message = str(exc)
    if malformed := _MALFORMED.fullmatch(message):
        return int(malformed["offset"]), _JSON_REASONS.get(malformed["reason"], "refusal.json.malformed")
    if message.startswith(("Integer value out of range", "Number out of range")):  # msgspec names no byte
        return _too_large(value)
    if message == "Input data was truncated":
        return len(value), "refusal.json.truncated"
    if message == "Invalid UTF-8 encoded string":  # msgspec gives no offset: the first byte Python refuses
        try:
            value.decode("utf-8")
        except UnicodeDecodeError as error:
            return error.start, "refusal.json.not_utf8"
        return len(value), "refusal.json.not_utf8"
    return None


_NUMBER: Final = re.compile(rb"-?[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?")
_MOST_DIGITS: Final = 4300
"""The most digits of a whole number msgspec reads (Python's own limit of ``int()`` of a text)."""


def _too_large(value: bytes) -> tuple[int, str] | None:
    """Where the first number of ``value`` that msgspec cannot hold is: a whole number of more than
    :data:`_MOST_DIGITS` digits, or a decimal beyond a double (``1e400``); None where none is found.

    >>> _too_large(b'{"a": [1, 2e400]}')
    (10, 'refusal.json.number_range')
    """
    for found in _NUMBER.finditer(value):
        number = found[0]
        whole = not any(mark in number for mark in b".eE")
        if (len(number.lstrip(b"-")) > _MOST_DIGITS) if whole else math.isinf(float(number)):
            return found.start(), "refusal.json.number_range"
    return None


def json_reason(
    exc: msgspec.DecodeError, value: bytes, document: bytes | None = None, start: int = 0, *, line: bool = False
) -> Refusal:
    """Where and why ``value`` is not JSON: ``line L, column C: reason`` (``refusal.parse.at``), or only the reason
    (``refusal.json.malformed``) for a message of msgspec's that names no place. ``value`` is the part of
    ``document`` (default: ``value`` itself) that begins at byte ``start``, and the place is counted in
    ``document``: a line of JSON lines is placed in the whole log. ``line``: ``value`` is one line, so a value
    cut short ends with the line (``refusal.json.line_truncated``), not with the body.

    >>> from service.i18n import render
    >>> text = b'{"type": "start_game"}\\n{"type": "tsumo",}'
    >>> try:
    ...     msgspec.json.decode(text[23:])
    ... except msgspec.DecodeError as exc:
    ...     reason = json_reason(exc, text[23:], text, 23)
    >>> reason, render(reason, "ru")
    ('line 2, column 18: trailing comma', 'строка 2, столбец 18: лишняя запятая перед закрывающей скобкой')
    """
    fault = json_fault(exc, value)
    if fault is None:
        return refusal("refusal.json.malformed")
    offset, reason = fault
    if line and reason == "refusal.json.truncated":
        reason = "refusal.json.line_truncated"
    number, column = json_position(value if document is None else document, start + offset)
    return refusal("refusal.parse.at", line=number, column=column, reason=refusal(reason))


_XML_REASONS: Final = {
    2: "refusal.xml.syntax",  # syntax error
    3: "refusal.xml.no_element",  # no element found
    4: "refusal.xml.invalid_token",  # not well-formed (invalid token)
    5: "refusal.xml.unclosed_token",  # unclosed token
    6: "refusal.xml.partial_character",  # partial character
    7: "refusal.xml.mismatched_tag",  # mismatched tag
    8: "refusal.xml.duplicate_attribute",  # duplicate attribute
    9: "refusal.xml.junk_after_root",  # junk after document element
    11: "refusal.xml.undefined_entity",  # undefined entity
    14: "refusal.xml.bad_character_reference",  # reference to invalid character number
    17: "refusal.xml.misplaced_declaration",  # XML or text declaration not at start of entity
    18: "refusal.xml.unknown_encoding",  # unknown encoding
    19: "refusal.xml.wrong_encoding",  # encoding specified in XML declaration is incorrect
    20: "refusal.xml.unclosed_cdata",  # unclosed CDATA section
    27: "refusal.xml.unbound_prefix",  # unbound prefix
    30: "refusal.xml.bad_declaration",  # XML declaration not well-formed
}
"""expat's error codes (``xml.parsers.expat.errors.codes``; its English message beside each) that a malformed
document meets, each as a refusal of the catalogues; any other is said as ``refusal.xml.malformed``."""


def xml_reason(error: Exception) -> Refusal:
    """Where and why a document is not well-formed XML, from the error the parser raised (an
    ``xml.etree.ElementTree.ParseError`` or ``xml.parsers.expat.ExpatError``: expat's ``code`` and its line and
    column, the column counted from 0 in characters): ``line L, column C: reason`` (``refusal.parse.at``, the column
    from 1); only the reason for an error that names no place (``LookupError``: an encoding Python does not know).

    >>> from xml.etree.ElementTree import ParseError, fromstring
    >>> from service.i18n import render
    >>> try:
    ...     fromstring('<mjloggm>\\n<INIT seed="東"></INT></mjloggm>')
    ... except ParseError as error:
    ...     reason = xml_reason(error)
    >>> reason
    'line 2, column 18: a closing tag that does not match the element open there'
    >>> render(reason, "ja")
    '2 行 18 列: 閉じタグが開いている要素と一致しません'
    """
    if isinstance(error, LookupError):  # the declared encoding is none Python knows: expat never saw a byte
        return refusal("refusal.xml.unknown_encoding")
    code, line, column = getattr(error, "code", None), getattr(error, "lineno", None), getattr(error, "offset", None)
    if isinstance(position := getattr(error, "position", None), tuple) and len(position) == 2:
        line, column = position
    reason = refusal(
        _XML_REASONS.get(code, "refusal.xml.malformed") if isinstance(code, int) else "refusal.xml.malformed"
    )
    if not isinstance(line, int) or not isinstance(column, int):
        return reason
    return refusal("refusal.parse.at", line=line, column=column + 1, reason=reason)


_ENDS_EARLY: Final = ("unexpected end of data", "Truncated", "ended before the end")
"""Words of :mod:`tarfile`, :mod:`zipfile`, :mod:`gzip` saying the data stops before its end."""

_CORRUPT: Final = ("Invalid data stream", "zlib error")
"""Words of :mod:`bz2` and of :mod:`tarfile` (a zlib error it wraps in its own) saying the compressed data
does not inflate."""

_BAD_CHECKSUM: Final = ("CRC", "Incorrect length")
"""Words of :mod:`zipfile` (a member's CRC) and :mod:`gzip` (the stream's CRC or length) saying the data
inflated is not what was compressed."""


def archive_reason(error: BaseException) -> Refusal:
    """Why a gzip stream, zip or tar archive cannot be read, from the error :mod:`gzip`, :mod:`zlib`,
    :mod:`zipfile` or :mod:`tarfile` raised, in the catalogues' words (those modules say it in English only).

    >>> import zlib
    >>> from service.i18n import render
    >>> render(archive_reason(zlib.error("Error -3 while decompressing data: invalid block type")), "ru")
    'сжатые данные повреждены'
    """
    message = str(error)
    if isinstance(error, EOFError) or any(words in message for words in _ENDS_EARLY):
        key = "refusal.archive.ends_early"
    elif isinstance(error, (zlib.error, lzma.LZMAError)) or any(words in message for words in _CORRUPT):
        key = "refusal.archive.corrupt"
    elif isinstance(error, (gzip.BadGzipFile, zipfile.BadZipFile)) and any(w in message for w in _BAD_CHECKSUM):
        key = "refusal.archive.bad_checksum"
    elif isinstance(error, gzip.BadGzipFile):
        key = "refusal.archive.not_gzip"
    elif isinstance(error, zipfile.BadZipFile):
        key = "refusal.archive.not_zip"
    elif isinstance(error, (NotImplementedError, RuntimeError)):  # a compression method, or encrypted
        key = "refusal.archive.unsupported"
    elif isinstance(error, tarfile.TarError):
        key = "refusal.archive.bad_tar"
    else:
        key = "refusal.archive.unreadable"
    return refusal(key)

"""A log's bytes → its format → a :class:`~service.logs.record.GameLog` (/docs/logs §Formats).

The format is read from the body when the caller does not name it:

- gzip (``1f 8b``) is inflated first, to at most :data:`MAX_LOG_BYTES` (a larger result is refused,
  so a small compressed body cannot make a large one);
- ``<`` first (after a UTF-8 byte-order mark and white space): Tenhou mjlog XML;
- a JSON object with ``log`` (an array of rounds): tenhou.net/6 JSON;
- a JSON object with ``head`` and ``data``/``actions``/``records``, or whose first records are Mahjong
  Soul's (``NewRound``): a Mahjong Soul game record;
- JSON objects one a line with ``type`` (``start_game``, ``start_kyoku``, …), or a JSON array of them:
  mjai.
"""

from __future__ import annotations

import zlib
from typing import Final, Literal

from service.i18n import refusal
from service.i18n.parsing import archive_reason

from .record import GameLog, LogError

__all__ = ["MAX_LOG_BYTES", "LogFormatName", "detect_format", "inflate", "read_log"]

MAX_LOG_BYTES: Final = 4 * 1024 * 1024
"""The largest log the service reads, after inflating: 4 MiB (a Tenhou hanchan is ~40 KB of XML, the
same game in mjai ~150 KB)."""

LogFormatName = Literal["tenhou_xml", "tenhou6", "mjai", "majsoul"]


def inflate(body: bytes) -> bytes:
    """``body`` itself, or its gzip content when it starts with gzip's magic bytes.

    Raises :class:`LogError` for a broken gzip stream or one that inflates past :data:`MAX_LOG_BYTES`.
    """
    if body[:2] != b"\x1f\x8b":
        return body
    inflater = zlib.decompressobj(wbits=16 + zlib.MAX_WBITS)
    try:
        out = inflater.decompress(body, MAX_LOG_BYTES + 1)
    except zlib.error as error:
        raise LogError(refusal("refusal.log.gzip_broken", error=archive_reason(error))) from None
    if len(out) > MAX_LOG_BYTES or inflater.unconsumed_tail:
        raise LogError(refusal("refusal.log.inflates", most=MAX_LOG_BYTES))
    if not inflater.eof:
        raise LogError(refusal("refusal.log.gzip_truncated"))
    return out


def detect_format(text: bytes) -> LogFormatName:
    """The format of an (inflated) log from its first bytes; :class:`LogError` when it is none of the four."""
    head = text.lstrip(b"\xef\xbb\xbf \t\r\n")[:4096]
    if head.startswith(b"<"):
        return "tenhou_xml"
    if head.startswith(b"["):
        return "mjai"
    if head.startswith(b"{"):
        first_line = head.split(b"\n", 1)[0]
        if b'"type"' in first_line and (b"start_game" in first_line or b"start_kyoku" in first_line):
            return "mjai"
        if b'"head"' in head or (b'"uuid"' in head and b'"actions"' in head) or b'NewRound"' in head:
            return "majsoul"
        if b'"log"' in head or b'"log":' in text:
            return "tenhou6"
        if b'"type"' in first_line:
            return "mjai"
    raise LogError(refusal("refusal.log.no_format"))


def read_log(body: bytes, format: LogFormatName | None = None) -> GameLog:
    """Decode a log as published (``format`` named by the caller, else detected; gzip allowed)."""
    text = inflate(body)
    if len(text) > MAX_LOG_BYTES:
        raise LogError(refusal("refusal.log.too_large", most=MAX_LOG_BYTES))
    name = format or detect_format(text)
    try:
        return _decode(text, name)
    except RecursionError:  # JSON nested thousands deep: no log format nests more than a few levels
        raise LogError(refusal("refusal.log.too_deep")) from None


def _decode(text: bytes, name: LogFormatName) -> GameLog:
    if name == "tenhou_xml":
        from . import tenhou_xml

        return tenhou_xml.decode(text)
    if name == "mjai":
        from . import mjai

        return mjai.decode(text)
    if name == "tenhou6":
        from . import tenhou6

        return tenhou6.decode(text)
    from . import majsoul

    return majsoul.decode(text)

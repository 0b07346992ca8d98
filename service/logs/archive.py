"""Many logs in one body or file, read one at a time (/docs/logs §Many games).

:func:`iter_logs` reads a binary stream holding many games and yields them one by one as
``(name, bytes)``, or ``(name, LogError)`` for an entry that cannot be taken (too large, a broken
archive member), so one bad entry does not stop the others. What the stream may be, read from its
first bytes:

- a zip archive (``PK``): every file in it, in the archive's order (the stream must be seekable);
- a tar archive, plain or gzip-compressed (``ustar`` at byte 257 of the tar data): every regular file,
  read as the archive streams;
- anything else: NDJSON, one log a line (gzip-compressed as a whole, or plain): a JSON string holding
  the log's text (an mjlog's XML, mjai's lines), a JSON object (a tenhou.net/6 log, a Mahjong Soul
  record) or a JSON array (mjai events); blank lines are skipped.

Each entry is at most :data:`~service.logs.detect.MAX_LOG_BYTES` (a gzip entry is inflated later, by
:func:`~service.logs.read_log`, under the same cap); the whole body inflates to at most
:data:`MAX_INFLATED_BYTES`; only one entry is held in memory at a time. A body whose first line is no
JSON string, object or array (and no archive) is refused as a whole.

    >>> import io
    >>> body = b'"<mjloggm ver=\\\\"2.3\\\\"/>"\\n\\n["not", "mjai"]\\n'
    >>> list(iter_logs(io.BytesIO(body)))
    [('line 1', b'<mjloggm ver="2.3"/>'), ('line 3', b'["not", "mjai"]')]
"""

from __future__ import annotations

import gzip
import tarfile
import zipfile
import zlib
from collections.abc import Iterator
from typing import IO, Final

import msgspec

from service.i18n import Refusal, refusal
from service.i18n.parsing import archive_reason, json_fault, json_position

from .detect import MAX_LOG_BYTES
from .record import LogError

__all__ = ["Entry", "iter_logs"]

Entry = tuple[str, bytes | LogError]
"""One game of a batch: its name (the archive member's path, or ``line N``) and its bytes or the error."""

_MOST: Final = f"{MAX_LOG_BYTES:,}"

MAX_INFLATED_BYTES: Final = 512 * 1024 * 1024
"""The most a whole body may inflate to, over all its entries (512 MiB): past it the rest of the archive is
not read (a compression bomb costs at most that much inflating, a few seconds)."""


class _Inflated:
    """A binary reader that counts what it hands out and raises :class:`LogError` past
    :data:`MAX_INFLATED_BYTES` (wrapped around gzip streams; zip members are counted where they are read)."""

    def __init__(self, source: IO[bytes] | gzip.GzipFile) -> None:
        self.source = source
        self.total = 0

    def count(self, size: int) -> None:
        self.total += size
        if self.total > MAX_INFLATED_BYTES:
            raise LogError(refusal("refusal.log.body_inflates", most=f"{MAX_INFLATED_BYTES:,}"))

    def read(self, size: int = -1) -> bytes:
        data = self.source.read(size)
        self.count(len(data))
        return data

    def readline(self, size: int = -1) -> bytes:
        data = self.source.readline(size)
        self.count(len(data))
        return data


def _where(error: msgspec.DecodeError, line: bytes) -> Refusal:
    """Where and why one line of NDJSON (``line``, as read, its white space kept) is not JSON: ``column C:
    reason`` (the column from 1, in characters of the line; the line's number is the game's name), or only the
    reason when msgspec names no place. The JSON parser's own English is never said."""
    text = line.strip()
    fault = json_fault(error, text)
    if fault is None:
        return refusal("refusal.json.malformed")
    offset, reason = fault
    _, column = json_position(line, len(line) - len(line.lstrip()) + offset)
    if reason == "refusal.json.truncated":
        reason = "refusal.json.line_truncated"
    return refusal("refusal.parse.at_column", column=column, reason=refusal(reason))


def iter_logs(stream: IO[bytes]) -> Iterator[Entry]:
    """The logs in ``stream`` (see the module doc), one at a time.

    Raises :class:`LogError` (``field`` ``log``) only when the stream as a whole cannot be read: a broken
    zip directory, a broken gzip stream or tar header before the first entry.
    """
    head = stream.read(4)
    stream.seek(0)
    if head.startswith(b"PK\x03\x04") or head.startswith(b"PK\x05\x06"):
        yield from _zip_entries(stream)
        return
    source: IO[bytes] | gzip.GzipFile = (
        gzip.GzipFile(fileobj=stream, mode="rb") if head.startswith(b"\x1f\x8b") else stream
    )
    try:
        peek = source.read(512)
    except (OSError, EOFError, zlib.error) as error:
        raise LogError(refusal("refusal.log.gzip_broken", error=archive_reason(error))) from None
    source.seek(0)
    counted = _Inflated(source)
    if len(peek) == 512 and peek[257:262] == b"ustar":
        yield from _tar_entries(counted)
        return
    yield from _ndjson_entries(counted)


def _zip_entries(stream: IO[bytes]) -> Iterator[Entry]:
    try:
        archive = zipfile.ZipFile(stream)
        members = [info for info in archive.infolist() if not info.is_dir()]
    except (zipfile.BadZipFile, OSError, ValueError, EOFError) as error:
        raise LogError(refusal("refusal.log.zip_unreadable", error=archive_reason(error))) from None
    inflated = 0
    for info in members:
        if info.file_size > MAX_LOG_BYTES:
            yield info.filename, LogError(refusal("refusal.log.member_too_large", name=info.filename, most=_MOST))
            continue
        try:
            with archive.open(info) as member:
                data = member.read(MAX_LOG_BYTES + 1)
        except (zipfile.BadZipFile, OSError, ValueError, EOFError, NotImplementedError, RuntimeError) as error:
            yield (
                info.filename,
                LogError(refusal("refusal.log.member_unreadable", name=info.filename, error=archive_reason(error))),
            )
            continue
        inflated += len(data)
        if inflated > MAX_INFLATED_BYTES:
            raise LogError(refusal("refusal.log.body_inflates", most=f"{MAX_INFLATED_BYTES:,}"))
        if len(data) > MAX_LOG_BYTES:
            yield info.filename, LogError(refusal("refusal.log.member_too_large", name=info.filename, most=_MOST))
        else:
            yield info.filename, data


def _tar_entries(stream: _Inflated) -> Iterator[Entry]:
    try:
        with tarfile.open(fileobj=stream, mode="r|") as archive:  # type: ignore[call-overload]
            for member in archive:
                if not member.isfile():
                    continue
                if member.size > MAX_LOG_BYTES:
                    yield member.name, LogError(refusal("refusal.log.member_too_large", name=member.name, most=_MOST))
                    continue
                extracted = archive.extractfile(member)
                yield (
                    member.name,
                    extracted.read()
                    if extracted is not None
                    else LogError(refusal("refusal.log.member_empty", name=member.name)),
                )
    except (tarfile.TarError, OSError, EOFError, zlib.error) as error:
        raise LogError(refusal("refusal.log.tar_unreadable", error=archive_reason(error))) from None


def _ndjson_entries(source: _Inflated) -> Iterator[Entry]:
    number = 0
    seen_a_log = False
    while True:
        try:
            line = source.readline(MAX_LOG_BYTES + 1)
            oversized = len(line) > MAX_LOG_BYTES
            if oversized and not line.endswith(b"\n"):  # skip the rest of the line
                while (more := source.readline(65536)) and not more.endswith(b"\n"):
                    pass
        except (OSError, EOFError, zlib.error) as error:
            raise LogError(refusal("refusal.log.gzip_broken", error=archive_reason(error))) from None
        if not line:
            return
        number += 1
        name = f"line {number}"  # the game's name, data; in a refusal, said in the answer's language
        said = refusal("refusal.log.line", number=number)
        text = line.strip()
        if oversized:
            yield name, LogError(refusal("refusal.log.member_too_large", name=said, most=_MOST))
        elif not text:
            continue
        elif not seen_a_log and text[:1] not in (b'"', b"{", b"["):  # bytes of no kind read here
            raise LogError(refusal("refusal.log.not_archive"))
        elif text.startswith(b'"'):
            try:
                decoded = msgspec.json.decode(text)
            except msgspec.DecodeError as error:
                yield name, LogError(refusal("refusal.log.not_json_string_error", name=said, error=_where(error, line)))
                continue
            seen_a_log = True
            yield (
                name,
                decoded.encode()
                if isinstance(decoded, str)
                else LogError(refusal("refusal.log.not_json_string", name=said)),
            )
        elif text[:1] in (b"{", b"["):
            seen_a_log = True
            yield name, text
        else:
            yield name, LogError(refusal("refusal.log.not_a_log", name=said))

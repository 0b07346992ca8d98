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
  record) or a JSON array (mjai events); blank lines are skipped, and so is a UTF-8 byte-order mark
  before the first.

A damaged zip member is an error in its place (the zip's directory places the next one). A tar or gzip
stream is read in order, so where its rest cannot be read (a damaged header or compressed data part-way
through, the data stopping before the tar's end marker, a gzip checksum that does not match) the iterator
ends by raising a :class:`LogError` that names the last entry read: the games after it are never dropped
without a word, and no other exception comes out of damaged data. A gzip stream is inflated as it is read
(:class:`_Gunzip`), so every entry whose bytes inflate whole before the damage is given before that error.

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
import lzma
import struct
import sys
import tarfile
import zipfile
import zlib
from collections.abc import Iterator
from typing import IO, Any, Final

import msgspec

from service.i18n import Refusal, refusal
from service.i18n.parsing import archive_reason, json_fault, json_position

from .detect import MAX_LOG_BYTES
from .record import LogError

__all__ = ["Entry", "iter_logs"]

Entry = tuple[str, bytes | LogError]
"""One game of a batch: its name (the archive member's path, or ``line N``) and its bytes or the error."""

_MOST: Final = f"{MAX_LOG_BYTES:,}"

_BOM: Final = b"\xef\xbb\xbf"
"""UTF-8's byte-order mark, skipped at the start of an NDJSON body (as the one-game readers skip it)."""

_READ_ERRORS: Final = (
    zipfile.BadZipFile,
    tarfile.TarError,
    OSError,  # gzip.BadGzipFile, bz2's damaged data, a seek outside the body
    EOFError,
    ValueError,  # a name that is not UTF-8, an offset out of range (a LogError is ours: re-raised first)
    zlib.error,
    lzma.LZMAError,
    struct.error,
    RuntimeError,  # NotImplementedError: a compression method not read here; an encrypted zip member
)
"""What :mod:`zipfile`, :mod:`tarfile`, :mod:`gzip` and the decompressors under them raise on damaged data;
each is said in the catalogues' words by :func:`~service.i18n.parsing.archive_reason`."""

MAX_INFLATED_BYTES: Final = 512 * 1024 * 1024
"""The most a whole body may inflate to, over all its entries (512 MiB): past it the rest of the archive is
not read (a compression bomb costs at most that much inflating, a few seconds)."""


_STEP: Final = 64 * 1024
"""The most a gzip stream is read, and inflated, in one step (64 KiB each way): memory stays bounded."""

_GZIP_HEADER: Final = ("incorrect header check", "unknown compression method", "unknown header flags", "header crc")
"""Words of :mod:`zlib` saying a gzip member's header is not one."""


class _Gunzip:
    """A gzip stream (one member or several, zero padding between them allowed, as :mod:`gzip` reads it),
    inflated as it is read, in steps of :data:`_STEP`.

    Where the stream is damaged (the data stopping, compressed data that does not inflate, a checksum that does
    not match), every byte inflated before the damage is handed out first; the error is raised by the read that
    finds nothing left before it, and by every read after. (:class:`gzip.GzipFile` reads ahead in blocks, so
    its error loses the bytes it had inflated with them: a tar's members wholly before the damage would go
    unread.) The errors are those :mod:`gzip` raises: :class:`EOFError` where the data stops,
    :class:`gzip.BadGzipFile` for a header or checksum, :class:`zlib.error` for damaged compressed data."""

    def __init__(self, raw: IO[bytes]) -> None:
        self.raw = raw
        self.inflater: Any = zlib.decompressobj(31)  # None between members
        self.tail = b""  # bytes read past a member's end: the next member's start, or zero padding
        self.buffer = b""  # inflated, not yet handed out (at most one step)
        self.at = 0
        self.error: BaseException | None = None
        self.done = False

    def _fill(self) -> bool:
        """Inflate until there are bytes to hand out: False at the stream's end; the damage's error (raised)
        once nothing inflated before it is left."""
        while self.at == len(self.buffer):
            if self.error is not None:
                raise self.error
            if self.done:
                return False
            self.buffer, self.at = self._step(), 0
        return True

    def _step(self) -> bytes:
        """The next bytes inflated (maybe none); at the damage, those before it, the error kept for later."""
        inflater = self.inflater
        if inflater is None:  # between members: zero padding, another member, or the end
            data, self.tail = self.tail or self.raw.read(_STEP), b""
            if not data:
                self.done = True
                return b""
            data = data.lstrip(b"\0")
            if not data:  # zero padding: read on
                return b""
            self.inflater = inflater = zlib.decompressobj(31)
        else:
            data = inflater.unconsumed_tail or self.raw.read(_STEP)
        before = inflater.copy()
        try:
            inflated: bytes = inflater.decompress(data, _STEP)
        except zlib.error as error:
            self.error = _gzip_error(error)
            return _inflated_before(before, data)
        if inflater.eof:
            self.tail, self.inflater = inflater.unused_data, None
        elif not inflated and not data:
            self.error = EOFError("Compressed file ended before the end-of-stream marker was reached")
        return inflated

    def read(self, size: int = -1) -> bytes:
        if size < 0:
            parts = []
            while self._fill():
                parts.append(self.buffer[self.at :])
                self.at = len(self.buffer)
            return b"".join(parts)
        if size == 0 or not self._fill():
            return b""
        data = self.buffer[self.at : self.at + size]
        self.at += len(data)
        return data

    def readline(self, size: int = -1) -> bytes:
        """A line, ended by ``\\n`` or the stream's end, of at most ``size`` bytes; a line the damage cuts is
        not given, the error is raised instead."""
        parts: list[bytes] = []
        left = size if size >= 0 else sys.maxsize
        while left > 0 and self._fill():
            stop = min(len(self.buffer), self.at + left)
            end = self.buffer.find(b"\n", self.at, stop)
            if end >= 0:
                stop = end + 1
            parts.append(self.buffer[self.at : stop])
            left -= stop - self.at
            self.at = stop
            if end >= 0:
                break
        return b"".join(parts)


def _inflated_before(inflater: Any, data: bytes) -> bytes:
    """What ``inflater`` inflates from ``data`` before its error, fed a byte at a time (less than one step:
    fed at once, the step stopped on the error before its bound)."""
    parts = []
    for at in range(len(data)):
        try:
            parts.append(inflater.decompress(data[at : at + 1]))
        except zlib.error:
            break
    return b"".join(parts)


def _gzip_error(error: zlib.error) -> BaseException:
    """:mod:`zlib`'s error as :mod:`gzip` says it: a checksum or length that does not match, or a header that
    is no gzip header, is :class:`gzip.BadGzipFile`; damaged compressed data stays :class:`zlib.error`."""
    message = str(error)
    if "incorrect data check" in message:
        return gzip.BadGzipFile("CRC check failed")
    if "incorrect length check" in message:
        return gzip.BadGzipFile("Incorrect length of data produced")
    if any(words in message for words in _GZIP_HEADER):
        return gzip.BadGzipFile("Not a gzipped file")
    return error


class _Inflated:
    """A binary reader that counts what it hands out and raises :class:`LogError` past
    :data:`MAX_INFLATED_BYTES` (wrapped around gzip streams; zip members are counted where they are read)."""

    def __init__(self, source: IO[bytes] | _Gunzip) -> None:
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
    zip directory, a broken gzip stream or tar header before the first entry; or, after some entries, when
    the rest cannot be read (a damaged tar header or compressed data part-way through, a tar cut short): the
    error names the last entry read and is the last thing the iterator gives. No other exception comes out of
    damaged data.
    """
    head = stream.read(4)
    stream.seek(0)
    if head.startswith(b"PK\x03\x04") or head.startswith(b"PK\x05\x06"):
        yield from _zip_entries(stream)
        return
    compressed = head.startswith(b"\x1f\x8b")
    peek = _peek(_Gunzip(stream)) if compressed else stream.read(512)
    stream.seek(0)
    counted = _Inflated(_Gunzip(stream) if compressed else stream)
    if len(peek) == 512 and peek[257:262] == b"ustar":
        yield from _tar_entries(counted, compressed)
        return
    yield from _ndjson_entries(counted)


def _peek(source: _Gunzip) -> bytes:
    """The first 512 bytes ``source`` inflates to, or fewer: those before its end or its damage (the damage is
    met again as the body is read); its error when it inflates to nothing."""
    peek = b""
    try:
        while len(peek) < 512 and (more := source.read(512 - len(peek))):
            peek += more
    except _READ_ERRORS as error:
        if not peek:
            raise LogError(refusal("refusal.log.gzip_broken", error=archive_reason(error))) from None
    return peek


def _printable(name: str) -> str:
    """A member's name as text that can be written: bytes that are not UTF-8 (which :mod:`tarfile` keeps as
    lone surrogates) become U+FFFD."""
    return name.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def _zip_entries(stream: IO[bytes]) -> Iterator[Entry]:
    try:
        archive = zipfile.ZipFile(stream)
        members = [info for info in archive.infolist() if not info.is_dir()]
    except _READ_ERRORS as error:
        raise LogError(refusal("refusal.log.zip_unreadable", error=archive_reason(error))) from None
    inflated = 0
    for info in members:
        name = _printable(info.filename)
        if info.file_size > MAX_LOG_BYTES:
            yield name, LogError(refusal("refusal.log.member_too_large", name=name, most=_MOST))
            continue
        try:
            with archive.open(info) as member:
                data = member.read(MAX_LOG_BYTES + 1)
        except _READ_ERRORS as error:  # this member only: the directory places the next one
            yield name, LogError(refusal("refusal.log.member_unreadable", name=name, error=archive_reason(error)))
            continue
        inflated += len(data)
        if inflated > MAX_INFLATED_BYTES:
            raise LogError(refusal("refusal.log.body_inflates", most=f"{MAX_INFLATED_BYTES:,}"))
        if len(data) > MAX_LOG_BYTES:
            yield name, LogError(refusal("refusal.log.member_too_large", name=name, most=_MOST))
        else:
            yield name, data


_END_OF_ARCHIVE: Final[type[tarfile.HeaderError]] = tarfile.EOFHeaderError  # type: ignore[attr-defined]
"""A block of zeros where a header would be: the tar archive's end marker."""

_CUT_SHORT: Final[tuple[type[tarfile.HeaderError], ...]] = (
    tarfile.EmptyHeaderError,  # type: ignore[attr-defined]
    tarfile.TruncatedHeaderError,  # type: ignore[attr-defined]
)
"""No header, or part of one, where a header would be: the data stops before the archive's end marker."""


# the module's classes under other names: the method below names its argument tarfile, as TarInfo's does
_HEADER_ERROR: Final = tarfile.HeaderError
_ReadError: Final = tarfile.ReadError


class _StrictTarInfo(tarfile.TarInfo):
    """A tar header read as :mod:`tarfile` reads it, except that a damaged header, or the data stopping,
    after the first one is an error: :mod:`tarfile` takes either as the archive's end, so every member after
    it would be dropped without a word."""

    @classmethod
    def fromtarfile(cls, tarfile: Any) -> _StrictTarInfo:
        try:
            return super().fromtarfile(tarfile)
        except _END_OF_ARCHIVE:
            raise
        except _CUT_SHORT:
            if tarfile.offset == 0:
                raise
            raise EOFError("the tar archive ends before its end marker") from None
        except _HEADER_ERROR:
            if tarfile.offset == 0:
                raise
            raise _ReadError("a damaged tar header") from None


def _tar_entries(stream: _Inflated, compressed: bool) -> Iterator[Entry]:
    """Every regular file of the tar in ``stream``, read as it streams; past the end marker of a compressed
    one, the rest of the gzip stream is read, so its checksum is checked."""
    last: str | None = None  # the last entry given: where a later error is placed
    try:
        with tarfile.open(fileobj=stream, mode="r|", tarinfo=_StrictTarInfo) as archive:  # type: ignore[call-overload]
            for member in archive:
                if not member.isfile():
                    continue
                name = _printable(member.name)
                entry: bytes | LogError
                if member.size > MAX_LOG_BYTES:
                    entry = LogError(refusal("refusal.log.member_too_large", name=name, most=_MOST))
                else:
                    extracted = archive.extractfile(member)
                    entry = (
                        extracted.read()
                        if extracted is not None
                        else LogError(refusal("refusal.log.member_empty", name=name))
                    )
                last = name
                yield name, entry
    except LogError:
        raise
    except _READ_ERRORS as error:
        raise _stopped(last, error) from None
    if compressed and last is not None:
        try:
            while stream.read(65536):
                pass
        except LogError:
            raise
        except _READ_ERRORS as error:
            raise LogError(refusal("refusal.log.archive_damaged", error=archive_reason(error))) from None


def _stopped(last: str | None, error: BaseException) -> LogError:
    """The error of a tar or gzip stream that cannot be read on: the tar's as a whole before any entry, else
    the rest's, placed after the ``last`` entry read; a checksum found wrong (at a gzip stream's end, the
    entries all read) says the entries may be wrong instead."""
    reason = archive_reason(error)
    if last is None:
        return LogError(refusal("refusal.log.tar_unreadable", error=reason))
    if reason.key == "refusal.archive.bad_checksum":
        return LogError(refusal("refusal.log.archive_damaged", error=reason))
    return LogError(refusal("refusal.log.archive_stops", name=last, error=reason))


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
        except LogError:
            raise
        except _READ_ERRORS as error:
            if number == 0:
                raise LogError(refusal("refusal.log.gzip_broken", error=archive_reason(error))) from None
            raise _stopped(refusal("refusal.log.line", number=number), error) from None
        if not line:
            return
        if number == 0 and line.startswith(_BOM):  # written by some editors; the JSON after it is read
            line = line[len(_BOM) :]
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

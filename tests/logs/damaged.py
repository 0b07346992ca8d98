"""Archives of real logs, damaged the ways a tester found: built in the test, byte by byte, so what was
broken is in plain sight (shared by the archive, command-line and HTTP tests)."""

from __future__ import annotations

import gzip
import io
import tarfile
import zipfile
import zlib
from pathlib import Path

TENHOU6 = Path(__file__).parent / "data" / "tenhou6"

THREE = ["double_ron.json", "chankan.json", "rinshan.json"]
"""Three games that agree with their logs under their own rules."""

SIX = [*THREE, "ryukyoku.json", "four_reach.json", "kyushukyuhai.json"]
"""Six such games."""

ALL = sorted(path.name for path in TENHOU6.glob("*.json"))
"""Every log there (20; one disagrees with its log): a tar.gz of them is about 8 KiB."""


def log(name: str) -> bytes:
    """One log of tests/logs/data/tenhou6, as its file holds it."""
    return (TENHOU6 / name).read_bytes()


def zip_of(names: list[str], method: int = zipfile.ZIP_DEFLATED) -> bytes:
    """A zip of these logs, in this order, compressed by ``method`` (deflate)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", method) as archive:
        for name in names:
            archive.writestr(name, log(name))
    return buffer.getvalue()


def tar_of(names: list[str], mode: str = "w") -> bytes:
    """A tar (``w``) or tar.gz (``w:gz``) of these logs, in this order, each one a plain ustar header
    and its data."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode=mode) as archive:  # type: ignore[call-overload]
        for name in names:
            data = log(name)
            info = tarfile.TarInfo(name)
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    return buffer.getvalue()


def zip_with_damaged_member(names: list[str], damaged: str) -> bytes:
    """:func:`zip_of`, with bytes 10–19 of ``damaged``'s compressed data inverted (zlib then finds an
    invalid code: ``Error -3 ... invalid literal/lengths set`` or the like)."""
    body = bytearray(zip_of(names))
    with zipfile.ZipFile(io.BytesIO(bytes(body))) as archive:
        info = archive.getinfo(damaged)
    start = info.header_offset + 30 + len(info.filename.encode()) + len(info.extra)  # past the local header
    for at in range(start + 10, start + 20):
        body[at] ^= 0xFF
    return bytes(body)


def tar_headers(body: bytes) -> list[int]:
    """Where each member's 512-byte header starts in a tar of plain ustar headers."""
    offsets = []
    at = 0
    while body[at : at + 512].strip(b"\0"):
        offsets.append(at)
        size = int(body[at + 124 : at + 136].strip(b"\0 ") or b"0", 8)
        at += 512 + (size + 511) // 512 * 512
    return offsets


def tar_with_bad_checksum(names: list[str], member: int) -> bytes:
    """:func:`tar_of`, with the checksum field (bytes 148–155) of member ``member``'s header (from 0)
    overwritten by ``99999999``, a sum no header has."""
    body = bytearray(tar_of(names))
    at = tar_headers(bytes(body))[member]
    body[at + 148 : at + 156] = b"99999999"
    return bytes(body)


def member_ends(body: bytes) -> list[int]:
    """Where each member's data ends (the offset after its last byte) in a tar of plain ustar headers."""
    return [at + 512 + int(body[at + 124 : at + 136].strip(b"\0 ") or b"0", 8) for at in tar_headers(body)]


def inflated_length(body: bytes) -> int:
    """How many bytes zlib inflates a gzip stream to, cut short as it may be: what of it can be read."""
    return len(zlib.decompressobj(31).decompress(body))


def shortest_cut(body: bytes, inflated: int) -> int:
    """The fewest first bytes of the gzip stream ``body`` that zlib inflates to at least ``inflated`` bytes."""
    inflater = zlib.decompressobj(31)
    total = 0
    for at in range(len(body)):
        total += len(inflater.decompress(body[at : at + 1]))
        if total >= inflated:
            return at + 1
    raise ValueError(f"{body!r:.20} inflates to {total} bytes, fewer than {inflated}")


def tar_gz_cut_after(names: list[str], games: int) -> bytes:
    """A tar.gz of these logs (the tar of :func:`tar_of`, gzip-compressed), cut after the fewest bytes that
    inflate to the whole data of its first ``games`` members: the next member's data is never whole."""
    tar = tar_of(names)
    body = gzip.compress(tar, mtime=0)
    return body[: shortest_cut(body, member_ends(tar)[games - 1])]


def gzip_damaged_after(data: bytes, whole: int) -> bytes:
    """A gzip stream of ``data`` whose first ``whole`` bytes inflate as packed and whose compressed data after
    them is damaged: they are compressed and flushed to a byte boundary, and the next deflate block's header
    byte is ``0x07``, a block of type 3, which deflate reserves (zlib: ``invalid block type``)."""
    packer = zlib.compressobj(9, zlib.DEFLATED, 31)
    head = packer.compress(data[:whole]) + packer.flush(zlib.Z_FULL_FLUSH)
    rest = packer.compress(data[whole:]) + packer.flush()
    return head + b"\x07" + rest[1:]

"""Many logs in one body (service.logs.archive): every container form yields the same games in order,
and a bad entry is answered in its place without stopping the others."""

from __future__ import annotations

import gzip
import io
import json
import random
import tarfile
import zipfile

import pytest

from service.i18n.parsing import archive_reason
from service.logs import LogError
from service.logs.archive import Entry, iter_logs
from service.logs.detect import MAX_LOG_BYTES
from tests.logs import damaged

XML = b'<mjloggm ver="2.3"><GO type="169"/></mjloggm>'
MJAI = b'{"type": "start_game"}\n{"type": "end_game"}\n'


def _zip(files: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def _tar(files: dict[str, bytes], mode: str) -> bytes:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode=mode) as archive:  # type: ignore[call-overload]
        for name, data in files.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    return buffer.getvalue()


FILES = {"a/one.mjlog": XML, "b/two.json": MJAI}


@pytest.mark.parametrize(
    "body",
    [_zip(FILES), _tar(FILES, "w"), _tar(FILES, "w:gz")],
    ids=["zip", "tar", "tar.gz"],
)
def test_an_archive_yields_its_files_in_order(body: bytes) -> None:
    assert list(iter_logs(io.BytesIO(body))) == [("a/one.mjlog", XML), ("b/two.json", MJAI)]


def test_ndjson_takes_strings_objects_and_arrays_and_skips_blank_lines() -> None:
    lines = [json.dumps(XML.decode()), "", '{"log": []}', '[{"type": "start_game"}]']
    body = ("\n".join(lines) + "\n").encode()

    assert list(iter_logs(io.BytesIO(body))) == [
        ("line 1", XML),
        ("line 3", b'{"log": []}'),
        ("line 4", b'[{"type": "start_game"}]'),
    ]


def test_gzip_compressed_ndjson_is_read_as_ndjson() -> None:
    body = gzip.compress(json.dumps(XML.decode()).encode() + b"\n" + json.dumps(MJAI.decode()).encode())

    assert list(iter_logs(io.BytesIO(body))) == [("line 1", XML), ("line 2", MJAI)]


def test_a_line_that_is_no_log_is_an_error_in_its_place_and_the_next_goes_on() -> None:
    good = json.dumps(XML.decode()).encode() + b"\n"
    body = good + b"42\n" + good

    first, (second, error), third = iter_logs(io.BytesIO(body))

    assert first == ("line 1", XML)
    assert second == "line 2"
    assert isinstance(error, LogError)
    assert "not a log" in error.message
    assert third == ("line 3", XML)


def test_an_entry_over_the_cap_is_refused_in_its_place() -> None:
    body = _zip({"big.mjlog": b"<" + b" " * MAX_LOG_BYTES, "small.mjlog": XML})

    (big, error), small = iter_logs(io.BytesIO(body))

    assert big == "big.mjlog"
    assert isinstance(error, LogError)
    assert "larger than 4,194,304 bytes" in error.message
    assert small == ("small.mjlog", XML)


def test_an_ndjson_line_over_the_cap_is_refused_and_the_next_line_read() -> None:
    body = b'"' + b"x" * (MAX_LOG_BYTES + 10) + b'"\n' + json.dumps(XML.decode()).encode() + b"\n"

    (_, error), second = iter_logs(io.BytesIO(body))

    assert isinstance(error, LogError)
    assert second == ("line 2", XML)


@pytest.mark.parametrize(
    ("body", "says"),
    [(b"PK\x03\x04 not really a zip", "zip archive"), (b"\x1f\x8b\x08\x00broken", "gzip stream")],
    ids=["zip", "gzip"],
)
def test_a_broken_container_is_one_error_for_the_whole_body(body: bytes, says: str) -> None:
    with pytest.raises(LogError, match=says) as caught:
        list(iter_logs(io.BytesIO(body)))
    assert caught.value.field == "log"


def test_bytes_that_are_no_archive_and_no_ndjson_are_refused_as_a_whole() -> None:
    with pytest.raises(LogError, match="neither an archive"):
        list(iter_logs(io.BytesIO(b"\x00\x17garbage\nmore garbage\n")))


def test_a_body_inflating_past_the_cap_stops_with_an_error_after_the_games_before(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("service.logs.archive.MAX_INFLATED_BYTES", 200)
    line = json.dumps(XML.decode()).encode() + b"\n"  # 60 bytes a line: the fourth passes 200
    entries = iter_logs(io.BytesIO(gzip.compress(line * 10)))

    assert [next(entries) for _ in range(3)] == [(f"line {n}", XML) for n in (1, 2, 3)]
    with pytest.raises(LogError, match="inflates to more than 200 bytes"):
        next(entries)


REST = "the rest of it is not read"

FIRST_THREE = [("double_ron.json", "log"), ("chankan.json", "log"), ("rinshan.json", "log")]
"""The first three games of the six-game archives, each read whole."""


def _said(entries: list[Entry]) -> list[tuple[str, str]]:
    """Each entry as ``(name, "log")`` for bytes or ``(name, message)`` for an error."""
    return [(name, data.message if isinstance(data, LogError) else "log") for name, data in entries]


def _read_on(body: bytes) -> list[Entry]:
    """The entries of ``body``, and a last ``("(the archive)", error)`` where the rest cannot be read, as the
    batch route answers them."""
    entries: list[Entry] = []
    try:
        entries.extend(iter_logs(io.BytesIO(body)))
    except LogError as error:
        entries.append(("(the archive)", error))
    return entries


def test_a_zip_member_with_damaged_deflate_data_is_a_problem_in_its_place_and_the_others_go_on() -> None:
    body = damaged.zip_with_damaged_member(damaged.THREE, "chankan.json")

    entries = list(iter_logs(io.BytesIO(body)))

    assert _said(entries) == [
        ("double_ron.json", "log"),
        ("chankan.json", "chankan.json cannot be read from the archive: the compressed data is damaged"),
        ("rinshan.json", "log"),
    ]
    assert entries[2][1] == damaged.log("rinshan.json")


def test_a_zip_member_whose_crc_does_not_match_says_so() -> None:
    broken = bytearray(damaged.zip_of(["rinshan.json"]))
    broken[broken.rindex(b"PK\x01\x02") + 16] ^= 0xFF  # the CRC-32 the central directory gives the member

    (entry,) = iter_logs(io.BytesIO(bytes(broken)))

    assert _said([entry]) == [
        ("rinshan.json", "rinshan.json cannot be read from the archive: a checksum does not match: the data is damaged")
    ]


def test_a_damaged_tar_header_part_way_through_is_a_last_error_after_the_games_before_it() -> None:
    body = damaged.tar_with_bad_checksum(damaged.SIX, member=3)

    assert _said(_read_on(body)) == [
        *FIRST_THREE,
        ("(the archive)", f"the archive cannot be read past rinshan.json: a damaged tar header; {REST}"),
    ]


def test_a_damaged_first_tar_header_is_the_body_s_error_before_any_game() -> None:
    with pytest.raises(LogError, match="the tar archive cannot be read: a damaged tar header"):
        list(iter_logs(io.BytesIO(damaged.tar_with_bad_checksum(damaged.SIX, member=0))))


@pytest.mark.parametrize("cut", ["at a header", "in a header", "in a member's data"])
def test_a_tar_cut_short_anywhere_is_a_last_error_saying_the_data_ends_early(cut: str) -> None:
    whole = damaged.tar_of(damaged.SIX)
    fourth = damaged.tar_headers(whole)[3]
    end = {"at a header": fourth, "in a header": fourth + 100, "in a member's data": fourth + 600}[cut]

    assert _said(_read_on(whole[:end])) == [
        ("double_ron.json", "log"),
        ("chankan.json", "log"),
        ("rinshan.json", "log"),
        ("(the archive)", f"the archive cannot be read past rinshan.json: the data ends early; {REST}"),
    ]


def test_a_tar_gz_whose_checksum_does_not_match_ends_on_an_error_after_its_games() -> None:
    body = bytearray(damaged.tar_of(damaged.THREE, "w:gz"))
    body[-8] ^= 0xFF  # the gzip trailer's CRC-32 of the tar: every byte inflates, but not to what was packed

    assert _said(_read_on(bytes(body))) == [
        ("double_ron.json", "log"),
        ("chankan.json", "log"),
        ("rinshan.json", "log"),
        (
            "(the archive)",
            "the archive is damaged: a checksum does not match: the data is damaged; a game read from it may be wrong",
        ),
    ]


def test_a_tar_gz_damaged_in_the_middle_never_ends_silently() -> None:
    body = bytearray(damaged.tar_of(damaged.ALL, "w:gz"))
    for at in range(len(body) // 2, len(body) // 2 + 10):
        body[at] ^= 0xFF

    entries = _read_on(bytes(body))

    *games, (last, error) = entries
    names = [name for name, _ in games]
    assert names == damaged.ALL[: len(names)]  # the games before the damage, in order
    assert games[0] == (damaged.ALL[0], damaged.log(damaged.ALL[0]))  # read as packed
    assert last == "(the archive)"
    assert isinstance(error, LogError)
    assert error.message.startswith("the archive cannot be read past ")


def test_a_gzip_ndjson_body_whose_checksum_does_not_match_ends_on_an_error_after_every_line() -> None:
    line = json.dumps(XML.decode()).encode() + b"\n"
    body = bytearray(gzip.compress(line * 2000, mtime=0))
    body[-8] ^= 0xFF  # the CRC-32: found wrong once every line has been read

    entries = _read_on(bytes(body))

    assert len(entries) == 2001
    assert _said(entries[-1:]) == [
        (
            "(the archive)",
            "the archive is damaged: a checksum does not match: the data is damaged; a game read from it may be wrong",
        )
    ]


def test_a_gzip_ndjson_body_cut_part_way_ends_on_an_error_naming_the_last_line_read() -> None:
    line = json.dumps(XML.decode()).encode() + b"\n"
    body = gzip.compress(b"".join(line.replace(b"2.3", b"%04d" % n) for n in range(2000)), mtime=0)

    entries = _read_on(body[: len(body) // 2])

    *games, (last, error) = entries
    assert [name for name, _ in games] == [f"line {n}" for n in range(1, len(games) + 1)]
    assert last == "(the archive)"
    assert isinstance(error, LogError)
    assert error.message == (
        f"the archive cannot be read past line {len(games):,}: the data ends early; the rest of it is not read"
    )


SIX_TAR = damaged.tar_of(damaged.SIX)
SIX_TAR_GZ = gzip.compress(SIX_TAR, mtime=0)


@pytest.mark.parametrize("percent", [40, 50, 70, 90])
def test_a_tar_gz_cut_short_answers_every_game_inflated_whole_before_the_cut(percent: int) -> None:
    cut = SIX_TAR_GZ[: len(SIX_TAR_GZ) * percent // 100]
    readable = damaged.inflated_length(cut)  # what zlib inflates the cut stream to
    whole = [name for name, end in zip(damaged.SIX, damaged.member_ends(SIX_TAR), strict=True) if end <= readable]
    assert 0 < len(whole) < len(damaged.SIX)  # the cut is among the games

    assert _said(_read_on(cut)) == [
        *((name, "log") for name in whole),
        ("(the archive)", f"the archive cannot be read past {whole[-1]}: the data ends early; {REST}"),
    ]


@pytest.mark.parametrize("games", [1, 2, 3, 4, 5])
def test_a_tar_gz_cut_just_after_a_game_s_last_byte_answers_that_game_and_one_byte_less_does_not(games: int) -> None:
    body = damaged.tar_gz_cut_after(damaged.SIX, games)
    end = damaged.member_ends(SIX_TAR)[games - 1]  # the byte after the last game's data, in the tar
    assert damaged.inflated_length(body[:-1]) < end <= damaged.inflated_length(body)

    entries = _read_on(body)
    fewer = _read_on(body[:-1])

    assert entries[:-1] == [(name, damaged.log(name)) for name in damaged.SIX[:games]]
    assert _said(entries[-1:]) == [
        ("(the archive)", f"the archive cannot be read past {damaged.SIX[games - 1]}: the data ends early; {REST}")
    ]
    assert [name for name, _ in fewer[:-1]] == damaged.SIX[: games - 1]
    assert _said(fewer[-1:]) == [
        (
            "(the archive)",
            f"the archive cannot be read past {damaged.SIX[games - 2]}: the data ends early; {REST}"
            if games > 1
            else "the tar archive cannot be read: the data ends early",
        )
    ]


LINES = [json.dumps(XML.decode().replace("2.3", f"{n:04d}")).encode() + b"\n" for n in range(2000)]
"""2,000 lines, each a different mjlog, all of the same length."""

LINE = len(LINES[0])
"""The length of each line (53 bytes)."""

NDJSON_GZ = gzip.compress(b"".join(LINES), mtime=0)


@pytest.mark.parametrize("percent", [10, 50, 90])
def test_a_gzip_ndjson_body_cut_short_answers_every_line_inflated_whole_before_the_cut(percent: int) -> None:
    cut = NDJSON_GZ[: len(NDJSON_GZ) * percent // 100]
    whole = damaged.inflated_length(cut) // LINE  # the lines whose newline is inflated
    assert 0 < whole < 2000

    entries = _read_on(cut)

    assert [name for name, _ in entries] == [*(f"line {n}" for n in range(1, whole + 1)), "(the archive)"]
    assert entries[whole - 1][1] == XML.replace(b"2.3", b"%04d" % (whole - 1))
    assert _said(entries[-1:]) == [
        ("(the archive)", f"the archive cannot be read past line {whole:,}: the data ends early; {REST}")
    ]


@pytest.mark.parametrize("lines", [2, 1000, 1999])
def test_a_gzip_ndjson_body_cut_just_after_a_line_s_newline_answers_that_line(lines: int) -> None:
    cut = damaged.shortest_cut(NDJSON_GZ, lines * LINE)

    assert [name for name, _ in _read_on(NDJSON_GZ[:cut])][-2:] == [f"line {lines}", "(the archive)"]
    assert [name for name, _ in _read_on(NDJSON_GZ[: cut - 1])][-2:] == [f"line {lines - 1}", "(the archive)"]


def test_a_gzip_ndjson_body_cut_inside_its_first_line_is_refused_as_a_whole() -> None:
    cut = damaged.shortest_cut(NDJSON_GZ, LINE)

    with pytest.raises(LogError, match=r"^the gzip stream is broken: the data ends early$"):
        list(iter_logs(io.BytesIO(NDJSON_GZ[: cut - 1])))


def test_a_gzip_ndjson_body_damaged_part_way_answers_every_line_inflated_whole_before_the_damage() -> None:
    body = damaged.gzip_damaged_after(b"".join(LINES), 1000 * LINE)

    entries = _read_on(body)

    assert entries[:-1] == [(f"line {n + 1}", json.loads(LINES[n]).encode()) for n in range(1000)]
    assert _said(entries[-1:]) == [
        ("(the archive)", f"the archive cannot be read past line 1,000: the compressed data is damaged; {REST}")
    ]


def test_a_tar_gz_damaged_part_way_answers_every_game_inflated_whole_before_the_damage() -> None:
    body = damaged.gzip_damaged_after(SIX_TAR, damaged.member_ends(SIX_TAR)[2])  # after the third game's data

    assert _said(_read_on(body)) == [
        *FIRST_THREE,
        ("(the archive)", f"the archive cannot be read past rinshan.json: the compressed data is damaged; {REST}"),
    ]


def test_a_gzip_body_of_several_members_with_zeros_between_is_read_as_one() -> None:
    body = gzip.compress(LINES[0], mtime=0) + b"\0" * 10 + gzip.compress(LINES[1], mtime=0)

    assert [name for name, _ in iter_logs(io.BytesIO(body))] == ["line 1", "line 2"]


@pytest.mark.parametrize("compress", [False, True], ids=["plain", "gzip"])
def test_an_ndjson_body_starting_with_a_byte_order_mark_is_read_as_ndjson(compress: bool) -> None:
    body = b"\xef\xbb\xbf" + json.dumps(XML.decode()).encode() + b"\n" + b'{"log": []}\n'

    entries = list(iter_logs(io.BytesIO(gzip.compress(body) if compress else body)))

    assert entries == [("line 1", XML), ("line 2", b'{"log": []}')]


def test_a_tar_member_name_that_is_not_utf8_is_written_with_a_replacement_character() -> None:
    body = bytearray(_tar({"abc.json": MJAI}, "w"))
    body[1] = 0xFF  # the name's second byte: 'a\xffc.json'
    body[148:156] = b"%06o\0 " % (sum(body[:148]) + 8 * 32 + sum(body[156:512]))  # its checksum, made right

    ((name, data),) = iter_logs(io.BytesIO(bytes(body)))

    assert (name, data) == ("a\ufffdc.json", MJAI)


def _flipped(body: bytes, rng: random.Random) -> bytes:
    """``body`` with 1–8 bytes replaced by random ones, or cut at a random place."""
    if rng.random() < 0.2:
        return body[: rng.randrange(len(body))]
    damaged_body = bytearray(body)
    for _ in range(rng.randint(1, 8)):
        damaged_body[rng.randrange(len(body))] = rng.randrange(256)
    return bytes(damaged_body)


@pytest.mark.parametrize(
    "body",
    [
        damaged.zip_of(damaged.THREE),
        damaged.zip_of(damaged.THREE, zipfile.ZIP_BZIP2),
        damaged.zip_of(damaged.THREE, zipfile.ZIP_LZMA),
        damaged.zip_of(damaged.THREE, zipfile.ZIP_STORED),
        damaged.tar_of(damaged.THREE),
        damaged.tar_of(damaged.THREE, "w:gz"),
    ],
    ids=["zip", "zip-bzip2", "zip-lzma", "zip-stored", "tar", "tar.gz"],
)
def test_random_damage_to_an_archive_raises_nothing_but_a_log_error(body: bytes) -> None:
    rng = random.Random(20261206)
    for _ in range(400):
        broken = _flipped(body, rng)
        entries = iter_logs(io.BytesIO(broken))
        try:
            for name, data in entries:
                assert isinstance(name, str)
                assert isinstance(data, (bytes, LogError))
                name.encode()  # writable as UTF-8
        except LogError:  # the body as a whole, or the rest of it: the batch's last line
            pass


def test_a_zlib_error_tarfile_wraps_in_its_own_is_said_to_be_damaged_compressed_data() -> None:
    wrapped = tarfile.ReadError("zlib error: Error -3 while decompressing data: invalid code lengths set")

    assert archive_reason(wrapped) == "the compressed data is damaged"

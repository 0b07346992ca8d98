"""Many logs in one body (service.logs.archive): every container form yields the same games in order,
and a bad entry is answered in its place without stopping the others."""

from __future__ import annotations

import gzip
import io
import json
import tarfile
import zipfile

import pytest

from service.logs import LogError
from service.logs.archive import iter_logs
from service.logs.detect import MAX_LOG_BYTES

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

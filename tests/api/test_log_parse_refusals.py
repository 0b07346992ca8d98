"""A log that is not XML, not JSON or not JSON lines is refused with the place where it stops being so (line and
column, both from 1, the column in characters) and why, in the request's language: never in the words of the
parser (expat, msgspec). Every expected text is written here by hand from the catalogues; the places are counted
by hand in the bodies below."""

from __future__ import annotations

import json

import pytest
from litestar import Litestar
from litestar.testing import TestClient

XML = {"content-type": "application/xml"}
JSON = {"content-type": "application/json"}
NDJSON = {"content-type": "application/x-ndjson"}

MISMATCHED = b'<mjloggm>\n<INIT seed="0"></INT>\n</mjloggm>'
"""Line 2 is ``<INIT seed="0"></INT>``: ``<INIT seed="0">`` is 15 characters, ``</`` the 16th and 17th, and the
closing tag's name, which is not the open element's, begins at the 18th."""

CUT_SHORT = b'<mjloggm><GO type="169"/>'
"""``<mjloggm>`` (9 characters) and ``<GO type="169"/>`` (16): the document ends after its 25th character, the
root still open, so the place is column 26."""


def _message(client: TestClient[Litestar], body: bytes, headers: dict[str, str], lang: str, query: str = "") -> str:
    response = client.post(f"/v1/logs/replay{query}", content=body, headers={**headers, "accept-language": lang})
    assert response.status_code == 422, response.text
    assert response.headers["content-language"] == lang
    problem = response.json()
    assert problem["type"] == "/problems/unreadable-log"
    (error,) = problem["errors"]
    assert error["field"] == "log"
    return str(error["message"])


def test_an_mjlog_with_a_mismatched_tag_is_placed_and_said_in_each_language(client: TestClient[Litestar]) -> None:
    messages = {lang: _message(client, MISMATCHED, XML, lang) for lang in ("en", "ru", "ja")}

    assert messages == {
        "en": "not a well-formed Tenhou mjlog XML document: line 2, column 18: a closing tag that does not match "
        "the element open there",
        "ru": "не корректный документ Tenhou mjlog XML: строка 2, столбец 18: закрывающий тег не совпадает с "
        "открытым здесь элементом",
        "ja": "正しい天鳳 mjlog XML 文書ではありません: 2 行 18 列: 閉じタグが開いている要素と一致しません",
    }


def test_an_mjlog_cut_short_is_placed_at_its_end(client: TestClient[Litestar]) -> None:
    assert _message(client, CUT_SHORT, XML, "en") == (
        "not a well-formed Tenhou mjlog XML document: line 1, column 26: the document ends before its root "
        "element is complete"
    )
    assert _message(client, CUT_SHORT, XML, "ru") == (
        "не корректный документ Tenhou mjlog XML: строка 1, столбец 26: документ кончается раньше, чем завершён "
        "корневой элемент"
    )


def test_an_mjlog_declaring_an_unknown_encoding_says_so_without_a_place(client: TestClient[Litestar]) -> None:
    body = b"<?xml version='1.0' encoding='x-no-such'?><mjloggm></mjloggm>"

    message = _message(client, body, XML, "ja")

    assert message == "正しい天鳳 mjlog XML 文書ではありません: 宣言された文字コードは不明です"


def test_a_tenhou6_log_that_is_not_json_is_placed_in_japanese(client: TestClient[Litestar]) -> None:
    # {"log": [1,} — the 12th character, "}", is where it stops being JSON
    assert _message(client, b'{"log": [1,}', JSON, "ja", "?format=tenhou6") == (
        "JSON 文書ではありません: 1 行 12 列: 予期しない文字です"
    )


def test_mjai_lines_with_a_trailing_comma_are_placed_on_their_line_in_russian(client: TestClient[Litestar]) -> None:
    # line 2 is {"type":"x",} — the closing brace after the comma is its 13th character
    body = b'{"type":"start_game"}\n{"type":"x",}\n{"type":"end_game"}\n'

    assert _message(client, body, JSON, "ru", "?format=mjai") == (
        "не строки JSON с событиями mjai: строка 2, столбец 13: лишняя запятая перед закрывающей скобкой"
    )


def test_a_pretty_printed_mjai_array_is_placed_where_it_breaks_not_at_its_first_line(
    client: TestClient[Litestar],
) -> None:
    # line 3 lacks its comma: the array reads up to line 4's "{" (column 3); read as JSON lines, line 1 ("[")
    # alone is no JSON, which is not where the log is broken
    body = b'[\n  {"type": "start_game"},\n  {"type": "end_game"}\n  {"type": "x"}\n]\n'

    assert _message(client, body, JSON, "en", "?format=mjai") == (
        "not JSON lines of mjai events: line 4, column 3: ',' or the closing bracket expected"
    )


def test_a_mahjong_soul_record_that_is_not_json_is_placed_past_its_leading_blank_lines(
    client: TestClient[Litestar],
) -> None:
    # line 3 is {"head": {}, "data": [1,]} — the "]" after the comma is its 25th character
    body = b'\n\n{"head": {}, "data": [1,]}'

    assert _message(client, body, JSON, "ja", "?format=majsoul") == (
        "JSON の雀魂牌譜ではありません: 3 行 25 列: 閉じ括弧の前に余分なカンマがあります"
    )


def test_a_batch_line_that_is_no_json_string_is_placed_by_column_in_the_request_s_language(
    client: TestClient[Litestar],
) -> None:
    # line 2 is two spaces and "abc with no closing quote: the line ends after its 6th character
    body = b'"<mjloggm></mjloggm>"\n  "abc\n'

    messages = {}
    for lang in ("en", "ru", "ja"):
        response = client.post("/v1/logs/replay/batch", content=body, headers={**NDJSON, "accept-language": lang})
        assert response.status_code == 200, response.text
        second = json.loads(response.text.splitlines()[1])
        assert second["name"] == "line 2"  # the game's name is data, the same in every language
        (error,) = second["problem"]["errors"]
        messages[lang] = error["message"]

    assert messages == {
        "en": "line 2 is not a JSON string: column 7: the line ends inside the JSON value",
        "ru": "строка 2 — не строка JSON: столбец 7: строка обрывается внутри значения JSON",
        "ja": "2 行目 は JSON 文字列ではありません: 7 列: JSON の値の途中で行が終わっています",
    }


def test_a_broken_gzip_stream_is_said_in_russian_not_in_zlib_s_words(client: TestClient[Litestar]) -> None:
    body = b"\x1f\x8b" + b"not deflate data at all" * 4  # gzip's magic bytes, then no gzip header

    assert _message(client, body, XML, "ru") == "поток gzip повреждён: сжатые данные повреждены"


def test_a_body_that_only_starts_as_a_zip_is_refused_in_japanese_not_in_zipfile_s_words(
    client: TestClient[Litestar],
) -> None:
    body = b"PK\x03\x04" + b"\x00" * 200  # a zip's magic bytes, and no directory anywhere

    response = client.post("/v1/logs/replay/batch", content=body, headers={"accept-language": "ja"})

    assert response.status_code == 422, response.text
    assert response.json()["errors"] == [
        {"field": "log", "message": "zip アーカイブを読めません: zip アーカイブではないか、その目録が壊れています"}
    ]


@pytest.mark.parametrize(
    ("body", "headers", "query"),
    [
        (MISMATCHED, XML, ""),
        (CUT_SHORT, XML, ""),
        (b"<mjloggm>\xff</mjloggm>", XML, ""),
        (b"<mjloggm a='1' a='2'>", XML, ""),
        (b'{"log": [1,}', JSON, "?format=tenhou6"),
        (b'{"log": [1, "\xff"]}', JSON, "?format=tenhou6"),
        (b'{"type":"start_game"}\n{"type":', JSON, "?format=mjai"),
        (b'{"head": {}, "data": [1,]}', JSON, "?format=majsoul"),
    ],
)
def test_the_parsers_own_words_never_reach_the_client(
    client: TestClient[Litestar], body: bytes, headers: dict[str, str], query: str
) -> None:
    message = _message(client, body, headers, "en", query)

    for parsers in (
        "JSON is malformed",
        "(byte",
        "Input data",
        "Invalid UTF-8",
        "mismatched tag",
        "not well-formed (invalid token)",
        "no element found",
        "duplicate attribute",
        "column 0",
    ):
        assert parsers not in message
    assert ": line " in message  # placed

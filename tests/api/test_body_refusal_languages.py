"""The refusals of a request body in the request's language: malformed JSON (400), a body over the limit (413) and
a body that is not JSON, a JSON body in another charset than UTF-8 or a body with a content coding the operation
does not read (415) say their ``title``, ``detail`` and ``errors[].message`` in the language
``Accept-Language`` asks for (en, ja, ru), with ``Content-Language`` and ``Vary: Accept-Language``; ``type``,
``status`` and ``field`` are the same in every language (/docs/problems). A malformed body is placed by line and
column (characters, from 1), never described in the JSON parser's own English words. Every expected text below
is written out by hand."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from litestar import Litestar
from litestar.testing import TestClient

from service.app import create_app

RU = {"Accept-Language": "ru-RU,ru;q=0.9,en;q=0.5"}
JA = {"Accept-Language": "ja"}
JSON = {"content-type": "application/json"}

BAD_X: bytes = b'{"hand": "1m",\n "win_tile": x}'
"""``x`` where a value should be: line 2 is ` "win_tile": x}`, and ``x`` is its 14th character."""


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient[Litestar]]:
    with TestClient(app=create_app(), raise_server_exceptions=False) as c:
        yield c


def test_malformed_json_is_placed_by_line_and_column_in_english(client: TestClient[Litestar]) -> None:
    r = client.post("/v1/score", content=BAD_X, headers=JSON)
    assert (r.status_code, r.headers["content-language"]) == (400, "en")
    body = r.json()
    assert (body["type"], body["title"]) == ("/problems/invalid-request", "Bad Request")
    assert body["detail"] == "The request body is not valid JSON (line 2, column 14)."
    assert body["errors"] == [{"field": "", "message": "not valid JSON at line 2, column 14: unexpected character"}]


def test_malformed_json_is_refused_in_russian(client: TestClient[Litestar]) -> None:
    r = client.post("/v1/score", content=BAD_X, headers={**JSON, **RU})
    assert (r.status_code, r.headers["content-language"], r.headers["vary"]) == (400, "ru", "Accept-Language")
    body = r.json()
    assert (body["type"], body["title"]) == ("/problems/invalid-request", "Некорректный запрос")
    assert body["detail"] == "Тело запроса — не корректный JSON (строка 2, столбец 14)."
    assert body["errors"] == [{"field": "", "message": "не корректный JSON в строке 2, столбце 14: неожиданный символ"}]


def test_a_trailing_comma_is_refused_in_japanese(client: TestClient[Litestar]) -> None:
    """``{"hand": "1m",}``: the comma is the 14th character, the ``}`` after it the 15th, where msgspec stops."""
    r = client.post("/v1/score", content=b'{"hand": "1m",}', headers={**JSON, **JA})
    assert (r.status_code, r.headers["content-language"]) == (400, "ja")
    body = r.json()
    assert body["title"] == "不正なリクエスト"
    assert body["detail"] == "リクエスト本文は正しい JSON ではありません（1 行 15 列）。"
    assert body["errors"] == [
        {"field": "", "message": "1 行 15 列で正しい JSON ではありません: 閉じ括弧の前に余分なカンマがあります"}
    ]


def test_a_body_cut_short_is_placed_at_its_end(client: TestClient[Litestar]) -> None:
    """``{"hand": "1m"`` is 13 characters: the value is still open after the last, at column 14."""
    r = client.post("/v1/score", content=b'{"hand": "1m"', headers={**JSON, **RU})
    assert r.status_code == 400
    assert r.json()["errors"] == [
        {"field": "", "message": "не корректный JSON в строке 1, столбце 14: тело обрывается внутри значения JSON"}
    ]


def test_bytes_that_are_not_utf8_are_placed_at_the_first(client: TestClient[Litestar]) -> None:
    """``{"hand": "`` is 10 bytes; the byte 0xFF after them, the 11th, begins no UTF-8 character."""
    r = client.post("/v1/score", content=b'{"hand": "\xff"}', headers=JSON)
    assert r.status_code == 400
    assert r.json()["errors"] == [
        {"field": "", "message": "not valid JSON at line 1, column 11: bytes that are not UTF-8"}
    ]


def test_the_column_counts_characters_not_bytes(client: TestClient[Litestar]) -> None:
    """``{"hand": "東東<tab>"}``: a tab may not stand unescaped in a JSON string. 東 is three bytes but one
    character, so the tab, the 17th byte, is the 13th character."""
    r = client.post("/v1/score", content='{"hand": "東東\t"}'.encode(), headers=JSON)
    assert r.status_code == 400
    assert r.json()["detail"] == "The request body is not valid JSON (line 1, column 13)."
    assert r.json()["errors"][0]["message"] == "not valid JSON at line 1, column 13: unexpected character"


@pytest.mark.parametrize(
    "content",
    [
        b'{"hand" "1m"}',
        b'{"hand": 01}',
        b'{"hand": "\\q"}',
        b'{hand: "1m"}',
        b"[1, 2,]",
        b'{"hand": "1m", "win_tile": "1m"} trailing',
        b"nul",
        b'{"hand": "\\ud800"}',
    ],
)
@pytest.mark.parametrize("headers", [JSON, {**JSON, **RU}, {**JSON, **JA}])
def test_the_parsers_own_words_never_reach_the_client(
    client: TestClient[Litestar], content: bytes, headers: dict[str, str]
) -> None:
    r = client.post("/v1/score", content=content, headers=headers)
    assert r.status_code == 400
    body = r.json()
    texts = [body["title"], body["detail"], *(e["message"] for e in body["errors"])]
    for parsers in ("JSON is malformed", "(byte", "Input data", "Invalid UTF-8", "expected ','", "truncated"):
        assert not any(parsers in text for text in texts), (parsers, texts)
    assert [e["field"] for e in body["errors"]] == [""]


def test_a_body_that_is_not_json_is_refused_in_russian(client: TestClient[Litestar]) -> None:
    r = client.post("/v1/score", content=b"hand=1m", headers={"content-type": "text/plain", **RU})
    assert (r.status_code, r.headers["content-language"], r.headers["vary"]) == (415, "ru", "Accept-Language")
    body = r.json()
    assert (body["type"], body["title"]) == ("/problems/unsupported-media-type", "Неподдерживаемый тип содержимого")
    assert body["detail"] == "Content-Type 'text/plain' не поддерживается; отправьте application/json"
    assert body["errors"] == [
        {"field": "headers.content-type", "message": "'text/plain' — не JSON: отправьте application/json"}
    ]


def test_a_body_that_is_not_json_is_refused_in_japanese(client: TestClient[Litestar]) -> None:
    r = client.post("/v1/settle", content=b"<a/>", headers={"content-type": "application/xml", **JA})
    assert (r.status_code, r.headers["content-language"]) == (415, "ja")
    body = r.json()
    assert body["title"] == "対応していないメディアタイプ"
    assert body["detail"] == "Content-Type 'application/xml' には対応していません。application/json で送ってください"
    assert body["errors"] == [
        {
            "field": "headers.content-type",
            "message": "'application/xml' は JSON ではありません。application/json で送ってください",
        }
    ]


def test_a_content_encoding_is_refused_in_russian_and_japanese(client: TestClient[Litestar]) -> None:
    headers = {"content-type": "application/json", "content-encoding": "br"}
    r = client.post("/v1/score", content=b'{"hand": "1m"}', headers={**headers, **RU})
    assert (r.status_code, r.headers["content-language"]) == (415, "ru")
    body = r.json()
    assert (body["title"], body["detail"]) == (
        "Неподдерживаемый тип содержимого",
        "Content-Encoding 'br' здесь не поддерживается",
    )
    assert body["errors"] == [
        {
            "field": "headers.content-encoding",
            "message": "'br' — не то сжатие, которое читает эта операция: отправьте тело как есть, "
            "без Content-Encoding",
        }
    ]
    r = client.post("/v1/score", content=b'{"hand": "1m"}', headers={**headers, **JA})
    assert (r.status_code, r.headers["content-language"]) == (415, "ja")
    assert r.json()["detail"] == "Content-Encoding 'br' にはここでは対応していません"


def test_a_log_called_gzip_that_is_not_is_refused_in_russian(client: TestClient[Litestar]) -> None:
    r = client.post("/v1/logs/replay", content=b'<mjloggm ver="2.3">', headers={"content-encoding": "gzip", **RU})
    assert (r.status_code, r.headers["content-language"]) == (415, "ru")
    body = r.json()
    assert body["detail"] == "Content-Encoding указывает gzip, но тело — не gzip"
    assert body["errors"] == [
        {
            "field": "headers.content-encoding",
            "message": "'gzip', но тело начинается не так, как gzip (байты 1f 8b): сожмите его или отправьте без "
            "Content-Encoding",
        }
    ]


def test_json_in_latin1_is_refused_in_russian_and_japanese(client: TestClient[Litestar]) -> None:
    sent = "application/json; charset=latin1"
    r = client.post("/v1/score", content=b'{"hand": "1m\xe9"}', headers={"content-type": sent, **RU})
    assert (r.status_code, r.headers["content-language"]) == (415, "ru")
    body = r.json()
    assert body["detail"] == f"Content-Type {sent!r} не поддерживается: JSON передаётся в UTF-8 (RFC 8259 §8.1)"
    assert body["errors"] == [
        {
            "field": "headers.content-type",
            "message": f"в {sent!r} указана кодировка, отличная от UTF-8, в которой это тело может прочитаться "
            "иначе: отправьте charset=utf-8 или не указывайте charset",
        }
    ]
    r = client.post("/v1/score", content=b'{"hand": "1m\xe9"}', headers={"content-type": sent, **JA})
    assert (r.status_code, r.headers["content-language"]) == (415, "ja")
    assert r.json()["detail"] == f"Content-Type {sent!r} には対応していません。JSON は UTF-8 です（RFC 8259 §8.1）"


TOO_LARGE = b'{"hand": "' + b"1" * 70_000 + b'"}'
"""70,012 bytes: over the 65,536 a scoring body may have."""


def test_a_body_over_the_limit_is_refused_in_russian(client: TestClient[Litestar]) -> None:
    r = client.post("/v1/score", content=TOO_LARGE, headers={**JSON, **RU})
    assert (r.status_code, r.headers["content-language"], r.headers["vary"]) == (413, "ru", "Accept-Language")
    body = r.json()
    assert (body["type"], body["title"]) == ("/problems/body-too-large", "Слишком большое содержимое")
    assert body["detail"] == "Тело запроса больше, чем принимает сервер."
    assert body["errors"] == [
        {
            "field": "",
            # Russian groups digits with a no-break space (U+00A0, CLDR's ru group symbol), never a comma
            "message": "не больше 65\u00a0536 байт (1\u00a0048\u00a0576 для POST /v1/score/batch, "
            "2\u00a0097\u00a0152 для POST /v1/logs/replay и /v1/logs/convert, 67\u00a0108\u00a0864 для POST "
            "/v1/logs/replay/batch)",
        }
    ]


def test_a_body_over_the_limit_is_refused_in_japanese(client: TestClient[Litestar]) -> None:
    r = client.post("/v1/score", content=TOO_LARGE, headers={**JSON, **JA})
    assert (r.status_code, r.headers["content-language"]) == (413, "ja")
    body = r.json()
    assert body["title"] == "内容が大きすぎます"
    assert body["detail"] == "リクエスト本文がサーバーの受け付ける大きさを超えています。"
    assert body["errors"][0]["message"] == (
        "最大 65,536 バイト（POST /v1/score/batch は 1,048,576、POST /v1/logs/replay と /v1/logs/convert は "
        "2,097,152、POST /v1/logs/replay/batch は 67,108,864）"
    )


def test_a_body_over_the_limit_is_refused_in_english_by_default(client: TestClient[Litestar]) -> None:
    r = client.post("/v1/score", content=TOO_LARGE, headers=JSON)
    assert (r.status_code, r.headers["content-language"]) == (413, "en")
    body = r.json()
    assert (body["title"], body["detail"]) == (
        "Content Too Large",
        "The request body is larger than the server accepts.",
    )
    assert body["errors"][0]["message"].startswith("at most 65,536 bytes (1,048,576 for POST /v1/score/batch, ")


def test_the_english_titles_are_the_rfc_9110_phrases() -> None:
    """RFC 9110 §15.5.1, §15.5.5, §15.5.6, §15.5.14, §15.5.16, §15.5.21; RFC 6585 §5 (431)."""
    from service.api.plumbing.errors import LOCALISED_STATUSES, localised_title

    english = {status: localised_title(status, "en") for status in sorted(LOCALISED_STATUSES)}
    assert english == {
        400: "Bad Request",
        404: "Not Found",
        405: "Method Not Allowed",
        413: "Content Too Large",
        415: "Unsupported Media Type",
        422: "Unprocessable Content",
        431: "Request Header Fields Too Large",
    }


def test_an_unknown_path_is_refused_in_japanese(client: TestClient[Litestar]) -> None:
    r = client.get("/v1/nosuch", headers=JA)
    assert (r.status_code, r.headers["content-language"], r.headers["vary"]) == (404, "ja", "Accept-Language")
    body = r.json()
    assert (body["type"], body["title"]) == ("/problems/not-found", "見つかりません")
    assert (body["detail"], body["errors"]) == ("このパスには何もありません。", [])


def test_an_unknown_preset_is_refused_in_japanese_and_russian(client: TestClient[Litestar]) -> None:
    r = client.get("/v1/rules/zzz", headers=JA)
    assert (r.status_code, r.headers["content-language"]) == (404, "ja")
    body = r.json()
    assert (body["title"], body["detail"]) == ("見つかりません", "そのようなプリセットはありません。")
    assert [e["field"] for e in body["errors"]] == ["preset"]
    assert body["errors"][0]["message"].startswith("次のいずれか: standard, ")
    r = client.get("/v1/rules/zzz", headers=RU)
    assert (r.status_code, r.headers["content-language"]) == (404, "ru")
    body = r.json()
    assert (body["title"], body["detail"]) == ("Не найдено", "Такого пресета нет.")
    assert body["errors"][0]["message"].startswith("одно из: standard, ")


def test_unknown_documentation_and_problem_pages_are_refused_in_russian(client: TestClient[Litestar]) -> None:
    r = client.get("/docs/zzz", headers=RU)
    assert (r.status_code, r.headers["content-language"]) == (404, "ru")
    assert r.json()["detail"] == "Такой страницы документации нет."
    r = client.get("/problems/zzz", headers=RU)
    assert (r.status_code, r.headers["content-language"]) == (404, "ru")
    body = r.json()
    assert (body["detail"], body["errors"]) == (
        "Такого типа проблемы нет.",
        [{"field": "name", "message": "см. /docs/problems"}],
    )


@pytest.mark.parametrize("path", ["/schema/zzz", "/schema/openapi.zzz"])
def test_an_unknown_schema_page_is_refused_in_russian_japanese_and_english(
    client: TestClient[Litestar], path: str
) -> None:
    """Litestar's own schema router answers these; the answer is the 404 problem every other path gives."""
    r = client.get(path, headers=RU)
    assert (r.status_code, r.headers["content-language"], r.headers["vary"]) == (404, "ru", "Accept-Language")
    assert r.headers["content-type"] == "application/problem+json"
    body = r.json()
    assert (body["type"], body["title"], body["detail"], body["errors"]) == (
        "/problems/not-found",
        "Не найдено",
        "По этому пути ничего нет.",
        [],
    )
    r = client.get(path, headers=JA)
    assert (r.status_code, r.headers["content-language"]) == (404, "ja")
    assert (r.json()["title"], r.json()["detail"]) == ("見つかりません", "このパスには何もありません。")
    r = client.get(path)
    assert (r.status_code, r.headers["content-language"]) == (404, "en")
    assert (r.json()["title"], r.json()["detail"]) == ("Not Found", "There is nothing at this path.")


@pytest.mark.parametrize("method", ["PUT", "GET"])
def test_a_wrong_method_is_refused_in_russian_and_japanese(client: TestClient[Litestar], method: str) -> None:
    r = client.request(method, "/v1/score", headers=RU)
    assert (r.status_code, r.headers["content-language"], r.headers["vary"]) == (405, "ru", "Accept-Language")
    body = r.json()
    assert (body["type"], body["title"]) == ("/problems/method-not-allowed", "Метод не разрешён")
    assert body["detail"] == "Этот путь не принимает этот метод."
    assert [e["field"] for e in body["errors"]] == ["method"]
    assert body["errors"][0]["message"].startswith("не разрешён на этом пути")
    r = client.request(method, "/v1/score", headers=JA)
    assert (r.status_code, r.headers["content-language"]) == (405, "ja")
    body = r.json()
    assert (body["title"], body["detail"]) == ("許可されていないメソッド", "このパスはこのメソッドを受け付けません。")


def test_a_wrong_method_without_accept_language_stays_english(client: TestClient[Litestar]) -> None:
    r = client.put("/v1/score")
    assert (r.status_code, r.headers["content-language"]) == (405, "en")
    body = r.json()
    assert (body["title"], body["detail"]) == ("Method Not Allowed", "This path does not accept this method.")

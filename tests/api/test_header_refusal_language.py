"""Refusals made before routing (a header over its cap: 431; HTTP/1.1 without one Host, a repeated Content-Type:
400) and the reason a settled hand does not win, said in the request's language (``Accept-Language``), with
``Content-Language``. Every expected text is written out here by hand."""

from __future__ import annotations

import json
from typing import Any

import pytest
from litestar import Litestar
from litestar.testing import TestClient

from service.i18n import refusal, render

from .asgi import asgi_request

RU = {"Accept-Language": "ru-RU,ru;q=0.9"}


def _raw(app: Any, headers: list[tuple[bytes, bytes]]) -> tuple[int, dict[bytes, bytes], dict[str, Any]]:
    """One raw ASGI GET /health (the test client always sends one Host and one Content-Type)."""
    sent = asgi_request(app, "GET", "/health", headers, [{"type": "http.request", "body": b""}])
    body = b"".join(m.get("body", b"") for m in sent[1:])
    return sent[0]["status"], dict(sent[0]["headers"]), json.loads(body)


def test_a_header_over_its_cap_is_refused_in_russian(client: TestClient[Litestar]) -> None:
    response = client.get("/v1/yaku", headers={**RU, "X-Request-ID": "a" * 257})
    assert response.status_code == 431
    assert response.headers["content-language"] == "ru"
    assert "Accept-Language" in response.headers["vary"]
    body = response.json()
    assert body["title"] == "Слишком большие поля заголовка"
    assert body["detail"] == "Заголовок x-request-id слишком длинный."
    assert body["errors"] == [{"field": "headers.x-request-id", "message": "не больше 256 байт"}]


def test_all_headers_too_large_are_refused_in_japanese(client: TestClient[Litestar]) -> None:
    many = {f"X-H{i}": "a" * 8000 for i in range(5)}
    response = client.get("/health", headers={**many, "Accept-Language": "ja"})
    assert (response.status_code, response.headers["content-language"]) == (431, "ja")
    body = response.json()
    assert body["title"] == "リクエストヘッダーフィールドが大きすぎます"
    assert body["detail"] == "リクエストヘッダーが大きすぎます。"
    assert body["errors"] == [{"field": "headers", "message": "32,768 バイト以内"}]


def test_a_refused_accept_language_is_not_read_the_answer_is_english(client: TestClient[Litestar]) -> None:
    response = client.get("/v1/yaku", headers={"Accept-Language": "ru," + "x-" * 200})
    assert (response.status_code, response.headers["content-language"]) == (431, "en")
    assert (response.json()["title"], response.json()["detail"]) == (
        "Request Header Fields Too Large",
        "The accept-language header is too long.",
    )


def test_http_1_1_without_host_is_refused_in_russian(app: Litestar) -> None:
    status, headers, body = _raw(app, [(b"accept-language", b"ru")])
    assert (status, headers[b"content-language"]) == (400, b"ru")
    assert body["title"] == "Некорректный запрос"
    assert body["detail"] == "Запросу HTTP/1.1 нужен ровно один заголовок Host."
    assert body["errors"] == [{"field": "headers.host", "message": "нужен ровно один раз"}]
    status, headers, body = _raw(app, [])  # no Accept-Language: English
    assert (status, headers[b"content-language"]) == (400, b"en")
    assert body["detail"] == "An HTTP/1.1 request needs exactly one Host header."


def test_a_repeated_content_type_is_refused_in_russian_with_its_count(app: Litestar) -> None:
    json_type = (b"content-type", b"application/json")
    status, _, body = _raw(app, [(b"host", b"x"), (b"accept-language", b"ru"), json_type, json_type])
    assert status == 400
    assert body["detail"] == "В запросе больше одного заголовка Content-Type."
    assert body["errors"] == [{"field": "headers.content-type", "message": "отправлен 2 раза; отправьте один"}]


@pytest.mark.parametrize(
    ("n", "cap", "sent"),
    [
        (1, "не больше 1 байта", "отправлен 1 раз"),
        (2, "не больше 2 байт", "отправлен 2 раза"),
        (5, "не больше 5 байт", "отправлен 5 раз"),
        (21, "не больше 21 байта", "отправлен 21 раз"),
    ],
)
def test_the_russian_counts_agree_with_the_number(n: int, cap: str, sent: str) -> None:
    assert render(refusal("refusal.header_cap", n=n), "ru") == cap
    assert render(refusal("refusal.sent_times", n=n), "ru") == f"{sent}; отправьте один"


SETTLE = {"rules": "standard", "scores": [25000] * 4, "dealer": 0}


@pytest.mark.parametrize(
    ("hand", "english", "russian"),
    [
        # 123m 456m 789p 111s 99p: complete, closed ron, no yaku (no tanyao, pinfu, yakuhai, ittsu or chanta)
        (
            "123456m789p111s9p",
            "the hand does not win (no yaku: dora alone do not count)",
            "рука не выигрывает (нет яку: одни дора не в счёт)",
        ),
        # 234567m 345p 239s + 9s: no four sets and a pair
        ("234567m345p2399s", "the hand does not win (no winning shape)", "рука не выигрывает (нет выигрышной формы)"),
    ],
)
def test_a_hand_that_does_not_win_says_why_in_the_requests_language(
    client: TestClient[Litestar], hand: str, english: str, russian: str
) -> None:
    win = {"winner": 2, "hand": {"hand": hand, "win_tile": hand[-2:], "seat_wind": "W"}}
    body = {**SETTLE, "outcome": {"type": "ron", "discarder": 1, "wins": [win]}}
    for headers, lang, message in [({}, "en", english), (RU, "ru", russian)]:
        response = client.post("/v1/settle", json=body, headers=headers)
        assert (response.status_code, response.headers["content-language"]) == (422, lang)
        assert response.json()["errors"] == [{"field": "outcome.wins[0].hand", "message": message}]

"""A refusal in the family's language: a 400 or 422 says its ``title`` and reasons (``detail``,
``errors[].message``) in the language ``Accept-Language`` asks for (en, ja, ru), with ``Content-Language`` and
``Vary: Accept-Language``; ``field`` and ``type`` stay the same in every language (/docs/problems). The body's own
refusals (malformed JSON, 413, 415): ``test_body_refusal_languages.py``."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from litestar import Litestar
from litestar.testing import TestClient

from service.app import create_app

RU = {"Accept-Language": "ru-RU,ru;q=0.9,en;q=0.5"}
JA = {"Accept-Language": "ja"}

FIVE_ONES: dict[str, Any] = {"hand": "1111m234567p112s", "win_tile": "1m", "seat_wind": "E"}
"""Four 1m among the hand's 13 tiles and a fifth as the winning tile."""


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient[Litestar]]:
    with TestClient(app=create_app(), raise_server_exceptions=False) as c:
        yield c


def test_a_fifth_copy_is_refused_in_english_by_default(client: TestClient[Litestar]) -> None:
    r = client.post("/v1/score", json=FIVE_ONES)
    assert (r.status_code, r.headers["content-language"], r.headers["vary"]) == (422, "en", "Accept-Language")
    body = r.json()
    assert body["detail"] == "The hand or its situation is not possible."
    assert body["errors"] == [
        {"field": "hand", "message": "5 copies of 1m across hand, win_tile, melds and indicators; there are 4"}
    ]


def test_a_fifth_copy_is_refused_in_russian(client: TestClient[Litestar]) -> None:
    r = client.post("/v1/score", json=FIVE_ONES, headers=RU)
    assert (r.status_code, r.headers["content-language"], r.headers["vary"]) == (422, "ru", "Accept-Language")
    body = r.json()
    assert (body["title"], body["type"]) == ("Необрабатываемое содержимое", "/problems/impossible-hand")
    assert body["detail"] == "Такая рука или ситуация невозможна."
    assert body["errors"] == [
        {"field": "hand", "message": "5 копий 1m в hand, win_tile, melds и индикаторах; а их всего 4"}
    ]


def test_a_fifth_copy_is_refused_in_japanese(client: TestClient[Litestar]) -> None:
    r = client.post("/v1/score", json=FIVE_ONES, headers=JA)
    assert r.headers["content-language"] == "ja"
    assert r.json()["errors"][0]["message"] == "hand、win_tile、melds、表示牌に 1m が5枚あります。牌は4枚しかありません"


@pytest.mark.parametrize(
    ("melds", "hand", "expected"),
    [
        # 0 melds: 13 tiles before the win (12 given); 3 melds: 4 (3 given); 4 melds: 1 (2 given)
        (0, "123456789m112p", "при числе сетов 0 в закрытой руке до выигрыша 13 тайлов, а получено 12"),
        (3, "123p", "при числе сетов 3 в закрытой руке до выигрыша 4 тайла, а получено 3"),
        (4, "12p", "при числе сетов 4 в закрытой руке до выигрыша 1 тайл, а получено 2"),
    ],
)
def test_a_russian_count_agrees_with_its_number(
    client: TestClient[Litestar], melds: int, hand: str, expected: str
) -> None:
    pons = [{"type": "pon", "tiles": t} for t in ("111z", "222z", "333z", "555z")[:melds]]
    r = client.post("/v1/score", json={"hand": hand, "win_tile": "3p", "melds": pons, "seat_wind": "E"}, headers=RU)
    assert r.status_code == 422
    assert {"field": "hand", "message": expected} in r.json()["errors"]


def test_a_schema_violation_is_refused_in_russian(client: TestClient[Litestar]) -> None:
    english = client.post("/v1/score", json={"hand": "123m", "win_tile": "1m", "honba": -1}).json()
    assert english["errors"] == [{"field": "honba", "message": "must be a whole number ≥ 0"}]
    r = client.post("/v1/score", json={"hand": "123m", "win_tile": "1m", "honba": -1}, headers=RU)
    assert (r.status_code, r.headers["content-language"], r.headers["vary"]) == (400, "ru", "Accept-Language")
    assert r.json()["detail"] == "Тело запроса не соответствует схеме."
    assert r.json()["errors"] == [{"field": "honba", "message": "ожидается целое число ≥ 0"}]


def test_an_unknown_field_is_refused_in_japanese(client: TestClient[Litestar]) -> None:
    r = client.post("/v1/score", json={"hand": "123m", "win_tile": "1m", "colour": "red"}, headers=JA)
    assert r.status_code == 400
    assert r.json()["errors"] == [
        {"field": "colour", "message": "不明なフィールド colour: このオブジェクトにそのフィールドはありません"}
    ]


def test_a_settlement_refusal_names_its_field_in_russian(client: TestClient[Litestar]) -> None:
    body = {
        "scores": [25_000, 25_000, 25_000, 24_000],
        "dealer": 0,
        "outcome": {"type": "draw", "tenpai": []},
    }
    r = client.post("/v1/settle", json=body, headers=RU)
    assert (r.status_code, r.headers["content-language"]) == (422, "ru")
    assert r.json()["errors"] == [
        {
            "field": "scores",
            "message": "очки вместе с палочками риичи на столе дают 99\u00a0000, а не 4 × 25\u00a0000 = 100\u00a0000 "
            "(задайте game.start_points, если игра начиналась с другого счёта)",
        }
    ]


def test_a_batch_slot_is_refused_in_the_answers_language(client: TestClient[Litestar]) -> None:
    r = client.post("/v1/score/batch", json={"hands": [FIVE_ONES]}, headers=RU)
    assert (r.status_code, r.headers["content-language"]) == (200, "ru")
    slot = r.json()["results"][0]
    assert (slot["status"], slot["title"]) == (422, "Необрабатываемое содержимое")
    assert slot["detail"] == "Такая рука или ситуация невозможна."
    assert slot["errors"] == [
        {"field": "hands[0].hand", "message": "5 копий 1m в hand, win_tile, melds и индикаторах; а их всего 4"}
    ]


KOSTAREV_SOUTH: dict[str, Any] = {
    "rules": "kostarev",
    "scores": [30_000, 30_000, 20_000, 20_000],
    "dealer": 3,
    "round_wind": "S",
    "outcome": {"type": "ron", "discarder": 2, "wins": [{"winner": 1, "value": {"han": 1, "fu": 30}}]},
}
"""South 4's hand of a preset without winds: the game has no rounds, so no round wind."""


def test_a_round_wind_in_a_preset_without_winds_is_refused(client: TestClient[Litestar]) -> None:
    r = client.post("/v1/settle", json=KOSTAREV_SOUTH)
    assert r.status_code == 422
    assert r.json()["errors"] == [
        {"field": "round_wind", "message": "preset 'kostarev' has no winds: leave round_wind out"}
    ]
    russian = client.post("/v1/settle", json=KOSTAREV_SOUTH, headers=RU).json()
    assert russian["errors"] == [
        {"field": "round_wind", "message": "в пресете 'kostarev' нет ветров: не указывайте round_wind"}
    ]


def test_without_the_round_wind_the_same_hand_goes_on(client: TestClient[Litestar]) -> None:
    body = {key: value for key, value in KOSTAREV_SOUTH.items() if key != "round_wind"}
    r = client.post("/v1/settle", json=body)
    assert r.status_code == 200
    assert r.json()["game_over"] is False


def test_a_log_none_of_the_formats_is_refused_in_russian(client: TestClient[Litestar]) -> None:
    english = client.post("/v1/logs/replay", content=b"hello", headers={"content-type": "text/plain"})
    assert english.status_code == 422
    assert english.json()["errors"] == [
        {
            "field": "log",
            "message": "the body is none of the log formats read here: Tenhou mjlog XML, tenhou.net/6 JSON, "
            "mjai JSON lines, a Mahjong Soul game record (JSON)",
        }
    ]
    r = client.post("/v1/logs/replay", content=b"hello", headers={"content-type": "text/plain", **RU})
    assert (r.status_code, r.headers["content-language"]) == (422, "ru")
    assert r.json()["detail"] == "Лог нельзя прочитать или воспроизвести."
    assert r.json()["errors"][0]["message"].startswith("тело не относится ни к одному из читаемых здесь форматов")


def test_a_query_refusal_is_in_russian(client: TestClient[Litestar]) -> None:
    r = client.get("/v1/table?preset=standard&preset=wrc", headers=RU)
    assert (r.status_code, r.headers["content-language"]) == (400, "ru")
    assert r.json()["detail"] == "Параметр запроса задан дважды или как null."
    assert r.json()["errors"] == [{"field": "preset", "message": "задан больше одного раза; задайте один раз"}]
    unknown = client.get("/v1/table?preset=nosuch", headers=RU)
    assert unknown.status_code == 400
    assert unknown.json()["errors"] == [{"field": "preset", "message": "'nosuch' — недопустимое значение"}]


def test_a_problem_with_a_text_of_no_catalogue_is_wholly_english() -> None:
    """A reason the catalogues do not have (here a message of litestar's own shape, made up) keeps the whole answer
    English, Content-Language en: never two languages in one answer."""
    from litestar import get
    from litestar.exceptions import ValidationException

    from service.api.plumbing.errors import problem_details_plugin

    @get("/odd")
    async def odd() -> None:
        raise ValidationException(extra=[{"key": "x", "message": "an odd message"}, {"key": "data", "message": ""}])

    app = Litestar([odd], plugins=[problem_details_plugin()])
    with TestClient(app=app) as c:
        r = c.get("/odd", headers=RU)
    assert (r.status_code, r.headers["content-language"]) == (400, "en")
    assert r.json()["detail"] == "The request is not valid."
    assert r.json()["errors"] == [
        {"field": "x", "message": "an odd message"},
        {"field": "", "message": "A JSON request body is required"},
    ]


def test_a_decoders_refusal_is_in_japanese(client: TestClient[Litestar]) -> None:
    """An mjai log with no round: the decoder's own refusal, on the field ``log``."""
    body = b'{"type": "start_game"}\n{"type": "end_game"}\n'
    english = client.post("/v1/logs/replay?format=mjai", content=body, headers={"content-type": "text/plain"})
    assert english.json()["errors"] == [{"field": "log", "message": "the log has no round (no start_kyoku)"}]
    r = client.post("/v1/logs/replay?format=mjai", content=body, headers={"content-type": "text/plain", **JA})
    assert (r.status_code, r.headers["content-language"]) == (422, "ja")
    assert r.json()["errors"] == [{"field": "log", "message": "ログに局がありません（start_kyoku がありません）"}]


@pytest.mark.parametrize(
    ("body", "field", "en", "ru", "ja"),
    [
        (
            {"riichi": "yes"},
            "riichi",
            "must be true or false, not a string",
            "ожидается true или false, а получено: строка",
            "true、または false が必要です（受け取った値: 文字列）",
        ),
        (
            {"honba": 1.5},
            "honba",
            "must be a whole number, not a number",
            "ожидается целое число, а получено: число",
            "整数 が必要です（受け取った値: 数値）",
        ),
        (
            {"honba": -1},
            "honba",
            "must be a whole number ≥ 0",
            "ожидается целое число ≥ 0",
            "0 以上の整数が必要です",
        ),
        (
            {"melds": {}},
            "melds",
            "must be an array, not an object",
            "ожидается массив, а получено: объект",
            "配列 が必要です（受け取った値: オブジェクト）",
        ),
    ],
)
def test_a_schema_violation_is_said_in_plain_words(
    client: TestClient[Litestar], body: dict[str, Any], field: str, en: str, ru: str, ja: str
) -> None:
    """No backticks and no Python type names (`int`, `bool`, `str`) in any language: msgspec's wording is
    translated into plain words."""
    full = {"hand": "123m", "win_tile": "1m", **body}
    for headers, expected in (({}, en), (RU, ru), (JA, ja)):
        r = client.post("/v1/score", json=full, headers=headers)
        assert r.status_code == 400
        assert r.json()["errors"] == [{"field": field, "message": expected}]


def test_msgspec_type_unions_and_constraints_are_said_in_plain_words() -> None:
    """Every shape msgspec writes a validation message in (its version's wording) maps to words of the catalogues;
    none keeps a backtick or a type name."""
    from service.api.plumbing.decoding import msgspec_refusal
    from service.i18n import render

    cases = {
        "Expected `bool | null`, got `str`": (
            "must be true, false or null, not a string",
            "ожидается true, false или null, а получено: строка",
            "true、false、または null が必要です（受け取った値: 文字列）",
        ),
        "Expected `int` >= 1": ("must be a whole number ≥ 1", "ожидается целое число ≥ 1", "1 以上の整数が必要です"),
        "Expected `int` <= 100000": (
            "must be a whole number ≤ 100,000",
            "ожидается целое число ≤ 100\u00a0000",
            "100,000 以下の整数が必要です",
        ),
        "Expected `float` > 0.5": ("must be a number > 0.5", "ожидается число > 0,5", "0.5 より大きい数値が必要です"),
        "Expected `array` of length <= 64": (
            "must be an array of length ≤ 64",
            "ожидается массив длины ≤ 64",
            "長さ 64 以下の配列が必要です",
        ),
        "Expected `str` of length >= 1": (
            "must be a string of length ≥ 1",
            "ожидается строка длины ≥ 1",
            "長さ 1 以上の文字列が必要です",
        ),
        "Expected `array` of length 2, got 3": (
            "must be an array of length 2, not of length 3",
            "ожидается массив длины 2, а получена длина 3",
            "長さ 2 の配列が必要です（受け取った長さ: 3）",
        ),
        "Expected `int` that's a multiple of 100": (
            "must be a whole number that is a multiple of 100",
            "ожидается целое число, кратное 100",
            "100 の倍数の整数が必要です",
        ),
        "Object missing required field `hand`": (
            "required field hand is missing",
            "нет обязательного поля hand",
            "必須フィールド hand がありません",
        ),
        "Invalid enum value 'x'": (
            "'x' is not one of the allowed values",
            "'x' — недопустимое значение",
            "'x' は使えない値です",
        ),
    }
    for text, expected in cases.items():
        said = tuple(render(msgspec_refusal(text), lang) for lang in ("en", "ru", "ja"))
        assert said == expected, text
        assert not any("`" in s or "int" in s.split() for s in said)

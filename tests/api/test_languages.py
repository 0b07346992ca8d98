"""Answers in the family's language: every operation that returns names honours ``Accept-Language``
(en, ja, ru) and says which it used in ``Content-Language`` (/docs/rules §5; kids' rules)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from litestar import Litestar
from litestar.testing import TestClient

from service.app import create_app

RU = {"Accept-Language": "ru-RU,ru;q=0.9,en;q=0.5"}
JA = {"Accept-Language": "ja"}

# kids' rules «Пример подсчёта»: riichi + two pons + tsumo
KIDS_EXAMPLE: dict[str, Any] = {
    "hand": "333p777s123m456m8p",
    "win_tile": "8p",
    "win": "tsumo",
    "riichi": True,
    "rules": "kids",
}
MANGAN: dict[str, Any] = {"hand": "234567m3455p234s", "win_tile": "2p", "seat_wind": "S", "riichi": True}


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient[Litestar]]:
    with TestClient(app=create_app(), raise_server_exceptions=False) as c:
        yield c


def test_kids_answer_explains_itself_in_russian(client: TestClient[Litestar]) -> None:
    r = client.post("/v1/score", json=KIDS_EXAMPLE, headers=RU)
    assert (r.status_code, r.headers["content-language"], r.headers["vary"]) == (200, "ru", "Accept-Language")
    body = r.json()
    assert body["explanation"] == [
        "Риичи — 2 очка",
        "Пон 333p — 1 очко",
        "Пон 777s — 1 очко",
        "Цумо — 1 очко",
        "Итого: 5 очков",
    ]
    assert [i["name"] for i in body["points_breakdown"]] == ["Риичи", "Пон", "Пон", "Цумо"]
    assert body["points"] == 5


def test_kids_answer_in_english_by_default(client: TestClient[Litestar]) -> None:
    r = client.post("/v1/score", json=KIDS_EXAMPLE)
    assert r.headers["content-language"] == "en"
    assert r.json()["explanation"][-1] == "Total: 5 points"


def test_score_names_in_japanese(client: TestClient[Litestar]) -> None:
    body = client.post("/v1/score", json=MANGAN, headers=JA).json()
    assert [y["name"] for y in body["yaku"]] == ["立直", "平和", "断幺九", "三色同順"]
    assert body["limit_name"] == "満貫"
    assert [f["id"] for f in body["fu_breakdown"]] == ["base", "closed_ron"]
    assert all(f["name"] for f in body["fu_breakdown"])
    assert body["payments"][0]["name"] == "放銃者"


def test_numbers_do_not_depend_on_the_language(client: TestClient[Litestar]) -> None:
    answers = [client.post("/v1/score", json=MANGAN, headers=h).json() for h in ({}, RU, JA)]
    numbers = [(a["han"], a["fu"], a["points"], [y["id"] for y in a["yaku"]]) for a in answers]
    assert numbers == [(5, 30, 8000, ["riichi", "pinfu", "tanyao", "sanshoku"])] * 3


def test_not_a_win_says_why_in_russian(client: TestClient[Litestar]) -> None:
    body = client.post("/v1/score", json={**MANGAN, "riichi": False, "win_tile": "9m"}, headers=RU).json()
    assert body["is_win"] is False
    assert body["reason"] == "not_complete"
    assert "рук" in body["reason_name"].lower()


def test_batch_names_follow_the_language(client: TestClient[Litestar]) -> None:
    r = client.post("/v1/score/batch", json={"hands": [MANGAN, KIDS_EXAMPLE]}, headers=RU)
    assert r.headers["content-language"] == "ru"
    first, second = r.json()["results"]
    assert first["yaku"][0]["name"] == "Риичи"
    assert second["explanation"][-1] == "Итого: 5 очков"


def test_tenpai_wait_values_follow_the_language(client: TestClient[Litestar]) -> None:
    r = client.post("/v1/tenpai", json={"hand": "234567m345p234s5p", "seat_wind": "S", "riichi": True}, headers=JA)
    assert r.headers["content-language"] == "ja"
    waits = r.json()["waits"]
    assert waits
    assert waits[0]["ron"]["yaku"][0]["name"] == "立直"


def test_settle_transfers_and_scored_hand_follow_the_language(client: TestClient[Litestar]) -> None:
    body = {
        "scores": [25000, 25000, 25000, 25000],
        "dealer": 0,
        "riichi": [1],
        "outcome": {"type": "ron", "discarder": 3, "wins": [{"winner": 1, "hand": MANGAN}]},
    }
    r = client.post("/v1/settle", json=body, headers=RU)
    assert r.headers["content-language"] == "ru"
    answer = r.json()
    assert [t["kind"] for t in answer["transfers"]] == ["riichi_deposit", "ron", "riichi_sticks"]
    assert all(t["name"] for t in answer["transfers"])
    assert answer["wins"][0]["limit_name"] == "Манган"
    assert answer["wins"][0]["score"]["yaku"][0]["name"] == "Риичи"


def test_sticks_reason_follows_the_language(client: TestClient[Litestar]) -> None:
    body = {"amount": 8000, "payer": {"5000": 1, "1000": 2}}  # 7,000 held, 8,000 owed
    english = client.post("/v1/sticks", json=body)
    russian = client.post("/v1/sticks", json=body, headers={"Accept-Language": "ru"})

    assert english.json()["reason"] == "the payer holds 7000 points in sticks, less than the 8000 owed"
    assert russian.json()["reason"] == "у платящего палочек на 7000 очков, меньше, чем нужно отдать (8000)"
    assert russian.headers["content-language"] == "ru"
    assert {k: v for k, v in russian.json().items() if k != "reason"} == {
        k: v for k, v in english.json().items() if k != "reason"
    }


def test_yaku_catalogue_descriptions_and_dora_in_russian(client: TestClient[Litestar]) -> None:
    body = client.get("/v1/yaku?preset=standard", headers=RU).json()
    entries = {y["id"]: y for y in body["presets"][0]["yaku"]}
    assert {"dora", "ura_dora", "aka_dora"} <= set(entries)
    assert entries["aka_dora"]["kind"] == "dora"
    assert any("а" <= ch <= "я" for ch in entries["pinfu"]["description"])


def test_rules_meanings_and_sources_in_japanese(client: TestClient[Litestar]) -> None:
    r = client.get("/v1/rules/kostarev", headers=JA)
    assert r.headers["content-language"] == "ja"
    body = r.json()
    assert any("\u3040" <= ch <= "\u9fff" for ch in body["preset"]["summary"])
    options = {o["name"]: o for o in body["options"]}
    assert any("\u3040" <= ch <= "\u9fff" for ch in options["mangan_cap"]["meaning"])


def test_a_huge_accept_language_is_refused_before_any_parsing(client: TestClient[Litestar]) -> None:
    """Issue 16: a 360 KB header cost 101 ms; now any Accept-Language over 256 bytes is a 431 naming it."""
    r = client.post("/v1/score", json=MANGAN, headers={"Accept-Language": "ru," + "x-" * 180_000})
    assert r.status_code == 431
    assert r.headers["content-type"] == "application/problem+json"
    assert r.json()["errors"] == [{"field": "headers.accept-language", "message": "at most 256 bytes"}]


def test_an_accept_language_at_the_cap_is_still_read(client: TestClient[Litestar]) -> None:
    header = ("ru," + "x-" * 200)[:256]
    r = client.post("/v1/score", json=MANGAN, headers={"Accept-Language": header})
    assert (r.status_code, r.headers["content-language"]) == (200, "ru")


@pytest.mark.parametrize(
    ("header", "chosen"),
    [
        ("ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7", "ru"),
        ("de, ja;q=0.5, en;q=0.4", "ja"),  # de is not served: the next weight wins
        ("ru;q=0.9, ja;q=1.000", "ja"),  # 1.000 is a weight
        ("ru, ja;q=0", "ru"),
        ("ja;q=0, *", "en"),
        ("ja;q=1e400, ru;q=0.5", "ru"),  # not a qvalue (RFC 9110 §12.4.2): the range is excluded, not top
        ("ja;q=inf, ru;q=0.001", "ru"),
        ("ja;q=nan, ru;q=0.1", "ru"),
        ("ja;q=2, ru;q=0.1", "ru"),
        ("ja;q=0.9999, ru;q=0.1", "ru"),  # four decimals: not a qvalue
        ("ja;q=, ru;q=0.1", "ru"),
    ],
)
def test_weights_order_the_languages_and_a_malformed_weight_excludes(header: str, chosen: str) -> None:
    from service.i18n import negotiate_language

    assert negotiate_language(header) == chosen

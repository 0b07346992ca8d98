"""A replay's texts in the request's language (Accept-Language): the refusals of an impossible log (422) and
the few texts of a replayed game (a round the service refused to settle), each expected text written from
the catalogues by hand; every other value of the answer is the same in every language."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from litestar import Litestar
from litestar.testing import TestClient

from tests.logs.script import mjai_lines

SANMA = Path(__file__).parents[1] / "logs" / "data" / "mjai" / "wahaha_2020010100gm-00b9-0000-7a6863a8.mjson"
JSON = {"content-type": "application/json"}


def _sanma() -> list[dict[str, Any]]:
    return [json.loads(line) for line in SANMA.read_text(encoding="utf-8").splitlines() if line.strip()]


def _body(events: list[dict[str, Any]]) -> bytes:
    return "\n".join(json.dumps(e, ensure_ascii=False) for e in events).encode()


def test_an_out_of_turn_discard_is_refused_in_russian(client: TestClient[Litestar]) -> None:
    # East 1 of the real three-player game: the dealer's draw and discard (events 0, 1), seat 1's draw, North
    # set aside, replacement draw and discard (2–5), seat 2's draw of East (6) and its discard of 1m (7),
    # written here as seat 0's
    events = _sanma()
    at = next(i for i, e in enumerate(events) if e["type"] == "dahai" and e["actor"] == 2)
    events[at]["actor"] = 0

    response = client.post("/v1/logs/replay", content=_body(events), headers={**JSON, "accept-language": "ru-RU"})

    assert response.status_code == 422, response.text
    assert response.headers["content-language"] == "ru"
    problem = response.json()
    assert problem["type"] == "/problems/impossible-log"
    assert problem["detail"] == "Лог читается, но его события не могли произойти."
    (error,) = problem["errors"]
    assert error["field"] == "log.rounds[0].events[7]"
    assert error["message"] == "место 0 сбрасывает 1m не в свою очередь: сбрасывать должно место 2"


def test_a_draw_out_of_turn_is_refused_in_japanese_and_english(client: TestClient[Litestar]) -> None:
    events = _sanma()
    second_draw = [i for i, e in enumerate(events) if e["type"] == "tsumo"][1]
    events[second_draw]["actor"] = 2
    messages = {}
    for lang in ("ja", "en"):
        response = client.post("/v1/logs/replay", content=_body(events), headers={**JSON, "accept-language": lang})
        assert response.status_code == 422, response.text
        assert response.headers["content-language"] == lang
        messages[lang] = response.json()["errors"][0]["message"]
    assert messages == {
        "ja": "席 2 が手番でないのにツモっています（ツモるのは席 1 です）",
        "en": "seat 2 draws out of turn: seat 1 is to draw",
    }


def test_a_round_the_service_refuses_to_settle_is_listed_in_the_requests_language(
    client: TestClient[Litestar],
) -> None:
    # the script's game moved to South 4 and then a West round: a hanchan ends at South 4, so the service
    # refuses to settle the West round; the difference lists the refusal as {field, message}
    events = [json.loads(line) for line in mjai_lines().splitlines()]
    first, second, third = (e for e in events if e["type"] == "start_kyoku")
    first.update(bakaze="S", kyoku=4)
    second.update(bakaze="S", kyoku=4)
    third.update(bakaze="W", kyotaku=1, scores=[72000, 9000, 9000, 9000])
    body = _body(events)

    answers = {}
    for lang in ("en", "ru"):
        response = client.post(
            "/v1/logs/replay?rules=standard", content=body, headers={**JSON, "accept-language": lang}
        )
        assert response.status_code == 200, response.text
        assert response.headers["content-language"] == lang
        assert "Accept-Language" in response.headers["vary"]
        answers[lang] = response.json()

    refused = {
        lang: next(d for d in a["rounds"][2]["differences"] if d["field"] == "settle") for lang, a in answers.items()
    }
    assert refused["en"]["service"] == [
        {"field": "round_wind", "message": "a hanchan game is played to South 4: it has no W round"}
    ]
    assert refused["ru"]["service"] == [
        {"field": "round_wind", "message": "игра hanchan идёт до Юга 4: раунда W в ней нет"}
    ]
    assert [w["reason"] for w in answers["ru"]["rounds"][2]["wins"]] == [
        "сервис не смог оценить эту победу (см. differences раунда)"
    ]
    # everything but the refusal's message is the same in both languages
    for answer in answers.values():
        for difference in answer["rounds"][2]["differences"]:
            if difference["field"] == "settle":
                difference["service"] = [{**e, "message": None} for e in difference["service"]]
        for win in answer["rounds"][2]["wins"]:  # not scored: the round was not settled; why is a text too
            win["reason"] = None
        for difference in answer["final_differences"]:
            difference["service"] = [{**e, "message": None} for e in difference["service"]]
    assert answers["en"] == answers["ru"]


def test_a_batch_line_s_problem_follows_the_request_s_language(client: TestClient[Litestar]) -> None:
    events = _sanma()
    at = next(i for i, e in enumerate(events) if e["type"] == "dahai" and e["actor"] == 2)
    events[at]["actor"] = 0
    body = (json.dumps(events, ensure_ascii=False) + "\n").encode()

    response = client.post(
        "/v1/logs/replay/batch", content=body, headers={"content-type": "application/x-ndjson", "accept-language": "ru"}
    )

    assert response.status_code == 200, response.text
    assert response.headers["content-language"] == "ru"
    (line,) = [json.loads(text) for text in response.text.splitlines()]
    assert line["problem"]["type"] == "/problems/impossible-log"
    assert line["problem"]["title"] == "Необрабатываемое содержимое"
    assert line["problem"]["detail"] == "Лог читается, но его события не могли произойти."
    assert line["problem"]["errors"][0]["message"] == (
        "место 0 сбрасывает 1m не в свою очередь: сбрасывать должно место 2"
    )


def test_a_batch_line_for_a_game_the_service_fails_on_is_said_in_the_request_s_language(
    client: TestClient[Litestar], monkeypatch: pytest.MonkeyPatch
) -> None:
    import service.api.routes.logs as routes

    def failing(*args: Any) -> Any:
        raise RuntimeError("a fault of ours")

    monkeypatch.setattr(routes, "_replay", failing)
    body = (json.dumps(_sanma(), ensure_ascii=False) + "\n").encode()

    problems = {}
    for lang in ("en", "ru", "ja"):
        headers = {"content-type": "application/x-ndjson", "accept-language": lang}
        response = client.post("/v1/logs/replay/batch", content=body, headers=headers)
        assert response.status_code == 200, response.text
        assert response.headers["content-language"] == lang
        (line,) = [json.loads(text) for text in response.text.splitlines()]
        problems[lang] = line["problem"]

    for p in problems.values():  # nothing but the texts changes with the language
        assert (p["type"], p["status"], p["errors"]) == ("/problems/internal-error", 500, [])
    assert {lang: (p["title"], p["detail"]) for lang, p in problems.items()} == {
        "en": (
            "Internal Server Error",
            "This game could not be replayed: a fault of the service, logged; the other games go on.",
        ),
        "ru": (
            "Внутренняя ошибка сервера",
            "Эту игру не удалось воспроизвести: это сбой сервиса, он записан в журнал; остальные игры "
            "обрабатываются дальше.",
        ),
        "ja": (
            "サーバー内部エラー",
            "このゲームは再生できませんでした。サービス側の障害で、ログに記録しました。ほかのゲームの処理は続きます。",
        ),
    }


def test_an_mjlog_with_entities_is_an_unreadable_log_said_in_the_request_s_language(
    client: TestClient[Litestar],
) -> None:
    # an entity declared and used: no Tenhou log has one, and defusedxml does not expand it
    body = b'<?xml version="1.0"?><!DOCTYPE mjloggm [<!ENTITY a "aaaa">]><mjloggm>&a;</mjloggm>'

    answers = {}
    for lang in ("en", "ja"):
        headers = {"content-type": "application/xml", "accept-language": lang}
        response = client.post("/v1/logs/replay", content=body, headers=headers)
        assert response.status_code == 422, response.text
        answers[lang] = response.json()

    assert {a["type"] for a in answers.values()} == {"/problems/unreadable-log"}
    assert answers["en"]["detail"] == "The log cannot be read or replayed."
    assert answers["en"]["errors"] == [
        {
            "field": "log",
            "message": "the mjlog declares a DTD (<!DOCTYPE …>), which no Tenhou log has: it is refused, not read",
        }
    ]
    assert answers["ja"]["detail"] == "このログは読み込みも再生もできません。"
    assert answers["ja"]["errors"][0]["message"] == (
        "この mjlog は DTD（<!DOCTYPE …>）を宣言しています。天鳳のログにはないもので、読み込まずに拒否します"
    )
    assert client.get("/problems/unreadable-log").status_code == 200


def test_a_log_with_a_fifth_copy_is_an_impossible_log_and_a_truncated_one_unreadable(
    client: TestClient[Litestar],
) -> None:
    events = _sanma()
    truncated = _body(events[:6])  # the game's start, East 1's deal and its first four moves: no end
    at = next(i for i, e in enumerate(events) if e["type"] == "dahai")
    events[at]["pai"] = "9m"  # the dealer's first discard (C) written as a 9m, which it does not hold

    not_held = client.post("/v1/logs/replay", content=_body(events), headers=JSON)
    cut = client.post("/v1/logs/replay", content=truncated, headers=JSON)

    assert (not_held.status_code, not_held.json()["type"]) == (422, "/problems/impossible-log")
    assert not_held.json()["errors"][0]["field"] == "log.rounds[0].events[1]"
    assert not_held.json()["errors"][0]["message"].startswith("seat 0 does not hold 9m")
    assert (cut.status_code, cut.json()["type"]) == (422, "/problems/unreadable-log")
    assert cut.json()["errors"][0]["field"] == "log.rounds[0]"

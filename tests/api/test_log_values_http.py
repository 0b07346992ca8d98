"""Over HTTP: a log with a score no game can have is a 422 naming the round, in the request's language, never a
500 (the refusal's message once could not format the number); a body with a byte-order mark is read. The log is
the mjai example of /docs/logs with one score changed; the expected texts are written by hand."""

from __future__ import annotations

import json
from pathlib import Path

from litestar import Litestar
from litestar.testing import TestClient

PAGE = Path(__file__).resolve().parents[2] / "service" / "docs" / "logs.md"


def _mjai_example() -> str:
    text = PAGE.read_text(encoding="utf-8")
    start = text.index("```jsonl\n", text.index("\n## mjai\n")) + len("```jsonl\n")
    return text[start : text.index("```", start)]


def test_a_score_of_ten_to_the_thirty_is_a_422_naming_the_round_in_each_language(
    client: TestClient[Litestar],
) -> None:
    body = _mjai_example().replace('"scores": [25000, 25000', '"scores": [1000000000000000000000000000000, 25000', 1)

    answers = {}
    for path in ("/v1/logs/replay", "/v1/logs/convert?to=mjai"):
        for lang in ("en", "ja"):
            response = client.post(path, content=body.encode(), headers={"accept-language": lang})
            assert response.status_code == 422, response.text
            assert response.json()["type"] == "/problems/unreadable-log"
            answers[path, lang] = response.json()["errors"]

    expected_en = [
        {
            "field": "log.rounds[0]",
            "message": "start_kyoku scores: 1,000,000,000,000,000,000,000,000,000,000 is out of range "
            "(at most 10,000,000 in magnitude)",
        }
    ]
    expected_ja = [
        {
            "field": "log.rounds[0]",
            "message": "start_kyoku scores: 1,000,000,000,000,000,000,000,000,000,000 は範囲外です"
            "（絶対値 10,000,000 まで）",
        }
    ]
    assert answers["/v1/logs/replay", "en"] == expected_en
    assert answers["/v1/logs/replay", "ja"] == expected_ja
    assert answers["/v1/logs/convert?to=mjai", "en"] == expected_en


def test_a_score_of_ten_to_the_twenty_is_refused_not_answered_past_int64(client: TestClient[Litestar]) -> None:
    body = _mjai_example().replace('"scores": [25000, 25000', '"scores": [100000000000000000000, 25000', 1)

    response = client.post("/v1/logs/replay", content=body.encode())

    assert response.status_code == 422, response.text
    assert response.json()["errors"][0]["field"] == "log.rounds[0]"


def test_a_batch_game_with_a_huge_score_is_a_422_line_and_the_next_game_goes_on(client: TestClient[Litestar]) -> None:
    good = _mjai_example()
    huge = good.replace('"scores": [25000, 25000', '"scores": [1000000000000000000000000000000, 25000', 1)
    body = f"{json.dumps(huge)}\n{json.dumps(good)}\n".encode()

    response = client.post("/v1/logs/replay/batch", content=body, headers={"content-type": "application/x-ndjson"})

    assert response.status_code == 200, response.text
    first, second = (json.loads(line) for line in response.text.splitlines())
    assert first["problem"]["status"] == 422
    assert first["problem"]["errors"][0]["field"] == "log.rounds[0]"
    assert second["problem"] is None
    assert second["result"]["rounds"][0]["log_scores"] == [25000, 33000, 17000, 25000]  # as /docs/logs shows

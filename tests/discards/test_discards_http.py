"""POST /v1/analysis/discards and its batch over HTTP (in process, the app as tests/tenpai/test_info_http.py builds it).

Every refusal is ``application/problem+json`` naming the field: 400 for a body that is no request,
422 for an impossible one (a fifth copy, `visible` or `river` contradicting the hand, a tile count
that is not 14, or 13 with an offered tile); a batch answers a refused position with that problem in
its slot, paths from the batch body.
"""

from __future__ import annotations

from typing import Any

from litestar import Litestar
from litestar.testing import TestClient

from tests.tenpai.test_info_http import client, problem_of

__all__ = ["client"]  # the fixture, used by name

HAND = "23m456p789s34s11z67p"  # 1-shanten; 4p, 6p, 7p each keep 1m 4m 2s 5s (16), see test_discards.py


def test_discards_are_ranked_with_their_reasons(client: TestClient[Litestar]) -> None:
    r = client.post("/v1/analysis/discards", json={"hand": HAND, "seat_wind": "S"})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["shanten"] == 1
    assert body["calls"] is None
    top = body["discards"][0]
    assert (top["discard"], top["rank"], top["ukeire_unseen"], top["reason"]) == ("4p", 1, 16, "best")
    assert [d["rank"] for d in body["discards"]] == list(range(1, len(body["discards"]) + 1))


def test_an_offered_tile_ranks_the_calls(client: TestClient[Litestar]) -> None:
    r = client.post("/v1/analysis/discards", json={"hand": "24m456p789s34s11z6p", "seat_wind": "S", "offered": "3m"})
    assert r.status_code == 200, r.text
    assert [(c["call"], c["shanten"]) for c in r.json()["calls"]] == [("chi", 0), ("pass", 1)]


def _fields(problem: dict[str, Any]) -> list[str]:
    return [e["field"] for e in problem["errors"]]


def test_impossible_positions_are_422_naming_the_field(client: TestClient[Litestar]) -> None:
    cases = [
        ({"hand": "23m456p789s3s11111z"}, "hand"),  # a fifth 1z
        ({"hand": HAND, "visible": "111z"}, "visible"),  # 2 held + 3 seen
        ({"hand": HAND, "river": "111z"}, "river"),
        ({"hand": "23m456p789s34s11z6p"}, "hand"),  # 13 tiles, nothing offered
        ({"hand": HAND + "9s"}, "hand"),  # 15 tiles
        ({"hand": HAND, "offered": "5s"}, "hand"),  # 14 tiles and an offered tile
    ]
    for body, field in cases:
        problem = problem_of(client.post("/v1/analysis/discards", json={"seat_wind": "S", **body}), 422)
        assert field in _fields(problem), (body, problem)


def test_a_body_that_is_no_request_is_400(client: TestClient[Litestar]) -> None:
    problem = problem_of(client.post("/v1/analysis/discards", json={"hand": HAND, "river": 3}), 400)
    assert "river" in _fields(problem)[0]


def test_batch_answers_each_position_in_order(client: TestClient[Litestar]) -> None:
    body = {
        "positions": [
            {"hand": HAND, "values": False},
            {"hand": HAND, "visible": "111z", "values": False},
            {"hand": "24m456p789s34s11z6p", "offered": "3m", "values": False},
        ]
    }
    r = client.post("/v1/analysis/discards/batch", json=body)
    assert r.status_code == 200, r.text
    first, refused, third = r.json()["results"]
    assert first["discards"][0]["discard"] == "4p"
    assert (refused["status"], _fields(refused)) == (422, ["positions[1].visible"])
    assert third["calls"][0]["call"] == "chi"


def test_an_empty_batch_is_400(client: TestClient[Litestar]) -> None:
    problem_of(client.post("/v1/analysis/discards/batch", json={"positions": []}), 400)

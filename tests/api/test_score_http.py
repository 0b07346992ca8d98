"""POST /v1/score over HTTP (in process): the contract of /docs/endpoints, including every error shape."""

from __future__ import annotations

import gzip
import json
from typing import Any

import pytest
from litestar import Litestar
from litestar.testing import TestClient

import service.api.routes.scoring
from service.app import MAX_BODY_BYTES

PROBLEM = "application/problem+json"

# Riichi, pinfu, tanyao, sanshoku on a ryanmen 2p–5p wait: 5 han 30 fu, non-dealer mangan by ron.
MANGAN = {"hand": "234567m3455p234s", "win_tile": "2p", "seat_wind": "S", "riichi": True}


TYPES = {
    400: "/problems/invalid-request",
    404: "/problems/not-found",
    405: "/problems/method-not-allowed",
    413: "/problems/body-too-large",
    415: "/problems/unsupported-media-type",
    422: "/problems/impossible-hand",
    500: "/problems/internal-error",
    503: "/problems/not-ready",
}
"""The problem types (docs/problems.md), typed in here."""


def problem_of(response: Any, status: int) -> dict[str, Any]:
    """The problem body of ``response`` after checking its status, media type and RFC 9457 members."""
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == PROBLEM
    body = response.json()
    assert body["status"] == status
    assert body["type"] == TYPES[status]  # the page about this kind of problem
    assert body["instance"] == f"/requests/{response.headers['x-request-id']}"
    assert isinstance(body["title"], str)
    assert body["title"]
    assert isinstance(body["detail"], str)
    assert body["detail"]
    assert isinstance(body["errors"], list)
    for error in body["errors"]:
        assert set(error) == {"field", "message"}
    return body


def fields_of(body: dict[str, Any]) -> list[str]:
    return [e["field"] for e in body["errors"]]


def test_valid_hand_returns_200_with_the_documented_fields(client: TestClient[Litestar]) -> None:
    response = client.post("/v1/score", json=MANGAN)

    assert response.status_code == 200
    assert response.headers["content-type"] == "application/json"
    body = response.json()
    documented = {
        "is_win",
        "reason",
        "preset",
        "han",
        "fu",
        "yaku",
        "yakuman",
        "fu_breakdown",
        "limit",
        "base_points",
        "points",
        "payments",
        "riichi_sticks_won",
        "total",
    }
    assert documented <= set(body)
    assert body["is_win"] is True
    assert body["reason"] is None
    assert body["preset"] == "standard"
    assert {y["id"] for y in body["yaku"]} == {"riichi", "pinfu", "tanyao", "sanshoku"}
    assert (body["han"], body["fu"], body["limit"], body["points"]) == (5, 30, "mangan", 8000)
    assert body["payments"] == [{"payer": "discarder", "amount": 8000, "count": 1, "name": "Discarder"}]
    assert body["limit_name"] == "Mangan"
    assert response.headers["content-language"] == "en"
    assert response.headers["vary"] == "Accept-Language"
    assert body["total"] == 8000


def test_tiles_as_a_json_array_are_accepted(client: TestClient[Litestar]) -> None:
    hand = ["2m", "3m", "4m", "5m", "6m", "7m", "3p", "4p", "5p", "5p", "2s", "3s", "4s"]
    response = client.post("/v1/score", json={**MANGAN, "hand": hand})

    assert response.status_code == 200
    assert response.json()["points"] == 8000


def test_rules_as_a_preset_name_are_accepted(client: TestClient[Litestar]) -> None:
    response = client.post("/v1/score", json={**MANGAN, "rules": "standard"})

    assert response.status_code == 200


@pytest.mark.parametrize(
    ("body", "field"),
    [
        pytest.param({**MANGAN, "hand": "12x3m"}, "hand", id="bad-tile-string"),
        pytest.param({**MANGAN, "hand": 234567}, "hand", id="hand-not-a-string"),
        pytest.param({**MANGAN, "win_tile": "8z"}, "win_tile", id="no-such-honour"),
        pytest.param({**MANGAN, "foo": 1}, "foo", id="unknown-field"),
        pytest.param({**MANGAN, "rules": {"preset": "standard", "foo": 1}}, "rules.foo", id="unknown-rule-option"),
        pytest.param({**MANGAN, "rules": {"preset": "standard", "kazoe": "x"}}, "rules.kazoe", id="bad-option-value"),
        pytest.param({**MANGAN, "rules": "mahjong-soul"}, "rules", id="unknown-preset"),
        pytest.param(
            {**MANGAN, "hand": "234567m", "melds": [{"type": "pon", "tiles": "777z"}, {"type": "chi", "tiles": 345}]},
            "melds[1].tiles",
            id="meld-tiles-wrong-type",
        ),
        pytest.param({**MANGAN, "melds": [{"type": "daiminkan", "tiles": "1111s"}]}, "melds[0].type", id="meld-type"),
        pytest.param({**MANGAN, "honba": "1"}, "honba", id="number-as-string-not-coerced"),
        pytest.param({**MANGAN, "riichi": "true"}, "riichi", id="bool-as-string-not-coerced"),
        pytest.param({**MANGAN, "honba": -1}, "honba", id="negative-honba"),
        pytest.param({"win_tile": "2p"}, "hand", id="missing-hand"),
    ],
)
def test_schema_violation_is_400_naming_the_field(
    client: TestClient[Litestar], body: dict[str, Any], field: str
) -> None:
    problem = problem_of(client.post("/v1/score", json=body), 400)

    assert fields_of(problem) == [field]


@pytest.mark.parametrize(
    "content",
    [
        pytest.param(b'{"hand": "234567m3455p234s",', id="truncated"),
        pytest.param(b"{hand: 1}", id="unquoted-key"),
        pytest.param(b"\xff\xfe", id="not-utf8"),
    ],
)
def test_malformed_json_is_400_naming_the_whole_body(client: TestClient[Litestar], content: bytes) -> None:
    response = client.post("/v1/score", content=content, headers={"content-type": "application/json"})

    problem = problem_of(response, 400)
    assert [e["field"] for e in problem["errors"]] == [""]
    assert "JSON" in problem["detail"]
    assert problem["errors"][0]["message"].startswith("not valid JSON")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        pytest.param(b"", "A JSON request body is required", id="empty-body"),
        pytest.param(b"[]", "must be an object, not an array", id="array-body"),
        pytest.param(b"null", "must be an object, not null", id="null-body"),
    ],
)
def test_body_that_is_not_an_object_is_400_naming_the_whole_body(
    client: TestClient[Litestar], content: bytes, message: str
) -> None:
    response = client.post("/v1/score", content=content, headers={"content-type": "application/json"})

    assert problem_of(response, 400)["errors"] == [{"field": "", "message": message}]


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded"])
def test_wrong_content_type_is_415(client: TestClient[Litestar], content_type: str) -> None:
    response = client.post("/v1/score", content=json.dumps(MANGAN), headers={"content-type": content_type})

    problem = problem_of(response, 415)
    assert problem["errors"] == [
        {"field": "headers.content-type", "message": f"{content_type!r} is not JSON: send application/json"}
    ]
    assert content_type in problem["detail"]


@pytest.mark.parametrize("content_type", ["application/json; charset=utf-8", "application/vnd.api+json"])
def test_json_content_types_with_parameters_or_suffix_are_accepted(
    client: TestClient[Litestar], content_type: str
) -> None:
    response = client.post("/v1/score", content=json.dumps(MANGAN), headers={"content-type": content_type})

    assert response.status_code == 200


JSON_BODIES = {
    "/v1/score": json.dumps(MANGAN).encode(),
    "/v1/score/batch": json.dumps({"hands": [MANGAN]}).encode(),
}
"""A valid body of each JSON operation that takes one."""


@pytest.mark.parametrize("path", sorted(JSON_BODIES))
@pytest.mark.parametrize("coding", ["gzip", "br", "x-gzip, identity"])
def test_a_content_encoding_is_415_naming_the_header(client: TestClient[Litestar], path: str, coding: str) -> None:
    """The body is JSON as it is, but the header says it is compressed: read as sent it would be misread
    (RFC 9110 §8.4), so it is refused, and ``Accept-Encoding`` says none is read (RFC 9110 §12.5.3)."""
    headers = {"content-type": "application/json", "content-encoding": coding}
    response = client.post(path, content=JSON_BODIES[path], headers=headers)

    problem = problem_of(response, 415)
    assert problem["errors"] == [
        {
            "field": "headers.content-encoding",
            "message": f"{coding!r} is not a coding this operation reads: send the body as it is, "
            "without Content-Encoding",
        }
    ]
    assert problem["detail"] == f"Content-Encoding {coding!r} is not supported here"
    assert response.headers["accept-encoding"] == "identity"


def test_a_gzip_body_is_refused_on_a_json_operation_too(client: TestClient[Litestar]) -> None:
    body = gzip.compress(JSON_BODIES["/v1/score"])
    headers = {"content-type": "application/json", "content-encoding": "gzip"}

    problem = problem_of(client.post("/v1/score", content=body, headers=headers), 415)
    assert [e["field"] for e in problem["errors"]] == ["headers.content-encoding"]


@pytest.mark.parametrize("path", sorted(JSON_BODIES))
def test_content_encoding_identity_is_no_coding(client: TestClient[Litestar], path: str) -> None:
    headers = {"content-type": "application/json", "content-encoding": "identity"}
    assert client.post(path, content=JSON_BODIES[path], headers=headers).status_code == 200


def _beyond_ascii(body: bytes) -> bytes:
    """``body`` with one more member holding ``é`` in latin-1 (the byte e9): bytes beyond ASCII, read otherwise
    in latin-1 than in UTF-8 (where e9 alone is not even a character)."""
    return body[:-1] + b', "note": "\xe9"}'


@pytest.mark.parametrize("path", sorted(JSON_BODIES))
@pytest.mark.parametrize(
    "content_type", ["application/json; charset=latin1", "application/json;charset=ISO-8859-1", "text/json"]
)
def test_json_in_another_charset_than_utf8_is_415_naming_the_header(
    client: TestClient[Litestar], path: str, content_type: str
) -> None:
    """JSON is UTF-8 (RFC 8259 §8.1): a body declared in latin-1 would have its non-ASCII characters misread."""
    response = client.post(path, content=_beyond_ascii(JSON_BODIES[path]), headers={"content-type": content_type})

    problem = problem_of(response, 415)
    if content_type == "text/json":  # no JSON media type at all: the refusal it always had
        assert problem["errors"][0]["message"] == "'text/json' is not JSON: send application/json"
        return
    assert problem["errors"] == [
        {
            "field": "headers.content-type",
            "message": f"{content_type!r} names a charset other than UTF-8 in which this body could be read "
            "otherwise: send charset=utf-8 or no charset",
        }
    ]
    assert problem["detail"] == f"Content-Type {content_type!r} is not supported: JSON is UTF-8 (RFC 8259 §8.1)"
    assert "accept-encoding" not in response.headers


@pytest.mark.parametrize(
    "content_type",
    [
        "application/json; charset=UTF-8",
        'application/json; charset="utf-8"',
        "application/json",
        "application/json; charset=utf8",
        "application/json; charset=us-ascii",
        # ASCII bytes mean the same in every ASCII-compatible charset, so a plain-ASCII body is read as it is
        "application/json; charset=latin1",
        "application/json; charset=windows-1252",
        "application/json; charset=shift_jis",
    ],
)
def test_json_in_utf8_or_plain_ascii_is_accepted(client: TestClient[Litestar], content_type: str) -> None:
    for path, body in JSON_BODIES.items():
        assert body.isascii()
        assert client.post(path, content=body, headers={"content-type": content_type}).status_code == 200


@pytest.mark.parametrize("content_type", ["application/json; charset=utf-16", "application/json; charset=klingon"])
def test_a_charset_that_reads_ascii_otherwise_or_unknown_is_415(
    client: TestClient[Litestar], content_type: str
) -> None:
    # in UTF-16 the bytes of {"hand" are three other characters; a charset nobody knows could be anything
    for path, body in JSON_BODIES.items():
        problem = problem_of(client.post(path, content=body, headers={"content-type": content_type}), 415)
        assert [e["field"] for e in problem["errors"]] == ["headers.content-type"]


def test_body_over_the_limit_is_413(client: TestClient[Litestar]) -> None:
    content = json.dumps({**MANGAN, "pad": "x" * MAX_BODY_BYTES}).encode()
    response = client.post("/v1/score", content=content, headers={"content-type": "application/json"})

    problem = problem_of(response, 413)
    assert problem["title"] == "Content Too Large"
    assert problem["errors"] == [
        {
            "field": "",
            "message": "at most 65,536 bytes (1,048,576 for POST /v1/score/batch, 2,097,152 for POST /v1/logs/replay "
            "and /v1/logs/convert, 67,108,864 for POST /v1/logs/replay/batch)",
        }
    ]


def test_streamed_body_over_the_limit_is_413(client: TestClient[Litestar]) -> None:
    def chunks() -> Any:  # no Content-Length: the limit is enforced while reading
        yield b'{"pad": "'
        for _ in range(MAX_BODY_BYTES // 1024 + 1):
            yield b"x" * 1024
        yield b'"}'

    response = client.post("/v1/score", content=chunks(), headers={"content-type": "application/json"})

    problem_of(response, 413)


def test_five_copies_of_a_tile_is_422_naming_hand(client: TestClient[Litestar]) -> None:
    body = {"hand": "1111234567899m", "win_tile": "1m", "seat_wind": "S"}

    problem = problem_of(client.post("/v1/score", json=body), 422)

    assert problem["title"] == "Unprocessable Content"
    assert "hand" in fields_of(problem)


def test_impossible_flags_are_422_naming_the_flag(client: TestClient[Litestar]) -> None:
    body = {**MANGAN, "riichi": False, "ippatsu": True}

    problem = problem_of(client.post("/v1/score", json=body), 422)

    assert "ippatsu" in fields_of(problem)


def test_unknown_route_is_404_problem(client: TestClient[Litestar]) -> None:
    problem = problem_of(client.get("/v1/nope"), 404)

    assert problem["errors"] == []


def test_wrong_method_is_405_problem_with_allow(client: TestClient[Litestar]) -> None:
    response = client.get("/v1/score")

    problem_of(response, 405)
    assert "POST" in response.headers["allow"]


def test_bug_in_the_core_is_500_problem_without_internals(
    client: TestClient[Litestar], monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(_: object) -> None:
        raise RuntimeError("secret internal state at /srv/service/scoring/score.py")

    monkeypatch.setattr(service.api.routes.scoring, "score", broken)

    response = client.post("/v1/score", json=MANGAN)

    problem = problem_of(response, 500)
    assert problem["errors"] == []
    assert "secret" not in response.text
    assert "Traceback" not in response.text
    assert ".py" not in response.text


def test_health_is_ok(client: TestClient[Litestar]) -> None:
    response = client.get("/health")

    assert response.status_code == 200
    assert response.json() == {"status": "ok"}


def test_bad_tile_notation_is_explained_not_shown_as_a_regex(client: TestClient[Litestar]) -> None:
    response = client.post("/v1/score", json={"hand": "1234567m12345p8z", "win_tile": "5p", "seat_wind": "S"})

    problem = problem_of(response, 400)
    assert [e["field"] for e in problem["errors"]] == ["hand"]
    assert "z takes 1–7" in problem["errors"][0]["message"]
    assert "regex" not in problem["errors"][0]["message"]

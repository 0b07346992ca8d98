"""Unknown query parameters: a 400 problem naming each, as an unknown body field is a 400.

The GET reference routes (/v1/table, /v1/yaku, /v1/rules, /v1/rules/{preset}) take only the
query parameters they declare; ``field`` is the parameter's name as sent (the convention of
the query errors litestar reports, e.g. ``renhou`` for a value out of range) and ``message``
lists the parameters the route takes.
"""

from __future__ import annotations

from typing import Any

import pytest
from litestar import Litestar
from litestar.testing import TestClient

from service.api.plumbing.errors import EXAMPLE_INSTANCE

TABLE_ALLOWED = (
    "unknown query parameter; allowed: preset, kiriage_mangan, kazoe, double_yakuman, mangan_cap, open_pinfu_fu, "
    "sanma_tsumo (the language is chosen by the Accept-Language header)"
)
YAKU_ALLOWED = (
    "unknown query parameter; allowed: preset, kuitan, double_yakuman, renhou "
    "(the language is chosen by the Accept-Language header)"
)
NONE_ALLOWED = (
    "unknown query parameter; this endpoint takes none (the language is chosen by the Accept-Language header)"
)
DETAIL = "The query string has a parameter this endpoint does not take."


def problem_400(response: Any) -> list[dict[str, str]]:
    """The ``errors`` of a 400 problem answer, after checking its shape."""
    assert response.status_code == 400, response.text
    assert response.headers["content-type"] == "application/problem+json"
    body = response.json()
    assert (body["type"], body["title"], body["status"], body["detail"]) == (
        "/problems/invalid-request",
        "Bad Request",
        400,
        DETAIL,
    )
    errors: list[dict[str, str]] = body["errors"]
    return errors


@pytest.mark.parametrize(
    ("url", "field", "message"),
    [
        ("/v1/table?presets=kids", "presets", TABLE_ALLOWED),
        ("/v1/table?preset=kostarev&kiriage=true", "kiriage", TABLE_ALLOWED),
        ("/v1/yaku?lang=ru", "lang", YAKU_ALLOWED),
        ("/v1/yaku?preset=kids&kuitan=true&open_tanyao=1", "open_tanyao", YAKU_ALLOWED),
        ("/v1/rules?lang=ru", "lang", NONE_ALLOWED),
        ("/v1/rules/kostarev?lang=ru", "lang", NONE_ALLOWED),
        ("/v1/rules/kostarev?preset=kids", "preset", NONE_ALLOWED),  # a path parameter is not a query one
    ],
)
def test_an_unknown_query_parameter_is_a_400_problem_naming_it(
    client: TestClient[Litestar], url: str, field: str, message: str
) -> None:
    assert problem_400(client.get(url)) == [{"field": field, "message": message}]


def test_each_unknown_parameter_is_named_once_in_query_order(client: TestClient[Litestar]) -> None:
    errors = problem_400(client.get("/v1/table?b=1&preset=standard&a=2&b=3&flag"))

    assert [e["field"] for e in errors] == ["b", "a", "flag"]


def test_an_unknown_parameter_is_reported_before_a_bad_value(client: TestClient[Litestar]) -> None:
    errors = problem_400(client.get("/v1/yaku?renhou=sometimes&lang=ru"))

    assert [e["field"] for e in errors] == ["lang"]


def test_known_parameters_alone_are_still_answered(client: TestClient[Litestar]) -> None:
    table = client.get("/v1/table?preset=kostarev&kiriage_mangan=true&kazoe=sanbaiman&double_yakuman=false")
    yaku = client.get("/v1/yaku?preset=standard&kuitan=false&double_yakuman=true&renhou=yakuman")

    assert (table.status_code, table.json()["preset"]) == (200, "kostarev")
    assert yaku.status_code == 200
    assert client.get("/v1/rules").status_code == 200
    assert client.get("/v1/rules/kids").status_code == 200


def test_a_bad_value_of_a_known_parameter_is_still_named_as_before(client: TestClient[Litestar]) -> None:
    response = client.get("/v1/yaku?renhou=sometimes")

    assert response.status_code == 400
    assert [e["field"] for e in response.json()["errors"]] == ["renhou"]


def test_operations_endpoints_stay_lenient(client: TestClient[Litestar]) -> None:
    """Probes and scrapers may add cache-busting parameters: /health, /ready and /metrics ignore the query."""
    for path in ("/health?probe=1", "/ready?probe=1", "/metrics?probe=1"):
        assert client.get(path).status_code == 200, path


@pytest.mark.parametrize(
    ("path", "url"),
    [
        ("/v1/table", "/v1/table?lang=ru"),
        ("/v1/yaku", "/v1/yaku?lang=ru"),
        ("/v1/rules", "/v1/rules?lang=ru"),
        ("/v1/rules/{preset}", "/v1/rules/kostarev?lang=ru"),
    ],
)
def test_the_documented_answer_to_an_unknown_parameter_is_the_served_one(
    client: TestClient[Litestar], path: str, url: str
) -> None:
    operation = client.get("/schema/openapi.json").json()["paths"][path]["get"]
    documented = operation["responses"]["400"]["content"]["application/problem+json"]["examples"]

    example = documented["unknown_parameter"]

    served = client.get(url)
    answer = served.json()
    assert answer.pop("instance") == f"/requests/{served.headers['x-request-id']}"  # this request, not the example's
    assert example["value"].pop("instance") == EXAMPLE_INSTANCE
    assert example["value"] == answer
    assert example["description"] == f"The answer to `GET {url.replace('kostarev', '{preset}')}`."


@pytest.mark.parametrize(
    ("query", "field"),
    [
        pytest.param("/v1/table?preset=kostarev&preset=standard", "preset", id="repeated"),
        pytest.param("/v1/yaku?renhou=null", "renhou", id="null-enum"),
        pytest.param("/v1/table?kiriage_mangan=null", "kiriage_mangan", id="null-bool"),
    ],
)
def test_a_repeated_or_null_query_parameter_is_a_400_naming_it(
    client: TestClient[Litestar], query: str, field: str
) -> None:
    r = client.get(query)
    assert r.status_code == 400
    assert [e["field"] for e in r.json()["errors"]] == [field]

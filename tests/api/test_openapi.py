"""The OpenAPI document: served at /schema/openapi.json, committed as openapi/openapi.json, precise."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from litestar import Litestar
from litestar.testing import TestClient

COMMITTED = Path(__file__).resolve().parents[2] / "openapi" / "openapi.json"


@pytest.fixture(scope="module")
def served(client: TestClient[Litestar]) -> dict[str, Any]:
    response = client.get("/schema/openapi.json")
    assert response.status_code == 200
    return response.json()


def test_committed_document_is_the_served_one(served: dict[str, Any]) -> None:
    committed = json.loads(COMMITTED.read_text(encoding="utf-8"))

    assert committed == served, "regenerate: python -m service.api.openapi openapi/openapi.json"


def test_score_operation_takes_a_score_request_and_documents_problems(served: dict[str, Any]) -> None:
    operation = served["paths"]["/v1/score"]["post"]

    assert operation["operationId"] == "scoreHand"
    assert operation["requestBody"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/ScoreRequest"
    }
    assert operation["responses"]["200"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/ScoreResult"
    }
    for status in ("400", "413", "415", "422", "500"):
        content = operation["responses"][status]["content"]
        assert list(content) == ["application/problem+json"]
        assert content["application/problem+json"]["schema"] == {"$ref": "#/components/schemas/Problem"}


def test_request_schema_states_what_the_strict_decoder_accepts(served: dict[str, Any]) -> None:
    request = served["components"]["schemas"]["ScoreRequest"]
    hand_as_string, hand_as_list = request["properties"]["hand"]["anyOf"]

    assert request["additionalProperties"] is False
    assert served["components"]["schemas"]["RulesSpec"]["additionalProperties"] is False
    assert hand_as_string["pattern"]
    assert hand_as_string["maxLength"] == 64
    assert hand_as_list["items"]["pattern"]
    assert sorted(request["required"]) == ["hand", "win_tile"]

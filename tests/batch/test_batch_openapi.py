"""The batch operation as documented: a 1,000-hand maximum, items that are score requests or
anything else (answered in the slot), and slots that are a score or a problem."""

from __future__ import annotations

from typing import Any

import pytest
from litestar import Litestar

from service.api.docs.openapi import document


@pytest.fixture(scope="module")
def served(app: Litestar) -> dict[str, Any]:
    return document(app)


def test_batch_request_documents_the_maximum_and_the_item_shape(served: dict[str, Any]) -> None:
    hands = served["components"]["schemas"]["BatchRequest"]["properties"]["hands"]

    assert hands["maxItems"] == 1000
    assert hands["items"]["$ref"] == "#/components/schemas/ScoreRequest"  # typed for client generators
    assert served["components"]["schemas"]["BatchRequest"]["additionalProperties"] is False


def test_batch_result_slots_are_a_score_or_a_problem(served: dict[str, Any]) -> None:
    results = served["components"]["schemas"]["BatchResult"]["properties"]["results"]

    assert results["maxItems"] == 1000
    assert results["items"]["oneOf"] == [
        {"$ref": "#/components/schemas/ScoreResult"},
        {"$ref": "#/components/schemas/Problem"},
    ]


def test_batch_operation_documents_its_own_body_limit(served: dict[str, Any]) -> None:
    operation = served["paths"]["/v1/score/batch"]["post"]

    assert operation["operationId"] == "scoreBatch"
    assert "1 MiB" in operation["responses"]["413"]["description"]
    assert set(operation["responses"]) >= {"200", "400", "413", "415", "500"}

"""Schemathesis over every operation, in process against the production app (``create_app()``).

Cases come from the served OpenAPI document (``/schema/openapi.json``) in every phase
schemathesis runs under pytest: the documented examples, coverage (boundary values of each
constraint, unexpected methods) and fuzzing, with both schema-valid and schema-violating
requests. Every built-in check runs: no 5xx, documented status codes, content types and
headers (``X-Request-ID``), response bodies that match their schema, valid data accepted,
invalid data rejected. Settings: ``schemathesis.toml`` (read here and by the CLI: a
schema-valid but impossible hand is 422 by contract, an unknown preset in a path 404) and
the hypothesis settings below: derandomized, so every run sends the same cases.
"""

from __future__ import annotations

import json
from typing import Any

import hypothesis
import schemathesis

from service.app import create_app

# An app of its own, built exactly as ``service.app:app``: schemathesis runs its lifespan
# (startup self-check, readiness), which must not overlap the other tests' client on the same app.
schema = schemathesis.openapi.from_asgi("/schema/openapi.json", create_app())

SETTINGS = hypothesis.settings(
    max_examples=200,  # fuzzed cases per operation, on top of the examples and coverage cases
    derandomize=True,  # the seed is derived from the test, so CI always sends the same requests
    deadline=None,
    database=None,
    suppress_health_check=list(hypothesis.HealthCheck),
)


@schemathesis.serializer("application/x-ndjson")
def _ndjson(context: Any, value: Any) -> bytes:
    """An NDJSON body (POST /v1/logs/replay/batch: one log a line) as generated: a string is the text itself;
    anything else one JSON line."""
    return value.encode() if isinstance(value, str) else json.dumps(value).encode() + b"\n"


@schema.parametrize()
@SETTINGS
def test_every_operation_honours_the_contract(case: schemathesis.Case[Any]) -> None:
    case.call_and_validate()

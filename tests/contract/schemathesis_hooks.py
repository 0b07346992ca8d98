"""Schemathesis hooks for the CLI run (``SCHEMATHESIS_HOOKS=tests.contract.schemathesis_hooks``,
tests/contract/test_schemathesis_cli.py): NDJSON bodies and answers (``POST /v1/logs/replay/batch``), which
schemathesis has no serializer or deserializer for."""

from __future__ import annotations

import json
from typing import Any

import schemathesis


@schemathesis.serializer("application/x-ndjson")
def ndjson(context: Any, value: Any) -> bytes:
    """An NDJSON body as generated: a string is the text itself; anything else one JSON line."""
    return value.encode() if isinstance(value, str) else json.dumps(value).encode() + b"\n"


TEXT_ANSWERS = {"/v1/logs/convert"}
"""NDJSON answers documented as one string (mjai's own JSON lines, of no schema of this document)."""


@schemathesis.deserializer("application/x-ndjson")
def ndjson_lines(context: Any, response: Any) -> Any:
    """An NDJSON answer as its schema reads it: the whole text where that is a string (:data:`TEXT_ANSWERS`), else
    the first line (``POST /v1/logs/replay/batch``: every line is one ``ReplayBatchLine``; a body of none is null)."""
    if context.operation.path in TEXT_ANSWERS:
        return response.text
    lines = [line for line in response.content.splitlines() if line.strip()]
    return json.loads(lines[0]) if lines else None

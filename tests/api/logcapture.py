"""Reading the service's JSON log lines in the HTTP tests (the ``logs`` fixture is in conftest)."""

from __future__ import annotations

import io
import json
from typing import Any


def records(stream: io.StringIO) -> list[dict[str, Any]]:
    """The log lines written to ``stream`` so far, each decoded from its JSON object."""
    return [json.loads(line) for line in stream.getvalue().splitlines()]

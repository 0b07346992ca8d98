"""Each format's example in /docs/logs is replayed and its stated (abridged) answer holds: every value the page
shows for the first round equals the replay's (the values are worked out in the page's own text)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import msgspec
import pytest

from service.logs import read_log, replay

PAGE = Path(__file__).resolve().parents[2] / "service" / "docs" / "logs.md"
FENCE = re.compile(r"```(\w+)\n(.*?)```", re.S)


def _section(title: str) -> str:
    text = PAGE.read_text(encoding="utf-8")
    start = text.index(f"\n## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start:end]


def _holds(shown: Any, actual: Any, where: str) -> None:
    """Every key the page shows is in the answer with the same value (lists element by element)."""
    if isinstance(shown, dict):
        for key, value in shown.items():
            assert key in actual, f"{where}.{key} is not in the answer"
            _holds(value, actual[key], f"{where}.{key}")
    elif isinstance(shown, list) and shown and isinstance(shown[0], dict):
        assert len(shown) == len(actual), where
        for i, (a, b) in enumerate(zip(shown, actual, strict=True)):
            _holds(a, b, f"{where}[{i}]")
    else:
        assert shown == actual, f"{where}: the page shows {shown!r}, the answer is {actual!r}"


@pytest.mark.parametrize("title", ["Tenhou XML", "mjai", "Mahjong Soul"])
def test_the_example_replays_to_the_answer_the_page_shows(title: str) -> None:
    blocks = FENCE.findall(_section(title))
    log = next(body for kind, body in blocks if kind in ("xml", "jsonl") or body.lstrip().startswith('{"head"'))
    shown = json.loads([body for kind, body in blocks if kind == "json"][-1])

    result = replay(read_log(log.encode()))

    _holds(shown, msgspec.to_builtins(result.rounds[0]), title)

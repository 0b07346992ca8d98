"""A bug injected into the batch's scoring, for the tests that show what one failing hand does."""

from __future__ import annotations

import json
from typing import Any

import pytest

import service.api.routes.batch as batch_routes
from service.scoring.native import parsed_span


def one_at_a_time(monkeypatch: pytest.MonkeyPatch, before: Any) -> None:
    """Make the batch's C runs (``score_parsed_run``, of the hands read from the body) score one hand a call,
    calling ``before(hand)`` first with the hand's JSON as a dict."""
    bodies: dict[int, bytes] = {}
    real_parse = batch_routes.parse_batch
    real_parsed_run = batch_routes.score_parsed_run

    def parse(body: bytes, max_hands: int) -> Any:
        parsed = real_parse(body, max_hands)
        if parsed is not None:
            bodies[id(parsed[0])] = body
        return parsed

    def parsed_run(batch: Any, start: int, stop: int, lang: int) -> Any:
        begin, end, _ = parsed_span(batch, start)
        before(json.loads(bodies[id(batch)][begin:end]))
        return real_parsed_run(batch, start, start + 1, lang)

    monkeypatch.setattr(batch_routes, "parse_batch", parse)
    monkeypatch.setattr(batch_routes, "score_parsed_run", parsed_run)


def fail_hands_with_honba_7(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make scoring any hand with ``honba`` 7 raise ``RuntimeError("a bug")`` on every path of the batch:
    the core's ``score`` and the C code's runs (:func:`one_at_a_time`)."""
    real_score = batch_routes.score

    def failing_score(request: Any) -> Any:
        if request.honba == 7:
            raise RuntimeError("a bug")
        return real_score(request)

    def fail(hand: dict[str, Any]) -> None:
        if hand.get("honba") == 7:
            raise RuntimeError("a bug")

    monkeypatch.setattr(batch_routes, "score", failing_score)
    one_at_a_time(monkeypatch, fail)

"""A bug injected into the batch's scoring, for the tests that show what one failing hand does."""

from __future__ import annotations

from typing import Any

import pytest

import service.api.batch_routes as batch_routes


def fail_hands_with_honba_7(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make scoring any hand with ``honba`` 7 raise ``RuntimeError("a bug")`` on both of the batch's paths:
    the core's ``score`` and the C code's runs (``score_json_run``, then called one hand at a time)."""
    real_score = batch_routes.score
    real_run = batch_routes.score_json_run

    def failing_score(request: Any) -> Any:
        if request.honba == 7:
            raise RuntimeError("a bug")
        return real_score(request)

    def failing_run(hands: list[Any], start: int, stop: int, lang: int) -> Any:
        if hands[start].honba == 7:
            raise RuntimeError("a bug")
        return real_run(hands, start, start + 1, lang)

    monkeypatch.setattr(batch_routes, "score", failing_score)
    monkeypatch.setattr(batch_routes, "score_json_run", failing_run)

"""``yaku._holds`` (the direct-call dispatch of the yaku predicates) calls the predicate at each index.

``evaluate_yaku`` calls a candidate's predicate through ``_holds(code, c)``, one branch per index of
``_NATIVE_TESTS``, instead of through the function object: a branch calling the wrong predicate
would silently swap two yaku. Every index is run on every reading of the hand-checked and the 2,000
seeded hands of ``test_yaku_needs`` and compared with the predicate itself.
"""

from __future__ import annotations

import importlib

from service.scoring import InvalidHand
from service.scoring.presets import resolve_rules
from service.scoring.validate import parse_request
from tests.scoring.test_yaku_needs import _requests

yaku = importlib.import_module("service.scoring.yaku")
readings = importlib.import_module("service.scoring.readings").readings


def test_every_branch_calls_the_predicate_at_its_index() -> None:
    checked = 0
    for request in _requests():
        try:
            hand = parse_request(request, resolve_rules(request.rules))
        except InvalidHand:
            continue
        for c in readings(hand):
            for code, test in enumerate(yaku._NATIVE_TESTS):
                assert yaku._holds(code, c) == test(c), (code, test.__name__, request)
            checked += 1
    assert checked > 2000


def test_every_reading_predicate_is_called_directly() -> None:
    """All but the two yaku that score adds itself (paarenchan, nagashi mangan: never a reading's)."""
    indirect = {y.key for y in yaku.REGISTRY.values() if y.test not in yaku._NATIVE_TESTS}
    assert indirect == {"paarenchan", "nagashi_mangan"}
    assert len(set(yaku._NATIVE_TESTS)) == len(yaku._NATIVE_TESTS)

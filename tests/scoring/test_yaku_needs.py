"""``Yaku.needs`` is a sound necessary condition: no reading with a yaku lacks what it needs.

The yaku tables skip a predicate for readings without honours, runs or triplets when the
yaku declares it needs them; a wrong declaration would silently drop a yaku. Every
registry predicate is run, unfiltered, on every reading of the hand-checked hands (one
or more per yaku of both presets) and of 2,000 seeded random winning hands.
"""

from __future__ import annotations

import importlib
from collections import Counter

import msgspec
import pytest

from service.scoring import InvalidHand, ScoreRequest
from service.scoring.presets import resolve_rules
from service.scoring.validate import parse_request
from service.scoring.yaku import REGISTRY
from tests.scoring import test_yaku_kostarev, test_yaku_standard
from tests.strategies import seeded_hands

readings = importlib.import_module("service.scoring.score").readings


def _requests() -> list[ScoreRequest]:
    cases = [
        *test_yaku_standard.YAKU_CASES,
        *test_yaku_standard.YAKUMAN_CASES,
        *test_yaku_standard.TRICKY_CASES,
        *test_yaku_standard.FU_CASES,
        *test_yaku_kostarev.YAKU_CASES,
        *test_yaku_kostarev.YAKUMAN_CASES,
    ]
    requests = [case.values[0] for case in cases]
    return requests + [msgspec.convert(h, ScoreRequest) for h in seeded_hands(2000, 0)]


def test_no_yaku_holds_on_a_reading_without_what_it_needs() -> None:
    seen: Counter[str] = Counter()
    for request in _requests():
        try:
            hand = parse_request(request, resolve_rules(request.rules))
        except InvalidHand:
            continue
        for c in readings(hand):
            have = {"honours": c.honours, "runs": c.n_runs > 0, "triplets": c.n_triplets > 0}
            for y in REGISTRY.values():
                if y.test(c):
                    seen[y.key] += 1
                    missing = [need for need in y.needs if not have[need]]
                    assert missing == [], f"{y.key} held on {request} without {missing}"

    declared = sorted(key for key, y in REGISTRY.items() if y.needs)
    assert [key for key in declared if not seen[key]] == []  # each declaration was put to the test


@pytest.mark.parametrize(("key", "needs"), [("pinfu", ("runs",)), ("haku", ("honours", "triplets"))])
def test_needs_declarations(key: str, needs: tuple[str, ...]) -> None:
    assert REGISTRY[key].needs == needs

"""``Yaku.needs`` is a sound necessary condition: no reading with a yaku lacks what it needs.

``evaluate_yaku`` skips a predicate when the reading lacks a fact the yaku declares it
needs (``hand.FACTS``); a wrong declaration, or a wrongly computed fact, would silently
drop a yaku. Each fact is restated here from the tiles and compared with ``Ctx.facts``. Every
registry predicate is run, unfiltered, on every reading of the hand-checked hands (one
or more per yaku of both presets) and of 2,000 seeded random winning hands.
"""

from __future__ import annotations

import importlib
from collections import Counter

import msgspec
import pytest

from service.scoring import InvalidHand, ScoreRequest
from service.scoring.hand import FACTS, Ctx
from service.scoring.presets import resolve_rules
from service.scoring.validate import parse_request
from service.scoring.yaku import REGISTRY
from tests.scoring import test_hand_options, test_yaku_kostarev, test_yaku_standard
from tests.strategies import seeded_hands

readings = importlib.import_module("service.scoring.readings").readings

TERMINALS = {0, 8, 9, 17, 18, 26}
HONOURS = set(range(27, 34))
GREEN = {19, 20, 21, 23, 25, 32}


def facts_of(c: Ctx) -> dict[str, bool]:
    """Every fact of ``FACTS``, restated from the reading's tiles and sets."""
    kinds = {k for k in range(34) if c.counts[k]}
    suits = {k // 9 for k in kinds if k < 27}
    runs = [g for g in c.groups if g.type == 0]
    triplets = [g for g in c.groups if g.type != 0]
    return {
        "honours": bool(kinds & HONOURS),
        "no_honours": not kinds & HONOURS,
        "simples_only": not kinds & (TERMINALS | HONOURS),
        "terminal_or_honour": bool(kinds & (TERMINALS | HONOURS)),
        "terminals_and_honours_only": kinds <= TERMINALS | HONOURS,
        "terminals_only": kinds <= TERMINALS,
        "green_only": kinds <= GREEN,
        "one_suit": len(suits) == 1,
        "no_suit": not suits,
        "tsumo": c.hand.tsumo,
        "no_melds": not c.hand.melds,
        "standard": c.shape == "standard",
        "chiitoitsu": c.shape == "chiitoitsu",
        "kokushi": c.shape == "kokushi",
        "runs": len(runs) >= 1,
        "three_runs": len(runs) >= 3,
        "triplets": len(triplets) >= 1,
        "three_triplets": len(triplets) >= 3,
        "kans": any(g.type == 2 for g in c.groups),
        "identical_runs": len(runs) != len({g.first for g in runs}),
        "ryanmen": c.wait == "ryanmen",
        "dragon_triplet": any(g.first >= 31 for g in triplets),
        "wind_triplet": any(27 <= g.first <= 30 for g in triplets),
        "terminal_pair": c.pair in TERMINALS | HONOURS,
        **{
            flag: getattr(c.hand, flag)
            for flag in (
                "riichi",
                "double_riichi",
                "ippatsu",
                "haitei",
                "houtei",
                "rinshan",
                "chankan",
                "tenhou",
                "chiihou",
                "renhou",
                "open_riichi",
                "sashikomi",
            )
        },
        "scored_apart": False,  # never a reading's fact: paarenchan and nagashi mangan are added by score
    }


def _requests() -> list[ScoreRequest]:
    cases = [
        *test_yaku_standard.YAKU_CASES,
        *test_yaku_standard.YAKUMAN_CASES,
        *test_yaku_standard.TRICKY_CASES,
        *test_yaku_standard.FU_CASES,
        *test_yaku_kostarev.YAKU_CASES,
        *test_yaku_kostarev.YAKUMAN_CASES,
        *test_hand_options.NEEDS_CASES,
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
            have = facts_of(c)
            assert c.facts == sum(FACTS[name] for name, holds in have.items() if holds)
            for y in REGISTRY.values():
                if y.test(c):
                    seen[y.key] += 1
                    missing = [need for need in y.needs if not have[need]]
                    assert missing == [], f"{y.key} held on {request} without {missing}"

    declared = sorted(key for key, y in REGISTRY.items() if y.needs and "scored_apart" not in y.needs)
    assert [key for key in declared if not seen[key]] == []  # each declaration was put to the test


def test_every_fact_is_restated() -> None:
    assert set(FACTS) == set(facts_of(readings(parse_request(_requests()[0], resolve_rules("standard")))[0]))


@pytest.mark.parametrize(("key", "needs"), [("pinfu", ("standard", "runs", "ryanmen")), ("haku", ("dragon_triplet",))])
def test_needs_declarations(key: str, needs: tuple[str, ...]) -> None:
    assert REGISTRY[key].needs == needs

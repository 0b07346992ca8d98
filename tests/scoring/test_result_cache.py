"""The whole-result cache of ``score``: same request, same object; bounded, oldest out first."""

from __future__ import annotations

import importlib

import msgspec
import pytest

from service.scoring import InvalidHand, MeldSpec, ScoreRequest, score
from tests.strategies import seeded_hands

score_module = importlib.import_module("service.scoring.result_cache")


def test_a_repeated_request_is_the_cached_object() -> None:
    request = ScoreRequest(hand="234567m3455p234s", win_tile="2p", seat_wind="S", riichi=True)
    first = score(request)
    hits = score_module.result_cache_info().hits

    again = score(msgspec.json.decode(msgspec.json.encode(request), type=ScoreRequest))

    assert again is first
    assert score_module.result_cache_info().hits == hits + 1


def test_a_full_cache_drops_its_oldest_result_first() -> None:
    size = score_module.RESULT_CACHE_SIZE
    hands = [msgspec.convert(h, ScoreRequest) for h in seeded_hands(2000, 0)]
    requests = [
        msgspec.structs.replace(hands[i % 2000], honba=i // 2000) for i in range(size + 10)
    ]  # all different: honba 0–16
    score_module.result_cache_clear()
    for request in requests:
        score(request)

    info = score_module.result_cache_info()
    assert (info.size, info.misses, info.hits) == (size, size + 10, 0)
    last = score(requests[-1])  # kept: a hit
    assert score_module.result_cache_info().hits == 1
    score(requests[0])  # among the 10 oldest, dropped: scored again
    assert score_module.result_cache_info().misses == size + 11
    assert last is score(requests[-1])


def test_a_request_built_with_lists_is_scored_and_cached_as_the_decoded_one() -> None:
    """A library user may pass lists where the Struct declares tuples (msgspec does not check
    types on construction): such a request is converted as the HTTP decoder would convert it."""
    melds = [MeldSpec(type="pon", tiles=["5z", "5z", "5z"])]
    hand = ["2m", "3m", "4m", "6p", "7p", "8p", "3s", "3s", "7s", "8s"]
    built = ScoreRequest(hand=hand, win_tile="9s", melds=melds, seat_wind="S")  # type: ignore[arg-type]
    decoded = msgspec.json.decode(msgspec.json.encode(built), type=ScoreRequest)
    assert isinstance(decoded.melds, tuple)
    assert isinstance(decoded.hand, tuple)
    score_module.result_cache_clear()

    first = score(built)

    # haku 1 han; fu 20 + 4 (open pon of an honour), ryanmen 789s, pair 3s: 24 → 30; 30 × 2^3 × 4 = 960 → 1000
    assert (first.han, first.fu, first.points) == (1, 30, 1000)
    assert score(built) is first
    assert score(decoded) is first  # one entry: the converted request equals the decoded one
    assert score_module.result_cache_info().size == 1


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        pytest.param({"hand": 123}, "hand", id="number-for-tiles"),
        pytest.param({"hand": [["2m"]]}, "hand[0]", id="nested-list"),
        pytest.param({"melds": [MeldSpec(type="pon", tiles=5)]}, "melds[0].tiles", id="number-for-meld-tiles"),  # type: ignore[arg-type]
        pytest.param({"honba": "1"}, "honba", id="string-for-count"),
        pytest.param({"riichi": "yes"}, "riichi", id="string-for-flag"),
    ],
)
def test_a_hand_built_request_of_wrong_types_is_invalid_naming_the_field(fields: dict[str, object], field: str) -> None:
    request = ScoreRequest(**{"hand": "234567m3455p234s", "win_tile": "2p", "seat_wind": "S", **fields})  # type: ignore[arg-type]
    with pytest.raises(InvalidHand) as info:
        score(request)
    assert [e.field for e in info.value.errors] == [field]
    assert info.value.errors[0].message.startswith("Expected")


def test_requests_that_differ_in_one_field_are_different_entries() -> None:
    base = ScoreRequest(hand="234567m3455p234s", win_tile="2p", seat_wind="S", riichi=True)
    variants = [
        base,
        msgspec.structs.replace(base, win="tsumo"),
        msgspec.structs.replace(base, honba=1),
        msgspec.structs.replace(base, dora_indicators="1p"),
        msgspec.structs.replace(base, rules="kostarev", seat_wind=None),
    ]
    score_module.result_cache_clear()
    results = [score(v) for v in variants]

    assert score_module.result_cache_info().size == len(variants)
    # riichi, pinfu, tanyao, sanshoku 234 (2): 5 han mangan 8000; + menzen tsumo: haneman 12000;
    # honba is not in `points` (8000); indicator 1p makes the 2p dora: 6 han, haneman 12000
    assert [r.points for r in results[:4]] == [8000, 12000, 8000, 12000]
    assert results[2].total == 8300

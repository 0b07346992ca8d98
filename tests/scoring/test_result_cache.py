"""The whole-result cache of ``score``: same request, same object; bounded, oldest out first."""

from __future__ import annotations

import importlib

import msgspec

from service.scoring import ScoreRequest, score
from tests.strategies import seeded_hands

score_module = importlib.import_module("service.scoring.score")


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

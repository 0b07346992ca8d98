"""The hand generators of :mod:`tests.strategies` produce only valid, complete winning hands.

Completeness is checked with the ``mahjong`` package's ``Agari`` (not with our own
decomposition), so a generator bug cannot hide behind a core bug.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from mahjong.agari import Agari

from tests.mahjong_ref import tile_codes
from tests.strategies import seeded_hands, winning_hands

SUIT_BASE = {"m": 0, "p": 9, "s": 18, "z": 27}


def kind(code: str) -> int:
    """Tile kind 0–33 of an mpsz code; a red five is its suit's five."""
    rank = int(code[0]) or 5
    return SUIT_BASE[code[1]] + rank - 1


def check_valid(request: dict[str, Any]) -> None:
    """Assert every physical and situational constraint the generators promise."""
    melds = request["melds"]
    concealed = [*tile_codes(request["hand"]), request["win_tile"]]
    meld_codes = [code for meld in melds for code in tile_codes(meld["tiles"])]
    indicators = tile_codes(request["dora_indicators"]) + tile_codes(request["ura_indicators"])
    everything = concealed + meld_codes + indicators

    assert len(tile_codes(request["hand"])) == 13 - 3 * len(melds)
    assert max(Counter(map(kind, everything)).values()) <= 4
    assert all(sum(code == f"0{suit}" for code in everything) <= 1 for suit in "mps")

    counts = [0] * 34
    for code in concealed:
        counts[kind(code)] += 1
    for meld in melds:
        codes = tile_codes(meld["tiles"])
        kinds = sorted(map(kind, codes))
        if meld["type"] == "chi":
            assert kinds[0] < 27
            assert kinds[0] % 9 <= 6
            assert kinds == [kinds[0], kinds[0] + 1, kinds[0] + 2]
        else:
            assert len(kinds) == (4 if meld["type"] == "kan" else 3)
            assert len(set(kinds)) == 1
    assert Agari.is_agari(counts), request

    is_open = any(not meld.get("closed", False) for meld in melds)
    tsumo = request["win"] == "tsumo"
    assert not (request.get("riichi") and is_open)
    assert bool(request["ura_indicators"]) == bool(request.get("riichi"))
    assert not request.get("double_riichi") or request.get("riichi")
    assert not request.get("ippatsu") or request.get("riichi")
    assert not request.get("haitei") or tsumo
    assert not request.get("rinshan") or (tsumo and any(m["type"] == "kan" for m in melds))
    assert not request.get("houtei") or not tsumo
    win_kind_held = sum(kind(code) == kind(request["win_tile"]) for code in concealed + meld_codes)
    assert not request.get("chankan") or (not tsumo and win_kind_held == 1)
    assert not (request.get("tenhou") or request.get("chiihou")) or (tsumo and not melds)
    assert not request.get("tenhou") or request["seat_wind"] == "E"
    assert not request.get("chiihou") or request["seat_wind"] != "E"


@settings(max_examples=300, derandomize=True, deadline=None)
@given(request=winning_hands())
def test_hypothesis_hands_are_valid_wins(request: dict[str, Any]) -> None:
    """Every hand the strategy draws is physically possible and complete."""
    check_valid(request)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_seeded_hands_are_valid_and_repeatable(seed: int) -> None:
    """The seeded generator gives valid hands, and the same ones for the same seed."""
    hands = seeded_hands(300, seed)
    for request in hands:
        check_valid(request)
    assert hands == seeded_hands(300, seed)
    assert hands != seeded_hands(300, seed + 100)

"""Shanten and waits (service.scoring.shanten) against the mahjong package, brute force and hand-checked hands.

/docs/rules §2 (winning shapes; seven *different* pairs; kokushi only where the preset has
winds). The core's definition is exact: shanten = (3n+1) − the most tiles the hand shares
with any complete hand that respects the four-copies limit. On every hand hypothesis
generated here it agrees with ``mahjong.shanten.Shanten`` (v2.1, which handles the
four-copies cases with its own flags); no disagreement had to be pinned. The waits agree
with ``mahjong.agari.Agari`` (a wait = a kind with fewer than 4 copies in the hand whose
addition completes it).
"""

from __future__ import annotations

from itertools import combinations_with_replacement

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mahjong.agari import Agari
from mahjong.shanten import Shanten

from service.scoring.shanten import (
    ALL_KINDS_CAPS,
    NO_WINDS_CAPS,
    caps_for,
    chiitoitsu_shanten,
    improving,
    kokushi_shanten,
    regular_shanten,
    shanten,
    waits,
)
from service.scoring.tiles import kind_name
from tests.tenpai.helpers import ALL_IDS, counts, dealt, mpsz, no_wind_ids, one_suit_ids

# --- the mahjong package as oracle ------------------------------------------------------


@settings(max_examples=600, deadline=None)
@given(dealt(ALL_IDS, 13))
def test_13_tile_shanten_agrees_with_the_mahjong_package(c: list[int]) -> None:
    assert shanten(c).shanten == Shanten.calculate_shanten(c), mpsz(c)


@settings(max_examples=600, deadline=None)
@given(st.one_of(dealt(one_suit_ids, 13), dealt(one_suit_ids, 14)))
def test_dense_one_suit_hands_agree_with_the_mahjong_package(c: list[int]) -> None:
    """Man + dragons only: many overlapping readings, quads and pairs — the hard cases."""
    assert shanten(c).shanten == Shanten.calculate_shanten(c), mpsz(c)


@settings(max_examples=300, deadline=None)
@given(dealt(ALL_IDS, 14))
def test_14_tile_shanten_agrees_with_the_mahjong_package(c: list[int]) -> None:
    assert shanten(c).shanten == Shanten.calculate_shanten(c), mpsz(c)


@settings(max_examples=300, deadline=None)
@given(dealt(no_wind_ids, 13))
def test_without_winds_shanten_agrees_with_the_package_without_kokushi(c: list[int]) -> None:
    """kostarev / kids: winds do not exist (cap 0) and there is no kokushi (/docs/rules §4, §5)."""
    mine = shanten(c, NO_WINDS_CAPS, kokushi=False)
    assert mine.kokushi is None
    assert mine.shanten == Shanten.calculate_shanten(c, use_kokushi=False), mpsz(c)


@settings(max_examples=300, deadline=None)
@given(st.one_of(dealt(ALL_IDS, 13), dealt(one_suit_ids, 13)))
def test_per_shape_shanten_agrees_with_the_package(c: list[int]) -> None:
    s = shanten(c)
    assert s.regular == Shanten.calculate_shanten_for_regular_hand(c)
    assert s.chiitoitsu == Shanten.calculate_shanten_for_chiitoitsu_hand(c)
    assert s.kokushi == Shanten.calculate_shanten_for_kokushi_hand(c)


@settings(max_examples=400, deadline=None)
@given(st.one_of(dealt(ALL_IDS, 13), dealt(one_suit_ids, 13), dealt(one_suit_ids, 10), dealt(one_suit_ids, 7)))
def test_waits_are_the_kinds_the_package_calls_complete(c: list[int]) -> None:
    """A wait: fewer than 4 copies held, and the hand plus it is complete (Agari); never a fifth copy."""
    expected = []
    for k in range(34):
        if c[k] < 4:
            c[k] += 1
            if Agari.is_agari(c):
                expected.append(k)
            c[k] -= 1
    special = sum(c) == 13
    assert waits(c, chiitoitsu=special, kokushi=special) == expected, mpsz(c)


# --- invariants --------------------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(st.one_of(dealt(ALL_IDS, 13), dealt(one_suit_ids, 13)))
def test_tenpai_exactly_when_there_is_a_wait(c: list[int]) -> None:
    assert (shanten(c).shanten == 0) == bool(waits(c)), mpsz(c)


@settings(max_examples=200, deadline=None)
@given(st.one_of(dealt(ALL_IDS, 14), dealt(one_suit_ids, 14)))
def test_14_tile_shanten_is_the_best_discard(c: list[int]) -> None:
    """Shanten of 14 tiles = min over discards of the 13-tile shanten (when not complete)."""
    whole = shanten(c).shanten
    best = 99
    for k in range(34):
        if c[k]:
            c[k] -= 1
            best = min(best, shanten(c).shanten)
            c[k] += 1
    assert whole == -1 or whole == best, mpsz(c)


@settings(max_examples=200, deadline=None)
@given(st.one_of(dealt(ALL_IDS, 13), dealt(one_suit_ids, 13)))
def test_improving_tiles_are_the_draws_that_lower_shanten(c: list[int]) -> None:
    now = shanten(c).shanten
    expected = []
    for k in range(34):
        if c[k] < 4:
            c[k] += 1
            if shanten(c).shanten < now:
                expected.append(k)
            c[k] -= 1
    assert improving(c) == expected, mpsz(c)


# --- brute force with melds (caps) --------------------------------------------------------

_SUIT_SETS = [("triplet", r) for r in range(9)] + [("run", r) for r in range(7)]


def _brute_regular(c9: list[int], caps9: list[int], n: int) -> int:
    """Exact regular shanten of a one-suit hand by enumerating every complete hand.

    A complete hand is ``n`` sets + a pair; sets and the pair are in this suit or "fillers"
    elsewhere (sharing no tile with the hand; always placeable among the other kinds).
    """
    best = -1
    for k in range(n + 1):  # k sets in this suit, n − k fillers
        for sets in combinations_with_replacement(_SUIT_SETS, k):
            for pair in [*range(9), None]:
                need = [0] * 9
                for kind, r in sets:
                    if kind == "triplet":
                        need[r] += 3
                    else:
                        need[r] += 1
                        need[r + 1] += 1
                        need[r + 2] += 1
                if pair is not None:
                    need[pair] += 2
                if any(x > cap for x, cap in zip(need, caps9, strict=True)):
                    continue
                best = max(best, sum(min(h, x) for h, x in zip(c9, need, strict=True)))
    return 3 * n + 1 - best


@st.composite
def one_suit_with_melds(draw: st.DrawFn) -> tuple[int, list[int], list[int]]:
    """(melds, nine counts, nine caps): caps are 4 minus copies held in melds; the hand fits them."""
    melds = draw(st.integers(1, 3))
    meld_copies = draw(st.lists(st.integers(0, 4), min_size=9, max_size=9).filter(lambda m: sum(m) <= 12))
    caps9 = [4 - m for m in meld_copies]
    pool = [r for r in range(9) for _ in range(caps9[r])]  # at least 24 tiles
    size = draw(st.sampled_from([13 - 3 * melds, 14 - 3 * melds]))
    chosen = draw(st.lists(st.integers(0, len(pool) - 1), min_size=size, max_size=size, unique=True))
    c9 = [0] * 9
    for i in chosen:
        c9[pool[i]] += 1
    return melds, c9, caps9


@settings(max_examples=120, deadline=None)
@given(one_suit_with_melds())
def test_one_suit_regular_shanten_with_melds_equals_brute_force(case: tuple[int, list[int], list[int]]) -> None:
    """Melds take copies away (caps below 4); the DP must still find the best complete hand."""
    melds, c9, caps9 = case
    c = c9 + [0] * 25
    caps = tuple(caps9) + (4,) * 25
    assert regular_shanten(c, caps) == _brute_regular(c9, caps9, 4 - melds), (c9, caps9)


# --- hand-checked cases --------------------------------------------------------------------


def _names(kinds: list[int]) -> list[str]:
    return [kind_name(k) for k in kinds]


def test_nine_sided_chuuren_waits_on_every_man_tile() -> None:
    """1112345678999m: any man tile completes it (1m: 111+1 pair… every reading checked by hand)."""
    c = counts("1112345678999m")
    assert shanten(c).shanten == 0
    assert _names(waits(c)) == ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m"]


def test_thirteen_sided_kokushi_waits_on_all_thirteen_orphans() -> None:
    """19m19p19s1234567z: 13 different orphans; standard 8 (13 lone tiles), chiitoitsu 6 (no pair)."""
    c = counts("19m19p19s1234567z")
    assert tuple(shanten(c)) == (0, 8, 6, 0)
    assert _names(waits(c)) == ["1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z"]


def test_kokushi_without_winds_does_not_exist() -> None:
    """No winds (kostarev, kids): the orphans 1z–4z cannot be held, so kokushi has no shanten."""
    assert kokushi_shanten(counts("19m19p19s567z"), NO_WINDS_CAPS) is None


def test_a_wait_on_a_tile_whose_four_copies_are_in_hand_is_no_wait() -> None:
    """123p456p789p4444m: the only completion would be a fifth 4m (444m + 4m tanki): 1-shanten."""
    c = counts("123p456p789p4444m")
    assert shanten(c).shanten == 1
    assert waits(c) == []
    # any drawn tile but 4m, after discarding a 4m, waits on itself (tanki): 33 improving kinds
    assert len(improving(c)) == 33
    assert 3 not in improving(c)


def test_only_the_real_wait_remains_when_one_candidate_is_a_fifth_copy() -> None:
    """1234444m123p555s: 234m 444m + 1m tanki is real; 123m 444m + 4m tanki would be a fifth 4m."""
    c = counts("1234444m123p555s")
    assert _names(waits(c)) == ["1m"]


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        # 55p 77p 33s 66s + quad 2m (one pair, not two) + 1z: 5 pairs, 6 kinds → 6 − 5 + 1 = 2;
        # standard: 222m set, 4 pairs (one as the pair, three as partial sets) → 8 − 2 − 3 − 1 = 2
        pytest.param("2222m55p77p33s66s1z", (2, 2, 2, None), id="quad-is-one-pair-13-tiles"),
        # the same quad with 1111m, 33p 44p 55s 66s and 7z: chiitoitsu 6 − 5 + 1 = 2; standard 2
        pytest.param("1111m3344p5566s7z", (2, 2, 2, None), id="quad-of-1m-13-tiles"),
        # 14 tiles: quad + 5 pairs + a pair of 1z is not seven pairs: 6 pairs, 6 kinds → 1
        pytest.param("2222m55p77p33s66s11z", (1, 2, 1, None), id="quad-plus-six-pairs-is-not-complete"),
        # real seven pairs for contrast
        pytest.param("1122m3344p5566s77z", (-1, 3, -1, None), id="seven-different-pairs-complete"),
    ],
)
def test_seven_pairs_with_a_quad(hand: str, expected: tuple[int, int, int, None]) -> None:
    """/docs/rules §2: seven *different* pairs; four alike are not two pairs (kokushi left out here)."""
    assert tuple(shanten(counts(hand), kokushi=False)) == expected


@pytest.mark.parametrize(
    ("hand", "melds_tiles", "expected", "wait_names"),
    [
        # one pon of 5m (cap 1 on 5m): 5m single cannot pair → draw X, discard 5m → tanki: 1-shanten
        pytest.param("5m", "555m" + "111p" + "999p" + "777s", 1, [], id="last-tile-is-the-fourth-5m"),
        pytest.param("6m", "555m" + "111p" + "999p" + "777s", 0, ["6m"], id="tanki-on-a-free-kind"),
        # 4 tiles, chi 456m taken from 456m: 3456m → 345m + 6m tanki or 3m + 456m tanki; 36m nobetan
        pytest.param("3456m", "456m" + "111p" + "999p", 0, ["3m", "6m"], id="nobetan-with-a-chi"),
        # kan 7777s: 6s8s kanchan would need a fifth 7s → not tenpai
        pytest.param("68s" + "11p", "7777s" + "999p" + "111m", 1, [], id="kanchan-on-a-kanned-tile"),
    ],
)
def test_melds_take_copies_away(hand: str, melds_tiles: str, expected: int, wait_names: list[str]) -> None:
    c = counts(hand)
    caps = caps_for(True, counts(melds_tiles))
    assert shanten(c, caps, chiitoitsu=False, kokushi=False).shanten == expected
    assert _names(waits(c, caps, chiitoitsu=False, kokushi=False)) == wait_names


def test_chiitoitsu_shanten_needs_13_or_14_tiles() -> None:
    assert chiitoitsu_shanten(counts("1122m"), ALL_KINDS_CAPS) is None


def test_tile_count_must_be_3n_plus_1_or_2() -> None:
    with pytest.raises(ValueError, match="3n\\+1 or 3n\\+2"):
        regular_shanten(counts("123m"))

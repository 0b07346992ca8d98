"""Shanten against two independent implementations in Rust, on hypothesis hands: zero disagreements.

* ``xiangting`` (PyPI, pinned in the test extra): ``calculate_replacement_number`` − 1, four players
  (``PlayerCount.FOUR``) and three (``THREE``: 2m–8m do not exist);
* ``riichienv`` (PyPI, pinned likewise): ``calculate_shanten`` / ``calculate_shanten_3p`` on tile ids.

Both count the minimum over the standard shape, seven pairs and thirteen orphans, and, like ours
(:mod:`service.scoring.shanten`, /docs/rules §2), never count a wait on a kind whose four copies are
all in the hand. Hands are dealt from physical tiles (never a fifth copy): all tiles, one suit plus
dragons (dense readings), pairs (seven-pairs shapes), terminals and honours (thirteen-orphans shapes),
with 13 or 14 tiles, and 10 or 7 (as with melds set aside, which both libraries take as missing tiles).
"""

from __future__ import annotations

import riichienv
import xiangting
from hypothesis import given, settings
from hypothesis import strategies as st

from service.scoring.shanten import caps_for, shanten
from service.scoring.tiles import TERMINALS_AND_HONOURS
from tests.tenpai.helpers import ALL_IDS, dealt, mpsz, one_suit_ids

SANMA_IDS = [i for i in ALL_IDS if not 1 <= i // 4 <= 7]
ORPHAN_RICH_IDS = [i for i in ALL_IDS if i // 4 in TERMINALS_AND_HONOURS] + [i for i in ALL_IDS if i % 17 == 0]
SANMA_CAPS = caps_for(True, players=3)


def paired(kinds: list[int], size: int) -> st.SearchStrategy[list[int]]:
    """Hands of ``size`` tiles mostly in pairs: up to 7 distinct kinds from ``kinds``, 1–4 copies each."""

    def build(chosen: list[tuple[int, int]]) -> list[int]:
        c = [0] * 34
        left = size
        for kind, n in chosen:
            take = min(n, left, 4 - c[kind])
            c[kind] += take
            left -= take
        return c

    pick = st.lists(st.tuples(st.sampled_from(kinds), st.sampled_from([2, 2, 2, 1, 3, 4])), min_size=8, max_size=14)
    return pick.map(build).filter(lambda c: sum(c) == size)


def ids(c: list[int]) -> list[int]:
    return [4 * k + i for k in range(34) for i in range(c[k])]


FOUR_PLAYER_HANDS = st.one_of(
    *(dealt(ALL_IDS, n) for n in (13, 14, 10, 7)),
    dealt(one_suit_ids, 13),
    dealt(one_suit_ids, 14),
    dealt(ORPHAN_RICH_IDS, 13),
    dealt(ORPHAN_RICH_IDS, 14),
    paired(list(range(34)), 13),
    paired(list(range(34)), 14),
    paired(list(range(9)), 14),
)
SANMA_KINDS = sorted({i // 4 for i in SANMA_IDS})
THREE_PLAYER_HANDS = st.one_of(
    *(dealt(SANMA_IDS, n) for n in (13, 14, 10)),
    dealt([i for i in SANMA_IDS if i // 4 in TERMINALS_AND_HONOURS], 13),
    paired(SANMA_KINDS, 13),
    paired(SANMA_KINDS, 14),
)


@settings(max_examples=1500, deadline=None)
@given(FOUR_PLAYER_HANDS)
def test_four_player_shanten_agrees_with_xiangting_and_riichienv(c: list[int]) -> None:
    ours = shanten(c).shanten
    assert ours == xiangting.calculate_replacement_number(c, xiangting.PlayerCount.FOUR) - 1, mpsz(c)
    assert ours == riichienv.calculate_shanten(ids(c)), mpsz(c)


@settings(max_examples=1000, deadline=None)
@given(THREE_PLAYER_HANDS)
def test_three_player_shanten_agrees_with_xiangting_and_riichienv(c: list[int]) -> None:
    ours = shanten(c, SANMA_CAPS).shanten
    assert ours == xiangting.calculate_replacement_number(c, xiangting.PlayerCount.THREE) - 1, mpsz(c)
    assert ours == riichienv.calculate_shanten_3p(ids(c)), mpsz(c)

"""Properties of the discard analysis on hypothesis hands, against the ``mahjong`` package (v2.1).

For every discard of a 14-tile hand: its shanten is the package's for the 13 tiles left, and its
ukeire are exactly the kinds whose draw lowers the package's shanten (a kind with 4 copies already
held cannot be drawn), each with 4 − the copies in the 14 tiles unseen. In a three-player preset
no ukeire or wait is a 2m–8m tile (/docs/rulesets §7), whatever the hand.
"""

from __future__ import annotations

from hypothesis import given, settings
from mahjong.shanten import Shanten

from service.scoring.discards import analyse_discards
from service.scoring.discards_model import DiscardsRequest
from service.scoring.tiles import kind_name, kinds_to_mpsz
from tests.tenpai.helpers import ALL_IDS, dealt, mpsz, one_suit_ids

SANMA_IDS = [i for i in ALL_IDS if not 1 <= i // 4 <= 7]


def _kind(code: str) -> int:
    return {"m": 0, "p": 9, "s": 18, "z": 27}[code[1]] + (int(code[0]) or 5) - 1


def _request(c: list[int], **fields: object) -> DiscardsRequest:
    return DiscardsRequest(hand=kinds_to_mpsz([k for k in range(34) for _ in range(c[k])]), values=False, **fields)


@settings(max_examples=120, deadline=None)
@given(dealt(ALL_IDS, 14) | dealt(one_suit_ids, 14))
def test_every_discards_shanten_and_ukeire_agree_with_the_mahjong_package(c: list[int]) -> None:
    r = analyse_discards(_request(c))
    assert r.shanten == Shanten.calculate_shanten(c), mpsz(c)
    assert sorted(_kind(d.discard) for d in r.discards) == [k for k in range(34) if c[k]]
    for d in r.discards:
        rest = list(c)
        rest[_kind(d.discard)] -= 1
        base = Shanten.calculate_shanten(rest)
        assert d.shanten == base, (mpsz(c), d.discard)
        lowering = []
        for k in range(34):
            if rest[k] < 4:
                rest[k] += 1
                if Shanten.calculate_shanten(rest) < base:
                    lowering.append(k)
                rest[k] -= 1
        assert [(t.tile, t.remaining) for t in d.ukeire] == [(kind_name(k), 4 - c[k]) for k in lowering], (
            mpsz(c),
            d.discard,
        )


@settings(max_examples=80, deadline=None)
@given(dealt(SANMA_IDS, 14))
def test_three_player_ukeire_and_waits_never_hold_2m_to_8m(c: list[int]) -> None:
    r = analyse_discards(_request(c, rules="tenhou_sanma", seat_wind="S"))
    for d in r.discards:
        tiles = [t.tile for t in d.ukeire] + [w.tile for w in d.waits]
        assert not [t for t in tiles if t[1] == "m" and t[0] in "2345678"], (mpsz(c), d.discard)

"""`POST /v1/tenpai` with three players: the 108-tile set (2m–8m removed), no chi, nukidora seen.

Shanten on the 108 tiles is checked against the ``mahjong`` package's three-player mode
(``Shanten.calculate_shanten(..., is_three_player=True)``, which raises on any 2m–8m: its default
is four players, checked first); waits by hand.
"""

from __future__ import annotations

import msgspec
import pytest
from hypothesis import given, settings
from mahjong.shanten import Shanten

from service.scoring import InvalidHand
from service.scoring.shanten import caps_for, improving, shanten, waits
from service.scoring.tenpai import TenpaiRequest, analyse
from tests.tenpai.helpers import ALL_IDS, counts, dealt, mpsz

SANMA_IDS = [i for i in ALL_IDS if not 1 <= i // 4 <= 7]
"""The 108 tiles of a three-player game: 2m–8m removed (/docs/rulesets §7 Removed tiles)."""
CAPS3 = caps_for(True, players=3)


def test_the_package_defaults_to_four_players() -> None:
    # its regular shanten reads 1m 2m 3m as a run unless told three players, and then refuses 2m
    c = counts("123m456p789s11z234s")
    assert Shanten.calculate_shanten(c) == -1
    with pytest.raises(ValueError, match="three player"):
        Shanten.calculate_shanten(c, is_three_player=True)


@settings(max_examples=500, deadline=None)
@given(dealt(SANMA_IDS, 13))
def test_13_tile_sanma_shanten_agrees_with_the_package(c: list[int]) -> None:
    assert shanten(c, CAPS3).shanten == Shanten.calculate_shanten(c, is_three_player=True), mpsz(c)


@settings(max_examples=300, deadline=None)
@given(dealt(SANMA_IDS, 14))
def test_14_tile_sanma_shanten_agrees_with_the_package(c: list[int]) -> None:
    assert shanten(c, CAPS3).shanten == Shanten.calculate_shanten(c, is_three_player=True), mpsz(c)


def test_improving_tiles_never_are_removed_tiles() -> None:
    # 123p 456p 789s + 1m 9m 1z 2z: three sets and four lone tiles, 2-shanten. Pairing any lone tile
    # lowers it (1m, 9m, 1z, 2z); with four players 2m, 3m (by 1m) and 7m, 8m (by 9m) would too.
    c = counts("19m123p456p789s12z")
    four = improving(c)
    three = improving(c, CAPS3)
    assert {0, 8, 27, 28} <= set(three)
    assert {1, 2, 6, 7} <= set(four)
    assert set(three) == set(four) - {1, 2, 6, 7}
    # a 3p tenpai hand: 11m 99m 123p 456p 789s waits on 1m and 9m (shanpon), as with four players
    assert waits(counts("1199m123p456p789s"), CAPS3) == [0, 8]


def test_tenpai_answers_on_the_108_tiles() -> None:
    # thirteen orphans with three players: 19m 19p 19s 1234567z, 13-sided, 3 copies of each left unseen
    r = analyse(TenpaiRequest(hand="19m19p19s1234567z", rules="tenhou_sanma", dealer=True, values=False))
    assert [w.tile for w in r.waits] == ["1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z"]
    assert {w.remaining for w in r.waits} == {3}


def test_a_chiitoitsu_wait_never_is_a_removed_tile() -> None:
    # 11m 99m 11p 99p 11s 99s 1z: tanki on 1z (3 left); nothing in 2m–8m
    r = analyse(TenpaiRequest(hand="1199m1199p1199s1z", rules="tenhou_sanma", dealer=True, values=False))
    assert [(w.tile, w.remaining) for w in r.waits] == [("1z", 3)]


def test_nukidora_are_seen_norths_and_dora_in_the_values() -> None:
    # 123p 456p 789s 777z + 4z tanki; 2 Norths set aside: of 4z, 4 − 1 (hand) − 2 (set aside) = 1 unseen;
    # ron on 4z: chun 1 + nukidora 2 = 3 han
    r = analyse(TenpaiRequest(hand="123p456p789s777z4z", rules="tenhou_sanma", seat_wind="S", nukidora=2))
    (wait,) = r.waits
    assert (wait.tile, wait.remaining) == ("4z", 1)
    assert wait.ron is not None
    assert wait.ron.han == 3
    assert ("nukidora", 2) in [(y.id, y.han) for y in wait.ron.yaku]


@pytest.mark.parametrize(
    ("fields", "named"),
    [
        pytest.param({"hand": "123m456p789s777z4z"}, ["hand"], id="removed-tile"),
        pytest.param(
            {"hand": "456p789s777z4z", "melds": [{"type": "chi", "tiles": "123p"}]}, ["melds[0].type"], id="chi"
        ),
        pytest.param({"hand": "123p456p789s777z4z", "seat_wind": "N"}, ["seat_wind"], id="north-seat"),
        pytest.param({"hand": "123p456p789s777z4z", "dora_indicators": "5m"}, ["dora_indicators"], id="removed-dora"),
        pytest.param({"hand": "123p456p789s777z4z", "visible": "6m"}, ["visible"], id="removed-visible"),
        pytest.param({"hand": "123p456p789s444z1z", "nukidora": 2}, ["nukidora"], id="fifth-north"),
    ],
)
def test_three_player_bad_shapes_name_the_field(fields: dict[str, object], named: list[str]) -> None:
    body = {"rules": "tenhou_sanma", "seat_wind": "S", **fields}
    with pytest.raises(InvalidHand) as caught:
        analyse(msgspec.convert(body, TenpaiRequest))
    assert [e.field for e in caught.value.errors] == named


def test_nukidora_in_a_four_player_preset_is_invalid() -> None:
    with pytest.raises(InvalidHand) as caught:
        analyse(TenpaiRequest(hand="123p456p789s777z4z", seat_wind="S", nukidora=1))
    assert [e.field for e in caught.value.errors] == ["nukidora"]

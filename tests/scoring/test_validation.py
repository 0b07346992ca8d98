"""Physically impossible hands and flag combinations are InvalidHand naming the field.

/docs/rules §1 (copies, red fives), §2 (tile count, melds, impossible flags); /docs/endpoints
(422 with ``errors[].field`` such as ``melds[1].tiles``).
"""

from __future__ import annotations

import msgspec
import pytest

from service.scoring import InvalidHand, MeldSpec, RulesSpec, ScoreRequest, score

# A valid closed hand (123m 456p 99p 345s + 68s, kanchan 7s) the flag cases start from.
PLAIN = "123m45699p34568s"


def req(hand: str = PLAIN, win_tile: str = "7s", melds: list[MeldSpec] | None = None, **kw: object) -> ScoreRequest:
    kw.setdefault("seat_wind", "S")
    return ScoreRequest(hand=hand, win_tile=win_tile, melds=melds or [], **kw)  # type: ignore[arg-type]


def chi(tiles: str | list[str]) -> MeldSpec:
    return MeldSpec(type="chi", tiles=tiles)


def pon(tiles: str) -> MeldSpec:
    return MeldSpec(type="pon", tiles=tiles)


def kan(tiles: str, closed: bool = False) -> MeldSpec:
    return MeldSpec(type="kan", tiles=tiles, closed=closed)


def field_of(request: ScoreRequest) -> str:
    with pytest.raises(InvalidHand) as info:
        score(request)
    assert info.value.errors, "InvalidHand without errors"
    assert info.value.errors[0].message
    return info.value.errors[0].field


def test_the_base_hands_are_valid() -> None:
    # so every case below fails for the one reason it names
    assert score(req(riichi=True)).is_win
    assert score(req("234m88p34567s", "5s", [kan("9999p", closed=True)], riichi=True)).is_win
    assert score(req("56667p34578s", "6s", [chi("234m")])).is_win


# ---------------------------------------------------------------------------------------
# Tiles
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("request_", "fields"),
    [
        # five 1m inside the hand itself
        pytest.param(req("11111m234p567s88s", "8s"), {"hand"}, id="fifth-copy-in-hand"),
        # four 1m in hand + 1m as the winning tile
        pytest.param(req("1111m234p567889s", "1m"), {"hand", "win_tile"}, id="fifth-copy-by-win-tile"),
        # pon 111m + 11m in hand
        pytest.param(
            req("11m234p56788s", "8s", [pon("111m")]), {"hand", "melds[0].tiles"}, id="fifth-copy-across-meld"
        ),
        # two red 5m in the hand
        pytest.param(req("3400m456p789s112z", "2z"), {"hand"}, id="two-red-fives-of-one-suit-in-hand"),
        # one red 5m in hand + red 5m as the winning tile
        pytest.param(req("340m456p789s1122z", "0m"), {"hand", "win_tile"}, id="two-red-fives-hand-and-win-tile"),
        # 111m in hand + two 1m among the dora indicators (a two-tile indicator string): the indicators
        # take the count past 4, so they are named
        pytest.param(
            req("111m234p567s2345s", "5s", dora_indicators="1m1m"), {"dora_indicators"}, id="fifth-copy-by-indicators"
        ),
        pytest.param(
            req("111m234p567s2345s", "5s", riichi=True, ura_indicators="11m"),
            {"ura_indicators"},
            id="fifth-copy-by-ura",
        ),
        # 111m in hand, 1m a dora indicator (4 so far) and another 1m an ura indicator: the ura is the fifth
        pytest.param(
            req("111m234p567s2345s", "5s", riichi=True, dora_indicators="1m", ura_indicators="1m"),
            {"ura_indicators"},
            id="fifth-copy-by-ura-after-dora",
        ),
        # two red 5p as indicators; a red 5m in hand and another as the indicator
        pytest.param(
            req("111m234p567s2345s", "5s", dora_indicators="00p"), {"dora_indicators"}, id="two-red-fives-indicators"
        ),
        pytest.param(
            req("340m456p789s1122z", "1z", dora_indicators="0m"), {"dora_indicators"}, id="red-five-hand-and-indicator"
        ),
    ],
)
def test_too_many_copies_are_invalid(request_: ScoreRequest, fields: set[str]) -> None:
    assert field_of(request_) in fields


@pytest.mark.parametrize(
    "request_",
    [
        pytest.param(req("123m456p789s112z", "2z"), id="12-tiles-no-melds"),
        pytest.param(req("123m456p789s11223z", "3z"), id="14-tiles-no-melds"),
        pytest.param(req("123m456p789s1122z", "2z", [pon("777z")]), id="13-tiles-with-one-meld"),
        pytest.param(req("123m45p", "5p", [pon("777z"), pon("666z"), pon("555z")]), id="5-tiles-with-three-melds"),
        pytest.param(req("", "5p", [pon("777z"), pon("666z"), pon("555z"), pon("111z")]), id="0-tiles-with-four-melds"),
    ],
)
def test_wrong_tile_count_is_invalid(request_: ScoreRequest) -> None:
    assert field_of(request_) == "hand"


@pytest.mark.parametrize(
    ("request_", "field"),
    [
        pytest.param(req("56667p34578s", "6s", [chi("135m")]), "melds[0].tiles", id="chi-with-a-gap"),
        pytest.param(req("56667p34578s", "6s", [chi("234z")]), "melds[0].tiles", id="chi-of-honours"),
        pytest.param(req("56667p34578s", "6s", [chi(["1m", "2m", "3p"])]), "melds[0].tiles", id="chi-across-suits"),
        pytest.param(req("56667p34578s", "6s", [chi("222m")]), "melds[0].tiles", id="chi-of-three-alike"),
        pytest.param(req("56667p34578s", "6s", [chi("2345m")]), "melds[0].tiles", id="chi-of-four-tiles"),
        pytest.param(req("56667p34578s", "6s", [chi("891m")]), "melds[0].tiles", id="chi-does-not-wrap-9-1"),
        pytest.param(req("56667p34578s", "6s", [pon("112m")]), "melds[0].tiles", id="pon-of-different-tiles"),
        pytest.param(req("56667p34578s", "6s", [pon("222m2p")]), "melds[0].tiles", id="pon-across-suits"),
        pytest.param(req("56667p34578s", "6s", [pon("2222m")]), "melds[0].tiles", id="pon-of-four"),
        pytest.param(req("234m88p34567s", "5s", [kan("999p", closed=True)]), "melds[0].tiles", id="kan-of-three"),
        pytest.param(
            req("234m88p34567s", "5s", [kan("9998p", closed=True)]), "melds[0].tiles", id="kan-of-different-tiles"
        ),
        # the second meld is the bad one: the path names it
        pytest.param(req("67p34578s", "6s", [chi("234m"), pon("556p")]), "melds[1].tiles", id="second-meld-named"),
    ],
)
def test_a_meld_that_is_not_a_set_is_invalid(request_: ScoreRequest, field: str) -> None:
    assert field_of(request_) == field


# ---------------------------------------------------------------------------------------
# Flags that cannot happen together (/docs/rules §2)
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("request_", "field"),
    [
        pytest.param(req(ippatsu=True), "ippatsu", id="ippatsu-without-riichi"),
        pytest.param(req("56667p34578s", "6s", [chi("234m")], riichi=True), "riichi", id="riichi-with-open-hand"),
        pytest.param(
            req("56667p34578s", "6s", [chi("234m")], double_riichi=True),
            "double_riichi",
            id="double-riichi-with-open-hand",
        ),
        pytest.param(req(riichi=True, haitei=True, win="ron"), "haitei", id="haitei-with-ron"),
        pytest.param(req(riichi=True, houtei=True, win="tsumo"), "houtei", id="houtei-with-tsumo"),
        pytest.param(req(riichi=True, chankan=True, win="tsumo"), "chankan", id="chankan-with-tsumo"),
        pytest.param(
            req("234m88p34567s", "5s", [kan("9999p", closed=True)], riichi=True, rinshan=True, win="ron"),
            "rinshan",
            id="rinshan-with-ron",
        ),
        pytest.param(req(riichi=True, rinshan=True, win="tsumo"), "rinshan", id="rinshan-without-a-kan"),
        pytest.param(req(win="tsumo", tenhou=True), "tenhou", id="tenhou-for-a-non-dealer"),
    ],
)
def test_impossible_flag_combinations_are_invalid(request_: ScoreRequest, field: str) -> None:
    assert field_of(request_) == field


@pytest.mark.parametrize(
    ("request_", "fields"),
    [
        # /docs/rules §2 "a flag combination that cannot happen": by the same reasoning as the
        # brief's list (not spelled out one by one in /docs/rules)
        pytest.param(req(win="tsumo", seat_wind="E", chiihou=True), {"chiihou"}, id="chiihou-for-the-dealer"),
        pytest.param(req(win="ron", seat_wind="E", tenhou=True), {"tenhou", "win"}, id="tenhou-by-ron"),
        pytest.param(req(win="tsumo", chiihou=True, riichi=True), {"chiihou", "riichi"}, id="chiihou-after-riichi"),
        # renhou: a non-dealer's ron before their first draw
        pytest.param(
            req(seat_wind="E", renhou=True, rules=RulesSpec(renhou="yakuman")), {"renhou"}, id="renhou-for-the-dealer"
        ),
        pytest.param(
            req(win="tsumo", renhou=True, rules=RulesSpec(renhou="yakuman")), {"renhou", "win"}, id="renhou-by-tsumo"
        ),
    ],
)
def test_other_impossible_flag_combinations(request_: ScoreRequest, fields: set[str]) -> None:
    assert field_of(request_) in fields


# ---------------------------------------------------------------------------------------
# Dealer / winds (/docs/endpoints: seat_wind required for a non-dealer; dealer must agree)
# ---------------------------------------------------------------------------------------


def test_non_dealer_without_seat_wind_is_invalid_in_standard() -> None:
    request = ScoreRequest(hand=PLAIN, win_tile="7s", riichi=True, dealer=False)
    assert field_of(request) == "seat_wind"


def test_dealer_flag_that_disagrees_with_seat_wind_is_invalid() -> None:
    request = ScoreRequest(hand=PLAIN, win_tile="7s", riichi=True, dealer=True, seat_wind="S")
    assert field_of(request) in {"dealer", "seat_wind"}


def test_non_dealer_flag_with_east_seat_is_invalid() -> None:
    request = ScoreRequest(hand=PLAIN, win_tile="7s", riichi=True, dealer=False, seat_wind="E")
    assert field_of(request) in {"dealer", "seat_wind"}


def test_dealer_without_seat_wind_defaults_to_east() -> None:
    # riichi 1h40 by the dealer: 320 × 6 = 1920 → 2000
    r = score(ScoreRequest(hand=PLAIN, win_tile="7s", riichi=True, dealer=True))
    assert r.points == 2000


def test_with_two_problems_the_first_error_is_one_of_them() -> None:
    with pytest.raises(InvalidHand) as info:
        score(req(ippatsu=True, haitei=True, win="ron"))
    assert {e.field for e in info.value.errors} <= {"ippatsu", "haitei"}
    assert info.value.errors[0].field in {"ippatsu", "haitei"}


@pytest.mark.parametrize(
    "hand",
    [
        pytest.param("22234p678m345s99s", id="three-copies-in-hand"),
        pytest.param("234567m2345p234s", id="one-copy-in-hand"),
    ],
)
def test_chankan_with_another_copy_of_the_robbed_tile_is_invalid(hand: str) -> None:
    # chankan robs the 4th 2p added to another player's pon of 2p: the winner can hold no other 2p
    with pytest.raises(InvalidHand) as info:
        score(ScoreRequest(hand=hand, win_tile="2p", seat_wind="S", chankan=True))
    assert info.value.errors[0].field == "chankan"


def test_chankan_on_a_tile_the_hand_does_not_hold_is_scored() -> None:
    # 234567m 34p 234s 99s waits 2p/5p; robbing 2p: pinfu 1 + chankan 1 + sanshoku (234) 2 = 4 han 30 fu = 7700
    r = score(ScoreRequest(hand="234567m34p234s99s", win_tile="2p", seat_wind="S", chankan=True))
    assert {y.id for y in r.yaku} == {"pinfu", "chankan", "sanshoku"}
    assert (r.han, r.fu, r.points) == (4, 30, 7700)


def test_request_fields_are_unpacked_in_declaration_order() -> None:
    # parse_request unpacks msgspec.structs.astuple(req) by position: a reordered or added
    # ScoreRequest field must be reflected there (validate.REQUEST_FIELDS and RequestTuple).
    import typing

    from service.scoring.validate import REQUEST_FIELDS, RequestTuple

    assert tuple(f.name for f in msgspec.structs.fields(ScoreRequest)) == REQUEST_FIELDS
    assert len(typing.get_args(RequestTuple)) == len(REQUEST_FIELDS)


def test_winds_in_kostarev_say_what_to_do_per_field() -> None:
    request = ScoreRequest(
        hand="234567m3455p234s", win_tile="2p", rules="kostarev", dealer=False, seat_wind="S", round_wind="E"
    )

    with pytest.raises(InvalidHand) as caught:
        score(request)

    assert [(e.field, e.message) for e in caught.value.errors] == [
        ("seat_wind", "preset 'kostarev' has no winds; use 'dealer' instead"),
        ("round_wind", "preset 'kostarev' has no winds: leave round_wind out"),
    ]


def test_indicator_tiles_count_for_copies_but_not_as_hand_tiles() -> None:
    """Indicators are checked for fifth copies together with the hand, then taken out again:
    the hand scores with its own 14 tiles. 234567m 234p 55p 234s (win 2p on 34p), riichi:
    riichi, pinfu, tanyao, sanshoku (2) = 5 han; indicators 1m and 4p make 2m (one in hand)
    and 5p (two) dora: 3 more, 8 han baiman; ura 1m (2m once): 9 han, still baiman."""
    result = score(req("234567m3455p234s", "2p", riichi=True, dora_indicators="1m4p", ura_indicators="1m"))

    yaku = {item.id: item.han for item in result.yaku}
    assert yaku["dora"] == 3
    assert yaku["ura_dora"] == 1
    assert (result.han, result.limit, result.points) == (9, "baiman", 16000)
    assert result.reading is not None
    assert [s.tiles for s in result.reading.sets] == [
        "234m",
        "567m",
        "234p",
        "234s",
        "55p",
    ]

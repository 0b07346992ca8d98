"""The hand options of the optional rules, each on and off, worked out by hand (/docs/rulesets §1, §2, §8).

Conventions as in test_yaku_standard: a non-dealer sitting South in an East round, ron, nothing else
declared, unless a case says otherwise; ``hand`` is the concealed tiles before the win. Points:
non-dealer ron = 4 × base, tsumo = 2 × base + 1 × base + 1 × base (each rounded up to 100); dealer
ron = 6 × base; base = fu × 2^(2+han), yakuman 8,000 × multiple.
"""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from service.scoring import InvalidHand, RulesSpec, ScoreRequest, ScoreResult, score


def req(hand: str, win_tile: str, **fields: Any) -> ScoreRequest:
    """A request with the conventions above (``melds`` as dicts, ``rules`` as a dict of options)."""
    body: dict[str, Any] = {"hand": hand, "win_tile": win_tile, "seat_wind": "S", **fields}
    return msgspec.convert(body, ScoreRequest)


def yaku(r: ScoreResult) -> dict[str, int]:
    return {y.id: y.han for y in r.yaku}


def invalid_fields(request: ScoreRequest) -> list[str]:
    with pytest.raises(InvalidHand) as exc:
        score(request)
    return [e.field for e in exc.value.errors]


# 123m 456p 99p 345s + 68s waiting 7s (kanchan): no yaku of its own; ron fu 20 + 10 + 2 = 32 → 40.
PLAIN = "123m45699p34568s"
# 2233445566778 + 8 of one suit, closed: the daisharin shape (or chinitsu ryanpeikou / chiitoitsu).
WHEEL = "2233445566778"

NEEDS_CASES = [
    pytest.param(req(WHEEL + "p", "8p", rules={"daisharin": True}), id="daisharin"),
    pytest.param(req(WHEEL + "m", "8m", rules={"daisharin_other_suits": True}), id="daisuurin"),
    pytest.param(req(WHEEL + "s", "8s", rules={"daisharin_other_suits": True}), id="daichikurin"),
    pytest.param(req("1122334455667z", "7z", rules={"daichisei": True}), id="daichisei"),
    pytest.param(req(PLAIN, "7s", riichi=True, open_riichi=True, rules={"open_riichi": True}), id="open-riichi"),
    pytest.param(
        req(PLAIN, "7s", double_riichi=True, open_riichi=True, rules={"open_riichi": True}), id="double-open-riichi"
    ),
    pytest.param(
        req(
            PLAIN,
            "7s",
            riichi=True,
            open_riichi=True,
            sashikomi=True,
            rules={"open_riichi": True, "sashikomi_yakuman": True},
        ),
        id="sashikomi",
    ),
]
"""Hands that hold each new yaku (test_yaku_needs runs every predicate on their readings)."""


# --- kazoe: "uncapped" -----------------------------------------------------------------------------


def kazoe_hand(kazoe: str) -> ScoreRequest:
    """2233445566778m + 8m tsumo, riichi. Reading 22 345 345 678 678 (ryanmen on 67): riichi 1, menzen
    tsumo 1, pinfu 1, tanyao 1, ryanpeikou 3, chinitsu 6 = 13 han; dora indicators 1m–5m point to
    2m–6m, two of each = 10; ura 1m 2m 3m point to 2m 3m 4m = 6: 29 han without a yakuman."""
    return req(
        WHEEL + "m",
        "8m",
        win="tsumo",
        riichi=True,
        dora_indicators="12345m",
        ura_indicators="123m",
        rules={"kazoe": kazoe},
    )


@pytest.mark.parametrize(
    ("kazoe", "points", "limit"),
    [
        # 29 han = 2 × 13 + 3: two yakuman, base 16,000: dealer 32,000 + 2 × 16,000
        pytest.param("uncapped", 64000, "double_yakuman", id="uncapped-29-han-is-double"),
        # always one yakuman: 16,000 + 2 × 8,000
        pytest.param("yakuman", 32000, "kazoe_yakuman", id="yakuman"),
        # sanbaiman: base 6,000: 12,000 + 2 × 6,000
        pytest.param("sanbaiman", 24000, "sanbaiman", id="sanbaiman"),
    ],
)
def test_kazoe_option(kazoe: str, points: int, limit: str) -> None:
    r = score(kazoe_hand(kazoe))
    assert (r.han, r.points, r.limit, r.yakuman) == (29, points, limit, 0)


def test_kazoe_uncapped_13_to_25_han_is_one_yakuman() -> None:
    # without ura (no ura indicators): 13 + 10 = 23 han → one yakuman, 32,000
    r = score(msgspec.structs.replace(kazoe_hand("uncapped"), ura_indicators=""))
    assert (r.han, r.points, r.limit) == (23, 32000, "kazoe_yakuman")


def test_kazoe_uncapped_respects_yakuman_cap() -> None:
    # 29 han would be a double; yakuman_cap 1 pays one: 16,000 + 2 × 8,000
    request = msgspec.structs.replace(
        kazoe_hand("uncapped"), rules=msgspec.convert({"kazoe": "uncapped", "yakuman_cap": 1}, RulesSpec)
    )
    assert score(request).points == 32000


# --- renhou: off / yaku / mangan / yakuman ---------------------------------------------------------

# 234m 567p 88p 345s + 67s, ron 8s (ryanmen): pinfu 1 + tanyao 1; ron fu 30 (pinfu ron).
PINFU_TANYAO = ("234m56788p34567s", "8s")
# 23m 234m 456m 678m 99m, ron 1m (ryanmen): chinitsu 6 + pinfu 1 = 7 han haneman.
CHINITSU = ("2233445667899m", "1m")


@pytest.mark.parametrize(
    ("hand", "renhou", "expected_yaku", "points"),
    [
        # yaku: renhou 5 + pinfu 1 + tanyao 1 = 7 han, haneman 3,000 × 4
        pytest.param(PINFU_TANYAO, "yaku", {"renhou": 5, "pinfu": 1, "tanyao": 1}, 12000, id="yaku-adds"),
        # mangan: renhou alone 8,000 beats pinfu tanyao 2 han 30 fu (480 × 4 = 1,920 → 2,000)
        pytest.param(PINFU_TANYAO, "mangan", {"renhou": 5}, 8000, id="mangan-floor"),
        # mangan: chinitsu pinfu 7 han haneman 12,000 beats the mangan; renhou does not add
        pytest.param(CHINITSU, "mangan", {"chinitsu": 6, "pinfu": 1}, 12000, id="mangan-higher-hand"),
        # yaku: 5 + 7 = 12 han sanbaiman 24,000
        pytest.param(CHINITSU, "yaku", {"renhou": 5, "chinitsu": 6, "pinfu": 1}, 24000, id="yaku-sanbaiman"),
        # yakuman: 32,000, the ordinary yaku dropped
        pytest.param(CHINITSU, "yakuman", {"renhou": 13}, 32000, id="yakuman"),
    ],
)
def test_renhou_option(hand: tuple[str, str], renhou: str, expected_yaku: dict[str, int], points: int) -> None:
    r = score(req(*hand, renhou=True, rules={"renhou": renhou}))
    assert (yaku(r), r.points) == (expected_yaku, points)


def test_renhou_mangan_needs_no_other_yaku() -> None:
    # PLAIN has no yaku: renhou alone, 5 han mangan 8,000
    r = score(req(PLAIN, "7s", renhou=True, rules={"renhou": "mangan"}))
    assert (yaku(r), r.points, r.limit) == ({"renhou": 5}, 8000, "mangan")


def test_renhou_off_refuses_the_flag() -> None:
    assert invalid_fields(req(PLAIN, "7s", renhou=True)) == ["renhou"]


# --- pinfu_tsumo_fu ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fu_option", "expected_yaku", "fu", "points"),
    [
        # 0: pinfu tsumo 20 fu, 2 han: base 320 → 700 + 400 + 400
        pytest.param(0, {"menzen_tsumo": 1, "pinfu": 1}, 20, 1500, id="0-pinfu-tsumo-20-fu"),
        # 2: 20 + 2 tsumo = 22 → 30 fu, no pinfu, 1 han: base 240 → 500 + 300 + 300
        pytest.param(2, {"menzen_tsumo": 1}, 30, 1100, id="2-tsumo-fu-no-pinfu"),
    ],
)
def test_pinfu_tsumo_fu(fu_option: int, expected_yaku: dict[str, int], fu: int, points: int) -> None:
    # 234m 567p 99p 345s + 78s, tsumo 6s (ryanmen); 99p: no tanyao
    r = score(req("234m56799p34578s", "6s", win="tsumo", rules={"pinfu_tsumo_fu": fu_option}))
    assert (yaku(r), r.fu, r.points) == (expected_yaku, fu, points)


# --- open_kan_dora + rinshan_open_kan ---------------------------------------------------------------

# open kan 2222m, concealed 345p 678p 345s 6s, rinshan tsumo 6s (tanki). Yaku rinshan 1 + tanyao 1;
# fu 20 + 2 tsumo + 8 open simple kan + 2 tanki = 32 → 40. Indicators 1z (→ 2z, none held) and 5p
# (the kan's: → 6p, one held).
RINSHAN: dict[str, Any] = {
    "win": "tsumo",
    "rinshan": True,
    "rinshan_open_kan": True,
    "melds": [{"type": "kan", "tiles": "2222m"}],
    "dora_indicators": "1z5p",
}


@pytest.mark.parametrize(
    ("timing", "han", "points"),
    [
        # after_discard: the 5p indicator is not turned yet: 2 han 40 fu, base 640 → 1,300 + 700 + 700
        pytest.param("after_discard", 2, 2700, id="after-discard-not-counted"),
        # immediate: dora 1, 3 han 40 fu, base 1,280 → 2,600 + 1,300 + 1,300
        pytest.param("immediate", 3, 5200, id="immediate-counted"),
    ],
)
def test_open_kan_dora(timing: str, han: int, points: int) -> None:
    r = score(req("345678p3456s", "6s", **RINSHAN, rules={"open_kan_dora": timing}))
    assert (r.han, r.fu, r.points) == (han, 40, points)


@pytest.mark.parametrize(
    ("changes", "why"),
    [
        pytest.param({"rinshan": False}, "no rinshan", id="needs-rinshan"),
        pytest.param({"melds": [{"type": "kan", "tiles": "2222m", "closed": True}]}, "closed kan", id="needs-open-kan"),
        pytest.param({"dora_indicators": "5p"}, "one indicator", id="needs-two-indicators"),
    ],
)
def test_rinshan_open_kan_needs_its_situation(changes: dict[str, Any], why: str) -> None:
    fields = invalid_fields(req("345678p3456s", "6s", **{**RINSHAN, **changes}))
    assert "rinshan_open_kan" in fields, why


# --- daisharin, daisuurin, daichikurin, daichisei -----------------------------------------------------


@pytest.mark.parametrize(
    ("suit", "rules", "expected_yaku", "points"),
    [
        # off: reading 22 345 345 678 678, ryanmen: pinfu 1 + tanyao 1 + ryanpeikou 3 + chinitsu 6 = 11 han,
        # sanbaiman 6,000 × 4
        pytest.param("p", {}, {"pinfu": 1, "tanyao": 1, "ryanpeikou": 3, "chinitsu": 6}, 24000, id="off"),
        pytest.param("p", {"daisharin": True}, {"daisharin": 13}, 32000, id="daisharin"),
        pytest.param(
            "m",
            {"daisharin": True},
            {"pinfu": 1, "tanyao": 1, "ryanpeikou": 3, "chinitsu": 6},
            24000,
            id="man-needs-other-suits",
        ),
        pytest.param("m", {"daisharin_other_suits": True}, {"daisuurin": 13}, 32000, id="daisuurin"),
        pytest.param("s", {"daisharin_other_suits": True}, {"daichikurin": 13}, 32000, id="daichikurin"),
        # other suits imply daisharin
        pytest.param("p", {"daisharin_other_suits": True}, {"daisharin": 13}, 32000, id="implies-daisharin"),
    ],
)
def test_daisharin(suit: str, rules: dict[str, Any], expected_yaku: dict[str, int], points: int) -> None:
    r = score(req(WHEEL + suit, "8" + suit, rules=rules))
    assert (yaku(r), r.points) == (expected_yaku, points)


def test_daisharin_is_closed_only() -> None:
    # chi 234p + 2345566778p, ron 8p: the same 14 tiles, open: chinitsu 5 + tanyao 1 = 6 han haneman 12,000
    r = score(req("2345566778p", "8p", melds=[{"type": "chi", "tiles": "234p"}], rules={"daisharin": True}))
    assert (yaku(r), r.points) == ({"chinitsu": 5, "tanyao": 1}, 12000)


@pytest.mark.parametrize(
    ("on", "expected_yaku", "points"),
    [
        # tsuuiisou alone: 32,000; with daichisei both: 2 yakuman 64,000
        pytest.param(False, {"tsuuiisou": 13}, 32000, id="off"),
        pytest.param(True, {"tsuuiisou": 13, "daichisei": 13}, 64000, id="stacks-with-tsuuiisou"),
    ],
)
def test_daichisei(on: bool, expected_yaku: dict[str, int], points: int) -> None:
    r = score(req("1122334455667z", "7z", rules={"daichisei": on}))
    assert (yaku(r), r.points) == (expected_yaku, points)


# --- open riichi, sashikomi --------------------------------------------------------------------------

OPEN = {"open_riichi": True}


@pytest.mark.parametrize(
    ("flags", "expected_yaku", "points"),
    [
        # riichi 1 han 40 fu: base 320 × 4 = 1,280 → 1,300
        pytest.param({"riichi": True}, {"riichi": 1}, 1300, id="riichi"),
        # open riichi 2 han 40 fu: 640 × 4 = 2,560 → 2,600
        pytest.param({"riichi": True, "open_riichi": True}, {"open_riichi": 2}, 2600, id="open-riichi"),
        # double open riichi 3 han 40 fu: 1,280 × 4 = 5,120 → 5,200
        pytest.param({"double_riichi": True, "open_riichi": True}, {"double_open_riichi": 3}, 5200, id="double-open"),
    ],
)
def test_open_riichi(flags: dict[str, bool], expected_yaku: dict[str, int], points: int) -> None:
    r = score(req(PLAIN, "7s", **flags, rules=OPEN))
    assert (yaku(r), r.points) == (expected_yaku, points)


def test_sashikomi_is_a_yakuman() -> None:
    # open riichi ron + sashikomi: a yakuman, the open riichi's 2 han dropped: 32,000
    rules = {"open_riichi": True, "sashikomi_yakuman": True}
    r = score(req(PLAIN, "7s", riichi=True, open_riichi=True, sashikomi=True, rules=rules))
    assert (yaku(r), r.points, r.yakuman) == ({"sashikomi": 13}, 32000, 1)


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        pytest.param({"riichi": True, "open_riichi": True}, "open_riichi", id="open-riichi-option-off"),
        pytest.param({"open_riichi": True, "rules": OPEN}, "open_riichi", id="open-riichi-without-riichi"),
        pytest.param(
            {"riichi": True, "open_riichi": True, "sashikomi": True, "rules": OPEN}, "sashikomi", id="sashikomi-off"
        ),
        pytest.param(
            {"riichi": True, "sashikomi": True, "rules": {**OPEN, "sashikomi_yakuman": True}},
            "sashikomi",
            id="sashikomi-without-open-riichi",
        ),
        pytest.param(
            {
                "riichi": True,
                "open_riichi": True,
                "sashikomi": True,
                "win": "tsumo",
                "rules": {**OPEN, "sashikomi_yakuman": True},
            },
            "sashikomi",
            id="sashikomi-by-tsumo",
        ),
        pytest.param({"paarenchan": 1}, "paarenchan", id="paarenchan-option-off"),
        pytest.param(
            {"paarenchan": 1, "riichi": True, "rules": {"paarenchan": "always"}},
            "paarenchan",
            id="paarenchan-non-dealer",
        ),
        pytest.param({"nagashi_mangan": True, "rules": "wrc"}, "nagashi_mangan", id="nagashi-option-off"),
        pytest.param({"nagashi_mangan": True, "riichi": True, "ippatsu": True}, "nagashi_mangan", id="nagashi-ippatsu"),
    ],
)
def test_option_flags_are_refused_where_they_cannot_be(fields: dict[str, Any], field: str) -> None:
    assert invalid_fields(req(PLAIN, "7s", **fields)) == [field]


# --- paarenchan -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("option", "flags", "expected_yaku", "points"),
    [
        # dealer ron with riichi and paarenchan 1: a yakuman, 8,000 × 6 = 48,000
        pytest.param("needs_yaku", {"riichi": True}, {"paarenchan": 13}, 48000, id="needs-yaku-with-riichi"),
        # paarenchan 2: 16,000 × 6 = 96,000
        pytest.param("always", {"riichi": True, "paarenchan": 2}, {"paarenchan": 26}, 96000, id="multiple-2"),
        # no other yaku: "always" still pays 48,000
        pytest.param("always", {}, {"paarenchan": 13}, 48000, id="always-without-yaku"),
    ],
)
def test_paarenchan(option: str, flags: dict[str, Any], expected_yaku: dict[str, int], points: int) -> None:
    r = score(req(PLAIN, "7s", seat_wind="E", **{"paarenchan": 1, **flags}, rules={"paarenchan": option}))
    assert (yaku(r), r.points) == (expected_yaku, points)


def test_paarenchan_needs_yaku_without_yaku_is_no_win() -> None:
    r = score(req(PLAIN, "7s", seat_wind="E", paarenchan=1, rules={"paarenchan": "needs_yaku"}))
    assert (r.is_win, r.reason) == (False, "no_yaku")


def test_yakuman_cap_applies_to_paarenchan() -> None:
    # tenhou (1) + paarenchan 6 = 7 yakuman; yakuman_cap 6 pays 6: 48,000 base, dealer tsumo 96,000 × 3
    rules = {"paarenchan": "needs_yaku", "yakuman_cap": 6}
    r = score(req(PLAIN, "7s", seat_wind="E", win="tsumo", tenhou=True, paarenchan=6, rules=rules))
    assert (r.yakuman, r.base_points, r.points) == (6, 48000, 288000)


# --- aotenjou ---------------------------------------------------------------------------------------


def test_aotenjou_chinitsu_is_not_capped() -> None:
    # 2233445566778p + 8p ron: best reading 22 345 345 678 678 (ryanmen): pinfu 1 + tanyao 1 +
    # ryanpeikou 3 + chinitsu 6 = 11 han, 30 fu: base 30 × 2^13 = 245,760; × 4 = 983,040 → 983,100
    r = score(req(WHEEL + "p", "8p", rules={"aotenjou": True}))
    assert (r.han, r.fu, r.base_points, r.points, r.limit) == (11, 30, 245760, 983100, "none")


def test_aotenjou_yakuman_counts_its_han_beside_the_other_yaku() -> None:
    # 234m 55p 555z 666z 777z, ron 5p (tanki): daisangen 13 + sanankou 2 (the dragon yakuhai go beside
    # daisangen) = 15 han; fu 20 + 10 closed ron + 3 × 8 closed honour triplets + 2 tanki = 56 → 60:
    # base 60 × 2^17 = 7,864,320; × 4 = 31,457,280 → 31,457,300 (the package says the same)
    r = score(req("234m5p555666777z", "5p", rules={"aotenjou": True}))
    assert (yaku(r), r.fu, r.points, r.yakuman) == ({"daisangen": 13, "sanankou": 2}, 60, 31457300, 1)


def test_aotenjou_pays_honba_and_sticks() -> None:
    # as above with 1 honba and 1 riichi stick: + 300 + 1,000 (the package drops both: pinned here)
    r = score(req("234m5p555666777z", "5p", honba=1, riichi_sticks=1, rules={"aotenjou": True}))
    assert (r.points, r.total) == (31457300, 31458600)


def test_aotenjou_kokushi_is_40_fu_by_ron() -> None:
    # kokushi 13 han, fu 20 + 10 closed ron + 2 single wait = 32 → 40: base 40 × 2^15 = 1,310,720;
    # × 4 = 5,242,880 → 5,242,900
    r = score(req("19m19p19s1234567z", "1m", rules={"aotenjou": True, "double_yakuman": False}))
    assert (r.han, r.fu, r.points) == (13, 40, 5242900)


def test_aotenjou_too_large_is_a_422() -> None:
    # 111z 222z 333z 444z + 5z tanki: daisuushii 26 + tsuuiisou 13 + suuankou tanki 26 = 65 han:
    # 2^67 × fu, far past 2^53 points
    assert invalid_fields(req("1112223334445z", "5z", rules={"aotenjou": True})) == ["rules.aotenjou"]


# --- nagashi mangan ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seat", "payments", "points"),
    [
        # non-dealer: mangan tsumo 4,000 from the dealer, 2,000 from each other
        pytest.param("S", {("dealer", 4000, 1), ("non_dealer", 2000, 2)}, 8000, id="non-dealer"),
        # dealer: 4,000 from each
        pytest.param("E", {("non_dealer", 4000, 3)}, 12000, id="dealer"),
    ],
)
def test_nagashi_mangan(seat: str, payments: set[tuple[str, int, int]], points: int) -> None:
    # honba and riichi sticks are not paid (they stay on the table); the shape does not matter
    r = score(req(PLAIN, "7s", seat_wind=seat, nagashi_mangan=True, honba=2, riichi_sticks=1))
    assert {(p.payer, p.amount, p.count) for p in r.payments} == payments
    assert (yaku(r), r.han, r.fu, r.points, r.total, r.limit) == ({"nagashi_mangan": 5}, 5, None, points, points,
                                                                    "mangan")  # fmt: skip

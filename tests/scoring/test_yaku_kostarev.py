"""The `kostarev` preset (Kostarev rules, /docs/rules §4): no winds, its own yaku list, worked by hand.

Conventions: a non-dealer (``dealer=False``) wins by ron unless a case says otherwise.
Fu and payments are those of /docs/rules §3: 20 base, +10 closed ron, +2 tsumo (not pinfu
tsumo), dragon pair 2, triplets 2/4 (×2 terminal or dragon), kans ×4, kanchan/penchan/tanki 2;
non-dealer ron 4 × base, tsumo 2 × base / 1 × base, each rounded up to 100.
"""

from __future__ import annotations

from typing import NamedTuple

import pytest

from service.scoring import InvalidHand, RulesSpec, ScoreRequest, ScoreResult, score
from tests.scoring.melds import meld

KOSTAREV = RulesSpec(preset="kostarev")


def kos(
    hand: str,
    win_tile: str,
    *melds: str,
    win: str = "ron",
    dealer: bool = False,
    rules: RulesSpec = KOSTAREV,
    **flags: object,
) -> ScoreRequest:
    return ScoreRequest(
        hand=hand,
        win_tile=win_tile,
        melds=[meld(m) for m in melds],
        win=win,  # type: ignore[arg-type]
        dealer=dealer,
        rules=rules,
        **flags,  # type: ignore[arg-type]
    )


class Exp(NamedTuple):
    yaku: dict[str, int]
    fu: int | None
    points: int
    limit: str = "none"
    yakuman: int = 0


def check(r: ScoreResult, exp: Exp) -> None:
    assert r.is_win, r.reason
    assert r.preset == "kostarev"
    assert sorted((y.id, y.han) for y in r.yaku) == sorted(exp.yaku.items())
    assert r.yakuman == exp.yakuman
    if exp.yakuman == 0:
        assert r.han == sum(exp.yaku.values())
    if exp.fu is not None:
        assert r.fu == exp.fu
    assert r.limit == exp.limit
    assert r.points == exp.points


# 123m 456p 99p 345s + 68s, kanchan 7s; no yaku of its own; ron fu 20 + 10 + 2 = 32 → 40.
PLAIN = "123m45699p34568s"
# 234m 567p 99p 345s + 78s ryanmen 6s/9s; pinfu shape, no tanyao.
PINFU = "234m56799p34578s"

YAKU_CASES = [
    # --- 1 han ---
    pytest.param(kos(PLAIN, "7s", riichi=True), Exp({"riichi": 1}, 40, 1300), id="riichi"),
    # tsumo: 20 + 2 + 2 = 24 → 30; 1h30 = 500/300
    pytest.param(kos(PLAIN, "7s", win="tsumo"), Exp({"menzen_tsumo": 1}, 30, 1100), id="menzen-tsumo"),
    pytest.param(kos(PINFU, "6s"), Exp({"pinfu": 1}, 30, 1000), id="pinfu-ron-30fu"),
    # pinfu tsumo 20 fu: 2h20 = 320 → 700/400
    pytest.param(kos(PINFU, "6s", win="tsumo"), Exp({"pinfu": 1, "menzen_tsumo": 1}, 20, 1500), id="pinfu-tsumo-20fu"),
    pytest.param(kos("23488m567p35678s", "4s"), Exp({"tanyao": 1}, 40, 1300), id="tanyao-closed"),
    pytest.param(kos("88m567p35678s", "4s", "chi:234m"), Exp({"tanyao": 1}, 30, 1000), id="tanyao-open"),
    # dragon pon: 20 + 4 = 24 → 30; 1000
    pytest.param(kos("23499m567p67s", "8s", "pon:555z"), Exp({"haku": 1}, 30, 1000), id="yakuhai-haku"),
    pytest.param(kos("23499m567p67s", "8s", "pon:666z"), Exp({"hatsu": 1}, 30, 1000), id="yakuhai-hatsu"),
    pytest.param(kos("23499m567p67s", "8s", "pon:777z"), Exp({"chun": 1}, 30, 1000), id="yakuhai-chun"),
    pytest.param(kos("223344m567p6899s", "7s"), Exp({"iipeikou": 1}, 40, 1300), id="iipeikou"),
    # --- situational +1 ---
    pytest.param(
        kos("56799p34678s", "5s", "chi:123m", win="tsumo", haitei=True), Exp({"haitei": 1}, 30, 1100), id="haitei"
    ),
    # open, no fu at all, ron: Kostarev rules §3.2 has no "+2 open pinfu", so 20 fu; 1 han 20 fu = 160 base → 640 → 700
    pytest.param(kos("56799p34678s", "5s", "chi:123m", houtei=True), Exp({"houtei": 1}, 20, 700), id="houtei"),
    # open kan 8888p: 20 + 8 + 2 = 30
    pytest.param(
        kos("123m99p34567s", "5s", "kan:8888p", win="tsumo", rinshan=True), Exp({"rinshan": 1}, 30, 1100), id="rinshan"
    ),
    pytest.param(kos(PLAIN, "7s", chankan=True), Exp({"chankan": 1}, 40, 1300), id="chankan"),
    # --- 2 han ---
    pytest.param(kos("1133m5577p22499s", "4s"), Exp({"chiitoitsu": 2}, 25, 1600), id="chiitoitsu"),
    # pon 111m 888p; 333s + shanpon, ron 7m: 20 + 4 + 2 + 4 + 2 = 32 → 40; 2600
    pytest.param(kos("77m33366s", "7m", "pon:111m", "pon:888p"), Exp({"toitoi": 2}, 40, 2600), id="toitoi"),
    # 20 + 10 + 4 + 4 + 4 = 42 → 50; 2h50 = 3200
    pytest.param(kos("22299m555p34888s", "5s"), Exp({"sanankou": 2}, 50, 3200), id="sanankou"),
    pytest.param(kos("234678m234p2499s", "3s"), Exp({"sanshoku": 2}, 40, 2600), id="sanshoku-closed"),
    # open ron without fu: 20 fu (Kostarev rules §3.2), 1 han → 160 × 4 = 640 → 700
    pytest.param(kos("234678m23p99s", "4p", "chi:234s"), Exp({"sanshoku": 1}, 20, 700), id="sanshoku-open"),
    pytest.param(kos("234m12345679p55s", "8p"), Exp({"ittsu": 2}, 40, 2600), id="ittsu-closed"),
    pytest.param(kos("234m45679p55s", "8p", "chi:123p"), Exp({"ittsu": 1}, 30, 1000), id="ittsu-open"),
    # 13m+2m 999m 789p 123s 55z: chanta 2; 20 + 10 + 8 + 2 (dragon pair) + 2 kanchan = 42 → 50; 3200
    pytest.param(kos("13999m789p123s55z", "2m"), Exp({"chanta": 2}, 50, 3200), id="chanta-closed"),
    # chi 123m; 999m 789p 55z + 12s penchan: chanta 1; 20 + 8 + 2 + 2 = 32 → 40; 1300
    pytest.param(kos("999m789p12s55z", "3s", "chi:123m"), Exp({"chanta": 1}, 40, 1300), id="chanta-open"),
    # a junchan shape (no honours at all) is chanta: there is no junchan in kostarev
    pytest.param(kos("123m11789p12379s", "8s"), Exp({"chanta": 2}, 40, 2600), id="junchan-shape-is-chanta-closed"),
    pytest.param(
        kos("11789p12379s", "8s", "chi:123m"), Exp({"chanta": 1}, 30, 1000), id="junchan-shape-is-chanta-open"
    ),
    # all terminals and dragons, toitoi, open: toitoi 2 + chanta 1 (literal chanta: every set has a
    # terminal or dragon; no honroutou in kostarev). pon 111m 999p; 111s 55z + 9m shanpon, ron 9m.
    # fu 20 + 4 + 4 + 8 (111s) + 4 (999m by ron) + 2 (dragon pair) = 42 → 50; 3h50 = 1600 → 6400
    pytest.param(
        kos("99m111s55z", "9m", "pon:111m", "pon:999p"),
        Exp({"toitoi": 2, "chanta": 1}, 50, 6400),
        id="terminal-dragon-toitoi-is-toitoi-plus-chanta",
    ),
    # --- 3 han and up ---
    pytest.param(kos("112233m77889p55s", "9p"), Exp({"ryanpeikou": 3, "pinfu": 1}, 30, 7700), id="ryanpeikou"),
    # 123 345 678 999m + 5z tanki: honitsu 3; 20 + 10 + 8 + 2 + 2 = 42 → 50; 3h50 = 6400
    pytest.param(kos("123345678999m5z", "5z"), Exp({"honitsu": 3}, 50, 6400), id="honitsu-closed"),
    # chi 123m: honitsu 2; 20 + 8 + 2 + 2 = 32 → 40; 2h40 = 2600
    pytest.param(kos("345678999m5z", "5z", "chi:123m"), Exp({"honitsu": 2}, 40, 2600), id="honitsu-open"),
    pytest.param(kos("1233455568999s", "7s"), Exp({"chinitsu": 6}, None, 12000, "haneman"), id="chinitsu-closed"),
    pytest.param(kos("3455568999s", "7s", "chi:123s"), Exp({"chinitsu": 5}, None, 8000, "mangan"), id="chinitsu-open"),
    # --- payments as §3 ---
    # riichi + pinfu + tanyao, 234m 567p 66p 345s + 78s, ron 6s: 3h30 = 960 → 3840 → 3900
    pytest.param(
        kos("234m56667p34578s", "6s", riichi=True),
        Exp({"riichi": 1, "pinfu": 1, "tanyao": 1}, 30, 3900),
        id="3han-30fu-ron-3900-rounded-up",
    ),
    # dealer pinfu ron: 240 × 6 = 1440 → 1500
    pytest.param(kos(PINFU, "6s", dealer=True), Exp({"pinfu": 1}, 30, 1500), id="dealer-pinfu-ron-1500"),
    # riichi + pinfu + tanyao + aka (red 5p in 567p) = 4h30 = 1920 → 7700; mangan with kiriage_mangan
    pytest.param(
        kos("234m06667p34578s", "6s", riichi=True),
        Exp({"riichi": 1, "pinfu": 1, "tanyao": 1, "aka_dora": 1}, 30, 7700),
        id="4han-30fu-7700",
    ),
    pytest.param(
        kos("234m06667p34578s", "6s", riichi=True, rules=RulesSpec(preset="kostarev", kiriage_mangan=True)),
        Exp({"riichi": 1, "pinfu": 1, "tanyao": 1, "aka_dora": 1}, 30, 8000, "mangan"),
        id="4han-30fu-kiriage-mangan",
    ),
    # --- standard-only yaku do not exist here ---
    # shousangen shape: only the two dragon yakuhai; 20 + 4 + 4 + 2 = 30; 2h30 → 2000
    pytest.param(
        kos("234m56p77z", "7p", "pon:555z", "pon:666z"), Exp({"haku": 1, "hatsu": 1}, 30, 2000), id="no-shousangen"
    ),
]


@pytest.mark.parametrize(("request_", "exp"), YAKU_CASES)
def test_each_kostarev_yaku(request_: ScoreRequest, exp: Exp) -> None:
    check(score(request_), exp)


@pytest.mark.parametrize(
    "request_",
    [
        # pon 222s; 222m 222p 99s + 67p → sanshoku doukou in standard, nothing here
        pytest.param(kos("222m22267p99s", "8p", "pon:222s"), id="no-sanshoku-doukou"),
        # three open kans → sankantsu in standard, nothing here
        pytest.param(kos("67m99p", "8m", "kan:2222m", "kan:6666p", "kan:8888s"), id="no-sankantsu"),
        # dora alone is no yaku
        pytest.param(kos("45699p34568s", "7s", "chi:123m", dora_indicators="8p"), id="only-dora"),
    ],
)
def test_standard_only_yaku_score_nothing(request_: ScoreRequest) -> None:
    r = score(request_)
    assert r.is_win is False
    assert r.reason == "no_yaku"


# ---------------------------------------------------------------------------------------
# Yakuman (Kostarev rules §3.1.4)
# ---------------------------------------------------------------------------------------

YAKUMAN_CASES = [
    pytest.param(
        kos("234m777z9p", "9p", "pon:555z", "pon:666z"),
        Exp({"daisangen": 13}, None, 32000, "yakuman", 1),
        id="daisangen",
    ),
    # 234s ×2, 44s, 666s, 888s. The Kostarev rules §3.1.4: ryuuiisou «Можно использовать только» 2, 3, 4, 6 sou and 發,
    # so by default (ryuuiisou_8s false) it is not ryuuiisou; closed ron, 888s by ron.
    # tanyao 1 + iipeikou 1 (234s ×2) + chinitsu 6 = 8 han → baiman 16000
    pytest.param(
        kos("2233444466688s", "8s"),
        Exp({"tanyao": 1, "iipeikou": 1, "chinitsu": 6}, None, 16000, "baiman"),
        id="ryuuiisou-not-with-8s-by-default",
    ),
    # with the standard tile list (ryuuiisou_8s: true) the same hand is ryuuiisou
    pytest.param(
        kos("2233444466688s", "8s", rules=RulesSpec(preset="kostarev", ryuuiisou_8s=True)),
        Exp({"ryuuiisou": 13}, None, 32000, "yakuman", 1),
        id="ryuuiisou-8s-option-on",
    ),
    # 234s ×2, 44s, 666s, 666z: no 8s → ryuuiisou under either option value
    pytest.param(
        kos("2233444666s666z", "4s"), Exp({"ryuuiisou": 13}, None, 32000, "yakuman", 1), id="ryuuiisou-without-8s"
    ),
    pytest.param(
        kos("2233444666s666z", "4s", rules=RulesSpec(preset="kostarev", ryuuiisou_8s=False)),
        Exp({"ryuuiisou": 13}, None, 32000, "yakuman", 1),
        id="ryuuiisou-without-8s-option-off",
    ),
    pytest.param(
        kos("22233m55599p888s", "3m", win="tsumo"),
        Exp({"suuankou": 13}, None, 32000, "yakuman", 1),
        id="suuankou-tsumo",
    ),
    pytest.param(
        kos("222333m555p888s9p", "9p"),
        Exp({"suuankou_tanki": 26}, None, 64000, "double_yakuman", 2),
        id="suuankou-tanki-double",
    ),
    # ron on the shanpon: 333m open → toitoi 2 + sanankou 2; 20+10+4+4+4+2 = 44 → 50 → mangan
    pytest.param(
        kos("22233m55599p888s", "3m"),
        Exp({"toitoi": 2, "sanankou": 2}, 50, 8000, "mangan"),
        id="suuankou-shape-by-ron-on-shanpon",
    ),
    pytest.param(
        kos("99m11199s", "9m", "pon:111m", "pon:999p"),
        Exp({"chinroutou": 13}, None, 32000, "yakuman", 1),
        id="chinroutou",
    ),
    pytest.param(kos("1112345678899p", "9p"), Exp({"chuuren": 13}, None, 32000, "yakuman", 1), id="chuuren"),
    # nine-sided wait → double: 26 han-equivalent, 2 × 32000 = 64000 non-dealer ron
    pytest.param(
        kos("1112345678999p", "5p"),
        Exp({"junsei_chuuren": 26}, None, 64000, "double_yakuman", 2),
        id="junsei-chuuren-double",
    ),
    pytest.param(
        kos(PLAIN, "7s", win="tsumo", dealer=True, tenhou=True),
        Exp({"tenhou": 13}, None, 48000, "yakuman", 1),
        id="tenhou",
    ),
    pytest.param(
        kos(PLAIN, "7s", win="tsumo", chiihou=True), Exp({"chiihou": 13}, None, 32000, "yakuman", 1), id="chiihou"
    ),
    # kazoe: chinitsu 6 + riichi 1 + tsumo 1 + dora 3 (4s → 5s ×3) + ura 3 (8s → 9s ×3) = 14 han
    pytest.param(
        kos("1233455568999s", "7s", win="tsumo", riichi=True, dora_indicators="4s", ura_indicators="8s"),
        Exp({"riichi": 1, "menzen_tsumo": 1, "chinitsu": 6, "dora": 3, "ura_dora": 3}, None, 32000, "kazoe_yakuman"),
        id="kazoe-yakuman-14han",
    ),
]


@pytest.mark.parametrize(("request_", "exp"), YAKUMAN_CASES)
def test_each_kostarev_yakuman(request_: ScoreRequest, exp: Exp) -> None:
    check(score(request_), exp)


# ---------------------------------------------------------------------------------------
# No winds at all: a wind anywhere, or a wind field, is invalid input naming the field
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("request_", "field"),
    [
        pytest.param(kos("123m456p789s1155z", "5z"), "hand", id="east-in-hand"),
        pytest.param(kos("123m456p789s5566z", "4z"), "win_tile", id="north-as-win-tile"),
        pytest.param(kos("456p789s5566z", "5z", "pon:222z"), "melds[0].tiles", id="south-pon"),
        pytest.param(kos(PLAIN, "7s", riichi=True, dora_indicators="3z"), "dora_indicators", id="west-dora-indicator"),
        pytest.param(kos(PLAIN, "7s", riichi=True, ura_indicators="1z"), "ura_indicators", id="east-ura-indicator"),
        pytest.param(
            ScoreRequest(hand=PLAIN, win_tile="7s", riichi=True, rules=KOSTAREV, seat_wind="E"),
            "seat_wind",
            id="seat-wind-field",
        ),
        pytest.param(
            ScoreRequest(hand=PLAIN, win_tile="7s", riichi=True, rules=KOSTAREV, dealer=False, round_wind="E"),
            "round_wind",
            id="round-wind-field",
        ),
    ],
)
def test_any_wind_is_invalid_in_kostarev(request_: ScoreRequest, field: str) -> None:
    with pytest.raises(InvalidHand) as info:
        score(request_)
    assert info.value.errors[0].field == field


def test_kostarev_dealer_comes_from_the_dealer_field() -> None:
    # PINFU tsumo by the dealer: 2h20 = 320 → 700 from each = 2100
    r = score(kos(PINFU, "6s", win="tsumo", dealer=True))
    assert [(p.payer, p.amount, p.count) for p in r.payments] == [("non_dealer", 700, 3)]
    assert r.points == 2100

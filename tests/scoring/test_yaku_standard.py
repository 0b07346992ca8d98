"""Every yaku and yakuman of the `standard` preset, one hand each, worked out by hand.

/docs/rules §2 (hands, highest reading), §3 (yaku, fu, limits, payments); /docs/endpoints (ids).

Conventions of this file: unless a case says otherwise the winner is a non-dealer sitting
South in an East round, wins by ron, and nothing else is declared. ``hand`` is the 13 − 3 ×
melds concealed tiles before the win. Every expectation (yaku with han, fu, points) was
computed by hand; the arithmetic is in the comment above each case:
    fu: 20 base, +10 closed ron, +2 tsumo (not pinfu tsumo), sets/pair/wait as itemised;
    points: non-dealer ron = 4 × base, tsumo = 2 × base / 1 × base, each rounded up to 100;
    dealer ron = 6 × base, tsumo = 2 × base from each; base = fu × 2^(2+han).
"""

from __future__ import annotations

from typing import Literal, NamedTuple

import msgspec
import pytest

from service.scoring import RulesSpec, ScoreRequest, ScoreResult, score
from tests.scoring.melds import meld


def std(
    hand: str,
    win_tile: str,
    *melds: str,
    win: str = "ron",
    seat: str = "S",
    rnd: str = "E",
    rules: RulesSpec | Literal["standard"] = "standard",
    **flags: object,
) -> ScoreRequest:
    return ScoreRequest(
        hand=hand,
        win_tile=win_tile,
        melds=[meld(m) for m in melds],
        win=win,  # type: ignore[arg-type]
        seat_wind=seat,  # type: ignore[arg-type]
        round_wind=rnd,  # type: ignore[arg-type]
        rules=rules,
        **flags,  # type: ignore[arg-type]
    )


class Exp(NamedTuple):
    yaku: dict[str, int]
    fu: int | None
    points: int
    limit: str = "none"
    yakuman: int = 0
    payments: tuple[tuple[str, int, int], ...] | None = None  # (payer, amount, count)


def check(r: ScoreResult, exp: Exp) -> None:
    assert r.is_win, r.reason
    assert r.reason is None
    assert sorted((y.id, y.han) for y in r.yaku) == sorted(exp.yaku.items())
    assert r.yakuman == exp.yakuman
    if exp.yakuman == 0:
        assert r.han == sum(exp.yaku.values())
    if exp.fu is not None:
        assert r.fu == exp.fu
    assert r.limit == exp.limit
    assert r.points == exp.points
    if exp.payments is not None:
        assert sorted((p.payer, p.amount, p.count) for p in r.payments) == sorted(exp.payments)
    assert r.total == sum(p.amount * p.count for p in r.payments) + r.riichi_sticks_won


# A plain closed hand used by many cases: 123m 456p 99p 345s + 68s, waiting 7s on a kanchan
# (3456 78 can only be 345 + 678, so 7s is the middle tile). No yaku of its own, no tanyao
# (1m, 9p). Ron fu: 20 + 10 closed ron + 2 kanchan = 32 → 40.
PLAIN = "123m45699p34568s"

# Pinfu shape: 234m 567p 99p 345s + 78s waiting 6s/9s (ryanmen). 99p → no tanyao.
PINFU = "234m56799p34578s"


# ---------------------------------------------------------------------------------------
# One hand per yaku
# ---------------------------------------------------------------------------------------

YAKU_CASES = [
    # riichi 1; 40 fu; 1h40 = 320 → 1280 → 1300
    pytest.param(std(PLAIN, "7s", riichi=True), Exp({"riichi": 1}, 40, 1300), id="riichi"),
    # riichi 1 + ippatsu 1; 2h40 = 640 → 2560 → 2600
    pytest.param(std(PLAIN, "7s", riichi=True, ippatsu=True), Exp({"riichi": 1, "ippatsu": 1}, 40, 2600), id="ippatsu"),
    # double riichi 2 (replaces riichi; riichi flag implied); 2h40 → 2600
    pytest.param(
        std(PLAIN, "7s", double_riichi=True), Exp({"double_riichi": 2}, 40, 2600), id="double-riichi-implies-riichi"
    ),
    # menzen tsumo 1; fu 20 + 2 tsumo + 2 kanchan = 24 → 30; 1h30 = 240 → 500/300
    pytest.param(
        std(PLAIN, "7s", win="tsumo"),
        Exp({"menzen_tsumo": 1}, 30, 1100, payments=(("dealer", 500, 1), ("non_dealer", 300, 2))),
        id="menzen-tsumo",
    ),
    # pinfu 1; ron 30 fu (20 + 10); 1h30 → 1000
    pytest.param(std(PINFU, "6s"), Exp({"pinfu": 1}, 30, 1000), id="pinfu-ron-30fu"),
    # pinfu 1 + menzen tsumo 1; 20 fu flat; 2h20 = 320 → 700/400 = 1500
    pytest.param(
        std(PINFU, "6s", win="tsumo"),
        Exp({"pinfu": 1, "menzen_tsumo": 1}, 20, 1500, payments=(("dealer", 700, 1), ("non_dealer", 400, 2))),
        id="pinfu-tsumo-20fu",
    ),
    # 234m 88m 567p 678s + 35s wait 4s (kanchan). tanyao 1; 40 fu; 1300
    pytest.param(std("23488m567p35678s", "4s"), Exp({"tanyao": 1}, 40, 1300), id="tanyao-closed"),
    # chi 234m; tanyao 1 open (kuitan on); fu 20 + 2 kanchan = 22 → 30; 1000
    pytest.param(std("88m567p35678s", "4s", "chi:234m"), Exp({"tanyao": 1}, 30, 1000), id="tanyao-open-kuitan"),
    # 223344m = 234m ×2; 567p; 99s + 68s wait 7s kanchan. iipeikou 1; 40 fu; 1300
    pytest.param(std("223344m567p6899s", "7s"), Exp({"iipeikou": 1}, 40, 1300), id="iipeikou"),
    # pon of a dragon: 20 + 4 (open honour triplet) = 24 → 30; 67s ryanmen; 1h30 → 1000
    pytest.param(std("23499m567p67s", "8s", "pon:555z"), Exp({"haku": 1}, 30, 1000), id="yakuhai-haku"),
    pytest.param(std("23499m567p67s", "8s", "pon:666z"), Exp({"hatsu": 1}, 30, 1000), id="yakuhai-hatsu"),
    pytest.param(std("23499m567p67s", "8s", "pon:777z"), Exp({"chun": 1}, 30, 1000), id="yakuhai-chun"),
    # South seat: pon of South = seat wind 1
    pytest.param(std("23499m567p67s", "8s", "pon:222z"), Exp({"seat_wind": 1}, 30, 1000), id="yakuhai-seat-wind"),
    # East round: pon of East = round wind 1
    pytest.param(std("23499m567p67s", "8s", "pon:111z"), Exp({"round_wind": 1}, 30, 1000), id="yakuhai-round-wind"),
    # South seat in a South round: pon of South counts twice; 2h30 = 480 → 1920 → 2000
    pytest.param(
        std("23499m567p67s", "8s", "pon:222z", rnd="S"),
        Exp({"seat_wind": 1, "round_wind": 1}, 30, 2000),
        id="yakuhai-double-wind-triplet",
    ),
    # North is a guest wind here (seat S, round E): its triplet is no yaku → open hand, no yaku
    # (covered in test_not_a_win below).
    # chi 123m; 567p 99p 678s + 34s wait 2s/5s, tsumo 5s on the last tile.
    # haitei 1; fu 20 + 2 tsumo = 22 → 30; 500/300
    pytest.param(
        std("56799p34678s", "5s", "chi:123m", win="tsumo", haitei=True),
        Exp({"haitei": 1}, 30, 1100, payments=(("dealer", 500, 1), ("non_dealer", 300, 2))),
        id="haitei",
    ),
    # same hand, ron on the last discard: houtei 1; open 20 fu → 30; 1000
    pytest.param(std("56799p34678s", "5s", "chi:123m", houtei=True), Exp({"houtei": 1}, 30, 1000), id="houtei"),
    # open kan 8888p; 123m 99p + 34567s, tsumo 5s from the dead wall.
    # rinshan 1; fu 20 + 8 (open simple kan) + 2 tsumo = 30; 500/300
    pytest.param(
        std("123m99p34567s", "5s", "kan:8888p", win="tsumo", rinshan=True),
        Exp({"rinshan": 1}, 30, 1100, payments=(("dealer", 500, 1), ("non_dealer", 300, 2))),
        id="rinshan",
    ),
    # robbing a kan on 7s: chankan 1; 40 fu; 1300
    pytest.param(std(PLAIN, "7s", chankan=True), Exp({"chankan": 1}, 40, 1300), id="chankan"),
    # 11 33m 55 77p 22 99s 4s + 4s: chiitoitsu 2; 25 fu; 2h25 = 400 → 1600
    pytest.param(std("1133m5577p22499s", "4s"), Exp({"chiitoitsu": 2}, 25, 1600), id="chiitoitsu"),
    # 234678m 234p 99s + 24s wait 3s (kanchan): sanshoku 2 closed; 40 fu; 2h40 → 2600
    pytest.param(std("234678m234p2499s", "3s"), Exp({"sanshoku": 2}, 40, 2600), id="sanshoku-closed"),
    # chi 234s; 234678m 99s + 23p wait 1p/4p, ron 4p: sanshoku 1 open; 20 → 30 (open pinfu); 1000
    pytest.param(std("234678m23p99s", "4p", "chi:234s"), Exp({"sanshoku": 1}, 30, 1000), id="sanshoku-open"),
    # 234m 123 456p + 79p wait 8p, 55s: ittsu 2 closed; 40 fu; 2600
    pytest.param(std("234m12345679p55s", "8p"), Exp({"ittsu": 2}, 40, 2600), id="ittsu-closed"),
    # chi 123p; ittsu 1 open; 20 + 2 kanchan = 22 → 30; 1000
    pytest.param(std("234m45679p55s", "8p", "chi:123p"), Exp({"ittsu": 1}, 30, 1000), id="ittsu-open"),
    # 13m+2m 999m 789p 123s 44z(North, guest wind: no fu): chanta 2 closed.
    # fu 20 + 10 + 8 (closed terminal triplet) + 2 kanchan = 40; 2h40 → 2600
    pytest.param(std("13999m789p123s44z", "2m"), Exp({"chanta": 2}, 40, 2600), id="chanta-closed"),
    # chi 123m; 999m 789p 44z + 12s penchan 3s: chanta 1 open; 20 + 8 + 2 = 30; 1000
    pytest.param(std("999m789p12s44z", "3s", "chi:123m"), Exp({"chanta": 1}, 30, 1000), id="chanta-open"),
    # pon 111m, pon 888p; 333s + shanpon 77m/66s, ron 7m (777m counts open).
    # toitoi 2; fu 20 + 4 + 2 + 4 (333s closed simple) + 2 (777m) = 32 → 40; 2h40 → 2600
    pytest.param(std("77m33366s", "7m", "pon:111m", "pon:888p"), Exp({"toitoi": 2}, 40, 2600), id="toitoi"),
    # 222m 99m 555p 888s + 34s ryanmen, ron 5s: sanankou 2 (three concealed triplets).
    # fu 20 + 10 + 4 + 4 + 4 = 42 → 50; 2h50 = 800 → 3200
    pytest.param(std("22299m555p34888s", "5s"), Exp({"sanankou": 2}, 50, 3200), id="sanankou"),
    # pon 222s; 222m 222p 99s + 67p ryanmen, ron 8p: sanshoku doukou 2 (only two concealed → no sanankou).
    # fu 20 + 2 + 4 + 4 = 30; 2h30 → 2000
    pytest.param(std("222m22267p99s", "8p", "pon:222s"), Exp({"sanshoku_doukou": 2}, 30, 2000), id="sanshoku-doukou"),
    # open kans 2222m 6666p 8888s (not 5555p: with red fives in play only three plain 5p exist);
    # 99p + 67m, ron 8m: sankantsu 2; fu 20 + 3 × 8 = 44 → 50; 3200
    pytest.param(
        std("67m99p", "8m", "kan:2222m", "kan:6666p", "kan:8888s"), Exp({"sankantsu": 2}, 50, 3200), id="sankantsu"
    ),
    # pon 555z, pon 666z; 234m 77z + 56p, ron 7p: shousangen 2 + haku 1 + hatsu 1 = 4 han.
    # fu 20 + 4 + 4 + 2 (dragon pair) = 30; 4h30 = 1920 → 7680 → 7700 (kiriage off)
    pytest.param(
        std("234m56p77z", "7p", "pon:555z", "pon:666z"),
        Exp({"shousangen": 2, "haku": 1, "hatsu": 1}, 30, 7700),
        id="shousangen-4han-30fu-7700",
    ),
    pytest.param(
        std("234m56p77z", "7p", "pon:555z", "pon:666z", rules=RulesSpec(kiriage_mangan=True)),
        Exp({"shousangen": 2, "haku": 1, "hatsu": 1}, 30, 8000, limit="mangan"),
        id="shousangen-kiriage-mangan",
    ),
    # 11 99m 11 99p 11s 44z 5z + 5z: chiitoitsu 2 + honroutou 2 = 4 han 25 fu = 1600 → 6400
    pytest.param(
        std("1199m1199p11s445z", "5z"), Exp({"chiitoitsu": 2, "honroutou": 2}, 25, 6400), id="honroutou-chiitoitsu"
    ),
    # pon 111m, pon 999p; 111s 44z + shanpon 99m, ron 9m: toitoi 2 + honroutou 2 (no chanta: it
    # needs a run, and honroutou replaces it). fu 20 + 4 + 4 + 8 + 4 = 40; 4h40 → mangan
    pytest.param(
        std("99m111s44z", "9m", "pon:111m", "pon:999p"),
        Exp({"toitoi": 2, "honroutou": 2}, 40, 8000, limit="mangan"),
        id="honroutou-toitoi",
    ),
    # 112233m 77889p 55s, ron 9p: 123m×2 789p×2 (78+9 ryanmen). ryanpeikou 3 (no iipeikou) + pinfu 1;
    # 30 fu; 4h30 → 7700. (Chiitoitsu reading 11 22 33 77 88 99 55 is only 2h25 = 1600.)
    pytest.param(
        std("112233m77889p55s", "9p"), Exp({"ryanpeikou": 3, "pinfu": 1}, 30, 7700), id="ryanpeikou-beats-chiitoitsu"
    ),
    # 123m 11p 789p 123s + 79s, ron 8s: junchan 3 (no chanta); 40 fu; 3h40 = 1280 → 5200
    pytest.param(std("123m11789p12379s", "8s"), Exp({"junchan": 3}, 40, 5200), id="junchan-closed"),
    # chi 123m: junchan 2 open; 20 + 2 = 22 → 30; 2h30 → 2000
    pytest.param(std("11789p12379s", "8s", "chi:123m"), Exp({"junchan": 2}, 30, 2000), id="junchan-open"),
    # 234 567 999m 333z(West: guest) + 4z tanki: honitsu 3 closed.
    # fu 20 + 10 + 8 + 8 + 2 tanki = 48 → 50; 3h50 = 1600 → 6400
    pytest.param(std("234567999m3334z", "4z"), Exp({"honitsu": 3}, 50, 6400), id="honitsu-closed"),
    # pon 333z: honitsu 2 open; fu 20 + 4 + 8 + 2 = 34 → 40; 2h40 → 2600
    pytest.param(std("234567999m4z", "4z", "pon:333z"), Exp({"honitsu": 2}, 40, 2600), id="honitsu-open"),
    # 123 345 999s 55s + 68s kanchan 7s: chinitsu 6 closed → haneman 12000
    pytest.param(std("1233455568999s", "7s"), Exp({"chinitsu": 6}, None, 12000, limit="haneman"), id="chinitsu-closed"),
    # chi 123s: chinitsu 5 open → mangan 8000
    pytest.param(
        std("3455568999s", "7s", "chi:123s"), Exp({"chinitsu": 5}, None, 8000, limit="mangan"), id="chinitsu-open"
    ),
    # renhou as mangan: a 5-han yaku; the PLAIN hand has no other yaku → 5 han mangan 8000
    pytest.param(
        std(PLAIN, "7s", renhou=True, rules=RulesSpec(renhou="mangan")),
        Exp({"renhou": 5}, None, 8000, limit="mangan"),
        id="renhou-mangan",
    ),
    pytest.param(
        std(PLAIN, "7s", renhou=True, rules=RulesSpec(renhou="yakuman")),
        Exp({"renhou": 13}, None, 32000, limit="yakuman", yakuman=1),
        id="renhou-yakuman",
    ),
]


@pytest.mark.parametrize(("request_", "exp"), YAKU_CASES)
def test_each_standard_yaku(request_: ScoreRequest, exp: Exp) -> None:
    check(score(request_), exp)


# ---------------------------------------------------------------------------------------
# Dora, ura dora, red fives
# ---------------------------------------------------------------------------------------

DORA_CASES = [
    # indicator 8p → dora 9p, two in the 99p pair: riichi 1 + dora 2; 3h40 = 1280 → 5200
    pytest.param(
        std(PLAIN, "7s", riichi=True, dora_indicators="8p"),
        Exp({"riichi": 1, "dora": 2}, 40, 5200),
        id="dora-indicator-8p-two-9p",
    ),
    # indicator 9m wraps to 1m (one in 123m): 2h40 → 2600
    pytest.param(
        std(PLAIN, "7s", riichi=True, dora_indicators="9m"),
        Exp({"riichi": 1, "dora": 1}, 40, 2600),
        id="dora-wraps-9-to-1",
    ),
    # two indicators 6s (→7s, the winning tile) and 8p (→9p ×2): dora 3; 4h40 → mangan
    pytest.param(
        std(PLAIN, "7s", riichi=True, dora_indicators="6s8p"),
        Exp({"riichi": 1, "dora": 3}, 40, 8000, limit="mangan"),
        id="kan-dora-second-indicator",
    ),
    # ura indicator 2m → 3m (one): riichi 1 + ura 1; 2600 (dora indicator 5z → hatsu, not in the hand)
    pytest.param(
        std(PLAIN, "7s", riichi=True, dora_indicators="5z", ura_indicators="2m"),
        Exp({"riichi": 1, "ura_dora": 1}, 40, 2600),
        id="ura-dora-with-riichi",
    ),
    # ura indicators without riichi are ignored: chankan alone, 1300
    pytest.param(
        std(PLAIN, "7s", chankan=True, dora_indicators="5z", ura_indicators="2m"),
        Exp({"chankan": 1}, 40, 1300),
        id="ura-dora-ignored-without-riichi",
    ),
    # red 5p in 406p: riichi 1 + aka 1 → 2600
    pytest.param(
        std("123m40699p34568s", "7s", riichi=True), Exp({"riichi": 1, "aka_dora": 1}, 40, 2600), id="aka-dora"
    ),
    # option aka off: the red five is a plain five → 1300
    pytest.param(
        std("123m40699p34568s", "7s", riichi=True, rules=RulesSpec(aka=False)),
        Exp({"riichi": 1}, 40, 1300),
        id="aka-dora-option-off",
    ),
    # red five as the winning tile: 234m 567p 99p 34s, ron 0s (= 5s, ryanmen): pinfu + aka; 2h30 → 2000
    pytest.param(std("234m56799p34678s", "0s"), Exp({"pinfu": 1, "aka_dora": 1}, 30, 2000), id="aka-dora-winning-tile"),
    # honour indicator White (5z) → Green, Red (7z) wraps to White: 1199m1199p11s445z+5z has 55z →
    # dora 2; chiitoitsu 2 + honroutou 2 + 2 = 6 han → haneman 12000
    pytest.param(
        std("1199m1199p11s445z", "5z", dora_indicators="7z"),
        Exp({"chiitoitsu": 2, "honroutou": 2, "dora": 2}, 25, 12000, limit="haneman"),
        id="dora-dragon-wraps-red-to-white",
    ),
    # North indicator (4z) wraps to East (1z); none in hand → no dora entry
    pytest.param(
        std("1199m1199p11s445z", "5z", dora_indicators="4z"),
        Exp({"chiitoitsu": 2, "honroutou": 2}, 25, 6400),
        id="dora-wind-wraps-north-to-east",
    ),
    # West indicator (3z) → North (4z): the 44z pair = dora 2 → 6 han haneman
    pytest.param(
        std("1199m1199p11s445z", "5z", dora_indicators="3z"),
        Exp({"chiitoitsu": 2, "honroutou": 2, "dora": 2}, 25, 12000, limit="haneman"),
        id="dora-wind-west-to-north",
    ),
]


@pytest.mark.parametrize(("request_", "exp"), DORA_CASES)
def test_dora_count_as_han_not_yaku(request_: ScoreRequest, exp: Exp) -> None:
    check(score(request_), exp)


# ---------------------------------------------------------------------------------------
# Yakuman (standard): ×1 and the double yakuman of option double_yakuman (default on)
# ---------------------------------------------------------------------------------------

NON_DEALER_YAKUMAN_TSUMO = (("dealer", 16000, 1), ("non_dealer", 8000, 2))

YAKUMAN_CASES = [
    # 1m pair + 13 orphans, missing 7z: single wait → kokushi ×1
    pytest.param(std("119m19p19s123456z", "7z"), Exp({"kokushi": 13}, None, 32000, "yakuman", 1), id="kokushi"),
    # 13 different orphans before the win: 13-sided wait → ×2
    pytest.param(
        std("19m19p19s1234567z", "1m"),
        Exp({"kokushi_13": 26}, None, 64000, "double_yakuman", 2),
        id="kokushi-13-sided-double",
    ),
    # 222m 33m 555p 99p 888s, tsumo 3m on shanpon: four concealed triplets → suuankou ×1
    pytest.param(
        std("22233m55599p888s", "3m", win="tsumo"),
        Exp({"suuankou": 13}, None, 32000, "yakuman", 1, NON_DEALER_YAKUMAN_TSUMO),
        id="suuankou-tsumo",
    ),
    # 222 333m 555p 888s + 9p tanki: suuankou tanki ×2 (ron allowed: the win completes the pair)
    pytest.param(
        std("222333m555p888s9p", "9p"),
        Exp({"suuankou_tanki": 26}, None, 64000, "double_yakuman", 2),
        id="suuankou-tanki-ron-double",
    ),
    # pon 555z 666z; 777z concealed + 234m, 9p tanki: daisangen ×1 (yakuhai not listed)
    pytest.param(
        std("234m777z9p", "9p", "pon:555z", "pon:666z"),
        Exp({"daisangen": 13}, None, 32000, "yakuman", 1),
        id="daisangen",
    ),
    # pon 111z 222z; 333z + 567m + 4z tanki: three wind triplets + wind pair → shousuushii ×1
    pytest.param(
        std("567m3334z", "4z", "pon:111z", "pon:222z"),
        Exp({"shousuushii": 13}, None, 32000, "yakuman", 1),
        id="shousuushii",
    ),
    # pon 111z 222z 333z; 444z + 5m tanki: daisuushii ×2
    pytest.param(
        std("5m444z", "5m", "pon:111z", "pon:222z", "pon:333z"),
        Exp({"daisuushii": 26}, None, 64000, "double_yakuman", 2),
        id="daisuushii-double",
    ),
    # pon 222z 333z; 444z + shanpon 66z/77z, ron 7z: all honours → tsuuiisou ×1
    # (three wind triplets but no wind pair: not shousuushii)
    pytest.param(
        std("4446677z", "7z", "pon:222z", "pon:333z"), Exp({"tsuuiisou": 13}, None, 32000, "yakuman", 1), id="tsuuiisou"
    ),
    # 22 33 4444 666 88s, ron 8s: 234s ×2, 44s, 666s, 888s; all green, no hatsu → ryuuiisou ×1
    pytest.param(
        std("2233444466688s", "8s"), Exp({"ryuuiisou": 13}, None, 32000, "yakuman", 1), id="ryuuiisou-without-hatsu"
    ),
    # 234 666 888s 666z + 2s tanki: ryuuiisou with hatsu ×1 (three concealed sets only: no suuankou)
    pytest.param(
        std("2234666888s666z", "2s"), Exp({"ryuuiisou": 13}, None, 32000, "yakuman", 1), id="ryuuiisou-with-hatsu"
    ),
    # pon 111m 999p; 111s 99s + 99m, ron 9m: all terminals → chinroutou ×1
    pytest.param(
        std("99m11199s", "9m", "pon:111m", "pon:999p"),
        Exp({"chinroutou": 13}, None, 32000, "yakuman", 1),
        id="chinroutou",
    ),
    # 1112345678899p + 9p: 1112345678999 + extra 8 → chuuren ×1 (13 tiles were not the pure shape)
    pytest.param(std("1112345678899p", "9p"), Exp({"chuuren": 13}, None, 32000, "yakuman", 1), id="chuuren"),
    # 1112345678999p (nine-sided wait) + 5p → junsei chuuren ×2
    pytest.param(
        std("1112345678999p", "5p"),
        Exp({"junsei_chuuren": 26}, None, 64000, "double_yakuman", 2),
        id="junsei-chuuren-double",
    ),
    # four open kans + 9p tanki → suukantsu ×1
    pytest.param(
        std("9p", "9p", "kan:2222m", "kan:6666p", "kan:8888s", "kan:3333s"),
        Exp({"suukantsu": 13}, None, 32000, "yakuman", 1),
        id="suukantsu",
    ),
    # dealer's first draw: tenhou ×1; dealer tsumo 2 × 8000 from each = 16000 all = 48000
    pytest.param(
        std(PLAIN, "7s", win="tsumo", seat="E", tenhou=True),
        Exp({"tenhou": 13}, None, 48000, "yakuman", 1, (("non_dealer", 16000, 3),)),
        id="tenhou",
    ),
    # non-dealer's first draw: chiihou ×1; 16000/8000
    pytest.param(
        std(PLAIN, "7s", win="tsumo", chiihou=True),
        Exp({"chiihou": 13}, None, 32000, "yakuman", 1, NON_DEALER_YAKUMAN_TSUMO),
        id="chiihou",
    ),
    # stacked: pon 555z 666z; 777z 111z + 2z tanki: daisangen + tsuuiisou = ×2 (not shousuushii:
    # one wind triplet, one wind pair)
    pytest.param(
        std("1117772z", "2z", "pon:555z", "pon:666z"),
        Exp({"daisangen": 13, "tsuuiisou": 13}, None, 64000, "double_yakuman", 2),
        id="stacked-daisangen-tsuuiisou",
    ),
    # stacked with a double: 4 concealed triplets of honours, tanki → suuankou tanki ×2 + tsuuiisou ×1
    # + daisangen ×1 (555 666 777z) = ×4. 111z 555z 666z 777z + 2z tanki, ron 2z.
    pytest.param(
        std("1115556667772z", "2z"),
        Exp({"suuankou_tanki": 26, "tsuuiisou": 13, "daisangen": 13}, None, 128000, "quadruple_yakuman", 4),
        id="stacked-suuankou-tanki-tsuuiisou-daisangen-x4",
    ),
]


@pytest.mark.parametrize(("request_", "exp"), YAKUMAN_CASES)
def test_each_standard_yakuman(request_: ScoreRequest, exp: Exp) -> None:
    check(score(request_), exp)


@pytest.mark.parametrize(
    "request_",
    [
        pytest.param(std("222333m555p888s9p", "9p", rules=RulesSpec(double_yakuman=False)), id="suuankou-tanki"),
        pytest.param(std("19m19p19s1234567z", "1m", rules=RulesSpec(double_yakuman=False)), id="kokushi-13"),
        pytest.param(std("1112345678999p", "5p", rules=RulesSpec(double_yakuman=False)), id="junsei-chuuren"),
        pytest.param(
            std("5m444z", "5m", "pon:111z", "pon:222z", "pon:333z", rules=RulesSpec(double_yakuman=False)),
            id="daisuushii",
        ),
    ],
)
def test_double_yakuman_option_off_counts_them_once(request_: ScoreRequest) -> None:
    r = score(request_)
    assert r.is_win
    assert r.yakuman == 1
    assert [y.han for y in r.yaku] == [13]
    assert r.limit == "yakuman"
    assert r.points == 32000


# ---------------------------------------------------------------------------------------
# Definitions that trip people up (/docs/rules §3) and "highest reading wins" (§2)
# ---------------------------------------------------------------------------------------

TRICKY_CASES = [
    # 34556m + 4m: 456m + 35m kanchan, or 345m + 56m ryanmen. The ryanmen reading gives pinfu
    # (1h30 = 1000); the kanchan one has no yaku at all. 234p 678s 99s complete.
    pytest.param(std("34556m234p67899s", "4m"), Exp({"pinfu": 1}, 30, 1000), id="pinfu-takes-the-ryanmen-reading"),
    # same shape by tsumo: pinfu + tsumo 2h20 = 700/400 (kanchan reading: tsumo 1h30 = 500/300)
    pytest.param(
        std("34556m234p67899s", "4m", win="tsumo"),
        Exp({"pinfu": 1, "menzen_tsumo": 1}, 20, 1500),
        id="pinfu-tsumo-takes-the-ryanmen-reading",
    ),
    # 12m penchan 3m: four runs but no pinfu. riichi 1; 20 + 10 + 2 = 32 → 40; 1300
    pytest.param(std("12m45699p345678s", "3m", riichi=True), Exp({"riichi": 1}, 40, 1300), id="no-pinfu-on-penchan"),
    # pinfu shape with a dragon pair: no pinfu, +2 fu: 20 + 10 + 2 = 32 → 40; riichi 1 → 1300
    pytest.param(
        std("234m567p34578s55z", "6s", riichi=True), Exp({"riichi": 1}, 40, 1300), id="no-pinfu-with-dragon-pair"
    ),
    # pair of the seat wind (South): no pinfu, +2 fu → 40; 1300
    pytest.param(
        std("234m567p34578s22z", "6s", riichi=True), Exp({"riichi": 1}, 40, 1300), id="no-pinfu-with-seat-wind-pair"
    ),
    # pair of the round wind (East): no pinfu, +2 fu → 40; 1300
    pytest.param(
        std("234m567p34578s11z", "6s", riichi=True), Exp({"riichi": 1}, 40, 1300), id="no-pinfu-with-round-wind-pair"
    ),
    # pair of a guest wind (North): still pinfu; riichi + pinfu 2h30 → 2000
    pytest.param(
        std("234m567p34578s44z", "6s", riichi=True),
        Exp({"riichi": 1, "pinfu": 1}, 30, 2000),
        id="pinfu-with-guest-wind-pair",
    ),
    # chi 234m; 567p 66p 345s + 78s, ron 6s: open pinfu shape, 20 fu → 30; tanyao 1 → 1000
    pytest.param(
        std("56667p34578s", "6s", "chi:234m"), Exp({"tanyao": 1}, 30, 1000), id="open-pinfu-shape-ron-is-30fu"
    ),
    # same by tsumo: 20 + 2 tsumo = 22 → 30 (no pinfu exception for open hands); 500/300
    pytest.param(
        std("56667p34578s", "6s", "chi:234m", win="tsumo"),
        Exp({"tanyao": 1}, 30, 1100),
        id="open-pinfu-shape-tsumo-is-30fu",
    ),
    # 222m 99m 555p 345s + shanpon 88s/99m, ron 8s: 888s counts open → two concealed triplets, no
    # sanankou. riichi 1; fu 20 + 10 + 4 + 4 + 2 (888s open simple) = 40; 1300
    pytest.param(
        std("22299m555p34588s", "8s", riichi=True), Exp({"riichi": 1}, 40, 1300), id="shanpon-ron-triplet-counts-open"
    ),
    # same by tsumo: 888s concealed → sanankou. riichi + tsumo + sanankou = 4 han;
    # fu 20 + 2 + 4 + 4 + 4 = 34 → 40 → mangan 4000/2000
    pytest.param(
        std("22299m555p34588s", "8s", riichi=True, win="tsumo"),
        Exp(
            {"riichi": 1, "menzen_tsumo": 1, "sanankou": 2},
            40,
            8000,
            limit="mangan",
            payments=(("dealer", 4000, 1), ("non_dealer", 2000, 2)),
        ),
        id="shanpon-tsumo-triplet-is-concealed",
    ),
    # suuankou shape won by ron on a shanpon: 333m counts open → sanankou + toitoi = 4 han;
    # fu 20 + 10 + 4 + 4 + 4 + 2 = 44 → 50 → mangan 8000
    pytest.param(
        std("22233m55599p888s", "3m"),
        Exp({"toitoi": 2, "sanankou": 2}, 50, 8000, limit="mangan"),
        id="suuankou-by-ron-needs-tanki",
    ),
    # 111222333m 456p + 5s tanki: triplets reading = sanankou 2, fu 20 + 10 + 8 + 4 + 4 + 2 = 48 → 50,
    # 2h50 = 3200; runs reading 123m×3 = iipeikou 1h40 = 1300. Highest: sanankou.
    pytest.param(
        std("111222333m456p5s", "5s"), Exp({"sanankou": 2}, 50, 3200), id="111222333m-sanankou-beats-three-runs"
    ),
    # 444m 56m 222p 777s 99s + 4m: either 456m from 56m (ryanmen, 444m stays concealed → sanankou)
    # or 444m from 44m by ron on a shanpon with 99s (open → no sanankou). Highest: sanankou 2;
    # fu 20 + 10 + 4 + 4 + 4 = 42 → 50; 2h50 → 3200
    pytest.param(
        std("44456m222p777s99s", "4m"), Exp({"sanankou": 2}, 50, 3200), id="ron-tile-read-into-a-run-keeps-sanankou"
    ),
    # 111222333m 444p + 5s tanki: triplets reading = four concealed triplets, tanki → suuankou tanki ×2
    # (the runs reading 123m ×3 would be iipeikou only)
    pytest.param(
        std("111222333m444p5s", "5s"),
        Exp({"suuankou_tanki": 26}, None, 64000, "double_yakuman", 2),
        id="111222333m-suuankou-tanki-beats-runs",
    ),
    # closed terminal kan: ankan 9999p; 234m 88p 34567s, ron 5s: riichi 1;
    # fu 20 + 10 + 32 = 62 → 70; 1h70 = 560 → 2240 → 2300 (no pinfu: a kan)
    pytest.param(
        std("234m88p34567s", "5s", "ankan:9999p", riichi=True),
        Exp({"riichi": 1}, 70, 2300),
        id="closed-terminal-kan-32fu",
    ),
    # dealer, East round: pair of East = double wind pair, 4 fu. 222m 555p 678s 11z + 34s, ron 5s.
    # riichi 1; fu 20 + 10 + 4 + 4 + 4 = 42 → 50; dealer 1h50 = 400 × 6 = 2400
    pytest.param(
        std("222m555p34678s11z", "5s", seat="E", riichi=True), Exp({"riichi": 1}, 50, 2400), id="double-wind-pair-4fu"
    ),
    # option double_wind_pair_fu = 2: 20 + 10 + 4 + 4 + 2 = 40; dealer 1h40 = 1920 → 2000
    pytest.param(
        std("222m555p34678s11z", "5s", seat="E", riichi=True, rules=RulesSpec(double_wind_pair_fu=2)),
        Exp({"riichi": 1}, 40, 2000),
        id="double-wind-pair-option-2fu",
    ),
    # kazoe: chinitsu closed tsumo with riichi, ippatsu; dora 4s → 5s ×3; ura 8s → 9s ×3.
    # riichi 1 + ippatsu 1 + tsumo 1 + chinitsu 6 + dora 3 + ura 3 = 15 han → kazoe yakuman 16000/8000
    pytest.param(
        std("1233455568999s", "7s", win="tsumo", riichi=True, ippatsu=True, dora_indicators="4s", ura_indicators="8s"),
        Exp(
            {"riichi": 1, "ippatsu": 1, "menzen_tsumo": 1, "chinitsu": 6, "dora": 3, "ura_dora": 3},
            None,
            32000,
            limit="kazoe_yakuman",
            payments=NON_DEALER_YAKUMAN_TSUMO,
        ),
        id="kazoe-yakuman-15han",
    ),
    pytest.param(
        std(
            "1233455568999s",
            "7s",
            win="tsumo",
            riichi=True,
            ippatsu=True,
            dora_indicators="4s",
            ura_indicators="8s",
            rules=RulesSpec(kazoe="sanbaiman"),
        ),
        Exp(
            {"riichi": 1, "ippatsu": 1, "menzen_tsumo": 1, "chinitsu": 6, "dora": 3, "ura_dora": 3},
            None,
            24000,
            limit="sanbaiman",
            payments=(("dealer", 12000, 1), ("non_dealer", 6000, 2)),
        ),
        id="kazoe-option-sanbaiman",
    ),
    # dealer pinfu ron: 1h30 = 240 × 6 = 1440 → 1500
    pytest.param(std(PINFU, "6s", seat="E"), Exp({"pinfu": 1}, 30, 1500), id="dealer-pinfu-ron-1500"),
]


@pytest.mark.parametrize(("request_", "exp"), TRICKY_CASES)
def test_tricky_definitions_and_highest_reading(request_: ScoreRequest, exp: Exp) -> None:
    check(score(request_), exp)


# ---------------------------------------------------------------------------------------
# Fu items (/docs/rules §3 Fu) and a few more stacks, each hand worked out by hand
# ---------------------------------------------------------------------------------------

FU_CASES = [
    # nobetan 3456s + 6s: only 345s + 66s (tanki), never a ryanmen → no pinfu.
    # 234m 678m 567p; riichi 1 + tanyao 1; fu 20 + 10 + 2 = 32 → 40; 2h40 → 2600
    pytest.param(
        std("234678m567p3456s", "6s", riichi=True),
        Exp({"riichi": 1, "tanyao": 1}, 40, 2600),
        id="nobetan-is-tanki-no-pinfu",
    ),
    # ankan 2222m; 666s 789p + 4456p, ron 4p: 44p + 456p + 789p, the 4p either the pair (tanki, +2)
    # or in 456p (ryanmen). No pinfu possible (kan, triplet). Tanki: 20 + 10 + 16 + 4 + 2 = 52 → 60;
    # ryanmen: 50. Highest: 1h60 = 480 → 1920 → 2000 (1h50 would be 1600)
    pytest.param(
        std("4456789p666s", "4p", "ankan:2222m", riichi=True),
        Exp({"riichi": 1}, 60, 2000),
        id="highest-fu-reading-tanki-over-ryanmen",
    ),
    # closed kan keeps the hand closed: rinshan + menzen tsumo; fu 20 + 2 + 32 (closed terminal kan)
    # = 54 → 60; 2h60 = 960 → 2000/1000 = 4000
    pytest.param(
        std("234m88p34567s", "5s", "ankan:9999p", win="tsumo", rinshan=True),
        Exp({"menzen_tsumo": 1, "rinshan": 1}, 60, 4000, payments=(("dealer", 2000, 1), ("non_dealer", 1000, 2))),
        id="rinshan-after-closed-kan-keeps-menzen-tsumo",
    ),
    # closed kan counts for sanankou: ankan 2222m + 555p + 888s concealed, ron 5s on 34s.
    # fu 20 + 10 + 16 + 4 + 4 = 54 → 60; 2h60 = 960 → 3840 → 3900
    pytest.param(
        std("555p888s34s99m", "5s", "ankan:2222m"), Exp({"sanankou": 2}, 60, 3900), id="sanankou-with-a-closed-kan"
    ),
    # open honour kan 7777z: 16 fu; 20 + 16 = 36 → 40; chun 1h40 → 1300
    pytest.param(std("234m567p99p34s", "5s", "kan:7777z"), Exp({"chun": 1}, 40, 1300), id="open-honour-kan-16fu"),
    # closed honour kan 7777z: 32 fu; 20 + 10 + 32 = 62 → 70; 1h70 = 560 → 2240 → 2300
    pytest.param(std("234m567p99p34s", "5s", "ankan:7777z"), Exp({"chun": 1}, 70, 2300), id="closed-honour-kan-32fu"),
    # chiitoitsu tsumo: 25 fu, no +2; menzen tsumo 1 + chiitoitsu 2 + tanyao 1 = 4h25 = 1600 → 3200/1600
    pytest.param(
        std("2233m5577p44668s", "8s", win="tsumo"),
        Exp(
            {"menzen_tsumo": 1, "chiitoitsu": 2, "tanyao": 1},
            25,
            6400,
            payments=(("dealer", 3200, 1), ("non_dealer", 1600, 2)),
        ),
        id="chiitoitsu-tsumo-stays-25fu",
    ),
    # riichi + tsumo + haitei stack: 3h30 = 960 → 2000/1000
    pytest.param(
        std(PLAIN, "7s", win="tsumo", riichi=True, haitei=True),
        Exp({"riichi": 1, "menzen_tsumo": 1, "haitei": 1}, 30, 4000),
        id="riichi-tsumo-haitei",
    ),
    # double riichi + ippatsu: 3h40 = 1280 → 5200
    pytest.param(
        std(PLAIN, "7s", double_riichi=True, ippatsu=True),
        Exp({"double_riichi": 2, "ippatsu": 1}, 40, 5200),
        id="double-riichi-ippatsu",
    ),
    # red five inside a chi (406m = 4m 0m 6m): open tanyao 1 + aka 1; 2h30 → 2000
    pytest.param(
        std("88m567p35678s", "4s", "chi:406m"), Exp({"tanyao": 1, "aka_dora": 1}, 30, 2000), id="aka-dora-inside-a-meld"
    ),
    # dora counts all four tiles of a kan: indicator 7p → 8p, kan 8888p = dora 4; rinshan 1 + 4 = 5 → mangan
    pytest.param(
        std("123m99p34567s", "5s", "kan:8888p", win="tsumo", rinshan=True, dora_indicators="7p"),
        Exp({"rinshan": 1, "dora": 4}, None, 8000, limit="mangan"),
        id="dora-counts-every-tile-of-a-kan",
    ),
    # the same indicator twice counts twice: 8p8p → 9p ×2 each = dora 4; riichi + 4 = 5 → mangan
    pytest.param(
        std(PLAIN, "7s", riichi=True, dora_indicators="8p8p"),
        Exp({"riichi": 1, "dora": 4}, None, 8000, limit="mangan"),
        id="repeated-indicator-counts-twice",
    ),
    # ura indicator pointing at nothing in the hand: no ura_dora entry
    pytest.param(
        std(PLAIN, "7s", riichi=True, dora_indicators="5z", ura_indicators="5z"),
        Exp({"riichi": 1}, 40, 1300),
        id="ura-indicator-hitting-nothing",
    ),
]


@pytest.mark.parametrize(("request_", "exp"), FU_CASES)
def test_fu_items_and_stacks(request_: ScoreRequest, exp: Exp) -> None:
    check(score(request_), exp)


MORE_YAKUMAN = [
    # junsei chuuren on 9p (a nine-sided wait wins on any of its nine tiles)
    pytest.param(
        std("1112345678999p", "9p"),
        Exp({"junsei_chuuren": 26}, None, 64000, "double_yakuman", 2),
        id="junsei-chuuren-on-9p",
    ),
    # dealer tsumo junsei chuuren on 1p: base 16000, 32000 from each = 96000
    pytest.param(
        std("1112345678999p", "1p", seat="E", win="tsumo"),
        Exp({"junsei_chuuren": 26}, None, 96000, "double_yakuman", 2, (("non_dealer", 32000, 3),)),
        id="junsei-chuuren-dealer-tsumo",
    ),
    # kokushi 13-sided by tsumo: 32000/16000
    pytest.param(
        std("19m19p19s1234567z", "7z", win="tsumo"),
        Exp({"kokushi_13": 26}, None, 64000, "double_yakuman", 2, (("dealer", 32000, 1), ("non_dealer", 16000, 2))),
        id="kokushi-13-sided-tsumo",
    ),
    # tenhou + kokushi 13-sided = ×3; dealer tsumo 48000 from each = 144000
    pytest.param(
        std("19m19p19s1234567z", "1m", seat="E", win="tsumo", tenhou=True),
        Exp({"kokushi_13": 26, "tenhou": 13}, None, 144000, "triple_yakuman", 3, (("non_dealer", 48000, 3),)),
        id="tenhou-plus-kokushi-13-triple",
    ),
    # daisangen with an open dragon kan
    pytest.param(
        std("234m777z9p", "9p", "kan:5555z", "pon:666z"),
        Exp({"daisangen": 13}, None, 32000, "yakuman", 1),
        id="daisangen-with-a-kan",
    ),
]


@pytest.mark.parametrize(("request_", "exp"), MORE_YAKUMAN)
def test_more_yakuman(request_: ScoreRequest, exp: Exp) -> None:
    check(score(request_), exp)


def test_honba_and_riichi_sticks_reach_the_total() -> None:
    # riichi + dora 2 = 3h40 → 5200; 2 honba +600; 1 stick +1000 → 6800
    r = score(std(PLAIN, "7s", riichi=True, dora_indicators="8p", honba=2, riichi_sticks=1))
    assert r.points == 5200
    assert [(p.payer, p.amount, p.count) for p in r.payments] == [("discarder", 5800, 1)]
    assert r.riichi_sticks_won == 1000
    assert r.total == 6800


def test_yakuman_result_has_no_fu() -> None:
    r = score(std("234m777z9p", "9p", "pon:555z", "pon:666z"))
    assert r.fu is None
    assert r.base_points == 8000


# ---------------------------------------------------------------------------------------
# Not a win (a normal answer with a reason, not an error)
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("request_", "reason"),
    [
        # PLAIN waits on 7s only
        pytest.param(std(PLAIN, "1s", riichi=True), "not_complete", id="not-complete"),
        pytest.param(std("1133m5577p22499s", "5s"), "not_complete", id="six-pairs-and-junk"),
        # four alike are not two pairs: 1111m 33m 55 77p 22s 4s + 4s is no chiitoitsu and no 4-sets shape
        pytest.param(std("111133m5577p224s", "4s"), "not_complete", id="four-alike-are-not-two-pairs"),
        # open, complete, only dora (9p pair with indicator 8p): no yaku
        pytest.param(
            std("45699p34568s", "7s", "chi:123m", dora_indicators="8p"), "no_yaku", id="complete-with-only-dora"
        ),
        # red five alone is no yaku either
        pytest.param(std("40699p34568s", "7s", "chi:123m"), "no_yaku", id="complete-with-only-aka"),
        # open tanyao with kuitan off
        pytest.param(
            std("88m567p35678s", "4s", "chi:234m", rules=RulesSpec(kuitan=False)),
            "no_yaku",
            id="open-tanyao-kuitan-off",
        ),
        # pon of North for a South seat in an East round: guest wind, no yakuhai
        pytest.param(std("23499m567p67s", "8s", "pon:444z"), "no_yaku", id="guest-wind-triplet-is-no-yaku"),
        # closed ron, no riichi, kanchan: complete but nothing
        pytest.param(std(PLAIN, "7s"), "no_yaku", id="closed-ron-without-yaku"),
        # iipeikou is closed only: chi 234m + 234m 567p 99s + 68s, ron 7s → nothing
        pytest.param(std("234m567p6899s", "7s", "chi:234m"), "no_yaku", id="open-iipeikou-is-no-yaku"),
    ],
)
def test_not_a_win_has_a_reason(request_: ScoreRequest, reason: str) -> None:
    r = score(request_)
    assert r.is_win is False
    assert r.reason == reason
    assert r.points == 0
    assert r.yaku == ()


# ---------------------------------------------------------------------------------------
# Invariant: tile order and notation do not matter (/docs/rules §1: a JSON list is accepted too)
# ---------------------------------------------------------------------------------------


def codes(mpsz: str) -> list[str]:
    out: list[str] = []
    digits = ""
    for ch in mpsz:
        if ch.isdigit():
            digits += ch
        else:
            out.extend(d + ch for d in digits)
            digits = ""
    return out


@pytest.mark.parametrize(("request_", "exp"), YAKU_CASES + TRICKY_CASES + YAKUMAN_CASES)
def test_reversed_tile_list_scores_the_same(request_: ScoreRequest, exp: Exp) -> None:
    assert isinstance(request_.hand, str)
    shuffled = msgspec.structs.replace(
        request_,
        hand=codes(request_.hand)[::-1],
        melds=[
            msgspec.structs.replace(m, tiles=codes(m.tiles)[::-1])  # type: ignore[arg-type]
            for m in reversed(request_.melds)
        ],
    )
    a, b = score(request_), score(shuffled)
    assert (a.han, a.fu, a.yakuman, a.limit, a.points, a.total) == (b.han, b.fu, b.yakuman, b.limit, b.points, b.total)
    assert sorted((y.id, y.han) for y in a.yaku) == sorted((y.id, y.han) for y in b.yaku)

"""Three-player (sanma) scoring: presets tenhou_sanma / majsoul_sanma and options players, nukidora, sanma_tsumo.

Every expected value is worked out by hand in the comment beside it (/docs/rulesets §7; the
payments rule of /docs/rules §3: each payment rounded up to 100).
"""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from service.i18n import render
from service.scoring import InvalidHand, ScoreRequest, ScoreResult, score
from service.scoring.model import RulesSpec
from service.scoring.names import localise
from service.scoring.payments import payments
from service.scoring.presets import PRESETS
from service.scoring.table import points_table

TH3 = "tenhou_sanma"
MS3 = "majsoul_sanma"
BISECTION = {"preset": TH3, "sanma_tsumo": "bisection"}


def scored(**fields: Any) -> ScoreResult:
    return score(msgspec.convert(fields, ScoreRequest))


def pays(r: ScoreResult) -> list[tuple[str, int, int]]:
    return [(p.payer, p.amount, p.count) for p in r.payments]


def fields_of(**fields: Any) -> list[str]:
    with pytest.raises(InvalidHand) as caught:
        scored(**fields)
    return [e.field for e in caught.value.errors]


# 123p 345p 678p 777z + 9p tanki: closed honitsu 3 + chun 1 + menzen tsumo 1 = 5 han, a mangan (base 2,000);
# pins and honours only, so a legal three-player hand.
MANGAN = {"hand": "123345678p9p777z", "win_tile": "9p", "win": "tsumo"}


def test_the_presets_are_three_player_with_north_as_nukidora_and_tsumo_loss() -> None:
    for preset in (TH3, MS3):
        rules = PRESETS[preset]
        assert (rules.players, rules.nukidora, rules.sanma_tsumo, rules.honba) == (3, True, "loss", 200)
    for preset in ("standard", "kostarev", "kids", "tenhou", "majsoul", "wrc", "ema", "mleague"):
        assert (PRESETS[preset].players, PRESETS[preset].nukidora) == (4, False)


def test_non_dealer_mangan_tsumo_under_tsumo_loss_is_6000() -> None:
    # dealer 2 × 2,000 = 4,000 + the other non-dealer 2,000; the missing North seat's 2,000 is not paid
    r = scored(**MANGAN, seat_wind="S", rules=TH3)
    assert (r.han, r.limit) == (5, "mangan")
    assert pays(r) == [("dealer", 4000, 1), ("non_dealer", 2000, 1)]
    assert (r.points, r.total) == (6000, 6000)


def test_non_dealer_mangan_tsumo_under_north_bisection_is_8000() -> None:
    # the missing 2,000 split between the two payers: dealer 4,000 + 1,000, non-dealer 2,000 + 1,000
    r = scored(**MANGAN, seat_wind="S", rules=BISECTION)
    assert pays(r) == [("dealer", 5000, 1), ("non_dealer", 3000, 1)]
    assert r.total == 8000


def test_dealer_mangan_tsumo_is_4000_from_each_of_two() -> None:
    # 2 × 2,000 from each of the two non-dealers = 8,000 (4-player: 12,000)
    r = scored(**MANGAN, seat_wind="E", rules=TH3)
    assert pays(r) == [("non_dealer", 4000, 2)]
    assert r.total == 8000
    # bisection: each pays 4,000 + half the missing 4,000 = 6,000
    assert pays(scored(**MANGAN, seat_wind="E", rules=BISECTION)) == [("non_dealer", 6000, 2)]


def test_four_player_tsumo_is_unchanged() -> None:
    # the same hand at a four-player table: 4,000 + 2,000 × 2 = 8,000
    r = scored(**MANGAN, seat_wind="S", rules="tenhou")
    assert pays(r) == [("dealer", 4000, 1), ("non_dealer", 2000, 2)]


def test_3_han_40_fu_non_dealer_ron_with_one_honba_is_5400() -> None:
    # 13p 456p 789s 777z 99s + 2p (kanchan) by ron: 20 + 10 (closed ron) + 8 (closed honour triplet) + 2 (kanchan)
    # = 40 fu; riichi 1 + ippatsu 1 + chun 1 = 3 han: 40 × 2^5 = 1,280 × 4 = 5,120 → 5,200; + 200 a honba = 5,400
    r = scored(hand="13p456p789s777z99s", win_tile="2p", seat_wind="S", riichi=True, ippatsu=True, honba=1, rules=TH3)
    assert (r.han, r.fu, r.points) == (3, 40, 5200)
    assert pays(r) == [("discarder", 5400, 1)]


def test_tsumo_honba_is_100_from_each_of_the_two_payers() -> None:
    # MANGAN non-dealer tsumo with 2 honba: 4,000 + 200 and 2,000 + 200 = 6,400
    r = scored(**MANGAN, seat_wind="S", honba=2, rules=TH3)
    assert pays(r) == [("dealer", 4200, 1), ("non_dealer", 2200, 1)]
    assert r.total == 6400


def test_two_nukidora_with_a_west_indicator_are_4_dora() -> None:
    # 2 Norths set aside = 2 dora (item nukidora), + 2 more for the West indicator (it points at North, and
    # they count against it like held Norths: item dora) = 4 dora from the Norths
    # 111m 123s 456s 777z + 9p tanki by ron: chun 1 + 4 = 5 han, mangan 8,000 (+ 200 a honba)
    r = scored(
        hand="111m9p123s456s777z", win_tile="9p", seat_wind="S", nukidora=2, dora_indicators="3z", honba=1, rules=TH3
    )
    assert [(y.id, y.han) for y in r.yaku] == [("chun", 1), ("dora", 2), ("nukidora", 2)]
    assert pays(r) == [("discarder", 8200, 1)]


def test_nukidora_count_the_ura_indicators_with_riichi_only() -> None:
    # 2 Norths (2), dora West (+2 dora), ura West (+2 ura dora with riichi) = 6; without riichi no ura
    base = {"hand": "111m9p123s456s777z", "win_tile": "9p", "seat_wind": "S", "nukidora": 2, "rules": TH3}
    r = scored(**base, dora_indicators="3z", ura_indicators="3z", riichi=True)
    assert [(y.id, y.han) for y in r.yaku if "dora" in y.id] == [("dora", 2), ("ura_dora", 2), ("nukidora", 2)]
    r = scored(**base, dora_indicators="1p")
    assert [(y.id, y.han) for y in r.yaku if "dora" in y.id] == [("nukidora", 2)]  # 2 Norths alone


def test_a_north_pair_gives_no_fu_and_keeps_pinfu() -> None:
    # 123p 456p 789s 23s + 44z, ron on 1s or 4s (ryanmen): North is nobody's wind with three players,
    # so the pair is worth 0 fu and the hand is pinfu: 20 + 10 (closed ron) = 30 fu, 1 han = 1,000
    r = scored(hand="123p456p789s23s44z", win_tile="4s", seat_wind="S", rules=TH3)
    assert [y.id for y in r.yaku] == ["pinfu"]
    assert (r.fu, r.points) == (30, 1000)
    assert not [f for f in r.fu_breakdown if f.id.startswith("pair")]


def test_a_north_triplet_is_no_yakuhai() -> None:
    # 111m 123s 456s 444z + 9p: the North triplet is a guest wind's; no other yaku
    r = scored(hand="111m9p123s456s444z", win_tile="9p", seat_wind="W", round_wind="S", rules=TH3)
    assert (r.is_win, r.reason) == (False, "no_yaku")


def test_the_dora_wraps_from_1m_to_9m_and_back() -> None:
    # 111m 99m ... : indicator 1m → dora 9m (two 9m = 2 dora); indicator 9m → dora 1m (three 1m = 3)
    hand = {"hand": "111m9m123s456s777z", "win_tile": "9m", "seat_wind": "S", "rules": TH3}
    assert ("dora", 2) in [(y.id, y.han) for y in scored(**hand, dora_indicators="1m").yaku]
    assert ("dora", 3) in [(y.id, y.han) for y in scored(**hand, dora_indicators="9m").yaku]
    # four players: 1m → 2m (none here), 9m → 1m (3)
    four = {**hand, "rules": "tenhou"}
    assert "dora" not in [y.id for y in scored(**four, dora_indicators="1m").yaku]


def test_removed_tiles_chi_and_north_seat_are_invalid_naming_the_field() -> None:
    assert fields_of(hand="123m9p123s456s777z", win_tile="9p", seat_wind="S", rules=TH3) == ["hand"]
    assert fields_of(hand="11m99p123s456s777z", win_tile="5m", seat_wind="S", rules=TH3) == ["win_tile"]
    assert fields_of(**MANGAN, seat_wind="S", dora_indicators="4m", rules=TH3) == ["dora_indicators"]
    assert fields_of(**MANGAN, seat_wind="S", riichi=True, dora_indicators="1z", ura_indicators="8m", rules=TH3) == [
        "ura_indicators"
    ]
    chi = {"type": "chi", "tiles": "123p"}
    assert fields_of(hand="345678p9p777z", win_tile="9p", melds=[chi], seat_wind="S", rules=TH3) == ["melds[0].type"]
    pon = {"type": "pon", "tiles": "555m"}
    assert fields_of(hand="345678p9p777z", win_tile="9p", melds=[pon], seat_wind="S", rules=TH3) == ["melds[0].tiles"]
    assert fields_of(**MANGAN, seat_wind="N", rules=TH3) == ["seat_wind"]
    assert fields_of(**MANGAN, seat_wind="S", round_wind="N", rules=TH3) == ["round_wind"]
    # a red 5m does not exist either (5m is removed)
    assert fields_of(hand="11m0m9p123s456s777z", win_tile="9p", seat_wind="S", rules=TH3)[:1] == ["hand"]


def test_the_removed_tiles_refusal_reads_as_a_player_would_say_it() -> None:
    # /docs/rulesets §7 Removed tiles, said plainly in each language (no option syntax)
    with pytest.raises(InvalidHand) as caught:
        scored(hand="123m9p123s456s777z", win_tile="9p", seat_wind="S", rules=TH3)
    message = caught.value.errors[0].message
    assert message == "2m, 3m: three-player mahjong has no 2m–8m: the set is 108 tiles without them"
    assert render(message, "ru") == "2m, 3m: в маджонге втроём нет 2m–8m: играют набором из 108 тайлов без них"
    assert render(message, "ja") == "2m, 3m: 三人麻雀には 2m～8m がありません。2m～8m を抜いた108枚で遊びます"


def test_nukidora_needs_the_option_and_leaves_at_most_four_norths() -> None:
    assert fields_of(**MANGAN, seat_wind="S", nukidora=1, rules="tenhou") == ["nukidora"]
    # option nukidora with four players is no three-player game either
    assert fields_of(**MANGAN, seat_wind="S", nukidora=1, rules={"preset": "tenhou", "nukidora": True}) == ["nukidora"]
    # three Norths in the hand + 2 set aside = 5 copies
    assert fields_of(hand="111m9p123s456s444z", win_tile="9p", seat_wind="S", nukidora=2, rules=TH3) == ["nukidora"]


def test_a_kita_cancels_tenhou_and_chiihou() -> None:
    # /docs/rulesets §7 Kita and ippatsu / chiihou: a kita is a call
    tenhou = {"hand": "123345678p9p777z", "win_tile": "9p", "win": "tsumo", "seat_wind": "E", "tenhou": True}
    assert scored(**tenhou, rules=TH3).yakuman == 1
    assert fields_of(**tenhou, nukidora=1, rules=TH3) == ["nukidora"]


def test_a_win_on_the_kita_replacement_tile_is_rinshan() -> None:
    # no kan, one North set aside: rinshan is the kita's replacement draw (/docs/rulesets §7)
    # MANGAN + rinshan 1 + nukidora 1 = 7 han, haneman: non-dealer tsumo 6,000 + 3,000 = 9,000
    r = scored(**MANGAN, seat_wind="S", nukidora=1, rinshan=True, rules=TH3)
    assert {"rinshan", "nukidora"} <= {y.id for y in r.yaku}
    assert (r.han, r.limit, r.total) == (7, "haneman", 9000)
    assert fields_of(**MANGAN, seat_wind="S", rinshan=True, rules=TH3) == ["rinshan"]  # no kan, no kita


def test_payments_function_three_players() -> None:
    # 1 han 30 fu non-dealer tsumo: base 240: dealer 480 → 500, other 240 → 300 (the 500/300 of [TH-club])
    assert [(p.amount, p.count) for p in payments(240, dealer=False, tsumo=True, players=3).payments] == [
        (500, 1),
        (300, 1),
    ]
    # yakuman non-dealer tsumo: 16,000 + 8,000 = 24,000
    assert payments(8000, dealer=False, tsumo=True, players=3).points == 24000
    # bisection at 240: dealer 2.5 × 240 = 600, other 1.5 × 240 = 360 → 400
    assert [p.amount for p in payments(240, dealer=False, tsumo=True, players=3, bisection=True).payments] == [600, 400]


def test_the_points_table_pays_tsumo_loss() -> None:
    table = points_table(PRESETS[TH3])
    cell = next(c for c in table.cells if (c.han, c.fu) == (3, 30))
    # base 30 × 2^5 = 960: ron 3,840 → 3,900; tsumo 1,920 → 2,000 + 960 → 1,000 = 3,000; dealer 2,000 × 2 = 4,000
    assert (cell.non_dealer.ron, cell.non_dealer.tsumo_dealer, cell.non_dealer.tsumo_non_dealer) == (3900, 2000, 1000)
    assert (cell.non_dealer.tsumo_total, cell.dealer.tsumo_each, cell.dealer.tsumo_total) == (3000, 2000, 4000)
    mangan = next(row for row in table.limits if row.limit == "mangan")
    assert (mangan.non_dealer.tsumo_total, mangan.dealer.tsumo_total) == (6000, 8000)


def test_majsoul_sanma_red_fives_are_0p_and_0s() -> None:
    # 406p: the red 5p is an aka dora; MANGAN's 345p with a red five is one more han
    r = scored(hand="123340678p9p777z", win_tile="9p", win="tsumo", seat_wind="S", rules=MS3)
    assert ("aka_dora", 1) in [(y.id, y.han) for y in r.yaku]


def test_options_compose_a_three_player_house_rule() -> None:
    # the four-player standard preset, three-handed, with north bisection: 5,000 + 3,000 as above
    spec = RulesSpec(preset="standard", players=3, nukidora=True, sanma_tsumo="bisection", honba=200)
    r = score(ScoreRequest(hand="123345678p9p777z", win_tile="9p", win="tsumo", seat_wind="S", rules=spec))
    assert pays(r) == [("dealer", 5000, 1), ("non_dealer", 3000, 1)]


def test_the_one_other_non_dealer_is_named_as_one() -> None:
    """Tsumo loss leaves one non-dealer payer: not "each non-dealer" but "the other non-dealer"."""
    r = scored(**MANGAN, seat_wind="S", rules=TH3)
    assert [(p.payer, p.count, p.name) for p in r.payments] == [
        ("dealer", 1, "Dealer"),
        ("non_dealer", 1, "The other non-dealer"),
    ]
    assert [p.name for p in localise(r, "ru").payments] == ["Дилер", "Другой недилер"]

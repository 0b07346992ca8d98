"""The family presets as their documents say (/docs/rules §4, §5; the kids' and the Kostarev rules), worked by hand.

Each case quotes the document line it reproduces. Non-dealer ron unless a case says otherwise;
``base = fu × 2^(2+han)``; ron pays 4 × base (6 × for the dealer), rounded up to 100.
Every deliberate kostarev rule has an option one field away that gives the standard rule.
"""

from __future__ import annotations

import pytest

from service.game import HandValue, Ron, SettleRequest, Tsumo, WinSpec, settle
from service.game.model import GameOptions
from service.scoring import InvalidHand, RulesSpec, ScoreRequest, score
from tests.scoring.melds import meld

KOSTAREV = RulesSpec(preset="kostarev")


def kos(hand: str, win_tile: str, *melds: str, rules: RulesSpec = KOSTAREV, **fields: object) -> ScoreRequest:
    return ScoreRequest(
        hand=hand,
        win_tile=win_tile,
        melds=tuple(meld(m) for m in melds),
        rules=rules,
        **fields,  # type: ignore[arg-type]
    )


def yaku(r: object) -> dict[str, int]:
    return {y.id: y.han for y in r.yaku}  # type: ignore[attr-defined]


# --- fu: exactly the checklist of Kostarev rules §3.2 ----------------------------------------------


def test_chanta_with_a_dragon_pair_and_penchan_is_50_fu_3200() -> None:
    """123m 789p 111s 77z + 12p, ron 3p. The Kostarev rules §3.1.1 «Chanta … закрытая рука → 2 хан»; §3.2: 20 + 10
    (closed ron) + 8 (closed 111s: «терминалы … 8 фу — скрытый pon») + 2 («пара драконов → +2 фу») + 2
    (penchan) = 42 → 50 («Округляем вверх»); base 50 × 2^4 = 800; 4 × 800 = 3,200."""
    r = score(kos("123m789p111s77z12p", "3p", dealer=False))
    assert yaku(r) == {"chanta": 2}
    assert [(i.id, i.fu) for i in r.fu_breakdown] == [
        ("base", 20),
        ("closed_ron", 10),
        ("closed_triplet_terminal", 8),
        ("pair_dragon", 2),
        ("penchan", 2),
    ]
    assert (r.han, r.fu, r.base_points, r.points) == (2, 50, 800, 3200)


def test_open_hand_without_fu_stays_20_fu_700() -> None:
    """chi 234m + 22p 567p 345s 78s, ron 6s: tanyao 1 han. The Kostarev rules §3.2 lists «любая завершённая рука → 20
    фу» and no «+2 for an open hand without fu», so 20 fu; base 20 × 2^3 = 160; 4 × 160 = 640 → 700."""
    r = score(kos("22p567p345s78s", "6s", "chi:234m", dealer=False))
    assert yaku(r) == {"tanyao": 1}
    assert [(i.id, i.fu) for i in r.fu_breakdown] == [("base", 20)]
    assert (r.fu, r.base_points, r.points) == (20, 160, 700)


def test_open_pinfu_fu_option_gives_the_standard_30_fu_1000() -> None:
    """The same hand with open_pinfu_fu 2 (/docs/rules §3): 20 + 2 = 22 → 30; 30 × 8 = 240 × 4 = 960 → 1,000."""
    r = score(
        kos("22p567p345s78s", "6s", "chi:234m", dealer=False, rules=RulesSpec(preset="kostarev", open_pinfu_fu=2))
    )
    assert [(i.id, i.fu) for i in r.fu_breakdown] == [("base", 20), ("open_pinfu", 2)]
    assert (r.fu, r.points) == (30, 1000)


def test_open_tsumo_without_fu_still_gets_the_tsumo_2() -> None:
    """chi 234m + 22p 567p 345s 78s, tsumo 6s: Kostarev rules §3.2 «+2 фу за Tsumo»: 22 → 30 fu; tanyao 1 han,
    base 240: the dealer pays 2 × 240 = 480 → 500, each other 240 → 300; 1,100 in all."""
    r = score(kos("22p567p345s78s", "6s", "chi:234m", dealer=False, win="tsumo"))
    assert (r.fu, r.points) == (30, 1100)
    assert [(p.payer, p.amount, p.count) for p in r.payments] == [("dealer", 500, 1), ("non_dealer", 300, 2)]


def test_standard_open_hand_without_fu_is_30_fu() -> None:
    """/docs/rules §3 «Open hand with no fu at all on ron (would be 20) → 30»: chi 234m + 22p567p345s78s, S seat."""
    r = score(ScoreRequest(hand="22p567p345s78s", win_tile="6s", melds=(meld("chi:234m"),), seat_wind="S"))
    assert (r.fu, r.points) == (30, 1000)


# --- ryuuiisou «можно использовать только» 2, 3, 4, 6 sou and 發 ------------------------------

GREEN_WITH_8S = ("223344s666s888s6z", "6z")


def test_ryuuiisou_with_8s_is_not_ryuuiisou_in_kostarev() -> None:
    """223344s 666s 888s 6z, ron 6z (tanki). The Kostarev rules §3.1.4: Ryuuiisou «Можно использовать только: 2-бамбук,
    3-бамбук, 4-бамбук, 6-бамбук, зелёный дракон 發» — 888s is not among them. So honitsu 3 (closed) + iipeikou 1
    (234s 234s) = 4 han; fu 20 + 10 + 4 (666s) + 4 (888s) + 2 (66z pair) + 2 (tanki) = 42 → 50;
    4 han 50 fu is mangan («4 han и 40+ fu»): 8,000."""
    r = score(kos(*GREEN_WITH_8S, dealer=False))
    assert yaku(r) == {"honitsu": 3, "iipeikou": 1}
    assert (r.han, r.fu, r.limit, r.points) == (4, 50, "mangan", 8000)


def test_ryuuiisou_8s_option_makes_it_the_yakuman() -> None:
    """With ryuuiisou_8s: true (the standard tile list) the same hand is ryuuiisou: 32,000."""
    r = score(kos(*GREEN_WITH_8S, dealer=False, rules=RulesSpec(preset="kostarev", ryuuiisou_8s=True)))
    assert yaku(r) == {"ryuuiisou": 13}
    assert (r.yakuman, r.limit, r.points) == (1, "yakuman", 32000)


def test_ryuuiisou_without_8s_is_ryuuiisou_in_kostarev() -> None:
    """22 33 444 666s 666z, ron 4s (234s 234s 44s 666s 666z): only 2, 3, 4, 6 sou and 發 — ryuuiisou, 32,000."""
    r = score(kos("2233444666s666z", "4s", dealer=False))
    assert yaku(r) == {"ryuuiisou": 13}
    assert r.points == 32000


# --- strict limits (Kostarev rules §3.4 «строгие условия») ------------------------------------------

# Closed kans 1111m, 9999p, 1111s (32 fu each: «терминалы … 32 фу — скрытый kan») + 46p 88s, ron 5p (kanchan):
# sanankou 2 han (three concealed kans; sankantsu is not a kostarev yaku); 20 + 10 + 96 + 2 = 128 → 130 fu.
# 2 han 130 fu: base 130 × 2^4 = 2,080 — above 2,000, but none of «5 han», «4 han и 40+ fu», «3 han и 70+ fu».
STRICT = ("46p88s", "5p", "ankan:1111m", "ankan:9999p", "ankan:1111s")


def test_two_han_130_fu_is_paid_as_computed_8400() -> None:
    """Non-dealer ron: 4 × 2,080 = 8,320 → 8,400 (Kostarev rules §3.4 «если нет — используется обычное значение
    Base»)."""
    r = score(kos(*STRICT, dealer=False))
    assert yaku(r) == {"sanankou": 2}
    assert (r.han, r.fu, r.base_points, r.limit, r.points) == (2, 130, 2080, "none", 8400)


def test_two_han_130_fu_dealer_ron_is_12500() -> None:
    """Dealer ron: 6 × 2,080 = 12,480 → 12,500."""
    assert score(kos(*STRICT, dealer=True)).points == 12500


def test_mangan_cap_option_caps_it_at_8000() -> None:
    """mangan_cap: true (/docs/rules §3: any base above 2,000 is mangan): 8,000."""
    r = score(kos(*STRICT, dealer=False, rules=RulesSpec(preset="kostarev", mangan_cap=True)))
    assert (r.base_points, r.limit, r.points) == (2000, "mangan", 8000)


@pytest.mark.parametrize(
    ("han", "fu", "base", "limit"),
    [
        pytest.param(4, 40, 2000, "mangan", id="4han-40fu-mangan"),
        pytest.param(3, 70, 2000, "mangan", id="3han-70fu-mangan"),
        pytest.param(3, 60, 1920, "none", id="3han-60fu-7700"),
        pytest.param(4, 30, 1920, "none", id="4han-30fu-7700"),
        pytest.param(2, 130, 2080, "none", id="2han-130fu-uncapped"),
        pytest.param(5, 30, 2000, "mangan", id="5han"),
        pytest.param(6, 30, 3000, "haneman", id="6han"),
    ],
)
def test_strict_limits_by_value(han: int, fu: int, base: int, limit: str) -> None:
    """Settled from an already-scored value: the same limits (Kostarev rules §3.4)."""
    r = settle(
        SettleRequest(
            rules="kostarev",
            scores=[25_000] * 4,
            dealer=0,
            outcome=Ron(discarder=3, wins=[WinSpec(winner=1, value=HandValue(han=han, fu=fu))]),
        )
    )
    assert (r.wins[0].base_points, r.wins[0].limit) == (base, limit)


# --- at most a double yakuman (Kostarev rules §3.1.4 «как Yakuman или Double Yakuman») -----------------

# 555z 666z 777z 222m concealed + 9p, ron 9p: daisangen ×1 + suuankou tanki ×2 = ×3.
TRIPLE = ("555666777z222m9p", "9p")


def test_daisangen_and_suuankou_tanki_are_paid_as_double_yakuman() -> None:
    r = score(kos(*TRIPLE, dealer=False))
    assert yaku(r) == {"daisangen": 13, "suuankou_tanki": 26}
    assert (r.yakuman, r.limit, r.base_points, r.points) == (2, "double_yakuman", 16000, 64000)


def test_yakuman_cap_off_adds_them_up() -> None:
    """yakuman_cap 0 (the standard: several yakuman add up): ×3, 3 × 32,000 = 96,000."""
    r = score(kos(*TRIPLE, dealer=False, rules=RulesSpec(preset="kostarev", yakuman_cap=0)))
    assert (r.yakuman, r.limit, r.points) == (3, "triple_yakuman", 96000)


def test_standard_adds_yakuman_up() -> None:
    r = score(ScoreRequest(hand="555666777z222m9p", win_tile="9p", seat_wind="S"))
    assert (r.yakuman, r.points) == (3, 96000)


# --- flags of yaku the preset does not have are invalid input ----------------------------------


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        pytest.param({"riichi": True, "ippatsu": True}, "ippatsu", id="ippatsu"),
        pytest.param({"double_riichi": True}, "double_riichi", id="double-riichi"),
        pytest.param({"renhou": True}, "renhou", id="renhou"),
    ],
)
def test_a_flag_of_a_yaku_kostarev_lacks_is_invalid_naming_it(fields: dict[str, object], field: str) -> None:
    """/docs/rules §4 «Not used: ippatsu, double riichi, … renhou»: the flag is a 422, not ignored."""
    with pytest.raises(InvalidHand) as info:
        score(kos("123m45699p34568s", "7s", dealer=False, **fields))
    assert [e.field for e in info.value.errors] == [field]
    assert "not a yaku in the kostarev preset" in info.value.errors[0].message


# --- no riichi stick, no honba ----------------------------------------------------------------


@pytest.mark.parametrize("field", ["honba", "riichi_sticks"])
def test_kostarev_score_has_no_honba_and_no_riichi_sticks(field: str) -> None:
    with pytest.raises(InvalidHand) as info:
        score(kos("123m789p111s77z12p", "3p", dealer=False, **{field: 1}))
    assert [e.field for e in info.value.errors] == [field]


def test_honba_and_deposit_options_bring_them_back() -> None:
    """rules.honba 300 and riichi_deposit 1000: the chanta hand (3,200) + 1 honba (300) + 1 stick (1,000)."""
    rules = RulesSpec(preset="kostarev", honba=300, riichi_deposit=1000)
    r = score(kos("123m789p111s77z12p", "3p", dealer=False, rules=rules, honba=1, riichi_sticks=1))
    assert (r.points, r.total) == (3200, 4500)


def test_kostarev_dealer_with_1000_declares_riichi_and_plays_on() -> None:
    """Scores [1000, 33000, 33000, 33000], dealer 0 declares riichi; seat 1 wins a mangan by ron off seat 3:
    riichi costs nothing (/docs/rules §4), so the dealer keeps 1,000 and nobody is out."""
    r = settle(
        SettleRequest(
            rules="kostarev",
            scores=[1000, 33000, 33000, 33000],
            dealer=0,
            riichi=[0],
            outcome=Ron(discarder=3, wins=[WinSpec(winner=1, value=HandValue(han=5))]),
        )
    )
    assert r.deltas == [0, 8000, 0, -8000]
    assert (r.out, r.game_over) == ([], False)
    assert r.next_hand.riichi_sticks == 0


def test_kostarev_dealer_repeat_adds_no_honba() -> None:
    """The dealer wins: he keeps the deal, and the honba count stays 0 (Kostarev rules has no honba)."""
    r = settle(
        SettleRequest(rules="kostarev", scores=[25_000] * 4, dealer=0, outcome=Tsumo(winner=0, value=HandValue(han=5)))
    )
    assert r.deltas == [12000, -4000, -4000, -4000]
    assert (r.next_hand.dealer, r.next_hand.honba) == (0, 0)


def test_kostarev_settle_with_a_honba_count_is_invalid() -> None:
    with pytest.raises(InvalidHand) as info:
        settle(
            SettleRequest(
                rules="kostarev",
                scores=[25_000] * 4,
                dealer=0,
                honba=1,
                outcome=Tsumo(winner=0, value=HandValue(han=5)),
            )
        )
    assert [e.field for e in info.value.errors] == ["honba"]


def test_kostarev_game_honba_option_counts_honba_again() -> None:
    """game.honba 300: dealer mangan tsumo 4,000 all + 1 honba (100 each) = 4,100 all; honba 1 → 2."""
    r = settle(
        SettleRequest(
            rules="kostarev",
            game=GameOptions(honba=300),
            scores=[25_000] * 4,
            dealer=0,
            honba=1,
            outcome=Tsumo(winner=0, value=HandValue(han=5)),
        )
    )
    assert r.deltas == [12300, -4100, -4100, -4100]
    assert r.next_hand.honba == 2


# --- red fives per suit (/docs/rules §1 aka_per_suit) ---------------------------------------------


def test_two_red_5p_are_invalid_with_one_per_suit() -> None:
    with pytest.raises(InvalidHand) as info:
        score(ScoreRequest(hand="234567m3400p234s", win_tile="2p", seat_wind="S", riichi=True))
    assert [e.field for e in info.value.errors] == ["hand"]


def test_two_red_5p_count_twice_with_aka_per_suit_2() -> None:
    """234567m 34 00p 234s + 2p: riichi 1 + pinfu 1 + tanyao 1 + sanshoku 2 + aka dora 2 = 7 han: haneman 12,000."""
    r = score(
        ScoreRequest(
            hand="234567m3400p234s",
            win_tile="2p",
            seat_wind="S",
            riichi=True,
            rules=RulesSpec(aka_per_suit=2),
        )
    )
    assert yaku(r)["aka_dora"] == 2
    assert (r.han, r.points) == (7, 12000)


def test_no_red_fives_with_aka_per_suit_0() -> None:
    with pytest.raises(InvalidHand) as info:
        score(ScoreRequest(hand="234567m3405p234s", win_tile="2p", seat_wind="S", rules=RulesSpec(aka_per_suit=0)))
    assert [e.field for e in info.value.errors] == ["hand"]
    assert "no red fives" in info.value.errors[0].message


# --- kids: the document's worked example is the rule ---------------------------------------------


def test_kids_riichi_two_pons_tsumo_is_5() -> None:
    """333p 777s 123m 456m + 8p, tsumo 8p with riichi. The kids' rules «Пример подсчёта»: «Риичи → 2, Два пона → 2,
    Цумо → 1, Итого: 5 очков»."""
    r = score(ScoreRequest(hand="333p777s123m456m8p", win_tile="8p", win="tsumo", riichi=True, rules="kids"))
    assert r.points == 5
    assert r.points_breakdown is not None
    assert sorted((i.id, i.points) for i in r.points_breakdown) == [("pon", 1), ("pon", 1), ("riichi", 2), ("tsumo", 1)]


def test_kids_closed_bonus_with_riichi_option_makes_it_6() -> None:
    rules = RulesSpec(preset="kids", kids_closed_bonus_with_riichi=True)
    r = score(ScoreRequest(hand="333p777s123m456m8p", win_tile="8p", win="tsumo", riichi=True, rules=rules))
    assert r.points == 6


def test_kids_closed_win_without_riichi_gets_the_closed_bonus() -> None:
    """The kids' rules «Закрытая рука при победе → +1 очко»: no riichi, ron: base 1 + pon 1 + pon 1 + closed 1 = 4."""
    r = score(ScoreRequest(hand="333p777s123m456m8p", win_tile="8p", rules="kids"))
    assert r.points == 4

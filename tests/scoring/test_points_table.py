"""The standard riichi points table, written out literally and checked cell by cell.

/docs/rules §3 Limits/Payments, points rules §1 (table), §3 (limits), §4 (dealer).

The cells below are the published table (han 1–4 × fu 20…110), typed in by hand, not
generated. Each cell is checked twice: against the formula computed inline here
(``base = fu × 2^(2+han)``, capped at 2000, every payment rounded up to 100) and against
the core's ``limits.base_points`` + ``payments.payments``.

Which cells exist (a cell that cannot occur is left out, as the table shows "–"):

- 20 fu is only pinfu tsumo, so tsumo only, and from 2 han (pinfu + menzen tsumo).
- 25 fu is only chiitoitsu (2 han): ron from 2 han; tsumo from 3 han (+ menzen tsumo).
- 1 han 110 fu exists on ron only (e.g. riichi; closed kans 1111m + 9999p, shanpon ron on
  999s with a double-wind pair: 30 + 32 + 32 + 4 + 4 = 102 → 110). A 1-han tsumo tops out
  at 100 fu (a third concealed set would be sanankou, a third kan sankantsu), so the table
  has no 1 han 110 fu tsumo cell.
- 3 han 70+ fu and 4 han 40+ fu are mangan (base capped at 2000); they are in the table
  as mangan cells.
"""

from __future__ import annotations

import pytest

from service.scoring.limits import base_points
from service.scoring.model import Payment, RulesSpec
from service.scoring.payments import payments
from service.scoring.presets import PRESETS, resolve_rules

STANDARD = PRESETS["standard"]
MANGAN = 2000

# ---------------------------------------------------------------------------------------
# The table. NON_DEALER[han][fu] = (ron, (tsumo: dealer pays, tsumo: each non-dealer pays))
# DEALER[han][fu] = (ron, tsumo: each non-dealer pays). None = the cell does not exist.
# ---------------------------------------------------------------------------------------

NON_DEALER: dict[int, dict[int, tuple[int | None, tuple[int, int] | None]]] = {
    1: {
        30: (1000, (500, 300)),
        40: (1300, (700, 400)),
        50: (1600, (800, 400)),
        60: (2000, (1000, 500)),
        70: (2300, (1200, 600)),
        80: (2600, (1300, 700)),
        90: (2900, (1500, 800)),
        100: (3200, (1600, 800)),
        110: (3600, None),
    },
    2: {
        20: (None, (700, 400)),
        25: (1600, None),
        30: (2000, (1000, 500)),
        40: (2600, (1300, 700)),
        50: (3200, (1600, 800)),
        60: (3900, (2000, 1000)),
        70: (4500, (2300, 1200)),
        80: (5200, (2600, 1300)),
        90: (5800, (2900, 1500)),
        100: (6400, (3200, 1600)),
        110: (7100, (3600, 1800)),
    },
    3: {
        20: (None, (1300, 700)),
        25: (3200, (1600, 800)),
        30: (3900, (2000, 1000)),
        40: (5200, (2600, 1300)),
        50: (6400, (3200, 1600)),
        60: (7700, (3900, 2000)),
        70: (8000, (4000, 2000)),  # mangan
        80: (8000, (4000, 2000)),
        90: (8000, (4000, 2000)),
        100: (8000, (4000, 2000)),
        110: (8000, (4000, 2000)),
    },
    4: {
        20: (None, (2600, 1300)),
        25: (6400, (3200, 1600)),
        30: (7700, (3900, 2000)),
        40: (8000, (4000, 2000)),  # mangan
        50: (8000, (4000, 2000)),
        60: (8000, (4000, 2000)),
        70: (8000, (4000, 2000)),
        80: (8000, (4000, 2000)),
        90: (8000, (4000, 2000)),
        100: (8000, (4000, 2000)),
        110: (8000, (4000, 2000)),
    },
}

DEALER: dict[int, dict[int, tuple[int | None, int | None]]] = {
    1: {
        30: (1500, 500),
        40: (2000, 700),
        50: (2400, 800),
        60: (2900, 1000),
        70: (3400, 1200),
        80: (3900, 1300),
        90: (4400, 1500),
        100: (4800, 1600),
        110: (5300, None),
    },
    2: {
        20: (None, 700),
        25: (2400, None),
        30: (2900, 1000),
        40: (3900, 1300),
        50: (4800, 1600),
        60: (5800, 2000),
        70: (6800, 2300),
        80: (7700, 2600),
        90: (8700, 2900),
        100: (9600, 3200),
        110: (10600, 3600),
    },
    3: {
        20: (None, 1300),
        25: (4800, 1600),
        30: (5800, 2000),
        40: (7700, 2600),
        50: (9600, 3200),
        60: (11600, 3900),
        70: (12000, 4000),  # mangan
        80: (12000, 4000),
        90: (12000, 4000),
        100: (12000, 4000),
        110: (12000, 4000),
    },
    4: {
        20: (None, 2600),
        25: (9600, 3200),
        30: (11600, 3900),
        40: (12000, 4000),  # mangan
        50: (12000, 4000),
        60: (12000, 4000),
        70: (12000, 4000),
        80: (12000, 4000),
        90: (12000, 4000),
        100: (12000, 4000),
        110: (12000, 4000),
    },
}


def pay(payer: str, amount: int, count: int) -> Payment:
    """A payment row with its English name (/docs/endpoints: discarder, dealer, non_dealer)."""
    names = {"discarder": "Discarder", "dealer": "Dealer", "non_dealer": "Each non-dealer"}
    return Payment(payer, amount, count, names[payer])  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------
# The formula, written out here independently of the core.
# ---------------------------------------------------------------------------------------


def up100(points: int) -> int:
    return -(-points // 100) * 100


def formula_base(han: int, fu: int) -> int:
    return min(fu * 2 ** (2 + han), MANGAN)


def _cells(table, kind):  # type: ignore[no-untyped-def]
    out = []
    for han, row in table.items():
        for fu, (ron, tsumo) in row.items():
            value = ron if kind == "ron" else tsumo
            if value is not None:
                out.append(pytest.param(han, fu, value, id=f"{han}han-{fu}fu"))
    return out


# ---------------------------------------------------------------------------------------
# Shape of the table itself (guards against a typo dropping or adding a cell).
# ---------------------------------------------------------------------------------------


def test_table_has_the_published_cells() -> None:
    fus = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)
    for table in (NON_DEALER, DEALER):
        for han in (1, 2, 3, 4):
            row = table[han]
            expected_fus = [f for f in fus if not (han == 1 and f in (20, 25))]
            assert sorted(row) == expected_fus, (han, sorted(row))
            assert row.get(20, (None, None))[0] is None  # 20 fu is never a ron
            if 25 in row:
                assert (row[25][1] is None) == (han == 2)  # chiitoitsu tsumo is 3+ han
        assert table[1][110][1] is None  # no 1 han 110 fu tsumo


# ---------------------------------------------------------------------------------------
# Non-dealer
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(("han", "fu", "ron"), _cells(NON_DEALER, "ron"))
def test_non_dealer_ron_cell(han: int, fu: int, ron: int) -> None:
    assert up100(4 * formula_base(han, fu)) == ron
    base, _limit = base_points(han, fu, STANDARD)
    assert base == formula_base(han, fu)
    s = payments(base, dealer=False, tsumo=False)
    assert s.points == ron
    assert s.payments == (pay("discarder", ron, 1),)
    assert s.total == ron


@pytest.mark.parametrize(("han", "fu", "tsumo"), _cells(NON_DEALER, "tsumo"))
def test_non_dealer_tsumo_cell(han: int, fu: int, tsumo: tuple[int, int]) -> None:
    from_dealer, from_other = tsumo
    base = formula_base(han, fu)
    assert (up100(2 * base), up100(base)) == tsumo
    core_base, _limit = base_points(han, fu, STANDARD)
    assert core_base == base
    s = payments(core_base, dealer=False, tsumo=True)
    assert sorted(s.payments, key=lambda p: p.payer) == [
        pay("dealer", from_dealer, 1),
        pay("non_dealer", from_other, 2),
    ]
    assert s.points == from_dealer + 2 * from_other
    assert s.total == from_dealer + 2 * from_other


# ---------------------------------------------------------------------------------------
# Dealer
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(("han", "fu", "ron"), _cells(DEALER, "ron"))
def test_dealer_ron_cell(han: int, fu: int, ron: int) -> None:
    assert up100(6 * formula_base(han, fu)) == ron
    base, _limit = base_points(han, fu, STANDARD)
    s = payments(base, dealer=True, tsumo=False)
    assert s.points == ron
    assert s.payments == (pay("discarder", ron, 1),)
    assert s.total == ron


@pytest.mark.parametrize(("han", "fu", "each"), _cells(DEALER, "tsumo"))
def test_dealer_tsumo_cell(han: int, fu: int, each: int) -> None:
    assert up100(2 * formula_base(han, fu)) == each
    base, _limit = base_points(han, fu, STANDARD)
    s = payments(base, dealer=True, tsumo=True)
    assert s.payments == (pay("non_dealer", each, 3),)
    assert s.points == 3 * each
    assert s.total == 3 * each


@pytest.mark.parametrize(
    ("han", "fu", "limit"),
    [
        pytest.param(3, 60, "none", id="3han-60fu-is-1920-not-mangan"),
        pytest.param(3, 70, "mangan", id="3han-70fu-2240-capped"),
        pytest.param(4, 30, "none", id="4han-30fu-is-1920-not-mangan"),
        pytest.param(4, 40, "mangan", id="4han-40fu-2560-capped"),
        pytest.param(2, 110, "none", id="2han-110fu-1760"),
    ],
)
def test_base_cap_at_mangan_names_the_limit(han: int, fu: int, limit: str) -> None:
    assert base_points(han, fu, STANDARD)[1] == limit


# ---------------------------------------------------------------------------------------
# Limits (points rules §3): 5 han mangan … 13+ kazoe yakuman; yakuman multiples.
# (han, fu, base, limit, non-dealer ron, (dealer pays, other pays), dealer ron, dealer each)
# ---------------------------------------------------------------------------------------

LIMIT_ROWS = [
    pytest.param(5, 30, 2000, "mangan", 8000, (4000, 2000), 12000, 4000, id="5han-mangan"),
    pytest.param(5, 110, 2000, "mangan", 8000, (4000, 2000), 12000, 4000, id="5han-110fu-still-mangan"),
    pytest.param(4, 40, 2000, "mangan", 8000, (4000, 2000), 12000, 4000, id="4han-40fu-mangan"),
    pytest.param(3, 70, 2000, "mangan", 8000, (4000, 2000), 12000, 4000, id="3han-70fu-mangan"),
    pytest.param(6, 30, 3000, "haneman", 12000, (6000, 3000), 18000, 6000, id="6han-haneman"),
    pytest.param(7, 30, 3000, "haneman", 12000, (6000, 3000), 18000, 6000, id="7han-haneman"),
    pytest.param(8, 30, 4000, "baiman", 16000, (8000, 4000), 24000, 8000, id="8han-baiman"),
    pytest.param(10, 30, 4000, "baiman", 16000, (8000, 4000), 24000, 8000, id="10han-baiman"),
    pytest.param(11, 30, 6000, "sanbaiman", 24000, (12000, 6000), 36000, 12000, id="11han-sanbaiman"),
    pytest.param(12, 30, 6000, "sanbaiman", 24000, (12000, 6000), 36000, 12000, id="12han-sanbaiman"),
    pytest.param(13, 30, 8000, "kazoe_yakuman", 32000, (16000, 8000), 48000, 16000, id="13han-kazoe-yakuman"),
    pytest.param(26, 30, 8000, "kazoe_yakuman", 32000, (16000, 8000), 48000, 16000, id="26han-kazoe-is-still-x1"),
]


@pytest.mark.parametrize(("han", "fu", "base", "limit", "ron", "tsumo", "dealer_ron", "dealer_each"), LIMIT_ROWS)
def test_limit_hands_pay_the_limit(
    han: int, fu: int, base: int, limit: str, ron: int, tsumo: tuple[int, int], dealer_ron: int, dealer_each: int
) -> None:
    # formula side: base × 4, × 2 / × 1, × 6, × 2
    assert (4 * base, (2 * base, base), 6 * base, 2 * base) == (ron, tsumo, dealer_ron, dealer_each)
    assert base_points(han, fu, STANDARD) == (base, limit)
    assert payments(base, dealer=False, tsumo=False).total == ron
    nd = payments(base, dealer=False, tsumo=True)
    assert sorted(nd.payments, key=lambda p: p.payer) == [
        pay("dealer", tsumo[0], 1),
        pay("non_dealer", tsumo[1], 2),
    ]
    assert nd.points == ron  # a non-dealer's limit is worth the same by tsumo and ron
    assert payments(base, dealer=True, tsumo=False).total == dealer_ron
    d = payments(base, dealer=True, tsumo=True)
    assert d.payments == (pay("non_dealer", dealer_each, 3),)
    assert d.points == dealer_ron


@pytest.mark.parametrize(
    ("multiple", "limit", "ron", "dealer_ron"),
    [
        pytest.param(1, "yakuman", 32000, 48000, id="yakuman-x1"),
        pytest.param(2, "double_yakuman", 64000, 96000, id="double-yakuman"),
        pytest.param(3, "triple_yakuman", 96000, 144000, id="triple-yakuman"),
    ],
)
def test_yakuman_base_is_8000_per_multiple(multiple: int, limit: str, ron: int, dealer_ron: int) -> None:
    # han and fu are ignored for yakuman: pass nonsense to prove it
    assert base_points(1, 30, STANDARD, yakuman=multiple) == (8000 * multiple, limit)
    base = 8000 * multiple
    assert payments(base, dealer=False, tsumo=False).total == ron
    assert payments(base, dealer=True, tsumo=False).total == dealer_ron
    nd = payments(base, dealer=False, tsumo=True)
    assert sorted(nd.payments, key=lambda p: p.payer) == [
        pay("dealer", 16000 * multiple, 1),
        pay("non_dealer", 8000 * multiple, 2),
    ]


def test_kazoe_option_sanbaiman_caps_13_han_at_sanbaiman() -> None:
    rules = resolve_rules(RulesSpec(preset="standard", kazoe="sanbaiman"))
    assert base_points(13, 30, rules) == (6000, "sanbaiman")
    assert base_points(15, 40, rules) == (6000, "sanbaiman")
    assert payments(6000, dealer=False, tsumo=False).total == 24000
    # a real yakuman is untouched by the kazoe option
    assert base_points(13, 30, rules, yakuman=1) == (8000, "yakuman")


@pytest.mark.parametrize(
    ("han", "fu", "kiriage", "base", "limit", "ron", "dealer_ron"),
    [
        pytest.param(4, 30, False, 1920, "none", 7700, 11600, id="4han-30fu-kiriage-off-7700"),
        pytest.param(4, 30, True, 2000, "mangan", 8000, 12000, id="4han-30fu-kiriage-on-mangan"),
        pytest.param(3, 60, False, 1920, "none", 7700, 11600, id="3han-60fu-kiriage-off-7700"),
        pytest.param(3, 60, True, 2000, "mangan", 8000, 12000, id="3han-60fu-kiriage-on-mangan"),
        # kiriage touches only those two cells
        pytest.param(3, 50, True, 1600, "none", 6400, 9600, id="3han-50fu-kiriage-on-unchanged"),
        pytest.param(2, 110, True, 1760, "none", 7100, 10600, id="2han-110fu-kiriage-on-unchanged"),
        pytest.param(4, 25, True, 1600, "none", 6400, 9600, id="4han-25fu-kiriage-on-unchanged"),
    ],
)
def test_kiriage_mangan_option(
    han: int, fu: int, kiriage: bool, base: int, limit: str, ron: int, dealer_ron: int
) -> None:
    rules = resolve_rules(RulesSpec(preset="standard", kiriage_mangan=kiriage))
    assert base_points(han, fu, rules) == (base, limit)
    assert payments(base, dealer=False, tsumo=False).total == ron
    assert payments(base, dealer=True, tsumo=False).total == dealer_ron


def test_kiriage_mangan_is_off_by_default_in_standard() -> None:
    assert base_points(4, 30, STANDARD) == (1920, "none")
    assert base_points(3, 60, STANDARD) == (1920, "none")


# ---------------------------------------------------------------------------------------
# Honba and riichi sticks (/docs/rules §3 Payments)
# ---------------------------------------------------------------------------------------


def test_dealer_mangan_tsumo_with_one_honba_is_4100_all() -> None:
    s = payments(2000, dealer=True, tsumo=True, honba=1)
    assert s.payments == (pay("non_dealer", 4100, 3),)
    assert s.points == 12000  # points exclude honba
    assert s.total == 12300


def test_non_dealer_ron_adds_300_per_honba_from_the_discarder() -> None:
    # 3 han 30 fu = 3900; 2 honba = +600
    s = payments(960, dealer=False, tsumo=False, honba=2)
    assert s.payments == (pay("discarder", 4500, 1),)
    assert s.points == 3900
    assert s.total == 4500


def test_dealer_ron_adds_300_per_honba() -> None:
    # dealer 2 han 30 fu = 2900; 1 honba = 3200
    s = payments(480, dealer=True, tsumo=False, honba=1)
    assert s.payments == (pay("discarder", 3200, 1),)
    assert s.total == 3200


def test_non_dealer_tsumo_adds_100_per_honba_from_each_payer() -> None:
    # 2 han 30 fu tsumo = 500/1000; 3 honba → 800/1300, total 2000 + 900
    s = payments(480, dealer=False, tsumo=True, honba=3)
    assert sorted(s.payments, key=lambda p: p.payer) == [
        pay("dealer", 1300, 1),
        pay("non_dealer", 800, 2),
    ]
    assert s.points == 2000
    assert s.total == 2900


@pytest.mark.parametrize(
    ("sticks", "honba", "total"),
    [
        pytest.param(1, 0, 4900, id="1-stick"),
        pytest.param(3, 0, 6900, id="3-sticks"),
        pytest.param(2, 1, 6200, id="2-sticks-1-honba"),
    ],
)
def test_riichi_sticks_add_1000_each(sticks: int, honba: int, total: int) -> None:
    # base 960 = 3 han 30 fu, non-dealer ron 3900
    s = payments(960, dealer=False, tsumo=False, honba=honba, riichi_sticks=sticks)
    assert s.riichi_sticks_won == 1000 * sticks
    assert s.points == 3900
    assert s.total == total


def test_riichi_sticks_on_a_tsumo_go_to_the_winner_once() -> None:
    # non-dealer mangan tsumo 2000/4000 + 1 honba (2100/4100) + 2 sticks
    s = payments(2000, dealer=False, tsumo=True, honba=1, riichi_sticks=2)
    assert s.total == 4100 + 2 * 2100 + 2000
    assert s.riichi_sticks_won == 2000


def test_the_double_yakuman_row_is_there_only_where_two_yakuman_pay_double() -> None:
    """/docs/rules §3: two yakuman (stacked, or a double pattern) pay 64,000 by ron to a non-dealer; in `ema`
    (option `yakuman_cap` 1, /docs/rulesets §3: the maximum is one yakuman) they pay 32,000, so no such row."""
    from service.scoring.presets import PRESETS
    from service.scoring.table import points_table

    standard = [(r.limit, r.yakuman, r.non_dealer.ron) for r in points_table(PRESETS["standard"]).limits][-2:]
    assert standard == [("yakuman", 1, 32000), ("double_yakuman", 2, 64000)]
    ema = [(r.limit, r.yakuman, r.non_dealer.ron) for r in points_table(PRESETS["ema"]).limits][-2:]
    assert ema == [("sanbaiman", 0, 24000), ("yakuman", 1, 32000)]  # 13+ han is sanbaiman in EMA (option kazoe)

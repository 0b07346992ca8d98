"""The points table (service.scoring.table) against the points rules' table typed in literally, and the formula.

The points rules §1 shows the table as a picture; the numbers below are that standard table,
typed in by hand (columns fu 20, 25, 30, 40 … 110; ``None`` = "–", no such hand). Every
cell is checked against this literal table *and* against the formula computed inline
(``base = fu × 2^(2+han)``, capped at 2000; ron 4 × / 6 × base; tsumo 2 × and 1 × base,
dealer 2 × from each; every payment rounded up to 100: /docs/rules §3).
"""

from __future__ import annotations

import pytest

from service.scoring import RulesSpec, resolve_rules
from service.scoring.presets import PRESETS
from service.scoring.table import FU_COLUMNS, TableCell, cell_exists, points_table

FU = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)
M = 8000  # non-dealer mangan ron
NA = None  # a '–' of the table: no hand has this value

# Non-dealer ron, per han, fu 20 … 110.
NON_DEALER_RON: dict[int, list[int | None]] = {
    1: [NA, NA, 1000, 1300, 1600, 2000, 2300, 2600, 2900, 3200, 3600],
    2: [NA, 1600, 2000, 2600, 3200, 3900, 4500, 5200, 5800, 6400, 7100],
    3: [NA, 3200, 3900, 5200, 6400, 7700, M, M, M, M, M],
    4: [NA, 6400, 7700, M, M, M, M, M, M, M, M],
}
# Non-dealer tsumo: (the dealer pays, each non-dealer pays).
# fmt: off
NON_DEALER_TSUMO: dict[int, list[tuple[int, int] | None]] = {
    1: [NA, NA, (500, 300), (700, 400), (800, 400), (1000, 500), (1200, 600), (1300, 700), (1500, 800),
        (1600, 800), NA],
    2: [(700, 400), NA, (1000, 500), (1300, 700), (1600, 800), (2000, 1000), (2300, 1200), (2600, 1300),
        (2900, 1500), (3200, 1600), (3600, 1800)],
    3: [(1300, 700), (1600, 800), (2000, 1000), (2600, 1300), (3200, 1600), (3900, 2000),
        (4000, 2000), (4000, 2000), (4000, 2000), (4000, 2000), (4000, 2000)],
    4: [(2600, 1300), (3200, 1600), (3900, 2000), (4000, 2000), (4000, 2000), (4000, 2000),
        (4000, 2000), (4000, 2000), (4000, 2000), (4000, 2000), (4000, 2000)],
}
# fmt: on
# Dealer ron.
DEALER_RON: dict[int, list[int | None]] = {
    1: [NA, NA, 1500, 2000, 2400, 2900, 3400, 3900, 4400, 4800, 5300],
    2: [NA, 2400, 2900, 3900, 4800, 5800, 6800, 7700, 8700, 9600, 10600],
    3: [NA, 4800, 5800, 7700, 9600, 11600, 12000, 12000, 12000, 12000, 12000],
    4: [NA, 9600, 11600, 12000, 12000, 12000, 12000, 12000, 12000, 12000, 12000],
}
# Dealer tsumo: what each of the three others pays.
DEALER_TSUMO: dict[int, list[int | None]] = {
    1: [NA, NA, 500, 700, 800, 1000, 1200, 1300, 1500, 1600, NA],
    2: [700, NA, 1000, 1300, 1600, 2000, 2300, 2600, 2900, 3200, 3600],
    3: [1300, 1600, 2000, 2600, 3200, 3900, 4000, 4000, 4000, 4000, 4000],
    4: [2600, 3200, 3900, 4000, 4000, 4000, 4000, 4000, 4000, 4000, 4000],
}


def up100(x: float) -> int:
    return int(-(-x // 100) * 100)


def formula(han: int, fu: int, kiriage: bool = False) -> tuple[int, int, int, int, int]:
    """(non-dealer ron, tsumo dealer pays, tsumo non-dealer pays, dealer ron, dealer tsumo each)."""
    base = min(fu * 2 ** (2 + han), 2000)
    if kiriage and (han, fu) in ((4, 30), (3, 60)):
        base = 2000
    return up100(4 * base), up100(2 * base), up100(base), up100(6 * base), up100(2 * base)


def cell(table_cells: list[TableCell], han: int, fu: int) -> TableCell:
    return next(c for c in table_cells if (c.han, c.fu) == (han, fu))


STANDARD = points_table(PRESETS["standard"])
CASES = [pytest.param(han, i, fu, id=f"{han}han-{fu}fu") for han in (1, 2, 3, 4) for i, fu in enumerate(FU)]


@pytest.mark.parametrize(("han", "i", "fu"), CASES)
def test_cell_equals_the_seed_003_table(han: int, i: int, fu: int) -> None:
    c = cell(STANDARD.cells, han, fu)
    tsumo = NON_DEALER_TSUMO[han][i]
    assert c.non_dealer.ron == NON_DEALER_RON[han][i]
    assert (c.non_dealer.tsumo_dealer, c.non_dealer.tsumo_non_dealer) == (tsumo if tsumo else (None, None))
    assert c.dealer.ron == DEALER_RON[han][i]
    assert c.dealer.tsumo_each == DEALER_TSUMO[han][i]
    assert c.exists_ron == (NON_DEALER_RON[han][i] is not None)
    assert c.exists_tsumo == (tsumo is not None)


@pytest.mark.parametrize(("han", "i", "fu"), CASES)
def test_every_existing_cell_equals_the_formula(han: int, i: int, fu: int) -> None:
    c = cell(STANDARD.cells, han, fu)
    nd_ron, nd_dealer, nd_other, d_ron, d_each = formula(han, fu)
    if c.exists_ron:
        assert (c.non_dealer.ron, c.dealer.ron) == (nd_ron, d_ron)
    if c.exists_tsumo:
        assert (c.non_dealer.tsumo_dealer, c.non_dealer.tsumo_non_dealer, c.dealer.tsumo_each) == (
            nd_dealer,
            nd_other,
            d_each,
        )
        assert c.non_dealer.tsumo_total == nd_dealer + 2 * nd_other
        assert c.dealer.tsumo_total == 3 * d_each
    assert c.base_points == min(fu * 2 ** (2 + han), 2000)
    assert c.limit == ("mangan" if fu * 2 ** (2 + han) >= 2000 else "none")


def test_absent_cells() -> None:
    """20 fu: pinfu tsumo only (from 2 han); 25 fu: chiitoitsu (ron from 2 han, tsumo from 3); 1 han 110 fu ron only."""
    absent = {(c.han, c.fu, "ron") for c in STANDARD.cells if not c.exists_ron}
    absent |= {(c.han, c.fu, "tsumo") for c in STANDARD.cells if not c.exists_tsumo}
    assert absent == {
        (1, 20, "ron"), (2, 20, "ron"), (3, 20, "ron"), (4, 20, "ron"),
        (1, 20, "tsumo"),
        (1, 25, "ron"), (1, 25, "tsumo"), (2, 25, "tsumo"),
        (1, 110, "tsumo"),
    }  # fmt: skip
    assert cell_exists(2, 20, tsumo=True)


def test_table_shape() -> None:
    assert [(c.han, c.fu) for c in STANDARD.cells] == [(h, f) for h in (1, 2, 3, 4) for f in FU_COLUMNS]
    assert FU_COLUMNS == FU


@pytest.mark.parametrize(
    ("han", "fu", "ron", "dealer_ron", "tsumo"),
    [
        pytest.param(4, 30, 8000, 12000, (4000, 2000), id="4han-30fu"),
        pytest.param(3, 60, 8000, 12000, (4000, 2000), id="3han-60fu"),
    ],
)
def test_kiriage_mangan_rounds_7700_up(han: int, fu: int, ron: int, dealer_ron: int, tsumo: tuple[int, int]) -> None:
    """The points rules §1 note: with kiriage mangan, 4 han 30 fu and 3 han 60 fu are mangan (7700 → 8000)."""
    table = points_table(resolve_rules(RulesSpec(kiriage_mangan=True)))
    c = cell(table.cells, han, fu)
    assert (c.limit, c.non_dealer.ron, c.dealer.ron) == ("mangan", ron, dealer_ron)
    assert (c.non_dealer.tsumo_dealer, c.non_dealer.tsumo_non_dealer) == tsumo
    assert formula(han, fu, kiriage=True)[0] == ron


def test_kiriage_changes_only_those_two_cells() -> None:
    kiriage = points_table(resolve_rules(RulesSpec(kiriage_mangan=True)))
    changed = [(a.han, a.fu) for a, b in zip(STANDARD.cells, kiriage.cells, strict=True) if a != b]
    assert changed == [(3, 60), (4, 30)]
    assert kiriage.kiriage_mangan
    assert not STANDARD.kiriage_mangan


def test_limits_rows() -> None:
    """The points rules §3: mangan 8000 (4000/2000), haneman 12000, baiman 16000, sanbaiman 24000,
    yakuman 32000 (16000/8000); a dealer's is 1.5× (points rules §4); double yakuman 64000."""
    rows = [
        (r.limit, r.han, r.yakuman, r.non_dealer.ron, r.non_dealer.tsumo_dealer, r.non_dealer.tsumo_non_dealer,
         r.dealer.ron, r.dealer.tsumo_each)
        for r in STANDARD.limits
    ]  # fmt: skip
    assert rows == [
        ("mangan", "5", 0, 8000, 4000, 2000, 12000, 4000),
        ("haneman", "6–7", 0, 12000, 6000, 3000, 18000, 6000),
        ("baiman", "8–10", 0, 16000, 8000, 4000, 24000, 8000),
        ("sanbaiman", "11–12", 0, 24000, 12000, 6000, 36000, 12000),
        ("kazoe_yakuman", "13+", 0, 32000, 16000, 8000, 48000, 16000),
        ("yakuman", None, 1, 32000, 16000, 8000, 48000, 16000),
        ("double_yakuman", None, 2, 64000, 32000, 16000, 96000, 32000),
    ]


def test_kazoe_sanbaiman_option_caps_13_han_at_24000() -> None:
    table = points_table(resolve_rules(RulesSpec(kazoe="sanbaiman")))
    kazoe = table.limits[4]
    assert (kazoe.limit, kazoe.han, kazoe.non_dealer.ron) == ("sanbaiman", "13+", 24000)


def test_kostarev_has_the_same_table_but_a_20_fu_ron_column() -> None:
    """The Kostarev rules §3.3–4: the same formula, limits and payments (/docs/rules §4); its fu checklist (§3.2) has no
    +2 for an open hand without fu, so 20 fu also exists by ron: 1 han 160 base → 640 → 700 (dealer 960 → 1,000),
    2 han 320 → 1,280 → 1,300 (dealer 1,920 → 2,000). Up to 4 han 110 fu no base passes 2,000 without a
    strict-limit condition, so mangan_cap off changes no cell here."""
    kostarev = {(c.han, c.fu): c for c in points_table(PRESETS["kostarev"]).cells}
    for cell in STANDARD.cells:
        other = kostarev[(cell.han, cell.fu)]
        if cell.fu != 20:
            assert other == cell
        else:
            assert (other.exists_ron, other.exists_tsumo) == (True, cell.exists_tsumo)
    assert (kostarev[(1, 20)].non_dealer.ron, kostarev[(1, 20)].dealer.ron) == (700, 1000)
    assert (kostarev[(2, 20)].non_dealer.ron, kostarev[(2, 20)].dealer.ron) == (1300, 2000)


def test_limit_rows_are_named_in_the_language() -> None:
    rows = points_table(PRESETS["standard"], "ru").limits
    assert [(r.limit, r.name) for r in rows][:2] == [("mangan", "Манган"), ("haneman", "Ханеман")]


def test_kids_has_no_table() -> None:
    with pytest.raises(ValueError, match="kids"):
        points_table(PRESETS["kids"])


# --- the rule worlds' tables (/docs/rulesets §3) ----------------------------------------------------


def _cell(preset: str, han: int, fu: int) -> TableCell:
    return next(c for c in points_table(PRESETS[preset]).cells if (c.han, c.fu) == (han, fu))


@pytest.mark.parametrize(("preset", "ron", "dealer_ron"), [("tenhou", 7700, 11600), ("wrc", 8000, 12000)])
def test_kiriage_mangan_per_world(preset: str, ron: int, dealer_ron: int) -> None:
    """§3 Kiriage: 4 han 30 fu = 30 × 2^6 = 1,920 base → 7,680 → 7,700 (dealer 11,520 → 11,600) on
    Tenhou; WRC rounds it up to mangan, 8,000 / 12,000."""
    cell = _cell(preset, 4, 30)
    assert (cell.non_dealer.ron, cell.dealer.ron) == (ron, dealer_ron)


@pytest.mark.parametrize(("preset", "base"), [("tenhou", 8000), ("majsoul", 8000), ("ema", 6000), ("mleague", 6000)])
def test_thirteen_han_per_world(preset: str, base: int) -> None:
    """§3 13+ han: kazoe yakuman (8,000 base, 32,000 ron) on Tenhou / Mahjong Soul; sanbaiman (6,000
    base, 24,000) in EMA and M-League."""
    row = next(r for r in points_table(PRESETS[preset]).limits if r.han == "13+")
    assert (row.base_points, row.non_dealer.ron) == (base, 4 * base)

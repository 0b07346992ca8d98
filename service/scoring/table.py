"""The points table: han 1–4 × fu 20–110 plus the limits, for given rules (/docs/rules §3 Limits, Payments;
points rules §1, §3, §4).

Every amount is computed, never typed in: :func:`.limits.base_points` (``base = fu ×
2^(2+han)``, the mangan cap, option ``kiriage_mangan``, option ``kazoe``) and
:func:`.payments.payments` (rounded up to 100 per payment). The literal table of the points rules
is in the tests, which compare every cell with this module (/docs/rules §3 Limits, Payments).

Which cells exist (points rules §1: "a dash means no hand has that value"):

* 20 fu is only pinfu tsumo: never ron, and tsumo only from 2 han (pinfu + menzen tsumo).
* 25 fu is only chiitoitsu (2 han, closed): ron from 2 han, tsumo from 3 han (+ menzen tsumo).
* 1 han 110 fu exists on ron only: a 1-han tsumo tops out at 100 fu (with a third concealed
  set the hand would have sanankou, with a third kan sankantsu).

Every other han 1–4 × fu 30–110 cell exists on both ron and tsumo.
"""

from __future__ import annotations

from typing import Final, Literal

import msgspec

from service.i18n import Language

from .limits import base_points
from .names import limit_name
from .payments import payments
from .presets import Rules

__all__ = [
    "FU_COLUMNS",
    "HAN_ROWS",
    "DealerPay",
    "LimitRow",
    "NonDealerPay",
    "PointsTable",
    "TableCell",
    "points_table",
]

HAN_ROWS: Final = (1, 2, 3, 4)
FU_COLUMNS: Final = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)


def cell_exists(han: int, fu: int, tsumo: bool, open_pinfu_fu: int = 2) -> bool:
    """Whether a hand of ``han`` han and ``fu`` fu can be won by ron (``tsumo`` False) or tsumo.

    20 fu by ron exists only where option ``open_pinfu_fu`` is 0 (kostarev, Kostarev rules §3.2: an open
    hand without fu stays 20 fu); otherwise 20 fu is pinfu tsumo, from 2 han.

    >>> [cell_exists(1, 20, True), cell_exists(2, 20, True), cell_exists(2, 20, False)]
    [False, True, False]
    >>> [cell_exists(2, 25, False), cell_exists(2, 25, True), cell_exists(3, 25, True)]
    [True, False, True]
    >>> [cell_exists(1, 110, False), cell_exists(1, 110, True)]
    [True, False]
    >>> cell_exists(1, 20, False, open_pinfu_fu=0)
    True
    """
    if fu == 20:
        return han >= 2 if tsumo else open_pinfu_fu == 0
    if fu == 25:
        return han >= (3 if tsumo else 2)
    if fu == 110 and han == 1:
        return not tsumo
    return 30 <= fu <= 110 and fu % 10 == 0


class NonDealerPay(msgspec.Struct, frozen=True, kw_only=True):
    """A non-dealer's win, in points (no honba, no sticks).

    `ron`: the discarder pays; `tsumo_dealer` / `tsumo_non_dealer`: what the dealer and each
    of the two other non-dealers pay on tsumo (three players: the one other, option `players`); `tsumo_total`
    their sum. Null = no such hand.
    """

    ron: int | None
    """What the discarder pays on a ron, points; null: no such hand."""
    tsumo_dealer: int | None
    """What the dealer pays on a tsumo, points; null: no such hand."""
    tsumo_non_dealer: int | None
    """What each other non-dealer pays on a tsumo, points; null: no such hand."""
    tsumo_total: int | None
    """Everything a tsumo brings, points; null: no such hand."""


class DealerPay(msgspec.Struct, frozen=True, kw_only=True):
    """The dealer's win, in points: `ron`; `tsumo_each` paid by each of the three (two, option `players` 3)
    others; `tsumo_total`.

    Null = no such hand.
    """

    ron: int | None
    """What the discarder pays on a ron, points; null: no such hand."""
    tsumo_each: int | None
    """What each other player pays on a tsumo, points; null: no such hand."""
    tsumo_total: int | None
    """Everything a tsumo brings, points; null: no such hand."""


class TableCell(msgspec.Struct, frozen=True, kw_only=True):
    """One han × fu cell: `base_points` after limits, `limit` (`none` or `mangan`), and the payments.

    `exists_ron` / `exists_tsumo`: whether a hand of this value exists (false: the table shows "–").
    """

    han: int
    """The han, 1–4."""
    fu: int
    """The fu, 20–110."""
    limit: str
    """`none`, or `mangan` where the value is capped."""
    base_points: int
    """fu × 2^(2+han) after limits, points."""
    exists_ron: bool
    """Whether a hand of this value can win by ron (false: the table shows "–")."""
    exists_tsumo: bool
    """Whether a hand of this value can win by tsumo."""
    non_dealer: NonDealerPay
    """A non-dealer's win of this value."""
    dealer: DealerPay
    """The dealer's win of this value."""


class LimitRow(msgspec.Struct, frozen=True, kw_only=True):
    """A limit hand (fu no longer counts): `han` is a range text such as `6–7`, or null for yakuman.

    `yakuman`: the yakuman multiple (0 for han limits). `name`: the limit's name in the answer's language.
    """

    limit: str
    """The limit's id (`mangan`, `haneman`, `baiman`, `sanbaiman`, `kazoe`, `yakuman`, `double_yakuman`)."""
    name: str
    """The limit's name in the answer's language."""
    han: str | None
    """The han that reach it as text such as `6–7`; null for yakuman."""
    yakuman: int
    """The yakuman multiple; 0 for a han limit."""
    base_points: int
    """The limit's base points."""
    non_dealer: NonDealerPay
    """A non-dealer's win at this limit."""
    dealer: DealerPay
    """The dealer's win at this limit."""


class PointsTable(msgspec.Struct, frozen=True, kw_only=True):
    """The points table for one set of rules (`GET /v1/table`).

    `cells`: han 1–4 × fu 20, 25, 30, 40 … 110, row by row. `limits`: mangan to sanbaiman,
    13+ han (kazoe: yakuman or sanbaiman by option `kazoe`), yakuman, and double yakuman where one can be
    paid (not with option `yakuman_cap` 1, as in `ema`: two yakuman pay one).
    All amounts in points, rounded up to 100 per payment (/docs/rules §3 Payments).
    """

    preset: str
    """The preset whose table this is."""
    kiriage_mangan: bool
    """Whether 4 han 30 fu and 3 han 60 fu are rounded up to mangan (option `kiriage_mangan`)."""
    kazoe: Literal["yakuman", "sanbaiman", "uncapped"]
    """What 13 or more han are worth (option `kazoe`)."""
    cells: list[TableCell]
    """Han 1–4 × fu 20, 25, 30, 40 … 110, row by row."""
    limits: list[LimitRow]
    """The limit hands, mangan upward."""


def _pays(base: int, ron_ok: bool, tsumo_ok: bool, rules: Rules) -> tuple[NonDealerPay, DealerPay]:
    players = rules.players
    bisection = rules.sanma_tsumo == "bisection"
    nd_ron = payments(base, dealer=False, tsumo=False).points
    nd_tsumo = payments(base, dealer=False, tsumo=True, players=players, bisection=bisection)
    d_ron = payments(base, dealer=True, tsumo=False).points
    d_tsumo = payments(base, dealer=True, tsumo=True, players=players, bisection=bisection)
    by_payer = {p.payer: p.amount for p in nd_tsumo.payments}
    non_dealer = NonDealerPay(
        ron=nd_ron if ron_ok else None,
        tsumo_dealer=by_payer["dealer"] if tsumo_ok else None,
        tsumo_non_dealer=by_payer["non_dealer"] if tsumo_ok else None,
        tsumo_total=nd_tsumo.points if tsumo_ok else None,
    )
    dealer = DealerPay(
        ron=d_ron if ron_ok else None,
        tsumo_each=d_tsumo.payments[0].amount if tsumo_ok else None,
        tsumo_total=d_tsumo.points if tsumo_ok else None,
    )
    return non_dealer, dealer


_HAN_LIMITS: Final = (("mangan", 5, "5"), ("haneman", 6, "6–7"), ("baiman", 8, "8–10"), ("sanbaiman", 11, "11–12"))


def points_table(rules: Rules, lang: Language = "en") -> PointsTable:
    """The full table for ``rules`` (/docs/rules §3 Limits and Payments; points rules §1, §3, §4).

    Reads options ``kiriage_mangan`` (4 han 30 fu and 3 han 60 fu become mangan),
    ``kazoe`` (what 13+ han is worth), ``mangan_cap`` and ``open_pinfu_fu`` (kostarev's 20 fu ron
    column), ``players`` and ``sanma_tsumo`` (three players: a tsumo from the two others, tsumo loss or
    north bisection, /docs/rulesets §7: `tsumo_non_dealer` is then the one other non-dealer's payment and
    `tsumo_total` the sum of the two); limit names are in ``lang``. Raises ``ValueError`` for a preset without han/fu
    (``kids``, /docs/rules §5), which has no table.

    >>> from .presets import PRESETS
    >>> t = points_table(PRESETS["standard"])
    >>> c = next(c for c in t.cells if (c.han, c.fu) == (3, 30))
    >>> (c.non_dealer.ron, c.non_dealer.tsumo_dealer, c.non_dealer.tsumo_non_dealer, c.dealer.ron)
    (3900, 2000, 1000, 5800)
    """
    if rules.scoring != "han_fu":
        raise ValueError(f"preset {rules.preset!r} scores without han and fu: it has no points table")
    cells = []
    for han in HAN_ROWS:
        for fu in FU_COLUMNS:
            base, limit = base_points(han, fu, rules)
            ron_ok = cell_exists(han, fu, False, rules.open_pinfu_fu)
            tsumo_ok = cell_exists(han, fu, True, rules.open_pinfu_fu)
            non_dealer, dealer = _pays(base, ron_ok, tsumo_ok, rules)
            cells.append(
                TableCell(
                    han=han,
                    fu=fu,
                    limit=limit,
                    base_points=base,
                    exists_ron=ron_ok,
                    exists_tsumo=tsumo_ok,
                    non_dealer=non_dealer,
                    dealer=dealer,
                )
            )
    limits = []
    rows: list[tuple[str, str | None, int, tuple[int, str]]] = [
        (name, text, 0, base_points(han, 0, rules)) for name, han, text in _HAN_LIMITS
    ]
    rows.append(("kazoe", "13+", 0, base_points(13, 0, rules)))
    rows += [
        ("yakuman", None, m, base_points(0, 0, rules, yakuman=m))
        for m in (1, 2)
        if m == 1 or rules.yakuman_cap != 1  # a cap of 1 pays two yakuman as one: no double yakuman row
    ]
    for _, text, multiple, (base, limit) in rows:
        non_dealer, dealer = _pays(base, True, True, rules)
        limits.append(
            LimitRow(
                limit=limit,
                name=limit_name(limit, lang),
                han=text,
                yakuman=multiple,
                base_points=base,
                non_dealer=non_dealer,
                dealer=dealer,
            )
        )
    return PointsTable(
        preset=rules.preset, kiriage_mangan=rules.kiriage_mangan, kazoe=rules.kazoe, cells=cells, limits=limits
    )

"""Fu (minipoints), itemised (/docs/rules §3 Fu, points rules §2, Kostarev rules §3.2).

20 base; +10 closed ron; +2 tsumo except pinfu tsumo (option ``pinfu_tsumo_fu`` 2: a pinfu-shaped
tsumo takes them too and is then not pinfu); value pair 2 (double wind pair by
option 4 or 2); triplets open simple 2, doubled for closed, doubled for terminal/honour,
×4 for a kan; kanchan/penchan/tanki 2; an open hand with no fu on ron gets +2 (30 fu) under
option ``open_pinfu_fu`` 2 (kostarev: 0, it stays 20 fu, /docs/rules §4; Kostarev rules §3.2).
The sum is rounded up to 10; chiitoitsu is 25 flat.
"""

from __future__ import annotations

from typing import Final

from .hand import KAN, RUN, Ctx
from .model import FuItem
from .names import fu_name
from .yaku import pinfu

__all__ = ["FU", "fu_items", "round_fu"]

FU: Final = {
    "base": 20,
    "chiitoitsu": 25,
    "closed_ron": 10,
    "tsumo": 2,
    "open_pinfu": 2,
    "pair_dragon": 2,
    "pair_seat_wind": 2,
    "pair_round_wind": 2,
    "kanchan": 2,
    "penchan": 2,
    "tanki": 2,
    "open_triplet_simple": 2,
    "closed_triplet_simple": 4,
    "open_triplet_terminal": 4,
    "closed_triplet_terminal": 8,
    "open_kan_simple": 8,
    "closed_kan_simple": 16,
    "open_kan_terminal": 16,
    "closed_kan_terminal": 32,
}
"""Every fixed fu item by id (``terminal`` = a 1, 9 or honour).

``pair_double_wind`` is not fixed: it is the option ``double_wind_pair_fu`` (4 or 2).
"""


_ITEM: Final = {key: FuItem(key, fu, fu_name(key)) for key, fu in FU.items()}
_DOUBLE_WIND: Final = {fu: FuItem("pair_double_wind", fu, fu_name("pair_double_wind")) for fu in (2, 4)}
_TRIPLET: Final = [
    _ITEM[f"{'closed' if concealed else 'open'}_{'kan' if kan else 'triplet'}_{'terminal' if terminal else 'simple'}"]
    for concealed in (False, True)
    for kan in (False, True)
    for terminal in (False, True)
]
"""Triplet and kan items indexed by ``4 × concealed + 2 × kan + terminal``."""


_BASE: Final = _ITEM["base"]
_CHIITOITSU: Final = _ITEM["chiitoitsu"]
_CLOSED_RON: Final = _ITEM["closed_ron"]
_TSUMO: Final = _ITEM["tsumo"]
_PAIR_DRAGON: Final = _ITEM["pair_dragon"]
_PAIR_SEAT_WIND: Final = _ITEM["pair_seat_wind"]
_PAIR_ROUND_WIND: Final = _ITEM["pair_round_wind"]
_KANCHAN: Final = _ITEM["kanchan"]
_PENCHAN: Final = _ITEM["penchan"]
_TANKI: Final = _ITEM["tanki"]
_OPEN_PINFU: Final = _ITEM["open_pinfu"]


def round_fu(total: int) -> int:
    """Round a fu sum up to the next 10 (25 stays 25 only for chiitoitsu, which is not summed)."""
    return -(-total // 10) * 10


def fu_items(c: Ctx) -> list[FuItem]:
    """The fu items of one reading, before rounding; see the module docstring for the rules."""
    if c.shape == "chiitoitsu":
        return [_CHIITOITSU]
    hand = c.hand
    items = [_BASE]
    if c.menzen and not hand.tsumo:
        items.append(_CLOSED_RON)
    if hand.tsumo and not pinfu(c):
        items.append(_TSUMO)
    for g in c.groups:
        if g.type != RUN:
            items.append(_TRIPLET[(4 if g.concealed else 0) + (2 if g.type == KAN else 0) + (1 if g.terminal else 0)])
    pair = c.pair
    if pair >= 31:  # a dragon
        items.append(_PAIR_DRAGON)
    elif pair >= 0 and pair == hand.seat and pair == hand.round:
        items.append(_DOUBLE_WIND[c.opts.double_wind_pair_fu])
    elif pair >= 0 and pair == hand.seat:
        items.append(_PAIR_SEAT_WIND)
    elif pair >= 0 and pair == hand.round:
        items.append(_PAIR_ROUND_WIND)
    wait = c.wait
    if wait == "kanchan":
        items.append(_KANCHAN)
    elif wait == "penchan":
        items.append(_PENCHAN)
    elif wait == "tanki" or c.shape == "kokushi":
        items.append(_TANKI)  # kokushi (scored for fu only under option aotenjou): a single wait, 40 fu ron, 30 tsumo
    if not c.menzen and not hand.tsumo and len(items) == 1 and c.opts.open_pinfu_fu:
        items.append(_OPEN_PINFU)  # option open_pinfu_fu: 2 (standard) or 0 (kostarev, Kostarev rules §3.2)
    return items

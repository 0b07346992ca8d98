"""Yaku and yakuman: one pure predicate plus frozen data per yaku (/docs/rules §3, §4).

Each :class:`Yaku` carries its id (as `GET /v1/yaku` lists it), han closed / open (``None`` = closed only),
yakuman multiple, and the ids it replaces. :data:`REGISTRY` is keyed by id and never
changes at run time; :func:`active_yaku` selects the entries a preset uses.

Each predicate is registered by a call right after its ``def`` (``_yaku(…)(name)``), not as a
decorator: mypyc calls a decorated function through the module's dictionary and the Python calling
convention, an undecorated one directly in C (:func:`_holds`, fu's call of :func:`pinfu`).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Final, NamedTuple

from .contract import NATIVE_YAKU
from .hand import FACTS, HONOURS_MASK, TERMINALS_AND_HONOURS_MASK, Ctx, kind_mask
from .model import YakuItem
from .names import yaku_name
from .presets import Rules

__all__ = ["REGISTRY", "Candidate", "Yaku", "active_yaku", "evaluate_yaku", "yaku_table"]

ALL_KINDS_MASK: Final = (1 << 34) - 1
NOT_TERMINALS_MASK: Final = ALL_KINDS_MASK ^ kind_mask({0, 8, 9, 17, 18, 26})
NOT_TERMINALS_OR_HONOURS_MASK: Final = ALL_KINDS_MASK ^ TERMINALS_AND_HONOURS_MASK
NOT_HONOURS_MASK: Final = ALL_KINDS_MASK ^ HONOURS_MASK
NOT_GREEN_MASK: Final = ALL_KINDS_MASK ^ kind_mask({19, 20, 21, 23, 25, 32})  # 2s 3s 4s 6s 8s 6z
NOT_GREEN_NO_8S_MASK: Final = NOT_GREEN_MASK | (1 << 25)
CHUUREN_BASE: Final[tuple[int, ...]] = (3, 1, 1, 1, 1, 1, 1, 1, 3)  # variable-length type: indexed, not re-boxed


class Yaku(NamedTuple):
    """Frozen data of one yaku.

    ``han_open`` None = closed only; ``yakuman`` = multiple (0 for ordinary yaku);
    ``double``: a double yakuman that counts ×1 when option ``double_yakuman`` is off;
    ``replaces``: ids dropped when this one applies (ryanpeikou replaces iipeikou, …).
    ``key`` is the registry key (equal to ``id`` except for option variants);
    ``situational``: holds only when the request declares a situation flag (riichi,
    ippatsu, haitei, …), so hands without any flag skip it. ``needs``: facts
    (:data:`~.hand.FACTS`) every reading with this yaku has, so readings without them skip
    the predicate (a necessary condition, checked by the tests; the predicate decides).
    """

    key: str
    id: str
    han_closed: int
    han_open: int | None
    test: Callable[[Ctx], bool]
    yakuman: int = 0
    double: bool = False
    replaces: tuple[str, ...] = ()
    situational: bool = False
    needs: tuple[str, ...] = ()


REGISTRY: Final[dict[str, Yaku]] = {}


def _yaku(
    key: str,
    han_closed: int,
    han_open: int | None,
    *,
    yakuman: int = 0,
    double: bool = False,
    replaces: tuple[str, ...] = (),
    id: str | None = None,
    situational: bool = False,
    needs: tuple[str, ...] = (),
) -> Callable[[Callable[[Ctx], bool]], Callable[[Ctx], bool]]:
    def register(test: Callable[[Ctx], bool]) -> Callable[[Ctx], bool]:
        REGISTRY[key] = Yaku(key, id or key, han_closed, han_open, test, yakuman, double, replaces, situational, needs)
        return test

    return register


# --- 1 han ----------------------------------------------------------------------------


def riichi(c: Ctx) -> bool:
    """立直 Riichi: declared riichi (double riichi implies it)."""
    return c.hand.riichi


_yaku("riichi", 1, None, situational=True, needs=("riichi",))(riichi)


def double_riichi(c: Ctx) -> bool:
    """ダブル立直 Double riichi: riichi declared on the first uninterrupted discard."""
    return c.hand.double_riichi


_yaku("double_riichi", 2, None, replaces=("riichi",), situational=True, needs=("double_riichi",))(double_riichi)


def ippatsu(c: Ctx) -> bool:
    """一発 Ippatsu: win within one go-around after riichi."""
    return c.hand.ippatsu


_yaku("ippatsu", 1, None, situational=True, needs=("ippatsu",))(ippatsu)


def menzen_tsumo(c: Ctx) -> bool:
    """門前清自摸和 Menzen tsumo: self-drawn win with a closed hand."""
    return c.hand.tsumo and c.menzen


_yaku("menzen_tsumo", 1, None, needs=("tsumo",))(menzen_tsumo)


def pinfu(c: Ctx) -> bool:
    """平和 Pinfu: closed, four runs, a non-value pair, won on a two-sided (ryanmen) wait.

    Option ``pinfu_tsumo_fu`` 2 (the ``mahjong`` package's ``fu_for_pinfu_tsumo``): a tsumo takes
    its 2 tsumo fu, so the hand is then not pinfu (/docs/rulesets §8).
    """
    return (
        c.n_runs == 4
        and c.menzen
        and not c.is_value_pair
        and c.wait == "ryanmen"
        and not (c.hand.tsumo and c.opts.pinfu_tsumo_fu)
    )


_yaku("pinfu", 1, None, needs=("standard", "runs", "ryanmen"))(pinfu)


def tanyao(c: Ctx) -> bool:
    """断么九 Tanyao: no terminals or honours; open only with option ``kuitan``."""
    return (c.menzen or c.opts.kuitan) and not (c.mask & TERMINALS_AND_HONOURS_MASK)


_yaku("tanyao", 1, 1, needs=("simples_only",))(tanyao)


def iipeikou(c: Ctx) -> bool:
    """一盃口 Iipeikou: two identical runs, closed hand."""
    return c.menzen and c.identical_runs >= 1


_yaku("iipeikou", 1, None, needs=("identical_runs",))(iipeikou)


def haku(c: Ctx) -> bool:
    """役牌 Yakuhai (haku): a triplet or kan of White (5z)."""
    return bool(c.triplet_mask >> 31 & 1)


_yaku("haku", 1, 1, needs=("dragon_triplet",))(haku)


def hatsu(c: Ctx) -> bool:
    """役牌 Yakuhai (hatsu): a triplet or kan of Green (6z)."""
    return bool(c.triplet_mask >> 32 & 1)


_yaku("hatsu", 1, 1, needs=("dragon_triplet",))(hatsu)


def chun(c: Ctx) -> bool:
    """役牌 Yakuhai (chun): a triplet or kan of Red (7z)."""
    return bool(c.triplet_mask >> 33 & 1)


_yaku("chun", 1, 1, needs=("dragon_triplet",))(chun)


def seat_wind(c: Ctx) -> bool:
    """自風 Seat wind: a triplet or kan of the winner's seat wind."""
    return c.hand.seat >= 0 and bool(c.triplet_mask >> c.hand.seat & 1)


_yaku("seat_wind", 1, 1, needs=("wind_triplet",))(seat_wind)


def round_wind(c: Ctx) -> bool:
    """場風 Round wind: a triplet or kan of the round wind."""
    return c.hand.round >= 0 and bool(c.triplet_mask >> c.hand.round & 1)


_yaku("round_wind", 1, 1, needs=("wind_triplet",))(round_wind)


def haitei(c: Ctx) -> bool:
    """海底摸月 Haitei: tsumo on the last wall tile."""
    return c.hand.haitei


_yaku("haitei", 1, 1, situational=True, needs=("haitei",))(haitei)


def houtei(c: Ctx) -> bool:
    """河底撈魚 Houtei: ron on the last discard."""
    return c.hand.houtei


_yaku("houtei", 1, 1, situational=True, needs=("houtei",))(houtei)


def rinshan(c: Ctx) -> bool:
    """嶺上開花 Rinshan kaihou: tsumo on the replacement tile after a kan."""
    return c.hand.rinshan


_yaku("rinshan", 1, 1, situational=True, needs=("rinshan",))(rinshan)


def chankan(c: Ctx) -> bool:
    """搶槓 Chankan: ron on a tile another player adds to a pon (shouminkan)."""
    return c.hand.chankan


_yaku("chankan", 1, 1, situational=True, needs=("chankan",))(chankan)


# --- 2 han ----------------------------------------------------------------------------


def chiitoitsu(c: Ctx) -> bool:
    """七対子 Chiitoitsu: seven different pairs (25 fu)."""
    return c.shape == "chiitoitsu"


_yaku("chiitoitsu", 2, None, needs=("chiitoitsu",))(chiitoitsu)


def sanshoku(c: Ctx) -> bool:
    """三色同順 Sanshoku doujun: the same run in all three suits."""
    runs = c.run_mask
    return bool(runs & (runs >> 9) & (runs >> 18) & 0x1FF)  # a man run whose pin and sou twins exist


_yaku("sanshoku", 2, 1, needs=("three_runs",))(sanshoku)


def ittsu(c: Ctx) -> bool:
    """一気通貫 Ittsu: 123, 456 and 789 of one suit."""
    runs = c.run_mask
    return (runs & 0x49) == 0x49 or (runs >> 9 & 0x49) == 0x49 or (runs >> 18 & 0x49) == 0x49  # 0x49: 1, 4, 7


_yaku("ittsu", 2, 1, needs=("three_runs",))(ittsu)


def _all_sets_terminal(c: Ctx) -> bool:
    if c.pair < 0 or not (TERMINALS_AND_HONOURS_MASK >> c.pair) & 1:
        return False
    return all(g.terminal for g in c.groups)


_BITS: Final = tuple(bin(n).count("1") for n in range(16))
"""How many bits are set in 0–15 (dragons: ``triplet_mask >> 31``; winds: ``>> 27 & 15``)."""


def chanta(c: Ctx) -> bool:
    """混全帯么九 Chanta: every set and the pair hold a terminal or honour.

    Standard also needs a run (/docs/rules §3); kostarev reads it literally (§4), so an
    all-terminals-and-dragons toitoi is chanta there (option data ``chanta_needs_run``).
    """
    return _all_sets_terminal(c) and (not c.opts.chanta_needs_run or c.n_runs > 0)


_yaku("chanta", 2, 1, needs=("standard", "terminal_pair"))(chanta)


def toitoi(c: Ctx) -> bool:
    """対々和 Toitoi: four triplets or kans."""
    return c.n_triplets == 4


_yaku("toitoi", 2, 2, needs=("three_triplets",))(toitoi)


def sanankou(c: Ctx) -> bool:
    """三暗刻 Sanankou: three concealed triplets or closed kans (ron-completed ones are open)."""
    return c.concealed >= 3


_yaku("sanankou", 2, 2, needs=("three_triplets",))(sanankou)


def sanshoku_doukou(c: Ctx) -> bool:
    """三色同刻 Sanshoku doukou: a triplet of the same number in all three suits."""
    trips = c.triplet_mask
    return bool(trips & (trips >> 9) & (trips >> 18) & 0x1FF)


_yaku("sanshoku_doukou", 2, 2, needs=("three_triplets",))(sanshoku_doukou)


def sankantsu(c: Ctx) -> bool:
    """三槓子 Sankantsu: three kans."""
    return c.kans == 3


_yaku("sankantsu", 2, 2, needs=("kans", "three_triplets"))(sankantsu)


def shousangen(c: Ctx) -> bool:
    """小三元 Shousangen: two dragon triplets and a dragon pair."""
    return c.pair >= 31 and _BITS[c.triplet_mask >> 31] == 2  # 31–33: dragons


_yaku("shousangen", 2, 2, needs=("dragon_triplet",))(shousangen)


def honroutou(c: Ctx) -> bool:
    """混老頭 Honroutou: only terminals and honours (also as seven pairs)."""
    return c.shape != "kokushi" and not (c.mask & NOT_TERMINALS_OR_HONOURS_MASK)


_yaku("honroutou", 2, 2, replaces=("chanta",), needs=("terminals_and_honours_only",))(honroutou)


# --- 3 han and more --------------------------------------------------------------------


def ryanpeikou(c: Ctx) -> bool:
    """二盃口 Ryanpeikou: two iipeikou, closed hand."""
    return c.menzen and c.identical_runs == 2


_yaku("ryanpeikou", 3, None, replaces=("iipeikou",), needs=("identical_runs",))(ryanpeikou)


def junchan(c: Ctx) -> bool:
    """純全帯么九 Junchan: every set and the pair hold a terminal, no honours, a run."""
    return _all_sets_terminal(c) and not c.honours and c.n_runs > 0


_yaku("junchan", 3, 2, replaces=("chanta",), needs=("standard", "runs", "no_honours", "terminal_pair"))(junchan)


def honitsu(c: Ctx) -> bool:
    """混一色 Honitsu: one suit plus honours."""
    return c.suits == 1 and c.honours


_yaku("honitsu", 3, 2, needs=("honours", "one_suit"))(honitsu)


def chinitsu(c: Ctx) -> bool:
    """清一色 Chinitsu: one suit, no honours."""
    return c.suits == 1 and not c.honours


_yaku("chinitsu", 6, 5, needs=("one_suit", "no_honours"))(chinitsu)


def renhou_mangan(c: Ctx) -> bool:
    """人和 Renhou (option ``renhou``: ``yaku`` or ``mangan``): non-dealer ron before the first own draw,
    5 han (``mangan``: scored apart as a fixed mangan, see :mod:`.scorer`)."""
    return c.hand.renhou


_yaku("renhou", 5, None, situational=True, needs=("renhou",))(renhou_mangan)


def open_riichi(c: Ctx) -> bool:
    """オープン立直 Open riichi (option ``open_riichi``): riichi declared with the hand shown, 2 han."""
    return c.hand.open_riichi and not c.hand.double_riichi


_yaku("open_riichi", 2, None, replaces=("riichi",), situational=True, needs=("open_riichi",))(open_riichi)


def double_open_riichi(c: Ctx) -> bool:
    """ダブルオープン立直 Double open riichi (option ``open_riichi``): double riichi declared open, 3 han."""
    return c.hand.open_riichi and c.hand.double_riichi


_yaku(
    "double_open_riichi",
    3,
    None,
    replaces=("riichi", "double_riichi"),
    situational=True,
    needs=("open_riichi", "double_riichi"),
)(double_open_riichi)


def nagashi_mangan(c: Ctx) -> bool:
    """流し満貫 Nagashi mangan (option ``nagashi_mangan``): no win, scored apart by :mod:`.scorer` as a
    mangan tsumo (request flag ``nagashi_mangan``); never a reading's yaku."""
    return False


_yaku("nagashi_mangan", 5, 5, situational=True, needs=("scored_apart",))(nagashi_mangan)


# --- yakuman ----------------------------------------------------------------------------


def _kokushi_13(c: Ctx) -> bool:
    # the 13 before the win are 13 different orphans exactly when the winning tile made the pair
    return c.shape == "kokushi" and c.counts[c.hand.win] == 2


def kokushi(c: Ctx) -> bool:
    """国士無双 Kokushi musou: one of each terminal and honour plus a pair of one."""
    return c.shape == "kokushi"


_yaku("kokushi", 13, None, yakuman=1, needs=("kokushi",))(kokushi)


def kokushi_13(c: Ctx) -> bool:
    """国士無双十三面 Kokushi 13-sided: the 13 tiles before the win are 13 different orphans."""
    return _kokushi_13(c)


_yaku("kokushi_13", 26, None, yakuman=2, double=True, replaces=("kokushi",), needs=("kokushi",))(kokushi_13)


def suuankou(c: Ctx) -> bool:
    """四暗刻 Suuankou: four concealed triplets (by ron only on a tanki wait)."""
    return c.concealed == 4


_yaku("suuankou", 13, None, yakuman=1, needs=("three_triplets",))(suuankou)


def suuankou_tanki(c: Ctx) -> bool:
    """四暗刻単騎 Suuankou tanki: four concealed triplets, won on the pair."""
    return suuankou(c) and c.wait == "tanki"


_yaku("suuankou_tanki", 26, None, yakuman=2, double=True, replaces=("suuankou",), needs=("three_triplets",))(
    suuankou_tanki
)


def daisangen(c: Ctx) -> bool:
    """大三元 Daisangen: triplets of all three dragons."""
    return c.triplet_mask >> 31 == 7


_yaku("daisangen", 13, 13, yakuman=1, needs=("dragon_triplet", "three_triplets"))(daisangen)


def shousuushii(c: Ctx) -> bool:
    """小四喜 Shousuushii: three wind triplets and a wind pair."""
    return 27 <= c.pair <= 30 and _BITS[c.triplet_mask >> 27 & 15] == 3


_yaku("shousuushii", 13, 13, yakuman=1, needs=("wind_triplet", "three_triplets"))(shousuushii)


def daisuushii(c: Ctx) -> bool:
    """大四喜 Daisuushii: four wind triplets."""
    return c.triplet_mask >> 27 & 15 == 15


_yaku("daisuushii", 26, 26, yakuman=2, double=True, needs=("wind_triplet", "three_triplets"))(daisuushii)


def tsuuiisou(c: Ctx) -> bool:
    """字一色 Tsuuiisou: honours only (also as seven pairs)."""
    return not (c.mask & NOT_HONOURS_MASK)


_yaku("tsuuiisou", 13, 13, yakuman=1, needs=("no_suit",))(tsuuiisou)


def ryuuiisou(c: Ctx) -> bool:
    """緑一色 Ryuuiisou: only 2, 3, 4, 6, 8 sou and Green; Green not required (/docs/rules §3, §4)."""
    return not (c.mask & (NOT_GREEN_MASK if c.opts.ryuuiisou_8s else NOT_GREEN_NO_8S_MASK))


_yaku("ryuuiisou", 13, 13, yakuman=1, needs=("green_only",))(ryuuiisou)


def chinroutou(c: Ctx) -> bool:
    """清老頭 Chinroutou: terminals only."""
    return not (c.mask & NOT_TERMINALS_MASK)


_yaku("chinroutou", 13, 13, yakuman=1, needs=("terminals_only",))(chinroutou)


def _chuuren_counts(c: Ctx, counts: list[int]) -> list[int] | None:
    if c.hand.melds or c.suits != 1 or c.honours:
        return None
    s = 0 if c.mask & 0x1FF else (9 if c.mask & (0x1FF << 9) else 18)
    return counts[s : s + 9]


def chuuren(c: Ctx) -> bool:
    """九蓮宝燈 Chuuren poutou: 1112345678999 of one suit plus any tile of it, no calls."""
    suit = _chuuren_counts(c, c.counts)
    if suit is None:
        return False
    return all(suit[i] >= CHUUREN_BASE[i] for i in range(9))


_yaku("chuuren", 13, None, yakuman=1, needs=("one_suit", "no_honours", "no_melds"))(chuuren)


def junsei_chuuren(c: Ctx) -> bool:
    """純正九蓮宝燈 Junsei chuuren: the 13 tiles before the win are exactly 1112345678999 (nine-sided)."""
    # the 13 before the win are the base exactly when the winning tile is the extra one
    win = c.hand.win
    return chuuren(c) and c.counts[win] == CHUUREN_BASE[win % 9] + 1


_yaku(
    "junsei_chuuren",
    26,
    None,
    yakuman=2,
    double=True,
    replaces=("chuuren",),
    needs=("one_suit", "no_honours", "no_melds"),
)(junsei_chuuren)


def suukantsu(c: Ctx) -> bool:
    """四槓子 Suukantsu: four kans."""
    return c.kans == 4


_yaku("suukantsu", 13, 13, yakuman=1, needs=("kans", "three_triplets"))(suukantsu)


def tenhou(c: Ctx) -> bool:
    """天和 Tenhou: the dealer wins on the initial deal."""
    return c.hand.tenhou


_yaku("tenhou", 13, None, yakuman=1, situational=True, needs=("tenhou",))(tenhou)


def chiihou(c: Ctx) -> bool:
    """地和 Chiihou: a non-dealer wins by tsumo on the first uninterrupted draw."""
    return c.hand.chiihou


_yaku("chiihou", 13, None, yakuman=1, situational=True, needs=("chiihou",))(chiihou)


_yaku("renhou_yakuman", 13, None, yakuman=1, id="renhou", situational=True, needs=("renhou",))(renhou_mangan)


def _daisharin_shape(c: Ctx, suit: int) -> bool:
    # 2–8 of ``suit``, two of each, nothing else (seven pairs or the ryanpeikou readings alike)
    if c.mask != 0x7F << (9 * suit + 1):
        return False
    counts = c.counts
    first = 9 * suit + 1
    return all(counts[first + i] == 2 for i in range(7))


def daisharin(c: Ctx) -> bool:
    """大車輪 Daisharin (option ``daisharin``): 22334455667788p, closed."""
    return _daisharin_shape(c, 1)


_yaku("daisharin", 13, None, yakuman=1, needs=("no_melds", "one_suit", "simples_only"))(daisharin)


def daisuurin(c: Ctx) -> bool:
    """大数隣 Daisuurin (option ``daisharin_other_suits``): 22334455667788m, closed."""
    return _daisharin_shape(c, 0)


_yaku("daisuurin", 13, None, yakuman=1, needs=("no_melds", "one_suit", "simples_only"))(daisuurin)


def daichikurin(c: Ctx) -> bool:
    """大竹林 Daichikurin (option ``daisharin_other_suits``): 22334455667788s, closed."""
    return _daisharin_shape(c, 2)


_yaku("daichikurin", 13, None, yakuman=1, needs=("no_melds", "one_suit", "simples_only"))(daichikurin)


def daichisei(c: Ctx) -> bool:
    """大七星 Daichisei (option ``daichisei``): seven pairs of honours; it adds to tsuuiisou."""
    return c.shape == "chiitoitsu" and not (c.mask & NOT_HONOURS_MASK)


_yaku("daichisei", 13, None, yakuman=1, needs=("chiitoitsu", "no_suit"))(daichisei)


def sashikomi(c: Ctx) -> bool:
    """差し込み Sashikomi (option ``sashikomi_yakuman``): a ron in open riichi on the discard of a player
    not in riichi (request flag ``sashikomi``)."""
    return c.hand.sashikomi


_yaku("sashikomi", 13, None, yakuman=1, situational=True, needs=("sashikomi",))(sashikomi)


def paarenchan(c: Ctx) -> bool:
    """八連荘 Paarenchan (option ``paarenchan``): the request's ``paarenchan`` yakuman multiple, added by
    :mod:`.scorer` (with another yaku, or always); never a reading's predicate."""
    return False


_yaku("paarenchan", 13, 13, yakuman=1, situational=True, needs=("scored_apart",))(paarenchan)


def _native_tests() -> tuple[Callable[[Ctx], bool], ...]:
    """:data:`_NATIVE_TESTS`: the registered predicates named by :data:`.contract.NATIVE_YAKU`, in its order."""
    by_name = {y.test.__name__: y.test for y in REGISTRY.values()}
    return tuple(by_name[name] for name in NATIVE_YAKU)


_NATIVE_TESTS: Final[tuple[Callable[[Ctx], bool], ...]] = _native_tests()
"""The predicates :func:`_holds` calls directly, by their index here (most often called first):
a :class:`Candidate` whose test is one of them carries that index as ``code`` (any other, -1, is
called through its function object)."""


def _holds(code: int, c: Ctx) -> bool:
    """``_NATIVE_TESTS[code](c)``, as a direct C call (long: one branch per predicate).

    A predicate called through its function object goes through the Python calling convention (the
    argument checked, the result boxed as a bool), five or six calls a reading; a
    direct call of a compiled function is a C call. ``tests/scoring/test_yaku_dispatch.py`` checks
    that every branch calls the predicate at its index."""
    if code < 8:
        if code == 0:
            return pinfu(c)
        if code == 1:
            return tanyao(c)
        if code == 2:
            return riichi(c)
        if code == 3:
            return menzen_tsumo(c)
        if code == 4:
            return iipeikou(c)
        if code == 5:
            return haku(c)
        if code == 6:
            return hatsu(c)
        return chun(c)
    if code < 16:
        if code == 8:
            return seat_wind(c)
        if code == 9:
            return round_wind(c)
        if code == 10:
            return chanta(c)
        if code == 11:
            return sanshoku(c)
        if code == 12:
            return ittsu(c)
        if code == 13:
            return toitoi(c)
        if code == 14:
            return sanankou(c)
        return honitsu(c)
    if code < 24:
        if code == 16:
            return chinitsu(c)
        if code == 17:
            return shousangen(c)
        if code == 18:
            return sanshoku_doukou(c)
        if code == 19:
            return junchan(c)
        if code == 20:
            return honroutou(c)
        if code == 21:
            return ryanpeikou(c)
        if code == 22:
            return chiitoitsu(c)
        return ippatsu(c)
    if code < 32:
        if code == 24:
            return double_riichi(c)
        if code == 25:
            return haitei(c)
        if code == 26:
            return houtei(c)
        if code == 27:
            return rinshan(c)
        if code == 28:
            return chankan(c)
        if code == 29:
            return sankantsu(c)
        if code == 30:
            return suuankou(c)
        return suuankou_tanki(c)
    if code < 40:
        if code == 32:
            return daisangen(c)
        if code == 33:
            return shousuushii(c)
        if code == 34:
            return daisuushii(c)
        if code == 35:
            return tsuuiisou(c)
        if code == 36:
            return ryuuiisou(c)
        if code == 37:
            return chinroutou(c)
        if code == 38:
            return chuuren(c)
        return junsei_chuuren(c)
    if code < 48:
        if code == 40:
            return suukantsu(c)
        if code == 41:
            return kokushi(c)
        if code == 42:
            return kokushi_13(c)
        if code == 43:
            return tenhou(c)
        if code == 44:
            return chiihou(c)
        if code == 45:
            return renhou_mangan(c)
        if code == 46:
            return open_riichi(c)
        return double_open_riichi(c)
    if code < 53:
        if code == 48:
            return daisharin(c)
        if code == 49:
            return daisuurin(c)
        if code == 50:
            return daichikurin(c)
        if code == 51:
            return daichisei(c)
        return sashikomi(c)
    raise ValueError(f"no predicate {code}")


AOTENJOU_DROPS: Final[dict[str, tuple[str, ...]]] = {
    "daisangen": ("haku", "hatsu", "chun", "shousangen"),
    "tsuuiisou": ("toitoi", "honroutou"),
    "daisuushii": ("toitoi",),
    "suuankou": ("toitoi", "sanankou"),
    "suuankou_tanki": ("toitoi", "sanankou"),
    "chinroutou": ("toitoi", "honroutou"),
    "suukantsu": ("toitoi", "sankantsu"),
    "chuuren": ("chinitsu",),
    "junsei_chuuren": ("chinitsu",),
    "daisharin": ("chinitsu", "pinfu", "tanyao", "ryanpeikou", "iipeikou", "chiitoitsu"),
    "daisuurin": ("chinitsu", "pinfu", "tanyao", "ryanpeikou", "iipeikou", "chiitoitsu"),
    "daichikurin": ("chinitsu", "pinfu", "tanyao", "ryanpeikou", "iipeikou", "chiitoitsu"),
    "ryuuiisou": ("honitsu",),
}
"""Option ``aotenjou``: the ordinary yaku a yakuman already stands for, dropped beside it (the
``mahjong`` package's ``Aotenjou.aotenjou_filter_yaku``; /docs/rulesets §8)."""


@lru_cache(maxsize=256)
def active_yaku(rules: Rules) -> tuple[tuple[Yaku, ...], tuple[Yaku, ...]]:
    """The registry entries a rule set uses, in registry order: ``(ordinary, yakuman)``.

    The preset's ``yaku`` set decides; option ``renhou`` picks ``off`` / 5-han (``yaku``, ``mangan``)
    / yakuman; the local yaku of /docs/rulesets §8 come with their options (``daisharin``,
    ``daisharin_other_suits``, ``daichisei``, ``open_riichi``, ``sashikomi_yakuman``, ``paarenchan``)
    and nagashi mangan with ``nagashi_mangan``, in han/fu presets.
    """
    keys = set(rules.yaku)
    keys.discard("renhou")
    if "renhou" in rules.yaku and rules.renhou != "off":
        keys.add("renhou_yakuman" if rules.renhou == "yakuman" else "renhou")
    if rules.scoring == "han_fu":
        if rules.daisharin or rules.daisharin_other_suits:
            keys.add("daisharin")
        if rules.daisharin_other_suits:
            keys.update(("daisuurin", "daichikurin"))
        if rules.daichisei:
            keys.add("daichisei")
        if rules.open_riichi and "riichi" in rules.yaku:
            keys.add("open_riichi")
            if "double_riichi" in rules.yaku:
                keys.add("double_open_riichi")
        if rules.sashikomi_yakuman and rules.open_riichi:
            keys.add("sashikomi")
        if rules.paarenchan != "off":
            keys.add("paarenchan")
        if rules.nagashi_mangan:
            keys.add("nagashi_mangan")
    used = [y for key, y in REGISTRY.items() if key in keys]
    return tuple(y for y in used if not y.yakuman), tuple(y for y in used if y.yakuman)


class Candidate:
    """A yaku as one rule set scores it on one kind of hand (closed or open).

    ``han``: its han there (13 × multiple for a yakuman, the multiple already reduced to 1
    for a double yakuman when option ``double_yakuman`` is off); ``item``: the shared
    :class:`~.model.YakuItem` the result lists; ``yakuman``: the multiple (0 for ordinary).
    """

    def __init__(self, yaku: Yaku, han: int, yakuman: int) -> None:
        self.yaku = yaku
        self.test = yaku.test
        self.id = yaku.id
        self.han = han
        self.yakuman = yakuman
        self.replaces = yaku.replaces
        self.item = YakuItem(yaku.id, han, yaku_name(yaku.id))
        self.code = _native_code(yaku.test)
        """The index of the predicate in :data:`_NATIVE_TESTS` (called by :func:`_holds`), or -1."""
        needs = 0
        for name in yaku.needs:
            needs |= FACTS[name]
        self.needs = needs


def _native_code(test: Callable[[Ctx], bool]) -> int:
    for i, native in enumerate(_NATIVE_TESTS):
        if native is test:
            return i
    return -1


YakuTable = tuple[tuple[Candidate, ...], ...]
"""Candidate yaku indexed by :func:`table_index`."""


def table_index(c: Ctx) -> int:
    """Which pre-filtered candidate list of a :data:`YakuTable` a reading uses:
    ``4 × menzen + 2 × yakuman possible + situational``."""
    return (4 if c.menzen else 0) + (2 if could_be_yakuman(c) else 0) + (1 if c.hand.situational else 0)


@lru_cache(maxsize=256)
def yaku_table(rules: Rules) -> YakuTable:
    """The candidates of :func:`active_yaku` pre-filtered for each kind of reading.

    An open hand skips closed-only yaku, a hand that cannot be yakuman
    (:func:`could_be_yakuman`) skips yakuman, and a hand with no situation flag skips the
    situational yaku. Each candidate carries its han for that kind of hand under ``rules``
    and its needs as :data:`~.hand.FACTS` bits, which :func:`evaluate_yaku` checks before
    calling the predicate.
    """
    ordinary, yakuman = active_yaku(rules)
    used = ordinary + yakuman
    return tuple(
        tuple(
            _candidate(y, menzen, rules)
            for y in used
            if (menzen or y.han_open is not None)
            and (yakuman_possible or not y.yakuman)
            and (situational or not y.situational)
        )
        for menzen in (False, True)
        for yakuman_possible in (False, True)
        for situational in (False, True)
    )


def _candidate(y: Yaku, menzen: bool, rules: Rules) -> Candidate:
    if y.yakuman:
        multiple = y.yakuman if (rules.double_yakuman or not y.double) else 1
        return Candidate(y, 13 * multiple, multiple)
    return Candidate(y, y.han_closed if menzen else y.han_open or 0, 0)


def could_be_yakuman(c: Ctx) -> bool:
    """A cheap necessary condition for any yakuman, so most hands skip those predicates.

    Every yakuman needs one of: three or more triplets/kans (suuankou, daisangen, the
    winds, chinroutou, suukantsu), at most one suit (tsuuiisou, ryuuiisou, chuuren, daisharin and
    its suits, daichisei), the kokushi shape, or a situation flag (tenhou, chiihou, renhou, sashikomi).
    """
    return c.n_triplets >= 3 or c.suits <= 1 or c.shape == "kokushi" or c.hand.situational


def evaluate_yaku(c: Ctx, table: YakuTable) -> tuple[list[Candidate], int]:
    """The yaku of one reading as ``([candidate, …], yakuman multiple)``.

    With any yakuman, only yakuman are returned (option ``aotenjou``: the ordinary yaku too, less
    :data:`AOTENJOU_DROPS`); otherwise the ordinary yaku. Dora are
    not yaku: see :mod:`.scorer`. ``table`` is :func:`yaku_table` of the hand's rules.
    """
    candidates = table[table_index(c)]
    hits: list[Candidate] = []
    replacing = False
    yakuman = 0
    lacking = ~c.facts
    for y in candidates:
        if y.needs & lacking:  # it needs something this reading lacks
            continue
        code = y.code
        if _holds(code, c) if code >= 0 else y.test(c):
            hits.append(y)
            if y.replaces:
                replacing = True
            yakuman += y.yakuman
    if replacing:
        replaced: set[str] = set()
        for y in hits:
            replaced.update(y.replaces)
        hits = [y for y in hits if y.id not in replaced]
        yakuman = 0
        for y in hits:
            yakuman += y.yakuman
    if yakuman:
        if c.opts.aotenjou:  # no limits: the ordinary yaku stay, but not those a yakuman stands for
            dropped: set[str] = set()
            for y in hits:
                if y.yakuman:
                    dropped.update(AOTENJOU_DROPS.get(y.id, ()))
            if dropped:
                hits = [y for y in hits if y.id not in dropped]
        else:
            hits = [y for y in hits if y.yakuman]
    return hits, yakuman

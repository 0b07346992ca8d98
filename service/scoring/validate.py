"""From a :class:`~.model.ScoreRequest` to a validated :class:`~.hand.Hand` (/docs/rules §1–2).

Everything physically impossible is collected as :class:`~.model.FieldError` entries and
raised together as :class:`~.model.InvalidHand` (HTTP 422): bad notation, a 5th copy,
two red fives of a suit, a wrong tile count, a meld that is no set, winds in a preset
without winds, and impossible flag combinations.
"""

from __future__ import annotations

import itertools
import types
import typing
from collections.abc import Sequence
from typing import Final, cast

from msgspec.structs import astuple

from service.i18n import refusal

from . import contract
from .contract import FACT_BITS
from .hand import (
    F_CHANKAN,
    F_CHIIHOU,
    F_DOUBLE_RIICHI,
    F_HAITEI,
    F_HOUTEI,
    F_IPPATSU,
    F_OPEN_RIICHI,
    F_RENHOU,
    F_RIICHI,
    F_RINSHAN,
    F_SASHIKOMI,
    F_TENHOU,
    KAN,
    NO_TILES,
    RUN,
    TRIPLET,
    Hand,
    HandSituation,
    HandTiles,
    MeldKinds,
    Options,
)
from .model import WIN_FLAGS, FieldError, InvalidHand, MeldSpec, ScoreRequest
from .presets import Rules
from .tiles import (
    EAST,
    SINGLE_TILES,
    WIND_LETTERS,
    WINDS,
    NotationError,
    TileList,
    count_hand,
    dora_from_indicator,
    kind_name,
    kinds_to_mpsz,
    mpsz_kinds,
    notation_message,
    parse_text,
    parse_tiles,
)

__all__ = [
    "FLAG_BITS",
    "MELDS",
    "Errors",
    "absent_yaku_errors",
    "absent_yaku_message",
    "no_winds_message",
    "nukidora_message",
    "option_off_message",
    "parse_request",
    "read_meld",
    "read_winds",
    "red_fives_message",
    "riichi_errors",
    "sanma_wind_errors",
    "table_errors",
]

DORA_OF: Final = tuple(dora_from_indicator(k) for k in range(34))
"""The dora kind each indicator kind points to."""
DORA_OF_3: Final = tuple(8 if k == 0 else 0 if k == 8 else DORA_OF[k] for k in range(34))
"""The same with three players (/docs/rulesets §7 Dora wrap [TH-mj3][MS-portal]): 1m → 9m and 9m → 1m,
2m–8m being out of the game."""
NORTH: Final = 30
"""The North kind (4z): the nukidora of a three-player game."""

REQUEST_FIELDS: Final = contract.REQUEST_FIELDS
""":class:`~.model.ScoreRequest`'s fields in declaration order (:data:`.contract.REQUEST`), as
:func:`parse_request` unpacks them from ``msgspec.structs.astuple`` (one call instead of a read per field)."""

RequestTuple = tuple[
    str | Sequence[str],  # hand (a tuple when decoded, a list when built by hand)
    str | Sequence[str],  # win_tile
    object,  # rules (already resolved by the caller)
    Sequence[MeldSpec],  # melds
    str,  # win
    bool | None,  # dealer
    str | None,  # seat_wind
    str | None,  # round_wind
    bool,  # riichi
    bool,  # double_riichi
    bool,  # ippatsu
    bool,  # haitei
    bool,  # houtei
    bool,  # rinshan
    bool,  # chankan
    bool,  # tenhou
    bool,  # chiihou
    bool,  # renhou
    bool,  # open_riichi
    bool,  # sashikomi
    int,  # paarenchan
    bool,  # nagashi_mangan
    bool,  # rinshan_open_kan
    str | Sequence[str],  # dora_indicators
    str | Sequence[str],  # ura_indicators
    int,  # honba
    int,  # riichi_sticks
    int,  # nukidora
]
"""The types of :data:`REQUEST_FIELDS`, for the unpacking."""

PLAIN: Final = __file__.endswith(".py")
"""This module runs as plain Python (a ``RIICHI_PURE_PYTHON=1`` install), not compiled by mypyc (``setup.py``)."""


def _declared_types() -> tuple[tuple[int, tuple[type, ...]], ...]:
    """:data:`DECLARED_TYPES`: the fields of :data:`RequestTuple` whose types are plain classes (``bool``,
    ``int``, ``str``, ``bool | None``, …), by index, with those classes."""
    out = []
    for i, declared in enumerate(typing.get_args(RequestTuple)):
        classes = typing.get_args(declared) if isinstance(declared, types.UnionType) else (declared,)
        if all(isinstance(c, type) and c is not object for c in classes):
            out.append((i, tuple(classes)))
    return tuple(out)


DECLARED_TYPES: Final = _declared_types()
"""What compiled code checks as it unpacks a request (:data:`RequestTuple`): plain Python checks the same
(:func:`_require_types`), so a request built in Python with ``riichi="yes"`` is refused by every build."""


def _require_types(values: tuple[object, ...]) -> None:
    """Raise ``TypeError`` where compiled code would as it unpacks ``values`` (a request's fields), and as it
    reads its melds' ``type`` and ``closed``: :func:`.scorer.score` then refuses the request as the HTTP
    decoder would, naming the field (:func:`.scorer.checked`)."""
    for i, classes in DECLARED_TYPES:
        if not isinstance(values[i], classes):
            raise TypeError(f"{REQUEST_FIELDS[i]}: {type(values[i]).__name__} is not {classes}")
    melds = values[REQUEST_FIELDS.index("melds")]
    for m in melds if isinstance(melds, list | tuple) else ():
        if not isinstance(getattr(m, "type"), str) or not isinstance(getattr(m, "closed"), bool):  # noqa: B009
            raise TypeError(f"melds: {m!r} is not a MeldSpec of a str type and a bool closed")


FLAG_BITS: Final = tuple((name, FACT_BITS[name]) for name in (*WIN_FLAGS, "open_riichi", "sashikomi"))
"""The one list of situation flags: each :data:`.model.WIN_FLAGS` name, then ``open_riichi`` and ``sashikomi``,
with its :data:`.hand.FACTS` bit, in :class:`~.model.ScoreRequest`'s order. :func:`parse_request` reads the
request's flags into these bits once; validation, :class:`~.hand.HandSituation` and the hand's facts use them."""
_WIN_FLAG_FACTS: Final = (
    F_RIICHI
    | F_DOUBLE_RIICHI
    | F_IPPATSU
    | F_HAITEI
    | F_HOUTEI
    | F_RINSHAN
    | F_CHANKAN
    | F_TENHOU
    | F_CHIIHOU
    | F_RENHOU
)
"""The bits of :data:`.model.WIN_FLAGS` (each gives its own yaku)."""

MAX_INDICATORS: Final = 5
"""One dora indicator plus up to four kan dora (/docs/rules §3 Dora)."""


class Errors:
    """The problems found so far, in request order (``items``: the caller's list, or a new one)."""

    def __init__(self, items: list[FieldError] | None = None) -> None:
        self.items: list[FieldError] = items if items is not None else []

    def add(self, field: str, message: str) -> None:
        self.items.append(FieldError(field, message))


def _tiles(value: str | Sequence[str], field: str, errors: Errors, rules: Rules) -> TileList:
    if not value:
        return NO_TILES
    if isinstance(value, str) and rules.winds:
        single = SINGLE_TILES.get(value)  # one indicator, say: no parsing, no allocation
        if single is not None:
            return single
    try:
        tiles = parse_text(value) if isinstance(value, str) else parse_tiles(value)
    except NotationError as exc:
        errors.add(field, notation_message(exc))
        return NO_TILES
    if not rules.winds and any(k in WINDS for k in tiles.kinds):
        errors.add(field, no_winds_message(rules))
    return tiles


def no_winds_message(rules: Rules) -> str:
    """The refusal of a wind tile in a preset without winds (score and tenpai requests)."""
    return refusal("refusal.no_winds", preset=repr(rules.preset))


def read_meld(type_: str, tiles: str | Sequence[str], closed: bool) -> tuple[MeldKinds | None, TileList, str, str]:
    """One meld: ``(meld or None, tiles, sub-field at fault, message)`` (score and tenpai requests; a notation
    error gives no tiles). :data:`MELDS` holds the answer for every valid meld text."""
    try:
        parsed = parse_text(tiles) if isinstance(tiles, str) else parse_tiles(tiles)
    except NotationError as exc:
        return None, NO_TILES, "tiles", notation_message(exc)
    if closed and type_ != "kan":
        return None, parsed, "closed", refusal("refusal.closed_not_kan", meld=type_)
    ks = sorted(parsed.kinds)
    if type_ == "chi":
        if len(ks) != 3 or ks[0] >= 27 or ks[0] // 9 != ks[2] // 9 or ks != [ks[0], ks[0] + 1, ks[0] + 2]:
            return None, parsed, "tiles", refusal("refusal.chi_shape", tiles=repr(kinds_to_mpsz(ks)))
        return MeldKinds(RUN, ks[0], False), parsed, "", ""
    size = 3 if type_ == "pon" else 4
    if len(ks) != size or len(set(ks)) != 1:
        return None, parsed, "tiles", refusal("refusal.meld_shape", meld=type_, n=size, tiles=repr(kinds_to_mpsz(ks)))
    return MeldKinds(TRIPLET if type_ == "pon" else KAN, ks[0], closed), parsed, "", ""


def _meld_texts() -> dict[tuple[str, str, bool], tuple[MeldKinds | None, TileList, str, str]]:
    """:data:`MELDS`: every valid chi, pon and kan written as mpsz text, in any tile order,
    with at most one red five, mapped to what :func:`read_meld` makes of it."""
    texts: list[tuple[str, str, bool]] = []
    for suit in "mps":
        for rank in range(1, 8):
            digits = [str(r) for r in (rank, rank + 1, rank + 2)]
            variants = [digits] + ([[("0" if d == "5" else d) for d in digits]] if "5" in digits else [])
            for variant in variants:
                texts += [("chi", "".join(p) + suit, False) for p in itertools.permutations(variant)]
    for suit, ranks in (("m", 9), ("p", 9), ("s", 9), ("z", 7)):
        for rank in range(1, ranks + 1):
            for type_, size in (("pon", 3), ("kan", 4)):
                digits = [str(rank)] * size
                variants = [digits] + (
                    [[*digits[:i], "0", *digits[i + 1 :]] for i in range(size)] if rank == 5 and suit != "z" else []
                )
                for variant in variants:
                    for closed in (False, True) if type_ == "kan" else (False,):
                        texts.append((type_, "".join(variant) + suit, closed))
    return {key: read_meld(*key) for key in dict.fromkeys(texts)}


MELDS: Final = _meld_texts()
"""Every valid meld text (~300) already parsed, so a request's melds cost a lookup each."""


def read_winds(
    seat_wind: str | None,
    round_wind: str | None,
    dealer_flag: bool | None,
    rules: Rules,
    errors: Errors,
    seat_required: str = "refusal.seat_wind_required",
) -> tuple[bool, int, int]:
    """Dealer, seat wind kind and round wind kind, -1 for none (/docs/endpoints: the dealer from seat_wind), for
    score and tenpai requests. ``seat_required``: the refusal's key when a non-dealer gives no seat wind in a
    preset with winds, ``""`` when none is needed (a tenpai request without values)."""
    if not rules.winds:
        if seat_wind is not None:
            errors.add("seat_wind", refusal("refusal.seat_wind_no_winds", preset=repr(rules.preset)))
        if round_wind is not None:
            errors.add("round_wind", refusal("refusal.round_wind_no_winds", preset=repr(rules.preset)))
        return bool(dealer_flag), -1, -1
    round_ = WIND_LETTERS[round_wind] if round_wind else EAST
    if seat_wind is None:
        if dealer_flag:
            return True, EAST, round_
        if seat_required:
            errors.add("seat_wind", refusal(seat_required))
        return False, -1, round_
    seat = WIND_LETTERS[seat_wind]
    dealer = seat == EAST
    if dealer_flag is not None and dealer_flag != dealer:
        errors.add(
            "dealer", refusal("refusal.dealer_contradicts", dealer=str(dealer_flag).lower(), seat=repr(seat_wind))
        )
    return dealer, seat, round_


def _flags(tsumo: bool, flags: int, menzen: bool, has_kan: bool, has_melds: bool, dealer: bool, errors: Errors) -> None:
    """Impossible flag combinations (/docs/rules §2); ``flags`` the request's as :data:`FLAG_BITS` (``F_RIICHI``:
    the ``riichi`` field alone)."""
    riichi_flag = (flags & F_RIICHI) != 0
    double_riichi = (flags & F_DOUBLE_RIICHI) != 0
    ippatsu = (flags & F_IPPATSU) != 0
    haitei = (flags & F_HAITEI) != 0
    houtei = (flags & F_HOUTEI) != 0
    rinshan = (flags & F_RINSHAN) != 0
    chankan = (flags & F_CHANKAN) != 0
    tenhou = (flags & F_TENHOU) != 0
    chiihou = (flags & F_CHIIHOU) != 0
    renhou = (flags & F_RENHOU) != 0
    riichi = riichi_flag or double_riichi
    riichi_errors(riichi_flag, double_riichi, ippatsu, menzen, errors)
    if haitei and not tsumo:
        errors.add("haitei", refusal("refusal.haitei_needs_tsumo"))
    if houtei and tsumo:
        errors.add("houtei", refusal("refusal.houtei_needs_ron"))
    if rinshan and not tsumo:
        errors.add("rinshan", refusal("refusal.rinshan_needs_tsumo"))
    elif rinshan and not has_kan:
        errors.add("rinshan", refusal("refusal.rinshan_needs_kan"))
    if rinshan and haitei:
        errors.add("haitei", refusal("refusal.haitei_after_kan"))
    if chankan and tsumo:
        errors.add("chankan", refusal("refusal.chankan_needs_ron"))
    if chankan and (houtei or haitei):
        errors.add("chankan", refusal("refusal.chankan_last_tile"))
    first_turn: list[str] = []
    if tenhou:
        first_turn.append("tenhou")
    if chiihou:
        first_turn.append("chiihou")
    if renhou:
        first_turn.append("renhou")
    if len(first_turn) > 1:
        errors.add(first_turn[1], refusal("refusal.first_turn_exclusive", first=first_turn[0], second=first_turn[1]))
    for name in first_turn:
        if has_melds:
            errors.add(name, refusal("refusal.first_turn_melds", name=name))
        if riichi or ippatsu:
            errors.add(name, refusal("refusal.first_turn_riichi", name=name))
        if haitei or houtei or rinshan or chankan:
            errors.add(name, refusal("refusal.first_turn_special", name=name))
    if tenhou and not (dealer and tsumo):
        errors.add("tenhou", refusal("refusal.tenhou"))
    if chiihou and (dealer or not tsumo):
        errors.add("chiihou", refusal("refusal.chiihou"))
    if renhou and (dealer or tsumo):
        errors.add("renhou", refusal("refusal.renhou"))


def riichi_errors(riichi: bool, double_riichi: bool, ippatsu: bool, menzen: bool, errors: Errors) -> None:
    """Ippatsu needs riichi or double riichi, which need a closed hand (/docs/rules §2): score and tenpai requests."""
    if ippatsu and not (riichi or double_riichi):
        errors.add("ippatsu", refusal("refusal.ippatsu_needs_riichi"))
    if (riichi or double_riichi) and not menzen:
        errors.add("riichi" if riichi else "double_riichi", refusal("refusal.riichi_needs_closed"))


def absent_yaku_errors(flags: int, rules: Rules, yaku: frozenset[str], errors: Errors) -> None:
    """Each win flag set in ``flags`` (:data:`FLAG_BITS` of :data:`.model.WIN_FLAGS`) whose yaku is not in ``yaku``
    (the rules' table) is refused naming it (/docs/rules §4: a 422, not ignored): score and tenpai requests, han
    and fu scoring."""
    for name, bit in FLAG_BITS:
        if flags & bit & _WIN_FLAG_FACTS and name not in yaku:  # open riichi and sashikomi: their options
            errors.add(name, absent_yaku_message(name, rules))


def sanma_wind_errors(seat_wind: str | None, round_wind: str | None, errors: Errors) -> None:
    """Three players have no North seat and no North round (/docs/rulesets §7): score and tenpai requests."""
    if seat_wind == "N":
        errors.add("seat_wind", refusal("refusal.sanma_seat_north"))
    if round_wind == "N":
        errors.add("round_wind", refusal("refusal.sanma_round_north"))


def option_off_message(flag: str, option: str, rules: Rules) -> str:
    """The message for a request flag whose rule option is off (a 422 naming the flag, not ignored)."""
    return refusal("refusal.option_off", option=option, preset=rules.preset, flag=flag)


_NOT_WITH_NAGASHI: Final = F_IPPATSU | F_HAITEI | F_HOUTEI | F_RINSHAN | F_CHANKAN | F_TENHOU | F_CHIIHOU | F_RENHOU
"""The win's flags that a nagashi mangan (no win) cannot have."""


def _option_flags(
    rules: Rules,
    tsumo: bool,
    flags: int,
    paarenchan: int,
    nagashi_mangan: bool,
    rinshan_open_kan: bool,
    open_kan: bool,
    n_dora: int,
    dealer: bool,
    errors: Errors,
) -> None:
    """The request flags of the optional rules (/docs/rulesets §1, §2, §8): each needs its option on,
    and the situation it describes. ``flags``: the situation flags as :data:`FLAG_BITS`."""
    riichi = (flags & (F_RIICHI | F_DOUBLE_RIICHI)) != 0
    open_riichi = (flags & F_OPEN_RIICHI) != 0
    sashikomi = (flags & F_SASHIKOMI) != 0
    rinshan = (flags & F_RINSHAN) != 0
    if open_riichi:
        if not rules.open_riichi:
            errors.add("open_riichi", option_off_message("open_riichi", "open_riichi", rules))
        elif not riichi:
            errors.add("open_riichi", refusal("refusal.open_riichi_needs_riichi"))
    if sashikomi:
        if not rules.sashikomi_yakuman:
            errors.add("sashikomi", option_off_message("sashikomi", "sashikomi_yakuman", rules))
        elif not open_riichi or tsumo:
            errors.add("sashikomi", refusal("refusal.sashikomi_situation"))
    if paarenchan:
        if rules.paarenchan == "off":
            errors.add("paarenchan", option_off_message("paarenchan", "paarenchan", rules))
        elif not dealer:
            errors.add("paarenchan", refusal("refusal.paarenchan_dealer"))
    if nagashi_mangan:
        if not rules.nagashi_mangan:
            errors.add("nagashi_mangan", option_off_message("nagashi_mangan", "nagashi_mangan", rules))
        else:
            clashing = [name for name, bit in FLAG_BITS if bit & _NOT_WITH_NAGASHI and flags & bit]
            clashing += [name for name, flag in (("open_riichi", open_riichi), ("paarenchan", paarenchan)) if flag]
            if clashing:
                errors.add("nagashi_mangan", refusal("refusal.nagashi_not_win", flags=", ".join(clashing)))
    if rinshan_open_kan and not (rinshan and open_kan and n_dora >= 2):
        errors.add("rinshan_open_kan", refusal("refusal.rinshan_open_kan"))


def red_fives_message(total: int, suit: int, per_suit: int) -> str:
    """The message for ``total`` red fives of ``suit`` (0–2) where the rules allow ``per_suit``."""
    allowed = (
        refusal("refusal.red_fives_none")
        if per_suit == 0
        else refusal("refusal.red_fives_one")
        if per_suit == 1
        else refusal("refusal.red_fives_per_suit", n=per_suit)
    )
    return refusal("refusal.red_fives", n=total, suit="mps"[suit], allowed=allowed)


def absent_yaku_message(flag: str, rules: Rules) -> str:
    """The message for a situation flag whose yaku the preset does not have (/docs/rules §4: a 422, not ignored)."""
    return refusal("refusal.absent_yaku", preset=rules.preset, flag=flag)


def table_errors(honba: int, riichi_sticks: int, rules: Rules, errors: list[FieldError], prefix: str = "") -> None:
    """Honba and riichi sticks that the rules do not have (options ``honba`` and ``riichi_deposit`` 0:
    kostarev, /docs/rules §4 and Kostarev rules §4; kids, §5) are invalid input naming ``prefix + honba`` /
    ``prefix + riichi_sticks``."""
    if honba and not rules.honba:
        errors.append(FieldError(prefix + "honba", refusal("refusal.no_honba")))
    if riichi_sticks and not rules.riichi_deposit:
        errors.append(FieldError(prefix + "riichi_sticks", refusal("refusal.no_riichi_sticks")))


def _add(counts: list[int], kinds: tuple[int, ...]) -> None:
    for k in kinds:
        counts[k] = counts[k] + 1


def _add_over(counts: list[int], kinds: tuple[int, ...]) -> bool:
    """:func:`_add`, saying whether one of the counts it raised is now past 4."""
    over = False
    for k in kinds:
        n = counts[k] + 1
        counts[k] = n
        if n > 4:
            over = True
    return over


def _remove(counts: list[int], kinds: tuple[int, ...]) -> None:
    for k in kinds:
        counts[k] = counts[k] - 1


def _indicator_kinds(
    value: str | Sequence[str], field: str, errors: Errors, rules: Rules, winds: bool, reds: list[int], at: int
) -> tuple[int, ...]:
    """The indicator kinds of ``dora_indicators`` or ``ura_indicators``; their red fives are
    added to ``reds[at + suit]``. Invalid notation is reported on ``field``. ``winds`` is
    ``rules.winds`` (without winds, the general path says which tile is a wind)."""
    if not value:
        return ()
    if isinstance(value, str) and winds:
        single = SINGLE_TILES.get(value)  # one indicator: no parsing, no allocation
        if single is not None:
            for k in single.red:
                reds[at + k // 9] = reds[at + k // 9] + 1
            return single.kinds
        kinds: list[int] = []
        red_mask = mpsz_kinds(value, kinds)
        if red_mask >= 0:
            for suit in range(3):
                if red_mask >> suit & 1:
                    reds[at + suit] = reds[at + suit] + 1
            return tuple(kinds)
    tiles = _tiles(value, field, errors, rules)
    for k in tiles.red:
        reds[at + k // 9] = reds[at + k // 9] + 1
    return tiles.kinds


def _copies_message(n: int, kind: int) -> str:
    return refusal("refusal.copies", n=n, tile=kind_name(kind))


def _over_four(counts: list[int], kinds: tuple[int, ...], later: tuple[int, ...], field: str, errors: Errors) -> None:
    """Report on ``field`` each kind of ``kinds`` whose copies pass 4 with them and not before;
    ``counts`` already holds ``kinds`` and the ``later`` indicators too."""
    for i, k in enumerate(kinds):
        n = counts[k]
        if n > 4 and kinds.index(k) == i:
            before = n - kinds.count(k) - later.count(k)
            if before <= 4 < before + kinds.count(k):
                errors.add(field, _copies_message(n, k))


def parse_request(req: ScoreRequest, rules: Rules, opts: Options | None = None) -> Hand:
    """Validate ``req`` under ``rules`` and convert it to kinds.

    ``opts``: ``rules`` as :class:`~.hand.Options` when the caller has them (the scorer keeps one
    per rule set), else they are made here.

    Raises :class:`~.model.InvalidHand` listing every problem found, each naming its field
    (``hand``, ``win_tile``, ``melds[i].tiles``, ``dora_indicators``, a flag, …), in this order: the tiles
    (:func:`_read_hand`, :func:`_read_win_and_melds`, :func:`_read_indicators`, :func:`_check_copies`), the
    situation (:func:`_situation_checks`), the optional rules and the table (:func:`_table_checks`).

    Longer than its steps because it names every field once: it unpacks them from ``msgspec.structs.astuple``
    (one call, :data:`REQUEST_FIELDS`' order) and reads the flags into their bits (:data:`FLAG_BITS`) there.
    """
    values = astuple(req)  # every field in one call (order: REQUEST_FIELDS, tested)
    if PLAIN:  # compiled, the unpacking checks these types itself
        _require_types(values)
    (
        hand_value,
        win_tile,
        _,
        req_melds,
        win_kind,
        dealer_flag,
        seat_wind,
        round_wind,
        riichi,
        double_riichi,
        ippatsu,
        haitei,
        houtei,
        rinshan,
        chankan,
        tenhou,
        chiihou,
        renhou,
        open_riichi,
        sashikomi,
        paarenchan,
        nagashi_mangan,
        rinshan_open_kan,
        dora_value,
        ura_value,
        honba,
        riichi_sticks,
        nukidora,
    ) = cast(RequestTuple, values)
    if opts is None:
        opts = Options(rules)
    errors = Errors()
    r = HandTiles()
    _read_hand(r, hand_value, rules, opts.winds, errors)
    _read_win_and_melds(r, win_tile, req_melds, rules, opts.winds, errors)
    _read_indicators(r, dora_value, ura_value, rules, opts.winds, errors)
    red = _check_copies(r, len(req_melds), chankan, opts.aka_per_suit, errors)
    flags = (  # the situation flags as fact bits (FLAG_BITS); F_RIICHI: the riichi field alone, here
        (F_RIICHI if riichi else 0)
        | (F_DOUBLE_RIICHI if double_riichi else 0)
        | (F_IPPATSU if ippatsu else 0)
        | (F_HAITEI if haitei else 0)
        | (F_HOUTEI if houtei else 0)
        | (F_RINSHAN if rinshan else 0)
        | (F_CHANKAN if chankan else 0)
        | (F_TENHOU if tenhou else 0)
        | (F_CHIIHOU if chiihou else 0)
        | (F_RENHOU if renhou else 0)
        | (F_OPEN_RIICHI if open_riichi else 0)
        | (F_SASHIKOMI if sashikomi else 0)
    )
    tsumo = win_kind == "tsumo"
    dealer, seat, round_ = _situation_checks(
        r, flags, tsumo, dealer_flag, seat_wind, round_wind, nukidora, req_melds, rules, opts, errors
    )
    _table_checks(r, flags, tsumo, dealer, paarenchan, nagashi_mangan, rinshan_open_kan, nukidora, rules, errors)
    if honba or riichi_sticks:
        table_errors(honba, riichi_sticks, rules, errors.items)
    if errors.items:
        raise InvalidHand(errors.items)

    if flags & F_DOUBLE_RIICHI:
        flags |= F_RIICHI  # the hand's riichi: riichi or double riichi
    dora_of = DORA_OF if opts.players == 4 else DORA_OF_3
    keys = r.keys
    if keys is not None:
        keys.add(r.win.kinds[0], 0)  # the concealed part: the hand and the win
    r.red = red if opts.aka else 0
    return Hand(
        opts,
        r,
        HandSituation(
            tsumo,
            dealer,
            seat,
            round_,
            flags,
            paarenchan,
            tuple([dora_of[k] for k in r.dora_indicators]),
            tuple([dora_of[k] for k in r.ura_indicators]) if flags & F_RIICHI else (),
            honba,
            riichi_sticks,
            nukidora,
        ),
    )


def _read_hand(r: HandTiles, hand_value: str | Sequence[str], rules: Rules, winds: bool, errors: Errors) -> None:
    """The concealed tiles into ``r``'s counts and red fives: counted straight from the text when it is valid
    (suit keys and kind mask with them), else parsed by the general path, which names what is wrong."""
    counts = r.counts
    keys = r.keys
    assert keys is not None
    n_hand = count_hand(hand_value, counts, r.reds, keys) if isinstance(hand_value, str) else -1
    r.over = keys.over  # some kind has more than 4 copies so far
    if n_hand < 0 or (not winds and (counts[27] or counts[28] or counts[29] or counts[30])):
        hand = _tiles(hand_value, "hand", errors, rules)
        counts = [0] * 34
        _add(counts, hand.kinds)
        r.counts = counts
        reds = [0] * 9
        for k in hand.red:
            reds[k // 9] = reds[k // 9] + 1
        r.reds = reds
        n_hand = len(hand.kinds)
        r.keys = None  # Hand counts them itself
        r.over = True
    r.n_hand = n_hand


def _read_win_and_melds(
    r: HandTiles,
    win_tile: str | Sequence[str],
    req_melds: Sequence[MeldSpec],
    rules: Rules,
    winds: bool,
    errors: Errors,
) -> None:
    """The winning tile and the melds into ``r`` (each meld text a lookup in :data:`MELDS` when valid)."""
    win = SINGLE_TILES.get(win_tile) if isinstance(win_tile, str) and winds else None
    if win is None:
        win = _tiles([win_tile] if isinstance(win_tile, str) else win_tile, "win_tile", errors, rules)
    r.win = win
    melds = r.melds
    meld_tiles = r.meld_tiles
    for i, m in enumerate(req_melds):
        closed = m.closed
        meld_type = m.type
        meld_text: str | Sequence[str] = getattr(m, "tiles")  # noqa: B009  (a list when built by hand: no typed read)
        known = MELDS.get((meld_type, meld_text, closed)) if isinstance(meld_text, str) else None
        parsed, tiles, at, message = known if known is not None else read_meld(meld_type, meld_text, closed)
        meld_tiles.append(tiles)
        if parsed is None:
            errors.add(f"melds[{i}].{at}", message)
        else:
            melds.append(parsed)
        if meld_type == "kan":
            r.has_kan = True
            if not closed:
                r.open_kan = True
        if not closed:
            r.menzen = False
        if not winds and any(k in WINDS for k in tiles.kinds):
            errors.add(f"melds[{i}].tiles", no_winds_message(rules))


def _read_indicators(
    r: HandTiles,
    dora_value: str | Sequence[str],
    ura_value: str | Sequence[str],
    rules: Rules,
    winds: bool,
    errors: Errors,
) -> None:
    """The dora and ura indicators into ``r`` (their red fives into ``r.reds[3:9]``), at most
    :data:`MAX_INDICATORS` each and no more ura than dora."""
    reds = r.reds
    dora = _indicator_kinds(dora_value, "dora_indicators", errors, rules, winds, reds, 3)
    ura = _indicator_kinds(ura_value, "ura_indicators", errors, rules, winds, reds, 6)
    if len(dora) > MAX_INDICATORS:
        errors.add("dora_indicators", refusal("refusal.too_many_indicators", most=MAX_INDICATORS, n=len(dora)))
    if len(ura) > MAX_INDICATORS:
        errors.add("ura_indicators", refusal("refusal.too_many_indicators", most=MAX_INDICATORS, n=len(ura)))
    elif len(ura) > len(dora):
        errors.add("ura_indicators", refusal("refusal.more_ura_than_dora", ura=len(ura), dora=len(dora)))
    r.dora_indicators = dora
    r.ura_indicators = ura


def _check_copies(r: HandTiles, n_melds: int, chankan: bool, per_suit: int, errors: Errors) -> int:
    """The hand's tile count, then a fifth copy and red fives past ``per_suit``, each blamed on the first of
    hand (with win_tile and melds), dora and ura indicators that takes the count past 4 (and red fives past
    the rules' number); chankan needs the win's other copies out of sight. Every tile in sight goes into
    ``r.counts`` and all but the hand and the win come out again. Returns the red fives of the hand."""
    expected = 13 - 3 * n_melds
    if r.n_hand != expected and not any(e.field == "hand" for e in errors.items):
        errors.add("hand", refusal("refusal.hand_count", melds=n_melds, n=expected, got=r.n_hand))
    counts = r.counts
    reds = r.reds
    win = r.win
    dora = r.dora_indicators
    ura = r.ura_indicators
    over = r.over
    if _add_over(counts, win.kinds):
        over = True
    for k in win.red:
        reds[k // 9] = reds[k // 9] + 1
    for tiles in r.meld_tiles:
        if _add_over(counts, tiles.kinds):
            over = True
        for k in tiles.red:
            reds[k // 9] = reds[k // 9] + 1
    red_in_hand = reds[0] + reds[1] + reds[2]  # the aka dora
    if over:  # else no count can pass 4: each was checked as it grew
        for kind in range(34):
            if counts[kind] > 4:
                errors.add("hand", _copies_message(counts[kind], kind))
    over_indicators = _add_over(counts, dora)
    if _add_over(counts, ura):
        over_indicators = True
    if over_indicators:  # else no indicator kind passes 4, and _over_four reports nothing
        _over_four(counts, dora, ura, "dora_indicators", errors)
        _over_four(counts, ura, (), "ura_indicators", errors)
    for suit in range(3):
        own = reds[suit]
        total = own + reds[3 + suit] + reds[6 + suit]
        if total > per_suit:
            field = (
                "hand"
                if own > per_suit
                else ("dora_indicators" if own + reds[3 + suit] > per_suit else "ura_indicators")
            )
            errors.add(field, red_fives_message(total, suit, per_suit))
    if chankan and win.kinds and counts[win.kinds[0]] > 1:
        errors.add("chankan", refusal("refusal.chankan_other_copy", tile=kind_name(win.kinds[0])))
    _remove(counts, dora)
    _remove(counts, ura)
    for tiles in r.meld_tiles:
        _remove(counts, tiles.kinds)
    return red_in_hand


def _situation_checks(
    r: HandTiles,
    flags: int,
    tsumo: bool,
    dealer_flag: bool | None,
    seat_wind: str | None,
    round_wind: str | None,
    nukidora: int,
    req_melds: Sequence[MeldSpec],
    rules: Rules,
    opts: Options,
    errors: Errors,
) -> tuple[bool, int, int]:
    """The winds and the situation flags (``flags``: :data:`FLAG_BITS`): impossible combinations, flags whose
    yaku the preset lacks, three players' removed tiles and winds. Returns dealer, seat and round wind kinds."""
    dealer, seat, round_ = read_winds(seat_wind, round_wind, dealer_flag, rules, errors)
    if flags & ~(F_RIICHI | F_DOUBLE_RIICHI | F_OPEN_RIICHI | F_SASHIKOMI) or (
        flags & (F_RIICHI | F_DOUBLE_RIICHI) and not r.menzen
    ):
        # a win on a kita's replacement tile is rinshan (/docs/rulesets §7)
        _flags(tsumo, flags, r.menzen, r.has_kan or nukidora > 0, bool(req_melds), dealer, errors)
    if opts.han_fu and flags & _WIN_FLAG_FACTS:
        absent_yaku_errors(flags, rules, opts.yaku, errors)
        if flags & F_RENHOU and opts.renhou == "off" and "renhou" in opts.yaku:
            errors.add("renhou", refusal("refusal.absent_renhou", preset=rules.preset, flag="renhou"))
    if opts.players == 3:  # before an open kan's indicator may be dropped (_table_checks)
        _sanma_errors(
            r.counts,
            r.win.kinds,
            req_melds,
            r.meld_tiles,
            r.dora_indicators,
            r.ura_indicators,
            seat_wind,
            round_wind,
            errors,
        )
    return dealer, seat, round_


def _table_checks(
    r: HandTiles,
    flags: int,
    tsumo: bool,
    dealer: bool,
    paarenchan: int,
    nagashi_mangan: bool,
    rinshan_open_kan: bool,
    nukidora: int,
    rules: Rules,
    errors: Errors,
) -> None:
    """Nukidora and the optional rules' flags (:func:`_option_flags`); an open kan's indicator dropped from
    ``r`` where it is not yet turned."""
    if nukidora:
        norths = r.counts[NORTH] + r.dora_indicators.count(NORTH) + r.ura_indicators.count(NORTH)
        for tiles in r.meld_tiles:
            norths += tiles.kinds.count(NORTH)
        _nukidora_errors(nukidora, norths, rules, flags & F_TENHOU != 0, flags & F_CHIIHOU != 0, errors)
    if flags & (F_OPEN_RIICHI | F_SASHIKOMI) or paarenchan or nagashi_mangan or rinshan_open_kan:
        _option_flags(
            rules,
            tsumo,
            flags,
            paarenchan,
            nagashi_mangan,
            rinshan_open_kan,
            r.open_kan,
            len(r.dora_indicators),
            dealer,
            errors,
        )
        if rinshan_open_kan and rules.open_kan_dora == "after_discard" and not errors.items:
            # /docs/rulesets §1: the open kan's indicator (the last one listed) is turned only after the
            # replacement tile's discard, so a rinshan win on that tile does not see it, nor its ura.
            if len(r.ura_indicators) == len(r.dora_indicators):
                r.ura_indicators = r.ura_indicators[:-1]
            r.dora_indicators = r.dora_indicators[:-1]


def removed_message(kinds: list[int] | tuple[int, ...]) -> str:
    """The message for tiles 2m–8m in a three-player request (/docs/rulesets §7 Removed tiles)."""
    names = ", ".join(kind_name(k) for k in sorted(set(kinds)))
    return refusal("refusal.removed_tiles", tiles=names)


def _sanma_errors(
    concealed: list[int],
    win: tuple[int, ...],
    req_melds: Sequence[MeldSpec],
    meld_tiles: list[TileList],
    dora: tuple[int, ...],
    ura: tuple[int, ...],
    seat_wind: str | None,
    round_wind: str | None,
    errors: Errors,
) -> None:
    """Three players (option ``players`` 3, /docs/rulesets §7): 2m–8m anywhere, a chi, seat wind N and
    round wind N are invalid input naming their field. ``concealed``: the hand's counts with the win."""
    in_hand = [k for k in range(1, 8) if concealed[k] > win.count(k)]
    if in_hand:
        errors.add("hand", removed_message(in_hand))
    if win and 1 <= win[0] <= 7:
        errors.add("win_tile", removed_message(win))
    for i, m in enumerate(req_melds):
        if m.type == "chi":
            errors.add(f"melds[{i}].type", refusal("refusal.sanma_chi"))
        elif any(1 <= k <= 7 for k in meld_tiles[i].kinds):
            errors.add(f"melds[{i}].tiles", removed_message([k for k in meld_tiles[i].kinds if 1 <= k <= 7]))
    for field, kinds in (("dora_indicators", dora), ("ura_indicators", ura)):
        removed = [k for k in kinds if 1 <= k <= 7]
        if removed:
            errors.add(field, removed_message(removed))
    sanma_wind_errors(seat_wind, round_wind, errors)


def nukidora_message(rules: Rules) -> str:
    """The refusal of a ``nukidora`` count under ``rules`` that set no North aside (score and tenpai requests)."""
    return refusal(
        "refusal.nukidora_off", preset=rules.preset, players=rules.players, nukidora=str(rules.nukidora).lower()
    )


def _nukidora_errors(nukidora: int, norths: int, rules: Rules, tenhou: bool, chiihou: bool, errors: Errors) -> None:
    """The request's ``nukidora`` (Norths set aside): needs option ``nukidora`` with 3 players, leaves at most
    4 Norths in sight, and excludes tenhou and chiihou (a kita is a call: /docs/rulesets §7 Kita and ippatsu /
    chiihou / double riichi [TH-mj3][MS-portal])."""
    if not rules.nukidora or rules.players != 3:
        errors.add("nukidora", nukidora_message(rules))
        return
    if norths + nukidora > 4:
        errors.add("nukidora", refusal("refusal.nukidora_count", n=nukidora, norths=norths))
    for name, flag in (("tenhou", tenhou), ("chiihou", chiihou)):
        if flag:
            errors.add("nukidora", refusal("refusal.kita_cancels", name=name))

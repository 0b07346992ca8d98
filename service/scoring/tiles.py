"""Tiles and mpsz notation (/docs/rules §1).

A tile *kind* is an ``int`` 0–33: ``0–8`` = 1m–9m (man), ``9–17`` = 1p–9p (pin),
``18–26`` = 1s–9s (sou), ``27–33`` = 1z–7z = East, South, West, North, White (haku),
Green (hatsu), Red (chun). A red five (``0m``/``0p``/``0s``) is the kind of its five
plus a flag; :class:`TileList` carries the kinds and the red fives separately.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:  # a type for mypyc only (a native 64-bit int); nothing is imported at run time
    from mypy_extensions import i64

from service.i18n import refusal

__all__ = [
    "DRAGONS",
    "EAST",
    "HONOURS",
    "KIND_COUNT",
    "TERMINALS_AND_HONOURS",
    "WINDS",
    "NotationError",
    "SuitKeys",
    "TileList",
    "count_hand",
    "count_mpsz",
    "dora_from_indicator",
    "is_honour",
    "is_terminal_or_honour",
    "kind_name",
    "kinds_to_mpsz",
    "mpsz_kinds",
    "notation_message",
    "parse_text",
    "parse_tile",
    "parse_tiles",
    "rank_of",
    "suit_of",
    "tile_codes",
]

KIND_COUNT: Final = 34
EAST: Final = 27
WINDS: Final = frozenset(range(27, 31))
DRAGONS: Final = frozenset(range(31, 34))
HONOURS: Final = frozenset(range(27, 34))
TERMINALS_AND_HONOURS: Final = frozenset({0, 8, 9, 17, 18, 26, *HONOURS})
SUITS: Final = "mpsz"
WIND_LETTERS: Final = {"E": 27, "S": 28, "W": 29, "N": 30}


class NotationError(ValueError):
    """A tile string or code that is not valid mpsz notation; its one argument is the refusal
    (:func:`service.i18n.refusal`): read it with :func:`notation_message`, not ``str()``, to keep its key."""


def notation_message(exc: NotationError) -> str:
    """The message of ``exc`` as raised: a :class:`service.i18n.Refusal` (``str(exc)`` is its English text only)."""
    message = exc.args[0] if exc.args else None
    return message if isinstance(message, str) else str(exc)


class TileList:
    """Parsed tiles: ``kinds`` (0–33, input order) and ``red`` (kinds of red fives, one per red tile)."""

    def __init__(self, kinds: tuple[int, ...], red: tuple[int, ...]) -> None:
        self.kinds = kinds
        self.red = red

    def __repr__(self) -> str:
        return f"TileList(kinds={self.kinds!r}, red={self.red!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TileList) and self.kinds == other.kinds and self.red == other.red

    def __hash__(self) -> int:
        return hash((self.kinds, self.red))


def suit_of(kind: int) -> int:
    """Suit index of a kind: 0 man, 1 pin, 2 sou, 3 honours."""
    return kind // 9


def rank_of(kind: int) -> int:
    """Rank 1–9 within a suit (1–7 for honours)."""
    return kind % 9 + 1


def is_honour(kind: int) -> bool:
    """True for winds and dragons (1z–7z)."""
    return kind >= 27


def is_terminal_or_honour(kind: int) -> bool:
    """True for 1 and 9 of a suit and for every honour (yaochuuhai)."""
    return kind in TERMINALS_AND_HONOURS


def kind_name(kind: int) -> str:
    """mpsz code of a kind, e.g. ``kind_name(31) == "5z"``."""
    return f"{rank_of(kind)}{SUITS[suit_of(kind)]}"


def kinds_to_mpsz(kinds: list[int] | tuple[int, ...], red: tuple[int, ...] | list[int] = ()) -> str:
    """Compact sorted mpsz string; red fives (``red``, by kind) are written ``0``.

    >>> kinds_to_mpsz([0, 1, 2, 31, 31])
    '123m55z'
    >>> kinds_to_mpsz([4, 4], red=[4])
    '05m'
    """
    reds = list(red)
    out: list[str] = []
    for suit in range(4):
        digits = ""
        for kind in sorted(k for k in kinds if suit_of(k) == suit):
            if kind in reds:
                reds.remove(kind)
                digits += "0"
            else:
                digits += str(rank_of(kind))
        if digits:
            out.append(digits + SUITS[suit])
    return "".join(out)


def parse_tile(code: str) -> tuple[int, bool]:
    """One tile code (``"5m"``, ``"0p"``, ``"7z"``) → ``(kind, is_red)``.

    Raises :class:`NotationError` for anything else (``"8z"``, ``"0z"``, ``"m5"``).
    """
    if len(code) != 2 or code[1] not in SUITS or not code[0].isdigit():
        raise NotationError(refusal("refusal.not_tile_code", code=repr(code)))
    rank = int(code[0])
    suit = SUITS.index(code[1])
    if suit == 3:
        if not 1 <= rank <= 7:
            raise NotationError(refusal("refusal.honours", code=repr(code)))
        return 27 + rank - 1, False
    if rank == 0:
        return suit * 9 + 4, True
    return suit * 9 + rank - 1, False


_CODES: Final[dict[str, tuple[int, bool]]] = {
    f"{rank}{suit}": parse_tile(f"{rank}{suit}") for suit in "mps" for rank in range(10)
} | {f"{rank}z": parse_tile(f"{rank}z") for rank in range(1, 8)}


SINGLE_TILES: Final[dict[str, TileList]] = {
    code: TileList((kind,), (kind,) if red else ()) for code, (kind, red) in _CODES.items()
}
"""Every valid one-tile code (``"5m"``, ``"0p"``, ``"7z"``) parsed, for the win tile."""


def _tile_list(codes: Sequence[str]) -> TileList:
    kinds: list[int] = []
    red: list[int] = []
    for code in codes:
        hit = _CODES.get(code)
        if hit is None:
            parse_tile(code)  # raises NotationError with the precise message
            raise NotationError(refusal("refusal.not_tile_code_short", code=repr(code)))  # pragma: no cover
        kinds.append(hit[0])
        if hit[1]:
            red.append(hit[0])
    return TileList(tuple(kinds), tuple(red))


def _bad_text(text: str) -> NotationError:
    return NotationError(refusal("refusal.not_mpsz", text=repr(text)))


def parse_text(text: str) -> TileList:
    """Parse an mpsz string, uncached (:func:`parse_tiles` caches); raises :class:`NotationError`.

    >>> parse_text("406p")
    TileList(kinds=(12, 13, 14), red=(13,))
    """
    kinds: list[int] = []
    red: list[int] | None = None  # most strings have no red five
    start = 0  # index of the first digit of the current group
    for i in range(len(text)):
        ch = ord(text[i])
        if 48 <= ch <= 57:  # a digit
            continue
        base = 0 if ch == 109 else (9 if ch == 112 else (18 if ch == 115 else (27 if ch == 122 else -1)))
        if base < 0 or i == start:
            raise _bad_text(text)
        for j in range(start, i):
            rank = ord(text[j]) - 48
            if base == 27:
                if not 1 <= rank <= 7:
                    raise NotationError(refusal("refusal.honours", code=repr(text[j] + text[i])))
                kinds.append(26 + rank)
            elif rank == 0:
                kinds.append(base + 4)
                if red is None:
                    red = []
                red.append(base + 4)
            else:
                kinds.append(base + rank - 1)
        start = i + 1
    if start != len(text):
        raise _bad_text(text)
    return TileList(tuple(kinds), () if red is None else tuple(red))


class SuitKeys:
    """What :func:`count_hand` builds beside the counts, in the same pass: the suit keys (the 9
    counts of man, pin and sou, 3 bits each, rank 1 lowest: ``decompose.suit_key``), the mask of
    the kinds seen (bit ``k`` for kind ``k``) and ``over``: some count passed 4 on the way."""

    def __init__(self) -> None:
        self.man = 0
        self.pin = 0
        self.sou = 0
        self.mask = 0
        self.over = False

    def add(self, kind: int, count: int) -> None:
        """One more tile of ``kind``, which now has ``count`` copies."""
        if kind < 9:
            self.man += 1 << (3 * kind)
        elif kind < 18:
            self.pin += 1 << (3 * (kind - 9))
        elif kind < 27:
            self.sou += 1 << (3 * (kind - 18))
        self.mask |= 1 << kind
        if count > 4:
            self.over = True


def count_mpsz(text: str, counts: list[int], reds: list[int]) -> int:
    """Add the tiles of an mpsz string to ``counts`` (34 kinds) and its red fives to
    ``reds`` (3 suits); return how many tiles it holds.

    The uncached fast path for a hand (a new string nearly every call), in one pass.
    Returns -1 when ``text`` is not valid mpsz, with part of it possibly added: the caller
    starts over with :func:`parse_tiles`, which says what is wrong.

    >>> counts, reds = [0] * 34, [0, 0, 0]
    >>> count_mpsz("1105m77z", counts, reds), counts[0], counts[4], counts[33], reds
    (6, 2, 2, 2, [1, 0, 0])
    >>> count_mpsz("18z", [0] * 34, [0, 0, 0]), count_mpsz("12", [0] * 34, [0, 0, 0])
    (-1, -1)
    """
    return count_hand(text, counts, reds, SuitKeys())


def count_hand(text: str, counts: list[int], reds: list[int], keys: SuitKeys) -> int:
    """:func:`count_mpsz` that also adds the tiles to ``keys`` (see :class:`SuitKeys`): what the
    hand's decomposition looks up, so nobody loops over the 34 counts for it again. The keys'
    3-bit fields are exact while no count passes 7 (``keys.over`` is set from 5 on).

    The locals are ``i64`` (mypy_extensions: plain C integers once compiled, no tagged-int
    checks or reference counts on every step of the per-tile loop). No shift in them passes bit
    30: mypyc 2.4 writes the literal of ``1 << k`` as a C ``int``, so ``1 << 31`` and up (the
    dragons' bits of the kind mask) would overflow; the honours' bits are gathered apart and
    shifted into place as Python ints."""
    n: i64 = len(text)
    tiles: i64 = 0
    start: i64 = 0  # index of the first digit of the current group
    mask: i64 = 0  # kinds 0–26 seen; honours: bit kind - 27 of ``honours`` (both added to keys.mask at the end)
    honours: i64 = 0
    over = False
    i: i64 = 0
    while i < n:
        ch: i64 = ord(text[i])
        if 48 <= ch <= 57:  # a digit
            i += 1
            continue
        if i == start:
            return -1
        if ch == 122:  # z: honours 1–7
            j: i64 = start
            while j < i:
                rank: i64 = ord(text[j]) - 48
                if rank < 1 or rank > 7:
                    return -1
                kind: i64 = 26 + rank
                count: i64 = counts[kind] + 1
                counts[kind] = count
                honours |= 1 << (rank - 1)
                if count > 4:
                    over = True
                j += 1
        else:
            base: i64 = 0 if ch == 109 else (9 if ch == 112 else (18 if ch == 115 else -1))
            if base < 0:
                return -1
            key: i64 = 0
            j = start
            while j < i:
                rank = ord(text[j]) - 48
                if rank == 0:
                    rank = 5
                    suit: i64 = base // 9
                    reds[suit] = reds[suit] + 1
                kind = base + rank - 1
                count = counts[kind] + 1
                counts[kind] = count
                key += 1 << (3 * (rank - 1))
                mask |= 1 << kind
                if count > 4:
                    over = True
                j += 1
            if base == 0:
                keys.man += key
            elif base == 9:
                keys.pin += key
            else:
                keys.sou += key
        tiles += i - start
        start = i + 1
        i += 1
    keys.mask |= int(mask) | (int(honours) << 27)
    if over:
        keys.over = True
    if start != n:
        return -1
    return tiles


def mpsz_kinds(text: str, kinds: list[int]) -> int:
    """Append the kinds of an mpsz string to ``kinds``; return which suits hold a red five.

    The uncached fast path for dora indicators (one or two tiles, nearly always): returns a
    mask of the suits with a red five (1 man, 2 pin, 4 sou), or -1 when ``text`` is not valid
    mpsz or holds two red fives of one suit; the caller then discards ``kinds`` and takes the
    general path (:func:`parse_tiles`), which says what is wrong.

    >>> kinds = []
    >>> mpsz_kinds("0p7z", kinds), kinds
    (2, [13, 33])
    >>> mpsz_kinds("00m", []), mpsz_kinds("8z", [])
    (-1, -1)
    """
    n = len(text)
    red_mask = 0
    start = 0  # index of the first digit of the current group
    for i in range(n):
        ch = ord(text[i])
        if 48 <= ch <= 57:  # a digit
            continue
        if i == start:
            return -1
        base = 0 if ch == 109 else (9 if ch == 112 else (18 if ch == 115 else (27 if ch == 122 else -1)))
        if base < 0:
            return -1
        for j in range(start, i):
            rank = ord(text[j]) - 48
            if base == 27:
                if rank < 1 or rank > 7:
                    return -1
                kinds.append(26 + rank)
            elif rank == 0:
                bit = 1 << (base // 9)
                if red_mask & bit:
                    return -1
                red_mask |= bit
                kinds.append(base + 4)
            else:
                kinds.append(base + rank - 1)
        start = i + 1
    if start != n:
        return -1
    return red_mask


_parse_text = lru_cache(maxsize=16384)(parse_text)


@lru_cache(maxsize=16384)
def _parse_codes(codes: tuple[str, ...]) -> TileList:
    return _tile_list(codes)


def parse_tiles(value: str | Sequence[str]) -> TileList:
    """Parse an mpsz string (``"123m406p55z"``) or a list of codes (``["1m", "0p"]``).

    Raises :class:`NotationError` with a message that says what is wrong. /docs/rules §1.
    Results are cached on the string (or tuple of codes).

    >>> parse_tiles("406p")
    TileList(kinds=(12, 13, 14), red=(13,))
    """
    if isinstance(value, str):
        return _parse_text(value)
    return _parse_codes(tuple(value))


def tile_codes(value: str | Sequence[str]) -> list[str]:
    """The tile codes of valid mpsz text or of a list of codes, in their order, red fives kept (the caller
    has parsed ``value`` with :func:`parse_tiles`, which refuses invalid text).

    >>> tile_codes("406p11z"), tile_codes(("1m", "0p"))
    (['4p', '0p', '6p', '1z', '1z'], ['1m', '0p'])
    """
    if not isinstance(value, str):
        return list(value)
    codes: list[str] = []
    start = 0  # index of the first digit of the current group
    for i in range(len(value)):
        suit = value[i]
        if suit in "mpsz":
            for j in range(start, i):
                codes.append(value[j] + suit)
            start = i + 1
    return codes


def dora_from_indicator(kind: int) -> int:
    """The dora kind an indicator points to (/docs/rules §3 Dora).

    9→1 within a suit; E→S→W→N→E; White→Green→Red→White.

    >>> [kind_name(dora_from_indicator(k)) for k in (8, 30, 33)]
    ['1m', '1z', '5z']
    """
    if kind < 27:
        return kind - kind % 9 + (kind % 9 + 1) % 9
    if kind < 31:
        return 27 + (kind - 27 + 1) % 4
    return 31 + (kind - 31 + 1) % 3

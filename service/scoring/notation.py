"""The request schema's tile-notation patterns, checked in compiled code (/docs/rules §1).

:data:`~.model.TILES_PATTERN` and :data:`~.model.TILE_CODE_PATTERN` are part of the
request schema (``Meta(pattern=…)``): msgspec checks each with Python's ``re``, one call per
string, four or five a request, most of a strict decode's time (BENCHMARKS.md).
:func:`request_of` checks the same patterns on a request decoded without them
(:data:`~.model.UncheckedScoreRequest`) and builds the :class:`~.model.ScoreRequest`, in less
time. ``tests/scoring/test_notation.py`` checks that each function
here accepts exactly the strings its pattern matches.

The patterns, read as plain rules (``re`` semantics for ``str``: ``[0-9]`` is the ASCII digits;
``$(?!\\n)`` is the end of the string, no final newline allowed):

- a tile string: zero or more groups, each one or more ASCII digits followed by ``m``, ``p``
  or ``s``, or one or more of the digits 1–7 followed by ``z`` (``""`` matches);
- a tile code: exactly one such group of one digit (``0m``–``9s``, ``1z``–``7z``).
"""

from __future__ import annotations

from typing import Any, Final

from msgspec.structs import astuple

from .model import MeldSpec, ScoreRequest

__all__ = ["TILE_CODES", "is_tile_code", "is_tiles", "is_tiles_text", "request_of"]

TILE_CODES: Final = frozenset(
    [f"{rank}{suit}" for suit in "mps" for rank in range(10)] + [f"{r}z" for r in range(1, 8)]
)
"""The 37 strings :data:`~.model.TILE_CODE_PATTERN` matches: ``0m``–``9m``, ``0p``–``9s``, ``1z``–``7z``."""


def is_tile_code(code: str) -> bool:
    """Whether ``code`` matches :data:`~.model.TILE_CODE_PATTERN`.

    >>> [is_tile_code(c) for c in ("0m", "7z", "8z", "5m\\n", "m5")]
    [True, True, False, False, False]
    """
    return code in TILE_CODES


def is_tiles_text(text: str) -> bool:
    """Whether ``text`` matches :data:`~.model.TILES_PATTERN` (any length; ``max_length`` is msgspec's).

    One pass: every maximal run of digits must be closed by a suit letter, and a run closed by
    ``z`` holds only 1–7. (The pattern's groups are so split uniquely: a group ends at its letter.)

    >>> [is_tiles_text(t) for t in ("", "123m406p55z", "8z", "m", "12", "1m ", "١m")]
    [True, True, False, False, False, False, False]
    """
    n = len(text)
    start = 0  # index of the first digit of the current group
    i = 0
    while i < n:
        ch = ord(text[i])
        if 48 <= ch <= 57:  # an ASCII digit
            i += 1
            continue
        if i == start:  # a letter (or anything else) with no digit before it
            return False
        if ch == 122:  # z: honours 1–7 only
            j = start
            while j < i:
                rank = ord(text[j])
                if rank < 49 or rank > 55:
                    return False
                j += 1
        elif ch != 109 and ch != 112 and ch != 115:  # not m, p, s
            return False
        i += 1
        start = i
    return start == n


def is_tiles(value: object) -> bool:
    """Whether a tile list as decoded (:data:`~.model.UncheckedTiles`: a string, or a tuple of strings)
    matches the schema's patterns: :func:`is_tiles_text` for a string, :func:`is_tile_code` for each code."""
    if isinstance(value, str):
        return is_tiles_text(value)
    if isinstance(value, tuple):
        return all(isinstance(code, str) and code in TILE_CODES for code in value)
    return False


def request_of(unchecked: Any) -> ScoreRequest | None:
    """The :class:`~.model.ScoreRequest` of a request decoded as :data:`~.model.UncheckedScoreRequest`, or
    ``None`` when one of its tile strings does not match the schema's patterns.

    The request is the one a strict decode of the same JSON gives (the same fields, the same values:
    the unchecked type has every other constraint of the schema); ``None`` exactly when that decode
    would fail on a pattern, so the caller decodes strictly for the error. Long because it names every
    field: it unpacks them from ``msgspec.structs.astuple`` (one call, the fields in
    :data:`.contract.REQUEST_FIELDS`' order) and passes them by keyword (the Struct is ``kw_only``).
    """
    (
        hand,
        win_tile,
        rules,
        melds,
        win,
        dealer,
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
        dora_indicators,
        ura_indicators,
        honba,
        riichi_sticks,
        nukidora,
    ) = astuple(unchecked)  # contract.REQUEST_FIELDS' order (tests/scoring/test_contract.py)
    if not (
        is_tiles(hand)
        and isinstance(win_tile, str)
        and win_tile in TILE_CODES
        and is_tiles(dora_indicators)
        and is_tiles(ura_indicators)
    ):
        return None
    if melds:
        specs = []
        for meld in melds:
            tiles = meld.tiles
            if not is_tiles(tiles):
                return None
            specs.append(MeldSpec(type=meld.type, tiles=tiles, closed=meld.closed))
        melds = tuple(specs)
    return ScoreRequest(
        hand=hand,
        win_tile=win_tile,
        rules=rules,
        melds=melds,
        win=win,
        dealer=dealer,
        seat_wind=seat_wind,
        round_wind=round_wind,
        riichi=riichi,
        double_riichi=double_riichi,
        ippatsu=ippatsu,
        haitei=haitei,
        houtei=houtei,
        rinshan=rinshan,
        chankan=chankan,
        tenhou=tenhou,
        chiihou=chiihou,
        renhou=renhou,
        open_riichi=open_riichi,
        sashikomi=sashikomi,
        paarenchan=paarenchan,
        nagashi_mangan=nagashi_mangan,
        rinshan_open_kan=rinshan_open_kan,
        dora_indicators=dora_indicators,
        ura_indicators=ura_indicators,
        honba=honba,
        riichi_sticks=riichi_sticks,
        nukidora=nukidora,
    )

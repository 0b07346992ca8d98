"""The uncached mpsz fast paths agree with the general parser on any string.

``count_mpsz`` (the hand) and ``mpsz_kinds`` (dora indicators) skip :func:`parse_text`'s
objects; where they give up (-1) the caller takes the general path, so they must never
accept a string the parser refuses, nor read one differently (/docs/rules §1 notation).
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from service.scoring.tiles import NotationError, count_mpsz, mpsz_kinds, parse_text

MPSZ_ALPHABET = "0123456789mpsz"


@given(st.text(alphabet=MPSZ_ALPHABET, max_size=12))
def test_mpsz_kinds_reads_what_parse_text_reads(text: str) -> None:
    kinds: list[int] = []
    red_mask = mpsz_kinds(text, kinds)
    try:
        parsed = parse_text(text)
    except NotationError:
        assert red_mask == -1
        return
    red_suits = [k // 9 for k in parsed.red]
    if len(set(red_suits)) < len(red_suits):  # two red fives of a suit: left to the general path
        assert red_mask == -1
        return
    assert red_mask == sum(1 << suit for suit in red_suits)
    assert tuple(kinds) == parsed.kinds


@given(st.text(alphabet=MPSZ_ALPHABET, max_size=20))
def test_count_mpsz_counts_what_parse_text_reads(text: str) -> None:
    counts, reds = [0] * 34, [0, 0, 0]
    n = count_mpsz(text, counts, reds)
    try:
        parsed = parse_text(text)
    except NotationError:
        assert n == -1
        return
    assert n == len(parsed.kinds)
    assert counts == [parsed.kinds.count(k) for k in range(34)]
    assert reds == [sum(1 for k in parsed.red if k // 9 == suit) for suit in range(3)]


def test_hand_checked_examples() -> None:
    kinds: list[int] = []
    assert mpsz_kinds("0p7z", kinds) == 2  # red 5p: pin is bit 1
    assert kinds == [13, 33]  # 5p, chun
    kinds = []
    assert mpsz_kinds("19m", kinds) == 0
    assert kinds == [0, 8]
    assert mpsz_kinds("", []) == 0
    assert mpsz_kinds("0m0s", []) == 0b101
    assert mpsz_kinds("00m", []) == -1  # two red 5m
    assert mpsz_kinds("8z", []) == mpsz_kinds("m", []) == mpsz_kinds("12", []) == -1

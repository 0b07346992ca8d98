"""The compiled notation checks (:mod:`service.scoring.notation`) accept exactly what the schema's patterns match.

The patterns are the contract (a string they reject is a 400 naming its field); the batch route
decodes without them and checks them with :func:`~service.scoring.notation.request_of` instead, so
each check is compared here with Python's ``re`` on the pattern itself (``search``, as msgspec
calls it): every string of up to three characters over an alphabet of digits, suit letters and
look-alikes, and random strings; and :func:`request_of` after an unchecked decode against the strict
decode, on valid requests and on requests with random strings in each tile field.
"""

from __future__ import annotations

import itertools
import json
import re
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.scoring import ScoreRequest
from service.scoring.model import TILE_CODE_PATTERN, TILES_PATTERN, UncheckedScoreRequest
from service.scoring.notation import TILE_CODES, is_tile_code, is_tiles, is_tiles_text, request_of
from tests.strategies import seeded_hands

TILES_RE = re.compile(TILES_PATTERN)
CODE_RE = re.compile(TILE_CODE_PATTERN)

ALPHABET = "0123456789mpszxM \n\t١０"
"""Digits, the suit letters, a wrong letter and case, blanks, a newline, non-ASCII digits (Arabic-Indic, fullwidth)."""

STRICT = msgspec.json.Decoder(ScoreRequest)
UNCHECKED = msgspec.json.Decoder(UncheckedScoreRequest)


def test_the_tile_codes_are_the_37_a_person_lists() -> None:
    assert len(TILE_CODES) == 37
    assert {"0m", "5m", "9m", "0p", "9s", "1z", "7z"} <= TILE_CODES
    assert not {"8z", "0z", "m5", "10m", "5M"} & TILE_CODES


def test_hand_picked_strings() -> None:
    accepted = ["", "1m", "123m406p55z", "1234567z", "0000m", "99999999999p"]
    refused = ["8z", "0z", "m", "12", "1m ", " 1m", "1m\n", "1mm", "123mz", "1M", "١m", "１m", "1m2"]
    assert [is_tiles_text(t) for t in accepted] == [True] * len(accepted)
    assert [is_tiles_text(t) for t in refused] == [False] * len(refused)
    assert [bool(TILES_RE.search(t)) for t in accepted + refused] == [True] * len(accepted) + [False] * len(refused)


@pytest.mark.parametrize("length", [0, 1, 2, 3])
def test_every_short_string_is_judged_as_the_patterns_judge_it(length: int) -> None:
    for chars in itertools.product(ALPHABET, repeat=length):
        text = "".join(chars)
        assert is_tiles_text(text) == bool(TILES_RE.search(text)), repr(text)
        assert is_tile_code(text) == bool(CODE_RE.search(text)), repr(text)


@settings(max_examples=3000)
@given(text=st.text(alphabet=ALPHABET, max_size=24) | st.text(max_size=12))
def test_any_string_is_judged_as_the_patterns_judge_it(text: str) -> None:
    assert is_tiles_text(text) == bool(TILES_RE.search(text))
    assert is_tile_code(text) == bool(CODE_RE.search(text))
    assert is_tiles(text) == bool(TILES_RE.search(text))
    assert is_tiles((text, "1m")) == bool(CODE_RE.search(text))


HANDS = seeded_hands(300, 9)
TILE_FIELDS = ("hand", "win_tile", "dora_indicators", "ura_indicators", "meld")


def unchecked_then_checked(body: bytes) -> ScoreRequest | None:
    """What the batch's first step makes of ``body``: the request, or None (the strict decode then says why)."""
    try:
        return request_of(UNCHECKED.decode(body))
    except msgspec.MsgspecError:
        return None


def strict(body: bytes) -> ScoreRequest | None:
    try:
        return STRICT.decode(body)
    except msgspec.MsgspecError:
        return None


def test_valid_requests_come_out_equal_to_the_strict_decode() -> None:
    for hand in HANDS:
        body = json.dumps(hand).encode()
        request = unchecked_then_checked(body)
        assert request is not None
        assert type(request) is ScoreRequest
        assert request == STRICT.decode(body)
        assert msgspec.json.encode(request) == msgspec.json.encode(STRICT.decode(body))
        assert hash(request) == hash(STRICT.decode(body))  # the result cache's key


@settings(max_examples=1500, deadline=None)
@given(
    hand=st.sampled_from(HANDS),
    field=st.sampled_from(TILE_FIELDS),
    value=st.text(alphabet=ALPHABET, max_size=20)
    | st.lists(st.text(alphabet=ALPHABET, max_size=3), max_size=20)
    | st.sampled_from(sorted(TILE_CODES)),
)
def test_a_tile_field_of_any_string_is_judged_as_by_the_strict_decode(
    hand: dict[str, Any], field: str, value: Any
) -> None:
    changed = dict(hand)
    if field == "meld":
        changed["melds"] = [*hand.get("melds", []), {"type": "pon", "tiles": value}]
    else:
        changed[field] = value
    body = json.dumps(changed).encode()
    assert unchecked_then_checked(body) == strict(body)


@settings(max_examples=1500, deadline=None)
@given(hand=st.sampled_from(HANDS), cut=st.integers(min_value=0, max_value=400), junk=st.binary(max_size=3))
def test_a_mangled_body_is_judged_as_by_the_strict_decode(hand: dict[str, Any], cut: int, junk: bytes) -> None:
    text = json.dumps(hand).encode()
    body = text[:cut] + junk + text[cut:]
    assert unchecked_then_checked(body) == strict(body)

"""Arbitrary bodies through the C code's readers (``_native.c``): it declines them or agrees with msgspec.

``native.parse_batch`` reads a batch body's bytes in C, without the GIL; ``native.score_json`` and
``native.score`` read a request's strings (the batch's unchecked decode, and a request built in Python, leave
the tile strings to them). Hypothesis makes the bodies: valid batches with their bytes mutated (cut,
repeated, overwritten, a JSON token put in), JSON of any shape, and plain bytes. For each body:

- ``parse_batch`` returns ``None`` (msgspec decides the body) or reads a body msgspec decodes to
  ``{"hands": [...]}`` with as many hands, each hand's span (``parsed_span``) being that hand's JSON;
- every hand the C code answers (``score_parsed_run``, ``score_json`` of its unchecked decode) is one the
  strict decoder takes, answered as the Python path answers it, byte for byte; and ``score`` of a request
  built in Python with any text in its tile fields is declined or answered as the Python path answers it;
- nothing crashes: run under the sanitizers (``python -m tests.sanitized_native tests/batch/test_batch_fuzz.py``)
  an out-of-bounds read or undefined behaviour ends the run with a report.

``RIICHI_FUZZ_EXAMPLES`` sets the number of bodies per test (default 200; CI's sanitizer run sets more).
"""

from __future__ import annotations

import json
import os
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.api.routes.batch import MAX_BATCH_HANDS
from service.i18n import LANGUAGES
from service.scoring import InvalidHand, MeldSpec, ScoreRequest, native
from service.scoring.batch import parse_batch, score_json
from service.scoring.model import UncheckedScoreRequest
from service.scoring.names import localise
from service.scoring.native import AVAILABLE, parsed_span, score_parsed_run
from service.scoring.rules_cache import rules_and_table
from service.scoring.scorer import score_fresh
from tests.strategies import seeded_hands

pytestmark = pytest.mark.skipif(not AVAILABLE, reason="the C extension is not built (RIICHI_PURE_PYTHON install)")

EXAMPLES = int(os.environ.get("RIICHI_FUZZ_EXAMPLES", "200"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), database=None)

HANDS = [
    {**hand, **extra}
    for hand, extra in zip(
        seeded_hands(60, seed=2626),
        [{}, {"rules": "tenhou"}, {"rules": "kostarev"}, {"honba": 3}, {"rules": "tenhou_sanma"}] * 12,
        strict=True,
    )
]
"""Valid hands (some with melds, some under other presets) the mutated bodies start from."""

TOKENS = [
    b"{", b"}", b"[", b"]", b",", b":", b'"', b"\\", b"\\u0000", b"\\ud800", b"true",
    b"false", b"null", b"-", b"0", b"1e999", b"-0", b"1.5", b"99999999999999999999",
    *(b'"%s"' % key for key in (b"hands", b"hand", b"melds", b"tiles", b"type", b"kan", b"rules", b"win_tile")),
    *(b'"%s"' % tiles for tiles in (b"0m", b"5555m", b"1z", b"8z", b"1" * 40 + b"m", b"standard")),
    b" ", b"\t", b"\n", b"\x00", b"\xff", "\u00e9".encode(), b"[" * 20, b"]" * 20, b"{}" * 3,
]  # fmt: skip
"""Pieces of JSON (and of what is not JSON) that the mutations put in."""

_strict = msgspec.json.Decoder(ScoreRequest).decode
_unchecked = msgspec.json.Decoder(UncheckedScoreRequest).decode


@st.composite
def mutated_bodies(draw: st.DrawFn) -> bytes:
    """A valid batch of 0–4 hands with 1–4 of its bytes' spans cut, repeated, overwritten or put in."""
    hands = draw(st.lists(st.sampled_from(HANDS), max_size=4))
    separators = draw(st.sampled_from([(",", ":"), (", ", ": ")]))
    body = bytearray(json.dumps({"hands": hands}, separators=separators).encode())
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(body)))
        end = draw(st.integers(at, min(len(body), at + 12)))
        what = draw(st.integers(0, 4))
        if what == 0:
            del body[at:end]
        elif what == 1:
            body[at:at] = body[at:end]
        elif what == 2:
            body[at:end] = draw(st.sampled_from(TOKENS))
        elif what == 3 and at < len(body):
            body[at] = draw(st.integers(0, 255))
        else:
            body[at:at] = draw(st.binary(max_size=6))
    return bytes(body)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=20,
)


@st.composite
def shaped_bodies(draw: st.DrawFn) -> bytes:
    """A batch whose hands are any JSON, or hands with one field of any JSON value."""
    hands: list[Any] = []
    for _ in range(draw(st.integers(0, 3))):
        if draw(st.booleans()):
            hands.append(draw(JSON_VALUES))
        else:
            hand = dict(draw(st.sampled_from(HANDS)))
            key = draw(st.sampled_from([*ScoreRequest.__struct_fields__, "melds", "x"]))
            hand[key] = draw(JSON_VALUES)
            hands.append(hand)
    return msgspec.json.encode({"hands": hands})


BODIES = mutated_bodies() | shaped_bodies() | st.binary(max_size=200)


def reference(hand: Any, lang: int) -> bytes | None:
    """The Python path's answer to a hand as JSON in ``LANGUAGES[lang]``; ``None`` when it is refused."""
    try:
        req = _strict(msgspec.json.encode(hand))
    except msgspec.ValidationError:
        return None
    try:
        return msgspec.json.encode(localise(score_fresh(req, use_native=False), LANGUAGES[lang]))
    except InvalidHand:
        return None


@pytest.fixture(autouse=True, scope="module")
def presets_resolved() -> None:
    """The C code reads a preset once the Python path has resolved it (tenhou and kostarev among them)."""
    for preset in ("standard", "tenhou", "kostarev"):
        rules_and_table(preset)


def check_body(body: bytes, lang: int) -> None:
    """The properties of the module's docstring, for one body."""
    parsed = parse_batch(body, MAX_BATCH_HANDS)
    try:
        decoded: Any = msgspec.json.decode(body)
    except msgspec.DecodeError:
        decoded = msgspec.DecodeError
    if parsed is None:
        return
    batch, count = parsed
    assert isinstance(decoded, dict), body
    assert list(decoded) == ["hands"], body
    hands = decoded["hands"]
    assert isinstance(hands, list), body
    assert len(hands) == count <= MAX_BATCH_HANDS, body
    for i, hand in enumerate(hands):
        start, end, _ = parsed_span(batch, i)
        assert msgspec.json.decode(body[start:end]) == hand, (body, i)
        answer, reached = score_parsed_run(batch, i, i + 1, lang)
        if reached == i + 1:
            expected = reference(hand, lang)
            assert expected is not None, f"C answered hand {i}, which the Python path refuses: {body!r}"
            assert answer == expected, (body, i)


@FUZZ
@given(body=BODIES, lang=st.integers(0, len(LANGUAGES) - 1))
def test_parse_batch_declines_or_agrees_with_msgspec(body: bytes, lang: int) -> None:
    check_body(body, lang)


@FUZZ
@given(body=mutated_bodies() | shaped_bodies(), lang=st.integers(0, len(LANGUAGES) - 1))
def test_score_json_of_an_unchecked_hand_declines_or_agrees(body: bytes, lang: int) -> None:
    """Each hand the batch's unchecked decoder takes from a fuzzed body, given to ``score_json``: declined,
    or the Python path's answer to its strict decode."""
    try:
        hands = msgspec.json.decode(body)["hands"]
    except (msgspec.DecodeError, TypeError, KeyError):
        return
    if not isinstance(hands, list):
        return
    for hand in hands:
        try:
            req = _unchecked(msgspec.json.encode(hand))
        except msgspec.ValidationError:
            continue
        answer = score_json(req, lang)
        if answer is not None:
            assert answer == reference(hand, lang), hand


TILE_TEXT = st.text(alphabet="0123456789mpsz \n\x00é", max_size=40) | st.text(max_size=20)
"""Tile fields' text: near the notation, and anything."""


@FUZZ
@given(
    hand=st.sampled_from(HANDS),
    texts=st.dictionaries(st.sampled_from(["hand", "win_tile", "dora_indicators", "ura_indicators"]), TILE_TEXT),
    meld_text=st.none() | TILE_TEXT,
)
def test_score_of_a_request_built_in_python_declines_or_agrees(
    hand: dict[str, Any], texts: dict[str, str], meld_text: str | None
) -> None:
    """A request built in Python (its tile strings not checked by a decoder) with any text in its tile fields
    and melds, given to the C code's ``score``: declined, or the Python path's answer."""
    melds = tuple(MeldSpec(**m) for m in hand.get("melds", ()))
    if meld_text is not None and melds:
        melds = (MeldSpec(type=melds[0].type, tiles=meld_text, closed=melds[0].closed), *melds[1:])
    fields = {**hand, **texts, "melds": melds}
    req = ScoreRequest(**fields)
    prepared = rules_and_table(req.rules)[3]
    if prepared is None:
        return
    fast = native.score(req, prepared)
    if fast is not None:
        assert fast == score_fresh(req, use_native=False), fields


def test_the_fuzzed_bodies_reach_the_c_code() -> None:
    """The mutations keep enough bodies readable that the C code's readers are exercised, not only its
    first check: of 300 drawn bodies, some are read by ``parse_batch`` and some are not."""
    read = 0
    strategy = mutated_bodies()
    examples: list[bytes] = []

    @settings(max_examples=300, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(body=strategy)
    def collect(body: bytes) -> None:
        examples.append(body)

    collect()
    read = sum(parse_batch(body, MAX_BATCH_HANDS) is not None for body in examples)
    assert 10 <= read < len(examples), read

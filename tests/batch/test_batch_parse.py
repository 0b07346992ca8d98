"""The batch body read by the C code (``service.scoring.native.parse_batch``) answers as the strict path does.

The C code reads a ``{"hands": [...]}`` body straight from its bytes when it is JSON of a subset (RFC
8259 whose strings are printable ASCII without escapes, nested at most 16 deep): each hand that is a
request it scores is answered from its fields, any other hand from its own JSON by the decoders, and a
body outside the subset is decoded by msgspec as before. Each case here is checked three ways: what the C
code does with it (takes the body or not; scores the hand or leaves it), and that the production app's
answer is byte for byte the old strict path's (``tests/batch/test_batch_paths.py``'s ``both_paths``).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from litestar import Litestar

from service.api.routes.batch import MAX_BATCH_HANDS
from service.app import create_app
from service.scoring.batch import parse_batch
from service.scoring.native import AVAILABLE, score_parsed_run
from service.scoring.rules_cache import rules_and_table
from tests.batch.test_batch_paths import LANGUAGES, both_paths
from tests.strategies import seeded_hands

pytestmark = pytest.mark.skipif(not AVAILABLE, reason="the C extension is not built (RIICHI_PURE_PYTHON install)")

M = '"hand": "234567m3455p234s", "win_tile": "2p", "seat_wind": "S", "riichi": true'
"""``tests/batch/test_batch_paths.py``'s ``MANGAN`` as JSON text (8,000 by ron, non-dealer)."""
K = '"hand": "234567m345p5s", "win_tile": "5s", "seat_wind": "E"'
"""A dealer's hand of 10 tiles with room for one meld: 234s (a chi) makes it 234567m 345p 234s 55s."""

TAKEN = [
    "{" + M + "}",
    '{"hand":"234567m3455p234s","win_tile":"2p","seat_wind":"S","riichi":true}',
    '\n\t{ "hand" :\r\n"234567m3455p234s" , "win_tile":"2p",\t"seat_wind" : "S" ,"riichi" : true }\n',
    '{"riichi": true, "seat_wind": "S", "win_tile": "2p", "hand": "234567m3455p234s"}',
    "{" + M + ', "rules": "standard", "melds": [], "win": "ron", "dealer": null, "round_wind": null, "renhou": false,'
    ' "open_riichi": false, "sashikomi": false, "paarenchan": 0, "nagashi_mangan": false, "rinshan_open_kan": false,'
    ' "dora_indicators": "", "ura_indicators": "", "honba": 0, "riichi_sticks": 0, "nukidora": 0, "ippatsu": false}',
    "{" + M + ', "honba": 100, "riichi_sticks": 100}',
    "{" + M + ', "dealer": false, "round_wind": "S", "dora_indicators": "1p9s", "ura_indicators": "4m"}',
    '{"hand": "234567m3455p234s", "win_tile": "2p", "seat_wind": null, "dealer": true, "win": "tsumo"}',
    "{" + K + ', "melds": [{"type": "chi", "tiles": "423s"}]}',
    '{"hand": "234m2255p", "win_tile": "5p", "seat_wind": "W", "rules": "tenhou",'
    ' "melds": [{"closed": false, "tiles": "406p", "type": "chi"}, {"type": "kan", "tiles": "7777z", "closed": true}]}',
    '{"hand": "123456789m1357p", "win_tile": "9p", "seat_wind": "N"}',  # taken: not complete, no win
]
"""Hand texts the C code scores itself."""

LEFT = [
    "{" + M + ', "riichi": false}',  # a key twice: the decoder keeps the last
    # a key twice, its first value not notation: the strict decoder checks every value (400), as
    # POST /v1/score does; the unchecked decode sees only the last (a fresh tester's finding)
    '{"hand": "x", ' + M + "}",
    '{"win_tile": "x", ' + M + "}",
    '{"dora_indicators": "0z", "dora_indicators": "", ' + M + "}",
    "{" + M + ', "win_tile": "9z"}',
    "{" + K + ', "melds": [{"type": "chi", "tiles": "x", "tiles": "234s"}]}',
    "{" + M + ', "foo": 1}',  # unknown: 400
    "{" + M + ', "foo": {"a": [1, {"b": null}], "c": -1.5e+3}}',
    "{" + M + ', "rules": {"preset": "wrc"}}',  # options: resolved by the Python path
    "{" + M + ', "rules": "kids"}',  # not scored by the C code
    "{" + M + ', "rules": "tenhou_sanma"}',
    "{" + M + ', "rules": "nope"}',  # 400
    "{" + M + ', "rules": null}',
    "{" + M + ', "honba": 2.0}',  # an integral float is an int (the decoder's leniency)
    "{" + M + ', "honba": -0}',
    "{" + M + ', "honba": 1e1}',
    "{" + M + ', "honba": 101}',
    "{" + M + ', "honba": 1234567890123}',
    "{" + M + ', "honba": "3"}',
    "{" + M + ', "renhou": true}',
    "{" + M + ', "paarenchan": 1}',
    "{" + M + ', "nukidora": 1}',
    "{" + M + ', "dealer": 1}',
    "{" + M + ', "round_wind": "e"}',
    "{" + M + ', "win": "Ron"}',
    "{" + M + ', "ippatsu": null}',
    '{"hand": ["2m", "3m", "4m", "5m", "6m", "7m", "3p", "4p", "5p", "5p", "2s", "3s", "4s"], "win_tile": "2p",'
    ' "seat_wind": "S"}',
    "{" + K + ', "melds": [{"type": "chi", "tiles": "234s", "x": 1}]}',
    "{" + K + ', "melds": {"type": "chi", "tiles": "234s"}}',
    "{" + K + ', "melds": ["234s"]}',
    "{" + K + ', "melds": [{"type": "chi"}]}',
    "{" + K + ', "melds": [{"type": "chi", "tiles": "234s", "closed": null}]}',
    '{"hand": "", "win_tile": "5p", "melds": [' + ", ".join(['{"type": "pon", "tiles": "111z"}'] * 5) + "]}",
    "{" + M.replace("234567m3455p234s", "1" * 63 + "m") + "}",
    '{"win_tile": "2p", "seat_wind": "S"}',  # no hand: 400
    '{"hand": "234567m3455p234s"}',  # no win_tile: 400
    "{}",
    "[]",
    '"234567m3455p234s"',
    "null",
    "7",
]
"""Hand texts the C code leaves to the decoders (and the Python path), the body still read by it."""

NOT_READ = [
    "{" + M.replace('"S"', '"\\u0053"') + "}",  # an escape
    "{" + M.replace("seat_wind", "seat\\u005fwind") + "}",
    "{" + M + ', "foo": "\u00e9"}',  # not ASCII
    '{"hand": "234567m3455p234s", "win_tile": "2p", "seat_wind": "S", "riichi": tru}',  # not JSON
    "{" + M + ', "honba": 01}',
    "{" + M + ', "honba": 1.}',
    "{" + M + ",}",
    "{" + M + ', "foo": ' + "[" * 20 + "]" * 20 + "}",  # deeper than the C code reads
    "{" + M + ', "foo": "a\tb"}',  # a raw tab inside a string
    '{"hand": "x", ' + M.replace('"S"', '"\\u0053"') + "}",  # a key twice, and an escape (msgspec's path)
    '{"seat_wind": "\\u0053", "hand": "x", ' + M + "}",
]
"""Hand texts that make the C code leave the whole body to msgspec."""


@pytest.fixture(scope="module")
def app() -> Litestar:
    return create_app()


def body_of(*texts: str) -> bytes:
    return ('{"hands": [' + ", ".join(texts) + "]}").encode()


def scored_by_c(body: bytes) -> list[bool] | None:
    """For each hand of ``body``, whether the C code scores it; None when it does not read the body."""
    parsed = parse_batch(body, MAX_BATCH_HANDS)
    if parsed is None:
        return None
    batch, count = parsed
    return [score_parsed_run(batch, i, i + 1, 0)[1] == i + 1 for i in range(count)]


@pytest.fixture(autouse=True, scope="module")
def tenhou_resolved() -> None:
    """The C code reads a preset once the Python path has resolved it: tenhou is, for :data:`TAKEN`."""
    rules_and_table("tenhou")


@pytest.mark.parametrize("text", TAKEN, ids=range(len(TAKEN)))
def test_a_plain_hand_is_scored_by_the_c_code_as_by_the_strict_path(app: Litestar, text: str) -> None:
    body = body_of(text, text)
    assert scored_by_c(body) == [True, True]
    for language in LANGUAGES:
        now, before = both_paths(app, body, language)
        assert now == before
        assert now[0] == 200


@pytest.mark.parametrize("text", LEFT, ids=range(len(LEFT)))
def test_an_odd_hand_is_left_to_the_decoders_and_answered_as_by_the_strict_path(app: Litestar, text: str) -> None:
    body = body_of("{" + M + "}", text, "{" + M + "}")
    assert scored_by_c(body) == [True, False, True]
    now, before = both_paths(app, body, None)
    assert now == before
    assert now[0] == 200
    assert [r.get("total") for r in json.loads(now[2])["results"]][::2] == [8000, 8000]


@pytest.mark.parametrize("text", NOT_READ, ids=range(len(NOT_READ)))
def test_a_body_outside_the_subset_is_left_to_msgspec_and_answered_as_by_the_strict_path(
    app: Litestar, text: str
) -> None:
    body = body_of("{" + M + "}", text)
    assert scored_by_c(body) is None
    now, before = both_paths(app, body, b"ru")
    assert now == before


ENVELOPES = [
    b'{"hands": []}',
    b' \n{"hands":[]}\r\n',
    b'{"hands": [], "hands": []}',
    b'{"hands": [], "more": 1}',
    b'{"hands": {}}',
    b'{"hand": []}',
    b"{}",
    b"[]",
    b'{"hands": []} {}',
    b'{"hands": [],}',
    b'{"hands": [' + b",".join([("{" + M + "}").encode()] * (MAX_BATCH_HANDS + 1)) + b"]}",
    b'\xef\xbb\xbf{"hands": []}',
    b'{"hands": [' + ("{" + M + "}").encode(),
]


@pytest.mark.parametrize("body", ENVELOPES, ids=range(len(ENVELOPES)))
def test_only_a_batch_envelope_is_read_and_any_other_is_answered_as_before(app: Litestar, body: bytes) -> None:
    assert (scored_by_c(body) is not None) == (body.strip() in (b'{"hands": []}', b'{"hands":[]}'))
    now, before = both_paths(app, body, None)
    assert now == before


def test_the_c_code_scores_almost_every_seeded_hand() -> None:
    hands = seeded_hands(2000, 0)
    taken = scored_by_c(json.dumps({"hands": hands[:1000]}).encode())
    assert taken is not None
    assert sum(taken) >= 990, f"{1000 - sum(taken)} of 1,000 seeded hands left to the Python path"


SPACE = st.text(alphabet=" \t\n\r", max_size=2)
DEFAULTS = {
    "melds": [],
    "win": "ron",
    "dealer": None,
    "renhou": False,
    "paarenchan": 0,
    "honba": 0,
    "rules": "standard",
}


def text_of(draw: Any, value: Any) -> str:
    """``value`` as JSON with drawn white space between tokens and its keys in a drawn order."""
    if isinstance(value, dict):
        keys = draw(st.permutations(list(value)))
        items = [f"{draw(SPACE)}{json.dumps(k)}{draw(SPACE)}:{text_of(draw, value[k])}" for k in keys]
        return draw(SPACE) + "{" + ",".join(items) + draw(SPACE) + "}" + draw(SPACE)
    if isinstance(value, list):
        return draw(SPACE) + "[" + ",".join(text_of(draw, v) for v in value) + draw(SPACE) + "]" + draw(SPACE)
    return draw(SPACE) + json.dumps(value) + draw(SPACE)


@st.composite
def formatted_hands(draw: Any) -> str:
    hand = dict(draw(st.sampled_from(seeded_hands(200, 5))))
    for key in draw(st.lists(st.sampled_from(sorted(DEFAULTS)), unique=True, max_size=3)):
        hand.setdefault(key, DEFAULTS[key])
    text = text_of(draw, hand)
    if draw(st.booleans()):  # a repeated key (the last counts) or an unknown one
        extra = draw(st.sampled_from(['"riichi": false', '"honba": 3', '"bogus": [1]', '"dealer": null']))
        text = text.rstrip()[:-1] + ", " + extra + "}"
    return text


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(texts=st.lists(formatted_hands(), min_size=1, max_size=4), language=st.sampled_from(LANGUAGES))
def test_hands_formatted_any_way_are_answered_as_by_the_strict_path(
    app: Litestar, texts: list[str], language: bytes | None
) -> None:
    body = body_of(*texts)
    assert scored_by_c(body) is not None  # all inside the subset: read by the C code
    now, before = both_paths(app, body, language)
    assert now == before
    assert now[0] == 200

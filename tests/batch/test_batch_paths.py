"""POST /v1/score/batch answers byte for byte as the per-hand strict path did (before issue 17's batch work).

The route reads the body in C when it can (``tests/batch/test_batch_parse.py``), else decodes the
envelope with raw hands (:class:`~service.api.routes.batch.BatchJSON`, its one fallback); a hand from its
raw JSON is decoded without the schema's tile-notation patterns, which are checked in compiled code
(:func:`service.scoring.notation.request_of`), and by the strict decode when anything fails. The old path,
put in its place here, decodes the envelope with raw hands and each hand by :func:`strict_score_item`, the
per-hand function it replaced, verbatim.

For each batch (valid hands, schema errors, bad notation in every tile field, impossible hands,
mixed, hypothesis-mangled hands, each language) the whole answer through the production app (status,
headers with the same request id, body bytes) must be the same on both paths, and on the direct path
(:mod:`service.api.plumbing.fastpath`) and litestar's own (a body sent chunked).
"""

from __future__ import annotations

import json
import logging
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from litestar import Litestar

import service.api.routes.batch as batch_routes
from service.api.plumbing.decoding import BadRequestBody, decode_json
from service.api.routes.batch import (
    ITEM_IMPOSSIBLE_DETAIL,
    ITEM_SCHEMA_DETAIL,
    BatchJSON,
    BatchRequest,
    HandOutcome,
    ParsedBatch,
    _problem,
)
from service.app import create_app
from service.i18n import Language
from service.scoring import InvalidHand, ScoreRequest, score
from service.scoring.names import localise
from service.scoring.native import AVAILABLE
from tests.api.asgi import post_json
from tests.strategies import seeded_hands

_strict_decode = msgspec.json.Decoder(ScoreRequest).decode


def strict_score_item(index: int, raw: msgspec.Raw | bytes, lang: Language = "en") -> HandOutcome:
    """The per-hand path before the unchecked decode (main at 6b01b1d), verbatim but for the language of its
    problems (a slot's refusal follows ``Accept-Language``, as the single route's does)."""
    try:
        try:
            request = _strict_decode(raw)
        except msgspec.MsgspecError:
            request = decode_json(raw, ScoreRequest)
        return localise(score(request), lang)
    except BadRequestBody as exc:
        return _problem(index, 400, ITEM_SCHEMA_DETAIL, exc.errors, lang)
    except InvalidHand as exc:
        return _problem(index, 422, ITEM_IMPOSSIBLE_DETAIL, exc.errors, lang)
    except Exception:
        logging.getLogger(batch_routes.__name__).exception("Unhandled exception while scoring hands[%d]", index)
        return _problem(index, 500, "The server could not handle this request.", [])


MANGAN = {"hand": "234567m3455p234s", "win_tile": "2p", "seat_wind": "S", "riichi": True}
"""Riichi pinfu tanyao sanshoku by ron, non-dealer: mangan, 8000."""

HANDS = seeded_hands(120, 11)
REFUSED: list[Any] = [
    {**MANGAN, "hand": "234567m3455p234x"},  # notation: a wrong suit letter (400, hand)
    {**MANGAN, "win_tile": "8z"},  # notation: no 8z (400, win_tile)
    {**MANGAN, "dora_indicators": "0z"},  # notation (400, dora_indicators)
    {**MANGAN, "riichi": True, "ura_indicators": ["1m", "1q"]},  # notation in a list (400, ura_indicators)
    {**MANGAN, "hand": "234567m3455p", "melds": [{"type": "pon", "tiles": "777 z"}]},  # notation (400, melds[0])
    {"win_tile": "9z", "hand": "bad", "seat_wind": "S"},  # two notation errors: the body's first is named
    {"win_tile": "2p", "hand": "1m\n"},  # a final newline is not notation
    {**MANGAN, "hand": "1" * 63 + "m"},  # within the 64 characters, notation, impossible (422)
    {**MANGAN, "hand": "1" * 64 + "m"},  # over 64 characters (400)
    {**MANGAN, "honba": 2.0},  # an integral float is an int
    {**MANGAN, "honba": 2.5},  # not an int (400)
    {**MANGAN, "foo": 1},  # unknown field (400)
    {**MANGAN, "riichi": False, "ippatsu": True},  # 422: ippatsu without riichi
    {**MANGAN, "hand": "1111m234567p234s", "win_tile": "1m"},  # 422: a fifth copy
    "234567m3455p234s",  # not an object (400)
    None,
    [MANGAN],
]
LANGUAGES = [None, b"ru", b"ja;q=0.9, en;q=0.5"]


@pytest.fixture(scope="module")
def app() -> Litestar:
    return create_app()


def post(app: Litestar, body: bytes, language: bytes | None, *, chunked: bool = False) -> tuple[int, list[Any], bytes]:
    """``POST /v1/score/batch`` through the whole ASGI stack (:func:`tests.api.asgi.post_json`): with a
    ``Content-Length`` the direct path, ``chunked`` litestar's own path to the same handler."""
    return post_json(app, "/v1/score/batch", body, chunked=chunked, language=language)


def both_paths(app: Litestar, body: bytes, language: bytes | None) -> tuple[Any, Any]:
    """The answer with the route as it is, and with the old path in its place: the envelope decoded with raw
    hands (``decode_json``, not the C reader) and each hand by :func:`strict_score_item`."""
    now = post(app, body, language)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(batch_routes.BatchJSON, "decode_body", classmethod(lambda cls, v: decode_json(v, BatchRequest)))
        patch.setattr(batch_routes, "score_item", strict_score_item)
        before = post(app, body, language)
    return now, before


def batch_body(hands: list[Any]) -> bytes:
    return json.dumps({"hands": hands}).encode()


@pytest.mark.parametrize("language", LANGUAGES)
def test_valid_hands_are_answered_as_by_the_strict_path(app: Litestar, language: bytes | None) -> None:
    now, before = both_paths(app, batch_body(HANDS), language)
    assert now == before
    assert now[0] == 200
    assert all("status" not in r for r in json.loads(now[2])["results"])


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("hand", REFUSED, ids=range(len(REFUSED)))
def test_each_refused_or_odd_hand_is_answered_as_by_the_strict_path(
    app: Litestar, hand: Any, language: bytes | None
) -> None:
    now, before = both_paths(app, batch_body([MANGAN, hand, HANDS[0]]), language)
    assert now == before
    assert now[0] == 200


def test_the_slots_are_the_problems_a_person_expects(app: Litestar) -> None:
    status, _, body = post(app, batch_body([MANGAN, *REFUSED]), None)
    results = json.loads(body)["results"]
    assert status == 200
    assert results[0]["points"] == 8000
    fields = [
        (sorted({e["field"] for e in r["errors"]}), r["status"]) if "status" in r else r["total"] for r in results[1:]
    ]
    assert fields == [
        (["hands[1].hand"], 400),
        (["hands[2].win_tile"], 400),
        (["hands[3].dora_indicators"], 400),
        (["hands[4].ura_indicators[1]"], 400),
        (["hands[5].melds[0].tiles"], 400),
        (["hands[6].win_tile"], 400),  # the body's first field at fault, not the struct's
        (["hands[7].hand"], 400),
        (["hands[8].hand"], 422),  # 64 tiles: too many, and too many copies
        (["hands[9].hand"], 400),
        8600,  # two honba: 8,000 + 2 × 300
        (["hands[11].honba"], 400),
        (["hands[12].foo"], 400),
        (["hands[13].ippatsu"], 422),
        (["hands[14].hand"], 422),
        (["hands[15]"], 400),
        (["hands[16]"], 400),
        (["hands[17]"], 400),
    ]


def test_a_mixed_batch_is_answered_as_by_the_strict_path(app: Litestar) -> None:
    mixed = [h for pair in zip(HANDS[:17], REFUSED, strict=True) for h in pair]
    for language in LANGUAGES:
        now, before = both_paths(app, batch_body(mixed), language)
        assert now == before


def test_a_body_is_read_by_the_c_code_or_decoded_with_raw_hands() -> None:
    plain = batch_body([MANGAN, {**MANGAN, "hand": "bad"}])  # notation: checked later
    read = BatchJSON.decode_body(plain)
    assert isinstance(read, ParsedBatch) == AVAILABLE  # tests/batch/test_batch_parse.py
    escaped = plain.replace(b'"S"', b'"\\u0053"', 1)  # outside the C code's subset: the fallback, raw hands
    decoded = BatchJSON.decode_body(escaped)
    assert type(decoded) is BatchRequest
    assert [json.loads(bytes(h))["hand"] for h in decoded.hands] == [MANGAN["hand"], "bad"]
    odd = batch_body([MANGAN, {**MANGAN, "honba": "2"}]).replace(b'"S"', b'"\\u0053"', 1)  # a schema error: raw
    raw = BatchJSON.decode_body(odd)
    assert type(raw) is BatchRequest
    assert [bytes(h) for h in raw.hands] == [
        json.dumps(MANGAN).encode().replace(b'"S"', b'"\\u0053"'),
        json.dumps({**MANGAN, "honba": "2"}).encode(),
    ]


ENVELOPES = [
    b"{",  # not JSON
    b"[]",  # not an object
    b'{"hands": {}}',  # hands not an array
    b'{"hands": [], "more": 1}',  # unknown field
    b"{}",  # no hands
    b'{"hands": [' + b"{}," * 1000 + b"{}]}",  # 1,001 hands
    b'{"hands": []}',
    b'{"hands": [{"hand": "1m"}], "hands": []}',  # a key twice: the last counts, on both decodes
    b'{"hands": [], "hands": [{"hand": "234567m3455p234s", "win_tile": "2p", "seat_wind": "S"}]}',
]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("body", [*ENVELOPES, batch_body([MANGAN, *REFUSED]), batch_body(HANDS)], ids=range(11))
def test_the_direct_path_answers_as_litestars_path(app: Litestar, body: bytes, language: bytes | None) -> None:
    direct, litestar = post(app, body, language), post(app, body, language, chunked=True)
    assert direct == litestar
    assert direct[0] in (200, 400)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    hands=st.lists(st.sampled_from(HANDS), min_size=1, max_size=4),
    which=st.integers(min_value=0, max_value=3),
    cut=st.integers(min_value=0, max_value=400),
    junk=st.binary(max_size=3),
    language=st.sampled_from(LANGUAGES),
)
def test_a_batch_with_a_mangled_hand_is_answered_as_by_the_strict_path(
    app: Litestar, hands: list[dict[str, Any]], which: int, cut: int, junk: bytes, language: bytes | None
) -> None:
    texts = [json.dumps(h).encode() for h in hands]
    i = which % len(texts)
    texts[i] = texts[i][:cut] + junk + texts[i][cut:]
    body = b'{"hands": [' + b", ".join(texts) + b"]}"
    now, before = both_paths(app, body, language)
    assert now == before
    assert now == post(app, body, language, chunked=True)
    assert now[0] in (200, 400)  # 400: the mangling broke the envelope's JSON

"""The direct paths of ``POST /v1/score`` (:mod:`service.api.plumbing.fastpath`) answer exactly as litestar's own path.

A request with a ``Content-Length`` takes the direct path: at the outermost layer in the production
app (:func:`~service.api.plumbing.fastpath.outer_plans`), or in the route's own :class:`DirectJSON` when the
outer layer has no plan (as when API keys, rate limits or CORS sit between). The same body sent
chunked (no ``Content-Length``: two body events) takes litestar's path through the same handler. For
every body (valid hands, refused JSON, schema errors, impossible hands, each language), the answers
must have the same status, the same bytes and the same headers (the request id aside, which the
client sets the same here anyway).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from litestar import Litestar

import service.api.plumbing.decoding
import service.api.routes.scoring
from service.api.plumbing.fastpath import outer_plans
from service.api.plumbing.guards import API_KEYS_ENV, CORS_ENV
from service.api.plumbing.middleware import RequestContextMiddleware
from service.app import create_app
from tests.api.asgi import asgi_request, post_json
from tests.strategies import seeded_hands

HANDS = [json.dumps(h).encode() for h in seeded_hands(60, 3)]
REFUSED = [
    b"{",  # not JSON
    b"[]",  # not an object
    b'{"hand": 5, "win_tile": "1m"}',  # schema: wrong type
    b'{"hand": "123m", "win_tile": "1m", "nope": 1}',  # schema: unknown field
    b'{"hand": "1111m1111m234p55s", "win_tile": "2p"}',  # impossible: eight copies of 1m (422)
    b'{"hand": "234567m3455p234s", "win_tile": "9z"}',  # notation
    b'{"hand": "234567m3455p234s", "win_tile": "2p", "seat_wind": "S", "riichi": true, "honba": 2.0}',  # 2.0 = 2
]


@pytest.fixture(scope="module")
def app() -> Litestar:
    return create_app()


@pytest.fixture(scope="module")
def route_level() -> Litestar:
    """The production app with no plan at the outer layer: the route's own DirectJSON serves the direct path."""
    app = create_app()
    outer = app.asgi_handler
    assert isinstance(outer, RequestContextMiddleware)
    outer.direct.clear()
    return app


def post(app: Litestar, body: bytes, *, chunked: bool, language: bytes | None = None) -> tuple[int, list[Any], bytes]:
    """``POST /v1/score`` with ``body`` through the whole ASGI stack (:func:`tests.api.asgi.post_json`)."""
    return post_json(app, "/v1/score", body, chunked=chunked, language=language)


@pytest.mark.parametrize("body", HANDS[:20] + REFUSED)
@pytest.mark.parametrize("language", [None, b"ru", b"ja;q=0.9, en;q=0.5"])
def test_the_direct_paths_answer_as_litestar_does(
    app: Litestar, route_level: Litestar, body: bytes, language: bytes | None
) -> None:
    direct = post(app, body, chunked=False, language=language)
    litestar = post(app, body, chunked=True, language=language)
    assert direct == litestar
    assert post(route_level, body, chunked=False, language=language) == litestar
    assert direct[0] in (200, 400, 422)


def test_the_outer_layer_serves_a_well_formed_request_without_litestar(app: Litestar) -> None:
    """A request with a Content-Length never reaches litestar's stack, refused or not; a chunked one does."""
    outer = app.asgi_handler
    assert isinstance(outer, RequestContextMiddleware)
    inner = outer.app
    reached: list[str] = []

    async def spy(scope: Any, receive: Any, send: Any) -> None:
        reached.append(scope["path"])
        await inner(scope, receive, send)

    outer.app = spy
    try:
        assert post(app, HANDS[0], chunked=False)[0] == 200
        assert reached == []
        assert post(app, REFUSED[2], chunked=False)[0] == 400  # raised on the direct path, answered there
        assert post(app, REFUSED[4], chunked=False)[0] == 422
        assert reached == []
        assert post(app, HANDS[0], chunked=True)[0] == 200  # no Content-Length: litestar's path
        assert reached == ["/v1/score"]
    finally:
        outer.app = inner


@pytest.mark.parametrize("chunked", [False, True])
@pytest.mark.parametrize(
    ("body", "status", "decoded", "scored"),
    [
        (REFUSED[4], 422, 1, 1),  # an impossible hand: decoded, scored (the core refuses it), answered
        (REFUSED[2], 400, 1, 0),  # a schema error: decoded (refused there), never scored
        (HANDS[0], 200, 1, 1),
    ],
)
def test_a_request_is_decoded_and_scored_once_on_every_path(
    app: Litestar, monkeypatch: pytest.MonkeyPatch, body: bytes, status: int, decoded: int, scored: int, chunked: bool
) -> None:
    """Refused or not, direct (Content-Length) or litestar's (chunked): one decode and at most one scoring."""
    calls = {"decode": 0, "score": 0}
    decode_json, score = service.api.plumbing.decoding.decode_json, service.api.routes.scoring.score

    def counted_decode(*args: Any) -> Any:
        calls["decode"] += 1
        return decode_json(*args)

    def counted_score(*args: Any) -> Any:
        calls["score"] += 1
        return score(*args)

    monkeypatch.setattr(service.api.plumbing.decoding, "decode_json", counted_decode)
    monkeypatch.setattr(service.api.routes.scoring, "score", counted_score)
    assert post(app, body, chunked=chunked)[0] == status
    assert calls == {"decode": decoded, "score": scored}


def test_the_outer_layer_has_a_plan_only_when_nothing_sits_between(monkeypatch: pytest.MonkeyPatch) -> None:
    assert set(outer_plans(create_app())) == {"/v1/score", "/v1/score/batch"}
    monkeypatch.setenv(CORS_ENV, "https://example.org")
    assert outer_plans(create_app()) == {}  # CORS headers come from litestar's stack
    monkeypatch.delenv(CORS_ENV)
    monkeypatch.setenv(API_KEYS_ENV, "k1")
    assert outer_plans(create_app()) == {}  # the key check is application middleware


def test_the_statuses_are_the_ones_a_person_expects(app: Litestar) -> None:
    statuses = [post(app, body, chunked=False)[0] for body in REFUSED]
    assert statuses == [400, 400, 400, 400, 422, 400, 200]
    status, _, body = post(
        app, b'{"hand": "234567m3455p234s", "win_tile": "2p", "seat_wind": "S", "riichi": true}', chunked=False
    )
    assert (status, json.loads(body)["points"]) == (200, 8000)  # riichi pinfu tanyao sanshoku: mangan, 8,000
    _, _, with_honba = post(app, REFUSED[-1], chunked=False)
    assert json.loads(with_honba)["total"] == 8600  # two honba: +300 each on a ron


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(hand=st.sampled_from(HANDS), cut=st.integers(min_value=0, max_value=400), junk=st.binary(max_size=3))
def test_a_mangled_body_is_answered_the_same_on_both_paths(app: Litestar, hand: bytes, cut: int, junk: bytes) -> None:
    body = hand[:cut] + junk + hand[cut:]
    direct, litestar = post(app, body, chunked=False), post(app, body, chunked=True)
    assert direct == litestar
    assert direct[0] in (200, 400, 422)  # never a 5xx


def test_over_the_limit_and_not_json_still_get_litestar_refusals(app: Litestar) -> None:
    big = b'{"hand": "' + b"1" * (70 * 1024) + b'"}'
    assert post(app, big, chunked=False)[0] == 413
    assert post(app, big, chunked=True)[0] == 413


@pytest.mark.parametrize(
    ("repeated", "expected"),
    [
        ([(b"accept-language", b"fr"), (b"accept-language", b"ja")], b"ja"),  # one list: fr, ja (fr not served)
        ([(b"accept-language", b"ru;q=0.5"), (b"accept-language", b"ja")], b"ja"),  # ja (q=1) before ru (0.5)
        ([(b"content-type", b"text/plain"), (b"content-type", b"application/json")], 400),
        ([(b"content-type", b"application/json"), (b"content-type", b"application/json")], 400),
    ],
)
def test_a_repeated_header_is_read_the_same_on_every_path(
    app: Litestar, route_level: Litestar, repeated: list[tuple[bytes, bytes]], expected: bytes | int
) -> None:
    """Accept-Language lines are one list (RFC 9110 §5.3); a second Content-Type is a 400 naming it."""
    body = HANDS[0]

    def send(target: Litestar, chunked: bool) -> tuple[int, list[Any], bytes]:
        headers = [(b"host", b"x"), (b"x-request-id", b"same"), *repeated]
        if not chunked:
            headers.append((b"content-length", str(len(body)).encode()))
        events = [{"type": "http.request", "body": body}]
        sent = asgi_request(target, "POST", "/v1/score", headers, events)
        return sent[0]["status"], sorted(sent[0]["headers"]), b"".join(m.get("body", b"") for m in sent[1:])

    litestar = send(app, chunked=True)
    assert send(app, chunked=False) == litestar
    assert send(route_level, chunked=False) == litestar
    if isinstance(expected, bytes):
        assert litestar[0] == 200
        assert (b"content-language", expected) in litestar[1]
    else:
        assert litestar[0] == expected
        assert [e["field"] for e in json.loads(litestar[2])["errors"]] == ["headers.content-type"]

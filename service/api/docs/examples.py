"""Example requests for the OpenAPI document, one set per operation (keyed by ``operationId``).

Only the *requests* are written here. The documented answers are computed from them by
:func:`service.api.docs.openapi.complete_document` through the server's own code path (strict
decoding, the route handler, the error mapping), so an example can never show an answer
the server would not give; ``tests/api/test_openapi.py`` also replays them over HTTP.

- ``ok``: a valid body, answered 200;
- ``bad``: a body the strict decoder rejects, answered 400 naming the field;
- ``impossible``: a well-formed body the core rejects (/docs/rules §2), answered 422.

Operations without a body list handler arguments (:data:`CALL_EXAMPLES`, path and query
parameters) whose answers are computed the same way; :data:`RESPONSE_EXAMPLES` holds the
few answers that cannot be computed so (readiness depends on the running app).
"""

from __future__ import annotations

from typing import Any, Final

import msgspec

from ..plumbing.errors import problem, problem_body
from ..routes.log_model import ReplayBatchLine
from ..routes.operations import NOT_READY_DETAIL, Ready

__all__ = ["BODY_EXAMPLES", "CALL_EXAMPLES", "EXAMPLE_MJAI", "EXAMPLE_MJLOG", "RESPONSE_EXAMPLES", "BodyExamples"]


class BodyExamples(msgspec.Struct, frozen=True, kw_only=True):
    """Example bodies of one operation: `ok` (200), `bad` (400) and, if it can be, `impossible` (422).

    Each is ``(summary, body)``: a one-line summary for the docs and the JSON body.
    """

    ok: tuple[str, dict[str, Any]]
    bad: tuple[str, dict[str, Any]]
    impossible: tuple[str, dict[str, Any]] | None = None


_MANGAN = {"hand": "234567m3455p234s", "win_tile": "2p", "seat_wind": "S", "riichi": True}
_START = [25_000, 25_000, 25_000, 25_000]

BODY_EXAMPLES: dict[str, BodyExamples] = {
    "scoreHand": BodyExamples(
        ok=("Riichi pinfu tanyao sanshoku by ron: non-dealer mangan, 8000", _MANGAN),
        bad=("An unknown field", {**_MANGAN, "foo": 1}),
        impossible=("Ippatsu without riichi", {**_MANGAN, "riichi": False, "ippatsu": True}),
    ),
    "settleHand": BodyExamples(
        ok=(
            "Seat 1 (in riichi) wins a mangan by ron off seat 2",
            {
                "scores": _START,
                "dealer": 0,
                "riichi": [1],
                "outcome": {"type": "ron", "discarder": 2, "wins": [{"winner": 1, "hand": _MANGAN}]},
            },
        ),
        bad=("A seat outside 0–3", {"scores": _START, "dealer": 4, "outcome": {"type": "draw"}}),
        impossible=(
            "The discarder wins their own discard",
            {
                "scores": _START,
                "dealer": 0,
                "outcome": {"type": "ron", "discarder": 1, "wins": [{"winner": 1, "value": {"han": 1, "fu": 30}}]},
            },
        ),
    ),
    "finalStandings": BodyExamples(
        ok=("Standard uma and oka", {"scores": [42_000, 31_000, 18_000, 9_000]}),
        bad=("Two scores (a game has four, or three with option players 3)", {"scores": [42_000, 31_000]}),
        impossible=("Scores that do not add up to 4 × 25,000", {"scores": [25_000, 25_000, 25_000, 20_000]}),
    ),
    "analyseTenpai": BodyExamples(
        ok=("A non-dealer's 13 tiles waiting on 2p or 5p", {"hand": "234567m3455p234s", "seat_wind": "S"}),
        bad=("A tile that does not exist (8z)", {"hand": "234567m3455p238z", "seat_wind": "S"}),
        impossible=("A fifth 5p", {"hand": "234567m55555p23s", "seat_wind": "S"}),
    ),
    "analyseDiscards": BodyExamples(
        ok=(
            "A non-dealer's 14 tiles, two 1m already in the river, two 8p seen",
            {"hand": "23m456p789s34s11z67p", "seat_wind": "S", "river": "11m", "visible": "8p8p"},
        ),
        bad=("A river that is not a tile list", {"hand": "23m456p789s34s11z67p", "seat_wind": "S", "river": 3}),
        impossible=(
            "A visible 1z while the hand holds two and the river two",
            {"hand": "23m456p789s34s11z67p", "seat_wind": "S", "river": "11z", "visible": "1z"},
        ),
    ),
    "analyseDiscardsBatch": BodyExamples(
        ok=(
            "Two positions: one analysed, one with 13 tiles and no offered tile (its 422 problem in its slot)",
            {
                "positions": [
                    {"hand": "23m456p789s34s11z67p", "seat_wind": "S", "values": False},
                    {"hand": "23m456p789s34s11z6p", "seat_wind": "S", "values": False},
                ]
            },
        ),
        bad=("No position", {"positions": []}),
    ),
    "sticksPlan": BodyExamples(
        ok=(
            "7,700 points from a payer holding 10,000 + 3 × 1,000",
            {"amount": 7_700, "payer": {"10000": 1, "1000": 3}},
        ),
        bad=("An amount that is not a multiple of 100", {"amount": 750}),
    ),
    "scoreBatch": BodyExamples(
        ok=(
            "Three hands: a mangan, an impossible one (a 422 problem in its slot), one that does not win",
            {
                "hands": [
                    _MANGAN,
                    {**_MANGAN, "riichi": False, "ippatsu": True},
                    {**_MANGAN, "win_tile": "9m"},
                ]
            },
        ),
        bad=("Hands not in an array", {"hands": _MANGAN}),
    ),
}
"""Request examples by ``operationId``; every operation with a JSON body has an entry (tested)."""

CALL_EXAMPLES: dict[str, list[tuple[str, dict[str, Any]]]] = {
    "health": [("Alive", {})],
    "getPointsTable": [
        ("The standard table", {}),
        ("The kostarev table (a 20 fu ron column)", {"preset": "kostarev"}),
        ("The Tenhou three-player table (tsumo loss: two payers)", {"preset": "tenhou_sanma"}),
    ],
    "listRules": [("Every preset and option", {})],
    "getPresetRules": [
        ("The kostarev preset", {"preset": "kostarev"}),
        ("An unknown preset", {"preset": "mahjong-soul"}),
    ],
    "listYaku": [("The kostarev yaku", {"preset": "kostarev"})],
}
"""Operations without a body: handler keyword arguments whose answers are documented (computed)."""

EXAMPLE_MJLOG: Final = (
    '<mjloggm ver="2.3"><GO type="169" lobby="0"/><UN n0="a" n1="b" n2="c" n3="d"/><TAIKYOKU oya="0"/'
    '><INIT seed="0,0,0,0,0,108" ten="250,250,250,250" oya="0" hai0="0,4,8,12,17,20,24,28,32,36,40,44'
    ',53" hai1="1,5,9,13,18,21,25,29,33,48,56,60,64" hai2="2,6,10,14,19,22,26,30,34,68,72,76,80" hai3'
    '="3,7,11,15,23,27,31,37,69,73,77,81,84"/><T54/><AGARI ba="0,0" hai="0,4,8,12,17,20,24,28,32,36,4'
    '0,44,53,54" machi="54" ten="40,48000,5" yakuman="37" doraHai="108" who="0" fromWho="0" sc="250,4'
    '80,250,-160,250,-160,250,-160" owari="730,83.0,90,-11.0,90,-31.0,90,-41.0"/></mjloggm>'
)
"""A one-round Tenhou mjlog (the dealer's first draw completes the hand: tenhou, 16,000 from each), cut there with
its final result (owari): the service finds everything agrees but the end."""
EXAMPLE_MJAI: Final = (
    '{"type": "start_game", "names": ["a", "b", "c", "d"]}\n'
    '{"type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0, "oya": 0, "scores":'
    ' [25000, 25000, 25000, 25000], "dora_marker": "E", "tehais": [["1m", "2m", "3m", "4m", "5m", "6m'
    '", "7m", "8m", "9m", "1p", "2p", "3p", "5p"], ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "'
    '9m", "4p", "6p", "7p", "8p"], ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "9p", "1s",'
    ' "2s", "3s"], ["1m", "2m", "3m", "4m", "6m", "7m", "8m", "1p", "9p", "1s", "2s", "3s", "4s"]]}\n'
    '{"type": "tsumo", "actor": 0, "pai": "5p"}\n'
    '{"type": "hora", "actor": 0, "target": 0, "pai": "5p", "deltas": [48000, -16000, -16000, -16000]'
    "}\n"
    '{"type": "end_kyoku"}\n'
)
"""The same round as mjai lines."""


def _replayed(body: str) -> Any:
    """The answer of ``POST /v1/logs/replay`` to ``body`` (a Struct: its nulls stay in the document)."""
    from service.logs import read_log, replay

    return replay(read_log(body.encode()))


def _converted(body: str) -> str:
    """The answer of ``POST /v1/logs/convert`` to ``body``: mjai events, one JSON object a line."""
    import msgspec

    from service.logs import read_log, replay
    from service.logs.convert import to_mjai

    game_log = read_log(body.encode())
    return "".join(msgspec.json.encode(e).decode() + "\n" for e in to_mjai(game_log, replay(game_log)))


def _replayed_line(body: str) -> Any:
    """One line of ``POST /v1/logs/replay/batch``'s answer (the schema describes one line of the NDJSON)."""
    result = _replayed(body)
    return ReplayBatchLine(index=0, name="line 1", agrees=result.agrees, result=result)


RESPONSE_EXAMPLES: dict[str, dict[int, tuple[str, Any]]] = {
    "replayLogs": {
        200: ("One line: the first game of the body, an mjai game of one round", _replayed_line(EXAMPLE_MJAI))
    },
    "convertLog": {200: ("A one-round mjlog as mjai lines", _converted(EXAMPLE_MJLOG))},
    "replayLog": {
        200: (
            "A log cut after one round: every value agrees but the end (the rules play on)",
            _replayed(EXAMPLE_MJLOG),
        )
    },
    "metrics": {
        200: (
            "A few samples",
            "# TYPE riichi_http_requests_total counter\n"
            'riichi_http_requests_total{method="POST",route="/v1/score",status="200"} 42.0\n'
            "# TYPE riichi_scoring_cache_hit_ratio gauge\n"
            'riichi_scoring_cache_hit_ratio{cache="results"} 0.93\n',
        )
    },
    "ready": {
        200: ("Taking traffic", Ready()),
        503: ("Starting or shutting down", problem_body(problem(503, NOT_READY_DETAIL))),
    },
}
"""Fixed answers, by ``operationId`` and status, where a handler cannot simply be called."""

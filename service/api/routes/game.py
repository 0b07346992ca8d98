"""HTTP routes of the game endpoints: ``POST /v1/settle``, ``POST /v1/final``, ``POST /v1/sticks``.

Decode the request strictly, call :mod:`service.game`, encode the result; nothing else.
Errors propagate to :mod:`service.api.plumbing.errors` (400 schema, 422 :class:`~service.scoring.InvalidHand`).
Register with ``Litestar(route_handlers=[*ROUTES, *GAME_ROUTES], …)``; the Structs for
:func:`service.api.docs.openapi.use_msgspec_components` are :data:`GAME_SCHEMA_TYPES`.
"""

from __future__ import annotations

from typing import Any

from litestar import Response, post
from litestar.openapi import ResponseSpec
from litestar.params import JSONBody

from service.game import (
    FinalRequest,
    FinalResult,
    SettleRequest,
    SettleResult,
    SticksRequest,
    SticksResult,
    final,
    settle,
    sticks,
)
from service.game.settle import localise_settle

from ..plumbing.decoding import StrictJSON
from ..plumbing.language import LANGUAGE_HEADERS, AcceptLanguage, localised, negotiate_language
from .problems import BODY_ERRORS, problem_response

__all__ = ["GAME_ROUTES", "GAME_SCHEMA_TYPES", "final_standings", "settle_hand", "sticks_plan"]


_BODY_ERRORS: dict[int, ResponseSpec] = {
    **BODY_ERRORS,
    400: problem_response("Malformed JSON or a schema violation (e.g. a seat outside 0–3); `errors` names each field."),
}
_IMPOSSIBLE = {
    422: problem_response(
        "Input that cannot be (a discarder who wins, scores that do not add up, an impossible hand); "
        "`errors` names each field."
    ),
}
_COMMON: dict[str, Any] = {"tags": ["game"], "status_code": 200, "return_dto": None, "sync_to_thread": False}


@post(
    "/v1/settle",
    operation_id="settleHand",
    response_description="The hand applied: score changes, every transfer, the next hand, and the placings once "
    "the game is over.",
    summary="Apply one hand's outcome to the players' scores",
    description="Per-seat deltas and new scores, every transfer, the next dealer / honba / riichi sticks, who "
    "is out and whether the game is over (/docs/rules §3–6, /docs/rulesets §4–6). The outcome is a win (a hand to "
    "score, a `POST /v1/score` request, or an already-scored value), an exhaustive draw, an abortive draw or a "
    "chombo. With `round_wind` the service decides the game's end from the rules (length, extension, "
    "agari-yame, tenpai-yame). Transfer, limit, abortive-draw and end-reason names, and a scored hand's names, "
    "follow `Accept-Language` (en, ja, ru).",
    dto=StrictJSON[SettleRequest],
    responses={**_BODY_ERRORS, **_IMPOSSIBLE},
    response_headers=LANGUAGE_HEADERS,
    **_COMMON,
)
def settle_hand(data: JSONBody[SettleRequest], accept_language: AcceptLanguage = None) -> Response[SettleResult]:
    """Settle ``data`` with :func:`service.game.settle`, names in the negotiated language;
    ``InvalidHand`` propagates (422)."""
    lang = negotiate_language(accept_language)
    return localised(localise_settle(settle(data), lang), lang)


@post(
    "/v1/final",
    operation_id="finalStandings",
    response_description="The placings with final points after uma, oka, leftover sticks and penalties.",
    summary="Final placings and points with uma and oka",
    description="Final scores → placings and final points with uma, oka, leftover riichi sticks and chombo "
    "`penalties` (after uma); ties go to the seat nearer the first dealer or, under option `ties: shared`, share "
    "their uma and oka; `final_rounding: shisha_gonyuu` rounds as Tenhou did until about 2020 (today it is "
    "exact). Defaults per preset "
    "(/docs/rules §6, /docs/rulesets §6; kostarev: none).",
    dto=StrictJSON[FinalRequest],
    responses={**_BODY_ERRORS, **_IMPOSSIBLE},
    **_COMMON,
)
def final_standings(data: JSONBody[FinalRequest]) -> FinalResult:
    """Rank ``data`` with :func:`service.game.final`; ``InvalidHand`` propagates (422)."""
    return final(data)


@post(
    "/v1/sticks",
    operation_id="sticksPlan",
    response_description="The fewest sticks for the amount and, with holdings, a payment plan or why there is none.",
    summary="Points as sticks, and a payment plan with change",
    description="An amount → the fewest sticks of 10,000 / 5,000 / 1,000 / 100; with the payer's (and payee's) "
    "holdings → a plan with change, or `plan_possible: false` and a reason in the answer's language "
    "(/docs/rules §4, §6).",
    dto=StrictJSON[SticksRequest],
    responses=_BODY_ERRORS,
    response_headers=LANGUAGE_HEADERS,
    **_COMMON,
)
def sticks_plan(data: JSONBody[SticksRequest], accept_language: AcceptLanguage = None) -> Response[SticksResult]:
    """Answer ``data`` with :func:`service.game.sticks`, the reason in the negotiated language."""
    lang = negotiate_language(accept_language)
    return localised(sticks(data, lang), lang)


GAME_ROUTES = [settle_hand, final_standings, sticks_plan]
"""The game route handlers, to be registered beside :data:`service.api.routes.scoring.ROUTES`."""

GAME_SCHEMA_TYPES: list[type] = [SettleRequest, SettleResult, FinalRequest, FinalResult, SticksRequest, SticksResult]
"""Request/response Structs whose OpenAPI components should come from msgspec (see :mod:`service.api.docs.openapi`)."""

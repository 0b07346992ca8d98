"""HTTP routes: decode the request, call the core, encode the result. Nothing else lives here.

Errors are not handled here: they propagate to :mod:`service.api.errors`.
"""

from __future__ import annotations

from litestar import post
from litestar.openapi import ResponseSpec
from litestar.params import JSONBody

from service.scoring import ScoreRequest, ScoreResult, score

from .decoding import StrictJSON
from .errors import PROBLEM_MEDIA_TYPE, Problem

__all__ = ["ROUTES", "score_hand"]


def _problem_response(description: str) -> ResponseSpec:
    return ResponseSpec(
        data_container=Problem, media_type=PROBLEM_MEDIA_TYPE, description=description, generate_examples=False
    )


_BODY_ERRORS = {
    400: _problem_response("Malformed JSON or a schema violation; `errors` names each field."),
    413: _problem_response("The request body is larger than the server accepts."),
    415: _problem_response("The request body is not JSON."),
    422: _problem_response(
        "A physically impossible hand or flag combination (RULES.md §2); `errors` names each field."
    ),
}


@post(
    "/v1/score",
    operation_id="scoreHand",
    summary="Score one winning hand",
    description="Yaku, han, fu, limit and payments of one hand under a preset and rule options "
    "(../shared/API.md `POST /v1/score`). A legal hand that does not win is a 200 with `is_win` false.",
    tags=["scoring"],
    status_code=200,
    dto=StrictJSON[ScoreRequest],
    return_dto=None,
    responses=_BODY_ERRORS,
    sync_to_thread=False,
)
def score_hand(data: JSONBody[ScoreRequest]) -> ScoreResult:
    """Score ``data`` with :func:`service.scoring.score`; ``InvalidHand`` propagates (422)."""
    return score(data)


ROUTES = [score_hand]
"""The scoring route handlers, registered by :func:`service.app.create_app`."""

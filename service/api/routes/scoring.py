"""HTTP routes: decode the request, call the core, encode the result. Nothing else lives here.

Errors are not handled here: they propagate to :mod:`service.api.plumbing.errors`.
"""

from __future__ import annotations

from litestar import Response, post
from litestar.params import JSONBody

from service.scoring import ScoreRequest, ScoreResult, score
from service.scoring.names import localise

from ..plumbing.decoding import StrictJSON
from ..plumbing.fastpath import DirectJSON
from ..plumbing.language import LANGUAGE_HEADERS, AcceptLanguage, localised, negotiate_language
from .problems import BODY_ERRORS, problem_response

__all__ = ["ROUTES", "score_hand"]


_BODY_ERRORS = {
    **BODY_ERRORS,
    422: problem_response(
        "A physically impossible hand or flag combination (/docs/rules §2); `errors` names each field."
    ),
}


@post(
    "/v1/score",
    operation_id="scoreHand",
    response_description="The hand's score: `is_win`, han, fu, yaku, limit and payments (or `is_win` false and "
    "the `reason`), names in the answer's language.",
    summary="Score one winning hand",
    description="Yaku, han, fu, limit and payments of one hand under a preset and rule options "
    "(/docs/endpoints, `POST /v1/score`). A legal hand that does not win is a 200 with `is_win` false. "
    "Every yaku, fu item, payment and kids points item has a `name`, and `limit_name`, `reason_name` and the kids "
    "`explanation` are given, in the language of `Accept-Language` (en, ja, ru).",
    tags=["scoring"],
    status_code=200,
    dto=StrictJSON[ScoreRequest],
    return_dto=None,
    responses=_BODY_ERRORS,
    response_headers=LANGUAGE_HEADERS,
    sync_to_thread=False,
    middleware=[DirectJSON],  # litestar's argument machinery skipped for well-formed requests (fastpath.py)
)
def score_hand(data: JSONBody[ScoreRequest], accept_language: AcceptLanguage = None) -> Response[ScoreResult]:
    """Score ``data`` with :func:`service.scoring.score`, names in the negotiated language;
    ``InvalidHand`` propagates (422)."""
    lang = negotiate_language(accept_language)
    return localised(localise(score(data), lang), lang)


ROUTES = [score_hand]
"""The scoring route handlers, registered by :func:`service.app.create_app`."""

"""HTTP routes of the hand-study endpoints (OpenAPI tag ``study``; /docs/endpoints "Other endpoints").

* ``POST /v1/tenpai`` — shanten, waits, riichi and the value of each wait (:mod:`service.scoring.tenpai`);
* ``POST /v1/analysis/discards`` (and ``/batch``) — every discard of a 14-tile hand ranked, with its shanten,
  ukeire, good-shape ukeire, waits, furiten and value (:mod:`service.scoring.discards`).

Decode, call the core, encode; nothing else. Errors propagate to :mod:`service.api.plumbing.errors`
(400 schema, 422 :class:`~service.scoring.InvalidHand`); a batch answers a refused position's 422 in its slot.
Register with ``Litestar(route_handlers=[..., *STUDY_ROUTES])``; the Structs for
:func:`service.api.docs.openapi.use_msgspec_components` are :data:`STUDY_SCHEMA_TYPES`.
"""

from __future__ import annotations

from typing import Annotated, Any

import msgspec
from litestar import Response, post
from litestar.openapi import ResponseSpec
from litestar.params import JSONBody
from msgspec import Meta

from service.i18n import Language, refusal, render
from service.scoring import FieldError, InvalidHand
from service.scoring.discards import analyse_discards, localise_discards
from service.scoring.discards_model import DiscardsBatchRequest, DiscardsRequest, DiscardsResult
from service.scoring.tenpai import TenpaiRequest, TenpaiResult, analyse, localise_tenpai

from ..plumbing.decoding import StrictJSON
from ..plumbing.errors import EXAMPLE_INSTANCE, Problem, instance, localised_title, problem_type
from ..plumbing.language import LANGUAGE_HEADERS, AcceptLanguage, localised, negotiate_language
from .problems import BODY_ERRORS, problem_response

__all__ = [
    "STUDY_ROUTES",
    "STUDY_SCHEMA_TYPES",
    "DiscardsBatchResult",
    "discards",
    "discards_batch",
    "tenpai",
]

_BODY_ERRORS: dict[int, ResponseSpec] = {
    **BODY_ERRORS,
    422: problem_response(
        "A physically impossible hand or situation (/docs/rules §1–2: a fifth copy, a wrong tile count, a wind in a "
        "preset without winds, riichi with an open hand, …); `errors` names each field."
    ),
}


@post(
    "/v1/tenpai",
    operation_id="analyseTenpai",
    response_description="Shanten, waits with unseen copies and values, riichi (13-tile hands), or every discard "
    "ranked (14-tile hands).",
    summary="Shanten, waits, riichi and the value of each wait",
    description="Concealed tiles + melds without a winning tile → shanten (standard, seven pairs, kokushi where the "
    "preset has it), tenpai, each wait with its unseen copies and its ron / tsumo score under the request's rules "
    "and situation (`no_yaku` on ron = the dama trap), improving tiles when not tenpai, and whether riichi may be "
    "declared. 14 − 3 × melds tiles: the same per possible discard (/docs/rules §2, §3, §5).",
    tags=["study"],
    status_code=200,
    dto=StrictJSON[TenpaiRequest],
    return_dto=None,
    responses=_BODY_ERRORS,
    response_headers=LANGUAGE_HEADERS,
    sync_to_thread=True,  # off the event loop: a 14-tile analysis costs milliseconds
)
def tenpai(data: JSONBody[TenpaiRequest], accept_language: AcceptLanguage = None) -> Response[TenpaiResult]:
    """Analyse ``data`` with :func:`service.scoring.tenpai.analyse`, the waits' names in the negotiated
    language; ``InvalidHand`` propagates (422)."""
    lang = negotiate_language(accept_language)
    return localised(localise_tenpai(analyse(data), lang), lang)


@post(
    "/v1/analysis/discards",
    operation_id="analyseDiscards",
    summary="Which tile to discard: every discard ranked, with ukeire and values",
    response_description="Every discard of the hand ranked (or, with an offered tile, ron, pass and each call).",
    description="Concealed tiles (14 − 3 × melds) + melds, the tiles seen (`visible`, `river`: this player's own "
    "discards) and the situation → for each distinct discard the shanten after it (standard, seven pairs, kokushi "
    "where the preset has it), the ukeire (tiles that lower the shanten, with their unseen copies), the good-shape "
    "ukeire of a 1-shanten discard, and for a tenpai discard its waits with ron / tsumo scores, furiten and value; "
    "the discards ranked by shanten, ukeire, good-shape ukeire, value, with the reason of each rank "
    "(/docs/rules §2, §3; /docs/rulesets §7 for three players).",
    tags=["study"],
    status_code=200,
    dto=StrictJSON[DiscardsRequest],
    return_dto=None,
    responses=_BODY_ERRORS,
    response_headers=LANGUAGE_HEADERS,
    sync_to_thread=True,  # off the event loop: an analysis costs milliseconds
)
def discards(data: JSONBody[DiscardsRequest], accept_language: AcceptLanguage = None) -> Response[DiscardsResult]:
    """Analyse ``data`` with :func:`service.scoring.discards.analyse_discards`, the waits' names in the negotiated
    language; ``InvalidHand`` propagates (422)."""
    lang = negotiate_language(accept_language)
    return localised(localise_discards(analyse_discards(data), lang), lang)


_DiscardsSlot = Annotated[
    Any,
    Meta(
        description="The position's analysis, or the RFC 9457 problem (`status` 422) `POST /v1/analysis/discards` "
        "would answer it with.",
        extra_json_schema={
            "oneOf": [{"$ref": "#/components/schemas/DiscardsResult"}, {"$ref": "#/components/schemas/Problem"}]
        },
    ),
]
"""A slot: msgspec neither decodes nor documents a union of untagged Structs, so the schema is stated here."""


class DiscardsBatchResult(msgspec.Struct, frozen=True, kw_only=True):
    """The answers to `POST /v1/analysis/discards/batch`, one per position and in order.

    Each slot of `results` is what `POST /v1/analysis/discards` would answer for that position: a
    `DiscardsResult`, or its 422 problem, whose `errors[].field` paths start with the position's place
    in the batch, e.g. `positions[2].visible`.
    """

    results: list[_DiscardsSlot]
    """One slot a position, in the order of `positions`."""


def _position(i: int, req: DiscardsRequest, lang: Language) -> DiscardsResult | Problem:
    """One batch slot: the analysis, or the 422 problem with field paths from the batch body."""
    try:
        return localise_discards(analyse_discards(req), lang)
    except InvalidHand as exc:
        return Problem(
            type=problem_type(422),
            title=localised_title(422, lang),
            status=422,
            detail=render(refusal("refusal.detail.impossible"), lang),  # as the single request's 422 says it
            instance=f"{instance() or EXAMPLE_INSTANCE}#positions[{i}]",
            errors=[FieldError(f"positions[{i}].{e.field}", render(e.message, lang)) for e in exc.errors],
        )


@post(
    "/v1/analysis/discards/batch",
    operation_id="analyseDiscardsBatch",
    summary="Which tile to discard, for many positions in one call",
    response_description="One slot a position, in order: its analysis, or the 422 problem it would get alone.",
    description='`{"positions": [discards request, …]}` (1–100) → `{"results": [...]}`, one slot per position '
    "in order: its `POST /v1/analysis/discards` answer, or, for a position that request would refuse with a 422, "
    "that problem (field paths from the batch body, `positions[2].visible`); the batch itself is 200. A "
    "body that is not such a list of valid requests (a schema violation anywhere) is a 400 naming the field.",
    tags=["study"],
    status_code=200,
    dto=StrictJSON[DiscardsBatchRequest],
    return_dto=None,
    responses={k: v for k, v in _BODY_ERRORS.items() if k != 422},
    response_headers=LANGUAGE_HEADERS,
    sync_to_thread=True,
)
def discards_batch(
    data: JSONBody[DiscardsBatchRequest], accept_language: AcceptLanguage = None
) -> Response[DiscardsBatchResult]:
    """Each position as :func:`discards` would answer it, in order; a refused position's errors in its slot."""
    lang = negotiate_language(accept_language)
    results = [_position(i, req, lang) for i, req in enumerate(data.positions)]
    return localised(DiscardsBatchResult(results=results), lang)


STUDY_ROUTES = [tenpai, discards, discards_batch]
"""The study route handlers, to be registered beside :data:`service.api.routes.scoring.ROUTES`."""

STUDY_SCHEMA_TYPES: list[type] = [
    TenpaiRequest,
    TenpaiResult,
    DiscardsRequest,
    DiscardsResult,
    DiscardsBatchRequest,
    DiscardsBatchResult,
]
"""Request/response Structs whose OpenAPI components should come from msgspec (see :mod:`service.api.docs.openapi`)."""

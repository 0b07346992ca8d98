"""HTTP route of batch scoring: ``POST /v1/score/batch`` (/docs/endpoints "Other endpoints").

``{"hands": [score request, …]}`` → ``{"results": [...]}``, one slot per hand, in order.
Each hand is scored exactly as ``POST /v1/score`` would score it (the same request as its
strict decoder makes, the same answer: most hands by the C code of :mod:`service.scoring.native`, straight
from their decode to their JSON, without the result cache; the others by the same core call and cache as
``/v1/score``); a hand that ``/v1/score`` would refuse gets the
problem it would have been answered with, in its slot, and the batch itself is still 200:

- not a score request (wrong type, unknown field, bad notation, …): a 400 problem;
- a physically impossible hand or flag combination (/docs/rules §2): a 422 problem;
- a bug in the core (never expected): a 500 problem, logged with its traceback.

Field paths in a slot's problem are relative to the batch body, so they name the hand:
``hands[3].melds[0].tiles``; ``hands[3]`` alone means that hand as a whole.

The body is read by the C code of :mod:`service.scoring.native` straight from its bytes when it is JSON
of a plain subset (:func:`service.scoring.score.parse_batch`: printable ASCII strings without escapes, not
nested deeply; almost every client's body): each hand it scores is answered from its fields, and any other
hand from its own JSON as below. Outside that subset one fallback decoder reads the body
(:class:`BatchJSON`): the envelope strictly and each hand only as raw JSON (:class:`msgspec.Raw`), so one
malformed hand does not fail the batch; each hand is then answered from its own JSON by :func:`score_item`
(decoded but for the tile notation, checked in compiled code by :func:`service.scoring.notation.request_of`;
a hand that fails is decoded by the single route's strict decoder, whose error is its slot's problem).
The batch as a whole is refused (a 400
problem naming ``hands``) when it is not ``{"hands": [...]}`` or holds more than
:data:`MAX_BATCH_HANDS` hands, and (a 400 naming the body, ``""``) when JSON anywhere in it is nested
deeper than the decoder follows (it recurses per array or object, within Python's limit of 1,000 calls:
some 900 levels; a score request is at most 4 deep): it has to walk a raw hand to find its end. A
body over :data:`BATCH_MAX_BODY_BYTES` is a 413 (this route sets its own limit, larger than the app's
64 KiB for single requests). Memory per call is so bounded by the body limit: the decoded hands come
from the body, and the results are their encoded answers (~1 KB a hand) or the core's (cached, shared)
result objects. Nothing is streamed:
the answer comes whole.

The handler runs on the event loop, :data:`CHUNK_HANDS` hands at a time, and lets the loop
serve other requests between chunks (``await asyncio.sleep(0)``). The C code releases the GIL while it
reads the body and while it scores a chunk, so granian's threads go on meanwhile; a short request to the
same server worker waits for the chunk being scored and, each time granian's threads hand the loop
something (the request, a completion), for the GIL, up to CPython's switch interval (5 ms). Releasing the
GIL between chunks as well (``time.sleep(0)``) is not done: it costs batch throughput for little (the
latency of ``GET /health`` beside back-to-back batches is in BENCHMARKS.md). Throughput does not grow
with it (one worker is one core); for that, run several workers. Decoding the body and encoding the
answer are not chunked (the answers come encoded).

Register with ``Litestar(route_handlers=[..., *BATCH_ROUTES])`` and pass
:data:`BATCH_SCHEMA_TYPES` to :func:`service.api.docs.openapi.use_msgspec_components`.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import Annotated, Any

import msgspec
from litestar import Response, post
from litestar.exceptions import HTTPException
from litestar.params import JSONBody
from msgspec import Meta

from service.i18n import Language, refusal, render
from service.scoring import FieldError, InvalidHand, ScoreRequest, ScoreResult, score
from service.scoring.model import UncheckedScoreRequest
from service.scoring.names import localise
from service.scoring.native import LANG_INDEX, parsed_span, score_parsed_run
from service.scoring.notation import request_of
from service.scoring.score import parse_batch

from ..plumbing.decoding import BadRequestBody, StrictJSON, decode_json
from ..plumbing.errors import (
    EXAMPLE_INSTANCE,
    INTERNAL_ERROR_DETAIL,
    Problem,
    instance,
    localised_title,
    problem_type,
)
from ..plumbing.fastpath import DirectJSON
from ..plumbing.language import LANGUAGE_HEADERS, AcceptLanguage, localised, negotiate_language
from .problems import BODY_ERRORS, problem_response

__all__ = [
    "BATCH_MAX_BODY_BYTES",
    "BATCH_ROUTES",
    "BATCH_SCHEMA_TYPES",
    "MAX_BATCH_HANDS",
    "BatchRequest",
    "BatchResult",
    "HandOutcome",
    "score_batch",
    "score_item",
]

MAX_BATCH_HANDS = 1000
"""Most hands in one ``POST /v1/score/batch`` call; more is a 400 problem naming ``hands``."""

BATCH_MAX_BODY_BYTES = 1024 * 1024
"""Largest accepted batch body, in bytes (1 MiB: 1,000 hands of about 1 KiB each); larger is a 413."""

ITEM_SCHEMA_DETAIL = refusal("refusal.detail.item_schema")
"""The ``detail`` of a slot's 400 problem (``errors`` names the field)."""

ITEM_IMPOSSIBLE_DETAIL = refusal("refusal.detail.impossible")
"""The ``detail`` of a slot's 422 problem, as ``POST /v1/score`` says it."""

logger = logging.getLogger(__name__)

CHUNK_HANDS = 50
"""Hands scored between two turns of the event loop (see the module docstring)."""

HandItem = Annotated[
    msgspec.Raw,
    Meta(
        description="One `POST /v1/score` request body (ScoreRequest). A value that is not one does not fail "
        "the batch: it is answered, in its slot of `results`, by the problem `POST /v1/score` would give.",
        extra_json_schema={"$ref": "#/components/schemas/ScoreRequest"},
    ),
]
"""One hand of a batch, kept as raw JSON until it is decoded on its own."""


class BatchRequest(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Many hands to score in one call (/docs/endpoints, `POST /v1/score/batch`).

    `hands` holds up to 1,000 `POST /v1/score` request bodies (an empty list is allowed);
    the body may be at most 1 MiB. A hand that is not a valid request does not fail the
    batch: its slot in `results` holds the problem instead.
    """

    hands: Annotated[list[HandItem], Meta(max_length=MAX_BATCH_HANDS)]
    """Up to 1,000 `POST /v1/score` request bodies; a hand that is not a valid request gets a problem in its slot."""


class ParsedBatch(BatchRequest, frozen=True, kw_only=True):
    """A batch the C code read from its body (:func:`~service.scoring.score.parse_batch`): ``parsed`` (its
    ``count`` hands, read), ``hands`` empty, and ``body`` the request body, for the raw JSON of a hand the C
    code left to the decoders (:func:`~service.scoring.native.parsed_span`)."""

    parsed: Any = None
    count: int = 0
    body: bytes = b""


class BatchJSON(StrictJSON[BatchRequest]):
    """The batch's request-body DTO: :class:`BatchRequest` as documented, read by the C code when it can be.

    A body the C code reads (:func:`~service.scoring.score.parse_batch`) is a :class:`ParsedBatch`; any other
    is decoded by the one fallback, the envelope strictly and each hand as raw JSON
    (:func:`~service.api.plumbing.decoding.decode_json`, its errors: a body it refuses is the batch's 400).
    """

    @classmethod
    def decode_body(cls, value: bytes) -> BatchRequest:
        """``value`` as a :class:`ParsedBatch` or a :class:`BatchRequest` of raw hands (see the class)."""
        if type(value) is bytes:
            parsed = parse_batch(value, MAX_BATCH_HANDS)
            if parsed is not None:
                return ParsedBatch(hands=[], parsed=parsed[0], count=parsed[1], body=value)
        return decode_json(value, BatchRequest)


HandOutcome = ScoreResult | Problem
"""One slot of a batch answer: the hand's score, or the problem ``POST /v1/score`` would answer it with."""

_OutcomeSlot = Annotated[
    Any,
    Meta(
        description="The hand's score (`is_win` true or false), or the RFC 9457 problem `POST /v1/score` would "
        "answer it with (`status` 400 or 422).",
        extra_json_schema={
            "oneOf": [{"$ref": "#/components/schemas/ScoreResult"}, {"$ref": "#/components/schemas/Problem"}]
        },
    ),
]
"""A :data:`HandOutcome` as the field type: msgspec neither decodes nor documents a union of untagged
Structs, so the field is ``Any`` (encoding is unaffected) and its schema is stated here."""


class BatchResult(msgspec.Struct, frozen=True, kw_only=True):
    """The answers to a batch, one per hand and in the same order.

    Each slot of `results` is what `POST /v1/score` would answer for that hand: a score
    (`is_win` true or false), or an RFC 9457 problem (`status` 400: not a score request;
    422: an impossible hand) whose `errors[].field` paths start with the hand's place in
    the batch, e.g. `hands[3].melds[0].tiles`.
    """

    results: Annotated[list[_OutcomeSlot], Meta(max_length=MAX_BATCH_HANDS)]
    """One slot per hand, in order: a `POST /v1/score` answer, or the problem with that hand (fields named from the
    batch, e.g. `hands[3].win_tile`)."""


_unchecked_decode = msgspec.json.Decoder(UncheckedScoreRequest).decode
"""A hand's JSON decoded with every constraint of the schema but the tile-notation patterns, which
:func:`~service.scoring.notation.request_of` then checks in compiled code, cheaper than the strict decode,
whose patterns Python's ``re`` checks (``bench/bench_batch.py --stages``)."""


def _in_batch(index: int, errors: list[FieldError], lang: Language = "en") -> list[FieldError]:
    """``errors`` with each field path made relative to the batch body (``hands[3].…``), messages in ``lang``."""
    prefix = f"hands[{index}]"
    return [FieldError(f"{prefix}.{e.field}" if e.field else prefix, render(e.message, lang)) for e in errors]


def _problem(index: int, status: int, detail: str, errors: list[FieldError], lang: Language = "en") -> Problem:
    occurrence = instance()
    return Problem(
        type=problem_type(status),
        title=localised_title(status, lang),
        status=status,
        detail=render(detail, lang),
        instance=f"{occurrence or EXAMPLE_INSTANCE}#hands[{index}]",
        errors=_in_batch(index, errors, lang),
    )


class _Repeated(Exception):
    """A JSON object with a key twice (:func:`repeats_a_key`)."""


def _unique_keys(pairs: list[tuple[str, Any]]) -> None:
    if len({key for key, _ in pairs}) != len(pairs):
        raise _Repeated


def repeats_a_key(data: bytes | msgspec.Raw) -> bool:
    """Whether an object anywhere in the JSON ``data`` has a key twice (after unescaping); False for data that is
    not JSON (the decoders then say so).

    The strict decoder checks every value of a repeated key, and keeps the last; the unchecked decode and
    :func:`~service.scoring.notation.request_of` see only the last, so a first value outside the tile notation
    (``{"hand": "x", "hand": "234567m3455p234s", …}``) would be taken where ``POST /v1/score`` refuses it.
    Such hands are decoded strictly. Python's ``json``: only for hands the C code does not read (for the
    others, :func:`~service.scoring.score.parse_batch` tells it).
    """
    try:
        json.loads(bytes(data), object_pairs_hook=_unique_keys)
    except _Repeated:
        return True
    except (ValueError, RecursionError):
        return False
    return False


def score_item(
    index: int, raw: msgspec.Raw | bytes, lang: Language = "en", *, repeated: bool | None = None
) -> HandOutcome:
    """Score the hand at ``index`` of a batch from its raw JSON, names in ``lang``; never raises.

    The result, or the problem ``POST /v1/score`` would answer with (400 schema, 422
    impossible, 500 a bug) with its field paths prefixed by ``hands[index]``. The hand is
    decoded without the tile-notation patterns and checked by
    :func:`~service.scoring.notation.request_of`, which gives the strict decode's request; when
    that decode or check fails, or a key of the hand is ``repeated`` (:func:`repeats_a_key`; None: found
    out here), the single route's strict decode runs and its error is the answer
    (``tests/scoring/test_notation.py``, ``tests/batch/test_batch_paths.py``).

    >>> score_item(0, b'{"hand": "234567m3455p234s", "win_tile": "2p", "seat_wind": "S", "riichi": true}').points
    8000
    >>> p = score_item(3, b'{"hand": "234567m3455p234s", "win_tile": "2p", "melds": [{"type": "pon", "tiles": 7}]}')
    >>> (p.status, [e.field for e in p.errors])
    (400, ['hands[3].melds[0].tiles'])
    >>> p = score_item(1, b'{"hand": "234567m3455p234s", "win_tile": "2p", "seat_wind": "S", "ippatsu": true}')
    >>> (p.status, [e.field for e in p.errors])
    (422, ['hands[1].ippatsu'])
    """
    try:
        request = None
        if not (repeats_a_key(raw) if repeated is None else repeated):
            with contextlib.suppress(msgspec.MsgspecError):  # then the strict decode below
                request = request_of(_unchecked_decode(raw))  # the strict decode's request, or None
        if request is None:  # the single route's decoding: its errors (the body's first) and leniencies
            request = decode_json(raw, ScoreRequest)
    except BadRequestBody as exc:
        return _problem(index, 400, ITEM_SCHEMA_DETAIL, exc.errors, lang)
    except Exception:
        logger.exception("Unhandled exception while scoring hands[%d] of a batch", index)
        return _problem(index, 500, INTERNAL_ERROR_DETAIL, [])
    return _outcome(index, request, lang)


def _outcome(index: int, request: ScoreRequest, lang: Language) -> HandOutcome:
    """The score of the decoded hand at ``index``, names in ``lang``, or its 422 (impossible) or 500 (a bug) problem."""
    try:
        return localise(score(request), lang)
    except InvalidHand as exc:
        return _problem(index, 422, ITEM_IMPOSSIBLE_DETAIL, exc.errors, lang)
    except Exception:
        logger.exception("Unhandled exception while scoring hands[%d] of a batch", index)
        return _problem(index, 500, INTERNAL_ERROR_DETAIL, [])


def _refusal(body: bytes) -> BadRequestBody:
    """What the strict envelope decoder raises for ``body`` (for a documented example)."""
    try:
        decode_json(body, BatchRequest)
    except BadRequestBody as exc:
        return exc
    raise AssertionError(f"{body!r} is a valid batch")


_BODY_ERRORS = {
    **BODY_ERRORS,
    400: problem_response(
        f'The body is not `{{"hands": [...]}}` (malformed JSON, an unknown field, `hands` not an array) or holds '
        f"more than {MAX_BATCH_HANDS:,} hands; `errors` names the field (`hands`). An invalid *hand* is not "
        "refused here: it gets a problem in its slot of a 200 answer, unless it is JSON nested deeper than the "
        "decoder follows (some 900 levels; a score request is at most 4 deep): then the body is refused as "
        'nested too deeply (field `""`).',
        _refusal(b'{"hands": [' + b"{}," * MAX_BATCH_HANDS + b"{}]}"),
        f"{MAX_BATCH_HANDS + 1:,} hands",
    ),
    413: problem_response(
        f"The request body is larger than {BATCH_MAX_BODY_BYTES // 1024 // 1024} MiB.",
        HTTPException(status_code=413),
        f"A body over {BATCH_MAX_BODY_BYTES // 1024 // 1024} MiB",
    ),
}


@post(
    "/v1/score/batch",
    operation_id="scoreBatch",
    response_description="One slot per hand, in order: its score, or the problem with that hand.",
    summary="Score many hands in one call",
    description=f"Up to {MAX_BATCH_HANDS:,} `POST /v1/score` request bodies (a body of at most "
    f"{BATCH_MAX_BODY_BYTES // 1024 // 1024} MiB) → one answer per hand, in order (/docs/endpoints "
    "`POST /v1/score/batch`). A hand that `POST /v1/score` would refuse gets the same problem in its slot "
    "(400: not a score request; 422: impossible), with field paths such as `hands[3].melds[0].tiles`; "
    "the batch is still 200. Names follow `Accept-Language` as in `POST /v1/score`.",
    tags=["scoring"],
    status_code=200,
    dto=BatchJSON,
    return_dto=None,
    responses=_BODY_ERRORS,
    request_max_body_size=BATCH_MAX_BODY_BYTES,
    response_headers=LANGUAGE_HEADERS,
    middleware=[DirectJSON],  # litestar's argument machinery skipped for well-formed requests (fastpath.py)
)
async def score_batch(data: JSONBody[BatchRequest], accept_language: AcceptLanguage = None) -> Response[BatchResult]:
    """Score every hand of ``data``, in order, names in the negotiated language; :data:`CHUNK_HANDS` at a
    time, the event loop free to serve other requests between chunks.

    A :class:`ParsedBatch`'s hands are answered by the C code from what it read of the body, a run of them at
    a time, already encoded (:func:`~service.scoring.native.score_parsed_run`); a hand it left is answered by
    :func:`score_item` from its own JSON (``tests/batch/test_batch_parse.py``), as is every hand of a batch
    of raw hands.
    """
    lang = negotiate_language(accept_language)
    lang_index = LANG_INDEX[lang]
    parsed = data if isinstance(data, ParsedBatch) else None
    count = parsed.count if parsed is not None else len(data.hands)
    results: list[HandOutcome | msgspec.Raw] = []  # Raw: an answer the C code encoded
    for start in range(0, count, CHUNK_HANDS):
        if start:
            await asyncio.sleep(0)  # a bare yield: the loop runs what is ready, then this batch goes on
        stop = min(start + CHUNK_HANDS, count)
        i = start
        while i < stop:
            if parsed is None:
                results.append(score_item(i, data.hands[i], lang))
                i += 1
                continue
            try:  # the C code's answers to a run of hands, already encoded and joined by commas
                answered, reached = score_parsed_run(parsed.parsed, i, stop, lang_index)
            except InvalidHand:  # the hand's rules contradict themselves: its 422 comes from score_item
                answered, reached = b"", i
            except Exception:
                logger.exception("Unhandled exception while scoring hands[%d] of a batch", i)
                results.append(_problem(i, 500, INTERNAL_ERROR_DETAIL, []))
                i += 1
                continue
            if reached > i:  # one list item holding several slots: msgspec writes it as it is
                results.append(msgspec.Raw(answered))
                i = reached
                continue
            begin, end, repeated = parsed_span(parsed.parsed, i)  # a hand the C code left: from its own JSON
            results.append(score_item(i, parsed.body[begin:end], lang, repeated=repeated))
            i += 1
    return localised(BatchResult(results=results), lang)


BATCH_ROUTES = [score_batch]
"""The batch route handler, to be registered beside :data:`service.api.routes.scoring.ROUTES`."""

BATCH_SCHEMA_TYPES: list[type] = [BatchRequest, BatchResult, ScoreRequest, ScoreResult, Problem]
"""Structs whose OpenAPI components should come from msgspec (:func:`service.api.docs.openapi.use_msgspec_components`).

The batch schemas refer to the ``ScoreRequest``, ``ScoreResult`` and ``Problem`` components, so they are listed too.
"""

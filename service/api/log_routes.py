"""HTTP route of log replay: ``POST /v1/logs/replay`` (/docs/logs).

The body is one game's log as published, read as bytes: a Tenhou mjlog (XML, gzip allowed), mjai JSON
lines, tenhou.net/6 JSON; Mahjong Soul records are recognised and refused for now. The format is
detected from the body unless the ``format`` query parameter names it; ``rules`` (a preset name) replaces
the platform preset the log implies. The replay itself (:func:`service.logs.replay`) runs in a worker
thread, so a long game does not hold the event loop. A log that cannot be played is a 422 whose
``errors`` name ``log`` (the header), ``log.rounds[i]`` or ``log.rounds[i].events[j]``.

Register with ``Litestar(route_handlers=[..., *LOG_ROUTES])`` and pass :data:`LOG_SCHEMA_TYPES` to
:func:`service.api.openapi.use_msgspec_components`.
"""

from __future__ import annotations

from typing import Annotated, Any, Final

import anyio
from litestar import Request, Response, post
from litestar.openapi import ResponseSpec
from litestar.openapi.spec import Example, OpenAPIMediaType, RequestBody, Schema
from litestar.openapi.spec.enums import OpenAPIFormat, OpenAPIType
from litestar.params import Parameter, QueryParameter

from service.logs import LogError, read_log, replay
from service.logs.detect import LogFormatName
from service.logs.model import ReplayResult
from service.scoring import FieldError
from service.scoring.model import Preset

from .errors import PROBLEM_MEDIA_TYPE, Problem, UnreadableLog, problem, problem_body
from .examples import EXAMPLE_MJAI, EXAMPLE_MJLOG

__all__ = ["LOG_ROUTES", "LOG_SCHEMA_TYPES", "MAX_REPLAY_BODY_BYTES", "replay_log"]

MAX_REPLAY_BODY_BYTES: Final = 2 * 1024 * 1024
"""The largest request body of ``POST /v1/logs/replay``: 2 MiB (a gzip body inflates to at most 4 MiB)."""

_LOG_BODY = RequestBody(
    description="One game's log as published: a Tenhou mjlog (`application/xml`; gzip allowed, as Tenhou "
    "serves it), mjai events one JSON object a line (`text/plain` or `application/x-ndjson`), or JSON "
    "(`application/json`: a "
    "JSON array of mjai events, or tenhou.net/6 JSON: the viewer's export, an object with `log`; Mahjong Soul "
    "records are recognised and refused for now). "
    "The format is read from the body; the `format` parameter names it instead.",
    required=True,
    content={
        media: OpenAPIMediaType(
            schema=Schema(type=OpenAPIType.STRING, format=OpenAPIFormat.BINARY if example is None else None),
            examples=None if example is None else {"one_round": Example(summary="A one-round game", value=example)},
        )
        for media, example in (
            ("application/xml", EXAMPLE_MJLOG),
            ("application/gzip", None),
            ("text/plain", EXAMPLE_MJAI),
            ("application/json", None),
            ("application/octet-stream", None),
        )
    },
)


def _problem_response(description: str, status: int, detail: str, errors: list[FieldError]) -> ResponseSpec:
    value = problem_body(problem(status, detail, errors))
    return ResponseSpec(
        data_container=Problem,
        media_type=PROBLEM_MEDIA_TYPE,
        description=description,
        generate_examples=False,
        examples=[Example(summary=detail, value=value)],
    )


@post(
    "/v1/logs/replay",
    operation_id="replayLog",
    summary="Replay a whole game from its log and compare every round with what the log records",
    description="The service plays the log's events on its own table (hands, calls, rivers, riichi, the "
    "situation the order of events shows), scores every win from its tiles, settles every round from its own "
    "carried scores, decides the game's end by the rules and gives the final standings; each value is put "
    "beside the log's (yaku, han, fu, points, deltas, scores, the next round's dealer / honba / sticks, the "
    "final result) and the differences are listed. Rules: the log's platform preset and stated options (Tenhou's "
    "lobby bits: red fives, open tanyao, length, three players), replaced by `rules` where given (/docs/logs).",
    tags=["game"],
    status_code=200,
    request_max_body_size=MAX_REPLAY_BODY_BYTES,
    response_description="The game replayed: every round beside the log's, the final standings, the summary.",
    opt={"request_body": _LOG_BODY},
    responses={
        413: _problem_response(
            "The body is larger than 2 MiB.",
            413,
            "The request body is too large.",
            [FieldError("", f"at most {MAX_REPLAY_BODY_BYTES:,} bytes")],
        ),
        422: _problem_response(
            "A log that cannot be read or played: not one of the formats, malformed, truncated (a round "
            "without an end), or impossible (a tile the player does not hold, a call of a tile nobody "
            "discarded); `errors` name `log`, `log.rounds[i]` or `log.rounds[i].events[j]`, or `format`.",
            422,
            "The log cannot be read or replayed.",
            [FieldError("log.rounds[3].events[17]", "seat 2 does not hold 5p (holds 123m456p789s1234z)")],
        ),
    },
)
async def replay_log(
    request: Request[Any, Any, Any],
    log_format: Annotated[
        LogFormatName | None,
        QueryParameter(
            name="format",
            description="The log's format (`tenhou_xml`, `tenhou6`, `mjai`, `majsoul`); default: read from the body.",
        ),
    ] = None,
    rules: Annotated[
        Preset | None,
        Parameter(
            description="A preset to replay under instead of the one the log implies (default: the log's "
            "platform, Tenhou for an mjlog; `standard` where the log names none)."
        ),
    ] = None,
) -> Response[ReplayResult]:
    """Read the body, replay it in a worker thread, answer the :class:`ReplayResult`; a
    :class:`~service.logs.LogError` becomes a 422 naming where it is."""
    body = await request.body()
    try:
        result = await anyio.to_thread.run_sync(_replay, body, log_format, rules)
    except LogError as error:
        field = (
            "format"
            if log_format is not None and error.round is None and "recognised" in error.message
            else error.field
        )
        raise UnreadableLog([FieldError(field, error.message)]) from None
    return Response(result)


def _replay(body: bytes, log_format: LogFormatName | None, rules: str | None) -> ReplayResult:
    if not body:
        raise LogError("the body is empty: send one game's log")
    return replay(read_log(body, log_format), rules)


LOG_ROUTES = [replay_log]
LOG_SCHEMA_TYPES: list[type[Any]] = [ReplayResult]

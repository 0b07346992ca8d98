"""HTTP routes of whole games: ``POST /v1/logs/replay``, ``/v1/logs/replay/batch`` and
``/v1/logs/convert`` (/docs/logs).

The body is one game's log as published, read as bytes: a Tenhou mjlog (XML, gzip allowed), mjai JSON
lines, tenhou.net/6 JSON, a Mahjong Soul record (JSON). The format is
detected from the body unless the ``format`` query parameter names it; ``rules`` (a preset name) replaces
the platform preset the log implies. The replay itself (:func:`service.logs.replay`) runs on the event
loop for a body of at most :data:`INLINE_REPLAY_BYTES` that is not gzip (a game is a few milliseconds of
work, less than handing it to a thread costs), else in a worker thread, so a long log does not hold the
loop. A log that cannot be played is a 422 whose ``errors`` name ``log`` (the header), ``log.rounds[i]``
or ``log.rounds[i].events[j]``.

The batch takes many logs (NDJSON of logs, or a zip / tar / tar.gz archive of log files; see
:mod:`service.logs.archive`) of up to :data:`MAX_BATCH_BODY_BYTES`, spooled to a temporary file past 1 MiB,
and answers NDJSON, one :class:`ReplayBatchLine` per game, streamed as each game finishes: one game is
held in memory at a time whatever the archive's size. The conversion answers the replayed game as mjai
JSON lines (:func:`service.logs.convert.to_mjai`).

Register with ``Litestar(route_handlers=[..., *LOG_ROUTES])`` and pass :data:`LOG_SCHEMA_TYPES` to
:func:`service.api.docs.openapi.use_msgspec_components`.
"""

from __future__ import annotations

import functools
import logging
import tempfile
from collections.abc import AsyncIterator, Iterator
from typing import IO, Annotated, Any, Final, Literal

import anyio
import msgspec
from litestar import Request, Response, post
from litestar.datastructures import ResponseHeader
from litestar.exceptions import HTTPException
from litestar.openapi.spec import Example, OpenAPIMediaType, RequestBody, Schema
from litestar.openapi.spec.enums import OpenAPIFormat, OpenAPIType
from litestar.params import QueryParameter
from litestar.response import Stream

from service.i18n import LANGUAGES, Language, Refusal, refusal, render
from service.i18n.parsing import json_fault, json_position
from service.logs import GameLog, LogError, RulesRefused, read_log, replay
from service.logs.archive import iter_logs
from service.logs.convert import to_mjai
from service.logs.detect import LogFormatName
from service.logs.model import ReplayResult
from service.scoring import FieldError
from service.scoring.model import GameOptions, Preset, RulesSpec

from ..docs.examples import EXAMPLE_MJAI, EXAMPLE_MJLOG
from ..plumbing.decoding import BadRequestBody, UnsupportedBodyEncoding, decode_json, log_body_refusal
from ..plumbing.errors import Problem, UnreadableLog, line_title, problem, problem_type
from ..plumbing.language import LANGUAGE_HEADERS, AcceptLanguage, localised, negotiate_language
from ..plumbing.queries import known_query_only
from .log_model import ReplayBatchLine
from .problems import problem_response

__all__ = [
    "LOG_ROUTES",
    "LOG_SCHEMA_TYPES",
    "MAX_BATCH_BODY_BYTES",
    "MAX_REPLAY_BODY_BYTES",
    "NDJSON",
    "ReplayBatchLine",
    "convert_log",
    "replay_log",
    "replay_logs",
]

_LOGGER: Final = logging.getLogger("service.logs")

MAX_REPLAY_BODY_BYTES: Final = 2 * 1024 * 1024
"""The largest request body of ``POST /v1/logs/replay``: 2 MiB (a gzip body inflates to at most 4 MiB)."""

MAX_BATCH_BODY_BYTES: Final = 64 * 1024 * 1024
"""The largest request body of ``POST /v1/logs/replay/batch``: 64 MiB (about 1,500 East–South mjlogs
as they are, several times more gzip-compressed); each game in it at most 4 MiB."""

INLINE_REPLAY_BYTES: Final = 128 * 1024
"""The largest plain body ``POST /v1/logs/replay`` replays on the event loop: 128 KiB (an East–South mjai
game of about 65 KB takes 2–3 ms of CPU, a 128 KiB mjlog about 20 ms); a larger or gzip body goes to a
worker thread."""

NDJSON: Final = "application/x-ndjson"
"""The media type of the batch's answer and the conversion's: one JSON value a line."""


def _in_language(lang: Language, obj: object) -> str:
    """A msgspec ``enc_hook``: a :class:`~service.i18n.Refusal` (a refusal's message in a replay's
    ``differences``, a win's ``reason``, a batch line's problem) in ``lang``."""
    if isinstance(obj, Refusal):
        return render(obj, lang)
    raise TypeError(f"Encoding objects of type {type(obj).__name__} is unsupported")


_ENCODERS: Final = {lang: msgspec.json.Encoder(enc_hook=functools.partial(_in_language, lang)) for lang in LANGUAGES}
"""A JSON encoder per language, the refusals' texts in it; everything else in an answer is language-free."""


_LOG_BODY = RequestBody(
    description="One game's log as published: a Tenhou mjlog (`application/xml`; gzip allowed, as Tenhou "
    "serves it), mjai events one JSON object a line (`text/plain` or `application/x-ndjson`), or JSON "
    "(`application/json`: a "
    "JSON array of mjai events, tenhou.net/6 JSON: the viewer's export, an object with `log`; or a Mahjong Soul "
    "game record: `head` and its records). "
    "The format is read from the body's bytes, whatever its `Content-Type` (another one, or none, is read "
    "alike); the `format` parameter names it instead. A text body declared in a charset that could misread it "
    "(bytes beyond ASCII in a charset other than UTF-8), or a `Content-Encoding` other than gzip, is a 415 "
    "(/docs/logs §The body).",
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
            ("application/x-ndjson", EXAMPLE_MJAI),
            ("application/json", None),
            ("application/octet-stream", None),
        )
    },
)


FormatParameter = Annotated[
    LogFormatName | None,
    QueryParameter(
        name="format",
        description="The log's format (`tenhou_xml`, `tenhou6`, `mjai`, `majsoul`); default: read from the body.",
    ),
]
"""The ``format`` query parameter of the replay and the conversion."""

MAX_OVERRIDE_CHARS: Final = 4096
"""The longest ``rules`` or ``game`` query value, characters (every option of either spelled out is under 2,000)."""

_PRESETS: Final = frozenset(Preset.__args__)  # type: ignore[attr-defined]

RulesParameter = Annotated[
    str | None,
    QueryParameter(
        name="rules",
        description="The rules to replay under instead of those the log implies: a preset name (`tenhou`), or "
        "a JSON object of the shape of `POST /v1/score`'s `rules` (`RulesSpec`): a preset and options "
        'overriding it one by one, e.g. `{"preset":"tenhou","kiriage_mangan":true}`. Without `preset` (or '
        "with `standard`) the options override the log's own platform preset and stated options. Default: the "
        "log's platform preset (Tenhou for an mjlog; `standard` where the log names none) and the options it "
        "states. A value that is not a preset and not such an object is a 400 naming `rules` or "
        "`rules.<option>` (/docs/logs §Rules).",
        max_length=MAX_OVERRIDE_CHARS,
        examples=[
            Example(summary="A preset", value="majsoul"),
            Example(summary="Options over the log's preset", value='{"kiriage_mangan":true}'),
        ],
    ),
]
"""The ``rules`` query parameter of the replay, the batch and the conversion."""

GameParameter = Annotated[
    str | None,
    QueryParameter(
        name="game",
        description="Game options overriding the preset's and the log's (a JSON object of the shape of "
        "`GameOptions`, as `POST /v1/settle` takes them), e.g. "
        '`{"riichi_needs_points_and_draw":false}` to take a riichi declared with under 1,000 points. '
        "A value that is not such an object is a 400 naming `game` or `game.<option>` (/docs/logs §Rules).",
        max_length=MAX_OVERRIDE_CHARS,
        examples=[Example(summary="Riichi without 1,000 points", value='{"riichi_needs_points_and_draw":false}')],
    ),
]
"""The ``game`` query parameter of the replay, the batch and the conversion."""


def _overrides(rules: str | None, game: str | None) -> tuple[RulesSpec | str | None, GameOptions | None]:
    """The ``rules`` and ``game`` query values read: a preset name stays a name, a JSON object becomes a
    :class:`RulesSpec` / :class:`GameOptions`; anything else a 400 whose ``errors`` name the parameter or
    ``rules.<option>`` / ``game.<option>`` in the request's language."""
    spec: RulesSpec | str | None = None
    if rules is not None:
        spec = rules if rules in _PRESETS else _query_json("rules", rules, RulesSpec)
    options = None if game is None else _query_json("game", game, GameOptions)
    return spec, options


_JSON_KINDS: Final = {
    dict: "refusal.kind.object",
    list: "refusal.kind.array",
    str: "refusal.kind.str",
    int: "refusal.kind.int",
    float: "refusal.kind.float",
}
"""A decoded JSON value's type → its plain word (``true``, ``false`` and ``null`` are said as themselves)."""


def _query_json(name: str, text: str, model: type[Any]) -> Any:
    """``text``, the ``rules`` (not a preset name) or ``game`` query value, read as a JSON object of ``model``.

    Raises a 400 problem naming ``name`` (or ``name.<option>``) in plain words: ``rules`` neither a preset nor
    such an object (the presets listed), ``game`` not an object (what it is instead), JSON that does not parse
    (where and why: "the text ends inside the JSON value", not the body's words), or an option unknown, of the
    wrong type or out of range.
    """
    raw = text.encode()
    value: Any = None
    try:
        value = msgspec.json.decode(raw)
    except msgspec.DecodeError as exc:
        if text.lstrip().startswith("{") or name != "rules":
            fault = json_fault(exc, raw)
            if fault is None:
                reason = refusal("refusal.json.malformed")
            else:
                key = "refusal.json.text_truncated" if fault[1] == "refusal.json.truncated" else fault[1]
                number, column = json_position(raw, fault[0])
                reason = refusal("refusal.parse.at", line=number, column=column, reason=refusal(key))
            message = refusal("refusal.query.not_json", reason=reason)
            raise problem(400, refusal("refusal.detail.request_invalid"), [FieldError(name, message)]) from None
    if not isinstance(value, dict):
        if name == "rules":
            message = refusal(
                "refusal.query.rules_neither",
                value=msgspec.json.encode(text[:64]).decode(),
                presets=", ".join(sorted(_PRESETS)),
            )
        else:
            # true, false and null are said as themselves, the other kinds in words
            literal = value is None or isinstance(value, bool)
            got = msgspec.json.encode(value).decode() if literal else refusal(_JSON_KINDS[type(value)])
            message = refusal("refusal.query.game_not_object", got=got)
        raise problem(400, refusal("refusal.detail.request_invalid"), [FieldError(name, message)])
    try:
        return decode_json(raw, model)
    except BadRequestBody as exc:
        errors = [FieldError(f"{name}.{e.field}" if e.field else name, e.message) for e in exc.errors]
        raise problem(400, refusal("refusal.detail.request_invalid"), errors) from None


_IMPOSSIBLE_EXAMPLE: Final = UnreadableLog(
    [FieldError("log.rounds[3].events[17]", "seat 2 does not hold 5p (holds 123m456p789s1234z)")], impossible=True
)
"""The documented 422 of the one-game operations: a log that reads but cannot have happened."""

_LOG_422: Final = (
    "A log that cannot be read, typed `/problems/unreadable-log` (not one of the formats, malformed, truncated: a "
    "round without an end; a DTD or entities in an mjlog), or that reads but cannot have happened, typed "
    "`/problems/impossible-log` (a tile the player does not hold, a draw or discard out of turn, a call of a tile "
    "nobody just discarded, a dora indicator without a kan, a riichi that is not tenpai; /docs/logs §Bad logs); "
    "`errors` name `log`, `log.rounds[i]` or `log.rounds[i].events[j]`, or `format`. Rules that read but cannot "
    "replay the log are typed `/problems/impossible-hand`, as `POST /v1/score` answers contradicting options: "
    "options of `rules` that contradict each other, a table of another size than the log's, a `game.start_points` "
    "the log's money contradicts; `errors` name `rules`, `rules.<option>` or `game.<option>` (/docs/logs §Rules)."
)


def _refused(error: LogError) -> UnreadableLog:
    """The 422 of a :class:`LogError`: its place and message, typed by whether the log reads at all."""
    return UnreadableLog(
        [FieldError(error.field, error.message)], impossible=error.impossible, rules=isinstance(error, RulesRefused)
    )


_TOO_LARGE_LOG: Final = problem_response(
    f"The body is larger than {MAX_REPLAY_BODY_BYTES // 1024 // 1024} MiB.",
    HTTPException(status_code=413),
    f"A body over {MAX_REPLAY_BODY_BYTES // 1024 // 1024} MiB",
)
"""The 413 of the one-game operations (replay, convert): its example is what the server answers (the same for
every route: the limits of each)."""

_UNSUPPORTED_LOG_BODY: Final = problem_response(
    "A `Content-Encoding` other than `gzip`, or `gzip` over a body that is not gzip (the answer's "
    "`Accept-Encoding` is `gzip, identity`; a gzip body is read with the header or without it); a text "
    "`Content-Type` (JSON, JSON lines, XML, `text/*`) whose `charset` could misread the body (another than UTF-8 "
    "over bytes beyond ASCII, unless an mjlog's own XML declaration names the same encoding; an unknown one; one "
    "that reads ASCII otherwise, `utf-16`); or a form upload (`multipart/form-data`: send the log's bytes as "
    "the body). `errors` names the header (/docs/logs §The body).",
    UnsupportedBodyEncoding("gzip", ("gzip",), not_gzip=True),
)
"""The 415 of every log operation."""


@post(
    "/v1/logs/replay",
    operation_id="replayLog",
    summary="Replay a whole game from its log and compare every round with what the log records",
    description="The service plays the log's events on its own table (hands, calls, rivers, riichi, the "
    "situation the order of events shows), scores every win from its tiles, settles every round from its own "
    "carried scores, decides the game's end by the rules and gives the final standings; each value is put "
    "beside the log's (yaku, han, fu, points, deltas, scores, the next round's dealer / honba / sticks, the "
    "final result) and the differences are listed. Rules: the log's platform preset and stated options (Tenhou's "
    "lobby bits: red fives, open tanyao, length, three players; a Mahjong Soul room's mode and `detail_rule`), "
    "replaced by `rules` where given (/docs/logs).",
    tags=["game"],
    status_code=200,
    guards=[known_query_only],
    request_max_body_size=MAX_REPLAY_BODY_BYTES,
    response_description="The game replayed: every round beside the log's, the final standings, the summary. "
    "Its values are data, the same in every language; the few texts in it (a refusal to settle a round, a win "
    "the service could not score) follow `Accept-Language`, as a 422's reasons do.",
    response_headers=LANGUAGE_HEADERS,
    opt={"request_body": _LOG_BODY},
    responses={
        413: _TOO_LARGE_LOG,
        415: _UNSUPPORTED_LOG_BODY,
        422: problem_response(
            _LOG_422,
            _IMPOSSIBLE_EXAMPLE,
        ),
    },
)
async def replay_log(
    request: Request[Any, Any, Any],
    format: FormatParameter = None,  # the query parameter's own name, so a refusal names it
    rules: RulesParameter = None,
    game: GameParameter = None,
    accept_language: AcceptLanguage = None,
) -> Response[ReplayResult]:
    """Read the body, replay it (on the loop when small, see :data:`INLINE_REPLAY_BYTES`, else in a worker
    thread), answer the :class:`ReplayResult` with its texts in the negotiated language; a
    :class:`~service.logs.LogError` becomes a 422 naming where it is."""
    lang = negotiate_language(accept_language)
    spec, options = _overrides(rules, game)
    body = await request.body()
    _check_headers(request, body[:2], body)
    try:
        if len(body) <= INLINE_REPLAY_BYTES and body[:2] != b"\x1f\x8b":
            result = _replay(body, format, spec, options)
        else:
            result = await anyio.to_thread.run_sync(_replay, body, format, spec, options)
    except LogError as error:
        raise _refused(error) from None
    return localised(_ENCODERS[lang].encode(result), lang)


def _check_headers(request: Request[Any, Any, Any], head: bytes, body: bytes | None = None) -> None:
    """Refuse (415, naming the header) a ``Content-Type`` whose charset could misread ``body`` (None: not read
    yet), or a ``Content-Encoding`` other than gzip, or gzip over a body whose first bytes ``head`` are not
    gzip's (:func:`~service.api.plumbing.decoding.log_body_refusal`)."""
    refused = log_body_refusal(
        request.headers.getall("content-type", []), request.headers.getall("content-encoding", []), head, body
    )
    if refused is not None:
        raise refused


def _read(body: bytes, log_format: LogFormatName | None) -> GameLog:
    """One game's log from the body (:class:`LogError` for an empty one)."""
    if not body:
        raise LogError(refusal("refusal.log.empty"))
    return read_log(body, log_format)


def _replay(
    body: bytes, log_format: LogFormatName | None, rules: RulesSpec | str | None, game: GameOptions | None = None
) -> ReplayResult:
    return replay(_read(body, log_format), rules, game)


_BATCH_BODY = RequestBody(
    description="Many games: NDJSON, one log a line (a JSON string holding the log's text: an mjlog's XML or "
    "mjai's lines; a JSON object: a tenhou.net/6 log or a Mahjong Soul record; a JSON array: mjai events), "
    "plain or gzip-compressed as a whole; or an archive of log files: zip, tar or tar.gz (each file one "
    "game in any of the formats, gzip allowed). At most 64 MiB, each game at most 4 MiB.",
    required=True,
    content={
        NDJSON: OpenAPIMediaType(
            schema=Schema(type=OpenAPIType.STRING),
            examples={
                "two_games": Example(
                    summary="Two games: an mjlog as a JSON string, an mjai log as an array",
                    value=msgspec.json.encode(EXAMPLE_MJLOG).decode()
                    + "\n"
                    + msgspec.json.encode([msgspec.json.decode(line) for line in EXAMPLE_MJAI.splitlines()]).decode()
                    + "\n",
                )
            },
        ),
        **{
            media: OpenAPIMediaType(schema=Schema(type=OpenAPIType.STRING, format=OpenAPIFormat.BINARY))
            for media in ("application/gzip", "application/zip", "application/x-tar", "application/octet-stream")
        },
    },
)


@post(
    "/v1/logs/replay/batch",
    operation_id="replayLogs",
    summary="Replay many games: an archive or NDJSON of logs in, one game a line out, streamed",
    description="Each game of the body is replayed as `POST /v1/logs/replay` replays one, in the body's order, "
    "and answered as one NDJSON line (`ReplayBatchLine`) as soon as it is done: the replay, or the problem "
    "that stopped that game (the others go on). The body is spooled to a temporary file and read one game at "
    "a time, so memory stays bounded whatever its size. A body that is no archive and no NDJSON of logs, or "
    "whose archive cannot be opened, is a 422 before any line (/docs/logs §Many games).",
    tags=["game"],
    status_code=200,
    guards=[known_query_only],
    request_max_body_size=MAX_BATCH_BODY_BYTES,
    response_description="One `ReplayBatchLine` per game, one JSON object a line (`application/x-ndjson`); "
    "its texts follow `Accept-Language`.",
    response_headers=LANGUAGE_HEADERS,
    opt={"request_body": _BATCH_BODY, "response_content": ("ReplayBatchLine", NDJSON)},
    responses={
        415: _UNSUPPORTED_LOG_BODY,
        413: problem_response(
            f"The body is larger than {MAX_BATCH_BODY_BYTES // 1024 // 1024} MiB.",
            HTTPException(status_code=413),
            f"A body over {MAX_BATCH_BODY_BYTES // 1024 // 1024} MiB",
        ),
        422: problem_response(
            "The body as a whole cannot be read (`/problems/unreadable-log`): a broken zip directory, gzip stream "
            "or tar header, or no game in it; `errors` name `log`.",
            UnreadableLog(
                [FieldError("log", refusal("refusal.log.zip_unreadable", error=refusal("refusal.archive.not_zip")))]
            ),
        ),
    },
)
async def replay_logs(
    request: Request[Any, Any, Any],
    rules: RulesParameter = None,
    game: GameParameter = None,
    accept_language: AcceptLanguage = None,
) -> Stream:
    """Spool the body, open it (a 422 when it cannot be), and stream one :class:`ReplayBatchLine` per game."""
    spec, options = _overrides(rules, game)
    # the headers alone, before a large body is spooled (its charset is judged once the body is read, below)
    _check_headers(request, b"", b"")
    spool: IO[bytes] = tempfile.SpooledTemporaryFile(max_size=1024 * 1024)  # noqa: SIM115 - closed by the stream
    try:
        ascii_only = True
        async for chunk in request.stream():
            spool.write(chunk)
            ascii_only = ascii_only and chunk.isascii()
        spool.seek(0)
        _check_headers(request, spool.read(2), b"" if ascii_only else None)  # b"": plain ASCII, None: not
        spool.seek(0)
        lang = negotiate_language(accept_language)
        games = _Games(spool, spec, options, lang)
        first = await anyio.to_thread.run_sync(games.next_line)
    except LogError as error:
        spool.close()
        raise _refused(error) from None
    except BaseException:
        spool.close()
        raise
    if first is None:
        spool.close()
        raise UnreadableLog([FieldError("log", refusal("refusal.log.no_game"))])
    headers = {"Content-Language": lang, "Vary": "Accept-Language"}
    return Stream(_stream(first, games, spool), media_type=NDJSON, headers=headers)


class _Games:
    """The body's games replayed one by one; :meth:`next_line` runs in a worker thread."""

    def __init__(
        self, spool: IO[bytes], rules: RulesSpec | str | None, game: GameOptions | None, lang: Language = "en"
    ) -> None:
        self.entries: Iterator[tuple[str, bytes | LogError]] = iter_logs(spool)
        self.rules = rules
        self.game = game
        self.encoder = _ENCODERS[lang]
        self.index = 0
        self.done = False

    def next_line(self) -> bytes | None:
        """The next game's NDJSON line, None after the last; a :class:`LogError` before the first game when
        the body as a whole cannot be read (a later one, the rest of the body unreadable, becomes the last
        line, naming ``(the archive)``; so does, as a 500 problem, any other error reading the body once the
        answer has begun: the stream always ends on a whole line)."""
        if self.done:
            return None
        try:
            entry = next(self.entries, None)
        except LogError as error:
            if self.index == 0:
                raise
            self.done = True
            return self._line("(the archive)", None, error)
        except Exception:  # a fault of ours reading the body: after the first line, said in a last line
            if self.index == 0:
                raise
            self.done = True
            _LOGGER.exception("reading the body of a batch failed", extra={"game": "(the archive)"})
            return self._line("(the archive)", None, None, internal=True)
        if entry is None:
            self.done = True
            return None
        name, data = entry
        if isinstance(data, LogError):
            return self._line(name, None, data)
        try:
            return self._line(name, _replay(data, None, self.rules, self.game), None)
        except LogError as error:
            return self._line(name, None, error)
        except Exception:  # a fault of ours in one game: that game's line says so, the others go on
            _LOGGER.exception("replaying a game of a batch failed", extra={"game": name})
            return self._line(name, None, None, internal=True)

    def _line(self, name: str, result: ReplayResult | None, error: LogError | None, internal: bool = False) -> bytes:
        refused: Problem | None = None
        if error is not None:
            log_problem = _refused(error)
            refused = Problem(
                type=log_problem.type,
                title=line_title(422),
                status=422,
                detail=log_problem.detail,
                errors=log_problem.errors,
            )
        elif internal:
            refused = Problem(
                type=problem_type(500),
                title=line_title(500),
                status=500,
                detail=refusal("refusal.detail.log_failed"),
            )
        line = ReplayBatchLine(
            index=self.index, name=name, agrees=bool(result and result.agrees), result=result, problem=refused
        )
        self.index += 1
        return self.encoder.encode(line) + b"\n"


async def _stream(first: bytes, games: _Games, spool: IO[bytes]) -> AsyncIterator[bytes]:
    try:
        line: bytes | None = first
        while line is not None:
            yield line
            line = await anyio.to_thread.run_sync(games.next_line)
    finally:
        spool.close()


@post(
    "/v1/logs/convert",
    operation_id="convertLog",
    summary="Convert a game's log to mjai events, replayed and settled by the service",
    description="The body is one game's log, as for `POST /v1/logs/replay` (any of the four formats); the "
    "answer is the game replayed by the service written as mjai events, one JSON object a line, the form "
    "Mortal and other AI pipelines read. The money in it (`hora` and `ryukyoku` deltas, `reach_accepted`, "
    "the scores) is the service's settlement; `pao` on a `hora` names a liable seat (beyond mjai's own "
    "schema). The `X-Replay-Agrees` header says whether every round agreed with the log (/docs/logs "
    "§Conversion).",
    tags=["game"],
    status_code=200,
    guards=[known_query_only],
    request_max_body_size=MAX_REPLAY_BODY_BYTES,
    response_description="The game as mjai events, one JSON object a line (`application/x-ndjson`).",
    response_headers=[
        ResponseHeader(
            name="X-Replay-Agrees",
            description="`true` when every round of the replay agreed with the log, else `false` "
            "(`POST /v1/logs/replay` lists the differences).",
            documentation_only=True,
        )
    ],
    opt={"request_body": _LOG_BODY, "response_content": (None, NDJSON)},
    responses={
        413: _TOO_LARGE_LOG,
        415: _UNSUPPORTED_LOG_BODY,
        422: problem_response(
            "A log that cannot be read or played, as for `POST /v1/logs/replay`. " + _LOG_422,
            _IMPOSSIBLE_EXAMPLE,
        ),
    },
)
async def convert_log(
    request: Request[Any, Any, Any],
    format: FormatParameter = None,  # the query parameter's own name, so a refusal names it
    to: Annotated[
        Literal["mjai"], QueryParameter(description="The format to write: `mjai` (JSON lines, Mortal's schema).")
    ] = "mjai",
    rules: RulesParameter = None,
    game: GameParameter = None,
) -> Response[bytes]:
    """Read and replay the body in a worker thread, answer its mjai lines."""
    spec, options = _overrides(rules, game)
    body = await request.body()
    _check_headers(request, body[:2], body)
    try:
        lines, agrees = await anyio.to_thread.run_sync(_convert, body, format, spec, options)
    except LogError as error:
        raise _refused(error) from None
    return Response(lines, media_type=NDJSON, headers={"X-Replay-Agrees": "true" if agrees else "false"})


def _convert(
    body: bytes, log_format: LogFormatName | None, rules: RulesSpec | str | None, game: GameOptions | None
) -> tuple[bytes, bool]:
    game_log = _read(body, log_format)
    result = replay(game_log, rules, game)
    encoder = _ENCODERS["en"]  # mjai events: no text in them is a refusal
    return b"".join(encoder.encode(event) + b"\n" for event in to_mjai(game_log, result)), result.agrees


LOG_ROUTES = [replay_log, replay_logs, convert_log]
LOG_SCHEMA_TYPES: list[type[Any]] = [ReplayResult, ReplayBatchLine]

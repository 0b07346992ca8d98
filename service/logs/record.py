"""A game's log in one shape, whatever format it came in (/docs/logs).

Every decoder (:mod:`.tenhou_xml`, :mod:`.tenhou6`, :mod:`.mjai`, :mod:`.majsoul`) turns its format
into a :class:`GameLog`: the rules the log states, the start scores, and per round the deal, the events
in the order they happened and what the log itself records at the round's end (:class:`LogWin`,
:class:`LogDraw`, the scores after the round). The replay (:mod:`.replay`) plays the events on its own
state and compares its answers with those records; nothing a decoder reads from the log's result is
used to play the round, except what no event shows: ura dora indicators, the liable (pao) seat and
whether a seat's shown hand was declared tenpai.

Tiles are mpsz pairs (``"5m"``, ``"0p"`` a red five, ``"7z"`` chun); seats are absolute, 0 the first
dealer's seat in the log's own numbering, in turn order.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field
from typing import Literal

import msgspec

from service.game.model import MAX_POINTS
from service.i18n import refusal

__all__ = [
    "MAX_POINTS",
    "Ankan",
    "Call",
    "Discard",
    "Dora",
    "Draw",
    "Event",
    "GameLog",
    "ImpossibleLog",
    "Kakan",
    "LogDraw",
    "LogError",
    "LogWin",
    "Nukidora",
    "Riichi",
    "RoundLog",
    "bounded",
    "discard",
    "draw",
    "json_said",
    "kind_of",
    "out_of_range",
]

DrawKind = Literal[
    "exhaustive", "nagashi_mangan", "kyuushu_kyuuhai", "suufon_renda", "suucha_riichi", "suukaikan", "sanchahou"
]


class LogError(ValueError):
    """The log cannot be replayed: truncated, malformed or impossible (a fifth copy of a tile, a call of
    a tile nobody discarded, scores that do not add up). ``round`` and ``event`` locate it (0-based; None
    where it is the game's header or the round as a whole); the API answers 422 naming them."""

    def __init__(self, message: str, round: int | None = None, event: int | None = None) -> None:
        self.message = message
        self.round = round
        self.event = event
        where = "" if round is None else f"round {round}" + ("" if event is None else f", event {event}") + ": "
        super().__init__(where + message)

    impossible = False
    """Whether the log reads but its events cannot have happened (:class:`ImpossibleLog`), rather than not
    being a readable log of its format at all (malformed, truncated, a value out of range)."""

    @property
    def field(self) -> str:
        """The JSON-path-like place of the error: ``log``, ``log.rounds[3]``, ``log.rounds[3].events[17]``."""
        if self.round is None:
            return "log"
        if self.event is None:
            return f"log.rounds[{self.round}]"
        return f"log.rounds[{self.round}].events[{self.event}]"


class ImpossibleLog(LogError):
    """A log that reads but cannot have happened: a tile the player does not hold, a fifth copy of a kind, a
    draw past the wall, a move out of turn, a call of a tile nobody just discarded, a dora indicator with no
    kan, a riichi that is not tenpai, a win the events do not make (/docs/logs §Bad logs)."""

    impossible = True


class RulesRefused(LogError):
    """The caller's rules cannot replay this log, or contradict each other once the log's stated options are
    applied: rules for 3 players given a four-player log, red fives on where ``aka_per_suit`` is 0. ``field``
    names the option (``rules.players``, ``rules.aka``, ``game.uma``); the API answers 422 naming it, as
    ``POST /v1/score`` answers contradicting options (/docs/logs §Rules)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self._field = field

    @property
    def field(self) -> str:
        """The option at fault: ``rules.<option>`` or ``game.<option>``."""
        return self._field


def out_of_range(
    what: object, value: object, most: int, round: int | None = None, event: int | None = None
) -> LogError:
    """The refusal of ``value``, read from ``what`` (the log's own name of the field: ``INIT ten``, ``log[0][1]``),
    for being more than ``most`` in magnitude (/docs/logs §Bad logs)."""
    return LogError(refusal("refusal.log.out_of_range", what=what, value=value, most=most), round, event)


def bounded(values: list[int], what: str, where: tuple[int | None, int | None], most: int = MAX_POINTS) -> list[int]:
    """``values`` (scores, deltas or points, in the log's own unit), when none is more than ``most`` in magnitude
    (:data:`MAX_POINTS`, the bound of ``/v1/settle``'s scores, by default), else :func:`out_of_range` naming the
    first that is: read once per round, so every later sum stays far inside 2^53 − 1.

    >>> bounded([25000, -3000], "scores", (None, None))
    [25000, -3000]
    >>> try:
    ...     bounded([25000, 10**30], "scores", (0, None))
    ... except LogError as error:
    ...     print(error.field, error.message)
    log.rounds[0] scores: 1,000,000,000,000,000,000,000,000,000,000 is out of range (at most 10,000,000 in magnitude)
    """
    if values and (max(values) > most or min(values) < -most):
        value = next(v for v in values if not -most <= v <= most)
        raise out_of_range(what, value, most, *where)
    return values


def json_said(value: object) -> object:
    """A JSON value as a refusal says it, never in Python's words: ``null``, ``true``, ``false``, a number as it is
    (a float that is a whole number or not finite: ``a number``), a string quoted as JSON (its first 40 characters),
    an array or an object by its kind (a refusal of the catalogues).

    >>> [json_said(v) for v in (None, True, 5, 1.5, "5mr", [1], {"type": 5})]
    ['null', 'true', 5, '1.5', '"5mr"', 'an array', 'an object']
    """
    if value is None or isinstance(value, bool):
        return msgspec.json.encode(value).decode()
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return repr(value) if math.isfinite(value) else refusal("refusal.json.a_number")
    if isinstance(value, str):
        return msgspec.json.encode(value[:40]).decode() + ("…" if len(value) > 40 else "")
    if isinstance(value, list):
        return refusal("refusal.json.an_array")
    if isinstance(value, dict):
        return refusal("refusal.json.an_object")
    return refusal("refusal.json.a_value")


def kind_of(tile: str) -> str:
    """The tile's kind without its colour: ``"0m"`` (red five) → ``"5m"``."""
    return "5" + tile[1] if tile[0] == "0" else tile


@dataclass(slots=True, frozen=True)
class Draw:
    """``seat`` draws ``tile`` (from the wall or, after a kan or a kita, the dead wall). Frozen: decoders
    share equal ones (:func:`draw`)."""

    seat: int
    tile: str


@dataclass(slots=True, frozen=True)
class Discard:
    """``seat`` discards ``tile``; ``tsumogiri`` when it is the tile just drawn (None: the log does not say).
    Frozen: decoders share equal ones (:func:`discard`)."""

    seat: int
    tile: str
    tsumogiri: bool | None = None


@dataclass(slots=True)
class Riichi:
    """``seat`` declares riichi; its next discard is the declaration tile (the stick is deposited once
    that discard passes without a ron)."""

    seat: int


@dataclass(slots=True)
class Call:
    """``seat`` calls ``called`` from ``from_seat``'s discard: a ``chi``, ``pon`` or ``daiminkan`` whose
    tiles from the hand are ``own`` (2, or 3 for a kan)."""

    seat: int
    kind: Literal["chi", "pon", "daiminkan"]
    called: str
    from_seat: int
    own: tuple[str, ...]


@dataclass(slots=True)
class Ankan:
    """``seat`` declares a closed kan of the four ``tiles`` from the hand."""

    seat: int
    tiles: tuple[str, ...]


@dataclass(slots=True)
class Kakan:
    """``seat`` adds ``tile`` from the hand to its pon (shouminkan); others may rob it (chankan)."""

    seat: int
    tile: str


@dataclass(slots=True)
class Nukidora:
    """``seat`` sets a North aside (kita, three players)."""

    seat: int
    tile: str = "4z"


@dataclass(slots=True)
class Dora:
    """A new dora indicator is turned over (after a kan)."""

    indicator: str


@functools.cache
def draw(seat: int, tile: str) -> Draw:
    """The one :class:`Draw` of ``seat`` and ``tile`` (a few hundred exist: seats are 0–3, tiles 37)."""
    return Draw(seat, tile)


@functools.cache
def discard(seat: int, tile: str, tsumogiri: bool | None = None) -> Discard:
    """The one :class:`Discard` of ``seat``, ``tile`` and ``tsumogiri``."""
    return Discard(seat, tile, tsumogiri)


Event = Draw | Discard | Riichi | Call | Ankan | Kakan | Nukidora | Dora


@dataclass(slots=True)
class LogWin:
    """One win as the log records it. ``yaku`` is ``(service yaku id, han)`` (yakuman 13 × multiple); ids the
    log names that the service has none for keep the log's own name prefixed ``log:``. ``points`` is the
    hand's value without honba or sticks (a tsumo's payments summed); ``hand`` the winner's concealed tiles
    with the winning tile, as the log shows them (None where it shows none)."""

    seat: int
    from_seat: int
    pao: int | None = None
    ura_indicators: tuple[str, ...] = ()
    han: int | None = None
    fu: int | None = None
    yakuman: int = 0
    points: int | None = None
    yaku: tuple[tuple[str, int], ...] | None = None
    hand: tuple[str, ...] | None = None
    win_tile: str | None = None
    deltas: tuple[int, ...] | None = None


@dataclass(slots=True)
class LogDraw:
    """A draw as the log records it: its ``kind``, the seats it shows tenpai (None where it does not say)."""

    kind: DrawKind
    tenpai: tuple[int, ...] | None = None
    nagashi: tuple[int, ...] | None = None


@dataclass(slots=True)
class RoundLog:
    """One round (kyoku): the deal and the events, and what the log records at its end.

    ``round_wind`` ``E``/``S``/``W``/``N``, ``hand_number`` 1–4, ``dealer`` the dealer's seat, ``honba``,
    ``riichi_sticks`` on the table at the start and ``scores`` at the start as the log states them (points);
    ``hands`` the 13 dealt tiles per seat; ``dora`` the first dora indicator. At the end: ``wins`` (one, or
    several for a multiple ron) or ``draw``; ``deltas`` and ``scores_after`` as the log records them (points,
    None where the log has none)."""

    round_wind: str
    hand_number: int
    dealer: int
    honba: int
    riichi_sticks: int
    scores: list[int] | None
    hands: list[list[str]]
    dora: str
    events: list[Event] = field(default_factory=list)
    wins: list[LogWin] = field(default_factory=list)
    draw: LogDraw | None = None
    deltas: list[int] | None = None
    scores_after: list[int] | None = None


@dataclass(slots=True)
class GameLog:
    """A whole game: ``format`` (``tenhou_xml``, ``tenhou6``, ``mjai``, ``majsoul``), ``players`` (3 or 4),
    ``rules`` the rule options the log states (names of ``GET /v1/rules``: ``aka``, ``kuitan``, ``length``, …;
    ``preset`` where the log names a platform), the start ``scores``, the rounds, and the log's final
    result: ``final_scores`` (points, leftover sticks already given to first place as the log writes them, or
    None) and ``final_points`` (the final points with uma and oka, points, or None). ``date`` (``YYYY-MM-DD``)
    where the log says when it was played; ``names`` the players' names where it has them."""

    format: str
    players: int
    rules: dict[str, object]
    rounds: list[RoundLog]
    start_scores: list[int] | None = None
    final_scores: list[int] | None = None
    final_points: list[int] | None = None
    date: str | None = None
    names: list[str] | None = None

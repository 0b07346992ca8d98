"""mjai JSON lines → :class:`~service.logs.record.GameLog` (/docs/logs §mjai).

The event schema Mortal reads (and the original mjai's), one JSON object a line (or one JSON array of
them): ``start_game`` (``names``), ``start_kyoku`` (``bakaze``, ``kyoku`` 1–4, ``honba``, ``kyotaku``,
``oya``, ``scores``, ``tehais``, ``dora_marker``), ``tsumo``/``dahai`` (``actor``, ``pai``,
``tsumogiri``), ``chi``/``pon``/``daiminkan`` (``actor``, ``target``, ``pai``, ``consumed``),
``kakan``, ``ankan``, ``nukidora`` (three players), ``dora`` (``dora_marker``), ``reach``,
``reach_accepted``, ``hora`` (``actor``, ``target``, ``deltas``, ``ura_markers`` or ``uradora_markers``;
``pao`` the liable seat where the writer gives it, as this service's conversion does; the original
mjai's ``yakus``, ``fu``, ``fan``, ``hora_points`` where present), ``ryukyoku`` (``deltas``; ``reason``
and ``tenpais`` where present), ``end_kyoku``, ``end_game``.

Tiles: ``1m``–``9m``, ``1p``–``9p``, ``1s``–``9s``, ``5mr``/``5pr``/``5sr`` (red fives), ``E S W N``
(winds), ``P F C`` (white, green, red dragon). A hidden tile (``?``) cannot be replayed: a 422.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Final

import msgspec

from service.i18n import Refusal, refusal
from service.i18n.parsing import json_fault, json_position, json_reason

from .record import (
    MAX_POINTS,
    Ankan,
    Call,
    Discard,
    Dora,
    Draw,
    Event,
    GameLog,
    Kakan,
    LogDraw,
    LogError,
    LogWin,
    Nukidora,
    Riichi,
    RoundLog,
    bounded,
    discard,
    draw,
    json_said,
    out_of_range,
)
from .tenhou_xml import lobby_rules

__all__ = ["MJAI_YAKU", "decode", "tile"]

_TENHOU_LOG: Final = re.compile(r"\d{10}gm-([0-9a-f]{4})-\d{4}-[0-9a-f]{8}")

HONOURS: Final = {"E": "1z", "S": "2z", "W": "3z", "N": "4z", "P": "5z", "F": "6z", "C": "7z"}

MJAI_YAKU: Final[dict[str, str]] = {
    "menzenchin_tsumoho": "menzen_tsumo", "reach": "riichi", "ippatsu": "ippatsu", "chankan": "chankan",
    "rinshankaiho": "rinshan", "haiteiraoyue": "haitei", "hoteiraoyui": "houtei", "pinfu": "pinfu",
    "tanyaochu": "tanyao", "ipeko": "iipeikou", "jikaze": "seat_wind", "bakaze": "round_wind",
    "haku": "haku", "hatsu": "hatsu", "chun": "chun", "double_reach": "double_riichi", "chitoitsu": "chiitoitsu",
    "honchantaiyao": "chanta", "ikkitsukan": "ittsu", "sanshokudojun": "sanshoku", "sanshokudoko": "sanshoku_doukou",
    "sankantsu": "sankantsu", "toitoiho": "toitoi", "sananko": "sanankou", "shosangen": "shousangen",
    "honroto": "honroutou", "ryanpeko": "ryanpeikou", "junchantaiyao": "junchan", "honiso": "honitsu",
    "chiniso": "chinitsu", "renho": "renhou", "tenho": "tenhou", "chiho": "chiihou", "daisangen": "daisangen",
    "suanko": "suuankou", "tsuiso": "tsuuiisou", "ryuiso": "ryuuiisou", "chinroto": "chinroutou",
    "churenpoton": "chuuren", "kokushimuso": "kokushi", "daisushi": "daisuushii", "shosushi": "shousuushii",
    "sukantsu": "suukantsu", "dora": "dora", "uradora": "ura_dora", "akadora": "aka_dora",
}  # fmt: skip
"""The original mjai's yaku names → the service's yaku ids."""

REASONS: Final = {
    "fanpai": "exhaustive",
    "ryukyoku": "exhaustive",
    "nagashimangan": "nagashi_mangan",
    "kyushukyuhai": "kyuushu_kyuuhai",
    "kyushu_kyuhai": "kyuushu_kyuuhai",
    "suufonrenta": "suufon_renda",
    "sufonrenda": "suufon_renda",
    "suuchariichi": "suucha_riichi",
    "suucha_riichi": "suucha_riichi",
    "suukaikan": "suukaikan",
    "sukaikan": "suukaikan",
    "sanchaho": "sanchahou",
    "sanchahou": "sanchahou",
}
"""``ryukyoku`` ``reason`` values (the original mjai's and its variants) → the draw kinds."""


_TILES: Final[dict[str, str]] = {
    **HONOURS,
    **{f"5{suit}r": f"0{suit}" for suit in "mps"},
    **{f"{rank}{suit}": f"{rank}{suit}" for rank in "123456789" for suit in "mps"},
}
"""Every mjai tile → mpsz (37)."""


_REDS: Final = frozenset(("0m", "0p", "0s"))
"""The red fives (mpsz)."""

_MOST_HAN: Final = 1000
"""The largest ``fan`` or ``fu`` of a ``hora`` read (far above any hand's: a larger one is refused)."""


def tile(code: object, where: tuple[int | None, int | None] = (None, None)) -> str:
    """An mjai tile → mpsz: ``"5mr"`` → ``"0m"``, ``"P"`` → ``"5z"``; :class:`LogError` for ``"?"`` or junk."""
    if isinstance(code, str) and (found := _TILES.get(code)) is not None:
        return found
    if code == "?":
        raise LogError(refusal("refusal.mjai.hidden_tile"), *where)
    raise LogError(refusal("refusal.mjai.not_tile", code=json_said(code)), *where)


_LINE: Final = re.compile(rb"[^\r\n]+")
"""One line of JSON lines (``\n``, ``\r\n`` or ``\r`` ends it)."""


def _fault(
    text: bytes, start: int, whole: msgspec.DecodeError, line: re.Match[bytes], error: msgspec.DecodeError
) -> Refusal:
    """Where and why ``text`` is neither JSON (read whole from byte ``start``: ``whole``) nor JSON lines (``line``
    is not JSON: ``error``), placed in ``text``: the reading that got further is the one the log was meant as (a
    pretty-printed array broken on line 30 is refused there, not at its first line, which alone is no JSON)."""
    as_whole, as_line = json_fault(whole, text[start:]), json_fault(error, line[0])
    if as_whole is not None and (as_line is None or start + as_whole[0] > line.start() + as_line[0]):
        return json_reason(whole, text[start:], text, start)
    return json_reason(error, line[0], text, line.start(), line=True)


def _events(text: bytes) -> list[dict[str, Any]]:
    stripped = text.lstrip(b"\xef\xbb\xbf \t\r\n")
    start = len(text) - len(stripped)
    array = False  # the events are the items of one JSON array (else each a line's value)
    try:  # one JSON array of events
        parsed = msgspec.json.decode(stripped)
        array = isinstance(parsed, list)
        events = parsed if array else [parsed]
    except msgspec.DecodeError as whole:  # JSON lines: each line one event (a line that is an array is none)
        events = []
        for line in _LINE.finditer(text, start):
            if not line[0].strip():
                continue
            try:
                events.append(msgspec.json.decode(line[0]))
            except msgspec.DecodeError as error:
                raise LogError(
                    refusal("refusal.mjai.not_json_lines", error=_fault(text, start, whole, line, error))
                ) from None
    for index, event in enumerate(events):
        if not isinstance(event, dict) or not isinstance(event.get("type"), str):
            raise LogError(_not_event(event, _place(text, start, index, array)))
    return events


def _place(text: bytes, start: int, index: int, array: bool) -> Refusal:
    """Where the ``index``-th event of ``text`` (from byte ``start``) is: its item of the array, or its line (the
    ``index``-th line that is not blank), worked out only for a refusal."""
    if array:
        return refusal("refusal.mjai.array_item", index=index)
    lines = (line for line in _LINE.finditer(text, start) if line[0].strip())
    offset = next((line.start() for i, line in enumerate(lines) if i == index), start)
    return refusal("refusal.log.line", number=json_position(text, offset)[0])


def _not_event(item: object, place: Refusal) -> Refusal:
    """Why ``item``, at ``place`` (a line, or an item of the array), is not an mjai event, in plain words."""
    if isinstance(item, dict):
        return refusal("refusal.mjai.no_type", place=place)
    return refusal("refusal.mjai.not_event", place=place, item=json_said(item))


def _deal(hands: list[Any]) -> list[list[str]] | None:
    """``start_kyoku``'s ``tehais`` (3 or 4 of them) in mpsz when each is a list of 13 known tiles (no ``?``),
    else None (:meth:`_Reader.start_kyoku` reads them tile by tile, naming what is wrong)."""
    try:
        dealt = [list(map(_TILES.__getitem__, h)) for h in hands if type(h) is list]
    except (KeyError, TypeError):
        return None
    if len(dealt) != len(hands) or list(map(len, dealt)).count(13) != len(dealt):
        return None
    return dealt


def _tiles(codes: list[Any], where: tuple[int | None, int | None]) -> tuple[str, ...]:
    """mjai tiles → mpsz, in order (by the table; anything else read tile by tile by :func:`tile`, naming it)."""
    try:
        return tuple(map(_TILES.__getitem__, codes))
    except (KeyError, TypeError):
        return tuple(tile(t, where) for t in codes)


def _int(
    event: dict[str, Any], name: str, where: tuple[int | None, int | None], low: int = 0, high: int = 10**7
) -> int:
    value = event.get(name)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise LogError(
            refusal(
                "refusal.mjai.not_whole", kind=event["type"], name=name, value=json_said(value), low=low, high=high
            ),
            *where,
        )
    return value


def _ints(event: dict[str, Any], name: str, count: int, where: tuple[int | None, int | None]) -> list[int] | None:
    """``event[name]``: ``count`` whole numbers (scores or deltas, points; any after them are let be), each at most
    :data:`~service.logs.record.MAX_POINTS` in magnitude; None where the event has none (or ``null``: Mortal's
    optional ``deltas``)."""
    value = event.get(name)
    if value is None:
        return None
    if type(value) is list and len(value) == count:  # the usual: one whole number a seat, no bool among them
        for v in value:
            if type(v) is not int:
                break
        else:
            if max(value) <= MAX_POINTS and min(value) >= -MAX_POINTS:
                return value[:]
            return bounded(value, f"{event['type']} {name}", where)
    if not isinstance(value, list) or len(value) < count or not all(isinstance(v, int) for v in value[:count]):
        raise LogError(refusal("refusal.mjai.not_whole_numbers", kind=event["type"], name=name, count=count), *where)
    return bounded([int(v) for v in value[:count]], f"{event['type']} {name}", where)


def decode(text: bytes) -> GameLog:
    """Read an mjai game (JSON lines, or one JSON array) into a :class:`GameLog` of format ``mjai``.

    JSON lines go first through :func:`_decode_lines`, which reads a draw or a discard line it has seen
    before (in any game) from :data:`_KNOWN_MOVES` without decoding it; a log it cannot read to the end
    is read again by the general path, so the :class:`LogError` is the same whichever path meets it."""
    stripped = text.lstrip(b"\xef\xbb\xbf \t\r\n")
    if not stripped.startswith(b"["):
        game = _decode_lines(stripped)
        if game is not None:
            return game
    reader = _Reader()
    for event in _events(text):
        reader.read(event)
    return reader.game()


_KNOWN_MOVES: Final[dict[bytes, tuple[Draw | Discard, int]]] = {}
"""A draw or discard line already read → (its event, the actor, plus :data:`_RED_MOVE` when it discards a red
five): the bulk of a log's lines, each of a few hundred kinds (seat × tile × flag), decoded once per process.
Bounded by :data:`_KNOWN_MOVES_MAX`; the actor was a seat of the game it was first read in and is checked again."""

_RED_MOVE: Final = 8
"""Added to a known move's actor when it shows a red five: one comparison with the players tells the usual move
(an actor in range) from the rest (a red five, or an actor out of range)."""

_KNOWN_MOVES_MAX: Final = 4096


def _decode_lines(stripped: bytes) -> GameLog | None:
    """The game from JSON lines, or None for a log with anything the general path should refuse (bad JSON
    on any line, a :class:`LogError`): only the general path names the error, as it reads every line's
    JSON before it reads any event."""
    reader = _Reader()
    known_moves = _KNOWN_MOVES
    rounds = reader.rounds
    # the current round's events.append, and its players: refreshed after every line decoded
    append: Callable[[Event], None] = _no_round
    players = 0  # no seat before the first round: a move there goes to the general path
    try:
        for line in stripped.splitlines():
            known = known_moves.get(line)
            if known is not None:
                move, actor = known
                if actor >= players:
                    if actor < _RED_MOVE or actor - _RED_MOVE >= players:
                        return None
                    reader.aka = True
                append(move)
                continue
            if not line or line.isspace():
                continue
            item = msgspec.json.decode(line)
            if type(item) is not dict or not isinstance(kind := item.get("type"), str):
                return None  # a line that is no event (an array, a number): the general path names it
            reader.read(item)
            if kind in ("tsumo", "dahai") and type(item.get("actor")) is int and len(known_moves) < _KNOWN_MOVES_MAX:
                made = rounds[-1].events[-1]
                assert isinstance(made, (Draw, Discard))
                red = kind == "dahai" and made.tile[0] == "0"
                known_moves[line] = (made, made.seat + _RED_MOVE if red else made.seat)
            if rounds:
                append = rounds[-1].events.append
                players = reader.players
        return reader.game()
    except Exception:  # LogError, bad JSON, anything: the general path meets it in its own order
        return None


def _no_round(move: Event) -> None:
    """The events' ``append`` of :func:`_decode_lines` before its first round (never called: no seat is in range)."""


class _Reader:
    """One pass over a game's events (state: the rounds read, the players, the deposits accepted); :meth:`read`
    gives each event to the method of its ``type`` (:data:`_READERS`)."""

    def __init__(self) -> None:
        self.rounds: list[RoundLog] = []
        self.names: list[str] | None = None
        self.players = 4
        self.accepted: dict[int, list[int]] = {}  # round → seats whose reach_accepted carries the deposit
        self.final_scores: list[int] | None = None
        self.next_scores: list[list[int]] = []
        self.aka = False
        self.stated: dict[str, object] | None = None  # the Tenhou lobby's rules, where start_game's uri names the log

    @property
    def where(self) -> tuple[int | None, int | None]:
        """The event being read: (its round, its index in the round), None before the first round."""
        rounds = self.rounds
        return (len(rounds) - 1, len(rounds[-1].events)) if rounds else (None, None)

    def read(self, event: dict[str, Any]) -> None:
        kind = event["type"]
        header = _HEADERS.get(kind)
        if header is not None:
            header(self, event)
            return
        if kind in ("end_kyoku", "none", "hello", "error"):
            return
        if not self.rounds:
            raise LogError(refusal("refusal.mjai.before_start", kind=json_said(kind)))
        actor = event.get("actor")
        if kind not in ("dora", "ryukyoku") and (not isinstance(actor, int) or not 0 <= actor < self.players):
            raise LogError(
                refusal("refusal.mjai.actor", kind=kind, actor=json_said(actor), last=self.players - 1), *self.where
            )
        move = _READERS.get(kind)
        if move is not None:  # other types (a bot's "none", "error") say nothing a replay needs
            move(self, self.rounds[-1], int(actor) if isinstance(actor, int) else 0, event)

    def start_game(self, event: dict[str, Any]) -> None:
        raw_names = event.get("names")
        if isinstance(raw_names, list) and all(isinstance(n, str) for n in raw_names):
            self.names = list(raw_names)
        uri = event.get("uri")
        lobby = _TENHOU_LOG.search(uri) if isinstance(uri, str) else None
        if lobby is not None:  # a game converted from Tenhou names its log, whose name holds the lobby
            self.stated = lobby_rules(int(lobby[1], 16))

    def start_kyoku(self, event: dict[str, Any]) -> None:
        where = (len(self.rounds), None)
        hands_raw = event.get("tehais")
        if not isinstance(hands_raw, list) or len(hands_raw) not in (3, 4):
            raise LogError(refusal("refusal.mjai.tehais"), *where)
        hands = _deal(hands_raw)
        if hands is not None:  # 3 or 4 lists of 13 known tiles: nothing hidden, a seat each
            players = self.players = len(hands)
        else:
            dealt = [h for h in hands_raw if isinstance(h, list) and h and h.count("?") < len(h)]  # not all hidden
            players = self.players = 3 if len(dealt) == 3 else 4
            try:  # the dealt tiles by the table; anything else is read again tile by tile, naming it
                hands = [[_TILES[t] for t in h] for h in hands_raw[:players]]
            except (KeyError, TypeError):
                hands = [[tile(t, where) for t in h] for h in hands_raw[:players]]
            if any(len(h) != 13 for h in hands):
                raise LogError(refusal("refusal.mjai.deal_size"), *where)
        if not self.aka:
            self.aka = any(not _REDS.isdisjoint(h) for h in hands)
        bakaze = event.get("bakaze")
        if bakaze not in ("E", "S", "W", "N"):
            raise LogError(refusal("refusal.mjai.bakaze", bakaze=json_said(bakaze)), *where)
        scores = _ints(event, "scores", players, where)
        if scores is None and "scores" in event:  # null: Mortal's start_kyoku always has its scores
            raise LogError(
                refusal("refusal.mjai.not_whole_numbers", kind="start_kyoku", name="scores", count=players), *where
            )
        if self.rounds and scores is not None:
            self.next_scores.append(scores)
        self.rounds.append(
            RoundLog(
                round_wind=bakaze,
                hand_number=_int(event, "kyoku", where, 1, 4),
                dealer=_int(event, "oya", where, 0, players - 1),
                honba=_int(event, "honba", where, 0, 100),
                riichi_sticks=_int(event, "kyotaku", where, 0, 100),
                scores=scores,
                hands=hands,
                dora=tile(event.get("dora_marker"), where),
            )
        )

    def end_game(self, event: dict[str, Any]) -> None:
        self.final_scores = _ints(event, "scores", self.players, self.where)

    def tsumo(self, current: RoundLog, seat: int, event: dict[str, Any]) -> None:
        current.events.append(draw(seat, tile(event.get("pai"), self.where)))

    def dahai(self, current: RoundLog, seat: int, event: dict[str, Any]) -> None:
        giri = event.get("tsumogiri")
        if giri is not True and giri is not False and "tsumogiri" in event:  # absent in the original mjai's logs
            raise LogError(
                refusal("refusal.mjai.not_bool", kind="dahai", name="tsumogiri", value=json_said(giri)), *self.where
            )
        move = discard(seat, tile(event.get("pai"), self.where), giri)
        current.events.append(move)
        self.aka = self.aka or move.tile[0] == "0"

    def call(self, current: RoundLog, seat: int, event: dict[str, Any]) -> None:
        kind = event["type"]
        where = self.where
        consumed = event.get("consumed")
        if not isinstance(consumed, list):
            raise LogError(refusal("refusal.mjai.consumed", kind=kind), *where)
        target = _int(event, "target", where, 0, self.players - 1)
        called = tile(event.get("pai"), where)
        current.events.append(Call(seat, kind, called, target, _tiles(consumed, where)))

    def ankan(self, current: RoundLog, seat: int, event: dict[str, Any]) -> None:
        where = self.where
        consumed = event.get("consumed")
        if not isinstance(consumed, list) or len(consumed) != 4:
            raise LogError(refusal("refusal.mjai.ankan"), *where)
        current.events.append(Ankan(seat, _tiles(consumed, where)))

    def kakan(self, current: RoundLog, seat: int, event: dict[str, Any]) -> None:
        current.events.append(Kakan(seat, tile(event.get("pai"), self.where)))

    def nukidora(self, current: RoundLog, seat: int, event: dict[str, Any]) -> None:
        current.events.append(Nukidora(seat, tile(event.get("pai", "N"), self.where)))

    def dora(self, current: RoundLog, seat: int, event: dict[str, Any]) -> None:
        current.events.append(Dora(tile(event.get("dora_marker"), self.where)))

    def reach(self, current: RoundLog, seat: int, event: dict[str, Any]) -> None:
        current.events.append(Riichi(seat))

    def reach_accepted(self, current: RoundLog, seat: int, event: dict[str, Any]) -> None:
        self.accepted.setdefault(len(self.rounds) - 1, []).append(seat)  # taken whether or not deltas are written

    def hora(self, current: RoundLog, seat: int, event: dict[str, Any]) -> None:
        where = self.where
        players = self.players
        target = _int(event, "target", where, 0, players - 1)
        ura_name = "ura_markers" if "ura_markers" in event else "uradora_markers"
        ura = event.get(ura_name)  # Mortal's (optional) or the original mjai's
        if ura is not None and type(ura) is not list:
            raise LogError(refusal("refusal.mjai.not_tiles", kind="hora", name=ura_name, value=json_said(ura)), *where)
        if "pai" in event:  # the original mjai's winning tile (Mortal writes none): a tile, or refused
            tile(event["pai"], where)
        yakus = event.get("yakus")
        yaku: tuple[tuple[str, int], ...] | None = None
        yakuman = 0
        if isinstance(yakus, list):
            pairs = []
            for item in yakus:
                if (
                    isinstance(item, list) and len(item) == 2 and isinstance(item[0], str) and isinstance(item[1], int)
                ) and item[1]:
                    if not 0 < item[1] <= _MOST_HAN:
                        raise out_of_range(f"hora yakus {json_said(item[0])}", item[1], _MOST_HAN, *where)
                    pairs.append((MJAI_YAKU.get(item[0], f"log:{item[0]}"), item[1]))
            yaku = tuple(pairs)
            yakuman = sum(h // 13 for _, h in pairs if h >= 13)
        deltas = _ints(event, "deltas", players, where)
        pao = event.get("pao")
        fan = event.get("fan")  # the original mjai's, where given as whole numbers: in range, or refused
        fu = event.get("fu")
        points = event.get("hora_points")
        if fan is not None or fu is not None or points is not None:
            fan, fu, points = (
                _int(event, name, where, 0, most) if type(event.get(name)) is int else None
                for name, most in (("fan", _MOST_HAN), ("fu", _MOST_HAN), ("hora_points", MAX_POINTS))
            )
        current.wins.append(
            LogWin(
                seat=seat,
                from_seat=target,
                pao=pao if isinstance(pao, int) and not isinstance(pao, bool) and 0 <= pao < players else None,
                ura_indicators=_tiles(ura, where) if ura else (),
                han=fan if not yakuman else None,
                fu=fu if not yakuman else None,
                yakuman=yakuman,
                points=points,
                yaku=yaku,
                deltas=tuple(deltas) if deltas is not None else None,
            )
        )
        _add_deltas(current, deltas)

    def ryukyoku(self, current: RoundLog, seat: int, event: dict[str, Any]) -> None:
        players = self.players
        reason = event.get("reason")
        tenpais = event.get("tenpais")
        shown = tuple(s for s, t in enumerate(tenpais[:players]) if t is True) if isinstance(tenpais, list) else None
        draw_kind = REASONS.get(reason) if isinstance(reason, str) else None
        current.draw = LogDraw(draw_kind or _guess_draw(current, players), tenpai=shown)  # type: ignore[arg-type]
        _add_deltas(current, _ints(event, "deltas", players, self.where))

    def game(self) -> GameLog:
        """The game read, once every event is: :class:`LogError` for a log without a round or with a round
        without its end; each round's scores after it from the next ``start_kyoku`` (or ``end_game``)."""
        rounds = self.rounds
        players = self.players
        if not rounds:
            raise LogError(refusal("refusal.mjai.no_round"))
        for index, round_log in enumerate(rounds):
            if not round_log.wins and round_log.draw is None:
                raise LogError(refusal("refusal.mjai.no_end"), index)
            after = self.next_scores[index] if index < len(self.next_scores) else None
            if after is None and index == len(rounds) - 1 and self.final_scores is not None:
                after = self.final_scores
            if round_log.deltas is not None:  # the hora / ryukyoku deltas, less the deposits taken at reach_accepted
                for seat in self.accepted.get(index, []):
                    round_log.deltas[seat] -= 1000
                if after is None and round_log.scores is not None:
                    after = [s + d for s, d in zip(round_log.scores, round_log.deltas, strict=True)]
            elif after is not None and round_log.scores is not None:  # no deltas written: the next scores say them
                round_log.deltas = [a - b for a, b in zip(after, round_log.scores, strict=True)]
            round_log.scores_after = after
        start = rounds[0].scores
        rules: dict[str, object] = {"aka": self.aka} if self.aka else {}
        stated = self.stated
        if stated is not None and (stated["preset"] == "tenhou_sanma") == (players == 3):
            rules = stated
        elif players == 3:
            rules["players"] = 3
        return GameLog(
            format="mjai",
            players=players,
            rules=rules,
            rounds=rounds,
            start_scores=list(start) if start else None,
            final_scores=self.final_scores,
            names=self.names[:players] if self.names else None,
        )


_HEADERS: Final[dict[str, Any]] = {
    "start_game": _Reader.start_game,
    "start_kyoku": _Reader.start_kyoku,
    "end_game": _Reader.end_game,
}
"""The events outside a round's moves → the :class:`_Reader` method that reads them."""

_READERS: Final[dict[str, Any]] = {
    "tsumo": _Reader.tsumo,
    "dahai": _Reader.dahai,
    "chi": _Reader.call,
    "pon": _Reader.call,
    "daiminkan": _Reader.call,
    "ankan": _Reader.ankan,
    "kakan": _Reader.kakan,
    "nukidora": _Reader.nukidora,
    "dora": _Reader.dora,
    "reach": _Reader.reach,
    "reach_accepted": _Reader.reach_accepted,
    "hora": _Reader.hora,
    "ryukyoku": _Reader.ryukyoku,
}
"""A round's events → the :class:`_Reader` method that reads them (``current`` round, actor's ``seat``, event)."""


def _add_deltas(current: RoundLog, deltas: list[int] | None) -> None:
    if deltas is None:
        return
    current.deltas = deltas if current.deltas is None else [a + b for a, b in zip(current.deltas, deltas, strict=True)]


def _guess_draw(current: RoundLog, players: int) -> str:
    """A ``ryukyoku`` without a ``reason`` (Mortal's logs): exhaustive once the wall is drawn (70 draws, 55
    with three players), else the abortive draw the events show."""
    draws = sum(isinstance(e, Draw) for e in current.events)
    if draws >= (70 if players == 4 else 55):
        return "exhaustive"
    if sum(isinstance(e, Riichi) for e in current.events) == 4:
        return "suucha_riichi"
    kans = sum(isinstance(e, (Ankan, Kakan)) or (isinstance(e, Call) and e.kind == "daiminkan") for e in current.events)
    if kans >= 4:
        return "suukaikan"
    discards = [e for e in current.events if isinstance(e, Discard)]
    if len(discards) == 4 and len({d.tile for d in discards}) == 1 and discards[0].tile in ("1z", "2z", "3z", "4z"):
        return "suufon_renda"
    return "kyuushu_kyuuhai"

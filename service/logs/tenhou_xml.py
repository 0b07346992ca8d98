"""Tenhou's mjlog XML (``<mjloggm ver="2.3">``) → :class:`~service.logs.record.GameLog` (/docs/logs §Tenhou XML).

The tags read, in document order:

- ``GO type``: the lobby's rule bits (0x02 no red fives, 0x04 no open tanyao, 0x08 East–South,
  0x10 three players); ``UN`` the names (URL-encoded); ``TAIKYOKU oya`` the first dealer;
- ``INIT seed="round,honba,sticks,dice,dice,dora" ten oya hai0..hai3``: a round's deal (``ten`` in
  hundreds of points);
- ``T/U/V/W<id>`` a draw by seat 0/1/2/3, ``D/E/F/G<id>`` a discard; ``N who m`` a call (the meld bit
  field: chi, pon, added kan, North set aside, closed or called kan); ``REACH who step`` (1: declared,
  2: the stick deposited); ``DORA hai`` a new indicator;
- ``AGARI``: ``ba`` honba and sticks, ``hai`` the concealed tiles with the winning tile, ``machi`` the
  winning tile, ``ten="fu,points,limit"``, ``yaku``/``yakuman``, ``doraHaiUra``, ``who``/``fromWho``/
  ``paoWho``, ``sc`` the scores and deltas in hundreds, ``owari`` at the game's end;
- ``RYUUKYOKU``: ``type`` (none: exhaustive; ``yao9``, ``kaze4``, ``reach4``, ``ron3``, ``kan4``,
  ``nm`` nagashi mangan), ``hai0``..``hai3`` the hands shown tenpai, ``sc``, ``owari``.

Tile ids are 0–135, four per kind in mpsz order (``id // 4``: 0–8 man, 9–17 pin, 18–26 sou, 27–33
honours); ids 16, 52 and 88 are the red fives where the lobby plays them. XML is parsed with
:mod:`defusedxml` (no DOCTYPE, so no entity and no external reference), UTF-8 unless the declaration names another
encoding. Scores are bounded by :data:`~service.logs.record.MAX_POINTS` (/docs/logs §Bad logs). Errors are
:class:`~service.logs.record.LogError`.
"""

from __future__ import annotations

import codecs
import re
from typing import Any, Final
from urllib.parse import unquote
from xml.etree.ElementTree import Element

from defusedxml import DefusedXmlException  # type: ignore[import-untyped]
from defusedxml import ElementTree as SafeTree

from service.i18n import refusal
from service.i18n.parsing import xml_reason
from service.logs.record import (
    MAX_POINTS,
    Ankan,
    Call,
    Dora,
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

__all__ = ["TENHOU_YAKU", "decode", "lobby_rules", "meld", "tile"]

TENHOU_YAKU: Final[dict[int, str]] = {
    0: "menzen_tsumo", 1: "riichi", 2: "ippatsu", 3: "chankan", 4: "rinshan", 5: "haitei", 6: "houtei",
    7: "pinfu", 8: "tanyao", 9: "iipeikou", 10: "seat_wind", 11: "seat_wind", 12: "seat_wind", 13: "seat_wind",
    14: "round_wind", 15: "round_wind", 16: "round_wind", 17: "round_wind", 18: "haku", 19: "hatsu", 20: "chun",
    21: "double_riichi", 22: "chiitoitsu", 23: "chanta", 24: "ittsu", 25: "sanshoku", 26: "sanshoku_doukou",
    27: "sankantsu", 28: "toitoi", 29: "sanankou", 30: "shousangen", 31: "honroutou", 32: "ryanpeikou",
    33: "junchan", 34: "honitsu", 35: "chinitsu", 36: "renhou", 37: "tenhou", 38: "chiihou", 39: "daisangen",
    40: "suuankou", 41: "suuankou_tanki", 42: "tsuuiisou", 43: "ryuuiisou", 44: "chinroutou", 45: "chuuren",
    46: "junsei_chuuren", 47: "kokushi", 48: "kokushi_13", 49: "daisuushii", 50: "shousuushii",
    51: "suukantsu", 52: "dora", 53: "ura_dora", 54: "aka_dora",
}  # fmt: skip
"""Tenhou's yaku ids (0–54) → the service's yaku ids (one id per wind on Tenhou: 10–13 seat, 14–17 round)."""

RED_IDS: Final = frozenset({16, 52, 88})
WINDS: Final = "ESWN"
DRAW_KINDS: Final[dict[str | None, str]] = {
    None: "exhaustive",
    "nm": "nagashi_mangan",
    "yao9": "kyuushu_kyuuhai",
    "kaze4": "suufon_renda",
    "reach4": "suucha_riichi",
    "kan4": "suukaikan",
    "ron3": "sanchahou",
}
_MOVE: Final = re.compile(r"([TUVWDEFG])(\d+)")
_LOBBY: Final = re.compile(r"\d{1,5}")
_MOST_LOBBY: Final = 0xFFFF
"""The largest ``GO type`` read: the lobby's rule bits (Tenhou's are below 0x1000)."""
_MOST_HUNDREDS: Final = MAX_POINTS // 100
"""The largest score or delta in an mjlog's hundreds of points (``INIT ten``, ``sc``, ``owari``)."""
_MOST_STICKS: Final = 100
"""The largest honba or riichi stick count of an ``INIT seed``, as in the other formats."""
_MOST_HAN: Final = 1000
"""The largest han of one yaku in ``AGARI yaku`` (far above any hand's: a larger one is refused)."""
_SEAT_OF: Final = {letter: i % 4 for i, letter in enumerate("TUVWDEFG")}


def tile(tile_id: int, aka: bool = True) -> str:
    """The mpsz tile of a 136-id: ``16`` → ``"0m"`` (red, where ``aka``), ``17`` → ``"5m"``, ``135`` → ``"7z"``."""
    if aka and tile_id in RED_IDS:
        return "0" + "mps"[tile_id // 36]
    kind = tile_id // 4
    return f"{kind % 9 + 1}{'mpsz'[kind // 9]}"


def meld(m: int) -> tuple[str, list[int], int, int]:
    """Decode a meld bit field: ``(kind, tile ids, called or added id, relative source)``.

    ``kind`` is ``chi``, ``pon``, ``kakan``, ``nuki``, ``ankan`` or ``daiminkan``; the relative source
    is 1 (the next seat), 2 (across), 3 (the previous seat), 0 for the caller's own tiles. For a
    kakan the third value is the added tile; for a nuki (North set aside) the one tile.
    """
    if m & 0x4:  # chi: base kind and the copy of each of its three tiles
        t = m >> 10
        called = t % 3
        t //= 3
        base = (t // 7) * 9 + t % 7
        ids = [(base + i) * 4 + ((m >> (3 + 2 * i)) & 3) for i in range(3)]
        return "chi", ids, ids[called], 3
    if m & 0x18:  # pon (0x8) or kakan (0x10): the kind, and the copy not in the pon
        t = m >> 9
        called = t % 3
        kind = t // 3
        unused = (m >> 5) & 3
        pon = [kind * 4 + i for i in range(4) if i != unused]
        if m & 0x8:
            return "pon", pon, pon[called], m & 3
        return "kakan", [*pon, kind * 4 + unused], kind * 4 + unused, m & 3
    if m & 0x20:
        return "nuki", [m >> 8], m >> 8, 0
    first = m >> 8
    kind = first // 4
    ids = [kind * 4 + i for i in range(4)]
    return ("ankan" if m & 3 == 0 else "daiminkan"), ids, first, m & 3


def _tuple(values: list[int] | None) -> tuple[int, ...] | None:
    return tuple(values) if values is not None else None


def _quoted(text: str | None) -> object:
    """An attribute's text in a refusal: double-quoted as the mjlog writes it (its first 40 characters), or
    ``(none)`` where the tag has no such attribute."""
    return refusal("refusal.xml.absent") if text is None else json_said(text)


def _ints(element: Element, name: str, where: tuple[int | None, int | None]) -> list[int]:
    text = element.get(name)
    if text is None or not text.strip():
        return []
    try:
        return list(map(int, text.split(",")))
    except ValueError:
        message = refusal("refusal.xml.not_whole_numbers", tag=element.tag, name=name, text=_quoted(text))
        raise LogError(message, *where) from None


def _floats(element: Element, name: str, where: tuple[int | None, int | None]) -> list[float]:
    text = element.get(name) or ""
    try:
        return [float(part) for part in text.split(",")]
    except ValueError:
        raise LogError(
            refusal("refusal.xml.not_numbers", tag=element.tag, name=name, text=_quoted(text)), *where
        ) from None


_TILES: Final = {aka: tuple(tile(i, aka) for i in range(136)) for aka in (True, False)}
"""The mpsz tile of every 136-id, with and without red fives."""

_MOVES: Final = {
    f"{letter}{i}": (_SEAT_OF[letter], letter in "TUVW", i, letter) for letter in "TUVWDEFG" for i in range(136)
}
"""Every draw and discard tag (``T0`` … ``G135``) → (seat, is a draw, tile id, letter): one lookup per move."""


_HANDS: Final = ("hai0", "hai1", "hai2", "hai3")

_DRAW_EVENTS: Final = {
    aka: tuple(tuple(draw(seat, code) for code in _TILES[aka]) for seat in range(4)) for aka in (True, False)
}
"""Every draw as its (shared) event: ``[aka][seat][tile id]``."""

_DISCARD_EVENTS: Final = {
    aka: tuple(
        tuple((discard(seat, code, False), discard(seat, code, True)) for code in _TILES[aka]) for seat in range(4)
    )
    for aka in (True, False)
}
"""Every discard as its (shared) event: ``[aka][seat][tile id][tsumogiri]``."""


def _tile_id(value: int, where: tuple[int | None, int | None]) -> int:
    if not 0 <= value <= 135:
        raise LogError(refusal("refusal.xml.tile_id", value=value), *where)
    return value


def _codes(ids: list[int], tiles: tuple[str, ...], where: tuple[int | None, int | None]) -> list[str]:
    """The tiles of ``ids`` (``tiles``: :data:`_TILES` of the lobby); :class:`LogError` naming the first id
    outside 0–135."""
    if ids and (min(ids) < 0 or max(ids) > 135):
        for value in ids:
            _tile_id(value, where)
    return [tiles[t] for t in ids]


class _Decoder:
    """One pass over the document's tags (state: the round being read, the lobby's rules)."""

    def __init__(self) -> None:
        self.aka = True
        self.players = 4
        self.rules: dict[str, object] = {}
        self.rounds: list[RoundLog] = []
        self.names: list[str] | None = None
        self.first_dealer: int | None = None
        self.final_scores: list[int] | None = None
        self.final_points: list[int] | None = None
        self.start: list[int] | None = None
        self.last_discard: tuple[int, int] | None = None  # seat, tile id
        self.drawn: list[int | None] = [None] * 4
        self.tiles = _TILES[True]
        self.draws = _DRAW_EVENTS[True]
        self.discards = _DISCARD_EVENTS[True]

    @property
    def where(self) -> tuple[int | None, int | None]:
        if not self.rounds:
            return None, None
        return len(self.rounds) - 1, len(self.rounds[-1].events)

    def current(self, tag: str) -> RoundLog:
        if not self.rounds:
            raise LogError(refusal("refusal.xml.before_init", tag=tag))
        return self.rounds[-1]

    def seat(self, element: Element, name: str) -> int:
        values = _ints(element, name, self.where)
        if len(values) != 1 or not 0 <= values[0] < self.players:
            raise LogError(
                refusal(
                    "refusal.xml.not_seat",
                    tag=element.tag,
                    name=name,
                    value=_quoted(element.get(name)),
                    last=self.players - 1,
                ),
                *self.where,
            )
        return values[0]

    def go(self, element: Element) -> None:
        bits = _ints(element, "type", self.where) if _LOBBY.fullmatch((element.get("type") or "").strip()) else []
        if len(bits) != 1 or not 0 <= bits[0] <= _MOST_LOBBY:
            text = json_said(element.get("type") or "")
            raise LogError(refusal("refusal.xml.go_type", text=text, most=_MOST_LOBBY))
        self.rules = lobby_rules(bits[0])
        self.aka = bool(self.rules["aka"])
        self.tiles = _TILES[self.aka]
        self.draws = _DRAW_EVENTS[self.aka]
        self.discards = _DISCARD_EVENTS[self.aka]
        self.players = 3 if bits[0] & 0x10 else 4

    def init(self, element: Element) -> None:
        seed = _ints(element, "seed", (len(self.rounds), None))
        where = (len(self.rounds), None)
        if len(seed) != 6:
            raise LogError(refusal("refusal.xml.init_seed"), *where)
        ten = _ints(element, "ten", where)
        if self.players == 3 and len(ten) == 4 and ten[3] == 0:  # three players: the empty fourth seat
            ten = ten[:3]
        if ten and len(ten) != self.players:
            raise LogError(refusal("refusal.xml.init_ten", count=len(ten), players=self.players), *where)
        if not (0 <= seed[1] <= _MOST_STICKS and 0 <= seed[2] <= _MOST_STICKS):
            raise LogError(refusal("refusal.xml.init_counts", honba=seed[1], sticks=seed[2]), *where)
        dealer = _ints(element, "oya", where)
        if len(dealer) != 1 or not 0 <= dealer[0] < self.players:
            raise LogError(refusal("refusal.xml.init_oya"), *where)
        tiles = self.tiles
        hands = [_codes(_ints(element, _HANDS[s], where), tiles, where) for s in range(self.players)]
        if any(len(hand) != 13 for hand in hands):
            raise LogError(refusal("refusal.xml.init_hand", n=min(len(h) for h in hands)), *where)
        round_number = seed[0]
        if not 0 <= round_number < 16:
            raise LogError(refusal("refusal.xml.init_round", n=round_number), *where)
        if ten and (max(ten) > _MOST_HUNDREDS or min(ten) < -_MOST_HUNDREDS):
            bounded(ten, "INIT ten", where, _MOST_HUNDREDS)
        scores = [t * 100 for t in ten] if ten else None
        if self.start is None and scores is not None:
            self.start = list(scores)
        self.rounds.append(
            RoundLog(
                round_wind=WINDS[round_number // 4],
                hand_number=round_number % 4 + 1,
                dealer=dealer[0],
                honba=seed[1],
                riichi_sticks=seed[2],
                scores=scores,
                hands=hands,
                dora=tile(_tile_id(seed[5], where), self.aka),
            )
        )
        self.last_discard = None
        self.drawn = [None] * 4

    def move(self, letter: str, tile_id: int) -> None:
        """A draw (``T U V W``) or a discard (``D E F G``) of ``tile_id`` (any number: checked here)."""
        seat = _SEAT_OF[letter]
        _tile_id(tile_id, self.where)
        self.known_move(seat, letter in "TUVW", tile_id, letter)

    def known_move(self, seat: int, is_draw: bool, tile_id: int, letter: str) -> None:
        """A move whose tile id is known to be 0–135 (from :data:`_MOVES`): the bulk of a log, kept short."""
        rounds = self.rounds
        if not rounds or seat >= self.players:
            self.current(letter)
            move = f"{letter}{tile_id}"
            raise LogError(refusal("refusal.xml.move_seat", move=move, seat=seat, players=self.players), *self.where)
        if is_draw:
            rounds[-1].events.append(self.draws[seat][tile_id])
            self.drawn[seat] = tile_id
        else:
            rounds[-1].events.append(self.discards[seat][tile_id][self.drawn[seat] == tile_id])
            self.drawn[seat] = None
            self.last_discard = (seat, tile_id)

    def call(self, element: Element) -> None:
        current = self.current("N")
        seat = self.seat(element, "who")
        code = _ints(element, "m", self.where)
        if len(code) != 1 or not 0 <= code[0] < 1 << 16:
            raise LogError(refusal("refusal.xml.meld_code", code=_quoted(element.get("m"))), *self.where)
        kind, ids, called, _relative = meld(code[0])
        tiles = _codes(ids, self.tiles, self.where)
        self.drawn[seat] = None
        if kind in ("chi", "pon", "daiminkan"):
            if self.last_discard is None:
                raise LogError(refusal("refusal.xml.no_discard", kind=kind), *self.where)
            from_seat = self.last_discard[0]
            own = list(ids)
            own.remove(called)
            current.events.append(
                Call(seat, kind, tile(called, self.aka), from_seat, tuple(tile(t, self.aka) for t in own))  # type: ignore[arg-type]
            )
            self.last_discard = None
        elif kind == "ankan":
            current.events.append(Ankan(seat, tuple(tiles)))
        elif kind == "kakan":
            current.events.append(Kakan(seat, tile(called, self.aka)))
        else:
            current.events.append(Nukidora(seat, tile(called, self.aka)))

    def agari(self, element: Element) -> None:
        current = self.current("AGARI")
        where = self.where
        seat = self.seat(element, "who")
        from_seat = self.seat(element, "fromWho")
        pao = self.seat(element, "paoWho") if element.get("paoWho") is not None else None
        ten = _ints(element, "ten", where)
        yaku_pairs = _ints(element, "yaku", where)
        yakuman_ids = _ints(element, "yakuman", where)
        if len(ten) != 3 or len(yaku_pairs) % 2:
            raise LogError(refusal("refusal.xml.agari"), *where)
        if not (-MAX_POINTS <= ten[0] <= MAX_POINTS and -MAX_POINTS <= ten[1] <= MAX_POINTS):
            bounded(ten[:2], "AGARI ten", where)  # fu and points (the third number, the limit, is not read)
        yaku: list[tuple[str, int]] = []
        han = 0
        for i in range(0, len(yaku_pairs), 2):
            name = TENHOU_YAKU.get(yaku_pairs[i], f"log:{yaku_pairs[i]}")
            value = yaku_pairs[i + 1]
            if not -_MOST_HAN <= value <= _MOST_HAN:
                raise out_of_range("AGARI yaku", value, _MOST_HAN, *where)
            han += value
            if value:
                yaku.append((name, value))
        for code in yakuman_ids:
            yaku.append((TENHOU_YAKU.get(code, f"log:{code}"), 13))
        hand = _codes(_ints(element, "hai", where), self.tiles, where)
        machi = _ints(element, "machi", where)
        current.wins.append(
            LogWin(
                seat=seat,
                from_seat=from_seat,
                pao=pao,
                ura_indicators=tuple(_codes(_ints(element, "doraHaiUra", where), self.tiles, where)),
                han=None if yakuman_ids else han,
                fu=None if yakuman_ids else ten[0],
                yakuman=len(yakuman_ids),
                points=ten[1],
                yaku=tuple(yaku),
                hand=tuple(hand),
                win_tile=tile(_tile_id(machi[0], where), self.aka) if machi else None,
                deltas=_tuple(self.scores(element, current, first=len(current.wins) == 0)),
            )
        )
        self.owari(element)

    def scores(self, element: Element, current: RoundLog, first: bool) -> list[int] | None:
        """``sc`` → the deltas (points); the round's deltas add up over a multiple ron."""
        sc = _ints(element, "sc", self.where)
        if self.players == 3 and len(sc) == 8 and not any(sc[6:]):  # three players: the empty fourth seat
            sc = sc[:6]
        if len(sc) != 2 * self.players:
            if sc:
                message = refusal("refusal.xml.sc", tag=element.tag, n=len(sc), expected=2 * self.players)
                raise LogError(message, *self.where)
            return None
        if max(sc) > _MOST_HUNDREDS or min(sc) < -_MOST_HUNDREDS:
            bounded(sc, f"{element.tag} sc", self.where, _MOST_HUNDREDS)
        before = [v * 100 for v in sc[0::2]]
        deltas = [v * 100 for v in sc[1::2]]
        # sc's "before" has this round's riichi sticks already taken (at REACH step 2), and a second
        # ron's has the first's payment in it: the round's deltas are measured from the INIT scores
        current.scores_after = [b + d for b, d in zip(before, deltas, strict=True)]
        if current.scores is not None:
            current.deltas = [a - s for a, s in zip(current.scores_after, current.scores, strict=True)]
        return deltas

    def ryuukyoku(self, element: Element) -> None:
        current = self.current("RYUUKYOKU")
        kind = element.get("type")
        if kind not in DRAW_KINDS:
            raise LogError(refusal("refusal.xml.ryuukyoku", kind=_quoted(kind)), *self.where)
        shown = tuple(s for s in range(self.players) if element.get(f"hai{s}") is not None)
        current.draw = LogDraw(DRAW_KINDS[kind], tenpai=shown)  # type: ignore[arg-type]
        self.scores(element, current, first=True)
        self.owari(element)

    def owari(self, element: Element) -> None:
        text = element.get("owari")
        if text is None:
            return
        values = _floats(element, "owari", self.where)
        if self.players == 3 and len(values) == 8 and not any(values[6:]):  # the empty fourth seat
            values = values[:6]
        if len(values) != 2 * self.players:
            raise LogError(refusal("refusal.xml.owari", n=len(values), expected=2 * self.players), *self.where)
        for at, value in enumerate(values):  # in hundreds (the scores) and thousands (the points): within the bound
            if not -_MOST_HUNDREDS <= value <= _MOST_HUNDREDS:  # said as the log writes it, never a float's digits
                said = text.split(",")[at].strip()
                raise out_of_range("owari", said[:40] + ("…" if len(said) > 40 else ""), _MOST_HUNDREDS, *self.where)
        self.final_scores = [round(v * 100) for v in values[0::2]]
        self.final_points = [round(v * 1000) for v in values[1::2]]

    def element(self, element: Element) -> None:
        """One child of the root: a move, or the method of its tag (:data:`_TAGS`); other tags (``SHUFFLE``,
        ``BYE``) say nothing the replay needs."""
        tag = element.tag
        known = _MOVES.get(tag)
        if known is not None:
            self.known_move(*known)
        elif move := _MOVE.fullmatch(tag):  # a tile id out of range, or written with a leading zero
            self.move(move[1], int(move[2]))
        elif (read := _TAGS.get(tag)) is not None:
            read(self, element)

    def un(self, element: Element) -> None:
        """The players' names (the first ``UN``; later ones are reconnections)."""
        if self.names is None:
            self.names = [unquote(element.get(f"n{s}", "")) for s in range(self.players)]

    def taikyoku(self, element: Element) -> None:
        self.first_dealer = self.seat(element, "oya") if element.get("oya") is not None else 0

    def reach(self, element: Element) -> None:
        """A declaration (``step`` 1) is the event; step 2, the stick deposited, the replay works out itself."""
        step = _ints(element, "step", self.where)
        if step == [1]:
            self.current("REACH").events.append(Riichi(self.seat(element, "who")))

    def dora(self, element: Element) -> None:
        hai = _ints(element, "hai", self.where)
        if len(hai) != 1:
            raise LogError(refusal("refusal.xml.dora"), *self.where)
        self.current("DORA").events.append(Dora(tile(_tile_id(hai[0], self.where), self.aka)))


_TAGS: Final[dict[str, Any]] = {
    "GO": _Decoder.go,
    "UN": _Decoder.un,
    "TAIKYOKU": _Decoder.taikyoku,
    "INIT": _Decoder.init,
    "N": _Decoder.call,
    "REACH": _Decoder.reach,
    "DORA": _Decoder.dora,
    "AGARI": _Decoder.agari,
    "RYUUKYOKU": _Decoder.ryuukyoku,
}
"""The tags read besides the moves → the :class:`_Decoder` method that reads them."""

_SPACE: Final = b" \t\r\n"
_ATTRIBUTES: Final = rb'((?: [A-Za-z_][A-Za-z0-9_]*="[ !#-%\'-;=-~]*")*) ?'
_EMPTY_TAG: Final = re.compile(rb"([A-Za-z_][A-Za-z0-9_]*)" + _ATTRIBUTES + rb"/>[ \t\r\n]*")
_ROOT_TAG: Final = re.compile(rb"mjloggm" + _ATTRIBUTES + rb">[ \t\r\n]*")
_ATTRIBUTE: Final = re.compile(rb' ([A-Za-z_][A-Za-z0-9_]*)="([^"]*)"')
_DECLARATIONS: Final = frozenset({b'?xml version="1.0" encoding="UTF-8"?>', b'?xml version="1.0" encoding="utf-8"?>'})
_MOVE_TAGS: Final = {f"{tag}/>".encode(): move for tag, move in _MOVES.items()}
"""Every draw and discard as the document writes it (``T0/>`` … ``G135/>``, after its ``<``) → its move."""


def _attributes(text: bytes) -> dict[str, str] | None:
    found = _ATTRIBUTE.findall(text)
    attributes = {name.decode(): value.decode() for name, value in found}
    return attributes if len(attributes) == len(found) else None  # a repeated name is not XML


def _read_plain(document: bytes | str) -> _Decoder | None:
    """The decoder having read every child of the root of a plain mjlog, without an XML parser: a move
    by its :data:`_MOVE_TAGS` entry, any other tag as the :class:`Element` the parser would make.

    Plain: ASCII bytes, an optional UTF-8 declaration, ``<mjloggm ...>``, then only empty tags of ASCII
    names whose attributes are double-quoted, one space apart, with no ``<``, ``&`` or control character
    in a value and no ``xmlns``, white space between them, and ``</mjloggm>``: such a text is well-formed
    XML with no DTD, entity or namespace, read the same by any parser. Anything else (a comment, a
    DOCTYPE, a nested tag, another quoting) is None, and so is a :class:`LogError` (a later part of the
    document may not be XML, which the parser reports first): :mod:`defusedxml` reads those, and refuses
    what it must.
    """
    if not isinstance(document, bytes) or not document.isascii() or b"xmlns" in document:
        return None
    pieces = document.split(b"<")
    first = 2 if pieces[1:2] and pieces[1].rstrip(_SPACE) in _DECLARATIONS else 1
    if pieces[0] or len(pieces) < first + 2 or pieces[-1].rstrip(_SPACE) != b"/mjloggm>":
        return None
    root = _ROOT_TAG.fullmatch(pieces[first])
    if root is None or _attributes(root[1]) is None:
        return None
    decoder = _Decoder()
    known_moves = _MOVE_TAGS
    try:
        for piece in pieces[first + 1 : -1]:
            known = known_moves.get(piece)
            if known is not None:
                decoder.known_move(*known)
                continue
            tag = _EMPTY_TAG.fullmatch(piece)
            if tag is None or (attributes := _attributes(tag[2])) is None:
                return None
            decoder.element(Element(tag[1].decode(), attributes))
    except Exception:  # LogError, or anything else: the general path meets it in the parser's order
        return None
    return decoder


_DECLARED: Final = re.compile(
    rb"""[ \t\r\n]*<\?xml[^>]*?encoding[ \t\r\n]*=[ \t\r\n]*["']([A-Za-z][A-Za-z0-9._-]*)["']"""
)
"""An XML declaration's encoding name, at the document's start."""


def _text(document: bytes | str) -> bytes | str:
    """The document as the parser reads it: as it is, unless its declaration names an encoding other than those
    expat reads itself (UTF-8, UTF-16, ISO-8859-1, ASCII), such as ``Shift_JIS``: then decoded with Python's codec, so
    any well-formed XML document is read. A byte that encoding cannot decode is a :class:`LogError` placed by line and
    column (in characters); an encoding Python does not know is left to the parser, which says so."""
    if not isinstance(document, bytes) or (declared := _DECLARED.match(document)) is None:
        return document
    name = declared[1].decode("ascii")
    try:
        codec = codecs.lookup(name).name
    except LookupError:
        return document
    if codec in _EXPAT_ENCODINGS:
        return document
    try:
        return document.decode(codec)
    except UnicodeDecodeError as error:
        start = document.rfind(b"\n", 0, error.start) + 1
        line = document.count(b"\n", 0, error.start) + 1
        column = len(document[start : error.start].decode(codec, "replace")) + 1
        reason = refusal("refusal.xml.not_in_encoding", encoding=name)
        at = refusal("refusal.parse.at", line=line, column=column, reason=reason)
        raise LogError(refusal("refusal.xml.not_xml", error=at)) from None


_EXPAT_ENCODINGS: Final = frozenset({"utf-8", "utf-16", "utf-16-le", "utf-16-be", "iso8859-1", "ascii"})
"""Python's names of the encodings expat reads itself."""


def lobby_rules(kind: int) -> dict[str, object]:
    """The rules a Tenhou lobby type (``GO type``, or the hex field of a log name ``…gm-00b9-…``) states:
    0x02 no red fives, 0x04 no open tanyao, 0x08 East–South, 0x10 three players.

    >>> lobby_rules(0xB9)["preset"], lobby_rules(0xB9)["length"]
    ('tenhou_sanma', 'hanchan')
    """
    return {
        "preset": "tenhou_sanma" if kind & 0x10 else "tenhou",
        "aka": not kind & 0x02,
        "kuitan": not kind & 0x04,
        "length": "hanchan" if kind & 0x08 else "tonpuu",
        "lobby_type": kind,
    }


def era_rules(
    players: int, length: object, final_scores: list[int] | None, final_points: list[int] | None
) -> dict[str, object]:
    """The game options of the era a Tenhou log was written in, as its results show it (/docs/rulesets §6
    Final score formula): final points in whole thousands though a score is not were rounded, as Tenhou did
    until about 2020 (`final_rounding` `shisha_gonyuu`), and four-player East-only games paid uma 10-5 then;
    exact results are today's rules (nothing to add).

    >>> era_rules(4, "tonpuu", [25500, 11200, 43800, 19500], [6000, -39000, 53000, -20000])
    {'final_rounding': 'shisha_gonyuu', 'uma': [10000, 5000, -5000, -10000]}
    >>> era_rules(4, "hanchan", [53800, 16100, 29300, 800], [63800, -23900, 9300, -49200])
    {}
    """
    if not final_points or not final_scores:
        return {}
    if any(p % 1000 for p in final_points) or all(s % 1000 == 0 for s in final_scores):
        return {}
    rules: dict[str, object] = {"final_rounding": "shisha_gonyuu"}
    if players == 4 and length == "tonpuu":
        rules["uma"] = [10000, 5000, -5000, -10000]
    return rules


def decode(document: bytes | str) -> GameLog:
    """Read a whole mjlog document (``bytes`` as UTF-8) into a :class:`GameLog` of format ``tenhou_xml``.

    Raises :class:`LogError` for a document that is not well-formed XML, not an ``mjloggm``, has no
    round, or has a tag whose numbers are out of range.
    """
    decoder = _read_plain(document)
    if decoder is None:
        text = _text(document)
        try:
            root = SafeTree.fromstring(text, forbid_dtd=True)
        except DefusedXmlException:  # a DTD (any DOCTYPE), an entity or an external reference: never in a Tenhou log
            raise LogError(refusal("refusal.xml.dtd")) from None
        except Exception as error:  # ParseError: expat's reason, line and column, said in the catalogues' words
            raise LogError(refusal("refusal.xml.not_xml", error=xml_reason(error))) from None
        if root.tag != "mjloggm":
            raise LogError(refusal("refusal.xml.root", tag=root.tag))
        decoder = _Decoder()
        for element in root:
            decoder.element(element)
    if not decoder.rounds:
        raise LogError(refusal("refusal.xml.no_round"))
    for index, round_log in enumerate(decoder.rounds):
        if not round_log.wins and round_log.draw is None:
            raise LogError(refusal("refusal.xml.no_end"), index)
    return GameLog(
        format="tenhou_xml",
        players=decoder.players,
        rules={
            **era_rules(decoder.players, decoder.rules.get("length"), decoder.final_scores, decoder.final_points),
            **(decoder.rules or {"preset": "tenhou"}),
        },
        rounds=decoder.rounds,
        start_scores=decoder.start,
        final_scores=decoder.final_scores,
        final_points=decoder.final_points,
        names=decoder.names,
    )

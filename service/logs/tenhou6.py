"""tenhou.net/6 JSON (the viewer's ``log`` arrays) → :class:`~service.logs.record.GameLog` (/docs/logs §tenhou.net/6).

The body is one JSON object: ``name`` (the players), ``rule`` (``disp``, the lobby as Tenhou writes it,
e.g. ``"般南喰赤"``: 東 East only, 南 East–South, 喰 open tanyao, 赤 red fives, 三 three players; ``aka``
or ``aka51``/``aka52``/``aka53``, the red fives), ``log`` (the rounds) and ``sc`` (the final scores, points,
each followed by the final points in thousands). A round is an array::

    [[round, honba, sticks], [scores], [dora indicators], [ura indicators],
     hand0, takes0, discards0, hand1, takes1, discards1, ..., hand3, takes3, discards3, [result]]

``round`` is 0–15 (East 1 = 0, South 1 = 4); the dealer is ``round % 4``. Tiles are numbers: 11–19
man, 21–29 pin, 31–39 sou, 41–47 East South West North White Green Red, 51/52/53 the red fives. A seat's
``takes`` are its draws and its calls; its ``discards`` its discards (60: the tile just drawn) and its
kans, riichi and Norths. A call or declaration is a string whose letter's place says from whom:

- ``"c" + called + own + own`` chi (from the previous seat);
- ``"p"`` pon, ``"m"`` called kan: the letter first (the previous seat), after one tile (across) or
  after two (pon) or three (kan) tiles (the next seat), the called tile just after it; a called kan's
  discard slot holds ``0``;
- ``"k"`` added kan: the pon's string with ``p`` replaced by ``k`` + the added tile;
- ``"a"`` closed kan: three tiles, ``a``, the fourth; ``"r"`` + tile (or 60): the riichi discard;
  ``"f44"``: a North set aside (three players).

The result: ``["和了", deltas, [who, from, liable, "30符1飜1000点", "立直(1飜)", …], …]`` (a
second deltas and details for each further winner of a multiple ron; the liable seat is the winner's own
when nobody is liable; ``"満貫8000点"``, ``"300-500点"`` a tsumo's non-dealer and dealer payments,
``"3900点∀"`` the dealer's tsumo, each player paying; ``"(役満)"`` a yakuman), or ``["流局", deltas]``,
``"流し満貫"``, ``"全員聴牌"``, ``"全員不聴"``, or an abortive draw: ``"九種九牌"``, ``"四風連打"``,
``"四家立直"``, ``"三家和了"``, ``"四槓散了"``. The deltas hold the win's honba and sticks, never the
riichi deposits. Errors are :class:`~service.logs.record.LogError` naming the round and the event.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Final

import msgspec

from service.i18n import Refusal, refusal
from service.i18n.parsing import json_reason

from .order import extra_indicators
from .record import (
    MAX_POINTS,
    Ankan,
    Call,
    Discard,
    Dora,
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
from .tenhou_xml import TENHOU_YAKU, WINDS, era_rules

__all__ = ["YAKU_NAMES", "decode", "tile"]

_TENHOU_NAMES: Final = (  # noqa: SIM905 (one line of names reads better than 55 quoted ones)
    "門前清自摸和 立直 一発 槍槓 嶺上開花 海底摸月 河底撈魚 平和 断幺九 一盃口 自風_東 自風_南 自風_西 自風_北 "
    "場風_東 場風_南 場風_西 場風_北 役牌_白 役牌_發 役牌_中 両立直 七対子 混全帯幺九 一気通貫 三色同順 三色同刻 "
    "三槓子 対々和 三暗刻 小三元 混老頭 二盃口 純全帯幺九 混一色 清一色 人和 天和 地和 大三元 四暗刻 四暗刻単騎 "
    "字一色 緑一色 清老頭 九蓮宝燈 純正九蓮宝燈 国士無双 国士無双１３面 大四喜 小四喜 四槓子 ドラ 裏ドラ 赤ドラ"
).split()

YAKU_NAMES: Final[dict[str, str]] = {
    **{name.replace("_", " "): TENHOU_YAKU[i] for i, name in enumerate(_TENHOU_NAMES)},
    # Mahjong Soul's names, as its exports to this format write them (Japanese, then English)
    "役牌:自風牌": "seat_wind", "役牌:場風牌": "round_wind", "ダブル立直": "double_riichi",
    "国士無双十三面待ち": "kokushi_13", "国士無双13面": "kokushi_13", "抜きドラ": "nukidora",
    "Fully Concealed Hand": "menzen_tsumo", "Riichi": "riichi", "Robbing a Kan": "chankan",
    "After a Kan": "rinshan", "Under the Sea": "haitei", "Under the River": "houtei", "White Dragon": "haku",
    "Green Dragon": "hatsu", "Red Dragon": "chun", "Seat Wind": "seat_wind", "Prevalent Wind": "round_wind",
    "All Simples": "tanyao", "Pure Double Sequence": "iipeikou", "Pinfu": "pinfu", "Half Outside Hand": "chanta",
    "Pure Straight": "ittsu", "Mixed Triple Sequence": "sanshoku", "Double Riichi": "double_riichi",
    "Triple Triplets": "sanshoku_doukou", "Three Quads": "sankantsu", "All Triplets": "toitoi",
    "Three Concealed Triplets": "sanankou", "Little Three Dragons": "shousangen",
    "All Terminals and Honors": "honroutou", "Seven Pairs": "chiitoitsu", "Fully Outside Hand": "junchan",
    "Half Flush": "honitsu", "Twice Pure Double Sequence": "ryanpeikou", "Full Flush": "chinitsu",
    "Ippatsu": "ippatsu", "Dora": "dora", "Red Five": "aka_dora", "Ura Dora": "ura_dora", "Kita": "nukidora",
    "Blessing of Heaven": "tenhou", "Blessing of Earth": "chiihou", "Big Three Dragons": "daisangen",
    "Four Concealed Triplets": "suuankou", "All Honors": "tsuuiisou", "All Green": "ryuuiisou",
    "All Terminals": "chinroutou", "Thirteen Orphans": "kokushi", "Four Little Winds": "shousuushii",
    "Four Quads": "suukantsu", "Nine Gates": "chuuren", "True Nine Gates": "junsei_chuuren",
    "Single-wait Four Concealed Triplets": "suuankou_tanki", "Thirteen-wait Thirteen Orphans": "kokushi_13",
    "Four Big Winds": "daisuushii", "Hand of Man": "renhou",
}  # fmt: skip
"""The yaku names the format writes (Tenhou's, and Mahjong Soul's in its exports) → the service's yaku ids."""

DRAW_NAMES: Final[dict[str, str]] = {
    "流局": "exhaustive", "全員聴牌": "exhaustive", "全員不聴": "exhaustive", "流し満貫": "nagashi_mangan",
    "九種九牌": "kyuushu_kyuuhai", "四風連打": "suufon_renda", "四家立直": "suucha_riichi",
    "三家和了": "sanchahou", "三家和": "sanchahou", "四槓散了": "suukaikan", "四開槓": "suukaikan",
    "Ryuukyoku": "exhaustive", "Exhaustive Draw": "exhaustive", "Nagashi Mangan": "nagashi_mangan",
    "Mangan at Draw": "nagashi_mangan", "Kyuushu Kyuuhai": "kyuushu_kyuuhai",
    "Nine Terminal Abortion": "kyuushu_kyuuhai", "Suufon Renda": "suufon_renda",
    "Four Wind Abortion": "suufon_renda", "Suucha Riichi": "suucha_riichi", "Four Riichi Abortion": "suucha_riichi",
    "Sanchahou": "sanchahou", "Three Ron Abortion": "sanchahou", "Suukaikan": "suukaikan",
    "Four Kan Abortion": "suukaikan",
}  # fmt: skip
"""The result's first string of a round without a win → the draw kinds."""

TSUMOGIRI: Final = 60
_MOST_HAN: Final = 1000
"""The largest han or fu a win's text is read with (far above any hand's: a larger one is refused)."""
_YAKU: Final = re.compile(r"^(.*)\((?:(\d+)飜|(役満))\)$")
_FU_HAN: Final = re.compile(r"(\d+)符(\d+)飜")
_POINTS: Final = re.compile(r"(\d+)(?:-(\d+))?点(∀)?$")
_TENHOU_REF: Final = re.compile(r"^\d{10}gm-[0-9a-f]{4}-\d{4}-[0-9a-f]{8}$")
_Where = tuple[int | None, int | None]


_TILES: Final[dict[int, str]] = {
    **{10 * suit + rank: f"{rank}{'mps'[suit - 1]}" for suit in (1, 2, 3) for rank in range(1, 10)},
    **{40 + rank: f"{rank}z" for rank in range(1, 8)},
    **{50 + rank: "0" + "mps"[rank - 1] for rank in (1, 2, 3)},
}
"""Every tenhou.net/6 tile number → mpsz (37)."""


def tile(code: object, where: _Where = (None, None)) -> str:
    """A tenhou.net/6 tile number → mpsz: ``15`` → ``"5m"``, ``51`` → ``"0m"``, ``47`` → ``"7z"``."""
    if type(code) is int and (found := _TILES.get(code)) is not None:
        return found
    if isinstance(code, int) and not isinstance(code, bool):
        suit, rank = divmod(code, 10)
        if 1 <= suit <= 3 and 1 <= rank <= 9:
            return f"{rank}{'mps'[suit - 1]}"
        if suit == 4 and 1 <= rank <= 7:
            return f"{rank}z"
        if suit == 5 and 1 <= rank <= 3:
            return "0" + "mps"[rank - 1]
    raise LogError(refusal("refusal.t6.not_tile", code=json_said(code)), *where)


def _tiles(text: str, where: _Where) -> list[str]:
    if len(text) % 2 or not text.isdigit():
        raise LogError(refusal("refusal.t6.not_run", text=json_said(text)), *where)
    return [tile(int(text[i : i + 2]), where) for i in range(0, len(text), 2)]


# --- one seat's takes and discards, parsed -------------------------------------------------------


@dataclass(slots=True)
class _Take:
    """A draw (``call`` None) or a call: its kind, the called tile, the offset of its giver (1 the next
    seat, 2 across, 3 the previous seat, in four-seat numbering), the tiles from the hand."""

    tile: str
    call: str | None = None
    offset: int = 0
    own: tuple[str, ...] = ()


@dataclass(slots=True)
class _Out:
    """A discard (``kind`` ``discard``: ``tile`` None where it is 60, the tile just drawn; ``riichi``) or
    a declaration: ``ankan`` (``tiles``), ``kakan`` (``tile`` the added tile), ``nuki``, or ``skip`` (the
    ``0`` after a called kan)."""

    kind: str
    tile: str | None = None
    riichi: bool = False
    tiles: tuple[str, ...] = ()


_CALL_LETTERS: Final = {"c": "chi", "p": "pon", "m": "daiminkan"}


def _take(item: object, where: _Where) -> _Take:
    if not isinstance(item, str):
        return _Take(tile(item, where))
    letters = [ch for ch in item if not ch.isdigit()]
    if len(letters) != 1 or letters[0] not in _CALL_LETTERS:
        raise LogError(refusal("refusal.t6.not_take", item=json_said(item)), *where)
    kind = _CALL_LETTERS[letters[0]]
    at = item.index(letters[0])
    tiles = _tiles(item[:at] + item[at + 1 :], where)
    size = 4 if kind == "daiminkan" else 3
    if len(tiles) != size:
        message = refusal("refusal.t6.call_size", kind=kind, item=json_said(item), n=len(tiles), size=size)
        raise LogError(message, *where)
    # the letter's place: first → the previous seat, after one tile → across, last → the next seat
    offsets = {0: 3, 2: 2, 2 * (size - 1): 1}
    if at not in offsets or (kind == "chi" and at != 0):
        raise LogError(refusal("refusal.t6.call_letter", kind=kind, item=json_said(item)), *where)
    called_index = at // 2
    own = tuple(t for i, t in enumerate(tiles) if i != called_index)
    return _Take(tiles[called_index], kind, offsets[at], own)


def _out(item: object, where: _Where) -> _Out:
    if item == TSUMOGIRI:
        return _Out("discard")
    if item == 0:
        return _Out("skip")
    if not isinstance(item, str):
        return _Out("discard", tile(item, where))
    if item.startswith("r"):
        rest = item[1:]
        if not rest.isdigit() or len(rest) != 2:
            raise LogError(refusal("refusal.t6.riichi", item=json_said(item)), *where)
        value = int(rest)
        return _Out("discard", None if value == TSUMOGIRI else tile(value, where), riichi=True)
    if item.startswith("f"):
        return _Out("nuki", _tiles(item[1:], where)[0] if len(item) == 3 else tile(None, where))
    letters = [ch for ch in item if not ch.isdigit()]
    if len(letters) != 1 or letters[0] not in "ak":
        raise LogError(refusal("refusal.t6.not_out", item=json_said(item)), *where)
    at = item.index(letters[0])
    tiles = _tiles(item[:at] + item[at + 1 :], where)
    if len(tiles) != 4:
        raise LogError(refusal("refusal.t6.kan_size", item=json_said(item), n=len(tiles)), *where)
    if letters[0] == "a":
        return _Out("ankan", tiles=tuple(tiles))
    if at not in (0, 2, 4):
        raise LogError(refusal("refusal.t6.kakan_letter", item=json_said(item)), *where)
    return _Out("kakan", tiles[at // 2], tiles=tuple(tiles))


# --- the round's events, in the order they happened ----------------------------------------------


class _Interleave:
    """Puts the seats' takes and discards in one order. Where a seat calls a tile that its giver
    discards twice in a row (the call could be of either), both orders are tried: the first that plays
    to the end wins."""

    def __init__(self, takes: list[list[_Take]], outs: list[list[_Out]], dealer: int, players: int, index: int):
        self.takes = takes
        self.outs = outs
        self.dealer = dealer
        self.players = players
        self.index = index

    def run(self) -> list[Event]:
        """The events (a ``Dora("")`` where a kan reveals an indicator), trying the other order at the
        latest open choice whenever one fails (depth first, at most 64 tries)."""
        skips: set[tuple[int, int]] = set()
        first_error: LogError | None = None
        for _attempt in range(64):
            choices: list[tuple[int, int]] = []
            try:
                return self.attempt(skips, choices)
            except LogError as error:
                first_error = first_error or error
            open_choices = [point for point in choices if point not in skips]
            if not open_choices:
                break
            flip = open_choices[-1]
            skips = {point for point in choices[: choices.index(flip)] if point in skips} | {flip}
        raise first_error or LogError(refusal("refusal.t6.order"), self.index)

    def attempt(self, skips: set[tuple[int, int]], choices: list[tuple[int, int]]) -> list[Event]:
        events: list[Event] = []
        taken = [0] * self.players
        put = [0] * self.players
        actor = self.dealer
        last: tuple[int, str] | None = None  # the giver and the tile a call could take
        dora_at_draw = 0

        def error(message: str) -> LogError:
            return LogError(message, self.index, len(events))

        while True:
            if taken[actor] >= len(self.takes[actor]):
                raise error(refusal("refusal.t6.nothing_left", seat=actor))
            take = self.takes[actor][taken[actor]]
            taken[actor] += 1
            drawn: str | None = None
            if take.call is None:
                if dora_at_draw:
                    events.extend([Dora("")] * dora_at_draw)
                    dora_at_draw = 0
                events.append(draw(actor, take.tile))
                drawn = take.tile
            else:
                if last is None or last[0] not in self.givers(actor, take.offset) or last[1] != take.tile:
                    raise error(refusal("refusal.t6.call_source", seat=actor, tile=take.tile, offset=take.offset))
                events.append(Call(actor, take.call, take.tile, last[0], take.own))  # type: ignore[arg-type]
                if take.call == "daiminkan":
                    events.append(Dora(""))
                    if put[actor] >= len(self.outs[actor]) or self.outs[actor][put[actor]].kind != "skip":
                        raise error(refusal("refusal.t6.kan_no_zero", seat=actor))
                    put[actor] += 1
                    last = None
                    continue  # the replacement draw
            last = None
            if put[actor] >= len(self.outs[actor]):
                return self.finish(events, taken, put)  # a tsumo, or nine kinds of terminals
            out = self.outs[actor][put[actor]]
            put[actor] += 1
            if out.kind == "skip":
                raise error(refusal("refusal.t6.zero_no_kan", seat=actor))
            if out.kind == "discard":
                discarded = out.tile if out.tile is not None else drawn
                if discarded is None:
                    raise error(refusal("refusal.t6.tsumogiri_after_call", seat=actor))
                if out.riichi:
                    events.append(Riichi(actor))
                events.append(discard(actor, discarded, out.tile is None or discarded == drawn))
                last = (actor, discarded)
            elif out.kind == "ankan":
                events.append(Ankan(actor, out.tiles))
                events.append(Dora(""))
            elif out.kind == "kakan":
                assert out.tile is not None
                events.append(Kakan(actor, out.tile))
                dora_at_draw += 1
            else:
                assert out.tile is not None
                events.append(Nukidora(actor, out.tile))
            if all(taken[s] >= len(self.takes[s]) for s in range(self.players)):
                return self.finish(events, taken, put)  # a ron (or a robbed kan), or a draw
            if out.kind != "discard":
                continue  # a kan or a North: the replacement draw
            actor = self.next_actor(actor, last, put, taken, skips, choices)

    def givers(self, seat: int, offset: int) -> set[int]:
        """The seats a call's letter place can name: counted round a table of four (Mahjong Soul's exports
        count so with three players too), or, with three players, the next (1) or previous (3) seat."""
        seats = {(seat + offset) % 4}
        if self.players == 3 and offset in (1, 3):
            seats.add((seat + (1 if offset == 1 else -1)) % 3)
        return seats - {seat}

    def finish(self, events: list[Event], taken: list[int], put: list[int]) -> list[Event]:
        """The events, once every seat's takes and discards are used: anything left is after the end."""
        for seat in range(self.players):
            left = len(self.takes[seat]) - taken[seat], len(self.outs[seat]) - put[seat]
            if left != (0, 0):
                raise LogError(
                    refusal("refusal.t6.left_over", seat=seat, takes=left[0], outs=left[1]),
                    self.index,
                    len(events),
                )
        return events

    def next_actor(
        self,
        actor: int,
        last: tuple[int, str] | None,
        put: list[int],
        taken: list[int],
        skips: set[tuple[int, int]],
        choices: list[tuple[int, int]],
    ) -> int:
        assert last is not None
        callers = []
        for seat in range(self.players):
            if seat == actor or taken[seat] >= len(self.takes[seat]):
                continue
            take = self.takes[seat][taken[seat]]
            if take.call is not None and actor in self.givers(seat, take.offset) and take.tile == last[1]:
                callers.append((take.call != "chi", seat))
        following = (actor + 1) % self.players
        if not callers:
            return following
        seat = max(callers)[1]
        point = (actor, put[actor])
        later = [o for o in self.outs[actor][put[actor] :] if o.kind == "discard"]
        if any(o.tile == last[1] or o.tile is None for o in later):  # the call may be of a later copy
            choices.append(point)
            if point in skips:
                return following
        return seat


# --- the result ----------------------------------------------------------------------------------


def _deltas(value: object, players: int, where: _Where, what: str, name: Refusal) -> list[int]:
    """Scores or deltas (``what``: their place, ``log[0][1]``; ``name``: what they are, in words): ``players``
    whole numbers (any after them are let be, if numbers), each at most :data:`~service.logs.record.MAX_POINTS` in
    magnitude; a number with a fraction is refused, one without (``25000.0``) read as the whole number."""
    if not isinstance(value, list):
        raise LogError(refusal("refusal.t6.not_list", what=name, value=json_said(value), players=players), *where)
    if len(value) < players:
        raise LogError(refusal("refusal.t6.too_few", what=name, n=len(value), players=players), *where)
    for index, v in enumerate(value):
        if type(v) is not int and type(v) is not float:
            raise LogError(refusal("refusal.t6.not_number", what=name, index=index, value=json_said(v)), *where)
    return bounded([_whole(v, what, where, name, i) for i, v in enumerate(value[:players])], what, where)


def _whole(value: float, what: str, where: _Where, name: Refusal | str, index: int, most: int = MAX_POINTS) -> int:
    """``value`` as a whole number, or :func:`~service.logs.record.out_of_range` (more than ``most`` in
    magnitude), or a refusal naming ``name``'s item ``index`` where it has a fraction."""
    if not -most <= value <= most:
        raise out_of_range(what, value if isinstance(value, int) else refusal("refusal.json.a_number"), most, *where)
    if type(value) is float:
        if not value.is_integer():
            message = refusal("refusal.t6.fraction", what=name, index=index, value=json_said(value))
            raise LogError(message, *where)
        return int(value)
    return int(value)


def _points(value: float) -> int:
    """A final ``sc`` points value (in thousands, with a fraction: 8.5) in points, rounded; or
    :func:`~service.logs.record.out_of_range`."""
    if not -MAX_POINTS <= value <= MAX_POINTS:
        raise out_of_range("sc", value if isinstance(value, int) else refusal("refusal.json.a_number"), MAX_POINTS)
    return round(value)


def _count(digits: str, text: str, where: _Where, most: int = MAX_POINTS) -> int:
    """A number of a win's ``text`` (its ``digits``: points, fu or han), or
    :func:`~service.logs.record.out_of_range` naming the text where it is more than ``most``."""
    value = int(digits) if len(digits) <= 30 else None  # int() of thousands of digits is itself an error
    if value is None or value > most:
        raise out_of_range(json_said(text), refusal("refusal.json.a_number") if value is None else value, most, *where)
    return value


def _win(details: object, deltas: list[int], players: int, ura: tuple[str, ...], where: _Where) -> LogWin:
    if (
        not isinstance(details, list)
        or len(details) < 2
        or not all(isinstance(v, int) and 0 <= v < players for v in details[:3])
    ):
        raise LogError(refusal("refusal.t6.details", details=str(details)[:60]), *where)
    seat, from_seat = details[0], details[1]
    liable = details[2] if len(details) > 2 and isinstance(details[2], int) else seat
    texts = [d for d in details[3:] if isinstance(d, str)]
    points: int | None = None
    fu: int | None = None
    han: int | None = None
    limit = ""
    yaku: list[tuple[str, int]] = []
    for text in texts:
        pay = _POINTS.search(text)
        if pay is None:
            found = _YAKU.match(text)
            if found is None:
                raise LogError(refusal("refusal.t6.win_text", text=json_said(text)), *where)
            name = found[1].strip()
            value = 13 if found[3] else _count(found[2], text, where, _MOST_HAN)
            if value:
                yaku.append((YAKU_NAMES.get(name, f"log:{name}"), value))
            continue
        first, second, each = _count(pay[1], text, where), pay[2], pay[3]
        tsumo = seat == from_seat
        if not tsumo:
            points = first
        elif second is not None:
            points = first * (players - 2) + _count(second, text, where)
        elif each:
            points = first * (players - 1)
        fu_han = _FU_HAN.search(text)
        if fu_han:
            fu, han = _count(fu_han[1], text, where, _MOST_HAN), _count(fu_han[2], text, where, _MOST_HAN)
        limit = text
    yakuman = sum(1 for _, h in yaku if h == 13) if "役満" in limit and "数え" not in limit else 0
    if han is None and yaku and not yakuman:
        han = sum(h for _, h in yaku)
    return LogWin(
        seat=seat,
        from_seat=from_seat,
        pao=liable if liable != seat else None,
        ura_indicators=ura,
        han=None if yakuman else han,
        fu=None if yakuman else fu,
        yakuman=yakuman,
        points=points,
        yaku=tuple(yaku) if yaku else None,
        deltas=tuple(deltas),
    )


# --- the whole log -------------------------------------------------------------------------------


def _tenhou_lobby(body: dict[str, Any]) -> bool:
    """The log is a Tenhou game's: a Tenhou log id in ``ref``, or a Tenhou lobby in ``rule.disp``."""
    rule = body.get("rule")
    disp = rule.get("disp") if isinstance(rule, dict) else None
    disp = disp if isinstance(disp, str) else ""
    ref = body["ref"] if isinstance(body.get("ref"), str) else ""
    lobby = disp.lstrip("三")[:1] in ("般", "上", "特", "鳳", "若", "銀", "琥", "孔") and "の間" not in disp
    return bool(_TENHOU_REF.match(ref)) or lobby


def _rules(body: dict[str, Any], players: int) -> dict[str, object]:
    rule = body.get("rule")
    rule = rule if isinstance(rule, dict) else {}
    disp: str = rule["disp"] if isinstance(rule.get("disp"), str) else ""
    rules: dict[str, object] = {}
    if _tenhou_lobby(body):
        rules["preset"] = "tenhou_sanma" if players == 3 else "tenhou"
    elif "の間" in disp or "友人戦" in disp or "大会戦" in disp:
        rules["preset"] = "majsoul_sanma" if players == 3 else "majsoul"
    elif players == 3:
        rules["players"] = 3
    red = [rule.get(k) for k in ("aka", "aka51", "aka52", "aka53") if isinstance(rule.get(k), int)]
    if red:
        rules["aka"] = sum(red) > 0  # type: ignore[arg-type]
    elif "赤" in disp:
        rules["aka"] = True
    if "東" in disp or " East" in disp:
        rules["length"] = "tonpuu"
    elif "南" in disp or " South" in disp:
        rules["length"] = "hanchan"
    if rules.get("preset") in ("tenhou", "tenhou_sanma"):
        rules["kuitan"] = "喰" in disp
    elif "喰" in disp:
        rules["kuitan"] = True
    return rules


def decode(text: bytes) -> GameLog:
    """Read a tenhou.net/6 JSON log (one object with ``log``) into a :class:`GameLog` of format ``tenhou6``.

    Raises :class:`LogError` for a body that is not such an object, a round that is not the array above,
    a tile or call string that is not the format's, or events that cannot be put in one order.
    """
    stripped = text.removeprefix(b"\xef\xbb\xbf")  # a UTF-8 byte-order mark, as an editor may write
    try:
        body = msgspec.json.decode(stripped)
    except msgspec.DecodeError as error:
        reason = json_reason(error, stripped, text, len(text) - len(stripped))
        raise LogError(refusal("refusal.t6.not_json", error=reason)) from None
    if not isinstance(body, dict) or not isinstance(body.get("log"), list) or not body["log"]:
        raise LogError(refusal("refusal.t6.not_log"))
    raw_rounds: list[Any] = body["log"]
    players = 4
    if all(isinstance(r, list) and len(r) > 13 and r[13] == [] for r in raw_rounds):
        players = 3
    rule = body.get("rule")
    if isinstance(rule, dict) and isinstance(rule.get("disp"), str) and "三" in rule["disp"]:
        players = 3
    rounds = [_round(raw, index, players) for index, raw in enumerate(raw_rounds)]
    final_scores: list[int] | None = None
    final_points: list[int] | None = None
    sc = body.get("sc")
    if isinstance(sc, list) and len(sc) >= 2 * players:
        if not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in sc):
            raise LogError(refusal("refusal.t6.sc"))
        final_scores = [_whole(v, "sc", (None, None), '"sc"', 2 * i) for i, v in enumerate(sc[0 : 2 * players : 2])]
        # the points are in thousands, with a fraction (8.5 is 8,500 points)
        final_points = [_points(v * 1000) for v in sc[1 : 2 * players : 2]]
    names = body.get("name")
    ref = body.get("ref")
    date = f"{ref[0:4]}-{ref[4:6]}-{ref[6:8]}" if isinstance(ref, str) and _TENHOU_REF.match(ref) else None
    start = rounds[0].scores
    rules = _rules(body, players)
    if _tenhou_lobby(body):
        rules = {**era_rules(players, rules.get("length"), final_scores, final_points), **rules}
    if start is not None:  # the points on the table never change: a game that started elsewhere says so
        total = sum(start) + 1000 * rounds[0].riichi_sticks
        if total != players * (35000 if players == 3 else 25000) and total > 0 and total % (100 * players) == 0:
            rules["start_points"] = total // players
    return GameLog(
        format="tenhou6",
        players=players,
        rules=rules,
        rounds=rounds,
        start_scores=list(start) if start else None,
        final_scores=final_scores,
        final_points=final_points,
        date=date,
        names=[str(n) for n in names[:players]] if isinstance(names, list) else None,
    )


def _round(raw: object, index: int, players: int) -> RoundLog:
    where: _Where = (index, None)
    if not isinstance(raw, list) or len(raw) != 17:
        raise LogError(refusal("refusal.t6.round_shape"), *where)
    head, scores_raw, dora_raw, ura_raw = raw[0], raw[1], raw[2], raw[3]
    if not isinstance(head, list) or len(head) != 3 or not all(isinstance(v, int) and v >= 0 for v in head):
        raise LogError(refusal("refusal.t6.header"), *where)
    number, honba, sticks = head
    if number > 15 or honba > 100 or sticks > 100:
        raise LogError(refusal("refusal.t6.header_range", head=head), *where)
    dealer = number % 4
    if dealer >= players:
        raise LogError(refusal("refusal.t6.dealer", number=number, dealer=dealer, players=players), *where)
    scores = _deltas(scores_raw, players, where, f"log[{index}][1]", refusal("refusal.t6.start_scores", round=index))
    if not isinstance(dora_raw, list) or not dora_raw or not isinstance(ura_raw, list):
        raise LogError(refusal("refusal.t6.indicators"), *where)
    dora = [tile(t, where) for t in dora_raw]
    ura = tuple(tile(t, where) for t in ura_raw)
    hands: list[list[str]] = []
    takes: list[list[_Take]] = []
    outs: list[list[_Out]] = []
    for seat in range(players):
        hand, take_raw, out_raw = raw[4 + 3 * seat : 7 + 3 * seat]
        if not isinstance(hand, list) or len(hand) != 13 or not isinstance(take_raw, list):
            raise LogError(refusal("refusal.t6.dealt", seat=seat), *where)
        if not isinstance(out_raw, list):
            raise LogError(refusal("refusal.t6.discards", seat=seat), *where)
        hands.append([tile(t, where) for t in hand])
        takes.append([_take(t, where) for t in take_raw])
        outs.append([_out(t, where) for t in out_raw])
    events = _Interleave(takes, outs, dealer, players, index).run()
    # the kan dora indicators, in the order the kans revealed them
    revealed = iter(dora[1:])
    filled: list[Event] = []
    for event in events:
        if isinstance(event, Dora):
            indicator = next(revealed, None)
            if indicator is not None:
                filled.append(Dora(indicator))
        else:
            filled.append(event)
    left = sum(1 for _ in revealed)
    if left:  # an indicator no kan revealed (/docs/logs §Bad logs)
        raise extra_indicators(left, index, len(filled))
    round_log = RoundLog(
        round_wind=WINDS[number // 4],
        hand_number=number % 4 + 1,
        dealer=dealer,
        honba=honba,
        riichi_sticks=sticks,
        scores=scores,
        hands=hands,
        dora=dora[0],
        events=filled,
    )
    _result(raw[16], round_log, index, players, ura)
    return round_log


def _result(result: object, round_log: RoundLog, index: int, players: int, ura: tuple[str, ...]) -> None:
    where: _Where = (index, None)
    if not isinstance(result, list) or not result or not isinstance(result[0], str):
        raise LogError(refusal("refusal.t6.result"), *where)
    name = result[0]
    total = [0] * players
    if name in ("和了", "Agari"):
        rest = result[1:]
        if not rest or len(rest) % 2:
            raise LogError(refusal("refusal.t6.win_pairs"), *where)
        for i in range(0, len(rest), 2):
            said_as = refusal("refusal.t6.result_deltas", round=index, item=i + 1)
            deltas = _deltas(rest[i], players, where, f"log[{index}][16][{i + 1}]", said_as)
            round_log.wins.append(_win(rest[i + 1], deltas, players, ura, where))
            total = [a + b for a, b in zip(total, deltas, strict=True)]
        ron = round_log.wins[0].seat != round_log.wins[0].from_seat
    elif name in DRAW_NAMES:
        kind = DRAW_NAMES[name]
        deltas = (
            _deltas(
                result[1],
                players,
                where,
                f"log[{index}][16][1]",
                refusal("refusal.t6.result_deltas", round=index, item=1),
            )
            if len(result) > 1
            else [0] * players
        )
        total = deltas
        tenpai: tuple[int, ...] | None = None
        if name == "全員聴牌":
            tenpai = tuple(range(players))
        elif name == "全員不聴":
            tenpai = ()
        elif kind == "exhaustive" and any(deltas):
            tenpai = tuple(s for s in range(players) if deltas[s] > 0)
        round_log.draw = LogDraw(kind, tenpai=tenpai)  # type: ignore[arg-type]
        ron = False
    else:
        raise LogError(refusal("refusal.t6.result_name", name=json_said(name)), *where)
    # the deposits: every riichi whose declaration discard was not won on
    deposits = [0] * players
    events = round_log.events
    for i, event in enumerate(events):
        if isinstance(event, Riichi):
            won_on = ron and i == len(events) - 2 and isinstance(events[-1], Discard)
            if not won_on:
                deposits[event.seat] += 1000
    assert round_log.scores is not None
    round_log.scores_after = [s + d - r for s, d, r in zip(round_log.scores, total, deposits, strict=True)]
    round_log.deltas = [a - s for a, s in zip(round_log.scores_after, round_log.scores, strict=True)]

"""A Mahjong Soul game record as JSON → :class:`~service.logs.record.GameLog` (/docs/logs §Mahjong Soul).

The record is Mahjong Soul's own ``GameDetailRecords`` decoded to JSON (protobuf field names), as the public
downloaders and analysers write it. Three shapes of the same records are read:

- ``{"head": {...}, "data": {"name": ".lq.GameDetailRecords", "data": {"actions": [...]}}}``: the current
  form, each action ``{"type": 1, "result": {"name": ".lq.RecordNewRound", "data": {...}}}`` (actions of
  other types, the players' inputs and timings, are skipped);
- ``{"head": {...}, "data": [{"name": ".lq.RecordNewRound", "data": {...}}, ...]}``: the older list of
  ``records`` (also under ``records``/``actions``, or ``data.data.records``);
- the same list without ``head`` (under ``events`` or ``rounds``, a list per round allowed, names with or
  without ``.lq.Record``): what replay tools keep of a record; the rules are then the preset's.

``head``: ``config.mode.mode`` (1 East, 2 East–South; 11 and 12 the same with three players),
``config.mode.detail_rule`` (the room's rules; see :func:`rules_of`), ``accounts`` (``seat``, ``nickname``),
``result.players`` (``seat``, ``part_point_1`` the final score, ``total_point`` the final points × 1,000).

The records: ``RecordNewRound`` (``chang`` round wind 0–3, ``ju`` the dealer's seat, ``ben`` honba,
``liqibang`` sticks, ``scores``, ``tiles0``–``tiles3`` (the dealer's 14: the 14th is taken as its first
draw), ``doras`` or ``dora``), ``RecordDealTile`` (``seat``, ``tile``, ``doras``), ``RecordDiscardTile``
(``is_liqi``/``is_wliqi`` a riichi declared with this discard, ``moqie``, ``doras`` turned over after it),
``RecordChiPengGang`` (``type`` 0 chi, 1 pon, 2 open kan; ``tiles`` and ``froms``, the called tile the
one from another seat), ``RecordAnGangAddGang`` (``type`` 3 closed kan, 2 added kan; ``tiles`` one tile),
``RecordBaBei`` (a North set aside), ``RecordHule`` (``hules[]``: ``seat``, ``zimo``, ``hand``, ``hu_tile``,
``fans[]`` ``{id, val}``, ``count`` han, ``fu``, ``yiman``, ``point_rong``, ``point_zimo_qin``/``_xian``,
``li_doras``; ``scores`` after), ``RecordNoTile`` (``liujumanguan``, ``players[].tingpai``,
``scores[]`` ``old_scores``/``delta_scores``) and ``RecordLiuJu`` (``type`` 1 kyuushu kyuuhai, 2 suufon
renda, 3 suucha riichi, 4 suukaikan, 5 sanchahou).

Protobuf's JSON leaves out zero and false values, so a field that is absent reads as 0, false or empty
(``ju`` 0, ``type`` 0 a chi). Pao is not a field the record keeps reliably: it is the seat whose discard
completed a third dragon or fourth wind call, when the win counts daisangen or daisuushii (the rule as
/docs/rulesets §4 Pao states it). Tiles are mpsz already (``0m`` a red five). Errors are
:class:`~service.logs.record.LogError` naming the round, the event and the record (its ``name`` and its
index in the record list).
"""

from __future__ import annotations

from typing import Any, Final

import msgspec

from service.i18n import refusal
from service.i18n.parsing import json_reason

from .record import (
    MAX_POINTS,
    Ankan,
    Call,
    Dora,
    Draw,
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
    kind_of,
)

__all__ = ["MAJSOUL_FAN", "decode", "rules_of"]

MAJSOUL_FAN: Final[dict[int, str]] = {
    1: "menzen_tsumo", 2: "riichi", 3: "chankan", 4: "rinshan", 5: "haitei", 6: "houtei", 7: "haku", 8: "hatsu",
    9: "chun", 10: "seat_wind", 11: "round_wind", 12: "tanyao", 13: "iipeikou", 14: "pinfu", 15: "chanta",
    16: "ittsu", 17: "sanshoku", 18: "double_riichi", 19: "sanshoku_doukou", 20: "sankantsu", 21: "toitoi",
    22: "sanankou", 23: "shousangen", 24: "honroutou", 25: "chiitoitsu", 26: "junchan", 27: "honitsu",
    28: "ryanpeikou", 29: "chinitsu", 30: "ippatsu", 31: "dora", 32: "aka_dora", 33: "ura_dora", 34: "nukidora",
    35: "tenhou", 36: "chiihou", 37: "daisangen", 38: "suuankou", 39: "tsuuiisou", 40: "ryuuiisou",
    41: "chinroutou", 42: "kokushi", 43: "shousuushii", 44: "suukantsu", 45: "chuuren", 46: "paarenchan",
    47: "junsei_chuuren", 48: "suuankou_tanki", 49: "kokushi_13", 50: "daisuushii", 59: "renhou",
    60: "daisharin", 61: "daichikurin", 62: "daisuurin", 64: "daichisei",
}  # fmt: skip
"""Mahjong Soul's fan ids (the client's fan table ``fan.fan.map_``, as the tensoul converter ships it) →
the service's yaku ids; an id not here is kept as ``log:<id>``."""

LIUJU_KINDS: Final[dict[int, str]] = {
    1: "kyuushu_kyuuhai",
    2: "suufon_renda",
    3: "suucha_riichi",
    4: "suukaikan",
    5: "sanchahou",
}
"""``RecordLiuJu.type`` → the abortive draw."""

WINDS: Final = "ESWN"
_DAISANGEN: Final = 37
_DAISUUSHII: Final = 50
_Where = tuple[int | None, int | None]


def _tile(value: object, what: str, where: _Where) -> str:
    if isinstance(value, str) and len(value) == 2 and value[1] in "mpsz" and value[0] in "0123456789":
        if value[1] == "z" and not "1" <= value[0] <= "7":
            raise LogError(refusal("refusal.ms.not_tile", what=what, value=json_said(value)), *where)
        if value[0] == "0" and value[1] == "z":
            raise LogError(refusal("refusal.ms.not_tile", what=what, value=json_said(value)), *where)
        return value
    raise LogError(refusal("refusal.ms.not_tile_mpsz", what=what, value=json_said(value)), *where)


def _int(data: dict[str, Any], name: str, what: str, where: _Where, high: int = MAX_POINTS, low: int = 0) -> int:
    value = data.get(name, 0)
    if value is None:
        return 0
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        message = refusal("refusal.ms.not_whole", what=what, name=name, value=json_said(value), low=low, high=high)
        raise LogError(message, *where)
    return value


def _ints(value: object, count: int, what: str, where: _Where) -> list[int]:
    """``count`` whole numbers (scores or deltas, points), each at most :data:`~service.logs.record.MAX_POINTS` in
    magnitude: a list of another shape is :data:`refusal.ms.not_whole_numbers`, a number past the bound is said to be
    out of range."""
    if not isinstance(value, list) or len(value) != count or not all(type(v) is int for v in value):
        raise LogError(refusal("refusal.ms.not_whole_numbers", what=what, count=count), *where)
    return bounded(list(value), what, where)


def _tiles(value: object, what: str, where: _Where) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise LogError(refusal("refusal.ms.not_tiles", what=what), *where)
    return [_tile(v, what, where) for v in value]


def _records(parsed: object) -> tuple[dict[str, Any], list[tuple[str, dict[str, Any]]]]:
    """``(head, [(name, data), ...])`` from any of the three shapes; names without ``.lq.`` and ``Record``."""
    head: dict[str, Any] = {}
    found: object = parsed
    if isinstance(parsed, dict):
        raw_head = parsed.get("head")
        head = raw_head if isinstance(raw_head, dict) else {}
        if not head and isinstance(parsed.get("mode"), int):  # a replay tool's excerpt names the mode only
            head = {"config": {"mode": {"mode": parsed["mode"]}}}
        found = None
        node: object = parsed
        for _ in range(4):  # data → data → actions / records
            if not isinstance(node, dict):
                break
            key = next((k for k in ("actions", "records", "events", "rounds", "data") if node.get(k)), None)
            if key is None:
                break
            node = node[key]
            if isinstance(node, str):
                raise LogError(refusal("refusal.ms.protobuf"))
            if isinstance(node, list):
                found = node
                break
    if not isinstance(found, list):
        raise LogError(refusal("refusal.ms.no_records"))
    items: list[object] = []
    for item in found:  # a list per round is allowed
        items.extend(item if isinstance(item, list) else [item])
    out: list[tuple[str, dict[str, Any]]] = []
    for item in items:
        if isinstance(item, str):
            raise LogError(refusal("refusal.ms.protobuf"))
        if not isinstance(item, dict):
            raise LogError(refusal("refusal.ms.record_object", item=json_said(item)))
        if "name" not in item and ("result" in item or "type" in item):  # an action: a result, or an input
            item = item.get("result")
            if item is None:
                continue
            if not isinstance(item, dict):
                raise LogError(refusal("refusal.ms.action_result"))
        name = item.get("name")
        if not isinstance(name, str):
            raise LogError(refusal("refusal.ms.no_name", item=msgspec.json.encode(item).decode()[:60]))
        data = item.get("data", {k: v for k, v in item.items() if k != "name"})
        short = name.removeprefix(".lq.")
        for prefix in ("Record", "Action"):
            short = short.removeprefix(prefix)
        if not isinstance(data, dict):  # named as the decoder names its records
            raise LogError(refusal("refusal.ms.data", what=f"Record{short} (record {len(out)})"))
        out.append((short, data))
    return head, out


def rules_of(head: dict[str, Any], players: int) -> dict[str, object]:
    """The rule options a record's ``head.config`` states (names of ``GET /v1/rules``).

    ``preset`` ``majsoul`` (``majsoul_sanma`` with three players); ``length`` from ``mode.mode`` (1, 11:
    ``tonpuu``; 2, 12: ``hanchan``); from ``detail_rule``, each where present: ``init_point`` →
    ``start_points``, ``dora_count`` → ``aka`` (any red five), ``shiduan`` → ``kuitan``, ``can_jifei`` →
    ``bust`` (``below_zero`` or ``none``), ``have_liujumanguan`` → ``nagashi_mangan``,
    ``have_qieshangmanguan`` → ``kiriage_mangan``, ``liqibang_value`` → ``riichi_deposit``,
    ``changbang_value`` → ``honba``, ``noting_fafu_1``–``3`` → ``noten_payment`` (the total one tenpai seat
    is paid). A value the service has no option value for is left to the preset.

    >>> rules_of({"config": {"mode": {"mode": 1, "detail_rule": {"init_point": 30000, "shiduan": 0}}}}, 4)
    {'preset': 'majsoul', 'length': 'tonpuu', 'start_points': 30000, 'kuitan': False}
    """
    rules: dict[str, object] = {"preset": "majsoul_sanma" if players == 3 else "majsoul"}
    config = head.get("config")
    mode = config.get("mode") if isinstance(config, dict) else None
    if not isinstance(mode, dict):
        return rules
    number = mode.get("mode")
    if number in (1, 11):
        rules["length"] = "tonpuu"
    elif number in (2, 12):
        rules["length"] = "hanchan"
    detail = mode.get("detail_rule")
    if not isinstance(detail, dict):
        return rules

    def number_of(name: str) -> int | None:
        value = detail.get(name)
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    init = number_of("init_point")
    if init is not None and 0 < init <= 1_000_000 and init % 100 == 0:
        rules["start_points"] = init
    dora_count = number_of("dora_count")
    if dora_count is not None:
        rules["aka"] = dora_count > 0
    for name, option in (("shiduan", "kuitan"),):
        value = detail.get(name)
        if isinstance(value, (bool, int)):
            rules[option] = bool(value)
    if isinstance(detail.get("can_jifei"), bool):
        rules["bust"] = "below_zero" if detail["can_jifei"] else "none"
    for name, option in (("have_liujumanguan", "nagashi_mangan"), ("have_qieshangmanguan", "kiriage_mangan")):
        if isinstance(detail.get(name), bool):
            rules[option] = detail[name]
    if number_of("liqibang_value") in (0, 1000):
        rules["riichi_deposit"] = detail["liqibang_value"]
    if number_of("changbang_value") in (0, 200, 300):
        rules["honba"] = detail["changbang_value"]
    fafu = [number_of(f"noting_fafu_{k}") for k in range(1, players)]
    if all(f is not None for f in fafu):
        totals = {f * (players - k) for k, f in enumerate(fafu, start=1) if f is not None}
        if len(totals) == 1 and (total := totals.pop()) in (0, 2000, 3000):
            rules["noten_payment"] = total
    return rules


class _Decoder:
    """One pass over the records: the round being read, each seat's concealed tiles (to name a closed
    kan's copies), the last discard, the calls that make a seat liable (pao)."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.rounds: list[RoundLog] = []
        self.hands: list[list[str]] = []
        self.indicators = 0
        self.last_discard: int | None = None
        self.dragon_sets: list[int] = []
        self.wind_sets: list[int] = []
        self.liable_dragons: list[int | None] = []
        self.liable_winds: list[int | None] = []
        self.riichi: list[int] = []
        self.ended = True

    def where(self, event: bool = True) -> _Where:
        if not self.rounds:
            return None, None
        return len(self.rounds) - 1, len(self.rounds[-1].events) if event else None

    def current(self, what: str) -> RoundLog:
        if not self.rounds:
            raise LogError(refusal("refusal.ms.before_round", what=what))
        if self.ended:
            raise LogError(refusal("refusal.ms.after_end", what=what), *self.where())
        return self.rounds[-1]

    def seat(self, data: dict[str, Any], what: str) -> int:
        return _int(data, "seat", what, self.where(), self.players - 1)

    def new_doras(self, data: dict[str, Any], what: str) -> None:
        doras = _tiles(data.get("doras"), f"{what} doras", self.where())
        for indicator in doras[self.indicators :]:
            self.rounds[-1].events.append(Dora(indicator))
        self.indicators = max(self.indicators, len(doras))

    def take(self, seat: int, tile: str) -> None:
        if tile in self.hands[seat]:
            self.hands[seat].remove(tile)

    def new_round(self, data: dict[str, Any], what: str) -> None:
        if not self.ended:
            raise LogError(refusal("refusal.ms.new_round"), len(self.rounds) - 1)
        where: _Where = (len(self.rounds), None)
        scores = data.get("scores")
        if isinstance(scores, list) and len(scores) in (3, 4) and not self.rounds:
            self.players = len(scores)
        players = self.players
        chang = _int(data, "chang", what, where, 3)
        dealer = _int(data, "ju", what, where, players - 1)
        hands = [_tiles(data.get(f"tiles{s}"), f"{what} tiles{s}", where) for s in range(players)]
        for s, hand in enumerate(hands):
            if len(hand) != (14 if s == dealer else 13):
                expected = 14 if s == dealer else 13
                raise LogError(
                    refusal("refusal.ms.deal_size", what=what, seat=s, n=len(hand), expected=expected), *where
                )
        doras = _tiles(data.get("doras"), f"{what} doras", where) or (
            [_tile(data["dora"], f"{what} dora", where)] if data.get("dora") else []
        )
        if not doras:
            raise LogError(refusal("refusal.ms.no_dora", what=what), *where)
        first_draw = hands[dealer].pop()
        self.rounds.append(
            RoundLog(
                round_wind=WINDS[chang],
                hand_number=dealer + 1,
                dealer=dealer,
                honba=_int(data, "ben", what, where, 100),
                riichi_sticks=_int(data, "liqibang", what, where, 100),
                scores=_ints(scores, players, f"{what} scores", where) if scores is not None else None,
                hands=[list(h) for h in hands],
                dora=doras[0],
                events=[Draw(dealer, first_draw)],
            )
        )
        self.ended = False
        self.hands = [list(h) for h in hands]
        self.hands[dealer].append(first_draw)
        self.indicators = 1
        for indicator in doras[1:]:
            self.rounds[-1].events.append(Dora(indicator))
            self.indicators += 1
        self.last_discard = None
        self.dragon_sets = [0] * players
        self.wind_sets = [0] * players
        self.liable_dragons = [None] * players
        self.liable_winds = [None] * players
        self.riichi = []

    def deal(self, data: dict[str, Any], what: str) -> None:
        current = self.current(what)
        seat = self.seat(data, what)
        tile = _tile(data.get("tile"), f"{what} tile", self.where())
        self.new_doras(data, what)
        current.events.append(draw(seat, tile))
        self.hands[seat].append(tile)

    def discard(self, data: dict[str, Any], what: str) -> None:
        current = self.current(what)
        seat = self.seat(data, what)
        tile = _tile(data.get("tile"), f"{what} tile", self.where())
        if data.get("is_liqi") or data.get("is_wliqi"):
            current.events.append(Riichi(seat))
            self.riichi.append(seat)
        moqie = data.get("moqie")
        current.events.append(discard(seat, tile, moqie if isinstance(moqie, bool) else None))
        self.take(seat, tile)
        self.last_discard = seat
        self.new_doras(data, what)

    def call(self, data: dict[str, Any], what: str) -> None:
        current = self.current(what)
        where = self.where()
        seat = self.seat(data, what)
        kind = {0: "chi", 1: "pon", 2: "daiminkan"}.get(_int(data, "type", what, where, 2))
        tiles = _tiles(data.get("tiles"), f"{what} tiles", where)
        froms = data.get("froms")
        if len(tiles) != (4 if kind == "daiminkan" else 3) or not isinstance(froms, list) or len(froms) != len(tiles):
            raise LogError(refusal("refusal.ms.call_shape", what=what, kind=kind, n=len(tiles)), *where)
        others = [i for i, f in enumerate(froms) if f != seat]
        if len(others) != 1 or not isinstance(froms[others[0]], int) or not 0 <= froms[others[0]] < self.players:
            raise LogError(
                refusal("refusal.ms.froms", what=what, froms=msgspec.json.encode(froms).decode()[:40]), *where
            )
        called = tiles[others[0]]
        from_seat = int(froms[others[0]])
        own = tuple(t for i, t in enumerate(tiles) if i != others[0])
        current.events.append(Call(seat, kind, called, from_seat, own))  # type: ignore[arg-type]
        for tile in own:
            self.take(seat, tile)
        if kind != "chi":
            self.count_set(seat, called, from_seat)

    def count_set(self, seat: int, tile: str, feeder: int | None) -> None:
        """A dragon or wind set shown by ``seat``: the third dragon (fourth wind) set called from
        ``feeder``'s discard makes ``feeder`` liable (a closed kan counts, but makes nobody liable)."""
        if tile[1] != "z":
            return
        if tile[0] in "567":
            self.dragon_sets[seat] += 1
            if self.dragon_sets[seat] == 3 and feeder is not None:
                self.liable_dragons[seat] = feeder
        else:
            self.wind_sets[seat] += 1
            if self.wind_sets[seat] == 4 and feeder is not None:
                self.liable_winds[seat] = feeder

    def kan(self, data: dict[str, Any], what: str) -> None:
        current = self.current(what)
        where = self.where()
        seat = self.seat(data, what)
        tile = _tile(data.get("tiles"), f"{what} tiles", where)
        kind = _int(data, "type", what, where, 3)
        if kind == 3:
            same = [t for t in self.hands[seat] if kind_of(t) == kind_of(tile)][:4]
            tiles = same if len(same) == 4 else [tile] * 4
            current.events.append(Ankan(seat, tuple(tiles)))
            for t in tiles:
                self.take(seat, t)
            self.count_set(seat, tile, None)
        elif kind == 2:
            current.events.append(Kakan(seat, tile))
            self.take(seat, tile)
        else:
            raise LogError(refusal("refusal.ms.kan_type", what=what, kind=kind), *where)
        self.new_doras(data, what)

    def babei(self, data: dict[str, Any], what: str) -> None:
        current = self.current(what)
        seat = self.seat(data, what)
        current.events.append(Nukidora(seat, "4z"))
        self.take(seat, "4z")
        self.new_doras(data, what)

    def hule(self, data: dict[str, Any], what: str) -> None:
        current = self.current(what)
        where = self.where()
        hules = data.get("hules")
        if not isinstance(hules, list) or not hules or not all(isinstance(h, dict) for h in hules):
            raise LogError(refusal("refusal.ms.no_hules", what=what), *where)
        last = current.events[-1] if current.events else None
        dealt_only = len(current.events) == 1 and isinstance(last, Draw)  # nothing happened after the deal
        for h, hule in enumerate(hules):
            label = f"{what} hules[{h}]"
            seat = _int(hule, "seat", label, where, self.players - 1)
            zimo = bool(hule.get("zimo"))
            win_tile = _tile(hule.get("hu_tile"), f"{label} hu_tile", where)
            if h == 0:
                self.new_doras(hule, label)  # the indicators the win counts, where no action showed them
            if zimo:
                from_seat = seat
                if dealt_only and seat == current.dealer:
                    self.tenhou_draw(current, win_tile, label)  # which of the 14 was drawn: the winning tile
            elif isinstance(last, Kakan):
                from_seat = last.seat
            elif self.last_discard is not None:
                from_seat = self.last_discard
            else:
                raise LogError(refusal("refusal.ms.ron_source", label=label), *where)
            fans = hule.get("fans") or []
            if not isinstance(fans, list) or not all(isinstance(f, dict) for f in fans):
                raise LogError(refusal("refusal.ms.fans", label=label), *where)
            yiman = bool(hule.get("yiman"))
            yaku: list[tuple[str, int]] = []
            multiple = 0
            for fan in fans:
                fan_id = _int(fan, "id", f"{label} fan", where, 10**6)
                val = _int(fan, "val", f"{label} fan", where, 100)
                if val:
                    yaku.append((MAJSOUL_FAN.get(fan_id, f"log:{fan_id}"), 13 * val if yiman else val))
                    multiple += val if yiman else 0
            pao = None
            if yiman:
                ids = {_int(fan, "id", f"{label} fan", where, 10**6) for fan in fans}
                if _DAISANGEN in ids and self.liable_dragons[seat] is not None:
                    pao = self.liable_dragons[seat]
                elif _DAISUUSHII in ids and self.liable_winds[seat] is not None:
                    pao = self.liable_winds[seat]
            hand = _tiles(hule.get("hand"), f"{label} hand", where)
            li = _tiles(hule.get("li_doras"), f"{label} li_doras", where)
            current.wins.append(
                LogWin(
                    seat=seat,
                    from_seat=from_seat,
                    pao=pao,
                    ura_indicators=tuple(li) if hule.get("liqi") or li else (),
                    han=None if yiman else _int(hule, "count", label, where, 1000),
                    fu=None if yiman else _int(hule, "fu", label, where, 1000),
                    yakuman=multiple if yiman else 0,
                    points=self.points(hule, zimo, seat == current.dealer, label),
                    yaku=tuple(yaku),
                    hand=(*hand, win_tile) if hand else None,
                    win_tile=win_tile,
                )
            )
        after = data.get("scores")
        if after is not None:
            current.scores_after = _ints(after, self.players, f"{what} scores", where)
        self.ended = True

    def tenhou_draw(self, current: RoundLog, win_tile: str, label: str) -> None:
        """A dealer's win on its 14 dealt tiles: the winning tile is its first draw."""
        first = current.events[0]
        assert isinstance(first, Draw)
        hand = current.hands[current.dealer]
        if first.tile != win_tile:
            if win_tile not in hand:
                raise LogError(refusal("refusal.ms.dealer_tiles", label=label, tile=win_tile), len(self.rounds) - 1, 0)
            hand.remove(win_tile)
            hand.append(first.tile)
            current.events[0] = Draw(first.seat, win_tile)

    def points(self, hule: dict[str, Any], zimo: bool, dealer: bool, label: str) -> int | None:
        """The hand's value without honba and sticks: ``point_rong``, or a tsumo's payments summed."""
        where = self.where()
        if not zimo:
            return _int(hule, "point_rong", label, where) or None
        xian = _int(hule, "point_zimo_xian", label, where)
        if not xian:
            return None
        if dealer:
            return xian * (self.players - 1)
        return _int(hule, "point_zimo_qin", label, where) + xian * (self.players - 2)

    def no_tile(self, data: dict[str, Any], what: str) -> None:
        current = self.current(what)
        where = self.where()
        players = data.get("players")
        tenpai: tuple[int, ...] | None = None
        if isinstance(players, list) and len(players) == self.players:
            tenpai = tuple(s for s, p in enumerate(players) if isinstance(p, dict) and p.get("tingpai"))
        kind = "nagashi_mangan" if data.get("liujumanguan") else "exhaustive"
        current.draw = LogDraw(kind, tenpai=tenpai)  # type: ignore[arg-type]
        entries = data.get("scores")
        if isinstance(entries, list) and entries and all(isinstance(e, dict) for e in entries):
            old = entries[0].get("old_scores")
            if old is not None:
                after = _ints(old, self.players, f"{what} scores[0].old_scores", where)
                for e, entry in enumerate(entries):
                    delta = entry.get("delta_scores")
                    if delta:
                        changes = _ints(delta, self.players, f"{what} scores[{e}].delta_scores", where)
                        after = [a + d for a, d in zip(after, changes, strict=True)]
                current.scores_after = after
        self.ended = True

    def liu_ju(self, data: dict[str, Any], what: str) -> None:
        current = self.current(what)
        kind = _int(data, "type", what, self.where(), 10)
        if kind not in LIUJU_KINDS:
            raise LogError(refusal("refusal.ms.liuju", what=what, kind=kind), *self.where())
        current.draw = LogDraw(LIUJU_KINDS[kind])  # type: ignore[arg-type]
        self.ended = True


_HANDLERS: Final = {
    "NewRound": _Decoder.new_round,
    "DealTile": _Decoder.deal,
    "DiscardTile": _Decoder.discard,
    "ChiPengGang": _Decoder.call,
    "AnGangAddGang": _Decoder.kan,
    "BaBei": _Decoder.babei,
    "Hule": _Decoder.hule,
    "NoTile": _Decoder.no_tile,
    "LiuJu": _Decoder.liu_ju,
}


def decode(text: bytes) -> GameLog:
    """Read a Mahjong Soul record (JSON, any of the shapes in the module doc) into a :class:`GameLog` of
    format ``majsoul``.

    Raises :class:`LogError` for a body that is not JSON, has no records, or a record that cannot be read
    (the message names the record and its index in the record list).
    """
    body = text.lstrip(b"\xef\xbb\xbf \t\r\n")
    try:
        parsed = msgspec.json.decode(body)
    except msgspec.DecodeError as error:
        reason = json_reason(error, body, text, len(text) - len(body))
        raise LogError(refusal("refusal.ms.not_json", error=reason)) from None
    head, records = _records(parsed)
    mode = head.get("config", {}).get("mode", {}) if isinstance(head.get("config"), dict) else {}
    players = 3 if isinstance(mode, dict) and mode.get("mode") in (11, 12) else 4
    decoder = _Decoder(players)
    for index, (name, data) in enumerate(records):
        handler = _HANDLERS.get(name)
        if handler is None:
            continue  # other records (a mode's extras) say nothing the replay needs
        try:
            handler(decoder, data, f"Record{name} (record {index})")
        except LogError:
            raise
        except KeyError as error:
            # a field the handlers read by name is absent: name it, in the record's own words
            field = error.args[0] if error.args and isinstance(error.args[0], (str, int)) else "?"
            message = refusal("refusal.ms.missing", what=f"Record{name} (record {index})", field=field)
            raise LogError(message, *decoder.where()) from None
        except (TypeError, ValueError, AttributeError, IndexError):
            # a value of another kind than the record schema's (the handlers' own checks name most of them):
            # said in plain words, never Python's own text
            message = refusal("refusal.ms.unreadable", what=f"Record{name} (record {index})")
            raise LogError(message, *decoder.where()) from None
    if not decoder.rounds:
        raise LogError(refusal("refusal.ms.no_round"))
    rounds = decoder.rounds
    if not decoder.ended:
        raise LogError(refusal("refusal.ms.no_end"), len(rounds) - 1)
    for index, round_log in enumerate(rounds):
        nxt = rounds[index + 1] if index + 1 < len(rounds) else None
        if round_log.scores_after is None and nxt is not None:
            round_log.scores_after = nxt.scores
        if round_log.scores_after is not None and round_log.scores is not None:
            round_log.deltas = [a - s for a, s in zip(round_log.scores_after, round_log.scores, strict=True)]
    final_scores, final_points = _result(head, decoder.players)
    names = _names(head, decoder.players)
    start = rounds[0].scores
    return GameLog(
        format="majsoul",
        players=decoder.players,
        rules=rules_of(head, decoder.players),
        rounds=rounds,
        start_scores=list(start) if start else None,
        final_scores=final_scores,
        final_points=final_points,
        names=names,
    )


def _result(head: dict[str, Any], players: int) -> tuple[list[int] | None, list[int] | None]:
    """``head.result.players``: each seat's final score (``part_point_1``) and points (``total_point``)."""
    result = head.get("result")
    rows = result.get("players") if isinstance(result, dict) else None
    if not isinstance(rows, list) or len(rows) != players or not all(isinstance(r, dict) for r in rows):
        return None, None
    scores: list[int | None] = [None] * players
    points: list[int | None] = [None] * players
    for row in rows:
        seat = _int(row, "seat", "head.result.players", (None, None), players - 1)
        scores[seat] = _int(row, "part_point_1", "head.result.players", (None, None), MAX_POINTS, -MAX_POINTS)
        points[seat] = _int(row, "total_point", "head.result.players", (None, None), MAX_POINTS, -MAX_POINTS)
    if any(s is None for s in scores):
        raise LogError(refusal("refusal.ms.players"))
    return [int(s or 0) for s in scores], [int(p or 0) for p in points]


def _names(head: dict[str, Any], players: int) -> list[str] | None:
    accounts = head.get("accounts")
    if not isinstance(accounts, list):
        return None
    names = [""] * players
    for account in accounts:
        if isinstance(account, dict):
            seat = account.get("seat", 0)
            name = account.get("nickname")
            if isinstance(seat, int) and 0 <= seat < players and isinstance(name, str):
                names[seat] = name
    return names

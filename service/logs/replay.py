"""A whole game replayed from its log by the service's own state and settlement (/docs/logs).

:func:`replay` plays each round's events (:mod:`.record`) on its own table: the concealed hands, the
calls, the rivers, the riichi declarations and the situation the order of events shows (ippatsu,
haitei and houtei from the wall's count, rinshan after a kan or a North set aside, chankan on an added
kan, double riichi, tenhou and chiihou on an uninterrupted first go-around). At the round's end it
scores each win from the winner's tiles, settles the round with :func:`service.game.settle` from its
own carried scores, dealer, honba and sticks, decides the game's end by the rules, and at the end
gives the final standings with :func:`service.game.final`. Every value is put beside what the log
records and the differences are listed.

What the log alone knows is taken from it: the ura dora indicators, the liable seat (pao), the kind
of an abortive draw. The tenpai seats of an exhaustive draw are the service's own (a wait whose four
copies the player holds is no wait, /docs/rules §2), compared with the hands the log shows.

The wall: 136 tiles less 14 in the dead wall and 13 a seat leave 70 draws with four players (108 − 14 −
39 = 55 with three); each replacement draw after a kan or a North takes one of them, so the last draw
(haitei) is the 70th (55th) draw of the round, whoever makes it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

import msgspec

from service.game.model import (
    Abortive,
    FinalRequest,
    FinalResult,
    Ron,
    SettleRequest,
    SettleResult,
    Tsumo,
    WinSpec,
)
from service.game.model import (
    Draw as DrawOutcome,
)
from service.game.options import GAME_PRESETS, resolve_game
from service.game.placings import final
from service.game.settle import settle
from service.i18n import refusal
from service.logs.model import (
    Difference,
    LogFinal,
    ReplayResult,
    ReplaySummary,
    RoundReplay,
    WinReplay,
    YakuHan,
)
from service.logs.order import TurnOrder, hand_waits
from service.logs.record import (
    Ankan,
    Call,
    Discard,
    Dora,
    Draw,
    GameLog,
    ImpossibleLog,
    Kakan,
    LogError,
    LogWin,
    Nukidora,
    Riichi,
    RoundLog,
    RulesRefused,
    kind_of,
)
from service.scoring import PRESETS, InvalidHand, RulesSpec, resolve_rules
from service.scoring.model import GameOptions, MeldSpec, ScoreRequest
from service.scoring.tiles import is_terminal_or_honour, parse_tile

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = ["replay", "rules_for"]

_KIND_CODES = [f"{k % 9 + 1}{'mpsz'[k // 9]}" for k in range(34)]
_KINDS: dict[str, int] = {code: k for k, code in enumerate(_KIND_CODES)} | {
    f"0{suit}": 9 * i + 4 for i, suit in enumerate("mps")
}
"""Every tile code → its kind 0–33 (a red five ``0m`` is the kind of ``5m``)."""


def _kind(code: str) -> int:
    kind = _KINDS.get(code)
    return parse_tile(code)[0] if kind is None else kind


_SORT_KEYS: dict[str, int] = {code: 2 * kind + (0 if code[0] == "0" else 1) for code, kind in _KINDS.items()}
"""Every tile code → its place in a sorted hand: by kind, a red five before the other fives."""


def _sort_key(code: str) -> int:
    key = _SORT_KEYS.get(code)
    return 2 * _kind(code) + (0 if code[0] == "0" else 1) if key is None else key


def _sorted(tiles: Sequence[str]) -> list[str]:
    """``tiles`` sorted by :func:`_sort_key` (by the table, every code known; else code by code)."""
    try:
        return sorted(tiles, key=_SORT_KEYS.__getitem__)
    except KeyError:
        return sorted(tiles, key=_sort_key)


_SLOTS: dict[str, int] = {code: k for code, k in _KINDS.items() if code[0] != "0"} | {"0m": 34, "0p": 35, "0s": 36}
"""Every tile code → its slot in a hand held as counts: the kind 0–33, a red five 34 (``0m``), 35, 36 (``0s``)."""
_SLOT_KINDS = [*range(34), 4, 13, 22]
"""A slot → its kind (a red five's is the five's)."""
_SORTED_SLOTS = sorted(((code, slot) for code, slot in _SLOTS.items()), key=lambda item: _SORT_KEYS[item[0]])
"""(code, slot) of the 37 codes in the order of a sorted hand (a red five before the other fives)."""


def _tiles_of(counts: list[int]) -> list[str]:
    """A hand held as counts per slot → its tiles, sorted (:func:`_sort_key`)."""
    return [code for code, slot in _SORTED_SLOTS for _ in range(counts[slot])]


_REDS = {4: 34, 13: 35, 22: 36}
"""The kind of each five → the slot of its red five."""
_SIMPLE_SLOTS = frozenset(slot for slot, kind in enumerate(_SLOT_KINDS) if not is_terminal_or_honour(kind))
"""The slots of the tiles 2–8 (a red five among them)."""


_REPEATS = [[code * n for n in range(5)] for code, _ in _SORTED_SLOTS]
"""For each code in a sorted hand's order, its text 0 to 4 times (``"", "1m", "1m1m", …``)."""
_SORTED_SLOT_INDEXES = [slot for _, slot in _SORTED_SLOTS]


def _concealed(counts: list[int]) -> str:
    """A hand held as counts per slot (at most 4 a kind: a fifth copy is refused first) → its tiles sorted as one
    string (``"1m1m0p5p"``)."""
    return "".join(map(list.__getitem__, _REPEATS, map(counts.__getitem__, _SORTED_SLOT_INDEXES)))


def _kind_counts(counts: list[int]) -> list[int]:
    """A hand held as counts per slot → its counts per kind (a red five counted with the fives)."""
    kinds = counts[:34]
    kinds[4] += counts[34]
    kinds[13] += counts[35]
    kinds[22] += counts[36]
    return kinds


@dataclass(slots=True)
class _Meld:
    kind: Literal["chi", "pon", "kan"]
    tiles: list[str]
    closed: bool = False


class _Seat:
    """One seat during a round (a plain class: four are made for every round replayed)."""

    __slots__ = (
        "deposited",
        "discarded",
        "double_riichi",
        "hand",
        "ippatsu",
        "melds",
        "nukidora",
        "riichi",
        "riichi_pending",
        "river_called",
        "since_discard",
        "since_riichi",
    )

    def __init__(self) -> None:
        self.hand = [0] * 37  # the concealed tiles as counts per slot (_SLOTS): filled from the deal by play
        self.melds: list[_Meld] = []
        self.river_called = False  # another seat called one of its discards (no nagashi)
        self.riichi = False
        self.riichi_pending = False  # declared; the declaration discard has not passed yet
        self.deposited = False
        self.double_riichi = False
        self.ippatsu = False
        self.discarded = False
        self.nukidora = 0
        self.since_riichi = 0  # the same since its riichi stick was deposited


class _Round:
    """The table during one round: seats, wall count, dora, and what the last events were.

    :meth:`play` plays the draws and discards itself and gives each other event to the method of its kind
    (:data:`_STEPS`): :meth:`riichi`, :meth:`call`, :meth:`ankan`, :meth:`kakan`, :meth:`nukidora`,
    :meth:`new_dora`; each takes the event and its index in the round (for a :class:`LogError`)."""

    def __init__(self, log: RoundLog, index: int, players: int, tenhou: bool = False) -> None:
        self.log = log
        self.index = index
        self.players = players
        self.wall = 70 if players == 4 else 55
        self.seats = [_Seat() for _ in log.hands]
        self.dora = [log.dora]
        self.draws = 0
        self.calls_made = False  # any call (a closed kan included) interrupts the first go-around
        self.rinshan_next: set[int] = set()
        self.rinshan_draw = -1  # the event index of the last draw from the dead wall
        self.pending_kakan: Kakan | None = None
        self.shown = [0] * 34  # copies of each kind seen: the deal, the draws, the dora indicators
        self.declared = False  # a riichi declaration discard was made and its stick not yet deposited
        self.discards: list[int] = []  # every discard of the round, in order: its slot (_SLOTS) × 4 + the seat
        if len(self.seats) != players:
            raise LogError(refusal("refusal.log.round_hands", n=len(self.seats), players=players), index)
        self.order = TurnOrder(index, players, log.dealer, self.wall, log.scores, tenhou)  # /docs/logs §Bad logs

    def error(self, message: str, event: int) -> LogError:
        return ImpossibleLog(message, self.index, event)

    def take(self, seat: int, tile: str, event: int) -> None:
        hand = self.seats[seat].hand
        slot = _SLOTS.get(tile)
        if slot is None or not hand[slot]:
            held = "".join(_tiles_of(hand))
            raise self.error(refusal("refusal.log.not_held", seat=seat, tile=tile, held=held), event)
        hand[slot] -= 1

    def play(self) -> None:
        """Play every event; :class:`LogError` at the first one that cannot happen (a fifth copy of a tile
        shown, a tile the player does not hold, a draw past the wall).

        Long because it is the replay's innermost loop: a draw's and a discard's turn checks run inline while
        they pass (the turn order's methods are called only to refuse, with their messages), which keeps a
        never-seen game within 2 ms of CPU (BENCHMARKS.md, issue 24)."""
        shown = self.shown
        kinds = _KINDS  # every tile a decoder gives is one of its 37 codes
        slots = _SLOTS
        slot_kinds = _SLOT_KINDS
        seats = self.seats
        by_slot = [0] * 37
        for seat, dealt_hand in zip(seats, self.log.hands, strict=True):
            counts = seat.hand
            for slot in map(slots.__getitem__, dealt_hand):
                counts[slot] += 1
                by_slot[slot] += 1
        shown[:] = _kind_counts(by_slot)
        shown[kinds[self.log.dora]] += 1
        if max(shown) > 4:
            dealt = [t for hand in self.log.hands for t in hand]
            dealt.append(self.log.dora)
            for tile in dealt:  # the first kind dealt more than four times
                if (count := shown[_kind(tile)]) > 4:
                    raise ImpossibleLog(refusal("refusal.log.deal_copies", n=count, kind=kind_of(tile)), self.index)
        steps = _STEPS
        order = self.order
        discards = self.discards
        wall = self.wall
        rinshan_next = self.rinshan_next  # the same set throughout (the kan steps add to it)
        next_seat = [(s + 1) % self.players for s in range(self.players)]
        draws = self.draws
        # Draws and discards, nearly every event of a round, are played here, not by a call, and so are their
        # turn checks when they pass (TurnOrder.draw / discard_tile are called only to refuse, naming the turn).
        for i, event in enumerate(self.log.events):
            if type(event) is Draw:
                seat_index, tile = event.seat, event.tile
                slot = slots[tile]
                kind = slot_kinds[slot]
                shown[kind] = count = shown[kind] + 1
                if count > 4:
                    raise self.error(refusal("refusal.log.fifth_copy", kind=kind_of(tile)), i)
                if seat_index != order.to_draw:
                    order.draw(seat_index, tile, i)  # out of turn: refused
                order.to_draw = None
                order.to_discard = seat_index
                order.drawn = tile
                order.discard = None
                if self.declared:
                    self.confirm_riichi()
                seats[seat_index].hand[slot] += 1
                draws += 1
                if rinshan_next:  # a kan or a North was declared (an added kan among them: it is pending)
                    if seat_index in rinshan_next:
                        self.rinshan_draw = i
                        rinshan_next.discard(seat_index)
                    if self.pending_kakan is not None:  # nobody robbed the added kan: now it interrupts
                        self.interrupt()
                        self.pending_kakan = None
                if draws > wall:
                    self.draws = draws
                    raise self.error(refusal("refusal.log.wall", n=draws, wall=wall), i)
            elif type(event) is Discard:
                seat_index, tile = event.seat, event.tile
                seat = seats[seat_index]
                hand = seat.hand
                try:
                    slot = slots[tile]
                    held = hand[slot]
                except KeyError:
                    slot = held = 0
                if held:
                    hand[slot] = held - 1
                else:
                    self.draws = draws
                    self.take(seat_index, tile, i)  # names what the hand holds
                if seat_index != order.to_discard or (
                    event.tsumogiri and order.drawn is not None and tile != order.drawn
                ):
                    self.draws = draws
                    order.discard_tile(event, i)  # out of turn, or not the tile drawn: refused
                order.discard = event
                order.to_discard = None
                order.drawn = None
                order.to_draw = next_seat[seat_index]
                if seat.riichi_pending:
                    if not seat.riichi:  # a riichi declaration's discard: the hand it leaves must be tenpai
                        self.draws = draws
                        order.riichi_discard(event, _kind_counts(hand), self.meld_counts(seat), i)
                    seat.riichi = True
                    seat.ippatsu = True
                    self.declared = True
                elif seat.ippatsu:
                    seat.ippatsu = False
                seat.discarded = True
                discards.append(slot * 4 + seat_index)
            else:
                self.draws = draws  # the other steps read the draws made (a riichi's wall check)
                steps[type(event)](self, event, i)
        self.draws = draws

    def show(self, tile: str, i: int) -> None:
        """One more copy of ``tile``'s kind is seen; a fifth is a :class:`LogError`."""
        kind = _kind(tile)
        self.shown[kind] = count = self.shown[kind] + 1
        if count > 4:
            raise self.error(refusal("refusal.log.fifth_copy", kind=kind_of(tile)), i)

    def riichi(self, event: Riichi, i: int) -> None:
        self.order.riichi(event.seat, self.draws, i)
        seat = self.seats[event.seat]
        if seat.riichi or (seat.melds and any(not m.closed for m in seat.melds)):
            raise self.error(refusal("refusal.log.riichi", seat=event.seat), i)
        seat.riichi_pending = True
        seat.double_riichi = not seat.discarded and not self.calls_made

    def call(self, event: Call, i: int) -> None:
        called = self.order.discard  # the last discard, not drawn past: the one called
        self.order.call(event, i)
        self.confirm_riichi()
        if called is None or called.seat != event.from_seat or kind_of(called.tile) != kind_of(event.called):
            raise self.error(
                refusal("refusal.log.call", seat=event.seat, called=event.called, source=event.from_seat), i
            )
        self.seats[event.from_seat].river_called = True
        for tile in event.own:
            self.take(event.seat, tile, i)
        tiles = _sorted([*event.own, event.called])
        meld_kind: Literal["chi", "pon", "kan"] = "kan" if event.kind == "daiminkan" else event.kind
        self.seats[event.seat].melds.append(_Meld(meld_kind, tiles))
        self.interrupt()
        if event.kind == "daiminkan":
            self.rinshan_next.add(event.seat)

    def ankan(self, event: Ankan, i: int) -> None:
        self.order.kan(event.seat, True, i)
        self.confirm_riichi()
        for tile in event.tiles:
            self.take(event.seat, tile, i)
        self.seats[event.seat].melds.append(_Meld("kan", _sorted(event.tiles), closed=True))
        self.interrupt()
        self.rinshan_next.add(event.seat)

    def kakan(self, event: Kakan, i: int) -> None:
        self.order.kan(event.seat, False, i)
        self.confirm_riichi()
        self.take(event.seat, event.tile, i)
        for meld in self.seats[event.seat].melds:
            if meld.kind == "pon" and kind_of(meld.tiles[0]) == kind_of(event.tile):
                meld.kind = "kan"
                meld.tiles = _sorted([*meld.tiles, event.tile])
                break
        else:
            raise self.error(refusal("refusal.log.kakan", seat=event.seat, tile=event.tile), i)
        self.rinshan_next.add(event.seat)  # robbed (chankan), the kan never was: ippatsu stands
        self.pending_kakan = event

    def nukidora(self, event: Nukidora, i: int) -> None:
        self.order.north(event.seat, i)
        self.confirm_riichi()
        self.take(event.seat, event.tile, i)
        self.seats[event.seat].nukidora += 1
        self.rinshan_next.add(event.seat)  # a North set aside is no call: ippatsu and the first go-around stand

    def new_dora(self, event: Dora, i: int) -> None:
        self.show(event.indicator, i)
        self.order.dora(event.indicator, i)
        self.dora.append(event.indicator)

    def confirm_riichi(self) -> None:
        """A declaration whose discard passed (another move follows it) deposits its stick."""
        for seat in self.seats:
            if seat.riichi_pending and seat.riichi:
                seat.riichi_pending = False
                seat.deposited = True
                seat.since_riichi = len(self.discards)
        self.declared = False

    def passed(self, seat: int, since: int) -> list[int]:
        """The kinds the other seats discarded from the round's ``since``-th discard on, in order."""
        slot_kinds = _SLOT_KINDS
        return [slot_kinds[code >> 2] for code in self.discards[since:] if code & 3 != seat]

    def discarded_any(self, seat: int, kinds: set[int]) -> bool:
        """Whether ``seat`` discarded a tile of one of ``kinds`` this round."""
        codes = self.discards
        return any(kind * 4 + seat in codes or (kind in _REDS and _REDS[kind] * 4 + seat in codes) for kind in kinds)

    def passed_since_discard(self, seat: int) -> list[int]:
        """The kinds the others discarded since ``seat``'s own last discard (all of the round before it)."""
        discards = self.discards
        since = len(discards)
        while since and discards[since - 1] & 3 != seat:
            since -= 1
        return self.passed(seat, since)

    def passed_since_riichi(self, seat: int) -> list[int]:
        """The kinds the others discarded since ``seat``'s riichi stick was deposited (none before it)."""
        return self.passed(seat, self.seats[seat].since_riichi) if self.seats[seat].deposited else []

    def interrupt(self) -> None:
        self.calls_made = True
        for seat in self.seats:
            seat.ippatsu = False

    # --- the end of the round -------------------------------------------------------------

    def meld_counts(self, seat: _Seat) -> list[int]:
        counts = [0] * 34
        kinds = _KINDS
        for meld in seat.melds:
            for tile in meld.tiles:
                counts[kinds[tile]] += 1
        return counts

    def waits_of(self, seat: _Seat, counts: list[int]) -> tuple[int, ...]:
        """The kinds a hand of ``counts`` per kind waits on (none unless it holds 3n + 1 tiles)."""
        if sum(counts) % 3 != 1:
            return ()
        # seven pairs and thirteen orphans need 13 concealed tiles
        return hand_waits(counts, self.meld_counts(seat), self.players, not seat.melds)

    def tenpai(self) -> list[int]:
        return [s for s, seat in enumerate(self.seats) if self.waits_of(seat, _kind_counts(seat.hand))]

    def nagashi(self) -> list[int]:
        """The seats with a river of terminals and honours only, none of it called (one pass over the round's
        discards, stopped once no seat is left)."""
        left = {s for s, seat in enumerate(self.seats) if not seat.river_called}
        discarded: set[int] = set()
        outside = _SIMPLE_SLOTS
        for code in self.discards:
            seat = code & 3
            if seat in left:
                discarded.add(seat)
                if code >> 2 in outside:
                    left.discard(seat)
                    if not left:
                        return []
        return sorted(left & discarded)


def _situation(table: _Round, seat: _Seat, winner: int, *, tsumo: bool, chankan: bool, rinshan: bool) -> list[str]:
    """The win's situation flags as the events show them (``riichi`` or ``double_riichi``, ``ippatsu``,
    ``rinshan``, ``haitei``, ``houtei``, ``chankan``, ``tenhou``, ``chiihou``), in that order of reading;
    ``rinshan`` whether the winning draw came from the dead wall."""
    situation: list[str] = []
    if seat.riichi:
        situation.append("double_riichi" if seat.double_riichi else "riichi")
        if seat.ippatsu:
            situation.append("ippatsu")
    if tsumo:
        if rinshan:
            situation.append("rinshan")
        elif table.draws == table.wall:
            situation.append("haitei")
        if not table.calls_made and not seat.discarded:
            situation.append("tenhou" if winner == table.log.dealer else "chiihou")
    elif chankan:
        situation.append("chankan")
    elif table.draws == table.wall:
        situation.append("houtei")
    return situation


def _furiten(
    table: _Round, seat: _Seat, winner: int, counts: list[int], *, chankan: bool
) -> list[Literal["permanent", "temporary", "riichi"]]:
    """The furiten kinds a ron on the waits of a hand of ``counts`` per kind is in (/docs/rules §2 Furiten): a
    wait in the winner's own river (permanent), passed since their last discard (temporary) or since their
    riichi (riichi)."""
    furiten: list[Literal["permanent", "temporary", "riichi"]] = []
    wait_kinds = set(table.waits_of(seat, counts))
    if table.discarded_any(winner, wait_kinds):
        furiten.append("permanent")
    if wait_kinds & _before(table.passed_since_discard(winner), chankan):
        furiten.append("temporary")
    if seat.riichi and wait_kinds & _before(table.passed_since_riichi(winner), chankan):
        furiten.append("riichi")
    return furiten


def _score_request(
    table: _Round, win: LogWin, round_wind: str, rules: RulesSpec, event_count: int
) -> tuple[ScoreRequest, WinReplay]:
    """The winner's hand as the events left it, and the situation they showed."""
    seat = table.seats[win.seat]
    tsumo = win.seat == win.from_seat
    # the win's own event: a new dora indicator shown after it (an open kan's, with the discard) is not one
    events = table.log.events
    at = len(events) - 1
    while at >= 0 and type(events[at]) is Dora:
        at -= 1
    last = events[at] if at >= 0 else None
    hand = seat.hand[:]  # counts per slot
    chankan = False
    if tsumo:
        if not isinstance(last, Draw) or last.seat != win.seat:
            raise ImpossibleLog(refusal("refusal.log.tsumo", seat=win.seat), table.index, event_count)
        win_tile = last.tile
        hand[_SLOTS[win_tile]] -= 1  # the tile just drawn
    elif table.pending_kakan is not None and table.pending_kakan.seat == win.from_seat and isinstance(last, Kakan):
        win_tile = table.pending_kakan.tile
        chankan = True
    else:
        if not isinstance(last, Discard) or last.seat != win.from_seat:
            raise ImpossibleLog(refusal("refusal.log.ron", seat=win.seat, source=win.from_seat), table.index)
        win_tile = last.tile
    size = sum(hand)
    if size + 3 * len(seat.melds) != 13:
        raise ImpossibleLog(
            refusal("refusal.log.hand_size", seat=win.seat, n=size + 1, calls=len(seat.melds)),
            table.index,
            event_count,
        )
    riichi = seat.riichi  # declared and its discard made (a winner never rons their own discard)
    situation = _situation(table, seat, win.seat, tsumo=tsumo, chankan=chankan, rinshan=table.rinshan_draw == at)
    furiten = [] if tsumo else _furiten(table, seat, win.seat, _kind_counts(hand), chankan=chankan)
    melds = tuple(MeldSpec(type=m.kind, tiles="".join(m.tiles), closed=m.closed) for m in seat.melds)
    concealed = _concealed(hand)
    request = ScoreRequest(
        hand=concealed,
        win_tile=win_tile,
        rules=rules,
        melds=melds,
        win="tsumo" if tsumo else "ron",
        round_wind=round_wind,  # type: ignore[arg-type]
        riichi="riichi" in situation or "double_riichi" in situation,
        double_riichi="double_riichi" in situation,
        ippatsu="ippatsu" in situation,
        haitei="haitei" in situation,
        houtei="houtei" in situation,
        rinshan="rinshan" in situation,
        chankan=chankan,
        tenhou="tenhou" in situation,
        chiihou="chiihou" in situation,
        dora_indicators="".join(table.dora),
        ura_indicators="".join(win.ura_indicators) if riichi else "",
        nukidora=seat.nukidora,
    )
    shown = WinReplay(
        seat=win.seat,
        from_seat=win.from_seat,
        win="tsumo" if tsumo else "ron",
        hand=concealed + win_tile,
        melds=["".join(m.tiles) for m in seat.melds],
        closed_kans=sum(1 for m in seat.melds if m.closed),
        dora_indicators=request.dora_indicators if isinstance(request.dora_indicators, str) else "",
        ura_indicators=request.ura_indicators if isinstance(request.ura_indicators, str) else "",
        situation=situation,
        furiten=furiten,
        pao=win.pao,
        agrees=True,
    )
    return request, shown


def _win_deltas(result: SettleResult, winner: int, players: int) -> list[int]:
    """What one win moved, per seat (points): every payment to ``winner`` but the riichi deposits."""
    deltas = [0] * players
    for transfer in result.transfers:
        if transfer.payee == winner and transfer.kind != "riichi_deposit":
            deltas[winner] += transfer.amount
            if transfer.payer is not None:
                deltas[transfer.payer] -= transfer.amount
    return deltas


def _before(passed: list[int], chankan: bool) -> set[int]:
    """The kinds that passed before the tile now won on (the last one passed, unless it is a robbed kan)."""
    return set(passed if chankan else passed[:-1])


def rules_for(
    game_log: GameLog, rules: RulesSpec | str | None, game: GameOptions | None
) -> tuple[RulesSpec, GameOptions]:
    """The rules of the replay: the caller's preset, else the platform's the log names (else
    ``standard``); then the options the log states (red fives, open tanyao, the length); then the
    caller's own overrides, which always win: an option the log states that contradicts one of the caller's
    is dropped (the preset's own value then yields, as in ``POST /v1/score``), /docs/logs §Rules. The start points
    are the log's own money (its first round's scores and sticks) unless the caller sets them.

    Raises :class:`RulesRefused` naming the option when those rules cannot replay the log: options the caller
    sends that contradict each other (as ``POST /v1/score`` refuses them), a number of players not the log's, or
    start points the log's money contradicts.

    Long because one loop applies the layers in order and retries once an option the log states (or its start
    points) must yield: each retry is a few lines where the conflict is found.
    """
    stated = dict(game_log.rules)
    preset = str(stated.pop("preset", "standard"))
    caller: dict[str, Any] = {}
    caller_named_preset = False  # a RulesSpec whose own preset chose the table
    if isinstance(rules, str):
        preset = rules
    elif rules is not None:
        caller = {k: v for k, v in msgspec.structs.asdict(rules).items() if v is not None}
        caller_preset = caller.pop("preset")
        if ("preset" in rules.__struct_fields__ and caller_preset != "standard") or not game_log.rules.get("preset"):
            preset = caller_preset
            caller_named_preset = caller_preset != "standard"
    hand_fields = set(RulesSpec.__struct_fields__)
    game_fields = set(GameOptions.__struct_fields__)
    hand_options = {k: v for k, v in stated.items() if k in hand_fields and k != "preset"}
    game_options = {k: v for k, v in stated.items() if k in game_fields}
    game_caller = {k: v for k, v in msgspec.structs.asdict(game).items() if v is not None} if game else {}
    logged_start = _logged_start_points(game_log)
    _check_start_points(game_log, game_caller.get("start_points"), logged_start)
    start_from_log = False  # the log's own start points set over the preset's (below)
    while True:
        spec = msgspec.convert({**hand_options, **caller, "preset": preset}, RulesSpec)
        options = msgspec.convert({**game_options, **game_caller}, GameOptions)
        players = PRESETS[preset].players if spec.players is None else spec.players
        if players != game_log.players:  # first: another table size also makes the honba per payer contradict
            raise RulesRefused(
                "rules.players" if "players" in caller else "rules.preset" if caller_named_preset else "rules",
                refusal("refusal.log.players_mismatch", log=game_log.players, rules=players),
            )
        try:
            game_rules = resolve_game(resolve_rules(spec), options)
        except InvalidHand as error:
            field = error.errors[0].field
            if start_from_log:  # the preset's other options cannot take the log's start: keep the preset's
                del game_options["start_points"]
                logged_start = None
                start_from_log = False
                continue
            # an option only the log states, contradicted by the caller's (the log's red fives against the
            # caller's `aka_per_suit` 0): the caller's wins, so the log's yields and the rules are tried again
            kind, _, name = field.partition(".")
            stated_here = hand_options if kind == "rules" else game_options if kind == "game" else {}
            if name in stated_here:
                del stated_here[name]
                continue
            raise RulesRefused(field, error.errors[0].message) from None
        if (
            logged_start is not None
            and "start_points" not in game_caller
            and "start_points" not in game_options
            and game_rules.start_points != logged_start
        ):
            # the game's money is the log's: a preset's other start (`wrc`'s 30,000 over a Tenhou game of
            # 25,000) would refuse every round's settlement
            game_options["start_points"] = logged_start
            start_from_log = True
            continue
        return spec, options


def _logged_start_points(game_log: GameLog) -> int | None:
    """The start points a seat the log's own money implies: its first round's scores plus the riichi sticks on
    the table are every point of the game (a log that starts after East 1 too), shared by the players; None for
    a log without scores, or whose total is not a whole number of 100 points a seat."""
    if not game_log.rounds:
        return None
    first = game_log.rounds[0]
    start = game_log.start_scores or first.scores
    if start is None:
        return None
    total = sum(start) + 1000 * (first.riichi_sticks if game_log.start_scores is None else 0)
    return total // game_log.players if total % (100 * game_log.players) == 0 else None


def _check_start_points(game_log: GameLog, start_points: int | None, logged: int | None) -> None:
    """Refuse (:class:`RulesRefused` naming ``game.start_points``) a caller's ``start_points`` the log's own
    money contradicts (``logged``, :func:`_logged_start_points`; a log without scores takes the caller's)."""
    if start_points is None or logged is None or logged == start_points:
        return
    raise RulesRefused(
        "game.start_points",
        refusal(
            "refusal.log.start_points_mismatch",
            total=logged * game_log.players,
            players=game_log.players,
            start=logged,
            given=start_points,
        ),
    )


def _yaku_list(items: Any) -> list[YakuHan]:
    """``(yaku id, han)`` pairs as :class:`YakuHan`, by id, then han."""
    return [YakuHan(id=i, han=h) for i, h in sorted(items)]


def _folded(mine: list[YakuHan], theirs: list[YakuHan]) -> list[tuple[str, int]]:
    """The service's yaku as the log counts them: a log that lists no nukidora (Tenhou's three-player
    logs) counts each North set aside as a dora, so the service's nukidora han are added to its dora; a
    log naming dragon triplets ``sangenpai`` (the original mjai's name) gets haku, hatsu and chun so named."""
    pairs = [(y.id, y.han) for y in mine]
    if any(y.id == "log:sangenpai" for y in theirs):  # the original mjai names each dragon triplet alike
        pairs = sorted(("log:sangenpai", h) if i in ("haku", "hatsu", "chun") else (i, h) for i, h in pairs)
    north = sum(h for i, h in pairs if i == "nukidora")
    if not north or any(y.id == "nukidora" for y in theirs):
        return pairs
    dora = sum(h for i, h in pairs if i == "dora") + north
    rest = [(i, h) for i, h in pairs if i not in ("dora", "nukidora")]
    return sorted([*rest, ("dora", dora)])


def _compare(differences: list[Difference], name: str, ours: Any, theirs: Any) -> None:
    if theirs is not None and ours != theirs:
        differences.append(Difference(field=name, service=ours, log=theirs))


def replay(game_log: GameLog, rules: RulesSpec | str | None = None, game: GameOptions | None = None) -> ReplayResult:
    """Replay ``game_log`` round by round (see the module doc) and compare with what it records.

    Raises :class:`LogError` when the events cannot be played (a tile the player does not hold, a call
    of a tile nobody discarded, a draw past the wall), naming the round and the event.

    Long because one pass over the rounds carries the game's state in locals (scores, dealer, honba, sticks,
    round wind, the end) and compares each value with the log's where it is computed; a round's play
    (:class:`_Round`), a win's request (:func:`_score_request`) and the settlement are the functions above.
    """
    spec, options = rules_for(game_log, rules, game)
    riichi_limits = options.riichi_needs_points_and_draw  # /docs/rulesets §4 Riichi deposit
    if riichi_limits is None:
        riichi_limits = GAME_PRESETS[spec.preset].riichi_needs_points_and_draw
    players = game_log.players
    start = game_log.start_scores or (game_log.rounds[0].scores if game_log.rounds else None)
    if start is None:
        start_points = options.start_points or (35000 if players == 3 else 25000)
        start = [start_points] * players
    scores = list(start)
    dealer = game_log.rounds[0].dealer if game_log.rounds else 0
    honba = game_log.rounds[0].honba if game_log.rounds else 0
    sticks = game_log.rounds[0].riichi_sticks if game_log.rounds else 0
    round_wind = game_log.rounds[0].round_wind if game_log.rounds else "E"
    ended = game_log.final_scores is not None or game_log.final_points is not None  # the log records the end
    replayed: list[RoundReplay] = []
    game_over = False
    for index, round_log in enumerate(game_log.rounds):
        differences: list[Difference] = []
        if game_over:
            differences.append(Difference(field="game_over", service=True, log=False))
        _compare(differences, "start.dealer", dealer, round_log.dealer)
        _compare(differences, "start.honba", honba, round_log.honba)
        _compare(differences, "start.riichi_sticks", sticks, round_log.riichi_sticks)
        _compare(differences, "start.round_wind", round_wind, round_log.round_wind)
        _compare(differences, "start.scores", scores, round_log.scores)
        table = _Round(round_log, index, players, riichi_limits)
        table.play()
        wind = round_log.round_wind
        outcome_name: Literal["ron", "tsumo", "draw", "abortive"]
        win_rows: list[WinReplay] = []
        specs: list[WinSpec] = []
        tenpai: list[int] | None = None
        nagashi: list[int] = []
        draw_kind: str | None = None
        if round_log.wins:
            event_count = len(round_log.events)
            for win in round_log.wins:
                request, row = _score_request(table, win, wind, spec, event_count)
                win_rows.append(row)
                specs.append(WinSpec(winner=win.seat, hand=request, pao=win.pao))
            tsumo = round_log.wins[0].seat == round_log.wins[0].from_seat
            outcome_name = "tsumo" if tsumo else "ron"
            outcome: Any = (
                Tsumo(winner=specs[0].winner, hand=specs[0].hand, pao=specs[0].pao)
                if tsumo
                else Ron(discarder=round_log.wins[0].from_seat, wins=specs)
            )
        else:
            assert round_log.draw is not None
            table.confirm_riichi()
            draw_kind = round_log.draw.kind
            if draw_kind in ("exhaustive", "nagashi_mangan"):
                outcome_name = "draw"
                tenpai = table.tenpai()
                nagashi = table.nagashi() if table.draws == table.wall else []
                if draw_kind == "exhaustive" and table.draws != table.wall:
                    differences.append(Difference(field="draw_kind", service="not_exhausted", log="exhaustive"))
                outcome = DrawOutcome(tenpai=tenpai, nagashi=nagashi)
            else:
                outcome_name = "abortive"
                outcome = Abortive(kind=draw_kind)  # type: ignore[arg-type]
        riichi = [s for s, seat in enumerate(table.seats) if seat.deposited]
        settle_request = SettleRequest(
            rules=spec,
            game=options,
            scores=scores,
            dealer=dealer,
            first_dealer=0,
            honba=honba,
            riichi_sticks=sticks,
            riichi=riichi,
            outcome=outcome,
            round_wind=wind if wind in ("E", "S", "W") else None,  # type: ignore[arg-type]
        )
        result: SettleResult | None = None
        try:
            result = settle(settle_request)
        except InvalidHand as refused:
            differences.append(Difference(field="settle", service=list(refused.errors), log=None))
        # the wins beside the log's
        for w, (row, win) in enumerate(zip(win_rows, round_log.wins, strict=True)):
            ours = next((r for r in (result.wins if result else []) if r.winner == win.seat), None)
            score = ours.score if ours is not None else None
            mine = _yaku_list((y.id, y.han) for y in score.yaku) if score is not None else []
            theirs = _yaku_list(win.yaku) if win.yaku is not None else None
            row_diffs: list[Difference] = []
            han = ours.han if ours else None
            fu = ours.fu if ours else None
            yakuman = ours.yakuman if ours else 0
            points = ours.points if ours else None
            if win.yakuman:
                _compare(row_diffs, f"wins[{w}].yakuman", yakuman, win.yakuman)
            else:
                _compare(row_diffs, f"wins[{w}].han", han, win.han)
                _compare(row_diffs, f"wins[{w}].fu", fu, win.fu)
            _compare(row_diffs, f"wins[{w}].points", points, win.points)
            if win.deltas is not None and result is not None:  # the win's own payments (honba and sticks in)
                _compare(row_diffs, f"wins[{w}].deltas", _win_deltas(result, win.seat, players), list(win.deltas))
            elif win.points is None and win.han is None and result is not None and round_log.deltas is not None:
                # nothing of the win's own to compare: it agrees only when the round's money does
                _compare(row_diffs, f"wins[{w}].deltas", result.deltas, round_log.deltas)
            if theirs is not None and _folded(mine, theirs) != [(y.id, y.han) for y in theirs]:
                row_diffs.append(
                    Difference(
                        field=f"wins[{w}].yaku",
                        service=[[y.id, y.han] for y in mine],
                        log=[[y.id, y.han] for y in theirs],
                    )
                )
            if win.hand is not None and sorted(win.hand) != sorted(_split(row.hand)):  # the same tiles, any order
                row_diffs.append(Difference(field=f"wins[{w}].hand", service=row.hand, log="".join(win.hand)))
            if row.furiten:
                row_diffs.append(Difference(field=f"wins[{w}].furiten", service=row.furiten, log=[]))
            differences.extend(row_diffs)
            win_rows[w] = msgspec.structs.replace(
                row,
                han=han,
                fu=fu,
                yakuman=yakuman,
                points=points,
                yaku=mine,
                reason=None if ours else refusal("refusal.log.win_unscored"),
                log_han=win.han,
                log_fu=win.fu,
                log_yakuman=win.yakuman,
                log_points=win.points,
                log_yaku=theirs,
                agrees=not row_diffs and ours is not None,
            )
        if tenpai is not None and round_log.draw is not None and round_log.draw.tenpai is not None:
            _compare(differences, "tenpai", tenpai, list(round_log.draw.tenpai))
        if round_log.draw is not None and round_log.draw.kind == "nagashi_mangan" and not nagashi:
            differences.append(Difference(field="nagashi", service=nagashi, log="nagashi_mangan"))
        if result is not None:
            _compare(differences, "deltas", result.deltas, round_log.deltas)
            _compare(differences, "scores", result.scores, round_log.scores_after)
            scores = list(result.scores)
            dealer = result.next_hand.dealer
            honba = result.next_hand.honba
            sticks = result.next_hand.riichi_sticks
            round_wind = result.next_hand.round_wind or round_wind
            game_over = result.game_over
        else:  # carry on from the log's own numbers so one refused round does not spoil the rest
            scores = list(round_log.scores_after or scores)
            nxt = game_log.rounds[index + 1] if index + 1 < len(game_log.rounds) else None
            if nxt is not None:
                dealer, honba, sticks, round_wind = nxt.dealer, nxt.honba, nxt.riichi_sticks, nxt.round_wind
            else:  # the last round: a win takes the sticks on the table, a draw leaves them with the new deposits
                sticks = 0 if round_log.wins else sticks + len(riichi)
            game_over = nxt is None
        is_last = index == len(game_log.rounds) - 1
        if is_last and ended and result is not None and not result.game_over:
            differences.append(Difference(field="game_over", service=False, log=True))
        replayed.append(
            RoundReplay(
                index=index,
                round_wind=round_log.round_wind,  # type: ignore[arg-type]
                hand_number=round_log.hand_number,
                dealer=round_log.dealer,
                honba=round_log.honba,
                riichi_sticks=round_log.riichi_sticks,
                outcome=outcome_name,
                draw_kind=draw_kind,
                wins=win_rows,
                riichi=riichi,
                tenpai=tenpai,
                log_tenpai=list(round_log.draw.tenpai)
                if round_log.draw and round_log.draw.tenpai is not None
                else None,
                nagashi=nagashi,
                deltas=result.deltas if result else None,
                scores=result.scores if result else None,
                transfers=result.transfers if result else [],
                log_deltas=round_log.deltas,
                log_scores=round_log.scores_after,
                game_over=bool(result and result.game_over),
                agrees=not differences,
                differences=differences,
            )
        )
    final_result: FinalResult | None = None
    final_differences: list[Difference] = []
    if game_log.rounds:
        try:
            final_result = final(
                FinalRequest(rules=spec, game=options, scores=scores, first_dealer=0, riichi_sticks=sticks)
            )
        except InvalidHand as refused:  # scores the rules cannot end with (a refused round carried the log's)
            final_differences.append(Difference(field="final", service=list(refused.errors), log=None))
        else:
            by_seat = sorted(final_result.placings, key=lambda p: p.seat)
            _compare(final_differences, "final.scores", [p.score + p.sticks for p in by_seat], game_log.final_scores)
            _compare(final_differences, "final.points", [p.final for p in by_seat], game_log.final_points)
    log_final = (
        LogFinal(scores=game_log.final_scores, points=game_log.final_points)
        if game_log.final_scores or game_log.final_points
        else None
    )
    wins = [w for r in replayed for w in r.wins]
    final_agrees = None if log_final is None else not final_differences
    summary = ReplaySummary(
        rounds=len(replayed),
        rounds_agreeing=sum(r.agrees for r in replayed),
        wins=len(wins),
        wins_agreeing=sum(w.agrees for w in wins),
        draws=sum(r.outcome in ("draw", "abortive") for r in replayed),
        final_agrees=final_agrees,
    )
    return ReplayResult(
        format=game_log.format,  # type: ignore[arg-type]
        players=players,
        names=game_log.names,
        rules={
            k: v
            for k, v in {**msgspec.structs.asdict(spec), **msgspec.structs.asdict(options)}.items()
            if v is not None
        },
        rounds=replayed,
        final=final_result,
        log_final=log_final,
        final_differences=final_differences,
        summary=summary,
        agrees=all(r.agrees for r in replayed) and final_agrees is not False,
    )


def _split(text: str) -> list[str]:
    """``"1m2m0p"`` → ``["1m", "2m", "0p"]`` (a hand the replay wrote, a tile two characters)."""
    return [text[i : i + 2] for i in range(0, len(text), 2)]


_STEPS: dict[type, Any] = {
    Riichi: _Round.riichi,
    Call: _Round.call,
    Ankan: _Round.ankan,
    Kakan: _Round.kakan,
    Nukidora: _Round.nukidora,
    Dora: _Round.new_dora,
}
"""Each event's class but :class:`Draw` and :class:`Discard` (which :meth:`_Round.play` plays itself) → the
:class:`_Round` method that plays it."""

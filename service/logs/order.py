"""The order of a round's events, checked as the replay plays them (/docs/logs §Bad logs).

A log can name only tiles a player holds and still be impossible: a player who draws or discards out of
turn, a call of a tile nobody just discarded (the caller's own, or one already passed by the next draw), a
chi from any seat but the one on the caller's left, a ``tsumogiri`` of a tile that was not the one just drawn,
a new dora indicator with no kan to reveal it, a riichi declared by a hand that is not tenpai. Under the game
option ``riichi_needs_points_and_draw`` (Tenhou's rules, /docs/rulesets §4 Riichi deposit) a riichi also needs
1,000 points and another draw for the declarer (4 tiles left in the wall with four players, 3 with three).
Each is a :class:`~service.logs.record.LogError` naming the round and the event, which the API answers with
a 422 problem.

:class:`TurnOrder` holds what the order needs: whose draw is next, who must discard, the tile just drawn, the
discard still open to a call, the kans declared and the indicators shown. The replay's round state
(:mod:`.replay`) calls one method per event kind before it plays the event.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from service.i18n import refusal
from service.logs.record import Call, Discard, ImpossibleLog, LogError, kind_of
from service.scoring.shanten import caps_for, waits

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = ["TurnOrder", "extra_indicators", "hand_waits", "hand_waits_clear"]

_WAITS_MAX: Final = 4096
_waits_seen: dict[tuple[tuple[int, ...], tuple[int, ...], int, bool], tuple[int, ...]] = {}
""":func:`hand_waits`' answers by hand, calls and table (a riichi hand's waits are asked again at its ron, its
draw, its tsumo), at most :data:`_WAITS_MAX`, emptied when full."""
_caps_seen: dict[tuple[tuple[int, ...], int], tuple[int, ...]] = {}


def hand_waits_clear() -> None:
    """Forget :func:`hand_waits`' answers (a benchmark's pass of games never seen)."""
    _waits_seen.clear()


def hand_waits(counts: Sequence[int], meld_counts: Sequence[int], players: int, closed: bool) -> tuple[int, ...]:
    """The kinds (0–33) a hand of ``counts`` per kind waits on, its calls holding ``meld_counts`` per kind, at a
    table of ``players`` (:func:`service.scoring.shanten.waits` with the copies left to it; seven pairs and
    thirteen orphans only when ``closed``); empty when it is not tenpai."""
    key = (tuple(counts), tuple(meld_counts), players, closed)
    found = _waits_seen.get(key)
    if found is None:
        caps = _caps_seen.get(key[1:3])
        if caps is None:
            caps = _caps_seen[key[1:3]] = tuple(caps_for(True, meld_counts, players))
            if len(_caps_seen) > _WAITS_MAX:
                _caps_seen.clear()
        found = tuple(waits(counts, caps, chiitoitsu=closed, kokushi=closed))
        if len(_waits_seen) >= _WAITS_MAX:
            _waits_seen.clear()
        _waits_seen[key] = found
    return found


def extra_indicators(count: int, round_index: int, event: int) -> LogError:
    """The error for ``count`` dora indicators a round lists beyond those its kans revealed (tenhou.net/6)."""
    return ImpossibleLog(refusal("refusal.log.extra_indicators", n=count), round_index, event)


class TurnOrder:
    """One round's turn: ``players`` seats, the dealer's draw first. ``scores`` the seats' points at the
    round's start (None: unknown, the 1,000-point check is skipped); ``tenhou`` the game option
    ``riichi_needs_points_and_draw`` (Tenhou's riichi limits).

    Every check tests its condition first and builds its refusal (``refusal.log.*`` of the catalogues) only
    when the condition fails: the checks run on every event of every replayed game."""

    __slots__ = (
        "discard",
        "drawn",
        "index",
        "indicators",
        "kans",
        "players",
        "scores",
        "tenhou",
        "to_discard",
        "to_draw",
        "wall",
    )

    def __init__(
        self, index: int, players: int, dealer: int, wall: int, scores: Sequence[int] | None, tenhou: bool
    ) -> None:
        self.index = index
        self.players = players
        self.wall = wall
        self.scores = scores
        self.tenhou = tenhou
        self.to_draw: int | None = dealer  # the seat whose draw comes next
        self.to_discard: int | None = None  # the seat that holds a tile too many and must discard
        self.drawn: str | None = None  # the tile that seat just drew (None after a call)
        self.discard: Discard | None = None  # the last discard, while nobody has drawn since
        self.kans = 0
        self.indicators = 0

    def error(self, message: str, event: int) -> LogError:
        return ImpossibleLog(message, self.index, event)

    def _out_of_turn(self, key: str, event: int, **values: object) -> LogError:
        """The refusal ``key`` (``refusal.log.out_of_turn_*``, one per kind of move) of a move made out of turn,
        with whose turn it is: the seat to discard, else the seat to draw (one of the two is always due)."""
        if self.to_discard is not None:
            turn = refusal("refusal.log.turn_discard", seat=self.to_discard)
        else:
            turn = refusal("refusal.log.turn_draw", seat=self.to_draw)
        return self.error(refusal(key, turn=turn, **values), event)

    def draw(self, seat: int, tile: str, event: int) -> None:
        if seat != self.to_draw:
            raise self._out_of_turn("refusal.log.out_of_turn_draw", event, seat=seat)
        self.to_draw = None
        self.to_discard = seat
        self.drawn = tile
        self.discard = None

    def discard_tile(self, event: Discard, i: int) -> None:
        if event.seat != self.to_discard:
            raise self._out_of_turn("refusal.log.out_of_turn_discard", i, seat=event.seat, tile=event.tile)
        if event.tsumogiri and self.drawn is not None and event.tile != self.drawn:
            raise self.error(refusal("refusal.log.tsumogiri", seat=event.seat, tile=event.tile, drawn=self.drawn), i)
        self.discard = event
        self.to_discard = None
        self.drawn = None
        self.to_draw = (event.seat + 1) % self.players

    def riichi_discard(self, event: Discard, counts: Sequence[int], melds: Sequence[int], i: int) -> None:
        """A riichi declaration's discard (after :meth:`discard_tile`): ``counts`` the concealed tiles it leaves
        per kind, ``melds`` the counts per kind of the declarer's calls' tiles; the hand left must be tenpai."""
        if not hand_waits(counts, melds, self.players, not any(melds)):
            raise self.error(refusal("refusal.log.riichi_not_tenpai", seat=event.seat, tile=event.tile), i)

    def riichi(self, seat: int, draws: int, event: int) -> None:
        """``draws`` the draws made so far in the round (replacement draws included)."""
        if seat != self.to_discard:
            raise self._out_of_turn("refusal.log.out_of_turn_riichi", event, seat=seat)
        if not self.tenhou:
            return
        if self.scores is not None and self.scores[seat] < 1000:
            raise self.error(refusal("refusal.log.riichi_points", seat=seat, points=self.scores[seat]), event)
        left = self.wall - draws
        if left < self.players:
            raise self.error(refusal("refusal.log.riichi_wall", seat=seat, n=left, players=self.players), event)

    def call(self, event: Call, i: int) -> None:
        discard = self.discard
        if (
            event.seat == event.from_seat
            or discard is None
            or discard.seat != event.from_seat
            or kind_of(discard.tile) != kind_of(event.called)
            or (event.kind == "chi" and event.seat != (event.from_seat + 1) % self.players)
        ):
            raise self._bad_call(event, i)
        self.discard = None
        self.drawn = None
        if event.kind == "daiminkan":
            self.kans += 1
            self.to_draw = event.seat
            self.to_discard = None
        else:
            self.to_draw = None
            self.to_discard = event.seat

    def _bad_call(self, event: Call, i: int) -> LogError:
        """The error for a call :meth:`call` refuses: the first of its conditions that fails."""
        call = {"seat": event.seat, "kind": event.kind, "called": event.called, "source": event.from_seat}
        if event.seat == event.from_seat:
            return self.error(refusal("refusal.log.call_own", **call), i)
        if self.discard is None:
            return self.error(refusal("refusal.log.call_none", **call), i)
        seat, tile = self.discard.seat, self.discard.tile
        if seat != event.from_seat or kind_of(tile) != kind_of(event.called):
            return self.error(refusal("refusal.log.call_other", **call, discarder=seat, tile=tile), i)
        return self.error(refusal("refusal.log.chi_left", **call), i)

    def kan(self, seat: int, closed: bool, event: int) -> None:
        """A closed kan (``closed``) or a kan added to a pon by the seat to move; its replacement draw comes
        next."""
        if seat != self.to_discard:
            key = "refusal.log.out_of_turn_ankan" if closed else "refusal.log.out_of_turn_kakan"
            raise self._out_of_turn(key, event, seat=seat)
        self.kans += 1
        self._replacement(seat)

    def north(self, seat: int, event: int) -> None:
        if seat != self.to_discard:
            raise self._out_of_turn("refusal.log.out_of_turn_north", event, seat=seat)
        self._replacement(seat)

    def _replacement(self, seat: int) -> None:
        self.to_discard = None
        self.drawn = None
        self.to_draw = seat

    def dora(self, indicator: str, event: int) -> None:
        self.indicators += 1
        if self.indicators > self.kans:
            message = refusal("refusal.log.dora_no_kan", tile=indicator, n=self.kans, shown=self.indicators)
            raise self.error(message, event)

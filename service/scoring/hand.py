"""The parsed hand and one reading of it: the facts that yaku and fu are read from.

:class:`Hand` is the validated request in tile kinds (see :mod:`.validate`);
:class:`Group` is one set of a reading; :class:`Ctx` bundles a hand with one reading
(decomposition + wait) so that every yaku predicate and fu rule reads the same facts.
"""

from __future__ import annotations

from typing import NamedTuple

from .decompose import RUN, TRIPLET
from .presets import Rules
from .tiles import DRAGONS, TERMINALS_AND_HONOURS, WINDS

__all__ = ["KAN", "RUN", "TRIPLET", "Ctx", "Group", "Hand", "MeldKinds"]

KAN = 2


class MeldKinds(NamedTuple):
    """A validated meld: ``type`` RUN/TRIPLET/KAN, ``first`` its lowest kind, ``closed`` (ankan only)."""

    type: int
    first: int
    closed: bool


class Hand(NamedTuple):
    """A validated request in kinds (0–33); built by :func:`.validate.parse_request`.

    ``closed`` are the concealed tiles before the win, ``win`` the winning kind,
    ``red`` the number of red fives anywhere in the hand, ``dora``/``ura`` the dora kinds
    the indicators point to (one entry per indicator), ``seat``/``round`` wind kinds or None.
    """

    rules: Rules
    closed: tuple[int, ...]
    win: int
    melds: tuple[MeldKinds, ...]
    red: int
    tsumo: bool
    dealer: bool
    seat: int | None
    round: int | None
    riichi: bool
    double_riichi: bool
    ippatsu: bool
    haitei: bool
    houtei: bool
    rinshan: bool
    chankan: bool
    tenhou: bool
    chiihou: bool
    renhou: bool
    dora: tuple[int, ...]
    ura: tuple[int, ...]
    honba: int
    riichi_sticks: int

    @property
    def menzen(self) -> bool:
        """Closed hand: no chi, pon or open kan (a closed kan keeps it closed)."""
        return all(m.closed for m in self.melds)


class Group(NamedTuple):
    """One set of a reading.

    ``called``: a chi, pon or open kan. ``concealed``: counts as a concealed triplet
    (ankou) — a closed triplet or closed kan not completed by ron (RULES.md §3).
    """

    type: int
    first: int
    called: bool
    concealed: bool

    @property
    def is_triplet(self) -> bool:
        """Triplet or kan."""
        return self.type != RUN

    @property
    def has_terminal_or_honour(self) -> bool:
        """The set holds a 1, 9 or honour."""
        if self.type == RUN:
            return self.first % 9 in (0, 6)
        return self.first in TERMINALS_AND_HONOURS


class Ctx:
    """A hand plus one reading: what yaku predicates and fu rules read.

    ``shape`` is ``standard``, ``chiitoitsu`` or ``kokushi``; ``groups`` the four sets
    (melds included) and ``pair`` the pair kind for ``standard``; ``wait`` the wait name.
    ``kinds`` is the set of every kind in the hand, ``counts`` the 14 tiles' counts
    (a kan counting 3) per kind.
    """

    __slots__ = ("closed_counts", "counts", "groups", "hand", "kinds", "pair", "rules", "shape", "wait")

    def __init__(
        self,
        hand: Hand,
        shape: str,
        groups: tuple[Group, ...],
        pair: int | None,
        wait: str,
        counts: tuple[int, ...],
        closed_counts: tuple[int, ...],
    ) -> None:
        self.hand = hand
        self.rules = hand.rules
        self.shape = shape
        self.groups = groups
        self.pair = pair
        self.wait = wait
        self.counts = counts
        self.closed_counts = closed_counts
        self.kinds = frozenset(k for k in range(34) if counts[k])

    @property
    def is_value_pair(self) -> bool:
        """The pair is a dragon, the seat wind or the round wind (yakuhai pair)."""
        p = self.pair
        return p is not None and (p in DRAGONS or p == self.hand.seat or p == self.hand.round)

    def triplets(self) -> list[Group]:
        """Triplets and kans of the reading."""
        return [g for g in self.groups if g.type != RUN]

    def runs(self) -> list[Group]:
        """Runs of the reading."""
        return [g for g in self.groups if g.type == RUN]

    def has_wind_set(self, wind: int | None) -> bool:
        """A triplet or kan of the given wind kind."""
        return wind is not None and wind in WINDS and any(g.first == wind for g in self.triplets())

"""The parsed hand and one reading of it: the facts that yaku and fu are read from.

:class:`Hand` is the validated request in tile kinds (see :mod:`.validate`);
:class:`Group` is one set of a reading; :class:`Ctx` bundles a hand with one reading
(decomposition + wait) so that every yaku predicate and fu rule reads the same facts.
"""

from __future__ import annotations

from typing import NamedTuple

from .decompose import RUN, TRIPLET
from .presets import Rules
from .tiles import DRAGONS, TERMINALS_AND_HONOURS

__all__ = ["KAN", "RUN", "TRIPLET", "Ctx", "Facts", "Group", "Hand", "MeldKinds"]

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
    menzen: bool
    """Closed hand: no chi, pon or open kan (a closed kan keeps it closed)."""
    situational: bool
    """Any situation flag is set (riichi, ippatsu, haitei, houtei, rinshan, chankan, tenhou, chiihou, renhou)."""


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


class Facts(NamedTuple):
    """Facts of a hand that every reading shares, computed once per hand.

    ``counts``: the 14 tiles per kind (a kan counting 3); ``closed_counts``: the concealed
    tiles before the win; ``kinds``: every kind present; ``suits``: suits 0–2 present;
    ``honours``: any honour present.
    """

    counts: tuple[int, ...]
    closed_counts: tuple[int, ...]
    kinds: frozenset[int]
    suits: frozenset[int]
    honours: bool


class Ctx:
    """A hand plus one reading: what yaku predicates and fu rules read.

    ``shape`` is ``standard``, ``chiitoitsu`` or ``kokushi``; ``groups`` the four sets
    (melds included) and ``pair`` the pair kind for ``standard``; ``wait`` the wait name.
    ``runs`` / ``triplets`` are the first kinds of the runs / triplets-or-kans, ``kans``
    and ``concealed`` count kans and concealed triplets (ankou). Hand-wide facts are
    copied from :class:`Facts` so predicates read plain attributes.
    """

    __slots__ = (
        "closed_counts",
        "concealed",
        "counts",
        "groups",
        "hand",
        "honours",
        "kans",
        "kinds",
        "menzen",
        "pair",
        "rules",
        "runs",
        "shape",
        "suits",
        "triplets",
        "wait",
    )

    def __init__(
        self, hand: Hand, facts: Facts, shape: str, groups: tuple[Group, ...], pair: int | None, wait: str
    ) -> None:
        self.hand = hand
        self.rules = hand.rules
        self.menzen = hand.menzen
        self.counts, self.closed_counts, self.kinds, self.suits, self.honours = facts
        self.shape = shape
        self.groups = groups
        self.pair = pair
        self.wait = wait
        runs: list[int] = []
        triplets: list[int] = []
        kans = concealed = 0
        for g in groups:
            if g.type == RUN:
                runs.append(g.first)
            else:
                triplets.append(g.first)
                kans += g.type == KAN
                concealed += g.concealed
        self.runs = runs
        self.triplets = triplets
        self.kans = kans
        self.concealed = concealed

    @property
    def is_value_pair(self) -> bool:
        """The pair is a dragon, the seat wind or the round wind (yakuhai pair)."""
        p = self.pair
        return p is not None and (p in DRAGONS or p == self.hand.seat or p == self.hand.round)

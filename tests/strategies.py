"""Generators of valid winning hands, as ``POST /v1/score`` request dicts (standard preset).

One builder, :func:`build_winning_hand`, serves two front ends: the hypothesis strategy
:func:`winning_hands` (shrinkable draws) and :func:`random_winning_hand` /
:func:`seeded_hands` (a plain seeded :class:`random.Random`, for benchmarks).

Every hand is physically possible. Tiles are dealt as 136 distinct physical tiles (4 per
kind, the first copy of 5m/5p/5s being the red one), so no kind appears more than 4 times
across hand, melds, winning tile and indicators, and there is at most one red five per suit.
Shapes: 4 sets + pair (with 0–4 called melds: chi, pon, open kan, closed kan), seven pairs,
kokushi and chuuren. A *theme* biases the tiles towards families of yaku (tanyao, one suit,
terminals, honours, triplets, all green), so that most yaku occur in a few hundred hands.
Situational flags only appear where they can happen: riichi and ippatsu on closed hands,
haitei/rinshan on tsumo, houtei/chankan on ron, rinshan after a kan, chankan when the other
three copies of the winning tile are out of the hand, tenhou/chiihou on a first draw.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Final, NamedTuple, Protocol, TypeVar

from hypothesis import strategies as st

__all__ = [
    "Chooser",
    "build_winning_hand",
    "ids_to_mpsz",
    "random_winning_hand",
    "seeded_hands",
    "winning_hands",
]

T = TypeVar("T")

RED_IDS: Final = frozenset({16, 52, 88})
"""136-ids of the red fives (0m, 0p, 0s): the first copy of each suit's five."""
SUITS: Final = "mpsz"
ORPHANS: Final = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
RUN_STARTS: Final = tuple(k for k in range(27) if k % 9 <= 6)
WINDS: Final = "ESWN"
GREEN: Final = frozenset({19, 20, 21, 23, 25, 32})
"""2s 3s 4s 6s 8s and the green dragon (ryuuiisou tiles)."""


class Chooser(Protocol):
    """The one source of randomness the builder needs: an inclusive integer range."""

    def randint(self, a: int, b: int) -> int:
        """A number ``a ≤ n ≤ b``."""
        ...


def _pick(rng: Chooser, items: Sequence[T]) -> T:
    return items[rng.randint(0, len(items) - 1)]


def _chance(rng: Chooser, percent: int) -> bool:
    """True with ``percent`` % probability; hypothesis shrinks it towards False."""
    return rng.randint(0, 99) >= 100 - percent


def _weighted(rng: Chooser, weights: Sequence[int]) -> int:
    """An index into ``weights`` with probability proportional to its weight (shrinks to 0)."""
    roll = rng.randint(0, sum(weights) - 1)
    for index, weight in enumerate(weights):
        if roll < weight:
            return index
        roll -= weight
    raise AssertionError("unreachable")


def ids_to_mpsz(ids: Sequence[int]) -> str:
    """Compact mpsz of 136-ids, sorted, red fives as ``0``: ``[16, 20, 0]`` → ``"105m"``."""
    out = []
    for suit in range(4):
        digits = "".join(
            "0" if tile in RED_IDS else str(tile // 4 % 9 + 1)
            for tile in sorted(ids, key=lambda t: (t // 4, t not in RED_IDS))
            if tile // 36 == suit
        )
        if digits:
            out.append(digits + SUITS[suit])
    return "".join(out)


class _Wall:
    """The 136 physical tiles not yet dealt, by kind."""

    def __init__(self) -> None:
        self.free = [list(range(4 * kind, 4 * kind + 4)) for kind in range(34)]

    def count(self, kind: int) -> int:
        return len(self.free[kind])

    def take(self, rng: Chooser, kind: int) -> int:
        copies = self.free[kind]
        return copies.pop(rng.randint(0, len(copies) - 1))

    def take_any(self, rng: Chooser) -> int:
        return self.take(rng, _pick(rng, [k for k in range(34) if self.free[k]]))


Seeds = Callable[[Chooser, int], list[tuple[str, int]]]
"""A theme's fixed sets, placed first: ``(rng, suit)`` → ``[("run"|"triplet", first kind), …]``."""


def _no_seeds(rng: Chooser, suit: int) -> list[tuple[str, int]]:
    return []


class _Theme(NamedTuple):
    """A family of hands: how often it is chosen (``weight``), which kinds its triplets,
    runs (by first kind) and pair may use, how often a set is a run and a called triplet a
    kan (percent), and which sets it always starts with (``seeds``)."""

    name: str
    weight: int
    run_percent: int
    triplet: Callable[[int], bool]
    run: Callable[[int], bool]
    pair: Callable[[int], bool]
    seeds: Seeds = _no_seeds
    kan_percent: int = 30


def _any(kind: int) -> bool:
    return True


def _simple(kind: int) -> bool:
    return kind < 27 and 1 <= kind % 9 <= 7


def _honour(kind: int) -> bool:
    return kind >= 27


def _terminal(kind: int) -> bool:
    return kind < 27 and kind % 9 in (0, 8)


def _terminal_or_honour(kind: int) -> bool:
    return kind in ORPHANS


def _sanshoku_seeds(rng: Chooser, suit: int) -> list[tuple[str, int]]:
    rank = rng.randint(0, 6)
    return [("run", rank), ("run", 9 + rank), ("run", 18 + rank)]


def _doukou_seeds(rng: Chooser, suit: int) -> list[tuple[str, int]]:
    rank = rng.randint(0, 8)
    return [("triplet", rank), ("triplet", 9 + rank), ("triplet", 18 + rank)]


def _ittsu_seeds(rng: Chooser, suit: int) -> list[tuple[str, int]]:
    return [("run", 9 * suit), ("run", 9 * suit + 3), ("run", 9 * suit + 6)]


def _peikou_seeds(rng: Chooser, suit: int) -> list[tuple[str, int]]:
    """Two identical runs (iipeikou), or two such pairs (ryanpeikou)."""
    firsts = [_pick(rng, RUN_STARTS) for _ in range(rng.randint(1, 2))]
    return [("run", first) for first in firsts for _ in range(2)]


def _themes(suit: int) -> list[_Theme]:
    """The themes for one hand; ``suit`` (0–2) is the suit of the one-suit themes."""
    in_suit = range(9 * suit, 9 * suit + 9)

    def suit_or_honour(kind: int) -> bool:
        return kind in in_suit or kind >= 27

    return [
        _Theme("mixed", 34, 60, _any, _any, _any),
        _Theme("tanyao", 12, 60, _simple, lambda f: _simple(f) and _simple(f + 2), _simple),
        _Theme("honitsu", 11, 60, suit_or_honour, in_suit.__contains__, suit_or_honour),
        _Theme("chinitsu", 5, 60, in_suit.__contains__, in_suit.__contains__, in_suit.__contains__),
        _Theme("terminals", 9, 50, _terminal_or_honour, lambda f: f % 9 in (0, 6), _terminal_or_honour),
        _Theme("honours", 6, 35, _honour, _any, _honour),
        _Theme("triplets", 6, 0, _any, _any, _any, kan_percent=70),
        _Theme("chinroutou", 1, 0, _terminal, _any, _terminal),
        _Theme("green", 2, 30, GREEN.__contains__, lambda f: f == 19, GREEN.__contains__),
        _Theme("sanshoku", 4, 60, _any, _any, _any, _sanshoku_seeds),
        _Theme("sanshoku_doukou", 2, 40, _any, _any, _any, _doukou_seeds),
        _Theme("ittsu", 3, 60, _any, _any, _any, _ittsu_seeds),
        _Theme("peikou", 6, 70, _any, _any, _any, _peikou_seeds),
    ]


SHAPE_WEIGHTS: Final = (86, 9, 3, 2)
"""standard, chiitoitsu, kokushi, chuuren."""
CALLED_WEIGHTS: Final = (45, 20, 15, 12, 8)
"""How many of the 4 sets are melds (0–4)."""


def _standard(rng: Chooser, wall: _Wall, theme: _Theme, suit: int) -> tuple[list[int], list[dict[str, Any]], list[int]]:
    """Concealed ids, melds (with their ids under ``"ids"``), and the kans' ids, for 4 sets + pair."""
    sets: list[tuple[str, list[int]]] = []
    for shape, first in theme.seeds(rng, suit):
        kinds = [first, first + 1, first + 2] if shape == "run" else [first] * 3
        if all(wall.count(k) >= kinds.count(k) for k in kinds):
            sets.append((shape, [wall.take(rng, k) for k in kinds]))
    while len(sets) < 4:
        runs = [f for f in RUN_STARTS if theme.run(f) and all(wall.count(f + i) for i in range(3))]
        triplets = [k for k in range(34) if theme.triplet(k) and wall.count(k) >= 3]
        want_run = _chance(rng, theme.run_percent)
        if (want_run and runs) or not triplets:
            if not runs:  # the theme ran dry: any run the wall still allows
                runs = [f for f in RUN_STARTS if all(wall.count(f + i) for i in range(3))]
            first = _pick(rng, runs)
            sets.append(("run", [wall.take(rng, first + i) for i in range(3)]))
        else:
            kind = _pick(rng, triplets)
            sets.append(("triplet", [wall.take(rng, kind) for _ in range(3)]))
    pairs = [k for k in range(34) if theme.pair(k) and wall.count(k) >= 2] or [
        k for k in range(34) if wall.count(k) >= 2
    ]
    pair_kind = _pick(rng, pairs)
    concealed = [wall.take(rng, pair_kind) for _ in range(2)]

    melds: list[dict[str, Any]] = []
    called = _weighted(rng, CALLED_WEIGHTS)
    for index, (shape, ids) in enumerate(sets):
        if index >= called:
            concealed += ids
        elif shape == "run":
            melds.append({"type": "chi", "ids": ids})
        else:
            kind = ids[0] // 4
            kan = theme.kan_percent // 2
            form = _weighted(rng, (100 - 2 * kan, kan, kan)) if wall.count(kind) else 0
            if form == 0:
                melds.append({"type": "pon", "ids": ids})
            else:
                melds.append({"type": "kan", "ids": [*ids, wall.take(rng, kind)], "closed": form == 2})
    return concealed, melds, [t for m in melds if m["type"] == "kan" for t in m["ids"]]


def _chiitoitsu(rng: Chooser, wall: _Wall, theme: _Theme) -> list[int]:
    kinds = [k for k in range(34) if theme.pair(k)]
    if len(kinds) < 7:
        kinds = list(range(34))
    chosen: list[int] = []
    while len(chosen) < 7:
        kind = _pick(rng, kinds)
        kinds.remove(kind)
        chosen.append(kind)
    return [wall.take(rng, k) for k in chosen for _ in range(2)]


def _kokushi(rng: Chooser, wall: _Wall) -> list[int]:
    return [wall.take(rng, k) for k in ORPHANS] + [wall.take(rng, _pick(rng, ORPHANS))]


def _chuuren(rng: Chooser, wall: _Wall, suit: int) -> list[int]:
    ranks = [0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8, rng.randint(0, 8)]
    return [wall.take(rng, 9 * suit + r) for r in ranks]


def _meld_out(meld: dict[str, Any]) -> dict[str, Any]:
    out = {"type": meld["type"], "tiles": ids_to_mpsz(meld["ids"])}
    if meld["type"] == "kan":
        out["closed"] = meld["closed"]
    return out


def build_winning_hand(rng: Chooser) -> dict[str, Any]:
    """One valid winning hand as a ``POST /v1/score`` body for the standard preset.

    ``rng`` supplies every choice (see :class:`Chooser`). The result holds ``hand``,
    ``win_tile``, ``melds``, ``win``, ``seat_wind``, ``round_wind``, the indicators,
    ``honba``/``riichi_sticks``, and only those situational flags that are true.
    """
    wall = _Wall()
    suit = rng.randint(0, 2)
    themes = _themes(suit)
    theme = themes[_weighted(rng, [t.weight for t in themes])]
    shape = _weighted(rng, SHAPE_WEIGHTS)
    melds: list[dict[str, Any]] = []
    kan_ids: list[int] = []
    if shape == 0:
        concealed, melds, kan_ids = _standard(rng, wall, theme, suit)
    elif shape == 1:
        concealed = _chiitoitsu(rng, wall, theme)
    elif shape == 2:
        concealed = _kokushi(rng, wall)
    else:
        concealed = _chuuren(rng, wall, suit)

    win_id = concealed.pop(rng.randint(0, len(concealed) - 1))
    win_kind = win_id // 4
    is_open = any(not m.get("closed", False) for m in melds)
    tsumo = _chance(rng, 50)
    seat = _pick(rng, WINDS)
    request: dict[str, Any] = {
        "rules": "standard",
        "hand": ids_to_mpsz(concealed),
        "win_tile": ids_to_mpsz([win_id]),
        "melds": [_meld_out(m) for m in melds],
        "win": "tsumo" if tsumo else "ron",
        "seat_wind": seat,
        "round_wind": WINDS[_weighted(rng, (50, 35, 10, 5))],
    }

    flags: set[str] = set()
    if not is_open and _chance(rng, 55):
        flags.add("riichi")
        if _chance(rng, 8):
            flags.add("double_riichi")
        if _chance(rng, 20):
            flags.add("ippatsu")
    if tsumo:
        if not melds and "riichi" not in flags and _chance(rng, 3):
            flags.add("tenhou" if seat == "E" else "chiihou")
        elif kan_ids and "ippatsu" not in flags and _chance(rng, 30):
            flags.add("rinshan")
        elif _chance(rng, 6):
            flags.add("haitei")
    else:
        held = sum(t // 4 == win_kind for t in concealed + [t for m in melds for t in m["ids"]])
        if shape == 0 and held == 0 and wall.count(win_kind) == 3 and _chance(rng, 10):
            flags.add("chankan")  # another player's added kan: the other three copies are theirs
            for _ in range(3):
                wall.take(rng, win_kind)
        elif _chance(rng, 6):
            flags.add("houtei")
    for flag in sorted(flags):
        request[flag] = True

    indicators = min(5, rng.randint(1, 3) + len(kan_ids) // 4)
    request["dora_indicators"] = ids_to_mpsz([wall.take_any(rng) for _ in range(indicators)])
    ura = [wall.take_any(rng) for _ in range(indicators)] if "riichi" in flags else []
    request["ura_indicators"] = ids_to_mpsz(ura)
    request["honba"] = rng.randint(0, 3) if _chance(rng, 30) else 0
    request["riichi_sticks"] = rng.randint(0, 2) if _chance(rng, 30) else 0
    return request


class _Draws:
    """A :class:`Chooser` that takes every number from hypothesis, so examples shrink."""

    def __init__(self, draw: Callable[[st.SearchStrategy[int]], int]) -> None:
        self._draw = draw

    def randint(self, a: int, b: int) -> int:
        return self._draw(st.integers(a, b))


@st.composite
def winning_hands(draw: st.DrawFn) -> dict[str, Any]:
    """Hypothesis strategy: valid winning hands (see :func:`build_winning_hand`)."""
    return build_winning_hand(_Draws(draw))


def random_winning_hand(rng: random.Random) -> dict[str, Any]:
    """One valid winning hand from a plain :class:`random.Random`."""
    return build_winning_hand(rng)


def seeded_hands(count: int, seed: int = 0) -> list[dict[str, Any]]:
    """``count`` valid winning hands, the same ones for the same ``seed``."""
    rng = random.Random(seed)
    return [build_winning_hand(rng) for _ in range(count)]

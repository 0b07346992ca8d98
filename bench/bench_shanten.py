"""Benchmark: our shanten against the ``mahjong`` package's, on the same hands, in the same run.

Run from the project root::

    .venv/bin/python bench/bench_shanten.py [--hands 20000] [--seed 0] [--rounds 3]

Hands are dealt from the 136 tiles with a seeded :class:`random.Random`: half 13 tiles,
half 14; two thirds from the whole wall, one third from man + dragons only (dense one-suit
hands, where readings are many). Inputs are 34-count lists built before any timing.

Each round runs three passes over all hands:

- ours, cold: every cache of :mod:`service.scoring.shanten` cleared first (suit tables,
  honour tables, merges), so the pass pays for building the tables it needs;
- ours, warm: the same hands again (tables kept; there is no per-hand cache, so each
  hand is still split into suits, looked up and merged);
- mahjong: ``Shanten.calculate_shanten`` (standard + chiitoitsu + kokushi, as ours).

Both compute the same number (checked on every hand; a disagreement is printed and makes
the exit status 1). Prints, for the best round of each pass (the machine may be shared),
µs per hand over the whole pass and the median, and the package / ours ratio.
"""

from __future__ import annotations

import argparse
import gc
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from importlib.metadata import version
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mahjong.shanten import Shanten

from service.scoring import shanten as ours


class Timing(NamedTuple):
    """One timed pass: its label, mean and median µs per hand."""

    label: str
    mean_us: float
    median_us: float


def deal(n: int, seed: int) -> list[list[int]]:
    """``n`` hands as 34-count lists (see the module docstring for the mix)."""
    rng = random.Random(seed)
    wall = list(range(136))
    dense = [i for i in wall if i // 4 < 9 or i // 4 >= 31]
    hands = []
    for i in range(n):
        pool = dense if i % 3 == 2 else wall
        size = 13 if i % 2 == 0 else 14
        c = [0] * 34
        for tile in rng.sample(pool, size):
            c[tile // 4] += 1
        hands.append(c)
    return hands


def clear_caches() -> None:
    """Empty every lru_cache of the shanten module (suit tables, honour tables, merges; rebuilt on demand)."""
    for value in vars(ours).values():
        if callable(getattr(value, "cache_clear", None)) and getattr(value, "__module__", None) == ours.__name__:
            value.cache_clear()


def timed_pass(label: str, fn: Callable[[list[int]], int], hands: Sequence[list[int]]) -> tuple[Timing, list[int]]:
    per_hand: list[float] = []
    results: list[int] = []
    clock = time.perf_counter_ns
    gc.disable()
    try:
        start = clock()
        for c in hands:
            t0 = clock()
            results.append(fn(c))
            per_hand.append(clock() - t0)
        total = clock() - start
    finally:
        gc.enable()
    return Timing(label, total / len(hands) / 1000, statistics.median(per_hand) / 1000), results


def ours_shanten(c: list[int]) -> int:
    return ours.shanten(c).shanten


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv[1:])

    hands = deal(args.hands, args.seed)
    print(
        f"{len(hands)} hands (seed {args.seed}), best of {args.rounds} rounds; Python {platform.python_version()}, "
        f"mahjong {version('mahjong')}"
    )
    best: dict[str, Timing] = {}
    disagreements = 0
    for _ in range(args.rounds):
        clear_caches()
        cold, mine = timed_pass("ours, cold caches", ours_shanten, hands)
        warm, mine_again = timed_pass("ours, warm tables", ours_shanten, hands)
        theirs_t, theirs = timed_pass("mahjong package", Shanten.calculate_shanten, hands)
        for t in (cold, warm, theirs_t):
            if t.label not in best or t.mean_us < best[t.label].mean_us:
                best[t.label] = t
        if mine != mine_again:
            print("ours: cold and warm passes differ", file=sys.stderr)
            return 1
        for c, a, b in zip(hands, mine, theirs, strict=True):
            if a != b:
                disagreements += 1
                if disagreements <= 10:
                    print(f"disagreement: {c} ours {a} mahjong {b}", file=sys.stderr)
    package = best["mahjong package"]
    print(f"{'pass':<20} {'µs/hand':>9} {'median µs':>10} {'mahjong / ours':>15}")
    for t in best.values():
        ratio = package.mean_us / t.mean_us
        print(f"{t.label:<20} {t.mean_us:>9.1f} {t.median_us:>10.1f} {ratio:>14.2f}x")
    print(f"disagreements: {disagreements}")
    return 1 if disagreements else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))

"""Benchmark: our scoring core against the ``mahjong`` package on the same random hands.

Run from the project root::

    .venv/bin/python bench/bench_core.py [--hands 2000] [--seed 0]

Both sides score the same seeded winning hands (:func:`tests.strategies.seeded_hands`).
Inputs are built before any timing (``ScoreRequest`` structs for us; 136-id tiles, ``Meld``
objects and a ``HandConfig`` for the package), so only scoring is timed.

Each round runs three passes over all hands:

- ours, cold: every cache in ``service.scoring`` cleared first: the whole-result cache and
  every ``functools`` cache (among them ``presets.resolve_rules`` and the yaku tables). The
  static tables built at import (``decompose.SUIT_TABLE``: every suit's splits;
  ``validate.MELDS``: every meld text; ``tiles.SINGLE_TILES``) are not caches and stay;
  the line "core build" says whether the compiled (mypyc) modules are in use;
- ours, warm: the same hands again, caches kept;
- mahjong: the package, its own ``HandDivider`` cache cleared first.

Prints, for the best round of each (the machine may be shared), hands per second over the
whole pass and the median µs per hand, and our speed-up over the package.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import pkgutil
import platform
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from functools import partial
from importlib.metadata import version
from pathlib import Path
from typing import Any, NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import msgspec
from mahjong.hand_calculating.divider import HandDivider
from mahjong.hand_calculating.hand import HandCalculator

import service.scoring
from service.scoring import ScoreRequest, score
from tests.mahjong_ref import mahjong_call
from tests.strategies import seeded_hands


class Timing(NamedTuple):
    """One timed pass: its label, hands per second over the pass, median µs per hand."""

    label: str
    hands_per_s: float
    median_us: float


def timed_pass(label: str, calls: Sequence[Callable[[], Any]]) -> tuple[Timing, list[Any]]:
    """Run every call once, timing each; return the timing and the results in order."""
    results: list[Any] = []
    each: list[int] = []
    clock = time.perf_counter_ns
    gc.collect()
    start = clock()
    for call in calls:
        t0 = clock()
        results.append(call())
        each.append(clock() - t0)
    total_s = (clock() - start) / 1e9
    return Timing(label, len(calls) / total_s, statistics.median(each) / 1000), results


def clear_core_caches() -> list[str]:
    """Clear every cache in the ``service.scoring`` modules (``functools`` ones and the result cache)."""
    cleared = []
    for info in pkgutil.iter_modules(service.scoring.__path__, "service.scoring."):
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if callable(getattr(value, "cache_clear", None)) and getattr(value, "__module__", None) == info.name:
                value.cache_clear()
                cleared.append(f"{info.name.rsplit('.', 1)[1]}.{name}")
    score_module = importlib.import_module("service.scoring.score")
    score_module.result_cache_clear()
    cleared.append("score.results (the whole-result cache)")
    score_module.rules_cache_clear()
    cleared.append("score.rules_cache (resolved rules and yaku tables)")
    return cleared


def core_build() -> str:
    """``compiled (mypyc)`` when the hot-path modules are C extensions, else ``pure Python``."""
    module = importlib.import_module("service.scoring.score")
    return "compiled (mypyc)" if type(module.score).__name__ == "builtin_function_or_method" else "pure Python"


def ours_calls(requests: list[ScoreRequest]) -> list[Callable[[], Any]]:
    """One call of our core per prepared request."""
    return [partial(score, r) for r in requests]


def package_calls(hands: list[dict[str, Any]]) -> list[Callable[[], Any]]:
    """One prepared ``estimate_hand_value`` call per hand (fresh configs for every pass)."""
    prepared = [mahjong_call(h) for h in hands]
    return [partial(HandCalculator.estimate_hand_value, **kw) for kw in prepared]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000, help="number of random winning hands")
    parser.add_argument("--seed", type=int, default=0, help="seed of the hand generator")
    parser.add_argument("--repeat", type=int, default=3, help="rounds; each line reports its best round")
    args = parser.parse_args(argv)

    hands = seeded_hands(args.hands, args.seed)
    requests = [msgspec.convert(h, ScoreRequest) for h in hands]

    cold_runs, warm_runs, package_runs = [], [], []
    for _ in range(args.repeat):
        cleared = clear_core_caches()
        timing, cold_results = timed_pass("ours, cold cache", ours_calls(requests))
        cold_runs.append(timing)
        warm_runs.append(timed_pass("ours, warm cache", ours_calls(requests))[0])
        HandDivider._divide_hand_impl.cache_clear()
        timing, package_results = timed_pass(f"mahjong {version('mahjong')}", package_calls(hands))
        package_runs.append(timing)
    cold, warm, package = (max(runs, key=lambda t: t.hands_per_s) for runs in (cold_runs, warm_runs, package_runs))

    same = sum(
        (r.points if r.is_win else None) == (p.cost["main"] + 2 * p.cost["additional"] if p.cost else None)
        for r, p in zip(cold_results, package_results, strict=True)
    )
    print(
        f"{args.hands} seeded winning hands (seed {args.seed}), best of {args.repeat} rounds; "
        f"Python {platform.python_version()}"
    )
    print(f"caches cleared before the cold pass: {', '.join(cleared)}")
    print(f"core build: {core_build()}")
    print(f"same points (or both no win) on {same} of {args.hands} hands\n")
    print(f"{'':28}{'hands/s':>10}{'median µs/hand':>17}")
    for t in (cold, warm, package):
        print(f"{t.label:28}{t.hands_per_s:>10,.0f}{t.median_us:>17.1f}")
    print()
    for t in (cold, warm):
        print(
            f"{t.label} vs mahjong: ×{t.hands_per_s / package.hands_per_s:.1f} hands/s, "
            f"×{package.median_us / t.median_us:.1f} median"
        )


if __name__ == "__main__":
    main()

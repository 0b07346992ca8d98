"""Benchmark: our scoring core against the ``mahjong`` package and riichienv on the same random hands.

Run from the project root (riichienv is the ``bench`` extra: ``pip install -e '.[test,bench]'``)::

    .venv/bin/python bench/bench_core.py [--hands 2000] [--seed 0] [--repeat 3]

Every side scores the same seeded winning hands (:func:`tests.strategies.seeded_hands`).
Inputs are built before any timing (``ScoreRequest`` structs for us; 136-id tiles, ``Meld``
objects and a ``HandConfig`` for the package; 136-id tile lists, ``Meld`` and ``Conditions``
objects for riichienv), so only scoring is timed.

riichienv (PyPI ``riichienv``, pinned in the ``bench`` extra; a scorer written in Rust, bound
with PyO3) is called through its compiled core, ``riichienv._riichienv``: one call is
``HandEvaluator(14 tiles, melds).calc(win tile, dora, ura, conditions)``, the cheapest way it
scores a hand from Python (its ``riichienv.HandEvaluator`` wrapper adds a Python dataclass
conversion). Before any timing, every hand is scored once by us and by riichienv and their
points are compared: what the winner is paid for the hand with its honba, without riichi
sticks (ours ``total - riichi_sticks_won``; riichienv ``ron_agari``, or its tsumo payments,
which hold the honba and never the sticks). Every disagreement is printed. A disagreement that
is a known difference of rules (below, worked out by hand) is excluded from every timed pass,
with its count and reason; any other disagreement is printed as such and the hand stays in.

- ``tenhou or chiihou with kokushi or chuuren``: riichienv scores such a hand as the 13-sided
  kokushi (or junsei chuuren) whatever the winning tile; we and the ``mahjong`` package read
  the wait from ``win_tile`` (``199m1p19s1234567z`` + ``9p`` by tenhou: kokushi + tenhou,
  96,000, not 13-sided kokushi + tenhou, 144,000).

Each round runs four passes over the (kept) hands:

- ours, cold: every cache in ``service.scoring`` cleared first: the whole-result cache and
  every ``functools`` cache (among them ``presets.resolve_rules`` and the yaku tables). The
  static tables built at import (``decompose.SUIT_TABLE``: every suit's splits;
  ``validate.MELDS``: every meld text; ``tiles.SINGLE_TILES``) are not caches and stay;
  the line "core build" says whether the compiled (mypyc) modules are in use, and the C hot path
  (``service/scoring/_native.c``, which ``score()`` asks first; ``RIICHI_NATIVE=0`` leaves it out);
- ours, warm: the same hands again, caches kept;
- mahjong: the package, its own ``HandDivider`` cache cleared first;
- riichienv (it keeps no cache between calls).

Prints, for the best round of each (the machine may be shared), hands per second over the
whole pass and the median µs per hand, our speed-up over the package, and the ratio of
ours, cold, to riichienv (issue 17's target: ≥ 1.0 in hands/s).

Each round also runs a *paired* pass first: every hand scored by us (caches cleared before the
pass: cold) and by riichienv back to back, the order alternating hand by hand, so both sides
meet the same load on a shared machine (the best rounds of separate passes may fall in
different moments of a neighbour's work). It prints riichienv's total time over ours (the
ratio of hands/s) and the median over hands of the per-hand ratio, medians of the rounds.
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
import riichienv._riichienv as rv
from mahjong.hand_calculating.divider import HandDivider
from mahjong.hand_calculating.hand import HandCalculator

import service.scoring
from service.scoring import ScoreRequest, ScoreResult, score
from tests.mahjong_ref import _Ids, mahjong_call, tile_codes
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
    importlib.import_module("service.scoring.result_cache").result_cache_clear()
    cleared.append("result_cache (the whole-result cache)")
    importlib.import_module("service.scoring.rules_cache").rules_cache_clear()
    cleared.append("rules_cache (resolved rules and yaku tables)")
    return cleared


def core_build() -> str:
    """``compiled (mypyc)`` when the hot-path modules are C extensions, else ``pure Python``; then whether
    the C hot path (``service/scoring/_native.c``) is in use (``RIICHI_NATIVE=0`` leaves it out)."""
    module = importlib.import_module("service.scoring.scorer")
    native = importlib.import_module("service.scoring.native")
    compiled = "compiled (mypyc)" if type(module.score).__name__ == "builtin_function_or_method" else "pure Python"
    in_use = importlib.import_module("service.scoring.rules_cache").rules_and_table("standard")[3] is not None
    why = "" if native.AVAILABLE else (" (not built)" if native._native is None else " (RIICHI_NATIVE=0)")
    return f"{compiled}, C hot path {'in use' if in_use else 'not in use'}{why}"


def ours_calls(requests: list[ScoreRequest]) -> list[Callable[[], Any]]:
    """One call of our core per prepared request."""
    return [partial(score, r) for r in requests]


def package_calls(hands: list[dict[str, Any]]) -> list[Callable[[], Any]]:
    """One prepared ``estimate_hand_value`` call per hand (fresh configs for every pass)."""
    prepared = [mahjong_call(h) for h in hands]
    return [partial(HandCalculator.estimate_hand_value, **kw) for kw in prepared]


_RV_WINDS = {"E": rv.Wind.East, "S": rv.Wind.South, "W": rv.Wind.West, "N": rv.Wind.North}


class RiichienvCall(NamedTuple):
    """One hand as riichienv's compiled core takes it: 14 136-ids (sorted, the win included),
    its melds, the winning tile's id, the indicators' ids and the ``Conditions``."""

    tiles: list[int]
    melds: list[Any]
    win_tile: int
    dora: list[int]
    ura: list[int]
    conditions: Any


def riichienv_call(hand: dict[str, Any]) -> RiichienvCall:
    """``hand`` (a ``POST /v1/score`` body, standard preset, four players) for riichienv.

    Tiles get distinct 136-ids as for the ``mahjong`` package (``0m``/``0p``/``0s`` the red ids
    16, 52, 88, which riichienv also reads as aka dora); a closed kan is an ``Ankan``, an open
    one a ``Daiminkan``; ``tsumo_first_turn`` is tenhou or chiihou (the standard preset has no renhou).
    """
    ids = _Ids(aka=True)
    melds = []
    for meld in hand.get("melds", []):
        tiles = [ids.take(code) for code in tile_codes(meld["tiles"])]
        closed = bool(meld.get("closed", False))
        if meld["type"] == "chi":
            kind = rv.MeldType.Chi
        elif meld["type"] == "pon":
            kind = rv.MeldType.Pon
        else:
            kind = rv.MeldType.Ankan if closed else rv.MeldType.Daiminkan
        melds.append(rv.Meld(kind, tiles, not closed))
    concealed = [ids.take(code) for code in tile_codes(hand["hand"])]
    win = ids.take(hand["win_tile"])
    indicators = _Ids(aka=True)
    dora = [indicators.take(code) for code in tile_codes(hand.get("dora_indicators", ""))]
    ura = [indicators.take(code) for code in tile_codes(hand.get("ura_indicators", ""))]
    conditions = rv.Conditions(
        tsumo=hand.get("win", "ron") == "tsumo",
        riichi=bool(hand.get("riichi") or hand.get("double_riichi")),
        double_riichi=bool(hand.get("double_riichi")),
        ippatsu=bool(hand.get("ippatsu")),
        haitei=bool(hand.get("haitei")),
        houtei=bool(hand.get("houtei")),
        rinshan=bool(hand.get("rinshan")),
        chankan=bool(hand.get("chankan")),
        tsumo_first_turn=bool(hand.get("tenhou") or hand.get("chiihou")),
        player_wind=_RV_WINDS[hand.get("seat_wind") or "E"],
        round_wind=_RV_WINDS[hand.get("round_wind") or "E"],
        riichi_sticks=int(hand.get("riichi_sticks", 0)),
        honba=int(hand.get("honba", 0)),
    )
    return RiichienvCall(sorted([*concealed, win]), melds, win, dora, ura, conditions)


def riichienv_score(call: RiichienvCall) -> Any:
    """One riichienv scoring call (the agreement check)."""
    return _riichienv_score(*call)


def _riichienv_score(
    tiles: list[int], melds: list[Any], win_tile: int, dora: list[int], ura: list[int], conditions: Any
) -> Any:
    return rv.HandEvaluator(tiles, melds).calc(win_tile, dora, ura, conditions)


def riichienv_calls(prepared: list[RiichienvCall]) -> list[Callable[[], Any]]:
    """One riichienv call per prepared hand: the arguments bound in a ``partial``, so the timed call
    is one small Python function making riichienv's two calls (no attribute reads of our own)."""
    return [partial(_riichienv_score, *c) for c in prepared]


class Paired(NamedTuple):
    """One paired pass: per hand, ours (cold) and riichienv timed back to back. ``speed``: riichienv's
    total time over ours (ours-cold / riichienv in hands/s over the pass); ``median_speed``: the median
    over the hands of riichienv's time over ours; medians in µs."""

    speed: float
    median_speed: float
    ours_median_us: float
    riichienv_median_us: float


def paired_pass(requests: list[ScoreRequest], prepared: list[RiichienvCall]) -> Paired:
    """Every hand scored by us (caches cleared before the pass, so cold) and by riichienv, one right
    after the other, the order alternating hand by hand: on a shared machine both sides meet the same
    load, where separate passes may not."""
    clear_core_caches()
    clock = time.perf_counter_ns
    ours: list[int] = []
    theirs: list[int] = []
    gc.collect()
    for i, (request, call) in enumerate(zip(requests, prepared, strict=True)):
        if i % 2:
            t0 = clock()
            _riichienv_score(*call)
            t1 = clock()
            score(request)
            t2 = clock()
            theirs.append(t1 - t0)
            ours.append(t2 - t1)
        else:
            t0 = clock()
            score(request)
            t1 = clock()
            _riichienv_score(*call)
            t2 = clock()
            ours.append(t1 - t0)
            theirs.append(t2 - t1)
    return Paired(
        sum(theirs) / sum(ours),
        statistics.median(t / o for t, o in zip(theirs, ours, strict=True)),
        statistics.median(ours) / 1000,
        statistics.median(theirs) / 1000,
    )


def our_paid(result: ScoreResult) -> int | None:
    """What we pay the winner for the hand with its honba, without riichi sticks (None: no win)."""
    return result.total - result.riichi_sticks_won if result.is_win else None


def riichienv_paid(result: Any, hand: dict[str, Any]) -> int | None:
    """The same from a riichienv ``WinResult`` (its payments hold the honba, never the sticks)."""
    if not result.is_win:
        return None
    if hand.get("win", "ron") != "tsumo":
        return int(result.ron_agari)
    if (hand.get("seat_wind") or "E") == "E":  # the dealer: each of three pays tsumo_agari_ko
        return 3 * int(result.tsumo_agari_ko)
    return int(result.tsumo_agari_oya) + 2 * int(result.tsumo_agari_ko)


def known_difference(hand: dict[str, Any], ours: ScoreResult) -> str | None:
    """The rule difference (see the module docstring) that explains a disagreement, or None."""
    yaku = {y.id for y in ours.yaku}
    if (hand.get("tenhou") or hand.get("chiihou")) and yaku & {"kokushi", "chuuren"}:
        return (
            "tenhou/chiihou with kokushi or chuuren: riichienv scores the 13-sided (junsei) form whatever the win tile"
        )
    return None


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000, help="number of random winning hands")
    parser.add_argument("--seed", type=int, default=0, help="seed of the hand generator")
    parser.add_argument("--repeat", type=int, default=3, help="rounds; each line reports its best round")
    args = parser.parse_args(argv)

    hands = seeded_hands(args.hands, args.seed)
    requests = [msgspec.convert(h, ScoreRequest) for h in hands]
    prepared_rv = [riichienv_call(h) for h in hands]

    # Agreement before timing: ours against riichienv on every hand.
    clear_core_caches()
    excluded: dict[str, int] = {}
    other_disagreements = 0
    kept: list[int] = []
    for i, (hand, request, call) in enumerate(zip(hands, requests, prepared_rv, strict=True)):
        ours_result = score(request)
        theirs = riichienv_paid(riichienv_score(call), hand)
        if our_paid(ours_result) == theirs:
            kept.append(i)
            continue
        reason = known_difference(hand, ours_result)
        body = msgspec.json.encode(hand).decode()
        print(f"disagree on hand {i}: ours {our_paid(ours_result)}, riichienv {theirs}: {body}")
        if reason is None:
            other_disagreements += 1
            kept.append(i)
        else:
            excluded[reason] = excluded.get(reason, 0) + 1
    hands = [hands[i] for i in kept]
    requests = [requests[i] for i in kept]
    prepared_rv = [prepared_rv[i] for i in kept]

    cold_runs, warm_runs, package_runs, rv_runs = [], [], [], []
    paired_runs: list[Paired] = []
    for _ in range(args.repeat):
        paired_runs.append(paired_pass(requests, prepared_rv))
        cleared = clear_core_caches()
        timing, cold_results = timed_pass("ours, cold cache", ours_calls(requests))
        cold_runs.append(timing)
        warm_runs.append(timed_pass("ours, warm cache", ours_calls(requests))[0])
        HandDivider._divide_hand_impl.cache_clear()
        timing, package_results = timed_pass(f"mahjong {version('mahjong')}", package_calls(hands))
        package_runs.append(timing)
        rv_runs.append(timed_pass(f"riichienv {version('riichienv')}", riichienv_calls(prepared_rv))[0])
    best = [max(runs, key=lambda t: t.hands_per_s) for runs in (cold_runs, warm_runs, package_runs, rv_runs)]
    cold, warm, package, riichienv = best

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
    print(
        f"riichienv agrees on the points of {args.hands - sum(excluded.values()) - other_disagreements} "
        f"of {args.hands} hands; {other_disagreements} other disagreement(s) (kept)"
    )
    for reason, count in excluded.items():
        print(f"  excluded from every pass: {count} hand(s): {reason}")
    print(f"timed: {len(requests)} hands; same points as mahjong (or both no win) on {same} of them\n")
    print(f"{'':28}{'hands/s':>10}{'median µs/hand':>17}")
    for t in best:
        print(f"{t.label:28}{t.hands_per_s:>10,.0f}{t.median_us:>17.2f}")
    print()
    for t in (cold, warm):
        print(
            f"{t.label} vs mahjong: ×{t.hands_per_s / package.hands_per_s:.1f} hands/s, "
            f"×{package.median_us / t.median_us:.1f} median"
        )
    for t in (cold, warm):
        print(
            f"{t.label} vs riichienv: ×{t.hands_per_s / riichienv.hands_per_s:.2f} hands/s, "
            f"×{riichienv.median_us / t.median_us:.2f} median"
        )
    rounds = ", ".join(f"×{c.hands_per_s / r.hands_per_s:.2f}" for c, r in zip(cold_runs, rv_runs, strict=True))
    print(f"ours, cold / riichienv, hands/s, round by round: {rounds}")
    paired = statistics.median(p.speed for p in paired_runs)
    print(
        f"paired (each hand by both, back to back), median of {args.repeat} rounds: ours, cold / riichienv "
        f"×{paired:.2f} (hands/s over the pass), ×{statistics.median(p.median_speed for p in paired_runs):.2f} "
        f"(median hand); medians ours {statistics.median(p.ours_median_us for p in paired_runs):.2f} µs, "
        f"riichienv {statistics.median(p.riichienv_median_us for p in paired_runs):.2f} µs"
    )
    rounds = ", ".join(f"×{p.speed:.2f}" for p in paired_runs)
    print(f"paired, round by round: {rounds}")


if __name__ == "__main__":
    main()

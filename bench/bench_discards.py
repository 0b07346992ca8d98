"""Benchmark: shanten against ``xiangting``, and the discard analysis against the same from ``mahjong`` calls.

Run from the project root (xiangting and riichienv are in the test extra)::

    .venv/bin/python bench/bench_discards.py [--hands 20000] [--positions 200] [--seed 0] [--rounds 3]

Part 1, shanten per hand. Hands as in ``bench/bench_shanten.py`` (half 13 tiles, half 14; a third
from man + dragons only), 34-count lists built before any timing. Per round: ours *cold* (every
cache of :mod:`service.scoring.shanten` cleared before the pass; the C path, ``_shanten.c``, keeps no
cache: its table of every suit is built when it is imported, timed apart and printed), ours warm, ``xiangting``
(``calculate_replacement_number`` with ``PlayerCount.FOUR``, minus 1) and riichienv's
``calculate_shanten`` (on tile ids, built before timing). All four agree on every hand (checked;
a disagreement is printed and makes the exit status 1). The ratio is xiangting's µs / ours cold.

Part 2, the analysis of a 14-tile hand (``--positions`` hands dealt like part 1, 14 tiles).
Ours: ``analyse_discards`` with ``values: false`` (shanten per shape, ukeire with unseen copies,
good-shape ukeire of 1-shanten discards, waits, furiten, ranking; the request built before
timing). The reference does the same work with the ``mahjong`` package (v2.1) calls: for each
distinct discard, ``Shanten.calculate_shanten`` of the 13 tiles and of each of the 34 draws
(ukeire); for a 1-shanten discard, each ukeire draw then each discard after it, tenpai when its
shanten is 0, its waits from the shanten of each of the 34 draws, good-shape when their copies
outside the hand exceed 4 (our definition); then the same sort. The ukeire counts of both are
compared on every hand. The ratio is the reference's ms / ours.

Part 3, the same with values (``--valued`` hands of ``bench/bench_tenpai.py``: tenpai-rich 14-tile hands,
each in its winning hand's situation, dora indicators counted as seen). Ours: ``analyse_discards`` as
served (values on), every scoring cache cleared before each hand (untimed). The reference: part 2's
plus ``bench_tenpai.package_analysis`` (shanten, waits and ``HandCalculator.estimate_hand_value`` by ron
and by tsumo for each wait). Shanten, ukeire and good-shape counts are compared on every hand.

Prints the best round of each pass (the machine may be shared) and the ratios.
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import time
from importlib.metadata import version
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import riichienv
import xiangting
from bench_shanten import Timing, clear_caches, deal, timed_pass
from mahjong.shanten import Shanten

from bench.bench_core import clear_core_caches
from bench.bench_tenpai import PackageHand, build_requests, package_analysis
from bench.bench_tenpai import Timing as Timing3
from bench.bench_tenpai import timed_pass as tenpai_timed_pass
from service.scoring import shanten as ours
from service.scoring.discards import analyse_discards
from service.scoring.discards_model import DiscardsRequest
from service.scoring.tiles import kinds_to_mpsz
from tests.mahjong_ref import tile_codes

FOUR = xiangting.PlayerCount.FOUR
ROOT = Path(__file__).resolve().parents[1]


def ours_cold_shanten(c: list[int]) -> int:
    return ours.shanten(c).shanten


def table_build_ms() -> float | None:
    """CPU ms to import ``_shanten.c`` (building its table of every suit), in a fresh process; None if not built."""
    if not ours.NATIVE:
        return None
    code = (  # RIICHI_NATIVE=0: the package imports without loading the extension, then it is loaded here
        "import importlib, time, service.scoring; t = time.process_time();"
        "importlib.import_module('service.scoring._shanten'); print((time.process_time() - t) * 1000)"
    )
    env = {**os.environ, "RIICHI_NATIVE": "0"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT, env=env)
    return float(out.stdout)


def xiangting_shanten(c: list[int]) -> int:
    return xiangting.calculate_replacement_number(c, FOUR) - 1


def reference_analysis(c: list[int], seen: list[int] | None = None) -> list[tuple[int, int, int, int]]:
    """(shanten, −ukeire, −good-shape, kind) per distinct discard, sorted, from the ``mahjong`` package.

    Unseen copies: 4 − the 14 tiles − ``seen`` (dora indicators), as ours counts them."""
    seen = seen or [0] * 34
    calc = Shanten.calculate_shanten
    rows = []
    for d in range(34):
        if not c[d]:
            continue
        h = list(c)
        h[d] -= 1
        base = calc(h)
        uke = []
        for k in range(34):
            if h[k] < 4:
                h[k] += 1
                if calc(h) < base:
                    uke.append(k)
                h[k] -= 1
        unseen = sum(max(0, 4 - c[k] - seen[k]) for k in uke)
        good = 0
        if base == 1:
            for k in uke:
                h[k] += 1
                found = False
                for d2 in range(34):
                    if not h[d2] or found:
                        continue
                    h[d2] -= 1
                    if calc(h) == 0:
                        waits = []
                        for w in range(34):
                            if h[w] < 4:
                                h[w] += 1
                                if calc(h) == -1:
                                    waits.append(w)
                                h[w] -= 1
                        found = sum(4 - h[w] for w in waits) > 4
                    h[d2] += 1
                h[k] -= 1
                if found:
                    good += max(0, 4 - c[k] - seen[k])
        rows.append((base, -unseen, -good, d))
    rows.sort()
    return rows


def timed_analysis(label: str, fn: object, inputs: list[object]) -> tuple[float, list[object]]:
    results = []
    start = time.perf_counter()
    for x in inputs:
        results.append(fn(x))  # type: ignore[operator]
    return (time.perf_counter() - start) / len(inputs) * 1000, results


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--hands", type=int, default=20000)
    ap.add_argument("--positions", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--valued", type=int, default=60, help="hands of part 3 (with values)")
    args = ap.parse_args(argv)
    print(
        f"python {platform.python_version()}, mahjong {version('mahjong')}, xiangting {version('xiangting')}, "
        f"riichienv {version('riichienv')}; {args.hands} hands, {args.positions} positions, seed {args.seed}"
    )
    status = 0

    hands = deal(args.hands, args.seed)
    ids = [[4 * k + i for k in range(34) for i in range(c[k])] for c in hands]
    best: dict[str, Timing] = {}
    answers: dict[str, list[int]] = {}
    for _ in range(args.rounds):
        clear_caches()
        passes = [
            timed_pass("ours cold", ours_cold_shanten, hands),
            timed_pass("ours warm", ours_cold_shanten, hands),
            timed_pass("xiangting", xiangting_shanten, hands),
        ]
        t, r = timed_pass("riichienv", riichienv.calculate_shanten, ids)  # type: ignore[arg-type]
        passes.append((t, r))
        for timing, results in passes:
            answers[timing.label] = results
            if timing.label not in best or timing.mean_us < best[timing.label].mean_us:
                best[timing.label] = timing
    for label, results in answers.items():
        bad = [i for i, (a, b) in enumerate(zip(results, answers["ours cold"], strict=True)) if a != b]
        if bad:
            status = 1
            print(f"DISAGREE {label}: {len(bad)} hands, e.g. {kinds_to_mpsz([t // 4 for t in ids[bad[0]]])}")
    print("\nshanten per hand (best round): mean µs, median µs")
    for t in best.values():
        print(f"  {t.label:<10} {t.mean_us:8.3f} {t.median_us:8.3f}")
    print(
        f"  xiangting / ours cold: ×{best['xiangting'].mean_us / best['ours cold'].mean_us:.2f} (mean), "
        f"×{best['xiangting'].median_us / best['ours cold'].median_us:.2f} (median)"
    )
    build = table_build_ms()
    print(
        f"  path: C (_shanten.c), its table of every suit built at import in {build:.0f} ms CPU (a fresh process, once)"
        if build is not None
        else "  path: Python (RIICHI_PURE_PYTHON or RIICHI_NATIVE=0)"
    )

    positions = [c for c in deal(args.positions * 2, args.seed + 1) if sum(c) == 14][: args.positions]
    requests = [
        DiscardsRequest(hand=kinds_to_mpsz([k for k in range(34) for _ in range(c[k])]), values=False)
        for c in positions
    ]
    best_ours = best_ref = float("inf")
    mine: list[object] = []
    for _ in range(args.rounds):
        clear_caches()
        ms, mine = timed_analysis("ours", analyse_discards, requests)  # type: ignore[arg-type]
        best_ours = min(best_ours, ms)
        ms, ref = timed_analysis("mahjong", reference_analysis, positions)  # type: ignore[arg-type]
        best_ref = min(best_ref, ms)
    for c, r, rows in zip(positions, mine, ref, strict=True):
        got = sorted((d.shanten, -d.ukeire_unseen, -(d.good_shape_unseen or 0)) for d in r.discards)  # type: ignore[attr-defined]
        want = sorted(row[:3] for row in rows)  # type: ignore[index]
        if got != want:
            status = 1
            print("DISAGREE analysis:", kinds_to_mpsz([k for k in range(34) for _ in range(c[k])]))
    print(f"\nanalysis of a 14-tile hand, {len(positions)} positions (best round): ms per hand")
    print(f"  ours (analyse_discards, cold caches)  {best_ours:8.3f}")
    print(f"  mahjong package calls                  {best_ref:8.3f}")
    print(f"  mahjong / ours: ×{best_ref / best_ours:.1f}")

    # Part 3: with values, on bench_tenpai.py's hands (tenpai-rich, each in its winning hand's situation).
    bodies = build_requests(args.valued, args.seed)
    valued = [DiscardsRequest(**b) for b in bodies]
    package_hands = [PackageHand(b) for b in bodies]
    seen_of = []
    for b in bodies:
        seen = [0] * 34
        for code in tile_codes(b.get("dora_indicators", "")):
            seen[{"m": 0, "p": 9, "s": 18, "z": 27}[code[1]] + (int(code[0]) or 5) - 1] += 1
        seen_of.append(seen)

    def reference_valued(i: int) -> tuple[object, object]:
        h = package_hands[i]
        return package_analysis(h), reference_analysis(h.counts, seen_of[i])

    clear_core_caches()
    for body, r, i in zip(bodies, [analyse_discards(v) for v in valued], range(len(bodies)), strict=True):
        got = {(d.shanten, -d.ukeire_unseen, -(d.good_shape_unseen or 0)) for d in r.discards}
        want = {row[:3] for row in reference_valued(i)[1]}
        if got != want:
            status = 1
            print("DISAGREE valued analysis:", body)
    best_v: dict[str, Timing3] = {}
    for _ in range(args.rounds):
        for timing in (
            tenpai_timed_pass("ours, values", analyse_discards, valued, clear_core_caches)[0],
            tenpai_timed_pass("mahjong, values", reference_valued, list(range(len(bodies))))[0],
        ):
            if timing.label not in best_v or timing.mean_ms < best_v[timing.label].mean_ms:
                best_v[timing.label] = timing
    ours_v, ref_v = best_v["ours, values"], best_v["mahjong, values"]
    print(f"\nwith values (ron and tsumo of every wait), {len(bodies)} hands of bench_tenpai.py: mean / median ms")
    print(f"  ours (every scoring cache cleared before each hand) {ours_v.mean_ms:8.3f} {ours_v.median_ms:8.3f}")
    print(f"  mahjong package calls (+ HandCalculator per wait)   {ref_v.mean_ms:8.3f} {ref_v.median_ms:8.3f}")
    print(
        f"  mahjong / ours: ×{ref_v.mean_ms / ours_v.mean_ms:.1f} (mean), ×{ref_v.median_ms / ours_v.median_ms:.1f} "
        "(median)"
    )
    return status


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

"""Benchmark: our 14-tile ``/v1/tenpai`` analysis against the ``mahjong`` package doing the same work.

Run from the project root::

    .venv/bin/python bench/bench_tenpai.py [--hands 150] [--seed 0] [--rounds 3]

**The work** (per hand of 14 concealed tiles, no melds): for each distinct discard (a red
five is a discard of its own, as in our answer), the shanten of the 13 left; where tenpai,
the waits (each of the 34 kinds whose copy, added, completes the hand) and, for each wait
that can still physically be won on, its value by ron and by tsumo.

- ours: :func:`service.scoring.tenpai.analyse` of a prepared ``TenpaiRequest`` (the function
  behind ``POST /v1/tenpai``; the answer is its :class:`~service.scoring.tenpai.TenpaiResult`,
  waits' full ``ScoreResult`` included, not encoded to JSON);
- mahjong (the package, version printed): ``Shanten.calculate_shanten`` of the 13 left
  (standard, chiitoitsu and kokushi, the package's defaults, as ours with no melds); where it
  is 0, ``calculate_shanten`` of the 14 after adding each kind held fewer than 4 times (a
  wait is ``-1``); for each wait whose four copies are not all in the hand, the discard and
  the indicators (ours values only those), ``HandCalculator.estimate_hand_value`` by ron and
  by tsumo, configured like our request (:func:`tests.mahjong_ref.mahjong_call`: the
  ``standard`` preset's options — the package's defaults differ: open tanyao and aka dora
  off, yakuman capped at six — seat and round wind, riichi, ippatsu, indicators, honba,
  sticks). A fresh ``HandConfig`` per call (the package writes dora counts into it; ~5 µs,
  timed with the package's work). The wait tile gets a non-red 136-id, as ours values
  ``win_tile`` = ``5m``, not ``0m``.

**The hands** (seeded, built before any timing): two thirds come from
:func:`tests.strategies.seeded_hands` — closed winning hands (standard shape, chiitoitsu,
kokushi, chuuren; hands with melds skipped), whose 13 tiles before the win plus one tile
drawn from the tiles left (not in the hand or the indicators) make a 14-tile hand with at
least one tenpai discard (the drawn tile), in the winning hand's situation (winds, riichi,
ippatsu, indicators, honba, sticks; flags such as haitei that ``/v1/tenpai`` does not take
are dropped). One third are dense one-suit hands (where readings and waits are many): the
fixed ``11223356678889m``, ``11123456789999m``, ``22334455667788p``, then random 14-tile
deals of one suit's 36 tiles kept when some discard is tenpai (by the package's shanten),
with seat wind S or E, round E and one dora indicator from another suit.

**Agreement** is checked on every hand before timing (an untimed pass of each side): the
same shanten for every discard, the same waits, and for each wait the same points by ron
and by tsumo (``ScoreResult.points``, 0 when not a win, against the package's
``cost['main'] + 2 × cost['additional']``, 0 on an error). Disagreements are printed.

**Cold**: before each cold pass, every cache in ``service.scoring`` is cleared as
``bench/bench_core.py`` clears them (every ``functools`` cache, the result cache, the rules
cache), then the pass runs over all hands (later hands meet tables built for earlier ones);
"ours, cold every hand" clears them before *each* hand too (the stricter figure: each hand
pays for all its tables). The package's ``HandDivider`` cache is cleared before its pass.
"ours, warm" runs the same hands again with the caches kept. Each line reports the best of
``--rounds`` rounds (the machine is shared), ms per hand over the pass and the median per
hand, and the package / ours ratio, all measured in this run.
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
from typing import Any, NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mahjong.hand_calculating.divider import HandDivider
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig
from mahjong.shanten import Shanten

from bench.bench_core import clear_core_caches, core_build
from service.scoring.tenpai import TenpaiRequest, TenpaiResult, analyse
from tests.mahjong_ref import mahjong_call, tile_codes
from tests.strategies import seeded_hands

_SUITS = "mpsz"
FIXED_DENSE = ("11223356678889m", "11123456789999m", "22334455667788p")
"""Dense one-suit hands always in the set (the first is issue 17's example)."""
SITUATION = ("seat_wind", "round_wind", "riichi", "double_riichi", "ippatsu", "dora_indicators", "ura_indicators")
"""Fields of a seeded winning hand that a tenpai request takes over (with honba and riichi_sticks)."""

Outcome = dict[str, tuple[int, tuple[tuple[str, int | None, int | None], ...]]]
"""Per discard code: (shanten, ((wait tile, ron points, tsumo points), …)); points None = not valued."""


class Timing(NamedTuple):
    """One timed pass: its label, mean and median ms per hand."""

    label: str
    mean_ms: float
    median_ms: float


def _kind(code: str) -> int:
    rank = int(code[0]) or 5
    return "mpsz".index(code[1]) * 9 + rank - 1


def _name(kind: int) -> str:
    return f"{kind % 9 + 1}{_SUITS[kind // 9]}"


def _mpsz(codes: Sequence[str]) -> str:
    """Compact mpsz, sorted by kind (a red five before its plain copies)."""
    ordered = sorted(codes, key=lambda c: (_kind(c), c[0] != "0"))
    return "".join(
        "".join(c[0] for c in ordered if c[1] == suit) + suit for suit in _SUITS if any(c[1] == suit for c in ordered)
    )


def _left(used: Sequence[str]) -> list[str]:
    """The physical tiles not in ``used`` as codes (one red five per suit, ``0``)."""
    out = []
    for kind in range(34):
        five = kind < 27 and kind % 9 == 4
        plain = sum(1 for c in used if _kind(c) == kind and c[0] != "0")
        red = sum(1 for c in used if _kind(c) == kind and c[0] == "0")
        out += [_name(kind)] * ((3 if five else 4) - plain)
        if five and not red:
            out.append("0" + _SUITS[kind // 9])
    return out


def build_requests(n: int, seed: int) -> list[dict[str, Any]]:
    """``n`` tenpai request bodies of 14 tiles (see the module docstring for the mix)."""
    rng = random.Random(seed)
    bodies: list[dict[str, Any]] = []
    n_dense = n // 3
    for hand in FIXED_DENSE[:n_dense]:
        bodies.append({"hand": hand, "seat_wind": "S", "round_wind": "E", "dora_indicators": "1z"})
    while len(bodies) < n_dense:
        suit = rng.choice("mps")
        deal = rng.sample([c for c in _left([]) if c[1] == suit], 14)  # one of the 5s is the red one
        counts = [0] * 34
        for c in deal:
            counts[_kind(c)] += 1
        if min(_package_shanten_after(counts, _kind(c)) for c in set(deal)) != 0:
            continue
        other = rng.choice([s for s in "mpsz" if s != suit])
        bodies.append(
            {
                "hand": _mpsz(deal),
                "seat_wind": rng.choice("SE"),
                "round_wind": "E",
                "dora_indicators": f"{rng.randint(1, 7 if other == 'z' else 9)}{other}",
            }
        )
    stream = iter(seeded_hands(50 * n, seed))
    while len(bodies) < n:
        won = next(stream)
        if won["melds"]:
            continue
        hand = tile_codes(won["hand"])
        indicators = tile_codes(won["dora_indicators"]) + tile_codes(won["ura_indicators"])
        drawn = rng.choice(_left(hand + indicators))
        body: dict[str, Any] = {"hand": _mpsz([*hand, drawn])}
        body |= {k: won[k] for k in SITUATION if won.get(k)}
        body |= {k: won[k] for k in ("honba", "riichi_sticks") if won.get(k)}
        bodies.append(body)
    return bodies


# --- the package's side ------------------------------------------------------------------


def _package_shanten_after(counts: list[int], kind: int) -> int:
    counts[kind] -= 1
    try:
        return int(Shanten.calculate_shanten(counts))
    finally:
        counts[kind] += 1


class PackageHand:
    """One hand prepared for the package: 136-ids, 34-counts and a score-request template."""

    def __init__(self, body: dict[str, Any]) -> None:
        codes = tile_codes(body["hand"])
        # mahjong_call hands out the 136-ids: the 14 tiles as hand + a dummy win tile
        call = mahjong_call({"hand": codes[:-1], "win_tile": codes[-1], **_situation(body)})
        self.ids: list[int] = list(call["tiles"])
        self.codes = codes
        self.counts = [0] * 34
        for tile_id in self.ids:
            self.counts[tile_id // 4] += 1
        self.indicators = [0] * 34
        for tile_id in call["dora_indicators"] + call["ura_dora_indicators"]:
            self.indicators[tile_id // 4] += 1
        self.dora = call["dora_indicators"]
        self.ura = call["ura_dora_indicators"]
        self.options = call["config"].options
        self.config_kw = {k: getattr(call["config"], k) for k in _CONFIG_FIELDS}

    def config(self, tsumo: bool) -> HandConfig:
        return HandConfig(is_tsumo=tsumo, options=self.options, **self.config_kw)


_CONFIG_FIELDS = (
    "is_riichi",
    "is_daburu_riichi",
    "is_ippatsu",
    "tsumi_number",
    "kyoutaku_number",
    "player_wind",
    "round_wind",
)


def _situation(body: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in body.items() if k != "hand"}


def _points(result: Any) -> int:
    if result.error:
        return 0
    return int(result.cost["main"] + 2 * result.cost["additional"])


def package_analysis(h: PackageHand) -> Outcome:
    """The package's per-discard analysis of one hand (see the module docstring)."""
    out: Outcome = {}
    counts = h.counts
    for code in dict.fromkeys(h.codes):
        kind = _kind(code)
        red = code[0] == "0"
        # the id of this code: the red one or a plain one, as ours removes the code itself
        gone = next(i for i in h.ids if i // 4 == kind and ((i in (16, 52, 88)) == red or not h.options.has_aka_dora))
        ids = [i for i in h.ids if i != gone]
        counts[kind] -= 1
        s = int(Shanten.calculate_shanten(counts))
        waits: list[tuple[str, int | None, int | None]] = []
        if s == 0:
            for k in range(34):
                if counts[k] >= 4:
                    continue
                counts[k] += 1
                done = Shanten.calculate_shanten(counts) == -1
                counts[k] -= 1
                if not done:
                    continue
                if counts[k] + h.indicators[k] + (k == kind) >= 4:
                    waits.append((_name(k), None, None))
                    continue
                taken = set(ids) | {gone}
                free = [i for i in range(4 * k, 4 * k + 4) if i not in taken]
                win = next((i for i in free if i not in (16, 52, 88)), free[0])
                tiles = [*ids, win]
                ron = HandCalculator.estimate_hand_value(
                    tiles, win, dora_indicators=h.dora, ura_dora_indicators=h.ura, config=h.config(False)
                )
                tsumo = HandCalculator.estimate_hand_value(
                    tiles, win, dora_indicators=h.dora, ura_dora_indicators=h.ura, config=h.config(True)
                )
                waits.append((_name(k), _points(ron), _points(tsumo)))
        counts[kind] += 1
        out[code] = (s, tuple(waits))
    return out


# --- our side ----------------------------------------------------------------------------


def our_outcome(result: TenpaiResult) -> Outcome:
    """Our answer in the shape of :func:`package_analysis`'s."""
    assert result.discards is not None
    return {
        d.discard: (
            d.shanten,
            tuple(
                (
                    w.tile,
                    None if w.ron is None else (w.ron.points if w.ron.is_win else 0),
                    None if w.tsumo is None else (w.tsumo.points if w.tsumo.is_win else 0),
                )
                for w in d.waits
            ),
        )
        for d in result.discards
    }


def timed_pass(
    label: str, fn: Callable[[Any], Any], items: Sequence[Any], before_each: Callable[[], object] | None = None
) -> tuple[Timing, list[Any]]:
    """Run ``fn`` on every item, timing each (``before_each`` runs untimed before each item)."""
    per_item: list[int] = []
    results: list[Any] = []
    clock = time.perf_counter_ns
    gc.collect()
    total = 0
    for item in items:
        if before_each is not None:
            before_each()
        t0 = clock()
        results.append(fn(item))
        t = clock() - t0
        per_item.append(t)
        total += t
    return Timing(label, total / len(items) / 1e6, statistics.median(per_item) / 1e6), results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=150, help="number of 14-tile hands")
    parser.add_argument("--seed", type=int, default=0, help="seed of the hand generator")
    parser.add_argument("--rounds", type=int, default=3, help="rounds; each line reports its best round")
    args = parser.parse_args(argv)

    bodies = build_requests(args.hands, args.seed)
    requests = [TenpaiRequest(**b) for b in bodies]
    package_hands = [PackageHand(b) for b in bodies]

    # agreement, untimed
    clear_core_caches()
    ours_out = [our_outcome(analyse(r)) for r in requests]
    theirs_out = [package_analysis(h) for h in package_hands]
    disagreements = 0
    for body, a, b in zip(bodies, ours_out, theirs_out, strict=True):
        if a != b:
            disagreements += 1
            if disagreements <= 10:
                diff = {k: (a.get(k), b.get(k)) for k in a.keys() | b.keys() if a.get(k) != b.get(k)}
                print(f"disagreement on {body}: (ours, mahjong) {diff}", file=sys.stderr)
    tenpai_discards = sum(1 for o in ours_out for s, _ in o.values() if s == 0)
    waits = sum(len(w) for o in ours_out for _, w in o.values())

    best: dict[str, Timing] = {}
    for _ in range(args.rounds):
        timings = []
        clear_core_caches()
        timings.append(timed_pass("ours, cold pass", analyse, requests)[0])
        timings.append(timed_pass("ours, warm", analyse, requests)[0])
        timings.append(timed_pass("ours, cold every hand", analyse, requests, before_each=clear_core_caches)[0])
        HandDivider._divide_hand_impl.cache_clear()
        timings.append(timed_pass(f"mahjong {version('mahjong')}", package_analysis, package_hands)[0])
        for t in timings:
            if t.label not in best or t.mean_ms < best[t.label].mean_ms:
                best[t.label] = t

    print(
        f"{len(bodies)} 14-tile hands (seed {args.seed}; {args.hands // 3} dense one-suit), {tenpai_discards} tenpai "
        f"discards, {waits} waits valued by ron and tsumo; best of {args.rounds} rounds; "
        f"Python {platform.python_version()}, mahjong {version('mahjong')}; core build: {core_build()}"
    )
    print(f"agreement (shanten per discard, waits, ron/tsumo points): {len(bodies) - disagreements} of {len(bodies)}")
    package = best[f"mahjong {version('mahjong')}"]
    print(f"{'pass':<24}{'ms/hand':>9}{'median ms':>11}{'mahjong / ours':>16}")
    for t in best.values():
        print(f"{t.label:<24}{t.mean_ms:>9.3f}{t.median_ms:>11.3f}{package.mean_ms / t.mean_ms:>15.1f}x")
    return 1 if disagreements else 0


if __name__ == "__main__":
    raise SystemExit(main())

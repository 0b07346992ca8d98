"""Benchmark: ``POST /v1/score/batch`` in-process against the core's cold pass, in one run (issue 17).

Run from the project root::

    .venv/bin/python bench/bench_batch.py [--rounds 5] [--stages]

Each round times, over the same fresh hands (the 2,000 seeded hands of ``bench/bench_core.py``,
honba and riichi sticks numbered as ``bench/wrk_load.lua`` numbers them, so no hand repeats and
the whole-result cache never hits):

- ``core, cold``: ``bench_core.py``'s cold pass (every cache of ``service.scoring`` cleared first;
  the reference of the batch target, as ``bench_http.py`` uses it);
- ``core, fresh``: the same requests, already decoded, with only the result cache cleared (the
  per-hand decomposition caches warm, as in a batch of fresh hands on a server that has been up);
- ``batch ×100`` and ``batch ×1000``: the production app (``service.app.create_app()``, every
  layer, the access log to ``/dev/null``) called as an ASGI application, one ``POST
  /v1/score/batch`` at a time, the bodies built before timing; the answers' bytes kept out of
  the timing; the result cache cleared before each pass (so no hand of it was scored before,
  the core passes' included: the first numbers repeat the seeded hands, whose honba and sticks are
  mostly 0), the decomposition caches warm.

Prints µs a hand (minimum over ``--rounds``) and each batch's share of the core's cold hands/s
(the issue's ratio; over HTTP ``bench_http.py --only batch-fresh`` measures it end to end). With
``--stages``, also the batch's stages timed apart over the same 1,000-hand bodies (envelope
decode, the strict per-hand decode, the route's C read and its
answers as JSON, score, encode).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import msgspec

from bench.bench_asgi import lifespan, scope
from bench.bench_core import clear_core_caches, ours_calls, timed_pass
from tests.strategies import seeded_hands


def fresh_hands(count: int, first: int, templates: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``count`` requests numbered from ``first``: template ``n mod len``, honba and sticks from ``n // len``."""
    out = []
    for n in range(first, first + count):
        k = n // len(templates)
        out.append({**templates[n % len(templates)], "honba": k % 101, "riichi_sticks": k // 101 % 101})
    return out


def batch_bodies(size: int, total: int, first: int, templates: list[dict[str, Any]]) -> list[bytes]:
    """``total // size`` batch bodies of ``size`` fresh hands each, numbered from ``first``."""
    hands = fresh_hands(total, first, templates)
    return [json.dumps({"hands": hands[i : i + size]}).encode() for i in range(0, total, size)]


async def drive(app: Any, bodies: list[bytes]) -> float:
    """Post every body to ``app`` in turn; seconds taken. Raises if an answer is not 200."""
    statuses: list[int] = []

    async def send(message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start":
            statuses.append(message["status"])

    started = time.perf_counter()
    for body in bodies:
        event = {"type": "http.request", "body": body, "more_body": False}

        async def receive(event: dict[str, Any] = event) -> dict[str, Any]:
            return event

        await app(scope(body, "/v1/score/batch"), receive, send)
    seconds = time.perf_counter() - started
    if any(s != 200 for s in statuses):
        raise RuntimeError(f"answers not 200: {sorted(set(statuses))}")
    return seconds


def stages(bodies: list[bytes]) -> dict[str, float]:
    """The batch's stages timed apart over ``bodies`` (fresh), ns a hand: one pass each."""
    from service.api.plumbing.answers import _ENCODER
    from service.api.routes.batch import BatchRequest, BatchResult, score_item
    from service.scoring import ScoreRequest, score
    from service.scoring.batch import parse_batch
    from service.scoring.native import score_parsed_run
    from service.scoring.result_cache import result_cache_clear

    hands = sum(len(json.loads(b)["hands"]) for b in bodies)
    clock = time.perf_counter_ns
    envelope = msgspec.json.Decoder(BatchRequest)
    whole_type = msgspec.defstruct("Whole", [("hands", list[ScoreRequest])], forbid_unknown_fields=True)
    whole = msgspec.json.Decoder(whole_type)
    out: dict[str, float] = {}
    gc.collect()
    t0 = clock()
    raws = [envelope.decode(b).hands for b in bodies]
    out["envelope decode (Raw hands)"] = (clock() - t0) / hands
    single = msgspec.json.Decoder(ScoreRequest)
    t0 = clock()
    requests = [[single.decode(r) for r in rs] for rs in raws]
    out["per-hand strict decode"] = (clock() - t0) / hands
    t0 = clock()
    for b in bodies:
        whole.decode(b)
    out["whole envelope decode into ScoreRequest"] = (clock() - t0) / hands
    parsed = []
    t0 = clock()
    for b in bodies:
        parsed.append(parse_batch(b, 1000))
    out["the route's C read (parse_batch)"] = (clock() - t0) / hands
    if all(p is not None for p in parsed):
        t0 = clock()
        for batch, count in parsed:  # type: ignore[misc]
            i = 0
            while i < count:  # the route's chunks of 50; a hand the C code leaves is skipped here
                _, reached = score_parsed_run(batch, i, min(i + 50, count), 0)
                i = reached if reached > i else i + 1
        out["score_parsed_run (answers as JSON)"] = (clock() - t0) / hands
    result_cache_clear()
    t0 = clock()
    results = [[score(r) for r in rs] for rs in requests]
    out["score (fresh)"] = (clock() - t0) / hands
    result_cache_clear()
    t0 = clock()
    items = [[score_item(i, r) for i, r in enumerate(rs)] for rs in raws]
    out["score_item (decode + score + isolation)"] = (clock() - t0) / hands
    t0 = clock()
    for rs in results:
        _ENCODER.encode(BatchResult(results=rs))
    out["encode results"] = (clock() - t0) / hands
    assert [[msgspec.json.encode(x) for x in rs] for rs in items] == [
        [msgspec.json.encode(x) for x in rs] for rs in results
    ]
    return out


SIZES = (100, 1000)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="rounds (minimum reported)")
    parser.add_argument("--hands", type=int, default=2000, help="distinct seeded hands (a pass)")
    parser.add_argument("--stages", action="store_true", help="also time the batch's stages apart")
    args = parser.parse_args(argv)

    from service.api.telemetry.logs import configure_logging
    from service.app import create_app
    from service.scoring import ScoreRequest, score
    from service.scoring.result_cache import result_cache_clear

    templates = [dict(h) for h in seeded_hands(args.hands, 0)]
    requests = [msgspec.convert(h, ScoreRequest) for h in templates]
    app = create_app()
    configure_logging(stream=open("/dev/null", "w"))  # noqa: SIM115 - kept open for the run
    loop = asyncio.new_event_loop()
    loop.run_until_complete(lifespan(app))
    best: dict[str, float] = {}
    first = args.hands  # from k = 1: honba and sticks not all 0
    for _ in range(args.rounds):
        clear_core_caches()
        timing, _ = timed_pass("core, cold", ours_calls(requests))
        best["core, cold"] = min(best.get("core, cold", 1e9), 1e6 / timing.hands_per_s)
        result_cache_clear()
        gc.collect()
        started = time.perf_counter()
        for r in requests:
            score(r)
        best["core, fresh"] = min(best.get("core, fresh", 1e9), (time.perf_counter() - started) / len(requests) * 1e6)
        for size in SIZES:
            bodies = batch_bodies(size, args.hands, first, templates)
            first += args.hands
            result_cache_clear()  # none of these hands was scored before, the core's passes' hands included
            gc.collect()
            seconds = loop.run_until_complete(drive(app, bodies))
            label = f"batch ×{size}"
            best[label] = min(best.get(label, 1e9), seconds / args.hands * 1e6)
    print(f"{args.hands} fresh hands a pass, min of {args.rounds} rounds; µs a hand")
    cold = best["core, cold"]
    for label, us in best.items():
        share = f"{cold / us:>7.0%} of the core's cold hands/s" if label.startswith("batch") else ""
        print(f"{label:14}{us:>8.2f} µs {1e6 / us:>10,.0f} hands/s {share}")
    if args.stages:
        bodies = batch_bodies(1000, args.hands, first, templates)
        for label, ns in stages(bodies).items():
            print(f"  {label:44}{ns / 1000:>7.2f} µs a hand")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Benchmark: the cost of one request inside the ASGI app, layer by layer, without a server.

Run from the project root::

    .venv/bin/python bench/bench_asgi.py [--requests 20000] [--rounds 5]

Calls ASGI applications directly (one asyncio loop, one request at a time: the scope, a
``receive`` giving the body in one event, a ``send`` that keeps nothing), with the bodies of
``bench/bench_http.py``'s fresh ``/v1/score`` load (the 2,000 seeded hands, honba and riichi
sticks varied so no request repeats and the whole-result cache never hits). What the server
adds (granian's parsing, the event loop's wake-ups, the socket) is the same for every app and
is not in these figures; ``bench_http.py`` measures it end to end.

Apps measured in turn, round by round (best round reported, µs per request):

- ``bare``: :mod:`bench.bare_app` (litestar + msgspec, one POST route, no middleware);
- ``bare + outer layer``: the bare app inside our outer ASGI layer alone
  (:class:`service.api.plumbing.middleware.RequestContextMiddleware`: hygiene, security and cache headers,
  request id, access log, metrics);
- ``ours, routes only``: our app's litestar handler without the outer layers;
- ``ours``: ``service.app.create_app()`` as served (``/v1/score``);
- ``core score()``: :func:`service.scoring.score` on the same requests, already decoded.

The access log goes to ``/dev/null`` through the service's own logging configuration, so its
rendering is measured and its writing costs what a pipe would.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import msgspec

from tests.strategies import seeded_hands

ASGI = Callable[
    [dict[str, Any], Callable[[], Awaitable[dict[str, Any]]], Callable[[dict[str, Any]], Awaitable[None]]],
    Awaitable[None],
]


def bodies(count: int, hands: int = 2000, seed: int = 0) -> list[bytes]:
    """``count`` distinct score bodies: the seeded hands cycled, honba and sticks numbered as wrk_load.lua does."""
    base = [dict(h) for h in seeded_hands(hands, seed)]
    out = []
    for n in range(count):
        k = n // len(base)
        body = {**base[n % len(base)], "honba": k % 101, "riichi_sticks": k // 101 % 101}
        out.append(json.dumps(body).encode())
    return out


def scope(body: bytes, path: str = "/v1/score", language: bytes | None = None) -> dict[str, Any]:
    """An HTTP/1.1 ``POST path`` scope as granian builds it, with the headers wrk sends (and ``Accept-Language``)."""
    headers = [
        (b"host", b"127.0.0.1:8000"),
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
    ]
    if language is not None:
        headers.append((b"accept-language", language))
    return {
        "type": "http",
        "asgi": {"version": "3.0", "spec_version": "2.3"},
        "http_version": "1.1",
        "server": ("127.0.0.1", 8000),
        "client": ("127.0.0.1", 50000),
        "scheme": "http",
        "method": "POST",
        "root_path": "",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "headers": headers,
        "state": {},
    }


async def drive(app: ASGI, requests: list[bytes]) -> tuple[float, int]:
    """Send every request through ``app``; seconds taken and the count of non-200 answers."""
    bad = 0

    async def send(message: dict[str, Any]) -> None:
        nonlocal bad
        if message["type"] == "http.response.start" and message["status"] != 200:
            bad += 1

    started = time.perf_counter()
    for body in requests:
        event = {"type": "http.request", "body": body, "more_body": False}

        async def receive(event: dict[str, Any] = event) -> dict[str, Any]:
            return event

        await app(scope(body), receive, send)
    return time.perf_counter() - started, bad


async def lifespan(app: ASGI) -> None:
    """Run the app's startup (litestar apps mark themselves ready there)."""
    queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
    await queue.put({"type": "lifespan.startup"})
    done = asyncio.Event()

    async def receive() -> dict[str, Any]:
        return await queue.get()

    async def send(message: dict[str, Any]) -> None:
        if message["type"].startswith("lifespan.startup"):
            done.set()

    task = asyncio.ensure_future(app({"type": "lifespan", "asgi": {"version": "3.0"}, "state": {}}, receive, send))
    await done.wait()
    _LIFESPANS.append(task)  # kept: the app's lifespan runs until the process ends


_LIFESPANS: list[asyncio.Future[None]] = []


def apps() -> dict[str, ASGI]:
    """The apps measured, by label (see the module docstring)."""
    from bench import bare_app
    from service.api.plumbing.middleware import RequestContextMiddleware
    from service.api.telemetry.logs import configure_logging
    from service.api.telemetry.metrics import Metrics
    from service.app import create_app

    ours = create_app()
    routes_only = create_app()
    routes_only.asgi_handler = routes_only.asgi_handler.app  # type: ignore[attr-defined]
    configure_logging(stream=open("/dev/null", "w"))  # noqa: SIM115 - kept open for the run
    with_context = bare_app.create_bare_app()
    with_context.asgi_handler = RequestContextMiddleware(with_context.asgi_handler, Metrics())
    found = {
        "bare": bare_app.create_bare_app(),
        "bare + outer layer": with_context,
        "ours, routes only": routes_only,
        "ours": ours,
    }
    return found  # type: ignore[return-value]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=20000, help="distinct requests per pass")
    parser.add_argument("--rounds", type=int, default=5, help="passes per app (best reported)")
    args = parser.parse_args(argv)
    from service.scoring import ScoreRequest, score
    from service.scoring.result_cache import result_cache_clear

    requests = bodies(args.requests)
    loop = asyncio.new_event_loop()
    measured = apps()
    for app in measured.values():
        loop.run_until_complete(lifespan(app))  # type: ignore[arg-type]
    decoded = [msgspec.json.decode(b, type=ScoreRequest) for b in requests]
    best: dict[str, float] = {}
    for _ in range(args.rounds):
        for label, app in measured.items():
            result_cache_clear()
            gc.collect()
            seconds, bad = loop.run_until_complete(drive(app, requests))
            if bad:
                print(f"{label}: {bad} answers were not 200", file=sys.stderr)
                return 1
            best[label] = min(best.get(label, 1e9), seconds / len(requests) * 1e6)
        result_cache_clear()
        started = time.perf_counter()
        for r in decoded:
            score(r)
        best["core score()"] = min(best.get("core score()", 1e9), (time.perf_counter() - started) / len(decoded) * 1e6)
    print(f"{args.requests} fresh /v1/score requests per pass, best of {args.rounds}; µs per request")
    for label, us in best.items():
        print(f"{label:45}{us:>9.1f}{us - best['bare']:>+9.1f} vs bare")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The floor of ``POST /v1/logs/replay`` over HTTP: a bare app that reads the body, replays it and answers the
JSON, nothing else (no routing, no middleware, no litestar, no checks of the request): ``app`` under granian's
ASGI interface, ``rsgi`` under its own (RSGI). ``bench/bench_replay.py --floor`` serves both beside the service,
which tells the server's own cost a request (the floor's above in process) from the app's (ours above the
floor)."""

from __future__ import annotations

from typing import Any

from service.api.routes.logs import _ENCODERS
from service.logs import read_log, replay

_START = {"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"application/json")]}


async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
    if scope["type"] != "http":
        if scope["type"] == "lifespan":
            while True:
                event = (await receive())["type"]
                await send({"type": event + ".complete"})  # lifespan.startup.complete, lifespan.shutdown.complete
                if event == "lifespan.shutdown":
                    return
        return
    if scope["path"] == "/ready":
        await send(_START)
        await send({"type": "http.response.body", "body": b"{}"})
        return
    chunks = []
    while True:
        message = await receive()
        chunks.append(message.get("body", b""))
        if not message.get("more_body", False):
            break
    body = _ENCODERS["en"].encode(replay(read_log(b"".join(chunks))))
    await send(_START)
    await send({"type": "http.response.body", "body": body})


class _RSGI:
    """The same under granian's own interface (``--interface rsgi``): the body read at once, the answer in one call."""

    async def __rsgi__(self, scope: Any, protocol: Any) -> None:
        if scope.path == "/ready":
            protocol.response_bytes(200, [("content-type", "application/json")], b"{}")
            return
        body = _ENCODERS["en"].encode(replay(read_log(await protocol())))
        protocol.response_bytes(200, [("content-type", "application/json")], body)


rsgi = _RSGI()

"""The do-nothing ASGI app of ``bench/bench_io_floor.py``: the server's own cost of a batch call.

Every request's body is read to its end and answered 200 with the real answer of a batch of the seeded
hands (``POST /100``: 100 hands, ``POST /1000``: 1,000; any other path, ``GET /ready`` included, an empty
JSON object), encoded once at import: what granian, the loop and the kernel cost to move a batch call's
bytes, with no framework, decoding or scoring.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import msgspec

from service.api.routes.batch import BatchResult
from service.scoring import ScoreRequest, score
from tests.strategies import seeded_hands


def _answer(size: int) -> bytes:
    hands = seeded_hands(size, seed=0)
    results = [score(msgspec.convert(hand, ScoreRequest)) for hand in hands]
    return msgspec.json.encode(BatchResult(results=results))


ANSWERS = {"/100": _answer(100), "/1000": _answer(1000)}
"""The answer by path: what ``POST /v1/score/batch`` answers for 100 or 1,000 seeded hands (~1 KB a hand)."""


async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
    """Read the body, answer the prepared bytes."""
    if scope["type"] != "http":
        return
    while True:
        message = await receive()
        if not message.get("more_body", False):
            break
    body = ANSWERS.get(scope["path"], b"{}")
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": 200, "headers": headers})
    await send({"type": "http.response.body", "body": body})

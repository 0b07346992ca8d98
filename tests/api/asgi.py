"""One raw ASGI request through a whole app (outer middleware included), for the tests that need what the
test client cannot send: no ``Host``, a body in chunks, a client gone mid-body."""

from __future__ import annotations

import asyncio
from typing import Any


def asgi_request(
    app: Any,
    method: str,
    path: str,
    headers: list[tuple[bytes, bytes]],
    events: list[dict[str, Any]],
    http_version: str = "1.1",
) -> list[dict[str, Any]]:
    """Run ``method path`` with ``headers`` through ``app``, ``receive`` returning ``events`` and then
    ``http.disconnect``; every message the app sent, in order."""
    sent: list[dict[str, Any]] = []
    pending = list(events)

    async def receive() -> dict[str, Any]:
        return pending.pop(0) if pending else {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {
        "type": "http",
        "asgi": {"version": "3.0", "spec_version": "2.3"},
        "http_version": http_version,
        "method": method,
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "root_path": "",
        "query_string": b"",
        "headers": headers,
        "client": ("127.0.0.1", 50000),
        "server": ("127.0.0.1", 8000),
        "state": {},
    }
    asyncio.run(app(scope, receive, send))
    return sent

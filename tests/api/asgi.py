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


def post_json(
    app: Any, path: str, body: bytes, *, chunked: bool, language: bytes | None = None
) -> tuple[int, list[Any], bytes]:
    """``POST path`` with the JSON ``body`` through the whole app: status, sorted headers, body.

    With a ``Content-Length`` (the request takes the direct path, :mod:`service.api.plumbing.fastpath`), or
    ``chunked``: no length, the body in two events (litestar's own path). The request id is the same
    (``same``) every time, so two answers can be compared whole."""
    headers = [(b"host", b"x"), (b"content-type", b"application/json"), (b"x-request-id", b"same")]
    if not chunked:
        headers.append((b"content-length", str(len(body)).encode()))
    if language is not None:
        headers.append((b"accept-language", language))
    half = len(body) // 2
    events = (
        [
            {"type": "http.request", "body": body[:half], "more_body": True},
            {"type": "http.request", "body": body[half:]},
        ]
        if chunked
        else [{"type": "http.request", "body": body}]
    )
    sent = asgi_request(app, "POST", path, headers, events)
    start = sent[0]
    return start["status"], sorted(start["headers"]), b"".join(m.get("body", b"") for m in sent[1:])

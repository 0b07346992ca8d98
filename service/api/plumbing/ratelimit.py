"""The rate limit of ``/v1/…``: a fixed window per client, counted atomically in one step.

A client (:func:`service.api.plumbing.guards.client_identifier`: its API key's digest, else its address) may send
``limit`` requests per window of ``seconds``; the window starts at its first request. Every request is
*one* atomic step of the counter, so concurrent requests can never both see the last free place:

- :class:`LocalWindows`: in the process (no ``await`` between reading and writing the count); each
  worker counts alone;
- :class:`RedisWindows`: in Redis, one round trip per request (a Lua script: ``INCR``, and ``PEXPIRE`` on
  the window's first request), so every worker and replica counts together. Its client waits at most
  ``timeout`` seconds (connect or answer) and is never retried. A circuit breaker stands in front: after
  :data:`BREAKER_FAILURES` failures in a row Redis is not asked at all for ``retry_after`` seconds, then
  one request probes it; while it is open every request is decided at once, without Redis, as
  ``RIICHI_RATE_LIMIT_REDIS_DOWN`` says: ``pass`` (the default: served uncounted) or ``refuse`` (a 503
  problem with ``Retry-After``). One warning line when the breaker opens (``rate_limit_store_down``),
  one info line when Redis answers again (``rate_limit_store_back``), and two counters:
  ``riichi_rate_limit_store_failures_total{error}`` and ``riichi_rate_limit_unchecked_total{decision}``.

Every limited answer carries ``RateLimit-Limit``, ``RateLimit-Remaining``, ``RateLimit-Reset`` (seconds)
and ``RateLimit-Policy`` (``N;w=S``); over the limit, a 429 problem (``/problems/too-many-requests``)
with ``Retry-After``, the seconds until the window ends.
"""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Awaitable, Callable
from typing import Final, Protocol

import structlog
from litestar.enums import ScopeType
from litestar.types import ASGIApp, Message, Receive, Scope, Send
from prometheus_client import CollectorRegistry, Counter

from .errors import problem

__all__ = [
    "BREAKER_FAILURES",
    "LocalWindows",
    "RateLimitMetrics",
    "RateLimitMiddleware",
    "RedisWindows",
    "Windows",
]

_log = structlog.get_logger("service.guards")

BREAKER_FAILURES: Final = 3
"""Failed Redis calls in a row that open the breaker."""

_LOCAL_PRUNE_AT: Final = 10_000
"""Clients :class:`LocalWindows` holds before it drops the ended windows."""

_WINDOW_SCRIPT: Final = """
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local left = redis.call('PTTL', KEYS[1])
if left < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); left = tonumber(ARGV[1]) end
return {count, left}
"""
"""One window step in Redis: the request's number in its window and the window's milliseconds left."""


class Windows(Protocol):
    """A counter of requests per client and window."""

    async def hit(self, key: str) -> tuple[int, float] | None:
        """Count one request of ``key``: its number in the window (1 = first) and the seconds left in the
        window, or None when the count cannot be known (the store is down)."""


class LocalWindows:
    """Fixed windows of ``seconds`` in this process's memory (see the module docstring)."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.windows: dict[str, list[float]] = {}  # key -> [end (time.monotonic), count]

    async def hit(self, key: str) -> tuple[int, float] | None:
        """One step, with no ``await``: atomic within the process.

        >>> def finish(step):    # ``hit`` never awaits: one send runs it to its return
        ...     try:
        ...         step.send(None)
        ...     except StopIteration as done:
        ...         return done.value
        >>> w = LocalWindows(60)
        >>> [finish(w.hit("a"))[0] for _ in range(3)], finish(w.hit("b"))[0]
        ([1, 2, 3], 1)
        """
        now = time.monotonic()
        window = self.windows.get(key)
        if window is None or window[0] <= now:
            if len(self.windows) >= _LOCAL_PRUNE_AT:
                self.windows = {k: w for k, w in self.windows.items() if w[0] > now}
            window = self.windows[key] = [now + self.seconds, 0]
        window[1] += 1
        return int(window[1]), window[0] - now


class RateLimitMetrics:
    """The rate limit's two counters on ``registry`` (see the module docstring)."""

    def __init__(self, registry: CollectorRegistry | None) -> None:
        self.failures = Counter(
            "riichi_rate_limit_store_failures",
            "Calls to the rate limits' Redis that failed or timed out, by error.",
            ["error"],
            registry=registry,
        )
        self.unchecked = Counter(
            "riichi_rate_limit_unchecked",
            "Requests decided without the rate limits' Redis (down, or its breaker open): passed or refused.",
            ["decision"],
            registry=registry,
        )


class RedisWindows:
    """Fixed windows of ``seconds`` in Redis at ``url``, behind a circuit breaker (see the module docstring).

    ``timeout``: seconds to wait for Redis (connect, or an answer); ``retry_after``: seconds the breaker
    stays open before one request probes Redis again.
    """

    def __init__(self, url: str, seconds: float, timeout: float, retry_after: float, metrics: RateLimitMetrics) -> None:
        from redis.asyncio import Redis  # imported only when configured
        from redis.backoff import NoBackoff
        from redis.retry import Retry

        self.client = Redis.from_url(
            url,
            socket_timeout=timeout,
            socket_connect_timeout=timeout,
            retry=Retry(NoBackoff(), 0),  # no retry: a slow Redis must not cost a request more than one wait
            retry_on_timeout=False,
        )
        self.script = self.client.register_script(_WINDOW_SCRIPT)
        self.window_ms = str(max(1, int(seconds * 1000)))
        self.timeout = timeout
        self.retry_after = retry_after
        self.metrics = metrics
        self.failures = 0
        self.open_until = 0.0  # time.monotonic() until which Redis is not asked; 0: closed
        self.probing = False

    async def hit(self, key: str) -> tuple[int, float] | None:
        """One step in Redis, or None at once while the breaker is open (or while one request probes it)."""
        probe = False
        if self.open_until:
            if self.probing or time.monotonic() < self.open_until:
                return None
            probe = self.probing = True
        try:
            # redis' own timeouts bound the wait; this one is a backstop should a call hang elsewhere
            async with asyncio.timeout(self.timeout * 3):
                count, left_ms = await self.script(keys=["riichi:rl:" + key], args=[self.window_ms])
        except Exception as exc:  # redis' ConnectionError, TimeoutError, ResponseError; OSError; asyncio's timeout
            self._failed(type(exc).__name__, probe)
            return None
        finally:
            if probe:
                self.probing = False
        if self.open_until:
            self.open_until = 0.0
            _log.info("rate_limit_store_back")
        self.failures = 0
        return int(count), int(left_ms) / 1000

    def _failed(self, error: str, probe: bool) -> None:
        self.metrics.failures.labels(error).inc()
        self.failures += 1
        if probe or (not self.open_until and self.failures >= BREAKER_FAILURES):
            if not probe:
                _log.warning(
                    "rate_limit_store_down",
                    error=error,
                    failures=self.failures,
                    retry_after_seconds=self.retry_after,
                )
            self.open_until = time.monotonic() + self.retry_after


class RateLimitMiddleware:
    """Counts each request ``identify(scope)`` names on ``windows`` for which ``limited(scope)`` holds: at most
    ``limit`` per window of ``seconds``; ``refuse_unchecked``: refuse (503) rather than pass the requests
    the counter cannot count."""

    def __init__(
        self,
        app: ASGIApp,
        *,
        windows: Windows,
        limit: int,
        seconds: int,
        identify: Callable[[Scope], str],
        limited: Callable[[Scope], bool],
        metrics: RateLimitMetrics,
        refuse_unchecked: bool,
        retry_after: float,
    ) -> None:
        self.app = app
        self.windows = windows
        self.limit = limit
        self.identify = identify
        self.limited = limited
        self.metrics = metrics
        self.refuse_unchecked = refuse_unchecked
        self.retry_after = str(max(1, math.ceil(retry_after)))
        self.policy = f"{limit};w={seconds}".encode()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass the request on with the RateLimit headers, or raise the 429 (or 503) problem."""
        if scope["type"] != ScopeType.HTTP or not self.limited(scope):
            await self.app(scope, receive, send)
            return
        counted = await self.windows.hit(self.identify(scope))
        if counted is None:
            if self.refuse_unchecked:
                self.metrics.unchecked.labels("refuse").inc()
                raise problem(
                    503,
                    "The rate limit cannot be checked just now; try again after Retry-After seconds.",
                    headers={"Retry-After": self.retry_after},
                )
            self.metrics.unchecked.labels("pass").inc()
            await self.app(scope, receive, send)
            return
        count, left = counted
        reset = str(max(1, math.ceil(left)))
        remaining = str(max(0, self.limit - count))
        if count > self.limit:
            raise problem(
                429,
                "Too many requests from this client; retry after Retry-After seconds.",
                headers={
                    "Retry-After": reset,
                    "RateLimit-Limit": str(self.limit),
                    "RateLimit-Remaining": remaining,
                    "RateLimit-Reset": reset,
                    "RateLimit-Policy": self.policy.decode(),
                },
            )
        headers = [
            (b"ratelimit-limit", str(self.limit).encode()),
            (b"ratelimit-remaining", remaining.encode()),
            (b"ratelimit-reset", reset.encode()),
            (b"ratelimit-policy", self.policy),
        ]
        await self.app(scope, receive, _with_headers(send, headers))


def _with_headers(send: Send, headers: list[tuple[bytes, bytes]]) -> Callable[[Message], Awaitable[None]]:
    async def wrapped(message: Message) -> None:
        if message["type"] == "http.response.start":
            message = {**message, "headers": [*message.get("headers", ()), *headers]}
        await send(message)

    return wrapped

"""Public-deployment guards, all off by default, each turned on by the environment.

- ``RIICHI_API_KEYS`` (comma-separated) or ``RIICHI_API_KEYS_FILE`` (one key a line): every ``/v1/…``
  request must carry one of the keys, as ``X-API-Key`` or ``Authorization: Bearer``; otherwise a 401
  problem with ``WWW-Authenticate: ApiKey``. Keys are compared with :func:`hmac.compare_digest`
  against every configured key (no early exit), and never logged (the access log has no headers).
- ``RIICHI_RATE_LIMIT`` (``N/second``, ``N/minute``, ``N/hour``, ``N/day``): litestar's
  :class:`~litestar.middleware.rate_limit.RateLimitConfig` on ``/v1/…`` per client (its API key's
  digest, else its address: ``X-Real-IP`` when ``RIICHI_TRUST_PROXY=1``, as nginx sets it), with a
  shared store when ``RIICHI_RATE_LIMIT_REDIS_URL`` is set (litestar's ``RedisStore``: every worker and
  replica counts together; otherwise each process counts alone). Over the limit: a 429 problem with
  ``Retry-After`` and the ``RateLimit-*`` headers. Redis down or slow (over 0.25 s): requests pass
  uncounted, with a warning each (:class:`FailOpenStore`), never a 500.
- ``RIICHI_CORS_ORIGINS`` (comma-separated origins): litestar's CORS for exactly those origins.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import os
import typing
from collections.abc import Mapping
from datetime import timedelta
from typing import Any, Final

import structlog
from litestar import Request
from litestar.config.cors import CORSConfig
from litestar.enums import ScopeType
from litestar.middleware import DefineMiddleware
from litestar.middleware.rate_limit import DurationUnit, RateLimitConfig, get_remote_address
from litestar.stores.base import Store
from litestar.types import ASGIApp, Receive, Scope, Send

from .errors import problem

_log = structlog.get_logger("service.guards")

__all__ = [
    "API_KEYS_ENV",
    "RATE_LIMIT_ENV",
    "RATE_LIMIT_STORE",
    "ApiKeyMiddleware",
    "FailOpenStore",
    "api_keys",
    "cors_config",
    "guard_middleware",
    "rate_limit_config",
    "stores",
]

API_KEYS_ENV: Final = "RIICHI_API_KEYS"
API_KEYS_FILE_ENV: Final = "RIICHI_API_KEYS_FILE"
RATE_LIMIT_ENV: Final = "RIICHI_RATE_LIMIT"
REDIS_URL_ENV: Final = "RIICHI_RATE_LIMIT_REDIS_URL"
TRUST_PROXY_ENV: Final = "RIICHI_TRUST_PROXY"
CORS_ENV: Final = "RIICHI_CORS_ORIGINS"
RATE_LIMIT_STORE: Final = "rate_limit"
"""The name of the rate limits' store in the application's stores."""

GUARDED_PREFIX: Final = "/v1/"
_UNITS: Final[dict[str, DurationUnit]] = {"second": "second", "minute": "minute", "hour": "hour", "day": "day"}


def _split(value: str | None) -> list[str]:
    return [item.strip() for item in (value or "").replace("\n", ",").split(",") if item.strip()]


def api_keys(environ: Mapping[str, str] = os.environ) -> tuple[bytes, ...]:
    """The configured API keys (none: the guard is off).

    >>> api_keys({"RIICHI_API_KEYS": "a, b"}), api_keys({})
    ((b'a', b'b'), ())
    """
    keys = _split(environ.get(API_KEYS_ENV))
    path = environ.get(API_KEYS_FILE_ENV)
    if path:
        with open(path, encoding="utf-8") as handle:
            keys += _split(handle.read())
    return tuple(key.encode() for key in keys)


def _presented_key(headers: list[tuple[bytes, bytes]]) -> bytes | None:
    for name, value in headers:
        if name == b"x-api-key":
            return value.strip()
        if name == b"authorization" and value[:7].lower() == b"bearer ":
            return value[7:].strip()
    return None


def _known(presented: bytes, keys: tuple[bytes, ...]) -> bool:
    found = False
    for key in keys:  # every key compared, in constant time each
        found |= hmac.compare_digest(presented, key)
    return found


class ApiKeyMiddleware:
    """Refuses ``/v1/…`` requests without a known key with a 401 problem (see the module docstring)."""

    def __init__(self, app: ASGIApp, keys: tuple[bytes, ...]) -> None:
        self.app = app
        self.keys = keys

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass the request on, or raise the 401 problem (mapped by the error handling)."""
        if (
            scope["type"] == ScopeType.HTTP
            and scope["path"].startswith(GUARDED_PREFIX)
            and scope["method"] != "OPTIONS"
        ):
            presented = _presented_key(list(scope.get("headers", [])))
            if presented is None or not _known(presented, self.keys):
                raise problem(
                    401,
                    "This deployment needs an API key (X-API-Key or Authorization: Bearer)."
                    if presented is None
                    else "The API key is not known.",
                    headers={"WWW-Authenticate": 'ApiKey realm="riichi-scoring"'},
                )
        await self.app(scope, receive, send)


def client_identifier(request: Request[Any, Any, Any], keys: tuple[bytes, ...] = ()) -> str:
    """Whom a request is counted against: a known API key's digest, else its address. An unknown key
    counts against the address, so guessing keys with many wrong ones is limited like anything else."""
    presented = _presented_key(list(request.scope.get("headers", [])))
    if presented and _known(presented, keys):
        return "key:" + hashlib.sha256(presented).hexdigest()[:32]
    if os.environ.get(TRUST_PROXY_ENV) == "1":
        real = request.headers.get("x-real-ip")
        if real:
            return "ip:" + real.strip()
    return "ip:" + get_remote_address(request)


async def _guarded(request: Request[Any, Any, Any]) -> bool:
    return request.url.path.startswith(GUARDED_PREFIX)


def rate_limit_config(environ: Mapping[str, str] = os.environ) -> RateLimitConfig | None:
    """The rate limit of ``RIICHI_RATE_LIMIT`` (``N/unit``), or None when unset.

    >>> rate_limit_config({"RIICHI_RATE_LIMIT": "600/minute"}).rate_limit
    ('minute', 600)
    """
    spec = environ.get(RATE_LIMIT_ENV)
    if not spec:
        return None
    count, _, unit = spec.partition("/")
    if unit not in _UNITS or not count.strip().isdigit() or int(count) < 1:
        raise ValueError(f"{RATE_LIMIT_ENV} must be N/second, N/minute, N/hour or N/day, not {spec!r}")
    return RateLimitConfig(
        rate_limit=(_UNITS[unit], int(count)),
        store=RATE_LIMIT_STORE,
        identifier_for_request=functools.partial(client_identifier, keys=api_keys(environ)),
        check_throttle_handler=_guarded,
    )


def stores(environ: Mapping[str, str] = os.environ) -> dict[str, Store]:
    """The application's stores: the rate limits' in Redis when ``RIICHI_RATE_LIMIT_REDIS_URL`` is set."""
    url = environ.get(REDIS_URL_ENV)
    if not url:
        return {}
    from litestar.stores.redis import RedisStore  # needs redis, imported only when configured
    from redis.asyncio import Redis

    client = Redis.from_url(url, socket_connect_timeout=REDIS_TIMEOUT, socket_timeout=REDIS_TIMEOUT)
    return {RATE_LIMIT_STORE: FailOpenStore(RedisStore(redis=client, namespace="riichi"))}


REDIS_TIMEOUT: Final = 0.25
"""Seconds the rate limits wait for Redis (connect and each command) before counting it as down."""


class FailOpenStore(Store):
    """A store that stays out of the way when its backend is down: the rate limits' Redis.

    A request must never fail because the shared counter cannot be read (no 500, no 5 s wait): when
    Redis errs or times out (:data:`REDIS_TIMEOUT`), the request passes uncounted and one warning is
    logged per failure (``rate_limit_store_unavailable``, no traceback, no key). Counting resumes by
    itself when Redis is back.
    """

    def __init__(self, inner: Store) -> None:
        self.inner = inner

    async def _guard(self, call: Any, default: Any) -> Any:
        try:
            return await call
        except Exception as exc:  # redis raises ConnectionError, TimeoutError, ResponseError, …
            _log.warning("rate_limit_store_unavailable", error=type(exc).__name__)
            return default

    async def set(self, key: str, value: str | bytes, expires_in: int | timedelta | None = None) -> None:
        await self._guard(self.inner.set(key, value, expires_in), None)

    async def get(self, key: str, renew_for: int | timedelta | None = None) -> bytes | None:
        return typing.cast("bytes | None", await self._guard(self.inner.get(key, renew_for), None))

    async def delete(self, key: str) -> None:
        await self._guard(self.inner.delete(key), None)

    async def delete_all(self) -> None:
        await self._guard(self.inner.delete_all(), None)

    async def exists(self, key: str) -> bool:
        return bool(await self._guard(self.inner.exists(key), False))

    async def expires_in(self, key: str) -> int | None:
        return typing.cast("int | None", await self._guard(self.inner.expires_in(key), None))


def cors_config(environ: Mapping[str, str] = os.environ) -> CORSConfig | None:
    """CORS for the origins of ``RIICHI_CORS_ORIGINS``, or None (no CORS headers at all)."""
    origins = _split(environ.get(CORS_ENV))
    if not origins:
        return None
    return CORSConfig(
        allow_origins=origins,
        allow_methods=["GET", "HEAD", "POST", "OPTIONS"],
        allow_headers=[
            "Content-Type",
            "Accept-Language",
            "X-API-Key",
            "Authorization",
            "X-Request-ID",
            "If-None-Match",
        ],
        expose_headers=[
            "X-Request-ID",
            "Content-Language",
            "ETag",
            "Retry-After",
            "RateLimit-Limit",
            "RateLimit-Remaining",
            "RateLimit-Reset",
            "RateLimit-Policy",
        ],
        max_age=600,
    )


def guard_middleware(environ: Mapping[str, str] = os.environ) -> list[Any]:
    """The application middleware the environment asks for: the rate limit, then the API key."""
    middleware: list[Any] = []
    limit = rate_limit_config(environ)
    if limit is not None:  # first: a refused key is counted too (against its address)
        middleware.append(limit.middleware)
    keys = api_keys(environ)
    if keys:
        middleware.append(DefineMiddleware(ApiKeyMiddleware, keys=keys))
    return middleware

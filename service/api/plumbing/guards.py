"""Public-deployment guards, all off by default, each turned on by the environment.

- ``RIICHI_API_KEYS`` (comma-separated) or ``RIICHI_API_KEYS_FILE`` (one key a line): every ``/v1/…``
  request must carry one of the keys, as ``X-API-Key`` or ``Authorization: Bearer``; otherwise a 401
  problem with ``WWW-Authenticate: ApiKey``. Keys are compared with :func:`hmac.compare_digest`
  against every configured key (no early exit), and never logged (the access log has no headers).
- ``RIICHI_RATE_LIMIT`` (``N/second``, ``N/minute``, ``N/hour``, ``N/day``): at most N requests to
  ``/v1/…`` per client and window (:mod:`service.api.plumbing.ratelimit`), the client being its API key's digest,
  else its address (:func:`client_identifier`). Counted in each process, or with
  ``RIICHI_RATE_LIMIT_REDIS_URL`` (``redis://…``) in Redis, where every worker and replica counts
  together, one atomic round trip a request. Redis slower than ``RIICHI_RATE_LIMIT_REDIS_TIMEOUT_MS``
  (200) or down: a circuit breaker leaves it alone for ``RIICHI_RATE_LIMIT_REDIS_RETRY_SECONDS`` (5) and
  requests are decided at once by ``RIICHI_RATE_LIMIT_REDIS_DOWN``: ``pass`` (default) or ``refuse``
  (503). Over the limit: a 429 problem with ``Retry-After`` and the ``RateLimit-*`` headers.
- ``RIICHI_TRUSTED_PROXIES`` (CIDRs or addresses, comma-separated): the peers whose ``X-Real-IP`` is
  taken as the client's address (nginx, the ingress controller); from any other peer it is ignored.
- ``RIICHI_CORS_ORIGINS`` (comma-separated origins): litestar's CORS for exactly those origins.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import ipaddress
import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from litestar.config.cors import CORSConfig
from litestar.enums import ScopeType
from litestar.middleware import DefineMiddleware
from litestar.types import ASGIApp, Receive, Scope, Send
from prometheus_client import CollectorRegistry

from .errors import problem
from .ratelimit import LocalWindows, RateLimitMetrics, RateLimitMiddleware, RedisWindows, Windows

IPNetwork = ipaddress.IPv4Network | ipaddress.IPv6Network
IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address

__all__ = [
    "API_KEYS_ENV",
    "RATE_LIMIT_ENV",
    "TRUSTED_PROXIES_ENV",
    "ApiKeyMiddleware",
    "RateLimitSettings",
    "api_keys",
    "client_identifier",
    "cors_config",
    "guard_middleware",
    "rate_limit_settings",
    "trusted_proxies",
]

API_KEYS_ENV: Final = "RIICHI_API_KEYS"
API_KEYS_FILE_ENV: Final = "RIICHI_API_KEYS_FILE"
RATE_LIMIT_ENV: Final = "RIICHI_RATE_LIMIT"
REDIS_URL_ENV: Final = "RIICHI_RATE_LIMIT_REDIS_URL"
REDIS_TIMEOUT_ENV: Final = "RIICHI_RATE_LIMIT_REDIS_TIMEOUT_MS"
REDIS_RETRY_ENV: Final = "RIICHI_RATE_LIMIT_REDIS_RETRY_SECONDS"
REDIS_DOWN_ENV: Final = "RIICHI_RATE_LIMIT_REDIS_DOWN"
TRUST_PROXY_ENV: Final = "RIICHI_TRUST_PROXY"
TRUSTED_PROXIES_ENV: Final = "RIICHI_TRUSTED_PROXIES"
CORS_ENV: Final = "RIICHI_CORS_ORIGINS"

GUARDED_PREFIX: Final = "/v1/"
_UNITS: Final = {"second": 1, "minute": 60, "hour": 3600, "day": 86400}


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


def trusted_proxies(environ: Mapping[str, str] = os.environ) -> tuple[IPNetwork, ...]:
    """The networks of ``RIICHI_TRUSTED_PROXIES`` (CIDRs or addresses, comma-separated): the peers whose
    ``X-Real-IP`` names the client. Empty: no peer is trusted.

    >>> [str(n) for n in trusted_proxies({"RIICHI_TRUSTED_PROXIES": "10.0.0.0/8, 127.0.0.1"})]
    ['10.0.0.0/8', '127.0.0.1/32']
    """
    if environ.get(TRUST_PROXY_ENV):
        raise ValueError(
            f"{TRUST_PROXY_ENV} trusted X-Real-IP from any peer and is gone: name the proxies' networks in "
            f"{TRUSTED_PROXIES_ENV} (e.g. 10.0.0.0/8 for a cluster's pods, 127.0.0.1 for a local nginx)"
        )
    networks = []
    for item in _split(environ.get(TRUSTED_PROXIES_ENV)):
        try:
            networks.append(ipaddress.ip_network(item, strict=False))
        except ValueError:
            raise ValueError(f"{TRUSTED_PROXIES_ENV}: {item!r} is not an address or a network (CIDR)") from None
    return tuple(networks)


def _address(value: str | bytes | None) -> IPAddress | None:
    if value is None:
        return None
    try:
        return ipaddress.ip_address(value.decode("latin-1").strip() if isinstance(value, bytes) else value.strip())
    except ValueError:
        return None


def client_identifier(scope: Scope, keys: tuple[bytes, ...] = (), proxies: tuple[IPNetwork, ...] = ()) -> str:
    """Whom a request is counted against: a known API key's digest, else its address. An unknown key
    counts against the address, so guessing keys with many wrong ones is limited like anything else.

    The address is the connection's peer, unless that peer is in ``proxies`` and sends a valid ``X-Real-IP``
    (as nginx sets it): then that one. A client that reaches the service directly cannot choose its address.

    >>> scope = {"client": ("192.0.2.7", 4000), "headers": [(b"x-real-ip", b"198.51.100.1")]}
    >>> proxies = trusted_proxies({TRUSTED_PROXIES_ENV: "192.0.2.0/24"})
    >>> client_identifier(scope), client_identifier(scope, proxies=proxies)
    ('ip:192.0.2.7', 'ip:198.51.100.1')
    """
    headers = list(scope.get("headers", []))
    presented = _presented_key(headers)
    if presented and _known(presented, keys):
        return "key:" + hashlib.sha256(presented).hexdigest()[:32]
    client = scope.get("client")
    peer = client[0] if client else "unknown"
    if proxies:
        peer_address = _address(peer)
        if peer_address is not None and any(peer_address in network for network in proxies):
            real = _address(next((value for name, value in headers if name == b"x-real-ip"), None))
            if real is not None:
                return f"ip:{real}"
    return f"ip:{peer}"


def _guarded(scope: Scope) -> bool:
    return bool(scope["path"].startswith(GUARDED_PREFIX))


@dataclass(frozen=True)
class RateLimitSettings:
    """The rate limit the environment asks for (:func:`rate_limit_settings`)."""

    limit: int
    seconds: int
    redis_url: str | None
    redis_timeout: float
    refuse_when_down: bool
    retry_after: float


def rate_limit_settings(environ: Mapping[str, str] = os.environ) -> RateLimitSettings | None:
    """The rate limit of ``RIICHI_RATE_LIMIT`` (``N/unit``), or None when unset; ValueError for a setting
    that does not read.

    >>> s = rate_limit_settings({"RIICHI_RATE_LIMIT": "600/minute"}); (s.limit, s.seconds, s.redis_timeout)
    (600, 60, 0.2)
    """
    spec = environ.get(RATE_LIMIT_ENV)
    if not spec:
        return None
    count, _, unit = spec.partition("/")
    if unit not in _UNITS or not count.strip().isdigit() or int(count) < 1:
        raise ValueError(f"{RATE_LIMIT_ENV} must be N/second, N/minute, N/hour or N/day, not {spec!r}")
    down = environ.get(REDIS_DOWN_ENV) or "pass"
    if down not in ("pass", "refuse"):
        raise ValueError(f"{REDIS_DOWN_ENV} must be pass or refuse, not {down!r}")
    numbers = {}
    for name, default in ((REDIS_TIMEOUT_ENV, REDIS_TIMEOUT_MS), (REDIS_RETRY_ENV, REDIS_RETRY_SECONDS)):
        text = environ.get(name) or str(default)
        try:
            numbers[name] = float(text)
        except ValueError:
            numbers[name] = -1.0
        if not 0 < numbers[name] <= 3600_000:
            raise ValueError(f"{name} must be a positive number, not {text!r}")
    return RateLimitSettings(
        limit=int(count),
        seconds=_UNITS[unit],
        redis_url=environ.get(REDIS_URL_ENV) or None,
        redis_timeout=numbers[REDIS_TIMEOUT_ENV] / 1000,
        refuse_when_down=down == "refuse",
        retry_after=numbers[REDIS_RETRY_ENV],
    )


REDIS_TIMEOUT_MS: Final = 200
"""Milliseconds the rate limit waits for Redis (connect, or an answer) by default."""

REDIS_RETRY_SECONDS: Final = 5
"""Seconds the rate limit leaves Redis alone after it failed (its breaker open) by default."""


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


def guard_middleware(environ: Mapping[str, str] = os.environ, registry: CollectorRegistry | None = None) -> list[Any]:
    """The application middleware the environment asks for: the rate limit, then the API key; the rate
    limit's counters on ``registry``."""
    middleware: list[Any] = []
    keys = api_keys(environ)
    limit = rate_limit_settings(environ)
    proxies = trusted_proxies(environ)
    if limit is not None:  # first: a refused key is counted too (against its address)
        metrics = RateLimitMetrics(registry)
        windows: Windows = (
            RedisWindows(limit.redis_url, limit.seconds, limit.redis_timeout, limit.retry_after, metrics)
            if limit.redis_url
            else LocalWindows(limit.seconds)
        )
        middleware.append(
            DefineMiddleware(
                RateLimitMiddleware,
                windows=windows,
                limit=limit.limit,
                seconds=limit.seconds,
                identify=functools.partial(client_identifier, keys=keys, proxies=proxies),
                limited=_guarded,
                metrics=metrics,
                refuse_unchecked=limit.refuse_when_down,
                retry_after=limit.retry_after,
            )
        )
    if keys:
        middleware.append(DefineMiddleware(ApiKeyMiddleware, keys=keys))
    return middleware

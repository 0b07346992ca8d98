"""Prometheus metrics with ``prometheus-client``: what ``GET /metrics`` exposes.

Per application (one :class:`Metrics` each, with its own registry, so tests can build
several apps):

- ``riichi_http_requests_total{method, route, status}``: responses sent. ``route`` is the
  route template (``/v1/score``, ``/v1/rules/{preset:str}``), ``unmatched`` when no route
  matched (404), so label values stay few whatever clients send;
- ``riichi_http_request_duration_seconds{method, route}``: a latency histogram, from the
  request's arrival to the last byte of the response;
- ``riichi_scoring_cache_{hits,misses}_total{cache}``, ``riichi_scoring_cache_size{cache}``,
  ``riichi_scoring_cache_hit_ratio{cache}``: the scoring core's cache, ``results`` (whole
  results, :mod:`service.scoring.score`), read at scrape time.

The process is the unit: run with several granian workers, each worker keeps its own
counts (scrape one worker per container, or run one worker per container).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import _CacheInfo

from prometheus_client import CollectorRegistry, Counter, Histogram, disable_created_metrics, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

from service.scoring.score import result_cache_info

__all__ = ["METRICS_MEDIA_TYPE", "UNMATCHED_ROUTE", "CacheCollector", "Metrics"]

METRICS_MEDIA_TYPE = "text/plain; version=0.0.4"
"""The Prometheus text exposition format, version 0.0.4 (what every Prometheus scrapes); charset utf-8."""

UNMATCHED_ROUTE = "unmatched"
"""The ``route`` label of requests that matched no route."""

LATENCY_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
"""Histogram bucket bounds, seconds: scoring takes well under a millisecond when cached."""

_METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "CONNECT"})


def _results_cache_info() -> _CacheInfo:
    info = result_cache_info()
    return _CacheInfo(info.hits, info.misses, info.maxsize, info.size)


SCORING_CACHES: dict[str, Callable[[], _CacheInfo]] = {
    "results": _results_cache_info,
}
"""The core's caches by label value, in ``functools.lru_cache`` statistics, read at scrape time:
``results`` the whole-result cache of :func:`service.scoring.score` (decomposition needs no
cache: every suit's splits are in a table built at import, ``service.scoring.decompose``)."""


class CacheCollector(Collector):
    """Hits, misses, size and hit ratio of ``lru_cache`` functions, read when scraped.

    ``caches`` maps a ``cache`` label value to a ``cache_info`` callable. The hit ratio is
    hits / (hits + misses), 0 before the first lookup.
    """

    def __init__(self, caches: dict[str, Callable[[], _CacheInfo]]) -> None:
        self.caches = caches

    def collect(self) -> Iterator[Metric]:
        """One sample per cache in each of the four families."""
        hits = CounterMetricFamily("riichi_scoring_cache_hits", "Scoring-core cache hits.", labels=["cache"])
        misses = CounterMetricFamily("riichi_scoring_cache_misses", "Scoring-core cache misses.", labels=["cache"])
        size = GaugeMetricFamily("riichi_scoring_cache_size", "Entries held by a scoring-core cache.", labels=["cache"])
        ratio = GaugeMetricFamily(
            "riichi_scoring_cache_hit_ratio",
            "Scoring-core cache hits / lookups since the process started (0 before any lookup).",
            labels=["cache"],
        )
        for name, cache_info in self.caches.items():
            info = cache_info()
            lookups = info.hits + info.misses
            hits.add_metric([name], info.hits)
            misses.add_metric([name], info.misses)
            size.add_metric([name], info.currsize)
            ratio.add_metric([name], info.hits / lookups if lookups else 0.0)
        yield from (hits, misses, size, ratio)


class Metrics:
    """One application's metrics: a registry with the HTTP metrics and the scoring caches."""

    def __init__(self) -> None:
        disable_created_metrics()  # type: ignore[no-untyped-call]  # no *_created series: start times say nothing a scrape needs
        self.registry = CollectorRegistry(auto_describe=True)
        self.requests = Counter(
            "riichi_http_requests",
            "HTTP responses sent, by method, route template and status code.",
            ["method", "route", "status"],
            registry=self.registry,
        )
        self.latency = Histogram(
            "riichi_http_request_duration_seconds",
            "Time from a request's arrival to the end of its response, seconds.",
            ["method", "route"],
            buckets=LATENCY_BUCKETS,
            registry=self.registry,
        )
        self.registry.register(CacheCollector(SCORING_CACHES))

    def observe(self, method: str, route: str | None, status: int, seconds: float) -> None:
        """Count one response and its latency; ``route`` None = no route matched."""
        method = method if method in _METHODS else "OTHER"
        route = route or UNMATCHED_ROUTE
        self.requests.labels(method=method, route=route, status=str(status)).inc()
        self.latency.labels(method=method, route=route).observe(seconds)

    def render(self) -> bytes:
        """The registry in the Prometheus text format (:data:`METRICS_MEDIA_TYPE`)."""
        return generate_latest(self.registry)

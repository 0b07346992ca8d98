"""Prometheus metrics with ``prometheus-client``: what ``GET /metrics`` exposes.

Per application (one :class:`Metrics` each, with its own registry, so tests can build
several apps):

- ``riichi_http_requests_total{method, route, status}``: responses sent. ``route`` is the
  route template (``/v1/score``, ``/v1/rules/{preset}``), also for a method the route does not
  take (405) or a request refused before routing (431, 400 without ``Host``); ``unmatched`` when no
  route matched (404), so label values stay few whatever clients send;
- ``riichi_http_request_duration_seconds{method, route}``: a latency histogram, from the
  request's arrival to the last byte of the response;
- ``riichi_scoring_cache_{hits,misses}_total{cache}``, ``riichi_scoring_cache_size{cache}``,
  ``riichi_scoring_cache_hit_ratio{cache}``: the scoring core's cache, ``results`` (whole
  results, :mod:`service.scoring.result_cache`), read at scrape time.

With several granian workers, set ``PROMETHEUS_MULTIPROC_DIR`` (``service.serve`` creates one
and empties it at start): prometheus-client's multiprocess mode then keeps every worker's counts in
files there and a scrape, whichever worker answers it, sums them all (:class:`MultiProcessCollector`),
so counters never go backwards between scrapes. The cache figures are then each live worker's, updated
with a response at most once a second and summed at scrape time (a worker that was killed keeps its last figures until
the server restarts). Without the variable each process counts for itself (tests, one worker).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from functools import _CacheInfo
from typing import Any

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, disable_created_metrics, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.multiprocess import MultiProcessCollector
from prometheus_client.registry import Collector

from service.scoring.result_cache import result_cache_info

__all__ = ["METRICS_MEDIA_TYPE", "MULTIPROC_ENV", "UNMATCHED_ROUTE", "CacheCollector", "Metrics", "SummedCollector"]

MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"
"""The environment variable that turns on prometheus-client's multiprocess mode (a writable directory)."""

_WORKER_CACHE = "riichi_scoring_cache_worker"
"""Prefix of the per-worker cache gauges of multiprocess mode (summed and renamed at scrape time)."""

METRICS_MEDIA_TYPE = "text/plain; version=0.0.4"
"""The Prometheus text exposition format, version 0.0.4 (what every Prometheus scrapes); charset utf-8."""

UNMATCHED_ROUTE = "unmatched"
"""The ``route`` label of requests that matched no route."""

LATENCY_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
"""Histogram bucket bounds, seconds: scoring takes well under a millisecond when cached."""

_CHILDREN_KEPT = 1024
"""Most (method, route, status) label children :meth:`Metrics.observe` keeps resolved."""

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
        values = {}
        for name, cache_info in self.caches.items():
            info = cache_info()
            values[name] = {"hits": float(info.hits), "misses": float(info.misses), "size": float(info.currsize)}
        yield from _cache_families(values)


def _cache_families(values: dict[str, dict[str, float]]) -> Iterator[Metric]:
    """The four cache families from ``{cache: {"hits", "misses", "size"}}``."""
    hits = CounterMetricFamily("riichi_scoring_cache_hits", "Scoring-core cache hits.", labels=["cache"])
    misses = CounterMetricFamily("riichi_scoring_cache_misses", "Scoring-core cache misses.", labels=["cache"])
    size = GaugeMetricFamily("riichi_scoring_cache_size", "Entries held by a scoring-core cache.", labels=["cache"])
    ratio = GaugeMetricFamily(
        "riichi_scoring_cache_hit_ratio",
        "Scoring-core cache hits / lookups since the process started (0 before any lookup).",
        labels=["cache"],
    )
    for name, value in values.items():
        lookups = value.get("hits", 0.0) + value.get("misses", 0.0)
        hits.add_metric([name], value.get("hits", 0.0))
        misses.add_metric([name], value.get("misses", 0.0))
        size.add_metric([name], value.get("size", 0.0))
        ratio.add_metric([name], value.get("hits", 0.0) / lookups if lookups else 0.0)
    yield from (hits, misses, size, ratio)


class SummedCollector(Collector):
    """Multiprocess mode: every worker's files in ``path`` summed; the per-worker cache gauges become the
    four cache families of single-process mode (same names, same meaning, summed over the workers)."""

    def __init__(self, path: str) -> None:
        self.inner = MultiProcessCollector(None, path=path)  # type: ignore[no-untyped-call]

    def collect(self) -> Iterator[Metric]:
        """The HTTP families as they are, the cache families rebuilt."""
        caches: dict[str, dict[str, float]] = {}
        for family in self.inner.collect():  # type: ignore[no-untyped-call]
            if not family.name.startswith(_WORKER_CACHE):
                yield family
                continue
            kind = family.name.removeprefix(_WORKER_CACHE + "_")
            for sample in family.samples:
                caches.setdefault(sample.labels["cache"], {})[kind] = sample.value
        yield from _cache_families(caches)


class Metrics:
    """One application's metrics: a registry with the HTTP metrics and the scoring caches."""

    def __init__(self) -> None:
        disable_created_metrics()  # type: ignore[no-untyped-call]  # no *_created series: start times say nothing a scrape needs
        self.multiprocess_dir = os.environ.get(MULTIPROC_ENV) or None
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
        self._children: dict[tuple[str, str | None, int], tuple[Any, Any]] = {}
        self._gauges_at = -1e9  # when the cache gauges were last refreshed (time.monotonic)
        self.worker_cache: dict[str, Gauge] = {}
        if self.multiprocess_dir is None:
            self.registry.register(CacheCollector(SCORING_CACHES))
            self.scrape_registry = self.registry
        else:
            for kind in ("hits", "misses", "size"):
                self.worker_cache[kind] = Gauge(
                    f"{_WORKER_CACHE}_{kind}",
                    f"Scoring-core cache {kind} of one worker.",
                    ["cache"],
                    registry=None,
                    multiprocess_mode="livesum",
                )
            self.scrape_registry = CollectorRegistry(auto_describe=False)
            self.scrape_registry.register(SummedCollector(self.multiprocess_dir))

    def observe(self, method: str, route: str | None, status: int, seconds: float) -> None:
        """Count one response and its latency; ``route`` None = no route matched.

        The labelled children are resolved once per (method, route, status) and kept (at most
        :data:`_CHILDREN_KEPT`; clients choose the method, so past that they are looked up each time);
        prometheus-client's ``labels()`` is most of a counter's cost (``bench/bench_asgi.py``; BENCHMARKS.md).
        In multiprocess mode the per-worker cache gauges are refreshed at most once a second.
        """
        key = (method, route, status)
        children = self._children.get(key)
        if children is None:
            label_method = method if method in _METHODS else "OTHER"
            label_route = route or UNMATCHED_ROUTE
            children = (
                self.requests.labels(label_method, label_route, str(status)),
                self.latency.labels(label_method, label_route),
            )
            if len(self._children) < _CHILDREN_KEPT:
                self._children[key] = children
        children[0].inc()
        children[1].observe(seconds)
        if self.worker_cache:
            now = time.monotonic()
            if now - self._gauges_at >= 1.0:
                self._gauges_at = now
                self.refresh_cache_gauges()

    def refresh_cache_gauges(self) -> None:
        """Multiprocess mode: this worker's cache figures into its gauges (read by any worker's scrape)."""
        for name, cache_info in SCORING_CACHES.items():
            info = cache_info()
            self.worker_cache["hits"].labels(cache=name).set(info.hits)
            self.worker_cache["misses"].labels(cache=name).set(info.misses)
            self.worker_cache["size"].labels(cache=name).set(info.currsize)

    def render(self) -> bytes:
        """The metrics in the Prometheus text format (:data:`METRICS_MEDIA_TYPE`): this process's, or in
        multiprocess mode every worker's summed."""
        return generate_latest(self.scrape_registry)

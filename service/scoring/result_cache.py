"""The whole-result cache of :func:`.scorer.score`: the same request gets the same result object.

Keyed by the request itself (a frozen Struct of strings, tuples, bools and ints hashes by value; no
encoding), bounded to :data:`RESULT_CACHE_SIZE` entries, the oldest out first.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from .model import ScoreRequest, ScoreResult

__all__ = ["RESULT_CACHE_SIZE", "CacheInfo", "lookup", "result_cache_clear", "result_cache_info", "store"]

RESULT_CACHE_SIZE: Final = 32768
"""Most results kept (about 2 KB each); the oldest go first when full."""

_results: Final[dict[ScoreRequest, ScoreResult]] = {}
"""The cached results by request, at most :data:`RESULT_CACHE_SIZE`."""
_order: Final[list[ScoreRequest | None]] = [None] * RESULT_CACHE_SIZE
"""The cached requests in a ring, in the order they came (``None``: an empty slot). When the cache
is full, the request in the slot to be written next is the oldest: it leaves ``_results`` and the new
one takes its slot. A plain dict and a list, each one C call: an ``OrderedDict`` is no exact dict, so
every ``get`` on it is a method call (and each insert a linked node); a plain dict evicted with
``next(iter(d))`` slows down as deleted slots pile up at its front: the ring never iterates the dict."""


class _CacheCounters:
    """Hits and misses of the result cache, and the ring slot of the next insert (native ints)."""

    def __init__(self) -> None:
        self.hits = 0
        self.misses = 0
        self.slot = 0


_counters: Final = _CacheCounters()


class CacheInfo(NamedTuple):
    """Counters of the result cache: ``hits``, ``misses``, ``size`` (entries), ``maxsize``."""

    hits: int
    misses: int
    size: int
    maxsize: int


def lookup(req: ScoreRequest) -> ScoreResult | None:
    """The cached result of ``req``, or ``None`` (counted as a hit or a miss).

    Raises ``TypeError`` (nothing counted) when ``req`` does not hash: one built in Python with lists.
    """
    hit = _results.get(req)
    if hit is None:
        _counters.misses += 1
    else:
        _counters.hits += 1
    return hit


def store(req: ScoreRequest, result: ScoreResult) -> None:
    """Keep ``result`` as ``req``'s, dropping the oldest entry when the cache is full."""
    counters = _counters
    slot = counters.slot
    oldest = _order[slot]
    if oldest is not None:  # full: the oldest goes (pop: a retyped request may have come twice)
        _results.pop(oldest, None)
    _order[slot] = req
    counters.slot = slot + 1 if slot + 1 < RESULT_CACHE_SIZE else 0
    _results[req] = result


def result_cache_info() -> CacheInfo:
    """Hits, misses and size of the result cache (for metrics)."""
    return CacheInfo(_counters.hits, _counters.misses, len(_results), RESULT_CACHE_SIZE)


def result_cache_clear() -> None:
    """Empty the result cache and reset its counters."""
    _results.clear()
    for i in range(RESULT_CACHE_SIZE):
        _order[i] = None
    _counters.hits = _counters.misses = _counters.slot = 0

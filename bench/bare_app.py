"""The framework's floor for ``POST /v1/score``: a bare litestar + msgspec app, no middleware.

``bench.bare_app:app`` is what a minimal service on the same stack costs: one POST route at
the same path as ours, whose body is decoded by litestar into a msgspec Struct of the same
fields as :class:`service.scoring.ScoreRequest` (the same bodies, so the same bytes read and
parsed), answered with a small Struct. No middleware, no logging, no metrics, no request id,
no error mapping, no OpenAPI plugin beyond litestar's default. ``GET /ready`` and
``GET /health`` exist only so :func:`bench.serve.serve` and ``bench_http.wait_idle`` can poll
it. ``bench/bench_http.py`` serves it beside ``bench.bench_app:app`` (same server settings, one
granian worker) and reports ``/v1/score`` fresh as a share of this app's requests/s
(issue 17's first target).

Not part of the service: nothing in ``service/`` imports this module.
"""

from __future__ import annotations

import msgspec
from litestar import Litestar, get, post

__all__ = ["BareAnswer", "BareRequest", "app", "create_bare_app"]


class BareMeld(msgspec.Struct, forbid_unknown_fields=True):
    """A meld as the request writes it (type, tiles, whether a kan is closed), undecoded further."""

    type: str
    tiles: str
    closed: bool = False


class BareRequest(msgspec.Struct, forbid_unknown_fields=True):
    """The fields a ``/v1/score`` request of the benchmark carries, typed as msgspec decodes them."""

    hand: str
    win_tile: str
    win: str
    rules: str = "standard"
    melds: list[BareMeld] = []
    seat_wind: str = "E"
    round_wind: str = "E"
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    dora_indicators: str = ""
    ura_indicators: str = ""
    honba: int = 0
    riichi_sticks: int = 0
    haitei: bool = False
    houtei: bool = False
    rinshan: bool = False
    chankan: bool = False
    tenhou: bool = False
    chiihou: bool = False


class BareAnswer(msgspec.Struct):
    """A small answer: what a minimal service would send back."""

    is_win: bool
    tiles: int


@post("/v1/score", status_code=200, sync_to_thread=False)
def score(data: BareRequest) -> BareAnswer:
    """Answer with the hand text's length: no scoring, only the framework's decode and encode."""
    return BareAnswer(is_win=True, tiles=len(data.hand))


@get(["/ready", "/health"], sync_to_thread=False)
def ready() -> dict[str, str]:
    """Always ready: polled by the benchmark, never measured."""
    return {"status": "ok"}


def create_bare_app() -> Litestar:
    """A new bare app (``bench/bench_asgi.py`` wraps separate ones in one of our layers each)."""
    return Litestar(route_handlers=[score, ready], debug=False, logging_config=None)


app = create_bare_app()

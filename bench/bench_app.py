"""The application the HTTP benchmarks serve: ``service.app``'s own, plus a no-op floor route.

``bench.bench_app:app`` is :func:`service.app.create_app` (the same plugins, error mapping,
request-id and access-log middleware, metrics) with two additions:

- ``POST /bench/noop``: reads the JSON body and answers ``{}`` without decoding it, the
  framework's own cost for a POST of the same size (the floor ``/v1/score`` is compared with);
- the batch route (:data:`service.api.routes.batch.BATCH_ROUTES`), only if ``service.app``
  does not register it yet.

Not part of the service: nothing in ``service/`` imports this module.
"""

from __future__ import annotations

from litestar import Litestar, post

from service.api.routes.batch import BATCH_ROUTES
from service.app import create_app

__all__ = ["NOOP_PATH", "app", "create_bench_app"]

NOOP_PATH = "/bench/noop"


@post(NOOP_PATH, operation_id="benchNoop", status_code=200, sync_to_thread=False, include_in_schema=False)
def noop(body: bytes) -> dict[str, str]:
    """Read the body (as ``/v1/score`` must) and answer an empty JSON object."""
    return {}


def create_bench_app() -> Litestar:
    """The production app with :func:`noop` (and the batch route if missing) registered."""
    app = create_app()
    paths = {route.path for route in app.routes}
    if "/v1/score/batch" not in paths:
        for handler in BATCH_ROUTES:
            app.register(handler)
    app.register(noop)
    return app


app = create_bench_app()
"""Served by ``bench/bench_http.py`` and, on request, ``k6/run.py --app bench.bench_app:app``."""

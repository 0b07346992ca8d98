"""The ASGI application: ``service.app:app`` (serve with ``granian --interface asgi service.app:app``).

Wires the routes, the problem-details error mapping, the body-size limit, the operations
endpoints (``/health``, ``/ready``, ``/metrics``), JSON logs with request ids, the OpenAPI
document (served at ``/schema/openapi.json``, committed as ``openapi/openapi.json``) and
Swagger UI at ``/schema`` from locally served assets.

Graceful shutdown is the server's: on SIGTERM granian stops accepting connections, lets
in-flight requests finish and then runs the shutdown hooks (``/ready`` turns 503 first).

``python -m service.app [PATH]`` writes the OpenAPI document of :data:`app` to PATH (default: stdout);
the committed copy is ``openapi/openapi.json`` (a test fails when it is stale).
"""

from __future__ import annotations

import functools
import json
import sys
from pathlib import Path

from litestar import Litestar
from litestar.datastructures import State
from litestar.openapi import OpenAPIConfig
from litestar.openapi.spec import Contact, License, Server, Tag

from service.api.docs.openapi import complete_document, document, use_msgspec_components
from service.api.docs.pages import PAGE_ROUTES
from service.api.docs.swagger import render_plugins, site_assets_router, swagger_assets_router
from service.api.plumbing.errors import Problem, problem_details_plugin, problem_for_error_response
from service.api.plumbing.fastpath import outer_plans
from service.api.plumbing.guards import api_keys, cors_config, guard_middleware
from service.api.plumbing.middleware import RequestContextMiddleware, route_template
from service.api.routes.batch import BATCH_ROUTES, BATCH_SCHEMA_TYPES
from service.api.routes.game import GAME_ROUTES, GAME_SCHEMA_TYPES
from service.api.routes.logs import LOG_ROUTES, LOG_SCHEMA_TYPES
from service.api.routes.operations import (
    METRICS_STATE_KEY,
    OPERATIONS_ROUTES,
    READY_STATE_KEY,
    Health,
    Ready,
    exit_with_parent,
    heartbeat,
    mark_not_ready,
    mark_ready,
)
from service.api.routes.reference import REFERENCE_ROUTES, REFERENCE_SCHEMA_TYPES
from service.api.routes.scoring import ROUTES
from service.api.routes.study import STUDY_ROUTES, STUDY_SCHEMA_TYPES
from service.api.telemetry.logs import configure_logging
from service.api.telemetry.metrics import Metrics
from service.scoring import ScoreRequest, ScoreResult

__all__ = ["MAX_BODY_BYTES", "app", "create_app", "main"]

OPENAPI_TAGS = [
    Tag(name="scoring", description="Score one hand or a batch of hands: yaku, han, fu, limit, payments."),
    Tag(name="study", description="Study a hand before the win: shanten, waits and what each wait is worth."),
    Tag(name="reference", description="Reference data: presets, rule options, the yaku catalogue, the points table."),
    Tag(name="game", description="Apply hands to a game: settlement, final standings with uma and oka, sticks."),
    Tag(name="operations", description="Liveness, readiness and Prometheus metrics for whoever runs the service."),
]
"""The operation tags, each described once (every operation has one of them)."""

_CREDENTIALS = {
    False: "This deployment needs no credentials: every operation may be called anonymously (an API key sent as "
    "`X-API-Key` or `Authorization: Bearer` is ignored).",
    True: "This deployment requires an API key on every `/v1/` operation, as `X-API-Key` or "
    "`Authorization: Bearer` (the `ApiKey` and `Bearer` security schemes; in Swagger UI: Authorize).",
}
"""What the document's description says of credentials, for a deployment without and with API keys."""

MAX_BODY_BYTES = 64 * 1024
"""Largest accepted request body, in bytes; a larger one is answered with 413.

``POST /v1/score/batch`` sets its own, larger limit (:data:`service.api.routes.batch.BATCH_MAX_BODY_BYTES`).
"""


def create_app() -> Litestar:
    """A new, fully configured application (debug off) with its own metrics registry.

    Configures the ``service`` loggers (:func:`service.api.telemetry.logs.configure_logging`). The public-deployment
    guards (API keys, rate limits, CORS) are read from the environment (:mod:`service.api.plumbing.guards`).
    """
    configure_logging()
    metrics = Metrics()
    keys_required = bool(api_keys())
    app = Litestar(
        route_handlers=[
            *ROUTES,
            *BATCH_ROUTES,
            *GAME_ROUTES,
            *STUDY_ROUTES,
            *REFERENCE_ROUTES,
            *LOG_ROUTES,
            *OPERATIONS_ROUTES,
            *PAGE_ROUTES,
            swagger_assets_router(),
            site_assets_router(),
        ],
        plugins=[problem_details_plugin()],
        # API keys, rate limits: off unless the environment sets them
        middleware=guard_middleware(registry=metrics.registry),
        cors_config=cors_config(),
        request_max_body_size=MAX_BODY_BYTES,
        openapi_config=OpenAPIConfig(
            title="Riichi mahjong scoring",
            version="1.0.0",
            description="Scores riichi mahjong hands under named rule presets (`standard`, `kostarev`, `kids`) "
            "with per-option overrides, and settles hands and games. Tiles are written in mpsz notation "
            "(`123m406p55z`: 1–9 man / pin / sou, 1–7z honours, 0 = red five). Every error is an RFC 9457 "
            "problem (application/problem+json) naming the fields at fault; every response carries an "
            "`X-Request-ID` header (the client's, or a generated one). Names and texts follow `Accept-Language` "
            "(en, ja, ru). " + _CREDENTIALS[keys_required] + " Served here: `/` (the table "
            "companion, a page that scores hands and keeps a game with this API), `/docs` (the documentation "
            "index), `/docs/rules` (the rules every preset implements, cited as `/docs/rules §N`), "
            "`/docs/notation`, `/docs/endpoints`, `/docs/problems` (each problem `type` is a page), "
            "`/docs/compatibility` (what may be added within `/v1/` and what never changes), `/docs/changelog`.",
            contact=Contact(name="riichi-scoring maintainers"),
            # An SPDX identifier: Redocly wants one (or a url, which Spectral refuses unless absolute). Swagger UI
            # renders it as a link to the SPDX site, where a LicenseRef- id has no page.
            license=License(name="Proprietary", identifier="LicenseRef-riichi-scoring"),
            servers=[Server(url="/", description="The server that serves this document")],
            security=[],
            tags=OPENAPI_TAGS,
            render_plugins=render_plugins(),
        ),
        state=State({METRICS_STATE_KEY: metrics, READY_STATE_KEY: False}),
        after_request=problem_for_error_response,
        on_startup=[mark_ready, exit_with_parent, heartbeat],
        on_shutdown=[mark_not_ready],
        logging_config=None,  # service.api.telemetry.logs configures the service loggers (structlog, JSON)
        debug=False,
    )
    use_msgspec_components(
        app,
        [
            ScoreRequest,
            ScoreResult,
            *BATCH_SCHEMA_TYPES,
            *GAME_SCHEMA_TYPES,
            *STUDY_SCHEMA_TYPES,
            *REFERENCE_SCHEMA_TYPES,
            *LOG_SCHEMA_TYPES,
            Problem,
            Health,
            Ready,
        ],
    )
    complete_document(app, keys_required)
    # The outermost layer, around routing and the error mapping, so it sees every response (404s included):
    # the hygiene (refusals, HEAD, security and cache headers) and the request context (id, log, metrics).
    # With CORS, every answer varies on Origin (the header is added for some origins only), with or without one.
    app.asgi_handler = RequestContextMiddleware(
        app.asgi_handler,
        metrics,
        outer_plans(app),
        functools.partial(route_template, app),
        vary=(b"Origin",) if app.cors_config is not None else (),
    )
    return app


app = create_app()
"""The application served in production."""


def main(argv: list[str]) -> int:
    """``python -m service.app [PATH]``: write the OpenAPI document of :data:`app` to PATH (default: stdout)."""
    text = json.dumps(document(app), indent=2, ensure_ascii=False) + "\n"
    if len(argv) > 1:
        Path(argv[1]).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))

"""The ASGI application: ``service.app:app`` (serve with ``granian --interface asgi service.app:app``).

Wires the routes, the problem-details error mapping, the body-size limit and the OpenAPI
document (served at ``/schema/openapi.json``, committed as ``openapi/openapi.json``).
"""

from __future__ import annotations

from litestar import Litestar
from litestar.logging import LoggingConfig
from litestar.openapi import OpenAPIConfig

from service.api.errors import Problem, problem_details_plugin
from service.api.openapi import use_msgspec_components
from service.api.routes import ROUTES, Health
from service.scoring import ScoreRequest, ScoreResult

__all__ = ["MAX_BODY_BYTES", "app", "create_app"]

MAX_BODY_BYTES = 64 * 1024
"""Largest accepted request body, in bytes; a larger one is answered with 413."""


def create_app() -> Litestar:
    """A new, fully configured application (debug off)."""
    app = Litestar(
        route_handlers=ROUTES,
        plugins=[problem_details_plugin()],
        request_max_body_size=MAX_BODY_BYTES,
        openapi_config=OpenAPIConfig(
            title="Riichi mahjong scoring",
            version="1.0.0",
            description="Scores riichi mahjong hands under named rule presets. Contract: ../shared/API.md; "
            "rules: ../shared/RULES.md. Every error is an RFC 9457 problem (application/problem+json).",
        ),
        # Own loggers only: the root logger (and so every library's INFO chatter) is left alone.
        # Unexpected errors are logged with their traceback by service.api.errors.
        logging_config=LoggingConfig(
            configure_root_logger=False,
            log_exceptions="never",
            loggers={"service": {"level": "INFO", "handlers": ["queue_listener"], "propagate": False}},
        ),
        debug=False,
    )
    use_msgspec_components(app, [ScoreRequest, ScoreResult, Problem, Health])
    return app


app = create_app()
"""The application served in production."""

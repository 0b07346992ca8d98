"""Fixtures for the batch tests: an in-process client on an app built from ROUTES and BATCH_ROUTES.

The app is built the way service/app.py builds the production one (problem-details plugin,
the 64 KiB body limit, msgspec components), but from the score and batch routes only, so
these tests do not depend on the batch route being registered there.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from litestar import Litestar
from litestar.testing import TestClient

from service.api.docs.openapi import complete_document, use_msgspec_components
from service.api.plumbing.errors import problem_details_plugin
from service.api.routes.batch import BATCH_ROUTES, BATCH_SCHEMA_TYPES
from service.api.routes.scoring import ROUTES
from tests.strategies import seeded_hands

APP_MAX_BODY_BYTES = 64 * 1024
"""The application-wide body limit of service/app.py, which the batch route raises for itself."""


@pytest.fixture(scope="package")
def app() -> Litestar:
    app = Litestar(
        route_handlers=[*ROUTES, *BATCH_ROUTES],
        plugins=[problem_details_plugin()],
        request_max_body_size=APP_MAX_BODY_BYTES,
        debug=False,
    )
    use_msgspec_components(app, BATCH_SCHEMA_TYPES)
    complete_document(app)
    return app


@pytest.fixture(scope="package")
def client(app: Litestar) -> Iterator[TestClient[Litestar]]:
    """A client that answers 500s as responses (as a real server would), not as raised exceptions."""
    with TestClient(app=app, raise_server_exceptions=False) as c:
        yield c


@pytest.fixture(scope="package")
def hands() -> list[dict[str, Any]]:
    """200 seeded winning hands (``tests.strategies.seeded_hands``), all valid requests."""
    return seeded_hands(200, seed=6)

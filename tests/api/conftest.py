"""Fixtures for the HTTP tests: one in-process client on the production app object."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest
from litestar import Litestar
from litestar.testing import TestClient

from service.api.telemetry.logs import configure_logging
from service.app import app as production_app


@pytest.fixture(scope="module")
def app() -> Litestar:
    """``service.app:app`` itself, so the tests see exactly what granian serves."""
    return production_app


@pytest.fixture(scope="module")
def client(app: Litestar) -> Iterator[TestClient[Litestar]]:
    """A client that answers 500s as responses (as a real server would), not as raised exceptions."""
    with TestClient(app=app, raise_server_exceptions=False) as c:
        yield c


@pytest.fixture
def logs(app: Litestar) -> Iterator[io.StringIO]:
    """The ``service`` log lines of the test, captured as written (JSON text; read them with
    ``logcapture.records``). After ``app``, which configures logging of its own."""
    stream = io.StringIO()
    configure_logging(stream=stream)
    yield stream
    configure_logging()

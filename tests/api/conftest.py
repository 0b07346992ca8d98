"""Fixtures for the HTTP tests: one in-process client on the production app object."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from litestar import Litestar
from litestar.testing import TestClient

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

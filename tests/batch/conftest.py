"""Fixtures for the batch tests: an in-process client on the production app (:func:`service.app.create_app`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from litestar import Litestar
from litestar.testing import TestClient

from service.app import create_app
from tests.strategies import seeded_hands

APP_MAX_BODY_BYTES = 64 * 1024
"""The application-wide body limit of service/app.py, which the batch route raises for itself."""


@pytest.fixture(scope="package")
def app() -> Litestar:
    return create_app()


@pytest.fixture(scope="package")
def client(app: Litestar) -> Iterator[TestClient[Litestar]]:
    """A client that answers 500s as responses (as a real server would), not as raised exceptions."""
    with TestClient(app=app, raise_server_exceptions=False) as c:
        yield c


@pytest.fixture(scope="package")
def hands() -> list[dict[str, Any]]:
    """200 seeded winning hands (``tests.strategies.seeded_hands``), all valid requests."""
    return seeded_hands(200, seed=6)

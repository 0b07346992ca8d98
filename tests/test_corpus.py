"""Replay of 1,655 real Tenhou wins (../shared/corpus) through ``POST /v1/score``.

Every record is sent as JSON to the application in-process and our answer is compared
with Tenhou's own scoring: han, fu, points, the yaku with their han, and what the winner
received. Yakuman hands compare points and the yakuman (Tenhou's fu for them means
nothing); hands with a liability payment (pao) compare the points and the total.
The module is skipped when the corpus is not beside the project.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.tenhou import (
    CORPUS_FILE,
    TENHOU_YAKU,
    expected_yaku,
    expected_yakuman,
    is_yakuman_record,
    load_records,
    request_from_record,
)

if not CORPUS_FILE.exists():
    pytest.skip(f"Tenhou corpus not found at {CORPUS_FILE} (it lives in ../shared/corpus)", allow_module_level=True)

# imported after the skip, so that a checkout without the corpus does not need the app
from litestar.testing import TestClient

from service.app import app

pytestmark = pytest.mark.slow

RECORDS = load_records()

TENHOU_NAME_ALIASES = {"rinshan kaihou": "rinshan", "sanshoku doujun": "sanshoku"}
"""Tenhou's English yaku names that differ from our ids by more than spaces vs underscores."""


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient[Any]]:
    """One in-process HTTP client for the whole module."""
    with TestClient(app=app) as test_client:
        yield test_client


def test_corpus_has_every_record() -> None:
    """The replay covers the whole corpus (README: 1,655 wins, 11 of them yakuman)."""
    assert len(RECORDS) == 1655
    assert sum(map(is_yakuman_record, RECORDS)) == 11


def test_tenhou_yaku_ids_agree_with_record_names() -> None:
    """Our Tenhou id → yaku id table names what the records themselves call each id."""
    for record in RECORDS:
        for item in record["expected"]["yaku"] + record["expected"]["yakuman"]:
            name = TENHOU_NAME_ALIASES.get(item["name"], item["name"])
            for wind in ("seat wind", "round wind"):
                if name.startswith(wind):
                    name = wind
            assert TENHOU_YAKU[item["id"]] == name.replace(" ", "_"), (record["case_id"], item)


@pytest.mark.parametrize("record", RECORDS, ids=[r["case_id"] for r in RECORDS])
def test_tenhou_record(client: TestClient[Any], record: dict[str, Any]) -> None:
    """Our score of one Tenhou win equals Tenhou's."""
    response = client.post("/v1/score", json=request_from_record(record))
    assert response.status_code == 200, response.text
    ours = response.json()
    expected = record["expected"]

    assert ours["is_win"], ours["reason"]
    assert ours["points"] == expected["points"]
    # Tenhou's delta for the winner includes honba and sticks, exactly as our total does
    assert ours["total"] == expected["score_deltas"][record["winner"]]
    if record["pao_who"] is not None:
        return
    if is_yakuman_record(record):
        assert {y["id"] for y in ours["yaku"]} == expected_yakuman(record)
        return
    assert (ours["han"], ours["fu"]) == (expected["han"], expected["fu"])
    assert {(y["id"], y["han"]) for y in ours["yaku"]} == expected_yaku(record)

"""Replay of the Tenhou corpus (../shared/corpus) through ``POST /v1/settle`` under ``rules: "tenhou"``.

Every win is settled from Tenhou's own table before it: ``scores`` = ``scores_before`` (Tenhou's
``sc``, in which this hand's riichi deposits are already on the table, so ``riichi`` is empty and
``riichi_sticks`` counts them), the round's dealer, honba and riichi sticks, the liable seat from
``pao_who``, and the hand of :func:`tests.tenhou.request_from_record` without the fields the
settlement sets itself. No game option is given: the preset alone must reproduce Tenhou's
``score_deltas`` exactly, honba, sticks and pao (whole hand, stacked yakuman included) with them.
The one exception is a fact of the table, not a rule: one game of the corpus
(``2019020120gm-0009-10011-215330df``, 7 settlements) was played from 30,000 a player (its ``sc``
and sticks add up to 120,000), so its settlements say ``game.start_points`` = that total / 4.
The two winners of a double ron (same log file and round, ``agari_index_in_round`` 0 and 1) are one
ron with both winners, compared with the sum of their two records' deltas.
The module is skipped when the corpus is not beside the project.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.tenhou import CORPUS_FILE, load_records, request_from_record

if not CORPUS_FILE.exists():
    pytest.skip(f"Tenhou corpus not found at {CORPUS_FILE} (it lives in ../shared/corpus)", allow_module_level=True)

from litestar.testing import TestClient

from service.app import app

pytestmark = pytest.mark.slow

SET_BY_SETTLE = ("rules", "win", "honba", "riichi_sticks")
"""Fields of a score request that the settlement sets itself (seat_wind is kept: it must agree)."""


def _key(record: dict[str, Any]) -> tuple[str, str, str, int, int]:
    """One hand of one log file (some games are in several files, as different blobs)."""
    source = record["source"]
    return (
        source["repo"],
        source["path"],
        source["git_blob"],
        record["round"]["round_number"],
        record["round"]["honba"],
    )


def _hands() -> list[list[dict[str, Any]]]:
    """Each settlement's records: one win, or the two winners of a double ron (nearest first)."""
    records = load_records()
    firsts = {_key(r): [r] for r in records if r["round"]["agari_index_in_round"] == 0}
    for record in records:
        if record["round"]["agari_index_in_round"] == 1:
            firsts[_key(record)].append(record)
    return list(firsts.values())


HANDS = _hands()


def _win(record: dict[str, Any]) -> dict[str, Any]:
    hand = {k: v for k, v in request_from_record(record).items() if k not in SET_BY_SETTLE}
    return {"winner": record["winner"], "hand": hand, "pao": record["pao_who"]}


def settle_request(records: list[dict[str, Any]]) -> dict[str, Any]:
    """The ``POST /v1/settle`` body for one win (or one double ron) of the corpus."""
    first = records[0]
    table = sum(first["expected"]["scores_before"]) + 1000 * first["round"]["riichi_sticks"]
    if first["win_type"] == "tsumo":
        outcome: dict[str, Any] = {"type": "tsumo", **_win(first)}
    else:
        outcome = {"type": "ron", "discarder": first["from_who"], "wins": [_win(r) for r in records]}
    start = {} if table == 100_000 else {"game": {"start_points": table // 4}}
    return {
        **start,
        "rules": "tenhou",
        "scores": first["expected"]["scores_before"],
        "dealer": first["round"]["dealer_seat"],
        "honba": first["round"]["honba"],
        "riichi_sticks": first["round"]["riichi_sticks"],
        "riichi": [],
        "outcome": outcome,
    }


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient[Any]]:
    with TestClient(app=app) as test_client:
        yield test_client


def test_every_win_is_settled_once() -> None:
    """1,655 wins: 15 double rons (corpus README) make 1,640 settlements, 3 of them with pao."""
    assert sum(len(h) for h in HANDS) == 1655
    assert sum(len(h) == 2 for h in HANDS) == 15
    assert sum(any(r["pao_who"] is not None for r in h) for h in HANDS) == 3
    assert sum("game" in settle_request(h) for h in HANDS) == 7


@pytest.mark.parametrize("records", HANDS, ids=["+".join(r["case_id"] for r in h) for h in HANDS])
def test_tenhou_deltas(client: TestClient[Any], records: list[dict[str, Any]]) -> None:
    response = client.post("/v1/settle", json=settle_request(records))
    assert response.status_code == 200, response.text
    expected = [sum(r["expected"]["score_deltas"][s] for r in records) for s in range(4)]
    assert response.json()["deltas"] == expected

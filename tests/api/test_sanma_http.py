"""Three players over HTTP: /v1/score, /v1/tenpai, /v1/table, /v1/rules, /v1/settle, /v1/final (/docs/rulesets §7).

Values worked by hand beside each call (tests/scoring/test_sanma.py and tests/game/test_sanma_game.py
hold the same rules in depth).
"""

from __future__ import annotations

from litestar import Litestar
from litestar.testing import TestClient

MANGAN = {"hand": "123345678p9p777z", "win_tile": "9p", "win": "tsumo", "seat_wind": "S", "rules": "tenhou_sanma"}
"""Closed honitsu 3 + chun 1 + menzen tsumo 1 = 5 han, a non-dealer mangan tsumo."""


def test_score_names_the_two_payers(client: TestClient[Litestar]) -> None:
    body = client.post("/v1/score", json=MANGAN, headers={"accept-language": "ja"}).json()
    # tsumo loss: 4,000 from the dealer, 2,000 from the other non-dealer = 6,000
    assert [(p["payer"], p["amount"], p["count"]) for p in body["payments"]] == [
        ("dealer", 4000, 1),
        ("non_dealer", 2000, 1),
    ]
    assert body["total"] == 6000


def test_nukidora_item_is_named_in_each_language(client: TestClient[Litestar]) -> None:
    hand = {**MANGAN, "nukidora": 1}
    names = {}
    for lang in ("en", "ja", "ru"):
        body = client.post("/v1/score", json=hand, headers={"accept-language": lang}).json()
        (item,) = [y for y in body["yaku"] if y["id"] == "nukidora"]
        assert item["han"] == 1
        names[lang] = item["name"]
    assert names["ja"] == "抜きドラ"
    assert len(set(names.values())) == 3


def test_a_removed_tile_is_a_422_naming_the_hand(client: TestClient[Litestar]) -> None:
    r = client.post("/v1/score", json={**MANGAN, "hand": "123m345p678p9p777z"})
    assert r.status_code == 422
    assert [e["field"] for e in r.json()["errors"]] == ["hand"]


def test_the_table_pays_tsumo_loss(client: TestClient[Litestar]) -> None:
    body = client.get("/v1/table", params={"preset": "tenhou_sanma"}).json()
    mangan = next(row for row in body["limits"] if row["limit"] == "mangan")
    # non-dealer 4,000 + 2,000 = 6,000; dealer 4,000 × 2 = 8,000
    assert (mangan["non_dealer"]["tsumo_total"], mangan["dealer"]["tsumo_each"], mangan["dealer"]["tsumo_total"]) == (
        6000,
        4000,
        8000,
    )


def test_the_table_takes_north_bisection(client: TestClient[Litestar]) -> None:
    """`sanma_tsumo=bisection` (/docs/rulesets §7): each payer adds half the missing share before rounding up."""
    body = client.get("/v1/table", params={"preset": "tenhou_sanma", "sanma_tsumo": "bisection"}).json()
    cell = next(c for c in body["cells"] if (c["han"], c["fu"]) == (1, 30))
    # base 240: the dealer pays 2.5 × 240 = 600, the other 1.5 × 240 = 360 -> 400; a dealer's tsumo 3 × 240 = 720
    # -> 800 from each
    assert cell["non_dealer"] == {"ron": 1000, "tsumo_dealer": 600, "tsumo_non_dealer": 400, "tsumo_total": 1000}
    assert cell["dealer"] == {"ron": 1500, "tsumo_each": 800, "tsumo_total": 1600}
    mangan = next(row for row in body["limits"] if row["limit"] == "mangan")
    # non-dealer 2 × 2,000 + 1,000 = 5,000 and 2,000 + 1,000 = 3,000; dealer 3 × 2,000 = 6,000 from each
    assert (mangan["non_dealer"]["tsumo_total"], mangan["dealer"]["tsumo_each"]) == (8000, 6000)
    loss = client.get("/v1/table", params={"preset": "tenhou_sanma", "sanma_tsumo": "loss"}).json()
    assert loss == client.get("/v1/table", params={"preset": "tenhou_sanma"}).json()  # tenhou's own is tsumo loss
    four = client.get("/v1/table", params={"preset": "tenhou", "sanma_tsumo": "bisection"}).json()
    assert four == client.get("/v1/table", params={"preset": "tenhou"}).json()  # no effect with four players
    bad = client.get("/v1/table", params={"preset": "tenhou_sanma", "sanma_tsumo": "half"})
    assert (bad.status_code, [e["field"] for e in bad.json()["errors"]]) == (400, ["sanma_tsumo"])


def test_rules_list_the_sanma_presets_and_options(client: TestClient[Litestar]) -> None:
    body = client.get("/v1/rules").json()
    assert {"tenhou_sanma", "majsoul_sanma"} <= {p["id"] for p in body["presets"]}
    players = next(o for o in body["options"] if o["name"] == "players")
    assert players["defaults"]["tenhou_sanma"] == 3
    assert players["defaults"]["tenhou"] == 4
    assert client.get("/v1/rules/majsoul_sanma").status_code == 200


def test_tenpai_waits_on_the_108_tiles(client: TestClient[Litestar]) -> None:
    # 123p 456p 789s 777z + 4z: tanki on North; 2 Norths set aside: 4 − 1 − 2 = 1 unseen
    body = client.post(
        "/v1/tenpai",
        json={"hand": "123p456p789s777z4z", "rules": "tenhou_sanma", "seat_wind": "S", "nukidora": 2, "values": False},
    ).json()
    assert [(w["tile"], w["remaining"]) for w in body["waits"]] == [("4z", 1)]


def test_settle_and_final_for_three(client: TestClient[Litestar]) -> None:
    settle = {
        "rules": "tenhou_sanma",
        "scores": [35000, 35000, 35000],
        "dealer": 0,
        "outcome": {"type": "tsumo", "winner": 1, "value": {"han": 5}},
    }
    body = client.post("/v1/settle", json=settle).json()
    assert body["deltas"] == [-4000, 6000, -2000]
    r = client.post("/v1/settle", json={**settle, "dealer": 3})
    assert r.status_code == 422
    assert [e["field"] for e in r.json()["errors"]] == ["dealer"]
    # Tenhou sanma: +10,000 + uma 20,000 + oka 15,000 = 45,000; −5,000; −20,000 − 20,000 = −40,000
    final = client.post("/v1/final", json={"rules": "tenhou_sanma", "scores": [50000, 35000, 20000]}).json()
    assert [p["final"] for p in final["placings"]] == [45000, -5000, -40000]

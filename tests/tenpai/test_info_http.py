"""The study and reference routes over HTTP (in process), on the production app (:func:`service.app.create_app`).

POST /v1/tenpai, GET /v1/table, GET /v1/rules, GET /v1/rules/{preset}, GET /v1/yaku: the
shapes, the languages, and every error as ``application/problem+json`` naming the field
(/docs/endpoints Errors: 400 schema or query, 404 unknown preset, 422 impossible input).
"""

from __future__ import annotations

import typing
from collections.abc import Iterator
from typing import Any

import pytest
from litestar import Litestar
from litestar.testing import TestClient

from service.app import create_app
from tests.api.test_score_http import TYPES
from tests.presets import PRESET_IDS
from tests.tenpai.test_table import DEALER_RON, DEALER_TSUMO, FU, NON_DEALER_RON, NON_DEALER_TSUMO

PROBLEM = "application/problem+json"


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient[Litestar]]:
    app = create_app()
    with TestClient(app=app, raise_server_exceptions=False) as c:
        yield c


def problem_of(response: Any, status: int) -> dict[str, Any]:
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == PROBLEM
    body: dict[str, Any] = response.json()
    assert (body["status"], body["type"]) == (status, TYPES[status])
    assert body["title"]
    assert body["detail"]
    return body


def fields_of(body: dict[str, Any]) -> list[str]:
    return [e["field"] for e in body["errors"]]


# --- POST /v1/tenpai -------------------------------------------------------------------------


def test_tenpai_13_tiles(client: TestClient[Litestar]) -> None:
    """234567m345p678s5p (South): 2p (4 left) / 5p (2 left); ron pinfu tanyao 2000, tsumo 2700."""
    r = client.post("/v1/tenpai", json={"hand": "234567m345p678s5p", "seat_wind": "S", "points": 25000})
    assert r.status_code == 200
    body = r.json()
    assert (body["tiles"], body["shanten"], body["tenpai"], body["discards"]) == (13, 0, True, None)
    assert body["shanten_by_shape"] == {"standard": 0, "chiitoitsu": 5, "kokushi": 13}
    assert [(w["tile"], w["remaining"]) for w in body["waits"]] == [("2p", 4), ("5p", 2)]
    assert [(w["ron"]["points"], w["tsumo"]["points"]) for w in body["waits"]] == [(2000, 2700), (2000, 2700)]
    assert body["riichi"] == {"allowed": True, "reasons": []}


def test_tenpai_dama_trap_over_http(client: TestClient[Litestar]) -> None:
    r = client.post("/v1/tenpai", json={"hand": ["1m", "2m", "3m", "4m", "4m", "4m", "4m", "1p", "2p", "3p", "5s",
                                                 "5s", "5s"], "seat_wind": "W"})  # fmt: skip
    (w,) = r.json()["waits"]
    assert (w["tile"], w["no_yaku_on_ron"], w["ron"]["reason"], w["tsumo"]["points"]) == ("1m", True, "no_yaku", 1500)


def test_tenpai_14_tiles_per_discard(client: TestClient[Litestar]) -> None:
    r = client.post("/v1/tenpai", json={"hand": "234567m345p678s5p9s", "dealer": True, "values": False})
    body = r.json()
    assert (body["tiles"], body["complete"], body["waits"], body["riichi"]) == (14, False, [], None)
    assert [d["discard"] for d in body["discards"][:3]] == ["5p", "6s", "9s"]
    assert body["discards"][0]["waits"] == [
        {"tile": "6s", "remaining": 3, "ron": None, "tsumo": None, "no_yaku_on_ron": False, "furiten": False},
        {"tile": "9s", "remaining": 3, "ron": None, "tsumo": None, "no_yaku_on_ron": False, "furiten": False},
    ]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        pytest.param({"seat_wind": "S"}, "hand", id="hand-missing"),
        pytest.param({"hand": "1112345678999m", "seat_wind": "S", "foo": 1}, "foo", id="unknown-field"),
        pytest.param({"hand": "1112345678999x"}, "hand", id="bad-notation"),
        pytest.param({"hand": "1112345678999m", "points": "many"}, "points", id="points-not-int"),
        pytest.param({"hand": "1112345678999m", "tiles_left": -1}, "tiles_left", id="tiles-left-negative"),
        pytest.param({"hand": "1112345678999m", "rules": {"preset": "nope"}}, "rules.preset", id="unknown-preset"),
        pytest.param({"hand": "1112345678999m", "melds": [{"type": "pung", "tiles": "777z"}]}, "melds[0].type",
                     id="meld-type"),
    ],
)  # fmt: skip
def test_tenpai_schema_errors_are_400_naming_the_field(
    client: TestClient[Litestar], body: dict[str, Any], field: str
) -> None:
    problem = problem_of(client.post("/v1/tenpai", json=body), 400)
    assert fields_of(problem) == [field]


@pytest.mark.parametrize(
    ("body", "fields"),
    [
        pytest.param({"hand": "111234567899m", "seat_wind": "S"}, ["hand"], id="12-tiles"),
        pytest.param({"hand": "1112345678999m", "rules": "kostarev", "visible": "1z"}, ["visible"], id="wind-kostarev"),
        pytest.param({"hand": "1112345678999m"}, ["seat_wind"], id="seat-needed-for-values"),
        pytest.param(
            {"hand": "1112345678999m", "dealer": True, "dora_indicators": "11m"}, ["dora_indicators"], id="fifth-1m"
        ),
    ],
)
def test_tenpai_impossible_input_is_422_naming_the_field(
    client: TestClient[Litestar], body: dict[str, Any], fields: list[str]
) -> None:
    problem = problem_of(client.post("/v1/tenpai", json=body), 422)
    assert fields_of(problem) == fields


def test_tenpai_non_json_body_is_415(client: TestClient[Litestar]) -> None:
    problem_of(client.post("/v1/tenpai", content=b"hand=123m", headers={"content-type": "text/plain"}), 415)


# --- GET /v1/table ---------------------------------------------------------------------------


def test_table_equals_the_seed_003_table(client: TestClient[Litestar]) -> None:
    body = client.get("/v1/table").json()
    assert (body["preset"], body["kiriage_mangan"], body["kazoe"]) == ("standard", False, "yakuman")
    for c in body["cells"]:
        i = FU.index(c["fu"])
        han = c["han"]
        tsumo = NON_DEALER_TSUMO[han][i]
        assert c["non_dealer"]["ron"] == NON_DEALER_RON[han][i]
        assert (c["non_dealer"]["tsumo_dealer"], c["non_dealer"]["tsumo_non_dealer"]) == (tsumo or (None, None))
        assert c["dealer"]["ron"] == DEALER_RON[han][i]
        assert c["dealer"]["tsumo_each"] == DEALER_TSUMO[han][i]
    assert len(body["cells"]) == 44
    assert [row["limit"] for row in body["limits"]] == [
        "mangan", "haneman", "baiman", "sanbaiman", "kazoe_yakuman", "yakuman", "double_yakuman",
    ]  # fmt: skip


def test_table_absent_cells_are_null_and_flagged(client: TestClient[Litestar]) -> None:
    cells = {(c["han"], c["fu"]): c for c in client.get("/v1/table").json()["cells"]}
    assert cells[(1, 20)]["exists_ron"] is False
    assert cells[(1, 20)]["non_dealer"] == {"ron": None, "tsumo_dealer": None, "tsumo_non_dealer": None,
                                            "tsumo_total": None}  # fmt: skip
    assert (cells[(2, 25)]["non_dealer"]["ron"], cells[(2, 25)]["non_dealer"]["tsumo_total"]) == (1600, None)


def test_table_with_kiriage(client: TestClient[Litestar]) -> None:
    cells = {(c["han"], c["fu"]): c for c in client.get("/v1/table?kiriage_mangan=true").json()["cells"]}
    assert (cells[(4, 30)]["non_dealer"]["ron"], cells[(3, 60)]["dealer"]["ron"]) == (8000, 12000)


def test_table_for_kostarev(client: TestClient[Litestar]) -> None:
    assert client.get("/v1/table?preset=kostarev").json()["preset"] == "kostarev"


@pytest.mark.parametrize(
    ("query", "field"),
    [
        pytest.param("preset=bogus", "preset", id="preset"),
        pytest.param("kiriage_mangan=maybe", "kiriage_mangan", id="kiriage"),
        pytest.param("kazoe=double", "kazoe", id="kazoe"),
    ],
)
def test_table_bad_query_is_400_naming_the_parameter(client: TestClient[Litestar], query: str, field: str) -> None:
    assert fields_of(problem_of(client.get(f"/v1/table?{query}"), 400)) == [field]


def test_table_for_kids_is_400_naming_the_preset(client: TestClient[Litestar]) -> None:
    """The kids preset counts points (/docs/rules §5): it is not among the table's presets, so a 400 like any value
    outside the documented enum (the document promises nothing the server refuses)."""
    assert fields_of(problem_of(client.get("/v1/table?preset=kids"), 400)) == ["preset"]


def test_table_presets_are_those_that_score_with_han_and_fu() -> None:
    from service.api.routes.reference import TablePreset
    from service.scoring import PRESETS

    assert set(typing.get_args(TablePreset)) == {p for p, r in PRESETS.items() if r.scoring == "han_fu"}


# --- GET /v1/rules, /v1/rules/{preset} ------------------------------------------------------------


def test_rules_lists_presets_and_options(client: TestClient[Litestar]) -> None:
    r = client.get("/v1/rules")
    assert (r.status_code, r.headers["content-language"]) == (200, "en")
    body = r.json()
    assert [p["id"] for p in body["presets"]] == PRESET_IDS
    kiriage = next(o for o in body["options"] if o["name"] == "kiriage_mangan")
    assert kiriage["type"] == "boolean"
    # /docs/rulesets §3: kiriage mangan in WRC and M-League only
    assert [p for p, on in kiriage["defaults"].items() if on] == ["wrc", "mleague"]
    assert kiriage["meaning"].startswith("Kiriage mangan")
    riichi = next(o for o in body["options"] if o["name"] == "riichi_needs_points_and_draw")
    assert (riichi["type"], riichi["set_in"]) == ("boolean", "game")
    # /docs/rulesets §4 Riichi deposit: Tenhou needs 1,000 points and another draw; M-League allows neither
    assert [p for p, on in riichi["defaults"].items() if on] == ["tenhou", "tenhou_sanma"]
    assert "[TH-rw-old][TH-mj4]" in riichi["sources"]["tenhou"]
    assert "[ML-navi]" in riichi["sources"]["mleague"]


def test_rules_in_russian(client: TestClient[Litestar]) -> None:
    r = client.get("/v1/rules", headers={"Accept-Language": "ru-RU,ru;q=0.9,en;q=0.5"})
    assert r.headers["content-language"] == "ru"
    assert r.json()["presets"][1]["summary"].startswith("Риичи без ветров")


def test_one_preset(client: TestClient[Litestar]) -> None:
    body = client.get("/v1/rules/kostarev").json()
    assert (body["preset"]["id"], body["preset"]["winds"]) == ("kostarev", False)
    options = {o["name"]: o for o in body["options"]}
    assert options["winds"]["defaults"] == {"kostarev": False}
    assert options["mangan_cap"]["defaults"] == {"kostarev": False}
    assert "Kostarev rules §3.4" in options["mangan_cap"]["sources"]["kostarev"]
    assert "kokushi" not in body["yaku"]
    assert body["kids_points"] is None


def test_kids_preset_lists_its_points(client: TestClient[Litestar]) -> None:
    body = client.get("/v1/rules/kids").json()
    assert {p["id"]: p["points"] for p in body["kids_points"]}["kan"] == 2


def test_unknown_preset_is_404_naming_it(client: TestClient[Litestar]) -> None:
    assert fields_of(problem_of(client.get("/v1/rules/tenhou3"), 404)) == ["preset"]


# --- GET /v1/yaku ---------------------------------------------------------------------------


def test_yaku_for_every_preset_by_default(client: TestClient[Litestar]) -> None:
    body = client.get("/v1/yaku").json()
    assert [p["preset"] for p in body["presets"]] == PRESET_IDS
    assert body["presets"][2]["yaku"] == []


def test_yaku_names_in_japanese(client: TestClient[Litestar]) -> None:
    r = client.get("/v1/yaku?preset=kostarev", headers={"Accept-Language": "ja"})
    assert r.headers["content-language"] == "ja"
    chinitsu = next(y for y in r.json()["presets"][0]["yaku"] if y["id"] == "chinitsu")
    assert (chinitsu["name"], chinitsu["han_closed"], chinitsu["han_open"]) == ("清一色", 6, 5)
    assert chinitsu["names"] == {"en": "Full flush (chinitsu)", "ja": "清一色", "ru": "Чиницу"}


def test_yaku_options_change_the_catalogue(client: TestClient[Litestar]) -> None:
    body = client.get("/v1/yaku?preset=standard&renhou=yakuman&kuitan=false").json()
    yaku = {y["id"]: y for y in body["presets"][0]["yaku"]}
    assert (yaku["renhou"]["yakuman"], yaku["tanyao"]["han_open"]) == (1, None)


def test_yaku_bad_option_is_400(client: TestClient[Litestar]) -> None:
    assert fields_of(problem_of(client.get("/v1/yaku?renhou=sometimes"), 400)) == ["renhou"]


# --- OpenAPI ---------------------------------------------------------------------------------


def test_openapi_documents_every_route(client: TestClient[Litestar]) -> None:
    paths = client.get("/schema/openapi.json").json()["paths"]
    ids = {path: method["operationId"] for path, methods in paths.items() for method in methods.values()}
    assert {path: ids.get(path) for path in INFO_OPERATIONS} == INFO_OPERATIONS


INFO_OPERATIONS = {
    "/v1/tenpai": "analyseTenpai",
    "/v1/analysis/discards": "analyseDiscards",
    "/v1/analysis/discards/batch": "analyseDiscardsBatch",
    "/v1/table": "getPointsTable",
    "/v1/rules": "listRules",
    "/v1/rules/{preset}": "getPresetRules",
    "/v1/yaku": "listYaku",
}
"""The study and reference operations, by path (the app documents the others too)."""


def test_table_for_kostarev_with_the_standard_open_fu(client: TestClient[Litestar]) -> None:
    """kostarev has a 20 fu ron column (open hand without fu, Kostarev rules §3.2); open_pinfu_fu=2 removes it."""
    own = {(c["han"], c["fu"]): c for c in client.get("/v1/table?preset=kostarev").json()["cells"]}
    std = {(c["han"], c["fu"]): c for c in client.get("/v1/table?preset=kostarev&open_pinfu_fu=2").json()["cells"]}
    assert (own[(1, 20)]["exists_ron"], own[(1, 20)]["non_dealer"]["ron"]) == (True, 700)
    assert std[(1, 20)]["exists_ron"] is False

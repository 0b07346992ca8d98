"""The kids preset (/docs/rules §5, kids' rules, first part): points only, the best reading, its options.

Points per win: base 1, or 2 with riichi; +1 per three-alike set (called or concealed);
+2 per kan (open or closed); chi 0; +1 tsumo; +1 closed hand; +2 seven pairs. No yaku,
no dora, no han/fu. Every expected total below is added up by hand in the comment.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from litestar import Litestar
from litestar.testing import TestClient

from service.app import create_app
from service.scoring import InvalidHand, MeldSpec, RulesSpec, ScoreRequest, ScoreResult, score

KIDS = RulesSpec(preset="kids")
BONUS_WITH_RIICHI = RulesSpec(preset="kids", kids_closed_bonus_with_riichi=True)


def kids(hand: str, win_tile: str, rules: RulesSpec = KIDS, **fields: Any) -> ScoreResult:
    return score(ScoreRequest(hand=hand, win_tile=win_tile, rules=rules, **fields))


def items(r: ScoreResult) -> list[tuple[str, int]]:
    assert r.points_breakdown is not None
    return sorted((i.id, i.points) for i in r.points_breakdown)


# --- the worked example of the kids' rules ------------------------------------------------------------------

# Riichi + two pons + tsumo: 222m 777p (concealed pons) 345s 678s, won on 9s (pair) by tsumo.
EXAMPLE: dict[str, Any] = {"hand": "222m777p345s678s9s", "win_tile": "9s", "win": "tsumo", "riichi": True}


def test_seed_example_as_worked_in_the_seed_is_5() -> None:
    """The kids' rules «Пример подсчёта»: «Риичи → 2, Два пона → 2, Цумо → 1, Итого: 5 очков» (/docs/rules §5
    default)."""
    r = kids(**EXAMPLE)
    assert (r.is_win, r.points, r.total) == (True, 5, 5)
    assert items(r) == [("pon", 1), ("pon", 1), ("riichi", 2), ("tsumo", 1)]


def test_seed_example_with_the_closed_bonus_on_riichi_is_6() -> None:
    """kids_closed_bonus_with_riichi: true — riichi 2 + pon 1 + pon 1 + tsumo 1 + closed hand 1 = 6."""
    r = kids(**EXAMPLE, rules=BONUS_WITH_RIICHI)
    assert r.points == 6
    assert items(r) == [("closed_hand", 1), ("pon", 1), ("pon", 1), ("riichi", 2), ("tsumo", 1)]


def test_the_option_does_not_touch_a_win_without_riichi() -> None:
    """No riichi: base 1 + pon 1 + pon 1 + tsumo 1 + closed 1 = 5 either way."""
    fields: dict[str, Any] = {**EXAMPLE, "riichi": False}
    assert kids(**fields).points == kids(**fields, rules=BONUS_WITH_RIICHI).points == 5


def test_kids_result_shape() -> None:
    """/docs/endpoints: han, fu, limit, base_points null; payments empty; points_breakdown itemised."""
    r = kids(**EXAMPLE)
    assert (r.preset, r.han, r.fu, r.limit, r.base_points, r.payments, r.yaku) == (
        "kids",
        None,
        None,
        None,
        None,
        (),
        (),
    )


# --- seven pairs -----------------------------------------------------------------------------------


def test_seven_pairs_by_ron() -> None:
    """1122m3344p5566s7z + 7z: base 1 + closed 1 + seven pairs 2 = 4."""
    r = kids("1122m3344p5566s7z", "7z")
    assert r.points == 4
    assert items(r) == [("base", 1), ("chiitoitsu", 2), ("closed_hand", 1)]
    assert r.reading is not None
    assert r.reading.shape == "chiitoitsu"


@pytest.mark.parametrize(("rules", "points"), [(KIDS, 5), (BONUS_WITH_RIICHI, 6)])
def test_seven_pairs_with_riichi_and_tsumo(rules: RulesSpec, points: int) -> None:
    """riichi 2 + tsumo 1 + seven pairs 2 = 5 (+ closed 1 with kids_closed_bonus_with_riichi = 6)."""
    assert kids("1122m3344p5566s7z", "7z", rules=rules, win="tsumo", riichi=True).points == points


def test_seven_pairs_beats_the_runs_reading() -> None:
    """112233m445566p7s + 7s: as seven pairs 1 + 1 + 2 = 4; as 123m 123m 456p 456p + 77s only 1 + 1 = 2."""
    r = kids("112233m445566p7s", "7s")
    assert r.points == 4
    assert r.reading is not None
    assert r.reading.shape == "chiitoitsu"


def test_four_alike_are_not_two_pairs() -> None:
    """1111m3344p5566s + 7z … 7z: one quad is not two pairs (/docs/rules §2): not a win."""
    r = kids("1111m3344p5566s7z", "7z")
    assert (r.is_win, r.reason) == (False, "not_complete")


# --- kans -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("first_kan_closed", "win", "expected"),
    [
        # open kan 1111m + closed kan 9999p, ron: base 1 + kan 2 + kan 2 = 5 (open hand: no closed bonus)
        pytest.param(False, "ron", [("base", 1), ("kan", 2), ("kan", 2)], id="open-and-closed-kan-ron"),
        # both closed: the hand stays closed: 1 + 2 + 2 + closed 1 = 6
        pytest.param(True, "ron", [("base", 1), ("closed_hand", 1), ("kan", 2), ("kan", 2)], id="two-closed-kans"),
        # both closed, tsumo: 6 + 1 = 7
        pytest.param(True, "tsumo", [("base", 1), ("closed_hand", 1), ("kan", 2), ("kan", 2), ("tsumo", 1)],
                     id="two-closed-kans-tsumo"),
    ],
)  # fmt: skip
def test_each_kan_is_worth_2(first_kan_closed: bool, win: str, expected: list[tuple[str, int]]) -> None:
    melds = [
        MeldSpec(type="kan", tiles="1111m", closed=first_kan_closed),
        MeldSpec(type="kan", tiles="9999p", closed=True),
    ]
    r = kids("234s567s8s", "8s", melds=melds, win=win)
    assert items(r) == expected
    assert r.points == sum(p for _, p in expected)


def test_riichi_with_closed_kans_only() -> None:
    """Closed kans keep the hand closed, so riichi is allowed: riichi 2 + kan 2 + kan 2 = 6."""
    melds = [MeldSpec(type="kan", tiles="1111m", closed=True), MeldSpec(type="kan", tiles="9999p", closed=True)]
    assert kids("234s567s8s", "8s", melds=melds, riichi=True).points == 6


# --- pons vs chis -------------------------------------------------------------------------------------


def test_the_pons_reading_of_111222333_beats_the_chis_reading() -> None:
    """111222333m456p7s + 7s: three pons 1 + 1 + 1 + 1 + closed 1 = 5; three chis 1 + 0 + closed 1 = 2."""
    r = kids("111222333m456p7s", "7s")
    assert r.points == 5
    assert items(r) == [("base", 1), ("closed_hand", 1), ("pon", 1), ("pon", 1), ("pon", 1)]
    assert r.reading is not None
    assert [s.type for s in r.reading.sets].count("triplet") == 3


@pytest.mark.parametrize(
    ("meld", "expected"),
    [
        # a called pon counts +1 but opens the hand: base 1 + pon 1 = 2
        pytest.param(MeldSpec(type="pon", tiles="555p"), [("base", 1), ("pon", 1)], id="called-pon"),
        # a chi is worth nothing and opens the hand: base 1 = 1
        pytest.param(MeldSpec(type="chi", tiles="234p"), [("base", 1)], id="chi-is-zero"),
    ],
)
def test_called_sets(meld: MeldSpec, expected: list[tuple[str, int]]) -> None:
    r = kids("123m456m789s1p", "1p", melds=[meld])
    assert items(r) == expected


# --- what the kids rules leave out -------------------------------------------------------------------


def test_no_dora_and_no_red_fives() -> None:
    """Dora (9p shows 1p) and a red five change nothing (kids' rules: no dora).

    123m 406m 789s 345p + 11p, ron: base 1 + closed 1 = 2.
    """
    plain = kids("123m456m789s345p1p", "1p")
    dressed = kids("123m406m789s345p1p", "1p", dora_indicators="9p")
    assert plain.points == dressed.points == 2
    assert items(dressed) == [("base", 1), ("closed_hand", 1)]


def test_riichi_needs_a_closed_hand() -> None:
    with pytest.raises(InvalidHand) as info:
        kids("123m456m789s1p", "1p", melds=[MeldSpec(type="pon", tiles="555p")], riichi=True)
    assert [e.field for e in info.value.errors] == ["riichi"]


# --- winds -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        pytest.param({"hand": "111222333m456p1z", "win_tile": "1z"}, "hand", id="wind-in-hand"),
        pytest.param({"hand": "111222333m456p7z", "win_tile": "2z"}, "win_tile", id="wind-as-win-tile"),
        pytest.param({"hand": "111222333m456p7z", "win_tile": "7z", "seat_wind": "E"}, "seat_wind", id="seat-wind"),
        pytest.param({"hand": "111222333m456p7z", "win_tile": "7z", "round_wind": "S"}, "round_wind", id="round-wind"),
        pytest.param(
            {"hand": "111222333m456p7z", "win_tile": "7z", "melds": [], "dora_indicators": "4z"},
            "dora_indicators",
            id="wind-indicator",
        ),
    ],
)
def test_winds_are_rejected_by_default(fields: dict[str, Any], field: str) -> None:
    with pytest.raises(InvalidHand) as info:
        score(ScoreRequest(rules=KIDS, **fields))
    assert field in [e.field for e in info.value.errors]


def test_winds_option_lets_wind_sets_count() -> None:
    """Option winds: true — 111z pon, 222m pon, 456p, 789s, 55p; dealer ron: 1 + 1 + 1 + closed 1 = 4."""
    r = kids("111z222m456p789s5p", "5p", rules=RulesSpec(preset="kids", winds=True), dealer=True)
    assert r.points == 4


# --- over HTTP --------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient[Litestar]]:
    app = create_app()
    with TestClient(app=app, raise_server_exceptions=False) as c:
        yield c


def test_seed_example_over_http_both_ways(client: TestClient[Litestar]) -> None:
    default = client.post("/v1/score", json={**EXAMPLE, "rules": "kids"}).json()
    bonus = client.post(
        "/v1/score", json={**EXAMPLE, "rules": {"preset": "kids", "kids_closed_bonus_with_riichi": True}}
    ).json()
    assert (default["points"], bonus["points"]) == (5, 6)
    assert default["points_breakdown"][0] == {"id": "riichi", "points": 2, "name": "Riichi", "tiles": None}
    assert (default["han"], default["fu"], default["payments"]) == (None, None, [])


def test_wind_over_http_is_422_naming_the_field(client: TestClient[Litestar]) -> None:
    r = client.post("/v1/score", json={"rules": "kids", "hand": "111222333m456p1z", "win_tile": "1z"})
    assert r.status_code == 422
    assert r.headers["content-type"] == "application/problem+json"
    assert "hand" in [e["field"] for e in r.json()["errors"]]

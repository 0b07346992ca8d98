"""Tenhou's final points (uma 10-20, oka 20) against 34 real games of 2010–2020 (/docs/rulesets §6): they were
rounded then (`final_rounding: shisha_gonyuu`); Tenhou's results are exact today, the preset's default.

Each row is the ``owari`` attribute of a Tenhou mjlog file in the public repository
mjx-project/mjx (path at its HEAD; other copies of the same game are not repeated):
``score/100, final, …`` for seats 0–3, seat 0 the first dealer, leftover riichi sticks already
added to first place's score. Tenhou computed then: 2nd–4th place's score rounded to 1,000 half away
from zero, less 30,000, plus uma +10 / −10 / −20; first place takes what makes the sum 0 (it carries oka
+20 and uma +20). No row has a score where that differs from rounding score − 30,000 with 5 down and 6 up.

Worked by hand, the first row (pao-tsumo.mjlog) ``-1,-50.0,189,-21.0,473,57.0,339,14.0``:
seat 3 33,900 → 34,000: +4, 2nd: +4 + 10 = +14; seat 1 18,900 → 19,000: −11, 3rd: −11 − 10 = −21;
seat 0 −100 → 0: −30, 4th: −30 − 20 = −50; seat 2 first: −(14 − 21 − 50) = +57.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from litestar.testing import TestClient

from service.app import app

OWARI = [
    ("tests_cpp/resources/mjlog/pao-tsumo.mjlog", "-1,-50.0,189,-21.0,473,57.0,339,14.0"),
    ("tests_cpp/resources/mjlog/encdec-tenhou-false-pos.mjlog", "-83,-58.0,306,11.0,474,57.0,303,-10.0"),
    ("tests_cpp/resources/mjlog/encdec-fu-max.mjlog", "105,-39.0,248,5.0,506,60.0,141,-26.0"),
    ("tests_py/resources/mjlog/2019082700gm-00a9-0000-63d1f136.mjlog", "110,-39.0,121,-28.0,443,54.0,326,13.0"),
    ("tests_cpp/resources/mjlog/first-example.mjlog", "133,-37.0,342,14.0,376,48.0,149,-25.0"),
    ("tests_py/resources/mjlog/2018040923gm-00a9-0000-1833afca.mjlog", "163,-34.0,219,2.0,177,-22.0,441,54.0"),
    ("tests_cpp/resources/mjlog/encdec-nowinner-multi-top.mjlog", "163,-34.0,221,-18.0,313,42.0,303,10.0"),
    ("tests_py/resources/mjlog/2011020613gm-00a9-0000-3774f8d1.mjlog", "166,-23.0,133,-37.0,322,12.0,379,48.0"),
    ("tests_cpp/resources/mjlog/encdec-chanta.mjlog", "168,-23.0,-77,-58.0,540,64.0,369,17.0"),
    ("tests_cpp/resources/mjlog/encdec-pinfu-ipeiko-vs-sanankou.mjlog", "178,-32.0,289,9.0,341,44.0,192,-21.0"),
    ("tests_py/resources/mjlog/2010112714gm-00a9-0000-d497e395.mjlog", "186,-21.0,249,5.0,384,48.0,181,-32.0"),
    ("tests_py/resources/mjlog/2010081709gm-00a9-0000-fe3371ad.mjlog", "201,-20.0,358,16.0,52,-45.0,389,49.0"),
    ("tests_py/resources/mjlog/2011020401gm-00a9-0000-f6eff225.mjlog", "207,-19.0,136,-36.0,336,43.0,321,12.0"),
    ("tests_py/resources/mjlog/2011020414gm-00a9-0000-ef18f336.mjlog", "234,3.0,160,-34.0,434,54.0,172,-23.0"),
    ("tests_cpp/resources/mjlog/encdec-nine-gates.mjlog", "240,-16.0,-13,-51.0,270,7.0,503,60.0"),
    ("tests_cpp/resources/mjlog/encdec-rinshan-fu.mjlog", "245,-15.0,293,9.0,304,40.0,158,-34.0"),
    ("tests_cpp/resources/mjlog/encdec-four-concealed-pons.mjlog", "255,6.0,112,-39.0,438,53.0,195,-20.0"),
    ("tests_cpp/resources/mjlog/encdec-game-end.mjlog", "255,6.0,207,-29.0,325,42.0,213,-19.0"),
    ("tests_cpp/resources/mjlog/2010091009gm-00a9-0000-83af2648&tw=2.mjlog", "260,-14.0,322,12.0,-242,-74.0,660,76.0"),
    ("tests_cpp/resources/mjlog/encdec-pao-false-pos.mjlog", "261,6.0,620,72.0,-111,-61.0,230,-17.0"),
    ("tests_cpp/resources/mjlog/encdec-sanankou-false-neg.mjlog", "266,7.0,155,-24.0,428,52.0,151,-35.0"),
    ("tests_cpp/resources/mjlog/encdec-no-north-rounds.mjlog", "277,37.0,246,-15.0,211,-29.0,266,7.0"),
    ("tests_py/resources/mjlog/2011020416gm-00a9-0000-025480d4.mjlog", "279,8.0,246,-15.0,175,-32.0,300,39.0"),
    ("tests_cpp/resources/mjlog/encdec-suankou-false-pos.mjlog", "300,10.0,147,-25.0,432,53.0,121,-38.0"),
    ("tests_py/resources/mjlog/2016052515gm-00a9-0000-c4d72066.mjlog", "302,10.0,200,-20.0,330,43.0,168,-33.0"),
    ("tests_cpp/resources/mjlog/double-ron.mjlog", "334,13.0,360,46.0,320,-8.0,-14,-51.0"),
    ("tests_cpp/resources/mjlog/sansyoku-doukou-false-neg.mjlog", "373,48.0,323,12.0,203,-20.0,101,-40.0"),
    ("tests_cpp/resources/mjlog/encdec-four-winds-no-winner.mjlog", "377,48.0,232,3.0,229,-17.0,162,-34.0"),
    ("tests_cpp/resources/mjlog/trans-furiten-false-pos.mjlog", "430,53.0,284,-12.0,357,16.0,-71,-57.0"),
    ("tests_py/resources/mjlog/2011020415gm-00a9-0000-e037b629.mjlog", "510,60.0,277,8.0,195,-20.0,18,-48.0"),
    ("tests_py/resources/mjlog/2020081220gm-00a9-0000-9ee6ab3b.mjlog", "600,70.0,-17,-52.0,327,13.0,90,-31.0"),
    ("tests_cpp/resources/mjlog/encdec-chankan-ippatsu.mjlog", "604,71.0,52,-45.0,111,-29.0,233,3.0"),
    ("tests_cpp/resources/mjlog/encdec-double-riichi.mjlog", "8,-49.0,376,18.0,404,50.0,212,-19.0"),
    ("tests_cpp/resources/mjlog/encdec-tenhou.mjlog", "853,95.0,89,-11.0,89,-31.0,-31,-53.0"),
]
"""(mjlog path in mjx-project/mjx, its owari attribute), one row per distinct game result."""


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient[Any]]:
    with TestClient(app=app) as test_client:
        yield test_client


def test_the_rows_are_34_distinct_results() -> None:
    assert len({owari for _, owari in OWARI}) == len(OWARI) == 34


@pytest.mark.parametrize(("path", "owari"), OWARI, ids=[path.rsplit("/", 1)[-1] for path, _ in OWARI])
def test_tenhou_final_points_match_the_owari(client: TestClient[Any], path: str, owari: str) -> None:
    values = owari.split(",")
    scores = [int(v) * 100 for v in values[0::2]]
    finals = [round(float(v) * 1000) for v in values[1::2]]
    body = {"rules": "tenhou", "scores": scores, "game": {"final_rounding": "shisha_gonyuu"}}
    response = client.post("/v1/final", json=body)
    assert response.status_code == 200, response.text
    ours = {p["seat"]: p["final"] for p in response.json()["placings"]}
    assert [ours[seat] for seat in range(4)] == finals, path


def test_today_tenhou_final_points_are_exact(client: TestClient[Any]) -> None:
    """A 2022–2023 result (/docs/rulesets §6): 53,800 / 16,100 / 29,300 / 800 end +63.8 / −23.9 / +9.3 / −49.2:
    2nd 29,300 − 30,000 + 10,000 = 9,300; 3rd 16,100 − 30,000 − 10,000 = −23,900; 4th 800 − 30,000 − 20,000 =
    −49,200; 1st 53,800 − 30,000 + 20,000 + 20,000 = 63,800."""
    response = client.post("/v1/final", json={"rules": "tenhou", "scores": [53_800, 16_100, 29_300, 800]})
    ours = {p["seat"]: p["final"] for p in response.json()["placings"]}
    assert [ours[seat] for seat in range(4)] == [63_800, -23_900, 9_300, -49_200]


@pytest.mark.parametrize(
    ("rounding", "finals"),
    [
        # 35,500 → 36,000: +6 + 10; 22,000: −8 − 10; −7,500 → −8,000: −38 − 20; 1st −(16 − 18 − 58) = 60
        ("shisha_gonyuu", [60_000, 16_000, -18_000, -58_000]),
        # 5,500 → 5,000: +5 + 10; −8 − 10; −37,500 → −37,000: −37 − 20; 1st −(15 − 18 − 57) = 60
        ("gosha_rokunyuu", [60_000, 15_000, -18_000, -57_000]),
    ],
)
def test_the_two_roundings_differ_on_half_thousands_above_the_return_and_below_zero(
    client: TestClient[Any], rounding: str, finals: list[int]
) -> None:
    body = {"rules": "tenhou", "scores": [50_000, 35_500, 22_000, -7_500], "game": {"final_rounding": rounding}}
    response = client.post("/v1/final", json=body)
    assert [p["final"] for p in response.json()["placings"]] == finals


def test_shared_ties_stay_equal_under_tenhou_rounding(client: TestClient[Any]) -> None:
    """Tenhou's rounding with `ties: shared` (a mix a request can build): the two tied firsts split
    first place's rest and their shared uma / oka, so they end equal.

    Seats 2 and 3 at 24,500: −5,500 → −5,000 each (500 down). Before uma the four finals keep their
    sum, 4 × (25,000 − 30,000) = −20,000, so the firsts share −20,000 − (−10,000): −5,000 each;
    uma (20,000 + 10,000) / 2 = 15,000 and oka 20,000 / 2 = 10,000 each: +20,000. The others:
    −5,000 + (−10,000 − 20,000) / 2 = −20,000.
    """
    body = {
        "rules": "tenhou",
        "scores": [25_500, 25_500, 24_500, 24_500],
        "game": {"ties": "shared", "final_rounding": "gosha_rokunyuu"},
    }
    response = client.post("/v1/final", json=body)
    assert response.status_code == 200, response.text
    assert [p["final"] for p in response.json()["placings"]] == [20_000, 20_000, -20_000, -20_000]

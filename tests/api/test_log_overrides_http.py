"""Rule and game overrides of the log routes over HTTP: the ``rules`` query parameter as a preset name or a JSON
object (``RulesSpec``), the ``game`` query parameter as a JSON object (``GameOptions``) (/docs/logs §Rules)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import quote

from litestar import Litestar
from litestar.testing import TestClient

DATA = Path(__file__).parent.parent / "logs" / "data" / "tenhou6"
JSON = {"Content-Type": "application/json"}


def _seat_0_at_900() -> bytes:
    """four_reach.json (seat 0 declares riichi at round 0 event 104) with seat 0 dealt 900 points."""
    data = json.loads((DATA / "four_reach.json").read_text(encoding="utf-8"))
    assert data["log"][0][1] == [21000, 28000, 27000, 24000]
    data["log"][0][1] = [900, 28000, 27000, 44100]
    return json.dumps(data).encode()


def _replay(client: TestClient[Litestar], body: bytes, query: str, **headers: str) -> Any:
    return client.post(f"/v1/logs/replay?{query}", content=body, headers={**JSON, **headers})


def test_tenhou_refuses_a_riichi_at_900_points_without_the_game_option(client: TestClient[Litestar]) -> None:
    response = _replay(client, _seat_0_at_900(), "")
    assert response.status_code == 422
    assert response.json()["errors"][0]["field"] == "log.rounds[0].events[104]"


def test_the_game_option_off_takes_the_riichi(client: TestClient[Litestar]) -> None:
    game = quote('{"riichi_needs_points_and_draw": false}')
    response = _replay(client, _seat_0_at_900(), f"game={game}")
    assert response.status_code == 200, response.text
    assert response.json()["rounds"][0]["riichi"] == [0, 1, 2, 3]


def test_the_game_option_works_on_the_conversion_and_the_batch(client: TestClient[Litestar]) -> None:
    game = quote('{"riichi_needs_points_and_draw":false}')
    converted = client.post(f"/v1/logs/convert?game={game}", content=_seat_0_at_900(), headers=JSON)
    assert converted.status_code == 200, converted.text
    assert sum(json.loads(line)["type"] == "reach_accepted" for line in converted.text.splitlines()) == 4
    batch = client.post(
        f"/v1/logs/replay/batch?game={game}",
        content=_seat_0_at_900().replace(b"\n", b"") + b"\n",
        headers={"Content-Type": "application/x-ndjson"},
    )
    assert batch.status_code == 200, batch.text
    line = json.loads(batch.text.splitlines()[0])
    assert line["problem"] is None
    assert line["result"]["rounds"][0]["riichi"] == [0, 1, 2, 3]


def _kiriage_win(response: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    body = response.json()
    game_round = body["rounds"][4]
    (win,) = game_round["wins"]
    return game_round, win


def test_kiriage_mangan_over_the_logs_preset_turns_a_4_han_30_fu_ron_into_8000(client: TestClient[Litestar]) -> None:
    body = (DATA / "output_log.example.json").read_bytes()
    plain_round, plain = _kiriage_win(_replay(client, body, ""))
    # round 4: seat 0 (not the dealer) rons seat 3 with tanyao, 2 dora, a red five: 4 han 30 fu =
    # 30 x 2^(2+4) = 1,920 base x 4 = 7,680, rounded up 7,700; kiriage mangan rounds it up to mangan, 8,000
    assert (plain["han"], plain["fu"], plain["points"], plain["log_points"], plain["agrees"]) == (
        4,
        30,
        7700,
        7700,
        True,
    )
    assert plain_round["agrees"] is True
    response = _replay(client, body, "rules=" + quote('{"kiriage_mangan":true}'))
    assert response.status_code == 200, response.text
    over_round, over = _kiriage_win(response)
    assert (over["han"], over["fu"], over["points"], over["log_points"]) == (4, 30, 8000, 7700)
    assert over["agrees"] is False
    assert over_round["agrees"] is False
    assert response.json()["agrees"] is False


def test_a_preset_name_still_works(client: TestClient[Litestar]) -> None:
    body = (DATA / "output_log.example.json").read_bytes()
    assert _replay(client, body, "rules=tenhou").status_code == 200


def _refusal(client: TestClient[Litestar], query: str, lang: str = "en") -> tuple[str, str]:
    response = _replay(client, b"{}", query, **{"Accept-Language": lang})
    assert response.status_code == 400, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    (error,) = response.json()["errors"]
    return error["field"], error["message"]


def test_an_unknown_preset_name_is_400_naming_rules_and_listing_the_presets(client: TestClient[Litestar]) -> None:
    field, message = _refusal(client, "rules=tenho")
    assert field == "rules"
    assert message == (
        '"tenho" is neither a preset (ema, kids, kostarev, majsoul, majsoul_sanma, mleague, standard, tenhou, '
        "tenhou_sanma, wrc) nor a JSON object of rule options"
    )


def test_json_that_is_not_json_is_400_naming_rules_and_the_place(client: TestClient[Litestar]) -> None:
    # {"kiriage_mangan": is 18 characters: the text ends where the 19th would stand, and it is a query value,
    # not the body
    field, message = _refusal(client, "rules=" + quote('{"kiriage_mangan":'))
    assert (field, message) == ("rules", "not JSON: line 1, column 19: the text ends inside the JSON value")


def test_a_wrong_type_names_the_option(client: TestClient[Litestar]) -> None:
    field, message = _refusal(client, "rules=" + quote('{"kiriage_mangan":"yes"}'))
    assert (field, message) == ("rules.kiriage_mangan", "must be true, false or null, not a string")


def test_an_unknown_option_names_it_in_the_requests_language(client: TestClient[Litestar]) -> None:
    field, message = _refusal(client, "game=" + quote('{"riichi_needs_points":false}'), "ru")
    assert field == "game.riichi_needs_points"
    assert "riichi_needs_points" in message
    assert "Object contains" not in message


def test_an_unknown_preset_inside_the_object_names_rules_preset(client: TestClient[Litestar]) -> None:
    assert _refusal(client, "rules=" + quote('{"preset":"tenho"}'))[0] == "rules.preset"


def test_game_that_is_not_an_object_is_400_naming_game_in_plain_words(client: TestClient[Litestar]) -> None:
    assert _refusal(client, "game=x") == ("game", "not JSON: line 1, column 1: unexpected character")
    assert _refusal(client, "game=" + quote("[1]")) == ("game", "must be a JSON object of game options, not an array")
    assert _refusal(client, "game=5") == ("game", "must be a JSON object of game options, not a whole number")
    # null is never a query value: leave the parameter out (as on every route with query parameters)
    assert _refusal(client, "game=null") == (
        "game",
        "null is not a value of this parameter; leave it out for the default",
    )
    assert _refusal(client, "game=" + quote("[1]"), "ru") == (
        "game",
        "ожидается объект JSON с опциями игры, а получено: массив",
    )


def test_a_value_out_of_range_names_the_option(client: TestClient[Litestar]) -> None:
    assert _refusal(client, "game=" + quote('{"start_points":150}'))[0] == "game.start_points"


def test_contradicting_options_are_a_422_naming_the_option(client: TestClient[Litestar]) -> None:
    # red fives counted as dora with no red five in the set (aka_per_suit 0): POST /v1/score refuses it alike
    body = (DATA / "output_log.example.json").read_bytes()
    response = _replay(client, body, "rules=" + quote('{"aka":true,"aka_per_suit":0}'))
    assert response.status_code == 422
    assert response.json()["type"] == "/problems/impossible-hand"
    assert [e["field"] for e in response.json()["errors"]] == ["rules.aka"]


def test_rules_for_another_table_size_are_a_422_in_the_requests_language(client: TestClient[Litestar]) -> None:
    body = (DATA / "output_log.example.json").read_bytes()
    assert len(json.loads(body)["log"][0][1]) == 4  # a four-player game
    named = _replay(client, body, "rules=tenhou_sanma")
    assert named.status_code == 422
    assert named.json()["errors"] == [
        {"field": "rules", "message": "a game of 4 players cannot be replayed under rules for 3 players"}
    ]
    option = _replay(client, body, "rules=" + quote('{"players":3}'), **{"Accept-Language": "ru"})
    assert option.status_code == 422
    assert option.json()["errors"] == [
        {"field": "rules.players", "message": "партию на 4 игроков нельзя переиграть по правилам для 3 игроков"}
    ]
    # the object's own preset chose the table: its field is rules.preset
    preset = _replay(client, body, "rules=" + quote('{"preset":"tenhou_sanma"}'))
    assert preset.status_code == 422
    assert [e["field"] for e in preset.json()["errors"]] == ["rules.preset"]


def test_a_batch_answers_rules_that_cannot_replay_a_game_in_its_line(client: TestClient[Litestar]) -> None:
    body = (DATA / "output_log.example.json").read_bytes().replace(b"\n", b"") + b"\n"
    batch = client.post(
        "/v1/logs/replay/batch?rules=tenhou_sanma", content=body, headers={"Content-Type": "application/x-ndjson"}
    )
    assert batch.status_code == 200, batch.text
    line = json.loads(batch.text.splitlines()[0])
    assert (line["agrees"], line["result"]) == (False, None)
    assert line["problem"]["status"] == 422
    assert line["problem"]["errors"][0]["field"] == "rules"


def test_the_callers_no_red_fives_win_over_the_logs_red_fives(client: TestClient[Litestar]) -> None:
    # the log's rules say red fives; the caller's `aka_per_suit` 0 says there are none: the caller's wins (the
    # log's stated option yields, as a preset's own option yields in POST /v1/score), not a 422 naming `rules.aka`,
    # an option the caller never sent
    body = (DATA / "output_log.example.json").read_bytes()
    response = _replay(client, body, "rules=" + quote('{"aka_per_suit":0}'))
    assert response.status_code == 200, response.text
    answer = response.json()
    assert answer["rules"]["aka_per_suit"] == 0
    assert "aka" not in answer["rules"]
    game_round, win = _kiriage_win(response)
    # round 4's ron holds 0m (3m4m0m called): a red five these rules do not have, so that round is not
    # settled and says why, naming the option; the game as a whole does not agree with the log
    assert win["han"] is None
    assert win["log_points"] == 7700
    (settle,) = [d for d in game_round["differences"] if d["field"] == "settle"]
    assert [e["message"] for e in settle["service"]] == [
        "1 red five of suit m; these rules have no red fives (option aka_per_suit)"
    ]
    assert answer["agrees"] is False


def test_a_start_points_the_logs_money_contradicts_is_a_422_naming_it(client: TestClient[Litestar]) -> None:
    # the log's first round: 4 × 25,000 and no stick on the table, 100,000 points in the game; 30,000 a seat
    # would be 120,000, so every round would fail settle's money check: refused once, naming the option
    body = (DATA / "output_log.example.json").read_bytes()
    response = _replay(client, body, "game=" + quote('{"start_points":30000}'))
    assert response.status_code == 422, response.text
    assert [e["field"] for e in response.json()["errors"]] == ["game.start_points"]
    assert "100,000 points in all (4 players × 25,000)" in response.json()["errors"][0]["message"]
    assert _replay(client, body, "game=" + quote('{"start_points":25000}')).status_code == 200


def test_the_conversion_writes_a_round_it_cannot_settle_with_the_logs_money(client: TestClient[Litestar]) -> None:
    # with no red fives (aka_per_suit 0) round 4's ron on 3m4m0m cannot be settled; the mjai written for it
    # carries the log's own deltas (seat 0 +8,000 from seat 3), so a reader summing deltas lands on the log's
    # scores after the round, 34,900 / 19,100 / 25,300 / 20,700
    body = (DATA / "output_log.example.json").read_bytes()
    response = client.post("/v1/logs/convert?rules=" + quote('{"aka_per_suit":0}'), content=body, headers=JSON)
    assert response.status_code == 200, response.text
    assert response.headers["x-replay-agrees"] == "false"
    events = [json.loads(line) for line in response.text.splitlines()]
    starts = [i for i, e in enumerate(events) if e["type"] == "start_kyoku"]
    round_4 = events[starts[4] : starts[5]]
    (hora,) = [e for e in round_4 if e["type"] == "hora"]
    assert hora["deltas"] == [8000, 0, 0, -8000]
    assert hora["scores"] == [34900, 19100, 25300, 20700]
    # round 5: seats 0 and 1 declare riichi (reach_accepted takes 1,000 from each), then seat 0 rons seat 3 on a
    # hand with a red five; the log's round deltas (+13,000 / -1,000 / 0 / -12,000) count both sticks, so the
    # hora gives back what reach_accepted took: +14,000 / 0 / 0 / -12,000, landing on the log's 47,900 / 18,100 /
    # 25,300 / 8,700 (each stick charged once)
    round_5 = events[starts[5] : starts[6]]
    assert [e["deltas"] for e in round_5 if e["type"] == "reach_accepted"] == [[-1000, 0, 0, 0], [0, -1000, 0, 0]]
    (hora,) = [e for e in round_5 if e["type"] == "hora"]
    assert hora["deltas"] == [14000, 0, 0, -12000]
    assert hora["scores"] == [47900, 18100, 25300, 8700]
    # and every round's money adds up: the scores plus the sticks on the table are 100,000 at each start
    for i in starts:
        assert sum(events[i]["scores"]) + 1000 * events[i]["kyotaku"] == 100_000


def test_a_misspelt_or_repeated_parameter_is_400_not_the_default(client: TestClient[Litestar]) -> None:
    # ?rule=tenhou (for rules) would otherwise replay under the log's own rules without a word
    body = (DATA / "output_log.example.json").read_bytes()
    for path, allowed in (
        ("/v1/logs/replay", "format, rules, game"),
        ("/v1/logs/convert", "format, to, rules, game"),
        ("/v1/logs/replay/batch", "rules, game"),
    ):
        response = client.post(f"{path}?rule=tenhou", content=body, headers=JSON)
        assert response.status_code == 400, path
        (error,) = response.json()["errors"]
        assert error["field"] == "rule"
        assert f"allowed: {allowed}" in error["message"]
        response = client.post(f"{path}?rules=tenhou&rules=majsoul", content=body, headers=JSON)
        assert response.status_code == 400, path
        assert response.json()["errors"] == [{"field": "rules", "message": "given more than once; give it once"}]


def test_a_preset_with_another_start_replays_from_the_logs_own_money(client: TestClient[Litestar]) -> None:
    # wrc starts at 30,000 a seat; the log's game (4 x 25,000, 100,000 in all) keeps its own start, so the rounds
    # are settled: the first agrees with the log (no red five, no limit wrc scores otherwise), and round 4's ron
    # on 3m4m0m says why it is not (wrc has no red fives), not that the money does not add up
    body = (DATA / "output_log.example.json").read_bytes()
    response = _replay(client, body, "rules=wrc")
    assert response.status_code == 200, response.text
    answer = response.json()
    assert answer["final"] is not None
    assert answer["final"]["start_points"] == 25000
    assert answer["rounds"][0]["agrees"] is True
    (settle,) = [d for d in answer["rounds"][4]["differences"] if d["field"] == "settle"]
    assert [e["message"] for e in settle["service"]] == [
        "1 red five of suit m; these rules have no red fives (option aka_per_suit)"
    ]
    assert not any("add up to" in str(d["service"]) for r in answer["rounds"] for d in r["differences"])


def test_a_form_upload_is_415_naming_the_content_type(client: TestClient[Litestar]) -> None:
    # curl -F file=@log wraps the log in a multipart form: never a log; the answer says how to send it
    body = (DATA / "output_log.example.json").read_bytes()
    for path in ("/v1/logs/replay", "/v1/logs/replay/batch", "/v1/logs/convert"):
        response = client.post(path, files={"file": ("log.json", body)})
        assert response.status_code == 415, path
        (error,) = response.json()["errors"]
        assert error["field"] == "headers.content-type"
        assert "is a form: send the log's own bytes as the body (curl --data-binary @file)" in error["message"]

"""Calls the live service through the Python client openapi-generator makes from openapi/openapi.json.

Run by tests/contract/test_openapi_generator.py as ``python use_python.py DOCUMENT BASE_URL`` with the generated
package ``riichi_client`` importable, after mypy has checked this file against it. Each call sends the document's
own request example; every answer is read as the client's typed model, the refusal too.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from riichi_client import ApiClient, Configuration
from riichi_client.api.game_api import GameApi
from riichi_client.api.reference_api import ReferenceApi
from riichi_client.api.scoring_api import ScoringApi
from riichi_client.api.study_api import StudyApi
from riichi_client.exceptions import ApiException
from riichi_client.models.batch_request import BatchRequest
from riichi_client.models.enum_option import EnumOption
from riichi_client.models.final_request import FinalRequest
from riichi_client.models.format import Format
from riichi_client.models.integer_option import IntegerOption
from riichi_client.models.problem import Problem
from riichi_client.models.score_request import ScoreRequest
from riichi_client.models.score_result import ScoreResult
from riichi_client.models.settle_request import SettleRequest
from riichi_client.models.tenpai_request import TenpaiRequest


def example(document: dict[str, Any], path: str) -> str:
    """The request example of ``POST path`` in the document, as JSON text."""
    body = document["paths"][path]["post"]["requestBody"]["content"]["application/json"]
    return json.dumps(body["examples"]["ok"]["value"])


def main(document_path: str, base_url: str) -> int:
    document: dict[str, Any] = json.loads(Path(document_path).read_text(encoding="utf-8"))
    with ApiClient(Configuration(host=base_url)) as client:
        scoring, game, study, reference = ScoringApi(client), GameApi(client), StudyApi(client), ReferenceApi(client)
        score_request = ScoreRequest.from_json(example(document, "/v1/score"))
        assert score_request is not None
        score = scoring.score_hand(score_request)
        assert score.points == 8000, score  # the README's mangan
        assert [item.id.actual_instance for item in score.yaku] == ["riichi", "pinfu", "tanyao", "sanshoku"]

        batch_request = BatchRequest.from_json(example(document, "/v1/score/batch"))
        assert batch_request is not None
        batch = scoring.score_batch(batch_request)
        slots = [type(slot.actual_instance).__name__ for slot in batch.results]
        assert slots == ["ScoreResult", "Problem", "ScoreResult"], slots

        settle_request = SettleRequest.from_json(example(document, "/v1/settle"))
        assert settle_request is not None
        settle = game.settle_hand(settle_request)
        assert settle.deltas == [0, 8000, -8000, 0], settle  # the mangan by ron; the winner's own stick back

        final_request = FinalRequest.from_json(example(document, "/v1/final"))
        assert final_request is not None
        final = game.final_standings(final_request)
        assert final.placings[0].final == 47000, final  # 42,000 − 30,000 + 15,000 uma + 20,000 oka

        tenpai_request = TenpaiRequest.from_json(example(document, "/v1/tenpai"))
        assert tenpai_request is not None
        tenpai = study.analyse_tenpai(tenpai_request)
        assert tenpai.tenpai, tenpai
        assert sorted(w.tile for w in tenpai.waits) == ["2p", "5p"], tenpai

        rules = reference.list_rules()
        options = {o.actual_instance.name: o.actual_instance for o in rules.options if o.actual_instance is not None}
        kazoe, start_points = options["kazoe"], options["start_points"]
        assert isinstance(kazoe, EnumOption), kazoe
        assert [v.actual_instance for v in kazoe.values] == ["yakuman", "sanbaiman", "uncapped"], kazoe
        assert isinstance(start_points, IntegerOption), start_points
        assert start_points.maximum == 1_000_000, start_points

        ippatsu_without_riichi = {**json.loads(example(document, "/v1/score")), "riichi": False, "ippatsu": True}
        impossible = ScoreRequest.from_json(json.dumps(ippatsu_without_riichi))
        assert impossible is not None
        refused: ApiException | None = None
        try:
            scoring.score_hand(impossible)
        except ApiException as error:
            refused = error
        assert refused is not None, "ippatsu without riichi was accepted"
        assert refused.status == 422, refused
        problem = refused.data if isinstance(refused.data, Problem) else Problem.from_json(str(refused.body))
        assert problem is not None, refused.body
        assert problem.status == 422, problem
        assert problem.type.actual_instance == "/problems/impossible-hand", problem
        assert [e.var_field for e in problem.errors] == ["ippatsu"], problem

        # option aotenjou (no limits, /docs/rulesets §8): kokushi musou 13-sided (26 han) + menzen tsumo = 27 han,
        # 30 fu, the dealer's tsumo. Base 30 × 2^29 = 16,106,127,360; each non-dealer pays 2 × base =
        # 32,212,254,720, rounded up to 32,212,254,800; the dealer gains 3 × that = 96,636,764,400, past 2^31 − 1
        kokushi = {"hand": "19m19p19s1234567z", "win_tile": "1m", "win": "tsumo", "seat_wind": "E"}
        aotenjou_request = ScoreRequest.from_json(json.dumps({**kokushi, "rules": {"aotenjou": True}}))
        assert aotenjou_request is not None
        aotenjou = scoring.score_hand(aotenjou_request)
        assert (aotenjou.base_points, aotenjou.points) == (16_106_127_360, 96_636_764_400), aotenjou
        assert aotenjou.limit is not None, aotenjou
        assert aotenjou.limit.actual_instance == "none", aotenjou.limit
        assert [(p.amount, p.count) for p in aotenjou.payments] == [(32_212_254_800, 3)], aotenjou.payments
        settle_text = {"scores": [25000] * 4, "dealer": 0, "rules": {"aotenjou": True},
                       "outcome": {"type": "tsumo", "winner": 0, "hand": kokushi}}  # fmt: skip
        aotenjou_settle = SettleRequest.from_json(json.dumps(settle_text))
        assert aotenjou_settle is not None
        settled = game.settle_hand(aotenjou_settle)
        assert settled.deltas == [96_636_764_400] + [-32_212_254_800] * 3, settled.deltas
        assert settled.scores == [96_636_789_400] + [-32_212_229_800] * 3, settled.scores

        log = document["paths"]["/v1/logs/replay"]["post"]["requestBody"]["content"]["text/plain"]["examples"]
        mjai = log["one_round"]["value"]  # one round of mjai events: the dealer tsumo of 48,000 it records
        replayed = game.replay_log(mjai, format=Format.MJAI, _content_type="text/plain")
        summary = replayed.summary
        assert (summary.rounds, summary.rounds_agreeing, summary.wins) == (1, 1, 1), replayed
        # the answer is NDJSON (mjai lines, documented as text): read raw, as the client has no model for it
        converted = game.convert_log_without_preload_content(mjai, format=Format.MJAI, _content_type="text/plain")
        assert converted.status == 200, converted.data
        events = [json.loads(line) for line in converted.data.decode().splitlines()]
        assert [events[0]["type"], events[-1]["type"]] == ["start_game", "end_game"], events

    later = ScoreResult.from_json(
        json.dumps({**score.to_dict(), "yaku": [{"id": "yaku_added_later", "han": 1, "name": "A new yaku"}]})
    )  # an id added within /v1 after this client was generated (/docs/compatibility)
    assert later is not None
    assert later.yaku[0].id.actual_instance == "yaku_added_later", later
    print("python client: 11 calls, every answer parsed into its typed model; a yaku id added later decoded")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1], sys.argv[2]))

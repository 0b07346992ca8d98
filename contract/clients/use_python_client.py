"""Calls every operation through the Python client generated from openapi/openapi.json (openapi-python-client).

Run by tests/contract/test_generated_clients.py as ``python use_python_client.py DOCUMENT BASE_URL`` with the
generated package ``riichi_client`` importable, after ``mypy --strict`` has checked this file against it. Each
call sends the document's own request example and checks that the answer parsed into the typed model.
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import Any

from riichi_client import AuthenticatedClient
from riichi_client.api.game import convert_log, final_standings, replay_log, settle_hand, sticks_plan
from riichi_client.api.operations import health, metrics, ready
from riichi_client.api.reference import get_points_table, get_preset_rules, list_rules, list_yaku
from riichi_client.api.scoring import score_batch, score_hand
from riichi_client.api.study import analyse_tenpai
from riichi_client.models import (
    BatchRequest,
    BatchResult,
    FinalRequest,
    FinalResult,
    Format,
    HanFuPreset,
    Health,
    PointsTable,
    Preset,
    PresetRules,
    Problem,
    Ready,
    ReplayResult,
    RulesCatalogue,
    ScoreRequest,
    ScoreResult,
    SettleRequest,
    SettleResult,
    SticksRequest,
    SticksResult,
    TenpaiRequest,
    TenpaiResult,
    YakuCatalogue,
    YakuId,
)
from riichi_client.types import File


def example(document: dict[str, Any], path: str, name: str = "ok") -> dict[str, Any]:
    """The request example ``name`` of ``POST path`` in the document."""
    value: dict[str, Any] = document["paths"][path]["post"]["requestBody"]["content"]["application/json"]["examples"][
        name
    ]["value"]
    return value


API_KEY = "any-key"
"""The server under test requires no key (it ignores one sent): the client is built as for a deployment that does,
with the `Bearer` scheme the document declares."""


def main(document_path: str, base_url: str) -> int:
    document: dict[str, Any] = json.loads(Path(document_path).read_text(encoding="utf-8"))
    calls = 0
    with AuthenticatedClient(base_url=base_url, token=API_KEY, raise_on_unexpected_status=True) as client:
        score = score_hand.sync_detailed(client=client, body=ScoreRequest.from_dict(example(document, "/v1/score")))
        assert isinstance(score.parsed, ScoreResult), score.content
        assert score.parsed.is_win, score.parsed  # the README's mangan
        assert score.parsed.points == 8000, score.parsed  # the README's mangan
        assert [str(y.id) for y in score.parsed.yaku] == ["riichi", "pinfu", "tanyao", "sanshoku"]
        assert isinstance(score.parsed.yaku[0].id, YakuId), score.parsed.yaku[0]  # a known id: the enum member
        later = ScoreResult.from_dict(
            {**json.loads(score.content), "yaku": [{"id": "yaku_added_later", "han": 1, "name": "A new yaku"}]}
        )  # an id added within /v1 after this client was generated (/docs/compatibility)
        assert later.yaku[0].id == "yaku_added_later", later.yaku
        ru = score_hand.sync_detailed(
            client=client, body=ScoreRequest.from_dict(example(document, "/v1/score")), accept_language="ru"
        )
        assert isinstance(ru.parsed, ScoreResult), ru.content
        assert ru.parsed.yaku[0].name == "Риичи", ru.content
        ippatsu_without_riichi = {**example(document, "/v1/score"), "riichi": False, "ippatsu": True}
        impossible = score_hand.sync_detailed(client=client, body=ScoreRequest.from_dict(ippatsu_without_riichi))
        assert isinstance(impossible.parsed, Problem), impossible.content
        assert impossible.status_code == 422, impossible.content
        calls += 3

        batch = score_batch.sync_detailed(
            client=client, body=BatchRequest.from_dict(example(document, "/v1/score/batch"))
        )
        assert isinstance(batch.parsed, BatchResult), batch.content
        kinds = [type(slot).__name__ for slot in batch.parsed.results]
        assert kinds == ["ScoreResult", "Problem", "ScoreResult"], kinds
        tenpai = analyse_tenpai.sync_detailed(
            client=client, body=TenpaiRequest.from_dict(example(document, "/v1/tenpai"))
        )
        assert isinstance(tenpai.parsed, TenpaiResult), tenpai.content
        assert tenpai.parsed.tenpai, tenpai.content
        settle = settle_hand.sync_detailed(client=client, body=SettleRequest.from_dict(example(document, "/v1/settle")))
        assert isinstance(settle.parsed, SettleResult), settle.content
        assert sum(settle.parsed.deltas) + 1000 * (settle.parsed.next_hand.riichi_sticks) >= 0
        final = final_standings.sync_detailed(
            client=client, body=FinalRequest.from_dict(example(document, "/v1/final"))
        )
        assert isinstance(final.parsed, FinalResult), final.content
        assert len(final.parsed.placings) == 4, final.content
        sticks = sticks_plan.sync_detailed(client=client, body=SticksRequest.from_dict(example(document, "/v1/sticks")))
        assert isinstance(sticks.parsed, SticksResult), sticks.content
        assert sticks.parsed.amount == 7700, sticks.content
        calls += 5

        table = get_points_table.sync_detailed(client=client, preset=HanFuPreset.KOSTAREV)
        assert isinstance(table.parsed, PointsTable), table.content
        assert table.parsed.cells, table.content
        rules = list_rules.sync_detailed(client=client, accept_language="ja")
        assert isinstance(rules.parsed, RulesCatalogue), rules.content
        assert rules.parsed.language.value == "ja", rules.content
        played: Preset = score.parsed.preset  # one shared type: an answer's preset is a path parameter as it is
        assert played == Preset.STANDARD, played
        preset = get_preset_rules.sync_detailed(Preset.KOSTAREV, client=client)
        assert isinstance(preset.parsed, PresetRules), preset.content
        assert preset.parsed.preset.id.value == "kostarev", preset.content
        yaku = list_yaku.sync_detailed(client=client, preset=Preset.KIDS)
        assert isinstance(yaku.parsed, YakuCatalogue), yaku.content
        calls += 4

        log = document["paths"]["/v1/logs/replay"]["post"]["requestBody"]["content"]["text/plain"]["examples"]
        mjai = log["one_round"]["value"].encode()  # one round of mjai events: the dealer tsumo of 48,000 it records
        replayed = replay_log.sync_detailed(client=client, body=File(payload=io.BytesIO(mjai)), format_=Format.MJAI)
        assert isinstance(replayed.parsed, ReplayResult), replayed.content
        summary = replayed.parsed.summary
        assert (summary.rounds, summary.rounds_agreeing, summary.wins) == (1, 1, 1), replayed.content
        # the generator leaves a text answer (application/x-ndjson) unparsed, and raises on it with
        # raise_on_unexpected_status: the mjai lines are read from the raw content of a client without that flag
        with AuthenticatedClient(base_url=base_url, token=API_KEY) as text_client:
            converted = convert_log.sync_detailed(
                client=text_client, body=File(payload=io.BytesIO(mjai)), format_=Format.MJAI
            )
        assert converted.status_code == 200, converted.content
        events = [json.loads(line) for line in converted.content.decode().splitlines()]
        assert [events[0]["type"], events[-1]["type"]] == ["start_game", "end_game"], events
        calls += 2

        alive = health.sync_detailed(client=client)
        assert isinstance(alive.parsed, Health), alive.content
        up = ready.sync_detailed(client=client)
        assert isinstance(up.parsed, Ready), up.content
        scraped = metrics.sync_detailed(client=client)
        assert isinstance(scraped.parsed, str), scraped.content
        assert "riichi_http_requests_total" in scraped.parsed, scraped.content
        calls += 3
    print(f"python client: {calls} calls, every answer parsed into its typed model")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1], sys.argv[2]))

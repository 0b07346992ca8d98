"""``POST /v1/logs/replay/batch`` over damaged archives: one bad game does not stop the others, the games
an archive's damage hides are announced by a last `(the archive)` line, and the answer is always whole
NDJSON (/docs/logs §Many games)."""

from __future__ import annotations

import gzip
import io
import json
import random
from typing import Any

import pytest
from litestar import Litestar
from litestar.testing import TestClient

from tests.api.logcapture import records
from tests.logs import damaged

BATCH = "/v1/logs/replay/batch"
REST = "the rest of it is not read"


def _lines(response: Any) -> list[dict[str, Any]]:
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("application/x-ndjson")
    assert response.text.endswith("\n")
    return [json.loads(line) for line in response.text.splitlines()]


def _said(lines: list[dict[str, Any]]) -> list[tuple[int, str, bool, str | None]]:
    """Each line as ``(index, name, agrees, the first error's message)``."""
    return [
        (line["index"], line["name"], line["agrees"], (line["problem"] or {}).get("errors", [{}])[0].get("message"))
        for line in lines
    ]


def test_a_zip_member_with_damaged_deflate_data_is_its_own_problem_line_and_the_others_go_on(
    client: TestClient[Litestar],
) -> None:
    body = damaged.zip_with_damaged_member(damaged.THREE, "chankan.json")

    lines = _lines(client.post(BATCH, content=body, headers={"content-type": "application/zip"}))

    assert _said(lines) == [
        (0, "double_ron.json", True, None),
        (1, "chankan.json", False, "chankan.json cannot be read from the archive: the compressed data is damaged"),
        (2, "rinshan.json", True, None),
    ]
    problem = lines[1]["problem"]
    assert (problem["type"], problem["status"], problem["errors"][0]["field"]) == (
        "/problems/unreadable-log",
        422,
        "log",
    )


def test_a_tar_whose_fourth_header_is_damaged_ends_on_an_archive_line_after_three_games(
    client: TestClient[Litestar],
) -> None:
    body = damaged.tar_with_bad_checksum(damaged.SIX, member=3)

    lines = _lines(client.post(BATCH, content=body, headers={"content-type": "application/x-tar"}))

    assert _said(lines) == [
        (0, "double_ron.json", True, None),
        (1, "chankan.json", True, None),
        (2, "rinshan.json", True, None),
        (3, "(the archive)", False, f"the archive cannot be read past rinshan.json: a damaged tar header; {REST}"),
    ]
    assert lines[3]["problem"]["status"] == 422


def test_the_archive_line_follows_the_request_s_language(client: TestClient[Litestar]) -> None:
    body = damaged.tar_with_bad_checksum(damaged.SIX, member=3)
    messages = {}
    for lang in ("ru", "ja"):
        response = client.post(BATCH, content=body, headers={"accept-language": lang})
        messages[lang] = _said(_lines(response))[-1][3]

    assert messages == {
        "ru": "архив нельзя прочитать после «rinshan.json»: повреждённый заголовок tar; остальное не читается",
        "ja": "アーカイブは rinshan.json より先を読めません: tar ヘッダーが壊れています。残りは読みません",
    }


def test_a_tar_gz_damaged_in_the_middle_ends_on_an_archive_line(client: TestClient[Litestar]) -> None:
    body = bytearray(damaged.tar_of(damaged.ALL, "w:gz"))
    for at in range(len(body) // 2, len(body) // 2 + 10):
        body[at] ^= 0xFF

    lines = _lines(client.post(BATCH, content=bytes(body), headers={"content-type": "application/gzip"}))

    assert [line["name"] for line in lines[:-1]] == damaged.ALL[: len(lines) - 1]
    assert lines[-1]["name"] == "(the archive)"
    assert lines[-1]["problem"]["errors"][0]["message"].startswith("the archive cannot be read past ")


def test_a_tar_gz_cut_short_answers_every_game_inflated_whole_before_the_cut(client: TestClient[Litestar]) -> None:
    body = damaged.tar_gz_cut_after(damaged.SIX, 1)  # the first game's data whole, the second's not

    lines = _lines(client.post(BATCH, content=body, headers={"content-type": "application/gzip"}))

    assert _said(lines) == [
        (0, "double_ron.json", True, None),
        (1, "(the archive)", False, f"the archive cannot be read past double_ron.json: the data ends early; {REST}"),
    ]


def test_a_gzip_ndjson_body_cut_short_answers_every_whole_line(client: TestClient[Litestar]) -> None:
    text = "".join(json.dumps(json.loads(damaged.log(name))) + "\n" for name in damaged.THREE).encode()
    body = gzip.compress(text, mtime=0)
    cut = damaged.shortest_cut(body, text.index(b"\n", text.index(b"\n") + 1) + 1)  # the second newline

    lines = _lines(client.post(BATCH, content=body[:cut], headers={"content-type": "application/gzip"}))

    assert _said(lines) == [
        (0, "line 1", True, None),
        (1, "line 2", True, None),
        (2, "(the archive)", False, f"the archive cannot be read past line 2: the data ends early; {REST}"),
    ]


def test_an_ndjson_body_starting_with_a_byte_order_mark_is_read(client: TestClient[Litestar]) -> None:
    body = "\ufeff" + "".join(json.dumps(json.loads(damaged.log(name))) + "\n" for name in damaged.THREE)

    lines = _lines(client.post(BATCH, content=body.encode(), headers={"content-type": "application/x-ndjson"}))

    assert _said(lines) == [(0, "line 1", True, None), (1, "line 2", True, None), (2, "line 3", True, None)]


def test_an_error_of_ours_reading_the_body_after_the_first_game_is_a_500_archive_line(
    client: TestClient[Litestar], monkeypatch: pytest.MonkeyPatch, logs: io.StringIO
) -> None:
    import service.api.routes.logs as routes

    def one_then_fault(stream: Any) -> Any:
        yield "double_ron.json", damaged.log("double_ron.json")
        raise KeyError("a fault of ours")

    monkeypatch.setattr(routes, "iter_logs", one_then_fault)

    lines = _lines(client.post(BATCH, content=damaged.zip_of(damaged.THREE)))

    assert [(line["name"], (line["problem"] or {}).get("status")) for line in lines] == [
        ("double_ron.json", None),
        ("(the archive)", 500),
    ]
    assert any(r.get("event") == "reading the body of a batch failed" for r in records(logs))


@pytest.mark.parametrize(
    "archive",
    [damaged.zip_of(damaged.THREE), damaged.tar_of(damaged.THREE), damaged.tar_of(damaged.THREE, "w:gz")],
    ids=["zip", "tar", "tar.gz"],
)
def test_randomly_damaged_archives_are_answered_by_a_422_or_whole_lines_each_a_game_or_a_problem(
    client: TestClient[Litestar], archive: bytes
) -> None:
    rng = random.Random(20261206)
    for _ in range(40):
        body = bytearray(archive)
        if rng.random() < 0.2:
            del body[rng.randrange(len(body)) :]
        else:
            for _ in range(rng.randint(1, 8)):
                body[rng.randrange(len(body))] = rng.randrange(256)

        response = client.post(BATCH, content=bytes(body))

        if response.status_code == 422:  # the body as a whole: before any line
            assert response.json()["errors"][0]["field"] == "log"
            continue
        lines = _lines(response)
        assert [line["index"] for line in lines] == list(range(len(lines)))
        for line in lines:
            assert (line["result"] is None) != (line["problem"] is None), line
            assert line["agrees"] is False or line["result"] is not None
        assert all(line["name"] != "(the archive)" for line in lines[:-1])

"""Whole games over HTTP: many games in one body (streamed NDJSON) and the conversion to mjai."""

from __future__ import annotations

import gzip
import io
import json
import tarfile
from pathlib import Path
from typing import Any

import pytest
from litestar import Litestar
from litestar.testing import TestClient

from tests.logs.script import mjai_lines, mjlog

NDJSON = {"content-type": "application/x-ndjson"}


def _lines(response: Any) -> list[dict[str, Any]]:
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("application/x-ndjson")
    return [json.loads(line) for line in response.text.splitlines()]


def test_a_batch_answers_one_line_per_game_in_order_and_a_bad_one_in_its_place(client: TestClient[Litestar]) -> None:
    events = [json.loads(line) for line in mjai_lines().splitlines()]
    body = f"{json.dumps(mjlog())}\n{json.dumps('<mjloggm>')}\n{json.dumps(events)}\n"

    lines = _lines(client.post("/v1/logs/replay/batch?rules=tenhou", content=body.encode(), headers=NDJSON))

    assert [(line["index"], line["name"], line["agrees"]) for line in lines] == [
        (0, "line 1", True),
        (1, "line 2", False),
        (2, "line 3", True),
    ]
    assert lines[0]["result"]["rounds"][2]["scores"] == [71100, 10900, 9000, 9000]  # the script's 1,900 ron
    assert lines[0]["problem"] is None
    problem = lines[1]["problem"]
    assert (problem["status"], problem["detail"]) == (422, "The log cannot be read or replayed.")
    assert lines[1]["result"] is None


def test_a_tar_gz_archive_is_read_member_by_member(client: TestClient[Litestar]) -> None:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as archive:
        for name, text in (("a.mjlog", mjlog()), ("b.json", mjai_lines())):
            info = tarfile.TarInfo(name)
            info.size = len(text.encode())
            archive.addfile(info, io.BytesIO(text.encode()))

    response = client.post(
        "/v1/logs/replay/batch?rules=tenhou", content=buffer.getvalue(), headers={"content-type": "application/gzip"}
    )

    assert [(line["name"], line["agrees"]) for line in _lines(response)] == [("a.mjlog", True), ("b.json", True)]


def test_a_body_that_holds_no_game_is_422_naming_log(client: TestClient[Litestar]) -> None:
    for body in (b"", b"\n\n", b"PK\x03\x04 broken"):
        response = client.post("/v1/logs/replay/batch", content=body, headers=NDJSON)

        assert response.status_code == 422, body
        assert response.headers["content-type"] == "application/problem+json"
        assert [e["field"] for e in response.json()["errors"]] == ["log"]


def test_convert_answers_the_game_as_mjai_lines(client: TestClient[Litestar]) -> None:
    response = client.post("/v1/logs/convert", content=gzip.compress(mjlog().encode()))

    events = _lines(response)
    assert response.headers["x-replay-agrees"] == "true"
    assert [e["type"] for e in events][:4] == ["start_game", "start_kyoku", "tsumo", "hora"]
    assert events[3]["deltas"] == [48000, -16000, -16000, -16000]  # the dealer's tenhou, 16,000 all
    assert events[-1] == {"type": "end_game"}


def test_convert_of_a_truncated_log_is_422_naming_the_round(client: TestClient[Litestar]) -> None:
    cut = mjlog()
    body = cut[: cut.rindex("<AGARI")] + "</mjloggm>"

    response = client.post("/v1/logs/convert", content=body.encode(), headers={"content-type": "application/xml"})

    assert response.status_code == 422
    assert response.json()["errors"][0]["field"] == "log.rounds[2]"


def test_a_batch_body_over_64_mib_is_413_while_it_streams(client: TestClient[Litestar]) -> None:
    def chunks() -> Any:  # no Content-Length: the limit is enforced while reading
        for _ in range(64 * 16 + 1):
            yield b" " * 65536

    response = client.post("/v1/logs/replay/batch", content=chunks(), headers=NDJSON)

    assert response.status_code == 413
    assert response.json()["errors"][0]["message"].endswith("67,108,864 for POST /v1/logs/replay/batch)")
    assert _without_instance(response.json()) == _documented_413(client, "/v1/logs/replay/batch")


def _documented_413(client: TestClient[Litestar], path: str) -> dict[str, Any]:
    """The one example of the 413 the served OpenAPI document gives ``POST path``, its ``instance`` left out."""
    responses = client.get("/schema/openapi.json").json()["paths"][path]["post"]["responses"]
    (example,) = responses["413"]["content"]["application/problem+json"]["examples"].values()
    return _without_instance(example["value"])


def _without_instance(problem: dict[str, Any]) -> dict[str, Any]:
    """A problem without its ``instance``: the example's names no request, the answer's names its own."""
    return {name: value for name, value in problem.items() if name != "instance"}


@pytest.mark.parametrize("path", ["/v1/logs/replay", "/v1/logs/convert"])
def test_a_log_over_2_mib_gets_the_413_the_document_shows(client: TestClient[Litestar], path: str) -> None:
    response = client.post(path, content=b" " * (2 * 1024 * 1024 + 1), headers={"content-type": "application/xml"})

    assert response.status_code == 413
    assert response.json()["detail"] == "The request body is larger than the server accepts."
    assert _without_instance(response.json()) == _documented_413(client, path)


def test_a_game_the_service_fails_on_is_a_500_line_and_the_next_game_goes_on(
    client: TestClient[Litestar], monkeypatch: pytest.MonkeyPatch
) -> None:
    import service.api.routes.logs as routes

    real = routes._replay
    calls = []

    def failing_once(*args: Any) -> Any:
        calls.append(1)
        if len(calls) == 1:
            raise RuntimeError("a fault of ours")
        return real(*args)

    monkeypatch.setattr(routes, "_replay", failing_once)
    body = f"{json.dumps(mjlog())}\n{json.dumps(mjlog())}\n"

    lines = _lines(client.post("/v1/logs/replay/batch?rules=tenhou", content=body.encode(), headers=NDJSON))

    assert [(line["problem"] or {}).get("status") for line in lines] == [500, None]
    assert lines[1]["agrees"] is True


def test_random_bytes_are_one_422_before_any_line(client: TestClient[Litestar]) -> None:
    response = client.post("/v1/logs/replay/batch", content=bytes(range(256)) * 64, headers=NDJSON)

    assert response.status_code == 422
    assert response.json()["errors"][0]["field"] == "log"


def test_an_unknown_format_is_400_naming_the_query_parameter(client: TestClient[Litestar]) -> None:
    for path in ("/v1/logs/replay", "/v1/logs/convert"):
        response = client.post(f"{path}?format=nope", content=mjlog().encode())

        assert response.status_code == 400
        assert [e["field"] for e in response.json()["errors"]] == ["format"]


def test_a_replay_on_the_loop_and_one_in_a_thread_answer_alike(client: TestClient[Litestar]) -> None:
    # a plain body of at most INLINE_REPLAY_BYTES is replayed on the event loop; a gzip one in a worker thread
    plain = client.post("/v1/logs/replay", content=mjlog().encode(), headers={"content-type": "application/xml"})
    zipped = client.post(
        "/v1/logs/replay", content=gzip.compress(mjlog().encode()), headers={"content-type": "application/gzip"}
    )

    assert plain.status_code == zipped.status_code == 200
    assert plain.json() == zipped.json()
    assert plain.json()["rounds"][0]["scores"] == [73000, 9000, 9000, 9000]  # the dealer's tenhou, 16,000 all

    cut = mjlog()
    truncated = (cut[: cut.rindex("<AGARI")] + "</mjloggm>").encode()
    for body in (truncated, gzip.compress(truncated)):
        refused = client.post("/v1/logs/replay", content=body)
        assert refused.status_code == 422
        assert [e["field"] for e in refused.json()["errors"]] == ["log.rounds[2]"]


def test_a_draw_out_of_turn_is_422_naming_the_round_and_the_event(client: TestClient[Litestar]) -> None:
    # the real three-player game of tests/logs/data (mjai): East 1's second draw is seat 1's, written as seat 2's
    path = Path(__file__).parents[1] / "logs" / "data" / "mjai" / "wahaha_2020010100gm-00b9-0000-7a6863a8.mjson"
    events = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    second_draw = [i for i, e in enumerate(events) if e["type"] == "tsumo"][1]
    events[second_draw]["actor"] = 2
    body = "\n".join(json.dumps(e, ensure_ascii=False) for e in events).encode()

    response = client.post("/v1/logs/replay", content=body, headers={"content-type": "application/json"})

    assert response.status_code == 422, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    (error,) = response.json()["errors"]
    assert error["field"] == "log.rounds[0].events[2]"
    assert "seat 2 draws out of turn: seat 1 is to draw" in error["message"]


@pytest.mark.parametrize("path", ["/v1/logs/replay", "/v1/logs/convert", "/v1/logs/replay/batch"])
def test_content_encoding_gzip_over_a_body_that_is_not_gzip_is_415_naming_the_header(
    client: TestClient[Litestar], path: str
) -> None:
    """A log's body may be gzip, with the header or without; a body the header calls gzip must be gzip."""
    body = mjlog().encode() if path != "/v1/logs/replay/batch" else json.dumps(mjlog()).encode() + b"\n"
    response = client.post(f"{path}?rules=tenhou", content=body, headers={"content-encoding": "gzip"})

    assert response.status_code == 415, response.text
    problem = response.json()
    assert problem["type"] == "/problems/unsupported-media-type"
    assert problem["detail"] == "Content-Encoding says gzip, but the body is not gzip"
    assert problem["errors"] == [
        {
            "field": "headers.content-encoding",
            "message": "'gzip', but the body does not begin as gzip does (bytes 1f 8b): compress it, or send it "
            "without Content-Encoding",
        }
    ]
    assert response.headers["accept-encoding"] == "gzip, identity"


@pytest.mark.parametrize("path", ["/v1/logs/replay", "/v1/logs/convert"])
def test_a_gzip_log_with_content_encoding_gzip_is_read(client: TestClient[Litestar], path: str) -> None:
    body = gzip.compress(mjlog().encode())
    response = client.post(f"{path}?rules=tenhou", content=body, headers={"content-encoding": "gzip"})
    assert response.status_code == 200, response.text


@pytest.mark.parametrize("coding", ["br", "deflate", "gzip, gzip"])
def test_a_coding_other_than_gzip_is_415_naming_the_header(client: TestClient[Litestar], coding: str) -> None:
    body = gzip.compress(mjlog().encode())
    response = client.post("/v1/logs/replay?rules=tenhou", content=body, headers={"content-encoding": coding})

    assert response.status_code == 415, response.text
    assert response.json()["errors"] == [
        {
            "field": "headers.content-encoding",
            "message": f"{coding!r} is not a coding this operation reads: send the body as it is, or "
            "gzip-compressed with Content-Encoding: gzip",
        }
    ]
    assert response.headers["accept-encoding"] == "gzip, identity"


def test_a_json_log_declared_in_latin1_is_415_naming_the_content_type(client: TestClient[Litestar]) -> None:
    events = [json.loads(line) for line in mjai_lines().splitlines()]
    events[0]["names"] = ["Zoë", "b", "c", "d"]  # a name beyond ASCII: latin-1 and UTF-8 write it otherwise
    body = json.dumps(events, ensure_ascii=False).encode()
    headers = {"content-type": "application/json; charset=latin1"}
    response = client.post("/v1/logs/replay?rules=tenhou", content=body, headers=headers)

    assert response.status_code == 415, response.text
    assert [e["field"] for e in response.json()["errors"]] == ["headers.content-type"]
    headers = {"content-type": "application/json; charset=utf-8"}
    response = client.post("/v1/logs/replay?rules=tenhou", content=body, headers=headers)
    assert response.status_code == 200, response.text
    assert response.json()["names"][0] == "Zoë"
    # the same log in plain ASCII (ë written \u00eb) reads alike in latin-1: it is read
    ascii_body = json.dumps(events).encode()
    headers = {"content-type": "application/json; charset=latin1"}
    response = client.post("/v1/logs/replay?rules=tenhou", content=ascii_body, headers=headers)
    assert response.status_code == 200, response.text
    assert response.json()["names"][0] == "Zoë"
    # mjai lines as text/plain declared UTF-16: their bytes read otherwise there
    headers = {"content-type": "text/plain; charset=utf-16"}
    response = client.post("/v1/logs/replay?rules=tenhou", content=mjai_lines().encode(), headers=headers)
    assert response.status_code == 415, response.text


def test_an_mjlog_labelled_with_the_encoding_its_declaration_names_is_read(client: TestClient[Litestar]) -> None:
    # a player named 東 written raw in Shift_JIS (bytes 93 8c): the header and the XML declaration agree, so the
    # reader (which decodes by the declaration) reads what the client meant; a header naming another encoding than
    # the declaration's could misread it and is a 415
    from service.api.docs.examples import EXAMPLE_MJLOG

    text = '<?xml version="1.0" encoding="Shift_JIS"?>' + EXAMPLE_MJLOG.replace('n0="a"', 'n0="東"')
    body = text.encode("shift_jis")
    assert b"\x93\x8c" in body
    for charset in ("shift_jis", "Shift_JIS", "sjis"):
        response = client.post(
            "/v1/logs/replay", content=body, headers={"content-type": f"application/xml; charset={charset}"}
        )
        assert response.status_code == 200, response.text
        assert response.json()["names"][0] == "東"
    response = client.post("/v1/logs/replay", content=body, headers={"content-type": "application/xml; charset=euc-jp"})
    assert response.status_code == 415
    assert [e["field"] for e in response.json()["errors"]] == ["headers.content-type"]

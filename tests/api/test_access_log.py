"""The access log's held lines (:class:`service.api.telemetry.logs.AccessLog`): written together, whole, and never lost
at shutdown."""

from __future__ import annotations

import asyncio
import io
import json

from service.api.telemetry.logs import AccessLog


class Writes(io.StringIO):
    """A text stream that remembers each ``write`` call."""

    def __init__(self) -> None:
        super().__init__()
        self.calls: list[str] = []

    def write(self, s: str) -> int:
        self.calls.append(s)
        return super().write(s)


def test_a_line_has_the_keys_of_every_log_line_and_the_request() -> None:
    stream = Writes()
    AccessLog(stream, enabled=True).request("rid-1", "POST", "/v1/score", "/v1/score", 200, 0.0012344)
    (line,) = [json.loads(x) for x in stream.getvalue().splitlines()]
    assert line["event"] == "request"
    assert (line["level"], line["logger"], line["request_id"]) == ("info", "service.access", "rid-1")
    assert (line["method"], line["path"], line["route"], line["status"]) == ("POST", "/v1/score", "/v1/score", 200)
    assert line["duration_ms"] == 1.234  # 0.0012344 s, rounded to the microsecond
    assert line["timestamp"].endswith("Z")


def test_disabled_writes_nothing() -> None:
    stream = Writes()
    AccessLog(stream, enabled=False).request("r", "GET", "/", None, 200, 0.0)
    assert stream.calls == []


def test_held_lines_wait_for_the_timer_then_go_in_one_write() -> None:
    stream = Writes()
    log = AccessLog(stream, enabled=True, hold_s=0.05)

    async def three_requests() -> list[str]:
        for n in range(3):
            log.request(f"r{n}", "GET", "/health", "/health", 200, 0.0)
        before = list(stream.calls)
        await asyncio.sleep(0.2)
        return before

    assert asyncio.run(three_requests()) == []  # held, not yet written
    assert len(stream.calls) == 1  # then one write with all three
    assert [json.loads(x)["request_id"] for x in stream.calls[0].splitlines()] == ["r0", "r1", "r2"]


def test_held_lines_are_written_in_whole_lines_below_pipe_buf() -> None:
    stream = Writes()
    log = AccessLog(stream, enabled=True, hold_s=60)

    async def many() -> None:
        for n in range(200):
            log.request(f"request-{n}", "POST", "/v1/score", "/v1/score", 200, 0.001)
        log.write_held()  # as the shutdown hook does

    asyncio.run(many())
    assert all(len(call.encode()) <= 4096 and call.endswith("\n") for call in stream.calls)
    ids = [json.loads(x)["request_id"] for call in stream.calls for x in call.splitlines()]
    assert ids == [f"request-{n}" for n in range(200)]  # none lost, none reordered
    assert len(stream.calls) < 200 / 5  # written together, not one write a line


def test_a_long_path_is_cut_so_every_line_is_one_whole_write() -> None:
    stream = Writes()
    log = AccessLog(stream, enabled=True, hold_s=60)

    async def long_paths() -> None:
        for n in range(20):
            log.request(f"r{n}", "GET", "/" + "a" * 60_000, None, 404, 0.0)
        log.write_held()

    asyncio.run(long_paths())
    lines = [json.loads(x) for call in stream.calls for x in call.splitlines()]
    assert [line["request_id"] for line in lines] == [f"r{n}" for n in range(20)]
    assert {len(line["path"]) for line in lines} == {512}  # cut, the last character "…"
    assert all(line["path"].endswith("…") for line in lines)
    assert all(len(call.encode()) <= 4096 for call in stream.calls)

"""The readers' fast paths read a log exactly as their general paths do.

An mjlog that is plain (empty tags, double-quoted attributes, nothing but white space between tags) is split at
its tags instead of parsed; anything else goes to the XML parser. mjai JSON lines take a draw or discard line
seen before from a table instead of decoding it; one JSON array of events always takes the general path. Each
pair below is the same game written both ways, so the decoded logs must be equal, and so must the errors.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from service.logs import LogError, read_log, replay
from service.logs.convert import to_mjai
from service.logs.mjai import decode as decode_mjai
from service.logs.tenhou_xml import _read_plain
from service.logs.tenhou_xml import decode as decode_mjlog
from tests.logs.script import mjlog

PLAIN = mjlog().encode()
GAME = read_log((Path(__file__).parent / "data" / "tenhou6" / "ranked_game.json").read_bytes())
MJAI = "".join(json.dumps(event) + "\n" for event in to_mjai(GAME, replay(GAME)))
"""A whole real game (a tenhou.net/6 log, committed) as mjai lines."""


@pytest.mark.parametrize(
    "unplain",
    [
        PLAIN.replace(b'<GO type="169"', b'<!-- a comment --><GO type="169"'),  # a comment
        PLAIN.replace(b'<TAIKYOKU oya="0"/>', b"<TAIKYOKU oya='0'/>"),  # single quotes
        PLAIN.replace(b'<UN n0="a" n1="b"', b'<UN n0="a"\n n1="b"'),  # a line break between attributes
        PLAIN.replace(b'<UN n0="a"', b'<UN n0="&#97;"'),  # a character reference: the same "a"
        b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' + PLAIN,  # a declaration not read as plain
    ],
    ids=["comment", "single quotes", "line break", "character reference", "standalone declaration"],
)
def test_an_mjlog_the_parser_reads_decodes_as_the_plain_one(unplain: bytes) -> None:
    assert _read_plain(PLAIN) is not None  # the script's mjlog is plain
    assert _read_plain(unplain) is None  # these are not: the XML parser reads them
    assert decode_mjlog(unplain) == decode_mjlog(PLAIN)


def test_an_mjlog_error_is_the_same_on_both_paths() -> None:
    def error(document: bytes) -> tuple[str, str]:
        with pytest.raises(LogError) as caught:
            decode_mjlog(document)
        return caught.value.field, caught.value.message

    bad = re.sub(rb"<T\d+/>", b"<T200/>", PLAIN, count=1)  # a draw of tile 200: out of range
    assert error(bad) == error(bad.replace(b'<GO type="169"', b'<!-- a comment --><GO type="169"'))
    assert error(bad)[0].startswith("log.rounds[0].events[")
    # a later part that is not XML is reported first, as the parser reads the whole document before any tag
    assert "well-formed" in error(bad.replace(b"</mjloggm>", b"</mjloggm"))[1]


def _as_array(lines: str) -> bytes:
    return json.dumps([json.loads(line) for line in lines.splitlines() if line.strip()]).encode()


def test_mjai_lines_read_twice_and_as_one_array_are_the_same_game() -> None:
    lines = MJAI.encode()
    first = decode_mjai(lines)  # every draw and discard line decoded, and remembered
    again = decode_mjai(lines)  # now taken from the table
    assert first == again == decode_mjai(_as_array(MJAI))
    assert sum(len(r.events) for r in first.rounds) > 300  # three rounds of a real game


_PLAIN_DEALS = [re.sub(r'"5([mps])r"', r'"5\1"', line) if "start_kyoku" in line else line for line in MJAI.splitlines()]
"""The game with no red five in any deal (its discards show none either)."""


def _red_discard(lines: list[str]) -> str:
    """The first discard of a five, shown red (a decode alone does not check what the hand holds)."""
    five = next(line for line in lines if '"dahai"' in line and re.search(r'"pai": "5[mps]"', line))
    return re.sub(r'"pai": "5([mps])"', r'"pai": "5\1r"', five)


def test_a_red_five_known_from_a_discard_line_turns_red_fives_on() -> None:
    """Only a discard shows a red five: the second reading takes that line from the table and must still see it."""
    red = _red_discard(_PLAIN_DEALS)
    at = _PLAIN_DEALS.index(re.sub(r'"5([mps])r"', r'"5\1"', red))
    lines = [*_PLAIN_DEALS[:at], red, *_PLAIN_DEALS[at + 1 :]]
    body = "\n".join(lines).encode()
    first, again = decode_mjai(body), decode_mjai(body)
    assert first.rules == again.rules == decode_mjai(_as_array("\n".join(lines))).rules == {"aka": True}
    assert first == again
    plain = "\n".join(_PLAIN_DEALS).encode()
    assert decode_mjai(plain).rules == decode_mjai(plain).rules == {}


@pytest.mark.parametrize(
    "change",
    [
        lambda lines: [lines[2], *lines],  # a known draw line before the first start_kyoku
        lambda lines: [_red_discard(lines), *lines],  # a known red-five discard before the first start_kyoku
        lambda lines: [*lines[:3], lines[3].replace('"actor": 0', '"actor": 7'), *lines[4:]],  # a seat 7
        lambda lines: [*lines[:5], "{not json", *lines[5:]],  # bad JSON after known lines
    ],
    ids=["before the first round", "red five before the first round", "no such seat", "bad JSON"],
)
def test_an_mjai_error_is_the_same_whichever_path_meets_it(change) -> None:  # type: ignore[no-untyped-def]
    decode_mjai(MJAI.encode())  # the draw and discard lines are known from here on
    lines = change(MJAI.splitlines())
    with pytest.raises(LogError) as fast:
        decode_mjai("\n".join(lines).encode())
    try:
        body = json.dumps([json.loads(line) for line in lines]).encode()
    except json.JSONDecodeError:  # the general path alone: one line's JSON is bad
        return
    with pytest.raises(LogError) as general:
        decode_mjai(body)
    assert (fast.value.field, fast.value.message) == (general.value.field, general.value.message)

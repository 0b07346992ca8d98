"""``POST /v1/score`` and ``POST /v1/tenpai`` refuse the same mistake with the same message.

The score request is validated by ``validate.parse_request`` and the tenpai request by ``tenpai._validate``,
which call the same checks of ``validate.py`` for what the requests share (their ``Situation`` fields, the
melds, the table; the C code declines such requests and writes no message). Each
case here is one mistake made in both requests (the tenpai request's hand is the score request's hand, 13
tiles before the win): both refuse it on the same field with the same words, and a few messages are checked
against the text a person wrote down.
"""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from service.scoring import InvalidHand, ScoreRequest, score
from service.scoring.tenpai import analyse
from service.scoring.tenpai_model import TenpaiRequest

HAND = "234567m3455p234s"
"""The API's mangan before the win (13 tiles), won on 2p."""
SHORT = "234567m3455p2s"
"""The same with 234s called (10 tiles)."""

CASES: dict[str, tuple[str, dict[str, Any], str | None]] = {
    "winds in a preset without": (
        "hand",
        {"hand": "234567m3455p11z", "rules": "kostarev", "seat_wind": None},
        "wind tiles (1z–4z) do not exist in preset 'kostarev' (option winds is off)",
    ),
    "a closed chi": (
        "melds[0].closed",
        {"hand": SHORT, "melds": [{"type": "chi", "tiles": "234s", "closed": True}]},
        "only a kan can be closed; a chi is always called",
    ),
    "a chi out of order": (
        "melds[0].tiles",
        {"hand": SHORT, "melds": [{"type": "chi", "tiles": "235s"}]},
        "a chi is three consecutive tiles of one suit, got '235s'",
    ),
    "a pon of three kinds": (
        "melds[0].tiles",
        {"hand": SHORT, "melds": [{"type": "pon", "tiles": "234s"}]},
        "a pon is 3 identical tiles, got '234s'",
    ),
    "a pon without tiles": (
        "melds[0].tiles",
        {"hand": SHORT, "melds": [{"type": "pon", "tiles": ""}]},
        "a pon is 3 identical tiles, got ''",
    ),
    "a kan of two kinds": ("melds[0].tiles", {"hand": SHORT, "melds": [{"type": "kan", "tiles": "2223s"}]}, None),
    "six dora indicators": (
        "dora_indicators",
        {"dora_indicators": "123456m"},
        "at most 5 indicators (1 + 4 kan dora), got 6",
    ),
    "seat North with three players": ("seat_wind", {"seat_wind": "N", "rules": "tenhou_sanma"}, None),
    "round North with three players": ("round_wind", {"round_wind": "N", "rules": "tenhou_sanma"}, None),
    "a dealer who sits South": ("dealer", {"dealer": True}, "dealer=true contradicts seat_wind 'S' (E is the dealer)"),
    "a seat wind without winds": ("seat_wind", {"rules": "kostarev"}, None),
    "a round wind without winds": ("round_wind", {"rules": "kostarev", "seat_wind": None, "round_wind": "E"}, None),
    "riichi with a called chi": (
        "riichi",
        {"hand": SHORT, "melds": [{"type": "chi", "tiles": "234s"}], "riichi": True},
        "riichi needs a closed hand (only closed kans allowed)",
    ),
    "ippatsu without riichi": ("ippatsu", {"ippatsu": True}, "ippatsu needs riichi (or double_riichi)"),
    "nukidora with four players": (
        "nukidora",
        {"nukidora": 1},
        "Norths are set aside only in a three-player game with option nukidora (preset standard: players 4,"
        " nukidora false): leave nukidora out",
    ),
}
"""Each mistake as ``(the field to blame, the fields that make it, the message or None)`` over
``{"hand": HAND, "seat_wind": "S"}`` (a field set to None is left out)."""


def refusal(request_type: type[msgspec.Struct], body: dict[str, Any], run: Any) -> dict[str, list[str]]:
    """The messages of the refusal, by field (a request both types decode; the function must refuse it)."""
    req = msgspec.convert(body, request_type)
    with pytest.raises(InvalidHand) as refused:
        run(req)
    out: dict[str, list[str]] = {}
    for error in refused.value.errors:
        out.setdefault(error.field, []).append(error.message)
    return out


@pytest.mark.parametrize("case", CASES)
def test_score_and_tenpai_refuse_a_mistake_in_the_same_words(case: str) -> None:
    field, fields, expected = CASES[case]
    body = {k: v for k, v in {"hand": HAND, "seat_wind": "S", **fields}.items() if v is not None}
    scored = refusal(ScoreRequest, {**body, "win_tile": "2p"}, score)
    waits = refusal(TenpaiRequest, body, analyse)
    assert field in scored, scored
    assert scored[field] == waits.get(field), (scored, waits)
    if expected is not None:
        assert scored[field] == [expected]

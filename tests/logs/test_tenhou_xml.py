"""Tenhou mjlog decoding: tiles and meld codes against the 1,655 real AGARI tags of the corpus (decoded there
by an independent converter), and the lobby's rule bits."""

from __future__ import annotations

import re

import pytest

from service.logs import LogError, read_log
from service.logs.tenhou_xml import decode, meld, tile
from tests.tenhou import CORPUS_FILE, load_records

CALL_KINDS = {"chi": "chi", "pon": "pon", "kakan": "shouminkan", "ankan": "ankan", "daiminkan": "daiminkan"}


def test_tile_ids_by_hand() -> None:
    assert [tile(0), tile(16), tile(17), tile(35), tile(36), tile(52), tile(88), tile(108), tile(135)] == [
        "1m", "0m", "5m", "9m", "1p", "0p", "0s", "1z", "7z",
    ]  # fmt: skip
    assert tile(16, aka=False) == "5m"


def test_meld_codes_by_hand() -> None:
    # chi 6m-7m-8m, 6m called, from the previous seat: base 5 (6m), called index 0; copies 0, 0, 0
    assert meld((5 * 3 + 0) << 10 | 0x4 | 3) == ("chi", [20, 24, 28], 20, 3)
    # pon of 1z (kind 27) without copy 3, the called tile is the first of the three, from across
    assert meld((27 * 3 + 0) << 9 | 3 << 5 | 0x8 | 2) == ("pon", [108, 109, 110], 108, 2)


@pytest.mark.skipif(not CORPUS_FILE.exists(), reason=f"the Tenhou corpus is not at {CORPUS_FILE}")
def test_every_corpus_call_decodes_as_the_corpus_converter_decoded_it() -> None:
    checked = 0
    for record in load_records():
        codes = (
            [int(m) for m in re.findall(r'\bm="([\d,]+)"', record["raw_agari"])[0].split(",")]
            if ' m="' in record["raw_agari"]
            else []
        )
        calls = record["hand"]["calls"]
        assert len(codes) == len(calls)
        for code, call in zip(codes, calls, strict=True):
            kind, ids, _, relative = meld(code)
            assert CALL_KINDS[kind] == call["type"], record["case_id"]
            assert sorted(ids) == sorted(call["tiles"]), record["case_id"]
            assert relative == call["from_relative"], record["case_id"]
            checked += 1
        hai = [int(t) for t in re.findall(r'\bhai="([\d,]+)"', record["raw_agari"])[0].split(",")]
        assert hai == record["hand"]["closed_tiles_136"]
    assert checked > 1000


def test_go_bits_give_the_rules() -> None:
    def rules(kind: int) -> dict[str, object]:
        round_ = _ROUND if not kind & 0x10 else _ROUND.replace('ten="250,250,250,250"', 'ten="350,350,350,0"')
        return decode(f'<mjloggm><GO type="{kind}"/>{round_}</mjloggm>').rules

    assert rules(169) == {"preset": "tenhou", "aka": True, "kuitan": True, "length": "hanchan", "lobby_type": 169}
    assert rules(1 | 0x02 | 0x04) == {
        "preset": "tenhou",
        "aka": False,
        "kuitan": False,
        "length": "tonpuu",
        "lobby_type": 7,
    }
    assert rules(0x10 | 0x08)["preset"] == "tenhou_sanma"


_HANDS = " ".join(f'hai{s}="{",".join(str(4 * k + s) for k in range(13))}"' for s in range(4))
_ROUND = f'<INIT seed="0,0,0,0,0,135" ten="250,250,250,250" oya="0" {_HANDS}/><RYUUKYOKU type="yao9" ba="0,0"/>'


@pytest.mark.parametrize(
    ("body", "field", "words"),
    [
        (b"<mjloggm>", "log", "well-formed"),
        (b"<foo/>", "log", "<mjloggm>"),
        (b"<mjloggm></mjloggm>", "log", "no round"),
        (
            f'<mjloggm><INIT seed="0,0,0,0,0,136" ten="250,250,250,250" oya="0" {_HANDS}/></mjloggm>'.encode(),
            "log.rounds[0]",
            "0–135",
        ),
        (
            f'<mjloggm><INIT seed="0,0,0,0,0,1" ten="250,250,250,250" oya="0" {_HANDS}/><T0/></mjloggm>'.encode(),
            "log.rounds[0]",
            "no end",
        ),
        (
            f'<mjloggm><INIT seed="0,0,0,0,0,135" oya="0" {_HANDS}/><D134/><RYUUKYOKU/></mjloggm>'.encode(),
            "log.rounds[0].events[0]",
            "does not hold",
        ),
        (b'<!DOCTYPE x [<!ENTITY a "aaaa">]><mjloggm>&a;</mjloggm>', "log", "declares a DTD"),
    ],
)
def test_a_bad_log_is_a_log_error_naming_where(body: bytes, field: str, words: str) -> None:
    from service.logs import replay

    with pytest.raises(LogError) as caught:
        replay(read_log(body))
    assert caught.value.field == field
    assert words in caught.value.message

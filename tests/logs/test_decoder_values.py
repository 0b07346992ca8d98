"""The values a log's decoders read, and how a bad one is refused (/docs/logs §Bad logs): every score, delta and
points value is at most 10,000,000 in magnitude (the bound of /v1/settle's scores; an mjlog's hundreds: 100,000),
refused naming the field and the round; a line or item of mjai that is not an event is said in plain words with
its place; an mjlog's attribute counts, GO type, DOCTYPE and encoding; a byte-order mark. The logs are the
examples of /docs/logs, each changed in one value; every expected text is written here by hand."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from service.i18n import refusal, render
from service.logs import LogError, read_log, replay

PAGE = Path(__file__).resolve().parents[2] / "service" / "docs" / "logs.md"


def _example(title: str, index: int = 0) -> str:
    """The ``index``-th fenced example of the section ``title`` of /docs/logs."""
    text = PAGE.read_text(encoding="utf-8")
    start = text.index(f"\n## {title}\n")
    section = text[start : text.find("\n## ", start + 1)]
    return re.findall(r"```\w+\n(.*?)```", section, re.S)[index]


MJLOG = _example("Tenhou XML")
MJAI = _example("mjai")
TENHOU6 = _example("tenhou.net/6")
MAJSOUL = _example("Mahjong Soul")
HUGE = 10**30
SAID_HUGE = "1,000,000,000,000,000,000,000,000,000,000"  # 10^30 grouped in threes: ten groups of 000


def _refusal(body: bytes | str, format: str | None = None) -> LogError:
    data = body.encode() if isinstance(body, str) else body
    with pytest.raises(LogError) as caught:
        replay(read_log(data, format))  # type: ignore[arg-type]
    return caught.value


# --- the bound of scores, deltas and points ------------------------------------------------------


def test_a_number_babel_cannot_format_is_still_said_in_each_language() -> None:
    message = refusal("refusal.log.out_of_range", what="scores", value=HUGE, most=10_000_000)

    assert message == f"scores: {SAID_HUGE} is out of range (at most 10,000,000 in magnitude)"
    assert render(message, "ru") == (
        "scores: 1\xa0000\xa0000\xa0000\xa0000\xa0000\xa0000\xa0000\xa0000\xa0000\xa0000 вне допустимого диапазона "
        "(по модулю не больше 10\xa0000\xa0000)"
    )
    assert render(refusal("refusal.log.out_of_range", what="x", value=-7 * 10**500, most=1), "ja") == (
        "x: -7.00E+500 は範囲外です（絶対値 1 まで）"
    )


@pytest.mark.parametrize("score", [HUGE, 10**20, 10_000_001, -10_000_001])
def test_an_mjai_score_past_ten_million_is_refused_naming_the_round(score: int) -> None:
    body = MJAI.replace('"scores": [25000, 25000', f'"scores": [{score}, 25000', 1)

    error = _refusal(body)

    assert error.field == "log.rounds[0]"
    assert error.message == f"start_kyoku scores: {score:,} is out of range (at most 10,000,000 in magnitude)"


def test_an_mjai_score_of_ten_million_is_read() -> None:
    body = MJAI.replace('"scores": [25000, 25000', '"scores": [10000000, 25000', 1)

    assert read_log(body.encode()).start_scores == [10_000_000, 25000, 25000, 25000]


def test_mjai_hora_deltas_past_the_bound_are_refused_at_the_hora() -> None:
    body = MJAI.replace('"deltas": [0, 9000, -8000, 0]', f'"deltas": [0, {HUGE}, -8000, 0]')

    error = _refusal(body)

    # the round's seven moves (three draws, three discards, a riichi): the hora is where the eighth would be
    assert error.field == "log.rounds[0].events[7]"
    assert error.message == f"hora deltas: {SAID_HUGE} is out of range (at most 10,000,000 in magnitude)"


def test_mjai_hora_points_past_the_bound_are_refused() -> None:
    body = MJAI.replace('"deltas": [0, 9000, -8000, 0]', '"deltas": [0, 9000, -8000, 0], "hora_points": 20000000')

    assert _refusal(body).message == "hora hora_points=20,000,000 is not a whole number 0–10,000,000"


def test_a_tenhou6_score_past_the_bound_is_refused_naming_its_place() -> None:
    body = json.loads(TENHOU6)
    body["log"][0][1][0] = HUGE

    error = _refusal(json.dumps(body))

    assert error.field == "log.rounds[0]"
    assert error.message == f"log[0][1]: {SAID_HUGE} is out of range (at most 10,000,000 in magnitude)"


def test_tenhou6_result_deltas_and_win_points_past_the_bound_are_refused() -> None:
    body = json.loads(TENHOU6)
    body["log"][0][16][1] = [96000, -32000, -32000, -HUGE]
    assert _refusal(json.dumps(body)).message == (
        f"log[0][16][1]: -{SAID_HUGE} is out of range (at most 10,000,000 in magnitude)"
    )

    body = json.loads(TENHOU6)
    body["log"][0][16][2][3] = "役満32000000点∀"  # 32,000,000 from each: more than the bound
    assert _refusal(json.dumps(body)).message == (
        '"役満32000000点∀": 32,000,000 is out of range (at most 10,000,000 in magnitude)'
    )


def test_an_mjlog_score_past_the_bound_is_refused_in_hundreds() -> None:
    body = MJLOG.replace('ten="250,250,250,250"', 'ten="10000000000000000000000000000,250,250,250"')

    error = _refusal(body)

    assert error.field == "log.rounds[0]"
    assert error.message == (
        "INIT ten: 10,000,000,000,000,000,000,000,000,000 is out of range (at most 100,000 in magnitude)"
    )


def test_mjlog_sc_and_owari_past_the_bound_are_refused() -> None:
    body = MJLOG.replace('sc="250,480,', 'sc="250,100001,')
    assert _refusal(body).message == "AGARI sc: 100,001 is out of range (at most 100,000 in magnitude)"

    body = MJLOG.replace('owari="730,83.0,', 'owari="inf,83.0,')
    assert _refusal(body).message == "owari: inf is out of range (at most 100,000 in magnitude)"


def test_an_mjlog_owari_past_the_bound_is_said_as_the_log_writes_it() -> None:
    # 1e30 as a float is 1,000,000,000,000,000,019,884,624,838,656: the refusal writes the log's own text
    body = MJLOG.replace('owari="730,83.0,90,', 'owari="730,83.0,1e30,')

    assert _refusal(body).message == "owari: 1e30 is out of range (at most 100,000 in magnitude)"


def test_a_majsoul_score_past_the_bound_says_out_of_range() -> None:
    body = MAJSOUL.replace('"scores": [25000, 25000', f'"scores": [{HUGE}, 25000', 1)

    error = _refusal(body)

    assert error.field == "log.rounds[0]"
    assert error.message == (
        f"RecordNewRound (record 0) scores: {SAID_HUGE} is out of range (at most 10,000,000 in magnitude)"
    )


# --- mjai: what is not an event, and where -------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("[null]", 'item 0 of the array (from 0): null is not an mjai event (an object with a string "type")'),
        ("[true]", 'item 0 of the array (from 0): true is not an mjai event (an object with a string "type")'),
        ("[1, 2]", 'item 0 of the array (from 0): 1 is not an mjai event (an object with a string "type")'),
        ('["a"]', 'item 0 of the array (from 0): "a" is not an mjai event (an object with a string "type")'),
        ('[{"type": 5}]', 'item 0 of the array (from 0): an object without a string "type" is not an mjai event'),
        (
            '{"type": "start_game"}\n\n{"type": "end_game"}\n[{"type": "none"}, [1]]\n',
            'line 4: an array is not an mjai event (an object with a string "type")',
        ),
        ("[[1]]", 'item 0 of the array (from 0): an array is not an mjai event (an object with a string "type")'),
        (
            '[{"type": "start_game"}, []]',
            'item 1 of the array (from 0): an array is not an mjai event (an object with a string "type")',
        ),
        ('{"type": "start_game"}\n[1, 2]\n', 'line 2: an array is not an mjai event (an object with a string "type")'),
    ],
)
def test_what_is_not_an_mjai_event_is_said_in_plain_words_with_its_place(body: str, message: str) -> None:
    error = _refusal(body, "mjai")

    assert error.field == "log"
    assert error.message == message


def test_a_tenhou6_log_read_as_mjai_is_refused_without_its_text() -> None:
    assert _refusal(TENHOU6, "mjai").message == 'line 1: an object without a string "type" is not an mjai event'


def test_the_mjai_not_event_refusal_in_russian() -> None:
    error = _refusal("[null]", "mjai")

    assert render(error.message, "ru") == ('элемент 0 массива (с 0): null — не событие mjai (объект со строкой "type")')


# --- mjlog: counts, GO type, DOCTYPE, encoding ---------------------------------------------------


def test_an_mjlog_init_with_two_scores_in_a_four_player_game_is_refused() -> None:
    error = _refusal(MJLOG.replace('ten="250,250,250,250"', 'ten="250,250"'))

    assert error.field == "log.rounds[0]"
    assert error.message == "INIT ten has 2 scores, not 4 (one a seat)"


@pytest.mark.parametrize("kind", ["-1", "99999999999999999999999", "65536", "x"])
def test_a_go_type_that_is_no_lobby_is_refused_itself(kind: str) -> None:
    error = _refusal(MJLOG.replace('GO type="169"', f'GO type="{kind}"'))

    assert error.field == "log"
    assert error.message == f'GO type="{kind}" is not a lobby type (a whole number 0–65,535)'


def test_an_mjlog_init_honba_out_of_range_is_refused() -> None:
    error = _refusal(MJLOG.replace('seed="0,0,0,0,0,108"', 'seed="0,101,0,0,0,108"'))

    assert error.message == "INIT seed honba=101 or sticks=0 is not a whole number 0–100"


@pytest.mark.parametrize(
    "doctype",
    [
        '<!DOCTYPE mjloggm SYSTEM "http://127.0.0.1:8000/health">',
        '<!DOCTYPE mjloggm PUBLIC "-//x//EN" "file:///etc/passwd">',
        "<!DOCTYPE mjloggm>",
    ],
)
def test_any_doctype_is_refused(doctype: str) -> None:
    error = _refusal(MJLOG.replace("<mjloggm", doctype + "<mjloggm", 1))

    assert error.field == "log"
    assert error.message == (
        "the mjlog declares a DTD (<!DOCTYPE …>), which no Tenhou log has: it is refused, not read"
    )


def test_an_mjlog_in_shift_jis_is_read_as_its_declaration_says() -> None:
    text = '<?xml version="1.0" encoding="Shift_JIS"?>\n' + MJLOG.replace('n0="a"', 'n0="東"')

    game = read_log(text.encode("shift_jis"))

    assert game.names == ["東", "b", "c", "d"]
    assert game.rounds[0].scores_after == [73000, 9000, 9000, 9000]


def test_an_mjlog_with_bytes_not_in_its_declared_encoding_is_placed() -> None:
    # line 3 is '<UN n0="' and then 0x81 0xFF, which is no Shift_JIS character: the 9th character of the line
    body = b'<?xml version="1.0" encoding="Shift_JIS"?>\n<mjloggm>\n<UN n0="\x81\xff"/></mjloggm>'

    error = _refusal(body)

    assert error.message == (
        "not a well-formed Tenhou mjlog XML document: line 3, column 9: bytes that are not Shift_JIS, the encoding "
        "the XML declaration names"
    )


# --- a byte-order mark ---------------------------------------------------------------------------


@pytest.mark.parametrize("example", [TENHOU6, MAJSOUL, MJAI, MJLOG])
def test_a_utf8_byte_order_mark_is_read_in_every_format(example: str) -> None:
    plain = read_log(example.encode())

    marked = read_log(b"\xef\xbb\xbf" + example.encode())

    assert marked.format == plain.format
    assert marked.rounds[0].scores_after == plain.rounds[0].scores_after


def test_a_number_too_large_for_the_json_reader_is_placed() -> None:
    # {"log": [1e400]}: 1e400 is beyond a double; it begins at the 10th character
    assert _refusal(b'{"log": [1e400]}', "tenhou6").message == (
        "not a JSON document: line 1, column 10: a number too large to read"
    )
    # a whole number of 5,001 digits (more than the reader holds): {"type": "x", "a": is 19 characters of line 2
    body = b'{"type": "start_game"}\n{"type": "x", "a": 1' + b"0" * 5000 + b"}\n"
    assert _refusal(body, "mjai").message == (
        "not JSON lines of mjai events: line 2, column 20: a number too large to read"
    )


# --- attribute and item texts in the format's own quoting ----------------------------------------


def test_an_absent_mjlog_attribute_is_said_as_none_not_python() -> None:
    error = _refusal(MJLOG.replace(' who="0" fromWho="0"', ' fromWho="0"'))

    assert error.field == "log.rounds[0].events[1]"  # after the dealer's one draw, T54
    assert error.message == "AGARI who=(none) is not a seat 0–3"
    assert render(error.message, "ja") == "AGARI の who=（なし） は席 0～3 ではありません"


def test_a_tenhou6_item_is_quoted_as_json() -> None:
    body = json.loads(TENHOU6)
    body["log"][0][5] = ["x15"]  # the dealer's takes: a string with a letter that is no call

    assert _refusal(json.dumps(body)).message == '"x15" is not a draw or a call (c, p or m)'


# --- tenhou.net/6: whole numbers, and the item each refusal names --------------------------------


def test_a_tenhou6_start_score_with_a_fraction_is_refused_naming_the_item() -> None:
    body = json.loads(TENHOU6)
    body["log"][0][1] = [26000.5, 24000, 25000, 24999.5]

    error = _refusal(json.dumps(body))

    assert error.field == "log.rounds[0]"
    assert error.message == "the start scores log[0][1]: item 0 (from 0) is 26000.5, not a whole number"
    assert render(error.message, "ru") == "начальные очки log[0][1]: элемент 0 (с 0) — 26000.5, а не целое число"


def test_tenhou6_result_deltas_with_a_fraction_are_refused_not_rounded() -> None:
    body = json.loads(TENHOU6)
    body["log"][0][16][1] = [96000, -32000, -32000.4, -31999.6]

    error = _refusal(json.dumps(body))

    assert error.field == "log.rounds[0]"
    assert error.message == "the result's deltas log[0][16][1]: item 2 (from 0) is -32000.4, not a whole number"
    assert (
        render(error.message, "ja") == "結果の増減 log[0][16][1] の項目 2（0 から）は -32000.4 で、整数ではありません"
    )


def test_a_tenhou6_final_score_with_a_fraction_is_refused() -> None:
    body = json.loads(TENHOU6)
    body["sc"] = [73000.5, 83.0, 9000, -11.0, 9000, -31.0, 9000, -41.0]

    assert _refusal(json.dumps(body)).message == '"sc": item 0 (from 0) is 73000.5, not a whole number'


def test_tenhou6_numbers_without_a_fraction_are_read_as_whole_numbers() -> None:
    body = json.loads(TENHOU6)
    body["log"][0][1] = [25000.0, 25000, 25000, 25000]
    body["log"][0][16][1] = [96000.0, -32000, -32000, -32000]

    game = read_log(json.dumps(body).encode())

    assert game.start_scores == [25000, 25000, 25000, 25000]
    assert game.rounds[0].scores_after == [121000, -7000, -7000, -7000]


@pytest.mark.parametrize(
    ("place", "value", "message"),
    [
        (1, "x", 'the start scores log[0][1] are "x", not a list of 4 numbers'),
        (1, [None, 0, 0, 0], "the start scores log[0][1]: item 0 (from 0) is null, not a number"),
        (1, [25000, 25000], "the start scores log[0][1] are a list of 2, not of 4 numbers"),
        (16, None, "the result's deltas log[0][16][1] are null, not a list of 4 numbers"),
        (16, [0, 0, 0, "8000"], 'the result\'s deltas log[0][16][1]: item 3 (from 0) is "8000", not a number'),
    ],
)
def test_a_tenhou6_list_that_is_not_numbers_names_which_list(place: int, value: object, message: str) -> None:
    body = json.loads(TENHOU6)
    if place == 1:
        body["log"][0][1] = value
    else:
        body["log"][0][16][1] = value

    error = _refusal(json.dumps(body))

    assert error.field == "log.rounds[0]"
    assert error.message == message


def test_the_tenhou6_start_scores_refusal_in_russian_and_japanese() -> None:
    body = json.loads(TENHOU6)
    body["log"][0][1] = "x"

    message = _refusal(json.dumps(body)).message

    assert render(message, "ru") == 'начальные очки log[0][1] — это "x", а не список из 4 чисел'
    assert render(message, "ja") == '開始時の持ち点 log[0][1] は "x" で、4個の数のリストではありません'


# --- mjai: one event a line; Mortal's types --------------------------------------------------------


def test_an_empty_array_line_in_an_mjai_log_is_refused_not_skipped() -> None:
    lines = MJAI.splitlines()
    body = "\n".join([lines[0], "[]", *lines[1:]])

    error = _refusal(body, "mjai")

    assert error.field == "log"
    assert error.message == 'line 2: an array is not an mjai event (an object with a string "type")'


def test_an_mjai_log_as_one_array_of_events_is_still_read() -> None:
    body = "[" + ",".join(MJAI.splitlines()) + "]"

    assert read_log(body.encode()).rounds[0].scores_after == read_log(MJAI.encode()).rounds[0].scores_after


@pytest.mark.parametrize(
    ("old", "new", "field", "message"),
    [
        (
            '"scores": [25000, 25000, 25000, 25000]',
            '"scores": null',
            "log.rounds[0]",
            "start_kyoku scores is not 4 whole numbers",
        ),
        ('"pai": "2p", "ura', '"pai": {}, "ura', "log.rounds[0].events[7]", "an object is not an mjai tile"),
        (
            '"ura_markers": ["E"]',
            '"ura_markers": "E"',
            "log.rounds[0].events[7]",
            'hora ura_markers="E" is not a list of mjai tiles',
        ),
        (
            '"pai": "C", "tsumogiri": true',
            '"pai": "C", "tsumogiri": "yes"',
            "log.rounds[0].events[1]",
            'dahai tsumogiri="yes" is not true or false',
        ),
    ],
)
def test_an_mjai_field_of_another_type_than_mortals_is_refused(old: str, new: str, field: str, message: str) -> None:
    assert old in MJAI
    error = _refusal(MJAI.replace(old, new, 1), "mjai")

    assert error.field == field
    assert error.message == message


def test_the_mjai_tsumogiri_refusal_in_japanese() -> None:
    error = _refusal(MJAI.replace('"tsumogiri": true', '"tsumogiri": "yes"', 1), "mjai")

    assert render(error.message, "ja") == 'dahai tsumogiri="yes" は true でも false でもありません'


def test_mjai_hora_deltas_and_ura_markers_of_null_are_read_as_absent_as_mortals_options() -> None:
    body = MJAI.replace('"ura_markers": ["E"], "deltas": [0, 9000, -8000, 0]', '"ura_markers": null, "deltas": null')

    game = read_log(body.encode())

    assert game.rounds[0].wins[0].ura_indicators == ()
    assert game.rounds[0].wins[0].deltas is None


def test_an_mjai_dahai_without_tsumogiri_is_read_as_the_original_mjai_writes_it() -> None:
    body = MJAI.replace(', "tsumogiri": true', "")

    assert read_log(body.encode()).rounds[0].scores_after == read_log(MJAI.encode()).rounds[0].scores_after


# --- Mahjong Soul: a record's data ---------------------------------------------------------------


def test_a_majsoul_record_with_null_data_is_named_with_its_index() -> None:
    body = MAJSOUL.replace('"data": {"seat": 0, "tile": "3z"}', '"data": null', 1)

    error = _refusal(body)

    assert error.field == "log"
    assert error.message == "RecordDiscardTile (record 1): its data is not an object"
    assert render(error.message, "ru") == "RecordDiscardTile (record 1): data — не объект"

"""POST /v1/tenpai in the core (service.scoring.tenpai.analyse): waits, unseen copies, values, riichi, discards.

Every expected value below is worked out by hand in the comment beside it (/docs/rules §2–3
for han/fu/payments, §5 for kids points). Non-dealers sit South unless stated.
"""

from __future__ import annotations

from typing import Any

import pytest

from service.scoring import InvalidHand, MeldSpec, RulesSpec
from service.scoring.tenpai import TenpaiRequest, TenpaiResult, analyse


def run(**fields: Any) -> TenpaiResult:
    """Analyse a standard-preset request; a South (non-dealer) seat unless the seat or dealer is given."""
    if "dealer" not in fields and "seat_wind" not in fields:
        fields["seat_wind"] = "S"
    return analyse(TenpaiRequest(**fields))


def waits_of(r: TenpaiResult) -> list[tuple[str, int]]:
    return [(w.tile, w.remaining) for w in r.waits]


# --- shapes and unseen copies ------------------------------------------------------------


def test_nine_sided_chuuren_every_wait_is_a_double_yakuman() -> None:
    """1112345678999m: 9 waits; 1m and 9m have 1 copy left (3 in hand), 2m–8m 3 each.

    Each win is junsei chuuren (the 13 tiles are exactly 1112345678999): double yakuman,
    base 16000 → ron 64000; tsumo 32000 from the dealer + 16000 × 2 = 64000.
    """
    r = run(hand="1112345678999m")
    assert r.tenpai
    assert r.shanten == 0
    assert waits_of(r) == [
        ("1m", 1),
        ("2m", 3),
        ("3m", 3),
        ("4m", 3),
        ("5m", 3),
        ("6m", 3),
        ("7m", 3),
        ("8m", 3),
        ("9m", 1),
    ]
    assert r.wait_tiles_unseen == 23
    for w in r.waits:
        assert w.ron is not None
        assert w.tsumo is not None
        assert [y.id for y in w.ron.yaku] == ["junsei_chuuren"]
        assert (w.ron.yakuman, w.ron.points, w.tsumo.points) == (2, 64000, 64000)
        assert [(p.payer, p.amount) for p in w.tsumo.payments] == [("dealer", 32000), ("non_dealer", 16000)]


def test_chuuren_is_single_yakuman_without_double_yakuman() -> None:
    r = run(hand="1112345678999m", rules=RulesSpec(double_yakuman=False), seat_wind="S")
    assert {w.ron.points for w in r.waits if w.ron} == {32000}


def test_thirteen_sided_kokushi_dealer_ron_is_96000() -> None:
    """19m19p19s1234567z: 13 waits, 3 copies each; kokushi 13-sided = double yakuman, dealer ron 6 × 16000."""
    r = run(hand="19m19p19s1234567z", dealer=True)
    assert [t for t, _ in waits_of(r)] == ["1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z"]
    assert {n for _, n in waits_of(r)} == {3}
    assert r.shanten_by_shape.kokushi == 0
    assert {(w.ron.points, w.ron.yaku[0].id) for w in r.waits if w.ron} == {(96000, "kokushi_13")}


def test_a_wait_on_a_tile_whose_four_copies_are_in_hand_is_not_a_wait() -> None:
    """123p456p789p4444m: the only completion would be a fifth 4m: 1-shanten, no waits, no riichi."""
    r = run(hand="123p456p789p4444m")
    assert (r.tenpai, r.shanten, r.waits) == (False, 1, [])
    assert r.riichi is not None
    assert r.riichi.reasons == ["not_tenpai"]
    assert "4m" not in [t.tile for t in r.improving]


def test_seven_pairs_with_a_quad_is_not_tenpai() -> None:
    """2222m55p77p33s66s1z looks like six pairs + 1z, but 2222m is one pair: 2-shanten (/docs/rules §2)."""
    r = run(hand="2222m55p77p33s66s1z")
    assert (r.shanten, r.shanten_by_shape.chiitoitsu, r.waits) == (2, 2, [])


def test_visible_tiles_lower_the_unseen_count() -> None:
    """1234444m123p555s waits on 1m: 4 − 1 in hand − 2 visible = 1 left."""
    r = run(hand="1234444m123p555s", visible="11m")
    assert waits_of(r) == [("1m", 1)]


def test_a_wait_whose_last_copies_are_dora_indicators_is_dead_and_unvalued() -> None:
    """1m: 1 in hand + 3 shown as dora indicators = 4: the shape waits, nothing can arrive."""
    r = run(hand="1234444m123p555s", dora_indicators="111m")
    (w,) = r.waits
    assert (w.tile, w.remaining, w.ron, w.tsumo) == ("1m", 0, None, None)
    assert r.tenpai


# --- values: the dama trap and riichi ----------------------------------------------------


def test_dama_trap_no_yaku_on_ron_but_tsumo_wins() -> None:
    """1234444m123p555s on 1m: 234m 444m 123p 555s + 11m tanki — no yaku on ron (no tanyao: 1m, 1p).

    Tsumo: menzen tsumo 1 han; fu 20 + 2 tsumo + 4 (444m closed) + 4 (555s closed) + 2 tanki
    = 32 → 40; base 40 × 2^3 = 320 → dealer 640 → 700, each other 320 → 400: 1500.
    """
    (w,) = run(hand="1234444m123p555s").waits
    assert w.no_yaku_on_ron
    assert w.ron is not None
    assert (w.ron.is_win, w.ron.reason) == (False, "no_yaku")
    assert w.tsumo is not None
    assert ([y.id for y in w.tsumo.yaku], w.tsumo.fu, w.tsumo.points) == (["menzen_tsumo"], 40, 1500)


def test_riichi_springs_the_dama_trap() -> None:
    """Same hand with riichi: ron 1 han 40 fu (30 + 4 + 4 + 2 = 40) = 1280 → 1300;
    tsumo riichi + menzen tsumo 2 han 40 fu: base 640 → 1300 + 700 × 2 = 2700."""
    (w,) = run(hand="1234444m123p555s", riichi=True).waits
    assert not w.no_yaku_on_ron
    assert w.ron is not None
    assert w.tsumo is not None
    assert (w.ron.han, w.ron.fu, w.ron.points) == (1, 40, 1300)
    assert (w.tsumo.han, w.tsumo.fu, w.tsumo.points) == (2, 40, 2700)


def test_pinfu_two_sided_wait_values() -> None:
    """234567m345p678s5p waits on 2p (4 left) and 5p (2 left: two in hand).

    2p: 234p + 55p — pinfu + tanyao, 30 fu ron: base 30 × 16 = 480 → 1920 → 2000.
    Tsumo: + menzen tsumo, pinfu tsumo 20 fu: base 20 × 32 = 640 → 1300 + 700 × 2 = 2700.
    5p: the ryanmen reading (34p + 5p, pair 55p) is also pinfu, so the same values win
    over the tanki reading (tanyao 40 fu ron = 1300).
    """
    r = run(hand="234567m345p678s5p")
    assert waits_of(r) == [("2p", 4), ("5p", 2)]
    for w in r.waits:
        assert w.ron is not None
        assert w.tsumo is not None
        assert (w.ron.han, w.ron.fu, w.ron.points) == (2, 30, 2000)
        assert (w.tsumo.han, w.tsumo.fu, w.tsumo.points) == (3, 20, 2700)


def test_red_five_in_hand_counts_as_aka_dora_in_the_values() -> None:
    """234567m340p678s5p on 2p: pinfu, tanyao, aka dora 1 → 3 han 30 fu: 960 × 4 = 3840 → 3900."""
    r = run(hand="234567m340p678s5p")
    w = r.waits[0]
    assert w.tile == "2p"
    assert w.ron is not None
    assert ([y.id for y in w.ron.yaku], w.ron.points) == (["pinfu", "tanyao", "aka_dora"], 3900)


def test_open_hand_values_and_no_riichi() -> None:
    """2345m + pon 777z, chi 123s, pon 999p: waits 2m and 5m (tanki either side), 3 left each.

    Ron on 2m: chun 1 han; fu 20 + 4 (open honour pon) + 4 (open terminal pon) + 2 tanki = 30
    → base 240 → 960 → 1000. Tsumo: 32 → 40 fu, base 320 → 700 + 400 × 2 = 1500.
    """
    melds = [MeldSpec(type="pon", tiles="777z"), MeldSpec(type="chi", tiles="123s"), MeldSpec(type="pon", tiles="999p")]
    r = run(hand="2345m", melds=melds)
    assert waits_of(r) == [("2m", 3), ("5m", 3)]
    w = r.waits[0]
    assert w.ron is not None
    assert w.tsumo is not None
    assert ([y.id for y in w.ron.yaku], w.ron.fu, w.ron.points) == (["chun"], 30, 1000)
    assert (w.tsumo.fu, w.tsumo.points) == (40, 1500)
    assert r.riichi is not None
    assert r.riichi.reasons == ["open_hand"]
    assert r.shanten_by_shape.chiitoitsu is None


@pytest.mark.parametrize(
    ("extra", "reasons"),
    [
        pytest.param({}, [], id="closed-tenpai"),
        pytest.param({"points": 1000, "tiles_left": 4}, [], id="exactly-enough"),
        pytest.param({"points": 900}, ["points_below_1000"], id="not-enough-points"),
        pytest.param({"tiles_left": 3}, ["too_few_tiles_left"], id="too-late-in-the-wall"),
        pytest.param({"points": 0, "tiles_left": 0}, ["points_below_1000", "too_few_tiles_left"], id="both"),
    ],
)
def test_riichi_check(extra: dict[str, int], reasons: list[str]) -> None:
    r = run(hand="234567m345p678s5p", values=False, **extra)
    assert r.riichi is not None
    assert (r.riichi.allowed, r.riichi.reasons) == (not reasons, reasons)


def test_kids_riichi_needs_only_a_closed_tenpai_hand() -> None:
    """/docs/rules §5: no deposit in the kids rules, so points and tiles left are not checked."""
    r = analyse(TenpaiRequest(hand="222m777p345s678s9s", rules="kids", points=0, tiles_left=0))
    assert r.riichi is not None
    assert r.riichi.allowed


def test_kids_values_reproduce_the_seed_example_both_ways() -> None:
    """222m777p345s678s9s: 3456789s waits on 3s (33 + 456 + 789), 6s (345 + 66 + 789), 9s (345 + 678 + 99).

    Every reading has the pons 222m and 777p; with riichi, tsumo:
    riichi 2 + pon 1 + pon 1 + tsumo 1 = 5 as in kids' rules (the default), 6 with the closed-hand +1 option."""
    for option, tsumo_points in ((True, 6), (False, 5)):
        rules = RulesSpec(preset="kids", kids_closed_bonus_with_riichi=option)
        r = analyse(TenpaiRequest(hand="222m777p345s678s9s", rules=rules, riichi=True))
        assert waits_of(r) == [("3s", 3), ("6s", 3), ("9s", 3)]
        assert {w.tsumo.points for w in r.waits if w.tsumo} == {tsumo_points}
        assert {w.ron.points for w in r.waits if w.ron} == {tsumo_points - 1}


# --- 14 tiles: per discard -----------------------------------------------------------------


def test_fourteen_tiles_list_every_discard_best_first() -> None:
    """234567m345p678s5p9s (14): three discards keep tenpai.

    5p → 678s9s: 6s/9s (3 left each: one of each in hand); 6s → 3455p: 2p (4) / 5p (2);
    9s → the same. All three have 6 unseen waits; ties go by tile order: 5p, 6s, 9s.
    The other ten discards leave 1-shanten.
    """
    r = run(hand="234567m345p678s5p9s", values=False)
    assert (r.tiles, r.shanten, r.tenpai, r.complete) == (14, 0, True, False)
    assert r.discards is not None
    assert [d.discard for d in r.discards[:3]] == ["5p", "6s", "9s"]
    assert [(w.tile, w.remaining) for w in r.discards[0].waits] == [("6s", 3), ("9s", 3)]
    assert [(w.tile, w.remaining) for w in r.discards[1].waits] == [("2p", 4), ("5p", 2)]
    assert {d.shanten for d in r.discards[3:]} == {1}
    assert len(r.discards) == 13  # distinct tiles: 2–7m, 3–5p, 6–9s
    assert all(d.improving for d in r.discards[3:])


def test_a_red_five_and_a_plain_five_are_separate_discards() -> None:
    r = run(hand="234567m340p678s5p9s", values=False)
    assert r.discards is not None
    assert {"0p", "5p"} <= {d.discard for d in r.discards}


def test_discarding_a_wait_is_furiten() -> None:
    """1122m3344p5566s77z is complete; discarding 7z waits on 7z (tanki): furiten, 4 − 1 − 1 = 2 left."""
    r = run(hand="1122m3344p5566s77z", values=False)
    assert (r.shanten, r.complete) == (-1, True)
    assert r.discards is not None
    seven = next(d for d in r.discards if d.discard == "7z")
    assert (seven.tenpai, seven.furiten, [(w.tile, w.remaining) for w in seven.waits]) == (True, True, [("7z", 2)])


# --- presets ------------------------------------------------------------------------------


def test_no_kokushi_when_the_preset_has_no_winds() -> None:
    r = analyse(TenpaiRequest(hand="119m19p19s567z234p", rules="kostarev", dealer=False, values=False))
    assert r.shanten_by_shape.kokushi is None


def test_no_kokushi_when_winds_are_switched_off_in_standard() -> None:
    r = analyse(TenpaiRequest(hand="119m19p19s567z234p", rules=RulesSpec(winds=False), dealer=True, values=False))
    assert r.shanten_by_shape.kokushi is None


# --- invalid input -------------------------------------------------------------------------


def fields(**kw: Any) -> list[str]:
    with pytest.raises(InvalidHand) as info:
        analyse(TenpaiRequest(**kw))
    return [e.field for e in info.value.errors]


@pytest.mark.parametrize(
    ("request_fields", "expected"),
    [
        pytest.param({"hand": "111234567899m", "seat_wind": "S"}, ["hand"], id="12-tiles"),
        pytest.param({"hand": "11111m23456789p", "seat_wind": "S"}, ["hand"], id="fifth-copy-in-hand"),
        pytest.param({"hand": "1111m234567899p", "seat_wind": "S", "visible": "1m"}, ["visible"], id="fifth-copy-seen"),
        # 111m in hand: the second 1m indicator is the fifth copy, so the indicators are named
        pytest.param(
            {"hand": "111m2345678999p", "seat_wind": "S", "dora_indicators": "1m1m"},
            ["dora_indicators"],
            id="fifth-copy-by-indicators",
        ),
        pytest.param(
            {
                "hand": "111m2345678999p",
                "seat_wind": "S",
                "riichi": True,
                "dora_indicators": "1m",
                "ura_indicators": "1m",
            },
            ["ura_indicators"],
            id="fifth-copy-by-ura",
        ),
        pytest.param(
            {"hand": "1112345678999m", "seat_wind": "S", "dora_indicators": "0p", "visible": "0p"},
            ["visible"],
            id="second-red-five-seen",
        ),
        pytest.param(
            {"hand": "1112345678999m", "seat_wind": "S", "dora_indicators": "00p"},
            ["dora_indicators"],
            id="two-red-fives-as-indicators",
        ),
        pytest.param(
            {"hand": "1112345678999m", "rules": "kostarev", "visible": "1z"}, ["visible"], id="wind-in-kostarev"
        ),
        pytest.param({"hand": "111234567899m1z", "rules": "kids"}, ["hand"], id="wind-in-kids"),
        pytest.param({"hand": "1112345678999m", "rules": "kids", "seat_wind": "S"}, ["seat_wind"], id="kids-no-seats"),
        pytest.param({"hand": "1112345678999m"}, ["seat_wind"], id="non-dealer-needs-seat"),
        pytest.param({"hand": "1112345678999m", "seat_wind": "S", "dealer": True}, ["dealer"], id="dealer-is-east"),
        pytest.param({"hand": "1112345678999m", "seat_wind": "S", "ippatsu": True}, ["ippatsu"], id="ippatsu-alone"),
        pytest.param(
            {
                "hand": "2345m",
                "seat_wind": "S",
                "riichi": True,
                "melds": [
                    MeldSpec(type="pon", tiles="777z"),
                    MeldSpec(type="chi", tiles="123s"),
                    MeldSpec(type="pon", tiles="999p"),
                ],
            },
            ["riichi"],
            id="riichi-open-hand",
        ),
        pytest.param(
            {
                "hand": "2345678m",
                "seat_wind": "S",
                "melds": [MeldSpec(type="chi", tiles="135m"), MeldSpec(type="pon", tiles="999p")],
            },
            ["melds[0].tiles"],
            id="chi-not-a-run",
        ),
    ],
)
def test_impossible_input_names_the_field(request_fields: dict[str, Any], expected: list[str]) -> None:
    assert fields(**request_fields) == expected


def test_seat_wind_is_not_needed_without_values() -> None:
    assert analyse(TenpaiRequest(hand="1112345678999m", values=False)).tenpai


def test_a_request_built_with_lists_is_analysed_as_the_decoded_one() -> None:
    """Python callers may pass lists where the Struct declares tuples (and the reverse for `visible`); the
    compiled analysis takes them as the JSON decoder's types. 123m 456p 78s 55s + pon 7z: waits 6s and 9s."""
    import msgspec

    body = {
        "hand": ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "5s", "5s"],
        "melds": [{"type": "pon", "tiles": ["7z", "7z", "7z"]}],
        "visible": ["6s", "6s"],
        "dora_indicators": ["1z"],
        "seat_wind": "S",
    }
    built = TenpaiRequest(
        hand=list(body["hand"]),
        melds=[MeldSpec(type="pon", tiles=["7z", "7z", "7z"])],  # type: ignore[arg-type]
        visible=("6s", "6s"),  # type: ignore[arg-type]
        dora_indicators=["1z"],  # type: ignore[arg-type]
        seat_wind="S",
    )
    decoded = msgspec.json.decode(msgspec.json.encode(body), type=TenpaiRequest)
    result = analyse(built)
    assert result == analyse(decoded)
    assert waits_of(result) == [("6s", 2), ("9s", 4)]  # 6s: 4 − 2 visible; 9s: all four unseen

"""Which tile to discard, in the core (service.scoring.discards.analyse_discards): hand-checked hands.

Each expected value is worked out by hand in the comment or docstring beside it: ukeire counts are
4 copies per kind minus those in the hand, the river, `visible` and the discard itself (/docs/rules §2);
values by /docs/rules §3 (han, fu, payments). Non-dealers sit South, round East, unless stated.
"""

from __future__ import annotations

from typing import Any

import pytest

from service.scoring import InvalidHand
from service.scoring.discards import analyse_discards
from service.scoring.discards_model import CallOption, DiscardOption, DiscardsRequest, DiscardsResult


def run(**fields: Any) -> DiscardsResult:
    fields.setdefault("seat_wind", "S")
    return analyse_discards(DiscardsRequest(**fields))


def option(r: DiscardsResult, tile: str) -> DiscardOption:
    return next(d for d in r.discards if d.discard == tile)


def ukeire(d: DiscardOption | CallOption) -> list[tuple[str, int]]:
    return [(t.tile, t.remaining) for t in d.ukeire]


# --- one pinned hand per kind of wait: discard 9m (or the stray tile) and read the waits ----------------


@pytest.mark.parametrize(
    ("hand", "extra", "expected", "good"),
    [
        # two-sided 34s: 2s and 5s, 4 each; a visible 5s leaves 3
        ("234m456p789s34s11z9m", {"visible": "5s"}, [("2s", 4), ("5s", 3)], True),
        # closed 35s: 4s, 4 copies
        ("234m456p789s35s11z9m", {}, [("4s", 4)], False),
        # edge 12s: 3s, 4 copies; the river's 3s leaves 3 (and makes the discard furiten)
        ("234m456p789s12s11z9m", {"river": "3s"}, [("3s", 3)], False),
        # double pair 55s + 11z: 2 + 2
        ("234m456p789s55s11z9m", {}, [("5s", 2), ("1z", 2)], False),
        # single 1z: 3 left (a 1z in the hand)
        ("234m456p789s789s1z9m", {}, [("1z", 3)], False),
        # 1234s: 1s and 4s, 3 each (one of each in the hand): 6 copies outside, good-shape
        ("234m456p789s1234s9m", {}, [("1s", 3), ("4s", 3)], True),
        # seven pairs, single 3z: 3 left
        ("1133m5577p99s11z3z9m", {}, [("3z", 3)], False),
    ],
)
def test_waits_and_unseen_copies_per_kind_of_wait(
    hand: str, extra: dict[str, str], expected: list[tuple[str, int]], good: bool
) -> None:
    d = option(run(hand=hand, values=False, **extra), "9m")
    assert d.shanten == 0
    assert d.tenpai
    assert [(w.tile, w.remaining) for w in d.waits] == expected
    assert ukeire(d) == expected
    assert d.ukeire_unseen == sum(n for _, n in expected)
    assert d.good_wait is good
    assert d.furiten is ("river" in extra)


def test_seven_pairs_shanten_is_given_apart_from_the_standard_one() -> None:
    """1133m5577p99s11z3z after 9m: six pairs + 3z is chiitoitsu tenpai; as 4 sets + pair it is 3 away
    (no set; partials 11m 33m 55p 77p, 99s pair: 8 − 4 − 1 = 3; no kokushi: 1m 9s 1z 3z, 4 kinds, one pair:
    13 − 4 − 1 = 8)."""
    d = option(run(hand="1133m5577p99s11z3z9m", values=False), "9m")
    assert (d.shanten_by_shape.standard, d.shanten_by_shape.chiitoitsu, d.shanten_by_shape.kokushi) == (3, 0, 8)


def test_thirteen_sided_kokushi_after_discarding_the_stray_tile() -> None:
    """19m19p19s1234567z + 5m: discard 5m, 13 waits, 3 copies each (one in the hand): 39."""
    r = run(hand="19m19p19s1234567z5m", values=False)
    d = r.discards[0]
    assert (d.discard, d.shanten, d.ukeire_unseen, len(d.waits)) == ("5m", 0, 39, 13)
    assert d.shanten_by_shape.kokushi == 0
    assert all(w.remaining == 3 for w in d.waits)


def test_one_shanten_ukeire_good_shape_and_rank() -> None:
    """23m456p789s34s11z67p. Discarding 6p or 7p leaves 23m + 34s + 11z and a set; discarding 4p too (5667p is
    567p + a stray 6p): ukeire 1m 4m 2s 5s, 4 each = 16, every draw leaving a two-sided wait (16 good-shape).
    Discarding 2m leaves 3m + 34s + 67p: 5p 8p 2s 5s, the 456p holding one 5p: 15. So 4p, 6p, 7p (tile order),
    then 2m by ukeire; 1z (breaking the pair) is 2-shanten."""
    r = run(hand="23m456p789s34s11z67p", values=False)
    assert r.shanten == 1
    assert [(d.discard, d.rank, d.reason, d.behind) for d in r.discards[:4]] == [
        ("4p", 1, "best", None),
        ("6p", 2, "tile_order", "4p"),
        ("7p", 3, "tile_order", "6p"),
        ("2m", 4, "ukeire", "7p"),
    ]
    six = option(r, "6p")
    assert ukeire(six) == [("1m", 4), ("4m", 4), ("2s", 4), ("5s", 4)]
    assert (six.good_shape_unseen, six.waits, six.value) == (16, [], None)
    two = option(r, "2m")
    assert ukeire(two) == [("5p", 3), ("8p", 4), ("2s", 4), ("5s", 4)]
    assert two.ukeire_unseen == 15
    assert (option(r, "1z").shanten, option(r, "1z").reason) == (2, "shanten")


def test_river_copies_lower_ukeire() -> None:
    """The same hand with 1m 1m in the river: 6p's ukeire 2 + 4 + 4 + 4 = 14, now below 2m's 15."""
    r = run(hand="23m456p789s34s11z67p", values=False, river="11m")
    assert [d.discard for d in r.discards[:2]] == ["2m", "3m"]  # 15 each; 3s 4s (1m 4m 5p 8p) are 14
    assert option(r, "6p").ukeire_unseen == 14


def test_good_shape_ukeire_counts_only_draws_that_can_leave_a_two_sided_wait() -> None:
    """345m456p179p35s11z9s, discard 9s: two sets, closed 79p and 35s, the 11z pair and a stray 1p (1-shanten).

    Ukeire: 8p and 4s, 4 copies each. Drawing 8p leaves only the closed 4s wait (4 copies), drawing 4s only the
    closed 8p wait: neither is good-shape, so the good-shape ukeire is empty.
    """
    d = option(run(hand="345m456p179p35s11z9s", values=False), "9s")
    assert d.shanten == 1
    assert ukeire(d) == [("8p", 4), ("4s", 4)]
    assert (d.good_shape, d.good_shape_unseen) == ([], 0)


# --- values and furiten ----------------------------------------------------------------------------------


def test_value_is_ron_unless_furiten_then_tsumo() -> None:
    """234m456p789s34s11z6p, riichi, discard 6p: waits 2s 5s. The East pair is the round wind (fu 2, no pinfu).

    Ron: riichi 1 han; 20 + 10 (closed ron) + 2 = 32 → 40 fu: 1,300. With 2s in the river the hand is
    furiten: tsumo, riichi + tsumo 2 han, 20 + 2 + 2 = 24 → 30 fu: 500 / 1,000 = 2,000.
    """
    r = run(hand="234m456p789s34s11z6p", riichi=True)
    d = option(r, "6p")
    assert (d.furiten, d.value) == (False, 1300)
    assert [(w.tile, w.ron.points if w.ron else None) for w in d.waits] == [("2s", 1300), ("5s", 1300)]
    f = option(run(hand="234m456p789s34s11z6p", riichi=True, river="2s"), "6p")
    assert (f.furiten, f.value) == (True, 2000)


def test_dama_with_no_yaku_is_valued_by_tsumo() -> None:
    """Same hand, dama: ron has no yaku; tsumo is menzen tsumo 1 han 30 fu: 300 / 500 = 1,100."""
    d = option(run(hand="234m456p789s34s11z6p"), "6p")
    assert all(w.no_yaku_on_ron for w in d.waits)
    assert d.value == 1100


def test_discarding_a_wait_is_furiten() -> None:
    """22345m456p789s111z is complete, so every discard leaving tenpai waits on the tile it gives up.

    Discard 5m: 2234m waits 2m (234m + 2m) and 2m 5m (22m + 34m): furiten. Discard 2m: 2345m waits 2m and 5m:
    furiten. Discard 1z: 22m + 11z, a double-pair wait on 2m and 1z: furiten. (A discard that is not a wait is
    not furiten: the parametrised wait kinds above.)"""
    r = run(hand="22345m456p789s111z", values=False)
    assert [w.tile for w in option(r, "5m").waits] == ["2m", "5m"]
    assert option(r, "5m").furiten
    assert option(r, "2m").furiten
    assert [w.tile for w in option(r, "1z").waits] == ["2m", "1z"]
    assert option(r, "1z").furiten
    assert r.complete


# --- an offered tile: ron, pass or call -----------------------------------------------------------------


def calls(r: DiscardsResult) -> list[tuple[str, list[str], int, str]]:
    assert r.calls is not None
    return [(c.call, c.tiles, c.shanten, c.reason) for c in r.calls]


def test_chi_from_the_left_reaches_tenpai_passing_does_not() -> None:
    """24m456p789s34s11z6p (1-shanten) offered 3m by the left player: chi 234m, then discard 6p → tenpai on
    2s 5s, 8 copies. Passing stays 1-shanten. From the player across there is no chi: pass only."""
    r = run(hand="24m456p789s34s11z6p", offered="3m", offered_from="left")
    assert r.discards == []
    assert calls(r) == [("chi", ["2m", "3m", "4m"], 0, "best"), ("pass", [], 1, "shanten")]
    assert r.calls is not None
    chi = r.calls[0]
    assert (chi.ukeire_unseen, chi.discards[0].discard) == (8, "6p")
    assert chi.value == 0  # open, no yaku: neither ron nor tsumo wins
    assert r.calls[1].behind == "chi 234m"
    assert calls(run(hand="24m456p789s34s11z6p", offered="3m", offered_from="across")) == [("pass", [], 1, "best")]


def test_ron_on_the_offered_tile_ranks_first() -> None:
    """1112345678999m offered 5m: ron, pure nine-sided chuuren, a double yakuman: non-dealer 64,000. Then pass
    (tenpai, below by shanten), then the chis that keep tenpai (345m, 456m, 567m: equal shanten, below pass)."""
    r = run(hand="1112345678999m", offered="5m")
    assert r.calls is not None
    ron = r.calls[0]
    assert (ron.call, ron.shanten, ron.ron is not None and ron.ron.points) == ("ron", -1, 64000)
    assert [(c.call, c.reason) for c in r.calls[:3]] == [("ron", "best"), ("pass", "shanten"), ("chi", "call")]
    assert {tuple(c.tiles) for c in r.calls if c.call == "chi"} == {
        ("3m", "4m", "5m"),
        ("4m", "5m", "6m"),
        ("5m", "6m", "7m"),
    }


def test_after_riichi_only_ron_or_pass() -> None:
    r = run(hand="1112345678999m", offered="5m", riichi=True)
    assert [c.call for c in r.calls or []] == ["ron", "pass"]


def test_swap_calls_are_not_listed_after_a_chi() -> None:
    """4567m456p789s11z2z offered 4m, chi with 56m: the hand keeps 4m 7m, neither may be discarded (kuikae:
    the called kind and the other end of 456m)."""
    r = run(hand="4567m456p789s11z2z", offered="4m")
    chi = next(c for c in r.calls or [] if c.call == "chi")
    assert chi.tiles == ["4m", "5m", "6m"]
    assert {d.discard for d in chi.discards} == {"4p", "5p", "6p", "7s", "8s", "9s", "1z", "2z"}


def test_pon_and_open_kan_of_a_held_triplet() -> None:
    """3450m456p78s111z9s offered 1z by the player across: pon (the 1z triplet broken into a pon) and an
    open kan. After the kan the 10 tiles 3450m456p78s9s wait on 2m and 5m as before."""
    r = run(hand="3450m456p78s111z9s", offered="1z", offered_from="across")
    got = {c.call: c for c in r.calls or []}
    assert set(got) == {"pass", "pon", "kan"}
    assert got["kan"].tiles == ["1z"] * 4
    assert [t.tile for t in got["kan"].ukeire] == ["2m", "5m"]
    assert got["pon"].tiles == ["1z"] * 3


def test_no_chi_in_three_player_games() -> None:
    r = run(hand="1199m456p789s34s1z", offered="2s", rules="tenhou_sanma")
    assert [c.call for c in r.calls or []] == ["pass"]


# --- impossible input: a 422 naming the field ------------------------------------------------------------


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"hand": "23m456p789s34s11z6p"}, "hand"),  # 13 tiles without an offered tile
        ({"hand": "23m456p789s34s11z67p", "offered": "1z"}, "hand"),  # 14 with one
        ({"hand": "23m456p789s3s11111z"}, "hand"),  # a fifth 1z in the hand
        ({"hand": "23m456p789s34s11z67p", "visible": "111z"}, "visible"),  # 2 + 3 = 5 copies of 1z
        ({"hand": "23m456p789s34s11z67p", "visible": "1z", "river": "11z"}, "river"),
        ({"hand": "23m456p789s34s11z6p", "offered": "1z", "visible": "11z"}, "offered"),
        ({"hand": "23m456p789s34s11z6p", "offered": "8z"}, "offered"),
        ({"hand": "23m456p789s34s11z67p", "river": "5x"}, "river"),
        ({"hand": "19m456p789s34s11z67p", "river": "3m", "rules": "tenhou_sanma"}, "river"),
        ({"hand": "23m456p789s34s11z6p", "offered": "0p", "visible": "0p"}, "offered"),  # two red 5p
    ],
)
def test_impossible_input_names_the_field(fields: dict[str, Any], field: str) -> None:
    with pytest.raises(InvalidHand) as exc:
        run(**fields)
    assert field in [e.field for e in exc.value.errors]


def test_a_river_of_red_fives_is_one_error_per_field() -> None:
    """290 red 5m in the river: the river passes 4 copies and the red-five limit (one error each), not one error
    per tile; the offered tile is counted only against a valid rest, so it adds none here."""
    with pytest.raises(InvalidHand) as exc:
        run(hand="23m456p789s34s11z6p", offered="0m", river="0" * 290 + "m")
    assert sorted(e.field for e in exc.value.errors) == ["river", "river"]


def test_a_wait_let_pass_since_riichi_makes_the_tenpai_discard_furiten() -> None:
    """23m 456p 789p 456s 11z + 9s: discarding 9s waits on 1m / 4m. 1m let pass since the riichi: riichi furiten
    (no ron on 4m either); without riichi the discard ends the temporary furiten."""

    def furiten(**fields: Any) -> bool:
        result = run(hand="23m456789p456s11z9s", values=False, passed="1m", **fields)
        return next(d.furiten for d in result.discards if d.discard == "9s")

    assert furiten(riichi=True) is True
    assert furiten() is False

"""Furiten in `POST /v1/tenpai`: the river (permanent), tiles let pass (temporary, or riichi furiten), each
worked out by hand on a two-sided wait: 23m 456p 789p 456s 11z waits on 1m and 4m."""

from __future__ import annotations

import pytest

from service.scoring import InvalidHand
from service.scoring.tenpai import TenpaiRequest, analyse

HAND = "23m456789p456s11z"  # 13 tiles: 23m waits on 1m / 4m (the pair 11z)


def _ask(**situation: object) -> object:
    return analyse(TenpaiRequest(hand=HAND, dealer=True, values=False, **situation))  # type: ignore[arg-type]


def test_no_river_and_nothing_passed_leaves_ron_open() -> None:
    result = _ask()
    assert [w.tile for w in result.waits] == ["1m", "4m"]  # type: ignore[attr-defined]
    assert result.furiten is None  # type: ignore[attr-defined]
    assert [w.furiten for w in result.waits] == [False, False]  # type: ignore[attr-defined]


def test_one_wait_in_the_river_is_permanent_furiten_on_every_wait() -> None:
    result = _ask(river="4m9s")
    assert result.furiten == "permanent"  # type: ignore[attr-defined]
    assert [w.furiten for w in result.waits] == [True, True]  # type: ignore[attr-defined]  # 1m too: the whole hand


def test_the_river_lowers_the_unseen_copies() -> None:
    result = _ask(river="4m")  # 4m: one in the river → 3 unseen; 1m untouched → 4
    assert [w.remaining for w in result.waits] == [4, 3]  # type: ignore[attr-defined]


def test_a_wait_let_pass_is_temporary_furiten_or_riichi_furiten_in_riichi() -> None:
    assert _ask(passed="1m").furiten == "temporary"  # type: ignore[attr-defined]
    assert _ask(passed="1m", riichi=True).furiten == "riichi"  # type: ignore[attr-defined]
    assert _ask(passed="7z5p").furiten is None  # type: ignore[attr-defined]  # no wait among them


def test_passed_tiles_mark_furiten_only_and_do_not_lower_the_counts() -> None:
    assert [w.remaining for w in _ask(passed="1m").waits] == [4, 4]  # type: ignore[attr-defined]


def test_a_fifth_copy_through_the_river_is_422_naming_river() -> None:
    with pytest.raises(InvalidHand) as refused:
        _ask(river="1z1z1z")  # 2 in the hand + 3 in the river
    assert [e.field for e in refused.value.errors] == ["river"]


def test_fourteen_tiles_the_river_makes_a_discard_furiten_and_the_discard_ends_temporary_furiten() -> None:
    def furiten_of(result: object, tile: str) -> bool:
        return next(d.furiten for d in result.discards if d.discard == tile)  # type: ignore[attr-defined]

    hand = HAND + "9s"  # discard 9s: back to the 1m / 4m wait
    plain = analyse(TenpaiRequest(hand=hand, dealer=True, values=False))
    assert furiten_of(plain, "9s") is False
    in_river = analyse(TenpaiRequest(hand=hand, dealer=True, values=False, river="1m"))
    assert furiten_of(in_river, "9s") is True
    passed = analyse(TenpaiRequest(hand=hand, dealer=True, values=False, passed="1m"))
    assert furiten_of(passed, "9s") is False  # the discard ends a temporary furiten
    riichi = analyse(TenpaiRequest(hand=hand, dealer=True, values=False, passed="1m", riichi=True))
    assert furiten_of(riichi, "9s") is True  # riichi furiten lasts

"""Shanten in C (``service/scoring/_shanten.c``) against the Python path and against ``xiangting``.

:func:`~service.scoring.shanten.shanten` and :func:`~service.scoring.shanten.shanten_and_improving` ask the
C code first; the Python path (``_py_shanten``, ``_py_shanten_and_improving``) is the source of truth. Here
both answer the same hands and must give the same shanten per shape and the same improving kinds:
hypothesis hands of four and three players, with calls (their copies taken off the caps), with and
without seven pairs and thirteen orphans, without winds; and the C answer agrees with xiangting
(``calculate_replacement_number`` − 1) where xiangting applies (no melds' copies known to it). The C
code's table of every suit without melds is compared with its own per-suit pass on all 405,350 suits.
"""

from __future__ import annotations

import subprocess
import sys

import pytest
import xiangting
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from service.scoring import shanten as sh
from service.scoring.shanten import caps_for
from service.scoring.tiles import WINDS
from tests.tenpai.helpers import counts, mpsz

pytestmark = pytest.mark.skipif(
    not sh.NATIVE, reason="the C extension is not built (RIICHI_PURE_PYTHON install, or RIICHI_NATIVE=0)"
)

_c = sh._C_FUNCTIONS


@st.composite
def position(draw: st.DrawFn, players: int = 4, winds: bool = True) -> tuple[list[int], tuple[int, ...]]:
    """(34 concealed counts, caps): 0–4 calls (chi, pon or kan) taken from the tile set, then the
    concealed part (``13 − 3 × calls`` or one more) dealt from what is left."""
    kinds = [k for k in range(34) if (winds or k not in WINDS) and not (players == 3 and 1 <= k <= 7)]
    left = dict.fromkeys(kinds, 4)
    melds = [0] * 34
    made = 0  # the calls that found their tiles
    for _ in range(draw(st.integers(0, 4))):
        shape = draw(st.sampled_from(["chi", "pon", "kan"] if players == 4 else ["pon", "kan"]))
        if shape == "chi":
            starts = [k for k in kinds if k < 27 and k % 9 <= 6 and all(left.get(k + i, 0) for i in range(3))]
            if not starts:
                continue
            k = draw(st.sampled_from(starts))
            for i in range(3):
                left[k + i] -= 1
                melds[k + i] += 1
            made += 1
        else:
            size = 3 if shape == "pon" else 4
            fits = [k for k in kinds if left[k] >= size]
            k = draw(st.sampled_from(fits))
            left[k] -= size
            melds[k] += size
            made += 1
    wall = [k for k in kinds for _ in range(left[k])]
    size = 13 - 3 * made + draw(st.integers(0, 1))
    picked = draw(st.lists(st.integers(0, len(wall) - 1), min_size=size, max_size=size, unique=True))
    c = [0] * 34
    for i in picked:
        c[wall[i]] += 1
    return c, caps_for(winds, melds, players)


def _same(c: list[int], caps: tuple[int, ...], chiitoitsu: bool, kokushi: bool) -> None:
    got = sh.shanten(c, caps, chiitoitsu=chiitoitsu, kokushi=kokushi)
    want = sh._py_shanten(c, caps, chiitoitsu=chiitoitsu, kokushi=kokushi)
    assert got == want, (mpsz(c), caps)
    assert _c[0](c, caps, chiitoitsu, kokushi) == tuple(want), (mpsz(c), caps)  # the C code itself answered
    if sum(c) % 3 == 1:
        got_i = sh.shanten_and_improving(c, caps, chiitoitsu=chiitoitsu, kokushi=kokushi)
        want_i = sh._py_shanten_and_improving(c, caps, chiitoitsu=chiitoitsu, kokushi=kokushi)
        assert got_i == want_i, (mpsz(c), caps)
        answer = _c[1](c, caps, chiitoitsu, kokushi)
        assert answer is not None
        assert (answer[0], answer[1]) == (tuple(want_i[0]), want_i[1]), (mpsz(c), caps)


@settings(max_examples=1500, deadline=None)
@given(position(), st.booleans(), st.booleans())
def test_four_players_with_calls_c_equals_python(case: tuple[list[int], tuple[int, ...]], chi: bool, ko: bool) -> None:
    _same(*case, chi, ko)


@settings(max_examples=800, deadline=None)
@given(position(players=3), st.booleans())
def test_three_players_with_calls_c_equals_python(case: tuple[list[int], tuple[int, ...]], ko: bool) -> None:
    _same(*case, True, ko)


@settings(max_examples=400, deadline=None)
@given(position(winds=False))
def test_without_winds_c_equals_python(case: tuple[list[int], tuple[int, ...]]) -> None:
    _same(*case, True, False)


@st.composite
def complete(draw: st.DrawFn) -> list[int]:
    """A complete 14-tile hand (four sets and a pair, seven different pairs, or thirteen orphans), then
    maybe one tile taken out (a tenpai or better 13-tile hand): the shanten −1 and 0 cases."""
    c = [0] * 34
    shape = draw(st.sampled_from(["standard", "standard", "chiitoitsu", "kokushi"]))
    if shape == "standard":
        for k, run in draw(st.lists(st.tuples(st.integers(0, 33), st.booleans()), min_size=4, max_size=4)):
            if run and k < 27:
                start = k - k % 9 + min(k % 9, 6)
                for i in range(3):
                    c[start + i] += 1
            else:
                c[k] += 3
        c[draw(st.integers(0, 33))] += 2
        assume(max(c) <= 4)
    elif shape == "chiitoitsu":
        for k in draw(st.lists(st.integers(0, 33), min_size=7, max_size=7, unique=True)):
            c[k] = 2
    else:
        for k in (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33):
            c[k] = 1
        c[draw(st.sampled_from([0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]))] += 1
    if draw(st.booleans()):
        c[draw(st.sampled_from([k for k in range(34) if c[k]]))] -= 1
    return c


@settings(max_examples=1000, deadline=None)
@given(complete(), st.booleans(), st.booleans())
def test_complete_and_tenpai_hands_c_equals_python(c: list[int], chi: bool, ko: bool) -> None:
    _same(c, caps_for(True), chi, ko)
    answer = _c[0](c, None, chi, ko)
    assert answer is not None
    assert answer[0] == xiangting.calculate_replacement_number(c, xiangting.PlayerCount.FOUR) - 1 or not (chi and ko)


def _no_melds(players: int) -> st.SearchStrategy[list[int]]:
    """Hands of 1–14 tiles as xiangting takes them (calls set aside are simply missing tiles)."""
    ids = [i for i in range(136) if not (players == 3 and 1 <= i // 4 <= 7)]
    dense = [i for i in ids if i // 4 < 9 or i // 4 >= 31]

    def counts(picked: list[int]) -> list[int]:
        c = [0] * 34
        for i in picked:
            c[i // 4] += 1
        return c

    sizes = [14, 13, 11, 10, 8, 7, 5, 4, 2, 1]
    return st.one_of(
        *(st.lists(st.sampled_from(pool), min_size=n, max_size=n, unique=True) for pool in (ids, dense) for n in sizes)
    ).map(counts)


@settings(max_examples=1500, deadline=None)
@given(_no_melds(4))
def test_four_players_c_agrees_with_xiangting(c: list[int]) -> None:
    answer = _c[0](c, None, True, True)
    assert answer is not None
    assert answer[0] == xiangting.calculate_replacement_number(c, xiangting.PlayerCount.FOUR) - 1, mpsz(c)
    assert answer == tuple(sh._py_shanten(c)), mpsz(c)


@settings(max_examples=800, deadline=None)
@given(_no_melds(3))
def test_three_players_c_agrees_with_xiangting(c: list[int]) -> None:
    caps = caps_for(True, players=3)
    answer = _c[0](c, caps, True, True)
    assert answer is not None
    assert answer[0] == xiangting.calculate_replacement_number(c, xiangting.PlayerCount.THREE) - 1, mpsz(c)
    assert answer == tuple(sh._py_shanten(c, caps)), mpsz(c)


def test_the_table_of_every_suit_equals_the_per_suit_pass() -> None:
    import service.scoring._shanten as module  # type: ignore[import-not-found]

    assert module.check_full() == 0


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        # thirteen orphans, complete; standard: the pair 11m and one tile in each of four sets, 13 - 6
        ("119m19p19s1234567z", (-1, 7, 5, -1)),
        # seven pairs, complete; standard: four pairs as partial sets and one as the pair, 13 - 10;
        # thirteen orphans: 1m, 9p, 1z held (10 missing), one of them paired
        ("1155m2299p3388s11z", (-1, 3, -1, 9)),
        ("1155m2299p3388s12z", (0, 3, 0, 8)),  # seven pairs, tenpai on 1z or 2z
        ("123456789m11122z", (-1, -1, 4, 8)),  # four sets and a pair
        ("123456789m1z", (0, 0, None, None)),  # 10 tiles (a call set aside): only the standard shape
    ],
)
def test_complete_and_tenpai_hands(hand: str, expected: tuple[int, int, int | None, int | None]) -> None:
    """Pinned by hand: -1 is a complete hand (not a missing shape); both paths give it."""
    c = counts(hand)
    got = sh.shanten(c)
    assert tuple(got) == expected
    assert tuple(sh._py_shanten(c)) == expected


def test_hand_checked_answers() -> None:
    """Pinned by hand: a kokushi tenpai waiting on all 13 orphans; four 4m held, so no 4m wait."""
    c = [0] * 34
    for k in (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33):
        c[k] = 1
    result, better = sh.shanten_and_improving(c)
    assert result == (0, 8, 6, 0)
    assert better == [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]
    c = [0] * 34  # 123p456p789p4444m: 1-shanten (the only "wait" is a fifth 4m)
    c[3] = 4
    for k in range(9, 18):
        c[k] = 1
    assert sh.shanten(c).regular == 1


NOT_34_INTS_0_TO_4 = [
    [5] + [0] * 33,  # a count past 4
    [-1] + [1] * 14 + [0] * 19,
    [1] * 33,  # 33 kinds
    [1] * 35,
    [1.0] + [0] * 33,
    [True] + [0] * 33,
    [2**70] + [0] * 33,
    "1" * 34,
    None,
]


@pytest.mark.parametrize("values", NOT_34_INTS_0_TO_4)
def test_what_the_c_code_does_not_take_is_declined(values: object) -> None:
    """Counts or caps other than 34 ints 0–4 (caps may be None: every cap 4) are None: the Python path answers."""
    c = [1] * 13 + [0] * 21
    for fn in _c:
        assert fn(values, None, True, True) is None
        if values is not None:
            assert fn(c, values, True, True) is None


@pytest.mark.parametrize("tiles", [0, 3, 12, 15, 34])
def test_a_tile_count_the_python_path_refuses_is_declined(tiles: int) -> None:
    c = [1] * tiles + [0] * (34 - tiles)
    assert _c[0](c, None, True, True) is None
    assert _c[1](c, None, True, True) is None


def test_a_wrong_tile_count_still_raises_the_python_error() -> None:
    with pytest.raises(ValueError, match="3n\\+1 or 3n\\+2"):
        sh.shanten([1] * 12 + [0] * 22)
    with pytest.raises(ValueError, match="3n\\+1-tile"):
        sh.shanten_and_improving([1] * 14 + [0] * 20)


def test_riichi_native_0_leaves_the_c_code_out() -> None:
    """``RIICHI_NATIVE=0``: only the Python path runs, with the same answer."""
    code = (
        "from service.scoring import shanten as s; c = [1]*13 + [0]*21;"
        "print(s.NATIVE, tuple(s.shanten(c)), s.shanten_and_improving(c)[1])"
    )
    env = {"RIICHI_NATIVE": "0", "PATH": "/usr/bin:/bin"}
    off = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout
    c = [1] * 13 + [0] * 21
    assert off.split(" ", 1) == ["False", f"{tuple(sh.shanten(c))} {sh.shanten_and_improving(c)[1]}\n"]

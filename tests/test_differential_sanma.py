"""Differential test: three players (option ``players`` 3 with ``nukidora``) against the ``mahjong`` package's
three-player mode (``OptionalRules.is_three_player``, ``HandConfig.num_nuki_dora``; /docs/rulesets §8).

Hypothesis builds winning hands from the 108 tiles (no 2m–8m, no chi; seat E, S or W, round E or S), with
Norths set aside, dora and ura indicators and red 5p / 5s; each is scored by ``service.scoring.score``
under ``{"preset": "standard", "players": 3, "nukidora": true, "honba": 200}`` and by the package with
``is_three_player=True`` (its tsumo loss and 200-a-honba ron are not options: /docs/rulesets §8.1).
Both must agree on win / no win, points, han, fu (not for yakuman) and the yaku with their han; the
package counts the Norths set aside in its ``Dora`` item, so our ``dora`` and ``nukidora`` are added up
(the Norths' extra dora and ura dora from North-pointing indicators are ``dora`` / ``ura_dora`` in both).

The package's defaults are checked first: four players, no Norths set aside.
"""

from __future__ import annotations

from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules

from service.scoring import ScoreRequest, ScoreResult, score
from tests.mahjong_ref import Reference, reference_score

SANMA = {"preset": "standard", "players": 3, "nukidora": True, "honba": 200}
POOL = [0, 8, *range(9, 34)]
"""The kinds of the 108 tiles: 1m, 9m, pins, sous, honours (/docs/rulesets §7 Removed tiles)."""
NORTH = 30


def _code(kind: int, red: bool = False) -> str:
    suit = "mpsz"[kind // 9]
    rank = kind % 9 + 1
    return f"{0 if red else rank}{suit}"


def ours(request: dict[str, Any]) -> ScoreResult:
    return score(msgspec.convert(request, ScoreRequest))


def assert_same(mine: ScoreResult, theirs: Reference) -> None:
    assert mine.is_win == theirs.is_win, (mine.reason, theirs.reason)
    if not mine.is_win:
        assert mine.reason == {"hand_not_winning": "not_complete", "no_yaku": "no_yaku"}[theirs.reason or ""]
        return
    assert mine.points == theirs.points
    assert mine.total == theirs.total  # honba: 200 on ron, 100 from each of the two payers on tsumo
    assert (mine.yakuman > 0) == theirs.yakuman
    assert mine.han == theirs.han
    if not theirs.yakuman:
        assert mine.fu == theirs.fu
    merged: dict[str, int] = {}
    for y in mine.yaku:
        key = "dora" if y.id == "nukidora" else y.id  # the package's Dora holds the Norths set aside
        merged[key] = merged.get(key, 0) + y.han
    assert set(merged.items()) == theirs.yaku


@st.composite
def sanma_hands(draw: st.DrawFn) -> dict[str, Any]:
    """A valid three-player winning hand and situation (a request dict for ``POST /v1/score``)."""
    left = dict.fromkeys(POOL, 4)

    def take(kind: int, n: int = 1) -> bool:
        if left[kind] < n:
            return False
        left[kind] -= n
        return True

    shape = draw(st.sampled_from(["standard"] * 8 + ["chiitoitsu", "kokushi"]))
    concealed: list[int] = []
    melds: list[dict[str, Any]] = []
    if shape == "chiitoitsu":
        kinds = draw(st.lists(st.sampled_from(POOL), min_size=7, max_size=7, unique=True))
        for k in kinds:
            take(k, 2)
            concealed += [k, k]
    elif shape == "kokushi":
        orphans = [0, 8, 9, 17, 18, 26, *range(27, 34)]
        extra = draw(st.sampled_from(orphans))
        concealed = [*orphans, extra]
        for k in concealed:
            take(k)
    else:
        while len(melds) * 3 + len(concealed) < 12:
            kind = draw(st.sampled_from(["run"] * 6 + ["triplet"] * 3 + ["pon"] * 2 + ["kan", "ankan"]))
            if kind == "run":
                suit = draw(st.sampled_from([9, 18]))
                first = suit + draw(st.integers(0, 6))
                if all(left[first + i] for i in range(3)):
                    for i in range(3):
                        take(first + i)
                    concealed += [first, first + 1, first + 2]
                continue
            k = draw(st.sampled_from(POOL))
            n = 4 if kind in ("kan", "ankan") else 3
            if not take(k, n):
                continue
            if kind == "triplet":
                concealed += [k, k, k]
            else:
                melds.append({"type": "kan" if n == 4 else "pon", "k": k, "closed": kind == "ankan"})
        pair = draw(st.sampled_from([k for k in POOL if left[k] >= 2]))
        take(pair, 2)
        concealed += [pair, pair]
    win_at = draw(st.integers(0, len(concealed) - 1))
    win = concealed[win_at]
    hand = concealed[:win_at] + concealed[win_at + 1 :]
    closed = all(m["closed"] for m in melds)
    # red fives: the first 5p / 5s of the hand may be red (one of each in the game)
    reds = {13: draw(st.booleans()), 22: draw(st.booleans())}
    for five in (13, 22):  # all four fives in the hand: one of them is the red one
        held = concealed.count(five) + sum(4 if m["type"] == "kan" else 3 for m in melds if m["k"] == five)
        if held == 4:
            reds[five] = True
    codes: list[str] = []
    for k in sorted(hand):
        red = reds.get(k, False)
        if red:
            reds[k] = False
        codes.append(_code(k, red))
    meld_out = []
    for m in melds:
        n = 4 if m["type"] == "kan" else 3
        tiles = [_code(m["k"])] * n
        if m["k"] in reds and reds[m["k"]]:
            tiles[0] = _code(m["k"], True)
            reds[m["k"]] = False
        meld_out.append({"type": m["type"], "tiles": tiles, "closed": m["closed"]})
    win_code = _code(win, reds.get(win, False))
    tsumo = draw(st.booleans())
    riichi = closed and draw(st.booleans())
    indicators = [k for k in POOL if left[k]]
    drawn = draw(st.lists(st.sampled_from(indicators), min_size=1, max_size=1 + len(melds) // 2))
    dora = [k for k in drawn if take(k)]  # at most 4 copies in sight
    ura: list[int] = []
    if riichi:
        ura = [k for k in draw(st.lists(st.sampled_from(POOL), min_size=1, max_size=len(dora) or 1)) if take(k)]
    nukidora = draw(st.integers(0, left[NORTH]))
    request: dict[str, Any] = {
        "hand": codes,
        "win_tile": win_code,
        "melds": meld_out,
        "win": "tsumo" if tsumo else "ron",
        "seat_wind": draw(st.sampled_from(["E", "S", "W"])),
        "round_wind": draw(st.sampled_from(["E", "S"])),
        "riichi": riichi,
        "ippatsu": riichi and draw(st.booleans()),
        "dora_indicators": [_code(k) for k in dora],
        "ura_indicators": [_code(k) for k in ura],
        "nukidora": nukidora,
        "honba": draw(st.integers(0, 3)),
        "riichi_sticks": draw(st.integers(0, 2)),
        "rules": SANMA,
    }
    return request


def test_the_package_defaults_are_four_players_and_no_norths_set_aside() -> None:
    assert OptionalRules().is_three_player is False
    assert HandConfig().num_nuki_dora == 0


@pytest.mark.slow
@settings(max_examples=1500, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(request=sanma_hands())
def test_three_players_agree_with_the_package(request: dict[str, Any]) -> None:
    assert_same(ours(request), reference_score(request))


@settings(max_examples=150, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(request=sanma_hands())
def test_three_players_agree_with_the_package_quick(request: dict[str, Any]) -> None:
    """The same, fewer hands, in the fast suite."""
    assert_same(ours(request), reference_score(request))


def test_the_package_and_we_agree_on_the_hand_worked_cases() -> None:
    # non-dealer mangan tsumo, tsumo loss: 4,000 + 2,000 = 6,000 (tests/scoring/test_sanma.py)
    mangan = {"hand": "123345678p9p777z", "win_tile": "9p", "win": "tsumo", "seat_wind": "S", "rules": SANMA}
    assert ours(mangan).points == reference_score(mangan).points == 6000
    # two Norths set aside, a West indicator: 4 dora from the Norths; chun + 4 = 5 han, 8,000 by ron
    kita = {
        "hand": "111m9p123s456s777z",
        "win_tile": "9p",
        "seat_wind": "S",
        "nukidora": 2,
        "dora_indicators": "3z",
        "rules": SANMA,
    }
    assert ours(kita).points == reference_score(kita).points == 8000
    assert reference_score(kita).yaku == {("chun", 1), ("dora", 4)}

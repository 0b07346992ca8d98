"""POST /v1/tenpai never fails on its own: any request decodes to an answer or an InvalidHand (422).

Random requests (tile codes, melds, indicators, visible tiles, seats, flags, presets) are
thrown at :func:`service.scoring.tenpai.analyse`; anything but a result or
:class:`~service.scoring.InvalidHand` would be a 500 (/docs/endpoints: never 500 for any input).
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from service.scoring import InvalidHand, MeldSpec
from service.scoring.tenpai import Discard, TenpaiRequest, TenpaiResult, analyse

CODES = [f"{r}{s}" for s in "mps" for r in range(10)] + [f"{r}z" for r in range(1, 8)]
DENSE = [f"{r}m" for r in range(1, 10)] + ["0m", "5z", "6z", "7z"]

tiles = st.lists(st.sampled_from(CODES), max_size=4)
melds = st.lists(
    st.builds(
        MeldSpec,
        type=st.sampled_from(["chi", "pon", "kan"]),
        tiles=st.one_of(tiles, st.sampled_from(["123m", "777z", "5555p", "406s", "1111z"])),
        closed=st.booleans(),
    ),
    max_size=4,
)


@st.composite
def requests(draw: st.DrawFn) -> dict[str, Any]:
    m = draw(melds)
    size = draw(st.sampled_from([13 - 3 * len(m), 14 - 3 * len(m), 13, 1]))
    pool = draw(st.sampled_from([CODES, DENSE]))
    return {
        "hand": draw(st.lists(st.sampled_from(pool), min_size=max(size, 0), max_size=max(size, 0))),
        "melds": m,
        "rules": draw(st.sampled_from(["standard", "kostarev", "kids"])),
        "dealer": draw(st.one_of(st.none(), st.booleans())),
        "seat_wind": draw(st.one_of(st.none(), st.sampled_from(["E", "S", "W", "N"]))),
        "riichi": draw(st.booleans()),
        "ippatsu": draw(st.booleans()),
        "dora_indicators": draw(tiles),
        "visible": draw(st.lists(st.sampled_from(CODES), max_size=12)),
        "points": draw(st.one_of(st.none(), st.integers(-5000, 50000))),
        "tiles_left": draw(st.one_of(st.none(), st.integers(0, 70))),
        "values": draw(st.booleans()),
    }


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(requests())
def test_any_request_is_an_answer_or_invalid_input(fields: dict[str, Any]) -> None:
    try:
        result = analyse(TenpaiRequest(**fields))
    except InvalidHand as exc:
        event("invalid input")
        errors = exc.errors
        assert errors
        return
    event(f"answered, {result.tiles % 3 + 12}-tile form, shanten {min(result.shanten, 2)}")
    assert isinstance(result, TenpaiResult)
    if result.tiles % 3 == 1:
        assert result.tenpai == bool(result.waits)
        assert result.tenpai == (result.shanten == 0)
    else:
        assert result.discards


@st.composite
def valid_requests(draw: st.DrawFn) -> dict[str, Any]:
    """Physically possible hands: dealt from the 136 tiles (no winds where the preset has none)."""
    preset = draw(st.sampled_from(["standard", "kostarev", "kids"]))
    ids = [i for i in range(136) if preset == "standard" or not 27 <= i // 4 <= 30]
    if draw(st.booleans()):
        ids = [i for i in ids if i // 4 < 9 or i // 4 >= 31]  # dense: man + dragons
    wall = draw(st.permutations(ids))
    melds: list[MeldSpec] = []
    for _ in range(draw(st.integers(0, 2))):
        kind = wall[0] // 4
        same = [i for i in wall if i // 4 == kind][:3]
        if len(same) == 3:
            melds.append(MeldSpec(type="pon", tiles=f"{kind % 9 + 1}{'mpsz'[kind // 9]}" * 3))
            wall = [i for i in wall if i not in same]
    size = draw(st.sampled_from([13, 14])) - 3 * len(melds)
    hand = [f"{i // 4 % 9 + 1}{'mpsz'[i // 4 // 9]}" for i in wall[:size]]
    situation: dict[str, Any] = (
        {"seat_wind": draw(st.sampled_from(["E", "S", "W", "N"]))}
        if preset == "standard"
        else {"dealer": draw(st.booleans())}
    )
    return {
        "hand": hand,
        "melds": melds,
        "rules": preset,
        "riichi": not melds and draw(st.booleans()),
        "dora_indicators": [f"{i // 4 % 9 + 1}{'mpsz'[i // 4 // 9]}" for i in wall[size : size + 1]],
        **situation,
    }


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(valid_requests())
def test_possible_hands_are_answered_with_values(fields: dict[str, Any]) -> None:
    result = analyse(TenpaiRequest(**fields))
    event(f"{result.tiles % 3 + 12}-tile form, shanten {min(result.shanten, 2)}")
    options: list[Discard] | list[TenpaiResult] = result.discards or [result]
    for option in options:
        assert option.tenpai == bool(option.waits)
        for w in option.waits:
            if w.ron is not None and w.tsumo is not None:
                if not fields["melds"]:
                    assert w.tsumo.is_win  # menzen tsumo (or kids points): a closed tsumo always wins
                assert w.no_yaku_on_ron == (w.ron.reason == "no_yaku")

"""POST /v1/analysis/discards never fails on its own: any request is an answer or an InvalidHand (422).

Random requests (as tests/tenpai/test_tenpai_fuzz.py throws at `POST /v1/tenpai`, plus a river, an offered
tile and where it came from, every preset) are thrown at :func:`service.scoring.discards.analyse_discards`;
anything but a result or :class:`~service.scoring.InvalidHand` would be a 500. Physically possible hands,
dealt from the tile set of the preset, are always answered, and the answer is ranked 1..n with a reason.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from service.scoring import InvalidHand, MeldSpec
from service.scoring.discards import analyse_discards
from service.scoring.discards_model import DiscardsRequest
from service.scoring.presets import resolve_rules
from service.scoring.shanten import caps_for
from tests.presets import PRESET_IDS
from tests.tenpai.test_tenpai_fuzz import CODES
from tests.tenpai.test_tenpai_fuzz import requests as tenpai_requests


@st.composite
def requests(draw: st.DrawFn) -> dict[str, Any]:
    fields = draw(tenpai_requests())
    fields["rules"] = draw(st.sampled_from(PRESET_IDS))
    fields["river"] = draw(st.lists(st.sampled_from(CODES), max_size=12))
    if draw(st.booleans()):
        fields["offered"] = draw(st.sampled_from(CODES))
        fields["offered_from"] = draw(st.sampled_from(["left", "across", "right"]))
    return fields


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(requests())
def test_any_request_is_an_answer_or_invalid_input(fields: dict[str, Any]) -> None:
    try:
        result = analyse_discards(DiscardsRequest(**fields))
    except InvalidHand as exc:
        event("invalid input")
        errors = exc.errors
        assert errors
        return
    event("answered")
    assert (result.calls is not None) == ("offered" in fields)


@st.composite
def possible(draw: st.DrawFn) -> dict[str, Any]:
    """A hand dealt from the preset's tiles, sometimes with a pon, a river, and an offered tile."""
    preset = draw(st.sampled_from(PRESET_IDS))
    rules = resolve_rules(preset)
    caps = caps_for(rules.winds, (), rules.players)
    ids = [i for i in range(136) if caps[i // 4]]
    if draw(st.booleans()):
        ids = [i for i in ids if i // 4 < 9 or i // 4 >= 31]
    wall = draw(st.permutations(ids))
    code = [f"{k % 9 + 1}{'mpsz'[k // 9]}" for k in range(34)]
    melds: list[MeldSpec] = []
    if draw(st.booleans()):
        kind = wall[0] // 4
        same = [i for i in wall if i // 4 == kind][:3]
        if len(same) == 3:
            melds.append(MeldSpec(type="pon", tiles=code[kind] * 3))
            wall = [i for i in wall if i not in same]
    offered = draw(st.booleans())
    size = 14 - 3 * len(melds) - offered
    fields: dict[str, Any] = {
        "hand": "".join(code[i // 4] for i in wall[:size]),
        "melds": melds,
        "rules": preset,
        "river": "".join(code[i // 4] for i in wall[size + 1 : size + 1 + draw(st.integers(0, 8))]),
        "values": draw(st.booleans()),
    }
    if rules.winds:
        fields["seat_wind"] = "S"
    else:
        fields["dealer"] = False
    if offered:
        fields["offered"] = code[wall[size] // 4]
        fields["offered_from"] = draw(st.sampled_from(["left", "across", "right"]))
    return fields


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(possible())
def test_possible_hands_are_answered_and_ranked(fields: dict[str, Any]) -> None:
    r = analyse_discards(DiscardsRequest(**fields))
    ranked = r.calls if r.calls is not None else r.discards
    assert [o.rank for o in ranked] == list(range(1, len(ranked) + 1))
    assert [o.reason for o in ranked[:1]] == ["best"]
    assert all(o.reason != "best" for o in ranked[1:])
    for d in r.discards:
        assert d.ukeire_unseen == sum(t.remaining for t in d.ukeire)
        assert d.tenpai == (d.shanten == 0) == bool(d.waits)
    if r.calls is not None:
        assert "pass" in [c.call for c in r.calls]

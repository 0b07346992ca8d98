"""One situation model: the fields the score and tenpai requests share, and the one list of situation flags.

``model.Situation`` declares who the player is and what they declared once; ``ScoreRequest`` and
``TenpaiRequest`` inherit it and keep their own field orders (the C contract's, the OpenAPI document's).
``validate.FLAG_BITS`` names each situation flag with its fact bit; ``parse_request`` reads the request's
flags into those bits once and builds ``Hand`` from ``Options``, ``HandTiles`` and ``HandSituation``.
"""

from __future__ import annotations

import msgspec

from service.scoring import contract
from service.scoring.hand import (
    F_DOUBLE_RIICHI,
    F_IPPATSU,
    F_RIICHI,
    F_TSUMO,
    SITUATION_FACTS,
)
from service.scoring.model import WIN_FLAGS, ScoreRequest, Situation
from service.scoring.presets import resolve_rules
from service.scoring.tenpai_model import TenpaiRequest
from service.scoring.validate import FLAG_BITS, parse_request

SHARED = ("dealer", "seat_wind", "round_wind", "riichi", "double_riichi", "ippatsu")
"""The six fields both requests take, typed in by hand."""


def test_both_requests_inherit_the_situation_fields_in_one_place() -> None:
    assert issubclass(ScoreRequest, Situation)
    assert issubclass(TenpaiRequest, Situation)
    assert Situation.__struct_fields__ == SHARED
    for request in (ScoreRequest, TenpaiRequest):
        declared = {f.name: f for f in msgspec.structs.fields(request)}
        for f in msgspec.structs.fields(Situation):
            assert declared[f.name].type == f.type
            assert declared[f.name].default == f.default


DECLARED_BY_EACH = ("hand", "rules", "melds", "dora_indicators", "ura_indicators", "honba", "riichi_sticks", "nukidora")
"""The other fields both requests take, each declared by both (their order differs), typed in by hand."""


def test_the_fields_each_request_declares_are_declared_alike() -> None:
    """A field both requests declare has the same type and default in both, so the two cannot drift; any
    other field both have is one of :data:`SHARED` (inherited) or of :data:`DECLARED_BY_EACH`."""
    score = {f.name: f for f in msgspec.structs.fields(ScoreRequest)}
    tenpai = {f.name: f for f in msgspec.structs.fields(TenpaiRequest)}
    assert set(score) & set(tenpai) == {*SHARED, *DECLARED_BY_EACH}
    for name in DECLARED_BY_EACH:
        assert score[name].type == tenpai[name].type, name
        assert score[name].default == tenpai[name].default, name
        assert score[name].required == tenpai[name].required, name


def test_the_requests_keep_their_field_orders() -> None:
    assert ScoreRequest.__struct_fields__ == contract.REQUEST_FIELDS
    assert TenpaiRequest.__struct_fields__[:4] == ("hand", "rules", "melds", "visible")
    assert TenpaiRequest.__struct_fields__[4:10] == SHARED


def test_a_request_still_names_its_fields() -> None:
    """The tile fields come first and may be given by position; every field still by keyword."""
    assert ScoreRequest("123m", "1m") == ScoreRequest(hand="123m", win_tile="1m")
    assert TenpaiRequest(hand="123m", riichi=True).riichi is True


def test_the_flag_list_follows_the_request_and_the_facts() -> None:
    names = [name for name, _ in FLAG_BITS]
    assert names == [*WIN_FLAGS, "open_riichi", "sashikomi"]
    assert names == [name for name in contract.REQUEST_FIELDS if name in names]  # the request's order
    assert all(bit == contract.FACT_BITS[name] for name, bit in FLAG_BITS)
    combined = 0
    for _, bit in FLAG_BITS:
        combined |= bit
    assert combined == SITUATION_FACTS


# 123m 456m 789m 123p + 55p pair, closed: won on 3p by tsumo.
HAND = "123456789m1255p"


def test_a_hand_reads_its_flags_from_the_bits() -> None:
    rules = resolve_rules("standard")
    hand = parse_request(
        ScoreRequest(hand=HAND, win_tile="3p", win="tsumo", seat_wind="S", double_riichi=True, ippatsu=True), rules
    )
    assert (hand.riichi, hand.double_riichi, hand.ippatsu, hand.haitei, hand.tsumo) == (True, True, True, False, True)
    assert hand.situational
    assert (
        hand.facts & (F_RIICHI | F_DOUBLE_RIICHI | F_IPPATSU | F_TSUMO)
        == F_RIICHI | F_DOUBLE_RIICHI | F_IPPATSU | F_TSUMO
    )
    plain = parse_request(ScoreRequest(hand=HAND, win_tile="3p", seat_wind="S"), rules)
    assert not plain.situational
    assert plain.facts & SITUATION_FACTS == 0
    assert not plain.tsumo
    assert (plain.dealer, plain.seat, plain.round) == (False, 28, 27)  # South seat, East round
    assert plain.ura == ()
    assert plain.honba == 0

"""The contract between the Python core and the C hot path (``service/scoring/contract.py``).

- The committed C header is what ``scripts/gen_native_header.py`` writes from the contract (like the OpenAPI
  document's test): a contract edited without regenerating fails here.
- Each tuple of the contract is what the Python side really has: the request's fields, the predicates, the
  fact bits, the fu items, the limits, the options, so an order is declared once and read by both sides.
- A yaku code or a request field the C code has no ``case`` for is a build error (``-Werror=switch``):
  the C files are compiled against a header made from a contract with one more of each, and must fail.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import sysconfig
import typing
from pathlib import Path
from types import ModuleType
from typing import Any

import msgspec
import pytest

from service.scoring import contract, fu, hand, limits, native, yaku
from service.scoring.hand import Options
from service.scoring.model import (
    MeldSpec,
    Payment,
    Reading,
    RulesSpec,
    ScoreRequest,
    UncheckedMeldSpec,
    UncheckedScoreRequest,
)
from service.scoring.notation import request_of
from service.scoring.presets import PRESETS

ROOT = Path(__file__).resolve().parents[2]
SCORING = ROOT / "service" / "scoring"
sys.path.insert(0, str(ROOT / "scripts"))
import gen_native_header  # noqa: E402

sys.path.remove(str(ROOT / "scripts"))


def test_committed_header_is_the_generated_one() -> None:
    """``_native_contract.h`` is what the script writes now (else: ``python scripts/gen_native_header.py``)."""
    expected = gen_native_header.render(gen_native_header.load_contract())
    assert (SCORING / "_native_contract.h").read_text() == expected, "stale: run python scripts/gen_native_header.py"


def test_request_fields_are_the_structs_fields() -> None:
    """``ScoreRequest`` and the batch's ``UncheckedScoreRequest`` have the contract's fields, in its order."""
    for struct in (ScoreRequest, UncheckedScoreRequest):
        assert tuple(f.name for f in msgspec.structs.fields(struct)) == contract.REQUEST_FIELDS
    for meld in (MeldSpec, UncheckedMeldSpec):
        assert tuple(f.name for f in msgspec.structs.fields(meld)) == contract.MELD_FIELDS
    assert {way for _, way in contract.REQUEST} == {
        contract.READ,
        contract.FLAG,
        contract.DECLINE_UNLESS_FALSE,
        contract.DECLINE_UNLESS_ZERO,
    }


def _changed(name: str) -> object:
    """A value of field ``name`` other than its default, valid for the unchecked type."""
    return {
        "hand": "1112223334445m",
        "win_tile": "4p",
        "rules": "tenhou",
        "melds": (UncheckedMeldSpec(type="pon", tiles="555z"),),
        "win": "tsumo",
        "dealer": True,
        "seat_wind": "W",
        "round_wind": "S",
        "paarenchan": 2,
        "dora_indicators": "3s",
        "ura_indicators": "4s",
        "honba": 3,
        "riichi_sticks": 2,
        "nukidora": 1,
    }.get(name, True)


@pytest.mark.parametrize("name", contract.REQUEST_FIELDS)
def test_request_of_keeps_every_field_in_its_place(name: str) -> None:
    """``notation.request_of`` unpacks the fields by position: one field changed changes that field only."""
    base = UncheckedScoreRequest(hand="123456789m1234p", win_tile="1p")
    one = msgspec.structs.replace(base, **{name: _changed(name)})
    before, after = request_of(base), request_of(one)
    assert before is not None
    assert after is not None
    differ = [f for f in contract.REQUEST_FIELDS if getattr(before, f) != getattr(after, f)]
    assert differ == [name]
    value = getattr(after, name)
    assert (value[0].tiles if name == "melds" else value) == ("555z" if name == "melds" else _changed(name))


def test_predicates_are_the_contracts() -> None:
    """``yaku._NATIVE_TESTS`` is the contract's list of predicates; every candidate's code indexes it."""
    assert tuple(test.__name__ for test in yaku._NATIVE_TESTS) == contract.NATIVE_YAKU
    assert native._SCORED_APART == contract.SCORED_APART == len(yaku._NATIVE_TESTS)
    registered = {y.test.__name__ for y in yaku.REGISTRY.values()}
    assert set(contract.NATIVE_YAKU) <= registered


def test_fact_bits_are_the_contracts() -> None:
    """``hand.F_*`` and ``hand.FACTS`` are the contract's bits, one bit each, none shared."""
    for name in contract.FACTS:
        assert getattr(hand, "F_" + name.upper()) == 1 << contract.FACTS.index(name) == hand.FACTS[name]
    names = [n for n in dir(hand) if n.startswith("F_")]
    assert sorted(n[2:].lower() for n in names) == sorted(contract.FACTS)
    needed = {name for y in yaku.REGISTRY.values() for name in y.needs}
    assert needed <= set(contract.FACTS)


def test_fu_items_are_the_contracts() -> None:
    """The fu items handed to C are :mod:`.fu`'s own, in the contract's order, then the eight triplets."""
    items = native._fu_items()
    assert len(items) == len(contract.FU_ITEMS) + contract.FU_TRIPLETS
    fixed = {name: item for name, item in zip(contract.FU_ITEMS, items, strict=False)}
    assert (fixed["double_wind_2"].id, fixed["double_wind_2"].fu) == ("pair_double_wind", 2)
    assert (fixed["double_wind_4"].id, fixed["double_wind_4"].fu) == ("pair_double_wind", 4)
    for name in contract.FU_ITEMS:
        if not name.startswith("double_wind"):
            assert fixed[name] is fu._ITEM[name]
    assert items[len(contract.FU_ITEMS) :] == tuple(fu._TRIPLET)
    # 4 × concealed + 2 × kan + terminal, as C indexes them
    assert fu._TRIPLET[4 + 2 + 1].id == "closed_kan_terminal"
    assert fu._TRIPLET[0].id == "open_triplet_simple"


def test_limits_waits_shapes_payers_are_the_answers() -> None:
    """The names C answers with are those the Python path answers with."""
    assert contract.LIMITS[contract.LIMITS.index("yakuman") :] == tuple(limits.YAKUMAN_NAMES[m] for m in range(1, 7))
    assert [
        limits.limit_name(h, b) for h, b in ((1, 320), (4, 2000), (6, 3000), (8, 4000), (11, 6000), (13, 8000))
    ] == [
        "none",
        "mangan",
        "haneman",
        "baiman",
        "sanbaiman",
        "kazoe_yakuman",
    ]
    assert contract.LIMITS[:6] == ("none", "mangan", "haneman", "baiman", "sanbaiman", "kazoe_yakuman")
    assert typing.get_args(typing.get_type_hints(Reading)["shape"]) == contract.SHAPES
    assert typing.get_args(typing.get_type_hints(Payment)["payer"]) == contract.PAYERS
    assert typing.get_args(typing.get_args(typing.get_type_hints(RulesSpec)["kazoe"])[0]) == contract.KAZOE


def test_every_option_reaches_the_c_code_one_way() -> None:
    """Each field of ``RulesSpec`` is in exactly one of :data:`.contract.OPTIONS_BY_WAY`; those C reads are
    among :data:`.contract.PREP_OPTIONS`, each an attribute of :class:`~.hand.Options`."""
    listed = [name for names in contract.OPTIONS_BY_WAY.values() for name in names]
    assert sorted(listed) == sorted(f.name for f in msgspec.structs.fields(RulesSpec))
    assert set(contract.OPTIONS_BY_WAY["read"]) <= set(contract.PREP_OPTIONS)
    opts = Options(PRESETS["standard"])
    for name in contract.PREP_OPTIONS:
        assert hasattr(opts, name), name


def test_the_c_code_uses_every_flag_it_reads() -> None:
    """A FLAG field is scored by C: ``load()`` reads ``fl[R_<NAME>]``; an A_ bit is checked for each allowed
    flag. (A flag C reads but never uses would be scored as if false.)"""
    source = (SCORING / "_native_request.c").read_text()
    for name, way in contract.REQUEST:
        if way == contract.FLAG:
            assert f"fl[R_{name.upper()}]" in source, name
    for name in contract.ALLOWED_FLAGS:
        assert f"A_{name.upper()}" in source, name


def test_setup_compiles_with_werror_switch() -> None:
    """``setup.py`` and the sanitized build compile the C code with ``-Werror=switch``."""
    assert '"-Werror=switch"' in (ROOT / "setup.py").read_text()
    from tests import sanitized_native

    assert "-Werror=switch" in sanitized_native.FLAGS


def _compile(header_from: ModuleType, tmp: Path) -> subprocess.CompletedProcess[str]:
    """``_native.c`` and its parts compiled (syntax only, ``setup.py``'s flags) against the header rendered
    from ``header_from``."""
    for part in SCORING.glob("_native*.c"):
        shutil.copy(part, tmp / part.name)
    (tmp / "_native_contract.h").write_text(gen_native_header.render(header_from))
    include = sysconfig.get_paths()["include"]
    flags = ["-Wall", "-Wextra", "-Wno-unused-parameter", "-Wno-missing-field-initializers", "-Werror=switch"]
    return subprocess.run(
        ["gcc", "-fsyntax-only", *flags, f"-I{include}", str(tmp / "_native.c")],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )


def _contract_with(**changes: Any) -> ModuleType:
    module = gen_native_header.load_contract()
    for key, value in changes.items():
        setattr(module, key, value)
    return module


def test_the_c_code_compiles_against_the_contract(tmp_path: Path) -> None:
    done = _compile(gen_native_header.load_contract(), tmp_path)
    assert done.returncode == 0, done.stderr


def test_a_new_yaku_without_its_case_is_a_build_error(tmp_path: Path) -> None:
    """One more predicate in the contract, no ``case`` written in ``holds()``: gcc refuses."""
    changed = _contract_with(NATIVE_YAKU=(*contract.NATIVE_YAKU, "new_yaku"))
    done = _compile(changed, tmp_path)
    assert done.returncode != 0
    assert "Y_NEW_YAKU" in done.stderr
    assert "-Werror=switch" in done.stderr


def test_a_new_read_field_without_its_case_is_a_build_error(tmp_path: Path) -> None:
    """One more request field C reads, no ``case`` in ``js_field``: gcc refuses."""
    request = (*contract.REQUEST, ("new_field", contract.READ))
    changed = _contract_with(REQUEST=request, REQUEST_FIELDS=tuple(n for n, _ in request))
    done = _compile(changed, tmp_path)
    assert done.returncode != 0
    assert "R_NEW_FIELD" in done.stderr
    assert "-Werror=switch" in done.stderr


def test_a_new_init_item_without_its_case_is_a_build_error(tmp_path: Path) -> None:
    """One more object handed to ``init()`` or ``init_json()``, no ``case`` reading it: gcc refuses."""
    for key, enum in (("INIT_ITEMS", "INIT_NEW_ITEM"), ("INIT_JSON_ITEMS", "INIT_JSON_NEW_ITEM")):
        done = _compile(_contract_with(**{key: (*getattr(contract, key), "new_item")}), tmp_path)
        assert done.returncode != 0, key
        assert enum in done.stderr
        assert "-Werror=switch" in done.stderr


def test_init_items_go_by_the_contracts_names() -> None:
    """``native.start`` names what it hands C; the tuple follows the contract's order whatever the dict's
    order, and a name missing or extra is refused rather than shifting the items after it."""
    names = contract.INIT_ITEMS
    assert native.in_order(dict(zip(reversed(names), reversed(range(len(names))), strict=True)), names) == tuple(
        range(len(names))
    )
    with pytest.raises(ValueError, match="contract"):
        native.in_order({name: 0 for name in names[1:]}, names)
    with pytest.raises(ValueError, match="contract"):
        native.in_order({**{name: 0 for name in names}, "extra": 0}, names)
    assert native.in_order(dict.fromkeys(contract.INIT_JSON_ITEMS, 1), contract.INIT_JSON_ITEMS) == (1,) * len(
        contract.INIT_JSON_ITEMS
    )


def test_a_new_candidate_field_without_its_case_is_a_build_error(tmp_path: Path) -> None:
    """One more field of a prepared candidate, no ``case`` in ``read_candidate``: gcc refuses."""
    done = _compile(_contract_with(CANDIDATE_FIELDS=(*contract.CANDIDATE_FIELDS, "new_field")), tmp_path)
    assert done.returncode != 0
    assert "CAND_NEW_FIELD" in done.stderr
    assert "-Werror=switch" in done.stderr


def test_prepared_candidates_are_named_by_the_contract() -> None:
    """``native.prepare`` hands C each yaku as a :class:`~.contract.NativeCandidate`: riichi in the standard
    rules' closed-ron list is 1 han, not a yakuman, needs the riichi fact, and its JSON is its item's."""
    assert contract.NativeCandidate._fields == contract.CANDIDATE_FIELDS
    header = (SCORING / "_native_contract.h").read_text()
    for i, name in enumerate(contract.CANDIDATE_FIELDS):
        assert f"CAND_{name.upper()} = {i}," in header
    table = yaku.yaku_table(PRESETS["standard"])
    lists = [native._candidates(list(c)) for c in table]
    riichi = [c for cands in lists for c in cands if c.item.id == "riichi"]  # type: ignore[attr-defined]
    assert riichi
    for c in riichi:
        assert isinstance(c, contract.NativeCandidate)
        assert (c.code, c.han, c.yakuman) == (contract.NATIVE_YAKU.index("riichi"), 1, 0)
        assert c.needs & contract.FACT_BITS["riichi"]
        assert len(c.json) == 3
        assert msgspec.json.decode(c.json[0])["id"] == "riichi"
        assert msgspec.json.decode(c.json[0])["han"] == 1


@pytest.mark.skipif(
    not native.AVAILABLE, reason="the C extension is not built (RIICHI_PURE_PYTHON install, or RIICHI_NATIVE=0)"
)
def test_c_prepare_refuses_a_candidate_not_laid_out_as_the_contract() -> None:
    """A candidate with an item missing is a ``TypeError`` in C's ``prepare``, never read shifted; and
    ``prepare`` takes its arguments by keyword only."""
    table = yaku.yaku_table(PRESETS["standard"])
    lists = [native._candidates(list(c)) for c in table]
    short = tuple(tuple(tuple(c)[:-1] for c in cands) for cands in lists)
    opts = tuple(0 for _ in contract.PREP_OPTIONS)
    nowin = ((b"{}",) * 3,) * 2
    assert native._native is not None
    with pytest.raises(TypeError, match=r"contract\.NativeCandidate"):
        native._native.prepare(
            preset="standard", options=opts, allowed=0, lists=short, preset_json=b'"standard"', nowin_json=nowin
        )
    with pytest.raises(TypeError, match="positional"):  # by keyword only: none taken for another by its place
        native._native.prepare("standard", opts, 0, tuple(lists), b'"standard"', nowin)

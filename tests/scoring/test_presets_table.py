"""The one table of rule worlds (service/scoring/presets.toml): complete, sourced, and data only.

Every preset names every option once with its source; the request vocabulary of presets is the
table's; code never branches on a preset's name, so a new preset is a new section of the table.
"""

from __future__ import annotations

import ast
import tomllib
import typing
from importlib import resources
from pathlib import Path

import msgspec
import pytest

from service.game.options import GameRules
from service.scoring.model import Preset
from service.scoring.presets import GAME_DEFAULTS, PRESETS, SOURCES, Rules, _load
from tests.presets import PRESET_IDS

SERVICE = Path(__file__).resolve().parents[2] / "service"
TABLE = tomllib.loads(resources.files("service.scoring").joinpath("presets.toml").read_text(encoding="utf-8"))
NAMES = {*Rules.__struct_fields__, *GameRules.__struct_fields__} - {"preset"}


def test_every_preset_sets_every_option_once() -> None:
    assert list(TABLE) == PRESET_IDS
    for preset, section in TABLE.items():
        assert set(section) == NAMES, (preset, set(section) ^ NAMES)


def test_every_value_has_a_source_in_the_served_documentation() -> None:
    for preset, sources in SOURCES.items():
        assert set(sources) == NAMES, preset
        for name, source in sources.items():
            assert source.startswith(("/docs/rules §", "/docs/rulesets §")), (preset, name, source)


def test_the_request_vocabulary_of_presets_is_the_table() -> None:
    assert list(typing.get_args(Preset)) == list(PRESETS) == list(GAME_DEFAULTS)


def test_cells_read_as_the_rule_sources_say() -> None:
    """A few cells against /docs/rulesets, read by hand from its tables."""
    tenhou, majsoul, wrc, ema, mleague = (PRESETS[p] for p in ("tenhou", "majsoul", "wrc", "ema", "mleague"))
    # §3 Double yakuman patterns: only Mahjong Soul pays 2x
    assert [r.double_yakuman for r in (tenhou, majsoul, wrc, ema, mleague)] == [False, True, False, False, False]
    # §3 13+ han: kazoe yakuman on Tenhou / Mahjong Soul, sanbaiman elsewhere
    assert [r.kazoe for r in (tenhou, majsoul, wrc, ema, mleague)] == ["yakuman"] * 2 + ["sanbaiman"] * 3
    # §3 Yakuman stacking: EMA pays one yakuman at most
    assert [r.yakuman_cap for r in (tenhou, majsoul, wrc, ema, mleague)] == [0, 0, 0, 1, 0]
    # §1 Red fives: none in WRC and EMA
    assert [r.aka_per_suit if r.aka else 0 for r in (tenhou, majsoul, wrc, ema, mleague)] == [1, 1, 0, 0, 1]
    # §6 Start points and uma
    assert [GAME_DEFAULTS[p]["start_points"] for p in ("tenhou", "wrc", "mleague")] == [25_000, 30_000, 25_000]
    assert GAME_DEFAULTS["majsoul"]["return_points"] == 25_000  # no oka: measured from the start


def test_a_new_preset_is_a_new_section() -> None:
    """A house rule set built from Tenhou's by data alone: no code knows its name."""
    house = {**TABLE, "house": {**TABLE["tenhou"], "kiriage_mangan": [True, "/docs/rulesets §3 (ours)"]}}
    house["house"]["uma"] = [[10000, 5000, -5000, -10000], "/docs/rulesets §6 (ours)"]
    rules, game, sources = _load(house)
    assert (rules["house"].kiriage_mangan, rules["tenhou"].kiriage_mangan) == (True, False)
    assert msgspec.convert(game["house"], GameRules).uma == (10000, 5000, -5000, -10000)
    assert sources["house"]["uma"] == "/docs/rulesets §6 (ours)"


def test_a_malformed_line_is_refused_naming_it() -> None:
    broken = {"tenhou": {**TABLE["tenhou"], "kuitan": True}}
    with pytest.raises(ValueError, match=r"\[tenhou\] kuitan"):
        _load(broken)
    wrong = {"tenhou": {**TABLE["tenhou"], "kazoe": ["always", "/docs/rulesets §3"]}}
    with pytest.raises(msgspec.ValidationError, match="kazoe"):
        _load(wrong)


def _preset_name_branches(tree: ast.AST) -> list[int]:
    """Lines comparing something called ``preset`` with a preset's name."""
    names = set(PRESETS)
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            named = any(
                (isinstance(o, ast.Attribute) and o.attr == "preset") or (isinstance(o, ast.Name) and o.id == "preset")
                for o in operands
            )
            literal = any(isinstance(o, ast.Constant) and o.value in names for o in operands)
            if named and literal:
                lines.append(node.lineno)
    return lines


def test_no_code_branches_on_a_preset_name() -> None:
    found = {
        str(path.relative_to(SERVICE)): lines
        for path in sorted(SERVICE.rglob("*.py"))
        if (lines := _preset_name_branches(ast.parse(path.read_text(encoding="utf-8"))))
    }
    assert found == {}


def test_the_branch_finder_finds_a_branch() -> None:
    """The scan above can fail: it sees a comparison of a preset with a name."""
    assert _preset_name_branches(ast.parse('if rules.preset == "tenhou":\n    pass\n')) == [1]

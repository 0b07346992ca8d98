"""The rules and yaku catalogue (service.scoring.catalogue) against /docs/rules and /docs/endpoints, typed in here.

/docs/rules §3 lists the standard yaku with han closed/open, §4 the kostarev list (Kostarev rules
§3.1.1–3.1.4), §5 the kids preset (no yaku). /docs/endpoints lists the yaku ids that need names.
"""

from __future__ import annotations

import re
import typing

import pytest

from service.i18n import negotiate_language, text
from service.scoring import RulesSpec, resolve_rules
from service.scoring.catalogue import (
    OPTION_SECTIONS,
    OPTIONS,
    YAKU_NAMES,
    preset_rules,
    rules_catalogue,
    yaku_catalogue,
    yaku_entries,
)
from service.scoring.model import GameOptions
from service.scoring.presets import PRESETS
from tests.presets import PRESET_IDS

# (han closed, han open or None = closed only, yakuman multiple): /docs/rules §3
STANDARD = {
    "riichi": (1, None, 0), "ippatsu": (1, None, 0), "menzen_tsumo": (1, None, 0), "pinfu": (1, None, 0),
    "tanyao": (1, 1, 0), "iipeikou": (1, None, 0), "haku": (1, 1, 0), "hatsu": (1, 1, 0), "chun": (1, 1, 0),
    "seat_wind": (1, 1, 0), "round_wind": (1, 1, 0), "haitei": (1, 1, 0), "houtei": (1, 1, 0),
    "rinshan": (1, 1, 0), "chankan": (1, 1, 0),
    "double_riichi": (2, None, 0), "chiitoitsu": (2, None, 0), "sanshoku": (2, 1, 0), "ittsu": (2, 1, 0),
    "chanta": (2, 1, 0), "toitoi": (2, 2, 0), "sanankou": (2, 2, 0), "sanshoku_doukou": (2, 2, 0),
    "sankantsu": (2, 2, 0), "shousangen": (2, 2, 0), "honroutou": (2, 2, 0),
    "ryanpeikou": (3, None, 0), "junchan": (3, 2, 0), "honitsu": (3, 2, 0), "chinitsu": (6, 5, 0),
    "kokushi": (13, None, 1), "kokushi_13": (26, None, 2), "suuankou": (13, None, 1),
    "suuankou_tanki": (26, None, 2), "daisangen": (13, 13, 1), "shousuushii": (13, 13, 1),
    "daisuushii": (26, 26, 2), "tsuuiisou": (13, 13, 1), "ryuuiisou": (13, 13, 1), "chinroutou": (13, 13, 1),
    "chuuren": (13, None, 1), "junsei_chuuren": (26, None, 2), "suukantsu": (13, 13, 1),
    "tenhou": (13, None, 1), "chiihou": (13, None, 1),
    "nagashi_mangan": (5, 5, 0),  # option nagashi_mangan on: /docs/rules §6 (a mangan, paid as a tsumo)
}  # fmt: skip

# /docs/rules §4 / Kostarev rules §3.1.1–3.1.4
KOSTAREV = {
    "riichi": (1, None, 0), "menzen_tsumo": (1, None, 0), "pinfu": (1, None, 0), "tanyao": (1, 1, 0),
    "haku": (1, 1, 0), "hatsu": (1, 1, 0), "chun": (1, 1, 0), "iipeikou": (1, None, 0),
    "chiitoitsu": (2, None, 0), "toitoi": (2, 2, 0), "sanankou": (2, 2, 0),
    "sanshoku": (2, 1, 0), "ittsu": (2, 1, 0), "chanta": (2, 1, 0),
    "ryanpeikou": (3, None, 0), "honitsu": (3, 2, 0), "chinitsu": (6, 5, 0),
    "haitei": (1, 1, 0), "houtei": (1, 1, 0), "rinshan": (1, 1, 0), "chankan": (1, 1, 0),
    "suuankou": (13, None, 1), "daisangen": (13, 13, 1), "chinroutou": (13, 13, 1), "ryuuiisou": (13, 13, 1),
    "chuuren": (13, None, 1), "tenhou": (13, None, 1), "chiihou": (13, None, 1),
    "suuankou_tanki": (26, None, 2), "junsei_chuuren": (26, None, 2),
}  # fmt: skip

# /docs/endpoints "Yaku ids", as written there
API_TEXT = """riichi double_riichi ippatsu menzen_tsumo pinfu tanyao iipeikou haku hatsu chun seat_wind round_wind
haitei houtei rinshan chankan chiitoitsu sanshoku ittsu chanta toitoi sanankou sanshoku_doukou sankantsu shousangen
honroutou ryanpeikou junchan honitsu chinitsu renhou dora ura_dora aka_dora kokushi kokushi_13 suuankou
suuankou_tanki daisangen shousuushii daisuushii tsuuiisou ryuuiisou chinroutou chuuren junsei_chuuren suukantsu
tenhou chiihou"""
API_IDS = API_TEXT.split()
# the yaku of the optional rules, each shown only where its option is on (/docs/rulesets §8)
OPTION_IDS = [
    "open_riichi", "double_open_riichi", "nagashi_mangan", "daisharin", "daisuurin", "daichikurin", "daichisei",
    "sashikomi", "paarenchan",
]  # fmt: skip

CJK = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
CYRILLIC = re.compile(r"[\u0400-\u04ff]")


DORA = {"dora": (1, 1, 0), "ura_dora": (1, 1, 0), "aka_dora": (1, 1, 0)}
"""/docs/endpoints: dora, ura dora and red fives are listed as entries whose han is the count (1 han a tile)."""


def table(preset: str, **options: object) -> dict[str, tuple[int, int | None, int]]:
    rules = resolve_rules(RulesSpec(preset=preset, **options))  # type: ignore[arg-type]
    return {y.id: (y.han_closed, y.han_open, y.yakuman) for y in yaku_entries(rules)}


@pytest.mark.parametrize(
    ("preset", "expected"),
    [pytest.param("standard", STANDARD, id="standard"), pytest.param("kostarev", KOSTAREV, id="kostarev")],
)
def test_yaku_and_han_per_preset(preset: str, expected: dict[str, tuple[int, int | None, int]]) -> None:
    """Every id a score can list: the preset's yaku, then the dora items."""
    assert table(preset) == {**expected, **DORA}


def test_without_aka_no_aka_dora_entry() -> None:
    assert "aka_dora" not in table("standard", aka=False)
    assert {"dora", "ura_dora"} <= set(table("standard", aka=False))


def test_dora_entries_are_kind_dora() -> None:
    kinds = {y.id: y.kind for y in yaku_entries(PRESETS["standard"])}
    assert (kinds["dora"], kinds["riichi"], kinds["kokushi"]) == ("dora", "yaku", "yakuman")


def test_kids_has_no_yaku() -> None:
    assert table("kids") == {}


def test_kuitan_off_makes_tanyao_closed_only() -> None:
    assert table("standard", kuitan=False)["tanyao"] == (1, None, 0)


def test_double_yakuman_off_counts_them_once() -> None:
    t = table("standard", double_yakuman=False)
    assert {k: t[k] for k in ("kokushi_13", "daisuushii", "junsei_chuuren")} == {
        "kokushi_13": (13, None, 1),
        "daisuushii": (13, 13, 1),
        "junsei_chuuren": (13, None, 1),
    }


@pytest.mark.parametrize(("option", "entry"), [("mangan", (5, None, 0)), ("yakuman", (13, None, 1))])
def test_renhou_option_adds_its_entry(option: str, entry: tuple[int, int | None, int]) -> None:
    assert "renhou" not in table("standard")
    assert table("standard", renhou=option)["renhou"] == entry


def test_every_api_yaku_id_has_three_names() -> None:
    assert set(YAKU_NAMES) == set(API_IDS) | set(OPTION_IDS) | {"nukidora"}  # nukidora: three players
    for key, names in YAKU_NAMES.items():
        assert names.en.isascii(), key
        assert CJK.search(names.ja), key
        assert CYRILLIC.search(names.ru), key


def test_catalogue_name_follows_the_language() -> None:
    c = yaku_catalogue([PRESETS["standard"]], "ja")
    riichi = next(y for y in c.presets[0].yaku if y.id == "riichi")
    assert (c.language, riichi.name, riichi.names.ru) == ("ja", "立直", "Риичи")


def test_every_option_is_documented_with_its_type_and_defaults() -> None:
    hand = [f for f in RulesSpec.__struct_fields__ if f != "preset"]
    game = [f for f in GameOptions.__struct_fields__ if f not in hand]
    assert list(OPTIONS) == hand + game
    assert set(OPTION_SECTIONS) == set(OPTIONS)
    catalogue = rules_catalogue()
    by_name = {o.name: o for o in catalogue.options}
    hints = typing.get_type_hints(RulesSpec) | typing.get_type_hints(GameOptions)
    for name in OPTIONS:
        option = by_name[name]
        assert option.rules.startswith("/docs/rules"), name
        assert set(option.defaults) == set(option.sources) == set(PRESETS)
        assert all(source.startswith(("/docs/rules §", "/docs/rulesets §")) for source in option.sources.values()), name
        assert option.meaning == text(f"option.{name}")
        if hints[name] == bool | None:
            assert (option.type, option.values) == ("boolean", None)
    for name in hand:
        assert by_name[name].defaults == {p: getattr(r, name) for p, r in PRESETS.items()}, name
    assert by_name["kazoe"].values == ["yakuman", "sanbaiman", "uncapped"]
    assert by_name["double_wind_pair_fu"].values == [2, 4]
    assert by_name["renhou"].values == ["off", "mangan", "yaku", "yakuman"]
    assert by_name["aka_per_suit"].values == [0, 1, 2, 3, 4]
    assert by_name["yakuman_cap"].values == list(range(11))
    assert (by_name["start_points"].type, by_name["start_points"].maximum) == ("integer", 1_000_000)
    assert (by_name["uma"].type, by_name["uma"].values) == ("list", None)
    assert by_name["pao_yakuman"].values == ["daisangen", "daisuushii", "suukantsu"]
    assert [by_name[n].set_in for n in ("kuitan", "bust", "honba")] == ["rules", "game", "both"]
    # the table's values, one cell each, as RULESETS lists them (/docs/rulesets §6)
    assert by_name["uma"].defaults["tenhou"] == [20000, 10000, -10000, -20000]
    assert by_name["uma"].defaults["mleague"] == [30000, 10000, -10000, -30000]
    assert by_name["start_points"].defaults["wrc"] == 30000
    assert "[TH-mj4]" in by_name["uma"].sources["tenhou"]


@pytest.mark.parametrize(("lang", "script"), [("ru", CYRILLIC), ("ja", CJK)])
def test_option_meanings_and_preset_texts_are_translated(lang: str, script: re.Pattern[str]) -> None:
    catalogue = rules_catalogue(lang)  # type: ignore[arg-type]
    for option in catalogue.options:
        assert script.search(option.meaning), option.name
    for preset in catalogue.presets:
        assert script.search(preset.summary), preset.id
        assert script.search(preset.source), preset.id


@pytest.mark.parametrize(("lang", "script"), [("ru", CYRILLIC), ("ja", CJK)])
def test_yaku_descriptions_are_translated(lang: str, script: re.Pattern[str]) -> None:
    for y in yaku_entries(PRESETS["standard"], lang):  # type: ignore[arg-type]
        assert script.search(y.description), y.id


def test_presets_listed_with_defaults() -> None:
    presets = {p.id: p for p in rules_catalogue().presets}
    assert list(presets) == PRESET_IDS
    assert (presets["standard"].winds, presets["kostarev"].winds, presets["kids"].winds) == (True, False, False)
    assert presets["kids"].scoring == "kids"
    assert presets["standard"].defaults["double_yakuman"] is True


def test_one_preset_has_default_per_option_and_its_yaku() -> None:
    kids = preset_rules("kids")
    # /docs/rules §5: the worked example of the kids' rules is the rule, so the closed-hand +1 is off for riichi wins
    assert {o.name: o.defaults for o in kids.options}["kids_closed_bonus_with_riichi"] == {"kids": False}
    assert all(set(o.defaults) == set(o.sources) == {"kids"} for o in kids.options)
    assert kids.yaku == []
    assert kids.kids_points is not None
    assert {p.id: p.points for p in kids.kids_points} == {
        "base": 1, "riichi": 2, "pon": 1, "kan": 2, "tsumo": 1, "closed_hand": 1, "chiitoitsu": 2,
    }  # fmt: skip
    assert set(preset_rules("kostarev").yaku) == set(KOSTAREV) | set(DORA)


@pytest.mark.parametrize(
    ("header", "language"),
    [
        pytest.param(None, "en", id="none"),
        pytest.param("", "en", id="empty"),
        pytest.param("ru", "ru", id="ru"),
        pytest.param("ru-RU,ru;q=0.9,en;q=0.8", "ru", id="ru-region"),
        pytest.param("en;q=0.5, ja", "ja", id="q-order"),
        pytest.param("de, fr", "en", id="unsupported"),
        pytest.param("*", "en", id="any"),
        pytest.param("ru;q=0, ja;q=0.1", "ja", id="q-zero-excludes"),
        pytest.param("ru;q=abc", "en", id="bad-q"),
    ],
)
def test_accept_language(header: str | None, language: str) -> None:
    assert negotiate_language(header) == language

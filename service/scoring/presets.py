"""Presets as frozen data: named rule options with a default per preset (/docs/rules §3–5).

A request names a preset and may override any option; :func:`resolve_rules` turns that
into a :class:`Rules` value, cached so that no rule object is built per call. Code reads
options by name; nothing branches on a preset's name.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final, Literal

import msgspec

from .model import RulesSpec

__all__ = ["PRESETS", "SOURCES", "Rules", "resolve_rules"]

STANDARD_YAKU = frozenset(
    {
        "riichi",
        "double_riichi",
        "ippatsu",
        "menzen_tsumo",
        "pinfu",
        "tanyao",
        "iipeikou",
        "haku",
        "hatsu",
        "chun",
        "seat_wind",
        "round_wind",
        "haitei",
        "houtei",
        "rinshan",
        "chankan",
        "chiitoitsu",
        "sanshoku",
        "ittsu",
        "chanta",
        "toitoi",
        "sanankou",
        "sanshoku_doukou",
        "sankantsu",
        "shousangen",
        "honroutou",
        "ryanpeikou",
        "junchan",
        "honitsu",
        "chinitsu",
        "renhou",
        "kokushi",
        "kokushi_13",
        "suuankou",
        "suuankou_tanki",
        "daisangen",
        "shousuushii",
        "daisuushii",
        "tsuuiisou",
        "ryuuiisou",
        "chinroutou",
        "chuuren",
        "junsei_chuuren",
        "suukantsu",
        "tenhou",
        "chiihou",
    }
)

KOSTAREV_YAKU = frozenset(
    {
        # seed 001 §3.1.1 (1 han, 2 han, 3–6 han)
        "riichi",
        "menzen_tsumo",
        "pinfu",
        "tanyao",
        "haku",
        "hatsu",
        "chun",
        "iipeikou",
        "chiitoitsu",
        "toitoi",
        "sanankou",
        "sanshoku",
        "ittsu",
        "chanta",
        "ryanpeikou",
        "honitsu",
        "chinitsu",
        # seed 001 §3.1.2 situational
        "haitei",
        "houtei",
        "rinshan",
        "chankan",
        # seed 001 §3.1.4 yakuman
        "suuankou",
        "suuankou_tanki",
        "daisangen",
        "chinroutou",
        "ryuuiisou",
        "chuuren",
        "junsei_chuuren",
        "tenhou",
        "chiihou",
    }
)


class Rules(msgspec.Struct, frozen=True, kw_only=True):
    """The rules one hand is scored under: a preset's defaults with overrides applied.

    The first block are request options (see :class:`~.model.RulesSpec` for meanings);
    the second block is preset data that a request cannot change.
    """

    preset: str
    kuitan: bool
    aka: bool
    double_yakuman: bool
    kazoe: Literal["yakuman", "sanbaiman"]
    kiriage_mangan: bool
    double_wind_pair_fu: Literal[2, 4]
    renhou: Literal["off", "mangan", "yakuman"]
    winds: bool
    ryuuiisou_8s: bool
    kids_closed_bonus_with_riichi: bool
    open_pinfu_fu: Literal[0, 2]
    mangan_cap: bool
    yakuman_cap: int
    aka_per_suit: int
    honba: Literal[0, 300]
    riichi_deposit: Literal[0, 1000]
    # preset data
    yaku: frozenset[str]
    """Yaku ids that exist in this preset (/docs/rules §3, §4)."""
    chanta_needs_run: bool
    """Standard chanta needs a run (/docs/rules §3); kostarev reads chanta literally (§4)."""
    scoring: Literal["han_fu", "kids"]
    """`han_fu`: yaku, han, fu, limits (§3–4); `kids`: points only (§5)."""


STANDARD = Rules(
    preset="standard",
    kuitan=True,
    aka=True,
    double_yakuman=True,
    kazoe="yakuman",
    kiriage_mangan=False,
    double_wind_pair_fu=4,
    renhou="off",
    winds=True,
    ryuuiisou_8s=True,
    kids_closed_bonus_with_riichi=True,
    open_pinfu_fu=2,
    mangan_cap=True,
    yakuman_cap=0,
    aka_per_suit=1,
    honba=300,
    riichi_deposit=1000,
    yaku=STANDARD_YAKU,
    chanta_needs_run=True,
    scoring="han_fu",
)
"""/docs/rules §3 'Defaults in standard'."""

_STANDARD_SOURCES: Final[dict[str, str]] = {
    "kuitan": "/docs/rules §3 (open tanyao on)",
    "aka": "/docs/rules §1, §3 (red fives are aka dora)",
    "double_yakuman": "/docs/rules §3 (double yakuman on)",
    "kazoe": "/docs/rules §3 Limits (13+ han: kazoe yakuman)",
    "kiriage_mangan": "/docs/rules §3 Limits; seed 003 §1 (kiriage mangan off)",
    "double_wind_pair_fu": "/docs/rules §3 Fu; seed 003 §2 (a double wind pair is 4 fu)",
    "renhou": "/docs/rules §3 (renhou off)",
    "winds": "/docs/rules §1 (34 kinds, winds included)",
    "ryuuiisou_8s": "/docs/rules §3 (ryuuiisou: 2, 3, 4, 6, 8 sou and Green)",
    "kids_closed_bonus_with_riichi": "/docs/rules §5 (used by the kids preset only)",
    "open_pinfu_fu": "/docs/rules §3 Fu; seed 003 §2 («за отсутствие любых фу в открытой руке — 2 минипоинта»)",
    "mangan_cap": "/docs/rules §3 Limits; seed 003 §3 (base capped at 2,000)",
    "yakuman_cap": "/docs/rules §3 (several yakuman add up)",
    "aka_per_suit": "/docs/rules §1 (one red five per suit)",
    "honba": "/docs/rules §3 Payments (+300 per honba)",
    "riichi_deposit": "/docs/rules §3 Payments (riichi sticks of 1,000)",
}
"""Where each of ``standard``'s values comes from."""


def _preset(
    base: Rules, base_sources: dict[str, str], preset: str, **changes: tuple[object, str]
) -> tuple[Rules, dict[str, str]]:
    """``base`` with ``changes`` (option or preset-data name → ``(value, source)``) applied, and the sources
    of all its values (an unchanged option keeps ``base``'s source)."""
    rules = msgspec.structs.replace(base, preset=preset, **{name: value for name, (value, _) in changes.items()})
    return rules, {**base_sources, **{name: source for name, (_, source) in changes.items()}}


KOSTAREV, _KOSTAREV_SOURCES = _preset(
    STANDARD,
    _STANDARD_SOURCES,
    "kostarev",
    winds=(False, "/docs/rules §4; seed 001 §1.1 «Ветров у нас нет вообще»"),
    yaku=(KOSTAREV_YAKU, "/docs/rules §4; seed 001 §3.1.1–3.1.4 (the yaku list)"),
    chanta_needs_run=(False, "/docs/rules §4 (chanta without a run: honroutou and junchan are not in the list)"),
    ryuuiisou_8s=(False, "/docs/rules §4; seed 001 §3.1.4 Ryuuiisou «Можно использовать только» 2, 3, 4, 6 sou, 發"),
    open_pinfu_fu=(0, "/docs/rules §4; seed 001 §3.2 (the fu checklist has no +2 for an open hand without fu)"),
    mangan_cap=(False, "/docs/rules §4; seed 001 §3.4 «ЛИМИТЫ (строгие условия)»: 5 han, 4 han 40+ fu, 3 han 70+ fu"),
    yakuman_cap=(2, "/docs/rules §4; seed 001 §3.1.4 «как Yakuman или Double Yakuman»"),
    honba=(0, "/docs/rules §4; seed 001 §3–4 (a hand's value and its payments hold no honba)"),
    riichi_deposit=(0, "/docs/rules §4; seed 001 §3.1.1, §4 (riichi is a yaku; no stick is put on the table)"),
)
"""/docs/rules §4: the family's document (seed 001) where it is deliberate, the standard rules where it is silent."""

KIDS, _KIDS_SOURCES = _preset(
    STANDARD,
    _STANDARD_SOURCES,
    "kids",
    scoring=("kids", "/docs/rules §5; seed 000 «СИСТЕМА ОЧКОВ (ДЕТСКАЯ)»"),
    yaku=(frozenset(), "/docs/rules §5; seed 000 §8 (no han / fu)"),
    aka=(False, "/docs/rules §5; seed 000 §8 «дора» is not used"),
    double_yakuman=(False, "/docs/rules §5 (no yakuman in kids points)"),
    winds=(False, "/docs/rules §5 (no winds by default)"),
    kids_closed_bonus_with_riichi=(
        False,
        "/docs/rules §5; seed 000 «Пример подсчёта»: riichi + 2 pons + tsumo = 2 + 2 + 1 = 5",
    ),
    honba=(0, "/docs/rules §5; seed 000 (points only: nobody pays, no honba)"),
    riichi_deposit=(0, "/docs/rules §5; seed 000 §5 «жетон / монету риичи (если используете)»: no deposit"),
)
"""/docs/rules §5: points only, no dora, no winds by default."""

PRESETS: dict[str, Rules] = {"standard": STANDARD, "kostarev": KOSTAREV, "kids": KIDS}
"""Every preset's defaults (/docs/rules §3 'Defaults in standard', §4, §5); sources in :data:`SOURCES`."""

SOURCES: Final[dict[str, dict[str, str]]] = {
    "standard": _STANDARD_SOURCES,
    "kostarev": _KOSTAREV_SOURCES,
    "kids": _KIDS_SOURCES,
}
"""Per preset, where each option's value comes from (a /docs/rules section and the seed line):
``GET /v1/rules`` lists it beside the default."""

_OPTIONS = tuple(name for name in RulesSpec.__struct_fields__ if name != "preset")


@lru_cache(maxsize=1024)
def resolve_rules(spec: RulesSpec | str) -> Rules:
    """The :class:`Rules` for a preset name or a :class:`~.model.RulesSpec` with overrides.

    Cached on the (frozen, hashable) spec, so repeated requests share one object.
    """
    if isinstance(spec, str):
        return PRESETS[spec]
    base = PRESETS[spec.preset]
    overrides = {name: value for name in _OPTIONS if (value := getattr(spec, name)) is not None}
    return msgspec.structs.replace(base, **overrides) if overrides else base

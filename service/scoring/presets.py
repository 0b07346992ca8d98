"""Presets as frozen data: named rule options with a default per preset (RULES.md §3–5).

A request names a preset and may override any option; :func:`resolve_rules` turns that
into a :class:`Rules` value, cached so that no rule object is built per call. Code reads
options by name; nothing branches on a preset's name.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

import msgspec

from .model import RulesSpec

__all__ = ["PRESETS", "Rules", "resolve_rules"]

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
    # preset data
    yaku: frozenset[str]
    """Yaku ids that exist in this preset (RULES.md §3, §4)."""
    chanta_needs_run: bool
    """Standard chanta needs a run (RULES.md §3); kostarev reads chanta literally (§4)."""
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
    yaku=STANDARD_YAKU,
    chanta_needs_run=True,
    scoring="han_fu",
)
"""RULES.md §3 'Defaults in standard'."""

PRESETS: dict[str, Rules] = {
    "standard": STANDARD,
    # RULES.md §4: the same engine without winds, its own yaku list, chanta read literally.
    "kostarev": msgspec.structs.replace(
        STANDARD, preset="kostarev", winds=False, yaku=KOSTAREV_YAKU, chanta_needs_run=False
    ),
    # RULES.md §5: points only, no dora, no winds by default.
    "kids": msgspec.structs.replace(
        STANDARD, preset="kids", aka=False, double_yakuman=False, winds=False, yaku=frozenset(), scoring="kids"
    ),
}
"""Every preset's defaults (RULES.md §3 'Defaults in standard', §4, §5)."""

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

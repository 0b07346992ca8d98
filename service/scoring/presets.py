"""Rule worlds as frozen data: every preset's options, hand scoring and game rules, with sources.

The one home of the presets is ``presets.toml`` beside this module: one section a preset,
one line an option, ``option = [value, "source"]`` (/docs/rules §3–6, /docs/rulesets). This
module reads it once at import: :data:`PRESETS` holds each preset's hand rules as a
:class:`Rules`, :data:`GAME_DEFAULTS` its game rules (the values ``service.game`` builds its
``GameRules`` from), :data:`SOURCES` the source of every value. A request names a preset
and may override any option; :func:`resolve_rules` turns that into a :class:`Rules` value,
cached so that no rule object is built per call. Code reads options by name; nothing
branches on a preset's name, and adding a preset is adding a section to the table.
"""

from __future__ import annotations

import tomllib
from functools import lru_cache
from importlib import resources
from typing import Any, Final, Literal

import msgspec

from service.i18n import refusal

from .model import FieldError, InvalidHand, RulesSpec

__all__ = ["GAME_DEFAULTS", "PRESETS", "SOURCES", "Rules", "conflicts", "resolve_rules"]

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
        # Kostarev rules §3.1.1 (1 han, 2 han, 3–6 han)
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
        # Kostarev rules §3.1.2 situational
        "haitei",
        "houtei",
        "rinshan",
        "chankan",
        # Kostarev rules §3.1.4 yakuman
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
    aka_per_suit: int
    double_yakuman: bool
    kazoe: Literal["yakuman", "sanbaiman", "uncapped"]
    kiriage_mangan: bool
    mangan_cap: bool
    yakuman_cap: int
    double_wind_pair_fu: Literal[2, 4]
    open_pinfu_fu: Literal[0, 2]
    pinfu_tsumo_fu: Literal[0, 2]
    renhou: Literal["off", "mangan", "yaku", "yakuman"]
    winds: bool
    ryuuiisou_8s: bool
    kids_closed_bonus_with_riichi: bool
    open_kan_dora: Literal["immediate", "after_discard"]
    daisharin: bool
    daisharin_other_suits: bool
    daichisei: bool
    open_riichi: bool
    sashikomi_yakuman: bool
    paarenchan: Literal["off", "needs_yaku", "always"]
    aotenjou: bool
    nagashi_mangan: bool
    honba: Literal[0, 200, 300]
    riichi_deposit: Literal[0, 1000]
    players: Literal[3, 4]
    nukidora: bool
    sanma_tsumo: Literal["loss", "bisection"]
    # preset data
    yaku: frozenset[str]
    """Yaku ids that exist in this preset (/docs/rules §3, §4)."""
    chanta_needs_run: bool
    """Standard chanta needs a run (/docs/rules §3); kostarev reads chanta literally (§4)."""
    scoring: Literal["han_fu", "kids"]
    """`han_fu`: yaku, han, fu, limits (§3–4); `kids`: points only (§5)."""


YAKU_SETS: Final[dict[str, frozenset[str]]] = {
    "standard": STANDARD_YAKU,
    "kostarev": KOSTAREV_YAKU,
    "none": frozenset(),
}
"""The yaku lists a preset's ``yaku`` line names."""

HAND_OPTIONS: Final = tuple(name for name in Rules.__struct_fields__ if name != "preset")
"""Every name of :class:`Rules` a preset's section sets (options and preset data)."""


SHARED_OPTIONS: Final = ("nagashi_mangan", "honba", "riichi_deposit", "players", "sanma_tsumo")
"""Options of both the hand (a score's payments, nagashi on ``/v1/score``) and the game (settle)."""


def _load(
    table: dict[str, dict[str, list[Any]]],
) -> tuple[dict[str, Rules], dict[str, dict[str, Any]], dict[str, dict[str, str]]]:
    """``presets.toml`` → (hand rules, game values, sources) per preset.

    Raises ``msgspec.ValidationError`` (at import) naming a value of the wrong type, and
    ``ValueError`` for a line that is not ``[value, source]`` or a yaku list that does not exist.
    """
    rules: dict[str, Rules] = {}
    game: dict[str, dict[str, Any]] = {}
    sources: dict[str, dict[str, str]] = {}
    for preset, section in table.items():
        values: dict[str, Any] = {}
        sources[preset] = {}
        for name, cell in section.items():
            if not (isinstance(cell, list) and len(cell) == 2 and isinstance(cell[1], str)):
                raise ValueError(f"presets.toml [{preset}] {name}: expected [value, source], got {cell!r}")
            values[name], sources[preset][name] = cell
        values["yaku"] = YAKU_SETS[values["yaku"]]
        hand = {name: values.pop(name) for name in HAND_OPTIONS if name in values}
        for name in SHARED_OPTIONS:  # hand options the game rules read too
            values[name] = hand[name]
        rules[preset] = msgspec.convert({"preset": preset, **hand}, Rules)
        game[preset] = values
    return rules, game, sources


PRESETS: dict[str, Rules]
"""Every preset's hand rules (/docs/rules §3–5, /docs/rulesets), in table order."""
GAME_DEFAULTS: dict[str, dict[str, Any]]
"""Every preset's game rules as plain values (``service.game.options`` builds ``GameRules`` from them)."""
SOURCES: dict[str, dict[str, str]]
"""Per preset, where each value comes from (a /docs/rules or /docs/rulesets section and its source
keys): ``GET /v1/rules`` lists it beside the default."""
PRESETS, GAME_DEFAULTS, SOURCES = _load(
    tomllib.loads(resources.files(__package__).joinpath("presets.toml").read_text(encoding="utf-8"))
)

_OPTIONS = tuple(name for name in RulesSpec.__struct_fields__ if name != "preset")


@lru_cache(maxsize=1024)
def resolve_rules(spec: RulesSpec | str) -> Rules:
    """The :class:`Rules` for a preset name or a :class:`~.model.RulesSpec` with overrides.

    Cached on the (frozen, hashable) spec, so repeated requests share one object. Raises
    :class:`~.model.InvalidHand` (HTTP 422) naming the options that contradict each other
    (:func:`conflicts`).
    """
    if isinstance(spec, str):
        return PRESETS[spec]
    base = PRESETS[spec.preset]
    overrides = {name: value for name in _OPTIONS if (value := getattr(spec, name)) is not None}
    if not overrides:
        return base
    rules = msgspec.structs.replace(base, **overrides)
    if errors := conflicts(rules, overrides):
        raise InvalidHand(errors)
    return rules


def conflicts(rules: Rules, overrides: dict[str, object]) -> list[FieldError]:
    """Options a request set (``overrides``) that contradict the other options of ``rules``, each naming
    the option set (``rules.<name>``): ``aka`` on where ``aka_per_suit`` is 0 (no red fives to count),
    ``sashikomi_yakuman`` on without ``open_riichi`` (it is a ron of an open riichi), a ``honba`` that is
    not 100 from each payer for the table's ``players`` (300 for four, 200 for three).

    >>> conflicts(msgspec.structs.replace(PRESETS["wrc"], aka=True), {"aka": True})[0].field
    'rules.aka'
    >>> conflicts(msgspec.structs.replace(PRESETS["standard"], aka_per_suit=0), {"aka_per_suit": 0})
    []
    >>> conflicts(msgspec.structs.replace(PRESETS["standard"], players=3), {"players": 3})[0].field
    'rules.players'
    """
    errors = []
    if overrides.get("aka") is True and rules.aka_per_suit == 0:
        errors.append(FieldError("rules.aka", refusal("refusal.aka_without_reds")))
    if overrides.get("sashikomi_yakuman") is True and not rules.open_riichi:
        errors.append(FieldError("rules.sashikomi_yakuman", refusal("refusal.sashikomi_needs_open_riichi")))
    per_honba = (rules.players - 1) * 100  # 100 from each payer of a tsumo (/docs/rulesets §4, §7 Honba)
    if ("players" in overrides or "honba" in overrides) and rules.honba not in (0, per_honba):
        field = "rules.honba" if "honba" in overrides else "rules.players"
        errors.append(
            FieldError(
                field,
                refusal(
                    "refusal.honba_per_payer",
                    players=rules.players,
                    payers=rules.players - 1,
                    per_honba=per_honba,
                    honba=rules.honba,
                ),
            )
        )
    return errors

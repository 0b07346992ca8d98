"""The rules catalogue: presets, every rule option, and the yaku per preset with names (/docs/rules).

Serves ``GET /v1/rules``, ``GET /v1/rules/{preset}`` and ``GET /v1/yaku`` (/docs/endpoints).
Nothing here decides a rule: option types come from :class:`~.model.RulesSpec`, defaults
and their sources from :data:`~.presets.PRESETS` and :data:`~.presets.SOURCES`, han and
yakuman multiples from :data:`~.yaku.REGISTRY` via :func:`~.yaku.active_yaku`. The words
(option meanings, preset summaries and sources, yaku names and descriptions, in en / ja / ru)
come from the catalogues of :mod:`service.i18n`.
"""

from __future__ import annotations

import typing
from functools import lru_cache
from typing import ClassVar, Final, Literal, NamedTuple

import msgspec

from service.i18n import LANGUAGES, Language, negotiate_language, text

from .kids import KIDS_POINTS
from .model import GameOptions, RulesSpec
from .names import kids_name, yaku_name
from .presets import GAME_DEFAULTS, PRESETS, SOURCES, Rules
from .yaku import REGISTRY, Yaku, active_yaku

__all__ = [
    "DORA_IDS",
    "LANGUAGES",
    "OPTION_SECTIONS",
    "YAKU_NAMES",
    "BooleanOption",
    "EnumOption",
    "IntegerOption",
    "Language",
    "ListOption",
    "OptionInfo",
    "PresetInfo",
    "PresetRules",
    "RulesCatalogue",
    "YakuCatalogue",
    "YakuEntry",
    "YakuNames",
    "negotiate_language",
    "preset_rules",
    "rules_catalogue",
    "yaku_catalogue",
]

OptionValue = bool | int | str | list[str | int]


class YakuNames(msgspec.Struct, frozen=True, kw_only=True):
    """A yaku's name in English (`en`, with the romaji), Japanese (`ja`) and Russian (`ru`)."""

    en: str
    """The name in English, with the romaji (`Riichi`)."""
    ja: str
    """The name in Japanese (`立直`)."""
    ru: str
    """The name in Russian (`Риичи`)."""


DORA_IDS: Final = ("dora", "ura_dora", "aka_dora", "nukidora")
"""The ids of the dora items a score lists beside its yaku (as `GET /v1/yaku` lists them)."""

YAKU_NAMES: Final[dict[str, YakuNames]] = {
    id_: YakuNames(en=yaku_name(id_, "en"), ja=yaku_name(id_, "ja"), ru=yaku_name(id_, "ru"))
    for id_ in dict.fromkeys([*(y.id for y in REGISTRY.values()), *DORA_IDS])
}
"""Names of every id a score can list (yaku, yakuman and the dora items), in en / ja / ru."""


OPTION_SECTIONS: Final[dict[str, str]] = {
    "kuitan": "/docs/rules §3; /docs/rulesets §2",
    "aka": "/docs/rules §1, §3; /docs/rulesets §1",
    "aka_per_suit": "/docs/rules §1; /docs/rulesets §1",
    "double_yakuman": "/docs/rules §3; /docs/rulesets §3",
    "kazoe": "/docs/rules §3 Limits; /docs/rulesets §3",
    "kiriage_mangan": "/docs/rules §3 Limits; /docs/rulesets §3",
    "mangan_cap": "/docs/rules §3 Limits, §4",
    "yakuman_cap": "/docs/rules §3, §4; /docs/rulesets §3",
    "double_wind_pair_fu": "/docs/rules §3 Fu; /docs/rulesets §2",
    "open_pinfu_fu": "/docs/rules §3 Fu, §4; /docs/rulesets §2, §8",
    "pinfu_tsumo_fu": "/docs/rulesets §2, §8",
    "renhou": "/docs/rules §3; /docs/rulesets §2",
    "winds": "/docs/rules §1",
    "ryuuiisou_8s": "/docs/rules §3, §4",
    "kids_closed_bonus_with_riichi": "/docs/rules §5",
    "open_kan_dora": "/docs/rulesets §1",
    "daisharin": "/docs/rulesets §8",
    "daisharin_other_suits": "/docs/rulesets §8",
    "daichisei": "/docs/rulesets §8",
    "open_riichi": "/docs/rulesets §8",
    "sashikomi_yakuman": "/docs/rulesets §8",
    "paarenchan": "/docs/rulesets §8",
    "aotenjou": "/docs/rulesets §8",
    "nagashi_mangan": "/docs/rules §6; /docs/rulesets §2, §4",
    "honba": "/docs/rules §3 Payments, §4; /docs/rulesets §4",
    "riichi_deposit": "/docs/rules §3, §4; /docs/rulesets §4",
    "players": "/docs/rules §1; /docs/rulesets §7",
    "nukidora": "/docs/rulesets §7",
    "sanma_tsumo": "/docs/rulesets §7",
    "start_points": "/docs/rules §6; /docs/rulesets §6",
    "return_points": "/docs/rules §6; /docs/rulesets §6",
    "uma": "/docs/rules §6; /docs/rulesets §6",
    "final_rounding": "/docs/rulesets §6",
    "ties": "/docs/rulesets §6",
    "leftover_sticks": "/docs/rules §6; /docs/rulesets §6",
    "bust": "/docs/rules §4, §6; /docs/rulesets §6",
    "multiple_ron": "/docs/rules §6; /docs/rulesets §4",
    "multi_ron_sticks": "/docs/rulesets §4",
    "pao": "/docs/rules §6; /docs/rulesets §4",
    "pao_yakuman": "/docs/rulesets §4",
    "pao_scope": "/docs/rulesets §4",
    "pao_ron_honba": "/docs/rulesets §4",
    "noten_payment": "/docs/rules §6; /docs/rulesets §5",
    "abortive_draws": "/docs/rulesets §5",
    "chombo": "/docs/rulesets §6",
    "chombo_points": "/docs/rulesets §6",
    "length": "/docs/rulesets §6",
    "extension": "/docs/rulesets §6",
    "extension_points": "/docs/rulesets §6",
    "agari_yame": "/docs/rulesets §6",
    "tenpai_yame": "/docs/rulesets §6",
    "target": "/docs/rules §5, §6",
    "riichi_needs_points_and_draw": "/docs/rulesets §4, §7; /docs/logs §Bad logs",
}
"""The documentation sections of every rule option (hand and game); its meaning is the catalogue entry
``option.<name>`` (:mod:`service.i18n`)."""


# --- options and presets -------------------------------------------------------------------


class _Option(msgspec.Struct, frozen=True, kw_only=True, tag_field="type"):
    """What every rule option says, whatever its kind (the variants of :data:`OptionInfo`)."""

    name: str
    """The option's name, as a property of `rules` or `game` in a request."""
    set_in: Literal["rules", "game", "both"]
    """The request object that takes it: `rules`, `game`, or `both`."""
    meaning: str
    """What the option means, in the answer's language."""
    rules: str
    """The documentation sections that define it, e.g. `/docs/rules §3 Limits`."""
    sources: dict[str, str]
    """Where each preset's default comes from (a rule book, a site's rules), keyed by preset id."""


class BooleanOption(_Option, frozen=True, kw_only=True, tag="boolean"):
    """A rule option that is on or off (`type` `boolean`)."""

    type: ClassVar[str] = "boolean"
    values: list[str | int] | None = None
    """Always null: a boolean option lists no values."""
    minimum: int | None = None
    """Always null (only an `integer` option has one)."""
    maximum: int | None = None
    """Always null (only an `integer` option has one)."""
    defaults: dict[str, bool]
    """Its default in each preset, keyed by preset id."""


class EnumOption(_Option, frozen=True, kw_only=True, tag="enum"):
    """A rule option that takes one of `values` (`type` `enum`): words, or a few numbers."""

    type: ClassVar[str] = "enum"
    values: list[str | int]
    """The values it takes."""
    minimum: int | None = None
    """Always null (only an `integer` option has one)."""
    maximum: int | None = None
    """Always null (only an `integer` option has one)."""
    defaults: dict[str, str | int]
    """Its default in each preset (one of `values`), keyed by preset id."""


class IntegerOption(_Option, frozen=True, kw_only=True, tag="integer"):
    """A rule option that takes a whole number between `minimum` and `maximum` (`type` `integer`), in points."""

    type: ClassVar[str] = "integer"
    values: list[str | int] | None = None
    """Always null: an integer option is bounded by `minimum` and `maximum` instead."""
    minimum: int
    """The smallest value it takes."""
    maximum: int
    """The largest value it takes."""
    defaults: dict[str, int]
    """Its default in each preset, keyed by preset id."""


class ListOption(_Option, frozen=True, kw_only=True, tag="list"):
    """A rule option that takes a list (`type` `list`): of some of `values`, or of integers (points, one per
    placing) when `values` is null."""

    type: ClassVar[str] = "list"
    values: list[str] | None = None
    """The values its items may take; null: its items are integers."""
    minimum: int | None = None
    """Always null (only an `integer` option has one)."""
    maximum: int | None = None
    """Always null (only an `integer` option has one)."""
    defaults: dict[str, list[str | int]]
    """Its default in each preset, keyed by preset id."""


OptionInfo = BooleanOption | EnumOption | IntegerOption | ListOption
"""One rule option, tagged by `type`: `boolean`, `enum` (one of `values`), `integer` (between `minimum` and
`maximum`) or `list` (of `values`, or of integers when `values` is null); `set_in`: the request object that
takes it (`rules`, `game`, or `both`); `meaning` (in the answer's language), `rules` (the documentation
sections), and per preset its default and where that default comes from: `defaults` and `sources`, keyed by
preset id. `GET /v1/rules` lists every preset, `GET /v1/rules/{preset}` the one asked for, in the same shape."""


class PresetInfo(msgspec.Struct, frozen=True, kw_only=True):
    """A preset: `id`, `source` (the rule document it follows), `summary` (both in the answer's language), whether it
    has `winds`, its `scoring` (`han_fu` or `kids` points), and its default for every option."""

    id: str
    """The preset's id, the value of `rules` or `rules.preset` in a request."""
    source: str
    """Which rule set the preset follows, in the answer's language."""
    summary: str
    """One sentence about the preset, in the answer's language."""
    winds: bool
    """Whether the preset has wind tiles (option `winds`)."""
    scoring: Literal["han_fu", "kids"]
    """How the preset scores: `han_fu` (han, fu and points) or `kids` (kids points)."""
    defaults: dict[str, OptionValue]
    """The preset's value of every option, keyed by option name."""


class RulesCatalogue(msgspec.Struct, frozen=True, kw_only=True):
    """`GET /v1/rules`: every preset and every option with its default per preset; texts in `language`."""

    language: Language
    """The language of the texts (`Content-Language`)."""
    presets: list[PresetInfo]
    """Every preset."""
    options: list[OptionInfo]
    """Every rule option, with its default per preset."""


class KidsPoints(msgspec.Struct, frozen=True, kw_only=True):
    """One kids-preset points item (/docs/rules §5): `id` as in a score's `points_breakdown`, `points`, `name`."""

    id: str
    """The item's id, as in a score's `points_breakdown`."""
    points: int
    """The kids points the item is worth."""
    name: str
    """The item's name in the answer's language."""


class PresetRules(msgspec.Struct, frozen=True, kw_only=True):
    """`GET /v1/rules/{preset}`: the preset, its options (the shape of `GET /v1/rules`, one preset),
    its yaku ids, and (kids) the points items."""

    language: Language
    """The language of the texts (`Content-Language`)."""
    preset: PresetInfo
    """The preset."""
    options: list[OptionInfo]
    """Every rule option with this preset's default."""
    yaku: list[str]
    """The ids of the yaku and yakuman this preset scores."""
    kids_points: list[KidsPoints] | None = None
    """The kids points items (the `kids` preset); null for the others."""


def _active(rules: Rules) -> list[Yaku]:
    """The registry entries ``rules`` uses (ordinary and yakuman), in registry order."""
    keys = {y.key for group in active_yaku(rules) for y in group}
    return [y for key, y in REGISTRY.items() if key in keys]


class _OptionType(NamedTuple):
    kind: Literal["boolean", "enum", "integer", "list"]
    values: list[OptionValue] | None = None
    minimum: int | None = None
    maximum: int | None = None


ENUM_RANGE_LIMIT: Final = 10
"""An int option with at most this many values is listed as an `enum` of them; a wider one is an `integer`."""


def _option_type(name: str) -> _OptionType:
    """Option type read from its :class:`RulesSpec` or :class:`GameOptions` annotation."""
    owner = RulesSpec if name in RulesSpec.__struct_fields__ else GameOptions
    hint = typing.get_type_hints(owner, include_extras=True)[name]
    (arg,) = [a for a in typing.get_args(hint) if a is not type(None)]
    if arg is bool:
        return _OptionType("boolean")
    if typing.get_origin(arg) is typing.Annotated:
        inner, meta = typing.get_args(arg)[0], arg.__metadata__[0]
        if typing.get_origin(inner) is list:
            (item,) = typing.get_args(inner)
            if typing.get_origin(item) is Literal:
                return _OptionType("list", list(typing.get_args(item)))
            return _OptionType("list")
        if meta.le - meta.ge <= ENUM_RANGE_LIMIT:
            return _OptionType("enum", list(range(meta.ge, meta.le + 1)))
        return _OptionType("integer", minimum=meta.ge, maximum=meta.le)
    return _OptionType("enum", list(typing.get_args(arg)))


OPTIONS: Final[tuple[str, ...]] = tuple(
    dict.fromkeys([*(n for n in RulesSpec.__struct_fields__ if n != "preset"), *GameOptions.__struct_fields__])
)
"""Every rule option: :class:`RulesSpec`'s (hand), then :class:`GameOptions`' (game)."""


def _set_in(name: str) -> Literal["rules", "game", "both"]:
    hand, game = name in RulesSpec.__struct_fields__, name in GameOptions.__struct_fields__
    return "both" if hand and game else "rules" if hand else "game"


def _default(preset: str, name: str) -> OptionValue:
    """A preset's value of option ``name`` as JSON data (lists for the set- and tuple-valued ones)."""
    value = getattr(PRESETS[preset], name) if name in RulesSpec.__struct_fields__ else GAME_DEFAULTS[preset][name]
    return value if isinstance(value, bool | int | str) else list(value)


def _preset_info(rules: Rules, lang: Language) -> PresetInfo:
    return PresetInfo(
        id=rules.preset,
        source=text(f"preset.{rules.preset}.source", lang),
        summary=text(f"preset.{rules.preset}.summary", lang),
        winds=rules.winds,
        scoring=rules.scoring,
        defaults={name: _default(rules.preset, name) for name in OPTIONS},
    )


def _option(name: str, lang: Language, presets: list[Rules]) -> OptionInfo:
    kind = _option_type(name)
    defaults: dict[str, typing.Any] = {r.preset: _default(r.preset, name) for r in presets}
    shape: type[OptionInfo]
    extra: dict[str, typing.Any] = {}
    if kind.kind == "boolean":
        shape = BooleanOption
    elif kind.kind == "enum":
        shape, extra = EnumOption, {"values": kind.values}
    elif kind.kind == "integer":
        shape, extra = IntegerOption, {"minimum": kind.minimum, "maximum": kind.maximum}
    else:
        shape, extra = ListOption, {"values": kind.values}
    return shape(
        name=name,
        set_in=_set_in(name),
        meaning=text(f"option.{name}", lang),
        rules=OPTION_SECTIONS[name],
        sources={r.preset: SOURCES[r.preset][name] for r in presets},
        defaults=defaults,
        **extra,
    )


@lru_cache(maxsize=64)  # pure function of its arguments; answers are shared, read-only
def rules_catalogue(lang: Language = "en") -> RulesCatalogue:
    """Every preset and option (`GET /v1/rules`), texts in ``lang``.

    >>> c = rules_catalogue()
    >>> [p.id for p in c.presets][-3:], c.options[0].name, all(c.options[0].defaults.values())
    (['mleague', 'tenhou_sanma', 'majsoul_sanma'], 'kuitan', True)
    """
    presets = list(PRESETS.values())
    return RulesCatalogue(
        language=lang,
        presets=[_preset_info(r, lang) for r in presets],
        options=[_option(name, lang, presets) for name in OPTIONS],
    )


@lru_cache(maxsize=64)  # pure function of its arguments; answers are shared, read-only
def preset_rules(preset: str, lang: Language = "en") -> PresetRules:
    """One preset's rules (`GET /v1/rules/{preset}`). Raises ``KeyError`` for an unknown preset.

    >>> o = {o.name: o for o in preset_rules("kostarev").options}["mangan_cap"]
    >>> o.defaults, o.sources["kostarev"][:33]
    ({'kostarev': False}, '/docs/rules §4; Kostarev rules §3')
    """
    rules = PRESETS[preset]
    return PresetRules(
        language=lang,
        preset=_preset_info(rules, lang),
        options=[_option(name, lang, [rules]) for name in OPTIONS],
        yaku=[y.id for y in _active(rules)] + _dora_ids(rules),
        kids_points=[KidsPoints(id=k, points=v, name=kids_name(k, lang)) for k, v in KIDS_POINTS.items()]
        if rules.scoring == "kids"
        else None,
    )


# --- yaku --------------------------------------------------------------------------------


class YakuEntry(msgspec.Struct, frozen=True, kw_only=True):
    """One yaku of a preset (`GET /v1/yaku`), or one of the dora items a score lists beside them.

    `kind`: `yaku`, `yakuman` or `dora` (`dora`, `ura_dora`, `aka_dora`: 1 han per tile, never a
    yaku). `name` in the negotiated language, `names` in all three. `han_closed` / `han_open`: han
    in a closed / open hand, `han_open` null = closed only; a yakuman carries 13 × its multiple in
    both and `yakuman` is the multiple (0 for ordinary yaku; a double yakuman counts 1 when option
    `double_yakuman` is off). `replaces`: ids it supersedes. `description`: one sentence in the
    negotiated language.
    """

    id: str
    """The yaku's id, as in a score's `yaku` (open: a new id may be added within /v1)."""
    kind: Literal["yaku", "yakuman", "dora"]
    """`yaku`, `yakuman`, or `dora` (`dora`, `ura_dora`, `aka_dora`, `nukidora`: 1 han per tile, never a yaku)."""
    name: str
    """The name in the answer's language."""
    names: YakuNames
    """The name in every language."""
    han_closed: int
    """Han in a closed hand (13 × the multiple for a yakuman)."""
    han_open: int | None
    """Han in an open hand; null: closed only."""
    yakuman: int
    """The yakuman multiple; 0 for an ordinary yaku or dora."""
    replaces: list[str]
    """The ids of the yaku it supersedes when both apply (e.g. `ryanpeikou` replaces `iipeikou`)."""
    description: str
    """One sentence describing it, in the answer's language."""


class PresetYaku(msgspec.Struct, frozen=True, kw_only=True):
    """The yaku of one preset under its rule options."""

    preset: str
    """The preset's id."""
    yaku: list[YakuEntry]
    """Its yaku, yakuman and dora items under its options."""


class YakuCatalogue(msgspec.Struct, frozen=True, kw_only=True):
    """`GET /v1/yaku`: the yaku catalogue per preset, names in `language` (en / ja / ru)."""

    language: Language
    """The language of the names and descriptions (`Content-Language`)."""
    presets: list[PresetYaku]
    """The catalogue per preset (one when `preset` was asked for)."""


def _dora_ids(rules: Rules) -> list[str]:
    """The dora items a score under ``rules`` can list: none for kids points, ``aka_dora`` with option ``aka``,
    ``nukidora`` with option ``nukidora`` and three players."""
    if rules.scoring != "han_fu":
        return []
    nukidora = rules.nukidora and rules.players == 3
    return ["dora", "ura_dora", *(["aka_dora"] if rules.aka else []), *(["nukidora"] if nukidora else [])]


@lru_cache(maxsize=64)  # pure function of its arguments; answers are shared, read-only
def yaku_entries(rules: Rules, lang: Language = "en") -> list[YakuEntry]:
    """Every id a score under ``rules`` can list, in registry order, then the dora items.

    Option ``kuitan`` off makes tanyao closed-only; option ``double_yakuman`` off makes
    every double yakuman count once; option ``renhou`` picks the 5-han or yakuman entry.
    """
    out = []
    for y in _active(rules):
        multiple = y.yakuman if (rules.double_yakuman or not y.double) else min(y.yakuman, 1)
        han_closed = 13 * multiple if multiple else y.han_closed
        if multiple:
            han_open = 13 * multiple if y.han_open is not None else None
        elif y.id == "tanyao" and not rules.kuitan:
            han_open = None
        else:
            han_open = y.han_open
        out.append(
            _entry(y.id, "yakuman" if multiple else "yaku", han_closed, han_open, multiple, list(y.replaces), lang)
        )
    out += [_entry(id_, "dora", 1, 1, 0, [], lang) for id_ in _dora_ids(rules)]
    return out


def _entry(
    id_: str,
    kind: Literal["yaku", "yakuman", "dora"],
    han_closed: int,
    han_open: int | None,
    yakuman: int,
    replaces: list[str],
    lang: Language,
) -> YakuEntry:
    names = YAKU_NAMES[id_]
    return YakuEntry(
        id=id_,
        kind=kind,
        name=getattr(names, lang),
        names=names,
        han_closed=han_closed,
        han_open=han_open,
        yakuman=yakuman,
        replaces=replaces,
        description=text(f"yaku.{id_}.description", lang),
    )


def yaku_catalogue(presets: list[Rules], lang: Language = "en") -> YakuCatalogue:
    """`GET /v1/yaku` for the given rule sets (one per preset asked for).

    >>> from .presets import PRESETS
    >>> c = yaku_catalogue([PRESETS["kostarev"]], "ru")
    >>> [(y.id, y.name, y.han_closed, y.han_open) for y in c.presets[0].yaku if y.id in ("chanta", "pinfu")]
    [('pinfu', 'Пинфу', 1, None), ('chanta', 'Чанта', 2, 1)]
    """
    return YakuCatalogue(
        language=lang, presets=[PresetYaku(preset=r.preset, yaku=yaku_entries(r, lang)) for r in presets]
    )

"""The rules catalogue: presets, every rule option, and the yaku per preset with names (RULES.md).

Serves ``GET /v1/rules``, ``GET /v1/rules/{preset}`` and ``GET /v1/yaku`` (../shared/API.md).
Nothing here decides a rule: option types come from :class:`~.model.RulesSpec`, defaults
from :data:`~.presets.PRESETS`, han and yakuman multiples from :data:`~.yaku.REGISTRY` via
:func:`~.yaku.active_yaku`. This module adds the words: option meanings (English and
Russian) and yaku names in English, Japanese and Russian (:data:`YAKU_NAMES`, which also
names the ``dora``, ``ura_dora`` and ``aka_dora`` items of a score).
"""

from __future__ import annotations

import ast
import typing
from functools import lru_cache
from importlib import resources
from typing import Final, Literal

import msgspec

from .kids import KIDS_POINTS
from .model import RulesSpec
from .presets import PRESETS, Rules
from .yaku import REGISTRY, Yaku, active_yaku

__all__ = [
    "LANGUAGES",
    "OPTION_DOCS",
    "PRESET_DOCS",
    "YAKU_NAMES",
    "Language",
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

Language = Literal["en", "ja", "ru"]
LANGUAGES: Final[tuple[Language, ...]] = ("en", "ja", "ru")
OptionValue = bool | int | str


class YakuNames(msgspec.Struct, frozen=True, kw_only=True):
    """A yaku's name in English (`en`, with the romaji), Japanese (`ja`) and Russian (`ru`)."""

    en: str
    ja: str
    ru: str


def _n(en: str, ja: str, ru: str) -> YakuNames:
    return YakuNames(en=en, ja=ja, ru=ru)


YAKU_NAMES: Final[dict[str, YakuNames]] = {
    "riichi": _n("Riichi", "立直", "Риичи"),
    "double_riichi": _n("Double riichi", "ダブル立直", "Дабл риичи"),
    "ippatsu": _n("Ippatsu", "一発", "Иппацу"),
    "menzen_tsumo": _n("Fully concealed hand (menzen tsumo)", "門前清自摸和", "Мензен цумо"),
    "pinfu": _n("Pinfu", "平和", "Пинфу"),
    "tanyao": _n("All simples (tanyao)", "断幺九", "Таняо"),
    "iipeikou": _n("Pure double sequence (iipeikou)", "一盃口", "Иипейко"),
    "haku": _n("White dragon (haku)", "役牌 白", "Якухай: белый дракон (хаку)"),
    "hatsu": _n("Green dragon (hatsu)", "役牌 發", "Якухай: зелёный дракон (хацу)"),
    "chun": _n("Red dragon (chun)", "役牌 中", "Якухай: красный дракон (чун)"),
    "seat_wind": _n("Seat wind", "自風牌", "Якухай: ветер места"),
    "round_wind": _n("Round wind", "場風牌", "Якухай: ветер раунда"),
    "haitei": _n("Win on the last tile (haitei)", "海底摸月", "Хайтей"),
    "houtei": _n("Win on the last discard (houtei)", "河底撈魚", "Хотей"),
    "rinshan": _n("After a kan (rinshan kaihou)", "嶺上開花", "Ринщан кайхо"),
    "chankan": _n("Robbing a kan (chankan)", "搶槓", "Чанкан"),
    "chiitoitsu": _n("Seven pairs (chiitoitsu)", "七対子", "Чиитойцу (семь пар)"),
    "sanshoku": _n("Mixed triple sequence (sanshoku doujun)", "三色同順", "Саншоку додзюн"),
    "ittsu": _n("Pure straight (ittsu)", "一気通貫", "Иццу"),
    "chanta": _n("Half outside hand (chanta)", "混全帯幺九", "Чанта"),
    "toitoi": _n("All triplets (toitoi)", "対々和", "Тойтой"),
    "sanankou": _n("Three concealed triplets (sanankou)", "三暗刻", "Сананко"),
    "sanshoku_doukou": _n("Triple triplets (sanshoku doukou)", "三色同刻", "Саншоку доко"),
    "sankantsu": _n("Three kans (sankantsu)", "三槓子", "Санканцу"),
    "shousangen": _n("Little three dragons (shousangen)", "小三元", "Сёсанген"),
    "honroutou": _n("All terminals and honours (honroutou)", "混老頭", "Хонрото"),
    "ryanpeikou": _n("Twice pure double sequence (ryanpeikou)", "二盃口", "Рянпейко"),
    "junchan": _n("Fully outside hand (junchan)", "純全帯幺九", "Джунчан"),
    "honitsu": _n("Half flush (honitsu)", "混一色", "Хоницу"),
    "chinitsu": _n("Full flush (chinitsu)", "清一色", "Чиницу"),
    "renhou": _n("Blessing of man (renhou)", "人和", "Ренхо"),
    "dora": _n("Dora", "ドラ", "Дора"),
    "ura_dora": _n("Ura dora", "裏ドラ", "Ура-дора"),
    "aka_dora": _n("Red fives (aka dora)", "赤ドラ", "Ака-дора (красные пятёрки)"),
    "kokushi": _n("Thirteen orphans (kokushi musou)", "国士無双", "Кокуши мусо"),
    "kokushi_13": _n("Thirteen orphans, 13-sided wait", "国士無双十三面待ち", "Кокуши мусо с ожиданием на 13 сторон"),
    "suuankou": _n("Four concealed triplets (suuankou)", "四暗刻", "Сууанко"),
    "suuankou_tanki": _n("Four concealed triplets, pair wait (suuankou tanki)", "四暗刻単騎", "Сууанко танки"),
    "daisangen": _n("Big three dragons (daisangen)", "大三元", "Дайсанген"),
    "shousuushii": _n("Little four winds (shousuushii)", "小四喜", "Сёсууши"),
    "daisuushii": _n("Big four winds (daisuushii)", "大四喜", "Дайсууши"),
    "tsuuiisou": _n("All honours (tsuuiisou)", "字一色", "Цууисо"),
    "ryuuiisou": _n("All green (ryuuiisou)", "緑一色", "Рюисо"),
    "chinroutou": _n("All terminals (chinroutou)", "清老頭", "Чинрото"),
    "chuuren": _n("Nine gates (chuuren poutou)", "九蓮宝燈", "Чууренпото"),
    "junsei_chuuren": _n(
        "Pure nine gates, nine-sided wait (junsei chuuren poutou)", "純正九蓮宝燈", "Джунсей чууренпото"
    ),
    "suukantsu": _n("Four kans (suukantsu)", "四槓子", "Сууканцу"),
    "tenhou": _n("Blessing of heaven (tenhou)", "天和", "Тенхо"),
    "chiihou": _n("Blessing of earth (chiihou)", "地和", "Чихо"),
}
"""Names of every yaku id of API.md (and the dora items), in en / ja / ru."""


class _Doc(typing.NamedTuple):
    en: str
    ru: str
    rules: str


OPTION_DOCS: Final[dict[str, _Doc]] = {
    "kuitan": _Doc(
        "Open tanyao (kuitan): tanyao counts in an open hand too, 1 han.",
        "Открытый таняо (куйтан): таняо засчитывается и в открытой руке, 1 хан.",
        "RULES.md §3",
    ),
    "aka": _Doc(
        "Red fives (0m/0p/0s) are aka dora, 1 han each.",
        "Красные пятёрки (0m/0p/0s) — ака-дора, по 1 хану каждая.",
        "RULES.md §1, §3",
    ),
    "double_yakuman": _Doc(
        "Kokushi 13-sided, suuankou tanki, junsei chuuren and daisuushii count as double yakuman; "
        "off: as single yakuman.",
        "Кокуши на 13 сторон, сууанко танки, джунсей чууренпото и дайсууши — двойной якуман; "
        "если выключено — одинарный.",
        "RULES.md §3",
    ),
    "kazoe": _Doc(
        "What 13 or more han without a yakuman is worth: yakuman (kazoe yakuman) or sanbaiman.",
        "Сколько стоят 13 и более хан без якумана: якуман (казоэ-якуман) или санбайман.",
        "RULES.md §3 Limits",
    ),
    "kiriage_mangan": _Doc(
        "Kiriage mangan: 4 han 30 fu and 3 han 60 fu are rounded up to mangan (7700 → 8000).",
        "Кириаге манган: 4 хан 30 фу и 3 хан 60 фу округляются до мангана (7700 → 8000).",
        "RULES.md §3 Limits; seed 003 §1",
    ),
    "double_wind_pair_fu": _Doc(
        "Fu for a pair of the wind that is both the seat and the round wind: 4 or 2.",
        "Фу за пару ветра, который одновременно ветер места и ветер раунда: 4 или 2.",
        "RULES.md §3 Fu",
    ),
    "renhou": _Doc(
        "Renhou (a non-dealer's ron before their first draw): off, mangan (5 han) or yakuman.",
        "Ренхо (рон недилера до его первого добора): нет, манган (5 хан) или якуман.",
        "RULES.md §3",
    ),
    "winds": _Doc(
        "Wind tiles exist; without them a wind tile anywhere in a request is invalid input.",
        "В игре есть ветры; без них тайл ветра в запросе — ошибка ввода.",
        "RULES.md §1",
    ),
    "ryuuiisou_8s": _Doc(
        "8s belongs to ryuuiisou's tiles; false: only 2, 3, 4, 6 sou and Green (seed 001 §3.1.4).",
        "8 бамбука входит в рюисо; false — только 2, 3, 4, 6 бамбука и зелёный дракон (правила 001 §3.1.4).",
        "RULES.md §3, §4",
    ),
    "open_pinfu_fu": _Doc(
        "Fu added to an open hand won by ron with no fu at all: 2 (20 → 30 fu) or 0 (it stays 20 fu).",
        "Фу за открытую руку без фу, выигранную по рон: 2 (20 → 30 фу) или 0 (остаётся 20 фу).",
        "RULES.md §3 Fu, §4",
    ),
    "mangan_cap": _Doc(
        "Any base above 2,000 is mangan; false: mangan only at 5 han, 4 han 40+ fu or 3 han 70+ fu, "
        "and any other base is paid as computed.",
        "Любая база больше 2000 — манган; false — манган только при 5 хан, 4 хан 40+ фу или 3 хан 70+ фу, "
        "остальные платятся по формуле.",
        "RULES.md §3 Limits, §4",
    ),
    "yakuman_cap": _Doc(
        "The largest yakuman multiple paid (2 = at most a double yakuman); 0 = no cap, yakuman add up.",
        "Наибольшая кратность якумана (2 — не больше двойного); 0 — без предела, якуманы складываются.",
        "RULES.md §3, §4",
    ),
    "aka_per_suit": _Doc(
        "How many red fives a suit may hold (0–4).",
        "Сколько красных пятёрок может быть в масти (0–4).",
        "RULES.md §1",
    ),
    "honba": _Doc(
        "Points one honba adds to a win: 300 (100 from each payer on tsumo); 0 = no honba.",
        "Очки за один хонба: 300 (по 100 с каждого при цумо); 0 — хонба нет.",
        "RULES.md §3 Payments, §4",
    ),
    "riichi_deposit": _Doc(
        "Points a riichi declaration puts on the table; 0 = riichi costs nothing.",
        "Сколько очков кладёт на стол объявивший риичи; 0 — риичи ничего не стоит.",
        "RULES.md §3, §4",
    ),
    "kids_closed_bonus_with_riichi": _Doc(
        "Kids preset: a riichi win also gets the closed-hand +1; false reproduces seed 000's worked example (5).",
        "Детские правила: победа с риичи тоже получает +1 за закрытую руку; false — как в примере из правил (5 очков).",
        "RULES.md §5",
    ),
}
"""Meaning of every rule option (every :class:`~.model.RulesSpec` field but ``preset``), en / ru, and its rule."""


class _PresetDoc(typing.NamedTuple):
    source: str
    en: str
    ru: str


PRESET_DOCS: Final[dict[str, _PresetDoc]] = {
    "standard": _PresetDoc(
        "seed 003 + modern riichi practice (Tenhou / Mahjong Soul / WRC)",
        "Full riichi with winds, all common yaku and yakuman.",
        "Полный риичи с ветрами, все обычные яку и якуманы.",
    ),
    "kostarev": _PresetDoc(
        "seed 001 (= second half of seed 000)",
        "Riichi without winds: three suits and three dragons, only the yaku list of seed 001 §3.1.1.",
        "Риичи без ветров: три масти и три дракона, только яку из списка семьи Костаревых (§3.1.1).",
    ),
    "kids": _PresetDoc(
        "first part of seed 000",
        "No han or fu: 1–2 base points plus bonuses; no yaku needed.",
        "Без хан и фу: 1–2 базовых очка плюс бонусы; яку не нужны.",
    ),
}
"""Source and one-line summary of every preset (RULES.md, preamble table)."""


def negotiate_language(accept_language: str | None) -> Language:
    """The best of en / ja / ru for an ``Accept-Language`` header (RFC 9110 §12.5.4); ``en`` by default.

    Ranges are compared by primary tag (``ru-RU`` → ``ru``); ``q`` weights order them, ties
    keep header order; ``*`` means ``en``; ``q=0`` excludes.

    >>> negotiate_language("ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7")
    'ru'
    >>> negotiate_language("de, ja;q=0.5, en;q=0.4")
    'ja'
    >>> negotiate_language(None)
    'en'
    """
    if not accept_language:
        return "en"
    ranked: list[tuple[float, int, Language]] = []
    for index, part in enumerate(accept_language.split(",")):
        fields = [f.strip() for f in part.split(";")]
        tag = fields[0].lower().split("-")[0]
        q = 1.0
        for param in fields[1:]:
            if param.lower().startswith("q="):
                try:
                    q = float(param[2:])
                except ValueError:
                    q = 0.0
        lang: Language | None = "en" if tag == "*" else next((x for x in LANGUAGES if x == tag), None)
        if lang is not None and q > 0:
            ranked.append((-q, index, lang))
    return min(ranked)[2] if ranked else "en"


# --- options and presets -------------------------------------------------------------------


class OptionInfo(msgspec.Struct, frozen=True, kw_only=True):
    """One rule option: `type` `boolean` or `enum` (then `values`), `meaning`, the `rules` section,
    and `defaults` per preset (`GET /v1/rules`); `default` is set when one preset is asked for."""

    name: str
    type: Literal["boolean", "enum"]
    values: list[OptionValue] | None = None
    meaning: str
    rules: str
    defaults: dict[str, OptionValue] | None = None
    default: OptionValue | None = None


class PresetInfo(msgspec.Struct, frozen=True, kw_only=True):
    """A preset: `id`, `source` (which seed), `summary`, whether it has `winds`, its `scoring`
    (`han_fu` or `kids` points), and its default for every option."""

    id: str
    source: str
    summary: str
    winds: bool
    scoring: Literal["han_fu", "kids"]
    defaults: dict[str, OptionValue]


class RulesCatalogue(msgspec.Struct, frozen=True, kw_only=True):
    """`GET /v1/rules`: every preset and every option with its default per preset; texts in `language`."""

    language: Language
    presets: list[PresetInfo]
    options: list[OptionInfo]


class KidsPoints(msgspec.Struct, frozen=True, kw_only=True):
    """One kids-preset points item (RULES.md §5): `id` as in a score's `points_breakdown`, `points`."""

    id: str
    points: int


class PresetRules(msgspec.Struct, frozen=True, kw_only=True):
    """`GET /v1/rules/{preset}`: the preset, its options with `default`, its yaku ids, and (kids) the points items."""

    language: Language
    preset: PresetInfo
    options: list[OptionInfo]
    yaku: list[str]
    kids_points: list[KidsPoints] | None = None


def _active(rules: Rules) -> list[Yaku]:
    """The registry entries ``rules`` uses (ordinary and yakuman), in registry order."""
    keys = {y.key for group in active_yaku(rules) for y in group}
    return [y for key, y in REGISTRY.items() if key in keys]


def _option_type(name: str) -> tuple[Literal["boolean", "enum"], list[OptionValue] | None]:
    """Option type read from the :class:`RulesSpec` annotation (``bool | None`` or ``Literal[…] | None``)."""
    hint = typing.get_type_hints(RulesSpec, include_extras=True)[name]
    args = [a for a in typing.get_args(hint) if a is not type(None)]
    if args == [bool]:
        return "boolean", None
    (arg,) = args
    if typing.get_origin(arg) is typing.Annotated:  # an int in a range (Meta ge / le): every value listed
        meta = arg.__metadata__[0]
        return "enum", list(range(meta.ge, meta.le + 1))
    return "enum", list(typing.get_args(arg))


OPTIONS: Final[tuple[str, ...]] = tuple(n for n in RulesSpec.__struct_fields__ if n != "preset")
"""Every rule option, in :class:`RulesSpec` order."""


def _preset_info(rules: Rules, lang: Language) -> PresetInfo:
    doc = PRESET_DOCS[rules.preset]
    return PresetInfo(
        id=rules.preset,
        source=doc.source,
        summary=doc.ru if lang == "ru" else doc.en,
        winds=rules.winds,
        scoring=rules.scoring,
        defaults={name: getattr(rules, name) for name in OPTIONS},
    )


def _option(name: str, lang: Language, preset: Rules | None) -> OptionInfo:
    kind, values = _option_type(name)
    doc = OPTION_DOCS[name]
    return OptionInfo(
        name=name,
        type=kind,
        values=values,
        meaning=doc.ru if lang == "ru" else doc.en,
        rules=doc.rules,
        defaults=None if preset else {p: getattr(r, name) for p, r in PRESETS.items()},
        default=getattr(preset, name) if preset else None,
    )


@lru_cache(maxsize=64)  # pure function of its arguments; answers are shared, read-only
def rules_catalogue(lang: Language = "en") -> RulesCatalogue:
    """Every preset and option (`GET /v1/rules`). Meanings in English or Russian (ja falls back to English).

    >>> c = rules_catalogue()
    >>> [p.id for p in c.presets], c.options[0].name, c.options[0].defaults
    (['standard', 'kostarev', 'kids'], 'kuitan', {'standard': True, 'kostarev': True, 'kids': True})
    """
    return RulesCatalogue(
        language=lang,
        presets=[_preset_info(r, lang) for r in PRESETS.values()],
        options=[_option(name, lang, None) for name in OPTIONS],
    )


@lru_cache(maxsize=64)  # pure function of its arguments; answers are shared, read-only
def preset_rules(preset: str, lang: Language = "en") -> PresetRules:
    """One preset's rules (`GET /v1/rules/{preset}`). Raises ``KeyError`` for an unknown preset."""
    rules = PRESETS[preset]
    return PresetRules(
        language=lang,
        preset=_preset_info(rules, lang),
        options=[_option(name, lang, rules) for name in OPTIONS],
        yaku=[y.id for y in _active(rules)],
        kids_points=[KidsPoints(id=k, points=v) for k, v in KIDS_POINTS.items()] if rules.scoring == "kids" else None,
    )


# --- yaku --------------------------------------------------------------------------------


class YakuEntry(msgspec.Struct, frozen=True, kw_only=True):
    """One yaku of a preset (`GET /v1/yaku`).

    `name` in the negotiated language, `names` in all three. `han_closed` / `han_open`: han
    in a closed / open hand, `han_open` null = closed only; a yakuman carries 13 × its
    multiple in both and `yakuman` is the multiple (0 for ordinary yaku; a double yakuman
    counts 1 when option `double_yakuman` is off). `replaces`: ids it supersedes.
    `description`: one English sentence.
    """

    id: str
    name: str
    names: YakuNames
    han_closed: int
    han_open: int | None
    yakuman: int
    replaces: list[str]
    description: str


class PresetYaku(msgspec.Struct, frozen=True, kw_only=True):
    """The yaku of one preset under its rule options."""

    preset: str
    yaku: list[YakuEntry]


class YakuCatalogue(msgspec.Struct, frozen=True, kw_only=True):
    """`GET /v1/yaku`: the yaku catalogue per preset, names in `language` (en / ja / ru)."""

    language: Language
    presets: list[PresetYaku]


@lru_cache(maxsize=1)
def _predicate_docs() -> dict[str, str]:
    """The yaku predicates' docstrings by function name, read from ``yaku.py``'s source.

    Read from the source rather than ``__doc__`` because a compiled (mypyc) function
    keeps no docstring; the source ships beside the compiled module.
    """
    source = resources.files("service.scoring").joinpath("yaku.py").read_text(encoding="utf-8")
    return {
        node.name: ast.get_docstring(node) or "" for node in ast.parse(source).body if isinstance(node, ast.FunctionDef)
    }


def _description(doc: str | None) -> str:
    """The predicate docstring's first line without its leading kanji name, in Markdown."""
    first = (doc or "").strip().splitlines()[0] if doc else ""
    head, _, rest = first.partition(" ")
    text = rest if rest and not head.isascii() else first
    return text.replace("``", "`")  # reST literals → Markdown code


@lru_cache(maxsize=64)  # pure function of its arguments; answers are shared, read-only
def yaku_entries(rules: Rules, lang: Language = "en") -> list[YakuEntry]:
    """The yaku a rule set uses, in registry order, with han read from the registry.

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
        names = YAKU_NAMES[y.id]
        out.append(
            YakuEntry(
                id=y.id,
                name=getattr(names, lang),
                names=names,
                han_closed=han_closed,
                han_open=han_open,
                yakuman=multiple,
                replaces=list(y.replaces),
                description=_description(_predicate_docs().get(y.test.__name__)),
            )
        )
    return out


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

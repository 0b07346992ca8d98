"""Translations: one gettext catalogue per language (``locales/en.po``, ``ja.po``, ``ru.po``).

Every name and text the service shows a person (yaku, fu items, limits, payers, kids points
and their explanation lines, transfers, option meanings, preset summaries) is looked up here
by a symbolic key such as ``yaku.riichi`` or ``fu.closed_ron``; ``en.po`` holds the English
text. The catalogues are read with Babel at import and compiled in memory to
:class:`gettext.GNUTranslations`, so plurals follow each language's ``Plural-Forms``
(Russian: 1 очко, 2 очка, 5 очков). ``tests/test_i18n.py`` fails when a key of ``en.po``
lacks a translation in another catalogue, or a placeholder is lost.

Imports nothing from the web layer; the scoring core uses :func:`text` for its English names.
"""

from __future__ import annotations

import gettext
import io
import re
from decimal import Decimal
from functools import lru_cache
from importlib import resources
from typing import Final, Literal

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal, get_group_symbol, get_minus_sign_symbol

__all__ = [
    "LANGUAGES",
    "MAX_ACCEPT_LANGUAGE",
    "Language",
    "Refusal",
    "english",
    "keys",
    "negotiate_language",
    "plural",
    "refusal",
    "render",
    "text",
]

Language = Literal["en", "ja", "ru"]
LANGUAGES: Final[tuple[Language, ...]] = ("en", "ja", "ru")
"""The languages served; ``en`` is the default."""

MAX_ACCEPT_LANGUAGE: Final = 256
"""Characters of an ``Accept-Language`` header that are read (the first ranges decide; a longer header
costs no more than this)."""


def _load(lang: Language) -> tuple[gettext.GNUTranslations, frozenset[str], frozenset[str]]:
    with resources.files(__package__).joinpath("locales", f"{lang}.po").open("rb") as f:
        catalog = read_po(f, locale=lang)
    mo = io.BytesIO()
    write_mo(mo, catalog, use_fuzzy=False)
    mo.seek(0)
    found = frozenset(
        m.id if isinstance(m.id, str) else m.id[0]
        for m in catalog
        if m.id and all(m.string if isinstance(m.string, tuple) else (m.string,))
    )  # translated keys only: an empty msgstr falls back to English
    plurals = frozenset(m.id[0] for m in catalog if m.id and not isinstance(m.id, str))
    return gettext.GNUTranslations(mo), found, plurals


_CATALOGUES: Final = {lang: _load(lang) for lang in LANGUAGES}


def keys(lang: Language = "en") -> frozenset[str]:
    """Every translated key of ``lang``'s catalogue (a plural entry by its singular key)."""
    return _CATALOGUES[lang][1]


def text(key: str, lang: Language = "en", **values: object) -> str:
    """The text of ``key`` in ``lang``, with ``{placeholders}`` filled from ``values``.

    Raises ``KeyError`` for a key that ``en.po`` does not have (a bug, caught by the tests);
    an untranslated key falls back to English.

    >>> text("yaku.riichi", "ja"), text("kids.total", "ru", points="5 очков")
    ('立直', 'Итого: 5 очков')
    """
    translations, found, _ = _CATALOGUES[lang]
    if key not in found:
        translations, found, _ = _CATALOGUES["en"]
        if key not in found:
            raise KeyError(key)
    message = translations.gettext(key)
    return message.format(**values) if values else message


def plural(key: str, n: int, lang: Language = "en") -> str:
    """The plural entry ``key`` for the count ``n`` in ``lang`` (its ``{n}`` filled).

    >>> [plural("kids.points", n, "ru") for n in (1, 2, 5, 21)]
    ['1 очко', '2 очка', '5 очков', '21 очко']
    >>> plural("kids.points", 1), plural("kids.points", 2)
    ('1 point', '2 points')
    """
    translations = _CATALOGUES[lang][0] if key in _CATALOGUES[lang][1] else _CATALOGUES["en"][0]
    return translations.ngettext(key, key, n).format(n=n)


_QVALUE = re.compile(r"0(\.[0-9]{0,3})?|1(\.0{0,3})?")
"""RFC 9110 §12.4.2 ``qvalue``."""


@lru_cache(maxsize=512)
def negotiate_language(accept_language: str | None) -> Language:
    """The best of en / ja / ru for an ``Accept-Language`` header (RFC 9110 §12.5.4); ``en`` by default.

    Ranges are compared by primary tag (``ru-RU`` → ``ru``); ``q`` weights order them, ties
    keep header order; ``*`` means ``en``; ``q=0`` excludes, and so does a weight outside RFC 9110's
    ``qvalue`` (0 to 1, at most three decimals: ``q=2``, ``q=1e400``, ``q=nan``). Only the first
    :data:`MAX_ACCEPT_LANGUAGE` characters are read, and answers are cached per header value.

    >>> negotiate_language("ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7")
    'ru'
    >>> negotiate_language("de, ja;q=0.5, en;q=0.4")
    'ja'
    >>> negotiate_language(None)
    'en'
    >>> negotiate_language("ja;q=1e400, ru;q=0.5"), negotiate_language("ja;q=inf, ru;q=0.001")
    ('ru', 'ru')
    """
    if not accept_language:
        return "en"
    ranked: list[tuple[float, int, Language]] = []
    for index, part in enumerate(accept_language[:MAX_ACCEPT_LANGUAGE].split(",")):
        fields = [f.strip() for f in part.split(";")]
        tag = fields[0].lower().split("-")[0]
        q = 1.0
        for param in fields[1:]:
            if param.lower().startswith("q="):
                value = param[2:]
                q = float(value) if _QVALUE.fullmatch(value) else 0.0  # not 0–1 with ≤ 3 decimals: not a weight
        lang: Language | None = "en" if tag == "*" else next((x for x in LANGUAGES if x == tag), None)
        if lang is not None and q > 0:
            ranked.append((-q, index, lang))
    return min(ranked)[2] if ranked else "en"


class Refusal(str):
    """A refusal message (a 400 or 422 ``errors[].message`` or ``detail``): the string itself is its English
    text, so code and tests that read it as text see no difference; :attr:`key` and :attr:`values` render it
    in another language (:func:`render`). Made by :func:`refusal`. A whole number among the values is written with
    the language's digit grouping (``65,536`` in English and Japanese, ``65 536`` with a no-break space in
    Russian)."""

    key: str
    """The catalogue key, e.g. ``refusal.copies`` (stable: a client may match on it)."""
    values: dict[str, object]
    """The placeholders' values; a value that is itself a :class:`Refusal` is rendered in the same language."""


def _said(value: object, lang: Language) -> object:
    """A placeholder's value as said in ``lang``: a :class:`Refusal` rendered, a whole or decimal number written with
    ``lang``'s digit grouping (CLDR, by Babel: ``65,536`` in en and ja, ``65\u00a0536`` in ru), anything else as it is.

    >>> _said(65536, "ru"), _said(65536, "ja"), _said(999, "ru"), _said(True, "ru")
    ('65\xa0536', '65,536', '999', True)
    """
    if isinstance(value, Refusal):
        return render(value, lang)
    if type(value) is int and 0 <= value < 1000:  # no grouping: the same digits in every language (and fast)
        return str(value)
    if isinstance(value, (int, Decimal)) and not isinstance(value, bool):
        try:
            return format_decimal(value, locale=lang, decimal_quantization=False)
        except (ArithmeticError, ValueError):  # beyond Babel's decimal precision (about 10^26 and more)
            return _grouped(value, lang)
    return value


_MAX_DIGITS: Final = 60
"""Digits of a whole number a refusal writes out in full when Babel cannot; a longer one is written ``7.00E+500``."""


def _grouped(value: int | Decimal, lang: Language) -> str:
    """A number Babel cannot format, said without it, never an error: a whole number of up to :data:`_MAX_DIGITS`
    digits grouped in threes with ``lang``'s separator, a longer one or a decimal in E notation (``str()`` of a
    whole number past about 4,300 digits is itself an error).

    >>> _grouped(-10**30, "en"), _grouped(10**12, "ru"), _grouped(7 * 10**500, "ja")
    ('-1,000,000,000,000,000,000,000,000,000,000', '1\xa0000\xa0000\xa0000\xa0000', '7.00E+500')
    """
    if isinstance(value, int) and abs(value) < 10**_MAX_DIGITS:
        sign = get_minus_sign_symbol(lang) if value < 0 else ""
        return sign + f"{abs(value):,}".replace(",", get_group_symbol(lang))
    return f"{Decimal(value):.2E}"


def _fill(key: str, lang: Language, values: dict[str, object]) -> str:
    filled = {name: _said(v, lang) for name, v in values.items()}
    translations, found, plurals = _CATALOGUES[lang]
    if key not in found:
        translations, found, plurals = _CATALOGUES["en"]
        if key not in found:
            raise KeyError(key)
    if key in plurals:
        count = values["n"]
        message = translations.ngettext(key, key, count if isinstance(count, int) else 0)
    else:
        message = translations.gettext(key)
    return message.format(**filled)


def refusal(key: str, **values: object) -> Refusal:
    """The refusal ``key`` with its ``{placeholders}`` filled from ``values``: a :class:`Refusal` whose text is
    the English one. A plural entry (``msgid_plural``) chooses its form by the value ``n``.

    Raises ``KeyError`` for a key that ``en.po`` does not have (a bug, caught by the tests).

    >>> message = refusal("refusal.copies", n=5, tile="5m")
    >>> message
    '5 copies of 5m across hand, win_tile, melds and indicators; there are 4'
    >>> render(message, "ru")
    '5 копий 5m в hand, win_tile, melds и индикаторах; а их всего 4'
    """
    message = Refusal(_fill(key, "en", values))
    message.key = key
    message.values = values
    return message


def render(message: str, lang: Language) -> str:
    """``message`` in ``lang`` when it is a :class:`Refusal`; any other text as it is (a plain ``str``).

    >>> [render(refusal("refusal.copies", n=n, tile="1z"), "ru").split(" 1z")[0] for n in (1, 2, 5, 21)]
    ['1 копия', '2 копии', '5 копий', '21 копия']
    """
    if isinstance(message, Refusal):
        return _fill(message.key, lang, message.values) if lang != "en" else str.__str__(message)
    return message


def english(obj: object) -> str:
    """A msgspec ``enc_hook``: a :class:`Refusal` met by an encoder is written as its English text (msgspec
    encodes only exact ``str``); any other type it cannot encode is a ``TypeError``, as without the hook.

    >>> import msgspec
    >>> msgspec.json.encode([refusal("refusal.honours", code="'8z'")], enc_hook=english)
    b'["\\'8z\\': honours are 1z\\xe2\\x80\\x937z"]'
    """
    if isinstance(obj, Refusal):
        return str.__str__(obj)
    raise TypeError(f"Encoding objects of type {type(obj).__name__} is unsupported")

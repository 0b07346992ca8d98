"""The translation catalogues (service/i18n/locales/*.po): every key the service shows is in English,
and every English key is translated into ja and ru with its placeholders kept."""

from __future__ import annotations

import io
import re
import typing
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from service.game.model import ABORTIVE_KINDS, END_REASONS, TransferKind
from service.game.sticks import STICKS_REASONS
from service.i18n import LANGUAGES, Refusal, keys, plural, refusal, render, text
from service.scoring.catalogue import OPTIONS, YAKU_NAMES
from service.scoring.fu import FU
from service.scoring.kids import KIDS_POINTS
from service.scoring.limits import LIMITS, YAKUMAN_NAMES
from service.scoring.presets import PRESETS

SERVICE = Path(__file__).resolve().parents[1] / "service"
LOCALES = SERVICE / "i18n" / "locales"
PLACEHOLDER = re.compile(r"\{\w+\}")
REFUSAL_KEY = re.compile(r"""["'](refusal\.[\w.]+)["']""")


def refusal_keys() -> set[str]:
    """Every refusal key the code names as a quoted string (``refusal("refusal.copies", …)``, a key chosen
    before the call, a table of keys), read from the source."""
    return {key for path in SERVICE.rglob("*.py") for key in REFUSAL_KEY.findall(path.read_text(encoding="utf-8"))}


def used_keys() -> set[str]:
    """Every key the code looks up (each module's own table of ids, read here, not restated)."""
    used = {f"yaku.{id_}" for id_ in YAKU_NAMES} | {f"yaku.{id_}.description" for id_ in YAKU_NAMES}
    used |= {f"fu.{id_}" for id_ in [*FU, "pair_double_wind"]}
    used |= {f"limit.{name}" for _, name, _ in LIMITS} | {f"limit.{name}" for name in YAKUMAN_NAMES.values()}
    used |= {"limit.none", "limit.multiple_yakuman"}
    used |= {f"payer.{payer}" for payer in ("discarder", "dealer", "non_dealer", "non_dealer_one")}
    used |= {f"kids.{id_}" for id_ in KIDS_POINTS} | {"kids.line", "kids.line_tiles", "kids.total", "kids.points"}
    used |= {f"transfer.{kind}" for kind in typing.get_args(TransferKind)}
    used |= {f"abortive.{kind}" for kind in ABORTIVE_KINDS} | {f"end_reason.{reason}" for reason in END_REASONS}
    used |= {f"option.{name}" for name in OPTIONS}
    used |= {f"preset.{p}.{part}" for p in PRESETS for part in ("summary", "source")}
    used |= {"reason.not_complete", "reason.no_yaku"}
    used |= {f"sticks_reason.{reason}" for reason in STICKS_REASONS}
    used |= refusal_keys()
    return used


def untranslated(source: Catalog, target: Catalog) -> list[str]:
    """Keys of ``source`` that ``target`` lacks, leaves empty, or whose placeholders differ."""
    problems = []
    for message in source:
        if not message.id:
            continue
        key = message.id if isinstance(message.id, str) else message.id[0]
        theirs = target.get(message.id)
        strings = theirs.string if theirs is not None else ""
        values = strings if isinstance(strings, tuple) else (strings,)
        english = message.string[0] if isinstance(message.string, tuple) else message.string
        if not all(values):
            problems.append(f"{key}: no translation")
        elif any(set(PLACEHOLDER.findall(v)) != set(PLACEHOLDER.findall(english)) for v in values):
            problems.append(f"{key}: placeholders differ from {english!r}")
    return problems


def catalogue(lang: str) -> Catalog:
    with (LOCALES / f"{lang}.po").open("rb") as f:
        return read_po(f, locale=lang)


def test_every_key_the_service_uses_is_in_english() -> None:
    assert sorted(used_keys() - keys("en")) == []


def test_english_has_no_key_nobody_uses() -> None:
    assert sorted(keys("en") - used_keys()) == []


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_english_key_is_translated(lang: str) -> None:
    assert untranslated(catalogue("en"), catalogue(lang)) == []


def test_the_check_fails_on_a_missing_or_broken_translation() -> None:
    """The check above can fail: a copy of ru.po with one entry emptied and one placeholder lost."""
    text_ru = (LOCALES / "ru.po").read_text(encoding="utf-8")
    broken = text_ru.replace('msgstr "Риичи"', 'msgstr ""', 1).replace("Итого: {points}", "Итого:", 1)
    damaged = read_po(io.BytesIO(broken.encode()), locale="ru")
    problems = untranslated(catalogue("en"), damaged)
    assert "yaku.riichi: no translation" in problems
    assert any(p.startswith("kids.total: placeholders differ") for p in problems)


@pytest.mark.parametrize(
    ("n", "expected"),
    [(1, "1 очко"), (2, "2 очка"), (4, "4 очка"), (5, "5 очков"), (11, "11 очков"), (21, "21 очко"), (22, "22 очка")],
)
def test_russian_points_agree_with_the_number(n: int, expected: str) -> None:
    assert plural("kids.points", n, "ru") == expected


def test_unknown_key_is_an_error_not_a_silent_id() -> None:
    with pytest.raises(KeyError):
        text("yaku.no_such_yaku", "ru")


def test_the_refusal_keys_are_read_from_the_source() -> None:
    """The scan above finds the calls (a key in validate.py, one in the game, one in the tile parser)."""
    assert {"refusal.copies", "refusal.no_winds", "refusal.not_mpsz"} <= refusal_keys()


@pytest.mark.parametrize(
    ("n", "expected"),
    [(1, "1 копия 1z"), (2, "2 копии 1z"), (5, "5 копий 1z"), (21, "21 копия 1z"), (12, "12 копий 1z")],
)
def test_a_russian_refusal_agrees_with_its_number(n: int, expected: str) -> None:
    message = refusal("refusal.copies", n=n, tile="1z")
    assert render(message, "ru").startswith(expected + " в hand")


def test_a_refusal_is_its_english_text_and_keeps_its_key() -> None:
    message = refusal("refusal.copies", n=5, tile="5m")
    assert isinstance(message, Refusal)
    assert message.key == "refusal.copies"
    assert message == "5 copies of 5m across hand, win_tile, melds and indicators; there are 4"
    assert type(render(message, "en")) is str
    assert render(message, "en") == message
    assert render(message, "ja") == "hand、win_tile、melds、表示牌に 5m が5枚あります。牌は4枚しかありません"
    assert render("plain text", "ru") == "plain text"  # not a refusal: as it is


def test_a_refusal_inside_a_refusal_follows_the_language() -> None:
    """The red-fives message names what the rules allow with a refusal of its own."""
    message = refusal("refusal.red_fives", n=2, suit="m", allowed=refusal("refusal.red_fives_one"))
    assert message == "2 red fives of suit m; these rules have one per suit (option aka_per_suit)"
    assert render(message, "ru") == "2 красные пятёрки масти m; по этим правилам по одной на масть (опция aka_per_suit)"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_numbers_below_a_thousand_are_written_as_babel_writes_them(lang: str) -> None:
    """A whole number 0–999 is written without Babel (nothing to group): the same text as Babel's."""
    from babel.numbers import format_decimal

    from service.i18n import _said

    assert [_said(n, lang) for n in range(1000)] == [
        format_decimal(n, locale=lang, decimal_quantization=False) for n in range(1000)
    ]
    assert (_said(7, lang), _said(999, lang)) == ("7", "999")
    assert _said(1000, lang) == ("1\u00a0000" if lang == "ru" else "1,000")

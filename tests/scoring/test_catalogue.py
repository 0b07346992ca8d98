"""The yaku catalogue's descriptions come from the translation catalogues (service/i18n/locales)."""

from __future__ import annotations

import pytest

from service.scoring import PRESETS
from service.scoring.catalogue import yaku_entries


@pytest.mark.parametrize("preset", ["standard", "kostarev"])
@pytest.mark.parametrize("lang", ["en", "ja", "ru"])
def test_every_yaku_has_a_description(preset: str, lang: str) -> None:
    entries = yaku_entries(PRESETS[preset], lang)  # type: ignore[arg-type]

    assert entries
    assert [e.id for e in entries if not e.description.strip()] == []


def test_english_descriptions() -> None:
    by_id = {e.id: e.description for e in yaku_entries(PRESETS["standard"])}

    assert by_id["pinfu"] == "Pinfu: closed, four runs, a non-value pair, won on a two-sided (ryanmen) wait."
    assert by_id["haku"] == "Yakuhai (haku): a triplet or kan of White (5z)."
    assert by_id["tanyao"] == "Tanyao: no terminals or honours; open only with option `kuitan`."
    assert by_id["aka_dora"] == "Aka dora: 1 han for each red five (option `aka`); not a yaku."


def test_ryuuiisou_description_follows_the_option() -> None:
    """The catalogue describes ryuuiisou for both tile lists (/docs/rules §3, §4)."""
    text = {e.id: e.description for e in yaku_entries(PRESETS["kostarev"])}["ryuuiisou"]
    assert "ryuuiisou_8s" in text

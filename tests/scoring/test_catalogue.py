"""The yaku catalogue's descriptions come from the predicates' docstrings (also when compiled)."""

from __future__ import annotations

import pytest

from service.scoring import PRESETS
from service.scoring.catalogue import yaku_entries


@pytest.mark.parametrize("preset", ["standard", "kostarev"])
def test_every_yaku_has_a_description(preset: str) -> None:
    entries = yaku_entries(PRESETS[preset])

    assert entries
    assert [e.id for e in entries if not e.description.strip()] == []


def test_descriptions_are_the_docstring_first_line_without_the_kanji() -> None:
    by_id = {e.id: e.description for e in yaku_entries(PRESETS["standard"])}

    assert by_id["pinfu"] == "Pinfu: closed, four runs, a non-value pair, won on a two-sided (ryanmen) wait."
    assert by_id["haku"] == "Yakuhai (haku): a triplet or kan of White (5z)."
    assert by_id["tanyao"] == "Tanyao: no terminals or honours; open only with option `kuitan`."

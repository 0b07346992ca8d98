"""What the fourth round of testers found on the table companion: the discard ranking under a scored hand that
marked every row furiten, the abortive-draw choice cut at a phone's edge, and the seat winds gone from the
scoreboard once the game ends."""

from __future__ import annotations

import httpx
import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from .conftest import AXE_CORE, DESKTOP
from .test_companion import README_HAND, Opener, confirm, record, start_game, tap
from .test_outcomes import a4_pages

COMPLETE_NOTE = (
    "These 14 tiles already make a complete hand. A discard that keeps the hand ready always waits on the tile just"
    " thrown away, so each ready discard below is furiten: it can win by tsumo, not by ron."
)


def test_the_discards_of_a_complete_hand_say_once_why_they_are_furiten(open_companion: Opener) -> None:
    """The README hand with its winning tile 2p: 234567m 23455p 234s. Discarding 7m leaves 23456m 234p 55p 234s,
    waiting on 1m, 4m and 7m (the three-sided 23456m): 7m is the tile just thrown, so no ron (furiten, /docs/rules
    §2), tsumo still wins. That holds for every discard that keeps the hand ready (the thrown tile completes the
    13 left), so the page says it once above the list, not "— furiten" at the end of every row; the waits table
    of such a discard says there is no ron instead of a ron value."""
    page, _ = open_companion()
    tap(page, README_HAND + "2p")
    section = page.locator("section.discards")
    expect(section.locator("p.discards-note")).to_have_text(COMPLETE_NOTE)
    rows = section.locator("summary")
    expect(rows.first).to_contain_text("1. ready")
    for text in rows.all_inner_texts():
        assert not text.rstrip().endswith("furiten"), text
    first = section.locator("details").first
    expect(first.locator("summary [data-tile]")).to_have_attribute("data-tile", "7m")
    first.locator("summary").click()
    waits = first.locator("table.waits tbody tr")
    assert first.locator("table.waits tbody [data-tile]").evaluate_all("els => els.map(e => e.dataset.tile)") == [
        "1m",
        "4m",
        "7m",
    ]
    for row in waits.all_inner_texts():
        cells = row.split("\t")
        assert cells[2] == "furiten: no ron", cells
        assert cells[3].replace(",", "").isdigit(), cells  # tsumo still wins


def test_a_ready_hand_without_its_winning_tile_has_no_furiten_note(open_companion: Opener) -> None:
    """13 tiles and no winning tile (the README hand waiting on 2p / 5p): the Tenpai view, no discard list and no
    note; the waits table gives a ron value (no river is entered, so nothing is furiten)."""
    page, _ = open_companion()
    tap(page, README_HAND)
    expect(page.locator("table.waits tbody tr")).to_have_count(2)
    expect(page.locator("p.discards-note")).to_have_count(0)
    for row in page.locator("table.waits tbody tr").all_inner_texts():
        assert row.split("\t")[2].replace(",", "").isdigit(), row


ABORTIVE = {
    "en-US": "Nine different terminals and honours (kyuushu kyuuhai)",
    "ru-RU": "Девять разных крайних и благородных (кюсю кюхай)",
    "ja-JP": "九種九牌",
}


@pytest.mark.parametrize("width", [412, 375])
@pytest.mark.parametrize("locale", list(ABORTIVE))
def test_every_abortive_draw_is_read_whole_on_a_phone(open_companion: Opener, locale: str, width: int) -> None:
    """Standard rules have four abortive draws; the longest name (kyuushu kyuuhai) is seen whole at 412 and 375 px:
    nothing of it past the card's edge or hidden, and it can be chosen by its words."""
    page, _ = open_companion(locale=locale, viewport={"width": width, "height": 900})
    start_game(page, "standard")
    page.select_option("#outcome", "abortive")
    name = page.locator("#abortive-kind").get_by_text(ABORTIVE[locale], exact=True)
    expect(name).to_be_visible()
    card = page.locator("#record").bounding_box()
    box = name.bounding_box()
    assert card is not None
    assert box is not None
    assert box["x"] >= card["x"], (box, card)
    assert box["x"] + box["width"] <= card["x"] + card["width"], (box, card)
    assert name.evaluate("e => e.scrollWidth <= e.clientWidth + 1 && e.scrollHeight <= e.clientHeight + 1")
    expect(page.locator("#abortive-kind input[type=radio]")).to_have_count(4)
    name.click()
    expect(page.locator("#abortive-kyuushu_kyuuhai")).to_be_checked()
    if width == 375:  # the choices as a screen reader meets them: axe-core's current release finds nothing
        violations = Axe(axe_script=AXE_CORE.read_text(encoding="utf-8")).run(page).response["violations"]
        assert [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in violations] == []


def test_the_seat_winds_stay_on_the_scoreboard_after_the_game_ends(open_companion: Opener) -> None:
    """Standard rules, 25,000 each, Mama (seat 0) deals East 1: Mama East, Papa South, Anya West, Grandpa North.
    Anya's yakuman ron on Papa's discard (non-dealer: 32,000) leaves Papa at −7,000: bust, the game is over.
    The board keeps the winds of that last hand (the deal would have passed to Papa, but no hand follows)."""
    page, _ = open_companion()
    start_game(page, "standard")
    winds = page.locator("#board-body .who [data-tile]")
    assert winds.evaluate_all("els => els.map(e => e.dataset.tile)") == ["1z", "2z", "3z", "4z"]
    record(page, {"type": "ron", "discarder": 1, "wins": [{"winner": 2, "value": {"yakuman": 1}}]}, 1)
    expect(page.locator("#game-end")).to_be_visible()
    expect(page.locator("#board-body tr[data-seat='1'] .score")).to_have_text("−7,000")
    expect(winds).to_have_count(4)
    assert winds.evaluate_all("els => els.map(e => e.dataset.tile)") == ["1z", "2z", "3z", "4z"]
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    page.click("#tab-game")
    expect(page.locator("#game-end")).to_be_visible()
    assert winds.evaluate_all("els => els.map(e => e.dataset.tile)") == ["1z", "2z", "3z", "4z"]


def test_every_presets_points_table_prints_on_one_a4_page(open_companion: Opener, server: str) -> None:
    """Every preset the service has (GET /v1/rules), not only the two the print test names, prints its points
    table on one A4 page (the kids preset: its sheet with the worked example)."""
    page, _ = open_companion(viewport=DESKTOP)
    presets = [p["id"] for p in httpx.get(f"{server}/v1/rules").json()["presets"]]
    assert {"standard", "tenhou_sanma", "kids"} <= set(presets)
    page.click("#tab-table")
    for preset in presets:
        page.select_option("#preset", preset)
        expect(page.locator("#preset")).to_have_value(preset)
        page.wait_for_load_state("networkidle")
        assert a4_pages(page) == 1, preset


def test_the_final_standings_are_not_the_smallest_text_on_a_phone(open_companion: Opener) -> None:
    """At 390 px the final standings' figures are at least as large as the page's body text (they were the
    smallest text on the page), and their names too."""
    page, _ = open_companion(viewport={"width": 390, "height": 844})
    start_game(page, "standard")
    record(page, {"type": "ron", "discarder": 2, "wins": [{"winner": 1, "value": {"han": 3, "fu": 30}}]}, 1)
    confirm(page, "#finish")
    expect(page.locator("#game-end")).to_be_visible()
    body = page.evaluate("parseFloat(getComputedStyle(document.body).fontSize)")
    sizes = page.locator("#standings-body td").evaluate_all(
        "els => els.map(e => parseFloat(getComputedStyle(e).fontSize))"
    )
    assert len(sizes) >= 16
    assert min(sizes) >= body, (sizes, body)

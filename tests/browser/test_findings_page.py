"""What a second fresh tester found on the table companion, each checked as a person at the table would see
it: the New game card's start points, the game keeper's panel and messages after a language switch, the
hand's payments adding up to its total, honba and sticks out of range, a saved game of another preset,
a refused hand's tiles and the message when the service does not answer."""

from __future__ import annotations

import httpx
from playwright.sync_api import Page, expect

from .conftest import Guard
from .test_companion import number

Companion = tuple[Page, Guard]


def test_the_new_game_card_shows_the_start_points_of_the_chosen_preset(companion: Companion, server: str) -> None:
    """standard starts at 25,000, WRC at 30,000, Tenhou's three-player game at 35,000; the line follows the
    Rules selector, the language, and a New game after a game of another preset."""
    page, _ = companion
    page.click("#tab-game")
    start = page.locator("#start-points")
    expect(start).to_have_text("Everyone starts with 25,000.")
    page.select_option("#preset", "wrc")
    expect(start).to_have_text("Everyone starts with 30,000.")
    page.select_option("#preset", "tenhou_sanma")
    expect(start).to_have_text("Everyone starts with 35,000.")
    for preset, points in [("standard", 25000), ("wrc", 30000), ("tenhou_sanma", 35000)]:
        assert httpx.get(f"{server}/v1/rules/{preset}").json()["preset"]["defaults"]["start_points"] == points
    page.select_option("#lang", "ru")
    expect(start).to_contain_text("У каждого в начале")
    assert number(start.inner_text()) == 35000
    page.select_option("#lang", "en")
    page.select_option("#preset", "standard")
    page.click("#start")
    expect(page.locator("#game-board")).to_be_visible()
    page.select_option("#preset", "tenhou_sanma")  # chosen during the game: the next one's preset
    page.click("#new-game")
    expect(start).to_have_text("Everyone starts with 35,000.")
    expect(page.locator("#name-3")).to_be_hidden()  # and three names to fill in

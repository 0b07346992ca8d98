"""What was left after the second fresh tester's fixes, each checked as a person at the table would see it:
the hand view's tile messages and the game keeper's end reason after a language switch, the payments panel
after a refused hand, and honba and sticks counted as they are typed."""

from __future__ import annotations

import httpx
from playwright.sync_api import Page, expect

from .conftest import Guard
from .test_companion import README_BODY, README_HAND, tap

Companion = tuple[Page, Guard]


def test_the_hand_views_tile_message_follows_a_language_switch(companion: Companion) -> None:
    """A fifth 1 of characters tapped is refused ("No more 1 of characters"); after a switch to Russian and
    then Japanese the message says it in that language. A typed hand that is not mpsz is said again too."""
    page, _ = companion
    tap(page, "11111m")
    message = page.locator("#hand-message")
    expect(message).to_have_text("No more 1 of characters: all four copies are in use.")
    page.select_option("#lang", "ru")
    expect(message).to_have_text("Больше нет «1 ман»: все четыре тайла уже использованы.")
    page.select_option("#lang", "ja")
    expect(message).to_have_text("1萬はもうありません（4枚とも使われています）。")
    page.click("details.typed summary")
    page.fill("#mpsz-hand", "12x")
    expect(message).to_have_text("mpsz ではありません：数字のあとに m・p・s・z。")
    page.select_option("#lang", "en")
    expect(message).to_have_text("Not mpsz: digits, each group followed by m, p, s or z.")


def test_honba_and_sticks_count_as_they_are_typed(companion: Companion, server: str) -> None:
    """The README hand with riichi (a mangan, 8,000): 2 honba typed, still in the field, make it 8,600;
    3 sticks typed make it 11,600. 150 honba typed key by key become 100 at once, said by the field, and the
    hand is scored with them: 8,000 + 100 × 300 + 3 × 1,000 = 41,000; back to 2 the message goes."""
    page, _ = companion
    tap(page, README_HAND + "2p")
    page.check("#riichi")
    total, message = page.locator("#score-total"), page.locator("#situation-message")
    expect(total).to_have_text("8,000 points")
    page.fill("#honba", "2")
    expect(page.locator("#honba")).to_be_focused()  # not left: it counts as typed
    expect(total).to_have_text("8,600 points")
    page.fill("#sticks", "3")
    expect(total).to_have_text("11,600 points")
    page.fill("#honba", "")
    page.locator("#honba").press_sequentially("150")
    expect(page.locator("#honba")).to_be_focused()
    expect(page.locator("#honba")).to_have_value("100")
    expect(message).to_have_text("Honba must be a whole number from 0 to 100: set to 100.")
    expect(total).to_have_text("41,000 points")
    body = {**README_BODY, "honba": 100, "riichi_sticks": 3}
    assert httpx.post(f"{server}/v1/score", json=body).json()["total"] == 8000 + 30000 + 3000
    page.fill("#honba", "2")
    expect(message).to_have_text("")
    expect(total).to_have_text("11,600 points")
    page.press("#honba", "Tab")  # leaving the field changes nothing
    expect(message).to_have_text("")
    expect(total).to_have_text("11,600 points")

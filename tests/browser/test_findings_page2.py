"""What was left after the second fresh tester's fixes, each checked as a person at the table would see it:
the hand view's tile messages and the game keeper's end reason after a language switch, the payments panel
after a refused hand, and honba and sticks counted as they are typed."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .conftest import Guard
from .test_companion import tap

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

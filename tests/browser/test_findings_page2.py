"""What was left after the second fresh tester's fixes, each checked as a person at the table would see it:
the hand view's tile messages and the game keeper's end reason after a language switch, the payments panel
after a refused hand, and honba and sticks counted as they are typed."""

from __future__ import annotations

import json

import httpx
from playwright.sync_api import Page, expect

from .conftest import Guard
from .test_companion import README_BODY, README_HAND, record, tap
from .test_findings import load_file, refuse_riichi_0, saved_game, says_after_each_switch
from .test_findings_page import PAPA_ANYA, anya_rons_papa

Companion = tuple[Page, Guard]
# Tenhou at South 4: Grandpa, the dealer, first with 40,000, wins by tsumo (1 han 30 fu); the game ends (agari-yame).
AGARI_YAME_BEFORE = {"scores": [20000, 20000, 20000, 40000], "dealer": 3, "round_wind": "S"}
AGARI_YAME = {
    "rules": "tenhou",
    **AGARI_YAME_BEFORE,
    "first_dealer": 0,
    "outcome": {"type": "tsumo", "winner": 3, "value": {"han": 1, "fu": 30}},
}


def test_the_hand_views_tile_message_follows_a_language_switch(companion: Companion) -> None:
    """A fifth 1 of characters tapped is refused ("No more 1 of characters"); after a switch to Russian and
    then Japanese the message says it in that language. A typed hand that is not mpsz is said again too."""
    page, _ = companion
    tap(page, "11111m")
    message = page.locator("#hand-message")
    says_after_each_switch(
        page,
        message,
        [
            (None, "No more 1 of characters: all four copies are in use."),
            ("ru", "Больше нет «1 ман»: все четыре тайла уже использованы."),
            ("ja", "1萬はもうありません（4枚とも使われています）。"),
        ],
    )
    page.click("details.typed summary")
    page.fill("#mpsz-hand", "12x")
    says_after_each_switch(
        page,
        message,
        [
            (None, "mpsz ではありません：数字のあとに m・p・s・z。"),
            ("en", "Not mpsz: digits, each group followed by m, p, s or z."),
        ],
    )


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


def test_after_a_refused_hand_the_panel_says_it_shows_the_hand_before(companion: Companion) -> None:
    """Anya rons Papa for 3 han 30 fu (Papa hands her 3,900). The next hand is refused: the message says so
    and the panel under it is headed as the hand before, in Russian too after a switch. The hand after it,
    a draw with only Mama tenpai, is applied: the panel is this hand's again (1,000 from each of the others)."""
    page, _ = companion
    panel = anya_rons_papa(page)
    page.route("**/v1/settle", refuse_riichi_0)
    page.click("#apply")
    expect(page.locator("#game-message")).to_have_text(
        "The service refused this hand. Check: Riichi this hand — too late."
    )
    expect(panel.locator("h3")).to_have_text("The hand before: who handed over what")
    expect(panel.locator("li")).to_have_text([PAPA_ANYA])
    page.unroute("**/v1/settle")
    page.select_option("#lang", "ru")
    expect(panel.locator("h3")).to_have_text("Предыдущая рука: кто кому платил")
    page.select_option("#lang", "en")
    expect(panel.locator("h3")).to_have_text("The hand before: who handed over what")
    record(page, {"type": "draw", "tenpai": [0]}, 2)
    expect(page.locator("#game-message")).to_have_text("")
    expect(panel.locator("h3")).to_have_text("Who hands over what")
    expect(panel.locator("li")).to_have_text(
        [f"{payer} → Mama: 1,000 (No-ten payment) — sticks: 1 × 1,000" for payer in ["Papa", "Anya", "Grandpa"]]
    )


def test_the_services_name_of_an_end_reason_follows_a_language_switch(companion: Companion, server: str) -> None:
    """Tenhou plays agari-yame: at South 4 Grandpa, the dealer, first with 40,000, wins by tsumo (1 han 30 fu)
    and the game ends there. The page has no sentence of its own for that end: it shows the service's name,
    in English, then in Russian and Japanese after a switch, and in Japanese still after a reload."""
    page, _ = companion
    page.click("#tab-game")
    load_file(page, json.dumps(saved_game(preset="tenhou", **AGARI_YAME_BEFORE)))
    expect(page.locator("#game-preset")).to_have_text("Rules: Tenhou · hands played: 0")
    record(page, AGARI_YAME["outcome"], 1)
    answer = httpx.post(f"{server}/v1/settle", json=AGARI_YAME).json()
    assert (answer["game_over"], answer["end_reason"]) == (True, "agari_yame")
    reason = page.locator("#end-reason")
    expect(page.locator("#game-end")).to_be_visible()
    expect(reason).to_have_text("The dealer won in first place and stopped (agari-yame)")
    page.select_option("#lang", "ru")
    expect(reason).to_have_text("Дилер выиграл на первом месте и остановил игру (агари-ямэ)")
    page.select_option("#lang", "ja")
    expect(reason).to_have_text("アガリやめ")
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    page.click("#tab-game")
    expect(reason).to_have_text("アガリやめ")

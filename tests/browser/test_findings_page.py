"""What a second fresh tester found on the table companion, each checked as a person at the table would see
it: the New game card's start points, the game keeper's panel and messages after a language switch, the
hand's payments adding up to its total, honba and sticks out of range, a saved game of another preset,
a refused hand's tiles and the message when the service does not answer."""

from __future__ import annotations

import json

import httpx
from playwright.sync_api import Locator, Page, expect

from .conftest import Guard
from .test_companion import README_BODY, README_HAND, board, confirm, number, record, start_game, tap
from .test_findings import load_file, refuse_riichi_0, saved_game

Companion = tuple[Page, Guard]
ANYA_RONS_PAPA = {"type": "ron", "discarder": 1, "wins": [{"winner": 2, "value": {"han": 3, "fu": 30}}]}
PAPA_ANYA = "Papa → Anya: 3,900 (Ron) — sticks: 3 × 1,000, 9 × 100"


def anya_rons_papa(page: Page) -> Locator:
    """A standard game in which Anya rons Papa for 3 han 30 fu: Papa hands her 3,900 (three 1,000 sticks and nine
    100 sticks), as the payments panel says, headed as this hand's; the panel."""
    start_game(page, "standard")
    record(page, ANYA_RONS_PAPA, 1)
    panel = page.locator("#last-hand")
    expect(panel.locator("h3")).to_have_text("Who hands over what")
    expect(panel.locator("li")).to_have_text([PAPA_ANYA])
    return panel


def test_the_new_game_card_shows_the_start_points_of_the_chosen_preset(companion: Companion, server: str) -> None:
    """standard starts at 25,000, WRC at 30,000, Tenhou's three-player game at 35,000; the line follows the
    Rules selector, the language, and a New game after a game of another preset."""
    page, _ = companion
    page.click("#tab-game")
    start = page.locator("#start-points")
    expect(start).to_have_text("Everyone starts with 25,000.")
    for preset, points in [("wrc", "30,000"), ("tenhou_sanma", "35,000")]:
        page.select_option("#preset", preset)
        expect(start).to_have_text(f"Everyone starts with {points}.")
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
    confirm(page, "#new-game")
    expect(start).to_have_text("Everyone starts with 35,000.")
    expect(page.locator("#name-3")).to_be_hidden()  # and three names to fill in


def test_the_game_keepers_panel_and_refusal_follow_a_language_switch(companion: Companion, server: str) -> None:
    """Anya rons Papa for 3 han 30 fu: Papa hands her 3,900 (three 1,000 sticks and nine 100 sticks). After
    a switch to Russian the panel says it in Russian (the service's name of a ron, Рон, too); a refusal said
    in Russian is said again in Japanese and English after a switch, and so is the panel."""
    page, _ = companion
    panel = anya_rons_papa(page)
    body = {"rules": "standard", "scores": [25000] * 4, "dealer": 0, "first_dealer": 0, "round_wind": "E"}
    ru = httpx.post(f"{server}/v1/settle", json={**body, "outcome": ANYA_RONS_PAPA}, headers={"Accept-Language": "ru"})
    assert [x["name"] for x in ru.json()["transfers"] if x["amount"] > 0] == ["Рон"]
    page.select_option("#lang", "ru")
    expect(panel.locator("h3")).to_have_text("Кто кому платит")
    nbsp = "\u00a0"  # Russian groups thousands with a no-break space
    expect(panel.locator("li")).to_have_text([f"Papa → Anya: 3{nbsp}900 (Рон) — палочки: 3 × 1{nbsp}000, 9 × 100"])
    page.route("**/v1/settle", refuse_riichi_0)
    page.check("#riichi-3")
    page.click("#apply")
    message = page.locator("#game-message")
    expect(message).to_have_text("Сервис не принял эту руку. Проверьте: Риичи в этой руке (Grandpa) — too late.")
    page.unroute("**/v1/settle")
    page.select_option("#lang", "ja")
    expect(message).to_have_text(
        "この局は受け付けられませんでした。 確認してください：この局の立直（Grandpa）（too late）"
    )
    expect(panel.locator("h3")).to_have_text("前の局の支払い")  # the refused hand is not applied: the hand before
    expect(panel.locator("li")).to_have_text(["Papa → Anya：3,900（ロン） — 点棒: 3 × 1,000, 9 × 100"])
    page.select_option("#lang", "en")
    expect(message).to_have_text("The service refused this hand. Check: Riichi this hand (Grandpa) — too late.")


def test_a_saved_game_of_another_preset_switches_the_rules_selector(companion: Companion) -> None:
    """A WRC game (30,000 each) loaded while the page is on standard: the Rules selector says wrc, with its
    description, and stays so after a reload."""
    page, _ = companion
    expect(page.locator("#preset")).to_have_value("standard")
    page.click("#tab-game")
    load_file(page, json.dumps(saved_game(preset="wrc", start_points=30000, scores=[30000] * 4)))
    expect(page.locator("#game-preset")).to_have_text("Rules: WRC · hands played: 0")
    expect(page.locator("#preset")).to_have_value("wrc")
    expect(page.locator("#preset-summary")).to_have_text("World Riichi Championship tournament rules: no red fives.")
    assert board(page) == [30000] * 4
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(page.locator("#preset")).to_have_value("wrc")


def test_offline_the_page_says_so_once(companion: Companion) -> None:
    """The service unreachable (every /v1 request fails): the Score card says "The service does not answer."
    once, and so does the game keeper (not that the service refused the hand)."""
    page, _ = companion
    start_game(page, "standard")
    page.route("**/v1/**", lambda route: route.abort())
    page.click("#apply")
    expect(page.locator("#game-message")).to_have_text("The service does not answer.")
    page.click("#tab-hand")
    page.click("details.typed summary")
    page.fill("#mpsz-hand", README_HAND)
    expect(page.locator("#result")).to_have_text("The service does not answer.")
    expect(page.locator("#quick-score")).to_have_text("The service does not answer.")


def test_who_pays_adds_up_to_the_total_with_honba_and_riichi_sticks(companion: Companion, server: str) -> None:
    """The README hand with riichi, 2 honba and 3 riichi sticks on the table: the discarder pays the mangan
    8,000 and the honba 2 × 300 = 600, the winner takes the sticks 3 × 1,000; 8,000 + 600 + 3,000 = 11,600.
    The same hand by the dealer by tsumo, no riichi (a mangan again), 2 honba and 1 stick: each non-dealer pays
    4,000 and 2 × 100 honba; 4,000 × 3 + 600 + 1,000 = 13,600."""
    page, _ = companion
    tap(page, README_HAND + "2p")
    page.check("#riichi")
    page.fill("#honba", "2")
    page.fill("#sticks", "3")
    page.press("#sticks", "Tab")  # the field left (a typed number counts at once, too)
    expect(page.locator("#score-total")).to_have_text("11,600 points")
    lines = page.locator("ul.payments li")
    assert lines.all_inner_texts() == ["Discarder\n8,000", "Honba × 2\n600", "Riichi sticks × 3\n3,000"]
    api = httpx.post(f"{server}/v1/score", json={**README_BODY, "honba": 2, "riichi_sticks": 3}).json()
    assert api["payments"][0]["amount"] + api["riichi_sticks_won"] == api["total"] == 8000 + 600 + 3000
    page.select_option("#seat-wind", "E")
    page.uncheck("#riichi")
    page.check("input[name=win-type][value=tsumo]")
    page.fill("#sticks", "1")
    page.press("#sticks", "Tab")
    expect(page.locator("#score-total")).to_have_text("13,600 points")
    assert lines.all_inner_texts() == [
        "Each non-dealer × 3\n4,000",
        "Honba × 2 (200 from each payer)\n600",
        "Riichi sticks × 1\n1,000",
    ]
    body = {**README_BODY, "riichi": False, "seat_wind": "E", "win": "tsumo", "honba": 2, "riichi_sticks": 1}
    assert httpx.post(f"{server}/v1/score", json=body).json()["total"] == 4000 * 3 + 600 + 1000


def test_honba_or_sticks_out_of_range_are_set_in_range_and_said_so(companion: Companion, server: str) -> None:
    """150 honba typed: the field shows 100, the message by it says so, and the README hand with riichi is
    scored with 100 honba (8,000 + 100 × 300 = 38,000); −2 sticks become 0; the message follows a language
    switch and goes once a count in range is typed in the field it is about."""
    page, _ = companion
    tap(page, README_HAND + "2p")
    page.check("#riichi")
    message = page.locator("#situation-message")
    page.fill("#honba", "150")
    page.press("#honba", "Tab")
    expect(page.locator("#honba")).to_have_value("100")
    expect(message).to_have_text("Honba must be a whole number from 0 to 100: set to 100.")
    expect(page.locator("#score-total")).to_have_text("38,000 points")
    assert httpx.post(f"{server}/v1/score", json={**README_BODY, "honba": 100}).json()["total"] == 8000 + 30000
    page.fill("#sticks", "-2")
    page.press("#sticks", "Tab")
    expect(page.locator("#sticks")).to_have_value("0")
    expect(message).to_have_text("Riichi sticks on the table must be a whole number from 0 to 100: set to 0.")
    page.select_option("#lang", "ru")
    expect(message).to_have_text("Палочки риичи на столе: только целое число от 0 до 100, поставлено 0.")
    page.fill("#honba", "3")
    page.press("#honba", "Tab")
    expect(message).to_have_text("Палочки риичи на столе: только целое число от 0 до 100, поставлено 0.")
    page.fill("#sticks", "1")
    page.press("#sticks", "Tab")
    expect(message).to_have_text("")
    expect(page.locator("#score-total")).to_have_text("9\u00a0900 очков")  # 8,000 + 3 × 300 + 1,000


def test_a_refused_typed_hand_has_its_tiles_greyed_out(companion: Companion, server: str) -> None:
    """EMA plays without red fives: a hand typed with one (0m) is refused (422), and the tiles shown are greyed
    out (opacity 0.4) until a hand the service takes is typed."""
    page, _ = companion
    page.select_option("#preset", "ema")
    page.click("details.typed summary")
    page.fill("#mpsz-hand", README_HAND)
    page.fill("#mpsz-win", "2p")
    expect(page.locator("#score-total")).to_be_visible()
    hand, win = page.locator("#hand-tiles"), page.locator("#win-tile")
    expect(hand).to_have_css("opacity", "1")
    refused = "234067m3455p234s"
    body = {"rules": "ema", "hand": refused, "win_tile": "2p", "seat_wind": "S"}
    assert httpx.post(f"{server}/v1/score", json=body).status_code == 422
    page.fill("#mpsz-hand", refused)
    expect(page.locator("#result")).to_contain_text("This hand cannot be scored:")
    expect(hand.locator("[data-tile='0m']")).to_have_count(1)
    expect(hand).to_have_css("opacity", "0.4")
    expect(win).to_have_css("opacity", "0.4")
    page.fill("#mpsz-hand", README_HAND)
    expect(page.locator("#score-total")).to_be_visible()
    expect(hand).to_have_css("opacity", "1")
    expect(win).to_have_css("opacity", "1")

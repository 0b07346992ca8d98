"""What the third round of testers found on the table companion, each checked as a person at the table would see
it: a typed field's message kept while that field is wrong, the service's reason for a refused hand, the result of
the hand before marked while the typed tiles are not taken, the payments panel after a reload or a loaded file,
the Rules list once the service answers again, and a loaded game's end reason in the page's language."""

from __future__ import annotations

import json

import httpx
from playwright.sync_api import Page, expect

from .conftest import Guard
from .test_companion import README_HAND, Opener, confirm, tap
from .test_findings import load_file, saved_game, says_after_each_switch
from .test_findings_page import PAPA_ANYA, anya_rons_papa
from .test_findings_page2 import AGARI_YAME, AGARI_YAME_BEFORE

Companion = tuple[Page, Guard]
FIFTH_1M = "No more 1 of characters: all four copies are in use."
NOT_MPSZ = "Not mpsz: digits, each group followed by m, p, s or z."


def reload(page: Page) -> None:
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-ready", "true")


def test_a_typed_fields_message_stays_while_that_field_is_wrong(companion: Companion) -> None:
    """A fifth 1 of characters typed in the Hand field is refused; a good winning tile typed next is taken, and the
    Hand field keeps its text, its mark and its message. A winning tile that is not mpsz adds its own message; the
    hand corrected, the winning tile's message stays alone until it is corrected too. A hand whose fifth copy is the
    winning tile is taken as soon as another winning tile is typed."""
    page, _ = companion
    page.click("details.typed summary")
    hand, win, message = page.locator("#mpsz-hand"), page.locator("#mpsz-win"), page.locator("#hand-message")
    hand.fill("11111m")
    expect(message).to_have_text(FIFTH_1M)
    win.fill("2p")
    expect(page.locator("#win-tile [data-tile='2p']")).to_have_count(1)
    expect(hand).to_have_value("11111m")
    expect(hand).to_have_attribute("aria-invalid", "true")
    expect(message).to_have_text(FIFTH_1M)
    win.fill("2x")
    expect(message).to_have_text(f"{FIFTH_1M} {NOT_MPSZ}")
    hand.fill(README_HAND)
    expect(hand).to_have_attribute("aria-invalid", "false")
    expect(message).to_have_text(NOT_MPSZ)
    expect(win).to_have_attribute("aria-invalid", "true")
    win.fill("2p")
    expect(message).to_have_text("")
    expect(page.locator("#score-total")).to_have_text("7,700 points")
    win.fill("1m")
    hand.fill("1111m234m3455p23s")
    expect(message).to_have_text(FIFTH_1M)
    expect(page.locator("#hand-count")).to_have_text("13 of 13 tiles in the hand")
    win.fill("2p")
    expect(message).to_have_text("")
    expect(hand).to_have_attribute("aria-invalid", "false")
    expect(page.locator("#hand-tiles [data-tile='1m']")).to_have_count(4)


def test_a_refused_hand_says_the_services_reason(companion: Companion, server: str) -> None:
    """Two red 5 of circles typed (00p) where the rules have one red five a suit: the Score card names the Hand
    field in the page's words and says the service's reason in the page's language (the service answers in the
    language the page asks for), in English, Russian and Japanese."""
    page, _ = companion
    page.click("details.typed summary")
    page.fill("#mpsz-hand", "234567m3400p234s")
    page.fill("#mpsz-win", "2p")
    body = {"hand": "234567m3400p234s", "win_tile": "2p", "seat_wind": "S"}
    problem = httpx.post(f"{server}/v1/score", json=body)
    assert problem.status_code == 422
    [error] = problem.json()["errors"]
    reason = "2 red fives of suit p; these rules have one per suit (option aka_per_suit)"
    assert error == {"field": "hand", "message": reason}
    expect(page.locator("#result p").first).to_have_text("This hand cannot be scored:")
    says_after_each_switch(
        page,
        page.locator("#result p").nth(1),
        [
            (None, f"Check: Your hand — {reason}."),
            (
                "ru",
                "Проверьте: Ваша рука — 2 красные пятёрки масти p; по этим правилам по одной на масть "
                "(опция aka_per_suit).",
            ),
            (
                "ja",
                "確認してください：あなたの手牌（スート p の赤五が2枚あります。このルールでは各スート1枚です"
                "（オプション aka_per_suit））",
            ),
        ],
    )


def test_the_hand_befores_result_is_marked_while_the_typed_hand_is_not_taken(companion: Companion) -> None:
    """The README hand tapped in scores 7,700. Its Hand field turned to text that is not mpsz: the Score card and the
    line under the hand are dimmed and say they are the previous hand's (in Russian too, after a switch); the hand
    typed right again, the new result is shown as it is."""
    page, _ = companion
    tap(page, README_HAND + "2p")
    total, result, quick = page.locator("#score-total"), page.locator("#result"), page.locator("#quick-score")
    expect(total).to_have_text("7,700 points")
    notes = page.locator("#stale-note, #quick-stale")
    expect(notes).to_have_count(2)
    for note in notes.all():
        expect(note).to_be_hidden()
    page.click("details.typed summary")
    page.fill("#mpsz-hand", "234567m34x")
    for note in notes.all():
        expect(note).to_be_visible()
    expect(notes).to_have_text(["The result below is for the previous hand: the tiles typed are not taken."] * 2)
    expect(result).to_have_css("opacity", "0.5")
    expect(quick).to_have_css("opacity", "0.5")
    expect(total).to_have_text("7,700 points")
    page.select_option("#lang", "ru")
    expect(notes).to_have_text(["Результат ниже — для прежней руки: введённые тайлы не приняты."] * 2)
    expect(result).to_have_css("opacity", "0.5")
    page.select_option("#lang", "en")
    page.fill("#mpsz-hand", README_HAND)
    expect(total).to_have_text("7,700 points")
    for note in notes.all():
        expect(note).to_be_hidden()
    expect(result).to_have_css("opacity", "1")
    expect(quick).to_have_css("opacity", "1")


def test_the_payments_panel_is_back_after_a_reload_and_in_a_loaded_game(companion: Companion) -> None:
    """Anya rons Papa (3,900). After a reload the panel says who hands over what, as before it; the game saved,
    a new game started, the page switched to Russian and the saved game loaded: the panel says it again, in
    Russian (the service's name of a ron too)."""
    page, _ = companion
    panel = anya_rons_papa(page)
    reload(page)
    page.click("#tab-game")
    expect(panel.locator("h3")).to_have_text("Who hands over what")
    expect(panel.locator("li")).to_have_text([PAPA_ANYA])
    saved = page.evaluate("() => localStorage.getItem('riichi-companion-game')")
    confirm(page, "#new-game")
    expect(panel).to_have_text("")
    page.select_option("#lang", "ru")
    load_file(page, saved)
    expect(page.locator("#game-board")).to_be_visible()
    expect(panel.locator("h3")).to_have_text("Кто кому платит")
    nbsp = "\u00a0"
    expect(panel.locator("li")).to_have_text([f"Papa → Anya: 3{nbsp}900 (Рон) — палочки: 3 × 1{nbsp}000, 9 × 100"])


def test_the_rules_list_is_filled_once_the_service_answers_again(companion: Companion, server: str) -> None:
    """WRC chosen, then the page opened again while the service is down: the Rules list keeps WRC and says the
    service does not answer. Once the service is back the list has every preset GET /v1/rules lists, WRC still
    chosen with its description, and a hand tapped in is scored (WRC rounds 4 han 30 fu up to a mangan)."""
    page, _ = companion
    page.select_option("#preset", "wrc")
    page.route("**/v1/**", lambda route: route.abort())
    reload(page)
    options, summary = page.locator("#preset option"), page.locator("#preset-summary")
    expect(options).to_have_text(["WRC"])
    expect(summary).to_have_text("The service does not answer.")
    page.unroute("**/v1/**")
    presets = [p["id"] for p in httpx.get(f"{server}/v1/rules").json()["presets"]]
    assert len(presets) > 1
    expect(options).to_have_count(len(presets), timeout=15_000)
    assert options.evaluate_all("os => os.map(o => o.value)") == presets
    expect(page.locator("#preset")).to_have_value("wrc")
    expect(summary).to_have_text("World Riichi Championship tournament rules: no red fives.")
    tap(page, README_HAND + "2p")
    expect(page.locator("#score-total")).to_have_text("8,000 points")
    body = {"rules": "wrc", "hand": README_HAND, "win_tile": "2p", "seat_wind": "S"}
    assert httpx.post(f"{server}/v1/score", json=body).json()["total"] == 8000


def test_a_kept_game_outlasts_a_page_opened_while_the_service_is_down(companion: Companion) -> None:
    """Anya rons Papa; the page opened again while the service is down keeps the game (it cannot tell that its
    preset is gone): once the service is back the board and the panel are there, and after another reload too."""
    page, _ = companion
    panel = anya_rons_papa(page)
    page.route("**/v1/**", lambda route: route.abort())
    reload(page)
    page.click("#tab-game")
    expect(page.locator("#game-board")).to_be_visible()
    expect(page.locator("#game-preset")).to_have_text("Rules: Standard riichi · hands played: 1")
    page.unroute("**/v1/**")
    expect(panel.locator("li")).to_have_text([PAPA_ANYA], timeout=15_000)
    reload(page)
    page.click("#tab-game")
    expect(page.locator("#game-preset")).to_have_text("Rules: Standard riichi · hands played: 1")


def test_a_loaded_games_end_reason_is_said_in_the_pages_language(open_companion: Opener, server: str) -> None:
    """A Tenhou game that ended in agari-yame, saved by an English page, loaded into a Russian one: the service's
    name of the end is said in Russian at once."""
    page, _ = open_companion(locale="ru-RU")
    answer = httpx.post(f"{server}/v1/settle", json=AGARI_YAME).json()
    assert (answer["end_reason"], answer["end_reason_name"]) == (
        "agari_yame",
        "The dealer won in first place and stopped (agari-yame)",
    )
    before = {**AGARI_YAME_BEFORE, "honba": 0, "riichi_sticks": 0}
    game = saved_game(
        preset="tenhou",
        **{**AGARI_YAME_BEFORE, "scores": answer["scores"]},
        hands=[{"before": before, "request": AGARI_YAME, "result": answer}],
        over=True,
        end_reason=answer["end_reason"],
        end_reason_name=answer["end_reason_name"],
    )
    page.click("#tab-game")
    load_file(page, json.dumps(game))
    expect(page.locator("#game-end")).to_be_visible()
    expect(page.locator("#end-reason")).to_have_text("Дилер выиграл на первом месте и остановил игру (агари-ямэ)")

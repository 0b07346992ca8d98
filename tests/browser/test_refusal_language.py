"""A refused hand says the service's reason in the page's language, on the field it names: the page asks for
its language with ``Accept-Language`` and the service answers its 422 in it (/docs/endpoints, Problems); the
control of the field at fault is marked invalid and described by the result that says why."""

from __future__ import annotations

import httpx
from playwright.sync_api import Page, expect

from .test_companion import README_HAND, Opener, start_game

RED_FIVE_HAND = "234067m3455p234s"
"""The README's hand with its 5m a red five (0m): EMA plays without red fives (option aka_per_suit 0)."""


def typed(page: Page, hand: str, win: str, dora: str = "") -> None:
    page.select_option("#preset", "ema")
    page.click("details.typed summary")
    page.fill("#mpsz-hand", hand)
    page.fill("#mpsz-win", win)
    if dora:
        page.fill("#mpsz-dora", dora)


def test_a_refused_hand_says_the_reason_in_the_pages_language_on_the_hand(open_companion: Opener, server: str) -> None:
    body = {"rules": "ema", "hand": RED_FIVE_HAND, "win_tile": "2p", "seat_wind": "S"}
    english = httpx.post(f"{server}/v1/score", json=body).json()["errors"]
    assert english == [
        {"field": "hand", "message": "1 red five of suit m; these rules have no red fives (option aka_per_suit)"}
    ]
    page, _ = open_companion(locale="ru-RU")
    typed(page, RED_FIVE_HAND, "2p")
    result = page.locator("#result")
    expect(result).to_contain_text("Эту руку нельзя посчитать")
    reason = "1 красная пятёрка масти m; по этим правилам красных пятёрок нет (опция aka_per_suit)"
    expect(result.locator("p").nth(1)).to_have_text(f"Проверьте: Ваша рука — {reason}.")
    hand = page.locator("#hand-tiles")
    expect(hand).to_have_attribute("aria-invalid", "true")
    expect(hand).to_have_attribute("aria-describedby", "result")
    expect(page.locator("#dora-tiles")).not_to_have_attribute("aria-invalid", "true")

    page.select_option("#lang", "ja")  # the same refusal, asked for again in Japanese
    expect(result.locator("p").nth(1)).to_contain_text("スート m の赤五が1枚あります。このルールでは赤五はありません")
    page.select_option("#lang", "en")
    expect(result.locator("p").nth(1)).to_contain_text(english[0]["message"])

    page.fill("#mpsz-hand", README_HAND)  # a hand the service takes: nothing is marked any more
    expect(page.locator("#score-total")).to_be_visible()
    expect(hand).not_to_have_attribute("aria-invalid", "true")


def test_a_refused_indicator_marks_the_dora_not_the_hand(open_companion: Opener) -> None:
    page, _ = open_companion(locale="ru-RU")
    typed(page, README_HAND, "2p", dora="0p")
    result = page.locator("#result")
    expect(result).to_contain_text("1 красная пятёрка масти p; по этим правилам красных пятёрок нет")
    expect(page.locator("#dora-tiles")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#hand-tiles")).not_to_have_attribute("aria-invalid", "true")


def test_the_game_view_says_a_settlement_refusal_in_russian_on_the_fu(open_companion: Opener) -> None:
    """A 1-han 20-fu ron cannot be (20 fu is a closed pinfu tsumo): the service's reason in Russian after the
    page's own words, and the fu control marked invalid."""
    page, _ = open_companion(locale="ru-RU")
    start_game(page, "standard")
    page.select_option("#outcome", "ron")
    page.select_option("#winner", "1")
    page.select_option("#discarder", "2")
    page.fill("#value-han", "1")
    page.select_option("#value-fu", "20")
    page.click("#apply")
    message = page.locator("#game-message")
    expect(message).to_contain_text("Сервис не принял эту руку.")
    expect(message).to_contain_text("20 фу — только закрытое пинфу цумо; рон — не меньше 30 фу")
    expect(page.locator("#value-fu")).to_have_attribute("aria-invalid", "true")

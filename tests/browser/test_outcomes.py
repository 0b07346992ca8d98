"""Every outcome ``POST /v1/settle`` has, entered in the Game view's form and played to the end: a double ron,
an abortive draw, nagashi mangan, a chombo and a pao yakuman (the bust that ends the game); and the same form
in a three-player game. Each score is worked out by hand in the test's docstring (/docs/rules §3, /docs/rulesets
§4–§7)."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from .conftest import DESKTOP, screenshot
from .test_companion import NAMES, README_HAND, Opener, board, start_game, tap


def apply(page: Page) -> None:
    before = page.locator("#game-preset").inner_text()
    page.click("#apply")
    expect(page.locator("#game-preset")).not_to_have_text(before)


def test_double_ron_abortive_nagashi_chombo_and_pao_to_the_end(open_companion: Opener) -> None:
    """Standard rules, 25,000 each, Mama (seat 0) deals.

    1. Papa discards; Anya (2 han 40 fu: 2,600) and Grandpa (1 han 30 fu: 1,000) both ron: Papa pays 3,600;
       Mama (dealer) did not win, so Papa deals. 25,000 / 21,400 / 27,600 / 26,000.
    2. Nine terminals (kyuushu kyuuhai), abortive: no points move, Papa deals again, honba 1.
    3. A draw, Anya's discards all terminals and honours: nagashi mangan for a non-dealer, as a tsumo mangan:
       Papa (dealer) 4,000, Mama and Grandpa 2,000 each; nobody tenpai, so the deal passes to Anya, honba 2.
       23,000 / 17,400 / 35,600 / 24,000.
    4. Grandpa's chombo (standard: a reverse mangan): 4,000 to Anya (dealer), 2,000 to Mama and to Papa; the
       hand is replayed. 25,000 / 19,400 / 39,600 / 16,000.
    5. Mama's tsumo yakuman (daisangen), Papa fed the third dragon (pao): Papa pays all of it, 32,000 and the
       2 honba (600): 57,600 / −13,200: Papa is bust and the game is over."""
    page, _ = open_companion()
    start_game(page, "standard")
    # 1: double ron
    page.select_option("#outcome", "ron")
    page.select_option("#winner", "2")
    page.select_option("#discarder", "1")
    page.fill("#value-han", "2")
    page.select_option("#value-fu", "40")
    expect(page.locator("#extra-win-1")).to_be_visible()
    page.select_option("#winner-1", "3")
    page.fill("#value-han-1", "1")
    page.select_option("#value-fu-1", "30")
    apply(page)
    assert board(page) == [25000, 21400, 27600, 26000]
    expect(page.locator("#board-body tr[data-seat='1'] .badge")).to_be_visible()
    # 2: abortive draw
    page.select_option("#outcome", "abortive")
    expect(page.locator("#abortive-kind input[type=radio]")).to_have_count(4)  # standard has four, not sanchahou
    page.check("#abortive-kyuushu_kyuuhai")
    apply(page)
    assert board(page) == [25000, 21400, 27600, 26000]
    expect(page.locator("#board-honba")).to_contain_text("East 2 · Honba: 1")
    # 3: nagashi mangan
    page.select_option("#outcome", "draw")
    page.check("#nagashi-2")
    apply(page)
    assert board(page) == [23000, 17400, 35600, 24000]
    expect(page.locator("#board-body tr[data-seat='2'] .badge")).to_be_visible()
    # 4: chombo
    page.select_option("#outcome", "chombo")
    page.select_option("#chombo-seat", "3")
    apply(page)
    assert board(page) == [25000, 19400, 39600, 16000]
    # 5: pao
    page.select_option("#outcome", "tsumo")
    page.select_option("#winner", "0")
    page.fill("#value-yakuman", "1")
    page.select_option("#pao", "1")
    apply(page)
    assert board(page) == [57600, -13200, 39600, 16000]
    expect(page.locator("#game-end")).to_be_visible()
    expect(page.locator("#standings-body tr")).to_have_count(4)


def test_a_three_player_game_has_three_seats_everywhere(open_companion: Opener) -> None:
    """Tenhou sanma, 35,000 each: no chombo (option `chombo` none), no third winner on a discard (three players
    have at most two), three seats in every list. A draw with
    Papa's nagashi mangan: a non-dealer's tsumo mangan with the north's share lost (tsumo loss): Mama (dealer)
    4,000 and Anya 2,000: 31,000 / 41,000 / 33,000."""
    page, _ = open_companion()
    page.select_option("#preset", "tenhou_sanma")
    page.click("#tab-game")
    for seat, name in enumerate(["Mama", "Papa", "Anya"]):
        page.fill(f"#name-{seat}", name)
    page.click("#start")
    expect(page.locator("#board-body tr")).to_have_count(3)
    expect(page.locator("#outcome-chombo")).to_be_hidden()
    page.select_option("#outcome", "ron")
    expect(page.locator("#winner-1 option")).to_have_count(4)  # nobody and the three players
    page.select_option("#winner-1", "2")
    expect(page.locator("#extra-win-2")).to_be_hidden()
    expect(page.locator("#pao option")).to_have_count(4)
    page.select_option("#winner-1", "")
    page.select_option("#outcome", "abortive")
    expect(page.locator("#abortive-kind input[type=radio]")).to_have_count(2)  # kyuushu kyuuhai and suukaikan
    page.select_option("#outcome", "draw")
    expect(page.locator("#nagashi-row-3")).to_be_hidden()
    page.check("#nagashi-1")
    apply(page)
    assert board(page) == [31000, 41000, 33000]


def test_the_history_lists_every_hand_and_prints_alone(open_companion: Opener) -> None:
    """Two hands of a standard game (Mama deals East 1): Anya rons Papa for 2 han 40 fu (2,600), then a draw
    with Anya alone tenpai (3,000 from the three others: 1,000 each). The history has one row a hand, with the
    round, what happened and each player's points; the scoreboard shows each seat's wind as its tile (Papa
    deals after the ron: Papa East, Anya South, Grandpa West, Mama North). Printed, only the history shows."""
    page, _ = open_companion(viewport=DESKTOP)
    start_game(page, "standard")
    page.select_option("#outcome", "ron")
    page.select_option("#winner", "2")
    page.select_option("#discarder", "1")
    page.fill("#value-han", "2")
    page.select_option("#value-fu", "40")
    apply(page)
    winds = page.locator("#board-body .who .tile").evaluate_all("els => els.map((e) => e.getAttribute('aria-label'))")
    assert winds == ["North wind", "East wind", "South wind", "West wind"]
    page.select_option("#outcome", "draw")
    page.check("#tenpai-2")
    apply(page)
    rows = [r.split("\t") for r in page.locator("#history-body tr").all_inner_texts()]
    assert rows == [
        ["1", "East 1", "Ron: Anya ← Papa", "·", "\u22122,600", "+2,600", "·"],
        ["2", "East 2", "Draw (nobody won)", "\u22121,000", "\u22121,000", "+3,000", "\u22121,000"],
    ]
    expect(page.locator("#history-head th")).to_have_text(["#", "Hand", "What happened", *NAMES])
    page.evaluate("window.print = () => {}")  # the dialog itself is the browser's
    page.click("#print-history")
    page.emulate_media(media="print")
    expect(page.locator("#history")).to_be_visible()
    for hidden in ("#board", "#record", "#view-table", ".bar"):
        expect(page.locator(hidden)).to_be_hidden()
    screenshot(page, "history-print")


def a4_pages(page: Page) -> int:
    """The pages of the page printed on A4 (chromium's PDF of the print media)."""
    return len(re.findall(rb"/Type\s*/Page[^s]", page.pdf(format="A4")))


def test_a_points_table_prints_on_one_a4_page_and_the_kids_sheet_has_its_example(open_companion: Opener) -> None:
    """Printed, the standard table (non-dealer and dealer grids, 1–4 han × 20–110 fu, and the limits) and the
    three-player one are one A4 page each (they were two). The kids sheet has its worked example: 14 tiles
    drawn and the lines riichi 2 + pon 1 + pon 1 + tsumo 1 = 5 (/docs/rules §5, the kids preset)."""
    page, _ = open_companion(viewport=DESKTOP)
    for preset in ("standard", "tenhou_sanma"):
        page.select_option("#preset", preset)
        page.click("#tab-table")
        expect(page.locator("table.points")).to_have_count(3)
        assert a4_pages(page) == 1, preset
    page.select_option("#preset", "kids")
    expect(page.locator(".kids-example .tile")).to_have_count(14)
    expect(page.locator(".kids-example ul li")).to_have_text(
        ["Riichi — 2 points", "Pon 333p — 1 point", "Pon 777s — 1 point", "Tsumo — 1 point", "Total: 5 points"]
    )
    assert a4_pages(page) == 1
    page.emulate_media(media="print")
    screenshot(page, "kids-sheet-print")


def test_the_result_card_shows_the_hand_large_and_the_limit_as_a_banner(open_companion: Opener) -> None:
    """The README hand (riichi, pinfu, tanyao, sanshoku: 5 han, mangan, 8,000) on a phone: a "Mangan" banner,
    the hand drawn as the service read it (234m 567m 234p 234s 55p: five sets, 14 tiles) and the tile it was
    won on (2p, by ron). A 1 han hand has no banner."""
    page, _ = open_companion()
    tap(page, README_HAND + "2p")
    page.check("#riichi")
    expect(page.locator("#score-total")).to_have_text("8,000 points")
    expect(page.locator("#result .limit-banner")).to_have_text("Mangan")
    expect(page.locator("#result .win-hand .set")).to_have_count(5)
    expect(page.locator("#result .win-hand .set .tile")).to_have_count(14)
    expect(page.locator("#result .win-hand .won-on")).to_have_text("won by ron on")
    expect(page.locator("#result .win-hand .won-on .tile")).to_have_attribute("data-tile", "2p")
    screenshot(page, "result-card-phone")
    page.uncheck("#riichi")  # pinfu, tanyao, sanshoku: 4 han 30 fu, 7,700: no limit
    expect(page.locator("#score-total")).to_have_text("7,700 points")
    expect(page.locator("#result .limit-banner")).to_have_count(0)


def test_who_pays_whom_is_drawn_between_the_seats(open_companion: Opener) -> None:
    """A tsumo by Anya (2 han 30 fu, non-dealer: 500 from each non-dealer, 1,000 from Mama the dealer): three
    arrows towards Anya, the seat across from Mama, each with its amount, and the four names around."""
    page, _ = open_companion(viewport=DESKTOP)
    start_game(page, "standard")
    page.select_option("#outcome", "tsumo")
    page.select_option("#winner", "2")
    page.fill("#value-han", "2")
    page.select_option("#value-fu", "30")
    apply(page)
    assert board(page) == [24000, 24500, 27000, 24500]
    diagram = page.locator("#last-hand svg.seats-diagram")
    expect(diagram.locator(".seat-name")).to_have_text(NAMES)
    expect(diagram.locator(".pay-line")).to_have_count(3)
    assert sorted(diagram.locator(".pay-amount").all_text_contents()) == ["1,000", "500", "500"]
    # every arrow ends nearer Anya (top middle, 160 / 22) than it starts
    ends = diagram.locator(".pay-line").evaluate_all(
        "els => els.map((e) => ['x1', 'y1', 'x2', 'y2'].map((k) => Number(e.getAttribute(k))))"
    )
    for x1, y1, x2, y2 in ends:
        assert (x2 - 160) ** 2 + (y2 - 22) ** 2 < (x1 - 160) ** 2 + (y1 - 22) ** 2
    screenshot(page, "who-pays-whom-desktop")

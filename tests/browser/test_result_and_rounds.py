"""The Hand view's result card draws who pays whom between the seats (as the Game view does); a preset without
winds plays no rounds (the family's game goes on until a player is out, /docs/rules §4); a triple ron is played
and a refusal of a further winner's value marks that winner's field. Each value is worked out by hand in the
test's docstring (/docs/rules §3, /docs/rulesets §4–§7)."""

from __future__ import annotations

import json

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from .conftest import AXE_CORE, DESKTOP, PHONE, screenshot
from .test_companion import README_HAND, Opener, board, overflow, start_game, tap
from .test_findings import load_file, saved_game
from .test_outcomes import apply


def arrows(page: Page, where: str) -> list[tuple[float, float, float, float]]:
    return page.locator(f"{where} svg.seats-diagram .pay-line").evaluate_all(
        "els => els.map((e) => ['x1', 'y1', 'x2', 'y2'].map((k) => Number(e.getAttribute(k))))"
    )


def test_the_hand_views_result_card_draws_who_pays_whom(open_companion: Opener) -> None:
    """The README hand won by tsumo by South with riichi, honba 1 and 1 riichi stick on the table: riichi, menzen
    tsumo, pinfu, tanyao, sanshoku = 6 han, haneman, a non-dealer's tsumo 3,000 / 6,000, each payer +100 for the
    honba: West and North pay 3,100, East (the dealer) 6,100, and the stick (1,000) comes from the middle. The
    winner sits at the bottom (160 / 196), West to the right, North across, East to the left: every arrow ends
    nearer the winner than it starts; 3,100 + 3,100 + 6,100 + 1,000 = 13,300. By ron (no menzen tsumo: 5 han,
    mangan) the discarder alone pays, 8,000 + 300 = 8,300, from across."""
    page, _ = open_companion(viewport=DESKTOP)
    tap(page, README_HAND + "2p")
    page.check("#riichi")
    page.check("input[name=win-type][value=tsumo]")
    page.fill("#honba", "1")
    page.fill("#sticks", "1")
    expect(page.locator("#score-total")).to_have_text("13,300 points")
    diagram = page.locator("#result svg.seats-diagram")
    expect(diagram.locator(".seat-name:not(.table-pot)")).to_have_text(["Winner (South)", "West", "North", "East"])
    expect(diagram.locator(".table-pot")).to_have_text("table")
    assert diagram.locator(".pay-amount").all_text_contents() == ["3,100", "3,100", "6,100", "1,000"]
    lines = arrows(page, "#result")
    for x1, y1, x2, y2 in lines:
        assert (x2 - 160) ** 2 + (y2 - 196) ** 2 < (x1 - 160) ** 2 + (y1 - 196) ** 2
    assert lines[2][0] < 160  # East's 6,100 comes from the left
    screenshot(page, "hand-who-pays-desktop")
    page.check("input[name=win-type][value=ron]")
    expect(page.locator("#score-total")).to_have_text("9,300 points")
    expect(diagram.locator(".seat-name:not(.table-pot)")).to_have_text(["Winner (South)", "Discarder"])
    assert diagram.locator(".pay-amount").all_text_contents() == ["8,300", "1,000"]
    (x1, y1, x2, y2), _ = arrows(page, "#result")
    assert y1 < y2  # from across, down to the winner
    assert abs(x1 - 160) < 1


def test_a_kostarev_game_plays_no_rounds_and_goes_on_past_eight_hands(open_companion: Opener) -> None:
    """Kostarev has no winds (/docs/rules §4): the history names each hand by its dealer (the column "Dealer"),
    not "East 1"; the scoreboard shows no wind tiles; and
    the game is not ended after South 4 (it ends only when a player is out): nine draws in a row (nobody pays,
    the deal passes each time) leave the game going, 25,000 each."""
    page, _ = open_companion(viewport=DESKTOP)
    start_game(page, "kostarev")
    for _ in range(9):
        page.select_option("#outcome", "draw")
        apply(page)
    expect(page.locator("#game-end")).to_be_hidden()
    expect(page.locator("#record")).to_be_visible()
    assert board(page) == [25000, 25000, 25000, 25000]
    rounds = page.locator("#history-body tr td:nth-child(2)").all_inner_texts()
    assert rounds[:5] == ["Mama", "Papa", "Anya", "Grandpa", "Mama"]
    expect(page.locator("#history-head th").nth(1)).to_have_text("Dealer")
    assert not any("East" in r or "South" in r for r in rounds)
    expect(page.locator("#board-honba")).not_to_contain_text("East")
    expect(page.locator("#board-body .who .tile")).to_have_count(0)


def test_a_triple_ron_and_a_refused_further_winner(open_companion: Opener) -> None:
    """Standard rules (three rons on one discard are paid: no sanchahou), 25,000 each, Mama deals. Papa discards;
    Anya (2 han 40 fu: 2,600), Grandpa (1 han 30 fu: 1,000) and Mama, the dealer (3 han 30 fu: 5,800) win: Papa
    pays 9,400. Mama repeats the deal. 30,800 / 15,600 / 27,600 / 26,000.

    Before that, the third winner entered as 1 han 20 fu (a ron cannot be 20 fu with 1 han): the service refuses
    it, and the third winner's Fu field is the one marked, not the first winner's."""
    page, _ = open_companion(viewport=DESKTOP)
    start_game(page, "standard")
    page.select_option("#outcome", "ron")
    page.select_option("#winner", "2")
    page.select_option("#discarder", "1")
    page.fill("#value-han", "2")
    page.select_option("#value-fu", "40")
    page.select_option("#winner-1", "3")
    page.fill("#value-han-1", "1")
    page.select_option("#value-fu-1", "30")
    expect(page.locator("#extra-win-2")).to_be_visible()
    page.select_option("#winner-2", "0")
    page.fill("#value-han-2", "1")
    page.select_option("#value-fu-2", "20")
    page.click("#apply")
    expect(page.locator("#game-message")).to_contain_text("Mama")
    expect(page.locator("#value-fu-2")).to_have_attribute("aria-invalid", "true")
    for first in ("#value-han", "#value-fu", "#value-han-1", "#value-fu-1"):
        expect(page.locator(first)).not_to_have_attribute("aria-invalid", "true")
    assert board(page) == [25000, 25000, 25000, 25000]
    page.fill("#value-han-2", "3")
    page.select_option("#value-fu-2", "30")
    apply(page)
    assert board(page) == [30800, 15600, 27600, 26000]
    row = page.locator("#history-body tr").first.inner_text().split("\t")
    assert row[2] == "Ron: Anya + Grandpa + Mama ← Papa"
    expect(page.locator("#value-fu-2")).not_to_have_attribute("aria-invalid", "true")
    expect(page.locator("#board-body tr[data-seat='0'] .badge")).to_be_visible()  # Mama deals again
    screenshot(page, "triple-ron-desktop")


def test_the_kids_sheet_says_its_points_as_the_worked_example_counts_them(open_companion: Opener) -> None:
    """The kids' points (/docs/rules §5): a win 1, or 2 with riichi instead; +1 each pon, +2 each kan, chi 0,
    +1 tsumo, +1 a closed hand won without riichi, +2 seven pairs. The worked example below it (riichi, two
    closed triplets, tsumo) counts riichi 2 + 1 + 1 + tsumo 1 = 5: no "win 1" beside the riichi 2 and no
    closed-hand point, which the list now says. The same in Russian."""
    page, _ = open_companion(viewport=DESKTOP)
    page.select_option("#preset", "kids")
    page.click("#tab-table")
    items = page.locator("#table-body ul.kids-points li")
    expect(items).to_have_text(
        [
            "A win without riichi1",
            "A win with riichi (instead of the 1 for a win)2",
            "Each pon: three alike, called or kept in the hand+1",
            "Each kan, open or closed+2",
            "Chi (three in a row)0",
            "Tsumo: the winning tile drawn by yourself+1",
            "A closed hand, won without riichi+1",
            "Seven pairs+2",
        ]
    )
    expect(page.locator(".kids-example ul li").last).to_have_text("Total: 5 points")
    page.select_option("#lang", "ru")
    expect(items.first).to_have_text("Победа без риичи1")
    expect(page.locator("#table-body li[data-item='closed_hand']")).to_have_text("Закрытая рука при победе без риичи+1")
    expect(page.locator(".kids-example ul li").last).to_have_text("Итого: 5 очков")


INSIDE = """els => els.filter((e) => { const b = e.getBBox(); return b.x < 0 || b.x + b.width > 320; })
    .map((e) => e.textContent)"""


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
@pytest.mark.parametrize("locale", ["en-US", "ru-RU", "ja-JP"])
def test_the_new_states_are_accessible_and_fit(open_companion: Opener, locale: str, viewport: dict[str, int]) -> None:
    """The states added here, scanned by axe-core's npm release (no violation of any impact) in each language at
    phone and desktop width, with nothing reaching past the screen's edges and every name of the diagrams inside
    the picture: a kostarev tsumo on the Hand view (the payers named "Dealer" and "Non-dealer", no winds), a
    kostarev game with two hands (the history's "Dealer" column) and the kids sheet."""
    axe = Axe(axe_script=AXE_CORE.read_text(encoding="utf-8"))
    page, _ = open_companion(locale=locale, viewport=viewport)
    page.select_option("#preset", "kostarev")
    tap(page, README_HAND + "2p")
    page.check("input[name=win-type][value=tsumo]")
    diagram = page.locator("#result svg.seats-diagram")
    expect(diagram.locator(".pay-line")).to_have_count(3)
    assert diagram.locator("text").evaluate_all(INSIDE) == []
    found = {"hand": axe.run(page).response["violations"]}
    assert overflow(page) == []
    start_game(page, "kostarev")
    for _ in range(2):
        page.select_option("#outcome", "draw")
        apply(page)
    page.select_option("#outcome", "tsumo")
    page.select_option("#winner", "3")
    page.fill("#value-han", "2")
    apply(page)
    expect(page.locator("#history-body tr")).to_have_count(3)
    assert page.locator("#last-hand svg.seats-diagram text").evaluate_all(INSIDE) == []
    found["game"] = axe.run(page).response["violations"]
    assert overflow(page) == []
    page.select_option("#preset", "kids")
    page.click("#tab-table")
    expect(page.locator(".kids-example ul li")).to_have_count(5)
    found["table"] = axe.run(page).response["violations"]
    assert overflow(page) == []
    seen = {view: [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in found[view]] for view in found}
    assert seen == {"hand": [], "game": [], "table": []}
    screenshot(page, f"kids-sheet-{locale}-{'phone' if viewport == PHONE else 'desktop'}")


def test_the_kids_worked_example_is_entered_by_tapping_its_tiles_into_the_hand(open_companion: Opener) -> None:
    """Under the kids rules the call modes say they are for a discard taken from another player (they open the
    hand), and a note says three alike drawn yourself go into the hand: the worked example tapped straight in
    (333p 777s 123m 456m 8p, 8p drawn), riichi and tsumo, is riichi 2 + pon 1 + pon 1 + tsumo 1 = 5
    (/docs/rules §5). The standard rules keep the plain names and no note."""
    page, _ = open_companion(locale="ru-RU")
    page.select_option("#preset", "kids")
    expect(page.locator("#kids-hint")).to_be_visible()
    expect(page.locator("#label-pon")).to_have_text("Пон с чужого сброса (рука открывается)")
    tap(page, "333p777s123m456m8p8p")
    page.check("#riichi")
    page.check("input[name=win-type][value=tsumo]")
    expect(page.locator("#score-total")).to_have_text("5 очков")
    screenshot(page, "kids-example-entered-ru-phone")
    page.select_option("#lang", "en")
    expect(page.locator("#label-pon")).to_have_text("Pon from a discard (opens the hand)")
    page.select_option("#preset", "standard")
    expect(page.locator("#kids-hint")).to_be_hidden()
    expect(page.locator("#label-pon")).to_have_text("Pon")
    expect(page.locator("#label-kan")).to_have_text("Open kan")


def test_a_kostarev_game_kept_with_a_round_loses_it_when_loaded(open_companion: Opener) -> None:
    """A kostarev game saved while the page still kept "East" for it (one draw played, Papa deals next): loaded,
    it has no round: the history names the hand by its dealer, Mama, and the board no wind."""
    page, _ = open_companion(viewport=DESKTOP)
    draw = {"type": "draw", "tenpai": []}
    before = {"scores": [25000] * 4, "dealer": 0, "honba": 0, "riichi_sticks": 0, "round_wind": "E"}
    request = {"rules": "kostarev", "scores": [25000] * 4, "dealer": 0, "first_dealer": 0, "outcome": draw}
    result = {"scores": [25000] * 4, "deltas": [0, 0, 0, 0], "transfers": [], "next_hand": {"dealer": 1}}
    hand = {"before": before, "request": {**request, "round_wind": "E"}, "result": result}
    game = saved_game(preset="kostarev", dealer=1, round_wind="E", hands=[hand])
    page.click("#tab-game")
    load_file(page, json.dumps(game))
    expect(page.locator("#history-body tr")).to_have_count(1)
    assert page.locator("#history-body tr td:nth-child(2)").all_inner_texts() == ["Mama"]
    expect(page.locator("#history-head th").nth(1)).to_have_text("Dealer")
    expect(page.locator("#board-honba")).not_to_contain_text("East")

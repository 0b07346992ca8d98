"""What a fresh family found on the table companion: a yakuman count left in the Game form after the hand that
used it (then sent with the next hand's han and fu); numbers broken and the page widened by long names on a phone;
amounts drawn over each other in who pays whom; a reload back on the Hand tab mid-game; a saved game with scores
that cannot be, opened without a word; the service's developer wording shown to the family; honba and riichi
sticks counted under rules that pay for neither, and blank names called "Player 1 (first dealer)"."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

from .test_companion import Opener, board, confirm, start_game
from .test_findings import load_file, saved_game


def apply(page: Page, played: int) -> None:
    page.click("#apply")
    expect(page.locator("#history-body tr")).to_have_count(played)


def test_a_yakuman_does_not_carry_over_into_the_next_hand(open_companion: Opener) -> None:
    """Standard rules, 25,000 each, Mama (seat 0) deals. Papa's tsumo yakuman (non-dealer): the dealer pays
    16,000, the others 8,000 each: 9,000 / 57,000 / 17,000 / 17,000. The form then shows han 1, fu 30 and
    yakuman 0 again. Anya's ron on Grandpa's discard typed as 2 han 30 fu (non-dealer: 2,000, not a 32,000
    yakuman): 9,000 / 57,000 / 19,000 / 15,000."""
    page, _ = open_companion()
    start_game(page, "standard")
    page.select_option("#outcome", "tsumo")
    page.select_option("#winner", "1")
    page.fill("#value-yakuman", "1")
    apply(page, 1)
    assert board(page) == [9000, 57000, 17000, 17000]
    expect(page.locator("#value-yakuman")).to_have_value("0")
    expect(page.locator("#value-han")).to_have_value("1")
    expect(page.locator("#value-fu")).to_have_value("30")
    page.select_option("#outcome", "ron")
    page.select_option("#winner", "2")
    page.select_option("#discarder", "3")
    page.fill("#value-han", "2")
    page.select_option("#value-fu", "30")
    apply(page, 2)
    assert board(page) == [9000, 57000, 19000, 15000]


def test_han_typed_after_a_yakuman_clears_it(open_companion: Opener) -> None:
    """A yakuman count typed, then han 3 and fu 30 typed for the same winner: the yakuman field goes back to 0,
    and the ron sent is 3 han 30 fu (non-dealer Anya on Papa's discard: 3,900): 25,000 / 21,100 / 28,900 /
    25,000."""
    page, _ = open_companion()
    start_game(page, "standard")
    page.select_option("#outcome", "ron")
    page.select_option("#winner", "2")
    page.select_option("#discarder", "1")
    page.fill("#value-yakuman", "1")
    page.fill("#value-han", "3")
    expect(page.locator("#value-yakuman")).to_have_value("0")
    page.fill("#value-yakuman", "1")
    page.select_option("#value-fu", "30")
    expect(page.locator("#value-yakuman")).to_have_value("0")
    apply(page, 1)
    assert board(page) == [25000, 21100, 28900, 25000]


def test_a_second_winners_value_and_a_yakuman_are_cleared_after_the_hand_and_for_a_new_game(
    open_companion: Opener,
) -> None:
    """A double ron on Papa's discard: Anya 2 han 40 fu (2,600), Grandpa 2 han 40 fu too. Afterwards the second
    winner is "—" and their han and fu are back to 1 and 30, as are the first winner's. A yakuman typed and
    the game set aside with New game: the new game's form says yakuman 0."""
    page, _ = open_companion()
    start_game(page, "standard")
    page.select_option("#outcome", "ron")
    page.select_option("#winner", "2")
    page.select_option("#discarder", "1")
    page.fill("#value-han", "2")
    page.select_option("#value-fu", "40")
    page.select_option("#winner-1", "3")
    page.fill("#value-han-1", "2")
    page.select_option("#value-fu-1", "40")
    apply(page, 1)
    assert board(page) == [25000, 19800, 27600, 27600]
    expect(page.locator("#winner-1")).to_have_value("")
    for control, value in [("#value-han", "1"), ("#value-fu", "30"), ("#value-han-1", "1"), ("#value-fu-1", "30")]:
        expect(page.locator(control)).to_have_value(value)
    page.fill("#value-yakuman", "2")
    confirm(page, "#new-game")
    start_game(page, "standard")
    expect(page.locator("#value-yakuman")).to_have_value("0")
    expect(page.locator("#value-han")).to_have_value("1")


LONG_NAMES = {
    "en-US": ["Grandma Alexandra", "Christopher Montgomery", "Grandma Alexandra", "Christopher Montgomery"],
    "ru-RU": ["Бабушка Александра", "Константин Константинович", "Бабушка Александра", "Константин Константинович"],
    "ja-JP": ["おばあちゃんアレクサンドラ", "クリストファー・モンゴメリー", "おばあちゃん", "モンゴメリー"],
}
SHORT_NAMES = ["Мама", "Папа", "Аня", "Дед"]

# Every number cell of the scoreboard, the history and the standings, whose text takes more than one line
# (a range over the text has one box per line); and the page's own width against the window's.
LAYOUT = """() => {
  const broken = [];
  for (const cell of document.querySelectorAll(
      '#board-body .score, #board-body .delta, #history-body td.delta, #standings-body td:not(:nth-child(2))')) {
    if (!cell.textContent.trim() || cell.getClientRects().length === 0) continue;
    const range = document.createRange();
    range.selectNodeContents(cell);
    const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
    if (lines.size > 1) broken.push(cell.textContent);
  }
  return { scroll: document.documentElement.scrollWidth, inner: window.innerWidth, broken };
}"""


def layout(page: Page) -> dict[str, object]:
    return page.evaluate(LAYOUT)  # type: ignore[no-any-return]


def play_and_end(page: Page, names: list[str]) -> list[dict[str, object]]:
    """A standard game under these names: a 3 han 30 fu ron, a draw, then End the game; the layout after
    each step."""
    page.select_option("#preset", "standard")
    page.click("#tab-game")
    for seat, name in enumerate(names):
        page.fill(f"#name-{seat}", name)
    page.click("#start")
    expect(page.locator("#game-board")).to_be_visible()
    seen = [layout(page)]
    page.select_option("#outcome", "ron")
    page.select_option("#winner", "1")
    page.select_option("#discarder", "2")
    page.fill("#value-han", "3")
    page.select_option("#value-fu", "30")
    page.click("#apply")
    expect(page.locator("#history-body tr")).to_have_count(1)
    seen.append(layout(page))
    page.select_option("#outcome", "draw")
    page.check("#tenpai-0")
    page.click("#apply")
    expect(page.locator("#history-body tr")).to_have_count(2)
    seen.append(layout(page))
    confirm(page, "#finish")
    expect(page.locator("#standings-body tr")).to_have_count(4)
    seen.append(layout(page))
    return seen


@pytest.mark.parametrize("width", [375, 390])
@pytest.mark.parametrize("locale", list(LONG_NAMES))
def test_long_names_never_break_a_number_or_widen_the_page(open_companion: Opener, locale: str, width: int) -> None:
    """At 375 and 390 px, with long names, in each language: the page is never wider than the window (no sideways
    scroll) while the game is played and after it ends, and no score, delta or standings figure takes two lines
    ("25,00 / 0")."""
    page, _ = open_companion(locale=locale, viewport={"width": width, "height": 844})
    for step in play_and_end(page, LONG_NAMES[locale]):
        assert step["scroll"] <= step["inner"], step
        assert step["broken"] == [], step
    # the standings' last column ("Final", "Итог") is inside the window
    last = page.locator("#standings thead th").last.bounding_box()
    assert last is not None
    assert last["x"] + last["width"] <= width, last


def test_short_russian_names_keep_the_standings_inside_a_phone(open_companion: Opener) -> None:
    """Russian, short names, 390 px: the ended game's standings fit the window."""
    page, _ = open_companion(locale="ru-RU", viewport={"width": 390, "height": 844})
    for step in play_and_end(page, SHORT_NAMES):
        assert step["scroll"] <= step["inner"], step
        assert step["broken"] == [], step


# The boxes of the diagram's texts (amounts, names, the table's word) that overlap another, by their words.
OVERLAPS = """(svg) => {
  const boxes = [...svg.querySelectorAll('text')].map((e) => [e.textContent, e.getBoundingClientRect()]);
  const hits = [];
  boxes.forEach(([a, r], i) => boxes.slice(i + 1).forEach(([b, q]) => {
    const w = Math.min(r.right, q.right) - Math.max(r.left, q.left);
    const h = Math.min(r.bottom, q.bottom) - Math.max(r.top, q.top);
    if (w > 0.5 && h > 0.5) hits.push(`${a} / ${b}`);
  }));
  return hits;
}"""
# The texts reaching past the picture's edges.
OUTSIDE = """(svg) => {
  const s = svg.getBoundingClientRect();
  return [...svg.querySelectorAll('text')].filter((e) => {
    const r = e.getBoundingClientRect();
    return r.left < s.left - 0.5 || r.right > s.right + 0.5;
  }).map((e) => e.textContent);
}"""


def test_a_double_ron_draws_one_amount_per_payer_and_winner(open_companion: Opener) -> None:
    """Standard rules. A draw with nobody tenpai (no payments; honba 1, the deal passes to Papa). Then Papa
    deals in to Anya (2 han 40 fu: 2,600) and Grandpa (1 han 30 fu: 1,000) on one discard; the honba (300) goes
    to the first winner counting from Papa, Anya: Papa pays Anya 2,900 in one amount on one arrow and Grandpa
    1,000, and no text of the diagram lies on another."""
    page, _ = open_companion()
    start_game(page, "standard")
    page.select_option("#outcome", "draw")
    apply(page, 1)
    page.select_option("#outcome", "ron")
    page.select_option("#winner", "2")
    page.select_option("#discarder", "1")
    page.fill("#value-han", "2")
    page.select_option("#value-fu", "40")
    page.select_option("#winner-1", "3")
    page.fill("#value-han-1", "1")
    page.select_option("#value-fu-1", "30")
    apply(page, 2)
    assert board(page) == [25000, 21100, 27900, 26000]
    diagram = page.locator("#last-hand svg.seats-diagram")
    expect(diagram.locator(".pay-amount")).to_have_text(["2,900", "1,000"])
    expect(diagram.locator(".pay-line")).to_have_count(2)
    assert diagram.evaluate(OVERLAPS) == []


def test_a_ron_after_a_draw_with_a_riichi_stick_draws_no_amount_on_another(open_companion: Opener) -> None:
    """Standard rules. A draw: Papa in riichi (so tenpai), the others noten: 1,000 from each to Papa, Papa's
    stick (1,000) on the table: 24,000 / 27,000 / 24,000 / 24,000; Mama, the dealer, noten: the deal passes to
    Papa, honba 1. Mama's ron on Papa's discard, 1 han 30 fu (non-dealer: 1,000) and the honba (300): Papa pays
    1,300, in one amount, and Mama takes the 1,000 from the table: 26,300 / 25,700 / 24,000 / 24,000. No amount
    lies on another or on a name."""
    page, _ = open_companion()
    start_game(page, "standard")
    page.select_option("#outcome", "draw")
    page.check("#riichi-1")
    apply(page, 1)
    assert board(page) == [24000, 27000, 24000, 24000]
    page.select_option("#outcome", "ron")
    page.select_option("#winner", "0")
    page.select_option("#discarder", "1")
    page.fill("#value-han", "1")
    page.select_option("#value-fu", "30")
    apply(page, 2)
    assert board(page) == [26300, 25700, 24000, 24000]
    diagram = page.locator("#last-hand svg.seats-diagram")
    expect(diagram.locator(".pay-amount")).to_have_text(["1,300", "1,000"])
    assert diagram.evaluate(OVERLAPS) == []


@pytest.mark.parametrize("locale", list(LONG_NAMES))
def test_long_names_at_the_sides_of_the_diagram_stay_apart(open_companion: Opener, locale: str) -> None:
    """Long names at 375 px: Christopher Montgomery's 8,000 ron on Grandma Alexandra's discard (mangan, 5 han).
    The names on the left and the right (the second and fourth players) do not run into each other, nothing is
    drawn past the picture's edges, and no amount lies on a name."""
    page, _ = open_companion(locale=locale, viewport={"width": 375, "height": 844})
    page.select_option("#preset", "standard")
    page.click("#tab-game")
    for seat, name in enumerate(LONG_NAMES[locale]):
        page.fill(f"#name-{seat}", name)
    page.click("#start")
    page.select_option("#outcome", "ron")
    page.select_option("#winner", "1")
    page.select_option("#discarder", "0")
    page.fill("#value-han", "5")
    apply(page, 1)
    assert board(page) == [17000, 33000, 25000, 25000]
    diagram = page.locator("#last-hand svg.seats-diagram")
    expect(diagram.locator(".pay-amount")).to_have_count(1)
    assert (diagram.locator(".pay-amount").text_content() or "").replace("\xa0", "").replace(",", "") == "8000"
    assert diagram.evaluate(OVERLAPS) == []
    assert diagram.evaluate(OUTSIDE) == []


def test_a_reload_keeps_the_open_tab(open_companion: Opener) -> None:
    """A game started (the Game tab open) and reloaded: the Game tab is open again with the scoreboard; the
    Points table tab chosen and reloaded: that tab is open again; the Hand tab chosen: Hand again."""
    page, _ = open_companion()
    start_game(page, "standard")
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(page.locator("#tab-game")).to_have_attribute("aria-selected", "true")
    expect(page.locator("#view-game")).to_be_visible()
    expect(page.locator("#game-board")).to_be_visible()
    expect(page.locator("#view-hand")).to_be_hidden()
    for tab in ("table", "hand"):
        page.click(f"#tab-{tab}")
        page.reload()
        expect(page.locator("body")).to_have_attribute("data-ready", "true")
        expect(page.locator(f"#tab-{tab}")).to_have_attribute("aria-selected", "true")
        expect(page.locator(f"#view-{tab}")).to_be_visible()
        expect(page.locator("#view-game")).to_be_hidden()


HUNDREDS = {
    "en": "That file cannot be played on: a score in it is not a whole number of hundreds (as 25,000 or 31,300).",
    "ru": "Эту игру нельзя продолжить: в файле есть счёт, который не делится на сотни (должно быть как 25 000 или"
    " 31 300).",
    "ja": "このファイルの対局は続けられません：100点単位でない点数があります（25,000や31,300のように）。",
}
TOTAL = {
    "en": "That file cannot be played on: its scores, with the riichi sticks on the table, do not add up to what the"
    " players started with.",
    "ru": "Эту игру нельзя продолжить: очки в файле вместе с палочками риичи на столе не равны тому, с чем игроки"
    " начинали.",
    "ja": "このファイルの対局は続けられません：点数と場の供託リーチ棒の合計が、開始時の持ち点の合計と合いません。",
}


def test_a_saved_game_with_impossible_scores_is_refused_saying_why(open_companion: Opener) -> None:
    """Standard rules start everyone at 25,000: four players hold 100,000 between them and the sticks on the
    table (1,000 each), always in hundreds. [99,999, 0, 0, 0] is not in hundreds; [40,000, 30,000, 20,000,
    5,000] is 95,000; both are refused, saying why in the page's language (Russian, then Japanese after a
    switch), and no game is opened. [25,000, 24,000, 25,000, 25,000] with one stick on the table (100,000)
    opens."""
    page, _ = open_companion(locale="ru-RU")
    page.click("#tab-game")
    message = page.locator("#import-message")
    load_file(page, json.dumps(saved_game(scores=[99999, 0, 0, 0])))
    expect(message).to_have_text(HUNDREDS["ru"])
    expect(page.locator("#game-setup")).to_be_visible()
    page.select_option("#lang", "ja")
    expect(message).to_have_text(HUNDREDS["ja"])
    load_file(page, json.dumps(saved_game(scores=[40000, 30000, 20000, 5000])))
    expect(message).to_have_text(TOTAL["ja"])
    page.select_option("#lang", "en")
    expect(message).to_have_text(TOTAL["en"])
    expect(page.locator("#game-setup")).to_be_visible()
    load_file(page, json.dumps(saved_game(scores=[25000, 24000, 25000, 25000], riichi_sticks=1)))
    expect(page.locator("#game-board")).to_be_visible()
    expect(message).to_have_text("")
    assert board(page) == [25000, 24000, 25000, 25000]


NEED_HAN = {
    "en-US": "Han: enter a whole number from 1 to 200 (or a number of yakuman).",
    "ru-RU": "Хан: введите целое число от 1 до 200 (или число якуманов).",
    "ja-JP": "翻：1〜200の整数を入れてください（役満なら役満の数を）。",
}
NEED_FOUR = {
    "en-US": "Four riichi is the draw when all four players have declared riichi: tick Riichi for each of them.",
    "ru-RU": "Четыре риичи — это ничья, когда риичи объявили все четыре игрока: отметьте риичи у каждого из них.",
    "ja-JP": "四家立直は4人全員が立直したときの途中流局です：全員の立直にチェックを入れてください。",
}


@pytest.mark.parametrize("locale", list(NEED_HAN))
def test_the_family_is_told_in_plain_words_what_to_fix(open_companion: Opener, locale: str) -> None:
    """An empty Han field (tsumo) and four riichi with only two players' Riichi ticked: the page says what to do
    in its language, with no developer wording (no `int`, no suucha_riichi), the Han field is marked, and no hand
    is applied (25,000 each). With all four ticked the four riichi is applied: each riichi stick (1,000) goes on
    the table, 24,000 each."""
    page, _ = open_companion(locale=locale)
    start_game(page, "standard")
    message = page.locator("#game-message")
    page.select_option("#outcome", "tsumo")
    page.fill("#value-han", "")
    page.click("#apply")
    expect(message).to_have_text(NEED_HAN[locale])
    expect(page.locator("#value-han")).to_have_attribute("aria-invalid", "true")
    page.select_option("#outcome", "abortive")
    page.check("#abortive-suucha_riichi")
    page.check("#riichi-0")
    page.check("#riichi-2")
    page.click("#apply")
    expect(message).to_have_text(NEED_FOUR[locale])
    text = message.inner_text()
    assert "`" not in text
    assert "_" not in text
    assert board(page) == [25000] * 4
    page.check("#riichi-1")
    page.check("#riichi-3")
    apply(page, 1)
    expect(message).to_have_text("")
    assert board(page) == [24000] * 4


@pytest.mark.parametrize("preset", ["kids", "kostarev"])
def test_boards_without_honba_or_sticks_do_not_count_them_and_blank_names_are_numbers(
    open_companion: Opener, preset: str
) -> None:
    """The kids and kostarev rules pay nothing for honba or riichi sticks (GET /v1/rules/{preset}: options
    `honba` and `riichi_deposit` 0): their board shows no "Honba: 0 · riichi sticks: 0" (and no round: they
    have no winds). Names left blank are "Player 1" to "Player 4" on the board and in the final standings,
    without the setup form's "(first dealer)". The standard rules still count both."""
    page, _ = open_companion()
    page.select_option("#preset", preset)
    page.click("#tab-game")
    page.click("#start")
    expect(page.locator("#game-board")).to_be_visible()
    expect(page.locator("#board-honba")).to_be_hidden()
    expect(page.locator("#board-honba")).not_to_contain_text("Honba")
    players = ["Player 1", "Player 2", "Player 3", "Player 4"]
    who = page.locator("#board-body .who").all_inner_texts()
    assert [text.replace("dealer", "").strip() for text in who] == players  # the first with the dealer's badge
    confirm(page, "#finish")
    expect(page.locator("#standings-body tr")).to_have_count(4)
    names = page.locator("#standings-body td:nth-child(2)").all_inner_texts()
    assert sorted(n.split("★")[0].strip() for n in names) == players
    assert not any("first dealer" in n for n in names)
    confirm(page, "#new-game")
    page.select_option("#preset", "standard")
    page.click("#start")
    expect(page.locator("#board-honba")).to_have_text("East 1 · Honba: 0 · riichi sticks on the table: 0")

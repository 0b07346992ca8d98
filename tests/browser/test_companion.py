"""The table companion (``/``) in chromium: a hand tapped in, a kostarev game kept to its bust, a reload,
an undo, a kids hand in Russian, the phone layout, the keyboard and an accessibility scan. Every value the
page shows is compared with what the public API answers for the same request."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from .conftest import DESKTOP, PHONE, Guard, screenshot

Opener = Callable[..., tuple[Page, Guard]]

README_HAND = "234567m3455p234s"
README_BODY = {"hand": README_HAND, "win_tile": "2p", "seat_wind": "S", "riichi": True}
KIDS_BODY = {"hand": "333p777s123m456m8p", "win_tile": "8p", "win": "tsumo", "riichi": True, "rules": "kids"}
# The kostarev game: a ron, a tsumo, a draw, a ron and a yakuman ron that seat 1 cannot pay (the bust).
GAME = [
    {"type": "ron", "discarder": 1, "wins": [{"winner": 2, "value": {"han": 3, "fu": 30}}]},
    {"type": "tsumo", "winner": 0, "value": {"han": 4, "fu": 30}},
    {"type": "draw", "tenpai": [0, 2]},
    {"type": "ron", "discarder": 3, "wins": [{"winner": 1, "value": {"han": 5}}]},
    {"type": "ron", "discarder": 1, "wins": [{"winner": 3, "value": {"yakuman": 1}}]},
]
NAMES = ["Mama", "Papa", "Anya", "Grandpa"]


def tiles(text: str) -> list[str]:
    return [d + suit for digits, suit in re.findall(r"(\d+)([mpsz])", text) for d in digits]


def tap(page: Page, text: str) -> None:
    for code in tiles(text):
        page.click(f"#picker button[data-tile='{code}']")


def number(text: str) -> int:
    digits = re.sub(r"[^\d]", "", text)
    return -int(digits) if text.strip().startswith(("−", "-")) else int(digits)


def thousands(text: str) -> int:
    """Points from a standings cell in thousands with one decimal ("+45.0", "−3.0" with U+2212)."""
    return round(float(text.strip().replace("\u2212", "-").replace(",", "")) * 1000)


def settle_chain(server: str, preset: str, outcomes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """What ``POST /v1/settle`` answers for the hands in turn, each from the scores and dealer the last left."""
    start = httpx.get(f"{server}/v1/rules/{preset}").json()["preset"]["defaults"]["start_points"]
    scores, dealer, answers = [start] * 4, 0, []
    for outcome in outcomes:
        body = {"rules": preset, "scores": scores, "dealer": dealer, "outcome": outcome}
        answer = httpx.post(f"{server}/v1/settle", json=body).json()
        answers.append(answer)
        scores, dealer = answer["scores"], answer["next_hand"]["dealer"]
    return answers


def overflow(page: Page) -> list[str]:
    """Elements wider than the viewport or reaching past its edges, and the page's horizontal scroll."""
    return page.evaluate(
        """() => {
        const width = document.documentElement.clientWidth;
        const bad = [];
        const scroll = document.documentElement.scrollWidth;
        if (scroll > width) bad.push(`scrollWidth ${scroll} > ${width}`);
        for (const el of document.querySelectorAll('body *')) {
          const r = el.getBoundingClientRect();
          if (r.width === 0 && r.height === 0) continue;
          const name = `${el.tagName}#${el.id}.${el.className}`;
          if (r.right > width + 0.5 || r.left < -0.5) bad.push(`${name} ${r.left}..${r.right}`);
        }
        return bad;
      }"""
    )


def confirm(page: Page, selector: str, *, yes: bool = True) -> None:
    """Clicks ``selector``, which asks first (the page's own dialog), and answers yes or no."""
    page.click(selector)
    dialog = page.locator("#confirm")
    expect(dialog).to_be_visible()
    page.click("#confirm-yes" if yes else "#confirm-no")
    expect(dialog).to_be_hidden()


def board(page: Page) -> list[int]:
    return [number(text) for text in page.locator("#board-body .score").all_inner_texts()]


def start_game(page: Page, preset: str) -> None:
    page.select_option("#preset", preset)
    page.click("#tab-game")
    for seat, name in enumerate(NAMES):
        page.fill(f"#name-{seat}", name)
    page.click("#start")
    expect(page.locator("#game-board")).to_be_visible()


def record(page: Page, outcome: dict[str, Any], played: int) -> None:
    """Enters one hand in the form as a person would and waits until the board shows it."""
    page.select_option("#outcome", outcome["type"])
    if outcome["type"] == "draw":
        for seat in range(4):
            page.set_checked(f"#tenpai-{seat}", seat in outcome["tenpai"])
    else:
        win = outcome["wins"][0] if outcome["type"] == "ron" else outcome
        page.select_option("#winner", str(win["winner"]))
        if outcome["type"] == "ron":
            page.select_option("#discarder", str(outcome["discarder"]))
        value = win["value"]
        page.fill("#value-han", str(value.get("han", 1)))
        page.select_option("#value-fu", str(value.get("fu", "")))
        page.fill("#value-yakuman", str(value.get("yakuman", 0)))  # last: han or fu typed clears the yakuman
    page.click("#apply")
    expect(page.locator("#game-preset")).to_contain_text(f"hands played: {played}")


def test_the_readme_hand_tapped_in_scores_8000_with_its_four_yaku(companion: tuple[Page, Guard], server: str) -> None:
    page, _ = companion
    api = httpx.post(f"{server}/v1/score", json=README_BODY).json()
    tap(page, README_HAND)
    expect(page.locator("#hand-count")).to_have_text("13 of 13 tiles in the hand")
    expect(page.locator("table.waits")).to_be_visible()  # 13 tiles: the tenpai view, waiting on 2p and 5p
    assert page.locator("table.waits [data-tile]").evaluate_all("els => els.map(e => e.dataset.tile)") == ["2p", "5p"]
    tap(page, "2p")
    page.check("#riichi")
    expect(page.locator("#score-total")).to_have_text("8,000 points")
    assert api["total"] == 8000
    yaku = page.locator("ul.yaku li span:first-child").all_inner_texts()
    assert yaku == [y["name"] for y in api["yaku"]]
    assert yaku == ["Riichi", "Pinfu", "All simples (tanyao)", "Mixed triple sequence (sanshoku doujun)"]
    expect(page.locator("#result .summary")).to_have_text("5 han · 30 fu · Mangan")
    assert page.locator("ul.payments li").all_inner_texts() == ["Discarder\n8,000"]
    assert overflow(page) == []
    screenshot(page, "hand-phone")


def test_the_tenpai_view_shows_copies_left_and_the_value_of_each_wait(
    companion: tuple[Page, Guard], server: str
) -> None:
    page, _ = companion
    tap(page, README_HAND)
    api = httpx.post(f"{server}/v1/tenpai", json={"hand": README_HAND, "seat_wind": "S", "rules": "standard"}).json()
    expect(page.locator("table.waits tbody tr")).to_have_count(len(api["waits"]))
    rows = [row.split("\t") for row in page.locator("table.waits tbody tr").all_inner_texts()]
    expected = [[str(w["remaining"]), f"{w['ron']['total']:,}", f"{w['tsumo']['total']:,}"] for w in api["waits"]]
    assert [row[1:] for row in rows] == expected
    assert [w["remaining"] for w in api["waits"]] == [4, 2]  # 2p: none in the hand; 5p: two of the four are in it


def test_fourteen_tiles_list_every_discard_ranked_as_the_api_does(companion: tuple[Page, Guard], server: str) -> None:
    """The README hand with its winning tile: below the score, each distinct discard in the API's order; the
    first (a discard that keeps tenpai) opens to its waits."""
    page, _ = companion
    tap(page, README_HAND + "2p")
    body = {"hand": README_HAND + "2p", "seat_wind": "S", "round_wind": "E", "rules": "standard"}
    api = httpx.post(f"{server}/v1/analysis/discards", json=body).json()
    items = page.locator("section.discards details")
    expect(items).to_have_count(len(api["discards"]))
    shown = page.locator("section.discards summary [data-tile]").evaluate_all("els => els.map(e => e.dataset.tile)")
    assert shown == [d["discard"] for d in api["discards"]]
    first = api["discards"][0]
    assert first["tenpai"]
    expect(items.first.locator("summary")).to_contain_text(f"1. ready, {first['ukeire_unseen']} helpful tiles unseen")
    items.first.locator("summary").click()
    waits = items.first.locator("table.waits [data-tile]").evaluate_all("els => els.map(e => e.dataset.tile)")
    assert waits == [w["tile"] for w in first["waits"]]


def test_not_a_win_says_why(companion: tuple[Page, Guard]) -> None:
    page, _ = companion
    page.click("details.typed summary")
    page.fill("#mpsz-hand", "234567m3455p239s")
    page.fill("#mpsz-win", "2p")
    expect(page.locator("#result .verdict")).to_have_text("Not a win")
    expect(page.locator("#result")).to_contain_text("Not a complete hand: no winning shape.")


def test_the_preset_decides_the_controls(companion: tuple[Page, Guard]) -> None:
    page, _ = companion
    expect(page.locator("#seat-wind")).to_be_visible()
    page.select_option("#preset", "kostarev")
    expect(page.locator("#seat-wind")).to_be_hidden()  # no winds in kostarev: a dealer flag instead
    expect(page.locator("#dealer")).to_be_visible()
    expect(page.locator("#honba")).to_be_hidden()  # kostarev plays without honba and riichi deposits
    page.select_option("#preset", "kids")
    expect(page.locator("#ippatsu")).to_be_hidden()  # no han in kids
    expect(page.locator("#mpsz-dora")).to_be_hidden()
    expect(page.locator("#dealer")).to_be_hidden()
    page.select_option("#preset", "tenhou")
    expect(page.locator("#honba")).to_be_visible()
    expect(page.locator("#sticks")).to_be_visible()


def test_a_kostarev_game_to_the_bust_matches_settle(companion: tuple[Page, Guard], server: str) -> None:
    page, _ = companion
    answers = settle_chain(server, "kostarev", GAME)
    assert [a["game_over"] for a in answers] == [False, False, False, False, True]
    assert answers[-1]["end_reason"] == "bust"
    start_game(page, "kostarev")
    assert board(page) == [25000] * 4
    for played, (outcome, answer) in enumerate(zip(GAME, answers, strict=True), start=1):
        record(page, outcome, played)
        assert board(page) == answer["scores"]
        deltas = [number(t) if t else 0 for t in page.locator("#board-body .delta").all_inner_texts()]
        assert deltas == answer["deltas"]
        if played < len(GAME):
            dealer = page.locator("#board-body tr", has=page.locator(".badge"))
            expect(dealer).to_have_attribute("data-seat", str(answer["next_hand"]["dealer"]))
    assert board(page) == [32900, 0, 26900, 40200]  # Papa cannot pay the 32,000 and hands over his 25,200
    expect(page.locator("#game-end")).to_be_visible()
    expect(page.locator("#end-reason")).to_have_text("A player went bust.")
    expect(page.locator("#record")).to_be_hidden()
    final = httpx.post(f"{server}/v1/final", json={"rules": "kostarev", "scores": answers[-1]["scores"]}).json()
    rows = [row.split("\t") for row in page.locator("#standings-body tr").all_inner_texts()]
    assert [NAMES[p["seat"]] for p in final["placings"]] == ["Grandpa", "Mama", "Anya", "Papa"]
    assert [row[1] for row in rows] == ["Grandpa ★ winner", "Mama", "Anya", "Papa"]  # the first place marked
    assert [thousands(row[5]) for row in rows] == [p["final"] for p in final["placings"]]
    transfers = page.locator("#last-hand li").all_inner_texts()
    assert transfers == ["Papa → Grandpa: 25,200 (Ron) — sticks: 2 × 10,000, 1 × 5,000, 2 × 100"]
    assert overflow(page) == []
    screenshot(page, "game-phone")


def test_a_reload_keeps_the_game_and_undo_restores_the_scores(companion: tuple[Page, Guard], server: str) -> None:
    page, _ = companion
    answers = settle_chain(server, "kostarev", GAME[:2])
    start_game(page, "kostarev")
    record(page, GAME[0], 1)
    record(page, GAME[1], 2)
    assert board(page) == answers[1]["scores"] == [32900, 17200, 26900, 23000]
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    page.click("#tab-game")
    expect(page.locator("#game-preset")).to_contain_text("hands played: 2")
    assert board(page) == answers[1]["scores"]
    assert page.locator("#board-body .who").all_inner_texts()[0].startswith("Mama")
    confirm(page, "#undo")
    expect(page.locator("#game-preset")).to_contain_text("hands played: 1")
    assert board(page) == answers[0]["scores"] == [25000, 21100, 28900, 25000]
    dealer = page.locator("#board-body tr", has=page.locator(".badge"))
    expect(dealer).to_have_attribute("data-seat", "1")
    confirm(page, "#undo")
    expect(page.locator("#game-preset")).to_contain_text("hands played: 0")
    assert board(page) == [25000] * 4
    expect(page.locator("#undo")).to_be_disabled()


def test_the_sticks_each_payer_hands_over(companion: tuple[Page, Guard], server: str) -> None:
    page, _ = companion
    start_game(page, "kostarev")
    record(page, GAME[1], 1)  # the dealer wins 4 han 30 fu by tsumo: 3,900 from each
    answer = settle_chain(server, "kostarev", [GAME[1]])[0]
    lines = page.locator("#last-hand li").all_inner_texts()
    assert len(lines) == len([t for t in answer["transfers"] if t["amount"] > 0])
    sticks = httpx.post(f"{server}/v1/sticks", json={"amount": answer["transfers"][0]["amount"]}).json()["sticks"]
    assert sticks == {"10000": 0, "5000": 0, "1000": 3, "100": 9}
    assert lines[0].endswith("sticks: 3 × 1,000, 9 × 100")


def test_a_kids_hand_in_russian_shows_the_explanation_lines(open_companion: Opener, server: str) -> None:
    page, _ = open_companion(locale="ru-RU")
    expect(page.locator("#tab-hand")).to_have_text("Рука")
    page.select_option("#preset", "kids")
    page.click("details.typed summary")
    page.fill("#mpsz-hand", KIDS_BODY["hand"])
    page.fill("#mpsz-win", KIDS_BODY["win_tile"])
    page.check("input[name=win-type][value=tsumo]")
    page.check("#riichi")
    api = httpx.post(f"{server}/v1/score", json=KIDS_BODY, headers={"Accept-Language": "ru"}).json()
    expect(page.locator("ol.explanation li")).to_have_count(len(api["explanation"]))
    # Each line as the API says it, its tiles ("Пон 333p") drawn as pictures (data-tiles keeps the codes).
    lines = page.locator("ol.explanation li").evaluate_all(
        "els => els.map(li => [...li.childNodes].map(n => n.nodeType === 3 ? n.textContent : n.dataset.tiles).join(''))"
    )
    assert lines == api["explanation"]
    expect(page.locator("ol.explanation li .item-tiles").first).to_have_attribute("role", "img")
    assert api["explanation"][-1] == "Итого: 5 очков"
    expect(page.locator("#score-total")).to_have_text("5 очков")
    expect(page.locator("#result .summary")).to_have_count(0)  # no han or fu in kids
    assert overflow(page) == []
    screenshot(page, "kids-ru-phone")


def test_the_language_switch_relabels_the_page_and_the_names(companion: tuple[Page, Guard]) -> None:
    page, _ = companion
    tap(page, README_HAND + "2p")
    page.check("#riichi")
    expect(page.locator("ul.yaku li").first).to_contain_text("Riichi")
    page.select_option("#lang", "ja")
    expect(page.locator("#tab-table")).to_have_text("点数表")
    expect(page.locator("ul.yaku li").first).to_contain_text("立直")  # the API's name, in Japanese
    expect(page.locator("html")).to_have_attribute("lang", "ja")


def test_the_points_table_prints_alone(companion: tuple[Page, Guard], server: str) -> None:
    page, _ = companion
    page.select_option("#preset", "kostarev")
    page.click("#tab-table")
    api = httpx.get(f"{server}/v1/table", params={"preset": "kostarev"}).json()
    cell = next(c for c in api["cells"] if c["han"] == 3 and c["fu"] == 30)
    expect(page.locator("table.points").first).to_be_visible()
    first = page.locator("table.points").first
    row = first.locator("tbody tr", has=page.locator("th", has_text=re.compile(r"^30 fu$")))
    assert row.locator("td").nth(2).inner_text().split("\n")[0] == f"{cell['non_dealer']['ron']:,}" == "3,900"
    assert overflow(page) == []
    screenshot(page, "table-phone")
    page.emulate_media(media="print")
    expect(page.locator("header")).to_be_hidden()
    expect(page.locator("#print")).to_be_hidden()
    expect(page.locator("table.points").first).to_be_visible()


def test_keyboard_only_entry_of_a_hand(companion: tuple[Page, Guard]) -> None:
    page, _ = companion
    active = "() => document.activeElement && (document.activeElement.id || document.activeElement.dataset.tile || '')"
    for _ in range(40):  # Tab from the top of the page to the picker (one tab stop)
        page.keyboard.press("Tab")
        if page.evaluate(active) == "1m":
            break
    assert page.evaluate(active) == "1m"
    position = [0, 0]
    rows = {"m": 0, "p": 1, "s": 2, "z": 3}
    for code in tiles(README_HAND + "2p"):
        row, col = rows[code[1]], int(code[0]) - 1
        while position[0] != row:
            page.keyboard.press("ArrowDown" if row > position[0] else "ArrowUp")
            position[0] += 1 if row > position[0] else -1
        while position[1] != col:
            page.keyboard.press("ArrowRight" if col > position[1] else "ArrowLeft")
            position[1] += 1 if col > position[1] else -1
        page.keyboard.press("Enter")
    expect(page.locator("#hand-count")).to_have_text("13 of 13 tiles in the hand")
    for _ in range(40):  # on to the riichi box
        page.keyboard.press("Tab")
        if page.evaluate(active) == "riichi":
            break
    assert page.evaluate(active) == "riichi"
    assert page.input_value("#mpsz-hand") == README_HAND
    assert page.input_value("#mpsz-win") == "2p"
    page.keyboard.press("Space")
    expect(page.locator("#riichi")).to_be_checked()
    expect(page.locator("#score-total")).to_have_text("8,000 points")


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_no_serious_accessibility_violation_and_nothing_overflows(
    open_companion: Opener, viewport: dict[str, int]
) -> None:
    page, _ = open_companion(viewport=viewport)
    width = "phone" if viewport == PHONE else "desktop"
    tap(page, README_HAND + "2p")
    page.check("#riichi")
    expect(page.locator("#score-total")).to_have_text("8,000 points")
    found = {}
    found["hand"] = Axe().run(page).response["violations"]
    screenshot(page, f"hand-{width}")
    start_game(page, "standard")
    record(page, {"type": "ron", "discarder": 1, "wins": [{"winner": 2, "value": {"han": 2, "fu": 40}}]}, 1)
    found["game"] = Axe().run(page).response["violations"]
    screenshot(page, f"game-{width}")
    page.click("#tab-table")
    expect(page.locator("table.points").first).to_be_visible()
    found["table"] = Axe().run(page).response["violations"]
    screenshot(page, f"table-{width}")
    serious = {
        view: [
            (v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
            for v in violations
            if v["impact"] in ("serious", "critical")
        ]
        for view, violations in found.items()
    }
    assert serious == {"hand": [], "game": [], "table": []}
    for view in ("hand", "game", "table"):
        page.click(f"#tab-{view}")
        assert overflow(page) == [], view


def test_the_service_ends_a_wrc_game_after_south_4(companion: tuple[Page, Guard], server: str) -> None:
    """The page keeps the round and sends it (`round_wind`), so the rules decide the end: in WRC
    (hanchan, no extension, /docs/rulesets §6) eight hands in which the deal passes end the game
    after South 4, with no `last_hand` flag. Each hand: the player after the dealer rons the dealer
    for 1 han 30 fu (1,000), so the deal moves on every time."""
    page, _ = companion
    start_game(page, "wrc")
    rounds = []
    for played in range(1, 9):
        rounds.append(page.locator("#board-honba").inner_text().split(" · ")[0])
        dealer = int(page.locator("#board-body tr", has=page.locator(".badge")).get_attribute("data-seat") or -1)
        ron = {
            "type": "ron",
            "discarder": dealer,
            "wins": [{"winner": (dealer + 1) % 4, "value": {"han": 1, "fu": 30}}],
        }
        record(page, ron, played)
    assert rounds == [*(f"East {n}" for n in range(1, 5)), *(f"South {n}" for n in range(1, 5))]
    expect(page.locator("#game-end")).to_be_visible()
    expect(page.locator("#end-reason")).to_have_text("The last hand was played.")
    # 30,000 start; seats 0–3 each lost 1,000 twice as dealer and won 1,000 twice: all back at 30,000
    assert board(page) == [30000] * 4

"""Tiles and Japanese that need no font of the system's, and the accessibility scan with axe-core's current
release from the npm registry (``web-deps/``), in the three views, the three languages, at phone and desktop
width. The machine the tests run on has no CJK font (Debian's chromium with its own dependencies only)."""

from __future__ import annotations

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from .conftest import AXE_CORE, DESKTOP, PHONE, screenshot
from .test_companion import README_HAND, Opener, start_game, tap

HONOURS = ["1z", "2z", "3z", "4z", "6z", "7z"]


def middle(page: Page, code: str) -> bytes:
    """A picture of the middle of the picker's tile ``code``: the tile's face without its corner (where a wind
    has its letter), as a PNG."""
    box = page.locator(f"#picker button[data-tile='{code}'] svg").bounding_box()
    assert box is not None
    clip = {"x": box["x"] + box["width"] * 0.2, "y": box["y"] + box["height"] * 0.25}
    clip |= {"width": box["width"] * 0.6, "height": box["height"] * 0.6}
    return page.screenshot(clip=clip)


def test_tiles_are_drawn_with_no_font(open_companion: Opener) -> None:
    """No tile has text in it: every mark is a drawn path. Rendered here, where the system has no CJK font,
    the middles of the six honours (east, south, west, north, green, red) are six different pictures, and each
    differs from the same tile with its marks taken away; written as text (東南西北發中) the four winds were four
    identical empty boxes."""
    page, _ = open_companion(viewport=DESKTOP)
    expect(page.locator("#picker button[data-tile]")).to_have_count(37)
    assert page.locator("#picker svg text").count() == 0
    # drawn marks: a characters tile two (its digit and 萬), 2–9 and the red five of pins and of sou their corner
    # digit, a wind its character and letter, green and red their character (1p, 1s and white have none)
    assert page.locator("#picker svg path.glyph").count() == 10 * 2 + 9 + 9 + 4 * 2 + 2
    drawn = {code: middle(page, code) for code in HONOURS}
    assert len(set(drawn.values())) == len(HONOURS)
    page.evaluate("document.querySelectorAll('#picker svg path.glyph').forEach((p) => p.remove())")
    for code in HONOURS:
        assert middle(page, code) != drawn[code], code


def test_japanese_labels_are_drawn_with_the_shipped_font(open_companion: Opener) -> None:
    """In Japanese the page's labels are drawn with the font the page ships (Noto Sans JP from
    ``/app/fonts/``): the browser loads it, and the title differs from the same words drawn with the
    system's fonts alone (on this machine: empty boxes)."""
    page, guard = open_companion(locale="ja-JP", viewport=DESKTOP)
    expect(page.locator("h1")).to_have_text("麻雀スコアの友")
    page.evaluate("document.fonts.ready")
    loaded = page.evaluate(
        "[...document.fonts].filter((f) => f.family.replace(/[\"']/g, '') === 'Noto Sans JP'"
        " && f.status === 'loaded').length"
    )
    assert loaded >= 1
    assert any("/app/fonts/noto-sans-jp-" in url and url.endswith(".woff2") for url in guard.local)
    shipped = page.locator("h1").screenshot()
    page.evaluate("document.querySelector('h1').style.fontFamily = 'system-ui, sans-serif'")
    system_only = page.locator("h1").screenshot()
    assert shipped != system_only
    screenshot(page, "hand-ja-desktop")


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
@pytest.mark.parametrize("locale", ["en-US", "ru-RU", "ja-JP"])
def test_axe_core_current_release_finds_nothing(open_companion: Opener, locale: str, viewport: dict[str, int]) -> None:
    """axe-core as published on the npm registry (the version pinned in web-deps/package.json, not the copy
    bundled in the Python wheel): no violation of any impact in the hand (the README hand entered: the hand's
    tile buttons included), the game (a hand recorded) and the points table."""
    axe = Axe(axe_script=AXE_CORE.read_text(encoding="utf-8"))
    page, _ = open_companion(locale=locale, viewport=viewport)
    assert page.evaluate("document.documentElement.lang") == locale[:2]
    tap(page, README_HAND + "2p")
    page.check("#riichi")
    expect(page.locator("#hand-tiles button")).to_have_count(13)
    found = {"hand": axe.run(page).response["violations"]}
    start_game(page, "standard")
    # Anya (West) rons Papa (South) for 2 han 40 fu: 2,600 (the form filled as record() does, in any language)
    page.select_option("#outcome", "ron")
    page.select_option("#winner", "2")
    page.select_option("#discarder", "1")
    page.fill("#value-han", "2")
    page.select_option("#value-fu", "40")
    page.click("#apply")
    expect(page.locator("#board-body .score")).to_have_text(
        [re.compile(r"25.000"), re.compile(r"22.400"), re.compile(r"27.600"), re.compile(r"25.000")]
    )
    found["game"] = axe.run(page).response["violations"]
    page.click("#tab-table")
    expect(page.locator("table.points").first).to_be_visible()
    found["table"] = axe.run(page).response["violations"]
    assert page.evaluate("axe.version") == "4.14.1"
    seen = {view: [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in found[view]] for view in found}
    assert seen == {"hand": [], "game": [], "table": []}

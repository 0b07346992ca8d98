"""The README's pictures of the table companion, taken in Debian's chromium with Playwright against a granian
server this script starts on 127.0.0.1, then reduced to a palette with Pillow (each at most 150 KB). The hand,
its result card, the game and the final standings, each at phone width (390 CSS px) and at 1280 CSS px:

- ``docs/images/game-phone.png`` and ``game-desktop.png``: a standard game, two hands and the end: the
  scoreboard, the hand-by-hand history, who paid whom drawn between the seats and the final standings;
- ``docs/images/hand-desktop.png``: the Hand view at 1280 CSS px: the README hand won by tsumo after riichi with
  a honba and a riichi stick on the table (haneman), the hand drawn large, the yaku and who pays whom;
- ``docs/images/hand-phone.png`` and ``result-phone.png``: the same hand at phone width: the tiles with the
  score under them, and the result card alone.

Run from the repository root after ``pip install -e '.[test,screenshots]'`` and ``python3 scripts/web_font.py``::

    .venv/bin/python scripts/readme_screenshots.py
"""

from __future__ import annotations

import io
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from PIL import Image
from playwright.sync_api import Page, expect, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
IMAGES = ROOT / "docs" / "images"
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]
MOST_BYTES = 150_000
NAMES = ["Mama", "Papa", "Anya", "Grandpa"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def serve() -> tuple[str, subprocess.Popen[bytes]]:
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    log = (Path(tempfile.mkdtemp(prefix="riichi-shots-")) / "granian.log").open("wb")
    command = [sys.executable, "-m", "granian", "--interface", "asgi", "--host", "127.0.0.1", "--port", str(port)]
    process = subprocess.Popen([*command, "service.app:app"], cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
    for _ in range(150):
        try:
            if httpx.get(f"{url}/ready", timeout=1).status_code == 200:
                return url, process
        except httpx.TransportError:
            pass
        time.sleep(0.2)
    process.terminate()
    raise SystemExit(f"granian did not start (see {log.name})")


def save(png: bytes, name: str) -> None:
    """`png` reduced to the fewest palette colours (from 256 down) that keep it under MOST_BYTES."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    for colours in (256, 128, 96, 64, 48, 32):
        out = io.BytesIO()
        image.quantize(colors=colours, dither=Image.Dither.NONE).save(out, format="PNG", optimize=True)
        if out.tell() <= MOST_BYTES:
            break
    else:
        raise SystemExit(f"{name}: {out.tell()} bytes even with {colours} colours")
    (IMAGES / name).write_bytes(out.getvalue())
    print(f"{IMAGES / name}: {image.width}×{image.height}, {colours} colours, {out.tell():,} bytes")


def ready(page: Page, url: str) -> None:
    page.goto(url + "/")
    expect(page.locator("body")).to_have_attribute("data-ready", "true")


def apply(page: Page) -> None:
    before = page.locator("#game-preset").inner_text()
    page.click("#apply")
    expect(page.locator("#game-preset")).not_to_have_text(before)


def game(page: Page, url: str) -> bytes:
    """Anya rons Papa (2 han 40 fu, 2,600); Grandpa wins by tsumo (3 han 30 fu: 1,000 each and 2,000 from
    Papa, now the dealer) with Mama's riichi stick on the table; the game ended by hand."""
    ready(page, url)
    page.select_option("#preset", "standard")
    page.click("#tab-game")
    for seat, name in enumerate(NAMES):
        page.fill(f"#name-{seat}", name)
    page.click("#start")
    page.select_option("#outcome", "ron")
    page.select_option("#winner", "2")
    page.select_option("#discarder", "1")
    page.fill("#value-han", "2")
    page.select_option("#value-fu", "40")
    apply(page)
    page.select_option("#outcome", "tsumo")
    page.select_option("#winner", "3")
    page.fill("#value-han", "3")
    page.select_option("#value-fu", "30")
    page.check("#riichi-0")
    apply(page)
    expect(page.locator("#last-hand svg.seats-diagram")).to_be_visible()
    page.click("#finish")
    page.click("#confirm-yes")
    expect(page.locator("#standings-body tr")).to_have_count(4)
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    return page.screenshot(full_page=True)


def readme_hand(page: Page, url: str) -> None:
    """The README hand by tsumo after riichi, a honba and a riichi stick on the table: its result shown."""
    ready(page, url)
    page.select_option("#preset", "standard")
    for code in ["2m", "3m", "4m", "5m", "6m", "7m", "3p", "4p", "5p", "5p", "2s", "3s", "4s", "2p"]:
        page.click(f"#picker button[data-tile='{code}']")
    page.check("#riichi")
    page.check("input[name=win-type][value=tsumo]")
    page.fill("#honba", "1")
    page.fill("#sticks", "1")
    expect(page.locator("#result svg.seats-diagram")).to_be_visible()
    expect(page.locator("#result .discards")).to_be_visible()
    page.evaluate("() => document.activeElement && document.activeElement.blur()")


def hand(page: Page, url: str) -> bytes:
    """The Hand view as the window shows it (the README hand and its result)."""
    readme_hand(page, url)
    page.evaluate("() => window.scrollTo(0, 0)")  # from the top: the tiles entered and the score under them
    return page.screenshot(full_page=False)


def result_card(page: Page, url: str) -> bytes:
    """The README hand's result card alone."""
    readme_hand(page, url)
    return page.locator("#result").screenshot()


def main() -> None:
    IMAGES.mkdir(parents=True, exist_ok=True)
    url, server = serve()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            phone = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-US", service_workers="block")
            save(game(phone.new_page(), url), "game-phone.png")
            save(hand(phone.new_page(), url), "hand-phone.png")
            save(result_card(phone.new_page(), url), "result-phone.png")
            desktop = browser.new_context(
                viewport={"width": 1280, "height": 1150}, locale="en-US", service_workers="block"
            )
            save(hand(desktop.new_page(), url), "hand-desktop.png")
            save(game(desktop.new_page(), url), "game-desktop.png")
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    main()

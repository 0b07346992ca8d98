"""The table companion in a real browser: Debian's chromium (``/usr/bin/chromium``, installed by ``.ci/run``
with apt) driven by Playwright against a granian server these tests start on 127.0.0.1.

The page's font (``service/web/fonts/``) and the accessibility engine (axe-core) come from the npm packages
pinned in ``web-deps/``: installed with ``npm ci`` and copied by ``scripts/web_font.py`` on first use.

Every request the page makes is routed: one to another host than 127.0.0.1 is aborted and fails the test.
Screenshots go to ``build/screenshots/`` (kept out of the tree by .gitignore).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest
from playwright.sync_api import Browser, Page, Route, expect

from tests.servers import free_port, stop, wait_until

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "build" / "screenshots"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {"width": 375, "height": 812}
DESKTOP = {"width": 1280, "height": 900}


WEB_DEPS = ROOT / "web-deps" / "node_modules"
AXE_CORE = WEB_DEPS / "axe-core" / "axe.min.js"
FONT_STYLE = ROOT / "service" / "web" / "fonts" / "noto-sans-jp.css"


@pytest.fixture(scope="session")
def web_deps() -> Path:
    """``web-deps/node_modules`` (``npm ci``) with the font copied into ``service/web/fonts/``."""
    if not (AXE_CORE.exists() and FONT_STYLE.exists()):
        subprocess.run([sys.executable, str(ROOT / "scripts" / "web_font.py")], check=True, timeout=900)
    assert AXE_CORE.exists(), "web-deps/package.json names axe-core"
    return WEB_DEPS


@pytest.fixture(scope="session")
def server(web_deps: Path) -> Iterator[str]:
    """``granian --interface asgi --host 127.0.0.1 --port PORT service.app:app`` for the session."""
    port = free_port()
    command = [sys.executable, "-m", "granian", "--interface", "asgi", "--host", "127.0.0.1", "--port", str(port)]
    url = f"http://127.0.0.1:{port}"
    # The server logs every request: to a file, as a pipe nobody reads would fill up and stall it.
    log = Path(tempfile.mkdtemp(prefix="riichi-browser-")) / "granian.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            [*command, "service.app:app"], cwd=ROOT, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT
        )
        try:
            wait_until(lambda: httpx.get(f"{url}/ready", timeout=1).status_code == 200, 30, "granian", process, log)
            yield url
        finally:
            stop(process, timeout=10)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """pytest-playwright launches Debian's chromium (Playwright's own download cannot run here)."""
    assert shutil.which(CHROMIUM), f"{CHROMIUM} is needed: apt-get install -y chromium (.ci/run does it)"
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS, "headless": True}


class Guard:
    """Routes every request of a page: 127.0.0.1 goes through, any other host is aborted and remembered."""

    def __init__(self) -> None:
        self.local: list[str] = []
        self.foreign: list[str] = []

    def __call__(self, route: Route) -> None:
        url = route.request.url
        if urlsplit(url).hostname == "127.0.0.1":
            self.local.append(url)
            route.continue_()
        else:
            self.foreign.append(url)
            route.abort()


def open_page(
    browser: Browser, server: str, *, locale: str = "en-US", viewport: dict[str, int] = PHONE
) -> tuple[Page, Guard]:
    """A new context (its own localStorage) with the guard, on ``/`` until the page says it is ready."""
    context = browser.new_context(locale=locale, viewport=viewport, service_workers="block")
    guard = Guard()
    context.route("**/*", guard)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors  # type: ignore[attr-defined]
    page.goto(server + "/")
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    return page, guard


@pytest.fixture
def open_companion(browser: Browser, server: str) -> Iterator[Callable[..., tuple[Page, Guard]]]:
    """Opens the companion in new contexts; afterwards each is closed, and the test fails if one of them
    sent a request away from 127.0.0.1 or a script threw."""
    opened: list[tuple[Page, Guard]] = []

    def opener(**options: Any) -> tuple[Page, Guard]:
        opened.append(open_page(browser, server, **options))
        return opened[-1]

    yield opener
    for page, _ in opened:
        page.context.close()
    for page, guard in opened:
        assert guard.foreign == []
        assert guard.local, "the guard saw the page's requests"
        assert page.errors == []  # type: ignore[attr-defined]


@pytest.fixture
def companion(open_companion: Callable[..., tuple[Page, Guard]]) -> tuple[Page, Guard]:
    """The companion on a phone-sized screen, in English."""
    return open_companion()


def screenshot(page: Page, name: str) -> Path:
    """A full-page screenshot that leaves the page as it was. Chromium takes a full page by resizing the viewport
    and puts the scroll position back later, on its own time: a click made just after could land where the
    page is about to move away from (on a loaded machine a radio button's mousedown and its click met
    different elements). So the scroll position is set back here and two frames are waited for."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    x, y = page.evaluate("[window.scrollX, window.scrollY]")
    page.screenshot(path=str(path), full_page=True)
    page.evaluate(
        """([x, y]) => new Promise((done) => {
             window.scrollTo(x, y);
             requestAnimationFrame(() => requestAnimationFrame(() => { window.scrollTo(x, y); done(); }));
           })""",
        [x, y],
    )
    return path

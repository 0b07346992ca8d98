"""Installable: the page names its web app manifest, and served from a secure context (here http://127.0.0.1,
which browsers count as one) its service worker keeps the page and the points table it showed usable while the
service is down. This test starts a server of its own (the session's stays up for the others) and stops it."""

from __future__ import annotations

import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import pytest
from playwright.sync_api import Browser, expect

from tests.servers import free_port, stop, wait_until

from .conftest import DESKTOP, ROOT, screenshot
from .test_companion import README_HAND, tap


@pytest.fixture
def own_server(web_deps: Path) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """A granian server on 127.0.0.1 for this test alone (the test stops it; stopped again at the end)."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    command = [sys.executable, "-m", "granian", "--interface", "asgi", "--host", "127.0.0.1", "--port", str(port)]
    log = Path(tempfile.mkdtemp(prefix="riichi-sw-")) / "granian.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            [*command, "service.app:app"], cwd=ROOT, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT
        )
        try:
            wait_until(lambda: httpx.get(f"{url}/ready", timeout=1).status_code == 200, 30, "granian", process, log)
            yield url, process
        finally:
            stop(process, timeout=10)


def test_the_manifest_names_the_page_and_an_icon(own_server: tuple[str, subprocess.Popen[bytes]]) -> None:
    url, _ = own_server
    manifest = httpx.get(f"{url}/app/manifest.webmanifest")
    assert manifest.status_code == 200
    assert manifest.headers["content-type"].startswith("application/manifest+json")
    data = manifest.json()
    assert (data["start_url"], data["scope"], data["display"]) == ("/", "/", "standalone")
    for icon in data["icons"]:
        assert httpx.get(url + icon["src"]).status_code == 200
    assert '<link rel="manifest" href="/app/manifest.webmanifest">' in httpx.get(f"{url}/").text
    worker = httpx.get(f"{url}/sw.js")
    assert worker.status_code == 200
    assert worker.headers["content-type"].startswith("text/javascript")


def test_the_page_and_its_points_table_stay_usable_while_the_service_is_down(
    browser: Browser, own_server: tuple[str, subprocess.Popen[bytes]]
) -> None:
    """Opened once with the service up (the worker installed and controlling the page, the standard points
    table shown), then the service stopped: a reload still shows the page, its Rules list and the points table
    (its third row, 30 fu: 1 han is 1,000 by ron, 300 / 500 by tsumo for a non-dealer), while
    scoring a hand says the service does not answer."""
    url, process = own_server
    context = browser.new_context(viewport=DESKTOP, locale="en-US", service_workers="allow")
    hosts: list[str] = []
    context.on("request", lambda request: hosts.append(urlsplit(request.url).hostname or ""))
    errors: list[str] = []
    try:
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(url + "/")
        expect(page.locator("body")).to_have_attribute("data-ready", "true")
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=15000)
        page.click("#tab-table")
        expect(page.locator("table.points")).to_have_count(3)
        page.click("#tab-hand")
        stop(process, timeout=10)
        with pytest.raises(httpx.TransportError):
            httpx.get(f"{url}/ready", timeout=1)
        page.reload()
        expect(page.locator("body")).to_have_attribute("data-ready", "true")
        expect(page.locator("#preset option")).not_to_have_count(1)  # the whole list, not the offline stand-in
        page.click("#tab-table")
        expect(page.locator("table.points")).to_have_count(3)
        first = page.locator("table.points").first
        expect(first.locator("tbody tr").nth(2).locator("td").first).to_contain_text("1,000")
        expect(first.locator("tbody tr").nth(2).locator("td small").first).to_have_text("300 / 500")
        screenshot(page, "table-offline-desktop")
        page.click("#tab-hand")
        tap(page, README_HAND + "2p")
        expect(page.locator("#result")).to_contain_text("does not answer")
    finally:
        context.close()
    assert set(hosts) == {"127.0.0.1"}
    assert errors == []

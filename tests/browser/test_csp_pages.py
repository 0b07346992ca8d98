"""Swagger UI (``/schema``) and the documentation pages render in chromium under the service's
Content-Security-Policy, with no CSP violation: every ``securitypolicyviolation`` event the page fires,
every console error (chromium logs a refused script, style or connection there too) and every uncaught
script error fails the test. The server and the browser are ``conftest.py``'s; requests away from
127.0.0.1 are aborted and fail the test (its :class:`Guard`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import DESKTOP, Guard, screenshot

# Installed before any of the page's scripts: records every CSP violation the document reports.
RECORD_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__cspViolations.push({directive: e.violatedDirective, blocked: e.blockedURI, source: e.sourceFile});
});
"""


class Watched:
    """A page with its guard, and what went wrong on it: console errors and uncaught script errors."""

    def __init__(self, page: Page, guard: Guard) -> None:
        self.page = page
        self.guard = guard
        self.console_errors: list[str] = []
        self.page_errors: list[str] = []
        page.on("console", lambda message: message.type == "error" and self.console_errors.append(message.text))
        page.on("pageerror", lambda error: self.page_errors.append(str(error)))

    def violations(self) -> list[dict[str, Any]]:
        found: list[dict[str, Any]] = self.page.evaluate("window.__cspViolations || []")
        return found

    def assert_clean(self) -> None:
        assert self.violations() == []
        assert self.console_errors == []
        assert self.page_errors == []
        assert self.guard.foreign == []
        assert self.guard.local, "the guard saw the page's requests"


@pytest.fixture
def watched(browser: Browser) -> Iterator[Watched]:
    context = browser.new_context(viewport=DESKTOP, service_workers="block")
    guard = Guard()
    context.route("**/*", guard)
    context.add_init_script(RECORD_VIOLATIONS)
    page = context.new_page()
    yield Watched(page, guard)
    context.close()


def test_the_csp_is_the_one_served(server: str) -> None:
    """The pages below are served with the strict CSP (no 'unsafe-inline'): the test means something."""
    for path in ("/schema", "/docs", "/docs/rules"):
        policy = httpx.get(server + path).headers["content-security-policy"]
        assert "script-src 'self'" in policy, (path, policy)
        assert "unsafe-inline" not in policy, (path, policy)


def test_swagger_ui_renders_the_operations_under_the_csp(watched: Watched, server: str) -> None:
    page = watched.page
    page.goto(server + "/schema")
    expect(page.locator(".swagger-ui .info .title")).to_contain_text("Riichi")
    operations = page.locator(".opblock .opblock-summary-path")
    expect(operations.first).to_be_visible()
    paths = {text.replace("\u200b", "").strip() for text in operations.all_inner_texts()}
    assert {"/v1/score", "/v1/tenpai", "/v1/rules/{preset}"} <= paths
    page.locator(".opblock-summary", has_text="/v1/score").first.click()  # expands: its scripts run
    expect(page.locator(".opblock.is-open").first).to_be_visible()
    screenshot(page, "csp-swagger")
    watched.assert_clean()


def test_the_api_reference_renders_the_document_with_redoc_under_its_csp(watched: Watched, server: str) -> None:
    """``/docs/reference``: Redoc (served from ``/app/redoc/``, no CDN) reads ``/schema/openapi.json`` and lists
    the operations and schemas; its CSP adds only inline styles and a ``blob:`` worker to the strict one."""
    policy = httpx.get(server + "/docs/reference").headers["content-security-policy"]
    assert "script-src 'self';" in policy
    assert "'unsafe-eval'" not in policy
    page = watched.page
    page.goto(server + "/docs/reference")
    expect(page.locator("h1").first).to_contain_text("Riichi mahjong scoring")
    expect(page.get_by_role("heading", name="Score one winning hand").first).to_be_visible()
    # the tagged union of GET /v1/rules is shown with its four shapes (Redoc lists a discriminator's variants)
    menu = page.locator("[role='menuitem'], .menu-content label").all_inner_texts()
    assert any("Score one winning hand" in item for item in menu), menu[:20]
    assert watched.guard.local, "Redoc fetched the document from the service"
    screenshot(page, "redoc-reference")
    # Redoc's menu footer always shows its logo from its CDN: the CSP refuses it (nothing leaves the machine, and
    # Redoc hides an image that fails); that one refusal is the only one allowed
    logo = "https://cdn.redoc.ly/redoc/logo-mini.svg"
    assert [v for v in watched.violations() if v["blocked"] != logo] == []
    assert [e for e in watched.console_errors if logo not in e] == [], watched.console_errors
    assert watched.page_errors == []
    assert watched.guard.foreign == []


@pytest.mark.parametrize("path", ["/docs", "/docs/rules", "/docs/endpoints", "/problems/unauthorized"])
def test_docs_pages_render_their_nav_under_the_csp(watched: Watched, server: str, path: str) -> None:
    page = watched.page
    page.goto(server + path)
    nav = page.locator("body > nav")
    expect(nav).to_be_visible()
    expect(nav.locator("a[href='/schema']")).to_have_text("API docs")
    expect(page.locator("h1").first).to_be_visible()
    # the stylesheet from /static/ applied (a CSP refusal would leave the browser's default font)
    assert page.evaluate("document.styleSheets.length") >= 1
    assert page.evaluate("[...document.styleSheets].every((s) => s.cssRules.length > 0)")
    watched.assert_clean()


def test_a_violation_would_be_seen(watched: Watched, server: str) -> None:
    """The listener works: an inline script on a served page is refused, and the test sees it."""
    page = watched.page
    page.goto(server + "/docs")
    page.evaluate(
        """() => { const s = document.createElement("script"); s.textContent = "1"; document.body.append(s); }"""
    )
    page.wait_for_function("window.__cspViolations.length > 0")
    assert watched.violations()[0]["directive"].startswith("script-src")

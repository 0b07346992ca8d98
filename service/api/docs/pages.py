"""The pages the service serves: ``/`` (the table companion, a page for people at the table),
``/docs`` (the documentation index), ``/docs/{page}`` and ``/problems/{type}`` (the page each problem's
``type`` names).

The table companion is the static files of ``service/web/`` (shipped in the package): ``index.html`` at
``/``, its service worker at ``/sw.js`` (a worker controls only the pages under its own path: ``/`` needs it at
the root) and its scripts, style sheet, web app manifest and label catalogues under ``/app/``. It is a client
of the public API like any other (no private route); its HTML has no inline script or style, so it is served
with a strict Content-Security-Policy (everything from the same origin).

The pages are the Markdown files of ``service/docs/`` (shipped in the package), rendered to HTML once, at
first use, with markdown-it-py; they link to each other and to ``/schema`` only, never outside the
service. The stylesheet is a static file (no inline style: the CSP allows none); caching and
security headers are :mod:`service.api.plumbing.hardening`'s. An unknown page is the usual 404 problem. Not in
the OpenAPI document (they are HTML for people); the document lists the problem types in ``Problem.type``.
"""

from __future__ import annotations

import html
import re
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Annotated, Final

from litestar import MediaType, Response, Router, get
from litestar.datastructures import CacheControlHeader
from litestar.handlers import HTTPRouteHandler
from litestar.params import PathParameter
from litestar.static_files import create_static_files_router
from markdown_it import MarkdownIt

from service.i18n import refusal
from service.scoring import FieldError

from ..plumbing.errors import PROBLEM_PAGES, problem
from .swagger import DOCS_STYLESHEET

__all__ = [
    "APP_PATH",
    "DOC_PAGES",
    "PAGE_CSP",
    "PAGE_ROUTES",
    "WEB_DIR",
    "app_assets_router",
    "companion_page",
    "companion_worker",
    "doc_page",
    "index_page",
    "problem_page",
    "render",
]

DOC_PAGES: Final = ("rules", "rulesets", "notation", "endpoints", "problems", "logs", "compatibility", "changelog")
"""The pages under ``/docs/`` (``service/docs/<name>.md``)."""

WEB_DIR: Final = Path(str(resources.files("service").joinpath("web")))
"""The table companion's static files (``index.html``, ``app.css``, ``js/``, ``i18n/``)."""
APP_PATH: Final = "/app"
"""Where the files of :data:`WEB_DIR` are served."""
PAGE_CSP: Final = (
    "default-src 'self'; img-src 'self' data: blob:; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
"""The Content-Security-Policy of ``/``: scripts, styles and requests from the service itself only."""


def _source(*parts: str) -> str:
    return resources.files("service").joinpath("docs", *parts).read_text(encoding="utf-8")


@lru_cache(maxsize=32)
def render(*parts: str) -> str:
    """The HTML page of ``service/docs/<parts>.md``: its first heading is the title. Raises ``FileNotFoundError``."""
    markdown = _source(*parts[:-1], parts[-1] + ".md")
    title = re.match(r"#\s*(.+)", markdown)
    body = MarkdownIt("commonmark").enable("table").render(markdown)
    return (
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        f"<title>{html.escape(title[1] if title else 'Riichi mahjong scoring')}</title>"
        f"<link rel='stylesheet' href='{DOCS_STYLESHEET}'>"
        "</head><body><nav><a href='/'>Table companion</a> · <a href='/docs'>Docs</a> · "
        "<a href='/docs/rules'>Rules</a> · <a href='/docs/rulesets'>Rule sets</a> · "
        "<a href='/docs/notation'>Notation</a> · <a href='/docs/endpoints'>Endpoints</a> · "
        "<a href='/docs/problems'>Problems</a> · <a href='/docs/compatibility'>Compatibility</a> · "
        "<a href='/docs/changelog'>Changelog</a> · <a href='/schema'>API docs</a></nav>"
        f"{body}</body></html>"
    )


def _page(*parts: str) -> Response[str]:
    return Response(render(*parts), media_type=MediaType.HTML)


@lru_cache(maxsize=1)
def _companion() -> str:
    return (WEB_DIR / "index.html").read_text(encoding="utf-8")


@get("/", include_in_schema=False, sync_to_thread=False)
def companion_page() -> Response[str]:
    """The table companion: enter and score a hand, keep a game, print the points table."""
    headers = {"Cache-Control": "no-cache", "Content-Security-Policy": PAGE_CSP}
    return Response(_companion(), media_type=MediaType.HTML, headers=headers)


@lru_cache(maxsize=1)
def _worker() -> str:
    return (WEB_DIR / "sw.js").read_text(encoding="utf-8")


@get("/sw.js", include_in_schema=False, sync_to_thread=False)
def companion_worker() -> Response[str]:
    """The companion's service worker (JavaScript, scope ``/``): keeps the page and the rules and points tables it
    read usable while the service is unreachable; the page registers it only in a secure context (HTTPS,
    localhost)."""
    headers = {"Cache-Control": "no-cache", "Content-Security-Policy": PAGE_CSP}
    return Response(_worker(), media_type="text/javascript", headers=headers)


def app_assets_router() -> Router:
    """The static-files router serving :data:`WEB_DIR` at :data:`APP_PATH` (not in the OpenAPI document)."""
    return create_static_files_router(
        path=APP_PATH,
        directories=[WEB_DIR],
        include_in_schema=False,
        name="table-companion",
        cache_control=CacheControlHeader(no_cache=True),
    )


@get("/docs", include_in_schema=False, sync_to_thread=False)
def index_page() -> Response[str]:
    """The index: what the service is and where its documentation is."""
    return _page("index")


REFERENCE_PAGE: Final = "reference"
"""``/docs/reference``: the OpenAPI document read by Redoc (its bundle: ``/app/redoc/``, see
``scripts/web_font.py``), beside Swagger UI at ``/schema``."""

REFERENCE_CSP: Final = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
    "connect-src 'self'; worker-src 'self' blob:; object-src 'none'; base-uri 'none'; form-action 'self'; "
    "frame-ancestors 'none'"
)
"""The Content-Security-Policy of :data:`REFERENCE_PAGE`: same origin only, as everywhere, but with the style
elements Redoc's components write at run time and the search worker it starts from a ``blob:``."""

REFERENCE_HTML: Final = (
    "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
    "<meta name='viewport' content='width=device-width, initial-scale=1'>"
    "<title>API reference · Riichi mahjong scoring</title></head>"
    "<body><redoc spec-url='/schema/openapi.json'></redoc>"
    f"<script src='{APP_PATH}/redoc/redoc.standalone.js'></script></body></html>"
)


@get("/docs/{page:str}", include_in_schema=False, sync_to_thread=False)
def doc_page(page: Annotated[str, PathParameter()]) -> Response[str]:
    """One page of :data:`DOC_PAGES`, or the API reference (:data:`REFERENCE_PAGE`); another name is a 404
    problem naming ``page``."""
    if page == REFERENCE_PAGE:
        headers = {"Cache-Control": "no-cache", "Content-Security-Policy": REFERENCE_CSP}
        return Response(REFERENCE_HTML, media_type=MediaType.HTML, headers=headers)
    if page not in DOC_PAGES:
        raise problem(
            404,
            refusal("refusal.detail.no_page"),
            [FieldError("page", refusal("refusal.one_of", names=", ".join((*DOC_PAGES, REFERENCE_PAGE))))],
        )
    return _page(page)


@get("/problems/{name:str}", include_in_schema=False, sync_to_thread=False)
def problem_page(name: Annotated[str, PathParameter()]) -> Response[str]:
    """The page of the problem type ``/problems/<name>``; another name is a 404 problem."""
    if f"/problems/{name}" not in PROBLEM_PAGES:
        raise problem(
            404, refusal("refusal.detail.no_problem_type"), [FieldError("name", refusal("refusal.see_problems"))]
        )
    return _page("problems", name)


PAGE_ROUTES: Final[list[HTTPRouteHandler | Router]] = [
    companion_page,
    companion_worker,
    index_page,
    doc_page,
    problem_page,
    app_assets_router(),
]
"""The documentation routes, registered by :func:`service.app.create_app`."""

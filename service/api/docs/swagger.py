"""Interactive API docs (Swagger UI) at ``/schema`` with no CDN, and the service's own static assets.

The JavaScript, CSS and icon are the ``swagger-ui-bundle-v2`` distribution's files, served
by litestar's static-files router under :data:`ASSETS_PATH` (only the four the page loads,
:data:`SWAGGER_FILES`: not the distribution's demo ``index.html`` with its inline script); the service's own files
(``service/api/static/``: the documentation pages' stylesheet, the Swagger page's stylesheet and the
script that starts Swagger UI) under :data:`SITE_PATH`. Both paths carry a version (the package's, a
digest of the files), so the assets are served ``immutable`` (:mod:`service.api.plumbing.hardening`). The page at
``/schema`` has no inline script or style (the Content-Security-Policy allows none): Swagger UI fetches
the document from ``/schema/openapi.json``, so the docs work on a machine without internet access.
"""

from __future__ import annotations

import hashlib
import html
from importlib import metadata, resources
from pathlib import Path
from typing import Any, Final

import swagger_ui_bundle
from litestar import Request
from litestar.file_system import BaseLocalFileSystem
from litestar.openapi.plugins import JsonRenderPlugin, SwaggerRenderPlugin
from litestar.router import Router
from litestar.static_files import create_static_files_router

__all__ = [
    "ASSETS_PATH",
    "DOCS_STYLESHEET",
    "SITE_PATH",
    "SWAGGER_FILES",
    "StrictSwaggerRenderPlugin",
    "render_plugins",
    "site_assets_router",
    "swagger_assets_router",
]

ASSETS_PATH: Final = f"/static/swagger-ui-{metadata.version('swagger-ui-bundle-v2')}"
"""URL path of the Swagger UI assets (versioned: a new package is a new path)."""

ASSETS_DIR = Path(swagger_ui_bundle.swagger_ui_path)
"""The package's Swagger UI distribution (``swagger-ui-bundle.js``, ``swagger-ui.css``, …)."""

SWAGGER_FILES: Final = frozenset(
    {"swagger-ui-bundle.js", "swagger-ui-standalone-preset.js", "swagger-ui.css", "favicon-32x32.png"}
)
"""The files of :data:`ASSETS_DIR` the Swagger UI page loads, the only ones served: the distribution's own
``index.html`` (an inline script, a demo document from the internet), ``oauth2-redirect.html``, the ES
bundles and source maps are not (404)."""


class _ListedFiles(BaseLocalFileSystem):
    """A local file system in which only the files named in ``names`` exist."""

    def __init__(self, names: frozenset[str]) -> None:
        self.names = names

    async def info(self, path: Any, **kwargs: Any) -> Any:
        """The file's information; :class:`FileNotFoundError` for a name not listed."""
        if Path(path).name not in self.names:
            raise FileNotFoundError(path)
        return await super().info(path, **kwargs)


SITE_DIR = Path(str(resources.files("service.api").joinpath("static")))
"""The service's own assets (shipped in the package)."""


def _digest(directory: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(directory.iterdir()):
        if path.is_file():
            digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:12]


SITE_PATH: Final = f"/static/site-{_digest(SITE_DIR)}"
"""URL path of :data:`SITE_DIR`: its digest changes whenever a file does."""

DOCS_STYLESHEET: Final = f"{SITE_PATH}/docs.css"
"""The documentation pages' stylesheet (:mod:`service.api.docs.pages`)."""


class StrictSwaggerRenderPlugin(SwaggerRenderPlugin):
    """Swagger UI without inline script or style: the page loads only same-origin files."""

    def render(self, request: Request[Any, Any, Any], openapi_schema: dict[str, Any]) -> bytes:
        """The HTML page (the document is fetched by the page, not embedded)."""
        title = html.escape(str(openapi_schema.get("info", {}).get("title", "API")))
        return (
            "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
            "<meta name='viewport' content='width=device-width, initial-scale=1'>"
            f"<title>{title}</title>{self.favicon}"
            f"<link rel='stylesheet' href='{self.css_url}'><link rel='stylesheet' href='{SITE_PATH}/swagger-page.css'>"
            f"<script src='{self.js_url}'></script><script src='{self.standalone_preset_js_url}'></script>"
            f"<script src='{SITE_PATH}/swagger-init.js'></script>"
            "</head><body><div id='swagger-container'></div></body></html>"
        ).encode()


def render_plugins() -> list[JsonRenderPlugin | SwaggerRenderPlugin]:
    """Swagger UI at ``/schema`` and ``/schema/swagger``, the JSON document at ``/schema/openapi.json``."""
    return [
        StrictSwaggerRenderPlugin(
            path=["/", "/swagger"],
            js_url=f"{ASSETS_PATH}/swagger-ui-bundle.js",
            css_url=f"{ASSETS_PATH}/swagger-ui.css",
            standalone_preset_js_url=f"{ASSETS_PATH}/swagger-ui-standalone-preset.js",
            favicon=f"<link rel='icon' type='image/png' href='{ASSETS_PATH}/favicon-32x32.png'>",
        ),
        JsonRenderPlugin(),
    ]


def swagger_assets_router() -> Router:
    """The static-files router serving :data:`SWAGGER_FILES` of :data:`ASSETS_DIR` at :data:`ASSETS_PATH` (not in the
    OpenAPI document)."""
    return create_static_files_router(
        path=ASSETS_PATH,
        directories=[ASSETS_DIR],
        file_system=_ListedFiles(SWAGGER_FILES),
        include_in_schema=False,
        name="swagger-ui-assets",
    )


def site_assets_router() -> Router:
    """The static-files router serving :data:`SITE_DIR` at :data:`SITE_PATH` (not in the OpenAPI document)."""
    return create_static_files_router(path=SITE_PATH, directories=[SITE_DIR], include_in_schema=False, name="site")

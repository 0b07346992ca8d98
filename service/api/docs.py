"""Interactive API docs (Swagger UI) at ``/schema`` with no CDN: the assets come from a package.

The JavaScript, CSS and icons are the ``swagger-ui-bundle-v2`` distribution's files, served
by litestar's static-files router under :data:`ASSETS_PATH`; the page (litestar's
:class:`~litestar.openapi.plugins.SwaggerRenderPlugin`) embeds the OpenAPI document itself,
so the docs work on a machine without internet access.
"""

from __future__ import annotations

from pathlib import Path

import swagger_ui_bundle
from litestar.openapi.plugins import JsonRenderPlugin, SwaggerRenderPlugin
from litestar.router import Router
from litestar.static_files import create_static_files_router

__all__ = ["ASSETS_PATH", "render_plugins", "swagger_assets_router"]

ASSETS_PATH = "/static/swagger-ui"
"""URL path of the Swagger UI assets."""

ASSETS_DIR = Path(swagger_ui_bundle.swagger_ui_path)
"""The package's Swagger UI distribution (``swagger-ui-bundle.js``, ``swagger-ui.css``, …)."""


def render_plugins() -> list[JsonRenderPlugin | SwaggerRenderPlugin]:
    """Swagger UI at ``/schema`` and ``/schema/swagger``, the JSON document at ``/schema/openapi.json``."""
    return [
        SwaggerRenderPlugin(
            path=["/", "/swagger"],
            js_url=f"{ASSETS_PATH}/swagger-ui-bundle.js",
            css_url=f"{ASSETS_PATH}/swagger-ui.css",
            standalone_preset_js_url=f"{ASSETS_PATH}/swagger-ui-standalone-preset.js",
            favicon=f"<link rel='icon' type='image/png' href='{ASSETS_PATH}/favicon-32x32.png'>",
        ),
        JsonRenderPlugin(),
    ]


def swagger_assets_router() -> Router:
    """The static-files router serving :data:`ASSETS_DIR` at :data:`ASSETS_PATH` (not in the OpenAPI document)."""
    return create_static_files_router(
        path=ASSETS_PATH, directories=[ASSETS_DIR], include_in_schema=False, name="swagger-ui-assets"
    )

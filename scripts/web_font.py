"""Copies the table companion's font into ``service/web/fonts/`` and the API reference's Redoc bundle into
``service/web/redoc/`` (neither committed; ``.ci/run`` and the browser tests run this), from the npm packages
pinned in ``web-deps/package.json`` (``npm ci`` there first, which this does when a package is missing).

The font: Noto Sans JP, regular weight.

The package splits the font by ``unicode-range`` into small WOFF2 files; all of them are copied with a style
sheet ``noto-sans-jp.css`` naming them, so a browser fetches only the pieces holding characters the page shows
(the Japanese labels, and "日本語" in the language list): Japanese is readable on a system without a CJK font.
The font's licence (SIL Open Font License 1.1) is copied beside it.

Redoc (MIT): its self-contained ``redoc.standalone.js`` and licences, served at ``/app/redoc/`` for the API
reference page ``/docs/reference`` (:mod:`service.api.docs.pages`), which renders ``/schema/openapi.json`` with no CDN.

Usage: ``python3 scripts/web_font.py`` (from anywhere); exits 0 having written the folder, or 1 saying why.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEPS = ROOT / "web-deps"
PACKAGE = DEPS / "node_modules" / "@fontsource" / "noto-sans-jp"
TARGET = ROOT / "service" / "web" / "fonts"
REDOC = DEPS / "node_modules" / "redoc"
REDOC_TARGET = ROOT / "service" / "web" / "redoc"
REDOC_FILES = ("bundles/redoc.standalone.js", "bundles/redoc.standalone.js.LICENSE.txt", "LICENSE")
STYLE = "noto-sans-jp.css"
NPM_TIMEOUT = 600


def install() -> None:
    """``npm ci`` in ``web-deps/`` (the lockfile's versions) when the package is not there yet."""
    wanted = [PACKAGE / "400.css", DEPS / "node_modules" / "axe-core" / "axe.min.js", REDOC / REDOC_FILES[0]]
    if all(path.exists() for path in wanted):
        return
    npm = shutil.which("npm")
    if npm is None:
        sys.exit("npm is needed to install the companion's font (web-deps/package.json)")
    subprocess.run(
        [npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=DEPS, check=True, timeout=NPM_TIMEOUT
    )


def style_sheet(css: str) -> tuple[str, list[str]]:
    """The package's ``400.css`` with its WOFF2 sources only (every browser the page serves reads WOFF2), the
    files named without a folder; and the file names."""
    files: list[str] = []

    def woff2_only(match: re.Match[str]) -> str:
        name = match.group(1)
        files.append(name)
        return f"src: url({name}) format('woff2');"

    out = re.sub(r"src:\s*url\(\./files/([\w.-]+\.woff2)\) format\('woff2'\)[^;]*;", woff2_only, css)
    return out, files


def main() -> int:
    install()
    css, files = style_sheet((PACKAGE / "400.css").read_text(encoding="utf-8"))
    if not files or "./files/" in css:
        print(f"{PACKAGE / '400.css'}: not the expected @font-face rules", file=sys.stderr)
        return 1
    if TARGET.exists():
        shutil.rmtree(TARGET)
    TARGET.mkdir(parents=True)
    for name in files:
        shutil.copyfile(PACKAGE / "files" / name, TARGET / name)
    (TARGET / STYLE).write_text(css, encoding="utf-8")
    shutil.copyfile(PACKAGE / "LICENSE", TARGET / "LICENSE.txt")
    print(f"{TARGET}: {len(files)} font files and {STYLE}")
    if REDOC_TARGET.exists():
        shutil.rmtree(REDOC_TARGET)
    REDOC_TARGET.mkdir(parents=True)
    for name in REDOC_FILES:
        shutil.copyfile(REDOC / name, REDOC_TARGET / ("LICENSE.txt" if name == "LICENSE" else Path(name).name))
    print(f"{REDOC_TARGET}: Redoc {json.loads((REDOC / 'package.json').read_text(encoding='utf-8'))['version']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The documentation the service serves: ``/``, ``/docs/{page}`` and the page of every problem ``type``."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest
from litestar import Litestar
from litestar.testing import TestClient

from service.api.errors import PROBLEM_TYPES
from service.api.pages import DOC_PAGES
from service.app import create_app

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "service" / "docs"
LINK = re.compile(r"\]\(([^)]+)\)")
PRESETS_TOML = ROOT / "service" / "scoring" / "presets.toml"
RULESETS_CITATION = re.compile(r"/docs/rulesets §(\d+)(?:–(\d+))?")


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient[Litestar]]:
    with TestClient(app=create_app(), raise_server_exceptions=False) as c:
        yield c


@pytest.mark.parametrize("path", ["/", *(f"/docs/{page}" for page in DOC_PAGES)])
def test_every_documentation_page_is_served_as_html(client: TestClient[Litestar], path: str) -> None:
    r = client.get(path)
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/html")
    assert "<h1>" in r.text


def test_the_rules_page_has_every_section(client: TestClient[Litestar]) -> None:
    text = client.get("/docs/rules").text
    for section in ("1. Tiles and notation", "3. <code>standard</code> preset", "4. <code>kostarev</code> preset"):
        assert section in text


def test_the_rulesets_page_has_every_section_presets_toml_cites(client: TestClient[Litestar]) -> None:
    """Every `/docs/rulesets §N` (or §N–M) a preset's source cites is a numbered section of the served page,
    and every source key it cites in brackets ([TH-mj4], [S-corpus], …) is listed in its §10."""
    r = client.get("/docs/rulesets")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/html")
    sections = {int(n) for n in re.findall(r"<h2>(\d+)\. ", r.text)}
    assert sections == set(range(1, 11))
    assert "<h2>Presets</h2>" in r.text
    with PRESETS_TOML.open("rb") as f:
        presets = tomllib.load(f)
    cited = {
        int(n)
        for options in presets.values()
        for _, source in options.values()
        for first, last in RULESETS_CITATION.findall(source)
        for n in range(int(first), int(last or first) + 1)
    }
    assert cited
    assert sorted(cited - sections) == []
    listed = set(re.findall(r"<li>\[([\w-]+)\]", r.text.split("<h2>10. Sources</h2>")[1]))
    keys = {
        key
        for options in presets.values()
        for _, source in options.values()
        if "/docs/rulesets" in source
        for key in re.findall(r"\[([\w-]+)\]", source)
    }
    assert sorted(keys - listed) == [], "a source key presets.toml cites is not in §10 Sources"


@pytest.mark.parametrize("type_", sorted(PROBLEM_TYPES.values()))
def test_every_problem_type_is_a_page(client: TestClient[Litestar], type_: str) -> None:
    r = client.get(type_)
    assert r.status_code == 200
    assert f"<code>{type_}</code>" in r.text


def test_a_problem_links_to_its_page(client: TestClient[Litestar]) -> None:
    body = client.post("/v1/score", json={"hand": "5555p", "win_tile": "5p"}).json()
    assert body["type"] == "/problems/impossible-hand"
    assert client.get(body["type"]).status_code == 200


@pytest.mark.parametrize("path", ["/docs/nothing", "/problems/nothing", "/docs/../README"])
def test_an_unknown_page_is_a_404_problem(client: TestClient[Litestar], path: str) -> None:
    r = client.get(path)
    assert r.status_code == 404
    assert r.headers["content-type"] == "application/problem+json"


def test_links_in_the_docs_stay_inside_the_service() -> None:
    links = [link for page in DOCS.rglob("*.md") for link in LINK.findall(page.read_text(encoding="utf-8"))]
    assert links
    assert [link for link in links if not link.startswith("/")] == []


@pytest.mark.parametrize(
    "path", ["README.md", "openapi/openapi.json", *(str(p.relative_to(ROOT)) for p in DOCS.rglob("*.md"))]
)
def test_nothing_points_outside_the_repository(path: str) -> None:
    text = (ROOT / path).read_text(encoding="utf-8")
    assert "../shared" not in text
    assert not re.search(r"(?<![\w/])RULES\.md|API\.md", text), "cite /docs/rules (service/docs/rules.md, served there)"

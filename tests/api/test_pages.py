"""The pages the service serves: the table companion at ``/`` (its files under ``/app/``), the documentation
index at ``/docs``, ``/docs/{page}`` and the page of every problem ``type``."""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest
from litestar import Litestar
from litestar.testing import TestClient

from service.api.docs.pages import DOC_PAGES, PAGE_CSP, WEB_DIR
from service.api.plumbing.errors import PROBLEM_PAGES
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


@pytest.mark.parametrize("path", ["/docs", *(f"/docs/{page}" for page in DOC_PAGES)])
def test_every_documentation_page_is_served_as_html(client: TestClient[Litestar], path: str) -> None:
    r = client.get(path)
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/html")
    assert "<h1>" in r.text


def test_the_documentation_index_links_every_page(client: TestClient[Litestar]) -> None:
    text = client.get("/docs").text
    for page in DOC_PAGES:
        assert f'href="/docs/{page}"' in text
    assert "href='/'" in text  # the navigation leads back to the table companion


def test_the_table_companion_is_served_at_the_root_with_a_strict_policy(client: TestClient[Litestar]) -> None:
    r = client.get("/")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/html")
    assert r.headers["content-security-policy"] == PAGE_CSP
    assert "default-src 'self'" in PAGE_CSP
    assert "unsafe" not in PAGE_CSP
    assert '<script type="module" src="/app/js/main.js"></script>' in r.text


def test_the_companion_html_has_no_inline_script_or_style() -> None:
    text = (WEB_DIR / "index.html").read_text(encoding="utf-8")
    assert not re.search(r"<script(?![^>]*\bsrc=)", text), "every script is a file (CSP script-src 'self')"
    assert "<style" not in text
    assert "style=" not in text
    assert not re.search(r"\son[a-z]+=", text), "no inline event handlers"


def test_the_companion_scripts_do_not_evaluate_text() -> None:
    scripts = [p.read_text(encoding="utf-8") for p in (WEB_DIR / "js").glob("*.js")]
    assert scripts
    for text in scripts:
        assert not re.search(
            r"\beval\(|new Function\(|innerHTML|https?://", text.replace("http://www.w3.org/2000/svg", "")
        )


def test_every_file_the_companion_loads_is_served(client: TestClient[Litestar]) -> None:
    html = client.get("/").text
    paths = re.findall(r'(?:src|href)="(/app/[^"]+)"', html)
    scripts = sorted(p.name for p in (WEB_DIR / "js").glob("*.js"))
    paths += [f"/app/js/{name}" for name in scripts] + [f"/app/i18n/{lang}.json" for lang in ("en", "ru", "ja")]
    assert "/app/app.css" in paths
    for path in paths:
        r = client.get(path)
        assert r.status_code == 200, path
    assert (
        client.get("/app/js/main.js").headers["content-type"].startswith(("text/javascript", "application/javascript"))
    )
    assert client.get("/app/nothing.js").status_code == 404


def test_the_label_catalogues_have_the_same_keys_and_placeholders() -> None:
    catalogues = {
        lang: json.loads((WEB_DIR / "i18n" / f"{lang}.json").read_text(encoding="utf-8")) for lang in ("en", "ru", "ja")
    }
    # A count's forms are the language's plural categories (Intl.PluralRules: Russian has one, few, many and
    # other, English one and other, Japanese other alone): the same counts, each with its `other` form.
    plural = re.compile(r"\.(zero|one|two|few|many|other)$")

    def keys(lang: str) -> set[str]:
        return {plural.sub(".#", key) for key in catalogues[lang]}

    assert keys("ru") == keys("en") == keys("ja")
    for lang in ("en", "ru", "ja"):
        counts = {plural.sub("", key) for key in catalogues[lang] if plural.search(key)}
        assert {f"{count}.other" for count in counts} <= set(catalogues[lang]), lang
    for key, text in catalogues["en"].items():
        for lang in ("ru", "ja"):
            if key not in catalogues[lang]:  # a plural form the language does not have (en one, ja other only)
                continue
            assert set(re.findall(r"\{\w+\}", catalogues[lang][key])) == set(re.findall(r"\{\w+\}", text)), (lang, key)
            assert catalogues[lang][key].strip(), (lang, key)


def test_every_label_the_page_names_is_in_the_catalogue() -> None:
    keys = set(json.loads((WEB_DIR / "i18n" / "en.json").read_text(encoding="utf-8")))
    html = (WEB_DIR / "index.html").read_text(encoding="utf-8")
    named = set(re.findall(r'data-i18n(?:-label|-placeholder)?="([^"]+)"', html))
    for script in (WEB_DIR / "js").glob("*.js"):
        named |= set(re.findall(r'\bt\("([a-z_.0-9]+)"', script.read_text(encoding="utf-8")))
    assert named
    assert sorted(named - keys) == []


def test_the_rules_page_has_every_section(client: TestClient[Litestar]) -> None:
    text = client.get("/docs/rules").text
    for section in ("1. Tiles and notation", "3. <code>standard</code> preset", "4. <code>kostarev</code> preset"):
        assert section in text


FAMILY_DOCUMENTS = ("kids' rules", "Kostarev rules", "points rules")
"""The public names of the three family rule documents /docs/rules introduces."""
FILE_NUMBER = re.compile(r"\bseeds? \d{3}\b|\bthe seeds?\b|\bseeds\b", re.IGNORECASE)
"""The internal word for those documents ("seed 001", "the seed"); Tenhou's ``INIT seed`` attribute is no
citation and does not match."""


def test_the_rules_page_introduces_each_family_document_it_cites(client: TestClient[Litestar]) -> None:
    intro = client.get("/docs/rules").text.split("<h2>")[0].replace("&#x27;", "'").replace("&#39;", "'")
    for name in FAMILY_DOCUMENTS:
        assert f"<strong>the {name}</strong>" in intro, name
    assert "/docs/rules §4; Kostarev rules §4.3" in intro


def test_a_family_document_is_cited_after_the_served_page() -> None:
    """Every preset option source that cites a family document cites /docs/rules first."""
    with PRESETS_TOML.open("rb") as f:
        presets = tomllib.load(f)
    citing = [s for options in presets.values() for _, s in options.values() if any(n in s for n in FAMILY_DOCUMENTS)]
    assert len(citing) > 20
    assert [s for s in citing if not s.startswith("/docs/rules §")] == []


@pytest.mark.parametrize("lang", ["en", "ru", "ja"])
def test_no_served_text_names_the_documents_by_their_internal_word(client: TestClient[Litestar], lang: str) -> None:
    headers = {"Accept-Language": lang}
    texts = [client.get(path, headers=headers).text for path in ("/v1/rules", "/v1/rules/kostarev", "/v1/rules/kids")]
    texts += [client.get(f"/docs/{page}", headers=headers).text for page in DOC_PAGES]
    texts.append(client.get("/schema/openapi.json").text)
    assert [m.group(0) for text in texts for m in FILE_NUMBER.finditer(text)] == []
    catalogue = client.get("/v1/rules", headers=headers).json()
    sources = {p["id"]: p["source"] for p in catalogue["presets"]}
    for preset in ("standard", "kostarev", "kids"):
        assert sources[preset].startswith("/docs/rules §"), (preset, sources[preset])


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


@pytest.mark.parametrize("type_", sorted(PROBLEM_PAGES))
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
    "path",
    [
        "README.md",
        "ARCHITECTURE.md",
        "openapi/openapi.json",
        *(str(p.relative_to(ROOT)) for p in DOCS.rglob("*.md")),
        # the page's own files (not its font, copied from an npm package by scripts/web_font.py)
        *(str(p.relative_to(ROOT)) for p in WEB_DIR.rglob("*") if p.is_file() and p.parent.name != "fonts"),
    ],
)
def test_nothing_points_outside_the_repository(path: str) -> None:
    text = (ROOT / path).read_text(encoding="utf-8")
    assert "../shared" not in text
    assert not re.search(r"(?<![\w/])RULES\.md|API\.md", text), "cite /docs/rules (service/docs/rules.md, served there)"


def test_the_compatibility_policy_and_the_changelog_are_served_with_the_docs(client: TestClient[Litestar]) -> None:
    policy = client.get("/docs/compatibility").text
    assert 'href="/docs/changelog"' in policy
    assert 'href="/schema/openapi.json"' in policy
    for growing in ("yaku ids", "problem types", "New fields in answers"):  # what a client must accept
        assert growing in policy
    for limit in ("int64", "typescript-fetch", "FAIL_ON_UNKNOWN_PROPERTIES"):  # what generated clients need to know
        assert limit in policy
    changelog = client.get("/docs/changelog").text
    assert 'href="/docs/compatibility"' in changelog
    described = client.get("/schema/openapi.json").json()["info"]["description"]
    assert "`/docs/compatibility`" in described
    assert "`/docs/changelog`" in described

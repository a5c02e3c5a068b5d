"""`heartspec rules RULESET --format html`: one self-contained page a table can print, checked in a real browser.

Each base ruleset's rulebook, in every language, is opened in headless Chromium (Debian's `chromium`,
driven by Playwright as tests/test_compat_browser.py does), must load nothing from outside and log no
error, and is printed to an A4 PDF whose pages are counted: two at most for a base ruleset.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from heartspec.cli import main
from heartspec.i18n import LANGUAGES

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
RULESETS = ("fi", "no", "dk", "se", "fi-classic")
MAX_PAGES = 2

sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed (pip install playwright)")
if not Path(CHROMIUM).exists():
    pytest.skip("Debian's chromium is not installed (apt-get install chromium)", allow_module_level=True)


def rulebook_html(*args: str) -> str:
    result = CliRunner().invoke(main, ["rules", *args, "--format", "html"])
    assert result.exit_code == 0, result.output
    return result.output


def pdf_pages(pdf: bytes) -> int:
    """Pages in a PDF Chromium wrote: its page objects (the page tree's own node is /Pages)."""
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf))


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        yield chromium
        chromium.close()


@pytest.fixture()
def tab(browser):
    page = browser.new_page()
    errors: list[str] = []
    requests: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("request", lambda request: requests.append(request.url))
    yield page
    page.close()
    assert errors == [], f"console errors: {errors}"
    assert [url for url in requests if not url.startswith(("data:", "about:"))] == [], requests


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_base_rulebook_prints_on_at_most_two_a4_pages(tab, ruleset, lang):
    html = rulebook_html(ruleset, "--lang", lang)
    assert "<script" not in html and "http" not in html.split("<body>", 1)[1], "the page must stand alone"
    tab.set_content(html)
    assert tab.evaluate("document.documentElement.lang") == lang
    headings = tab.locator("h2").all_inner_texts()
    assert headings and tab.locator("h1").inner_text()
    pdf = tab.pdf(format="A4", prefer_css_page_size=True, print_background=True)
    assert pdf.startswith(b"%PDF")
    assert 1 <= pdf_pages(pdf) <= MAX_PAGES, f"{ruleset} --lang {lang}: {pdf_pages(pdf)} pages"


def test_the_page_counter_counts_pages(tab):
    """A page forced onto three sheets is counted as three: the count would catch a longer rulebook."""
    tab.set_content("<html><body>" + "".join(f'<p style="break-after: page">{n}</p>' for n in range(3))
                    + "</body></html>")
    assert pdf_pages(tab.pdf(format="A4")) == 3


def test_a_rulebook_page_shows_the_rules_in_the_chosen_language(tab):
    tab.set_content(rulebook_html("dk", "--lang", "da", "--players", "4"))
    text = tab.locator("body").inner_text()
    assert "Tage alt" in text and "hver af de andre spillere" in text
    assert "på kommandolinjen: heartspec rules dk --players 4" in text
    assert "Spillet går med uret" in text and "es (højest) ned til to" in text


def test_html_needs_one_ruleset():
    result = CliRunner().invoke(main, ["rules", "--format", "html"])
    assert result.exit_code == 2 and "give a RULESET_ID" in result.output

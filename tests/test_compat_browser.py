"""The compat site in a real browser: headless Chromium (Debian's `chromium`) driven by Playwright.

Serves a site built from tests/fixtures/compat on 127.0.0.1, clicks filters, checks the URL and
the rows shown, opens an engine page and a scenario page, and fails on any console error.
Needs `apt-get install chromium` and `pip install playwright` (the `test` extra); skipped without them.
"""

from __future__ import annotations

import functools
import http.server
import shutil
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner

from heartspec.cli import main

FIXTURE = Path(__file__).parent / "fixtures" / "compat"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
SCREENSHOT = Path("/tmp/heartspec-compat-front.png")

sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed (pip install playwright)")
if not Path(CHROMIUM).exists():
    pytest.skip("Debian's chromium is not installed (apt-get install chromium)", allow_module_level=True)


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    folder = tmp_path_factory.mktemp("site")
    shutil.copytree(FIXTURE / "reports", folder / "reports")
    assert CliRunner().invoke(main, ["compat", "--from", str(folder)]).exit_code == 1  # one engine never started
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(folder)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    thread.join()


@pytest.fixture()
def page(site):
    errors: list[str] = []
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        tab = browser.new_page(viewport={"width": 1280, "height": 900})
        tab.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
        tab.on("pageerror", lambda error: errors.append(str(error)))
        yield tab
        browser.close()
    assert errors == [], f"console errors: {errors}"


def visible_engines(tab) -> list[str]:
    return tab.eval_on_selector_all("table.matrix tr.engine:not(.hidden)", "rows => rows.map(r => r.dataset.label)")


def test_the_front_page_filters_live_in_the_url(site, page):
    page.goto(f"{site}/index.html")
    assert visible_engines(page) == ["reference", "mutant-break", "openspiel", "mutant-crash", "no-start"]
    page.screenshot(path=str(SCREENSHOT), full_page=False)

    page.select_option("select[data-filter=outcome]", "errored")
    assert page.evaluate("location.hash") == "#outcome=errored"
    assert visible_engines(page) == ["mutant-crash"]
    outcomes = page.eval_on_selector_all("table.rows tr.row:not(.hidden)", "rows => rows.map(r => r.dataset.outcome)")
    assert outcomes and all("errored" in o.split() for o in outcomes)

    page.select_option("select[data-filter=outcome]", "")
    page.select_option("select[data-filter=ruleset]", "fi")
    page.select_option("select[data-filter=area]", "hearts_broken_and_leads")
    assert page.evaluate("location.hash") == "#area=hearts_broken_and_leads&ruleset=fi"
    shown_columns = page.eval_on_selector_all("table.matrix thead th[data-column]:not(.hidden)",
                                              "cells => cells.map(c => c.dataset.column)")
    assert shown_columns == ["fi"]
    openspiel = page.locator("tr.engine[data-label=openspiel] td.cell[data-column=fi] .n.failed")
    assert openspiel.inner_text() == "2"  # hearts-001 and hearts-002 at fi
    rows = page.eval_on_selector_all("table.rows tr.row:not(.hidden) a", "links => links.map(a => a.textContent)")
    assert rows == ["hearts-001[fi-4p]", "hearts-002[fi-4p]"]


def test_a_shared_link_opens_the_same_view(site, page):
    page.goto(f"{site}/index.html#outcome=failed&ruleset=dk")
    assert page.eval_on_selector("select[data-filter=ruleset]", "s => s.value") == "dk"
    assert "no-start" not in visible_engines(page) and "reference" not in visible_engines(page)
    assert page.locator(".shown").first.inner_text().endswith("rows shown")


def test_an_engine_page_shows_its_failures_and_fuzz_differences(site, page):
    page.goto(f"{site}/index.html")
    page.click("tr.engine[data-label=openspiel] th.name a")
    assert page.url.endswith("/engines/openspiel.html")
    assert page.locator("h1").inner_text().startswith("openspiel")
    assert "openspiel-hearts-adapter 2.0.2" in page.locator("dl.facts").inner_text()
    failure = page.locator("details.failure", has_text="hearts-001[fi-4p]")
    failure.locator("summary").click()
    assert "rule difference" in failure.inner_text() and "Move log" in failure.inner_text()
    assert page.locator("details.difference").count() >= 1
    page.select_option("select[data-filter=ruleset]", "dk")
    assert page.evaluate("location.hash") == "#ruleset=dk"
    shown = page.eval_on_selector_all("details.failure:not(.hidden)", "items => items.map(i => i.dataset.ruleset)")
    assert shown and set(shown) == {"dk"}
    badge = page.locator("h1 img")
    assert badge.evaluate("img => img.complete && img.naturalWidth > 0")


def test_a_scenario_page_says_who_passes_and_who_fails(site, page):
    page.goto(f"{site}/scenarios/hearts-001.html")
    text = page.locator("main").inner_text()
    assert "hearts-001" in page.locator("h1").inner_text()
    rows = page.eval_on_selector_all("table.outcomes tbody tr",
                                     "rows => rows.map(r => [r.cells[0].textContent, r.cells[1].textContent, r.dataset.outcome])")
    assert ["hearts-001[fi-4p]", "reference", "passed"] in rows
    assert ["hearts-001[fi-4p]", "openspiel", "failed"] in rows
    assert ["hearts-001[fi-4p]", "mutant-crash", "errored"] in rows
    assert "breaks hearts with any heart played" in text


def test_a_cause_is_shown_under_every_ruleset_it_explains_and_a_row_page_opens(site, page):
    page.goto(f"{site}/index.html#ruleset=dk")
    causes = page.locator("div.engine-card", has_text="openspiel").first.locator("li.cause:not(.hidden)")
    shown = causes.all_inner_texts()
    assert any("breaks hearts with any heart played" in text for text in shown)
    assert all("dk" in text.split("rulesets: ")[1].split(" · ")[0] for text in shown)
    page.goto(f"{site}/engines/openspiel.html")
    assert "hardening" in page.locator("table.tiers").inner_text()
    failure = page.locator("details.failure", has_text="hearts-001[fi-4p]")
    failure.locator("summary").click()
    failure.locator("a", has_text="Move log, transcript").click()
    assert page.url.endswith("/engines/openspiel/hearts-001-fi-4p-.html")
    assert "heartspec replay FILE --engine CMD" in page.locator("main").inner_text()

"""The simulation report in a real browser (headless Chromium through Playwright): the difference chart
draws each figure family on one scale, its labels sit on no mark, a difference that cannot be told
from zero is hollow and never starred, and the page opens with its summary in the language asked for."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from heartspec.i18n import use_language
from heartspec.simulate.html import render_html
from heartspec.simulate.runner import prepare, simulate

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]

sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed (pip install playwright)")
if not Path(CHROMIUM).exists():
    pytest.skip("Debian's chromium is not installed (apt-get install chromium)", allow_module_level=True)


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    """dk against se with --attribute, 150 pure-path games of random bots: large, small and zero differences."""
    document = simulate(*prepare(["dk", "se"], 4, 150, "random", seed=3, attribute=True), workers=1)
    path = tmp_path_factory.mktemp("report") / "report.html"
    with use_language("sv"):
        path.write_text(render_html(document))
    return path


@pytest.fixture()
def page(report):
    errors: list[str] = []
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        tab = browser.new_page(viewport={"width": 1700, "height": 1000})
        tab.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
        tab.on("pageerror", lambda error: errors.append(str(error)))
        tab.goto(report.as_uri())
        yield tab
        browser.close()
    assert errors == [], f"console errors: {errors}"


def test_every_figure_family_is_drawn_on_one_scale(page):
    scales = page.evaluate("""() => [...document.querySelectorAll('table.forest tr[data-family]')].map(row => {
        const svg = row.querySelector('svg[data-reach]');
        if (!svg) return null;
        const zero = Number(svg.dataset.zero);
        const dots = [...svg.querySelectorAll('circle[data-value]')].map(c =>
            [Number(c.getAttribute('cx')) - zero, Number(c.dataset.value)]);
        return {table: [...document.querySelectorAll('table.forest')].indexOf(row.closest('table')),
                family: row.dataset.family, reach: Number(svg.dataset.reach), dots};
    }).filter(Boolean)""")
    assert {s["family"] for s in scales} >= {"points", "rates", "counts"}
    reach = {}
    for row in scales:
        reach.setdefault((row["table"], row["family"]), set()).add(row["reach"])
        for offset, value in row["dots"]:
            assert offset == pytest.approx(value / row["reach"] * 122, abs=0.01)  # PLOT_WIDTH / 2 - PLOT_PAD
    assert all(len(values) == 1 for values in reach.values()), reach


def test_no_label_sits_on_a_dot_or_a_bar(page):
    overlaps = page.evaluate("""() => {
        const box = e => e.getBoundingClientRect();
        const marks = [...document.querySelectorAll('table.forest svg circle, table.forest svg line[stroke-width]')]
            .map(box).filter(b => b.width || b.height);
        const labels = [...document.querySelectorAll('svg text')].map(box);
        const cut = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
        return labels.flatMap(l => marks.filter(m => cut(l, m)).map(m => [l.x, l.y, m.x, m.y]));
    }""")
    assert overlaps == []


def test_a_difference_that_cannot_be_told_from_zero_is_hollow_and_never_starred(page):
    cells = page.evaluate("""() => [...document.querySelectorAll('table.forest td.sig, table.forest td.flat')]
        .map(td => [td.className, td.textContent])""")
    flat = [text for kind, text in cells if kind == "flat"]
    assert flat and all("*" not in text for text in flat)
    assert any(text == "0 (same)" for text in flat)
    assert all(text.endswith("*") for kind, text in cells if kind == "sig")
    fills = page.evaluate("""() => [...document.querySelectorAll('table.forest circle.flat')].map(c => c.getAttribute('fill'))""")
    assert fills and set(fills) == {"white"}
    assert page.locator("table.forest circle.same").count() > 0  # the zero-in-every-game ring


def test_the_page_opens_with_its_summary_in_the_language_asked_for(page):
    summary = page.locator("p.summary")
    assert summary.get_attribute("lang") == "sv"
    assert "Regeln bakom:" in summary.inner_text() or "visar ingen skillnad" in summary.inner_text()
    first = page.evaluate("() => [...document.body.children].findIndex(e => e.matches('p.summary'))")
    table = page.evaluate("() => [...document.body.children].findIndex(e => e.matches('table'))")
    assert 0 <= first < table

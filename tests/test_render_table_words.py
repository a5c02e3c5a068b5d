"""What a card table reads in rulebooks and difference tables: plural forms, untitled guides, page titles,
citations said once, variants by title, choices that do not apply, and suits valued card by card."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from heartspec.cli import main
from heartspec.i18n import LANGUAGES, spec_text, use_language
from heartspec.i18n.catalogues import template
from heartspec.render import diff as diff_mod
from heartspec.render.options import table_options
from heartspec.render.phrasing import describe, quoted
from heartspec.render.selection import cite, cited_once, learn_guide_titles, resolve_rules
from heartspec.rules import load_spec, vocabulary

FIVE = ("fi", "no", "dk", "se", "fi-classic")
QUOTES = "“”»«\"„"


@pytest.fixture(scope="module")
def spec():
    return load_spec()


def run(*args: str) -> str:
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


# --- 1. plural forms ---------------------------------------------------------------------------


def test_the_summary_counts_one_row_in_the_singular(spec):
    comparison = diff_mod.compare(spec, ("fi", "se"), show_all=True)
    comparison.rows = comparison.rows[:1]
    line = diff_mod.summary_line(comparison)
    assert "of 1 row differs" in line and "rows differ" not in line.split("(")[0]
    comparison.rows = diff_mod.compare(spec, ("fi", "se"), show_all=True).rows[:2]
    assert "of 2 rows differ" in diff_mod.summary_line(comparison)


def test_one_deal_is_said_in_the_singular():
    fixed = describe("game_end", {"target": None, "max_deals": 1, "ties": "shared"})
    assert "a fixed 1 deal," in fixed
    limited = describe("game_end", {"target": 100, "max_deals": 1, "condition": "exceeds", "ties": "shared"})
    assert "after 1 deal," in limited
    deck = describe("deck", {"copies": 1, "remove": ["2C"], "hand_size": 1})
    assert "(51 cards)" in deck and "1 card each" in deck


def test_babel_extracts_the_plural_messages():
    plurals = {m.id for m in template() if isinstance(m.id, tuple)}
    assert ("Comparing {rulesets} at {counts} players: {differing} of {rows} row differs (showing all rows)",
            "Comparing {rulesets} at {counts} players: {differing} of {rows} rows differ (showing all rows)") in plurals
    assert any(singular.startswith("The game is a fixed {deals} deal,") for singular, _plural in plurals)


# --- 2. a guide without a title -----------------------------------------------------------------


def _untitled(spec):
    return {rid: data["guide"]["untitled"] for rid, data in spec.rulesets.items()
            if "title" not in data.get("guide", {}) and data.get("guide", {}).get("untitled")}


@pytest.mark.parametrize("fmt", ["text", "markdown", "html"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_untitled_guide_is_described_never_quoted_as_a_title(spec, fmt, lang):
    untitled = _untitled(spec)
    assert untitled, "the spec has an untitled guide (fi-classic)"
    for ruleset_id, description in untitled.items():
        book = run("rules", ruleset_id, "--lang", lang, "--format", fmt)
        with use_language(lang):
            said = spec_text(description)
        words = said.split()[:3]
        start = re.escape(" ".join(words)).replace(r"\ ", r"\s+")
        found = [m.start() for m in re.finditer(start, book)]
        assert found, f"{ruleset_id} --lang {lang}: the guide is not described"
        for at in found:
            assert book[at - 1] not in QUOTES, f"{ruleset_id} --lang {lang} {fmt}: description inside title quotes"
        assert "untitled:" not in book


def test_a_citation_of_an_untitled_guide_from_another_rulebook_is_not_quoted(spec):
    learn_guide_titles(spec)
    (ruleset_id, description), = _untitled(spec).items()
    text = cite({"guide": ruleset_id, "section": "Pelin kulku"}, home="fi")
    assert "§Pelin kulku" in text and description in text and "“" not in text


# --- 3. the diff page's title ---------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_diff_page_title_is_its_heading_in_the_language(lang):
    page = run("diff", "fi", "no", "--format", "html", "--lang", lang)
    title = re.search(r"<title>(.*?)</title>", page).group(1)
    heading = re.search(r"<h1>(.*?)</h1>", page).group(1)
    assert title == heading
    assert "heartspec" not in title and "fi, no" in title
    if lang == "nb":
        assert title.startswith("Regelforskjeller")


# --- 4. each citation once per cell -----------------------------------------------------------------


def test_cited_once_keeps_each_section_and_kind_once_with_every_distinct_note():
    sources = [{"guide": "se", "section": "A", "status": "stated", "note": "x"},
               {"guide": "se", "section": "A", "status": "stated", "note": "y"},
               {"guide": "se", "section": "B", "status": "interpretation", "note": "one"},
               {"guide": "se", "section": "A", "status": "interpretation", "note": "two"},
               {"guide": "se", "section": "B", "status": "interpretation", "note": "one"},
               {"guide": "se", "section": "B", "status": "interpretation", "note": "three"}]
    grouped = cited_once(sources)
    assert [(s["section"], s["status"], notes) for s, notes in grouped] == [
        ("A", "stated", []), ("B", "interpretation", ["one", "three"]), ("A", "interpretation", ["two"])]


def _cells(text: str) -> list[list[str]]:
    """The citation lines of each cell of a text difference table."""
    cells: list[list[str]] = []
    for line in text.splitlines():
        if re.match(r"^[* ] \S", line):
            cells.append([])
        elif cells and line.startswith(" ") and line.strip().startswith("§"):
            cells[-1].append(line.strip())
    return cells


def test_no_difference_cell_cites_a_section_twice_at_any_table_size(spec):
    tables = [FIVE] + [tuple(columns) for _vid, columns in diff_mod._shared_variants(spec, FIVE)]
    tables += [("se", "fi")]
    for columns in tables:
        text = diff_mod.render_text(diff_mod.compare(spec, columns, show_all=True))
        cells = _cells(text)
        assert cells
        for cited in cells:
            assert len(cited) == len(set(cited)), f"{columns}: {cited}"


def test_the_swedish_moon_cell_cites_its_section_once(spec):
    text = run("diff", "se", "fi", "--lang", "sv", "--all")
    moon = text.split("\nTa månen (3, 4 och 5 spelare)")[1].split("\n\n")[0]
    assert moon.count("§Att ta månen, angivet") == 1


# --- 5. variants by title ---------------------------------------------------------------------------


def _header(text: str) -> str:
    return text.split("\n\n")[0]


@pytest.mark.parametrize("fmt", ["text", "markdown", "html"])
def test_no_diff_header_shows_a_bare_variant_id(spec, fmt):
    for variant_id, variant in sorted(spec.variants.items()):
        ruleset = variant["applies_to"][0]
        other = next(r for r in FIVE if r != ruleset)
        for args in (["diff", f"{ruleset}+{variant_id}", other], ["diff", ruleset, other, "-v", variant_id]):
            out = run(*args, "--format", fmt)
            head = out.split("<table>")[0] if fmt == "html" else out.split("| Rule |")[0] if fmt == "markdown" \
                else _header(out)
            bare = re.sub(re.escape(f"{ruleset}+{variant_id}"), "", head)
            assert variant_id not in bare, f"{args}: {head}"
            assert variant["title"].replace("'", "&#x27;" if fmt == "html" else "'") in head or \
                variant["title"] in head.replace("&#x27;", "'"), f"{args}: the variant's title is not given"


def test_the_differences_files_name_variants_by_title_in_their_headings(spec):
    for lang in LANGUAGES:
        document = diff_mod.differences_document(spec, lang)
        headings = [line for line in document.splitlines() if line.startswith("#")]
        for line in headings:
            assert not any(f"+{vid}" in line or f" {vid}" in line for vid in spec.variants), line
        variants_lines = [line for line in document.splitlines()
                          if line.startswith("- ") and any(f"+{vid}: " in line for vid in spec.variants)]
        with use_language(lang):
            opening = quoted("")[0]  # the language's own opening quotation mark
        assert variants_lines and all(opening in line for line in variants_lines), lang


# --- 6. a choice that does not apply ------------------------------------------------------------------


def test_a_pot_choice_under_pairwise_settlement_says_it_does_not_apply():
    book = run("rules", "fi-classic", "-o", "settlement=pairwise")
    block = book.split("A pot still on the table when play stops:")[1].split("on the command line")[0]
    assert "does not apply with the current choice of “Playing for money” (paying each other after every deal)" in block
    assert "in effect" not in block
    assert "pot still unclaimed when play stops goes to the game's winners" in block  # as it would read where it applies
    live = run("rules", "fi-classic", "-o", "settlement=zero_point_pot")
    live_block = live.split("A pot still on the table when play stops:")[1].split("on the command line")[0]
    assert "does not apply" not in live_block and "(default, in effect)" in live_block


def test_every_option_whose_rule_is_idle_says_so_and_no_other_does(spec):
    """Over every ruleset, alone and with each variant, at every table size: an option is marked idle exactly
    where the vocabulary says its rule changes nothing under the current choices."""
    seen_idle = 0
    tables = [(r, ()) for r in spec.rulesets] + [(r, (v,)) for v, d in sorted(spec.variants.items())
                                                 for r in d.get("applies_to", [])]
    for ruleset_id, variants in tables:
        for players in diff_mod.allowed_players(spec, ruleset_id, variants):
            resolved = spec.resolve(ruleset_id, variants, players, {})
            values = {k: r.value for k, r in resolved.rules.items()}

            def get(path, values=values):
                top, *rest = path.split(".")
                node = values.get(top)
                for part in rest:
                    node = node.get(part) if isinstance(node, dict) else None
                return node

            for option in table_options(spec, ruleset_id, variants, players):
                idle = option.rule is not None and not vocabulary.applies(option.rule, get)
                assert bool(option.inactive) == idle, (ruleset_id, variants, players, option.name)
                seen_idle += idle
    assert seen_idle, "some shipped option idles under the defaults (fi-classic's unclaimed pot)"


# --- 7. a suit whose cards score differently -------------------------------------------------------------


@pytest.mark.parametrize("points, said, unsaid", [
    ({"H": 1, "QS": 13, "TH": 2, "AH": 3}, "the ten of hearts 2 points; the ace of hearts 3 points; every other heart 1 point",
     "Each heart"),
    ({"S": 2, "QS": 13}, "the queen of spades 13 points; every other spade 2 points", "Each spade"),
    ({"H": 1, "QS": 13}, "Each heart 1 point; the queen of spades 13 points", "every other heart"),
    ({"H": 1, "QS": 13, "JD": -10}, "Each heart 1 point", "every other diamond"),
])
def test_a_suit_with_cards_valued_apart_reads_every_other(points, said, unsaid):
    text = describe("card_points", points)
    assert said.lower() in text.lower() and unsaid.lower() not in text.lower()


def test_graduated_hearts_says_other_hearts():
    book = run("rules", "fi", "-v", "graduated-hearts")
    line = next(line for line in book.splitlines() if line.strip().startswith("Card points:"))
    assert "every other heart 1 point" in line and "Each heart" not in line


def test_an_html_column_header_gives_its_variants_titles(spec):
    page = run("diff", "fi+moon-choice", "se", "--format", "html")
    head = page.split("<thead>")[1].split("</thead>")[0]
    title = spec.variants["moon-choice"]["title"].replace("'", "&#x27;")
    assert f"with the variant “{title}”" in head


def test_the_html_rulebook_says_an_idle_choice_does_not_apply():
    page = run("rules", "fi-classic", "-o", "settlement=pairwise", "--format", "html")
    choice = page.split("A pot still on the table when play stops")[1].split('class="cmd"')[0]
    assert "does not apply with the current choice of" in choice
    assert "in effect" not in choice and "as in the rules above" not in choice

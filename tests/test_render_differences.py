"""spec/DIFFERENCES.md is generated; it must match what the current rulesets render to."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner

from heartspec.cli import main
from heartspec.render.diff import REFRESH_COMMAND, compare, differences_document, render_json
from heartspec.render.html import render_html
from heartspec.rules import load_spec

ROOT = Path(__file__).resolve().parents[1]
FIVE = ("fi", "no", "dk", "se", "fi-classic")


@pytest.fixture(scope="module")
def spec():
    return load_spec()


def test_differences_md_is_current(spec):
    committed = (ROOT / "spec" / "DIFFERENCES.md").read_text(encoding="utf-8")
    assert committed == differences_document(spec), f"spec/DIFFERENCES.md is stale: run `{REFRESH_COMMAND}` to refresh"


def test_the_refresh_command_prints_the_document(spec):
    result = CliRunner().invoke(main, ["diff", "--differences"])
    assert result.exit_code == 0, result.output
    assert result.stdout == differences_document(spec)


def test_document_compares_the_guides_once_then_each_shared_variant(spec):
    document = differences_document(spec)
    sections = document.split("\n## ")[1:]
    titles = [s.split("\n")[0] for s in sections]
    assert titles[0] == "The five guides"
    assert "Variant “Omnibus (jack of diamonds -10)” in fi, no, dk" in titles
    for title in titles:  # a heading names the variant by its title, never by its id
        assert not any(vid in title for vid in spec.variants), title
    guides = sections[0]
    assert "| Rule | " + " | ".join(FIVE) + " |" in guides
    rows = [line for line in guides.splitlines() if line.startswith("| **")]
    # a rule alike at every size has one row; one that varies, a row per group of sizes that read alike
    assert sum(line.startswith("| **Breaking hearts** ") for line in rows) == 1
    assert not any(line.startswith("| **Breaking hearts (") for line in rows)
    three = next(line for line in rows if line.startswith("| **Deck (3 players)**"))
    assert three.rstrip(" |").endswith("—"), "fi-classic is not played by three"
    unmarked = three.replace("**", "")
    assert "remove the two of diamonds (51 cards)" in unmarked and "remove the two of clubs (51 cards)" in unmarked
    assert "**≠** One 52-card deck; remove the two of **diamonds** (51 cards)" in three, "the differing cell and word"
    assert "**[interpretation 1]**" in document and "#### Interpretations" in document
    # the Omnibus moon: dk needs the jack, no does not
    omnibus = next(s for s in sections if s.startswith("Variant “Omnibus (jack of diamonds -10)”"))
    moon = next(line for line in omnibus.splitlines() if line.startswith("| **Shooting the moon**"))
    assert moon.count("**≠**") >= 1 and "and the jack of diamonds in one deal" in moon


def test_only_differing_words_are_marked():
    from heartspec.render.diff import marked_words

    mark = lambda words: f"[{words}]"  # noqa: E731
    assert marked_words("One deck; 17 cards each; kitty of 1 card", "One deck; 17 cards each", mark) == \
        "One deck; 17 cards each; [kitty of 1 card]"
    assert marked_words("left → right → across → none", "left → right → none → none", mark) == \
        "left → right → [across] → none"


@pytest.mark.parametrize("players", [None, 3, 6])
def test_json_of_the_real_spec_validates_against_the_published_schema(spec, players):
    schema = json.loads((ROOT / "schemas" / "diff.schema.json").read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    data = render_json(compare(spec, FIVE, players=players, show_all=True))
    jsonschema.Draft202012Validator(schema).validate(data)


def test_html_of_the_real_spec_is_self_contained(spec):
    page = render_html(compare(spec, FIVE))
    assert page.count("<table>") == 1 and page.rstrip().endswith("</html>")
    for external in ("<link", "<script", "src=", "http://", "https://", "url("):
        assert external not in page
    assert "Ensimmäinen tikki ja hertta rikottu" in page


def test_two_ruleset_html_tints_no_cell_and_marks_only_the_differing_words(spec):
    pair = render_html(compare(spec, ("fi", "no"), players=4))
    assert '<td class="differs">' not in pair
    assert "heart is <mark>discarded</mark> to a trick" in pair and "Hearts are broken <mark>as</mark>" in pair
    three = render_html(compare(spec, ("fi", "no", "dk"), players=4))
    assert '<td class="differs">' in three, "with three or more, the odd one out is still tinted"


def test_a_deal_limit_that_replaces_the_target_plays_differently_from_one_beside_it(spec):
    """fi plays an agreed number of deals instead of the target, fi-classic beside it (100 points or 15 deals)."""
    comparison = compare(spec, ("fi", "fi-classic"), players=4)
    (end,) = [row for row in comparison.rows if row.key == "game_end"]
    assert end.differs and not end.worded_differently


def test_reordering_removed_cards_changes_no_verdict_or_wording():
    from hypothesis import given, strategies as st
    from heartspec.render.phrasing import _deck, compact

    removed = ["2D", "2C", "2S"]

    @given(st.permutations(removed))
    def check(order):
        assert compact({"remove": order, "hand_size": 10}) == compact({"remove": removed, "hand_size": 10})
        assert _deck({"remove": order}, {}) == _deck({"remove": removed}, {})

    check()

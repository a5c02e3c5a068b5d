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


def test_document_has_one_section_per_table_size_with_a_dash_for_four_player_only_rulesets(spec):
    document = differences_document(spec)
    sections = document.split("\n## ")[1:]
    assert [s.split("\n")[0] for s in sections] == ["3 players", "4 players", "5 players", "6 players"]
    header = "| Rule | " + " | ".join(FIVE) + " |"
    for section in sections:
        assert header in section
    three = sections[0]
    deck_row = next(line for line in three.splitlines() if line.startswith("| **Deck"))
    assert deck_row.rstrip(" |").endswith("—")
    unmarked = deck_row.replace("**", "")
    assert "remove the two of diamonds (51 cards)" in unmarked and "remove the two of clubs (51 cards)" in unmarked
    assert "**≠** One 52-card deck; remove the two of **diamonds** (51 cards)" in deck_row, "the differing cell and word are marked"
    assert "**[interpretation 1]**" in document and "#### Interpretations" in document


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

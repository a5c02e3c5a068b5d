"""`heartspec rules` on the shipped spec: the catalogue, every rulebook, clean errors, user spec folders."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from heartspec.cards import face, parse_card
from heartspec.cli import main
from heartspec.paths import data_dir
from heartspec.render.phrasing import PHRASES, as_data
from heartspec.render.rulebook import build_rulebook, render_markdown, render_text
from heartspec.rules import load_spec


def invoke(*args: str):
    return CliRunner().invoke(main, list(args))


def run(*args: str) -> str:
    result = invoke(*args)
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.fixture(scope="module")
def spec():
    return load_spec()


def test_catalogue_lists_rulesets_with_player_counts_and_variants_with_guides(spec):
    text = run("rules")
    lines = {line.split()[0]: line for line in text.splitlines() if line.strip()}
    for ruleset in ("fi", "no", "dk", "se"):
        assert "3,4,5,6" in lines[ruleset]
    assert lines["fi-classic"].split()[-2:] == ["4", "fi-classic"]
    for variant_id, variant in spec.variants.items():
        assert variant_id in lines and variant["title"] in lines[variant_id]
    data = json.loads(run("rules", "--format", "json"))
    assert {r["id"] for r in data["rulesets"]} == set(spec.rulesets)
    assert {v["id"] for v in data["variants"]} == set(spec.variants)


def test_rulebook_groups_rules_by_player_count_and_marks_interpretations():
    text = run("rules", "fi")
    common, *by_count = text.split("Rules at ")[1:]
    assert common.startswith("every player count")
    assert "First trick: No point card may be played to the first trick" in common
    assert "[interpretation] " in common
    assert [section.split(":")[0] for section in by_count] == ["3 players", "4 players", "5 players", "6 players"]
    assert "remove the two of diamonds (51 cards); 17 cards each" in by_count[0]
    assert "add the clubs joker and the diamonds joker" in by_count[3]
    assert "Choices to agree before the game:" in text and "on the command line: -o max_deals=N" in text


def test_rulebook_for_one_player_count_in_json():
    data = json.loads(run("rules", "dk", "--players", "3", "--format", "json"))
    assert list(data["players"]) == ["3"]
    rules = {r["rule"]: r for r in data["players"]["3"]}
    assert "kitty of 1 card face down, taken by the winner of the first trick" in rules["deck"]["text"]
    assert rules["deck"]["sources"][0]["guide"] == "dk"
    assert rules["opening_lead"]["interpretation"] is True


def test_rulebook_markdown_has_headings_and_provenance():
    md = run("rules", "se", "--players", "5", "--format", "markdown")
    assert md.startswith("# Swedish Hjärter")
    assert "left → right → two to the left → two to the right → none" in md
    assert "*(§Hjärter för tre, fem och sex spelare, stated)*" in md


def test_every_ruleset_and_every_variant_renders_with_a_phrase_for_every_value(spec):
    """A value that falls back to raw data means the phrase table missed part of the vocabulary."""
    combos = [(rid, ()) for rid in spec.rulesets]
    combos += [(rid, (vid,)) for vid, v in spec.variants.items() for rid in v["applies_to"]]
    for ruleset_id, variants in combos:
        book = build_rulebook(spec, ruleset_id, variants)
        assert render_text(book) and render_markdown(book)
        for count, rules in book.by_players.items():
            for rule in rules:
                assert rule.key in PHRASES, f"{ruleset_id}{variants}@{count}: no phrase for {rule.key}"
                assert rule.text != as_data(rule.key, rule.value), f"{ruleset_id}{variants}@{count}: {rule.text}"


@pytest.mark.parametrize("ruleset_id", ["fi", "no", "dk", "se", "fi-classic"])
def test_every_rulebook_says_how_the_cards_are_dealt_with_its_source(ruleset_id):
    data = json.loads(run("rules", ruleset_id, "--format", "json"))
    for count, rules in data["players"].items():
        dealing = {r["rule"]: r for r in rules}["dealing"]
        assert "the dealer deals the cards one at a time, clockwise from the player on the dealer's left" \
            in dealing["text"], f"{ruleset_id}@{count}: {dealing['text']}"
        assert any(source.get("rule") in ("dealing.cards_at_a_time", "dealing.direction")
                   for source in dealing["sources"]), f"{ruleset_id}@{count}: {dealing['sources']}"


def test_the_way_of_dealing_is_compared_by_diff(tmp_path: Path):
    """The rule is data like any other: a house ruleset dealing three at a time differs from se in diff."""
    shutil.copytree(data_dir("spec"), tmp_path / "spec")
    se_text = (tmp_path / "spec" / "rulesets" / "se.yaml").read_text()
    old = "  dealing.cards_at_a_time:\n    value: 1\n"
    assert old in se_text, "se.yaml changed shape: update this test"
    house = se_text.replace("id: se\n", "id: house\n", 1).replace(old, old.replace("1", "3"), 1)
    (tmp_path / "spec" / "rulesets" / "house.yaml").write_text(house)
    text = run("diff", "se", "house", "--players", "4", "--spec", str(tmp_path / "spec"))
    dealing = text.split("\nDealing\n")[1].split("\n\n")[0]
    assert "the dealer deals the cards one at a time" in dealing
    assert "the dealer deals the cards 3 at a time" in dealing
    assert "Deck" not in text


def _notes(resolved) -> list[str]:
    return [source.get("note", "") for rule in resolved.rules.values() for source in rule.sources]


def test_a_table_with_every_two_of_hearts_shows_no_note_saying_its_deck_lacks_one(spec):
    """se's six-player note (no two of hearts) is false under Cancellation Hearts, whose two decks keep both."""
    two_of_hearts = parse_card("2H")
    combos = [(rid, ()) for rid in spec.rulesets]
    combos += [(rid, (vid,)) for vid, v in spec.variants.items() for rid in v["applies_to"]]
    checked = 0
    for ruleset_id, variants in combos:
        for players in spec.resolve(ruleset_id, variants).get("players") or []:
            resolved = spec.resolve(ruleset_id, variants, players)
            if two_of_hearts not in {face(c) for c in spec.compile(ruleset_id, variants, players).deck}:
                continue
            checked += 1
            for note in _notes(resolved):
                assert "no two of hearts" not in note and "without the two of hearts" not in note, \
                    f"{ruleset_id}{variants}@{players}: {note}"
    assert checked > 20


def test_se_cancellation_at_six_players_keeps_the_twos_of_hearts_and_says_so():
    text = run("rules", "se", "-v", "cancellation", "--players", "6")
    assert "both twos of hearts" in text and "all 26 hearts and both queens of spades" in text
    assert "six-player deck has no two of hearts" not in text
    assert "six-player deck has no two of hearts" in run("rules", "se", "--players", "6")


@pytest.mark.parametrize(
    "args, message",
    [
        (["rules", "xx"], "error: unknown ruleset 'xx' (known: dk, fi, fi-classic, no, se)"),
        (["rules", "fi", "-v", "nope"], "error: unknown variant 'nope' (known: "),
        (["rules", "fi-classic", "--players", "3"], "error: fi-classic is not played by 3 players (allowed: 4)"),
        (["rules", "-v", "moon-choice"], "error: -v, -o and --players need a RULESET_ID"),
        (["diff", "fi"], "error: diff needs at least two ruleset ids"),
        (["diff", "fi", "fi"], "error: ruleset 'fi' is named twice"),
        (["diff", "fi", "zz"], "error: unknown ruleset 'zz'"),
        (["diff", "fi", "no", "--players", "9"], "error: none of fi, no is played by 9 players"),
        (["diff", "--differences", "fi"], "error: --differences takes no ruleset ids"),
    ],
)
def test_user_mistakes_get_one_line_and_exit_2(args, message):
    result = invoke(*args)
    assert result.exit_code == 2
    assert result.stdout == ""
    message = message.replace("error: ", f"heartspec {args[0]}: ", 1)
    assert result.stderr.startswith(message) and result.stderr.count("\n") == 1, result.stderr
    assert "Traceback" not in result.output


def test_variant_on_a_ruleset_it_does_not_apply_to_is_refused(spec):
    variant_id, variant = next(iter(spec.variants.items()))
    outsider = next(r for r in spec.rulesets if r not in variant["applies_to"])
    result = invoke("rules", outsider, "-v", variant_id)
    assert result.exit_code == 2
    assert f"variant {variant_id!r} does not apply to {outsider!r}" in result.stderr


def test_a_house_ruleset_in_a_user_folder_renders_and_diffs_without_code_changes(tmp_path: Path):
    shutil.copytree(data_dir("spec"), tmp_path / "spec")
    dk_text = (tmp_path / "spec" / "rulesets" / "dk.yaml").read_text()
    house = (
        dk_text.replace("id: dk\n", "id: house\n", 1)
        .replace("title: Danish Hjerterfri\n", "title: Our kitchen table\n", 1)
        .replace("value: {points: allowed, when_only_points: any_card}", "value: {points: forbidden, when_only_points: any_card}", 1)
    )
    assert house.count("house") == 1 and "points: forbidden" in house, "dk.yaml changed shape: update this test"
    (tmp_path / "spec" / "rulesets" / "house.yaml").write_text(house)
    text = run("diff", "dk", "house", "--spec", str(tmp_path / "spec"))
    first_trick = text.split("\nFirst trick\n")[1].split("\n\n")[0]
    assert "dk     Point cards may be played to the first trick" in first_trick
    assert "house  No point card may be played to the first trick" in first_trick
    assert "Deck" not in text
    assert "Our kitchen table" in run("rules", "house", "--players", "4", "--spec", str(tmp_path / "spec"))

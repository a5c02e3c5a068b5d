"""The renderers against a tiny in-memory spec, so their logic is pinned independently of the shipped data."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import jsonschema
import pytest

from heartspec.render import RenderError
from heartspec.render import diff as diff_mod
from heartspec.render import rulebook as rulebook_mod
from heartspec.render.html import render_html
from heartspec.render.phrasing import LABELS, PHRASES, describe

SCHEMA = json.loads((Path(__file__).resolve().parents[1] / "schemas" / "diff.schema.json").read_text())


@dataclass
class RuleValue:
    value: object
    sources: list


@dataclass
class Resolved:
    rules: dict
    options: dict


def _src(section, status="stated", note="paraphrase", **extra):
    return {"section": section, "status": status, "note": note, **extra}


class TinySpec:
    """Two rulesets that differ in deck at 3 players, in first-trick points, and in player counts."""

    rulesets = {
        "alpha": {
            "title": "Alpha",
            "rules": {
                "players": {"value": [3, 4], "source": _src("Count")},
                "deck": {
                    "by_players": {
                        "3": {"value": {"copies": 1, "remove": ["2D"], "hand_size": 17}, "source": _src("Deck")},
                        "4": {"value": {"copies": 1, "remove": [], "hand_size": 13}, "source": _src("Deck")},
                    }
                },
                "first_trick": {
                    "value": {"points": "forbidden", "when_only_points": "any_card"},
                    "source": _src("First", "interpretation", "guide silent on a hand of only points"),
                },
                "game_end": {"value": {"target": 100, "condition": "exceeds"}, "source": _src("Length")},
            },
            "options": {"target": {"values": [100, 50], "source": _src("Length")}},
        },
        "beta": {
            "title": "Beta",
            "rules": {
                "players": {"value": [4], "source": _src("Count")},
                "deck": {"value": {"copies": 1, "remove": [], "hand_size": 13}, "source": _src("Deck")},
                "first_trick": {"value": {"points": "allowed"}, "source": _src("First")},
                "game_end": {"value": {"target": 100, "condition": "exceeds"}, "source": _src("Length")},
            },
        },
    }
    variants = {
        "loose": {
            "title": "Loose first trick",
            "applies_to": ["alpha"],
            "described_by": [{"guide": "alpha", "section": "Variants"}],
            "changes": [{"rule": "first_trick", "set": {"points": "allowed"}, "source": _src("Variants", via="loose")}],
        }
    }

    def resolve(self, ruleset_id, variants=(), players=4, options=None):
        rules = {}
        for key, entry in self.rulesets[ruleset_id]["rules"].items():
            entry = entry["by_players"][str(players)] if "by_players" in entry else entry
            rules[key] = RuleValue(entry["value"], [entry["source"]])
        for vid in variants:
            for change in self.variants[vid]["changes"]:
                old = rules[change["rule"]]
                rules[change["rule"]] = RuleValue(change["set"], old.sources + [change["source"]])
        chosen = {name: (options or {}).get(name, entry["values"][0])
                  for name, entry in self.rulesets[ruleset_id].get("options", {}).items()}
        if "target" in chosen:
            rules["game_end"] = RuleValue({**rules["game_end"].value, "target": chosen["target"]},
                                          rules["game_end"].sources)
        return Resolved(rules, chosen)


SPEC = TinySpec()


def test_every_rule_key_has_a_phrase_and_a_label():
    assert set(PHRASES) == set(LABELS)
    for key in PHRASES:
        assert describe(key, {"no": "such shape"}) != ""


def test_phrases_follow_the_value():
    assert describe("deck", {"copies": 1, "remove": ["2D"], "hand_size": 17}) == (
        "One 52-card deck; remove the two of diamonds (51 cards); 17 cards each"
    )
    kitty = describe("deck", {"copies": 1, "remove": [], "hand_size": 17, "kitty": 1, "kitty_to": "first_trick_winner"})
    assert "kitty of 1 card face down, taken by the winner of the first trick" in kitty
    assert "left → right → across → none" in describe(
        "passing", {"count": 3, "cycle": ["left", "right", "across", "none"], "simultaneous": True}
    )
    assert describe("passing", {"count": 0, "cycle": ["none"]}) == "No passing"
    assert describe("card_points", {"H": 1, "QS": 13, "JD": -10}) == (
        "Each heart 1 point; the queen of spades 13 points; the jack of diamonds −10 points; every other card 0")
    assert "exceeds 100 (more than 100)" in describe("game_end", {"target": 100, "condition": "exceeds"})
    assert "reaches 100 or more" in describe("game_end", {"target": 100, "condition": "reaches"})


def test_unknown_keys_and_shapes_render_as_data_instead_of_failing():
    assert describe("brand_new_rule", {"a": 1}) == 'Brand new rule: {"a": 1}'
    assert describe("deck", [1, 2]) == "Deck: [1, 2]"


def test_rulebook_groups_common_rules_and_marks_interpretations():
    book = rulebook_mod.build_rulebook(SPEC, "alpha")
    text = rulebook_mod.render_text(book)
    common, at_three, at_four = text.split("Rules at ")[1:]
    assert common.startswith("every player count") and "First trick" in common and "Deck" not in common
    assert at_three.startswith("3 players") and "remove the two of diamonds" in at_three
    assert "[interpretation] guide silent on a hand of only points" in common
    assert "§First, interpretation" in common
    assert "Points that end the game: §Length, stated" in text
    assert "on the command line: -o target=100 | -o target=50" in text
    assert "100 (default, in effect): The game ends after a deal in which someone's total exceeds 100" in text
    assert "50: The game ends after a deal in which someone's total exceeds 50" in text


def test_rulebook_applies_variants_with_their_provenance():
    book = rulebook_mod.build_rulebook(SPEC, "alpha", ("loose",), players=4)
    text = rulebook_mod.render_text(book)
    assert "Point cards may be played to the first trick" in text
    assert "§Variants (variant “Loose first trick”), stated" in text
    data = rulebook_mod.render_json(book)
    assert list(data["players"]) == ["4"]


@pytest.mark.parametrize(
    "args, message",
    [
        (("gamma",), "unknown ruleset 'gamma' (known: alpha, beta)"),
        (("alpha", ("tight",)), "unknown variant 'tight' (known: loose)"),
        (("beta", ("loose",)), "variant 'loose' does not apply to 'beta' (it applies to: alpha)"),
        (("beta", (), 3), "beta is not played by 3 players (allowed: 4)"),
    ],
)
def test_rulebook_refuses_bad_requests_with_one_line(args, message):
    with pytest.raises(RenderError) as err:
        rulebook_mod.build_rulebook(SPEC, *args)
    assert str(err.value) == message


def test_diff_splits_rows_by_player_count_only_where_a_ruleset_varies():
    comparison = diff_mod.compare(SPEC, ("alpha", "beta"))
    rows = {(r.key, r.players): r for r in comparison.rows}
    assert set(rows) == {("players", None), ("deck", 3), ("deck", 4), ("first_trick", None), ("game_end", None)}
    assert not rows[("deck", 3)].cells["beta"].played
    assert not rows[("deck", 3)].differs, "only one ruleset plays 3: nothing to compare"
    assert not rows[("deck", 4)].differs
    assert [r.key for r in comparison.shown_rows] == ["players", "first_trick"]
    assert len(diff_mod.compare(SPEC, ("alpha", "beta"), show_all=True).shown_rows) == 5
    assert "beta is not played by 3 players: shown as —" in comparison.notes


def test_diff_row_with_only_one_ruleset_playing_is_no_difference():
    comparison = diff_mod.compare(SPEC, ("alpha", "beta"), players=3)
    assert [r.key for r in comparison.shown_rows] == []
    assert "No differences." in diff_mod.render_text(comparison)


def test_diff_text_cells_carry_value_and_provenance():
    text = diff_mod.render_text(diff_mod.compare(SPEC, ("alpha", "beta")))
    block = text.split("\nFirst trick\n")[1]
    assert "alpha  No point card may be played to the first trick" in block
    assert "§First, interpretation" in block and "[interpretation] guide silent" in block
    assert "beta   Point cards may be played to the first trick" in block


def test_diff_variants_skip_rulesets_they_do_not_apply_to():
    comparison = diff_mod.compare(SPEC, ("alpha", "beta"), ("loose",))
    assert "the variant “Loose first trick” does not apply to beta: beta is compared without it" in comparison.notes
    assert "first_trick" not in [r.key for r in comparison.shown_rows]


def test_diff_json_validates_against_the_published_schema():
    for show_all in (False, True):
        data = diff_mod.render_json(diff_mod.compare(SPEC, ("alpha", "beta"), show_all=show_all))
        jsonschema.validate(data, SCHEMA)
    data = diff_mod.render_json(diff_mod.compare(SPEC, ("alpha", "beta")))
    first = next(r for r in data["rows"] if r["rule"] == "first_trick")
    assert first["cells"]["alpha"]["interpretation"] is True
    assert first["cells"]["beta"]["value"] == {"points": "allowed"}
    broken = dict(data, rows=[dict(first, players="three")])
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(broken, SCHEMA)


def test_diff_markdown_numbers_interpretations_below_the_table():
    md = diff_mod.render_markdown(diff_mod.compare(SPEC, ("alpha", "beta")))
    assert "| Rule | alpha | beta |" in md
    assert "**[interpretation 1]**" in md
    assert "1. alpha, First trick: guide silent on a hand of only points" in md


def test_diff_html_is_one_self_contained_escaped_page():
    page = render_html(diff_mod.compare(SPEC, ("alpha", "beta"), show_all=True))
    assert page.startswith("<!DOCTYPE html>") and "<style>" in page
    for external in ("<link", "<script", "src=", "http://", "https://", "url("):
        assert external not in page
    assert '<td class="absent" title="not played by this many players">—</td>' in page
    assert "[interpretation] guide silent" in page


@pytest.mark.parametrize(
    "ids, variants, message",
    [
        (("alpha",), (), "diff needs at least two ruleset ids"),
        (("alpha", "alpha"), (), "ruleset 'alpha' is named twice"),
        (("alpha", "gamma"), (), "unknown ruleset 'gamma' (known: alpha, beta)"),
        (("beta", "beta2"), (), "unknown ruleset 'beta2' (known: alpha, beta)"),
    ],
)
def test_diff_refuses_bad_requests(ids, variants, message):
    with pytest.raises(RenderError) as err:
        diff_mod.compare(SPEC, ids, variants)
    assert str(err.value) == message


def test_diff_refuses_a_player_count_nobody_plays():
    with pytest.raises(RenderError, match="none of alpha, beta is played by 6 players"):
        diff_mod.compare(SPEC, ("alpha", "beta"), players=6)


def test_moon_mentions_bonus_cards_only_when_some_card_scores_negative():
    moon = {"enabled": True, "effect": "add_to_others", "amount": 26, "bonus_cards": "kept"}
    assert "negative" not in describe("moon", moon, {"card_points": {"H": 1, "QS": 13}})
    with_jack = describe("moon", moon, {"card_points": {"H": 1, "QS": 13, "JD": -10}})
    assert with_jack.endswith("(negative cards they took still count)")
    ignored = describe("moon", dict(moon, bonus_cards="ignored"), {"card_points": {"JD": -10}})
    assert ignored.endswith("(negative cards they took are ignored)")


def test_a_one_direction_cycle_reads_as_always():
    assert describe("passing", {"count": 3, "cycle": ["left"], "simultaneous": True}).endswith("; always left")

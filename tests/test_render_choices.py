"""The choices a rulebook offers can all be made with `rules -o`, and nothing else can.

Every value a rulebook lists for a choice (alone, or with the other choice it says it needs) is
accepted by `heartspec rules -o`, and the rulebook then shows it in effect; a value no rulebook offers
is refused with one line and no traceback.  Money and the partnership game end read as a table needs.
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from heartspec.cli import main
from heartspec.render.rulebook import build_rulebook
from heartspec.rules import load_spec

SPEC = load_spec()


def run(*args: str, code: int = 0) -> str:
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output
    return result.output


def _tables():
    for ruleset_id in sorted(SPEC.rulesets):
        yield ruleset_id, ()
        for variant_id, variant in sorted(SPEC.variants.items()):
            if ruleset_id in variant.get("applies_to", []):
                yield ruleset_id, (variant_id,)


@pytest.mark.parametrize("ruleset_id, variants", list(_tables()))
def test_every_value_a_rulebook_offers_is_accepted_with_what_it_needs(ruleset_id, variants):
    book = build_rulebook(SPEC, ruleset_id, variants)
    for players, options in book.options_by_players.items():
        for option in options:
            for value in option.values:
                given = {option.name: value.value}
                if value.needs:
                    name, _sep, needed = value.needs[0].partition("=")
                    other = next(o for o in options if o.name == name)
                    given[name] = next(v.value for v in other.values if v.shown == needed)
                made = build_rulebook(SPEC, ruleset_id, variants, players, given)
                shown = {o.name: o for o in made.options_by_players[players]}[option.name]
                assert any(v.in_effect and v.value == value.value for v in shown.values), (option.name, value)


@pytest.mark.parametrize("args, message", [
    (("fi", "-o", "moon_effect=sideways"), "option moon_effect cannot be"),
    (("se", "-o", "target=75"), "option target cannot be"),
    (("se", "-o", "end_condition=equals"), "option end_condition cannot be"),
    (("fi", "-o", "dealer=2"), "dealer"),
    (("fi-classic", "-o", "target=none"), "never ends"),
    (("fi-classic", "-o", "stake=lots"), "option stake cannot be"),
])
def test_a_value_no_rulebook_offers_is_refused_in_one_line(args, message):
    output = run("rules", *args, code=2)
    assert message in output and output.strip().count("\n") == 0, output


def test_no_points_target_is_a_value_with_money_settled_every_deal():
    text = run("rules", "fi-classic", "-o", "settlement=pairwise", "-o", "target=none")
    assert "End of the game: The game has no set length: it runs until the table stops it" in text
    assert "no points target (in effect" in text
    assert run("rules", "fi-classic", "-o", "settlement=zero_point_pot", "-o", "target=null")


def test_a_deal_limit_leaves_the_points_target_default_where_it_was():
    text = run("rules", "fi", "-o", "max_deals=15", "--players", "4")
    assert "100 (default, only together with Number of deals: no set number)" in text
    assert "none (default" not in text and "no points target (default" not in text


def test_no_points_target_goes_with_the_deal_limit_that_replaces_it():
    text = run("rules", "fi", "-o", "target=none", "-o", "max_deals=10", "--players", "4")
    assert "The game is a fixed 10 deals, with no points target" in text
    assert "not both" in run("rules", "fi", "-o", "target=50", "-o", "max_deals=10", code=2)
    refused = run("rules", "fi", "-o", "target=none", "--lang", "fi", code=2)
    assert refused.rstrip().endswith("-o max_deals=N"), refused


def test_a_pattern_the_table_agrees_replaces_the_note_that_read_the_default():
    rule = run("rules", "no", "--players", "3", "-o", "pass_cycle=left,right,none").split("\n  Opening lead:")[0]
    assert "direction by deal: left → right → none, then" in rule
    assert "the four-round pattern still runs" not in rule  # the default's reading, no longer played
    assert "the four-round pattern still runs" in run("rules", "no", "--players", "3")


def test_money_says_who_pays_whom_and_what_the_stake_is_per():
    text = run("rules", "fi-classic", "-o", "settlement=pairwise", "-o", "stake=0.5")
    assert ("After each deal every two players compare their points for the deal: the one with more points pays"
            " the other 0.5 for each point of difference") in text
    finnish = run("rules", "fi-classic", "-o", "settlement=pairwise", "-o", "stake=0.5", "--lang", "fi")
    assert "enemmän pisteitä saanut maksaa toiselle 0,5 erotuksen jokaisesta pisteestä" in finnish
    plain = run("rules", "fi-classic")
    assert "per point when paying after every deal or into a pot for those who took no points, per player" in plain


def test_the_swedish_table_may_end_at_the_first_100_reached():
    text = run("rules", "se", "--players", "4", "-o", "end_condition=reaches")
    assert "End of the game: The game ends after a deal in which someone's total reaches 100 or more" in text
    assert "reaching the target (in effect)" in text
    swedish = run("rules", "se", "--players", "4", "--lang", "sv")
    assert "när någon når gränsen: Spelet slutar efter en giv där någons summa når 100 eller mer" in swedish


def test_the_partnership_game_end_speaks_of_partnerships():
    text = run("rules", "fi", "-v", "partnership")
    end = next(line for line in text.splitlines() if line.strip().startswith("End of the game:"))
    assert "partnership" in end and "someone's total" not in end


def test_a_rulebook_names_no_option_that_does_not_exist():
    for ruleset_id in SPEC.rulesets:
        for lang in ("en", "nb", "sv"):
            assert "dealer option" not in run("rules", ruleset_id, "--lang", lang)

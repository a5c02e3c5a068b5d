"""The weak readings issue 17 decided: each test fails under the reading not taken.

The scenario rows of features/ pin the readings that show in play (first-trick-008 for fi's
queen under no-queen, moon-014 and its neighbours for se's moon at six players); these tests
pin what the resolver offers and how the combinations resolve.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from heartspec.cli import main
from heartspec.engine.scoring import deal_points, game_winners, partner_of
from heartspec.engine.selfplay import play_games
from heartspec.render.rulebook import build_rulebook, render_text
from heartspec.rules import load_spec

SPEC = load_spec()
ROOT = Path(__file__).resolve().parents[1]


def describe_rules(ruleset, variants):
    return render_text(build_rulebook(SPEC, ruleset, variants, 4))


def test_spot_plays_to_500_by_default_and_the_target_is_a_table_option():
    assert SPEC.compile("dk", ("spot",), 4).target == 500
    assert SPEC.compile("dk", ("spot",), 4, {"target": 300}).target == 300
    with pytest.raises(ValueError, match="no option 'target'"):
        SPEC.resolve("dk", (), 4, {"target": 300})


def test_fi_no_queen_frees_the_queen_on_the_first_trick_unless_the_table_keeps_her_barred():
    assert SPEC.resolve("fi", ("no-queen",), 4).get("first_trick.cards.QS") == "allowed"
    kept = SPEC.resolve("fi", ("no-queen",), 4, {"first_trick_queen": "forbidden"})
    assert kept.get("first_trick.cards.QS") == "forbidden"
    with pytest.raises(ValueError, match="no option 'first_trick_queen'"):
        SPEC.resolve("fi-classic", ("no-queen",), 4, {"first_trick_queen": "forbidden"})


def test_se_keeps_26_for_a_moon_at_six_players_and_offers_the_points_in_play():
    assert SPEC.compile("se", (), 6).moon_amount == 26
    assert SPEC.compile("se", (), 6, {"moon_amount": "deal_total"}).moon_amount == 25


@pytest.mark.parametrize("players", [3, 5])
def test_no_keeps_four_rounds_where_nobody_sits_across_and_offers_the_three_round_cycle(players):
    assert SPEC.resolve("no", (), players).get("passing.cycle") == ["left", "right", "none", "none"]
    dropped = SPEC.resolve("no", (), players, {"pass_cycle": "left,right,none"})
    assert dropped.get("passing.cycle") == ["left", "right", "none"]


@pytest.mark.parametrize("players", [4, 6])
def test_the_pass_cycle_option_exists_only_where_nobody_sits_across(players):
    with pytest.raises(ValueError, match="no option 'pass_cycle'"):
        SPEC.resolve("no", (), players, {"pass_cycle": "left,right,none"})
    assert "pass_cycle" not in SPEC.resolve("no", (), players).options


@pytest.mark.parametrize("variants, count", [
    (("two-player", "no-passing"), 0), (("no-passing", "two-player"), 0),
    (("two-player", "pass-left"), 3), (("pass-left", "two-player"), 3),
])
def test_fi_classic_two_player_combines_with_the_passing_variations_in_either_order(variants, count):
    compiled = SPEC.compile("fi-classic", variants, 2)
    assert compiled.pass_count == count
    summary = play_games(compiled, games=3, seed=7)
    assert summary.games == 3 and summary.deals >= 3


def test_fi_partnership_has_its_own_entries_for_the_pair_total_and_the_partners_moon():
    resolved = SPEC.resolve("fi", ("partnership",), 4)
    cited = {s["rule"]: s for rule in resolved.rules.values() for s in rule.sources}
    for path, value in (("scoring_unit.target_total", "team"), ("moon.partner", "scored")):
        assert resolved.get(path) == value
        assert cited[path]["status"] == "interpretation" and cited[path]["via"] == "partnership"
    spared = SPEC.compile("fi", ("partnership",), 4, {"moon_partner": "spared"})
    assert spared.moon_partner == "spared" and spared.team_target


def test_the_partnership_rules_are_printed_in_the_rulebook():
    text = describe_rules("fi", ("partnership",))
    assert "partners' summed total is checked against the target" in text
    assert "shooter's partner is one of the others" in text
    assert "moon_partner" in text
    assert "target is checked" not in describe_rules("fi", ())


def test_a_spared_partner_scores_nothing_for_the_moon():
    nothing = [0, 0, 0, 0]
    assert deal_points(nothing, nothing, 0, "add_to_others", 26) == [0, 26, 26, 26]
    assert deal_points(nothing, nothing, 0, "add_to_others", 26, spared=partner_of(0, 4)) == [0, 26, 0, 26]
    assert deal_points(nothing, nothing, 1, "subtract_from_self", 26, spared=partner_of(1, 4)) == [0, -26, 0, 0]


@pytest.mark.parametrize("team_target, ends", [(True, True), (False, False)])
def test_the_target_is_checked_against_the_pair_or_each_players_own_total(team_target, ends):
    winners = game_winners([53, 10, 53, 0], 1, partnership=True, target=100, end_condition="exceeds",
                           max_deals=None, ties="shared", team_target=team_target)
    assert (winners == [1, 3]) if ends else winners is None


def test_an_option_limited_to_table_sizes_must_default_to_the_rule_at_each_of_them(tmp_path):
    spec_dir = tmp_path / "spec"
    shutil.copytree(ROOT / "spec", spec_dir)
    no_yaml = spec_dir / "rulesets" / "no.yaml"
    text = no_yaml.read_text(encoding="utf-8")
    swapped = "values: [[left, right, none], [left, right, none, none]]"
    no_yaml.write_text(text.replace("values: [[left, right, none, none], [left, right, none]]", swapped),
                       encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", str(spec_dir)])
    assert result.exit_code == 1
    assert "differs from the rule passing.cycle" in result.output and "at 3 players" in result.output

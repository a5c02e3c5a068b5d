"""The engine over the real compiler: every shipped ruleset, player count and variant plays to the end,
and a ruleset that exists only in this test plays without a code change."""

from __future__ import annotations

import pytest
import yaml

from heartspec.paths import data_dir
from heartspec.rules import ResolveError, load_spec
from heartspec.engine import Game
from heartspec.engine.selfplay import play_games

SPEC = load_spec()


def playable_combinations():
    for ruleset in sorted(SPEC.rulesets):
        for variants in [()] + [(v,) for v in sorted(SPEC.variants)]:
            counts = SPEC.players_of(ruleset)
            if variants:
                counts = SPEC.variants[variants[0]].get("players") or counts
            for players in counts:
                try:
                    SPEC.resolve(ruleset, variants, players=players)
                except ResolveError:
                    continue  # a variant that does not apply to this ruleset or count
                yield pytest.param(ruleset, variants, players, id=f"{ruleset}-{'+'.join(variants) or 'base'}-{players}p")


@pytest.mark.parametrize("ruleset, variants, players", list(playable_combinations()))
def test_every_shipped_combination_plays_a_whole_game(ruleset, variants, players):
    rules = SPEC.compile(ruleset, variants, players=players)
    summary = play_games(rules, games=1, seed=players, max_deals_per_game=500)
    assert summary.games == 1 and summary.deals >= 1


def test_every_ruleset_and_variant_is_covered():
    combos = {(r, v) for r, v, _ in (p.values for p in playable_combinations())}
    assert {r for r, _ in combos} == set(SPEC.rulesets)
    assert {v[0] for _, v in combos if v} == set(SPEC.variants)


def house_ruleset(tmp_path):
    """A user's own ruleset: the Finnish file under a new id with a few rule values changed."""
    source = yaml.safe_load((data_dir("spec") / "rulesets" / "fi.yaml").read_text(encoding="utf-8"))
    source["id"] = "house"
    source["title"] = "A house ruleset for the engine tests"
    rules = source["rules"]
    rules["players"]["value"] = [4]
    rules["deck"]["by_players"] = {4: rules["deck"]["by_players"][4]}
    for key in ("passing", "opening_lead"):
        if "by_players" in rules[key]:
            rules[key]["by_players"] = {4: rules[key]["by_players"][4]}
    rules["hearts_break"]["value"] = {"broken_by": "heart_played", "queen_breaks": True}
    rules["card_points"]["value"] = {"H": 2, "QS": 20}
    (tmp_path / "rulesets").mkdir()
    (tmp_path / "variants").mkdir()
    (tmp_path / "rulesets" / "house.yaml").write_text(yaml.safe_dump(source, allow_unicode=True), encoding="utf-8")
    return load_spec(tmp_path)


def test_a_ruleset_only_this_test_knows_plays_without_code_changes(tmp_path):
    spec = house_ruleset(tmp_path)
    rules = spec.compile("house", (), players=4)
    assert rules.queen_breaks_hearts and rules.penalty_total == 46
    summary = play_games(rules, games=2, seed=3)
    assert summary.games == 2
    game = Game(rules)
    game.deal_seeded(1)
    assert game.state()["players"] == 4

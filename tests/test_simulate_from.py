"""`heartspec simulate --from LOG[:LINE]`: the rest of a logged deal or game, played by bots N times per ruleset."""

from __future__ import annotations

import io
import json

import pytest
from click.testing import CliRunner

from heartspec.cards import card_name
from heartspec.cli import main
from heartspec.engine.game import Game
from heartspec.engine.selfplay import play_games
from heartspec.protocol.server import RulesCatalog
from heartspec.simulate.from_position import parse_source, simulate_from
from heartspec.simulate.play import paired_deck, play_game
from heartspec.simulate.runner import SimulationError
from heartspec.simulate.seat_protocol import bot_maker

CATALOG = RulesCatalog()


def _deal_start_log(tmp_path, ruleset: str, players: int, deck_seed: int):
    """A log that starts a game and deals `paired_deck(deck_seed)` as plain simulate would deal it."""
    rules = CATALOG.compile(ruleset, [], players, {})
    deck = paired_deck(rules, deck_seed)
    game = Game(rules)
    game.deal_physical(deck)
    hands, kitty, stock = game.dealt
    deal = {"cmd": "deal", "hands": [[card_name(c) for c in hand] for hand in hands]}
    if kitty:
        deal["kitty"] = [card_name(c) for c in kitty]
    if stock:
        deal["stock"] = [card_name(c) for c in stock]
    log = tmp_path / f"{ruleset}.log"
    log.write_text(json.dumps({"cmd": "new_game", "ruleset": ruleset, "players": players}) + "\n" + json.dumps(deal) + "\n")
    return str(log), rules, deck


@pytest.mark.parametrize("ruleset, players", [("fi", 4), ("dk", 3), ("se", 5), ("no", 4)])
def test_from_the_deals_start_the_runs_are_plain_simulates_games_on_that_deal(tmp_path, ruleset, players):
    log, rules, deck = _deal_start_log(tmp_path, ruleset, players, deck_seed=11)
    runs, seed = 30, 5
    document = simulate_from(f"{log}:2", [], runs, "random", seed, catalog=CATALOG)
    makers = [bot_maker("random")] * players
    plain = [play_game(rules, makers, seed, index, decks=lambda number: deck).deals[0] for index in range(runs)]
    [report] = document["rulesets"]
    for seat in report["seats"]:
        points = [deal[f"points.seat{seat['seat']}"] for deal in plain]
        expected = {str(k): points.count(k) for k in sorted(set(points))}
        assert seat["distribution"] == expected
        assert seat["deal_points"]["mean"] == pytest.approx(sum(points) / runs)
    assert report["moon_rate"] == pytest.approx(sum(deal["moon"] for deal in plain) / runs)
    assert len({tuple(sorted(seat["distribution"].items())) for seat in report["seats"]}) > 1  # not all alike


def test_the_same_seed_gives_the_same_report_at_any_worker_count(tmp_path):
    stream = io.StringIO()
    play_games(CATALOG.compile("dk", [], 4, {}), games=1, seed=12, log=stream)
    log = tmp_path / "dk.log"
    log.write_text(stream.getvalue())
    one = simulate_from(f"{log}:30", ["dk", "fi", "se"], 60, "random", 3, workers=1, catalog=CATALOG)
    two = simulate_from(f"{log}:30", ["dk", "fi", "se"], 60, "random", 3, workers=2, catalog=CATALOG)
    assert one == two
    assert one["from"]["tricks_done"] == 6 and one["from"]["line"] == 30
    assert [r["label"] for r in one["rulesets"]] == ["dk", "fi", "se"]


def test_the_rest_of_the_game_names_winners_and_the_moves_already_made_stand(tmp_path):
    stream = io.StringIO()
    play_games(CATALOG.compile("fi", [], 4, {}), games=1, seed=2, log=stream)
    log = tmp_path / "fi.log"
    log.write_text(stream.getvalue())
    document = simulate_from(f"{log}:40", [], 20, "random", 1, rest="game", catalog=CATALOG)
    [report] = document["rulesets"]
    assert sum(report["wins"]) >= 20  # a shared win counts for each winner


@pytest.mark.parametrize("source, tables, message", [
    ("{log}:1", [], "no deal is in progress there"),
    ("{log}:3", ["xx"], "unknown ruleset"),
    ("/nonexistent.log", [], "cannot read /nonexistent.log"),
])
def test_positions_that_cannot_be_played_from_are_one_line(tmp_path, source, tables, message):
    log, _, _ = _deal_start_log(tmp_path, "fi", 4, deck_seed=1)
    with pytest.raises(SimulationError, match=message):
        simulate_from(source.format(log=log), tables, 5, "random", 1, catalog=CATALOG)


def test_a_ruleset_that_cannot_reach_the_position_is_named(tmp_path):
    stream = io.StringIO()
    play_games(CATALOG.compile("dk", [], 4, {}), games=1, seed=12, log=stream)  # deal 4: dk holds,
    log = tmp_path / "dk.log"                                                    # fi-classic passes
    log.write_text(stream.getvalue())
    with pytest.raises(SimulationError, match="cannot be reached under fi-classic"):
        simulate_from(f"{log}:200", ["fi-classic"], 5, "random", 1, catalog=CATALOG)


def test_parse_source():
    assert parse_source("a.log:12") == ("a.log", 12)
    assert parse_source("a.log") == ("a.log", None)
    assert parse_source("c:/x.log") == ("c:/x.log", None)


def test_the_cli_prints_the_report_and_its_json(tmp_path):
    log, _, _ = _deal_start_log(tmp_path, "fi", 4, deck_seed=3)
    result = CliRunner().invoke(main, ["simulate", "--from", f"{log}:2", "fi", "se", "--games", "10", "--bots",
                                       "random", "--seed", "1", "--workers", "1"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith(f"from {log}:2 (fi, deal 1, 0 trick(s) done")
    assert "\nse: moon in " in result.output and " against fi" in result.output
    document = json.loads(CliRunner().invoke(main, ["simulate", "--from", log, "--games", "4", "--bots", "random",
                                                    "--seed", "1", "--format", "json"]).stdout)
    assert document["runs"] == 4 and document["from"]["line"] is None
    page = tmp_path / "what-if.html"
    drawn = CliRunner().invoke(main, ["simulate", "--from", f"{log}:2", "--games", "3", "--bots", "random", "--seed", "1",
                                      "--html", str(page)])
    assert drawn.exit_code == 0, drawn.output
    data = page.read_text(encoding="utf-8").split('id="heartspec-view">')[1].split("</script>")[0]
    view = json.loads(data)
    assert view["what_if"]["runs"] == 3 and [step["line"] for step in view["steps"]] == [1, 2]
    refused = CliRunner().invoke(main, ["simulate", "--from", log, "--players", "4"])
    assert refused.exit_code == 2 and "not with --players" in refused.output

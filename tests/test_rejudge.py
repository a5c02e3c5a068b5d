"""heartspec replay LOG --as RULESET / --compare: the same deal and moves judged under other rulesets."""

from __future__ import annotations

import io
import json

import pytest
from click.testing import CliRunner

from heartspec.cli import main
from heartspec.engine.selfplay import play_games
from heartspec.protocol.server import RulesCatalog
from heartspec.rejudge import rejudge_lines
from heartspec.rules import compile_rules, load_spec

CATALOG = RulesCatalog()
SPEC = load_spec()

# Deal 4 passes no cards under dk, fi and no alike, so the hands below are the hands played.
# Seat 1 holds no club: on the first trick it throws the queen of hearts, which dk allows and fi forbids.
HANDS = [
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
    "QH 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
    "AD 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS",
    "QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH KH AH",
]


def _log(ruleset: str, plays: list[tuple[int, str]]) -> list[str]:
    lines = [json.dumps({"cmd": "new_game", "ruleset": ruleset, "players": 4, "options": {"deal_number": 4}}),
             json.dumps({"cmd": "deal", "hands": [h.split() for h in HANDS]})]
    lines += [json.dumps({"cmd": "play", "seat": s, "card": c}) for s, c in plays]
    return lines


FIRST_TRICK = [(0, "2C"), (1, "QH"), (2, "AD"), (3, "QS")]


def test_a_move_the_other_ruleset_forbids_is_reported_with_its_rule_and_source():
    logged, [fi] = rejudge_lines(_log("dk", FIRST_TRICK), [("fi", "fi", ())], CATALOG)
    assert logged.stands and logged.ruleset == "dk"
    assert fi.refusal is not None
    assert fi.refusal.line == 4 and fi.refusal.request == {"cmd": "play", "seat": 1, "card": "QH"}
    assert fi.refusal.code == "points_on_first_trick"
    assert fi.refusal.rule.key == "first_trick"
    assert any(source.get("guide") == "fi" for source in fi.refusal.rule.sources)
    assert fi.moves == 3  # new_game, deal, the 2C lead


def test_the_cli_prints_the_refusal_as_the_rulebook_prints_the_rule(tmp_path):
    log = tmp_path / "dk.log"
    log.write_text("\n".join(_log("dk", FIRST_TRICK)) + "\n")
    result = CliRunner().invoke(main, ["replay", str(log), "--as", "fi"])
    assert result.exit_code == 1
    rulebook = CliRunner().invoke(main, ["rules", "fi", "--players", "4"]).output
    rule_line = next(line.strip() for line in rulebook.splitlines() if line.strip().startswith("First trick:"))
    assert "line 4: seat 1 plays QH" in result.output
    assert "fi refuses it: points_on_first_trick" in result.output
    assert f"rule: {rule_line}" in result.output
    source_line = rulebook.splitlines()[rulebook.splitlines().index(next(
        line for line in rulebook.splitlines() if line.strip().startswith("First trick:"))) + 1].strip()
    assert source_line in result.output


def test_moves_every_ruleset_allows_stand_and_both_scores_are_shown(tmp_path):
    stream = io.StringIO()
    rules = compile_rules(SPEC.resolve("fi", players=4))
    play_games(rules, games=1, seed=5, log=stream)
    log = tmp_path / "fi.log"
    log.write_text(stream.getvalue())
    logged, [same] = rejudge_lines(stream.getvalue().splitlines(), [("fi", "fi", ())], CATALOG)
    assert same.stands and same.games == logged.games  # the log's own ruleset accepts every move, same scores
    result = CliRunner().invoke(main, ["replay", str(log), "--as", "fi"])
    assert result.exit_code == 0
    totals = " ".join(map(str, logged.games[0]["totals"]))
    assert result.output.count(f"totals {totals}") == 2


def test_a_seeded_deal_is_judged_on_the_cards_it_dealt():
    lines = [json.dumps({"cmd": "new_game", "ruleset": "fi", "players": 4, "options": {"deal_number": 4}}),
             json.dumps({"cmd": "deal", "seed": 99})]
    logged, [other] = rejudge_lines(lines, [("no", "no", ())], CATALOG)
    assert other.stands
    assert other.server.game.dealt == logged.server.game.dealt


def test_compare_prints_one_row_per_ruleset(tmp_path):
    log = tmp_path / "dk.log"
    log.write_text("\n".join(_log("dk", FIRST_TRICK)) + "\n")
    result = CliRunner().invoke(main, ["replay", str(log), "--compare", "fi", "no", "dk", "se"])
    assert result.exit_code == 1
    rows = {line.split()[0]: line for line in result.output.splitlines()[2:]}
    assert set(rows) == {"fi", "no", "dk", "se"}
    assert "refused at line 4" in rows["fi"] and "points_on_first_trick" in rows["fi"]
    assert "stands" in rows["dk"]


def test_a_refusal_that_is_already_in_the_log_is_not_judged():
    lines = _log("fi", [(0, "2C")]) + [json.dumps({"cmd": "play", "seat": 1, "card": "QH"}),
                                      json.dumps({"ok": False, "error": {"code": "points_on_first_trick"}})]
    logged, [dk] = rejudge_lines(lines, [("dk", "dk", ())], CATALOG)
    assert dk.stands and dk.moves == 3


def test_a_deck_the_other_ruleset_does_not_have_is_refused_at_the_deal():
    lines = [json.dumps({"cmd": "new_game", "ruleset": "fi", "players": 6}), json.dumps({"cmd": "deal", "seed": 1})]
    _, [se] = rejudge_lines(lines, [("se", "se", ())], CATALOG)  # fi adds jokers for six, se removes the 2s
    assert se.refusal.code == "invalid_deal" and se.refusal.rule.key == "deck"


@pytest.mark.parametrize("args, message", [
    (["--as", "fi", "--compare", "no"], "not both"),
    (["no", "dk"], "use --compare"),
    (["--compare"], "needs the rulesets"),
    (["--as", "xx"], "unknown ruleset 'xx'"),
    (["-v", "omnibus-jd"], "-v names a variant of the --as ruleset"),
])
def test_mistakes_get_one_clear_line(tmp_path, args, message):
    log = tmp_path / "dk.log"
    log.write_text("\n".join(_log("dk", FIRST_TRICK)) + "\n")
    result = CliRunner().invoke(main, ["replay", str(log), *args])
    assert result.exit_code != 0 and message in result.output
    assert "Traceback" not in result.output


def test_a_missing_log_is_one_line():
    result = CliRunner().invoke(main, ["replay", "/nonexistent/x.log", "--as", "fi"])
    assert result.exit_code != 0 and "cannot read /nonexistent/x.log" in result.output


def test_a_moon_choice_the_other_ruleset_does_not_offer_is_refused_by_its_moon_rule():
    dk = compile_rules(SPEC.resolve("dk", players=4))  # dk: the shooter chooses; fi: the moon always adds 26
    for seed in range(200):
        stream = io.StringIO()
        play_games(dk, games=1, seed=seed, log=stream)
        if '"cmd":"choose"' in stream.getvalue():
            break
    else:
        pytest.fail("no moon in 200 random dk games")
    lines = stream.getvalue().splitlines()
    first_choice = next(n for n, line in enumerate(lines, start=1) if '"cmd":"choose"' in line)
    _, [fi] = rejudge_lines(lines, [("fi", "fi", ())], CATALOG)
    assert fi.refusal.line == first_choice
    assert fi.refusal.code == "wrong_phase" and fi.refusal.rule.key == "moon"

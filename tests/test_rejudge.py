"""heartspec replay LOG --as RULESET / --compare: the same deal and moves judged under other rulesets."""

from __future__ import annotations

import io
import json

import jsonschema
import pytest
from click.testing import CliRunner
from jsonschema import Draft202012Validator

from heartspec.cli import main
from heartspec.engine.selfplay import play_games
from heartspec.paths import data_dir
from heartspec.protocol.server import RulesCatalog, Server
from heartspec.replay.rejudge import rejudge_lines
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
    assert fi.refusal.played_anyway  # and the trick goes on: AD and QS stand
    assert fi.moves == 5  # new_game, deal, the 2C lead, AD, QS


def test_the_cli_prints_the_refusal_as_the_rulebook_prints_the_rule(tmp_path):
    log = tmp_path / "dk.log"
    log.write_text("\n".join(_log("dk", FIRST_TRICK)) + "\n")
    result = CliRunner().invoke(main, ["replay", str(log), "--as", "fi"])
    assert result.exit_code == 1
    rulebook = CliRunner().invoke(main, ["rules", "fi", "--players", "4"]).output
    rule_line = next(line.strip() for line in rulebook.splitlines() if line.strip().startswith("First trick:"))
    assert "line 4: seat 1 plays QH" in result.output
    assert "fi refuses it: " in result.output and "points_on_first_trick" not in result.output
    assert "the logged card is played anyway, so the deal goes on" in result.output
    assert f"rule: {rule_line}" in result.output
    source_line = rulebook.splitlines()[rulebook.splitlines().index(next(
        line for line in rulebook.splitlines() if line.strip().startswith("First trick:"))) + 1].strip()
    # the rulebook is one guide's and leaves its id out; a re-judgement names the guide of each source
    assert source_line.replace("§", "fi §") in result.output


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
    _, [other] = rejudge_lines(lines, [("no", "no", ())], CATALOG)
    assert other.stands
    own = Server(catalog=CATALOG)
    for line in lines:
        own.handle_line(line)
    assert other.follower.server.game.dealt == own.game.dealt


def test_compare_prints_one_row_per_ruleset_then_why_each_refused(tmp_path):
    log = tmp_path / "dk.log"
    log.write_text("\n".join(_log("dk", FIRST_TRICK)) + "\n")
    result = CliRunner().invoke(main, ["replay", str(log), "--compare", "fi", "no", "dk", "se"])
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[0] == f"{log}: logged under dk (6 requests), re-judged under fi, no, dk, se"
    header = lines.index(next(line for line in lines if line.startswith("rule set ")))
    rows = {line.split()[0]: line for line in lines[header + 1:header + 5]}
    assert set(rows) == {"fi", "no", "dk", "se"}
    assert rows["fi"].split() == ["fi", "refuses", "1", "move(s)", "line", "4:", "seat", "1", "plays", "QH",
                                  "First", "trick"]
    assert rows["dk"].split()[1:] == ["every", "move", "stands", "-", "-"]
    why = "\n".join(lines[lines.index("under fi, with the rule and its source:"):])
    assert "  line 4: seat 1 plays QH\n    fi refuses it: " in why
    assert "points_on_first_trick" not in result.output


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


def test_a_moon_choice_the_other_ruleset_does_not_offer_is_scored_by_its_moon_rule():
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
    [moon] = [ruling for ruling in fi.rulings if ruling.line == first_choice]
    assert moon.kind == "own_way" and moon.code is None and moon.rule.key == "moon"
    assert moon.text.startswith("under fi the shooter has no choice: 0 to the shooter (seat ")
    assert moon.text.endswith(", 26 to each other player")
    assert fi.games[0]["winners"] is not None  # the game goes on to its end under fi


# ---------------------------------------------------------------- --format json (schemas/rejudge.schema.json)

REJUDGE_SCHEMA = json.loads((data_dir("schemas") / "rejudge.schema.json").read_text(encoding="utf-8"))

# A whole deal every ruleset plays alike, scored by hand. Deal 4 passes no cards (dk, fi, no, se; fi-classic
# passes left). No one is void in clubs on trick 1 but seats 2 and 3, who throw 3S and 2S: no points there.
#   trick 1  0:2C 1:AC 2:3S 3:2S  seat 1, 0 points      trick 2  1:KC 2:4S 3:QS 0:3C  seat 1, 13 (QS)
#   trick 3  1:3D 2:2H 3:4H 0:AD  seat 0, 2 points      tricks 4-12: seat 0 leads 4C..QC, no one else has a
#   club; seat 3 throws 5H..KH, seat 2 throws 3H once: seat 0, 10 points
#   trick 13 0:2D 1:KD 2:AS 3:AH  seat 1, 1 point.       Deal: 12 14 0 0, no moon, no heart ever led.
WHOLE_DEAL_HANDS = [
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC 2D AD",
    "KC AC 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
    "3S 4S 5S 6S 7S 8S 9S TS JS KS AS 2H 3H",
    "2S QS 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
]
WHOLE_DEAL_PLAYS = [(0, "2C"), (1, "AC"), (2, "3S"), (3, "2S"), (1, "KC"), (2, "4S"), (3, "QS"), (0, "3C"),
                    (1, "3D"), (2, "2H"), (3, "4H"), (0, "AD")]
for lead, one, two, three in zip("4C 5C 6C 7C 8C 9C TC JC QC".split(), "4D 5D 6D 7D 8D 9D TD JD QD".split(),
                                 "3H 5S 6S 7S 8S 9S TS JS KS".split(), "5H 6H 7H 8H 9H TH JH QH KH".split()):
    WHOLE_DEAL_PLAYS += [(0, lead), (1, one), (2, two), (3, three)]
WHOLE_DEAL_PLAYS += [(0, "2D"), (1, "KD"), (2, "AS"), (3, "AH")]
ONE_DEAL_SCORED = {"deals": 1, "totals": [12, 14, 0, 0], "over": False, "winners": None, "money": None}


def _whole_deal_log(tmp_path) -> str:
    lines = [json.dumps({"cmd": "new_game", "ruleset": "dk", "players": 4, "options": {"deal_number": 4}}),
             json.dumps({"cmd": "deal", "hands": [h.split() for h in WHOLE_DEAL_HANDS]})]
    lines += [json.dumps({"cmd": "play", "seat": s, "card": c}) for s, c in WHOLE_DEAL_PLAYS]
    log = tmp_path / "whole-deal.log"
    log.write_text("\n".join(lines) + "\n")
    return str(log)


def _json_verdict(*args: str, exit_code: int) -> dict:
    result = CliRunner().invoke(main, ["replay", *args, "--format", "json"])
    assert result.exit_code == exit_code, result.output
    assert result.stderr == ""
    document = json.loads(result.stdout)
    jsonschema.validate(document, REJUDGE_SCHEMA)
    return document


def _rulebook_rule(ruleset: str, key: str) -> dict:
    book = json.loads(CliRunner().invoke(main, ["rules", ruleset, "--players", "4", "--format", "json"]).stdout)
    return next(rule for rule in book["players"]["4"] if rule["rule"] == key)


def test_the_schema_is_valid_2020_12_and_every_property_is_described():
    Draft202012Validator.check_schema(REJUDGE_SCHEMA)

    def undescribed(node, trail=()):
        if isinstance(node, dict):
            for name, prop in node.get("properties", {}).items():
                if "description" not in prop and "$ref" not in prop and trail[-1:] != ("oneOf",) and \
                        "oneOf" not in trail:
                    yield "/".join(map(str, trail + (name,)))
            for key, child in node.items():
                yield from undescribed(child, trail + (key,))

    assert list(undescribed(REJUDGE_SCHEMA)) == []


def test_json_when_every_ruleset_accepts_carries_the_scores_under_each_and_the_logged_ones(tmp_path):
    log = _whole_deal_log(tmp_path)
    document = _json_verdict(log, "--compare", "fi", "no", "dk", "se", exit_code=0)
    assert document["source"] == log and document["all_stand"] is True
    assert document["logged"] == {"ruleset": "dk", "variants": [], "requests": 54, "games": [ONE_DEAL_SCORED]}
    assert [verdict["label"] for verdict in document["rulesets"]] == ["fi", "no", "dk", "se"]
    for verdict in document["rulesets"]:
        assert verdict["stands"] is True and verdict["refusal"] is None
        assert verdict["requests_standing"] == 54
        assert verdict["games"] == [ONE_DEAL_SCORED]


def test_json_names_the_one_ruleset_that_refuses_with_its_rule_as_the_rulebook_gives_it(tmp_path):
    log = _whole_deal_log(tmp_path)  # fi-classic passes left on deal 4, so the opening 2C comes during passing
    document = _json_verdict(log, "--compare", "fi", "fi-classic", exit_code=1)
    fi, classic = document["rulesets"]
    assert document["all_stand"] is False
    assert fi["stands"] is True and fi["games"] == [ONE_DEAL_SCORED]
    assert classic["stands"] is False and classic["requests_standing"] == 2
    assert classic["games"] == [{"deals": 0, "totals": None, "over": False, "winners": None, "money": None}]
    assert [ruling["kind"] for ruling in classic["rulings"]] == ["refused"]  # the rest of the deal is left
    refusal = classic["refusal"]
    assert (refusal["line"], refusal["request"], refusal["move"], refusal["code"]) == \
        (3, {"cmd": "play", "seat": 0, "card": "2C"}, "seat 0 plays 2C", "wrong_phase")
    assert refusal["message"] == "the game is in phase passing, not playing"
    passing = _rulebook_rule("fi-classic", "passing")
    assert {k: refusal["rule"][k] for k in passing} == passing
    assert refusal["rule"]["source"] == ", ".join((
        f"fi-classic §{passing['sources'][0]['section']}", passing["sources"][0]["status"]))


def test_as_json_gives_the_refusal_the_text_output_gives(tmp_path):
    log = tmp_path / "dk.log"
    log.write_text("\n".join(_log("dk", FIRST_TRICK)) + "\n")
    document = _json_verdict(str(log), "--as", "fi", exit_code=1)
    [fi] = document["rulesets"]
    assert (fi["label"], fi["ruleset"], fi["variants"], fi["requests_standing"]) == ("fi", "fi", [], 5)
    refusal = fi["refusal"]
    assert (refusal["line"], refusal["request"], refusal["code"]) == \
        (4, {"cmd": "play", "seat": 1, "card": "QH"}, "points_on_first_trick")
    assert refusal["rule"]["rule"] == "first_trick"
    assert document["logged"]["games"] == [{"deals": 0, "totals": None, "over": False, "winners": None, "money": None}]
    text = CliRunner().invoke(main, ["replay", str(log), "--as", "fi"]).stdout
    assert f"line 4: {refusal['move']}\n" in text
    assert f"fi refuses it: {refusal['message']}\n" in text
    assert f"  rule: {refusal['rule']['label']}: {refusal['rule']['text']}\n" in text
    assert f"      source: {refusal['rule']['source']}\n" in text


def test_a_seeded_deal_is_sent_to_the_other_ruleset_as_the_cards_dealt(tmp_path):
    log = tmp_path / "seeded.log"
    log.write_text('{"cmd":"new_game","ruleset":"fi","players":6}\n{"cmd":"deal","seed":1}\n')
    request = _json_verdict(str(log), "--as", "se", exit_code=1)["rulesets"][0]["refusal"]["request"]
    assert "seed" not in request and len(request["hands"]) == 6
    assert sum(map(len, request["hands"])) + len(request.get("kitty", [])) == 54  # fi's deck for six: 52 + 2 jokers


@pytest.mark.parametrize("output_format", ["text", "json"])
def test_the_text_compare_and_the_json_give_the_same_scores(tmp_path, output_format):
    result = CliRunner().invoke(main, ["replay", _whole_deal_log(tmp_path), "--as", "no", "--format", output_format])
    assert result.exit_code == 0
    if output_format == "json":
        assert json.loads(result.stdout)["rulesets"][0]["games"] == [ONE_DEAL_SCORED]
    else:
        assert result.stdout.splitlines()[-2:] == ["  dk (logged)  totals 12 14 0 0 after 1 deal(s), game not over",
                                                   "  no           totals 12 14 0 0 after 1 deal(s), game not over"]


def test_the_schema_refuses_a_verdict_that_both_stands_and_refuses(tmp_path):
    document = _json_verdict(_whole_deal_log(tmp_path), "--compare", "fi", "fi-classic", exit_code=1)
    fi, classic = document["rulesets"]
    for broken in ({**fi, "refusal": classic["refusal"]}, {**classic, "stands": True}, {**fi, "games": None}):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate({**document, "rulesets": [broken]}, REJUDGE_SCHEMA)


NEW_GAME = '{"cmd":"new_game","ruleset":"dk","players":4}\n'


@pytest.mark.parametrize("content, args, message", [
    (NEW_GAME + "not json\n", ["--as", "fi"], ":2: bad_request: not JSON"),
    (NEW_GAME + '{"cmd":"deal","seed":1}\n{"cmd":"play","seat":2,"card":"2C"}\n', ["--compare", "fi", "no"],
     ":3: wrong_phase: the game is in phase passing"),  # dk passes on deal 1
    (NEW_GAME + '{"ok":false,"error":{"code":"bad_request"}}\n', ["--as", "fi"], ":2: mismatch: the log says ok=false"),
    ("# nothing but a comment\n", ["--as", "fi"], ": no_game: the log starts no game"),
    (NEW_GAME.encode() + b'{"cmd":"deal","seed":1}\xff\n', ["--as", "fi"], ":2: unreadable_log: not UTF-8 text"),
    (NEW_GAME, ["--as", "xx"], "unknown ruleset 'xx' (known: dk, fi, fi-classic, no, se)"),
    (NEW_GAME, ["--compare", "fi", "xx+omnibus-jd"], "unknown ruleset 'xx'"),
])
@pytest.mark.parametrize("output_format", ["text", "json"])
def test_a_log_or_ruleset_that_cannot_be_judged_is_one_line_on_stderr_and_exit_2(tmp_path, content, args, message,
                                                                                  output_format):
    log = tmp_path / "bad.log"
    (log.write_bytes if isinstance(content, bytes) else log.write_text)(content)
    result = CliRunner().invoke(main, ["replay", str(log), *args, "--format", output_format])
    assert result.exit_code == 2
    assert result.stdout == ""  # no half document for a JSON reader
    assert result.stderr.count("\n") == 1 and message in result.stderr and "Traceback" not in result.stderr
    assert result.stderr.startswith("heartspec replay: ")


def test_the_log_judged_is_the_log_replay_accepts(tmp_path):
    """A log `heartspec replay` refuses (an illegal move under its own ruleset) is never 'every move stands'."""
    lines = _log("fi", FIRST_TRICK)  # under fi itself, the queen of hearts on trick 1 is illegal
    log = tmp_path / "fi.log"
    log.write_text("\n".join(lines) + "\n")
    assert CliRunner().invoke(main, ["replay", str(log)]).exit_code == 1
    result = CliRunner().invoke(main, ["replay", str(log), "--as", "dk"])
    assert result.exit_code == 2 and ":4: points_on_first_trick: " in result.stderr
    assert f"`heartspec replay {log}` shows the position" in result.stderr

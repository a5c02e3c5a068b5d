"""heartspec fuzz, piece by piece: which fields count, grouping, known differences, reports, set-ups, planning."""

from __future__ import annotations

import json
import random
from pathlib import Path
from xml.etree import ElementTree

import jsonschema
import pytest

from heartspec.fuzz.compare import first_difference
from heartspec.fuzz.judge import Ruling
from heartspec.fuzz.lockstep import Mismatch, batches
from heartspec.fuzz.plan import Planner
from heartspec.fuzz.report import Finding, FuzzReport, read_known_differences
from heartspec.fuzz.setups import Setup, SetupChooser, available_setups
from heartspec.protocol.server import RulesCatalog, Server
from heartspec.rules import load_spec

ROOT = Path(__file__).resolve().parents[1]
SCHEMA = json.loads((ROOT / "schemas" / "fuzz-report.schema.json").read_text())
SPEC = load_spec()
CATALOG = RulesCatalog(spec=SPEC)
SUPPORTS = Server(catalog=CATALOG).handle({"cmd": "hello"})["supports"]


# --- which fields count --------------------------------------------------------------------------


def ok(**fields):
    return {"id": 1, "ok": True, **fields}


def refused(code, message="whatever"):
    return {"id": 1, "ok": False, "error": {"code": code, "message": message}}


def test_free_fields_do_not_count():
    assert first_difference("play", refused("must_follow_suit", "one wording"), refused("must_follow_suit", "another")) is None
    assert first_difference("new_game", ok(phase="deal", dealer=0), ok(phase="deal")) is None
    state = {"phase": "playing", "hands": [["2C", "3C"], ["4C"]], "passed": [0, 1], "totals": [0, 0]}
    shuffled = {**state, "hands": [["3C", "2C"], ["4C"]], "passed": [1, 0]}
    assert first_difference("state", ok(**state), ok(**shuffled)) is None


def test_card_order_is_fixed_where_the_protocol_fixes_it():
    """P-legal-1 and P-events-1: legal, cards_received and kitty_taken list cards in card order."""
    assert first_difference("legal", ok(cards=["2C", "9C"]), ok(cards=["9C", "2C"])) == ("cards.order", ["2C", "9C"],
                                                                                       ["9C", "2C"])
    received = {"type": "cards_received", "seat": 1, "from": 0, "cards": ["QS", "KS", "AS"]}
    assert first_difference("pass", ok(events=[received]), ok(events=[{**received, "cards": ["AS", "KS", "QS"]}]))[0] \
        == "events.cards_received.cards"


def test_fixed_fields_count_and_are_named():
    assert first_difference("play", ok(events=[]), refused("must_follow_suit"))[0] == "ok"
    assert first_difference("play", refused("must_follow_suit"), refused("invalid_card"))[0] == "error.code"
    won = {"type": "trick_won", "seat": 2, "cards": ["2C", "KC"], "points": 0}
    assert first_difference("play", ok(events=[won]), ok(events=[{**won, "seat": 1}]))[0] == "events.trick_won.seat"
    assert first_difference("play", ok(events=[won]), ok(events=[{**won, "cards": ["KC", "2C"]}]))[0] == "events.trick_won.cards"
    played = {"type": "card_played", "seat": 0, "card": "5H"}
    assert first_difference("play", ok(events=[played, {"type": "hearts_broken"}]), ok(events=[played]))[0] == "events.hearts_broken"
    assert first_difference("legal", ok(cards=["2C"]), ok(cards=["2C", "2C"]))[0] == "cards"  # names must be distinct
    assert first_difference("state", ok(phase="playing", totals=[1, 2]), ok(phase="playing", totals=[2, 1]))[0] == "totals"
    assert first_difference("deal", ok(phase="passing", pass_direction="left", turn=None),
                            ok(phase="passing", pass_direction="right", turn=None))[0] == "pass_direction"


def test_money_is_compared_to_the_cent():
    scored = {"type": "deal_scored", "points": [1, 0], "totals": [1, 0], "moon": None, "money": [-0.5, 0.5]}
    assert first_difference("play", ok(events=[scored]), ok(events=[{**scored, "money": [-0.501, 0.501]}])) is None
    assert first_difference("play", ok(events=[scored]), ok(events=[{**scored, "money": [-0.6, 0.6]}]))[0] == \
        "events.deal_scored.money"


def test_batches_stay_under_the_pipe_buffer_and_cover_every_line():
    lines = ["x" * 1000] * 100
    spans = batches(lines)
    assert spans[0][0] == 0 and spans[-1][1] == 100
    assert all(a[1] == b[0] for a, b in zip(spans, spans[1:]))
    assert all(sum(len(line) + 1 for line in lines[s:e]) < 64_000 for s, e in spans)


# --- grouping and known differences ------------------------------------------------------------


def finding(signature, game, deals=1, moves=5, shrunk=True):
    setup = Setup("fi", 4)
    mismatch = Mismatch(3, signature[0], signature[1], ["a"], ["b"], "{}", "{}")
    return Finding(signature=signature, seed=7, game=game, setup=setup, ruling=Ruling(signature[2], "fi rule"),
                   mismatch=mismatch, log=["{}"] * (moves + 2), stop_line=4, deals=deals, moves=moves, shrunk=shrunk)


def test_one_signature_is_one_entry_with_a_count_and_the_smallest_example():
    report = FuzzReport(seed=7)
    report.add(finding(("play", "events.hearts_broken", "hearts_break"), game=3, deals=2, moves=40))
    report.add(finding(("play", "events.hearts_broken", "hearts_break"), game=9, deals=1, moves=6))
    report.add(finding(("play", "events.hearts_broken", "hearts_break"), game=12, deals=1, moves=3, shrunk=False))
    report.add(finding(("legal", "cards", "first_trick"), game=5))
    groups = report.groups()
    assert [(g.signature[0], g.count) for g in groups] == [("play", 3), ("legal", 1)]
    assert groups[0].smallest.game == 9  # shrunk examples first, then fewest deals and moves
    text = report.text()
    assert "difference 1: play events.hearts_broken hearts_break [new], 3 occurrence(s): games 3, 9, 12" in text
    assert "seed 7, game 9" in text
    assert not report.ok


def test_known_differences_are_accepted_and_missing_ones_are_unexpected_passes(tmp_path):
    listed = tmp_path / "known.txt"
    listed.write_text("# accepted\nplay events.hearts_broken hearts_break  # engine breaks hearts on any heart\n"
                      "play events.deal_scored.moon moon\n")
    known = read_known_differences(str(listed))
    report = FuzzReport(seed=1, known=known)
    report.add(finding(("play", "events.hearts_broken", "hearts_break"), game=2))
    assert report.new_groups() == []
    assert report.unexpected_passes() == ["play events.deal_scored.moon moon"]
    assert not report.ok
    assert "unexpected pass: known difference 'play events.deal_scored.moon moon' did not occur" in report.text()
    report.add(finding(("play", "events.deal_scored.moon", "moon"), game=4))
    assert report.ok


def test_a_known_differences_line_that_is_not_a_signature_is_refused(tmp_path):
    listed = tmp_path / "known.txt"
    listed.write_text("play hearts_break\n")
    with pytest.raises(ValueError, match="three words"):
        read_known_differences(str(listed))


def test_json_report_follows_its_schema_and_junit_has_one_case_per_signature(tmp_path):
    report = FuzzReport(seed=7, known={"legal cards first_trick": "accepted", "state totals card_points": "gone"})
    report.add(finding(("play", "events.hearts_broken", "hearts_break"), game=3))
    report.add(finding(("legal", "cards", "first_trick"), game=5))
    report.engine = {"command": "my-engine", "name": "mine", "version": "1"}
    jsonschema.validate(report.as_json(), SCHEMA)
    path = tmp_path / "junit.xml"
    report.write_junit(str(path))
    suite = ElementTree.parse(path).getroot()
    cases = {case.get("name"): case for case in suite.iter("testcase")}
    assert cases["play events.hearts_broken hearts_break"].find("failure") is not None
    assert cases["legal cards first_trick"].find("skipped") is not None
    assert cases["state totals card_points"].find("failure") is not None  # the unexpected pass
    assert suite.get("failures") == "2" and suite.get("skipped") == "1"


def test_the_schema_refuses_a_report_missing_its_differences():
    data = FuzzReport(seed=1, engine={"command": "my-engine"}).as_json()
    jsonschema.validate(data, SCHEMA)
    del data["differences"]
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(data, SCHEMA)


# --- set-ups and planning -------------------------------------------------------------------


def test_setups_follow_the_engines_claims_and_the_filters():
    only_fi = available_setups(SPEC, {"rulesets": ["fi"], "variants": [], "players": {"fi": [4]}})
    assert only_fi == [Setup("fi", 4)]
    every = available_setups(SPEC, SUPPORTS)
    assert {s.ruleset for s in every} == set(SUPPORTS["rulesets"])
    assert any(len(s.variants) == 2 for s in every)  # allowed pairs are played too
    narrowed = available_setups(SPEC, SUPPORTS, rulesets=["dk"], players=[3], variants=["omnibus-jd"])
    assert narrowed and all(s.ruleset == "dk" and s.players == 3 and s.variants == ("omnibus-jd",) for s in narrowed)


def test_every_ruleset_and_table_size_comes_up_within_one_round():
    chooser = SetupChooser(available_setups(SPEC, SUPPORTS))
    cells = {(s.ruleset, s.players) for s in chooser.setups}
    rng = random.Random(0)
    chosen = {(c.ruleset, c.players) for c in (chooser.choose(g, rng) for g in range(1, len(cells) + 1))}
    assert chosen == cells


def test_the_same_seed_plans_the_same_game_and_another_seed_another():
    planner = Planner(CATALOG, SPEC)
    setup = Setup("fi", 4)
    first = planner.plan(setup, random.Random("5:1")).lines()
    again = planner.plan(setup, random.Random("5:1")).lines()
    other = planner.plan(setup, random.Random("6:1")).lines()
    assert first == again
    assert first != other


def test_planned_games_reach_the_rare_cells():
    planner = Planner(CATALOG, SPEC)
    chooser = SetupChooser(available_setups(SPEC, SUPPORTS, rulesets=["fi"], players=[4]))
    reached = {}
    for game in range(1, 121):
        rng = random.Random(f"0:{game}")
        for key, count in planner.plan(chooser.choose(game, rng), rng).reached.items():
            reached[key] = reached.get(key, 0) + count
    for situation in ("moon shot", "game over: target reached", "game over: tie for the win",
                      "first trick: void with only point cards", "lead before hearts broken from a hand of only hearts"):
        assert reached.get(situation, 0) > 0, (situation, reached)

"""The fuzz budget finds rule bugs in rare cells, and probes never hide them.

The planted engine (tests/fuzz_engines/planted.py) claims one set-up, fi at four players, and keeps hearts
unbroken when a heart is forced onto the first trick: the bug the default budget must find, and a fixed
two games per set-up (compat's old pass) missed.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path
from xml.etree import ElementTree

import jsonschema
import pytest

from heartspec.fuzz import FuzzOptions, run_fuzz
from heartspec.fuzz import cells
from heartspec.fuzz.budget import DEFAULT_CELL_GOAL, Budget, Progress, cell_budget
from heartspec.fuzz.setups import Setup
from heartspec.protocol.server import RulesCatalog
from heartspec.rules import load_spec

ROOT = Path(__file__).resolve().parents[1]
PLANTED = f"{sys.executable} {ROOT / 'tests' / 'fuzz_engines' / 'planted.py'}"
ONE_SETUP = f"{PLANTED} fi-4p-only"
FORCED_HEART_BUG = f"{ONE_SETUP} forced-heart-keeps-hearts-unbroken"
PROTOCOL_BUG = "bad-request-miscoded"
SCHEMA = json.loads((ROOT / "schemas" / "fuzz-report.schema.json").read_text())
TIMEOUT = 30.0
SPEC = load_spec(None)
CATALOG = RulesCatalog(spec=SPEC)
FORCED_HEART = ("play", "events.hearts_broken", "hearts_break")


def fuzz(engine: str, **options):
    return run_fuzz(FuzzOptions(engine=engine, timeout=TIMEOUT, **options))


def test_the_default_budget_finds_a_forced_heart_bug_in_a_one_setup_engine():
    report = fuzz(FORCED_HEART_BUG)
    assert report.budget.mode == "cells" and report.setups_available == 1
    assert [g.signature for g in report.new_groups()] == [FORCED_HEART]
    assert report.new_groups()[0].kind == "rules"
    [entry] = report.cells.as_json()
    assert entry["cells"][cells.FIRST_TRICK_HEARTS] >= DEFAULT_CELL_GOAL


def test_two_games_per_setup_miss_it_so_the_budget_is_what_finds_it():
    assert fuzz(FORCED_HEART_BUG, games_per_setup=2).groups() == []


def test_the_correct_one_setup_engine_is_clean_and_reaches_every_cell_it_can():
    report = fuzz(ONE_SETUP)
    assert report.ok and report.groups() == []
    [entry] = report.cells.as_json()
    assert entry["goal_met"] and entry["stopped_by"] == "cell goal"
    assert set(entry["cells"]) >= {cells.VOID_ONLY_POINTS, cells.FIRST_TRICK_HEARTS, cells.ONLY_HEARTS_LEAD,
                                   cells.MOON, cells.TIE, cells.LAST_DEAL, cells.TARGET}
    assert all(count >= DEFAULT_CELL_GOAL for count in entry["cells"].values()), entry


def test_a_protocol_bug_in_every_game_does_not_hide_the_rule_bug(tmp_path):
    engine = f"{FORCED_HEART_BUG} {PROTOCOL_BUG}"
    report = fuzz(engine)
    kinds = Counter(g.kind for g in report.new_groups())
    assert kinds["rules"] == 1 and kinds["protocol"] >= 1, [g.signature for g in report.groups()]
    assert report.groups()[0].signature == FORCED_HEART  # rule differences come first
    assert report.resyncs > 0
    text = report.text()
    assert text.index("rule differences") < text.index("protocol differences")
    assert f"({kinds['rules']} in the rules, {kinds['protocol']} in the protocol)" in text
    data = report.as_json()
    jsonschema.validate(data, SCHEMA)
    assert data["new_differences"] == {"rules": 1, "protocol": kinds["protocol"]}
    assert data["probes"]["sent"] == "all" and data["probes"]["resyncs"] == report.resyncs
    path = tmp_path / "junit.xml"
    report.write_junit(str(path))
    classes = Counter(case.get("classname") for case in ElementTree.parse(path).getroot().iter("testcase")
                      if case.find("failure") is not None)
    assert classes["heartspec.fuzz.rules"] == 1 and classes["heartspec.fuzz.protocol"] == kinds["protocol"]


def test_a_reproduction_after_a_resync_leaves_out_the_probes_that_differed(tmp_path):
    report = fuzz(f"{FORCED_HEART_BUG} {PROTOCOL_BUG}", probes="all")
    smallest = report.groups()[0].smallest
    assert smallest.shrunk and smallest.mismatch.command == "play"
    assert not any('"unknown_command"' in line for line in smallest.log if line.startswith("# the engine")), \
        "the rule bug's reproduction still stops on a protocol probe"


@pytest.mark.parametrize("probes, kinds", [("rules", {"rules"}), ("protocol", {"protocol"}), ("none", {"rules"})])
def test_probes_choose_which_refusals_are_sent(probes, kinds):
    report = fuzz(f"{FORCED_HEART_BUG} {PROTOCOL_BUG}", probes=probes, games=40, seed=1)
    sent = {key.removeprefix("refusal: ") for key in report.reached if key.startswith("refusal: ")}
    if probes == "none":
        assert sent == set()
    elif probes == "rules":
        assert sent and sent <= {"must_follow_suit", "hearts_not_broken", "points_on_first_trick",
                                 "must_lead_opening_card"}
    else:
        assert sent and not sent & {"must_follow_suit", "hearts_not_broken"}
    assert {g.kind for g in report.new_groups()} <= kinds | {"rules"}
    if probes != "protocol":
        assert FORCED_HEART in [g.signature for g in report.groups()]


def test_the_same_seed_spends_the_same_budget():
    first, second = fuzz(ONE_SETUP, seed=4), fuzz(ONE_SETUP, seed=4)
    assert first.games == second.games and first.cells.as_json() == second.cells.as_json()


def test_games_alone_plays_exactly_that_many_and_with_a_goal_caps_the_cell_budget():
    assert FuzzOptions(engine="x", games=7).budget() == Budget("games", games=7)
    capped = FuzzOptions(engine="x", games=7, cell_goal=2).budget()
    assert capped.mode == "cells" and capped.games == 7 and capped.cell_goal == 2
    assert FuzzOptions(engine="x").budget() == cell_budget()
    assert FuzzOptions(engine="x", seconds=3.0).budget().mode == "seconds"
    report = fuzz(ONE_SETUP, games=5, cell_goal=50)
    assert report.games == 5 and report.cells.as_json()[0]["stopped_by"] == "run length"


def test_a_setup_stops_at_its_goal_or_its_budget_and_the_setups_take_turns():
    setups = [Setup("fi", 4), Setup("no", 4)]
    progress = Progress.start(cell_budget(cell_goal=1, games_per_setup=3), setups, SPEC, CATALOG)
    assert [progress.next_setup() for _ in range(4)] == setups * 2
    progress.compared(setups[0], Counter({name: 1 for name in progress.setups[setups[0]].cells}))
    for _ in range(3):
        progress.planned(setups[1], 10)
    assert progress.next_setup() is None
    assert progress.setups[setups[0]].stopped_by == "cell goal"
    assert progress.setups[setups[1]].stopped_by == "game budget"


def test_which_cells_a_setup_can_reach_is_read_off_its_rules():
    def reachable(ruleset, players, variants=()):
        rules = CATALOG.compile(ruleset, list(variants), players, {})
        from heartspec.fuzz.setups import option_choices
        return set(cells.reachable_cells(rules, option_choices(SPEC, Setup(ruleset, players, tuple(variants)))))

    four = reachable("fi", 4)
    assert {cells.VOID_ONLY_POINTS, cells.FIRST_TRICK_HEARTS, cells.MOON, cells.TIE} <= four
    assert cells.KITTY not in four and cells.STOCK not in four
    assert cells.TIE not in reachable("fi", 4, ["partnership"])  # two teams level: left to chance
    three = reachable("fi", 3)  # seventeen cards: no hand holds only point cards
    assert cells.VOID_ONLY_POINTS not in three and cells.FIRST_TRICK_HEARTS not in three
    assert cells.KITTY in reachable("dk", 5)
    assert cells.STOCK in reachable("fi-classic", 2, ["two-player"])

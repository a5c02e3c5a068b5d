"""The recorded-run shortcut the mutant matrix rests on (heartspec.conformance.recorded_run): the reference's run is
recorded once, replayed against an engine, and only what differs runs through pytest.

tests/test_conformance_mutants.py holds the shortcut's reports to the committed matrix, which whole runs measured;
these tests check its parts: what the recording keeps, what the replay calls a difference, how the report is put
together.
"""

from __future__ import annotations

import json
import re
import shlex
import sys
from pathlib import Path

import pytest

from heartspec.conformance import recorded_run
from heartspec.conformance.recorded_run import Replay, replay, suite_report
from heartspec.conformance.schema_check import command_of
from heartspec.conformance.session import reference_engine_command
from suite_runs import recorded_reference_run

ROOT = Path(__file__).resolve().parents[1]
MUTANT = ROOT / "tests" / "mutants" / "mutant_engine.py"
REFERENCE = shlex.join(reference_engine_command())
# the steps that start an engine of their own or write to the session's engine past its requests
PAST_THE_SESSION = re.compile(r"a fresh engine is sent|are written to the engine at once")


def mutant(name: str) -> str:
    return shlex.join([sys.executable, str(MUTANT), name])


@pytest.fixture(scope="module")
def recorded(shared_results) -> dict:
    return recorded_reference_run(shared_results)


def scenarios_using_steps_past_the_session() -> set[str]:
    """Scenario ids, read from the feature files, of the scenarios with a step that speaks past the session."""
    found = set()
    for path in sorted((ROOT / "features").glob("*.feature")):
        tags: list[str] = []
        current = None
        for line in path.read_text(encoding="utf-8").splitlines():
            stripped = line.strip()
            if stripped.startswith("@"):
                tags += [tag.removeprefix("@id:") for tag in stripped.split() if tag.startswith("@id:")]
            elif stripped.startswith(("Scenario", "Scenario Outline")):
                current, tags = (tags[-1] if tags else None), []
            elif current and PAST_THE_SESSION.search(stripped):
                found.add(current)
    return found


def some_replayable(recorded: dict, count: int, has_play: bool | None = None) -> dict:
    """A recording of the run's first `count` replayable scenarios (with or without a play, if asked), and its hello."""
    chosen = {}
    for scenario_id, scenario in recorded["recording"]["scenarios"].items():
        plays = any(isinstance(line, str) and command_of(line) == "play" for line, _ in scenario["exchanges"])
        if scenario["replayable"] and has_play in (None, plays):
            chosen[scenario_id] = json.loads(json.dumps(scenario))  # a copy the test may alter
        if len(chosen) == count:
            return {"format": 1, "hello": recorded["recording"]["hello"], "scenarios": chosen}
    raise AssertionError("the run has too few replayable scenarios")


def test_the_recording_keeps_every_scenario_that_ran_with_its_lines_and_answers(recorded):
    scenarios = recorded["recording"]["scenarios"]
    assert sorted(scenarios) == sorted(row["id"] for row in recorded["report"]["scenarios"])
    first = next(iter(scenarios.values()))
    assert command_of(first["exchanges"][0][0]) == "hello"  # the session greets in the first scenario only
    assert recorded["recording"]["hello"] == first["exchanges"][0][1]
    assert sum(len(scenario["exchanges"]) for scenario in scenarios.values()) > 10_000
    hex_lines = [line for scenario in scenarios.values() for line, _ in scenario["exchanges"] if isinstance(line, dict)]
    assert hex_lines, "the run sends lines that are not UTF-8: kept as hex, so a replay sends the very bytes"


def test_a_scenario_that_speaks_past_the_session_is_not_replayable(recorded):
    unreplayable = {scenario_id.split("[")[0] for scenario_id, scenario in recorded["recording"]["scenarios"].items()
                    if not scenario["replayable"]}
    expected = scenarios_using_steps_past_the_session()
    assert expected, "no scenario uses a fresh engine or pipelined lines: the pattern above is stale"
    assert unreplayable == expected


def test_the_reference_replayed_against_itself_answers_every_line_alike(recorded):
    outcome = replay(REFERENCE, recorded["recording"])
    assert not outcome.hello_differs
    assert outcome.differing == []
    assert sorted(outcome.unreplayable) == sorted(sid for sid, scenario in recorded["recording"]["scenarios"].items()
                                                  if not scenario["replayable"])


def test_one_answer_that_differs_marks_its_scenario_and_no_other(recorded):
    recording = some_replayable(recorded, 3)
    altered_id = list(recording["scenarios"])[1]
    exchanges = recording["scenarios"][altered_id]["exchanges"]
    answer = json.loads(exchanges[-1][1])
    exchanges[-1][1] = json.dumps({**answer, "ok": not answer["ok"]})
    outcome = replay(REFERENCE, recording)
    assert not outcome.hello_differs
    assert outcome.differing == [altered_id]


def test_an_answer_spelled_otherwise_but_parsing_alike_is_no_difference(recorded):
    recording = some_replayable(recorded, 2)
    for scenario in recording["scenarios"].values():
        for exchange in scenario["exchanges"]:
            exchange[1] = json.dumps(dict(reversed(list(json.loads(exchange[1]).items()))), indent=1)
    assert replay(REFERENCE, recording).differing == []


def test_an_engine_that_crashes_fails_that_scenario_and_the_replay_goes_on_with_a_fresh_one(recorded):
    first, second = some_replayable(recorded, 2, has_play=True)["scenarios"].items()
    quiet = next(iter(some_replayable(recorded, 1, has_play=False)["scenarios"].items()))
    recording = {"format": 1, "hello": recorded["recording"]["hello"], "scenarios": dict([first, quiet, second])}
    outcome = replay(mutant("crash-on-play"), recording)  # it exits on every play it is sent
    assert not outcome.hello_differs
    assert outcome.differing == [first[0], second[0]]


def test_an_engine_that_greets_otherwise_gets_a_whole_run(recorded):
    """Its hello's claims decide what every scenario skips, so no row can be taken from the reference's run."""
    recording = some_replayable(recorded, 2)
    assert replay(mutant("diagnostic-fields"), recording).hello_differs
    assert replay("/nonexistent/engine", recording).hello_differs
    # where the hello is not to decide (timing engines that differ in their name), every scenario is replayed
    replayed = replay(mutant("diagnostic-fields"), recording, hello_decides=False)
    assert replayed.hello_differs and replayed.differing == list(recording["scenarios"])


def fake_report(outcomes: dict[str, str]) -> dict:
    rows = [{"id": sid, "area": "passing", "depends": [], "ruleset": "fi", "outcome": o} for sid, o in outcomes.items()]
    return {"counts": {}, "scenarios": rows}


def test_the_report_takes_what_ran_for_real_and_the_reference_rows_for_the_rest(monkeypatch):
    runs = []
    monkeypatch.setattr(recorded_run, "replay", lambda engine, recording: Replay(differing=["b"], unreplayable=["c"]))
    monkeypatch.setattr(recorded_run, "run_suite", lambda engine, ids=None: runs.append(ids) or
                        {"report": fake_report({"c": "passed", "b": "failed"})})
    recorded = {"recording": {}, "report": fake_report({"a": "passed", "b": "passed", "c": "passed"})}
    report = suite_report("engine", recorded)
    assert runs == [["c", "b"]]
    assert {row["id"]: row["outcome"] for row in report["scenarios"]} == {"a": "passed", "b": "failed", "c": "passed"}
    assert report["counts"] == {"fi": {"passed": 2, "failed": 1, "skipped": 0, "xfailed": 0}}


def test_a_different_hello_runs_the_whole_suite_and_nothing_is_taken_from_the_reference(monkeypatch):
    runs = []
    monkeypatch.setattr(recorded_run, "replay", lambda engine, recording: Replay(hello_differs=True))
    monkeypatch.setattr(recorded_run, "run_suite", lambda engine, ids=None: runs.append(ids) or
                        {"report": fake_report({"a": "skipped"})})
    report = suite_report("engine", {"recording": {}, "report": fake_report({"a": "passed"})})
    assert runs == [None] and report["scenarios"][0]["outcome"] == "skipped"


def test_a_scenario_the_real_run_left_out_is_an_error_not_the_reference_verdict(monkeypatch):
    monkeypatch.setattr(recorded_run, "replay", lambda engine, recording: Replay(differing=["a", "b"]))
    monkeypatch.setattr(recorded_run, "run_suite", lambda engine, ids=None: {"report": fake_report({"a": "failed"})})
    with pytest.raises(RuntimeError, match="left out 1 of the scenarios"):
        suite_report("engine", {"recording": {}, "report": fake_report({"a": "passed", "b": "passed"})})

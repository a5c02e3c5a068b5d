"""Shrinking: a planted difference comes back as the small move log we expect, and replay stops on it."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from heartspec.fuzz import FuzzOptions, run_fuzz
from heartspec.replay import replay_lines

ROOT = Path(__file__).resolve().parents[1]
PLANTED = f"{sys.executable} {ROOT / 'tests' / 'fuzz_engines' / 'planted.py'}"
TIMEOUT = 30.0  # generous: start-up on a busy machine is slow


def fuzz(engine: str, **options):
    defaults = {"games": 40, "seed": 3, "timeout": TIMEOUT, "stop_at_first": True}
    return run_fuzz(FuzzOptions(engine=engine, **{**defaults, **options}))


def requests_of(log: list[str]) -> list[dict | str]:
    out = []
    for line in log:
        if line.startswith("#"):
            continue
        try:
            value = json.loads(line)
        except ValueError:
            out.append(line)
            continue
        if not (isinstance(value, dict) and "ok" in value):
            out.append(value)
    return out


def test_a_planted_difference_shrinks_to_one_deal_and_the_disputed_query():
    report = fuzz(f"{PLANTED} legal-7d", rulesets=["fi"], players=[4])
    [group] = report.groups()
    assert group.signature[:2] == ("legal", "cards")
    smallest = group.smallest
    assert smallest.shrunk and smallest.deals == 1
    requests = requests_of(smallest.log)
    commands = [r["cmd"] for r in requests if isinstance(r, dict)]
    # a new game started at the deal, the deal, the moves that reach the position, and the one query in dispute
    assert commands[0] == "new_game" and commands[1] == "deal" and commands[-1] == "legal"
    assert commands.count("deal") == 1 and commands.count("legal") == 1
    assert set(commands[2:-1]) <= {"pass", "play"}
    assert "state" not in commands and all(isinstance(r, dict) for r in requests)  # no probes left
    assert smallest.mismatch.reference_value != smallest.mismatch.engine_value
    assert "7D" in smallest.mismatch.reference_value and "7D" not in smallest.mismatch.engine_value


def test_the_log_is_the_references_session_with_the_disputed_request_at_its_stop_line():
    report = fuzz(f"{PLANTED} legal-7d", rulesets=["fi"], players=[4])
    smallest = report.groups()[0].smallest
    assert replay_lines(smallest.log).ok  # the reference's own answers: it replays to the end
    assert json.loads(smallest.log[smallest.stop_line - 1])["cmd"] == "legal"
    reference_answer, engine_answer = smallest.log[smallest.stop_line:]
    assert "7D" in json.loads(reference_answer)["cards"]
    assert engine_answer.startswith("# the engine under test answered:") and "7D" not in engine_answer


def test_a_game_ending_difference_starts_at_the_deal_with_the_totals_that_reach_it():
    engine = f"{sys.executable} {ROOT / 'tests' / 'mutants' / 'mutant_engine.py'} game-end-off-by-one"
    report = fuzz(engine, rulesets=["fi"], players=[4], games=120, seed=1)
    [group] = report.groups()
    assert group.signature[2] == "game_end"
    smallest = group.smallest
    assert smallest.deals == 1
    new_game = requests_of(smallest.log)[0]
    totals = new_game["options"]["totals"]
    assert max(totals) >= 90  # started right below fi's target of 100, not played up to it

"""One fault, one area: each mutant engine fails scenarios of its own rule area and at most a stated few elsewhere.

The committed matrix (features/mutant_matrix.json, rendered into COVERAGE.md) is what was
measured; re-measuring runs the whole suite once per mutant. The freshness tests check that it
names the mutants and areas there are now; the heavy test below judges each mutant again by the
recorded-run shortcut (heartspec.conformance.recorded_run: the reference's run replayed against
the mutant, only the scenarios whose answers differ run through pytest), checks its own-area
property, and holds its failures to the committed ones, so the shortcut and the matrix vouch for
each other.
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import pytest

from heartspec.conformance.mutant_matrix import (declared_failures, declared_mutants, failures_by_area, feature_areas,
                                                 load, own_and_elsewhere)
from heartspec.conformance.recorded_run import run_suite
from suite_runs import whole_suite_against

ROOT = Path(__file__).resolve().parents[1]
MUTANT_SCRIPT = ROOT / "tests" / "mutants" / "mutant_engine.py"
MUTANTS = declared_mutants(MUTANT_SCRIPT)
MEASURE = "python -m heartspec.conformance.mutant_matrix tests/mutants/mutant_engine.py"


def rule_areas(areas) -> set[str]:
    """Areas about the guides' rules; protocol areas come and go with the protocol text."""
    return {area for area in areas if not area.startswith("protocol_")}


def test_the_committed_matrix_names_every_mutant_with_its_area_and_allowance():
    matrix = load()
    assert matrix is not None, f"features/mutant_matrix.json is missing: run `{MEASURE}`"
    committed = {name: (row["area"], row["elsewhere_allowed"], row.get("why", "")) for name, row in matrix["mutants"].items()}
    declared = {mutant.name: (mutant.area, mutant.elsewhere, mutant.why) for mutant in MUTANTS}
    assert committed == declared, f"features/mutant_matrix.json is stale: run `{MEASURE}`"


def test_the_committed_matrix_covers_the_rule_areas_there_are():
    matrix = load()
    assert rule_areas(matrix["areas"]) == rule_areas(feature_areas()), f"stale: run `{MEASURE}`"
    for mutant in MUTANTS:
        assert mutant.area in feature_areas(), f"{mutant.name} names an area with no feature file: {mutant.area}"


def test_the_committed_matrix_shows_each_mutant_caught_by_its_own_area_within_its_allowance():
    for name, row in load()["mutants"].items():
        own, elsewhere = own_and_elsewhere(row)
        assert own > 0, f"{name}: no scenario of {row['area']} failed"
        assert elsewhere <= row["elsewhere_allowed"], f"{name}: {elsewhere} failures outside {row['area']}"


def test_failures_are_counted_per_area_from_a_report():
    report = {"scenarios": [{"area": "passing", "outcome": "failed"}, {"area": "passing", "outcome": "passed"},
                            {"area": "scoring", "outcome": "failed"}, {"area": "passing", "outcome": "failed"}]}
    assert failures_by_area(report) == {"passing": 2, "scoring": 1}
    assert own_and_elsewhere({"area": "passing", "failures": {"passing": 2, "scoring": 1}}) == (2, 1)


def test_a_failure_that_declares_the_broken_area_is_not_counted_as_noise():
    report = {"scenarios": [{"area": "game_end_and_ties", "depends": ["shooting_the_moon"], "outcome": "failed"},
                            {"area": "game_end_and_ties", "depends": ["shooting_the_moon"], "outcome": "passed"},
                            {"area": "scoring", "depends": [], "outcome": "failed"},
                            {"area": "shooting_the_moon", "depends": [], "outcome": "failed"}]}
    declared = declared_failures(report, "shooting_the_moon")
    assert declared == 1
    row = {"area": "shooting_the_moon", "failures": failures_by_area(report), "declared": declared}
    assert own_and_elsewhere(row) == (1, 1)


@pytest.mark.heavy
@pytest.mark.parametrize("mutant", MUTANTS, ids=[mutant.name for mutant in MUTANTS])
def test_each_mutant_fails_its_own_area_and_at_most_its_allowance_elsewhere(mutant, shared_results):
    """The whole suite's verdicts against the mutant, by the recorded-run shortcut (the reference's run replayed,
    what differs run through pytest), held to the committed matrix, which whole runs measured: a shortcut that
    judged one scenario otherwise than a whole run fails here."""
    report = whole_suite_against(mutant.name, shared_results)
    failures = failures_by_area(report)
    assert failures == load()["mutants"][mutant.name]["failures"], (
        f"{mutant.name}: the failures by area are not the committed matrix's; if the suite changed, run `{MEASURE}`")
    own, elsewhere = own_and_elsewhere({"area": mutant.area, "failures": failures,
                                        "declared": declared_failures(report, mutant.area)})
    assert own > 0, f"{mutant.name} was not caught by {mutant.area}: {failures}"
    assert elsewhere <= mutant.elsewhere, (
        f"{mutant.name} fails {elsewhere} scenarios outside {mutant.area} that do not declare it "
        f"(allowed {mutant.elsewhere}): {failures}")


@pytest.mark.heavy
def test_an_engine_adding_fields_to_every_response_and_event_passes_the_whole_suite():
    """spec/protocol.md P-envelope-16: extra fields are allowed, so the diagnostic-fields mutant (a counter on every
    success response, a note on every event) fails nothing; before the clause the schemas refused ~770 scenarios."""
    report = run_suite(shlex.join([sys.executable, str(MUTANT_SCRIPT), "diagnostic-fields"]))["report"]
    outcomes = {row["outcome"] for row in report["scenarios"]}
    assert report["scenarios"] and outcomes <= {"passed", "skipped"}, failures_by_area(report)
    assert sum(row["outcome"] == "passed" for row in report["scenarios"]) > 900

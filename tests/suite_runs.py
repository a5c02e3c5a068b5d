"""Whole conformance runs that more than one test file reads, run once per test run (tests/conftest.py)."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

from heartspec.conformance.recorded_run import record, suite_report

MUTANT_SCRIPT = Path(__file__).resolve().parent / "mutants" / "mutant_engine.py"


def recorded_reference_run(shared_results) -> dict:
    """The whole suite against the reference with every scenario's lines and answers (recorded_run.record)."""
    return shared_results.get("recorded-reference-run", record)


def whole_suite_against(mutant_name: str, shared_results) -> dict:
    """The whole suite's report against one mutant of tests/mutants/mutant_engine.py, by the recorded-run shortcut
    (heartspec.conformance.recorded_run): the mutant matrix test and the mutant's catcher in
    tests/test_conformance_suite.py read the same report. The matrix test holds it to the committed matrix, which
    whole runs measured."""
    engine = shlex.join([sys.executable, str(MUTANT_SCRIPT), mutant_name])
    return shared_results.get(f"suite-against-{mutant_name}",
                              lambda: suite_report(engine, recorded_reference_run(shared_results)))

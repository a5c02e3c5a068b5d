"""Whole conformance runs that more than one test file reads, run once per test run (tests/conftest.py)."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

from heartspec.conformance.mutant_matrix import run_suite

MUTANT_SCRIPT = Path(__file__).resolve().parent / "mutants" / "mutant_engine.py"


def whole_suite_against(mutant_name: str, shared_results) -> dict:
    """The whole suite's report against one mutant of tests/mutants/mutant_engine.py: the mutant
    matrix test and the mutant's catcher in tests/test_conformance_suite.py read the same run."""
    engine = shlex.join([sys.executable, str(MUTANT_SCRIPT), mutant_name])
    return shared_results.get(f"suite-against-{mutant_name}", lambda: run_suite(engine))

"""The coverage matrix: the committed copy is fresh and no cell a guide states a rule for is empty."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from heartspec.conformance.coverage import EXPECTED, render_markdown, render_text, scan_features

ROOT = Path(__file__).resolve().parents[1]
COVERAGE_MD = ROOT / "features" / "COVERAGE.md"


def test_the_committed_matrix_is_up_to_date():
    assert COVERAGE_MD.read_text(encoding="utf-8") == render_markdown(scan_features()), (
        "features/COVERAGE.md is stale: run `heartspec coverage --format markdown > features/COVERAGE.md`")


def test_no_rule_a_guide_states_is_left_without_a_scenario():
    assert scan_features().missing() == []


def test_every_rule_area_has_its_own_feature_file():
    areas = {path.stem for path in (ROOT / "features").glob("*.feature")}
    assert areas == set(EXPECTED)


def test_an_empty_cell_is_reported_as_missing(tmp_path):
    (tmp_path / "scoring.feature").write_text(
        "Feature: x\n\n  @id:s-1 @ruleset:fi @players:4\n  Scenario: only fi\n    Given a step\n", encoding="utf-8")
    matrix = scan_features(tmp_path)
    assert ("scoring", "no", 4) in matrix.missing()
    assert "MISSING" in render_text(matrix)


def test_outline_rows_count_once_each_under_their_examples_tags(tmp_path):
    (tmp_path / "passing.feature").write_text(
        "Feature: x\n\n  @id:p-1\n  Scenario Outline: o\n    Given <a>\n\n"
        "    @ruleset:se @players:5\n    Examples: se\n      | a |\n      | 1 |\n      | 2 |\n\n"
        "    @ruleset:fi @players:4\n    Examples: fi\n      | a |\n      | 3 |\n", encoding="utf-8")
    matrix = scan_features(tmp_path)
    assert matrix.counts["passing"][("se", 5)] == 2 and matrix.counts["passing"][("fi", 4)] == 1
    assert matrix.total == 3


def test_the_check_option_fails_on_a_stale_copy(tmp_path):
    stale = tmp_path / "COVERAGE.md"
    stale.write_text("old\n")
    cli = [sys.executable, "-c", "from heartspec.cli import main; main()", "coverage", "--check"]
    assert subprocess.run([*cli, str(stale)], capture_output=True).returncode == 1
    assert subprocess.run([*cli, str(COVERAGE_MD)], capture_output=True).returncode == 0

"""A JavaScript engine of our own (tests/engines/js-fi4: fi at four players, written from spec/protocol.md and
`heartspec rules fi` alone) against the suite: the correct engine passes every scenario it claims, and each of
its planted bugs, one per rare cell the fuzzer knows (heartspec/cells.py), fails scenarios that reach that cell.
An engine breaking one rule in a rare cell, claiming one set-up, gets a compat row unlike the correct engine's.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from heartspec.cells import (HEARTS_BROKEN_ON_FIRST_TRICK, HEARTS_ONLY_LEAD, LAST_DEAL, MOON_SHOT,
                             ONLY_POINTS_ON_FIRST_TRICK, TARGET_REACHED, TIE_FOR_THE_WIN, applicable_cells)
from heartspec.cli import main
from heartspec.compat.engines import chosen_engines
from heartspec.compat.run import RunSettings, run_all
from heartspec.conformance.cell_coverage import load
from heartspec.conformance.layout import shipped_catalog

ROOT = Path(__file__).resolve().parents[1]
ENGINE = ROOT / "tests" / "engines" / "js-fi4" / "engine.js"
NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed")

# each planted bug (engine.js --bug NAME) and the rare cell it breaks
BUG_CELLS = {
    "only-points": ONLY_POINTS_ON_FIRST_TRICK,
    "first-trick-heart": HEARTS_BROKEN_ON_FIRST_TRICK,
    "hearts-lead": HEARTS_ONLY_LEAD,
    "moon": MOON_SHOT,
    "target": TARGET_REACHED,
    "tie": TIE_FOR_THE_WIN,
    "last-deal": LAST_DEAL,  # reached where a table agrees a number of deals (fi's max_deals option)
}
FI4 = "ruleset:fi and players:4"
# bugs that show where the rules do not enter the cell: a game ended at exactly 100, which fi plays on from
TRIGGERED_OUTSIDE_THE_CELL = {"target"}


def engine_command(bug: str | None = None) -> str:
    return f"{NODE} {ENGINE}" + (f" --bug {bug}" if bug else "")


def conform(tmp_path: Path, bug: str | None = None, *extra: str) -> dict:
    report = tmp_path / f"conform-{bug or 'correct'}.json"
    done = subprocess.run([sys.executable, "-m", "heartspec", "conform", "--engine", engine_command(bug),
                           "--report-json", str(report), *extra], capture_output=True, text=True, timeout=900, check=False)
    assert report.exists(), done.stderr[-2000:]
    return json.loads(report.read_text(encoding="utf-8"))


def failed_ids(report: dict) -> set[str]:
    return {row["id"] for row in report["scenarios"] if row["outcome"] == "failed"}


def test_every_rare_cell_of_fi_at_four_players_has_a_planted_bug():
    cells = set(applicable_cells(shipped_catalog().compile("fi", [], 4, {}))) | {LAST_DEAL}
    assert cells == set(BUG_CELLS.values())


@pytest.mark.heavy
def test_the_correct_engine_passes_every_scenario_it_claims(tmp_path):
    report = conform(tmp_path)
    outcomes = [row["outcome"] for row in report["scenarios"]]
    assert failed_ids(report) == set()
    assert outcomes.count("passed") > 250  # fi at four players, and the protocol scenarios run there


@pytest.mark.heavy
@pytest.mark.parametrize("bug", sorted(BUG_CELLS))
def test_each_planted_bug_fails_scenarios_that_reach_its_cell(tmp_path, bug):
    failed = failed_ids(conform(tmp_path, bug, "--tags", FI4))
    assert failed, f"the suite lets the {bug} bug through"
    reaching = set(load()["setups"]["fi 4p"].get(BUG_CELLS[bug], []))
    if reaching and bug not in TRIGGERED_OUTSIDE_THE_CELL:  # a cell the plain rules have: some scenario that reaches it is among the failures
        assert failed & reaching, f"{bug}: failed {sorted(failed)}, none of the scenarios reaching the cell"


@pytest.mark.heavy
def test_a_bug_in_one_rare_cell_gives_a_compat_row_unlike_the_correct_engine_s(tmp_path):
    engines = chosen_engines([f"js={engine_command()}", f"js-bug={engine_command('first-trick-heart')}"])
    settings = RunSettings(games_per_setup=2, conform_filters=["--tags", FI4])
    run_all(engines, tmp_path, settings, lambda line: None)
    result = CliRunner().invoke(main, ["compat", "--from", str(tmp_path)])
    assert result.exit_code == 0, result.output
    rows = {row["label"]: row for row in json.loads((tmp_path / "compat.json").read_text(encoding="utf-8"))["engines"]}
    correct, buggy = rows["js"], rows["js-bug"]
    assert correct["claims"] == buggy["claims"] == {"rulesets": ["fi"], "variants": [], "players": {"fi": [4]}}
    assert correct["totals"]["failed"] == 0
    assert buggy["totals"]["failed"] > 0 and buggy["counts"] != correct["counts"]
    assert any(failure["id"].startswith("first-trick-010") for failure in buggy["failures"])

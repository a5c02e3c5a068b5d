"""compat's fuzz pass is the cell budget: a one-set-up engine with a rule bug in a rare cell gets another row."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from click.testing import CliRunner

from heartspec.cli import main
from heartspec.compat.engines import chosen_engines
from heartspec.compat.run import RunSettings, run_all
from heartspec.fuzz.budget import DEFAULT_CELL_GOAL

ROOT = Path(__file__).resolve().parents[1]
PLANTED = f"{sys.executable} {ROOT / 'tests' / 'fuzz_engines' / 'planted.py'}"


def test_a_one_setup_engine_breaking_a_rare_cell_gets_a_row_that_differs(tmp_path):
    engines = chosen_engines([f"fixed={PLANTED} fi-4p-only",
                              f"planted={PLANTED} fi-4p-only forced-heart-keeps-hearts-unbroken"])
    settings = RunSettings(conform_filters=["--id", "hearts-001"])
    run_all(engines, tmp_path, settings, lambda line: None)
    run = json.loads((tmp_path / "reports" / "run.json").read_text(encoding="utf-8"))
    assert run["fuzz_budget"]["mode"] == "cells" and run["fuzz_budget"]["cell_goal"] == DEFAULT_CELL_GOAL
    fuzz = {label: json.loads((tmp_path / "reports" / label / "fuzz.json").read_text(encoding="utf-8"))
            for label in ("fixed", "planted")}
    for report in fuzz.values():  # each states its budget and the cells its one set-up reached
        [entry] = report["per_setup"]
        assert report["budget"]["mode"] == "cells" and entry["setup"]["ruleset"] == "fi" and entry["cells"]
    assert fuzz["fixed"]["differences"] == [] and fuzz["fixed"]["per_setup"][0]["goal_met"]
    assert [d["signature"]["field"] for d in fuzz["planted"]["differences"]] == ["events.hearts_broken"]
    result = CliRunner().invoke(main, ["compat", "--from", str(tmp_path)])
    assert result.exit_code == 0, result.output
    summary = json.loads((tmp_path / "compat.json").read_text(encoding="utf-8"))
    rows = {engine["label"]: engine["fuzz"]["differences"] for engine in summary["engines"]}
    assert rows["fixed"] == [] and len(rows["planted"]) == 1

"""A fuzz pass after the scenarios: `heartspec conform --fuzz SECONDS` and the plugin's `--heartspec-fuzz SECONDS`."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MUTANT = f"{sys.executable} {ROOT / 'tests' / 'mutants' / 'mutant_engine.py'}"


def run(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(list(args), capture_output=True, text=True, timeout=600, cwd=cwd)


def test_conform_runs_a_fuzz_pass_after_the_scenarios():
    result = run("heartspec", "conform", "--ruleset", "fi", "-k", "first-trick-001", "--fuzz", "2")
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr
    summary, fuzz_pass = result.stdout.index("heartspec conformance summary"), result.stdout.index("heartspec fuzz pass")
    assert summary < fuzz_pass  # the fuzz report comes after the scenarios' summary
    assert "0 difference(s)" in result.stdout


@pytest.mark.heavy
def test_conform_fails_when_the_fuzz_pass_finds_a_difference_the_scenarios_missed():
    # the chosen scenario passes on this mutant; only the fuzz pass sees the kitty left on the table
    result = run("heartspec", "conform", "--engine", f"{MUTANT} kitty-ignored", "--ruleset", "dk",
                 "-k", "first-trick-001", "--fuzz", "4")
    assert result.returncode == 1, result.stdout[-3000:]
    assert re.search(r"^\s*dk\s+1\s+0\s", result.stdout, re.MULTILINE), result.stdout[-3000:]  # the scenario passed
    assert "play events.kitty_taken deck [new]" in result.stdout


def test_the_pytest_plugin_runs_the_fuzz_pass_too(tmp_path):
    (tmp_path / "test_own.py").write_text("def test_own():\n    assert True\n")
    result = run(sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "--heartspec-engine", "heartspec engine",
                 "--heartspec-ruleset", "fi", "-m", "id:first-trick-001", "--heartspec-fuzz", "2", "-q", cwd=tmp_path)
    assert result.returncode == 0, result.stdout[-3000:]
    assert "heartspec fuzz pass" in result.stdout and "0 difference(s)" in result.stdout

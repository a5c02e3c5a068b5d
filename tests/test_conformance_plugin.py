"""The pytest plugin: inert without --heartspec-engine, the whole suite with it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run_pytest(project: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *args],
                          cwd=project, capture_output=True, text=True, timeout=240)


def a_project(tmp_path: Path) -> Path:
    (tmp_path / "test_own.py").write_text("def test_own():\n    assert True\n")
    return tmp_path


def test_without_an_engine_the_plugin_collects_nothing(tmp_path):
    result = run_pytest(a_project(tmp_path), "--collect-only", "-q")
    assert "test_own.py::test_own" in result.stdout
    assert "1 test collected" in result.stdout
    assert "heartspec" not in result.stdout


def test_the_plugin_adds_its_options_to_every_run(tmp_path):
    result = run_pytest(a_project(tmp_path), "--help")
    assert "--heartspec-engine" in result.stdout and "--heartspec-timeout" in result.stdout


def test_another_project_runs_the_suite_inside_its_own_pytest_run(tmp_path):
    engine = f"{sys.executable} -c 'from heartspec.cli import main; main()' engine"
    result = run_pytest(a_project(tmp_path), "--heartspec-engine", engine, "--heartspec-ruleset", "fi",
                        "-m", "id:first-trick-001 or id:hearts-003", "-q")
    assert result.returncode == 0, result.stdout[-3000:]
    assert "2 passed" in result.stdout  # the fi rows of both scenarios; the project's own test is deselected by -m
    assert "heartspec conformance summary" in result.stdout


def test_the_project_own_tests_still_run_beside_the_suite(tmp_path):
    engine = f"{sys.executable} -c 'from heartspec.cli import main; main()' engine"
    result = run_pytest(a_project(tmp_path), "--heartspec-engine", engine, "-k", "own or throw_the_queen", "-v")
    assert result.returncode == 0, result.stdout[-3000:]
    assert "test_own.py::test_own PASSED" in result.stdout
    assert "first_trick::first-trick-001[fi-4p] PASSED" in result.stdout  # -v names a scenario by its stable id

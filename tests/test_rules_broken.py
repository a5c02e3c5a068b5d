"""Every broken fixture fails `heartspec validate` with exactly its promised problem, and no traceback."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from heartspec.cli import main

FIXTURES = Path(__file__).parent / "fixtures"
BROKEN = FIXTURES / "broken"
HOUSE_SPEC = FIXTURES / "house_spec"
EXPECTED = yaml.safe_load((BROKEN / "expected.yaml").read_text(encoding="utf-8"))
PROBLEM_LINE = re.compile(r"^(?P<file>.+?):(?P<line>\d+): (?P<path>/\S*): (?P<message>.+)$")


def run_validate(*args: str):
    return CliRunner().invoke(main, ["validate", *args], catch_exceptions=False)


def problems_in(stderr: str) -> list[dict]:
    return [m.groupdict() for line in stderr.splitlines() if (m := PROBLEM_LINE.match(line))]


def test_every_broken_fixture_has_an_expectation():
    fixtures = {p.name for p in BROKEN.glob("*.yaml")} - {"expected.yaml"}
    assert fixtures == set(EXPECTED)
    assert len(fixtures) >= 15


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_broken_fixture_reports_its_problem(name):
    expected = EXPECTED[name]
    result = run_validate(str(BROKEN / name), "--spec", str(HOUSE_SPEC))

    assert result.exit_code == 1
    assert "Traceback" not in result.output
    problems = problems_in(result.stderr)
    assert len(problems) == 1, result.stderr  # one defect per fixture, reported once
    problem = problems[0]
    assert problem["file"].endswith(f"broken/{name}")
    assert int(problem["line"]) == expected["line"]
    assert problem["path"] == expected["path"]
    assert expected["message"] in problem["message"]


def test_several_files_in_one_run_each_report_their_problem():
    names = sorted(n for n in EXPECTED if n.startswith("variant_"))
    result = run_validate(*(str(BROKEN / n) for n in names), "--spec", str(HOUSE_SPEC))
    assert result.exit_code == 1
    reported = {(Path(p["file"]).name, int(p["line"]), p["path"]) for p in problems_in(result.stderr)}
    assert reported == {(n, EXPECTED[n]["line"], EXPECTED[n]["path"]) for n in names}


def test_a_file_with_several_defects_reports_them_all(tmp_path):
    house = (HOUSE_SPEC / "rulesets" / "house.yaml").read_text(encoding="utf-8")
    broken = (
        house.replace("broken_by: heart_discarded", "broken_by: heart_broken")
        .replace("status: interpretation", "status: guessed")
        .replace("value: {copies: 1, hand_size: 13}", "value: {copies: 1, hand_size: 12, colour: red}")
    )
    target = tmp_path / "house.yaml"
    target.write_text(broken, encoding="utf-8")
    result = run_validate(str(target), "--spec", str(HOUSE_SPEC))
    assert result.exit_code == 1
    paths = {p["path"] for p in problems_in(result.stderr)}
    assert paths == {
        "/rules/hearts_break/value/broken_by",
        "/rules/first_trick.when_only_points/source/status",
        "/rules/deck/by_players/4/value/colour",
    }


def test_a_missing_path_is_an_error_not_a_traceback(tmp_path):
    result = run_validate(str(tmp_path / "nowhere.yaml"))
    assert result.exit_code == 2  # nothing to check: the command could not do its job
    assert "no such file or folder" in result.stderr

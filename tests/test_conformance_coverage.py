"""The coverage matrix: the committed copy is fresh and no cell a guide states a rule for is empty."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from heartspec.conformance.coverage import expected_cells, render_markdown, render_text, scan_features

ROOT = Path(__file__).resolve().parents[1]
COVERAGE_MD = ROOT / "features" / "COVERAGE.md"


def test_the_committed_matrix_is_up_to_date():
    assert COVERAGE_MD.read_text(encoding="utf-8") == render_markdown(scan_features()), (
        "features/COVERAGE.md is stale: run `heartspec coverage --format markdown > features/COVERAGE.md`")


def test_no_rule_a_guide_states_is_left_without_a_scenario():
    assert scan_features().missing() == []


def test_every_rule_area_has_its_own_feature_file():
    areas = {path.stem for path in (ROOT / "features").glob("*.feature")}
    assert areas == set(expected_cells())


def test_the_expected_cells_follow_the_spec_not_a_list_in_code():
    expected = expected_cells()
    assert expected["passing"]["se"] == (3, 4, 5, 6)
    assert expected["passing"]["fi-classic"] == (4,)
    assert expected["cancellation"] == {"dk": (6, 10), "se": (6, 11)}
    assert expected["two_player"] == {"fi-classic": (2, 2)}
    assert expected["variants"]["dk"] == (3, 4)  # black-maria is a three-player game
    assert expected["settlement"] == {"fi-classic": (4,)}


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


def parsed_scenarios():
    from gherkin.parser import Parser

    for path in sorted((ROOT / "features").glob("*.feature")):
        document = Parser().parse(path.read_text(encoding="utf-8"))
        for child in document["feature"]["children"]:
            if "scenario" in child:
                yield path.stem, child["scenario"]


CITATION = re.compile(r'\b(fi|no|dk|se|fi-classic) "[^"]+"|spec/protocol\.md')  # a guide id and a quoted heading


def test_every_scenario_has_one_stable_id_its_area_and_a_citation():
    ids = []
    for area, scenario in parsed_scenarios():
        tags = [tag["name"] for tag in scenario["tags"]]
        scenario_ids = [tag for tag in tags if tag.startswith("@id:")]
        assert len(scenario_ids) == 1, f"{scenario['name']}: exactly one @id tag"
        ids.append(scenario_ids[0])
        assert f"@area:{area}" in tags, f"{scenario['name']}: @area:{area}"
        description = scenario.get("description", "").strip()
        assert description.startswith("Source:"), f"{scenario['name']}: the description cites its source"
        assert CITATION.search(description), f"{scenario['name']}: cites a guide id and section heading"
    assert len(ids) == len(set(ids)), "scenario ids are unique"


def test_a_declared_dependency_names_another_rule_area():
    areas = {path.stem for path in (ROOT / "features").glob("*.feature")}
    for area, scenario in parsed_scenarios():
        block_tags = [tag for block in scenario.get("examples") or [] for tag in block["tags"]]
        for tag in (tag["name"] for tag in scenario["tags"] + block_tags):
            if tag.startswith("@depends:"):
                named = tag.removeprefix("@depends:")
                assert named in areas and named != area, f"{scenario['name']}: {tag} names no other area"


def test_every_example_row_knows_its_ruleset_and_table_size():
    for area, scenario in parsed_scenarios():
        if area.startswith("protocol_"):
            continue
        for block in scenario.get("examples") or [None]:
            tags = [tag["name"] for tag in scenario["tags"] + (block["tags"] if block else [])]
            assert any(tag.startswith("@ruleset:") for tag in tags), f"{scenario['name']}: @ruleset"
            assert any(tag.startswith("@players:") for tag in tags), f"{scenario['name']}: @players"


def rendered_rows(scenario):
    """Each Examples row's step text with its values filled in, with the tags that apply to it."""
    steps = " ".join(step["text"] for step in scenario["steps"])
    for block in scenario.get("examples") or [None]:
        tags = {tag["name"] for tag in scenario["tags"] + (block["tags"] if block else [])}
        if not block:
            yield steps, tags
            continue
        header = [cell["value"] for cell in block["tableHeader"]["cells"]]
        for row in block.get("tableBody") or []:
            text = steps
            for name, cell in zip(header, row["cells"]):
                text = text.replace(f"<{name}>", cell["value"])
            yield text, tags


def test_every_variant_a_scenario_plays_is_tagged():
    for _, scenario in parsed_scenarios():
        for text, tags in rendered_rows(scenario):
            for names in re.findall(r'with variants? "([^"]*)"', text):
                missing = {f"@variant:{name}" for name in names.split()} - tags
                assert not missing, f"{scenario['name']}: add {sorted(missing)}"


def test_every_protocol_clause_is_cited_by_a_scenario():
    matrix = scan_features()
    assert len(matrix.clauses) > 50, "spec/protocol.md lost its clause ids"
    assert matrix.uncited() == [], f"clauses of spec/protocol.md no scenario cites: {matrix.uncited()}"
    assert matrix.unknown_citations() == [], f"scenarios cite clauses spec/protocol.md does not define: {matrix.unknown_citations()}"


def test_an_uncited_clause_is_reported(tmp_path):
    from heartspec.conformance.coverage import protocol_clauses

    (tmp_path / "protocol_errors.feature").write_text(
        "Feature: x\n\n  @id:proto-900 @area:protocol_errors @clause:P-framing-1\n  Scenario: one\n"
        "    When the engine is sent '{}'\n", encoding="utf-8")
    matrix = scan_features(tmp_path)
    matrix.clauses = protocol_clauses("a [P-framing-1] b [P-framing-2] c")
    assert matrix.citations == {"P-framing-1": ["proto-900"]}
    assert matrix.uncited() == ["P-framing-2"]
    assert "uncited clause: P-framing-2" in render_text(matrix)
    assert "| P-framing-2 | MISSING |" in render_markdown(matrix)


def test_the_default_text_fits_a_100_column_terminal():
    text = render_text(scan_features())
    too_wide = [line for line in text.splitlines() if len(line) > 100]
    assert not too_wide, f"{len(too_wide)} line(s) wider than 100 columns, e.g. {too_wide[0]!r}"


def test_the_default_text_has_a_table_per_ruleset_that_adds_up():
    matrix = scan_features()
    text = render_text(matrix)
    header = next(line for line in text.splitlines() if line.startswith("dk "))
    assert header.split()[1:] == ["2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p", "10p", "11p", "all"]
    row = next(line for line in text.splitlines()[text.splitlines().index(header):] if "cancellation" in line)
    assert int(row.split()[-1]) == sum(n for (r, _), n in matrix.counts["cancellation"].items() if r == "dk")


def test_wide_prints_one_column_per_ruleset_and_table_size():
    matrix = scan_features()
    header = render_text(matrix, wide=True).splitlines()[0]
    assert "fi/4" in header and "dk/11" in header and header.split()[-1] == "all"
    assert len(header) > 100


def test_clauses_lists_every_clause_with_its_scenarios():
    matrix = scan_features()
    text = render_text(matrix, clauses=True)
    assert "P-framing-3" not in render_text(matrix)
    for clause in matrix.clauses:
        line = next(line for line in text.splitlines() if line.startswith(clause + " "))
        assert matrix.citations[clause][0] in line
    assert all(len(line) <= 100 for line in text.splitlines())

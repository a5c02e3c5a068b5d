"""The suite's three tiers (rules, protocol, hardening): every scenario has exactly one, read from its tags, and
`conform` reports them apart, picks them with --tier, and writes them into its JSON and JUnit reports."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from xml.etree import ElementTree

import pytest
from gherkin.parser import Parser

from heartspec.compat.catalog import scenario_catalog
from heartspec.conformance.coverage import tag_values
from heartspec.conformance.tiers import TIERS, TierError, tier_of, tier_of_scenario_id, tier_words
from heartspec.paths import data_dir

MUTANT = Path(__file__).parent / "mutants" / "mutant_engine.py"


def shipped_scenarios():
    for path in sorted(data_dir("features").glob("*.feature")):
        document = Parser().parse(path.read_text(encoding="utf-8"))
        for child in document["feature"]["children"]:
            if "scenario" in child:
                yield path, child["scenario"]


def test_every_scenario_has_exactly_one_tier():
    seen = {tier: 0 for tier in TIERS}
    for path, scenario in shipped_scenarios():
        block_tags = [tag for block in scenario.get("examples") or [] for tag in block["tags"]]
        assert not tag_values(block_tags, "tier"), f"{path.name}: a tier belongs to the scenario, not an Examples block"
        named = tag_values(scenario["tags"], "tier")
        assert len(named) <= 1, f"{path.name}: {scenario['name']} names {len(named)} tiers"
        areas = tag_values(scenario["tags"], "area")
        assert len(areas) == 1, f"{path.name}: {scenario['name']} names {len(areas)} areas"
        seen[tier_of(areas[0], named)] += 1
    assert all(seen.values()), seen  # every tier has scenarios


def test_the_hardening_tier_is_the_strict_json_and_framing_edge_cases():
    catalog = scenario_catalog()
    hardening = sorted(sid for sid, info in catalog.items() if info["tier"] == "hardening")
    assert hardening == ["proto-frame-001", "proto-frame-002", "proto-frame-003", "proto-frame-008",
                         "proto-frame-010", "proto-frame-011", "proto-frame-013", "proto-frame-014", "proto-order-013"]
    assert {info["tier"] for info in catalog.values() if not info["area"].startswith("protocol_")} == {"rules"}
    assert catalog["proto-order-001"]["tier"] == "protocol" and catalog["hearts-001"]["tier"] == "rules"


def test_a_tier_tag_is_checked():
    assert tier_of("first_trick") == "rules" and tier_of("protocol_state") == "protocol"
    assert tier_of("protocol_framing", ["hardening"]) == "hardening"
    with pytest.raises(TierError, match="more than one"):
        tier_of("protocol_framing", ["hardening", "rules"])
    with pytest.raises(TierError, match="unknown tier 'strict'"):
        tier_of("protocol_framing", ["strict"])


def test_a_row_id_finds_its_tier_through_the_catalog():
    catalog = scenario_catalog()
    assert tier_of_scenario_id("proto-frame-013[ff]", catalog) == "hardening"
    assert tier_of_scenario_id("end-006[fi-4p-2]", catalog) == "rules"
    assert tier_of_scenario_id("gone-001", {}) == "rules"
    assert tier_words({"rules": {"passed": 94, "ran": 99}, "protocol": {"passed": 0, "ran": 0},
                       "hardening": {"passed": 10, "ran": 23}}, "fi") == "fi 94/99 · hardening 10/23"


def test_conform_reports_each_tier_apart_and_picks_with_tier(tmp_path):
    report, junit = tmp_path / "report.json", tmp_path / "junit.xml"
    done = subprocess.run([sys.executable, "-m", "heartspec", "conform", "--engine",
                           f"{sys.executable} {MUTANT} break-rule",
                           "--id", "hearts-001", "--id", "proto-frame-010", "--id", "proto-001",
                           "--tier", "rules", "--tier", "hardening", "--report-json", str(report),
                           "--junitxml", str(junit)],
                          capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 1, done.stderr
    lines = done.stdout.splitlines()
    assert lines[-1].startswith("by tier, passed of run: rules ") and "· hardening 8/8" in lines[-1]
    assert "protocol" not in lines[-1]  # proto-001 is of the protocol tier, which was not picked
    summary = lines[lines.index("heartspec conformance summary"):]
    assert any(line.startswith("rules ") for line in summary) and any(line.startswith("hardening ") for line in summary)
    assert "protocol clauses:" not in done.stdout  # hearts-001 cites no clause of the protocol
    data = json.loads(report.read_text(encoding="utf-8"))
    assert {row["tier"] for row in data["scenarios"]} == {"rules", "hardening"}
    assert data["tiers"]["hardening"] == {"passed": 8, "failed": 0, "skipped": 0, "xfailed": 0, "ran": 8}
    assert data["tiers"]["rules"]["failed"] > 0
    properties = {p.get("value") for p in ElementTree.parse(junit).iter("property") if p.get("name") == "heartspec_tier"}
    assert properties == {"rules", "hardening"}


def test_failure_output_names_the_scenarios_protocol_clauses():
    done = subprocess.run([sys.executable, "-m", "heartspec", "conform", "--engine",
                           f"{sys.executable} {MUTANT} wrong-error-code",
                           "--id", "proto-order-002"],
                          capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 1, done.stderr
    assert "scenario proto-order-002: must_follow_suit comes before points_on_first_trick [protocol tier]" in done.stdout
    assert "protocol clauses: P-errors-1 P-play-3 (spec/protocol.md)" in done.stdout


def test_an_unknown_tier_is_a_usage_error():
    done = subprocess.run([sys.executable, "-m", "heartspec", "conform", "--tier", "strict"],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 2 and "'strict' is not one of" in done.stderr

"""compat.json from saved reports: counts, errored apart from failed, ordering, closeness, flags, classification.

The reports in tests/fixtures/compat/reports/ come from a real compat run (make_reports.py there):
the reference, OpenSpiel, and mutants that break a rule, crash on every play, or never start.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import jsonschema
import pytest

from heartspec.compat.run import CompatError
from heartspec.compat.summary import build_summary, classification, load_reports, outcome_of

FIXTURE = Path(__file__).parent / "fixtures" / "compat"
SCHEMA = json.loads((Path(__file__).parents[1] / "schemas" / "compat.schema.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def loaded():
    return load_reports(FIXTURE)


@pytest.fixture(scope="module")
def summary(loaded):
    return build_summary(loaded)


def engine(summary, label):
    return next(e for e in summary["engines"] if e["label"] == label)


def test_the_summary_validates_against_its_schema(summary):
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    jsonschema.validate(summary, SCHEMA)


def test_every_count_is_the_conform_reports_own(loaded, summary):
    for entry in loaded["engines"]:
        rows = (entry["conform"] or {}).get("scenarios", [])
        totals = engine(summary, entry["manifest"]["label"])["totals"]
        assert totals["total"] == len(rows)
        assert totals["passed"] == sum(1 for r in rows if r["outcome"] == "passed")
        assert totals["skipped"] == sum(1 for r in rows if r["outcome"] == "skipped")
        assert totals["failed"] + totals["errored"] == sum(1 for r in rows if r["outcome"] == "failed")


def test_a_crashing_engine_counts_as_errored_not_failed(summary):
    crash = engine(summary, "mutant-crash")
    assert crash["totals"]["errored"] >= 30 and crash["totals"]["failed"] == 0
    assert {f["fault"] for f in crash["failures"]} == {"crash"}
    assert engine(summary, "mutant-break")["totals"]["errored"] == 0


def test_rows_are_sorted_closest_to_the_rules_first_and_a_silent_engine_last(summary):
    labels = [e["label"] for e in summary["engines"]]
    assert labels[0] == "reference" and labels[-1] == "no-start"
    passed = [e["totals"]["passed"] for e in summary["engines"][:-1]]
    assert passed == sorted(passed, reverse=True)


def test_an_engine_that_ran_nothing_is_flagged_not_green(summary):
    silent = engine(summary, "no-start")
    assert silent["flags"] == ["no_scenario_ran"]
    assert "did not answer hello" in silent["problem"]
    assert silent["closest"] is None and not silent["fuzz"]["ran"]


def test_an_engine_failing_nearly_everything_is_flagged_as_a_possible_broken_adapter(summary):
    assert "possible_broken_adapter" in engine(summary, "mutant-crash")["flags"]
    assert engine(summary, "mutant-break")["flags"] == []
    assert engine(summary, "reference")["flags"] == []


def test_the_closest_ruleset_is_the_one_with_the_largest_share_passed(summary):
    for e in summary["engines"]:
        if e["closest"] is None:
            continue
        shares = {r: c["passed"] / (c["total"] - c["skipped"]) for r, c in e["rules_counts"].items()
                  if c["total"] > c["skipped"]}
        assert e["closest"]["passed"] / e["closest"]["ran"] == max(shares.values())


def test_openspiel_failures_carry_the_adapters_classification_and_reason(summary):
    openspiel = engine(summary, "openspiel")
    assert openspiel["failures"] and openspiel["unclassified"] == 0
    assert {f["classification"] for f in openspiel["failures"]} == {"rule difference"}
    hearts = next(d for d in openspiel["departures"] if d["ruleset"] == "fi" and d["area"] == "hearts_broken_and_leads")
    assert "breaks hearts with any heart played" in hearts["sentence"]
    assert hearts["sentence"].startswith(f"fi, hearts broken and leads: {hearts['failed']} of {hearts['ran']} scenarios fail")


def test_an_engine_without_classification_files_has_every_failure_unclassified(summary):
    mutant = engine(summary, "mutant-break")
    assert mutant["unclassified"] == len(mutant["failures"]) > 0
    assert all(d["sentence"].endswith("not classified.") for d in mutant["departures"])
    assert not mutant["adapter"]
    for cause in mutant["causes"]:  # a user's engine has no adapter: nothing it is told speaks of one
        assert "adapter" not in cause["sentence"] and cause["sentence"].startswith("Not classified: ")
        assert "expected-failures file" in cause["sentence"]


def test_failures_are_grouped_by_cause_each_sentence_said_once(summary):
    openspiel = engine(summary, "openspiel")
    sentences = [cause["sentence"] for cause in openspiel["causes"]]
    assert len(sentences) == len(set(sentences))
    explained = sorted(sid for cause in openspiel["causes"] for sid in cause["scenarios"])
    assert explained == sorted(f["id"] for f in openspiel["failures"])  # every failure under exactly one cause
    hearts = next(c for c in openspiel["causes"] if "breaks hearts with any heart played" in c["sentence"])
    assert hearts["sentence"].startswith("Rule difference: ") and hearts["classification"] == "rule difference"
    assert len(hearts["rulesets"]) > 1 and "hearts_broken_and_leads" in hearts["areas"]
    repeated = [d for d in openspiel["departures"] if "breaks hearts with any heart played" in d["sentence"]]
    assert len(repeated) > 1  # what the per-area departures say again and again, the causes say once


def test_each_engine_is_counted_in_tiers_and_the_closest_ruleset_by_its_rules_alone(loaded, summary):
    for e in summary["engines"]:
        assert sum(e["tiers"][t]["total"] for t in summary["tiers"]) == e["totals"]["total"]
        assert sum(c["total"] for c in e["rules_counts"].values()) == e["tiers"]["rules"]["total"]
    reference = engine(summary, "reference")  # the fixture runs rules scenarios and proto-frame-001 (hardening)
    assert reference["tiers"]["hardening"]["ran"] == 1 and reference["tiers"]["protocol"]["ran"] == 0
    closest = reference["closest"]
    assert reference["tier_summary"] == f"{closest['ruleset']} {closest['ran']}/{closest['ran']} · hardening 1/1"
    tiers = {row["id"]: row["tier"] for row in summary["rows"]}
    assert tiers["proto-frame-001"] == "hardening" and tiers["hearts-001[fi-4p]"] == "rules"
    assert all("tier" not in row for entry in load_reports(FIXTURE)["engines"] if entry["conform"]
               for row in json.loads((FIXTURE / "reports" / entry["manifest"]["label"] / "conform.json").read_text(
                   encoding="utf-8"))["scenarios"][:1])  # the fixture's reports predate tiers: read through the catalog


def test_fuzz_differences_are_summarised_by_signature_with_their_classification(summary):
    assert engine(summary, "reference")["fuzz"]["differences"] == []
    differences = engine(summary, "openspiel")["fuzz"]["differences"]
    assert differences and all(d["classification"] == "rule difference" for d in differences)
    assert engine(summary, "mutant-break")["fuzz"]["differences"][0]["classification"] is None


def test_a_failure_every_engine_shares_is_flagged_as_a_possible_suite_fault(loaded):
    changed = copy.deepcopy(loaded)
    target = "first-trick-001[fi-4p]"
    for entry in changed["engines"]:
        for row in (entry["conform"] or {}).get("scenarios", []):
            if row["id"] == target:
                row["outcome"], row["details"] = "failed", {"what": "wrong"}
    rows = {row["id"]: row for row in build_summary(changed)["rows"]}
    assert rows[target]["flags"] == ["possible_suite_fault"]
    assert all(not row["flags"] for key, row in rows.items() if key != target)


def test_a_listed_failure_that_passed_is_reported_stale(loaded):
    changed = copy.deepcopy(loaded)
    entry = next(e for e in changed["engines"] if e["manifest"]["label"] == "openspiel")
    files = entry["manifest"]["files"]["expected_failures"]
    files["text"] += "\nproto-frame-001  # rule difference: listed although it passes\n"
    assert engine(build_summary(changed), "openspiel")["stale_expected_failures"] == ["proto-frame-001"]


@pytest.mark.parametrize("reason, expected", [
    ("rule difference: OpenSpiel never lets the shooter choose", ("rule difference", "OpenSpiel never lets the shooter choose")),
    ("adapter limit: no money", ("adapter limit", "no money")),
    ("bug (Why: accepts plays out of turn): play_card keeps no turn",
     ("bug", "(Why: accepts plays out of turn) play_card keeps no turn")),
    ("", ("listed without a reason", None)),
    ("an old reason with no kind: it says more", ("listed", "an old reason with no kind: it says more")),
    (None, (None, None)),
])
def test_classification_is_the_kind_before_the_colon(reason, expected):
    assert classification(reason) == expected


def test_errored_is_read_from_older_reports_by_the_fault_words():
    row = {"outcome": "failed", "details": {"what": "the engine timed out: no answer in 5 s"}}
    assert outcome_of(row) == "errored"
    assert outcome_of({"outcome": "failed", "details": {"what": "expected 26, got 0"}}) == "failed"


def test_a_folder_without_a_run_is_a_clear_error(tmp_path):
    with pytest.raises(CompatError, match="no compat run"):
        load_reports(tmp_path)


def test_an_engine_whose_run_was_cut_short_is_flagged(loaded):
    changed = copy.deepcopy(loaded)
    entry = next(e for e in changed["engines"] if e["manifest"]["label"] == "mutant-break")
    entry["conform"]["scenarios"] = entry["conform"]["scenarios"][:5]
    summary = build_summary(changed)
    assert "incomplete_run" in engine(summary, "mutant-break")["flags"]
    assert "incomplete_run" not in engine(summary, "reference")["flags"]
    assert engine(summary, "no-start")["flags"] == ["no_scenario_ran"]

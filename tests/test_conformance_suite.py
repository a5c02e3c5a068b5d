"""End to end: `heartspec conform` as a subprocess against the reference engine and against wrong engines."""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from suite_runs import recorded_reference_run, whole_suite_against

ROOT = Path(__file__).resolve().parents[1]
MUTANT = ROOT / "tests" / "mutants" / "mutant_engine.py"
HEARTSPEC = [sys.executable, "-c", "from heartspec.cli import main; main()"]


def mutant(name: str) -> str:
    return f"{sys.executable} {MUTANT} {name}"


def conform(*args: str, timeout: float = 900) -> subprocess.CompletedProcess:
    return subprocess.run([*HEARTSPEC, "conform", *args], capture_output=True, text=True, timeout=timeout)


def report(tmp_path: Path, *args: str) -> tuple[subprocess.CompletedProcess, dict]:
    path = tmp_path / "report.json"
    result = conform("--report-json", str(path), *args)
    assert "Traceback" not in result.stderr, result.stderr
    return result, json.loads(path.read_text())


def outcomes(data: dict) -> dict[str, int]:
    totals: dict[str, int] = {}
    for counts in data["counts"].values():
        for outcome, count in counts.items():
            totals[outcome] = totals.get(outcome, 0) + count
    return totals


@pytest.fixture(scope="module")
def reference_run(shared_results):
    """The whole suite against the reference, once per test run: the recorded run the mutant tests replay
    (tests/suite_runs.py). README.md's `heartspec conform` example runs it through the command line too."""
    kept = recorded_reference_run(shared_results)
    return subprocess.CompletedProcess(kept["command"], kept["returncode"], kept["stdout"], ""), kept["report"]


@pytest.mark.heavy
def test_the_reference_engine_passes_every_scenario(reference_run):
    result, data = reference_run
    totals = outcomes(data)
    assert result.returncode == 0, result.stdout[-3000:]
    assert totals["failed"] == 0 and totals["skipped"] == 0
    assert totals["passed"] >= 200
    assert set(data["counts"]) >= {"fi", "no", "dk", "se", "fi-classic"}
    assert "heartspec conformance summary" in result.stdout


def test_every_scenario_has_a_unique_stable_id(reference_run):
    _, data = reference_run
    ids = [row["id"] for row in data["scenarios"]]
    assert all(row_id and not row_id.startswith("[") for row_id in ids)
    assert len(ids) == len(set(ids))


CATCHERS = {
    "break-rule": "id:hearts-001",
    "first-trick-points-allowed": "id:first-trick-001",
    "first-trick-forced-points-refused": "id:first-trick-004",
    "moon-as-plain-points": "id:moon-002",
    "game-end-off-by-one": "id:end-001",
    "pass-direction": "id:pass-002",
    "jokers-ranked-wrong": "id:deal-005",
    "kitty-ignored": "id:deal-004",
    "wrong-error-code": "id:follow-001",
    "dealer-rotates-right": "id:end-004",
    "heart-lead-exception-missing": "id:var-007",
}


@pytest.mark.parametrize("mutation", sorted(CATCHERS))
def test_each_mutant_fails_a_scenario_that_names_its_rule(mutation, shared_results):
    """From the whole suite's run against the mutant, which the mutant matrix test shares."""
    catcher = CATCHERS[mutation].removeprefix("id:")
    rows = [row for row in whole_suite_against(mutation, shared_results)["scenarios"]
            if row["id"] == catcher or row["id"].startswith(catcher + "[")]
    assert rows, f"no scenario {catcher}"
    assert any(row["outcome"] == "failed" for row in rows), f"{mutation} was not caught by {catcher}"


def test_the_mutants_pass_where_their_rule_does_not_matter(tmp_path):
    """A catch must come from the broken rule, not from a mutant that breaks everything."""
    result, data = report(tmp_path, "--engine", mutant("kitty-ignored"), "--tags", "id:follow-001")
    assert result.returncode == 0 and outcomes(data)["passed"] == 5


def test_a_deal_played_to_a_score_does_not_lean_on_the_engines_legal_list(tmp_path):
    """Play-outs take their cards from the reference's copy of the game: an engine whose `legal`
    ignores the led suit still reaches the scoring scenarios' scores, and fails only where `legal` is checked."""
    result, data = report(tmp_path, "--engine", mutant("follow-suit-optional"), "--tags", "id:score-001 or id:follow-001")
    failed = {row["id"].split("[")[0] for row in data["scenarios"] if row["outcome"] == "failed"}
    assert failed == {"follow-001"}, result.stdout[-2000:]
    assert any(row["id"].startswith("score-001") and row["outcome"] == "passed" for row in data["scenarios"])


@pytest.mark.parametrize("mutation, kind, scenario", [
    ("crash-on-play", "crashed", "first-trick-001"),
    ("close-on-play", "closed its output", "first-trick-001"),
    ("garbage-on-deal", "garbage", "first-trick-001"),
    ("hang-on-pass", "timed out", "pass-020"),  # first-trick-001 plays without passing
])
def test_a_misbehaving_engine_fails_clearly_and_the_run_completes(mutation, kind, scenario, tmp_path):
    selection = f"id:{scenario} and (ruleset:fi or ruleset:dk)"
    # generous per-answer timeout: a loaded two-core machine must not turn a slow answer into a hang
    result, data = report(tmp_path, "--engine", mutant(mutation), "--timeout", "3", "--tags", selection)
    assert result.returncode == 1
    assert outcomes(data)["failed"] == 2, "every selected scenario ran to a verdict"
    for row in data["scenarios"]:
        assert kind in row["details"]["what"]
        assert "last request sent" in row["details"]["what"]


def replayed(log: Path, *engine: str) -> subprocess.CompletedProcess:
    command = [*HEARTSPEC, "replay", str(log)] + (["--engine", *engine] if engine else [])
    return subprocess.run(command, capture_output=True, text=True, timeout=180)


def printed_move_log(text: str) -> tuple[list[str], int, str]:
    """The move log a failure prints, the line it names, and the replay command it gives, from the report text."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("move log, "))
    stop = int(re.search(r"at line (\d+)", lines[start]).group(1))
    end = next(i for i in range(start + 1, len(lines)) if not lines[i].startswith("  "))
    command = lines[end].split("then ", 1)[1]
    return [line[2:] for line in lines[start + 1:end]], stop, command


def test_a_failure_report_tells_the_whole_story_and_its_move_log_replays(tmp_path):
    result, data = report(tmp_path, "--engine", mutant("wrong-error-code"), "--tags", "id:follow-001 and ruleset:fi")
    text = result.stdout
    for part in ("scenario follow-001", "Source:", "Pelin kulku tikki tikiltä", "failed step:",
                 'expected error code "must_follow_suit", got "invalid_card"', '> {"id"', "move log"):
        assert part in text, part
    printed, stop, command = printed_move_log(text)
    (row,) = data["scenarios"]
    assert printed == row["details"]["move_log"] and stop == row["details"]["move_log_stop"]
    log = tmp_path / "move.log"
    log.write_text("\n".join(printed) + "\n")
    lines = log.read_text().splitlines()
    requests = [json.loads(line) for line in lines if '"cmd"' in line]
    assert {"new_game", "deal", "state", "play"} <= {request["cmd"] for request in requests}
    engine_answer = lines[stop + 1]  # after the request (line `stop`) and the reference's answer
    assert engine_answer.startswith("# the engine under test answered") and "invalid_card" in engine_answer
    assert shlex.split(command)[:2] == ["heartspec", "replay"] and shlex.split(command)[-1] == mutant("wrong-error-code")
    # the log is the reference's session: the reference replays it to the end, the mutant stops at the printed line
    assert replayed(log).returncode == 0
    assert replayed(log, "heartspec engine").returncode == 0
    against_mutant = replayed(log, mutant("wrong-error-code"))
    assert against_mutant.returncode == 1, against_mutant.stderr
    assert f"{log}:{stop}: the engine under test's answer differs from the logged answer at error.code" in against_mutant.stderr
    for label in ("logged", "engine under test"):
        assert f"  {label} " in against_mutant.stderr


def test_replay_stops_at_the_first_response_where_the_engine_parts_from_the_reference(tmp_path):
    """The engine refuses a card the reference also refuses, but moves the turn on: the next state differs."""
    result, data = report(tmp_path, "--engine", mutant("refusal-moves-turn"), "--id", "first-trick-001[fi-4p]")
    (row,) = data["scenarios"]
    lines, stop = row["details"]["move_log"], row["details"]["move_log_stop"]
    refused = next(i for i, line in enumerate(lines, start=1) if '"ok":false' in line)
    assert json.loads(lines[stop - 1])["cmd"] == "state" and stop > refused
    log = tmp_path / "move.log"
    log.write_text("\n".join(lines) + "\n")
    against_mutant = replayed(log, mutant("refusal-moves-turn"), "--against-reference")
    assert against_mutant.returncode == 1
    assert f"{log}:{stop}: " in against_mutant.stderr and "  reference " in against_mutant.stderr, against_mutant.stderr


def test_a_refusal_that_changed_the_game_names_the_fields_it_changed(tmp_path):
    result, data = report(tmp_path, "--engine", mutant("refusal-moves-turn"), "--id", "first-trick-001[fi-4p]")
    (row,) = data["scenarios"]
    what = row["details"]["what"]
    assert 'changed the game: turn was 1, is now 2' in what, what
    assert "hands was" not in what, "only the fields that changed are named"


def test_failure_messages_speak_json_not_python(tmp_path):
    result, data = report(tmp_path, "--engine", mutant("first-trick-points-allowed"), "--tags", "id:first-trick-003")
    failed = [row for row in data["scenarios"] if row["outcome"] == "failed"]
    assert failed
    for row in failed:
        what = row["details"]["what"]
        assert "['" not in what and "None" not in what and "()" not in what, what
        assert '["' in what, what


def test_expected_failures_turn_red_into_xfail_and_catch_stale_entries(tmp_path):
    listed = tmp_path / "expected.txt"
    listed.write_text("follow-001  # this engine reports the wrong code\nhearts-003[fi-4p]  # passes: stale\n")
    result, data = report(tmp_path, "--engine", mutant("wrong-error-code"), "--expected-failures", str(listed),
                          "--tags", "id:follow-001 or id:hearts-003")
    totals = outcomes(data)
    assert totals["xfailed"] == 5
    stale = [row for row in data["scenarios"] if row["outcome"] == "failed"]
    assert [row["id"] for row in stale] == ["hearts-003[fi-4p]"]
    assert result.returncode == 1
    assert "passed, though listed as expected failures (remove them from the file): hearts-003[fi-4p]" in result.stdout
    what = stale[0]["details"]["what"]
    assert what.startswith("scenario hearts-003[fi-4p] passed, but the expected-failures file lists it") and "XPASS" not in what
    assert "listed because: passes: stale" in what


def test_expected_failures_alone_give_a_clean_exit(tmp_path):
    listed = tmp_path / "expected.txt"
    listed.write_text("# known\nfollow-001\n")
    result = conform("--engine", mutant("wrong-error-code"), "--expected-failures", str(listed), "--tags", "id:follow-001")
    assert result.returncode == 0, result.stdout[-2000:]


def test_what_the_engine_does_not_claim_is_skipped_with_a_reason(tmp_path):
    result, data = report(tmp_path, "--engine", mutant("claims-fi-only"), "--tags", "id:first-trick-001 or id:moon-003")
    assert result.returncode == 0
    reasons = {row["ruleset"]: row.get("reason", "") for row in data["scenarios"] if row["outcome"] == "skipped"}
    assert reasons["se"] == "engine does not claim ruleset se"
    assert "unsupported" in reasons["fi"]  # the moon-choice variant, refused by new_game
    assert data["counts"]["fi"]["passed"] == 1


def test_ruleset_and_keyword_filters_select_scenarios(tmp_path):
    _, data = report(tmp_path, "--ruleset", "se", "--ruleset", "dk", "-k", "first_trick")
    assert set(data["counts"]) == {"se", "dk"}
    assert any(row["id"].startswith("first-trick") for row in data["scenarios"])
    assert not any(row["id"].startswith("moon-") for row in data["scenarios"])


def test_a_bad_engine_command_is_one_clear_error():
    result = conform("--engine", "/nonexistent/engine --flag")
    assert result.returncode == 2
    assert "heartspec conform:" in result.stderr and "Traceback" not in result.stderr


def test_a_failed_handshake_still_writes_both_reports(tmp_path):
    report_json, junit = tmp_path / "report.json", tmp_path / "junit.xml"
    result = conform("--engine", f"{sys.executable} -c 'print(1)'", "--report-json", str(report_json),
                     "--junitxml", str(junit))
    assert result.returncode == 2
    data = json.loads(report_json.read_text())
    assert data["scenarios"] == [] and "hello" in data["handshake_error"]
    assert '<testcase classname="heartspec" name="handshake">' in junit.read_text()
    assert "hello" in junit.read_text()


def test_the_startup_timeout_bounds_the_start_apart_from_each_answer(tmp_path):
    """slow-start takes 3 s before its first answer: too slow for a 1 s start-up, fine for the default."""
    selection = ("--id", "follow-001[fi-4p]")
    slow = conform("--engine", mutant("slow-start"), "--startup-timeout", "1", *selection)
    assert slow.returncode == 2
    assert "did not answer hello" in slow.stderr and "1s" in slow.stderr, slow.stderr
    patient = conform("--engine", mutant("slow-start"), "--timeout", "2", *selection)
    assert patient.returncode == 0, patient.stdout[-2000:]


def test_an_id_copied_from_the_summary_selects_exactly_that_row(tmp_path):
    for selection in (("--id", "end-004[fi-4p-2]"), ("-k", "end-004[fi-4p-2]")):
        result, data = report(tmp_path, *selection)
        assert [row["id"] for row in data["scenarios"]] == ["end-004[fi-4p-2]"], selection
    result, data = report(tmp_path, "--id", "end-004")
    assert len(data["scenarios"]) == 10 and all(row["id"].startswith("end-004[") for row in data["scenarios"])


def test_verbose_lines_name_each_scenario_by_its_stable_id():
    result = conform("-v", "--tags", "id:end-004 and ruleset:fi")
    assert result.returncode == 0
    assert "game_end_and_ties::end-004[fi-4p] PASSED" in result.stdout
    assert "game_end_and_ties::end-004[fi-4p-2] PASSED" in result.stdout


def test_a_filter_matching_nothing_is_an_error():
    result = conform("--tags", "id:no-such-scenario")
    assert result.returncode == 2
    assert "no scenario matched" in result.stderr


def test_a_run_starts_its_engine_once_the_preflight_engine_plays_the_scenarios(tmp_path):
    """The engine that answered the runner's hello plays the scenarios too: one start per run, not two."""
    starts = tmp_path / "starts"
    wrapper = tmp_path / "counting_engine.py"
    wrapper.write_text(f"import os, sys\nopen({str(starts)!r}, 'a').write('start\\n')\n"
                       f"os.execv(sys.executable, [sys.executable, {str(MUTANT)!r}, 'kitty-ignored'])\n")
    result, data = report(tmp_path, "--engine", f"{sys.executable} {wrapper}", "--tags", "id:follow-001")
    assert result.returncode == 0 and outcomes(data)["passed"] == 5, result.stdout[-2000:]
    assert starts.read_text().splitlines() == ["start"]

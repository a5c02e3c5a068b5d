"""heartspec fuzz end to end: seeds reproduce, probes are refused, broken engines are reported and the run goes on."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

from heartspec.fuzz import FuzzOptions, run_fuzz

ROOT = Path(__file__).resolve().parents[1]
MUTANT = f"{sys.executable} {ROOT / 'tests' / 'mutants' / 'mutant_engine.py'}"
PLANTED = f"{sys.executable} {ROOT / 'tests' / 'fuzz_engines' / 'planted.py'}"
SCHEMA = json.loads((ROOT / "schemas" / "fuzz-report.schema.json").read_text())
TIMEOUT = 30.0


def test_the_same_seed_gives_the_same_games_and_differences():
    options = dict(engine=f"{MUTANT} break-rule", games=40, seed=11, timeout=TIMEOUT)
    first, second = run_fuzz(FuzzOptions(**options)), run_fuzz(FuzzOptions(**options))
    assert first.steps == second.steps and first.reached == second.reached
    assert [(g.signature, [f.game for f in g.findings]) for g in first.groups()] == \
           [(g.signature, [f.game for f in g.findings]) for g in second.groups()]
    assert first.groups(), "break-rule differs from the reference within 40 games"
    for group in first.groups():
        assert all(f.seed == 11 for f in group.findings)
        assert group.smallest.log == [g for g in second.groups() if g.signature == group.signature][0].smallest.log


def test_the_reference_engine_against_itself_shows_no_difference():
    report = run_fuzz(FuzzOptions(engine="heartspec engine", games=30, seed=5, timeout=TIMEOUT))
    assert report.groups() == [] and report.ok
    assert report.steps > 1000


def test_an_engine_that_accepts_an_illegal_probe_is_caught():
    report = run_fuzz(FuzzOptions(engine=f"{MUTANT} follow-suit-optional", games=60, seed=2, timeout=TIMEOUT,
                                  stop_at_first=True))
    signatures = [g.signature for g in report.groups()]
    assert signatures and signatures[0][2] == "following", signatures


def test_a_refused_probe_that_changes_the_game_shows_in_the_state_that_follows():
    report = run_fuzz(FuzzOptions(engine=f"{PLANTED} refusal-breaks-hearts", games=60, seed=4, timeout=TIMEOUT,
                                  rulesets=["fi"], stop_at_first=True))
    [group] = report.groups()
    assert group.signature[:2] == ("state", "hearts_broken")
    log = group.smallest.log
    pairs = [(_json_or_text(request), json.loads(answer)) for request, answer in zip(log, log[1:])
             if not request.startswith("#") and '"ok"' not in request and answer.startswith('{"id"')]
    assert pairs[-1][0]["cmd"] == "state"
    probes = []  # the refused requests right before that state: the probes of one position
    for request, answer in reversed(pairs[:-1]):
        if answer["ok"]:
            break
        probes.append(request)
    assert "play" in [p.get("cmd") for p in probes if isinstance(p, dict)], probes  # a refused play among them


def _json_or_text(line: str):
    try:
        return json.loads(line)
    except ValueError:
        return line  # a malformed probe


def test_an_engine_that_crashes_mid_run_is_reported_with_a_reproduction_and_the_run_goes_on():
    report = run_fuzz(FuzzOptions(engine=f"{PLANTED} crash-3rd-game", games=8, seed=1, timeout=TIMEOUT))
    assert report.games == 8  # the run went on after each crash
    groups = {g.signature: g for g in report.groups()}
    assert ("new_game", "crashed", "protocol") in groups, list(groups)
    smallest = groups[("new_game", "crashed", "protocol")].smallest
    assert "exited with status 4" in smallest.mismatch.problem
    assert smallest.stop_line and json.loads(smallest.log[smallest.stop_line - 1])["cmd"] == "new_game"
    assert report.steps > 500  # games between the crashes were compared


@pytest.mark.heavy
def test_an_engine_that_hangs_is_killed_reported_and_the_run_goes_on():
    report = run_fuzz(FuzzOptions(engine=f"{MUTANT} hang-on-pass", games=3, seed=1, timeout=2.0))
    assert report.games == 3
    [group] = report.groups()
    assert group.signature == ("pass", "timed out", "protocol")
    assert group.smallest.deals == 1
    assert "no response within 2s" in group.smallest.mismatch.problem


def test_cli_writes_a_json_report_and_junit_and_fails_on_a_difference(tmp_path):
    report, junit = tmp_path / "fuzz.json", tmp_path / "fuzz.xml"
    result = subprocess.run(["heartspec", "fuzz", "--engine", f"{MUTANT} kitty-ignored", "--games", "40", "--seed", "0",
                             "--ruleset", "dk", "--report-json", str(report), "--junitxml", str(junit),
                             "--save", str(tmp_path / "repro"), "--timeout", str(TIMEOUT)],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "difference 1: play events.kitty_taken deck [new]" in result.stdout
    data = json.loads(report.read_text())
    jsonschema.validate(data, SCHEMA)
    saved = Path(data["differences"][0]["smallest"]["path"])
    stop = data["differences"][0]["smallest"]["stop_line"]
    assert f"check a fix: heartspec replay {saved} --engine '{MUTANT} kitty-ignored'" in result.stdout
    # the reproduction is the reference's session: the reference replays it, the mutant stops at its line
    assert subprocess.run(["heartspec", "replay", str(saved)], capture_output=True, timeout=120).returncode == 0
    replayed = subprocess.run(["heartspec", "replay", str(saved), "--engine", f"{MUTANT} kitty-ignored"],
                              capture_output=True, text=True, timeout=120)
    assert replayed.returncode == 1 and f"{saved}:{stop}: the engine under test" in replayed.stderr
    assert junit.read_text().count("<failure") == 1


def test_cli_known_differences_make_the_run_pass(tmp_path):
    known = tmp_path / "known.txt"
    known.write_text("play events.kitty_taken deck  # this engine leaves the kitty\n")
    result = subprocess.run(["heartspec", "fuzz", "--engine", f"{MUTANT} kitty-ignored", "--games", "40", "--seed", "0",
                             "--ruleset", "dk", "--known-differences", str(known), "--timeout", str(TIMEOUT)],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "[known]" in result.stdout and "known: this engine leaves the kitty" in result.stdout


def test_cli_refuses_seconds_and_games_together_and_a_dead_engine_cleanly():
    both = subprocess.run(["heartspec", "fuzz", "--engine", "heartspec engine", "--games", "1", "--seconds", "1"],
                          capture_output=True, text=True, timeout=60)
    assert both.returncode == 2 and "not both" in both.stderr
    dead = subprocess.run(["heartspec", "fuzz", "--engine", "false", "--games", "1"], capture_output=True, text=True,
                          timeout=60)
    assert dead.returncode == 2 and dead.stderr.startswith("heartspec fuzz: ") and "Traceback" not in dead.stderr
    nothing = subprocess.run(["heartspec", "fuzz", "--engine", "heartspec engine", "--games", "1", "--ruleset", "fi",
                              "--players", "12"], capture_output=True, text=True, timeout=60)
    assert nothing.returncode == 2 and "no set-up left to play" in nothing.stderr and "Traceback" not in nothing.stderr
    unknown = subprocess.run(["heartspec", "fuzz", "--engine", "heartspec engine", "--games", "1", "--ruleset", "xx"],
                             capture_output=True, text=True, timeout=60)
    assert unknown.returncode == 2 and "unknown ruleset 'xx' (known: dk, fi, fi-classic, no, se)" in unknown.stderr


def test_a_reference_that_fails_now_and_then_skips_that_game_and_the_run_goes_on():
    # a starved machine can stall the reference past the timeout: both engines restart, the game is not compared
    report = run_fuzz(FuzzOptions(engine="heartspec engine", games=6, seed=1, timeout=TIMEOUT,
                                  reference=f"{PLANTED} crash-3rd-game"))
    assert report.games == 6 and report.groups() == []
    assert any("reference engine failed" in note for note in report.notes)

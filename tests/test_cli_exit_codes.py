"""The exit-code table, command by command, through real subprocesses.

0: everything the command checked holds (or it did what was asked); 1: something it checked does not
hold; 2: it could not do its job (usage, input, I/O). A status-2 error is one line on stderr that starts
`heartspec CMD:` (click's own usage errors keep click's wording) and never shows a traceback.
"""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
HEARTSPEC = [sys.executable, "-c", "from heartspec.cli import main; main()"]
MUTANT = shlex.join([sys.executable, str(ROOT / "tests" / "mutants" / "mutant_engine.py")])
LOGS = ROOT / "tests" / "fixtures" / "logs"
GOOD_LOG = str(LOGS / "fi-4p-one-deal.log")
BAD_LOG = str(LOGS / "bad-illegal-play.log")
MISSING = "/nonexistent-heartspec/x"
REQUESTS_ONLY = str(ROOT / "tests" / "fixtures" / "requests-only.log")  # as `heartspec play --log` writes


def heartspec(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([*HEARTSPEC, *args], input=stdin, capture_output=True, text=True, timeout=600, cwd=ROOT)


# (command, arguments, status, what stderr says); one row per outcome of each command
TABLE = [
    ("validate", [], 0, ""),
    ("validate", [str(ROOT / "tests" / "fixtures" / "broken")], 1, "problems found"),
    ("validate", [MISSING], 2, "heartspec validate: no such file or folder"),
    ("rules", ["fi"], 0, ""),
    ("rules", ["fl"], 2, "heartspec rules: unknown ruleset 'fl' (known: dk, fi, fi-classic, no, se)"),
    ("rules", ["fi", "-v", "zz"], 2, "heartspec rules: unknown variant 'zz' (known: "),
    ("rules", ["fi", "--players", "9"], 2, "heartspec rules: fi is not played by 9 players"),
    ("rules", ["--spec", MISSING], 2, "does not exist"),
    ("diff", ["fi", "no"], 0, ""),
    ("diff", ["fi", "fl"], 2, "heartspec diff: unknown ruleset 'fl'"),
    ("engine", [], 0, ""),
    ("play", ["--ruleset", "fi", "--players", "4", "--seed", "1"], 0, ""),
    ("play", ["--ruleset", "fl", "--players", "4"], 2,
     "heartspec play: unknown ruleset or variant: unknown ruleset 'fl'"),
    ("play", ["--ruleset", "fi", "--players", "9"], 2, "heartspec play: the ruleset does not allow this game: "),
    ("play", ["--ruleset", "fi", "--players", "4", "--players-typo"], 2, "No such option"),
    ("replay", [GOOD_LOG], 0, ""),
    ("replay", [BAD_LOG], 1, f"{BAD_LOG}:"),
    ("replay", [MISSING], 2, f"heartspec replay: cannot read {MISSING}"),
    ("replay", [GOOD_LOG, "--as", "se"], 0, ""),
    ("replay", [GOOD_LOG, "--as", "fl"], 2, "heartspec replay: "),
    ("simulate", ["fi", "no", "--players", "4", "--games", "2", "--seed", "1", "--workers", "1"], 0, ""),
    ("simulate", ["fl", "--players", "4", "--games", "2", "--workers", "1"], 2, "heartspec simulate: "),
    ("coverage", [], 0, ""),
    ("coverage", ["--check", str(ROOT / "features" / "COVERAGE.md")], 0, ""),
    ("conform", ["--id", "follow-001[fi-4p]"], 0, ""),
    ("conform", ["--engine", f"{MUTANT} wrong-error-code", "--id", "follow-001[fi-4p]"], 1, ""),
    ("conform", ["--ruleset", "fl"], 2, "heartspec conform: unknown ruleset 'fl' (known: dk, fi, fi-classic, no, se)"),
    ("conform", ["--id", "nosuch-001"], 2, "heartspec conform: nothing was checked: unknown scenario id 'nosuch-001'"),
    ("conform", ["-k", "no_such_scenario_at_all"], 2, "heartspec conform: nothing was checked: no scenario matched"),
    ("conform", ["--engine", f"{MUTANT} claims-fi-only", "--ruleset", "dk"], 2,
     "scenarios selected were skipped, none ran; the engine claims none of them"),
    ("conform", ["--engine", "/nonexistent/engine"], 2, "heartspec conform: "),
    ("fuzz", ["--engine", "heartspec engine", "--games", "2", "--ruleset", "fi"], 0, ""),
    ("fuzz", ["--engine", f"{MUTANT} kitty-ignored", "--games", "40", "--ruleset", "dk"], 1, ""),
    ("fuzz", ["--engine", "heartspec engine", "--ruleset", "fl"], 2, "heartspec fuzz: unknown ruleset 'fl' (known: "),
    ("fuzz", ["--engine", "heartspec engine", "--variant", "zz"], 2, "heartspec fuzz: unknown variant 'zz' (known: "),
    ("fuzz", ["--engine", f"{MUTANT} claims-fi-only", "--ruleset", "dk", "--games", "1"], 2,
     "heartspec fuzz: no set-up left to play"),
    ("fuzz", ["--engine", "heartspec engine", "--seconds", "1", "--games", "1"], 2, "heartspec fuzz: give one of --seconds, --games and --games-per-setup"),
    ("replay", [GOOD_LOG, "--engine", "heartspec engine", "--against-reference"], 0, ""),
    ("replay", [GOOD_LOG, "--engine", f"{MUTANT} crash-on-play"], 1, "the engine under test's answer differs"),
    ("replay", [REQUESTS_ONLY, "--engine", "heartspec engine"], 2, "records no answers to compare with"),
    ("replay", [GOOD_LOG, "--engine", "/nonexistent/engine"], 2, "heartspec replay: cannot start the engine"),
    ("compat", ["--from", MISSING], 2, "does not exist"),
    ("new-engine", ["--lang", "python"], 0, ""),  # into the test's own folder (below)
    ("new-engine", ["--lang", "python", str(ROOT)], 2, "heartspec new-engine: " + str(ROOT / "README.md") + " already exist"),
    ("new-engine", ["--lang", "javascript", "--ruleset", "fl", MISSING], 2, "heartspec new-engine: unknown ruleset 'fl'"),
    ("coverage", ["--check", str(LOGS / "fi-4p-one-deal.log")], 1, "is stale"),
]


@pytest.mark.parametrize("command, args, status, words", TABLE,
                         ids=[f"{row[0]}-{row[2]}-{i}" for i, row in enumerate(TABLE)])
def test_each_command_keeps_the_exit_code_table(command, args, status, words, tmp_path):
    if command == "play" and status == 0:
        args = [*args, "--log", str(tmp_path / "game.log")]
    if command == "new-engine" and status == 0:
        args = [*args, str(tmp_path / "engine")]
    done = heartspec(command, *args)
    assert done.returncode == status, (done.returncode, done.stdout[-1500:], done.stderr[-1500:])
    assert "Traceback" not in done.stderr, done.stderr[-3000:]
    assert words in done.stderr, done.stderr[-2000:]


def test_a_broken_spec_folder_is_input_the_command_cannot_use(tmp_path):
    (tmp_path / "rulesets").mkdir()
    (tmp_path / "rulesets" / "bad.yaml").write_text("id: [unclosed\n", encoding="utf-8")
    for command in (["rules"], ["engine"], ["play", "--ruleset", "fi", "--players", "4"]):
        done = heartspec(*command, "--spec", str(tmp_path))
        assert done.returncode == 2 and "bad.yaml" in done.stderr and "Traceback" not in done.stderr, command
    checked = heartspec("validate", str(tmp_path))
    assert checked.returncode == 1, checked.stderr  # for validate the same folder is what it checks: a finding


def test_no_error_shows_a_bare_protocol_code():
    done = heartspec("play", "--ruleset", "fi", "--players", "4", "-o", "nonsense=1")
    assert done.returncode == 2
    line = done.stderr.strip()
    assert line.count("\n") == 0 and not line.removeprefix("heartspec play: ").startswith("invalid_game"), line
    assert line.endswith("[invalid_game]"), line


def test_the_pytest_plugin_exits_2_when_it_checks_nothing(tmp_path):
    engine = f"{MUTANT} claims-fi-only"
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "--heartspec-engine", engine,
                           "--heartspec-ruleset", "dk", "-q"], capture_output=True, text=True, timeout=600, cwd=tmp_path)
    assert done.returncode == 2, done.stdout[-2000:]
    assert re.search(r"heartspec: nothing was checked: all \d+ scenarios selected were skipped", done.stdout)
    unknown = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "--heartspec-engine", engine,
                              "--heartspec-ruleset", "fl", "-q"], capture_output=True, text=True, timeout=600, cwd=tmp_path)
    assert unknown.returncode == 2 and "unknown ruleset 'fl' (known: dk, fi, fi-classic, no, se)" in unknown.stdout


def test_the_readme_table_has_a_row_for_every_command():
    """The README's exit-code table is the one users read: no command may be missing from it."""
    from heartspec.cli import main

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    table = readme[readme.index("## Exit codes"):readme.index("## Figures")]
    rows = [line for line in table.splitlines() if line.startswith("| `")]
    named = {word.strip().strip("`").split()[0] for row in rows for word in row.split("|")[1].split(",")}
    assert set(main.commands) <= named, f"commands missing from the README's exit-code table: {set(main.commands) - named}"
    assert {row[0] for row in TABLE} <= named

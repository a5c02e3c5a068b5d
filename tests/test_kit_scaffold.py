"""`heartspec new-engine`: a starting engine on a kit, and from it a first verdict in two commands."""

from __future__ import annotations

import json
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from heartspec import kit as python_kit
from heartspec.paths import kits_dir

HEARTSPEC = [sys.executable, "-c", "from heartspec.cli import main; main()"]
NODE = shutil.which("node")
LANGUAGES = ["python", pytest.param("javascript", marks=pytest.mark.skipif(NODE is None, reason="node is not installed"))]


def heartspec(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([*HEARTSPEC, *args], capture_output=True, text=True, cwd=cwd, timeout=600)


def printed_command(output: str) -> list[str]:
    line = next(line for line in output.splitlines() if line.strip().startswith("heartspec conform"))
    return shlex.split(line)


@pytest.mark.heavy
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_first_verdict_comes_from_the_second_command(language, tmp_path):
    """The author runs new-engine, then the command it prints: a whole conformance run that checks the envelope
    (the framing scenarios pass), skips the games the engine does not play yet, and names what to do first."""
    made = heartspec("new-engine", "--lang", language, "my-engine", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    command = printed_command(made.stdout)
    assert command[:2] == ["heartspec", "conform"]
    verdict = heartspec(*command[1:], "--report-json", "report.json", cwd=tmp_path)
    assert verdict.returncode == 1 and "Traceback" not in verdict.stderr, verdict.stdout[-3000:] + verdict.stderr
    assert "heartspec conformance summary" in verdict.stdout
    rows = {row["id"]: row["outcome"] for row in json.loads((tmp_path / "report.json").read_text())["scenarios"]}
    passed = {row_id.split("[")[0] for row_id, outcome in rows.items() if outcome == "passed"}
    failed = {row_id.split("[")[0] for row_id, outcome in rows.items() if outcome == "failed"}
    assert {"proto-frame-003", "proto-frame-008", "proto-frame-010", "proto-frame-011", "proto-001"} <= passed
    assert failed == {"proto-009", "proto-state-001", "two-006"}  # new_game must start the claimed game, refuse others
    if "--save" in command:
        assert (tmp_path / command[command.index("--save") + 1]).exists()


@pytest.mark.parametrize("language, files", [("python", ["engine.py", "heartspec_kit.py", "README.md"]),
                                              ("javascript", ["engine.js", "heartspec-kit.js", "README.md"])])
def test_the_folder_holds_the_engine_a_copy_of_the_kit_and_a_readme(language, files, tmp_path):
    made = heartspec("new-engine", "--lang", language, "--ruleset", "se", "--players", "5", "Table Seven", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    folder = tmp_path / "Table Seven"
    assert sorted(path.name for path in folder.iterdir()) == sorted(files)
    engine, kit, readme = (folder / name for name in files)
    source = Path(python_kit.__file__) if language == "python" else kits_dir() / "js" / "heartspec-kit.js"
    assert kit.read_bytes() == source.read_bytes()
    text = engine.read_text()
    assert "table-seven" in text and "TableSeven" in text and "se" in text and "[5]" in text
    assert "{name}" not in text and "{ruleset}" not in text
    runner = "python3" if language == "python" else "node"
    assert shlex.split(printed_command(made.stdout)[3]) == [runner, f"Table Seven/{engine.name}"]  # a blank survives
    assert "heartspec conform --engine" in readme.read_text() and "heartspec rules se" in readme.read_text()


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_starting_engine_answers_hello_and_refuses_games_it_does_not_play(language, tmp_path):
    assert heartspec("new-engine", "--lang", language, "e", cwd=tmp_path).returncode == 0
    runner = [sys.executable, "e/engine.py"] if language == "python" else [NODE, "e/engine.js"]
    lines = ['{"id":1,"cmd":"hello"}', '{"id":2,"cmd":"new_game","ruleset":"fi","players":4}',
             '{"id":3,"cmd":"play","seat":0,"card":"2C"}', '{"id":4,"cmd":"quit"}']
    done = subprocess.run(runner, input="\n".join(lines) + "\n", capture_output=True, text=True, cwd=tmp_path,
                          timeout=60, env={"PATH": "/usr/bin:/bin"})  # no PYTHONPATH: the copied kit is enough
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert done.returncode == 0, done.stderr
    assert answers[0]["supports"] == {"rulesets": ["fi"], "variants": [], "players": {"fi": [4]}}
    assert [a.get("error", {}).get("code") for a in answers] == [None, "unsupported", "wrong_phase", None]


def test_new_engine_writes_over_nothing_and_names_unknown_rulesets(tmp_path):
    assert heartspec("new-engine", "--lang", "python", "e", cwd=tmp_path).returncode == 0
    (tmp_path / "e" / "engine.py").write_text("# my work\n")
    again = heartspec("new-engine", "--lang", "python", "e", cwd=tmp_path)
    assert again.returncode == 2 and "already exist" in again.stderr and "Traceback" not in again.stderr
    assert (tmp_path / "e" / "engine.py").read_text() == "# my work\n"
    unknown = heartspec("new-engine", "--lang", "python", "f", "--ruleset", "zz", cwd=tmp_path)
    assert unknown.returncode == 2 and "unknown ruleset 'zz'" in unknown.stderr and not (tmp_path / "f").exists()
    assert heartspec("new-engine", "--lang", "cobol", "g", cwd=tmp_path).returncode == 2
    nine = heartspec("new-engine", "--lang", "python", "h", "--players", "9", cwd=tmp_path)
    assert nine.returncode == 2 and "fi is not played by 9 players (allowed: 3, 4, 5, 6)" in nine.stderr
    assert not (tmp_path / "h").exists()
    assert heartspec("new-engine", "--lang", "python", "k", "--ruleset", "fi-classic", "--players", "2", cwd=tmp_path).returncode == 0

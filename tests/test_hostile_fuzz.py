"""Hostile engines under `heartspec fuzz`: each run in its own process under a 2 GiB cap.

ANSWERS: an engine that answers badly inside a game, which must be a reported difference while the
run goes on (exit 1). HELLOS: an engine whose hello is wrong, which must be one line and exit 2.
Then time limits, stop signals (for conform too) and the files fuzz reads and writes. Every case checks that no
process the run started is left, by a marker in the engines' command lines. A new engine behaviour
is a line in tests/hostile_engines/ and a line in a table here.
"""

from __future__ import annotations

import json
import signal
import sys

import pytest

from hostile_commands import (ENGINES, assert_one_line, files_in, leftovers, new_marker, run_capped, start_capped,
                              wait_for_process)


def engine(script: str, behaviour: str, marker: str) -> str:
    return f"{sys.executable} {ENGINES / script} {behaviour} {marker}"


# (behaviour of answers_badly.py, the signature words the report must hold)
ANSWERS = [
    ("nests-100000-deep", "new_game garbage protocol"),
    ("answers-15-mb", "MAX_ANSWER_BYTES"),
    ("echoes-wrong-id", "new_game id protocol"),
]


@pytest.mark.parametrize("behaviour, words", ANSWERS, ids=[a[0] for a in ANSWERS])
def test_a_bad_answer_is_a_difference_and_the_run_goes_on(behaviour, words, tmp_path):
    marker = new_marker()
    done = run_capped(["fuzz", "--engine", engine("answers_badly.py", behaviour, marker), "--games", "2",
                       "--ruleset", "fi", "--timeout", "20", "--report-json", "report.json"], cwd=tmp_path)
    assert done.returncode == 1, done.stdout[-2000:] + done.stderr[-2000:]
    assert "Traceback" not in done.stderr, done.stderr[-3000:]
    assert words in done.stdout, done.stdout[-3000:]
    report = json.loads((tmp_path / "report.json").read_text())
    assert report["games"] == 2 and report["differences"][0]["count"] == 2  # the second game was played too
    assert files_in(tmp_path) == ["report.json"]
    assert leftovers(marker) == []


# (behaviour of says_hello_badly.py, words of the one-line error)
HELLOS = [
    ("supports-is-a-list", "supports is [\"fi\"], not an object"),
    ("rulesets-is-a-string", "supports.rulesets is \"fi\", not a list of ids"),
    ("players-is-a-list", "supports.players is [4], not an object"),
    ("players-size-is-text", "supports.players.fi is \"four\", not a list of table sizes"),
    ("engine-is-a-string", "engine is \"me\", not an object"),
    ("refuses-at-length", "more characters not shown"),
]


@pytest.mark.parametrize("behaviour, words", HELLOS, ids=[h[0] for h in HELLOS])
def test_a_wrong_hello_is_the_engines_fault_in_one_line(behaviour, words, tmp_path):
    marker = new_marker()
    done = run_capped(["fuzz", "--engine", engine("says_hello_badly.py", behaviour, marker), "--games", "1"],
                      cwd=tmp_path)
    assert done.returncode == 2, done.stderr[-3000:]
    message = assert_one_line(done.stderr, words)
    assert len(message) < 1200 and "\x1b" not in message and "\x07" not in message
    assert leftovers(marker) == []


def test_the_engines_name_reaches_the_terminal_without_escapes(tmp_path):
    marker = new_marker()
    done = run_capped(["fuzz", "--engine", engine("says_hello_badly.py", "names-itself-with-escapes", marker),
                       "--games", "1", "--ruleset", "fi"], cwd=tmp_path)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    for character in ("\x1b", "\x07", "\u202e"):
        assert character not in done.stdout
    assert not any(line.startswith("difference 0") for line in done.stdout.splitlines()), done.stdout
    assert "forged line" in done.stdout  # the words stay readable, on the engine's own line


def test_timeout_bounds_start_up(tmp_path):
    marker = new_marker()
    done = run_capped(["fuzz", "--engine", engine("answers_badly.py", "hangs-at-start", marker), "--seconds", "2",
                       "--timeout", "1"], cwd=tmp_path, timeout=60)
    assert done.returncode == 2
    assert_one_line(done.stderr, "did not answer hello", "within 1s")
    assert leftovers(marker) == []


@pytest.mark.heavy
def test_timeout_bounds_every_restart_and_the_run_ends(tmp_path):
    """An engine that hangs after hello: every game times out, is restarted, and --seconds still ends the run."""
    marker = new_marker()
    done = run_capped(["fuzz", "--engine", engine("answers_badly.py", "hangs-after-hello", marker), "--seconds", "2",
                       "--timeout", "2"], cwd=tmp_path, timeout=120)
    assert done.returncode == 1, done.stderr[-2000:]
    assert "timed out" in done.stdout
    assert leftovers(marker) == []


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT, signal.SIGHUP], ids=lambda s: s.name)
def test_a_stopped_run_leaves_no_engine_running(stop, tmp_path):
    marker = new_marker()
    run = start_capped(["fuzz", "--engine", engine("answers_badly.py", "spawns-and-hangs", marker), "--seconds", "60",
                        "--timeout", "60"], cwd=tmp_path)
    try:
        wait_for_process(marker, count=3)  # fuzz itself, the engine, and the child the engine started
        run.send_signal(stop)
        _, stderr = run.communicate(timeout=60)
    finally:
        run.kill()
    assert run.returncode == 2, stderr
    assert_one_line(stderr, "interrupted")
    assert leftovers(marker) == []


def test_known_differences_from_dev_zero_stop_at_their_limit(tmp_path):
    done = run_capped(["fuzz", "--engine", "heartspec engine", "--games", "1", "--known-differences", "/dev/zero"],
                      cwd=tmp_path)
    assert done.returncode == 2
    assert_one_line(done.stderr, "larger than 1 MiB (MAX_KNOWN_DIFFERENCES_BYTES)")


def test_a_binary_known_differences_file_is_one_line(tmp_path):
    (tmp_path / "known.txt").write_bytes(b"new_game ok protocol\n\x00\xff\xfe binary")
    done = run_capped(["fuzz", "--engine", "heartspec engine", "--games", "1", "--known-differences", "known.txt"],
                      cwd=tmp_path)
    assert done.returncode == 2
    assert_one_line(done.stderr, "known.txt is not a text file")


# (arguments naming a file fuzz would write, words of the error); each is refused before any game
UNWRITABLE = [
    (["--report-json", "missing/report.json"], "the folder missing does not exist"),
    (["--report-json", "afile/report.json"], "afile is a file, not a folder"),
    (["--junitxml", "afile/junit.xml"], "afile is a file, not a folder"),
    (["--report-json", "."], "it is a folder"),
    (["--save", "afile"], "it is a file"),
    (["--save", "missing/repro"], "the folder missing does not exist"),
]


@pytest.mark.parametrize("arguments, words", UNWRITABLE, ids=[" ".join(u[0]) for u in UNWRITABLE])
def test_an_unwritable_output_is_refused_before_the_run(arguments, words, tmp_path):
    (tmp_path / "afile").write_text("not a folder")
    marker = new_marker()
    done = run_capped(["fuzz", "--engine", engine("answers_badly.py", "echoes-wrong-id", marker), "--games", "1",
                       *arguments], cwd=tmp_path)
    assert done.returncode == 2
    assert_one_line(done.stderr, words)
    assert done.stdout == ""  # no game was played
    assert files_in(tmp_path) == ["afile"]


def test_a_full_disk_is_one_line_and_exit_2(tmp_path):
    marker = new_marker()
    done = run_capped(["fuzz", "--engine", engine("answers_badly.py", "echoes-wrong-id", marker), "--games", "1",
                       "--report-json", "/dev/full"], cwd=tmp_path)
    assert done.returncode == 2
    assert_one_line(done.stderr, "cannot write the fuzz report /dev/full: No space left on device")


def test_a_report_cut_by_a_file_size_limit_is_not_left_behind(tmp_path):
    (tmp_path / "report.json").write_text("the previous report\n")
    marker = new_marker()
    done = run_capped(["fuzz", "--engine", engine("answers_badly.py", "echoes-wrong-id", marker), "--games", "1",
                       "--report-json", "report.json", "--save", "."], cwd=tmp_path, file_size=2048)
    assert done.returncode == 2, done.stderr[-2000:]
    assert_one_line(done.stderr, "File too large")
    assert (tmp_path / "report.json").read_text() == "the previous report\n"  # whole, or the old one
    assert [name for name in files_in(tmp_path) if name.startswith(".")] == []  # no temporary file


def test_a_stopped_conform_run_leaves_no_engine_running(tmp_path):
    """The same for `conform`: SIGTERM tears down the scenario's engine at once, its children with it."""
    marker = new_marker()
    run = start_capped(["conform", "--engine", engine("answers_badly.py", "spawns-and-hangs", marker), "--timeout", "60",
                        "-k", "first-trick-001"], cwd=tmp_path)
    try:
        wait_for_process(marker, count=3)  # conform, the scenario's engine, and the engine's child
        run.send_signal(signal.SIGTERM)
        run.communicate(timeout=60)
    finally:
        run.kill()
    assert run.returncode != 0
    assert leftovers(marker) == []

"""Files a user names, read and written: bounded reading, checked and whole writing, text made safe.

Commands run in their own capped process (tests/hostile_commands.py); heartspec.outputs and
heartspec.safe_text are also checked directly, the latter as a property over any text.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, strategies as st

from heartspec.outputs import OutputError, check_output, output_stream, write_output
from heartspec.safe_text import html_text, md_escape, plain, shortened
from hostile_commands import assert_one_line, files_in, run_capped

UNSAFE = re.compile(r"[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


# --- files read --------------------------------------------------------------------------

def test_coverage_check_of_dev_zero_stops_at_its_limit(tmp_path):
    done = run_capped(["coverage", "--check", "/dev/zero"], cwd=tmp_path)
    assert done.returncode == 2
    assert_one_line(done.stderr, "larger than 1 MiB (MAX_COVERAGE_FILE_BYTES)")


@pytest.mark.parametrize("content, words", [
    (b"\x7fELF\x02\x01\x01\x00\x00", "is not a text file (a NUL byte at byte 7)"),
    (b"# Coverage\n\xff\xfe\n", "is not UTF-8 text (byte 11)"),
], ids=["binary", "not UTF-8"])
def test_coverage_check_of_a_file_that_is_not_text_is_one_line(content, words, tmp_path):
    (tmp_path / "COVERAGE.md").write_bytes(content)
    done = run_capped(["coverage", "--check", "COVERAGE.md"], cwd=tmp_path)
    assert done.returncode == 2
    assert_one_line(done.stderr, words)


CONFORM_FILES = [
    (["--expected-failures", "/dev/zero"], "larger than 1 MiB (MAX_KNOWN_DIFFERENCES_BYTES)"),
    (["--fuzz-known-differences", "/dev/zero"], "larger than 1 MiB (MAX_KNOWN_DIFFERENCES_BYTES)"),
    (["--report-json", "afile/report.json"], "afile is a file, not a folder"),
    (["--junitxml", "missing/junit.xml"], "the folder missing does not exist"),
]


@pytest.mark.parametrize("arguments, words", CONFORM_FILES, ids=[" ".join(c[0]) for c in CONFORM_FILES])
def test_conform_refuses_a_bad_file_before_the_run(arguments, words, tmp_path):
    (tmp_path / "afile").write_text("not a folder")
    done = run_capped(["conform", "-k", "first-trick-001", *arguments], cwd=tmp_path)
    assert done.returncode == 2
    assert_one_line(done.stderr, words)
    assert done.stdout == ""  # the engine was not even asked hello
    assert files_in(tmp_path) == ["afile"]


def test_conform_to_a_full_disk_is_one_line_and_exit_2(tmp_path):
    done = run_capped(["conform", "-k", "first-trick-001", "--report-json", "/dev/full"], cwd=tmp_path)
    assert done.returncode == 2
    assert "cannot write the JSON report /dev/full: No space left on device" in done.stdout + done.stderr
    assert "Traceback" not in done.stdout + done.stderr


def test_play_refuses_a_log_under_a_file_before_playing(tmp_path):
    (tmp_path / "afile").write_text("not a folder")
    done = run_capped(["play", "--ruleset", "fi", "--players", "4", "--log", "afile/game.log"], cwd=tmp_path)
    assert done.returncode == 2
    assert_one_line(done.stderr, "afile is a file, not a folder")
    assert done.stdout == ""


def test_play_cut_by_a_file_size_limit_leaves_no_partial_log(tmp_path):
    done = run_capped(["play", "--ruleset", "fi", "--players", "4", "--games", "20", "--seed", "1",
                       "--log", "game.log"], cwd=tmp_path, file_size=8192)
    assert done.returncode == 2
    assert_one_line(done.stderr, "cannot write the move log game.log: File too large")
    assert files_in(tmp_path) == []


# --- heartspec.outputs directly ----------------------------------------------------------

def test_a_write_that_fails_midway_keeps_the_previous_file(tmp_path):
    target = tmp_path / "report.json"
    target.write_text("old")
    with pytest.raises(RuntimeError):
        with output_stream(target) as stream:
            stream.write("half of a new report")
            raise RuntimeError("interrupted")
    assert target.read_text() == "old"
    assert files_in(tmp_path) == ["report.json"]


def test_a_write_replaces_the_file_whole(tmp_path):
    target = tmp_path / "report.json"
    write_output(target, "new\n")
    write_output(target, "newer\n")
    assert target.read_text() == "newer\n" and files_in(tmp_path) == ["report.json"]


@pytest.mark.parametrize("where, words", [
    ("missing/r.json", "does not exist (heartspec creates no folders)"),
    ("afile/r.json", "is a file, not a folder"),
    ("afile/deeper/r.json", "afile is a file, not a folder"),
    (".", "it is a folder"),
])
def test_check_output_names_what_is_wrong(where, words, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "afile").write_text("x")
    with pytest.raises(OutputError, match=re.escape(words)):
        check_output(where)


# --- heartspec.safe_text -------------------------------------------------------------------

@given(st.text())
def test_text_from_outside_is_one_safe_line_in_every_form(text):
    for shown in (plain(text), md_escape(text), html_text(text), shortened(text, 50)):
        assert not UNSAFE.search(shown) and "\n" not in shown
    assert "<" not in html_text(text) and "<" not in md_escape(text)


def test_the_words_stay():
    assert plain("a\x1b[31mred\x07\u202eevil\nline") == "a [31mred evil line"
    assert shortened("x" * 500, 10) == "xxxxxxxxxx… (490 more characters not shown)"

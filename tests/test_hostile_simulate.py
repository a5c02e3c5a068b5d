"""Hostile bots and careless arguments under `heartspec simulate`, each run in its own capped process.

BOTS: a bot that breaks the simulator one way (tests/simulate_fixtures/hostile_bots.py), and the one
line naming it and its seat; every case runs with one worker and with two. ARGUMENTS: what simulate
must refuse before playing. Then stop signals and the files it writes. A new case is a line in a table.
"""

from __future__ import annotations

import signal
import sys

import pytest

from hostile_commands import (BOTS, assert_one_line, files_in, leftovers, new_marker, run_capped, start_capped,
                              wait_for_process)

HOSTILE_BOTS = BOTS / "hostile_bots.py"


def exec_bot(behaviour: str, marker: str = "") -> str:
    return f"exec:{sys.executable} {HOSTILE_BOTS} {behaviour} {marker}".rstrip()


# (--bots, words the one line must hold)
BOTS_CASES = [
    ("hostile_bots:ends_its_process", "ended the worker process that ran it (exit status 3) while answering play"),
    ("heuristic,hostile_bots:ends_its_process,heuristic,heuristic",
     "bot hostile_bots:ends_its_process (seat 1) ended the worker process"),
    ("heuristic,heuristic,hostile_bots:raises_system_exit,heuristic",
     "bot hostile_bots:raises_system_exit (seat 2) failed on play: SystemExit: 4"),
    (exec_bot("dies"), "(seat 0) exited with status 5 while answering pass; its stderr ends: second line of stderr"),
]


@pytest.mark.parametrize("workers", ["1", "2"])
@pytest.mark.parametrize("bots, words", BOTS_CASES, ids=["os._exit", "os._exit at seat 1", "SystemExit", "exec dies"])
def test_a_bot_that_breaks_the_run_is_named_in_one_line(bots, words, workers, tmp_path):
    done = run_capped(["simulate", "fi", "--players", "4", "--games", "120", "--seed", "1", "--workers", workers,
                       "--bots", bots, "--json", "report.json"], cwd=tmp_path)
    assert done.returncode == 2, done.stdout[-2000:] + done.stderr[-2000:]
    assert_one_line(done.stderr, words)
    assert files_in(tmp_path) == []  # no report, and no half-written one


def test_a_bot_module_with_a_syntax_error_is_one_line(tmp_path):
    (tmp_path / "broken_bot.py").write_text("def play(question):\n    return {'card': \n")
    done = run_capped(["simulate", "fi", "--players", "4", "--games", "1", "--bots", "broken_bot:play"], cwd=tmp_path)
    assert done.returncode == 2
    assert_one_line(done.stderr, "bot broken_bot:play: cannot import broken_bot: SyntaxError")


ARGUMENTS = [
    (["-o", "dealer=7"], "-o dealer: simulate plays whole games from their start"),
    (["-o", "totals=[1,2]"], "-o totals: simulate plays whole games from their start"),
    (["-o", "deal_number=3"], "-o deal_number"),
    (["-o", "dealers=7"], "has no option 'dealers'"),
    (["--games", "1000000000000"], "more than the 100,000,000 games a run may play (MAX_SIMULATED_GAMES)"),
    (["--json", "missing/report.json"], "the folder missing does not exist"),
    (["--html", "afile/page.html"], "afile is a file, not a folder"),
    (["--json", "."], "it is a folder"),
    (["--json", "/dev/full"], "cannot write the JSON report /dev/full: No space left on device"),
]


@pytest.mark.parametrize("arguments, words", ARGUMENTS, ids=[" ".join(a[0]) for a in ARGUMENTS])
def test_a_careless_argument_is_one_line_and_exit_2(arguments, words, tmp_path):
    (tmp_path / "afile").write_text("not a folder")
    done = run_capped(["simulate", "fi", "--players", "4", "--games", "2", "--workers", "1", *arguments], cwd=tmp_path)
    assert done.returncode == 2, done.stderr[-2000:]
    assert_one_line(done.stderr, words)
    assert files_in(tmp_path) == ["afile"]


def test_an_unreachable_dask_scheduler_is_one_line(tmp_path):
    pytest.importorskip("dask.distributed")
    done = run_capped(["simulate", "fi", "--players", "4", "--games", "2", "--executor", "dask",
                       "--scheduler", "nonsense://x"], cwd=tmp_path)
    assert done.returncode == 2
    assert_one_line(done.stderr, "cannot reach the Dask scheduler 'nonsense://x'")


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_stopped_run_leaves_no_bot_and_no_worker(workers, tmp_path):
    """Bots that hang: SIGTERM must end them, and every worker, before simulate exits."""
    marker = new_marker()
    run = start_capped(["simulate", "fi", "--players", "4", "--games", "200", "--workers", workers,
                        "--bots", exec_bot("hangs", marker), "--json", "report.json"], cwd=tmp_path)
    try:
        # simulate, its workers (forked: they carry its command line) and one hung bot per worker
        wait_for_process(marker, count=1 + 2 * int(workers) if workers != "1" else 2)
        run.send_signal(signal.SIGTERM)
        _, stderr = run.communicate(timeout=60)
    finally:
        run.kill()
    assert run.returncode == 2
    assert_one_line(stderr, "interrupted; the bots and workers were stopped")
    assert leftovers(marker) == []
    assert files_in(tmp_path) == []


def test_a_report_cut_by_a_file_size_limit_is_not_left_behind(tmp_path):
    (tmp_path / "report.json").write_text("the previous report\n")
    done = run_capped(["simulate", "fi", "--players", "4", "--games", "2", "--workers", "1", "--json", "report.json"],
                      cwd=tmp_path, file_size=1024)
    assert done.returncode == 2
    assert_one_line(done.stderr, "cannot write the JSON report report.json: File too large")
    assert (tmp_path / "report.json").read_text() == "the previous report\n"
    assert files_in(tmp_path) == ["report.json"]

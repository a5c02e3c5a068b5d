"""One process tree (issue 28, class 3): every child heartspec starts ends with heartspec.

Each command runs in its own capped process (tests/hostile_commands.py) against an engine left hanging
that has also started a child of its own in a session of its own (setsid), the hardest case: neither
the engine's process group nor the parent-death signal reaches that child, only the tree's watcher does.
Leftovers are counted by the marker every engine and child carries.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from heartspec import process_tree
from hostile_commands import (BOTS, ENGINES, HEARTSPEC, assert_one_line, capped, environment, leftovers, new_marker,
                              processes_with, run_capped, start_capped)

SLEEPER = "time.sleep(600)"   # what the engine's own child runs


def hanging_engine(marker: str) -> str:
    return f"{sys.executable} {ENGINES / 'answers_badly.py'} setsid-and-hangs {marker}"


def wait_for(marker: str, text: str, count: int, seconds: float = 90.0) -> None:
    deadline = time.monotonic() + seconds
    while sum(text in line for line in processes_with(marker)) < count:
        assert time.monotonic() < deadline, f"fewer than {count} processes with {text} ever started: " \
                                            f"{processes_with(marker)}"
        time.sleep(0.1)
    time.sleep(1.0)  # the command is now waiting on the hanging engine


def start_in_session(args: list[str], cwd) -> subprocess.Popen:
    """As a terminal starts a command: in a process group of its own, which Ctrl-C signals whole."""
    def limit():
        capped()()
        os.setsid()
    return subprocess.Popen([*HEARTSPEC, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            cwd=cwd, env=environment(), preexec_fn=limit)


def killed(command: subprocess.Popen) -> None:
    """SIGKILL, and reaped; not communicate(): a child that survived would hold its pipes open for ever."""
    command.kill()
    command.wait(timeout=60)
    command.stdout.close()
    command.stderr.close()


def compat_args(marker: str) -> list[str]:
    return ["compat", "--engine", f"hangs={hanging_engine(marker)}", "--out", "site", "--timeout", "120",
            "--max-seconds", "600"]


def conform_args(marker: str) -> list[str]:
    return ["conform", "--engine", hanging_engine(marker), "--timeout", "120", "-k", "first-trick-001"]


# --- killed outright: nothing survives, setsid'd grandchildren included ------------------------------

@pytest.mark.parametrize("args, sleepers", [
    (conform_args, 1),
    (lambda m: ["fuzz", "--engine", hanging_engine(m), "--timeout", "120", "--games", "1"], 1),
    (compat_args, 2),   # compat's own hello, and conform's engine
], ids=["conform", "fuzz", "compat"])
def test_a_command_killed_outright_takes_every_child_with_it(args, sleepers, tmp_path):
    marker = new_marker()
    command = start_capped(args(marker), cwd=tmp_path)
    try:
        wait_for(marker, SLEEPER, sleepers)
    finally:
        killed(command)
    assert leftovers(marker) == []


def test_replay_through_an_engine_killed_outright_leaves_nothing(tmp_path):
    marker = new_marker()
    assert run_capped(["play", "--ruleset", "fi", "--players", "4", "--seed", "1", "--log", "game.log"],
                      cwd=tmp_path).returncode == 0
    command = start_capped(["replay", "game.log", "--engine", hanging_engine(marker), "--timeout", "120"],
                           cwd=tmp_path)
    try:
        wait_for(marker, SLEEPER, 1)
    finally:
        killed(command)
    assert leftovers(marker) == []


def test_simulate_killed_outright_takes_its_workers_and_bots(tmp_path):
    marker = new_marker()
    bot = f"exec:{sys.executable} {BOTS / 'hostile_bots.py'} hangs {marker}"
    command = start_capped(["simulate", "fi", "--players", "4", "--games", "8", "--workers", "2", "--bots", bot],
                           cwd=tmp_path)
    try:
        wait_for(marker, "hostile_bots.py", 2)
    finally:
        killed(command)
    assert leftovers(marker) == []


# --- told to stop: children first, and waited for ---------------------------------------------------

@pytest.mark.parametrize("stop", ["SIGTERM", "Ctrl-C"])
def test_compat_told_to_stop_stops_conform_and_its_engine_first(stop, tmp_path):
    marker = new_marker()
    command = start_in_session(compat_args(marker), cwd=tmp_path)
    try:
        wait_for(marker, SLEEPER, 2)
        if stop == "SIGTERM":
            command.send_signal(signal.SIGTERM)
        else:
            os.killpg(command.pid, signal.SIGINT)
        _, stderr = command.communicate(timeout=120)
    finally:
        if command.poll() is None:
            killed(command)
    assert command.returncode == 2
    assert_one_line(stderr, "heartspec compat: interrupted; the running checks were stopped and waited for")
    # Ctrl-C reaches the whole process group, so conform may die of it before it stops its engine; what the
    # engine started in a session of its own is then the tree watcher's to end, a moment after compat returns
    deadline = time.monotonic() + 10
    while processes_with(marker) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert processes_with(marker) == []
    assert not (tmp_path / "site" / "index.html").exists()


def test_run_child_gives_a_stopped_child_time_to_clean_up(tmp_path):
    script = ("import signal, sys, time\n"
              "def stop(*_):\n"
              "    open('cleaned', 'w').write('yes'); sys.exit(3)\n"
              "signal.signal(signal.SIGTERM, stop)\n"
              "open('started', 'w').write('yes')\n"
              "time.sleep(60)\n")
    os.chdir(tmp_path)
    with pytest.raises(subprocess.TimeoutExpired):
        process_tree.run_child([sys.executable, "-c", script], timeout=3)
    assert (tmp_path / "started").exists() and (tmp_path / "cleaned").read_text() == "yes"


def test_children_carry_the_trees_mark():
    variable = process_tree.start()
    assert variable and variable.startswith("HEARTSPEC_TREE_")
    done = process_tree.run_child([sys.executable, "-c", f"import os; print(os.environ.get({variable!r}))"], 60)
    assert done.stdout.strip() == "1"


def test_replay_through_an_engine_told_to_stop_stops_it(tmp_path):
    marker = new_marker()
    assert run_capped(["play", "--ruleset", "fi", "--players", "4", "--seed", "1", "--log", "game.log"],
                      cwd=tmp_path).returncode == 0
    command = start_capped(["replay", "game.log", "--engine", hanging_engine(marker), "--timeout", "120"],
                           cwd=tmp_path)
    try:
        wait_for(marker, SLEEPER, 1)
        command.send_signal(signal.SIGTERM)
        _, stderr = command.communicate(timeout=120)
    finally:
        if command.poll() is None:
            killed(command)
    assert command.returncode == 2
    assert_one_line(stderr, "heartspec replay: interrupted; the engine under test was stopped")
    assert leftovers(marker) == []

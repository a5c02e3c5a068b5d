"""`play` (both cores), the one `-o` reader, `replay --engine` and `fuzz --save` facing hostile arguments
(issue 28, classes 4-7). Each command runs in its own capped process (tests/hostile_commands.py)."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import time

import pytest

from heartspec.engine import core
from hostile_commands import (ENGINES, HEARTSPEC, assert_one_line, capped, environment, files_in, leftovers,
                              new_marker, run_capped, start_capped)

needs_core = pytest.mark.skipif(not core.available(), reason="the compiled core is not installed (pip install ./accel)")
CORES = ["pure", pytest.param("compiled", marks=needs_core)]
DEEP = "[" * 20_000 + "]" * 20_000
UNSAFE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\u2028\u202a-\u202e\u2066-\u2069]")


def play(*args: str) -> list[str]:
    return ["play", "--ruleset", "fi", "--players", "4", *args]


# --- play: integer bounds every core checks before converting ----------------------------------

@pytest.mark.parametrize("core_name", CORES)
@pytest.mark.parametrize("games", [str(10**19), "0", "-5", str(10**8 + 1)])
def test_games_out_of_bounds_are_one_line(core_name, games, tmp_path):
    done = run_capped(play("--core", core_name, "--games", games), cwd=tmp_path)
    assert done.returncode == 2
    assert_one_line(done.stderr, f"--games {games} is not a count of games from 1 to 100,000,000 (MAX_PLAYED_GAMES)")


@needs_core
@pytest.mark.parametrize("option", ["deal_number=100000000000", "totals=[100000000000000000000,0,0,0]"])
def test_start_options_past_the_cores_numbers_are_played_by_the_pure_engine(option, tmp_path):
    done = run_capped(play("--core", "compiled", "-o", option, "--seed", "1"), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert_one_line(done.stderr, "the compiled core cannot play fi yet", "the pure engine plays it")


@pytest.mark.parametrize("core_name", CORES)
def test_a_game_that_never_ends_is_one_line(core_name, tmp_path):
    # each deal hands out 26 points, and the game ends at ten million: no game gets there in 10,000 deals
    done = run_capped(["play", "--ruleset", "fi-classic", "--players", "4", "--core", core_name, "--seed", "1",
                       "-o", "target=1000000"], cwd=tmp_path)
    assert done.returncode == 2, done.stderr[-2000:]
    assert_one_line(done.stderr, "a game of fi-classic did not end after 10,000 deals")


# --- play --log: streamed, whole or absent --------------------------------------------------------

@pytest.mark.parametrize("core_name", CORES)
def test_sigterm_during_a_log_leaves_no_partial_file(core_name, tmp_path):
    command = start_capped(play("--core", core_name, "--games", "10000000", "--seed", "1", "--log", "game.log"),
                           cwd=tmp_path)
    deadline = time.monotonic() + 120
    while not any(name.endswith(".partial") for name in files_in(tmp_path)):
        assert time.monotonic() < deadline and command.poll() is None, command.communicate()
        time.sleep(0.05)
    time.sleep(0.5)
    command.send_signal(signal.SIGTERM)
    _, stderr = command.communicate(timeout=120)
    assert command.returncode == 2
    assert_one_line(stderr, "heartspec play: interrupted; no move log was written")
    assert files_in(tmp_path) == []


def peak_kib(args: list[str], cwd) -> int:
    """The largest resident size (KiB) a command reached."""
    probe = ("import resource, subprocess, sys\n"
             "done = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL)\n"
             "assert done.returncode == 0\n"
             "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n")
    done = subprocess.run([sys.executable, "-c", probe, *HEARTSPEC, *args], capture_output=True, text=True,
                          cwd=cwd, env=environment(), timeout=600, preexec_fn=capped())
    assert done.returncode == 0, done.stderr[-2000:]
    return int(done.stdout)


@needs_core
def test_the_compiled_log_is_written_in_bounded_memory(tmp_path):
    small = peak_kib(play("--core", "compiled", "--games", "100", "--seed", "1", "--log", "small.log"), tmp_path)
    large = peak_kib(play("--core", "compiled", "--games", "2000", "--seed", "1", "--log", "large.log"), tmp_path)
    # holding every game first took about 170 KiB a game: 1,900 more games would be over 300 MiB more
    assert large - small < 40 << 10, (small, large)
    replayed = run_capped(["replay", "large.log"], cwd=tmp_path)
    assert replayed.returncode == 0 and "2000 game(s)" in replayed.stdout


@needs_core
def test_the_same_seed_gives_the_same_games_with_and_without_a_log(tmp_path):
    logged = run_capped(play("--core", "compiled", "--games", "150", "--seed", "3", "--log", "g.log"), cwd=tmp_path)
    plain = run_capped(play("--core", "compiled", "--games", "150", "--seed", "3"), cwd=tmp_path)
    pick = lambda out: [line for line in out.splitlines() if line.startswith(("deals", "moons", "average"))]  # noqa: E731
    assert pick(logged.stdout) == pick(plain.stdout)


# --- the one -o reader -------------------------------------------------------------------------------

OPTION_COMMANDS = [
    ["rules", "fi"],
    play("--core", "pure"),
    pytest.param(play("--core", "compiled"), marks=needs_core),
    ["simulate", "fi", "--players", "4", "--games", "1"],
]


@pytest.mark.parametrize("command", OPTION_COMMANDS, ids=["rules", "play", "play compiled", "simulate"])
@pytest.mark.parametrize("option, words", [
    (f"target={DEEP}", "-o target: the value is nested deeper than 64 arrays/objects (MAX_JSON_DEPTH)"),
    # a command line argument holds at most 128 KiB (Linux MAX_ARG_STRLEN): under MAX_LINE_BYTES
    (f"target={'9' * 120_000}", "target"),
    ("novalue", "-o 'novalue' is not NAME=VALUE"),
], ids=["20,000 deep", "a 120,000-digit number", "no ="])
def test_every_option_error_is_one_line_whatever_its_depth_or_size(command, option, words, tmp_path):
    done = run_capped([*command, "-o", option], cwd=tmp_path)
    assert done.returncode == 2
    assert_one_line(done.stderr, words)


# --- replay --engine -----------------------------------------------------------------------------------

def test_replay_through_an_engine_reads_a_100k_deep_line_as_bad_request(tmp_path):
    (tmp_path / "deep.log").write_text('{"id":1,"cmd":"new_game","ruleset":"fi","players":4,"x":'
                                       + "[" * 100_000 + "]" * 100_000 + "}\n")
    done = run_capped(["replay", "deep.log", "--engine", "heartspec engine", "--against-reference"], cwd=tmp_path)
    assert "Traceback" not in done.stderr and "RecursionError" not in done.stderr, done.stderr[-2000:]
    assert done.returncode in (0, 1), done.stderr[-2000:]   # both engines refuse it alike (bad_request)


@pytest.mark.parametrize("command", [
    lambda engine: ["replay", "game.log", "--engine", engine, "--against-reference"],
    lambda engine: ["conform", "--engine", engine, "-k", "first-trick-001"],
    lambda engine: ["fuzz", "--engine", engine, "--games", "1", "--ruleset", "fi"],
], ids=["replay --engine", "conform", "fuzz"])
def test_what_an_engine_says_reaches_the_terminal_without_bidi_or_escapes(command, tmp_path):
    marker = new_marker()
    assert run_capped(["play", "--ruleset", "fi", "--players", "4", "--seed", "1", "--log", "game.log"],
                      cwd=tmp_path).returncode == 0
    engine = f"{sys.executable} {ENGINES / 'answers_badly.py'} refuses-with-bidi {marker}"
    done = run_capped(command(engine), cwd=tmp_path)
    assert done.returncode == 1, done.stderr[-2000:]
    output = done.stdout + done.stderr
    assert "forged" in output        # the words stay readable
    assert not UNSAFE.search(output), [hex(ord(c)) for c in set(UNSAFE.findall(output))]
    assert leftovers(marker) == []


# --- fuzz --save -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("folder, words", [
    ("/proc/x", "cannot create the --save folder /proc/x"),
    ("/proc/x/y", "the folder /proc/x does not exist"),
])
def test_fuzz_save_under_a_folder_that_cannot_be_created_is_one_line_before_the_run(folder, words, tmp_path):
    done = run_capped(["fuzz", "--engine", "heartspec engine", "--games", "1", "--save", folder], cwd=tmp_path)
    assert done.returncode == 2
    assert_one_line(done.stderr, words)
    assert done.stdout == ""

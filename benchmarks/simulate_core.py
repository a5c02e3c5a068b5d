"""`heartspec simulate` on the pure path and on the compiled core, side by side in one run.

    python benchmarks/simulate_core.py [--games N] [--workers W] [--million [GAMES]]

Runs the command a user runs,

    heartspec simulate fi no dk se --players 4 --games N --bots heuristic --workers W --seed S [--core compiled]

as a subprocess, pure then compiled with the same seed, and prints the wall-clock time of each
(interpreter start and imports included), the simulator's own timing, the deals played and the
ratio. The two paths play different games for one seed (the compiled core draws from its own
generator), so the deals played differ a little; the ratio is of wall-clock times for the same
number of games. With --million it also times the compiled command for 1,000,000 games per ruleset
(or GAMES, then extrapolated to a million, said so in the table).

Not a test: the figures depend on the machine and on what else runs on it.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time

TABLES = ("fi", "no", "dk", "se")
MILLION = 1_000_000


def timed_simulate(games: int, workers: int, core: str, seed: int = 1) -> dict:
    """One `heartspec simulate` command; its wall-clock seconds, the report's seconds and its deals."""
    command = [sys.executable, "-c", "from heartspec.cli import main; main()", "simulate", *TABLES, "--players", "4",
               "--games", str(games), "--bots", "heuristic", "--workers", str(workers), "--seed", str(seed),
               "--core", core, "--format", "json"]
    started, cpu_before = time.perf_counter(), _children_cpu()
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    wall, cpu = time.perf_counter() - started, _children_cpu() - cpu_before
    if done.returncode != 0:
        raise SystemExit(f"heartspec simulate --core {core} failed: {done.stderr.strip()}")
    report = json.loads(done.stdout)
    return {"core": report["core"], "wall": wall, "cpu": cpu, "seconds": report["timing"]["seconds"],
            "deals": report["played"]["deals"], "games": games}


def _children_cpu() -> float:
    """CPU seconds of finished child processes (the command and its workers): what an idle machine would spend."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def print_side_by_side(games: int, workers: int) -> None:
    print(f"## `heartspec simulate {' '.join(TABLES)} --players 4 --games {games:,} --bots heuristic "
          f"--workers {workers}`: pure and compiled\n")
    pure = timed_simulate(games, workers, "pure")
    fast = timed_simulate(games, workers, "compiled")
    if fast["core"] != "compiled":
        print("(the compiled core with compiled bots is not installed: `pip install ./accel`)\n")
        return
    print("| core | wall clock, s | CPU, s | simulator's own, s | deals played | deals/s (wall) |")
    print("|---|---:|---:|---:|---:|---:|")
    for row in (pure, fast):
        print(f"| {row['core']} | {row['wall']:,.2f} | {row['cpu']:,.2f} | {row['seconds']:,.2f} | {row['deals']:,} "
              f"| {row['deals'] / row['wall']:,.0f} |")
    print(f"\ncompiled / pure: {pure['wall'] / fast['wall']:,.1f}x faster (wall clock), "
          f"{pure['cpu'] / fast['cpu']:,.1f}x (CPU), {pure['seconds'] / fast['seconds']:,.1f}x (the simulator's own timing)\n")


def print_million(games: int, workers: int) -> None:
    row = timed_simulate(games, workers, "compiled")
    measured = "measured" if games == MILLION else f"extrapolated from {games:,} games"
    per_million = row["wall"] * MILLION / games
    print(f"## A million games per ruleset, compiled core, {workers} workers\n")
    print("| games per ruleset | wall clock, s | CPU, s | deals played | time for 1,000,000 games per ruleset |")
    print("|---:|---:|---:|---:|---|")
    print(f"| {games:,} | {row['wall']:,.1f} | {row['cpu']:,.1f} | {row['deals']:,} "
          f"| {per_million / 60:,.1f} min ({measured}; CPU / {workers}: {row['cpu'] * MILLION / games / workers / 60:,.1f} min) |\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20_000, help="games per ruleset for the side-by-side run")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--million", type=int, nargs="?", const=MILLION, default=None, metavar="GAMES",
                        help="also time the compiled command for a million games per ruleset (or GAMES, extrapolated)")
    args = parser.parse_args(argv)
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"{os.cpu_count()} CPUs, load average before the run: {load}\n")
    print_side_by_side(args.games, args.workers)
    if args.million:
        print_million(args.million, args.workers)
    return 0


if __name__ == "__main__":
    sys.exit(main())

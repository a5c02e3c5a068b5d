"""`heartspec simulate dk se --attribute` beside the same run without it, compiled core, in one run.

    python benchmarks/attribution.py [--games N] [--workers W]

Runs the commands a user runs,

    heartspec simulate dk se --players 4 --games N --bots heuristic --workers W --seed 1 --core compiled [--attribute]

as subprocesses and prints, for each, the wall-clock time, the CPU seconds of the command and its
workers (on a shared machine the honest figure: what an idle machine would need, over its cores),
the deals played and the ratio. The attribution plays dk once more per differing rule cell, so its
cost grows with the number of cells; it also pairs every game in Python (heartspec.simulate.attribution).

Not a test: the figures depend on the machine and on what else runs on it.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time

from simulate_core import _children_cpu  # benchmarks/ is on sys.path when this file runs as a script

TABLES = ("dk", "se")


def timed(games: int, workers: int, attribute: bool) -> dict:
    command = [sys.executable, "-c", "from heartspec.cli import main; main()", "simulate", *TABLES, "--players", "4",
               "--games", str(games), "--bots", "heuristic", "--workers", str(workers), "--seed", "1",
               "--core", "compiled", "--format", "json", *(["--attribute"] if attribute else [])]
    started, cpu_before = time.perf_counter(), _children_cpu()
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    wall, cpu = time.perf_counter() - started, _children_cpu() - cpu_before
    if done.returncode != 0:
        raise SystemExit(f"heartspec simulate --attribute failed: {done.stderr.strip()}")
    report = json.loads(done.stdout)
    cells = len(report.get("attribution", {}).get("cells", []))
    return {"wall": wall, "cpu": cpu, "deals": report["played"]["deals"], "core": report["core"], "cells": cells}


def print_attribution(games: int, workers: int) -> None:
    print(f"## `heartspec simulate dk se --players 4 --games {games:,} --bots heuristic --workers {workers} "
          "--core compiled`, with and without `--attribute`\n")
    plain = timed(games, workers, attribute=False)
    if plain["core"] != "compiled":
        print("(the compiled core with compiled bots is not installed: `pip install ./accel`)\n")
        return
    attributed = timed(games, workers, attribute=True)
    print("| run | rule cells | wall clock, s | CPU, s | deals played | deals per CPU-second |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, row in (("dk se", plain), ("dk se --attribute", attributed)):
        print(f"| {name} | {row['cells']} | {row['wall']:,.1f} | {row['cpu']:,.1f} | {row['deals']:,} "
              f"| {row['deals'] / row['cpu']:,.0f} |")
    print(f"\n--attribute / plain: {attributed['wall'] / plain['wall']:,.1f}x the wall clock, "
          f"{attributed['cpu'] / plain['cpu']:,.1f}x the CPU; on two idle cores the attributed run would take about "
          f"{attributed['cpu'] / workers:,.0f} s (its CPU seconds over {workers} cores)\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"{os.cpu_count()} CPUs, load average before the run: {load}\n")
    print_attribution(args.games, args.workers)
    return 0


if __name__ == "__main__":
    sys.exit(main())

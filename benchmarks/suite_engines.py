"""The whole conformance suite against `heartspec engine` and `heartspec engine --core compiled`, side by side.

    python benchmarks/suite_engines.py [--rounds N] [--quick] [--spec DIR] [--no-instructions]

Each round runs `heartspec conform` once against each engine, back to back, in alternating order,
so load from other processes hits both alike. Printed per engine: the wall seconds and CPU seconds
of the whole run (the conform process and the engine it drives) and the CPU seconds of the engine
process alone, each the best round; and compiled / pure as the median of the rounds' own ratios (a
round's two runs are seconds apart, so a machine that slows down over minutes moves both). Below 1
the compiled core is the faster. `--quick` runs one area of the suite. A second table times the
engines alone: every request of a recorded run of the suite (heartspec.conformance.recorded_run)
handled in this process by each engine's server, scenario by scenario, each scenario's best of the
rounds, so the harness, which both runs share, is left out. Where valgrind is installed, a third
table counts the instructions each engine executes over a whole suite run (callgrind), which no
load on the machine changes: with a bytecode cache, as Python runs by default, and without one,
where every engine start compiles its modules again. benchmarks/run.py prints all three. Not a
test: the times depend on the machine.
"""

from __future__ import annotations

import argparse
import os
import resource
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

CLI = [sys.executable, "-c", "from heartspec.cli import main; main()"]
QUICK_TAGS = "area:first_trick"


# run as `python -c MEASURED OUT CMD...`: CMD as a child, then its CPU seconds added to OUT as a line (a
# run starts its engine again after the few scenarios that end one; an engine killed by conform adds nothing)
MEASURED = ("import resource, subprocess, sys; code = subprocess.call(sys.argv[2:]); "
            "used = resource.getrusage(resource.RUSAGE_CHILDREN); "
            "open(sys.argv[1], 'a').write(f'{used.ru_utime + used.ru_stime}\\n'); sys.exit(code)")


@dataclass
class SuiteRun:
    wall: float
    cpu: float        # the conform process and the engine
    engine_cpu: float  # the engine process alone
    passed: bool


def engines(spec: Path | None) -> list[tuple[str, list[str]]]:
    spec_args = ["--spec", str(spec)] if spec else []
    base = [*CLI, "engine", *spec_args]
    return [("heartspec engine", base), ("heartspec engine --core compiled", [*base, "--core", "compiled"])]


def conform(engine: list[str], report_folder: str, *options: str) -> list[str]:
    """The `heartspec conform` command line against `engine`, its JSON report written in `report_folder`."""
    return [*CLI, "conform", "--engine", shlex.join(engine), "--report-json", str(Path(report_folder) / "report.json"),
            *options]


def suite_run(engine: list[str], spec: Path | None, tags: str | None) -> SuiteRun:
    """One `heartspec conform` run against `engine`: wall and CPU seconds, the engine's own, and whether every
    scenario held."""
    with tempfile.TemporaryDirectory() as folder:
        engine_cpu = Path(folder) / "engine-cpu"
        command = conform([sys.executable, "-c", MEASURED, str(engine_cpu), *engine], folder,
                          *(["--tags", tags] if tags else []))
        before, started = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        wall, after = time.perf_counter() - started, resource.getrusage(resource.RUSAGE_CHILDREN)
        engine_seconds = sum(map(float, engine_cpu.read_text().split())) if engine_cpu.exists() else float("nan")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return SuiteRun(wall, cpu, engine_seconds, done.returncode == 0)


def side_by_side(spec: Path | None, rounds: int, tags: str | None) -> dict[str, list[SuiteRun]]:
    runs: dict[str, list[SuiteRun]] = {label: [] for label, _ in engines(spec)}
    for k in range(rounds):
        order = engines(spec) if k % 2 == 0 else engines(spec)[::-1]
        for label, command in order:
            runs[label].append(suite_run(command, spec, tags))
    return runs


def recorded_scenarios() -> list[list[str]]:
    """The request lines of each scenario of a recorded run of the whole suite against the reference that went
    through the session (every scenario but the four that start their own engine or break the framing)."""
    from heartspec.conformance.recorded_run import record

    scenarios = record()["recording"]["scenarios"].values()
    return [[line for line, _ in scenario["exchanges"] if isinstance(line, str)] for scenario in scenarios
            if scenario["replayable"]]


def engines_alone(scenarios: list[list[str]], rounds: int) -> dict[str, float]:
    """Seconds each engine's server takes over every scenario's lines: each scenario played by both engines back to
    back (the order alternating), its best of `rounds` kept, the bests summed; so a slower minute on the machine
    falls on both engines' same scenarios, and what is left is the engines' own difference."""
    from heartspec.conformance.layout import shipped_catalog
    from heartspec.engine import core_game
    from heartspec.protocol.server import Server

    servers = {"heartspec engine": Server(catalog=shipped_catalog()),
               "heartspec engine --core compiled": Server(catalog=shipped_catalog(), engine_name=core_game.ENGINE_NAME,
                                                          game_factory=core_game.make_game)}
    best = {label: [float("inf")] * len(scenarios) for label in servers}
    for k in range(rounds):
        for i, lines in enumerate(scenarios):
            for label in (list(servers) if (i + k) % 2 == 0 else list(servers)[::-1]):
                handle, started = servers[label].handle_line, time.perf_counter()
                for line in lines:
                    handle(line)
                best[label][i] = min(best[label][i], time.perf_counter() - started)
    return {label: sum(seconds) for label, seconds in best.items()}


def print_engines_alone(rounds: int) -> None:
    scenarios = recorded_scenarios()
    best = engines_alone(scenarios, rounds)
    print(f"### The engines alone: the {sum(map(len, scenarios)):,} requests of {len(scenarios):,} scenarios of a "
          f"recorded suite run, handled in process (each scenario by both engines in turn, its best of {rounds})\n")
    print("| engine | seconds |")
    print("|---|---:|")
    for label, seconds in best.items():
        print(f"| {label} | {seconds:.3f} |")
    pure, compiled = best.values()
    print(f"\ncompiled / pure: {compiled / pure:.3f}x\n")


def engine_instructions(engine: list[str], bytecode_cache: bool) -> tuple[int, int, bool]:
    """The instructions every process of `engine` executes over one whole `heartspec conform` run, counted by
    valgrind's callgrind (the same on a busy machine as on an idle one), the number of processes, and whether every
    scenario held. A fresh bytecode cache is filled first by one area of the suite; `bytecode_cache` False then
    takes heartspec's own modules out of it and writes none, so that every engine start compiles them again (as
    under PYTHONDONTWRITEBYTECODE in a checkout without __pycache__), while Python's and the libraries' stay."""
    from heartspec import __file__ as package_init

    with tempfile.TemporaryDirectory() as folder:
        cache = Path(folder) / "pycache"
        env = {**os.environ, "PYTHONHASHSEED": "0", "PYTHONPYCACHEPREFIX": str(cache)}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        subprocess.run(conform(engine, folder, "--tags", QUICK_TAGS), capture_output=True, env=env, check=True)
        if not bytecode_cache:
            package = Path(package_init).resolve().parent
            shutil.rmtree(cache / package.relative_to(package.anchor))
            env["PYTHONDONTWRITEBYTECODE"] = "1"
        counted = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={folder}/callgrind.%p", *engine]
        command = conform(counted, folder, "--timeout", "600", "--startup-timeout", "600", "--max-seconds", "7200")
        done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
        totals = [int(line.split()[1]) for out in Path(folder).glob("callgrind.*")
                  for line in out.read_text().splitlines() if line.startswith("totals:")]
    return sum(totals), len(totals), done.returncode == 0


def print_instructions(spec: Path | None) -> None:
    """Both engines' instructions over a whole suite run, with and without a bytecode cache."""
    if shutil.which("valgrind") is None:
        print("(valgrind is not installed: the instruction counts are left out)\n")
        return
    print("### Instructions the engine executes over a whole suite run (valgrind's callgrind; a count, not a time)\n")
    print("| engine | with a bytecode cache | processes | heartspec's modules not cached | every scenario held |")
    print("|---|---:|---:|---:|---|")
    counts = {}
    for label, command in engines(spec):
        cached, processes, held = engine_instructions(command, bytecode_cache=True)
        uncached, _, held_too = engine_instructions(command, bytecode_cache=False)
        counts[label] = cached, uncached
        print(f"| {label} | {cached / 1e6:,.0f} M | {processes} | {uncached / 1e6:,.0f} M "
              f"| {'yes' if held and held_too else 'NO'} |")
    (pure_cached, pure_uncached), (cached, uncached) = counts.values()
    print(f"\ncompiled / pure: {cached / pure_cached:.3f}x with a bytecode cache, {uncached / pure_uncached:.3f}x "
          "without one for heartspec's modules (each engine start then compiles them again, and the compiled engine "
          "imports four more)\n")


def paired(pure: list[SuiteRun], compiled: list[SuiteRun], field: str) -> float:
    """The median over rounds of compiled / pure for one figure (`wall`, `cpu` or `engine_cpu`)."""
    return statistics.median(getattr(c, field) / getattr(p, field) for p, c in zip(pure, compiled))


def print_suite_engines(spec: Path | None, rounds: int = 2, quick: bool = False, instructions: bool = True) -> None:
    from heartspec.engine import core_game
    from heartspec.engine.core import CoreUnavailable

    tags = QUICK_TAGS if quick else None
    print(f"## {'The scenarios tagged ' + QUICK_TAGS if quick else 'The whole suite'} against each engine "
          f"(`heartspec conform`, best of {rounds}, alternating)\n")
    try:
        core_game.require()
    except CoreUnavailable as err:
        print(f"({err})\n")
        return
    runs = side_by_side(spec, rounds, tags)
    print("| engine | wall seconds | CPU seconds | the engine's own CPU seconds | every scenario held |")
    print("|---|---:|---:|---:|---|")
    for label, rows in runs.items():
        print(f"| {label} | {min(r.wall for r in rows):.1f} | {min(r.cpu for r in rows):.1f} "
              f"| {min(r.engine_cpu for r in rows):.2f} | {'yes' if all(r.passed for r in rows) else 'NO'} |")
    pure, compiled = runs.values()
    print(f"\ncompiled / pure, the median of the {rounds} rounds' ratios: {paired(pure, compiled, 'wall'):.2f}x wall, "
          f"{paired(pure, compiled, 'cpu'):.2f}x CPU, {paired(pure, compiled, 'engine_cpu'):.2f}x the engine's own CPU "
          f"(below 1: the compiled core is faster)\n")
    if not quick and spec is None:
        print_engines_alone(max(5, rounds))
    if instructions and not quick:
        print_instructions(spec)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2, help="suite runs per engine (default 2)")
    parser.add_argument("--quick", action="store_true", help=f"only the scenarios tagged {QUICK_TAGS}")
    parser.add_argument("--spec", type=Path, default=None, help="a spec folder with rulesets/ and variants/")
    parser.add_argument("--no-instructions", action="store_true",
                        help="leave out the instruction counts (valgrind: about ten minutes)")
    args = parser.parse_args(argv)
    print_suite_engines(args.spec, max(1, args.rounds), args.quick, instructions=not args.no_instructions)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The whole conformance suite against `heartspec engine` and `heartspec engine --core compiled`, side by side.

    python benchmarks/suite_engines.py [--rounds N] [--quick] [--spec DIR]

Each round runs `heartspec conform` once against each engine, in alternating order, so load from
other processes hits both alike. Printed: the wall seconds and the CPU seconds (the conform process
and the engine it drives, both children of this one) of each engine's best round, and the ratio
compiled / pure: below 1 the compiled core is the faster. `--quick` runs one area of the suite.
A second table times the engines alone: every request of a recorded run of the suite
(heartspec.conformance.recorded_run) handled in this process by each engine's server, best of
the rounds, so the harness, which both runs share, is left out. benchmarks/run.py prints both
tables. Not a test: the figures depend on the machine.
"""

from __future__ import annotations

import argparse
import resource
import shlex
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

CLI = [sys.executable, "-c", "from heartspec.cli import main; main()"]
QUICK_TAGS = "area:first_trick"


@dataclass
class SuiteRun:
    wall: float
    cpu: float
    passed: bool


def engines(spec: Path | None) -> list[tuple[str, list[str]]]:
    spec_args = ["--spec", str(spec)] if spec else []
    base = [*CLI, "engine", *spec_args]
    return [("heartspec engine", base), ("heartspec engine --core compiled", [*base, "--core", "compiled"])]


def suite_run(engine: list[str], spec: Path | None, tags: str | None) -> SuiteRun:
    """One `heartspec conform` run against `engine`: wall and CPU seconds, and whether every scenario held."""
    command = [*CLI, "conform", "--engine", shlex.join(engine)]
    if tags:
        command += ["--tags", tags]
    with tempfile.TemporaryDirectory() as folder:
        before, started = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
        done = subprocess.run(command + ["--report-json", str(Path(folder) / "report.json")],
                              capture_output=True, text=True, check=False)
        wall, after = time.perf_counter() - started, resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return SuiteRun(wall, cpu, done.returncode == 0)


def side_by_side(spec: Path | None, rounds: int, tags: str | None) -> dict[str, list[SuiteRun]]:
    runs: dict[str, list[SuiteRun]] = {label: [] for label, _ in engines(spec)}
    for k in range(rounds):
        order = engines(spec) if k % 2 == 0 else engines(spec)[::-1]
        for label, command in order:
            runs[label].append(suite_run(command, spec, tags))
    return runs


def recorded_requests() -> list[str]:
    """Every request line of a recorded run of the whole suite against the reference, that went through the session."""
    from heartspec.conformance.recorded_run import record

    scenarios = record()["recording"]["scenarios"].values()
    return [line for scenario in scenarios if scenario["replayable"] for line, _ in scenario["exchanges"]
            if isinstance(line, str)]


def engines_alone(lines: list[str], rounds: int) -> dict[str, float]:
    """CPU seconds each engine's server takes over `lines`, best of `rounds`, alternating; a fresh server each time."""
    from heartspec.conformance.layout import shipped_catalog
    from heartspec.engine import core_game
    from heartspec.protocol.server import Server

    servers = {"heartspec engine": lambda: Server(catalog=shipped_catalog()),
               "heartspec engine --core compiled": lambda: Server(catalog=shipped_catalog(), engine_name=core_game.ENGINE_NAME,
                                                                  game_factory=core_game.make_game)}
    best = {label: float("inf") for label in servers}
    for k in range(rounds):
        for label, make in (list(servers.items()) if k % 2 == 0 else list(servers.items())[::-1]):
            server, started = make(), time.process_time()
            for line in lines:
                server.handle_line(line)
            best[label] = min(best[label], time.process_time() - started)
    return best


def print_engines_alone(rounds: int) -> None:
    lines = recorded_requests()
    best = engines_alone(lines, rounds)
    print(f"### The engines alone: the {len(lines):,} requests of a recorded suite run, handled in process "
          f"(best of {rounds}, alternating)\n")
    print("| engine | CPU seconds |")
    print("|---|---:|")
    for label, seconds in best.items():
        print(f"| {label} | {seconds:.3f} |")
    pure, compiled = best.values()
    print(f"\ncompiled / pure: {compiled / pure:.2f}x CPU\n")


def print_suite_engines(spec: Path | None, rounds: int = 2, quick: bool = False) -> None:
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
    (pure_label, pure), (compiled_label, compiled) = runs.items()
    print("| engine | wall seconds | CPU seconds | every scenario held |")
    print("|---|---:|---:|---|")
    for label, rows in runs.items():
        print(f"| {label} | {min(r.wall for r in rows):.1f} | {min(r.cpu for r in rows):.1f} "
              f"| {'yes' if all(r.passed for r in rows) else 'NO'} |")
    wall = min(r.wall for r in compiled) / min(r.wall for r in pure)
    cpu = min(r.cpu for r in compiled) / min(r.cpu for r in pure)
    print(f"\ncompiled / pure: {wall:.2f}x wall, {cpu:.2f}x CPU (below 1: the compiled core is faster)\n")
    if not quick and spec is None:
        print_engines_alone(max(5, rounds))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2, help="suite runs per engine (default 2)")
    parser.add_argument("--quick", action="store_true", help=f"only the scenarios tagged {QUICK_TAGS}")
    parser.add_argument("--spec", type=Path, default=None, help="a spec folder with rulesets/ and variants/")
    args = parser.parse_args(argv)
    print_suite_engines(args.spec, max(1, args.rounds), args.quick)
    return 0


if __name__ == "__main__":
    sys.exit(main())

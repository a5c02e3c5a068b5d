"""heartspec fuzz: the CPU the reference side costs, three ways.

    python benchmarks/fuzz_reference_side.py [--games N] [--rounds R] [--ruleset ID]

- **in process** (what `heartspec fuzz` runs): the reference's Server answers each batch in the
  fuzzer's own process (heartspec.fuzz.inprocess), the same bytes `heartspec engine` writes;
- **subprocess**: `heartspec engine` over pipes (what `--reference CMD` drives);
- **subprocess, compiled core**: `heartspec engine --core compiled`, the protocol over the compiled
  core (heartspec.engine.core_game.CoreGame, the reference's request checks kept).

Every run fuzzes the pure reference engine as the engine under test, on the same seeded games, so
the differences between them are the reference side alone. CPU seconds
(this process and its children, from getrusage) are what a loaded two-core machine runs out of;
wall time is shown too but depends on what else runs. Rounds alternate the two, and each round's
figures are per 1,000 compared steps; the median round is reported, and the ratio.

Not a test: figures depend on the machine.
"""

from __future__ import annotations

import argparse
import resource
import shlex
import statistics
import time

from heartspec.conformance.session import reference_engine_command
from heartspec.fuzz import FuzzOptions, run_fuzz

SIDES = {"in process": None, "subprocess": [], "subprocess, compiled core": ["--core", "compiled"]}


def cpu() -> float:
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def one_round(side: list[str] | None, games: int, ruleset: str, seed: int) -> tuple[float, float, int]:
    command = shlex.join(reference_engine_command())
    reference = None if side is None else shlex.join(reference_engine_command() + side)
    started_cpu, started = cpu(), time.monotonic()
    report = run_fuzz(FuzzOptions(engine=command, reference=reference,
                                  games=games, rulesets=[ruleset], seed=seed, timeout=60.0))
    assert report.ok, report.text()
    return cpu() - started_cpu, time.monotonic() - started, report.steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--ruleset", default="fi")
    args = parser.parse_args()
    figures: dict[str, list[tuple[float, float]]] = {name: [] for name in SIDES}
    for round_number in range(args.rounds):
        for name, side in SIDES.items():
            spent, wall, steps = one_round(side, args.games, args.ruleset, seed=round_number)
            figures[name].append((1000 * spent / steps, 1000 * wall / steps))
    print(f"{args.games} games of {args.ruleset} per round, {args.rounds} rounds; per 1,000 compared steps:")
    medians = {}
    for name, rounds in figures.items():
        medians[name] = statistics.median(c for c, _ in rounds)
        print(f"  {name:<26} {medians[name]:.3f} CPU-s  {statistics.median(w for _, w in rounds):.3f} s wall")
    for name in ("in process", "subprocess, compiled core"):
        print(f"  {name} / subprocess, CPU: {medians[name] / medians['subprocess']:.3f}x")


if __name__ == "__main__":
    main()

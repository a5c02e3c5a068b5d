"""heartspec fuzz: compared lockstep steps per second, the reference engine against itself.

    python benchmarks/fuzz_lockstep.py [--seconds S] [--rounds R]

Both sides are subprocesses speaking the protocol (`heartspec engine`), as
when an engine is fuzzed. A step is one request both engines answered and
whose answers were compared. Two drivers run on the same planned games, in
alternating slices so that load from other processes hits both alike:

- **fuzz** (what `heartspec fuzz` runs): each game's requests are written to
  both engines in batches before either is read, the next game is planned
  while they answer, and identical answer lines are equal without decoding;
- **one at a time**: each request goes to the reference, then to the engine,
  waiting for each answer (`EngineProcess.request_line`), then compared
  field by field; what a straightforward differential driver does.

Not a test: figures depend on the machine and on what else runs on it.
"""

from __future__ import annotations

import argparse
import os
import random
import shlex
import time

from heartspec.conformance.session import reference_engine_command
from heartspec.fuzz import FuzzOptions, run_fuzz
from heartspec.fuzz.compare import first_difference
from heartspec.fuzz.lockstep import command_of
from heartspec.fuzz.plan import Planner
from heartspec.fuzz.setups import SetupChooser, available_setups
from heartspec.protocol.client import EngineProcess
from heartspec.protocol.server import RulesCatalog, Server
from heartspec.rules import load_spec


def fuzz_slice(seconds: float, seed: int) -> tuple[int, float]:
    report = run_fuzz(FuzzOptions(engine=shlex.join(reference_engine_command()), seconds=seconds, seed=seed))
    assert report.ok, report.text()
    return report.steps, report.seconds


def one_at_a_time_slice(seconds: float, seed: int) -> tuple[int, float]:
    spec = load_spec()
    catalog = RulesCatalog(spec=spec)
    chooser = SetupChooser(available_setups(spec, Server(catalog=catalog).handle({"cmd": "hello"})["supports"]))
    planner = Planner(catalog, spec)
    command = reference_engine_command()
    reference, engine = EngineProcess(command, 30.0), EngineProcess(command, 30.0)
    reference.request({"cmd": "hello"}), engine.request({"cmd": "hello"})
    steps, game, started = 0, 0, time.monotonic()
    try:
        while time.monotonic() - started < seconds:
            game += 1
            rng = random.Random(f"{seed}:{game}")
            for line in planner.plan(chooser.choose(game, rng), rng).lines():
                ours, theirs = reference.request_line(line), engine.request_line(line)
                assert first_difference(command_of(line), ours, theirs) is None
                steps += 1
    finally:
        reference.close(), engine.close()
    return steps, time.monotonic() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="length of one slice (default 5)")
    parser.add_argument("--rounds", type=int, default=3, help="slices per driver, alternating (default 3)")
    args = parser.parse_args()
    print(f"load average before the run: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    totals = {"fuzz": [0, 0.0], "one at a time": [0, 0.0]}
    for round_number in range(args.rounds):
        for name, driver in (("fuzz", fuzz_slice), ("one at a time", one_at_a_time_slice)):
            steps, elapsed = driver(args.seconds, seed=round_number)
            totals[name][0] += steps
            totals[name][1] += elapsed
    rates = {name: steps / elapsed for name, (steps, elapsed) in totals.items()}
    print("| driver | compared steps/s |")
    print("|---|---:|")
    for name, rate in rates.items():
        print(f"| {name} | {rate:,.0f} |")
    print(f"ratio fuzz / one at a time: {rates['fuzz'] / rates['one at a time']:.2f}x")
    print(f"load average after the run: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()

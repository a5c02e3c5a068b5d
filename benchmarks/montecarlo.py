"""The Monte Carlo bot's strength and speed, side by side in one run (compiled core).

    python benchmarks/montecarlo.py [--games N] [--samples S] [--ruleset dk]

Plays N games at four players with one bot at seat 0 and three others, on the same seeded deals:

- seat 0 montecarlo-S against three heuristic bots, and seat 0 heuristic against the same three
  (the baseline: the same deals, the same opponents);
- the same two against three random bots.

For each, the points per deal of seat 0 minus the mean of the other three, with a 95% interval
(games as the unit, the ratio estimate of heartspec.simulate.stats), and the Monte Carlo bot's margin:
its figure minus the heuristic seat's. Lower points are better in Hearts, so a negative margin means
the Monte Carlo bot does better. Speed: the Monte Carlo seat's card decisions per CPU-second (the CPU
time of its run minus that of the same games with a heuristic seat, over its decisions), in this one
process, so the figure does not depend on what else runs on the machine.

Not a test: the figures depend on the machine.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

from heartspec.simulate import compiled
from heartspec.simulate.runner import prepare
from heartspec.simulate.stats import Tally


def play(ruleset: str, seat0: str, others: str, games: int, seed: int) -> tuple[Tally, float, int]:
    """Seat 0's points per deal minus the others' mean, as a Tally; the CPU seconds; the deals played."""
    run, _ = prepare([ruleset], 4, games, f"{seat0},{others},{others},{others}", seed, core="compiled")
    tally, deals = Tally(), 0
    started = time.process_time()
    for start in range(0, games, compiled.SHARD_GAMES):
        records, _ = compiled.play_records(run, start, min(start + compiled.SHARD_GAMES, games))
        for (record,) in records:
            # points are whole numbers; thrice the margin keeps the sums exact integers
            tally.add(sum(3 * d["points.seat0"] - d["points.seat1"] - d["points.seat2"] - d["points.seat3"]
                          for d in record.deals), 3 * len(record.deals))
            deals += len(record.deals)
    return tally, time.process_time() - started, deals


def shown(tally: Tally) -> str:
    low, high = tally.interval()
    return f"{tally.mean:+.3f} [{low:+.3f}, {high:+.3f}]"


def margin(ours: Tally, theirs: Tally) -> str:
    """The difference of two ratio estimates, with the interval of its normal approximation taken as if they were
    independent: the rows share their deals, which correlates them positively, so this interval is the wider one."""
    (a_low, a_high), (b_low, b_high) = ours.interval(), theirs.interval()
    half = ((a_high - a_low) ** 2 + (b_high - b_low) ** 2) ** 0.5 / 2
    value = ours.mean - theirs.mean
    return f"{value:+.3f} [{value - half:+.3f}, {value + half:+.3f}]"


def print_montecarlo(games: int, samples: int, ruleset: str = "dk", seed: int = 1) -> None:
    bot = f"montecarlo-{samples}"
    print(f"## The Monte Carlo bot ({bot}: {samples} deals per decision) at seat 0, {ruleset}, 4 players, "
          f"{games:,} games per row, the same deals in every row\n")
    print("| seat 0 | seats 1-3 | seat 0's points per deal minus the others' mean [95%] | CPU, s | deals |")
    print("|---|---|---:|---:|---:|")
    rows = {}
    for others in ("heuristic", "random"):
        for seat0 in (bot, "heuristic"):
            tally, cpu, deals = play(ruleset, seat0, others, games, seed)
            rows[seat0, others] = (tally, cpu, deals)
            print(f"| {seat0} | {others} | {shown(tally)} | {cpu:,.1f} | {deals:,} |")
    print()
    for others in ("heuristic", "random"):
        print(f"Against three {others} bots, Monte Carlo minus heuristic at seat 0: "
              f"{margin(rows[bot, others][0], rows['heuristic', others][0])} points per deal")
    (_, mc_cpu, deals), (_, h_cpu, _) = rows[bot, "heuristic"], rows["heuristic", "heuristic"]
    decisions = deals * 13  # 13 cards a deal at four players
    print(f"\nSpeed: {decisions / max(mc_cpu - h_cpu, 1e-9):,.0f} Monte Carlo decisions per CPU-second "
          f"({decisions:,} cards played by the Monte Carlo seat, one with a single legal card included); "
          f"{deals / mc_cpu:,.0f} deals per CPU-second with one Monte Carlo seat and three heuristic\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--samples", type=int, default=compiled.MONTECARLO_SAMPLES)
    parser.add_argument("--ruleset", default="dk")
    args = parser.parse_args(argv)
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"{os.cpu_count()} CPUs, load average before the run: {load}\n")
    print_montecarlo(args.games, args.samples, args.ruleset)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Self-play against OpenSpiel's lean driver, as a median over many short alternating slices.

    python benchmarks/selfplay_spread.py [--slices 16] [--seconds 0.25] [--ruleset fi ...]

On a shared machine one run of benchmarks/run.py moves a ruleset's ratio by
0.15 or more either way. This runs the reference engine, the reference with the
optional compiled playout (when installed) and OpenSpiel's lean driver in turn,
each for `--seconds` of this process's CPU time per slice. It prints the median
and quartiles of the per-slice ratios, which is steadier than one long run's
ratio. Not a test.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import run as bench  # noqa: E402 - the same drivers and rules as benchmarks/run.py


def spread(ratios: list[float]) -> str:
    low, _, high = statistics.quantiles(ratios, n=4)
    return f"{statistics.median(ratios):.2f}x ({low:.2f}-{high:.2f})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--slices", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=0.25, help="CPU seconds per engine per slice")
    parser.add_argument("--ruleset", action="append", help="only this ruleset (repeatable)")
    args = parser.parse_args(argv)
    if not bench.have_openspiel():
        print("needs OpenSpiel: pip install -e '.[openspiel]'", file=sys.stderr)
        return 2
    try:
        from heartspec.engine.accel import available
    except ImportError:  # an older heartspec, measured for comparison (PYTHONPATH=its reference/)
        compiled = False
    else:
        compiled = available()
    bench.time.perf_counter = time.process_time  # this process's CPU time: other work on the machine counts less
    rulesets = bench.compiled_rules(None)
    print(f"load average: {', '.join(f'{x:.1f}' for x in os.getloadavg())}; "
          f"{args.slices} slices of {args.seconds:g} CPU-s per engine; median (quartiles) of the per-slice ratios\n")
    print("| ruleset | reference / lean driver |" + (" reference + accel / lean driver |" if compiled else ""))
    print("|---|---:|" + ("---:|" if compiled else ""))
    for name in args.ruleset or list(rulesets):
        rules = rulesets[name]
        params = bench.openspiel_params(rules)
        if params is None:
            print(f"| {name} | (OpenSpiel cannot express it) |" + (" - |" if compiled else ""))
            continue
        pure, fast = [], []
        for k in range(args.slices):
            deals, took = bench.reference_deals(rules, args.seconds, seed=1000 * k)
            lean_deals, lean_took = bench.openspiel_deals(params, args.seconds, seed=k)
            lean = lean_deals / lean_took
            pure.append(deals / took / lean)
            if compiled:
                deals, took = bench.reference_deals(rules, args.seconds, seed=1000 * k, accel=True)
                fast.append(deals / took / lean)
        print(f"| {name} | {spread(pure)} |" + (f" {spread(fast)} |" if compiled else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""heartspec benchmarks: self-play speed against OpenSpiel, and protocol round trips.

    python benchmarks/run.py [--quick] [--seconds S] [--spec DIR]

Four measurements in one run, printed as small tables:

1. Random self-play hands (deals) per second for every ruleset at 4 players
   with the reference engine (heartspec.engine.selfplay, the code `heartspec
   play` uses); beside it, OpenSpiel's `hearts` random playouts driven from
   Python with the parameters the OpenSpiel adapter maps that ruleset to, once
   with a lean driver (the deal applied from one shuffle) and once the generic
   way (sampling `chance_outcomes()` at every chance node), each with its ratio.
   Where the optional compiled playout is installed (`pip install ./accel`),
   the reference engine with it (`heartspec play --accel`) gets a column too,
   and so does the compiled core, which plays whole games in C
   (`heartspec play --core compiled`), with its ratios to the reference engine
   and to OpenSpiel's lean driver, measured in the same alternating slices.
2. Simulation games and deals per second with random and heuristic bots, one
   process (the loop `heartspec simulate` runs in each worker: seated bots,
   legal masks, rule counters).
3. Protocol `play` round trips per second through `heartspec engine` as a
   subprocess: strictly sequential (write one request, wait for its response),
   no pipelining.  Each play is preceded by a `legal` request to pick the card;
   only the play requests are timed for the play figure, and all requests
   (legal + play + deal + pass) for the overall figure.
4. The same round trips through the OpenSpiel adapter, for comparison.
5. The whole conformance suite against `heartspec engine` and `heartspec engine
   --core compiled`, alternating, with the ratio; the engines alone on a recorded
   run; and, where valgrind is installed, the instructions each engine executes
   over a whole run (benchmarks/suite_engines.py; about ten minutes in all).
6. `heartspec simulate fi no dk se --players 4 --games 20000 --bots heuristic --workers 2`, pure and
   with `--core compiled`, side by side with their ratio (benchmarks/simulate_core.py; the pure run
   takes about five minutes on two idle cores; 200 games with --quick, or --simulate-games N).
7. `heartspec simulate dk se --players 4 --games 20000 --bots heuristic --workers 2 --core compiled`, with
   and without `--attribute`: wall clock and CPU seconds (benchmarks/attribution.py).
8. The Monte Carlo bot at seat 0 against three heuristic and against three random bots, beside the
   heuristic bot in its seat on the same deals: points per deal with intervals, the margin, and its
   decisions per CPU-second (benchmarks/montecarlo.py).

Not a test: figures depend on the machine and on what else runs on it.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import simulate_core  # benchmarks/ is on sys.path when this file runs as a script
from heartspec.simulate.compiled import MONTECARLO_SAMPLES

PLAYERS = 4


# ---------------------------------------------------------------- rules

def compiled_rules(spec_dir: Path | None) -> dict[str, object]:
    """Every ruleset that allows 4 players, compiled at 4 players."""
    from heartspec import rules as rules_pkg

    spec = rules_pkg.load_spec(spec_dir)
    compile_fn = getattr(rules_pkg, "compile_rules", None) or getattr(rules_pkg, "compile")
    ids = spec.rulesets.keys() if isinstance(spec.rulesets, dict) else [r.id for r in spec.rulesets]
    out = {}
    for ruleset in sorted(ids):
        try:
            out[ruleset] = compile_fn(spec.resolve(ruleset, variants=(), players=PLAYERS, options={}))
        except Exception as why:  # noqa: BLE001 - a ruleset without 4 players is just not benchmarked
            print(f"skipping {ruleset}: {why}", file=sys.stderr)
    return out


# ---------------------------------------------------------------- self-play

@dataclass
class Rate:
    count: int = 0
    seconds: float = 0.0

    def add(self, count: int, seconds: float) -> None:
        self.count += count
        self.seconds += seconds

    @property
    def per_second(self) -> float:
        return self.count / self.seconds if self.seconds else 0.0


def reference_deals(rules, seconds: float, seed: int, accel: bool = False) -> tuple[int, float]:
    """Whole random games until `seconds` have passed: (deals, seconds taken)."""
    from heartspec.engine.selfplay import play_games

    deals, elapsed = 0, 0.0
    compiled = {"accel": True} if accel else {}  # named only when asked, so an older heartspec can be timed too
    while elapsed < seconds:
        started = time.perf_counter()
        deals += play_games(rules, games=1, seed=seed, **compiled).deals
        elapsed += time.perf_counter() - started
        seed += 1
    return deals, elapsed


def core_deals(rules, seconds: float, seed: int) -> tuple[int, float, float]:
    """Whole random games in the compiled core until `seconds` have passed: (deals, seconds taken,
    CPU seconds taken). Batches grow until one takes a tenth of the slice, so the Python call
    around a batch is noise. CPU seconds give the rate per core on a machine others share."""
    from heartspec.engine import core

    deals, elapsed, cpu, games = 0, 0.0, 0.0, 16
    while elapsed < seconds:
        started, started_cpu = time.perf_counter(), time.process_time()
        deals += core.play_games(rules, games=games, seed=seed).deals
        took = time.perf_counter() - started
        elapsed += took
        cpu += time.process_time() - started_cpu
        seed += 1
        if took < seconds / 10:
            games *= 2
    return deals, elapsed, cpu


def openspiel_params(rules) -> dict | None:
    from heartspec.adapters.openspiel import Unsupported, fit_rules

    try:
        return fit_rules(rules).params
    except Unsupported:
        return None


def openspiel_deals(params: dict, seconds: float, seed: int, lean: bool = True) -> tuple[int, float]:
    """OpenSpiel random playouts: (deals, seconds taken).

    `lean` deals by one shuffle: the 52 deal chance nodes are uniform, so
    applying a shuffled deck is the same distribution as sampling
    `chance_outcomes()` at each node, and much cheaper; this flatters
    OpenSpiel.  Without `lean`, every chance node is sampled from
    `chance_outcomes()`, the generic way to drive any OpenSpiel game.
    """
    import pyspiel

    game = pyspiel.load_game("hearts", params)
    rng = random.Random(seed)
    deals, started = 0, time.perf_counter()
    while time.perf_counter() - started < seconds:
        state = game.new_initial_state()
        if lean:
            _lean_chance(state, rng)
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
        deals += 1
    return deals, time.perf_counter() - started


def _lean_chance(state, rng: random.Random) -> None:
    directions = state.legal_actions()  # one when passing is off, else four
    state.apply_action(directions[rng.randrange(len(directions))])
    cards = list(range(52))
    rng.shuffle(cards)
    for card in cards:
        state.apply_action(card)


def side_by_side(rules, params: dict | None, seconds: float, slices: int = 6,
                 accel: bool = False, whole_core: bool = False) -> tuple[Rate, ...]:
    """Alternate short slices of the engines, so load from other processes hits them alike."""
    ours, lean, generic, compiled, in_core, in_core_cpu = Rate(), Rate(), Rate(), Rate(), Rate(), Rate()
    for k in range(slices):
        ours.add(*reference_deals(rules, seconds / slices, seed=1000 * k))
        if accel:
            compiled.add(*reference_deals(rules, seconds / slices, seed=1000 * k, accel=True))
        if whole_core:
            deals, wall, cpu = core_deals(rules, seconds / slices, seed=1000 * k)
            in_core.add(deals, wall)
            in_core_cpu.add(deals, cpu)
        if params is not None:
            lean.add(*openspiel_deals(params, seconds / slices, seed=k))
            generic.add(*openspiel_deals(params, seconds / slices, seed=k, lean=False))
    return ours, lean, generic, compiled, in_core, in_core_cpu


def have_openspiel() -> bool:
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        return False
    return True


# ---------------------------------------------------------------- protocol round trips

@dataclass
class RoundTrips:
    plays: int = 0
    play_seconds: float = 0.0
    requests: int = 0
    request_seconds: float = 0.0

    @property
    def plays_per_second(self) -> float:
        return self.plays / self.play_seconds if self.play_seconds else 0.0

    @property
    def requests_per_second(self) -> float:
        return self.requests / self.request_seconds if self.request_seconds else 0.0


class SequentialClient:
    """One request in flight at a time: write, flush, block on the response line."""

    def __init__(self, cmd: list[str]):
        # Buffered pipes: an unbuffered stdout makes readline() one read() system call per byte,
        # which cost the client more than the engine's whole answer.
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, bufsize=-1)
        self.tally = RoundTrips()

    def ask(self, request: dict) -> dict:
        line = (json.dumps(request, separators=(",", ":")) + "\n").encode()
        started = time.perf_counter()
        self.proc.stdin.write(line)
        self.proc.stdin.flush()
        answer = self.proc.stdout.readline()
        took = time.perf_counter() - started
        self.tally.requests += 1
        self.tally.request_seconds += took
        if request["cmd"] == "play":
            self.tally.plays += 1
            self.tally.play_seconds += took
        response = json.loads(answer)
        if not response.get("ok"):
            raise RuntimeError(f"{request} refused: {response}")
        return response

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait(timeout=30)


def protocol_round_trips(cmd: list[str], ruleset: str, seconds: float) -> RoundTrips:
    client = SequentialClient(cmd)
    rng = random.Random(1)
    try:
        client.ask({"cmd": "hello"})
        client.ask({"cmd": "new_game", "ruleset": ruleset, "players": PLAYERS})
        client.tally = RoundTrips()  # the handshake and compile are not round trips of play
        while client.tally.request_seconds < seconds:
            _one_deal(client, rng, ruleset)
    finally:
        client.close()
    return client.tally


def _one_deal(client: SequentialClient, rng: random.Random, ruleset: str) -> None:
    dealt = client.ask({"cmd": "deal", "seed": rng.getrandbits(31)})
    if dealt["phase"] == "passing":
        hands = client.ask({"cmd": "state"})["hands"]
        for seat in range(PLAYERS):
            client.ask({"cmd": "pass", "seat": seat, "cards": rng.sample(hands[seat], 3)})
    while True:
        state = client.ask({"cmd": "state"})
        if state["phase"] == "moon_choice":
            client.ask({"cmd": "choose", "seat": state["turn"], "option": "add_to_others"})
            continue
        if state["phase"] == "game_over":
            client.ask({"cmd": "new_game", "ruleset": ruleset, "players": PLAYERS})
            return
        if state["phase"] != "playing":
            return
        seat = state["turn"]
        for _ in range(PLAYERS * 13):
            legal = client.ask({"cmd": "legal", "seat": seat})["cards"]
            events = client.ask({"cmd": "play", "seat": seat, "card": rng.choice(legal)})["events"]
            nxt = _next_turn(events, seat)
            if nxt is None:
                break
            seat = nxt


def _next_turn(events: list[dict], seat: int) -> int | None:
    """Whose turn follows, from the events alone (so no extra `state` request per card)."""
    for event in events:
        if event["type"] in ("deal_scored", "moon_choice", "game_over", "next_deal"):
            return None
    won = [e for e in events if e["type"] == "trick_won"]
    return won[-1]["seat"] if won else (seat + 1) % PLAYERS


# ---------------------------------------------------------------- report

def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="about a tenth of the default measuring time")
    parser.add_argument("--seconds", type=float, default=None, help="measuring time per figure (default 3, quick 0.3)")
    parser.add_argument("--spec", type=Path, default=None, help="a spec folder with rulesets/ and variants/")
    parser.add_argument("--simulate-games", type=int, default=None,
                        help="games per ruleset for the pure/compiled simulate figure (default 20000, quick 200)")
    args = parser.parse_args(argv)
    seconds = args.seconds or (0.3 if args.quick else 3.0)
    rulesets = compiled_rules(args.spec)
    openspiel = have_openspiel()
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"# heartspec benchmarks ({seconds:g} s per figure, {PLAYERS} players, random legal moves)\n")
    print(f"{os.cpu_count()} CPUs, load average before the run: {load}\n")
    print_selfplay(rulesets, seconds, openspiel)
    print_simulation(rulesets, seconds)
    print_round_trips(rulesets, seconds, openspiel, args.spec)
    from suite_engines import print_suite_engines  # benchmarks/, this script's folder

    print_suite_engines(args.spec, rounds=1 if args.quick else 2, quick=args.quick)
    simulate_core.print_side_by_side(args.simulate_games or (200 if args.quick else 20_000), workers=2)
    from attribution import print_attribution  # benchmarks/, this script's folder

    print_attribution(args.simulate_games or (200 if args.quick else 20_000), workers=2)
    from montecarlo import print_montecarlo  # benchmarks/, this script's folder

    print_montecarlo(200 if args.quick else 2000, samples=MONTECARLO_SAMPLES)
    return 0


def print_selfplay(rulesets: dict, seconds: float, openspiel: bool) -> None:
    from heartspec.engine import accel, core

    compiled, whole = accel.available(), core.available()
    extra = " reference + accel | ratio to lean |" if compiled else ""
    extra += " compiled core | per CPU-second | ratio to reference | ratio to lean |" if whole else ""
    print("## Self-play: hands (deals) per second, one process\n")
    if not compiled or not whole:
        print("(the optional compiled playout or core is not installed: `pip install ./accel` adds their columns)\n")
    print("| ruleset | reference engine | OpenSpiel, lean driver | ratio | OpenSpiel, chance_outcomes() driver | ratio |"
          + extra)
    print("|---|---:|---:|---:|---:|---:|" + ("---:|---:|" if compiled else "") + ("---:|---:|---:|---:|" if whole else ""))
    for ruleset, rules in rulesets.items():
        params = openspiel_params(rules) if openspiel else None
        ours, lean, generic, fast, in_core, in_core_cpu = side_by_side(rules, params, seconds, accel=compiled,
                                                                        whole_core=whole)
        tail = ""
        if compiled:
            tail += f" {fast.per_second:,.0f} | {_ratio(fast, lean)} |"
        if whole:
            tail += (f" {in_core.per_second:,.0f} | {in_core_cpu.per_second:,.0f} | {_ratio(in_core, ours)} "
                     f"| {_ratio(in_core, lean)} |")
        if params is None:
            why = "not installed" if not openspiel else "cannot express it"
            print(f"| {ruleset} | {ours.per_second:,.0f} | ({why}) | - | - | - |" + tail)
            continue
        print(f"| {ruleset} | {ours.per_second:,.0f} | {lean.per_second:,.0f} | {_ratio(ours, lean)} "
              f"| {generic.per_second:,.0f} | {_ratio(ours, generic)} |" + tail)
    print()


def _ratio(rate: Rate, base: Rate) -> str:
    return f"{rate.per_second / base.per_second:,.2f}x" if base.per_second else "-"


def simulation_rates(rules, bot: str, seconds: float) -> tuple[Rate, Rate]:
    """`heartspec simulate`'s inner loop (heartspec.simulate.play), one process: whole games with
    seated bots. Returns (games, deals) per the same seconds."""
    from heartspec.simulate.play import play_game
    from heartspec.simulate.seat_protocol import bot_maker

    makers = [bot_maker(bot)] * PLAYERS
    games, deals, index = Rate(), Rate(), 0
    while deals.seconds < seconds:
        started = time.perf_counter()
        played = len(play_game(rules, makers, seed=1, index=index).deals)
        took = time.perf_counter() - started
        games.add(1, took)
        deals.add(played, took)
        index += 1
    return games, deals


def print_simulation(rulesets: dict, seconds: float) -> None:
    print("## Simulation in one process (`heartspec simulate`'s game loop, rule counters on)\n")
    print("| ruleset | random bots: games/s | deals/s | heuristic bots: games/s | deals/s |")
    print("|---|---:|---:|---:|---:|")
    for ruleset, rules in rulesets.items():
        random_games, random_deals = simulation_rates(rules, "random", seconds)
        heuristic_games, heuristic_deals = simulation_rates(rules, "heuristic", seconds)
        print(f"| {ruleset} | {random_games.per_second:,.1f} | {random_deals.per_second:,.0f} "
              f"| {heuristic_games.per_second:,.1f} | {heuristic_deals.per_second:,.0f} |")
    print()


def print_round_trips(rulesets: dict, seconds: float, openspiel: bool, spec: Path | None) -> None:
    ruleset = "fi" if "fi" in rulesets else next(iter(rulesets))
    spec_args = ["--spec", str(spec)] if spec else []
    engines = [("heartspec engine", [sys.executable, "-c", "from heartspec.cli import main; main()", "engine", *spec_args])]
    if openspiel:
        engines.append(("OpenSpiel adapter", [sys.executable, "-m", "heartspec.adapters.openspiel", *spec_args]))
    print(f"## Protocol round trips, sequential, one request in flight ({ruleset}, {PLAYERS} players)\n")
    print("| engine | play round trips/s | all requests/s | plays timed |")
    print("|---|---:|---:|---:|")
    for label, cmd in engines:
        tally = protocol_round_trips(cmd, ruleset, seconds)
        print(f"| {label} | {tally.plays_per_second:,.0f} | {tally.requests_per_second:,.0f} | {tally.plays:,} |")
    print()


if __name__ == "__main__":
    sys.exit(main())

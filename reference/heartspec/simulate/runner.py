"""`heartspec simulate` as a library call: name the tables, play the shards, build the report."""

from __future__ import annotations

import random
import time

from heartspec.limits import MAX_SIMULATED_GAMES
from heartspec.protocol.server import GAME_OPTIONS, RulesCatalog, split_options
from heartspec.rules.tables import Table, TableNameError
from heartspec.rules.tables import parse_table as _parse_table
from heartspec.simulate.bots import BotError
from heartspec.simulate.report import build_report
from heartspec.simulate.seat_protocol import bot_maker
from heartspec.simulate.shards import Run, run_dask, run_local, shard_count


class SimulationError(Exception):
    """A request the simulator cannot run (unknown ruleset, bad bot, wrong seat count...), in one line."""


def parse_table(text: str) -> Table:
    try:
        return _parse_table(text)
    except TableNameError as err:
        raise SimulationError(str(err)) from None


def seat_bots(spec: str, players: int) -> tuple[str, ...]:
    """One bot for every seat (`heuristic`) or one per seat, comma-separated (`heuristic,random,...`)."""
    bots = tuple(part.strip() for part in spec.split(","))
    if len(bots) == 1:
        bots *= players
    if len(bots) != players:
        raise SimulationError(f"--bots names {len(bots)} bots for {players} seats: give one, or one per seat")
    from heartspec.simulate.compiled import montecarlo_samples, run_samples

    for bot in set(bots):
        try:
            if montecarlo_samples(bot) is None:  # the Monte Carlo bot lives in the compiled core only
                bot_maker(bot)
        except BotError as err:
            raise SimulationError(str(err)) from None
    try:
        run_samples(bots)
    except BotError as err:
        raise SimulationError(str(err)) from None
    return bots


def prepare(tables: list[str], players: int, games: int, bots: str, seed: int | None,
            options: dict | None = None, catalog: RulesCatalog | None = None,
            core: str = "pure", attribute: bool = False) -> tuple[Run, list[dict]]:
    """Check and compile everything before any game is played, so a mistake costs no time.

    core "compiled": the compiled core's bots play the run (heartspec.simulate.compiled), or, for a run it
    cannot play, the pure path does and that is said once on stderr.
    attribute: two tables A B; A is also played with each rule cell where they differ set to B's value."""
    from heartspec.engine.errors import RuleError

    if not tables:
        raise SimulationError("name at least one ruleset, e.g. fi no dk se")
    if games < 1:
        raise SimulationError("--games must be at least 1")
    if games > MAX_SIMULATED_GAMES:
        raise SimulationError(f"--games {games} is more than the {MAX_SIMULATED_GAMES:,} games a run may play "
                              "(MAX_SIMULATED_GAMES); run several seeds instead")
    parsed = [parse_table(t) for t in tables]
    if len({t.label for t in parsed}) != len(parsed):
        raise SimulationError("a rule set is named twice; each column must be different")
    catalog = catalog or RulesCatalog()
    try:
        start_options, rule_options = split_options(options or {})
        if start_options or any(name in GAME_OPTIONS for name in options or {}):
            named = ", ".join(sorted(name for name in options if name in GAME_OPTIONS))
            raise SimulationError(f"-o {named}: simulate plays whole games from their start, so it takes no "
                                  f"new_game start option ({', '.join(GAME_OPTIONS)}); only the ruleset's options")
        compiled = [(t.label, catalog.compile(t.ruleset, list(t.variants), players, rule_options)) for t in parsed]
    except RuleError as err:
        raise SimulationError(f"{err.code}: {err.message}") from None
    cells, inert = (), ()
    if attribute:
        compiled, cells, inert = _attributed_tables(parsed, compiled, players, rule_options, catalog)
    if seed is None:
        seed = random.SystemRandom().randrange(1 << 31)
    chosen_bots = seat_bots(bots, players)
    run = Run(tables=tuple(compiled), bots=chosen_bots, seed=seed, games=games,
              core=_chosen_core(core, tuple(compiled), chosen_bots), cells=cells, inert=inert)
    detail = [{"label": t.label, "ruleset": t.ruleset, "variants": list(t.variants),
               "settlement": rules.settlement, "deck_size": len(rules.deck)}
              for t, (_, rules) in zip(parsed, compiled)]
    return run, detail


def _attributed_tables(parsed: list[Table], compiled: list, players: int, options: dict, catalog) -> tuple:
    """A, B, then A with each differing rule cell (rule_cells) switched to B's value; the cells; the inert paths."""
    from heartspec.simulate.rule_cells import CellError, compiled_switch, find_cells

    if len(parsed) != 2:
        raise SimulationError(f"--attribute compares two rule sets, A and B; {len(parsed)} were named")
    spec = catalog.spec
    ours, theirs = (spec.resolve(t.ruleset, t.variants, players, options) for t in parsed)
    try:
        found = find_cells(spec, (parsed[0].label, parsed[1].label), ours, theirs, options)
        switched = [(f"{parsed[0].label}[{'+'.join(c.paths)}]", compiled_switch(ours, theirs, c.paths))
                    for c in found.switches]
    except CellError as err:
        raise SimulationError(f"--attribute: {err}") from None
    if not found.switches:
        raise SimulationError(f"--attribute: {parsed[0].label} and {parsed[1].label} play alike at {players} players; "
                              "no rule cell to attribute")
    return [*compiled, *switched], found.switches, found.inert


def _chosen_core(core: str, tables: tuple, bots: tuple[str, ...]) -> str:
    from heartspec.simulate.compiled import run_samples

    montecarlo = run_samples(bots) > 0
    if core == "pure" and montecarlo:
        raise SimulationError("the montecarlo bot plays in the compiled core only: add --core compiled")
    if core == "pure":
        return core
    if core != "compiled":
        raise SimulationError(f"core {core!r}: use pure or compiled")
    from heartspec.engine import core as compiled_core
    from heartspec.simulate.compiled import unsupported

    try:
        compiled_core.require()
    except compiled_core.CoreUnavailable as err:
        raise SimulationError(str(err)) from None
    reason = unsupported(tables, bots)
    if reason is not None and montecarlo:
        raise SimulationError(f"the montecarlo bot plays in the compiled core only, which cannot play this run ({reason})")
    if reason is not None:
        compiled_core._tell_once(f"heartspec: the compiled core cannot play this simulation ({reason}); "
                                 "the pure path plays it")
        return "pure"
    return core


def simulate(run: Run, detail: list[dict], workers: int = 1, executor: str = "local",
             scheduler=None, progress=None) -> dict:
    """Play the run and return the report document."""
    started = time.perf_counter()
    try:
        if executor == "dask":
            result = run_dask(run, scheduler, progress)
        else:
            result = run_local(run, workers, progress)
    except BotError as err:
        raise SimulationError(str(err)) from None
    seconds = time.perf_counter() - started
    settings = {"executor": executor, "workers": workers if executor == "local" else None,
                "shards": shard_count(run.games, run.shard_games), "core": run.core}
    document = build_report(run, result, detail, settings)
    document["timing"] = {"seconds": round(seconds, 2),
                          "deals_per_second": round(result.deals / seconds, 1) if seconds else None}
    return document

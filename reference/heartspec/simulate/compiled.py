"""simulate's compiled path: a shard of games played by the compiled core's own bots, in one C call.

`heartspec simulate --core compiled` plays the built-in bots (random, heuristic) in the compiled core
(accel/heartspec_core_bots.h): the same paired deals as play.py (a key per physical card id, from a
generator seeded from (run seed, game, deal)), each seat's bot seeded from (run seed, game, seat),
and the same per-deal and per-game metrics, which the core sums into the same tallies and histograms
shards.py's _add_own and _add_difference would. The core draws from its own generator (xoshiro256**),
so its games are not the pure path's games: the two paths give different numbers for one seed, each
the same for that seed on any number of workers.

A run the core cannot play (a seat-protocol bot, rules the core does not claim, an open-ended game)
is played by the pure path, and that is said once (`unsupported`).
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import lru_cache

from heartspec.cards import HEARTS, SPADES
from heartspec.engine import core
from heartspec.rules.model import CompiledRules
from heartspec.simulate import bots
from heartspec.simulate.play import COUNTED_RULES, MAX_DEALS_PER_GAME, GameRecord
from heartspec.simulate.stats import Tally

BOT_KINDS = {"random": 0, "heuristic": 1}  # heartspec_core_sim.h BOT_RANDOM, BOT_HEURISTIC
BOT_MONTECARLO = 2
MONTECARLO = "montecarlo"
MONTECARLO_SAMPLES = 8  # deals of the unseen cards per decision, each played out once per legal card
MAX_MONTECARLO_SAMPLES = 4096  # heartspec_core_sim.h SIM_MAX_SAMPLES


def montecarlo_samples(bot: str) -> int | None:
    """`montecarlo` (MONTECARLO_SAMPLES deals per decision) or `montecarlo-N`: the budget; None for another bot."""
    if bot == MONTECARLO:
        return MONTECARLO_SAMPLES
    head, dash, tail = bot.partition("-")
    if head != MONTECARLO or not dash:
        return None
    if not tail.isdigit() or not 1 <= int(tail) <= MAX_MONTECARLO_SAMPLES:
        raise bots.BotError(f"bot {bot!r}: montecarlo-N takes N from 1 to {MAX_MONTECARLO_SAMPLES} deals per decision")
    return int(tail)


def run_samples(seat_bots) -> int:
    """The run's Monte Carlo budget (0 without such a seat): one per run, so every such seat plays alike."""
    budgets = {montecarlo_samples(bot) for bot in seat_bots} - {None}
    if len(budgets) > 1:
        raise bots.BotError("the Monte Carlo seats of one run share one budget: name montecarlo-N once")
    return budgets.pop() if budgets else 0


def bot_kind(bot: str) -> int:
    return BOT_MONTECARLO if montecarlo_samples(bot) else BOT_KINDS[bot]
# bot_consts_t, in its order: where the heuristic's cards are, and its thresholds (from simulate.bots)
CONSTS = (SPADES, HEARTS, bots.QUEEN_SLOT, bots.HIGH_HEART_SLOT, bots.LOW_SPADES_THAT_GUARD_THE_QUEEN,
          bots.MOON_THREAT_POINTS, bots.QUEEN)
SHARD_GAMES = 1000  # a compiled shard plays 1,000 games in well under a second: the shards stay few
SEED_MASK = (1 << 64) - 1
SIM_MAX_TABLES = 16  # heartspec_core_sim.h: tables one call of the core plays


def unsupported(tables: tuple[tuple[str, CompiledRules], ...], seat_bots: tuple[str, ...]) -> str | None:
    """Why the compiled core cannot play this run, or None when it can (the core itself must be installed)."""
    others = sorted({bot for bot in seat_bots if bot not in BOT_KINDS and montecarlo_samples(bot) is None})
    if others:
        return f"the bot {others[0]} speaks the seat protocol"
    if not hasattr(core._native, "simulate"):
        return "the installed compiled core has no compiled bots (pip install ./accel from this checkout)"
    if run_samples(seat_bots) and not getattr(core._native, "MONTECARLO", 0):
        return "the installed compiled core has no Monte Carlo bot (pip install ./accel from this checkout)"
    for label, rules in tables:
        reason = core.unsupported(rules)
        if reason is None and rules.target is None and rules.max_deals is None:
            reason = "a game without an end"
        if reason is not None:
            return f"{label}: {reason}"
    return None


def deal_metric_names(players: int) -> list[str]:
    """The per-deal metrics in the core's row order (play._play_deal's dict order)."""
    return [*(f"points.seat{s}" for s in range(players)), "points.queen_holder", "moon", "tricks", "kitty.points",
            *COUNTED_RULES]


def game_metric_names(players: int) -> list[str]:
    """The per-game metrics in the core's row order (shards._game_metrics' names)."""
    return ["game.deals", "game.extra_deals", "game.shared_win", *(f"money_cents.seat{s}" for s in range(players))]


@lru_cache(maxsize=64)
def _table(rules: CompiledRules) -> tuple:
    stake = Fraction(str(rules.stake))
    return core.table(rules), core._start(rules, {}), (stake.numerator, stake.denominator)


def _call(run, start: int, stop: int, records: bool, logged: bool):
    core.require()  # a Dask worker without the extra says so in one line
    tables = tuple(_table(rules) for _, rules in run.tables)
    kinds = tuple(bot_kind(bot) for bot in run.bots)
    samples = run_samples(run.bots)
    try:
        return core._native.simulate(tables, kinds, CONSTS, run.seed & SEED_MASK, start, stop, records, logged,
                                     *((samples,) if samples else ()))
    except RuntimeError:  # a game past play.MAX_DEALS_PER_GAME deals, as the pure path reports it
        labels = ", ".join(label for label, _ in run.tables)
        raise bots.BotError(f"a game under {labels} did not end after {MAX_DEALS_PER_GAME} deals") from None


def run_shard(run, start: int, stop: int):
    """Games start..stop-1 under every table of the run, summed in the core: a shards.ShardResult."""
    from heartspec.simulate.shards import ShardResult

    if run.cells:
        return _attributed_shard(run, start, stop)
    scopes, deals, _, _ = _call(run, start, stop, records=False, logged=False)
    result = ShardResult(games=stop - start, deals=deals)
    _add_scopes(result, run, scopes)
    return result


def _attributed_shard(run, start: int, stop: int):
    """An --attribute shard: A and B summed in the core as any run's tables, and every table's games
    (the cells' in calls of at most SIM_MAX_TABLES tables, each beginning with A) paired in attribution.py."""
    from dataclasses import replace

    import numpy as np

    from heartspec.simulate.attribution import add_record_games, deal_rows, money_row
    from heartspec.simulate.shards import ShardResult, new_cross_sums

    players = run.tables[0][1].players
    width = len(deal_metric_names(players))
    base, whole, *cells = run.tables
    per_call = SIM_MAX_TABLES - 2
    games = [[] for _ in range(stop - start)]
    result = ShardResult(games=stop - start)
    for at in range(0, max(len(cells), 1), per_call):
        tables = (base, whole, *cells[at:at + per_call])
        scopes, deals, rows, _ = _call(replace(run, tables=tables, cells=()), start, stop, records=True,
                                       logged=False)
        result.deals += deals  # every deal played, A's again in each call
        if at == 0:
            _add_scopes(result, replace(run, tables=(base, whole)), scopes[:2] + scopes[len(tables):len(tables) + 1])
        for game, per_table in zip(games, rows):
            keep = per_table if at == 0 else per_table[2:]
            game.extend((deal_rows(d, width), np.array(money_row(g, players))) for d, g in keep)
    result.attribution = new_cross_sums(run)
    add_record_games(result.attribution, games)
    return result


def _add_scopes(result, run, scopes) -> None:
    players = run.tables[0][1].players
    deal_names, game_names = deal_metric_names(players), game_metric_names(players)
    for scope, (deal_tallies, game_tallies, game_deals, queen_holder) in zip(scope_keys(run), scopes):
        for names, tallies in ((deal_names, deal_tallies), (game_names, game_tallies)):
            for name, sums in zip(names, tallies):
                if sums is not None:
                    result.tallies[(scope, name)] = Tally(*sums)
        if game_deals:
            result.histograms[(scope, "game.deals")] = Counter(game_deals)
        if queen_holder:
            result.histograms[(scope, "points.queen_holder")] = Counter(queen_holder)


def scope_keys(run) -> list:
    """The core's scopes in order: each table's label, then (later label, earlier label) for each pair."""
    labels = [label for label, _ in run.tables]
    return labels + [(labels[k], labels[base]) for base in range(len(labels)) for k in range(base + 1, len(labels))]


def play_records(run, start: int, stop: int, logged: bool = False) -> tuple[list[list[GameRecord]], list[int] | None]:
    """The games start..stop-1 as play.GameRecords (per game, one per table), and the core's move log if asked:
    what the tallies are summed from, for checking them against the Python path."""
    _, _, rows, log = _call(run, start, stop, records=True, logged=logged)
    players = run.tables[0][1].players
    deal_names, game_names = deal_metric_names(players), game_metric_names(players)
    games = []
    for per_table in rows:
        games.append([_record(deals, game, deal_names, game_names) for deals, game in per_table])
    return games, log


def _record(deals, game, deal_names: list[str], game_names: list[str]) -> GameRecord:
    record = GameRecord()
    for row in deals:
        record.deals.append({name: value for name, value in zip(deal_names, row) if value is not None})
    values = dict(zip(game_names, game))
    players = len(game_names) - 3
    record.game = {"deals": values["game.deals"], "extra_deals": values["game.extra_deals"],
                   "shared_win": values["game.shared_win"],
                   "money_cents": [values[f"money_cents.seat{s}"] for s in range(players)]}
    return record

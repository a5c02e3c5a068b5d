"""A run cut into shards of consecutive games, played locally (processes) or on a Dask cluster.

A shard is fixed by (run, first game, last game) alone, never by the number of
workers, and game g is seeded from (run seed, g): the shards are the same
whatever plays them, and their integer sums merge into the same totals in any
order. So a seeded run gives the same report on one core, on two, or on a cluster.
"""

from __future__ import annotations

import itertools
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Iterator

from heartspec.rules.model import CompiledRules
from heartspec.simulate.play import GameRecord, play_game
from heartspec.simulate.seat_protocol import bot_maker
from heartspec.simulate.stats import Tally

SHARD_GAMES = 50
DASK_IN_FLIGHT = 256  # shards submitted to a Dask cluster and not yet merged


@dataclass(frozen=True)
class Run:
    """Everything a shard needs, picklable: labelled compiled rules, a bot spec per seat, the seed."""

    tables: tuple[tuple[str, CompiledRules], ...]
    bots: tuple[str, ...]
    seed: int
    games: int
    core: str = "pure"  # "compiled": the compiled core's bots play every shard (heartspec.simulate.compiled)
    # --attribute: tables are A, B, then A with each of these rule_cells.Switch set to B's value
    cells: tuple = ()
    inert: tuple[str, ...] = ()  # rule paths that differ in the data yet change nothing in play at this table

    @property
    def shard_games(self) -> int:
        """Games per shard: fixed by the run, never by the workers (a compiled shard is far quicker)."""
        if self.core == "compiled":
            from heartspec.simulate.compiled import SHARD_GAMES as COMPILED_SHARD_GAMES
            return COMPILED_SHARD_GAMES
        return SHARD_GAMES


@dataclass
class ShardResult:
    """Sums over some games: tallies and histograms keyed by (scope, metric).

    scope is a ruleset label for that ruleset's own figures, or (label, baseline) for paired differences.
    """

    tallies: dict = field(default_factory=dict)
    histograms: dict = field(default_factory=dict)
    games: int = 0
    deals: int = 0
    seconds: float = 0.0
    attribution: object = None  # attribution.CrossSums of an --attribute run


    def tally(self, scope, metric: str) -> Tally:
        key = (scope, metric)
        if key not in self.tallies:
            self.tallies[key] = Tally()
        return self.tallies[key]

    def count(self, scope, metric: str, value: int) -> None:
        self.histograms.setdefault((scope, metric), Counter())[value] += 1

    def merge(self, other: "ShardResult") -> None:
        for key, tally in other.tallies.items():
            self.tally(*key).merge(tally)
        for key, counts in other.histograms.items():
            self.histograms.setdefault(key, Counter()).update(counts)
        self.games += other.games
        self.deals += other.deals
        self.seconds += other.seconds
        if other.attribution is not None:
            if self.attribution is None:
                self.attribution = other.attribution
            else:
                self.attribution.merge(other.attribution)


def shards(games: int, size: int = SHARD_GAMES) -> Iterator[tuple[int, int]]:
    """The shards of a run, made one at a time: a long run never holds the list of them."""
    return ((start, min(start + size, games)) for start in range(0, games, size))


def shard_count(games: int, size: int = SHARD_GAMES) -> int:
    return -(-games // size)


def run_shard(run: Run, start: int, stop: int) -> ShardResult:
    """Play games start..stop-1 under every ruleset of the run and sum what they measured."""
    started = time.perf_counter()
    if run.core == "compiled":
        from heartspec.simulate import compiled
        result = compiled.run_shard(run, start, stop)
        result.seconds = time.perf_counter() - started
        return result
    makers = [bot_maker(spec) for spec in run.bots]  # one per seat: a subprocess bot is one process per seat
    result = ShardResult()
    attributed = []
    try:
        for index in range(start, stop):
            records = [(label, play_game(rules, makers, run.seed, index)) for label, rules in run.tables]
            if run.cells:  # A and B are compared; the cells only feed the attribution's sums
                attributed.append([attribution_arrays(record, run) for _, record in records])
                records = records[:2]
            for label, record in records:
                _add_own(result, label, record)
            for i, (base_label, base) in enumerate(records):
                for label, record in records[i + 1:]:
                    _add_difference(result, (label, base_label), record, base)
            result.games += 1
        if run.cells:
            from heartspec.simulate.attribution import add_record_games

            result.attribution = new_cross_sums(run)
            add_record_games(result.attribution, attributed)
    finally:
        for make in makers:
            getattr(make, "close", lambda: None)()
    result.seconds = time.perf_counter() - started
    return result


def new_cross_sums(run: Run):
    """An --attribute shard's attribution.CrossSums: every figure, each cell and the whole difference."""
    from heartspec.simulate.attribution import CrossSums
    from heartspec.simulate.compiled import deal_metric_names, game_metric_names

    players = run.tables[0][1].players
    return CrossSums(tuple(deal_metric_names(players) + game_metric_names(players)), len(run.cells) + 1)


def attribution_arrays(record: GameRecord, run: Run) -> tuple:
    """A pure-path game as the (deal rows, game row) arrays attribution.py pairs."""
    import numpy as np

    from heartspec.simulate.attribution import deal_rows, money_row
    from heartspec.simulate.compiled import deal_metric_names

    players = run.tables[0][1].players
    names = deal_metric_names(players)
    rows = deal_rows([[deal.get(name) for name in names] for deal in record.deals], len(names))
    game = record.game
    row = money_row([game["deals"], game["extra_deals"], game["shared_win"], *game["money_cents"]], players)
    return rows, np.array(row)


def _add_own(result: ShardResult, label: str, record: GameRecord) -> None:
    deals = len(record.deals)
    for metric in _deal_metrics(record):
        measured = [d[metric] for d in record.deals if metric in d]
        result.tally(label, metric).add(sum(measured), len(measured))
    for metric, value in _game_metrics(record).items():
        result.tally(label, metric).add(value)
    result.count(label, "game.deals", deals)
    for deal in record.deals:
        if "points.queen_holder" in deal:
            result.count(label, "points.queen_holder", deal["points.queen_holder"])
    result.deals += deals


def _add_difference(result: ShardResult, scope: tuple[str, str], record: GameRecord, base: GameRecord) -> None:
    pairs = list(zip(record.deals, base.deals))
    base_measures = _deal_metrics(base)
    for metric in _deal_metrics(record):
        if metric in base_measures:
            paired = [d[metric] - b[metric] for d, b in pairs if metric in d and metric in b]
            result.tally(scope, metric).add(sum(paired), len(paired))
    base_metrics = _game_metrics(base)
    for metric, value in _game_metrics(record).items():
        if metric in base_metrics:
            result.tally(scope, metric).add(value - base_metrics[metric])
    result.count(scope, "game.deals", len(record.deals) - len(base.deals))


def _deal_metrics(record: GameRecord) -> dict[str, None]:
    """Every per-deal metric some deal of the game measured, in order. Most are in every deal, but
    a deal whose queen of spades lay in the kitty has no points.queen_holder: such a metric is
    averaged over the deals that have it (and paired over the deals both games have it in)."""
    return dict.fromkeys(metric for deal in record.deals for metric in deal)


def _game_metrics(record: GameRecord) -> dict[str, int]:
    game = record.game
    metrics = {"game.deals": game["deals"], "game.extra_deals": game["extra_deals"],
               "game.shared_win": game["shared_win"]}
    if any(game["money_cents"]):
        metrics.update({f"money_cents.seat{s}": m for s, m in enumerate(game["money_cents"])})
    return metrics


# ---------------------------------------------------------------- executors

def _run_job(job: tuple[Run, int, int]) -> ShardResult:
    return run_shard(*job)


def run_local(run: Run, workers: int, progress=None) -> ShardResult:
    """Every shard on this machine: in this process for one worker and built-in or subprocess bots,
    else in worker processes (heartspec.simulate.pool), which a user's callable cannot take down unnoticed."""
    from heartspec.simulate.pool import imap_unordered

    jobs = ((run, start, stop) for start, stop in shards(run.games, run.shard_games))
    total = ShardResult()
    if workers <= 1 and not any(_in_process_callable(bot) for bot in run.bots):
        _merge_all(total, map(_run_job, jobs), progress)
        return total
    _merge_all(total, imap_unordered(_run_job, jobs, min(workers, shard_count(run.games, run.shard_games)), run.bots),
               progress)
    return total


def _in_process_callable(bot: str) -> bool:
    """A `module:function` bot: Python code of the user's, run in the process that plays the shard."""
    return ":" in bot and not bot.startswith("exec:")


def run_dask(run: Run, scheduler, progress=None) -> ShardResult:
    """Every shard as a task on a Dask cluster (a scheduler address, or a Client to use as is)."""
    try:
        from dask.distributed import Client
    except ImportError:
        raise RuntimeError("the dask executor needs the dask extra: pip install 'heartspec[dask]'") from None
    try:
        client = scheduler if isinstance(scheduler, Client) else Client(scheduler)
    except (ValueError, OSError, TimeoutError) as err:
        raise RuntimeError(f"cannot reach the Dask scheduler {scheduler!r}: {err}") from None
    try:
        total = ShardResult()
        _merge_all(total, _dask_results(client, run), progress)
        return total
    finally:
        if client is not scheduler:
            client.close()


def _dask_results(client, run: Run):
    """Shards submitted as earlier ones finish, at most DASK_IN_FLIGHT at a time: a long run never
    builds every task up front, and the run's rules are sent to the cluster once."""
    from dask.distributed import as_completed

    shared = client.scatter(run, broadcast=True)
    pending = shards(run.games, run.shard_games)
    window = as_completed()
    for start, stop in itertools.islice(pending, DASK_IN_FLIGHT):
        window.add(client.submit(run_shard, shared, start, stop, pure=False))
    for future in window:
        yield future.result()
        following = next(pending, None)
        if following is not None:
            window.add(client.submit(run_shard, shared, *following, pure=False))


def _merge_all(total: ShardResult, results, progress) -> None:
    for result in results:
        total.merge(result)
        if progress is not None:
            progress(total.games)

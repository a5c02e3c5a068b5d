"""The compiled core's Monte Carlo bot: legal and measured like any bot, reproducible, stronger than the heuristic."""

from __future__ import annotations

import dataclasses
import random
import zlib

import pytest

from heartspec.engine import core
from heartspec.simulate import compiled
from heartspec.simulate.runner import SimulationError, prepare, simulate
from heartspec.simulate.stats import Tally

pytestmark = pytest.mark.skipif(not getattr(core._native, "MONTECARLO", 0),
                                reason="the compiled core with the Monte Carlo bot is not installed (pip install ./accel)")

from test_simulate_core import SETUPS, _label, _replayed, _rules, _run  # noqa: E402  (tests/ is on sys.path)

# one set-up per kind of deal the bot must sample: a kitty, two decks with cancelling cards, passing, 3 and 6 seats
REPLAYED = [s for s in SETUPS if _label(s) in {"dk@3", "dk+cancellation@6", "fi@4", "se@5", "no@4", "fi-classic@4"}]


def test_the_replayed_setups_cover_a_kitty_two_decks_and_passing():
    assert len(REPLAYED) >= 5
    assert any(_rules(s).kitty_size for s in REPLAYED) and any(_rules(s).copies == 2 for s in REPLAYED)


@pytest.mark.parametrize("setup", REPLAYED, ids=_label)
def test_every_card_the_montecarlo_bot_plays_is_legal_in_the_reference_engine(setup):
    """Its games replay in the reference engine with the same legal sets and play.py's metrics, like any bot's."""
    rules = _rules(setup)
    kinds = ("montecarlo-3", "heuristic") * (rules.players // 2) + ("random",) * (rules.players % 2)
    run = _run([setup], ",".join(kinds), seed=zlib.crc32(_label(setup).encode()), games=1)
    games, log = compiled.play_records(run, 0, 1, logged=True)
    (entries,) = core.games_of(log, rules)
    ((record,),) = games
    replayed = _replayed(rules, entries, tuple(k if k != "montecarlo-3" else "montecarlo" for k in kinds),
                         random.Random(1))
    assert replayed.deals == record.deals and replayed.game == record.game


def _margin(games: int, seat0: str, others: str, seed: int) -> Tally:
    run, _ = prepare(["dk"], 4, games, f"{seat0},{others},{others},{others}", seed, core="compiled")
    records, _ = compiled.play_records(run, 0, games)
    tally = Tally()
    for (record,) in records:
        tally.add(sum(3 * d["points.seat0"] - d["points.seat1"] - d["points.seat2"] - d["points.seat3"]
                      for d in record.deals), 3 * len(record.deals))
    return tally


def test_it_takes_fewer_points_than_the_heuristic_in_its_seat_against_three_heuristic_bots():
    montecarlo, heuristic = _margin(300, "montecarlo", "heuristic", 7), _margin(300, "heuristic", "heuristic", 7)
    assert montecarlo.interval()[1] < heuristic.interval()[0]  # the intervals do not even overlap


def test_the_same_seed_gives_the_same_games_and_the_budget_changes_them():
    run, _ = prepare(["fi"], 4, 3, "montecarlo-4,heuristic,random,montecarlo-4", 5, core="compiled")
    first, again = compiled.play_records(run, 0, 3, logged=True), compiled.play_records(run, 0, 3, logged=True)
    assert first == again
    other = dataclasses.replace(run, bots=("montecarlo-5", "heuristic", "random", "montecarlo-5"))
    assert compiled.play_records(other, 0, 3, logged=True)[1] != first[1]


def test_montecarlo_runs_on_workers_and_with_attribute_to_the_same_report():
    run = prepare(["dk", "se"], 4, 1001, "montecarlo-1,heuristic,heuristic,heuristic", 3, core="compiled",
                  attribute=True)
    one, two = simulate(*run, workers=1), simulate(*run, workers=2)
    assert one["shards"] == 2 and one["attribution"] == two["attribution"] and one["results"] == two["results"]
    assert one["bots"][0] == "montecarlo-1"
    distributed = pytest.importorskip("dask.distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        on_dask = simulate(*run, executor="dask", scheduler=client)
    assert on_dask["attribution"] == one["attribution"] and on_dask["results"] == one["results"]


@pytest.mark.parametrize("bots, core_name, message", [
    ("montecarlo", "pure", "compiled core only"),
    ("montecarlo-0", "compiled", "from 1 to"),
    ("montecarlo-x", "compiled", "from 1 to"),
    ("montecarlo-2,montecarlo-3,heuristic,heuristic", "compiled", "one budget"),
])
def test_a_wrong_montecarlo_request_is_one_clear_line(bots, core_name, message):
    with pytest.raises(SimulationError, match=message):
        prepare(["fi"], 4, 10, bots, 1, core=core_name)

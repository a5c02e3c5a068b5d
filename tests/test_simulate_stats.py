"""heartspec simulate's statistics on cases whose answers are known without simulating."""

from __future__ import annotations

import math
import random

from hypothesis import given, settings, strategies as st

from heartspec.rules import compile_rules, load_spec
from heartspec.simulate.report import build_report
from heartspec.simulate.shards import Run, ShardResult, run_shard
from heartspec.simulate.stats import Z95, Tally

SPEC = load_spec()


def compiled(ruleset: str, players: int = 4, variants: tuple[str, ...] = ()):
    return compile_rules(SPEC.resolve(ruleset, variants=variants, players=players))


# ---------------------------------------------------------------- the estimator

def test_game_level_mean_and_interval_match_the_textbook_formula():
    values = [3, 5, 4, 8, 10]
    tally = Tally()
    for v in values:
        tally.add(v)
    mean = sum(values) / len(values)
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1))
    half = Z95 * sd / math.sqrt(len(values))
    assert tally.mean == mean
    low, high = tally.interval()
    assert math.isclose(low, mean - half) and math.isclose(high, mean + half)


def test_per_deal_mean_is_total_over_deals_not_mean_of_game_means():
    tally = Tally()
    tally.add(10, 1)   # one game, one deal worth 10
    tally.add(0, 9)    # another game, nine deals worth 0
    assert tally.mean == 1.0  # 10 points over 10 deals, not (10 + 0) / 2


def test_constant_values_have_a_zero_width_interval():
    tally = Tally()
    for _ in range(5):
        tally.add(26, 2)
    assert tally.mean == 13.0
    assert tally.interval() == (13.0, 13.0)


def test_one_game_has_no_interval():
    tally = Tally()
    tally.add(4, 2)
    assert tally.interval() is None


@settings(max_examples=50, deadline=None)
@given(st.lists(st.tuples(st.integers(-50, 50), st.integers(1, 9)), min_size=2, max_size=30), st.integers(1, 29))
def test_merging_split_tallies_equals_one_tally(pairs, cut):
    whole, left, right = Tally(), Tally(), Tally()
    for i, (y, n) in enumerate(pairs):
        whole.add(y, n)
        (left if i < cut else right).add(y, n)
    right.merge(left)  # any order: the sums are exact integers
    assert right.as_tuple() == whole.as_tuple()
    assert right.interval() == whole.interval()


# ---------------------------------------------------------------- runs with known answers

def test_identical_rule_sets_differ_by_exactly_zero():
    fi = compiled("fi")
    run = Run(tables=(("fi", fi), ("fi again", fi)), bots=("heuristic",) * 4, seed=11, games=8)
    report = build_report(run, run_shard(run, 0, run.games), [], {})
    [difference] = report["differences"]
    assert difference["metrics"], "no paired figures at all"
    for key, figure in difference["metrics"].items():
        assert figure["mean"] == 0, key
        assert figure["ci95"] == [0.0, 0.0], key
    assert report["results"]["fi"] == report["results"]["fi again"]


def test_a_rule_that_cannot_bind_never_binds():
    # dk allows points on the first trick, fi forbids them; neither has a kitty at 4 players or two decks
    run = Run(tables=(("fi", compiled("fi")), ("dk", compiled("dk"))), bots=("random",) * 4, seed=5, games=10)
    result = run_shard(run, 0, run.games)
    assert result.tallies[("dk", "first_trick.points")].sum_y == 0
    assert result.tallies[("fi", "first_trick.points")].sum_y > 0  # the same deals do make fi's ban bind
    for label in ("fi", "dk"):
        for never in ("deck.kitty_to", "following.identical_cards", "following.all_cancelled", "game_end.ties"):
            assert result.tallies[(label, never)].sum_y == 0, (label, never)


def test_a_kitty_is_counted_where_the_ruleset_deals_one():
    dk3 = compiled("dk", players=3)
    run = Run(tables=(("dk3", dk3),), bots=("random",) * 3, seed=2, games=2)
    result = run_shard(run, 0, run.games)
    kitty = result.tallies[("dk3", "deck.kitty_to")]
    assert kitty.sum_y == kitty.sum_n  # one kitty taken in every deal


def test_the_queens_holder_is_measured_over_the_deals_where_a_seat_was_dealt_her():
    # dk at 3 players deals a kitty; in game 0 of seed 3 the queen of spades lies in it in deal 9 of 9
    dk3 = compiled("dk", players=3)
    run = Run(tables=(("dk3", dk3), ("dk3 again", dk3)), bots=("random",) * 3, seed=3, games=1)
    result = run_shard(run, 0, run.games)
    deals = result.tallies[("dk3", "moon")].sum_n
    holder = result.tallies[("dk3", "points.queen_holder")]
    assert (deals, holder.sum_n) == (9, 8)
    assert sum(result.histograms[("dk3", "points.queen_holder")].values()) == 8
    paired = result.tallies[(("dk3 again", "dk3"), "points.queen_holder")]
    assert (paired.sum_y, paired.sum_n) == (0, 8)


def test_cancellation_is_counted_only_with_two_decks():
    tables = (("se6", compiled("se", players=6)), ("se6 cancel", compiled("se", players=6, variants=("cancellation",))))
    run = Run(tables=tables, bots=("random",) * 6, seed=3, games=2)
    result = run_shard(run, 0, run.games)
    assert result.tallies[("se6", "following.identical_cards")].sum_y == 0
    assert result.tallies[("se6 cancel", "following.identical_cards")].sum_y > 0


def test_points_per_deal_add_up_to_the_deck_and_a_moon_to_three_times_it():
    # fi: a moon always adds 26 to each of the other three
    run = Run(tables=(("fi", compiled("fi")),), bots=("random",) * 4, seed=9, games=5)
    result = run_shard(run, 0, run.games)
    seats = sum(result.tallies[("fi", f"points.seat{s}")].sum_y for s in range(4))
    deals = result.tallies[("fi", "moon")].sum_n
    moons = result.tallies[("fi", "moon")].sum_y
    assert seats == 26 * (deals - moons) + 26 * 3 * moons


def test_a_seeded_run_reproduces_and_another_seed_does_not():
    tables = (("fi", compiled("fi")), ("dk", compiled("dk")))
    first = run_shard(Run(tables, ("heuristic",) * 4, seed=4, games=3), 0, 3)
    again = run_shard(Run(tables, ("heuristic",) * 4, seed=4, games=3), 0, 3)
    other = run_shard(Run(tables, ("heuristic",) * 4, seed=5, games=3), 0, 3)
    assert _sums(first) == _sums(again)
    assert _sums(first) != _sums(other)


def _sums(result: ShardResult) -> dict:
    return {key: tally.as_tuple() for key, tally in result.tallies.items()}


def test_shards_are_the_same_games_however_the_run_is_cut():
    run = Run((("fi", compiled("fi")),), ("random",) * 4, seed=8, games=6)
    whole = run_shard(run, 0, 6)
    cut = random.Random(1).randint(1, 5)
    parts = run_shard(run, cut, 6)
    parts.merge(run_shard(run, 0, cut))
    assert _sums(parts) == _sums(whole)
    assert parts.histograms == whole.histograms

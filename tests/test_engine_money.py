"""Money always balances: after every deal the seats' money plus the pot on the table is zero.

fi-classic is the only guide that plays for money ("Rahasta pelaaminen"); the games here are
random legal games of it with every settlement method, both ways of paying out a pot left at
the end, bonus cards that push a deal score below zero, and open-ended games the table stops.
"""

from __future__ import annotations

import io
import json
import random
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from heartspec.engine import Game, RuleError
from heartspec.engine.scoring import MOON_CHOICES
from heartspec.engine.selfplay import OPEN_ENDED_DEALS, _Log, _play_one_deal, play_games
from heartspec.rules import load_spec

SPEC = load_spec()
STAKES = ["0.1", "0.5", "1", "0.33", "2.75"]


def compiled(settlement: str, stake: str, unclaimed: str, bonus: bool, open_ended: bool):
    options = {"settlement": settlement, "stake": float(stake), "unclaimed_pot": unclaimed}
    if open_ended:
        options["target"] = None
    return SPEC.compile("fi-classic", ["omnibus-td"] if bonus else [], 4, options)


def balance(game: Game) -> Fraction:
    return sum(game.money, Fraction(0)) + game.pot


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    settlement=st.sampled_from(["pot", "pairwise", "zero_point_pot"]),
    stake=st.sampled_from(STAKES),
    unclaimed=st.sampled_from(["returned", "to_winners"]),
    bonus=st.booleans(),
    open_ended=st.booleans(),
    stop_after=st.integers(1, 6),
    totals=st.lists(st.integers(0, 99), min_size=4, max_size=4),
    seed=st.integers(0, 2**32 - 1),
)
def test_money_plus_the_pot_sums_to_zero_after_every_deal(settlement, stake, unclaimed, bonus, open_ended,
                                                           stop_after, totals, seed):
    per_deal = settlement in ("pairwise", "zero_point_pot")
    rules = compiled(settlement, stake, unclaimed, bonus, open_ended and per_deal)
    game = Game(rules, totals=totals)
    rng = random.Random(seed)
    while game.phase != "game_over":
        if rules.target is None and game.deals_scored >= stop_after:
            game.stop()
            break
        _play_one_deal(game, rng, _Log(None))
        if game.phase == "moon_choice":
            game.choose(game.turn, rng.choice(MOON_CHOICES))
        assert balance(game) == 0, f"after deal {game.deals_scored}: money {game.money}, pot {game.pot}"
        assert game.deals_scored < 200
    assert game.pot == 0, "the game ended with money still on the table"
    assert sum(game.money, Fraction(0)) == 0


def test_a_pot_left_at_the_end_is_returned_to_its_payers():
    rules = compiled("zero_point_pot", "1", "returned", bonus=False, open_ended=True)
    game = Game(rules)
    game._in_pot = [Fraction(3), Fraction(0), Fraction(5), Fraction(1)]  # as if three deals left it unclaimed
    game._game_money = [Fraction(-3), Fraction(0), Fraction(-5), Fraction(-1)]
    over = game.stop()[0]
    assert over["pot_share"] == [3, 0, 5, 1] and over["money"] == [0, 0, 0, 0]
    assert game.pot == 0 and game.phase == "game_over"


def test_stop_is_refused_where_the_game_has_a_length_and_outside_the_deal_phase():
    with_target = Game(compiled("pairwise", "1", "returned", bonus=False, open_ended=False))
    with pytest.raises(RuleError) as refused:
        with_target.stop()
    assert refused.value.code == "wrong_phase" and with_target.phase == "deal"
    open_ended = Game(compiled("pairwise", "1", "returned", bonus=False, open_ended=True))
    open_ended.deal_seeded(1)
    with pytest.raises(RuleError) as refused:
        open_ended.stop()
    assert refused.value.code == "wrong_phase" and open_ended.phase != "game_over"


def test_a_game_without_target_or_deal_limit_needs_money_settled_after_every_deal():
    for method in ("none", "pot"):
        with pytest.raises(ValueError, match="never ends"):
            SPEC.compile("fi-classic", [], 4, {"target": None, "settlement": method})
    assert SPEC.compile("fi-classic", [], 4, {"target": None, "settlement": "pairwise"}).target is None


def test_self_play_stops_an_open_ended_game_and_logs_the_stop():
    log = io.StringIO()
    summary = play_games(compiled("zero_point_pot", "0.5", "returned", bonus=False, open_ended=True),
                         games=2, seed=3, log=log)
    commands = [json.loads(line)["cmd"] for line in log.getvalue().splitlines()]
    assert commands.count("stop") == 2 and commands[-1] == "stop"
    assert 2 <= summary.deals <= 2 * OPEN_ENDED_DEALS

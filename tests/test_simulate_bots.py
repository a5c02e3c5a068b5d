"""Bots play through the engine's legal moves only, are seeded, and can be a user's own (seat protocol)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from heartspec.cards import cards_of, face
from heartspec.engine.game import Game
from heartspec.rules import compile_rules, load_spec
from heartspec.simulate.bots import HeuristicBot, RandomBot
from heartspec.simulate.play import play_game
from heartspec.simulate.runner import SimulationError, prepare, simulate
from heartspec.simulate.seat_protocol import bot_maker

SPEC = load_spec()
FIXTURES = Path(__file__).parent / "simulate_fixtures"
TABLES = [("fi", 4, ()), ("no", 4, ()), ("dk", 3, ()), ("dk", 5, ()), ("se", 6, ("cancellation",)),
          ("fi", 6, ()), ("fi-classic", 2, ("two-player",)), ("fi", 4, ("omnibus-jd",)), ("dk", 3, ("black-maria",))]


@pytest.fixture
def fixture_bots(monkeypatch):
    monkeypatch.syspath_prepend(str(FIXTURES))


def _rules(ruleset: str, players: int, variants: tuple[str, ...]):
    return compile_rules(SPEC.resolve(ruleset, variants=variants, players=players))


def _play_checked(rules, bot_class, seed: int, max_deals: int = 3) -> int:
    """Drive a game by hand, checking every bot answer against the engine's checked API; returns moves."""
    game = Game(rules)
    bots = [bot_class(seed * 10 + s) for s in range(rules.players)]
    moves = 0
    while game.phase != "game_over" and game.deals_scored < max_deals:
        game.deal_seeded(seed + game.deal_number)
        if game.phase == "passing":
            for seat in range(rules.players):
                chosen = bots[seat].pass_cards(game, seat)
                assert chosen & ~game.hands[seat] == 0, "passed a card it does not hold"
                assert chosen.bit_count() == rules.pass_count
                game.pass_cards(seat, [face(c) for c in cards_of(chosen)])  # the checked path refuses bad passes
        while game.phase == "playing":
            seat = game.turn
            card = bots[seat].play(game, seat, game.legal_mask(seat))
            assert face(card) in game.legal(seat)
            game.play(seat, face(card))  # the checked path: raises RuleError on an illegal card
            moves += 1
        if game.phase == "moon_choice":
            game.choose(game.turn, bots[game.turn].choose(game, game.turn))
    return moves


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(TABLES), st.sampled_from([RandomBot, HeuristicBot]), st.integers(0, 10_000))
def test_bots_only_pass_and_play_what_the_rules_allow(table, bot_class, seed):
    assert _play_checked(_rules(*table), bot_class, seed) > 0


@pytest.mark.parametrize("bot_class", [RandomBot, HeuristicBot])
def test_a_bot_with_the_same_seed_plays_the_same_game(bot_class):
    rules = _rules("fi", 4, ())
    makers = [bot_class] * 4
    assert play_game(rules, makers, seed=3, index=0).deals == play_game(rules, makers, seed=3, index=0).deals
    assert play_game(rules, makers, seed=3, index=0).deals != play_game(rules, makers, seed=4, index=0).deals


def _seated(ruleset: str, deal_number: int, *hands: str) -> Game:
    """A 4-player game dealt these three hands to seats 0-2 and the rest of the deck to seat 3."""
    from heartspec.cards import card_name, parse_card, standard_faces

    given = " ".join(hands).split()
    rest = " ".join(card_name(c) for c in standard_faces() if card_name(c) not in given)
    game = Game(_rules(ruleset, 4, ()), deal_number=deal_number)
    game.deal([[parse_card(c) for c in hand.split()] for hand in (*hands, rest)])
    return game


def _names_of(mask: int) -> set[str]:
    from heartspec.cards import card_name

    return {card_name(face(c)) for c in cards_of(mask)}


def test_heuristic_passes_the_unguarded_queen_and_keeps_a_guarded_one():
    bot = HeuristicBot(1)
    others = ("4D 5D 6D 7D 8D 9D TD JD QD KD AD 4H 5H", "6H 7H 8H 9H TH JH QH KH AH 6S 7S 8S 9S")
    unguarded = _seated("fi", 1, "QS 3S 2C 3C 4C 5C 6C 7C 8C 9C TC 2H 3H", *others)
    assert "QS" in _names_of(bot.pass_cards(unguarded, 0))
    guarded = _seated("fi", 1, "QS 2S 3S 4S 5S 2C 3C 4C 5C 6C 7C 8C 9C", *others)
    assert "QS" not in _names_of(bot.pass_cards(guarded, 0))


def test_heuristic_sheds_the_queen_when_void_and_ducks_when_following():
    from heartspec.cards import parse_card

    bot = HeuristicBot(1)
    # dk: points are allowed on the first trick; deal 4 passes no cards
    void = _seated("dk", 4, "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC", "QS 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
                   "AD 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS")
    void.play(0, parse_card("2C"))
    assert _names_of(1 << bot.play(void, 1, void.legal_mask(1))) == {"QS"}  # void in clubs: shed the queen
    ducking = _seated("dk", 4, "2C 4D 5D 6D 7D 8D 9D TD JD QD KD AD 2H", "KC 2S 3S 4S 5S 6S 7S 8S 9S TS JS 3H 4H",
                      "3C 8C AC 5H 6H 7H 8H 9H TH JH QH KH AH")
    ducking.play(0, parse_card("2C"))
    ducking.play(1, parse_card("KC"))
    assert _names_of(1 << bot.play(ducking, 2, ducking.legal_mask(2))) == {"8C"}  # the highest club under KC


# ---------------------------------------------------------------- a user's own bot

def _small_run(bots: str, games: int = 2):
    run, detail = prepare(["fi", "dk"], 4, games, bots, seed=1)
    return simulate(run, detail, workers=1)


def test_a_python_callable_plays_as_a_seat(fixture_bots):
    document = _small_run("seat_bots:lowest,heuristic,random,heuristic")
    assert document["bots"] == ["seat_bots:lowest", "heuristic", "random", "heuristic"]
    assert document["played"]["games"] == 2


def test_a_subprocess_plays_over_the_seat_protocol():
    command = f"exec:{sys.executable} {FIXTURES / 'seat_bots.py'}"
    subprocess_run = _small_run(f"{command},heuristic,heuristic,heuristic", games=1)
    sys.path.insert(0, str(FIXTURES))
    try:
        callable_run = _small_run("seat_bots:lowest,heuristic,heuristic,heuristic", games=1)
    finally:
        sys.path.remove(str(FIXTURES))
    assert subprocess_run["results"] == callable_run["results"]  # the same bot, two transports


@pytest.mark.parametrize("bot, message", [
    ("seat_bots:cheat", "not a legal card now"),
    ("seat_bots:crash", "this bot always fails"),
    ("seat_bots:nowhere", "has no function nowhere"),
    ("no_such_module:play", "cannot import no_such_module"),
    ("clever", "unknown bot 'clever'"),
    ("random,random", "names 2 bots for 4 seats"),
])
def test_a_bad_bot_stops_the_run_with_one_clear_message(fixture_bots, bot, message):
    with pytest.raises(SimulationError, match=message):
        _small_run(bot)


def test_a_subprocess_bot_that_dies_is_reported():
    with pytest.raises(SimulationError, match="exited"):
        _small_run(f"exec:{sys.executable} -c pass")


def test_bot_maker_knows_the_built_in_bots():
    assert bot_maker("random") is RandomBot and bot_maker("heuristic") is HeuristicBot


def test_a_subprocess_bot_is_one_process_per_seat_closed_when_the_shard_ends():
    from heartspec.simulate.shards import Run, run_shard

    maker = bot_maker(f"exec:{sys.executable} {FIXTURES / 'seat_bots.py'}")
    first, second = maker(1), maker(2)
    assert first.transport is second.transport  # every game of the seat talks to the same process
    rules = _rules("fi", 4, ())
    play_game(rules, [maker, RandomBot, RandomBot, RandomBot], seed=1, index=0)
    play_game(rules, [maker, RandomBot, RandomBot, RandomBot], seed=1, index=1)
    process = maker.process.process._process
    assert process.poll() is None
    maker.close()
    assert process.poll() is not None
    run = Run((("fi", rules),), (f"exec:{sys.executable} {FIXTURES / 'seat_bots.py'}",) + ("random",) * 3, 1, 2)
    assert run_shard(run, 0, 2).games == 2

"""The optional compiled playout (accel/, heartspec.engine.accel) makes the pure engine's moves.

The agreement tests need the extra (`pip install ./accel`) and are skipped without it;
what happens when it is asked for but missing is checked either way.
"""

from __future__ import annotations

import random

import pytest
from click.testing import CliRunner

from engine_helpers import configurations, standard
from heartspec import rules as rules_pkg
from heartspec.cli import main
from heartspec.engine import accel
from heartspec.engine.game import Game
from heartspec.engine.selfplay import _Log, _pass_randomly, play_games

CONFIGS = configurations()
needs_accel = pytest.mark.skipif(not accel.available(), reason="the accel extra is not installed (pip install ./accel)")


def _shipped() -> dict:
    spec = rules_pkg.load_spec()
    out = {}
    for ruleset in ("fi", "no", "dk", "se", "fi-classic"):
        for variants in ((), ("no-passing",), ("moon-choice",), ("qs-lead-exception",), ("open-any",),
                         ("omnibus-jd",), ("partnership",), ("no-queen",)):
            for players in (3, 4, 5, 6):
                try:
                    out[f"{ruleset}+{'+'.join(variants)}/{players}"] = rules_pkg.compile_rules(
                        spec.resolve(ruleset, variants=variants, players=players, options={}))
                except Exception:  # noqa: BLE001 - a combination the spec does not allow is simply not played
                    continue
    return out


def _play(rules, seed: int, play_out, deals: int = 6) -> list:
    """Shuffle, deal, pass and play `deals` deals; everything a deal leaves behind, deal by deal."""
    game, rng, seen = Game(rules), random.Random(seed), []
    game.quiet = True
    for _ in range(deals):
        if game.phase == "game_over":
            break
        cards = sorted(rules.deck, key=lambda _: rng.random())
        game.deal_physical(cards)
        if game.phase == "passing":
            _pass_randomly(game, cards, _Log(None))
        play_out(game, rng.random)
        seen.append((list(game.taken), game.hearts_broken, game.tricks_done, game.phase, game.turn))
        if game.phase == "moon_choice":
            game.choose(game.turn, "subtract_from_self")
        seen.append((list(game.totals), game.deal_number, game.dealer, game.money, rng.random()))
    return seen


@needs_accel
@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_the_compiled_playout_makes_the_pure_engines_moves(name):
    for seed in range(12):
        assert _play(CONFIGS[name], seed, accel.play_randomly) == _play(CONFIGS[name], seed, Game.play_randomly)


@needs_accel
def test_the_compiled_playout_agrees_on_every_shipped_ruleset_and_variant():
    shipped = _shipped()
    assert len(shipped) > 40
    for name, rules in shipped.items():
        for seed in range(4):
            assert _play(rules, seed, accel.play_randomly) == _play(rules, seed, Game.play_randomly), (name, seed)


@needs_accel
def test_the_compiled_playout_finishes_a_deal_begun_on_the_checked_path():
    for accelerated in (False, True):
        game = Game(standard(), deal_number=4)
        game.deal_seeded(3)
        game.play(game.turn, game.legal(game.turn)[0])  # a trick begun: the pure engine plays it out
        (accel.play_randomly if accelerated else Game.play_randomly)(game, random.Random(1).random)
        assert game.phase in ("deal", "game_over") and sum(game.last_deal_points) in (26, 78)


@needs_accel
def test_self_play_with_and_without_the_compiled_playout_gives_the_same_summary():
    for name in ("standard", "three_with_kitty", "cancellation_8", "two_winner_first", "choice_omnibus_extra_deal"):
        pure = play_games(CONFIGS[name], games=5, seed=9)
        fast = play_games(CONFIGS[name], games=5, seed=9, accel=True)
        assert (pure.deals, pure.moons, pure.avg_points_per_deal) == (fast.deals, fast.moons, fast.avg_points_per_deal)


def test_asking_for_the_missing_playout_is_a_clear_error(monkeypatch):
    monkeypatch.setattr(accel, "_native", None)
    with pytest.raises(accel.AccelUnavailable, match="pip install ./accel"):
        play_games(CONFIGS["standard"], games=1, seed=1, accel=True)
    result = CliRunner().invoke(main, ["play", "--ruleset", "fi", "--players", "4", "--seed", "1", "--accel"])
    assert result.exit_code == 2
    assert "pip install ./accel" in result.output and "Traceback" not in result.output


def test_without_the_extra_the_pure_engine_plays(monkeypatch):
    monkeypatch.setattr(accel, "_native", None)
    game = Game(standard())
    game.deal_seeded(5)
    for seat in range(4):
        game.pass_cards(seat, [c % 56 for c in range(56) if game.hands[seat] >> c & 1][:3])
    accel.play_randomly(game, random.Random(2).random)
    assert game.phase in ("deal", "game_over") and game.deals_scored == 1


# ------------------------------------------------------------------ hostile input (issue 18)
# The compiled playout takes a random() and a position from its caller: whatever they are, it
# raises a Python exception, and it never loops, reads past a table or ignores an interrupt.

def _dealt_game(seed: int = 5) -> Game:
    game = Game(standard(pass_cycle=("none",)))
    game.quiet = True
    game.deal_seeded(seed)
    return game


def _arguments(game: Game, random, **changes) -> list:
    """playout's arguments for `game` as engine.accel builds them, with some replaced."""
    first = game.tricks_done == 0
    args = {"random": random, "hands": tuple(game.hands), "leader": game.turn,
            "first_lead": game.legal_mask(game.turn) if first else 0, "suits": tuple(game._suit_masks),
            "breakers": tuple(game._hearts_breakers), "barred": game._first_trick_barred,
            "hearts": game._hearts, "queen": game._queen,
            "flags": (first, game._ban_before_suit, game._hearts_lead_guarded, game._hearts_and_queen, False)}
    args.update(changes)
    return list(args.values())


def _returning(value):
    return lambda: value


@needs_accel
@pytest.mark.parametrize("value, error", [
    (1.0, ValueError), (1.5, ValueError), (-0.25, ValueError), (float("nan"), ValueError),
    (float("inf"), ValueError), (0, TypeError), ("0.5", TypeError), (None, TypeError)])
def test_a_random_outside_zero_to_one_is_refused_not_played(value, error):
    game = _dealt_game()
    before = (list(game.hands), list(game.taken), game.tricks_done)
    with pytest.raises(error, match=r"random\(\) must return a float in \[0, 1\)"):
        accel.play_randomly(game, _returning(value))
    assert (list(game.hands), list(game.taken), game.tricks_done) == before  # nothing was applied


@needs_accel
def test_the_pure_engine_refuses_a_random_of_one_too():
    with pytest.raises((ValueError, IndexError)):
        _dealt_game().play_randomly(_returning(1.0))


@needs_accel
def test_an_error_raised_by_random_comes_through():
    def broken():
        raise ZeroDivisionError("from the caller's random")
    with pytest.raises(ZeroDivisionError, match="caller's random"):
        accel.play_randomly(_dealt_game(), broken)
    with pytest.raises(TypeError, match="callable"):
        accel._native.playout(*_arguments(_dealt_game(), 0.5))


@needs_accel
@pytest.mark.parametrize("change, message", [
    ("empty_first_lead", "no legal card"),
    ("empty_hands", "no seat holds a card"),
    ("uneven_hands", "as many cards"),
    ("card_twice", "held twice"),
    ("card_past_the_suits", "outside the suits"),
    ("suit_mask_overlapping", "another suit"),
    ("lead_not_in_hand", "does not hold"),
    ("leader_off_the_table", "a leader among them"),
    ("one_seat", "between 2 and 64 seats"),
    ("three_suits", "tuple of 4 masks"),
    ("negative_mask", "negative"),
    ("mask_too_wide", "too big|out of range"),
    ("mask_not_an_int", "must be an int"),
])
def test_a_position_the_engine_cannot_be_in_is_refused(change, message):
    game = _dealt_game()
    hands, leader = list(game.hands), game.turn
    other = (leader + 1) % 4
    changes = {
        "empty_first_lead": {"first_lead": 0},
        "empty_hands": {"hands": (0, 0, 0, 0), "first_lead": 0},
        "uneven_hands": {"hands": tuple(h & ~(h & -h) if s == other else h for s, h in enumerate(hands))},
        "card_twice": {"hands": tuple(h | (hands[leader] & -hands[leader]) if s == other else h
                                      for s, h in enumerate(hands))},
        "card_past_the_suits": {"hands": tuple(h & (h - 1) | (1 << 60) if s == other else h
                                               for s, h in enumerate(hands))},
        "suit_mask_overlapping": {"suits": (game._suit_masks[0] | 1 << 20, *game._suit_masks[1:])},
        "lead_not_in_hand": {"first_lead": hands[other]},
        "leader_off_the_table": {"leader": 4},
        "one_seat": {"hands": (hands[0],), "leader": 0},
        "three_suits": {"suits": tuple(game._suit_masks[:3])},
        "negative_mask": {"barred": -1},
        "mask_too_wide": {"hearts": 1 << 64},
        "mask_not_an_int": {"queen": 2.0},
    }[change]
    with pytest.raises((ValueError, OverflowError, TypeError), match=message):
        accel._native.playout(*_arguments(game, random.Random(1).random, **changes))


@needs_accel
def test_an_empty_legal_mask_is_an_error_not_a_loop():
    """A follower left with no card (a hand emptied behind the engine's back) is refused by the check."""
    game = _dealt_game()
    game.hands[(game.turn + 2) % 4] = 0
    with pytest.raises(ValueError):
        accel.play_randomly(game, random.Random(3).random)


@needs_accel
def test_a_random_written_in_c_cannot_keep_the_playout_from_an_interrupt():
    """random() here never returns to the Python interpreter: a C iterator chain that trips the
    interrupt flag (PyErr_SetInterrupt through ctypes) and yields 0.5, counting its calls. The
    playout must look at the flag between tricks: it stops after the first trick's four draws."""
    import ctypes
    import itertools
    import operator
    import signal

    if signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        pytest.skip("SIGINT is not Python's default handler here")
    trip = itertools.starmap(ctypes.pythonapi.PyErr_SetInterrupt, itertools.repeat(()))
    calls = itertools.count()
    random_in_c = operator.itemgetter(2).__call__
    draws = map(random_in_c, zip(trip, calls, itertools.repeat(0.5)))
    with pytest.raises(KeyboardInterrupt):
        accel._native.playout(*_arguments(_dealt_game(), draws.__next__))
    assert next(calls) == 4

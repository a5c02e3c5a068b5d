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

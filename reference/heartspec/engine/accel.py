"""The optional compiled playout (`pip install ./accel`, the heartspec-accel extra) behind self-play.

`play_randomly(game, random)` plays the rest of a deal exactly as `Game.play_randomly`
does, the same cards from the same draws of `random`, with the per-card loop in C. The
pure-Python engine stays the reference and the default: self-play uses this only when
asked (`heartspec play --accel`, `play_games(..., accel=True)`), only for what it covers
(one deck, no stock, between tricks, no rule counting), and falls back to the pure
engine otherwise. tests/test_engine_accel.py checks the two agree deal by deal.
"""

from __future__ import annotations

from heartspec.engine.game import Game

INTERFACE = 2  # the playout arguments this module passes (heartspec_accel.INTERFACE)

try:
    import heartspec_accel as _native
except ImportError:  # the extra is not installed
    _native = None
_stale = _native is not None and getattr(_native, "INTERFACE", 1) != INTERFACE
if _stale:  # built from an older checkout: its playout takes other arguments
    _native = None


class AccelUnavailable(RuntimeError):
    """The compiled playout was asked for but is not installed."""


def available() -> bool:
    return _native is not None


def require() -> None:
    if _native is None:
        state = "built from an older checkout" if _stale else "not installed"
        raise AccelUnavailable(f"the compiled playout is {state}: pip install ./accel (from a heartspec checkout)")


def covers(game: Game) -> bool:
    """What the compiled loop plays: one deck (card ids below 64), no stock, a trick not begun, nothing counted."""
    return (game.phase == "playing" and game.rules.copies == 1 and not game.stock and not game.trick
            and game.rule_counts is None)


def play_randomly(game: Game, random) -> None:
    """`game.play_randomly(random)`, compiled where `covers(game)`; the pure engine elsewhere."""
    if _native is None or not covers(game):
        game.play_randomly(random)
        return
    first = game.tricks_done == 0
    leader = game.turn
    taken, first_winner, broken, tricks = _native.playout(
        random, tuple(game.hands), leader, game.legal_mask(leader) if first else 0,
        tuple(game._suit_masks), tuple(game._hearts_breakers), game._first_trick_barred,
        game._hearts, game._queen,
        (first, game._ban_before_suit, game._hearts_lead_guarded, game._hearts_and_queen, game.hearts_broken))
    for seat, cards in enumerate(taken):
        game.taken[seat] |= cards
        game.hands[seat] = 0
    if first_winner >= 0:  # the kitty goes with the first trick
        game.taken[first_winner] |= game.kitty
        game.kitty = 0
    game.tricks_done += tricks
    game.hearts_broken = broken
    game.turn = None
    game._score_deal(None)

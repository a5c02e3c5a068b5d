"""Counting the play sequences a position allows (perft, as chess engines count move paths).

`perft(game, depth)` is the number of distinct sequences of `depth` cards the rules let the
table play from `game`'s position, a card being a face as the protocol names it (two copies
of one face are one choice). A deal that ends sooner counts once. The count checks a move
generator as a whole: one card wrongly allowed or refused anywhere in the tree changes it, so
the compiled core's `perft` must give the reference engine's count (tests/test_engine_perft.py,
against counts committed in tests/fixtures/perft.json).
"""

from __future__ import annotations

import copy

from heartspec.engine.game import Game

# the attributes a play changes in place; everything else a play rebinds or leaves alone
_MUTABLE = ("hands", "taken", "trick", "totals", "passes", "_in_pot", "_game_money")


def clone(game: Game) -> Game:
    """A game that plays on without touching `game`."""
    child = copy.copy(game)
    for name in _MUTABLE:
        value = getattr(game, name)
        setattr(child, name, value.copy())
    child.quiet = True
    child.rule_counts = None
    return child


def perft(game: Game, depth: int) -> int:
    """Distinct card sequences of length `depth` from here (a sequence ends early when the deal does)."""
    if depth == 0 or game.phase != "playing":
        return 1
    seat, nodes = game.turn, 0
    for card in game.legal(seat):
        child = clone(game)
        child.play(seat, card)
        nodes += perft(child, depth - 1)
    return nodes

"""The reference engine with one planted difference, for the fuzz tests.

    python tests/fuzz_engines/planted.py legal-7d     # `legal` never lists the seven of diamonds
    python tests/fuzz_engines/planted.py crash-3rd-game  # exits on the third new_game, then behaves
    python tests/fuzz_engines/planted.py refusal-breaks-hearts  # a refused play still marks hearts broken

Unlike tests/mutants/ (rules an implementation might get wrong), these plant
differences whose smallest reproduction is known in advance.
"""

from __future__ import annotations

import os
import sys

from heartspec.protocol import server as server_module


def legal_without_seven_of_diamonds() -> None:
    original = server_module.Server._legal

    def legal(self, request):
        body = original(self, request)
        body["cards"] = [card for card in body["cards"] if card != "7D"]
        return body

    server_module.Server._legal = legal


def crash_on_third_game() -> None:
    """Exits while answering the third new_game of its life that starts a game (refused ones, such as
    fuzz's probes, do not count): a restarted engine counts afresh."""
    original = server_module.Server._new_game
    seen = []

    def new_game(self, request):
        body = original(self, request)
        seen.append(1)
        if len(seen) == 3:
            os._exit(4)
        return body

    server_module.Server._new_game = new_game


def refusal_breaks_hearts() -> None:
    """Refuses an illegal play with the right code, but marks hearts broken anyway: a refusal that changes the game."""
    from heartspec.engine import RuleError

    original = server_module.Server._play

    def play(self, request):
        try:
            return original(self, request)
        except RuleError:
            if self.game is not None:
                self.game.hearts_broken = True
            raise

    server_module.Server._play = play


PLANTS = {"legal-7d": legal_without_seven_of_diamonds, "crash-3rd-game": crash_on_third_game,
          "refusal-breaks-hearts": refusal_breaks_hearts}

if __name__ == "__main__":
    PLANTS[sys.argv[1]]()
    from heartspec.cli import main

    main(["engine"])

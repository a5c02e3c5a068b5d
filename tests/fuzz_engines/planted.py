"""The reference engine with one planted difference, for the fuzz tests.

    python tests/fuzz_engines/planted.py legal-7d     # `legal` never lists the seven of diamonds
    python tests/fuzz_engines/planted.py crash-3rd-game  # exits on the third new_game, then behaves
    python tests/fuzz_engines/planted.py refusal-breaks-hearts  # a refused play still marks hearts broken
    python tests/fuzz_engines/planted.py forced-heart-keeps-hearts-unbroken  # fi, 4 players: a heart forced onto
                                                              # the first trick does not break hearts
    python tests/fuzz_engines/planted.py fi-4p-only       # hello claims fi at 4 players, no variant (one set-up)
    python tests/fuzz_engines/planted.py bad-request-miscoded  # every bad_request goes out as unknown_command
    python tests/fuzz_engines/planted.py PLANT PLANT ...  # several at once

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


def forced_heart_keeps_hearts_unbroken() -> None:
    """fi at 4 players: a heart that falls on the first trick (a hand void in the led suit holding only point
    cards) does not break hearts, as if the first trick's point ban still held for the break. A rare cell:
    no fi scenario forces a heart onto the first trick."""
    from heartspec.cards import HEARTS, suit_of
    from heartspec.engine.game import Game

    original = Game.play_physical

    def play_physical(self, seat, card):
        first_trick, broken = self.tricks_done == 0, self.hearts_broken
        events = original(self, seat, card)
        if (self.rules.ruleset == "fi" and self.players == 4 and first_trick and not broken
                and suit_of(card) == HEARTS and self.hearts_broken):
            self.hearts_broken = False
            events = [e for e in events if e.get("type") != "hearts_broken"]
        return events

    Game.play_physical = play_physical


def claims_fi_four_players_only() -> None:
    original = server_module.Server._hello

    def hello(self, request):
        body = original(self, request)
        body["supports"] = {"rulesets": ["fi"], "variants": [], "players": {"fi": [4]}}
        return body

    server_module.Server._hello = hello


def bad_request_miscoded() -> None:
    from heartspec.protocol import endpoint

    original = endpoint.Endpoint.handle

    def handle(self, request):
        response = original(self, request)
        if response.get("ok") is False and response["error"]["code"] == "bad_request":
            response["error"]["code"] = "unknown_command"
        return response

    endpoint.Endpoint.handle = handle


PLANTS = {"legal-7d": legal_without_seven_of_diamonds, "crash-3rd-game": crash_on_third_game,
          "refusal-breaks-hearts": refusal_breaks_hearts,
          "forced-heart-keeps-hearts-unbroken": forced_heart_keeps_hearts_unbroken,
          "fi-4p-only": claims_fi_four_players_only, "bad-request-miscoded": bad_request_miscoded}

if __name__ == "__main__":
    for plant in sys.argv[1:]:
        PLANTS[plant]()
    from heartspec.cli import main

    main(["engine"])

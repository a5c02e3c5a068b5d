"""{name}: a Hearts engine for heartspec (protocol v1), written on the Python engine kit.

The kit, heartspec_kit.py beside this file, reads the request lines, parses strict JSON, checks
each field's type and seat, answers hello and quit, and writes the responses. This file is the
game. It answers hello now and refuses every game with `unsupported`, so a conformance run checks
the envelope and skips the rest; fill in the methods below, one at a time, and run it again
(README.md has the command). The rules of {ruleset}: `heartspec rules {ruleset}`.
"""

import sys

from heartspec_kit import CARDS, Engine, Refusal, in_card_order, serve  # noqa: F401 - the helpers you will want


class {class_name}(Engine):
    name, version = "{name}", "0.1.0"
    supports = {{"rulesets": ["{ruleset}"], "variants": [], "players": {{"{ruleset}": [{players}]}}}}

    def new_game(self, ruleset, players, variants, options):
        """Start a game. Refuse a table size the ruleset forbids, an option it does not have or a value it
        does not allow with invalid_game, and what you do not play yet with unsupported. Options given as
        null are already left out (but target: null means no points target)."""
        raise Refusal("unsupported", "this engine plays no game yet")

    def deal(self, hands, kitty, stock):
        """One list of card names per seat; return {{"phase", "pass_direction", "turn"}}."""
        raise Refusal("wrong_phase", "this engine deals no cards yet")

    def pass_cards(self, seat, cards):
        """One seat's pass; return the events (the last pass: one cards_received per seat)."""
        raise Refusal("wrong_phase", "this engine takes no pass yet")

    def play(self, seat, card):
        """A card by the seat to move; return the events, card_played first."""
        raise Refusal("wrong_phase", "this engine takes no play yet")

    def state(self):
        """The whole position, as spec/protocol.md 6.7 lists its fields."""
        raise Refusal("wrong_phase", "this engine shows no state yet")

    def legal(self, seat):
        """The names of the cards the seat may play now; empty when it is not that seat's turn."""
        return []


if __name__ == "__main__":
    sys.exit(serve({class_name}()))

"""Engines wrong about one refusal kind each: the reference engine, but one error code goes astray.

    python tests/mutants/refusal_mutants.py accepts-hearts_not_broken
    python tests/mutants/refusal_mutants.py miscodes-already_passed

`accepts-CODE` (the four rule refusals): `legal` still lists the right cards, but
`play` lets a card the rule refuses through, as an engine whose move generator
and move checker disagree. `miscodes-CODE` (every other refusal): the request is
still refused and changes nothing, but under a neighbouring code an engine
author might confuse it with. `heartspec fuzz` must find each one (its refusal
probes, heartspec.fuzz.probes), as tests/test_fuzz_refusals.py checks; these are
not rule-area mutants of the conformance matrix (tests/mutants/mutant_engine.py).
"""

from __future__ import annotations

import sys

from heartspec.engine.errors import RuleError
from heartspec.engine.game import Game
from heartspec.protocol import server as server_module

ACCEPTED_RULES = ("must_follow_suit", "hearts_not_broken", "points_on_first_trick", "must_lead_opening_card")
CONFUSED_WITH = {  # the code refused, and the code this engine answers instead
    "not_your_turn": "wrong_phase",
    "card_not_in_hand": "invalid_card",
    "invalid_card": "card_not_in_hand",
    "invalid_pass": "bad_request",
    "already_passed": "wrong_phase",
    "invalid_deal": "bad_request",
    "wrong_phase": "not_your_turn",
    "bad_request": "unknown_command",
    "unknown_command": "bad_request",
    "unsupported": "invalid_game",
    "invalid_game": "unsupported",
}


def accept(code: str) -> None:
    """`play` plays a card it should refuse with `code`, as if it were legal."""
    original = Game.play

    def play(self, seat, card):
        try:
            return original(self, seat, card)
        except RuleError as error:
            if error.code != code:
                raise
            copies = self.hands[seat] & self._face_copies[card]
            return self.play_physical(seat, (copies & -copies).bit_length() - 1)

    Game.play = play


def miscode(code: str, instead: str) -> None:
    """Every refusal with `code` goes out as `instead`; the game is left as the reference leaves it."""
    original = server_module.Server.handle_line

    def handle_line(self, line):
        response = original(self, line)
        error = response.get("error") if response else None
        if error and error.get("code") == code:
            error["code"] = instead
        return response

    server_module.Server.handle_line = handle_line


MUTATIONS = {
    **{f"accepts-{code}": (lambda code=code: accept(code)) for code in ACCEPTED_RULES},
    **{f"miscodes-{code}": (lambda code=code, instead=instead: miscode(code, instead))
       for code, instead in CONFUSED_WITH.items()},
}


def main() -> None:
    if len(sys.argv) != 2 or sys.argv[1] not in MUTATIONS:
        sys.exit(f"usage: refusal_mutants.py {{{','.join(MUTATIONS)}}}")
    MUTATIONS[sys.argv[1]]()
    from heartspec.cli import main as cli_main

    cli_main(["engine"])


if __name__ == "__main__":
    main()

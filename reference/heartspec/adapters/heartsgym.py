"""HeartsGym's `Hearts` environment (module `HeartsGym.Hearts`) behind heartspec protocol v1.

Run it as an engine:  python -m heartspec.adapters.heartsgym [--spec DIR]

Written against: PyPI `HeartsGym` 0.43 (extra `heartspec[heartsgym]`); any other
installed version is refused at start-up (exit 2).

`Hearts` plays one hand of four players and nothing more: no passing, no game
across deals.  `reset()` deals (through its `dealHands`) and seats the holder of
the 2C first; `step(action)` plays the card at a shuffled index of the current
player's hand, scores each trick and, after the thirteenth, applies its moon
rule, reports `done` with a reward per seat and logs "Game over".  The adapter:

* gives `reset()` the protocol's hands by replacing `dealHands` on the instance;
* turns a protocol card into the action index whose shuffled key points at it;
* reads the card actually played (the one gone from the hand), the trick's taker
  and points (the environment's log line for the trick), and the deal's scores.

Every judgement is the library's.  `step` never refuses a card in hand: when
`isActionValid` says no, it plays the first valid card in its shuffled action
order instead, and the adapter reports that card as played (ok, with the
events the library produced).  A seat other than the environment's current
player gets `not_your_turn` (`step` takes no seat); a card not in hand
`card_not_in_hand` (there is no action for it).  `legal` lists the cards
`isActionValid` accepts.  The environment shuffles its action keys with
Python's global `random`; the adapter seeds it with 0 at each deal, so that a
game plays the same way every time.

One hand: the game is over after it (the library's own "Game over"); the
winners are the seats the library rewards most (`reward = 1 - score / 26`), the
totals the starting totals plus the hand's scores.  A game whose deal passes
cards is `unsupported` (the library has no passing).  `hello` says
`supports.deals: 1`, so the conformance suite skips a scenario once it needs
the game to go on to a second deal.

Claims: dk, fi, fi-classic, no and se at four players, for games whose first
deal passes no cards (deal 4 of the usual cycle, or the no-passing variant),
with the variants that change nothing else the library cannot express.  Rules
it plays its own way are listed as approximations.  Cannot express
(`unsupported`): passing, other table sizes and decks, kitty and stock, other
point values, an opening other than the 2C by its holder, partnerships,
settlement.
"""

from __future__ import annotations

import random
import re
import sys
from typing import Any

from heartspec.adapters.base import (
    PLAYERS,
    AdapterServer,
    Fit,
    GameStart,
    Library,
    Unsupported,
    adapter_main,
    names,
    pass_direction,
    plain_points_problems,
    require_phase,
    table_problems,
)
from heartspec.cards import card_name, parse_card
from heartspec.protocol.messages import RequestError, card_from_json

LIBRARY = Library("heartsgym", "HeartsGym.Hearts", ("0.43",), "heartsgym")
ENGINE_NAME = "heartsgym-adapter"
LIB = "HeartsGym"
LIBRARY_SUITS = "SCHD"  # Card.spade, clubs, hearts, dimonds = 0..3
RANKS = "23456789TJQKA"  # Card.number 2..14
TRICK_LOG = re.compile(r"Player (\d) wins the trick and gets (\d+) point")


# --------------------------------------------------------------------------
# cards: heartspec face ids <-> the library's Card(suit, number)

def to_library(face: int):
    from HeartsGym.Hearts import Card

    name = card_name(face)
    return Card(LIBRARY_SUITS.index(name[1]), RANKS.index(name[0]) + 2)


def from_library(card) -> int:
    return parse_card(RANKS[card.number - 2] + LIBRARY_SUITS[card.suit])


# --------------------------------------------------------------------------
# which rules the library plays

def fit_rules(rules) -> Fit:
    problems = table_problems(rules, LIB) + plain_points_problems(rules, LIB)
    if rules.pass_count and "none" not in rules.pass_cycle:
        problems.append(f"{LIB} has no passing, and every deal of this game passes")
    if problems:
        raise Unsupported("; ".join(problems))
    return Fit(tuple(_approximations(rules)))


def _approximations(rules) -> list[str]:
    notes = [f"game: {LIB} plays one hand; its game is over after it"]
    if rules.hearts_broken_by != "heart_played" or not rules.queen_breaks_hearts:
        notes.append(f"hearts_broken_by: {LIB} counts hearts broken once a trick with a heart or the queen of spades is taken")
    if rules.first_trick_points != "allowed":
        notes.append(f"first_trick: {LIB} puts no limit on point cards in the first trick")
    if rules.moon_enabled:  # HeartsGym's own rule would take 26 off the shooter and add 26 to the others
        notes.append(f"moon: {LIB} stops looking for a moon at the second trick that carries points, so it never scores one")
    return notes


# --------------------------------------------------------------------------
# one game: one hand

class AdapterGame:
    def __init__(self, rules, start: GameStart):
        from HeartsGym.Hearts import Hearts

        if pass_direction(rules, start.deal_number) != "none":
            raise Unsupported(f"{LIB} has no passing, and deal {start.deal_number} of this game passes")
        self.rules = rules
        self.env = Hearts()
        self.dealer, self.deal_number = start.dealer, start.deal_number
        self.start_totals = list(start.totals)
        self.phase = "deal"
        self.trick: list[tuple[int, int]] = []
        self.points: list[int] | None = None
        self.winners: list[int] = []

    pass_direction = "none"

    def require_phase(self, phase: str) -> None:
        require_phase(self.phase, phase)

    def turn(self) -> int | None:
        return int(self.env.getCurrentPlayer()) if self.phase == "playing" else None

    def hand(self, seat: int) -> list[int]:
        return [from_library(c) for c in self.env.state["hands"][seat]]

    # ---- deal

    def deal(self, hands: list[list[int]]) -> dict:
        dealt = [[to_library(c) for c in hand] for hand in hands]
        self.env.dealHands = lambda: dealt  # reset() deals through dealHands
        random.seed(0)  # the environment shuffles its action keys with the global random
        self.env.reset()
        self.phase = "playing"
        return {"phase": self.phase, "pass_direction": self.pass_direction, "turn": self.turn(), "events": []}

    def pass_cards(self, seat: int, cards: list[int]) -> dict:
        raise RequestError("wrong_phase", f"the game is in phase {self.phase!r}, not 'passing'")

    # ---- play

    def legal(self, seat: int) -> list[int]:
        if seat != self.turn():
            return []
        hand = self.env.getCurrentPlayersHand()
        keys = self.env.state["actionKey"]
        return [from_library(hand[keys[a]]) for a in range(len(keys)) if self.env.isActionValid(a)]

    def play(self, seat: int, card_json: Any) -> dict:
        if seat != self.turn():  # step() plays for the environment's current player only
            raise RequestError("not_your_turn", f"it is seat {self.turn()}'s turn in {LIB}, not seat {seat}'s")
        card = card_from_json(card_json)
        if card not in self.rules.deck:
            raise RequestError("invalid_card", f"{card_name(card)} is not a card of {LIB}'s deck")
        before = self.hand(seat)
        if card not in before:
            raise RequestError("card_not_in_hand", f"seat {seat} does not hold {card_name(card)}")
        was_broken = self._broken()
        action = self.env.state["actionKey"].index(before.index(card))
        self.env.log = ""
        _, reward, done = self.env.step(action)
        played = next(c for c in before if c not in self.hand(seat))  # the library may have played another card
        if played != card:
            print(f"{LIB} played {card_name(played)} for seat {seat}, asked for {card_name(card)}", file=sys.stderr)
        self.trick.append((seat, played))
        events: list[dict] = [{"type": "card_played", "seat": seat, "card": card_name(played)}]
        if self._broken() and not was_broken:
            events.append({"type": "hearts_broken"})
        taken = TRICK_LOG.search(self.env.log)
        if taken:
            events.append({"type": "trick_won", "seat": int(taken.group(1)), "cards": names(c for _, c in self.trick),
                           "points": int(taken.group(2))})
            self.trick = []
        if done:
            events += self._end(reward)
        return {"events": events}

    def _broken(self) -> bool:
        """The library's test for a heart lead (isActionValid): a heart or the queen of spades in a taken trick."""
        from HeartsGym.Hearts import Card

        past = self.env.state["pastCards"]
        return Card.listContainCard(past, Card.hearts) or Card.listContainCard(past, Card.spade, Card.queen)

    def _end(self, reward: list[float]) -> list[dict]:
        self.points = [int(p) for p in self.env.state["scores"]]
        totals = self.totals()
        moon = None
        if "Over The MOON" in self.env.log:
            moon = {"seat": int(self.env.state["shootingTheMoon"]), "effect": "add_to_others"}
        best = max(reward)
        self.winners = [s for s in range(PLAYERS) if reward[s] == best]
        self.phase = "game_over"
        return [{"type": "deal_scored", "points": list(self.points), "totals": totals, "moon": moon},
                {"type": "game_over", "totals": totals, "winners": list(self.winners)}]

    def totals(self) -> list[int]:
        """The starting totals, plus the hand's scores once it is over."""
        if self.points is None:
            return list(self.start_totals)
        return [t + p for t, p in zip(self.start_totals, self.points)]

    def _points_so_far(self) -> list[int]:
        if self.phase == "deal":
            return [0] * PLAYERS
        return [int(p) for p in self.env.state["scores"]]

    # ---- state

    def snapshot(self) -> dict:
        playing = self.phase == "playing"
        payload = {
            "phase": self.phase, "players": PLAYERS, "deal_number": self.deal_number, "dealer": self.dealer,
            "turn": self.turn(), "pass_direction": self.pass_direction,
            "hands": [names(sorted(self.hand(s))) if playing else [] for s in range(PLAYERS)],
            "trick": [{"seat": s, "card": card_name(c)} for s, c in self.trick],
            "hearts_broken": self._broken() if self.phase != "deal" else False,
            "passed": [], "deal_points": self._points_so_far() if self.points is None else list(self.points),
            "totals": self.totals(),
        }
        if self.phase == "game_over":
            payload["winners"] = list(self.winners)
        return payload


# --------------------------------------------------------------------------
# the protocol server

class Server(AdapterServer):
    engine_name = ENGINE_NAME
    library = LIBRARY
    lib = LIB
    fit_rules = staticmethod(fit_rules)
    game_class = AdapterGame

    def supports(self) -> dict:
        return {**super().supports(), "deals": 1}  # one hand: a scenario needing a second deal is skipped


def main(argv: list[str] | None = None) -> int:
    return adapter_main(LIBRARY, "python -m heartspec.adapters.heartsgym",
                        "Serve HeartsGym's one-hand Hearts environment over heartspec protocol v1 on stdin/stdout.",
                        lambda args: Server(args.spec), argv)


if __name__ == "__main__":
    sys.exit(main())

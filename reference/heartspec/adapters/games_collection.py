"""games-collection's Hearts (`card_games.hearts.game.HeartsGame`) behind heartspec protocol v1.

Run it as an engine:  python -m heartspec.adapters.games_collection [--spec DIR]

Written against: PyPI `games-collection` 1.6.1 (extra `heartspec[games-collection]`);
any other installed version is refused at start-up (exit 2).

`HeartsGame` is a whole game: four players, a pass each deal by its own cycle
(left, right, across, none by round number), thirteen tricks, the moon, totals
and a game end at a points target.  It leaves the order of play to its caller
(its own command line asks the 2C holder, then clockwise from each trick's
winner), and the adapter is that caller:

* the protocol's `deal` becomes the library's own deal (`deal_cards`) of a deck
  stacked so that its round-robin dealing gives each seat its protocol hand;
* the four protocol passes are buffered and handed to `pass_cards` together;
* each `play` goes to `play_card` for the seat named, and after the fourth card
  of a trick to `complete_trick`; at the end of the deal `calculate_scores`, then
  `is_game_over(target)` and `get_winner()`.

Every judgement is the library's: which cards are legal (`is_valid_play`,
`get_valid_plays`), whether hearts are broken, who takes a trick, the points,
the moon, the pass direction, the end of the game and its winner.  What the
library lets through, the adapter lets through too: `play_card` takes a card
from any seat, so a play out of turn is accepted (and reported as played),
where the protocol says `not_your_turn`.  `play_card` refuses an illegal card
with no reason; the adapter then names the nearest protocol code and says the
library gave no reason.  The turn the adapter reports is the library's order
of play: the trick's leader, then clockwise, one seat per card in the trick.

Claims: dk, fi, fi-classic, no and se at four players, with every variant that
changes nothing the library cannot express.  Rules the library plays its own
way are claimed and listed as approximations (`hello`, stderr): hearts broken by
any heart or by the queen of spades; point cards on the first trick allowed
only from a hand of nothing else; its fixed pass cycle; the moon always adding
26 to the others; the game over once a total reaches the target; one winner
even on a tie.  Cannot express (`unsupported`): other table sizes and decks,
kitty and stock, other point values, an opening other than the 2C by its
holder, partnerships, settlement, passing other than three cards, a game
without a points target, a deal limit.
"""

from __future__ import annotations

import sys
from typing import Any

from heartspec.adapters.base import (
    HAND_SIZE,
    PLAYERS,
    AdapterServer,
    Fit,
    GameStart,
    Library,
    Unsupported,
    adapter_main,
    check_pass,
    moon_notes,
    names,
    plain_points_problems,
    received_events,
    require_phase,
    table_problems,
    unexplained_refusal,
)
from heartspec.cards import card_name, parse_card
from heartspec.protocol.messages import RequestError, card_from_json

LIBRARY = Library("games-collection", "card_games.hearts.game", ("1.6.1",), "games-collection")
ENGINE_NAME = "games-collection-hearts-adapter"
LIB = "games-collection"
LIBRARY_CYCLE = ("left", "right", "across", "none")  # HeartsGame.get_pass_direction, by round number


# --------------------------------------------------------------------------
# cards: heartspec face ids <-> the library's Card (rank, Suit)

def to_library(face: int):
    from card_games.common.cards import parse_card as library_card

    return library_card(card_name(face))


def from_library(card) -> int:
    return parse_card(card.rank + card.suit.name[0])


# --------------------------------------------------------------------------
# which rules the library plays

def fit_rules(rules) -> Fit:
    problems = table_problems(rules, LIB) + plain_points_problems(rules, LIB)
    if rules.pass_count != 3:
        problems.append(f"{LIB} passes three cards every deal but each fourth, never {rules.pass_count}")
    if rules.target is None:
        problems.append(f"{LIB} ends a game only when a total reaches a points target")
    if rules.max_deals is not None:
        problems.append(f"{LIB} has no deal limit")
    if problems:
        raise Unsupported("; ".join(problems))
    return Fit(tuple(_approximations(rules)))


def _approximations(rules) -> list[str]:
    notes = []
    if rules.hearts_broken_by != "heart_played" or not rules.queen_breaks_hearts:
        notes.append(f"hearts_broken_by: {LIB} breaks hearts with any heart played and with the queen of spades")
    if rules.first_trick_points != "forbidden_unless_only_points":
        notes.append(f"first_trick: {LIB} allows point cards on the first trick only from a hand of nothing else")
    cycle = tuple(rules.pass_cycle[k % len(rules.pass_cycle)] for k in range(12))
    if cycle != LIBRARY_CYCLE * 3:
        notes.append(f"passing.cycle: {LIB} passes left, right, across, none, whatever the ruleset's cycle")
    if rules.heart_leads_before_broken != "forbidden" or tuple(rules.heart_lead_exceptions) != ("hearts_only",):
        notes.append(f"heart_leads: {LIB} refuses a heart lead before hearts break unless the hand holds only hearts")
    notes += moon_notes(rules, LIB)
    if rules.end_condition != "reaches":
        notes.append(f"game_end: {LIB} ends the game once a total reaches the target, not only above it")
    if rules.ties != "shared":
        notes.append(f"ties: {LIB} names one winner, the first seat with the lowest total")
    return notes


class StackedDeck:
    """The `rng` the library's deal shuffles with: it lays the deck out in the protocol's deal."""

    def __init__(self):
        self.order: list = []

    def shuffle(self, cards: list) -> None:
        cards[:] = self.order


def stacked_order(hands: list[list[int]]) -> list:
    # deal_cards gives the top card to seat 0, the next to seat 1, ..., thirteen rounds
    return [to_library(hands[seat][k]) for k in range(HAND_SIZE) for seat in range(PLAYERS)]


# --------------------------------------------------------------------------
# one game

class AdapterGame:
    def __init__(self, rules, start: GameStart):
        from card_games.hearts.game import HeartsGame, HeartsPlayer

        self.rules = rules
        self.deck = StackedDeck()
        self.players = [HeartsPlayer(name=f"seat {seat}", score=start.totals[seat]) for seat in range(PLAYERS)]
        self.lib_game = HeartsGame(self.players, rng=self.deck)
        self.lib_game.round_number = start.deal_number - 1  # the library's pass cycle runs by round number
        self.dealer = start.dealer
        self.phase = "deal"
        self.pending: dict[int, list[int]] = {}
        self.leader = 0
        self.winners: list[int] = []
        self.last_points: list[int] | None = None

    @property
    def deal_number(self) -> int:
        return self.lib_game.round_number + 1

    @property
    def pass_direction(self) -> str:
        return self.lib_game.get_pass_direction().name.lower()

    def require_phase(self, phase: str) -> None:
        require_phase(self.phase, phase)

    def turn(self) -> int | None:
        if self.phase != "playing":
            return None
        return (self.leader + len(self.lib_game.current_trick)) % PLAYERS

    def hand(self, seat: int) -> list[int]:
        return [from_library(c) for c in self.players[seat].hand]

    # ---- deal and passing

    def deal(self, hands: list[list[int]]) -> dict:
        self.deck.order = stacked_order(hands)
        self.lib_game.deal_cards()
        self.pending = {}
        self.last_points = None
        if self.pass_direction == "none":
            self._start_play()
        else:
            self.phase = "passing"
        return {"phase": self.phase, "pass_direction": self.pass_direction, "turn": self.turn(), "events": []}

    def pass_cards(self, seat: int, cards: list[int]) -> dict:
        check_pass(seat, cards, self.hand(seat), self.rules.deck, self.pending, LIB)
        self.pending[seat] = list(cards)
        if len(self.pending) < PLAYERS:
            return {"events": []}
        passes = {self.players[s]: [to_library(c) for c in cs] for s, cs in self.pending.items()}
        try:
            self.lib_game.pass_cards(passes)
        except ValueError as why:  # the library's own pass checks, which it makes only once all four are in
            del self.pending[seat]
            raise RequestError("invalid_pass", f"{LIB} refuses the passes: {why}") from None
        self._start_play()
        return {"events": received_events(dict(sorted(self.pending.items())), self.pass_direction)}

    def _start_play(self) -> None:
        self.phase = "playing"
        self.leader = self.players.index(self.lib_game.find_starting_player())

    # ---- play

    def legal(self, seat: int) -> list[int]:
        if seat != self.turn():
            return []
        return [from_library(c) for c in self.lib_game.get_valid_plays(self.players[seat])]

    def play(self, seat: int, card_json: Any) -> dict:
        # no turn check: the library's play_card takes a card from any seat
        card = card_from_json(card_json)
        if card not in self.rules.deck:
            raise RequestError("invalid_card", f"{card_name(card)} is not a card of {LIB}'s deck")
        hand = self.hand(seat)
        if card not in hand:
            raise RequestError("card_not_in_hand", f"seat {seat} does not hold {card_name(card)}")
        game = self.lib_game
        trick = [(self.players.index(p), from_library(c)) for p, c in game.current_trick]
        was_broken = game.hearts_broken
        try:
            game.play_card(self.players[seat], to_library(card))
        except ValueError:  # "Invalid play": the library names no rule
            raise unexplained_refusal(LIB, seat, card, hand, trick, self._cards_played()) from None
        events: list[dict] = [{"type": "card_played", "seat": seat, "card": card_name(card)}]
        if game.hearts_broken and not was_broken:
            events.append({"type": "hearts_broken"})
        if len(game.current_trick) == PLAYERS:
            events += self._complete_trick()
        return {"events": events}

    def _complete_trick(self) -> list[dict]:
        game = self.lib_game
        cards = [card_name(from_library(c)) for _, c in game.current_trick]
        before = [p.calculate_round_points() for p in self.players]
        winner = self.players.index(game.complete_trick())
        self.leader = winner
        points = self.players[winner].calculate_round_points() - before[winner]
        events = [{"type": "trick_won", "seat": winner, "cards": cards, "points": points}]
        if all(not p.hand for p in self.players):
            events += self._end_deal()
        return events

    def _end_deal(self) -> list[dict]:
        game = self.lib_game
        scores = game.calculate_scores()
        points = [scores[p.name] for p in self.players]
        self.last_points = points
        totals = [p.score for p in self.players]
        shooters = [s for s, p in enumerate(self.players) if game.last_round_events.get(p.name)]
        moon = {"seat": shooters[0], "effect": "add_to_others"} if shooters else None
        events = [{"type": "deal_scored", "points": points, "totals": totals, "moon": moon}]
        if game.is_game_over(target_score=self.rules.target):
            self.phase = "game_over"
            self.winners = [self.players.index(game.get_winner())]
            return events + [{"type": "game_over", "totals": totals, "winners": list(self.winners)}]
        game.round_number += 1  # what the library's own round loop does after scoring
        self.dealer = (self.dealer + self.rules.dealer_rotation) % PLAYERS
        self.phase = "deal"
        return events + [{"type": "next_deal", "deal_number": self.deal_number, "dealer": self.dealer,
                          "pass_direction": self.pass_direction}]

    def _cards_played(self) -> int:
        return PLAYERS * HAND_SIZE - sum(len(p.hand) for p in self.players)

    # ---- state

    def snapshot(self) -> dict:
        dealt = self.phase in ("passing", "playing")
        game = self.lib_game
        payload = {
            "phase": self.phase, "players": PLAYERS, "deal_number": self.deal_number, "dealer": self.dealer,
            "turn": self.turn(), "pass_direction": self.pass_direction,
            "hands": [names(sorted(self.hand(s))) if dealt else [] for s in range(PLAYERS)],
            "trick": [{"seat": self.players.index(p), "card": card_name(from_library(c))} for p, c in game.current_trick],
            "hearts_broken": bool(game.hearts_broken) if self.phase != "deal" else False,
            "passed": sorted(self.pending) if self.phase != "deal" else [],
            "deal_points": self._deal_points(dealt),
            "totals": [p.score for p in self.players],
        }
        if self.phase == "game_over":
            payload["winners"] = list(self.winners)
        return payload

    def _deal_points(self, dealt: bool) -> list[int]:
        if dealt:
            return [p.calculate_round_points() for p in self.players]
        if self.phase == "game_over" and self.last_points is not None:
            return list(self.last_points)
        return [0] * PLAYERS


# --------------------------------------------------------------------------
# the protocol server

class Server(AdapterServer):
    engine_name = ENGINE_NAME
    library = LIBRARY
    lib = LIB
    fit_rules = staticmethod(fit_rules)
    game_class = AdapterGame


def main(argv: list[str] | None = None) -> int:
    return adapter_main(LIBRARY, "python -m heartspec.adapters.games_collection",
                        "Serve games-collection's Hearts over heartspec protocol v1 on stdin/stdout.",
                        lambda args: Server(args.spec), argv)


if __name__ == "__main__":
    sys.exit(main())

"""gym-hearts' `HeartsEnv` (module `gymhearts`) behind heartspec protocol v1.

Run it as an engine:  python -m heartspec.adapters.gym_hearts [--spec DIR]

Written against: PyPI `gym-hearts` 0.0.3 (with `treys` 0.1.8 for its cards; extra
`heartspec[gym-hearts]`); any other installed version is refused at start-up (exit 2).

`HeartsEnv` plays whole games of four players with no passing: `step(card)`
plays a card for the player whose turn the environment says it is, scores each
trick, starts the next deal itself after thirteen tricks, applies the moon when
`enable_shooting_the_moon()` was called, and reports `done` once a total is
100 or more (its `endgame_score` argument is never read).  The adapter:

* deals each protocol deal through the library's own `_start_new_round`, with
  `treys`' Deck replaced in the `gymhearts.env` module by a deck stacked in the
  protocol's order; for a later deal the library has already started its next
  round when the previous deal ended, so the adapter deals it again with the
  protocol's cards, keeping the flags the library set after its own deal (the
  round count, and `_is_heart_broken`);
* plays `play` through `step`; a seat other than the environment's current
  player gets `not_your_turn`, since `step` takes no seat;
* reads the environment's `valid_hand_cards` for `legal`, the trick's taker and
  points from `step`'s `info`, the totals from its players' scores.

Every judgement is the library's.  `step` checks no rule: any card in the
player's hand is played (the adapter answers ok with what the library
produced), and only a card not in hand is refused (the library raises).  The
library's `valid_hand_cards` is reported as it is, also where it is empty (on
the first trick, a hand void in clubs holding only hearts and the queen of
spades) or wrong.  The library names no winner at the end; the adapter reports
the seats with the lowest total.  The moon is enabled whenever the ruleset has
one; the library then always adds 26 to the others.

Claims: dk, fi, fi-classic, no and se at four players; since the library never
passes, every deal is played as dealt and reported with pass direction `none`
(rule difference, shown by the suite), and the no-passing variant is claimed.
Rules the library plays its own way are listed as approximations.  Cannot
express (`unsupported`): other table sizes and decks, kitty and stock, other
point values, an opening other than the 2C by its holder, partnerships,
settlement, a target other than 100 or none, a deal limit.
"""

from __future__ import annotations

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
    lowest,
    moon_notes,
    names,
    plain_points_problems,
    require_phase,
    table_problems,
)
from heartspec.cards import card_name, parse_card
from heartspec.protocol.messages import RequestError, card_from_json

LIBRARY = Library("gym-hearts", "gymhearts.env", ("0.0.3",), "gym-hearts")
ENGINE_NAME = "gym-hearts-adapter"
LIB = "gym-hearts"
LIBRARY_TARGET = 100  # HeartsEnv.step ends the game at a score of 100 or more, whatever endgame_score says


# --------------------------------------------------------------------------
# cards: heartspec face ids <-> treys card integers

def to_library(face: int) -> int:
    from treys.card import Card

    name = card_name(face)
    return Card.new(name[0] + name[1].lower())


def from_library(card: int) -> int:
    from treys.card import Card

    return parse_card(Card.int_to_str(card).upper())


# --------------------------------------------------------------------------
# which rules the library plays

def fit_rules(rules) -> Fit:
    problems = table_problems(rules, LIB) + plain_points_problems(rules, LIB)
    if rules.target != LIBRARY_TARGET:
        wanted = "without a target" if rules.target is None else f"at {rules.target}"
        problems.append(f"{LIB} ends every game at a score of {LIBRARY_TARGET}, never {wanted}")
    if rules.max_deals is not None:
        problems.append(f"{LIB} has no deal limit")
    if problems:
        raise Unsupported("; ".join(problems))
    return Fit(tuple(_approximations(rules)))


def _approximations(rules) -> list[str]:
    notes = []
    if rules.pass_count:
        notes.append(f"passing: {LIB} never passes cards")
    if rules.hearts_broken_by != "heart_played":
        notes.append(f"hearts_broken_by: {LIB} breaks hearts with any heart played")
    if rules.first_trick_points != "forbidden":
        notes.append(f"first_trick: {LIB} keeps hearts and the queen of spades out of the first trick's legal cards")
    if tuple(rules.heart_lead_exceptions) != ():
        notes.append(f"heart_leads: {LIB} offers no heart lead before hearts break, even from a hand of only hearts")
    notes += moon_notes(rules, LIB) if rules.moon_enabled else []
    if rules.end_condition != "reaches":
        notes.append(f"game_end: {LIB} ends the game once a total reaches {LIBRARY_TARGET}, not only above it")
    if rules.ties == "extra_deal":
        notes.append(f"ties: {LIB} ends the game at {LIBRARY_TARGET} even on a tie for the lowest total")
    return notes


def stacked_deck_class():
    """treys' Deck, dealing the cards the adapter lays out (the library draws 13 per seat, seat 0 first)."""
    from treys.deck import Deck

    class StackedDeck(Deck):
        order: list[int] = list(Deck.GetFullDeck())

        def shuffle(self) -> None:
            self.cards = list(reversed(StackedDeck.order))  # draw() pops from the end

    return StackedDeck


def silent_strategy():
    from gymhearts.strategy import IStrategy

    return IStrategy()  # the players' watch() raises NotImplementedError, which the library ignores


# --------------------------------------------------------------------------
# one game

class AdapterGame:
    def __init__(self, rules, start: GameStart):
        import gymhearts.env as env_module

        self.rules = rules
        self.deck = stacked_deck_class()
        env_module.Deck = self.deck  # the library deals from the module's Deck
        self.env = env_module.HeartsEnv()
        for _ in range(PLAYERS):
            self.env.add_player(silent_strategy())
        for player, total in zip(self.env._players, start.totals):
            player._score, player._round_scores = total, [total]  # the starting totals, committed
        if rules.moon_enabled:
            self.env.enable_shooting_the_moon()
        self.dealer, self.deal_number = start.dealer, start.deal_number
        self.phase = "deal"
        self.started = False
        self.trick: list[tuple[int, int]] = []
        self.deal_totals = list(start.totals)
        self.trick_points = [0] * PLAYERS
        self.last_points: list[int] | None = None
        self.winners: list[int] = []

    pass_direction = "none"  # the library never passes

    def require_phase(self, phase: str) -> None:
        require_phase(self.phase, phase)

    def turn(self) -> int | None:
        return int(self.env._current_player_id) if self.phase == "playing" else None

    def hand(self, seat: int) -> list[int]:
        return [from_library(c) for c in self.env._players[seat].get_hand_cards()]

    # ---- deal

    def deal(self, hands: list[list[int]]) -> dict:
        self.deck.order = [to_library(c) for hand in hands for c in hand]
        env = self.env
        if not self.started:
            env.start()
            self.started = True
        else:
            # the library started this round itself when the last deal ended; deal it again with the
            # protocol's cards, keeping what the library had set after its own deal
            kept = env._round, env._is_heart_broken
            env._start_new_round()
            env._round, env._is_heart_broken = kept
        self.phase = "playing"
        self.trick, self.trick_points, self.last_points = [], [0] * PLAYERS, None
        self.deal_totals = self.totals()
        return {"phase": self.phase, "pass_direction": self.pass_direction, "turn": self.turn(), "events": []}

    def pass_cards(self, seat: int, cards: list[int]) -> dict:
        raise RequestError("wrong_phase", f"the game is in phase {self.phase!r}, not 'passing'")

    def totals(self) -> list[int]:
        return [int(p.get_score()) for p in self.env._players]

    # ---- play

    def legal(self, seat: int) -> list[int]:
        if seat != self.turn():
            return []
        return [from_library(c) for c in self.env.get_observation()["valid_hand_cards"]]

    def play(self, seat: int, card_json: Any) -> dict:
        if seat != self.turn():  # step() plays for the environment's current player only
            raise RequestError("not_your_turn", f"it is seat {self.turn()}'s turn in {LIB}, not seat {seat}'s")
        card = card_from_json(card_json)
        if card not in self.rules.deck:
            raise RequestError("invalid_card", f"{card_name(card)} is not a card of {LIB}'s deck")
        if card not in self.hand(seat):
            raise RequestError("card_not_in_hand", f"seat {seat} does not hold {card_name(card)}")
        was_broken = self.env._is_heart_broken
        _, _, done, info = self.env.step(to_library(card))
        self.trick.append((seat, card))
        events: list[dict] = [{"type": "card_played", "seat": seat, "card": card_name(card)}]
        if self.env._is_heart_broken and not was_broken:
            events.append({"type": "hearts_broken"})
        if "punish_player_id" in info:
            events += self._trick_won(info)
        if info.get("is_new_round") or done:
            events += self._end_deal(done)
        return {"events": events}

    def _trick_won(self, info: dict) -> list[dict]:
        winner, points = int(info["punish_player_id"]), int(info["punish_score"])
        self.trick_points[winner] += points
        cards = names(c for _, c in self.trick)
        self.trick = []
        return [{"type": "trick_won", "seat": winner, "cards": cards, "points": points}]

    def _end_deal(self, done: bool) -> list[dict]:
        totals = self.totals()
        points = [t - d for t, d in zip(totals, self.deal_totals)]
        self.last_points = points
        # the library's moon leaves the shooter on its earlier total and adds 26 to the others
        shooters = [s for s in range(PLAYERS) if self.trick_points[s] == 26 and points[s] == 0]
        moon = {"seat": shooters[0], "effect": "add_to_others"} if shooters else None
        events = [{"type": "deal_scored", "points": points, "totals": totals, "moon": moon}]
        if done:
            self.phase = "game_over"
            self.winners = lowest(totals)  # the library names no winner
            return events + [{"type": "game_over", "totals": totals, "winners": list(self.winners)}]
        self.phase = "deal"
        self.deal_number += 1
        self.dealer = (self.dealer + self.rules.dealer_rotation) % PLAYERS
        return events + [{"type": "next_deal", "deal_number": self.deal_number, "dealer": self.dealer,
                          "pass_direction": self.pass_direction}]

    # ---- state

    def snapshot(self) -> dict:
        playing = self.phase == "playing"
        payload = {
            "phase": self.phase, "players": PLAYERS, "deal_number": self.deal_number, "dealer": self.dealer,
            "turn": self.turn(), "pass_direction": self.pass_direction,
            "hands": [names(sorted(self.hand(s))) if playing else [] for s in range(PLAYERS)],
            "trick": [{"seat": s, "card": card_name(c)} for s, c in self.trick],
            "hearts_broken": bool(self.env._is_heart_broken) if self.phase != "deal" else False,
            "passed": [], "deal_points": self._deal_points(), "totals": self.totals(),
        }
        if self.phase == "game_over":
            payload["winners"] = list(self.winners)
        return payload

    def _deal_points(self) -> list[int]:
        if self.phase == "playing":
            return [t - d for t, d in zip(self.totals(), self.deal_totals)]
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
    return adapter_main(LIBRARY, "python -m heartspec.adapters.gym_hearts",
                        "Serve gym-hearts' HeartsEnv over heartspec protocol v1 on stdin/stdout.",
                        lambda args: Server(args.spec), argv)


if __name__ == "__main__":
    sys.exit(main())

"""Finnish Hertta (heartspec ruleset `fi`) at four players, written on the Python engine kit.

Only the game is here: the kit (heartspec.kit) reads the lines, parses strict JSON, checks each field's
type and seat, and answers hello and quit. Run it as a heartspec engine:

    heartspec conform --engine "python reference/kits/python/examples/fi4.py"

The rules, as `heartspec rules fi` prints them: 52 cards, 13 each; pass 3 cards left, right, across,
then no pass; the holder of 2C leads it; no heart or QS on the first trick (unless the hand holds
nothing else); hearts break when one is discarded; no heart lead before that unless the hand is all
hearts; hearts 1 point, QS 13; taking all 26 shoots the moon; the game ends after a deal in which a
total passes the target (100), or after deal `max_deals` when that is agreed; the lowest total wins.
"""

from __future__ import annotations

import sys

from heartspec.kit import CARDS, Engine, Refusal, in_card_order, serve

PLAYERS = 4
DECK = [card for card in CARDS if card[0] != "X"]  # no jokers at four players
HAND_SIZE = 13
PASS_COUNT = 3
PASS_CYCLE = ("left", "right", "across", "none")
PASS_OFFSET = {"left": 1, "right": -1, "across": 2}
RANK_ORDER = "23456789TJQKA"
PENALTY_CARDS = 14  # the 13 hearts and QS
OPTIONS = {"dealer", "deal_number", "totals", "target", "max_deals", "moon_effect"}
MOON_EFFECTS = ("add_to_others", "subtract_from_self")


def points_of(card: str) -> int:
    return 13 if card == "QS" else 1 if card[1] == "H" else 0


def suit_of(card: str) -> str:
    return card[1]


class FinnishHertta(Engine):
    name, version = "fi4-python-example", "1.0"
    supports = {"rulesets": ["fi"], "variants": [], "players": {"fi": [PLAYERS]}}

    def __init__(self):
        self.phase = None

    # --- the game's set-up -------------------------------------------------------------

    def new_game(self, ruleset, players, variants, options):
        if not 3 <= players <= 6:
            raise Refusal("invalid_game", f"fi plays with 3 to 6 players, not {players}")
        if players != PLAYERS:
            raise Refusal("unsupported", f"this engine plays fi at {PLAYERS} players only")
        unknown = set(options) - OPTIONS
        if unknown:
            raise Refusal("invalid_game", f"fi has no option {', '.join(sorted(unknown))}")
        dealer, deal_number = options.get("dealer", 0), options.get("deal_number", 1)
        totals = options.get("totals", [0] * PLAYERS)
        target, max_deals = options.get("target", 100), options.get("max_deals")
        moon_effect = options.get("moon_effect", "add_to_others")
        if not 0 <= dealer < PLAYERS:
            raise Refusal("invalid_game", f"dealer {dealer} is not a seat")
        if deal_number < 1 or (max_deals is not None and max_deals < 1) or (target is not None and target < 1):
            raise Refusal("invalid_game", "deal_number, max_deals and target start from 1")
        if len(totals) != PLAYERS:
            raise Refusal("invalid_game", f"totals must be {PLAYERS} numbers")
        if target is None and max_deals is None:
            raise Refusal("invalid_game", "with no points target the game needs max_deals, or it never ends")
        if moon_effect not in MOON_EFFECTS:
            raise Refusal("invalid_game", f"moon_effect is one of {', '.join(MOON_EFFECTS)}")
        self.target, self.max_deals, self.moon_effect = target, max_deals, moon_effect
        self.totals, self.last_points, self.winners = list(totals), [0] * PLAYERS, None
        self.start_deal(dealer, deal_number)

    def start_deal(self, dealer, deal_number):
        self.phase, self.dealer, self.deal_number = "deal", dealer, deal_number
        self.pass_direction = PASS_CYCLE[(deal_number - 1) % len(PASS_CYCLE)]
        self.hands = [[] for _ in range(PLAYERS)]
        self.passes = {}
        self.trick, self.tricks_played, self.turn = [], 0, None
        self.hearts_broken, self.deal_points = False, [0] * PLAYERS

    def deal(self, hands, kitty, stock):
        self.require_phase("deal")
        for card in [c for hand in hands for c in hand] + (kitty or []) + (stock or []):
            if card not in CARDS:
                raise Refusal("invalid_card", f"{card!r} is not a card")
        if kitty or stock:
            raise Refusal("invalid_deal", "fi has no kitty and no stock")
        if len(hands) != PLAYERS or any(len(hand) != HAND_SIZE for hand in hands):
            raise Refusal("invalid_deal", f"deal {PLAYERS} hands of {HAND_SIZE} cards")
        if sorted(c for hand in hands for c in hand) != sorted(DECK):
            raise Refusal("invalid_deal", "the hands are not the 52-card deck")
        self.hands = [in_card_order(hand) for hand in hands]
        if self.pass_direction == "none":
            self.start_play()
        else:
            self.phase = "passing"
        return {"phase": self.phase, "pass_direction": self.pass_direction, "turn": self.turn}

    # --- passing ------------------------------------------------------------------------

    def pass_cards(self, seat, cards):
        self.require_phase("passing")
        if seat in self.passes:
            raise Refusal("already_passed", f"seat {seat} has already passed this deal")
        self.require_cards(cards)
        if len(cards) != PASS_COUNT or len(set(cards)) != len(cards):
            raise Refusal("invalid_pass", f"pass exactly {PASS_COUNT} different cards")
        for card in cards:
            self.require_held(seat, card)
        self.passes[seat] = cards
        if len(self.passes) < PLAYERS:
            return []
        return self.exchange()

    def exchange(self):
        offset = PASS_OFFSET[self.pass_direction]
        received = {(giver + offset) % PLAYERS: (giver, cards) for giver, cards in self.passes.items()}
        for giver, cards in self.passes.items():
            self.hands[giver] = [c for c in self.hands[giver] if c not in cards]
        events = []
        for seat in range(PLAYERS):
            giver, cards = received[seat]
            self.hands[seat] = in_card_order(self.hands[seat] + cards)
            events.append({"type": "cards_received", "seat": seat, "from": giver, "cards": in_card_order(cards)})
        self.start_play()
        return events

    # --- play ---------------------------------------------------------------------------

    def start_play(self):
        self.phase = "playing"
        self.turn = next(seat for seat, hand in enumerate(self.hands) if "2C" in hand)

    def play(self, seat, card):
        self.require_phase("playing")
        if seat != self.turn:
            raise Refusal("not_your_turn", f"it is seat {self.turn}'s turn, not seat {seat}'s")
        self.require_cards([card])
        self.require_held(seat, card)
        self.check_play(self.hands[seat], card)
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        events = [{"type": "card_played", "seat": seat, "card": card}]
        if self.trick[0][0] != seat and suit_of(card) == "H" and suit_of(self.trick[0][1]) != "H" \
                and not self.hearts_broken:
            self.hearts_broken = True
            events.append({"type": "hearts_broken"})
        if len(self.trick) < PLAYERS:
            self.turn = (seat + 1) % PLAYERS
            return events
        return events + self.finish_trick()

    def check_play(self, hand, card):
        """The refusals of a play by the seat to move, in the protocol's order (spec/protocol.md 6.5)."""
        if not self.trick:
            if self.tricks_played == 0 and card != "2C":
                raise Refusal("must_lead_opening_card", "the first trick must be led with 2C")
            if suit_of(card) == "H" and not self.hearts_broken and any(suit_of(c) != "H" for c in hand):
                raise Refusal("hearts_not_broken", f"hearts are not broken yet, so {card} may not be led")
            return
        led = suit_of(self.trick[0][1])
        if suit_of(card) != led and any(suit_of(c) == led for c in hand):
            raise Refusal("must_follow_suit", f"{card} does not follow the led suit {led}")
        if self.tricks_played == 0 and points_of(card) and any(not points_of(c) for c in hand):
            raise Refusal("points_on_first_trick", f"{card} carries points and this is the first trick")

    def legal(self, seat):
        if self.phase != "playing" or seat != self.turn:
            return []
        hand, allowed = self.hands[seat], []
        for card in hand:
            try:
                self.check_play(hand, card)
            except Refusal:
                continue
            allowed.append(card)
        return in_card_order(allowed)

    def finish_trick(self):
        led = suit_of(self.trick[0][1])
        winner, _ = max((entry for entry in self.trick if suit_of(entry[1]) == led),
                        key=lambda entry: RANK_ORDER.index(entry[1][0]))
        cards = [card for _, card in self.trick]
        points = sum(map(points_of, cards))
        self.deal_points[winner] += points
        self.trick, self.tricks_played, self.turn = [], self.tricks_played + 1, winner
        events = [{"type": "trick_won", "seat": winner, "cards": cards, "points": points}]
        if not self.hands[winner]:
            events += self.score_deal()
        return events

    # --- scoring and the end of the game ----------------------------------------------

    def score_deal(self):
        points, moon = list(self.deal_points), None
        shooter = next((seat for seat, taken in enumerate(points) if taken == 26), None)
        if shooter is not None:
            moon = {"seat": shooter, "effect": self.moon_effect}
            if self.moon_effect == "add_to_others":
                points = [0 if seat == shooter else 26 for seat in range(PLAYERS)]
            else:
                points = [-26 if seat == shooter else 0 for seat in range(PLAYERS)]
        self.totals = [total + gained for total, gained in zip(self.totals, points)]
        self.last_points = points
        events = [{"type": "deal_scored", "points": points, "totals": list(self.totals), "moon": moon}]
        if self.game_ends():
            low = min(self.totals)
            self.winners = [seat for seat, total in enumerate(self.totals) if total == low]
            self.phase, self.turn = "game_over", None
            self.deal_points = points
            return events + [{"type": "game_over", "totals": list(self.totals), "winners": self.winners}]
        self.start_deal((self.dealer + 1) % PLAYERS, self.deal_number + 1)
        return events + [{"type": "next_deal", "deal_number": self.deal_number, "dealer": self.dealer,
                          "pass_direction": self.pass_direction}]

    def game_ends(self):
        if self.max_deals is not None:  # a deal limit replaces the points target
            return self.deal_number >= self.max_deals
        return any(total > self.target for total in self.totals)

    def state(self):
        state = {
            "phase": self.phase, "players": PLAYERS, "deal_number": self.deal_number, "dealer": self.dealer,
            "turn": self.turn, "pass_direction": self.pass_direction, "hands": [list(h) for h in self.hands],
            "trick": [{"seat": seat, "card": card} for seat, card in self.trick],
            "hearts_broken": self.hearts_broken, "passed": sorted(self.passes),
            "deal_points": list(self.deal_points), "totals": list(self.totals),
        }
        if self.phase == "game_over":
            state["winners"] = self.winners
        return state

    # --- shared checks -------------------------------------------------------------------

    def require_phase(self, phase):
        if self.phase != phase:
            raise Refusal("wrong_phase", f"the game is in phase {self.phase}, not {phase}")

    @staticmethod
    def require_cards(cards):
        for card in cards:
            if card not in DECK:
                raise Refusal("invalid_card", f"{card!r} is not a card of this game's deck")

    def require_held(self, seat, card):
        if card not in self.hands[seat]:
            raise Refusal("card_not_in_hand", f"seat {seat} does not hold {card}")


if __name__ == "__main__":
    sys.exit(serve(FinnishHertta()))

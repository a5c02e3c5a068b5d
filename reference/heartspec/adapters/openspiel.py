"""OpenSpiel's `hearts` behind heartspec protocol v1.

Run it as an engine:  python -m heartspec.adapters.openspiel [--spec DIR]

OpenSpiel plays exactly one four-player deal of one standard deck, so the
adapter has two jobs and no more:

* translate: protocol cards and seats to OpenSpiel actions and players, the
  protocol's `deal` to OpenSpiel's chance outcomes (first the pass direction,
  then the 52 cards in OpenSpiel's round-robin dealing order), the protocol's
  simultaneous passes (buffered until all four are in) to OpenSpiel's
  one-card-at-a-time pass actions in seat order;
* keep what OpenSpiel has no notion of: the game across deals (deal number,
  dealer, the pass direction a deal number selects, totals, the end of the game).

Every judgement about a card in play (which cards are legal, who wins a trick,
whether hearts are broken, how a deal scores, whether the moon was shot) is
OpenSpiel's.  Where a ruleset's rule is one OpenSpiel plays its own fixed way,
the adapter still claims the ruleset and lists the difference as an
*approximation* (in `hello` and on stderr) so that the conformance suite, not
the adapter, shows the difference.  What OpenSpiel cannot represent at all
(other player counts, other decks, kitty, other point values, partnerships...)
is `unsupported`.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from heartspec.cards import (
    HEARTS,
    card_id,
    card_name,
    parse_card,
    slot_of,
    standard_faces,
    suit_of,
)
from heartspec.protocol.endpoint import Endpoint
from heartspec.protocol.messages import (
    PROTOCOL_VERSION,
    RequestError,
    card_from_json,
    card_or_unknown,
    cards_from_json,
    check_option_types,
    describe_error,
    field_int,
    field_object,
    field_str,
    field_str_list,
)
from heartspec.protocol.server import RulesCatalog, deal_piles, serve_with

ENGINE_NAME = "openspiel-hearts-adapter"
PLAYERS = 4
HAND_SIZE = 13
PASS_SIZE = 3
TWO_OF_CLUBS = parse_card("2C")
QUEEN_OF_SPADES = parse_card("QS")
JACK_OF_DIAMONDS = parse_card("JD")

# OpenSpiel's first chance outcome: its PassDir enum.
OPENSPIEL_PASS_ACTION = {"none": 0, "left": 1, "across": 2, "right": 3}


# --------------------------------------------------------------------------
# cards: heartspec face ids <-> OpenSpiel actions (rank * 4 + suit, suits CDHS)

def to_openspiel(face: int) -> int:
    slot = slot_of(face)
    rank = 0 if slot == 0 else slot - 1  # slot 1 is the joker slot, absent here
    return rank * 4 + suit_of(face)


def from_openspiel(action: int) -> int:
    rank, suit = divmod(action, 4)
    return card_id(suit, 0 if rank == 0 else rank + 1)


# --------------------------------------------------------------------------
# which compiled rules OpenSpiel can play, and with which parameters

class Unsupported(Exception):
    """The rules ask for something OpenSpiel's hearts cannot represent."""


@dataclass(frozen=True)
class Fit:
    params: dict[str, bool]           # OpenSpiel game parameters
    approximations: tuple[str, ...]   # rules OpenSpiel plays its own fixed way


def openspiel_points(face: int, jd_bonus: bool) -> int:
    if suit_of(face) == HEARTS:
        return 1
    if face == QUEEN_OF_SPADES:
        return 13
    if face == JACK_OF_DIAMONDS and jd_bonus:
        return -10
    return 0


def _jd_bonus(rules) -> bool:
    return rules.face_points[JACK_OF_DIAMONDS] == -10


def _structural_problems(rules) -> list[str]:
    problems = []
    if rules.players != PLAYERS:
        problems.append(f"OpenSpiel's hearts seats exactly {PLAYERS} players, not {rules.players}")
    if rules.copies != 1 or sorted(rules.deck) != standard_faces():
        problems.append("OpenSpiel deals exactly one standard 52-card deck")
    if rules.kitty_size or rules.stock_size:
        problems.append("OpenSpiel has no kitty and no stock")
    if rules.pass_count not in (0, PASS_SIZE):
        problems.append(f"OpenSpiel passes {PASS_SIZE} cards or none, not {rules.pass_count}")
    if rules.pass_count and not set(rules.pass_cycle) <= set(OPENSPIEL_PASS_ACTION):
        problems.append("OpenSpiel passes only left, right, across or not at all")
    problems += _opening_problems(rules)
    problems += _points_problems(rules)
    if rules.partnership:
        problems.append("OpenSpiel scores every player alone, never partnerships")
    if rules.settlement != "none":
        problems.append("the adapter does not settle money")
    return problems


def _opening_problems(rules) -> list[str]:
    if rules.opening_leader != "card_holder":
        return ["OpenSpiel's first trick is always led by the holder of the 2 of clubs"]
    present = [c for c in rules.opening_cards if c in rules.deck]
    if not present or present[0] != TWO_OF_CLUBS:
        return ["OpenSpiel's first lead is always the 2 of clubs"]
    return []


def _points_problems(rules) -> list[str]:
    jd = _jd_bonus(rules)
    if any(rules.face_points[f] != openspiel_points(f, jd) for f in standard_faces()):
        return ["OpenSpiel scores hearts 1 and the queen of spades 13 (optionally the jack of diamonds -10), nothing else"]
    return []


def _approximations(rules) -> list[str]:
    notes = []
    must_break = rules.heart_leads_before_broken == "forbidden"
    if must_break and rules.hearts_broken_by == "heart_discarded":
        notes.append("hearts_broken_by: OpenSpiel breaks hearts with any heart played, also one led from a hand of only hearts")
    if must_break and "hearts_only" not in rules.heart_lead_exceptions:
        notes.append("heart_leads: OpenSpiel always lets a hand with nothing legal but hearts lead one")
    if not rules.moon_enabled:
        notes.append("moon: OpenSpiel always scores shooting the moon")
        return notes
    if rules.moon_effect != "add_to_others":
        notes.append(f"moon.effect: OpenSpiel always adds 26 to the others, never {rules.moon_effect}")
    if rules.moon_amount != 26:
        notes.append(f"moon.amount: OpenSpiel's moon is worth 26, not {rules.moon_amount}")
    if any(rules.face_points[f] <= 0 for f in rules.moon_required_faces):
        notes.append("moon.requires: OpenSpiel never requires a bonus card for the moon")
    if _jd_bonus(rules) and rules.moon_bonus_cards != "kept":
        notes.append("moon.bonus_cards: OpenSpiel's shooter keeps the jack of diamonds bonus")
    return notes


def fit_rules(rules) -> Fit:
    """OpenSpiel parameters for compiled rules; raises Unsupported naming every obstacle."""
    problems = _structural_problems(rules)
    if problems:
        raise Unsupported("; ".join(problems))
    passes = rules.pass_count == PASS_SIZE and any(d != "none" for d in rules.pass_cycle)
    params = {
        "pass_cards": passes,
        "no_pts_on_first_trick": rules.first_trick_points != "allowed",
        "can_lead_any_club": False,
        "jd_bonus": _jd_bonus(rules),
        "avoid_all_tricks_bonus": False,
        "must_break_hearts": rules.heart_leads_before_broken == "forbidden",
        "qs_breaks_hearts": bool(rules.queen_breaks_hearts),
        "can_lead_hearts_instead_of_qs": "hearts_and_queen" in rules.heart_lead_exceptions,
    }
    return Fit(params, tuple(_approximations(rules)))


def pass_direction(rules, deal_number: int) -> str:
    if rules.pass_count == 0 or not rules.pass_cycle:
        return "none"
    return rules.pass_cycle[(deal_number - 1) % len(rules.pass_cycle)]


# --------------------------------------------------------------------------
# the rules catalogue: heartspec's spec, compiled at four players

class Catalogue(RulesCatalog):
    """The reference's rules catalogue, plus what OpenSpiel can play of it."""

    def fit(self, ruleset: str, variants=()) -> Fit | None:
        try:
            return fit_rules(self.compile(ruleset, list(variants), PLAYERS, {}))
        except (RequestError, Unsupported):  # a combination the spec refuses, or one OpenSpiel cannot play
            return None

    def supports(self) -> dict:
        rulesets = [r for r in self.ruleset_ids() if self.fit(r)]
        variants = [v for v in self.variant_ids() if any(self.fit(r, [v]) for r in rulesets)]
        approximations = {r: list(self.fit(r).approximations) for r in rulesets}
        return {"rulesets": rulesets, "variants": variants, "players": {r: [PLAYERS] for r in rulesets},
                "approximations": approximations}


# --------------------------------------------------------------------------
# one game: OpenSpiel plays each deal, the adapter carries the game across deals

@dataclass
class GameSetup:
    rules: Any
    fit: Fit
    dealer: int
    deal_number: int
    totals: list[int]


class AdapterGame:
    def __init__(self, setup: GameSetup):
        import pyspiel

        self.rules = setup.rules
        self.fit = setup.fit
        self.os_game = pyspiel.load_game("hearts", dict(setup.fit.params))
        self.dealer = setup.dealer
        self.deal_number = setup.deal_number
        self.totals = list(setup.totals)
        self.winners: list[int] = []
        self._start_deal_phase()

    # ---- phases

    def _start_deal_phase(self) -> None:
        self.phase = "deal"
        self.state = None
        self.hands: list[set[int]] = [set() for _ in range(PLAYERS)]
        self.pending_passes: dict[int, list[int]] = {}
        self.trick: list[tuple[int, int]] = []
        self.trick_points = [0] * PLAYERS

    @property
    def pass_direction(self) -> str:
        return pass_direction(self.rules, self.deal_number)

    def turn(self) -> int | None:
        if self.phase != "playing":
            return None
        return int(self.state.current_player())

    # ---- deal

    def deal(self, hands: list[list[int]]) -> dict:
        self._require_phase("deal")
        self._check_deal(hands)
        state = self.os_game.new_initial_state()
        state.apply_action(OPENSPIEL_PASS_ACTION[self.pass_direction])
        for k in range(HAND_SIZE):
            for seat in range(PLAYERS):  # OpenSpiel gives its n-th dealt card to player n % 4
                state.apply_action(to_openspiel(hands[seat][k]))
        self.state = state
        self.hands = [set(h) for h in hands]
        self.phase = "passing" if self.pass_direction != "none" else "playing"
        return {"phase": self.phase, "pass_direction": self.pass_direction, "turn": self.turn(), "events": []}

    def deal_seeded(self, seed: int) -> dict:
        cards = list(self.rules.deck)
        random.Random(seed).shuffle(cards)
        return self.deal([cards[s * HAND_SIZE:(s + 1) * HAND_SIZE] for s in range(PLAYERS)])

    def _check_deal(self, hands: list[list[int]]) -> None:
        if len(hands) != PLAYERS or any(len(h) != HAND_SIZE for h in hands):
            raise RequestError("invalid_deal", f"deal {PLAYERS} hands of {HAND_SIZE} cards")
        dealt = sorted(c for h in hands for c in h)
        if dealt != sorted(self.rules.deck):
            raise RequestError("invalid_deal", "the hands must hold exactly one standard deck, each card once")

    # ---- passing

    def pass_cards(self, seat: int, cards: list[int]) -> dict:
        self._require_phase("passing")
        if seat in self.pending_passes:
            raise RequestError("already_passed", f"seat {seat} has already passed")
        foreign = [c for c in cards if isinstance(c, str) or c not in self.rules.deck]
        if foreign:  # after already_passed, before invalid_pass (spec/protocol.md P-pass-5)
            name = foreign[0] if isinstance(foreign[0], str) else card_name(foreign[0])
            raise RequestError("invalid_card", f"{json.dumps(name)} is not a card of OpenSpiel's deck")
        if len(cards) != PASS_SIZE:
            raise RequestError("invalid_pass", f"pass exactly {PASS_SIZE} cards, not {len(cards)}")
        repeated = [c for k, c in enumerate(cards) if c in cards[:k]]
        if repeated:  # one deck holds each card once, so naming it twice is no pass at all
            raise RequestError("invalid_pass", f"{card_name(repeated[0])} is named twice; the deck has one")
        for card in cards:
            if card not in self.hands[seat]:
                raise RequestError("card_not_in_hand", f"seat {seat} does not hold {card_name(card)} (to pass)")
        self.pending_passes[seat] = list(cards)
        events: list[dict] = []
        if len(self.pending_passes) == PLAYERS:
            events = self._exchange()
        return {"events": events}

    def _exchange(self) -> list[dict]:
        # OpenSpiel takes passes one card at a time, seat 0 first, and hands them
        # over only after the last one, so the simultaneous protocol passes fit.
        for seat in range(PLAYERS):
            for card in self.pending_passes[seat]:
                self.state.apply_action(to_openspiel(card))
        self.hands = self._hands_from_openspiel()
        self.phase = "playing"
        offset = {"left": 1, "across": 2, "right": 3}[self.pass_direction]
        events = []
        for giver in range(PLAYERS):
            receiver = (giver + offset) % PLAYERS
            events.append({"type": "cards_received", "seat": receiver, "from": giver,
                           "cards": _names(sorted(self.pending_passes[giver]))})
        return sorted(events, key=lambda e: e["seat"])

    def _hands_from_openspiel(self) -> list[set[int]]:
        payload = json.loads(self.state.to_json())
        return [{parse_card(c) for c in hand} for hand in payload["hands"]]

    # ---- play

    def legal(self, seat: int) -> list[int]:
        if self.phase != "playing" or seat != self.turn():
            return []
        return sorted(from_openspiel(a) for a in self.state.legal_actions())

    def play(self, seat: int, card_json: Any) -> dict:
        self._require_phase("playing")
        if seat != self.turn():
            raise RequestError("not_your_turn", f"it is seat {self.turn()}'s turn, not seat {seat}'s")
        card = card_from_json(card_json)
        if card not in self.rules.deck:
            raise RequestError("invalid_card", f"{card_name(card)} is not a card of OpenSpiel's deck")
        if card not in self.hands[seat]:
            raise RequestError("card_not_in_hand", f"seat {seat} does not hold {card_name(card)}")
        if to_openspiel(card) not in self.state.legal_actions():
            raise self._refusal(seat, card)
        return {"events": self._apply_play(seat, card)}

    def _apply_play(self, seat: int, card: int) -> list[dict]:
        was_broken = self.state.hearts_broken()
        self.state.apply_action(to_openspiel(card))
        self.hands[seat].discard(card)
        self.trick.append((seat, card))
        events: list[dict] = [{"type": "card_played", "seat": seat, "card": card_name(card)}]
        if self.state.hearts_broken() and not was_broken:
            events.append({"type": "hearts_broken"})
        if len(self.trick) == PLAYERS:
            events.append(self._trick_won())
            self.trick = []
        if self.state.is_terminal():
            events += self._end_deal()
        return events

    def _trick_won(self) -> dict:
        cards = [c for _, c in self.trick]
        points = sum(openspiel_points(c, self.fit.params["jd_bonus"]) for c in cards)
        if self.state.is_terminal():
            winner = self._last_trick_winner()
        else:
            winner = int(self.state.current_player())  # OpenSpiel hands the lead to the winner
        self.trick_points[winner] += points
        return {"type": "trick_won", "seat": winner, "cards": _names(cards), "points": points}

    def _last_trick_winner(self) -> int:
        # OpenSpiel exposes no winner once the deal is over; the highest card of
        # the led suit is the only trick-winning rule OpenSpiel has.
        led_suit = suit_of(self.trick[0][1])
        return max((c, s) for s, c in self.trick if suit_of(c) == led_suit)[1]

    def _openspiel_points(self) -> list[int]:
        return [int(self.state.points(p)) for p in range(PLAYERS)]

    # ---- end of deal and of game (the adapter's own job)

    def _end_deal(self) -> list[dict]:
        points = self._openspiel_points()
        self.totals = [t + p for t, p in zip(self.totals, points)]
        events = [{"type": "deal_scored", "points": points, "totals": list(self.totals),
                   "moon": self._moon(points)}]
        winners = self._game_winners()
        if winners is not None:
            self.winners = winners
            self.phase = "game_over"
            events.append({"type": "game_over", "totals": list(self.totals), "winners": winners})
            return events
        self.deal_number += 1
        self.dealer = (self.dealer + self.rules.dealer_rotation) % PLAYERS
        self._start_deal_phase()
        events.append({"type": "next_deal", "deal_number": self.deal_number, "dealer": self.dealer,
                       "pass_direction": self.pass_direction})
        return events

    def _moon(self, points: list[int]) -> dict | None:
        # OpenSpiel scores a shot moon by lowering the shooter's points below what
        # the shooter's tricks hold (and raising the others'): read it off that.
        shooters = [s for s in range(PLAYERS) if points[s] < self.trick_points[s]]
        if not shooters:
            return None
        return {"seat": shooters[0], "effect": "add_to_others"}

    def _game_winners(self) -> list[int] | None:
        """Winners when the game is over by the ruleset's end rule, else None."""
        rules = self.rules
        reached = rules.target is not None and any(
            t >= rules.target if rules.end_condition == "reaches" else t > rules.target for t in self.totals)
        out_of_deals = rules.max_deals is not None and self.deal_number >= rules.max_deals
        if not (reached or out_of_deals):
            return None
        low = min(self.totals)
        winners = [s for s, t in enumerate(self.totals) if t == low]
        if len(winners) > 1 and rules.ties == "extra_deal":
            return None
        return winners

    # ---- refusals: name the rule OpenSpiel's refusal stands for

    def _refusal(self, seat: int, card: int) -> RequestError:
        shown = card_name(card)
        if self._cards_played_this_deal() == 0:
            return RequestError("must_lead_opening_card", f"OpenSpiel refuses {shown}: the deal opens with the 2C")
        if self.trick:
            led = suit_of(self.trick[0][1])
            if suit_of(card) != led and any(suit_of(c) == led for c in self.hands[seat]):
                return RequestError("must_follow_suit", f"OpenSpiel refuses {shown}: seat {seat} can follow suit")
        if self._cards_played_this_deal() < PLAYERS and openspiel_points(card, False) > 0:
            return RequestError("points_on_first_trick", f"OpenSpiel refuses {shown}: no points on the first trick")
        if not self.trick and suit_of(card) == HEARTS:
            return RequestError("hearts_not_broken", f"OpenSpiel refuses {shown}: hearts are not broken")
        # OpenSpiel's legality has no other rule; a refusal here is unexplained.
        return RequestError("bad_request", f"OpenSpiel refuses {shown} for a reason the adapter cannot name")

    def _cards_played_this_deal(self) -> int:
        return HAND_SIZE * PLAYERS - sum(len(h) for h in self.hands)

    def _require_phase(self, phase: str) -> None:
        if self.phase != phase:
            raise RequestError("wrong_phase", f"the game is in phase {self.phase!r}, not {phase!r}")

    # ---- state

    def snapshot(self) -> dict:
        payload = {
            "phase": self.phase, "players": PLAYERS, "deal_number": self.deal_number,
            "dealer": self.dealer, "turn": self.turn(), "pass_direction": self.pass_direction,
            "hands": [_names(sorted(h)) for h in self.hands],
            "trick": [{"seat": s, "card": card_name(c)} for s, c in self.trick],
            "hearts_broken": bool(self.state.hearts_broken()) if self.state is not None else False,
            "passed": sorted(self.pending_passes), "deal_points": self._deal_points(),
            "totals": list(self.totals),
        }
        if self.phase == "game_over":
            payload["winners"] = list(self.winners)
        return payload

    def _deal_points(self) -> list[int]:
        if self.state is None:
            return [0] * PLAYERS
        return self._openspiel_points()


def _names(cards) -> list[str]:
    return [card_name(c) for c in cards]


# --------------------------------------------------------------------------
# the protocol server

class Server(Endpoint):
    """The protocol session: the shared envelope, with OpenSpiel judging the cards."""

    def __init__(self, spec_dir: Path | None):
        super().__init__()
        self.spec_dir = spec_dir
        self._catalogue: Catalogue | None = None
        self._supports: dict | None = None
        self.players = PLAYERS  # the only table OpenSpiel plays
        self._handlers = {
            "hello": self.hello, "new_game": self.new_game, "deal": self.deal, "pass": self.pass_,
            "play": self.play, "choose": self.choose, "state": self.state, "legal": self.legal,
            "quit": self._quit,
        }

    @property
    def catalogue(self) -> Catalogue:
        if self._catalogue is None:
            try:
                self._catalogue = Catalogue(self.spec_dir)
            except Exception as why:  # noqa: BLE001 - a broken spec is reported, and the adapter keeps serving
                raise RequestError("unsupported", f"the adapter cannot load the rules spec: {describe_error(why)}") from None
        return self._catalogue

    def supports(self) -> dict:
        try:
            self.catalogue
        except RequestError as err:
            print(f"openspiel adapter: {err.message}", file=sys.stderr)
            return {"rulesets": [], "variants": [], "players": {}}
        if self._supports is None:
            self._supports = self.catalogue.supports()
            for ruleset, notes in self._supports["approximations"].items():
                for note in notes:
                    print(f"openspiel adapter: {ruleset}: {note}", file=sys.stderr)
        return self._supports

    # ---- commands

    def hello(self, request: dict) -> dict:
        import pyspiel

        version = getattr(pyspiel, "__version__", None) or _open_spiel_version()
        return {"protocol": PROTOCOL_VERSION, "engine": {"name": ENGINE_NAME, "version": version},
                "supports": self.supports()}

    def new_game(self, request: dict) -> dict:
        ruleset = field_str(request, "ruleset")
        players = field_int(request, "players")
        variants = field_str_list(request, "variants")
        options = dict(field_object(request, "options"))
        check_option_types(options)
        self.catalogue.require_known(ruleset, variants)
        start = [_or_default(options.pop(name, None), default)
                 for name, default in (("dealer", 0), ("deal_number", 1), ("totals", None))]
        rules = self.catalogue.compile(ruleset, variants, players, options)
        try:
            fit = fit_rules(rules)
        except Unsupported as why:
            raise RequestError("unsupported", str(why)) from None
        setup = GameSetup(rules, fit, *self._game_start(*start))
        self.game = AdapterGame(setup)
        return {"phase": self.game.phase, "ruleset": ruleset, "variants": variants, "players": players,
                "dealer": setup.dealer, "deal_number": setup.deal_number}

    @staticmethod
    def _game_start(dealer: Any, deal_number: Any, totals: Any) -> tuple[int, int, list[int]]:
        if not _is_int(dealer) or not 0 <= dealer < PLAYERS:
            raise RequestError("invalid_game", f"option 'dealer' must be a seat 0..{PLAYERS - 1}")
        if not _is_int(deal_number) or deal_number < 1:
            raise RequestError("invalid_game", "option 'deal_number' must be an integer >= 1")
        if totals is None:
            return dealer, deal_number, [0] * PLAYERS
        if not isinstance(totals, list) or len(totals) != PLAYERS or not all(_is_int(t) for t in totals):
            raise RequestError("invalid_game", f"option 'totals' must be a list of {PLAYERS} integers")
        return dealer, deal_number, list(totals)

    def deal(self, request: dict) -> dict:
        game = self._require_game()
        seed = field_int(request, "seed", required=False)
        if seed is not None:
            if request.get("hands") is not None:
                raise RequestError("bad_request", "give 'hands' or 'seed', not both")
            game._require_phase("deal")
            return game.deal_seeded(seed)
        piles = deal_piles(request)  # the shape first: bad_request before wrong_phase (spec/protocol.md P-deal-4)
        game._require_phase("deal")
        for field in ("kitty", "stock"):
            if piles.get(field):
                raise RequestError("invalid_deal", f"OpenSpiel's hearts has no {field}")
        return game.deal([cards_from_json(h, "hands") for h in piles["hands"]])

    def pass_(self, request: dict) -> dict:
        game = self._require_game()
        seat = self._seat(request)
        raw_cards = request.get("cards")
        if not isinstance(raw_cards, list) or not all(isinstance(c, str) for c in raw_cards):
            raise RequestError("bad_request", "'cards' is required (a list of card names)")
        game._require_phase("passing")
        return game.pass_cards(seat, [card_or_unknown(c) for c in raw_cards])

    def play(self, request: dict) -> dict:
        game = self._require_game()
        seat = self._seat(request)
        if not isinstance(request.get("card"), str):  # a shape error comes before every rule (P-play-3)
            raise RequestError("bad_request", "'card' is required (a card name such as \"QS\")")
        return game.play(seat, request["card"])

    def choose(self, request: dict) -> dict:
        game = self._require_game()
        self._seat(request)
        if request.get("option") not in ("add_to_others", "subtract_from_self"):
            raise RequestError("bad_request", "'option' must be one of add_to_others, subtract_from_self")
        # OpenSpiel scores the moon itself and never offers a choice.
        raise RequestError("wrong_phase", f"the game is in phase {game.phase!r}, not 'moon_choice'")

    def state(self, request: dict) -> dict:
        return self._require_game().snapshot()

    def legal(self, request: dict) -> dict:
        game = self._require_game()
        return {"cards": _names(game.legal(self._seat(request)))}


def _or_default(value: Any, default: Any) -> Any:
    return default if value is None else value


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _open_spiel_version() -> str:
    try:
        from importlib.metadata import version

        return version("open_spiel")
    except Exception:  # noqa: BLE001 - a version string is cosmetic
        return "unknown"


def serve(stdin: IO[bytes], stdout: IO[bytes], spec_dir: Path | None = None) -> int:
    return serve_with(Server(spec_dir), stdin, stdout)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m heartspec.adapters.openspiel",
                                     description="Serve OpenSpiel's hearts over heartspec protocol v1 on stdin/stdout.")
    parser.add_argument("--spec", type=Path, default=None, help="a spec folder with rulesets/ and variants/")
    args = parser.parse_args(argv)
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        print("open_spiel is not installed: pip install 'heartspec[openspiel]'", file=sys.stderr)
        return 2
    try:
        return serve(sys.stdin.buffer, sys.stdout.buffer, args.spec)
    except (BrokenPipeError, KeyboardInterrupt):  # the client went away: nothing left to answer
        return 0


if __name__ == "__main__":
    sys.exit(main())

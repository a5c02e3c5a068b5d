"""What every adapter shares: the protocol session around a third-party Hearts library.

An adapter module supplies two things: a game object that drives the library
for one game (deal, pass, play, legal, snapshot), and the rules it can play
(`fit`, raising `Unsupported` with every obstacle named).  This module does the
rest the same way for each: the library's version check at start-up, the
command line, `hello`, the shape checks of each request (which come before any
rule, spec/protocol.md P-phases-4), the `new_game` options, and the plain
bookkeeping some libraries leave to their caller (the pass direction a deal
number selects, running totals, the end of the game by the ruleset's target or
deal limit).

Nothing here judges a card: which cards are legal, who wins a trick and how a
deal scores are always the library's.  When a library refuses a card without
saying why, `unexplained_refusal` names the nearest protocol code and says in
its message that the library gave no reason.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Sequence

from heartspec.cards import HEARTS, card_name, parse_card, standard_faces, suit_of
from heartspec.protocol.endpoint import Endpoint
from heartspec.protocol.messages import (
    PROTOCOL_VERSION,
    RequestError,
    card_or_unknown,
    cards_from_json,
    check_option_types,
    describe_error,
    field_int,
    field_object,
    field_str,
    field_str_list,
    is_int,
)
from heartspec.protocol.server import RulesCatalog, deal_piles, serve_with, split_options

PLAYERS = 4
HAND_SIZE = 13
PASS_SIZE = 3
TWO_OF_CLUBS = parse_card("2C")
QUEEN_OF_SPADES = parse_card("QS")
PASS_OFFSETS = {"left": 1, "across": 2, "right": 3}


class Unsupported(Exception):
    """The rules ask for something the library cannot represent."""


@dataclass(frozen=True)
class Fit:
    """The library can play the rules, except these rules it plays its own fixed way."""

    approximations: tuple[str, ...] = ()


def names(cards) -> list[str]:
    return [card_name(c) for c in cards]


def plain_points(face: int) -> int:
    """Hearts 1, the queen of spades 13: the only point values these libraries know."""
    if suit_of(face) == HEARTS:
        return 1
    return 13 if face == QUEEN_OF_SPADES else 0


# --------------------------------------------------------------------------
# the library: present, and a version the adapter was written against

@dataclass(frozen=True)
class Library:
    distribution: str            # the PyPI name, as importlib.metadata knows it
    module: str                  # what the adapter imports
    known_versions: tuple[str, ...]
    extra: str                   # heartspec's pip extra that installs it

    def version(self) -> str:
        from importlib.metadata import version

        return version(self.distribution)

    def problem(self) -> str | None:
        """None when the library can be used; else the one-line reason it cannot."""
        from importlib.metadata import PackageNotFoundError

        install = f"pip install 'heartspec[{self.extra}]'"
        try:
            __import__(self.module)
            installed = self.version()
        except (ImportError, PackageNotFoundError):
            return f"{self.distribution} is not installed: {install}"
        if installed not in self.known_versions:
            known = ", ".join(self.known_versions)
            return (f"{self.distribution} {installed} is installed, but this adapter was written against {known}; "
                    f"{install} installs that version")
        return None


def adapter_main(library: Library, prog: str, description: str, make_server: Callable[[argparse.Namespace], Endpoint],
                 argv: Sequence[str] | None = None, add_arguments: Callable[[argparse.ArgumentParser], None] | None = None,
                 ) -> int:
    """Parse the command line, check the library, then serve the protocol on stdin/stdout."""
    parser = argparse.ArgumentParser(prog=prog, description=description)
    parser.add_argument("--spec", type=Path, default=None, help="a spec folder with rulesets/ and variants/")
    if add_arguments:
        add_arguments(parser)
    args = parser.parse_args(argv)
    problem = library.problem()
    if problem:
        print(f"{prog}: {problem}", file=sys.stderr)
        return 2
    try:
        server = make_server(args)
    except Unsupported as why:  # a configuration the library cannot play
        print(f"{prog}: {why}", file=sys.stderr)
        return 2
    try:
        return serve_with(server, sys.stdin.buffer, sys.stdout.buffer)
    except (BrokenPipeError, KeyboardInterrupt):  # the client went away: nothing left to answer
        return 0


# --------------------------------------------------------------------------
# what a four-player, one-deck library can represent at all

def table_problems(rules, lib: str) -> list[str]:
    """Obstacles every library here shares: four seats, one standard deck, the 2C led by its holder."""
    problems = []
    if rules.players != PLAYERS:
        problems.append(f"{lib} seats exactly {PLAYERS} players, not {rules.players}")
    if rules.copies != 1 or sorted(rules.deck) != standard_faces():
        problems.append(f"{lib} deals exactly one standard 52-card deck")
    if rules.kitty_size or rules.stock_size:
        problems.append(f"{lib} has no kitty and no stock")
    if rules.opening_leader != "card_holder":
        problems.append(f"{lib}'s first trick is always led by the holder of the 2 of clubs")
    else:
        present = [c for c in rules.opening_cards if c in rules.deck]
        if not present or present[0] != TWO_OF_CLUBS:
            problems.append(f"{lib}'s first lead is always the 2 of clubs")
    if rules.partnership:
        problems.append(f"{lib} scores every player alone, never partnerships")
    if rules.settlement != "none":
        problems.append("the adapter does not settle money")
    return problems


def plain_points_problems(rules, lib: str) -> list[str]:
    if any(rules.face_points[f] != plain_points(f) for f in standard_faces()):
        return [f"{lib} scores hearts 1 and the queen of spades 13, nothing else"]
    return []


def passes(rules) -> bool:
    return rules.pass_count > 0 and any(d != "none" for d in rules.pass_cycle)


def pass_direction(rules, deal_number: int) -> str:
    if rules.pass_count == 0 or not rules.pass_cycle:
        return "none"
    return rules.pass_cycle[(deal_number - 1) % len(rules.pass_cycle)]


def moon_notes(rules, lib: str, effect: str = "add_to_others") -> list[str]:
    """The moon rules a library that always scores a 26-point moon one fixed way plays differently."""
    if not rules.moon_enabled:
        return [f"moon: {lib} always scores shooting the moon"]
    notes = []
    if rules.moon_effect != effect:
        notes.append(f"moon.effect: {lib} always plays {effect}, never {rules.moon_effect}")
    if rules.moon_amount != 26:
        notes.append(f"moon.amount: {lib}'s moon is worth 26, not {rules.moon_amount}")
    return notes


# --------------------------------------------------------------------------
# the rules catalogue: heartspec's spec, compiled at four players

class Catalogue(RulesCatalog):
    """The reference's rules catalogue, and which of its rulesets and variants a `fit` accepts."""

    def __init__(self, spec_dir: Path | None, fit: Callable[[Any], Any]):
        super().__init__(spec_dir)
        self._fit = fit

    def fit(self, ruleset: str, variants=()) -> Any | None:
        try:
            return self._fit(self.compile(ruleset, list(variants), PLAYERS, {}))
        except (RequestError, Unsupported):  # a combination the spec refuses, or one the library cannot play
            return None

    def supports(self) -> dict:
        variant_ids = self.variant_ids()
        # a ruleset the library plays only with some variant (say no-passing) is claimed too: its
        # other games are answered `unsupported`, which a client skips
        rulesets = [r for r in self.ruleset_ids() if self.fit(r) or any(self.fit(r, [v]) for v in variant_ids)]
        variants = [v for v in variant_ids if any(self.fit(r, [v]) for r in rulesets)]
        supports = {"rulesets": rulesets, "variants": variants, "players": {r: [PLAYERS] for r in rulesets}}
        approximations = {r: list(getattr(self.fit(r), "approximations", ())) for r in rulesets}
        if any(approximations.values()):
            supports["approximations"] = approximations
        return supports


@dataclass(frozen=True)
class GameStart:
    dealer: int
    deal_number: int
    totals: list[int]


def game_start(options: dict) -> GameStart:
    """Take the game's own start options (dealer, deal_number, totals) out of new_game's options."""
    dealer, deal_number, totals = (options.pop(name, None) for name in ("dealer", "deal_number", "totals"))
    dealer = 0 if dealer is None else dealer
    deal_number = 1 if deal_number is None else deal_number
    if not is_int(dealer) or not 0 <= dealer < PLAYERS:
        raise RequestError("invalid_game", f"option 'dealer' must be a seat 0..{PLAYERS - 1}")
    if not is_int(deal_number) or deal_number < 1:
        raise RequestError("invalid_game", "option 'deal_number' must be an integer >= 1")
    if totals is None:
        return GameStart(dealer, deal_number, [0] * PLAYERS)
    if not isinstance(totals, list) or len(totals) != PLAYERS or not all(is_int(t) for t in totals):
        raise RequestError("invalid_game", f"option 'totals' must be a list of {PLAYERS} integers")
    return GameStart(dealer, deal_number, list(totals))


@dataclass
class Scorebook:
    """The game across deals, for a library that plays one deal: totals, the next deal, the end by the rules."""

    rules: Any
    dealer: int
    deal_number: int
    totals: list[int]
    winners: list[int] = field(default_factory=list)

    @property
    def pass_direction(self) -> str:
        return pass_direction(self.rules, self.deal_number)

    def close_deal(self, points: list[int], moon: dict | None) -> tuple[list[dict], bool]:
        """The events that end a deal, and whether the game is over."""
        self.totals = [t + p for t, p in zip(self.totals, points)]
        events = [{"type": "deal_scored", "points": list(points), "totals": list(self.totals), "moon": moon}]
        winners = self._game_winners()
        if winners is not None:
            self.winners = winners
            events.append({"type": "game_over", "totals": list(self.totals), "winners": winners})
            return events, True
        self.deal_number += 1
        self.dealer = (self.dealer + self.rules.dealer_rotation) % PLAYERS
        events.append({"type": "next_deal", "deal_number": self.deal_number, "dealer": self.dealer,
                       "pass_direction": self.pass_direction})
        return events, False

    def _game_winners(self) -> list[int] | None:
        rules = self.rules
        reached = rules.target is not None and any(
            t >= rules.target if rules.end_condition == "reaches" else t > rules.target for t in self.totals)
        out_of_deals = rules.max_deals is not None and self.deal_number >= rules.max_deals
        if not (reached or out_of_deals):
            return None
        winners = lowest(self.totals)
        if len(winners) > 1 and rules.ties == "extra_deal":
            return None
        return winners


def lowest(totals: Sequence[int]) -> list[int]:
    low = min(totals)
    return [s for s, t in enumerate(totals) if t == low]


# --------------------------------------------------------------------------
# request checks the protocol asks of every engine before a rule is judged

def check_deal(hands: list[list[int]], deck: Sequence[int], lib: str) -> None:
    if len(hands) != PLAYERS or any(len(h) != HAND_SIZE for h in hands):
        raise RequestError("invalid_deal", f"deal {PLAYERS} hands of {HAND_SIZE} cards")
    if sorted(c for h in hands for c in h) != sorted(deck):
        raise RequestError("invalid_deal", f"the hands must hold exactly {lib}'s one standard deck, each card once")


def seeded_hands(deck: Sequence[int], seed: int) -> list[list[int]]:
    cards = list(deck)
    random.Random(seed).shuffle(cards)
    return [cards[s * HAND_SIZE:(s + 1) * HAND_SIZE] for s in range(PLAYERS)]


def check_pass(seat: int, cards: list, hand, deck, passed, lib: str) -> None:
    """A pass's checks in the protocol's order (P-pass-5), against the library's own hand."""
    if seat in passed:
        raise RequestError("already_passed", f"seat {seat} has already passed")
    foreign = [c for c in cards if isinstance(c, str) or c not in deck]
    if foreign:
        shown = foreign[0] if isinstance(foreign[0], str) else card_name(foreign[0])
        raise RequestError("invalid_card", f"{json.dumps(shown)} is not a card of {lib}'s deck")
    if len(cards) != PASS_SIZE:
        raise RequestError("invalid_pass", f"pass exactly {PASS_SIZE} cards, not {len(cards)}")
    repeated = [c for k, c in enumerate(cards) if c in cards[:k]]
    if repeated:  # one deck holds each card once, so naming it twice is no pass at all
        raise RequestError("invalid_pass", f"{card_name(repeated[0])} is named twice; the deck has one")
    for card in cards:
        if card not in hand:
            raise RequestError("card_not_in_hand", f"seat {seat} does not hold {card_name(card)} (to pass)")


def received_events(passes: dict[int, list[int]], direction: str) -> list[dict]:
    offset = PASS_OFFSETS[direction]
    events = [{"type": "cards_received", "seat": (giver + offset) % PLAYERS, "from": giver,
               "cards": names(sorted(cards))} for giver, cards in passes.items()]
    return sorted(events, key=lambda e: e["seat"])


def unexplained_refusal(lib: str, seat: int, card: int, hand, trick: Sequence[tuple[int, int]],
                        cards_played: int) -> RequestError:
    """A refusal the library gave no reason for, under the protocol code of the rule the position points at.

    The position is read, not judged: a first lead, a card off the led suit
    while the suit is in hand, a point card on the first trick, a heart led.
    The message says that the code is the adapter's reading, not the library's.
    """
    shown = card_name(card)
    says = f"{lib} refuses {shown} and gives no reason"
    if cards_played == 0:
        return RequestError("must_lead_opening_card", f"{says}; it is the deal's first lead")
    if trick:
        led = suit_of(trick[0][1])
        if suit_of(card) != led and any(suit_of(c) == led for c in hand):
            return RequestError("must_follow_suit", f"{says}; seat {seat} holds the led suit")
    if cards_played < PLAYERS and plain_points(card) > 0:
        return RequestError("points_on_first_trick", f"{says}; it is a point card on the first trick")
    if not trick and suit_of(card) == HEARTS:
        return RequestError("hearts_not_broken", f"{says}; it is a heart led")
    return RequestError("bad_request", f"{says}, and the position points at no rule the protocol names")


# --------------------------------------------------------------------------
# the protocol session

class AdapterServer(Endpoint):
    """The protocol session: shape checks and options here, the library's game behind `self.game`.

    A subclass sets `engine_name`, `library` and `lib` (the name its messages use), and either
    `fit_rules` (rules -> fit, raising Unsupported) and `game_class` (called with rules and start),
    or overrides `fit(rules)` and `make_game(rules, fit, start)` where it needs more.
    """

    engine_name = "adapter"
    library: Library
    lib = "the library"
    fit_rules: Callable[[Any], Any] | None = None  # set as staticmethod(...) by the subclass
    game_class: Callable[..., Any] | None = None

    def __init__(self, spec_dir: Path | None = None):
        super().__init__()
        self.spec_dir = spec_dir
        self._catalogue: Catalogue | None = None
        self._supports: dict | None = None
        self.players = PLAYERS  # the only table these libraries seat
        self._handlers = {
            "hello": self.hello, "new_game": self.new_game, "deal": self.deal, "pass": self.pass_,
            "play": self.play, "choose": self.choose, "state": self.state, "legal": self.legal,
            "quit": self._quit,
        }

    # ---- what the subclass supplies

    def fit(self, rules) -> Any:
        return self.fit_rules(rules)

    def make_game(self, rules, fit, start: GameStart) -> Any:
        return self.game_class(rules, start)

    def engine(self) -> dict:
        return {"name": self.engine_name, "version": self.library.version()}

    # ---- claims

    @property
    def catalogue(self) -> Catalogue:
        if self._catalogue is None:
            try:
                self._catalogue = Catalogue(self.spec_dir, self.fit)
            except Exception as why:  # noqa: BLE001 - a broken spec is reported, and the adapter keeps serving
                raise RequestError("unsupported", f"the adapter cannot load the rules spec: {describe_error(why)}") from None
        return self._catalogue

    def supports(self) -> dict:
        try:
            self.catalogue
        except RequestError as err:
            print(f"{self.engine_name}: {err.message}", file=sys.stderr)
            return {"rulesets": [], "variants": [], "players": {}}
        if self._supports is None:
            self._supports = self.catalogue.supports()
            for ruleset, notes in self._supports.get("approximations", {}).items():
                for note in notes:
                    print(f"{self.engine_name}: {ruleset}: {note}", file=sys.stderr)
        return self._supports

    # ---- commands

    def hello(self, request: dict) -> dict:
        return {"protocol": PROTOCOL_VERSION, "engine": self.engine(), "supports": self.supports()}

    def new_game(self, request: dict) -> dict:
        ruleset = field_str(request, "ruleset")
        players = field_int(request, "players")
        variants = field_str_list(request, "variants")
        options = field_object(request, "options")
        check_option_types(options)
        self.catalogue.require_known(ruleset, variants)
        game_options, rule_options = split_options(options)  # an option given as null is absent (P-new_game-8)
        start = game_start(game_options)
        # each value exactly as the ruleset offers it (P-new_game-9), judged before what the library can play
        rules = self.catalogue.compile(ruleset, variants, players, rule_options, exact=True)
        try:
            game = self.make_game(rules, self.fit(rules), start)
        except Unsupported as why:
            raise RequestError("unsupported", str(why)) from None
        self.game = game
        return {"phase": self.game.phase, "ruleset": ruleset, "variants": variants, "players": players,
                "dealer": start.dealer, "deal_number": start.deal_number}

    def deal(self, request: dict) -> dict:
        game = self._require_game()
        seed = field_int(request, "seed", required=False)
        if seed is not None:
            if request.get("hands") is not None:
                raise RequestError("bad_request", "give 'hands' or 'seed', not both")
            game.require_phase("deal")
            return game.deal(seeded_hands(game.rules.deck, seed))
        piles = deal_piles(request)  # the shape first: bad_request before wrong_phase (spec/protocol.md P-deal-4)
        game.require_phase("deal")
        for pile in ("kitty", "stock"):
            if piles.get(pile):
                raise RequestError("invalid_deal", f"{self.lib} has no {pile}")
        hands = [cards_from_json(h, "hands") for h in piles["hands"]]
        check_deal(hands, game.rules.deck, self.lib)
        return game.deal(hands)

    def pass_(self, request: dict) -> dict:
        game = self._require_game()
        seat = self._seat(request)
        raw_cards = request.get("cards")
        if not isinstance(raw_cards, list) or not all(isinstance(c, str) for c in raw_cards):
            raise RequestError("bad_request", "'cards' is required (a list of card names)")
        game.require_phase("passing")
        return game.pass_cards(seat, [card_or_unknown(c) for c in raw_cards])

    def play(self, request: dict) -> dict:
        game = self._require_game()
        seat = self._seat(request)
        if not isinstance(request.get("card"), str):  # a shape error comes before every rule (P-play-3)
            raise RequestError("bad_request", "'card' is required (a card name such as \"QS\")")
        game.require_phase("playing")
        return game.play(seat, request["card"])  # the card is read after the turn check (P-play-3)

    def choose(self, request: dict) -> dict:
        game = self._require_game()
        self._seat(request)
        if request.get("option") not in ("add_to_others", "subtract_from_self"):
            raise RequestError("bad_request", "'option' must be one of add_to_others, subtract_from_self")
        # none of these libraries offers the shooter a choice
        raise RequestError("wrong_phase", f"the game is in phase {game.phase!r}, not 'moon_choice'")

    def state(self, request: dict) -> dict:
        return self._require_game().snapshot()

    def legal(self, request: dict) -> dict:
        game = self._require_game()
        seat = self._seat(request)
        if game.phase != "playing":
            return {"cards": []}
        return {"cards": names(sorted(game.legal(seat)))}


def require_phase(phase: str, wanted: str) -> None:
    if phase != wanted:
        raise RequestError("wrong_phase", f"the game is in phase {phase!r}, not {wanted!r}")


def state_in_deal_phase(book: Scorebook) -> dict:
    """State fields of phase `deal` (P-state-2): the deal to come, nothing dealt."""
    return {"phase": "deal", "players": PLAYERS, "deal_number": book.deal_number, "dealer": book.dealer,
            "turn": None, "pass_direction": book.pass_direction, "hands": [[] for _ in range(PLAYERS)],
            "trick": [], "hearts_broken": False, "passed": [], "deal_points": [0] * PLAYERS,
            "totals": list(book.totals)}


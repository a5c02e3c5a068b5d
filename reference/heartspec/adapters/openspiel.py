"""OpenSpiel's `hearts` behind heartspec protocol v1.

Run it as an engine:  python -m heartspec.adapters.openspiel [--config PARAMS] [--spec DIR]

Written against: PyPI `open_spiel` 2.0.2 (extra `heartspec[openspiel]`); any other
installed version is refused at start-up (exit 2).

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
OpenSpiel's.

Configurations.  OpenSpiel's hearts has eight boolean game parameters
(pass_cards, no_pts_on_first_trick, can_lead_any_club, jd_bonus,
avoid_all_tricks_bonus, must_break_hearts, qs_breaks_hearts,
can_lead_hearts_instead_of_qs).  Without `--config` the adapter sets each from
the ruleset being played (the closest OpenSpiel comes to it).  `--config`
fixes some or all of them for every game, so that each configuration is a row
of its own in a report: `--config qs_breaks_hearts=true,no_pts_on_first_trick=false`,
or `--config defaults` for OpenSpiel's own defaults (later `name=value` pairs
override those).  `hello` names the fixed parameters in the engine name.
`COMPAT_CONFIGURATIONS` lists the configurations a compatibility report runs
besides the default one (OpenSpiel's own defaults, point cards allowed on the
first trick, the queen of spades breaking hearts).

Claims: the rulesets dk, fi, fi-classic, no and se at four players, with the
variants whose rules OpenSpiel can represent (omnibus-jd via jd_bonus,
no-passing, qs-lead-exception, moon-choice, ...).  Where a ruleset's rule is one
OpenSpiel plays its own fixed way, or one a fixed parameter overrides, the
adapter still claims the ruleset and lists the difference as an *approximation*
(in `hello` and on stderr), so that the conformance suite, not the adapter,
shows it.  A configuration with pass_cards=false claims only games that pass no
cards.  Cannot express (answered `unsupported`): other player counts, other
decks, kitty and stock, other point values, an opening other than the 2C by its
holder, partnerships, settlement, the shooter's choice of the moon's effect
(OpenSpiel always adds 26 to the others; the game never enters `moon_choice`).
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from heartspec.adapters.base import (
    HAND_SIZE,
    PLAYERS,
    AdapterServer,
    GameStart,
    Library,
    Scorebook,
    Unsupported,
    adapter_main,
    check_deal,
    check_pass,
    moon_notes,
    names,
    passes,
    received_events,
    require_phase,
    table_problems,
    unexplained_refusal,
)
from heartspec.adapters.base import Catalogue as SharedCatalogue
from heartspec.cards import HEARTS, card_id, card_name, parse_card, slot_of, standard_faces, suit_of
from heartspec.protocol.messages import RequestError, card_from_json
from heartspec.protocol.server import serve_with

__all__ = ["AdapterGame", "Catalogue", "GameSetup", "Server", "Unsupported", "fit_rules",
           "from_openspiel", "to_openspiel"]

LIBRARY = Library("open_spiel", "pyspiel", ("2.0.2",), "openspiel")
ENGINE_NAME = "openspiel-hearts-adapter"
LIB = "OpenSpiel"
PASS_SIZE = 3
QUEEN_OF_SPADES = parse_card("QS")
JACK_OF_DIAMONDS = parse_card("JD")

# OpenSpiel's first chance outcome: its PassDir enum.
OPENSPIEL_PASS_ACTION = {"none": 0, "left": 1, "across": 2, "right": 3}

# OpenSpiel's own defaults (pyspiel.load_game("hearts").get_parameters()), for `--config defaults`.
OPENSPIEL_DEFAULTS = {
    "pass_cards": True, "no_pts_on_first_trick": True, "can_lead_any_club": False, "jd_bonus": False,
    "avoid_all_tricks_bonus": False, "must_break_hearts": True, "qs_breaks_hearts": True,
    "can_lead_hearts_instead_of_qs": False,
}

# The configurations a compatibility report shows as rows of their own (heartspec compat reads this), each
# classified by openspiel--SUFFIX-expected-failures.txt and openspiel--SUFFIX-known-differences.txt.
COMPAT_CONFIGURATIONS = {
    "defaults": ["--config", "defaults"],
    "first-trick-points": ["--config", "no_pts_on_first_trick=false"],
    "queen-breaks-hearts": ["--config", "qs_breaks_hearts=true"],
}

# What a parameter set against the ruleset's rule makes OpenSpiel play instead.
OVERRIDE_NOTES = {
    "no_pts_on_first_trick": {True: "first_trick: OpenSpiel refuses point cards on the first trick",
                              False: "first_trick: OpenSpiel allows point cards on the first trick"},
    "can_lead_any_club": {True: "opening_lead: OpenSpiel lets the first trick be led with any club"},
    "jd_bonus": {True: "points: OpenSpiel scores the jack of diamonds -10",
                 False: "points: OpenSpiel scores the jack of diamonds nothing"},
    "avoid_all_tricks_bonus": {True: "points: OpenSpiel gives -5 to a player who takes no trick"},
    "must_break_hearts": {True: "heart_leads: OpenSpiel refuses a heart lead before hearts are broken",
                          False: "heart_leads: OpenSpiel allows a heart lead before hearts are broken"},
    "qs_breaks_hearts": {True: "hearts_broken_by: the queen of spades breaks hearts in OpenSpiel",
                         False: "hearts_broken_by: the queen of spades does not break hearts in OpenSpiel"},
    "can_lead_hearts_instead_of_qs": {
        True: "heart_leads: OpenSpiel lets a hand of hearts and the queen of spades lead a heart",
        False: "heart_leads: OpenSpiel makes a hand of hearts and the queen of spades lead the queen"},
}


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

@dataclass(frozen=True)
class Fit:
    params: dict[str, bool]           # OpenSpiel game parameters
    approximations: tuple[str, ...]   # rules OpenSpiel plays its own fixed way, or a fixed parameter overrides


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
    problems = table_problems(rules, LIB)
    if rules.pass_count not in (0, PASS_SIZE):
        problems.append(f"OpenSpiel passes {PASS_SIZE} cards or none, not {rules.pass_count}")
    if rules.pass_count and not set(rules.pass_cycle) <= set(OPENSPIEL_PASS_ACTION):
        problems.append("OpenSpiel passes only left, right, across or not at all")
    jd = _jd_bonus(rules)
    if any(rules.face_points[f] != openspiel_points(f, jd) for f in standard_faces()):
        problems.append("OpenSpiel scores hearts 1 and the queen of spades 13 (optionally the jack of diamonds -10), nothing else")
    return problems


def _approximations(rules, params: dict[str, bool]) -> list[str]:
    notes = []
    must_break = params["must_break_hearts"] and rules.heart_leads_before_broken == "forbidden"
    if must_break and rules.hearts_broken_by == "heart_discarded":
        notes.append("hearts_broken_by: OpenSpiel breaks hearts with any heart played, also one led from a hand of only hearts")
    if must_break and "hearts_only" not in rules.heart_lead_exceptions:
        notes.append("heart_leads: OpenSpiel always lets a hand with nothing legal but hearts lead one")
    notes += moon_notes(rules, LIB)
    if rules.moon_enabled and any(rules.face_points[f] <= 0 for f in rules.moon_required_faces):
        notes.append("moon.requires: OpenSpiel never requires a bonus card for the moon")
    if rules.moon_enabled and params["jd_bonus"] and rules.moon_bonus_cards != "kept":
        notes.append("moon.bonus_cards: OpenSpiel's shooter keeps the jack of diamonds bonus")
    return notes


def rule_params(rules) -> dict[str, bool]:
    """The OpenSpiel parameters closest to the compiled rules."""
    return {
        "pass_cards": passes(rules),
        "no_pts_on_first_trick": rules.first_trick_points != "allowed",
        "can_lead_any_club": False,
        "jd_bonus": _jd_bonus(rules),
        "avoid_all_tricks_bonus": False,
        "must_break_hearts": rules.heart_leads_before_broken == "forbidden",
        "qs_breaks_hearts": bool(rules.queen_breaks_hearts),
        "can_lead_hearts_instead_of_qs": "hearts_and_queen" in rules.heart_lead_exceptions,
    }


def fit_rules(rules, fixed: dict[str, bool] | None = None) -> Fit:
    """OpenSpiel parameters for compiled rules, `fixed` ones overriding; raises Unsupported naming every obstacle."""
    problems = _structural_problems(rules)
    wanted = rule_params(rules)
    params = {**wanted, **(fixed or {})}
    if wanted["pass_cards"] and not params["pass_cards"]:
        problems.append("this configuration passes no cards (pass_cards=false), and the game passes")
    if problems:
        raise Unsupported("; ".join(problems))
    overridden = [OVERRIDE_NOTES[name][value] for name, value in params.items()
                  if value != wanted[name] and value in OVERRIDE_NOTES.get(name, {})]
    return Fit(params, tuple(overridden + _approximations(rules, params)))


def parse_config(text: str) -> dict[str, bool]:
    """`defaults,name=value,...` as fixed OpenSpiel parameters; Unsupported names a mistake."""
    fixed: dict[str, bool] = {}
    for item in filter(None, (part.strip() for part in text.split(","))):
        if item == "defaults":
            fixed.update(OPENSPIEL_DEFAULTS)
            continue
        name, sep, value = item.partition("=")
        if not sep or name not in OPENSPIEL_DEFAULTS or value.lower() not in ("true", "false"):
            known = ", ".join(OPENSPIEL_DEFAULTS)
            raise Unsupported(f"--config takes 'defaults' and name=true|false pairs, names among {known}; not {item!r}")
        fixed[name] = value.lower() == "true"
    return fixed


def config_label(fixed: dict[str, bool]) -> str:
    return ",".join(f"{name}={str(value).lower()}" for name, value in sorted(fixed.items()))


# --------------------------------------------------------------------------
# the rules catalogue (kept for the benchmarks, which ask it what OpenSpiel plays)

class Catalogue(SharedCatalogue):
    """The reference's rules catalogue, plus what OpenSpiel (in one configuration) can play of it."""

    def __init__(self, spec_dir: Path | None = None, fixed: dict[str, bool] | None = None):
        super().__init__(spec_dir, lambda rules: fit_rules(rules, fixed))


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
        self.book = Scorebook(setup.rules, setup.dealer, setup.deal_number, list(setup.totals))
        self._start_deal_phase()

    # the game across deals, as the book keeps it
    dealer = property(lambda self: self.book.dealer)
    deal_number = property(lambda self: self.book.deal_number)
    totals = property(lambda self: self.book.totals)
    winners = property(lambda self: self.book.winners)
    pass_direction = property(lambda self: self.book.pass_direction)

    # ---- phases

    def _start_deal_phase(self) -> None:
        self.phase = "deal"
        self.state = None
        self.hands: list[set[int]] = [set() for _ in range(PLAYERS)]
        self.pending_passes: dict[int, list[int]] = {}
        self.trick: list[tuple[int, int]] = []
        self.trick_points = [0] * PLAYERS

    def turn(self) -> int | None:
        if self.phase != "playing":
            return None
        return int(self.state.current_player())

    def require_phase(self, phase: str) -> None:
        require_phase(self.phase, phase)

    # ---- deal

    def deal(self, hands: list[list[int]]) -> dict:
        self.require_phase("deal")
        check_deal(hands, self.rules.deck, LIB)
        state = self.os_game.new_initial_state()
        state.apply_action(OPENSPIEL_PASS_ACTION[self.pass_direction])
        for k in range(HAND_SIZE):
            for seat in range(PLAYERS):  # OpenSpiel gives its n-th dealt card to player n % 4
                state.apply_action(to_openspiel(hands[seat][k]))
        self.state = state
        self.hands = [set(h) for h in hands]
        self.phase = "passing" if self.pass_direction != "none" else "playing"
        return {"phase": self.phase, "pass_direction": self.pass_direction, "turn": self.turn(), "events": []}

    # ---- passing

    def pass_cards(self, seat: int, cards: list[int]) -> dict:
        self.require_phase("passing")
        check_pass(seat, cards, self.hands[seat], self.rules.deck, self.pending_passes, LIB)
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
        return received_events(dict(sorted(self.pending_passes.items())), self.pass_direction)

    def _hands_from_openspiel(self) -> list[set[int]]:
        payload = json.loads(self.state.to_json())
        return [{parse_card(c) for c in hand} for hand in payload["hands"]]

    # ---- play

    def legal(self, seat: int) -> list[int]:
        if self.phase != "playing" or seat != self.turn():
            return []
        return sorted(from_openspiel(a) for a in self.state.legal_actions())

    def play(self, seat: int, card_json: Any) -> dict:
        self.require_phase("playing")
        if seat != self.turn():
            raise RequestError("not_your_turn", f"it is seat {self.turn()}'s turn, not seat {seat}'s")
        card = card_from_json(card_json)
        if card not in self.rules.deck:
            raise RequestError("invalid_card", f"{card_name(card)} is not a card of OpenSpiel's deck")
        if card not in self.hands[seat]:
            raise RequestError("card_not_in_hand", f"seat {seat} does not hold {card_name(card)}")
        if to_openspiel(card) not in self.state.legal_actions():
            raise unexplained_refusal(LIB, seat, card, self.hands[seat], self.trick, self._cards_played_this_deal())
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
        return {"type": "trick_won", "seat": winner, "cards": names(cards), "points": points}

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
        self.last_points = points
        events, over = self.book.close_deal(points, self._moon(points))
        if over:
            self.phase = "game_over"
        else:
            self._start_deal_phase()
        return events

    def _moon(self, points: list[int]) -> dict | None:
        # OpenSpiel scores a shot moon by lowering the shooter's points below what
        # the shooter's tricks hold (and raising the others'): read it off that.
        # A seat that took no points cannot have shot it (avoid_all_tricks_bonus
        # lowers such a seat's points too).
        shooters = [s for s in range(PLAYERS) if 0 < self.trick_points[s] and points[s] < self.trick_points[s]]
        if not shooters:
            return None
        return {"seat": shooters[0], "effect": "add_to_others"}

    def _cards_played_this_deal(self) -> int:
        return HAND_SIZE * PLAYERS - sum(len(h) for h in self.hands)

    # ---- state

    def snapshot(self) -> dict:
        payload = {
            "phase": self.phase, "players": PLAYERS, "deal_number": self.deal_number,
            "dealer": self.dealer, "turn": self.turn(), "pass_direction": self.pass_direction,
            "hands": [names(sorted(h)) for h in self.hands],
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


# --------------------------------------------------------------------------
# the protocol server

class Server(AdapterServer):
    """The protocol session: the shared adapter plumbing, with OpenSpiel judging the cards."""

    library = LIBRARY
    lib = LIB

    def __init__(self, spec_dir: Path | None = None, fixed: dict[str, bool] | None = None):
        super().__init__(spec_dir)
        self.fixed = dict(fixed or {})
        label = config_label(self.fixed)
        self.engine_name = f"{ENGINE_NAME}[{label}]" if label else ENGINE_NAME

    def fit(self, rules) -> Fit:
        return fit_rules(rules, self.fixed)

    def make_game(self, rules, fit: Fit, start: GameStart) -> AdapterGame:
        return AdapterGame(GameSetup(rules, fit, start.dealer, start.deal_number, start.totals))

    def supports(self) -> dict:
        supports = super().supports()
        if self.fixed:
            supports = {**supports, "configuration": {name: self.fixed[name] for name in sorted(self.fixed)}}
        return supports


def serve(stdin: IO[bytes], stdout: IO[bytes], spec_dir: Path | None = None,
          fixed: dict[str, bool] | None = None) -> int:
    return serve_with(Server(spec_dir, fixed), stdin, stdout)


def _add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", default="", metavar="PARAMS",
                        help="fix OpenSpiel parameters for every game: 'defaults' and/or name=true|false, "
                             "comma-separated (e.g. qs_breaks_hearts=true,no_pts_on_first_trick=false)")


def main(argv: list[str] | None = None) -> int:
    return adapter_main(LIBRARY, "python -m heartspec.adapters.openspiel",
                        "Serve OpenSpiel's hearts over heartspec protocol v1 on stdin/stdout.",
                        lambda args: Server(args.spec, parse_config(args.config)), argv, _add_arguments)


if __name__ == "__main__":
    sys.exit(main())

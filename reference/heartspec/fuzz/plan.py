"""One fuzz game, planned ahead by the reference engine in-process.

The planner plays the game through an in-process reference `Server`, choosing
every move from the reference's legal moves, and writes down the requests:
moves, `legal` before each play (sometimes for a seat not to move), `state`
at random points, and the requests the reference refuses in the position,
one per refusal kind (heartspec.fuzz.probes), followed by `state`. The lockstep
driver then sends those requests to both engines in batches, which is what
makes thousands of compared steps a second possible over pipes.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass, field

from heartspec.cards import card_name, cards_of, face, suit_of
from heartspec.cells import event_cells, on_first_trick, position_cells
from heartspec.engine.errors import RuleError
from heartspec.engine.scoring import MOON_CHOICES
from heartspec.fuzz.deals import deal_cards, deal_kind_for, start_kind_for, starting_options
from heartspec.fuzz.probes import ANYWHERE, PHASE_KINDS, REFUSAL, refusal_probes
from heartspec.fuzz.setups import Setup, option_choices
from heartspec.protocol.server import RulesCatalog, Server

MAX_DEALS_PER_GAME = 3       # the rare endings come from starting positions, not from long games
STATE_CHANCE = 0.04
# Each refusal kind is probed at the first positions of each phase of a deal where it exists, and now and
# then every kind a position has: every kind is tried in every deal, the rare positions (the opening lead,
# the first trick) each time they come, at a cost of fewer than twice the requests, not several times.
PROBE_QUOTA = 2
PROBE_AGAIN_CHANCE = 0.01
OTHER_SEAT_LEGAL_CHANCE = 0.05


@dataclass
class DealStart:
    """Where a deal begins in the request list, and the new_game options that start a game right there."""

    index: int
    options: dict
    kind: str


@dataclass
class PlannedGame:
    setup: Setup
    new_game: dict                       # the new_game request (without id)
    requests: list = field(default_factory=list)   # dicts and raw lines, in order, ids assigned
    kinds: list[str] = field(default_factory=list)  # of each request: "move", "query" or "probe"
    deal_starts: list[DealStart] = field(default_factory=list)
    reached: Counter = field(default_factory=Counter)   # rare situations this game reached
    rule_options: dict = field(default_factory=dict)     # the ruleset options chosen (target, max_deals...)

    def lines(self) -> list[str]:
        return [r if isinstance(r, str) else encode(r) for r in self.requests]


def encode(request: dict) -> str:
    return json.dumps(request, separators=(",", ":"))


class Planner:
    def __init__(self, catalog: RulesCatalog, spec):
        self.catalog, self.spec = catalog, spec

    def plan(self, setup: Setup, rng: random.Random, avoid_options: set[str] = frozenset()) -> PlannedGame:
        server = Server(catalog=self.catalog)
        rule_options = {name: rng.choice(values) for name, values in option_choices(self.spec, setup).items()
                        if rng.random() < 0.4}
        try:
            rules = self.catalog.compile(setup.ruleset, list(setup.variants), setup.players, rule_options)
        except RuleError:  # some option values do not combine (no target and no deal limit): play the defaults
            rule_options = {}
            rules = self.catalog.compile(setup.ruleset, list(setup.variants), setup.players, rule_options)
        options = {**starting_options(rules, rng, start_kind_for(rules, rng)), **rule_options}
        # the engine refused these: an option name (totals...) or one value of a ruleset option
        options = {k: v for k, v in options.items() if k not in avoid_options and (k, repr(v)) not in avoid_options}
        new_game = {"cmd": "new_game", "ruleset": setup.ruleset, "players": setup.players,
                    "variants": list(setup.variants), "options": options}
        planned = PlannedGame(setup, new_game, rule_options={k: v for k, v in rule_options.items() if k in options})
        _GameWriter(server, planned, rng).write()
        return planned


class _GameWriter:
    def __init__(self, server: Server, planned: PlannedGame, rng: random.Random):
        self.server, self.planned, self.rng = server, planned, rng
        self.shooter: int | None = None
        self.probed: Counter = Counter()  # (deal number, phase, refusal kind) -> probes sent there

    def send(self, request: dict | str, kind: str = "move") -> dict | None:
        """Recorded for both engines and played on the planner's server too (a move, or a probe it refuses)."""
        self.record(request, kind)
        return self.server.handle(self.planned.requests[-1]) if isinstance(request, dict) else None

    def ask(self, request: dict, kind: str = "query") -> None:
        """Recorded for both engines, not sent to the planner's server (a query, or a move it makes itself)."""
        self.record(request, kind)

    def record(self, request: dict | str, kind: str) -> None:
        if isinstance(request, dict):
            request = {"id": len(self.planned.requests) + 1, **request}
        self.planned.requests.append(request)
        self.planned.kinds.append(kind)

    def write(self) -> None:
        response = self.send(self.planned.new_game)
        if not response.get("ok"):
            raise ValueError(f"the reference refused its own planned game: {response}")
        game = self.server.game
        deals = 0
        while game.phase != "game_over":
            self.maybe_probe_and_state()
            if game.phase == "deal":
                if deals >= MAX_DEALS_PER_GAME:
                    break
                deals += 1
                self.deal()
            elif game.phase == "passing":
                self.pass_one()
            elif game.phase == "playing":
                self.play_one()
            else:
                self.choose()
            game = self.server.game
        if game.phase == "game_over":
            self.maybe_probe_and_state()
        self.ask({"cmd": "state"})

    def maybe_probe_and_state(self) -> None:
        """Send what the reference refuses here, one request per refusal kind due, then `state` to show
        that none of them changed the game; else, now and then, `state` alone."""
        game, rng = self.server.game, self.rng
        again = rng.random() < PROBE_AGAIN_CHANCE  # now and then, every kind the position has
        probes = refusal_probes(game, rng, self.kinds_due(game, again))
        for kind, request in probes.items():
            self.probed[self.place(game, kind)] += 1
            self.planned.reached[REFUSAL + self.refused_with(request, kind)] += 1
        if probes or rng.random() < STATE_CHANCE:
            self.ask({"cmd": "state"})

    @staticmethod
    def place(game, kind: str) -> tuple:
        """Where a kind's quota counts: once a game for a kind no position changes, else once a phase of a deal."""
        return (kind,) if kind in ANYWHERE else (game.deal_number, game.phase, kind)

    def kinds_due(self, game, again: bool) -> list[str]:
        kinds = PHASE_KINDS.get(game.phase, ()) + ANYWHERE
        return list(kinds) if again else [k for k in kinds if self.probed[self.place(game, k)] < PROBE_QUOTA]

    def refused_with(self, request: dict | str, kind: str) -> str:
        """The code the reference refuses a probe with (it must refuse it: the probe was built to be refused)."""
        self.record(request, "probe")
        response = self.server.handle_line(request if isinstance(request, str) else encode(self.planned.requests[-1]))
        if response.get("ok"):
            raise RuntimeError(f"the reference accepted a {kind} probe it was meant to refuse: {request}")
        return response["error"]["code"]

    def deal(self) -> None:
        game, rng = self.server.game, self.rng
        kind = deal_kind_for(game.rules, rng)
        dealt = deal_cards(game.rules, rng, kind)
        self.shooter = dealt.shooter
        options = dict(self.planned.new_game["options"])
        options.update({"dealer": game.dealer, "deal_number": game.deal_number, "totals": list(game.totals)})
        self.planned.deal_starts.append(DealStart(len(self.planned.requests), options, kind))
        self.planned.reached[f"deal built: {kind}"] += 1
        self.send({"cmd": "deal", **dealt.request})

    def pass_one(self) -> None:
        game, rng = self.server.game, self.rng
        seat = rng.choice([s for s in range(game.players) if s not in game.passes])
        cards = list(cards_of(game.hands[seat]))
        chosen = sorted(cards)[: game.rules.pass_count] if seat == self.shooter else rng.sample(cards, game.rules.pass_count)
        self.observe(self.send({"cmd": "pass", "seat": seat, "cards": [card_name(face(c)) for c in chosen]}))

    def play_one(self) -> None:
        game, rng = self.server.game, self.rng
        seat = game.turn
        self.ask({"cmd": "legal", "seat": seat})
        if rng.random() < OTHER_SEAT_LEGAL_CHANCE:
            self.ask({"cmd": "legal", "seat": rng.randrange(game.players)})
        legal = list(cards_of(game.legal_mask(seat)))
        self.note_position(seat)
        card = self.pick(seat, legal)
        # the card comes from the reference's legal mask, so the engine's fast path plays it: the checked
        # path would only repeat the checks (it is what the two engines under comparison run)
        self.ask({"cmd": "play", "seat": seat, "card": card_name(face(card))}, "move")
        first_trick = on_first_trick(game)
        self.observe_events(game.play_physical(seat, card), first_trick)

    def pick(self, seat: int, legal: list[int]) -> int:
        if self.shooter is None:
            return self.rng.choice(legal)
        points = self.server.game._phys_points
        if seat == self.shooter:
            # highest card; when it cannot follow, a card without points, to keep them for its own tricks
            game = self.server.game
            following = game.trick and any(suit_of(c) == suit_of(game.trick[0][1]) for c in legal)
            plain = legal if following or not game.trick else [c for c in legal if points[c] == 0] or legal
            return max(plain, key=face)
        quiet = [c for c in legal if points[c] <= 0] or legal
        return min(quiet, key=face)

    def choose(self) -> None:
        game = self.server.game
        self.observe(self.send({"cmd": "choose", "seat": game.turn, "option": self.rng.choice(MOON_CHOICES)}))

    def note_position(self, seat: int) -> None:
        """Count the rare cells a play is about to test (heartspec.cells: the detector the suite's coverage uses)."""
        self.planned.reached.update(position_cells(self.server.game, seat))

    def observe(self, response: dict | None) -> None:
        if response and response.get("ok"):
            self.observe_events(response.get("events", ()))

    def observe_events(self, events, first_trick: bool = False) -> None:
        self.planned.reached.update(event_cells(self.server.game, events, first_trick))

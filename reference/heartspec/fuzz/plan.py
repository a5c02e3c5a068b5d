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
from heartspec.fuzz import cells
from heartspec.fuzz.deals import deal_cards, low_hands, deal_kind_for, start_kind_for, starting_options
from heartspec.fuzz.probes import ANYWHERE, PHASE_KINDS, REFUSAL, PROBE_CHOICES, refusal_probes
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
HELLO_CHANCE = 0.1


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
    cells_at: list = field(default_factory=list)  # (request index, rare cell): where each cell was reached

    def cells_through(self, end: int) -> Counter:
        """The rare cells reached at requests before `end`: those the engine was compared on."""
        return Counter(cell for index, cell in self.cells_at if index < end)

    def lines(self) -> list[str]:
        return [r if isinstance(r, str) else encode(r) for r in self.requests]


def _options_aimed_at(aims: frozenset[str], choices: dict, chosen: dict, rng: random.Random) -> dict:
    """The ruleset option a short cell needs (a deal limit for its last deal), where the set-up offers it."""
    needed = sorted({cells.BY_NAME[name].option for name in aims if name in cells.BY_NAME} - {None})
    wanted = [name for name in needed if name not in chosen and [v for v in choices.get(name, []) if v]]
    if not wanted or rng.random() >= cells.AIM_CHANCE:
        return {}
    name = rng.choice(wanted)
    return {name: rng.choice([v for v in choices[name] if v])}


def encode(request: dict) -> str:
    return json.dumps(request, separators=(",", ":"))


class Planner:
    def __init__(self, catalog: RulesCatalog, spec, probes: str = "all"):
        self.catalog, self.spec = catalog, spec
        self.probe_kinds = frozenset(PROBE_CHOICES[probes])  # the refusal kinds `--probes` lets the games send

    def plan(self, setup: Setup, rng: random.Random, avoid_options: set[str] = frozenset(),
             aims: frozenset[str] = frozenset()) -> PlannedGame:
        """One game of `setup`; `aims`: rare cells (heartspec.fuzz.cells) still short for it, which its start,
        options and deals then aim at most of the time."""
        server = Server(catalog=self.catalog)
        choices = option_choices(self.spec, setup)
        rule_options = {name: rng.choice(values) for name, values in choices.items() if rng.random() < 0.4}
        rule_options.update(_options_aimed_at(aims, choices, rule_options, rng))
        try:
            rules = self.catalog.compile(setup.ruleset, list(setup.variants), setup.players, rule_options)
        except RuleError:  # some option values do not combine (no target and no deal limit): play the defaults
            rule_options = {}
            rules = self.catalog.compile(setup.ruleset, list(setup.variants), setup.players, rule_options)
        start_kind = start_kind_for(rules, rng, aims)
        options = {**starting_options(rules, rng, start_kind), **rule_options}
        # the engine refused these: an option name (totals...) or one value of a ruleset option
        options = {k: v for k, v in options.items() if k not in avoid_options and (k, repr(v)) not in avoid_options}
        new_game = {"cmd": "new_game", "ruleset": setup.ruleset, "players": setup.players,
                    "variants": list(setup.variants), "options": options}
        planned = PlannedGame(setup, new_game, rule_options={k: v for k, v in rule_options.items() if k in options})
        writer = _GameWriter(server, planned, rng, self.probe_kinds, aims)
        if start_kind == "tie" and "totals" in options and not rules.partnership:
            low = min(options["totals"])  # the seats started level and low play quietly: they tie taking nothing
            writer.quiet_seats = {seat for seat, total in enumerate(options["totals"]) if total == low}
        writer.write()
        return planned


class _GameWriter:
    def __init__(self, server: Server, planned: PlannedGame, rng: random.Random, probe_kinds: frozenset[str],
                 aims: frozenset[str] = frozenset()):
        self.server, self.planned, self.rng, self.probe_kinds = server, planned, rng, probe_kinds
        self.aims = aims
        self.quiet_seats: set[int] = set()
        self.planned_passes: dict[int, list[int]] = {}
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
        if self.rng.random() < HELLO_CHANCE:
            self.ask({"cmd": "hello"})  # mid-session too: the fixed fields agree, the allowed ones may not
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
        kinds = [k for k in PHASE_KINDS.get(game.phase, ()) + ANYWHERE if k in self.probe_kinds]
        return kinds if again else [k for k in kinds if self.probed[self.place(game, k)] < PROBE_QUOTA]

    def refused_with(self, request: dict | str, kind: str) -> str:
        """The code the reference refuses a probe with (it must refuse it: the probe was built to be refused)."""
        self.record(request, "probe")
        response = self.server.handle_line(request if isinstance(request, str) else encode(self.planned.requests[-1]))
        if response.get("ok"):
            raise RuntimeError(f"the reference accepted a {kind} probe it was meant to refuse: {request}")
        return response["error"]["code"]

    def deal(self) -> None:
        game, rng = self.server.game, self.rng
        if self.quiet_seats and not self.planned.deal_starts:  # the tie start's deal: the level seats hold low cards
            dealt = low_hands(game.rules, rng, self.quiet_seats)
            kind = dealt.kind
        else:
            kind = deal_kind_for(game.rules, rng, self.aims)
            offset = game._pass_offsets.get(game.pass_direction)  # none: no pass this deal
            dealt = deal_cards(game.rules, rng, kind, offset)
        self.shooter, self.planned_passes = dealt.shooter, dict(dealt.passes)
        options = dict(self.planned.new_game["options"])
        options.update({"dealer": game.dealer, "deal_number": game.deal_number, "totals": list(game.totals)})
        self.planned.deal_starts.append(DealStart(len(self.planned.requests), options, kind))
        self.planned.reached[f"deal built: {kind}"] += 1
        self.send({"cmd": "deal", **dealt.request})

    def pass_one(self) -> None:
        game, rng = self.server.game, self.rng
        seat = rng.choice([s for s in range(game.players) if s not in game.passes])
        cards = list(cards_of(game.hands[seat]))
        if seat in self.planned_passes:  # the deal was built around this pass
            chosen = self.planned_passes.pop(seat)
        elif seat == self.shooter:
            chosen = sorted(cards)[: game.rules.pass_count]
        else:
            chosen = rng.sample(cards, game.rules.pass_count)
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
        first_trick = on_first_trick(game)
        # the card comes from the reference's legal mask, so the engine's fast path plays it: the checked
        # path would only repeat the checks (it is what the two engines under comparison run)
        self.ask({"cmd": "play", "seat": seat, "card": card_name(face(card))}, "move")
        self.observe_events(game.play_physical(seat, card), first_trick)

    def pick(self, seat: int, legal: list[int]) -> int:
        points = self.server.game._phys_points
        if self.shooter is None and seat in self.quiet_seats:
            return min([c for c in legal if points[c] <= 0] or legal, key=face)
        if self.shooter is None:
            return self.rng.choice(legal)
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
        for cell in position_cells(self.server.game, seat):
            self.reach(cell, ahead=True)

    def reach(self, cell: str, ahead: bool = False) -> None:
        """Count a rare cell, at the request that tests it: the last one recorded, or (`ahead`) the next."""
        self.planned.reached[cell] += 1
        self.planned.cells_at.append((len(self.planned.requests) - (0 if ahead else 1), cell))

    def observe(self, response: dict | None) -> None:
        if response and response.get("ok"):
            self.observe_events(response.get("events", ()))

    def observe_events(self, events, first_trick: bool = False) -> None:
        for cell in event_cells(self.server.game, events, first_trick):
            self.reach(cell)

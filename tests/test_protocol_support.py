"""Shared helpers for the protocol tests (no tests here).

`StubCatalog` serves hand-built CompiledRules (tests/engine_helpers.py) so the
server's own behaviour is tested apart from the rules compiler; `Schemas`
validates messages against schemas/protocol/; `drive_game` plays a whole game
through nothing but protocol requests.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import jsonschema
from referencing import Registry, Resource

from engine_helpers import cancellation, standard, two_player, with_deck
from heartspec.protocol.messages import RequestError
from heartspec.protocol.server import Server

ROOT = Path(__file__).resolve().parent.parent
SCHEMA_DIR = ROOT / "schemas" / "protocol"
COMMANDS = ("hello", "new_game", "deal", "pass", "play", "choose", "state", "legal", "stop", "quit")


def stub_rules() -> dict[tuple[str, int], object]:
    std = standard()
    return {
        ("std", 4): std,
        ("std", 3): with_deck(std, 3, remove=("2D",), pass_cycle=("left", "right", "none")),
        ("kitty", 3): with_deck(std, 3, kitty=1, pass_cycle=("left", "right", "none")),
        ("choice", 4): standard(moon_effect="shooter_choice"),
        ("two", 2): two_player("winner_first"),
        ("two-now", 2): two_player("replace_immediately"),
        ("cancel", 8): cancellation(8),
        ("short", 4): standard(target=30),
        ("money", 4): standard(target=40, settlement="zero_point_pot", stake=0.5),
        ("pairs", 4): standard(target=40, settlement="pairwise", stake=1),
        ("open", 4): standard(target=None, settlement="zero_point_pot", stake=0.5),
        ("teams", 4): standard(target=60, partnership=True),
    }


class StubCatalog:
    """Quacks like RulesCatalog: ruleset ids are the keys of stub_rules()."""

    def __init__(self):
        self.table = stub_rules()

    def ruleset_ids(self) -> list[str]:
        return sorted({name for name, _ in self.table})

    def variant_ids(self) -> list[str]:
        return ["target-30"]

    def players_by_ruleset(self) -> dict[str, list[int]]:
        return {name: sorted(n for r, n in self.table if r == name) for name in self.ruleset_ids()}

    def require_known(self, ruleset, variants):
        if ruleset not in self.ruleset_ids():
            raise RequestError("unsupported", f"unknown ruleset {ruleset!r}")
        if any(v != "target-30" for v in variants):
            raise RequestError("unsupported", f"unknown variant in {variants!r}")

    def compile(self, ruleset, variants, players, options, exact=False):
        self.require_known(ruleset, variants)
        rules = self.table.get((ruleset, players))
        if rules is None:
            raise RequestError("invalid_game", f"{ruleset} is not played by {players}")
        if options:
            raise RequestError("invalid_game", f"no options here: {sorted(options)}")
        return replace(rules, target=30) if variants else rules


def stub_server() -> Server:
    return Server(catalog=StubCatalog())


class Schemas:
    """Every schema in schemas/protocol/, resolvable by its $id and by relative reference."""

    def __init__(self):
        resources = []
        self.by_name = {}
        for path in sorted(SCHEMA_DIR.glob("*.json")):
            schema = json.loads(path.read_text(encoding="utf-8"))
            self.by_name[path.name] = schema
            resources.append((schema["$id"], Resource.from_contents(schema)))
        self.registry = Registry().with_resources(resources)
        self._validators = {}

    def validator(self, name: str):
        if name not in self._validators:
            schema = self.by_name[name]
            jsonschema.Draft202012Validator.check_schema(schema)
            self._validators[name] = jsonschema.Draft202012Validator(schema, registry=self.registry)
        return self._validators[name]

    def errors(self, name: str, message: dict) -> list[str]:
        return [f"{list(e.absolute_path)}: {e.message}" for e in self.validator(name).iter_errors(message)]

    def check_exchange(self, request: dict, response: dict) -> None:
        """A request against its request schema; its response against response-<cmd> or error.json."""
        cmd = request.get("cmd")
        if cmd in COMMANDS:
            assert not self.errors(f"request-{cmd}.json", request), (request, self.errors(f"request-{cmd}.json", request))
        name = f"response-{cmd}.json" if response["ok"] else "error.json"
        problems = self.errors(name, response)
        assert not problems, (request, response, problems)


def drive_game(server: Server, new_game: dict, seed: int, on_exchange=None, mistakes: bool = False) -> dict:
    """Play one whole game through protocol requests only, choosing random legal moves.

    `on_exchange(request, response)` sees every exchange; with `mistakes`, some
    deliberately illegal requests are mixed in (their responses must be errors).
    Returns the final state.
    """
    rng = random.Random(seed)
    counter = iter(range(1, 10**9))

    def send(request: dict) -> dict:
        request = {"id": next(counter), **request}
        response = server.handle(request)
        assert response["id"] == request["id"]
        if on_exchange:
            on_exchange(request, response)
        return response

    assert send({"cmd": "new_game", **new_game})["ok"]
    for _ in range(10_000):
        state = send({"cmd": "state"})
        phase = state["phase"]
        if phase == "game_over":
            return state
        if phase == "deal":
            assert send({"cmd": "deal", "seed": rng.getrandbits(32)})["ok"]
        elif phase == "passing":
            _pass_all(send, state, server.game.rules.pass_count, rng, mistakes)
        elif phase == "playing":
            _play_one(send, state, rng, mistakes)
        elif phase == "moon_choice":
            option = rng.choice(["add_to_others", "subtract_from_self"])
            assert send({"cmd": "choose", "seat": state["turn"], "option": option})["ok"]
    raise AssertionError("the game did not end")


def _pass_all(send, state: dict, count: int, rng: random.Random, mistakes: bool) -> None:
    seats = [s for s in range(state["players"]) if s not in state["passed"]]
    rng.shuffle(seats)
    for seat in seats:
        cards = rng.sample(state["hands"][seat], count)
        if mistakes:
            assert not send({"cmd": "pass", "seat": seat, "cards": cards[:-1]})["ok"]
            assert not send({"cmd": "play", "seat": seat, "card": cards[0]})["ok"]
        assert send({"cmd": "pass", "seat": seat, "cards": cards})["ok"]
        if mistakes:
            assert not send({"cmd": "pass", "seat": seat, "cards": cards})["ok"]


def _play_one(send, state: dict, rng: random.Random, mistakes: bool) -> None:
    seat = state["turn"]
    legal = send({"cmd": "legal", "seat": seat})["cards"]
    assert legal, f"seat {seat} to play has no legal card"
    if mistakes:
        other = (seat + 1) % state["players"]
        assert send({"cmd": "legal", "seat": other})["cards"] == []
        assert not send({"cmd": "play", "seat": other, "card": legal[0]})["ok"]
        illegal = sorted(set(state["hands"][seat]) - set(legal))
        if illegal:
            assert not send({"cmd": "play", "seat": seat, "card": rng.choice(illegal)})["ok"]
        assert not send({"cmd": "play", "seat": seat, "card": "ZZ"})["ok"]
    card = rng.choice(legal)
    if rng.random() < 0.2:
        card = card.lower().replace("t", "10")  # aliases must be accepted
    assert send({"cmd": "play", "seat": seat, "card": card})["ok"]

"""Every response the engine sends validates against schemas/protocol/ (and the schemas do reject bad ones)."""

from __future__ import annotations

import json
import re

import pytest

from heartspec.protocol.server import RulesCatalog, Server
from test_protocol_support import COMMANDS, SCHEMA_DIR, Schemas, drive_game, stub_server

EVENT_TYPES = {"cards_received", "card_played", "hearts_broken", "trick_won", "kitty_taken", "cards_drawn",
               "moon_choice", "deal_scored", "next_deal", "game_over"}


@pytest.fixture(scope="module")
def schemas():
    return Schemas()


class Recorder:
    """Validates every exchange and remembers what kinds of message it saw."""

    def __init__(self, schemas: Schemas):
        self.schemas = schemas
        self.commands: set[str] = set()
        self.codes: set[str] = set()
        self.events: set[str] = set()

    def __call__(self, request: dict, response: dict) -> None:
        self.schemas.check_exchange(request, response)
        kinds = {e["type"] for e in response.get("events", [])}
        self.commands.add(request["cmd"])
        self.events |= kinds
        if not response["ok"]:
            self.codes.add(response["error"]["code"])


def test_there_is_a_schema_for_every_request_and_response(schemas):
    names = {p.name for p in SCHEMA_DIR.glob("*.json")}
    expected = {f"request-{c}.json" for c in COMMANDS} | {f"response-{c}.json" for c in COMMANDS}
    assert expected | {"event.json", "error.json", "envelope.json"} == names
    for name in names:
        schemas.validator(name)  # each one is a valid 2020-12 schema whose references resolve


@pytest.mark.parametrize("ruleset, players", [
    ("std", 4), ("kitty", 3), ("two", 2), ("two-now", 2), ("cancel", 8), ("money", 4), ("pairs", 4), ("teams", 4),
])
def test_whole_games_with_mistakes_validate(schemas, ruleset, players):
    server, record = stub_server(), Recorder(schemas)
    record({"cmd": "hello"}, server.handle({"cmd": "hello"}))
    drive_game(server, {"ruleset": ruleset, "players": players, "variants": ["target-30"]}, seed=players,
               on_exchange=record, mistakes=True)
    record({"cmd": "quit"}, server.handle({"cmd": "quit"}))
    assert {"deal_scored", "next_deal", "game_over", "card_played", "trick_won"} <= record.events
    assert {"not_your_turn", "invalid_card"} <= record.codes


def test_every_event_type_and_command_is_seen_and_valid(schemas):
    """Across the stub games plus a scripted moon deal, every command and event kind is validated."""
    record = Recorder(schemas)
    for ruleset, players in [("std", 4), ("kitty", 3), ("two", 2), ("money", 4)]:
        server = stub_server()
        record({"cmd": "hello"}, server.handle({"cmd": "hello"}))
        drive_game(server, {"ruleset": ruleset, "players": players, "variants": ["target-30"]}, 3, record)
    _scripted_moon_choice(stub_server(), record)
    _scripted_stop(stub_server(), record)
    assert record.events == EVENT_TYPES
    assert record.commands == set(COMMANDS)


def _scripted_moon_choice(server: Server, record: Recorder) -> None:
    def send(**request):
        response = server.handle(request)
        record(request, response)
        assert response["ok"], response
        return response

    send(cmd="new_game", ruleset="choice", players=4, options={"deal_number": 4})
    send(cmd="deal", hands=[[rank + suit for rank in "23456789TJQKA"] for suit in "CDHS"])
    for rank in "23456789TJQKA":
        for seat in range(4):
            send(cmd="play", seat=seat, card=rank + "CDHS"[seat])
    send(cmd="choose", seat=0, option="add_to_others")
    send(cmd="quit")


def _scripted_stop(server: Server, record: Recorder) -> None:
    """An open-ended game stopped between deals, and a stop refused where the game has a target."""
    for ruleset, ok in (("std", False), ("open", True)):
        request = {"cmd": "new_game", "ruleset": ruleset, "players": 4}
        record(request, server.handle(request))
        response = server.handle({"cmd": "stop"})
        record({"cmd": "stop"}, response)
        assert response["ok"] is ok, response


@pytest.mark.parametrize("ruleset, players, variants", [
    ("fi", 4, []), ("fi", 6, []), ("no", 4, []), ("dk", 3, []), ("se", 5, []), ("fi-classic", 4, []),
    ("fi-classic", 2, ["two-player"]), ("dk", 8, ["cancellation"]), ("fi", 4, ["partnership"]),
])
def test_shipped_rulesets_validate(schemas, ruleset, players, variants):
    """Whole games of the shipped rules, started close to the target so they stay short."""
    compiled = _shipped().compile(ruleset, variants, players, {})
    near = (compiled.target - 12) // (2 if compiled.partnership else 1)
    server, record = Server(catalog=_shipped()), Recorder(schemas)
    new_game = {"ruleset": ruleset, "players": players, "variants": variants, "options": {"totals": [near] * players}}
    drive_game(server, new_game, seed=11, on_exchange=record, mistakes=True)
    assert "game_over" in record.events


_CATALOG = []


def _shipped() -> RulesCatalog:
    if not _CATALOG:
        _CATALOG.append(RulesCatalog())
    return _CATALOG[0]


@pytest.mark.parametrize("name, message", [
    ("response-play.json", {"id": 1, "ok": True, "events": [{"type": "card_played", "seat": 0, "card": "1Z"}]}),
    ("response-play.json", {"id": 1, "ok": True, "events": [{"type": "trick_taken", "seat": 0}]}),
    ("response-play.json", {"id": 1, "ok": True}),
    ("response-state.json", {"id": 1, "ok": True, "phase": "playing"}),
    ("response-deal.json", {"id": 1, "ok": True, "phase": "passing", "pass_direction": "sideways", "turn": None}),
    ("error.json", {"id": 1, "ok": False, "error": {"code": "oops", "message": "x"}}),
    ("error.json", {"id": 1.5, "ok": False, "error": {"code": "bad_request", "message": "x"}}),
    ("response-legal.json", {"id": 1, "ok": True, "cards": ["2C", "2C"]}),
    ("event.json", {"type": "deal_scored", "points": [1], "totals": [1]}),
    ("request-play.json", {"cmd": "play", "seat": 0}),
])
def test_schemas_reject_broken_messages(schemas, name, message):
    assert schemas.errors(name, message)


def _doc_examples() -> list[tuple[str, dict]]:
    """Every complete JSON line in spec/protocol.md's json blocks, paired with the schema it must meet."""
    text = (SCHEMA_DIR.parent.parent / "spec" / "protocol.md").read_text(encoding="utf-8")
    examples, last_cmd, in_block = [], None, False
    for line in text.splitlines():
        if line.startswith("```"):
            in_block, last_cmd = line == "```json", None
            continue
        if not in_block:
            continue
        if "..." in line:  # an abridged example: still names the command its response answers
            found = re.search(r'"cmd": "(\w+)"', line)
            last_cmd = found.group(1) if found else last_cmd
            continue
        message = json.loads(line)
        if "cmd" in message:
            last_cmd = message["cmd"]
            examples.append((f"request-{last_cmd}.json", message))
        elif "type" in message:
            examples.append(("event.json", message))
        elif message.get("ok") is False:
            examples.append(("error.json", message))
        else:
            examples.append((f"response-{last_cmd}.json", message))
    return examples


def test_the_examples_in_the_protocol_spec_validate(schemas):
    examples = _doc_examples()
    assert len(examples) >= 40
    for name, message in examples:
        assert not schemas.errors(name, message), (name, message, schemas.errors(name, message))

"""The suite checks every response against schemas/protocol/ and names the JSON path and the rule broken."""

from __future__ import annotations

import pytest

from heartspec.conformance.schema_check import SchemaViolation, command_of, shipped_schemas
from heartspec.protocol.server import Server


@pytest.fixture(scope="module")
def schemas():
    return shipped_schemas()


def test_reference_responses_pass(schemas):
    server = Server()
    for request in ({"cmd": "hello"}, {"cmd": "new_game", "ruleset": "fi", "players": 4}, {"cmd": "state"},
                    {"cmd": "deal", "hands": []}, {"cmd": "legal", "seat": 0}, {"cmd": "quit"}):
        schemas.check_response(request["cmd"], server.handle(request), str(request))


@pytest.mark.parametrize("cmd, response, path, rule", [
    ("play", {"id": 1, "ok": True, "events": [{"type": "card_played", "seat": 0, "card": "tc"}]},
     "$.events[0].card", "pattern"),
    ("legal", {"id": 1, "ok": True, "cards": ["2C", "2C"]}, "$.cards", "uniqueItems"),
    ("legal", {"id": 1, "ok": True}, "$", "required"),
    ("play", {"id": 1, "ok": False, "error": {"code": "bad_request", "message": ""}}, "$.error.message", "minLength"),
    ("play", {"id": 1, "ok": False, "error": {"code": "nope", "message": "x"}}, "$.error.code", "enum"),
    ("state", {"id": 1, "ok": True, "phase": "deal", "players": 4, "deal_number": 1, "dealer": 0, "turn": 1.0,
               "pass_direction": "left", "hands": [[], [], [], []], "trick": [], "hearts_broken": False,
               "passed": [], "deal_points": [0, 0, 0, 0], "totals": [0, 0, 0, 0]}, "$.turn", "integer"),
    ("bid", {"id": 1, "ok": True}, "$.ok", "const"),
])
def test_a_violation_names_path_and_rule(schemas, cmd, response, path, rule):
    with pytest.raises(SchemaViolation) as caught:
        schemas.check_response(cmd, response, '{"cmd": "%s"}' % cmd)
    message = str(caught.value)
    assert f"{path}: " in message and rule in message, message


def test_command_of_raw_lines():
    assert command_of('{"cmd": "play"}') == "play"
    assert command_of("[1]") is None and command_of("{") is None

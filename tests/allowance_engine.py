"""The reference engine taking one freedom spec/protocol.md allows, named as heartspec.protocol.allowances names it.

    python tests/allowance_engine.py refuse-seed     # a deal given by seed is bad_request, in every phase
    python tests/allowance_engine.py extra-fields    # an undefined field in every object of every response
    python tests/allowance_engine.py own-messages    # every error message is its own text
    python tests/allowance_engine.py key-order       # keys written in reverse order
    python tests/allowance_engine.py hand-order      # state lists each hand from the highest card down
    python tests/allowance_engine.py no-echo         # new_game answers with its phase alone
    python tests/allowance_engine.py own-hello       # another name, no supports.players

Every answer is as correct as the reference's: the suite must pass it and the fuzzer find nothing
(tests/test_protocol_allowances.py).
"""

from __future__ import annotations

import json
import sys

from heartspec.protocol import endpoint as endpoint_module
from heartspec.protocol import server as server_module
from heartspec.protocol.messages import RequestError

EXTRA = {"x_engine_note": {"nested": [1, {"deep": True}]}}


def refuse_seed() -> None:
    original = server_module.Server._deal

    def deal(self, request):
        if request.get("seed") is not None:
            raise RequestError("bad_request", "this engine deals only the cards it is given: send 'hands'")
        return original(self, request)

    server_module.Server._deal = deal


def decorate(value, keyed_by_data: bool = False):
    """An undefined field beside every defined one, at every level (lists of cards stay lists).

    `supports.players` is keyed by ruleset ids, not by field names: a key there would be a claim."""
    if isinstance(value, dict):
        fields = {key: decorate(item, key == "players") for key, item in value.items()}
        return fields if keyed_by_data else {**fields, **EXTRA}
    if isinstance(value, list):
        return [decorate(item) for item in value]
    return value


def answers_changed(change) -> None:
    original = endpoint_module.Endpoint.handle

    def handle(self, request):
        return change(original(self, request))

    endpoint_module.Endpoint.handle = handle


def own_messages() -> None:
    def change(response):
        if response.get("ok") is False:
            response["error"]["message"] = "refused (see the code)"
        return response

    answers_changed(change)
    line_errors = endpoint_module.Endpoint.handle_line

    def handle_line(self, line):  # the refusals of lines that never become requests, too
        response = line_errors(self, line)
        if response is not None and response.get("ok") is False:
            response["error"]["message"] = "refused (see the code)"
        return response

    endpoint_module.Endpoint.handle_line = handle_line


def key_order() -> None:
    server_module.encode = lambda response: json.dumps(_reversed_keys(response), separators=(",", ":"),
                                                       ensure_ascii=False)


def _reversed_keys(value):
    if isinstance(value, dict):
        return {key: _reversed_keys(value[key]) for key in reversed(list(value))}
    if isinstance(value, list):
        return [_reversed_keys(item) for item in value]
    return value


def hand_order() -> None:
    original = server_module.Server._state

    def state(self, request):
        body = original(self, request)
        body["hands"] = [list(reversed(hand)) for hand in body["hands"]]
        return body

    server_module.Server._state = state


def no_echo() -> None:
    original = server_module.Server._new_game

    def new_game(self, request):
        return {"phase": original(self, request)["phase"]}

    server_module.Server._new_game = new_game


def own_hello() -> None:
    original = server_module.Server._hello

    def hello(self, request):
        body = original(self, request)
        body["engine"] = {"name": "allowance-engine", "version": "7"}
        del body["supports"]["players"]
        return body

    server_module.Server._hello = hello


ALTERNATIVES = {
    "refuse-seed": refuse_seed,
    "extra-fields": lambda: answers_changed(decorate),
    "own-messages": own_messages,
    "key-order": key_order,
    "hand-order": hand_order,
    "no-echo": no_echo,
    "own-hello": own_hello,
}

if __name__ == "__main__":
    ALTERNATIVES[sys.argv[1]]()
    from heartspec.cli import main

    main(["engine"])

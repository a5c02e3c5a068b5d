"""Property tests: random legal and illegal requests through the server.

Whatever arrives, a refused request changes nothing, the engine never reports
an internal error, the id is echoed, cards are conserved, and the seat to move
always has a legal card.
"""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from heartspec.cards import card_name
from heartspec.protocol.messages import MAX_SAFE_ID
from heartspec.protocol.server import RulesCatalog, Server

CARD_NAMES = [r + s for s in "CDHS" for r in "23456789TJQKA"] + ["XC", "XD"]
GAMES = [("fi", 4), ("no", 4), ("dk", 3), ("se", 5), ("fi", 6)]
_CATALOG: list[RulesCatalog] = []


def catalog() -> RulesCatalog:
    if not _CATALOG:
        _CATALOG.append(RulesCatalog())
    return _CATALOG[0]


seats = st.one_of(st.integers(-1, 6), st.just("0"), st.none(), st.booleans())
cards = st.one_of(st.sampled_from(CARD_NAMES), st.sampled_from(["10h", "qs", "1Z", "", "XH", "AA"]), st.integers(0, 60))
junk = st.fixed_dictionaries(
    {"cmd": st.sampled_from(["play", "pass", "choose", "legal", "deal", "state", "bid", "new_game"])},
    optional={
        "seat": seats,
        "card": cards,
        "cards": st.one_of(st.lists(cards, max_size=4), st.sampled_from(["2C", None])),
        "option": st.sampled_from(["add_to_others", "subtract_from_self", "both", 3]),
        "hands": st.just([["2C"]]),
        "ruleset": st.sampled_from(["fi", "zz", 3]),
        "players": st.sampled_from([4, 0, 12, "4"]),
        "id": st.one_of(st.integers(), st.text(max_size=3), st.floats(allow_nan=False)),
    },
)
actions = st.lists(st.one_of(st.tuples(st.just("move"), st.integers(0, 1000)), st.tuples(st.just("junk"), junk)),
                   min_size=1, max_size=90)


def snapshot(server: Server) -> str:
    return json.dumps(server.game.state(), sort_keys=True)


def legal_move(server: Server, pick: int) -> dict:
    """A request that moves the game on, chosen by `pick` among the legal ones."""
    state = server.game.state()
    phase = state["phase"]
    if phase == "deal":
        return {"cmd": "deal", "seed": pick}
    if phase == "passing":
        seat = next(s for s in range(state["players"]) if s not in state["passed"])
        hand = state["hands"][seat]
        count = server.game.rules.pass_count
        start = pick % (len(hand) - count + 1)
        return {"cmd": "pass", "seat": seat, "cards": hand[start:start + count]}
    if phase == "moon_choice":
        return {"cmd": "choose", "seat": state["turn"], "option": ["add_to_others", "subtract_from_self"][pick % 2]}
    legal = server.game.legal(state["turn"])
    assert legal, f"seat {state['turn']} to move has no legal card"
    return {"cmd": "play", "seat": state["turn"], "card": card_name(legal[pick % len(legal)])}


def valid_id(value) -> bool:
    """An id the protocol echoes: a string, or an integer a double holds exactly (P-envelope-5)."""
    if isinstance(value, bool):
        return False
    return isinstance(value, str) or (isinstance(value, int) and abs(value) <= MAX_SAFE_ID)


def cards_in_play(server: Server) -> int:
    state = server.game.state()
    return sum(len(h) for h in state["hands"]) + len(state["trick"])


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(GAMES), steps=actions)
def test_random_requests_never_corrupt_the_game(game, steps):
    ruleset, players = game
    server = Server(catalog=catalog())
    assert server.handle({"cmd": "new_game", "ruleset": ruleset, "players": players})["ok"]
    hand_size = server.game.rules.hand_size
    tricks = 0
    for kind, value in steps:
        if server.game is None or server.game.phase == "game_over":
            break
        request = legal_move(server, value) if kind == "move" else dict(value)
        before = snapshot(server)
        game_before = server.game
        response = server.handle(request)
        if valid_id(request.get("id")):
            assert response["id"] == request["id"]
        if not response["ok"]:
            assert response["error"]["code"] != "internal_error", response
            assert server.game is game_before and snapshot(server) == before, (request, response)
            assert kind == "junk", (request, response)
            continue
        if request.get("cmd") == "new_game":
            break  # a fresh game: the invariants below start over
        events = response.get("events", [])
        tricks += sum(e["type"] == "trick_won" for e in events)
        if any(e["type"] in ("deal_scored", "moon_choice") for e in events) or request.get("cmd") == "deal":
            tricks = 0
        if server.game.phase in ("playing", "passing"):
            assert cards_in_play(server) == players * hand_size - tricks * players

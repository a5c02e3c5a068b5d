"""Steps for the protocol's own scenarios (features/protocol_*.feature): framing, ordering, the handshake.

They build on the step library (`steps.py`): the same `Table`, the same
session, every response checked against the schemas where it arrives.
Scenarios about the process itself (end of input, `quit`) start an engine of
their own, so the shared session is never left half closed.
"""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from pytest_bdd import given, parsers, then, when

from heartspec.conformance.event_order import order_problem
from heartspec.conformance.schema_check import command_of
from heartspec.conformance.session import ScenarioSkip
from heartspec.conformance.layout import shipped_spec  # one cached load of the shipped spec per run
from heartspec.conformance.steps import Table, allowed_codes, card_list, decoded_request, game_setup, run_or_skip
from heartspec.protocol import allowances
from heartspec.protocol.client import EngineError, EngineProcess, decode_answer

# Rulesets whose four-player positions the protocol scenarios share: the opening card 2C, hearts not
# led before broken. The first one the engine claims is played, among those that pass the way fi does
# at the scenario's starting deal (fi-classic never holds, so it serves only scenarios that pass).
GENERIC_RULESETS = ("fi", "no", "se", "dk", "fi-classic")
CARD_ORDER_RANKS = "2X3456789TJQKA"


def card_order(card: str) -> tuple[int, int]:
    """Suit C D H S, then rank low to high (spec/protocol.md 3, "in card order")."""
    return "CDHS".index(card[1]), CARD_ORDER_RANKS.index(card[0])


def pass_direction(ruleset: str, players: int, deal_number: int) -> str:
    rules = shipped_spec().compile(ruleset, (), players=players, options={})
    if rules.pass_count == 0 or not rules.pass_cycle:
        return "none"
    return rules.pass_cycle[(deal_number - 1) % len(rules.pass_cycle)]


def claimed_ruleset(table: Table, players: int, rest: str) -> str:
    deal = game_setup(rest)["options"].get("deal_number", 1)
    supports = table.session.handshake().get("supports") or {}
    counts = supports.get("players") if isinstance(supports.get("players"), dict) else {}
    for ruleset in GENERIC_RULESETS:
        claimed = ruleset in (supports.get("rulesets") or []) and players in counts.get(ruleset, [players])
        if claimed and pass_direction(ruleset, players, deal) == pass_direction("fi", players, deal):
            return ruleset
    raise ScenarioSkip(f"the engine claims none of {', '.join(GENERIC_RULESETS)} passing at deal {deal} as fi does")


def unescape(text: str) -> str:
    """A step's text written with JSON string escapes (\\r, \\t, \\u3000) as the characters themselves."""
    return json.loads(f'"{text}"')


def checked(table: Table, line: str, raw: bytes | str) -> dict[str, Any]:
    """A raw response line decoded and checked against its schema, as every response is."""
    response = decode_answer(raw, repr(line[:200]))  # the one strict reader of engine answers: EngineGarbage
    table.session.schemas.check_response(command_of(line), response, line[:200])
    return response


def fresh_engine(table: Table) -> EngineProcess:
    """An engine of the scenario's own, for what ends a process (its lines make the saved move log)."""
    return table.session.own_engine()


# ---------------------------------------------------------------- Given
@given(parsers.re(r"a game for (?P<players>\d+) players of a ruleset the engine claims(?P<rest>.*)"))
def given_claimed_game(table: Table, players: str, rest: str):
    run_or_skip(lambda: table.new_game(claimed_ruleset(table, int(players), rest), int(players), rest))


# ---------------------------------------------------------------- When
@when(parsers.re(r'new_game is sent for "(?P<ruleset>[\w-]+)" at (?P<players>\d+) players with variants '
                 r'(?P<variants>\[.*?\]) and options (?P<options>\{.*\})'))
def when_new_game_with_options(table: Table, ruleset: str, players: str, variants: str, options: str):
    """Options as the JSON the row writes (a null, a respelt string, a wrong type), on a set-up the engine claims.

    An `unsupported` answer skips the row only when the same game without the options is unsupported too:
    refusing an option value as `unsupported` is no claim, it is the wrong code."""
    chosen = json.loads(variants)
    run_or_skip(lambda: table.session.check_claims(ruleset, chosen, int(players)))
    plain: dict[str, Any] = {"cmd": "new_game", "ruleset": ruleset, "players": int(players), "variants": chosen}
    response = table.ask({**plain, "options": json.loads(options)})
    if response.get("error", {}).get("code") == "unsupported":
        without = table.ask(plain)
        if without.get("error", {}).get("code") == "unsupported":
            pytest.skip(f"new_game of {ruleset} with {chosen} at {players} players is unsupported")
        table.last_response = response


@when(parsers.re(r"the blank lines \"(?P<blanks>[^\"]*)\" and then '(?P<line>.*)' are sent to the engine"))
def when_blank_lines_then(table: Table, blanks: str, line: str):
    table.ask_raw(unescape(blanks) + "\n" + line)


@when(parsers.re(r"'(?P<line>.*)' is sent to the engine ending with a carriage return"))
def when_sent_with_cr(table: Table, line: str):
    table.ask_raw(line + "\r")


@when(parsers.re(r"a hello padded to (?P<size>\d+) bytes is sent to the engine"))
def when_padded_hello(table: Table, size: str):
    head = '{"id": "padded", "cmd": "hello", "pad": "'
    line = head + "x" * (int(size) - len(head) - 2) + '"}'
    assert len(line.encode("utf-8")) == int(size)
    table.ask_raw(line)


@when(parsers.re(r"the lines '(?P<first>.*)' and '(?P<second>.*)' are written to the engine at once"))
def when_pipelined(table: Table, first: str, second: str):
    raw = table.session._guarded(lambda: table.session.engine.exchange_lines([first, second]))
    table.pipelined = [checked(table, line, answer) for line, answer in zip((first, second), raw)]


@when(parsers.re(r"a fresh engine is sent '(?P<line>.*)' and then its input ends"))
def when_fresh_then_eof(table: Table, line: str):
    engine = fresh_engine(table)
    try:
        table.last_response = engine.request_line(line)
        table.session.schemas.check_response(command_of(line), table.last_response, line[:200])
    finally:
        table.exit_status = engine.close()


@when("a fresh engine is sent each of these lines, then its input ends")
def when_fresh_lines(table: Table, datatable):
    engine = fresh_engine(table)
    table.fresh_answers = []
    try:
        for (line,) in datatable:
            response = engine.request_line(line)
            table.session.schemas.check_response(command_of(line), response, line[:200])
            table.fresh_answers.append((line, response))
    finally:
        table.exit_status = engine.close()


@then(parsers.re(r'each of those lines was refused with "(?P<code>\w+)"'))
def then_each_refused(table: Table, code: str):
    for line, response in table.fresh_answers:
        got = response.get("error", {}).get("code") if response.get("ok") is False else "success"
        codes = allowed_codes(code, decoded_request(line))
        assert got in codes, f"{line} was answered with {got}, expected {' or '.join(sorted(codes))}: {json.dumps(response)}"


@when(parsers.re(r"a fresh engine is sent '(?P<line>.*)' followed by '(?P<after>.*)' at once"))
def when_fresh_quit(table: Table, line: str, after: str):
    """The engine must exit after answering `quit` on its own, its input still open, reading nothing after it."""
    engine = fresh_engine(table)
    try:
        engine.send_lines([line, after])
        table.last_response = checked(table, line, engine.receive_lines([line])[0])
        deadline = time.monotonic() + table.session.timeout
        while engine.returncode is None and time.monotonic() < deadline:
            time.sleep(0.02)
        table.exit_status = engine.returncode
        try:
            extra = engine.receive_lines([after], timeout=0.2)
        except EngineError:
            extra = []
        table.after_quit = extra
    finally:
        engine.close()


SPELLINGS = {
    "lower case": str.lower,
    "rank lower, suit upper": lambda card: card[0].lower() + card[1],
    "rank upper, suit lower": lambda card: card[0] + card[1].lower(),
    "10 for T": lambda card: card.replace("T", "10", 1) if card[0] == "T" else card,
    "10 for T, lower case": lambda card: (card.replace("T", "10", 1) if card[0] == "T" else card).lower(),
}


@when(parsers.re(r'the cards are dealt in deck order, spelled in (?P<style>[\w ,]+)'))
def when_dealt_spelled(table: Table, style: str):
    request = table.deal_request()
    table.dealt_hands = [list(hand) for hand in request["hands"]]
    spell = SPELLINGS[style]
    request["hands"] = [[spell(card) for card in hand] for hand in request["hands"]]
    for pile in ("kitty", "stock"):
        if pile in request:
            request[pile] = [spell(card) for card in request[pile]]
    table.dealt = True
    table.ask(request)


@when(parsers.re(r"the seats that have not passed pass the first (?P<count>\d+) cards they were dealt"))
def when_others_pass(table: Table, count: str):
    dealt = table.deal_request()["hands"]
    passed = set(table.snapshot()["passed"])
    for seat, hand in enumerate(dealt):
        if seat not in passed:
            table.must({"cmd": "pass", "seat": seat, "cards": hand[: int(count)]})


@when(parsers.re(r'the deal is sent with "(?P<card>[^"]*)" in place of "(?P<other>\w+)"'))
def when_deal_swapped(table: Table, card: str, other: str):
    request = table.deal_request()
    table.state_before = table.snapshot()
    request["hands"] = [[card if held == other else held for held in hand] for hand in request["hands"]]
    table.ask(request)


@when(parsers.re(r"a hello with an ignored field nested (?P<depth>\d+) deep is sent to the engine"))
def when_deep_hello(table: Table, depth: str):
    arrays = int(depth) - 1  # the request object itself is depth 1
    line = '{"id": "deep", "cmd": "hello", "x": ' + "[" * arrays + "]" * arrays + "}"
    table.ask_raw(line)


@when(parsers.re(r"the engine is sent '(?P<line>.*)' with the bytes \"(?P<octets>[0-9a-fA-F ]+)\" in place of \"(?P<marker>[^\"]+)\""))
def when_raw_bytes(table: Table, line: str, octets: str, marker: str):
    """A line whose marker becomes raw bytes (written in hex), so the line need not be UTF-8 at all."""
    assert line.count(marker) == 1, f"the marker {json.dumps(marker)} must occur once in {json.dumps(line)}"
    raw = line.encode("utf-8").replace(marker.encode("utf-8"), bytes.fromhex(octets))
    if table.ruleset:
        table.state_before = table.snapshot()
    table.ask_raw(raw)


# ---------------------------------------------------------------- Then
@then(parsers.re(r"that engine exits with status (?P<status>\d+)"))
def then_exit_status(table: Table, status: str):
    assert table.exit_status == int(status), (
        f"the engine's exit status is {table.exit_status}, expected {status}"
        + (" (it was still running, and was killed)" if table.exit_status in (None, -9) else ""))


@then("that engine answered nothing after quit")
def then_nothing_after_quit(table: Table):
    assert not table.after_quit, f"the engine answered a line sent after quit: {table.after_quit[0][:200]!r}"


@then(parsers.re(r"the responses carry the ids (?P<first>\S+) and (?P<second>\S+), in that order"))
def then_pipelined_ids(table: Table, first: str, second: str):
    got = [response.get("id") for response in table.pipelined]
    assert got == [json.loads(first), json.loads(second)], f"the responses carry the ids {got}, expected [{first}, {second}]"


@then(parsers.re(r'the state field "(?P<field>\w+)" is (?P<value>.+)'))
def then_state_field(table: Table, field: str, value: str):
    got = table.snapshot().get(field, "<missing>")
    assert got == json.loads(value), f"state field {field} is {json.dumps(got)}, expected {value}"


@then(parsers.re(r'the state has no field "(?P<field>\w+)"'))
def then_state_lacks(table: Table, field: str):
    state = table.snapshot()
    assert field not in state, f"state has {field} = {json.dumps(state[field])}, which does not apply here"


@then(parsers.re(r'the last "(?P<cmd>\w+)" response\'s events are "(?P<kinds>[^"]*)"'))
def then_event_kinds(table: Table, cmd: str, kinds: str):
    response = table.last_by_command.get(cmd)
    assert response is not None, f"no {cmd} request was answered in this scenario"
    got = [event.get("type") for event in response.get("events", [])]
    assert got == kinds.split(), f"the last {cmd} response's events were {got}, expected in this order {kinds.split()}"


@then(parsers.re(r'the last "(?P<cmd>\w+)" response\'s events end with "(?P<kinds>[^"]*)"'))
def then_event_kinds_end(table: Table, cmd: str, kinds: str):
    if "next_deal" in kinds.split():
        table.require_deals(2, "expects the game to go on to another deal")
    response = table.last_by_command.get(cmd)
    assert response is not None, f"no {cmd} request was answered in this scenario"
    got = [event.get("type") for event in response.get("events", [])]
    assert got[-len(kinds.split()):] == kinds.split(), f"the last {cmd} response's events were {got}, expected to end with {kinds.split()}"


@then(parsers.re(r'the engine reported "(?P<kind>\w+)" (?P<count>\d+) times?'))
def then_event_count(table: Table, kind: str, count: str):
    """How often an event came in every response of the scenario so far: a missing or a repeated event fails."""
    seen = [(cmd, response.get("id")) for cmd, response in table.answers if response.get("ok")
            for event in response.get("events") or [] if isinstance(event, dict) and event.get("type") == kind]
    assert len(seen) == int(count), (
        f"the engine reported {kind} {len(seen)} times, expected {count}; in the responses to {json.dumps(seen)}")


@then("every play response lists its events in the protocol's order")
def then_every_play_in_order(table: Table):
    plays = [response for cmd, response in table.answers if cmd == "play" and response.get("ok")]
    assert plays, "no play was accepted in this scenario"
    tricks_done = 0
    for response in plays:
        events = [event for event in response.get("events", []) if isinstance(event, dict)]
        kinds = [event.get("type") for event in events]
        problem = order_problem(events, tricks_done > 0)  # every pair P-play-2's table orders, in every response
        assert problem is None, f"events {kinds} of {json.dumps(response)[:300]}: {problem}"
        tricks_done += sum(kind in ("trick_won", "trick_set_aside") for kind in kinds)
        if "next_deal" in kinds:
            tricks_done = 0


@then(parsers.re(r'the deal scored adds its points to the totals "(?P<before>[^"]*)"'))
def then_totals_add(table: Table, before: str):
    scored = table.last_event("deal_scored")
    expected = [int(t) + p for t, p in zip(before.split(), scored["points"])]
    assert scored["totals"] == expected, f"deal_scored totals are {scored['totals']}, expected {before} plus {scored['points']}"


@then(parsers.re(r'the last "(?P<cmd>\w+)" response\'s field "(?P<field>\w+)" is (?P<value>.+)'))
def then_command_field(table: Table, cmd: str, field: str, value: str):
    response = table.last_by_command.get(cmd)
    assert response is not None, f"no {cmd} request was answered in this scenario"
    if field not in response and field in allowances.free_fields(cmd):
        return  # a field the protocol lets an engine leave out
    got = response.get(field, "<missing>")
    assert got == json.loads(value), f"the last {cmd} response's {field} is {json.dumps(got)}, expected {value}"


@then("every table size the engine claims starts a new game")
def then_claims_hold(table: Table):
    supports = table.session.handshake().get("supports") or {}
    counts = supports.get("players") if isinstance(supports.get("players"), dict) else {}
    for ruleset, sizes in counts.items():
        for players in sizes:
            response = table.ask({"cmd": "new_game", "ruleset": ruleset, "players": players})
            code = response.get("error", {}).get("code")
            assert code != "unsupported", (
                f"hello claims {ruleset} at {players} players, but new_game answered unsupported: {json.dumps(response)}")


@then("every seat holds the cards it was dealt")
def then_holds_dealt(table: Table):
    dealt = table.dealt_hands
    held = table.snapshot()["hands"]
    for seat, (mine, theirs) in enumerate(zip(dealt, held)):
        assert sorted(theirs) == sorted(mine), f"seat {seat} holds {sorted(theirs)}, dealt {sorted(mine)}"


@then(parsers.re(r'the "(?P<kind>\w+)" events list their cards in card order'))
def then_events_in_card_order(table: Table, kind: str):
    events = [event for event in table.events if event.get("type") == kind]
    assert events, f"the engine reported no {kind!r} event"
    for event in events:
        assert event["cards"] == sorted(event["cards"], key=card_order), f"{kind} cards are not in card order: {json.dumps(event)}"


@then(parsers.re(r"seat (?P<seat>\d+)'s legal cards are listed in card order"))
def then_legal_in_order(table: Table, seat: str):
    cards = table.must({"cmd": "legal", "seat": int(seat)})["cards"]
    assert len(cards) > 1, f"seat {seat} may play {cards}: too few to show an order"
    assert cards == sorted(cards, key=card_order), f"seat {seat}'s legal cards {cards} are not in card order"


@then(parsers.re(r'the trick won lists "(?P<cards>[^"]*)" in play order'))
def then_trick_in_play_order(table: Table, cards: str):
    won = table.last_event("trick_won")
    assert won["cards"] == card_list(cards), f"trick_won lists {won['cards']}, expected {card_list(cards)} (play order)"


@then(parsers.re(r"no seat may play anything"))
def then_nobody_may_play(table: Table):
    players = table.snapshot()["players"]
    for seat in range(players):
        cards = table.must({"cmd": "legal", "seat": seat})["cards"]
        assert cards == [], f"seat {seat} may play {cards}, though the game is not in phase playing"

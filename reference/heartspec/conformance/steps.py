"""The step library: every Gherkin step of the suite, speaking only the protocol.

A `Table` is one scenario's view of the game: what the scenario dealt, every
event the engine reported, and the session that carries the requests.  Steps
stay few and composable; each one is a sentence a reader can check against a
guide.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from pytest_bdd import given, parsers, then, when

from heartspec.conformance.layout import deal_without_passing, deck_layout, fill_deal
from heartspec.conformance.session import EngineSession, ScenarioSkip, reference_engine_command
from heartspec.conformance.shadow import ReferenceShadow
from heartspec.protocol import allowances

CARD_TOKEN = re.compile(r"^(?:(\d+):)?([0-9A-Za-z]{2,3})$")


def js(value: Any) -> str:
    """A value as the protocol writes it (JSON), for failure messages: never a Python repr."""
    return json.dumps(value, ensure_ascii=False)


def card_list(text: str) -> list[str]:
    return [token.upper() for token in text.replace(",", " ").split()]


def number_list(text: str) -> list[float]:
    return [float(token) for token in text.replace(",", " ").split()]


def seat_cards(text: str) -> list[tuple[int, list[str]]]:
    """`"0:AS KS QS; 1:2D 3D 4D"` as [(0, [...]), (1, [...])]."""
    out = []
    for part in text.split(";"):
        if part.strip():
            seat, _, cards = part.partition(":")
            out.append((int(seat), card_list(cards)))
    return out


def game_setup(rest: str) -> dict[str, Any]:
    """The optional tail of `a "fi" game for 4 players ...`."""
    setup: dict[str, Any] = {"variants": [], "options": {}}
    patterns = {
        r'\s*with variants? "([^"]*)"': lambda m: setup.__setitem__("variants", m.group(1).split()),
        r"\s*starting at deal (\d+)": lambda m: setup["options"].__setitem__("deal_number", int(m.group(1))),
        r"\s*with dealer (\d+)": lambda m: setup["options"].__setitem__("dealer", int(m.group(1))),
        r'\s*with totals "([^"]*)"': lambda m: setup["options"].__setitem__("totals", [int(x) for x in m.group(1).split()]),
        r'\s*with options? "([^"]*)"': lambda m: setup["options"].update(option_pairs(m.group(1))),
        r"\s*at a deal without passing": lambda m: setup.__setitem__("pass_free", True),
    }
    remaining = rest
    while remaining.strip():
        for pattern, apply in patterns.items():
            match = re.match(pattern, remaining)
            if match:
                apply(match)
                remaining = remaining[match.end():]
                break
        else:
            raise AssertionError(f"step tail not understood: {js(remaining)}")
    return setup


def option_pairs(text: str) -> dict[str, Any]:
    """`target=50 settlement=pot stake=0.5` as {"target": 50, "settlement": "pot", "stake": 0.5}.

    A value is JSON where it parses; words joined by commas are a list of strings, since a step's
    quotes cannot hold JSON strings (`pass_cycle=left,right,none` is ["left", "right", "none"])."""
    options: dict[str, Any] = {}
    for pair in text.split():
        key, _, raw = pair.partition("=")
        try:
            options[key] = json.loads(raw)
        except ValueError:
            options[key] = raw.split(",") if "," in raw else raw
    return options


class Table:
    """One scenario's game, driven through an engine session."""

    def __init__(self, session: EngineSession):
        self.session = session
        self.ruleset = ""
        self.players = 0
        self.variants: list[str] = []
        self.hands: dict[int, list[str]] = {}
        self.kitty: list[str] | None = None
        self.stock: list[str] | None = None
        self.dealt = False
        self.events: list[dict[str, Any]] = []
        self.last_response: dict[str, Any] | None = None
        self.last_request: Any = None  # the request last sent, decoded where it was JSON (for its allowances)
        self.state_before: dict[str, Any] | None = None
        self.last_by_command: dict[Any, dict[str, Any]] = {}  # the latest response to each command
        self.answers: list[tuple[Any, dict[str, Any]]] = []  # every (command, response), in order
        self.shadow = ReferenceShadow()  # the reference's copy of this game: play-outs choose their moves there

    # -- requests ---------------------------------------------------------
    def ask(self, payload: dict[str, Any]) -> dict[str, Any]:
        response = self.session.request(payload)
        self.last_request, self.last_response = payload, response
        self.last_by_command[payload.get("cmd")] = response
        self.answers.append((payload.get("cmd"), response))
        if response.get("ok"):
            self.events.extend(response.get("events") or [])
        self.shadow.follow(payload, response)
        return response

    def ask_raw(self, line: str | bytes) -> dict[str, Any]:
        """One raw line, as sent; the reference's copy does not follow raw lines."""
        self.shadow.lose("a raw line was sent, and the reference's copy follows only requests sent whole")
        self.last_request = decoded_request(line)
        self.last_response = self.session.request_raw(line)
        return self.last_response

    def require_deals(self, count: int, why: str) -> None:
        """Skip (never fail) a scenario needing more deals in one game than the engine's hello claims.

        `supports.deals` (an extension, spec/protocol.md 6.1) is the most deals one game of the engine
        plays; an engine that leaves it out claims games of any length.
        """
        deals = (self.session.handshake().get("supports") or {}).get("deals")
        if isinstance(deals, int) and not isinstance(deals, bool) and deals < count:
            pytest.skip(f"engine plays {deals} deal(s) per game (hello supports.deals); the scenario {why}")

    def must(self, payload: dict[str, Any]) -> dict[str, Any]:
        response = self.ask(payload)
        if not response.get("ok"):
            raise AssertionError(f"expected {json.dumps(payload)} to be accepted, got {json.dumps(response)}")
        return response

    def state(self) -> dict[str, Any]:
        """The position without the envelope, so two snapshots compare equal when the game is the same."""
        self.ensure_dealt()
        return self.snapshot()

    def snapshot(self) -> dict[str, Any]:
        """The position as it stands, without dealing first (a scenario may look at phase deal).

        Only the fields the protocol defines: an engine may add others (spec/protocol.md P-envelope-16), a
        diagnostic that changes with every answer among them, and they are no part of the game."""
        response = self.must({"cmd": "state"})
        known = state_fields()
        position = {key: value for key, value in response.items() if key in known}
        if isinstance(position.get("trick"), list):
            position["trick"] = [{k: v for k, v in entry.items() if k in ("seat", "card")} if isinstance(entry, dict)
                                 else entry for entry in position["trick"]]
        return position

    # -- setting up ---------------------------------------------------------
    def new_game(self, ruleset: str, players: int, rest: str) -> None:
        setup = game_setup(rest)
        if setup.get("pass_free"):
            route = deal_without_passing(ruleset, tuple(setup["variants"]), players)
            setup["variants"] = setup["variants"] + list(route.variants)
            setup["options"] = {"deal_number": route.deal_number, **setup["options"]}
        self.ruleset, self.players, self.variants = ruleset, players, setup["variants"]
        self.session.check_claims(ruleset, self.variants, players)
        request: dict[str, Any] = {"cmd": "new_game", "ruleset": ruleset, "players": players}
        if self.variants:
            request["variants"] = self.variants
        if setup["options"]:
            request["options"] = setup["options"]
        response = self.ask(request)
        if not response.get("ok") and response.get("error", {}).get("code") == "unsupported":
            raise ScenarioSkip(f"engine answered unsupported: {response['error'].get('message', '')}")
        if not response.get("ok"):
            raise AssertionError(f"new_game refused: {json.dumps(response)}")

    def deal_request(self) -> dict[str, Any]:
        layout = deck_layout(self.ruleset, tuple(self.variants), self.players)
        hands, kitty, stock = fill_deal(layout, self.players, self.hands, self.kitty, self.stock)
        request: dict[str, Any] = {"cmd": "deal", "hands": hands}
        if kitty:
            request["kitty"] = kitty
        if stock:
            request["stock"] = stock
        return request

    def ensure_dealt(self) -> None:
        if not self.dealt and self.ruleset:
            self.dealt = True
            self.must(self.deal_request())

    # -- reading events -------------------------------------------------------
    def last_event(self, kind: str) -> dict[str, Any]:
        for event in reversed(self.events):
            if event.get("type") == kind:
                return event
        raise AssertionError(f"the engine reported no {js(kind)} event; events: {js(self.events)}")

    def holder_of(self, card: str, hands: list[list[str]]) -> int:
        holders = [seat for seat, hand in enumerate(hands) if card in hand]
        if len(holders) != 1:
            raise AssertionError(f"cannot tell who plays {card}: held by seats {holders} (write seat:card)")
        return holders[0]


@pytest.fixture(scope="session")
def heartspec_session(request):
    command = request.config.getoption("heartspec_engine", None) or reference_engine_command()
    timeout = request.config.getoption("heartspec_timeout", None) or 5.0
    session = EngineSession(command, float(timeout), deadline=getattr(request.config, "heartspec_deadline", None))
    session.startup_timeout = request.config.getoption("heartspec_startup_timeout", None) or session.startup_timeout
    session.recording_on = bool(request.config.getoption("heartspec_record", None))
    session.adopt_greeted()
    yield session
    session.close()


@pytest.fixture
def table(heartspec_session, request):
    heartspec_session.begin_scenario()
    request.node.heartspec_session = heartspec_session
    return Table(heartspec_session)


def run_or_skip(action):
    try:
        action()
    except ScenarioSkip as skip:
        pytest.skip(str(skip))


# ---------------------------------------------------------------- Given
@given(parsers.re(r'a "(?P<ruleset>[\w-]+)" game for (?P<players>\d+) players(?P<rest>.*)'))
def given_game(table: Table, ruleset: str, players: str, rest: str):
    run_or_skip(lambda: table.new_game(ruleset, int(players), rest))


@given(parsers.re(r'seat (?P<seat>\d+) holds "(?P<cards>[^"]*)"'))
def given_hand(table: Table, seat: str, cards: str):
    table.hands[int(seat)] = card_list(cards)


@given(parsers.re(r'the (?P<pile>kitty|stock) holds "(?P<cards>[^"]*)"'))
def given_pile(table: Table, pile: str, cards: str):
    setattr(table, pile, card_list(cards))


@given("the other cards are dealt in deck order")
def given_filled(table: Table):
    table.ensure_dealt()


# ---------------------------------------------------------------- When
@when("the next deal is dealt in deck order")
def when_next_deal(table: Table):
    table.require_deals(2, "deals a second time")
    table.hands, table.kitty, table.stock, table.dealt = {}, None, None, False
    table.ensure_dealt()


@when(parsers.re(r'the next deal is dealt in deck order with seat (?P<seat>\d+) holding "(?P<cards>[^"]*)"'))
def when_next_deal_holding(table: Table, seat: str, cards: str):
    table.require_deals(2, "deals a second time")
    table.hands, table.kitty, table.stock, table.dealt = {int(seat): card_list(cards)}, None, None, False
    table.ensure_dealt()


@when("the deal is played as dealt")
def when_no_pass(table: Table):
    phase = table.state()["phase"]
    assert phase == "playing", f"expected play to start without passing, but the phase is {json.dumps(phase)}"


@when(parsers.re(r'the seats pass "(?P<spec>[^"]*)"'))
def when_seats_pass(table: Table, spec: str):
    table.ensure_dealt()
    for seat, cards in seat_cards(spec):
        table.must({"cmd": "pass", "seat": seat, "cards": cards})


@when(parsers.re(r'seat (?P<seat>\d+) passes "(?P<cards>[^"]*)"'))
def when_seat_passes(table: Table, seat: str, cards: str):
    table.ensure_dealt()
    table.must({"cmd": "pass", "seat": int(seat), "cards": card_list(cards)})


@when(parsers.re(r"each seat passes the first (?P<count>\d+) cards it was dealt"))
def when_each_passes_first(table: Table, count: str):
    dealt = table.deal_request()["hands"]
    table.ensure_dealt()
    for seat, hand in enumerate(dealt):
        table.must({"cmd": "pass", "seat": seat, "cards": hand[: int(count)]})


@when(parsers.re(r'the cards are played "(?P<moves>[^"]*)"'))
def when_cards_played(table: Table, moves: str):
    table.ensure_dealt()
    hands = [list(hand) for hand in table.shadow.state()["hands"]]  # who holds what, by the rules, not by the engine
    for token in moves.replace("|", " ").replace("/", " ").split():
        match = CARD_TOKEN.match(token)
        if not match:
            raise AssertionError(f"not a move: {js(token)} (write QS or 2:QS)")
        card = match.group(2).upper()
        seat = int(match.group(1)) if match.group(1) else table.holder_of(card, hands)
        table.must({"cmd": "play", "seat": seat, "card": card})
        if card in hands[seat]:
            hands[seat].remove(card)


@when(parsers.re(r'seat (?P<seat>\d+) plays "(?P<card>[^"]*)"'))
def when_seat_plays(table: Table, seat: str, card: str):
    table.ensure_dealt()
    table.must({"cmd": "play", "seat": int(seat), "card": card})


@when(parsers.re(r'seat (?P<seat>\d+) chooses "(?P<option>\w+)"'))
def when_choose(table: Table, seat: str, option: str):
    table.must({"cmd": "choose", "seat": int(seat), "option": option})


@when("the table stops playing")
def when_stop(table: Table):
    table.must({"cmd": "stop"})


RANK_ORDER = "2X3456789TJQKA"


def lowness(card: str) -> tuple[int, int]:
    return RANK_ORDER.index(card[0]), "CDHS".index(card[1])


def play_lowest_until(table: Table, done) -> None:
    """Play the lowest card the rules allow for whoever is to move until `done(state)` holds.

    The moves come from the reference's copy of the game (conformance/shadow.py), so the
    route does not lean on the engine's own `legal` or `state`; `done` sees the copy's phase,
    turn and deal number and, through the table, every event the engine reported.
    """
    table.ensure_dealt()
    for _ in range(300):
        state = table.shadow.position()
        if done(state):
            return
        seat = state["turn"]
        legal = table.shadow.legal(seat) if seat is not None else []
        if not legal:
            raise AssertionError(f"the rules give no move here, yet the play-out is not over (phase {js(state['phase'])})")
        card = min(legal, key=lowness)
        response = table.ask({"cmd": "play", "seat": seat, "card": card})
        if not response.get("ok"):
            raise AssertionError(
                f"the engine refused {js({'cmd': 'play', 'seat': seat, 'card': card})} with {js(response)}; "
                f"the rules allow seat {seat} any of {js(legal)} here")
    raise AssertionError("play did not stop after 300 cards")


@when("the rest of the deal is played with the lowest legal cards")
def when_play_out(table: Table):
    deal = table.state()["deal_number"]
    play_lowest_until(table, lambda state: state["phase"] != "playing" or state["deal_number"] != deal)


TRICK_ENDS = ("trick_won", "trick_set_aside")  # a complete trick is won, or set aside when every led card cancels


@when("the rest of the trick is played with the lowest legal cards")
def when_finish_trick(table: Table):
    tricks_before = sum(1 for event in table.events if event.get("type") in TRICK_ENDS)
    play_lowest_until(table, lambda state: state["phase"] != "playing" or sum(
        1 for event in table.events if event.get("type") in TRICK_ENDS) > tricks_before)


def last_trick_end(table: Table) -> dict[str, Any]:
    """How the latest complete trick ended: its trick_won or trick_set_aside event."""
    for event in reversed(table.events):
        if event.get("type") in TRICK_ENDS:
            return event
    raise AssertionError(f"the engine reported no complete trick; events: {json.dumps(table.events)}")


@when(parsers.re(r"the engine is sent '(?P<line>.*)'"))
def when_raw_line(table: Table, line: str):
    if table.ruleset:
        table.state_before = table.snapshot()
    table.ask_raw(line)


@when(parsers.re(r'a new game is requested for "(?P<ruleset>[\w-]+)" with (?P<players>\d+) players(?P<rest>.*)'))
def when_new_game_requested(table: Table, ruleset: str, players: str, rest: str):
    setup = game_setup(rest)
    run_or_skip(lambda: table.session.check_claims(ruleset, setup["variants"], int(players)))
    request: dict[str, Any] = {"cmd": "new_game", "ruleset": ruleset, "players": int(players)}
    if setup["variants"]:
        request["variants"] = setup["variants"]
    if setup["options"]:
        request["options"] = setup["options"]
    table.ask(request)


# ---------------------------------------------------------------- Then
def legal_cards(table: Table, seat: str) -> set[str]:
    return set(table.must({"cmd": "legal", "seat": int(seat)})["cards"])


@then(parsers.re(r'seat (?P<seat>\d+) may play only "(?P<cards>[^"]*)"'))
def then_only(table: Table, seat: str, cards: str):
    legal = legal_cards(table, seat)
    assert legal == set(card_list(cards)), f"seat {seat} may play {js(sorted(legal))}, expected exactly {js(card_list(cards))}"


@then(parsers.re(r'seat (?P<seat>\d+) may play "(?P<cards>[^"]*)"'))
def then_may(table: Table, seat: str, cards: str):
    legal = legal_cards(table, seat)
    missing = set(card_list(cards)) - legal
    assert not missing, f"seat {seat} should be allowed {js(sorted(missing))}; the engine lists {js(sorted(legal))}"


@then(parsers.re(r'seat (?P<seat>\d+) may not play "(?P<cards>[^"]*)"'))
def then_may_not(table: Table, seat: str, cards: str):
    legal = legal_cards(table, seat)
    wrong = set(card_list(cards)) & legal
    assert not wrong, f"seat {seat} should not be allowed {js(sorted(wrong))}; the engine lists {js(sorted(legal))}"


def changed_fields(before: dict[str, Any] | None, after: dict[str, Any]) -> str:
    """Which fields of `state` differ, each with its value before and after, as JSON."""
    before = before or {}
    names = sorted(set(before) | set(after), key=lambda name: (name not in after, name))
    changes = [f"{name} was {js(before.get(name, '(absent)'))}, is now {js(after.get(name, '(absent)'))}"
               for name in names if before.get(name, "(absent)") != after.get(name, "(absent)")]
    return "; ".join(changes) or "(no field differs)"


def state_fields() -> set[str]:
    """The fields of a state response the protocol defines (schemas/protocol/response-state.json), id and ok aside."""
    from heartspec.conformance.schema_check import schema_dir

    if not _STATE_FIELDS:
        schema = json.loads((schema_dir() / "response-state.json").read_text(encoding="utf-8"))
        _STATE_FIELDS.update(set(schema["properties"]) - {"id", "ok"})
    return _STATE_FIELDS


_STATE_FIELDS: set[str] = set()


def decoded_request(line: str | bytes) -> Any:
    """A raw line as a request, read as strictly as an engine must (no recursion on deep nesting), or None."""
    from heartspec.protocol.messages import decode_json

    try:
        return decode_json(line)
    except ValueError:  # not JSON, not UTF-8, nested too deep...
        return None


def allowed_codes(code: str, request: Any) -> set[str]:
    """The code a step expects, and any other the protocol lets an engine answer this request with."""
    return {code} | set(allowances.allowed_codes(request))


def check_refusal(response: dict[str, Any], code: str, request: Any) -> None:
    codes = allowed_codes(code, request)
    wanted = " or ".join(js(c) for c in sorted(codes, key=lambda c: c != code))
    assert response.get("ok") is False, f"expected the refusal {wanted}, but the engine answered {js(response)}"
    got = (response.get("error") or {}).get("code")
    assert got in codes, f"expected error code {wanted}, got {js(got)}: {js(response.get('error'))}"


def refused_unchanged(table: Table, request: dict[str, Any], code: str) -> None:
    before = table.state()
    response = table.ask(request)
    check_refusal(response, code, request)
    after = table.state()
    assert after == before, f"the refused request {js(request)} changed the game: {changed_fields(before, after)}"


@then(parsers.re(r'playing "(?P<card>[^"]*)" by seat (?P<seat>\d+) is refused with "(?P<code>\w+)"'))
def then_play_refused(table: Table, card: str, seat: str, code: str):
    refused_unchanged(table, {"cmd": "play", "seat": int(seat), "card": card}, code)


@then(parsers.re(r'playing "(?P<card>[^"]*)" by seat (?P<seat>\d+) is accepted'))
def then_play_accepted(table: Table, card: str, seat: str):
    table.ensure_dealt()
    table.must({"cmd": "play", "seat": int(seat), "card": card})


@then(parsers.re(r'passing "(?P<cards>[^"]*)" by seat (?P<seat>\d+) is refused with "(?P<code>\w+)"'))
def then_pass_refused(table: Table, cards: str, seat: str, code: str):
    refused_unchanged(table, {"cmd": "pass", "seat": int(seat), "cards": card_list(cards)}, code)


@then(parsers.re(r'choosing "(?P<option>\w+)" by seat (?P<seat>\d+) is refused with "(?P<code>\w+)"'))
def then_choose_refused(table: Table, option: str, seat: str, code: str):
    refused_unchanged(table, {"cmd": "choose", "seat": int(seat), "option": option}, code)


@then(parsers.re(r'dealing is refused with "(?P<code>\w+)"'))
def then_deal_refused(table: Table, code: str):
    table.dealt = True
    before = table.snapshot()
    request = table.deal_request()
    response = table.ask(request)
    check_refusal(response, code, request)
    after = table.snapshot()
    assert after == before, f"the refused deal changed the game: {changed_fields(before, after)}"


@then(parsers.re(r"seat (?P<seat>\d+) wins the trick(?: with (?P<points>-?\d+) points?)?"))
def then_wins_trick(table: Table, seat: str, points: str | None):
    won = last_trick_end(table)
    assert won["type"] == "trick_won", f"nobody won the trick, it was set aside: {json.dumps(won)}"
    assert won["seat"] == int(seat), f"seat {won['seat']} won the trick, expected seat {seat}: {json.dumps(won)}"
    if points is not None:
        assert won["points"] == int(points), f"the trick scored {won['points']} points, expected {points}"


@then(parsers.re(r"hearts are (?P<negation>not )?broken"))
def then_hearts(table: Table, negation: str | None):
    broken = table.state()["hearts_broken"]
    assert broken is (not negation), f"hearts_broken is {broken}, expected {not negation}"


@then(parsers.re(r"it is seat (?P<seat>\d+)'s turn"))
def then_turn(table: Table, seat: str):
    turn = table.state()["turn"]
    assert turn == int(seat), f"it is seat {turn}'s turn, expected seat {seat}"


@then(parsers.re(r'the pass direction is "(?P<direction>\w+)"'))
def then_direction(table: Table, direction: str):
    got = table.state()["pass_direction"]
    assert got == direction, f"the pass direction is {js(got)}, expected {js(direction)}"


@then(parsers.re(r'the phase is "(?P<phase>\w+)"'))
def then_phase(table: Table, phase: str):
    got = table.state()["phase"]
    assert got == phase, f"the phase is {js(got)}, expected {js(phase)}"


@then(parsers.re(r'seat (?P<seat>\d+) receives "(?P<cards>[^"]*)" from seat (?P<giver>\d+)'))
def then_receives(table: Table, seat: str, cards: str, giver: str):
    received = [e for e in table.events if e.get("type") == "cards_received" and e.get("seat") == int(seat)]
    assert received, f"seat {seat} received no cards; events: {json.dumps(table.events)}"
    event = received[-1]
    assert event.get("from") == int(giver), f"seat {seat} received from seat {event.get('from')}, expected seat {giver}"
    assert sorted(event["cards"]) == sorted(card_list(cards)), f"seat {seat} received {js(event['cards'])}, expected {js(card_list(cards))}"


@then(parsers.re(r'seat (?P<seat>\d+) holds (?P<count>\d+) cards'))
def then_hand_size(table: Table, seat: str, count: str):
    hand = table.state()["hands"][int(seat)]
    assert len(hand) == int(count), f"seat {seat} holds {len(hand)} cards ({js(hand)}), expected {count}"


@then(parsers.re(r'seat (?P<seat>\d+)\'s hand is "(?P<cards>[^"]*)"'))
def then_hand(table: Table, seat: str, cards: str):
    hand = table.state()["hands"][int(seat)]
    assert sorted(hand) == sorted(card_list(cards)), f"seat {seat} holds {js(sorted(hand))}, expected {js(sorted(card_list(cards)))}"


@then(parsers.re(r'seat (?P<seat>\d+) still holds "(?P<cards>[^"]*)"'))
def then_still_holds(table: Table, seat: str, cards: str):
    hand = table.state()["hands"][int(seat)]
    missing = [card for card in card_list(cards) if card not in hand]
    assert not missing, f"seat {seat} no longer holds {js(missing)}; its hand is {js(hand)}"


@then(parsers.re(r"seat (?P<seat>\d+) has taken (?P<points>-?\d+) points? this deal"))
def then_deal_points(table: Table, seat: str, points: str):
    taken = table.state()["deal_points"][int(seat)]
    assert taken == int(points), f"seat {seat} has taken {taken} points this deal, expected {points}"


@then(parsers.re(r"the kitty holds (?P<count>\d+) cards?"))
def then_kitty_size(table: Table, count: str):
    size = table.state().get("kitty_size")
    assert size == int(count), f"the kitty holds {size} cards, expected {count}"


@then(parsers.re(r'the deal scores "(?P<points>[^"]*)"'))
def then_deal_scores(table: Table, points: str):
    scored = table.last_event("deal_scored")
    assert scored["points"] == [int(p) for p in points.split()], f"deal scored {scored['points']}, expected {points}"


@then(parsers.re(r'the totals are "(?P<totals>[^"]*)"'))
def then_totals(table: Table, totals: str):
    got = table.state()["totals"]
    assert got == [int(t) for t in totals.split()], f"totals are {got}, expected {totals}"


@then(parsers.re(r'the team totals are "(?P<totals>[^"]*)"'))
def then_team_totals(table: Table, totals: str):
    got = table.state().get("team_totals")
    assert got == [int(t) for t in totals.split()], f"team totals are {got}, expected {totals}"


@then(parsers.re(r'seat (?P<seat>\d+) shot the moon scored as "(?P<effect>\w+)"'))
def then_moon(table: Table, seat: str, effect: str):
    moon = allowances.defined_only(table.last_event("deal_scored").get("moon"), ("seat", "effect"))
    assert moon == {"seat": int(seat), "effect": effect}, f"the moon is {js(moon)}, expected {js({'seat': int(seat), 'effect': effect})}"


@then("no moon is scored")
def then_no_moon(table: Table):
    moon = table.last_event("deal_scored").get("moon")
    assert moon is None, f"a moon was scored: {js(moon)}"


@then(parsers.re(r"seat (?P<seat>\d+) is asked how to score the moon"))
def then_moon_choice(table: Table, seat: str):
    event = table.last_event("moon_choice")
    assert event["seat"] == int(seat), f"seat {event['seat']} is asked, expected seat {seat}"
    phase = table.state()["phase"]
    assert phase == "moon_choice", f"the phase is {js(phase)}, expected \"moon_choice\""


@then(parsers.re(r"the trick is set aside(?: with (?P<points>-?\d+) points?)?"))
def then_set_aside(table: Table, points: str | None):
    ended = last_trick_end(table)
    assert ended["type"] == "trick_set_aside", f"the trick was not set aside: {json.dumps(ended)}"
    if points is not None:
        assert ended["points"] == int(points), f"the set-aside trick holds {ended['points']} points, expected {points}"


@then(parsers.re(r'seat (?P<seat>\d+) takes the set-aside cards "(?P<cards>[^"]*)"'))
def then_set_aside_taken(table: Table, seat: str, cards: str):
    event = table.last_event("set_aside_taken")
    assert event["seat"] == int(seat), f"seat {event['seat']} took the set-aside cards, expected seat {seat}"
    assert sorted(event["cards"]) == sorted(card_list(cards)), f"set aside were {event['cards']}, expected {cards}"


@then(parsers.re(r'seat (?P<seat>\d+) takes the kitty "(?P<cards>[^"]*)"'))
def then_kitty(table: Table, seat: str, cards: str):
    event = table.last_event("kitty_taken")
    assert event["seat"] == int(seat), f"seat {event['seat']} took the kitty, expected seat {seat}"
    assert sorted(event["cards"]) == sorted(card_list(cards)), f"kitty was {event['cards']}, expected {cards}"


@then(parsers.re(r"the game goes on to deal (?P<number>\d+) dealt by seat (?P<dealer>\d+)(?: passing \"(?P<direction>\w+)\")?$"))
def then_next_deal(table: Table, number: str, dealer: str, direction: str | None):
    """The next_deal event; its pass direction is checked only where the scenario is about passing."""
    table.require_deals(2, "expects the game to go on to another deal")
    event = table.last_event("next_deal")
    expected: dict[str, Any] = {"deal_number": int(number), "dealer": int(dealer)}
    if direction:
        expected["pass_direction"] = direction
    got = {key: event.get(key) for key in expected}
    assert got == expected, f"the next deal is {js(got)}, expected {js(expected)}"


@then(parsers.re(r"the game is not over"))
def then_not_over(table: Table):
    table.require_deals(2, "expects the game to go on to another deal")
    phase = table.must({"cmd": "state"})["phase"]
    assert phase != "game_over", "the game ended, expected it to go on"


@then(parsers.re(r'the game is over with winners? "(?P<seats>[^"]*)"'))
def then_game_over(table: Table, seats: str):
    event = table.last_event("game_over")
    expected = sorted(int(s) for s in seats.split())
    assert sorted(event["winners"]) == expected, f"the winners are {js(event['winners'])}, expected {js(expected)}"
    phase = table.must({"cmd": "state"})["phase"]
    assert phase == "game_over", f"the phase is {js(phase)} after the game_over event"


@then(parsers.re(r'the (?P<when>deal|game) money is "(?P<amounts>[^"]*)"'))
def then_money(table: Table, when: str, amounts: str):
    event = table.last_event("deal_scored" if when == "deal" else "game_over")
    money, expected = event.get("money"), number_list(amounts)
    assert isinstance(money, list) and len(money) == len(expected), f"money is {json.dumps(money)}, expected {expected}"
    assert all(abs(float(a) - b) < 0.005 for a, b in zip(money, expected)), f"money is {js(money)}, expected {js(expected)}"


@then(parsers.re(r'the pot carries (?P<amount>[\d.]+)'))
def then_pot(table: Table, amount: str):
    pot = table.last_event("deal_scored").get("pot")
    assert pot is not None and abs(float(pot) - float(amount)) < 0.005, f"pot is {pot}, expected {amount}"


@then(parsers.re(r'the pot left on the table pays "(?P<amounts>[^"]*)"'))
def then_pot_share(table: Table, amounts: str):
    share, expected = table.last_event("game_over").get("pot_share"), number_list(amounts)
    assert isinstance(share, list) and len(share) == len(expected), f"pot_share is {json.dumps(share)}, expected {expected}"
    assert all(abs(float(a) - b) < 0.005 for a, b in zip(share, expected)), f"pot_share is {js(share)}, expected {js(expected)}"


@then(parsers.re(r"the stock holds (?P<count>\d+) cards"))
def then_stock(table: Table, count: str):
    size = table.state().get("stock_size")
    assert size == int(count), f"stock holds {size} cards, expected {count}"


@then(parsers.re(r"seat (?P<seat>\d+) draws (?P<count>\d+) cards?(?P<first> first)?"))
def then_draws(table: Table, seat: str, count: str, first: str | None):
    draws = [e for e in table.events if e.get("type") == "cards_drawn"]
    assert draws, "no cards were drawn"
    mine = [e for e in draws[-2:] if e.get("seat") == int(seat)]
    assert mine and mine[-1].get("count") == int(count), f"seat {seat} did not draw {count}: {json.dumps(draws[-2:])}"
    if first:
        assert draws[-2].get("seat") == int(seat), f"seat {seat} should draw first: {json.dumps(draws[-2:])}"


@then(parsers.re(r'the response is an error "(?P<code>\w+)"'))
def then_error(table: Table, code: str):
    check_refusal(table.last_response or {}, code, table.last_request)


@then(parsers.re(r"the response is ok"))
def then_ok(table: Table):
    response = table.last_response or {}
    assert response.get("ok") is True, f"expected success, got {json.dumps(response)}"


@then(parsers.re(r"the response id is (?P<value>.+)"))
def then_response_id(table: Table, value: str):
    got = (table.last_response or {}).get("id", "<missing>")
    assert got == json.loads(value), f"the response id is {js(got)}, expected {value}"


@then(parsers.re(r'the response field "(?P<field>\w+)" is (?P<value>.+)'))
def then_response_field(table: Table, field: str, value: str):
    response = table.last_response or {}
    request = table.last_request if isinstance(table.last_request, dict) else {}
    if field not in response and field in allowances.free_fields(str(request.get("cmd"))):
        return  # a field the protocol lets an engine leave out
    got = response.get(field, "<missing>")
    assert got == json.loads(value), f"response field {field} is {json.dumps(got)}, expected {value}"


@then("the game is unchanged")
def then_unchanged(table: Table):
    after = table.snapshot()
    assert after == table.state_before, f"the game changed: {changed_fields(table.state_before, after)}"

"""The protocol server in-process: framing, envelope, every error code, and refusals changing nothing."""

from __future__ import annotations

import io
import json

import pytest

from engine_helpers import sorted_deal
from heartspec.cards import card_name
from heartspec.protocol.messages import MAX_LINE_BYTES
from heartspec.protocol.server import read_limited_line, serve_with
from test_protocol_support import stub_server


def ask(server, **request) -> dict:
    return server.handle(request)


def code_of(response: dict) -> str | None:
    return None if response["ok"] else response["error"]["code"]


@pytest.fixture
def server():
    return stub_server()


@pytest.fixture
def passing(server):
    """std at 4 players, dealt in deck order: seat 0 holds every club, seat 3 every spade."""
    ask(server, cmd="new_game", ruleset="std", players=4)
    hands = [[card_name(c) for c in hand] for hand in sorted_deal(server.game.rules)]
    assert ask(server, cmd="deal", hands=hands)["phase"] == "passing"
    return server


@pytest.fixture
def playing(passing):
    """Everyone passed their three highest cards left; seat 0 holds 2C and leads."""
    for seat, hand in enumerate(passing.game.state()["hands"]):
        assert ask(passing, cmd="pass", seat=seat, cards=hand[-3:])["ok"]
    assert passing.game.phase == "playing"
    return passing


def state_of(server) -> dict:
    return json.loads(json.dumps(server.game.state()))


# --- framing and envelope -------------------------------------------------


def test_blank_lines_get_no_response(server):
    assert server.handle_line(b"\n") is None
    assert server.handle_line("   \t\r\n") is None


@pytest.mark.parametrize("line", [b"{not json", b"[1, 2]", b"42", b'"hello"', b"\xff\xfe{}"])
def test_unreadable_lines_are_bad_requests_with_null_id(server, line):
    response = server.handle_line(line)
    assert response["ok"] is False and response["id"] is None
    assert code_of(response) == "bad_request"


@pytest.mark.parametrize("rid", [7, "abc-1", 0, ""])
def test_id_is_echoed(server, rid):
    assert server.handle_line(json.dumps({"id": rid, "cmd": "hello"}))["id"] == rid
    assert server.handle_line(json.dumps({"id": rid, "cmd": "nope"}))["id"] == rid


def test_missing_id_answers_null_and_bad_id_is_refused(server):
    assert server.handle_line('{"cmd":"hello"}') == {**server.handle_line('{"cmd":"hello"}'), "id": None}
    for bad in (1.5, [1], {"a": 1}, True):
        response = server.handle({"id": bad, "cmd": "hello"})
        assert (response["id"], code_of(response)) == (None, "bad_request")


def test_unknown_and_missing_commands(server):
    assert code_of(ask(server, id=1, cmd="bid")) == "unknown_command"
    assert code_of(ask(server, id=1)) == "bad_request"
    assert code_of(ask(server, id=1, cmd=5)) == "bad_request"


def test_success_envelope_puts_id_and_ok_first(server):
    line = io.BytesIO()
    serve_with(server, io.BytesIO(b'{"id":3,"cmd":"hello"}\n'), line)
    assert line.getvalue().startswith(b'{"id":3,"ok":true,')


def test_hello(server):
    response = ask(server, cmd="hello")
    assert response["protocol"] == 1
    assert response["engine"]["name"] == "heartspec"
    assert "std" in response["supports"]["rulesets"]


def test_quit_ends_the_loop_and_later_lines_are_not_read(server):
    out = io.BytesIO()
    status = serve_with(server, io.BytesIO(b'{"id":1,"cmd":"quit"}\n{"id":2,"cmd":"hello"}\n'), out)
    assert status == 0
    assert [json.loads(line)["id"] for line in out.getvalue().splitlines()] == [1]


def test_loop_answers_one_line_per_request_and_skips_blank_lines(server):
    out = io.BytesIO()
    lines = b'{"id":1,"cmd":"hello"}\n\n   \nnot json\n{"id":2,"cmd":"state"}\n'
    assert serve_with(server, io.BytesIO(lines), out) == 0
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [(a["id"], a["ok"]) for a in answers] == [(1, True), (None, False), (2, False)]


# --- huge lines -------------------------------------------------------------


def test_a_line_over_one_mebibyte_is_refused_and_the_next_line_is_served(server):
    huge = b'{"cmd":"hello","pad":"' + b"x" * (MAX_LINE_BYTES + 10) + b'"}\n'
    out = io.BytesIO()
    serve_with(server, io.BytesIO(huge + b'{"id":2,"cmd":"hello"}\n'), out)
    first, second = [json.loads(line) for line in out.getvalue().splitlines()]
    assert (first["id"], code_of(first)) == (None, "bad_request")
    assert "longer than" in first["error"]["message"]
    assert second["id"] == 2 and second["ok"]


def test_a_line_of_exactly_the_limit_is_read():
    body = b"y" * MAX_LINE_BYTES
    stream = io.BytesIO(body + b"\nnext\n")
    assert read_limited_line(stream) == body + b"\n"
    assert read_limited_line(stream) == b"next\n"
    assert read_limited_line(stream) is None


def test_a_huge_line_is_never_returned_whole():
    stream = io.BytesIO(b"z" * (3 * MAX_LINE_BYTES) + b"\nafter\n")
    chunk = read_limited_line(stream)
    assert MAX_LINE_BYTES < len(chunk) <= MAX_LINE_BYTES + 2
    assert read_limited_line(stream) == b"after\n"


# --- new_game -----------------------------------------------------------------


@pytest.mark.parametrize("request_, code", [
    ({"ruleset": "nope", "players": 4}, "unsupported"),
    ({"ruleset": "std", "players": 4, "variants": ["nope"]}, "unsupported"),
    ({"ruleset": "std", "players": 9}, "invalid_game"),
    ({"ruleset": "std", "players": 4, "options": {"colour": "red"}}, "invalid_game"),
    ({"ruleset": "std", "players": 4, "options": {"dealer": 4}}, "invalid_game"),
    ({"ruleset": "std", "players": 4, "options": {"deal_number": 0}}, "invalid_game"),
    ({"ruleset": "std", "players": 4, "options": {"totals": [0, 0]}}, "invalid_game"),
    ({"ruleset": "std"}, "bad_request"),
    ({"ruleset": "std", "players": "four"}, "bad_request"),
    ({"ruleset": 4, "players": 4}, "bad_request"),
    ({"ruleset": "std", "players": 4, "variants": "target-30"}, "bad_request"),
    ({"ruleset": "std", "players": 4, "options": [1]}, "bad_request"),
])
def test_new_game_refusals(server, request_, code):
    assert code_of(ask(server, cmd="new_game", **request_)) == code
    assert server.game is None


def test_new_game_options_reach_the_game(server):
    response = ask(server, cmd="new_game", ruleset="std", players=4,
                   options={"dealer": 2, "deal_number": 2, "totals": [1, 2, 3, 4]})
    assert response["phase"] == "deal" and response["dealer"] == 2
    state = ask(server, cmd="state")
    assert (state["dealer"], state["deal_number"], state["pass_direction"], state["totals"]) == (2, 2, "right", [1, 2, 3, 4])


def test_a_refused_new_game_keeps_the_game_in_progress(playing):
    before = state_of(playing)
    assert code_of(ask(playing, cmd="new_game", ruleset="std", players=7)) == "invalid_game"
    assert state_of(playing) == before


@pytest.mark.parametrize("cmd", ["deal", "pass", "play", "choose", "state", "legal"])
def test_game_commands_before_new_game_are_wrong_phase(server, cmd):
    assert code_of(ask(server, cmd=cmd, seat=0, card="2C", cards=[], hands=[])) == "wrong_phase"


# --- deal -------------------------------------------------------------------


def test_deal_by_seed_is_reproducible(server):
    hands = []
    for _ in range(2):
        ask(server, cmd="new_game", ruleset="std", players=4)
        response = ask(server, cmd="deal", seed=99)
        assert (response["phase"], response["pass_direction"], response["turn"]) == ("passing", "left", None)
        hands.append(ask(server, cmd="state")["hands"])
    assert hands[0] == hands[1]


def test_deal_without_passing_names_the_leader(server):
    ask(server, cmd="new_game", ruleset="std", players=4, options={"deal_number": 4})
    hands = [[card_name(c) for c in hand] for hand in sorted_deal(server.game.rules)]
    response = ask(server, cmd="deal", hands=hands)
    assert (response["phase"], response["pass_direction"], response["turn"]) == ("playing", "none", 0)


def test_deal_refusals(server):
    ask(server, cmd="new_game", ruleset="std", players=4)
    hands = [[card_name(c) for c in hand] for hand in sorted_deal(server.game.rules)]
    short = [hands[0][:-1], hands[1], hands[2], hands[3] + hands[0][-1:]]
    assert code_of(ask(server, cmd="deal", hands=short)) == "invalid_deal"
    twice = [hands[0][:-1] + hands[0][:1], *hands[1:]]
    assert code_of(ask(server, cmd="deal", hands=twice)) == "invalid_deal"
    assert code_of(ask(server, cmd="deal", hands=[hands[0][:-1] + ["1Z"], *hands[1:]])) == "invalid_card"
    assert code_of(ask(server, cmd="deal", hands=[hands[0][:-1] + [5], *hands[1:]])) == "bad_request"
    assert code_of(ask(server, cmd="deal")) == "bad_request"
    assert code_of(ask(server, cmd="deal", seed="x")) == "bad_request"
    assert server.game.phase == "deal"
    assert ask(server, cmd="deal", hands=hands)["ok"]
    assert code_of(ask(server, cmd="deal", hands=hands)) == "wrong_phase"
    assert code_of(ask(server, cmd="deal", seed=1)) == "wrong_phase"


# --- pass -------------------------------------------------------------------


def test_passes_arrive_in_any_order_and_the_last_one_exchanges(passing):
    hands = passing.game.state()["hands"]
    for seat in (2, 0, 3):
        assert ask(passing, cmd="pass", seat=seat, cards=hands[seat][:3]) == {"id": None, "ok": True, "events": []}
    events = ask(passing, cmd="pass", seat=1, cards=hands[1][:3])["events"]
    received = {e["seat"]: (e["from"], e["cards"]) for e in events}
    assert received[1] == (0, hands[0][:3])
    assert received[0] == (3, hands[3][:3])
    assert {e["type"] for e in events} == {"cards_received"}


def test_pass_refusals_change_nothing(passing):
    hand = passing.game.state()["hands"][0]
    assert ask(passing, cmd="pass", seat=0, cards=hand[:3])["ok"]
    before = state_of(passing)
    cases = [
        ({"seat": 0, "cards": hand[3:6]}, "already_passed"),
        ({"seat": 1, "cards": ["2H", "3H"]}, "invalid_pass"),
        ({"seat": 1, "cards": ["2C", "3C", "4C"]}, "card_not_in_hand"),
        ({"seat": 1, "cards": ["2C", "3C", "1Z"]}, "invalid_card"),
        ({"seat": 1}, "bad_request"),
        ({"seat": 9, "cards": []}, "bad_request"),
        ({"seat": "1", "cards": []}, "bad_request"),
        ({"seat": 1, "cards": "2C 3C 4C"}, "bad_request"),
    ]
    for fields, code in cases:
        assert code_of(ask(passing, cmd="pass", **fields)) == code, fields
        assert state_of(passing) == before


def test_pass_while_playing_is_wrong_phase(playing):
    assert code_of(ask(playing, cmd="pass", seat=0, cards=["3C", "4C", "5C"])) == "wrong_phase"


# --- play -------------------------------------------------------------------


def test_play_codes_in_the_protocol_order(playing):
    hands = playing.game.state()["hands"]
    assert playing.game.state()["turn"] == 0
    before = state_of(playing)
    cases = [
        ({"seat": 1, "card": "ZZ"}, "not_your_turn"),       # turn before card name
        ({"seat": 1, "card": hands[1][0]}, "not_your_turn"),
        ({"seat": 0, "card": "ZZ"}, "invalid_card"),
        ({"seat": 0, "card": "XH"}, "invalid_card"),
        ({"seat": 0, "card": "XC"}, "invalid_card"),          # a joker, but not in this deck
        ({"seat": 0, "card": "AH"}, "card_not_in_hand"),
        ({"seat": 0, "card": "3C"}, "must_lead_opening_card"),
        ({"seat": 0, "card": 2}, "bad_request"),
        ({"seat": 0}, "bad_request"),
        ({"card": "2C"}, "bad_request"),
        ({"seat": -1, "card": "2C"}, "bad_request"),
    ]
    for fields, code in cases:
        assert code_of(ask(playing, cmd="play", **fields)) == code, fields
        assert state_of(playing) == before
    assert ask(playing, cmd="play", seat=0, card="2C")["events"] == [{"type": "card_played", "seat": 0, "card": "2C"}]


def test_wrong_phase_comes_before_an_unknown_card(passing):
    assert code_of(ask(passing, cmd="play", seat=0, card="ZZ")) == "wrong_phase"


def deal_named(server, ruleset: str, hands: list[str]) -> None:
    ask(server, cmd="new_game", ruleset=ruleset, players=4, options={"deal_number": 4})  # no passing
    assert ask(server, cmd="deal", hands=[h.split() for h in hands])["ok"]


def test_following_and_first_trick_codes(server):
    deal_named(server, "std", [
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC 2H",
        "AC 2D 3D 4D 5D 6D 7D 8D 9D TD JD 2S 3S",
        "QD KD AD 3H 4H 5H 6H 7H 8H 9H TH JH QH",
        "KH AH 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
    ])
    assert ask(server, cmd="play", seat=0, card="2C")["ok"]
    assert code_of(ask(server, cmd="play", seat=1, card="2D")) == "must_follow_suit"
    assert ask(server, cmd="play", seat=1, card="AC")["ok"]
    assert code_of(ask(server, cmd="play", seat=2, card="3H")) == "points_on_first_trick"
    assert ask(server, cmd="play", seat=2, card="QD")["ok"]
    assert code_of(ask(server, cmd="play", seat=3, card="QS")) == "points_on_first_trick"
    events = ask(server, cmd="play", seat=3, card="4S")["events"]
    assert events[-1] == {"type": "trick_won", "seat": 1, "cards": ["2C", "AC", "QD", "4S"], "points": 0}
    for seat, card in [(1, "2D"), (2, "KD"), (3, "5S")]:
        assert ask(server, cmd="play", seat=seat, card=card)["ok"]
    assert ask(server, cmd="play", seat=0, card="2H")["events"][1] == {"type": "hearts_broken"}


def test_hearts_not_broken(server):
    deal_named(server, "std", [
        "2C 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH 3D",
        "3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC KH",
        "AH 2D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
    ])
    for seat, card in enumerate(["2C", "AC", "2D", "2S"]):
        assert ask(server, cmd="play", seat=seat, card=card)["ok"]
    before = state_of(server)
    assert before["turn"] == 1
    assert code_of(ask(server, cmd="play", seat=1, card="KH")) == "hearts_not_broken"
    assert state_of(server) == before


def test_aliases_are_accepted_and_output_is_canonical(server):
    ask(server, cmd="new_game", ruleset="std", players=4, options={"deal_number": 4})
    hands = [[card_name(c) for c in hand] for hand in sorted_deal(server.game.rules)]
    lower = [[name.lower().replace("t", "10") for name in hand] for hand in hands]
    assert ask(server, cmd="deal", hands=lower)["ok"]
    assert ask(server, cmd="state")["hands"] == hands
    assert ask(server, cmd="play", seat=0, card="2c")["events"][0]["card"] == "2C"
    assert ask(server, cmd="play", seat=1, card="2d")["ok"]
    assert ask(server, cmd="play", seat=2, card="10h")["events"][0]["card"] == "TH"


# --- choose, legal, state ------------------------------------------------------


def test_choose_refusals(playing):
    before = state_of(playing)
    assert code_of(ask(playing, cmd="choose", seat=0, option="add_to_others")) == "wrong_phase"
    assert code_of(ask(playing, cmd="choose", seat=0, option="both")) == "bad_request"
    assert state_of(playing) == before


def test_moon_choice_through_the_protocol(server):
    ask(server, cmd="new_game", ruleset="choice", players=4, options={"deal_number": 4})
    hands = [
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC".split(),
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD".split(),
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH".split(),
        "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS".split(),
    ]
    ask(server, cmd="deal", hands=hands)
    # seat 0 leads clubs 2..A; the others must discard, seat 2 hearts (no points on trick 1 unless forced).
    events = []
    for rank in "23456789TJQKA":
        for seat in range(4):
            card = rank + "CDHS"[seat]
            response = ask(server, cmd="play", seat=seat, card=card)
            assert response["ok"], (card, response)
            events += response["events"]
    assert events[-1] == {"type": "moon_choice", "seat": 0}
    assert ask(server, cmd="state")["phase"] == "moon_choice"
    assert code_of(ask(server, cmd="choose", seat=1, option="add_to_others")) == "not_your_turn"
    assert code_of(ask(server, cmd="play", seat=0, card="2C")) == "wrong_phase"
    scored = ask(server, cmd="choose", seat=0, option="subtract_from_self")["events"][0]
    assert scored["moon"] == {"seat": 0, "effect": "subtract_from_self"}
    assert scored["points"] == [-26, 0, 0, 0]


def test_legal(playing):
    assert ask(playing, cmd="legal", seat=0)["cards"] == ["2C"]
    assert ask(playing, cmd="legal", seat=1)["cards"] == []
    assert code_of(ask(playing, cmd="legal", seat=4)) == "bad_request"
    assert code_of(ask(playing, cmd="legal")) == "bad_request"


def test_state_has_every_field(playing):
    state = ask(playing, cmd="state")
    for key in ("phase", "players", "deal_number", "dealer", "turn", "pass_direction", "hands", "trick",
                "hearts_broken", "passed", "deal_points", "totals"):
        assert key in state
    assert state["passed"] == [0, 1, 2, 3] and state["phase"] == "playing"


def test_engine_bugs_become_internal_errors_not_crashes(playing, monkeypatch, capsys):
    def broken(seat, card):
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(playing.game, "play", broken)
    response = ask(playing, id=5, cmd="play", seat=0, card="2C")
    assert (response["id"], code_of(response)) == (5, "internal_error")
    assert "ZeroDivisionError" in capsys.readouterr().err
    assert ask(playing, cmd="hello")["ok"]


def test_deeply_nested_json_is_a_bad_request(server):
    response = server.handle_line(b"[" * 200_000 + b"]" * 200_000 + b"\n")
    assert (response["id"], code_of(response)) == (None, "bad_request")

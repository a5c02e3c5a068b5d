"""The Python engine kit (heartspec.kit): the envelope of protocol v1, judged line by line and through serve()."""

from __future__ import annotations

import ast
import io
import json
import math
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from heartspec import kit
from heartspec.kit import MAX_LINE_BYTES, Engine, JsonFloat, NotJson, Refusal, Session, parse_json, serve

KIT_FILE = Path(kit.__file__)


class Recorder(Engine):
    """An engine that records what the kit hands it and answers with plain data."""

    name, version = "recorder", "1"
    supports = {"rulesets": ["fi"], "variants": ["spot"], "players": {"fi": [4]}}

    def __init__(self):
        self.calls = []

    def new_game(self, ruleset, players, variants, options):
        self.calls.append(("new_game", ruleset, players, variants, options))
        if players != 4:
            raise Refusal("invalid_game", "four players only")

    def play(self, seat, card):
        self.calls.append(("play", seat, card))
        if card == "BOOM":
            raise RuntimeError("a bug in the engine")
        return [{"type": "card_played", "seat": seat, "card": card, "share": 2.0}]

    def pass_cards(self, seat, cards):
        self.calls.append(("pass", seat, cards))
        return []

    def deal(self, hands, kitty, stock):
        self.calls.append(("deal", hands, kitty, stock))
        return {"phase": "playing", "pass_direction": "none", "turn": 0}

    def state(self):
        return {"phase": "playing"}

    def legal(self, seat):
        return ["2C"]


def answer(session: Session, line: str | bytes):
    return session.handle_line(line.encode("utf-8") if isinstance(line, str) else line)


def started() -> Session:
    session = Session(Recorder())
    assert answer(session, '{"id": 1, "cmd": "new_game", "ruleset": "fi", "players": 4}')["ok"]
    return session


def refusal(response) -> tuple:
    assert response["ok"] is False and response["error"]["message"], response
    return response["id"], response["error"]["code"]


# --- framing and envelope -------------------------------------------------------------------

def test_hello_names_protocol_one_and_the_engine_and_what_it_plays():
    response = answer(Session(Recorder()), '{"id": "h", "cmd": "hello"}')
    assert response == {"id": "h", "ok": True, "protocol": 1, "engine": {"name": "recorder", "version": "1"},
                        "supports": Recorder.supports}


@pytest.mark.parametrize("rid", ["h-1", "", "é ☃", 0, -5, 2**53 - 1, -(2**53 - 1), None])
def test_an_id_is_echoed_as_sent(rid):
    assert answer(Session(Recorder()), json.dumps({"id": rid, "cmd": "hello"}, ensure_ascii=False))["id"] == rid


@pytest.mark.parametrize("rid", ["1.0", "1e2", "4.0", "[1]", '{"n": 1}', "true", str(2**53), str(-(2**53))])
def test_an_id_that_is_no_string_or_exact_integer_is_bad_request_with_a_null_id(rid):
    assert refusal(answer(Session(Recorder()), f'{{"id": {rid}, "cmd": "hello"}}')) == (None, "bad_request")


@pytest.mark.parametrize("line", [
    '{"id": 1, "cmd": "hello", "x": NaN}', '{"id": 1, "cmd": "hello", "x": Infinity}',
    '{"id": 1, "cmd": "hello", "x": -Infinity}', '{"id": 1, "cmd": "hello", "x": [1e400]}',
    '{"id": 1, "cmd": "hello", "x": -1e400}', '{"id": 1, "cmd": "hello", "x": "\\ud800"}',
    '{"id": 1, "cmd": "hello", "x": {"y": "a\\udc00b"}}', '{"id": "\\ud800", "cmd": "hello"}',
    '{"id": 1, "cmd": "hello", "\\udfff": 1}', '{"id": 1, "cmd": "hello", "x": "\\ud83d\\u0041"}',
    'hello', '{"id": 1, "cmd": "hello"} trailing', 'null', '42', '[{"id": 1, "cmd": "hello"}]', '{"cmd": "hello"',
    '\ufeff{"id": 1, "cmd": "hello"}', '{"id": 1, "cmd": "hello", "x": "a\tb"}',
])
def test_what_strict_json_forbids_is_bad_request_with_a_null_id(line):
    assert refusal(answer(Session(Recorder()), line)) == (None, "bad_request")


@pytest.mark.parametrize("raw", [b"\xff", b"\x80", b"\xe2\x82", b"\xc0\xaf", b"\xed\xa0\x80", b"\xf4\x90\x80\x80"])
def test_a_line_that_is_not_utf8_is_bad_request_and_reaches_no_engine(raw):
    session = started()
    line = b'{"id": 1, "cmd": "play", "seat": 0, "card": "2C", "note": "' + raw + b'"}'
    assert refusal(answer(session, line)) == (None, "bad_request")
    assert session.engine.calls[-1][0] == "new_game"


def nested(depth: int) -> str:
    return '{"id": 1, "cmd": "hello", "x": ' + "[" * (depth - 1) + "]" * (depth - 1) + "}"


def test_nesting_is_read_to_64_and_refused_beyond_in_any_field():
    assert answer(Session(Recorder()), nested(64))["ok"]
    assert refusal(answer(Session(Recorder()), nested(65))) == (None, "bad_request")
    assert refusal(answer(Session(Recorder()), nested(100_000))) == (None, "bad_request")
    brackets_in_text = '{"id": 1, "cmd": "hello", "x": "' + "[" * 200 + '"}'
    assert answer(Session(Recorder()), brackets_in_text)["ok"]


def test_the_surrogate_pair_and_unknown_fields_however_nested_are_fine():
    line = '{"id": 3, "cmd": "hello", "pair": "\\ud83d\\ude00", "future": {"deep": [1, 2.5, {"z": null}]}}'
    assert answer(Session(Recorder()), line)["ok"]


@pytest.mark.parametrize("blank", ["", "   \t  ", "\r", "\u3000\u2003\u00a0\u2028", "\x1c\x85"])
def test_a_blank_line_gets_no_response(blank):
    assert answer(Session(Recorder()), blank) is None


def test_numbers_keep_whether_they_were_written_as_integers():
    value = parse_json('{"a": 4, "b": 4.0, "c": 4e0, "d": -0.5, "e": ' + "9" * 40 + "}")
    assert type(value["a"]) is int and value["e"] == int("9" * 40)
    assert all(isinstance(value[k], JsonFloat) for k in "bcd") and value["b"] == 4.0


def test_an_integer_too_long_to_read_is_not_json():
    with pytest.raises(NotJson):
        parse_json('{"x": ' + "1" * 5000 + "}")


@settings(max_examples=200, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
                    | st.text(), lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
                    max_leaves=20))
def test_every_json_document_python_writes_reads_back_the_same(value):
    """Property: strict parsing changes nothing a well-formed document says (text may hold any non-surrogate)."""
    text = json.dumps(value)
    if "\\ud" in text.lower():
        return  # hypothesis' text may hold lone surrogates, which strict JSON rightly refuses
    assert parse_json(text) == value


# --- the fields the kit checks before the engine is asked -----------------------------------------

@pytest.mark.parametrize("line", [
    '{"id": 2, "cmd": "play", "seat": 0, "card": "2C"}', '{"id": 2, "cmd": "pass", "seat": "x"}',
    '{"id": 2, "cmd": "deal"}', '{"id": 2, "cmd": "legal"}', '{"id": 2, "cmd": "state"}',
    '{"id": 2, "cmd": "choose", "option": 5}', '{"id": 2, "cmd": "stop"}',
])
def test_before_the_first_new_game_every_game_command_is_wrong_phase_whatever_its_fields(line):
    assert refusal(answer(Session(Recorder()), line)) == (2, "wrong_phase")


@pytest.mark.parametrize("line, code", [
    ('{"id": 7, "cmd": "bid"}', "unknown_command"), ('{"id": "x", "seat": 1}', "bad_request"),
    ('{"id": 8, "cmd": 42}', "bad_request"), ('{"id": 9, "cmd": ["play"]}', "bad_request"),
])
def test_a_missing_or_unknown_command_is_refused_with_the_id(line, code):
    response = answer(Session(Recorder()), line)
    assert refusal(response) == (json.loads(line)["id"], code)


@pytest.mark.parametrize("request_, code", [
    ({"cmd": "play", "seat": 7, "card": "2C"}, "bad_request"), ({"cmd": "play", "seat": -1, "card": "2C"}, "bad_request"),
    ({"cmd": "play", "seat": "0", "card": "2C"}, "bad_request"), ({"cmd": "play", "card": "2C"}, "bad_request"),
    ({"cmd": "play", "seat": 0, "card": 2}, "bad_request"), ({"cmd": "play", "seat": 0}, "bad_request"),
    ({"cmd": "pass", "seat": 0, "cards": "2C"}, "bad_request"), ({"cmd": "pass", "seat": 0, "cards": ["2C", 3]}, "bad_request"),
    ({"cmd": "legal", "seat": True}, "bad_request"), ({"cmd": "choose", "seat": 0, "option": "double"}, "bad_request"),
    ({"cmd": "choose", "seat": 0, "option": "add_to_others"}, "wrong_phase"), ({"cmd": "stop"}, "wrong_phase"),
    ({"cmd": "deal", "hands": [["2C"], "3C"]}, "bad_request"), ({"cmd": "deal", "hands": [], "kitty": "2C"}, "bad_request"),
    ({"cmd": "deal", "seed": 4, "hands": []}, "bad_request"), ({"cmd": "deal", "seed": 4}, "wrong_phase"),
])
def test_mistyped_fields_and_seats_off_the_table_are_refused_before_the_engine_is_asked(request_, code):
    session = started()
    assert refusal(session.handle({"id": 5, **request_})) == (5, code)
    assert [call[0] for call in session.engine.calls] == ["new_game"]


def test_a_seat_written_as_a_float_is_mistyped():
    assert refusal(answer(started(), '{"id": 5, "cmd": "legal", "seat": 0.0}')) == (5, "bad_request")


@pytest.mark.parametrize("spelling, name", [("10h", "TH"), ("qs", "QS"), ("Qs", "QS"), ("qS", "QS"), ("td", "TD"),
                                            ("xc", "XC"), ("ZZ", "ZZ"), (" QS", " QS"), ("Q S", "Q S"), ("XH", "XH")])
def test_the_engine_gets_canonical_card_names_or_the_unknown_text_unchanged(spelling, name):
    session = started()
    session.handle({"cmd": "play", "seat": 1, "card": spelling})
    session.handle({"cmd": "pass", "seat": 2, "cards": [spelling]})
    session.handle({"cmd": "deal", "hands": [[spelling]], "kitty": [spelling]})
    assert session.engine.calls[1:] == [("play", 1, name), ("pass", 2, [name]), ("deal", [[name]], [name], None)]


@pytest.mark.parametrize("options", [{"dealer": 1.0}, {"target": "50"}, {"totals": [0, 0, 0, "a"]}, {"settlement": 5},
                                     {"stake": "1"}, {"moon_amount": 26.0}, {"pass_cycle": "left"}])
def test_an_option_of_the_wrong_json_type_is_bad_request(options):
    session = Session(Recorder())
    line = json.dumps({"id": 1, "cmd": "new_game", "ruleset": "fi", "players": 4, "options": options})
    assert refusal(answer(session, line)) == (1, "bad_request")
    assert session.engine.calls == []


def test_new_game_shapes_and_support_are_judged_in_the_protocols_order():
    session = Session(Recorder())
    order = [({"ruleset": "xx", "players": "four"}, "bad_request"), ({"ruleset": "fi", "players": 4, "options": []}, "bad_request"),
             ({"ruleset": "xx", "players": 4}, "unsupported"), ({"ruleset": "fi", "players": 4, "variants": ["nope"]}, "unsupported"),
             ({"ruleset": 4, "players": 4}, "bad_request"), ({"ruleset": "fi", "players": 9}, "invalid_game")]
    for fields, code in order:
        assert refusal(session.handle({"id": 1, "cmd": "new_game", **fields})) == (1, code)
    assert refusal(session.handle({"id": 2, "cmd": "legal", "seat": 0})) == (2, "wrong_phase")  # still no game


def test_null_options_are_left_out_but_a_null_target_is_a_value_and_stakes_arrive_as_plain_numbers():
    session = Session(Recorder())
    line = '{"cmd": "new_game", "ruleset": "fi", "players": 4, "variants": null, "options": ' \
           '{"dealer": null, "target": null, "max_deals": 3, "stake": 0.5, "house_rule": [1.0]}}'
    response = answer(session, line)
    assert response["ok"] and response["dealer"] == 0 and response["deal_number"] == 1
    options = session.engine.calls[0][4]
    assert options == {"target": None, "max_deals": 3, "stake": 0.5, "house_rule": [1.0]}
    assert type(options["stake"]) is float and type(options["house_rule"][0]) is float


def test_a_refusal_keeps_its_code_and_an_engine_bug_is_internal_error_while_serving_goes_on(capsys):
    session = started()
    assert refusal(session.handle({"id": 3, "cmd": "new_game", "ruleset": "fi", "players": 5})) == (3, "invalid_game")
    assert refusal(session.handle({"id": 4, "cmd": "play", "seat": 0, "card": "BOOM"})) == (4, "internal_error")
    assert "a bug in the engine" in capsys.readouterr().err
    assert session.handle({"id": 5, "cmd": "legal", "seat": 3}) == {"id": 5, "ok": True, "cards": ["2C"]}


def test_responses_write_whole_numbers_as_integers_and_text_as_utf8():
    session = started()
    line = kit.to_json(session.handle({"id": "é", "cmd": "play", "seat": 0, "card": "2C"}))
    assert '"share":2}' in line and '"id":"é"' in line


# --- serve: lines in, lines out ---------------------------------------------------------------

def served(data: bytes) -> tuple[list[dict], io.BytesIO]:
    stdin, stdout = io.BytesIO(data), io.BytesIO()
    assert serve(Recorder(), stdin, stdout) == 0
    return [json.loads(line) for line in stdout.getvalue().splitlines()], stdin


def padded_hello(size: int) -> bytes:
    head = b'{"id": "padded", "cmd": "hello", "pad": "'
    return head + b"x" * (size - len(head) - 2) + b'"}'


def test_a_line_of_exactly_1_mib_is_read_and_one_byte_more_is_refused_and_skipped():
    answers, _ = served(padded_hello(MAX_LINE_BYTES) + b"\r\n" + padded_hello(MAX_LINE_BYTES + 1) + b"\n"
                        + b'{"id": 7, "cmd": "hello"}\n')
    assert [(a["id"], a["ok"]) for a in answers] == [("padded", True), (None, False), (7, True)]


def test_a_long_line_is_never_held_whole():
    line = kit.read_line(io.BytesIO(b"x" * (5 * MAX_LINE_BYTES) + b"\nnext\n"))
    assert len(line) == MAX_LINE_BYTES + 2


def test_carriage_returns_blank_lines_and_a_last_line_without_newline():
    answers, _ = served(b'\n\r\n \t\n{"id": 1, "cmd": "hello"}\r\n\xe3\x80\x80\n{"id": 2, "cmd": "hello"}')
    assert [a["id"] for a in answers] == [1, 2]


def test_quit_is_answered_and_nothing_after_it_is_read():
    answers, stdin = served(b'{"id": 99, "cmd": "quit"}\n{"id": 100, "cmd": "hello"}\n')
    assert answers == [{"id": 99, "ok": True}]
    assert stdin.read() == b'{"id": 100, "cmd": "hello"}\n'


def test_the_kit_runs_as_a_lone_copied_file_without_heartspec(tmp_path):
    """An author vendors the kit: a copy beside the engine, no heartspec installed, standard library only."""
    imported = {alias.name.split(".")[0] for node in ast.walk(ast.parse(KIT_FILE.read_text(encoding="utf-8")))
                if isinstance(node, (ast.Import, ast.ImportFrom)) for alias in getattr(node, "names", [])
                if not isinstance(node, ast.ImportFrom)}
    imported |= {node.module.split(".")[0] for node in ast.walk(ast.parse(KIT_FILE.read_text(encoding="utf-8")))
                 if isinstance(node, ast.ImportFrom) and node.module}
    assert imported <= set(sys.stdlib_module_names) | {"__future__"}, imported
    shutil.copy(KIT_FILE, tmp_path / "heartspec_kit.py")
    (tmp_path / "engine.py").write_text("import sys, heartspec_kit\nsys.exit(heartspec_kit.serve(heartspec_kit.Engine()))\n")
    done = subprocess.run([sys.executable, "-E", "-s", "-S", str(tmp_path / "engine.py")], input=b'{"id":1,"cmd":"hello"}\n',
                          capture_output=True, timeout=60)
    assert done.returncode == 0 and json.loads(done.stdout)["protocol"] == 1, done.stderr


def test_json_float_values_stay_finite_numbers():
    assert not math.isinf(parse_json("1e308")) and isinstance(parse_json("-0.0"), JsonFloat)


class Careless(Recorder):
    def legal(self, seat):
        return ["2C", object()]  # no JSON value


def test_a_response_json_cannot_hold_is_the_engines_internal_error_and_serving_goes_on():
    stdin, stdout = io.BytesIO(b'{"id":1,"cmd":"new_game","ruleset":"fi","players":4}\n{"id":2,"cmd":"legal","seat":0}\n'
                               b'{"id":3,"cmd":"hello"}\n'), io.BytesIO()
    assert serve(Careless(), stdin, stdout) == 0
    answers = [json.loads(line) for line in stdout.getvalue().splitlines()]
    assert [(a["id"], a.get("error", {}).get("code")) for a in answers] == [(1, None), (2, "internal_error"), (3, None)]

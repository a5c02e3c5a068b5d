"""Hostile input to `heartspec engine`: every line gets its protocol answer and the engine keeps serving.

CASES is the table: one line sent, and the answer it must get — an error code
(with whether the id is echoed), "ok", or None for a line that is blank and gets
no answer at all. After each case a `hello` must still be answered, so a case
that kills or wedges the engine fails. A new case is one line in CASES.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from heartspec.limits import COMPILED_RULES_CACHED, MAX_JSON_DEPTH, MAX_LINE_BYTES
from heartspec.protocol.messages import decode_json
from heartspec.protocol.server import RulesCatalog, Server, serve_with

ENGINE = [sys.executable, "-c", "from heartspec.cli import main; main()", "engine"]
NEW_CLASSIC = '{"id":7,"cmd":"new_game","ruleset":"fi-classic","players":4,"options":{"settlement":"pairwise","stake":%s}}'
DEEP_OK = '{"id":7,"cmd":"hello","pad":' + "[" * (MAX_JSON_DEPTH - 1) + "]" * (MAX_JSON_DEPTH - 1) + "}"
DEEP_BAD = '{"id":7,"cmd":"hello","pad":' + "[" * MAX_JSON_DEPTH + "]" * MAX_JSON_DEPTH + "}"
STRING_OF_BRACKETS = '{"id":7,"cmd":"hello","pad":"' + "[" * 10_000 + '"}'

# (name, line as bytes, expected): expected is "ok", None (no answer), or (code, id echoed?)
CASES = [
    ("lone high surrogate in id", rb'{"id":"\ud800","cmd":"hello"}', ("bad_request", False)),
    ("lone low surrogate in cmd", rb'{"id":7,"cmd":"hel\udc00lo"}', ("bad_request", False)),
    ("lone surrogate as an option key", rb'{"id":7,"cmd":"new_game","ruleset":"fi","players":4,"options":{"\ud800":1}}',
     ("bad_request", False)),
    ("surrogate pair is a real character", rb'{"id":"\ud83d\ude00","cmd":"hello"}', "ok"),
    ("escaped backslash before u is not a surrogate", rb'{"id":"\\ud800","cmd":"hello"}', "ok"),
    ("NaN literal", b'{"id":7,"cmd":"hello","x":NaN}', ("bad_request", False)),
    ("Infinity literal", b'{"id":7,"cmd":"hello","x":Infinity}', ("bad_request", False)),
    ("-Infinity literal", b'{"id":7,"cmd":"hello","x":-Infinity}', ("bad_request", False)),
    ("1e400 is beyond a double", b'{"id":7,"cmd":"hello","x":1e400}', ("bad_request", False)),
    ("1e99999 is beyond a double", b'{"id":7,"cmd":"hello","x":1e99999}', ("bad_request", False)),
    ("-1e400 is beyond a double", b'{"id":7,"cmd":"hello","x":-1e400}', ("bad_request", False)),
    ("an integer of 5000 digits", b'{"id":7,"cmd":"hello","x":' + b"9" * 5000 + b"}", ("bad_request", False)),
    ("400-digit stake", (NEW_CLASSIC % ("9" * 400)).encode(), ("invalid_game", True)),
    ("stake 1e300", (NEW_CLASSIC % "1e300").encode(), ("invalid_game", True)),
    ("stake given as the text nan", (NEW_CLASSIC % '"nan"').encode(), ("bad_request", True)),  # mistyped: P-new_game-6
    ("stake given as the text inf", (NEW_CLASSIC % '"inf"').encode(), ("bad_request", True)),
    ("a reasonable stake", (NEW_CLASSIC % "0.5").encode(), "ok"),
    ("nesting at the limit", DEEP_OK.encode(), "ok"),
    ("nesting one past the limit", DEEP_BAD.encode(), ("bad_request", False)),
    ("nesting 100,000 deep", b"[" * 100_000 + b"]" * 100_000, ("bad_request", False)),
    ("unclosed nesting 100,000 deep", b"{" * 100_000, ("bad_request", False)),
    ("brackets inside a string do not nest", STRING_OF_BRACKETS.encode(), "ok"),
    ("no-break spaces only", "\u00a0\u00a0".encode(), None),
    ("ideographic space only", "\u3000".encode(), None),
    ("tabs, spaces and a carriage return", b" \t \r", None),
    ("line separator only", "\u2028".encode(), None),
    ("not UTF-8", b'{"id":7,"cmd":"hello","x":"\xff"}', ("bad_request", False)),
    ("a line one byte over the limit", b'{"cmd":"hello","x":"' + b"x" * MAX_LINE_BYTES + b'"}', ("bad_request", False)),
]


def serve_lines(*lines: bytes) -> list[dict]:
    out = io.BytesIO()
    serve_with(Server(catalog=CATALOG), io.BytesIO(b"".join(line + b"\n" for line in lines)), out)
    return [json.loads(text) for text in out.getvalue().splitlines()]


CATALOG = RulesCatalog()
PROBE = b'{"id":"probe","cmd":"hello"}'


@pytest.mark.parametrize("name, line, expected", CASES, ids=[case[0] for case in CASES])
def test_each_hostile_line_gets_its_answer_and_the_engine_goes_on(name, line, expected):
    answers = serve_lines(line, PROBE)
    assert answers[-1]["id"] == "probe" and answers[-1]["ok"], f"{name}: the engine stopped serving"
    answers = answers[:-1]
    if expected is None:
        assert answers == [], f"{name}: a blank line got an answer"
        return
    assert len(answers) == 1, answers
    answer = answers[0]
    if expected == "ok":
        assert answer["ok"], answer
        return
    code, echoed = expected
    assert not answer["ok"] and answer["error"]["code"] == code, answer
    assert (answer["id"] is not None) == echoed, answer
    assert answer["error"]["message"].strip()


def test_the_real_subprocess_answers_every_case_without_a_traceback():
    lines = [line for _, line, _ in CASES]
    stream = b"".join(line + b"\n" + PROBE + b"\n" for line in lines)
    done = subprocess.run(ENGINE, input=stream, capture_output=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert b"Traceback" not in done.stderr, done.stderr[-2000:]
    answers = [json.loads(text) for text in done.stdout.splitlines()]
    assert sum(1 for a in answers if a.get("id") == "probe") == len(lines)
    expected_answers = sum(1 for _, _, expected in CASES if expected is not None)
    assert len(answers) == len(lines) + expected_answers


def test_every_answer_is_strict_json():
    """What the engine writes must itself pass the strict reader the suite applies to engines."""
    for _, line, _ in CASES:
        out = io.BytesIO()
        serve_with(Server(catalog=CATALOG), io.BytesIO(line + b"\n"), out)
        for text in out.getvalue().splitlines():
            decode_json(text.decode("utf-8"))


def test_the_compiled_rules_cache_is_bounded_and_keeps_the_recent():
    """Endless distinct option sets (here: stakes) must not grow the engine's memory without end."""
    catalog = RulesCatalog()
    server = Server(catalog=catalog)
    stakes = [{"settlement": "pairwise", "stake": n} for n in range(1, COMPILED_RULES_CACHED * 3)]
    for options in stakes:
        response = server.handle({"cmd": "new_game", "ruleset": "fi-classic", "players": 4, "options": options})
        assert response["ok"], response
        assert catalog.cached <= COMPILED_RULES_CACHED
    assert catalog.cached == COMPILED_RULES_CACHED
    first_kept = stakes[-COMPILED_RULES_CACHED]
    kept = catalog.compile("fi-classic", [], 4, first_kept)  # used again: now the most recent
    catalog.compile("fi-classic", [], 4, {"settlement": "pairwise", "stake": 0.5})  # pushes out the least recent
    assert catalog.compile("fi-classic", [], 4, first_kept) is kept


def test_an_engine_writing_to_a_full_disk_says_so_in_one_line():
    with open("/dev/full", "wb") as full:
        done = subprocess.run(ENGINE, input=b'{"cmd":"hello"}\n', stdout=full, stderr=subprocess.PIPE, timeout=120)
    assert done.returncode != 0
    message = done.stderr.decode().strip()
    assert "Traceback" not in message and len(message.splitlines()) == 1, message
    assert "cannot write" in message and "No space left" in message


def test_play_writing_its_log_to_a_full_disk_says_so_in_one_line():
    command = [sys.executable, "-c", "from heartspec.cli import main; main()",
               "play", "--ruleset", "fi", "--players", "4", "--seed", "1", "--games", "3", "--log", "/dev/full"]
    done = subprocess.run(command, capture_output=True, timeout=120)
    assert done.returncode != 0
    message = done.stderr.decode().strip()
    assert "Traceback" not in message and len(message.splitlines()) == 1, message
    assert "/dev/full" in message and "No space left" in message

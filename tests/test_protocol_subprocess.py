"""`heartspec engine` as a real subprocess, and the client's handling of engines that misbehave."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from heartspec.protocol.client import EngineClosed, EngineCrashed, EngineGarbage, EngineProcess, EngineTimeout
from heartspec.log_bytes import sent_bytes
from heartspec.replay import replay_lines

ENGINE = [sys.executable, "-c", "from heartspec.cli import main; main()", "engine"]


def fake_engine(body: str) -> list[str]:
    """A Python one-off standing in for a broken engine."""
    return [sys.executable, "-c", body]


@pytest.fixture(scope="module")
def engine():
    process = EngineProcess(ENGINE, timeout=20.0)
    yield process
    process.close()


def test_a_short_game_through_the_subprocess(engine):
    hello = engine.request({"cmd": "hello"})
    assert hello["protocol"] == 1 and "fi" in hello["supports"]["rulesets"]
    assert engine.request({"cmd": "new_game", "ruleset": "fi", "players": 4, "options": {"deal_number": 4}})["ok"]
    dealt = engine.request({"cmd": "deal", "seed": 5})
    assert dealt["phase"] == "playing" and dealt["pass_direction"] == "none"
    events = []
    for _ in range(52):
        seat = engine.request({"cmd": "state"})["turn"]
        card = engine.request({"cmd": "legal", "seat": seat})["cards"][0]
        response = engine.request({"cmd": "play", "seat": seat, "card": card})
        assert response["ok"], response
        events += response["events"]
    scored = [e for e in events if e["type"] == "deal_scored"]
    assert len(scored) == 1 and sum(scored[0]["points"]) in (26, 78)  # 78: a moon adding 26 to three others
    assert sum(1 for e in events if e["type"] == "trick_won") == 13


def test_the_subprocess_survives_bad_lines(engine):
    assert engine.request_line("this is not json")["error"]["code"] == "bad_request"
    huge = json.dumps({"cmd": "hello", "pad": "x" * (2 << 20)})
    response = engine.request_line(huge)
    assert (response["id"], response["error"]["code"]) == (None, "bad_request")
    assert engine.request({"id": "after", "cmd": "hello"})["id"] == "after"


def test_a_raw_line_given_as_bytes_goes_out_unaltered_and_is_logged_byte_for_byte():
    """Bytes that are not UTF-8 reach the engine as they are (P-envelope-10 end to end); no text line of a move
    log holds them, so it keeps them as a #!send line (heartspec.log_bytes); bytes that are UTF-8 are a raw line
    like any other."""
    with EngineProcess(ENGINE, timeout=20.0) as process:
        response = process.request_line(b'{"id": 1, "cmd": "hello", "x": "\xff"}')
        assert (response["id"], response["error"]["code"]) == (None, "bad_request")
        assert process.request_line('{"id": 2, "cmd": "hello", "x": "\u00e9"}'.encode())["id"] == 2
        lines = process.log_lines()
    assert lines[0].startswith("#!send ") and sent_bytes(lines[0]) == b'{"id": 1, "cmd": "hello", "x": "\xff"}'
    assert lines[2] == '{"id": 2, "cmd": "hello", "x": "\u00e9"}'


def test_transcript_replays(engine):
    lines = engine.log_lines()
    assert any('"ok"' in line for line in lines)
    replay = replay_lines(lines, "transcript")
    assert replay.ok, replay.failure


def test_engine_exits_zero_on_end_of_input_and_on_quit():
    for stdin in ('{"id":1,"cmd":"hello"}\n\n', '{"id":1,"cmd":"quit"}\n{"id":2,"cmd":"hello"}\n'):
        done = subprocess.run(ENGINE, input=stdin, capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        assert [json.loads(line)["id"] for line in done.stdout.splitlines()] == [1]


def test_engine_with_a_broken_spec_folder_says_why(tmp_path):
    (tmp_path / "rulesets").mkdir()
    (tmp_path / "rulesets" / "bad.yaml").write_text("id: [unclosed\n")
    done = subprocess.run(ENGINE + ["--spec", str(tmp_path)], input="", capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "bad.yaml" in done.stderr and "Traceback" not in done.stderr


# --- the client against engines that misbehave -----------------------------------


def test_timeout_names_the_request():
    engine = EngineProcess(fake_engine("import time, sys; sys.stdin.readline(); time.sleep(30)"), timeout=0.3)
    with pytest.raises(EngineTimeout, match='"cmd":"hello"'):
        engine.request({"cmd": "hello"})
    engine.close()


def test_crash_reports_status_and_stderr():
    body = "import sys; sys.stdin.readline(); sys.stderr.write('dying now'); sys.exit(3)"
    engine = EngineProcess(fake_engine(body), timeout=5)
    with pytest.raises(EngineCrashed) as caught:
        engine.request({"cmd": "hello"})
    assert "status 3" in str(caught.value) and "dying now" in str(caught.value)
    engine.close()


@pytest.mark.parametrize("answer", ["hello there", "[1,2]", '{"id":1}', '{"id":99,"ok":true}'])
def test_garbage_is_reported(answer):
    body = f"import sys; sys.stdin.readline(); print({answer!r}, flush=True); sys.stdin.readline()"
    engine = EngineProcess(fake_engine(body), timeout=5)
    with pytest.raises(EngineGarbage, match="hello"):
        engine.request({"id": 1, "cmd": "hello"})
    engine.close()


def test_closed_engine_refuses_requests():
    engine = EngineProcess(ENGINE, timeout=20)
    assert engine.request({"cmd": "quit"})["ok"]
    assert engine.close() == 0
    with pytest.raises(EngineClosed):
        engine.request({"cmd": "hello"})


def test_restart_gives_a_fresh_engine():
    # an upper bound only (the fake answers at once): a loaded machine may take seconds to start Python
    engine = EngineProcess(fake_engine("import sys\nfor line in sys.stdin: print('{\"id\":1,\"ok\":true}', flush=True)"),
                           timeout=20)
    assert engine.request({"id": 1, "cmd": "hello"})["ok"]
    engine.restart()
    assert engine.request({"id": 1, "cmd": "hello"})["ok"]
    assert engine.close() == 0


def test_missing_executable_is_a_crash_not_a_traceback():
    with pytest.raises(EngineCrashed, match="cannot start"):
        EngineProcess(["/nonexistent/engine"], timeout=1)


def test_engine_serves_a_users_own_spec():
    house = str(Path(__file__).resolve().parent / "fixtures" / "house_spec")
    with EngineProcess(ENGINE + ["--spec", house], timeout=20) as engine:
        assert engine.request({"cmd": "hello"})["supports"]["rulesets"] == ["house"]
        assert engine.request({"cmd": "new_game", "ruleset": "house", "players": 3})["ok"]
        assert engine.request({"cmd": "new_game", "ruleset": "fi", "players": 4})["error"]["code"] == "unsupported"


def test_engine_ends_quietly_when_the_client_stops_reading():
    process = subprocess.Popen(ENGINE, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    process.stdout.close()
    try:
        process.stdin.write(b'{"cmd":"hello"}\n' * 5000)
        process.stdin.close()
    except BrokenPipeError:
        pass
    assert process.wait(timeout=60) == 0
    assert b"Traceback" not in process.stderr.read()
    process.stderr.close()

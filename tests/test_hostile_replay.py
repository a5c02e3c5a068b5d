"""Hostile move logs under `heartspec replay`: each stops at its line with its code, or replays, never a traceback.

CASES is the table: the bytes of a log (after a good opening, `GOOD`, when asked), and
the answer: ("ok") a clean replay, or (line, code, words) the failure `replay` must report.
A new case is one line. Streaming and memory are checked below the table.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from heartspec.limits import MAX_LOG_LINE_BYTES
from heartspec.replay import LogError, log_lines, read_log, replay_lines

LOGS = Path(__file__).resolve().parent / "fixtures" / "logs"
HEARTSPEC = [sys.executable, "-c", "from heartspec.cli import main; main()"]
NEW = b'{"cmd":"new_game","ruleset":"fi","players":4}'
DEAL = b'{"cmd":"deal","seed":1}'
BAD_PLAY = b'{"cmd":"play","seat":0,"card":"AS"}'

# (name, log bytes, expected): "ok" or (line, code, words in the message)
CASES = [
    ("a UTF-8 byte-order mark", b"\xef\xbb\xbf" + NEW + b"\n" + DEAL + b"\n", "ok"),
    ("CRLF line ends", NEW + b"\r\n" + DEAL + b"\r\n", "ok"),
    ("invalid UTF-8 on line 2", NEW + b"\n" + b'{"cmd":"deal","seed":1,"x":"\xff"}\n', (2, "unreadable_log", "not UTF-8")),
    ("a lone continuation byte on line 1", b"\x80\n", (1, "unreadable_log", "not UTF-8")),
    ("a line over the limit", NEW + b"\n" + b"x" * (MAX_LOG_LINE_BYTES + 1) + b"\n", (2, "unreadable_log", "MAX_LOG_LINE_BYTES")),
    ("no newline at all, past the limit", b"\0" * (MAX_LOG_LINE_BYTES + 10), (1, "unreadable_log", "MAX_LOG_LINE_BYTES")),
    ("a logged error that is a string", NEW + b"\n" + b'{"cmd":"bogus"}\n{"ok":false,"error":"unknown_command"}\n',
     (3, "mismatch", "not an object")),
    ("a logged error that is a list", NEW + b"\n" + b'{"cmd":"bogus"}\n{"ok":false,"error":[1]}\n',
     (3, "mismatch", "not an object")),
    ("a logged error that is null", NEW + b"\n" + b'{"cmd":"bogus"}\n{"ok":false,"error":null}\n', (3, "mismatch", "")),
    ("a response nested 100,000 deep", NEW + b"\n" + b'{"ok":true,"x":' + b"[" * 100_000 + b"]" * 100_000 + b"}\n",
     (2, "bad_request", "nested deeper")),
    ("NaN in a request", NEW + b"\n" + b'{"cmd":"deal","seed":NaN}\n', (2, "bad_request", "NaN")),
    ("a lone surrogate in a request", NEW + b"\n" + b'{"cmd":"deal","seed":1,"x":"\\ud800"}\n', (2, "bad_request", "surrogate")),
    ("a 400-digit stake", b'{"cmd":"new_game","ruleset":"fi-classic","players":4,"options":{"settlement":"pairwise",'
     b'"stake":' + b"9" * 400 + b"}}\n", (1, "invalid_game", "stake")),
    ("a transcript's own remark in a response", NEW + b'\n{"ok":true,"#omitted":"1 byte"}\n', "ok"),
    ("an illegal play", NEW + b"\n" + DEAL + b"\n" + BAD_PLAY + b"\n", (3, "wrong_phase", "")),
]


def replayed(data: bytes, tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    log = tmp_path / "hostile.log"
    log.write_bytes(data)
    return subprocess.run([*HEARTSPEC, "replay", str(log), *args], capture_output=True, timeout=300)


@pytest.mark.parametrize("name, data, expected", CASES, ids=[case[0] for case in CASES])
def test_each_hostile_log_gets_its_answer(name, data, expected, tmp_path):
    done = replayed(data, tmp_path)
    stderr = done.stderr.decode("utf-8", "replace")
    assert "Traceback" not in stderr, stderr[-3000:]
    if expected == "ok":
        assert done.returncode == 0, stderr[-3000:]
        return
    line, code, words = expected
    assert done.returncode == 1, stderr[-3000:]
    first = stderr.splitlines()[0]
    assert first.startswith(f"{tmp_path / 'hostile.log'}:{line}: {code}: "), first
    assert words in first


@pytest.mark.parametrize("name, data, expected", CASES, ids=[case[0] for case in CASES])
def test_each_hostile_log_reads_the_same_from_stdin_and_as_json(name, data, expected):
    done = subprocess.run([*HEARTSPEC, "replay", "-", "--format", "json"], input=data, capture_output=True, timeout=300)
    assert "Traceback" not in done.stderr.decode("utf-8", "replace")
    document = json.loads(done.stdout)
    if expected == "ok":
        assert document["ok"] and document["error"] is None
    else:
        assert (document["error"]["line"], document["error"]["code"]) == expected[:2]
        assert done.stderr.decode().startswith(f"<stdin>:{expected[0]}: {expected[1]}: ")


def test_the_reader_yields_numbered_requests_and_responses():
    lines = [b"\xef\xbb\xbf# a comment", b"", NEW, b'{"ok":true}', b"   ", DEAL]
    entries = list(read_log(lines))
    assert [(e.line, e.kind) for e in entries] == [(3, "request"), (4, "response"), (6, "request")]
    assert entries[1].value == {"ok": True}


def test_the_reader_refuses_dev_zero_after_one_line_limit():
    with open("/dev/zero", "rb") as zero:
        with pytest.raises(LogError, match="MAX_LOG_LINE_BYTES") as caught:
            list(log_lines(zero))
    assert caught.value.line == 1


def test_replay_of_dev_zero_stops_within_a_memory_cap():
    """Before streaming, this grew until the memory ran out; under a 1 GiB cap it must stop cleanly."""
    limit = 1 << 30

    def cap():
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    done = subprocess.run([*HEARTSPEC, "replay", "/dev/zero"], capture_output=True, timeout=300, preexec_fn=cap)
    assert done.returncode == 1
    assert b"/dev/zero:1: unreadable_log: line longer than 1 MiB (MAX_LOG_LINE_BYTES)" in done.stderr


def long_log(tmp_path: Path, games: int) -> Path:
    log = tmp_path / "games.log"
    subprocess.run([*HEARTSPEC, "play", "--ruleset", "fi", "--players", "4", "--seed", "2", "--games", str(games),
                    "--log", str(log)], check=True, capture_output=True, timeout=600)
    return log


def peak_rss_kib(command: list[str]) -> int:
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    return usage.ru_maxrss


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_memory_stays_flat_in_the_length_of_the_log(fmt, tmp_path):
    """Peak memory replaying 10 games and 100 games differs by little: nothing grows with the log."""
    (tmp_path / "short").mkdir()
    (tmp_path / "long").mkdir()
    short, long = long_log(tmp_path / "short", 10), long_log(tmp_path / "long", 100)
    small = peak_rss_kib([*HEARTSPEC, "replay", str(short), "--format", fmt])
    large = peak_rss_kib([*HEARTSPEC, "replay", str(long), "--format", fmt])
    assert large - small < 8 * 1024, f"{fmt}: {small} KiB for 10 games, {large} KiB for 100"


def test_text_appears_before_the_log_is_finished():
    """The first deal is printed while the log is still being written: replay reads it as a stream."""
    process = subprocess.Popen([*HEARTSPEC, "replay", "-"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)
    opening = (LOGS / "fi-4p-one-deal.log").read_bytes()
    process.stdin.write(opening + NEW + b"\n")  # a second game begins, and the log stays open
    process.stdin.flush()
    first = process.stdout.readline()
    while b"Deal 1" not in first:
        first = process.stdout.readline()
        assert first, process.stderr.read()[-2000:]
    seen_before_end = process.poll() is None
    process.stdin.close()
    rest = process.stdout.read()
    process.wait(timeout=120)
    assert seen_before_end and b"Game 2" in rest


def test_a_log_past_its_size_limit_stops_at_the_line_that_passes_it(monkeypatch):
    """MAX_LOG_BYTES is 1 GiB; the same check with a 100-byte limit, so the test need not write a gigabyte."""
    import io

    import heartspec.replay.log as replay

    monkeypatch.setattr(replay, "MAX_LOG_BYTES", 100)
    lines = [b'{"cmd":"hello"}\n'] * 10  # 16 bytes a line: the seventh passes 100
    with pytest.raises(LogError, match="MAX_LOG_BYTES") as caught:
        list(log_lines(io.BytesIO(b"".join(lines))))
    assert caught.value.line == 7

"""`conform --save DIR`: every failing scenario row's move log, transcript and replay command, and move logs that
carry any bytes a scenario sent (`#!send` lines, heartspec.log_bytes), so that `replay LOG --engine CMD` fails where
the scenario failed: for every failing row of every engine in tests/mutants/."""

from __future__ import annotations

import json
import runpy
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from heartspec.conformance.recorded_run import replay as replay_recording
from heartspec.log_bytes import SendError, directive, needs_directive, request_lines, sent_bytes
from heartspec.replay import LogError, read_log
from heartspec.replay.against_engine import replay_against_engine
from suite_runs import recorded_reference_run

ROOT = Path(__file__).resolve().parents[1]
MUTANTS = ROOT / "tests" / "mutants"
ENGINE_MUTANTS = sorted(runpy.run_path(str(MUTANTS / "mutant_engine.py"), run_name="mutant_names")["MUTATIONS"])
REFUSAL_MUTANTS = sorted(runpy.run_path(str(MUTANTS / "refusal_mutants.py"), run_name="refusal_names")["MUTATIONS"])
LENIENT = shlex.join([sys.executable, str(MUTANTS / "lenient_reader.py")])
EVERY_MUTANT = ([shlex.join([sys.executable, str(MUTANTS / "mutant_engine.py"), name]) for name in ENGINE_MUTANTS]
                + [shlex.join([sys.executable, str(MUTANTS / "refusal_mutants.py"), name]) for name in REFUSAL_MUTANTS]
                + [LENIENT])
# engines that break the same way on every line of a kind (crash, close, garbage, hang): one row per rule area is
# replayed, the rest checked for a reproduction that names its line; every other mutant replays one row per scenario
FAULTY = {"crash-on-play", "close-on-play", "garbage-on-deal", "hang-on-pass"}


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300) | st.builds(lambda a, n, b: a + bytes([n % 256]) * 5000 + b,
                                           st.binary(max_size=20), st.integers(), st.binary(max_size=20)))
def test_a_send_line_holds_any_bytes_in_one_short_ascii_line(data):
    line = directive(data)
    assert line.isascii() and "\n" not in line and "\r" not in line and len(line) < 2000
    assert sent_bytes(line) == data


def test_what_needs_a_send_line():
    assert not needs_directive('{"cmd":"hello"}')
    for line in (b'{"cmd":"hello","x":"\xff"}', '{"cmd":"hello"}\r', '\n{"cmd":"hello"}', "   ", "# not a comment",
                 '{"pad":"' + "x" * 5000 + '"}'):
        assert needs_directive(line), line
    assert request_lines(b' \t\n\xe3\x80\x80\n{"id":1}') == [b'{"id":1}']


def test_a_log_reads_a_send_line_as_a_request_and_a_bad_one_as_a_one_line_error():
    entries = list(read_log([directive(b'{"cmd":"hello","x":"\xff"}'), '{"ok":false,"error":{"code":"bad_request"}}']))
    assert [e.kind for e in entries] == ["request", "response"] and entries[0].sent == b'{"cmd":"hello","x":"\xff"}'
    for bad, words in (('#!send [{"hex":"zz"}]', "not hex"), ("#!send {}", "a JSON array of parts"), ('#!send [{"text":1}]', "is a string"),
                       ('#!send [{"text":"a","hex":"00"}]', "a part is"), ("#!send [", "no JSON array")):
        with pytest.raises(LogError, match=words):
            list(read_log([bad]))
    with pytest.raises(SendError):
        sent_bytes('#!send [{"text":"x","times":-1}]')



def test_a_send_line_past_its_limits_is_a_one_line_error_before_anything_is_sent():
    from heartspec.limits import MAX_SEND_BYTES, MAX_SEND_PARTS

    many = json.dumps([{"text": "a"}] * (MAX_SEND_PARTS + 1))
    with pytest.raises(LogError, match=r"at most 10000 parts \(MAX_SEND_PARTS\)"):
        list(read_log(["#!send " + many]))
    assert sent_bytes("#!send " + json.dumps([{"text": "a"}] * MAX_SEND_PARTS)) == b"a" * MAX_SEND_PARTS
    for huge in ([{"text": "ab", "times": MAX_SEND_BYTES // 2 + 1}], [{"hex": "00", "times": MAX_SEND_BYTES + 1}]):
        with pytest.raises(LogError, match=r"\(MAX_SEND_BYTES\)"):
            list(read_log(["#!send " + json.dumps(huge)]))
    assert len(sent_bytes("#!send " + json.dumps([{"hex": "00", "times": MAX_SEND_BYTES}]))) == MAX_SEND_BYTES

def saved_run(engine: str, folder: Path, ids: list[str] | None = None) -> tuple[dict, dict]:
    """conform --save against `engine` (only `ids` when given): the JSON report and the saved index."""
    report = folder / "report.json"
    command = [sys.executable, "-m", "heartspec", "conform", "--engine", engine, "--save", str(folder / "saved"),
               "--report-json", str(report)]
    for scenario_id in ids or ():
        command += ["--id", scenario_id]
    done = subprocess.run(command, capture_output=True, text=True, timeout=1200, check=False, cwd=folder)
    assert done.returncode in (0, 1), done.stdout[-2000:] + done.stderr[-2000:]
    index = json.loads((folder / "saved" / "index.json").read_text(encoding="utf-8"))
    return json.loads(report.read_text(encoding="utf-8")), index


def replays_to_its_failure(entry: dict, engine: str, folder: Path, reference_too: bool = False,
                           timeout: float = 20.0) -> None:
    log = str(folder / "saved" / entry["log"])
    result = replay_against_engine(log, engine, timeout=timeout)
    assert not result.ok, f"{entry['id']}: the saved log replays clean against {engine}"
    assert result.difference.line == entry["stop_line"], (entry["id"], result.difference)
    if reference_too:
        assert replay_against_engine(log, "heartspec engine", timeout=20.0).ok, f"{entry['id']}: the reference differs"


def test_the_hardening_failures_of_a_lenient_reader_replay_byte_for_byte(tmp_path):
    report, index = saved_run(LENIENT, tmp_path, ["proto-frame-003", "proto-frame-013", "proto-frame-010"])
    failed = sorted(row["id"] for row in report["scenarios"] if row["outcome"] == "failed")
    assert "proto-frame-003" in failed and len(failed) == 7  # the over-long line, and the six rows of bytes
    assert sorted(entry["id"] for entry in index["failures"]) == failed
    for entry in index["failures"]:
        assert entry["reproduces"] and entry["tier"] == "hardening" and entry["clauses"]
        text = (tmp_path / "saved" / entry["log"]).read_text(encoding="utf-8")
        assert "#!send [" in text and f"# reproduce: {entry['replay']}" in text
        replays_to_its_failure(entry, LENIENT, tmp_path, reference_too=True)
    readme = (tmp_path / "saved" / "README.txt").read_text(encoding="utf-8")
    assert "proto-frame-003 [hardening tier] (P-framing-4)" in readme


def test_a_failure_no_log_can_reproduce_says_so(tmp_path):
    """proto-frame-005 checks the exit status of an engine of the scenario's own: no move log holds that."""
    script = tmp_path / "exits_3.py"
    script.write_text("import sys\nfrom heartspec.protocol.server import serve\nserve()\nsys.exit(3)\n", encoding="utf-8")
    _, index = saved_run(shlex.join([sys.executable, str(script)]), tmp_path, ["proto-frame-005"])
    (entry,) = index["failures"]
    assert not entry["reproduces"] and "does not reproduce" in entry["why_not"]
    assert "--id proto-frame-005" in entry["why_not"]
    assert "check a fix" not in (tmp_path / "saved" / entry["log"]).read_text(encoding="utf-8")


@pytest.mark.heavy
@pytest.mark.parametrize("engine", EVERY_MUTANT, ids=lambda command: Path(shlex.split(command)[-1]).stem)
def test_every_failing_row_of_every_mutant_replays_from_its_saved_log(engine, tmp_path, shared_results):
    """The scenarios the mutant may fail, found by replaying the reference's recorded run against it
    (heartspec.conformance.recorded_run), run with --save: every failing row's log must reproduce its failure at a
    named line, and replaying it stops there: one row of each failing scenario (its Examples rows differ in their
    deal only), or, for an engine that breaks the same way everywhere, one of each rule area."""
    outcome = replay_recording(engine, recorded_reference_run(shared_results)["recording"])
    ids = None if outcome.hello_differs else outcome.to_run()
    if ids == []:
        pytest.skip("the mutant answers every scenario as the reference does")
    report, index = saved_run(engine, tmp_path, ids)
    failed = {row["id"]: row for row in report["scenarios"] if row["outcome"] == "failed"}
    assert sorted(entry["id"] for entry in index["failures"]) == sorted(failed)
    name = shlex.split(engine)[-1]
    replayed: set[str] = set()
    for entry in index["failures"]:
        assert entry["reproduces"], f"{entry['id']}: {entry['why_not']}"
        lines = (tmp_path / "saved" / entry["log"]).read_text(encoding="utf-8").splitlines()
        assert not lines[entry["stop_line"] - 1].startswith("# "), entry  # the line named is a request
        key = failed[entry["id"]]["area"] if name in FAULTY else entry["id"].split("[")[0]
        if key not in replayed:
            replayed.add(key)
            replays_to_its_failure(entry, engine, tmp_path, timeout=5.0 if name == "hang-on-pass" else 20.0)

"""Hostile engines and careless arguments under `heartspec conform` and its client.

Three tables, so a new case is one line:
- ARGUMENTS: command-line arguments `conform` must refuse as a usage error (exit 2, no traceback);
- CLIENT_CASES: an engine that misbehaves towards `EngineProcess`, and the EngineError it must raise
  (every one also checks that no process the engine started outlives it);
- RUN_CASES: whole `heartspec conform` runs against such engines: exit status and the line that says why.

Timeouts here bound a broken test, they are not measurements: each is many times what a case needs.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from heartspec.cli import main
from heartspec.limits import MAX_JSON_DEPTH, STDERR_KEEP_BYTES, TRANSCRIPT_KEEP_BYTES
from heartspec.protocol.client import EngineCrashed, EngineGarbage, EngineProcess, EngineTimeout

HEARTSPEC = [sys.executable, "-c", "from heartspec.cli import main; main()"]
HELLO = ('{"id":1,"ok":true,"protocol":1,"engine":{"name":"hostile","version":"0"},'
         '"supports":{"rulesets":["fi"],"variants":[]}}')

# A preamble every fake engine shares: start a grandchild that would live for ten minutes,
# and tell the test its pid, so the test can check it did not outlive the engine.
SPAWN_CHILD = """
import os, subprocess, sys, time
child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
open(os.environ["CHILD_PID_FILE"], "w").write(str(child.pid))
"""

ENGINES = {
    "silent": "sys.stdin.readline(); time.sleep(600)",
    "blank lines forever": f"sys.stdin.readline(); print({HELLO!r}, flush=True)\n"
                           "sys.stdin.readline()\nwhile True: sys.stdout.write('\\n' * 1000); sys.stdout.flush()",
    "stderr flood then an answer": "sys.stdin.readline(); chunk = 'x' * 65536\n"
                                   "for _ in range(800): sys.stderr.write(chunk)\n"
                                   "sys.stderr.flush(); print('{\"id\":1,\"ok\":true}', flush=True); time.sleep(600)",
    "nested 100,000 deep": "sys.stdin.readline(); print('{\"id\":1,\"ok\":true,\"x\":' + '[' * 100000 + ']' * 100000 + '}', "
                           "flush=True); time.sleep(600)",
    f"nested {MAX_JSON_DEPTH + 1} deep": f"sys.stdin.readline(); print('{{\"id\":1,\"ok\":true,\"x\":' + '[' * {MAX_JSON_DEPTH} + "
                                         f"']' * {MAX_JSON_DEPTH} + '}}', flush=True); time.sleep(600)",
    "NaN in an answer": "sys.stdin.readline(); print('{\"id\":1,\"ok\":true,\"x\":NaN}', flush=True); time.sleep(600)",
    "lone surrogate in an answer": "sys.stdin.readline(); print('{\"id\":1,\"ok\":true,\"x\":\"\\\\ud800\"}', flush=True); "
                                   "time.sleep(600)",
    "crash": "sys.stdin.readline(); sys.exit(3)",
    "never reads its input": "time.sleep(600)",
    "endless line": "sys.stdin.readline()\nwhile True: sys.stdout.write('x' * 65536); sys.stdout.flush()",
    "slow": "import json\nfor line in sys.stdin:\n    time.sleep(0.4)\n"
            f"    print(json.dumps(dict(json.loads({HELLO!r}), id=json.loads(line).get('id'))), flush=True)",
}


def engine_script(tmp_path: Path, name: str) -> list[str]:
    path = tmp_path / "engine.py"
    path.write_text(SPAWN_CHILD + "\n" + ENGINES[name] + "\n")
    return [sys.executable, str(path)]


def alive(pid: int) -> bool:
    """Whether `pid` still runs a while after it was killed (SIGKILL lands asynchronously)."""
    for _ in range(100):
        if not _running(pid):
            return False
        time.sleep(0.1)
    return True


def _running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state != "Z"  # a zombie has ended; only its parent's bookkeeping is left


def child_pid(tmp_path: Path) -> int:
    pid_file = tmp_path / "child.pid"
    for _ in range(600):  # the engine writes it on start; a loaded machine may take a while
        if pid_file.exists() and pid_file.read_text():
            return int(pid_file.read_text())
        time.sleep(0.1)
    raise AssertionError("the fake engine never started its child")


@pytest.fixture
def child_env(tmp_path, monkeypatch):
    monkeypatch.setenv("CHILD_PID_FILE", str(tmp_path / "child.pid"))


# --- arguments ---------------------------------------------------------------------------

ARGUMENTS = [
    (["--engine", ""], "--engine"),
    (["--engine", "   "], "--engine"),
    (["--engine", '"unterminated'], "--engine"),
    (["--engine", "engine 'half"], "--engine"),
    (["--timeout", "inf"], "--timeout"),
    (["--timeout", "nan"], "--timeout"),
    (["--timeout", "0"], "--timeout"),
    (["--timeout", "-1"], "--timeout"),
    (["--timeout", "soon"], "--timeout"),
    (["--max-seconds", "inf"], "--max-seconds"),
    (["--max-seconds", "nan"], "--max-seconds"),
    (["--max-seconds", "0"], "--max-seconds"),
]


@pytest.mark.parametrize("args, named", ARGUMENTS, ids=[" ".join(a) for a, _ in ARGUMENTS])
def test_careless_arguments_are_a_usage_error(args, named):
    result = CliRunner().invoke(main, ["conform", *args])
    assert result.exit_code == 2, result.output
    assert named in result.output and "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


# --- the client ----------------------------------------------------------------------------

# (engine, error the first request must raise, words its message must hold)
CLIENT_CASES = [
    ("silent", EngineTimeout, "no response within"),
    ("blank lines forever", EngineTimeout, "no response within"),
    ("nested 100,000 deep", EngineGarbage, f"nested deeper than {MAX_JSON_DEPTH}"),
    (f"nested {MAX_JSON_DEPTH + 1} deep", EngineGarbage, f"nested deeper than {MAX_JSON_DEPTH}"),
    ("NaN in an answer", EngineGarbage, "NaN"),
    ("lone surrogate in an answer", EngineGarbage, "surrogate"),
    ("crash", EngineCrashed, "status 3"),
]


@pytest.mark.parametrize("name, error, words", CLIENT_CASES, ids=[case[0] for case in CLIENT_CASES])
def test_a_misbehaving_engine_raises_its_error_and_leaves_no_process(name, error, words, tmp_path, child_env):
    engine = EngineProcess(engine_script(tmp_path, name), timeout=3.0)
    pid = child_pid(tmp_path)
    if name == "blank lines forever":
        engine.request({"cmd": "hello"})
    with pytest.raises(error, match=words):
        engine.request({"cmd": "hello"})
    engine.close()
    assert not alive(pid), f"{name}: the engine's child outlived it"


def test_closing_a_healthy_engine_ends_what_it_started(tmp_path, child_env):
    engine = EngineProcess(engine_script(tmp_path, "slow"), timeout=30.0)
    pid = child_pid(tmp_path)
    assert engine.request({"cmd": "hello"})["ok"]
    engine.close()
    assert not alive(pid)


def test_an_engine_that_never_reads_cannot_block_a_long_request(tmp_path, child_env):
    engine = EngineProcess(engine_script(tmp_path, "never reads its input"), timeout=2.0)
    with pytest.raises(EngineTimeout, match="stopped reading its input"):
        engine.request_line('{"cmd":"hello","pad":"' + "x" * (4 << 20) + '"}')
    engine.close()


def test_stderr_is_kept_to_its_limit(tmp_path, child_env):
    """The engine writes 50 MiB to stderr; the client keeps the end of it, never the whole."""
    engine = EngineProcess(engine_script(tmp_path, "stderr flood then an answer"), timeout=60.0)
    assert engine.request({"id": 1, "cmd": "hello"})["ok"]
    text = engine.stderr_text()
    assert len(text) < STDERR_KEEP_BYTES + 200
    assert "earlier bytes of stderr not kept" in text and "STDERR_KEEP_BYTES" in text
    engine.close()


def test_the_run_deadline_bounds_every_wait(tmp_path, child_env):
    engine = EngineProcess(engine_script(tmp_path, "silent"), timeout=600.0, deadline=time.monotonic() + 1.0)
    with pytest.raises(EngineTimeout, match="time limit"):
        engine.request({"cmd": "hello"})
    engine.close()


BIG_ANSWERS = """
import sys
pad = "x" * (15 << 20)
for line in sys.stdin:
    sys.stdout.write('{"id":null,"ok":true,"pad":"' + pad + '"}\\n'); sys.stdout.flush()
"""

DRIVER = """
import gc, sys, types
from heartspec.protocol.client import EngineProcess

def held_bytes(root):
    # every object the client still reaches (its buffers, transcript, answers), modules and code aside
    seen, todo, total = set(), [root], 0
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, (type, types.ModuleType, types.FunctionType, types.CodeType)):
            continue
        seen.add(id(obj))
        total += sys.getsizeof(obj)
        todo.extend(gc.get_referents(obj))
    return total

engine = EngineProcess([sys.executable, sys.argv[1]], timeout=120, check_ids=False)
for _ in range(40):
    engine.request({"cmd": "hello"})
kept = sum(len(str(entry)) for entry in engine.transcript)
print(kept, held_bytes(engine))
engine.close()
"""


@pytest.mark.heavy
def test_huge_answers_are_not_all_kept(tmp_path):
    """40 answers of 15 MiB: the transcript keeps a bounded tail, and the client holds far less than 600 MiB."""
    (tmp_path / "big.py").write_text(BIG_ANSWERS)
    (tmp_path / "driver.py").write_text(DRIVER)
    done = subprocess.run([sys.executable, str(tmp_path / "driver.py"), str(tmp_path / "big.py")],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    kept, held = map(int, done.stdout.split())
    assert kept <= TRANSCRIPT_KEEP_BYTES
    # keeping every answer would hold 40 x 15 MiB = 600 MiB; the client may hold the last answer and a read
    # buffer.  What it reaches is counted, not the process's peak RSS: the allocator's peak on a loaded
    # machine has come within a few MiB of 600 MiB with the transcript bounded, so RSS cannot tell the two apart
    assert held < 100 << 20, f"the client still holds {held >> 20} MiB after 40 answers of 15 MiB"


# --- whole runs ------------------------------------------------------------------------------

# (engine, extra arguments, exit status, words stdout+stderr must hold)
RUN_CASES = [
    ("blank lines forever", ["--timeout", "2"], 1, "no response within 2s"),
    ("slow", ["--timeout", "30", "--max-seconds", "4", "-k", "first-trick"], 1, "--max-seconds 4"),
    ("crash", ["--timeout", "5"], 2, "did not answer hello"),
]


@pytest.mark.heavy
@pytest.mark.parametrize("name, args, status, words", RUN_CASES, ids=[case[0] for case in RUN_CASES])
def test_a_run_against_a_hostile_engine_ends_and_leaves_no_process(name, args, status, words, tmp_path):
    env = {**os.environ, "CHILD_PID_FILE": str(tmp_path / "child.pid")}
    command = " ".join(engine_script(tmp_path, name))
    filters = [] if "-k" in args else ["-k", "first-trick-001"]
    done = subprocess.run([*HEARTSPEC, "conform", "--engine", command, *filters, *args],
                          capture_output=True, text=True, timeout=600, env=env)
    output = done.stdout + done.stderr
    assert done.returncode == status, output[-3000:]
    assert words in output, output[-3000:]
    assert "Traceback" not in output
    pid = int((tmp_path / "child.pid").read_text())
    assert not alive(pid), f"{name}: a process the engine started outlived the run"


def test_memory_limits_hold_under_an_address_space_cap():
    """A 100,000-deep response read under a 1 GiB address-space cap: refused, not a crash."""
    body = textwrap.dedent("""
        import sys
        from heartspec.protocol.client import EngineGarbage, EngineProcess
        script = "import sys; sys.stdin.readline(); print('[' * 100000 + ']' * 100000, flush=True); sys.stdin.readline()"
        engine = EngineProcess([sys.executable, "-c", script], timeout=60)
        try:
            engine.request({"cmd": "hello"})
        except EngineGarbage as err:
            print("garbage:", str(err)[:80])
        engine.close()
    """)
    limit = 1 << 30

    def cap():
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    done = subprocess.run([sys.executable, "-c", body], capture_output=True, text=True, timeout=300, preexec_fn=cap)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "garbage: " in done.stdout


def test_an_answer_without_end_is_cut_at_its_limit(tmp_path, child_env, monkeypatch):
    """MAX_RESPONSE_BYTES is 16 MiB; the same check at 1 MiB against an engine that never ends its line."""
    import heartspec.protocol.client as client

    monkeypatch.setattr(client, "MAX_RESPONSE_BYTES", 1 << 20)
    engine = EngineProcess(engine_script(tmp_path, "endless line"), timeout=60.0)
    with pytest.raises(EngineGarbage, match="MAX_RESPONSE_BYTES"):
        engine.request({"cmd": "hello"})
    engine.close()


# `heartspec fuzz` reads the same two options through the same checks.

@pytest.mark.parametrize("arguments, named", [
    (["--engine", ""], "--engine"),
    (["--engine", '"unterminated'], "--engine"),
    (["--engine", "heartspec engine", "--timeout", "nan"], "--timeout"),
    (["--engine", "heartspec engine", "--seconds", "inf"], "--seconds"),
], ids=lambda value: " ".join(value) if isinstance(value, list) else value)
def test_fuzz_refuses_a_bad_argument_as_a_usage_error(arguments, named):
    result = CliRunner().invoke(main, ["fuzz", *arguments])
    assert result.exit_code == 2, result.output
    assert named in result.output and "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)

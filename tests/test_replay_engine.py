"""`heartspec replay LOG --engine CMD`, through real subprocesses: 0 agrees, 1 the first difference, 2 cannot replay."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from heartspec.protocol.server import Server

ROOT = Path(__file__).resolve().parents[1]
HEARTSPEC = [sys.executable, "-c", "from heartspec.cli import main; main()"]
REFERENCE = f"{sys.executable} -c 'from heartspec.cli import main; main()' engine"
MUTANT = f"{sys.executable} {ROOT / 'tests' / 'mutants' / 'mutant_engine.py'}"


def session_log(tmp_path: Path, plays: int = 3) -> tuple[Path, list[str]]:
    """A reference session: new_game, a seeded deal without passing, a few legal plays and a state."""
    server, lines = Server(), []

    def send(request: dict) -> dict:
        request = {"id": len(lines) // 2 + 1, **request}
        response = server.handle(request)
        lines.extend([json.dumps(request), json.dumps(response)])
        return response

    send({"cmd": "new_game", "ruleset": "fi", "players": 4, "options": {"deal_number": 4}})  # fi passes none
    send({"cmd": "deal", "seed": 7})
    for _ in range(plays):
        seat = server.game.turn
        send({"cmd": "play", "seat": seat, "card": send({"cmd": "legal", "seat": seat})["cards"][0]})
    send({"cmd": "state"})
    path = tmp_path / "session.log"
    path.write_text("# a reference session\n" + "\n".join(lines) + "\n")
    return path, ["# a reference session"] + lines


def replay(log: Path | str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([*HEARTSPEC, "replay", str(log), *args], capture_output=True, text=True, timeout=180)


def test_the_reference_agrees_with_its_own_session(tmp_path):
    log, _ = session_log(tmp_path)
    done = replay(log, "--engine", REFERENCE, "--against-reference")
    assert done.returncode == 0, done.stderr
    assert "every answer agrees with the log and the reference" in done.stdout


def test_a_logged_answer_that_differs_stops_at_its_request_with_both_answers_labelled(tmp_path):
    log, lines = session_log(tmp_path)
    state_line = len(lines) - 1  # 1-based: the state request, before its response
    state = json.loads(lines[-1])
    state["turn"] = (state["turn"] + 1) % 4
    log.write_text("\n".join(lines[:-1] + [json.dumps(state)]) + "\n")
    done = replay(log, "--engine", REFERENCE, "--against-reference")
    assert done.returncode == 1
    first, *rest = done.stderr.splitlines()
    assert first == f"{log}:{state_line}: the engine under test's answer differs from the logged answer at turn"
    labels = [line.split("  ")[1].strip() for line in rest if line.startswith("  ") and not line.startswith("  (")]
    assert labels == ["request", "logged", "reference", "engine under test"]


def test_free_fields_do_not_count_as_differences(tmp_path):
    log, lines = session_log(tmp_path, plays=0)
    state = json.loads(lines[-1])
    state["hands"] = [list(reversed(hand)) for hand in state["hands"]]  # card order in a hand is the engine's
    log.write_text("\n".join(lines[:-1] + [json.dumps(state)]) + "\n")
    assert replay(log, "--engine", REFERENCE).returncode == 0


def test_an_engine_that_crashes_is_a_difference_at_the_request(tmp_path):
    log, lines = session_log(tmp_path)
    first_play = next(n for n, line in enumerate(lines, start=1) if '"cmd": "play"' in line)
    done = replay(log, "--engine", f"{MUTANT} crash-on-play")
    assert done.returncode == 1
    assert done.stderr.startswith(f"{log}:{first_play}: the engine under test's answer differs from the logged "
                                  "answer at its answer: it gave none")
    assert "  engine under test  (no answer:" in done.stderr and "Traceback" not in done.stderr


def test_what_cannot_be_replayed_is_one_line_and_exit_2(tmp_path):
    log, _ = session_log(tmp_path)
    orphan = tmp_path / "orphan.log"
    orphan.write_text('{"id": 1, "ok": true}\n')
    for args in ([str(tmp_path / "missing.log"), "--engine", REFERENCE], [str(log), "--engine", "no-such-engine-x"],
                 [str(log), "--engine", "false"], [str(orphan), "--engine", REFERENCE]):
        done = replay(*args)
        assert done.returncode == 2, (args, done.stderr)
        assert done.stderr.startswith("heartspec replay: ") and len(done.stderr.strip().splitlines()) == 1, done.stderr
    usage = replay(str(log), "--against-reference")  # click's usage error: exit 2, the problem named
    assert usage.returncode == 2 and "give --engine too" in usage.stderr and "Traceback" not in usage.stderr


def test_a_log_of_requests_only_checks_nothing_without_the_reference(tmp_path):
    """A log `heartspec play` wrote holds no answers: replaying it against an engine alone compares nothing."""
    log = tmp_path / "requests.log"
    subprocess.run(["heartspec", "play", "--ruleset", "fi", "--players", "4", "--seed", "1", "--log", str(log)],
                   check=True, capture_output=True)
    mutant = f"{sys.executable} {Path(__file__).parent / 'mutants' / 'mutant_engine.py'} break-rule"
    alone = subprocess.run(["heartspec", "replay", str(log), "--engine", mutant], capture_output=True, text=True,
                           timeout=300)
    assert alone.returncode == 2 and alone.stdout == ""
    assert "records no answers" in alone.stderr and "--against-reference" in alone.stderr
    assert len(alone.stderr.strip().splitlines()) == 1
    judged = subprocess.run(["heartspec", "replay", str(log), "--engine", mutant, "--against-reference"],
                            capture_output=True, text=True, timeout=300)
    assert judged.returncode == 1 and "the reference's answer differs" not in judged.stderr
    assert "differs from the reference's answer at events.hearts_broken" in judged.stderr

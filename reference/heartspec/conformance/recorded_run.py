"""A whole suite's verdicts for an engine from a recorded run of the reference: replay, then run what differs.

The steps decide what to send from the scenario's text, the engine's `hello` and the engine's
answers, and from nothing else (the reference's copy of the game they keep follows those answers).
So a scenario in which the engine answers every request exactly as the reference did, to the very
lines the reference was sent, gets the reference's verdict: the harness cannot tell the two apart
there. The mutant matrix runs the suite against some thirty engines that each differ from the
reference in one rule, and most scenarios never reach that rule; a whole run costs seconds of
pytest, so this module gives the same report for a fraction of it:

1. `record()` runs the suite once against the reference with `--heartspec-record`: each
   scenario's lines as sent and the answers, in the order the scenarios ran.
2. `replay()` writes each scenario's lines to the engine in that order (a scenario's lines at
   once, as spec/protocol.md P-framing-5 lets a client) and notes the scenarios where an answer
   differs or the engine faults (it is then restarted, as the session restarts it), and those
   that cannot be replayed: they started an engine of their own, wrote lines past the session
   (pipelining, an exit status) or met a fault in the reference's run.
3. `suite_report()` runs only those scenarios through pytest (`--id`) and takes every other row
   from the reference's report. An engine whose `hello` differs gets a whole run instead: its
   claims decide what every scenario skips.

The shortcut is exact for an engine whose answers in a scenario do not hang on what earlier
scenarios sent it: every scenario starts its game with `new_game`, which replaces any game in
progress (spec/protocol.md P-new_game-2). After a scenario that differs, the replay has sent the
reference's lines where the harness would have sent its own, so an engine that carried state from
one game into the next could be judged differently; tests/test_conformance_mutants.py holds the
shortcut's reports to the committed matrix, measured by whole runs.

    python -m heartspec.conformance.recorded_run --engine CMD --report-json R.json [--record F.json] [--id ID ...]

runs the suite in a process of its own (pytest cannot run the suite twice in one).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from heartspec import process_tree
from heartspec.conformance.report import report_document
from heartspec.conformance.schema_check import command_of
from heartspec.conformance.session import without_id
from heartspec.protocol.client import EngineError, EngineProcess, decode_answer, readable_line

RECORDING_FORMAT = 1  # the "format" of a recording (plugin.py writes it)
BATCH_BYTES = 32 * 1024


def run_suite(engine: str | None = None, ids: list[str] | None = None, record: bool = False) -> dict:
    """One conformance run against `engine` (the reference when None), in a process of its own: its JSON report
    as `report`, its `command`, `returncode` and `stdout`, and with `record` every scenario's lines and answers
    as `recording`."""
    with tempfile.TemporaryDirectory() as folder:
        report, recording = Path(folder) / "report.json", Path(folder) / "recording.json"
        command = [sys.executable, "-m", "heartspec.conformance.recorded_run", "--report-json", str(report)]
        command += ["--engine", engine] if engine else []
        command += ["--record", str(recording)] if record else []
        for scenario_id in ids or ():
            command += ["--id", scenario_id]
        done = process_tree.run_child(command, timeout=None)  # in heartspec's process tree: it dies with it
        if not report.exists():
            raise RuntimeError(f"no report from a run against {engine or 'the reference'}: {done.stderr[-2000:]}")
        result = {"report": json.loads(report.read_text(encoding="utf-8")), "command": command,
                  "returncode": done.returncode, "stdout": done.stdout}
        if record:
            result["recording"] = json.loads(recording.read_text(encoding="utf-8"))
        return result


def record(engine: str | None = None) -> dict:
    """A whole run against `engine` (the reference by default), recorded: {"report": ..., "recording": ...}."""
    return run_suite(engine, record=True)


@dataclass
class Replay:
    hello_differs: bool = False
    differing: list[str] = field(default_factory=list)     # replayed, and some answer was not the recorded one
    unreplayable: list[str] = field(default_factory=list)  # spoke past the session: only pytest can judge them

    def to_run(self) -> list[str]:
        return [*self.unreplayable, *self.differing]


def replay(engine: str, recording: dict, timeout: float = 5.0, startup_timeout: float = 30.0,
           hello_decides: bool = True) -> Replay:
    """Send every replayable scenario's lines to `engine` in the recorded order and compare the answers. Without
    `hello_decides` an engine that greets otherwise is replayed all the same (benchmarks/suite_engines.py times
    engines that differ in their name only)."""
    result = Replay()
    try:
        process = EngineProcess(engine, timeout, startup_timeout=startup_timeout)
    except EngineError:
        return Replay(hello_differs=True)
    try:
        if not _same_hello(process, recording):
            result.hello_differs = True
            if hello_decides:
                return result
        for scenario_id, scenario in recording["scenarios"].items():
            if not scenario["replayable"]:
                result.unreplayable.append(scenario_id)
                continue
            differs_at = _first_difference(process, scenario["exchanges"])
            if differs_at is None:
                continue
            if command_of(differs_at) == "hello" and hello_decides:
                return Replay(hello_differs=True)
            result.differing.append(scenario_id)
    finally:
        process.close()
    return result


def _same_hello(process: EngineProcess, recording: dict) -> bool:
    """The engine greets as the reference did, as the runner's preflight and the session's hello see it."""
    try:
        answer = process.request({"cmd": "hello"})
    except EngineError:
        return False
    recorded = recording.get("hello")
    return recorded is not None and without_id(answer) == without_id(json.loads(recorded))


def _first_difference(process: EngineProcess, exchanges: list[list[Any]]) -> str | None:
    """The first line whose answer is not the recorded one (as text), or None; after a fault the engine is restarted.
    The same bytes are the same answer; other bytes may still parse to it (spacing, key order)."""
    for batch in _batches(exchanges):
        sent = [bytes.fromhex(line["hex"]) if isinstance(line, dict) else line for line, _ in batch]
        try:
            answers, fault = process.exchange_lines(sent), False
        except EngineError as err:
            answers, fault = err.answered, True
            process.restart()
        for line, (_, recorded), answer in zip(sent, batch, answers):
            if answer != recorded.encode("utf-8", "surrogateescape") and not _parses_alike(answer, recorded):
                return readable_line(line)
        if fault:
            return readable_line(sent[len(answers)])
    return None


def _batches(exchanges: list[list[Any]]):
    """A scenario's exchanges in runs of lines written at once (spec/protocol.md P-framing-5 lets a client write
    requests before reading), each under the pipe's buffer so the writes never wait on unread answers."""
    batch: list[list[Any]] = []
    size = 0
    for exchange in exchanges:
        length = len(exchange[0]) if isinstance(exchange[0], str) else len(exchange[0]["hex"]) // 2
        if batch and size + length > BATCH_BYTES:
            yield batch
            batch, size = [], 0
        batch.append(exchange)
        size += length + 1
    if batch:
        yield batch


def _parses_alike(answer: bytes, recorded: str) -> bool:
    try:
        return decode_answer(answer) == json.loads(recorded)
    except EngineError:
        return False


def suite_report(engine: str, recorded: dict) -> dict:
    """The whole suite's report against `engine`, as a whole run would give it, from the reference's recorded run:
    the scenarios the replay cannot vouch for run through pytest, every other row is the reference's."""
    outcome = replay(engine, recorded["recording"])
    if outcome.hello_differs:
        return run_suite(engine)["report"]
    to_run = outcome.to_run()
    if not to_run:
        return recorded["report"]
    ran = {row["id"]: row for row in run_suite(engine, ids=to_run)["report"]["scenarios"]}
    missing = [scenario_id for scenario_id in to_run if scenario_id not in ran]
    if missing:
        raise RuntimeError(f"the run against {engine} left out {len(missing)} of the scenarios it was given, "
                           f"{', '.join(missing[:5])} among them")
    return report_document([ran.get(row["id"], row) for row in recorded["report"]["scenarios"]])


def main(argv: list[str] | None = None) -> int:
    from heartspec.conformance.runner import ConformOptions, RunnerError, run

    parser = argparse.ArgumentParser(prog="python -m heartspec.conformance.recorded_run",
                                     description="one conformance run, optionally recorded for a later replay")
    parser.add_argument("--engine", default=None)
    parser.add_argument("--report-json", required=True)
    parser.add_argument("--record", default=None)
    parser.add_argument("--id", action="append", default=[], dest="ids")
    args = parser.parse_args(argv)
    try:
        return run(ConformOptions(engine=args.engine, report_json=args.report_json, record=args.record, ids=args.ids))
    except RunnerError as err:
        print(f"heartspec conform: {err}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())

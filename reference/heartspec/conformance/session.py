"""One engine under test, shared by every scenario of a run, with a transcript per scenario."""

from __future__ import annotations

import json
import shutil
import sys
from functools import lru_cache
from typing import Any, Sequence

from heartspec.conformance.schema_check import command_of, shipped_schemas
from heartspec.protocol.client import EngineError, EngineProcess, readable_line
from heartspec.safe_text import safe_json

STARTUP_TIMEOUT = 30.0  # default seconds for an engine to start and give its first answer
SESSION_COMMANDS = ("hello", "quit")  # not part of a game: left out of move logs


def reference_engine_command() -> list[str]:
    """The bundled reference engine, started the way a third party's engine would be."""
    script = shutil.which("heartspec")
    if script:
        return [script, "engine"]
    return [sys.executable, "-c", "from heartspec.cli import main; main()", "engine"]


def fault_kind(error: EngineError) -> str:
    """A one-word name for how the engine misbehaved, for the failure report."""
    return {"EngineCrashed": "crashed or closed its output", "EngineTimeout": "timed out",
            "EngineGarbage": "sent garbage", "EngineClosed": "was closed"}.get(type(error).__name__, "failed")


@lru_cache(maxsize=1)
def shipped_table_sizes() -> dict[str, list[int]]:
    """Each shipped ruleset's table sizes, alone or with a variant (what hello's supports.players may list)."""
    from heartspec.conformance.layout import shipped_catalog

    return shipped_catalog().players_by_ruleset()


_GREETED: dict[str, EngineProcess] = {}  # engines started and greeted before a run, by command


def hand_over(command: str, engine: EngineProcess) -> None:
    """Keep an engine the runner started and greeted (its preflight) for the run's session to carry on with."""
    release_greeted()
    _GREETED[command] = engine


def release_greeted() -> None:
    """Close a handed-over engine no session took (the run stopped before its first scenario)."""
    while _GREETED:
        _GREETED.popitem()[1].close()


class ScenarioSkip(Exception):
    """The engine does not claim what the scenario needs."""


class EngineSession:
    """The engine process, restarted after any fault, and the slice of its transcript per scenario."""

    def __init__(self, command: str | Sequence[str], timeout: float, deadline: float | None = None):
        self.command, self.timeout = command, timeout
        self.deadline = deadline  # time.monotonic() by which the whole run must end
        self.engine: EngineProcess | None = None
        self.hello: dict[str, Any] | None = None
        self.broken = False
        self.scenario_start = 0
        self._last_sent: str | dict[str, Any] | None = None  # see last_request
        self.startup_timeout = max(timeout, STARTUP_TIMEOUT)  # bounds a fresh engine's start and first answer
        self.fresh = True
        self.schemas = shipped_schemas()  # every response is checked here, where it arrives
        self.recording_on = False  # --heartspec-record: keep each scenario's lines and answers (recorded_run.py)
        self._recording: list[list[Any]] | None = None
        self._recording_faulted = False
        self._traffic_mark = 0

    def adopt_greeted(self) -> None:
        """Carry on with the engine the runner already started and greeted with this command, if any, so a run
        starts its engine once, not twice. It is past starting up; the session still asks its own hello
        (hello answers at any time, spec/protocol.md §5), checked like every answer."""
        if self.engine is None and isinstance(self.command, str) and self.command in _GREETED:
            self.engine = _GREETED.pop(self.command)
            self.engine.deadline = self.deadline
            self.fresh = False

    def begin_scenario(self) -> None:
        if self.engine is None:
            self.engine = EngineProcess(self.command, self.timeout, deadline=self.deadline)
            self.fresh = True
        elif self.broken:
            self.engine.restart()
            self.fresh = True
        self.broken = False
        self.scenario_start = self.engine.transcript.mark()
        self.own_engines: list[EngineProcess] = []  # engines a scenario starts for itself (a fresh engine's exit)
        if self.recording_on:
            self._recording, self._recording_faulted = [], False
            self._traffic_mark = EngineProcess.traffic

    @property
    def last_request(self) -> str | None:
        """The last request sent, as JSON text (written out only when a report asks for it)."""
        sent = self._last_sent
        return sent if sent is None or isinstance(sent, str) else json.dumps(sent)

    def request(self, payload: dict[str, Any]) -> dict[str, Any]:
        self._last_sent = payload
        response = self._guarded(lambda: self.engine.request(dict(payload), timeout=self._wait()))
        self._record(self.engine.last_line)
        self.schemas.check_response(payload.get("cmd"), response, payload)
        return response

    def request_raw(self, line: str | bytes) -> dict[str, Any]:
        """A raw line, as text or as bytes (which may be no UTF-8 at all)."""
        text = readable_line(line)
        self._last_sent = text
        response = self._guarded(lambda: self.engine.request_line(line, timeout=self._wait()))
        self._record(line)
        self.schemas.check_response(command_of(text), response, json.dumps(text, ensure_ascii=False))
        return response

    def _wait(self) -> float:
        """Seconds to wait for this answer: a fresh engine is still starting up."""
        wait, self.fresh = (self.startup_timeout if self.fresh else self.timeout), False
        return wait

    def _guarded(self, send):
        try:
            return send()
        except EngineError:
            self.broken = True
            self._recording_faulted = True
            raise

    def _record(self, line: str | bytes) -> None:
        """The line as sent and the answer as received: a replay compares the very bytes before it parses."""
        if self._recording is not None:
            sent = line if isinstance(line, str) else {"hex": bytes(line).hex()}
            self._recording.append([sent, self.engine.last_answer.decode("utf-8", "surrogateescape")])

    def take_recording(self) -> dict[str, Any] | None:
        """This scenario's lines as sent and the answers to them, and whether they are all it sent: a scenario
        that also started an engine of its own, wrote lines past the session or met a fault is not replayable."""
        if self._recording is None:
            return None
        only_here = not self._recording_faulted and EngineProcess.traffic - self._traffic_mark == len(self._recording)
        taken = {"replayable": only_here, "exchanges": self._recording}
        self._recording = None
        return taken

    @property
    def transcript(self) -> list[dict[str, Any]]:
        return self.engine.transcript.since(self.scenario_start) if self.engine else []

    def handshake(self) -> dict[str, Any]:
        if self.hello is None:
            response = self.request({"cmd": "hello"})
            if not response.get("ok"):
                raise AssertionError(f"hello was refused: {json.dumps(response)}")
            self.hello = response
        return self.hello

    def check_claims(self, ruleset: str, variants: Sequence[str], players: int) -> None:
        """Skip (never fail) what the engine's hello does not claim."""
        supports = self.handshake().get("supports") or {}
        rulesets = supports.get("rulesets")
        if rulesets is not None and ruleset not in rulesets:
            raise ScenarioSkip(f"engine does not claim ruleset {ruleset}")
        claimed = supports.get("variants")
        for variant in variants:
            if claimed is not None and variant not in claimed:
                raise ScenarioSkip(f"engine does not claim variant {variant}")
        counts = supports.get("players")
        if isinstance(counts, dict) and ruleset in counts and players not in counts[ruleset]:
            # a size the ruleset forbids is no claim to make: a scenario there checks the refusal
            if players in shipped_table_sizes().get(ruleset, ()):
                raise ScenarioSkip(f"engine does not claim {players} players for {ruleset}")

    def own_engine(self) -> EngineProcess:
        """An engine of the scenario's own, started as generously as the shared one; its lines go in the move
        log when the shared engine got none."""
        engine = EngineProcess(self.command, self.timeout, startup_timeout=getattr(self, "startup_timeout", None))
        self.own_engines.append(engine)
        return engine

    def move_log(self) -> tuple[list[str], int]:
        """This scenario's game as a move log, and the line where the engine under test first differs
        (0: nowhere): every request from the last new_game on (legal and state too), each with the
        reference engine's response and, where the engine's differs by fuzz's field rules (and, for a
        line sent as written, by its id), the engine's as a comment; where the engine broke, the request
        it gave no answer to. A line no move-log line can hold is written as `#!send` (heartspec.log_bytes),
        byte for byte. `heartspec replay LOG --engine CMD` stops at that line until the engine agrees;
        `heartspec replay LOG` replays it through the reference to the end."""
        # (request line, engine's response, sent as written) or (None, remark, False)
        exchanges: list[tuple[str | None, Any, bool]] = []
        transcript, faulted = self.transcript, self.broken
        if self.own_engines and not any(_is_request(entry) for entry in transcript):
            # the scenario spoke only to an engine of its own, which `replay --engine` starts afresh just the same
            # and a request of it left unanswered (a crash, a line that is not JSON) is where it broke
            transcript, faulted = self.own_engines[-1].transcript.since(0), True
        for entry in transcript:
            if "#" in entry:
                exchanges.append((None, entry["#"], False))
            elif "#send" in entry:
                exchanges.append((entry["#send"], None, True))
            elif "#raw" in entry:
                raw = entry["#raw"]
                loggable = bool(raw.strip()) and not raw.lstrip().startswith("#") and "\n" not in raw and "\r" not in raw
                exchanges.append((raw, None, True) if loggable
                                 else (None, f"raw line sent: {json.dumps(raw, ensure_ascii=False)}", False))
            elif "ok" in entry:
                if exchanges and exchanges[-1][0] is not None and exchanges[-1][1] is None:
                    exchanges[-1] = (exchanges[-1][0], entry, exchanges[-1][2])
            elif entry.get("cmd") == "new_game" and not _refused_new_game_last(exchanges):
                exchanges = [(_compact(without_id(entry)), None, False)]
            elif entry.get("cmd") == "new_game":  # after a refused one, which may be what failed: both stay
                exchanges.append((_compact(without_id(entry)), None, False))
            elif entry.get("cmd") not in SESSION_COMMANDS:
                exchanges.append((_compact(without_id(entry)), None, False))
        return reference_log(exchanges, faulted=faulted)

    def close(self) -> None:
        if self.engine is not None:
            if not self.broken:
                try:
                    # a courtesy, briefly waited for: after Ctrl-C or SIGTERM the engine may be mid-answer
                    self.engine.request({"cmd": "quit"}, timeout=min(self.engine.timeout, 2.0))
                except EngineError:
                    pass
            self.engine.close()


def _refused_new_game_last(exchanges: list) -> bool:
    if not exchanges or exchanges[-1][0] is None:
        return False
    request, answer, _ = exchanges[-1]
    return '"new_game"' in request and isinstance(answer, dict) and answer.get("ok") is False


def _is_request(entry: dict[str, Any]) -> bool:
    return "#send" in entry or "#raw" in entry or ("cmd" in entry and entry.get("cmd") not in SESSION_COMMANDS)


def without_id(entry: dict[str, Any]) -> dict[str, Any]:
    """A request or an answer without its id, which only pairs the two."""
    return {key: value for key, value in entry.items() if key != "id"}


def reference_log(exchanges: list[tuple[str | None, Any, bool]], faulted: bool = False) -> tuple[list[str], int]:
    """The requests with the reference's responses, the engine's as a comment where it differs, and the
    line of the first request it differs on (0: none). A line sent as written (a raw line, a `#!send`)
    keeps the id in its logged answer: where an id goes is part of what such a line checks. With
    `faulted`, the engine broke on the last request it got no answer to: that is where it differs."""
    from heartspec.conformance.layout import shipped_catalog
    from heartspec.fuzz.lockstep import command_of
    from heartspec.protocol.server import Server

    reference = Server(catalog=shipped_catalog())
    lines: list[str] = []
    stop = unanswered = 0
    for request, engine, raw in exchanges:
        if request is None:
            lines.append(f"# {engine}")
            continue
        lines.append(request)
        answer = reference_answer(reference, request)
        if answer is None:
            continue
        lines.append(_compact(answer if raw else without_id(answer)))
        if engine is None:
            unanswered = len(lines) - 1
        elif differs(command_of(request), answer, engine, raw, request):
            stop = stop or len(lines) - 1
            lines.append(f"# the engine under test answered: {_compact(engine if raw else without_id(engine))}")
    if faulted and not stop and unanswered:
        stop = unanswered
    return lines, stop


def reference_answer(reference, request: str) -> dict | None:
    """The reference's answer to a log line: a `#!send` line is its bytes, each line of them that is not blank
    answered in turn, the last answer kept."""
    from heartspec.log_bytes import is_directive, request_lines, sent_bytes

    if not is_directive(request):
        return reference.handle_line(request)
    answer = None
    for piece in request_lines(sent_bytes(request)):
        answer = reference.handle_line(piece) or answer
    return answer


def differs(command: str | None, reference: dict, engine: Any, compare_id: bool, request: str | None = None) -> bool:
    from heartspec.fuzz.compare import first_difference

    if not isinstance(engine, dict):
        return True
    if compare_id and ("id" in reference) and (engine.get("id", object()) != reference["id"]
                                               or type(engine.get("id")) is not type(reference["id"])):
        return True
    return first_difference(command, reference, engine, request) is not None


def _compact(obj: dict[str, Any]) -> str:
    return safe_json(obj)

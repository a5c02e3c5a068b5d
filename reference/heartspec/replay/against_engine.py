"""`heartspec replay LOG --engine CMD`: drive an engine under test through a move log's requests.

Every response of the engine is compared with the one the log records after the
request, and with `against_reference` with the in-process reference engine's
too, by the field rules of `heartspec fuzz` (heartspec.fuzz.compare: the fields
the protocol fixes, not messages, key order or card order in a hand). The
replay stops at the first difference, or where the engine crashes, hangs or
answers garbage, and names the log line of the request. This is how a fuzz
reproduction or a failing scenario's move log (both record the reference's
answers) checks a fix: the engine that produced it stops at the printed line,
a fixed engine replays the whole log.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import IO, Any, Iterable

from heartspec.fuzz.compare import first_difference
from heartspec.fuzz.lockstep import command_of
from heartspec.protocol.client import EngineError, EngineProcess, decode_answer
from heartspec.protocol.server import RulesCatalog, Server
from heartspec.replay.log import LogEntry, LogError, log_lines, read_log
from heartspec.safe_text import safe_json, shortened

LOGGED, ENGINE, REFERENCE = "logged", "engine under test", "reference"
SHOWN_CHARS = 2000  # of a request or an answer printed where they differ
STARTUP_TIMEOUT = 60.0  # the engine's first answer (its hello): start-up is slow on a busy machine


class CannotReplay(Exception):
    """The log cannot be read or the engine cannot start: the replay could not do its job."""


@dataclass
class Difference:
    line: int                      # the log line of the request answered differently
    request: str
    field: str                     # the first fixed field that differs (fuzz's names), or how the engine broke
    against: str                   # whose answer it differs from: LOGGED or REFERENCE
    answers: list[tuple[str, Any]] = field(default_factory=list)  # (who, whole response or problem)


@dataclass
class EngineReplay:
    source: str
    requests: int = 0
    compared_with: tuple[str, ...] = (LOGGED,)
    difference: Difference | None = None
    logged_answers: int = 0        # requests the log records an answer to

    @property
    def ok(self) -> bool:
        return self.difference is None

    @property
    def compared_nothing(self) -> bool:
        """A log of requests only, replayed without the reference: no answer was checked."""
        return self.logged_answers == 0 and REFERENCE not in self.compared_with


def replay_against_engine(path: str, engine: str, against_reference: bool = False, timeout: float = 5.0,
                          catalog: RulesCatalog | None = None) -> EngineReplay:
    """Replay the log at `path` (`-`: stdin) through `engine`; raises CannotReplay."""
    import sys

    try:
        stream = sys.stdin.buffer if path == "-" else open(path, "rb")
    except OSError as err:
        raise CannotReplay(f"cannot read {path}: {err.strerror or err}") from None
    with stream:
        entries = _entries(read_log(log_lines(stream)))
        process = _start(engine, timeout)
        try:
            reference = Server(catalog=catalog or RulesCatalog()) if against_reference else None
            return _Replayer(process, reference, "<stdin>" if path == "-" else path).run(entries)
        finally:
            process.close()


def _entries(entries: Iterable[LogEntry]) -> Iterable[tuple[LogEntry, LogEntry | None]]:
    """Each request with the response logged right after it (None when the log records none)."""
    pending: LogEntry | None = None
    try:
        for entry in entries:
            if entry.kind == "response":
                if pending is None:
                    raise CannotReplay(f"line {entry.line}: a response line with no request before it")
                yield pending, entry
                pending = None
                continue
            if pending is not None:
                yield pending, None
            pending = entry
        if pending is not None:
            yield pending, None
    except LogError as err:
        raise CannotReplay(f"line {err.line}: {err.message}") from None


def _start(engine: str, timeout: float) -> EngineProcess:
    try:
        process = EngineProcess(engine, timeout, startup_timeout=max(timeout, STARTUP_TIMEOUT))
        hello = process.request({"cmd": "hello"})
    except EngineError as err:
        raise CannotReplay(f"cannot start the engine under test {engine!r}: {shortened(str(err).splitlines()[0])}") from None
    if not hello.get("ok") or hello.get("protocol") != 1:
        process.close()
        raise CannotReplay(f"the engine under test {engine!r} does not speak protocol 1: its hello answered "
                           f"{shortened(safe_json(hello), 200)}")
    return process


class _Replayer:
    def __init__(self, process: EngineProcess, reference: Server | None, source: str):
        self.process, self.reference = process, reference
        self.result = EngineReplay(source, compared_with=(LOGGED, REFERENCE) if reference else (LOGGED,))

    def run(self, entries) -> EngineReplay:
        for request, logged in entries:
            self.result.requests += 1
            self.result.logged_answers += logged is not None
            difference = self.step(request, logged.value if logged else None)
            if difference is not None:
                self.result.difference = difference
                break
            if command_of(request.text) == "quit":
                break
        return self.result

    def step(self, request: LogEntry, logged: dict | None) -> Difference | None:
        """One request: a log line, or a `#!send` line's bytes, written as they are; an answer is read for each
        line of them that is not blank, and the last is compared."""
        lines = request.request_lines
        reference = None
        if self.reference:
            for line in lines:
                reference = self.reference.handle_line(line) or reference
        known = [(who, answer) for who, answer in ((LOGGED, logged), (REFERENCE, reference)) if answer is not None]
        try:
            if request.sent is None:
                engine = self.process.request_line(request.text)
            else:
                self.process.send_lines([request.sent])
                answers = self.process.receive_lines(lines) if lines else []
                engine = decode_answer(answers[-1], f"line {request.line}") if answers else None
        except EngineError as err:
            problem = shortened(str(err).splitlines()[0])
            return Difference(request.line, request.text, "its answer: it gave none", known[0][0] if known else LOGGED,
                              known + [(ENGINE, f"(no answer: {problem})")])
        if engine is None:
            return None  # blank lines only: nothing answers them, and nothing did
        command = command_of(request.text)
        for who, answer in known:
            found = first_difference(command, answer, engine, request.text)
            if found is not None:
                return Difference(request.line, request.text, found[0], who, known + [(ENGINE, engine)])
        for who, answer in known:  # a line sent as written logs its answer's id: where the id goes is checked too
            if "id" in answer and (engine.get("id", ...) != answer["id"] or type(engine.get("id")) is not type(answer["id"])):
                return Difference(request.line, request.text, "id", who, known + [(ENGINE, engine)])
        return None


def print_engine_replay(result: EngineReplay, engine: str, out: IO[str], err: IO[str]) -> None:
    compared = " and ".join("the log" if who == LOGGED else "the reference" for who in result.compared_with)
    if result.ok:
        used = [who for who in result.compared_with if who != LOGGED or result.logged_answers]
        agreed = " and ".join("the log" if who == LOGGED else "the reference" for who in used)
        logged = f"{result.logged_answers} logged answer(s)" if result.logged_answers else "the log records no answers"
        out.write(f"replayed {result.source} through {engine}: {result.requests} request(s), every answer agrees "
                  f"with {agreed} ({logged})\n")
        return
    difference = result.difference
    against = "the logged answer" if difference.against == LOGGED else "the reference's answer"
    err.write(f"{result.source}:{difference.line}: the engine under test's answer differs from {against} "
              f"at {difference.field}\n")
    width = max(len(who) for who, _ in difference.answers + [("request", None)])
    err.write(f"  {'request':<{width}}  {shortened(difference.request, SHOWN_CHARS)}\n")
    for who, answer in difference.answers:
        shown = shortened(answer, SHOWN_CHARS) if isinstance(answer, str) else safe_json(answer)
        err.write(f"  {who:<{width}}  {shown}\n")
    err.write(f"  ({result.requests - 1} request(s) before it agreed with {compared})\n")

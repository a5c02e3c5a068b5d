"""Drive any protocol v1 engine as a subprocess.

    engine = EngineProcess(["heartspec", "engine"], timeout=5.0)
    engine.request({"cmd": "hello"})            # -> the response dict
    engine.request({"cmd": "new_game", "ruleset": "fi", "players": 4})
    engine.write_log("game.log")                # the transcript as a move log
    engine.close()

`request` sends one line and waits at most `timeout` seconds for one response
line. It returns every protocol response, including `"ok": false` ones (those
are the engine's answer, not a failure of the engine). It raises an
`EngineError` subclass when the engine itself misbehaves:

- `EngineCrashed`: the process exited or closed its output (exit status and the
  end of its stderr are in the message);
- `EngineTimeout`: no complete response line in time (the engine is then killed:
  its state is unknown, call `restart()` to go on);
- `EngineGarbage`: a line that is not a JSON object with an `ok` field, or whose
  `id` does not echo the request's;
- `EngineClosed`: a request after `close()`.

Every message names the last request. The transcript keeps the most recent
requests and responses in order (`transcript`, `log_lines()`, `write_log()`),
in the move-log format `heartspec replay` reads; it is bounded
(`heartspec.protocol.transcript`), so a long run or huge answers cannot
exhaust memory.

An engine under test is untrusted: it runs in a session (and process group) of
its own, and the whole group is killed when it times out, crashes or is
closed, so no process it started outlives it. Only the end of its stderr is
kept (`STDERR_KEEP_BYTES`), and a `deadline` (a `time.monotonic()` value) bounds
every wait, whatever the engine sends meanwhile (blank lines, stderr).

Reading and writing are single-threaded: `select` on non-blocking pipes, stdout
into a buffer, stderr into its bounded tail, so a request costs one write and
usually one read, and no wait can outlast its deadline.
"""

from __future__ import annotations

import json
import os
import select
import shlex
import signal
import subprocess
import time
from pathlib import Path
from typing import Any

from heartspec import process_tree
from heartspec.limits import MAX_RESPONSE_BYTES, STDERR_KEEP_BYTES, describe_bytes
from heartspec.protocol.messages import decode_json
from heartspec.protocol.transcript import Transcript
from heartspec.safe_text import safe_json

STDERR_TAIL_BYTES = 2000  # of the kept stderr, what an error message quotes
LEADER_CHECK_SECONDS = 0.25


class EngineError(Exception):
    """The engine misbehaved (as opposed to refusing a request with `ok: false`)."""


class EngineCrashed(EngineError):
    pass


class EngineTimeout(EngineError):
    pass


class EngineGarbage(EngineError):
    pass


class EngineClosed(EngineError):
    pass


class EngineProcess:
    """One engine subprocess speaking protocol v1 on its stdin/stdout."""

    # Every start and every write of any engine process, counted: a conformance run's recording
    # (heartspec.conformance.recorded_run) tells by it that a scenario spoke to the engine only through its session.
    traffic = 0

    def __init__(self, cmd: list[str] | str, timeout: float = 5.0, *, cwd: str | Path | None = None,
                 env: dict[str, str] | None = None, check_ids: bool = True,
                 startup_timeout: float | None = None, deadline: float | None = None,
                 max_line_bytes: int | None = None, limit_name: str = "MAX_RESPONSE_BYTES"):
        """`startup_timeout` bounds the first answer after each (re)start (default: `timeout`);
        `deadline`, a `time.monotonic()` value, bounds every wait of this engine's whole life;
        a response line longer than `max_line_bytes` is garbage (the message names `limit_name`)."""
        self.cmd = shlex.split(cmd) if isinstance(cmd, str) else list(cmd)
        if not self.cmd:
            raise EngineCrashed("cannot start an engine: the command is empty")
        self.timeout = timeout
        self.startup_timeout, self.deadline = startup_timeout, deadline
        self.max_line_bytes = MAX_RESPONSE_BYTES if max_line_bytes is None else max_line_bytes
        self.limit_name = limit_name
        self.cwd, self.env, self.check_ids = cwd, env, check_ids
        self.transcript = Transcript()  # the most recent requests and responses, as sent and received
        self._process: subprocess.Popen | None = None
        self._closed = False
        self._next_id = 1
        self._start()

    # --- lifecycle ----------------------------------------------------

    def _start(self) -> None:
        EngineProcess.traffic += 1
        try:
            self._process = subprocess.Popen(
                self.cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                cwd=self.cwd, bufsize=0,
                start_new_session=True,  # its own process group: killing the group reaches every child it starts
                **process_tree.popen_options(self.env),  # and it dies with heartspec, however heartspec ends
            )
        except (OSError, ValueError) as err:
            raise EngineCrashed(f"cannot start engine {shlex.join(self.cmd)}: {err}") from None
        try:
            self._stdin_fd = self._process.stdin.fileno()
            self._stdout_fd = self._process.stdout.fileno()
            self._stderr_fd: int | None = self._process.stderr.fileno()
            for fd in (self._stdin_fd, self._stdout_fd, self._stderr_fd):
                os.set_blocking(fd, False)
        except BaseException:  # Ctrl-C or SIGTERM between the start and the first request: nobody else can kill it
            self._kill_group()
            raise
        self._buffer = bytearray()
        self._stderr = bytearray()  # the end of stderr, at most STDERR_KEEP_BYTES
        self._stderr_dropped = 0
        self._awaiting_first_answer = True
        self._closed = False

    def restart(self) -> None:
        """Stop the engine (as `close` does) and start a fresh one; the transcript is kept, marked."""
        self._stop()
        self.transcript.append({"#": "engine restarted"})
        self._start()

    def close(self) -> int | None:
        """Send end of input, wait briefly for a clean exit, kill otherwise; returns the exit status."""
        if self._closed:
            return self._process.returncode if self._process else None
        status = self._stop()
        self._closed = True
        return status

    def _stop(self) -> int | None:
        process = self._process
        if process is None:
            return None
        status = None
        try:
            try:
                process.stdin.close()
            except OSError:
                pass
            try:
                status = process.wait(timeout=min(self.timeout, 2.0))
            except subprocess.TimeoutExpired:
                pass
        finally:  # also when Ctrl-C or SIGTERM lands during the wait: the group must not outlive us
            self._kill_group()
        if status is None:
            status = process.returncode
        self._drain_stderr()
        process.stdout.close()
        process.stderr.close()
        return status

    def _kill_group(self) -> None:
        """Kill the engine and everything it started (its process group), then reap the engine."""
        process = self._process
        try:
            # The group outlives its leader while any child lives, so its id is not reused meanwhile.
            os.killpg(process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        try:
            process.wait(timeout=5.0)
        except subprocess.TimeoutExpired:  # unkillable (stopped under a debugger, say): leave it to the OS
            pass

    def __enter__(self) -> "EngineProcess":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    @property
    def returncode(self) -> int | None:
        return self._process.poll() if self._process else None

    # --- requests -----------------------------------------------------

    def request(self, obj: dict, timeout: float | None = None) -> dict:
        """Send one request and return its response; gives the request an id if it has none."""
        if self._closed:
            raise EngineClosed(f"engine was closed; cannot send {_short(obj)}")
        if "id" not in obj:
            obj = {"id": self._next_id, **obj}
            self._next_id += 1
        line = json.dumps(obj, ensure_ascii=False)
        self.transcript.append(obj, len(line))
        return self.request_line(line, obj, timeout)

    def request_line(self, line: str | bytes, obj: Any = None, timeout: float | None = None) -> dict:
        """Send a raw line (for malformed-input tests) and return the response line as a dict.

        A line given as bytes goes out as those very bytes, so a test can send what is not UTF-8."""
        described = _short(obj) if obj is not None else repr(readable_line(line)[:200])
        self.last_line = line  # as sent, for a recording of the run (last_answer: as received)
        if obj is None:
            self.transcript.append(*_raw_entry(line))
        self._send(line, described)
        raw = self._raw_line(described, self.timeout if timeout is None else timeout)
        self.last_answer = raw  # as received, for a recording of the run
        response = self._decode(raw, described)
        self._check_id(obj, response, described)
        self.transcript.append(response, len(raw))
        return response

    def exchange_lines(self, lines: list[str | bytes], timeout: float | None = None) -> list[bytes]:
        """Pipelined: write these request lines at once, then read one raw response line for each.

        For high-volume drivers that keep their own log (`heartspec fuzz`): nothing enters the
        transcript, responses come back undecoded, and each must arrive within `timeout` of the
        previous one. Keep a batch under the pipe buffer (about 64 KiB of requests), so writing
        never waits on an engine that waits on us to read. When the engine crashes or hangs, the
        error's `answered` attribute holds the response lines received before it.
        """
        self.send_lines(lines)
        return self.receive_lines(lines, timeout)

    def send_lines(self, lines: list[str | bytes]) -> None:
        """The writing half of `exchange_lines`, so a driver can feed two engines before reading either.
        A line given as bytes goes out as those very bytes."""
        if self._closed:
            raise EngineClosed("engine was closed; cannot send a batch of requests")
        if all(isinstance(line, str) for line in lines):
            batch: str | bytes = "\n".join(lines)
        else:
            batch = b"\n".join(line if isinstance(line, bytes) else line.encode("utf-8") for line in lines)
        try:
            self._send(batch, f"a batch of {len(lines)} requests")
        except EngineError as err:
            err.answered = []
            raise

    def receive_lines(self, lines: list[str | bytes], timeout: float | None = None) -> list[bytes]:
        """The reading half of `exchange_lines`: one raw response line per request line sent."""
        timeout = self.timeout if timeout is None else timeout
        answered: list[bytes] = []
        try:
            for index in range(len(lines)):
                described = f"request {index + 1} of a batch: {readable_line(lines[index][:200])}"
                answered.append(self._raw_line(described, timeout))
        except EngineError as err:
            err.answered = answered
            raise
        return answered

    def _raw_line(self, described: str, timeout: float) -> bytes:
        if self._awaiting_first_answer and self.startup_timeout is not None:
            timeout = max(timeout, self.startup_timeout)
        deadline = time.monotonic() + timeout
        while True:
            # checked on every pass, not only when nothing arrives: blank lines or stderr must not stall the clock
            self._check_time(deadline, described, timeout)
            newline = self._buffer.find(b"\n", 0, self.max_line_bytes + 1)
            if newline >= 0:
                line = bytes(self._buffer[:newline])
                del self._buffer[: newline + 1]
                if not _blank(line):
                    self._awaiting_first_answer = False
                    return line
                continue
            if len(self._buffer) > self.max_line_bytes:
                self._kill_group()  # the rest of the line is unread: the engine's state is unknown
                raise EngineGarbage(f"response to {described} is longer than {describe_bytes(self.max_line_bytes)} "
                                    f"without a newline ({self.limit_name})")
            self._wait(deadline, described)

    def _check_time(self, deadline: float, described: str, timeout: float) -> None:
        """Raise EngineTimeout (the engine killed) once the request's or the run's deadline has passed."""
        now = time.monotonic()
        if self.deadline is not None and now >= self.deadline:
            self._kill_group()
            raise EngineTimeout(f"the run's time limit ran out while waiting for the answer to {described}; "
                                f"the engine was killed")
        if now >= deadline:
            self._kill_group()
            raise EngineTimeout(f"engine gave no response within {timeout:g}s to {described}; it was killed")

    def _send(self, line: str | bytes, described: str) -> None:
        """Write one line without ever blocking past the timeout: an engine may stop reading its input."""
        EngineProcess.traffic += 1
        if self._process.poll() is not None:
            raise self._crashed(described)
        data = memoryview((line.encode("utf-8") if isinstance(line, str) else bytes(line)) + b"\n")
        deadline = time.monotonic() + self.timeout
        while data:
            try:
                data = data[os.write(self._stdin_fd, data):]
            except BlockingIOError:
                pass
            except OSError:  # a closed pipe: the engine is gone
                raise self._crashed(described) from None
            if data:
                self._check_time(deadline, f"{described} (it stopped reading its input)", self.timeout)
                self._wait(deadline, described, writing=True)

    def _wait(self, deadline: float, described: str, writing: bool = False) -> None:
        """Wait until the nearer deadline for output (or, `writing`, for room in the engine's input),
        and take what came: stdout into the buffer, stderr into its bounded tail."""
        until = deadline if self.deadline is None else min(deadline, self.deadline)
        readers = [fd for fd in (self._stdout_fd, self._stderr_fd) if fd is not None]
        writers = [self._stdin_fd] if writing else []
        # woken now and then to notice an engine that exited while a child it started holds stdout open
        pause = min(LEADER_CHECK_SECONDS, max(0.0, until - time.monotonic()))
        readable, ready_to_write, _ = select.select(readers, writers, [], pause)
        if not readable and not ready_to_write and self._process.poll() is not None:
            raise self._crashed(described)
        if self._stderr_fd in readable:
            self._drain_stderr()
        if self._stdout_fd in readable:
            try:
                chunk = os.read(self._stdout_fd, 1 << 16)
            except BlockingIOError:
                return
            if not chunk:
                raise self._crashed(described)
            self._buffer += chunk

    def _drain_stderr(self, reads: int = 64) -> None:
        """Read what stderr holds now (a bounded number of reads), keeping its last STDERR_KEEP_BYTES."""
        for _ in range(reads):
            if self._stderr_fd is None:
                return
            try:
                chunk = os.read(self._stderr_fd, 1 << 16)
            except (BlockingIOError, OSError):
                return
            if not chunk:  # closed: stop watching it, or every wait would wake at once
                self._stderr_fd = None
                return
            self._stderr += chunk
            excess = len(self._stderr) - STDERR_KEEP_BYTES
            if excess > 0:
                del self._stderr[:excess]
                self._stderr_dropped += excess

    def _decode(self, line: bytes, described: str) -> dict:
        return decode_answer(line, described)

    def _check_id(self, obj: Any, response: dict, described: str) -> None:
        if not self.check_ids or not isinstance(obj, dict):
            return
        if "id" in obj and response.get("id") != obj["id"]:
            raise EngineGarbage(f"engine answered {described} with id {response.get('id')!r} instead of {obj['id']!r}")

    def _crashed(self, described: str) -> EngineCrashed:
        try:
            status = self._process.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            status = None
        self._kill_group()  # what it started goes with it
        self._drain_stderr()
        state = f"exited with status {status}" if status is not None else "closed its output"
        crashed = EngineCrashed(f"engine {state} while handling {described}{self._stderr_tail()}")
        crashed.state = state  # for a driver that words its own one-line message (simulate's bots)
        tail = bytes(self._stderr[-STDERR_TAIL_BYTES:]).decode("utf-8", "replace").strip().splitlines()
        crashed.last_stderr_line = tail[-1] if tail else ""
        return crashed

    def _stderr_tail(self) -> str:
        tail = bytes(self._stderr[-STDERR_TAIL_BYTES:]).decode("utf-8", "replace").strip()
        return f"; stderr ends with:\n{tail}" if tail else ""

    def stderr_text(self) -> str:
        """What the engine wrote to stderr so far: the last STDERR_KEEP_BYTES of it, with a note when cut."""
        self._drain_stderr()
        text = bytes(self._stderr).decode("utf-8", "replace")
        if self._stderr_dropped:
            return (f"[{self._stderr_dropped} earlier bytes of stderr not kept: "
                    f"the last {describe_bytes(STDERR_KEEP_BYTES)} are (STDERR_KEEP_BYTES)]\n{text}")
        return text

    # --- the transcript as a move log ----------------------------------

    def log_lines(self) -> list[str]:
        """The transcript in move-log form: requests and responses, one JSON object a line."""
        lines = []
        for entry in self.transcript:
            if "#" in entry:
                lines.append(f"# {entry['#']}")
            elif "#send" in entry:
                lines.append(entry["#send"])
            elif "#raw" in entry:
                lines.append(entry["#raw"])
            else:
                lines.append(safe_json(entry))
        return lines

    def write_log(self, path: str | Path) -> None:
        from heartspec.outputs import write_output

        write_output(path, "\n".join(self.log_lines()) + "\n", "move log")


def decode_answer(line: bytes | str, described: str = "a request") -> dict:
    """The strict reader of every line an engine or a bot answers with, whoever reads it (conform,
    fuzz, simulate): strict JSON (heartspec.protocol.messages.decode_json: depth-bounded, no NaN, no
    lone surrogate) holding an object with a boolean `ok`; anything else is EngineGarbage."""
    try:
        response = decode_json(line)
    except ValueError as err:  # not JSON, not UTF-8, NaN, a lone surrogate, nested past the limit
        raise EngineGarbage(f"engine answered {described} with a line that is not JSON ({err}): {_quoted(line)}") from None
    if not isinstance(response, dict) or not isinstance(response.get("ok"), bool):
        raise EngineGarbage(f"engine answered {described} with {_quoted(line)}, which has no boolean 'ok'")
    return response


def _quoted(line: bytes | str) -> str:
    return repr(line[:200]) + (f" (and {len(line) - 200} more)" if len(line) > 200 else "")


def readable_line(line: str | bytes) -> str:
    """A raw line as text: bytes that are not UTF-8 are shown as \\xNN escapes."""
    return line if isinstance(line, str) else line.decode("utf-8", "backslashreplace")


RAW_SHOWN = 300  # characters of a raw line a transcript shows; its `#send` keeps every byte


def _raw_entry(line: str | bytes) -> tuple[dict, int]:
    """A raw line's transcript entry and the bytes it takes: the line itself, or, where no move-log line can hold
    it (not UTF-8, blank lines or a carriage return in it, past the log's line limit), the `#send` line that sends
    it byte for byte (heartspec.log_bytes) beside a readable copy."""
    from heartspec.log_bytes import directive, needs_directive

    if not needs_directive(line):
        text = line if isinstance(line, str) else line.decode("utf-8")
        return {"#raw": text}, len(text)
    shown = readable_line(line)
    if len(shown) > RAW_SHOWN:
        shown = f"{shown[:RAW_SHOWN]}… ({len(line)} {'characters' if isinstance(line, str) else 'bytes'} in all)"
    sent = directive(line)
    return {"#raw": shown, "#send": sent}, len(shown) + len(sent)


def _blank(line: bytes) -> bool:
    """A line of whitespace only (any Unicode whitespace), which the protocol says carries nothing."""
    if line.isascii():
        return not line.strip()
    return not line.decode("utf-8", "replace").strip()


def _short(obj: Any) -> str:
    text = safe_json(obj)
    return f"request {text[:200]}"


def hello_problem(hello: dict) -> str | None:
    """What is wrong with a successful `hello` answer's shape (spec/protocol.md §6.1), or None.

    An engine under test is untrusted: a `supports` that is a list, or `players` that maps a
    ruleset to a string, must be reported as the engine's mistake, not met with a TypeError.
    """
    if hello.get("protocol") != 1 or isinstance(hello.get("protocol"), bool):
        return f"protocol is {_shown(hello.get('protocol'))}, not the integer 1"
    engine = hello.get("engine")
    if engine is not None and not isinstance(engine, dict):
        return f"engine is {_shown(engine)}, not an object with name and version"
    for key in ("name", "version"):
        if isinstance(engine, dict) and engine.get(key) is not None and not isinstance(engine[key], str):
            return f"engine.{key} is {_shown(engine[key])}, not a string"
    supports = hello.get("supports", {})  # absent: the engine claims nothing, which the callers report
    if not isinstance(supports, dict):
        return f"supports is {_shown(supports)}, not an object"
    for key in ("rulesets", "variants"):
        ids = supports.get(key, [])
        if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
            return f"supports.{key} is {_shown(ids)}, not a list of ids"
    players = supports.get("players", {})
    if not isinstance(players, dict):
        return f"supports.players is {_shown(players)}, not an object mapping a ruleset to table sizes"
    for ruleset, sizes in players.items():
        if not isinstance(sizes, list) or not all(isinstance(n, int) and not isinstance(n, bool) for n in sizes):
            return f"supports.players.{ruleset} is {_shown(sizes)}, not a list of table sizes"
    return None


def _shown(value: Any) -> str:
    from heartspec.safe_text import shortened

    return shortened(json.dumps(value, ensure_ascii=False), 80)

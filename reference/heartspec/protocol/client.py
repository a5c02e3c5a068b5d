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

Every message names the last request. The transcript keeps every request and
response in order (`transcript`, `log_lines()`, `write_log()`), in the move-log
format `heartspec replay` reads.

Reading is single-threaded: `selectors` on the stdout pipe with non-blocking
reads into a buffer, so a request costs one write and usually one read.
"""

from __future__ import annotations

import json
import os
import selectors
import shlex
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

MAX_RESPONSE_BYTES = 16 << 20
STDERR_TAIL_BYTES = 2000


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

    def __init__(self, cmd: list[str] | str, timeout: float = 5.0, *, cwd: str | Path | None = None,
                 env: dict[str, str] | None = None, check_ids: bool = True):
        self.cmd = shlex.split(cmd) if isinstance(cmd, str) else list(cmd)
        self.timeout = timeout
        self.cwd, self.env, self.check_ids = cwd, env, check_ids
        self.transcript: list[dict] = []  # requests and responses in order, as sent and received
        self._process: subprocess.Popen | None = None
        self._closed = False
        self._next_id = 1
        self._start()

    # --- lifecycle ----------------------------------------------------

    def _start(self) -> None:
        self._stderr = tempfile.TemporaryFile()
        try:
            self._process = subprocess.Popen(
                self.cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._stderr,
                cwd=self.cwd, env=self.env, bufsize=0,
            )
        except OSError as err:
            raise EngineCrashed(f"cannot start engine {shlex.join(self.cmd)}: {err}") from None
        self._stdout_fd = self._process.stdout.fileno()
        os.set_blocking(self._stdout_fd, False)
        self._selector = selectors.DefaultSelector()
        self._selector.register(self._stdout_fd, selectors.EVENT_READ)
        self._buffer = bytearray()
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
        try:
            process.stdin.close()
        except OSError:
            pass
        try:
            status = process.wait(timeout=min(self.timeout, 2.0))
        except subprocess.TimeoutExpired:
            process.kill()
            status = process.wait()
        self._selector.close()
        process.stdout.close()
        self._stderr.close()
        return status

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
        self.transcript.append(obj)
        return self.request_line(json.dumps(obj, ensure_ascii=False), obj, timeout)

    def request_line(self, line: str, obj: Any = None, timeout: float | None = None) -> dict:
        """Send a raw line (for malformed-input tests) and return the response line as a dict."""
        described = _short(obj) if obj is not None else repr(line[:200])
        if obj is None:
            self.transcript.append({"#raw": line})
        self._send(line, described)
        response = self._receive(described, self.timeout if timeout is None else timeout)
        self._check_id(obj, response, described)
        self.transcript.append(response)
        return response

    def _send(self, line: str, described: str) -> None:
        if self._process.poll() is not None:
            raise self._crashed(described)
        try:
            self._process.stdin.write(line.encode("utf-8") + b"\n")
            self._process.stdin.flush()
        except (BrokenPipeError, OSError):
            raise self._crashed(described) from None

    def _receive(self, described: str, timeout: float) -> dict:
        deadline = time.monotonic() + timeout
        while True:
            newline = self._buffer.find(b"\n")
            if newline >= 0:
                line = bytes(self._buffer[:newline])
                del self._buffer[: newline + 1]
                if line.strip():
                    return self._decode(line, described)
                continue
            if len(self._buffer) > MAX_RESPONSE_BYTES:
                raise EngineGarbage(f"response to {described} is longer than {MAX_RESPONSE_BYTES} bytes without a newline")
            self._fill(deadline, described, timeout)

    def _fill(self, deadline: float, described: str, timeout: float) -> None:
        if not self._selector.select(max(0.0, deadline - time.monotonic())):
            self._process.kill()
            self._process.wait()
            raise EngineTimeout(f"engine gave no response within {timeout:g}s to {described}; it was killed (restart() to go on)")
        try:
            chunk = os.read(self._stdout_fd, 1 << 16)
        except BlockingIOError:
            return
        if not chunk:
            raise self._crashed(described)
        self._buffer += chunk

    def _decode(self, line: bytes, described: str) -> dict:
        try:
            response = json.loads(line)
        except ValueError:
            raise EngineGarbage(f"engine answered {described} with a line that is not JSON: {line[:200]!r}") from None
        if not isinstance(response, dict) or not isinstance(response.get("ok"), bool):
            raise EngineGarbage(f"engine answered {described} with {line[:200]!r}, which has no boolean 'ok'")
        return response

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
        state = f"exited with status {status}" if status is not None else "closed its output"
        return EngineCrashed(f"engine {state} while handling {described}{self._stderr_tail()}")

    def _stderr_tail(self) -> str:
        try:
            self._stderr.seek(0, os.SEEK_END)
            size = self._stderr.tell()
            self._stderr.seek(max(0, size - STDERR_TAIL_BYTES))
            tail = self._stderr.read().decode("utf-8", "replace").strip()
        except (OSError, ValueError):
            return ""
        return f"; stderr ends with:\n{tail}" if tail else ""

    def stderr_text(self) -> str:
        """Everything the engine wrote to stderr so far."""
        self._stderr.seek(0)
        return self._stderr.read().decode("utf-8", "replace")

    # --- the transcript as a move log ----------------------------------

    def log_lines(self) -> list[str]:
        """The transcript in move-log form: requests and responses, one JSON object a line."""
        lines = []
        for entry in self.transcript:
            if "#" in entry:
                lines.append(f"# {entry['#']}")
            elif "#raw" in entry:
                raw = entry["#raw"]
                lines.append(raw if "\n" not in raw else f"# raw line sent: {raw[:200]!r}")
            else:
                lines.append(json.dumps(entry, ensure_ascii=False, separators=(",", ":")))
        return lines

    def write_log(self, path: str | Path) -> None:
        Path(path).write_text("\n".join(self.log_lines()) + "\n", encoding="utf-8")


def _short(obj: Any) -> str:
    text = json.dumps(obj, ensure_ascii=False, separators=(",", ":"))
    return f"request {text[:200]}"

"""The protocol's envelope, shared by every engine heartspec serves: framing, ids, dispatch, errors.

A subclass fills `_handlers` (command name -> method returning the response
body) and names in `refusals` the exceptions that carry a protocol error code
and message; anything else a handler raises is a bug, answered with
`internal_error` while the session goes on.
"""

from __future__ import annotations

import json
import sys
import traceback
from typing import Any, Callable

from heartspec.protocol.messages import (
    MAX_LINE_BYTES,
    NotJson,
    RequestError,
    check_seat,
    decode_json,
    error_response,
    field_int,
    request_id,
)


class Endpoint:
    refusals: tuple[type[Exception], ...] = (RequestError,)  # RequestError subclasses the engine's RuleError

    def __init__(self) -> None:
        self.finished = False  # set by `quit`
        self.game: Any = None
        self.players = 0
        self._handlers: dict[str, Callable[[dict], dict]] = {"quit": self._quit}

    def handle_line(self, line: bytes | str) -> dict | None:
        """The response to one input line, or None for a blank line."""
        if isinstance(line, bytes):
            if len(line) > MAX_LINE_BYTES and len(line.rstrip(b"\r\n")) > MAX_LINE_BYTES:
                return error_response(None, "bad_request", f"line longer than {MAX_LINE_BYTES} bytes")
            try:
                line = line.decode("utf-8")
            except UnicodeDecodeError as err:
                return error_response(None, "bad_request", f"line is not UTF-8: {err.reason} at byte {err.start}")
        try:
            request = decode_json(line)
        except ValueError as err:
            if not line.strip():  # any Unicode whitespace; checked only here: blank lines are rare, requests are not
                return None
            prefix = "" if isinstance(err, NotJson) else "not JSON: "
            return error_response(None, "bad_request", f"{prefix}{err}")
        return self.handle(request)

    def handle(self, request: Any) -> dict:
        """The response to one decoded request (any JSON value)."""
        if not isinstance(request, dict):
            return error_response(None, "bad_request", "a request is a JSON object with a 'cmd'")
        try:
            rid = request_id(request)
        except RequestError as err:
            return error_response(None, err.code, err.message)
        cmd = request.get("cmd")
        handler = self._handlers.get(cmd) if isinstance(cmd, str) else None
        if handler is None:
            return self._no_handler(rid, cmd)
        try:
            body = handler(request)
        except self.refusals as err:
            return error_response(rid, err.code, err.message)
        except Exception as err:  # noqa: BLE001 - a bug: say so on the wire and in stderr, and keep serving
            traceback.print_exc(file=sys.stderr)
            return error_response(rid, "internal_error", f"{type(err).__name__}: {err}")
        response = {"id": rid, "ok": True}
        response.update(body)
        return response

    @staticmethod
    def _no_handler(rid: Any, cmd: Any) -> dict:
        if cmd is None:
            return error_response(rid, "bad_request", "'cmd' is required")
        if not isinstance(cmd, str):
            return error_response(rid, "bad_request", f"'cmd' must be a string, got {json.dumps(cmd)}")
        return error_response(rid, "unknown_command", f"unknown command {cmd!r}")

    # --- what every engine's commands share ---------------------------

    def _quit(self, request: dict) -> dict:
        self.finished = True
        return {}

    def _require_game(self) -> Any:
        if self.game is None:
            raise RequestError("wrong_phase", "no game yet: send new_game first")
        return self.game

    def _seat(self, request: dict) -> int:
        seat = field_int(request, "seat")
        check_seat(seat, self.players)
        return seat

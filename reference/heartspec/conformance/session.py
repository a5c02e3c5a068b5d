"""One engine under test, shared by every scenario of a run, with a transcript per scenario."""

from __future__ import annotations

import json
import shutil
import sys
from typing import Any, Sequence

from heartspec.conformance.schema_check import command_of, shipped_schemas
from heartspec.protocol.client import EngineError, EngineProcess

GAME_COMMANDS = ("new_game", "deal", "pass", "play", "choose")


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
        self.last_request: str | None = None
        self.schemas = shipped_schemas()  # every response is checked here, where it arrives

    def begin_scenario(self) -> None:
        if self.engine is None:
            self.engine = EngineProcess(self.command, self.timeout, deadline=self.deadline)
        elif self.broken:
            self.engine.restart()
        self.broken = False
        self.scenario_start = self.engine.transcript.mark()

    def request(self, payload: dict[str, Any]) -> dict[str, Any]:
        self.last_request = json.dumps(payload)
        response = self._guarded(lambda: self.engine.request(dict(payload)))
        self.schemas.check_response(payload.get("cmd"), response, self.last_request)
        return response

    def request_raw(self, line: str) -> dict[str, Any]:
        self.last_request = line
        response = self._guarded(lambda: self.engine.request_line(line))
        self.schemas.check_response(command_of(line), response, json.dumps(line, ensure_ascii=False))
        return response

    def _guarded(self, send):
        try:
            return send()
        except EngineError:
            self.broken = True
            raise

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
            raise ScenarioSkip(f"engine does not claim {players} players for {ruleset}")

    def move_log(self) -> list[str]:
        """This scenario's game requests as a move log `heartspec replay` reads.

        A refused request is followed by the refusal it got, so replay goes on
        past refusals the engine shares with the reference, and stops (with a
        mismatch) exactly where the two engines disagree.
        """
        lines: list[str] = []
        entries = self.transcript
        for index, entry in enumerate(entries):
            if entry.get("cmd") not in GAME_COMMANDS:
                continue
            if entry.get("cmd") == "new_game":
                lines = []
            request = {key: value for key, value in entry.items() if key != "id"}
            lines.append(json.dumps(request, separators=(",", ":")))
            response = entries[index + 1] if index + 1 < len(entries) else None
            if response is not None and response.get("ok") is False:
                refusal = {"ok": False, "error": {"code": response.get("error", {}).get("code")}}
                lines.append(json.dumps(refusal, separators=(",", ":")))
        return lines

    def close(self) -> None:
        if self.engine is not None:
            if not self.broken:
                try:
                    self.engine.request({"cmd": "quit"})
                except EngineError:
                    pass
            self.engine.close()

"""Every response the suite receives, checked against schemas/protocol/.

The schemas are the machine-readable half of spec/protocol.md: a response that
breaks one fails its scenario with the JSON path and the rule it broke, however
right its content looks to the step that reads it.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from heartspec.paths import data_dir

COMMANDS = ("hello", "new_game", "deal", "pass", "play", "choose", "state", "legal", "stop", "quit")


class SchemaViolation(AssertionError):
    """A response that does not match its schema (an AssertionError, so it fails the scenario)."""


def schema_dir() -> Path:
    return data_dir("schemas") / "protocol"


class ProtocolSchemas:
    """The schemas of schemas/protocol/, each resolvable by its $id.

    Validation runs in jsonschema-rs: the suite checks tens of thousands of
    responses a run, and a pure-Python validator would multiply the run time.
    """

    def __init__(self, folder: Path | None = None):
        import jsonschema_rs

        self.by_name: dict[str, dict] = {}
        for path in sorted((folder or schema_dir()).glob("*.json")):
            self.by_name[path.name] = json.loads(path.read_text(encoding="utf-8"))
        self._registry = jsonschema_rs.Registry([(schema["$id"], schema) for schema in self.by_name.values()])
        self._validator_for = jsonschema_rs.validator_for
        self._validators: dict[str, Any] = {}

    def validator(self, name: str):
        if name not in self._validators:
            self._validators[name] = self._validator_for(self.by_name[name], registry=self._registry)
        return self._validators[name]

    def violations(self, name: str, message: Any) -> list[str]:
        """Each way `message` breaks schema `name`, as `$.path: what (the rule broken)`."""
        validator = self.validator(name)
        found = [] if validator.is_valid(message) else list(validator.iter_errors(message))
        problems = [f"{json_path(error.instance_path)}: {error.message} ({name} rule "
                    f"'{'/'.join(map(str, error.schema_path))}')" for error in found]
        return problems + whole_floats(message)

    def response_schema(self, cmd: Any, response: dict) -> str:
        """The schema a response must match: error.json for a refusal, else response-<cmd>.json."""
        if response.get("ok") is False:
            return "error.json"
        if cmd in COMMANDS:
            return f"response-{cmd}.json"
        return "error.json"  # a success to an unknown or unreadable command is itself a violation

    def check_response(self, cmd: Any, response: dict, request: str | dict) -> None:
        """Raise SchemaViolation naming the request (its text, or the request itself) and every problem."""
        name = self.response_schema(cmd, response)
        problems = self.violations(name, response)
        if problems:
            request_text = request if isinstance(request, str) else json.dumps(request, ensure_ascii=False)
            shown = json.dumps(response, ensure_ascii=False)
            raise SchemaViolation(
                f"the response to {request_text[:200]} breaks {name}:\n  " + "\n  ".join(problems)
                + f"\nresponse: {shown[:600]}")


def whole_floats(value: Any, path: str = "$") -> list[str]:
    """Whole numbers written with a fraction or exponent (`1.0`, `1e2`): the protocol writes them as integers.

    JSON Schema cannot see the difference (2020-12 counts 1.0 as an integer), so it is checked here.
    """
    text = repr(value)  # one pass in C: a whole float always shows as "2.0" or "1e+16"
    if ".0" not in text and "e+" not in text:
        return []
    return _whole_floats(value, path)


def _whole_floats(value: Any, path: str) -> list[str]:
    if isinstance(value, float):
        if value.is_integer():
            return [f"{path}: {value!r} is a whole number written as a decimal; spec/protocol.md writes "
                    "whole numbers as integers (rule 'integer')"]
        return []
    if isinstance(value, dict):
        return [problem for key, item in value.items() for problem in _whole_floats(item, f"{path}.{key}")]
    if isinstance(value, list):
        return [problem for index, item in enumerate(value) for problem in _whole_floats(item, f"{path}[{index}]")]
    return []


def json_path(parts) -> str:
    path = "$"
    for part in parts:
        path += f"[{part}]" if isinstance(part, int) else f".{part}"
    return path


def command_of(line: str) -> Any:
    """The `cmd` of a raw request line (the last, when blank lines come first), or None when it is no JSON object."""
    try:
        request = json.loads(line.rsplit("\n", 1)[-1])
    except (ValueError, RecursionError):
        return None
    return request.get("cmd") if isinstance(request, dict) else None


@lru_cache(maxsize=1)
def shipped_schemas() -> ProtocolSchemas:
    return ProtocolSchemas()

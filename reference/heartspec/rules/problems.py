"""How the rules package reports what is wrong with a spec or a request."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable


@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong in a spec file; `str()` reads `file:line: /json/path: message`.

    `file`, `line` and `path` are None for a problem that belongs to no file
    (an unknown ruleset id asked for on the command line, say).
    """

    file: str | None
    line: int | None
    path: str | None
    message: str

    def __str__(self) -> str:
        if self.file is None:
            return self.message
        return f"{self.file}:{self.line or 1}: {self.path or '/'}: {self.message}"


def json_pointer(path: Iterable) -> str:
    """`("rules", "deck", 3)` -> `/rules/deck/3`; the root is `/`."""
    parts = [str(p).replace("~", "~0").replace("/", "~1") for p in path]
    return "/" + "/".join(parts)


class SpecError(ValueError):
    """The spec (or a request against it) is wrong; `problems` lists every reason."""

    def __init__(self, problems: Iterable[Problem]):
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class ResolveError(SpecError):
    """A ruleset, variant, player count or option that cannot be combined as asked.

    `message` is the program's own one line (the protocol and English output give it); `kind` and
    `details` say the same as data (the option and the value refused, say), so a rulebook can
    refuse in its reader's words (heartspec.render.refusals)."""

    def __init__(self, message: str, kind: str | None = None, **details):
        super().__init__([Problem(None, None, None, message)])
        self.message = message
        self.kind = kind
        self.details = details


def unknown_ids_message(kind: str, given: list[str], known: list[str]) -> str | None:
    """`unknown ruleset 'fl' (known: dk, fi, ...)`, or None when every id given is known."""
    unknown = [g for g in given if g not in known]
    if not unknown:
        return None
    plural = "s" if len(unknown) > 1 else ""
    return f"unknown {kind}{plural} {', '.join(map(repr, unknown))} (known: {', '.join(known)})"

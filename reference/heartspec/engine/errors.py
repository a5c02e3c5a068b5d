"""The one exception the engine raises for a refused request."""

from __future__ import annotations


class RuleError(Exception):
    """A request the rules (or the request's shape) refuse; `code` is the protocol's error code."""

    def __init__(self, code: str, message: str):
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message

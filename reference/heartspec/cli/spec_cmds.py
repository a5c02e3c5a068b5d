"""Commands: see docs/architecture.md for ownership."""

COMMANDS: list = []

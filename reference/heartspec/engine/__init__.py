"""The reference engine: a state machine over CompiledRules (see docs/architecture.md)."""

from heartspec.engine.errors import RuleError
from heartspec.engine.game import Game

__all__ = ["Game", "RuleError"]

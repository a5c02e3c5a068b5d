"""Every shipped set-up, for the tests that play or judge each one: a ruleset alone and with each variant, at each
table size it compiles for."""

from __future__ import annotations

from typing import Iterator

from heartspec.protocol.messages import RequestError
from heartspec.protocol.server import RulesCatalog
from heartspec.rules.model import CompiledRules


def shipped_setups(catalog: RulesCatalog, most_players: int = 11) -> Iterator[tuple[str, list[str], int, CompiledRules]]:
    """(ruleset, variants, players, compiled rules) for every combination that compiles, 2 to `most_players` seats;
    a combination that does not is refused as invalid_game and nothing else."""
    for ruleset in catalog.ruleset_ids():
        for variant in [None, *catalog.variant_ids()]:
            variants = [variant] if variant else []
            for players in range(2, most_players + 1):
                try:
                    rules = catalog.compile(ruleset, variants, players, {})
                except RequestError as refused:
                    assert refused.code == "invalid_game", refused.message
                    continue
                yield ruleset, variants, players, rules

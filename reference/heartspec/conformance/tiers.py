"""The three tiers of the suite, reported apart so a rule verdict is never buried under JSON details.

- rules: the game itself (every rule area of the guides);
- protocol: commands, responses, events and refusals (`spec/protocol.md`);
- hardening: strict JSON and framing edge cases (an id past 2^53, `1e400`, lone surrogates,
  nesting past 64, bytes that are not UTF-8, the 1 MiB line limit...).

A scenario's tier is data, read from its tags: an explicit `@tier:NAME` tag names it;
without one, a scenario of a `protocol_*` rule area (`@area:`) is protocol and every other
scenario is rules. `tier_of` is the one place that reads them; features/README.md states the rule
and tests/test_conformance_tiers.py holds every shipped scenario to exactly one tier.
"""

from __future__ import annotations

from typing import Iterable

TIERS = ("rules", "protocol", "hardening")
PROTOCOL_AREA_PREFIX = "protocol_"


class TierError(ValueError):
    """A scenario whose tags name no tier, an unknown one, or more than one."""


def tier_of(area: str, tier_tags: Iterable[str] = ()) -> str:
    """The tier of a scenario of rule area `area` whose `@tier:` tags carry `tier_tags` (values only)."""
    named = sorted(set(tier_tags))
    if len(named) > 1:
        raise TierError(f"tagged with more than one tier: {', '.join(named)}")
    if named:
        if named[0] not in TIERS:
            raise TierError(f"unknown tier {named[0]!r} (known: {', '.join(TIERS)})")
        return named[0]
    return "protocol" if area.startswith(PROTOCOL_AREA_PREFIX) else "rules"


def tier_of_scenario_id(scenario_id: str, catalog: dict[str, dict]) -> str:
    """The tier of a reported scenario row (`hearts-001[fi-4p]`) through the features catalog
    (heartspec.compat.catalog), so a report saved before tiers existed is read in tiers too."""
    info = catalog.get(scenario_id.split("[")[0]) or {}
    return info.get("tier") or tier_of(info.get("area", ""))


def tier_words(counts: dict[str, dict], label_for_rules: str = "rules") -> str:
    """`rules 94/99 · protocol 123/140 · hardening 10/23`: passed of those run, for each tier that ran any."""
    parts = []
    for tier in TIERS:
        c = counts.get(tier)
        if c and c.get("ran"):
            parts.append(f"{label_for_rules if tier == 'rules' else tier} {c['passed']}/{c['ran']}")
    return " · ".join(parts)

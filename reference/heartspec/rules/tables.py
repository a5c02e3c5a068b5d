"""`RULESET[+VARIANT...]`: how every command names one table's rules (fi, dk+omnibus-jd, fi+moon-choice)."""

from __future__ import annotations

from dataclasses import dataclass


class TableNameError(ValueError):
    """Text that is not RULESET[+VARIANT...], in one line."""


@dataclass(frozen=True)
class Table:
    """One rule set to name: `fi`, or `dk+omnibus-jd` (ruleset + variants)."""

    label: str
    ruleset: str
    variants: tuple[str, ...]


def parse_table(text: str) -> Table:
    ruleset, *variants = text.split("+")
    if not ruleset or not all(variants):
        raise TableNameError(f"{text!r} is not RULESET[+VARIANT...], e.g. fi or dk+omnibus-jd")
    return Table(text, ruleset, tuple(variants))


def with_variants(text: str, variants: tuple[str, ...] = ()) -> tuple[str, tuple[str, ...]]:
    """A ruleset named as RULESET[+VARIANT...], then the variants given apart (-v), in that order."""
    table = parse_table(text)
    return table.ruleset, table.variants + tuple(variants)

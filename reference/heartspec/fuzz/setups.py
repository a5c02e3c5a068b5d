"""Which games to play: every ruleset, table size, variant and allowed pair the engine claims.

A set-up is a ruleset, a player count and variants. The fuzzer walks the
(ruleset, players) cells round-robin, so each cell comes up every few games
however many variant combinations it has; within a cell, half the games play
no variant and the other half cycle through its variants and allowed pairs.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, field
from typing import Any, Iterable

from heartspec.render.selection import allowed_players, applies_to
from heartspec.rules.resolve import declared_options


@dataclass(frozen=True)
class Setup:
    ruleset: str
    players: int
    variants: tuple[str, ...] = ()

    def label(self) -> str:
        variants = ", ".join(self.variants) or "none"
        return f"{self.ruleset}, {self.players} players, variants: {variants}"

    def as_json(self) -> dict[str, Any]:
        return {"ruleset": self.ruleset, "players": self.players, "variants": list(self.variants)}


class NoSetups(Exception):
    """The filters and the engine's claims leave nothing to play."""


def claimed_players(supports: dict, ruleset: str) -> set[int] | None:
    """Player counts the engine claims for a ruleset (`supports.players`, an extension), or None: all."""
    players = supports.get("players")
    if isinstance(players, dict) and isinstance(players.get(ruleset), list):
        return set(players[ruleset])
    return None


def variant_combinations(spec, ruleset: str, variants: Iterable[str]) -> list[tuple[str, ...]]:
    """No variant, each variant that applies, and each pair of them the spec allows together."""
    usable = sorted(v for v in variants if v in spec.variants and applies_to(spec, v, ruleset))
    combos: list[tuple[str, ...]] = [()] + [(v,) for v in usable]
    for pair in itertools.combinations(usable, 2):
        if allowed_players(spec, ruleset, pair) and _resolves(spec, ruleset, pair):
            combos.append(pair)
    return combos


def _resolves(spec, ruleset: str, variants: tuple[str, ...]) -> bool:
    for players in allowed_players(spec, ruleset, variants):
        try:
            spec.resolve(ruleset, variants=variants, players=players)
            return True
        except Exception as err:  # noqa: BLE001 - the spec refuses the pair with its own error types
            if not type(err).__module__.startswith("heartspec."):
                raise
    return False


def available_setups(spec, supports: dict, rulesets: Iterable[str] = (), players: Iterable[int] = (),
                     variants: Iterable[str] = ()) -> list[Setup]:
    """Every set-up both the spec and the engine allow, narrowed by the user's filters.

    `variants`, when given, keeps only set-ups whose variants are all among them (and at least one).
    """
    wanted_rulesets, wanted_players, wanted_variants = set(rulesets), set(players), set(variants)
    claimed_rulesets = set(supports.get("rulesets") or [])
    claimed_variants = set(supports.get("variants") or [])
    setups = []
    for ruleset in spec.in_guide_order():
        if ruleset not in claimed_rulesets or (wanted_rulesets and ruleset not in wanted_rulesets):
            continue
        for combo in variant_combinations(spec, ruleset, claimed_variants):
            if wanted_variants and (not combo or not set(combo) <= wanted_variants):
                continue
            counts = allowed_players(spec, ruleset, combo)
            claimed = claimed_players(supports, ruleset)
            for count in counts:
                if (claimed is None or count in claimed) and (not wanted_players or count in wanted_players):
                    setups.append(Setup(ruleset, count, combo))
    if not setups:
        raise NoSetups("no set-up left to play: the engine's hello claims none that the filters allow "
                       f"(it claims rulesets {sorted(claimed_rulesets)}, variants {sorted(claimed_variants)})")
    return setups


@dataclass
class SetupChooser:
    """The set-up of game number g: its (ruleset, players) cell round-robin, variants at random."""

    setups: list[Setup]
    cells: dict[tuple[str, int], list[Setup]] = field(init=False)

    def __post_init__(self) -> None:
        self.cells = {}
        for setup in self.setups:
            self.cells.setdefault((setup.ruleset, setup.players), []).append(setup)

    def drop(self, setup: Setup) -> None:
        """Stop choosing a set-up (the engine refused it although its hello claims it)."""
        cell = (setup.ruleset, setup.players)
        self.cells[cell] = [s for s in self.cells.get(cell, []) if s != setup]
        if not self.cells[cell]:
            del self.cells[cell]

    def choose(self, game_number: int, rng: random.Random) -> Setup:
        """Cells in turn; within a cell every other visit plays no variant, the rest cycle through its variants.

        A function of the game number alone, so game g of a seed is the same set-up in every run, and every
        set-up of a cell comes up within twice its size visits to that cell.
        """
        cells = list(self.cells.values())
        cell = cells[(game_number - 1) % len(cells)]
        visit = (game_number - 1) // len(cells)
        plain = [s for s in cell if not s.variants]
        others = [s for s in cell if s.variants]
        if plain and (visit % 2 == 0 or not others):
            return plain[0]
        return others[(visit // 2 if plain else visit) % len(others)]


# values to try for an option a guide leaves open (`values: any`); the option names are the protocol's (§6.2)
OPEN_OPTION_VALUES = {"max_deals": [1, 2, 3, 15], "target": [50, 100], "stake": [1, 0.5, 2]}


def option_choices(spec, setup: Setup) -> dict[str, list]:
    """The game-length and settlement options this set-up declares, with the values a guide names."""
    chosen = [spec.variants[v] for v in setup.variants]
    choices = {}
    for name, (entry, _via) in declared_options(spec.rulesets[setup.ruleset], chosen, setup.players).items():
        values = entry.get("values")
        if isinstance(values, list) and values:
            choices[name] = list(values)
        elif values == "any" and name in OPEN_OPTION_VALUES:
            choices[name] = OPEN_OPTION_VALUES[name]
    return choices

"""How long a fuzz run plays, set-up by set-up: until each rare cell a set-up can reach is reached a few times.

The default (and compat's) budget is per set-up, so an engine that claims one
set-up is checked as hard as one that claims forty: the set-ups take turns,
and a set-up stops once every cell of heartspec.fuzz.cells it can reach has
been reached `cell_goal` times, or once it has had `games_per_setup` games or
`steps_per_setup` planned requests. Games are counted, never seconds: the
same seed plays the same games on every machine. `--games N` with a cell goal
caps the whole run at N games; `--games N` alone plays exactly N games with
the set-ups in turn (no goal), `--seconds S` plays for S seconds.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from heartspec.fuzz.cells import reachable_cells
from heartspec.fuzz.setups import Setup, option_choices

DEFAULT_CELL_GOAL = 3
DEFAULT_GAMES_PER_SETUP = 40
DEFAULT_STEPS_PER_SETUP = 20_000

CELL_GOAL, GAME_BUDGET, STEP_BUDGET, RUN_LENGTH, REFUSED = (
    "cell goal", "game budget", "step budget", "run length", "refused")


@dataclass(frozen=True)
class Budget:
    mode: str                          # "cells", "games", "games_per_setup" or "seconds"
    cell_goal: int | None = None
    games_per_setup: int | None = None
    steps_per_setup: int | None = None
    games: int | None = None           # the whole run's cap (cells mode) or length (games mode)
    seconds: float | None = None

    def as_json(self) -> dict:
        return {"mode": self.mode, "cell_goal": self.cell_goal, "games_per_setup": self.games_per_setup,
                "steps_per_setup": self.steps_per_setup, "games": self.games, "seconds": self.seconds}

    def text(self) -> str:
        if self.mode == "cells":
            cap = f", at most {self.games} games in all" if self.games else ""
            return (f"each set-up until every rare cell it can reach was reached {self.cell_goal} times, or "
                    f"{self.games_per_setup} games, or {self.steps_per_setup:,} requests{cap}")
        if self.mode == "games_per_setup":
            return f"{self.games_per_setup} games per set-up"
        if self.mode == "games":
            return f"{self.games} games, set-ups in turn"
        return f"{self.seconds:g} seconds"


def cell_budget(cell_goal: int | None = None, games_per_setup: int | None = None,
                steps_per_setup: int | None = None, games: int | None = None) -> Budget:
    return Budget("cells", cell_goal or DEFAULT_CELL_GOAL, games_per_setup or DEFAULT_GAMES_PER_SETUP,
                  steps_per_setup or DEFAULT_STEPS_PER_SETUP, games)


@dataclass
class SetupProgress:
    setup: Setup
    cells: Counter                      # each cell the set-up can reach -> times its games reached it
    games: int = 0
    steps: int = 0
    stopped_by: str | None = None

    def short(self, goal: int) -> frozenset[str]:
        return frozenset(name for name, count in self.cells.items() if count < goal)

    def as_json(self, goal: int) -> dict:
        return {"setup": self.setup.as_json(), "games": self.games, "steps": self.steps,
                "cells": dict(self.cells), "goal_met": not self.short(goal), "stopped_by": self.stopped_by or RUN_LENGTH}


@dataclass
class Progress:
    """Every set-up's games, requests and cells; in cells mode, which set-up plays next and what it aims at."""

    budget: Budget
    setups: dict[Setup, SetupProgress] = field(default_factory=dict)
    _turn: int = 0

    @classmethod
    def start(cls, budget: Budget, setups: list[Setup], spec, catalog) -> "Progress":
        progress = cls(budget)
        for setup in setups:
            rules = catalog.compile(setup.ruleset, list(setup.variants), setup.players, {})
            names = reachable_cells(rules, option_choices(spec, setup))
            progress.setups[setup] = SetupProgress(setup, Counter({name: 0 for name in names}))
        return progress

    @property
    def goal(self) -> int:
        return self.budget.cell_goal or DEFAULT_CELL_GOAL

    def next_setup(self) -> Setup | None:
        """The next set-up, in turn, that has neither met its goal nor spent its budget (cells mode)."""
        order = list(self.setups.values())
        for offset in range(len(order)):
            candidate = order[(self._turn + offset) % len(order)]
            if self._still_playing(candidate):
                self._turn = (self._turn + offset + 1) % len(order)
                return candidate.setup
        return None

    def _still_playing(self, entry: SetupProgress) -> bool:
        if entry.stopped_by is not None:
            return False
        budget = self.budget
        if not entry.short(self.goal):
            entry.stopped_by = CELL_GOAL
        elif entry.games >= budget.games_per_setup:
            entry.stopped_by = GAME_BUDGET
        elif entry.steps >= budget.steps_per_setup:
            entry.stopped_by = STEP_BUDGET
        return entry.stopped_by is None

    def aims(self, setup: Setup) -> frozenset[str]:
        return self.setups[setup].short(self.goal) if self.budget.mode == "cells" else frozenset()

    def planned(self, setup: Setup, requests: int) -> None:
        """A game of `setup` planned: it counts against the set-up's budget."""
        entry = self.setups[setup]
        entry.games += 1
        entry.steps += requests

    def compared(self, setup: Setup, reached: Counter) -> None:
        """The cells a game reached before its comparison ended (a game stops at a move that differs)."""
        entry = self.setups[setup]
        for name in entry.cells:
            entry.cells[name] += reached.get(name, 0)

    def refused(self, setup: Setup) -> None:
        self.setups[setup].stopped_by = REFUSED

    def as_json(self) -> list[dict]:
        return [entry.as_json(self.goal) for entry in self.setups.values() if entry.games]

    def summary(self) -> str:
        """One line: how many set-ups met the goal, and the cells some set-up still lacks."""
        played = [entry for entry in self.setups.values() if entry.games]
        met = sum(1 for entry in played if not entry.short(self.goal))
        short = Counter(name for entry in played for name in entry.short(self.goal))
        lacking = "; short: " + ", ".join(f"{name} ({count} set-up(s))" for name, count in sorted(short.items())) \
            if short else ""
        return f"{met} of {len(played)} set-ups reached each of their rare cells {self.goal} times{lacking}"

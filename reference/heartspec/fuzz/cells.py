"""The rare cells the fuzzer knows, which set-ups can reach each, and the deal or start that aims at it.

A cell is a situation random play seldom makes and a rule can go wrong in:
a club void holding only point cards on the first trick, a heart breaking
hearts there, a lead from a hand of only hearts, a moon, a tie, the last
deal of a limit, the kitty, the stock... Each has a name (the key a run's
`reached` counts it under), a test on the compiled rules (and the options a
set-up offers) saying whether the set-up can reach it, and the deal kind or
start kind of heartspec.fuzz.deals built to reach it.

The fuzz budget (heartspec.fuzz.budget) plays each set-up until every cell
it can reach has been reached `cell_goal` times, aiming each game's deals
and starts at the cells still short.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from heartspec import cells as shared
from heartspec.fuzz.deals import only_points_hand_possible
from heartspec.rules.model import CompiledRules

# the names are heartspec.cells', the one detector the planner and the suite's cell coverage share
VOID_ONLY_POINTS = shared.ONLY_POINTS_ON_FIRST_TRICK
FIRST_TRICK_HEARTS = shared.HEARTS_BROKEN_ON_FIRST_TRICK
ONLY_HEARTS_LEAD = shared.HEARTS_ONLY_LEAD
HEARTS_AND_QUEEN_LEAD = shared.HEARTS_AND_QUEEN_LEAD
MOON = shared.MOON_SHOT
MOON_CHOICE = shared.MOON_CHOICE
TARGET = shared.TARGET_REACHED
TIE = shared.TIE_FOR_THE_WIN
LAST_DEAL = shared.LAST_DEAL
KITTY = shared.KITTY_TAKEN
STOCK = shared.STOCK_DRAWN
SET_ASIDE = shared.TRICK_SET_ASIDE


@dataclass(frozen=True)
class Cell:
    name: str
    reachable: Callable[[CompiledRules, dict], bool]   # (default rules, the set-up's option choices)
    deal_kind: str | None = None      # heartspec.fuzz.deals DEAL_KINDS entry built for it
    start_kind: str | None = None     # ... or START_KINDS entry
    option: str | None = None         # a ruleset option the cell needs set (max_deals), when the rules lack it


MOON_HAND = 10
AIM_CHANCE = 0.75  # a game of a set-up with cells still short aims its deals and start at one of them


def _deal_limit(rules: CompiledRules, options: dict) -> bool:
    return bool(rules.max_deals) or bool([v for v in options.get("max_deals", []) if v])


def _target(rules: CompiledRules, options: dict) -> bool:
    return rules.target is not None or bool([v for v in options.get("target", []) if v])


CELLS: tuple[Cell, ...] = (
    Cell(VOID_ONLY_POINTS, lambda r, o: r.first_trick_points != "allowed" and only_points_hand_possible(r),
         deal_kind="club_void_points"),
    # a heart falls on the first trick: freely where points may fall there, else forced from a hand of only points
    Cell(FIRST_TRICK_HEARTS, lambda r, o: r.first_trick_points == "allowed" or only_points_hand_possible(r),
         deal_kind="club_void_points"),
    Cell(ONLY_HEARTS_LEAD, lambda r, o: r.heart_leads_before_broken == "forbidden", deal_kind="hearts_only"),
    Cell(HEARTS_AND_QUEEN_LEAD, lambda r, o: "hearts_and_queen" in r.heart_lead_exceptions,
         deal_kind="hearts_and_queen"),
    # the moon deal gives one seat the top cards of every suit and the hearts: with fewer than MOON_HAND cards
    # (six players and more) it cannot hold enough to take every trick, and a moon is left to chance
    Cell(MOON, lambda r, o: r.moon_enabled and r.hand_size >= MOON_HAND, deal_kind="moon"),
    Cell(MOON_CHOICE, lambda r, o: r.moon_enabled and r.moon_effect == "shooter_choice" and r.hand_size >= MOON_HAND,
         deal_kind="moon"),
    Cell(TARGET, _target, start_kind="near_target", option="target"),
    # a tie ends the game only where ties are shared (else another deal is played); the tie start needs a target
    # The tie start gives two seats the lowest cards, so they take nothing and stay level. Left to chance, so
    # out of the goal: partnerships (two teams level), and three players with a moon (the third seat would
    # take every trick, shoot the moon, and the game go on)
    Cell(TIE, lambda r, o: _target(r, o) and r.ties == "shared" and not r.partnership
         and (r.players > 3 or not r.moon_enabled), start_kind="tie", option="target"),
    Cell(LAST_DEAL, _deal_limit, start_kind="last_deal", option="max_deals"),
    Cell(KITTY, lambda r, o: r.kitty_size > 0),
    Cell(STOCK, lambda r, o: r.stock_size > 0),
)
BY_NAME = {cell.name: cell for cell in CELLS}


def aimed_kind(kinds: list[str], aims: frozenset[str] | set[str], attribute: str, rng) -> str | None:
    """A deal (or start) kind of `kinds` that aims at a cell still short, now and then; None: choose as usual."""
    wanted = sorted({getattr(BY_NAME[name], attribute) for name in aims if name in BY_NAME} & set(kinds))
    if not wanted or rng.random() >= AIM_CHANCE:
        return None
    return rng.choice(wanted)


def reachable_cells(rules: CompiledRules, option_choices: dict) -> list[str]:
    """The cells a set-up can reach, from its rules with default options and the options it offers."""
    return [cell.name for cell in CELLS if cell.reachable(rules, option_choices)]

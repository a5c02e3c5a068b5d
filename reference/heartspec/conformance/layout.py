"""The deck a scenario deals from, as the shipped spec defines it.

Scenarios name only the cards that matter; the rest of the deck is filled in
deterministically, so the suite (not the engine under test) must know which
cards a ruleset deals at a player count.  That knowledge comes from `spec/`.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from heartspec.cards import card_name


@dataclass(frozen=True)
class DeckLayout:
    cards: tuple[str, ...]   # every physical card, by name, in id order (two decks: each name twice)
    hand_size: int
    kitty_size: int
    stock_size: int


@functools.cache
def shipped_spec():
    """The shipped spec, loaded once per run for every part of the suite that reads it."""
    from heartspec.rules import load_spec

    return load_spec()


@functools.cache
def shipped_catalog():
    """One catalog of compiled rules over the shipped spec, shared by the run (the reference's copies, the claims)."""
    from heartspec.protocol.server import RulesCatalog

    return RulesCatalog(spec=shipped_spec())


@functools.cache
def deck_layout(ruleset: str, variants: tuple[str, ...], players: int) -> DeckLayout:
    from heartspec.rules import compile as compile_rules

    resolved = shipped_spec().resolve(ruleset, variants, players=players, options={})
    rules = compile_rules(resolved)
    return DeckLayout(
        cards=tuple(card_name(card) for card in rules.deck),
        hand_size=rules.hand_size,
        kitty_size=rules.kitty_size,
        stock_size=rules.stock_size,
    )


def fill_deal(layout: DeckLayout, players: int, hands: dict[int, list[str]],
              kitty: list[str] | None, stock: list[str] | None) -> tuple[list[list[str]], list[str], list[str]]:
    """Deal the cards no step named: in deck order, round-robin to every seat still short of a full hand
    (a seat given fewer cards than a hand is topped up), then the kitty, then the stock."""
    remaining = list(layout.cards)
    named = [card for hand in hands.values() for card in hand] + (kitty or []) + (stock or [])
    for card in named:
        if card in remaining:
            remaining.remove(card)
    open_seats = list(range(players))
    dealt = {seat: list(hands.get(seat, [])) for seat in open_seats}
    turn = 0
    while open_seats and remaining and any(len(dealt[s]) < layout.hand_size for s in open_seats):
        seat = open_seats[turn % len(open_seats)]
        turn += 1
        if len(dealt[seat]) < layout.hand_size:
            dealt[seat].append(remaining.pop(0))
    if kitty is None:
        kitty, remaining = remaining[: layout.kitty_size], remaining[layout.kitty_size:]
    if stock is None:
        stock, remaining = remaining[: layout.stock_size], remaining[layout.stock_size:]
    return [dealt[seat] for seat in range(players)], list(kitty), list(stock)


@dataclass(frozen=True)
class PassFreeRoute:
    """How a scenario reaches a deal nobody passes in: a deal number, plus any variants that need adding."""

    deal_number: int
    variants: tuple[str, ...]


@functools.cache
def deal_without_passing(ruleset: str, variants: tuple[str, ...], players: int) -> PassFreeRoute:
    """The shortest honest route to a deal played as dealt, read off the spec.

    A scenario that does not test passing should not depend on it: the first hold deal of the
    ruleset's cycle when it has one, else a variant whose only change is to drop passing (a guide's
    own no-passing game), else there is none and the scenario cannot be written this way.
    """
    from dataclasses import replace

    spec = shipped_spec()
    rules = spec.compile(ruleset, variants, players=players, options={})
    if rules.pass_count == 0 or not rules.pass_cycle:
        return PassFreeRoute(1, ())
    if "none" in rules.pass_cycle:
        return PassFreeRoute(rules.pass_cycle.index("none") + 1, ())
    for vid, variant in spec.variants.items():
        if vid in variants or ruleset not in variant.get("applies_to", ()):
            continue
        try:
            changed = spec.compile(ruleset, variants + (vid,), players=players, options={})
        except Exception:  # a variant that cannot join this combination is simply not a route
            continue
        same_otherwise = replace(changed, variants=rules.variants, pass_count=rules.pass_count,
                                 pass_cycle=rules.pass_cycle) == rules
        if changed.pass_count == 0 and same_otherwise:
            return PassFreeRoute(1, (vid,))
    raise AssertionError(f"{ruleset} at {players} players has no deal without passing, nor a variant that drops it")

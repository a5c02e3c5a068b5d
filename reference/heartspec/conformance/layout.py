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
def _shipped_spec():
    from heartspec.rules import load_spec

    return load_spec()


@functools.cache
def deck_layout(ruleset: str, variants: tuple[str, ...], players: int) -> DeckLayout:
    from heartspec.rules import compile as compile_rules

    resolved = _shipped_spec().resolve(ruleset, variants, players=players, options={})
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

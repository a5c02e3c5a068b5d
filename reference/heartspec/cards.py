"""Cards as small integers, hands as bit masks, and the decks the rulesets ask for.

A card id packs suit and rank so that, inside one suit, a higher id is a higher
card: id = suit * 14 + slot, where slot 0 is the 2, slot 1 the Finnish joker
(ranked between the 2 and the 3 of its suit) and slots 2..13 are 3..A.  Two
decks are told apart by a copy offset of 56, so a *physical* card is
`id + 56 * copy` and a hand is one Python int with a bit per physical card.
"""

from __future__ import annotations

import random
from typing import Iterable

SUITS = "CDHS"
CLUBS, DIAMONDS, HEARTS, SPADES = range(4)
RANKS = "2X3456789TJQKA"  # slot order; X is the joker slot
SLOTS_PER_SUIT = 14
IDS_PER_DECK = 4 * SLOTS_PER_SUIT  # 56
JOKERS = ("XC", "XD")  # the only jokers any guide uses

SUIT_MASK_ONE_DECK = [((1 << SLOTS_PER_SUIT) - 1) << (s * SLOTS_PER_SUIT) for s in range(4)]


class CardError(ValueError):
    """A card name that no deck here holds."""


def card_id(suit: int, slot: int) -> int:
    return suit * SLOTS_PER_SUIT + slot


def suit_of(card: int) -> int:
    return (card % IDS_PER_DECK) // SLOTS_PER_SUIT


def slot_of(card: int) -> int:
    return card % SLOTS_PER_SUIT


def face(card: int) -> int:
    """The card without its copy number: equal faces are identical cards."""
    return card % IDS_PER_DECK


def pip(card: int) -> int:
    """Pip value: 2..10, J=11, Q=12, K=13, A=14; the jokers count as 0."""
    slot = slot_of(card)
    if slot == 0:
        return 2
    if slot == 1:
        return 0
    return slot + 1


def parse_card(text: str) -> int:
    """Parse `QS`, `10h`, `xc` into a face id. Raises CardError."""
    if not isinstance(text, str):
        raise CardError(f"a card is a string like 'QS', not {text!r}")
    t = text.strip().upper()
    if t.startswith("10"):
        t = "T" + t[2:]
    if len(t) != 2 or t[0] not in RANKS or t[1] not in SUITS:
        raise CardError(f"unknown card {text!r}")
    suit, slot = SUITS.index(t[1]), RANKS.index(t[0])
    if slot == 1 and suit not in (CLUBS, DIAMONDS):
        raise CardError(f"unknown card {text!r}: only XC and XD are jokers")
    return card_id(suit, slot)


def card_name(card: int) -> str:
    return RANKS[slot_of(card)] + SUITS[suit_of(card)]


def standard_faces() -> list[int]:
    """The 52 cards of a standard deck, in id order."""
    return [card_id(s, r) for s in range(4) for r in range(SLOTS_PER_SUIT) if r != 1]


def build_deck(copies: int = 1, remove: Iterable[str] = (), add: Iterable[str] = (),
               remove_once: Iterable[str] = ()) -> list[int]:
    """Physical cards of `copies` standard decks, less `remove` (from every copy), plus `add`,
    less `remove_once` (from the last copy only, so copy 0 of every face still exists)."""
    removed = {parse_card(c) for c in remove}
    faces = [f for f in standard_faces() if f not in removed]
    faces += [parse_card(c) for c in add]
    once = {parse_card(c) + IDS_PER_DECK * (copies - 1) for c in remove_once}
    return sorted(f + IDS_PER_DECK * k for k in range(copies) for f in faces if f + IDS_PER_DECK * k not in once)


def deck_of(value: dict) -> list[int]:
    """The physical cards a `deck` rule value describes (docs/rule-vocabulary.md, deck)."""
    return build_deck(value.get("copies", 1), value.get("remove", []), value.get("add", []),
                      value.get("remove_once", []))


def mask_of(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_of(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def suit_mask(suit: int, copies: int = 1) -> int:
    m = 0
    for k in range(copies):
        m |= SUIT_MASK_ONE_DECK[suit] << (IDS_PER_DECK * k)
    return m


def shuffled(deck: list[int], seed: int | None) -> list[int]:
    cards = list(deck)
    random.Random(seed).shuffle(cards)
    return cards


def sort_key(card: int) -> tuple[int, int]:
    """Display order: clubs, diamonds, spades, hearts would be a house style; we keep suit id order."""
    return (suit_of(card), slot_of(card), card)

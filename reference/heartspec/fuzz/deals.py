"""Explicit deals and starting positions, including the rare cells random play seldom reaches.

Uniform shuffles almost never give a seat nothing but hearts, or a club void
holding only point cards, or a hand that can take every point; games started
from zero seldom end on a tie or on the last deal of a limit. Each generator
here builds one of those on purpose, around random cards.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from heartspec.cards import CLUBS, HEARTS, card_name, face, parse_card, suit_of
from heartspec.rules.model import CompiledRules

QUEEN_OF_SPADES = parse_card("QS")
DEAL_KINDS = ("random", "hearts_only", "hearts_and_queen", "club_void_points", "moon")
ACE_OF_CLUBS = parse_card("AC")
START_KINDS = ("fresh", "near_target", "tie", "last_deal")


@dataclass(frozen=True)
class Deal:
    kind: str
    request: dict           # the `deal` request's card fields: hands, and kitty / stock where the rules have them
    shooter: int | None = None  # the seat a moon deal is built for: the planner plays it to win every trick


def deal_cards(rules: CompiledRules, rng: random.Random, kind: str) -> Deal:
    """A deal of `kind`; a kind the rules cannot hold (too few hearts for the hand...) falls back to random."""
    seat = rng.randrange(rules.players)
    picked = _pick(rules, rng, kind, seat)
    if picked is None:
        return _layout(rules, rng, {}, "random")
    return _layout(rules, rng, {seat: picked}, kind, shooter=seat if kind == "moon" else None)


def _pick(rules: CompiledRules, rng: random.Random, kind: str, seat: int) -> list[int] | None:
    """The physical cards that make the rare cell, for one seat (None: not possible here)."""
    size, deck = rules.hand_size, list(rules.deck)
    points = rules.face_points
    if kind == "hearts_only":
        pool = [c for c in deck if suit_of(c) == HEARTS]
    elif kind == "club_void_points":
        pool = [c for c in deck if suit_of(c) != CLUBS and points[face(c)] > 0]
    elif kind == "hearts_and_queen":
        # the ace of clubs wins the first trick, so this seat then leads holding only hearts and the queen
        # (or only hearts, where the queen is not in the deck) before hearts can be broken
        ace = [c for c in deck if face(c) == ACE_OF_CLUBS][:1]
        queen = [c for c in deck if face(c) == QUEEN_OF_SPADES][:1]
        hearts = [c for c in deck if suit_of(c) == HEARTS]
        rng.shuffle(hearts)
        picked = ace + queen + hearts[: size - len(ace) - len(queen)]
        return picked if len(picked) == size and ace else None
    elif kind == "moon":
        return _moon_hand(rules, deck, size, bonus_elsewhere=rng.random() < 0.5)
    else:
        return None
    if len(pool) < size:
        return None
    rng.shuffle(pool)
    return pool[:size]


def _moon_hand(rules: CompiledRules, deck: list[int], size: int, bonus_elsewhere: bool = False) -> list[int]:
    """The queen of spades and the top cards of every suit, the rest of the hand in hearts.

    `bonus_elsewhere`, where the deck has cards worth negative points (the Omnibus jack of
    diamonds), keeps them and the top of their suit out of the hand, so another seat can win
    them while this one takes every penalty card: the cell where a moon may need the bonus card.
    """
    points = rules.face_points
    bonus_suits = {suit_of(c) for c in deck if points[face(c)] < 0} if bonus_elsewhere else set()
    chosen = [c for c in deck if face(c) == QUEEN_OF_SPADES][:1]
    by_suit = {s: sorted((c for c in deck if suit_of(c) == s and c not in chosen), reverse=True) for s in range(4)}
    suits = [s for s in range(4) if s not in bonus_suits]
    per_suit = max(1, (size - 1) // (4 + len(bonus_suits)))  # fewer suits: more room for hearts
    for suit in suits:
        chosen += by_suit[suit][:per_suit]
    hearts = [c for c in by_suit[HEARTS] if c not in chosen]
    chosen += hearts[: size - len(chosen)]
    rest = [c for c in sorted(deck, reverse=True) if c not in chosen and suit_of(c) not in bonus_suits]
    chosen += rest[: size - len(chosen)]
    return chosen[:size]


def _layout(rules: CompiledRules, rng: random.Random, fixed: dict[int, list[int]], kind: str,
            shooter: int | None = None) -> Deal:
    rest = list(rules.deck)
    for cards in fixed.values():
        for card in cards:
            rest.remove(card)
    rng.shuffle(rest)
    size = rules.hand_size
    hands = []
    for seat in range(rules.players):
        if seat in fixed:
            hands.append(fixed[seat])
        else:
            hands.append(rest[:size])
            del rest[:size]
    request = {"hands": [_names(h) for h in hands]}
    if rules.kitty_size:
        request["kitty"] = _names(rest[: rules.kitty_size])
    if rules.stock_size:
        request["stock"] = [card_name(face(c)) for c in rest[rules.kitty_size:]]
    return Deal(kind, request, shooter)


def _names(cards: list[int]) -> list[str]:
    return sorted((card_name(face(c)) for c in cards), key=lambda name: parse_card(name))


def starting_options(rules: CompiledRules, rng: random.Random, kind: str) -> dict:
    """new_game options for a start of `kind`: dealer, deal number, and totals where the kind sets them."""
    n = rules.players
    cycle = max(1, len(rules.pass_cycle))
    options = {"dealer": rng.randrange(n), "deal_number": rng.randint(1, cycle)}
    if kind == "near_target" and rules.target:
        # one seat at the target or just below, the others far from it: whether reaching the target ends
        # the game, or only passing it, then depends on that seat alone
        options["totals"] = [rng.randint(0, rules.target // 2) for _ in range(n)]
        options["totals"][rng.randrange(n)] = max(0, rules.target - rng.choice((0, 0, 1, 2, 3)))
    elif kind == "tie" and rules.target:
        options["totals"] = [max(0, rules.target - rng.randint(1, 6))] * n
    elif kind == "last_deal" and rules.max_deals:
        options["deal_number"] = rules.max_deals
    if rules.partnership and "totals" in options:
        # a team's score is its two seats' sum; each seat holds half of it, so the team stands just below
        half = n // 2
        options["totals"] = [t // 2 for t in options["totals"][:half]] * 2
    return options


def start_kind_for(rules: CompiledRules, rng: random.Random) -> str:
    kinds = ["fresh", "fresh"]
    if rules.target:
        kinds += ["near_target", "tie"]
    if rules.max_deals:
        kinds += ["last_deal", "last_deal"]
    return rng.choice(kinds)


def deal_kind_for(rules: CompiledRules, rng: random.Random) -> str:
    """Half the deals random; the others built for a rare cell these rules have (read off the rule values)."""
    cells = {
        "hearts_only": rules.heart_leads_before_broken == "forbidden",
        "hearts_and_queen": "hearts_and_queen" in rules.heart_lead_exceptions or rules.heart_leads_before_broken == "forbidden",
        "club_void_points": rules.first_trick_points != "allowed",
        "moon": rules.moon_enabled,
    }
    kinds = [kind for kind in DEAL_KINDS[1:] if cells[kind]]
    if "hearts_and_queen" in rules.heart_lead_exceptions:
        kinds.append("hearts_and_queen")  # the cell only these rules have: give it a second share
    return "random" if not kinds or rng.random() < 0.5 else rng.choice(kinds)

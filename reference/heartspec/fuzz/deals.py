"""Explicit deals and starting positions, including the rare cells random play seldom reaches.

Uniform shuffles almost never give a seat nothing but hearts, or a club void
holding only point cards, or a hand that can take every point; games started
from zero seldom end on a tie or on the last deal of a limit. Each generator
here builds one of those on purpose, around random cards.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from heartspec.cards import CLUBS, HEARTS, card_name, face, parse_card, slot_of, suit_of
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
    passes: dict = field(default_factory=dict)  # seat -> the physical cards it is to pass (the planner passes them)


def deal_cards(rules: CompiledRules, rng: random.Random, kind: str, pass_offset: int | None = None) -> Deal:
    """A deal of `kind`; a kind the rules cannot hold (too few hearts for the hand...) falls back to random.

    `pass_offset` (the deal passes: the receiver is the giver's seat plus it) makes a first-trick hand hold
    after the exchange what it is built to hold, the giver passing it the cards it lacks."""
    seat = rng.randrange(rules.players)
    picked = _pick(rules, rng, kind, seat)
    if picked is None:
        return _layout(rules, rng, {}, "random")
    if kind == "club_void_points" and pass_offset and rules.pass_count:
        return _through_the_pass(rules, rng, seat, picked, (seat - pass_offset) % rules.players)
    return _layout(rules, rng, {seat: picked}, kind, shooter=seat if kind == "moon" else None)


def _through_the_pass(rules: CompiledRules, rng: random.Random, seat: int, wanted: list[int], giver: int) -> Deal:
    """`seat` holds `wanted` after the exchange: dealt all but `pass_count` of it and as many other cards, which
    it passes away, while `giver` is dealt the rest of `wanted` and passes it to `seat`."""
    count, size = rules.pass_count, rules.hand_size
    rest = [c for c in rules.deck if c not in wanted]
    rng.shuffle(rest)
    away, filler, rest = rest[:count], rest[count: count + size - count], rest[size:]
    kept, handed = wanted[: size - count], wanted[size - count:]
    deal = _layout(rules, rng, {seat: kept + away, giver: handed + filler}, "club_void_points", rest=rest)
    return Deal(deal.kind, deal.request, passes={seat: away, giver: handed})


def _pick(rules: CompiledRules, rng: random.Random, kind: str, seat: int) -> list[int] | None:
    """The physical cards that make the rare cell, for one seat (None: not possible here)."""
    size, deck = rules.hand_size, list(rules.deck)
    points = rules.face_points
    if kind == "hearts_only":
        pool = [c for c in deck if suit_of(c) == HEARTS]
        ace = [c for c in deck if face(c) == ACE_OF_CLUBS][:1]
        if ace and len(pool) >= size - 1 and rng.random() < 0.5:
            # the ace of clubs wins the first trick: then this seat leads, holding only hearts, before they broke
            rng.shuffle(pool)
            return ace + pool[: size - 1]
    elif kind == "club_void_points":
        pool = [c for c in deck if suit_of(c) != CLUBS and points[face(c)] > 0]
        if rules.first_trick_points == "allowed" or len(pool) < size:
            return _club_void_with_hearts(deck, size, rng)
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


def only_points_hand_possible(rules: CompiledRules) -> bool:
    """Whether a hand void in clubs can hold nothing but point cards (enough of them in the deck)."""
    points = rules.face_points
    return sum(1 for c in rules.deck if suit_of(c) != CLUBS and points[face(c)] > 0) >= rules.hand_size


def _club_void_with_hearts(deck: list[int], size: int, rng: random.Random) -> list[int]:
    """No club and half the hand hearts: on the first trick this seat discards, a heart most likely (where the
    rules let points fall there, or where no hand can hold only points and the ban must give way elsewhere)."""
    hearts = [c for c in deck if suit_of(c) == HEARTS]
    others = [c for c in deck if suit_of(c) not in (CLUBS, HEARTS)]
    rng.shuffle(hearts)
    rng.shuffle(others)
    picked = hearts[: max(1, size // 2)]
    picked += others[: size - len(picked)]
    return picked if len(picked) == size else None


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
            shooter: int | None = None, rest: list[int] | None = None) -> Deal:
    if rest is None:
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


def low_hands(rules: CompiledRules, rng: random.Random, seats: set[int]) -> Deal:
    """`seats` hold the lowest cards without points: they seldom win a trick, so they take the same points
    (none) and stay level (the tie start of heartspec.fuzz.plan)."""
    points = rules.face_points
    plain = sorted((c for c in rules.deck if points[face(c)] == 0), key=lambda c: (slot_of(c), rng.random()))
    fixed: dict[int, list[int]] = {seat: [] for seat in sorted(seats)}
    for card in plain[: rules.hand_size * len(fixed)]:
        min(fixed.values(), key=len).append(card)
    if any(len(cards) < rules.hand_size for cards in fixed.values()):
        return deal_cards(rules, rng, "random")
    return _layout(rules, rng, fixed, "low_pair")


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
    elif kind == "tie" and rules.target and rules.partnership:
        options["totals"] = [max(0, rules.target - rng.randint(1, 6))] * n
    elif kind == "tie" and rules.target:
        # two seats level and low, the others a few points short of the target: the deal ends the game, and the
        # two (who play their lowest cards, heartspec.fuzz.plan) tie for the win when they take the same points
        low = rng.randint(0, rules.target // 2)
        options["totals"] = [max(0, rules.target - rng.randint(1, 3)) for _ in range(n)]
        for seat in rng.sample(range(n), 2):
            options["totals"][seat] = low
        if "none" in rules.pass_cycle:  # no pass brings them a point card
            options["deal_number"] = rules.pass_cycle.index("none") + 1
    elif kind == "last_deal" and rules.max_deals:
        options["deal_number"] = rules.max_deals
    if rules.partnership and "totals" in options:
        # a team's score is its two seats' sum; each seat holds half of it, so the team stands just below
        half = n // 2
        options["totals"] = [t // 2 for t in options["totals"][:half]] * 2
    return options


def start_kind_for(rules: CompiledRules, rng: random.Random, aims: frozenset[str] = frozenset()) -> str:
    """A fresh start, or one built for an ending these rules have; aimed at a cell in `aims` (still short) where
    one of them needs a start (heartspec.fuzz.cells)."""
    from heartspec.fuzz.cells import aimed_kind

    kinds = ["fresh", "fresh"]
    if rules.target:
        kinds += ["near_target", "tie"]
    if rules.max_deals:
        kinds += ["last_deal", "last_deal"]
    return (aimed_kind(kinds, aims, "start_kind", rng) if aims else None) or rng.choice(kinds)


def deal_kind_for(rules: CompiledRules, rng: random.Random, aims: frozenset[str] = frozenset()) -> str:
    """Half the deals random; the others built for a rare cell these rules have (read off the rule values),
    most of them aimed at a cell in `aims` (still short) where one is."""
    from heartspec.fuzz.cells import aimed_kind

    cells = {
        "hearts_only": rules.heart_leads_before_broken == "forbidden",
        "hearts_and_queen": "hearts_and_queen" in rules.heart_lead_exceptions or rules.heart_leads_before_broken == "forbidden",
        # a void in the led suit of the first trick: only point cards where the ban holds, else a heart falls freely
        "club_void_points": True,
        "moon": rules.moon_enabled,
    }
    kinds = [kind for kind in DEAL_KINDS[1:] if cells[kind]]
    aimed = aimed_kind(kinds, aims, "deal_kind", rng) if aims else None
    if aimed:
        return aimed
    if "hearts_and_queen" in rules.heart_lead_exceptions:
        kinds.append("hearts_and_queen")  # the cell only these rules have: give it a second share
    return "random" if not kinds or rng.random() < 0.5 else rng.choice(kinds)

"""Seat players for simulations: `random`, `heuristic`, and bots a user plugs in.

Every bot answers three questions about one seat of an engine `Game` and sees
the cards through the engine's own masks (physical card ids, heartspec.cards):

    pass_cards(game, seat) -> mask of exactly rules.pass_count cards from the hand
    play(game, seat, legal) -> one physical card taken from the mask `legal`
    choose(game, seat) -> "add_to_others" | "subtract_from_self"

A bot is built per game and seat from a seed (`make(seed)`), so the same seed
plays the same way under every ruleset of a paired simulation. The simulator
hands `play` the engine's legal mask and refuses anything outside it.

- **random**: passes and plays uniformly at random among the legal choices; picks the moon option at random.
- **heuristic**: plays by the strategy advice the guides give (see HeuristicBot).
- **module:function** or **exec:COMMAND**: a user's bot speaking the seat protocol (docs/seat-protocol.md).
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Callable

from heartspec.cards import HEARTS, IDS_PER_DECK, SLOTS_PER_SUIT, SPADES, cards_of, parse_card, suit_mask
from heartspec.engine.scoring import MOON_CHOICES, deal_points, game_winners, partner_of
from heartspec.engine.selfplay import random_card
from heartspec.rules.model import CompiledRules

QUEEN = parse_card("QS")
QUEEN_SLOT = QUEEN % SLOTS_PER_SUIT
LOW_SPADES_THAT_GUARD_THE_QUEEN = 4  # dk §Strategi and se §Strategi both name four low spades
MOON_THREAT_POINTS = 8  # point cards one other seat has taken before the bot spoils its moon


class BotError(Exception):
    """A bot answered with something the rules do not allow, or could not be loaded or reached."""


# Rank inside its suit (0 = the 2, comparable across suits and copies) and suit, by physical id:
# table lookups, because the heuristic asks them for every card it weighs.
RANK = [card % SLOTS_PER_SUIT for card in range(2 * IDS_PER_DECK)]
SUIT = [(card % IDS_PER_DECK) // SLOTS_PER_SUIT for card in range(2 * IDS_PER_DECK)]
HIGH_HEART_SLOT = parse_card("JH") % SLOTS_PER_SUIT
rank = RANK.__getitem__
suit = SUIT.__getitem__


@lru_cache(maxsize=64)
def _tables(rules: CompiledRules) -> tuple[list[int], int, int]:
    """Per ruleset: physical suit masks, the cards worth points, and every copy of the queen of spades."""
    suits = [suit_mask(s, rules.copies) for s in range(4)]
    points = queen = 0
    for card in rules.deck:
        if rules.face_points[card % IDS_PER_DECK] > 0:
            points |= 1 << card
        if card % IDS_PER_DECK == QUEEN:
            queen |= 1 << card
    return suits, points, queen


class RandomBot:
    """Uniformly random among the legal choices: the baseline that knows no strategy."""

    name = "random"

    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def pass_cards(self, game, seat: int) -> int:
        left, chosen = game.hands[seat], 0
        for _ in range(game.rules.pass_count):
            card = 1 << random_card(left, self.rng)
            chosen |= card
            left ^= card
        return chosen

    def play(self, game, seat: int, legal: int) -> int:
        return random_card(legal, self.rng)

    def choose(self, game, seat: int) -> str:
        return self.rng.choice(MOON_CHOICES)


class HeuristicBot:
    """The guides' strategy advice as habits (each guide's strategy section, see docs/simulate.md).

    Passing: gives away the queen, ace and king of spades unless four low spades guard them, empties
    a short side suit to become void, then passes high hearts and high cards, keeping low ones.
    Play: ducks under the card winning the trick; while the queen is out it leads low spades to
    drive her out and never leads its own high spades; when void it sheds the queen first, then
    high spades, then its highest heart; it takes a heart to stop someone shooting the moon; and
    it picks the moon option that ends the game in its favour. Ties are broken by its seeded rng.
    """

    name = "heuristic"

    def __init__(self, seed: int):
        self.rng = random.Random(seed)
        self._rules = self._table = None

    def _tables(self, rules: CompiledRules) -> tuple[list[int], int, int]:
        if rules is not self._rules:  # hashing CompiledRules on every move would cost more than the move
            self._rules, self._table = rules, _tables(rules)
        return self._table

    # ----------------------------------------------------------------- passing

    def pass_cards(self, game, seat: int) -> int:
        suits, points, queen = self._tables(game.rules)
        hand = game.hands[seat]
        count = game.rules.pass_count
        low_spades = sum(1 for c in cards_of(hand & suits[SPADES]) if rank(c) < QUEEN_SLOT)
        guarded = low_spades >= LOW_SPADES_THAT_GUARD_THE_QUEEN
        short = self._short_side_suit(hand, suits, count)
        danger = {card: self._pass_danger(card, guarded, short, points) for card in cards_of(hand)}
        order = sorted(danger, key=lambda c: (-danger[c], self.rng.random()))
        chosen = 0
        for card in order[:count]:
            chosen |= 1 << card
        return chosen

    @staticmethod
    def _short_side_suit(hand: int, suits: list[int], count: int) -> int | None:
        """A club or diamond suit short enough to pass away entirely (dk: two diamonds, pass both)."""
        lengths = [((suits[s] & hand).bit_count(), s) for s in (0, 1)]
        fits = [(n, s) for n, s in lengths if 0 < n <= count]
        return min(fits)[1] if fits else None

    @staticmethod
    def _pass_danger(card: int, guarded: bool, short: int | None, points: int) -> float:
        r, s = rank(card), suit(card)
        if s == SPADES and r >= QUEEN_SLOT and not guarded:
            return 100 + r
        if s == SPADES and r == QUEEN_SLOT:
            return -1.0  # guarded by low spades, she is safer kept than handed to a neighbour
        if s == short:
            return 80 + r
        if s == HEARTS and r >= HIGH_HEART_SLOT:
            return 60 + r
        return r + (0.5 if (1 << card) & points else 0)

    # ----------------------------------------------------------------- play

    def play(self, game, seat: int, legal: int) -> int:
        if not legal & (legal - 1):
            return legal.bit_length() - 1
        suits, points, queen = self._tables(game.rules)
        cards = cards_of(legal)
        queen_out = self._queen_out(game, seat, queen)
        if not game.trick:
            return self._lead(cards, queen_out)
        led = suit(game.trick[0][1])
        if suit(cards[0]) == led:  # legal cards of the led suit mean the seat follows
            return self._follow(game, seat, cards, led, points, queen)
        return self._discard(cards, queen_out, queen)

    @staticmethod
    def _queen_out(game, seat: int, queen: int) -> bool:
        """The queen is still to come from someone else: not yet taken, not in this trick, not ours."""
        gone = game.hands[seat]
        for taken in game.taken:
            gone |= taken
        for _, card in game.trick:
            gone |= 1 << card
        return bool(queen & ~gone)

    def _lead(self, cards: list[int], queen_out: bool) -> int:
        spades_low = [c for c in cards if suit(c) == SPADES and rank(c) < QUEEN_SLOT]
        holds_high_spade = any(suit(c) == SPADES and rank(c) >= QUEEN_SLOT for c in cards)
        if queen_out and spades_low and not holds_high_spade:
            return max(spades_low, key=rank)  # drive the queen out with spades that cannot win her
        safe = [c for c in cards if not (queen_out and suit(c) == SPADES and rank(c) >= QUEEN_SLOT)] or cards
        side = [c for c in safe if suit(c) != HEARTS] or safe
        lengths = {s: sum(1 for c in side if suit(c) == s) for s in {suit(c) for c in side}}
        shortest = min(lengths, key=lambda s: (lengths[s], self.rng.random()))
        return min((c for c in side if suit(c) == shortest), key=rank)

    def _follow(self, game, seat: int, cards: list[int], led: int, points: int, queen: int) -> int:
        best = max(rank(c) for _, c in game.trick if suit(c) == led)
        trick_points = any((1 << c) & points for _, c in game.trick)
        if trick_points and self._moon_threat(game, seat, points):
            return max(cards, key=rank)  # take the heart that spoils someone's moon
        queens = [c for c in cards if (1 << c) & queen]
        if queens and best > QUEEN_SLOT:
            return queens[0]  # someone above the queen wins this spade trick: shed her on it
        under = [c for c in cards if rank(c) < best and not (1 << c) & queen]
        if under:
            return max(under, key=rank)  # duck as high as still loses
        last = len(game.trick) == game.players - 1
        clean = [c for c in cards if not (1 << c) & queen] or cards
        if last and not trick_points:
            return max(clean, key=rank)  # winning anyway, with nothing in it: unload a high card
        return min(clean, key=rank)

    @staticmethod
    def _moon_threat(game, seat: int, points: int) -> bool:
        """One other seat has every point card taken so far, and a good share of them."""
        holders = [s for s, taken in enumerate(game.taken) if taken & points]
        if len(holders) != 1 or holders[0] == seat:
            return False
        return (game.taken[holders[0]] & points).bit_count() >= MOON_THREAT_POINTS

    @staticmethod
    def _discard(cards: list[int], queen_out: bool, queen: int) -> int:
        queens = [c for c in cards if (1 << c) & queen]
        if queens:
            return queens[0]
        high_spades = [c for c in cards if suit(c) == SPADES and rank(c) > QUEEN_SLOT]
        if queen_out and high_spades:
            return max(high_spades, key=rank)
        hearts = [c for c in cards if suit(c) == HEARTS]
        if hearts:
            return max(hearts, key=rank)
        return max(cards, key=rank)

    # ----------------------------------------------------------------- the moon

    def choose(self, game, seat: int) -> str:
        """The option that ends the game with this seat winning; else the one that does not end it."""
        rules = game.rules
        outcomes = {}
        nothing = [0] * game.players
        spared = partner_of(seat, game.players) if rules.partnership and rules.moon_partner == "spared" else None
        for option in MOON_CHOICES:
            moved = deal_points(nothing, nothing, seat, option, rules.moon_amount, spared=spared)
            totals = [t + m for t, m in zip(game.totals, moved)]
            outcomes[option] = game_winners(
                totals, game.deal_number, partnership=rules.partnership, target=rules.target,
                end_condition=rules.end_condition, max_deals=rules.max_deals, ties=rules.ties,
                team_target=rules.team_target)
        for option, winners in outcomes.items():
            if winners is not None and seat in winners:
                return option
        for option, winners in outcomes.items():
            if winners is None:
                return option
        return MOON_CHOICES[0]


BUILT_IN: dict[str, Callable[[int], object]] = {"random": RandomBot, "heuristic": HeuristicBot}

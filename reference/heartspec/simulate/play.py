"""One game under one ruleset, seat bots choosing from the engine's legal moves, measured deal by deal.

Deals are paired across rulesets: deal k of game g draws one random key per
physical card id from a seed made of (run seed, g, k), and the deck is sorted by
those keys, so cards two rulesets share lie in the same order even when their
decks differ (a removed 2, an added joker). Each seat's bot is seeded from
(run seed, g, seat), so the same bots meet the same cards under every ruleset.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from heartspec.cards import IDS_PER_DECK, cards_of, parse_card
from heartspec.engine.game import Game
from heartspec.engine.scoring import game_winners
from heartspec.rules.model import CompiledRules
from heartspec.simulate.bots import BotError

QUEEN = parse_card("QS")
MAX_DEALS_PER_GAME = 1000

# Everything counted as "a rule decided": the engine's rule_counts keys (Game.legal_mask,
# Game.trick_winner) and the two this module notes itself. Fixed, so every game reports every key.
COUNTED_RULES = (
    "first_trick.points",            # a point card refused on the first trick
    "first_trick.when_only_points",  # the first-trick ban could not be kept: only point cards were legal
    "heart_leads.before_broken",     # a heart refused as a lead before hearts were broken
    "heart_leads.exceptions",        # a heart led before hearts broke, by an exception (hearts only, ...)
    "following.identical_cards",     # identical cards met in a trick and cancelled
    "following.all_cancelled",       # every led-suit card cancelled (leader takes, or set aside)
    "deck.kitty_to",                 # a kitty went to the first trick's winner
    "game_end.ties",                 # a tie for lowest sent the table into an extra deal
)


def derived_seed(*parts: object) -> int:
    """A seed from parts, the same in every process (str seeding hashes with SHA-512)."""
    return random.Random("/".join(map(str, parts))).getrandbits(63)


@dataclass
class GameRecord:
    """What one game measured: one dict of numbers per deal, and the game's own numbers."""

    deals: list[dict] = field(default_factory=list)
    game: dict = field(default_factory=dict)


def paired_deck(rules: CompiledRules, seed: int) -> list[int]:
    """The deck in dealing order: a random key per physical card id, drawn from `seed`, the deck sorted by them."""
    draw = random.Random(seed).random
    keys = [draw() for _ in range(IDS_PER_DECK * rules.copies)]
    return sorted(rules.deck, key=keys.__getitem__)


def play_game(rules: CompiledRules, makers: list, seed: int, index: int, decks=None) -> GameRecord:
    """Play game `index` of a run seeded `seed` to its end; `makers[s]` builds seat s's bot from a seed.

    `decks(deal_number)`, when given, deals those cards instead of the paired deck (re-playing another
    player's games, such as the compiled core's, through this code)."""
    if decks is None:
        def decks(number: int) -> list[int]:
            return paired_deck(rules, derived_seed(seed, index, "deal", number))
    game = Game(rules)
    game.quiet = True
    bots = [make(derived_seed(seed, index, "seat", s)) for s, make in enumerate(makers)]
    record = GameRecord()
    extra_deals = 0
    while game.phase != "game_over":
        if game.deals_scored >= MAX_DEALS_PER_GAME:
            raise BotError(f"a game of {rules.ruleset} did not end after {MAX_DEALS_PER_GAME} deals")
        deal = _play_deal(game, bots, decks(game.deal_number))
        if game.phase != "game_over" and _tie_kept_playing(game):
            deal["game_end.ties"] = 1
            extra_deals += 1
        record.deals.append(deal)
    record.game = {
        "deals": game.deals_scored,
        "extra_deals": extra_deals,
        "shared_win": int(len(game.winners) > 1),
        "money_cents": [round(amount * 100) for amount in game.money],
    }
    return record


def _play_deal(game: Game, bots: list, deck: list[int]) -> dict:
    rules, n = game.rules, game.players
    game.deal_physical(deck)
    counts = game.rule_counts = Counter()
    queen_holder = _queen_holder(game)
    kitty_points = sum(rules.face_points[c % IDS_PER_DECK] for c in cards_of(game.kitty))
    if game.kitty:
        counts["deck.kitty_to"] += 1
    moves = play_out_deal(game, bots)
    game.rule_counts = None
    deal = {f"points.seat{s}": p for s, p in enumerate(game.last_deal_points)}
    if queen_holder is not None:
        deal["points.queen_holder"] = game.last_deal_points[queen_holder]
    deal["moon"] = int(game.last_moon is not None)
    deal["tricks"] = moves // n
    deal["kitty.points"] = kitty_points
    for key in COUNTED_RULES:
        deal[key] = counts.get(key, 0)
    return deal


def play_out_deal(game: Game, bots: list) -> int:
    """Play the deal in progress to its score, from wherever it stands: the passes still to make, the cards
    still to play (each from the engine's legal mask), the moon's choice. Returns the cards played."""
    if game.phase == "passing":
        for seat in range(game.players):
            if seat not in game.passes:
                game.pass_physical(seat, _checked_pass(game, bots[seat], seat))
    moves = 0
    while game.phase == "playing":
        seat = game.turn
        legal = game.legal_mask(seat)
        card = bots[seat].play(game, seat, legal)
        if not (legal >> card) & 1:
            raise BotError(f"bot {bots[seat].name} (seat {seat}) played a card outside the legal moves")
        game.play_physical(seat, card)
        moves += 1
    if game.phase == "moon_choice":
        shooter = game.turn
        game.choose(shooter, bots[shooter].choose(game, shooter))
    return moves


def _queen_holder(game: Game) -> int | None:
    """The seat dealt the queen of spades (one deck only: with two, two seats hold one)."""
    if game.rules.copies != 1:
        return None
    for seat, hand in enumerate(game.hands):
        if hand >> QUEEN & 1:
            return seat
    return None


def _checked_pass(game: Game, bot, seat: int) -> int:
    chosen = bot.pass_cards(game, seat)
    if chosen & ~game.hands[seat] or chosen.bit_count() != game.rules.pass_count:
        raise BotError(f"bot {bot.name} (seat {seat}) must pass {game.rules.pass_count} cards from its hand")
    return chosen


def _tie_kept_playing(game: Game) -> bool:
    """The deal just scored would have ended the game, had a tie for lowest not required another deal."""
    rules = game.rules
    if rules.ties != "extra_deal":
        return False
    return game_winners(game.totals, game.deal_number - 1, partnership=rules.partnership, target=rules.target,
                        end_condition=rules.end_condition, max_deals=rules.max_deals, ties="shared",
                        team_target=rules.team_target) is not None


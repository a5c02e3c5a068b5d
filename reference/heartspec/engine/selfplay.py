"""Random legal-move self-play over the engine's fast path, optionally logging protocol requests.

The log is plain protocol requests, one JSON object per line (new_game, deal with
explicit cards, pass, play, choose), so `heartspec replay` re-drives the same games.
"""

from __future__ import annotations

import json
import random
import time
from dataclasses import dataclass
from typing import Callable, TextIO

from heartspec.cards import card_name, cards_of, face
from heartspec.engine import accel as accelerated
from heartspec.engine.game import CARD_BITS, Game
from heartspec.engine.scoring import MOON_CHOICES
from heartspec.limits import MAX_DEALS_PER_GAME, check_games
from heartspec.rules.model import CompiledRules


@dataclass(frozen=True)
class Summary:
    games: int
    deals: int
    moons: int
    avg_points_per_deal: float
    hands_per_second: float


def random_card(mask: int, rng: random.Random) -> int:
    """A uniformly chosen set bit of `mask`, without building a list."""
    for _ in range(int(rng.random() * mask.bit_count())):  # random() is much cheaper than randrange()
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


class _Log:
    """Writes protocol requests; a no-op when there is no file."""

    def __init__(self, out: TextIO | None):
        self.out = out
        self.play_out = Game.play_randomly  # how an unlogged deal is played out (or heartspec.engine.accel's)

    def write(self, request: dict) -> None:
        if self.out is not None:
            self.out.write(json.dumps(request, separators=(",", ":")) + "\n")

    def names(self, cards) -> list[str]:
        return [card_name(c) for c in cards]


def play_games(
    rules: CompiledRules | Callable[[], CompiledRules],
    games: int,
    seed: int | None,
    log: TextIO | None = None,
    options: dict | None = None,
    max_deals_per_game: int = MAX_DEALS_PER_GAME,
    accel: bool = False,
) -> Summary:
    """Play `games` whole games with a random legal player; `seed` makes the run reproducible.

    `accel` plays each deal out with the optional compiled playout (heartspec.engine.accel),
    which makes the same moves; it raises AccelUnavailable when that is not installed.
    """
    check_games(games)
    compiled = rules() if callable(rules) else rules
    rng = random.Random(seed)
    logger = _Log(log)
    if accel:
        accelerated.require()
        logger.play_out = accelerated.play_randomly
    deals = moons = points = 0
    started = time.perf_counter()
    for _ in range(games):
        game_deals, game_moons, game_points = _play_one_game(compiled, rng, logger, options or {}, max_deals_per_game)
        deals += game_deals
        moons += game_moons
        points += game_points
    elapsed = time.perf_counter() - started
    return Summary(games=games, deals=deals, moons=moons,
                   avg_points_per_deal=points / deals if deals else 0.0,
                   hands_per_second=deals / elapsed if elapsed > 0 else 0.0)


class GameDidNotEnd(RuntimeError):
    """A self-played game went past its deal limit: its rules (a target out of reach) may never end it."""


OPEN_ENDED_DEALS = 20  # the most deals a random table plays before stopping an open-ended game


def _play_one_game(rules: CompiledRules, rng: random.Random, log: _Log, options: dict, max_deals: int):
    log.write({"cmd": "new_game", "ruleset": rules.ruleset, "players": rules.players,
               "variants": list(rules.variants), "options": options})
    game = Game(rules, **{k: options[k] for k in ("dealer", "deal_number", "totals") if k in options})
    game.quiet = True
    moons = points = 0
    # An open-ended game (money settled per deal, no target, no deal limit) ends when the table
    # stops: the random table stops after a random number of deals.
    stop_after = rng.randint(1, OPEN_ENDED_DEALS) if rules.target is None and rules.max_deals is None else None
    while game.phase != "game_over":
        if game.deals_scored == stop_after:
            log.write({"cmd": "stop"})
            game.stop()
            break
        if game.deals_scored >= max_deals:
            raise GameDidNotEnd(f"a game of {rules.ruleset} did not end after {max_deals:,} deals (its target or "
                                f"deal limit may be out of reach)")
        _play_one_deal(game, rng, log)
        if game.phase == "moon_choice":
            option = rng.choice(MOON_CHOICES)
            log.write({"cmd": "choose", "seat": game.turn, "option": option})
            game.choose(game.turn, option)
        moons += game.last_moon is not None
        points += sum(game.last_deal_points)
    return game.deals_scored, moons, points


def _play_one_deal(game: Game, rng: random.Random, log: _Log) -> None:
    # not deal_seeded: seeding a fresh Random per deal costs more than the shuffle, and sorting
    # on random keys is a uniform shuffle that is cheaper than Random.shuffle
    random = rng.random
    cards = sorted(game.rules.deck, key=lambda _: random())
    game.deal_physical(cards)
    if log.out is not None:
        hands, kitty, stock = game.dealt
        request = {"cmd": "deal", "hands": [log.names(h) for h in hands]}
        if kitty:
            request["kitty"] = log.names(kitty)
        if stock:
            request["stock"] = log.names(stock)
        log.write(request)
    if game.phase == "passing":
        _pass_randomly(game, cards, log)
    if log.out is None:
        log.play_out(game, rng.random)
        return
    while game.phase == "playing":
        seat = game.turn
        card = random_card(game.legal_mask(seat), rng)
        log.write({"cmd": "play", "seat": seat, "card": card_name(card)})
        game.play_physical(seat, card)


def _pass_randomly(game: Game, cards: list[int], log: _Log) -> None:
    """Each seat passes the first cards of its slice of the shuffled deck.

    The shuffle is uniform, so the order of a hand inside its slice is uniform too and its
    first `pass_count` cards are a uniformly random choice from the hand: a random pass that
    needs no further random numbers (passing was a fifth of a self-play deal).
    """
    count, size, bit = game.rules.pass_count, game.rules.hand_size, CARD_BITS.__getitem__
    chosen = [sum(map(bit, cards[start: start + count])) for start in range(0, game.players * size, size)]
    if log.out is not None:
        for seat, mask in enumerate(chosen):
            log.write({"cmd": "pass", "seat": seat, "cards": log.names(face(c) for c in cards_of(mask))})
    game.pass_all_physical(chosen)

"""The optional compiled core (accel/heartspec_core.c): whole random games in C, from CompiledRules as data.

`play_games(rules, games, seed)` plays `games` whole games with a random legal player in C, a
batch of CORE_LOG_CHUNK_GAMES games a call, with the core's own seeded generator: the same seed gives the same games (not the pure
engine's games, which draw from Python's random). `table(rules)` is everything the core reads:
masks, numbers and flags derived from CompiledRules and the engine's own derived tables, never
a ruleset's or variant's name. With `log` the games are also written as a move log that
`heartspec replay` accepts; tests/test_engine_core.py replays such logs through the reference
engine and checks every legal set and every score on the way.

The pure-Python engine stays the reference and the default. A game the core cannot play yet
(`unsupported(rules)` says why) is played by the pure engine, and that is said once per reason.
"""

from __future__ import annotations

import hashlib
import json
import sys
import time
from fractions import Fraction
from functools import lru_cache
from typing import TextIO

from heartspec.cards import IDS_PER_DECK, card_name, face
from heartspec.engine import selfplay
from heartspec.engine.game import PASS_DIRECTIONS, Game, _derived_tables
from heartspec.engine.scoring import MOON_CHOICES
from heartspec.limits import COMPILED_RULES_CACHED, CORE_LOG_CHUNK_GAMES, MAX_DEALS_PER_GAME, check_games
from heartspec.rules.model import CompiledRules

GAME_OPTIONS = ("dealer", "deal_number", "totals")  # the new_game options a Game takes

INTERFACE = 4  # the table, the calls and the Game type this package uses (heartspec_core.INTERFACE)
# the core's fixed tables and the ranges its table reader accepts (heartspec_core.c, read_rules)
MAX_SEATS, MAX_CYCLE, MAX_OPENING, MAX_CLASSES = 16, 16, 8, 16
MAX_CARD_POINTS, MAX_MOON, MAX_TARGET = 10_000, 100_000, 1_000_000
MASK_HALF = 56  # masks cross into C as two 56-bit halves, each inside a C long long
LOG_GAME, LOG_DEAL, LOG_PASS, LOG_PLAY, LOG_CHOOSE, LOG_STOP, LOG_END = -1, -2, -3, -4, -5, -6, -7

try:
    import heartspec_core as _native
except ImportError:  # the extra is not installed
    _native = None
_stale = _native is not None and getattr(_native, "INTERFACE", 0) != INTERFACE
if _stale:
    _native = None

_told: set[str] = set()


class CoreUnavailable(RuntimeError):
    """The compiled core was asked for but is not installed (or is from an older checkout)."""


def available() -> bool:
    return _native is not None


def require() -> None:
    if _native is None:
        state = "built from an older checkout" if _stale else "not installed"
        raise CoreUnavailable(f"the compiled core is {state}: pip install ./accel (from a heartspec checkout)")


def unsupported(rules: CompiledRules) -> str | None:
    """Why the core cannot play these rules yet, or None when it can."""
    if rules.players > MAX_SEATS:
        return f"more than {MAX_SEATS} players"
    if len(rules.pass_cycle) > MAX_CYCLE:
        return f"a pass cycle longer than {MAX_CYCLE} deals"
    if len(rules.opening_cards) > MAX_OPENING:
        return f"more than {MAX_OPENING} opening cards"
    if len({p for p in rules.face_points if p}) > MAX_CLASSES:
        return f"more than {MAX_CLASSES} different card values"
    if any(abs(points) > MAX_CARD_POINTS for points in rules.face_points) or not 0 <= rules.moon_amount <= MAX_MOON:
        return f"card values past {MAX_CARD_POINTS} or a moon past {MAX_MOON} points"
    if abs(rules.target or 0) > MAX_TARGET or (rules.max_deals or 0) > MAX_TARGET:
        return f"a target or deal limit past {MAX_TARGET:,}"
    return None


def _mask(value: int) -> tuple[int, int]:
    return value & ((1 << MASK_HALF) - 1), value >> MASK_HALF


def pass_cycle(rules: CompiledRules) -> list[str]:
    """The pass direction of each slot of the core's pass cycle (deal d plays slot (d - 1) % len)."""
    cycle = [direction for direction in rules.pass_cycle if direction in PASS_DIRECTIONS] or ["none"]
    return ["none"] if rules.pass_count == 0 else cycle


@lru_cache(maxsize=COMPILED_RULES_CACHED)
def table(rules: CompiledRules) -> tuple[int, ...]:
    """The rules as the core reads them, in the order heartspec_core.c's read_rules reads them (kept per
    CompiledRules: a protocol session starts many games)."""
    d = _derived_tables(rules)
    n = rules.players
    offsets = d["_pass_offsets"]
    cycle = pass_cycle(rules)
    out: list[int] = [n, rules.copies, rules.hand_size, rules.kitty_size, rules.stock_size, len(rules.deck),
                      rules.dealer_rotation, *rules.deck, rules.pass_count, len(cycle)]
    for direction in cycle:
        out += [0, 0] if direction == "none" else [1, offsets[direction]]
    out += [rules.opening_leader == "card_holder", len(rules.opening_cards), *rules.opening_cards,
            rules.opening_fallback == "lowest_club", rules.opening_lead_restriction == "non_point",
            *_mask(d["_opening_barred"]), *_mask(d["_first_trick_barred"]), d["_first_trick_guarded"],
            d["_ban_before_suit"], d["_hearts_lead_guarded"], d["_hearts_and_queen"],
            *_mask(d["_hearts"]), *_mask(d["_queen"])]
    for breakers in d["_hearts_breakers"]:
        out += _mask(breakers)
    draw = {None: 0, "winner_first": 1, "replace_immediately": 2}[rules.draw_order if rules.stock_size else None]
    out += [d["_cancel"], rules.all_cancelled == "next_trick_winner", draw, len(d["_point_classes"])]
    for value, cards in d["_point_classes"]:
        out += [value, *_mask(cards)]
    out += [*_mask(d["_moon_mask"]), ("add_to_others", "subtract_from_self", "shooter_choice").index(rules.moon_effect),
            rules.moon_amount, rules.moon_bonus_cards == "kept", rules.partnership,
            rules.partnership and rules.moon_partner == "spared", rules.team_target,
            rules.target is not None, rules.target or 0, rules.end_condition == "exceeds",
            rules.max_deals is not None, rules.max_deals or 0, rules.ties == "extra_deal",
            ("none", "pot", "pairwise", "zero_point_pot").index(rules.settlement),
            rules.pot_on_zero == "zero_or_less", rules.unclaimed_pot == "to_winners",
            rules.target is None and rules.max_deals is None, selfplay.OPEN_ENDED_DEALS]
    return tuple(map(int, out))


def _start(rules: CompiledRules, options: dict) -> tuple[int, int, tuple[int, ...]]:
    """Where each game starts (the new_game options dealer, deal_number, totals), checked as the engine checks them."""
    game = Game(rules, **{name: options[name] for name in GAME_OPTIONS if name in options})
    return game.dealer, game.deal_number, tuple(game.totals)


def play_games(rules: CompiledRules, games: int, seed: int | None, log: TextIO | None = None,
               options: dict | None = None, max_deals_per_game: int = MAX_DEALS_PER_GAME) -> selfplay.Summary:
    """`games` whole random games in the core; the pure engine where `unsupported(rules)` or the start options
    are past the core's numbers (said once). Played CORE_LOG_CHUNK_GAMES at a time, each chunk logged before
    the next is played, so a move log takes the same memory however many games it holds; chunk 0 draws from
    `seed` itself, chunk k from a seed derived from `seed` and k (so the same seed gives the same games)."""
    require()
    check_games(games)
    options = options or {}
    start = _start(rules, options)
    reason = unsupported(rules) or _start_out_of_range(*start)
    if reason is not None:
        _tell_once(f"heartspec: the compiled core cannot play {rules.ruleset} yet ({reason}); "
                   "the pure engine plays it")
        return selfplay.play_games(rules, games, seed, log=log, options=options, max_deals_per_game=max_deals_per_game)
    if seed is None:
        seed = time.time_ns()
    started = time.perf_counter()
    deals = moons = points = 0
    for chunk, first in enumerate(range(0, games, CORE_LOG_CHUNK_GAMES)):
        count = min(CORE_LOG_CHUNK_GAMES, games - first)
        try:
            chunk_deals, chunk_moons, chunk_points, moves = _native.play(
                table(rules), count, chunk_seed(seed, chunk), start, max_deals_per_game, log is not None)
        except RuntimeError as err:
            if "did not end" in str(err):
                raise selfplay.GameDidNotEnd(f"a game of {rules.ruleset} did not end after {max_deals_per_game:,} "
                                             "deals (its target or deal limit may be out of reach)") from None
            raise
        deals, moons, points = deals + chunk_deals, moons + chunk_moons, points + chunk_points
        if log is not None:
            for game in games_of(moves, rules):
                for request in requests_of(game, rules, options):
                    log.write(json.dumps(request, separators=(",", ":")) + "\n")
    elapsed = time.perf_counter() - started
    return selfplay.Summary(games=games, deals=deals, moons=moons, avg_points_per_deal=points / deals if deals else 0.0,
                            hands_per_second=deals / elapsed if elapsed > 0 else 0.0)


def chunk_seed(seed: int, chunk: int) -> int:
    """The core's seed for the chunk-th batch of games: `seed` itself first, then a hash of (seed, chunk), so
    batches never share a generator state (consecutive seeds would: the core seeds through splitmix64)."""
    if chunk == 0:
        return seed & (1 << 64) - 1
    digest = hashlib.blake2b(f"{seed}:{chunk}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little")


def _start_out_of_range(dealer: int, deal_number: int, totals: tuple[int, ...]) -> str | None:
    from heartspec.engine.core_game import _start_out_of_range as out_of_range

    return out_of_range(dealer, deal_number, list(totals))


def _tell_once(message: str) -> None:
    if message not in _told:
        _told.add(message)
        print(message, file=sys.stderr)


# ------------------------------------------------------------------ the move log

def read_mask(items: list[int], at: int) -> int:
    """A mask the core wrote as four 32-bit words, low first (the move log, the events)."""
    return sum((items[at + word] & 0xFFFFFFFF) << (32 * word) for word in range(4))


def games_of(items: list[int], rules: CompiledRules) -> list[list[tuple]]:
    """The core's flat record cut into games of entries: ("deal", cards), ("pass", seat, mask),
    ("play", seat, card, legal mask), ("choose", seat, option), ("stop",), ("end", totals, winners, money)."""
    n, at, games = rules.players, 0, []
    while at < len(items):
        tag = items[at]
        at += 1
        if tag == LOG_GAME:
            games.append([])
        elif tag == LOG_DEAL:
            games[-1].append(("deal", items[at:at + len(rules.deck)]))
            at += len(rules.deck)
        elif tag == LOG_PASS:
            games[-1].append(("pass", items[at], read_mask(items, at + 1)))
            at += 5
        elif tag == LOG_PLAY:
            games[-1].append(("play", items[at], items[at + 1], read_mask(items, at + 2)))
            at += 6
        elif tag == LOG_CHOOSE:
            games[-1].append(("choose", items[at], MOON_CHOICES[items[at + 1]]))
            at += 2
        elif tag == LOG_STOP:
            games[-1].append(("stop",))
        elif tag == LOG_END:
            totals, winners = items[at:at + n], items[at + n]
            halves = items[at + n + 1:at + 3 * n + 1]
            money = [_signed64((halves[2 * s] & 0xFFFFFFFF) | (halves[2 * s + 1] & 0xFFFFFFFF) << 32) for s in range(n)]
            games[-1].append(("end", totals, [s for s in range(n) if winners >> s & 1], money))
            at += 3 * n + 1
        else:
            raise ValueError(f"the core's record holds an unknown entry {tag} at {at - 1}")
    return games


def _signed64(value: int) -> int:
    return value - (1 << 64) if value >= 1 << 63 else value


def money_of(units: list[int], rules: CompiledRules) -> list[Fraction]:
    """The core counts money in stake / lcm(1..players), so every share of a pot is whole."""
    unit = 1
    for k in range(2, rules.players + 1):
        unit = unit * k // _gcd(unit, k)
    stake = Fraction(str(rules.stake))
    return [Fraction(u, unit) * stake for u in units]


def _gcd(a: int, b: int) -> int:
    while b:
        a, b = b, a % b
    return a


def _names(cards) -> list[str]:
    return [card_name(face(c)) for c in cards]


def requests_of(game: list[tuple], rules: CompiledRules, options: dict) -> list[dict]:
    """One game of the core as protocol requests (a move log `heartspec replay` accepts)."""
    requests = [{"cmd": "new_game", "ruleset": rules.ruleset, "players": rules.players,
                 "variants": list(rules.variants), "options": options}]
    n, size, kitty_size = rules.players, rules.hand_size, rules.kitty_size
    for entry in game:
        kind = entry[0]
        if kind == "deal":
            cards = entry[1]
            request = {"cmd": "deal", "hands": [sorted(_names(cards[s * size:(s + 1) * size]))
                                                for s in range(n)]}
            rest = cards[n * size:]
            if kitty_size:
                request["kitty"] = sorted(_names(rest[:kitty_size]))
            if rules.stock_size:
                request["stock"] = _names(rest[kitty_size:])
            requests.append(request)
        elif kind == "pass":
            requests.append({"cmd": "pass", "seat": entry[1],
                             "cards": _names(c for c in range(2 * IDS_PER_DECK) if entry[2] >> c & 1)})
        elif kind == "play":
            requests.append({"cmd": "play", "seat": entry[1], "card": card_name(face(entry[2]))})
        elif kind == "choose":
            requests.append({"cmd": "choose", "seat": entry[1], "option": entry[2]})
        elif kind == "stop":
            requests.append({"cmd": "stop"})
    return requests

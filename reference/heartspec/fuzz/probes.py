"""Requests that must be refused, built from the reference's position so each one is wrong for one reason.

Every probe is answered by an error code, and after it the fuzzer asks for
`state` on both sides, so an engine that half-applies a refused request shows
up as a state difference.
"""

from __future__ import annotations

import random
from typing import Callable

from heartspec.cards import card_name, cards_of, face, parse_card, standard_faces, suit_of, JOKERS
from heartspec.engine.game import Game

MALFORMED_LINES = ('{"cmd": "play", "seat": ', "play 2C", '["cmd", "play"]', '{"cmd": "play", "seat": "one", "card": "2C"}',
                   '{"id": 1.5, "cmd": "state"}', '{"cmd": 7}')
PROBE_KINDS = ("other_suit", "other_seats_card", "card_not_in_deck", "wrong_seat", "wrong_phase", "malformed",
               "seat_out_of_range")


def make_probe(game: Game, rng: random.Random) -> tuple[str, dict | str] | None:
    """(kind, request) for one illegal request that fits the position, or None when none of the kind fits."""
    kind = rng.choice(PROBE_KINDS)
    request = PROBES[kind](game, rng)
    return (kind, request) if request is not None else None


def _to_move(game: Game) -> int | None:
    return game.turn if game.phase == "playing" else None


def other_suit(game: Game, rng: random.Random) -> dict | None:
    seat = _to_move(game)
    if seat is None or not game.trick:
        return None
    led = suit_of(game.trick[0][1])
    hand = game.hands[seat]
    if not any(suit_of(c) == led for c in cards_of(hand)):
        return None
    off = [c for c in cards_of(hand) if suit_of(c) != led]
    return {"cmd": "play", "seat": seat, "card": card_name(face(rng.choice(off)))} if off else None


def other_seats_card(game: Game, rng: random.Random) -> dict | None:
    seat = _to_move(game)
    if seat is None:
        return None
    mine = {face(c) for c in cards_of(game.hands[seat])}
    theirs = [face(c) for s in range(game.players) if s != seat for c in cards_of(game.hands[s])
              if face(c) not in mine]
    return {"cmd": "play", "seat": seat, "card": card_name(rng.choice(theirs))} if theirs else None


def card_not_in_deck(game: Game, rng: random.Random) -> dict | None:
    seat = _to_move(game)
    if seat is None:
        return None
    in_deck = {face(c) for c in game.rules.deck}
    outside = [card_name(c) for c in standard_faces() + [parse_card(j) for j in JOKERS] if c not in in_deck]
    return {"cmd": "play", "seat": seat, "card": rng.choice(outside + ["1Z"])}


def wrong_seat(game: Game, rng: random.Random) -> dict | None:
    if game.phase == "passing" and game.passes:
        seat = rng.choice(sorted(game.passes))
        cards = [card_name(face(c)) for c in list(cards_of(game.hands[seat]))[: game.rules.pass_count]]
        return {"cmd": "pass", "seat": seat, "cards": cards}
    seat = _to_move(game)
    if seat is None:
        return None
    other = rng.choice([s for s in range(game.players) if s != seat])
    held = list(cards_of(game.hands[other]))
    return {"cmd": "play", "seat": other, "card": card_name(face(rng.choice(held)))} if held else None


def wrong_phase(game: Game, rng: random.Random) -> dict | None:
    seat = rng.randrange(game.players)
    held = [card_name(face(c)) for c in cards_of(game.hands[seat])]
    if game.phase == "passing" and held:
        return {"cmd": "play", "seat": seat, "card": held[0]}
    if game.phase == "playing":
        choices = [{"cmd": "choose", "seat": seat, "option": "add_to_others"}, {"cmd": "deal", "hands": []}]
        if game.rules.pass_count and len(held) >= game.rules.pass_count:
            choices.append({"cmd": "pass", "seat": seat, "cards": held[: game.rules.pass_count]})
        return rng.choice(choices)
    if game.phase in ("deal", "game_over"):
        return {"cmd": "play", "seat": seat, "card": "2C"}
    return None


def malformed(game: Game, rng: random.Random) -> str:
    return rng.choice(MALFORMED_LINES)


def seat_out_of_range(game: Game, rng: random.Random) -> dict:
    seat = rng.choice([game.players, -1, game.players + 3])
    return rng.choice([{"cmd": "legal", "seat": seat}, {"cmd": "play", "seat": seat, "card": "2C"}])


PROBES: dict[str, Callable[[Game, random.Random], dict | str | None]] = {
    "other_suit": other_suit,
    "other_seats_card": other_seats_card,
    "card_not_in_deck": card_not_in_deck,
    "wrong_seat": wrong_seat,
    "wrong_phase": wrong_phase,
    "malformed": malformed,
    "seat_out_of_range": seat_out_of_range,
}

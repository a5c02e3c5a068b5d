"""Requests the reference refuses in a position, one per refusal kind: every error code the position can produce.

A refusal kind is an error code of spec/protocol.md §9. The rule refusals
(`must_follow_suit`, `hearts_not_broken`, `points_on_first_trick`,
`must_lead_opening_card`) come from the reference's own judgement of each card
in the hand of the seat to play: the cards it would refuse are grouped by the
code it refuses them with, and one card of each group is chosen. The protocol
refusals (wrong seat, phase, card, pass, deal, command, shape) are built for
the phase the game is in. `refusal_probes` gives every kind that exists here;
the planner sends them to both engines, labels each by the code the reference
actually answers, and asks for `state` afterwards, so an engine that accepts a
refused request, answers it with another code, or half-applies it differs.
"""

from __future__ import annotations

import random
from typing import Callable, Iterable

from heartspec.cards import JOKERS, card_name, cards_of, face, parse_card, standard_faces
from heartspec.engine.game import Game
from heartspec.fuzz.deals import deal_cards

RULE_REFUSALS = ("must_follow_suit", "hearts_not_broken", "points_on_first_trick", "must_lead_opening_card")
REFUSAL_KINDS = RULE_REFUSALS + ("not_your_turn", "card_not_in_hand", "invalid_card", "invalid_pass",
                                 "already_passed", "invalid_deal", "wrong_phase", "bad_request",
                                 "unknown_command", "unsupported", "invalid_game")
PROTOCOL_REFUSALS = tuple(k for k in REFUSAL_KINDS if k not in RULE_REFUSALS)
# `fuzz --probes`: the refusal kinds sent. A rule refusal tests a rule of play; the others test the protocol
PROBE_CHOICES = {"all": REFUSAL_KINDS, "rules": RULE_REFUSALS, "protocol": PROTOCOL_REFUSALS, "none": ()}
REFUSAL = "refusal: "  # how a run's `reached` counts the probes of a kind, e.g. "refusal: must_follow_suit"
ANYWHERE = ("unknown_command", "unsupported", "invalid_game")  # refused alike in every position
PHASE_KINDS = {  # the kinds each phase can have (whether a position has one depends on its cards)
    "deal": ("invalid_deal", "wrong_phase", "bad_request"),
    "passing": ("card_not_in_hand", "invalid_card", "invalid_pass", "already_passed", "wrong_phase", "bad_request"),
    "playing": RULE_REFUSALS + ("not_your_turn", "card_not_in_hand", "invalid_card", "wrong_phase", "bad_request"),
    "moon_choice": ("not_your_turn", "wrong_phase", "bad_request"),
    "game_over": ("wrong_phase", "bad_request"),
}
MALFORMED_LINES = ('{"cmd": "play", "seat": ', "play 2C", '["cmd", "play"]', '{"id": 1.5, "cmd": "state"}',
                   '{"cmd": 7}')
NOT_A_CARD = "1Z"
NO_SUCH_RULESET = "no-such-ruleset"
Request = dict | str
Probe = Callable[[Game, random.Random], Request | None]


def refusal_probes(game: Game, rng: random.Random, kinds: Iterable[str] = REFUSAL_KINDS) -> dict[str, Request]:
    """kind -> one request the reference refuses with that code here, for each of `kinds` this position has."""
    kinds = set(kinds)
    found = {k: request for k, request in rule_refusals(game, rng).items() if k in kinds} \
        if game.phase == "playing" and not kinds.isdisjoint(RULE_REFUSALS) else {}
    for kind, probe in PROTOCOL_PROBES.items():
        if kind in kinds:
            request = probe(game, rng)
            if request is not None:
                found[kind] = request
    return found


def rule_refusals(game: Game, rng: random.Random) -> dict[str, dict]:
    """One refused card per rule that refuses some card of the hand of the seat to play."""
    if game.phase != "playing":
        return {}
    seat = game.turn
    refused = game.hands[seat] & ~game.legal_mask(seat)
    if not refused:
        return {}
    by_code: dict[str, list[int]] = {}
    for card in cards_of(refused):
        by_code.setdefault(game._refusal(seat, card).code, []).append(card)
    return {code: _play(seat, rng.choice(cards)) for code, cards in by_code.items()}


def _play(seat: int, card: int | str) -> dict:
    return {"cmd": "play", "seat": seat, "card": card if isinstance(card, str) else card_name(face(card))}


def _held(game: Game, seat: int) -> list[int]:
    return list(cards_of(game.hands[seat]))


def _faces_not_held(game: Game, seat: int) -> list[int]:
    """Faces of this game's deck of which the seat holds no copy."""
    return sorted({face(c) for c in game.rules.deck if not game.hands[seat] & game._face_copies[face(c)]})


def _passer(game: Game, rng: random.Random) -> int | None:
    waiting = [s for s in range(game.players) if s not in game.passes]
    return rng.choice(waiting) if game.phase == "passing" and waiting else None


def _pass(seat: int, cards: list) -> dict:
    return {"cmd": "pass", "seat": seat, "cards": [c if isinstance(c, str) else card_name(face(c)) for c in cards]}


def not_your_turn(game: Game, rng: random.Random) -> dict | None:
    if game.phase not in ("playing", "moon_choice"):
        return None
    seat = rng.choice([s for s in range(game.players) if s != game.turn])
    if game.phase == "moon_choice":
        return {"cmd": "choose", "seat": seat, "option": "add_to_others"}
    held = _held(game, seat)
    return _play(seat, rng.choice(held)) if held else None


def card_not_in_hand(game: Game, rng: random.Random) -> dict | None:
    if game.phase == "playing":
        missing = _faces_not_held(game, game.turn)
        return _play(game.turn, card_name(rng.choice(missing))) if missing else None
    seat = _passer(game, rng)
    count = game.rules.pass_count
    if seat is None or not count:
        return None
    missing, held = _faces_not_held(game, seat), _held(game, seat)
    if not missing or len(held) < count - 1:
        return None
    return _pass(seat, rng.sample(held, count - 1) + [card_name(rng.choice(missing))])


def _outside_the_deck(game: Game, rng: random.Random) -> str:
    in_deck = {face(c) for c in game.rules.deck}
    outside = [card_name(c) for c in standard_faces() + [parse_card(j) for j in JOKERS] if c not in in_deck]
    return rng.choice(outside + [NOT_A_CARD])


def invalid_card(game: Game, rng: random.Random) -> dict | None:
    if game.phase == "playing":
        return _play(game.turn, _outside_the_deck(game, rng))
    seat = _passer(game, rng)
    count = game.rules.pass_count
    if seat is None or not count:
        return None
    return _pass(seat, rng.sample(_held(game, seat), count - 1) + [_outside_the_deck(game, rng)])


def invalid_pass(game: Game, rng: random.Random) -> dict | None:
    """The wrong number of cards, or a card named more often than the deck has it."""
    seat = _passer(game, rng)
    count = game.rules.pass_count
    if seat is None or not count:
        return None
    held = _held(game, seat)
    card = rng.choice(held)
    copies = game._face_copies[face(card)].bit_count()
    others = [c for c in held if face(c) != face(card)]
    if copies < count and rng.random() < 0.5 and len(others) >= count - copies - 1:
        return _pass(seat, [card] * (copies + 1) + rng.sample(others, count - copies - 1))
    wrong = count + 1 if len(held) > count and rng.random() < 0.5 else count - 1
    return _pass(seat, rng.sample(held, wrong))


def already_passed(game: Game, rng: random.Random) -> dict | None:
    if game.phase != "passing" or not game.passes:
        return None
    seat = rng.choice(sorted(game.passes))
    return _pass(seat, rng.sample(_held(game, seat), game.rules.pass_count))


def invalid_deal(game: Game, rng: random.Random) -> dict | None:
    """A deal of this game's deck with one card moved to another hand (wrong sizes) or dealt twice."""
    if game.phase != "deal":
        return None
    request = {"cmd": "deal", **deal_cards(game.rules, rng, "random").request}
    hands = [list(hand) for hand in request["hands"]]
    giver, taker = rng.sample(range(len(hands)), 2)
    twice = [card for card in hands[giver] if card != hands[taker][0]]
    if rng.random() < 0.5 or not twice:
        hands[taker].append(hands[giver].pop())
    else:  # one card overwritten by another's: one card missing, one too many
        hands[taker][0] = rng.choice(twice)
    request["hands"] = hands
    return request


def wrong_phase(game: Game, rng: random.Random) -> dict | None:
    """A command that does not fit the phase, by a seat it would otherwise fit."""
    seat = rng.randrange(game.players)
    held = [card_name(face(c)) for c in _held(game, seat)]
    count = game.rules.pass_count
    choices = {
        "play": {"cmd": "play", "seat": seat, "card": held[0] if held else "2C"},
        "pass": {"cmd": "pass", "seat": seat, "cards": held[:count]} if count and len(held) >= count else None,
        "choose": {"cmd": "choose", "seat": seat, "option": "add_to_others"},
        "deal": {"cmd": "deal", "seed": rng.randrange(1 << 30)},
    }
    fitting = {"deal": "deal", "passing": "pass", "playing": "play", "moon_choice": "choose"}.get(game.phase)
    wrong = [request for command, request in choices.items() if command != fitting and request is not None]
    return rng.choice(wrong)


def bad_request(game: Game, rng: random.Random) -> Request:
    """A line that is no request, or the phase's own command with a seat out of range or a wrong field."""
    seat = rng.choice([game.players, -1, "one"])
    fitting = {
        "deal": {"cmd": "deal"},
        "passing": {"cmd": "pass", "seat": seat, "cards": []},
        "playing": {"cmd": "play", "seat": seat, "card": "2C"},
        "moon_choice": {"cmd": "choose", "seat": game.turn, "option": "double"},
    }.get(game.phase)
    choices = [rng.choice(MALFORMED_LINES), {"cmd": "legal", "seat": seat}] + ([fitting] if fitting else [])
    return rng.choice(choices)


def unknown_command(game: Game, rng: random.Random) -> dict:
    return {"cmd": rng.choice(("bid", "undo", "Play")), "seat": 0}


def unsupported(game: Game, rng: random.Random) -> dict:
    return {"cmd": "new_game", "ruleset": NO_SUCH_RULESET, "players": game.players}


def invalid_game(game: Game, rng: random.Random) -> dict:
    """This game's own ruleset at a table of one: no ruleset plays that."""
    return {"cmd": "new_game", "ruleset": game.rules.ruleset, "players": 1}


PROTOCOL_PROBES: dict[str, Probe] = {
    "not_your_turn": not_your_turn,
    "card_not_in_hand": card_not_in_hand,
    "invalid_card": invalid_card,
    "invalid_pass": invalid_pass,
    "already_passed": already_passed,
    "invalid_deal": invalid_deal,
    "wrong_phase": wrong_phase,
    "bad_request": bad_request,
    "unknown_command": unknown_command,
    "unsupported": unsupported,
    "invalid_game": invalid_game,
}


def _rule_probe(code: str) -> Probe:
    return lambda game, rng: rule_refusals(game, rng).get(code)


PROBES: dict[str, Probe] = {**{code: _rule_probe(code) for code in RULE_REFUSALS}, **PROTOCOL_PROBES}

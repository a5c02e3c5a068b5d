"""Semantic checks on one resolved game: what a JSON Schema cannot say.

Each check returns `(rule_path, message)` pairs; the caller turns the rule path
into a file and line (validation) or a one-line refusal (resolving on request).
"""

from __future__ import annotations

from collections import Counter
from typing import Iterator

from heartspec import cards
from heartspec.rules import vocabulary
from heartspec.rules.problems import ResolveError
from heartspec.rules.resolve import Resolved, describe

Issue = tuple[str, str]

STANDARD_DECK = 52
MIN_PLAYERS_FOR_SKIP_PASS = 5   # left2/right2 pass past a neighbour, which needs a table of 5 or more
TWO_PLAYERS = 2
PER_DEAL_SETTLEMENTS = ("pairwise", "zero_point_pot")


def require_playable(resolved: Resolved) -> None:
    """Refuse, in one sentence, resolved rules that do not make a playable game."""
    issues = check_resolved(resolved)
    if issues:
        raise ResolveError(f"{describe(resolved)}: " + "; ".join(message for _, message in issues),
                           "unplayable", issues=[path for path, _ in issues])


def check_resolved(resolved: Resolved) -> list[Issue]:
    issues = list(_missing(resolved))
    if issues:
        return issues  # the later checks read these fields
    for check in (_deck, _passing, _opening_lead, _moon, _scoring_unit, _two_player, _game_end):
        issues.extend(check(resolved))
    return issues


def _missing(resolved: Resolved) -> Iterator[Issue]:
    for key in vocabulary.REQUIRED_RULES:
        if key not in resolved.rules:
            why = resolved.gaps.get(key, f"the ruleset has no {key} rule")
            yield key, f"no {key}: {why}"
    for key, rule in resolved.rules.items():
        if not vocabulary.is_object_rule(key) or not isinstance(rule.value, dict):
            continue
        for name in vocabulary.required_fields(key, rule.value):
            if name not in rule.value:
                yield f"{key}.{name}", f"{key} has no {name}"


def deck_faces(resolved: Resolved) -> list[int]:
    """Physical cards folded to faces (a two-deck game lists each face twice)."""
    return [cards.face(c) for c in cards.deck_of(resolved.rules["deck"].value)]


def _deck(resolved: Resolved) -> Iterator[Issue]:
    deck = resolved.rules["deck"].value
    n = resolved.players
    jokers_removed = [c for c in deck.get("remove", []) if c in cards.JOKERS]
    if jokers_removed:
        yield "deck.remove", f"{', '.join(jokers_removed)} is not in a standard deck, so it cannot be removed"
        return
    copies = deck.get("copies", 1)
    once = deck.get("remove_once", [])
    if once and copies < 2:
        yield "deck.remove_once", "removing a card from one copy only needs two decks (copies: 2)"
        return
    both = sorted(set(once) & set(deck.get("remove", [])))
    if both:
        yield "deck.remove_once", f"{', '.join(both)} is already removed from every copy"
        return
    in_deck = copies * (STANDARD_DECK - len(deck.get("remove", [])) + len(deck.get("add", []))) - len(once)
    kitty, stock, hand = deck.get("kitty", 0), deck.get("stock", 0), deck["hand_size"]
    needed = n * hand + kitty + stock
    if in_deck != needed:
        yield "deck.hand_size", (
            f"the {n}-player deck has {in_deck} cards but {n} hands of {hand}"
            f" + kitty {kitty} + stock {stock} need {needed}"
        )


def _passing(resolved: Resolved) -> Iterator[Issue]:
    passing = resolved.rules["passing"].value
    n = resolved.players
    count = passing["count"]
    cycle = passing.get("cycle", ["none"])
    hand = resolved.rules["deck"].value["hand_size"]
    if count > hand:
        yield "passing.count", f"passing {count} cards does not fit a hand of {hand}"
    for direction in dict.fromkeys(cycle):
        if direction == "across" and n % 2:
            yield "passing.cycle", f"'across' needs an even number of players, not {n}"
        if direction in ("left2", "right2") and n < MIN_PLAYERS_FOR_SKIP_PASS:
            yield "passing.cycle", f"{direction!r} needs at least {MIN_PLAYERS_FOR_SKIP_PASS} players, not {n}"
    passes = [d for d in cycle if d != "none"]
    if count > 0 and not passes:
        yield "passing.cycle", f"passing.count is {count} but the cycle never passes"
    if count == 0 and passes:
        yield "passing.count", f"the cycle passes {passes[0]} but passing.count is 0"


def _opening_lead(resolved: Resolved) -> Iterator[Issue]:
    lead = resolved.rules["opening_lead"].value
    n = resolved.players
    if lead["leader"] == "dealer_left":
        return
    if lead.get("lead_restriction", "any") != "any":
        yield "opening_lead.lead_restriction", "a lead restriction applies only when the dealer's left leads"
    candidates = lead.get("cards", [])
    if not candidates:
        yield "opening_lead.cards", "a card_holder lead needs at least one opening card"
        return
    if lead.get("fallback", "none") != "none":
        return
    faces = Counter(deck_faces(resolved))
    present = sum(faces[cards.parse_card(c)] for c in candidates)
    deck = resolved.rules["deck"].value
    undealt = deck.get("kitty", 0) + deck.get("stock", 0)
    if present == 0:
        yield "opening_lead.fallback", (
            f"no opening card ({', '.join(candidates)}) is in the {n}-player deck and there is no fallback"
        )
    elif present <= undealt:
        yield "opening_lead.fallback", (
            f"at {n} players the opening cards ({', '.join(candidates)}) may all lie among the "
            f"{undealt} undealt cards, so a fallback is needed"
        )


def _moon(resolved: Resolved) -> Iterator[Issue]:
    moon = resolved.rules["moon"].value
    if not moon["enabled"]:
        return
    from heartspec.rules.compile import face_points  # compile imports this module's callers

    points = face_points(resolved.rules["card_points"].value)
    faces = set(deck_faces(resolved))
    if not any(points[f] > 0 for f in faces):
        yield "moon.enabled", "no card in the deck has positive points, so there is no moon to shoot"
    for name in moon.get("also_requires", []):
        if cards.parse_card(name) not in faces:
            yield "moon.also_requires", f"{name} is not in the {resolved.players}-player deck"


def _scoring_unit(resolved: Resolved) -> Iterator[Issue]:
    unit = resolved.rules.get("scoring_unit")
    if unit and unit.value.get("unit") == "partnership" and resolved.players % 2:
        yield "scoring_unit.unit", f"partnerships across the table need an even number of players, not {resolved.players}"


def _two_player(resolved: Resolved) -> Iterator[Issue]:
    stock = resolved.rules["deck"].value.get("stock", 0)
    has_rule = "two_player" in resolved.rules
    if resolved.players == TWO_PLAYERS and not has_rule:
        yield "players", "a two-player game needs a two_player rule (how the players draw from the stock)"
    elif stock and not has_rule:
        yield "deck.stock", "a stock needs a two_player rule saying how the players draw from it"
    elif has_rule and resolved.players == TWO_PLAYERS and not stock:
        yield "two_player", "two_player drawing needs a stock (deck.stock > 0)"


def _game_end(resolved: Resolved) -> Iterator[Issue]:
    end = resolved.rules["game_end"].value
    if end.get("target") is None and not end.get("max_deals") and not _settled_per_deal(resolved):
        yield "game_end.target", (
            "with no points target the game needs max_deals, or money settled after every deal "
            "(pairwise or zero_point_pot, where the table stops the game), or it never ends")


def _settled_per_deal(resolved: Resolved) -> bool:
    """Money that changes hands after every deal leaves nothing owing whenever the table stops."""
    return resolved.get("settlement.method") in PER_DEAL_SETTLEMENTS

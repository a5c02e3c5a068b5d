"""Resolved rules -> CompiledRules, the flat form the engine reads.

Nothing here looks at a ruleset's or variant's name: every field comes from a
rule value, or from the vocabulary default that the schema declares.
"""

from __future__ import annotations

from typing import Any

from heartspec import cards
from heartspec.rules import vocabulary
from heartspec.rules.model import CompiledRules
from heartspec.rules.resolve import Resolved

DEALER_STEP = {"left": +1, "right": -1}


def require_playable(resolved: Resolved) -> None:
    from heartspec.rules.checks import require_playable as check  # checks reads face_points from here

    check(resolved)


def face_points(card_points: dict[str, Any]) -> tuple[int, ...]:
    """Points for every face id 0..55: suit letters first set a whole suit, card names then override."""
    points = [0] * cards.IDS_PER_DECK
    for name, worth in card_points.items():
        if len(name) == 1:
            suit = cards.SUITS.index(name)
            targets = _suit_faces(suit)
        else:
            targets = [cards.parse_card(name)]
        for face in targets:
            points[face] = cards.pip(face) if worth == "pip" else worth
    return tuple(points)


def _suit_faces(suit: int) -> list[int]:
    """Every face a suit can hold, its joker included where one exists (XC, XD)."""
    jokers = {cards.parse_card(j) for j in cards.JOKERS}
    faces = [cards.card_id(suit, slot) for slot in range(cards.SLOTS_PER_SUIT)]
    return [f for f in faces if cards.slot_of(f) != 1 or f in jokers]


def _fields(resolved: Resolved, key: str) -> dict[str, Any]:
    """An object rule with the schema's defaults filled in (an absent optional rule is all defaults)."""
    rule = resolved.rules.get(key)
    value = rule.value if rule and isinstance(rule.value, dict) else {}
    return {**vocabulary.field_defaults(key), **value}


def compile_rules(resolved: Resolved) -> CompiledRules:
    """Raises ResolveError when the resolved rules do not make a playable game (Spec.resolve checks this first)."""
    require_playable(resolved)
    deck = _fields(resolved, "deck")
    physical = tuple(cards.deck_of(deck))
    points = face_points(resolved.rules["card_points"].value)
    penalty_total = sum(points[cards.face(c)] for c in physical if points[cards.face(c)] > 0)
    dealing = _fields(resolved, "dealing")
    passing = _fields(resolved, "passing")
    lead = _fields(resolved, "opening_lead")
    first = _fields(resolved, "first_trick")
    breaking = _fields(resolved, "hearts_break")
    leads = _fields(resolved, "heart_leads")
    following = _fields(resolved, "following")
    moon = _fields(resolved, "moon")
    end = _fields(resolved, "game_end")
    unit = _fields(resolved, "scoring_unit")
    money = _fields(resolved, "settlement")
    two_player = resolved.rules.get("two_player")
    return CompiledRules(
        ruleset=resolved.ruleset,
        variants=tuple(resolved.variants),
        players=resolved.players,
        copies=deck["copies"],
        deck=physical,
        hand_size=deck["hand_size"],
        kitty_size=deck["kitty"],
        kitty_to=deck["kitty_to"],
        stock_size=deck["stock"],
        dealer_rotation=DEALER_STEP[dealing["dealer_rotation"]],
        pass_count=passing["count"],
        pass_cycle=tuple(passing["cycle"]),
        opening_leader=lead["leader"],
        opening_cards=tuple(cards.parse_card(c) for c in lead.get("cards", [])),
        opening_fallback=lead["fallback"],
        opening_lead_restriction=lead["lead_restriction"],
        first_trick_points=first["points"],
        first_trick_when_only_points=first["when_only_points"],
        first_trick_forbidden=_first_trick_cards(first, "forbidden"),
        first_trick_allowed=_first_trick_cards(first, "allowed"),
        first_trick_barred_follow=first["barred_follow"],
        hearts_broken_by=breaking["broken_by"],
        queen_breaks_hearts=breaking["queen_breaks"],
        heart_leads_before_broken=leads["before_broken"],
        heart_lead_exceptions=tuple(leads["exceptions"]),
        identical_cards=following["identical_cards"],
        all_cancelled=following["all_cancelled"],
        face_points=points,
        moon_enabled=moon["enabled"],
        moon_required_faces=_moon_faces(moon, points, physical),
        moon_effect=moon.get("effect", "add_to_others"),
        moon_amount=_moon_amount(moon, penalty_total),
        moon_bonus_cards=moon["bonus_cards"],
        partnership=unit["unit"] == "partnership",
        team_target=unit["target_total"] == "team",
        moon_partner=moon["partner"],
        target=None if end["max_deals"] is not None and end["deal_limit"] == "replaces_target" else end["target"],
        end_condition=end["condition"],
        max_deals=end["max_deals"],
        deal_limit=end["deal_limit"],
        ties=end["ties"],
        draw_order=two_player.value.get("draw_order") if two_player else None,
        settlement=money["method"],
        stake=float(money["stake"]),
        pot_on_zero=money["on_zero"],
        unclaimed_pot=money["unclaimed_pot"],
        penalty_total=penalty_total,
    )


def _first_trick_cards(first: dict, ruling: str) -> tuple[int, ...]:
    """Faces `first_trick.cards` gives this ruling (a suit letter stands for every face of its suit)."""
    faces: set[int] = set()
    for name, given in first.get("cards", {}).items():
        if given == ruling:
            faces.update(_suit_faces(cards.SUITS.index(name)) if len(name) == 1 else [cards.parse_card(name)])
    return tuple(sorted(faces))


def _moon_faces(moon: dict, points: tuple[int, ...], physical: tuple[int, ...]) -> tuple[int, ...]:
    if not moon["enabled"]:
        return ()
    in_deck = {cards.face(c) for c in physical}
    required = {f for f in in_deck if points[f] > 0}
    required |= {cards.parse_card(c) for c in moon.get("also_requires", [])} & in_deck
    return tuple(sorted(required))


def _moon_amount(moon: dict, penalty_total: int) -> int:
    if not moon["enabled"]:
        return 0
    amount = moon.get("amount", "deal_total")
    return penalty_total if amount == "deal_total" else amount

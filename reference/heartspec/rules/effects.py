"""What a rule makes the engine do, as a fingerprint per rule key, read from CompiledRules.

Two rulesets judge every play of a rule alike exactly when its fingerprints are equal,
so `heartspec diff` compares these rather than the YAML: `forbidden` with
`when_only_points: any_card` and `forbidden_unless_only_points` are one fingerprint,
since a hand of nothing but barred cards may play any card under both.  A field the
engine cannot reach at this table (cancellation with one deck, bonus cards where no card
scores below zero) leaves the fingerprint.  A rule key not listed here has no reading
of its own and is compared by value.
"""

from __future__ import annotations

from typing import Any, Callable

from heartspec import cards
from heartspec.rules.model import CompiledRules


def _in_deck(rules: CompiledRules) -> set[int]:
    return {cards.face(c) for c in rules.deck}


def _first_trick(rules: CompiledRules) -> Any:
    if rules.first_trick_points == "allowed":
        return ("allowed",)
    # Which cards the ban covers, over every card a deck can hold: what the deck leaves out is the deck row's.
    barred = ({f for f, worth in enumerate(rules.face_points) if worth > 0} | set(rules.first_trick_forbidden)) \
        - set(rules.first_trick_allowed)
    opening_suits = {cards.suit_of(f) for f in rules.opening_cards}
    # Following suit and the ban can clash only where a led suit holds a barred card.
    clash = rules.opening_leader != "card_holder" or any(cards.suit_of(f) in opening_suits for f in barred)
    return ("guarded", tuple(sorted(barred)), rules.first_trick_barred_follow if clash else None)


def _heart_leads(rules: CompiledRules) -> Any:
    if rules.heart_leads_before_broken == "allowed":
        return ("allowed",)
    return (rules.heart_leads_before_broken, tuple(sorted(rules.heart_lead_exceptions)))


def _following(rules: CompiledRules) -> Any:
    if rules.copies == 1:
        return ("one deck",)
    return (rules.identical_cards, rules.all_cancelled if rules.identical_cards == "cancel" else None)


def _card_points(rules: CompiledRules) -> Any:
    return tuple((f, worth) for f, worth in enumerate(rules.face_points) if worth)


def _moon(rules: CompiledRules) -> Any:
    if not rules.moon_enabled:
        return ("off",)
    negative = any(rules.face_points[f] < 0 for f in _in_deck(rules))
    partner = rules.moon_partner if rules.partnership and rules.moon_effect != "subtract_from_self" else None
    return (rules.moon_required_faces, rules.moon_effect, rules.moon_amount,
            rules.moon_bonus_cards if negative else None, partner)


def _passing(rules: CompiledRules) -> Any:
    if rules.pass_count == 0 or set(rules.pass_cycle) <= {"none"}:
        return ("no passing",)
    return (rules.pass_count, rules.pass_cycle)


def _game_end(rules: CompiledRules) -> Any:
    condition = rules.end_condition if rules.target is not None else None
    # What an agreed number of deals would do is part of the game end even where none is agreed yet:
    # fi plays it instead of the target, fi-classic beside it.
    limit = rules.deal_limit if rules.target is not None else None
    return (rules.target, condition, rules.max_deals, limit, rules.ties)


def _settlement(rules: CompiledRules) -> Any:
    if rules.settlement == "none":
        return ("none",)
    pot = (rules.pot_on_zero, rules.unclaimed_pot) if rules.settlement == "zero_point_pot" else None
    return (rules.settlement, rules.stake, pot)


EFFECTS: dict[str, Callable[[CompiledRules], Any]] = {
    "first_trick": _first_trick,
    "heart_leads": _heart_leads,
    "following": _following,
    "card_points": _card_points,
    "moon": _moon,
    "passing": _passing,
    "game_end": _game_end,
    "settlement": _settlement,
}


def rule_effects(rules: CompiledRules) -> dict[str, Any]:
    """Rule key -> what it makes the engine do at this table, for the keys read here."""
    return {key: effect(rules) for key, effect in EFFECTS.items()}

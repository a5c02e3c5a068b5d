"""One sentence per rule value: the only place that turns vocabulary into prose.

Every renderer (rulebook, diff in all formats) asks `describe(key, value)`, so a
new vocabulary value needs one edit here and nowhere else.  A key this table
does not know still renders (as compact data), so a spec that grows ahead of
the renderer never breaks `rules` or `diff`.
"""

from __future__ import annotations

import json
from typing import Any, Callable, Mapping

from heartspec.i18n import _

ARROW = " → "

DIRECTION_WORDS = {
    "left": "left",
    "right": "right",
    "across": "across",
    "left2": "two to the left",
    "right2": "two to the right",
    "none": "none",
}

SUIT_WORDS = {"C": "club", "D": "diamond", "H": "heart", "S": "spade"}


def _points(n: Any) -> str:
    if n == "pip":
        return "its pip value (2-10, J 11, Q 12, K 13, A 14)"
    return f"{n:+d}" if isinstance(n, int) and n < 0 else str(n)


def _cards(names: list[str]) -> str:
    return ", ".join(names)


def _count_phrase(n: int, thing: str) -> str:
    return f"{n} {thing}" + ("" if n == 1 else "s")


def _players(value: Any, _rules: Mapping) -> str:
    counts = sorted(value)
    if len(counts) == 1:
        return f"{counts[0]} players only"
    if counts == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}–{counts[-1]} players"
    return ", ".join(map(str, counts[:-1])) + f" or {counts[-1]} players"


def deck_size(value: dict) -> int:
    copies = value.get("copies", 1)
    return copies * (52 - len(value.get("remove", []))) + len(value.get("add", [])) - len(value.get("remove_once", []))


def _deck(value: dict, _rules: Mapping) -> str:
    copies = value.get("copies", 1)
    parts = ["one 52-card deck" if copies == 1 else f"{copies} 52-card decks shuffled together"]
    if value.get("remove"):
        each = " from each deck" if copies > 1 else ""
        parts.append(f"remove {_cards(value['remove'])}{each}")
    if value.get("remove_once"):
        parts.append(f"remove one copy of {_cards(value['remove_once'])}")
    if value.get("add"):
        parts.append(f"add jokers {_cards(value['add'])}, each ranked between the 2 and the 3 of its suit")
    if value.get("remove") or value.get("remove_once") or value.get("add") or copies > 1:
        parts[-1] += f" ({deck_size(value)} cards)"
    if "hand_size" in value:
        parts.append(f"{value['hand_size']} cards each")
    if value.get("kitty"):
        taker = {"first_trick_winner": "taken by the winner of the first trick"}.get(
            value.get("kitty_to"), f"goes to {value.get('kitty_to')}"
        )
        parts.append(f"kitty of {_count_phrase(value['kitty'], 'card')} face down, {taker}")
    if value.get("stock"):
        parts.append(f"stock of {_count_phrase(value['stock'], 'card')} to draw from")
    text = "; ".join(parts)
    return text[0].upper() + text[1:]


def _dealing(value: dict, _rules: Mapping) -> str:
    rotation = {"left": "to the left (clockwise)", "right": "to the right"}.get(
        value.get("dealer_rotation"), str(value.get("dealer_rotation"))
    )
    text = f"The deal passes {rotation} after each deal"
    if value.get("first_dealer") == "seat0":
        text += "; seat 0 deals first"
    return text


def _passing(value: dict, _rules: Mapping) -> str:
    count = value.get("count", 0)
    cycle = [d for d in value.get("cycle", [])]
    if count == 0 or not cycle or set(cycle) == {"none"}:
        return "No passing"
    how = "all at once, before seeing the cards received" if value.get("simultaneous") else "one after another"
    if len(cycle) == 1:
        return f"Pass {_count_phrase(count, 'card')}, {how}; always {DIRECTION_WORDS.get(cycle[0], cycle[0])}"
    directions = ARROW.join(DIRECTION_WORDS.get(d, d) for d in cycle)
    return f"Pass {_count_phrase(count, 'card')}, {how}; direction by deal: {directions}, then the cycle repeats"


def _opening_lead(value: dict, _rules: Mapping) -> str:
    if value.get("leader") == "dealer_left":
        restriction = {"any": "any card", "non_point": "any card that scores no points"}.get(
            value.get("lead_restriction", "any"), str(value.get("lead_restriction"))
        )
        return f"The player left of the dealer leads the first trick with {restriction}"
    cards = value.get("cards", [])
    if len(cards) == 1:
        text = f"The holder of {cards[0]} leads it to the first trick"
    else:
        text = f"The holder of the first of {_cards(cards)} that was dealt leads it to the first trick"
    fallback = value.get("fallback", "none")
    if fallback == "lowest_club":
        text += "; if no hand holds it, the holder of the lowest club leads that club"
    elif fallback != "none":
        text += f"; otherwise {fallback}"
    return text


def _first_trick(value: dict, rules: Mapping) -> str:
    points = value.get("points")
    text = {
        "allowed": "Point cards may be played to the first trick",
        "forbidden": "No point card may be played to the first trick, even by a player void in the led suit",
        "forbidden_unless_only_points": (
            "No point card may be played to the first trick unless the player holds nothing else that is legal"
        ),
    }.get(points, f"First-trick point cards: {points}")
    if points == "allowed":
        return text
    ruled = value.get("cards") or {}
    barred = [name for name, ruling in ruled.items() if ruling == "forbidden"]
    free = [name for name, ruling in ruled.items() if ruling == "allowed"]
    if barred:
        text += f"; {_cards(barred)} {'is' if len(barred) == 1 else 'are'} barred too, whatever {'it is' if len(barred) == 1 else 'they are'} worth"
    if free:
        text += f"; {_cards(free)} may be played there"
    if points == "forbidden" and value.get("when_only_points") == "any_card":
        text += "; a hand holding only barred cards may play any card"
    if _first_lead_may_be_other_suit(rules):
        text += {
            "follow_suit": "; a player whose only cards of the led suit are barred must still follow suit",
            "other_suit": "; a player whose only cards of the led suit are barred discards another card instead",
        }.get(value.get("barred_follow", "follow_suit"), "")
    return text


def _first_lead_may_be_other_suit(rules: Mapping) -> bool:
    """Following suit and the ban can clash only when the first lead need not be a club."""
    lead = rules.get("opening_lead") if rules else None
    return isinstance(lead, dict) and lead.get("leader") == "dealer_left"


def _hearts_break(value: dict, _rules: Mapping) -> str:
    text = {
        "heart_discarded": "Hearts are broken when a heart is discarded to a trick led in another suit",
        "heart_played": "Hearts are broken as soon as any heart is played to a trick, led or followed",
    }.get(value.get("broken_by"), f"Hearts are broken by {value.get('broken_by')}")
    if value.get("queen_breaks"):
        text += "; playing QS breaks them too"
    return text


def _heart_leads(value: dict, _rules: Mapping) -> str:
    if value.get("before_broken") == "allowed":
        return "Hearts may be led at any time"
    exceptions = {
        "hearts_only": "a hand of only hearts",
        "hearts_and_queen": "a hand of only hearts and QS",
    }
    allowed = [exceptions.get(e, e) for e in value.get("exceptions", [])]
    text = "Hearts may not be led until they are broken"
    if allowed:
        text += "; exception: " + " or ".join(allowed) + " may lead a heart"
    return text


def _following(value: dict, _rules: Mapping) -> str:
    parts = []
    if value.get("must_follow_suit", True):
        parts.append("Follow suit when able, otherwise play any card")
    if value.get("trick_winner", "highest_of_led_suit") == "highest_of_led_suit":
        parts.append("the highest card of the led suit wins; no trumps")
    identical = value.get("identical_cards")
    if identical == "cancel":
        parts.append("two identical cards in a trick cancel each other and neither can win, though their points"
                     " still go with the trick")
    elif identical == "first_played_wins":
        parts.append("of two identical cards the first played ranks higher")
    if value.get("all_cancelled") == "leader_takes":
        parts.append("when every card of the led suit is cancelled, the leader takes the trick")
    elif value.get("all_cancelled") == "next_trick_winner":
        parts.append("when every card of the led suit is cancelled, the trick is set aside and its leader leads"
                     " again; the winner of the next trick takes it as well, and on the last trick its leader"
                     " takes it with anything set aside")
    return "; ".join(parts)


def _card_points(value: dict, _rules: Mapping) -> str:
    groups: dict[str, list[str]] = {}
    for card, points in value.items():
        label = f"each {SUIT_WORDS[card]}" if card in SUIT_WORDS else card
        groups.setdefault(_points(points), []).append(label)
    parts = [f"{', '.join(labels)} {points}" for points, labels in groups.items()]
    return "; ".join(parts) + "; every other card 0" if parts else "No card scores points"


def _moon(value: dict, rules: Mapping) -> str:
    if not value.get("enabled", True):
        return "No shooting the moon: every card taken scores"
    needed = "every penalty card"
    if value.get("also_requires"):
        needed += f" and {_cards(value['also_requires'])}"
    amount = value.get("amount", 26)
    amount_text = f"the deal's penalty total{_penalty_total(rules)}" if amount == "deal_total" else str(amount)
    effect = {
        "add_to_others": f"they score 0 and every other player scores {amount_text}",
        "subtract_from_self": f"they subtract {amount_text} from their own total and the others score 0",
        "shooter_choice": (
            f"they choose either to add {amount_text} to every other player "
            f"or to subtract {amount_text} from their own total"
        ),
    }.get(value.get("effect"), str(value.get("effect")))
    text = f"Whoever takes {needed} in one deal shoots the moon: {effect}"
    if _has_negative_cards(rules):
        fate = {"kept": "still count", "ignored": "are ignored"}.get(value.get("bonus_cards"))
        text += f" (negative cards they took {fate})" if fate else ""
    return text + _moon_partner(value, rules)


def _moon_partner(value: dict, rules: Mapping) -> str:
    """With partnerships: whether the shooter's partner scores a moon added to the others."""
    unit = rules.get("scoring_unit") if rules else None
    if not isinstance(unit, dict) or unit.get("unit") != "partnership":
        return ""
    if value.get("effect") not in ("add_to_others", "shooter_choice"):
        return ""
    if value.get("partner", "scored") == "spared":
        return _("; but the shooter's partner scores nothing for it, only the two opponents do")
    return _("; the shooter's partner is one of the others and scores the moon's points too")


def _penalty_total(rules: Mapping) -> str:
    """' (52)': the points in play, when the deck and card points are at hand to count them."""
    deck, points = (rules.get("deck"), rules.get("card_points")) if rules else (None, None)
    if not isinstance(deck, dict) or not isinstance(points, dict) or "hand_size" not in deck:
        return ""
    from heartspec.cards import deck_of, face
    from heartspec.rules.compile import face_points

    worth = face_points(points)
    return f" ({sum(worth[face(c)] for c in deck_of(deck) if worth[face(c)] > 0)})"


def _has_negative_cards(rules: Mapping) -> bool:
    """Whether the bonus-card clause matters; without the other rules, assume it does."""
    points = rules.get("card_points") if rules else None
    if not isinstance(points, dict):
        return True
    return any(isinstance(p, int) and p < 0 for p in points.values())


def _scoring_unit(value: dict, _rules: Mapping) -> str:
    if value.get("unit") == "partnership":
        if value.get("target_total", "team") == "player":
            return _("Partners sitting across from each other score together; the target is checked "
                     "against each player's own total, and the lower partnership total wins")
        return _("Partners sitting across from each other score together; the partners' summed total "
                 "is checked against the target, and the lower partnership total wins")
    return "Everyone scores for themselves"


def _game_end(value: dict, _rules: Mapping) -> str:
    target = value.get("target")
    condition = {
        "reaches": f"reaches {target} or more",
        "exceeds": f"exceeds {target} (more than {target})",
    }.get(value.get("condition"), f"{value.get('condition')} {target}")
    if target is None and value.get("max_deals") is None:
        text = "The game has no set length: it runs until the table stops it"
    elif target is None:
        text = f"The game is a fixed {value.get('max_deals')} deals, with no points target"
    else:
        text = f"The game ends after a deal in which someone's total {condition}"
        if value.get("max_deals"):
            text += f", or after {value['max_deals']} deals, whichever comes first"
        elif "deal_limit" in value:
            text += _DEAL_LIMIT_UNSET.get(value["deal_limit"], "")
    text += "; the lowest total wins"
    ties = {
        "shared": "a tie for lowest is a shared win",
        "extra_deal": "a tie for lowest is settled by playing another deal"
                      + (", and another after each new tie" if value.get("extra_deals", "until_untied") == "until_untied"
                         else ""),
    }.get(value.get("ties"))
    if ties:
        text += f"; {ties}"
    return text


_DEAL_LIMIT_UNSET = {
    "replaces_target": _("; a table may agree a number of deals instead (max_deals): the game then lasts exactly"
                         " that many deals, and no total ends it"),
    "with_target": _("; a table may also agree a number of deals (max_deals): the game then ends at the target"
                     " or after that many deals, whichever comes first"),
}


def _two_player(value: dict, _rules: Mapping) -> str:
    order = {
        "winner_first": "after each trick the winner draws from the stock first, then the other player",
        "replace_immediately": "each player draws from the stock right after playing a card",
    }.get(value.get("draw_order"), str(value.get("draw_order")))
    text = order[0].upper() + order[1:]
    draws = value.get("draws_per_player", 1)
    return f"{text} ({_count_phrase(draws, 'card')} each, while the stock lasts)"


def _settlement(value: dict, _rules: Mapping) -> str:
    stake = value.get("stake", 1)
    if value.get("method") == "none" and "stake" in value:
        return f"No money settlement (a stake of {stake} is set for when a table agrees on one)"
    return {
        "none": "No money settlement",
        "pot": f"Everyone puts {stake} into a pot before the game; the winner takes it",
        "pairwise": (
            f"After each deal every two players settle the difference of their points at {stake} per point"
        ),
        "zero_point_pot": (
            f"After each deal everyone pays {stake} per point into a pot shared by those who scored "
            f"{'nothing or less' if value.get('on_zero') == 'zero_or_less' else 'nothing'}; "
            "if all scored, the pot carries over; "
            + ("a pot left at the end goes to the game's winners" if value.get("unclaimed_pot") == "to_winners"
               else "a pot left at the end goes back to those who paid it in")
        ),
    }.get(value.get("method"), f"Settlement: {value.get('method')} at {stake}")


PHRASES: dict[str, Callable[[Any, Mapping], str]] = {
    "players": _players,
    "deck": _deck,
    "dealing": _dealing,
    "passing": _passing,
    "opening_lead": _opening_lead,
    "first_trick": _first_trick,
    "hearts_break": _hearts_break,
    "heart_leads": _heart_leads,
    "following": _following,
    "card_points": _card_points,
    "moon": _moon,
    "scoring_unit": _scoring_unit,
    "game_end": _game_end,
    "two_player": _two_player,
    "settlement": _settlement,
}

LABELS: dict[str, str] = {
    "players": "Players",
    "deck": "Deck",
    "dealing": "Dealing",
    "passing": "Passing",
    "opening_lead": "Opening lead",
    "first_trick": "First trick",
    "hearts_break": "Breaking hearts",
    "heart_leads": "Leading hearts",
    "following": "Following and winning tricks",
    "card_points": "Card points",
    "moon": "Shooting the moon",
    "scoring_unit": "Scoring unit",
    "game_end": "End of the game",
    "two_player": "Two players",
    "settlement": "Money settlement",
}

RULE_ORDER = list(LABELS)


def label(key: str) -> str:
    return LABELS.get(key, key.replace("_", " ").capitalize())


def order_key(key: str) -> tuple[int, str]:
    root = key.split(".", 1)[0]
    return (RULE_ORDER.index(root) if root in RULE_ORDER else len(RULE_ORDER), key)


def compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def as_data(key: str, value: Any) -> str:
    """What a value no phrase can read looks like: still complete, just not prose."""
    return f"{label(key)}: {compact(value)}"


def describe(key: str, value: Any, rules: Mapping | None = None) -> str:
    """A sentence a player can follow; unknown keys and shapes fall back to compact data.

    `rules` (rule key -> value of the same resolved ruleset) lets a phrase leave
    out clauses that cannot matter, e.g. the moon's bonus-card clause when no
    card scores negative.
    """
    phrase = PHRASES.get(key)
    if phrase is None:
        return as_data(key, value)
    try:
        return phrase(value, rules or {})
    except (AttributeError, TypeError, KeyError, ValueError):
        return as_data(key, value)

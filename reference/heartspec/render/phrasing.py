"""One sentence per rule value: the only place that turns vocabulary into prose.

Every renderer (rulebook, diff in all formats) asks `describe(key, value)`, so a
new vocabulary value needs one edit here and nowhere else.  A key this table
does not know still renders (as compact data), so a spec that grows ahead of
the renderer never breaks `rules` or `diff`.
"""

from __future__ import annotations

import json
from typing import Any, Callable, Mapping

from heartspec.i18n import N_, _, ngettext
from heartspec.cards import parse_card
from heartspec.i18n.glossary import card, cards, number

ARROW = " → "

# Each message is a whole sentence or clause with named fields, so a translator never assembles
# grammar from fragments; clauses of one rule are joined with "; ".
DIRECTION_WORDS = {
    "left": N_("left"),
    "right": N_("right"),
    "across": N_("across"),
    "left2": N_("two to the left"),
    "right2": N_("two to the right"),
    "none": N_("none"),
}

EACH_SUIT = {"C": N_("each club"), "D": N_("each diamond"), "H": N_("each heart"), "S": N_("each spade")}


def listed(items) -> str:
    """'3, 5 and 6' (or titles) in the reader's language: commas, then the glossary's "and" before the last."""
    from heartspec.i18n import current_language
    from heartspec.i18n.glossary import glossary

    shown = [str(item) for item in items]
    if len(shown) <= 1:
        return "".join(shown)
    return ", ".join(shown[:-1]) + f" {glossary()['list_and'][current_language()]} " + shown[-1]


def quoted(title: str) -> str:
    """A title as the language quotes it (“…” in English, »…« in Danish, «…» in Norwegian, ”…” in Finnish and Swedish)."""
    return _("“{title}”").format(title=title)


def _direction(name: str) -> str:
    return _(DIRECTION_WORDS[name]) if name in DIRECTION_WORDS else name


def _clauses(parts: list[str]) -> str:
    return "; ".join(parts)


CARD_SET_KEYS = ("remove", "remove_once", "add")   # card lists whose order means nothing


def in_card_order(names: list[str]) -> list[str]:
    """One canonical order for a set of cards, so the same set always reads and compares the same."""
    return sorted(names, key=parse_card)


def _cards(names: list[str]):
    """Cards by name, as players write them (never as codes)."""
    return cards(in_card_order(names))


def _players(value: Any, _rules: Mapping) -> str:
    counts = sorted(value)
    if len(counts) == 1:
        return _("{count} players only").format(count=counts[0])
    if counts == list(range(counts[0], counts[-1] + 1)):
        return _("{low}–{high} players").format(low=counts[0], high=counts[-1])
    return _("{counts} or {last} players").format(counts=", ".join(map(str, counts[:-1])), last=counts[-1])


def deck_size(value: dict) -> int:
    copies = value.get("copies", 1)
    return copies * (52 - len(value.get("remove", []))) + len(value.get("add", [])) - len(value.get("remove_once", []))


def _deck(value: dict, _rules: Mapping) -> str:
    copies = value.get("copies", 1)
    parts = [_("one 52-card deck") if copies == 1
             else _("{copies} 52-card decks shuffled together").format(copies=copies)]
    if value.get("remove"):
        removed = _("remove {cards} from each deck") if copies > 1 else _("remove {cards}")
        parts.append(removed.format(cards=_cards(value["remove"])))
    if value.get("remove_once"):
        parts.append(_("remove one copy of {cards}").format(cards=_cards(value["remove_once"])))
    if value.get("add"):
        parts.append(_("add {cards}, each ranked between the two and the three of its suit").format(
            cards=_cards(value["add"])))
    if value.get("remove") or value.get("remove_once") or value.get("add") or copies > 1:
        size = deck_size(value)
        parts[-1] = ngettext("{clause} ({count} card)", "{clause} ({count} cards)", size).format(
            clause=parts[-1], count=size)
    if "hand_size" in value:
        parts.append(ngettext("{count} card each", "{count} cards each", value["hand_size"]).format(
            count=value["hand_size"]))
    if value.get("kitty"):
        parts.append(_kitty(value))
    if value.get("stock"):
        n = value["stock"]
        parts.append(ngettext("stock of {count} card to draw from", "stock of {count} cards to draw from", n).format(
            count=n))
    return _capital(_clauses(parts))


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _kitty(value: dict) -> str:
    n = value["kitty"]
    if value.get("kitty_to") == "first_trick_winner":
        return ngettext("kitty of {count} card face down, taken by the winner of the first trick",
                        "kitty of {count} cards face down, taken by the winner of the first trick", n).format(count=n)
    return ngettext("kitty of {count} card face down, goes to {taker}",
                    "kitty of {count} cards face down, goes to {taker}", n).format(count=n, taker=value.get("kitty_to"))


def _dealing(value: dict, _rules: Mapping) -> str:
    rotation = value.get("dealer_rotation")
    parts = [{
        "left": _("The deal passes to the left (clockwise) after each deal"),
        "right": _("The deal passes to the right after each deal"),
    }.get(rotation) or _("The deal passes {rotation} after each deal").format(rotation=rotation)]
    if value.get("first_dealer") == "seat0":
        parts.append(_("the table chooses who deals first"))
    at_a_time = value.get("cards_at_a_time")
    if at_a_time is not None and value.get("direction") == "clockwise":
        parts.append(ngettext("the dealer deals the cards one at a time, clockwise from the player on the dealer's left",
                              "the dealer deals the cards {count} at a time, clockwise from the player on the dealer's"
                              " left", at_a_time).format(count=at_a_time))
    return _clauses(parts)


def _passing(value: dict, _rules: Mapping) -> str:
    count = value.get("count", 0)
    cycle = [d for d in value.get("cycle", [])]
    if count == 0 or not cycle or set(cycle) == {"none"}:
        return _("No passing")
    if value.get("simultaneous"):
        how = ngettext("Pass {count} card, all at once, before seeing the cards received",
                       "Pass {count} cards, all at once, before seeing the cards received", count)
    else:
        how = ngettext("Pass {count} card, one after another", "Pass {count} cards, one after another", count)
    if len(cycle) == 1:
        when = _("always {direction}").format(direction=_direction(cycle[0]))
    else:
        directions = ARROW.join(_direction(d) for d in cycle)
        when = _("direction by deal: {directions}, then the cycle repeats").format(directions=directions)
    return _clauses([how.format(count=count), when])


def _opening_lead(value: dict, _rules: Mapping) -> str:
    if value.get("leader") == "dealer_left":
        restriction = value.get("lead_restriction", "any")
        return {
            "any": _("The player left of the dealer leads the first trick with any card"),
            "non_point": _("The player left of the dealer leads the first trick with any card that scores no points"),
        }.get(restriction) or _("The player left of the dealer leads the first trick with {restriction}").format(
            restriction=restriction)
    cards = value.get("cards", [])
    if len(cards) == 1:
        text = _("The holder of {card} leads it to the first trick").format(card=card(cards[0]))
    else:
        text = _("The holder of the first of {cards} that was dealt leads it to the first trick").format(
            cards=_cards(cards))
    fallback = value.get("fallback", "none")
    if fallback == "lowest_club":
        text = _clauses([text, _("if no hand holds it, the holder of the lowest club leads that club")])
    elif fallback != "none":
        text = _clauses([text, _("otherwise {fallback}").format(fallback=fallback)])
    return text


def _first_trick(value: dict, rules: Mapping) -> str:
    points = value.get("points")
    text = {
        "allowed": _("Point cards may be played to the first trick"),
        "forbidden": _("No point card may be played to the first trick, even by a player void in the led suit"),
        "forbidden_unless_only_points": _(
            "No point card may be played to the first trick unless the player holds nothing else that is legal"
        ),
    }.get(points) or _("First-trick point cards: {points}").format(points=points)
    if points == "allowed":
        return text
    parts = [text]
    ruled = value.get("cards") or {}
    barred = [name for name, ruling in ruled.items() if ruling == "forbidden"]
    free = [name for name, ruling in ruled.items() if ruling == "allowed"]
    if barred:
        parts.append(ngettext("{cards} is barred too, whatever it is worth",
                              "{cards} are barred too, whatever they are worth", len(barred)).format(cards=_cards(barred)))
    if free:
        parts.append(_("{cards} may be played there").format(cards=_cards(free)))
    if points == "forbidden" and value.get("when_only_points") == "any_card":
        parts.append(_("a hand holding only barred cards may play any card"))
    if _first_lead_may_be_other_suit(rules):
        follow = {
            "follow_suit": _("a player whose only cards of the led suit are barred must still follow suit"),
            "other_suit": _("a player whose only cards of the led suit are barred discards another card instead"),
        }.get(value.get("barred_follow", "follow_suit"))
        parts += [follow] if follow else []
    return _clauses(parts)


def _first_lead_may_be_other_suit(rules: Mapping) -> bool:
    """Following suit and the ban can clash only when the first lead need not be a club."""
    lead = rules.get("opening_lead") if rules else None
    return isinstance(lead, dict) and lead.get("leader") == "dealer_left"


def _hearts_break(value: dict, _rules: Mapping) -> str:
    text = {
        "heart_discarded": _("Hearts are broken when a heart is discarded to a trick led in another suit"),
        "heart_played": _("Hearts are broken as soon as any heart is played to a trick, led or followed"),
    }.get(value.get("broken_by")) or _("Hearts are broken by {event}").format(event=value.get("broken_by"))
    if value.get("queen_breaks"):
        text = _clauses([text, _("playing {card} breaks them too").format(card=card("QS"))])
    return text


def _heart_leads(value: dict, _rules: Mapping) -> str:
    if value.get("before_broken") == "allowed":
        return _("Hearts may be led at any time")
    exceptions = {
        "hearts_only": N_("a hand of only hearts"),
        "hearts_and_queen": N_("a hand of only hearts and {card}"),
    }
    allowed = [_(exceptions[e]).format(card=card("QS")) if e in exceptions else e for e in value.get("exceptions", [])]
    text = _("Hearts may not be led until they are broken")
    if not allowed:
        return text
    hands = allowed[0]
    for other in allowed[1:]:
        hands = _("{hand} or {other}").format(hand=hands, other=other)
    return _clauses([text, _("exception: {hands} may lead a heart").format(hands=hands)])


def _following(value: dict, _rules: Mapping) -> str:
    parts = []
    if value.get("play_direction") == "clockwise":
        parts.append(_("Play goes clockwise, each player adding one card to the trick in turn"))
    if value.get("must_follow_suit", True):
        parts.append(_("follow suit when able, otherwise play any card"))
    if value.get("trick_winner", "highest_of_led_suit") == "highest_of_led_suit":
        parts.append(_("the highest card of the led suit wins; no trumps"))
    if value.get("ranking") == "ace_high":
        parts.append(_("the cards of a suit rank from the ace (highest) down to the two"))
    if value.get("next_lead") == "trick_winner":
        parts.append(_("the winner of a trick leads the next one"))
    identical = value.get("identical_cards")
    if identical == "cancel":
        parts.append(_("two identical cards in a trick cancel each other and neither can win, though their points"
                       " still go with the trick"))
    elif identical == "first_played_wins":
        parts.append(_("of two identical cards the first played ranks higher"))
    if value.get("all_cancelled") == "leader_takes":
        parts.append(_("when every card of the led suit is cancelled, the leader takes the trick"))
    elif value.get("all_cancelled") == "next_trick_winner":
        parts.append(_("when every card of the led suit is cancelled, the trick is set aside and its leader leads"
                       " again; the winner of the next trick takes it as well, and on the last trick its leader"
                       " takes it with anything set aside"))
    return _capital(_clauses(parts))


OTHER_OF_SUIT = {"C": N_("every other club"), "D": N_("every other diamond"), "H": N_("every other heart"),
                 "S": N_("every other spade")}


def _card_points(value: dict, _rules: Mapping) -> str:
    """Cards valued one by one come before their suit's value, which then reads as 'every other heart'."""
    parts = []
    said = set()
    for name, points in value.items():
        if name in said:
            continue
        if name in EACH_SUIT:
            singled = [c for c in in_card_order([c for c in value if c not in EACH_SUIT]) if _suit_letter(c) == name]
            parts += [_card_worth(format(card(c)), value[c]) for c in singled]
            said.update(singled)
            what = _(OTHER_OF_SUIT[name] if singled else EACH_SUIT[name])
        else:
            what = format(card(name))
        parts.append(_card_worth(what, points))
    return _capital(_clauses(parts + [_("every other card 0")])) if parts else _("No card scores points")


def _suit_letter(name: str) -> str:
    from heartspec.cards import SUITS, suit_of

    return SUITS[suit_of(parse_card(name))]


def _card_worth(what: str, points: Any) -> str:
    """'each heart 1 point', 'queen of spades 13 points', 'each heart its pip value (...)'."""
    if points == "pip":
        return _("{cards} counts its pip value: two to ten as numbered, jack 11, queen 12, king 13, ace 14").format(
            cards=what)
    shown = f"−{abs(points)}" if isinstance(points, int) and points < 0 else number(points)
    count = abs(points) if isinstance(points, int) else 2
    return ngettext("{cards} {points} point", "{cards} {points} points", count).format(cards=what, points=shown)


def _moon(value: dict, rules: Mapping) -> str:
    if not value.get("enabled", True):
        return _("No shooting the moon: every card taken scores")
    text = _moon_taker(value).format(cards=_cards(value.get("also_requires") or []), effect=_moon_effect(value, rules))
    if _has_negative_cards(rules):
        fate = {
            "kept": _("(negative cards they took still count)"),
            "ignored": _("(negative cards they took are ignored)"),
        }.get(value.get("bonus_cards"))
        text += f" {fate}" if fate else ""
    return text + _moon_partner(value, rules)


def _moon_partner(value: dict, rules: Mapping) -> str:
    """With partnerships: whether the shooter's partner scores a moon added to the others."""
    if not _partnership(rules):
        return ""
    if value.get("effect") not in ("add_to_others", "shooter_choice"):
        return ""
    if value.get("partner", "scored") == "spared":
        return _("; but the shooter's partner scores nothing for it, only the two opponents do")
    return _("; the shooter's partner is one of the others and scores the moon's points too")


def _partnership(rules: Mapping) -> bool:
    unit = rules.get("scoring_unit") if rules else None
    return isinstance(unit, dict) and unit.get("unit") == "partnership"


def _moon_taker(value: dict) -> str:
    if value.get("also_requires"):
        return _("Whoever takes every point card and {cards} in one deal shoots the moon: {effect}")
    return _("Whoever takes every point card in one deal shoots the moon: {effect}")


def _moon_effect(value: dict, rules: Mapping) -> str:
    effect = value.get("effect")
    amount = value.get("amount", 26)
    if amount == "deal_total":
        total = _penalty_total(rules)
        phrases = {
            "add_to_others": _("they score 0 and every other player scores the deal's penalty total{total}"),
            "subtract_from_self": _(
                "they subtract the deal's penalty total{total} from their own total and the others score 0"),
            "shooter_choice": _(
                "they choose either to add the deal's penalty total{total} to every other player "
                "or to subtract the deal's penalty total{total} from their own total"),
        }
        fields = {"total": total}
    else:
        phrases = {
            "add_to_others": _("they score 0 and every other player scores {amount}"),
            "subtract_from_self": _("they subtract {amount} from their own total and the others score 0"),
            "shooter_choice": _(
                "they choose either to add {amount} to every other player or to subtract {amount} from their own total"),
        }
        fields = {"amount": number(amount)}
    return phrases[effect].format(**fields) if effect in phrases else str(effect)


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
    return _("Everyone scores for themselves")


def _game_end(value: dict, rules: Mapping) -> str:
    target, max_deals = value.get("target"), value.get("max_deals")
    if _partnership(rules) and target is not None:
        return _partnership_game_end(value, rules)
    if target is None and max_deals is None:
        parts = [_("The game has no set length: it runs until the table stops it")]
    elif target is None:
        parts = [ngettext("The game is a fixed {deals} deal, with no points target",
                          "The game is a fixed {deals} deals, with no points target", max_deals).format(deals=number(max_deals))]
    else:
        parts = [_game_end_sentence(value.get("condition"), max_deals).format(
            target=number(target), deals=number(max_deals), condition=value.get("condition"))]
        if not max_deals and value.get("deal_limit") in DEAL_LIMIT_UNSET:
            parts.append(_(DEAL_LIMIT_UNSET[value["deal_limit"]]))
    parts.append(_("the lowest total wins"))
    if value.get("ties") == "shared":
        parts.append(_("a tie for lowest is a shared win"))
    elif value.get("ties") == "extra_deal":
        parts.append(_("a tie for lowest is settled by playing another deal, and another after each new tie")
                     if value.get("extra_deals", "until_untied") == "until_untied"
                     else _("a tie for lowest is settled by playing another deal"))
    return _clauses(parts)


def _partnership_game_end(value: dict, rules: Mapping) -> str:
    """With partnerships the target is checked against a partnership's or a player's total, and a partnership wins."""
    by_player = (rules.get("scoring_unit") or {}).get("target_total", "team") == "player"
    if by_player:
        text = _("The game ends after a deal in which a player's own total passes {target}")
    else:
        text = _("The game ends after a deal in which a partnership's combined total passes {target}")
    parts = [text.format(target=number(value.get("target")))]
    if value.get("max_deals"):
        parts.append(ngettext("or after {deals} deal, whichever comes first", "or after {deals} deals, whichever comes first",
                              value["max_deals"]).format(deals=number(value["max_deals"])))
    parts.append(_("the partnership with the lower total wins"))
    return _clauses(parts)


def _game_end_sentence(condition: str | None, deals: int | None) -> str:
    if deals:
        return {
            "reaches": ngettext("The game ends after a deal in which someone's total reaches {target} or more,"
                                " or after {deals} deal, whichever comes first",
                                "The game ends after a deal in which someone's total reaches {target} or more,"
                                " or after {deals} deals, whichever comes first", deals),
            "exceeds": ngettext("The game ends after a deal in which someone's total exceeds {target}"
                                " (more than {target}), or after {deals} deal, whichever comes first",
                                "The game ends after a deal in which someone's total exceeds {target}"
                                " (more than {target}), or after {deals} deals, whichever comes first", deals),
        }.get(condition) or ngettext("The game ends after a deal in which someone's total {condition} {target},"
                                     " or after {deals} deal, whichever comes first",
                                     "The game ends after a deal in which someone's total {condition} {target},"
                                     " or after {deals} deals, whichever comes first", deals)
    return {
        "reaches": _("The game ends after a deal in which someone's total reaches {target} or more"),
        "exceeds": _("The game ends after a deal in which someone's total exceeds {target} (more than {target})"),
    }.get(condition) or _("The game ends after a deal in which someone's total {condition} {target}")


# What a deal limit the table has not set would do (game_end.deal_limit), said where no limit is set.
DEAL_LIMIT_UNSET = {
    "replaces_target": N_("a table may agree a number of deals instead (see the options): the game then lasts"
                          " exactly that many deals, and no total ends it"),
    "with_target": N_("a table may also agree a number of deals (see the options): the game then ends at the"
                      " target or after that many deals, whichever comes first"),
}



def _two_player(value: dict, _rules: Mapping) -> str:
    draws = value.get("draws_per_player", 1)
    order = value.get("draw_order")
    sentences = {
        "winner_first": ngettext(
            "After each trick the winner draws from the stock first, then the other player"
            " ({count} card each, while the stock lasts)",
            "After each trick the winner draws from the stock first, then the other player"
            " ({count} cards each, while the stock lasts)", draws),
        "replace_immediately": ngettext(
            "Each player draws from the stock right after playing a card ({count} card each, while the stock lasts)",
            "Each player draws from the stock right after playing a card ({count} cards each, while the stock lasts)",
            draws),
    }
    if order in sentences:
        return sentences[order].format(count=draws)
    return ngettext("{order} ({count} card each, while the stock lasts)",
                    "{order} ({count} cards each, while the stock lasts)", draws).format(
        order=str(order)[:1].upper() + str(order)[1:], count=draws)


def _settlement(value: dict, _rules: Mapping) -> str:
    stake = number(value.get("stake", 1))
    method = value.get("method")
    if method == "none" and "stake" in value:
        return _("Not played for money; a table that plays for money agrees a stake of {stake}: per point when"
                 " paying after every deal or into a pot for those who took no points, per player for a pot"
                 " the winner takes").format(stake=stake)
    if method == "zero_point_pot":
        return _zero_point_pot(value, stake)
    return {
        "none": _("No money settlement"),
        "pot": _("Each player puts {stake} into a pot before the game; the winner takes the pot"),
        "pairwise": _("After each deal every two players compare their points for the deal: the one with more"
                      " points pays the other {stake} for each point of difference"),
    }.get(method, _("Settlement: {method} at {stake}")).format(stake=stake, method=method)


def _zero_point_pot(value: dict, stake: Any) -> str:
    pays = (_("After each deal everyone pays {stake} per point into a pot shared by those who scored nothing or less")
            if value.get("on_zero") == "zero_or_less"
            else _("After each deal everyone pays {stake} per point into a pot shared by those who scored nothing"))
    left = (_("a pot still unclaimed when play stops goes to the game's winners")
            if value.get("unclaimed_pot") == "to_winners"
            else _("a pot still unclaimed when play stops goes back to those who paid it in"))
    return _clauses([pays.format(stake=stake), _("if all scored, the pot carries over"), left])


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
    "players": N_("Players"),
    "deck": N_("Deck"),
    "dealing": N_("Dealing"),
    "passing": N_("Passing"),
    "opening_lead": N_("Opening lead"),
    "first_trick": N_("First trick"),
    "hearts_break": N_("Breaking hearts"),
    "heart_leads": N_("Leading hearts"),
    "following": N_("Playing a trick"),
    "card_points": N_("Card points"),
    "moon": N_("Shooting the moon"),
    "scoring_unit": N_("Scoring unit"),
    "game_end": N_("End of the game"),
    "two_player": N_("Two players"),
    "settlement": N_("Money settlement"),
}

RULE_ORDER = list(LABELS)


def label(key: str) -> str:
    return _(LABELS[key]) if key in LABELS else key.replace("_", " ").capitalize()


def order_key(key: str) -> tuple[int, str]:
    root = key.split(".", 1)[0]
    return (RULE_ORDER.index(root) if root in RULE_ORDER else len(RULE_ORDER), key)


def compact(value: Any) -> str:
    if isinstance(value, dict):
        value = {k: in_card_order(v) if k in CARD_SET_KEYS and isinstance(v, list) else v for k, v in value.items()}
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
        return _capital(phrase(value, rules or {}))
    except (AttributeError, TypeError, KeyError, ValueError):
        return as_data(key, value)

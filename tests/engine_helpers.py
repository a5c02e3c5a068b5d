"""CompiledRules built by hand, so engine tests do not depend on the compiler or the shipped spec.

`standard()` is plain four-player Hearts; every other helper is `standard()` with a
few fields replaced, so each test names exactly the rule values it is about.
"""

from __future__ import annotations

from dataclasses import replace

from heartspec.cards import build_deck, card_name, parse_card, standard_faces
from heartspec.engine import Game
from heartspec.rules.model import CompiledRules


def points_table(spec: dict[str, int]) -> tuple[int, ...]:
    """Face points from a card_points-like map: suit letters first, then card names override."""
    table = [0] * 56
    for key, value in spec.items():
        if len(key) == 1:
            suit = "CDHS".index(key)
            for slot in range(14):
                table[suit * 14 + slot] = value
    for key, value in spec.items():
        if len(key) == 2:
            table[parse_card(key)] = value
    return tuple(table)


def faces(*names: str) -> list[int]:
    return [parse_card(n) for n in names]


def standard(**changes) -> CompiledRules:
    """Four players, pass 3 left/right/across/none, 2C leads, hearts 1 + QS 13, moon adds 26, ends at 100."""
    deck = tuple(build_deck())
    face_points = points_table({"H": 1, "QS": 13})
    rules = CompiledRules(
        ruleset="test", variants=(), players=4,
        copies=1, deck=deck, hand_size=13, kitty_size=0, kitty_to="first_trick_winner", stock_size=0,
        dealer_rotation=1,
        pass_count=3, pass_cycle=("left", "right", "across", "none"),
        opening_leader="card_holder", opening_cards=(parse_card("2C"),), opening_fallback="lowest_club",
        opening_lead_restriction="any",
        first_trick_points="forbidden", first_trick_when_only_points="any_card",
        hearts_broken_by="heart_discarded", queen_breaks_hearts=False,
        heart_leads_before_broken="forbidden", heart_lead_exceptions=("hearts_only",),
        identical_cards="first_played_wins", all_cancelled="leader_takes",
        face_points=face_points, moon_enabled=True,
        moon_required_faces=tuple(f for f in range(56) if face_points[f] > 0),
        moon_effect="add_to_others", moon_amount=26, moon_bonus_cards="kept", partnership=False,
        target=100, end_condition="reaches", max_deals=None, ties="shared",
        draw_order=None, settlement="none", stake=1,
        penalty_total=26,
    )
    return replace(rules, **changes) if changes else rules


def with_deck(rules: CompiledRules, players: int, copies=1, remove=(), add=(), kitty=0, stock=0, **changes):
    """Change the player count and deck together, keeping the moon and penalty total consistent."""
    deck = tuple(build_deck(copies, remove, add))
    hand_size = (len(deck) - kitty - stock) // players
    positive = [f for f in range(56) if rules.face_points[f] > 0 and any(c % 56 == f for c in deck)]
    return replace(
        rules, players=players, copies=copies, deck=deck, hand_size=hand_size, kitty_size=kitty,
        stock_size=stock, moon_required_faces=tuple(positive),
        penalty_total=sum(max(rules.face_points[c % 56], 0) for c in deck), **changes)


def two_player(draw_order: str = "winner_first") -> CompiledRules:
    return with_deck(standard(pass_count=0, pass_cycle=("none",)), 2, stock=26, draw_order=draw_order)


def cancellation(players: int = 8) -> CompiledRules:
    """Two decks; identical cards cancel; moon needs every copy."""
    rules = with_deck(standard(), players, copies=2, remove=_removed_for(players),
                      identical_cards="cancel", moon_amount=52)
    return rules


def few_ranks_cancellation() -> CompiledRules:
    """Two decks of only 2-5 and the queen and ace of spades at four players: identical cards meet
    often, so tricks whose led-suit cards all cancel (set aside for the next trick's winner) come up."""
    keep = {f"{rank}{suit}" for rank in "2345" for suit in "CDHS"} | {"QS", "AS"}
    removed = [card_name(f) for f in standard_faces() if card_name(f) not in keep]
    return with_deck(standard(), 4, copies=2, remove=removed, identical_cards="cancel",
                     all_cancelled="next_trick_winner", moon_amount=2 * (4 + 13))


def _removed_for(players: int) -> tuple[str, ...]:
    """Enough low clubs/diamonds out of each copy that 104 - 2*removed divides evenly."""
    candidates = ["2D", "3D", "2S", "3S", "4D", "4S"]
    for count in range(len(candidates) + 1):
        if (104 - 2 * count) % players == 0:
            return tuple(candidates[:count])
    raise ValueError(players)


def sorted_deal(rules: CompiledRules) -> list[list[int]]:
    """Deal the deck in id order: seat 0 gets the lowest cards (all the clubs in a 4-player game)."""
    deck = [c % 56 for c in rules.deck]
    size = rules.hand_size
    return [deck[i * size:(i + 1) * size] for i in range(rules.players)]


def game_with_hands(rules: CompiledRules, hands_by_name: list[str], dealer: int = 0, **kwargs) -> Game:
    """A game dealt from space-separated hands; kitty/stock get whatever is left, in deck order."""
    game = Game(rules, dealer=dealer, **kwargs)
    hands = [faces(*h.split()) for h in hands_by_name]
    rest = [c % 56 for c in rules.deck]
    for hand in hands:
        for card in hand:
            rest.remove(card)
    kitty, stock = rest[: rules.kitty_size], rest[rules.kitty_size:]
    game.deal(hands, kitty=kitty, stock=stock)
    return game


def play_names(game: Game, *moves: tuple[int, str]) -> list[dict]:
    events = []
    for seat, name in moves:
        events += game.play(seat, parse_card(name))
    return events


def tiny(hands_by_name: list[str], kitty: str = "", stock: str = "", **changes) -> CompiledRules:
    """Rules whose deck is exactly these cards, so a whole deal takes two or three tricks."""
    base = standard(**changes)
    cards = [c for text in [*hands_by_name, kitty, stock] for c in faces(*text.split())]
    copies = max(cards.count(c) for c in cards)
    deck = tuple(sorted(c + 56 * k for c in set(cards) for k in range(cards.count(c))))
    positive = sorted({c for c in cards if base.face_points[c] > 0})
    return replace(
        base, players=len(hands_by_name), copies=copies, deck=deck, hand_size=len(hands_by_name[0].split()),
        kitty_size=len(kitty.split()), stock_size=len(stock.split()),
        moon_required_faces=tuple(positive) if base.moon_required_faces else (),
        penalty_total=sum(max(base.face_points[c], 0) for c in cards))


def tiny_game(hands_by_name: list[str], kitty: str = "", stock: str = "", dealer: int = 0,
              totals=None, **changes) -> Game:
    """A dealt game on a tiny deck; pass and opening rules as in `changes` (default: no passing)."""
    changes.setdefault("pass_count", 0)
    changes.setdefault("pass_cycle", ("none",))
    rules = tiny(hands_by_name, kitty, stock, **changes)
    game = Game(rules, dealer=dealer, totals=totals)
    game.deal([faces(*h.split()) for h in hands_by_name], kitty=faces(*kitty.split()),
              stock=faces(*stock.split()))
    return game


def play_out(game: Game, rng=None) -> list[dict]:
    """Play the current deal to its end with the lowest legal card each time (deterministic)."""
    events = []
    while game.phase == "playing":
        events += game.play(game.turn, game.legal(game.turn)[0])
    return events


def event(events: list[dict], kind: str) -> dict:
    found = [e for e in events if e["type"] == kind]
    assert len(found) == 1, (kind, events)
    return found[0]


def configurations() -> dict[str, CompiledRules]:
    """A spread of rule values and player counts for property tests and self-play."""
    base = standard()
    omnibus = tuple(-10 if f == parse_card("JD") else p for f, p in enumerate(base.face_points))
    return {
        "standard": base,
        "three_with_kitty": with_deck(base, 3, kitty=1, pass_cycle=("left", "right", "none")),
        "three_without_2c": with_deck(base, 3, remove=["2C"], pass_cycle=("left", "right", "none")),
        "five_left2": with_deck(base, 5, remove=["2C", "2D"], pass_cycle=("left", "right", "left2", "right2", "none")),
        "six_jokers": with_deck(base, 6, add=["XC", "XD"], pass_cycle=("left", "right", "none")),
        "two_winner_first": two_player(),
        "two_replace_immediately": two_player("replace_immediately"),
        "cancellation_8": cancellation(8),
        "cancellation_10": cancellation(10),
        "cancellation_set_aside": few_ranks_cancellation(),
        "partnership": standard(partnership=True),
        "choice_omnibus_extra_deal": standard(moon_effect="shooter_choice", face_points=omnibus,
                                              moon_bonus_cards="ignored", ties="extra_deal"),
        "dealer_left_heart_played": standard(
            opening_leader="dealer_left", opening_lead_restriction="non_point", hearts_broken_by="heart_played",
            queen_breaks_hearts=True, first_trick_points="allowed", heart_lead_exceptions=("hearts_and_queen",),
            pass_count=0, pass_cycle=("none",), settlement="pairwise", stake=0.25),
        "zero_point_pot": standard(settlement="zero_point_pot", stake=1, dealer_rotation=-1,
                                   end_condition="exceeds", target=50, moon_effect="subtract_from_self"),
        "pot_three_deals": standard(settlement="pot", stake=5, max_deals=3),
    }

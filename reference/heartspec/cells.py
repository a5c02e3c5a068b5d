"""The rare cells of a game: positions and outcomes random play seldom reaches, and one detector for them.

The fuzzer builds deals and starting positions aimed at these cells and counts the ones a game
reached; the conformance suite's cell coverage runs each scenario's requests through the same
detector, so "reached" means the same thing to both. A cell is recorded when the reference's game
is in it: a play from the position (the first two, the hearts lead), or an event a move produced.

Which cells a set-up has at all is read off its compiled rules (`applicable_cells`): a kitty only
where cards are left over, a hand of only point cards on the first trick only where the deck holds
enough of them and the first-trick rule bars points at all.
"""

from __future__ import annotations

from heartspec.cards import CLUBS, HEARTS, cards_of, face, parse_card, suit_of
from heartspec.rules.model import CompiledRules

QUEEN_OF_SPADES = parse_card("QS")

ONLY_POINTS_ON_FIRST_TRICK = "first trick: void with only point cards"
HEARTS_BROKEN_ON_FIRST_TRICK = "first trick: hearts broken"
HEARTS_ONLY_LEAD = "lead before hearts broken from a hand of only hearts"
HEARTS_AND_QUEEN_LEAD = "lead before hearts broken from only hearts and the queen of spades"
MOON_SHOT = "moon shot"
MOON_CHOICE = "moon choice"
KITTY_TAKEN = "kitty taken"
STOCK_DRAWN = "cards drawn from the stock"
TRICK_SET_ASIDE = "trick set aside"
TARGET_REACHED = "game over: target reached"
LAST_DEAL = "game over: last deal of the deal limit"
TIE_FOR_THE_WIN = "game over: tie for the win"

CELLS = (ONLY_POINTS_ON_FIRST_TRICK, HEARTS_BROKEN_ON_FIRST_TRICK, HEARTS_ONLY_LEAD, HEARTS_AND_QUEEN_LEAD, MOON_SHOT,
         MOON_CHOICE, KITTY_TAKEN, STOCK_DRAWN, TRICK_SET_ASIDE, TARGET_REACHED, LAST_DEAL, TIE_FOR_THE_WIN)


def applicable_cells(rules: CompiledRules) -> tuple[str, ...]:
    """The cells a game under these rules is to reach (the coverage goals; the set-aside trick is only counted), in CELLS order."""
    size, deck = rules.hand_size, rules.deck
    points = rules.face_points
    non_club_points = sum(1 for c in deck if suit_of(c) != CLUBS and points[face(c)] > 0)
    hearts = sum(1 for c in deck if suit_of(c) == HEARTS)
    only_points = rules.first_trick_points != "allowed" and non_club_points >= size
    possible = {
        ONLY_POINTS_ON_FIRST_TRICK: only_points,
        # a heart falls on the first trick where points may fall there, or where a hand holds nothing else
        HEARTS_BROKEN_ON_FIRST_TRICK: rules.first_trick_points == "allowed" or only_points,
        HEARTS_ONLY_LEAD: rules.heart_leads_before_broken == "forbidden" and hearts >= size,
        HEARTS_AND_QUEEN_LEAD: (rules.heart_leads_before_broken == "forbidden"
                                and "hearts_and_queen" in rules.heart_lead_exceptions and hearts + 1 >= size),
        MOON_SHOT: rules.moon_enabled,
        MOON_CHOICE: rules.moon_enabled and rules.moon_effect == "shooter_choice",
        KITTY_TAKEN: rules.kitty_size > 0,
        STOCK_DRAWN: rules.stock_size > 0,
        # counted when it happens, but no aim of the fuzzer's and no coverage goal: a trick whose every card of
        # the led suit cancels is built by hand (cancel-008, proto-event-016/017 at 6, 8 and 10 players)
        TRICK_SET_ASIDE: False,
        TARGET_REACHED: rules.target is not None,
        LAST_DEAL: rules.max_deals is not None,
        TIE_FOR_THE_WIN: rules.ties == "shared" and (rules.target is not None or rules.max_deals is not None),
    }
    return tuple(cell for cell in CELLS if possible[cell])


def position_cells(game, seat: int) -> list[str]:
    """The cells a play by `seat` from the game's current position tests (the game is the reference's `Game`)."""
    cells = []
    hand = game.hands[seat]
    if game.tricks_done == 0 and game.trick and game.rules.first_trick_points != "allowed":
        led = suit_of(game.trick[0][1])
        if not any(suit_of(c) == led for c in cards_of(hand)) and not hand & ~game._point_mask:
            cells.append(ONLY_POINTS_ON_FIRST_TRICK)
    if not game.trick and not game.hearts_broken and hand:
        # a lead from hearts alone, or from hearts and the queen of spades (which some guides let lead hearts)
        others = {suit_of(c) for c in cards_of(hand) if face(c) != QUEEN_OF_SPADES}
        if others == {HEARTS}:
            only_hearts = all(suit_of(c) == HEARTS for c in cards_of(hand))
            cells.append(HEARTS_ONLY_LEAD if only_hearts else HEARTS_AND_QUEEN_LEAD)
    return cells


def event_cells(game, events, on_first_trick: bool = False) -> list[str]:
    """The cells the events of one accepted move show; `on_first_trick`: the move was a play on a deal's first trick."""
    cells = []
    for event in events:
        kind = event["type"]
        if kind == "hearts_broken" and on_first_trick:
            cells.append(HEARTS_BROKEN_ON_FIRST_TRICK)
        elif kind == "deal_scored" and event.get("moon"):
            cells.append(MOON_SHOT)
        elif kind == "moon_choice":
            cells.append(MOON_CHOICE)
        elif kind == "kitty_taken":
            cells.append(KITTY_TAKEN)
        elif kind == "cards_drawn" and STOCK_DRAWN not in cells:  # both seats draw after a trick: one cell
            cells.append(STOCK_DRAWN)
        elif kind == "trick_set_aside":
            cells.append(TRICK_SET_ASIDE)
        elif kind == "game_over":
            cells += _end_cells(game, event)
    return cells


def _end_cells(game, event: dict) -> list[str]:
    rules = game.rules
    cells = [LAST_DEAL if rules.max_deals and game.deal_number >= rules.max_deals else TARGET_REACHED]
    if len(event["winners"]) > (2 if rules.partnership else 1):
        cells.append(TIE_FOR_THE_WIN)
    return cells


def on_first_trick(game) -> bool:
    """Whether the next play falls on the deal's first trick (asked before the play)."""
    return game.phase == "playing" and game.tricks_done == 0

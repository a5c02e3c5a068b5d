"""One test (or a parametrized pair) per rule value: each value must change a concrete outcome."""

from __future__ import annotations

import pytest

from engine_helpers import (
    event, faces, play_names, play_out, sorted_deal, standard, tiny_game, with_deck,
)
from heartspec.cards import parse_card
from heartspec.engine import Game, RuleError

C = parse_card


def refused(game: Game, code: str, method: str, *args):
    """Call a method that must be refused with `code`, and check it left the game untouched."""
    before = (game.state(), list(game.hands), dict(game.passes), list(game.taken))
    with pytest.raises(RuleError) as err:
        getattr(game, method)(*args)
    assert err.value.code == code, err.value.message
    assert (game.state(), list(game.hands), dict(game.passes), list(game.taken)) == before
    return err.value


# ----------------------------------------------------------------- passing

@pytest.mark.parametrize("deal_number, direction, receiver", [(1, "left", 1), (2, "right", 3), (3, "across", 2)])
def test_pass_direction_follows_the_cycle_by_deal_number(deal_number, direction, receiver):
    rules = standard()
    game = Game(rules, deal_number=deal_number)
    game.deal(sorted_deal(rules))
    assert game.phase == "passing" and game.pass_direction == direction
    events = []
    for seat, hand in enumerate(sorted_deal(rules)):
        events += game.pass_cards(seat, hand[:3])
    got = [e for e in events if e["type"] == "cards_received" and e["from"] == 0]
    assert got == [{"type": "cards_received", "seat": receiver, "from": 0, "cards": ["2C", "3C", "4C"]}]
    assert "2C" in game.state()["hands"][receiver]


def test_none_in_the_cycle_goes_straight_to_playing():
    rules = standard()
    game = Game(rules, deal_number=4)
    game.deal(sorted_deal(rules))
    assert (game.phase, game.pass_direction, game.turn) == ("playing", "none", 0)


def test_left2_and_right2_skip_a_seat_with_five_players():
    rules = with_deck(standard(), 5, remove=["2C", "2D"], pass_cycle=("left2", "right2"))
    for deal_number, receiver in [(1, 2), (2, 3)]:
        game = Game(rules, deal_number=deal_number)
        game.deal(sorted_deal(rules))
        events = []
        for seat, hand in enumerate(sorted_deal(rules)):
            events += game.pass_cards(seat, hand[:3])
        assert [e["seat"] for e in events if e["from"] == 0] == [receiver]


def test_passes_arrive_in_any_order_and_the_last_one_exchanges():
    rules = standard()
    game = Game(rules)
    game.deal(sorted_deal(rules))
    hands = sorted_deal(rules)
    assert game.pass_cards(2, hands[2][:3]) == []
    assert game.pass_cards(0, hands[0][:3]) == []
    assert game.pass_cards(3, hands[3][:3]) == []
    assert game.state()["hands"][1][0] == "2D"  # nothing moved before the last pass
    assert game.state()["passed"] == [0, 2, 3]
    events = game.pass_cards(1, hands[1][:3])
    assert [e["seat"] for e in events] == [0, 1, 2, 3]
    assert game.phase == "playing"
    assert game.turn == 1  # seat 1 received 2C from seat 0


def test_refused_passes_change_nothing():
    rules = standard()
    game = Game(rules)
    game.deal(sorted_deal(rules))
    refused(game, "invalid_pass", "pass_cards", 0, faces("2C", "3C"))
    refused(game, "card_not_in_hand", "pass_cards", 0, faces("2C", "3C", "2D"))
    refused(game, "invalid_pass", "pass_cards", 0, faces("2C", "2C", "3C"))
    refused(game, "invalid_card", "pass_cards", 0, [1, 2, 3])
    refused(game, "bad_request", "pass_cards", 7, faces("2C", "3C", "4C"))
    refused(game, "wrong_phase", "play", 0, C("2C"))
    game.pass_cards(0, faces("2C", "3C", "4C"))
    refused(game, "already_passed", "pass_cards", 0, faces("5C", "6C", "7C"))


# ------------------------------------------------------------ opening lead

def test_the_two_of_clubs_holder_must_lead_it():
    game = tiny_game(["5C AH", "2C QS", "3C 2H", "4C 3H"])
    assert game.turn == 1 and game.legal(1) == [C("2C")]
    refused(game, "must_lead_opening_card", "play", 1, C("QS"))


def test_without_any_opening_card_the_lowest_club_leads():
    hands = ["5C AH", "3C QS", "4C 2H", "6C 3H"]
    game = tiny_game(hands, dealer=2)
    assert (game.turn, game.legal(1)) == (1, [C("3C")])
    fallback_none = tiny_game(hands, dealer=2, opening_fallback="none")
    assert fallback_none.turn == 3 and fallback_none.legal(3) == faces("6C")  # dealer's left, hearts unbroken


def test_opening_cards_are_tried_in_order():
    game = tiny_game(["5C AH", "3C QS", "4C 2H", "6C 3H"], opening_cards=(C("2C"), C("4C")), opening_fallback="none")
    assert game.turn == 2 and game.legal(2) == [C("4C")]


def test_with_two_decks_the_first_holder_left_of_the_dealer_leads():
    hands = ["3C", "2C", "4C", "2C"]
    assert tiny_game(hands, dealer=0).turn == 1
    assert tiny_game(hands, dealer=1).turn == 3


@pytest.mark.parametrize("restriction, legal", [("non_point", ["5C"]), ("any", ["5C", "QS"])])
def test_dealer_left_opening_restriction(restriction, legal):
    game = tiny_game(["QS 5C", "2C 6C", "3C 7C", "4C 8C"], dealer=3, opening_leader="dealer_left",
                     opening_lead_restriction=restriction)
    assert game.turn == 0 and game.legal(0) == faces(*legal)
    if restriction == "non_point":
        refused(game, "points_on_first_trick", "play", 0, C("QS"))


# ------------------------------------------------------------- first trick

FIRST_TRICK = ["2C 3D", "3C 4D", "QS 5D", "4C 6D"]


@pytest.mark.parametrize("value", ["forbidden", "forbidden_unless_only_points"])
def test_points_refused_on_the_first_trick(value):
    game = tiny_game(FIRST_TRICK, first_trick_points=value)
    play_names(game, (0, "2C"), (1, "3C"))
    refused(game, "points_on_first_trick", "play", 2, C("QS"))
    assert game.legal(2) == [C("5D")]


def test_points_allowed_on_the_first_trick():
    game = tiny_game(FIRST_TRICK, first_trick_points="allowed")
    assert game.legal(0) == [C("2C")]
    play_names(game, (0, "2C"), (1, "3C"), (2, "QS"))
    assert game.trick[-1][0] == 2


def test_a_hand_of_only_points_may_play_one_on_the_first_trick():
    game = tiny_game(["2C 3D", "3C 4D", "QS AH", "4C 6D"])
    play_names(game, (0, "2C"), (1, "3C"))
    assert game.legal(2) == faces("AH", "QS")


def test_points_are_fine_after_the_first_trick():
    game = tiny_game(["2C 3D", "3C QS", "AC 5D", "4C 6D"], first_trick_points="forbidden")
    play_names(game, (0, "2C"), (1, "3C"), (2, "AC"), (3, "4C"), (2, "5D"), (3, "6D"), (0, "3D"))
    events = play_names(game, (1, "QS"))
    assert event(events, "trick_won")["points"] == 13


# -------------------------------------------------------------- hearts

HEART_LEAD = ["2C AH", "3C 2H", "4C 3H", "5C 4H"]


@pytest.mark.parametrize("broken_by, breaks", [("heart_played", True), ("heart_discarded", False)])
def test_a_led_heart_breaks_hearts_only_when_any_heart_counts(broken_by, breaks):
    game = tiny_game(HEART_LEAD, hearts_broken_by=broken_by)
    play_names(game, (0, "2C"), (1, "3C"), (2, "4C"), (3, "5C"))
    events = play_names(game, (3, "4H"))
    assert any(e["type"] == "hearts_broken" for e in events) is breaks
    assert game.hearts_broken is breaks


def test_a_discarded_heart_breaks_hearts_once():
    game = tiny_game(["2C 3D 4S", "3C 4D 5S", "2H 5D 6S", "5C 3H 7S"], first_trick_points="allowed")
    events = play_names(game, (0, "2C"), (1, "3C"), (2, "2H"), (3, "5C"))
    assert [e["type"] for e in events].count("hearts_broken") == 1
    events = play_names(game, (3, "3H"))
    assert "hearts_broken" not in [e["type"] for e in events]


QUEEN_BREAK = ["2C AD 2H 6S", "3C QS 3H 7S", "4C 2D 4H 8S", "5C 3D 5H 9S"]


@pytest.mark.parametrize("queen_breaks, legal", [(True, ["2H", "6S"]), (False, ["6S"])])
def test_queen_of_spades_may_break_hearts(queen_breaks, legal):
    game = tiny_game(QUEEN_BREAK, queen_breaks_hearts=queen_breaks)
    play_names(game, (0, "2C"), (1, "3C"), (2, "4C"), (3, "5C"), (3, "3D"), (0, "AD"), (1, "QS"), (2, "2D"))
    assert game.turn == 0 and game.legal(0) == faces(*legal)
    if not queen_breaks:
        refused(game, "hearts_not_broken", "play", 0, C("2H"))


HEARTS_AND_QUEEN = ["AC QS AH", "2C 2D 3D", "3C 4D 5D", "4C 6D 7D"]


@pytest.mark.parametrize("exceptions, legal", [(("hearts_only", "hearts_and_queen"), ["AH", "QS"]),
                                                (("hearts_only",), ["QS"])])
def test_hearts_and_queen_exception(exceptions, legal):
    game = tiny_game(HEARTS_AND_QUEEN, dealer=3, opening_leader="dealer_left", heart_lead_exceptions=exceptions)
    play_names(game, (0, "AC"), (1, "2C"), (2, "3C"), (3, "4C"))
    assert game.legal(0) == faces(*legal)


def test_a_hand_of_only_hearts_may_lead_one_even_without_exceptions():
    game = tiny_game(HEART_LEAD, heart_lead_exceptions=())
    play_names(game, (0, "2C"), (1, "3C"), (2, "4C"), (3, "5C"))
    assert game.legal(3) == [C("4H")]


@pytest.mark.parametrize("before_broken, legal", [("allowed", ["3D", "AH"]), ("forbidden", ["3D"])])
def test_leading_hearts_before_broken(before_broken, legal):
    game = tiny_game(["AC 3D AH", "2C 4D 2H", "3C 5D 3H", "4C 6D 4H"], heart_leads_before_broken=before_broken,
                     dealer=3, opening_leader="dealer_left")
    play_names(game, (0, "AC"), (1, "2C"), (2, "3C"), (3, "4C"))
    assert game.legal(0) == faces(*legal)


# -------------------------------------------------------------- tricks

def test_only_the_led_suit_wins_and_jokers_rank_between_two_and_three():
    game = tiny_game(["2C", "XC", "2D"])
    assert event(play_names(game, (0, "2C"), (1, "XC"), (2, "2D")), "trick_won")["seat"] == 1
    game = tiny_game(["2C", "XC", "3C"])
    assert event(play_names(game, (0, "2C"), (1, "XC"), (2, "3C")), "trick_won")["seat"] == 2


@pytest.mark.parametrize("identical, winner", [("cancel", 3), ("first_played_wins", 1)])
def test_identical_cards(identical, winner):
    game = tiny_game(["2C", "AC", "AC", "KC"], identical_cards=identical)
    events = play_names(game, (0, "2C"), (1, "AC"), (2, "AC"), (3, "KC"))
    assert event(events, "trick_won")["seat"] == winner


def test_when_every_led_suit_card_cancels_the_leader_takes_the_trick():
    game = tiny_game(["5C", "5C", "AD", "AD"], identical_cards="cancel", dealer=3, opening_leader="dealer_left")
    events = play_names(game, (0, "5C"), (1, "5C"), (2, "AD"), (3, "AD"))
    assert event(events, "trick_won")["seat"] == 0


def set_aside_game(hands: list[str], kitty: str = "") -> Game:
    """Two decks, identical cards cancel, an all-cancelled trick waits; seat 0 leads (the dealer sits last)."""
    return tiny_game(hands, kitty=kitty, identical_cards="cancel", all_cancelled="next_trick_winner",
                     dealer=len(hands) - 1,
                     opening_leader="dealer_left", first_trick_points="allowed", moon_enabled=False,
                     moon_required_faces=())


def test_an_all_cancelled_trick_is_set_aside_and_its_leader_leads_again():
    game = set_aside_game(["5C 2D", "5C 9H", "AD AH", "AD 3D"])
    events = play_names(game, (0, "5C"), (1, "5C"), (2, "AH"), (3, "AD"))
    assert [e["type"] for e in events if e["type"] != "card_played"] == ["hearts_broken", "trick_set_aside"]
    assert event(events, "trick_set_aside")["points"] == 1
    assert game.turn == 0 and game.state()["set_aside"] == ["5C", "5C", "AD", "AH"]
    assert game.state()["deal_points"] == [0, 0, 0, 0]


def test_the_next_tricks_winner_takes_the_set_aside_cards_and_their_points():
    game = set_aside_game(["5C 2D", "5C 9H", "AD AH", "AD 3D"])
    play_names(game, (0, "5C"), (1, "5C"), (2, "AH"), (3, "AD"))
    events = play_names(game, (0, "2D"), (1, "9H"), (2, "AD"), (3, "3D"))
    assert event(events, "trick_won")["seat"] == 2
    taken = event(events, "set_aside_taken")
    assert taken["seat"] == 2 and sorted(taken["cards"]) == ["5C", "5C", "AD", "AH"] and taken["points"] == 1
    assert event(events, "deal_scored")["points"] == [0, 0, 2, 0]


def test_on_the_last_trick_its_leader_takes_it_with_everything_set_aside():
    game = set_aside_game(["5C 6D", "5C 6D", "AD 9H", "AD 9H"])
    play_names(game, (0, "5C"), (1, "5C"), (2, "AD"), (3, "AD"))
    events = play_names(game, (0, "6D"), (1, "6D"), (2, "9H"), (3, "9H"))
    assert event(events, "trick_won")["seat"] == 0
    assert sorted(event(events, "set_aside_taken")["cards"]) == ["5C", "5C", "AD", "AD"]
    assert event(events, "deal_scored")["points"] == [2, 0, 0, 0]


def test_the_kitty_goes_with_the_first_trick_to_whoever_takes_it():
    game = set_aside_game(["5C 2D", "5C 3D", "AD 4D"], kitty="KH")
    events = play_names(game, (0, "5C"), (1, "5C"), (2, "AD"))
    assert "kitty_taken" not in [e["type"] for e in events] and game.state()["kitty_size"] == 1
    events = play_names(game, (0, "2D"), (1, "3D"), (2, "4D"))
    assert event(events, "kitty_taken")["seat"] == 2
    assert event(events, "deal_scored")["points"] == [0, 0, 1]


def test_leader_takes_keeps_no_set_aside_pile():
    game = tiny_game(["5C 2D", "5C 3D", "AD 4D", "AD 6D"], identical_cards="cancel", dealer=3,
                     opening_leader="dealer_left")
    events = play_names(game, (0, "5C"), (1, "5C"), (2, "AD"), (3, "AD"))
    assert event(events, "trick_won")["seat"] == 0 and "set_aside" not in game.state()


# -------------------------------------------------------- kitty and stock

def test_the_kitty_goes_to_the_first_tricks_winner_and_scores():
    game = tiny_game(["2C 3D", "4C 4D", "AC 5D"], kitty="AH KH", moon_enabled=False, moon_required_faces=())
    assert game.state()["kitty_size"] == 2
    events = play_names(game, (0, "2C"), (1, "4C"), (2, "AC"))
    assert event(events, "kitty_taken") == {"type": "kitty_taken", "seat": 2, "cards": ["KH", "AH"]}
    assert game.state()["kitty_size"] == 0
    events = play_out(game)
    assert event(events, "deal_scored")["points"] == [0, 0, 2]


def test_winner_draws_first_from_the_stock():
    game = tiny_game(["2C 5D", "3C 6D"], stock="4D AH", draw_order="winner_first")
    events = play_names(game, (0, "2C"), (1, "3C"))
    assert [(e["type"], e.get("seat")) for e in events][-3:] == [("trick_won", 1), ("cards_drawn", 1), ("cards_drawn", 0)]
    assert game.state()["hands"] == [["5D", "AH"], ["4D", "6D"]]
    assert game.state()["stock_size"] == 0
    assert event(play_out(game), "deal_scored")


def test_each_player_replaces_a_card_right_after_playing():
    game = tiny_game(["2C 5D", "3C 6D"], stock="4D AH", draw_order="replace_immediately")
    events = play_names(game, (0, "2C"))
    assert events[-1] == {"type": "cards_drawn", "seat": 0, "count": 1}
    assert game.state()["hands"][0] == ["4D", "5D"]
    events = play_names(game, (1, "3C"))
    assert [e["type"] for e in events] == ["card_played", "cards_drawn", "trick_won"]
    assert game.state()["hands"][1] == ["6D", "AH"]


# --------------------------------------------------------------- scoring

# Seat 0 takes every heart, QS and JD; the play is forced throughout.
MOON = ["AC AH JD", "2C QS 2D", "3C 2H 3D", "4C 3H 4D"]
OMNIBUS = {"face_points": tuple(-10 if f == C("JD") else p for f, p in enumerate(standard().face_points))}


def test_no_moon_scores_the_cards_taken():
    game = tiny_game(MOON, moon_enabled=False, moon_required_faces=(), **OMNIBUS)
    assert event(play_out(game), "deal_scored")["points"] == [6, 0, 0, 0]


@pytest.mark.parametrize("effect, bonus, points", [
    ("add_to_others", "kept", [-10, 26, 26, 26]),
    ("add_to_others", "ignored", [0, 26, 26, 26]),
    ("subtract_from_self", "kept", [-36, 0, 0, 0]),
])
def test_moon_effects(effect, bonus, points):
    game = tiny_game(MOON, moon_effect=effect, moon_bonus_cards=bonus, **OMNIBUS)
    scored = event(play_out(game), "deal_scored")
    assert scored["points"] == points
    assert scored["moon"] == {"seat": 0, "effect": effect}


def test_moon_needs_every_required_card():
    game = tiny_game(["2C AH QS", "AC 4H 5D", "3C 2H 6D", "4C 3H 7D"])  # seat 3 takes AH, seat 1 the rest
    scored = event(play_out(game), "deal_scored")
    assert scored["moon"] is None and scored["points"] == [0, 16, 0, 1]


def test_shooter_choice_waits_for_the_shooter():
    game = tiny_game(MOON, moon_effect="shooter_choice")
    events = play_out(game)
    assert events[-1] == {"type": "moon_choice", "seat": 0}
    assert game.phase == "moon_choice" and game.state()["turn"] == 0
    refused(game, "not_your_turn", "choose", 1, "add_to_others")
    refused(game, "bad_request", "choose", 0, "keep")
    refused(game, "wrong_phase", "play", 0, C("AH"))
    scored = event(game.choose(0, "subtract_from_self"), "deal_scored")
    assert scored["points"] == [-26, 0, 0, 0] and scored["moon"] == {"seat": 0, "effect": "subtract_from_self"}


# ------------------------------------------------------------ end of game

PLAIN = dict(moon_enabled=False, moon_required_faces=(), **OMNIBUS)  # MOON deal scores [6, 0, 0, 0]


@pytest.mark.parametrize("condition, start, ends", [("reaches", 94, True), ("exceeds", 94, False), ("exceeds", 95, True)])
def test_target_condition(condition, start, ends):
    game = tiny_game(MOON, totals=[start, 0, 0, 0], end_condition=condition, **PLAIN)
    events = play_out(game)
    assert (game.phase == "game_over") is ends
    if ends:
        assert event(events, "game_over") == {"type": "game_over", "totals": [start + 6, 0, 0, 0], "winners": [1, 2, 3]}
    else:
        assert event(events, "next_deal") == {"type": "next_deal", "deal_number": 2, "dealer": 1,
                                              "pass_direction": "none"}


def test_max_deals_ends_the_game():
    game = tiny_game(MOON, max_deals=1, **PLAIN)
    play_out(game)
    assert game.phase == "game_over" and game.state()["winners"] == [1, 2, 3]


@pytest.mark.parametrize("ties, over", [("shared", True), ("extra_deal", False)])
def test_ties_for_lowest(ties, over):
    game = tiny_game(MOON, totals=[94, 5, 5, 10], ties=ties, **PLAIN)
    play_out(game)
    assert (game.phase == "game_over") is over
    if over:
        assert game.winners == [1, 2]
        return
    game.deal([faces(*h.split()) for h in ["2C QS 2D", "AC AH JD", "3C 2H 3D", "4C 3H 4D"]])
    play_out(game)  # seat 1 takes 6 this time: the tie between 1 and 2 is broken
    assert game.phase == "game_over" and game.winners == [2]


def test_partnership_judges_team_totals():
    game = tiny_game(MOON, totals=[50, 0, 44, 10], partnership=True, **PLAIN)
    assert game.state()["team_totals"] == [94, 10]
    play_out(game)
    state = game.state()
    assert state["team_totals"] == [100, 10] and state["winners"] == [1, 3]


def test_dealer_rotates_by_the_rules():
    for rotation, dealer in [(1, 1), (-1, 3)]:
        game = tiny_game(MOON, dealer_rotation=rotation, **PLAIN)
        assert event(play_out(game), "next_deal")["dealer"] == dealer


# ------------------------------------------------------------------ money

def test_pairwise_settlement_per_deal():
    game = tiny_game(MOON, settlement="pairwise", stake=0.5, max_deals=2, **PLAIN)
    assert event(play_out(game), "deal_scored")["money"] == [-9, 3, 3, 3]


def test_zero_point_pot_splits_among_zero_scores():
    game = tiny_game(MOON, settlement="zero_point_pot", stake=1, **PLAIN)
    scored = event(play_out(game), "deal_scored")
    assert scored["money"] == [-6, 2, 2, 2] and scored["pot"] == 0


def test_pot_is_paid_once_per_game_to_the_winners():
    game = tiny_game(MOON, settlement="pot", stake=2, max_deals=1, **PLAIN)
    events = play_out(game)
    assert "money" not in event(events, "deal_scored")
    assert event(events, "game_over")["money"] == [-2, 0.67, 0.67, 0.67]


# --------------------------------------------------------- request checks

def test_play_errors_come_in_the_protocols_order():
    game = tiny_game(["5C AH", "2C QS", "3C 2H", "4C 3H"])
    refused(game, "not_your_turn", "play", 0, 999)
    refused(game, "invalid_card", "play", 1, 999)
    refused(game, "invalid_card", "play", 1, C("KD"))  # not in this deck at all
    refused(game, "card_not_in_hand", "play", 1, C("5C"))
    refused(game, "must_lead_opening_card", "play", 1, C("QS"))
    refused(game, "bad_request", "play", "one", C("2C"))
    play_names(game, (1, "2C"))
    refused(game, "must_follow_suit", "play", 2, C("2H"))
    refused(game, "wrong_phase", "deal", [[C("2C")]])


def test_legal_is_empty_for_anyone_but_the_seat_to_play():
    game = tiny_game(["5C AH", "2C QS", "3C 2H", "4C 3H"])
    assert [game.legal(s) for s in range(4)] == [[], [C("2C")], [], []]
    assert game.legal(9) == [] and game.legal("x") == []


@pytest.mark.parametrize("hands, kitty, message", [
    ([["2C"]], [], "4 hands"),
    ([[0] * 13] * 4, [], "not this game's deck"),
    ([[0] * 12] * 4, [], "must have 13"),
    ("nonsense", [], "4 hands"),
    ([["QS"] * 13] * 4, [], "not a card"),
])
def test_a_wrong_deal_is_refused(hands, kitty, message):
    game = Game(standard())
    err = refused(game, "invalid_deal", "deal", hands, kitty)
    assert message in err.message


def test_a_deal_names_missing_and_extra_cards():
    hands = sorted_deal(standard())
    hands[0][0] = C("3C")
    err = refused(Game(standard()), "invalid_deal", "deal", hands)
    assert "missing 2C" in err.message and "3C" in err.message


@pytest.mark.parametrize("kwargs", [{"dealer": 4}, {"dealer": -1}, {"deal_number": 0}, {"totals": [0, 0]},
                                    {"totals": [0, 0, 0, "x"]}])
def test_bad_game_options_are_invalid_game(kwargs):
    with pytest.raises(RuleError) as err:
        Game(standard(), **kwargs)
    assert err.value.code == "invalid_game"


def test_state_carries_the_optional_keys_only_where_they_apply():
    plain = Game(standard()).state()
    assert not {"kitty_size", "stock_size", "team_totals", "winners"} & set(plain)
    assert plain["phase"] == "deal" and plain["hands"] == [[], [], [], []] and plain["turn"] is None


def test_seeded_deals_are_reproducible():
    a, b = Game(standard()), Game(standard())
    a.deal_seeded(7)
    b.deal_seeded(7)
    assert a.state() == b.state()
    c = Game(standard())
    c.deal_seeded(8)
    assert c.state()["hands"] != a.state()["hands"]


def test_two_deck_hands_hold_both_copies_and_play_them_one_at_a_time():
    game = tiny_game(["2C 2C", "3C 5C", "AC 4C", "AD KC"], identical_cards="cancel", first_trick_points="allowed")
    assert game.state()["hands"][0] == ["2C", "2C"]
    play_names(game, (0, "2C"))
    assert game.state()["hands"][0] == ["2C"]
    refused(game, "card_not_in_hand", "play", 1, C("2C"))


def test_both_copies_may_be_passed():
    hands = ["2C 2C 3D", "3C 2D 4D", "AC 4C 5D", "2D KC 6D"]
    game = tiny_game(hands, pass_count=2, pass_cycle=("left",), identical_cards="cancel")
    refused(game, "card_not_in_hand", "pass_cards", 1, faces("2D", "2D"))  # the other copy is seat 3's
    refused(game, "invalid_pass", "pass_cards", 1, faces("3C", "3C"))  # this deck has one 3C
    game.pass_cards(0, faces("2C", "2C"))
    for seat in (1, 2, 3):
        game.pass_cards(seat, faces(*hands[seat].split()[:2]))
    assert game.state()["hands"][1] == ["2C", "2C", "4D"]


def test_pass_count_zero_means_no_passing_whatever_the_cycle():
    rules = standard(pass_count=0, pass_cycle=("left", "right"))
    game = Game(rules)
    game.deal(sorted_deal(rules))
    assert (game.phase, game.pass_direction) == ("playing", "none")


def test_a_whole_deal_moves_on_to_the_next_direction_and_dealer():
    rules = standard()
    game = Game(rules)
    game.deal(sorted_deal(rules))
    for seat, hand in enumerate(sorted_deal(rules)):
        game.pass_cards(seat, hand[-3:])
    events = play_out(game)
    assert sum(e["points"] for e in events if e["type"] == "trick_won") == 26
    assert event(events, "next_deal") == {"type": "next_deal", "deal_number": 2, "dealer": 1, "pass_direction": "right"}
    assert game.state()["hands"] == [[], [], [], []] and game.phase == "deal"
    assert sum(event(events, "deal_scored")["points"]) in (26, 78)

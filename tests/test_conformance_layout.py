"""Filling a deal from a few named cards: deterministic, and exactly the ruleset's deck."""

from __future__ import annotations

from collections import Counter

from heartspec.conformance.layout import DeckLayout, deck_layout, fill_deal
from heartspec.conformance.steps import game_setup, seat_cards


def test_unnamed_cards_go_round_robin_in_deck_order_to_seats_with_room():
    layout = DeckLayout(cards=("2C", "3C", "4C", "5C", "6C", "7C"), hand_size=2, kitty_size=0, stock_size=0)
    hands, kitty, stock = fill_deal(layout, 3, {1: ["2C", "3C"]}, None, None)
    assert hands == [["4C", "6C"], ["2C", "3C"], ["5C", "7C"]]
    assert kitty == [] and stock == []


def test_a_partly_named_hand_is_topped_up_and_leftovers_fill_kitty_then_stock():
    layout = DeckLayout(cards=tuple("2C 3C 4C 5C 6C 7C 8C".split()), hand_size=2, kitty_size=1, stock_size=2)
    hands, kitty, stock = fill_deal(layout, 2, {0: ["8C"]}, None, None)
    assert hands == [["8C", "2C"], ["3C", "4C"]]
    assert kitty == ["5C"] and stock == ["6C", "7C"]


def test_a_filled_deal_is_exactly_the_rulesets_deck_at_each_table_size():
    for ruleset, variants, players in [("fi", (), 6), ("se", (), 5), ("dk", (), 3), ("dk", ("cancellation",), 8),
                                       ("fi-classic", ("two-player",), 2)]:
        layout = deck_layout(ruleset, variants, players)
        hands, kitty, stock = fill_deal(layout, players, {0: ["QS"]}, None, None)
        assert Counter(card for hand in hands for card in hand) + Counter(kitty) + Counter(stock) == Counter(layout.cards)
        assert all(len(hand) == layout.hand_size for hand in hands)
        assert len(kitty) == layout.kitty_size and len(stock) == layout.stock_size


def test_the_deck_layout_follows_the_spec():
    assert deck_layout("fi", (), 6).cards.count("XC") == 1
    assert "2D" not in deck_layout("fi", (), 3).cards
    assert deck_layout("dk", ("cancellation",), 8).cards.count("QS") == 2


def test_game_setup_tails_parse_in_any_order():
    setup = game_setup(' with totals "1 2 3 4" starting at deal 3 with variants "a b" with options "target=50 settlement=pot"')
    assert setup == {"variants": ["a", "b"],
                     "options": {"totals": [1, 2, 3, 4], "deal_number": 3, "target": 50, "settlement": "pot"}}


def test_game_setup_reads_comma_joined_words_as_a_list_of_strings():
    setup = game_setup(' with options "pass_cycle=left,right,none moon_also_requires=[] settlement=pot"')
    assert setup["options"] == {"pass_cycle": ["left", "right", "none"], "moon_also_requires": [], "settlement": "pot"}


def test_seat_card_lists():
    assert seat_cards("0:AS KS QS; 2: 2d 3d") == [(0, ["AS", "KS", "QS"]), (2, ["2D", "3D"])]

"""What every adapter shares: the library check, the game across deals, the protocol's request checks."""

from __future__ import annotations

import pytest

from engine_helpers import standard

from heartspec.adapters.base import (
    AdapterServer,
    Library,
    Scorebook,
    Unsupported,
    check_pass,
    received_events,
    unexplained_refusal,
)
from heartspec.cards import parse_card
from heartspec.protocol.messages import RequestError


def cards(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


def test_a_missing_library_names_the_extra_that_installs_it():
    problem = Library("no-such-engine", "no_such_engine_module", ("1.0",), "no-such").problem()
    assert problem == "no-such-engine is not installed: pip install 'heartspec[no-such]'"


def test_a_library_of_another_version_is_named_with_the_versions_the_adapter_knows():
    problem = Library("pyyaml", "yaml", ("0.0.1",), "yaml-extra").problem()
    assert problem.startswith("pyyaml ") and "written against 0.0.1" in problem


@pytest.mark.parametrize("seat, card, hand, trick, played, code", [
    (0, "AC", "2C AC", [], 0, "must_lead_opening_card"),
    (1, "2D", "3C 2D", [(0, "2C")], 1, "must_follow_suit"),
    (1, "QS", "2D QS", [(0, "2C")], 1, "points_on_first_trick"),
    (1, "2H", "2H 3D", [], 8, "hearts_not_broken"),
    (1, "3D", "2H 3D", [], 8, "bad_request"),
])
def test_a_refusal_without_a_reason_gets_the_code_its_position_points_at_and_says_so(seat, card, hand, trick, played, code):
    trick = [(s, parse_card(c)) for s, c in trick]
    refusal = unexplained_refusal("Lib", seat, parse_card(card), cards(hand), trick, played)
    assert refusal.code == code and "Lib refuses" in refusal.message and "no reason" in refusal.message


def test_pass_checks_come_in_the_protocols_order():
    hand, deck = cards("2C 3C 4C 5C"), cards("2C 3C 4C 5C 6C")

    def code(seat, passed, chosen):
        with pytest.raises(RequestError) as refused:
            check_pass(seat, chosen, hand, deck, passed, "Lib")
        return refused.value.code

    assert code(0, {0: []}, ["ZZ"]) == "already_passed"
    assert code(0, {}, ["ZZ", parse_card("2C")]) == "invalid_card"
    assert code(0, {}, cards("2C 3C")) == "invalid_pass"
    assert code(0, {}, cards("2C 2C 3C")) == "invalid_pass"
    assert code(0, {}, cards("2C 3C 6C")) == "card_not_in_hand"
    check_pass(0, cards("2C 3C 4C"), hand, deck, {}, "Lib")  # a good pass raises nothing


def test_received_cards_go_the_way_the_direction_names():
    events = received_events({0: cards("2C 3C 4C"), 1: cards("5C 6C 7C")}, "right")
    assert events[0] == {"type": "cards_received", "seat": 0, "from": 1, "cards": ["5C", "6C", "7C"]}
    assert events[1]["seat"] == 3 and events[1]["from"] == 0


@pytest.mark.parametrize("condition, totals, over", [("reaches", [100, 0, 0, 0], True),
                                                     ("exceeds", [100, 0, 0, 0], False),
                                                     ("exceeds", [101, 0, 0, 0], True)])
def test_the_book_ends_the_game_by_the_rules_target(condition, totals, over):
    book = Scorebook(standard(end_condition=condition), 0, 1, [0, 0, 0, 0])
    events, ended = book.close_deal(totals, None)
    assert ended is over and events[-1]["type"] == ("game_over" if over else "next_deal")


def test_a_tie_for_the_lowest_total_plays_an_extra_deal_where_the_rules_say_so():
    book = Scorebook(standard(ties="extra_deal"), 3, 1, [0, 0, 0, 0])
    events, ended = book.close_deal([120, 5, 5, 30], None)
    assert not ended and events[-1] == {"type": "next_deal", "deal_number": 2, "dealer": 0, "pass_direction": "right"}
    shared = Scorebook(standard(ties="shared"), 0, 1, [0, 0, 0, 0])
    assert shared.close_deal([120, 5, 5, 30], None)[0][-1]["winners"] == [1, 2]


class MoneylessServer(AdapterServer):
    """An adapter whose library plays every game except one that settles money, as the real ones."""

    def fit(self, rules):
        if rules.settlement != "none":
            raise Unsupported("the library settles no money")
        return None

    def make_game(self, rules, fit, start):
        return type("Game", (), {"phase": "deal", "rules": rules, "start": start})()


def new_game(server: AdapterServer, ruleset: str, options: dict) -> dict:
    return server.new_game({"cmd": "new_game", "ruleset": ruleset, "players": 4, "options": options})


@pytest.mark.parametrize("ruleset, options", [("dk", {"max_deals": None, "settlement": None}),
                                              ("fi-classic", {"settlement": None, "stake": None}),
                                              ("fi", {"dealer": None, "deal_number": None, "totals": None})])
def test_an_option_given_as_null_is_absent(ruleset, options):
    started = new_game(MoneylessServer(), ruleset, options)
    assert (started["phase"], started["dealer"], started["deal_number"]) == ("deal", 0, 1)


@pytest.mark.parametrize("ruleset, options", [("fi-classic", {"settlement": "POT"}),
                                              ("fi-classic", {"settlement": "none "}),
                                              ("se", {"moon_amount": "DEAL_TOTAL"}),
                                              ("se", {"moon_amount": "26"})])
def test_a_respelt_option_value_is_invalid_game_before_the_library_is_asked(ruleset, options):
    with pytest.raises(RequestError) as refused:
        new_game(MoneylessServer(), ruleset, options)
    assert refused.value.code == "invalid_game"


def test_a_value_offered_exactly_that_the_library_cannot_play_is_unsupported():
    with pytest.raises(RequestError) as refused:
        new_game(MoneylessServer(), "fi-classic", {"settlement": "pot"})
    assert refused.value.code == "unsupported"

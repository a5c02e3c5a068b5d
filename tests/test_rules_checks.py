"""Semantic checks the broken fixtures do not reach, on in-memory edits of the house ruleset."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from heartspec.rules import ResolveError, load_spec
from heartspec.rules.checks import check_resolved
from heartspec.rules.resolve import resolve

HOUSE_SPEC = Path(__file__).parent / "fixtures" / "house_spec"
SOURCE = {"section": "Test", "status": "stated", "note": "An edit made by the test."}


@pytest.fixture(scope="module")
def house():
    return load_spec(HOUSE_SPEC)


def issues_after(house, players, **rules):
    """Replace whole rules (value for every count) and return the check messages at `players`."""
    spec = copy.deepcopy(house)
    entries = spec.rulesets["house"]["rules"]
    for key, value in rules.items():
        if value is None:
            entries.pop(key)
        else:
            entries[key] = {"value": value, "source": SOURCE}
    return [message for _, message in check_resolved(resolve(spec, "house", players=players))]


def test_the_unedited_house_ruleset_has_no_issues(house):
    assert all(issues_after(house, n) == [] for n in (3, 4, 5))


@pytest.mark.parametrize(
    "players, rules, expected",
    [
        (4, {"moon": None}, "no moon: the ruleset has no moon rule"),
        (4, {"moon": {"enabled": True, "effect": "add_to_others"}}, "moon has no amount"),
        (4, {"moon": {"enabled": True, "effect": "add_to_others", "amount": 26, "also_requires": ["XC"]}},
         "XC is not in the 4-player deck"),
        (4, {"card_points": {"QS": -5}, "moon": {"enabled": True, "effect": "add_to_others", "amount": 26}},
         "no card in the deck has positive points"),
        (3, {"scoring_unit": {"unit": "partnership"}}, "partnerships across the table need an even number of players, not 3"),
        (4, {"passing": {"count": 0, "cycle": ["left"]}}, "the cycle passes left but passing.count is 0"),
        (4, {"passing": {"count": 3, "cycle": ["none"]}}, "passing.count is 3 but the cycle never passes"),
        (4, {"opening_lead": {"leader": "card_holder", "cards": []}}, "needs at least one opening card"),
        (4, {"opening_lead": {"leader": "card_holder", "cards": ["2C"], "fallback": "lowest_club", "lead_restriction": "non_point"}},
         "a lead restriction applies only when the dealer's left leads"),
        (4, {"deck": {"hand_size": 12, "kitty": 4}, "opening_lead": {"leader": "card_holder", "cards": ["2C"]}},
         "the opening cards (2C) may all lie among the 4 undealt cards"),
        (4, {"deck": {"hand_size": 12, "stock": 4}}, "a stock needs a two_player rule"),
        (4, {"deck": {"hand_size": 12, "remove_once": ["2S", "3S", "4S", "5S"]}},
         "removing a card from one copy only needs two decks"),
        (4, {"deck": {"copies": 2, "remove": ["2S"], "remove_once": ["2S"], "hand_size": 25}},
         "2S is already removed from every copy"),
        (4, {"deck": {"copies": 2, "remove_once": ["2S"], "hand_size": 26}},
         "the 4-player deck has 103 cards but 4 hands of 26"),
    ],
)
def test_semantic_issue_is_found(house, players, rules, expected):
    found = issues_after(house, players, **rules)
    assert any(expected in message for message in found), found


def test_two_candidate_copies_outnumber_one_undealt_card(house):
    found = issues_after(
        house, 4,
        deck={"copies": 2, "remove": ["2D", "3D"], "hand_size": 24, "kitty": 4},
        opening_lead={"leader": "card_holder", "cards": ["2C"], "fallback": "none"},
    )
    assert any("may all lie among the 4 undealt cards" in m for m in found)  # 2 copies <= 4 undealt
    found = issues_after(
        house, 4,
        deck={"copies": 2, "remove": ["2D", "3D"], "hand_size": 24, "kitty": 4},
        opening_lead={"leader": "card_holder", "cards": ["2C", "3C", "4C"], "fallback": "none"},
    )
    assert not any("undealt" in m for m in found)  # 6 copies > 4 undealt: one is surely dealt


def test_a_combination_that_breaks_a_check_is_refused_when_resolving(house):
    spec = copy.deepcopy(house)
    spec.variants["house-hold"]["changes"][0]["set"] = {"count": 3, "cycle": ["across"]}
    with pytest.raises(ResolveError, match="house with house-hold at 3 players: 'across' needs an even number"):
        spec.resolve("house", ["house-hold"], players=3)


def test_compiling_unchecked_rules_refuses_instead_of_crashing(house):
    from heartspec.rules import compile_rules

    spec = copy.deepcopy(house)
    spec.rulesets["house"]["rules"].pop("moon")
    with pytest.raises(ResolveError, match="house at 4 players: no moon"):
        compile_rules(resolve(spec, "house", players=4))

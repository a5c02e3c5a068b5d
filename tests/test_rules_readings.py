"""The vocabulary issue 7 added for readings of the guides: each value changes a concrete outcome.

Engine values on tiny decks (first_trick.cards, first_trick.barred_follow); spec values through
Spec.resolve (game_end.deal_limit, variant player counts per ruleset, replaced provenance).
"""

from __future__ import annotations

import pytest

from engine_helpers import faces, play_names, points_table, tiny_game
from heartspec.cards import parse_card
from heartspec.engine import RuleError
from heartspec.render.selection import resolve_rules
from heartspec.rules import load_spec

SPEC = load_spec()
NO_QUEEN_POINTS = points_table({"H": 1})
OMNIBUS_POINTS = points_table({"H": 1, "QS": 13, "JD": -10})


# ------------------------------------------------------- first_trick.cards

def test_a_card_the_ban_names_stays_barred_when_it_scores_nothing():
    hands = ["2C 3D", "3C 4D", "QS 5D", "4C 6D"]
    free = tiny_game(hands, face_points=NO_QUEEN_POINTS)
    barred = tiny_game(hands, face_points=NO_QUEEN_POINTS, first_trick_forbidden=(parse_card("QS"),))
    for game in (free, barred):
        play_names(game, (0, "2C"), (1, "3C"))
    assert free.legal(2) == faces("5D", "QS")
    assert barred.legal(2) == faces("5D")
    with pytest.raises(RuleError) as refused:
        barred.play(2, parse_card("QS"))
    assert refused.value.code == "points_on_first_trick"


def test_a_card_with_points_may_be_freed_and_a_bonus_card_is_free_anyway():
    hands = ["2C 3D", "3C 4D", "QS JD", "4C 6D"]
    game = tiny_game(hands, face_points=OMNIBUS_POINTS, first_trick_allowed=(parse_card("QS"),))
    play_names(game, (0, "2C"), (1, "3C"))
    assert game.legal(2) == faces("JD", "QS")
    plain = tiny_game(hands, face_points=OMNIBUS_POINTS)
    play_names(plain, (0, "2C"), (1, "3C"))
    assert plain.legal(2) == faces("JD")


def test_an_opening_restricted_to_non_point_cards_also_keeps_the_banned_cards_back():
    hands = ["QS 5C", "2C 6C", "3C 7C", "4C 8C"]
    game = tiny_game(hands, dealer=3, opening_leader="dealer_left", opening_lead_restriction="non_point",
                     face_points=NO_QUEEN_POINTS, first_trick_forbidden=(parse_card("QS"),))
    assert game.legal(0) == faces("5C")


# --------------------------------------------------- first_trick.barred_follow

@pytest.mark.parametrize("barred_follow, legal", [("follow_suit", ["QS"]), ("other_suit", ["5D"])])
def test_when_the_led_suit_offers_only_barred_cards(barred_follow, legal):
    game = tiny_game(["2S 3D", "QS 5D", "3S 4D", "4S 6D"], dealer=3, opening_leader="dealer_left",
                     opening_lead_restriction="non_point", first_trick_barred_follow=barred_follow)
    play_names(game, (0, "2S"))
    assert game.legal(1) == faces(*legal)


# ------------------------------------------------------------ game_end.deal_limit

def test_a_deal_limit_replaces_the_target_only_where_the_guide_says_so():
    assert SPEC.compile("fi", [], 4, {"max_deals": 15}).target is None
    assert SPEC.compile("fi", [], 4, {"target": 37}).target == 37
    assert SPEC.compile("fi-classic", [], 4, {"max_deals": 15}).target == 100
    with pytest.raises(ValueError, match="not both"):
        SPEC.resolve("fi", [], 4, {"target": 50, "max_deals": 15})
    assert SPEC.resolve("fi", [], 4, {"max_deals": 15}).options["target"] is None


def test_fi_offers_the_fixed_moon_effects():
    assert SPEC.compile("fi", [], 4, {"moon_effect": "subtract_from_self"}).moon_effect == "subtract_from_self"
    with pytest.raises(ValueError):
        SPEC.resolve("fi-classic", [], 4, {"moon_effect": "subtract_from_self"})


# ------------------------------------------------------------ provenance

def test_variant_player_counts_cite_each_rulesets_own_guide():
    for ruleset, players in (("dk", 6), ("se", 11)):
        record = SPEC.resolve(ruleset, ["cancellation"], players).rules["players"].sources[-1]
        assert record["guide"] == ruleset and record["status"] == "stated"
    black_maria = SPEC.resolve("dk", ["black-maria"], 3).rules["players"].sources
    assert [(s["guide"], s["status"]) for s in black_maria] == [("dk", "interpretation")]


def test_a_replaced_rule_drops_the_base_rules_provenance():
    sources = SPEC.resolve("dk", ["black-maria"], 3).rules["deck"].sources
    assert [s.get("via") for s in sources] == ["black-maria"]
    partly = SPEC.resolve("fi", ["no-queen"], 4).rules["first_trick"].sources
    assert {s["rule"] for s in partly} == {"first_trick.points", "first_trick.when_only_points", "first_trick.cards"}


def test_a_rulebook_leaves_out_provenance_for_fields_that_change_nothing():
    def rules_cited(ruleset, variants, players):
        return {s["rule"] for rule in resolve_rules(SPEC, ruleset, variants, players) for s in rule.sources}

    plain = rules_cited("fi-classic", (), 4)
    assert "settlement.on_zero" not in plain and "game_end.deal_limit" not in plain
    assert "first_trick.barred_follow" in rules_cited("fi-classic", ("open-any",), 4)

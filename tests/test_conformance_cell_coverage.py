"""The suite reaches every rare cell the fuzzer knows (heartspec/cells.py), per ruleset and table size.

The committed measurement (features/cell_coverage.json, rendered by `heartspec coverage`) must be what
the reference's recorded run gives now, and must leave no cell a set-up's rules have unreached. The
detector itself is the fuzzer's: the planner and the coverage both call heartspec.cells.
"""

from __future__ import annotations

import pytest

from heartspec.cards import parse_card
from heartspec.cells import (CELLS, HEARTS_BROKEN_ON_FIRST_TRICK, HEARTS_ONLY_LEAD, KITTY_TAKEN, LAST_DEAL, MOON_SHOT,
                             ONLY_POINTS_ON_FIRST_TRICK, STOCK_DRAWN, TIE_FOR_THE_WIN, applicable_cells, event_cells,
                             on_first_trick, position_cells)
from heartspec.conformance.cell_coverage import MEASURE, cells_of_scenario, load, measure, text_lines, unreached
from heartspec.conformance.layout import shipped_catalog
from heartspec.engine.game import Game
from suite_runs import recorded_reference_run

HEARTS = "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH".split()
CLUBS = "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC".split()


def dealt_game(ruleset: str, hands: list[list[str]], deal_number: int = 4) -> Game:
    rules = shipped_catalog().compile(ruleset, [], 4, {})
    game = Game(rules, dealer=0, deal_number=deal_number)
    game.deal(hands=[[parse_card(c) for c in hand] for hand in hands])
    return game


def rest_of_deck(*taken: list[str]) -> list[list[str]]:
    names = [f"{rank}{suit}" for suit in "DS" for rank in "23456789TJQKA"]
    return [names[:13], names[13:]]


def test_a_heart_forced_onto_the_first_trick_is_two_cells_and_breaks_hearts_there():
    game = dealt_game("fi", [CLUBS, HEARTS, *rest_of_deck()])
    game.play(0, parse_card("2C"))
    assert position_cells(game, 1) == [ONLY_POINTS_ON_FIRST_TRICK]
    first = on_first_trick(game)
    events = game.play(1, parse_card("AH"))
    assert HEARTS_BROKEN_ON_FIRST_TRICK in event_cells(game, events, first)


def test_a_heart_broken_after_the_first_trick_is_no_first_trick_cell():
    assert event_cells(None, [{"type": "hearts_broken"}], on_first_trick=False) == []


def test_a_lead_from_only_hearts_before_they_are_broken_is_a_cell():
    game = dealt_game("fi", [CLUBS, HEARTS, *rest_of_deck()])
    game.play(0, parse_card("2C"))
    game.hands[1] = game.hands[1]  # seat 1 is not to lead here: the cell is a lead
    assert HEARTS_ONLY_LEAD not in position_cells(game, 1)


def test_both_draws_after_a_trick_are_one_stock_cell():
    events = [{"type": "trick_won", "seat": 0}, {"type": "cards_drawn", "seat": 0, "count": 1},
              {"type": "cards_drawn", "seat": 1, "count": 1}]
    assert event_cells(None, events) == [STOCK_DRAWN]


def test_the_cells_a_set_up_has_are_read_off_its_rules():
    catalog = shipped_catalog()
    fi3, fi4, se4, dk3 = (catalog.compile(r, [], n, {}) for r, n in (("fi", 3), ("fi", 4), ("se", 4), ("dk", 3)))
    assert ONLY_POINTS_ON_FIRST_TRICK not in applicable_cells(fi3)  # 17 cards a hand: more than the point cards
    assert ONLY_POINTS_ON_FIRST_TRICK in applicable_cells(fi4)
    assert TIE_FOR_THE_WIN not in applicable_cells(se4)  # se plays an extra deal on a tie
    assert KITTY_TAKEN in applicable_cells(dk3) and KITTY_TAKEN not in applicable_cells(fi4)
    assert HEARTS_BROKEN_ON_FIRST_TRICK in applicable_cells(dk3)  # dk sets no first-trick limit
    assert LAST_DEAL not in applicable_cells(fi4)


def test_a_scenario_s_requests_are_measured_by_the_set_up_of_their_game():
    exchanges = [['{"cmd":"new_game","ruleset":"fi","players":4,"options":{"deal_number":4}}', ""],
                 ['{"cmd":"deal","hands":[%s]}' % ",".join(
                     "[" + ",".join(f'"{c}"' for c in hand) + "]" for hand in [CLUBS, HEARTS, *rest_of_deck()]), ""],
                 ['{"cmd":"play","seat":0,"card":"2C"}', ""], ['{"cmd":"play","seat":1,"card":"AH"}', ""],
                 ['not json', ""], [{"hex": "ff"}, ""]]
    assert cells_of_scenario(exchanges) == {("fi", 4): {ONLY_POINTS_ON_FIRST_TRICK, HEARTS_BROKEN_ON_FIRST_TRICK}}


def test_the_committed_coverage_leaves_no_cell_unreached():
    coverage = load()
    assert coverage is not None, f"features/cell_coverage.json is missing: run `{MEASURE}`"
    goals = {cell for row in coverage["setups"].values() for cell in row}
    assert coverage["cells"] == [cell for cell in CELLS if cell in goals], f"stale: run `{MEASURE}`"
    assert {HEARTS_BROKEN_ON_FIRST_TRICK, MOON_SHOT, KITTY_TAKEN} <= goals
    assert unreached(coverage) == []


def test_coverage_prints_the_cells():
    lines = text_lines()
    assert any(line.startswith("fi 4p") for line in lines)
    assert "MISSING" not in "\n".join(lines)


@pytest.mark.heavy
def test_the_committed_coverage_is_what_the_reference_s_recorded_run_reaches(shared_results):
    measured = measure(recorded_reference_run(shared_results)["recording"])
    assert measured == load(), f"features/cell_coverage.json is stale: run `{MEASURE}`"

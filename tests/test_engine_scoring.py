"""Scoring helpers: money settlement, moon arithmetic and the end of a game, checked on exact numbers."""

from __future__ import annotations

from fractions import Fraction

from heartspec.engine import scoring


def test_pairwise_matches_the_fi_classic_worked_example():
    # fi-classic, section "Rahasta pelaaminen": four players on 0, 3, 10 and 13 points at half a euro a point;
    # the second player pays 1.5 to the first and collects 3.5 and 5 from the other two.
    money = scoring.settle_pairwise([0, 3, 10, 13], Fraction(1, 2))
    assert money == [13, 7, -7, -13]
    assert scoring.money_out(money) == [13, 7, -7, -13]


def test_zero_point_pot_carries_over_until_someone_scores_nothing():
    money, in_pot = scoring.settle_zero_point_pot([1, 2, 3, 20], Fraction(1), [Fraction(0)] * 4)
    assert money == [-1, -2, -3, -20] and in_pot == [1, 2, 3, 20]
    money, in_pot = scoring.settle_zero_point_pot([0, 0, 6, 20], Fraction(1), in_pot)
    assert money == [26, 26, -6, -20] and in_pot == [0, 0, 0, 0]


def test_a_negative_deal_score_pays_nothing_and_wins_only_when_it_counts_as_zero():
    money, in_pot = scoring.settle_zero_point_pot([-10, 0, 10, 26], Fraction(1), [Fraction(0)] * 4)
    assert money == [0, 36, -10, -26] and in_pot == [0, 0, 0, 0]
    money, in_pot = scoring.settle_zero_point_pot([-10, 0, 10, 26], Fraction(1), [Fraction(0)] * 4, zero_or_less=True)
    assert money == [18, 18, -10, -26] and in_pot == [0, 0, 0, 0]
    money, in_pot = scoring.settle_zero_point_pot([-7, 3, 10, 20], Fraction(1), [Fraction(0)] * 4, zero_or_less=True)
    assert money == [33, -3, -10, -20]


def test_an_unclaimed_pot_goes_back_to_its_payers_or_to_the_winners():
    in_pot = [Fraction(1), Fraction(2), Fraction(0), Fraction(20)]
    assert scoring.unclaimed_pot(in_pot, [2], "returned") == in_pot
    assert scoring.unclaimed_pot(in_pot, [0, 2], "to_winners") == [Fraction(23, 2), 0, Fraction(23, 2), 0]


def test_pot_is_shared_by_tied_winners_exactly():
    money = scoring.settle_pot(3, [0, 2], Fraction(1))
    assert money == [Fraction(1, 2), -1, Fraction(1, 2)]
    assert sum(scoring.settle_pot(5, [1, 2, 4], Fraction(3, 10))) == 0
    assert scoring.money_out([Fraction(2, 3), Fraction(-5, 2), Fraction(7)]) == [0.67, -2.5, 7]


def test_stake_is_read_as_written():
    assert scoring.exact_stake(0.1) == Fraction(1, 10)
    assert scoring.exact_stake(2) == 2


def test_moon_arithmetic():
    penalties, bonuses = [26, 0, 0, 0], [-10, 0, 0, 0]
    assert scoring.deal_points(penalties, bonuses) == [16, 0, 0, 0]
    assert scoring.deal_points(penalties, bonuses, 0, "add_to_others", 26, True) == [-10, 26, 26, 26]
    assert scoring.deal_points(penalties, bonuses, 0, "subtract_from_self", 26, False) == [-26, 0, 0, 0]
    # a bonus card taken by someone else still counts for them
    assert scoring.deal_points([26, 0], [0, -10], 0, "add_to_others", 26, True) == [0, 16]


def test_moon_shooter_needs_the_whole_mask():
    assert scoring.moon_shooter([0b0110, 0b1001], 0b0110) == 0
    assert scoring.moon_shooter([0b0100, 0b1011], 0b0110) is None
    assert scoring.moon_shooter([0, 0b1111], 0) is None


def winners(totals, deal_number=1, **rules):
    settings = dict(partnership=False, target=100, end_condition="reaches", max_deals=None, ties="shared")
    settings.update(rules)
    return scoring.game_winners(totals, deal_number, **settings)


def test_game_end():
    assert winners([99, 50, 60, 70]) is None
    assert winners([100, 50, 60, 70]) == [1]
    assert winners([100, 50, 60, 70], end_condition="exceeds") is None
    assert winners([10, 50, 10, 70], deal_number=5, max_deals=5) == [0, 2]
    assert winners([10, 50, 10, 70], deal_number=5, max_deals=5, ties="extra_deal") is None
    assert winners([10, 50, 9, 70], deal_number=6, max_deals=5, ties="extra_deal") == [2]
    assert winners([60, 10, 40, 20], partnership=True) == [1, 3]
    assert winners([60, 50, 40, 50], partnership=True, ties="shared") == [0, 1, 2, 3]

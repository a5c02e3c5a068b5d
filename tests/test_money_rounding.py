"""Money leaves the engine rounded to the cent, an exact half cent away from zero, each figure from its exact value
(spec/protocol.md P-events-6)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from heartspec.engine.scoring import money_out, settle_pairwise


@pytest.mark.parametrize("exact, shown", [
    (Fraction(1, 8), 0.13), (Fraction(-1, 8), -0.13), (Fraction(5, 8), 0.63), (Fraction(13, 8), 1.63),
    (Fraction(1, 3), 0.33), (Fraction(-2, 3), -0.67), (Fraction(7, 2), 3.5), (Fraction(1, 200), 0.01),
    (Fraction(-1, 200), -0.01), (Fraction(1, 201), 0),
])
def test_each_amount_is_rounded_to_the_cent_halves_away_from_zero(exact, shown):
    assert money_out([exact]) == [shown]


@given(st.fractions(min_value=-1000, max_value=1000, max_denominator=1000))
def test_whole_amounts_are_integers_and_others_are_within_half_a_cent(exact):
    (shown,) = money_out([exact])
    assert abs(Fraction(str(shown)) - exact) <= Fraction(1, 200)
    if float(shown).is_integer():
        assert isinstance(shown, int)  # never 2.0: whole numbers are written as integers


def test_the_game_total_is_the_exact_sum_rounded_once():
    stake = Fraction(1, 16)
    deals = [settle_pairwise([0, 13, 13, 0], stake), settle_pairwise([0, 13, 13, 0], stake)]
    per_deal = [money_out(money) for money in deals]
    game = money_out([a + b for a, b in zip(*deals)])
    assert per_deal[0] == [1.63, -1.63, -1.63, 1.63]
    assert game == [3.25, -3.25, -3.25, 3.25]  # not 3.26, the sum of the rounded deals

"""Game-length options: a points target, a deal limit, or a fixed number of deals with no target (fi "Sovittu piste- tai jakoraja")."""

import pytest

from heartspec.engine.selfplay import play_games
from heartspec.rules import ResolveError, load_spec


@pytest.fixture(scope="module")
def spec():
    return load_spec()


def compiled(spec, **options):
    return spec.compile("fi", players=4, options=options)


def test_fixed_deal_game_plays_exactly_that_many_deals(spec):
    summary = play_games(compiled(spec, target=None, max_deals=3), games=4, seed=7)
    assert summary.deals == 12


def test_a_deal_limit_with_a_target_ends_at_the_limit_at_the_latest(spec):
    summary = play_games(compiled(spec, max_deals=2), games=5, seed=3)
    assert summary.deals <= 10
    assert summary.deals >= 5


def test_no_target_and_no_deal_limit_is_refused_because_the_game_would_never_end(spec):
    with pytest.raises(ResolveError, match="never ends"):
        compiled(spec, target=None)


def test_an_open_ended_target_option_is_refused_where_the_guide_names_none(spec):
    with pytest.raises(ResolveError):
        spec.compile("dk", players=4, options={"target": 50})

"""Every shipped ruleset at every player count, alone and with each variant it accepts:
self-play writes a log of one whole game and replay reproduces it line for line."""

from __future__ import annotations

import io

import pytest

from heartspec.engine.selfplay import play_games
from heartspec.protocol.server import RulesCatalog
from heartspec.replay import replay_lines
from shipped_setups import shipped_setups


@pytest.fixture(scope="module")
def catalog():
    return RulesCatalog()


def playable(catalog: RulesCatalog):
    for ruleset, variants, players, rules in shipped_setups(catalog):
        yield (ruleset, variants, players), rules


def test_every_playable_game_replays(catalog):
    games = list(playable(catalog))
    assert {ruleset for (ruleset, _, _), _ in games} == set(catalog.ruleset_ids())
    assert {v for (_, variants, _), _ in games for v in variants} == set(catalog.variant_ids())
    failures = []
    for seed, (combination, compiled) in enumerate(games):
        log = io.StringIO()
        play_games(compiled, games=1, seed=seed, log=log)
        lines = log.getvalue().splitlines()
        replay = replay_lines(lines, "selfplay", catalog)
        if not replay.ok or replay.games[-1]["end"] is None:
            failures.append((combination, replay.failure))
    assert not failures

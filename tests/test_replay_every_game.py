"""Every shipped ruleset at every player count, alone and with each variant it accepts:
self-play writes a log of one whole game and replay reproduces it line for line."""

from __future__ import annotations

import io

import pytest

from heartspec.engine.selfplay import play_games
from heartspec.protocol.messages import RequestError
from heartspec.protocol.server import RulesCatalog
from heartspec.replay import replay_lines


@pytest.fixture(scope="module")
def catalog():
    return RulesCatalog()


def playable(catalog: RulesCatalog):
    for ruleset in catalog.ruleset_ids():
        for variant in [None, *catalog.variant_ids()]:
            variants = [variant] if variant else []
            for players in range(2, 12):
                try:
                    yield (ruleset, variants, players), catalog.compile(ruleset, variants, players, {})
                except RequestError as refused:
                    assert refused.code == "invalid_game", refused.message


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

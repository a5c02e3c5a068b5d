"""Move generation counted whole (perft): the reference engine's and the compiled core's counts of
the card sequences a position allows agree with the counts committed in tests/fixtures/perft.json.

A count is the number of distinct sequences of `depth` cards from a position (heartspec.engine.perft),
so one card wrongly allowed or refused anywhere in the tree changes it. The positions are seeded
deals of every shipped ruleset, one of each special deck (a kitty, a stock, two decks), at the start
of play and again after some tricks, when hearts may be broken. The committed counts pin the
reference itself: a change to the rules or to the engine that moves a count shows here, and a
reviewer decides whether the count or the change is wrong. Regenerate with
`python tests/test_engine_perft.py --update` only after such a decision.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

from heartspec.cards import cards_of
from heartspec.engine import core
from heartspec.engine.game import Game
from heartspec.engine.perft import clone, perft
from heartspec.protocol.server import RulesCatalog

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "perft.json"
# (ruleset, variants, players, deal seed, tricks played first, depth): a seed of its own per
# ruleset, so the positions differ where the rules do
POSITIONS = [
    *[(ruleset, [], 4, seed, 0, 7) for seed, ruleset in enumerate(("fi", "fi-classic", "no", "dk", "se"), 11)],
    *[(ruleset, [], 4, seed, 4, 6) for seed, ruleset in enumerate(("fi", "fi-classic", "no", "dk", "se"), 21)],
    ("dk", [], 3, 3, 0, 6),                       # a kitty that goes with the first trick
    ("fi-classic", ["two-player"], 2, 4, 0, 6),   # a stock drawn from after each trick
    ("fi-classic", ["two-player"], 2, 5, 4, 6),
    ("dk", ["cancellation"], 6, 6, 0, 6),         # two decks: identical cards cancel
    ("se", ["cancellation"], 8, 7, 2, 8),
    ("fi", ["partnership"], 4, 8, 3, 7),
]


def position(catalog: RulesCatalog, ruleset: str, variants: list[str], players: int, seed: int,
             tricks: int) -> tuple[Game, list[tuple]]:
    """A seeded deal, passed (each seat its lowest cards), then `tricks` tricks of seeded random play;
    with the moves that led there: ("pass", seat, mask) and ("play", seat, physical card)."""
    game = Game(catalog.compile(ruleset, variants, players, {}))
    game.quiet = True
    game.deal_seeded(seed)
    moves = []
    if game.phase == "passing":
        for seat in range(players):
            chosen = sum(1 << card for card in cards_of(game.hands[seat])[:game.rules.pass_count])
            moves.append(("pass", seat, chosen))
            game.pass_physical(seat, chosen)
    rng = random.Random(seed)
    while game.tricks_done < tricks and game.phase == "playing":
        seat = game.turn
        card = rng.choice(cards_of(game.legal_mask(seat)))
        moves.append(("play", seat, card))
        game.play_physical(seat, card)
    return game, moves


def compiled_at(game: Game, moves: list[tuple]):
    """The core's Game (heartspec_core.Game) at `game`'s position: the same deal, then the same moves."""
    hands, kitty, stock = game._dealt_cards
    dealt = [card for mask in (*hands, kitty) for card in cards_of(mask)] + list(stock)
    rules = game.rules
    compiled = core._native.Game(core.table(rules), 0, 1, (0,) * rules.players)
    compiled.deal(dealt)
    for kind, seat, what in moves:
        (compiled.pass_cards if kind == "pass" else compiled.play)(seat, what)
    return compiled


def position_id(entry) -> str:
    ruleset, variants, players, seed, tricks, depth = entry
    return f"{'+'.join([ruleset, *variants])}/{players}-seed{seed}-after{tricks}-depth{depth}"


def counted(catalog: RulesCatalog) -> dict[str, int]:
    return {position_id(entry): perft(position(catalog, *entry[:5])[0], entry[5]) for entry in POSITIONS}


@pytest.fixture(scope="module")
def catalog():
    return RulesCatalog()


@pytest.fixture(scope="module")
def known() -> dict[str, int]:
    return json.loads(FIXTURE.read_text())


def test_every_position_has_a_committed_count(known):
    assert sorted(known) == sorted(position_id(entry) for entry in POSITIONS)


@pytest.mark.parametrize("entry", POSITIONS, ids=position_id)
def test_the_reference_engine_counts_the_committed_sequences(entry, catalog, known):
    assert perft(position(catalog, *entry[:5])[0], entry[5]) == known[position_id(entry)]


@pytest.mark.skipif(not core.available(), reason="the accel extra is not installed (pip install ./accel)")
@pytest.mark.parametrize("entry", POSITIONS, ids=position_id)
def test_the_compiled_core_counts_the_committed_sequences(entry, catalog, known):
    game, moves = position(catalog, *entry[:5])
    assert compiled_at(game, moves).perft(entry[5]) == known[position_id(entry)]


@pytest.mark.skipif(not core.available(), reason="the accel extra is not installed (pip install ./accel)")
def test_the_core_counts_as_the_reference_does_from_random_positions_of_every_set_up(catalog):
    from test_engine_core import playable

    rng = random.Random(19)
    for name, rules in sorted(dict(playable(catalog)).items()):
        for _ in range(2):
            entry = (rules.ruleset, list(rules.variants), rules.players, rng.randrange(1 << 30),
                     rng.randrange(rules.hand_size // 2 + 1))
            game, moves = position(catalog, *entry)
            assert compiled_at(game, moves).perft(4) == perft(game, 4), (name, entry)


def test_perft_counts_every_legal_card_once_and_leaves_the_game_alone(catalog):
    game, _ = position(catalog, "fi", [], 4, 1, 0)
    before = game.state()
    assert perft(game, 1) == len(game.legal(game.turn))
    assert perft(game, 2) == sum(perft(_after(game, card), 1) for card in game.legal(game.turn))
    assert game.state() == before


def _after(game: Game, card: int) -> Game:
    child = clone(game)
    child.play(child.turn, card)
    return child


if __name__ == "__main__" and sys.argv[1:] == ["--update"]:
    FIXTURE.write_text(json.dumps(counted(RulesCatalog()), indent=2) + "\n")
    print(f"wrote {FIXTURE}")

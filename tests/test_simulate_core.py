"""simulate --core compiled: the compiled bots choose what the Python bots choose, the compiled games are
legal in the reference engine with the metrics the Python path computes for their moves, and the run
scales out to the same report on any number of workers."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import zlib
from collections import Counter
from pathlib import Path
from types import SimpleNamespace

import jsonschema
import pytest
from hypothesis import given, settings, strategies as st

from heartspec.cards import cards_of
from heartspec.engine import core
from heartspec.engine.game import Game
from heartspec.engine.scoring import MOON_CHOICES
from heartspec.protocol.server import RulesCatalog
from heartspec.simulate import compiled
from heartspec.simulate.bots import HeuristicBot, RandomBot
from heartspec.simulate.play import paired_deck, play_game
from heartspec.simulate.runner import SimulationError, prepare, simulate
from heartspec.simulate.shards import Run, ShardResult, _add_difference, _add_own
from shipped_setups import shipped_setups

pytestmark = pytest.mark.skipif(not hasattr(core._native, "simulate"),
                                reason="the compiled core with compiled bots is not installed (pip install ./accel)")

CATALOG = RulesCatalog()
MONEY = [("fi-classic", (), 4, {"settlement": s}) for s in ("pairwise", "pot", "zero_point_pot")] + [
    ("fi-classic", (), 4, {"settlement": "zero_point_pot", "stake": 0.005}),  # half cents: rounded half to even
    ("fi-classic", (), 4, {"settlement": "pot", "stake": 0.01})]
SHORT = [("fi", (), 4, {"max_deals": 2}), ("se", (), 4, {"target": 50}), ("fi", (), 4, {"moon_effect": "subtract_from_self"})]
PLAY_SEEDS = 24  # Python bots asked per position: every tie-break the Python bot can make (at most 4 suits tie)


def _setups() -> list[tuple]:
    """Every shipped ruleset with every variant at every table size up to 8 they compile for, and some options."""
    found = [(ruleset, tuple(variants), players, {})
             for ruleset, variants, players, _ in shipped_setups(CATALOG, most_players=8)]
    return found + MONEY + SHORT


SETUPS = _setups()


def _rules(setup):
    ruleset, variants, players, options = setup
    return CATALOG.compile(ruleset, list(variants), players, options)


def _label(setup) -> str:
    ruleset, variants, players, options = setup
    return "+".join((ruleset, *variants)) + f"@{players}" + "".join(f",{k}={v}" for k, v in options.items())


# ---------------------------------------------------------------- the bots, position by position

def _c_answer(rules, game, question: int, seat: int, legal: int = 0, seed: int = 0):
    trick = tuple(x for seat_card in getattr(game, "trick", ()) for x in seat_card)
    hands = getattr(game, "hands", [0] * rules.players)
    taken = tuple(getattr(game, "taken", [0] * rules.players))
    return core._native.heuristic(core.table(rules), compiled.CONSTS, question, seat, hands[seat], taken, trick,
                                  legal, tuple(game.totals), game.deal_number, seed)


class _Keys:
    """A random.Random stand-in whose random() returns the given keys in turn."""

    def __init__(self, keys):
        self.keys = iter(keys)

    def random(self):
        return next(self.keys)


def _python_would_pass(game, seat: int, chosen: int) -> bool:
    """The Python bot sorts the hand by (-danger, rng.random()), one key per card in id order: with the keys
    favouring `chosen`, it passes `chosen` exactly when `chosen` is one of its choices for some tie-break."""
    bot = HeuristicBot(0)
    bot.rng = _Keys([0.0 if chosen >> card & 1 else 1.0 for card in cards_of(game.hands[seat])])
    return bot.pass_cards(game, seat) == chosen


def _python_plays(game, seat: int, legal: int) -> set[int]:
    return {HeuristicBot(seed).play(game, seat, legal) for seed in range(PLAY_SEEDS)}


def _check_play(rules, game, seat: int, legal: int, rng: random.Random) -> None:
    choices = _python_plays(game, seat, legal)
    for _ in range(3):
        card = _c_answer(rules, game, 1, seat, legal, rng.getrandbits(64))
        assert card in choices, (f"{rules.ruleset} {rules.variants}: the compiled heuristic plays {card}, "
                                 f"the Python one {sorted(choices)}; hand {game.hands[seat]:#x} trick {game.trick}")


@pytest.mark.parametrize("setup", SETUPS, ids=_label)
def test_the_compiled_heuristic_chooses_what_the_python_heuristic_chooses(setup):
    """Positions reached in the reference engine by a mix of random and heuristic players; at each, the
    compiled heuristic's pass and card are among the Python bot's choices (where that is one card, it)."""
    rules = _rules(setup)
    rng = random.Random(zlib.crc32(_label(setup).encode()))
    checked = Counter()
    for deal in range(3):
        game = Game(rules)
        game.quiet = True
        drivers = [HeuristicBot(rng.getrandbits(32)) if rng.random() < 0.6 else RandomBot(rng.getrandbits(32))
                   for _ in range(rules.players)]
        game.deal_physical(paired_deck(rules, rng.getrandbits(63)))
        if game.phase == "passing":
            passes = []
            for seat in range(rules.players):
                chosen = _c_answer(rules, game, 0, seat, seed=rng.getrandbits(64))
                assert chosen.bit_count() == rules.pass_count and not chosen & ~game.hands[seat]
                assert _python_would_pass(game, seat, chosen), f"seat {seat} passes {chosen:#x} from {game.hands[seat]:#x}"
                checked["pass"] += 1
                passes.append(drivers[seat].pass_cards(game, seat))
            for seat, chosen in enumerate(passes):
                game.pass_physical(seat, chosen)
        while game.phase == "playing":
            seat = game.turn
            legal = game.legal_mask(seat)
            _check_play(rules, game, seat, legal, rng)
            checked["lead" if not game.trick else "follow"] += 1
            game.play_physical(seat, drivers[seat].play(game, seat, legal))
        if game.phase == "moon_choice":
            game.choose(game.turn, MOON_CHOICES[0])
    assert checked["lead"] and checked["follow"] and (checked["pass"] or not rules.pass_count)


@pytest.mark.parametrize("setup", SETUPS, ids=_label)
def test_the_compiled_moon_choice_is_the_python_one(setup):
    """The moon choice weighs the game's end: totals around the target and deal numbers around the limit."""
    rules = _rules(setup)
    rng = random.Random(7)
    high = (rules.target or 100) + 40
    for _ in range(300):
        game = SimpleNamespace(rules=rules, players=rules.players,
                               totals=[rng.randrange(-40, high) for _ in range(rules.players)],
                               deal_number=rng.randrange(1, (rules.max_deals or 12) + 3))
        seat = rng.randrange(rules.players)
        expected = HeuristicBot(0).choose(game, seat)
        assert MOON_CHOICES[_c_answer(rules, game, 2, seat)] == expected, (game.totals, game.deal_number, seat)


def test_a_lone_legal_card_and_the_queen_rules_are_decided_without_ties():
    """Where the strategy decides (one legal card, shedding the queen), the compiled card is the Python card."""
    rules = _rules(("fi", (), 4, {}))
    for seed in range(40):
        game = Game(rules)
        game.quiet = True
        game.deal_physical(paired_deck(rules, seed))
        bots = [HeuristicBot(seed * 4 + s) for s in range(4)]
        if game.phase == "passing":
            for seat, chosen in [(s, bots[s].pass_cards(game, s)) for s in range(4)]:
                game.pass_physical(seat, chosen)
        while game.phase == "playing":
            seat, legal = game.turn, game.legal_mask(game.turn)
            choices = _python_plays(game, seat, legal)
            if len(choices) == 1:
                assert _c_answer(rules, game, 1, seat, legal, seed) in choices
            game.play_physical(seat, bots[seat].play(game, seat, legal))


# ---------------------------------------------------------------- whole compiled games, re-played

class _Replay:
    """Seat `seat` of a compiled game: answers with the core's logged moves, and checks on the way that the
    reference engine's legal cards are the ones the core offered and the heuristic's move is the Python one's."""

    def __init__(self, rules, seat: int, passes: list, plays: list, choices: list, heuristic: bool, rng):
        self.rules, self.seat, self.heuristic, self.rng = rules, seat, heuristic, rng
        self.passes, self.plays, self.choices = iter(passes), iter(plays), iter(choices)
        self.name = f"replay of seat {seat}"

    def pass_cards(self, game, seat):
        chosen = next(self.passes)
        if self.heuristic:
            assert _python_would_pass(game, seat, chosen)
        return chosen

    def play(self, game, seat, legal):
        card, offered = next(self.plays)
        assert legal == offered, f"the core offered {offered:#x}, the reference engine {legal:#x}"
        if self.heuristic and self.rng.random() < 0.2:  # a sample: every move would make the test slow
            assert card in _python_plays(game, seat, legal)
        return card

    def choose(self, game, seat):
        option = next(self.choices)
        if self.heuristic:
            assert option == HeuristicBot(0).choose(game, seat)
        return option


def _replayed(rules, entries: list, kinds: tuple[str, ...], rng) -> tuple:
    decks, passes, plays, choices = [], [[] for _ in kinds], [[] for _ in kinds], [[] for _ in kinds]
    for entry in entries:
        if entry[0] == "deal":
            decks.append(entry[1])
        elif entry[0] == "pass":
            passes[entry[1]].append(entry[2])
        elif entry[0] == "play":
            plays[entry[1]].append((entry[2], entry[3]))
        elif entry[0] == "choose":
            choices[entry[1]].append(entry[2])
    bots = [_Replay(rules, s, passes[s], plays[s], choices[s], kinds[s] == "heuristic", rng) for s in range(len(kinds))]
    dealt = iter(decks)
    record = play_game(rules, [lambda _seed, bot=bot: bot for bot in bots], 0, 0, decks=lambda number: next(dealt))
    assert next(dealt, None) is None and all(next(b.plays, None) is None for b in bots)
    return record


def _run(setups, bots: str, seed: int, games: int) -> Run:
    tables = tuple((_label(s), _rules(s)) for s in setups)
    players = tables[0][1].players
    kinds = tuple(bots.split(",")) if "," in bots else (bots,) * players
    return Run(tables=tables, bots=kinds, seed=seed, games=games, core="compiled")


@pytest.mark.parametrize("setup", SETUPS, ids=_label)
def test_compiled_games_replay_in_the_reference_engine_with_the_python_metrics(setup):
    """Every card the compiled bots played is legal in the reference engine (the same legal set), and
    play.py's own metric code, fed the same deals and moves, measures exactly what the core measured."""
    rules = _rules(setup)
    kinds = ("heuristic", "random") * (rules.players // 2) + ("heuristic",) * (rules.players % 2)
    run = _run([setup], ",".join(kinds), seed=zlib.crc32(_label(setup).encode()), games=2)
    games, log = compiled.play_records(run, 0, 2, logged=True)
    logged = core.games_of(log, rules)
    rng = random.Random(1)
    for (record,), entries in zip(games, logged):
        replayed = _replayed(rules, entries, kinds, rng)
        assert replayed.deals == record.deals
        assert replayed.game == record.game


@pytest.mark.parametrize("setups, bots", [
    ([("dk", (), 6, {}), ("dk", ("cancellation",), 6, {}), ("fi", (), 6, {}), ("se", ("cancellation",), 6, {})],
     "heuristic,random,heuristic,heuristic,random,heuristic"),
    ([MONEY[0], ("fi", (), 4, {}), MONEY[2], ("se", (), 4, {}), ("fi", ("omnibus-jd",), 4, {})], "heuristic"),
], ids=["kitty-two-decks", "money-ties"])
def test_the_core_sums_the_tallies_shards_py_would_sum_from_the_same_games(setups, bots):
    """Own figures and paired differences (a two-deck table, a kitty, money, ties) from the core's sums equal
    shards._add_own and _add_difference over the records of the same games."""
    run = _run(setups, bots, seed=5, games=30)
    from_core = compiled.run_shard(run, 3, 30)
    games, _ = compiled.play_records(run, 3, 30)
    by_python = ShardResult()
    labels = [label for label, _ in run.tables]
    for records in games:
        for label, record in zip(labels, records):
            _add_own(by_python, label, record)
        for i, base in enumerate(records):
            for label, record in zip(labels[i + 1:], records[i + 1:]):
                _add_difference(by_python, (label, labels[i]), record, base)
        by_python.games += 1
    assert {k: t.as_tuple() for k, t in from_core.tallies.items()} == {k: t.as_tuple() for k, t in by_python.tallies.items()}
    assert from_core.histograms == by_python.histograms
    assert (from_core.games, from_core.deals) == (by_python.games, by_python.deals)


def test_money_settles_in_cents_as_the_python_path_rounds_it():
    """money_cents is round(money * 100) of the exact amount, half cents to even, as play.py rounds a Fraction."""
    seen_halves = 0
    for setup in MONEY:
        rules = _rules(setup)
        run = _run([setup], "random", seed=9, games=40)
        games, log = compiled.play_records(run, 0, 40, logged=True)
        for (record,), entries in zip(games, core.games_of(log, rules)):
            exact = [amount * 100 for amount in core.money_of(entries[-1][3], rules)]
            assert record.game["money_cents"] == [round(cents) for cents in exact]
            seen_halves += sum(cents.denominator == 2 for cents in exact)
        if rules.settlement == "pairwise":
            assert all(sum(record.game["money_cents"]) == 0 for (record,) in games)
    assert seen_halves > 10


def test_paired_deals_share_the_order_of_common_cards_and_a_game_is_the_same_in_any_shard():
    """One deck and two decks, a 2 removed (three players): the cards both decks hold come in the same order,
    and game 7 is the same game whether its shard starts at 0 or at 7, alone or beside other tables."""
    setups = [("dk", (), 3, {}), ("dk", ("cancellation",), 6, {}), ("fi", (), 3, {})]
    for setup in setups:
        rules = _rules(setup)
        run = _run([setup], "heuristic", seed=3, games=8)
        _, log = compiled.play_records(run, 7, 8, logged=True)
        first_deal = core.games_of(log, rules)[0][0][1]
        if setup is setups[0]:
            reference = first_deal
        common = set(reference) & set(first_deal)
        assert [c for c in reference if c in common] == [c for c in first_deal if c in common]
    together = _run(setups[:1] + setups[2:], "heuristic", seed=3, games=8)
    alone = _run(setups[:1], "heuristic", seed=3, games=8)
    assert compiled.play_records(together, 0, 8)[0][7][0] == compiled.play_records(alone, 7, 8)[0][0][0]


# ---------------------------------------------------------------- the run, scaled out

@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), first=st.integers(0, 10**9), cut=st.integers(0, 12), more=st.integers(0, 12))
def test_compiled_shards_merge_to_the_same_sums_however_the_games_are_cut(seed, first, cut, more):
    """The invariant behind any worker count: games a..c in one shard sum to what a..b and b..c merge to."""
    run = _run([("fi", (), 4, {}), ("dk", (), 4, {})], "heuristic,random,heuristic,random", seed=seed, games=10**9 + 30)
    whole = compiled.run_shard(run, first, first + cut + more)
    parts = compiled.run_shard(run, first, first + cut)
    parts.merge(compiled.run_shard(run, first + cut, first + cut + more))
    assert {k: t.as_tuple() for k, t in whole.tallies.items()} == {k: t.as_tuple() for k, t in parts.tallies.items()}
    assert whole.histograms == parts.histograms and (whole.games, whole.deals) == (parts.games, parts.deals)


@pytest.fixture(scope="module")
def compiled_run():
    return prepare(["fi", "no", "dk", "se"], 4, 2 * compiled.SHARD_GAMES + 123, "heuristic", seed=11, core="compiled")


def _figures(document: dict) -> dict:
    return {k: document[k] for k in ("results", "differences", "histograms", "played", "seed", "games", "core")}


def test_a_seeded_compiled_run_gives_the_same_report_on_one_worker_and_on_two(compiled_run):
    one = simulate(*compiled_run, workers=1)
    two = simulate(*compiled_run, workers=2)
    assert one["core"] == "compiled" and one["shards"] == 3
    jsonschema.validate(one, json.loads((Path(__file__).parents[1] / "schemas" / "simulation.schema.json").read_text()))
    assert _figures(one) == _figures(two)


def test_a_dask_cluster_plays_the_compiled_shards_to_the_same_report(compiled_run):
    distributed = pytest.importorskip("dask.distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        on_dask = simulate(*compiled_run, executor="dask", scheduler=client)
    assert _figures(on_dask) == _figures(simulate(*compiled_run, workers=1))


def test_the_compiled_and_pure_paths_play_different_games_of_the_same_kind():
    pure = simulate(*prepare(["fi"], 4, 60, "heuristic", seed=2), workers=1)
    fast = simulate(*prepare(["fi"], 4, 60, "heuristic", seed=2, core="compiled"), workers=1)
    assert (pure["core"], fast["core"]) == ("pure", "compiled")
    assert pure["results"] != fast["results"]
    assert fast["results"]["fi"]["tricks"]["mean"] == pure["results"]["fi"]["tricks"]["mean"] == 13


def test_a_seat_protocol_bot_takes_the_pure_path_and_says_so_once(capsys, monkeypatch):
    monkeypatch.syspath_prepend(str(Path(__file__).parent / "simulate_fixtures"))
    run, _ = prepare(["fi", "dk"], 4, 2, "heuristic,random,heuristic,seat_bots:lowest", seed=1, core="compiled")
    assert run.core == "pure"
    prepare(["fi", "dk"], 4, 2, "heuristic,random,heuristic,seat_bots:lowest", seed=1, core="compiled")
    err = capsys.readouterr().err
    assert err.count("the compiled core cannot play this simulation") == 1
    assert "seat_bots:lowest speaks the seat protocol" in err


def test_without_the_extension_the_compiled_core_is_a_one_line_error_and_an_older_build_falls_back(monkeypatch, capsys):
    monkeypatch.setattr(core, "_native", None)
    with pytest.raises(SimulationError, match="the compiled core is not installed"):
        prepare(["fi"], 4, 2, "random", seed=1, core="compiled")
    monkeypatch.setattr(core, "_native", SimpleNamespace(play=None))  # a core built before the compiled bots
    run, _ = prepare(["fi"], 4, 2, "random", seed=1, core="compiled")
    assert run.core == "pure" and "has no compiled bots" in capsys.readouterr().err


def test_the_cli_plays_on_the_compiled_core_in_a_subprocess():
    completed = subprocess.run([sys.executable, "-c", "from heartspec.cli import main; main()", "simulate", "fi", "se",
                                "--players", "4", "--games", "300", "--seed", "1", "--workers", "2",
                                "--core", "compiled"], capture_output=True, text=True, timeout=300)
    assert completed.returncode == 0, completed.stderr
    assert "heartspec simulate: fi, se; 4 players, 300 games" in completed.stdout
    assert "seed 1, compiled core" in completed.stdout and completed.stderr == ""

"""The compiled core (accel/heartspec_core.c, heartspec.engine.core) plays by the reference engine's rules.

The core draws from its own generator, so its games are not the pure engine's games; what is
checked is that every one of them is a game the reference engine plays the same way: each
game is written as a move log, and the reference Game is driven along it, checking at every
card that the set of cards the core chose from is exactly the reference's legal set, and at
the end that the totals, the winners and the money are the reference's. This is done for every
shipped ruleset at every player count, alone and with each variant it accepts.
The tests need the extra (`pip install ./accel`) and are skipped without it; what happens
when it is asked for but missing is checked either way.
"""

from __future__ import annotations

import dataclasses
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from heartspec.cards import card_name, cards_of, face, parse_card
from heartspec.cli import main
from heartspec.engine import core
from heartspec.engine.game import Game
from heartspec.protocol.messages import RequestError
from heartspec.protocol.server import RulesCatalog
from heartspec.replay import replay_lines
from shipped_setups import shipped_setups

ROOT = Path(__file__).resolve().parents[1]
QUEEN = parse_card("QS")
needs_core = pytest.mark.skipif(not core.available(), reason="the accel extra is not installed (pip install ./accel)")


@pytest.fixture(scope="module")
def catalog():
    return RulesCatalog()


def playable(catalog: RulesCatalog):
    for ruleset, variants, players, rules in shipped_setups(catalog):
        yield f"{ruleset}+{''.join(variants)}/{players}", rules


def _faces(mask: int) -> list[str]:
    return sorted({card_name(face(c)) for c in cards_of(mask)})


def _judge(rules, game_entries: list[tuple], options: dict | None = None) -> None:
    """Drive the reference engine along one game of the core; assert every legal set and the result."""
    options = options or {}
    game = Game(rules, **{k: options[k] for k in core.GAME_OPTIONS if k in options})
    n, size, kitty = rules.players, rules.hand_size, rules.kitty_size
    for number, entry in enumerate(game_entries):
        kind = entry[0]
        if kind == "deal":
            cards = [face(c) for c in entry[1]]
            rest = cards[n * size:]
            game.deal([cards[s * size:(s + 1) * size] for s in range(n)], rest[:kitty], rest[kitty:])
        elif kind == "pass":
            game.pass_cards(entry[1], [face(c) for c in cards_of(entry[2])])
        elif kind == "play":
            _, seat, card, legal = entry
            assert game.turn == seat, f"entry {number}: the core lets seat {seat} play, the engine seat {game.turn}"
            assert _faces(legal) == _faces(game.legal_mask(seat)), f"entry {number}: legal sets differ"
            game.play(seat, face(card))
        elif kind == "choose":
            game.choose(entry[1], entry[2])
        elif kind == "stop":
            game.stop()
        else:
            _, totals, winners, money = entry
            assert game.phase == "game_over", f"the core ended a game the engine goes on with ({game.phase})"
            assert (totals, winners) == (game.totals, game.winners)
            assert core.money_of(money, rules) == game.money


def _games(rules, games: int, seed: int, options: dict | None = None) -> list[list[tuple]]:
    start = core._start(rules, options or {})
    _, _, _, items = core._native.play(core.table(rules), games, seed, start, 10_000, True)
    return core.games_of(items, rules)


@needs_core
def test_every_playable_game_is_the_reference_engines_game_card_by_card(catalog):
    combinations = dict(playable(catalog))
    assert len(combinations) > 80
    for seed, (name, rules) in enumerate(sorted(combinations.items())):
        assert core.unsupported(rules) is None, name  # the core claims every shipped set-up
        for game in _games(rules, 3, seed):
            try:
                _judge(rules, game)
            except AssertionError as err:
                raise AssertionError(f"{name} seed {seed}: {err}") from None


@needs_core
def test_many_games_of_the_four_main_rulesets_agree(catalog):
    for seed, ruleset in enumerate(("fi", "no", "dk", "se")):
        rules = catalog.compile(ruleset, [], 4, {})
        for game in _games(rules, 200, 1000 + seed):
            _judge(rules, game)


@needs_core
def test_options_that_start_a_game_elsewhere_are_honoured(catalog):
    rules = catalog.compile("fi", [], 4, {"target": 50})
    options = {"dealer": 2, "deal_number": 3, "totals": [10, 20, 30, 40]}
    for game in _games(rules, 20, 5, options):
        _judge(rules, game, options)


@needs_core
def test_a_sample_of_logs_replays_with_the_same_scores(catalog):
    for seed, (name, rules) in enumerate(sorted(dict(playable(catalog)).items())):
        if seed % 7:
            continue
        log = io.StringIO()
        core.play_games(rules, games=2, seed=seed, log=log)
        replay = replay_lines(log.getvalue().splitlines(), "core", catalog)
        assert replay.ok, (name, replay.failure)
        ends = [game["end"] for game in replay.games]
        expected = [entry for game in core.games_of(_native_items(rules, 2, seed), rules) for entry in game
                    if entry[0] == "end"]
        assert [end["totals"] for end in ends] == [entry[1] for entry in expected], name
        assert [end["winners"] for end in ends] == [entry[2] for entry in expected], name


def _native_items(rules, games: int, seed: int) -> list[int]:
    return core._native.play(core.table(rules), games, seed, core._start(rules, {}), 10_000, True)[3]


@needs_core
def test_the_same_seed_gives_the_same_games_and_another_seed_others(catalog):
    rules = catalog.compile("fi", [], 4, {})
    first, again, other = (_native_items(rules, 50, seed) for seed in (7, 7, 8))
    assert first == again and first != other
    batch = core._native.play(core.table(rules), 50, 7, core._start(rules, {}), 10_000, False)
    logged = core._native.play(core.table(rules), 50, 7, core._start(rules, {}), 10_000, True)
    assert batch[:3] == logged[:3]  # writing the log does not change the games


@needs_core
def test_the_pdep_and_portable_card_pickers_play_the_same_games():
    script = ("from heartspec.protocol.server import RulesCatalog; from heartspec.engine import core; "
              "r = RulesCatalog().compile('fi', [], 4, {}); "
              "print(core._native.play(core.table(r), 300, 3, core._start(r, {}), 10000, False)[:3])")
    runs = []
    for disable in (False, True):
        env = dict(os.environ)
        env.pop("HEARTSPEC_CORE_NO_PDEP", None)
        if disable:
            env["HEARTSPEC_CORE_NO_PDEP"] = "1"
        runs.append(subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True,
                                   check=True, timeout=120).stdout)
    assert runs[0] == runs[1] and runs[0].startswith("(")


@needs_core
def test_play_core_compiled_prints_a_summary_and_writes_a_log_replay_accepts(tmp_path):
    log = tmp_path / "games.jsonl"
    result = CliRunner().invoke(main, ["play", "--ruleset", "dk", "--players", "4", "--games", "5", "--seed", "2",
                                       "--core", "compiled", "--log", str(log)])
    assert result.exit_code == 0, result.output
    assert "games:                  5" in result.output
    replayed = CliRunner().invoke(main, ["replay", str(log)])
    assert replayed.exit_code == 0 and "no disagreement" in replayed.output


@needs_core
def test_a_bad_start_option_is_a_one_line_error_with_the_compiled_core():
    result = CliRunner().invoke(main, ["play", "--ruleset", "fi", "--players", "4", "--core", "compiled",
                                       "-o", "dealer=9"])
    assert result.exit_code == 2 and "dealer must be a seat" in result.output and "Traceback" not in result.output


@needs_core
@pytest.mark.parametrize("change, reason", [
    (lambda rules: {"pass_cycle": rules.pass_cycle * 5}, "pass cycle"),  # 20 deals: past MAX_CYCLE
    (lambda rules: {"target": 10_000_000, "max_deals": 3}, "target"),
])
def test_rules_the_core_cannot_play_fall_back_to_the_pure_engine_said_once(catalog, capsys, monkeypatch,
                                                                          change, reason):
    rules = catalog.compile("fi", [], 4, {})
    beyond = dataclasses.replace(rules, **change(rules))
    monkeypatch.setattr(core, "_told", set())
    assert reason in core.unsupported(beyond)
    for _ in range(2):
        summary = core.play_games(beyond, games=1, seed=1)
        assert summary.deals > 0
    err = capsys.readouterr().err
    assert err.count("the compiled core cannot play fi yet") == 1 and "pure engine plays it" in err


@needs_core
@pytest.mark.parametrize("change, error", [
    (lambda t: t[:-1], "ends before"),
    (lambda t: t + (0,), "longer than"),
    (lambda t: (99,) + t[1:], "n must be"),
    (lambda t: (t[0], 3) + t[2:], "copies must be"),
    (lambda t: t[:7] + (t[8],) + t[8:], "twice in the deck"),
    (lambda t: t[:3] + (1.5,) + t[4:], "must be an int"),
])
def test_a_table_the_core_cannot_read_is_refused(catalog, change, error):
    table = core.table(catalog.compile("fi", [], 4, {}))
    with pytest.raises((ValueError, TypeError), match=error):
        core._native.play(change(table), 1, 1, (0, 1, (0, 0, 0, 0)), 100, False)


@needs_core
def test_a_game_that_cannot_end_is_an_error_not_a_hang(catalog):
    rules = catalog.compile("fi", [], 4, {})
    with pytest.raises(RuntimeError, match="did not end"):
        core._native.play(core.table(rules), 1, 1, (0, 1, (0, 0, 0, 0)), 2, False)


def test_asking_for_the_missing_core_is_a_clear_error(monkeypatch, catalog):
    monkeypatch.setattr(core, "_native", None)
    with pytest.raises(core.CoreUnavailable, match="pip install ./accel"):
        core.play_games(catalog.compile("fi", [], 4, {}), games=1, seed=1)
    result = CliRunner().invoke(main, ["play", "--ruleset", "fi", "--players", "4", "--seed", "1",
                                       "--core", "compiled"])
    assert result.exit_code == 2
    assert "pip install ./accel" in result.output and "Traceback" not in result.output


def _chi_square(counts: list[int]) -> float:
    expected = sum(counts) / len(counts)
    return sum((c - expected) ** 2 / expected for c in counts)


# chi-square critical values at p = 1e-6 by degrees of freedom: a fixed seed, so the test is
# deterministic; the bound only has to tell a uniform choice from a skewed one
CRITICAL = {1: 23.9, 2: 27.6, 3: 30.7, 4: 33.4, 5: 35.9, 6: 38.3, 7: 40.5, 8: 42.7, 9: 44.8, 10: 46.9, 11: 48.9,
            12: 50.9}


@needs_core
def test_the_random_player_picks_uniformly_among_the_legal_cards_and_the_deal_is_uniform(catalog):
    rules = catalog.compile("fi", [], 4, {})
    by_count: dict[int, list[int]] = {}
    held_by_seat_0 = [0] * 56
    deals = 0
    for game in _games(rules, 300, 11):
        for entry in game:
            if entry[0] == "play":
                _, _, card, legal = entry
                cards = list(cards_of(legal))
                by_count.setdefault(len(cards), [0] * len(cards))[cards.index(card)] += 1
            elif entry[0] == "deal":
                deals += 1
                for card in entry[1][:rules.hand_size]:
                    held_by_seat_0[card] += 1
    checked = 0
    for count, ranks in by_count.items():
        if count > 1 and sum(ranks) >= 50 * count:
            assert _chi_square(ranks) < CRITICAL[count - 1], (count, ranks)
            checked += 1
    assert checked >= 8
    in_deck = [held_by_seat_0[c] for c in rules.deck]
    assert deals > 3000 and _chi_square(in_deck) < 120  # 51 degrees of freedom: p < 1e-6 past about 115


def option_settings(catalog: RulesCatalog):
    """Every value of every option each ruleset offers, alone and under each variant, at its usual
    table size: the core reads options only through CompiledRules, so each must reach its table."""
    from heartspec.render.options import table_options

    spec = catalog.spec
    for ruleset in catalog.ruleset_ids():
        players = spec.resolve(ruleset, (), None, {}).players
        for variant in [None, *catalog.variant_ids()]:
            variants = (variant,) if variant else ()
            try:
                offered = table_options(spec, ruleset, variants, players)
            except Exception:  # the variant does not apply to this ruleset at this size
                continue
            for option in offered:
                for value in option.values:
                    settings = {option.name: value.value}
                    for need in value.needs[:1]:
                        name, _, shown = need.partition("=")
                        settings[name] = shown
                    try:
                        rules = catalog.compile(ruleset, list(variants), players, settings)
                    except RequestError:
                        continue
                    yield f"{ruleset}+{variant or ''}/{players} -o {settings}", rules


@pytest.mark.heavy
@needs_core
def test_every_option_value_plays_the_reference_engines_game_card_by_card(catalog):
    settings = dict(option_settings(catalog))
    assert len(settings) > 60
    names = {name.split(" -o ")[1] for name in settings}
    assert any("moon_partner" in name for name in names) and any("settlement" in name for name in names)
    for seed, (name, rules) in enumerate(sorted(settings.items())):
        assert core.unsupported(rules) is None, name
        # random players seldom shoot the moon; with the queen alone enough for it, a moon option
        # decides about one deal in four, so a core that ignores the option's value shows it
        # (and a deal limit, since a moon taken off the shooter's total every few deals may never end a game)
        moons = [dataclasses.replace(rules, moon_required_faces=(QUEEN,), max_deals=min(rules.max_deals or 30, 30))
                 ] if rules.moon_enabled else []
        for judged in (rules, *moons):
            for game in _games(judged, 3, 500 + seed):
                try:
                    _judge(judged, game)
                except AssertionError as err:
                    raise AssertionError(f"{name} seed {seed}: {err}") from None

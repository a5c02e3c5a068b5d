"""`heartspec engine --core compiled`: protocol v1 served from the compiled core, proven by the whole suite and the fuzzer.

The conformance suite runs against it through a real subprocess and must pass whole; the fuzzer plays it
in lockstep with the reference and must find no difference; and no rule is judged in Python on its path:
with every rule-judging method of the reference Game made to fail, CoreGame answers exactly as before.
Planted bugs in the C core itself are in tests/test_engine_core_mutants.py. Skipped without the extra
(`pip install ./accel`); what happens when it is asked for but missing is checked either way.
"""

from __future__ import annotations

import random
import shlex
import sys

import pytest
from click.testing import CliRunner

from heartspec.cards import cards_of, face
from heartspec.cli import main
from heartspec.conformance.recorded_run import run_suite
from heartspec.engine import core, core_game, scoring
from heartspec.engine.core_game import CoreGame, make_game
from heartspec.engine.errors import RuleError
from heartspec.engine.game import Game
from heartspec.fuzz import FuzzOptions, run_fuzz
from heartspec.protocol.messages import CARD_BY_SPELLING
from heartspec.protocol.server import RulesCatalog, Server
from shipped_setups import shipped_setups


def _core_missing() -> str | None:
    try:
        core_game.require()
    except core.CoreUnavailable as err:
        return str(err)
    return None


needs_core = pytest.mark.skipif(_core_missing() is not None, reason=f"{_core_missing()}")
COMPILED_ENGINE = shlex.join([sys.executable, "-c", "from heartspec.cli import main; main()", "engine",
                              "--core", "compiled"])

# every method of the reference Game that judges a rule or changes the game, and the scoring functions
# it calls: CoreGame must reach none of them (its own checks of a request are not among them)
RULE_METHODS = ("_direction_for", "_start_deal", "deal_physical", "play", "pass_physical", "pass_all_physical", "_exchange", "_begin_play",
                "_opening", "_first_holder", "legal_mask", "_lead_before_hearts_broken", "_first_trick_safe",
                "_refusal", "play_physical", "play_randomly", "_breaks_hearts", "_draw", "trick_winner",
                "_finish_trick", "_set_trick_aside", "_score_deal", "choose", "_conclude_deal", "_settle_deal",
                "_end_game", "stop", "_next_deal", "deal_points_so_far")
SCORING_FUNCTIONS = ("split_points", "moon_shooter", "deal_points", "partner_of", "game_winners", "lowest_seats",
                     "settle_pairwise", "settle_zero_point_pot", "unclaimed_pot", "settle_pot")


@pytest.fixture(scope="module")
def catalog():
    return RulesCatalog()


@pytest.mark.heavy
@needs_core
def test_the_whole_suite_passes_against_engine_core_compiled():
    report = run_suite(COMPILED_ENGINE)["report"]
    outcomes = {row["outcome"] for row in report["scenarios"]}
    failed = [row["id"] for row in report["scenarios"] if row["outcome"] != "passed"]
    assert len(report["scenarios"]) > 900
    assert outcomes == {"passed"}, failed  # nothing skipped either: it claims every shipped set-up


@needs_core
def test_fuzz_finds_no_difference_from_the_reference():
    report = run_fuzz(FuzzOptions(engine=COMPILED_ENGINE, games=80, seed=3, timeout=30.0))
    assert report.ok and report.groups() == []
    assert report.steps > 10_000


@needs_core
def test_hello_names_the_compiled_core_and_claims_what_the_reference_claims(catalog):
    compiled = Server(catalog=catalog, game_factory=make_game, engine_name=core_game.ENGINE_NAME)
    hello, reference = compiled.handle({"cmd": "hello"}), Server(catalog=catalog).handle({"cmd": "hello"})
    assert hello["engine"]["name"] == core_game.ENGINE_NAME
    assert hello["supports"] == reference["supports"]


@needs_core
def test_every_shipped_set_up_is_played_by_the_core(catalog):
    setups = list(shipped_setups(catalog))
    assert len(setups) > 80
    for ruleset, variants, players, rules in setups:
        assert isinstance(make_game(rules), CoreGame), (ruleset, variants, players)


SUITS_SHOWN = "CDSH"
RANKS = "23456789TJQKA"


def _moon_deal(rules) -> tuple[dict, list[list[str]]] | None:
    """Start options and hands by which seat 0 takes every trick: it leads first and holds every club,
    which nobody else can follow (one deck, four seats, no kitty, no pass in that deal)."""
    no_pass = [d for d in range(1, 5) if rules.pass_count == 0 or rules.pass_cycle[(d - 1) % len(rules.pass_cycle)]
               == "none"]
    if rules.players != 4 or rules.copies != 1 or rules.kitty_size or rules.stock_size or not no_pass:
        return None
    others = [rank + suit for suit in SUITS_SHOWN[1:] for rank in RANKS]
    return {"dealer": 3, "deal_number": no_pass[0]}, [[rank + "C" for rank in RANKS]] + [others[i::3] for i in range(3)]


def _random_session(server: Server, catalog: RulesCatalog, rng: random.Random, setup, moon: bool = False) -> list:
    """A game or two through `server` by a random client that also sends refused plays and stops;
    `moon`: the first deal is one that seat 0 shoots."""
    ruleset, variants, players, rules = setup
    options = {"dealer": rng.randrange(players), "deal_number": rng.randrange(1, 4)}
    first_deal = None
    if moon:
        options, first_deal = _moon_deal(rules)
    if rules.target:  # start near the end, so games end and settle within a few deals
        options["totals"] = [rules.target - rng.randrange(1, 8)] + [rng.randrange(5) for _ in range(players - 1)]
    requests = [{"cmd": "new_game", "ruleset": ruleset, "variants": variants, "players": players, "options": options}]
    answers = [server.handle(requests[0])]
    deals = 0

    def ask(request: dict) -> dict:
        requests.append(request)
        answers.append(server.handle(request))
        return answers[-1]

    for _ in range(2000):
        state = ask({"cmd": "state"})
        phase = state["phase"]
        if phase == "game_over" or (phase == "deal" and deals == 3):
            ask({"cmd": "stop"})
            break
        if phase == "deal":
            if rng.random() < 0.2:
                ask({"cmd": "stop"})  # refused where the game has its own end
            deals += 1
            ask({"cmd": "deal", "hands": first_deal} if first_deal and deals == 1 else
                {"cmd": "deal", "seed": rng.randrange(1 << 30)})
        elif phase == "passing":
            for seat in range(players):
                if seat not in state["passed"]:
                    ask({"cmd": "pass", "seat": seat, "cards": rng.sample(state["hands"][seat], rules.pass_count)})
        elif phase == "moon_choice":
            ask({"cmd": "choose", "seat": state["turn"], "option": rng.choice(scoring.MOON_CHOICES)})
        else:
            seat = state["turn"]
            legal = ask({"cmd": "legal", "seat": seat})["cards"]
            refused = sorted(set(state["hands"][seat]) - set(legal))
            if refused:
                ask({"cmd": "play", "seat": seat, "card": rng.choice(refused)})
            ask({"cmd": "legal", "seat": (seat + 1) % players})
            ask({"cmd": "play", "seat": seat, "card": rng.choice(legal)})
    return list(zip(requests, answers))


def _sessions(server: Server, catalog: RulesCatalog) -> list[tuple[dict, dict]]:
    rng = random.Random(7)
    setups = list(shipped_setups(catalog))
    moons = [setup for setup in setups if _moon_deal(setup[3])]
    return [pair for setup in setups for pair in _random_session(server, catalog, rng, setup)] + \
           [pair for setup in moons for pair in _random_session(server, catalog, rng, setup, moon=True)]


def _replayed(server: Server, exchanges: list[tuple[dict, dict]]) -> list[dict]:
    return [server.handle(request) for request, _ in exchanges]


def _plant_failures(monkeypatch) -> None:
    def planted(*args, **kwargs):
        raise AssertionError("a rule was judged in Python")

    for name in RULE_METHODS:
        monkeypatch.setattr(Game, name, planted)
    for name in SCORING_FUNCTIONS:
        monkeypatch.setattr(scoring, name, planted)


@needs_core
def test_no_rule_of_the_reference_game_is_reached_on_the_compiled_path(catalog, monkeypatch):
    compiled = lambda: Server(catalog=catalog, game_factory=make_game)  # noqa: E731
    exchanges = _sessions(compiled(), catalog)
    answers = [answer for _, answer in exchanges]
    codes = {answer["error"]["code"] for answer in answers if not answer["ok"]}
    events = {event["type"] for answer in answers for event in answer.get("events", [])}
    assert {"must_follow_suit", "hearts_not_broken", "wrong_phase"} <= codes and "internal_error" not in codes
    assert {"cards_received", "trick_won", "deal_scored", "game_over", "next_deal", "moon_choice"} <= events
    _plant_failures(monkeypatch)
    assert _replayed(compiled(), exchanges) == answers
    pure = _replayed(Server(catalog=catalog), exchanges)  # the plants do break the reference: they are not inert
    assert any(answer.get("error", {}).get("code") == "internal_error" for answer in pure)


@needs_core
def test_the_compiled_path_answers_as_the_reference_does(catalog):
    """The same random sessions through both (the fuzzer's lockstep, in process and with start options)."""
    exchanges = _sessions(Server(catalog=catalog), catalog)
    assert _replayed(Server(catalog=catalog, game_factory=make_game), exchanges) == [a for _, a in exchanges]


@needs_core
def test_a_refused_step_leaves_the_compiled_game_unchanged(catalog):
    server = Server(catalog=catalog, game_factory=make_game)
    server.handle({"cmd": "new_game", "ruleset": "fi", "players": 4})
    server.handle({"cmd": "deal", "seed": 5})
    before = server.handle({"cmd": "state"})
    for request in ({"cmd": "play", "seat": 0, "card": "2C"}, {"cmd": "pass", "seat": 0, "cards": ["2C"]},
                    {"cmd": "choose", "seat": 0, "option": "add_to_others"}, {"cmd": "stop"},
                    {"cmd": "deal", "seed": 1}, {"cmd": "pass", "seat": 9, "cards": []}):
        assert not server.handle(request)["ok"], request
        assert server.handle({"cmd": "state"}) == before, request


def test_start_options_past_the_cores_numbers_are_played_by_the_pure_engine_said_once(catalog, capsys,
                                                                                   monkeypatch):
    monkeypatch.setattr(core, "_told", set())
    rules = catalog.compile("fi", [], 4, {})
    for _ in range(2):
        assert type(make_game(rules, deal_number=1 << 40)) is Game
        assert type(make_game(rules, totals=[1 << 62, 0, 0, 0])) is Game
    monkeypatch.setattr(core_game, "_for_the_core", lambda rules: core_game._CoreRules("a reason planted here", None, ()))
    for _ in range(2):
        assert type(make_game(rules)) is Game
    err = capsys.readouterr().err
    assert err.count("a deal number past") == 1 and err.count("a total past") == 1
    assert err.count("a reason planted here") == 1 and "the pure engine plays it" in err


def test_engine_core_compiled_without_the_extra_is_one_line_and_exit_2(monkeypatch):
    monkeypatch.setattr(core, "_native", None)
    result = CliRunner().invoke(main, ["engine", "--core", "compiled"], input='{"cmd":"hello"}\n')
    assert result.exit_code == 2
    assert result.output.strip().count("\n") == 0 and "pip install ./accel" in result.output
    assert "Traceback" not in result.output


def test_engine_core_pure_is_the_reference_engine():
    result = CliRunner().invoke(main, ["engine", "--core", "pure"], input='{"cmd":"hello"}\n')
    assert result.exit_code == 0 and '"name":"heartspec"' in result.output.replace(" ", "")


@needs_core
@pytest.mark.parametrize("step, error", [
    (lambda g, deck: g.deal(deck[:-1]), "this deal"),                       # a card short
    (lambda g, deck: g.deal(deck[:-1] + deck[:1]), "this deal"),            # a card twice
    (lambda g, deck: g.deal([*deck[:-1], 200]), "this deal"),               # not a card
    (lambda g, deck: g.deal("not cards"), "deal"),
    (lambda g, deck: g.play(0, deck[0]), "this card"),                      # nothing dealt yet
    (lambda g, deck: g.pass_cards(0, -1), "mask"),
    (lambda g, deck: g.pass_cards(0, 1 << 200), "mask"),
    (lambda g, deck: g.choose(0, 0), "this choice"),
    (lambda g, deck: g.legal(99), "seat"),
    (lambda g, deck: g.perft(-1), "depth"),
    (lambda g, deck: g.play_face(0), "two arguments"),
    (lambda g, deck: g.new_game(4, 1, (0, 0, 0, 0)), "a dealer among the seats"),
    (lambda g, deck: g.new_game(0, 0, (0, 0, 0, 0)), "a dealer among the seats"),
    (lambda g, deck: g.new_game(0, 1, (0, 0, 0)), "a total per seat"),
    (lambda g, deck: g.new_game(0, 1, (0, 0, 0, "0")), "integer"),
])
def test_the_core_game_refuses_a_step_it_cannot_take_and_stays_as_it_was(catalog, step, error):
    """heartspec_core.Game is only driven by CoreGame, which checks first; a step the core is handed
    anyway is a ValueError (or TypeError) and changes nothing, never memory outside the game."""
    rules = catalog.compile("fi", [], 4, {})
    game = core._native.Game(core.table(rules), 0, 1, (0, 0, 0, 0))
    before = game.position(), game.snapshot()
    with pytest.raises((ValueError, TypeError), match=error):
        step(game, list(rules.deck))
    assert (game.position(), game.snapshot()) == before


@needs_core
def test_the_core_takes_a_play_only_when_the_reference_would_and_else_changes_nothing(catalog):
    """play_face is the compiled path's whole check of a play: whatever the reference Game refuses (here
    every kind of request it refuses, in a position where 2C must open) the core declines, and the game is as
    it was; the one play the reference takes, the core plays, with the card the reference would pick."""
    rules = catalog.compile("fi", [], 4, {})
    game = CoreGame(rules)
    game.deal_seeded(3)
    for seat in range(4):
        game.pass_cards(seat, sorted(face(c) for c in cards_of(game.hands[seat]))[:3])
    leader, opening = game.turn, CARD_BY_SPELLING["2C"]
    other = (leader + 1) % 4
    held_by_leader = [face(c) for c in cards_of(game.hands[leader]) if face(c) != opening]
    not_held = next(face(c) for c in cards_of(game.hands[other]))
    joker_slot = 1  # the clubs' joker slot: no card of this deck
    refused = [(True, opening), (leader, True), (float(leader), opening), (leader, float(opening)),
               (str(leader), opening), (leader, 1 << 80), (1 << 80, opening), (-1, opening), (4, opening),
               (leader, -1), (leader, 56), (other, opening), (leader, not_held), (leader, held_by_leader[0]),
               (leader, joker_slot)]
    before = game._core.position(), game._core.snapshot()
    for seat, card in refused:
        assert game._core.play_face(seat, card) is None, (seat, card)
        with pytest.raises(RuleError):
            game.play(seat, card)
        assert (game._core.position(), game._core.snapshot()) == before, (seat, card)
    physical, events = game._core.play_face(leader, opening)
    assert physical == opening and events == []
    game._refresh()  # the view, after a step taken past it
    after_next = (game.turn + 1) % 4  # holds cards that follow suit, but it is not its turn
    before = game._core.position()
    assert all(game._core.play_face(after_next, face(c)) is None for c in cards_of(game.hands[after_next]))
    assert game._core.position() == before
    assert CoreGame(rules)._core.play_face(0, opening) is None  # nothing dealt: not the playing phase

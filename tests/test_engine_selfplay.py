"""Self-play: summaries count what happened, and the move log re-drives the same games request by request."""

from __future__ import annotations

import io
import json
import random

from engine_helpers import configurations
from heartspec.cards import parse_card
from heartspec.engine import Game
from heartspec.engine.selfplay import play_games, random_card

CONFIGS = configurations()


def replay_log(text: str, rules) -> list[Game]:
    """Drive fresh games from a log of protocol requests; every request must be accepted."""
    games: list[Game] = []
    for line in text.splitlines():
        request = json.loads(line)
        cmd = request["cmd"]
        if cmd == "new_game":
            assert (request["ruleset"], request["players"]) == (rules.ruleset, rules.players)
            games.append(Game(rules))
        elif cmd == "deal":
            cards = lambda key: [parse_card(c) for c in request.get(key, [])]  # noqa: E731
            games[-1].deal([[parse_card(c) for c in hand] for hand in request["hands"]],
                           kitty=cards("kitty"), stock=cards("stock"))
        elif cmd == "pass":
            games[-1].pass_cards(request["seat"], [parse_card(c) for c in request["cards"]])
        elif cmd == "play":
            games[-1].play(request["seat"], parse_card(request["card"]))
        elif cmd == "choose":
            games[-1].choose(request["seat"], request["option"])
        else:
            raise AssertionError(f"unexpected request {request}")
    return games


def test_the_move_log_replays_to_the_same_result():
    for name in ("standard", "cancellation_8", "two_replace_immediately", "three_with_kitty",
                 "choice_omnibus_extra_deal"):
        rules = CONFIGS[name]
        log = io.StringIO()
        summary = play_games(rules, games=2, seed=11, log=log)
        games = replay_log(log.getvalue(), rules)
        assert len(games) == summary.games == 2
        assert all(g.phase == "game_over" for g in games)
        assert sum(g.deal_number for g in games) == summary.deals


def test_the_same_seed_plays_the_same_games():
    rules = CONFIGS["standard"]
    first, second = io.StringIO(), io.StringIO()
    play_games(rules, games=1, seed=5, log=first)
    play_games(rules, games=1, seed=5, log=second)
    assert first.getvalue() == second.getvalue()
    third = io.StringIO()
    play_games(rules, games=1, seed=6, log=third)
    assert third.getvalue() != first.getvalue()


def test_log_lines_are_protocol_requests():
    log = io.StringIO()
    play_games(CONFIGS["choice_omnibus_extra_deal"], games=1, seed=2, log=log, options={"target": 50})
    requests = [json.loads(line) for line in log.getvalue().splitlines()]
    assert requests[0] == {"cmd": "new_game", "ruleset": "test", "players": 4, "variants": [],
                           "options": {"target": 50}}
    assert {r["cmd"] for r in requests} <= {"new_game", "deal", "pass", "play", "choose"}
    assert all(len(hand) == 13 for r in requests if r["cmd"] == "deal" for hand in r["hands"])


def test_summary_counts_deals_moons_and_points():
    summary = play_games(CONFIGS["standard"], games=3, seed=1)
    assert summary.games == 3 and summary.deals >= 3
    # every deal scores 26 points, or 78 when a moon adds 26 to three others
    expected = (26 * (summary.deals - summary.moons) + 78 * summary.moons) / summary.deals
    assert summary.avg_points_per_deal == expected


def test_a_rules_factory_is_accepted():
    assert play_games(lambda: CONFIGS["standard"], games=1, seed=1).games == 1


def test_random_card_picks_only_set_bits_and_reaches_each():
    mask = (1 << 3) | (1 << 17) | (1 << 60)
    rng = random.Random(0)
    seen = {random_card(mask, rng) for _ in range(200)}
    assert seen == {3, 17, 60}


def test_the_fast_playout_makes_the_same_moves_as_the_logged_checked_loop():
    for name in sorted(CONFIGS):
        rules = CONFIGS[name]
        fast = play_games(rules, games=3, seed=21)
        logged = play_games(rules, games=3, seed=21, log=io.StringIO())
        assert (fast.deals, fast.moons, fast.avg_points_per_deal) == \
               (logged.deals, logged.moons, logged.avg_points_per_deal), name


def test_the_fast_playout_takes_the_same_tricks_as_the_checked_path():
    for name in sorted(CONFIGS):
        rules = CONFIGS[name]
        for seed in range(8):
            fast, checked = Game(rules), Game(rules)
            fast.quiet = True
            for game in (fast, checked):
                game.deal_seeded(seed)
                for seat in range(rules.players if game.phase == "passing" else 0):
                    game.pass_cards(seat, _lowest(game, seat))
            fast.play_randomly(random.Random(seed).random)
            rng = random.Random(seed)
            while checked.phase == "playing":
                checked.play_physical(checked.turn, random_card(checked.legal_mask(checked.turn), rng))
            assert (fast.taken, fast.phase, fast.totals) == (checked.taken, checked.phase, checked.totals), name


def _lowest(game: Game, seat: int) -> list[int]:
    hand = sorted(c % 56 for c in range(56 * game.rules.copies) if game.hands[seat] >> c & 1)
    return hand[: game.rules.pass_count]


def test_the_fast_playout_finishes_a_deal_begun_on_the_checked_path():
    rules = CONFIGS["standard"]
    game = Game(rules, deal_number=4)
    game.deal_seeded(3)
    game.play(game.turn, game.legal(game.turn)[0])
    game.play_randomly(random.Random(1).random)
    assert game.phase in ("deal", "game_over") and sum(game.last_deal_points) in (26, 78)
    game.play_randomly(random.Random(1).random)  # nothing to play: a no-op
    assert game.phase in ("deal", "game_over")

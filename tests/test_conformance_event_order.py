"""The order of a play response's events, pair by pair, as clause P-play-2 of spec/protocol.md lists them.

The pairs are read from the protocol's own table; every pair is broken alone by a mutant of
tests/mutants/mutant_engine.py (the mutant matrix shows each one failing the suite); the reference's own
play responses, in games with a kitty, a stock, set-aside tricks and moons, keep every pair.
"""

from __future__ import annotations

import random
import re
import runpy
from pathlib import Path

import pytest

from heartspec.conformance.event_order import breaks, order_problem, ordered_pairs, pair_problems, protocol_text
from heartspec.conformance.layout import shipped_catalog
from heartspec.protocol.server import Server

ROOT = Path(__file__).resolve().parents[1]
MUTANTS = runpy.run_path(str(ROOT / "tests" / "mutants" / "mutant_engine.py"), run_name="mutant_declarations")
EVENT_TYPES = {"cards_received", "card_played", "hearts_broken", "trick_won", "kitty_taken", "trick_set_aside",
               "set_aside_taken", "cards_drawn", "moon_choice", "deal_scored", "next_deal", "game_over"}


def clause_text() -> str:
    text = protocol_text()
    return text[text.index("The response's events start with"):text.index("<!-- play-order pairs")]


def event(kind: str, **fields) -> dict:
    return {"type": kind, **fields}


# responses in the protocol's order, one per situation the clause names
SAMPLES = [
    [event("card_played", seat=3), event("hearts_broken"), event("trick_won", seat=1), event("kitty_taken", seat=1)],
    [event("card_played", seat=0), event("hearts_broken"), event("trick_set_aside")],
    [event("card_played", seat=0), event("trick_won", seat=2), event("set_aside_taken", seat=2),
     event("kitty_taken", seat=2)],
    [event("card_played", seat=0), event("trick_won", seat=2), event("set_aside_taken", seat=2)],
    [event("card_played", seat=0), event("trick_won", seat=1), event("cards_drawn", seat=1),
     event("cards_drawn", seat=0)],
    [event("card_played", seat=0), event("trick_won", seat=1), event("deal_scored"), event("next_deal")],
    [event("card_played", seat=0), event("trick_won", seat=1), event("deal_scored"), event("game_over")],
    [event("card_played", seat=0), event("trick_won", seat=1), event("moon_choice", seat=1)],
]


def test_the_pairs_come_from_the_protocol_s_table_and_name_its_events():
    pairs = ordered_pairs()
    assert len(pairs) >= 10
    named_in_clause = set(re.findall(r"`(\w+)`", clause_text()))
    for pair in pairs:
        assert {pair.before, pair.after} <= EVENT_TYPES & named_in_clause, pair
    assert any(p.before == "card_played" and p.after == "hearts_broken" and p.next for p in pairs)
    assert any(p.winner_first for p in pairs)


def test_a_table_without_pairs_is_an_error():
    with pytest.raises(ValueError):
        ordered_pairs("no table here")


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda s: " ".join(e["type"] for e in s))
def test_responses_in_the_protocol_s_order_break_no_pair(sample):
    assert pair_problems(sample) == [] and order_problem(sample, first_trick_done=False) is None


@pytest.mark.parametrize("pair", ordered_pairs(), ids=lambda p: p.slug())
def test_each_pair_s_mutant_breaks_that_pair_alone_in_a_response_that_has_both(pair):
    rewrite = MUTANTS["misordered"](pair)
    rewritten = [rewrite(None, None, sample) for sample in SAMPLES]
    hit = [response for response in rewritten if pair_problems(response) == [pair.name]]
    assert hit, f"no sample response is misordered for {pair.name} alone"
    assert all(order_problem(response, first_trick_done=False) for response in hit)


def test_every_pair_has_a_mutant_that_the_matrix_holds_to_the_protocol_events_area():
    names = {f"order-{pair.slug()}" for pair in ordered_pairs()}
    assert names <= set(MUTANTS["MUTATIONS"])
    assert all(MUTANTS["AREAS"][name][0] == "protocol_events" for name in names)


def test_a_next_pair_refuses_an_event_between():
    pair = next(p for p in ordered_pairs() if p.before == "card_played" and p.after == "hearts_broken")
    assert breaks([event("card_played"), event("trick_won", seat=0), event("hearts_broken")], pair)


def test_the_winner_draws_first():
    pair = next(p for p in ordered_pairs() if p.winner_first)
    assert breaks([event("card_played", seat=0), event("trick_won", seat=1), event("cards_drawn", seat=0),
                   event("cards_drawn", seat=1)], pair)


def play_responses(ruleset: str, players: int, variants: list[str], seed: int):
    """Every play response of one random game of the reference (deal by seed, random legal cards)."""
    server, rng = Server(catalog=shipped_catalog()), random.Random(seed)
    assert server.handle({"cmd": "new_game", "ruleset": ruleset, "players": players, "variants": variants,
                          "options": {"max_deals": 2} if ruleset == "fi" else {}})["ok"]
    for _ in range(3000):
        game = server.game
        if game.phase == "game_over":
            return
        if game.phase == "deal":
            server.handle({"cmd": "deal", "seed": rng.randrange(1 << 30)})
        elif game.phase == "passing":
            seat = next(s for s in range(players) if s not in game.passes)
            hand = server.handle({"cmd": "state"})["hands"][seat]
            server.handle({"cmd": "pass", "seat": seat, "cards": hand[:game.rules.pass_count]})
        elif game.phase == "moon_choice":
            server.handle({"cmd": "choose", "seat": game.turn, "option": "add_to_others"})
        else:
            legal = server.handle({"cmd": "legal", "seat": game.turn})["cards"]
            response = server.handle({"cmd": "play", "seat": game.turn, "card": rng.choice(legal)})
            yield response, game.tricks_done


@pytest.mark.parametrize("ruleset, players, variants", [("fi", 4, []), ("dk", 5, []), ("dk", 6, ["cancellation"]),
                                                         ("fi-classic", 2, ["two-player"])])
def test_the_reference_s_play_responses_keep_every_pair(ruleset, players, variants):
    kinds = set()
    for seed in range(3):
        for response, _ in play_responses(ruleset, players, variants, seed):
            assert response["ok"] and pair_problems(response["events"]) == [], response
            kinds.update(event["type"] for event in response["events"])
    assert {"card_played", "trick_won", "deal_scored"} <= kinds

"""The games-collection adapter: games-collection's HeartsGame over the protocol, translating only."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("card_games.hearts.game")

from adapter_process import AdapterProcess, entries, one_suit_hands, play_out, round_robin_hands  # noqa: E402

from heartspec.adapters import games_collection  # noqa: E402
from heartspec.adapters.base import GameStart  # noqa: E402
from heartspec.cards import card_name, parse_card, standard_faces  # noqa: E402
from heartspec.protocol.server import RulesCatalog  # noqa: E402

ADAPTERS = Path(games_collection.__file__).parent


@pytest.fixture(scope="module")
def engine():
    running = AdapterProcess("games_collection")
    yield running
    running.close()


def test_every_card_maps_to_the_library_card_of_the_same_name():
    for face in standard_faces():
        assert games_collection.from_library(games_collection.to_library(face)) == face
    assert str(games_collection.to_library(parse_card("TH"))) == "T♥"


def test_hello_claims_the_four_player_rulesets_and_names_the_library_version(engine):
    hello = engine.ask(id=1, cmd="hello")
    assert hello["ok"] and hello["protocol"] == 1
    assert hello["engine"] == {"name": "games-collection-hearts-adapter", "version": "1.6.1"}
    supports = hello["supports"]
    assert supports["rulesets"] == ["dk", "fi", "fi-classic", "no", "se"]
    assert all(sizes == [4] for sizes in supports["players"].values())
    assert "no-passing" not in supports["variants"]  # the library passes every deal but each fourth
    assert any(n.startswith("hearts_broken_by") for n in supports["approximations"]["fi"])


def test_a_game_the_library_cannot_play_is_unsupported(engine):
    assert engine.ask(cmd="new_game", ruleset="fi", players=3)["error"]["code"] == "unsupported"
    limited = engine.ask(cmd="new_game", ruleset="fi", players=4, options={"max_deals": 2})
    assert limited["error"]["code"] == "unsupported" and "deal limit" in limited["error"]["message"]


def test_passes_are_exchanged_by_the_library_in_its_own_direction(engine):
    assert engine.ask(cmd="new_game", ruleset="fi", players=4)["ok"]
    hands = round_robin_hands()
    dealt = engine.ask(cmd="deal", hands=hands)
    assert dealt["phase"] == "passing" and dealt["pass_direction"] == "left"
    events = []
    for seat in range(4):
        events += engine.ask(cmd="pass", seat=seat, cards=hands[seat][:3])["events"]
    assert {"type": "cards_received", "seat": 1, "from": 0, "cards": sorted(hands[0][:3], key=parse_card)} in events
    state = engine.ask(cmd="state")
    assert set(hands[0][:3]) <= set(state["hands"][1]) and state["passed"] == [0, 1, 2, 3]


def test_a_play_out_of_turn_is_accepted_because_the_library_keeps_no_turn(engine):
    engine.ask(cmd="new_game", ruleset="fi", players=4, options={"deal_number": 4})
    engine.ask(cmd="deal", hands=round_robin_hands())
    assert engine.ask(cmd="play", seat=0, card="2C")["ok"]
    again = engine.ask(cmd="play", seat=0, card="6C")  # seat 1's turn; the library takes it from seat 0
    assert again == {"id": None, "ok": True, "events": [{"type": "card_played", "seat": 0, "card": "6C"}]}


def test_an_illegal_card_is_refused_under_the_nearest_code_saying_the_library_gave_no_reason(engine):
    engine.ask(cmd="new_game", ruleset="fi", players=4, options={"deal_number": 4})
    engine.ask(cmd="deal", hands=round_robin_hands())
    refused = engine.ask(cmd="play", seat=0, card="AC")
    assert refused["error"]["code"] == "must_lead_opening_card"
    assert "gives no reason" in refused["error"]["message"]
    assert engine.ask(cmd="state")["trick"] == []


def test_the_librarys_moon_gives_the_others_26_and_the_game_goes_on(engine):
    engine.ask(cmd="new_game", ruleset="fi", players=4, options={"deal_number": 4})
    engine.ask(cmd="deal", hands=one_suit_hands())
    events = play_out(engine)
    scored = next(e for e in events if e["type"] == "deal_scored")
    assert scored["points"] == [0, 26, 26, 26] and scored["moon"] == {"seat": 0, "effect": "add_to_others"}
    assert events[-1] == {"type": "next_deal", "deal_number": 5, "dealer": 1, "pass_direction": "left"}


def test_the_library_ends_the_game_at_the_target_with_one_winner_even_on_a_tie():
    rules = RulesCatalog().compile("fi", [], 4, {})
    game = games_collection.AdapterGame(rules, GameStart(0, 4, [80, 54, 80, 80]))
    game.deal([[parse_card(c) for c in hand] for hand in one_suit_hands()])
    events = []
    while game.phase == "playing":
        seat = game.turn()
        events += game.play(seat, card_name(min(game.legal(seat))))["events"]
    over = events[-1]
    assert over["type"] == "game_over" and over["totals"] == [80, 80, 106, 106]
    assert over["winners"] == [0]  # seats 0 and 1 tie on 80; get_winner names the first


def test_another_library_version_is_refused_at_start_up(monkeypatch, capsys):
    import importlib.metadata

    monkeypatch.setattr(importlib.metadata, "version", lambda name: "9.9.9")
    assert games_collection.main([]) == 2
    error = capsys.readouterr().err
    assert "games-collection 9.9.9 is installed" in error and "1.6.1" in error and "heartspec[games-collection]" in error


def test_every_expected_failure_and_known_difference_names_the_librarys_rule_or_bug():
    for name in ("games_collection-expected-failures.txt", "games_collection-known-differences.txt"):
        pairs = entries(ADAPTERS / name)
        assert pairs
        for entry, reason in pairs:
            assert reason.startswith(("rule difference:", "bug", "adapter limit:")), (entry, reason)
            assert "games-collection" in reason, (entry, reason)


def test_a_missing_library_stops_the_adapter_naming_the_extra(monkeypatch, capsys):
    import sys

    monkeypatch.setitem(sys.modules, "card_games.hearts.game", None)  # import now fails as if not installed
    assert games_collection.main([]) == 2
    assert "games-collection is not installed: pip install 'heartspec[games-collection]'" in capsys.readouterr().err

"""The gym-hearts adapter: gym-hearts' HeartsEnv over the protocol, its rules and bugs shown as they are."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("gymhearts.env")

from adapter_process import AdapterProcess, entries, one_suit_hands, play_out, round_robin_hands  # noqa: E402

from heartspec.adapters import gym_hearts  # noqa: E402
from heartspec.cards import standard_faces  # noqa: E402

ADAPTERS = Path(gym_hearts.__file__).parent


@pytest.fixture(scope="module")
def engine():
    running = AdapterProcess("gym_hearts")
    yield running
    running.close()


def test_every_card_maps_to_the_treys_card_of_the_same_name():
    for face in standard_faces():
        assert gym_hearts.from_library(gym_hearts.to_library(face)) == face


def test_hello_claims_four_players_and_no_passing(engine):
    hello = engine.ask(id=1, cmd="hello")
    assert hello["engine"] == {"name": "gym-hearts-adapter", "version": "0.0.3"}
    supports = hello["supports"]
    assert supports["rulesets"] == ["dk", "fi", "fi-classic", "no", "se"]
    assert all(sizes == [4] for sizes in supports["players"].values())
    assert "no-passing" in supports["variants"]
    assert "passing: gym-hearts never passes cards" in supports["approximations"]["fi"]


def test_a_target_the_library_cannot_play_is_unsupported(engine):
    refused = engine.ask(cmd="new_game", ruleset="fi", players=4, options={"target": 50})
    assert refused["error"]["code"] == "unsupported" and "100" in refused["error"]["message"]


def test_every_deal_is_played_as_dealt(engine):
    assert engine.ask(cmd="new_game", ruleset="fi", players=4)["ok"]
    dealt = engine.ask(cmd="deal", hands=round_robin_hands())
    assert dealt["phase"] == "playing" and dealt["pass_direction"] == "none" and dealt["turn"] == 0
    assert engine.ask(cmd="pass", seat=0, cards=["2C", "6C", "TC"])["error"]["code"] == "wrong_phase"


def test_step_plays_any_card_in_hand_and_only_its_current_player(engine):
    engine.ask(cmd="new_game", ruleset="fi", players=4)
    engine.ask(cmd="deal", hands=round_robin_hands())
    assert engine.ask(cmd="play", seat=1, card="3C")["error"]["code"] == "not_your_turn"
    assert engine.ask(cmd="play", seat=0, card="XC")["error"]["code"] == "invalid_card"
    assert engine.ask(cmd="play", seat=0, card="3C")["error"]["code"] == "card_not_in_hand"
    wrong_lead = engine.ask(cmd="play", seat=0, card="AC")  # the rules want the 2C; step() checks nothing
    assert wrong_lead["ok"] and wrong_lead["events"] == [{"type": "card_played", "seat": 0, "card": "AC"}]


def test_the_first_trick_lists_no_legal_card_for_a_hand_of_only_point_cards(engine):
    hands = one_suit_hands()  # seat 3 holds only hearts: void in clubs, nothing but point cards
    engine.ask(cmd="new_game", ruleset="fi", players=4)
    engine.ask(cmd="deal", hands=hands)
    for seat in range(3):
        engine.ask(cmd="play", seat=seat, card=engine.ask(cmd="legal", seat=seat)["cards"][0])
    assert engine.ask(cmd="legal", seat=3)["cards"] == []


def test_the_librarys_moon_and_totals_across_deals(engine):
    engine.ask(cmd="new_game", ruleset="fi", players=4)
    hands = one_suit_hands()
    engine.ask(cmd="deal", hands=hands)
    events = []
    while (seat := engine.ask(cmd="state")["turn"]) is not None:
        legal = engine.ask(cmd="legal", seat=seat)["cards"]
        hand = engine.ask(cmd="state")["hands"][seat]
        events += engine.ask(cmd="play", seat=seat, card=(legal or hand)[0])["events"]
    scored = next(e for e in events if e["type"] == "deal_scored")
    assert scored["points"] == [0, 26, 26, 26] and scored["moon"] == {"seat": 0, "effect": "add_to_others"}
    assert events[-1]["type"] == "next_deal"
    engine.ask(cmd="deal", hands=round_robin_hands())
    assert engine.ask(cmd="state")["totals"] == [0, 26, 26, 26]
    assert play_out(engine)[-1]["type"] == "next_deal"


def test_another_library_version_is_refused_at_start_up(monkeypatch, capsys):
    import importlib.metadata

    monkeypatch.setattr(importlib.metadata, "version", lambda name: "0.0.1")
    assert gym_hearts.main([]) == 2
    assert "gym-hearts 0.0.1 is installed" in capsys.readouterr().err


def test_every_expected_failure_and_known_difference_names_the_librarys_rule_or_bug():
    for name in ("gym_hearts-expected-failures.txt", "gym_hearts-known-differences.txt"):
        pairs = entries(ADAPTERS / name)
        assert pairs
        for entry, reason in pairs:
            assert reason.startswith(("rule difference:", "bug", "adapter limit:")), (entry, reason)
            assert "gym-hearts" in reason, (entry, reason)

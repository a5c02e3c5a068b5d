"""The OpenSpiel adapter: rule values mapped onto OpenSpiel's parameters, and OpenSpiel's hearts over the protocol."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

pyspiel = pytest.importorskip("pyspiel")

from adapter_process import AdapterProcess  # noqa: E402
from engine_helpers import points_table, standard, with_deck  # noqa: E402

from heartspec.adapters.openspiel import (  # noqa: E402
    AdapterGame,
    GameSetup,
    Server,
    Unsupported,
    fit_rules,
    from_openspiel,
    main,
    parse_config,
    to_openspiel,
)
from heartspec.cards import card_name, parse_card, standard_faces  # noqa: E402
from heartspec.protocol.messages import RequestError  # noqa: E402



# ---------------------------------------------------------------- cards

def test_every_card_maps_to_the_openspiel_action_of_the_same_name():
    state = pyspiel.load_game("hearts").new_initial_state()
    state.apply_action(0)  # past the pass-direction chance node, actions are cards
    for face in standard_faces():
        action = to_openspiel(face)
        assert state.action_to_string(action) == card_name(face)
        assert from_openspiel(action) == face


# ---------------------------------------------------------------- rule values -> parameters

def test_standard_rules_map_onto_openspiel_parameters():
    params = fit_rules(standard()).params
    assert params["pass_cards"] and params["no_pts_on_first_trick"] and params["must_break_hearts"]
    assert not params["qs_breaks_hearts"] and not params["jd_bonus"] and not params["can_lead_hearts_instead_of_qs"]


@pytest.mark.parametrize("change, param, expected", [
    ({"first_trick_points": "allowed"}, "no_pts_on_first_trick", False),
    ({"first_trick_points": "forbidden_unless_only_points"}, "no_pts_on_first_trick", True),
    ({"queen_breaks_hearts": True}, "qs_breaks_hearts", True),
    ({"heart_leads_before_broken": "allowed"}, "must_break_hearts", False),
    ({"heart_lead_exceptions": ("hearts_only", "hearts_and_queen")}, "can_lead_hearts_instead_of_qs", True),
    ({"pass_count": 0, "pass_cycle": ("none",)}, "pass_cards", False),
])
def test_each_rule_value_sets_its_openspiel_parameter(change, param, expected):
    assert fit_rules(standard(**change)).params[param] is expected


def test_jack_of_diamonds_bonus_maps_to_jd_bonus():
    rules = standard(face_points=points_table({"H": 1, "QS": 13, "JD": -10}))
    assert fit_rules(rules).params["jd_bonus"] is True


@pytest.mark.parametrize("rules, reason", [
    (with_deck(standard(), 3, remove=["2D"]), "4 players"),
    (with_deck(standard(), 3, remove=[], kitty=1), "kitty"),
    (standard(face_points=points_table({"H": 1, "QS": 13, "TD": -10})), "scores hearts 1"),
    (standard(opening_leader="dealer_left"), "2 of clubs"),
    (standard(partnership=True), "partnerships"),
    (standard(pass_count=4), "passes 3"),
])
def test_what_openspiel_cannot_represent_is_unsupported(rules, reason):
    with pytest.raises(Unsupported, match=reason):
        fit_rules(rules)


def test_rules_openspiel_plays_its_own_way_are_listed_as_approximations():
    notes = fit_rules(standard(moon_effect="shooter_choice")).approximations
    assert any(n.startswith("hearts_broken_by") for n in notes)
    assert any(n.startswith("moon.effect") for n in notes)
    assert fit_rules(standard(hearts_broken_by="heart_played", moon_effect="add_to_others")).approximations == ()


# ---------------------------------------------------------------- one game in process

def round_robin_hands() -> list[list[int]]:
    """Seat s gets every fourth card of the deck in id order: mixed suits, 2C with seat 0."""
    deck = standard_faces()
    return [deck[s::4] for s in range(4)]


def new_game(rules=None, deal_number=4, totals=None) -> AdapterGame:
    rules = rules or standard()  # deal 4 of the standard cycle has no passing
    return AdapterGame(GameSetup(rules, fit_rules(rules), 0, deal_number, totals or [0, 0, 0, 0]))


def refused_code(action) -> str:
    with pytest.raises(RequestError) as refused:
        action()
    return refused.value.code


def test_each_seat_gets_exactly_its_protocol_hand_inside_openspiel():
    hands = [sorted(h) for h in round_robin_hands()]
    random.Random(4).shuffle(hands)  # seats hold different mixes, so a wrong interleave shows
    game = new_game()
    game.deal(hands)
    inside = json.loads(game.state.to_json())["hands"]
    assert [sorted(parse_card(c) for c in hand) for hand in inside] == hands


def test_openspiel_refusals_get_the_code_of_the_rule_broken_and_change_nothing():
    game = new_game()
    game.deal(round_robin_hands())
    before = game.snapshot()
    assert refused_code(lambda: game.play(0, "6C")) == "must_lead_opening_card"
    assert refused_code(lambda: game.play(1, "3C")) == "not_your_turn"
    game.play(0, "2C")
    assert refused_code(lambda: game.play(1, "2D")) == "must_follow_suit"
    assert refused_code(lambda: game.play(1, "2C")) == "card_not_in_hand"
    assert game.snapshot()["hands"][1] == before["hands"][1]
    assert game.snapshot()["trick"] == [{"seat": 0, "card": "2C"}]


def test_points_on_the_first_trick_are_refused_when_the_rules_forbid_them():
    hands = round_robin_hands()
    # give seat 1 no clubs: swap its clubs for seat 3's spades
    clubs1 = [c for c in hands[1] if card_name(c)[1] == "C"]
    spades3 = [c for c in hands[3] if card_name(c)[1] == "S"][:len(clubs1)]
    hands[1] = [c for c in hands[1] if c not in clubs1] + spades3
    hands[3] = [c for c in hands[3] if c not in spades3] + clubs1
    game = new_game()
    game.deal(hands)
    game.play(0, "2C")
    heart = next(card_name(c) for c in hands[1] if card_name(c)[1] == "H")
    assert refused_code(lambda: game.play(1, heart)) == "points_on_first_trick"
    allowed = new_game(standard(first_trick_points="allowed"))
    allowed.deal(hands)
    allowed.play(0, "2C")
    assert allowed.play(1, heart)["events"][0] == {"type": "card_played", "seat": 1, "card": heart}


def test_leading_a_heart_before_hearts_are_broken_is_refused_as_hearts_not_broken():
    game = new_game()
    game.deal(round_robin_hands())
    for seat, card in enumerate(["2C", "3C", "4C", "5C"]):
        game.play(seat, card)
    assert game.turn() == 3  # 5C won
    assert refused_code(lambda: game.play(3, "3H")) == "hearts_not_broken"


def one_suit_hands() -> list[list[int]]:
    """Seat 0 clubs, 1 diamonds, 2 spades, 3 hearts: seat 0 leads and wins every trick."""
    return [[parse_card(r + suit) for r in "23456789TJQKA"] for suit in "CDSH"]


def test_openspiels_moon_is_reported_as_added_to_the_others():
    game = new_game()
    game.deal(one_suit_hands())
    events = []
    while game.phase == "playing":
        seat = game.turn()
        events += game.play(seat, card_name(game.legal(seat)[0]))["events"]
    scored = next(e for e in events if e["type"] == "deal_scored")
    assert scored["moon"] == {"seat": 0, "effect": "add_to_others"}
    assert scored["points"] == [0, 26, 26, 26]


def play_out_deal(game: AdapterGame, rng: random.Random) -> list[dict]:
    events = []
    while game.phase == "playing":
        seat = game.turn()
        events += game.play(seat, card_name(rng.choice(game.legal(seat))))["events"]
    return events


def test_a_deal_scores_openspiels_points_and_the_adapter_keeps_the_totals():
    game = new_game(totals=[10, 20, 30, 40])
    game.deal(round_robin_hands())
    events = play_out_deal(game, random.Random(7))
    tricks = [e for e in events if e["type"] == "trick_won"]
    scored = next(e for e in events if e["type"] == "deal_scored")
    assert len(tricks) == 13 and sum(t["points"] for t in tricks) == 26
    assert sum(scored["points"]) in (26, 78)  # 78 when the moon adds 26 to three others
    assert scored["totals"] == [t + p for t, p in zip([10, 20, 30, 40], scored["points"])]
    assert events[-1] == {"type": "next_deal", "deal_number": 5, "dealer": 1, "pass_direction": "left"}
    assert game.phase == "deal"


def test_the_game_ends_by_the_rules_target_with_the_lowest_total_winning():
    game = new_game(standard(target=1), totals=[0, 5, 5, 5])
    game.deal(round_robin_hands())
    events = play_out_deal(game, random.Random(3))
    over = events[-1]
    assert over["type"] == "game_over" and game.phase == "game_over"
    low = min(over["totals"])
    assert over["winners"] == [s for s, t in enumerate(over["totals"]) if t == low]


@pytest.mark.parametrize("deal_number, over", [(2, False), (3, True)])
def test_without_a_points_target_only_the_deal_limit_ends_the_game(deal_number, over):
    game = new_game(standard(target=None, max_deals=3), deal_number=deal_number, totals=[500, 0, 0, 0])
    game.deal(round_robin_hands())
    if game.phase == "passing":
        for seat in range(4):
            game.pass_cards(seat, sorted(game.hands[seat])[:3])
    events = play_out_deal(game, random.Random(5))
    assert (events[-1]["type"] == "game_over") is over


def test_passes_are_held_until_all_four_are_in_then_exchanged_by_the_deal_numbers_direction():
    game = new_game(deal_number=2)  # the standard cycle passes right on deal 2
    game.deal(round_robin_hands())
    hands = [list(h) for h in game.snapshot()["hands"]]
    for seat in range(3):
        assert game.pass_cards(seat, [parse_card(c) for c in hands[seat][-3:]])["events"] == []
    assert refused_code(lambda: game.pass_cards(0, [parse_card(c) for c in hands[0][:3]])) == "already_passed"
    events = game.pass_cards(3, [parse_card(c) for c in hands[3][-3:]])["events"]
    assert {"type": "cards_received", "seat": 3, "from": 0, "cards": hands[0][-3:]} in events
    assert set(hands[0][-3:]) <= set(game.snapshot()["hands"][3])
    assert game.phase == "playing" and game.snapshot()["turn"] is not None


# ---------------------------------------------------------------- over the protocol

@pytest.mark.parametrize("ruleset, seed", [("fi", 1), ("se", 2), ("dk", 3)])
def test_every_response_of_a_whole_game_with_mistakes_validates_against_the_protocol_schemas(ruleset, seed):
    from test_protocol_support import Schemas, drive_game

    schemas, server, seen = Schemas(), Server(None), set()

    def check(request, response):
        schemas.check_exchange(request, response)
        seen.update(e["type"] for e in response.get("events", []))

    check({"cmd": "hello"}, server.handle({"cmd": "hello"}))
    final = drive_game(server, {"ruleset": ruleset, "players": 4, "options": {"totals": [80, 85, 90, 95]}},
                       seed=seed, on_exchange=check, mistakes=True)
    assert final["phase"] == "game_over" and final["winners"]
    assert {"cards_received", "trick_won", "deal_scored", "game_over"} <= seen


@pytest.fixture(scope="module")
def engine():
    running = AdapterProcess("openspiel")
    yield running
    running.close()


def test_hello_claims_only_four_player_rulesets(engine):
    hello = engine.ask(id=1, cmd="hello")
    assert hello["ok"] and hello["protocol"] == 1
    supports = hello["supports"]
    assert "fi" in supports["rulesets"]
    assert all(counts == [4] for counts in supports["players"].values())


def test_a_full_deal_over_the_protocol(engine):
    assert engine.ask(id="g", cmd="new_game", ruleset="fi", players=4)["ok"]
    hands = [[card_name(c) for c in hand] for hand in round_robin_hands()]
    dealt = engine.ask(cmd="deal", hands=hands)
    assert dealt["ok"] and dealt["pass_direction"] == "left" and dealt["phase"] == "passing"
    events = []
    for seat in range(4):
        events += engine.ask(cmd="pass", seat=seat, cards=hands[seat][:3])["events"]
    assert len([e for e in events if e["type"] == "cards_received"]) == 4
    rng = random.Random(11)
    while True:
        seat = engine.ask(cmd="state")["turn"]
        if seat is None:
            break
        legal = engine.ask(cmd="legal", seat=seat)["cards"]
        played = engine.ask(cmd="play", seat=seat, card=rng.choice(legal))
        assert played["ok"], played
        events += played["events"]
    scored = next(e for e in events if e["type"] == "deal_scored")
    assert sum(scored["points"]) in (26, 78)
    state = engine.ask(cmd="state")
    assert state["deal_number"] == 2 and state["totals"] == scored["totals"]


def test_an_illegal_move_is_refused_with_a_protocol_code(engine):
    engine.ask(cmd="new_game", ruleset="fi", players=4, options={"deal_number": 4})
    engine.ask(cmd="deal", hands=[[card_name(c) for c in hand] for hand in round_robin_hands()])
    refused = engine.ask(id=9, cmd="play", seat=0, card="AC")
    assert refused == {"id": 9, "ok": False, "error": {"code": "must_lead_opening_card",
                                                       "message": refused["error"]["message"]}}


@pytest.mark.parametrize("ruleset, players", [("fi", 3), ("dk", 3)])
def test_three_players_and_a_kitty_are_unsupported(engine, ruleset, players):
    refused = engine.ask(cmd="new_game", ruleset=ruleset, players=players)
    assert refused["error"]["code"] == "unsupported"


def test_a_player_count_the_ruleset_forbids_is_an_invalid_game(engine):
    assert engine.ask(cmd="new_game", ruleset="fi", players=9)["error"]["code"] == "invalid_game"


def test_garbage_gets_an_error_and_the_adapter_keeps_serving(engine):
    engine.proc.stdin.write("{not json\n")
    engine.proc.stdin.flush()
    assert json.loads(engine.proc.stdout.readline())["error"]["code"] == "bad_request"
    assert engine.ask(id=2, cmd="frobnicate")["error"]["code"] == "unknown_command"
    assert engine.ask(id=3, cmd="hello")["ok"]


def test_quit_ends_the_adapter_cleanly():
    running = AdapterProcess("openspiel")
    assert running.ask(id=1, cmd="quit")["ok"]
    assert running.proc.wait(timeout=30) == 0


# ---------------------------------------------------------------- configurations (--config)

def test_a_configuration_fixes_openspiel_parameters_over_the_rulesets():
    assert parse_config("defaults,qs_breaks_hearts=false")["qs_breaks_hearts"] is False
    assert parse_config("defaults")["pass_cards"] is True and len(parse_config("defaults")) == 8
    assert parse_config("no_pts_on_first_trick=FALSE") == {"no_pts_on_first_trick": False}
    for bad in ("qs_breaks_hearts", "qs_breaks_hearts=maybe", "nonsense=true"):
        with pytest.raises(Unsupported, match="--config takes"):
            parse_config(bad)


def test_a_fixed_parameter_against_the_rules_is_listed_as_what_openspiel_plays_instead():
    fit = fit_rules(standard(), {"qs_breaks_hearts": True, "no_pts_on_first_trick": False})
    assert fit.params["qs_breaks_hearts"] and not fit.params["no_pts_on_first_trick"]
    assert "hearts_broken_by: the queen of spades breaks hearts in OpenSpiel" in fit.approximations
    assert "first_trick: OpenSpiel allows point cards on the first trick" in fit.approximations
    assert not any("queen of spades" in n for n in fit_rules(standard(), {"qs_breaks_hearts": False}).approximations)


def test_a_configuration_without_passing_plays_only_games_that_pass_no_cards():
    with pytest.raises(Unsupported, match="pass_cards=false"):
        fit_rules(standard(), {"pass_cards": False})
    assert fit_rules(standard(pass_count=0, pass_cycle=("none",)), {"pass_cards": False}).params["pass_cards"] is False


def test_points_on_the_first_trick_are_accepted_in_a_configuration_that_allows_them():
    rules = standard()
    game = AdapterGame(GameSetup(rules, fit_rules(rules, {"no_pts_on_first_trick": False}), 0, 4, [0, 0, 0, 0]))
    game.deal(one_suit_hands())
    game.play(0, "2C")
    assert game.play(1, "2D")["events"][0]["card"] == "2D"
    game.play(2, "2S")
    assert [e["type"] for e in game.play(3, "AH")["events"]][:2] == ["card_played", "hearts_broken"]


def test_the_avoid_all_tricks_bonus_is_never_read_as_a_moon():
    rules = standard()
    fit = fit_rules(rules, {"avoid_all_tricks_bonus": True})
    for seed in range(60):  # the first random deal where some seat takes no trick
        game = AdapterGame(GameSetup(rules, fit, 0, 4, [0, 0, 0, 0]))
        game.deal(round_robin_hands())
        events = play_out_deal(game, random.Random(seed))
        winners = {e["seat"] for e in events if e["type"] == "trick_won"}
        if len(winners) < 4:
            break
    scored = next(e for e in events if e["type"] == "deal_scored")
    assert -5 in scored["points"]  # OpenSpiel's bonus for the seat without a trick
    assert scored["moon"] is None or max(game.trick_points) == 26


def test_hello_names_the_configuration_and_claims_what_it_plays():
    running = AdapterProcess("openspiel", "--config", "pass_cards=false,qs_breaks_hearts=true")
    hello = running.ask(id=1, cmd="hello")
    running.close()
    assert hello["engine"]["name"] == "openspiel-hearts-adapter[pass_cards=false,qs_breaks_hearts=true]"
    supports = hello["supports"]
    assert supports["configuration"] == {"pass_cards": False, "qs_breaks_hearts": True}
    assert supports["rulesets"] == ["fi", "fi-classic"] and supports["variants"] == ["no-passing"]


def test_a_bad_configuration_or_another_open_spiel_version_stops_the_adapter(monkeypatch, capsys):
    assert main(["--config", "qs_breaks_hearts=perhaps"]) == 2
    assert "--config takes" in capsys.readouterr().err
    import importlib.metadata

    monkeypatch.setattr(importlib.metadata, "version", lambda name: "1.5")
    assert main([]) == 2
    assert "open_spiel 1.5 is installed" in capsys.readouterr().err


@pytest.mark.parametrize("name", ["openspiel", "openspiel--defaults", "openspiel--first-trick-points",
                                  "openspiel--queen-breaks-hearts"])
def test_every_expected_failure_and_known_difference_of_a_configuration_has_its_reason(name):
    from pathlib import Path

    from adapter_process import entries

    from heartspec.adapters import openspiel

    folder = Path(openspiel.__file__).parent
    for kind in ("expected-failures", "known-differences"):
        pairs = entries(folder / f"{name}-{kind}.txt")
        assert pairs
        for entry, reason in pairs:
            assert reason.startswith(("rule difference:", "configuration:", "adapter limit:", "bug")), (entry, reason)
            assert "OpenSpiel" in reason or "adapter" in reason, (entry, reason)


def test_each_configuration_a_report_runs_parses_and_has_its_files():
    from pathlib import Path

    from heartspec.adapters import openspiel

    folder = Path(openspiel.__file__).parent
    for suffix, arguments in openspiel.COMPAT_CONFIGURATIONS.items():
        assert arguments[0] == "--config" and parse_config(arguments[1])
        for kind in ("expected-failures", "known-differences"):
            assert (folder / f"openspiel--{suffix}-{kind}.txt").exists()

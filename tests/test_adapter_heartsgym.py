"""The HeartsGym adapter: HeartsGym's one-hand environment over the protocol, its swaps and moon shown as they are."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("HeartsGym.Hearts")

from adapter_process import AdapterProcess, entries, one_suit_hands, play_out, round_robin_hands  # noqa: E402

from heartspec.adapters import heartsgym  # noqa: E402
from heartspec.cards import standard_faces  # noqa: E402

ADAPTERS = Path(heartsgym.__file__).parent


@pytest.fixture(scope="module")
def engine():
    running = AdapterProcess("heartsgym")
    yield running
    running.close()


def test_every_card_maps_to_the_library_card_of_the_same_name():
    for face in standard_faces():
        assert heartsgym.from_library(heartsgym.to_library(face)) == face
    assert str(heartsgym.to_library(standard_faces()[-1])) == "as"


def test_hello_claims_one_hand_games_at_four_players(engine):
    hello = engine.ask(id=1, cmd="hello")
    assert hello["engine"] == {"name": "heartsgym-adapter", "version": "0.43"}
    supports = hello["supports"]
    assert supports["rulesets"] == ["dk", "fi", "fi-classic", "no", "se"]
    assert all(sizes == [4] for sizes in supports["players"].values())
    assert "no-passing" in supports["variants"]
    assert any(n.startswith("game: HeartsGym plays one hand") for n in supports["approximations"]["fi"])


def test_a_game_whose_deal_passes_is_unsupported(engine):
    refused = engine.ask(cmd="new_game", ruleset="fi", players=4)
    assert refused["error"]["code"] == "unsupported" and "no passing" in refused["error"]["message"]
    assert engine.ask(cmd="new_game", ruleset="fi", players=4, options={"deal_number": 4})["ok"]
    assert engine.ask(cmd="new_game", ruleset="fi", players=4, variants=["no-passing"])["ok"]


def test_an_illegal_card_is_swapped_by_the_library_and_the_played_card_is_reported(engine):
    engine.ask(cmd="new_game", ruleset="fi", players=4, options={"deal_number": 4})
    engine.ask(cmd="deal", hands=round_robin_hands())
    assert engine.ask(cmd="play", seat=1, card="3C")["error"]["code"] == "not_your_turn"
    assert engine.ask(cmd="play", seat=0, card="3C")["error"]["code"] == "card_not_in_hand"
    swapped = engine.ask(cmd="play", seat=0, card="AC")  # the rules want the 2C, and so does HeartsGym
    assert swapped["ok"] and swapped["events"] == [{"type": "card_played", "seat": 0, "card": "2C"}]
    assert "AC" in engine.ask(cmd="state")["hands"][0]


def test_taking_every_point_scores_26_and_the_one_hand_game_is_over(engine):
    engine.ask(cmd="new_game", ruleset="fi", players=4, options={"deal_number": 4, "totals": [10, 0, 0, 0]})
    engine.ask(cmd="deal", hands=one_suit_hands())
    events = play_out(engine)
    scored, over = events[-2], events[-1]
    assert scored == {"type": "deal_scored", "points": [26, 0, 0, 0], "totals": [36, 0, 0, 0], "moon": None}
    assert over == {"type": "game_over", "totals": [36, 0, 0, 0], "winners": [1, 2, 3]}
    assert engine.ask(cmd="deal", hands=round_robin_hands())["error"]["code"] == "wrong_phase"


def test_another_library_version_is_refused_at_start_up(monkeypatch, capsys):
    import importlib.metadata

    monkeypatch.setattr(importlib.metadata, "version", lambda name: "0.44")
    assert heartsgym.main([]) == 2
    assert "heartsgym 0.44 is installed" in capsys.readouterr().err


def test_every_expected_failure_and_known_difference_names_the_librarys_rule_or_bug():
    for name in ("heartsgym-expected-failures.txt", "heartsgym-known-differences.txt"):
        pairs = entries(ADAPTERS / name)
        assert pairs
        for entry, reason in pairs:
            assert reason.startswith(("rule difference:", "bug", "adapter limit:")), (entry, reason)
            assert "HeartsGym" in reason, (entry, reason)


def test_scenarios_that_need_a_second_deal_are_skipped_not_failed(tmp_path):
    import json
    import subprocess
    import sys

    report = tmp_path / "report.json"
    subprocess.run([sys.executable, "-c", "from heartspec.cli import main; main()", "conform", "--engine",
                    f"{sys.executable} -m heartspec.adapters.heartsgym", "--id", "end-004", "--id", "hearts-020",
                    "--report-json", str(report)], capture_output=True, timeout=600, check=False)
    rows = json.loads(report.read_text())["scenarios"]
    assert rows and all(row["outcome"] == "skipped" for row in rows)
    assert any("1 deal(s) per game" in row["reason"] for row in rows)

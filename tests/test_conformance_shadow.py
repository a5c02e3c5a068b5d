"""The reference's copy of a scenario's game: it follows what the engine accepted, and says when it cannot."""

from __future__ import annotations

import pytest

from heartspec.conformance.layout import deck_layout, fill_deal
from heartspec.conformance.shadow import ReferenceShadow

OK = {"ok": True}


def dealt_shadow(ruleset: str = "fi", players: int = 4) -> ReferenceShadow:
    shadow = ReferenceShadow()
    shadow.follow({"cmd": "new_game", "ruleset": ruleset, "players": players, "options": {"deal_number": 4}}, OK)
    hands, _, _ = fill_deal(deck_layout(ruleset, (), players), players, {}, None, None)
    shadow.follow({"cmd": "deal", "hands": hands}, OK)
    return shadow


def test_it_follows_requests_the_engine_accepted():
    shadow = dealt_shadow()
    state = shadow.state()
    assert state["phase"] == "playing" and state["turn"] == 0
    assert shadow.legal(0) == ["2C"]
    assert shadow.position() == {"phase": "playing", "turn": 0, "deal_number": 4}
    shadow.follow({"id": 7, "cmd": "play", "seat": 0, "card": "2C"}, {"id": 7, "ok": True})
    assert shadow.state()["trick"] == [{"seat": 0, "card": "2C"}]
    assert shadow.lost is None


def test_a_request_the_engine_refused_changes_nothing():
    shadow = dealt_shadow()
    shadow.follow({"cmd": "play", "seat": 0, "card": "2C"}, {"ok": False, "error": {"code": "invalid_card"}})
    assert shadow.state()["trick"] == []
    assert shadow.lost is None


def test_requests_that_read_the_game_are_not_repeated():
    shadow = dealt_shadow()
    shadow.follow({"cmd": "legal", "seat": 5}, OK)  # the reference would refuse seat 5, but legal changes nothing
    assert shadow.lost is None


def test_a_move_the_rules_refuse_but_the_engine_took_loses_the_copy_with_the_reason():
    shadow = dealt_shadow()
    shadow.follow({"cmd": "play", "seat": 0, "card": "6C"}, OK)  # seat 0 holds 2C and 6C; 2C must open
    assert '"card": "6C"' in shadow.lost and "must_lead_opening_card" in shadow.lost
    with pytest.raises(AssertionError, match="cannot choose the next move by the rules: the engine accepted"):
        shadow.legal(0)


def test_once_lost_it_stays_lost_and_keeps_the_first_reason():
    shadow = dealt_shadow()
    shadow.lose("a raw line was sent")
    shadow.follow({"cmd": "play", "seat": 0, "card": "3C"}, OK)
    assert shadow.lost == "a raw line was sent"
    with pytest.raises(AssertionError, match="a raw line was sent"):
        shadow.state()


def test_without_a_game_it_says_so():
    with pytest.raises(AssertionError, match="no game has been started"):
        ReferenceShadow().state()

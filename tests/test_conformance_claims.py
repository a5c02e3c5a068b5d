"""The suite skips, never fails, what an engine's hello does not claim; hello's claims are honest."""

from __future__ import annotations

import pytest

from heartspec.conformance.session import EngineSession, ScenarioSkip
from heartspec.protocol.server import Server


def session_claiming(supports: dict) -> EngineSession:
    session = EngineSession.__new__(EngineSession)  # no process: the claims come from this hello
    session.hello = {"ok": True, "protocol": 1, "supports": supports}
    return session


FOUR_ONLY = {"rulesets": ["fi", "dk"], "variants": ["omnibus-jd"], "players": {"fi": [4], "dk": [4]}}


@pytest.mark.parametrize("ruleset, variants, players, reason", [
    ("no", [], 4, "ruleset no"),
    ("fi", ["cancellation"], 4, "variant cancellation"),
    ("fi", [], 6, "6 players for fi"),
])
def test_what_is_not_claimed_is_skipped(ruleset, variants, players, reason):
    with pytest.raises(ScenarioSkip, match=reason):
        session_claiming(FOUR_ONLY).check_claims(ruleset, variants, players)


@pytest.mark.parametrize("ruleset, variants, players", [
    ("fi", ["omnibus-jd"], 4),
    ("fi", [], 9),   # no ruleset plays 9: a scenario there checks the refusal, so it runs
    ("dk", [], 2),
])
def test_what_is_claimed_or_forbidden_by_the_rules_runs(ruleset, variants, players):
    session_claiming(FOUR_ONLY).check_claims(ruleset, variants, players)


def test_a_hello_without_players_claims_every_size():
    session_claiming({"rulesets": ["fi"], "variants": []}).check_claims("fi", [], 6)


def test_the_reference_claims_exactly_the_sizes_it_plays():
    server = Server()
    claims = server.handle({"cmd": "hello"})["supports"]["players"]
    assert claims["fi"] == [3, 4, 5, 6] and claims["fi-classic"] == [2, 4]
    for ruleset, sizes in claims.items():
        for players in sizes:
            response = server.handle({"cmd": "new_game", "ruleset": ruleset, "players": players})
            assert response.get("error", {}).get("code") != "unsupported", (ruleset, players, response)


def test_a_scenario_needing_another_deal_is_skipped_for_an_engine_that_plays_fewer():
    from heartspec.conformance.steps import Table

    with pytest.raises(pytest.skip.Exception, match=r"1 deal\(s\) per game.*deals again"):
        Table(session_claiming({"rulesets": ["fi"], "deals": 1})).require_deals(2, "deals again")
    Table(session_claiming({"rulesets": ["fi"]})).require_deals(2, "deals again")  # no claim: games of any length
    Table(session_claiming({"rulesets": ["fi"], "deals": 2})).require_deals(2, "deals again")

"""`heartspec replay LOG --html FILE`: the data the viewer page draws, built by the reference engine.

The page's script decides nothing: these tests hold the data to the engine and to `heartspec replay`
(tests/test_viewer_browser.py holds the page to the data in a real browser)."""

from __future__ import annotations

import io
import json
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from click.testing import CliRunner

from heartspec.cli import main
from heartspec.engine.selfplay import play_games
from heartspec.protocol.server import RulesCatalog
from heartspec.replay import replay_lines
from heartspec.replay.viewer import build_view, page_json, viewer_html
from shipped_setups import shipped_setups

CATALOG = RulesCatalog()
HANDS = [
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
    "QH 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
    "AD 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS",
    "QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH KH AH",
]


def _setups():
    """Every ruleset and every variant, each at the smallest table it plays at."""
    seen = set()
    for ruleset, variants, players, rules in shipped_setups(CATALOG):
        if (ruleset, tuple(variants)) not in seen:
            seen.add((ruleset, tuple(variants)))
            yield ruleset, variants, players, rules


SETUPS = list(_setups())


def game_log(rules, seed: int = 1) -> list[str]:
    stream = io.StringIO()
    play_games(rules, games=1, seed=seed, log=stream)
    return stream.getvalue().splitlines()


def view_totals(view: dict, table: int = 0) -> list[list]:
    return [event["totals"] for step in view["steps"] for event in step["views"][table].get("events") or []
            if event["type"] == "deal_scored"]


def replay_totals(lines: list[str]) -> list[list]:
    replay = replay_lines(lines, "log", CATALOG)
    assert replay.ok
    return [deal["totals"] for game in replay.games for deal in game["deals"] if deal["totals"] is not None]


@pytest.mark.parametrize("ruleset, variants, players, rules", SETUPS,
                         ids=["+".join((r, *v)) + f"@{n}" for r, v, n, _ in SETUPS])
def test_the_totals_after_each_deal_are_replays_and_every_card_played_was_legal(ruleset, variants, players, rules):
    lines = game_log(rules)
    view = build_view(lines, "log", CATALOG)
    assert view["failure"] is None
    assert view_totals(view) == replay_totals(lines) != []
    before = None
    for step in view["steps"]:
        if step["cmd"] == "play":
            assert before["turn"] == step["request"]["seat"]
            assert step["request"]["card"] in before["legal"]  # the engine's legal cards, and the log played one
            assert step["request"]["card"] in before["hands"][step["request"]["seat"]]
        before = step["views"][0]
    assert view["games"] == [{"ruleset": ruleset, "variants": variants, "players": players, "options": {}}]


def test_the_legal_cards_are_the_engines_not_merely_the_hand():
    lines = [json.dumps({"cmd": "new_game", "ruleset": "fi", "players": 4, "options": {"deal_number": 4}}),
             json.dumps({"cmd": "deal", "hands": [h.split() for h in HANDS]}),
             json.dumps({"cmd": "play", "seat": 0, "card": "2C"})]
    view = build_view(lines, "log", CATALOG)
    after_lead = view["steps"][-1]["views"][0]
    assert after_lead["turn"] == 1 and "QH" in after_lead["hands"][1]
    assert "QH" not in after_lead["legal"] and after_lead["legal"] == ["2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D",
                                                                        "TD", "JD", "QD", "KD"]


def _refused_log() -> list[str]:
    return [json.dumps({"cmd": "new_game", "ruleset": "fi", "players": 4, "options": {"deal_number": 4}}),
            json.dumps({"cmd": "deal", "hands": [h.split() for h in HANDS]}),
            json.dumps({"cmd": "play", "seat": 0, "card": "2C"}),
            json.dumps({"cmd": "play", "seat": 1, "card": "QH"}),
            json.dumps({"ok": False, "error": {"code": "points_on_first_trick"}}),
            json.dumps({"cmd": "play", "seat": 1, "card": "2D"})]


@pytest.mark.parametrize("lang, label", [("en", "First trick"), ("fi", None)])
def test_a_refused_request_shows_the_rule_and_guide_section_that_judged_it_in_the_language_asked(lang, label):
    view = build_view(_refused_log(), "log", CATALOG, lang=lang)
    [refused] = [step for step in view["steps"] if step.get("refused")]
    assert refused["line"] == 4 and refused["request"] == {"cmd": "play", "seat": 1, "card": "QH"}
    ruling = refused["views"][0]["ruling"]
    assert ruling["kind"] == "refused" and ruling["rule"]["key"] == "first_trick"
    assert "fi §" in ruling["rule"]["source"]
    english = build_view(_refused_log(), "log", CATALOG)["steps"][3]["views"][0]["ruling"]["rule"]
    if label:
        assert ruling["rule"]["label"] == label
    else:
        assert ruling["rule"]["label"] != english["label"] and ruling["rule"]["text"] != english["text"]


def test_side_by_side_each_ruleset_has_its_view_and_its_ruling():
    lines = [json.dumps({"cmd": "new_game", "ruleset": "dk", "players": 4, "options": {"deal_number": 4}}),
             json.dumps({"cmd": "deal", "hands": [h.split() for h in HANDS]}),
             json.dumps({"cmd": "play", "seat": 0, "card": "2C"}),
             json.dumps({"cmd": "play", "seat": 1, "card": "QH"})]
    view = build_view(lines, "log", CATALOG, compare=[("fi", "fi", ()), ("dk", "dk", ())])
    assert view["tables"] == ["logged", "fi", "dk"]
    logged, fi, dk = view["steps"][-1]["views"]
    assert logged.get("ruling") is None and dk["ruling"] is None
    assert fi["ruling"]["kind"] == "refused" and fi["ruling"]["played_anyway"] and fi["ruling"]["rule"]["key"] == "first_trick"
    assert [p["card"] for p in fi["trick"]] == ["2C", "QH"]  # played anyway: the trick goes on


def test_a_log_that_parts_from_its_game_is_drawn_up_to_there():
    lines = _refused_log()[:4]  # the refusal is not marked as expected
    view = build_view(lines, "log", CATALOG)
    assert view["failure"]["line"] == 4 and "the log parts from its game" in view["failure"]["message"]
    assert [step["line"] for step in view["steps"]] == [1, 2, 3]


HOSTILE = "</script><script>alert(1)</script><!--\u2028&amp;"


def test_nothing_in_a_log_can_close_the_data_element_or_add_markup():
    lines = _refused_log()[:3] + [json.dumps({"cmd": "play", "seat": 1, "card": HOSTILE}),
                                  json.dumps({"ok": False, "error": {"code": "invalid_card"}})]
    view = build_view(lines, HOSTILE, CATALOG)
    assert any(step["request"].get("card") == HOSTILE for step in view["steps"])
    page = viewer_html(view)
    data = re.search(r'<script type="application/json" id="heartspec-view">(.*?)</script>', page, re.S).group(1)
    assert not re.search(r"[<>&\u2028\u2029]", data)
    assert json.loads(data) == json.loads(page_json(view)) and json.loads(data)["source"] == HOSTILE
    assert page.count("<script") == 2 and "alert(1)</script>" not in page.replace(data, "")


def test_the_page_fetches_nothing():
    page = viewer_html(build_view(_refused_log(), "log", CATALOG))
    assert not re.search(r"(src|href)\s*=|https?://|@import|url\(", page.split('id="heartspec-view">')[0] +
                         page.split("</script>", 1)[1])
    assert "default-src 'none'" in page


def test_the_cli_writes_the_page_and_says_what_it_drew(tmp_path):
    log = tmp_path / "fi.log"
    log.write_text("\n".join(_refused_log()) + "\n")
    html = tmp_path / "fi.html"
    result = CliRunner().invoke(main, ["replay", str(log), "--html", str(html), "--compare", "dk", "--lang", "sv"])
    assert result.exit_code == 0, result.output
    assert result.output == f"wrote {html}: 5 steps, 1 deal(s), compared under dk\n"
    assert html.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


@pytest.mark.parametrize("args, message", [
    (["--html", "{out}", "--lang", "xx"], "unknown language 'xx'"),
    (["--lang", "fi"], "--lang is for the --html page"),
    (["--html", "{out}", "--format", "json"], "not with --format"),
    (["--html", "/nonexistent/folder/page.html"], "/nonexistent/folder"),
    (["--html", "{out}", "--engine", "heartspec engine"], "not with --as, --compare, rulesets, --format or --html"),
])
def test_mistakes_are_one_line_and_write_nothing(tmp_path, args, message):
    log = tmp_path / "fi.log"
    log.write_text("\n".join(_refused_log()) + "\n")
    out = tmp_path / "page.html"
    result = CliRunner().invoke(main, ["replay", str(log), *[a.replace("{out}", str(out)) for a in args]])
    assert result.exit_code == 2 and message in result.output and "Traceback" not in result.output
    assert not out.exists()


def test_a_log_that_parts_from_its_game_still_gets_its_page_and_exit_1(tmp_path):
    log = tmp_path / "bad.log"
    log.write_text("\n".join(_refused_log()[:4]) + "\n")
    html = tmp_path / "bad.html"
    result = CliRunner().invoke(main, ["replay", str(log), "--html", str(html)])
    assert result.exit_code == 1 and html.exists()
    assert f"{log}:4: the log parts from its game here" in result.stderr


def test_a_page_draws_at_most_max_viewer_steps_and_says_where_it_stopped(monkeypatch):
    import heartspec.replay.viewer as viewer

    monkeypatch.setattr(viewer, "MAX_VIEWER_STEPS", 4)
    view = build_view(_refused_log(), "log", CATALOG)
    assert len(view["steps"]) == 4
    assert view["failure"] == {"line": 6, "message": "the page stops here: it draws at most 4 steps (MAX_VIEWER_STEPS)"}


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=st.sampled_from(SETUPS), seed=st.integers(0, 10_000))
def test_every_card_is_somewhere_at_every_step(setup, seed):
    """Hands, kitty and stock, the cards played this deal and a kitty taken always add up to the deck dealt."""
    _, _, _, rules = setup
    view = build_view(game_log(rules, seed), "log", CATALOG)
    played = kitty_taken = 0
    for step in view["steps"]:
        drawn = step["views"][0]
        if step["cmd"] == "deal":
            played = kitty_taken = 0
        played += sum(e["type"] == "card_played" for e in drawn["events"])
        kitty_taken += sum(len(e["cards"]) for e in drawn["events"] if e["type"] == "kitty_taken")
        if drawn["phase"] in ("passing", "playing"):
            held = sum(map(len, drawn["hands"])) + drawn.get("kitty_size", 0) + drawn.get("stock_size", 0)
            assert held + played + kitty_taken == len(rules.deck), (step["line"], held, played, kitty_taken)

"""The move-log viewer (`heartspec replay LOG --html FILE`) in a real browser: headless Chromium (Debian's
`chromium`) driven by Playwright, the page opened from file:// as a user would open it.

Needs `apt-get install chromium` and `pip install playwright` (the `test` extra); skipped without them."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import pytest

from heartspec.engine.selfplay import play_games
from heartspec.protocol.server import RulesCatalog
from heartspec.replay import replay_lines
from heartspec.replay.viewer import build_view, viewer_html

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
CATALOG = RulesCatalog()

sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed (pip install playwright)")
if not Path(CHROMIUM).exists():
    pytest.skip("Debian's chromium is not installed (apt-get install chromium)", allow_module_level=True)



def _games() -> list[tuple[str, list[str], int]]:
    """Every ruleset and every variant at the smallest table it plays at, and the tables that draw something
    more: two decks, a kitty, jokers, a stock, eleven seats."""
    from shipped_setups import shipped_setups

    smallest = {}
    for ruleset, variants, players, _ in shipped_setups(CATALOG):
        smallest.setdefault((ruleset, tuple(variants)), players)
    games = [(ruleset, list(variants), players) for (ruleset, variants), players in smallest.items()]
    more = [("dk", ["cancellation"], 6), ("dk", [], 3), ("fi", [], 6), ("se", ["cancellation"], 11)]
    return games + [game for game in more if game not in games]


GAMES = _games()
HANDS = [
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
    "QH 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
    "AD 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS",
    "QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH KH AH",
]


def _log(ruleset: str, variants: list[str], players: int) -> list[str]:
    stream = io.StringIO()
    play_games(CATALOG.compile(ruleset, variants, players, {}), games=1, seed=players, log=stream)
    return stream.getvalue().splitlines()


def _page(tmp_path: Path, name: str, lines: list[str], **options) -> tuple[str, dict]:
    view = build_view(lines, name, CATALOG, **options)
    path = tmp_path / f"{name}.html"
    path.write_text(viewer_html(view), encoding="utf-8")
    return path.as_uri(), view


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield chromium
        chromium.close()


@pytest.fixture()
def tab(browser):
    errors: list[str] = []
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    page.close()
    assert errors == [], f"console errors: {errors}"


def _position(tab) -> int:
    return int(tab.locator("#position").inner_text().split()[1])


@pytest.mark.parametrize("ruleset, variants, players", GAMES, ids=["+".join((r, *v)) + f"@{n}" for r, v, n in GAMES])
def test_a_game_of_every_ruleset_opens_and_its_totals_after_each_deal_are_replays(tab, tmp_path, ruleset, variants,
                                                                                   players):
    lines = _log(ruleset, variants, players)
    uri, view = _page(tmp_path, "game", lines)
    replay = replay_lines(lines, "game", CATALOG)
    expected = [" ".join(map(str, deal["totals"])) for deal in replay.games[0]["deals"] if deal["totals"]]
    tab.goto(uri)
    assert tab.locator(".felt .seat").count() == players
    assert tab.locator(".felt .card").count() > 0
    tab.keyboard.press("End")
    assert _position(tab) == len(view["steps"])
    shown = tab.locator(".panel").first.locator(".scores tr[data-totals]")
    assert [shown.nth(k).get_attribute("data-totals") for k in range(shown.count())] == expected
    assert "Game over" in tab.locator(".legal-line").first.inner_text()


def test_the_keys_step_by_card_and_trick_and_the_address_keeps_the_step(tab, tmp_path):
    uri, view = _page(tmp_path, "dk", _log("dk", [], 4))
    trick_ends = [k + 1 for k, step in enumerate(view["steps"])
                  if any(e["type"] in ("trick_won", "trick_set_aside") for e in step["views"][0]["events"])]
    tab.goto(uri)
    assert _position(tab) == 2  # no step named: the first deal, the hands as dealt
    tab.keyboard.press("Home")
    assert _position(tab) == 1
    tab.keyboard.press("ArrowRight")
    tab.keyboard.press("ArrowRight")
    assert _position(tab) == 3 and tab.evaluate("location.hash") == "#step=3"
    tab.keyboard.press("ArrowLeft")
    assert _position(tab) == 2
    tab.keyboard.press("ArrowDown")
    assert _position(tab) == trick_ends[0]
    tab.keyboard.press("ArrowDown")
    assert _position(tab) == trick_ends[1]
    tab.keyboard.press("ArrowUp")
    assert _position(tab) == trick_ends[0]
    tab.keyboard.press("End")
    assert _position(tab) == len(view["steps"])
    tab.keyboard.press("Home")
    assert _position(tab) == 1
    step = trick_ends[3]
    tab.goto(f"{uri}#step={step}")
    tab.reload()
    assert _position(tab) == step
    played = view["steps"][step - 1]["request"]["card"]
    assert tab.locator(".trick .card", has_text=played[0].replace("T", "10")).count() >= 1
    tab.locator("#tricks li").nth(1).click()
    assert _position(tab) == trick_ends[1] and tab.evaluate("location.hash") == f"#step={trick_ends[1]}"


def test_the_legal_cards_are_marked_in_the_hand_of_the_seat_to_play(tab, tmp_path):
    lines = [json.dumps({"cmd": "new_game", "ruleset": "fi", "players": 4, "options": {"deal_number": 4}}),
             json.dumps({"cmd": "deal", "hands": [h.split() for h in HANDS]}),
             json.dumps({"cmd": "play", "seat": 0, "card": "2C"})]
    uri, _ = _page(tmp_path, "legal", lines)
    tab.goto(uri + "#step=3")
    seat = tab.locator('.seat[data-seat="1"]')
    assert "turn" in seat.get_attribute("class")
    assert seat.locator(".card.legal").count() == 12 and seat.locator(".card").count() == 13
    assert seat.locator('.card[title="QH"]').get_attribute("class").split() == ["card", "H"]


def test_a_refused_step_shows_its_rule_and_source(tab, tmp_path):
    lines = [json.dumps({"cmd": "new_game", "ruleset": "fi", "players": 4, "options": {"deal_number": 4}}),
             json.dumps({"cmd": "deal", "hands": [h.split() for h in HANDS]}),
             json.dumps({"cmd": "play", "seat": 0, "card": "2C"}),
             json.dumps({"cmd": "play", "seat": 1, "card": "QH"}),
             json.dumps({"ok": False, "error": {"code": "points_on_first_trick"}}),
             json.dumps({"cmd": "play", "seat": 1, "card": "2D"})]
    uri, view = _page(tmp_path, "refused", lines)
    rule = view["steps"][3]["views"][0]["ruling"]["rule"]
    tab.goto(uri)
    assert _position(tab) == 4  # with no step named, a log with a refusal opens there
    tab.goto(uri + "#step=4")
    box = tab.locator(".ruling.refused")
    assert box.count() == 1
    text = box.inner_text()
    assert "Refused" in text and rule["label"] in text and rule["text"] in text and rule["source"] in text
    assert "refused" in tab.locator("#say").inner_text()


def test_rulesets_side_by_side_each_show_their_ruling(tab, tmp_path):
    lines = [json.dumps({"cmd": "new_game", "ruleset": "dk", "players": 4, "options": {"deal_number": 4}}),
             json.dumps({"cmd": "deal", "hands": [h.split() for h in HANDS]}),
             json.dumps({"cmd": "play", "seat": 0, "card": "2C"}),
             json.dumps({"cmd": "play", "seat": 1, "card": "QH"})]
    uri, _ = _page(tmp_path, "compare", lines, compare=[("fi", "fi", ()), ("se", "se", ())])
    tab.goto(uri + "#step=4")
    panels = tab.locator(".panel")
    assert panels.count() == 3
    assert panels.nth(1).locator(".ruling.refused").count() == 1
    assert "played anyway" in panels.nth(1).locator(".ruling").inner_text()
    assert panels.nth(0).locator(".ruling").count() == 0


def test_hostile_text_in_a_log_is_shown_as_text(tab, tmp_path):
    hostile = "<img src=x onerror=alert(1)>"
    lines = [json.dumps({"cmd": "new_game", "ruleset": "fi", "players": 4}),
             json.dumps({"cmd": "play", "seat": 0, "card": hostile}),
             json.dumps({"ok": False, "error": {"code": "wrong_phase"}})]
    uri, _ = _page(tmp_path, "hostile", lines)
    dialogs: list[str] = []
    tab.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    tab.goto(uri + "#step=2")
    assert tab.locator("img").count() == 0 and dialogs == []

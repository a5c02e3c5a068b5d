"""The differences the guides state, pinned through the rendered output of `heartspec diff` and `heartspec rules`.

Each expectation was checked against the guide text (ruleset id and section in
the comment above it).  Every assertion reads both the text form and the json
form of one `diff` run, so a renderer that drops a cell, a value or its
provenance fails here even when the YAML is right.
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from heartspec.cli import main

FIVE = ("fi", "no", "dk", "se", "fi-classic")


def run(*args: str) -> str:
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.fixture(scope="module")
def text_diff() -> str:
    """Only the rows that differ: every pinned difference must show up without --all."""
    return run("diff", *FIVE)


@pytest.fixture(scope="module")
def json_diff() -> dict:
    return json.loads(run("diff", *FIVE, "--format", "json"))


@pytest.fixture(scope="module")
def text_all() -> str:
    """Every row: for pins on rows where the five guides happen to agree at some table size."""
    return run("diff", *FIVE, "--all")


@pytest.fixture(scope="module")
def json_all() -> dict:
    return json.loads(run("diff", *FIVE, "--all", "--format", "json"))


def text_cell(text: str, title: str, players: int | None, ruleset: str) -> str:
    """The lines of one cell in the text table, found by row title (with or without a player count)."""
    wanted = {title} if players is None else {f"{title} ({players} players)", title}
    for block in text.split("\n\n")[1:]:
        head, *lines = block.splitlines()
        if head.split(" (no difference)")[0].split(" (same in play")[0].split(" (* marks")[0] not in wanted:
            continue
        cells: dict[str, list[str]] = {}
        for line in lines:
            if line[2] != " ":
                current = cells.setdefault(line[2:].split()[0], [])
            current.append(line.strip())
        return "\n".join(cells[ruleset])
    raise AssertionError(f"no row {title!r} at {players} players in the diff:\n{text}")


def json_cell(data: dict, rule: str, players: int | None, ruleset: str) -> dict:
    for row in data["rows"]:
        if row["rule"] == rule and row["players"] in (players, None):
            return row["cells"][ruleset]
    raise AssertionError(f"no row {rule!r} at {players} players in the json diff")


RULE_TITLES = {
    "deck": "Deck",
    "passing": "Passing",
    "opening_lead": "Opening lead",
    "first_trick": "First trick",
    "hearts_break": "Breaking hearts",
    "heart_leads": "Leading hearts",
    "moon": "Shooting the moon",
    "game_end": "End of the game",
}


def check(text_diff, json_diff, rule, players, ruleset, *phrases, interpretation=None, section=None):
    """The cell says every phrase in both forms; optionally pin whether it rests on an interpretation."""
    text = text_cell(text_diff, RULE_TITLES[rule], players, ruleset)
    cell = json_cell(json_diff, rule, players, ruleset)
    for phrase in phrases:
        assert phrase in text, f"{ruleset} {rule}@{players}: {phrase!r} not in text cell:\n{text}"
        assert phrase in cell["text"], f"{ruleset} {rule}@{players}: {phrase!r} not in json text {cell['text']!r}"
    if interpretation is not None:
        assert cell["interpretation"] is interpretation, cell["sources"]
        assert ("[interpretation]" in text) is interpretation, text
    if section is not None:
        assert any(s["guide"] == ruleset and s["section"] == section for s in cell["sources"]), cell["sources"]
        assert f"§{section}" in text


# fi "Ensimmäinen tikki ja hertta rikottu": the ban holds even for a player with no clubs and has
# no stated exception; fi-classic "Pelin kulku" says the same.  Neither says what a hand of only
# point cards does, so that part must be marked as an interpretation.
@pytest.mark.parametrize("ruleset", ["fi", "fi-classic"])
def test_first_trick_points_are_banned_outright_in_finnish(text_diff, json_diff, ruleset):
    check(text_diff, json_diff, "first_trick", None, ruleset,
          "No point card may be played to the first trick, even by a player void in the led suit",
          interpretation=True)


# no "Slik spilles et parti": points on the first trick only when there is no other choice.
def test_norwegian_first_trick_allows_points_only_without_choice(text_diff, json_diff):
    check(text_diff, json_diff, "first_trick", None, "no",
          "unless the player holds nothing else that is legal", interpretation=False,
          section="Slik spilles et parti")


# se "Förstasticket": no point cards even when void in clubs; the guide itself names the exception
# for a hand of only point cards, so nothing here is an interpretation.
def test_swedish_first_trick_exception_is_stated(text_diff, json_diff):
    check(text_diff, json_diff, "first_trick", None, "se",
          "unless the player holds nothing else that is legal",
          interpretation=False, section="Förstasticket")


# dk "Reglen om at bryde hjerter": the lead rule only restricts leads; the guide has no first-trick ban.
def test_danish_first_trick_has_no_restriction(text_diff, json_diff):
    check(text_diff, json_diff, "first_trick", None, "dk", "Point cards may be played to the first trick")


# no "Slik spilles et parti" and fi-classic "Pelin kulku": a heart played in an earlier trick breaks hearts.
# fi "Ensimmäinen tikki ja hertta rikottu", dk "Reglen om at bryde hjerter", se "Att bryta hjärter":
# only a heart discarded to a trick of another suit does.
@pytest.mark.parametrize("ruleset", ["no", "fi-classic"])
def test_any_heart_played_breaks_hearts(text_diff, json_diff, ruleset):
    check(text_diff, json_diff, "hearts_break", None, ruleset, "as soon as any heart is played", interpretation=False)


@pytest.mark.parametrize("ruleset", ["fi", "dk", "se"])
def test_only_a_discarded_heart_breaks_hearts(text_diff, json_diff, ruleset):
    check(text_diff, json_diff, "hearts_break", None, ruleset,
          "when a heart is discarded to a trick led in another suit", interpretation=False)


# fi "Pistekortit ja pisteenlasku" and fi-classic "Pelin loppu": the game ends when a total goes over 100.
# se "När tar spelet slut?" says passing 100 (its introduction says reaching it: marked interpretation).
# no "Vanlige spørsmål (FAQ)" and dk "Strafpoint og hvordan de tælles": 100 or more ends it.
@pytest.mark.parametrize("ruleset", ["fi", "fi-classic", "se"])
def test_game_ends_only_above_100(text_diff, json_diff, ruleset):
    check(text_diff, json_diff, "game_end", None, ruleset, "exceeds 100 (more than 100)")


def test_swedish_end_is_marked_as_an_interpretation_of_a_contradiction(text_diff, json_diff):
    check(text_diff, json_diff, "game_end", None, "se", "exceeds 100", interpretation=True)


@pytest.mark.parametrize("ruleset", ["no", "dk"])
def test_game_ends_at_100(text_diff, json_diff, ruleset):
    check(text_diff, json_diff, "game_end", None, ruleset, "reaches 100 or more")


# se "När tar spelet slut?": a tie plays an extra deal; the other guides are silent (shared win, interpretation).
def test_swedish_tie_plays_another_deal(text_diff, json_diff):
    check(text_diff, json_diff, "game_end", None, "se", "a tie for lowest is settled by playing another deal",
          section="När tar spelet slut?")
    for ruleset in ("fi", "no", "dk", "fi-classic"):
        check(text_diff, json_diff, "game_end", None, ruleset, "a tie for lowest is a shared win", interpretation=True)


# fi "Valmistelu eri pelaajamäärillä": 3 players drop 2D, 5 drop 2D and 2C, 6 add two jokers.
# se "Hjärter för tre, fem och sex spelare": 3 drop 2C, 5 drop 2C and 2D, 6 drop all four twos.
# dk "Er I ikke fire?": no cards removed; the spare cards form a face-down kitty for the first trick's winner.
@pytest.mark.parametrize(
    "players, ruleset, phrases",
    [
        (3, "fi", ["remove the two of diamonds (51 cards)", "17 cards each"]),
        (3, "se", ["remove the two of clubs (51 cards)", "17 cards each"]),
        (3, "dk", ["17 cards each", "kitty of 1 card face down, taken by the winner of the first trick"]),
        (5, "fi", ["remove the two of clubs and the two of diamonds (50 cards)", "10 cards each"]),
        (5, "se", ["remove the two of clubs and the two of diamonds (50 cards)", "10 cards each"]),
        (5, "dk", ["10 cards each", "kitty of 2 cards face down"]),
        (6, "fi", ["add the clubs joker and the diamonds joker, each ranked between the two and the three of its suit (54 cards)", "9 cards each"]),
        (6, "se", ["remove the two of clubs, the two of diamonds, the two of hearts and the two of spades (48 cards)", "8 cards each"]),
        (6, "dk", ["8 cards each", "kitty of 4 cards face down"]),
    ],
)
def test_decks_for_three_five_and_six(text_diff, json_diff, players, ruleset, phrases):
    check(text_diff, json_diff, "deck", players, ruleset, *phrases, interpretation=False)


# fi-classic "Pelin valmistelu" deals to four players only: its column is a dash at other counts.
@pytest.mark.parametrize("players", [3, 5, 6])
def test_four_player_only_ruleset_is_a_dash(text_diff, json_diff, players):
    assert text_cell(text_diff, "Deck", players, "fi-classic").startswith("fi-classic  —")
    assert json_cell(json_diff, "deck", players, "fi-classic") == {
        "played": False, "value": None, "text": None, "sources": [], "interpretation": False,
    }


# no (section on three, five or six players): the lowest club opens when 2C is out (stated).
# fi "Valmistelu eri pelaajamäärillä": 3C opens with five.  se "Hjärter för tre, fem och sex spelare":
# 3C opens whenever 2C is out.  dk never says who opens when 2C lies in the kitty (interpretation).
def test_opening_card_and_its_fallback(text_diff, json_diff):
    check(text_diff, json_diff, "opening_lead", 3, "no",
          "if no hand holds it, the holder of the lowest club leads that club", interpretation=False)
    check(text_diff, json_diff, "opening_lead", 5, "fi", "The holder of the three of clubs leads it", interpretation=False)
    for players in (3, 5, 6):
        check(text_diff, json_diff, "opening_lead", players, "se", "The holder of the three of clubs leads it", interpretation=False)
        check(text_diff, json_diff, "opening_lead", players, "dk",
              "The holder of the two of clubs leads it", "the holder of the lowest club", interpretation=True)


# Four players: left, right, across, hold in fi "Kolmen kortin vaihto", no "Utdeling og kortbytte",
# dk "Ofte stillede spørgsmål", se "Passningen"; fi-classic "Pelin valmistelu" has no hold deal.
# se "Hjärter för tre, fem och sex spelare" gives its own cycles for three and five players;
# fi gives none for three or five (interpretation).
def test_pass_cycles(text_diff, json_diff, text_all, json_all):
    check(text_diff, json_diff, "passing", 4, "fi", "left → right → across → none")
    check(text_diff, json_diff, "passing", 4, "fi-classic", "left → right → across, then the cycle repeats")
    check(text_diff, json_diff, "passing", 5, "se",
          "left → right → two to the left → two to the right → none", interpretation=False)
    check(text_diff, json_diff, "passing", 5, "fi", "left → right → none → none", interpretation=True)
    # At three players se states its own three-deal cycle; fi keeps its four deals (the third, with no
    # seat across, also played as dealt), an interpretation of its "Kolmen kortin vaihto".
    check(text_all, json_all, "passing", 3, "se", "left → right → none", interpretation=False)
    check(text_all, json_all, "passing", 3, "fi", "left → right → none → none", interpretation=True)
    assert json_cell(json_all, "passing", 3, "fi")["value"] != json_cell(json_all, "passing", 3, "se")["value"]


# fi "Puhallus – kaikki 26 pistettä itselle": the others get 26 (the choice is only a house option);
# no "Å «skyte månen»" and dk "At tage alt – den store gamble": the shooter always chooses.
def test_moon_effects(text_diff, json_diff):
    check(text_diff, json_diff, "moon", 4, "fi", "they score 0 and every other player scores 26", interpretation=False)
    for ruleset in ("no", "dk"):
        check(text_diff, json_diff, "moon", 4, ruleset,
              "they choose either to add 26 to every other player or to subtract 26 from their own total")


# Leading hearts: fi "Ensimmäinen tikki ja hertta rikottu", no "Slik spilles et parti", dk "Reglen om at
# bryde hjerter" and se "Att bryta hjärter" all let a hand of only hearts lead one; fi-classic "Pelin kulku"
# names no exception (so it is an interpretation there).  se adds the queen of spades to the exception as
# an optional agreement, which is the qs-lead-exception variant.
def test_lead_exceptions(text_all, json_all):
    for ruleset in ("fi", "no", "dk", "se"):
        check(text_all, json_all, "heart_leads", None, ruleset,
              "exception: a hand of only hearts may lead a heart", interpretation=False)
    check(text_all, json_all, "heart_leads", None, "fi-classic",
          "exception: a hand of only hearts may lead a heart", interpretation=True)
    with_queen = ("diff", "fi", "se", "-v", "qs-lead-exception")
    text, data = run(*with_queen), json.loads(run(*with_queen, "--format", "json"))
    assert "Note: the variant “Queen of spades in the hearts-lead exception” does not apply to fi: fi is compared without it" in text
    check(text, data, "heart_leads", None, "se", "a hand of only hearts or a hand of only hearts and the queen of spades may lead")
    check(text, data, "heart_leads", None, "fi", "exception: a hand of only hearts may lead a heart")
    se_sources = json_cell(data, "heart_leads", None, "se")["sources"]
    assert [s.get("via") for s in se_sources] == [None, "qs-lead-exception"]


def test_rows_that_agree_are_left_out_without_all(json_diff):
    shown = {row["rule"] for row in json_diff["rows"]}
    assert "card_points" not in shown and "following" not in shown
    assert all(row["differs"] for row in json_diff["rows"])
    everything = json.loads(run("diff", *FIVE, "--all", "--format", "json"))
    assert {"card_points", "following"} <= {row["rule"] for row in everything["rows"]}


def test_single_player_count_marks_the_rulesets_that_do_not_play_it():
    text = run("diff", *FIVE, "--players", "3")
    assert "Note: fi-classic is not played by 3 players" in text
    assert "\nDeck (* marks the rulesets that judge it otherwise)\n" in text and "\nDeck (3 players)" not in text
    assert text_cell(text, "Deck", None, "fi-classic").startswith("fi-classic  —")

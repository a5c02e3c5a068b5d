"""`heartspec diff` compares what rules do, and `heartspec rules` lists options as the resolver offers them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from heartspec.cli import main
from heartspec.engine import Game
from heartspec.cards import parse_card
from heartspec.render import diff as diff_mod
from heartspec.rules import load_spec
from heartspec.rules.effects import rule_effects

SPEC = load_spec()


def run(*args: str, code: int = 0) -> str:
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == code, result.output
    return result.output


def rows(comparison, key):
    return [r for r in comparison.rows if r.key == key]


# --- diff by effect -----------------------------------------------------------


def test_fi_and_no_first_trick_are_one_rule_in_play_at_four_players():
    """fi `forbidden` + `when_only_points: any_card` and no `forbidden_unless_only_points` word it apart."""
    comparison = diff_mod.compare(SPEC, ("fi", "no"), players=4)
    (first,) = rows(comparison, "first_trick")
    assert not first.differs and first.worded_differently
    assert first not in comparison.shown_rows
    text = run("diff", "fi", "no", "--players", "4")
    assert "\nFirst trick" not in text
    assert "Worded differently but judging every play alike: First trick" in text


def _first_trick_legal(ruleset: str, hands: list[list[str]]) -> list[int]:
    """Seat 1's legal cards after seat 0 leads 2C, at four players."""
    game = Game(SPEC.compile(ruleset, (), 4), dealer=3, deal_number=4)  # the fourth deal passes nothing
    game.deal(hands=[[parse_card(c) for c in hand] for hand in hands])
    game.play(0, parse_card("2C"))
    return game.legal(1)


HEARTS = [f"{r}H" for r in "23456789TJQKA"]
CLUBS = [f"{r}C" for r in "23456789TJQKA"]
DIAMONDS = [f"{r}D" for r in "23456789TJQKA"]
SPADES = [f"{r}S" for r in "23456789TJQKA"]


def test_where_the_exception_binds_both_encodings_allow_the_same_cards():
    """A 13-card hand of twelve hearts and the queen, void in clubs: only barred cards, so any may fall."""
    only_points = HEARTS[:12] + ["QS"]
    rest = [c for c in CLUBS + DIAMONDS + SPADES + HEARTS if c not in only_points]
    hands = [rest[0:13], only_points, rest[13:26], rest[26:39]]
    hands[0] = ["2C"] + [c for c in hands[0] if c != "2C"][:12] if "2C" not in hands[0] else hands[0]
    fi, no = _first_trick_legal("fi", hands), _first_trick_legal("no", hands)
    assert fi == no == sorted(parse_card(c) for c in only_points)
    # With one diamond beside them the ban binds again, in both, to that diamond alone.
    mixed = HEARTS[:12] + ["2D"]
    others = [c for c in CLUBS + DIAMONDS + SPADES + HEARTS if c not in mixed]
    hands = [others[0:13], mixed, others[13:26], others[26:39]]
    assert _first_trick_legal("fi", hands) == _first_trick_legal("no", hands) == [parse_card("2D")]


def test_effects_tell_apart_first_tricks_that_bar_different_cards():
    """fi bars the queen, fi under no-queen frees her (as fi-classic does): a real difference, then none."""
    fi = rule_effects(SPEC.compile("fi", (), 4))["first_trick"]
    freed = rule_effects(SPEC.compile("fi", ("no-queen",), 4))["first_trick"]
    classic = rule_effects(SPEC.compile("fi-classic", ("no-queen",), 4))["first_trick"]
    kept = rule_effects(SPEC.compile("fi", ("no-queen",), 4, {"first_trick_queen": "forbidden"}))["first_trick"]
    assert fi != freed == classic != kept
    comparison = diff_mod.compare(SPEC, ("fi", "fi+no-queen"), players=4)
    (first,) = rows(comparison, "first_trick")
    assert first.differs and first.differing_cells() == {"fi", "fi+no-queen"}


def test_the_same_encoding_differs_from_a_free_first_trick():
    """dk lets points fall on the first trick: against fi and no at any size, First trick differs, dk marked."""
    for players in (3, 4, 5, 6):
        comparison = diff_mod.compare(SPEC, ("fi", "no", "dk"), players=players)
        (first,) = rows(comparison, "first_trick")
        assert first.differs and first.differing_cells() == {"dk"}


def test_diff_takes_ruleset_plus_variant_columns_and_shows_option_rows():
    text = run("diff", "fi", "fi+moon-choice", "--players", "4")
    assert "Shooting the moon" in text and "Choice: Shooting the moon" in text
    assert "without agreement the shooter chooses" in text and "without agreement the others score the points" in text
    data = json.loads(run("diff", "fi", "fi+moon-choice", "--format", "json"))
    assert [c["column"] for c in data["rulesets"]] == ["fi", "fi+moon-choice"]
    assert run("diff", "fi", "fi+nope", code=2).startswith("heartspec diff: unknown variant 'nope'")
    assert "is not RULESET[+VARIANT...]" in run("diff", "fi", "fi+", code=2)


def test_markdown_and_html_mark_the_differing_cells_and_words():
    comparison = diff_mod.compare(SPEC, ("fi", "no", "se"), players=4)
    md = diff_mod.render_markdown(comparison)
    breaking = next(line for line in md.splitlines() if line.startswith("| **Breaking hearts"))
    assert breaking.count("**≠**") == 1, breaking  # fi alone breaks hearts only by a discard
    from heartspec.render.html import render_html

    page = render_html(comparison)
    assert '<td class="differs">' in page and "<mark>" in page


def test_word_marks_cover_only_the_words_that_differ():
    marked = diff_mod.marked_words("left right none none", "left right across none", lambda w: f"[{w}]")
    assert marked.startswith("left right ") and marked.count("[") == 1 and marked.replace("[", "").replace("]", "") \
        == "left right none none"


# --- options in the rulebook ---------------------------------------------------------------


def test_rulebook_offers_no_option_the_resolver_refuses():
    text = run("rules", "dk", "-v", "omnibus-jd")
    assert "moon_also_requires" not in text
    assert "moon_also_requires" in run("rules", "fi", "-v", "omnibus-jd")
    assert "moon_also_requires" not in run("rules", "no", "-v", "omnibus-jd")


def test_a_variant_that_sets_an_optioned_rule_is_the_default_shown():
    text = run("rules", "fi", "-v", "moon-choice")
    assert "the others score the points (default" not in text
    assert ("the shooter chooses (default, in effect, set by the variant “Moon at the shooter's choice”, not one of"
            " the choices here)") in text


def test_options_can_be_set_on_the_command_line():
    text = run("rules", "fi", "--players", "4", "-o", "max_deals=15")
    assert "on the command line: heartspec rules fi -o max_deals=15 --players 4" in text
    assert "100 (default, only together with Number of deals: no set number)" in text
    assert "End of the game: The game is a fixed 15 deals, with no points target" in text
    assert "15 (in effect): The game is a fixed 15 deals" in text
    assert run("rules", "fi", "-o", "moon_effect=sideways", code=2).startswith("heartspec rules: option moon_effect cannot be")
    assert "fi+moon-choice" not in run("rules", "fi+moon-choice").splitlines()[0]


def test_game_end_says_what_a_deal_limit_does():
    fi = run("rules", "fi", "--players", "4")
    classic = run("rules", "fi-classic")
    assert "a table may agree a number of deals instead (see the options): the game then lasts exactly" in fi
    assert "whichever comes first" in classic


def test_settlement_option_says_what_each_method_does():
    text = run("rules", "fi-classic")
    for phrase in ("a pot for the winner: Each player puts 1 into a pot before the game; the winner takes the pot",
                   "paying each other after every deal: After each deal every two players compare their points for"
                   " the deal: the one with more points pays the other 1 for each point of difference",
                   "a pot for those who took no points: After each deal everyone pays 1 per point into a pot",
                   "no points target (only together with one of: Playing for money: paying each other after every"
                   " deal; Playing for money: a pot for those who took no points): The game has no set length",
                   "per point when paying after every deal", "per player for a pot the winner takes"):
        assert phrase in text
    assert "on the command line: -o settlement=none | -o settlement=pot | -o settlement=pairwise" in text
    assert "0,5" in run("rules", "fi-classic", "-o", "settlement=pairwise", "-o", "stake=0.5", "--lang", "fi")


@pytest.mark.parametrize("ruleset, variant, guide", [
    ("fi-classic", "no-queen", "fi-classic"), ("fi", "no-queen", "fi"),
    ("fi-classic", "pip-hearts", "fi-classic"), ("se", "cancellation", "se"), ("dk", "cancellation", "dk"),
])
def test_variant_options_cite_each_rulesets_own_guide(ruleset, variant, guide):
    book = json.loads(run("rules", ruleset, "-v", variant, "--format", "json"))
    for by_count in book["options"].values():
        assert by_count["moon_amount"]["source"]["guide"] == guide


PYTHON_LITERALS = re.compile(r"\bNone\b|\bTrue\b|\bFalse\b|\['|\[\]|\{'")


def _tables():
    for rid in SPEC.rulesets:
        yield rid, ()
        for vid, variant in SPEC.variants.items():
            if rid in variant["applies_to"]:
                yield rid, (vid,)


@pytest.mark.parametrize("ruleset, variants", list(_tables()))
def test_every_option_shows_meaning_and_source_in_every_format_and_no_python_literal(ruleset, variants):
    args = ["rules", ruleset, *[a for v in variants for a in ("-v", v)]]
    text, markdown = run(*args), run(*args, "--format", "markdown")
    book = json.loads(run(*args, "--format", "json"))
    assert not PYTHON_LITERALS.search(text), PYTHON_LITERALS.search(text)
    assert not PYTHON_LITERALS.search(markdown)
    for options in book["options"].values():
        for name, option in options.items():
            assert option["source"]["guide"] == ruleset and option["status"] in ("stated", "interpretation")
            assert option["values"] and all(v["text"] for v in option["values"])
            assert sum(v["default"] for v in option["values"] + [option["in_effect"] or {"default": 0}]) == 1, name
            assert f"on the command line: -o {name}=" in text and f"on the command line: -o {name}=" in markdown
            assert f"{name} (sets" not in text and f"(sets {option['rule']})" not in text


# --- weak readings decided (issue 17, item 3) ---------------------------------------------


@pytest.mark.parametrize("ruleset", ["fi", "dk"])
def test_jack_in_a_moon_is_a_table_option_ignored_by_default(ruleset):
    assert SPEC.compile(ruleset, ("omnibus-jd",), 4).moon_bonus_cards == "ignored"
    kept = SPEC.compile(ruleset, ("omnibus-jd",), 4, {"moon_bonus_cards": "kept"})
    assert kept.moon_bonus_cards == "kept"
    with pytest.raises(Exception, match="no option 'moon_bonus_cards'"):
        SPEC.compile("no", ("omnibus-jd",), 4, {"moon_bonus_cards": "ignored"})


def test_sections_are_cited_whole_and_an_untitled_guide_says_so():
    for path in ("rulesets/no.yaml", "variants/omnibus-jd.yaml"):
        text = (Path(__file__).resolve().parents[1] / "spec" / path).read_text(encoding="utf-8")
        assert text.count('"Slik spiller du med tre, fem"') == 0
    book = run("rules", "fi-classic")
    assert "Guide without a title: a page on the rules of Hertta" in book
    assert "“a page on the rules" not in book and "“untitled" not in book  # a description is no title


def test_every_command_naming_a_ruleset_takes_ruleset_plus_variant(tmp_path):
    assert run("play", "--ruleset", "fi+moon-choice", "--players", "4", "--games", "1", "--seed", "1") \
        .startswith("fi -v moon-choice, 4 players")
    log = tmp_path / "game.log"
    run("play", "--ruleset", "fi", "--players", "4", "--games", "1", "--seed", "3", "--log", str(log))
    assert "re-judged under no+omnibus-jd" in run("replay", str(log), "--as", "no+omnibus-jd")

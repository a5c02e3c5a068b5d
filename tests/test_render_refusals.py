"""`heartspec rules` refuses what it cannot print in one line, in the reader's language.

Under `--lang fi|nb|da|sv` a refusal names the choice by the rulebook's heading for it, its values as
the rulebook words them, rulesets and variants by title; the `-o NAME=VALUE` (or the command) a user
types follows after a dash on the rulebook's own "on the command line:" marking, and what it offers
is accepted.  English keeps the program's own line (the protocol's wording).
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from heartspec import i18n
from heartspec.cli import main
from heartspec.i18n import _, use_language
from test_render_wording import problems

NORDIC = ("fi", "nb", "da", "sv")

REFUSED = [
    ("fi", "-o", "moon_effect=sideways"),
    ("fi-classic", "-o", "target=none"),
    ("fi-classic", "-o", "target=null"),
    ("se", "-o", "target=75"),
    ("se", "-o", "target=1.5"),
    ("dk", "-v", "omnibus-td"),
    ("fi", "-o", "target=null"),
    ("fi", "-o", "target=-5"),
    ("fi", "-o", "target=50", "-o", "max_deals=10"),
    ("fi", "-o", "dealer=2"),
    ("fi", "-o", "target"),
    ("fi-classic", "-o", "stake=lots"),
    ("fi-classic", "--players", "3"),
    ("fx",),
    ("fi", "-v", "nope"),
    ("fi", "-v", "moon-choice", "-v", "moon-choice"),
    ("fi", "-v", "graduated-hearts", "-v", "pip-hearts"),
    ("fi", "-v", "partnership", "--players", "3"),
]


# What `heartspec diff` refuses in the reader's language: a variant named for a table it is not
# played with, one for no table compared, a table size no table compared is played at.
DIFF_REFUSED = [
    ("fi", "se+spot"),
    ("fi", "se", "-v", "spot"),
    ("fi", "se", "--players", "9"),
    ("fi+partnership", "fi", "--players", "9"),
]


def refusal(*args: str, command: str = "rules") -> str:
    result = CliRunner().invoke(main, [command, *args])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, result.output
    return lines[0].removeprefix(f"heartspec {command}: ")


def marker(lang: str) -> str:
    with use_language(lang):
        return _("on the command line: {settings}").format(settings="")


def split(line: str, lang: str) -> tuple[str, str]:
    """(the refusal in words, what to type) of a refusal line."""
    words, dash, typed = line.partition(" — ")
    if dash:
        assert typed.startswith(marker(lang)), line
        typed = typed[len(marker(lang)):]
    return words, typed


@pytest.mark.parametrize("lang", NORDIC)
@pytest.mark.parametrize("args", REFUSED, ids=" ".join)
def test_a_refusal_is_one_line_with_no_identifier_outside_the_command_line(args, lang):
    words, _typed = split(refusal(*args, "--lang", lang), lang)
    assert not problems(words, lang), words


@pytest.mark.parametrize("lang", NORDIC)
def test_an_option_value_refused_names_the_choice_and_its_values_in_words(lang):
    line = refusal("fi", "-o", "moon_effect=sideways", "--lang", lang)
    from heartspec.render.options import option_heading, table_options, value_words
    from heartspec.rules import load_spec

    with use_language(lang):
        moon = next(o for o in table_options(load_spec(), "fi", (), 4) if o.name == "moon_effect")
        heading, values = option_heading(moon), [value_words(moon, v.value) for v in moon.values]
    words, typed = split(line, lang)
    assert heading in words and all(v in words for v in values) and "sideways" in words
    assert typed == "-o moon_effect=add_to_others | -o moon_effect=subtract_from_self"


@pytest.mark.parametrize("lang", NORDIC)
def test_a_number_refused_is_written_as_the_language_writes_it(lang):
    words, _typed = split(refusal("se", "-o", "target=1.5", "--lang", lang), lang)
    assert "1,5" in words and "1.5" not in words


@pytest.mark.parametrize("args", [("fi", "-o", "moon_effect=sideways"), ("se", "-o", "target=75"),
                                  ("fi-classic", "-o", "target=none"), ("fi", "-o", "target=null"),
                                  ("fi", "-o", "dealer=2"), ("fi-classic", "--players", "3")], ids=" ".join)
def test_what_a_refusal_offers_on_the_command_line_is_accepted(args):
    _words, typed = split(refusal(*args, "--lang", "da"), "da")
    for setting in typed.split(" | "):
        words = setting.replace("=N", "=20").split()
        words = words[2:] if words[:2] == ["heartspec", "rules"] else [args[0], *words]
        result = CliRunner().invoke(main, ["rules", *words])
        assert result.exit_code == 0, (setting, result.output)


@pytest.mark.parametrize("lang", NORDIC)
@pytest.mark.parametrize("args", DIFF_REFUSED, ids=" ".join)
def test_a_diff_refusal_is_one_line_with_no_identifier_outside_the_command_line(args, lang):
    words, typed = split(refusal(*args, "--lang", lang, command="diff"), lang)
    assert not problems(words, lang), words
    assert typed.startswith("heartspec rules "), typed


def test_a_diff_refusal_names_the_variant_and_the_tables_by_title():
    words, typed = split(refusal("fi", "se+spot", "--lang", "sv", command="diff"), "sv")
    assert "Spot" in words and "Svenskt Hjärter" in words and "Dansk Hjerterfri" in words and "spot" not in words.split()
    assert typed == "heartspec rules dk -v spot"


def test_a_variant_refused_is_named_by_its_title_and_so_are_the_rulesets():
    words, typed = split(refusal("dk", "-v", "omnibus-td", "--lang", "da"), "da")
    assert "Omnibus (ruder ti −10)" in words and "Dansk Hjerterfri" in words and "omnibus-td" not in words
    assert typed == "heartspec rules fi -v omnibus-td | heartspec rules fi-classic -v omnibus-td"


def test_a_value_that_needs_another_choice_says_which_in_words():
    words, typed = split(refusal("fi-classic", "-o", "target=none", "--lang", "fi"), "fi")
    assert "ei pisterajaa" in words and "Rahanjako" in words
    assert typed == "-o target=none -o settlement=pairwise | -o target=none -o settlement=zero_point_pot"


def test_english_keeps_the_program_s_own_line():
    assert refusal("fi", "-o", "moon_effect=sideways") == (
        "option moon_effect cannot be 'sideways' (allowed: add_to_others, subtract_from_self)")
    assert refusal("dk", "-v", "omnibus-td").startswith("variant 'omnibus-td' does not apply to 'dk'")
    assert refusal("fi", "se+spot", command="diff") == "variant 'spot' does not apply to 'se' (it applies to: dk)"
    assert refusal("fi", "se", "--players", "9", command="diff") == "none of fi, se is played by 9 players"


class _Marked:
    """A catalogue that brackets every message, to show what is looked up as one whole message."""

    def gettext(self, message: str) -> str:
        return f"«{message}»"

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return f"«{singular if n == 1 else plural}»"


def _one_message(text: str) -> bool:
    """Whether the text is one bracketed message from its first character to its last."""
    depth = 0
    for i, char in enumerate(text):
        depth += {"«": 1, "»": -1}.get(char, 0)
        if depth == 0 and i < len(text) - 1:
            return False
    return text.startswith("«") and depth == 0


@pytest.mark.parametrize("args", REFUSED, ids=" ".join)
def test_every_refusal_is_one_translatable_sentence(args, monkeypatch):
    monkeypatch.setattr(i18n, "translations", lambda lang: _Marked())
    line = refusal(*args, "--lang", "fi")
    words, _dash, typed = line.partition(" — ")
    assert _one_message(words), words  # one message, with whole words (themselves messages) filled in
    assert not typed or (typed.startswith("«on the command line: ") and typed.endswith("»")), typed

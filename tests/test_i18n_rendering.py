"""`rules` and `diff` in the guides' languages: complete, from the same data, and English unchanged.

A rendering in a Nordic language must not leave English prose behind: no run of four words from any English
message (rule sentences, headings, labels, notes) may appear in it, unless the language's own catalogue uses the
same run (identifiers such as moon_amount=26 or docs/rule-vocabulary.md).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from heartspec.cli import main
from heartspec.i18n.catalogues import TRANSLATED, read_catalogue, template
from heartspec.render.diff import differences_document, document_name, refresh_command
from heartspec.rules import load_spec

ROOT = Path(__file__).resolve().parents[1]
GUIDE_LANGUAGE = {"fi": "fi", "no": "nb", "dk": "da", "se": "sv", "fi-classic": "fi"}
FORMATS = ("text", "markdown", "json")
FIVE = ("fi", "no", "dk", "se", "fi-classic")
_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)?", re.UNICODE)
N = 4


def _grams(text: str) -> set[tuple[str, ...]]:
    words = [w.lower() for w in _WORD.findall(text)]
    return {tuple(words[i:i + N]) for i in range(len(words) - N + 1)}


def _strings(message) -> list[str]:
    return [s for s in (message if isinstance(message, (tuple, list)) else (message,)) if s]


@pytest.fixture(scope="module")
def english_grams() -> set:
    grams: set = set()
    for message in template():
        for text in _strings(message.id):
            grams |= _grams(text)
    return grams


@pytest.fixture(scope="module")
def shared_grams() -> dict[str, set]:
    """Runs of words a language's translations use as well (identifiers, numbers): not English left behind."""
    shared = {}
    for lang in TRANSLATED:
        grams: set = set()
        for message in read_catalogue(lang):
            for text in _strings(message.string):
                grams |= _grams(text)
        shared[lang] = grams
    return shared


def _run(*args: str) -> str:
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


def _english_left(output: str, lang: str, english_grams, shared_grams) -> list[str]:
    left = _grams(output) & english_grams - shared_grams[lang]
    return sorted(" ".join(g) for g in left)


@pytest.mark.parametrize("ruleset", FIVE)
@pytest.mark.parametrize("fmt", FORMATS)
def test_the_guides_rulebook_in_its_language_leaves_no_english(ruleset, fmt, english_grams, shared_grams):
    lang = GUIDE_LANGUAGE[ruleset]
    output = _run("rules", ruleset, "--lang", lang, "--format", fmt)
    assert _english_left(output, lang, english_grams, shared_grams) == []


@pytest.mark.parametrize("ruleset", FIVE)
def test_every_rule_sentence_label_and_note_of_a_rulebook_is_translated(ruleset):
    lang = GUIDE_LANGUAGE[ruleset]
    english = json.loads(_run("rules", ruleset, "--format", "json"))
    nordic = json.loads(_run("rules", ruleset, "--lang", lang, "--format", "json"))
    assert nordic["title"] != english["title"] and nordic["summary"] != english["summary"]
    own = {key: value for key, value in english["guide"].items() if key != "untitled"}
    assert {key: nordic["guide"][key] for key in own} == own, "the guide is cited by its own title"
    if "untitled" in english["guide"]:
        assert nordic["guide"]["untitled"] != english["guide"]["untitled"], "what we say of an untitled guide is ours"
    for players, rules in english["players"].items():
        for en_rule, rule in zip(rules, nordic["players"][players], strict=True):
            assert rule["value"] == en_rule["value"], "the same data"
            assert rule["label"] != en_rule["label"]
            assert rule["text"] != en_rule["text"], f"{ruleset} {players}p {rule['rule']}: {rule['text']}"
            for en_source, source in zip(en_rule["sources"], rule["sources"], strict=True):
                assert source["section"] == en_source["section"], "sections are cited untranslated"
                assert source["status"] == en_source["status"], "JSON keeps the status value"
                if en_source.get("note"):
                    assert source["note"] != en_source["note"]


@pytest.mark.parametrize("ruleset", FIVE)
def test_a_text_rulebook_is_translated_line_by_line(ruleset):
    """Same shape as the English: every line with words differs from its English line, except the lines that
    only name the guide (its own title and file)."""
    lang = GUIDE_LANGUAGE[ruleset]
    english = _run("rules", ruleset).splitlines()
    nordic = _run("rules", ruleset, "--lang", lang).splitlines()
    assert len(nordic) == len(english)
    same = [n for e, n in zip(english, nordic) if e == n and re.search(r"[^\W\d_]{3}", n)]
    assert all(line.startswith("Guide: ") for line in same), same


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_variant_rulebook_leaves_no_english(lang, english_grams, shared_grams):
    spec = load_spec()
    for ruleset in spec.rulesets:
        if GUIDE_LANGUAGE.get(ruleset) != lang and not (lang == "sv" and ruleset == "fi"):
            continue
        for variant, data in spec.variants.items():
            if ruleset in data.get("applies_to", []):
                output = _run("rules", ruleset, "-v", variant, "--lang", lang)
                assert _english_left(output, lang, english_grams, shared_grams) == [], (ruleset, variant)


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("fmt", ("text", "markdown", "json", "html"))
def test_a_difference_table_in_a_language_leaves_no_english(lang, fmt, english_grams, shared_grams):
    output = _run("diff", *FIVE, "--all", "--lang", lang, "--format", fmt)
    assert _english_left(output, lang, english_grams, shared_grams) == []


def test_the_html_page_names_its_language():
    assert '<html lang="sv">' in _run("diff", "fi", "se", "--lang", "sv", "--format", "html")
    assert '<html lang="en">' in _run("diff", "fi", "se", "--format", "html")


@pytest.mark.parametrize("args", [
    *(("rules", r, "--format", f) for r in FIVE for f in FORMATS),
    ("rules",), ("rules", "--format", "json"), ("rules", "fi", "-v", "moon-choice"),
    *(("diff", *FIVE, "--format", f) for f in ("text", "markdown", "json", "html")),
    ("diff", "--differences"),
])
def test_english_is_the_default_and_byte_identical(args):
    assert _run(*args, "--lang", "en") == _run(*args)


@pytest.mark.parametrize("command", [("rules", "fi"), ("diff", "fi", "no")])
def test_an_unknown_language_is_a_one_line_usage_error(command):
    result = CliRunner().invoke(main, [*command, "--lang", "de"])
    assert result.exit_code == 2
    assert result.output == f"heartspec {command[0]}: unknown language 'de' (known: en, fi, nb, da, sv)\n"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_each_language_has_a_current_differences_document(lang):
    spec = load_spec()
    path = ROOT / "spec" / document_name(lang)
    assert path.read_text(encoding="utf-8") == differences_document(spec, lang), (
        f"spec/{document_name(lang)} is stale: run `{refresh_command(lang)}`")
    assert _run("diff", "--differences", "--lang", lang) == differences_document(spec, lang)


def test_the_differences_documents_compare_the_same_rows_in_every_language():
    spec = load_spec()
    english = differences_document(spec)
    for lang in TRANSLATED:
        nordic = differences_document(spec, lang)
        assert nordic != english
        assert [line.count("|") for line in nordic.splitlines()] == [line.count("|") for line in english.splitlines()]


@pytest.mark.parametrize("args", [
    ("rules", "fi", "--lang", "fi", "-o", "max_deals=15"),
    ("rules", "fi-classic", "--lang", "fi", "-o", "settlement=pot", "--format", "markdown"),
    ("rules", "dk", "-v", "omnibus-jd", "--lang", "da"),
    ("rules", "fi+moon-choice", "--lang", "sv"),
    ("diff", "fi", "fi+moon-choice", "--lang", "nb"),
    ("diff", "fi", "no", "--players", "4", "--lang", "sv"),
    ("diff", "fi", "no", "se", "--players", "4", "--lang", "da", "--format", "markdown"),
    ("diff", "fi", "no", "se", "--players", "4", "--lang", "fi", "--format", "html"),
])
def test_options_set_marks_and_variant_columns_leave_no_english(args, english_grams, shared_grams):
    """Option sections and rows, -o, RULESET+VARIANT columns and the marks of differing cells, in each language."""
    at = args.index("--lang")
    lang, english_args = args[at + 1], args[:at] + args[at + 2:]
    output = _run(*args)
    assert _english_left(output, lang, english_grams, shared_grams) == []
    if "--format" not in args:  # short messages (labels, marks) have no four-word run: compare line by line
        english = _run(*english_args).splitlines()
        assert len(output.splitlines()) == len(english)
        same = [n for e, n in zip(english, output.splitlines()) if e == n and re.search(r"[^\W\d_]{3}", n)]
        assert all(line.startswith("Guide: ") for line in same), same


def test_what_a_value_needs_is_one_whole_message_for_one_two_or_more_settings():
    from heartspec.i18n import use_language
    from heartspec.render.options import needs_tag

    from heartspec.render.options import table_options

    named = {o.name: o for o in table_options(load_spec(), "fi-classic", (), 4)}
    assert needs_tag(("settlement=pot",), named) == "only together with Playing for money: a pot for the winner"
    both = ("settlement=pot", "settlement=pairwise")
    assert needs_tag(both, named) == ("only together with one of: Playing for money: a pot for the winner;"
                                      " Playing for money: paying each other after every deal")
    with use_language("fi"):
        assert needs_tag(both, named) == ("vain kun valittuna on jokin näistä: Rahanjako: potti voittajalle;"
                                          " Rahanjako: pelaajat maksavat toisilleen jokaisen jaon jälkeen")


# --- every reader-facing word passes through the catalogue ------------------------------------------------------
# A marking catalogue wraps each message it is asked for in ⟦…⟧. Whatever a rendering prints outside the marks
# reached the reader without gettext: it may hold identifiers (ids, option names and values, rule paths), the
# guides' own section headings and titles, numbers and punctuation, but no word of the English messages.

_MARKED = re.compile(r"⟦[^⟦⟧]*⟧")
_PLACEHOLDER = re.compile(r"\{[^{}]*\}")
_LETTERS = re.compile(r"[^\W\d_]{3,}", re.UNICODE)


class _Marking:
    def gettext(self, message):
        return f"⟦{message}⟧"

    def ngettext(self, singular, plural, n):
        return f"⟦{singular if n == 1 else plural}⟧"


def _words(text: str) -> set[str]:
    return {w.lower() for w in _LETTERS.findall(text)}


def _spec_identifiers(data, out: set) -> set:
    """Words of the spec that are names, not prose: keys, identifier values, the guides' headings and files."""
    if isinstance(data, dict):
        for key, value in data.items():
            out |= _words(str(key))
            if key in ("section", "file") and isinstance(value, str):
                out |= _words(value)
            _spec_identifiers(value, out)
    elif isinstance(data, list):
        for item in data:
            _spec_identifiers(item, out)
    elif isinstance(data, str) and re.fullmatch(r"[\w.+=\-]+", data):
        out |= _words(data)
    return out


@pytest.fixture(scope="module")
def english_words() -> set:
    import yaml

    words: set = set()
    for message in template():
        for text in _strings(message.id):
            words |= _words(_PLACEHOLDER.sub(" ", text))
    names: set = {"heartspec"}  # the tool's name, in the HTML page's title
    for path in sorted((ROOT / "spec").glob("**/*.yaml")):
        _spec_identifiers(yaml.safe_load(path.read_text(encoding="utf-8")), names)
    return words - names


def _unmarked(output: str) -> str:
    output = re.sub(r"<style>.*?</style>|<[^>]+>", " ", output, flags=re.S)
    while _MARKED.search(output):
        output = _MARKED.sub(" ", output)
    return output


@pytest.mark.parametrize("args", [
    *(("rules", r, "--format", f) for r in FIVE for f in ("text", "markdown")),
    ("rules", "fi", "-o", "max_deals=15"), ("rules", "fi-classic", "-o", "settlement=pot"),
    ("rules", "dk", "-v", "omnibus-jd"), ("rules", "fi+moon-choice", "--players", "4"), ("rules",),
    *(("diff", *FIVE, "--all", "--format", f) for f in ("text", "markdown", "html")),
    ("diff", "fi", "fi+moon-choice"), ("diff", "fi", "no", "--players", "4", "--format", "markdown"),
    ("diff", "--differences"),
])
def test_every_word_a_reader_sees_comes_through_the_catalogue(args, english_words, monkeypatch):
    import heartspec.i18n as i18n

    monkeypatch.setattr(i18n, "translations", lambda lang: _Marking())
    output = _run(*args, "--lang", "fi")
    left = sorted(_words(_unmarked(output)) & english_words)
    assert left == [], [line for line in _unmarked(output).splitlines() if _words(line) & set(left)][:5]

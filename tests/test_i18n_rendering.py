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
    assert nordic["guide"] == english["guide"], "the guide is cited by its own title"
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
    assert result.output == "error: unknown language 'de' (known: en, fi, nb, da, sv)\n"


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

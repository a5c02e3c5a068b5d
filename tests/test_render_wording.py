"""What a reader sees is the players' own words: one term per concept, cards by name, no program identifiers.

Every rulebook (each ruleset, alone and with each variant that applies, with each listed option value,
at every table size) and every DIFFERENCES file is rendered in every language and read by three
checks, each of which must also fail on the phrases issue 27 quoted from earlier rulebooks:

- the glossary check: a concept named by one of the names reference/heartspec/i18n/glossary.yaml
  tells the rulebooks to avoid (pistekortti, not sakkokortti; strafkort, not pointkort);
- the card-code check: QS, 2C, JD, XC or "J 11, Q 12" in prose;
- the identifier check: snake_case, a rule path, or an option value spelled as `-o` takes it,
  anywhere but a line marked as the command line;
- in the Nordic languages, a decimal number written with a point (0.5 for 0,5).
"""

from __future__ import annotations

import re
import pytest

from heartspec.i18n import LANGUAGES, _, use_language
from heartspec.i18n.glossary import concepts
from heartspec.render.diff import differences_document
from heartspec.render.rulebook import build_rulebook, render_markdown, render_text
from heartspec.render.selection import RenderError
from heartspec.rules import load_spec, vocabulary
from heartspec.rules.resolve import declared_options

SPEC = load_spec()

CARD_CODE = re.compile(r"(?<![\w-])(?:10|[2-9TJQKA])[CDHS](?![\w-])|(?<![\w-])X[CD](?![\w-])|\b[JQKA] 1[1-4]\b")
SNAKE_CASE = re.compile(r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b")
RULE_PATH = re.compile(r"\b(?:" + "|".join(("players", "deck", "dealing", "passing", "opening_lead", "first_trick",
                                            "hearts_break", "heart_leads", "following", "card_points", "moon",
                                            "scoring_unit", "game_end", "two_player", "settlement"))
                       + r")\.[a-z_]+\b")
# How earlier rulebooks pointed at a part of a rule or an option: "(for simultaneous)", "(kohta points)".
FIELDS = sorted({name for key in vocabulary.rule_keys() for name in vocabulary.field_order(key)}, key=len, reverse=True)
PROGRAM_PART = re.compile(r"\((?:for|kohta|valinta|option|via|för)\s(?:" + "|".join(FIELDS) + r")\)")
# A decimal number written with a point, which the Nordic languages write with a comma (0,5).
DECIMAL_POINT = re.compile(r"(?<![\w.])\d+\.\d+(?![\w.])")
# Reader text that names the program's own files or outside rule books the project does not ship.
OUTSIDE_NAMES = re.compile(r"\.txt\b|\.md\b|\.yaml\b|\bBicycle\b|\bWikipedia\b|\bParlett\b|\bPagat\b")
# The program's own names for things in English prose: a ruleset or hyphenated variant id used as a name
# ("as dk does", "the no ruleset", "variant moon-choice"), an option by its name ("option target"),
# a value as data ("null", "(allowed, the default)"), the house label "Decided reading", a spaced hyphen as a dash.
RULESET_IDS = "|".join(sorted(map(re.escape, SPEC.rulesets), key=len, reverse=True))
# "two-player" is also plain English; the other hyphenated variant ids are no words.
VARIANT_IDS = "|".join(sorted((re.escape(v) for v in SPEC.variants if "-" in v and v != "two-player"),
                              key=len, reverse=True))
OPTION_NAMES = "|".join(sorted({re.escape(name) for data in [*SPEC.rulesets.values(), *SPEC.variants.values()]
                                for name in (data.get("options") or {})}, key=len, reverse=True))
ENGLISH_LEFTOVERS = re.compile(
    r"\bDecided reading\b"
    rf"|\b(?:the|as|in|on|at) (?:{RULESET_IDS}) (?:ruleset|guide|does|reads)\b"
    rf"|(?<![\w+-])(?:{RULESET_IDS}) (?:has|does|reads|ruleset)\b"
    rf"|\bvariant (?:{VARIANT_IDS}|two-player)\b|\b(?:{VARIANT_IDS}) variant\b"
    rf"|\boption (?:{OPTION_NAMES})\b"
    r"|\bnull\b|\((?:allowed|forbidden), the default\)|\bplay (?:allowed|forbidden)\b"
    r"|\w - \w"
    r"|[a-z]- (?!(?:and|or|to)\b)[a-z]"  # a word broken at a line's hyphen ("first- trick"); "three- and five-" is English
)
# In a note a hyphenated variant id is never a word ("no-passing leaves the pass out"); tables named in a
# difference table's column heads (fi+no-passing) are no notes.
VARIANT_ID_IN_NOTE = re.compile(rf"(?<![\w+-])(?:{VARIANT_IDS})(?![\w+-])")


def _option_words() -> set[str]:
    """Every listed option value as `-o` takes it, where it is no word of any language the rulebooks use."""
    words = set()
    for data in [*SPEC.rulesets.values(), *SPEC.variants.values()]:
        for entry in (data.get("options") or {}).values():
            if entry["values"] != "any":
                words |= {v for v in entry["values"] if isinstance(v, str) and len(v) > 4}
    return words - {"allowed", "forbidden"}


OPTION_WORDS = _option_words()


def command_line_marker(lang: str) -> str:
    with use_language(lang):
        return _("on the command line: {settings}").split("{")[0].strip()


def avoided(lang: str) -> list[tuple[str, str]]:
    """(concept, name to avoid) for one language."""
    return [(concept, name) for concept, by_lang in concepts().items()
            for name in by_lang.get(lang, {}).get("avoid", [])]


def problems(text: str, lang: str) -> list[str]:
    found = []
    marker = command_line_marker(lang).lower()
    for line in text.splitlines():
        if marker in line.lower():
            continue
        line = re.sub(r"`heartspec [^`]*`", "", line)  # a command quoted as typed is the command line too
        for concept, name in avoided(lang):
            pattern = re.escape(name.rstrip("*")) + ("" if name.endswith("*") else r"(?!\w)")
            if re.search(r"(?<!\w)" + pattern, line, re.IGNORECASE):
                found.append(f"{concept} named {name!r}: {line.strip()[:160]}")
        for pattern, what in ((CARD_CODE, "card code"), (SNAKE_CASE, "identifier"), (RULE_PATH, "rule path"),
                              (OUTSIDE_NAMES, "outside name"), (PROGRAM_PART, "part of a rule")):
            match = pattern.search(line)
            if match:
                found.append(f"{what} {match.group(0)!r}: {line.strip()[:160]}")
        if lang == "en" and ENGLISH_LEFTOVERS.search(line):
            found.append(f"program word {ENGLISH_LEFTOVERS.search(line).group(0)!r}: {line.strip()[:160]}")
        if lang != "en" and DECIMAL_POINT.search(line):
            found.append(f"decimal point {DECIMAL_POINT.search(line).group(0)!r}: {line.strip()[:160]}")
        if lang != "en":
            for word in OPTION_WORDS:
                if re.search(r"(?<![\w=])" + re.escape(word) + r"(?!\w)", line):
                    found.append(f"option value {word!r}: {line.strip()[:160]}")
    return found


def _tables():
    for ruleset_id in sorted(SPEC.rulesets):
        yield ruleset_id, ()
        for variant_id, variant in sorted(SPEC.variants.items()):
            if ruleset_id in variant.get("applies_to", []):
                yield ruleset_id, (variant_id,)


def _option_settings(ruleset_id: str, variants: tuple[str, ...]) -> list[dict]:
    """No options, then each listed value of each option alone."""
    declared = declared_options(SPEC.rulesets[ruleset_id], [SPEC.variants[v] for v in variants])
    settings: list[dict] = [{}]
    for name, (entry, _via) in declared.items():
        if entry["values"] != "any":
            settings += [{name: value} for value in entry["values"]]
    return settings


def _books(ruleset_id: str, variants: tuple[str, ...]) -> list:
    """The rulebooks in the current language (a rulebook's sentences are written when it is built)."""
    books = []
    for options in _option_settings(ruleset_id, variants):
        try:
            books.append(build_rulebook(SPEC, ruleset_id, variants, options=options))
        except RenderError:
            continue  # a value that needs another choice: the rulebook without it already shows it
    return books


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("ruleset_id, variants", list(_tables()))
def test_every_rulebook_uses_the_glossary_and_no_card_code_or_identifier(ruleset_id, variants, lang):
    found = []
    with use_language(lang):
        for book in _books(ruleset_id, variants):
            found += problems(render_text(book), lang)
            found += problems(render_markdown(book), lang)
    assert not found, "\n".join(sorted(set(found))[:30])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_differences_document_uses_the_glossary_and_no_card_code_or_identifier(lang):
    found = problems(differences_document(SPEC, lang), lang)
    assert not found, "\n".join(sorted(set(found))[:30])


@pytest.mark.parametrize("lang, phrase", [
    ("fi", "Joka ottaa samassa jaossa kaikki sakkokortit, tekee puhalluksen"),
    ("fi", "jokainen hertta: 1; QS: 13; muut kortit 0"),
    ("fi", "Kortin 2C haltija avaa sillä ensimmäisen tikin"),
    ("fi", "Yksi 52 kortin pakka; poista 2D (51 korttia)"),
    ("fi", "lisää jokerit XC, XD, kukin oman maansa kakkosen ja kolmosen väliin"),
    ("fi", "lähde: fi §Ensimmäinen tikki ja hertta rikottu (kohta when_only_points), tulkinta"),
    ("fi", "target (asettaa säännön game_end.target): fi §Sovittu piste- tai jakoraja"),
    ("fi", "moon_effect (valinta moon_effect)"),
    ("fi", "piste = 0.5 euroa"),
    ("nb", "JD kan spilles der"),
    ("nb", "Den som tar alle straffekort i samme runde, skyter månen"),
    ("nb", "Avgjort lesning: kortstokken er for kort"),
    ("da", "Kortbyt: Byt 3 kort, alle på én gang"),
    ("da", "retning efter runde: venstre → højre → intet byt → intet byt"),
    ("da", "Afgjort læsning: se vejledningen"),
    ("da", "Pointkort må spilles til første stik"),
    ("da", "Hjerter er brudt, så snart en hjerter spilles til et stik, som udspil eller som tilgivet kort"),
    ("nb", "delt laveste sum er en delt seier"),
    ("sv", "Givarplatsen går vidare åt vänster (medurs)"),
    ("da", "kilde: dk §Kortbyttet før hver runde (for simultaneous), fortolkning"),
    ("sv", "inga trumf"),
    ("sv", "Avgjord läsning: sexspelarleken"),
    ("sv", "pairwise (gäller): efter varje giv"),
    ("sv", "spelas enligt Bicycle rules och Wikipedia"),
    ("en", "Spot counts its pip value (2-10, J 11, Q 12, K 13, A 14)"),
    ("en", "Guide: fi (Hertta – korttipelin säännöt ja pisteet; 000_d69d697917cf6f1d.txt)"),
    ("en", "the principle for point-changing variants (docs/rule-vocabulary.md)"),
    ("en", "shooter_choice (default, in effect, set by variant moon-choice, not a value -o takes)"),
    ("en", "Letting the shooter choose is only a house alternative (variant moon-choice)"),
    ("en", "keeps the bonus, as the no ruleset reads its own wording"),
    ("en", "they lie face down as a kitty for the first trick's winner, as dk does for its own odd tables"),
    ("en", "se has no kitty anywhere"),
    ("en", "once she scores nothing (allowed, the default); tables that read her as barred play forbidden"),
    ("en", "so tables play it both ways: JD (the default) or none"),
    ("en", "so the target is a table option with 500 as its default (option target, below)"),
    ("en", "so there target may be null with no deal limit either"),
    ("en", "gives every other player the moon's points (moon.amount)"),
    ("en", "pot - everyone pays the stake into a pot"),
    ("en", "Decided reading: the fixed 26"),
])
def test_each_check_fails_on_a_phrase_the_issue_quoted(lang, phrase):
    assert problems(phrase, lang), phrase


def _spec_prose(node, path=()):
    """Every note, summary and title the spec gives a reader, with where it is."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _spec_prose(value, path + (str(key),))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _spec_prose(value, path + (str(index),))
    elif isinstance(node, str) and path and path[-1] in ("note", "summary", "title"):
        yield ".".join(path), node


def test_every_english_note_summary_and_title_in_the_spec_reads_as_the_players_words():
    """Notes a text rulebook leaves out (stated ones) still reach readers through --format json and the catalogues."""
    found = [f"{kind} {name}: {where}: {problem}"
             for kind, entries in (("ruleset", SPEC.rulesets), ("variant", SPEC.variants))
             for name, data in entries.items()
             for where, text in _spec_prose(data)
             for problem in problems(text, "en") + [f"variant id {m.group(0)!r}" for m in VARIANT_ID_IN_NOTE.finditer(text)]]
    assert not found, "\n".join(found[:30])


def test_the_command_line_line_may_name_options_as_typed():
    for lang in LANGUAGES:
        with use_language(lang):
            line = _("on the command line: {settings}").format(settings="-o moon_effect=add_to_others")
        assert not problems(line, lang)

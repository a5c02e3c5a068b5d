"""The gettext catalogues are complete: every message of the code and the spec is translated in every language.

The template is extracted here exactly as `python -m heartspec.i18n.update` extracts it (Babel, babel.cfg), so a
new `_()` message, or a note, title or summary added to or changed in spec/, fails these tests until each
language's .po translates it and the .mo is compiled again.
"""

from __future__ import annotations

import pytest
import yaml

from heartspec.i18n import LANGUAGES, N_, _, check_language, current_language, spec_text, use_language
from heartspec.i18n.catalogues import (
    TRANSLATED,
    compiled_matches_source,
    message_ids,
    placeholder_mismatches,
    placeholders,
    po_path,
    read_catalogue,
    template,
    untranslated,
)
from heartspec.i18n.extract import spec_messages
from heartspec.paths import data_dir
from heartspec.i18n import UnknownLanguage


@pytest.fixture(scope="module")
def pot():
    return template()


def test_the_languages_are_the_guides_languages_and_english_first():
    assert LANGUAGES == ("en", "fi", "nb", "da", "sv")
    assert TRANSLATED == ("fi", "nb", "da", "sv")


def test_the_template_holds_the_code_messages_and_the_spec_prose(pot):
    ids = set(message_ids(pot))
    assert "Shooting the moon" in ids and "interpretation" in ids and "stated" in ids
    assert ("{count} card each", "{count} cards each") in ids
    note = yaml.safe_load((data_dir("spec") / "rulesets" / "fi.yaml").read_text(encoding="utf-8"))
    for message in spec_messages(note):
        assert message in ids
    assert note["guide"]["title"] not in ids, "a guide's own title is cited untranslated"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated(pot, lang):
    missing = untranslated(lang, pot)
    assert not missing, (f"{len(missing)} messages lack a {lang} translation (run `python -m heartspec.i18n.update`"
                         f" and translate {po_path(lang)}), e.g. {missing[:3]}")


@pytest.mark.parametrize("lang", TRANSLATED)
def test_translations_keep_the_placeholders_of_their_message(lang):
    assert placeholder_mismatches(lang) == []


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_compiled_catalogue_is_current(lang):
    assert compiled_matches_source(lang), f"{lang}: the .mo is stale; run `python -m heartspec.i18n.update`"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_catalogue_carries_messages_the_code_and_spec_no_longer_have(pot, lang):
    wanted = set(message_ids(pot))
    stale = [m.id for m in read_catalogue(lang) if m.id and m.id not in wanted]
    assert stale == [], f"{lang}: obsolete messages; run `python -m heartspec.i18n.update`"


def test_a_plural_s_singular_may_write_the_count_as_a_word_but_no_other_form_may_drop_it(monkeypatch):
    from babel.messages.catalog import Catalog

    from heartspec.i18n import catalogues

    catalog = Catalog(locale="da")
    catalog.add(("{count} card at a time", "{count} cards at a time"), ("ét kort ad gangen", "{count} kort ad gangen"))
    catalog.add(("{count} deal", "{count} deals"), ("{count} runde", "runder"))
    catalog.add(("{count} stick", "{count} sticks"), ("{count} {extra} stik", "{count} stik"))
    monkeypatch.setattr(catalogues, "read_catalogue", lambda lang: catalog)
    assert placeholder_mismatches("da") == [
        "da: '{count} deal' has [], wants ['count']",
        "da: '{count} stick' has ['count', 'extra'], wants ['count']",
    ]


def test_placeholders_are_the_named_fields():
    assert placeholders("{a} of {b}: {{literal}}") == {"a", "b"}


def test_english_is_the_default_and_a_language_holds_only_inside_its_block():
    assert current_language() == "en"
    with use_language("fi"):
        assert _("Shooting the moon") == "Puhallus"
        with use_language("da"):
            assert _("Shooting the moon") == "Tage alt"
        assert current_language() == "fi"
    assert _("Shooting the moon") == "Shooting the moon"


def test_the_game_words_follow_each_guide():
    words = {"fi": "Puhallus", "nb": "Skyte månen", "da": "Tage alt", "sv": "Ta månen"}
    for lang, word in words.items():
        with use_language(lang):
            assert _(N_("Shooting the moon")) == word


def test_spec_text_is_untouched_in_english_and_looked_up_by_its_words_elsewhere():
    folded = "The guide does not mention money,\n  so no settlement is made."
    assert spec_text(folded) is folded
    with use_language("sv"):
        assert spec_text(folded) == "Guiden nämner inte pengar, så ingen uppgörelse görs."
        assert spec_text("a note nobody wrote") == "a note nobody wrote"
        assert spec_text("") == ""


def test_an_unknown_language_is_refused_with_the_known_ones():
    with pytest.raises(UnknownLanguage, match=r"unknown language 'de' \(known: en, fi, nb, da, sv\)"):
        check_language("de")

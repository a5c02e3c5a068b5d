"""Rulebooks and difference tables in the guides' languages, from gettext catalogues read through Babel.

Renderers mark every sentence a reader sees with `_()` (the keyword Babel
extracts) and render inside `use_language(lang)`; the spec's own prose (notes,
titles, summaries) is looked up through `spec_text()`, whose messages Babel
extracts from spec/ with `heartspec.i18n.extract`.  English is the source
language: it needs no catalogue, so `en` output is the text as written.
Catalogues live in locale/<lang>/LC_MESSAGES/heartspec.po (committed, with the
compiled .mo beside them); `python -m heartspec.i18n.update` refreshes both.
"""

from __future__ import annotations

import contextvars
import gettext
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterator

LANGUAGES = ("en", "fi", "nb", "da", "sv")
SOURCE_LANGUAGE = "en"
DOMAIN = "heartspec"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

_language: contextvars.ContextVar[str] = contextvars.ContextVar("heartspec_language", default=SOURCE_LANGUAGE)


class UnknownLanguage(ValueError):
    """A language heartspec has no catalogue for; the message is one line naming the known ones."""


def check_language(lang: str) -> str:
    if lang not in LANGUAGES:
        raise UnknownLanguage(f"unknown language {lang!r} (known: {', '.join(LANGUAGES)})")
    return lang


@lru_cache(maxsize=None)
def translations(lang: str) -> gettext.NullTranslations:
    if lang == SOURCE_LANGUAGE:
        return gettext.NullTranslations()
    from babel.support import Translations  # only when rendering: engines import the vocabulary without it

    return Translations.load(str(LOCALE_DIR), [lang], DOMAIN)


def current_language() -> str:
    return _language.get()


@contextmanager
def use_language(lang: str) -> Iterator[str]:
    """Render in `lang` inside the block (per thread and task, through a context variable)."""
    token = _language.set(check_language(lang))
    try:
        yield lang
    finally:
        _language.reset(token)


def _(message: str) -> str:
    """The message in the current language (the message itself in English or when untranslated)."""
    if not message:
        return message  # gettext("") is the catalogue header
    return translations(_language.get()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return translations(_language.get()).ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Marks a message for extraction where it is defined; `_()` translates it where it is shown."""
    return message


PROSE_KEYS = ("title", "summary", "note", "untitled")  # the spec's own prose, which the catalogues translate
UNTRANSLATED_PARENTS = ("guide",)  # a guide names itself in its own language...
DESCRIBED_GUIDE_KEYS = ("untitled",)  # ...but what the project says of an untitled guide is the project's prose


def spec_key(text: str) -> str:
    """The catalogue key of a piece of spec prose: its words on one line (YAML folding aside)."""
    return " ".join(str(text).split())


def spec_text(text: str) -> str:
    """A note, title or summary from spec/ in the current language; in English, exactly as written."""
    if _language.get() == SOURCE_LANGUAGE or not text:
        return text
    key = spec_key(text)
    translated = _(key)
    return text if translated == key else translated


def localized_prose(data: Any, parent: str = "") -> Any:
    """Data for a JSON rendering with the spec's prose (notes, titles, summaries) in the current language."""
    if _language.get() == SOURCE_LANGUAGE:
        return data
    if isinstance(data, dict):
        return {key: spec_text(value) if is_prose(key, value, parent) else localized_prose(value, str(key))
                for key, value in data.items()}
    if isinstance(data, list):
        return [localized_prose(item, parent) for item in data]
    return data


def is_prose(key: Any, value: Any, parent: str) -> bool:
    """Whether a spec field is prose the catalogues translate (extraction and rendering agree on it)."""
    if key not in PROSE_KEYS or not isinstance(value, str):
        return False
    return parent not in UNTRANSLATED_PARENTS or key in DESCRIBED_GUIDE_KEYS


__all__ = ["localized_prose", "LANGUAGES", "N_", "UnknownLanguage", "_", "check_language", "current_language", "is_prose",
           "ngettext", "spec_key", "spec_text", "use_language"]

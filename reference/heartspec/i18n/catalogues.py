"""The message catalogues: extract the messages of the code and the spec, update every .po, compile every .mo.

`python -m heartspec.i18n.update` runs all three from a source checkout; the
tests use `template()` and `untranslated()` to hold every language complete.
"""

from __future__ import annotations

import re
from io import BytesIO
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po, write_po

from heartspec.i18n import DOMAIN, LANGUAGES, LOCALE_DIR, SOURCE_LANGUAGE

CHECKOUT = Path(__file__).resolve().parents[3]
MAPPING = CHECKOUT / "babel.cfg"
KEYWORDS = {**DEFAULT_KEYWORDS, "N_": None}
TRANSLATED = tuple(lang for lang in LANGUAGES if lang != SOURCE_LANGUAGE)
_PLACEHOLDER = re.compile(r"(?<!\{)\{(\w*)[^{}]*\}")


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str) -> Path:
    return po_path(lang).with_suffix(".mo")


def template() -> Catalog:
    """Every message the code marks and the spec's prose, as Babel extracts them under babel.cfg."""
    with MAPPING.open(encoding="utf-8") as cfg:
        method_map, options_map = parse_mapping_cfg(cfg, filename=str(MAPPING))
    catalog = Catalog(project="heartspec", domain=DOMAIN, fuzzy=False)
    for filename, lineno, message, comments, context in extract_from_dir(
        str(CHECKOUT), method_map, options_map, keywords=KEYWORDS, strip_comment_tags=True
    ):
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return catalog


def read_catalogue(lang: str) -> Catalog:
    path = po_path(lang)
    if not path.exists():
        return Catalog(locale=lang, domain=DOMAIN, project="heartspec", fuzzy=False)
    with path.open("rb") as f:
        return read_po(f, locale=lang, domain=DOMAIN)


def update(lang: str, pot: Catalog) -> Catalog:
    """Merge the template into one language's .po (new messages empty, changed ones fuzzy) and compile its .mo."""
    catalog = read_catalogue(lang)
    pot.creation_date = catalog.creation_date  # no header churn when only messages change
    catalog.update(pot)
    catalog.fuzzy = False
    _describe(catalog, lang)
    po_path(lang).parent.mkdir(parents=True, exist_ok=True)
    with po_path(lang).open("wb") as f:
        write_po(f, catalog, width=100, omit_header=False, ignore_obsolete=True, include_lineno=False)
    compile_mo(lang, catalog)
    return catalog


def _describe(catalog: Catalog, lang: str) -> None:
    catalog.project, catalog.version = "heartspec", "0.1"
    catalog.copyright_holder = "the heartspec authors"
    catalog.msgid_bugs_address = "the heartspec issue tracker"
    catalog.last_translator = catalog.language_team = "the heartspec authors"
    catalog.header_comment = (
        f"# {lang} translations of heartspec's rulebooks and difference tables (MIT).\n"
        "# Messages: the _() calls of reference/heartspec/render and rules/vocabulary.py,\n"
        "# and the notes, titles and summaries of spec/ (heartspec.i18n.extract).\n"
        "# Refresh with `python -m heartspec.i18n.update`: it extracts, merges new messages\n"
        "# here (changed ones fuzzy) and compiles heartspec.mo. tests/test_i18n_catalogues.py\n"
        "# fails until every message is translated."
    )


def compile_mo(lang: str, catalog: Catalog) -> None:
    with mo_path(lang).open("wb") as f:
        write_mo(f, catalog, use_fuzzy=False)


def message_ids(pot: Catalog) -> list:
    return [m.id for m in pot if m.id]


def untranslated(lang: str, pot: Catalog) -> list[str]:
    """Messages of the template that this language's .po lacks, leaves empty or marks fuzzy."""
    catalog = read_catalogue(lang)
    missing = []
    for msgid in message_ids(pot):
        entry = catalog.get(msgid)
        strings = entry.string if entry is not None and isinstance(entry.string, tuple) else (entry.string if entry else "",)
        if entry is None or entry.fuzzy or not all(strings):
            missing.append(msgid if isinstance(msgid, str) else msgid[0])
    return missing


def placeholders(text: str) -> set[str]:
    """The `{name}` fields a message formats (doubled braces are literal)."""
    return set(_PLACEHOLDER.findall(text.replace("{{", "").replace("}}", "")))


def placeholder_mismatches(lang: str) -> list[str]:
    problems = []
    for entry in read_catalogue(lang):
        if not entry.id or not entry.string:
            continue
        ids = entry.id if isinstance(entry.id, tuple) else (entry.id,)
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        wanted = set().union(*(placeholders(i) for i in ids))
        for index, string in enumerate(strings):
            found = placeholders(string)
            # the singular form of a plural (n == 1 in every language here) may write "one" for {count}
            singular = len(strings) > 1 and index == 0 and found <= wanted
            if string and found != wanted and not singular:
                problems.append(f"{lang}: {ids[0]!r} has {sorted(found)}, wants {sorted(wanted)}")
    return problems


def compiled_matches_source(lang: str) -> bool:
    """The committed .mo holds exactly the translations the .po holds (compared as messages, not bytes)."""
    if not mo_path(lang).exists():
        return False
    with mo_path(lang).open("rb") as f:
        committed = read_mo(f)
    fresh = BytesIO()
    write_mo(fresh, read_catalogue(lang), use_fuzzy=False)
    fresh.seek(0)
    expected = read_mo(fresh)
    return _translations(committed) == _translations(expected)


def _translations(catalog: Catalog) -> dict:
    as_key = lambda v: tuple(v) if isinstance(v, (list, tuple)) else v  # noqa: E731
    return {as_key(m.id): as_key(m.string) for m in catalog if m.id}

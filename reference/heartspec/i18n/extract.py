"""Babel extraction of the spec's own prose: every note, title and summary in spec/*.yaml.

Registered in babel.cfg as `heartspec.i18n.extract:extract_spec`.  The guide's
own title (`guide.title`) and section headings are cited untranslated, so they
are not messages; what the project says of an untitled guide (`guide.untitled`) is.
"""

from __future__ import annotations

from typing import Any, Iterator

import yaml

from heartspec.i18n import is_prose, spec_key


def spec_messages(data: Any, parent: str = "") -> Iterator[str]:
    """The prose strings of one spec file, in file order."""
    if isinstance(data, dict):
        for key, value in data.items():
            if is_prose(key, value, parent):
                if value.strip():
                    yield spec_key(value)
            else:
                yield from spec_messages(value, str(key))
    elif isinstance(data, list):
        for item in data:
            yield from spec_messages(item, parent)


def extract_spec(fileobj, keywords, comment_tags, options) -> Iterator[tuple[int, str | None, str, list[str]]]:
    """Babel's extractor interface: (line number, function name, message, translator comments)."""
    data = yaml.safe_load(fileobj.read().decode("utf-8"))
    for message in spec_messages(data):
        yield 0, None, message, []

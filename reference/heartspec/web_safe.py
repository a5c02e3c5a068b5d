"""What every page heartspec publishes needs from values it did not make (saved reports, engine output):
the one HTML escaper and the one slug that turns a label or id into a file name.

`html(value)` is the only way a value reaches a page: any value (a number too, since a report may
hold a string where a number belongs), control and bidirectional-control characters made spaces,
line breaks kept for `<pre>` blocks, `& < > " '` escaped, so it is safe as text and as a quoted
attribute. `page_slug(text)` can only give a name of `[a-z0-9._-]` that starts with a letter or
digit and has at most 100 characters: never empty, never `.` or `..`, never a path, so a page named
by it stays inside the site's folder whatever the text was. Different texts can give the same slug;
`distinct_slugs` finds them so the caller can refuse them.
"""

from __future__ import annotations

import hashlib
import re
from html import escape
from typing import Any, Iterable

_UNSAFE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
_NOT_IN_SLUG = re.compile(r"[^a-z0-9._-]+")
SLUG_CHARS = 100


def html(value: Any) -> str:
    """`value` as HTML text or a quoted attribute value (None is empty)."""
    return escape(_UNSAFE.sub(" ", "" if value is None else str(value)), quote=True)


def page_slug(text: Any) -> str:
    slug = _NOT_IN_SLUG.sub("-", str(text).lower()).lstrip(".-_")
    if not slug:
        slug = "x"
    if len(slug) > SLUG_CHARS:
        digest = hashlib.sha256(str(text).encode("utf-8", "surrogatepass")).hexdigest()[:12]
        slug = f"{slug[:SLUG_CHARS - 13]}-{digest}"
    return slug


def distinct_slugs(texts: Iterable[Any], reserved: Iterable[str] = ()) -> dict[str, str]:
    """text -> its slug; ValueError (one line) when two texts share a slug or a slug is a reserved name."""
    taken = {name: None for name in reserved}
    slugs: dict[str, str] = {}
    for text in texts:
        slug = page_slug(text)
        if slug in taken:
            other = taken[slug]
            clash = "a name the site uses for its own files" if other is None else f"{other!r}"
            raise ValueError(f"{str(text)!r} would be named {slug!r}, as {clash} is")
        taken[slug] = str(text)
        slugs[str(text)] = slug
    return slugs

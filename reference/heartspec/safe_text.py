"""Text from outside (a spec folder, an engine's hello, a bot's answer) made safe to show.

One place for the three places text is shown: a terminal (`plain`), markdown
(`md_escape`) and HTML (`html_text`). Each gives one line: control characters
(ESC, BEL, NUL, DEL, C1), line and paragraph separators and the bidirectional
overrides and isolates (U+202A-U+202E, U+2066-U+2069, marks) become spaces, so
such text cannot send an escape sequence, forge a line of output, or make a
line read backwards. `shortened` bounds how much of a long text is echoed.
Two forms keep more: `visible` keeps line breaks (a failure report of several lines),
`safe_json` is JSON whose strings hold those characters as `\\uXXXX` escapes, so a
logged answer printed on a terminal is still exactly the answer.
"""

from __future__ import annotations

import re
import json
from html import escape
from typing import Any

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
_CONTROL_BUT_NEWLINE = re.compile(r"[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
# runs of white space collapse to one space, but for the no-break spaces that group a number (1 000 000)
_SPACES = re.compile(r"[^\S\u00a0\u2007\u202f]+")
_MD_PUNCTUATION = re.compile(r"([\\`*\[\]|])")
_MD_BLOCK_START = re.compile(r"^([#+=-])|^(\d+)([.)])")
ECHO_CHARS = 200  # how much of a text from outside an error message quotes


def plain(text: Any) -> str:
    """One line with no control, separator or bidi-control characters (they become spaces)."""
    return _SPACES.sub(" ", _CONTROL.sub(" ", str(text))).strip(" ")


def md_escape(text: Any) -> str:
    """Safe anywhere inline in markdown: one line, no HTML, links, code or table pipes,
    and nothing at its start that would open a heading, quote or list."""
    text = _MD_PUNCTUATION.sub(r"\\\1", plain(text)).replace("<", "&lt;").replace(">", "&gt;")
    return _MD_BLOCK_START.sub(lambda m: f"\\{m.group(1)}" if m.group(1) else f"{m.group(2)}\\{m.group(3)}", text)


def html_text(text: Any, quote: bool = True) -> str:
    """Safe as HTML text or an attribute value: `plain`, then HTML-escaped."""
    return escape(plain(text), quote=quote)


def shortened(text: Any, limit: int = ECHO_CHARS) -> str:
    """`plain(text)`, cut to `limit` characters with a note of how much was left out."""
    flat = plain(text)
    if len(flat) <= limit:
        return flat
    return f"{flat[:limit]}… ({len(flat) - limit} more characters not shown)"


def visible(text: Any) -> str:
    """Like `plain`, but lines stay lines: every other control, separator or bidi-control character is a space."""
    return _CONTROL_BUT_NEWLINE.sub(" ", str(text).replace("\r\n", "\n"))


def safe_json(value: Any, **options: Any) -> str:
    """`json.dumps(value, ensure_ascii=False, ...)` with every character `plain` removes written as an escape
    (in JSON such characters can only be inside strings, so the document means the same)."""
    text = json.dumps(value, ensure_ascii=False, **({"separators": (",", ":")} | options))
    return _CONTROL.sub(lambda m: f"\\u{ord(m.group()):04x}", text)

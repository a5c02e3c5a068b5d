"""Hostile text in a spec, rendered by `heartspec rules` and `heartspec diff` as text and markdown.

A spec's titles, summaries, notes and section headings are printed inside our own layout (the
renderers are called on the loaded `--spec` folder, as the commands call them). INJECTIONS
is the table of what a spec might hold there; FIELDS is where it goes. Every pair is rendered in
every format of OUTPUTS, and the output must hold the text (readable) but not its structure: no
HTML tag, link or heading it did not have before, no line it forged, no control character. A new
case is one line in INJECTIONS or FIELDS.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from heartspec.render import diff, html, rulebook
from heartspec.render.selection import md_escape, plain
from heartspec.rules import load_spec

SPEC = Path(__file__).resolve().parent.parent / "spec"
MARK = "INJECTED"

# (name, text placed in the spec) — each holds MARK, so the test can find where it landed
INJECTIONS = [
    ("heading after a newline", f"Fine\n# {MARK} heading"),
    ("heading at the start", f"# {MARK} heading"),
    ("html script", f"<script>alert('{MARK}')</script>"),
    ("html image", f'<img src=x onerror="{MARK}">'),
    ("markdown link", f"[{MARK}](javascript:alert(1))"),
    ("autolink", f"<https://{MARK}.example>"),
    ("table pipe", f"a | {MARK} | b"),
    ("list item", f"- {MARK} item"),
    ("numbered item", f"1. {MARK} item"),
    ("quote", f"> {MARK} quote"),
    ("code fence", f"```\n{MARK}\n```"),
    ("forged text line", f"ok\nRules at 4 players:\n  {MARK}: forged"),
    ("terminal escape", f"\x1b[2J\x1b[31m{MARK}\x1b[0m"),
    ("carriage return", f"shown\r{MARK} overwrites"),
    ("unicode line separator", f"a\u2028# {MARK}"),
    ("bell and an OSC title", f"\x1b]0;{MARK}\x07 title"),
    ("right-to-left override", f"abc\u202e{MARK}\u202c def"),
    ("bidi isolate", f"\u2067{MARK}\u2069"),
]

# (where, file under spec/, the YAML text replaced, the replacement with {text} as a quoted YAML string)
FIELDS = [
    ("ruleset title", "rulesets/fi.yaml", "title: Finnish Hertta\n", "title: {text}\n"),
    ("guide title", "rulesets/fi.yaml", '  title: "Hertta – korttipelin säännöt ja pisteet"\n', "  title: {text}\n"),
    ("interpretation note", "rulesets/fi.yaml",
     "      note: >-\n        The guide only says a new hand is dealt after scoring and never says who deals next.\n"
     "        Play runs clockwise, so we pass the deal clockwise to the next seat, as is usual.\n",
     "      note: {text}\n"),
    ("section heading", "rulesets/fi.yaml", '      section: "Valmistelu eri pelaajamäärillä"\n', "      section: {text}\n"),
]

# (name, renderer of a loaded spec, kind): the renderers `heartspec rules` and `heartspec diff` print
OUTPUTS = [
    ("rules text", lambda spec: rulebook.render_text(rulebook.build_rulebook(spec, "fi", (), 4)), "text"),
    ("rules markdown", lambda spec: rulebook.render_markdown(rulebook.build_rulebook(spec, "fi", (), 4)), "markdown"),
    ("catalogue text", lambda spec: rulebook.render_catalog_text(rulebook.catalog(spec)), "text"),
    ("catalogue markdown", lambda spec: rulebook.render_catalog_markdown(rulebook.catalog(spec)), "markdown"),
    ("diff text", lambda spec: diff.render_text(diff.compare(spec, ("fi", "no"), (), 4, True)), "text"),
    ("diff markdown", lambda spec: diff.render_markdown(diff.compare(spec, ("fi", "no"), (), 4, True)), "markdown"),
    ("diff html", lambda spec: html.render_html(diff.compare(spec, ("fi", "no"), (), 4, True)), "html"),
]


def yaml_string(text: str) -> str:
    """`text` as a double-quoted YAML scalar (JSON's escapes are YAML's)."""
    import json

    return json.dumps(text)


def hostile_spec(tmp_path: Path, where: tuple, text: str) -> Path:
    folder = tmp_path / "spec"
    shutil.copytree(SPEC, folder, ignore=shutil.ignore_patterns("*.md"))
    _, file, old, new = where
    path = folder / file
    source = path.read_text(encoding="utf-8")
    assert old in source, f"{file} changed shape: update FIELDS"
    path.write_text(source.replace(old, new.format(text=yaml_string(text)), 1), encoding="utf-8")
    return folder


SHIPPED = load_spec()


def structure(output: str, kind: str) -> dict:
    """What a renderer's own layout consists of, to compare with and without the injection."""
    lines = output.splitlines()
    return {
        "lines": len(lines),
        "headings": sum(1 for line in lines if re.match(r"\s{0,3}#", line)) if kind == "markdown" else 0,
        "tags": re.findall(r"<[a-zA-Z/!]", output) if kind in ("markdown", "html") else [],
        "links": re.findall(r"\]\(", output.replace("\\]", "")) if kind == "markdown" else [],
    }


BASELINES: dict[str, dict] = {}


def baseline(name: str, renderer, kind: str) -> dict:
    if name not in BASELINES:
        BASELINES[name] = structure(renderer(SHIPPED), kind)
    return BASELINES[name]


@pytest.mark.parametrize("where", FIELDS, ids=[f[0] for f in FIELDS])
@pytest.mark.parametrize("name, text", INJECTIONS, ids=[i[0] for i in INJECTIONS])
def test_spec_text_cannot_change_the_layout(where, name, text, tmp_path):
    spec = load_spec(hostile_spec(tmp_path, where, text))
    shown_somewhere = False
    for output_name, renderer, kind in OUTPUTS:
        output = renderer(spec)
        shown_somewhere |= MARK in output
        assert structure(output, kind) == baseline(output_name, renderer, kind), f"{output_name}: {name} in {where[0]}"
        assert not re.search(r"[\x00-\x08\x0b-\x1f\x7f\u2028\u202a-\u202e\u2066-\u2069]", output), \
            f"{output_name}: a control or bidi character got through"
    assert shown_somewhere, f"{where[0]} is not rendered anywhere: the case checks nothing"


@pytest.mark.parametrize("name, text", INJECTIONS, ids=[i[0] for i in INJECTIONS])
def test_the_escapes_keep_the_words(name, text):
    """Escaping hides structure, not content: the words stay readable."""
    assert MARK in plain(text) and MARK in md_escape(text)
    assert "\n" not in md_escape(text) and "\n" not in plain(text)

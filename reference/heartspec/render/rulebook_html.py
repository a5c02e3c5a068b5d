"""`heartspec rules RULESET --format html`: the rulebook as one self-contained page a table can print.

Inline CSS sized for A4 (no scripts, no fonts or images to fetch), in the chosen language.  The
text is the text rulebook's, laid out for paper: rules as short paragraphs with their sources in
small type, interpretations in a smaller note, the choices to agree before the game, and the
variants the guide describes.  The program's own words appear only on lines marked as the
command line, set in small monospace at the foot of each choice.
"""

from __future__ import annotations

from heartspec.i18n import _, current_language, spec_text
from heartspec.render.options import (
    any_value_line,
    command_line,
    inactive_line,
    needs_tag,
    option_heading,
    setting_words,
    shown_values,
    value_tags,
    value_words,
)
from heartspec.render.rulebook import (
    Rulebook,
    _command_line,
    _described_variants_heading,
    _guide_line,
    _interpretation_mark,
    _interpretation_notes,
    _option_sections,
    _options_heading,
    _sections,
    _variant_lines,
    player_counts_line,
)
from heartspec.render.selection import RenderedRule, cite_all, cite_with_status, interpretation_note
from heartspec.safe_text import html_text as escape

STYLE = """
@page { size: A4; margin: 11mm 12mm; }
* { box-sizing: border-box; }
body { font: 9pt/1.28 Georgia, "DejaVu Serif", serif; color: #111; margin: 0 auto; max-width: 190mm; }
h1 { font-size: 15pt; margin: 0 0 1.5mm; }
h2 { font-size: 10.4pt; margin: 2.6mm 0 .8mm; border-bottom: .4pt solid #777; break-after: avoid; }
h2:first-child { margin-top: 0; }
p { margin: 0 0 1.1mm; }
.lead { margin-bottom: 1.5mm; }
.meta { font-size: 8.4pt; color: #333; margin: 0; }
.rule { break-inside: avoid; }
.src { font-size: 7.8pt; color: #555; }
.note { font-size: 7.8pt; color: #333; margin: 0 0 1.2mm 4mm; }
.choice { break-inside: avoid; margin-bottom: 1.6mm; }
.columns { column-count: 2; column-gap: 6mm; column-fill: auto; }
@media screen { .columns { column-count: 1; } }
.choice ul { margin: .4mm 0 .4mm 0; padding-left: 4.5mm; }
.choice li { margin: 0 0 .4mm; }
.cmd { font: 7.4pt/1.25 "DejaVu Sans Mono", monospace; color: #555; }
@media screen { body { margin: 1.5rem auto; padding: 0 1rem; } }
"""


def render_html(book: Rulebook) -> str:
    title = spec_text(book.title)
    parts = [
        "<!DOCTYPE html>",
        f'<html lang="{current_language()}"><head><meta charset="utf-8">',
        f'<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(title)}</title>",
        f"<style>{STYLE}</style></head><body>",
        f"<h1>{escape(title)}</h1>",
    ]
    if book.summary:
        parts.append(f'<p class="lead">{escape(spec_text(book.summary))}</p>')
    meta = [line for line in (_guide_line(book), *_variant_lines(book), player_counts_line(book)) if line]
    parts += [f'<p class="meta">{escape(line)}</p>' for line in meta]
    parts.append(f'<p class="cmd">{escape(_command_line(book))}</p>')
    parts.append('<div class="columns">')
    for heading, rules in _sections(book):
        parts.append(f"<h2>{escape(heading)}</h2>")
        parts += [_rule(book, rule) for rule in rules]
    for players, options in _option_sections(book):
        parts.append(f"<h2>{escape(_options_heading(players))}</h2>")
        named = {o.name: o for o in options}
        parts += [_choice(book, option, named) for option in options]
    if book.described_variants:
        parts.append(f"<h2>{escape(_described_variants_heading())}</h2>")
        parts += [_described(book, v) for v in book.described_variants]
    parts.append("</div></body></html>")
    return "\n".join(parts) + "\n"


def _rule(book: Rulebook, rule: RenderedRule) -> str:
    sources = cite_all(rule.sources, book.ruleset_id)
    html = [f'<div class="rule"><p><b>{escape(rule.label)}.</b> {escape(rule.text)}. '
            f'<span class="src">({escape(sources)})</span></p>']
    html += [f'<p class="note">{escape(_interpretation_mark())} {escape(note)}</p>'
             for note in _interpretation_notes(rule)]
    return "".join(html) + "</div>"


def _choice(book: Rulebook, option, named: dict) -> str:
    head = (f'<p><b>{escape(option_heading(option))}</b> '
            f'<span class="src">({escape(cite_with_status(option.source, book.ruleset_id))})</span></p>')
    items = []
    takes = any_value_line(option)
    if takes:
        items.append(f"<li>{escape(takes)}</li>")
    idle = inactive_line(option)
    if idle:
        items.append(f"<li>{escape(idle)}</li>")
    if option.context:
        items.append("<li>" + escape(_("each value as it reads with {setting}").format(
            setting=setting_words(option.context, named))) + "</li>")
    for value in shown_values(option):
        tags = value_tags(value, option, needs_tag(value.needs, named) if value.needs else "")
        text = _("as in the rules above") if value.in_effect and not option.inactive else value.text
        items.append(f"<li><b>{escape(value_words(option, value.value))}</b> {escape(tags.strip())}: {escape(text)}</li>")
    note = ""
    if option.status == "interpretation":
        note = f'<p class="note">{escape(_interpretation_mark())} {escape(interpretation_note(option.source))}</p>'
    return (f'<div class="choice">{head}<ul>{"".join(items)}</ul>{note}'
            f'<p class="cmd">{escape(command_line(option))}</p></div>')


def _described(book: Rulebook, variant: dict) -> str:
    command = _("on the command line: {settings}").format(
        settings=f"heartspec rules {book.ruleset_id} -v {variant['id']} --format html")
    return (f'<div class="choice"><p><b>{escape(spec_text(variant["title"]))}.</b> '
            f'{escape(spec_text(variant["summary"]))} <span class="src">(§{escape(variant["section"])})</span></p>'
            f'<p class="cmd">{escape(command)}</p></div>')


__all__ = ["render_html"]

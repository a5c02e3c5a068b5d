"""`heartspec diff --format html`: one self-contained page (inline CSS, no scripts, no external assets)."""

from __future__ import annotations

from heartspec.safe_text import html_text as escape  # spec text: control and bidi characters go too

from heartspec.i18n import _, current_language, ngettext, spec_text
from heartspec.render.diff import (
    NOT_PLAYED,
    Cell,
    Column,
    Comparison,
    Row,
    home_guide,
    interpretation_mark,
    marked_words,
    no_such_rule_text,
    not_played_text,
    note_line,
    row_title,
    summary_line,
    title_line,
    variant_titles_text,
    variants_line,
    worded_line,
)
from heartspec.render.selection import cite, cited_once
from heartspec.rules.vocabulary import status_label

STYLE = """
body { font-family: system-ui, sans-serif; margin: 1.5rem; color: #222; }
table { border-collapse: collapse; width: 100%; }
th, td { border: 1px solid #bbb; padding: .4rem .5rem; vertical-align: top; text-align: left; }
thead th { background: #eee; position: sticky; top: 0; }
tr.same td { color: #666; }
.src { display: block; font-size: .8em; color: #555; margin-top: .25rem; }
.interp { display: block; font-size: .8em; background: #fff4d6; border-left: 3px solid #e0a800;
          padding: .15rem .3rem; margin-top: .2rem; }
.absent { color: #999; text-align: center; }
td.differs { background: #eef6ff; border-left: 3px solid #1f6feb; }
mark { background: #ffe08a; }
"""


def render_html(comparison: Comparison) -> str:
    title = escape(title_line(comparison))  # the page's title and its heading say the same, in the language
    parts = [
        "<!DOCTYPE html>",
        f'<html lang="{current_language()}"><head><meta charset="utf-8">',
        f"<title>{title}</title>",
        f"<style>{STYLE}</style></head><body>",
        f"<h1>{title}</h1>",
        f"<p>{escape(summary_line(comparison))}</p>",
    ]
    variants = variants_line(comparison)
    worded = worded_line(comparison)
    extra = ([variants] if variants else []) + [note_line(n) for n in comparison.notes] + ([worded] if worded else [])
    extra.append(_("A blue cell judges the row otherwise than the most common reading; highlighted words are"
                   " where its wording departs from that reading."))
    if extra:
        parts.append("<ul>" + "".join(f"<li>{escape(e)}</li>" for e in extra) + "</ul>")
    parts.append(_table(comparison))
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


def _table(comparison: Comparison) -> str:
    head = "".join(f"<th>{escape(c.name)}<br><small>{escape(spec_text(c.title))}</small>{_variants_of(c)}</th>"
                   for c in comparison.columns)
    rows = "\n".join(_row(r) for r in comparison.shown_rows)
    return f"<table><thead><tr><th>{escape(_('Rule'))}</th>{head}</tr></thead><tbody>\n{rows}\n</tbody></table>"


def _variants_of(column: Column) -> str:
    """Under a column's ruleset title, the variants it is played with, by their own titles."""
    if not column.variants:
        return ""
    words = ngettext("with the variant {variants}", "with the variants {variants}",
                     len(column.variant_titles)).format(variants=variant_titles_text(column))
    return f"<br><small>{escape(words)}</small>"


def _row(row: Row) -> str:
    css = "" if row.differs else ' class="same"'
    if row.differs and len(row.cells) == 2:
        return f"<tr{css}><th>{escape(row_title(row))}</th>{_pair(row)}</tr>"
    differing = row.differing_cells()
    cells = "".join(_cell(c, row if name in differing else None, home_guide(name)) for name, c in row.cells.items())
    return f"<tr{css}><th>{escape(row_title(row))}</th>{cells}</tr>"


def _pair(row: Row) -> str:
    """Two rulesets that differ: neither is the odd one out, so no cell is tinted; in each, the words the
    other lacks are marked."""
    (one, a), (other, b) = row.cells.items()
    texts = {one: _text_of(a), other: _text_of(b)}
    return (_cell(a, home=home_guide(one), against=texts[other])
            + _cell(b, home=home_guide(other), against=texts[one]))


def _text_of(cell: Cell) -> str:
    return cell.rule.text if cell.played and cell.rule is not None else ""


def _cell(cell: Cell, differs_in: Row | None = None, home: str | None = None, against: str | None = None) -> str:
    if not cell.played:
        return f'<td class="absent" title="{escape(not_played_text())}">{NOT_PLAYED}</td>'
    if cell.rule is None:
        return f'<td class="absent">{escape(no_such_rule_text())}</td>'
    text = escape(cell.rule.text)
    if against:
        text = marked_words(text, escape(against), lambda words: f"<mark>{words}</mark>")
    if differs_in is not None:
        text = marked_words(text, escape(differs_in.reference_text()), lambda words: f"<mark>{words}</mark>")
    parts = [text]
    for source, notes in cited_once(cell.rule.sources):
        status = status_label(source.get("status", "?"))
        parts.append(f'<span class="src">{escape(cite(source, home))}, {escape(status)}</span>')
        parts += [f'<span class="interp">{escape(interpretation_mark())} {escape(note)}</span>' for note in notes]
    return ('<td class="differs">' if differs_in is not None else "<td>") + "".join(parts) + "</td>"

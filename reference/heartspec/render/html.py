"""`heartspec diff --format html`: one self-contained page (inline CSS, no scripts, no external assets)."""

from __future__ import annotations

from heartspec.safe_text import html_text as escape  # spec text: control and bidi characters go too

from heartspec.render.diff import NOT_PLAYED, Cell, Comparison, Row, row_title, summary_line, variants_line
from heartspec.render.selection import cite

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
"""


def render_html(comparison: Comparison) -> str:
    ids = ", ".join(c.ruleset_id for c in comparison.columns)
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>heartspec diff: {escape(ids)}</title>",
        f"<style>{STYLE}</style></head><body>",
        f"<h1>Rule differences: {escape(ids)}</h1>",
        f"<p>{escape(summary_line(comparison))}</p>",
    ]
    variants = variants_line(comparison)
    extra = ([variants] if variants else []) + [f"Note: {n}" for n in comparison.notes]
    if extra:
        parts.append("<ul>" + "".join(f"<li>{escape(e)}</li>" for e in extra) + "</ul>")
    parts.append(_table(comparison))
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


def _table(comparison: Comparison) -> str:
    head = "".join(f"<th>{escape(c.ruleset_id)}<br><small>{escape(c.title)}</small></th>" for c in comparison.columns)
    rows = "\n".join(_row(r) for r in comparison.shown_rows)
    return f"<table><thead><tr><th>Rule</th>{head}</tr></thead><tbody>\n{rows}\n</tbody></table>"


def _row(row: Row) -> str:
    css = "" if row.differs else ' class="same"'
    cells = "".join(_cell(c) for c in row.cells.values())
    return f"<tr{css}><th>{escape(row_title(row))}</th>{cells}</tr>"


def _cell(cell: Cell) -> str:
    if not cell.played:
        return f'<td class="absent" title="not played by this many players">{NOT_PLAYED}</td>'
    if cell.rule is None:
        return '<td class="absent">(no such rule)</td>'
    parts = [escape(cell.rule.text)]
    for source in cell.rule.sources:
        parts.append(f'<span class="src">{escape(cite(source))}, {escape(source.get("status", "?"))}</span>')
        if source.get("status") == "interpretation":
            note = " ".join(str(source.get("note", "")).split())
            parts.append(f'<span class="interp">[interpretation] {escape(note)}</span>')
    return "<td>" + "".join(parts) + "</td>"

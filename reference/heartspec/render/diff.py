"""`heartspec diff`: how rulesets differ, rule by rule, each cell with its provenance.

A rule whose value (or provenance) is the same at every player count in every
ruleset gets one row; a rule that changes with the number of players in any of
them gets one row per player count, so a deck or pass cycle is compared at
equal table sizes.  The model (`Comparison`) is built once and every format
renders it, so text, markdown, json and html always agree.
"""

from __future__ import annotations

import difflib
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from heartspec.i18n import LANGUAGES, SOURCE_LANGUAGE, _, current_language, localized_prose, ngettext, spec_text, use_language
from heartspec.render.options import OPTION_LABELS, inactive_clause, table_options, value_words
from heartspec.render.phrasing import compact, label, listed, order_key, quoted
from heartspec.render.refusals import players_refused, variant_elsewhere
from heartspec.render.selection import (
    RenderedRule,
    RenderError,
    allowed_players,
    applies_to,
    check_ruleset,
    check_variants,
    cite,
    cite_with_status,
    cited_once,
    md_escape,
    plain,
    resolve_rules,
)

NOT_PLAYED = "—"
DOCUMENT_PLAYERS = (3, 4, 5, 6)
REFRESH_COMMAND = "heartspec diff --differences > spec/DIFFERENCES.md"
DOCUMENT_LANGUAGES = LANGUAGES  # spec/DIFFERENCES.md in English, and a sibling DIFFERENCES.<lang>.md per language
SCHEMA_VERSION = 3


OPTION_PREFIX = "option:"


@dataclass(frozen=True)
class Column:
    ruleset_id: str
    title: str
    variants: tuple[str, ...]
    skipped_variants: tuple[str, ...]
    players: tuple[int, ...]
    label: str = ""               # the column's name: the ruleset, or RULESET+VARIANT
    variant_titles: tuple[str, ...] = ()  # the applied variants' own titles, as the spec writes them

    @property
    def name(self) -> str:
        return self.label or self.ruleset_id


@dataclass(frozen=True)
class Cell:
    played: bool                  # False: the ruleset does not allow this player count
    rule: RenderedRule | None     # None when played but the ruleset has no such rule
    effect: str | None = None     # what the rule makes the engine do (rules.effects), where it is read

    @property
    def judged_as(self) -> str | None:
        """What decides whether two cells differ: the rule's effect where known, else its value."""
        if not self.played:
            return None
        if self.effect is not None:
            return self.effect
        return compact(self.rule.value) if self.rule else ""


@dataclass
class Row:
    key: str
    players: int | None           # None: the same at every player count compared
    cells: dict[str, Cell]
    split_by_players: bool = False  # one of several rows for this rule, by player count
    sizes: tuple[int, ...] = ()     # the player counts this split row holds for (cells alike at each of them)

    @property
    def label(self) -> str:
        if self.key.startswith(OPTION_PREFIX):
            return _("Choice: {name}").format(name=OPTION_LABELS.get(self.key[len(OPTION_PREFIX):], "")
                                              and _(OPTION_LABELS[self.key[len(OPTION_PREFIX):]])
                                              or self.key[len(OPTION_PREFIX):].replace("_", " "))
        return label(self.key)

    @property
    def differs(self) -> bool:
        played = [c for c in self.cells.values() if c.played]
        return len({c.judged_as for c in played}) > 1

    @property
    def worded_differently(self) -> bool:
        """Alike in play, unlike in the words (or YAML) that say it."""
        played = [c for c in self.cells.values() if c.played and c.rule]
        return not self.differs and len({compact(c.rule.value) for c in played}) > 1

    def differing_cells(self) -> set[str]:
        """Columns whose cell is judged otherwise than the most common reading in the row."""
        if not self.differs:
            return set()
        judged = {name: c.judged_as for name, c in self.cells.items() if c.played}
        common, count = Counter(judged.values()).most_common(1)[0]
        if count == 1:
            return set(judged)
        return {name for name, j in judged.items() if j != common}

    def reference_text(self) -> str:
        """The wording of the most common reading, against which a differing cell's words are marked."""
        judged = [c for c in self.cells.values() if c.played and c.rule]
        if not judged:
            return ""
        common = Counter(c.judged_as for c in judged).most_common(1)[0][0]
        return next(c.rule.text for c in judged if c.judged_as == common)


@dataclass
class Comparison:
    columns: list[Column]
    players: list[int]
    rows: list[Row]
    show_all: bool
    notes: list[str] = field(default_factory=list)

    @property
    def shown_rows(self) -> list[Row]:
        return [r for r in self.rows if self.show_all or r.differs]


# --- building the model -----------------------------------------------------


def compare(
    spec,
    ruleset_ids: tuple[str, ...],
    variant_ids: tuple[str, ...] = (),
    players: int | None = None,
    show_all: bool = False,
    options: dict | None = None,
) -> Comparison:
    """The rows of rules, each cell judged by its effect; `options`: the ruleset options every column plays with
    (simulate's `-o`), so a cell is the rule as played."""
    _check_request(spec, ruleset_ids, variant_ids)
    notes: list[str] = []
    tables = [parse_column(spec, name) for name in ruleset_ids]
    columns = [_column(spec, rid, own + variant_ids, notes, name) for name, rid, own in tables]
    counts = _counts_to_compare(spec, columns, players, notes)
    resolved = {
        col.name: {
            n: {**{r.key: r for r in resolve_rules(spec, col.ruleset_id, col.variants, n, options)},
                **_option_rules(spec, col, n)}
            for n in counts
            if n in col.players
        }
        for col in columns
    }
    effects = {col.name: {n: _effects(spec, col, n, options) for n in counts if n in col.players} for col in columns}
    keys = sorted({k for by_n in resolved.values() for rules in by_n.values() for k in rules}, key=_row_order)
    rows = [row for key in keys for row in _rows_for(key, columns, counts, resolved, effects)]
    return Comparison(columns, counts, rows, show_all, notes)


def parse_column(spec, name: str) -> tuple[str, str, tuple[str, ...]]:
    """A column named RULESET or RULESET+VARIANT...: (name, ruleset, its own variants)."""
    from heartspec.rules.tables import TableNameError, parse_table

    try:
        table = parse_table(name)
    except TableNameError as err:
        raise RenderError(str(err)) from None
    return name, table.ruleset, table.variants


def _row_order(key: str) -> tuple:
    return (key.startswith(OPTION_PREFIX), order_key(key) if not key.startswith(OPTION_PREFIX) else (0, key))


def _effects(spec, col: Column, players: int, options: dict | None = None) -> dict[str, str]:
    """Rule key -> its effect fingerprint; none where the spec has no engine form to read (a bare test spec)."""
    from heartspec.rules.effects import rule_effects

    if not hasattr(spec, "compile"):
        return {}
    compiled = spec.compile(col.ruleset_id, col.variants, players, options)
    return {key: compact(repr(effect)) for key, effect in rule_effects(compiled).items()}


def _option_rules(spec, col: Column, players: int) -> dict[str, RenderedRule]:
    """Each option the table may set, as a row cell: its values with the default marked, and its source."""
    if not hasattr(spec, "compile"):
        return {}
    rules = {}
    for option in table_options(spec, col.ruleset_id, col.variants, players):
        values = [v for v in ([option.in_effect] if option.in_effect else []) + list(option.values)]
        default = next((v for v in values if v.default), None)
        listed = [value_words(option, v.value) for v in option.values]
        text = _option_values_text(option.any_value, listed, value_words(option, default.value) if default else None)
        idle = inactive_clause(option)
        text = f"{idle}; {text}" if idle else text
        rules[OPTION_PREFIX + option.name] = RenderedRule(
            OPTION_PREFIX + option.name, option.name, text,
            {"values": "any" if option.any_value else [v.value for v in option.values],
             "default": default.value if default else None},
            (option.source,))
    return rules


def _option_values_text(any_value: bool, listed: list[str], default: str | None) -> str:
    """An option row's cell: the values a table may set and the one it plays without agreeing."""
    if any_value:
        sentence = (_("any number the table agrees; without agreement {default}") if default
                    else _("any number the table agrees"))
    else:
        sentence = (_("one of: {values}; without agreement {default}") if default
                    else _("one of: {values}"))
    return sentence.format(values="; ".join(listed), default=default)


def _check_request(spec, ruleset_ids: tuple[str, ...], variant_ids: tuple[str, ...]) -> None:
    if len(ruleset_ids) < 2:
        raise RenderError("diff needs at least two ruleset ids")
    duplicates = sorted({r for r in ruleset_ids if ruleset_ids.count(r) > 1})
    if duplicates:
        raise RenderError(f"ruleset {duplicates[0]!r} is named twice")
    tables = [parse_column(spec, name) for name in ruleset_ids]
    for _name, rid, own in tables:
        check_ruleset(spec, rid)
        check_variants(spec, own)
        for vid in own:
            if not applies_to(spec, vid, rid):
                where = ", ".join(spec.variants[vid].get("applies_to", [])) or "no ruleset"
                raise RenderError(variant_elsewhere(spec, vid, rid, f"variant {vid!r} does not apply to {rid!r} (it applies to: {where})"))
    ruleset_ids = tuple(rid for _name, rid, _own in tables)
    check_variants(spec, variant_ids)
    for vid in variant_ids:
        if not any(applies_to(spec, vid, rid) for rid in ruleset_ids):
            where = ", ".join(spec.variants[vid].get("applies_to", [])) or "no ruleset"
            english = f"variant {vid!r} applies to none of {', '.join(ruleset_ids)} (it applies to: {where})"
            raise RenderError(variant_elsewhere(spec, vid, ruleset_ids[0], english))


def _column(spec, ruleset_id: str, variant_ids: tuple[str, ...], notes: list[str], name: str = "") -> Column:
    applied = tuple(v for v in variant_ids if applies_to(spec, v, ruleset_id))
    skipped = tuple(v for v in variant_ids if v not in applied)
    for vid in skipped:
        notes.append(_("the variant “{variant}” does not apply to {ruleset}: {ruleset} is compared without it").format(
            variant=spec_text(spec.variants[vid].get("title", vid)), ruleset=ruleset_id))
    return Column(
        ruleset_id=ruleset_id,
        title=spec.rulesets[ruleset_id].get("title", ruleset_id),
        variants=applied,
        skipped_variants=skipped,
        players=tuple(allowed_players(spec, ruleset_id, applied)),
        label=name,
        variant_titles=tuple(spec.variants[v].get("title", v) for v in applied),
    )


def _counts_to_compare(spec, columns: list[Column], players: int | None, notes: list[str]) -> list[int]:
    union = sorted({n for col in columns for n in col.players})
    counts = union if players is None else [players]
    if players is not None and players not in union:
        # said of the first table in words (its own player counts); English keeps the one line naming all
        first = columns[0]
        raise RenderError(players_refused(spec, first.ruleset_id, first.variants, players, list(first.players),
                                          f"none of {', '.join(c.name for c in columns)} is played by {players} players"))
    for col in columns:
        missing = [n for n in counts if n not in col.players]
        if missing:
            shown = sizes_text(missing)
            notes.append(_("{ruleset} is not played by {counts} players: shown as {mark}").format(
                ruleset=col.name, counts=shown, mark=NOT_PLAYED))
    return counts


def _rows_for(key: str, columns: list[Column], counts: list[int], resolved: dict, effects: dict) -> list[Row]:
    def cell(col: Column, n: int) -> Cell:
        if n not in col.players:
            return Cell(False, None)
        rule = resolved[col.name][n].get(key)
        return Cell(True, rule, effects[col.name][n].get(key) if rule else None)

    def same_everywhere(col: Column) -> bool:
        seen = {(_fingerprint(resolved[col.name][n].get(key)), effects[col.name][n].get(key))
                for n in counts if n in col.players}
        return len(seen) <= 1

    if len(counts) == 1:
        return [Row(key, counts[0], {c.name: cell(c, counts[0]) for c in columns})]
    if all(same_everywhere(col) for col in columns):
        return [Row(key, None, {c.name: _any_count_cell(c, counts, cell) for c in columns})]
    # Table sizes at which every column reads exactly as at another size share that size's row.
    groups: dict[tuple, list[int]] = {}
    for n in counts:
        reading = tuple((n in col.players, _fingerprint(resolved[col.name].get(n, {}).get(key)),
                         effects[col.name].get(n, {}).get(key)) for col in columns)
        groups.setdefault(reading, []).append(n)
    return [Row(key, sizes[0], {c.name: cell(c, sizes[0]) for c in columns}, split_by_players=True,
                sizes=tuple(sizes)) for sizes in groups.values()]


def _any_count_cell(col: Column, counts: list[int], cell) -> Cell:
    played = [n for n in counts if n in col.players]
    return cell(col, played[0]) if played else Cell(False, None)


def _fingerprint(rule: RenderedRule | None) -> str:
    """What a reader sees of a cell: the value and its citations, with the note of an interpretation
    (a stated source's note is never shown, so two cells that differ only there read alike)."""
    if rule is None:
        return ""
    shown = [{k: v for k, v in source.items() if k != "note" or source.get("status") == "interpretation"}
             for source in rule.sources]
    return compact([rule.value, shown])


# --- shared cell pieces -----------------------------------------------------


def row_title(row: Row) -> str:
    if not row.split_by_players:
        return row.label
    if len(row.sizes) > 1:
        return _("{rule} ({counts} players)").format(rule=row.label, counts=sizes_text(row.sizes))
    return ngettext("{rule} ({count} player)", "{rule} ({count} players)", row.players).format(
        rule=row.label, count=row.players)


def sizes_text(sizes) -> str:
    """'3, 5 and 6' in the reader's language."""
    return listed(sizes)


def variants_line(comparison: Comparison) -> str | None:
    """Each column played with variants, introduced in words once: its ruleset and the variants' titles."""
    applied = [column_in_words(c) for c in comparison.columns if c.variants]
    return _("Variants applied: {variants}").format(variants="; ".join(applied)) if applied else None


def variant_titles_text(column: Column) -> str:
    """The variants a column is played with, by their titles in the language's quotes: '“A” and “B”'."""
    return listed(quoted(spec_text(t)) for t in column.variant_titles)


def column_in_words(column: Column) -> str:
    """'fi+moon-choice: fi with the variant “Moon at the shooter's choice”'."""
    count, variants = len(column.variant_titles), variant_titles_text(column)
    if column.name != column.ruleset_id:
        return ngettext("{column}: {ruleset} with the variant {variants}", "{column}: {ruleset} with the variants {variants}",
                        count).format(column=column.name, ruleset=column.ruleset_id, variants=variants)
    return ngettext("{ruleset} with the variant {variants}", "{ruleset} with the variants {variants}",
                    count).format(ruleset=column.ruleset_id, variants=variants)


def note_line(note: str) -> str:
    return _("Note: {note}").format(note=note)


def title_line(comparison: Comparison) -> str:
    return _("Rule differences: {rulesets}").format(rulesets=", ".join(c.name for c in comparison.columns))


def worded_line(comparison: Comparison) -> str | None:
    """Rows alike in play though their wording differs, named so a reader does not take them for differences."""
    alike = [row_title(r) for r in comparison.rows if r.worded_differently]
    return _("Worded differently but judging every play alike: {rows}").format(rows=", ".join(alike)) if alike else None


_TOKENS = re.compile(r"\s+|\w+|[^\w\s]")


def marked_words(text: str, reference: str, mark) -> str:
    """`text` with the words that `reference` lacks passed through `mark`.

    The texts are compared word by word with punctuation and spaces as tokens of their own (difflib), and a
    marked run never starts or ends on a space or a punctuation mark, so only differing words are marked."""
    tokens, against = _TOKENS.findall(text), _TOKENS.findall(reference)
    out = []
    matcher = difflib.SequenceMatcher(a=tokens, b=against, autojunk=False)
    for op, a0, a1, _b0, _b1 in matcher.get_opcodes():
        run = tokens[a0:a1]
        if op == "equal" or not any(re.match(r"\w", t) for t in run):
            out += run
            continue
        first = next(k for k, t in enumerate(run) if re.match(r"\w", t))
        last = max(k for k, t in enumerate(run) if re.match(r"\w", t))
        out += run[:first] + [mark("".join(run[first:last + 1]))] + run[last + 1:]
    return "".join(out)


def summary_line(comparison: Comparison) -> str:
    ids = ", ".join(c.name for c in comparison.columns)
    counts = sizes_text(comparison.players)
    differing = sum(r.differs for r in comparison.rows)
    rows = len(comparison.rows)
    if comparison.show_all:
        sentence = ngettext("Comparing {rulesets} at {counts} players: {differing} of {rows} row differs"
                            " (showing all rows)",
                            "Comparing {rulesets} at {counts} players: {differing} of {rows} rows differ"
                            " (showing all rows)", rows)
    else:
        sentence = ngettext("Comparing {rulesets} at {counts} players: {differing} of {rows} row differs"
                            " (showing rows that differ)",
                            "Comparing {rulesets} at {counts} players: {differing} of {rows} rows differ"
                            " (showing rows that differ)", rows)
    return sentence.format(rulesets=ids, counts=counts, differing=differing, rows=rows)


def not_played_text() -> str:
    return _("not played by this many players")


def no_such_rule_text() -> str:
    return _("(no such rule)")


def interpretation_mark() -> str:
    return "[" + _("interpretation") + "]"


# --- text -------------------------------------------------------------------


def render_text(comparison: Comparison) -> str:
    lines = [summary_line(comparison)]
    variants = variants_line(comparison)
    if variants:
        lines.append(variants)
    lines += [note_line(n) for n in comparison.notes]
    worded = worded_line(comparison)
    if worded:
        lines.append(worded)
    width = max(len(c.name) for c in comparison.columns) + 2
    for row in comparison.shown_rows:
        lines += ["", row_heading(row)]
        differing = row.differing_cells()
        for rid, cell in row.cells.items():
            head = ("* " if rid in differing else "  ") + rid.ljust(width)
            lines += _text_cell(head, cell, " " * (width + 2), home_guide(rid))
    if not comparison.shown_rows:
        lines += ["", _("No differences.")]
    return "\n".join(lines) + "\n"


def row_heading(row: Row) -> str:
    """The row's title in the text table, saying how its cells compare."""
    title = row_title(row)
    if row.differs:
        if len(row.differing_cells()) < len(row.cells):
            return _("{row} (* marks the rulesets that judge it otherwise)").format(row=title)
        return title
    if row.worded_differently:
        return _("{row} (same in play, worded differently)").format(row=title)
    return _("{row} (no difference)").format(row=title)


def home_guide(column_name: str) -> str:
    """The ruleset whose guide a column's citations need not name: `fi` for `fi+moon-choice`."""
    return column_name.split("+", 1)[0]


def _text_cell(head: str, cell: Cell, indent: str, home: str | None = None) -> list[str]:
    if not cell.played:
        return [f"{head}{NOT_PLAYED} ({not_played_text()})"]
    if cell.rule is None:
        return [f"{head}{no_such_rule_text()}"]
    lines = [f"{head}{plain(cell.rule.text)}"]
    for source, notes in cited_once(cell.rule.sources):
        lines.append(f"{indent}{plain(cite_with_status(source, home))}")
        lines += [f"{indent}{interpretation_mark()} {note}" for note in notes]
    return lines


# --- markdown ---------------------------------------------------------------


def render_markdown(comparison: Comparison, heading: str = "#") -> str:
    notes: list[str] = []
    lines = [f"{heading} {title_line(comparison)}", ""]
    lines.append(summary_line(comparison) + ".")
    variants = variants_line(comparison)
    worded = worded_line(comparison)
    remarks = ([f"- {variants}"] if variants else []) + [f"- {note_line(n)}" for n in comparison.notes] \
        + ([f"- {md_escape(worded)}"] if worded else [])
    lines += [""] + remarks if remarks else []
    header = [_("Rule")] + [c.name for c in comparison.columns]
    lines += ["", "| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for row in comparison.shown_rows:
        cells = [_md_cell(rid, row, cell, notes) for rid, cell in row.cells.items()]
        lines.append("| " + " | ".join([f"**{md_escape(row_title(row))}**"] + cells) + " |")
    lines += ["", _("**≠** marks a ruleset that judges the row otherwise than the most common reading; bold words"
                    " are where its wording departs from that reading.")]
    if notes:
        lines += ["", f"{heading}# " + _("Interpretations"), ""] + [f"{i}. {n}" for i, n in enumerate(notes, 1)]
    return "\n".join(lines) + "\n"


def _md_cell(rid: str, row: Row, cell: Cell, notes: list[str]) -> str:
    if not cell.played:
        return NOT_PLAYED
    if cell.rule is None:
        return f"*{no_such_rule_text()}*"
    if rid in row.differing_cells():
        marked = marked_words(md_escape(cell.rule.text), md_escape(row.reference_text()), lambda w: f"**{w}**")
        parts = [_("**≠** {text}").format(text=marked)]
    else:
        parts = [md_escape(cell.rule.text)]
    for source, explained in cited_once(cell.rule.sources):
        cited = f"*{md_escape(cite(source, home_guide(rid)))}*"
        for note in explained:
            notes.append(f"{rid}, {row_title(row)}: {md_escape(note)}")
            cited += " **[" + _("interpretation {number}").format(number=len(notes)) + "]**"
        parts.append(cited)
    return "<br>".join(parts)


# --- json -------------------------------------------------------------------


def render_json(comparison: Comparison) -> dict[str, Any]:
    return localized_prose({
        "schema_version": SCHEMA_VERSION,
        "rulesets": [
            {
                "id": c.ruleset_id,
                "column": c.name,
                "title": c.title,
                "variants": list(c.variants),
                "skipped_variants": list(c.skipped_variants),
                "players": list(c.players),
            }
            for c in comparison.columns
        ],
        "players": comparison.players,
        "all": comparison.show_all,
        "notes": comparison.notes,
        "rows": [_row_json(r) for r in comparison.shown_rows],
    })


def _row_json(row: Row) -> dict[str, Any]:
    return {
        "rule": row.key,
        "label": row.label,
        "players": row.players,
        **({"sizes": list(row.sizes)} if row.split_by_players else {}),
        "differs": row.differs,
        "worded_differently": row.worded_differently,
        "differing_cells": sorted(row.differing_cells()),
        "cells": {rid: _cell_json(cell) for rid, cell in row.cells.items()},
    }


def _cell_json(cell: Cell) -> dict[str, Any]:
    if not cell.played or cell.rule is None:
        return {"played": cell.played, "value": None, "text": None, "sources": [], "interpretation": False}
    return {"played": True, **cell.rule.content_json()}


# --- the committed document -------------------------------------------------


def document_name(lang: str = SOURCE_LANGUAGE) -> str:
    """DIFFERENCES.md in English, DIFFERENCES.<lang>.md beside it in every other language."""
    return "DIFFERENCES.md" if lang == SOURCE_LANGUAGE else f"DIFFERENCES.{lang}.md"


def refresh_command(lang: str = SOURCE_LANGUAGE) -> str:
    if lang == SOURCE_LANGUAGE:
        return REFRESH_COMMAND
    return f"heartspec diff --differences --lang {lang} > spec/{document_name(lang)}"


def differences_document(spec, lang: str | None = None) -> str:
    """spec/DIFFERENCES.md (or a language's sibling): the five guides' rulesets compared at every table size,
    each rule once where it reads alike at every size, then each variant two or more guides describe."""
    if lang is not None:
        with use_language(lang):
            return differences_document(spec)
    lang = current_language()
    rulesets = spec.in_guide_order()
    in_lang = f" --lang {lang}" if lang != SOURCE_LANGUAGE else ""
    lines = [
        "# " + _("How the Nordic guides differ"),
        "",
        _("Generated from the rulesets ({rulesets}); do not edit by hand. Refresh with `{command}`.").format(
            rulesets=", ".join(rulesets), command=refresh_command(lang)),
        _("Each table is `{command}`; a rule that reads alike at every table size has one row, a rule that"
          " varies has one row for each group of sizes that read alike.").format(
            command="heartspec diff " + " ".join(rulesets) + " --format markdown" + in_lang),
        _("A cell cites the section heading of its column's own guide; interpretations are numbered and"
          " explained below each table."),
    ]
    # the columns are headed by ruleset id (as typed after `heartspec diff`): each with its title once
    lines += [""] + [f"- **{r}** — {spec_text(spec.rulesets[r].get('title', r))}" for r in rulesets]
    comparison = compare(spec, rulesets, players=None)
    lines += ["", "## " + _("The five guides"), ""] + render_markdown(comparison, heading="###").splitlines()[2:]
    for variant_id, columns in _shared_variants(spec, rulesets):
        variant = spec.variants[variant_id]
        compared = compare(spec, tuple(columns), show_all=True)
        touched = _variant_rule_keys(variant)
        compared.rows = [row for row in compared.rows if row.key.split(".")[0] in touched
                         or row.key.removeprefix(OPTION_PREFIX) in (variant.get("options") or {})]
        heading = _("Variant “{title}” in {rulesets}").format(
            title=spec_text(variant.get("title", variant_id)), rulesets=", ".join(home_guide(c) for c in columns))
        command = "heartspec diff " + " ".join(columns) + " --all --format markdown" + in_lang
        lines += ["", "## " + heading, "", _("The rules the variant changes, as each guide reads it: `{command}`,"
                                          " those rows.").format(command=command), ""]
        lines += render_markdown(compared, heading="###").splitlines()[2:]
    return "\n".join(lines) + "\n"


def _shared_variants(spec, rulesets) -> list[tuple[str, list[str]]]:
    """Variants that apply to two or more rulesets, with a RULESET+VARIANT column for each."""
    shared = []
    for variant_id, variant in sorted(spec.variants.items()):
        columns = [f"{r}+{variant_id}" for r in rulesets if r in variant.get("applies_to", [])]
        if len(columns) > 1:
            shared.append((variant_id, columns))
    return shared


def _variant_rule_keys(variant: dict) -> set[str]:
    """The rule keys a variant's changes touch (by ruleset too)."""
    keys = set()
    for change in variant.get("changes", []):
        keys.add(str(change.get("rule", "")).split(".")[0])
    return keys

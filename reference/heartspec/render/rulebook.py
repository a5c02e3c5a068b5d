"""`heartspec rules`: the catalogue of rulesets and variants, and one resolved rulebook a table can play from."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from heartspec.i18n import _, localized_prose, ngettext, spec_text
from heartspec.render.options import (
    RenderedOption,
    any_value_line,
    command_line,
    inactive_line,
    needs_tag,
    option_heading,
    shown_value,
    shown_values,
    table_options,
    value_tags,
    setting_words,
    value_words,
)
from heartspec.render.phrasing import listed
from heartspec.render.refusals import players_refused, variant_elsewhere
from heartspec.render.selection import (
    RenderedRule,
    RenderError,
    allowed_players,
    applies_to,
    check_ruleset,
    check_variants,
    cite_all,
    cite_with_status,
    cited_once,
    interpretation_note,
    md_escape,
    plain,
    resolve_rules,
)
from heartspec.rules import vocabulary


@dataclass
class Rulebook:
    ruleset_id: str
    title: str
    summary: str
    guide: dict
    variants: list[dict]
    by_players: dict[int, list[RenderedRule]]
    options_by_players: dict[int, list[RenderedOption]] = field(default_factory=dict)
    given_options: dict = field(default_factory=dict)
    described_variants: list[dict] = field(default_factory=list)  # what the guide itself offers beside the base game

    @property
    def players(self) -> list[int]:
        return sorted(self.by_players)

    def common_rules(self) -> list[RenderedRule]:
        """Rules identical (value and provenance) at every player count shown."""
        books = list(self.by_players.values())
        return [r for r in books[0] if all(r in book for book in books[1:])]

    def rules_only_at(self, players: int) -> list[RenderedRule]:
        common = self.common_rules()
        return [r for r in self.by_players[players] if r not in common]

    def common_options(self) -> list[RenderedOption]:
        """Options that read the same (values, sentences, source) at every player count shown."""
        books = list(self.options_by_players.values())
        return [o for o in books[0] if all(o in book for book in books[1:])] if books else []

    def options_only_at(self, players: int) -> list[RenderedOption]:
        common = self.common_options()
        return [o for o in self.options_by_players.get(players, []) if o not in common]


def check_variants_apply(spec, ruleset_id: str, variant_ids: tuple[str, ...]) -> None:
    check_variants(spec, variant_ids)
    for variant_id in variant_ids:
        if not applies_to(spec, variant_id, ruleset_id):
            where = ", ".join(spec.variants[variant_id].get("applies_to", [])) or "no ruleset"
            raise RenderError(variant_elsewhere(spec, variant_id, ruleset_id,
                                                f"variant {variant_id!r} does not apply to {ruleset_id!r} (it applies to: {where})"))


def check_players(allowed: list[int], players: int | None, what: str, table: tuple = ()) -> list[int]:
    """The counts to show; `table` (spec, ruleset id, variant ids) names the table in words in a refusal."""
    if players is None:
        return allowed
    if players not in allowed:
        counts = ", ".join(map(str, allowed)) or "none"
        english = f"{what} is not played by {players} players (allowed: {counts})"
        raise RenderError(players_refused(*table, players, allowed, english) if table and allowed else english)
    return [players]


def build_rulebook(spec, ruleset_id: str, variant_ids: tuple[str, ...] = (), players: int | None = None,
                   options: dict | None = None) -> Rulebook:
    check_ruleset(spec, ruleset_id)
    check_variants_apply(spec, ruleset_id, variant_ids)
    what = " + ".join((ruleset_id, *variant_ids))
    counts = check_players(allowed_players(spec, ruleset_id, variant_ids), players, what, (spec, ruleset_id, variant_ids))
    data = spec.rulesets[ruleset_id]
    return Rulebook(
        ruleset_id=ruleset_id,
        title=data.get("title", ruleset_id),
        summary=data.get("summary", ""),
        guide=data.get("guide", {}),
        variants=[{"id": v, **_variant_header(spec.variants[v])} for v in variant_ids],
        by_players={n: resolve_rules(spec, ruleset_id, variant_ids, n, options) for n in counts},
        options_by_players={n: table_options(spec, ruleset_id, variant_ids, n, options) for n in counts},
        given_options=dict(options or {}),
        described_variants=[] if variant_ids else _described_variants(spec, ruleset_id),
    )


def _described_variants(spec, ruleset_id: str) -> list[dict]:
    """The variants this ruleset's own guide describes, each with the section that does, in spec order."""
    found = []
    for variant_id, variant in sorted(spec.variants.items()):
        if not applies_to(spec, variant_id, ruleset_id):
            continue
        sections = [d for d in variant.get("described_by", []) if d.get("guide") == ruleset_id]
        if sections:
            found.append({"id": variant_id, **_variant_header(variant), "section": sections[0].get("section", "")})
    return found


def _variant_header(variant: dict) -> dict:
    return {"title": variant.get("title", ""), "summary": variant.get("summary", "")}


def _players_heading(counts: list[int]) -> str:
    return _("Rules at every player count") if len(counts) > 1 else _rules_at(counts[0])


def _rules_at(players: int) -> str:
    return ngettext("Rules at {count} player", "Rules at {count} players", players).format(count=players)


def _interpretation_notes(rule: RenderedRule) -> list[str]:
    return [note for _source, notes in cited_once(rule.sources) for note in notes]


def _interpretation_mark() -> str:
    return "[" + vocabulary.status_label("interpretation") + "]"


# --- text -------------------------------------------------------------------


def render_text(book: Rulebook) -> str:
    lines = [plain(spec_text(book.title))]
    lines += _header_lines(book, bullet="", esc=plain)
    sections = _sections(book)
    for heading, rules in sections:
        lines += ["", f"{heading}:"]
        for rule in rules:
            lines.append(f"  {rule.label}: {plain(rule.text)}")
            lines.append("      " + _("source: {citations}").format(citations=plain(_cite_statuses(rule, book.ruleset_id))))
            lines += [f"      {_interpretation_mark()} {plain(note)}" for note in _interpretation_notes(rule)]
    for players, options in _option_sections(book):
        lines += ["", _options_heading(players) + ":"]
        for option in options:
            lines += _option_lines(book, option, options, plain, head="  ", indent="      ")
    if book.described_variants:
        lines += ["", _("Variants the guide describes (agree before the game):")]
        lines += _described_lines(book, plain, head="  ", indent="      ")
    return "\n".join(lines) + "\n"


def _described_lines(book: Rulebook, esc, head: str, indent: str, strong=lambda text: text) -> list[str]:
    lines = []
    for v in book.described_variants:
        title = strong(esc(spec_text(v["title"])) + ":")
        lines.append(f"{head}{title} {esc(spec_text(v['summary']))} (§{esc(v['section'])})")
        lines.append(indent + _("on the command line: {settings}").format(
            settings=f"heartspec rules {book.ruleset_id} -v {v['id']}"))
    return lines


def _header_lines(book: Rulebook, bullet: str, esc) -> list[str]:
    """The rulebook's opening lines; `esc` makes the spec's own text safe for the output format."""
    lines = [f"{bullet}{esc(spec_text(book.summary))}"] if book.summary else []
    guide = _guide_line(book)
    lines += [bullet + esc(guide)] if guide else []
    lines += [bullet + esc(line) for line in _variant_lines(book)]
    lines.append(bullet + player_counts_line(book))
    lines.append(bullet + _command_line(book))
    return lines


def _guide_line(book: Rulebook) -> str:
    """The guide by its own title, in title quotes; a guide without one described in words, never quoted."""
    if not book.guide:
        return ""
    if "title" in book.guide:
        return _("Guide: “{title}”; a § names one of its section headings").format(title=book.guide["title"])
    return _("Guide without a title: {description}; a § names one of its section headings").format(
        description=spec_text(book.guide.get("untitled", "")))


def _variant_lines(book: Rulebook) -> list[str]:
    if not book.variants:
        return [_("Played without variants")]
    return [(_("Played with the variant “{title}”: {summary}") if v["summary"]
             else _("Played with the variant “{title}”")).format(
        title=spec_text(v["title"]), summary=spec_text(v["summary"])) for v in book.variants]


def player_counts_line(book: Rulebook) -> str:
    return _("Player counts shown: {counts}").format(counts=", ".join(map(str, book.players)))


def _described_variants_heading() -> str:
    return _("Variants the guide describes (agree before the game):").rstrip(":")


def _command_line(book: Rulebook) -> str:
    """The one place the program's own words show: the command that prints this rulebook."""
    words = ["heartspec", "rules", book.ruleset_id]
    words += [f"-v {v['id']}" for v in book.variants]
    words += [f"-o {name}={shown_value(value)}" for name, value in book.given_options.items()]
    if len(book.players) == 1:
        words.append(f"--players {book.players[0]}")
    return _("on the command line: {settings}").format(settings=" ".join(words))


def by_table_sizes(by_players: dict[int, list], name) -> list[tuple[tuple[int, ...], list]]:
    """Items (rules or options) grouped by the table sizes at which they read exactly alike:
    [((3, 4, 5, 6), [...]), ((3, 5), [...]), ...], every size first, then by the smallest size."""
    counts = sorted(by_players)
    groups: dict[tuple[int, ...], list] = {}
    names = list(dict.fromkeys(name(item) for n in counts for item in by_players[n]))
    for wanted in names:
        seen: list[tuple[object, list[int]]] = []
        for n in counts:
            item = next((i for i in by_players[n] if name(i) == wanted), None)
            if item is None:
                continue
            same = next((entry for entry in seen if entry[0] == item), None)
            if same:
                same[1].append(n)
            else:
                seen.append((item, [n]))
        for item, sizes in seen:
            groups.setdefault(tuple(sizes), []).append(item)
    return sorted(groups.items(), key=lambda group: (tuple(group[0]) != tuple(counts), group[0][0], -len(group[0])))


def _sizes(sizes: tuple[int, ...]) -> str:
    """'3, 4 and 6' in the reader's language."""
    return listed(sizes)


def _sections(book: Rulebook) -> list[tuple[str, list[RenderedRule]]]:
    everyone = tuple(book.players)
    return [(_rules_heading(sizes, everyone), rules)
            for sizes, rules in by_table_sizes(book.by_players, lambda rule: rule.key)]


def _rules_heading(sizes: tuple[int, ...], everyone: tuple[int, ...]) -> str:
    if sizes == everyone and len(sizes) > 1:
        return _("Rules at every player count")
    if len(sizes) == 1:
        return _rules_at(sizes[0])
    return _("Rules at {counts} players").format(counts=_sizes(sizes))


def _cite_statuses(rule: RenderedRule, home: str | None = None) -> str:
    return cite_all(rule.sources, home) or _("no source recorded")


def _option_sections(book: Rulebook) -> list[tuple[tuple[int, ...] | None, list[RenderedOption]]]:
    """(the table sizes, or None for every size shown, at which these options read alike; the options)."""
    everyone = tuple(book.players)
    groups = by_table_sizes({n: book.options_by_players.get(n, []) for n in book.players}, lambda o: o.name)
    return [(None if sizes == everyone and len(sizes) > 1 else sizes, options) for sizes, options in groups if options]


def _options_heading(sizes: tuple[int, ...] | None) -> str:
    if sizes is None:
        return _("Choices to agree before the game")
    if len(sizes) == 1:
        return ngettext("Choices to agree before the game at {count} player",
                        "Choices to agree before the game at {count} players", sizes[0]).format(count=sizes[0])
    return _("Choices to agree before the game at {counts} players").format(counts=_sizes(sizes))


def _option_lines(book: Rulebook, option: RenderedOption, options: list[RenderedOption], esc, head: str,
                  indent: str, strong=lambda text: text) -> list[str]:
    """A choice: what it decides and its source, one line per value with the rule that value makes,
    then the command line a table would type."""
    heading = strong(option_heading(option) + ":")
    lines = [f"{head}{heading} {esc(cite_with_status(option.source, book.ruleset_id))}"]
    takes = any_value_line(option)
    if takes:
        lines.append(f"{indent}{esc(takes)}")
    named = {o.name: o for o in options}
    idle = inactive_line(option)
    if idle:
        lines.append(f"{indent}{esc(idle)}")
    if option.context:
        lines.append(indent + _("each value as it reads with {setting}").format(
            setting=esc(_setting(option.context, named))))
    for v in shown_values(option):
        tags = value_tags(v, option, needs_tag(v.needs, named) if v.needs else "")
        shown = esc(value_words(option, v.value)) + (f" {esc(tags.strip())}" if tags else "")
        lines.append(f"{indent}{shown}: {esc(v.text)}")
    if option.status == "interpretation":
        lines.append(f"{indent}{_interpretation_mark()} {esc(interpretation_note(option.source))}")
    lines.append(f"{indent}{esc(command_line(option))}")
    return lines


def _setting(setting: str, named: dict) -> str:
    return setting_words(setting, named)


# --- markdown ---------------------------------------------------------------


def render_markdown(book: Rulebook) -> str:
    lines = [f"# {md_escape(spec_text(book.title))}", ""]
    lines += _header_lines(book, bullet="- ", esc=md_escape)
    for heading, rules in _sections(book):
        lines += ["", f"## {heading}", ""]
        for rule in rules:
            lines.append(f"- **{rule.label}.** {md_escape(rule.text)}. *({md_escape(_cite_statuses(rule, book.ruleset_id))})*")
            lines += [f"  - **{_interpretation_mark()}** {md_escape(note)}" for note in _interpretation_notes(rule)]
    for players, options in _option_sections(book):
        lines += ["", f"## {_options_heading(players)}", ""]
        for option in options:
            lines += _option_lines(book, option, options, md_escape, head="- ", indent="  - ",
                                   strong=lambda text: f"**{text}**")
    if book.described_variants:
        lines += ["", "## " + _described_variants_heading(), ""]
        lines += _described_lines(book, md_escape, head="- ", indent="  - ", strong=lambda text: f"**{text}**")
    return "\n".join(lines) + "\n"


# --- json -------------------------------------------------------------------


def render_json(book: Rulebook) -> dict[str, Any]:
    return localized_prose({
        "ruleset": book.ruleset_id,
        "title": book.title,
        "summary": book.summary,
        "guide": book.guide,
        "variants": book.variants,
        "players": {str(n): [_rule_json(r) for r in rules] for n, rules in book.by_players.items()},
        "options_set": book.given_options,
        "described_variants": book.described_variants,
        "options": {str(n): {o.name: o.to_json() for o in options} for n, options in book.options_by_players.items()},
    })


def _rule_json(rule: RenderedRule) -> dict[str, Any]:
    return {"rule": rule.key, "label": rule.label, **rule.content_json()}


# --- the catalogue ----------------------------------------------------------


def catalog(spec) -> dict[str, list[dict]]:
    rulesets = [
        {
            "id": rid,
            "title": data.get("title", ""),
            "players": allowed_players(spec, rid),
            "guides": [rid],
        }
        for rid, data in sorted(spec.rulesets.items())
    ]
    variants = [
        {
            "id": vid,
            "title": data.get("title", ""),
            "players": data.get("players"),
            "applies_to": data.get("applies_to", []),
            "guides": sorted({d.get("guide", "?") for d in data.get("described_by", [])}),
        }
        for vid, data in sorted(spec.variants.items())
    ]
    return {"rulesets": rulesets, "variants": variants}


def _counts(counts: list[int] | None) -> str:
    if not counts:
        return _("as ruleset")
    return ",".join(map(str, counts))


def _table(headers: list[str], rows: list[list[str]]) -> list[str]:
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(headers)]
    fmt = "  ".join(f"{{:<{w}}}" for w in widths)
    out = [fmt.format(*headers).rstrip(), fmt.format(*("-" * w for w in widths))]
    return out + [fmt.format(*r).rstrip() for r in rows]


def _catalog_rows(cat: dict) -> tuple[list[list[str]], list[list[str]]]:
    rulesets = [[r["id"], spec_text(r["title"]), _counts(r["players"]), ", ".join(r["guides"])] for r in cat["rulesets"]]
    variants = [
        [v["id"], spec_text(v["title"]), _counts(v["players"]), ", ".join(v["applies_to"]), ", ".join(v["guides"])]
        for v in cat["variants"]
    ]
    return rulesets, variants


def _ruleset_headers() -> list[str]:
    return [_("id"), _("title"), _("players"), _("guides")]


def _variant_headers() -> list[str]:
    return [_("id"), _("title"), _("players"), _("applies to"), _("guides")]


def render_catalog_text(cat: dict) -> str:
    rulesets, variants = ([[plain(cell) for cell in row] for row in rows] for rows in _catalog_rows(cat))
    lines = [_("Rulesets")] + _table(_ruleset_headers(), rulesets)
    lines += ["", _("Variants")] + _table(_variant_headers(), variants)
    return "\n".join(lines) + "\n"


def render_catalog_json(cat: dict) -> dict:
    return localized_prose(cat)


def render_catalog_markdown(cat: dict) -> str:
    rulesets, variants = _catalog_rows(cat)
    lines = ["## " + _("Rulesets"), "", "| " + " | ".join(_ruleset_headers()) + " |", "|---|---|---|---|"]
    lines += ["| " + " | ".join(md_escape(c) for c in row) + " |" for row in rulesets]
    lines += ["", "## " + _("Variants"), "", "| " + " | ".join(_variant_headers()) + " |", "|---|---|---|---|---|"]
    lines += ["| " + " | ".join(md_escape(c) for c in row) + " |" for row in variants]
    return "\n".join(lines) + "\n"


__all__ = [
    "Rulebook",
    "build_rulebook",
    "catalog",
    "render_catalog_json",
    "render_catalog_markdown",
    "render_catalog_text",
    "render_json",
    "render_markdown",
    "render_text",
]

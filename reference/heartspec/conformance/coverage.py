"""`heartspec coverage`: how many scenarios check each rule area, per ruleset and player count.

A scenario counts once per Examples row; its ruleset and player count come
from its tags (`@ruleset:fi @players:4`), on the scenario or on the Examples
block.  `expected_cells` reads off the spec which cells a guide states rules for:
an empty one is a gap in the suite, and the coverage test fails on it.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from heartspec.conformance import cell_coverage, mutant_matrix
from heartspec.paths import data_dir

# Areas that check a whole variant rather than one rule of every ruleset.
VARIANT_AREAS = {"two_player": "two-player", "cancellation": "cancellation"}
# Areas that check a ruleset option: a ruleset naming the option must have scenarios.
OPTION_AREAS = {"settlement": "settlement"}
# Areas about the protocol itself, not about any guide: they cite clauses of spec/protocol.md instead.
PROTOCOL_AREAS = ("protocol_errors", "protocol_framing", "protocol_cards", "protocol_refusals", "protocol_events",
                  "protocol_state")

# Clause ids of spec/protocol.md: `[P-framing-3]` after the sentence it marks; scenarios cite `@clause:P-framing-3`.
CLAUSE_ID = re.compile(r"\[(P-[a-z_]+-\d+)\]")


def protocol_clauses(text: str | None = None) -> list[str]:
    """Every clause id spec/protocol.md defines, in the order of the text."""
    if text is None:
        text = (data_dir("spec") / "protocol.md").read_text(encoding="utf-8")
    return list(dict.fromkeys(CLAUSE_ID.findall(text)))


def expected_cells(spec=None) -> dict[str, dict[str, tuple[int, ...]]]:
    """The (ruleset, players) cells each area must fill, read off the spec: what the guides state rules for.

    Every rule area covers every table size each ruleset allows; the variants area covers each
    variant on each ruleset it applies to (at 4 players where it can, else its smallest table);
    a variant with an area of its own covers its smallest and largest table on each ruleset.
    """
    from heartspec.rules import load_spec
    from heartspec.rules.resolve import variant_players_on

    spec = spec or load_spec()
    sizes = {rid: tuple(spec.players_of(rid)) for rid in spec.rulesets}
    own = {variant for variant in VARIANT_AREAS.values()}
    expected: dict[str, dict[str, tuple[int, ...]]] = {area: dict(sizes) for area in RULE_AREAS}
    expected["variants"] = {}
    for vid, variant in spec.variants.items():
        for rid in variant["applies_to"]:
            counts = variant_players_on(variant, rid) or variant.get("players") or sizes[rid]
            if vid in own:
                area = next(a for a, v in VARIANT_AREAS.items() if v == vid)
                expected.setdefault(area, {})[rid] = (min(counts), max(counts))
            else:
                table = 4 if 4 in counts else min(counts)
                expected["variants"][rid] = tuple(sorted(set(expected["variants"].get(rid, ()) + (table,))))
    for area, option in OPTION_AREAS.items():
        expected[area] = {rid: sizes[rid] for rid, data in spec.rulesets.items() if option in data.get("options", {})}
    for area in PROTOCOL_AREAS:
        expected[area] = {}
    return expected


RULE_AREAS = ("dealing_and_decks", "passing", "opening_lead", "first_trick", "following_and_winning",
              "hearts_broken_and_leads", "scoring", "shooting_the_moon", "game_end_and_ties")


def ruleset_order(spec=None) -> list[str]:
    from heartspec.rules import load_spec

    return (spec or load_spec()).in_guide_order()


class CoverageError(Exception):
    """A feature file the coverage scan cannot read (bad Gherkin, a scenario without tags)."""


@dataclass
class Matrix:
    counts: dict[str, Counter] = field(default_factory=dict)   # area -> Counter[(ruleset, players)]
    total: int = 0
    expected: dict[str, dict[str, tuple[int, ...]]] = field(default_factory=expected_cells)
    rulesets: list[str] = field(default_factory=ruleset_order)
    clauses: list[str] = field(default_factory=protocol_clauses)
    citations: dict[str, list[str]] = field(default_factory=dict)  # clause id -> ids of scenarios citing it

    def uncited(self) -> list[str]:
        return [clause for clause in self.clauses if not self.citations.get(clause)]

    def unknown_citations(self) -> list[str]:
        return sorted(set(self.citations) - set(self.clauses))

    def missing(self) -> list[tuple[str, str, int]]:
        gaps = []
        for area, cells in self.expected.items():
            for ruleset, sizes in cells.items():
                gaps += [(area, ruleset, n) for n in sizes if not self.counts.get(area, Counter())[(ruleset, n)]]
        return gaps


def tag_values(tags: list[dict], key: str) -> list[str]:
    prefix = f"@{key}:"
    return [tag["name"][len(prefix):] for tag in tags if tag["name"].startswith(prefix)]


def scenario_cells(scenario: dict) -> list[tuple[str, int]]:
    """One (ruleset, players) pair per example row (or one for a plain scenario)."""
    cells = []
    blocks = scenario.get("examples") or []
    for block in blocks or [None]:
        tags = scenario["tags"] + (block["tags"] if block else [])
        rows = len(block.get("tableBody") or []) if block else 1
        rulesets = tag_values(tags, "ruleset") or ["any"]
        players = tag_values(tags, "players") or ["0"]
        cells += [(ruleset, int(n)) for ruleset in rulesets for n in players] * rows
    return cells


def scan_features(folder: Path | None = None) -> Matrix:
    from gherkin.parser import Parser

    matrix = Matrix()
    for path in sorted((folder or data_dir("features")).glob("*.feature")):
        try:
            document = Parser().parse(path.read_text(encoding="utf-8"))
        except Exception as err:  # the gherkin parser raises its own family of errors
            raise CoverageError(f"{path.name}: {err}") from None
        counter = matrix.counts.setdefault(path.stem, Counter())
        for child in document["feature"]["children"]:
            if "scenario" in child:
                cells = scenario_cells(child["scenario"])
                counter.update(cells)
                matrix.total += len(cells)
                note_citations(matrix, child["scenario"])
    return matrix


def note_citations(matrix: Matrix, scenario: dict) -> None:
    tags = scenario["tags"] + [tag for block in scenario.get("examples") or [] for tag in block["tags"]]
    ident = (tag_values(scenario["tags"], "id") or [scenario.get("name", "?")])[0]
    for clause in tag_values(tags, "clause"):
        cited = matrix.citations.setdefault(clause, [])
        if ident not in cited:
            cited.append(ident)


def clause_lines_markdown(matrix: Matrix) -> list[str]:
    cited = len(matrix.clauses) - len(matrix.uncited())
    lines = ["## Protocol clauses", "",
             f"{cited} of {len(matrix.clauses)} clauses of spec/protocol.md are cited by a scenario (`@clause:` tags).", "",
             "| clause | scenarios |", "|---|---|"]
    lines += [f"| {clause} | {', '.join(matrix.citations.get(clause, [])) or 'MISSING'} |" for clause in matrix.clauses]
    lines.append("")
    if matrix.unknown_citations():
        lines += [f"Cited but not in spec/protocol.md: {', '.join(matrix.unknown_citations())}", ""]
    return lines


def clause_lines_text(matrix: Matrix) -> list[str]:
    cited = len(matrix.clauses) - len(matrix.uncited())
    lines = [f"protocol clauses: {cited} of {len(matrix.clauses)} cited by a scenario"]
    lines += [f"uncited clause: {clause}" for clause in matrix.uncited()]
    lines += [f"cited but not in spec/protocol.md: {clause}" for clause in matrix.unknown_citations()]
    return lines


def columns(matrix: Matrix) -> list[tuple[str, int]]:
    seen = {cell for counter in matrix.counts.values() for cell in counter}
    seen |= {(ruleset, n) for cells in matrix.expected.values() for ruleset, sizes in cells.items() for n in sizes}
    order = {ruleset: index for index, ruleset in enumerate(matrix.rulesets + ["any"])}
    return sorted(seen, key=lambda cell: (order.get(cell[0], 99), cell[0], cell[1]))


def cell_text(matrix: Matrix, area: str, cell: tuple[str, int]) -> str:
    count = matrix.counts[area][cell]
    expected = cell[1] in matrix.expected.get(area, {}).get(cell[0], ())
    if count:
        return str(count)
    return "MISSING" if expected else "."


def render_markdown(matrix: Matrix) -> str:
    cols = columns(matrix)
    header = "| area | " + " | ".join(f"{r} {n}p" if n else r for r, n in cols) + " | all |"
    lines = [
        "# Conformance coverage",
        "",
        "Generated by `heartspec coverage --format markdown`; do not edit by hand.",
        "Scenarios (one per Examples row) per rule area, ruleset and player count.",
        "`.` marks a cell no guide states a rule for; `MISSING` marks a gap in the suite.",
        "",
        header,
        "|" + "---|" * (len(cols) + 2),
    ]
    for area in sorted(matrix.counts):
        cells = " | ".join(cell_text(matrix, area, cell) for cell in cols)
        lines.append(f"| {area} | {cells} | {sum(matrix.counts[area].values())} |")
    lines += ["", f"Total: {matrix.total} scenarios.", ""]
    gaps = matrix.missing()
    lines += [f"Missing: {', '.join(f'{a} {r} {n}p' for a, r, n in gaps)}", ""] if gaps else []
    lines += clause_lines_markdown(matrix)
    lines += cell_coverage.markdown_lines()
    lines += mutant_matrix.markdown_lines()
    return "\n".join(lines)


# The default text view fits a terminal this wide; `--wide` prints the one table the markdown has.
TERMINAL_COLUMNS = 100


def render_text(matrix: Matrix, wide: bool = False, clauses: bool = False) -> str:
    """The matrix as plain text: a table per ruleset (or one wide table), then the gaps and the clauses."""
    lines = wide_table_lines(matrix) if wide else per_ruleset_lines(matrix)
    lines.append(f"total: {matrix.total} scenarios")
    for area, ruleset, players in matrix.missing():
        lines.append(f"missing: {area} for {ruleset} at {players} players")
    lines += clause_lines_text(matrix)
    lines += cell_coverage.text_lines()
    if clauses:
        lines += clause_listing_text(matrix)
    return "\n".join(lines) + "\n"


def wide_table_lines(matrix: Matrix) -> list[str]:
    cols = columns(matrix)
    names = [f"{r}/{n}" if n else r for r, n in cols]
    width = area_width(matrix)
    lines = [f"{'area':<{width}} " + " ".join(f"{name:>7}" for name in names) + "     all"]
    for area in sorted(matrix.counts):
        cells = " ".join(f"{cell_text(matrix, area, cell):>7}" for cell in cols)
        lines.append(f"{area:<{width}} {cells} {sum(matrix.counts[area].values()):>7}")
    return lines


def per_ruleset_lines(matrix: Matrix) -> list[str]:
    """One table per ruleset, columns by player count, rows only for areas that concern it."""
    lines: list[str] = []
    width = area_width(matrix)
    cols = columns(matrix)
    for ruleset in dict.fromkeys(r for r, _ in cols):
        sizes = [cell for cell in cols if cell[0] == ruleset]
        areas = [area for area in sorted(matrix.counts) if concerns(matrix, area, sizes)]
        if not areas:
            continue
        header = "players" if any(n for _, n in sizes) else ""
        lines.append(f"{ruleset:<{width}} " + " ".join(f"{f'{n}p' if n else header:>5}" for _, n in sizes) + "   all")
        for area in areas:
            cells = " ".join(f"{cell_text(matrix, area, cell):>5}" for cell in sizes)
            lines.append(f"  {area:<{width - 2}} {cells} {sum(matrix.counts[area][cell] for cell in sizes):>5}")
        lines.append("")
    return lines


def concerns(matrix: Matrix, area: str, cells: list[tuple[str, int]]) -> bool:
    expected = matrix.expected.get(area, {})
    return any(matrix.counts[area][cell] or cell[1] in expected.get(cell[0], ()) for cell in cells)


def area_width(matrix: Matrix) -> int:
    return max((len(area) for area in matrix.counts), default=4) + 2


def clause_listing_text(matrix: Matrix) -> list[str]:
    """Each clause with the scenarios that cite it, wrapped to the terminal width."""
    import textwrap

    width = max((len(clause) for clause in matrix.clauses), default=8)
    lines = []
    for clause in matrix.clauses:
        cited = ", ".join(matrix.citations.get(clause, [])) or "MISSING"
        lines += textwrap.wrap(cited, TERMINAL_COLUMNS, initial_indent=f"{clause:<{width}}  ",
                               subsequent_indent=" " * (width + 2), break_on_hyphens=False)
    return lines

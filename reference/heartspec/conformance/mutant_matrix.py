"""The mutant matrix: which rule areas of the suite catch each deliberately broken engine.

A mutant engine breaks one rule the way a real implementation might.  Run against
it, the suite should fail scenarios of that rule's area and at most a few stated
ones elsewhere: one fault, one area.  Measuring runs the whole suite once per
mutant, so the result is kept as data (`features/mutant_matrix.json`) that
`heartspec coverage` renders into COVERAGE.md, and re-measured on demand:

    python -m heartspec.conformance.mutant_matrix tests/mutants/mutant_engine.py

The mutant script names its mutants in a dict `AREAS`: mutant -> (own area,
failures allowed elsewhere).
"""

from __future__ import annotations

import json
import runpy
import shlex
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from heartspec.conformance.recorded_run import run_suite
from heartspec.paths import data_dir

MATRIX_FILE = "mutant_matrix.json"


@dataclass(frozen=True)
class Mutant:
    name: str
    area: str        # the rule area whose scenarios must catch it
    elsewhere: int   # how many scenarios of other areas may fail too (positions that cannot avoid the rule)
    why: str = ""    # which scenarios those are, and why they cannot avoid the rule


def declared_mutants(script: str | Path) -> list[Mutant]:
    """The mutants a mutant-engine script declares: `AREAS` (name -> (area, allowed elsewhere)) and
    `ELSEWHERE_WHY` (name -> which scenarios outside the area fail, and why)."""
    module = runpy.run_path(str(script), run_name="mutant_declarations")
    why = module.get("ELSEWHERE_WHY", {})
    return [Mutant(name, area, elsewhere, why.get(name, "")) for name, (area, elsewhere) in sorted(module["AREAS"].items())]


def feature_areas(folder: Path | None = None) -> list[str]:
    return sorted(path.stem for path in (folder or data_dir("features")).glob("*.feature"))


def failures_by_area(report: dict) -> dict[str, int]:
    """Failed scenarios (one per Examples row) per rule area, from a `--report-json` document."""
    counts = Counter(row.get("area", "") for row in report["scenarios"] if row["outcome"] == "failed")
    return dict(sorted(counts.items()))


def declared_failures(report: dict, area: str) -> int:
    """Failed scenarios of other areas that declare, with `@depends:AREA`, that their verdict rests on `area`
    (a moon that ends the game rests on the moon's scoring): they count as that area's, not as noise."""
    return sum(1 for row in report["scenarios"]
               if row["outcome"] == "failed" and row.get("area") != area and area in row.get("depends", ()))


def measure(script: str | Path) -> dict:
    """Run the suite against every declared mutant: the matrix as data."""
    rows = {}
    for mutant in declared_mutants(script):
        engine = shlex.join([sys.executable, str(script), mutant.name])
        report = run_suite(engine)["report"]  # a whole run each: the truth the recorded-run shortcut is held to
        rows[mutant.name] = {"area": mutant.area, "elsewhere_allowed": mutant.elsewhere, "why": mutant.why,
                             "failures": failures_by_area(report), "declared": declared_failures(report, mutant.area)}
        print(f"{mutant.name}: {rows[mutant.name]['failures']}", file=sys.stderr)
    return {"areas": feature_areas(), "mutants": rows}


def own_and_elsewhere(row: dict) -> tuple[int, int]:
    """Failures in the mutant's own area, and those elsewhere that no `@depends` tag accounts for."""
    own = row["failures"].get(row["area"], 0)
    return own, sum(row["failures"].values()) - own - row.get("declared", 0)


def load(folder: Path | None = None) -> dict | None:
    path = (folder or data_dir("features")) / MATRIX_FILE
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else None


def render_markdown(matrix: dict) -> str:
    """The matrix as a COVERAGE.md section: one row per mutant, one column per area with failures."""
    used = sorted({area for row in matrix["mutants"].values() for area in row["failures"]}
                  | {row["area"] for row in matrix["mutants"].values()})
    lines = [
        "## Mutant matrix",
        "",
        "Failed scenarios (one per Examples row) when the suite runs against each mutant engine of",
        "`tests/mutants/mutant_engine.py`, by rule area. Each mutant breaks one rule; it must fail its",
        "own area (**bold**) and at most the stated number of scenarios elsewhere. A scenario that checks",
        "where two rules meet (a moon that ends the game) names the second area with `@depends:AREA`;",
        "its failures are counted under *declared*, not elsewhere. Measured with",
        "`python -m heartspec.conformance.mutant_matrix tests/mutants/mutant_engine.py`; areas without",
        "failures are left out.",
        "",
        "| mutant | own area | declared | elsewhere (allowed) | " + " | ".join(used) + " |",
        "|" + "---|" * (len(used) + 4),
    ]
    notes = []
    for name, row in sorted(matrix["mutants"].items()):
        own, elsewhere = own_and_elsewhere(row)
        cells = []
        for area in used:
            count = row["failures"].get(area, 0)
            text = str(count) if count else "."
            cells.append(f"**{text}**" if area == row["area"] else text)
        lines.append(f"| {name} | {row['area']} | {row.get('declared', 0)} | {elsewhere} ({row['elsewhere_allowed']}) | "
                     + " | ".join(cells) + " |")
        if row.get("why"):
            notes.append(f"- {name}: {row['why']}")
    if notes:
        lines += ["", "Why a mutant fails scenarios outside its own area:", "", *notes]
    return "\n".join(lines) + "\n"


def markdown_lines(folder: Path | None = None) -> list[str]:
    """The COVERAGE.md section, as lines, when a measured matrix is shipped."""
    matrix = load(folder)
    return render_markdown(matrix).splitlines() + [""] if matrix else []


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        sys.exit("usage: python -m heartspec.conformance.mutant_matrix MUTANT_SCRIPT")
    matrix = measure(args[0])
    target = data_dir("features") / MATRIX_FILE
    from heartspec.outputs import write_output

    write_output(target, json.dumps(matrix, indent=1, sort_keys=True) + "\n", "mutant matrix")  # whole or not at all
    print(f"wrote {target}", file=sys.stderr)


if __name__ == "__main__":
    main()

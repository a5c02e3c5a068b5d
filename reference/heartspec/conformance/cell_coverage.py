"""Which of the fuzzer's rare cells (heartspec.cells) the scenarios themselves reach, per ruleset and table size.

A rule bug that only shows in a rare cell (a heart forced onto the first trick, a lead from a hand
of only hearts, a tie) passes a suite that never goes there. This measures where the suite goes:
the reference's recorded run (heartspec.conformance.recorded_run) gives every scenario's requests,
each scenario's requests are sent again to an in-process reference server, and the cell detector
the fuzzer uses watches its game. A scenario counts for the set-up of its game: ruleset and table
size, with or without variants (a variant scenario that reaches a cell reaches it for that ruleset
and size too; the rows list which cells the plain rules have). Measuring needs a whole run, so the
result is kept as data (`features/cell_coverage.json`) that `heartspec coverage` renders, and
re-measured on demand:

    python -m heartspec.conformance.cell_coverage
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from heartspec.cells import CELLS, applicable_cells, event_cells, on_first_trick, position_cells
from heartspec.paths import data_dir

COVERAGE_FILE = "cell_coverage.json"
MEASURE = "python -m heartspec.conformance.cell_coverage"


def cells_of_scenario(exchanges: list) -> dict[tuple[str, int], set[str]]:
    """The cells one scenario's requests reach, by the (ruleset, players) of the game they were in."""
    from heartspec.conformance.layout import shipped_catalog
    from heartspec.protocol.server import Server

    server = Server(catalog=shipped_catalog())
    reached: dict[tuple[str, int], set[str]] = {}
    for line, _answer in exchanges:
        request = _request(line)
        if request is None:
            continue
        game = server.game
        before, first_trick = [], False
        if request.get("cmd") == "play" and game is not None and game.phase == "playing" and request.get("seat") == game.turn:
            before, first_trick = position_cells(game, game.turn), on_first_trick(game)
        response = server.handle(request)
        if not response.get("ok") or server.game is None:
            continue
        rules = server.game.rules
        found = reached.setdefault((rules.ruleset, rules.players), set())
        found.update(before if request.get("cmd") == "play" else ())
        found.update(event_cells(server.game, response.get("events") or (), first_trick))
    return reached


def _request(line) -> dict | None:
    """A recorded line as a request the in-process server can take, or None (raw bytes, not JSON, not an object)."""
    if not isinstance(line, str):
        return None
    try:
        request = json.loads(line)
    except (ValueError, RecursionError):  # the framing scenarios' malformed and deeply nested lines
        return None
    return request if isinstance(request, dict) else None


def base_setups() -> dict[tuple[str, int], tuple[str, ...]]:
    """Every ruleset and table size the spec allows, with the cells its plain rules have (or, at a size only a
    variant plays, such as two players or a double deck, the rules with that variant)."""
    from heartspec.conformance.layout import shipped_catalog

    catalog = shipped_catalog()
    setups = {}
    for ruleset, sizes in catalog.players_by_ruleset().items():
        for players in sizes:
            rules = _plainest_rules(catalog, ruleset, players)
            if rules is not None:
                setups[(ruleset, players)] = applicable_cells(rules)
    return setups


def _plainest_rules(catalog, ruleset: str, players: int):
    from heartspec.engine.errors import RuleError

    for variants in [[]] + [[variant] for variant in catalog.variant_ids()]:
        try:
            return catalog.compile(ruleset, variants, players, {})
        except RuleError:
            continue
    return None


def measure(recording: dict) -> dict:
    """The cell coverage as data: per set-up `"fi 4p"`, each cell its plain rules have and the scenarios reaching it."""
    by_setup: dict[tuple[str, int], dict[str, list[str]]] = {}
    for scenario_id, scenario in recording["scenarios"].items():
        for setup, cells in cells_of_scenario(scenario["exchanges"]).items():
            for cell in cells:
                by_setup.setdefault(setup, {}).setdefault(cell, []).append(scenario_id)
    rows = {}
    for (ruleset, players), cells in base_setups().items():
        reached = by_setup.get((ruleset, players), {})
        rows[f"{ruleset} {players}p"] = {cell: sorted(reached.get(cell, [])) for cell in cells}
    goals = {cell for row in rows.values() for cell in row}  # a cell no set-up has as a goal gets no column
    return {"cells": [cell for cell in CELLS if cell in goals], "setups": rows}


def load(folder: Path | None = None) -> dict | None:
    path = (folder or data_dir("features")) / COVERAGE_FILE
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else None


def unreached(coverage: dict) -> list[tuple[str, str]]:
    """(set-up, cell) pairs the plain rules have and no scenario reaches."""
    return [(setup, cell) for setup, cells in coverage["setups"].items() for cell, ids in cells.items() if not ids]


def _rows(coverage: dict) -> list[tuple[str, dict]]:
    """The set-ups by ruleset, then table size (the file keeps them in key order, where "dk 10p" sorts first)."""
    def order(name: str) -> tuple[str, int]:
        ruleset, players = name.rsplit(" ", 1)
        return ruleset, int(players.rstrip("p"))

    return sorted(coverage["setups"].items(), key=lambda item: order(item[0]))


def _cell_text(row: dict, cell: str) -> str:
    if cell not in row:
        return "."
    return str(len(row[cell])) if row[cell] else "MISSING"


SHORT_NAMES = {  # column heads for the tables: the cell names are long
    "first trick: void with only point cards": "pts-1st",
    "first trick: hearts broken": "brk-1st",
    "lead before hearts broken from a hand of only hearts": "h-lead",
    "lead before hearts broken from only hearts and the queen of spades": "hq-lead",
    "trick set aside": "aside",
    "moon shot": "moon", "moon choice": "choice", "kitty taken": "kitty",
    "cards drawn from the stock": "stock", "game over: target reached": "target",
    "game over: last deal of the deal limit": "last", "game over: tie for the win": "tie",
}


def markdown_lines(coverage: dict | None = None) -> list[str]:
    coverage = coverage if coverage is not None else load()
    if not coverage:
        return []
    cells = coverage["cells"]
    lines = [
        "## Rare cells",
        "",
        "Scenarios (one per Examples row) that reach each rare cell the fuzzer knows (`heartspec/cells.py`), per",
        "ruleset and table size: every scenario's requests, from the reference's recorded run, sent again to the",
        "reference with the fuzzer's cell detector watching. `.` marks a cell the plain rules of that set-up cannot",
        f"reach; `MISSING` a cell no scenario reaches. Measured with `{MEASURE}`.",
        "",
        "| set-up | " + " | ".join(cell for cell in cells) + " |",
        "|" + "---|" * (len(cells) + 1),
    ]
    for setup, row in _rows(coverage):
        lines.append(f"| {setup} | " + " | ".join(_cell_text(row, cell) for cell in cells) + " |")
    gaps = unreached(coverage)
    lines += ["", f"Unreached: {', '.join(f'{cell} ({setup})' for setup, cell in gaps)}" if gaps
              else "Every rare cell of every set-up is reached by a scenario.", ""]
    return lines


def text_lines(coverage: dict | None = None) -> list[str]:
    coverage = coverage if coverage is not None else load()
    if not coverage:
        return []
    cells = coverage["cells"]
    names = [SHORT_NAMES.get(cell, cell) for cell in cells]
    lines = ["", "rare cells: scenarios reaching each (heartspec/cells.py; '.' cannot occur there)",
             f"{'':<14}" + "".join(f"{name:>8}" for name in names)]
    for setup, row in _rows(coverage):
        lines.append(f"{setup:<14}" + "".join(f"{_cell_text(row, cell):>8}" for cell in cells))
    lines += [f"  {name}: {cell}" for name, cell in zip(names, cells)]
    for setup, cell in unreached(coverage):
        lines.append(f"unreached: {cell} for {setup}")
    return lines


def main(argv: list[str] | None = None) -> None:
    from heartspec.conformance.recorded_run import record
    from heartspec.outputs import write_output

    if (sys.argv[1:] if argv is None else argv):
        sys.exit(f"usage: {MEASURE}")
    coverage = measure(record()["recording"])
    target = data_dir("features") / COVERAGE_FILE
    write_output(target, json.dumps(coverage, indent=1, sort_keys=True) + "\n", "cell coverage")
    print(f"wrote {target}", file=sys.stderr)
    for setup, cell in unreached(coverage):
        print(f"unreached: {cell} for {setup}", file=sys.stderr)


if __name__ == "__main__":
    main()

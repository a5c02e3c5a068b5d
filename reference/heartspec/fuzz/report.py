"""What a fuzz run tells its reader: differences grouped by signature, rare cells reached, JSON and JUnit.

One bug is one entry: differences that share a signature (command, field,
rule) are grouped, counted, and shown by their smallest reproduction.
`--known-differences` lists accepted signatures; a listed signature that did
not occur is an unexpected pass and fails the run, as a strict expected
failure fails `heartspec conform`.
"""

from __future__ import annotations

import json
import shlex
from collections import Counter
from dataclasses import dataclass, field
from typing import Any
from xml.etree import ElementTree

from heartspec.fuzz.judge import PROTOCOL, Ruling
from heartspec.fuzz.lockstep import Mismatch
from heartspec.fuzz.probes import REFUSAL, REFUSAL_KINDS
from heartspec.fuzz.setups import Setup
from heartspec.inputs import read_text_file
from heartspec.limits import MAX_KNOWN_DIFFERENCES_BYTES
from heartspec.outputs import write_output, written_by
from heartspec.safe_text import plain, shortened

SCHEMA_VERSION = 2
RULES_KIND, PROTOCOL_KIND = "rules", "protocol"  # differences are reported apart by what decides them


KIND_HEADINGS = {RULES_KIND: "rule differences (a ruleset's rule decides them):",
                 PROTOCOL_KIND: "protocol differences (spec/protocol.md decides them):"}


def signature_text(signature: tuple[str, str, str]) -> str:
    return " ".join(signature)


@dataclass
class Finding:
    signature: tuple[str, str, str]
    seed: int
    game: int
    setup: Setup
    ruling: Ruling
    mismatch: Mismatch | None = None
    log: list[str] = field(default_factory=list)
    stop_line: int = 0
    deals: int = 0
    moves: int = 0
    shrunk: bool = False
    path: str | None = None
    viewer: str | None = None  # the hand viewer's page beside the saved log
    notes: list[str] = field(default_factory=list)

    def header(self, engine_command: str) -> list[str]:
        m = self.mismatch
        lines = [f"heartspec fuzz: seed {self.seed}, game {self.game} ({self.setup.label()})",
                 f"engine under test: {engine_command}",
                 f"difference: {signature_text(self.signature)}"]
        if m is not None and not m.broke_protocol:
            lines.append(f"  reference: {json.dumps(m.reference_value)}; engine: {json.dumps(m.engine_value)}")
        elif m is not None:
            lines.append(f"  the engine {m.field}: {shortened(m.problem, 400) if m.problem else ''}")
        lines.append(f"rule: {self.ruling.citation}")
        lines.append("the responses are the reference engine's, the engine under test's is a comment where it differs: "
                     "`heartspec replay THIS_FILE --engine CMD` stops at that request until the engine agrees")
        return lines

    def size(self) -> tuple[int, int, int]:
        return (self.deals, self.moves, len(self.log))

    def as_json(self) -> dict[str, Any]:
        m = self.mismatch
        return {
            "seed": self.seed, "game": self.game, "setup": self.setup.as_json(),
            "deals": self.deals, "moves": self.moves, "shrunk": self.shrunk,
            "reference": None if m is None else m.reference_value,
            "engine": None if m is None else m.engine_value,
            "problem": None if m is None or not m.problem else m.problem,
            "stop_line": self.stop_line, "log": self.log, "path": self.path, "viewer": self.viewer, "notes": self.notes,
        }


@dataclass
class Group:
    signature: tuple[str, str, str]
    findings: list[Finding] = field(default_factory=list)
    known: str | None = None          # the reason given in --known-differences, when listed

    @property
    def smallest(self) -> Finding:
        return min(self.findings, key=lambda f: (not f.shrunk, f.size()))

    @property
    def count(self) -> int:
        return len(self.findings)

    @property
    def kind(self) -> str:
        """`rules` when a rule of play decides it (a ruleset's rule cited), else `protocol` (spec/protocol.md)."""
        return PROTOCOL_KIND if self.smallest.ruling.rule == PROTOCOL else RULES_KIND


@dataclass
class FuzzReport:
    seed: int
    setups_available: int = 0
    games: int = 0
    steps: int = 0
    seconds: float = 0.0
    engine: dict = field(default_factory=dict)
    reached: Counter = field(default_factory=Counter)
    setups_played: set = field(default_factory=set)
    notes: list[str] = field(default_factory=list)
    interrupted: bool = False  # stopped by Ctrl-C or SIGTERM: the games asked for were not all played
    probes: str = "all"        # the refusal probes sent (`--probes`)
    budget: Any = None         # heartspec.fuzz.budget.Budget: what bounded the run
    cells: Any = None          # heartspec.fuzz.budget.Progress: each set-up's games and rare cells
    resyncs: int = 0           # times a game was played on after a probe differed (heartspec.fuzz.resync)
    resync_failures: int = 0   # ... and times it could not be, the engine not replaying its own deal
    known: dict[str, str] = field(default_factory=dict)   # signature text -> reason
    _groups: dict[tuple, Group] = field(default_factory=dict)

    def add(self, finding: Finding) -> None:
        group = self._groups.setdefault(finding.signature, Group(finding.signature))
        group.findings.append(finding)
        group.known = self.known.get(signature_text(finding.signature))

    def seen(self) -> set[tuple]:
        return set(self._groups)

    def count_shrunk(self, signature: tuple) -> int:
        group = self._groups.get(signature)
        return sum(1 for f in group.findings if f.shrunk) if group else 0

    def groups(self) -> list[Group]:
        return sorted(self._groups.values(), key=lambda g: (g.kind != RULES_KIND, g.known is not None, -g.count,
                                                              g.signature))

    def new_groups(self) -> list[Group]:
        return [g for g in self.groups() if g.known is None]

    def unexpected_passes(self) -> list[str]:
        seen = {signature_text(s) for s in self._groups}
        return sorted(set(self.known) - seen)

    @property
    def ok(self) -> bool:
        return not self.new_groups() and not self.unexpected_passes()

    # --- text -----------------------------------------------------------

    def text(self) -> str:
        rate = self.steps / self.seconds if self.seconds else 0.0
        lines = [f"heartspec fuzz: seed {self.seed}, {self.games} games, {self.steps:,} steps compared "
                 f"in {self.seconds:.1f}s ({rate:,.0f}/s); {len(self.setups_played)} of {self.setups_available} set-ups played"]
        if self.engine:
            lines.append(f"engine: {plain(self.engine.get('name', '?'))} {plain(self.engine.get('version', ''))} "
                         f"({plain(self.engine.get('command'))})")  # the engine's own words: no escapes, one line
        lines.append("rare situations reached: " + (", ".join(f"{k} {v}" for k, v in sorted(self.reached.items())
                                                            if not k.startswith((REFUSAL, "deal built"))) or "none"))
        lines += self._refusal_lines()
        if self.budget is not None:
            lines.append(f"budget: {self.budget.text()}")
        if self.cells is not None:
            lines.append(f"rare cells: {self.cells.summary()}")
        lines.append(self._probe_line())
        lines += [f"note: {n}" for n in self.notes]
        shown_kind = None
        for number, group in enumerate(self.groups(), start=1):
            if group.kind != shown_kind:
                shown_kind = group.kind
                lines += ["", KIND_HEADINGS[group.kind]]
            lines += [""] + self._group_lines(number, group)
        for entry in self.unexpected_passes():
            lines.append(f"unexpected pass: known difference {entry!r} did not occur in this run")
        new = self.new_groups()
        known = len(self.groups()) - len(new)
        by_kind = self.new_by_kind()
        lines += ["", f"{len(new)} difference(s) ({by_kind[RULES_KIND]} in the rules, {by_kind[PROTOCOL_KIND]} in the "
                      f"protocol), {known} known, {len(self.unexpected_passes())} unexpected pass(es)"]
        return "\n".join(lines) + "\n"

    def new_by_kind(self) -> dict[str, int]:
        counts = {RULES_KIND: 0, PROTOCOL_KIND: 0}
        for group in self.new_groups():
            counts[group.kind] += 1
        return counts

    def _probe_line(self) -> str:
        played_on = f"; play went on after a differing probe {self.resyncs} time(s)" if self.resyncs else ""
        failed = f" ({self.resync_failures} could not be brought back)" if self.resync_failures else ""
        return f"probes: {self.probes}{played_on}{failed}"

    def _refusal_lines(self) -> list[str]:
        """One line per refusal kind (error code), with how often the engine was sent a request refused so."""
        counts = {k.removeprefix(REFUSAL): v for k, v in self.reached.items() if k.startswith(REFUSAL)}
        kinds = list(REFUSAL_KINDS) + sorted(set(counts) - set(REFUSAL_KINDS))
        width = max(map(len, kinds))
        return ["refusals probed (error code: requests the reference refuses so, sent to the engine):"] + \
               [f"  {kind:<{width}} {counts.get(kind, 0):>7,}" for kind in kinds]

    def _group_lines(self, number: int, group: Group) -> list[str]:
        smallest = group.smallest
        status = "known" if group.known is not None else "new"
        distinct = list(dict.fromkeys(f.game for f in group.findings))  # a game played on can show one twice
        games = ", ".join(map(str, distinct[:8])) + (" ..." if len(distinct) > 8 else "")
        lines = [f"difference {number}: {signature_text(group.signature)} [{status}], {group.count} occurrence(s): games {games}",
                 *([f"  known: {group.known}"] if group.known is not None else []),
                 f"  rule: {smallest.ruling.citation}",
                 f"  smallest: seed {smallest.seed}, game {smallest.game} ({smallest.setup.label()}); "
                 f"{smallest.deals} deal(s), {smallest.moves} move(s), {len(smallest.log)} log lines"]
        m = smallest.mismatch
        if m is not None and m.broke_protocol:
            lines.append(f"  the engine {m.field}: {shortened(m.problem, 400) if m.problem else ''}")
        elif m is not None:
            lines.append(f"  reference: {json.dumps(m.reference_value)}")
            lines.append(f"  engine:    {json.dumps(m.engine_value)}")
        where = f"the engine {'broke' if m is not None and m.broke_protocol else 'differs'} at line {smallest.stop_line}"
        check = f"heartspec replay {{}} --engine {shlex.quote(self.engine.get('command') or 'CMD')}"
        if smallest.path:
            lines.append(f"  reproduction: {smallest.path} ({where})")
            lines.append(f"  check a fix: {check.format(shlex.quote(smallest.path))}")
            if smallest.viewer:
                lines.append(f"  step through it in a browser: {smallest.viewer}")
        elif group.known is not None:
            lines.append(f"  reproduction: {len(smallest.log)} lines in --report-json, or written by --save ({where})")
        else:
            lines.append(f"  reproduction, {len(smallest.log)} lines ({where}; --save writes it to a file):")
            lines += [f"    {plain(line)}" for line in smallest.log]
            lines.append(f"  check a fix: save those lines as FILE, then {check.format('FILE')}")
        lines += [f"  note: {n}" for n in smallest.notes]
        return lines

    # --- JSON and JUnit ---------------------------------------------------

    def as_json(self) -> dict[str, Any]:
        return {
            "schema_version": SCHEMA_VERSION,
            "seed": self.seed, "games": self.games, "steps": self.steps, "seconds": round(self.seconds, 3),
            "engine": self.engine,
            "setups": {"available": self.setups_available, "played": len(self.setups_played)},
            "reached": dict(sorted(self.reached.items())),
            "notes": self.notes,
            "probes": {"sent": self.probes, "resyncs": self.resyncs, "resync_failures": self.resync_failures},
            "new_differences": self.new_by_kind(),
            "budget": self.budget.as_json() if self.budget is not None else None,
            "per_setup": self.cells.as_json() if self.cells is not None else [],
            "differences": [{
                "signature": {"command": g.signature[0], "field": g.signature[1], "rule": g.signature[2]},
                "kind": g.kind,
                "known": g.known is not None, "reason": g.known, "count": g.count,
                "ruling": g.smallest.ruling.as_json(),
                "games": [f.game for f in g.findings],
                "smallest": g.smallest.as_json(),
            } for g in self.groups()],
            "unexpected_passes": self.unexpected_passes(),
            "ok": self.ok,
        }

    def write_json(self, path: str) -> None:
        write_output(path, json.dumps(self.as_json(), indent=2) + "\n", "fuzz report")

    def write_junit(self, path: str) -> None:
        cases = []
        for group in self.groups():
            case = ElementTree.Element("testcase", classname=f"heartspec.fuzz.{group.kind}",
                                       name=signature_text(group.signature))
            smallest = group.smallest
            detail = "\n".join(self._group_lines(0, group)[1:] + smallest.log)
            if group.known is not None:
                ElementTree.SubElement(case, "skipped", message=f"known difference: {group.known}")
            else:
                failure = ElementTree.SubElement(case, "failure", message=f"{group.count} occurrence(s), "
                                                 f"first at seed {smallest.seed} game {smallest.game}")
                failure.text = detail
            cases.append(case)
        for entry in self.unexpected_passes():
            case = ElementTree.Element("testcase", classname="heartspec.fuzz", name=entry)
            ElementTree.SubElement(case, "failure", message="unexpected pass: this known difference did not occur")
            cases.append(case)
        run = ElementTree.Element("testcase", classname="heartspec.fuzz", name=f"lockstep seed {self.seed}",
                                  time=f"{self.seconds:.3f}")
        ElementTree.SubElement(run, "system-out").text = self.text()
        cases.append(run)
        failures = sum(1 for c in cases if c.find("failure") is not None)
        skipped = sum(1 for c in cases if c.find("skipped") is not None)
        suite = ElementTree.Element("testsuite", name="heartspec-fuzz", tests=str(len(cases)),
                                    failures=str(failures), skipped=str(skipped), errors="0",
                                    time=f"{self.seconds:.3f}")
        suite.extend(cases)
        ElementTree.ElementTree(ElementTree.Element("testsuites")).getroot().append(suite)
        written_by(path, lambda where: ElementTree.ElementTree(suite).write(where, encoding="utf-8",
                                                                            xml_declaration=True), "JUnit report")


def read_known_differences(path: str | None) -> dict[str, str]:
    """`command field rule  # reason` per line; blank lines and lines starting with # are ignored."""
    if not path:
        return {}
    text = read_text_file(path, MAX_KNOWN_DIFFERENCES_BYTES, "MAX_KNOWN_DIFFERENCES_BYTES", "known-differences file")
    return parse_known_differences(text, path)


def parse_known_differences(text: str, name: str) -> dict[str, str]:
    known = {}
    for line in text.splitlines():
        entry, _, reason = line.partition("#")
        words = entry.split()
        if len(words) == 3:
            known[" ".join(words)] = reason.strip() or "listed as a known difference"
        elif words:
            raise ValueError(f"{name}: {shortened(line, 120)!r}: a known difference is three words: command field rule")
    return known

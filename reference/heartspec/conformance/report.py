"""What a conformance run tells its reader: failure details, per-ruleset counts, a JSON report."""

from __future__ import annotations

import json
import shlex
from collections import Counter, defaultdict
from typing import Any

from heartspec.conformance.session import fault_kind
from heartspec.conformance.tiers import TIERS, tier_of
from heartspec.inputs import read_text_file
from heartspec.limits import MAX_KNOWN_DIFFERENCES_BYTES
from heartspec.outputs import write_output, written_by
from heartspec.protocol.client import EngineError
from heartspec.safe_text import visible

OUTCOMES = ("passed", "failed", "skipped", "xfailed")
STRICT_XPASS = "[XPASS(strict)]"  # how pytest words a listed expected failure that passed
SHOWN_EXCHANGES = 24  # the end of the transcript is where a failure is; the JSON report keeps it all
# how the engine itself broke, as opposed to answering wrongly: a report reader counts these as errored
ENGINE_FAULTS = {"EngineCrashed": "crash", "EngineTimeout": "hang", "EngineGarbage": "garbage", "EngineClosed": "crash"}


def read_expected_failures(path: str | None) -> dict[str, str]:
    """`scenario-id  # reason` per line; blank lines and lines starting with # are ignored."""
    if not path:
        return {}
    return parse_expected_failures(
        read_text_file(path, MAX_KNOWN_DIFFERENCES_BYTES, "MAX_KNOWN_DIFFERENCES_BYTES", "expected-failures file"))


def parse_expected_failures(text: str) -> dict[str, str]:
    expected: dict[str, str] = {}
    for line in text.splitlines():
        entry, _, reason = line.partition("#")
        if entry.strip():
            expected[entry.strip()] = reason.strip()
    return expected


def item_tags(item) -> dict[str, str]:
    """The scenario id, rule area, ruleset, player count and declared dependencies of a collected scenario, from its tags."""
    tags = {"id": "", "area": "", "ruleset": "", "players": ""}
    depends: set[str] = set()
    tiers: set[str] = set()
    clauses: list[str] = []
    for marker in item.iter_markers():
        key, sep, value = marker.name.partition(":")
        if sep and key in tags and not tags[key]:
            tags[key] = value
        elif sep and key == "depends":
            depends.add(value)
        elif sep and key == "tier":
            tiers.add(value)
        elif sep and key == "clause" and value not in clauses:
            clauses.append(value)
    tags["depends"] = " ".join(sorted(depends))  # other rule areas the scenario's verdict rests on, by design
    tags["tier"] = tier_of(tags["area"], tiers)
    tags["clauses"] = " ".join(sorted(clauses))
    callspec = getattr(item, "callspec", None)
    example = callspec.params.get("_pytest_bdd_example") if callspec else None
    if example:
        tags["ruleset"] = tags["ruleset"] or example.get("ruleset", "")
        tags["example"] = "yes"
    return tags


def assign_example_ids(infos: list[dict[str, str]]) -> None:
    """Give each Examples row an id: `first-trick-001[fi-4p]`, with `-2`, `-3`... for rows sharing that.

    Rows are numbered in file order within their scenario, ruleset and player count, so adding
    a row at the end of an Examples block never renames an existing one.
    """
    seen: Counter = Counter()
    for info in infos:
        if not info.pop("example", None):
            continue
        label = "-".join(part for part in (info["ruleset"], f"{info['players']}p" if info["players"] else "") if part)
        key = (info["id"], label)
        seen[key] += 1
        suffix = f"-{seen[key]}" if seen[key] > 1 else ""
        info["id"] = f"{info['id']}[{label or 'row'}{suffix}]"


def example_id_matches(listed: str, scenario_id: str) -> bool:
    return scenario_id == listed or scenario_id.split("[")[0] == listed


def failure_details(item, error: BaseException) -> dict[str, Any]:
    tags = item_tags(item)
    scenario = getattr(item, "heartspec_scenario", None)
    session = getattr(item, "heartspec_session", None)
    if isinstance(error, EngineError):
        what = f"the engine {fault_kind(error)}: {error}\nlast request sent: {getattr(session, 'last_request', None)}"
    elif isinstance(error, KeyError):
        what = f"the engine's response has no field {json.dumps(error.args[0])}"
    else:
        what = str(error) or type(error).__name__
    return {
        "id": tags["id"],
        "nodeid": item.nodeid,
        "ruleset": tags["ruleset"],
        "tier": tags["tier"],
        "clauses": tags["clauses"].split(),
        "scenario": scenario.name if scenario else item.name,
        "citation": (scenario.description or "").strip() if scenario else "",
        "step": getattr(item, "heartspec_failed_step", ""),
        "what": what,
        "engine_fault": ENGINE_FAULTS.get(type(error).__name__) if isinstance(error, EngineError) else None,
        "exchanges": list(session.transcript) if session else [],
        **_move_log(session),
    }


def _move_log(session) -> dict[str, Any]:
    lines, stop = session.move_log() if session else ([], 0)
    command = session.command if session else ""
    return {"move_log": lines, "move_log_stop": stop,
            "engine_command": command if isinstance(command, str) else shlex.join(command)}


def format_failure(details: dict[str, Any]) -> str:
    clauses = details.get("clauses") or []
    lines = [
        f"scenario {details['id']}: {details['scenario']}"
        + (f" [{details['tier']} tier]" if details.get("tier") else ""),
        details["citation"] or "Source: (no citation)",  # descriptions open with "Source:" (tests/test_conformance_*)
        *([f"protocol clauses: {' '.join(clauses)} (spec/protocol.md)"] if clauses else []),  # descriptions open with "Source:" (tests/test_conformance_*)
        f"failed step: {details['step'] or '(setup)'}",
        f"what happened: {details['what']}",
        "requests sent and responses received:",
    ]
    shown = details["exchanges"][-SHOWN_EXCHANGES:]
    if len(details["exchanges"]) > len(shown):
        lines.append(f"  ... {len(details['exchanges']) - len(shown)} earlier lines (see --report-json for all)")
    for entry in shown:
        arrow = "<" if "ok" in entry else ">"
        lines.append(f"  {arrow} {entry['#raw'] if '#raw' in entry else json.dumps(entry)}")
    lines.extend(move_log_lines(details))
    return visible("\n".join(lines))  # what the engine said, on a terminal: no escape sequence or bidi control


def reproduces(details: dict[str, Any]) -> bool:
    """Whether the failure's move log reproduces it: the engine under test answers some line of it otherwise than
    the reference (or breaks there), so `replay LOG --engine CMD` stops at that line while the fault is there."""
    return bool(details.get("move_log_stop"))


def not_reproduced_words(details: dict[str, Any]) -> str:
    """Why a log does not reproduce a failure, and what does."""
    rerun = shlex.join(["heartspec", "conform", "--engine", details.get("engine_command") or "CMD",
                        "--id", details.get("id") or "ID"])
    return ("this log does not reproduce the failure: the engine answered each of its lines as the reference does "
            "on every field a replay compares, so what failed is what no log of one engine's answers holds (a fresh "
            "engine's exit, lines written at once, timing, a field only the step checks); "
            f"rerun the scenario instead: {rerun}")


def replay_command(details: dict[str, Any], log: str = "FILE") -> str:
    return shlex.join(["heartspec", "replay", log, "--engine", details.get("engine_command") or "CMD"])


def move_log_lines(details: dict[str, Any]) -> list[str]:
    """The move log as the file to save (line numbers count every line), and the command that reproduces the
    failure, or, where the log cannot, why not and what does."""
    stop, log = details.get("move_log_stop", 0), details["move_log"]
    where = (f"the engine under test differs from the reference at line {stop}" if stop else
             "the engine's answers agree with the reference's on every field a replay compares")
    lines = [f"move log, {len(log)} lines, the reference's answers ({where}):", *(f"  {line}" for line in log)]
    if reproduces(details):
        return lines + [f"reproduce (it stops at line {stop} until the engine is fixed): save those lines as FILE "
                        f"(or use conform --save DIR), then {replay_command(details)}"]
    return lines + [not_reproduced_words(details)]


def unexpected_pass_words(scenario_id: str, reason: str) -> str:
    listed = f" (listed because: {reason})" if reason and reason != "listed as an expected failure" else ""
    return (f"scenario {scenario_id} passed, but the expected-failures file lists it as failing{listed}; "
            "the engine now does what the scenario asks: remove the entry")


def outcome_of(report) -> str | None:
    """One word per scenario: its call phase decides, a setup or teardown error is a failure."""
    if report.when == "call":
        if hasattr(report, "wasxfail"):
            return "xfailed" if report.skipped else "failed"
        return report.outcome
    if report.failed:
        return "failed"
    if report.when == "setup" and report.skipped:
        return "skipped"
    return None


class Results:
    def __init__(self):
        self.rows: dict[str, dict[str, Any]] = {}

    @property
    def ids_seen(self) -> set[str]:
        seen = set()
        for row in self.rows.values():
            seen.add(row["id"])
            seen.add(row["id"].split("[")[0])
        return seen

    def record(self, report) -> None:
        outcome = outcome_of(report)
        if outcome is None:
            return
        props = dict(report.user_properties)
        if "heartspec_id" not in props:
            return
        row = self.rows.setdefault(report.nodeid, {"id": props["heartspec_id"], "area": props.get("heartspec_area", ""),
                                                   "depends": props.get("heartspec_depends", "").split(),
                                                   "ruleset": props["heartspec_ruleset"] or "any",
                                                   "tier": props.get("heartspec_tier") or tier_of(props.get("heartspec_area", "")),
                                                   "clauses": props.get("heartspec_clauses", "").split()})
        if row.get("outcome") == "failed":
            return
        row["outcome"] = outcome
        if outcome == "skipped" and isinstance(report.longrepr, tuple):
            row["reason"] = report.longrepr[2].removeprefix("Skipped: ")
        if "heartspec_details" in props:
            row["details"] = props["heartspec_details"]
        elif outcome == "failed" and str(report.longrepr).startswith(STRICT_XPASS):
            reason = str(report.longrepr).removeprefix(STRICT_XPASS).strip()
            row["unexpectedly_passed"] = True
            row["details"] = {"what": unexpected_pass_words(row["id"], reason)}
            report.longrepr = row["details"]["what"]
        elif outcome == "failed":
            row["details"] = {"what": str(report.longrepr)}

    def checked(self) -> int:
        """How many scenarios ran to a verdict (passed, failed, or failed as expected); skips check nothing."""
        return sum(1 for row in self.rows.values() if row["outcome"] != "skipped")

    def why_nothing_checked(self) -> str:
        skipped = [row for row in self.rows.values() if row["outcome"] == "skipped"]
        if not skipped:
            return "no scenario matched the filters (--ruleset, --id, -k, --tags)"
        reason = Counter(row.get("reason", "") for row in skipped).most_common(1)[0][0]
        return (f"all {len(skipped)} scenarios selected were skipped, none ran; "
                f"the engine claims none of them (for example: {reason})")

    def counts(self) -> dict[str, Counter]:
        return counts_by_ruleset(self.rows.values())

    def summary_lines(self, unknown_expected: list[str]) -> list[str]:
        """One table per tier (rules, protocol, hardening), each by ruleset with its own total, so a rule verdict is
        read apart from the protocol's and from JSON and framing edge cases."""
        lines = ["", "heartspec conformance summary"]
        total: Counter = Counter()
        for tier, by_ruleset in counts_by_tier(self.rows.values()).items():
            lines.append(f"{tier:<12}" + "".join(f"{o:>9}" for o in OUTCOMES))
            in_tier: Counter = Counter()
            for ruleset, counter in by_ruleset.items():
                in_tier.update(counter)
                lines.append(f"  {ruleset:<10}" + "".join(f"{counter[o]:>9}" for o in OUTCOMES))
            if len(by_ruleset) > 1:
                lines.append(f"  {'total':<10}" + "".join(f"{in_tier[o]:>9}" for o in OUTCOMES))
            total.update(in_tier)
        lines.append(f"{'all tiers':<12}" + "".join(f"{total[o]:>9}" for o in OUTCOMES))
        reasons = Counter(row.get("reason", "") for row in self.rows.values() if row["outcome"] == "skipped")
        for reason, count in reasons.most_common():
            lines.append(f"skipped {count}: {reason}")
        failed = sorted(row["id"] for row in self.rows.values() if row["outcome"] == "failed" and not row.get("unexpectedly_passed"))
        if failed:
            lines.append("failed: " + " ".join(failed))
        passed = sorted(row["id"] for row in self.rows.values() if row.get("unexpectedly_passed"))
        if passed:
            lines.append("passed, though listed as expected failures (remove them from the file): " + " ".join(passed))
        for entry in unknown_expected:
            lines.append(f"the expected-failures file lists {entry}, which matches no scenario that ran")
        return lines

    def as_json(self) -> dict[str, Any]:
        return report_document(self.rows.values())


def counts_by_tier(rows) -> dict[str, dict[str, Counter]]:
    """Outcomes per tier (in TIERS order, only tiers with rows) and, within each, per ruleset."""
    rows = list(rows)
    return {tier: counts_by_ruleset(row for row in rows if row.get("tier") == tier)
            for tier in TIERS if any(row.get("tier") == tier for row in rows)}


def tier_totals(rows) -> dict[str, dict[str, int]]:
    """Per tier: each outcome, and `ran` (the rows that reached a verdict: skips check nothing)."""
    totals = {}
    for tier, by_ruleset in counts_by_tier(rows).items():
        c: Counter = sum(by_ruleset.values(), Counter())
        totals[tier] = {**{o: c[o] for o in OUTCOMES}, "ran": c["passed"] + c["failed"] + c["xfailed"]}
    return totals


def tiers_line(rows) -> str:
    """The run's last line: passed of those run, tier by tier (`rules 94/99 · protocol 123/140 · hardening 10/23`)."""
    from heartspec.conformance.tiers import tier_words

    words = tier_words(tier_totals(rows))
    return f"by tier, passed of run: {words}" if words else "by tier: no scenario ran"


def counts_by_ruleset(rows) -> dict[str, Counter]:
    table: dict[str, Counter] = defaultdict(Counter)
    for row in rows:
        table[row["ruleset"]][row["outcome"]] += 1
    return dict(sorted(table.items()))


def report_document(rows) -> dict[str, Any]:
    """The `--report-json` document for these scenario rows: outcomes counted per ruleset, rows by id."""
    rows = list(rows)
    return {
        "counts": {ruleset: {o: c[o] for o in OUTCOMES} for ruleset, c in counts_by_ruleset(rows).items()},
        "tiers": tier_totals(rows),
        "scenarios": sorted(rows, key=lambda row: row["id"]),
    }


def write_handshake_failure(message: str, json_path: str | None, junit_path: str | None) -> None:
    """The reports of a run that stopped at the handshake: no scenario ran, and they say why."""
    if json_path:
        document = {"handshake_error": message, "counts": {}, "tiers": {}, "scenarios": []}
        write_output(json_path, json.dumps(document, indent=2), "JSON report")
    if junit_path:
        from xml.etree import ElementTree

        suites = ElementTree.Element("testsuites")
        suite = ElementTree.SubElement(suites, "testsuite", name="heartspec conformance", tests="1", errors="1",
                                       failures="0", skipped="0")
        case = ElementTree.SubElement(suite, "testcase", classname="heartspec", name="handshake")
        error = ElementTree.SubElement(case, "error", message=message.splitlines()[0] if message else "handshake failed")
        error.text = message
        written_by(junit_path, lambda where: ElementTree.ElementTree(suites).write(where, encoding="utf-8",
                                                                                 xml_declaration=True), "JUnit report")

"""compat.json: the saved reports of a compat run, summed up per engine, ruleset and rule area.

Every number here is counted from a conform or fuzz report in `reports/`; nothing is
measured again.  An engine's rows are sorted closest to the rules first: most scenarios
passed, then fewest failed or errored, then by label.  Outcomes:

- passed, skipped: as the conform report says;
- errored: a failed scenario in which the engine itself broke (crashed, hung, sent garbage);
- failed: every other failure (a wrong answer).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from pathlib import Path

from heartspec.conformance.report import example_id_matches, parse_expected_failures
from heartspec.conformance.tiers import TIERS, tier_of, tier_of_scenario_id, tier_words
from heartspec.fuzz.report import parse_known_differences
from heartspec.web_safe import page_slug

SCHEMA_VERSION = 1
OUTCOMES = ("passed", "failed", "errored", "skipped")
PROTOCOL_COLUMN = "any"   # scenarios of the protocol itself, tied to no ruleset
BROKEN_SHARE = 0.8        # an engine failing this share of what it ran is more likely a broken adapter
BROKEN_MINIMUM = 10       # ... once it ran at least this many scenarios
NO_REASON = ("", "listed as an expected failure", "listed as a known difference")
FAULT_WORDS = {"crashed or closed its output": "crash", "timed out": "hang", "sent garbage": "garbage",
               "was closed": "crash"}  # how reports written before `engine_fault` existed word it


def area_words(area: str) -> str:
    return area.replace("_", " ")


def load_reports(out: Path) -> dict:
    """Everything a summary and the site are built from: the reports folder of a compat run, checked as
    untrusted input (compat.reports_in), each scenario row with its tier."""
    from heartspec.compat.reports_in import load_reports as checked

    reports = checked(out)
    reports["catalog"] = catalog = with_tiers(reports["catalog"] or {})
    for entry in reports["engines"]:
        for row in (entry["conform"] or {}).get("scenarios", []):
            row.setdefault("tier", tier_of_scenario_id(row["id"], catalog))
    return reports


def with_tiers(catalog: dict) -> dict:
    """The saved catalog with each scenario's tier: reports saved before tiers existed name none, so the tier
    (and the protocol clauses) come from the shipped features by scenario id, or, for a scenario they no longer
    have, from its area. No engine runs again."""
    if all("tier" in info for info in catalog.values()):
        return catalog
    from heartspec.compat.catalog import scenario_catalog

    shipped = scenario_catalog()
    return {sid: {**info, "tier": info.get("tier") or (shipped.get(sid) or {}).get("tier") or tier_of(info.get("area", "")),
                  "clauses": info.get("clauses", (shipped.get(sid) or {}).get("clauses", []))}
            for sid, info in catalog.items()}


def is_adapter(manifest: dict) -> bool:
    """An engine heartspec runs through one of its adapters (the default table's third-party engines): only these
    come with the adapter's notes and classification files. The reference and a user's engine are no adapters."""
    return str(manifest.get("module") or "").startswith("heartspec.adapters.")


# --- one engine's scenarios -------------------------------------------------

def outcome_of(row: dict) -> str:
    if row["outcome"] in ("failed", "xfailed"):
        return "errored" if fault_of(row) else "failed"
    return row["outcome"]


def fault_of(row: dict) -> str | None:
    details = row.get("details") or {}
    if details.get("engine_fault"):
        return details["engine_fault"]
    what = details.get("what", "")
    return next((word for phrase, word in FAULT_WORDS.items() if what.startswith(f"the engine {phrase}")), None)


def classification(reason: str | None) -> tuple[str | None, str | None]:
    """`rule difference: OpenSpiel ...` -> ("rule difference", "OpenSpiel ..."); no reason -> (None, None)."""
    if reason is None:
        return None, None
    if reason.strip() in NO_REASON:
        return "listed without a reason", None
    head, words = split_outside_parentheses(reason)
    kind, _, aside = head.partition("(")
    if words is not None and 0 < len(kind.split()) <= 3:
        aside = f"({aside.strip()} " if aside else ""  # `bug (Why: plays out of turn): ...` keeps its aside
        return kind.strip(), f"{aside}{words.strip()}"
    return "listed", reason.strip()


def split_outside_parentheses(text: str) -> tuple[str, str | None]:
    """At the first colon outside parentheses: `bug (Why: x): y` -> (`bug (Why: x)`, ` y`); no colon -> (text, None)."""
    depth = 0
    for index, char in enumerate(text):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if char == ":" and depth == 0:
            return text[:index], text[index + 1:]
    return text, None


def listed_reason(listed: dict[str, str], scenario_id: str) -> str | None:
    entry = next((e for e in listed if example_id_matches(e, scenario_id)), None)
    return None if entry is None else listed[entry]


def engine_rows(conform: dict | None) -> list[dict]:
    return sorted((conform or {}).get("scenarios", []), key=lambda row: row["id"])


def summarise_failures(rows: list[dict], expected: dict[str, str]) -> list[dict]:
    failures = []
    for row in rows:
        outcome = outcome_of(row)
        if outcome not in ("failed", "errored"):
            continue
        kind, reason = classification(listed_reason(expected, row["id"]))
        failures.append({"id": row["id"], "ruleset": row["ruleset"], "area": row.get("area", ""), "tier": row["tier"],
                         "depends": row.get("depends", []), "outcome": outcome, "fault": fault_of(row),
                         "classification": kind, "reason": reason})
    return failures


def stale_entries(rows: list[dict], expected: dict[str, str]) -> list[str]:
    """Entries of the expected-failures file that a scenario which passed matches: the engine now does what it
    asks (conform --expected-failures calls each one an unexpected pass). Entries for rows not run say nothing."""
    passing = [row["id"] for row in rows if row["outcome"] == "passed"]
    return sorted(e for e in expected if any(example_id_matches(e, sid) for sid in passing))


def counts_by(rows: list[dict], columns: list[str]) -> tuple[dict, dict]:
    by_column = {column: Counter() for column in columns}
    by_area: dict = {column: defaultdict(Counter) for column in columns}
    for row in rows:
        column = row["ruleset"] if row["ruleset"] in by_column else PROTOCOL_COLUMN
        outcome = outcome_of(row)
        by_column[column][outcome] += 1
        by_area[column][row.get("area", "")][outcome] += 1
    tally = lambda c: {**{o: c[o] for o in OUTCOMES}, "total": sum(c[o] for o in OUTCOMES)}  # noqa: E731
    return ({column: tally(c) for column, c in by_column.items()},
            {column: {area: tally(c) for area, c in sorted(areas.items())} for column, areas in by_area.items()})


def closest_ruleset(counts: dict, rulesets: list[str]) -> dict | None:
    """The ruleset whose scenarios the engine passes the largest share of, among those it ran."""
    ran = [(r, counts[r]) for r in rulesets if counts[r]["total"] - counts[r]["skipped"] > 0]
    if not ran:
        return None
    ruleset, c = max(ran, key=lambda item: (share(item[1]), item[1]["passed"], -rulesets.index(item[0])))
    return {"ruleset": ruleset, "passed": c["passed"], "ran": c["total"] - c["skipped"]}


def share(c: dict) -> float:
    ran = c["total"] - c["skipped"]
    return c["passed"] / ran if ran else 0.0


def departures(failures: list[dict], by_area: dict, rulesets: list[str], adapter: bool = False) -> list[dict]:
    """Per ruleset and rule area with failures: how many of the scenarios run there fail, and why, in one sentence."""
    grouped: dict = defaultdict(list)
    for failure in failures:
        grouped[(failure["ruleset"], failure["area"])].append(failure)
    result = []
    for ruleset in rulesets:
        for area in sorted({a for r, a in grouped if r == ruleset}):
            rows = grouped[(ruleset, area)]
            c = by_area[ruleset][area]
            result.append({"ruleset": ruleset, "area": area, "failed": len(rows), "ran": c["total"] - c["skipped"],
                           "scenarios": [row["id"] for row in rows],
                           "sentence": departure_sentence(ruleset, area, rows, c, adapter)})
    return result


def departure_sentence(ruleset: str, area: str, rows: list[dict], counts: dict, adapter: bool = False) -> str:
    ran = counts["total"] - counts["skipped"]
    errored = sum(1 for row in rows if row["outcome"] == "errored")
    broke = f", {errored} of them with the engine breaking" if errored else ""
    reasons = sorted({row["reason"] for row in rows if row["reason"]})
    unclassified = sum(1 for row in rows if row["classification"] is None)
    why = "; ".join(reasons)
    if unclassified:
        by = " by the adapter" if adapter else ""
        why = (why + "; " if why else "") + f"{unclassified} not classified{by}"
    depends = sorted({d for row in rows for d in row["depends"]})
    rests = f" (some rest on {', '.join(area_words(d) for d in depends)})" if depends else ""
    return (f"{ruleset}, {area_words(area)}: {len(rows)} of {ran} scenarios fail{broke}{rests}"
            + (f": {why}." if why else "."))


def tier_counts(rows: list[dict]) -> dict:
    """Per tier (all three, always): each outcome, the total, and `ran` (a verdict reached: skips check nothing)."""
    table = {tier: Counter() for tier in TIERS}
    for row in rows:
        table[row["tier"]][outcome_of(row)] += 1
    return {tier: {**{o: c[o] for o in OUTCOMES}, "total": sum(c[o] for o in OUTCOMES),
                   "ran": sum(c[o] for o in OUTCOMES) - c["skipped"]} for tier, c in table.items()}


def rules_counts(rows: list[dict], rulesets: list[str]) -> dict:
    """The rules tier's rows by ruleset: what the closest ruleset is chosen from (protocol rows that play a
    ruleset's game check the protocol, not that ruleset's rules)."""
    counts, _ = counts_by([row for row in rows if row["tier"] == "rules"], [*rulesets, PROTOCOL_COLUMN])
    return {ruleset: counts[ruleset] for ruleset in rulesets}


def tier_summary(closest: dict | None, tiers: dict) -> str:
    """`fi 94/99 · protocol 123/140 · hardening 10/23`: the closest ruleset's rules, then each other tier that ran."""
    shown = {"rules": {"passed": closest["passed"], "ran": closest["ran"]}} if closest else {}
    shown.update({tier: tiers[tier] for tier in TIERS if tier != "rules"})
    return tier_words(shown, closest["ruleset"] if closest else "rules")


def causes(failures: list[dict], adapter: bool) -> list[dict]:
    """The engine's failures grouped by cause, most scenarios first: one sentence per cause (the classification
    and reason its expected-failures file gives, said once), then the tiers, rulesets, areas and scenario rows it
    explains. Failures no file explains are grouped by tier and area, each group saying so."""
    grouped: dict = defaultdict(list)
    for failure in failures:
        if failure["classification"] is None:
            key = (None, failure["tier"], failure["area"])
        else:
            key = (failure["classification"], failure["reason"] or "", "")
        grouped[key].append(failure)
    result = []
    for (kind, reason, area), rows in grouped.items():
        if kind is None:
            where = "the adapter's expected-failures file" if adapter else "an expected-failures file"
            sentence = f"Not classified: {area_words(area)} ({reason} tier), no cause given in {where}."
        else:
            sentence = f"{kind[:1].upper()}{kind[1:]}: {reason}" if reason else f"{kind[:1].upper()}{kind[1:]}."
            sentence = sentence if sentence.endswith((".", "!", "?")) else sentence + "."
        result.append({"sentence": sentence, "classification": kind,
                       "tiers": [t for t in TIERS if any(row["tier"] == t for row in rows)],
                       "rulesets": sorted({row["ruleset"] for row in rows}),
                       "areas": sorted({row["area"] for row in rows}),
                       "scenarios": [row["id"] for row in rows],
                       "errored": sum(1 for row in rows if row["outcome"] == "errored")})
    return sorted(result, key=lambda c: (c["classification"] is None, -len(c["scenarios"]), c["sentence"]))


def engine_flags(totals: dict) -> list[str]:
    ran = totals["total"] - totals["skipped"]
    flags = []
    if ran == 0:
        flags.append("no_scenario_ran")
    elif ran >= BROKEN_MINIMUM and (totals["failed"] + totals["errored"]) / ran >= BROKEN_SHARE:
        flags.append("possible_broken_adapter")
    return flags


# --- one engine's fuzz pass -------------------------------------------------

def summarise_fuzz(fuzz: dict | None, known_text: str, record: dict | None) -> dict:
    if fuzz is None:
        return {"ran": False, "problem": (record or {}).get("error") or "the fuzz pass did not run",
                "games": 0, "steps": 0, "setups_played": 0, "setups_available": 0, "differences": [], "stale": []}
    known = parse_known_differences(known_text, "known differences")
    differences = []
    for group in fuzz["differences"]:
        signature = " ".join(group["signature"][k] for k in ("command", "field", "rule"))
        kind, reason = classification(known.get(signature))
        differences.append({"signature": signature, "count": group["count"], "rule": group["ruling"].get("citation", ""),
                            "classification": kind, "reason": reason})
    seen = {d["signature"] for d in differences}
    return {"ran": True, "problem": None, "games": fuzz["games"], "steps": fuzz["steps"],
            "setups_played": fuzz["setups"]["played"], "setups_available": fuzz["setups"]["available"],
            "differences": differences, "stale": sorted(set(known) - seen)}


# --- the whole document -----------------------------------------------------

def summarise_engine(entry: dict, columns: list[str], rulesets: list[str]) -> dict:
    manifest, conform = entry["manifest"], entry["conform"]
    files = manifest.get("files", {})
    expected = parse_expected_failures(files.get("expected_failures", {}).get("text", ""))
    rows = engine_rows(conform)
    counts, by_area = counts_by(rows, columns)
    totals = {o: sum(counts[c][o] for c in columns) for o in (*OUTCOMES, "total")}
    failures = summarise_failures(rows, expected)
    adapter = is_adapter(manifest)
    tiers = tier_counts(rows)
    by_ruleset = rules_counts(rows, rulesets)
    closest = closest_ruleset(by_ruleset, rulesets)
    hello_engine = (manifest.get("hello") or {}).get("engine") or {}
    problem = manifest.get("problem") or (conform or {}).get("handshake_error") \
        or ((manifest.get("conform") or {}).get("error") if conform is None else None)
    flags = engine_flags(totals)
    if problem and "no_scenario_ran" not in flags:
        flags.append("no_scenario_ran")
    return {
        "label": manifest["label"], "name": hello_engine.get("name", ""), "version": str(hello_engine.get("version", "")),
        "command": manifest["command"], "configuration": manifest.get("configuration", []),
        "module": manifest.get("module"), "problem": problem,
        "conform_exit": (manifest.get("conform") or {}).get("exit"),
        "claims": (manifest.get("hello") or {}).get("supports") or {},
        "adapter": adapter,
        "counts": counts, "by_area": by_area, "totals": totals, "tiers": tiers, "rules_counts": by_ruleset,
        "closest": closest, "tier_summary": tier_summary(closest, tiers),
        "departures": departures(failures, by_area, rulesets, adapter),
        "causes": causes(failures, adapter),
        "failures": failures, "unclassified": sum(1 for f in failures if f["classification"] is None),
        "stale_expected_failures": stale_entries(rows, expected),
        "fuzz": summarise_fuzz(entry["fuzz"], files.get("known_differences", {}).get("text", ""), manifest.get("fuzz")),
        "flags": flags,
        "page": f"engines/{page_slug(manifest['label'])}.html", "badge": f"badges/{page_slug(manifest['label'])}.svg",
    }


def flag_incomplete(engines: list[dict]) -> None:
    """Every run reports every scenario row (skipped ones too), so an engine with fewer rows than another was cut
    short (--max-seconds, or the engine stalled the run): its counts cover only part of the suite."""
    suite = max((engine["totals"]["total"] for engine in engines), default=0)
    for engine in engines:
        if 0 < engine["totals"]["total"] < suite:
            engine["flags"].append("incomplete_run")


def rank_key(engine: dict):
    t = engine["totals"]
    return ("no_scenario_ran" in engine["flags"], -t["passed"], t["failed"] + t["errored"], engine["label"])


def scenario_rows(loaded: dict, engines: list[dict]) -> list[dict]:
    """Every scenario row any engine reported, with each engine's outcome, and the suite-fault flag."""
    table: dict = {}
    for entry, engine in zip(loaded["engines"], engines):
        for row in engine_rows(entry["conform"]):
            base = row["id"].split("[")[0]
            slot = table.setdefault(row["id"], {"id": row["id"], "base": base, "ruleset": row["ruleset"], "tier": row["tier"],
                                                "area": row.get("area", ""), "outcomes": {}, "flags": []})
            slot["outcomes"][engine["label"]] = outcome_of(row)
    for slot in table.values():
        ran = [o for o in slot["outcomes"].values() if o != "skipped"]
        if len(ran) >= 2 and all(o in ("failed", "errored") for o in ran):
            slot["flags"].append("possible_suite_fault")
    return [table[key] for key in sorted(table)]


def build_summary(loaded: dict) -> dict:
    rulesets = loaded["run"]["rulesets"]
    columns = [*rulesets, PROTOCOL_COLUMN]
    engines = [summarise_engine(entry, columns, rulesets) for entry in loaded["engines"]]
    flag_incomplete(engines)
    rows = scenario_rows(loaded, engines)
    order = sorted(range(len(engines)), key=lambda i: rank_key(engines[i]))
    catalog, reported = loaded["catalog"], {row["base"] for row in rows}
    return {
        "schema_version": SCHEMA_VERSION,
        "rulesets": rulesets, "columns": columns,
        "settings": {"seed": loaded["run"]["seed"], "games_per_setup": loaded["run"]["games_per_setup"],
                     "filters": loaded["run"].get("filters", [])},
        "skipped_engines": loaded["run"].get("skipped_engines", []),
        "engines": [engines[i] for i in order],
        "areas": sorted({row["area"] for row in rows}),
        "tiers": list(TIERS),
        "scenarios": [{"id": base, "name": info["name"], "area": info["area"], "tier": info["tier"], "source": info["source"],
                       "depends": info["depends"], "page": f"scenarios/{page_slug(base)}.html"}
                      for base, info in catalog.items() if base in reported],
        "rows": rows,
    }

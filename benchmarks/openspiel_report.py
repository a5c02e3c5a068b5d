"""Classify the conformance failures of the OpenSpiel adapter, for docs/openspiel-report.md.

    heartspec conform --engine "python -m heartspec.adapters.openspiel" --report-json openspiel.json
    python benchmarks/openspiel_report.py openspiel.json [--expected-failures FILE]

For every failed scenario, the requests the suite sent to OpenSpiel are sent
again to the reference engine (which passes the whole suite), and the first
response where the two engines part is what the failure is classified by:
the OpenSpiel behaviour behind it, or "unclassified" for a person to read.
Prints the tables of the report as markdown; with --expected-failures, also
writes the classified failures as an expected-failures file for `heartspec conform`.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter

GAME_COMMANDS = ("new_game", "deal", "pass", "play", "choose")

BREAK = ("rule difference", "OpenSpiel breaks hearts with any heart played, also a heart led from a hand of only hearts")
CHOICE = ("rule difference", "OpenSpiel never lets the shooter choose: it always adds 26 to the other three")
JACK = ("rule difference", "OpenSpiel's moon needs every point trick but never the jack of diamonds")
SELF = ("rule difference", "OpenSpiel's moon always adds 26 to the others; no table setting takes 26 off the shooter")
BONUS = ("rule difference", "OpenSpiel's shooter keeps a bonus card taken with the moon; fi, fi-classic and dk leave the "
                            "shooter on zero")


def first_divergence(exchanges: list[dict]) -> tuple[dict, dict, dict] | None:
    """(request, reference response, OpenSpiel response) where the two engines first answer differently."""
    from heartspec.protocol.server import Server

    reference = Server()
    pairs = [(exchanges[i], exchanges[i + 1]) for i in range(0, len(exchanges) - 1, 2) if "cmd" in exchanges[i]]
    for request, theirs in pairs:
        if request["cmd"] not in GAME_COMMANDS:
            continue
        ours = reference.handle(dict(request))
        if _outcome(ours) != _outcome(theirs) or _events(ours) != _events(theirs):
            return request, ours, theirs
    return None


def _outcome(response: dict) -> str:
    return "ok" if response.get("ok") else response.get("error", {}).get("code", "?")


def _events(response: dict) -> list:
    return [(e["type"], e.get("points"), e.get("moon")) for e in response.get("events", [])]


def classify(divergence) -> tuple[str, str]:
    if divergence is None:
        return ("unclassified", "the engines never answer differently: read the failure")
    _, ours, theirs = divergence
    ours_types = {e[0] for e in _events(ours)}
    theirs_types = {e[0] for e in _events(theirs)}
    if "hearts_broken" in theirs_types - ours_types:
        return BREAK
    if "moon_choice" in ours_types - theirs_types:
        return CHOICE
    if "subtract_from_self" in _moon_effects(ours) and "add_to_others" in _moon_effects(theirs):
        return SELF
    if _moon_in(theirs) and not _moon_in(ours):
        return JACK
    if _moon_in(theirs) and _moon_in(ours) and _deal_points(ours) != _deal_points(theirs):
        return BONUS  # the same moon, scored differently: only a bonus card's value can part them
    return ("unclassified", "read the failure")


def _moon_effects(response: dict) -> set:
    return {e["moon"].get("effect") for e in response.get("events", []) if e["type"] == "deal_scored" and e.get("moon")}


def _deal_points(response: dict) -> list:
    return [e.get("points") for e in response.get("events", []) if e["type"] == "deal_scored"]


def _moon_in(response: dict) -> bool:
    return any(e["type"] == "deal_scored" and e.get("moon") for e in response.get("events", []))


def describe(divergence) -> str:
    if divergence is None:
        return "-"
    request, ours, theirs = divergence
    move = {k: v for k, v in request.items() if k not in ("id", "hands")}
    return (f"`{json.dumps(move, separators=(',', ':'))}`: reference {_short(ours)}; OpenSpiel {_short(theirs)}")


def _short(response: dict) -> str:
    if not response.get("ok"):
        return f"refuses ({_outcome(response)})"
    parts = []
    for event in response.get("events", []):
        if event["type"] == "deal_scored":
            parts.append(f"deal_scored {event['points']}" + (" (moon)" if event.get("moon") else ""))
        elif event["type"] not in ("card_played",):
            parts.append(event["type"])
    return ", ".join(parts) or "accepts"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("report", help="the --report-json file of a conform run against the adapter")
    parser.add_argument("--expected-failures", default=None, help="write the classified failures here")
    parser.add_argument("--update", default=None, metavar="MARKDOWN",
                        help="replace the generated blocks of this report file instead of printing")
    args = parser.parse_args(argv)
    report = json.load(open(args.report, encoding="utf-8"))
    classified = [(s, *classified_failure(s)) for s in report["scenarios"] if s["outcome"] == "failed"]
    blocks = {"counts": counts_markdown(report), "failures": failures_markdown(classified)}
    if args.update:
        update_blocks(args.update, blocks)
    else:
        print("\n".join(blocks.values()))
    if args.expected_failures:
        write_expected(classified, args.expected_failures)
    return 0


def classified_failure(scenario: dict) -> tuple[tuple[str, str], str]:
    divergence = first_divergence(scenario.get("details", {}).get("exchanges", []))
    return classify(divergence), describe(divergence)


def counts_markdown(report: dict) -> str:
    lines = ["| ruleset | passed | failed | skipped | expected failures |", "|---|---:|---:|---:|---:|"]
    total: Counter = Counter()
    for ruleset, counts in sorted(report["counts"].items()):
        lines.append(f"| {ruleset} | {counts['passed']} | {counts['failed']} | {counts['skipped']} | {counts['xfailed']} |")
        total.update(counts)
    lines.append(f"| total | {total['passed']} | {total['failed']} | {total['skipped']} | {total['xfailed']} |")
    lines.append("")
    reasons = Counter(re.sub(r" for '?[\w-]+'?$", "", s.get("reason", "")) for s in report["scenarios"]
                      if s["outcome"] == "skipped")
    lines += [f"- {count} skipped: {reason}" for reason, count in reasons.most_common()]
    return "\n".join(lines)


def failures_markdown(classified) -> str:
    kinds = Counter(f"{kind}: {why}" for _, (kind, why), _ in classified)
    lines = [f"- {count} x {kind}" for kind, count in kinds.most_common()]
    lines += ["", "| scenario | ruleset | classification | where OpenSpiel and the reference part |", "|---|---|---|---|"]
    for scenario, (kind, why), where in classified:
        lines.append(f"| `{scenario['id']}` | {scenario['ruleset']} | {kind}: {why} | {where} |")
    return "\n".join(lines)


def update_blocks(path: str, blocks: dict[str, str]) -> None:
    """Replace what lies between `<!-- generated:NAME -->` and `<!-- /generated:NAME -->`."""
    text = open(path, encoding="utf-8").read()
    for name, body in blocks.items():
        pattern = re.compile(rf"(<!-- generated:{name} -->\n).*?(<!-- /generated:{name} -->)", re.S)
        if not pattern.search(text):
            raise SystemExit(f"{path} has no generated:{name} block")
        text = pattern.sub(lambda m: m.group(1) + body + "\n" + m.group(2), text)
    with open(path, "w", encoding="utf-8") as out:
        out.write(text)


def write_expected(classified, path: str) -> None:
    lines = ["# OpenSpiel hearts through the adapter: failures classified in docs/openspiel-report.md.",
             '# heartspec conform --engine "python -m heartspec.adapters.openspiel" --expected-failures THIS_FILE', ""]
    for scenario, (kind, why), _ in classified:
        if kind != "unclassified":
            lines.append(f"{scenario['id']}  # {kind}: {why}")
    with open(path, "w", encoding="utf-8") as out:
        out.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    sys.exit(main())

"""The report site: static HTML, CSS and JS built from compat.json and the saved reports, nothing else.

    index.html               engines x rulesets, closest first; departures; every scenario row, filterable
    engines/LABEL.html       one engine: claims, tiers, its failures grouped by cause, fuzz differences (light: a phone opens it)
    engines/LABEL/ROW.html   one failing scenario row of that engine: transcript, move log, the commands that reproduce it
    scenarios/ID.html        one scenario: each engine's outcome on each of its rows, and why
    badges/LABEL.svg         one badge per engine
    compat.json, style.css, app.js, matrix.md (the front matrix as markdown, for a README)

Everything an engine said (names, messages, transcripts) is escaped.  Filters live in the
URL's hash (`#ruleset=fi&area=first_trick&outcome=failed`), so a view can be shared.  The
output depends only on its input: no clock, no absolute paths, sorted everywhere.
"""

from __future__ import annotations

import json
from pathlib import Path

from heartspec.compat.badge import render_badge
from heartspec.compat.summary import OUTCOMES, PROTOCOL_COLUMN, area_words, fault_of, outcome_of
from heartspec.web_safe import html, page_slug
from heartspec.conformance.tiers import TIERS

ASSETS = Path(__file__).with_name("assets")
OUTCOME_WORDS = {"passed": "passed", "failed": "failed", "errored": "errored (crash, hang, garbage)",
                 "skipped": "skipped (not claimed)"}
FLAG_WORDS = {
    "no_scenario_ran": "No scenario ran: this row checks nothing, it is not a pass.",
    "possible_broken_adapter": "Fails nearly everything it runs: possibly a broken adapter rather than the engine's rules.",
    "possible_suite_fault": "Every engine that ran it fails it: possibly a fault of the suite.",
    "incomplete_run": "Its run was cut short: fewer scenario rows reported than the suite has, so its counts cover part of it.",
}


e = html  # every value reaches a page through the one escaper, numbers included


TIER_WORDS = {"rules": "the game's rules", "protocol": "commands, responses, events and refusals",
              "hardening": "strict JSON and framing edge cases"}


def failure_page_name(engine: dict, row_id: str) -> str:
    """A failing row's own page, beside its engine's: `engines/LABEL/hearts-001-fi-4p-.html` (both names slugs, never paths)."""
    return f"{engine['page'].removesuffix('.html')}/{page_slug(row_id)}.html"


def unclassified_words(engine: dict, what: str = "expected-failures") -> str:
    """Only an adapter ships classification files; a user's engine is never told of one."""
    return f"not listed in the adapter's {what} file" if engine.get("adapter") else f"no {what} file gives a cause"


def tiers_table(engine: dict) -> str:
    cells = "".join(f'<tr><th>{e(tier)}</th><td>{e(TIER_WORDS[tier])}</td><td class="cell">{bar(engine["tiers"][tier])}'
                    f'<div class="nums">{numbers(engine["tiers"][tier])}</div></td>'
                    f'<td>{e(engine["tiers"][tier]["passed"])}/{e(engine["tiers"][tier]["ran"])}</td></tr>' for tier in TIERS)
    return (f'<table class="tiers"><thead><tr><th>tier</th><th>checks</th><th>outcomes</th><th>passed of run</th></tr>'
            f'</thead><tbody>{cells}</tbody></table>')


def column_title(column: str) -> str:
    return "protocol" if column == PROTOCOL_COLUMN else column


def embedded(data) -> str:
    """JSON safe inside <script>: no `<` can close the element."""
    return json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")


def page(title: str, body: str, depth: int) -> str:
    up = "../" * depth
    return (f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f'<title>{e(title)}</title>\n<link rel="icon" href="data:,">\n<link rel="stylesheet" href="{up}style.css">\n</head>\n'
            f'<body>\n<header class="top"><a class="home" href="{up}index.html">heartspec compatibility report</a>'
            f'<a href="{up}compat.json">compat.json</a></header>\n<main>\n{body}\n</main>\n'
            f'<script src="{up}app.js"></script>\n</body>\n</html>\n')


def bar(counts: dict) -> str:
    total = counts["total"]
    if not total:
        return '<div class="bar empty"></div>'
    parts = "".join(f'<span class="{o}" style="width:{100 * counts[o] / total:.2f}%"></span>' for o in OUTCOMES if counts[o])
    return f'<div class="bar">{parts}</div>'


def numbers(counts: dict) -> str:
    return "".join(f'<span class="n {o}" title="{e(OUTCOME_WORDS[o])}">{e(counts[o])}</span>' for o in OUTCOMES)


def cell(counts: dict, column: str) -> str:
    return f'<td class="cell" data-column="{e(column)}">{bar(counts)}<div class="nums">{numbers(counts)}</div></td>'


USER_ENGINE_FLAG_WORDS = {  # an engine that is no adapter is never told of one
    "possible_broken_adapter": "Fails nearly everything it runs: check that it speaks the protocol (spec/protocol.md) "
                               "before reading its rule results.",
}
USER_ENGINE_FLAG_TAGS = {"possible_broken_adapter": "fails nearly everything"}


def flag_words(flag: str, engine: dict | None = None) -> str:
    if engine is not None and not engine.get("adapter") and flag in USER_ENGINE_FLAG_WORDS:
        return USER_ENGINE_FLAG_WORDS[flag]
    return FLAG_WORDS.get(flag, flag)


def flag_tag(flag: str, engine: dict) -> str:
    if not engine.get("adapter") and flag in USER_ENGINE_FLAG_TAGS:
        return USER_ENGINE_FLAG_TAGS[flag]
    return flag.replace("_", " ")


def flags_html(flags: list[str], engine: dict | None = None) -> str:
    return "".join(f'<p class="flag {e(f)}">{e(flag_words(f, engine))}</p>' for f in flags)


def legend() -> str:
    return ('<p class="legend">' + "".join(f'<span class="n {o}">{e(OUTCOME_WORDS[o])}</span>' for o in OUTCOMES)
            + "</p>")


def filter_bar(summary: dict, outcomes=OUTCOMES) -> str:
    def select(name, label, options):
        items = '<option value="">all</option>' + "".join(f'<option value="{e(v)}">{e(t)}</option>' for v, t in options)
        return f'<label>{e(label)} <select data-filter="{e(name)}">{items}</select></label>'

    return ('<form class="filters" onsubmit="return false">'
            + select("ruleset", "ruleset", [(c, column_title(c)) for c in summary["columns"]])
            + select("area", "area", [(a, area_words(a)) for a in summary["areas"]])
            + select("outcome", "outcome", [(o, o) for o in outcomes])
            + '<span class="shown" aria-live="polite"></span></form>')


# --- the front page ----------------------------------------------------------

def index_page(summary: dict) -> str:
    columns = summary["columns"]
    head = "".join(f'<th data-column="{e(c)}">{e(column_title(c))}</th>' for c in columns)
    rows = []
    for rank, engine in enumerate(summary["engines"], start=1):
        near = e(engine["tier_summary"]) or "none ran"
        cells = "".join(cell(engine["counts"][c], c) for c in columns)
        marks = "".join(f' <span class="tag {e(f)}" title="{e(flag_words(f, engine))}">{e(flag_tag(f, engine))}</span>'
                        for f in engine["flags"])
        rows.append(f'<tr class="engine" data-label="{e(engine["label"])}" data-rank="{e(rank)}">'
                    f'<th class="name"><a href="{e(engine["page"])}">{e(engine["label"])}</a>{marks}'
                    f'<div class="sub">{e(engine["name"])} {e(engine["version"])}</div>'
                    + (f'<div class="sub problem">{e(first_line(engine["problem"]))}</div>' if engine["problem"] else "") + '</th>'
                    f'<td class="near">{near}</td>{cells}</tr>')
    skipped = "".join(f'<li><b>{e(s["label"])}</b>: {e(s["reason"])}</li>' for s in summary["skipped_engines"])
    settings = summary["settings"]
    body = [
        "<h1>Hearts engines against the Nordic rules</h1>",
        f'<p class="lead">Each engine ran the heartspec conformance scenarios over the protocol, and a fuzz pass of '
        f'up to {e(plural(settings["games_per_setup"], "game"))} per set-up from seed {e(settings["seed"])} against the reference. '
        f'Rows are sorted closest to the rules first (most scenarios passed, then fewest failed). '
        f'A cell counts one ruleset\'s scenario rows; <em>protocol</em> is the scenarios of the protocol itself. '
        f'The scenarios come in three tiers, counted apart: <em>rules</em> (the game; the closest ruleset is chosen from '
        f'these), <em>protocol</em> (commands, responses, events, refusals) and <em>hardening</em> (strict JSON and '
        f'framing edge cases), shown as passed of run.</p>',
        subset_note(settings), legend(), filter_bar(summary),
        f'<table class="matrix"><thead><tr><th>engine</th><th>by tier: closest ruleset, protocol, hardening</th>{head}</tr></thead>'
        f'<tbody>{"".join(rows)}</tbody></table>',
        f'<section><h2>Not run here</h2><ul>{skipped}</ul></section>' if skipped else "",
        departures_section(summary), scenario_table(summary), reproduce_section(),
        f'<script type="application/json" id="compat-data">{embedded(front_data(summary))}</script>',
    ]
    return page("heartspec compatibility report", "\n".join(body), 0)


def plural(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


def first_line(text: str, limit: int = 100) -> str:
    line = text.splitlines()[0] if text else ""
    return line if len(line) <= limit else line[: limit - 1] + "…"


def subset_note(settings: dict) -> str:
    if not settings.get("filters"):
        return ""
    return f'<p class="flag">A subset of the checks ran ({e(" ".join(settings["filters"]))}): not a full report.</p>'


def reproduce_section() -> str:
    return ('<section><h2>Reproduce, or add your engine</h2>'
            '<pre>heartspec compat --out site                           # the reference and every installed adapter\n'
            "heartspec compat --engine mine='python my_engine.py' --out site   # any engine that speaks the protocol\n"
            'heartspec compat --from site                          # the pages again, from the saved reports</pre>'
            '<p>Each engine\'s conform and fuzz reports are in <code>reports/LABEL/</code>; every number on these '
            'pages is counted from them (<code>compat.json</code> holds the counts).</p></section>')


def matrix_markdown(summary: dict) -> str:
    """The front matrix as a markdown table, for a README."""
    columns = summary["columns"]
    lines = ["| engine | by tier | " + " | ".join(column_title(c) for c in columns) + " |",
             "|---|---|" + "---|" * len(columns)]
    for engine in summary["engines"]:
        near = engine["tier_summary"] or "none ran"
        cells = " | ".join("/".join(str(engine["counts"][c][o]) for o in OUTCOMES) for c in columns)
        lines.append(f'| [{engine["label"]}]({engine["page"]}) | {near} | {cells} |')
    return "\n".join(lines + ["", "By tier: the closest ruleset's rules scenarios, then the protocol and hardening tiers, "
                               "passed of run. Each cell: passed/failed/errored/skipped scenario rows."]) + "\n"


def front_data(summary: dict) -> dict:
    return {"columns": summary["columns"], "engines": {engine["label"]: engine["by_area"] for engine in summary["engines"]}}


def departures_section(summary: dict) -> str:
    """Each engine's departures by cause: the sentence once, then what it explains, the rows on the engine's page."""
    parts = ["<section><h2>Where each engine departs, by cause</h2>"]
    for engine in summary["engines"]:
        near = f'by tier: {e(engine["tier_summary"])}' if engine["tier_summary"] else "ran no scenario"
        items = "".join(cause_item(cause, f'{engine["page"]}#cause-{number}', compact=True)
                        for number, cause in enumerate(engine["causes"], start=1))
        none = "" if items else "<li>No departure in any scenario it ran.</li>"
        parts.append(f'<div class="engine-card"><h3><a href="{e(engine["page"])}">{e(engine["label"])}</a> {near}</h3>'
                     f'{flags_html(engine["flags"], engine)}<ul class="departures">{items}{none}</ul></div>')
    parts.append("</section>")
    return "\n".join(parts)


def cause_item(cause: dict, link: str, compact: bool, rows: str = "") -> str:
    """One cause: its sentence, then the tiers, rulesets and areas it explains and how many rows (the rows
    themselves, linked to their pages, on the engine's page)."""
    count = len(cause["scenarios"])
    errored = f', {e(cause["errored"])} with the engine breaking' if cause["errored"] else ""
    explains = (f'{plural(count, "scenario row")}{errored} · tiers: {e(", ".join(cause["tiers"]))} · rulesets: '
                f'{e(", ".join(cause["rulesets"]))} · areas: {e(", ".join(area_words(a) for a in cause["areas"]))}')
    data = (f' data-ruleset="{e(" ".join(cause["rulesets"]))}" data-area="{e(" ".join(cause["areas"]))}"'
            if compact else "")
    more = f' <a href="{e(link)}">rows</a>' if compact else ""
    return f'<li class="cause"{data}><b>{e(cause["sentence"])}</b><div class="sub">{explains}{more}</div>{rows}</li>'


def scenario_table(summary: dict) -> str:
    labels = [engine["label"] for engine in summary["engines"]]
    head = "".join(f"<th>{e(label)}</th>" for label in labels)
    body = []
    for row in summary["rows"]:
        outcomes = " ".join(sorted(set(row["outcomes"].values())))
        cells = "".join(f'<td><span class="o {e(row["outcomes"].get(label, ""))}">'
                        f'{e(row["outcomes"].get(label, "-"))}</span></td>' for label in labels)
        flag = ' <span class="tag possible_suite_fault">suite?</span>' if row["flags"] else ""
        body.append(f'<tr class="row" data-ruleset="{e(row["ruleset"] if row["ruleset"] in summary["columns"] else PROTOCOL_COLUMN)}" '
                    f'data-area="{e(row["area"])}" data-outcome="{e(outcomes)}">'
                    f'<td><a href="scenarios/{e(page_slug(row["base"]))}.html">{e(row["id"])}</a>{flag}</td>'
                    f'<td>{e(area_words(row["area"]))}</td>{cells}</tr>')
    return (f'<section><h2>Scenario rows</h2><p>Each scenario row and every engine\'s outcome. The filters above apply.</p>'
            f'<table class="rows filterable"><thead><tr><th>scenario</th><th>area</th>{head}</tr></thead>'
            f'<tbody>{"".join(body)}</tbody></table></section>')


# --- one engine ----------------------------------------------------------------

def transcript_text(exchanges: list[dict]) -> str:
    from heartspec.conformance.saved import transcript_lines  # one way to write a transcript, saved or published

    return "\n".join(transcript_lines(exchanges))


def failure_label(failure: dict, engine: dict) -> str:
    kind = failure["classification"]
    return (f'<span class="class">{e(kind)}</span> {e(failure["reason"] or "")}' if kind
            else f'<span class="class unclassified">unclassified</span> {e(unclassified_words(engine))}')


def failure_block(row: dict, failure: dict, catalog: dict, engine: dict) -> str:
    """A failing row on its engine's page: what failed in a line, the rest on the row's own page."""
    details = row.get("details") or {}
    info = catalog.get(row["id"].split("[")[0], {})
    fault = f' <span class="tag errored">{e(fault_of(row))}</span>' if failure["outcome"] == "errored" else ""
    own = failure_page_name(engine, row["id"]).removeprefix("engines/")
    return (f'<details class="failure" id="{e(row["id"])}" data-ruleset="{e(row["ruleset"])}" data-area="{e(row.get("area", ""))}" '
            f'data-outcome="{e(failure["outcome"])}"><summary><b>{e(row["id"])}</b> {e(row["ruleset"])} · '
            f'{e(area_words(row.get("area", "")))}{fault} — {failure_label(failure, engine)}</summary>'
            f'<p>{e(details.get("scenario") or info.get("name", ""))} ({e(row.get("tier", ""))} tier)</p>'
            f'<p><b>Failed step:</b> {e(details.get("step") or "(setup)")}</p>'
            f'<pre class="what">{e(first_line(details.get("what", ""), 300))}</pre>'
            f'<p><a href="{e(own)}">Move log, transcript and the commands that reproduce it</a> · '
            f'<a href="../scenarios/{e(page_slug(row["id"].split("[")[0]))}.html">scenario page</a></p></details>')


def failure_page(row: dict, failure: dict, catalog: dict, engine: dict) -> str:
    """One failing row of one engine in full: the scenario, the failure, the transcript, the move log."""
    details = row.get("details") or {}
    info = catalog.get(row["id"].split("[")[0], {})
    clauses = details.get("clauses") or info.get("clauses") or []
    log = "\n".join(details.get("move_log", []))
    fault = f' <span class="tag errored">{e(fault_of(row))}</span>' if failure["outcome"] == "errored" else ""
    body = [f'<h1>{e(row["id"])} <small>on <a href="../{e(engine["page"].removeprefix("engines/"))}">{e(engine["label"])}</a></small></h1>',
            f'<p>{failure_label(failure, engine)}{fault}</p>',
            f'<p class="lead">{e(details.get("scenario") or info.get("name", ""))} '
            f'(<a href="../../scenarios/{e(page_slug(row["id"].split("[")[0]))}.html">scenario page</a>)</p>',
            f'<dl class="facts"><dt>tier</dt><dd>{e(row.get("tier", ""))}</dd><dt>ruleset</dt><dd>{e(row["ruleset"])}</dd>'
            f'<dt>area</dt><dd>{e(area_words(row.get("area", "")))}</dd>'
            + (f'<dt>protocol clauses</dt><dd>{e(" ".join(clauses))}</dd>' if clauses else "") + '</dl>',
            f'<p class="source">{e(details.get("citation") or info.get("source", ""))}</p>',
            f'<p><b>Failed step:</b> {e(details.get("step") or "(setup)")}</p>',
            f'<p>Run it again: <code>{e(rerun_command(engine["command"], row["id"]))}</code></p>',
            f'<pre class="what">{e(details.get("what", ""))}</pre>',
            f'<h2>Transcript (requests &gt; and responses &lt;)</h2><pre class="log">{e(transcript_text(details.get("exchanges", [])))}</pre>',
            f'<h2>Move log</h2><p>Save as a file and run <code>heartspec replay FILE --engine CMD</code> (the engine under '
            f'test stops where it differs), or <code>heartspec replay FILE</code> (the reference tells the hand).</p>'
            f'<pre class="log">{e(log)}</pre>']
    return page(f"{row['id']} on {engine['label']}: heartspec compatibility", "\n".join(body), 2)


def rerun_command(command: str, scenario_id: str) -> str:
    import shlex

    return shlex.join(["heartspec", "conform", "--engine", command, "--id", scenario_id, "-v"])


def fuzz_section(engine: dict, fuzz: dict | None) -> str:
    summary = engine["fuzz"]
    if not summary["ran"]:
        return f'<section><h2>Fuzz</h2><p class="flag">The fuzz pass did not run: {e(summary["problem"])}</p></section>'
    groups = []
    for group, line in zip(fuzz["differences"], summary["differences"]):
        smallest = group["smallest"]
        setup = smallest["setup"]
        kind = (f'<span class="class">{e(line["classification"])}</span> {e(line["reason"] or "")}' if line["classification"]
                else f'<span class="class unclassified">unclassified</span> {e(unclassified_words(engine, "known-differences"))}')
        values = (f'<pre class="what">the engine {e(smallest["problem"])}</pre>' if smallest.get("problem") else
                  f'<pre class="what">reference: {e(json.dumps(smallest["reference"], ensure_ascii=False))}\n'
                  f'engine:    {e(json.dumps(smallest["engine"], ensure_ascii=False))}</pre>')
        groups.append(
            f'<details class="difference"><summary><b>{e(line["signature"])}</b> — {e(line["count"])} occurrence(s) — {kind}</summary>'
            f'<p><b>Rule:</b> {e(line["rule"])}</p>'
            f'<p>Smallest: seed {e(smallest["seed"])}, game {e(smallest["game"])} ({e(setup["ruleset"])}, '
            f'{e(setup["players"])} players, variants: {e(", ".join(setup["variants"]) or "none")}); '
            f'{e(smallest["deals"])} deal(s), {e(smallest["moves"])} move(s); replay stops at line {e(smallest["stop_line"])}.</p>'
            f'{values}<pre class="log">{e(chr(10).join(smallest["log"]))}</pre></details>')
    stale = "".join(f"<li>{e(s)}</li>" for s in summary["stale"])
    notes = "".join(f"<li>{e(n)}</li>" for n in fuzz.get("notes", []))
    return (f'<section><h2>Fuzz</h2><p>{e(summary["games"])} games, {e(summary["steps"])} steps compared with the reference, '
            f'{e(summary["setups_played"])} of {e(summary["setups_available"])} set-ups played; '
            f'{e(len(summary["differences"]))} difference(s) by signature.</p>'
            + (f"<ul>{notes}</ul>" if notes else "") + "".join(groups)
            + (f'<p>Listed in the known-differences file but not seen in this run:</p><ul>{stale}</ul>' if stale else "")
            + "</section>")


CLAIM_KEYS = ("rulesets", "variants", "players")


def claims_text(claims: dict) -> str:
    parts = []
    for key in ("rulesets", "variants"):
        if isinstance(claims.get(key), list):
            parts.append(f"{key}: {', '.join(map(str, claims[key])) or 'none'}")
    if isinstance(claims.get("players"), dict):
        parts.append("players: " + "; ".join(f"{r} {', '.join(map(str, n))}" for r, n in sorted(claims["players"].items())
                                             if isinstance(n, list)))
    return " · ".join(parts) or "everything (no claims given)"


def hello_facts(hello: dict | None) -> str:
    """What the engine's hello says beyond its claims (library versions, its configuration, its declared
    approximations), each as the engine sent it."""
    hello = hello or {}
    facts = [(f"engine {key}", value) for key, value in sorted((hello.get("engine") or {}).items())
             if key not in ("name", "version")]
    facts += [(key, value) for key, value in sorted((hello.get("supports") or {}).items()) if key not in CLAIM_KEYS]
    rows = []
    for key, value in facts:
        if isinstance(value, dict) and all(isinstance(v, list) for v in value.values()):
            shown = "".join(f"<li><b>{e(k)}</b>: {e('; '.join(map(str, v)) or 'none')}</li>" for k, v in sorted(value.items()))
            rows.append(f"<dt>{e(key)}</dt><dd><ul>{shown}</ul></dd>")
        else:
            text = value if isinstance(value, str) else json.dumps(value, sort_keys=True, ensure_ascii=False)
            rows.append(f"<dt>{e(key)}</dt><dd>{e(text)}</dd>")
    return "".join(rows)


def engine_page(engine: dict, entry: dict, summary: dict, catalog: dict) -> str:
    rows = {row["id"]: row for row in (entry["conform"] or {}).get("scenarios", [])}
    columns = summary["columns"]
    head = "".join(f"<th>{e(column_title(c))}</th>" for c in columns)
    skipped = {}
    for row in rows.values():
        if row["outcome"] == "skipped":
            skipped[row.get("reason", "")] = skipped.get(row.get("reason", ""), 0) + 1
    failures = "".join(failure_block(rows[f["id"]], f, catalog, engine) for f in engine["failures"])
    stale = "".join(f"<li>{e(s)}</li>" for s in engine["stale_expected_failures"])
    departures = "".join(
        cause_item(cause, "", compact=False, rows=cause_rows(cause, engine)).replace('<li class="cause"', f'<li class="cause" id="cause-{n}"', 1)
        for n, cause in enumerate(engine["causes"], start=1)) or "<li>No departure.</li>"
    manifest = entry["manifest"]
    files = ", ".join(f'{e(f["name"])}' for f in manifest.get("files", {}).values()) or "none"
    notes = manifest.get("notes") or ""
    body = [
        f'<h1>{e(engine["label"])} <img src="../{e(engine["badge"])}" alt="badge"></h1>',
        flags_html(engine["flags"], engine),
        f'<p class="flag">{e(engine["problem"])}</p>' if engine["problem"] else "",
        '<dl class="facts">'
        f'<dt>engine</dt><dd>{e(engine["name"]) or "?"} {e(engine["version"])}</dd>'
        f'<dt>command</dt><dd><code>{e(engine["command"])}</code></dd>'
        f'<dt>configuration</dt><dd>{e(" ".join(engine["configuration"])) or "default"}</dd>'
        f'<dt>claims</dt><dd>{e(claims_text(engine["claims"]))}</dd>'
        + hello_facts(manifest.get("hello"))
        + (f'<dt>classification files</dt><dd>{files}</dd>' if engine.get("adapter") else "")
        + f'<dt>badge</dt><dd><code>![heartspec]({e(engine["badge"])})</code> (a path relative to the site)</dd></dl>',
        f'<section><h2>By tier</h2>{tiers_table(engine)}</section>',
        f'<table class="matrix"><thead><tr>{head}</tr></thead><tbody><tr>'
        + "".join(cell(engine["counts"][c], c) for c in columns) + "</tr></tbody></table>",
        legend(),
        f'<section><h2>Closest ruleset and departures, by cause</h2><p>{closest_words(engine)}</p>'
        f'<ul class="departures">{departures}</ul></section>',
        notes_section(engine, notes),
        f'<section><h2>Failing scenarios ({e(len(engine["failures"]))}, {e(engine["unclassified"])} unclassified)</h2>',
        filter_bar(summary, ("failed", "errored")), f'<div class="filterable">{failures}</div>',
        (f'<p>Listed in the expected-failures file, but a scenario they match passed (remove them):</p><ul>{stale}</ul>'
         if stale else ""), "</section>",
        '<section><h2>Skipped</h2><ul>' + "".join(f"<li>{e(n)}: {e(r)}</li>" for r, n in sorted(skipped.items()))
        + "</ul></section>" if skipped else "",
        fuzz_section(engine, entry["fuzz"]),
    ]
    return page(f"{engine['label']}: heartspec compatibility", "\n".join(body), 1)


def notes_section(engine: dict, notes: str) -> str:
    """An adapter's notes (its module's docstring); the reference's or a user's engine's under a plain title."""
    if engine.get("adapter"):
        return f'<section><h2>Adapter notes</h2><pre class="notes">{e(notes or "(none)")}</pre></section>'
    return f'<section><h2>Notes</h2><pre class="notes">{e(notes)}</pre></section>' if notes else ""


def cause_rows(cause: dict, engine: dict) -> str:
    links = ", ".join(f'<a href="{e(failure_page_name(engine, sid).removeprefix("engines/"))}">{e(sid)}</a>'
                      for sid in cause["scenarios"])
    return f'<details class="rows"><summary>the rows</summary><p>{links}</p></details>'


def closest_words(engine: dict) -> str:
    closest = engine["closest"]
    if not closest:
        return "It ran no scenario of any ruleset."
    return (f'It comes closest to <b>{e(closest["ruleset"])}</b>: {e(closest["passed"])} of {e(closest["ran"])} rules scenarios '
            f'run there pass. By tier: {e(engine["tier_summary"])}.')


# --- one scenario ----------------------------------------------------------------

def why(row: dict, failure: dict | None) -> str:
    if row["outcome"] == "skipped":
        return row.get("reason", "")
    if failure is None:
        return ""
    what = first_line((row.get("details") or {}).get("what") or "", 200)
    reason = f'{failure["classification"]}: {failure["reason"]}' if failure["classification"] else "unclassified"
    return f"{reason} — {what} (the row's page on its engine has the whole failure)"


def scenario_page(base: str, info: dict, summary: dict, reported: dict) -> str:
    """`reported`: engine label -> scenario row id -> its conform report row."""
    lines = []
    flagged = False
    for slot in (row for row in summary["rows"] if row["base"] == base):
        flagged |= bool(slot["flags"])
        for engine in summary["engines"]:
            label = engine["label"]
            row = reported[label].get(slot["id"])
            if row is None:
                continue
            failure = next((f for f in engine["failures"] if f["id"] == slot["id"]), None)
            outcome = outcome_of(row)
            link = f'../{e(failure_page_name(engine, slot["id"]))}' if failure else f'../{e(engine["page"])}'
            lines.append(f'<tr data-outcome="{e(outcome)}"><td>{e(slot["id"])}</td><td><a href="{link}">{e(label)}</a></td>'
                         f'<td><span class="o {e(outcome)}">{e(outcome)}</span></td><td>{e(why(row, failure))}</td></tr>')
    depends = ", ".join(area_words(d) for d in info.get("depends", [])) or "none"
    body = [f'<h1>{e(base)}</h1><p class="lead">{e(info.get("name", ""))}</p>',
            flags_html(["possible_suite_fault"]) if flagged else "",
            f'<dl class="facts"><dt>area</dt><dd>{e(area_words(info.get("area", "")))}</dd>'
            f'<dt>rests on</dt><dd>{e(depends)}</dd><dt>feature</dt><dd>{e(info.get("feature", ""))}</dd></dl>',
            f'<p class="source">{e(info.get("source", ""))}</p>',
            '<table class="outcomes"><thead><tr><th>row</th><th>engine</th><th>outcome</th><th>why</th></tr></thead>'
            f'<tbody>{"".join(lines)}</tbody></table>']
    return page(f"{base}: heartspec compatibility", "\n".join(body), 1)


# --- the whole site ----------------------------------------------------------------

def site_files(summary: dict, loaded: dict) -> dict[str, str]:
    """Every file of the site, by its path relative to the output folder."""
    files = {"index.html": index_page(summary), "matrix.md": matrix_markdown(summary),
             "compat.json": json.dumps(summary, indent=1, sort_keys=True, ensure_ascii=False) + "\n",
             "style.css": (ASSETS / "style.css").read_text(encoding="utf-8"),
             "app.js": (ASSETS / "app.js").read_text(encoding="utf-8")}
    by_label = {entry["manifest"]["label"]: entry for entry in loaded["engines"]}
    for engine in summary["engines"]:
        files[engine["page"]] = engine_page(engine, by_label[engine["label"]], summary, loaded["catalog"])
        reported_rows = {row["id"]: row for row in (by_label[engine["label"]]["conform"] or {}).get("scenarios", [])}
        for failure in engine["failures"]:
            files[failure_page_name(engine, failure["id"])] = failure_page(reported_rows[failure["id"]], failure,
                                                                           loaded["catalog"], engine)
        files[engine["badge"]] = render_badge(engine)
    reported = {label: {row["id"]: row for row in (entry["conform"] or {}).get("scenarios", [])}
                for label, entry in by_label.items()}
    for scenario in summary["scenarios"]:
        files[scenario["page"]] = scenario_page(scenario["id"], loaded["catalog"][scenario["id"]], summary, reported)
    return files


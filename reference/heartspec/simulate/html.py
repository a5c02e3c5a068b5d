"""The simulation report as one self-contained HTML page: tables and inline SVG plots, nothing fetched.

Plots drawn here: for every figure, the paired difference of each ruleset from
the baseline as a dot with its 95% interval around a zero line; and the
distributions kept by the run (deals per game, the points scored by the seat
dealt the queen, the paired difference in game length) as step histograms.
"""

from __future__ import annotations

from html import escape

from heartspec.simulate.report import bots_phrase, figure_cell

PALETTE = ("#1b6ca8", "#d1495b", "#2e933c", "#edae49", "#6a4c93", "#00798c", "#8c564b", "#7f7f7f")
STYLE = """
body{font-family:system-ui,sans-serif;margin:2em;color:#222;max-width:1200px}
h1{font-size:1.4em}h2{font-size:1.15em;margin-top:1.6em}
table{border-collapse:collapse;font-size:.85em}td,th{padding:2px 8px;border-bottom:1px solid #e4e4e4;text-align:right}
td:first-child,th:first-child{text-align:left}th{background:#f4f4f4}
.sig{font-weight:600}.note{color:#555;font-size:.9em}.legend span{margin-right:1.2em}
.grid{display:flex;flex-wrap:wrap;gap:1.5em}
"""


def render_html(document: dict) -> str:
    labels = [r["label"] for r in document["rulesets"]]
    colours = {label: PALETTE[i % len(PALETTE)] for i, label in enumerate(labels)}
    parts = [
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>",
        f"<title>heartspec simulate: {escape(', '.join(labels))}</title><style>{STYLE}</style></head><body>",
        f"<h1>heartspec simulate: {escape(', '.join(labels))}</h1>",
        f"<p>{document['players']} players, {document['games']:,} games, bots {escape(bots_phrase(document['bots']))}, "
        f"seed {document['seed']}. Every ruleset played the same deals with the same seeded bots; intervals are 95%, "
        f"with games as the unit. Differences are paired, against <b>{escape(document['baseline'])}</b>.</p>",
        _legend(labels, colours),
        "<h2>Paired differences from the baseline</h2>",
        "<p class='note'>Each dot is a ruleset's mean minus the baseline's over the same deals; the bar is its 95% "
        "interval; the grey line is zero (no difference); each row has its own scale, its half-width in grey.</p>",
        _difference_table(document, colours),
        "<h2>Distributions</h2><div class='grid'>",
        *_distribution_plots(document, colours),
        "</div>",
        "<h2>Figures</h2>",
        _figures_table(document),
        f"<p class='note'>Played {document['played']['deals']:,} deals in {document['timing']['seconds']} s "
        f"({document['executor']}, {document['shards']} shards).</p>",
        "</body></html>",
    ]
    return "\n".join(parts) + "\n"


def _legend(labels: list[str], colours: dict) -> str:
    items = "".join(f"<span><svg width='12' height='12'><rect width='12' height='12' fill='{colours[l]}'/></svg> "
                    f"{escape(l)}</span>" for l in labels)
    return f"<p class='legend'>{items}</p>"


def _difference_table(document: dict, colours: dict) -> str:
    base = document["baseline"]
    diffs = [d for d in document["differences"] if d["baseline"] == base]
    if not diffs:
        return "<p>Only one ruleset: nothing to compare.</p>"
    rows = ["<table><tr><th>figure</th><th>difference (dot) and 95% interval</th>"
            + "".join(f"<th>Δ {escape(d['ruleset'])}</th>" for d in diffs) + "</tr>"]
    for metric in document["metrics"]:
        figures = [(d["ruleset"], d["metrics"].get(metric["key"])) for d in diffs]
        cells = "".join(f"<td class='{'sig' if _excludes_zero(f) else ''}'>{escape(figure_cell(f, signed=True))}</td>"
                        for _, f in figures)
        rows.append(f"<tr><td>{escape(metric['label'])}</td><td>{_forest(figures, colours)}</td>{cells}</tr>")
    return "".join(rows) + "</table>"


def _excludes_zero(figure: dict | None) -> bool:
    return bool(figure and figure["ci95"] and (figure["ci95"][0] > 0 or figure["ci95"][1] < 0))


def _forest(figures: list, colours: dict, width: int = 260, row: int = 10) -> str:
    shown = [(label, f) for label, f in figures if f and f["mean"] is not None]
    if not shown:
        return ""
    reach = max(max(abs(v) for v in (f["ci95"] or [f["mean"]]) + [f["mean"]]) for _, f in shown) or 1.0
    middle, half = width / 2, width / 2 - 6

    def x(value: float) -> float:
        return middle + value / reach * half

    height = row * len(shown) + 4
    marks = [f"<line x1='{middle}' y1='0' x2='{middle}' y2='{height}' stroke='#bbb'/>"]
    for i, (label, f) in enumerate(shown):
        y = 2 + row * i + row / 2
        low, high = f["ci95"] or [f["mean"], f["mean"]]
        colour = colours[label]
        marks.append(f"<line x1='{x(low):.1f}' y1='{y}' x2='{x(high):.1f}' y2='{y}' stroke='{colour}' stroke-width='2'/>")
        marks.append(f"<circle cx='{x(f['mean']):.1f}' cy='{y}' r='3' fill='{colour}'/>")
    marks.append(f"<text x='{width - 1}' y='8' font-size='8' fill='#888' text-anchor='end'>±{reach:.2g}</text>")
    return (f"<svg width='{width}' height='{height}' role='img' aria-label='paired differences'>"
            + "".join(marks) + "</svg>")


def _distribution_plots(document: dict, colours: dict) -> list[str]:
    titles = {
        ("game.deals", False): "Deals per game",
        ("points.queen_holder", False): "Points per deal of the seat dealt the queen of spades",
        ("game.deals", True): f"Paired difference in deals per game (ruleset − {document['baseline']})",
    }
    plots = []
    for (metric, paired), title in titles.items():
        series = [(h["ruleset"], h["counts"]) for h in document["histograms"]
                  if h["metric"] == metric and h["paired_difference"] == paired
                  and (not paired or h["baseline"] == document["baseline"])]
        if series:
            plots.append(f"<figure><figcaption>{escape(title)}</figcaption>{_histogram(series, colours)}</figure>")
    return plots


def _histogram(series: list, colours: dict, width: int = 520, height: int = 220) -> str:
    """Step lines of the share of games (or deals) at each value, one line per ruleset."""
    values = sorted({v for _, counts in series for v, _ in counts})
    low, high = values[0], values[-1]
    span = max(high - low, 1)
    shares = [(label, {v: c / sum(n for _, n in counts) for v, c in counts}) for label, counts in series]
    top = max(max(s.values()) for _, s in shares) or 1.0
    left, bottom, right, upper = 40, height - 30, width - 10, 10

    def x(value: float) -> float:
        return left + (value - low + 0.5) / (span + 1) * (right - left)

    def y(share: float) -> float:
        return bottom - share / top * (bottom - upper)

    marks = [f"<line x1='{left}' y1='{bottom}' x2='{right}' y2='{bottom}' stroke='#888'/>",
             f"<line x1='{left}' y1='{upper}' x2='{left}' y2='{bottom}' stroke='#888'/>",
             f"<text x='{left - 4}' y='{upper + 8}' font-size='10' text-anchor='end'>{top:.0%}</text>",
             f"<text x='{left - 4}' y='{bottom}' font-size='10' text-anchor='end'>0</text>"]
    step = max(1, round(span / 10))
    for value in range(low, high + 1, step):
        marks.append(f"<text x='{x(value):.1f}' y='{bottom + 14}' font-size='10' text-anchor='middle'>{value}</text>")
    for label, share in shares:
        points = []
        for value in range(low, high + 1):
            h = y(share.get(value, 0.0))
            points += [f"{x(value - 0.5):.1f},{h:.1f}", f"{x(value + 0.5):.1f},{h:.1f}"]
        marks.append(f"<polyline fill='none' stroke='{colours[label]}' stroke-width='1.5' points='{' '.join(points)}'/>")
    return (f"<svg width='{width}' height='{height}' role='img' aria-label='distribution'>"
            + "".join(marks) + "</svg>")


def _figures_table(document: dict) -> str:
    labels = [r["label"] for r in document["rulesets"]]
    head = "<tr><th>figure</th>" + "".join(f"<th>{escape(l)}</th>" for l in labels) + "</tr>"
    rows = [head]
    section = None
    for metric in document["metrics"]:
        if metric["section"] != section:
            section = metric["section"]
            rows.append(f"<tr><th colspan='{len(labels) + 1}'>{escape(section)}</th></tr>")
        cells = "".join(f"<td>{escape(figure_cell(document['results'][l].get(metric['key'])))}</td>" for l in labels)
        rows.append(f"<tr><td>{escape(metric['label'])}</td>{cells}</tr>")
    return "<table>" + "".join(rows) + "</table>"

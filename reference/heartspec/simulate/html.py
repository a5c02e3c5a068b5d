"""The simulation report as one self-contained HTML page: tables and inline SVG plots, nothing fetched.

Plots drawn here: for every figure, the paired difference of each ruleset from
the baseline as a dot with its 95% interval around a zero line; and the
distributions kept by the run (deals per game, the points scored by the seat
dealt the queen, the paired difference in game length) as step histograms.
"""

from __future__ import annotations

from html import escape

from heartspec.simulate.report import bots_phrase, excludes_zero, figure_cell

PALETTE = ("#1b6ca8", "#d1495b", "#2e933c", "#edae49", "#6a4c93", "#00798c", "#8c564b", "#7f7f7f")
STYLE = """
body{font-family:system-ui,sans-serif;margin:2em;color:#222;max-width:1200px}
h1{font-size:1.4em}h2{font-size:1.15em;margin-top:1.6em}
table{border-collapse:collapse;font-size:.85em}td,th{padding:2px 8px;border-bottom:1px solid #e4e4e4;text-align:right}
td:first-child,th:first-child{text-align:left}th{background:#f4f4f4}td{white-space:nowrap}
.sig{font-weight:600}.note{color:#555;font-size:.9em}.legend span{margin-right:1.2em}
.grid{display:flex;flex-wrap:wrap;gap:1.5em}
.summary{font-size:1.05em;background:#f6f8fa;border-left:4px solid #1b6ca8;padding:.6em 1em;max-width:60em}
tr.family th{background:#fff;border-bottom:1px solid #bbb;font-weight:600;text-align:left;padding-top:.8em}
.flat{color:#666}ol.cells{font-size:.9em}
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
        *_opening(document),
        "<h2>Paired differences from the baseline</h2>",
        "<p class='note'>Each dot is a ruleset's mean minus the baseline's over the same deals; the bar is its 95% "
        "interval; the grey line is zero. A filled dot (and a bold number) is a difference whose interval excludes "
        "zero; a hollow dot one that cannot be told from zero; a grey ring on the line, a difference that is zero "
        "in every game. Points, rates and counts each have one scale, shown above their rows.</p>",
        _difference_table(document, colours),
        *([_attribution_table(document)] if document.get("attribution") else []),
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


def _opening(document: dict) -> list[str]:
    from heartspec.i18n import current_language
    from heartspec.simulate.summary import opening

    said = opening(document)
    return [f"<p class='summary' lang='{current_language()}'>{escape(' '.join(said))}</p>"] if said else []


def _legend(labels: list[str], colours: dict) -> str:
    items = "".join(f"<span><svg width='12' height='12'><rect width='12' height='12' fill='{colours[l]}'/></svg> "
                    f"{escape(l)}</span>" for l in labels)
    return f"<p class='legend'>{items}</p>"


def _difference_table(document: dict, colours: dict) -> str:
    base = document["baseline"]
    diffs = [d for d in document["differences"] if d["baseline"] == base]
    if not diffs:
        return "<p>Only one ruleset: nothing to compare.</p>"
    rows = {metric["key"]: [(d["ruleset"], d["metrics"].get(metric["key"])) for d in diffs]
            for metric in document["metrics"]}
    heads = [f"Δ {d['ruleset']}" for d in diffs]
    return _forest_table(document, rows, heads, colours)


def _attribution_table(document: dict) -> str:
    found = document["attribution"]
    cells = found["cells"]
    names = ["whole", *(f"[{i}]" for i in range(1, len(cells) + 1)), "interaction"]
    colours = {name: PALETTE[i % len(PALETTE)] for i, name in enumerate(names)}
    colours["interaction"] = "#7f7f7f"
    rows = {}
    for metric in document["metrics"]:
        key = metric["key"]
        if key in found["whole"]:
            rows[key] = list(zip(names, [found["whole"][key], *(c["metrics"].get(key) for c in cells),
                                         found["interaction"][key]]))
    items = [f"<li><b style='color:{colours[f'[{i}]']}'>[{i}]</b> {escape(c['title'])}"
             + (f" <span class='note'>(switched together: {escape(c['together'])})</span>" if c["together"] else "")
             + "</li>" for i, c in enumerate(cells, 1)]
    inert = (f"<p class='note'>Alike in play at {document['players']} players, so not switched: "
             f"{escape(', '.join(found['inert']))}.</p>" if found["inert"] else "")
    heads = [f"Δ {found['ruleset']} (whole)", *names[1:-1], "interaction"]
    return (f"<h2>Which rule does what: {escape(found['baseline'])} → {escape(found['ruleset'])}, one rule at a "
            f"time</h2><p>{escape(found['baseline'])} played again with each rule where {escape(found['ruleset'])} "
            "differs switched alone to its value, on the same deals with the same bots. "
            f"<b style='color:{colours['whole']}'>whole</b>: the whole difference; the numbered rules' effects; "
            "<b style='color:#7f7f7f'>interaction</b>: what no single rule explains. The parts add up to the "
            f"whole.</p><ol class='cells'>{''.join(items)}</ol>{inert}"
            + _forest_table(document, rows, heads, colours))


FAMILIES = (("points", "points"), ("rates", "rates (percentage points)"), ("counts", "counts (per deal or game)"),
            ("money", "money"))


def family(metric: dict) -> str:
    """Figures that share a scale in the difference chart: points, rates (percent), counts, money."""
    key = metric["key"]
    if key.startswith("money"):
        return "money"
    if metric["percent"]:
        return "rates"
    if key.startswith("points") or key == "kitty.points":
        return "points"
    return "counts"


def _forest_table(document: dict, rows: dict, heads: list[str], colours: dict) -> str:
    """Figures grouped by family, each family's dots on one scale, drawn beside the numbers."""
    by_key = {m["key"]: m for m in document["metrics"]}
    out = ["<table class='forest'><tr><th>figure</th><th>difference (dot) and 95% interval</th>"
           + "".join(f"<th>{escape(h)}</th>" for h in heads) + "</tr>"]
    for name, unit in FAMILIES:
        keys = [k for k in rows if k in by_key and family(by_key[k]) == name]
        if not keys:
            continue
        reach = _reach([f for k in keys for _, f in rows[k]])
        out.append(f"<tr class='family'><th>{escape(unit)}</th><th>{_axis(reach)}</th>"
                   + "<th></th>" * len(heads) + "</tr>")
        for key in keys:
            cells = "".join(f"<td class='{'sig' if excludes_zero(f) else 'flat'}'>{escape(figure_cell(f, signed=True))}</td>"
                            for _, f in rows[key])
            out.append(f"<tr data-family='{name}'><td>{escape(by_key[key]['label'])}</td>"
                       f"<td>{_forest(rows[key], colours, reach)}</td>{cells}</tr>")
    return "".join(out) + "</table>"


def _reach(figures: list) -> float:
    values = [abs(v) for f in figures if f and f["mean"] is not None for v in (f["ci95"] or []) + [f["mean"]]]
    return max(values, default=0.0) or 1.0


PLOT_WIDTH, PLOT_PAD = 260, 8


def _x(value: float, reach: float) -> float:
    middle, half = PLOT_WIDTH / 2, PLOT_WIDTH / 2 - PLOT_PAD
    return middle + value / reach * half


def _axis(reach: float) -> str:
    """The family's scale in its own row, so its labels never sit on a dot or a bar."""
    ticks = []
    for value in (-reach, 0.0, reach):
        x = _x(value, reach)
        anchor = "start" if value < 0 else "end" if value > 0 else "middle"
        shown = f"{value:+.3g}" if value else "0"
        ticks.append(f"<line x1='{x:.1f}' y1='0' x2='{x:.1f}' y2='4' stroke='#888'/>"
                     f"<text x='{x:.1f}' y='14' font-size='9' fill='#555' text-anchor='{anchor}'>{shown}</text>")
    return (f"<svg width='{PLOT_WIDTH}' height='16' role='img' aria-label='scale'>"
            f"<line x1='{PLOT_PAD}' y1='0' x2='{PLOT_WIDTH - PLOT_PAD}' y2='0' stroke='#888'/>{''.join(ticks)}</svg>")


def _forest(figures: list, colours: dict, reach: float, row: int = 10) -> str:
    """A dot and bar per figure: filled where the interval excludes zero, hollow where it does not, and a
    grey ring on the zero line where the difference is exactly zero in every game."""
    shown = [(label, f) for label, f in figures if f and f["mean"] is not None]
    if not shown:
        return ""
    height = row * len(shown) + 4
    middle = _x(0.0, reach)
    marks = [f"<line x1='{middle}' y1='0' x2='{middle}' y2='{height}' stroke='#bbb'/>"]
    for i, (label, f) in enumerate(shown):
        y = 2 + row * i + row / 2
        low, high = f["ci95"] or [f["mean"], f["mean"]]
        colour = colours[label]
        if f["mean"] == 0 and low == high == 0:
            marks.append(f"<circle cx='{middle}' cy='{y}' r='2.5' fill='white' stroke='#999' class='same'/>")
            continue
        solid = excludes_zero(f)
        marks.append(f"<line x1='{_x(low, reach):.1f}' y1='{y}' x2='{_x(high, reach):.1f}' y2='{y}' stroke='{colour}' "
                     f"stroke-width='2' opacity='{1 if solid else 0.45}'/>")
        fill = colour if solid else "white"
        marks.append(f"<circle cx='{_x(f['mean'], reach):.2f}' cy='{y}' r='3' fill='{fill}' stroke='{colour}' "
                     f"class='{'sig' if solid else 'flat'}' data-value='{f['mean']!r}'/>")
    return (f"<svg width='{PLOT_WIDTH}' height='{height}' role='img' aria-label='paired differences' "
            f"data-reach='{reach!r}' data-zero='{middle}'>"
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

"""The simulation report: one JSON document (schemas/simulation.schema.json) and its text tables.

Every figure is a mean with a 95% interval (games as the unit, see stats.py);
every ruleset after the first is also shown as its paired difference from the
first, the baseline, over the same deals and bots.
"""

from __future__ import annotations

from dataclasses import dataclass

from heartspec.i18n.glossary import number
from heartspec.simulate.play import COUNTED_RULES
from heartspec.simulate.shards import Run, ShardResult
from heartspec.simulate.stats import summary

FORMAT_VERSION = 1

RULE_LABELS = {
    "first_trick.points": "first trick: a point card refused",
    "first_trick.when_only_points": "first trick: only point cards, one forced",
    "heart_leads.before_broken": "hearts not broken: a heart lead refused",
    "heart_leads.exceptions": "hearts not broken: a heart led by exception",
    "following.identical_cards": "identical cards cancelled in a trick",
    "following.all_cancelled": "every led card cancelled in a trick",
    "deck.kitty_to": "kitty taken by the first trick's winner",
    "game_end.ties": "tie for lowest: extra deal played",
}


@dataclass(frozen=True)
class Metric:
    key: str
    label: str
    per: str            # "deal" or "game"
    section: str
    scale: float = 1.0  # stored value / scale = shown value (money is stored in cents)
    percent: bool = False


def metrics_for(players: int, money: bool) -> list[Metric]:
    rows = [Metric(f"points.seat{s}", f"points per deal, seat {s}", "deal", "Points") for s in range(players)]
    rows.append(Metric("points.queen_holder", "points per deal, the seat dealt QS", "deal", "Points"))
    rows += [
        Metric("moon", "moon shot (% of deals)", "deal", "Moon and length", percent=True),
        Metric("tricks", "tricks per deal", "deal", "Moon and length"),
        Metric("game.deals", "deals per game", "game", "Moon and length"),
        Metric("kitty.points", "points in the kitty per deal", "deal", "Moon and length"),
    ]
    rows += [Metric(key, RULE_LABELS[key], "deal", "Rules that decided a move or a trick (per deal)")
             for key in COUNTED_RULES]
    rows += [
        Metric("game.shared_win", "game ended on a shared win (%)", "game", "End of the game", percent=True),
        Metric("game.extra_deals", "extra deals for a tie, per game", "game", "End of the game"),
    ]
    if money:
        rows += [Metric(f"money_cents.seat{s}", f"money per game, seat {s}", "game", "Money", scale=100.0)
                 for s in range(players)]
    return rows


def build_report(run: Run, result: ShardResult, labels_detail: list[dict], settings: dict) -> dict:
    """The JSON document: settings, per-ruleset figures, paired differences from the baseline, histograms."""
    labels = [label for label, _ in run.tables[:2 if run.cells else None]]  # an --attribute run's cells are no columns
    money = any(rules.settlement != "none" for _, rules in run.tables)
    players = run.tables[0][1].players
    metrics = metrics_for(players, money)
    document = {
        "schema_version": FORMAT_VERSION,
        **settings,
        "players": players,
        "games": run.games,
        "seed": run.seed,
        "bots": list(run.bots),
        "baseline": labels[0],
        "rulesets": labels_detail,
        "metrics": [{"key": m.key, "label": m.label, "per": m.per, "section": m.section,
                     "percent": m.percent} for m in metrics],
        "results": {label: _figures(result, label, metrics) for label in labels},
        "differences": [
            {"ruleset": label, "baseline": base, "metrics": _figures(result, (label, base), metrics)}
            for i, base in enumerate(labels) for label in labels[i + 1:]
        ],
        "histograms": _histograms(result),
        "played": {"games": result.games, "deals": result.deals},
    }
    if run.cells:
        from heartspec.simulate import attribution  # numpy, needed by --attribute alone

        document["attribution"] = {"baseline": labels[0], "ruleset": labels[1], **attribution.figures(
            result.attribution, metrics, run.cells), "inert": list(run.inert)}
    return document


def _figures(result: ShardResult, scope, metrics: list[Metric]) -> dict:
    figures = {}
    for metric in metrics:
        tally = result.tallies.get((scope, metric.key))
        if tally is None:
            continue
        scale = metric.scale / (100.0 if metric.percent else 1.0)
        figures[metric.key] = summary(tally, scale)
    return figures


def _histograms(result: ShardResult) -> list[dict]:
    out = []
    for (scope, metric), counts in sorted(result.histograms.items(), key=lambda item: str(item[0])):
        entry = {"metric": metric, "counts": [[value, counts[value]] for value in sorted(counts)]}
        if isinstance(scope, tuple):
            entry.update(ruleset=scope[0], baseline=scope[1], paired_difference=True)
        else:
            entry.update(ruleset=scope, paired_difference=False)
        out.append(entry)
    return out


# ---------------------------------------------------------------- text

def render_text(document: dict) -> str:
    from heartspec.simulate.summary import opening

    labels = [r["label"] for r in document["rulesets"]]
    base = document["baseline"]
    bots = bots_phrase(document["bots"])
    lines = [
        f"heartspec simulate: {', '.join(labels)}; {document['players']} players, {document['games']} games, "
        f"bots {bots}, seed {document['seed']}" + (", compiled core" if document.get("core") == "compiled" else ""),
        "Every ruleset played the same deals with the same seeded bots. Figures: mean ±95% interval "
        "(games as the unit).",
        f"Δ: paired difference from {base} over the deals both games reached; * where the interval excludes 0.",
    ]
    said = opening(document)
    if said:
        lines += ["", *_wrapped(" ".join(said))]
    diffs = {d["ruleset"]: d["metrics"] for d in document["differences"] if d["baseline"] == base}
    width = max(len(m["label"]) for m in document["metrics"]) + 2
    lines += ["", " " * width + "".join(f"{label:>16}" for label in labels)
              + "".join(f"{'Δ ' + label:>16}" for label in labels[1:])]
    section = None
    for metric in document["metrics"]:
        if metric["section"] != section:
            section = metric["section"]
            lines += [f"{section}:"]
        key = metric["key"]
        row = metric["label"].ljust(width)
        row += "".join(column(figure_cell(document['results'][label].get(key))) for label in labels)
        row += "".join(column(figure_cell(diffs[label].get(key), signed=True)) for label in labels[1:])
        lines.append(row)
    if document.get("attribution"):
        lines += ["", *attribution_text(document, width)]
    return "\n".join(lines) + "\n"


def attribution_text(document: dict, width: int) -> list[str]:
    """Each rule cell's effect beside the whole difference and the interaction, figure by figure."""
    found = document["attribution"]
    base, other, cells = found["baseline"], found["ruleset"], found["cells"]
    lines = [f"Attribution: {base} played with each rule where {other} differs switched alone to {other}'s value, "
             "on the same deals with the same bots:"]
    for i, cell in enumerate(cells, 1):
        lines.append(f"  [{i}] {cell['title']}")
        if cell["together"]:
            lines.append(f"      switched together: {cell['together']}")
    if found["inert"]:
        lines.append(f"  Alike in play at {document['players']} players, so not switched: {', '.join(found['inert'])}")
    lines.append(f"  The cells' effects plus the interaction (what no single cell explains) add up to the whole "
                 f"difference {other} − {base}.")
    lines += ["", " " * width + f"{'Δ ' + other:>16}" + "".join(f"{f'[{i}]':>16}" for i in range(1, len(cells) + 1))
              + f"{'interaction':>16}"]
    for metric in document["metrics"]:
        key = metric["key"]
        if key not in found["whole"]:
            continue
        figures = [found["whole"][key], *(c["metrics"].get(key) for c in cells), found["interaction"][key]]
        lines.append(metric["label"].ljust(width) + "".join(column(figure_cell(f, signed=True)) for f in figures))
    return lines


def column(cell: str, width: int = 16) -> str:
    """A cell right-aligned in its column, never run into the one before it."""
    return f"{cell:>{width}}" if len(cell) < width else " " + cell


def _wrapped(text: str, width: int = 110) -> list[str]:
    import textwrap

    return textwrap.wrap(text, width)


def bots_phrase(bots: list[str]) -> str:
    if len(set(bots)) == 1:
        return f"{bots[0]} at every seat"
    return ", ".join(f"seat {s} {b}" for s, b in enumerate(bots))


def figure_cell(figure: dict | None, signed: bool = False) -> str:
    """`mean ±half`, a difference starred where its interval excludes zero; `0 (same)` for a difference that
    is exactly zero in every game; enough decimals that neither a starred mean nor its half-width reads as 0."""
    if figure is None or figure["mean"] is None:
        return "-"
    mean, ci = figure["mean"], figure["ci95"]
    half = 0.0 if ci is None else (ci[1] - ci[0]) / 2
    if signed and mean == 0 and half == 0:
        return "0 (same)"
    places = _places(mean, half)
    text = number(mean, places, signed=signed)  # the language's decimal sign and grouping (--lang)
    if ci is None:
        return text
    star = "*" if signed and excludes_zero(figure) else " " if signed else ""
    return f"{text} ±{number(half, places)}{star}"


def excludes_zero(figure: dict | None) -> bool:
    return bool(figure and figure["ci95"] and (figure["ci95"][0] > 0 or figure["ci95"][1] < 0))


def _places(mean: float, half: float) -> int:
    """Two decimals, or as many as it takes (up to six) to show the smaller nonzero of mean and half-width."""
    smallest = min((abs(v) for v in (mean, half) if v), default=1.0)
    places = 2
    while places < 6 and smallest < 5 * 10 ** -places:
        places += 1
    return places

"""The simulation report: one JSON document (schemas/simulation.schema.json) and its text tables.

Every figure is a mean with a 95% interval (games as the unit, see stats.py);
every ruleset after the first is also shown as its paired difference from the
first, the baseline, over the same deals and bots.
"""

from __future__ import annotations

from dataclasses import dataclass

from heartspec.simulate import attribution
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
    labels = [detail["label"] for detail in labels_detail]  # an --attribute run's cell tables are not columns
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
        row += "".join(f"{figure_cell(document['results'][label].get(key)):>16}" for label in labels)
        row += "".join(f"{figure_cell(diffs[label].get(key), signed=True):>16}" for label in labels[1:])
        lines.append(row)
    return "\n".join(lines) + "\n"


def bots_phrase(bots: list[str]) -> str:
    if len(set(bots)) == 1:
        return f"{bots[0]} at every seat"
    return ", ".join(f"seat {s} {b}" for s, b in enumerate(bots))


def figure_cell(figure: dict | None, signed: bool = False) -> str:
    if figure is None or figure["mean"] is None:
        return "-"
    mean, ci = figure["mean"], figure["ci95"]
    half = 0.0 if ci is None else (ci[1] - ci[0]) / 2
    # two decimals, or three when a figure or its interval is smaller than that shows
    places = 3 if 0 < min(abs(mean) or 1, half or 1) < 0.05 else 2
    text = f"{mean:+.{places}f}" if signed else f"{mean:.{places}f}"
    if ci is None:
        return text
    star = "*" if signed and (ci[0] > 0 or ci[1] < 0) else " " if signed else ""
    return f"{text} ±{half:.{places}f}{star}"

"""The few sentences a simulation report opens with, in the reader's language (`--lang`).

They name the largest differences whose interval excludes zero, largest relative to the baseline's own
figure first (a rate that doubles before points that move by 1%), and, for an --attribute run, the rule
cell with the largest significant share of each, or that no single rule explains it alone.
"""

from __future__ import annotations

import math

from heartspec.i18n import N_, SOURCE_LANGUAGE, _, current_language
from heartspec.i18n.glossary import number
from heartspec.simulate.play import COUNTED_RULES
from heartspec.simulate.report import excludes_zero
from heartspec.simulate.rule_cells import change_in_words, change_phrase

SENTENCES = 3  # differences named; the tables below hold the rest
# per-seat points move together (every seat plays under the same rules), so the summary names the
# seat dealt the queen instead of four seats; how often a rule decided a move follows from the rule
# itself, so the summary names what players feel (points, moons, game length, shared wins)
LEFT_OUT = ("points.seat", "money", *COUNTED_RULES)

METRIC_NAMES = {
    "points.queen_holder": N_("points per deal of the seat dealt the queen of spades"),
    "moon": N_("the moon shot (% of deals)"),
    "tricks": N_("tricks per deal"),
    "game.deals": N_("deals per game"),
    "kitty.points": N_("points in the kitty per deal"),
    "first_trick.points": N_("point cards refused on the first trick, per deal"),
    "first_trick.when_only_points": N_("point cards forced on the first trick, per deal"),
    "heart_leads.before_broken": N_("heart leads refused before hearts broke, per deal"),
    "heart_leads.exceptions": N_("hearts led by an exception, per deal"),
    "following.identical_cards": N_("identical cards cancelled, per deal"),
    "following.all_cancelled": N_("tricks with every led card cancelled, per deal"),
    "deck.kitty_to": N_("kitties taken, per deal"),
    "game_end.ties": N_("extra deals for a tie, per deal"),
    "game.shared_win": N_("games ended on a shared win (%)"),
    "game.extra_deals": N_("extra deals for a tie, per game"),
}


def metric_name(metric: dict) -> str:
    key = metric["key"]
    return _(METRIC_NAMES[key]) if key in METRIC_NAMES else metric["label"]


def opening(document: dict) -> list[str]:
    """The report's first sentences: the largest significant differences (and, attributed, their rules)."""
    base = document["baseline"]
    differences = [d for d in document["differences"] if d["baseline"] == base]
    if not differences:
        return []
    attribution = document.get("attribution")
    found = _largest(document, differences)
    if not found:
        others = ", ".join(d["ruleset"] for d in differences)
        return [_("{other} and {base} show no difference whose 95% interval excludes zero in "
                  "these games.").format(other=others, base=base)]
    sentences = []
    for other, metric, figure in found:
        key = metric["key"]
        places = _places(figure["mean"])
        sentences.append(_("{figure}: {base} {before}, {other} {after} ({change}).").format(
            figure=_capital(metric_name(metric)), base=base, other=other,
            before=number(document['results'][base][key]['mean'], places),
            after=number(document['results'][other][key]['mean'], places), change=_signed(figure["mean"], places)))
        if attribution and attribution["ruleset"] == other:
            sentences.append(_because(attribution, key))
    return sentences


def _largest(document: dict, differences: list[dict]) -> list[tuple[str, dict, dict]]:
    """The SENTENCES largest significant differences over every ruleset, relative to the baseline's figure."""
    base = document["results"][document["baseline"]]
    ranked = []
    for difference in differences:
        for metric in document["metrics"]:
            key = metric["key"]
            figure = difference["metrics"].get(key)
            if key.startswith(LEFT_OUT) or not excludes_zero(figure):
                continue
            own = base.get(key)
            scale = abs(own["mean"]) if own and own["mean"] else 0.0
            ranked.append((abs(figure["mean"]) / scale if scale else float("inf"), difference["ruleset"], metric,
                           figure))
    ranked.sort(key=lambda item: -item[0])
    return [(other, metric, figure) for _, other, metric, figure in ranked[:SENTENCES]]


def _places(change: float) -> int:
    """Decimals that show a change to two significant digits, for the figures it is the change between."""
    return max(0, 1 - math.floor(math.log10(abs(change)))) if change else 2


def _because(attribution: dict, key: str) -> str:
    """The cell with the largest significant effect on this figure, and how much of the whole it is."""
    whole = attribution["whole"][key]["mean"]
    cells = [(c, c["metrics"][key]) for c in attribution["cells"] if excludes_zero(c["metrics"].get(key))]
    if not cells:
        return _("No single rule explains it alone: each rule switched by itself leaves it within its interval.")
    cell, figure = max(cells, key=lambda item: abs(item[1]["mean"]))
    if current_language() == SOURCE_LANGUAGE:
        rule = change_phrase((c["path"], c["from"], c["to"]) for c in cell["changes"])
    else:  # the rule as the rulebook says it, before and after: no value as the program spells it
        rule = " + ".join(change_in_words(c) for c in cell["changes"])
    share = figure["mean"] / whole if whole else None
    if share is not None and 0 < share:
        return _("The rule behind it: {rule} ({change}, {share} of the difference).").format(
            rule=rule, change=_signed(figure["mean"]), share=_percent(share))
    return _("The rule behind it: {rule} ({change}).").format(rule=rule, change=_signed(figure["mean"]))


def _signed(value: float, places: int | None = None) -> str:
    return number(value, _places(value) if places is None else places, signed=True)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _percent(share: float) -> str:
    """A share as the language writes a percentage (Babel: 40 %, with a no-break space, in the Nordic languages)."""
    from babel.numbers import format_percent

    return format_percent(share, locale=current_language())

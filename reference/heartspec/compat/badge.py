"""An engine's badge: a flat SVG a project can embed, `heartspec | fi 94/99 · protocol 123/140 · hardening 10/23`:
its closest ruleset's rules scenarios, then the protocol and hardening tiers, each passed of run. The colour is
that of the worst tier shown, so a good rules score never hides a failing protocol."""

from __future__ import annotations

from heartspec.web_safe import html as escape

CHAR_WIDTH = 6.6   # px per character of 11px Verdana, near enough for labels of this length
PAD = 6
COLOURS = ((0.99, "#2e7d32"), (0.9, "#558b2f"), (0.75, "#9e9d24"), (0.5, "#ef6c00"), (0.0, "#c62828"))
GREY = "#6d6d6d"


def badge_text(engine: dict) -> tuple[str, str]:
    closest = engine["closest"]
    if "no_scenario_ran" in engine["flags"] or not engine["tier_summary"]:
        return "not run", GREY
    shown = [closest] if closest else []
    shown += [engine["tiers"][tier] for tier in ("protocol", "hardening") if engine["tiers"][tier]["ran"]]
    worst = min(part["passed"] / part["ran"] for part in shown)
    colour = next(c for bound, c in COLOURS if worst >= bound)
    return engine["tier_summary"], colour


def render_badge(engine: dict, title: str = "heartspec") -> str:
    value, colour = badge_text(engine)
    left = round(len(title) * CHAR_WIDTH + 2 * PAD)
    right = round(len(value) * CHAR_WIDTH + 2 * PAD)
    width = left + right
    label = escape(f"{title}: {engine['label']} {value}")
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="20" role="img" aria-label="{label}">'
            f'<title>{label}</title>'
            f'<rect width="{left}" height="20" fill="#444"/>'
            f'<rect x="{left}" width="{right}" height="20" fill="{colour}"/>'
            f'<g fill="#fff" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11" text-anchor="middle">'
            f'<text x="{left / 2:g}" y="14">{escape(title)}</text>'
            f'<text x="{left + right / 2:g}" y="14">{escape(value)}</text></g></svg>\n')

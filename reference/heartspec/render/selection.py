"""Choosing what to render: check ruleset, variant and player-count requests, resolve, format provenance.

Everything a user can get wrong on the command line is caught here and raised
as `RenderError` with a one-line message, so the commands never show a traceback.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from heartspec.i18n import _, spec_text
from heartspec.render.phrasing import describe, label, order_key, quoted
from heartspec.rules import vocabulary
from heartspec.safe_text import md_escape, plain  # noqa: F401 - re-exported to the renderers


class RenderError(Exception):
    """A request the spec cannot answer (unknown id, variant that does not apply, ...)."""


@dataclass(frozen=True)
class RenderedRule:
    key: str
    label: str
    text: str
    value: Any
    sources: tuple[dict, ...]

    @property
    def interpretations(self) -> list[dict]:
        return [s for s in self.sources if s.get("status") == "interpretation"]

    def content_json(self) -> dict[str, Any]:
        """What a rule says and where it comes from: the part every JSON form shares."""
        return {
            "value": self.value,
            "text": self.text,
            "sources": list(self.sources),
            "interpretation": bool(self.interpretations),
        }


# spec text is made safe to show in one place, heartspec.safe_text


def _known(kind: str, wanted: str, known: Iterable[str]) -> None:
    known = sorted(known)
    if wanted not in known:
        from heartspec.render.refusals import unknown_id

        raise RenderError(unknown_id(kind, wanted, f"unknown {kind} {wanted!r} (known: {', '.join(known)})"))


def check_ruleset(spec, ruleset_id: str) -> None:
    _known("ruleset", ruleset_id, spec.rulesets)


def check_variants(spec, variant_ids: Iterable[str]) -> None:
    for variant_id in variant_ids:
        _known("variant", variant_id, spec.variants)


def applies_to(spec, variant_id: str, ruleset_id: str) -> bool:
    return ruleset_id in spec.variants[variant_id].get("applies_to", [])


def _entry_value(entry: Any) -> Any:
    return entry.get("value") if isinstance(entry, dict) and "value" in entry else entry


def allowed_players(spec, ruleset_id: str, variant_ids: Iterable[str] = ()) -> list[int]:
    """Player counts the ruleset allows with these variants.

    A variant's `players` may be a union over rulesets that a `players` change
    narrows per ruleset, so the resolved `players` rule has the last word.
    """
    variant_ids = tuple(variant_ids)
    candidates = _entry_value(spec.rulesets[ruleset_id].get("rules", {}).get("players", {})) or []
    for variant_id in variant_ids:
        candidates = spec.variants[variant_id].get("players") or candidates
    for count in sorted(candidates):
        try:
            resolved = spec.resolve(ruleset_id, variants=variant_ids, players=count)
        except Exception as err:
            if not _is_spec_refusal(err):
                raise
            continue
        players_rule = resolved.rules.get("players")
        return sorted(players_rule.value) if players_rule else sorted(candidates)
    return sorted(candidates)


def resolve_rules(spec, ruleset_id: str, variant_ids: tuple[str, ...], players: int,
                  options: dict | None = None) -> list[RenderedRule]:
    """The resolved rules at one player count (with any options set), in vocabulary order, each with its sentence."""
    try:
        resolved = spec.resolve(ruleset_id, variants=variant_ids, players=players, options=options)
    except Exception as err:
        if not _is_spec_refusal(err):
            raise
        from heartspec.render.refusals import resolve_refusal

        raise RenderError(resolve_refusal(err, spec, ruleset_id, variant_ids, players, options, _one_line(err))) from None
    learn_guide_titles(spec)
    values = {key: rule.value for key, rule in resolved.rules.items()}
    rules = []
    for key in sorted(resolved.rules, key=order_key):
        rule_value = resolved.rules[key]
        sources = tuple(_with_guide(s, ruleset_id) for s in rule_value.sources
                        if vocabulary.applies(str(s.get("rule", key)), lambda path: _value_at(values, path)))
        text = describe(key, rule_value.value, values)
        rules.append(RenderedRule(key, label(key), text, rule_value.value, sources))
    return rules


def _value_at(values: dict[str, Any], rule_path: str) -> Any:
    """The value at a rule key or dotted path among the resolved values (None where there is none)."""
    top, *rest = rule_path.split(".")
    node = values.get(top)
    for part in rest:
        node = node.get(part) if isinstance(node, dict) else None
    return node


def _is_spec_refusal(err: Exception) -> bool:
    """The rules package refuses bad combinations with its own error types; anything else is a bug to show."""
    return type(err).__module__.startswith("heartspec.")


def _one_line(err: Exception) -> str:
    problems = getattr(err, "problems", None)
    if problems:
        return "; ".join(str(p) for p in problems)
    text = str(err).strip().strip("'\"")
    return " ".join(text.split()) or type(err).__name__


def _with_guide(source: dict, ruleset_id: str) -> dict:
    """Ruleset files leave the guide implicit: make it explicit so every cell can cite it."""
    source = dict(source)
    source.setdefault("guide", ruleset_id)
    return source


def cite_with_status(source: dict, home: str | None = None) -> str:
    """`§Section (stated)`: the citation and how the source backs the rule, in the current language."""
    return f"{cite(source, home)}, {vocabulary.status_label(source.get('status', '?'))}"


def cite_all(sources, home: str | None = None) -> str:
    """Several citations on one line, each said once (a rule's parts often share a section)."""
    seen: list[str] = []
    for source in sources:
        text = cite_with_status(source, home)
        if text not in seen:
            seen.append(text)
    return "; ".join(seen)


def cited_once(sources) -> list[tuple[dict, list[str]]]:
    """Each citation (guide, section, variant, status) once, in first-seen order, with the interpretation
    notes given under it, each note once: a rule's parts often rest on the same section."""
    grouped: dict[tuple, tuple[dict, list[str]]] = {}
    for source in sources:
        key = (source.get("guide"), source.get("section"), source.get("via"), source.get("status"))
        first, notes = grouped.setdefault(key, (source, []))
        note = interpretation_note(source) if source.get("status") == "interpretation" else ""
        if note and note not in notes:
            notes.append(note)
    return list(grouped.values())


def interpretation_note(source: dict) -> str:
    """A source's note on one line, in the current language."""
    return plain(spec_text(plain(source.get("note", ""))))


# Each guide's own title by ruleset id, learnt from the spec as rules are resolved, so a citation names
# the guide as a reader finds it (never by ruleset id or by a file name the project does not ship).
GUIDE_TITLES: dict[str, str] = {}
UNTITLED_GUIDES: dict[str, str] = {}   # ruleset id -> what the project says of its untitled guide
VARIANT_TITLES: dict[str, str] = {}


def learn_guide_titles(spec) -> None:
    for ruleset_id, data in spec.rulesets.items():
        guide = data.get("guide", {})
        GUIDE_TITLES[ruleset_id] = guide.get("title") or ruleset_id
        if not guide.get("title") and guide.get("untitled"):
            UNTITLED_GUIDES[ruleset_id] = guide["untitled"]
    for variant_id, data in spec.variants.items():
        VARIANT_TITLES[variant_id] = data.get("title") or variant_id


def guide_title(ruleset_id: str) -> str:
    title = GUIDE_TITLES.get(ruleset_id, ruleset_id)
    return spec_text(title) if ruleset_id in GUIDE_TITLES and title != ruleset_id else title


def cite(source: dict, home: str | None = None) -> str:
    """For a reader of one ruleset's rulebook (`home`): `§Section` in its own guide, `“Title” §Section` in
    any other.  Without a home (the program's own reports: fuzz, replay --as), `fi §Section`."""
    guide = source.get("guide", "?")
    text = f"§{source.get('section', '?')}"
    if home is None:
        text = f"{guide} {text}"
    elif guide != home and guide in UNTITLED_GUIDES:
        text = _("{section} of the untitled page ({description})").format(
            section=text, description=spec_text(UNTITLED_GUIDES[guide]))
    elif guide != home:
        text = f"{quoted(guide_title(guide))} {text}"
    if source.get("via"):
        title = VARIANT_TITLES.get(source["via"], source["via"])
        text += " " + _("(variant “{variant}”)").format(variant=spec_text(title))
    return text

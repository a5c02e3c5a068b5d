"""The options a table may set, as the resolver offers them: each value with the rule it makes.

Nothing is listed from the YAML alone: an option appears only where the resolver declares
it for this ruleset and these variants, and a value only where the resolver accepts it
at this table size.  Each value's sentence is the rule it sets, resolved with that value
and phrased like every other rule, so an option reads exactly as the rulebook would.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from heartspec.i18n import N_, _
from heartspec.render.phrasing import describe
from heartspec.rules import vocabulary
from heartspec.rules.resolve import declared_options, option_default, option_source


@dataclass(frozen=True)
class OptionValue:
    value: Any          # as data (JSON)
    shown: str          # as a reader types it after -o NAME=
    text: str           # the rule this value makes, as a sentence
    default: bool
    in_effect: bool
    needs: tuple[str, ...] = ()  # other option settings, any one of which this value needs: "settlement=pairwise"


@dataclass(frozen=True)
class RenderedOption:
    name: str
    rule: str
    any_value: bool                  # a free number (values: any)
    values: tuple[OptionValue, ...]
    in_effect: OptionValue | None    # the rule in effect where no listed value is (set by a variant)
    set_by: str | None               # the variant whose change is in effect instead of the default
    source: dict
    context: str = ""                # another option's value under which the values' sentences differ

    @property
    def status(self) -> str:
        return self.source.get("status", "?")

    def to_json(self) -> dict[str, Any]:
        def value_json(v: OptionValue) -> dict[str, Any]:
            return {"value": v.value, "shown": v.shown, "text": v.text, "default": v.default,
                    "in_effect": v.in_effect, **({"needs": list(v.needs)} if v.needs else {})}

        return {
            "rule": self.rule,
            "any_value": self.any_value,
            "values": [value_json(v) for v in self.values],
            "in_effect": value_json(self.in_effect) if self.in_effect else None,
            "set_by": self.set_by,
            "status": self.status,
            "source": self.source,
            **({"sentences_with": self.context} if self.context else {}),
        }


def shown_value(value: Any) -> str:
    """An option value the way `-o NAME=VALUE` takes it: never a Python literal."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return ",".join(map(str, value)) if value else "none"
    return str(value)


def table_options(spec, ruleset_id: str, variant_ids: tuple[str, ...], players: int,
                  given: dict | None = None) -> list[RenderedOption]:
    """Every option the resolver declares here, with a sentence for each value it accepts."""
    given = dict(given or {})
    ruleset = spec.rulesets[ruleset_id]
    chosen = [spec.variants[v] for v in variant_ids]
    effective = spec.resolve(ruleset_id, variant_ids, players, given)
    players = effective.players if players is None else players
    declared = declared_options(ruleset, chosen, players)
    return [_option(spec, ruleset_id, variant_ids, players, given, effective, name, entry, via)
            for name, (entry, via) in declared.items()]


def _option(spec, ruleset_id, variant_ids, players, given, effective, name, entry, via) -> RenderedOption:
    rule_path = vocabulary.option_rule(name, entry)
    root = rule_path.split(".")[0]
    current = effective.options.get(name)
    unset = {k: v for k, v in given.items() if k != name}
    baseline = effective if name not in given else spec.resolve(ruleset_id, variant_ids, players, unset)
    default = baseline.options.get(name, option_default(entry))
    candidates = [option_default(entry)] if entry["values"] == "any" else list(entry["values"])
    if entry["values"] == "any" and candidates[0] is not None and _admits_null(rule_path):
        candidates.append(None)
    if entry["values"] == "any" and name in given and current not in candidates:
        candidates.append(current)
    table = (spec, ruleset_id, variant_ids, players)
    values = _values(table, given, name, entry, candidates, root, default, current)
    context = ""
    if len({v.text for v in values}) < len(values):
        context, values = _telling_context(table, given, name, entry, candidates, root, default, current, values)
    in_effect = None
    set_by = None
    if not any(v.in_effect for v in values):
        in_effect = OptionValue(current, shown_value(current), _sentence(effective, root), current == default, True)
        set_by = _writer_of(effective, rule_path)
    source = {"guide": ruleset_id, **option_source(entry, ruleset_id), **({"via": via} if via else {})}
    return RenderedOption(name, rule_path, entry["values"] == "any", tuple(values), in_effect, set_by, source, context)


def _values(table, given, name, entry, candidates, root, default, current) -> list[OptionValue]:
    values = []
    for candidate in candidates:
        made = _resolved_with(*table, {**given, name: candidate}, name, entry)
        if made is None:
            continue
        resolved, needs = made
        values.append(OptionValue(candidate, shown_value(candidate), _sentence(resolved, root),
                                  candidate == default, candidate == current, needs))
    return values


def _telling_context(table, given, name, entry, candidates, root, default, current, values):
    """Where the values read alike (a pot rule while no pot is played), the first other option value
    under which each reads differently: ("settlement=zero_point_pot", the values phrased there)."""
    spec, ruleset_id, variant_ids, players = table
    declared = declared_options(spec.rulesets[ruleset_id], [spec.variants[v] for v in variant_ids], players)
    for other, (other_entry, _via) in declared.items():
        if other == name or other in given or other_entry["values"] == "any":
            continue
        for value in other_entry["values"]:
            there = _values(table, {**given, other: value}, name, entry, candidates, root, default, current)
            if len(there) == len(values) and len({v.text for v in there}) == len(there):
                return f"{other}={shown_value(value)}", there
    return "", values


def _admits_null(rule_path: str) -> bool:
    schema = vocabulary.value_schema(rule_path) or {}
    kinds = schema.get("type")
    return (kinds == "null" or (isinstance(kinds, list) and "null" in kinds)
            or any(s.get("type") == "null" for s in schema.get("anyOf", [])))


def _resolved_with(spec, ruleset_id, variant_ids, players, options, name, entry):
    """The rules with this option value, and the settings any one of which it needs; None when refused."""
    attempt = _try_resolve(spec, ruleset_id, variant_ids, players, options)
    if attempt is not None:
        return attempt, ()
    for other, (other_entry, _via) in declared_options(spec.rulesets[ruleset_id],
                                                        [spec.variants[v] for v in variant_ids], players).items():
        if other == name or other in options or other_entry["values"] == "any":
            continue
        admitting = [v for v in other_entry["values"]
                     if _try_resolve(spec, ruleset_id, variant_ids, players, {**options, other: v}) is not None]
        if admitting:
            resolved = _try_resolve(spec, ruleset_id, variant_ids, players, {**options, other: admitting[0]})
            return resolved, tuple(f"{other}={shown_value(v)}" for v in admitting)
    return None


def _try_resolve(spec, ruleset_id, variant_ids, players, options):
    try:
        return spec.resolve(ruleset_id, variant_ids, players, options)
    except Exception as err:
        if not type(err).__module__.startswith("heartspec."):
            raise
        return None


def _sentence(resolved, root: str) -> str:
    values = {key: rule.value for key, rule in resolved.rules.items()}
    rule = resolved.rules.get(root)
    return describe(root, rule.value if rule else None, values)


def _writer_of(resolved, rule_path: str) -> str | None:
    """The variant whose change wrote the rule in effect, if a variant did."""
    rule = resolved.rules.get(rule_path.split(".")[0])
    for record in reversed(rule.sources if rule else []):
        if str(record.get("rule", "")).startswith(rule_path) or rule_path.startswith(str(record.get("rule", "~"))):
            return record.get("via")
    return None


def option_heading(option: RenderedOption) -> str:
    return _("{name} (sets {rule})").format(name=option.name, rule=option.rule)


def value_tags(value: OptionValue, option: RenderedOption) -> str:
    """' (default, in effect)': the marks a value carries, as a reader sees them."""
    tags = []
    if value.default:
        tags.append(_("default"))
    if value.in_effect:
        tags.append(_("in effect"))
    if value is option.in_effect:
        tags.append(_("set by variant {variant}, not a value -o takes").format(variant=option.set_by)
                    if option.set_by else _("not a value -o takes"))
    if value.needs:
        tags.append(needs_tag(value.needs))
    return f" ({', '.join(tags)})" if tags else ""


def needs_tag(needs: tuple[str, ...]) -> str:
    """'only with settlement=pot or settlement=pairwise': the settings a value needs, one of them enough."""
    if len(needs) == 1:
        return _("only with {setting}").format(setting=needs[0])
    if len(needs) == 2:
        return _("only with {first} or {second}").format(first=needs[0], second=needs[1])
    return _("only with one of {settings}").format(settings=", ".join(needs))


def shown_values(option: RenderedOption) -> list[OptionValue]:
    """The rule in effect first where no listed value makes it, then every value -o takes."""
    return ([option.in_effect] if option.in_effect else []) + list(option.values)


# What a free option takes, one whole line per shape of bounds: (whole numbers?, bounds given, none allowed?).
TAKES = {
    (True, "", False): N_("takes: any whole number"),
    (True, "", True): N_("takes: any whole number, or none"),
    (True, "low", False): N_("takes: any whole number from {low}"),
    (True, "low", True): N_("takes: any whole number from {low}, or none"),
    (True, "both", False): N_("takes: any whole number from {low} to {high}"),
    (True, "both", True): N_("takes: any whole number from {low} to {high}, or none"),
    (False, "", False): N_("takes: any number"),
    (False, "", True): N_("takes: any number, or none"),
    (False, "low", False): N_("takes: any number from {low}"),
    (False, "low", True): N_("takes: any number from {low}, or none"),
    (False, "both", False): N_("takes: any number from {low} to {high}"),
    (False, "both", True): N_("takes: any number from {low} to {high}, or none"),
}


def any_value_line(option: RenderedOption) -> str | None:
    """What a free option takes, read from the bounds the rule vocabulary sets."""
    if not option.any_value:
        return None
    schema = vocabulary.value_schema(option.rule) or {}
    numbers = [s for s in [schema, *schema.get("anyOf", [])] if s.get("type") not in (None, "null")]
    bounds = numbers[0] if numbers else schema
    kinds = bounds.get("type")
    whole = kinds == "integer" or (isinstance(kinds, list) and "integer" in kinds)
    given = "both" if "minimum" in bounds and "maximum" in bounds else "low" if "minimum" in bounds else ""
    or_none = any(v.value is None for v in option.values)
    return _(TAKES[whole, given, or_none]).format(low=bounds.get("minimum"), high=bounds.get("maximum"))

"""The rule vocabulary as the schemas define it: key order, sub-schemas, defaults.

The JSON Schemas are the machine-checked form of docs/rule-vocabulary.md, so the
code asks them (rather than keeping a second copy) which rule keys exist, in
what order renderers print them, and what a field defaults to.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Callable

from heartspec.i18n import N_, _
from heartspec.paths import data_dir

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator

# How a source backs a rule, as a reader sees it (the schema's `status` values).
STATUS_LABELS = {"stated": N_("stated"), "interpretation": N_("interpretation")}

# An option sets the rule of the same name (docs/rule-vocabulary.md, "Option entries").
OPTION_RULES = {
    "target": "game_end.target",
    "max_deals": "game_end.max_deals",
    "settlement": "settlement.method",
    "stake": "settlement.stake",
}

# Rules a playable game cannot do without; the others have vocabulary defaults.
REQUIRED_RULES = (
    "players", "deck", "passing", "opening_lead", "first_trick",
    "hearts_break", "heart_leads", "following", "card_points", "moon", "game_end",
)

# Fields without a default that are needed only in some cases: (rule, field) -> (when field, equals).
CONDITIONAL_FIELDS = {
    ("moon", "effect"): ("enabled", True),
    ("moon", "amount"): ("enabled", True),
}


# Fields that matter only in some games: a rulebook leaves out the provenance of one that does
# not apply (its value changes nothing there). Each reads the resolved rules through `get`.
APPLIES_WHEN: dict[str, Callable[[Callable[[str], Any]], bool]] = {
    "first_trick.when_only_points": lambda get: get("first_trick.points") != "allowed",
    "first_trick.cards": lambda get: get("first_trick.points") != "allowed",
    "first_trick.barred_follow": lambda get: (get("first_trick.points") != "allowed"
                                              and get("opening_lead.leader") == "dealer_left"),
    "game_end.deal_limit": lambda get: get("game_end.max_deals") is not None,
    "game_end.extra_deals": lambda get: get("game_end.ties") == "extra_deal",
    "following.cancelled_points": lambda get: get("following.identical_cards") == "cancel",
    "settlement.on_zero": lambda get: get("settlement.method") == "zero_point_pot",
    "settlement.unclaimed_pot": lambda get: get("settlement.method") == "zero_point_pot",
    "scoring_unit.target_total": lambda get: get("scoring_unit.unit") == "partnership",
    "moon.partner": lambda get: (get("scoring_unit.unit") == "partnership"
                                 and get("moon.effect") in ("add_to_others", "shooter_choice")),
}


def status_label(status: Any) -> str:
    """A source's status in the current language; an unknown one as written."""
    return _(STATUS_LABELS[status]) if status in STATUS_LABELS else str(status)


def applies(rule_path: str, get: Callable[[str], Any]) -> bool:
    """Whether the rule at this path (or dotted part of one) changes anything in this game."""
    test = APPLIES_WHEN.get(rule_path)
    return test is None or bool(test(get))


@lru_cache(maxsize=None)
def schema(kind: str) -> dict:
    """`kind` is "ruleset" or "variant"."""
    path = data_dir("schemas") / f"{kind}.schema.json"
    return json.loads(path.read_text(encoding="utf-8"))


@lru_cache(maxsize=None)
def validator(kind: str) -> Draft202012Validator:
    from jsonschema import Draft202012Validator  # here, not above: a start that reads a cached spec never needs it

    return Draft202012Validator(schema(kind))


def _defs() -> dict:
    return schema("ruleset")["$defs"]


@lru_cache(maxsize=None)
def rule_keys() -> tuple[str, ...]:
    """Top-level rule keys in vocabulary order (the order renderers print)."""
    keys = schema("ruleset")["properties"]["rules"]["properties"]
    return tuple(k for k in keys if "." not in k)


def value_schema(rule_path: str) -> dict | None:
    """The schema of the value at a rule key or dotted path, or None if no such path exists."""
    top, *rest = rule_path.split(".")
    if top not in rule_keys():
        return None
    node = _defs()[top]
    for part in rest:
        props = node.get("properties", {})
        if part in props:
            node = props[part]
        elif isinstance(node.get("additionalProperties"), dict) and _name_allowed(node, part):
            node = node["additionalProperties"]
        else:
            return None
        if "$ref" in node and len(node) == 1:
            node = _resolve_ref(node["$ref"])
    return node


def _name_allowed(node: dict, name: str) -> bool:
    names = node.get("propertyNames")
    if not names:
        return True
    return not list(validator("ruleset").evolve(schema=names).iter_errors(name))


def _resolve_ref(ref: str) -> dict:
    node: Any = schema("ruleset")
    for part in ref.lstrip("#/").split("/"):
        node = node[part]
    return node


def field_order(rule_key: str) -> tuple[str, ...]:
    """The fields of an object rule in schema order (empty for lists and maps)."""
    node = _defs().get(rule_key, {})
    if node.get("type") == "object" and "properties" in node:
        return tuple(node["properties"])
    return ()


def field_defaults(rule_key: str) -> dict[str, Any]:
    node = _defs().get(rule_key, {})
    return {
        name: prop["default"]
        for name, prop in node.get("properties", {}).items()
        if "default" in prop
    }


def required_fields(rule_key: str, value: dict) -> list[str]:
    """Fields of an object rule that must be written, given the rest of `value`."""
    needed = []
    for name, prop in _defs().get(rule_key, {}).get("properties", {}).items():
        if "default" in prop:
            continue
        condition = CONDITIONAL_FIELDS.get((rule_key, name))
        if condition and value.get(condition[0]) != condition[1]:
            continue
        needed.append(name)
    return needed


def option_rule(name: str, entry: dict) -> str | None:
    """The rule path an option sets: its `rule`, its standard name, or the one rule field of that name."""
    if "rule" in entry:
        return entry["rule"] if value_schema(entry["rule"]) is not None else None
    if name in OPTION_RULES:
        return OPTION_RULES[name]
    owners = [key for key in rule_keys() if name in field_order(key)]
    return f"{owners[0]}.{name}" if len(owners) == 1 else None


def is_object_rule(rule_key: str) -> bool:
    return bool(field_order(rule_key))

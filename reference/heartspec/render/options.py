"""The options a table may set, as the resolver offers them: each value with the rule it makes.

Nothing is listed from the YAML alone: an option appears only where the resolver declares
it for this ruleset and these variants, and a value only where the resolver accepts it
at this table size.  Each value's sentence is the rule it sets, resolved with that value
and phrased like every other rule, so an option reads exactly as the rulebook would.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from heartspec.i18n import N_, _, spec_text
from heartspec.i18n.glossary import cards, number
from heartspec.render.phrasing import ARROW, DIRECTION_WORDS, describe
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
    set_by_title: str = ""           # that variant's title
    # Where the option's rule changes nothing under the current choices (the vocabulary's APPLIES_WHEN):
    # (the other option, the rule it sets, its current value, a value of it under which this one applies).
    inactive: tuple = ()

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
    default = _default_value(spec, ruleset_id, variant_ids, players, name, entry)
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
    inactive = _inactive(table, given, effective, name, rule_path)
    if inactive:
        context = ""  # the values read as they would under the setting that makes them apply
        values = _values(table, {**given, inactive[0]: inactive[3]}, name, entry, candidates, root, default,
                         current) or values
    in_effect = None
    set_by = None
    if not any(v.in_effect for v in values):
        in_effect = OptionValue(current, shown_value(current), _sentence(effective, root), current == default, True)
        set_by = _writer_of(effective, rule_path)
    source = {"guide": ruleset_id, **option_source(entry, ruleset_id), **({"via": via} if via else {})}
    title = spec.variants[set_by].get("title", set_by) if set_by in spec.variants else ""
    return RenderedOption(name, rule_path, entry["values"] == "any", tuple(values), in_effect, set_by, source, context,
                          title, inactive)


def _rule_getter(resolved):
    values = {key: rule.value for key, rule in resolved.rules.items()}

    def get(path: str) -> Any:
        top, *rest = path.split(".")
        node = values.get(top)
        for part in rest:
            node = node.get(part) if isinstance(node, dict) else None
        return node
    return get


def _inactive(table, given, effective, name, rule_path) -> tuple:
    """Where this option's rule does nothing under the current choices, the other option whose current value
    idles it and the first value of that option under which it applies; () while it applies."""
    if rule_path is None or vocabulary.applies(rule_path, _rule_getter(effective)):
        return ()
    spec, ruleset_id, variant_ids, players = table
    declared = declared_options(spec.rulesets[ruleset_id], [spec.variants[v] for v in variant_ids], players)
    for other, (other_entry, _via) in declared.items():
        if other == name or other_entry["values"] == "any":
            continue
        for value in other_entry["values"]:
            resolved = _try_resolve(spec, ruleset_id, variant_ids, players, {**given, other: value})
            if resolved is not None and vocabulary.applies(rule_path, _rule_getter(resolved)):
                return (other, vocabulary.option_rule(other, other_entry), effective.options.get(other), value)
    return ()


def _default_value(spec, ruleset_id, variant_ids, players, name, entry) -> Any:
    """What the option is when the table agrees nothing: the game as the guide plays it."""
    plain = _try_resolve(spec, ruleset_id, variant_ids, players, {})
    return plain.options.get(name, option_default(entry)) if plain is not None else option_default(entry)


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
    for other in [o for o in options if o != name]:
        declared = declared_options(spec.rulesets[ruleset_id], [spec.variants[v] for v in variant_ids], players)
        if other not in declared:
            continue
        unset = option_default(declared[other][0])
        resolved = _try_resolve(spec, ruleset_id, variant_ids, players, {**options, other: unset})
        if resolved is not None:
            return resolved, (f"{other}={shown_value(unset)}",)
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


# What each option decides, as a table would name the choice.
OPTION_LABELS = {
    "target": N_("Points that end the game"),
    "max_deals": N_("Number of deals"),
    "moon_effect": N_("Shooting the moon"),
    "moon_amount": N_("Points for shooting the moon"),
    "moon_also_requires": N_("Shooting the moon with the bonus card"),
    "moon_bonus_cards": N_("Bonus card of a player who shoots the moon"),
    "moon_partner": N_("Partner of a player who shoots the moon"),
    "settlement": N_("Playing for money"),
    "stake": N_("Stake"),
    "unclaimed_pot": N_("A pot still on the table when play stops"),
    "pass_cycle": N_("Passing at this table size"),
    "first_trick_queen": N_("The queen of spades in the first trick"),
    "draw_order": N_("Drawing from the stock"),
    "end_condition": N_("When the points target ends the game"),
}

# Each listed option value in words: (rule path, value as `-o` takes it) -> message.
VALUE_WORDS = {
    ("settlement.method", "none"): N_("not for money"),
    ("settlement.method", "pot"): N_("a pot for the winner"),
    ("settlement.method", "pairwise"): N_("paying each other after every deal"),
    ("settlement.method", "zero_point_pot"): N_("a pot for those who took no points"),
    ("settlement.unclaimed_pot", "returned"): N_("back to those who paid it in"),
    ("settlement.unclaimed_pot", "to_winners"): N_("to the game's winners"),
    ("moon.effect", "add_to_others"): N_("the others score the points"),
    ("moon.effect", "subtract_from_self"): N_("the shooter subtracts the points"),
    ("moon.effect", "shooter_choice"): N_("the shooter chooses"),
    ("moon.amount", "deal_total"): N_("the points in play in the deal"),
    ("moon.bonus_cards", "ignored"): N_("the bonus is lost"),
    ("moon.bonus_cards", "kept"): N_("the bonus still counts"),
    ("moon.partner", "scored"): N_("the partner scores the points too"),
    ("moon.partner", "spared"): N_("the partner is spared"),
    ("moon.also_requires", "none"): N_("not needed"),
    ("first_trick.cards.QS", "allowed"): N_("may be played"),
    ("first_trick.cards.QS", "forbidden"): N_("may not be played"),
    ("two_player.draw_order", "winner_first"): N_("the trick's winner draws first"),
    ("two_player.draw_order", "replace_immediately"): N_("each draws right after playing"),
    ("game_end.target", "none"): N_("no points target"),
    ("game_end.max_deals", "none"): N_("no set number"),
    ("game_end.condition", "exceeds"): N_("going over the target"),
    ("game_end.condition", "reaches"): N_("reaching the target"),
}


def option_heading(option: RenderedOption) -> str:
    """The choice in words: 'Points that end the game'."""
    return _choice_label(option.name)


def value_words(option: RenderedOption, value: Any) -> str:
    """A value of an option in words: '50', '0,5', 'no points target', 'left → right → none'."""
    key = (option.rule, shown_value(value))
    if key in VALUE_WORDS:
        return _(VALUE_WORDS[key])
    if isinstance(value, bool) or value is None:
        return shown_value(value)
    if isinstance(value, (int, float)):
        return number(value)
    if isinstance(value, list) and value and all(v in DIRECTION_WORDS for v in value):
        return ARROW.join(_(DIRECTION_WORDS[v]) for v in value)
    if isinstance(value, list):
        return _("{cards} needed too").format(cards=format(cards(value)))
    return str(value)


def setting_words(setting: str, option_names: dict) -> str:
    """'settlement=pairwise' in words: 'Playing for money: paying each other after every deal'."""
    name, _sep, shown = setting.partition("=")
    other = option_names.get(name)
    if other is None:
        return setting
    match = next((v.value for v in other.values if shown_value(v.value) == shown), shown)
    return _("{choice}: {value}").format(choice=option_heading(other), value=value_words(other, match))


def option_value_words(name: str, rule: str | None, value: Any) -> str:
    """'Playing for money: paying each other after every deal': an option and one of its values in words."""
    return _("{choice}: {value}").format(choice=_choice_label(name), value=value_words(_Rule(rule or ""), value))


def _choice_label(name: str) -> str:
    """An option's heading by its name alone (where no rendered option is at hand)."""
    return _(OPTION_LABELS[name]) if name in OPTION_LABELS else name.replace("_", " ").capitalize()


@dataclass(frozen=True)
class _Rule:
    rule: str


def inactive_line(option: RenderedOption) -> str | None:
    """Said of a choice that does nothing under the current choices, in place of offering it as live."""
    if not option.inactive:
        return None
    other, rule, current, live = option.inactive
    choice = _choice_label(other)
    return _("This choice does not apply with the current choice of “{choice}” ({current}); it applies only"
             " with “{setting}”, where its values read as follows").format(
        choice=choice, current=value_words(_Rule(rule or ""), current), setting=option_value_words(other, rule, live))


def inactive_clause(option: RenderedOption) -> str | None:
    """A difference-table cell's words for a choice that does nothing under the current choices."""
    if not option.inactive:
        return None
    other, rule, current, _live = option.inactive
    choice = _choice_label(other)
    return _("does not apply with the current choice of “{choice}” ({current})").format(
        choice=choice, current=value_words(_Rule(rule or ""), current))


def command_line(option: RenderedOption) -> str:
    """The `-o NAME=VALUE` a table types for each value, on one line of its own."""
    return _("on the command line: {settings}").format(settings=" | ".join(command_line_settings(option)))


def command_line_settings(option: RenderedOption) -> list[str]:
    """Each `-o NAME=VALUE` the option takes (`=N` for a free number), once."""
    if option.any_value:
        shown = ["-o {}=N".format(option.name)] + ["-o {}=none".format(option.name)
                                                   for v in option.values if v.value is None]
    else:
        shown = ["-o {}={}".format(option.name, v.shown) for v in option.values]
    return list(dict.fromkeys(shown))


def value_tags(value: OptionValue, option: RenderedOption, needs: str = "") -> str:
    """' (default, in effect)': the marks a value carries, as a reader sees them."""
    tags = []
    if value.default:
        tags.append(_("default"))
    if value.in_effect and not option.inactive:
        tags.append(_("in effect"))
    if value is option.in_effect:
        tags.append(_("set by the variant “{variant}”, not one of the choices here").format(
            variant=spec_text(option.set_by_title)) if option.set_by else _("not one of the choices here"))
    tags += [needs] if needs else []
    return f" ({', '.join(tags)})" if tags else ""


def needs_tag(needs: tuple[str, ...], option_names: dict) -> str:
    """'only with Playing for money: a pot or ...': the settings a value needs, one of them enough."""
    words = [setting_words(n, option_names) for n in needs]
    if len(words) == 1:
        return _("only together with {setting}").format(setting=words[0])
    return _("only together with one of: {settings}").format(settings="; ".join(words))


def shown_values(option: RenderedOption) -> list[OptionValue]:
    """The rule in effect first where no listed value makes it, then every value -o takes."""
    return ([option.in_effect] if option.in_effect else []) + list(option.values)


# What a free option takes, one whole line per shape of bounds: (whole numbers?, bounds given, none allowed?).
TAKES = {
    (True, "", False): N_("the table may agree any whole number"),
    (True, "", True): N_("the table may agree any whole number, or none at all"),
    (True, "low", False): N_("the table may agree any whole number from {low}"),
    (True, "low", True): N_("the table may agree any whole number from {low}, or none at all"),
    (True, "both", False): N_("the table may agree any whole number from {low} to {high}"),
    (True, "both", True): N_("the table may agree any whole number from {low} to {high}, or none at all"),
    (False, "", False): N_("the table may agree any amount"),
    (False, "", True): N_("the table may agree any amount, or none at all"),
    (False, "low", False): N_("the table may agree any amount from {low}"),
    (False, "low", True): N_("the table may agree any amount from {low}, or none at all"),
    (False, "both", False): N_("the table may agree any amount from {low} to {high}"),
    (False, "both", True): N_("the table may agree any amount from {low} to {high}, or none at all"),
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
    return _(TAKES[whole, given, or_none]).format(low=number(bounds.get("minimum")), high=number(bounds.get("maximum")))

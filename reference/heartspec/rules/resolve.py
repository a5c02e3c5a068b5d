"""Ruleset + variants + player count + options -> one set of rules with provenance.

Resolution only combines data; it never asks what a ruleset or variant is
called.  Every value remembers the provenance records that made it, and
(for error messages) the file and YAML path it was last written from.
"""

from __future__ import annotations

import copy
import json
import math
from dataclasses import dataclass, field
from typing import Any, Iterable

from heartspec.rules import vocabulary
from heartspec.rules.loader import LoadedYaml
from heartspec.rules.problems import ResolveError

DEFAULT_PLAYERS = 4  # the classic table, used when the caller names no count and the ruleset allows it


@dataclass
class RuleValue:
    value: Any
    sources: list[dict] = field(default_factory=list)


@dataclass(frozen=True)
class Origin:
    """Where a rule path was last written: a file and the YAML path inside it."""

    loaded: LoadedYaml
    path: tuple

    @property
    def line(self) -> int:
        return self.loaded.line_of(self.path)


@dataclass
class Resolved:
    ruleset: str
    variants: tuple[str, ...]
    players: int
    title: str
    rules: dict[str, RuleValue]          # rule key -> value, in vocabulary order
    options: dict[str, Any]              # effective option values
    origins: dict[str, Origin] = field(default_factory=dict, repr=False)
    gaps: dict[str, str] = field(default_factory=dict, repr=False)  # rule key -> why it has no value here

    def get(self, rule_path: str, default: Any = None) -> Any:
        """The value at a rule key or dotted path, e.g. `game_end.target`."""
        top, *rest = rule_path.split(".")
        if top not in self.rules:
            return default
        node = self.rules[top].value
        for part in rest:
            if not isinstance(node, dict) or part not in node:
                return default
            node = node[part]
        return node

    def origin_of(self, rule_path: str) -> Origin | None:
        """The most specific recorded origin for a rule path (falling back to its parents)."""
        parts = rule_path.split(".")
        while parts:
            origin = self.origins.get(".".join(parts))
            if origin:
                return origin
            parts.pop()
        return None


@dataclass
class Spec:
    """Every ruleset and variant, as loaded data (id -> dict) plus where each came from."""

    rulesets: dict[str, dict]
    variants: dict[str, dict]
    files: dict[tuple[str, str], LoadedYaml] = field(default_factory=dict, repr=False)

    def players_of(self, ruleset_id: str) -> list[int]:
        entry = self.rulesets[ruleset_id]["rules"].get("players", {})
        return list(entry.get("value") or [])

    def in_guide_order(self) -> list[str]:
        """Ruleset ids in the order of their guide files (the guides' own index order)."""
        return sorted(self.rulesets, key=lambda rid: (self.rulesets[rid].get("guide", {}).get("file", ""), rid))

    def resolve(self, ruleset_id: str, variants: Iterable[str] = (), players: int | None = None,
                options: dict | None = None) -> Resolved:
        """Resolve and check the combination; raises ResolveError with a clear message."""
        from heartspec.rules.checks import require_playable

        resolved = resolve(self, ruleset_id, variants, players, options)
        require_playable(resolved)
        return resolved

    def compile(self, ruleset_id: str, variants: Iterable[str] = (), players: int | None = None,
                options: dict | None = None):
        from heartspec.rules.compile import compile_rules

        return compile_rules(self.resolve(ruleset_id, variants, players, options))


def describe(resolved: Resolved) -> str:
    with_variants = f" with {', '.join(resolved.variants)}" if resolved.variants else ""
    return f"{resolved.ruleset}{with_variants} at {resolved.players} players"


def resolve(spec: Spec, ruleset_id: str, variants: Iterable[str] = (), players: int | None = None,
            options: dict | None = None) -> Resolved:
    """Combine without the semantic checks (validation runs those itself to place errors on lines)."""
    variant_ids = _id_tuple(variants)
    if not isinstance(options or {}, dict):
        raise ResolveError(f"options are a mapping of option name to value, not {options!r}")
    ruleset = _known_ruleset(spec, ruleset_id)
    chosen = [_known_variant(spec, v, ruleset_id) for v in variant_ids]
    _refuse_duplicates(variant_ids)
    _refuse_conflicts(chosen, ruleset_id)
    count = _player_count(spec, ruleset_id, chosen, players)

    resolved = Resolved(
        ruleset=ruleset_id, variants=variant_ids, players=count,
        title=" + ".join([ruleset["title"]] + [v["title"] for v in chosen]),
        rules={}, options={},
    )
    _apply_ruleset(resolved, ruleset, spec.files.get(("ruleset", ruleset_id)))
    chosen = table_first(chosen)
    for variant in chosen:
        _apply_variant(resolved, variant, spec.files.get(("variant", variant["id"])))
    _apply_options(resolved, spec, ruleset, chosen, options or {})
    _deal_limit_replaces_target(resolved, options or {})
    _tidy(resolved)
    return resolved


def _id_tuple(variants: Iterable[str] | str | None) -> tuple[str, ...]:
    """Variant ids as given by a caller or a protocol client: one id, or a list of ids."""
    if variants is None:
        return ()
    if isinstance(variants, str):
        return (variants,)
    if not isinstance(variants, (list, tuple)) or not all(isinstance(v, str) for v in variants):
        raise ResolveError(f"variants are a list of variant ids, not {variants!r}")
    return tuple(variants)


def table_first(chosen: list[dict]) -> list[dict]:
    """Variants that set the table size (their own `players`) first, the rest in the order given.

    The others are played at that table, so a change of theirs that meets one of the table
    variant's (fi-classic's no-passing after two-player's pass) wins whatever order they were named in.
    """
    return sorted(chosen, key=lambda variant: "players" not in variant)


def _known_ruleset(spec: Spec, ruleset_id: str) -> dict:
    if not isinstance(ruleset_id, str) or ruleset_id not in spec.rulesets:
        raise ResolveError(f"unknown ruleset {ruleset_id!r} (known: {', '.join(sorted(spec.rulesets)) or 'none'})")
    return spec.rulesets[ruleset_id]


def _known_variant(spec: Spec, variant_id: str, ruleset_id: str) -> dict:
    if variant_id not in spec.variants:
        raise ResolveError(f"unknown variant {variant_id!r} (known: {', '.join(sorted(spec.variants)) or 'none'})")
    variant = spec.variants[variant_id]
    if ruleset_id not in variant["applies_to"]:
        raise ResolveError(
            f"variant {variant_id!r} does not apply to ruleset {ruleset_id!r} "
            f"(it applies to {', '.join(variant['applies_to'])})",
            "variant_elsewhere", variant=variant_id, ruleset=ruleset_id, applies_to=list(variant["applies_to"]))
    return variant


def _refuse_duplicates(variant_ids: tuple[str, ...]) -> None:
    seen = set()
    for v in variant_ids:
        if v in seen:
            raise ResolveError(f"variant {v!r} is given twice", "variant_twice", variant=v)
        seen.add(v)


def touched_paths(variant: dict, ruleset_id: str) -> dict[str, int]:
    """Rule paths a variant writes on this ruleset -> index of the change (-1 for `players`)."""
    paths = {"players": -1} if "players" in variant else {}
    for index, change in enumerate(variant.get("changes", [])):
        if "rulesets" in change and ruleset_id not in change["rulesets"]:
            continue
        if "merge" in change and isinstance(change["merge"], dict):
            for key in change["merge"]:
                paths.setdefault(f"{change['rule']}.{key}", index)
        else:
            paths.setdefault(change["rule"], index)
    return paths


def overlapping(a: str, b: str) -> bool:
    pa, pb = a.split("."), b.split(".")
    shorter = min(len(pa), len(pb))
    return pa[:shorter] == pb[:shorter]


def conflict_between(first: dict, second: dict, ruleset_id: str) -> str | None:
    """Why two variants cannot be combined on this ruleset, or None if they can."""
    a, b = first["id"], second["id"]
    if b in first.get("conflicts_with", []) or a in second.get("conflicts_with", []):
        return f"variants {a!r} and {b!r} conflict: one names the other in conflicts_with"
    if b in first.get("combines_with", []) or a in second.get("combines_with", []):
        return None
    for path_a in touched_paths(first, ruleset_id):
        for path_b in touched_paths(second, ruleset_id):
            if overlapping(path_a, path_b):
                return (
                    f"variants {a!r} and {b!r} conflict: both change {min(path_a, path_b, key=len)} "
                    f"(list one in the other's combines_with if they may be combined)"
                )
    return None


def _refuse_conflicts(chosen: list[dict], ruleset_id: str) -> None:
    for i, first in enumerate(chosen):
        for second in chosen[i + 1:]:
            reason = conflict_between(first, second, ruleset_id)
            if reason:
                raise ResolveError(reason, "variant_conflict", variants=[first["id"], second["id"]])


def _player_count(spec: Spec, ruleset_id: str, chosen: list[dict], players: int | None) -> int:
    allowed = spec.players_of(ruleset_id)
    for variant in chosen:
        allowed = list(variant.get("players", allowed))
        allowed = variant_players_on(variant, ruleset_id) or allowed
    if players is None:
        return DEFAULT_PLAYERS if DEFAULT_PLAYERS in allowed or not allowed else allowed[0]
    if isinstance(players, bool) or not isinstance(players, int):
        raise ResolveError(f"a player count is a whole number, not {players!r}")
    if players not in allowed:
        names = " + ".join([ruleset_id] + [v["id"] for v in chosen])
        raise ResolveError(f"{names} plays with {_or_list(allowed)} players, not {players}")
    return players


def variant_players_on(variant: dict, ruleset_id: str) -> list[int] | None:
    """A `rule: players` change narrows the variant's counts per ruleset (cancellation: 6-10 on dk, 6-11 on se)."""
    for change in variant.get("changes", []):
        if change["rule"] == "players" and "set" in change and ruleset_id in change.get("rulesets", [ruleset_id]):
            return list(change["set"])
    return None


def _or_list(numbers: list[int]) -> str:
    words = [str(n) for n in numbers]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _entry_at(entry: dict, players: int) -> tuple[Any, dict, tuple] | None:
    """(value, source, YAML path suffix) of a rule entry at this player count, or None."""
    if "by_players" in entry:
        at = entry["by_players"].get(str(players))
        if at is None:
            return None
        return at["value"], at["source"], ("by_players", str(players), "value")
    return entry["value"], entry["source"], ("value",)


def _apply_ruleset(resolved: Resolved, ruleset: dict, loaded: LoadedYaml | None) -> None:
    for key, entry in ruleset["rules"].items():
        picked = _entry_at(entry, resolved.players)
        if picked is None:
            covered = ", ".join(entry["by_players"])
            resolved.gaps[key.split(".")[0]] = f"{key}.by_players covers {covered} players, not {resolved.players}"
            _remember(resolved, key, loaded, ("rules", key, "by_players"))
            continue
        value, source, suffix = picked
        record = {"guide": source.get("guide", ruleset["id"]), **source, "rule": key}
        _write(resolved, key.split("."), value, record, merge=False)
        _remember(resolved, key, loaded, ("rules", key) + suffix)


def _applies_here(change: dict, resolved: Resolved) -> bool:
    if "rulesets" in change and resolved.ruleset not in change["rulesets"]:
        return False
    counts = change.get("players")
    if counts is None:
        return True
    return resolved.players in (counts if isinstance(counts, list) else [counts])


def _apply_variant(resolved: Resolved, variant: dict, loaded: LoadedYaml | None) -> None:
    if "players" in variant and variant_players_on(variant, resolved.ruleset) is None:
        _write(resolved, ["players"], list(variant["players"]), _unsourced_players(variant, resolved.ruleset),
               merge=False)
        _remember(resolved, "players", loaded, ("players",))
    for index, change in enumerate(variant.get("changes", [])):
        if not _applies_here(change, resolved):
            continue
        record = {**change["source"], "via": variant["id"], "rule": change["rule"]}
        merge = "merge" in change
        _write(resolved, change["rule"].split("."), change["merge" if merge else "set"], record, merge=merge)
        _remember(resolved, change["rule"], loaded, ("changes", index, "merge" if merge else "set"))
        if merge:
            for key in change["merge"]:
                _remember(resolved, f"{change['rule']}.{key}", loaded, ("changes", index, "merge", key))
        resolved.gaps.pop(change["rule"].split(".")[0], None)


def _unsourced_players(variant: dict, ruleset_id: str) -> dict:
    """Provenance for a variant's player counts that no `rule: players` change sources on this ruleset.

    The shipped variants source their counts per ruleset; this only covers a variant file that
    does not, and never claims the counts are stated.
    """
    described = next((d for d in variant["described_by"] if d["guide"] == ruleset_id), variant["described_by"][0])
    return {
        "guide": described["guide"], "section": described["section"], "status": "interpretation",
        "note": f"the variant file gives {_or_list(variant['players'])} players without a source on {ruleset_id}",
        "via": variant["id"], "rule": "players",
    }


def _write(resolved: Resolved, parts: list[str], new: Any, record: dict, merge: bool) -> None:
    top = parts[0]
    holder = resolved.rules.setdefault(top, RuleValue(None))
    new = copy.deepcopy(new)
    if not merge:  # a replaced value no longer rests on the records that wrote it
        holder.sources = [r for r in holder.sources if not _within(str(r.get("rule", top)), parts)]
    if len(parts) == 1:
        if merge and isinstance(holder.value, dict):
            holder.value.update(new)
        else:
            holder.value = new
    else:
        if not isinstance(holder.value, dict):
            holder.value = {}
        node = holder.value
        for part in parts[1:-1]:
            if not isinstance(node.get(part), dict):
                node[part] = {}
            node = node[part]
        last = parts[-1]
        if merge and isinstance(node.get(last), dict):
            node[last].update(new)
        else:
            node[last] = new
    holder.sources.append(record)


def _within(rule_path: str, parts: list[str]) -> bool:
    """Whether a record's rule path is the path being replaced or lies inside it."""
    return rule_path.split(".")[:len(parts)] == parts


def _remember(resolved: Resolved, rule_path: str, loaded: LoadedYaml | None, path: tuple) -> None:
    if loaded is not None:
        resolved.origins[rule_path] = Origin(loaded, path)


def declared_options(ruleset: dict, chosen: list[dict], players: int | None = None) -> dict[str, tuple[dict, str | None]]:
    """Option name -> (entry, variant id or None): the ruleset's, then each chosen variant's.

    With a player count, an option limited to other table sizes (its `players`) is left out.
    """
    def offered(entry: dict) -> bool:
        return players is None or players in entry.get("players", [players])

    declared = {name: (entry, None) for name, entry in ruleset.get("options", {}).items() if offered(entry)}
    for variant in chosen:
        declared.update({name: (entry, variant["id"]) for name, entry in variant.get("options", {}).items()
                         if ruleset["id"] in entry.get("rulesets", [ruleset["id"]]) and offered(entry)})
    return declared


def option_source(entry: dict, ruleset_id: str) -> dict:
    """The option's provenance on this ruleset: its own guide's record where the entry names one (by_ruleset)."""
    return (entry.get("by_ruleset") or {}).get(ruleset_id) or entry["source"]


def _apply_options(resolved: Resolved, spec: Spec, ruleset: dict, chosen: list[dict], given: dict) -> None:
    declared = declared_options(ruleset, chosen, resolved.players)
    for name in given:
        if name not in declared:
            offered = ", ".join(declared) or "none"
            raise ResolveError(f"{resolved.ruleset!r} has no option {name!r} here (options: {offered})",
                               "unknown_option", option=name)
    for name, (entry, via) in declared.items():
        rule_path = vocabulary.option_rule(name, entry)
        if rule_path is None:
            raise ResolveError(f"option {name!r} names no rule")
        if name in given:
            value = coerce_option(name, given[name], entry, rule_path)
        elif resolved.get(rule_path, _MISSING) is _MISSING:
            value = option_default(entry)
        else:
            resolved.options[name] = resolved.get(rule_path)
            continue
        source = option_source(entry, ruleset["id"])
        record = {"guide": source.get("guide", ruleset["id"]), **source,
                  "rule": rule_path, "option": name, **({"via": via} if via else {})}
        _write(resolved, rule_path.split("."), value, record, merge=False)
        kind, owner = ("variant", via) if via else ("ruleset", ruleset["id"])
        _remember(resolved, rule_path, spec.files.get((kind, owner)), ("options", name))
        resolved.options[name] = value


_MISSING = object()


def _deal_limit_replaces_target(resolved: Resolved, given: dict) -> None:
    """Where a deal limit is played instead of a points target (game_end.deal_limit), the target goes."""
    if resolved.get("game_end.deal_limit") != "replaces_target" or resolved.get("game_end.max_deals") is None:
        return
    # as the options were read ("-o target=none" is no target, which a deal limit may go with)
    named = {vocabulary.OPTION_RULES.get(name): resolved.options.get(name, value) for name, value in given.items()}
    if named.get("game_end.target") is not None:
        raise ResolveError(
            f"{resolved.ruleset!r} plays a deal limit instead of a points target: give target or max_deals, not both",
            "target_and_deal_limit")
    resolved.rules["game_end"].value["target"] = None
    for name in resolved.options:
        if vocabulary.OPTION_RULES.get(name) == "game_end.target":
            resolved.options[name] = None
    resolved.rules["game_end"].sources.append({
        **resolved.rules["game_end"].sources[-1], "rule": "game_end.target",
        "note": "The deal limit takes the place of the points target, so no total ends the game.",
    })


def refuse_inexact_options(spec: Spec, ruleset_id: str, variants: Iterable[str], given: dict) -> None:
    """Option values as protocol data: a value of a listed set must be one of them exactly as the spec writes it
    (no "26" for 26, no "Pot" or "pot " for "pot", no "JD" for ["JD"]); ResolveError otherwise.
    Names the ruleset does not declare and open-ended values ("any") are left to resolving."""
    ruleset = _known_ruleset(spec, ruleset_id)
    declared = declared_options(ruleset, [_known_variant(spec, v, ruleset_id) for v in _id_tuple(variants)])
    for name, value in given.items():
        allowed = declared.get(name, ({"values": "any"}, None))[0]["values"]
        if allowed != "any" and not any(type(value) is type(c) and value == c for c in allowed):
            shown = ", ".join(json.dumps(c) for c in allowed)
            raise ResolveError(f"option {name} cannot be {json.dumps(value)[:40]} (allowed, exactly as written: {shown})")


def canonical_options(spec: Spec, ruleset_id: str, variants: Iterable[str], given: dict) -> dict:
    """Options typed on a command line (`-o moon_also_requires=JD`) as the protocol data they stand for
    (["JD"]), so a move log that records them replays; names and values no option offers are kept as given."""
    ruleset = _known_ruleset(spec, ruleset_id)
    declared = declared_options(ruleset, [_known_variant(spec, v, ruleset_id) for v in _id_tuple(variants)])
    canonical = dict(given)
    for name, value in given.items():
        if name in declared and declared[name][0]["values"] != "any":
            canonical[name] = next((c for c in declared[name][0]["values"] if _same_option_value(c, value)), value)
    return canonical


def option_default(entry: dict) -> Any:
    if entry["values"] == "any":
        return entry.get("default")
    return entry["values"][0]


def coerce_option(name: str, given: Any, entry: dict, rule_path: str) -> Any:
    """Accept an option value as data or as command-line text; refuse values the guide does not name."""
    allowed = entry["values"]
    if allowed == "any":
        value = _as_number(given) if isinstance(given, str) else given
        if isinstance(value, str) and value.strip().lower() in ("none", "null"):
            value = None  # "-o target=none": no value, as the rulebook writes it
        schema = vocabulary.value_schema(rule_path) or {}
        if isinstance(value, float) and not math.isfinite(value):  # JSON Schema bounds never catch NaN
            raise ResolveError(f"option {name} cannot be {_shown(given)}: a number must be finite",
                               "option_value", option=name, given=given)
        if isinstance(value, bool) or list(vocabulary.validator("ruleset").evolve(schema=schema).iter_errors(value)):
            raise ResolveError(f"option {name} cannot be {_shown(given)} ({schema.get('description', 'see the rule vocabulary')})",
                               "option_value", option=name, given=given)
        return value
    for candidate in allowed:
        if _same_option_value(candidate, given):
            return candidate
    shown = ", ".join("null" if v is None else str(v) for v in allowed)
    raise ResolveError(f"option {name} cannot be {_shown(given)} (allowed: {shown})", "option_value", option=name,
                       given=given)


def _shown(given: Any) -> str:
    """A given option value as the message shows it: whole when short, its start and length when long."""
    text = repr(given)
    return text if len(text) <= 40 else f"{text[:30]}... ({len(text)} characters)"


def _same_option_value(candidate: Any, given: Any) -> bool:
    if isinstance(given, str):
        text = given.strip().lower()
        if candidate is None:
            return text in ("null", "none")
        if isinstance(candidate, list):  # a list of cards on a command line: "JD", "JD,TD", "[]" or "none"
            words = [w for w in text.strip("[]").replace(",", " ").split()]
            return [str(c).lower() for c in candidate] == ([] if words == ["none"] else words)
        return str(candidate).lower() == text
    return type(candidate) is type(given) and candidate == given


def _as_number(text: str) -> Any:
    try:
        number = float(text)
    except ValueError:
        return text
    return int(number) if number.is_integer() else number


def _tidy(resolved: Resolved) -> None:
    """Vocabulary order for keys and for the fields inside object rules (renderers print in this order)."""
    order = vocabulary.rule_keys()
    resolved.rules = {k: resolved.rules[k] for k in order if k in resolved.rules}
    for key, rule in resolved.rules.items():
        fields = vocabulary.field_order(key)
        if fields and isinstance(rule.value, dict):
            known = [f for f in fields if f in rule.value]
            rule.value = {f: rule.value[f] for f in known + [f for f in rule.value if f not in fields]}

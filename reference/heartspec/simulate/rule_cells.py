"""The rule cells where two tables differ, and the first table with some of them switched to the second's.

`simulate A B --attribute` plays A with one differing cell at a time set to B's value. The rules that
differ are the rows `heartspec diff` finds at this table size (each judged by what it makes the engine
do, rules.effects); an object rule whose fields differ in several places is split into one cell per
field, so that "the end of the game" becomes its condition and its ties. A cell is switched in the
resolved rules, and the result is compiled as any ruleset is, so nothing here names a ruleset.

Some cells only make sense together: one may give a rule set that does not compile alone (a field
that needs another), or change nothing in play unless another is switched with it. Those are
switched together, and the reason is kept for the report. A cell that differs in the data but
changes nothing in play at this table, alone or beside any other, is listed as inert.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from heartspec.render.phrasing import compact, label
from heartspec.rules.compile import compile_rules
from heartspec.rules.model import CompiledRules
from heartspec.rules.resolve import Resolved, RuleValue

ABSENT = object()  # a field one side's rule does not set


class CellError(Exception):
    """Differing cells that cannot be switched into a playable rule set, even together, in one line."""


@dataclass(frozen=True)
class Switch:
    """Rule paths switched together (a rule key, or key.field), and why more than one goes at once."""

    paths: tuple[str, ...]
    title: str
    together: str | None = None
    changes: tuple[tuple[str, str, str], ...] = ()  # (path, A's value, B's value), values as text
    # per change, the whole rule it changes before and after (data), so a report can say both in words
    rules: tuple[tuple[dict, dict], ...] = dataclasses.field(default=(), compare=False)


@dataclass(frozen=True)
class Cells:
    switches: tuple[Switch, ...]
    inert: tuple[str, ...]  # paths that differ in the data yet change nothing in play here


def differing_keys(spec, labels: tuple[str, str], players: int, options: dict | None) -> list[str]:
    """Rule keys whose row differs, as `heartspec diff` judges it (options rows are offers, not play)."""
    from heartspec.render.diff import OPTION_PREFIX, compare

    comparison = compare(spec, labels, players=players, options=options)
    return [row.key for row in comparison.rows if row.differs and not row.key.startswith(OPTION_PREFIX)]


def cell_paths(key: str, ours: Resolved, theirs: Resolved) -> list[str]:
    """The key itself, or each field of it whose value differs when both sides hold an object."""
    mine, other = _value(ours, key), _value(theirs, key)
    if not isinstance(mine, dict) or not isinstance(other, dict):
        return [key] if mine != other else []
    fields = sorted(set(mine) | set(other))
    return [f"{key}.{f}" for f in fields if mine.get(f, ABSENT) != other.get(f, ABSENT)]


def switched(ours: Resolved, theirs: Resolved, paths) -> Resolved:
    """`ours` with every path set to `theirs`' value there (removed where `theirs` has none)."""
    rules = dict(ours.rules)
    for path in paths:
        key, _, field = path.partition(".")
        if not field:
            if key in theirs.rules:
                rules[key] = theirs.rules[key]
            else:
                rules.pop(key, None)
            continue
        value = dict(rules[key].value) if key in rules and isinstance(rules[key].value, dict) else {}
        given = _value(theirs, key)
        if isinstance(given, dict) and field in given:
            value[field] = given[field]
        else:
            value.pop(field, None)
        sources = rules[key].sources if key in rules else []
        rules[key] = RuleValue(value, sources)
    return dataclasses.replace(ours, rules=rules)


def compiled_switch(ours: Resolved, theirs: Resolved, paths) -> CompiledRules:
    """Raises CellError when the switched rules are not a playable rule set."""
    try:
        return compile_rules(switched(ours, theirs, paths))
    except Exception as err:  # the rules package refuses with its own error types; anything else is a bug
        if not type(err).__module__.startswith("heartspec."):
            raise
        raise CellError(" ".join(str(err).split())) from None


def in_play(rules: CompiledRules) -> CompiledRules:
    """The compiled rules without their names: what decides the play."""
    return dataclasses.replace(rules, ruleset="", variants=())


def find_cells(spec, labels: tuple[str, str], ours: Resolved, theirs: Resolved, options: dict | None) -> Cells:
    keys = differing_keys(spec, labels, ours.players, options)
    paths = [p for key in keys for p in cell_paths(key, ours, theirs)]
    base = in_play(compile_rules(ours))
    alone: list[Switch] = []
    refused: dict[str, list[tuple[str, str]]] = {}
    unchanged: list[str] = []
    for path in paths:
        try:
            changed = in_play(compiled_switch(ours, theirs, [path])) != base
        except CellError as err:
            refused.setdefault(_key(path), []).append((path, str(err)))
            continue
        if changed:
            alone.append(_switch((path,), ours, theirs))
        else:
            unchanged.append(path)
    switches = _with_refused(ours, theirs, alone, refused, paths)
    inert = []
    for path in unchanged:
        partner = _partner(ours, theirs, switches, path)
        if partner is None:
            inert.append(path)
            continue
        at = switches.index(partner)
        why = f"{path} changes play only together with {', '.join(partner.paths)}"
        switches[at] = _switch(partner.paths + (path,), ours, theirs, "; ".join(filter(None, [partner.together, why])))
    return Cells(tuple(switches), tuple(inert))


def _with_refused(ours: Resolved, theirs: Resolved, alone: list[Switch], refused: dict, paths: list[str]) -> list:
    """The switches, with each rule's paths that do not compile alone grouped with what they need."""
    switches = list(alone)
    every_refused = tuple(path for found in refused.values() for path, _ in found)
    for key, found in refused.items():
        if any(path in s.paths for s in switches for path, _ in found):
            continue  # already taken into an earlier group
        group = _smallest_playable(ours, theirs, tuple(path for path, _ in found), every_refused, paths)
        why = "; ".join(f"{path} alone is not a playable rule set ({err})" for path, err in found)
        if group is None:
            raise CellError(f"the differing rule {key} cannot be switched into a playable rule set: {why}")
        absorbed = [s for s in switches if set(s.paths) & set(group)]
        switches = [s for s in switches if s not in absorbed]
        # a switch that shares a path with the group is taken in whole, so no cell it held is lost
        joined = set(group).union(*(s.paths for s in absorbed))
        group = tuple(p for p in paths if p in joined)
        why = "; ".join(filter(None, [why, *(s.together for s in absorbed)]))
        switches.append(_switch(group, ours, theirs, why))
    return switches


def _smallest_playable(ours: Resolved, theirs: Resolved, group: tuple, every_refused: tuple, paths: list[str]):
    """The group alone, with one more path, with every refused path, or with every path: the first that compiles."""
    others = [p for p in paths if p not in group]
    attempts = [group, *(group + (p,) for p in others),
                group + tuple(p for p in every_refused if p not in group), tuple(paths)]
    for attempt in attempts:
        try:
            compiled_switch(ours, theirs, attempt)
        except CellError:
            continue
        return tuple(p for p in paths if p in attempt)
    return None


def _partner(ours: Resolved, theirs: Resolved, switches: list[Switch], path: str) -> Switch | None:
    """A switch of the same rule that plays otherwise once `path` joins it."""
    for switch in switches:
        if _key(path) not in {_key(p) for p in switch.paths}:
            continue
        try:
            with_it = in_play(compiled_switch(ours, theirs, switch.paths + (path,)))
        except CellError:
            continue
        if with_it != in_play(compiled_switch(ours, theirs, switch.paths)):
            return switch
    return None


def _switch(paths: tuple[str, ...], ours: Resolved, theirs: Resolved, together: str | None = None) -> Switch:
    changes = tuple(_change(p, ours, theirs) for p in paths)
    return Switch(paths, change_phrase(changes), together, changes, tuple(_rule_change(p, ours, theirs) for p in paths))


def _change(path: str, ours: Resolved, theirs: Resolved) -> tuple[str, str, str]:
    key, _, field = path.partition(".")
    mine, other = _value(ours, key), _value(theirs, key)
    if field:
        mine = mine.get(field, ABSENT) if isinstance(mine, dict) else ABSENT
        other = other.get(field, ABSENT) if isinstance(other, dict) else ABSENT
    return path, _shown(mine), _shown(other)


def _rule_change(path: str, ours: Resolved, theirs: Resolved) -> tuple[dict, dict]:
    """The rule `path` lies in, as A has it and as A has it with `path` switched to B's value."""
    key, _, field = path.partition(".")
    mine, other = _value(ours, key), _value(theirs, key)
    before = None if mine is ABSENT else mine
    if not field:
        return {key: before}, {key: None if other is ABSENT else other}
    after = dict(mine) if isinstance(mine, dict) else {}
    if isinstance(other, dict) and field in other:
        after[field] = other[field]
    else:
        after.pop(field, None)
    return {key: before}, {key: after}


def change_in_words(change: dict) -> str:
    """'First trick: <the rule as the rulebook says it with A's value> → <with B's>' (a report's cell in
    the reader's language); the identifiers' form where the report holds no rule values (an older report)."""
    from heartspec.render.phrasing import describe

    if "rule_from" not in change or "rule_to" not in change:
        return change_phrase([(change["path"], change["from"], change["to"])])
    (key, before), (_key2, after) = next(iter(change["rule_from"].items())), next(iter(change["rule_to"].items()))
    was, becomes = differing_clauses(describe(key, before, change["rule_from"]), describe(key, after, change["rule_to"]))
    return f"{label(key)}: {was} → {becomes}"


def differing_clauses(before: str, after: str) -> tuple[str, str]:
    """Two sentences of a rule less the clauses (between semicolons) they share at the start and the end."""
    was, becomes = before.split("; "), after.split("; ")
    while len(was) > 1 and len(becomes) > 1 and was[0] == becomes[0]:
        was, becomes = was[1:], becomes[1:]
    while len(was) > 1 and len(becomes) > 1 and was[-1] == becomes[-1]:
        was, becomes = was[:-1], becomes[:-1]
    return "; ".join(was), "; ".join(becomes)


def change_phrase(changes) -> str:
    """'End of the game: condition reaches → exceeds', the rule's name in the language rendered in."""
    phrases = []
    for path, before, after in changes:
        key, _, field = path.partition(".")
        head = f"{label(key)}: {field}" if field else label(key)
        phrases.append(f"{head} {before} → {after}")
    return " + ".join(phrases)


def _shown(value) -> str:
    if value is ABSENT:
        return "(unset)"
    return value if isinstance(value, str) else compact(value)


def _value(resolved: Resolved, key: str):
    rule = resolved.rules.get(key)
    return ABSENT if rule is None else rule.value


def _key(path: str) -> str:
    return path.partition(".")[0]

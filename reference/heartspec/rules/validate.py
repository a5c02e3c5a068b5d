"""Validate ruleset and variant files: JSON Schema first, then what a schema cannot say.

Every problem becomes `Problem(file, line, path, message)`; all problems of
all files are collected, none stops the others (except that a file failing
its schema skips the semantic checks, which rely on its shape).
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable

from heartspec.rules import vocabulary
from heartspec.rules.checks import check_resolved
from heartspec.rules.loader import LoadedYaml, load_yaml_file
from heartspec.rules.problems import Problem, ResolveError, json_pointer
from heartspec.rules.resolve import Resolved, Spec, resolve, variant_players_on

if TYPE_CHECKING:
    from jsonschema import ValidationError

FOLDER_KIND = {"rulesets": "ruleset", "variants": "variant"}
MAX_SHOWN = 80


@dataclass
class SpecFile:
    kind: str
    loaded: LoadedYaml
    source_path: Path | None = None
    schema_ok: bool = False
    problems: list[Problem] = field(default_factory=list)

    @property
    def id(self) -> str | None:
        data = self.loaded.data
        found = data.get("id") if isinstance(data, dict) else None
        return found if isinstance(found, str) else None

    def problem(self, path: Iterable, message: str) -> None:
        path = tuple(path)
        self.problems.append(Problem(self.loaded.file, self.loaded.line_of(path), json_pointer(path), message))


# ---------------------------------------------------------------- schema


def _short(value: Any) -> str:
    if isinstance(value, dict):
        return "this mapping"
    if isinstance(value, list):
        return "this list"
    text = repr(value)
    return text if len(text) <= MAX_SHOWN else text[:MAX_SHOWN] + "..."


def _schema_problems(spec_file: SpecFile) -> None:
    validator = vocabulary.validator(spec_file.kind)
    for error in validator.iter_errors(spec_file.loaded.data):
        for path, message in _describe(error):
            spec_file.problem(path, message)


def _describe(error: ValidationError) -> list[tuple[tuple, str]]:
    path = tuple(error.absolute_path)
    schema = error.schema if isinstance(error.schema, dict) else {}
    if error.validator == "additionalProperties" and schema.get("additionalProperties") is False:
        return _unknown_keys(error, path, schema)
    if "propertyNames" in error.relative_schema_path:
        path = path + (error.instance,)
    hint = schema.get("x-error")
    if hint:
        return [(path, f"{_short(error.instance)} {hint}")]
    if error.validator == "required":
        return [(path, error.message)]
    if error.validator == "const":
        return [(path, f"{_short(error.instance)} must be {error.validator_value!r}")]
    if error.validator == "type" and error.validator_value == "boolean" and isinstance(error.instance, str):
        return [(path, f"{_short(error.instance)} is not a boolean (write true or false)")]
    if error.validator == "type":
        return [(path, f"{_short(error.instance)} is not of type {error.validator_value!r}")]
    if error.validator in ("anyOf", "oneOf") and error.context:
        from jsonschema.exceptions import best_match  # imported with the first problem found, not at every start

        return _describe(best_match(error.context))
    return [(path, error.message if len(error.message) <= 3 * MAX_SHOWN else f"{_short(error.instance)}: {error.validator} failed")]


def _unknown_keys(error: ValidationError, path: tuple, schema: dict) -> list[tuple[tuple, str]]:
    known = list(schema.get("properties", {}))
    patterns = list(schema.get("patternProperties", {}))
    out = []
    for key in error.instance:
        if key in known or any(re.search(p, key) for p in patterns):
            continue
        close = difflib.get_close_matches(key, known, n=1)
        if close:
            hint = f" (did you mean {close[0]!r}?)"
        elif len(known) <= 12:
            hint = f" (allowed: {', '.join(known)})"
        else:
            hint = ""
        out.append((path + (key,), f"unknown key {key!r}{hint}"))
    return out


# ---------------------------------------------------------------- rulesets


def _check_ruleset(spec_file: SpecFile, spec: Spec) -> None:
    data = spec_file.loaded.data
    players_entry = data["rules"].get("players")
    if players_entry is None:
        spec_file.problem(("rules",), "the ruleset has no players rule")
        return
    if "by_players" in players_entry:
        spec_file.problem(("rules", "players", "by_players"), "players cannot depend on the player count")
        return
    found = _IssuesByCount()
    for n in players_entry["value"]:
        try:
            resolved = resolve(spec, data["id"], players=n)
        except ResolveError as err:
            spec_file.problem(("rules", "players"), err.message)
            continue
        found.add(n, _placed_issues(spec_file, resolved))
    found.report(spec_file, "")
    _check_options(spec_file)


class _IssuesByCount:
    """The same problem at several player counts is reported once, naming the counts."""

    def __init__(self) -> None:
        self.counts: dict[tuple[tuple, str], list[int]] = {}

    def add(self, players: int, issues: list[tuple[tuple, str]]) -> None:
        for issue in issues:
            self.counts.setdefault(issue, []).append(players)

    def report(self, spec_file: SpecFile, prefix: str) -> None:
        for (path, message), counts in self.counts.items():
            spec_file.problem(path, f"{prefix}at {_and_list(counts)} players: {message}")


def _and_list(numbers: list[int]) -> str:
    words = [str(n) for n in numbers]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _placed_issues(spec_file: SpecFile, resolved: Resolved, already: set[str] = frozenset()) -> list[tuple[tuple, str]]:
    """The semantic issues of a resolved game, each placed at the YAML path in this file that caused it."""
    placed = []
    for rule_path, message in check_resolved(resolved):
        if message in already:
            continue
        origin = resolved.origin_of(rule_path)
        if origin is not None and origin.loaded is spec_file.loaded:
            placed.append((origin.path, message))
        else:
            placed.append((("rules",) if spec_file.kind == "ruleset" else ("changes",), message))
    return placed


def _check_options(spec_file: SpecFile) -> None:
    data = spec_file.loaded.data
    for name, entry in data.get("options", {}).items():
        here = ("options", name)
        rule_path = vocabulary.option_rule(name, entry)
        if rule_path is None:
            where = f"rule {entry['rule']!r} does not exist" if "rule" in entry else "its name is not a rule field"
            spec_file.problem(here, f"option {name!r} sets no rule: {where} (give rule: <dotted rule path>)")
            continue
        _check_option_values(spec_file, here, entry, rule_path)
        if spec_file.kind == "ruleset":
            _check_option_default(spec_file, here, entry, rule_path)


def _check_option_values(spec_file: SpecFile, here: tuple, entry: dict, rule_path: str) -> None:
    target = vocabulary.value_schema(rule_path)
    values = entry["values"]
    if values == "any":
        if "default" not in entry:
            spec_file.problem(here, "an option that takes any value needs a default")
    else:
        for index, value in enumerate(values):
            _check_against(spec_file, target, value, here + ("values", index))
        if len({repr(v) for v in values}) != len(values):
            spec_file.problem(here + ("values",), "a value is listed twice")
        if "default" in entry and entry["default"] not in values:
            spec_file.problem(here + ("default",), f"the default is not one of the values {values}")
    if "default" in entry:
        _check_against(spec_file, target, entry["default"], here + ("default",))


def _check_option_default(spec_file: SpecFile, here: tuple, entry: dict, rule_path: str) -> None:
    """The option's default must be what the rules already say, or the rulebook and a default game disagree."""
    default = entry.get("default") if entry["values"] == "any" else entry["values"][0]
    for players in entry.get("players", [None]):
        written = _written_value(spec_file.loaded.data, rule_path, players)
        if written is not _ABSENT and written != default:
            at = f" at {players} players" if players else ""
            spec_file.problem(
                here + ("values",),
                f"the default {default!r} differs from the rule {rule_path} = {written!r}{at}; list the rule's value first",
            )


_ABSENT = object()


def _written_value(data: dict, rule_path: str, players: int | None = None) -> Any:
    """The value a ruleset writes at a rule path for every player count (or at `players`), if it writes one."""
    parts = rule_path.split(".")
    for cut in range(len(parts), 0, -1):
        entry = data["rules"].get(".".join(parts[:cut]))
        if entry is not None and players is not None and "by_players" in entry:
            entry = entry["by_players"].get(str(players))
        if entry is None or "value" not in entry:
            continue
        value = entry["value"]
        for part in parts[cut:]:
            if not isinstance(value, dict) or part not in value:
                return _ABSENT
            value = value[part]
        return value
    return _ABSENT


# ---------------------------------------------------------------- variants


def _check_variant(spec_file: SpecFile, spec: Spec, known_rulesets: set[str], known_variants: set[str]) -> None:
    data = spec_file.loaded.data
    _check_names(spec_file, data, known_rulesets, known_variants)
    for index, change in enumerate(data["changes"]):
        _check_change(spec_file, data, index, change, known_rulesets)
    _check_options(spec_file)
    if spec_file.problems:
        return  # combining a variant whose own parts are wrong would only repeat the same problems
    for ruleset_id in data["applies_to"]:
        if ruleset_id not in spec.rulesets:
            continue  # unknown or itself broken: reported where it is
        _check_on_ruleset(spec_file, spec, ruleset_id)


def _check_names(spec_file: SpecFile, data: dict, known_rulesets: set[str], known_variants: set[str]) -> None:
    for index, ruleset_id in enumerate(data["applies_to"]):
        if ruleset_id not in known_rulesets:
            spec_file.problem(("applies_to", index), _unknown("ruleset", ruleset_id, known_rulesets))
    for index, described in enumerate(data["described_by"]):
        if described["guide"] not in known_rulesets:
            spec_file.problem(("described_by", index, "guide"), _unknown("guide", described["guide"], known_rulesets))
    for key in ("conflicts_with", "combines_with"):
        for index, other in enumerate(data.get(key, [])):
            if other == data["id"]:
                spec_file.problem((key, index), f"a variant cannot name itself in {key}")
            elif other not in known_variants:
                spec_file.problem((key, index), _unknown("variant", other, known_variants))
    for name, entry in data.get("options", {}).items():
        for index, ruleset_id in enumerate(entry.get("rulesets", [])):
            if ruleset_id not in data["applies_to"]:
                spec_file.problem(("options", name, "rulesets", index), f"{ruleset_id!r} is not in applies_to")
        for ruleset_id in entry.get("by_ruleset", {}):
            if ruleset_id not in data["applies_to"]:
                spec_file.problem(("options", name, "by_ruleset", ruleset_id), f"{ruleset_id!r} is not in applies_to")


def _unknown(what: str, name: str, known: Iterable[str]) -> str:
    close = difflib.get_close_matches(name, list(known), n=1)
    hint = f" (did you mean {close[0]!r}?)" if close else f" (known: {', '.join(sorted(known)) or 'none'})"
    return f"unknown {what} {name!r}{hint}"


def _check_change(spec_file: SpecFile, data: dict, index: int, change: dict, known_rulesets: set[str]) -> None:
    here = ("changes", index)
    rule = change["rule"]
    if ("set" in change) == ("merge" in change):
        spec_file.problem(here, "a change needs exactly one of set or merge")
        return
    if change["source"]["guide"] not in known_rulesets:
        spec_file.problem(here + ("source", "guide"), _unknown("guide", change["source"]["guide"], known_rulesets))
    target = vocabulary.value_schema(rule)
    if target is None:
        spec_file.problem(here + ("rule",), _unknown_rule(rule))
        return
    for ruleset_index, ruleset_id in enumerate(change.get("rulesets", [])):
        if ruleset_id not in data["applies_to"]:
            spec_file.problem(here + ("rulesets", ruleset_index), f"{ruleset_id!r} is not in applies_to")
    if "set" in change:
        _check_against(spec_file, target, change["set"], here + ("set",))
        return
    for key, value in change["merge"].items():
        entry_schema = vocabulary.value_schema(f"{rule}.{key}")
        if entry_schema is None:
            spec_file.problem(here + ("merge", key), f"{key!r} cannot be merged into {rule}")
        else:
            _check_against(spec_file, entry_schema, value, here + ("merge", key))


def _unknown_rule(rule: str) -> str:
    top = rule.split(".")[0]
    keys = list(vocabulary.rule_keys())
    if top not in keys:
        close = difflib.get_close_matches(top, keys, n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else f" (rule keys: {', '.join(keys)})"
        return f"unknown rule {top!r}{hint}"
    fields = vocabulary.field_order(top)
    shown = f" (its fields: {', '.join(fields)})" if fields else ""
    return f"{top} has no part {rule[len(top) + 1:]!r}{shown}"


def _check_against(spec_file: SpecFile, schema: dict, value: Any, path: tuple) -> None:
    validator = vocabulary.validator("ruleset").evolve(schema=schema)
    for error in validator.iter_errors(value):
        for sub_path, message in _describe(error):
            spec_file.problem(path + sub_path, message)


def _base_issues(spec: Spec, ruleset_id: str, players: int) -> set[str]:
    """Problems the ruleset has on its own (reported in its file, not again for each variant)."""
    if players not in spec.players_of(ruleset_id):
        return set()
    return {message for _, message in check_resolved(resolve(spec, ruleset_id, players=players))}


def _check_on_ruleset(spec_file: SpecFile, spec: Spec, ruleset_id: str) -> None:
    data = spec_file.loaded.data
    counts = variant_players_on(data, ruleset_id) or data.get("players") or spec.players_of(ruleset_id)
    found = _IssuesByCount()
    for n in counts:
        try:
            resolved = resolve(spec, ruleset_id, [data["id"]], players=n)
        except ResolveError as err:
            spec_file.problem(("applies_to",), f"on {ruleset_id}: {err.message}")
            continue
        found.add(n, _placed_issues(spec_file, resolved, _base_issues(spec, ruleset_id, n)))
    found.report(spec_file, f"on {ruleset_id} ")
    for index, change in enumerate(data["changes"]):
        if ruleset_id not in change.get("rulesets", [ruleset_id]):
            continue
        wanted = change.get("players")
        wanted = [wanted] if isinstance(wanted, int) else (wanted or [])
        for n in wanted:
            if n not in counts:
                spec_file.problem(("changes", index, "players"),
                                  f"{n} players never plays this variant on {ruleset_id} (counts: {counts})")


# ---------------------------------------------------------------- whole spec


def check_spec_files(files: list[SpecFile], report: set[int] | None = None) -> tuple[list[Problem], Spec]:
    """Validate files together; `report` (ids of SpecFile objects) limits which files' problems are returned."""
    for spec_file in files:
        _read_problems(spec_file)
        if spec_file.loaded.data is not None and not spec_file.problems:
            _schema_problems(spec_file)
            spec_file.schema_ok = not spec_file.problems
        elif spec_file.loaded.data is not None:
            _schema_problems(spec_file)
    _check_ids(files)
    spec = _spec_of(files)
    known_rulesets = {f.id for f in files if f.kind == "ruleset" and isinstance(f.id, str)}
    known_variants = {f.id for f in files if f.kind == "variant" and isinstance(f.id, str)}
    for spec_file in files:
        if spec_file.schema_ok and spec_file.kind == "ruleset":
            _check_ruleset(spec_file, spec)
    for spec_file in files:
        if spec_file.schema_ok and spec_file.kind == "variant":
            _check_variant(spec_file, spec, known_rulesets, known_variants)
    _check_declared_conflicts(files)
    chosen = [f for f in files if report is None or id(f) in report]
    problems = sorted({p for f in chosen for p in f.problems}, key=lambda p: (p.file or "", p.line or 0, p.path or "", p.message))
    return problems, spec


def _read_problems(spec_file: SpecFile) -> None:
    for line, path, message in spec_file.loaded.errors:
        spec_file.problems.append(Problem(spec_file.loaded.file, line, json_pointer(path), message))
    if spec_file.loaded.data is None and not spec_file.loaded.errors:
        spec_file.problems.append(Problem(spec_file.loaded.file, 1, "/", "the file is empty"))


def _check_ids(files: list[SpecFile]) -> None:
    seen: dict[tuple[str, str], SpecFile] = {}
    for spec_file in files:
        if not isinstance(spec_file.id, str):
            continue
        path = spec_file.source_path
        if path is not None and FOLDER_KIND.get(path.parent.name) == spec_file.kind and path.stem != spec_file.id:
            spec_file.problem(("id",), f"the id {spec_file.id!r} does not match the file name {path.name!r}")
        first = seen.setdefault((spec_file.kind, spec_file.id), spec_file)
        if first is not spec_file:
            spec_file.problem(("id",), f"{spec_file.kind} id {spec_file.id!r} is also used by {first.loaded.file}")
            spec_file.schema_ok = False


def _spec_of(files: list[SpecFile]) -> Spec:
    spec = Spec(rulesets={}, variants={})
    for spec_file in files:
        if not spec_file.schema_ok:
            continue
        target = spec.rulesets if spec_file.kind == "ruleset" else spec.variants
        target[spec_file.id] = spec_file.loaded.data
        spec.files[(spec_file.kind, spec_file.id)] = spec_file.loaded
    return spec


def _check_declared_conflicts(files: list[SpecFile]) -> None:
    """A variant that combines_with another must not also conflict with it."""
    for spec_file in files:
        if spec_file.kind != "variant" or not spec_file.schema_ok:
            continue
        data = spec_file.loaded.data
        both = set(data.get("combines_with", [])) & set(data.get("conflicts_with", []))
        for other in sorted(both):
            spec_file.problem(("combines_with",), f"{other!r} is listed both in combines_with and conflicts_with")


# ---------------------------------------------------------------- files and folders


def kind_of(path: Path, loaded: LoadedYaml) -> str:
    """rulesets/ and variants/ folders decide; elsewhere a file with changes or applies_to is a variant."""
    by_folder = FOLDER_KIND.get(path.parent.name)
    if by_folder:
        return by_folder
    data = loaded.data
    if isinstance(data, dict) and ("changes" in data or "applies_to" in data):
        return "variant"
    return "ruleset"


def spec_folder_files(folder: Path) -> list[Path]:
    """The YAML files of a spec folder (rulesets/ and variants/), or of a plain folder of YAML files."""
    parts = [folder / name for name in FOLDER_KIND if (folder / name).is_dir()]
    if not parts:
        parts = [folder]
    return [p for part in parts for p in sorted(part.iterdir()) if p.suffix in (".yaml", ".yml") and p.is_file()]


def read_spec_file(path: Path) -> SpecFile:
    loaded = load_yaml_file(path, display_name(path))
    return SpecFile(kind=kind_of(path, loaded), loaded=loaded, source_path=path)


def display_name(path: Path) -> str:
    """Paths under the working directory are shown relative to it, like a compiler would."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, OSError):
        return str(path)

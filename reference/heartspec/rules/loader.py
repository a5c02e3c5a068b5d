"""Safe YAML loading that remembers where every key and item came from.

Errors must say `file:line`, so the loader returns, beside the plain data, a
table from each path (a tuple of keys and indexes) to its 1-based line.

Two deliberate departures from PyYAML's YAML 1.1 defaults:
- only `true`/`false` are booleans, because `no` is the Norwegian ruleset id
  and `applies_to: [fi, no]` must not read as `[fi, False]`;
- a mapping key is always the key's own text (`3:` is the string "3"), which is
  what JSON Schema expects and keeps `by_players` keys uniform.
Duplicate keys, which PyYAML silently overwrites, are reported.

A spec file may come from anyone (`--spec`), so reading it is bounded
(heartspec.limits): its size, its nesting, and the values it expands to through
aliases and merge keys (a "billion laughs" file of a few KB would otherwise take
gigabytes). A recursive alias, and a number YAML reads as NaN or infinity, are
errors at their line.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from heartspec.limits import MAX_SPEC_FILE_BYTES, MAX_YAML_DEPTH, MAX_YAML_NODES, describe_bytes

Path_ = tuple  # a path into the data: keys (str) and sequence indexes (int)

_BOOL_TAG = "tag:yaml.org,2002:bool"


# libyaml parses several times faster; the pure-Python loader behaves the same where it is missing.
_BaseLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _StrictBoolLoader(_BaseLoader):
    pass


_StrictBoolLoader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag != _BOOL_TAG]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
_StrictBoolLoader.add_implicit_resolver(
    _BOOL_TAG, re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF")
)


@dataclass
class LoadedYaml:
    """A file's data, the line of every path in it, and problems found while reading."""

    file: str
    data: Any = None
    lines: dict[Path_, int] = field(default_factory=dict)
    errors: list[tuple[int, Path_, str]] = field(default_factory=list)  # (line, path, message)

    def line_of(self, path: Path_) -> int:
        """The line of `path`, or of its nearest ancestor that has one."""
        path = tuple(path)
        while path:
            if path in self.lines:
                return self.lines[path]
            path = path[:-1]
        return self.lines.get((), 1)


# libyaml composes recursively in C and crashes the interpreter past some thousands of levels;
# nesting that deep takes at least that many bytes, so shorter files need no separate check.
_DEPTH_SCAN_FROM_BYTES = 4096


def load_yaml_text(text: str, file: str) -> LoadedYaml:
    loaded = LoadedYaml(file=file)
    too_deep = _line_too_deep(text) if len(text) > _DEPTH_SCAN_FROM_BYTES else None
    if too_deep is not None:
        loaded.errors.append((too_deep, (), _DEPTH_MESSAGE))
        return loaded
    loader = _StrictBoolLoader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            loaded.lines[()] = 1
            return loaded
        loaded.lines[()] = node.start_mark.line + 1
        loaded.data = _Builder(loader, loaded).build(node, ())
    except _SpecRefusal as err:
        loaded.errors.append((err.problem_mark.line + 1, err.path, err.problem))
        loaded.data = None
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line = mark.line + 1 if mark else 1
        loaded.errors.append((line, (), f"YAML syntax error: {_yaml_message(err)}"))
        loaded.data = None
    except yaml.YAMLError as err:
        loaded.errors.append((1, (), f"YAML error: {err}"))
        loaded.data = None
    finally:
        loader.dispose()
    return loaded


_DEPTH_MESSAGE = f"nested deeper than {MAX_YAML_DEPTH} levels (MAX_YAML_DEPTH)"


def _line_too_deep(text: str) -> int | None:
    """The line where the nesting first goes past MAX_YAML_DEPTH, read from parser events (no tree built)."""
    loader = _StrictBoolLoader(text)
    depth = 0
    try:
        while loader.check_event():
            event = loader.get_event()
            if isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
                depth += 1
                if depth > MAX_YAML_DEPTH:
                    return event.start_mark.line + 1
            elif isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
                depth -= 1
    except yaml.MarkedYAMLError as err:
        # libyaml from 0.2.5 stops at its own depth (1,000), deeper than ours: the same refusal
        if "nesting depth" in (err.problem or "") and err.problem_mark is not None:
            return err.problem_mark.line + 1
        return None  # composing meets the same error first and reports it
    except yaml.YAMLError:
        return None
    finally:
        loader.dispose()
    return None


def load_yaml_file(path: Path, display_name: str | None = None) -> LoadedYaml:
    name = display_name or str(path)
    try:
        with open(path, "rb") as stream:
            data = stream.read(MAX_SPEC_FILE_BYTES + 1)  # never more: the path may be /dev/zero
        if len(data) > MAX_SPEC_FILE_BYTES:
            loaded = LoadedYaml(file=name)
            loaded.errors.append((1, (), f"file larger than {describe_bytes(MAX_SPEC_FILE_BYTES)} (MAX_SPEC_FILE_BYTES)"))
            return loaded
        text = data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as err:
        loaded = LoadedYaml(file=name)
        loaded.errors.append((1, (), f"not UTF-8 text: {err.reason}"))
        return loaded
    except OSError as err:
        loaded = LoadedYaml(file=name)
        loaded.errors.append((1, (), f"cannot read file: {err.strerror or err}"))
        return loaded
    return load_yaml_text(text, name)


def _yaml_message(err: yaml.MarkedYAMLError) -> str:
    parts = [p for p in (err.context, err.problem) if p]
    return ", ".join(parts) if parts else str(err).splitlines()[0]


_PLAIN_COLLECTIONS = ("tag:yaml.org,2002:map", "tag:yaml.org,2002:seq")


class _Builder:
    """Turns a composed node tree into plain data while recording lines."""

    def __init__(self, loader: yaml.SafeLoader, loaded: LoadedYaml):
        self.loader = loader
        self.loaded = loaded
        self.values = 0  # values built so far, each alias expansion counted again
        self.open: set[int] = set()  # the collections being built, to catch an alias to one of them
        # each mapping's size counted before PyYAML flattens its merge keys: PyYAML 6.0.4 drops repeated
        # merged keys and earlier versions keep them, so counting before flattening gives one answer
        self.merged_sizes: dict[int, int] = {}

    def build(self, node: yaml.Node, path: Path_) -> Any:
        self.values += 1
        if self.values > MAX_YAML_NODES:
            raise self._at_top(f"the file expands to more than {MAX_YAML_NODES} values through aliases or "
                               f"merge keys (MAX_YAML_NODES)", path)
        collection = isinstance(node, (yaml.MappingNode, yaml.SequenceNode))
        if collection and len(path) >= MAX_YAML_DEPTH:  # the root collection, at path (), is level 1
            raise self._at_top(_DEPTH_MESSAGE, path)
        if isinstance(node, (yaml.MappingNode, yaml.SequenceNode)) and node.tag not in _PLAIN_COLLECTIONS:
            raise yaml.constructor.ConstructorError(
                None, None, f"the tag {node.tag!r} is not allowed in a spec file", node.start_mark
            )
        if collection:
            if id(node) in self.open:
                raise _refusal("an alias refers to a value that contains it (a recursive alias)", node)
            self.open.add(id(node))
            try:
                return self._mapping(node, path) if isinstance(node, yaml.MappingNode) else self._sequence(node, path)
            finally:
                self.open.discard(id(node))
        value = self.loader.construct_object(node, deep=True)
        if isinstance(value, float) and not math.isfinite(value):
            raise _refusal(f"{node.value} is not a number a spec can use (JSON has no NaN or infinity)", node, path)
        return value

    def _mapping(self, node: yaml.MappingNode, path: Path_) -> dict:
        self._check_merges(node, set(), self.merged_sizes)
        self.loader.flatten_mapping(node)  # resolves `<<` merge keys
        result: dict[str, Any] = {}
        for key_node, value_node in node.value:
            line = key_node.start_mark.line + 1
            if not isinstance(key_node, yaml.ScalarNode):
                self.loaded.errors.append((line, path, "a mapping key must be a plain word or number"))
                continue
            key = key_node.value
            if key in result:
                first = self.loaded.lines.get(path + (key,), line)
                self.loaded.errors.append(
                    (line, path + (key,), f"duplicate key {key!r} (first given on line {first})")
                )
                continue
            self.loaded.lines[path + (key,)] = line
            result[key] = self.build(value_node, path + (key,))
        return result

    def _at_top(self, message: str, path: Path_) -> "_SpecRefusal":
        """A refusal at the line of the top-level key whose value went too far (an alias's own
        line would point at the value it copies, not at where the copying happens)."""
        refusal = _SpecRefusal(None, None, message, yaml.Mark("", 0, self.loaded.line_of(path[:1]) - 1, 0, None, None))
        refusal.path = tuple(path[:1])
        return refusal

    def _check_merges(self, node: yaml.MappingNode, open_: set[int], sizes: dict[int, int]) -> int:
        """How many key/value pairs `node` holds once its `<<` merge keys are flattened, refusing a
        cycle or a total past MAX_YAML_NODES before PyYAML copies anything."""
        if id(node) in sizes:
            return sizes[id(node)]
        if id(node) in open_:
            raise _refusal("a merge key (<<) refers to a mapping that contains it (a recursive alias)", node)
        open_.add(id(node))
        total = 0
        for key_node, value_node in node.value:
            merged = []
            if key_node.tag == "tag:yaml.org,2002:merge":
                merged = value_node.value if isinstance(value_node, yaml.SequenceNode) else [value_node]
            for source in merged:
                if isinstance(source, yaml.MappingNode):
                    total += self._check_merges(source, open_, sizes)
            total += 1
            if total > MAX_YAML_NODES:
                raise _refusal(f"merge keys (<<) expand to more than {MAX_YAML_NODES} values (MAX_YAML_NODES)", node)
        open_.discard(id(node))
        sizes[id(node)] = total
        return total

    def _sequence(self, node: yaml.SequenceNode, path: Path_) -> list:
        items = []
        for index, item in enumerate(node.value):
            self.loaded.lines[path + (index,)] = item.start_mark.line + 1
            items.append(self.build(item, path + (index,)))
        return items


class _SpecRefusal(yaml.constructor.ConstructorError):
    """Valid YAML that a spec file may not hold (a limit, a recursive alias, NaN), at its node's line."""

    path: Path_ = ()


def _refusal(message: str, node: yaml.Node, path: Path_ = ()) -> _SpecRefusal:
    refusal = _SpecRefusal(None, None, message, node.start_mark)
    refusal.path = tuple(path)
    return refusal

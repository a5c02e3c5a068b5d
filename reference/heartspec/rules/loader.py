"""Safe YAML loading that remembers where every key and item came from.

Errors must say `file:line`, so the loader returns, beside the plain data, a
table from each path (a tuple of keys and indexes) to its 1-based line.

Two deliberate departures from PyYAML's YAML 1.1 defaults:
- only `true`/`false` are booleans, because `no` is the Norwegian ruleset id
  and `applies_to: [fi, no]` must not read as `[fi, False]`;
- a mapping key is always the key's own text (`3:` is the string "3"), which is
  what JSON Schema expects and keeps `by_players` keys uniform.
Duplicate keys, which PyYAML silently overwrites, are reported.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

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


def load_yaml_text(text: str, file: str) -> LoadedYaml:
    loaded = LoadedYaml(file=file)
    loader = _StrictBoolLoader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            loaded.lines[()] = 1
            return loaded
        loaded.lines[()] = node.start_mark.line + 1
        loaded.data = _Builder(loader, loaded).build(node, ())
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


def load_yaml_file(path: Path, display_name: str | None = None) -> LoadedYaml:
    name = display_name or str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
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

    def build(self, node: yaml.Node, path: Path_) -> Any:
        if isinstance(node, (yaml.MappingNode, yaml.SequenceNode)) and node.tag not in _PLAIN_COLLECTIONS:
            raise yaml.constructor.ConstructorError(
                None, None, f"the tag {node.tag!r} is not allowed in a spec file", node.start_mark
            )
        if isinstance(node, yaml.MappingNode):
            return self._mapping(node, path)
        if isinstance(node, yaml.SequenceNode):
            return self._sequence(node, path)
        return self.loader.construct_object(node, deep=True)

    def _mapping(self, node: yaml.MappingNode, path: Path_) -> dict:
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

    def _sequence(self, node: yaml.SequenceNode, path: Path_) -> list:
        items = []
        for index, item in enumerate(node.value):
            self.loaded.lines[path + (index,)] = item.start_mark.line + 1
            items.append(self.build(item, path + (index,)))
        return items

"""Rulesets and variants: load, validate, resolve with provenance, compile for the engine.

    spec = load_spec()                              # the shipped spec, validated
    resolved = spec.resolve("fi", ["omnibus-jd"], players=4, options={"target": 50})
    compiled = compile_rules(resolved)              # heartspec.rules.model.CompiledRules
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterable

from heartspec.paths import data_dir
from heartspec.rules.compile import compile_rules
from heartspec.rules.model import CompiledRules
from heartspec.rules.problems import Problem, ResolveError, SpecError
from heartspec.rules.resolve import Resolved, RuleValue, Spec
from heartspec.rules.validate import check_spec_files, read_spec_file, spec_folder_files

compile = compile_rules  # the name docs/rule-vocabulary.md uses  # noqa: A001

__all__ = [
    "CompiledRules", "Problem", "ResolveError", "Resolved", "RuleValue", "Spec", "SpecError",
    "compile", "compile_rules", "load_spec", "validate_paths",
]


def load_spec(spec_dir: str | Path | None = None) -> Spec:
    """Read `rulesets/*.yaml` and `variants/*.yaml` under spec_dir (default: the shipped spec) and validate them."""
    folder = Path(spec_dir) if spec_dir is not None else data_dir("spec")
    if not folder.is_dir():
        raise SpecError([Problem(str(folder), 1, "/", "not a folder")])
    from heartspec.rules.spec_cache import cached_spec

    paths = spec_folder_files(folder)
    return cached_spec(folder, paths, lambda: _load_and_check(folder, paths))


def _load_and_check(folder: Path, paths: list[Path]) -> Spec:
    files = [read_spec_file(p) for p in paths]
    if not any(f.kind == "ruleset" for f in files):
        raise SpecError([Problem(str(folder), 1, "/", "no rulesets here: a spec folder holds rulesets/*.yaml and variants/*.yaml")])
    problems, spec = check_spec_files(files)
    if problems:
        raise SpecError(problems)
    return spec


def validate_paths(paths: Iterable[str | Path], context_dir: str | Path | None = None) -> tuple[list[Problem], dict[str, int]]:
    """Validate files or spec folders; other rulesets and variants come from context_dir (default: the shipped spec).

    Returns every problem in the given files and how many rulesets and variants were checked.
    """
    given = []
    for path in map(Path, paths):
        if path.is_dir():
            found = spec_folder_files(path)
            if not found:
                return [Problem(str(path), 1, "/", "no .yaml ruleset or variant files here")], {}
            given += [read_spec_file(p) for p in found]
        elif path.exists():
            given.append(read_spec_file(path))
        else:
            return [Problem(str(path), 1, "/", "no such file or folder")], {}
    context = _context_files(given, context_dir)
    problems, _ = check_spec_files(given + context, report={id(f) for f in given})
    counts = {kind: sum(1 for f in given if f.kind == kind) for kind in ("ruleset", "variant")}
    return problems, counts


def _context_files(given: list, context_dir: str | Path | None) -> list:
    """Rulesets and variants the given files may refer to, minus those the given files replace."""
    folder = Path(context_dir) if context_dir is not None else data_dir("spec")
    if not folder.is_dir():
        return []
    given_paths = {f.source_path.resolve() for f in given if f.source_path}
    taken = {(f.kind, f.id) for f in given}
    context = []
    for path in spec_folder_files(folder):
        if path.resolve() in given_paths:
            continue
        spec_file = read_spec_file(path)
        if (spec_file.kind, spec_file.id) not in taken:
            context.append(spec_file)
    return context

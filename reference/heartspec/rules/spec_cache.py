"""The shipped spec, validated once and kept between processes.

Every engine, conformance run, fuzz run and replay starts by reading the shipped YAML files and
validating them: about a third of a second each time, and a test run starts hundreds of them.
A spec that validated with no problem is kept here as plain data and read back on the next start.

The entry is keyed by a digest of every spec file's bytes, every schema, the code that reads and
checks them (heartspec/rules/, limits.py) and the Python version: editing any of them is a miss, and a miss
loads and validates as before and writes the entry again. Only the shipped spec folder is kept
(one entry per checkout or installation), never a `--spec` folder. Entries are marshal data, which
holds only plain values (nothing in it runs when read), in `$XDG_CACHE_HOME/heartspec` (default
`~/.cache/heartspec`); `HEARTSPEC_NO_CACHE=1` turns the cache off. A cache that cannot be read or
written is never an error: the spec is then loaded as it would be without one.
"""

from __future__ import annotations

import hashlib
import marshal
import os
import sys
import tempfile
from pathlib import Path
from typing import Callable

from heartspec.paths import data_dir
from heartspec.rules.loader import LoadedYaml
from heartspec.rules.resolve import Spec

FORMAT = 1  # bump when the layout of an entry changes


def cached_spec(folder: Path, files: list[Path], load: Callable[[], Spec]) -> Spec:
    """The validated spec of `folder` (its YAML `files`), from the cache when nothing it rests on changed."""
    place = _entry_path(folder)
    if place is None:
        return load()
    digest = _digest(files)
    spec = _read(place, digest)
    if spec is None:
        spec = load()
        _write(place, digest, spec)
    return spec


def _entry_path(folder: Path) -> Path | None:
    if os.environ.get("HEARTSPEC_NO_CACHE") or folder.resolve() != data_dir("spec").resolve():
        return None
    try:
        base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "heartspec"
    except (RuntimeError, KeyError):  # no home folder to be found
        return None
    where = hashlib.sha256(str(folder.resolve()).encode()).hexdigest()[:16]
    return base / f"spec-{where}.marshal"


def _digest(files: list[Path]) -> str:
    code = [*sorted(Path(__file__).parent.glob("*.py")), Path(__file__).parents[1] / "limits.py"]
    schemas = sorted(data_dir("schemas").glob("*.json"))
    digest = hashlib.sha256(f"{FORMAT} {sys.version}".encode())
    for path in [*files, *schemas, *code]:
        digest.update(str(path).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def _read(place: Path, digest: str) -> Spec | None:
    try:
        stored_digest, entries = marshal.loads(place.read_bytes())
        if stored_digest != digest:
            return None
        return _spec_from(entries)
    except (OSError, EOFError, ValueError, TypeError, KeyError):
        return None


def _write(place: Path, digest: str, spec: Spec) -> None:
    entries = [(kind, spec_id, loaded.file, loaded.data, loaded.lines, loaded.errors)
               for (kind, spec_id), loaded in spec.files.items()]
    try:
        data = marshal.dumps((digest, entries))
        place.parent.mkdir(parents=True, exist_ok=True)
        handle, partial = tempfile.mkstemp(dir=place.parent, prefix=place.name, suffix=".partial")
    except (OSError, ValueError):  # a value marshal cannot hold, or no place to write
        return
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(partial, place)  # whole or not at all: another process may be reading it
    except OSError:
        Path(partial).unlink(missing_ok=True)


def _spec_from(entries: list) -> Spec:
    spec = Spec(rulesets={}, variants={})
    for kind, spec_id, file, data, lines, errors in entries:
        spec.files[(kind, spec_id)] = LoadedYaml(file=file, data=data, lines=lines, errors=errors)
        (spec.rulesets if kind == "ruleset" else spec.variants)[spec_id] = data
    return spec

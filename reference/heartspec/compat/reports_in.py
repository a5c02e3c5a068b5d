"""The saved reports of a compat run, read as untrusted input (`compat --from DIR` may be given anyone's folder).

Nothing is built until every report has passed: each file is read only if it is a regular file
reached without a symbolic link inside `DIR/reports/` (so a link to /etc or /dev/zero is refused,
never followed), bounded in size (MAX_REPORT_BYTES each, MAX_REPORTS_BYTES together) and nesting
(MAX_REPORT_DEPTH), as strict JSON, then checked against schemas/compat-reports.schema.json (fuzz.json
against schemas/fuzz-report.schema.json). Labels and scenario ids must be distinct as page names
(`heartspec.web_safe.page_slug`) and must not take a name the site uses for its own files. Every
refusal is a one-line CompatError naming the file and the place in it.

The bytes read are kept: the site copies exactly the files it read, and nothing else of the folder.
"""

from __future__ import annotations

import json
import os
import stat
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from heartspec.compat.run import REPORTS, RUN_FILES, CompatError
from heartspec.limits import MAX_REPORT_BYTES, MAX_REPORT_DEPTH, MAX_REPORTS_BYTES, describe_bytes
from heartspec.paths import data_dir
from heartspec.safe_text import shortened
from heartspec.web_safe import distinct_slugs

ENGINE_FILES = ("engine.json", "conform.json", "fuzz.json")
SCHEMA = "compat-reports.schema.json"


@dataclass
class Reading:
    """What has been read so far: the bytes of each file by its path under reports/, and their total."""

    folder: Path
    raw: dict[str, bytes] = field(default_factory=dict)
    total: int = 0


def load_reports(out: Path) -> dict:
    """The reports of a compat run, checked; `["raw"]` holds each file's bytes by its path under reports/."""
    reading = Reading(Path(out) / REPORTS)
    if os.path.islink(reading.folder):
        raise CompatError(f"{reading.folder} is a symbolic link: saved reports are read only from the folder itself")
    if not _is_real_folder(reading.folder):
        raise CompatError(f"{reading.folder} holds no compat run (no run.json): "
                          f"run `heartspec compat --out {out}` first")
    run = read_report(reading, "run.json", "run", required=True)
    catalog = read_report(reading, "scenarios.json", "scenarios") or {}
    _refuse_clashes(run, catalog)
    engines = []
    for label in run["engines"]:
        manifest = read_report(reading, f"{label}/engine.json", "engine")
        if manifest is None:
            raise CompatError(f"{reading.folder / label} has no engine.json: the run that wrote it did not finish")
        if manifest["label"] != label:
            raise CompatError(f"{reading.folder / label / 'engine.json'}: /label: {manifest['label']!r} is not "
                              f"the folder's label {label!r}")
        engines.append({"manifest": manifest, "conform": read_report(reading, f"{label}/conform.json", "conform"),
                        "fuzz": read_report(reading, f"{label}/fuzz.json", "fuzz")})
    return {"run": run, "catalog": catalog, "engines": engines, "raw": reading.raw}


def read_report(reading: Reading, name: str, kind: str, required: bool = False):
    """One report: None when it is absent (and not required), else its checked content."""
    path = reading.folder / name
    data = read_regular_file(reading.folder, name)
    if data is None:
        if required:
            raise CompatError(f"{reading.folder} holds no compat run (no run.json): "
                              f"run `heartspec compat --out {reading.folder.parent}` first")
        return None
    reading.total += len(data)
    if reading.total > MAX_REPORTS_BYTES:
        raise CompatError(f"the reports in {reading.folder} are larger than {describe_bytes(MAX_REPORTS_BYTES)} "
                          "together (MAX_REPORTS_BYTES)")
    document = decode(path, data)
    problem = schema_problem(kind, document)
    if problem:
        raise CompatError(f"{path}: {problem}; it is not a compat run's report")
    reading.raw[name] = data
    return document


def read_regular_file(folder: Path, name: str) -> bytes | None:
    """The bytes of `folder/name`, None if absent; refused if any part below `folder` is a link, or the
    file is not a regular file (a device, a pipe, a folder), or it is larger than MAX_REPORT_BYTES."""
    path = folder / name
    parent = folder
    for part in Path(name).parts[:-1]:
        parent = parent / part
        if not _is_real_folder(parent):
            if os.path.lexists(parent):
                raise CompatError(f"{parent} is not a folder of the reports (a link or a file): it is not read")
            return None
    try:
        handle = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        return None
    except OSError as err:
        if os.path.islink(path):
            raise CompatError(f"{path} is a symbolic link: saved reports are read only from regular files") from None
        raise CompatError(f"cannot read {path}: {err.strerror or err}") from None
    with os.fdopen(handle, "rb") as stream:
        if not stat.S_ISREG(os.fstat(stream.fileno()).st_mode):
            raise CompatError(f"{path} is not a regular file: saved reports are read only from regular files")
        data = stream.read(MAX_REPORT_BYTES + 1)
    if len(data) > MAX_REPORT_BYTES:
        raise CompatError(f"{path} is larger than {describe_bytes(MAX_REPORT_BYTES)} (MAX_REPORT_BYTES)")
    return data


def decode(path: Path, data: bytes):
    from heartspec.protocol.messages import decode_json

    try:
        return decode_json(data.decode("utf-8"), MAX_REPORT_DEPTH, "MAX_REPORT_DEPTH")
    except UnicodeDecodeError as err:
        raise CompatError(f"{path} is not UTF-8 text (byte {err.start})") from None
    except ValueError as err:
        raise CompatError(f"{path} is not a report heartspec can read: {shortened(err)}") from None


@lru_cache(maxsize=None)
def validators() -> dict:
    """jsonschema-rs, as the suite's response checks use: a whole run's conform reports are tens of thousands
    of rows, which a pure-Python validator takes seconds over."""
    import jsonschema_rs

    folder = data_dir("schemas")
    reports = json.loads((folder / SCHEMA).read_text(encoding="utf-8"))
    fuzz = json.loads((folder / "fuzz-report.schema.json").read_text(encoding="utf-8"))
    registry = jsonschema_rs.Registry([(s["$id"], s) for s in (reports, fuzz)])
    made = {kind: jsonschema_rs.validator_for({"$ref": f"{reports['$id']}#/$defs/{kind}"}, registry=registry)
            for kind in ("run", "scenarios", "engine", "conform")}
    made["fuzz"] = jsonschema_rs.validator_for(fuzz, registry=registry)
    return made


def schema_problem(kind: str, document) -> str | None:
    validator = validators()[kind]
    if validator.is_valid(document):
        return None
    error = next(iter(validator.iter_errors(document)))
    where = "/" + "/".join(str(part) for part in error.instance_path)
    return f"{shortened(where, 120)}: {shortened(error.message, 200)}"


def _refuse_clashes(run: dict, catalog: dict) -> None:
    """Two labels or two scenario ids that would name the same page, or a label naming a file of reports/."""
    try:
        distinct_slugs(run["engines"], reserved=RUN_FILES)
        distinct_slugs(catalog)
    except ValueError as err:
        raise CompatError(f"cannot build the site: {shortened(err)}") from None


def _is_real_folder(path: Path) -> bool:
    try:
        return stat.S_ISDIR(os.lstat(path).st_mode)
    except OSError:
        return False

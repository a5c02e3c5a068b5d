"""Which engines a compat run checks: `--engine LABEL=CMD`, or the default table of known engines.

The default table names the reference engine and every adapter heartspec ships. An
adapter is used when its module and the library it drives both import here; otherwise
it is skipped with the reason (and the extra that installs it), never counted as a failure.
An adapter module may define `COMPAT_CONFIGURATIONS = {"suffix": ["--flag", ...]}`: each
entry is a row of its own besides the default one, labelled `NAME-suffix`, run with those
arguments (and classified by `<module>-<suffix>-expected-failures.txt`, or `<module>--<suffix>-...`,
where one exists).
"""

from __future__ import annotations

import importlib
import importlib.util
import re
import shlex
import shutil
import sys
from dataclasses import dataclass, field
from pathlib import Path

LABEL = re.compile(r"^[a-z0-9][a-z0-9._-]{0,63}$")


class EngineChoiceError(Exception):
    """An --engine value compat cannot use (no label, a label that cannot name a file, a repeated label)."""


@dataclass(frozen=True)
class KnownEngine:
    """One row of the default table."""

    label: str
    module: str            # the module run as `python -m MODULE`
    library: str | None    # the third-party module it drives (None: the reference itself)
    extra: str | None      # the pyproject extra that installs the library


DEFAULT_ENGINES = (
    KnownEngine("reference", "heartspec.protocol.server", None, None),
    KnownEngine("openspiel", "heartspec.adapters.openspiel", "pyspiel", "openspiel"),
    KnownEngine("games-collection", "heartspec.adapters.games_collection", "card_games.hearts.game", "games-collection"),
    KnownEngine("gym-hearts", "heartspec.adapters.gym_hearts", "gymhearts.env", "gym-hearts"),
    KnownEngine("heartsgym", "heartspec.adapters.heartsgym", "HeartsGym.Hearts", "heartsgym"),
)


@dataclass(frozen=True)
class Engine:
    label: str
    command: str                      # as run
    module: str | None = None         # the adapter (or server) module, when known: its docstring is the notes
    arguments: tuple[str, ...] = ()   # the configuration: what was added to the module's command
    files: dict = field(default_factory=dict, hash=False)  # "expected_failures" / "known_differences" -> path


def parse_engine_option(value: str) -> Engine:
    label, sep, command = value.partition("=")
    label = label.strip()
    if not sep or not command.strip():
        raise EngineChoiceError(f"--engine {value!r}: give LABEL=CMD, e.g. mine='python my_engine.py'")
    check_label(label)
    try:
        words = shlex.split(command)
    except ValueError as err:
        raise EngineChoiceError(f"--engine {value!r}: cannot read the command: {err}") from None
    if not words:
        raise EngineChoiceError(f"--engine {value!r}: the command is empty")
    module = words[2] if len(words) > 2 and words[1] == "-m" else None
    return Engine(label, command.strip(), module, tuple(words[3:]) if module else (), adapter_files(module))


def check_label(label: str) -> None:
    from heartspec.compat.run import RUN_FILES

    if not LABEL.match(label):
        raise EngineChoiceError(f"engine label {label!r}: use lower-case letters, digits, '.', '_' or '-' "
                                "(it names the engine's page and badge)")
    if label in RUN_FILES:
        raise EngineChoiceError(f"engine label {label!r}: the site names a file of its own so "
                                f"(reports/{label}); choose another label")


def chosen_engines(values: list[str]) -> list[Engine]:
    engines = [parse_engine_option(value) for value in values]
    labels = [engine.label for engine in engines]
    repeated = sorted({label for label in labels if labels.count(label) > 1})
    if repeated:
        raise EngineChoiceError(f"engine label given twice: {', '.join(repeated)}")
    return engines


def importable(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


def default_engines(table=DEFAULT_ENGINES) -> tuple[list[Engine], list[tuple[str, str]]]:
    """The engines of the table that can run here, and (label, reason) for each one that cannot."""
    engines, skipped = [], []
    for known in table:
        # only the library's top-level package is looked up: finding a submodule imports its parents, and an
        # import may print or fail; the adapter itself refuses a library version it does not know, with a message
        missing = [name for name in (known.module, known.library and known.library.split(".")[0])
                   if name and not importable(name)]
        if missing:
            hint = f" (pip install 'heartspec[{known.extra}]')" if known.extra and known.module not in missing else ""
            skipped.append((known.label, f"module {missing[0]} is not installed{hint}"))
            continue
        engines += configurations(known)
    return engines, skipped


def python_word() -> str:
    """`python` when that is this interpreter (so saved reports name no machine path), else its full path."""
    import subprocess

    from heartspec import process_tree

    found = shutil.which("python")
    if found:
        try:
            answer = subprocess.run([found, "-c", "import sys; print(sys.executable)"], capture_output=True,
                                    text=True, timeout=60, check=False, **process_tree.popen_options()).stdout.strip()
        except (OSError, subprocess.SubprocessError):
            answer = ""
        if answer and Path(answer).resolve() == Path(sys.executable).resolve():
            return "python"
    return sys.executable


def configurations(known: KnownEngine) -> list[Engine]:
    if known.library is None:  # the reference, started as a third party's engine would be
        base = ["heartspec", "engine"] if shutil.which("heartspec") else [python_word(), "-m", "heartspec", "engine"]
    else:
        base = [python_word(), "-m", known.module]
    configs = getattr(importlib.import_module(known.module), "COMPAT_CONFIGURATIONS", None) if known.library else None
    rows = [("", ())] + [(suffix, tuple(args)) for suffix, args in sorted((configs or {}).items())]
    return [Engine(f"{known.label}-{suffix}" if suffix else known.label, shlex.join(base + list(args)), known.module,
                   args, adapter_files(known.module, suffix)) for suffix, args in rows]


def adapter_files(module: str | None, configuration: str = "") -> dict:
    """An adapter's classification files: `<module>-<configuration>-expected-failures.txt` for a configuration
    where one exists, else `<module>-expected-failures.txt` (the same for known differences)."""
    if not module or not module.startswith("heartspec.adapters."):
        return {}
    folder = Path(__file__).resolve().parent.parent / "adapters"
    stem = module.rsplit(".", 1)[1]
    files = {}
    for kind, tail in (("expected_failures", "expected-failures.txt"), ("known_differences", "known-differences.txt")):
        named = [f"{stem}-{configuration}-{tail}", f"{stem}--{configuration}-{tail}"] if configuration else []
        candidates = [folder / name for name in named] + [folder / f"{stem}-{tail}"]
        found = next((path for path in candidates if path.exists()), None)
        if found:
            files[kind] = str(found)
    return files

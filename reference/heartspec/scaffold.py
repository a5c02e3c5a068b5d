"""`heartspec new-engine`: a starting engine on an engine kit, in a folder of its own, and the command that checks it.

The folder holds the engine (a template from `kits/<language>/template/`), a copy of the kit, so the
engine runs without heartspec installed, and a README whose command gives the first verdict. Nothing
that exists is overwritten. The command saves the run's verdicts in the engine's folder (`--save`) where
the installed `conform` has that option.
"""

from __future__ import annotations

import re
import shlex
import shutil
from dataclasses import dataclass
from pathlib import Path

from heartspec import kit as python_kit
from heartspec.paths import kits_dir


@dataclass(frozen=True)
class Language:
    engine_file: str
    kit_file: str
    runner: str
    label: str

    def kit_source(self) -> Path:
        return Path(python_kit.__file__) if self.runner == "python3" else kits_dir() / "js" / "heartspec-kit.js"

    def template(self) -> Path:
        folder = "python" if self.runner == "python3" else "js"
        return kits_dir() / folder / "template" / self.engine_file


LANGUAGES = {
    "python": Language("engine.py", "heartspec_kit.py", "python3", "Python"),
    "javascript": Language("engine.js", "heartspec-kit.js", "node", "JavaScript"),
}


class ScaffoldError(ValueError):
    """The folder cannot take a new engine (a file is in the way, or it cannot be written); one line."""


@dataclass(frozen=True)
class Scaffold:
    folder: Path
    files: list[Path]
    conform_command: str  # to run from the folder the user ran new-engine in


def conform_command(engine: str, save: str | None) -> str:
    command = f"heartspec conform --engine {shlex.quote(engine)}"
    return command + (f" --save {shlex.quote(save)}" if save else "")


def new_engine(folder: Path, language: str, ruleset: str, players: int, save: bool = True) -> Scaffold:
    """Write the starting engine, the kit and a README into `folder` (created; it may exist if it holds none of them)."""
    lang = LANGUAGES[language]
    name = re.sub(r"[^a-z0-9-]+", "-", folder.resolve().name.lower()).strip("-") or "my-engine"
    targets = {folder / lang.engine_file: lang.template(), folder / lang.kit_file: lang.kit_source(),
               folder / "README.md": kits_dir() / "template-README.md"}
    in_the_way = [str(path) for path in targets if path.exists() or path.is_symlink()]
    if in_the_way:
        raise ScaffoldError(f"{', '.join(in_the_way)} already exist(s); new-engine writes only files that are not there yet")
    fields = {"name": name, "class_name": "".join(part.title() for part in name.split("-")) or "MyEngine",
              "ruleset": ruleset, "players": players, "language": lang.label, "engine_file": lang.engine_file,
              "kit_file": lang.kit_file, "conform_command": conform_command(f"{lang.runner} {lang.engine_file}", "verdicts" if save else None)}
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for target, source in targets.items():
            if source == lang.kit_source():
                shutil.copyfile(source, target)
            else:
                target.write_text(source.read_text(encoding="utf-8").format(**fields), encoding="utf-8")
    except OSError as err:
        raise ScaffoldError(f"cannot write into {folder}: {err.strerror or err}") from None
    engine = f"{lang.runner} {shlex.quote(str(folder / lang.engine_file))}"
    return Scaffold(folder, list(targets), conform_command(engine, str(folder / "verdicts") if save else None))

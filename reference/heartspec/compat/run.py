"""Run the checks of a compat report: per engine, hello, the scenarios and a fixed fuzz pass.

Each engine's results are saved in `DIR/reports/LABEL/`:

    engine.json    label, command, configuration, hello, adapter notes, the adapter's classification files
    conform.json   `heartspec conform --report-json` (every scenario's outcome, failure details)
    fuzz.json      `heartspec fuzz --cell-goal K --setup-games G --setup-steps S --seed S --report-json`
                   (the budget, each set-up's games and rare cells reached, differences, reproductions)

and `DIR/reports/run.json` and `DIR/reports/scenarios.json` hold the run's settings and the
scenario catalog.  Conform and fuzz run as subprocesses of the `heartspec` command, so each
engine gets exactly what a user running them by hand would get.
"""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from heartspec import process_tree
from heartspec.compat.catalog import scenario_catalog
from heartspec.conformance.coverage import CoverageError
from heartspec.compat.engines import Engine
from heartspec.safe_text import shortened
from heartspec.fuzz.budget import (DEFAULT_CELL_GOAL, DEFAULT_GAMES_PER_SETUP, DEFAULT_STEPS_PER_SETUP, Budget,
                                   cell_budget)

REPORTS = "reports"
RUN_FILES = ("run.json", "scenarios.json")   # what reports/ holds besides one folder per engine label
HEARTSPEC = [sys.executable, "-c", "from heartspec.cli import main; main()"]


def guide_rulesets() -> list[str]:
    from heartspec.conformance.layout import shipped_spec

    return shipped_spec().in_guide_order()


class CompatError(Exception):
    """compat could not do its job (an output folder it cannot write, reports it cannot read)."""


@dataclass
class RunSettings:
    """What a compat run checks. The fuzz pass is the cell budget (heartspec.fuzz.budget): each set-up an engine
    claims is fuzzed until every rare cell it can reach was reached `cell_goal` times, or it had `setup_games`
    games or `setup_steps` requests, so a one-set-up engine is checked as hard, per set-up, as a forty-set-up
    one; `games_per_setup` instead plays that many games of each set-up and no more."""

    seed: int = 0
    games_per_setup: int | None = None
    cell_goal: int = DEFAULT_CELL_GOAL
    setup_games: int = DEFAULT_GAMES_PER_SETUP
    setup_steps: int = DEFAULT_STEPS_PER_SETUP
    workers: int = 2                      # engines checked at once
    timeout: float = 5.0
    max_seconds: float = 1800.0           # each engine's conform run, and its fuzz run, apart
    skipped_engines: list = field(default_factory=list)   # (label, reason) of default engines not installed
    # a subset of the checks, as extra arguments (`--id ID` for conform, `--ruleset R` for fuzz): test fixtures
    # use it to stay small; a report built with filters says so on every page
    conform_filters: list = field(default_factory=list)
    fuzz_filters: list = field(default_factory=list)

    def as_json(self) -> dict:
        return {"seed": self.seed, "games_per_setup": self.games_per_setup or self.setup_games,  # most per set-up
                "fuzz_budget": self.fuzz_budget().as_json(),
                "filters": [*self.conform_filters, *self.fuzz_filters],
                "skipped_engines": [{"label": label, "reason": reason} for label, reason in self.skipped_engines]}


    def fuzz_budget(self) -> Budget:
        if self.games_per_setup is not None:
            return Budget("games_per_setup", games_per_setup=self.games_per_setup)
        return cell_budget(self.cell_goal, self.setup_games, self.setup_steps)

    def fuzz_arguments(self) -> list[str]:
        if self.games_per_setup is not None:
            return ["--games-per-setup", str(self.games_per_setup)]
        return ["--cell-goal", str(self.cell_goal), "--setup-games", str(self.setup_games),
                "--setup-steps", str(self.setup_steps)]


def write_json(path: Path, document) -> None:
    from heartspec.outputs import OutputError, write_output

    try:
        write_output(path, json.dumps(document, indent=1, sort_keys=True, ensure_ascii=False) + "\n", "report")
    except OutputError as err:
        raise OSError(str(err)) from None


def run_all(engines: list[Engine], out: Path, settings: RunSettings, echo: Callable[[str], None]) -> Path:
    folder = out / REPORTS
    try:
        # reports of engines not in this run are left as they are (never followed, were one a link): the site is
        # rebuilt whole from the engines run.json names, so they do not reach it
        folder.mkdir(parents=True, exist_ok=True)
        write_json(folder / "scenarios.json", scenario_catalog())
        write_json(folder / "run.json", {**settings.as_json(), "engines": [engine.label for engine in engines],
                                         "rulesets": guide_rulesets()})
    except OSError as err:
        raise CompatError(f"cannot write the reports folder {folder}: {err}") from None
    except CoverageError as err:
        raise CompatError(f"cannot read the scenarios: {err}") from None
    run_engines(engines, folder, settings, echo)
    return folder


def run_engines(engines: list[Engine], folder: Path, settings: RunSettings, echo: Callable[[str], None]) -> None:
    """Each engine's checks, `settings.workers` engines at a time (their work is in subprocesses: one per core
    keeps both cores of a two-core machine busy); each engine's lines are printed together, in table order."""
    from concurrent.futures import ThreadPoolExecutor

    def checked(engine: Engine) -> list[str]:
        said: list[str] = []
        run_engine(engine, folder / engine.label, settings, said.append)
        return said

    process_tree.children_may_start()
    pool = ThreadPoolExecutor(max_workers=max(1, settings.workers))
    try:
        for said in pool.map(checked, engines):  # in order: the output reads the same however many run at once
            for line in said:
                echo(line)
    except BaseException:  # Ctrl-C or SIGTERM reach this thread only: the workers' children are stopped here
        process_tree.stop_every_child()
        raise
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def run_engine(engine: Engine, folder: Path, settings: RunSettings, echo: Callable[[str], None]) -> None:
    if folder.is_symlink():  # a link left in an old reports folder: the reports are written here, never through it
        folder.unlink()
    folder.mkdir(parents=True, exist_ok=True)
    echo(f"{engine.label}: {engine.command}")
    manifest = describe(engine)
    hello, problem = say_hello(engine.command, settings.timeout)
    manifest["hello"], manifest["problem"] = hello, problem
    if problem is None:
        manifest["conform"], said = run_conform(engine, folder / "conform.json", settings)
        echo(f"  conform: {shortened(said, 300)}")
        manifest["fuzz"], said = run_fuzz(engine, folder / "fuzz.json", settings)
        echo(f"  fuzz: {shortened(said, 300)}")
    else:
        echo(f"  not run: {shortened(problem, 300)}")  # an engine's stderr may follow: one safe line
    write_json(folder / "engine.json", manifest)


def describe(engine: Engine) -> dict:
    import importlib

    notes = ""
    if engine.module:
        try:
            notes = (importlib.import_module(engine.module).__doc__ or "").strip()
        except Exception:  # noqa: BLE001 - an adapter that cannot even import still gets its row, without notes
            notes = ""
    files = {kind: {"name": Path(path).name, "text": Path(path).read_text(encoding="utf-8")}
             for kind, path in sorted(engine.files.items())}
    return {"label": engine.label, "command": engine.command, "module": engine.module,
            "configuration": list(engine.arguments), "notes": notes, "files": files}


def say_hello(command: str, timeout: float) -> tuple[dict | None, str | None]:
    from heartspec.conformance.runner import RunnerError, preflight

    try:
        return preflight(command, timeout), None
    except RunnerError as err:
        return None, str(err)


def run_conform(engine: Engine, report: Path, settings: RunSettings) -> tuple[dict, str]:
    command = HEARTSPEC + ["conform", "--engine", engine.command, "--report-json", str(report),
                           "--timeout", str(settings.timeout), "--max-seconds", str(settings.max_seconds),
                           *settings.conform_filters]
    return finished(command, report, settings.max_seconds)


def run_fuzz(engine: Engine, report: Path, settings: RunSettings) -> tuple[dict, str]:
    command = HEARTSPEC + ["fuzz", "--engine", engine.command, "--report-json", str(report),
                           *settings.fuzz_arguments(), "--seed", str(settings.seed),
                           "--timeout", str(settings.timeout), *settings.fuzz_filters]
    return finished(command, report, settings.max_seconds)


def finished(command: list[str], report: Path, max_seconds: float) -> tuple[dict, str]:
    """Run one check: its exit status and, when it wrote no report, why (saved); its last output line (shown only:
    it holds timings, which would make two runs' reports differ)."""
    if report.exists():
        report.unlink()
    try:
        done = process_tree.run_child(command, timeout=max_seconds + 120)  # Ctrl-C: it stops its engine first
    except subprocess.TimeoutExpired:
        return {"exit": None, "error": f"did not finish in {max_seconds + 120:g} s"}, "timed out"
    lines = [line for line in done.stdout.splitlines() if line.strip()]
    errors = [line for line in done.stderr.splitlines() if line.strip()]
    error = None if report.exists() else (errors[-1] if errors else f"exited {done.returncode} without a report")
    return {"exit": done.returncode, "error": error}, (lines[-1] if lines else error or "")

"""Planted bugs in the compiled core: `heartspec engine --core compiled` built from a broken copy of accel/
must fail the suite's scenarios of that rule's area and be told apart from the reference by the fuzzer.

Each mutant is one textual patch of accel/ (the patch asserts its target text is there, so this breaks
loudly when the code moves), built with the C compiler into its own folder, which goes first on the
engine's PYTHONPATH. A control built the same way from the unpatched sources passes the same areas and
the same fuzz run, so what fails is the patch, not the build. Skipped without a C compiler.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
from dataclasses import dataclass
from pathlib import Path

import pytest

from heartspec.fuzz import FuzzOptions, run_fuzz

pytestmark = pytest.mark.heavy  # six builds of the core, and a suite run and a fuzz run on each

ROOT = Path(__file__).resolve().parents[1]
GAME = "heartspec_core_game.h"
FUZZ_GAMES = 100
ENGINE = shlex.join([sys.executable, "-c", "from heartspec.cli import main; main()", "engine", "--core", "compiled"])


@dataclass(frozen=True)
class Mutant:
    file: str
    target: str  # text that must be in the file, once
    replacement: str
    area: str  # the feature area (features/AREA.feature) whose scenarios must catch it


MUTANTS = {
    "hearts-broken-by-any-card": Mutant(GAME, "if (!g->broken && (b & M(r->breakers[led]))) {",
                                        "if (!g->broken) {", "hearts_broken_and_leads"),
    "first-trick-ban-ignored": Mutant(GAME, "if (g->tricks_done == 0 && r->first_guarded) {", "if (0) {",
                                      "first_trick"),
    "moon-adds-one-less": Mutant(GAME, "points[s] += r->moon_amount;", "points[s] += r->moon_amount - 1;",
                                 "shooting_the_moon"),
    "kitty-to-the-next-seat": Mutant(GAME, "put_mask_event(g, EV_KITTY_TAKEN, winner, g->kitty);\n"
                                           "        g->taken[winner] |= g->kitty;",
                                     "put_mask_event(g, EV_KITTY_TAKEN, (winner + 1) % n, g->kitty);\n"
                                     "        g->taken[(winner + 1) % n] |= g->kitty;", "dealing_and_decks"),
    "heart-lead-refused-as-must-follow": Mutant(GAME, "    return REFUSE_HEARTS_NOT_BROKEN;\n}",
                                                "    return REFUSE_MUST_FOLLOW;\n}", "hearts_broken_and_leads"),
}
CONTROL = "unpatched"


def _compiler() -> str | None:
    for name in (os.environ.get("CC"), sysconfig.get_config_var("CC"), "gcc", "cc"):
        if name and shutil.which(name.split()[0]):
            return name.split()[0]
    return None


def _build(compiler: str, folder: Path, mutant: Mutant | None) -> Path:
    sources = folder / "accel"
    shutil.copytree(ROOT / "accel", sources, ignore=shutil.ignore_patterns("build", "*.egg-info", "*.so"))
    if mutant is not None:
        path = sources / mutant.file
        text = path.read_text(encoding="utf-8")
        assert text.count(mutant.target) == 1, f"the mutant's target is not once in accel/{mutant.file}: {mutant.target!r}"
        path.write_text(text.replace(mutant.target, mutant.replacement), encoding="utf-8")
    built = folder / "built"
    built.mkdir()
    target = built / ("heartspec_core" + sysconfig.get_config_var("EXT_SUFFIX"))
    command = [compiler, "-shared", "-fPIC", "-O1", "-I" + sysconfig.get_paths()["include"],
               str(sources / "heartspec_core.c"), "-o", str(target)]
    done = subprocess.run(command, capture_output=True, text=True, check=False, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    return built


@pytest.fixture(scope="module")
def builds(tmp_path_factory) -> dict[str, Path]:
    compiler = _compiler()
    if compiler is None:
        pytest.skip("no C compiler")
    folder = tmp_path_factory.mktemp("core-mutants")
    out = {CONTROL: _build(compiler, folder / CONTROL, None)}
    for name, mutant in MUTANTS.items():
        out[name] = _build(compiler, folder / name, mutant)
    return out


def _environment(built: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(built), str(ROOT / "reference")])
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


def _loaded_from(built: Path) -> str:
    probe = "import heartspec_core; from heartspec.engine import core_game; core_game.require(); print(heartspec_core.__file__)"
    done = subprocess.run([sys.executable, "-c", probe], env=_environment(built), capture_output=True, text=True,
                          check=False, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.strip()


def _area_run(built: Path, areas: list[str], folder: Path) -> dict:
    report = folder / "report.json"
    tags = " or ".join(f"area:{area}" for area in areas)
    subprocess.run([sys.executable, "-c", "from heartspec.cli import main; main()", "conform", "--engine", ENGINE,
                    "--tags", tags, "--report-json", str(report)],
                   env=_environment(built), capture_output=True, text=True, check=False, timeout=1200)
    assert report.exists(), f"no report from the suite against the build in {built}"
    return json.loads(report.read_text(encoding="utf-8"))


def _fuzz(built: Path, monkeypatch) -> object:
    monkeypatch.setenv("PYTHONPATH", _environment(built)["PYTHONPATH"])  # the engine under test only
    # seed 1 finds every planted bug by game 17: 100 games leave room, and the unpatched build plays the same 100
    return run_fuzz(FuzzOptions(engine=ENGINE, games=FUZZ_GAMES, seed=1, timeout=30.0, stop_at_first=True))


def test_the_unpatched_build_passes_every_mutants_area_and_the_fuzz_run(builds, tmp_path, monkeypatch):
    assert Path(_loaded_from(builds[CONTROL])).parent == builds[CONTROL]
    report = _area_run(builds[CONTROL], sorted({m.area for m in MUTANTS.values()}), tmp_path)
    assert report["scenarios"] and {row["outcome"] for row in report["scenarios"]} == {"passed"}
    fuzz = _fuzz(builds[CONTROL], monkeypatch)
    assert fuzz.ok and fuzz.groups() == []


@pytest.mark.parametrize("name", sorted(MUTANTS))
def test_a_planted_bug_fails_its_area_and_the_fuzzer_finds_it(builds, name, tmp_path, monkeypatch):
    built = builds[name]
    assert Path(_loaded_from(built)).parent == built
    report = _area_run(built, [MUTANTS[name].area], tmp_path)
    failed = [row["id"] for row in report["scenarios"] if row["outcome"] == "failed"]
    assert failed, f"{name}: every scenario of {MUTANTS[name].area} passed"
    assert any(row["outcome"] == "passed" for row in report["scenarios"]), f"{name}: the engine did not run at all"
    fuzz = _fuzz(built, monkeypatch)
    assert fuzz.groups(), f"{name}: the fuzzer found no difference in {FUZZ_GAMES} games"

"""The compiled playout's and the compiled core's agreement and hostile-input tests, run once more under AddressSanitizer
and UndefinedBehaviorSanitizer (issue 18): an out-of-bounds read, a shift past 63 bits or the
trailing-zero count of 0 aborts the run instead of passing by luck.

Both extensions are built from accel/ into a temporary folder with `-fsanitize=address,undefined`,
and tests/test_engine_accel.py and tests/test_engine_core.py run in a subprocess that loads them.
The interpreter itself is not built with ASan, so the ASan runtime has to be loaded first:
LD_PRELOAD names the compiler's own libasan. Skipped where the compiler or its sanitizer runtime
is missing (the agreement tests then run only on the ordinary build).
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

pytestmark = pytest.mark.heavy  # the sanitized builds take seconds, and every test here runs under them

ROOT = Path(__file__).resolve().parents[1]
SOURCES = {"heartspec_accel": ROOT / "accel" / "heartspec_accel.c", "heartspec_core": ROOT / "accel" / "heartspec_core.c"}
SANITIZE = ["-fsanitize=address,undefined", "-fno-sanitize-recover=undefined", "-fno-omit-frame-pointer", "-g", "-O1"]


def _compiler() -> str | None:
    for name in (os.environ.get("CC"), sysconfig.get_config_var("CC"), "gcc", "cc"):
        if name and shutil.which(name.split()[0]):
            return name.split()[0]
    return None


def _asan_runtime(compiler: str) -> str | None:
    """The compiler's libasan, to preload into an interpreter that was not built with it."""
    found = subprocess.run([compiler, "-print-file-name=libasan.so"], capture_output=True, text=True, check=False)
    path = found.stdout.strip()
    return path if found.returncode == 0 and os.path.isabs(path) and os.path.exists(path) else None


def _build(compiler: str, folder: Path) -> bool:
    for module, source in SOURCES.items():
        target = folder / (module + sysconfig.get_config_var("EXT_SUFFIX"))
        command = [compiler, "-shared", "-fPIC", *SANITIZE, "-ffp-contract=off",
                   "-I" + sysconfig.get_paths()["include"], str(source), "-o", str(target)]
        if subprocess.run(command, capture_output=True, text=True, check=False, timeout=300).returncode != 0:
            return False
    return True


@pytest.fixture(scope="module")
def sanitized(tmp_path_factory) -> dict:
    compiler = _compiler()
    if compiler is None:
        pytest.skip("no C compiler")
    runtime = _asan_runtime(compiler)
    folder = tmp_path_factory.mktemp("accel-sanitized")
    if runtime is None or not _build(compiler, folder):
        pytest.skip(f"{compiler} cannot build with -fsanitize=address,undefined here")
    env = dict(os.environ)
    env.update({
        "LD_PRELOAD": runtime,
        # the interpreter's own allocations at exit are not this extension's leaks
        "ASAN_OPTIONS": "detect_leaks=0:abort_on_error=1:halt_on_error=1",
        "UBSAN_OPTIONS": "halt_on_error=1:print_stacktrace=1",
        "PYTHONPATH": os.pathsep.join([str(folder), str(ROOT / "reference"), str(ROOT / "tests")]),
        "PYTHONDONTWRITEBYTECODE": "1",
    })
    return {"folder": folder, "env": env}


def _run(sanitized: dict, *args: str, timeout: int = 900) -> subprocess.CompletedProcess:
    # SIGINT at its default, as from a terminal: a test here interrupts the playout, and skips where SIGINT is
    # ignored, as it is in a run started in the background by a shell without job control
    return subprocess.run([sys.executable, *args], cwd=ROOT, env=sanitized["env"], capture_output=True,
                          text=True, check=False, timeout=timeout,
                          preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


def test_the_subprocess_loads_the_sanitized_builds(sanitized):
    loaded = _run(sanitized, "-c", "import heartspec_accel, heartspec_core; "
                  "print(heartspec_accel.__file__); print(heartspec_core.__file__)")
    assert loaded.returncode == 0, loaded.stderr[-2000:]
    assert {Path(line).parent for line in loaded.stdout.split()} == {sanitized["folder"]}


@pytest.mark.parametrize("selection", [
    ["tests/test_engine_accel.py"],
    # the one test of many games is left to the ordinary build: it checks agreement, not memory
    ["tests/test_engine_core.py", "-k", "not many_games"],
    # the protocol path in process (position, snapshot, points, every step); its subprocess runs stay ordinary
    ["tests/test_engine_core_protocol.py", "-k", "not whole_suite and not fuzz_finds"],
    # the compiled bots and simulate shards; the runs across worker processes are left to the ordinary build
    ["tests/test_simulate_core.py", "-k", "not dask and not worker and not cli"],
])
def test_the_agreement_and_hostile_input_tests_pass_under_the_sanitizers(sanitized, selection):
    run = _run(sanitized, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist", "-rs", *selection)
    output = run.stdout + run.stderr
    assert run.returncode == 0, output[-4000:]
    assert "skipped" not in run.stdout, "the tests did not find the sanitized extension"
    assert "runtime error" not in output and "AddressSanitizer" not in output, output[-4000:]

"""Running a real `heartspec` command the way the hostile-input tests do: in its own process, under a
memory cap and a time cap, then checking what it left behind (processes, files).

    done = run_capped(["fuzz", "--engine", ...], cwd=tmp_path)
    assert_one_line(done.stderr)
    assert leftovers(marker) == []

Leftover processes are found by a marker: a unique word the test puts in the command line of every
engine or bot it starts (workers forked by simulate inherit their parent's command line, so it
finds those too).
"""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

HEARTSPEC = [sys.executable, "-c", "from heartspec.cli import main; main()"]
MEMORY_CAP = 2 << 30        # bytes of address space for the command and everything it starts
TIME_CAP = 180              # seconds: bounds a broken test, measures nothing
TESTS = Path(__file__).resolve().parent
ENGINES = TESTS / "hostile_engines"
BOTS = TESTS / "simulate_fixtures"


def capped(file_size: int | None = None):
    def limit() -> None:
        # as from a terminal, also where the test run was started in the background: a shell without job control
        # starts background jobs with SIGINT ignored, and the command would inherit that
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))
        if file_size is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (file_size, file_size))
    return limit


def environment() -> dict:
    """PYTHONPATH as the test has it, plus the seat-protocol fixtures, so `module:function` bots import."""
    paths = [str(BOTS), *os.environ.get("PYTHONPATH", "").split(os.pathsep)]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in paths if p)}


def run_capped(args: list[str], cwd: Path, file_size: int | None = None, timeout: float = TIME_CAP):
    return subprocess.run([*HEARTSPEC, *args], capture_output=True, text=True, cwd=cwd, env=environment(),
                          timeout=timeout, preexec_fn=capped(file_size))


def start_capped(args: list[str], cwd: Path) -> subprocess.Popen:
    return subprocess.Popen([*HEARTSPEC, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            cwd=cwd, env=environment(), preexec_fn=capped())


def new_marker() -> str:
    return f"--marker=hostile-{uuid.uuid4().hex[:12]}"


def assert_one_line(stderr: str, *words: str) -> str:
    message = stderr.strip()
    assert "Traceback" not in message, message[-3000:]
    assert len(message.splitlines()) == 1, message[-3000:]
    for word in words:
        assert word in message, message
    return message


def processes_with(marker: str) -> list[str]:
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode("utf-8", "replace")
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if marker in command and state != "Z":
            found.append(f"{entry.name}: {command}")
    return found


def leftovers(marker: str) -> list[str]:
    """Processes carrying the marker that are still running a while later (SIGKILL lands asynchronously)."""
    for _ in range(50):
        found = processes_with(marker)
        if not found:
            return []
        time.sleep(0.1)
    return found


def wait_for_process(marker: str, count: int = 1, seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while len(processes_with(marker)) < count:
        assert time.monotonic() < deadline, f"fewer than {count} processes with {marker} ever started"
        time.sleep(0.1)


def files_in(folder: Path) -> list[str]:
    """Every file left in a folder, hidden temporary files included."""
    return sorted(p.name for p in folder.iterdir())

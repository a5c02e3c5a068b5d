"""The reproductions `fuzz --save` and `conform --save` write come with the hand viewer's page beside each log."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MUTANT = f"{sys.executable} {ROOT / 'tests' / 'mutants' / 'mutant_engine.py'}"


def heartspec(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "heartspec", *args], capture_output=True, text=True, cwd=cwd,
                          timeout=900, check=False)


def test_fuzz_save_writes_each_reproductions_page_and_names_it(tmp_path):
    done = heartspec("fuzz", "--engine", f"{MUTANT} break-rule", "--games", "30", "--save", "saved",
                     "--report-json", "report.json", cwd=tmp_path)
    assert done.returncode == 1, done.stderr[-2000:]
    difference = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))["differences"][0]["smallest"]
    page = tmp_path / difference["viewer"]
    assert difference["viewer"] == "saved/difference-1.html" and page.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert "step through it in a browser: saved/difference-1.html" in done.stdout


def test_conform_save_draws_a_page_for_each_log_that_reproduces_its_failure(tmp_path):
    """proto-order-011 speaks only to a fresh engine of its own: its log is that engine's lines, and the crash
    on `play` is where it stops (a log of the shared engine's lines would hold nothing)."""
    done = heartspec("conform", "--engine", f"{MUTANT} crash-on-play", "--id", "proto-order-011", "--save", "saved",
                     cwd=tmp_path)
    assert done.returncode == 1, done.stdout[-2000:] + done.stderr[-2000:]
    (entry,) = json.loads((tmp_path / "saved" / "index.json").read_text(encoding="utf-8"))["failures"]
    assert entry["reproduces"] and entry["viewer"] == "proto-order-011.html"
    log = (tmp_path / "saved" / entry["log"]).read_text(encoding="utf-8").splitlines()
    assert '"cmd": "play"' in log[entry["stop_line"] - 1]
    assert (tmp_path / "saved" / entry["viewer"]).read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert "step through it in a browser: proto-order-011.html" in (tmp_path / "saved" / "README.txt").read_text()

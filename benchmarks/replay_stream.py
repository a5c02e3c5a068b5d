"""Replay of a long move log: peak memory, time to the first deal printed, and total time.

    python benchmarks/replay_stream.py                      # a 2,000-game log, text and JSON output
    python benchmarks/replay_stream.py --baseline 1af59d4   # the same, beside an earlier commit's replay

The log is written by `heartspec play` (fi, 4 players, seed 1). Each replay runs as its own
process; its peak resident memory comes from the kernel (wait4's ru_maxrss), and the first
deal is the moment its first deal's line reaches our end of the stdout pipe. With --baseline,
the earlier commit's `reference/` is unpacked into a temporary folder and run the same way, so
the two sit side by side in one run, on one machine, under one load.
"""

from __future__ import annotations

import argparse
import os
import selectors
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIRST_DEAL = {"text": b"\nDeal 1 ", "json": b'"deal_number": 1'}  # the first deal's own line


def heartspec(pythonpath: Path | None) -> tuple[list[str], dict]:
    env = dict(os.environ)
    if pythonpath is not None:
        env["PYTHONPATH"] = str(pythonpath)
    return [sys.executable, "-c", "from heartspec.cli import main; main()"], env


def write_log(path: Path, games: int) -> None:
    command, env = heartspec(None)
    subprocess.run([*command, "play", "--ruleset", "fi", "--players", "4", "--seed", "1",
                    "--games", str(games), "--log", str(path)], check=True, env=env, stdout=subprocess.DEVNULL)


def measure(log: Path, fmt: str, pythonpath: Path | None) -> dict:
    """Run one replay; return seconds to the first deal, seconds in all, peak RSS in MiB, output bytes."""
    command, env = heartspec(pythonpath)
    start = time.monotonic()
    process = subprocess.Popen([*command, "replay", str(log), "--format", fmt], stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, env=env)
    selector = selectors.DefaultSelector()
    selector.register(process.stdout, selectors.EVENT_READ)
    first, size, tail = None, 0, b""
    while True:
        selector.select()
        chunk = os.read(process.stdout.fileno(), 1 << 16)
        if not chunk:
            break
        if first is None and FIRST_DEAL[fmt] in tail + chunk:
            first = time.monotonic() - start
        tail = chunk[-64:]
        size += len(chunk)
    _, status, usage = os.wait4(process.pid, 0)
    total = time.monotonic() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise SystemExit(f"replay --format {fmt} failed with status {process.returncode}")
    return {"first": first, "total": total, "cpu": usage.ru_utime + usage.ru_stime,
            "peak_mib": usage.ru_maxrss / 1024, "output_mib": size / (1 << 20)}


def unpack(revision: str, folder: Path) -> Path:
    archive = folder / "ref.tar"
    with open(archive, "wb") as out:
        subprocess.run(["git", "-C", str(ROOT), "archive", revision, "reference", "spec", "schemas", "features"],
                       check=True, stdout=out)
    with tarfile.open(archive) as tar:
        tar.extractall(folder, filter="data")
    return folder / "reference"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--baseline", metavar="REV", help="also run the replay of this git revision")
    parser.add_argument("--formats", default="text,json")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "games.log"
        write_log(log, args.games)
        print(f"log: {args.games} games, {log.stat().st_size / (1 << 20):.1f} MiB, "
              f"{sum(1 for _ in open(log, 'rb')):,} lines")
        runs = [("this tree", None)]
        if args.baseline:
            runs.append((args.baseline, unpack(args.baseline, Path(tmp))))
        empty = Path(tmp) / "empty.log"
        empty.write_bytes(b"")
        print("| replay | format | first deal printed | all done | CPU | peak memory | output |")
        print("|---|---|---:|---:|---:|---:|---:|")
        for name, path in runs:
            m = measure(empty, "text", path)
            print(f"| {name} | (empty log: start-up only) | - | {m['total']:.2f} s | {m['cpu']:.2f} s | "
                  f"{m['peak_mib']:.0f} MiB | - |", flush=True)
        for fmt in args.formats.split(","):
            for name, path in runs:
                m = measure(log, fmt, path)
                first = "-" if m["first"] is None else f"{m['first']:.2f} s"
                print(f"| {name} | {fmt} | {first} | {m['total']:.1f} s | {m['cpu']:.1f} s | {m['peak_mib']:.0f} MiB | "
                      f"{m['output_mib']:.0f} MiB |", flush=True)


if __name__ == "__main__":
    main()

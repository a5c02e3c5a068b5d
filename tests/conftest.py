"""What tests share: expensive results computed once per test run, however many xdist workers run it.

The suite runs in parallel (`python -m pytest -q -n auto --dist worksteal`). A whole conformance
run against a mutant engine takes seconds of CPU, and two test files need the same one (the
mutant matrix and the catcher of each mutant), so `shared_results` keeps each such result as JSON
in a folder every worker of the run sees, behind a file lock: the first worker to ask computes
it, the others wait and read it. Without xdist it is a plain per-session cache.

Tests marked `heavy` (tens of seconds each: a whole suite run, a run that waits out engine
timeouts) are run first, and every worker gets its share of them. xdist's worksteal scheduler
hands each worker an equal block of the tests in order and lets an idle worker take the tail of
another's queue: a heavy test left near the end would run alone on one core while the other has
nothing left to do, and heavy tests all in the first block would run one after another on one
worker while the others steal its light tail.
"""

from __future__ import annotations

import fcntl
import json
import os
import re
from pathlib import Path
from typing import Any, Callable

import pytest


class SharedResults:
    """JSON results by key, computed once per test run across workers."""

    def __init__(self, folder: Path):
        self.folder = folder

    def get(self, key: str, compute: Callable[[], Any]) -> Any:
        name = re.sub(r"[^A-Za-z0-9_.-]", "_", key)
        path, lock = self.folder / f"{name}.json", self.folder / f"{name}.lock"
        with open(lock, "w") as held:
            fcntl.flock(held, fcntl.LOCK_EX)  # released when the file closes, also if compute raises
            if path.exists():
                return json.loads(path.read_text(encoding="utf-8"))
            value = compute()
            partial = path.with_suffix(".partial")
            partial.write_text(json.dumps(value), encoding="utf-8")
            partial.replace(path)  # never a half-written result for another worker to read
            return value


@pytest.fixture(scope="session")
def shared_results(tmp_path_factory) -> SharedResults:
    base = tmp_path_factory.getbasetemp()
    # each xdist worker has its own basetemp (…/popen-gwN) under one folder of the run: share that one
    root = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    folder = root / "shared-results"
    folder.mkdir(exist_ok=True)
    return SharedResults(folder)


def pytest_configure(config):
    config.addinivalue_line("markers", "heavy: tens of seconds of work; run first so no core waits on it at the end")


def pytest_collection_modifyitems(config, items):
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    heavy = lambda item: item.get_closest_marker("heavy") is not None  # noqa: E731
    items[:] = heavy_first_in_every_block(items, workers, heavy, lambda item: item.path)


def heavy_first_in_every_block(items: list, blocks: int, is_heavy: Callable[[Any], bool],
                               module_of: Callable[[Any], Any] = lambda item: None) -> list:
    """The items laid out as `blocks` equal blocks (as worksteal's first hand-out cuts them), each led by a share of
    the heavy items; the rest keep their order. A module's heavy items stay in one block: they may share a
    module-scoped build, which each worker would otherwise make again. Every worker collects the same items, so all
    lay them out alike."""
    shares: list[list] = [[] for _ in range(blocks)]
    modules: dict[Any, list] = {}
    for item in items:
        if is_heavy(item):
            modules.setdefault(module_of(item), []).append(item)
    for group in modules.values():
        min(shares, key=len).extend(group)  # the block with the fewest heavy items so far; ties go to the first
    light = [item for item in items if not is_heavy(item)]
    laid_out: list = []
    for block, share in enumerate(shares):
        size = (len(items) - len(laid_out)) // (blocks - block)  # worksteal's cut: what is left over what is left
        fill = max(0, size - len(share))
        laid_out += share + light[:fill]
        del light[:fill]
    return laid_out + light


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_auto_num_workers(config):
    """`-n auto` runs a worker more than there are cores: some tests mostly wait (an engine's timeout
    running out, a shared result another worker is computing), and the extra worker uses that core."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return cores + 1

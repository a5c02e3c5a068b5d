"""One process tree: every process heartspec starts ends with heartspec (docs/limits.md, "process tree").

Three layers, from the gentlest:

1. Stopping: a command told to stop (Ctrl-C, SIGTERM, SIGHUP: heartspec.stopping) stops its children first
   and waits for them (`run_child`: the child is sent SIGTERM and given STOP_GRACE_SECONDS to stop its own
   children, then killed), so conform under compat still closes its engine.
2. The parent-death signal (Linux): every child is started with PR_SET_PDEATHSIG = SIGKILL, so it dies
   the moment the heartspec process that started it dies, even by SIGKILL, whatever session it is in.
   The signal is not inherited by the child's own children, hence:
3. The watcher: the first time a heartspec process starts a child it also starts a small watcher
   (heartspec/process_tree_watch.py, in a session of its own) and marks the environment of every child with
   a variable of its own, `HEARTSPEC_TREE_<random token>=1`, which descendants inherit. When heartspec exits,
   however it exits, the watcher sees its pipe close and kills every process still carrying the mark: an
   engine's children, a grandchild that called setsid, a daemon that double-forked. A process that clears
   its own environment escapes the watcher (and only it).

A subreaper (PR_SET_CHILD_SUBREAPER) was not enough on its own: orphans are handed to it only while it
lives, and when it is killed outright they go to init, marked by nothing.
"""

from __future__ import annotations

import ctypes
import functools
import os
import secrets
import signal
import subprocess
import sys
import threading
from pathlib import Path

PR_SET_PDEATHSIG = 1
STOP_GRACE_SECONDS = 10.0   # a child told to stop has this long to stop its own children before it is killed
VARIABLE_PREFIX = "HEARTSPEC_TREE_"
WATCHER = Path(__file__).with_name("process_tree_watch.py")

_tree: dict | None = None      # {"variable": name, "pid": the heartspec process, "pipe": write end}
_prctl = None


def start() -> str | None:
    """Start this process's tree (its watcher) if not started yet; the environment variable that marks it."""
    global _tree
    if not sys.platform.startswith("linux"):
        return None
    if _tree is not None and _tree["pid"] == os.getpid():
        return _tree["variable"]
    if _tree is not None:  # a forked worker: its parent's tree is its tree
        return _tree["variable"]
    token = secrets.token_hex(8)
    reading, writing = os.pipe()  # both close on exec: only the watcher is given the read end
    try:
        subprocess.Popen([sys.executable, "-I", "-S", str(WATCHER), token, str(reading)], pass_fds=(reading,),
                         stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                         start_new_session=True, env={"PATH": os.environ.get("PATH", "")}, close_fds=True)
    except OSError:  # no watcher: children still die with heartspec through the parent-death signal
        os.close(writing)
        writing = None
    finally:
        os.close(reading)
    _tree = {"variable": f"{VARIABLE_PREFIX}{token}", "pid": os.getpid(), "pipe": writing}
    return _tree["variable"]


def child_environment(env: dict | None = None) -> dict:
    """The environment for a child: `env` (or this process's) marked as this tree's."""
    variable = start()
    base = dict(os.environ if env is None else env)
    if variable:
        base[variable] = "1"
    return base


def die_with_parent(parent: int | None = None) -> None:
    """In a child (before exec, or a forked worker): SIGKILL when its parent dies; if `parent` has died
    already (the child is someone else's now), at once."""
    if not _load_prctl():
        return
    _prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if parent is not None and os.getppid() != parent:
        os.kill(os.getpid(), signal.SIGKILL)


def popen_options(env: dict | None = None) -> dict:
    """What every Popen heartspec makes adds: the tree's environment and, on Linux, the parent-death signal.
    The signal follows the thread that started the child, so it is asked for only from the main thread."""
    options = {"env": child_environment(env)}
    if _load_prctl() and threading.current_thread() is threading.main_thread():
        options["preexec_fn"] = functools.partial(die_with_parent, os.getpid())
    return options


# Children run by worker threads (compat checks two engines at once): Ctrl-C reaches the main thread only,
# which stops them through this registry (stop_every_child) so the workers' waits end.
_running: set = set()
_running_lock = threading.Lock()
_stopping = threading.Event()


def run_child(command: list[str], timeout: float) -> subprocess.CompletedProcess:
    """subprocess.run(capture_output=True, text=True), in the tree; on KeyboardInterrupt (Ctrl-C, or SIGTERM
    under heartspec.stopping) the child is sent SIGTERM and waited for, so it can stop its own children. In a
    worker thread, a child stopped by stop_every_child ends the call with KeyboardInterrupt too."""
    if _stopping.is_set():
        raise KeyboardInterrupt
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                          **popen_options()) as child:
        with _running_lock:
            _running.add(child)
        try:
            stdout, stderr = child.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            stop(child)
            raise
        except BaseException:
            stop(child)
            raise
        finally:
            with _running_lock:
                _running.discard(child)
    if _stopping.is_set():
        raise KeyboardInterrupt
    return subprocess.CompletedProcess(command, child.returncode, stdout, stderr)


def stop_every_child() -> None:
    """From the main thread: SIGTERM to every child run_child is waiting on in any thread, up to
    STOP_GRACE_SECONDS for them to stop their own children, then SIGKILL; no new child starts until
    children_may_start()."""
    import time

    _stopping.set()
    with _running_lock:
        children = list(_running)
    for child in children:
        if child.poll() is None:
            child.send_signal(signal.SIGTERM)
    deadline = time.monotonic() + STOP_GRACE_SECONDS
    while any(child.poll() is None for child in children) and time.monotonic() < deadline:
        time.sleep(0.05)
    for child in children:
        if child.poll() is None:
            child.kill()


def children_may_start() -> None:
    _stopping.clear()


def stop(child: subprocess.Popen) -> None:
    """SIGTERM, then up to STOP_GRACE_SECONDS for the child to stop its own children, then SIGKILL."""
    if child.poll() is not None:
        return
    try:
        child.send_signal(signal.SIGTERM)
        child.communicate(timeout=STOP_GRACE_SECONDS)
    except subprocess.TimeoutExpired:
        child.kill()
        child.communicate()
    except KeyboardInterrupt:  # a second Ctrl-C: stop waiting
        child.kill()
        child.wait()


def _load_prctl():
    global _prctl
    if _prctl is None and sys.platform.startswith("linux"):
        try:
            _prctl = ctypes.CDLL(None, use_errno=True).prctl
        except (OSError, AttributeError):
            _prctl = False
    return _prctl or None

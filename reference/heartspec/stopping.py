"""Stopping cleanly: a command that is told to stop (SIGTERM, SIGHUP, Ctrl-C) leaves nothing running.

Engines and bots run in process groups of their own, so only the heartspec
process that started them can end them. `terminated_as_interrupt` turns SIGTERM
and SIGHUP into KeyboardInterrupt for the duration of a block, so the `finally`
clauses that kill those groups run, as they do for Ctrl-C.
"""

from __future__ import annotations

import contextlib
import signal
import threading

STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))


@contextlib.contextmanager
def terminated_as_interrupt():
    if threading.current_thread() is not threading.main_thread():  # signals reach the main thread only
        yield
        return
    previous = {number: signal.signal(number, signal.default_int_handler) for number in STOP_SIGNALS}
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


def stop_on_terminate() -> None:
    """For a child process (a simulate worker): SIGTERM and SIGHUP raise KeyboardInterrupt from now on."""
    for number in STOP_SIGNALS:
        signal.signal(number, signal.default_int_handler)

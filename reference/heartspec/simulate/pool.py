"""Worker processes for simulate's shards, which notice a worker that dies and name the bot that killed it.

multiprocessing.Pool replaces a worker that exits and waits for ever for the
shard it held; a user's `module:function` bot that calls `os._exit` (or a
crash in native code) would hang the run. Here each worker has a pipe of its
own and the parent waits on the pipes and the process sentinels together: a
sentinel without an answer is a dead worker. Before each question to a user's
bot the worker writes the seat into its slot of a shared array, so the error
names the bot and seat that were being asked.

Shards are handed out one at a time from an iterator, so a long run never
builds its list of shards up front. On KeyboardInterrupt (Ctrl-C, or SIGTERM
via heartspec.stopping) every worker is told to stop, closes its bots' process
groups, and is killed if it lingers.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from multiprocessing.connection import wait
from typing import Callable, Iterable, Iterator

from heartspec import process_tree
from heartspec.simulate import seat_protocol
from heartspec.simulate.bots import BotError
from heartspec.stopping import STOP_SIGNALS, stop_on_terminate

NOT_ASKING = -1
QUESTIONS = ("game", "pass", "play", "choose")  # docs/seat-protocol.md, by their index in a worker's slot
STOP_GRACE_SECONDS = 5.0  # a stopping worker's time to close its bots before it is killed


class WorkerDied(BotError):
    """A worker process ended without answering: the message names the bot it was asking, if any."""


def imap_unordered(work: Callable, jobs: Iterable, workers: int, bots: tuple[str, ...]) -> Iterator:
    """`work(job)` for every job, in `workers` processes; results as they finish."""
    context = multiprocessing.get_context("fork")
    process_tree.start()  # before the fork: the workers' bots carry this tree's mark
    slots = context.RawArray("i", [NOT_ASKING] * (2 * workers))  # per worker: the seat asked, the question
    pool = [_Worker(context, index, work, slots) for index in range(workers)]
    pending = iter(jobs)
    try:
        busy = {w for w in pool if w.give(next(pending, None))}
        while busy:
            ready = wait([w.connection for w in busy] + [w.process.sentinel for w in busy])
            for worker in [w for w in busy if w.connection in ready or w.process.sentinel in ready]:
                yield worker.answer(slots, bots)
                if not worker.give(next(pending, None)):
                    busy.discard(worker)
    finally:
        _stop(pool)


class _Worker:
    def __init__(self, context, index: int, work: Callable, slots):
        self.connection, child = context.Pipe()
        self.process = context.Process(target=_serve, args=(child, index, work, slots, os.getpid()), daemon=True,
                                       name=f"heartspec-simulate-worker-{index}")
        # The child starts with the stop signals blocked (the mask survives the fork) and unblocks them in
        # _serve: a SIGTERM sent while multiprocessing is still starting it would print a traceback.
        previous = signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)
        try:
            self.process.start()
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, previous)
        child.close()
        self.index = index

    def give(self, job) -> bool:
        if job is None:
            return False
        self.connection.send(job)
        return True

    def answer(self, slots, bots: tuple[str, ...]):
        try:
            kind, value = self.connection.recv()
        except (EOFError, OSError):
            self.process.join(1.0)
            seat, question = slots[2 * self.index], slots[2 * self.index + 1]
            raise WorkerDied(_death(self.process.exitcode, seat, question, bots)) from None
        if kind == "bot":
            raise BotError(value)
        if kind == "error":
            raise RuntimeError(value)
        return value


def _death(status: int | None, seat: int, question: int, bots: tuple[str, ...]) -> str:
    how = (f"killed by signal {-status}" if status is not None and status < 0 else f"exit status {status}")
    if 0 <= seat < len(bots):
        asked = QUESTIONS[question] if 0 <= question < len(QUESTIONS) else "a question"
        return (f"bot {bots[seat]} (seat {seat}) ended the worker process that ran it ({how}) while answering "
                f"{asked}; a bot must return an answer, not exit")
    return f"a simulate worker process ended unexpectedly ({how})"


def _serve(connection, index: int, work: Callable, slots, parent: int) -> None:
    """A worker's loop: play each shard sent, send back ("ok", result), ("bot", message) or ("error", ...)."""
    def asking(question: dict | None) -> None:
        seat = question.get("seat") if question is not None else None
        slots[2 * index] = seat if isinstance(seat, int) else NOT_ASKING
        if question is not None:
            slots[2 * index + 1] = QUESTIONS.index(question["cmd"]) if question.get("cmd") in QUESTIONS else NOT_ASKING

    seat_protocol.asking_seat = asking
    process_tree.die_with_parent(parent)  # heartspec killed outright: the worker goes too
    stop_on_terminate()  # SIGTERM from the parent: the shard's finally closes its bots' process groups
    try:
        try:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)  # blocked by _Worker until the handlers were set
            _answer_jobs(connection, work)
        finally:  # no bot is left to close: from here a SIGTERM may end the process quietly
            signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)
            for number in STOP_SIGNALS:
                signal.signal(number, signal.SIG_DFL)
            signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)
    except KeyboardInterrupt:  # the parent's stop, while a shard ran or while the handlers were being reset
        pass


def _answer_jobs(connection, work: Callable) -> None:
    while True:
        try:
            job = connection.recv()
        except EOFError:
            return
        if job is None:
            return
        try:
            connection.send(("ok", work(job)))
        except BotError as err:
            connection.send(("bot", str(err)))
        except Exception as err:  # noqa: BLE001 - reported by the parent in one line
            connection.send(("error", f"{type(err).__name__}: {err}"))


def _stop(pool: list[_Worker]) -> None:
    for worker in pool:
        try:
            worker.connection.send(None)
        except OSError:
            pass
        if worker.process.is_alive():
            try:
                os.kill(worker.process.pid, signal.SIGTERM)  # a worker waiting on a hung bot stops now
            except ProcessLookupError:
                pass
    for worker in pool:
        worker.process.join(STOP_GRACE_SECONDS)
        if worker.process.is_alive():
            worker.process.kill()
            worker.process.join(1.0)
        worker.connection.close()

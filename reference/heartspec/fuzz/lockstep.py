"""Drive the engine under test and the reference engine with the same requests, and compare.

Both engines are subprocesses speaking the protocol (heartspec.protocol.client).
A planned game goes out in batches, written to both engines before either is
read, so the two work in parallel; identical response lines are equal without
being decoded, and only lines that differ are decoded and compared field by
field (heartspec.fuzz.compare).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from heartspec.fuzz.compare import first_difference
from heartspec.protocol.client import (EngineCrashed, EngineError, EngineGarbage, EngineProcess, EngineTimeout,
                                       decode_answer)
from heartspec.protocol.messages import decode_json

BATCH_BYTES = 24_000  # well under a pipe's 64 KiB: writing a batch never waits on the engine


@dataclass
class Mismatch:
    """The first request the two engines answered differently (or that broke the engine under test)."""

    index: int                 # into the game's requests
    command: str
    field: str                 # e.g. "events.trick_won.seat", "error.code", or "crashed" / "timed out" / "garbage"
    reference_value: Any
    engine_value: Any
    reference_line: str        # the reference's whole response, as received
    engine_line: str | None    # the engine's, or None when it gave none
    problem: str = ""          # the client's message when the engine broke the protocol

    @property
    def broke_protocol(self) -> bool:
        return self.engine_line is None


@dataclass
class Outcome:
    compared: int               # requests both engines answered and that were compared
    mismatch: Mismatch | None
    reference_lines: list[str]  # the reference's response to each request compared (and the mismatching one)
    engine_lines: list[str]


class ReferenceFailed(Exception):
    """The reference engine itself crashed or hung: a heartspec bug, not the engine's."""


def command_of(line: str) -> str:
    try:
        request = decode_json(line)  # the one strict, depth-bounded reader: a log line may nest 100,000 deep
    except ValueError:
        return "malformed"
    return request.get("cmd") if isinstance(request, dict) and isinstance(request.get("cmd"), str) else "malformed"


def batches(lines: list[str]) -> list[tuple[int, int]]:
    spans, start, size = [], 0, 0
    for index, line in enumerate(lines):
        if size + len(line) > BATCH_BYTES and index > start:
            spans.append((start, index))
            start, size = index, 0
        size += len(line) + 1
    spans.append((start, len(lines)))
    return spans


@dataclass
class Flight:
    """A game on its way: its first batch is written to both engines, nothing read yet.

    The fuzz loop plans the next game while the engines answer this one.
    """

    lines: list[str]
    first: tuple[int, int]
    engine_error: EngineError | None = None


def begin(lines: list[str], reference, engine: EngineProcess) -> Flight:
    """Write a game's first batch to both engines (the reference: a subprocess, or heartspec.fuzz.inprocess)."""
    first = batches(lines)[0]
    chunk = lines[first[0]:first[1]]
    engine_error = _send_engine(engine, chunk)  # the engine first: an in-process reference answers as it is fed
    _send_reference(reference, chunk)
    return Flight(lines, first, engine_error)


def _send_engine(engine: EngineProcess, chunk: list[str]) -> EngineError | None:
    try:
        engine.send_lines(chunk)
    except EngineError as err:
        return err
    return None


def _send_reference(reference, chunk: list[str]) -> None:
    try:
        reference.send_lines(chunk)
    except EngineError as err:
        raise ReferenceFailed(str(err)) from None


def run_lines(lines: list[str], reference: EngineProcess, engine: EngineProcess, timeout: float) -> Outcome:
    """Send `lines` to both engines; stop at the first difference, crash, hang or garbage."""
    return finish(begin(lines, reference, engine), reference, engine, timeout)


def finish(flight: Flight, reference: EngineProcess, engine: EngineProcess, timeout: float) -> Outcome:
    lines = flight.lines
    ref_out: list[str] = []
    eng_out: list[str] = []
    for number, (start, end) in enumerate(batches(lines)):
        chunk = lines[start:end]
        send_error = flight.engine_error if not number else _send_engine(engine, chunk)
        if number:
            _send_reference(reference, chunk)
        if send_error is not None:
            _drain(reference, chunk, timeout)
            return Outcome(len(ref_out), _broken(lines, start, send_error, ""), ref_out, eng_out)
        ref_lines = _drain(reference, chunk, timeout)
        try:
            eng_lines = engine.receive_lines(chunk, timeout)
        except EngineError as err:
            eng_lines, broken = err.answered, err
        else:
            broken = None
        for offset, (ref, eng) in enumerate(zip(ref_lines, eng_lines)):
            ref_text, eng_text = ref.decode("utf-8", "replace"), eng.decode("utf-8", "replace")
            ref_out.append(ref_text)
            eng_out.append(eng_text)
            if ref != eng:
                found = _compare(lines[start + offset], ref_text, eng_text, start + offset)
                if found:
                    return Outcome(len(ref_out) - 1, found, ref_out, eng_out)
        if broken is not None:
            index = start + len(eng_lines)
            ref_out.append(ref_lines[len(eng_lines)].decode("utf-8", "replace"))
            return Outcome(len(ref_out) - 1, _broken(lines, index, broken, ref_out[-1]), ref_out, eng_out)
    return Outcome(len(ref_out), None, ref_out, eng_out)


def _drain(reference: EngineProcess, chunk: list[str], timeout: float) -> list[bytes]:
    try:
        return reference.receive_lines(chunk, timeout)
    except EngineError as err:
        raise ReferenceFailed(str(err)) from None


def _compare(request_line: str, ref_text: str, eng_text: str, index: int) -> Mismatch | None:
    command = command_of(request_line)
    reference = json.loads(ref_text)
    try:  # the one strict reader: depth, NaN, surrogates; the size was bounded when the line was read
        engine = decode_answer(eng_text, f"{command} (request {index + 1})")
    except EngineGarbage as err:
        return Mismatch(index, command, "garbage", reference, eng_text[:200], ref_text, None, str(err))
    if engine.get("id") != reference.get("id"):
        return Mismatch(index, command, "id", reference.get("id"), engine.get("id"), ref_text, eng_text)
    found = first_difference(command, reference, engine, request_line)
    if found is None:
        return None
    field, ref_value, eng_value = found
    return Mismatch(index, command, field, ref_value, eng_value, ref_text, eng_text)


def _broken(lines: list[str], index: int, err: EngineError, ref_text: str) -> Mismatch:
    if isinstance(err, EngineTimeout):
        kind = "timed out"
    elif isinstance(err, EngineGarbage):
        kind = "garbage"
    elif isinstance(err, EngineCrashed):
        kind = "crashed"
    else:
        kind = "failed"
    index = min(index, len(lines) - 1)
    return Mismatch(index, command_of(lines[index]), kind, None, None, ref_text, None, str(err))

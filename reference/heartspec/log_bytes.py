"""Any line a client sent, kept in a move log byte for byte: the `#!send` line (spec/protocol.md §10).

A move log is UTF-8 text, one request a line. A scenario may send what such a line cannot hold:
bytes that are not UTF-8, a line past the log's line limit, blank lines or a carriage return
before a request, a line that starts with `#`. Such a request is written as

    #!send [{"text": "{\"id\": 1, \"cmd\": \"play\", \"note\": \""}, {"hex": "ff"}, {"text": "\"}"}]

a JSON array of parts that, joined, are the exact bytes sent (the newline after them is added,
as after every line): `{"text": T}` is T in UTF-8, `{"hex": H}` the bytes H spells, and either
with `"times": N` is that N times over (a 1 MiB line of `x` is one part). The bytes may hold newlines: each line
they make that is not blank is a request, answered in turn; the response line logged after
the `#!send` line is the answer to the last of them. To a reader that predates it the line is a comment.
"""

from __future__ import annotations

import json
import re

from heartspec.limits import MAX_SEND_BYTES, MAX_SEND_PARTS, describe_bytes

DIRECTIVE = "#!send "
PLAIN_LIMIT = 4096       # a longer line is written as parts, so a run of one character is written once
RUN = re.compile(rb"(.)\1{63,}", re.DOTALL)  # 64 or more of one byte: a `repeat` part


class SendError(ValueError):
    """A `#!send` line that cannot be read."""


def needs_directive(line: str | bytes) -> bool:
    """Whether a line sent cannot stand in a move log as itself."""
    data = line.encode("utf-8") if isinstance(line, str) else bytes(line)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return True
    return (len(data) > PLAIN_LIMIT or "\n" in text or "\r" in text or not text.strip()
            or text.lstrip().startswith("#") or text != text.strip())


def directive(line: str | bytes) -> str:
    """The `#!send` line that sends exactly these bytes."""
    data = line.encode("utf-8") if isinstance(line, str) else bytes(line)
    return DIRECTIVE + json.dumps(parts_of(data), ensure_ascii=True, separators=(",", ":"))


def parts_of(data: bytes) -> list[dict]:
    parts: list[dict] = []
    at = 0
    for run in RUN.finditer(data):
        parts += _plain_parts(data[at:run.start()])
        unit = run.group(1)
        key, value = ("text", unit.decode("ascii")) if unit.isascii() else ("hex", unit.hex())
        parts.append({key: value, "times": len(run.group(0))})
        at = run.end()
    return _joined(parts + _plain_parts(data[at:]))


def _joined(parts: list[dict]) -> list[dict]:
    """Neighbouring hex parts as one."""
    joined: list[dict] = []
    for part in parts:
        if joined and set(part) == set(joined[-1]) == {"hex"}:
            joined[-1] = {"hex": joined[-1]["hex"] + part["hex"]}
        else:
            joined.append(part)
    return joined


def _plain_parts(data: bytes) -> list[dict]:
    """Text where the bytes are UTF-8, hex where they are not."""
    parts: list[dict] = []
    while data:
        try:
            parts.append({"text": data.decode("utf-8")})
            return parts
        except UnicodeDecodeError as err:
            if err.start:
                parts.append({"text": data[:err.start].decode("utf-8")})
            parts.append({"hex": data[err.start:err.end].hex()})
            data = data[err.end:]
    return parts


def is_directive(text: str) -> bool:
    return text.startswith(DIRECTIVE)


def sent_bytes(text: str) -> bytes:
    """The bytes a `#!send` line sends; SendError says what is wrong with one that cannot be read."""
    try:
        parts = json.loads(text[len(DIRECTIVE):])
    except ValueError as err:
        raise SendError(f"a #!send line holds no JSON array of parts: {err}") from None
    if not isinstance(parts, list):
        raise SendError("a #!send line holds a JSON array of parts")
    if len(parts) > MAX_SEND_PARTS:
        raise SendError(f"a #!send line holds at most {MAX_SEND_PARTS} parts (MAX_SEND_PARTS)")
    chunks, size = [], 0
    for part in parts:
        chunk = _part_bytes(part)
        size += len(chunk)
        if size > MAX_SEND_BYTES:
            raise SendError(too_many_bytes())
        chunks.append(chunk)
    return b"".join(chunks)


def _part_bytes(part) -> bytes:
    if not isinstance(part, dict) or len(set(part) & {"text", "hex"}) != 1 or not set(part) <= {"text", "hex", "times"}:
        raise SendError(f'a part is {{"text": T}} or {{"hex": H}}, either with "times": N, not {json.dumps(part)[:80]}')
    times = part.get("times", 1)
    if not isinstance(times, int) or isinstance(times, bool) or times < 0:
        raise SendError(f'"times" is a whole number from 0 up, not {json.dumps(times)[:40]}')
    if "text" in part:
        if not isinstance(part["text"], str):
            raise SendError(f'"text" is a string, not {json.dumps(part["text"])[:40]}')
        unit = part["text"].encode("utf-8", "surrogatepass")
    else:
        try:
            unit = bytes.fromhex(part["hex"]) if isinstance(part["hex"], str) else None
        except ValueError:
            unit = None
        if unit is None:
            raise SendError(f'not hex: {json.dumps(part["hex"])[:40]}')
    if len(unit) * times > MAX_SEND_BYTES:
        raise SendError(too_many_bytes())
    return unit * times


def too_many_bytes() -> str:
    return f"a #!send line sends at most {describe_bytes(MAX_SEND_BYTES)} (MAX_SEND_BYTES)"


def request_lines(data: bytes) -> list[bytes]:
    """The lines of what was sent that carry a request: blank ones (any Unicode whitespace) get no answer."""
    return [piece for piece in data.split(b"\n") if piece.decode("utf-8", "replace").strip()]

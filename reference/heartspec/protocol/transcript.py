"""The requests and responses of an engine session, as a bounded tail.

A conformance run sends thousands of requests; an engine may answer each with
megabytes. The transcript keeps only the most recent exchanges within a byte
budget (older ones go first), and keeps an over-long response as its id, ok and
error code, so a failure's move log still reads, and memory stays bounded
however long the run or large the answers.
"""

from __future__ import annotations

from collections import deque
from itertools import islice
from typing import Any, Iterator

from heartspec.limits import TRANSCRIPT_ENTRY_BYTES, TRANSCRIPT_KEEP_BYTES, describe_bytes


class Transcript:
    def __init__(self, keep_bytes: int = TRANSCRIPT_KEEP_BYTES, entry_bytes: int = TRANSCRIPT_ENTRY_BYTES):
        self.keep_bytes, self.entry_bytes = keep_bytes, entry_bytes
        self._entries: deque[tuple[dict, int]] = deque()
        self._size = 0
        self._dropped = 0  # entries ever dropped from the front: marks stay valid across drops
        self._request_not_kept = False

    def append(self, entry: dict, size: int = 0) -> None:
        """Keep `entry`, whose line took `size` bytes; drop the oldest entries past the budget."""
        if self._request_not_kept and "ok" in entry:  # a log cannot check the answer to a line it lacks
            entry, size = {"#": f"its answer: {_outcome(entry)}"}, 100
        self._request_not_kept = size > self.entry_bytes and "ok" not in entry
        if size > self.entry_bytes:
            entry, size = _abridged(entry, size, self.entry_bytes), 200
        self._entries.append((entry, size))
        self._size += size
        while self._size > self.keep_bytes and len(self._entries) > 1:
            _, dropped_size = self._entries.popleft()
            self._size -= dropped_size
            self._dropped += 1

    def mark(self) -> int:
        """A position to ask `since` about later (the number of entries ever appended)."""
        return self._dropped + len(self._entries)

    def since(self, mark: int) -> list[dict]:
        """The entries appended after `mark`, led by a note when the budget dropped some of them."""
        start = mark - self._dropped
        kept = [entry for entry, _ in islice(self._entries, max(0, start), None)]
        if start >= 0:
            return kept
        note = {"#": f"{-start} earlier exchange(s) not kept: the transcript keeps the last "
                     f"{describe_bytes(self.keep_bytes)} (TRANSCRIPT_KEEP_BYTES)"}
        return [note, *kept]

    def clear(self) -> None:
        self._dropped += len(self._entries)
        self._entries.clear()
        self._size = 0

    def __iter__(self) -> Iterator[dict]:
        return (entry for entry, _ in self._entries)

    def __len__(self) -> int:
        return len(self._entries)


def _outcome(response: dict) -> str:
    error = response.get("error")
    if isinstance(error, dict):
        return f"refused, {str(error.get('code'))[:100]}"
    return "accepted" if response.get("ok") is True else "neither accepted nor refused"


def _abridged(entry: dict, size: int, limit: int) -> dict:
    """An over-long line as what a move log needs of it: a response's id, ok and error code."""
    if "ok" not in entry:
        return {"#": f"a line of {size} bytes was sent (not kept: longer than {describe_bytes(limit)})"}
    kept: dict[str, Any] = {key: entry[key] for key in ("id", "ok") if key in entry}
    error = entry.get("error")
    if isinstance(error, dict) and isinstance(error.get("code"), str) and len(error["code"]) < 100:
        kept["error"] = {"code": error["code"], "message": "(not kept)"}
    kept["#omitted"] = f"{size} bytes, longer than the {describe_bytes(limit)} kept per entry (TRANSCRIPT_ENTRY_BYTES)"
    return kept

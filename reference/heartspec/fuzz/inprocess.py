"""The reference side of the fuzzer served in this process: the same Server `heartspec engine` runs, no pipe.

`InProcessReference` answers a batch of request lines with the very bytes the
reference engine would write (heartspec.protocol.server: `Server.handle_line`
and `encode`), so the comparison is exact; it only saves the subprocess, its
pipes and the JSON it would read and write. The lockstep writes each batch to
the engine under test first, then computes these answers while the engine
works on its own (benchmarks/fuzz_reference_side.py measures it).
`--reference CMD` (FuzzOptions.reference) still drives any command instead.
"""

from __future__ import annotations

from heartspec.protocol.server import RulesCatalog, Server, encode


class InProcessReference:
    def __init__(self, catalog: RulesCatalog):
        self.catalog = catalog
        self.server = Server(catalog=catalog)
        self.pending: list[bytes] = []

    def send_lines(self, lines: list[str | bytes]) -> None:
        for line in lines:
            response = self.server.handle_line(line)
            # every fuzz line is a request (never blank): a None would be a planner bug, answered as the engine would
            self.pending.append(b"" if response is None else encode(response).encode("utf-8"))

    def receive_lines(self, lines: list[str | bytes], timeout: float | None = None) -> list[bytes]:
        answered, self.pending = self.pending[: len(lines)], self.pending[len(lines):]
        return answered

    def restart(self) -> None:
        self.server, self.pending = Server(catalog=self.catalog), []

    def close(self) -> int:
        return 0

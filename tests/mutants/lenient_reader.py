"""An engine that reads its input leniently, as a first engine often does: the reference's game and answers, but a
line's bytes that are not UTF-8 are replaced, and a line of any length is read whole.

    python tests/mutants/lenient_reader.py

It plays every rule right and fails only the hardening tier's scenarios on those two points (proto-frame-003, the
1 MiB line, and proto-frame-013, bytes that are not UTF-8): what `conform --save` must reproduce byte for byte
(tests/test_conformance_saved.py).
"""

from __future__ import annotations

import sys

from heartspec.protocol.messages import encode
from heartspec.protocol.server import Server


def main() -> int:
    server = Server()
    for raw in sys.stdin.buffer:
        response = server.handle_line(raw.rstrip(b"\r\n").decode("utf-8", "replace"))
        if response is not None:
            sys.stdout.write(encode(response) + "\n")
            sys.stdout.flush()
        if server.finished:
            break
    return 0


if __name__ == "__main__":
    sys.exit(main())

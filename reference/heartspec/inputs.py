"""Reading a small text file a user names (a known-differences list, a committed COVERAGE.md).

Bounded and strict: nothing past the size limit is read, so `/dev/zero` stops at
once; a file that is not UTF-8 text (a binary file, a NUL byte) is refused in
one line naming the byte, never a UnicodeDecodeError.
"""

from __future__ import annotations

import os

from heartspec.limits import LimitError, describe_bytes


class InputError(ValueError):
    """A file the user named cannot be read as text; the message is one line and names the file."""


def read_text_file(path: str | os.PathLike, limit: int, limit_name: str, what: str = "file") -> str:
    try:
        with open(path, "rb") as stream:
            data = stream.read(limit + 1)
    except OSError as err:
        raise InputError(f"cannot read the {what} {path}: {err.strerror or err}") from None
    if len(data) > limit:
        raise LimitError(f"the {what} {path} is larger than {describe_bytes(limit)} ({limit_name})")
    nul = data.find(b"\0")
    if nul >= 0:
        raise InputError(f"the {what} {path} is not a text file (a NUL byte at byte {nul})")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise InputError(f"the {what} {path} is not UTF-8 text (byte {err.start})") from None
    return text.removeprefix("\ufeff")

"""The one way heartspec writes a file a user names (reports, move logs, pages, reproductions).

    check_output(path)        # before the run: a one-line OutputError if it cannot be written
    write_output(path, text)  # after: a temporary file in the same folder, then renamed over `path`

A report is therefore either whole or absent: a full disk, a file-size limit
(RLIMIT_FSIZE; SIGXFSZ is ignored while writing, so the write fails instead of
killing the process) or an interruption leaves the previous file, or none, and
no temporary file. Nothing creates a missing folder: a path whose folder does not
exist is refused before anything runs. A path that exists and is not a regular
file (`/dev/null`, `/dev/full`, a pipe) is written in place, since it cannot be
replaced by renaming.
"""

from __future__ import annotations

import contextlib
import os
import signal
import tempfile
import threading
from pathlib import Path
from typing import Callable, Iterator, TextIO


class OutputError(Exception):
    """A file the user named cannot be written; the message is one line and names the path."""


def check_output(path: str | os.PathLike, what: str = "output file") -> Path:
    """Refuse, before any work, a path that cannot be written: its folder missing, not a folder,
    or not writable; the path itself a folder or a file that cannot be written."""
    target = Path(path)
    if target.is_dir():
        raise OutputError(f"cannot write the {what} {target}: it is a folder")
    if target.exists() and not target.is_file():
        if not os.access(target, os.W_OK):
            raise OutputError(f"cannot write the {what} {target}: permission denied")
        return target
    folder = target.parent
    in_the_way = _first_file(folder)
    if in_the_way is not None:
        raise OutputError(f"cannot write the {what} {target}: {in_the_way} is a file, not a folder")
    if not folder.exists():
        raise OutputError(f"cannot write the {what} {target}: the folder {folder} does not exist "
                          "(heartspec creates no folders)")
    if not os.access(folder, os.W_OK | os.X_OK) or (target.exists() and not os.access(target, os.W_OK)):
        raise OutputError(f"cannot write the {what} {target}: permission denied")
    return target


def check_output_folder(path: str | os.PathLike, what: str = "output folder") -> Path:
    """A folder heartspec writes files into: it may be created, but only when its parent exists."""
    folder = Path(path)
    if folder.exists() and not folder.is_dir():
        raise OutputError(f"cannot write into the {what} {folder}: it is a file")
    if folder.is_dir():
        if not os.access(folder, os.W_OK | os.X_OK):
            raise OutputError(f"cannot write into the {what} {folder}: permission denied")
        return folder
    check_output(folder, what)
    try:  # permissions do not say everything (/proc, a read-only mount): create it once, and leave nothing
        os.mkdir(folder)
        os.rmdir(folder)
    except OSError as err:
        raise OutputError(f"cannot create the {what} {folder}: {err.strerror or err}") from None
    return folder


def make_output_folder(path: str | os.PathLike, what: str = "output folder") -> Path:
    """The folder checked as above and created (itself, never its parents); one-line OutputError."""
    folder = check_output_folder(path, what)
    try:
        folder.mkdir(exist_ok=True)
    except OSError as err:
        raise OutputError(f"cannot create the {what} {folder}: {err.strerror or err}") from None
    return folder


def write_output(path: str | os.PathLike, content: str | bytes, what: str = "output file") -> None:
    """Write `content` whole or not at all (see the module's docstring)."""
    with output_stream(path, what, binary=isinstance(content, bytes)) as stream:
        stream.write(content)


@contextlib.contextmanager
def output_stream(path: str | os.PathLike, what: str = "output file", binary: bool = False) -> Iterator[TextIO]:
    """A stream to write a file whole or not at all: renamed into place only when the block ends
    without an exception. OSError while writing becomes a one-line OutputError."""
    target = check_output(path, what)
    mode = "wb" if binary else "w"
    encoding = None if binary else "utf-8"
    with _no_sigxfsz():
        if target.exists() and not target.is_file():  # a device or pipe: it cannot be renamed over
            try:
                with open(target, mode, encoding=encoding) as stream:
                    yield stream
            except OSError as err:
                raise OutputError(_message(what, target, err)) from None
            return
        handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".partial")
        try:
            with os.fdopen(handle, mode, encoding=encoding) as stream:
                yield stream
            os.chmod(temporary, 0o666 & ~_umask())
            os.replace(temporary, target)
        except OSError as err:
            _remove(temporary)
            raise OutputError(_message(what, target, err)) from None
        except BaseException:
            _remove(temporary)
            raise


def written_by(path: str | os.PathLike, write: Callable[[str], None], what: str = "output file") -> None:
    """For writers that insist on a path of their own (ElementTree, pytest): they write a temporary
    file in the same folder, which is renamed over `path` when they succeed."""
    target = check_output(path, what)
    with _no_sigxfsz():
        if target.exists() and not target.is_file():
            _guarded(write, str(target), what, target)
            return
        handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".partial")
        os.close(handle)
        try:
            _guarded(write, temporary, what, target)
            os.chmod(temporary, 0o666 & ~_umask())
            os.replace(temporary, target)
        except BaseException:
            _remove(temporary)
            raise


def _guarded(write: Callable[[str], None], where: str, what: str, target: Path) -> None:
    try:
        write(where)
    except OSError as err:
        raise OutputError(_message(what, target, err)) from None


def _message(what: str, target: Path, err: OSError) -> str:
    return f"cannot write the {what} {target}: {err.strerror or err}"


def _first_file(folder: Path) -> Path | None:
    """The part of a path that is a file where a folder should be (`afile` in `afile/deeper/x`), or None."""
    for parent in [*reversed(folder.parents), folder]:
        if parent.exists() and not parent.is_dir():
            return parent
    return None


def _remove(path: str) -> None:
    with contextlib.suppress(OSError):
        os.unlink(path)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


@contextlib.contextmanager
def _no_sigxfsz():
    """Past a file-size limit the kernel sends SIGXFSZ, whose default ends the process mid-write;
    ignored, the write fails with EFBIG instead and is reported like a full disk."""
    if not hasattr(signal, "SIGXFSZ") or threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGXFSZ, previous)

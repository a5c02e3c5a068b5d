"""The one way heartspec writes a folder of files (the compat site): whole, or not at all.

    write_folder(target, {"index.html": text, "reports/run.json": data, ...})

The files are written to a temporary folder beside `target` (`.NAME.XXXX.partial`), which then
takes `target`'s place in one step (Linux: renameat2 RENAME_EXCHANGE; elsewhere two renames, so
for an instant there is no folder). A full disk, a file-size limit (RLIMIT_FSIZE) or an interruption
while writing leaves the previous folder as it was, or no folder, and no temporary folder: the
error is a one-line OutputError. Paths are checked before anything is written: relative, no `..`,
no path both a file and a folder. The folder is replaced whole, so heartspec refuses to replace one
holding anything at its top that the new folder does not have (a user's own files are never lost
to `--out .`), unless asked to keep such entries (`keep_others`: a published site's `.nojekyll`).
Like `heartspec.outputs`, only the folder itself is created, never its parents.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import os
import shutil
import tempfile
from pathlib import Path, PurePosixPath
from typing import Mapping

from heartspec.outputs import OutputError, _no_sigxfsz, _umask

RENAME_EXCHANGE = 2
AT_FDCWD = -100


def write_folder(target: str | os.PathLike, files: Mapping[str, str | bytes], what: str = "folder",
                 keep_others: bool = False) -> None:
    """`keep_others`: what the old folder holds at its top that `files` does not (a site's `.nojekyll` or
    `CNAME`) is copied into the new one (links as links), instead of being refused."""
    target = Path(os.path.realpath(target))
    names = checked_names(files, what)
    tops = {name.parts[0] for name in names}
    others = check_replaceable(target, tops, what, refuse=not keep_others)
    with _no_sigxfsz():
        try:
            temporary = Path(tempfile.mkdtemp(dir=target.parent, prefix=f".{target.name}.", suffix=".partial"))
        except OSError as err:
            raise OutputError(f"cannot write the {what} {target}: {err.strerror or err}") from None
        try:
            fill(temporary, files)
            for name in others:
                copy_entry(target / name, temporary / name)
            swap_into_place(temporary, target)
        except OSError as err:
            _remove_tree(temporary)
            raise OutputError(f"cannot write the {what} {target}: {err.strerror or err}") from None
        except BaseException:
            _remove_tree(temporary)
            raise


def checked_names(files: Mapping[str, str | bytes], what: str) -> list[PurePosixPath]:
    names = []
    for name in files:
        path = PurePosixPath(name)
        if path.is_absolute() or not path.parts or any(part in ("", ".", "..") for part in path.parts) \
                or "\\" in name or "\0" in name:
            raise OutputError(f"cannot write the {what}: {name!r} is not a path inside it")
        names.append(path)
    folders = {parent for path in names for parent in path.parents if parent != PurePosixPath(".")}
    both = sorted(str(path) for path in names if path in folders)
    if both:
        raise OutputError(f"cannot write the {what}: {both[0]} would be both a file and a folder")
    return names


def check_replaceable(target: Path, tops: set[str], what: str, refuse: bool = True) -> list[str]:
    """What the existing folder holds at its top besides `tops` (refused, unless `refuse` is False)."""
    if not target.parent.is_dir():
        raise OutputError(f"cannot write the {what} {target}: the folder {target.parent} does not exist "
                          "(heartspec creates no folders but the one it writes)")
    if not os.path.lexists(target):
        return []
    if not target.is_dir():
        raise OutputError(f"cannot write the {what} {target}: it is a file")
    foreign = sorted(entry.name for entry in os.scandir(target) if entry.name not in tops)
    if foreign and refuse:
        raise OutputError(f"cannot write the {what} {target}: it holds {foreign[0]!r}, which is not part of it "
                          "(the folder is replaced whole; give an empty or new folder)")
    return foreign


def copy_entry(source: Path, destination: Path) -> None:
    if source.is_symlink():
        os.symlink(os.readlink(source), destination)
    elif source.is_dir():
        shutil.copytree(source, destination, symlinks=True)
    else:
        shutil.copy2(source, destination, follow_symlinks=False)


def fill(folder: Path, files: Mapping[str, str | bytes]) -> None:
    os.chmod(folder, 0o777 & ~_umask())
    for name, content in sorted(files.items()):
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")


def swap_into_place(temporary: Path, target: Path) -> None:
    if not os.path.lexists(target):
        os.rename(temporary, target)
        return
    if _exchange(temporary, target):
        _remove_tree(temporary)  # it now holds the previous folder
        return
    previous = Path(tempfile.mkdtemp(dir=target.parent, prefix=f".{target.name}.", suffix=".old"))
    os.rmdir(previous)
    os.rename(target, previous)
    try:
        os.rename(temporary, target)
    except OSError:
        os.rename(previous, target)
        raise
    _remove_tree(previous)


def _exchange(first: Path, second: Path) -> bool:
    """Swap two paths atomically where the system can (Linux renameat2); False where it cannot."""
    libc_name = ctypes.util.find_library("c")
    try:
        renameat2 = ctypes.CDLL(libc_name, use_errno=True).renameat2
    except (OSError, AttributeError, TypeError):
        return False
    done = renameat2(AT_FDCWD, os.fsencode(first), AT_FDCWD, os.fsencode(second), RENAME_EXCHANGE)
    if done == 0:
        return True
    errno = ctypes.get_errno()
    if errno in (22, 38, 95):  # EINVAL, ENOSYS, EOPNOTSUPP: a file system or kernel without it
        return False
    raise OSError(errno, os.strerror(errno))


def _remove_tree(path: Path) -> None:
    with contextlib.suppress(OSError):
        shutil.rmtree(path)

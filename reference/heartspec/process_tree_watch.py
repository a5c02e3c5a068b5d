"""The watcher of one heartspec process tree (heartspec.process_tree), run as a script: `python -I -S THIS TOKEN FD`.

It imports nothing of heartspec (it starts in a bare interpreter, in a session of its own, with Ctrl-C,
SIGTERM and SIGHUP ignored) and waits for end of file on FD, the read end of a pipe whose write end only
heartspec holds. End of file means heartspec has exited, however it ended (SIGKILL included). It then
kills every process whose environment carries the tree's variable (`HEARTSPEC_TREE_<TOKEN>=1`), which every
child heartspec started, and everything they started, inherit: an engine that called setsid, or whose parent
has gone, is found all the same. It repeats until none is left (a process forking while it is killed) and exits.
"""

import os
import signal
import sys
import time

PREFIX = "HEARTSPEC_TREE_"
ROUNDS = 200          # at most 10 s of sweeping: a tree that keeps forking for longer is left to the system
PAUSE = 0.05


def wait_for_end(fd: int) -> None:
    while True:
        try:
            if not os.read(fd, 4096):
                return
        except InterruptedError:
            continue
        except OSError:
            return


def carrying(needle: bytes) -> list[int]:
    found = []
    me = os.getpid()
    for name in os.listdir("/proc"):
        if not name.isdigit() or int(name) == me:
            continue
        try:
            with open(f"/proc/{name}/environ", "rb") as stream:
                environment = stream.read()
        except OSError:  # gone, or another user's
            continue
        if needle in environment:
            found.append(int(name))
    return found


def sweep(token: str) -> None:
    needle = f"{PREFIX}{token}=".encode()
    quiet = 0
    for _ in range(ROUNDS):
        found = carrying(needle)
        for pid in found:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        quiet = quiet + 1 if not found else 0
        if quiet >= 2:
            return
        time.sleep(PAUSE)


def main() -> None:
    token, fd = sys.argv[1], int(sys.argv[2])
    for number in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(number, signal.SIG_IGN)
    wait_for_end(fd)
    sweep(token)


if __name__ == "__main__":
    main()

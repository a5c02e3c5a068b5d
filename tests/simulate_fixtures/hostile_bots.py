"""Seat-protocol bots that attack the simulator, one way each, for tests/test_hostile_simulate.py.

In-process (`--bots hostile_bots:NAME`):
    ends_its_process     calls os._exit(3) at its first play: the worker process dies at once
    raises_system_exit   raises SystemExit(4) at its first play

As a subprocess (`--bots "exec:python hostile_bots.py BEHAVIOUR --marker=TEXT"`):
    hangs                answers `game`, then never answers again (and never exits by itself)
    dies                 answers `game`, then exits with status 5 at the first other question
The marker is only there so a test can find leftover processes by their command line.
"""

import json
import os
import sys
import time


def _lowest(question: dict) -> dict:
    if question["cmd"] == "pass":
        return {"cards": question["hand"][: question["count"]]}
    if question["cmd"] == "play":
        return {"card": question["legal"][0]}
    if question["cmd"] == "choose":
        return {"option": question["options"][0]}
    return {}


def ends_its_process(question: dict) -> dict:
    if question["cmd"] == "play":
        os._exit(3)
    return _lowest(question)


def raises_system_exit(question: dict) -> dict:
    if question["cmd"] == "play":
        raise SystemExit(4)
    return _lowest(question)


def serve(behaviour: str) -> None:
    for line in sys.stdin:
        question = json.loads(line)
        if question["cmd"] != "game":
            if behaviour == "hangs":
                time.sleep(600)
            if behaviour == "dies":
                sys.stderr.write("hostile bot: dying now\nsecond line of stderr\n")
                sys.exit(5)
        sys.stdout.write(json.dumps({"id": question.get("id"), "ok": True, **_lowest(question)}) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    serve(sys.argv[1])

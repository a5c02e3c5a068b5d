"""Seat-protocol bots for the simulate tests: a callable that plays the lowest legal card, and broken ones."""

import json
import sys


def lowest(question: dict) -> dict:
    """Plays the first legal card and passes the first cards of its hand (lists are in card-id order)."""
    if question["cmd"] == "pass":
        return {"cards": question["hand"][: question["count"]]}
    if question["cmd"] == "play":
        return {"card": question["legal"][0]}
    if question["cmd"] == "choose":
        return {"option": question["options"][0]}
    return {}


def cheat(question: dict) -> dict:
    """Plays a card it does not hold whenever it can."""
    if question["cmd"] == "play":
        outside = [c for c in ("2C", "AS", "QS", "AH") if c not in question["legal"]]
        return {"card": outside[0]}
    return lowest(question)


def crash(question: dict) -> dict:
    raise ValueError("this bot always fails")


def serve() -> None:
    """The same `lowest` bot as a subprocess: one question a line in, one answer a line out."""
    for line in sys.stdin:
        question = json.loads(line)
        answer = {"id": question.get("id"), "ok": True, **lowest(question)}
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    serve()
